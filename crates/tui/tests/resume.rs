//! A match saved through a [`Recorder`] and taken up again with
//! [`App::resume`]: the screen comes back at the same move.

use std::sync::{Arc, Mutex};

use crib_ai::Strategy;
use crib_core::{Action, BySeat, Claims, Event, Seat};
use crib_table::{BuiltInContestant, RecordError, Recorder, Sitter, TableSetup, Taken};
use crib_tui::{App, Message, Options, Stage};

use crate::common::{choose, send, type_count};

/// What a recorder was told.
#[derive(Default)]
struct Saved {
    starts: Vec<u64>,
    actions: Vec<(Seat, Action, Claims)>,
}

struct Shared(Arc<Mutex<Saved>>);

impl Recorder for Shared {
    fn started(
        &mut self,
        setup: &TableSetup,
        _: &BySeat<Sitter>,
        _: &[Event],
    ) -> Result<(), RecordError> {
        let mut saved = self.0.lock().unwrap();
        saved.starts.push(setup.seed);
        saved.actions.clear();
        Ok(())
    }

    fn given_up(&mut self, _: Option<Seat>) -> Result<(), RecordError> {
        Ok(())
    }

    fn taken(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
        _: &[Event],
    ) -> Result<(), RecordError> {
        self.0.lock().unwrap().actions.push((seat, action, claims));
        Ok(())
    }
}

fn computer() -> Vec<Sitter> {
    vec![Sitter::program(BuiltInContestant::new(Strategy::Basic))]
}

/// One step of the person's script: two cards to the crib, the chosen card
/// or go, enter after a hand, the true count with muggins.
fn step(app: &mut App) {
    match app.stage() {
        Stage::Discard => {
            choose(app, &[0, 1]);
            send(app, Message::Confirm);
        }
        Stage::Claim => {
            // A card's pegging is claimed as nothing, so that muggins is
            // called and must replay; a show is counted right.
            let points = match app.pegging_claim() {
                Some(_) => 0,
                None => app.current_show().map_or(0, |show| show.breakdown.total()),
            };
            type_count(app, points);
            send(app, Message::Confirm);
        }
        _ => send(app, Message::Confirm),
    }
}

#[test]
fn a_recorded_match_resumes_at_the_same_move() {
    let options = Options {
        seed: 21,
        muggins: true,
        muggins_pegging: true,
        length: 2.into(),
        ..Options::default()
    };
    let saved = Arc::new(Mutex::new(Saved::default()));
    let mut app = App::new(options.clone(), computer(), Some(Box::new(Shared(saved.clone()))));
    assert_eq!(saved.lock().unwrap().starts, [21]);
    let mut checked = 0;
    for steps in 0..400 {
        if app.stage() == Stage::MatchOver {
            break;
        }
        step(&mut app);
        if !matches!(app.stage(), Stage::Discard | Stage::Play) {
            continue;
        }
        let moves: Vec<Taken> = saved
            .lock()
            .unwrap()
            .actions
            .iter()
            .map(|&(seat, action, claims)| Taken { seat, action, claims })
            .collect();
        let resumed = App::resume(options.clone(), computer(), None, &moves).unwrap();
        assert_eq!(resumed.stage(), app.stage(), "after {steps} steps");
        assert_eq!(resumed.table(), app.table());
        assert_eq!(resumed.board(), app.board());
        assert_eq!(resumed.games(), app.games());
        assert_eq!(resumed.game_number(), app.game_number());
        assert_eq!(resumed.record(), app.record());
        checked += 1;
    }
    assert!(checked > 50, "only {checked} resumes checked");
    let actions = &saved.lock().unwrap().actions;
    assert!(actions.iter().any(|(_, _, claims)| claims.pegging() == Some(0)), "pegging claimed");
}

//! The table: people and programs at one match, its record, resume.

use std::sync::{Arc, Mutex};

use crib_ai::Strategy;
use crib_core::{
    Action, Board, BySeat, Card, CardSet, Claims, Event, GameConfig, Phase, Seat, View,
};
use crib_table::{
    BuiltInContestant, Contestant, Dealing, Fault, Notice, RecordError, Recorder, Sitter, Table,
    TableError, TableSetup, Taken,
};

/// What a program was told and asked, in order.
#[derive(Default)]
struct Heard(Vec<String>);

/// The basic player, noting every call.
struct Noting {
    player: BuiltInContestant,
    heard: Arc<Mutex<Heard>>,
}

impl Noting {
    fn note(&self, what: String) {
        self.heard.lock().unwrap().0.push(what);
    }
}

impl Contestant for Noting {
    fn describe(&self) -> String {
        "noting".to_owned()
    }
    fn new_game(&mut self, config: GameConfig, seat: Seat, seed: u64) -> Result<(), Fault> {
        self.note("new_game".to_owned());
        self.player.new_game(config, seat, seed)
    }
    fn notify(&mut self, notice: &Notice) -> Result<(), Fault> {
        self.note(format!("{notice:?}"));
        Ok(())
    }
    fn discard(&mut self, view: &View) -> Result<CardSet, Fault> {
        self.note("discard".to_owned());
        self.player.discard(view)
    }
    fn play(&mut self, view: &View) -> Result<Option<Card>, Fault> {
        self.note("play".to_owned());
        self.player.play(view)
    }
    fn check_board(&mut self, board: &Board) -> Result<(), Fault> {
        self.note(format!("board {:?}", board.scores()));
        Ok(())
    }
    fn abandon(&mut self) {
        self.note("abandon".to_owned());
    }
}

#[derive(Default)]
struct Saved {
    said: Vec<String>,
    moves: Vec<Taken>,
}

struct Keeping(Arc<Mutex<Saved>>);

impl Recorder for Keeping {
    fn started(
        &mut self,
        setup: &TableSetup,
        seats: &BySeat<Sitter>,
        _: &[Event],
    ) -> Result<(), RecordError> {
        let mut saved = self.0.lock().unwrap();
        saved.said.push(format!("started {} with {} seats", setup.seed, seats.len()));
        saved.moves.clear();
        Ok(())
    }
    fn taken(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
        _: &[Event],
    ) -> Result<(), RecordError> {
        self.0.lock().unwrap().moves.push(Taken { seat, action, claims });
        Ok(())
    }
    fn given_up(&mut self, seat: Option<Seat>) -> Result<(), RecordError> {
        self.0.lock().unwrap().said.push(format!("given up by {seat:?}"));
        Ok(())
    }
}

fn setup(players: u8) -> TableSetup {
    let config = GameConfig::new(players, 121).unwrap();
    TableSetup { config, length: 1.into(), seed: 17, muggins: false, muggins_pegging: false }
}

fn seats(players: u8, heard: &Arc<Mutex<Heard>>) -> BySeat<Sitter> {
    let mut seats = vec![Sitter::person("me")];
    for _ in 1..players {
        let player = BuiltInContestant::new(Strategy::Basic);
        seats.push(Sitter::program(Noting { player, heard: Arc::clone(heard) }));
    }
    BySeat::from_vec(seats).unwrap()
}

/// The person's first legal move.
fn person_move(table: &Table) -> Option<Action> {
    let view = table.view(Seat::ALL[0]);
    view.legal_actions().into_iter().find(|action| *action != Action::Deal)
}

#[test]
fn programs_move_until_a_person_must_and_a_person_moves_only_their_seat() {
    for players in [2, 3, 4] {
        let heard = Arc::new(Mutex::new(Heard::default()));
        let saved = Arc::new(Mutex::new(Saved::default()));
        let mut table = Table::new(
            setup(players),
            seats(players, &heard),
            Dealing::OnRequest,
            Some(Box::new(Keeping(Arc::clone(&saved)))),
        );
        let opening = table.start().unwrap();
        assert!(matches!(opening[0], Event::CutForDeal { .. }));
        assert!(opening.iter().any(|event| matches!(event, Event::Dealt { .. })));
        assert_eq!(
            saved.lock().unwrap().said,
            ["started 17 with ".to_owned() + &players.to_string() + " seats"]
        );
        let mut rounds = 0;
        for _ in 0..10_000 {
            table.advance().unwrap();
            assert_eq!(table.program_due(), None);
            if table.play().winner().is_some() {
                break;
            }
            if table.game().phase() == Phase::Deal {
                rounds += 1;
                if rounds > 3 {
                    break;
                }
                table.deal().unwrap();
                continue;
            }
            assert!(matches!(table.deal(), Err(TableError::NoDeal)));
            let action = person_move(&table).expect("the table waits for the person");
            let other = Seat::ALL[1];
            assert!(matches!(
                table.act(other, action, Claims::NONE),
                Err(TableError::NotAPerson(_))
            ));
            table.act(Seat::ALL[0], action, Claims::NONE).unwrap();
        }
        assert!(rounds > 0, "a round was played at {players}");
        // Every program started its game and had its board checked.
        let heard = heard.lock().unwrap();
        assert!(
            heard.0.iter().filter(|said| *said == "new_game").count() >= usize::from(players - 1)
        );
        assert!(heard.0.iter().any(|said| said.starts_with("board")));
        // The record holds every move taken, in order: replayed from the
        // seed, it is this table's match.
        let moves = saved.lock().unwrap().moves.clone();
        let resumed = Table::resume(
            setup(players),
            seats(players, &Arc::new(Mutex::new(Heard::default()))),
            Dealing::OnRequest,
            None,
            &moves,
        )
        .unwrap();
        assert_eq!(resumed.events(), table.events());
    }
}

#[test]
fn a_restart_gives_the_match_up_and_starts_every_program_again() {
    let heard = Arc::new(Mutex::new(Heard::default()));
    let saved = Arc::new(Mutex::new(Saved::default()));
    let mut table = Table::new(
        setup(2),
        seats(2, &heard),
        Dealing::OnRequest,
        Some(Box::new(Keeping(Arc::clone(&saved)))),
    );
    table.start().unwrap();
    table.advance().unwrap();
    heard.lock().unwrap().0.clear();
    let events = table.restart(99, Some(Seat::ALL[0])).unwrap();
    assert_eq!(table.setup().seed, 99);
    assert!(matches!(events[0], Event::CutForDeal { .. }));
    let heard = heard.lock().unwrap();
    assert_eq!(heard.0[..2], ["abandon", "new_game"]);
    assert_eq!(
        saved.lock().unwrap().said,
        ["started 17 with 2 seats", "given up by Some(Seat(0))", "started 99 with 2 seats"]
    );
}

#[test]
fn a_resume_that_goes_another_way_is_refused_for_a_program_with_a_game_of_its_own() {
    /// The first legal play always, and a game of its own.
    struct Stubborn;
    impl Contestant for Stubborn {
        fn describe(&self) -> String {
            "stubborn".to_owned()
        }
        fn new_game(&mut self, _: GameConfig, _: Seat, _: u64) -> Result<(), Fault> {
            Ok(())
        }
        fn notify(&mut self, _: &Notice) -> Result<(), Fault> {
            Ok(())
        }
        fn discard(&mut self, view: &View) -> Result<CardSet, Fault> {
            Ok(view.hand.iter().take(2).collect())
        }
        fn play(&mut self, view: &View) -> Result<Option<Card>, Fault> {
            Ok(view.playable().first())
        }
        fn check_board(&mut self, _: &Board) -> Result<(), Fault> {
            Ok(())
        }
        fn abandon(&mut self) {}
    }
    let sitters = |program: Sitter| BySeat::from_vec(vec![Sitter::person("me"), program]).unwrap();
    let mut table =
        Table::new(setup(2), sitters(Sitter::program(Stubborn)), Dealing::OnRequest, None);
    table.start().unwrap();
    // The record says the program gave its last two cards, which it
    // would not.
    let hand: Vec<Card> = match &table.events()[2] {
        Event::Dealt { hands, .. } => hands[1].unwrap().iter().collect(),
        other => panic!("not a deal: {other:?}"),
    };
    let other_two: CardSet = hand[4..].iter().copied().collect();
    let dealer = table.game().dealer();
    let moves = [
        Taken { seat: dealer, action: Action::Deal, claims: Claims::NONE },
        Taken { seat: Seat::ALL[1], action: Action::Discard(other_two), claims: Claims::NONE },
    ];
    let refused = Table::resume(
        setup(2),
        sitters(Sitter::program(Stubborn)),
        Dealing::OnRequest,
        None,
        &moves,
    );
    assert!(matches!(refused, Err(TableError::Diverged { .. })), "{refused:?}");
    // The basic player decides from its view alone: the saved move stands.
    let basic = Sitter::program(BuiltInContestant::new(Strategy::Basic));
    let taken = Table::resume(setup(2), sitters(basic), Dealing::OnRequest, None, &moves).unwrap();
    assert!(taken.view(Seat::ALL[1]).has_discarded(Seat::ALL[1]));
}

//! One table: a match between two seats, who sits at them, and everything
//! that has happened, with no HTTP in sight.
//!
//! A [`Table`] owns the `crib_core` [`Match`] and the full log of its events;
//! every answer it gives to a seat is built from `Match::view(seat)` and
//! `Event::for_seat(seat)`, so a seat can learn nothing its view does not
//! hold. The computer, when it has a seat, moves as soon as it is its turn
//! to discard or play, inside the same call as the person's move: the page
//! paces what it shows, the server never waits. The next deal waits for a
//! person to say "continue", so that shown hands stay on the table until they
//! have been read.

use std::time::Instant;

use crib_ai::{BuiltIn, Player, Strategy};
use crib_core::{
    Action, Card, CardSet, Event, GameConfig, IllegalAction, Match, Phase, Seat, derive_seed,
};
use crib_store::GameId;
use serde::Serialize;
use tokio::sync::watch;

use crate::words::{self, Narration};

/// The seat of the person who opens the table.
pub const HOST: Seat = Seat::ALL[0];
/// The other seat: the computer or the person who joins.
pub const GUEST: Seat = Seat::ALL[1];

/// Who sits opposite the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "level")]
pub enum Opponent {
    /// A built-in player of this strength.
    Computer(Strategy),
    /// A second person, from another browser.
    Person,
}

/// A seat's move, as the page sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Give these cards to the crib.
    Discard(CardSet),
    /// Play a card.
    Play(Card),
    /// Say go.
    Go,
    /// Deal the next round once a hand (or a game) is over.
    Continue,
}

/// Why a move is refused; the table is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The rules refuse it.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalAction),
    /// "Continue" when there is nothing to go on to, or by the wrong seat.
    #[error("nothing to continue: {0}")]
    NoContinue(&'static str),
    /// A seat left and the table is closed.
    #[error("the game was quit: start a new one")]
    Quit,
    /// The second seat has not been taken yet.
    #[error("your opponent has not joined yet")]
    NotJoined,
}

/// A change to save, in the order it happened.
#[derive(Clone, Debug)]
pub(crate) enum Change {
    /// A match began with this seed and these events.
    Started { seed: u64, opening: Vec<Event> },
    /// `seat` took `action`, which produced `events`.
    Took { seat: Seat, action: Action, events: Vec<Event> },
}

/// One match at one table.
#[derive(Debug)]
pub(crate) struct Table {
    opponent: Opponent,
    games_to_win: u32,
    seed: u64,
    /// Matches begun at this table; the seed of each is derived from it.
    matches: u64,
    play: Match,
    /// Every event of the current match, unredacted: redaction happens per
    /// seat on the way out.
    events: Vec<Event>,
    computer: Option<BuiltIn>,
    joined: bool,
    quit: bool,
    /// Bumped on every change, so that live streams know to fetch.
    version: watch::Sender<u64>,
    touched: Instant,
    /// What happened since the server last saved the table.
    unsaved: Vec<Change>,
    /// The saved match being played here, once saved.
    pub(crate) saved: Option<GameId>,
}

impl Table {
    /// A table with its first round dealt (the deal is no one's choice), and
    /// the computer's discard made if it has a seat.
    pub(crate) fn new(opponent: Opponent, games_to_win: u32, seed: u64) -> Table {
        let (play, events) = new_match(games_to_win, seed);
        let opening = Change::Started { seed, opening: events.clone() };
        let mut table = Table::restored(opponent, games_to_win, seed, 1, play, events, false);
        table.unsaved.push(opening);
        table.deal();
        table.computer_moves();
        table
    }

    /// A table as it was saved: match number `matches` at it is `play`,
    /// which produced `events`. The computer, if it has a seat, moves on
    /// from there (it has no memory of the match that a view does not give).
    pub(crate) fn restored(
        opponent: Opponent,
        games_to_win: u32,
        seed: u64,
        matches: u64,
        play: Match,
        events: Vec<Event>,
        joined: bool,
    ) -> Table {
        let computer = match opponent {
            Opponent::Computer(strategy) => Some(strategy.player(derive_seed(seed, 0))),
            Opponent::Person => None,
        };
        Table {
            opponent,
            games_to_win,
            seed,
            matches,
            play,
            events,
            computer,
            joined,
            quit: false,
            version: watch::Sender::new(0),
            touched: Instant::now(),
            unsaved: Vec::new(),
            saved: None,
        }
    }

    /// Who sits opposite the host.
    pub(crate) const fn opponent(&self) -> Opponent {
        self.opponent
    }

    /// The table's seed.
    pub(crate) const fn seed(&self) -> u64 {
        self.seed
    }

    /// Games a side must win to win a match.
    pub(crate) const fn games_to_win(&self) -> u32 {
        self.games_to_win
    }

    /// Matches begun at this table.
    pub(crate) const fn matches(&self) -> u64 {
        self.matches
    }

    /// Whether the guest seat is taken.
    pub(crate) const fn joined(&self) -> bool {
        self.joined
    }

    /// The changes not saved yet, oldest first; they are the caller's to
    /// save now.
    pub(crate) fn unsaved(&mut self) -> Vec<Change> {
        std::mem::take(&mut self.unsaved)
    }

    /// `seat` takes `action`; what it changed is kept for saving.
    fn take(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        let events = self.play.play(seat, action)?;
        self.events.extend(events.iter().cloned());
        self.unsaved.push(Change::Took { seat, action, events });
        Ok(())
    }

    /// When the table last changed or was asked about.
    pub(crate) const fn touched(&self) -> Instant {
        self.touched
    }

    /// Marks the table as in use now.
    pub(crate) fn touch(&mut self) {
        self.touched = Instant::now();
    }

    /// Whether nothing more can happen here: a seat quit, or the match is won.
    pub(crate) fn finished(&self) -> bool {
        self.quit || self.play.winner().is_some()
    }

    /// A live stream's handle on changes.
    pub(crate) fn subscribe(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }

    /// The second person takes the guest seat; `false` if it was taken, or
    /// if the guest is the computer.
    pub(crate) fn join(&mut self) -> bool {
        if self.opponent != Opponent::Person || self.joined {
            return false;
        }
        self.joined = true;
        self.changed();
        true
    }

    /// `seat` moves. On error nothing changes.
    pub(crate) fn act(&mut self, seat: Seat, chosen: Move) -> Result<(), MoveError> {
        if self.quit {
            return Err(MoveError::Quit);
        }
        if self.opponent == Opponent::Person && !self.joined {
            return Err(MoveError::NotJoined);
        }
        let action = match chosen {
            Move::Discard(cards) => Action::Discard(cards),
            Move::Play(card) => Action::Play(card),
            Move::Go => Action::Go,
            Move::Continue => {
                self.check_continue(seat)?;
                self.deal();
                self.computer_moves();
                self.changed();
                return Ok(());
            }
        };
        self.take(seat, action)?;
        self.computer_moves();
        self.changed();
        Ok(())
    }

    /// A new match at the same table, same seats and tokens.
    pub(crate) fn restart(&mut self) {
        self.matches += 1;
        let seed = derive_seed(self.seed, self.matches);
        let (play, events) = new_match(self.games_to_win, seed);
        self.unsaved.push(Change::Started { seed, opening: events.clone() });
        self.play = play;
        self.events = events;
        self.quit = false;
        self.deal();
        self.computer_moves();
        self.changed();
    }

    /// A seat leaves: the table is closed for both.
    pub(crate) fn quit(&mut self) {
        self.quit = true;
        self.changed();
    }

    /// What `seat` may know of the current game.
    pub(crate) fn view(&self, seat: Seat) -> crib_core::View {
        self.play.view(seat)
    }

    /// Everything `seat` may know, with its events from `since` on.
    pub(crate) fn state(&self, seat: Seat, since: usize) -> State {
        let view = self.play.view(seat);
        let other = other(seat);
        let names = self.names(seat);
        let start = since.min(self.events.len());
        let events = self.events[start..]
            .iter()
            .enumerate()
            .map(|(offset, event)| {
                let event = event.for_seat(seat);
                let Narration { lines, steps } = words::narrate(&event, seat, names);
                let points = event.points().map(|(seat, points)| Points { seat, points });
                Said { index: start + offset, event, lines, steps, points }
            })
            .collect();
        let moves = self.moves(seat);
        State {
            seat,
            opponent: self.opponent,
            joined: self.opponent != Opponent::Person || self.joined,
            quit: self.quit,
            matches: self.matches,
            names,
            games_won: self.play.games_won().to_vec(),
            games_to_win: self.games_to_win,
            match_winner: self.play.winner().map(|side| side.index()),
            opponent_holds: held(&view, other),
            view,
            moves,
            next: self.events.len(),
            events,
        }
    }

    /// The number of events of the current match.
    pub(crate) fn event_count(&self) -> usize {
        self.events.len()
    }

    fn names(&self, seat: Seat) -> [&'static str; 2] {
        let them = match self.opponent {
            Opponent::Computer(_) => "the computer",
            Opponent::Person => "your opponent",
        };
        let mut names = [them; 2];
        names[seat.index()] = "you";
        names
    }

    /// What the page may offer `seat` now. Every choice comes from the rules
    /// in `crib_core`, so that the page holds none.
    fn moves(&self, seat: Seat) -> Moves {
        let view = self.play.view(seat);
        let open = !self.quit && (self.opponent != Opponent::Person || self.joined);
        let legal = if open { view.legal_actions() } else { Vec::new() };
        let playable: Vec<Card> = legal
            .iter()
            .filter_map(|action| match action {
                Action::Play(card) => Some(*card),
                _ => None,
            })
            .collect();
        let discard = if legal.iter().any(|action| matches!(action, Action::Discard(_))) {
            view.config.discards()
        } else {
            0
        };
        Moves {
            discard,
            playable,
            go: legal.contains(&Action::Go),
            cont: open && self.check_continue(seat).is_ok(),
        }
    }

    fn check_continue(&self, seat: Seat) -> Result<(), MoveError> {
        let view = self.play.view(seat);
        match view.phase {
            Phase::Deal if view.dealer == seat || self.computer.is_some() => Ok(()),
            Phase::Deal => Err(MoveError::NoContinue("the dealer deals the next hand")),
            Phase::Over => Err(MoveError::NoContinue("the match is over: start a new game")),
            Phase::Discard | Phase::Pegging => {
                Err(MoveError::NoContinue("the hand is still being played"))
            }
        }
    }

    /// The dealer deals, if a deal is due.
    fn deal(&mut self) {
        let game = self.play.game();
        if game.view(HOST).phase != Phase::Deal {
            return;
        }
        let dealer = game.view(HOST).dealer;
        // The dealer may always deal when a deal is due.
        self.take(dealer, Action::Deal).ok();
    }

    /// The computer discards and plays while it is its turn to.
    fn computer_moves(&mut self) {
        loop {
            let Some(player) = self.computer.as_mut() else { return };
            let view = self.play.view(GUEST);
            if !matches!(view.phase, Phase::Discard | Phase::Pegging) {
                return;
            }
            let Some(action) = player.act(&view) else { return };
            // A built-in player moves legally; should one ever not, the
            // game waits rather than loop.
            if self.take(GUEST, action).is_err() {
                return;
            }
        }
    }

    fn changed(&mut self) {
        self.touch();
        self.version.send_modify(|version| *version += 1);
    }
}

fn new_match(games_to_win: u32, seed: u64) -> (Match, Vec<Event>) {
    Match::new(GameConfig::default(), games_to_win, seed)
        .expect("the default configuration is valid, and Match::new refuses only invalid ones")
}

/// The other seat of two.
pub(crate) const fn other(seat: Seat) -> Seat {
    if seat.index() == 0 { GUEST } else { HOST }
}

/// How many cards `seat` holds, as anyone at the table can see.
fn held(view: &crib_core::View, seat: Seat) -> usize {
    match view.phase {
        Phase::Discard if view.has_discarded(seat) => view.config.dealt() - view.config.discards(),
        Phase::Discard => view.config.dealt(),
        Phase::Pegging => (view.config.dealt() - view.config.discards())
            .saturating_sub(view.pegging.played_by(seat).len()),
        Phase::Deal | Phase::Over => 0,
    }
}

/// A seat's whole answer: its view, what it may do, and its events.
#[derive(Debug, Serialize)]
pub(crate) struct State {
    /// The seat asking.
    pub seat: Seat,
    /// Who sits opposite the host.
    pub opponent: Opponent,
    /// Whether both seats are taken.
    pub joined: bool,
    /// Whether a seat quit.
    pub quit: bool,
    /// Matches begun at this table: the page starts its log afresh when it
    /// changes, since event numbers start again with each match.
    pub matches: u64,
    /// How to name each seat to this one, seat 0 first.
    pub names: [&'static str; 2],
    /// Games won by each side.
    pub games_won: Vec<u32>,
    /// Games needed to win the match.
    pub games_to_win: u32,
    /// The side that won the match, once won.
    pub match_winner: Option<usize>,
    /// Cards the other seat holds (face down).
    pub opponent_holds: usize,
    /// The seat's view of the current game.
    pub view: crib_core::View,
    /// What the seat may do now.
    pub moves: Moves,
    /// The number of events so far: the `since` of the next request.
    pub next: usize,
    /// The events from `since` on, as the seat may see them.
    pub events: Vec<Said>,
}

/// What a seat may do now.
#[derive(Debug, Serialize)]
pub(crate) struct Moves {
    /// Cards to give to the crib now (0 when not discarding).
    pub discard: usize,
    /// Cards that may be played now.
    pub playable: Vec<Card>,
    /// Whether the seat must say go.
    pub go: bool,
    /// Whether the seat may deal the next hand.
    #[serde(rename = "continue")]
    pub cont: bool,
}

/// One event with its words.
#[derive(Debug, Serialize)]
pub(crate) struct Said {
    /// Its number in the match.
    pub index: usize,
    /// The event as the seat may see it.
    pub event: Event,
    /// What was said, in the seat's words.
    pub lines: Vec<String>,
    /// For a show, each step of the count in words, in order.
    pub steps: Vec<words::Step>,
    /// Who pegs with this event, and how much.
    pub points: Option<Points>,
}

/// Points pegged by one seat.
#[derive(Debug, Serialize)]
pub(crate) struct Points {
    /// The seat.
    pub seat: Seat,
    /// The points.
    pub points: u8,
}

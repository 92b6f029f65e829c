//! Contestants: whatever plays a seat for the referee, in-process or not.
//!
//! The referee owns the game and tells each [`Contestant`] what its seat may
//! know, as [`Notice`]s in the order the protocol gives them, and asks it for
//! its decisions. A [`BuiltIn`](BuiltInContestant) player decides from the
//! seat's [`View`] and what it has seen of the plays and shows (a new one
//! each game); an [`EngineContestant`] turns each notice into a protocol
//! command for its process, checks every answer, and reports anything the
//! contract does not allow as a [`Fault`]. After a fault
//! the engine's process is dropped (killed and reaped) and a new one is
//! started for the next game: whatever state the old one was in cannot be
//! trusted.

use crib_ai::{BuiltIn, ExpertOptions, ExpertPlayer, Observed, Player, Strategy};
use crib_core::{Board, Card, CardSet, Event, GameConfig, Seat, Show, View};
use crib_protocol::Command;

use crate::process::Expect;
use crate::{EngineCommand, EngineOptions, EngineProcess, Fault};

/// What a seat is told by the referee, beyond being asked for decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A round begins: who deals, and the seat's own dealt cards.
    Deal {
        /// The dealer.
        dealer: Seat,
        /// The seat's cards: 6 with two players, else 5.
        hand: CardSet,
    },
    /// The starter was cut.
    Starter(Card),
    /// Another seat played a card.
    Played {
        /// The seat that played.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// Another seat said go.
    Go {
        /// The seat.
        seat: Seat,
    },
    /// A seat (this one included) shows its hand.
    Show {
        /// The seat.
        seat: Seat,
        /// The four cards it kept, with the starter.
        show: Show,
        /// What they count, by the referee's count.
        points: u8,
    },
    /// The dealer shows the crib.
    Crib {
        /// The four cards of the crib, with the starter.
        show: Show,
        /// What they count under crib rules, by the referee's count.
        points: u8,
    },
    /// The referee's board, after points that the seat cannot count from
    /// what it was told: a person who counts their own (muggins) pegs what
    /// they claim, never more than the true count, and the points they
    /// miss go to the seat that calls them, where a program counts the
    /// true count.
    Board(Board),
}

impl Notice {
    /// What a built-in player takes note of ([`Player::observe`]): the
    /// deal, the plays, the gos, the hands and the crib shown.
    #[must_use]
    pub fn observed(&self) -> Option<Observed> {
        match *self {
            Notice::Deal { dealer, .. } => Some(Observed::Deal { dealer }),
            Notice::Played { seat, card } => Some(Observed::Played { seat, card }),
            Notice::Go { seat } => Some(Observed::Go { seat }),
            Notice::Show { seat, show, .. } => Some(Observed::Shown { seat, hand: show.hand() }),
            Notice::Crib { show, .. } => Some(Observed::CribShown { crib: show.hand() }),
            Notice::Starter(_) | Notice::Board(_) => None,
        }
    }

    /// What `seat` is told of `event`, if anything. The event must already be
    /// redacted for the seat ([`Event::for_seat`]); a seat is never told of
    /// its own plays and gos, which it made itself.
    #[must_use]
    pub fn of(event: &Event, seat: Seat) -> Option<Notice> {
        match *event {
            Event::Dealt { dealer, ref hands, .. } => {
                hands.get(seat.index()).copied().flatten().map(|hand| Notice::Deal { dealer, hand })
            }
            Event::Cut { starter, .. } => Some(Notice::Starter(starter)),
            Event::Played { seat: by, card, .. } if by != seat => {
                Some(Notice::Played { seat: by, card })
            }
            Event::Go { seat: by, .. } if by != seat => Some(Notice::Go { seat: by }),
            // A hand or crib counted by a person with muggins is shown all
            // the same; what it pegs follows as the board.
            Event::Shown { seat: by, ref breakdown }
            | Event::Claimed { seat: by, crib: false, ref breakdown, .. } => {
                Some(Notice::Show { seat: by, show: breakdown.show, points: breakdown.total() })
            }
            Event::CribShown { ref breakdown, .. }
            | Event::Claimed { crib: true, ref breakdown, .. } => {
                Some(Notice::Crib { show: breakdown.show, points: breakdown.total() })
            }
            _ => None,
        }
    }
}

/// Whatever plays one seat of a game for the referee.
///
/// A game goes: [`new_game`](Contestant::new_game), then notices and
/// decisions in the order of play, with [`check_board`](Contestant::check_board)
/// at the end of every round and of the game. A game cut short by any seat's
/// fault ends with [`abandon`](Contestant::abandon) for the others.
pub trait Contestant {
    /// Who this is, for reports: the built-in player's name, or the engine's
    /// command line and its answer to `name;`.
    fn describe(&self) -> String;

    /// What saves this player so that the same player can be started again
    /// (a resumed match): a built-in player's level, an engine's command
    /// line. By default, [`Contestant::describe`].
    fn saved_name(&self) -> String {
        self.describe()
    }

    /// Whether the player decides from the seat's view (and what it is
    /// told, which a resumed match tells it again), keeping no game of its
    /// own: then a resumed match may take a saved move it would not choose
    /// now (a match saved by an older program), since nothing of it goes
    /// out of step. An engine keeps its own game, so by default no.
    fn decides_from_view(&self) -> bool {
        false
    }

    /// A new game: the table and this contestant's seat. `seed` drives any
    /// random choices of an in-process player, so a game replays exactly.
    ///
    /// # Errors
    ///
    /// The contestant cannot start or refuses the game.
    fn new_game(&mut self, config: GameConfig, seat: Seat, seed: u64) -> Result<(), Fault>;

    /// Tells the contestant what it may know.
    ///
    /// # Errors
    ///
    /// The contestant refuses or garbles what it was told.
    fn notify(&mut self, notice: &Notice) -> Result<(), Fault>;

    /// The cards the seat gives to the crib. The referee checks them.
    ///
    /// # Errors
    ///
    /// No usable answer.
    fn discard(&mut self, view: &View) -> Result<CardSet, Fault>;

    /// The card the seat plays, or `None` for go. The referee checks it.
    ///
    /// # Errors
    ///
    /// No usable answer.
    fn play(&mut self, view: &View) -> Result<Option<Card>, Fault>;

    /// Checks the contestant's board against the referee's.
    ///
    /// # Errors
    ///
    /// [`Fault::Board`] for a disagreement, or no usable answer.
    fn check_board(&mut self, board: &Board) -> Result<(), Fault>;

    /// The game ended early by another seat's fault: be ready for the next.
    fn abandon(&mut self);

    /// The match is over: say goodbye to any process.
    fn close(&mut self) {}
}

/// A built-in player, deciding in-process from the seat's view.
#[derive(Clone, Debug)]
pub struct BuiltInContestant {
    strategy: Strategy,
    /// The expert's thinking budget in milliseconds, if not the default.
    think_ms: Option<u32>,
    player: BuiltIn,
}

impl BuiltInContestant {
    /// A contestant playing `strategy`.
    #[must_use]
    pub fn new(strategy: Strategy) -> BuiltInContestant {
        BuiltInContestant { strategy, think_ms: None, player: strategy.player(0) }
    }

    /// The expert thinking for about `think_ms` milliseconds a play (see
    /// [`ExpertOptions::thinking`]).
    #[must_use]
    pub fn thinking(think_ms: u32) -> BuiltInContestant {
        let mut contestant = BuiltInContestant::new(Strategy::Expert);
        contestant.think_ms = Some(think_ms);
        contestant.player = contestant.player_for(0);
        contestant
    }

    fn player_for(&self, seed: u64) -> BuiltIn {
        match self.think_ms {
            Some(ms) => {
                BuiltIn::Expert(ExpertPlayer::with_options(seed, ExpertOptions::thinking(ms)))
            }
            None => self.strategy.player(seed),
        }
    }
}

impl Contestant for BuiltInContestant {
    fn describe(&self) -> String {
        match self.think_ms {
            Some(ms) => format!("{}:{ms}", self.strategy),
            None => self.strategy.name().to_owned(),
        }
    }

    fn decides_from_view(&self) -> bool {
        true
    }

    fn new_game(&mut self, _: GameConfig, _: Seat, seed: u64) -> Result<(), Fault> {
        self.player = self.player_for(seed);
        Ok(())
    }

    fn notify(&mut self, notice: &Notice) -> Result<(), Fault> {
        // The view has the rest; the expert learns from the plays and shows.
        if let Some(observed) = notice.observed() {
            self.player.observe(&observed);
        }
        Ok(())
    }

    fn discard(&mut self, view: &View) -> Result<CardSet, Fault> {
        Ok(self.player.discard(view))
    }

    fn play(&mut self, view: &View) -> Result<Option<Card>, Fault> {
        Ok(self.player.play(view))
    }

    fn check_board(&mut self, _: &Board) -> Result<(), Fault> {
        // It reads the referee's own board from its view.
        Ok(())
    }

    fn abandon(&mut self) {}
}

/// An engine process playing a seat over the protocol.
///
/// Information goes out queued ([`EngineProcess::send`]) and is checked when
/// the engine is next asked for something, so a round costs a few round
/// trips rather than one per command.
#[derive(Debug)]
pub struct EngineContestant {
    command: EngineCommand,
    options: EngineOptions,
    process: Option<EngineProcess>,
    name: String,
    sides: usize,
}

impl EngineContestant {
    /// A contestant that starts `command` when its first game begins, and
    /// again after any fault.
    #[must_use]
    pub fn new(command: EngineCommand, options: EngineOptions) -> EngineContestant {
        EngineContestant { command, options, process: None, name: String::new(), sides: 2 }
    }

    /// The command line.
    #[must_use]
    pub const fn command(&self) -> &EngineCommand {
        &self.command
    }

    /// Runs `step` on the process, dropping the process on a fault.
    fn with<T>(
        &mut self,
        step: impl FnOnce(&mut EngineProcess) -> Result<T, Fault>,
    ) -> Result<T, Fault> {
        let process = self.process.as_mut().ok_or_else(|| Fault::Exited {
            command: "new game".to_owned(),
            status: "not running since its last fault".to_owned(),
        })?;
        let outcome = step(process);
        if outcome.is_err() {
            self.process = None;
        }
        outcome
    }
}

impl Contestant for EngineContestant {
    fn saved_name(&self) -> String {
        self.command.to_string()
    }

    fn describe(&self) -> String {
        if self.name.is_empty() {
            self.command.to_string()
        } else {
            format!("{} ({})", self.command, self.name)
        }
    }

    fn new_game(&mut self, config: GameConfig, seat: Seat, _: u64) -> Result<(), Fault> {
        if self.process.is_none() {
            let process = EngineProcess::start(&self.command, self.options)?;
            self.name = process.name().to_owned();
            self.process = Some(process);
        }
        self.sides = usize::from(config.sides());
        let command = Command::NewGame {
            players: config.players(),
            seat: protocol_seat(seat),
            target: Some(config.target()),
        };
        self.with(|process| {
            process.send(command, Expect::Ok);
            Ok(())
        })
    }

    fn notify(&mut self, notice: &Notice) -> Result<(), Fault> {
        let (commands, expect) = match *notice {
            Notice::Deal { dealer, hand } => (
                [
                    Some(Command::Deal { dealer: protocol_seat(dealer) }),
                    Some(Command::Hand(hand.iter().collect())),
                ],
                Expect::Ok,
            ),
            Notice::Starter(card) => ([Some(Command::Starter(card)), None], Expect::Ok),
            Notice::Played { seat, card } => {
                ([Some(Command::Played { seat: protocol_seat(seat), card }), None], Expect::Ok)
            }
            Notice::Go { seat } => {
                ([Some(Command::Go { seat: protocol_seat(seat) }), None], Expect::Ok)
            }
            Notice::Show { seat, show, points } => (
                [Some(Command::Show { seat: protocol_seat(seat), cards: four(show) }), None],
                Expect::Points(u32::from(points)),
            ),
            Notice::Crib { show, points } => {
                ([Some(Command::Crib(four(show))), None], Expect::Points(u32::from(points)))
            }
            Notice::Board(board) => {
                let totals = board.scores().iter().map(|&total| u32::from(total)).collect();
                ([Some(Command::SetBoard(totals)), None], Expect::Ok)
            }
        };
        self.with(|process| {
            for command in commands.into_iter().flatten() {
                process.send(command, expect);
            }
            Ok(())
        })
    }

    fn discard(&mut self, _: &View) -> Result<CardSet, Fault> {
        self.with(|process| {
            let payload = process.ask(&Command::Discard)?;
            let cards = cards(&payload).map_err(|reason| Fault::Garbage {
                command: Command::Discard.to_string(),
                answer: format!("ok {payload}."),
                reason,
            })?;
            CardSet::from_distinct(cards).map_err(|twice| Fault::Illegal {
                command: Command::Discard.to_string(),
                answer: payload.clone(),
                reason: twice.to_string(),
            })
        })
    }

    fn play(&mut self, _: &View) -> Result<Option<Card>, Fault> {
        self.with(|process| {
            let payload = process.ask(&Command::Play)?;
            if payload.eq_ignore_ascii_case("go") {
                return Ok(None);
            }
            match cards(&payload).as_deref() {
                Ok([card]) => Ok(Some(*card)),
                Ok(_) => Err("one card or `go`, not this".to_owned()),
                Err(reason) => Err(reason.clone()),
            }
            .map_err(|reason| Fault::Garbage {
                command: Command::Play.to_string(),
                answer: format!("ok {payload}."),
                reason,
            })
        })
    }

    fn check_board(&mut self, board: &Board) -> Result<(), Fault> {
        let sides = self.sides;
        self.with(|process| {
            let payload = process.ask(&Command::Board)?;
            let garbage = |reason: String| Fault::Garbage {
                command: Command::Board.to_string(),
                answer: format!("ok {payload}."),
                reason,
            };
            let engine: Vec<u32> = payload
                .split_whitespace()
                .map(|word| word.parse::<u32>().map_err(|_| format!("\"{word}\" is not a total")))
                .collect::<Result<_, _>>()
                .map_err(garbage)?;
            if engine.len() != sides {
                return Err(garbage(format!(
                    "{} totals for a board of {sides} sides",
                    engine.len()
                )));
            }
            let referee: Vec<u32> = board.scores().iter().map(|&total| u32::from(total)).collect();
            if engine != referee {
                return Err(Fault::Board { engine, referee });
            }
            Ok(())
        })
    }

    fn abandon(&mut self) {
        // The answers still due are of no interest, but they must be read so
        // that the next game's answers are not taken for them.
        if self.process.as_mut().is_some_and(|process| process.settle().is_err()) {
            self.process = None;
        }
    }

    fn close(&mut self) {
        if let Some(process) = self.process.take() {
            process.quit();
        }
    }
}

/// A seat as the protocol numbers it.
fn protocol_seat(seat: Seat) -> u8 {
    // Seats are 0..4 by construction.
    seat.index() as u8
}

/// The four cards of a shown hand or crib, lowest first.
fn four(show: Show) -> [Card; 4] {
    let mut iter = show.hand().iter();
    let mut next = || iter.next().expect("a show's hand is four cards");
    [next(), next(), next(), next()]
}

/// Cards in an engine's answer: words of the protocol's notation (ASCII rank
/// then suit), in any case.
fn cards(payload: &str) -> Result<Vec<Card>, String> {
    payload
        .split_whitespace()
        .map(|word| {
            if !word.bytes().all(|byte| byte.is_ascii_alphanumeric()) {
                return Err(format!("\"{word}\" is not a card"));
            }
            word.parse::<Card>().map_err(|error| error.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crib_ai::BasicPlayer;
    use crib_core::{Action, Game, Phase};

    use super::*;

    /// The built-in expert learns from what its seat is told: after a game
    /// against `basic`, it takes `basic` to play greedily and to keep the
    /// best hand.
    #[test]
    fn the_built_in_expert_learns_from_the_notices() {
        let config = GameConfig::default();
        let (basic, expert) = (Seat::ALL[0], Seat::ALL[1]);
        let mut contestant = BuiltInContestant::new(Strategy::Expert);
        contestant.new_game(config, expert, 9).unwrap();
        let mut game = Game::new(config, basic, 3).unwrap();
        while game.phase() != Phase::Over {
            let seat = game.to_act()[0];
            let view = game.view(seat);
            let action = match (seat == expert, view.phase) {
                (false, _) | (true, Phase::Deal) => BasicPlayer.act(&view).unwrap(),
                (true, Phase::Discard) => Action::Discard(contestant.discard(&view).unwrap()),
                (true, _) => contestant.play(&view).unwrap().map_or(Action::Go, Action::Play),
            };
            for event in game.play(seat, action).unwrap() {
                if let Some(notice) = Notice::of(&event.redacted(expert), expert) {
                    contestant.notify(&notice).unwrap();
                }
            }
        }
        let BuiltIn::Expert(player) = &contestant.player else { panic!("the expert") };
        assert!(player.greedy_chance(basic) > 0.9, "{}", player.greedy_chance(basic));
        // The crib shown tells it what `basic` threw: it keeps the best hand.
        assert!(player.best_hand_chance(basic) > 0.9, "{}", player.best_hand_chance(basic));
    }
}

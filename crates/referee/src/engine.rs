//! An engine process playing a seat: the [`Contestant`] that turns each
//! [`Notice`] into a protocol command for its process, checks every answer,
//! and reports anything the contract does not allow as a [`Fault`]. After a
//! fault the engine's process is dropped (killed and reaped) and a new one is
//! started for the next game: whatever state the old one was in cannot be
//! trusted.

use crib_core::{Board, Card, CardSet, GameConfig, Seat, Show, View};
use crib_protocol::Command;
use crib_table::{Contestant, Fault, Notice, SlowestAnswer};

use crate::process::{EngineCommand, EngineOptions, EngineProcess, Expect};

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
    /// The slowest answer of the processes before this one.
    slowest: Option<SlowestAnswer>,
}

impl EngineContestant {
    /// A contestant that starts `command` when its first game begins, and
    /// again after any fault.
    #[must_use]
    pub fn new(command: EngineCommand, options: EngineOptions) -> EngineContestant {
        EngineContestant {
            command,
            options,
            process: None,
            name: String::new(),
            sides: 2,
            slowest: None,
        }
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
            self.drop_process();
        }
        outcome
    }

    /// Drops the process, keeping its slowest answer.
    fn drop_process(&mut self) {
        if let Some(process) = self.process.take() {
            let slowest = process.slowest_answer().cloned();
            self.slowest = SlowestAnswer::slower(self.slowest.take(), slowest);
        }
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
            self.drop_process();
        }
    }

    fn close(&mut self) {
        if let Some(process) = self.process.take() {
            let slowest = process.slowest_answer().cloned();
            self.slowest = SlowestAnswer::slower(self.slowest.take(), slowest);
            process.quit();
        }
    }

    fn slowest_answer(&self) -> Option<SlowestAnswer> {
        let running = self.process.as_ref().and_then(EngineProcess::slowest_answer).cloned();
        SlowestAnswer::slower(self.slowest.clone(), running)
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

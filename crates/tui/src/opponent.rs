//! The computer's side of the table: the seam between the game on screen and
//! whatever chooses the computer's moves.
//!
//! An [`Opponent`] is told every event of the match as its seat may see it
//! and is asked for an action when its seat is to act. A built-in player of
//! `crib_ai` needs only the view and ignores the events; an engine process
//! (a later player behind the same trait) needs the events to keep its own
//! game in step, and can fail, which is why both calls return a `Result`.

use crib_ai::{Player, Strategy};
use crib_core::{Action, Board, Event, GameConfig, Phase, Seat, View};
use crib_referee::{Contestant, EngineCommand, EngineContestant, EngineOptions, Notice};

/// Why the computer could not make its move.
#[derive(Debug, thiserror::Error)]
pub enum OpponentError {
    /// The opponent was asked to act when its view says it has nothing to
    /// do: a fault of the caller or of the opponent.
    #[error("the computer was asked to move but has nothing to do in the {0} phase")]
    NothingToDo(crib_core::Phase),
    /// The opponent itself failed (an engine process that crashed, hung or
    /// answered garbage).
    #[error("the computer's player failed")]
    Failed(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// Whatever plays the computer's seat.
pub trait Opponent {
    /// A short name for the screen: `basic`, `random`, an engine's name.
    fn name(&self) -> &str;

    /// Tells the opponent what happened, in order, as its seat may see it
    /// (see [`Event::for_seat`]). Every event of the match is passed on,
    /// including those of the opponent's own moves.
    ///
    /// # Errors
    ///
    /// An opponent that cannot take the news (a broken engine pipe).
    fn observe(&mut self, events: &[Event]) -> Result<(), OpponentError> {
        let _ = events;
        Ok(())
    }

    /// The opponent's action, now that its seat is to act in `view`.
    ///
    /// # Errors
    ///
    /// An opponent that cannot decide; see [`OpponentError`].
    fn act(&mut self, view: &View) -> Result<Action, OpponentError>;
}

/// A built-in `crib_ai` player as an opponent.
pub struct Computer {
    name: String,
    player: Box<dyn Player>,
}

impl std::fmt::Debug for Computer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Computer").field("name", &self.name).finish_non_exhaustive()
    }
}

impl Computer {
    /// Any player of `crib_ai`, under `name`.
    #[must_use]
    pub fn new(name: impl Into<String>, player: Box<dyn Player>) -> Computer {
        Computer { name: name.into(), player }
    }

    /// The built-in player `strategy`; `seed` drives its random choices, if
    /// it makes any.
    ///
    /// ```
    /// use crib_tui::{Computer, Opponent};
    /// let computer = Computer::built_in(crib_ai::Strategy::Basic, 7);
    /// assert_eq!(computer.name(), "basic");
    /// ```
    #[must_use]
    pub fn built_in(strategy: Strategy, seed: u64) -> Computer {
        Computer::new(strategy.name(), Box::new(strategy.player(seed)))
    }
}

impl Opponent for Computer {
    fn name(&self) -> &str {
        &self.name
    }

    fn act(&mut self, view: &View) -> Result<Action, OpponentError> {
        self.player.act(view).ok_or(OpponentError::NothingToDo(view.phase))
    }
}

/// An engine process as the computer: any program that speaks the engine
/// protocol, driven by the referee's own engine contestant, so the terminal
/// game tells it exactly what a refereed match would.
#[derive(Debug)]
pub struct EngineOpponent {
    contestant: EngineContestant,
    config: GameConfig,
    seat: Seat,
    /// Whether the engine has been told of the game now being played.
    in_game: bool,
    name: String,
}

impl EngineOpponent {
    /// Starts the engine `command` (a command line, split as a shell would)
    /// for the seat `seat` of a `config` table, and has it answer before the
    /// game begins, so that a command that is not an engine fails at once.
    ///
    /// # Errors
    ///
    /// A command line that does not parse, or an engine that does not start
    /// or does not speak the protocol.
    pub fn start(
        command: &str,
        config: GameConfig,
        seat: Seat,
    ) -> Result<EngineOpponent, OpponentError> {
        let command = EngineCommand::parse(command).map_err(failed)?;
        let mut contestant = EngineContestant::new(command, EngineOptions::default());
        contestant.new_game(config, seat, 0).map_err(failed)?;
        // `new_game` queues the command; asking the board checks every answer.
        contestant.check_board(&Board::new(config)).map_err(failed)?;
        let name = contestant.describe();
        Ok(EngineOpponent { contestant, config, seat, in_game: true, name })
    }
}

fn failed(error: impl std::error::Error + Send + Sync + 'static) -> OpponentError {
    OpponentError::Failed(Box::new(error))
}

impl Opponent for EngineOpponent {
    fn name(&self) -> &str {
        &self.name
    }

    fn observe(&mut self, events: &[Event]) -> Result<(), OpponentError> {
        for event in events {
            match event {
                // Each game of the match is a new game for the engine; the
                // first was announced when it started.
                Event::NewGame { .. } if !self.in_game => {
                    self.contestant.new_game(self.config, self.seat, 0).map_err(failed)?;
                    self.in_game = true;
                }
                Event::GameWon(_) => self.in_game = false,
                _ => {}
            }
            if let Some(notice) = Notice::of(event, self.seat) {
                self.contestant.notify(&notice).map_err(failed)?;
            }
        }
        Ok(())
    }

    fn act(&mut self, view: &View) -> Result<Action, OpponentError> {
        match view.phase {
            Phase::Deal => Ok(Action::Deal),
            Phase::Discard => self.contestant.discard(view).map(Action::Discard).map_err(failed),
            Phase::Pegging => {
                let card = self.contestant.play(view).map_err(failed)?;
                Ok(card.map_or(Action::Go, Action::Play))
            }
            Phase::Over => Err(OpponentError::NothingToDo(view.phase)),
        }
    }
}

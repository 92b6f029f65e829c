//! Faults: the ways a seat's player can break the contract, each of which
//! loses it the game.
//!
//! A [`Fault`] says what went wrong in words a person reading a match report
//! can act on: which command was waiting, what came back, and why the
//! referee refused it. [`FaultKind`] groups faults for counting, and a
//! [`Forfeit`] is a fault that lost a game: its seat, and the fault.

use std::fmt;

use crib_core::Seat;
use serde::Serialize;

/// What went wrong with one seat's player. Every fault loses the game for
/// the seat's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fault {
    /// The engine could not be started, or did not answer the first
    /// `protocol;` with version 1.
    #[error("could not start: {reason}")]
    Start {
        /// Why.
        reason: String,
    },
    /// The engine's process ended, or closed its output, before answering.
    #[error("exited before answering `{command}` ({status})")]
    Exited {
        /// The command waiting for an answer.
        command: String,
        /// How the process ended, as far as the referee could tell.
        status: String,
    },
    /// No answer within the time limit.
    #[error("no answer to `{command}` within {limit_ms} ms")]
    Timeout {
        /// The command waiting for an answer.
        command: String,
        /// The time limit.
        limit_ms: u64,
    },
    /// An answer that is not a response, or an `ok` whose payload is not
    /// what the command calls for.
    #[error("answered `{command}` with \"{answer}\": {reason}")]
    Garbage {
        /// The command.
        command: String,
        /// The line that came back.
        answer: String,
        /// What is wrong with it.
        reason: String,
    },
    /// `error` in answer to a command that was legal.
    #[error("refused the legal command `{command}`: \"{message}\"")]
    Refused {
        /// The command.
        command: String,
        /// The engine's message.
        message: String,
    },
    /// A discard or play that the rules do not allow.
    #[error("illegal move: answered `{command}` with \"{answer}\": {reason}")]
    Illegal {
        /// The command (`discard;` or `play;`).
        command: String,
        /// The move, as the engine wrote it.
        answer: String,
        /// The rule it breaks.
        reason: String,
    },
    /// A hand or crib counted differently from the referee's count.
    #[error(
        "miscounted `{command}`: {}, the referee counts {referee}",
        crib_core::points_phrase(*engine)
    )]
    Miscount {
        /// The `show` or `crib` command.
        command: String,
        /// The engine's count.
        engine: u32,
        /// The referee's count.
        referee: u32,
    },
    /// The engine's `board;` differs from the referee's board.
    #[error("board disagrees: the engine has {}, the referee {}", Totals(engine), Totals(referee))]
    Board {
        /// The engine's totals, side 0 first.
        engine: Vec<u32>,
        /// The referee's totals, side 0 first.
        referee: Vec<u32>,
    },
}

/// The families of faults, for counting them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// [`Fault::Start`].
    Start,
    /// [`Fault::Exited`].
    Exited,
    /// [`Fault::Timeout`].
    Timeout,
    /// [`Fault::Garbage`].
    Garbage,
    /// [`Fault::Refused`].
    Refused,
    /// [`Fault::Illegal`].
    Illegal,
    /// [`Fault::Miscount`].
    Miscount,
    /// [`Fault::Board`].
    Board,
}

impl FaultKind {
    /// The kind's name in a report.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FaultKind::Start => "could not start",
            FaultKind::Exited => "exited",
            FaultKind::Timeout => "timed out",
            FaultKind::Garbage => "garbled answer",
            FaultKind::Refused => "refused a legal command",
            FaultKind::Illegal => "illegal move",
            FaultKind::Miscount => "miscounted a show",
            FaultKind::Board => "board disagrees",
        }
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl Fault {
    /// The fault's family.
    #[must_use]
    pub const fn kind(&self) -> FaultKind {
        match self {
            Fault::Start { .. } => FaultKind::Start,
            Fault::Exited { .. } => FaultKind::Exited,
            Fault::Timeout { .. } => FaultKind::Timeout,
            Fault::Garbage { .. } => FaultKind::Garbage,
            Fault::Refused { .. } => FaultKind::Refused,
            Fault::Illegal { .. } => FaultKind::Illegal,
            Fault::Miscount { .. } => FaultKind::Miscount,
            Fault::Board { .. } => FaultKind::Board,
        }
    }
}

/// A fault that lost a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Forfeit {
    /// The seat at fault.
    pub seat: Seat,
    /// What went wrong.
    pub fault: Fault,
}

/// Board totals written as the protocol writes them: `14 26`.
struct Totals<'a>(&'a [u32]);

impl fmt::Display for Totals<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, total) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{total}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_command_and_the_answer() {
        let fault = Fault::Timeout { command: "play;".into(), limit_ms: 250 };
        assert_eq!(fault.to_string(), "no answer to `play;` within 250 ms");
        let fault = Fault::Board { engine: vec![14, 27], referee: vec![14, 26] };
        assert_eq!(fault.to_string(), "board disagrees: the engine has 14 27, the referee 14 26");
        assert_eq!(fault.kind(), FaultKind::Board);
    }
}

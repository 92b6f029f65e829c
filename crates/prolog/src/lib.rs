//! Checks a Prolog solution of the cribbage assignment that `crib` started
//! from: `hand_value(Hand, Startcard, Value)` and
//! `select_hand(Cards, Hand, Cribcards)` over `card(Rank, Suit)` terms.
//!
//! The file is loaded in one long-lived SWI-Prolog process (`swipl`), which
//! is asked every question in turn, each within its time limit; a question
//! past its limit is counted as a timeout and the process is started again.
//! The answers, read back from Prolog's own term syntax in any order of the
//! lists, are judged against `crib_core`'s count of every show and
//! `crib_ai`'s exact expectation of every keep, and summed up in a
//! [`Report`]: per predicate, the questions asked, right, wrong, errors by
//! kind and timeouts, the first mistakes with the right count said aloud,
//! and a score out of 50 and out of 20 by [`SCORE_RULE`].

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod check;
mod questions;
mod report;
mod swipl;

pub use check::{Options, Progress, check};
pub use questions::{EVERY_HAND, QuestionSet};
pub use report::{Errors, Fault, Mistake, Part, Report, SCORE_RULE, SetTally};
pub use swipl::{LOAD_LIMIT, LoadMessage};

/// Why a file could not be checked at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The SWI-Prolog program is not there.
    #[error(
        "{program}: SWI-Prolog is not installed (or not on the PATH); on Debian or Ubuntu \
         install it with `sudo apt-get install swi-prolog-nox`, or see https://www.swi-prolog.org/download/stable"
    )]
    NoSwipl {
        /// The program that was looked for.
        program: String,
    },
    /// The file cannot be read.
    #[error("{file}: {reason}")]
    File {
        /// The file.
        file: String,
        /// Why.
        reason: String,
    },
    /// SWI-Prolog stopped while loading the file (`halt/0` in a directive,
    /// for instance).
    #[error("{file}: swipl stopped while loading it ({status}){}", messages_text(messages))]
    LoadStopped {
        /// The file.
        file: String,
        /// How the process ended.
        status: String,
        /// What it said while loading.
        messages: Vec<LoadMessage>,
    },
    /// Loading the file took longer than [`LOAD_LIMIT`].
    #[error("{file}: loading it took longer than {seconds} s")]
    LoadTimeout {
        /// The file.
        file: String,
        /// The limit.
        seconds: u64,
    },
    /// The file defines neither predicate.
    #[error(
        "{file} defines neither hand_value/3 nor select_hand/3: nothing to check{}",
        messages_text(messages)
    )]
    NoPredicates {
        /// The file.
        file: String,
        /// The errors and warnings of loading it.
        messages: Vec<LoadMessage>,
    },
    /// Input or output with the process failed.
    #[error("{0}")]
    Io(String),
}

/// Load messages appended to an error's text.
fn messages_text(messages: &[LoadMessage]) -> String {
    let mut text = String::new();
    for message in messages {
        text.push_str(&format!("\n  {}: {}", message.kind, message.text.join("\n    ")));
    }
    text
}

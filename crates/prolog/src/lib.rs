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
mod error;
mod questions;
mod report;
mod swipl;

pub use check::{Options, Progress, check};
pub use error::{CheckError, LoadMessage};
pub use questions::{EVERY_HAND, QuestionSet};
pub use report::{Errors, Fault, Mistake, Part, Report, SCORE_RULE, SetTally};
pub use swipl::LOAD_LIMIT;

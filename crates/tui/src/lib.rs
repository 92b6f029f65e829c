//! Cribbage against the computer in the terminal.
//!
//! Three layers, so that everything but the terminal itself can be tested:
//!
//! - [`App`] (module `app`) is the game on screen as a state machine: keys
//!   and ticks in, state out. It plays a `crib_core` match, the person at
//!   one seat and an [`Opponent`] at the other, and presents the events of
//!   the game at a pace a person can follow, saying every score in
//!   [`narrate`]'s words.
//! - [`ui`] draws an `App` into a ratatui buffer: the two-track board, the
//!   table, the log, and windows for help, hints and questions.
//! - [`run`] (module `terminal`) owns the terminal: raw mode and the
//!   alternate screen, restored on every way out, and the loop of keys,
//!   resizes and ticks.
//!
//! ```
//! use crib_tui::{App, Computer, Options, Stage};
//! let app = App::new(Options { seed: 1, ..Options::default() }, Box::new(Computer::built_in(crib_ai::Strategy::Basic, 1)));
//! assert_eq!(app.stage(), Stage::Discard);
//! assert_eq!(app.hand_cards().len(), 6);
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod app;
mod hint;
pub mod narrate;
mod opponent;
mod terminal;
pub mod ui;

pub use app::{
    App, COMPUTER, COUNTED, Confirm, Ending, HUMAN, Options, Overlay, STEP, ShowItem, Stage, THINK,
};
pub use hint::{Hint, hint};
pub use opponent::{Computer, EngineOpponent, Opponent, OpponentError};
pub use terminal::{TuiError, require_terminal, run};

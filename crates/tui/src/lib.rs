//! Cribbage against the computer in the terminal.
//!
//! Three layers, so that everything but the terminal itself can be tested:
//!
//! - [`App`] (module `app`) is the game on screen as a state machine: keys
//!   and ticks in, state out. It plays a match at a [`crib_table::Table`],
//!   the person at one seat and a program (a built-in player or an engine)
//!   at the other, and presents the events of the game at a pace a person
//!   can follow, saying every score in the words of the one narration,
//!   `crib_table::narrate`.
//! - [`ui`] draws an `App` into a ratatui buffer: the two-track board, the
//!   table, the log, and windows for help, hints and questions.
//! - [`Drill`] (module `drill`, drawn by [`ui::drill`]) is counting
//!   practice: a hand or crib from a seeded deal, the person's count by
//!   kind, graded against the counter and said in the narration's words.
//! - [`run`] and [`run_drill`] (module `terminal`) own the terminal: raw mode and the
//!   alternate screen, restored on every way out, and the loop of keys,
//!   resizes and ticks.
//!
//! ```
//! use crib_table::{BuiltInContestant, Sitter};
//! use crib_tui::{App, Options, Stage};
//! let computer = Sitter::program(BuiltInContestant::new(crib_ai::Strategy::Basic));
//! let app = App::new(Options { seed: 1, ..Options::default() }, vec![computer], None);
//! assert_eq!(app.stage(), Stage::Discard);
//! assert_eq!(app.hand_cards().len(), 6);
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod app;
mod drill;
pub mod narrate;
mod terminal;
pub mod ui;

pub use app::{
    App, COUNTED, Confirm, Ending, HUMAN, Options, Overlay, STEP, ShowItem, Stage, THINK,
    seat_names,
};
pub use crib_ai::{Hint, hint};
pub use crib_table::advice::{HintRow, HintText};

/// The name the person at the terminal plays and is saved under: what
/// `crib stats me` looks for.
pub const ME: &str = "me";
pub use drill::{Drill, DrillOptions, DrillRecorder, DrillStage, Graded};
pub use terminal::{TuiError, require_terminal, run, run_drill};

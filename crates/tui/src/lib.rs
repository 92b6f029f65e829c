//! Cribbage against the computer in the terminal, in The Elm Architecture
//! (ratatui's own pattern): a model, the messages it takes, an `update`
//! that takes them, and a view that draws the model. Everything but the
//! terminal itself is tested by sending messages and drawing into a buffer.
//!
//! - [`App`] (module `app`) is the model of the game on screen. It plays a
//!   match at a [`crib_table::Table`], the person at one seat and
//!   programs (built-in players or engines) at the others, and presents the
//!   events of the game at a pace a person can follow, saying every score
//!   in the words of the one narration, `crib_table::narrate`. A key
//!   becomes a [`Message`] by [`key_message`], in the stage on screen;
//!   [`App::update`] takes it; time passing is [`Message::Tick`].
//! - [`ui`] is the view: it draws an `App` into a ratatui buffer (the board,
//!   the table, the log, and windows for help, hints and questions) and
//!   changes nothing but where a window too long for the screen is
//!   scrolled to, which it keeps within the window's lines.
//! - [`Drill`] (module `drill`, drawn by [`ui::drill`]) is counting
//!   practice in the same shape: a hand or crib from a seeded deal, the
//!   person's count by kind as [`DrillMessage`]s, graded against the
//!   counter and said in the narration's words.
//! - [`log`] is the message log on screen.
//! - [`run`] and [`run_drill`] (module `terminal`) own the terminal: raw
//!   mode and the alternate screen, restored on every way out, and the one
//!   loop for both: an event becomes a message, the model takes it, the
//!   view draws it.
//!
//! ```
//! use crib_table::{BuiltInContestant, Sitter};
//! use crib_tui::{App, Message, Options, Stage};
//! let computer = Sitter::program(BuiltInContestant::new(crib_ai::Strategy::Basic));
//! let mut app = App::new(Options { seed: 1, ..Options::default() }, vec![computer], None);
//! assert_eq!(app.stage(), Stage::Discard);
//! assert_eq!(app.hand_cards().len(), 6);
//! // The first two cards to the crib.
//! for message in [Message::Choose(0), Message::Choose(1), Message::Confirm] {
//!     app.update(message);
//! }
//! assert_eq!(app.table().kept.len(), 4);
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod app;
mod drill;
pub mod log;
mod terminal;
pub mod ui;

pub use app::{
    App, COUNTED, Ending, HUMAN, ME, Message, Options, Overlay, Question, STEP, Scroll, ShowItem,
    Stage, THINK, WindowScroll, WindowScrolled, key_message, seat_names,
};
pub use crib_ai::{Hint, hint};
pub use crib_table::advice::{HintRow, HintText};
pub use drill::{Drill, DrillMessage, DrillOptions, DrillRecorder, DrillStage, Graded};
pub use terminal::{TuiError, require_terminal, run, run_drill};

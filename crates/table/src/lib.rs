//! The table: who sits at each seat, the one driver loop that every game is
//! played through, and what is said of a game to the people at it: its
//! record, its narration, the expert's advice and the review.
//!
//! - `table`: one match at 2, 3 or 4 seats, who sits at each ([`Sitter`]: a
//!   person, or a program), and the driver loop ([`Table`]) that takes
//!   people's moves, asks each program for its own, tells every program what
//!   its seat may know and checks its board; every action taken goes to the
//!   table's [`Recorder`];
//! - `contestant`: the contract of a program at a seat ([`Contestant`]), what
//!   it is told ([`Notice`]), and the built-in players
//!   ([`BuiltInContestant`]);
//! - `fault`: every way a program can break the contract ([`Fault`], counted
//!   by [`FaultKind`]), and the fault that loses a game ([`Forfeit`]);
//! - `record`: the one record, a table's matches saved in `crib_store` as
//!   they are played ([`StoreRecorder`], [`QueuedRecorder`]);
//! - `narrate`: events in players' words, from one reader's side
//!   ([`narrate::narrate`], [`narrate::Perspective`]), and a counting drill's
//!   hands and record;
//! - `advice`: the expert's hints and the chance of winning in players' words
//!   ([`advice::hint_text`], [`advice::win_chance_text`]);
//! - `review`: a saved match's decisions by its people graded against the
//!   expert, the charts of the chance of winning, as SVG and as text, and
//!   each game's result split into skill and luck ([`review::review`]);
//! - `selfplay`: seeded games between built-in players at a table
//!   ([`play_game`]), and the rounds they measure ([`measure_rounds`]), from
//!   which the tables of the chance of winning are built.
//!
//! Engine processes, refereed matches of many games and their reports are
//! `crib_referee`'s, on top of this crate.
//!
//! ```
//! use crib_ai::Strategy;
//! use crib_core::{BySeat, GameConfig};
//! use crib_table::{BuiltInContestant, Dealing, Sitter, Table, TableSetup};
//! let seats = BySeat::from_vec(vec![
//!     Sitter::program(BuiltInContestant::new(Strategy::Basic)),
//!     Sitter::program(BuiltInContestant::new(Strategy::Random)),
//! ])
//! .expect("a sitter for each of two seats");
//! let setup = TableSetup {
//!     config: GameConfig::default(),
//!     length: 1.into(),
//!     seed: 7,
//!     muggins: false,
//!     muggins_pegging: false,
//! };
//! let mut table = Table::new(setup, seats, Dealing::Automatic, None);
//! table.start()?;
//! table.play_out()?;
//! assert!(table.play().winner().is_some());
//! # Ok::<(), crib_table::TableError>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod advice;
mod contestant;
mod fault;
pub mod narrate;
mod record;
pub mod review;
mod selfplay;
mod table;

pub use contestant::{BuiltInContestant, Contestant, Notice, SlowestAnswer};
pub use fault::{Fault, FaultKind, Forfeit};
pub use record::{QueuedRecorder, StoreRecorder, saved_player};
pub use selfplay::{GameOutcome, SelfPlayError, measure_rounds, play_game, play_game_watched};
pub use table::{
    Dealing, RecordError, Recorder, Sitter, Table, TableError, TableSetup, Taken, error_chain,
    pegging_to_count,
};

//! The referee of programs: engine processes that play seats over the
//! Cribbage Engine Protocol, games refereed between programs, and matches of
//! many games with their reports. Every game is played at a
//! [`crib_table::Table`], the one driver loop, whose contract for a program
//! at a seat is [`crib_table::Contestant`]; this crate adds the programs that
//! are processes, and the matches.
//!
//! - `process`: an engine process, its command line, the time limit on every
//!   answer, and reaping ([`EngineProcess`]);
//! - `engine`: an engine process playing a seat, each notice a protocol
//!   command and every answer checked ([`EngineContestant`]);
//! - `referee`: one game, refereed as a match of one game at a table of
//!   programs ([`referee_game`], [`GameRecord`]);
//! - `config`: what a match plays: its players, named by [`Entrant`], its
//!   deals, seeds and seatings ([`MatchConfig`]);
//! - `runner`: a match of many seeded games in parallel, with a log
//!   ([`run_match`]);
//! - `report`: wins, skunks, points, points per round by source and faults
//!   ([`MatchReport`], from each game's [`GameTally`]).
//!
//! An engine that crashes, answers late, answers garbage, refuses a legal
//! command, makes an illegal move, miscounts a show or keeps a board that
//! differs from the referee's loses that game
//! ([`Forfeit`](crib_table::Forfeit)); the match goes on, with a new process
//! for that engine. The crate's `crib-test-engine` binary is a small engine
//! with faults to order, for its tests and benchmark.
//!
//! ```
//! use crib_ai::Strategy;
//! use crib_core::GameConfig;
//! use crib_referee::{Entrant, MatchConfig, run_match};
//! let entrants = vec![Entrant::BuiltIn(Strategy::Basic), Entrant::BuiltIn(Strategy::Random)];
//! let config = MatchConfig::new(GameConfig::default(), entrants, 10, 7);
//! let report = run_match(&config, None, |_, _| {})?;
//! assert_eq!(report.teams[0].wins.count + report.teams[1].wins.count, 10);
//! # Ok::<(), crib_referee::MatchError>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod config;
mod engine;
mod process;
mod referee;
mod report;
mod runner;

pub use config::{Entrant, MatchConfig};
pub use engine::EngineContestant;
pub use process::{
    CommandLineError, DEFAULT_TIMEOUT, EngineCommand, EngineOptions, EngineProcess, EngineStderr,
    Expect,
};
pub use referee::{GameRecord, GameSetup, Outcome, SeatPlayer, referee_game};
pub use report::{
    FailureReport, GameTally, KindCount, MatchReport, Mean, PlayerReport, RolePoints,
    RoundAverages, RoundPoints, SideTally, TeamReport,
};
pub use runner::{MatchError, run_match, run_timed_match};

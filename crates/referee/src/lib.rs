//! The referee: it owns the truth of each game and has every seat played by
//! a [`Contestant`], either a built-in player in-process or an external
//! engine process spoken to over the Cribbage Engine Protocol.
//!
//! - `process`: an engine process, its command line, the time limit on every
//!   answer, and reaping ([`EngineProcess`]);
//! - `contestant`: what plays a seat, and what it is told ([`Contestant`],
//!   [`Notice`]);
//! - `referee`: one game, refereed ([`referee_game`], [`GameRecord`]);
//! - `runner`: a match of many seeded games in parallel, with a log
//!   ([`run_match`]);
//! - `report`: wins, skunks, points, points per round by source and faults
//!   ([`MatchReport`], from each game's [`GameTally`]);
//! - `review`: a saved match's decisions by its people graded against the
//!   expert, and the charts of the chance of winning ([`review::review`]);
//! - `fault`: every way a contestant can lose a game by breaking the
//!   contract ([`Fault`]).
//!
//! An engine that crashes, answers late, answers garbage, refuses a legal
//! command, makes an illegal move, miscounts a show or keeps a board that
//! differs from the referee's loses that game; the match goes on, with a new
//! process for that engine.
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

mod engine;
mod process;
mod referee;
mod report;
mod runner;

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
pub use runner::{Entrant, MatchConfig, MatchError, run_match};

//! What the subcommands that use saved games share: the `--db` option and
//! the JSON of a player's record. The terminal game is saved by the table's
//! one recorder, `crib_referee::StoreRecorder`.

use std::path::PathBuf;

use crib_store::{Record, RolePoints, Stats, Store};
use serde::Serialize;

/// The name the person at the terminal is saved under: `crib stats me`.
pub(crate) use crib_tui::ME;

/// Where the saved games are.
#[derive(Debug, clap::Args)]
pub(crate) struct Db {
    /// The database of saved games [default: crib.db in the platform's data
    /// directory, e.g. ~/.local/share/crib/].
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
}

impl Db {
    /// The database's file.
    pub(crate) fn path(&self) -> anyhow::Result<PathBuf> {
        match &self.db {
            Some(path) => Ok(path.clone()),
            None => Ok(Store::default_path()?),
        }
    }

    /// Opens the database, creating it if need be. The store's errors name
    /// the file, so none is added here.
    pub(crate) fn open(&self) -> anyhow::Result<Store> {
        Ok(Store::open(&self.path()?)?)
    }

    /// Opens the database for the commands that only read it: `None` if it
    /// does not exist (nothing is created).
    pub(crate) fn open_read_only(&self) -> anyhow::Result<Option<Store>> {
        Ok(Store::open_read_only(&self.path()?)?)
    }
}

/// `crib stats me --json`: the person's record and the computer's.
#[derive(Serialize)]
pub(crate) struct StatsJson {
    you: RecordJson,
    computer: RecordJson,
}

impl From<&Stats> for StatsJson {
    fn from(stats: &Stats) -> StatsJson {
        StatsJson { you: (&stats.player).into(), computer: (&stats.opponents).into() }
    }
}

/// A record as JSON: counts, and points per round in each role.
#[derive(Serialize)]
struct RecordJson {
    matches: u32,
    matches_won: u32,
    games: u32,
    games_won: u32,
    skunks_given: u32,
    double_skunks_given: u32,
    skunks_taken: u32,
    double_skunks_taken: u32,
    best_hand: u8,
    best_crib: u8,
    dealer: RoleJson,
    pone: RoleJson,
}

/// A role's rounds and its points per round by source.
#[derive(Serialize)]
struct RoleJson {
    rounds: u32,
    hand: f64,
    crib: f64,
    pegging: f64,
    heels: f64,
    muggins: f64,
}

impl From<&Record> for RecordJson {
    fn from(record: &Record) -> RecordJson {
        RecordJson {
            matches: record.matches,
            matches_won: record.matches_won,
            games: record.games,
            games_won: record.wins,
            skunks_given: record.skunks_given,
            double_skunks_given: record.double_skunks_given,
            skunks_taken: record.skunks_taken,
            double_skunks_taken: record.double_skunks_taken,
            best_hand: record.best_hand,
            best_crib: record.best_crib,
            dealer: (&record.dealer).into(),
            pone: (&record.pone).into(),
        }
    }
}

impl From<&RolePoints> for RoleJson {
    fn from(role: &RolePoints) -> RoleJson {
        RoleJson {
            rounds: role.rounds,
            hand: role.average(role.hand),
            crib: role.average(role.crib),
            pegging: role.average(role.pegging),
            heels: role.average(role.heels),
            muggins: role.average(role.muggins),
        }
    }
}

//! What the subcommands that use saved games share: the `--db` option and
//! the JSON of a player's record. The terminal game is saved by the table's
//! one recorder, `crib_table::StoreRecorder`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crib_core::{Category, DrillRecord};
use crib_store::{RecordFigures, Stats, Store};
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

    /// Opens the database for the commands that only read it: `None` if the
    /// default one does not exist yet (nothing is created); a file named
    /// with `--db` that does not exist is an error.
    pub(crate) fn open_read_only(&self) -> anyhow::Result<Option<Store>> {
        let path = self.path()?;
        if self.db.is_some() && !path.try_exists().unwrap_or(true) {
            anyhow::bail!(
                "no database {}: --db names a file crib has saved games in",
                path.display()
            );
        }
        Ok(Store::open_read_only(&path)?)
    }
}

/// `crib stats me --json`: the person's record and the computer's, and the
/// person's counting practice.
#[derive(Serialize)]
pub(crate) struct StatsJson {
    you: RecordFigures,
    computer: RecordFigures,
    drill: DrillJson,
}

impl StatsJson {
    pub(crate) fn new(stats: &Stats, drill: &DrillRecord) -> StatsJson {
        StatsJson {
            you: (&stats.player).into(),
            computer: (&stats.opponents).into(),
            drill: drill.into(),
        }
    }
}

/// A drill record as JSON: points and hands by kind, named as a count
/// names them (`fifteens`, `pairs`, `runs`, `flush`, `nobs`).
#[derive(Serialize)]
struct DrillJson {
    hands: u32,
    right: u32,
    accuracy: f64,
    median_millis: Option<u64>,
    missed_points: BTreeMap<String, u32>,
    missed_hands: BTreeMap<String, u32>,
    over_points: BTreeMap<String, u32>,
    over_hands: BTreeMap<String, u32>,
}

impl From<&DrillRecord> for DrillJson {
    fn from(record: &DrillRecord) -> DrillJson {
        let by_kind = |values: [u32; 5]| {
            Category::ALL
                .iter()
                .map(|category| (category.to_string(), values[category.index()]))
                .collect()
        };
        DrillJson {
            hands: record.hands,
            right: record.right,
            accuracy: record.accuracy(),
            median_millis: record.median_millis,
            missed_points: by_kind(record.missed_points),
            missed_hands: by_kind(record.missed_hands),
            over_points: by_kind(record.over_points),
            over_hands: by_kind(record.over_hands),
        }
    }
}

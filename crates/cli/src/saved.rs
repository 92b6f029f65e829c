//! What the subcommands that use saved games share: the `--db` option. The
//! terminal game is saved by the table's one recorder,
//! `crib_referee::StoreRecorder`.

use std::path::PathBuf;

use anyhow::Context;
use crib_store::Store;

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
    /// Opens the database, creating it if need be.
    pub(crate) fn open(&self) -> anyhow::Result<Store> {
        let path = match &self.db {
            Some(path) => path.clone(),
            None => Store::default_path().context("finding the saved games")?,
        };
        Store::open(&path).with_context(|| format!("opening the saved games {}", path.display()))
    }
}

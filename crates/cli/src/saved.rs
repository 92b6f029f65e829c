//! What the subcommands that use saved games share: the `--db` option, and
//! the recorder that saves the terminal game through `crib_store` as it is
//! played.

use std::path::PathBuf;

use anyhow::Context;
use crib_core::{Action, Claims, Event, GameConfig, Seat};
use crib_store::{GameId, NewGame, Player, Store};
use crib_tui::{Options, RecordError, Recorder};

/// The name the person at the terminal is saved under: `crib stats me`.
pub(crate) const ME: &str = "me";

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

/// Saves the terminal game: the person as `me` at seat 0, the computer at
/// seat 1 under `opponent` (its level, or an engine's command line).
pub(crate) struct StoreRecorder {
    store: Store,
    opponent: String,
    /// The match being saved.
    current: Option<GameId>,
}

impl StoreRecorder {
    /// A recorder of new matches.
    pub(crate) fn new(store: Store, opponent: String) -> StoreRecorder {
        StoreRecorder { store, opponent, current: None }
    }

    /// A recorder that goes on saving the match `id`.
    pub(crate) fn resuming(store: Store, opponent: String, id: GameId) -> StoreRecorder {
        StoreRecorder { store, opponent, current: Some(id) }
    }
}

impl Recorder for StoreRecorder {
    fn started(
        &mut self,
        options: &Options,
        seed: u64,
        events: &[Event],
    ) -> Result<(), RecordError> {
        // A new match while one is unfinished (r, restart) gives that one up.
        if let Some(id) = self.current.take() {
            self.store.abandon(id)?;
        }
        let setup = NewGame {
            seed,
            config: GameConfig::default(),
            games_to_win: options.games_to_win,
            muggins: options.muggins,
            players: vec![Player::person(ME), Player::computer(self.opponent.clone())],
        };
        self.current = Some(self.store.start(&setup, events)?);
        Ok(())
    }

    fn taken(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
        events: &[Event],
    ) -> Result<(), RecordError> {
        let id = self.current.ok_or("the match was not saved at its start")?;
        self.store.record(id, seat, action, claims, events)?;
        Ok(())
    }
}

//! What the subcommands that use saved games share: the `--db` option, the
//! JSON of a player's record, and the recorder that saves the terminal game
//! through `crib_store` as it is played.

use std::path::PathBuf;

use crib_core::{Action, Claims, Event, GameConfig, Seat};
use crib_store::{GameId, NewGame, Player, Record, RolePoints, Stats, Store};
use crib_tui::{Options, RecordError, Recorder};
use serde::Serialize;

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

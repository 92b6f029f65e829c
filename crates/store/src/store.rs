//! The [`Store`] handle: opening a database (checked to be crib's, then
//! migrated), its connections, and what a caller asks of it: starting a
//! match, recording each action in its own transaction, closing a match,
//! resuming by replay, the list of finished and unfinished matches (the
//! rows themselves are `matches`').
//!
//! Writes go through one connection behind a mutex: SQLite allows one
//! writer at a time anyway, and taking turns in the process is cheaper than
//! waiting on the file lock. Reads take a connection of their own from a
//! small pool, so that in WAL mode they never wait for the writer. Every
//! write is one short `BEGIN IMMEDIATE` transaction (the write lock taken
//! first, so it cannot fail half way for a lock), and a `busy_timeout`
//! covers other processes writing the same file.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use crib_core::{Action, Claims, Event, Seat};
use rusqlite::{Connection, OpenFlags, ToSql, TransactionBehavior};

use crate::StoreError;
use crate::matches::{
    COUNTED, close_given_up, events_json, insert_action, insert_game, load, mark_by_clock,
    summaries, summary,
};
use crate::saved::{GameId, GameSummary, NewGame, Resumed};
use crate::schema::{check_owner, migrate};
use crate::stats::Stats;

/// How long a write waits for another process holding the file's lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Reader connections kept open between reads; more are opened when needed.
const IDLE_READERS: usize = 4;

/// The saved games: a handle to one database, shared by every thread.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    /// Opened with [`Store::open_read_only`]: every connection is read-only.
    read_only: bool,
    writer: Mutex<Connection>,
    readers: Mutex<Vec<Connection>>,
}

impl Store {
    /// The database in the platform's data directory (for example
    /// `~/.local/share/crib/crib.db` on Linux).
    ///
    /// # Errors
    ///
    /// A platform without a home directory.
    pub fn default_path() -> Result<PathBuf, StoreError> {
        let dirs = directories::ProjectDirs::from("", "", "crib").ok_or(StoreError::NoDataDir)?;
        Ok(dirs.data_dir().join("crib.db"))
    }

    /// Opens the database at `path`, creating it and its directory if need
    /// be, and brings its schema up to date.
    ///
    /// # Errors
    ///
    /// A file that cannot be created or opened, is not a database, is
    /// another program's database ([`StoreError::Foreign`]: nothing is
    /// written into it), or has a newer schema; a failed migration.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        refuse_directory(path)?;
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|source| StoreError::CreateDir { path: dir.to_owned(), source })?;
        }
        let mut writer = connect(path)?;
        migrate(&mut writer)?;
        Ok(Store {
            path: path.to_owned(),
            read_only: false,
            writer: Mutex::new(writer),
            readers: Mutex::new(Vec::new()),
        })
    }

    /// Opens the database at `path` for reading only, for the commands that
    /// only look at saved games: `None` if there is no such file (no game
    /// has been saved there), and no file or directory is ever created.
    ///
    /// A database of crib's saved by an older version of the program is
    /// first brought up to date, as [`Store::open`] would (it is crib's own
    /// file, and the queries read the current schema); any other file is
    /// only read.
    ///
    /// # Errors
    ///
    /// A file that cannot be opened, is not a database, is another
    /// program's database, or has a newer schema; a failed migration. Writes
    /// through the handle fail.
    pub fn open_read_only(path: &Path) -> Result<Option<Store>, StoreError> {
        if !path
            .try_exists()
            .map_err(|source| StoreError::Look { path: path.to_owned(), source })?
        {
            return Ok(None);
        }
        refuse_directory(path)?;
        let conn = connect_read_only(path)?;
        let version = check_owner(&conn, path)?;
        if version == 0 {
            // An empty file: no game was ever saved in it.
            return Ok(None);
        }
        if version > crate::SCHEMA_VERSION {
            // Read as this program reads, a newer schema might be misread:
            // refused, as opening it to write is.
            let path = path.to_owned();
            return Err(StoreError::NewerSchema {
                path,
                found: version,
                known: crate::SCHEMA_VERSION,
            });
        }
        let writer = if version < crate::SCHEMA_VERSION {
            drop(conn);
            migrate(&mut connect(path)?)?;
            connect_read_only(path)?
        } else {
            conn
        };
        Ok(Some(Store {
            path: path.to_owned(),
            read_only: true,
            writer: Mutex::new(writer),
            readers: Mutex::new(Vec::new()),
        }))
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves the start of a match: its setup and the events of its start
    /// (the cut for the deal and the first game, as `Match::new` returned
    /// them). Returns its number, for [`Store::record`].
    ///
    /// # Errors
    ///
    /// A failed write.
    pub fn start(&self, setup: &NewGame, opening: &[Event]) -> Result<GameId, StoreError> {
        let opening = events_json(opening);
        let mut conn = self.writer();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id = insert_game(&tx, setup, &opening)?;
        tx.commit()?;
        Ok(id)
    }

    /// Saves one action of match `id`, taken by `seat` with `claims`, and
    /// the events it produced, in one transaction: once this returns, the
    /// action survives any crash. A game won is saved as a result; the match
    /// won closes the match as finished. Returns the action's number.
    ///
    /// # Errors
    ///
    /// No such match, a match already closed, a failed write.
    pub fn record(
        &self,
        id: GameId,
        seat: Seat,
        action: Action,
        claims: Claims,
        events: &[Event],
    ) -> Result<u32, StoreError> {
        let events_text = events_json(events);
        let mut conn = self.writer();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let ply = insert_action(&tx, id, seat, action, claims, events, &events_text)?;
        tx.commit()?;
        Ok(ply)
    }

    /// Marks the last action saved of match `id` as made by the move clock,
    /// for a person who ran out of time, as [`Writer::moved_by_clock`]
    /// does.
    ///
    /// # Errors
    ///
    /// A match with no action saved, a failed write.
    ///
    /// [`Writer::moved_by_clock`]: crate::Writer::moved_by_clock
    pub fn moved_by_clock(&self, id: GameId) -> Result<(), StoreError> {
        mark_by_clock(&self.writer(), id)
    }

    /// Gives up match `id` if it is still being played, with no one to
    /// blame: it is no longer offered for resuming, and is not in the
    /// history. A match already closed is left as it is.
    ///
    /// # Errors
    ///
    /// No such match, a failed write.
    pub fn abandon(&self, id: GameId) -> Result<(), StoreError> {
        self.give_up(id, None)
    }

    /// Gives up match `id` if it is still being played, by the player at
    /// `seat` (resigned, or quit to start another): it is no longer offered
    /// for resuming, and counts as a loss for that seat's side in the history
    /// and the statistics. With `None`, as [`Store::abandon`]. A match
    /// already closed is left as it is.
    ///
    /// # Errors
    ///
    /// No such match, a failed write.
    pub fn give_up(&self, id: GameId, seat: Option<Seat>) -> Result<(), StoreError> {
        close_given_up(&self.writer(), id, seat)
    }

    /// Match `id` as listed.
    ///
    /// # Errors
    ///
    /// No such match; a row this program cannot read.
    pub fn game(&self, id: GameId) -> Result<GameSummary, StoreError> {
        self.read(|conn| summary(conn, id))
    }

    /// The matches that count: finished, or given up by a player (a loss for
    /// their side), the latest first.
    ///
    /// # Errors
    ///
    /// A failed read; a row this program cannot read.
    pub fn history(&self) -> Result<Vec<GameSummary>, StoreError> {
        self.read(|conn| summaries(conn, COUNTED))
    }

    /// The matches being played or interrupted, the latest first: the ones
    /// to offer for resuming.
    ///
    /// # Errors
    ///
    /// A failed read; a row this program cannot read.
    pub fn unfinished(&self) -> Result<Vec<GameSummary>, StoreError> {
        self.read(|conn| summaries(conn, "games.status = 'playing'"))
    }

    /// Match `id` replayed from its seed and recorded actions to where it
    /// stopped, every event checked against the stored ones.
    ///
    /// # Errors
    ///
    /// No such match; a stored action that is unreadable, refused by the
    /// rules, or gives other events than were stored.
    pub fn resume(&self, id: GameId) -> Result<Resumed, StoreError> {
        self.read(|conn| load(conn, id))
    }

    /// Every event of match `id`, in order, for a replay.
    ///
    /// # Errors
    ///
    /// As [`Store::resume`].
    pub fn events(&self, id: GameId) -> Result<Vec<Event>, StoreError> {
        self.resume(id).map(|resumed| resumed.events)
    }

    /// The record of the player named `name` over their finished matches,
    /// and their opponents' over the same matches.
    ///
    /// # Errors
    ///
    /// A failed read; a finished match that does not replay.
    pub fn stats(&self, name: &str) -> Result<Stats, StoreError> {
        self.read(|conn| stats_of(conn, "seats.name = ?1", &name))
    }

    /// The writer, for one transaction.
    pub(crate) fn writer(&self) -> MutexGuard<'_, Connection> {
        // A thread that panicked while holding the writer dropped its
        // transaction, which rolled back: the connection is sound.
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `read` on a reader connection from the pool.
    pub(crate) fn read<T>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let idle = self.readers.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let conn = match idle {
            Some(conn) => conn,
            None if self.read_only => connect_read_only(&self.path)?,
            None => connect(&self.path)?,
        };
        // One transaction, so that a read of several queries sees one
        // state of the file even while the writer goes on.
        conn.execute_batch("BEGIN")?;
        let result = read(&conn);
        conn.execute_batch("COMMIT")?;
        let mut readers = self.readers.lock().unwrap_or_else(PoisonError::into_inner);
        if readers.len() < IDLE_READERS {
            readers.push(conn);
        }
        result
    }
}

/// Opens a connection set up for sharing the file: WAL, so readers never
/// block the writer; `synchronous = FULL`, so a committed action survives a
/// crash of the machine, not only of the program; foreign keys on; a busy
/// timeout for other processes. Whose file it is is checked before anything
/// is set, since setting WAL writes to the file.
pub(crate) fn connect(path: &Path) -> Result<Connection, StoreError> {
    let failed = |source| StoreError::Open { path: path.to_owned(), source };
    let conn = Connection::open(path).map_err(failed)?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(failed)?;
    check_owner(&conn, path)?;
    let set_up = |conn: &Connection| -> Result<(), rusqlite::Error> {
        let _mode: String =
            conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")
    };
    set_up(&conn).map_err(failed)?;
    Ok(conn)
}

/// A directory where a database file is expected is said to be one, not
/// left to SQLite's "disk I/O error".
fn refuse_directory(path: &Path) -> Result<(), StoreError> {
    if path.is_dir() {
        return Err(StoreError::Directory { path: path.to_owned() });
    }
    Ok(())
}

/// Opens a connection that can only read, and never creates the file.
///
/// A reader of a database in WAL mode needs its shared-memory file (`-shm`)
/// beside it, and makes one if there is none. On a read-only file system it
/// cannot; nothing there can change the file either, so it is then read as
/// immutable, without that file.
fn connect_read_only(path: &Path) -> Result<Connection, StoreError> {
    let failed = |source| StoreError::Open { path: path.to_owned(), source };
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(failed)?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(failed)?;
    let readable =
        conn.query_row("SELECT COUNT(*) FROM sqlite_schema", [], |row| row.get::<_, i64>(0));
    match readable {
        Err(rusqlite::Error::SqliteFailure(error, _))
            if error.code == rusqlite::ErrorCode::CannotOpen
                && path.metadata().is_ok_and(|file| file.is_file()) =>
        {
            drop(conn);
            let uri = format!("file:{}?immutable=1", uri_path(path));
            let conn = Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)
                .map_err(failed)?;
            Ok(conn)
        }
        _ => Ok(conn),
    }
}

/// A path as the path of an SQLite `file:` URI: `%`, `?` and `#` escaped.
fn uri_path(path: &Path) -> String {
    let mut text = String::new();
    for c in path.to_string_lossy().chars() {
        match c {
            '%' => text.push_str("%25"),
            '?' => text.push_str("%3f"),
            '#' => text.push_str("%23"),
            c => text.push(c),
        }
    }
    text
}

/// The record of the seats that `seats` (an SQL condition over `seats`,
/// with `param` as `?1`) picks, over their finished matches.
pub(crate) fn stats_of(
    conn: &Connection,
    seats: &str,
    param: &dyn ToSql,
) -> Result<Stats, StoreError> {
    let mut statement = conn.prepare(&format!(
        "SELECT games.id, seats.seat FROM games JOIN seats ON seats.game_id = games.id
         WHERE {COUNTED} AND {seats} ORDER BY games.id, seats.seat",
    ))?;
    let rows: Vec<(i64, i64)> = statement
        .query_map([param], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut stats = Stats::default();
    for game in rows.chunk_by(|a, b| a.0 == b.0) {
        let resumed = load(conn, GameId(game[0].0))?;
        let seats: Vec<Seat> = game
            .iter()
            .filter_map(|&(_, seat)| {
                usize::try_from(seat).ok().and_then(|seat| Seat::ALL.get(seat))
            })
            .copied()
            .collect();
        stats.add_match(&resumed.summary, &resumed.events, &seats);
    }
    Ok(stats)
}

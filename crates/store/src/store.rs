//! The [`Store`] handle and everything it reads and writes: starting a
//! match, recording each action in its own transaction, closing a match,
//! loading and resuming by replay, the list of finished and unfinished
//! matches.
//!
//! Writes go through one connection behind a mutex: SQLite allows one
//! writer at a time anyway, and taking turns in the process is cheaper than
//! waiting on the file lock. Reads take a connection of their own from a
//! small pool, so that in WAL mode they never wait for the writer. Every
//! write is one short `BEGIN IMMEDIATE` transaction (the write lock taken
//! first, so it cannot fail half way for a lock), and a `busy_timeout`
//! covers other processes writing the same file.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use crib_core::{Action, Claims, Event, GameConfig, GameResult, Match, Seat, Side, Skunk};
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};

use crate::StoreError;
use crate::codec::{action_text, claims_text, parse_action, parse_claims};
use crate::schema::{check_owner, migrate};
use crate::stats::Stats;

/// How long a write waits for another process holding the file's lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Reader connections kept open between reads; more are opened when needed.
const IDLE_READERS: usize = 4;

/// The number of a saved match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for GameId {
    type Err = std::num::ParseIntError;

    fn from_str(text: &str) -> Result<GameId, Self::Err> {
        text.trim().parse().map(GameId)
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A person, at the terminal or in a browser.
    Person,
    /// A built-in player or an engine.
    Computer,
}

impl PlayerKind {
    const fn as_str(self) -> &'static str {
        match self {
            PlayerKind::Person => "person",
            PlayerKind::Computer => "computer",
        }
    }
}

/// The player of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// A person or a computer.
    pub kind: PlayerKind,
    /// The person's name (`me` at the terminal), or the computer player's
    /// (`basic`, `random`, an engine's command line).
    pub name: String,
}

impl Player {
    /// A person named `name`.
    #[must_use]
    pub fn person(name: impl Into<String>) -> Player {
        Player { kind: PlayerKind::Person, name: name.into() }
    }

    /// A computer player named `name`.
    #[must_use]
    pub fn computer(name: impl Into<String>) -> Player {
        Player { kind: PlayerKind::Computer, name: name.into() }
    }
}

/// Everything that determines a match besides its players' actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The match's seed: the cut for the deal and every deck.
    pub seed: u64,
    /// The players and the target.
    pub config: GameConfig,
    /// The games a side must win to win the match.
    pub games_to_win: u32,
    /// Whether a person counts their own shows (recorded as claims).
    pub muggins: bool,
    /// Whether, with muggins, a person also counts what each card they
    /// play pegs (saved in the same column as `muggins`: 2 for both).
    pub muggins_pegging: bool,
    /// The player of each seat, seat 0 first.
    pub players: Vec<Player>,
}

/// Where a saved match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Being played, or interrupted: it can be resumed.
    Playing,
    /// A side won the match.
    Finished,
    /// Given up before it was won.
    Abandoned,
}

impl Status {
    fn parse(text: &str) -> Option<Status> {
        match text {
            "playing" => Some(Status::Playing),
            "finished" => Some(Status::Finished),
            "abandoned" => Some(Status::Abandoned),
            _ => None,
        }
    }
}

/// The result of one game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The game's number in the match, from 0.
    pub game: u32,
    /// The side that won it.
    pub winner: Side,
    /// Every side's score, side 0 first.
    pub scores: Vec<u16>,
    /// The deepest skunk of a loser.
    pub skunk: Skunk,
    /// The rounds dealt.
    pub rounds: u32,
}

/// A saved match as listed: its setup, players and results, without its
/// actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// Its number.
    pub id: GameId,
    /// When it started, UTC, as `2026-11-22T14:06:01Z`.
    pub started_at: String,
    /// When it was won or given up.
    pub finished_at: Option<String>,
    /// Where it stands.
    pub status: Status,
    /// What determines it besides the actions.
    pub setup: NewGame,
    /// The side that won the match, once won.
    pub winner: Option<Side>,
    /// Each game won so far, in order.
    pub results: Vec<Outcome>,
    /// The actions recorded.
    pub moves: u32,
    /// The seat whose player gave the match up, if one did: a loss for its
    /// side.
    pub given_up_by: Option<Seat>,
}

impl GameSummary {
    /// The side that won the match: the one that won its games or, when the
    /// match was given up, the other side of two (with three sides a match
    /// given up is won by no one).
    #[must_use]
    pub fn match_winner(&self) -> Option<Side> {
        self.winner.or_else(|| {
            let config = self.setup.config;
            let quitter = config.side_of(self.given_up_by?);
            let mut others = config.all_sides().filter(|&side| side != quitter);
            match (others.next(), others.next()) {
                (Some(other), None) => Some(other),
                _ => None,
            }
        })
    }

    /// Games won by each side, side 0 first.
    #[must_use]
    pub fn games_won(&self) -> Vec<u32> {
        let mut won = vec![0; usize::from(self.setup.config.sides())];
        for outcome in &self.results {
            if let Some(count) = won.get_mut(outcome.winner.index()) {
                *count += 1;
            }
        }
        won
    }
}

/// One recorded action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Its number in the match, from 0.
    pub ply: u32,
    /// The seat that took it.
    pub seat: Seat,
    /// The action.
    pub action: Action,
    /// The shows counted by their own seats with it (muggins).
    pub claims: Claims,
}

/// A saved match replayed to where it stopped.
#[derive(Clone, Debug)]
pub struct Resumed {
    /// The match as listed.
    pub summary: GameSummary,
    /// The match in play, every recorded action taken again: ready for the
    /// next action (or won).
    pub play: Match,
    /// Every event of the match in order, the cut for the deal first, as
    /// they were when played (checked against the stored ones).
    pub events: Vec<Event>,
    /// The recorded actions, in order.
    pub moves: Vec<Move>,
}

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
        let conn = connect_read_only(path)?;
        let version = check_owner(&conn, path)?;
        if version == 0 {
            // An empty file: no game was ever saved in it.
            return Ok(None);
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
        self.read(|conn| {
            let mut statement = conn.prepare(&format!(
                "SELECT DISTINCT games.id FROM games JOIN seats ON seats.game_id = games.id
                 WHERE {COUNTED} AND seats.name = ?1 ORDER BY games.id",
            ))?;
            let ids: Vec<i64> =
                statement.query_map([name], |row| row.get(0))?.collect::<Result<_, _>>()?;
            let mut stats = Stats::default();
            for id in ids {
                let resumed = load(conn, GameId(id))?;
                let seats: Vec<Seat> = resumed
                    .summary
                    .setup
                    .players
                    .iter()
                    .zip(Seat::ALL)
                    .filter(|(player, _)| player.name == name)
                    .map(|(_, seat)| seat)
                    .collect();
                stats.add_match(&resumed.summary, &resumed.events, &seats);
            }
            Ok(stats)
        })
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

/// Opens a connection that can only read, and never creates the file.
fn connect_read_only(path: &Path) -> Result<Connection, StoreError> {
    let failed = |source| StoreError::Open { path: path.to_owned(), source };
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(failed)?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(failed)?;
    Ok(conn)
}

/// Inserts a new match and its seats; returns its number. Part of the
/// caller's transaction.
pub(crate) fn insert_game(
    conn: &Connection,
    setup: &NewGame,
    opening: &str,
) -> Result<GameId, StoreError> {
    conn.execute(
        "INSERT INTO games (seed, players, target, games_to_win, muggins, opening)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            seed_to_sql(setup.seed),
            setup.config.players(),
            setup.config.target(),
            setup.games_to_win,
            muggins_column(setup),
            opening
        ],
    )?;
    let id = conn.last_insert_rowid();
    let mut insert = conn
        .prepare_cached("INSERT INTO seats (game_id, seat, kind, name) VALUES (?1, ?2, ?3, ?4)")?;
    for (seat, player) in setup.players.iter().enumerate() {
        insert.execute(params![id, seat as i64, player.kind.as_str(), player.name])?;
    }
    Ok(GameId(id))
}

/// Inserts the next action of match `id` (whose events are `events`, as
/// JSON `events_text`) with the results it wins; returns its number. Part of
/// the caller's transaction.
pub(crate) fn insert_action(
    conn: &Connection,
    id: GameId,
    seat: Seat,
    action: Action,
    claims: Claims,
    events: &[Event],
    events_text: &str,
) -> Result<u32, StoreError> {
    let status: Option<String> = conn
        .prepare_cached("SELECT status FROM games WHERE id = ?1")?
        .query_row([id.0], |row| row.get(0))
        .optional()?;
    match status.as_deref() {
        None => return Err(StoreError::NoSuchGame(id)),
        Some("playing") => {}
        Some(_) => return Err(StoreError::Closed(id)),
    }
    let ply: u32 = conn
        .prepare_cached("SELECT COALESCE(MAX(ply) + 1, 0) FROM actions WHERE game_id = ?1")?
        .query_row([id.0], |row| row.get(0))?;
    conn.prepare_cached(
        "INSERT INTO actions (game_id, ply, seat, action, claims, events)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        id.0,
        ply,
        seat.index() as i64,
        action_text(action),
        claims_text(claims),
        events_text
    ])?;
    save_results(conn, id, events)?;
    Ok(ply)
}

/// Closes match `id` as given up by `seat`, if it is still being played.
pub(crate) fn close_given_up(
    conn: &Connection,
    id: GameId,
    seat: Option<Seat>,
) -> Result<(), StoreError> {
    let exists: Option<i64> = conn
        .query_row("SELECT id FROM games WHERE id = ?1", [id.0], |row| row.get(0))
        .optional()?;
    if exists.is_none() {
        return Err(StoreError::NoSuchGame(id));
    }
    conn.execute(
        "UPDATE games SET status = 'abandoned', given_up_by = ?2,
             finished_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
         WHERE id = ?1 AND status = 'playing'",
        params![id.0, seat.map(|seat| seat.index() as i64)],
    )?;
    Ok(())
}

/// The JSON of a list of events: what replays are checked against.
pub(crate) fn events_json(events: &[Event]) -> String {
    serde_json::to_string(events).expect("events serialize: every field is plain data")
}

/// A `u64` seed as SQLite's `i64`: the same 64 bits.
pub(crate) const fn seed_to_sql(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

pub(crate) const fn seed_from_sql(value: i64) -> u64 {
    u64::from_ne_bytes(value.to_ne_bytes())
}

fn skunk_text(skunk: Skunk) -> &'static str {
    match skunk {
        Skunk::None => "none",
        Skunk::Single => "single",
        Skunk::Double => "double",
    }
}

fn parse_skunk(text: &str) -> Option<Skunk> {
    match text {
        "none" => Some(Skunk::None),
        "single" => Some(Skunk::Single),
        "double" => Some(Skunk::Double),
        _ => None,
    }
}

/// Saves the games and the match that `events` won, in the caller's
/// transaction.
fn save_results(conn: &Connection, id: GameId, events: &[Event]) -> Result<(), StoreError> {
    for event in events {
        match event {
            Event::GameWon(result) => insert_result(conn, id, result)?,
            Event::MatchWon { winner, .. } => {
                conn.execute(
                    "UPDATE games SET status = 'finished', winner = ?2,
                         finished_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
                     WHERE id = ?1",
                    params![id.0, winner.index() as i64],
                )?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn insert_result(conn: &Connection, id: GameId, result: &GameResult) -> Result<(), StoreError> {
    let scores: Vec<String> = result.scores.iter().map(u16::to_string).collect();
    conn.execute(
        "INSERT INTO results (game_id, game, winner, scores, skunk, rounds)
         VALUES (?1, (SELECT COUNT(*) FROM results WHERE game_id = ?1), ?2, ?3, ?4, ?5)",
        params![
            id.0,
            result.winner.index() as i64,
            scores.join(" "),
            skunk_text(result.skunk()),
            result.rounds
        ],
    )?;
    Ok(())
}

/// Fills the results of matches saved before there was a table for them
/// (migration 2), by replaying them. A match that does not replay is left
/// without results here; loading it reports why.
pub(crate) fn backfill_results(conn: &Connection) -> Result<(), StoreError> {
    let mut statement = conn.prepare("SELECT id FROM games ORDER BY id")?;
    let ids: Vec<i64> = statement.query_map([], |row| row.get(0))?.collect::<Result<_, _>>()?;
    for id in ids {
        if let Ok(resumed) = load(conn, GameId(id)) {
            save_results(conn, GameId(id), &resumed.events)?;
        }
    }
    Ok(())
}

const SUMMARY_COLUMNS: &str = "id, started_at, finished_at, status, seed, players, target,
     games_to_win, muggins, winner, (SELECT COUNT(*) FROM actions WHERE game_id = games.id),
     given_up_by";

/// The matches that count in the history and the statistics: those won,
/// and those a person gave up (a loss for their side).
const COUNTED: &str = "(games.status = 'finished' OR games.given_up_by IS NOT NULL)";

/// How the `muggins` column says what people count: 0 nothing, 1 their
/// shows, 2 their shows and their pegging. Databases written before counting
/// the pegging hold only 0 and 1, so no migration is needed.
fn muggins_column(setup: &NewGame) -> u8 {
    u8::from(setup.muggins) + u8::from(setup.muggins && setup.muggins_pegging)
}

/// A `games` row as read, before its seats and results.
struct GameRow {
    id: i64,
    started_at: String,
    finished_at: Option<String>,
    status: String,
    seed: i64,
    players: u8,
    target: u8,
    games_to_win: u32,
    /// 0 without muggins, 1 for the shows, 2 for the shows and the pegging.
    muggins: u8,
    winner: Option<u8>,
    moves: u32,
    given_up_by: Option<u8>,
}

fn game_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: row.get(0)?,
        started_at: row.get(1)?,
        finished_at: row.get(2)?,
        status: row.get(3)?,
        seed: row.get(4)?,
        players: row.get(5)?,
        target: row.get(6)?,
        games_to_win: row.get(7)?,
        muggins: row.get(8)?,
        winner: row.get(9)?,
        moves: row.get(10)?,
        given_up_by: row.get(11)?,
    })
}

fn summary(conn: &Connection, id: GameId) -> Result<GameSummary, StoreError> {
    let row = conn
        .query_row(&format!("SELECT {SUMMARY_COLUMNS} FROM games WHERE id = ?1"), [id.0], game_row)
        .optional()?
        .ok_or(StoreError::NoSuchGame(id))?;
    complete(conn, row)
}

/// The matches `condition` (an SQL expression over `games`) picks, the
/// latest first.
fn summaries(conn: &Connection, condition: &str) -> Result<Vec<GameSummary>, StoreError> {
    let mut statement = conn.prepare(&format!(
        "SELECT {SUMMARY_COLUMNS} FROM games WHERE {condition} ORDER BY id DESC"
    ))?;
    let rows: Vec<GameRow> = statement.query_map([], game_row)?.collect::<Result<_, _>>()?;
    rows.into_iter().map(|row| complete(conn, row)).collect()
}

/// A summary from its `games` row, its seats and its results.
fn complete(conn: &Connection, row: GameRow) -> Result<GameSummary, StoreError> {
    let id = GameId(row.id);
    let unreadable = |what, text: String| StoreError::Unreadable { game: id, what, text };
    let config = GameConfig::new(row.players, row.target)
        .map_err(|source| StoreError::Config { game: id, source })?;
    let side = |index: u8| {
        config
            .all_sides()
            .nth(usize::from(index))
            .ok_or_else(|| unreadable("side", index.to_string()))
    };
    let status =
        Status::parse(&row.status).ok_or_else(|| unreadable("status", row.status.clone()))?;
    let winner = row.winner.map(side).transpose()?;
    let given_up_by = row
        .given_up_by
        .map(|index| config.seat(index).map_err(|_| unreadable("seat", index.to_string())))
        .transpose()?;

    let mut statement =
        conn.prepare_cached("SELECT kind, name FROM seats WHERE game_id = ?1 ORDER BY seat")?;
    let seats: Vec<(String, String)> = statement
        .query_map([id.0], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let players = seats
        .into_iter()
        .map(|(kind, name)| match kind.as_str() {
            "person" => Ok(Player::person(name)),
            "computer" => Ok(Player::computer(name)),
            _ => Err(unreadable("player kind", kind)),
        })
        .collect::<Result<Vec<_>, _>>()?;

    let mut statement = conn.prepare_cached(
        "SELECT game, winner, scores, skunk, rounds FROM results WHERE game_id = ?1 ORDER BY game",
    )?;
    let rows: Vec<(u32, u8, String, String, u32)> = statement
        .query_map([id.0], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut results = Vec::with_capacity(rows.len());
    for (game, winner, scores, skunk, rounds) in rows {
        let parsed: Result<Vec<u16>, _> = scores.split_whitespace().map(str::parse).collect();
        results.push(Outcome {
            game,
            winner: side(winner)?,
            scores: parsed.map_err(|_| unreadable("scores", scores.clone()))?,
            skunk: parse_skunk(&skunk).ok_or_else(|| unreadable("skunk", skunk.clone()))?,
            rounds,
        });
    }

    Ok(GameSummary {
        id,
        started_at: row.started_at,
        finished_at: row.finished_at,
        status,
        setup: NewGame {
            seed: seed_from_sql(row.seed),
            config,
            games_to_win: row.games_to_win,
            muggins: row.muggins > 0,
            muggins_pegging: row.muggins > 1,
            players,
        },
        winner,
        results,
        moves: row.moves,
        given_up_by,
    })
}

/// Match `id` replayed from its seed and actions, every event checked.
fn load(conn: &Connection, id: GameId) -> Result<Resumed, StoreError> {
    let summary = summary(conn, id)?;
    let opening: String =
        conn.query_row("SELECT opening FROM games WHERE id = ?1", [id.0], |row| row.get(0))?;
    let setup = &summary.setup;
    let (mut play, mut events) = Match::new(setup.config, setup.games_to_win, setup.seed)
        .map_err(|source| StoreError::Config { game: id, source })?;
    if events_json(&events) != opening {
        return Err(StoreError::Diverged { game: id, ply: None });
    }

    let mut statement = conn.prepare_cached(
        "SELECT ply, seat, action, claims, events FROM actions WHERE game_id = ?1 ORDER BY ply",
    )?;
    let rows: Vec<(u32, u8, String, Option<String>, String)> = statement
        .query_map([id.0], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut moves = Vec::with_capacity(rows.len());
    for (expected, (ply, seat, action, claims, stored)) in (0..).zip(rows) {
        let unreadable = |what, text: String| StoreError::Unreadable { game: id, what, text };
        if ply != expected {
            return Err(unreadable("action number", ply.to_string()));
        }
        let seat = Seat::new(seat).ok_or_else(|| unreadable("seat", seat.to_string()))?;
        let action = parse_action(&action).ok_or_else(|| unreadable("action", action.clone()))?;
        let claims = parse_claims(claims.as_deref())
            .ok_or_else(|| unreadable("claims", claims.clone().unwrap_or_default()))?;
        let produced = play
            .play_claiming(seat, action, claims)
            .map_err(|source| StoreError::Illegal { game: id, ply, source })?;
        if events_json(&produced) != stored {
            return Err(StoreError::Diverged { game: id, ply: Some(ply) });
        }
        events.extend(produced);
        moves.push(Move { ply, seat, action, claims });
    }
    Ok(Resumed { summary, play, events, moves })
}

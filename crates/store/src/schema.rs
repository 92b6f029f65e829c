//! The database's schema and its migrations.
//!
//! The schema's version is SQLite's `PRAGMA user_version`: 0 for an empty
//! file, then the number of migrations applied. Each migration runs in the
//! transaction that also sets the new version, so a crash in the middle of
//! one leaves the file at the version before it. Migrations are only ever
//! appended: a released schema is never edited, since files written by it
//! exist.
//!
//! Whose file it is is SQLite's `PRAGMA application_id`, set to
//! [`APPLICATION_ID`] by the fourth migration. A file is crib's if it has
//! that id, or no id and either nothing in it yet or the tables of an older
//! crib (the schemas before the fourth did not set it); any other database
//! is refused before anything is written into it.

use std::path::Path;

use rusqlite::{Connection, Transaction, TransactionBehavior};

use crate::StoreError;

/// The first schema: games (matches), their seats and their actions.
///
/// A seed is a `u64`; SQLite integers are `i64`, so it is stored as the same
/// 64 bits. Times are UTC text that sorts (`2026-11-22T14:06:01Z`). Each
/// action row carries the JSON of the events it produced, so that a replay
/// can check itself against what was played.
const V1: &str = "
CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    started_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at  TEXT,
    status       TEXT    NOT NULL DEFAULT 'playing'
                 CHECK (status IN ('playing', 'finished', 'abandoned')),
    seed         INTEGER NOT NULL,
    players      INTEGER NOT NULL,
    target       INTEGER NOT NULL,
    games_to_win INTEGER NOT NULL,
    muggins      INTEGER NOT NULL,
    opening      TEXT    NOT NULL,
    winner       INTEGER
);
CREATE INDEX games_by_status ON games (status, id);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    kind    TEXT    NOT NULL CHECK (kind IN ('person', 'computer')),
    name    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_name ON seats (name);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT    NOT NULL,
    claims  TEXT,
    events  TEXT    NOT NULL,
    at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
";

/// The second schema: the result of every game of a match in its own row,
/// written with the action that won it, so that the history is a query
/// rather than a replay of every match. Matches saved under the first schema
/// are replayed once to fill it.
const V2: &str = "
CREATE TABLE results (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    game    INTEGER NOT NULL,
    winner  INTEGER NOT NULL,
    scores  TEXT    NOT NULL,
    skunk   TEXT    NOT NULL CHECK (skunk IN ('none', 'single', 'double')),
    rounds  INTEGER NOT NULL,
    PRIMARY KEY (game_id, game)
) WITHOUT ROWID;
";

/// The third schema: the browser's tables. A table outlives the matches
/// played at it (a new game at the same table is a new match), so it is
/// found by its own id and points at its current match. The seats' tokens
/// are never stored, only a hash of each: enough to recognise a seat after
/// a restart, useless to anyone who reads the file.
const V3: &str = "
CREATE TABLE web_tables (
    table_id     TEXT    PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    opponent     TEXT    NOT NULL,
    seed         INTEGER NOT NULL,
    games_to_win INTEGER NOT NULL,
    matches      INTEGER NOT NULL,
    joined       INTEGER NOT NULL,
    token_hash_0 TEXT    NOT NULL,
    token_hash_1 TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX web_tables_by_game ON web_tables (game_id);
";

/// The `application_id` of crib's databases: "crib" in ASCII.
pub const APPLICATION_ID: i32 = i32::from_be_bytes(*b"crib");

/// The fifth schema: who gave up a match. A match given up by a person
/// (resigned, or quit to start another) is a loss for their side in the
/// history and the statistics; one closed by no one in particular (a browser
/// table left to expire) is not counted at all.
const V5: &str = "ALTER TABLE games ADD COLUMN given_up_by INTEGER;";

/// The sixth schema: browser tables of 2, 3 or 4 seats. Each seat's kind
/// (in the server's words), whether it is taken, and its token's hash, as
/// JSON arrays, seat 0 first; the two-seat columns of the third schema are
/// filled in from them for every table saved before.
const V6: &str = "
ALTER TABLE web_tables ADD COLUMN seat_kinds TEXT;
ALTER TABLE web_tables ADD COLUMN seat_joined TEXT;
ALTER TABLE web_tables ADD COLUMN seat_hashes TEXT;
UPDATE web_tables SET
    seat_kinds = json_array('you',
        CASE opponent WHEN 'person' THEN 'person' ELSE 'computer:' || opponent END),
    seat_joined = json_array(json('true'),
        CASE WHEN opponent = 'person' AND joined = 0 THEN json('false') ELSE json('true') END),
    seat_hashes = json_array(token_hash_0, token_hash_1);
";

/// The seventh schema: counting practice. Each answer of a drill in its own
/// row: the drill's seed and the hand's number (which deal the hand again),
/// the cards as dealt, whether they were a crib, the true count and the
/// person's, and their points by kind as JSON objects (`{"fifteens": 4,
/// "pairs": 2, "runs": 0, "flush": 0, "nobs": 1}`): the truth, the answer,
/// what was missed and what was over-counted. Self-contained: it refers to
/// no other table, and made only if it is not there (a file whose version
/// was set back keeps it).
const V7: &str = "
CREATE TABLE IF NOT EXISTS drill_answers (
    id       INTEGER PRIMARY KEY,
    at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    player   TEXT    NOT NULL,
    place    TEXT    NOT NULL CHECK (place IN ('terminal', 'browser')),
    seed     INTEGER NOT NULL,
    number   INTEGER NOT NULL,
    hand     TEXT    NOT NULL,
    starter  TEXT    NOT NULL,
    crib     INTEGER NOT NULL,
    points   INTEGER NOT NULL,
    answered INTEGER NOT NULL,
    truth    TEXT    NOT NULL,
    answer   TEXT    NOT NULL,
    missed   TEXT    NOT NULL,
    over     TEXT    NOT NULL,
    millis   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS drill_answers_by_player ON drill_answers (player, id);
";

/// The eighth schema: matches of a fixed number of games, all played and
/// won on club points (the club format). `games_to_win` holds the number
/// of games, to win or to play; `all_played` says which (0 for every match
/// and table saved before). Added to each table unless it is there already
/// (added for the second schema's backfill, or by a file whose version was
/// set back).
const ALL_PLAYED: &str = "all_played INTEGER NOT NULL DEFAULT 0";

/// The ninth schema: the club's members and their browsers' sessions. A
/// member's sign-in key and a session's token are never stored, only the
/// SHA-256 of each (`crate::token_hash`); a removed member keeps their row,
/// with no key. Names are unique whatever their case (ASCII, as names are).
/// Made only if not there, as the seventh.
const V9: &str = "
CREATE TABLE IF NOT EXISTS members (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    key_hash      TEXT    UNIQUE,
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    key_issued_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    removed_at    TEXT,
    CHECK ((key_hash IS NULL) = (removed_at IS NOT NULL))
);
CREATE TABLE IF NOT EXISTS member_sessions (
    id         INTEGER PRIMARY KEY,
    token_hash TEXT    NOT NULL UNIQUE,
    member_id  INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX IF NOT EXISTS member_sessions_by_member ON member_sessions (member_id, id);
";

/// The tenth schema: whether a browser table is listed in the club's
/// lobby (0, by invitation only, for every table saved before).
const LISTED: &str = "listed INTEGER NOT NULL DEFAULT 0";

/// The eleventh schema: the club's record. The member who sat at each seat
/// of a saved match, if one did (`crate::club`); whether a match is rated;
/// and, for a browser table, the member at each seat (a JSON array, seat 0
/// first, of `null` or `{"id": ..., "name": ...}`; empty for every table
/// saved before) and whether its matches are rated.
const V11: [(&str, &str); 4] = [
    ("seats", "member_id INTEGER REFERENCES members (id)"),
    ("games", "rated INTEGER NOT NULL DEFAULT 0"),
    ("web_tables", "seat_members TEXT NOT NULL DEFAULT '[]'"),
    ("web_tables", "rated INTEGER NOT NULL DEFAULT 0"),
];

/// The eleventh schema's index: the matches of a member.
const V11_INDEX: &str =
    "CREATE INDEX IF NOT EXISTS seats_by_member ON seats (member_id) WHERE member_id IS NOT NULL;";

/// The move clock's schema: a browser table's clock, the seconds a person
/// has for each move (`NULL` for none, as for every table saved before),
/// and on each action whether the clock made it for a person who ran out
/// of time (0 for every action saved before). Each added unless it is there
/// already.
const CLOCK: &str = "clock INTEGER";
/// See [`CLOCK`].
const BY_CLOCK: &str = "by_clock INTEGER NOT NULL DEFAULT 0";

/// The name of the settings row that holds the secret seed of the deals.
pub(crate) const DAILY_SECRET: &str = "daily_secret";

/// The thirteenth schema: the deal of the day (`crate::daily`). The club's
/// settings, one of them the secret seed of the days' deals; each member's
/// rounds of each day, their actions a line each (`0 discard 4C 5H`); and
/// each round's graded decisions, its cards as text. Made only if not
/// there, as the members' tables are.
const DAILY: &str = "
CREATE TABLE IF NOT EXISTS settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily_rounds (
    day         TEXT    NOT NULL,
    member_id   INTEGER NOT NULL REFERENCES members (id),
    round       INTEGER NOT NULL,
    moves       TEXT    NOT NULL,
    started_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at TEXT,
    PRIMARY KEY (day, member_id, round)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily_decisions (
    day       TEXT    NOT NULL,
    member_id INTEGER NOT NULL,
    round     INTEGER NOT NULL,
    number    INTEGER NOT NULL,
    kind      TEXT    NOT NULL CHECK (kind IN ('discard', 'play')),
    hand      TEXT    NOT NULL,
    played    TEXT    NOT NULL,
    chosen    TEXT    NOT NULL,
    best      TEXT    NOT NULL,
    cost      REAL    NOT NULL,
    PRIMARY KEY (day, member_id, round, number),
    FOREIGN KEY (day, member_id, round) REFERENCES daily_rounds ON DELETE CASCADE
) WITHOUT ROWID;
";

/// Makes the tables of the deal of the day, and the club's secret seed of
/// its deals unless there is one.
fn add_daily(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(DAILY)?;
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|_| StoreError::NoRandomness)?;
    let secret = u64::from_le_bytes(bytes).to_string();
    tx.execute(
        "INSERT OR IGNORE INTO settings (name, value) VALUES (?1, ?2)",
        [DAILY_SECRET, &secret],
    )?;
    Ok(())
}

/// The fourteenth schema: the club's tournaments (`crate::tournaments`).
/// Each tournament's draw as asked for, its entrants in the order of entry
/// (a member, or the computer at a level), and the saved match each of its
/// matches is played in, with the browser table it is played at.
const TOURNAMENTS: &str = "
CREATE TABLE IF NOT EXISTS tournaments (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    games       INTEGER NOT NULL,
    all_played  INTEGER NOT NULL,
    target      INTEGER NOT NULL,
    rated       INTEGER NOT NULL,
    clock       INTEGER,
    seed        INTEGER NOT NULL,
    created_by  INTEGER NOT NULL REFERENCES members (id),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at TEXT
);
CREATE TABLE IF NOT EXISTS tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    entrant       INTEGER NOT NULL,
    member_id     INTEGER REFERENCES members (id),
    level         TEXT,
    CHECK ((member_id IS NULL) <> (level IS NULL)),
    PRIMARY KEY (tournament_id, entrant)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tournament_matches (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    match_number  INTEGER NOT NULL,
    table_id      TEXT    NOT NULL,
    game_id       INTEGER NOT NULL REFERENCES games (id),
    PRIMARY KEY (tournament_id, match_number)
) WITHOUT ROWID;
";

/// The splits' schema: each seat's split of a saved match into luck and
/// skill, kept once the match is reviewed for that seat (`crate::split`),
/// by the seed of the expert that graded it (as a seed is kept, the same
/// 64 bits), summed over the match's finished games; gone with its match.
/// Made only if not there, as the members' tables are.
const SPLITS: &str = "
CREATE TABLE IF NOT EXISTS seat_splits (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    seed    INTEGER NOT NULL,
    games   INTEGER NOT NULL,
    result  REAL    NOT NULL,
    skill   REAL    NOT NULL,
    luck    REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, seed)
) WITHOUT ROWID;
";

type Step = fn(&Transaction<'_>) -> Result<(), StoreError>;

/// Every migration in order: the `n`-th takes the schema from version `n`
/// to `n + 1`.
const MIGRATIONS: &[Step] = &[
    |tx| Ok(tx.execute_batch(V1)?),
    |tx| {
        tx.execute_batch(V2)?;
        // The backfill reads matches as this program reads them, with the
        // columns of the later schemas it reads.
        add_given_up_by(tx)?;
        add_column(tx, "games", ALL_PLAYED)?;
        add_column(tx, "actions", BY_CLOCK)?;
        crate::matches::backfill_results(tx)
    },
    |tx| Ok(tx.execute_batch(V3)?),
    // The fourth schema: the file says that it is crib's. Databases of the
    // first three schemas are recognised by their tables and stamped here.
    |tx| Ok(tx.pragma_update(None, "application_id", APPLICATION_ID)?),
    add_given_up_by,
    |tx| Ok(tx.execute_batch(V6)?),
    |tx| Ok(tx.execute_batch(V7)?),
    |tx| {
        add_column(tx, "games", ALL_PLAYED)?;
        add_column(tx, "web_tables", ALL_PLAYED)
    },
    |tx| Ok(tx.execute_batch(V9)?),
    |tx| add_column(tx, "web_tables", LISTED),
    |tx| {
        for (table, column) in V11 {
            add_column(tx, table, column)?;
        }
        Ok(tx.execute_batch(V11_INDEX)?)
    },
    |tx| {
        add_column(tx, "web_tables", CLOCK)?;
        add_column(tx, "actions", BY_CLOCK)
    },
    add_daily,
    |tx| Ok(tx.execute_batch(TOURNAMENTS)?),
    |tx| Ok(tx.execute_batch(SPLITS)?),
];

/// The fifth schema's column, unless it is there already (added for the
/// second schema's backfill, or by a file whose version was set back).
fn add_given_up_by(tx: &Transaction<'_>) -> Result<(), StoreError> {
    if !has_column(tx, "games", "given_up_by")? {
        tx.execute_batch(V5)?;
    }
    Ok(())
}

/// Adds the column declared `declaration` (its name first) to `table`,
/// unless it is there already.
fn add_column(tx: &Transaction<'_>, table: &str, declaration: &str) -> Result<(), StoreError> {
    let name = declaration.split_whitespace().next().unwrap_or(declaration);
    if !has_column(tx, table, name)? {
        tx.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {declaration};"))?;
    }
    Ok(())
}

/// Whether `table` has a column `name`.
fn has_column(tx: &Transaction<'_>, table: &str, name: &str) -> Result<bool, StoreError> {
    let present: i64 = tx.query_row(
        "SELECT COUNT(*) FROM pragma_table_info(?1) WHERE name = ?2",
        [table, name],
        |row| row.get(0),
    )?;
    Ok(present > 0)
}

/// The schema version this program writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Brings the database up to [`SCHEMA_VERSION`].
pub(crate) fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    migrate_to(conn, SCHEMA_VERSION)
}

/// Brings the database up to `version` (at most [`SCHEMA_VERSION`]); for
/// the tests that build a database of an older schema.
///
/// # Errors
///
/// A database newer than this program, or a failed migration.
pub fn migrate_to(conn: &mut Connection, version: i64) -> Result<(), StoreError> {
    // An immediate transaction takes the write lock before reading the
    // version, so two processes opening a new file cannot both migrate it.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let found: i64 = tx.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if found > SCHEMA_VERSION {
        let path = tx.path().unwrap_or_default().into();
        return Err(StoreError::NewerSchema { path, found, known: SCHEMA_VERSION });
    }
    let target = version.min(SCHEMA_VERSION);
    for (index, step) in MIGRATIONS.iter().enumerate() {
        let next = index as i64 + 1;
        if next > found && next <= target {
            step(&tx)?;
            tx.pragma_update(None, "user_version", next)?;
        }
    }
    tx.commit()?;
    Ok(())
}

/// Checks that the database is crib's, or empty, before anything is written
/// into it, and returns its schema version.
///
/// # Errors
///
/// [`StoreError::Foreign`] for another program's database; a file that is
/// not a database at all, as SQLite says.
pub(crate) fn check_owner(conn: &Connection, path: &Path) -> Result<i64, StoreError> {
    let failed = |source| StoreError::Open { path: path.to_owned(), source };
    let id: i32 = conn.query_row("PRAGMA application_id", [], |row| row.get(0)).map_err(failed)?;
    let version: i64 =
        conn.query_row("PRAGMA user_version", [], |row| row.get(0)).map_err(failed)?;
    let foreign = |why: String| Err(StoreError::Foreign { path: path.to_owned(), why });
    if id == APPLICATION_ID {
        return Ok(version);
    }
    if id != 0 {
        return foreign(format!("its application_id is {id:#010x}"));
    }
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .and_then(|mut query| query.query_map([], |row| row.get(0))?.collect())
        .map_err(failed)?;
    if tables.is_empty() && version == 0 {
        return Ok(0);
    }
    let crib = ["actions", "games", "seats"].iter().all(|name| tables.iter().any(|t| t == name));
    if crib && (1..APPLICATION_STAMPED).contains(&version) {
        return Ok(version);
    }
    foreign(if tables.is_empty() {
        format!("it has no tables and user_version {version}")
    } else {
        let more = tables.len().saturating_sub(3);
        let named = tables.iter().take(3).map(String::as_str).collect::<Vec<_>>().join(", ");
        match more {
            0 => format!("its tables are {named}"),
            _ => format!("its tables are {named} and {more} more"),
        }
    })
}

/// The first schema version whose files carry [`APPLICATION_ID`].
const APPLICATION_STAMPED: i64 = 4;

//! The schema's migrations: from an empty file, from the first schema with
//! games in it, and refusals.

use crib_core::{Match, MatchLength};
use crib_store::testing::{choose, play_in_memory, setup};
use crib_store::{APPLICATION_ID, SCHEMA_VERSION, Status, Store, StoreError, migrate_to};
use rusqlite::{Connection, params};

pub(crate) fn version(conn: &Connection) -> i64 {
    conn.query_row("PRAGMA user_version", [], |row| row.get(0)).unwrap()
}

#[test]
fn an_empty_database_migrates_to_the_latest_schema() {
    let dir = crate::tempdir();
    let path = dir.path().join("new").join("crib.db");
    let store = Store::open(&path).unwrap();
    assert!(store.history().unwrap().is_empty());
    let conn = Connection::open(&path).unwrap();
    assert_eq!(version(&conn), SCHEMA_VERSION);
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |row| row.get(0)).unwrap();
    assert_eq!(mode, "wal");
    drop(store);
    // Opening again changes nothing.
    Store::open(&path).unwrap();
    assert_eq!(version(&conn), SCHEMA_VERSION);
}

#[test]
fn the_first_schema_migrates_with_its_games() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let mut conn = Connection::open(&path).unwrap();
    migrate_to(&mut conn, 1).unwrap();
    assert_eq!(version(&conn), 1);
    // A finished match and an unfinished one, written as the first schema
    // had them: no results table. Seeds without muggins, so without claims.
    for (seed, stop) in [(5, u32::MAX), (7, 30)] {
        let setup = setup(seed);
        let (mut play, opening) = Match::new(setup.config, setup.length, seed).unwrap();
        conn.execute(
            "INSERT INTO games (seed, players, target, games_to_win, muggins, opening)
             VALUES (?1, 2, 121, ?2, ?3, ?4)",
            params![
                seed as i64,
                // The first schema's matches were all to a number of wins.
                match setup.length {
                    MatchLength::FirstTo(wins) => wins,
                    MatchLength::AllOf(_) => unreachable!("the test's setups are to wins"),
                },
                setup.muggins,
                serde_json::to_string(&opening).unwrap()
            ],
        )
        .unwrap();
        let id = conn.last_insert_rowid();
        conn.execute(
            "INSERT INTO seats VALUES (?1, 0, 'person', 'tester'), (?1, 1, 'computer', 'random')",
            [id],
        )
        .unwrap();
        let mut ply = 0;
        while play.winner().is_none() && ply < stop {
            let (seat, action, claims) = choose(&play, setup.muggins, seed, ply);
            let events = play.play_claiming(seat, action, claims).unwrap();
            let claims: Option<String> = None;
            conn.execute(
                "INSERT INTO actions (game_id, ply, seat, action, claims, events)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    id,
                    ply,
                    seat.index() as i64,
                    action.to_string(),
                    claims,
                    serde_json::to_string(&events).unwrap()
                ],
            )
            .unwrap();
            ply += 1;
        }
        if play.winner().is_some() {
            conn.execute(
                "UPDATE games SET status = 'finished', winner = ?2 WHERE id = ?1",
                params![id, play.winner().unwrap().index() as i64],
            )
            .unwrap();
        }
    }
    drop(conn);

    let store = Store::open(&path).unwrap();
    assert_eq!(version(&Connection::open(&path).unwrap()), SCHEMA_VERSION);
    let history = store.history().unwrap();
    assert_eq!(history.len(), 1);
    let finished = &history[0];
    assert_eq!(finished.status, Status::Finished);
    assert!(!finished.results.is_empty(), "the results were filled by replaying the match");
    assert_eq!(finished.results.len() as u32, finished.games_won().iter().sum::<u32>());
    assert_eq!(store.events(finished.id).unwrap(), play_in_memory(5).unwrap());
    let unfinished = store.unfinished().unwrap();
    assert_eq!(unfinished.len(), 1);
    assert_eq!(store.resume(unfinished[0].id).unwrap().moves.len(), 30);
}

#[test]
fn a_newer_schema_is_refused() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let conn = Connection::open(&path).unwrap();
    // A newer crib's file says whose it is, as this one's do.
    conn.pragma_update(None, "application_id", APPLICATION_ID).unwrap();
    conn.pragma_update(None, "user_version", 99).unwrap();
    drop(conn);
    let error = Store::open(&path).unwrap_err();
    assert!(matches!(error, StoreError::NewerSchema { found: 99, .. }), "{error}");
    assert!(error.to_string().contains(path.to_str().unwrap()), "{error}");
    // One rule for reading it too: a newer schema might be misread.
    let error = Store::open_read_only(&path).unwrap_err();
    assert!(matches!(error, StoreError::NewerSchema { found: 99, .. }), "{error}");
}

#[test]
fn a_directory_is_not_a_database() {
    let dir = crate::tempdir();
    for error in
        [Store::open(dir.path()).unwrap_err(), Store::open_read_only(dir.path()).unwrap_err()]
    {
        assert!(matches!(error, StoreError::Directory { .. }), "{error}");
        assert!(error.to_string().contains("is a directory"), "{error}");
    }
}

fn application_id(conn: &Connection) -> i32 {
    conn.query_row("PRAGMA application_id", [], |row| row.get(0)).unwrap()
}

#[test]
fn a_new_database_says_it_is_cribs() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    drop(Store::open(&path).unwrap());
    assert_eq!(application_id(&Connection::open(&path).unwrap()), APPLICATION_ID);
}

#[test]
fn a_crib_database_of_the_schemas_without_an_application_id_is_taken_up() {
    for old in 1..=3 {
        let dir = crate::tempdir();
        let path = dir.path().join("crib.db");
        let mut conn = Connection::open(&path).unwrap();
        migrate_to(&mut conn, old).unwrap();
        // The schemas before the fourth did not set the id.
        conn.pragma_update(None, "application_id", 0).unwrap();
        drop(conn);
        // Read-only opening brings crib's own file up to date too.
        let store = Store::open_read_only(&path).unwrap().unwrap();
        assert!(store.history().unwrap().is_empty());
        drop(store);
        let conn = Connection::open(&path).unwrap();
        assert_eq!((version(&conn), application_id(&conn)), (SCHEMA_VERSION, APPLICATION_ID));
        drop(conn);
        Store::open(&path).unwrap();
    }
}

/// Another program's SQLite files: by its tables, by its application id,
/// and an empty schema with a version of its own.
fn foreign(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let setups = [
        "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine');",
        "PRAGMA application_id = 42; CREATE TABLE games (id INTEGER);",
        "PRAGMA user_version = 3;",
    ];
    setups
        .iter()
        .enumerate()
        .map(|(i, sql)| {
            let path = dir.join(format!("other-{i}.db"));
            Connection::open(&path).unwrap().execute_batch(sql).unwrap();
            path
        })
        .collect()
}

#[test]
fn another_programs_database_is_refused_and_left_alone() {
    let dir = crate::tempdir();
    for path in foreign(dir.path()) {
        let before = std::fs::read(&path).unwrap();
        let error = Store::open(&path).unwrap_err();
        assert!(matches!(error, StoreError::Foreign { .. }), "{}: {error}", path.display());
        let error = Store::open_read_only(&path).unwrap_err();
        assert!(matches!(error, StoreError::Foreign { .. }), "{}: {error}", path.display());
        assert_eq!(std::fs::read(&path).unwrap(), before, "{}", path.display());
    }
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["other-0.db", "other-1.db", "other-2.db"], "no journal left behind");
}

#[test]
fn opening_to_read_creates_nothing() {
    let dir = crate::tempdir();
    let path = dir.path().join("saved").join("crib.db");
    assert!(Store::open_read_only(&path).unwrap().is_none());
    assert!(!dir.path().join("saved").exists());
    // An empty file is no saved games either, and stays empty.
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, "").unwrap();
    assert!(Store::open_read_only(&empty).unwrap().is_none());
    assert_eq!(std::fs::read(&empty).unwrap(), b"");
}

#[test]
fn a_store_opened_to_read_does_not_write() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    drop(Store::open(&path).unwrap());
    let store = Store::open_read_only(&path).unwrap().unwrap();
    let setup = setup(4);
    let (_, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
    assert!(store.start(&setup, &opening).is_err());
    assert!(store.history().unwrap().is_empty());
}

#[test]
fn a_file_that_is_not_a_database_is_an_error() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    std::fs::write(
        &path,
        "this is not a database, but it is long enough to look like a header; ".repeat(20),
    )
    .unwrap();
    assert!(Store::open(&path).is_err());
}

#[test]
fn the_second_schema_migrates_to_the_web_tables() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let mut conn = Connection::open(&path).unwrap();
    migrate_to(&mut conn, 2).unwrap();
    assert_eq!(version(&conn), 2);
    let tables = |conn: &Connection| -> i64 {
        conn.query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'web_tables'",
            [],
            |row| row.get(0),
        )
        .unwrap()
    };
    assert_eq!(tables(&conn), 0);
    drop(conn);
    // A match saved under the second schema survives the migration.
    let store = Store::open(&path).unwrap();
    let setup = setup(4);
    let (_, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
    let game = store.start(&setup, &opening).unwrap();
    drop(store);
    let mut conn = Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", 2).unwrap();
    conn.execute_batch("DROP TABLE web_tables").unwrap();
    migrate_to(&mut conn, SCHEMA_VERSION).unwrap();
    assert_eq!(version(&conn), SCHEMA_VERSION);
    assert_eq!(tables(&conn), 1);
    drop(conn);
    let store = Store::open(&path).unwrap();
    assert_eq!(store.unfinished().unwrap()[0].id, game);
    assert_eq!(store.web_table("none").unwrap(), None);
}

#[test]
fn two_seat_web_tables_migrate_to_seats_of_their_own() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    // Matches and tables as a server of the fifth schema saved them.
    let store = Store::open(&path).unwrap();
    let setup = setup(5);
    let (_, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
    let game = store.start(&setup, &opening).unwrap();
    drop(store);
    // Back to the fifth schema's web tables, as a file of that version has.
    let mut conn = Connection::open(&path).unwrap();
    conn.execute_batch(
        "ALTER TABLE web_tables DROP COLUMN seat_kinds;
         ALTER TABLE web_tables DROP COLUMN seat_joined;
         ALTER TABLE web_tables DROP COLUMN seat_hashes;",
    )
    .unwrap();
    conn.pragma_update(None, "user_version", 5).unwrap();
    for (id, opponent, joined) in [("c", "basic", 0), ("p", "person", 0), ("j", "person", 1)] {
        conn.execute(
            "INSERT INTO web_tables (table_id, game_id, opponent, seed, games_to_win, matches,
                                     joined, token_hash_0, token_hash_1)
             VALUES (?1, ?2, ?3, 7, 1, 1, ?4, 'h0', 'h1')",
            rusqlite::params![id, game.0, opponent, joined],
        )
        .unwrap();
    }
    migrate_to(&mut conn, SCHEMA_VERSION).unwrap();
    drop(conn);
    let store = Store::open(&path).unwrap();
    let read = |id: &str| store.web_table(id).unwrap().unwrap();
    assert_eq!(read("c").seats, ["you", "computer:basic"]);
    assert_eq!(read("c").joined, [true, true], "a computer's seat is always taken");
    assert_eq!(read("p").seats, ["you", "person"]);
    assert_eq!(read("p").joined, [true, false]);
    assert_eq!(read("j").joined, [true, true]);
    assert_eq!(read("j").token_hashes, ["h0", "h1"]);
    assert_eq!(read("j").game, game);
}

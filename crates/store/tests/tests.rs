//! The store as its users drive it: saving and replaying matches, the club's
//! members, the schema's migrations, threads writing at once, the writer
//! thread's group commit, a writer killed at random moments, and the
//! splits of reviewed matches kept.

#![allow(clippy::unwrap_used)]

mod concurrency;
mod crash;
mod daily;
mod drill;
mod members;
mod migrate;
mod retention;
mod roundtrip;
mod split;
mod writer;

use std::path::Path;

use crib_store::Store;

/// A fresh directory for a test's database: in memory (`/dev/shm`) where
/// the platform has it. The store syncs every action to disk (that is its
/// promise), which on a disk costs milliseconds an action; a process killed
/// with SIGKILL leaves the same file in memory as on a disk, so the tests
/// lose nothing by it and run in seconds.
fn tempdir() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir()
        && let Ok(dir) = tempfile::tempdir_in(shm)
    {
        return dir;
    }
    tempfile::tempdir().unwrap()
}

/// A store in a fresh file of `dir`.
fn store_in(dir: &Path) -> Store {
    Store::open(&dir.join("crib.db")).unwrap()
}

/// SQLite's own check of the file.
fn integrity(path: &Path) -> String {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row("PRAGMA integrity_check", [], |row| row.get(0)).unwrap()
}

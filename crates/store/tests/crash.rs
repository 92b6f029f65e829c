//! A writer killed with SIGKILL at random moments, again and again: the
//! database must open, pass SQLite's integrity check, and every match must
//! resume from its last stored action and come out as if never interrupted.

use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crib_core::derive_seed;
use crib_store::testing::{finish_seeded, play_in_memory};
use crib_store::{Status, Store};

use crate::integrity;

/// Kills; each run lives 20 to 120 ms, so the test takes a few seconds.
const KILLS: u64 = 16;

#[test]
fn a_killed_writer_loses_nothing_played() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    // The clock makes each run's moments different; the seeds of the games
    // stay apart per run so that every match can be checked against its seed.
    let entropy =
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |time| time.as_nanos() as u64);
    let mut interrupted = 0;
    for kill in 0..KILLS {
        let first_seed = kill * 1_000_000;
        let mut writer = Command::new(env!("CARGO_BIN_EXE_crib-store-writer"))
            .arg(&path)
            .arg(first_seed.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let delay = 20 + derive_seed(entropy, kill) % 100;
        std::thread::sleep(Duration::from_millis(delay));
        // `Child::kill` is SIGKILL on Unix: no destructor, no rollback.
        writer.kill().unwrap();
        writer.wait().unwrap();

        assert_eq!(integrity(&path), "ok", "after kill {kill}");
        let store = Store::open(&path).unwrap();
        for game in store.unfinished().unwrap() {
            finish_seeded(&store, game.id).unwrap();
            interrupted += 1;
        }
        assert!(store.unfinished().unwrap().is_empty());
    }
    let store = Store::open(&path).unwrap();
    let history = store.history().unwrap();
    assert!(!history.is_empty());
    for game in &history {
        assert_eq!(game.status, Status::Finished);
        assert_eq!(
            store.events(game.id).unwrap(),
            play_in_memory(game.setup.seed).unwrap(),
            "seed {}",
            game.setup.seed
        );
    }
    assert!(interrupted > 0, "no kill caught a match in the middle");
    eprintln!("{} matches, {interrupted} interrupted and resumed", history.len());
}

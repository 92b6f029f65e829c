//! Plays seeded matches into a database as fast as it can, on two threads,
//! for the crash test that kills it at random moments: `crib-store-writer
//! DB FIRST_SEED`. Each match's actions are chosen from its seed, so the
//! test can finish an interrupted match the same way.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use crib_store::Store;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(db), Some(Ok(first))) = (args.next(), args.next().map(|seed| seed.parse::<u64>()))
    else {
        eprintln!("usage: crib-store-writer DB FIRST_SEED");
        return ExitCode::FAILURE;
    };
    let store = match Store::open(&PathBuf::from(db)) {
        Ok(store) => Arc::new(store),
        Err(error) => {
            eprintln!("crib-store-writer: {error}");
            return ExitCode::FAILURE;
        }
    };
    let threads: Vec<_> = (0..2u64)
        .map(|thread| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                // Seeds interleave between the threads so that none repeats.
                let mut seed = first + thread;
                loop {
                    if let Err(error) = crib_store::testing::play_seeded(&store, seed) {
                        eprintln!("crib-store-writer: seed {seed}: {error}");
                        return;
                    }
                    seed += 2;
                }
            })
        })
        .collect();
    for thread in threads {
        let _ = thread.join();
    }
    ExitCode::FAILURE
}

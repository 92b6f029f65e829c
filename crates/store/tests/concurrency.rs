//! Several threads writing matches into one store at once, with readers
//! alongside, as a web server's games would.

use std::sync::Arc;
use std::thread;

use crib_store::Status;
use crib_store::testing::{play_in_memory, play_seeded};

use crate::{integrity, store_in};

#[test]
fn threads_write_matches_at_once() {
    let dir = crate::tempdir();
    let store = Arc::new(store_in(dir.path()));
    let writers: Vec<_> = (0..4u64)
        .map(|thread| {
            let store = Arc::clone(&store);
            thread::spawn(move || {
                (0..4)
                    .map(|n| {
                        (100 + thread * 10 + n, play_seeded(&store, 100 + thread * 10 + n).unwrap())
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let reader = {
        let store = Arc::clone(&store);
        thread::spawn(move || {
            for _ in 0..50 {
                for game in store.unfinished().unwrap() {
                    // A match being written is always whole up to its last
                    // committed action.
                    store.resume(game.id).unwrap();
                }
                store.history().unwrap();
            }
        })
    };
    let games: Vec<_> = writers.into_iter().flat_map(|writer| writer.join().unwrap()).collect();
    reader.join().unwrap();
    assert_eq!(games.len(), 16);
    for (seed, id) in games {
        assert_eq!(store.game(id).unwrap().status, Status::Finished);
        assert_eq!(store.events(id).unwrap(), play_in_memory(seed).unwrap(), "seed {seed}");
    }
    assert_eq!(integrity(store.path()), "ok");
}

#[test]
fn the_store_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<crib_store::Store>();
    shared::<crib_store::Resumed>();
}

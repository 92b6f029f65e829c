//! A process of its own, so that the three players' table is not built
//! when it starts: expert self-play at three players on rayon's global
//! pool, whose players start the table at their first discard and wait for
//! it near the end of each game, runs to its end (the table is built on a
//! pool of its own, not on the workers that wait for it).

use std::sync::mpsc;
use std::time::Duration;

use crib_ai::Strategy;
use crib_core::GameConfig;
use crib_table::measure_rounds;

#[test]
fn three_player_games_do_not_wait_forever_for_their_table() {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let config = GameConfig::new(3, 121).expect("three players");
        let measured = measure_rounds(config, 24, 5, Strategy::Expert, &|| {});
        let _sent = sender.send(measured.games);
    });
    // About ten seconds of work on two cores; a deadlock never ends.
    let games = receiver.recv_timeout(Duration::from_secs(300));
    assert_eq!(games, Ok(24), "the self-play did not end within five minutes");
}

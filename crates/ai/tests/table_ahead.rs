//! A process of its own, so that nothing has read the three players' table
//! when it starts: its first reading is at hand at once (the table is built
//! when the program is compiled), and expert self-play at three players on
//! rayon's global pool, whose players read it near the end of each game,
//! runs to its end.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use crib_ai::{Strategy, ThreeTable, measure_rounds};
use crib_core::GameConfig;

#[test]
fn the_three_players_table_is_at_hand_at_once() {
    let began = Instant::now();
    let table = ThreeTable::stored();
    let [pone, second, dealer] = table.chances([121; 3]);
    let after = table.chances_after_play([20, 35, 50]);
    let took = began.elapsed();
    assert!(dealer > pone && pone > second);
    assert!((after.iter().sum::<f64>() - 1.0).abs() < 1e-4, "{after:?}");
    // Built in the process, the table took seconds.
    assert!(took < Duration::from_millis(50), "the first chances took {took:?}");
}

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

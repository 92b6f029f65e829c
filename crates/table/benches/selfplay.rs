//! Whole games of self-play at the table, on one core: `basic` players at
//! every table size, and two `random` ones, whose cost is the game and the
//! table themselves.

use crib_ai::Strategy;
use crib_core::GameConfig;
use crib_table::play_game;

fn main() {
    divan::main();
}

/// One whole game of `basic` against `basic`, a new seed each time.
#[divan::bench(args = [2, 3, 4])]
fn basic_game(bencher: divan::Bencher, players: u8) {
    let config = GameConfig::new(players, 121).expect("2 to 4 players");
    let seats = vec![Strategy::Basic; usize::from(players)];
    let mut index = 0;
    bencher.counter(divan::counter::ItemsCount::new(1usize)).bench_local(|| {
        index += 1;
        play_game(config, &seats, 7, index).expect("basic players play legally")
    });
}

/// One game of `random` against `random`: the cost of the game itself.
#[divan::bench]
fn random_game(bencher: divan::Bencher) {
    let seats = [Strategy::Random, Strategy::Random];
    let mut index = 0;
    bencher.bench_local(|| {
        index += 1;
        play_game(GameConfig::default(), &seats, 7, index).expect("random players play legally")
    });
}

//! Building the tables of the chance of winning from their kept counts:
//! what the first use of each costs a process (on both cores, as rayon
//! runs the three players' table).

use crib_ai::{RoundCounts, ThreeTable, WinTable};

fn main() {
    divan::main();
}

/// The two sides' table (two players, or four in partnerships).
#[divan::bench(args = [2, 4])]
fn two_sides_table(bencher: divan::Bencher, players: u8) {
    let counts = RoundCounts::stored_for(players).expect("kept for 2 and 4");
    bencher.bench_local(|| WinTable::from_counts(&counts));
}

/// The three players' table: every need of each seat up to 121.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn three_players_table(bencher: divan::Bencher) {
    let counts = RoundCounts::stored_for(3).expect("kept for 3");
    bencher.bench_local(|| ThreeTable::from_counts(&counts));
}

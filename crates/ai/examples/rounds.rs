//! Measures the distributions of a round's points that the chance of
//! winning (`crib_ai::win_chance`) is built from, over seeded self-play, and
//! prints them as the Rust source of `src/board/data/two_players.rs` (the
//! same measurement as `crib stats board --rebuild`).
//!
//! ```text
//! cargo run --release -p crib-ai --features lab --example rounds -- [games] [strategy] [seed]
//! ```

use crib_ai::{Strategy, measure_rounds};

#[path = "common/args.rs"]
mod args;

fn main() {
    let mut args = args::Args::new("rounds");
    let games: u64 = args.next_or("games", 2000);
    let strategy = args.next_or("strategy", Strategy::Expert);
    let seed: u64 = args.next_or("seed", 1);
    let measured = measure_rounds(crib_core::GameConfig::default(), games, seed, strategy, &|| {});
    let rate = measured.first_dealer_rate();
    eprintln!(
        "the first dealer won {:.1}% (95%: {:.1}–{:.1}%)",
        100.0 * rate.rate,
        100.0 * rate.low,
        100.0 * rate.high
    );
    print!("{}", measured.source());
}

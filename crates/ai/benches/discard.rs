//! Choosing the discard by exact hand expectation, and the exhaustive
//! statistics over every show.

use crib_ai::{discard_table, hand_stats};
use crib_core::{CardSet, Deck};

fn main() {
    divan::main();
}

/// Seeded deals of `size` cards.
fn deals(size: usize) -> Vec<CardSet> {
    (0..256).map(|seed| Deck::shuffled(seed).deal_set(size).expect("52 cards")).collect()
}

/// The whole table (15 keeps × 46 starters) for one six-card deal.
#[divan::bench]
fn six_card_deal(bencher: divan::Bencher) {
    let deals = deals(6);
    let mut next = deals.iter().cycle();
    bencher.bench_local(|| discard_table(divan::black_box(*next.next().expect("cycle"))));
}

/// The whole table (5 keeps × 47 starters) for one five-card deal.
#[divan::bench]
fn five_card_deal(bencher: divan::Bencher) {
    let deals = deals(5);
    let mut next = deals.iter().cycle();
    bencher.bench_local(|| discard_table(divan::black_box(*next.next().expect("cycle"))));
}

/// `crib stats hands`: 25,989,600 scores on every core.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn every_show_both_rules() -> crib_ai::HandStats {
    hand_stats()
}

/// The best keep's points of one six-card deal, summed by rank (the inner
/// loop of `crib stats keeps`).
#[divan::bench]
fn best_keep_points_by_rank(bencher: divan::Bencher) {
    let deals = deals(6);
    let mut next = deals.iter().cycle();
    bencher
        .bench_local(|| crib_ai::best_keep_points(divan::black_box(*next.next().expect("cycle"))));
}

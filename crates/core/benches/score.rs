//! How long counting one show takes.
//!
//! Each benchmark counts the same batch of random shows, dealt from seeded
//! decks so that every run measures the same work. Throughput is reported
//! in shows per second; the time per show is the batch's time divided by
//! its size; the drill's benchmark deals and grades a batch of drill hands.
//! Run with `cargo bench -p crib-core --bench score`.

use crib_core::{Breakdown, CountByKind, Deck, DrillHand, Rules, Show};
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// How many shows each benchmark counts per iteration.
const BATCH: usize = 1024;

/// The same `BATCH` shows on every run: four cards and the starter dealt
/// from the deck shuffled with seeds `0..BATCH`.
fn shows() -> Vec<Show> {
    (0..BATCH as u64)
        .map(|seed| {
            let mut deck = Deck::shuffled(seed);
            let hand = deck.deal_set(4).expect("a full deck has four cards");
            let starter = deck.deal().expect("a full deck has a fifth card");
            Show::new(hand, starter).expect("cards dealt from one deck are distinct")
        })
        .collect()
}

/// The fast count, [`Show::score`].
#[divan::bench(args = [Rules::Hand, Rules::Crib])]
fn score(bencher: Bencher<'_, '_>, rules: Rules) {
    let shows = shows();
    bencher.counter(ItemsCount::new(BATCH)).bench(|| {
        for &show in black_box(&shows) {
            black_box(show.score(rules));
        }
    });
}

/// The count combination by combination, [`Breakdown::of`], for comparison.
#[divan::bench(args = [Rules::Hand, Rules::Crib])]
fn breakdown(bencher: Bencher<'_, '_>, rules: Rules) {
    let shows = shows();
    bencher.counter(ItemsCount::new(BATCH)).bench(|| {
        for &show in black_box(&shows) {
            black_box(Breakdown::of(show, rules));
        }
    });
}

/// A drill's hand: dealing it from its seed and number and grading an
/// answer (one off in fifteens) against its count, [`DrillHand::grade`].
#[divan::bench]
fn drill_hand(bencher: Bencher<'_, '_>) {
    bencher.counter(ItemsCount::new(BATCH)).bench(|| {
        for number in 0..BATCH as u32 {
            let hand = DrillHand::dealt(black_box(7), number, true);
            let answer = CountByKind { fifteens: 2, ..CountByKind::ZERO };
            black_box(hand.grade(answer));
        }
    });
}

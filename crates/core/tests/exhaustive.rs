//! Every show there is: the cribbage equivalent of a chess engine's perft.
//!
//! There are `C(52, 4) × 48 = 12,994,800` ways to hold four cards and cut a
//! starter. Each is counted under hand and crib rules by the library's fast
//! count and by its breakdown, and both are held to the reference counter
//! (`reference.rs`), the breakdown category by category. The distribution
//! of the points, computed here and checked against the published facts, is
//! pinned so that any change to a count shows up as a changed number.
//!
//! The hands are shared out over the cores with rayon; the test profile is
//! optimised (see the workspace `Cargo.toml`), which keeps this to seconds.

use crib_core::{Breakdown, Card, Rules, Show, score_unchecked};
use rayon::prelude::*;

use crate::reference::{self, Points};

/// How many shows score each number of points, `0..=29`, under one rule set.
type Distribution = [u64; 30];

/// Hand rules first, then crib rules, as the distributions are indexed.
const RULES: [Rules; 2] = [Rules::Hand, Rules::Crib];

/// The number of shows: `C(52, 4)` hands times 48 starters.
const SHOWS: u64 = 270_725 * 48;

/// Under hand rules, how many of the 12,994,800 shows score each number of
/// points.
const HAND: Distribution = [
    1_009_008, 99_792, 2_813_796, 505_008, 2_855_676, // 0..=4
    697_508, 1_800_268, 751_324, 1_137_236, 361_224, // 5..=9
    388_740, 51_680, 317_340, 19_656, 90_100, // 10..=14
    9_168, 58_248, 11_196, 2_708, 0, // 15..=19
    8_068, 2_496, 444, 356, 3_680, // 20..=24
    0, 0, 0, 76, 4, // 25..=29
];

/// Under crib rules, how many of the 12,994,800 shows score each number of
/// points.
const CRIB: Distribution = [
    1_022_208, 99_792, 2_839_800, 508_908, 2_868_960, // 0..=4
    703_496, 1_787_176, 755_320, 1_118_336, 358_368, // 5..=9
    378_240, 43_880, 310_956, 16_548, 88_132, // 10..=14
    9_072, 57_288, 11_196, 2_264, 0, // 15..=19
    7_828, 2_472, 444, 356, 3_680, // 20..=24
    0, 0, 0, 76, 4, // 25..=29
];

/// Counts every show under both rule sets with `count`, which may assert
/// whatever it likes about the show, and tallies the points it returns.
fn tally<F>(count: F) -> [Distribution; 2]
where
    F: Fn([Card; 4], Card, Rules) -> u8 + Sync,
{
    reference::every_hand()
        .into_par_iter()
        .map(|hand| {
            let mut tallies = [[0; 30]; 2];
            for starter in reference::starters(hand) {
                for (tally, rules) in tallies.iter_mut().zip(RULES) {
                    let points = usize::from(count(hand, starter, rules));
                    assert!(points <= 29, "{hand:?} {starter}: {points} points");
                    tally[points] += 1;
                }
            }
            tallies
        })
        .reduce(
            || [[0; 30]; 2],
            |mut sum, part| {
                for (sum, part) in sum.iter_mut().zip(part) {
                    for (sum, part) in sum.iter_mut().zip(part) {
                        *sum += part;
                    }
                }
                sum
            },
        )
}

/// The breakdown's points, category by category.
fn breakdown_points(breakdown: &Breakdown) -> Points {
    Points {
        fifteens: breakdown.fifteen_points(),
        pairs: breakdown.pair_points(),
        runs: breakdown.run_points(),
        flush: breakdown.flush_points(),
        nobs: breakdown.nobs_points(),
    }
}

// One pass holds both counters to the reference, so that the reference,
// slow by design, runs once per show and rule set. The breakdown, which
// collects every combination into vectors, takes most of the time.
#[test]
#[ignore = "exhaustive, a minute or more: CI runs it (cargo test --release --workspace -- --ignored)"]
fn every_show_counts_as_the_reference_counts_it() {
    let tallies = tally(|hand, starter, rules| {
        let show = Show::from_cards(&hand, starter).unwrap();
        let expected = reference::count(hand, starter, rules);
        assert_eq!(
            show.score(rules),
            expected.total(),
            "fast count of {hand:?} {starter} under {rules:?}"
        );
        let breakdown = show.breakdown(rules);
        assert_eq!(
            breakdown_points(&breakdown),
            expected,
            "breakdown of {hand:?} {starter} under {rules:?}"
        );
        assert_eq!(breakdown.total(), expected.total());
        expected.total()
    });
    assert_eq!(tallies, [HAND, CRIB]);
}

// The fast count alone takes well under a second: when a count changes,
// this names the culprit without waiting for the reference.
#[test]
fn the_fast_count_gives_the_pinned_distributions() {
    let tallies = tally(|hand, starter, rules| {
        let hand = hand.into_iter().collect();
        score_unchecked(hand, starter, rules)
    });
    assert_eq!(tallies, [HAND, CRIB]);
}

fn mean(distribution: &Distribution) -> f64 {
    let points: u64 = (0..).zip(distribution).map(|(p, n)| p * n).sum();
    points as f64 / SHOWS as f64
}

#[test]
fn the_pinned_distributions_agree_with_the_known_facts() {
    for distribution in [HAND, CRIB] {
        assert_eq!(distribution.iter().sum::<u64>(), SHOWS);
        // No five cards can score 19, 25, 26 or 27.
        for impossible in [19, 25, 26, 27] {
            assert_eq!(distribution[impossible], 0, "{impossible} points");
        }
        // 29 is the jack and three fives with the fourth five of the jack's
        // suit turned up: one hand for each suit, and no flush to lose.
        assert_eq!(distribution[29], 4);
    }
    assert_eq!(HAND[0], 1_009_008);
    let hand_mean = mean(&HAND);
    assert!((4.765..4.775).contains(&hand_mean), "{hand_mean}");
    // A crib only loses the four-card flushes: 4 points for each four
    // cards of a suit with the starter of another suit, 4 × C(13, 4) × 39.
    let lost: i64 = (0..)
        .zip(HAND.iter().zip(CRIB))
        .map(|(points, (&hand, crib))| points * (hand as i64 - crib as i64))
        .sum();
    assert_eq!(lost, 4 * 4 * 715 * 39);
    assert!(CRIB[0] > HAND[0]);
}

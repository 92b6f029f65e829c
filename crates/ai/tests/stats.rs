//! The parallel statistics against a plain sequential count.
//!
//! `Show::score` is itself held to the reference counter over every show by
//! the core crate's exhaustive test, so agreeing with it here is agreeing
//! with the reference.

use crib_ai::{MAX_SCORE, hand_stats};
use crib_core::{CardSet, Rules, Show};

#[test]
fn hand_stats_counts_every_show_once() {
    let mut hand = [0u64; MAX_SCORE + 1];
    let mut crib = [0u64; MAX_SCORE + 1];
    for four in CardSet::DECK.subsets(4) {
        for starter in !four {
            let show = Show::new(four, starter).unwrap();
            hand[usize::from(show.score(Rules::Hand))] += 1;
            crib[usize::from(show.score(Rules::Crib))] += 1;
        }
    }
    let stats = hand_stats();
    assert_eq!(stats.hand.counts, hand);
    assert_eq!(stats.crib.counts, crib);
    assert_eq!(stats.hand.shows(), 12_994_800);
    assert_eq!(stats.crib.shows(), 12_994_800);
    // The crib loses exactly the four-card flushes that the starter does not
    // join, so it can only score less.
    assert!(stats.crib.points() < stats.hand.points());
}

#[test]
fn keep_stats_covers_every_six_card_deal() {
    let stats = crib_ai::keep_stats(|_, _| {});
    assert_eq!(stats.deals, 20_358_520);
    assert_eq!(stats.classes, 962_988);
    assert_eq!(stats.counts.iter().sum::<u64>(), stats.deals);
    // Pinned: the sum over every deal of its best keep's points over the 46
    // starters (a mean of 8.293938 points).
    assert_eq!(stats.points(), 7_767_205_480);
    // Only the 1,128 deals holding all four fives keep a hand expected to
    // make more than 17 points.
    assert_eq!(stats.by_whole_points()[17..].iter().sum::<u64>(), 1_128);
}

//! The best keep of every six-card deal: how good a hand the deal gives.
//!
//! [`keep_stats`] finds, for each of the 20,358,520 deals of six cards, the
//! keep of four with the highest exact expected hand (over the 46 starters),
//! and counts the deals by that expectation. It visits one deal per class
//! of deals that differ only by the names of the suits (962,988 of them,
//! see [`canonical_deals`]) and counts it with its class's size, on every
//! core. Each keep's expectation is summed by rank (13 lookups, not 46
//! shows), exactly: it is a whole number of points over 46 starters.

use std::sync::atomic::{AtomicU64, Ordering};

use crib_core::CardSet;
use rayon::prelude::*;
use serde::Serialize;

use crate::measure::deals::canonical_deals;

/// The starters of a six-card deal.
pub const STARTERS: u32 = 46;

/// The most points a hand can total over the 46 starters (a 29 hand
/// cannot make 29 with every starter, but the bound is simple).
const MAX_POINTS: usize = 29 * STARTERS as usize;

/// The best keep's expected hand over every six-card deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KeepStats {
    /// The deals counted: 20,358,520.
    pub deals: u64,
    /// The classes of deals actually evaluated.
    pub classes: u64,
    /// `counts[p]` is how many deals have a best keep totalling `p` points
    /// over the 46 starters (an expectation of `p / 46`).
    pub counts: Vec<u64>,
}

impl KeepStats {
    /// The sum over all deals of the best keep's points over every starter.
    #[must_use]
    pub fn points(&self) -> u64 {
        self.counts.iter().zip(0..).map(|(count, points)| count * points).sum()
    }

    /// The average over all deals of the best keep's expected hand.
    #[must_use]
    pub fn mean(&self) -> f64 {
        if self.deals == 0 {
            return 0.0;
        }
        self.points() as f64 / (self.deals as f64 * f64::from(STARTERS))
    }

    /// How many deals have a best keep expected to make at least `low` and
    /// less than `low + 1` points, for `low` in `0..=29`.
    #[must_use]
    pub fn by_whole_points(&self) -> Vec<u64> {
        let mut buckets = vec![0; 30];
        for (points, count) in self.counts.iter().enumerate() {
            buckets[points / STARTERS as usize] += count;
        }
        buckets
    }

    fn empty() -> KeepStats {
        KeepStats { deals: 0, classes: 0, counts: vec![0; MAX_POINTS + 1] }
    }

    fn merge(mut self, other: KeepStats) -> KeepStats {
        self.deals += other.deals;
        self.classes += other.classes;
        for (ours, theirs) in self.counts.iter_mut().zip(other.counts) {
            *ours += theirs;
        }
        self
    }
}

/// The points over every starter of the best keep of a six-card deal (the
/// best hand expectation, times 46).
#[must_use]
pub fn best_keep_points(dealt: CardSet) -> u32 {
    crate::expect::discard::keep_points(dealt).map(|(_, points)| points).max().unwrap_or(0)
}

/// Finds the best keep of every six-card deal, on every core. `progress` is
/// called now and then with the classes of deals done and their total.
#[must_use]
pub fn keep_stats(progress: impl Fn(u64, u64) + Sync) -> KeepStats {
    let deals = canonical_deals(6);
    let total = deals.len() as u64;
    let done = AtomicU64::new(0);
    deals
        .par_chunks(4096)
        .map(|chunk| {
            let mut stats = KeepStats::empty();
            for deal in chunk {
                let points = best_keep_points(deal.cards) as usize;
                stats.counts[points] += u64::from(deal.multiplicity);
                stats.deals += u64::from(deal.multiplicity);
                stats.classes += 1;
            }
            progress(
                done.fetch_add(chunk.len() as u64, Ordering::Relaxed) + chunk.len() as u64,
                total,
            );
            stats
        })
        .reduce(KeepStats::empty, KeepStats::merge)
}

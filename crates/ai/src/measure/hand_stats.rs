//! Exhaustive statistics over every show.
//!
//! [`hand_stats`] counts all C(52, 4) × 48 = 12,994,800 hands with their
//! starters under both rule sets. The work is split by the two lowest cards of
//! the hand (1,326 pieces) across every core with rayon.

use crib_core::{Card, CardSet, Rules, score_unchecked};
use rayon::prelude::*;
use serde::Serialize;

/// The highest score a show can make.
pub const MAX_SCORE: usize = 29;

/// How many shows score each number of points, `0..=29`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Distribution {
    /// `counts[points]` is the number of shows worth `points`.
    pub counts: [u64; MAX_SCORE + 1],
}

impl Default for Distribution {
    fn default() -> Distribution {
        Distribution { counts: [0; MAX_SCORE + 1] }
    }
}

impl Distribution {
    /// Records one show worth `points`.
    pub fn add(&mut self, points: u8) {
        self.counts[usize::from(points)] += 1;
    }

    /// The number of shows counted.
    #[must_use]
    pub fn shows(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The sum of their points.
    #[must_use]
    pub fn points(&self) -> u64 {
        self.counts.iter().zip(0..).map(|(count, points)| count * points).sum()
    }

    /// The average score, or 0 with no shows.
    #[must_use]
    pub fn mean(&self) -> f64 {
        match self.shows() {
            0 => 0.0,
            shows => self.points() as f64 / shows as f64,
        }
    }

    fn merge(mut self, other: Distribution) -> Distribution {
        for (ours, theirs) in self.counts.iter_mut().zip(other.counts) {
            *ours += theirs;
        }
        self
    }
}

/// The scores of every show under hand rules and under crib rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct HandStats {
    /// Counted as a player's hand.
    pub hand: Distribution,
    /// Counted as the crib.
    pub crib: Distribution,
}

impl HandStats {
    fn merge(self, other: HandStats) -> HandStats {
        HandStats { hand: self.hand.merge(other.hand), crib: self.crib.merge(other.crib) }
    }
}

/// Scores every hand of four with every starter, under both rule sets, on
/// every core.
#[must_use]
pub fn hand_stats() -> HandStats {
    let lowest_pairs: Vec<CardSet> = CardSet::DECK.subsets(2).collect();
    lowest_pairs
        .into_par_iter()
        .map(|pair| {
            let mut stats = HandStats::default();
            let highest = pair.iter().next_back().map_or(0, Card::index);
            // The hand's other two cards lie above the pair's higher card.
            let above = CardSet::from_bits(CardSet::DECK.bits() & !((2 << highest) - 1))
                .unwrap_or(CardSet::EMPTY);
            for rest in above.subsets(2) {
                let hand = pair | rest;
                for starter in !hand {
                    stats.hand.add(score_unchecked(hand, starter, Rules::Hand));
                    stats.crib.add(score_unchecked(hand, starter, Rules::Crib));
                }
            }
            stats
        })
        .reduce(HandStats::default, HandStats::merge)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distribution_arithmetic() {
        let mut distribution = Distribution::default();
        for points in [0, 2, 2, 29] {
            distribution.add(points);
        }
        assert_eq!(distribution.shows(), 4);
        assert_eq!(distribution.points(), 33);
        assert!((distribution.mean() - 8.25).abs() < 1e-12);
        assert_eq!(Distribution::default().mean(), 0.0);
    }
}

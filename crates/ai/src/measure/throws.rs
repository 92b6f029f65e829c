//! What a sensible player throws to the crib, measured over every deal:
//! the weights of the [`ThrowModel`].
//!
//! The crib's expectation ([`CribOdds`](crate::CribOdds)) needs a model of
//! the other players' discards. Assuming every discard equally likely is
//! simple, and wrong: a pone rarely gives two fives, a dealer often does, and both
//! mostly throw the cards their hands need least. [`measure_throws`] counts
//! what a sensible player throws, over every deal, exactly:
//!
//! - the sensible player keeps the four cards that maximise the hand's
//!   exact expectation plus the crib's (for their own crib) or minus it (for
//!   an opponent's), the crib valued by a table of every discard under a
//!   given model, from the thrower's discards alone;
//! - with two players, every one of the 20,358,520 six-card deals is
//!   thrown from as dealer and as pone (through the 962,988 classes of deals
//!   under renaming the suits, with their multiplicities); with three or
//!   four, every five-card deal, thrown from with the four-player crib (one
//!   card from each player) for both stakes;
//! - a throw's weight is how often its ranks are thrown, divided by how
//!   often they would be by a random discard, on a scale where 1,000 is
//!   average.
//!
//! Which model values the sensible player's crib? The answer is a fixed
//! point: starting from the uniform model, each measurement is a new model,
//! and measuring with it again moves some weights by up to a third (a
//! sensible dealer throws differently to a crib valued for a sensible
//! pone's throws). Damped (each step the geometric mean of the model and its
//! measurement), the steps settle after a dozen rounds: measuring
//! [`ThrowModel::reasonable`] again changes no pair's weight by more than
//! 3% and no single card's by more than 6%. `crib stats throws --from
//! measured` prints the measurement; a test repeats it and compares.

use rayon::prelude::*;

use crate::expect::sensible::{CribTable, sensible_discard};
use crate::expect::throw_model::{Stake, ThrowModel};
use crate::measure::deals::{CanonicalDeal, canonical_deals};

/// How often each discard is thrown, by stake: the counts behind a
/// [`ThrowModel`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowCounts {
    /// Two-card discards from six-card deals: `pairs[stake][low][high]`.
    pub pairs: [[[u64; 13]; 13]; 2],
    /// One-card discards from five-card deals: `singles[stake][rank]`.
    pub singles: [[u64; 13]; 2],
}

impl ThrowCounts {
    fn empty() -> ThrowCounts {
        ThrowCounts { pairs: [[[0; 13]; 13]; 2], singles: [[0; 13]; 2] }
    }

    fn merge(mut self, other: ThrowCounts) -> ThrowCounts {
        for (ours, theirs) in
            self.pairs.iter_mut().flatten().flatten().zip(other.pairs.iter().flatten().flatten())
        {
            *ours += theirs;
        }
        for (ours, theirs) in self.singles.iter_mut().flatten().zip(other.singles.iter().flatten())
        {
            *ours += theirs;
        }
        self
    }

    /// The model these counts make: each discard's frequency over the
    /// frequency of a random discard of its ranks, 1,000 for average, at
    /// least 1 so that no throw is impossible.
    #[must_use]
    pub fn model(&self) -> ThrowModel {
        let mut model = ThrowModel::UNIFORM;
        for stake in 0..2 {
            let total: u64 = self.pairs[stake].iter().flatten().sum();
            for low in 0..13 {
                for high in low..13 {
                    // Pairs of cards with these ranks, out of 1,326.
                    let ways = if low == high { 6.0 } else { 16.0 };
                    let count = self.pairs[stake][low][high] as f64;
                    let weight = scaled(count / ways, total as f64 / 1326.0);
                    model.pairs[stake][low][high] = weight;
                    model.pairs[stake][high][low] = weight;
                }
            }
            let total: u64 = self.singles[stake].iter().sum();
            for rank in 0..13 {
                let count = self.singles[stake][rank] as f64;
                model.singles[stake][rank] = scaled(count / 4.0, total as f64 / 52.0);
            }
        }
        model
    }
}

fn scaled(rate: f64, average: f64) -> u16 {
    let weight = (1000.0 * rate / average).round();
    // A weight above 65,535 would be a discard 65 times likelier than
    // average; none comes near.
    weight.clamp(1.0, f64::from(u16::MAX)) as u16
}

/// Counts what a sensible player throws over every two-player deal (for
/// both stakes) and every five-card deal, the crib valued under `model`.
/// Takes a few seconds on every core.
#[must_use]
pub fn measure_throws(model: &ThrowModel) -> ThrowCounts {
    let cribs = CribTable::new(model);
    let sixes = canonical_deals(6);
    let fives = canonical_deals(5);
    let cribs = &cribs;
    let count = |size: usize| {
        move |mut counts: ThrowCounts, deal: &CanonicalDeal| {
            for stake in Stake::ALL {
                let discard = sensible_discard(deal.cards, stake, cribs);
                let ranks: Vec<usize> = discard.iter().map(|card| card.rank().index()).collect();
                let times = u64::from(deal.multiplicity);
                if size == 6 {
                    counts.pairs[stake as usize][ranks[0]][ranks[1]] += times;
                } else {
                    counts.singles[stake as usize][ranks[0]] += times;
                }
            }
            counts
        }
    };
    let pairs = sixes
        .par_iter()
        .fold(ThrowCounts::empty, count(6))
        .reduce(ThrowCounts::empty, ThrowCounts::merge);
    let singles = fives
        .par_iter()
        .fold(ThrowCounts::empty, count(5))
        .reduce(ThrowCounts::empty, ThrowCounts::merge);
    pairs.merge(singles)
}

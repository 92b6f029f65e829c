//! What a sensible player throws to the crib, measured over every deal.
//!
//! The crib's expectation ([`CribOdds`]) needs a model of the other
//! players' discards. Assuming every discard equally likely is simple, and
//! wrong: a pone rarely gives two fives, a dealer often does, and both
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

use crib_core::{Card, CardSet, GameConfig, Rank, Seat, Suit};
use rayon::prelude::*;

use crate::crib::{CribOdds, Stake, ThrowModel};
use crate::measure::deals::{CanonicalDeal, canonical_deals};
use crate::ranks::{Unseen, hand_points};

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

/// The crib's expectation for every discard of one or two cards, from the
/// thrower's cards alone. Renaming suits changes no expectation, so a
/// discard is valued by its ranks and whether its two cards share a suit:
/// `[stake][low rank][high rank][kind]`, the kind 0 for two cards of
/// different suits, 1 for two of one suit, 2 for a single card (whose
/// ranks are both its own).
pub(crate) struct CribTable {
    values: Vec<f64>,
}

impl CribTable {
    /// The table under [`ThrowModel::reasonable`], built on first use (a
    /// few milliseconds).
    pub(crate) fn reasonable() -> &'static CribTable {
        static TABLE: std::sync::OnceLock<CribTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| CribTable::new(ThrowModel::reasonable()))
    }

    fn index(stake: Stake, low: usize, high: usize, kind: usize) -> usize {
        ((stake as usize * 13 + low) * 13 + high) * 3 + kind
    }

    pub(crate) fn get(&self, stake: Stake, discard: CardSet) -> f64 {
        let mut cards = discard.iter();
        let (Some(first), second) = (cards.next(), cards.next()) else { return 0.0 };
        let (second, kind) = match second {
            Some(second) => (second, usize::from(first.suit() == second.suit())),
            None => (first, 2),
        };
        self.values[CribTable::index(stake, first.rank().index(), second.rank().index(), kind)]
    }

    fn new(model: &ThrowModel) -> CribTable {
        let four = GameConfig::new(4, 121).expect("four players is a table");
        let mut values = vec![0.0; 2 * 13 * 13 * 3];
        for stake in Stake::ALL {
            let other = match stake {
                Stake::Own => Stake::Balk,
                Stake::Balk => Stake::Own,
            };
            for low in 0..13 {
                for high in low..13 {
                    for suited in [false, true] {
                        if suited && low == high {
                            continue;
                        }
                        let first = card(low, 0);
                        let pair = CardSet::single(first).with(card(high, usize::from(!suited)));
                        let value = CribOdds::two_players(pair, other, model).expected(pair);
                        values[CribTable::index(stake, low, high, usize::from(suited))] = value;
                    }
                }
            }
            // The dealer (seat 0) throws Own, the pone (seat 1) balks.
            let (seat, dealer) = match stake {
                Stake::Own => (Seat::ALL[0], Seat::ALL[0]),
                Stake::Balk => (Seat::ALL[1], Seat::ALL[0]),
            };
            for rank in 0..13 {
                let single = CardSet::single(card(rank, 0));
                let value = CribOdds::for_seat(four, seat, dealer, single, model).expected(single);
                values[CribTable::index(stake, rank, rank, 2)] = value;
            }
        }
        CribTable { values }
    }
}

fn card(rank: usize, suit: usize) -> Card {
    Card::new(Rank::ALL[rank], Suit::ALL[suit])
}

/// The discard a sensible player makes from `dealt` for `stake`: the best
/// hand expectation plus (own crib) or minus (opponent's) the crib's.
pub(crate) fn sensible_discard(dealt: CardSet, stake: Stake, cribs: &CribTable) -> CardSet {
    let unseen = Unseen::new(dealt);
    let starters = f64::from(unseen.len());
    let mut best = (f64::NEG_INFINITY, CardSet::EMPTY);
    for keep in dealt.subsets(4) {
        let discard = dealt - keep;
        let value = f64::from(hand_points(keep, &unseen)) / starters
            + stake.sign() * cribs.get(stake, discard);
        if value > best.0 {
            best = (value, discard);
        }
    }
    best.1
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

/// The weights of [`ThrowModel::reasonable`], as measured by
/// [`measure_throws`] (see the module documentation).
#[rustfmt::skip]
pub(crate) const REASONABLE: ThrowModel = ThrowModel {
    pairs: [
        // Own: the dealer's throw.
        [
            [2653, 1883, 2249, 1755, 400, 570, 834, 803, 540, 487, 528, 534, 711],
            [1883, 2994, 2817, 1660, 503, 735, 1159, 820, 632, 441, 497, 499, 703],
            [2249, 2817, 2760, 1645, 529, 588, 771, 722, 523, 405, 410, 520, 769],
            [1755, 1660, 1645, 2406, 515, 295, 577, 499, 383, 371, 403, 499, 706],
            [400, 503, 529, 515, 1673, 543, 721, 570, 460, 947, 1371, 1387, 1352],
            [570, 735, 588, 295, 543, 2574, 1895, 2224, 1937, 390, 378, 317, 410],
            [834, 1159, 771, 577, 721, 1895, 3726, 3394, 1886, 295, 484, 479, 665],
            [803, 820, 722, 499, 570, 2224, 3394, 3260, 2075, 910, 344, 418, 417],
            [540, 632, 523, 383, 460, 1937, 1886, 2075, 2564, 1196, 579, 323, 401],
            [487, 441, 405, 371, 947, 390, 295, 910, 1196, 1764, 1588, 874, 630],
            [528, 497, 410, 403, 1371, 378, 484, 344, 579, 1588, 2038, 2083, 1585],
            [534, 499, 520, 499, 1387, 317, 479, 418, 323, 874, 2083, 2249, 1946],
            [711, 703, 769, 706, 1352, 410, 665, 417, 401, 630, 1585, 1946, 2610],
        ],
        // Balk: the pone's throw.
        [
            [731, 1481, 1051, 543, 128, 947, 1431, 1681, 1553, 1461, 1119, 2070, 2300],
            [1481, 683, 280, 886, 166, 901, 1321, 1521, 1400, 1021, 776, 1376, 1563],
            [1051, 280, 431, 485, 72, 1093, 872, 1148, 1117, 928, 725, 1253, 1404],
            [543, 886, 485, 381, 62, 292, 1035, 885, 829, 912, 743, 1258, 1393],
            [128, 166, 72, 62, 35, 47, 85, 133, 164, 75, 72, 74, 75],
            [947, 901, 1093, 292, 47, 306, 426, 898, 519, 1087, 616, 1237, 1729],
            [1431, 1321, 872, 1035, 85, 426, 385, 260, 1331, 1351, 792, 1577, 2166],
            [1681, 1521, 1148, 885, 133, 898, 260, 879, 1003, 583, 1065, 1575, 2036],
            [1553, 1400, 1117, 829, 164, 519, 1331, 1003, 720, 402, 741, 1722, 2008],
            [1461, 1021, 928, 912, 75, 1087, 1351, 583, 402, 488, 610, 1762, 3797],
            [1119, 776, 725, 743, 72, 616, 792, 1065, 741, 610, 392, 761, 1172],
            [2070, 1376, 1253, 1258, 74, 1237, 1577, 1575, 1722, 1762, 761, 734, 2777],
            [2300, 1563, 1404, 1393, 75, 1729, 2166, 2036, 2008, 3797, 1172, 2777, 846],
        ],
    ],
    singles: [
        [748, 1027, 1105, 748, 890, 903, 1576, 1556, 850, 448, 1032, 1000, 1105],
        [1377, 888, 630, 618, 56, 691, 728, 821, 1181, 1209, 668, 1559, 2562],
    ],
};

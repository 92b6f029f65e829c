//! The crib's value of a two-player discard by its ranks, whether its two
//! cards share a suit, and whose crib it goes to ([`CribValues`]), and the
//! table of them that a best response makes, shipped with the program
//! ([`best_response_crib`]).
//!
//! The published discard tables value a discard this way: by the ranks
//! thrown and, because the crib counts a flush only with all five cards of
//! one suit, whether the two are of one suit; 169 discards for the dealer
//! and 169 for the pone. The table shipped here is measured by iterated
//! best response (see
//! [`BestResponseRound`](crate::BestResponseRound)): over seeded deals each
//! player keeps the four cards worth most in hand, crib (valued by the
//! table before) and play, and the crib those keeps actually made, averaged
//! over every starter, is the next table, until the gain of a best response
//! stops falling. It is kept in `data/best_response.rs`, written by `crib
//! stats best-response --write`.
//!
//! Values are kept in millionths of a point, whole numbers, so that a table
//! written to a file and read back is the same table, bit for bit.

use crib_core::{CardSet, Rank};
use serde::Serialize;

use crate::expect::crib::{CribRow, crib_table};
use crate::expect::throw_model::{Stake, ThrowModel};

/// The shipped table.
mod data {
    include!("data/best_response.rs");
}

/// The number of two-card discards by ranks and suitedness: 91 pairs of
/// ranks, 78 of them of two different ranks, which may also share a suit.
pub const PAIR_DISCARDS: usize = 169;

/// Millionths of a point in a point.
pub(crate) const MICRO: f64 = 1_000_000.0;

/// [`MICRO`] as a whole number.
pub(crate) const MICRO_POINTS: i64 = 1_000_000;

/// The place of a two-card discard of ranks `low <= high` (ace 0, king 12)
/// in the order of [`crib_table`]'s rows: by the lower rank, then the
/// higher, cards of different suits before cards of one suit (a pair is
/// only of different suits).
pub(crate) const fn pair_index(low: usize, high: usize, suited: bool) -> usize {
    // The rows of each lower rank `r` before: the pair, then two for each
    // higher rank, 2 * (13 - r) - 1 in all.
    let before = low * 25 - low * low.saturating_sub(1);
    if low == high { before } else { before + 1 + 2 * (high - low - 1) + suited as usize }
}

/// The place of `discard` in [`crib_table`]'s order, if it is two cards.
pub(crate) fn discard_index(discard: CardSet) -> Option<usize> {
    let mut cards = discard.iter();
    let (Some(low), Some(high), None) = (cards.next(), cards.next(), cards.next()) else {
        return None;
    };
    // Cards are in rank order, so the first is of the lower rank.
    let (low_rank, high_rank) = (low.rank().index(), high.rank().index());
    Some(pair_index(low_rank, high_rank, low.suit() == high.suit()))
}

/// Two cards standing for the discards of `index` in [`crib_table`]'s
/// order: clubs, and for the higher rank clubs again if suited, else
/// diamonds.
#[cfg(test)]
fn discard_of(index: usize) -> CardSet {
    use crib_core::{Card, Suit};
    let (low, high, suited) = pair_of(index);
    let second = if suited { Suit::Clubs } else { Suit::Diamonds };
    CardSet::single(Card::new(low, Suit::Clubs)).with(Card::new(high, second))
}

/// The ranks and suitedness of the discards of `index` in [`crib_table`]'s
/// order.
fn pair_of(index: usize) -> (Rank, Rank, bool) {
    let mut low = 0;
    while low < 12 && pair_index(low + 1, low + 1, false) <= index {
        low += 1;
    }
    let offset = index - pair_index(low, low, false);
    if offset == 0 {
        return (Rank::ALL[low], Rank::ALL[low], false);
    }
    let high = (low + 1 + (offset - 1) / 2).min(12);
    (Rank::ALL[low], Rank::ALL[high], (offset - 1) % 2 == 1)
}

/// The crib's value of every two-card discard for each stake: the
/// dealer's throw to their own crib ([`Stake::Own`]) and the pone's to the
/// dealer's ([`Stake::Balk`]), in millionths of a point.
///
/// ```
/// use crib_ai::{CribValues, Stake, ThrowModel};
/// use crib_core::{CardSet, parse_cards};
/// let values = CribValues::from_model(ThrowModel::reasonable());
/// let fives = CardSet::from_distinct(parse_cards("5H 5S")?)?;
/// let court = CardSet::from_distinct(parse_cards("JD KS")?)?;
/// assert!(values.get(Stake::Own, fives) > values.get(Stake::Own, court) + 3.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CribValues {
    /// `micro[stake][index]`, the index in [`crib_table`]'s order.
    micro: [[i64; PAIR_DISCARDS]; 2],
}

impl CribValues {
    /// The crib's exact expectation of every discard under `model`, knowing
    /// only the two cards thrown ([`crib_table`]), to a millionth of a
    /// point: where the best response starts.
    #[must_use]
    pub fn from_model(model: &ThrowModel) -> CribValues {
        let rows = crib_table(model);
        let micro = |value: f64| (value * MICRO).round() as i64;
        let mut values = CribValues { micro: [[0; PAIR_DISCARDS]; 2] };
        for (index, row) in rows.iter().enumerate() {
            values.micro[Stake::Own.index()][index] = micro(row.dealer);
            values.micro[Stake::Balk.index()][index] = micro(row.pone);
        }
        values
    }

    /// The values of `dealer`'s and `pone`'s throws in millionths of a
    /// point, each in [`crib_table`]'s order; `None` unless each has
    /// [`PAIR_DISCARDS`] values.
    #[must_use]
    pub fn from_micro(dealer: &[i64], pone: &[i64]) -> Option<CribValues> {
        Some(CribValues { micro: [dealer.try_into().ok()?, pone.try_into().ok()?] })
    }

    /// The table shipped with the program, measured by iterated best
    /// response (see the module's account).
    #[must_use]
    pub fn best_response() -> &'static CribValues {
        static TABLE: std::sync::OnceLock<CribValues> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| CribValues {
            micro: [data::DEALER.map(|(value, ..)| value), data::PONE.map(|(value, ..)| value)],
        })
    }

    /// The crib's value of `discard` thrown with `stake`, in points; 0 for
    /// a discard of other than two cards.
    #[must_use]
    pub fn get(&self, stake: Stake, discard: CardSet) -> f64 {
        discard_index(discard).map_or(0.0, |index| self.micro(stake, index) as f64 / MICRO)
    }

    /// The value of the discard of `index` in [`crib_table`]'s order,
    /// thrown with `stake`, in millionths of a point.
    #[must_use]
    pub fn micro(&self, stake: Stake, index: usize) -> i64 {
        self.micro[stake.index()].get(index).copied().unwrap_or(0)
    }

    /// Every value of `stake`'s throws in millionths of a point, in
    /// [`crib_table`]'s order.
    #[must_use]
    pub fn all_micro(&self, stake: Stake) -> &[i64] {
        &self.micro[stake.index()]
    }

    /// The table as [`crib_table`]'s rows.
    #[must_use]
    pub fn rows(&self) -> Vec<CribRow> {
        (0..PAIR_DISCARDS)
            .map(|index| {
                let (low, high, suited) = pair_of(index);
                let value = |stake| self.micro(stake, index) as f64 / MICRO;
                CribRow { low, high, suited, dealer: value(Stake::Own), pone: value(Stake::Balk) }
            })
            .collect()
    }
}

/// The crib's value of a two-card discard thrown with `stake` (the dealer
/// [`Stake::Own`], the pone [`Stake::Balk`]) in a two-player round, from
/// the table of iterated best response shipped with the program
/// ([`CribValues::best_response`]); 0 for other than two cards.
///
/// ```
/// use crib_ai::{Stake, best_response_crib};
/// use crib_core::{CardSet, parse_cards};
/// let fives = CardSet::from_distinct(parse_cards("5C 5D")?)?;
/// let king_queen = CardSet::from_distinct(parse_cards("QC KD")?)?;
/// assert!(best_response_crib(Stake::Own, fives) > 7.0);
/// assert!(best_response_crib(Stake::Balk, king_queen) < 5.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn best_response_crib(stake: Stake, discard: CardSet) -> f64 {
    CribValues::best_response().get(stake, discard)
}

/// How the table of [`best_response_crib`] was measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BestResponseBuild {
    /// The deals of each pass.
    pub deals: u64,
    /// Their seed.
    pub seed: u64,
    /// The hands of the opponent sampled for each keep's play.
    pub samples: u32,
    /// The passes made.
    pub passes: u32,
}

/// How the table shipped with the program ([`best_response_crib`],
/// [`CribValues::best_response`]) was measured.
#[must_use]
pub fn best_response_build() -> BestResponseBuild {
    let (deals, seed, samples, passes) = data::BUILT;
    BestResponseBuild { deals, seed, samples, passes }
}

/// The shipped table's rows for `stake`'s discards, in [`crib_table`]'s
/// order: the value, the cribs it was measured from and the standard
/// error of their mean, in millionths of a point (0 under two cribs).
#[cfg(test)]
pub(crate) fn shipped_rows(stake: Stake) -> &'static [(i64, u64, u64); PAIR_DISCARDS] {
    match stake {
        Stake::Own => &data::DEALER,
        Stake::Balk => &data::PONE,
    }
}

#[cfg(test)]
mod tests {
    use crib_core::Card;

    use super::*;

    #[test]
    fn the_indices_follow_the_rows_of_the_crib_table() {
        let rows = crib_table(&ThrowModel::UNIFORM);
        assert_eq!(rows.len(), PAIR_DISCARDS);
        for (index, row) in rows.iter().enumerate() {
            let (low, high) = (row.low.index(), row.high.index());
            assert_eq!(pair_index(low, high, row.suited), index, "{row:?}");
            assert_eq!(pair_of(index), (row.low, row.high, row.suited));
            let discard = discard_of(index);
            assert_eq!(discard_index(discard), Some(index));
        }
    }

    #[test]
    fn every_two_cards_have_their_ranks_and_suitedness_index() {
        let mut seen = [0u32; PAIR_DISCARDS];
        for discard in CardSet::DECK.subsets(2) {
            let index = discard_index(discard).unwrap_or(PAIR_DISCARDS);
            let (low, high, suited) = pair_of(index);
            let cards: Vec<Card> = discard.iter().collect();
            assert_eq!((cards[0].rank(), cards[1].rank()), (low, high));
            assert_eq!(cards[0].suit() == cards[1].suit(), suited);
            seen[index] += 1;
        }
        // Six pairs of a rank, four suited and twelve unsuited of two.
        for (index, &count) in seen.iter().enumerate() {
            let (low, high, suited) = pair_of(index);
            let expected = if low == high {
                6
            } else if suited {
                4
            } else {
                12
            };
            assert_eq!(count, expected, "{index}");
        }
        assert_eq!(discard_index(CardSet::EMPTY), None);
        assert_eq!(discard_index(discard_of(3) | discard_of(40)), None);
    }

    #[test]
    fn a_model_table_holds_the_crib_tables_values() {
        let model = ThrowModel::reasonable();
        let values = CribValues::from_model(model);
        for (row, ours) in crib_table(model).iter().zip(values.rows()) {
            assert!((row.dealer - ours.dealer).abs() <= 0.5e-6, "{row:?}");
            assert!((row.pone - ours.pone).abs() <= 0.5e-6, "{row:?}");
        }
        let again =
            CribValues::from_micro(values.all_micro(Stake::Own), values.all_micro(Stake::Balk));
        assert_eq!(again.as_ref(), Some(&values));
        assert_eq!(CribValues::from_micro(&[0; 3], values.all_micro(Stake::Balk)), None);
        assert_eq!(values.get(Stake::Own, CardSet::EMPTY), 0.0);
    }
}

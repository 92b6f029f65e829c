//! Choosing the discard: which four of the dealt cards to keep.
//!
//! The value of a keep is the exact average of its hand over every starter
//! that could be cut, that is every card not dealt to this player (46 with six
//! dealt cards, 47 with five). All keeps of one deal share that number of
//! starters, so comparing their point totals compares their expectations
//! exactly, with no floating point.
//!
//! The order of the table, best first, is by expectation, then by the higher
//! minimum (the safer keep), then by the higher maximum, then by the kept
//! cards in card order (the keep whose lowest differing card is lower comes
//! first). It is a total order, so the choice is deterministic.

use std::cmp::Ordering;
use std::fmt;

use crib_core::{Card, CardSet, DuplicateCard, Rules, score_unchecked};
use serde::Serialize;

use crate::expect::ranks::{Unseen, hand_points, hand_range};

/// Why cards cannot be discarded from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiscardError {
    /// A deal is 6 cards (two players) or 5 (three or four players).
    #[error("a deal is 5 or 6 cards, not {0}")]
    DealSize(usize),
    /// A card dealt twice.
    #[error(transparent)]
    Duplicate(#[from] DuplicateCard),
}

/// One way to keep four of the dealt cards, with its hand's value over every
/// possible starter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Keep {
    /// The four cards kept.
    pub keep: CardSet,
    /// The cards given to the crib.
    pub discard: CardSet,
    /// The exact expected value of the hand.
    pub expected: Expectation,
    /// The least the hand can score, over every starter.
    pub min: u8,
    /// The most the hand can score, over every starter.
    pub max: u8,
}

/// An exact average: `points / starters`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Expectation {
    /// The sum of the hand's points over every possible starter.
    pub points: u32,
    /// The number of possible starters.
    pub starters: u32,
}

impl Expectation {
    /// The average as a floating-point number.
    #[must_use]
    pub fn value(self) -> f64 {
        f64::from(self.points) / f64::from(self.starters)
    }
}

impl Ord for Expectation {
    fn cmp(&self, other: &Expectation) -> Ordering {
        let ours = u64::from(self.points) * u64::from(other.starters);
        let theirs = u64::from(other.points) * u64::from(self.starters);
        ours.cmp(&theirs)
    }
}

impl PartialOrd for Expectation {
    fn partial_cmp(&self, other: &Expectation) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Expectation {
    /// The average in decimal; the precision defaults to three places.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let precision = f.precision().unwrap_or(3);
        let text = format!("{:.precision$}", self.value());
        f.pad_integral(true, "", &text)
    }
}

impl Keep {
    /// The keep's value: `keep` with every starter not in `dealt`.
    fn evaluate(keep: CardSet, dealt: CardSet) -> Keep {
        let (mut points, mut starters, mut min, mut max) = (0u32, 0u32, u8::MAX, 0u8);
        for starter in !dealt {
            let score = score_unchecked(keep, starter, Rules::Hand);
            points += u32::from(score);
            starters += 1;
            min = min.min(score);
            max = max.max(score);
        }
        Keep { keep, discard: dealt - keep, expected: Expectation { points, starters }, min, max }
    }

    /// The order of the discard table: `Less` when `self` is the better keep.
    fn rank_against(&self, other: &Keep) -> Ordering {
        other
            .expected
            .cmp(&self.expected)
            .then(other.min.cmp(&self.min))
            .then(other.max.cmp(&self.max))
            .then_with(|| self.keep.iter().cmp(other.keep.iter()))
    }
}

/// Every keep of four cards from a deal of 5 or 6, best first (see the module
/// documentation for the order).
///
/// ```
/// use crib_core::{parse_cards, CardSet};
/// let dealt = CardSet::from_distinct(parse_cards("5H 5S JD 4C 6C KD")?)?;
/// let table = crib_ai::discard_table(dealt)?;
/// assert_eq!(table.len(), 15);
/// assert_eq!(table[0].keep.to_string(), "4C 5H 5S 6C");
/// assert_eq!(table[0].discard.to_string(), "JD KD");
/// assert_eq!(format!("{:.4}", table[0].expected), "15.9565");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// A deal of other than 5 or 6 cards.
pub fn discard_table(dealt: CardSet) -> Result<Vec<Keep>, DiscardError> {
    let dealt = deal_of(dealt)?;
    let mut table: Vec<Keep> = dealt.subsets(4).map(|keep| Keep::evaluate(keep, dealt)).collect();
    table.sort_unstable_by(Keep::rank_against);
    Ok(table)
}

/// The best keep of four from a deal of 5 or 6: the first row of
/// [`discard_table`].
///
/// # Errors
///
/// A deal of other than 5 or 6 cards.
pub fn best_keep(dealt: CardSet) -> Result<Keep, DiscardError> {
    let dealt = deal_of(dealt)?;
    let keep = best_hand(dealt).ok_or(DiscardError::DealSize(dealt.len()))?;
    Ok(Keep::evaluate(keep, dealt))
}

/// Each keep of four from `dealt` with the sum of its hand's points over
/// every starter not dealt ([`Expectation::points`]), by rank tables rather
/// than by scoring each starter.
pub(crate) fn keep_points(dealt: CardSet) -> impl Iterator<Item = (CardSet, u32)> {
    let unseen = Unseen::new(dealt);
    dealt.subsets(4).map(move |keep| (keep, hand_points(keep, &unseen)))
}

/// The keep of [`best_keep`] (the first row of [`discard_table`], ties in
/// the expectation broken by the table's order) without the table: each
/// keep's points summed by ranks, and the least and most it scores found
/// only when keeps tie. `None` for fewer than four cards.
pub(crate) fn best_hand(dealt: CardSet) -> Option<CardSet> {
    let mut keeps = keep_points(dealt);
    let (mut best, mut most) = keeps.next()?;
    let mut tied = false;
    for (keep, points) in keeps {
        if points > most {
            (best, most, tied) = (keep, points, false);
        } else if points == most {
            tied = true;
        }
    }
    if !tied {
        return Some(best);
    }
    let unseen = Unseen::new(dealt);
    let starters = unseen.len();
    keep_points(dealt)
        .filter_map(|(keep, points)| (points == most).then_some(keep))
        .map(|keep| {
            let (min, max) = hand_range(keep, &unseen);
            let expected = Expectation { points: most, starters };
            Keep { keep, discard: dealt - keep, expected, min, max }
        })
        .min_by(Keep::rank_against)
        .map(|best| best.keep)
}

/// The deal of cards given one by one: 5 or 6 distinct cards.
///
/// # Errors
///
/// A card given twice, or other than 5 or 6 cards.
pub fn deal_from_cards(cards: &[Card]) -> Result<CardSet, DiscardError> {
    deal_of(CardSet::from_distinct(cards.iter().copied())?)
}

/// `dealt`, if it is a deal to discard from: 5 or 6 cards.
fn deal_of(dealt: CardSet) -> Result<CardSet, DiscardError> {
    if (5..=6).contains(&dealt.len()) {
        Ok(dealt)
    } else {
        Err(DiscardError::DealSize(dealt.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::parse_cards;

    fn dealt(text: &str) -> CardSet {
        CardSet::from_distinct(parse_cards(text).unwrap()).unwrap()
    }

    /// The best hand without the table is the table's first keep, on
    /// deals where keeps tie at the top (same-rank cards of suits that
    /// score alike) as elsewhere.
    #[test]
    fn the_best_hand_breaks_ties_as_the_table_does() {
        let tie = dealt("4D 5H 6C 2C 2S");
        let table = discard_table(tie).unwrap();
        assert_eq!(table[0].expected, table[1].expected);
        assert_eq!(best_hand(tie), Some(table[0].keep));
        let mut ties = 0;
        for seed in 0..2000 {
            let dealt = crib_core::Deck::shuffled(seed).deal_set(5 + (seed % 2) as usize).unwrap();
            let table = discard_table(dealt).unwrap();
            ties += u32::from(table[0].expected == table[1].expected);
            assert_eq!(best_hand(dealt), Some(table[0].keep), "{dealt}");
        }
        assert!(ties > 20, "{ties} deals with a tie");
    }

    #[test]
    fn five_and_six_card_deals() {
        assert_eq!(discard_table(dealt("5H 5S JD 4C 6C KD")).unwrap().len(), 15);
        let five = discard_table(dealt("5H 5S JD 4C 6C")).unwrap();
        assert_eq!(five.len(), 5);
        assert!(five.iter().all(|keep| keep.expected.starters == 47 && keep.discard.len() == 1));
    }

    #[test]
    fn refuses_other_deals() {
        assert_eq!(discard_table(dealt("5H 5S JD 4C")), Err(DiscardError::DealSize(4)));
        assert_eq!(discard_table(dealt("5H 5S JD 4C 6C KD 2C")), Err(DiscardError::DealSize(7)));
        let twice = parse_cards("5H 5S JD 4C 5H KD").unwrap();
        assert_eq!(deal_from_cards(&twice).unwrap_err().to_string(), "card 5H is given twice");
        let four = parse_cards("5H 5S JD 4C").unwrap();
        assert_eq!(deal_from_cards(&four), Err(DiscardError::DealSize(4)));
    }

    #[test]
    fn table_is_sorted_and_complete() {
        let cards = dealt("AS 3H KH 7H 2D 9C");
        let table = discard_table(cards).unwrap();
        assert!(table.windows(2).all(|pair| pair[0].rank_against(&pair[1]) == Ordering::Less));
        for keep in &table {
            assert_eq!(keep.keep | keep.discard, cards);
            assert!(keep.min <= keep.max);
            let mean = keep.expected.value();
            assert!(f64::from(keep.min) <= mean && mean <= f64::from(keep.max));
        }
    }

    #[test]
    fn ties_are_broken_by_card_order() {
        // Four suits of the same ranks, all keeps worth the same: the order
        // falls through to the cards.
        let table = discard_table(dealt("2C 2D 2H 2S 9C")).unwrap();
        let keeps: Vec<String> = table.iter().map(|keep| keep.keep.to_string()).collect();
        assert_eq!(keeps[0], "2C 2D 2H 2S");
        let rest = &table[1..];
        assert!(rest.windows(2).all(|pair| pair[0].expected == pair[1].expected
            && pair[0].keep.iter().lt(pair[1].keep.iter())));
    }

    #[test]
    fn expectations_compare_exactly() {
        let third = Expectation { points: 1, starters: 3 };
        let two_sixths = Expectation { points: 2, starters: 6 };
        assert_eq!(third.cmp(&two_sixths), Ordering::Equal);
        assert!(Expectation { points: 5, starters: 46 } > Expectation { points: 5, starters: 47 });
        assert_eq!(format!("{:.2}", Expectation { points: 734, starters: 46 }), "15.96");
        assert_eq!(format!("{:>8}", Expectation { points: 1, starters: 3 }), "   0.333");
    }
}

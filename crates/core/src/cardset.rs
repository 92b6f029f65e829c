//! Sets of cards as 52-bit masks.
//!
//! Bit `i` of a [`CardSet`] is the card with index `i`, so a set's four bits
//! per rank form a nibble: counting the bits in a nibble gives the number of
//! cards of that rank (pairs, runs), and a mask of every fourth bit gives the
//! cards of one suit (flushes). Iteration is in card order: by rank, then suit.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};

use crate::{Card, Rank, Suit};

/// A set of distinct cards.
///
/// ```
/// use crib_core::{Card, CardSet};
/// let hand: CardSet = crib_core::parse_cards("5H 5S JD 4C")?.into_iter().collect();
/// assert_eq!(hand.len(), 4);
/// assert!(hand.contains("JD".parse()?));
/// assert_eq!(hand.to_string(), "4C 5H 5S JD");
/// # Ok::<(), crib_core::ParseCardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);

    /// All 52 cards.
    pub const DECK: CardSet = CardSet((1 << 52) - 1);

    /// The set whose bit `i` is the card with index `i`, if no bit above 51 is
    /// set.
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !CardSet::DECK.0 == 0 { Some(CardSet(bits)) } else { None }
    }

    /// The set as a bit mask (bit `i` is the card with index `i`).
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding only `card`.
    #[must_use]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// The four cards of `rank`.
    #[must_use]
    pub const fn of_rank(rank: Rank) -> CardSet {
        CardSet(0xF << (rank as u64 * 4))
    }

    /// The thirteen cards of `suit`.
    #[must_use]
    pub const fn of_suit(suit: Suit) -> CardSet {
        CardSet(0x1_1111_1111_1111 << suit as u64)
    }

    /// Builds a set from cards, refusing a card given twice.
    ///
    /// # Errors
    ///
    /// [`DuplicateCard`] naming the first card that appears again.
    pub fn from_distinct(cards: impl IntoIterator<Item = Card>) -> Result<CardSet, DuplicateCard> {
        let mut set = CardSet::EMPTY;
        for card in cards {
            if !set.insert(card) {
                return Err(DuplicateCard(card));
            }
        }
        Ok(set)
    }

    /// How many cards the set holds.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no card.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `card`.
    #[must_use]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Whether every card of `self` is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets have no card in common.
    #[must_use]
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// Adds `card`; returns whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= 1 << card.index();
        new
    }

    /// Removes `card`; returns whether it was there.
    pub fn remove(&mut self, card: Card) -> bool {
        let present = self.contains(card);
        self.0 &= !(1 << card.index());
        present
    }

    /// The set with `card` added.
    #[must_use]
    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | 1 << card.index())
    }

    /// The set with `card` removed.
    #[must_use]
    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1 << card.index()))
    }

    /// The lowest card of the set, in card order.
    #[must_use]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Card::from_index(self.0.trailing_zeros() as u8) }
    }

    /// The cards of the set, lowest first.
    #[must_use]
    pub const fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// Every subset of exactly `size` cards, each once, in increasing order
    /// of their bit masks.
    ///
    /// ```
    /// use crib_core::CardSet;
    /// let dealt: CardSet = crib_core::parse_cards("5H 5S JD 4C 6C KD")?.into_iter().collect();
    /// assert_eq!(dealt.subsets(4).count(), 15);
    /// assert!(dealt.subsets(4).all(|keep| keep.len() == 4 && keep.is_subset(dealt)));
    /// # Ok::<(), crib_core::ParseCardError>(())
    /// ```
    #[must_use]
    pub fn subsets(self, size: usize) -> Subsets {
        Subsets::new(self, size)
    }
}

/// A card was given twice where cards must be distinct.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("card {0} is given twice")]
pub struct DuplicateCard(pub Card);

/// Iterator over the cards of a [`CardSet`], lowest first.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for Iter {}

impl DoubleEndedIterator for Iter {
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = 63 - self.0.leading_zeros() as u8;
        self.0 &= !(1 << index);
        Card::from_index(index)
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    /// Collects cards into a set; a card given twice is kept once (use
    /// [`CardSet::from_distinct`] to refuse duplicates).
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        set.extend(cards);
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, cards: I) {
        for card in cards {
            self.insert(card);
        }
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

/// Every subset of a given size of a [`CardSet`]; see [`CardSet::subsets`].
///
/// Walks the `size`-of-`n` combinations of the set's positions with Gosper's
/// hack and maps each position mask onto the set's cards.
#[derive(Clone, Debug)]
pub struct Subsets {
    cards: [u8; 52],
    len: u32,
    next: Option<u64>,
}

impl Subsets {
    fn new(set: CardSet, size: usize) -> Subsets {
        let mut cards = [0; 52];
        for (slot, card) in cards.iter_mut().zip(set) {
            *slot = card.index();
        }
        let len = set.len() as u32;
        let next = (size as u32 <= len).then(|| (1u64 << size) - 1);
        Subsets { cards, len, next }
    }
}

impl Iterator for Subsets {
    type Item = CardSet;

    fn next(&mut self) -> Option<CardSet> {
        let positions = self.next?;
        let mut bits = 0;
        let mut rest = positions;
        while rest != 0 {
            bits |= 1 << self.cards[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        self.next = if positions == 0 {
            None
        } else {
            // Gosper's hack: the next larger number with as many bits set.
            let lowest = positions & positions.wrapping_neg();
            let ripple = positions + lowest;
            let following = (((ripple ^ positions) >> 2) / lowest) | ripple;
            (following < 1 << self.len).then_some(following)
        };
        Some(CardSet(bits))
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, other: CardSet) {
        self.0 |= other.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, other: CardSet) {
        self.0 &= other.0;
    }
}

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, other: CardSet) -> CardSet {
        CardSet(self.0 ^ other.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` that are not in `other`.
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl SubAssign for CardSet {
    fn sub_assign(&mut self, other: CardSet) {
        self.0 &= !other.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The rest of the deck.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::DECK.0)
    }
}

impl fmt::Display for CardSet {
    /// The cards in canonical notation, lowest first, separated by spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(&card, f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl serde::Serialize for CardSet {
    /// A list of cards in canonical notation, lowest first.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        CardSet::from_distinct(cards).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn subsets_are_every_combination_once() {
        let set = CardSet::from_bits(0b1011_0110_0001_0000_0000_0101).unwrap();
        for size in 0..=set.len() + 1 {
            let subsets: Vec<CardSet> = set.subsets(size).collect();
            let expected = if size <= set.len() { binomial(set.len(), size) } else { 0 };
            assert_eq!(subsets.len(), expected, "size {size}");
            assert!(subsets.iter().all(|s| s.len() == size && s.is_subset(set)));
            let distinct: std::collections::HashSet<_> = subsets.iter().collect();
            assert_eq!(distinct.len(), subsets.len());
        }
    }

    #[test]
    fn whole_deck_subsets_of_four() {
        assert_eq!(CardSet::DECK.subsets(4).count(), 270_725);
        assert_eq!(CardSet::DECK.subsets(52).count(), 1);
    }

    #[test]
    fn ranks_and_suits_partition_the_deck() {
        let by_rank = Rank::ALL.iter().fold(CardSet::EMPTY, |acc, &r| acc | CardSet::of_rank(r));
        let by_suit = Suit::ALL.iter().fold(CardSet::EMPTY, |acc, &s| acc | CardSet::of_suit(s));
        assert_eq!(by_rank, CardSet::DECK);
        assert_eq!(by_suit, CardSet::DECK);
        for suit in Suit::ALL {
            assert!(CardSet::of_suit(suit).iter().all(|card| card.suit() == suit));
            assert_eq!(CardSet::of_suit(suit).len(), 13);
        }
    }

    #[test]
    fn set_operations() {
        let a = CardSet::from_bits(0b1100).unwrap();
        let b = CardSet::from_bits(0b1010).unwrap();
        assert_eq!((a | b).bits(), 0b1110);
        assert_eq!((a & b).bits(), 0b1000);
        assert_eq!((a - b).bits(), 0b0100);
        assert_eq!((!a).len(), 50);
        assert_eq!(CardSet::from_bits(1 << 52), None);
        assert_eq!(a.iter().rev().map(Card::index).collect::<Vec<_>>(), [3, 2]);
    }
}

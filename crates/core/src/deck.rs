//! The deck, shuffled reproducibly.
//!
//! All randomness in the project comes from a [`SeededRng`] made from a `u64`
//! seed that the user can give and that the program reports, so the same seed
//! deals the same cards on every machine and in every version that keeps this
//! generator (ChaCha with 8 rounds, which is portable and fast).

use rand::SeedableRng;
use rand::seq::SliceRandom;

use crate::{Card, CardSet};

/// The random number generator behind every shuffle: ChaCha8, seeded from a
/// `u64`.
pub type SeededRng = rand_chacha::ChaCha8Rng;

/// The generator for `seed`.
#[must_use]
pub fn seeded_rng(seed: u64) -> SeededRng {
    SeededRng::seed_from_u64(seed)
}

/// A deck of cards; cards are dealt from the top.
///
/// ```
/// use crib_core::Deck;
/// let mut deck = Deck::shuffled(42);
/// let hand = deck.deal_set(6).expect("a full deck has six cards");
/// assert_eq!(hand.len(), 6);
/// assert_eq!(deck.len(), 46);
/// // The same seed deals the same cards.
/// assert_eq!(Deck::shuffled(42).deal_set(6), Some(hand));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// The cards, top of the deck last so that dealing is a pop.
    cards: Vec<Card>,
}

impl Deck {
    /// All 52 cards in card order, the ace of clubs on top.
    #[must_use]
    pub fn ordered() -> Deck {
        let mut cards: Vec<Card> = CardSet::DECK.iter().collect();
        cards.reverse();
        Deck { cards }
    }

    /// All 52 cards, shuffled by the generator for `seed`.
    #[must_use]
    pub fn shuffled(seed: u64) -> Deck {
        Deck::shuffled_with(&mut seeded_rng(seed))
    }

    /// All 52 cards, shuffled by `rng`.
    pub fn shuffled_with<R: rand::Rng + ?Sized>(rng: &mut R) -> Deck {
        let mut deck = Deck::ordered();
        deck.cards.shuffle(rng);
        deck
    }

    /// The cards left, top first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator + '_ {
        self.cards.iter().rev().copied()
    }

    /// How many cards are left.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether every card has been dealt.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards left, as a set.
    #[must_use]
    pub fn remaining(&self) -> CardSet {
        self.cards.iter().copied().collect()
    }

    /// Deals the top card.
    pub fn deal(&mut self) -> Option<Card> {
        self.cards.pop()
    }

    /// Deals `count` cards from the top, or none if fewer are left.
    pub fn deal_set(&mut self, count: usize) -> Option<CardSet> {
        let from = self.cards.len().checked_sub(count)?;
        Some(self.cards.drain(from..).collect())
    }
}

/// A seed for the `index`-th part of something seeded by `seed`: the games
/// of a match or a simulation, the rounds of a game.
///
/// It is a SplitMix64 step of the two numbers mixed, so nearby indices give
/// unrelated seeds.
///
/// ```
/// use crib_core::derive_seed;
/// assert_eq!(derive_seed(7, 3), derive_seed(7, 3));
/// assert_ne!(derive_seed(7, 3), derive_seed(7, 4));
/// assert_ne!(derive_seed(7, 3), derive_seed(8, 3));
/// ```
#[must_use]
pub const fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xD6E8_FEB8_6659_FD93);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffled_deck_holds_every_card_once() {
        for seed in 0..20 {
            let deck = Deck::shuffled(seed);
            assert_eq!(deck.len(), 52);
            assert_eq!(deck.remaining(), CardSet::DECK);
        }
    }

    #[test]
    fn seeds_decide_the_order() {
        let order = |seed| Deck::shuffled(seed).iter().collect::<Vec<_>>();
        assert_eq!(order(7), order(7));
        assert_ne!(order(7), order(8));
        assert_ne!(order(7), Deck::ordered().iter().collect::<Vec<_>>());
    }

    #[test]
    fn dealing_takes_from_the_top() {
        let mut deck = Deck::ordered();
        assert_eq!(deck.deal().map(|c| c.to_string()).as_deref(), Some("AC"));
        let next = deck.deal_set(3).unwrap();
        assert_eq!(next.to_string(), "AD AH AS");
        assert_eq!(deck.deal_set(49), None);
        assert_eq!(deck.len(), 48);
        assert_eq!(deck.deal_set(48).map(CardSet::len), Some(48));
        assert!(deck.is_empty());
        assert_eq!(deck.deal(), None);
    }
}

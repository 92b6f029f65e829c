//! The `random` player: any legal action.

use crib_core::{Card, CardSet, SeededRng, View, seeded_rng};
use rand::RngExt;

use crate::players::player::Player;

/// Any legal action, chosen uniformly by a seeded generator.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SeededRng,
}

impl RandomPlayer {
    /// A random player whose choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: seeded_rng(seed) }
    }

    fn pick(&mut self, cards: CardSet) -> Option<Card> {
        if cards.is_empty() {
            return None;
        }
        cards.iter().nth(self.rng.random_range(0..cards.len()))
    }
}

impl Player for RandomPlayer {
    fn discard(&mut self, view: &View) -> CardSet {
        let mut discard = CardSet::EMPTY;
        let mut left = view.hand;
        for _ in 0..view.config.discards() {
            if let Some(card) = self.pick(left) {
                discard.insert(card);
                left.remove(card);
            }
        }
        discard
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        self.pick(view.playable())
    }
}

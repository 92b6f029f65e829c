//! The `easy` player, for beginners.

use crib_core::{Card, CardSet, View};

use crate::players::basic::BasicPlayer;
use crate::players::player::Player;
use crate::players::random::RandomPlayer;

/// For beginners: a random discard; in the play, the card that pegs the
/// most now if any does, else a random card that fits. It never breaks a
/// rule, and it never misses points lying on the table, but it keeps
/// nothing in mind.
#[derive(Clone, Debug)]
pub struct EasyPlayer {
    random: RandomPlayer,
}

impl EasyPlayer {
    /// An easy player whose random choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> EasyPlayer {
        EasyPlayer { random: RandomPlayer::new(seed) }
    }
}

impl Player for EasyPlayer {
    fn discard(&mut self, view: &View) -> CardSet {
        self.random.discard(view)
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        let scoring = BasicPlayer.play(view).filter(|&card| {
            view.pegging.preview(view.seat, card).is_ok_and(|play| !play.points.is_empty())
        });
        scoring.or_else(|| self.random.play(view))
    }
}

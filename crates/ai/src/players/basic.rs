//! The `basic` player: the best expected hand, then the greedy play.

use crib_core::{Card, CardSet, View};

use crate::expect::discard::best_keep;
use crate::players::player::Player;
use crate::rules_of_thumb::greedy_play;

/// The discard that keeps the best expected hand; in the play, the card
/// that pegs the most now, else the highest card that fits.
///
/// Ties in the play go to the higher card (in card order: rank, then suit),
/// so the player is deterministic.
///
/// ```
/// use crib_ai::{BasicPlayer, Player};
/// use crib_core::{Action, CardSet, Game, GameConfig, Seat};
/// let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 1)?;
/// game.play(Seat::ALL[0], Action::Deal)?;
/// let discard = BasicPlayer.discard(&game.view(Seat::ALL[1]));
/// assert_eq!(discard.len(), 2);
/// assert!(discard.is_subset(game.hand(Seat::ALL[1])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicPlayer;

impl Player for BasicPlayer {
    fn discard(&mut self, view: &View) -> CardSet {
        match best_keep(view.hand) {
            Ok(keep) => keep.discard,
            // Not a deal of 5 or 6 (a view outside the discard): give the
            // lowest cards, which is at least well defined.
            Err(_) => view.hand.iter().take(view.config.discards()).collect(),
        }
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        greedy_play(&view.pegging, view.seat, view.playable())
    }
}

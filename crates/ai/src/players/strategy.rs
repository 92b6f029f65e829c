//! The built-in players by name ([`Strategy`]), and one of them as a value
//! ([`BuiltIn`]).

use std::fmt;
use std::str::FromStr;

use crib_core::{Card, CardSet, View};
use serde::Serialize;

use crate::players::basic::BasicPlayer;
use crate::players::classic::ClassicPlayer;
use crate::players::easy::EasyPlayer;
use crate::players::expert::ExpertPlayer;
use crate::players::player::{Observed, Player};
use crate::players::random::RandomPlayer;

/// The built-in players, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Any legal action, at random.
    Random,
    /// For beginners: a random discard, then the most points now, else a
    /// random card.
    Easy,
    /// Best expected hand, then the most points now, else the highest card.
    Basic,
    /// By the book: a published-style crib table plus the hand, and club
    /// players' rules of thumb in the play.
    Classic,
    /// Hand, crib and play valued together; a search of the play.
    Expert,
}

impl Strategy {
    /// Every built-in player, weakest first.
    pub const ALL: [Strategy; 5] =
        [Strategy::Random, Strategy::Easy, Strategy::Basic, Strategy::Classic, Strategy::Expert];

    /// The strongest built-in player: the opponent a person gets unless they
    /// ask for another, and the one that gives hints.
    pub const STRONGEST: Strategy = Strategy::Expert;

    /// The player's name, as the command line writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Easy => "easy",
            Strategy::Basic => "basic",
            Strategy::Classic => "classic",
            Strategy::Expert => "expert",
        }
    }

    /// A player of this strategy; `seed` drives its random choices, if any.
    #[must_use]
    pub fn player(self, seed: u64) -> BuiltIn {
        match self {
            Strategy::Random => BuiltIn::Random(RandomPlayer::new(seed)),
            Strategy::Easy => BuiltIn::Easy(EasyPlayer::new(seed)),
            Strategy::Basic => BuiltIn::Basic(BasicPlayer),
            Strategy::Classic => BuiltIn::Classic(ClassicPlayer),
            Strategy::Expert => BuiltIn::Expert(ExpertPlayer::new(seed)),
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A name that is not a built-in player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player {0:?}: the players are random, easy, basic, classic and expert")]
pub struct UnknownStrategy(pub String);

impl FromStr for Strategy {
    type Err = UnknownStrategy;

    /// Reads a player's name, case-insensitively.
    ///
    /// ```
    /// use crib_ai::Strategy;
    /// assert_eq!("Basic".parse::<Strategy>()?, Strategy::Basic);
    /// assert!("clever".parse::<Strategy>().is_err());
    /// # Ok::<(), crib_ai::UnknownStrategy>(())
    /// ```
    fn from_str(text: &str) -> Result<Strategy, UnknownStrategy> {
        Strategy::ALL
            .into_iter()
            .find(|strategy| strategy.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownStrategy(text.to_owned()))
    }
}

/// One of the built-in players (an enum rather than a boxed trait object, so
/// that simulations pay no indirection).
// The random player's generator is 300 bytes; a game holds a few players, so
// the size costs nothing, and a box would cost an allocation per player.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum BuiltIn {
    /// See [`RandomPlayer`].
    Random(RandomPlayer),
    /// See [`EasyPlayer`].
    Easy(EasyPlayer),
    /// See [`BasicPlayer`].
    Basic(BasicPlayer),
    /// See [`ClassicPlayer`](ClassicPlayer).
    Classic(ClassicPlayer),
    /// See [`ExpertPlayer`].
    Expert(ExpertPlayer),
}

impl Player for BuiltIn {
    fn discard(&mut self, view: &View) -> CardSet {
        match self {
            BuiltIn::Random(player) => player.discard(view),
            BuiltIn::Easy(player) => player.discard(view),
            BuiltIn::Basic(player) => player.discard(view),
            BuiltIn::Classic(player) => player.discard(view),
            BuiltIn::Expert(player) => player.discard(view),
        }
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        match self {
            BuiltIn::Random(player) => player.play(view),
            BuiltIn::Easy(player) => player.play(view),
            BuiltIn::Basic(player) => player.play(view),
            BuiltIn::Classic(player) => player.play(view),
            BuiltIn::Expert(player) => player.play(view),
        }
    }

    fn observe(&mut self, observed: &Observed) {
        if let BuiltIn::Expert(player) = self {
            player.observe(observed);
        }
    }
}

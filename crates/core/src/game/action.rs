//! What a seat decides ([`Action`]) and where a game stands ([`Phase`]):
//! the words that the game, a seat's view and the match share.

use std::fmt;

use serde::Serialize;

use crate::{Card, CardSet};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The dealer is to deal the next round.
    Deal,
    /// The players are giving their discards to the crib, in any order.
    Discard,
    /// The play of the cards.
    Pegging,
    /// A side has reached the target.
    Over,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Phase::Deal => "deal",
            Phase::Discard => "discard",
            Phase::Pegging => "pegging",
            Phase::Over => "game over",
        })
    }
}

/// A decision of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// The dealer deals the round.
    Deal,
    /// Give these cards to the crib: 2 with two players, else 1.
    Discard(CardSet),
    /// Play a card in the pegging.
    Play(Card),
    /// Say go: no card held fits.
    Go,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Deal => f.write_str("deal"),
            Action::Discard(cards) => write!(f, "discard {cards}"),
            Action::Play(card) => write!(f, "play {card}"),
            Action::Go => f.write_str("go"),
        }
    }
}

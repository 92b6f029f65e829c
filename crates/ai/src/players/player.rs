//! A seat's decision maker ([`Player`]): the two decisions of cribbage from
//! a seat's view, and what a player is told of the table that its views do
//! not keep ([`Observed`]).
//!
//! A [`Player`] sees only a [`View`] of the game (its own cards and what is
//! public), never the game itself, and makes the two decisions of cribbage:
//! which cards to give to the crib, and which card to play (or go). The
//! dealer's deal is no decision and [`Player::act`] takes it on its own.

use crib_core::{Action, Card, CardSet, Event, Phase, Seat, View};

/// A seat's decision maker.
pub trait Player {
    /// The cards to give to the crib: 2 with two players, else 1, from the
    /// view's hand.
    fn discard(&mut self, view: &View) -> CardSet;

    /// The card to play, or `None` to say go (only when no held card fits).
    fn play(&mut self, view: &View) -> Option<Card>;

    /// Takes note of what happened at the table that a view does not keep:
    /// the deal, the other seats' plays and gos, and the hands and crib
    /// shown. A player that learns from the game uses it; by default it is
    /// ignored.
    fn observe(&mut self, observed: &Observed) {
        let _ = observed;
    }

    /// The action for whatever the view asks of the seat: the deal, a
    /// discard or a play; `None` when the seat is not to act.
    fn act(&mut self, view: &View) -> Option<Action> {
        match view.phase {
            Phase::Deal if view.seat == view.dealer => Some(Action::Deal),
            Phase::Discard if !view.has_discarded(view.seat) => {
                Some(Action::Discard(self.discard(view)))
            }
            Phase::Pegging if view.pegging.turn() == Some(view.seat) => {
                Some(self.play(view).map_or(Action::Go, Action::Play))
            }
            _ => None,
        }
    }
}

/// What a player sees of the game that its views do not keep: the start of
/// a game and of each round, each play and go in order, and each hand
/// shown. A player is told of the others' plays and gos; its own it notes
/// as it makes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observed {
    /// A new game: what was learnt of the last one is forgotten.
    NewGame,
    /// A round is dealt by `dealer`.
    Deal {
        /// The dealer.
        dealer: Seat,
    },
    /// `seat` played `card`.
    Played {
        /// The seat.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// `seat` said go.
    Go {
        /// The seat.
        seat: Seat,
    },
    /// `seat` showed the four cards it kept.
    Shown {
        /// The seat.
        seat: Seat,
        /// The four cards, without the starter.
        hand: CardSet,
    },
    /// The dealer showed the crib.
    CribShown {
        /// The crib's four cards, without the starter.
        crib: CardSet,
    },
}

impl Observed {
    /// What `seat` observes of `event`: the deal, another seat's play or
    /// go (its own it makes), a hand or the crib shown.
    #[must_use]
    pub fn of(event: &Event, seat: Seat) -> Option<Observed> {
        match *event {
            Event::Dealt { dealer, .. } => Some(Observed::Deal { dealer }),
            Event::Played { seat: by, card, .. } if by != seat => {
                Some(Observed::Played { seat: by, card })
            }
            Event::Go { seat: by, .. } if by != seat => Some(Observed::Go { seat: by }),
            Event::Shown { seat: by, ref breakdown } => {
                Some(Observed::Shown { seat: by, hand: breakdown.show.hand() })
            }
            Event::CribShown { ref breakdown, .. } => {
                Some(Observed::CribShown { crib: breakdown.show.hand() })
            }
            _ => None,
        }
    }
}

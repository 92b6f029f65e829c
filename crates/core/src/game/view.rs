//! What one seat may know of a game.
//!
//! A [`View`] is a copy of everything public (the board, the starter once
//! cut, the play, hands and crib once shown, who has discarded) and of the
//! seat's own cards, and of nothing else: no other seat's hand or discard,
//! no card still in the deck. Computer players and interfaces take views,
//! never the game, so they cannot use what they should not see.

use serde::Serialize;

use crate::{Action, Board, Card, CardSet, GameConfig, Pegging, Phase, Seat, Side};

/// One seat's knowledge of a game.
///
/// [`Game::view`](crate::Game::view) makes views; a program that follows a
/// game from one seat without the whole game (an engine) can build its own
/// from what it has been told, and hand it to the same players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// The seat whose view this is.
    pub seat: Seat,
    /// The players and the target.
    pub config: GameConfig,
    /// Where the game stands.
    pub phase: Phase,
    /// The rounds dealt so far.
    pub round: u32,
    /// The dealer of the current round (in [`Phase::Deal`], the one to deal).
    pub dealer: Seat,
    /// The cards the seat holds now.
    pub hand: CardSet,
    /// The four cards the seat kept for the show (empty before it discards).
    pub kept: CardSet,
    /// The cards the seat gave to the crib this round.
    pub discards: CardSet,
    /// Whether each seat has discarded this round, seat 0 first.
    pub discarded: [bool; 4],
    /// The starter, once cut.
    pub starter: Option<Card>,
    /// The play: count, cards of the count, gos, cards played by each seat.
    pub pegging: Pegging,
    /// Each seat's hand once shown in this round, seat 0 first.
    pub shown: [Option<CardSet>; 4],
    /// The crib once shown.
    pub crib: Option<CardSet>,
    /// The board.
    pub board: Board,
    /// The winning side, once the game is over.
    pub winner: Option<Side>,
}

impl View {
    /// Whether `seat` has given its discards this round.
    #[must_use]
    pub const fn has_discarded(&self, seat: Seat) -> bool {
        self.discarded[seat.index()]
    }

    /// The seat after the dealer.
    #[must_use]
    pub const fn pone(&self) -> Seat {
        self.dealer.next(self.config.players())
    }

    /// The cards held now that fit the count.
    #[must_use]
    pub fn playable(&self) -> CardSet {
        self.hand.iter().filter(|&card| self.pegging.fits(card)).collect()
    }

    /// Every action the seat may take now; empty when it is not to act.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Deal if self.seat == self.dealer => vec![Action::Deal],
            Phase::Discard if !self.has_discarded(self.seat) => {
                self.hand.subsets(self.config.discards()).map(Action::Discard).collect()
            }
            Phase::Pegging if self.pegging.turn() == Some(self.seat) => {
                let playable = self.playable();
                if playable.is_empty() {
                    vec![Action::Go]
                } else {
                    playable.iter().map(Action::Play).collect()
                }
            }
            _ => Vec::new(),
        }
    }

    /// What a spectator may know, who sits at no seat: this view with the
    /// seat's own cards (its hand, its kept cards until shown, its discards)
    /// taken out, so that only what is face up is left. Its `seat` is
    /// still the seat it was made from, which only names the side it is
    /// seen from.
    ///
    /// ```
    /// use crib_core::{Action, Game, GameConfig, Seat};
    /// let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 7)?;
    /// game.play(Seat::ALL[0], Action::Deal)?;
    /// let public = game.view(Seat::ALL[1]).public();
    /// assert!(public.hand.is_empty() && public.known_cards().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn public(mut self) -> View {
        self.hand = CardSet::EMPTY;
        self.kept = CardSet::EMPTY;
        self.discards = CardSet::EMPTY;
        self
    }

    /// Every card this view shows, the seat's own and the public ones: what
    /// the seat can know to be out of the other hands and the deck.
    #[must_use]
    pub fn known_cards(&self) -> CardSet {
        let shown = self.shown.iter().flatten().fold(CardSet::EMPTY, |all, &hand| all | hand);
        let starter = self.starter.map_or(CardSet::EMPTY, CardSet::single);
        self.hand
            | self.kept
            | self.discards
            | self.pegging.played()
            | shown
            | self.crib.unwrap_or(CardSet::EMPTY)
            | starter
    }
}

impl Serialize for View {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let players = usize::from(self.config.players());
        let seats = &Seat::ALL[..players];
        let mut state = serializer.serialize_struct("View", 18)?;
        state.serialize_field("seat", &self.seat)?;
        state.serialize_field("config", &self.config)?;
        state.serialize_field("phase", &self.phase)?;
        state.serialize_field("round", &self.round)?;
        state.serialize_field("dealer", &self.dealer)?;
        state.serialize_field("hand", &self.hand)?;
        state.serialize_field("kept", &self.kept)?;
        state.serialize_field("discards", &self.discards)?;
        let discarded: Vec<bool> = seats.iter().map(|&seat| self.has_discarded(seat)).collect();
        state.serialize_field("discarded", &discarded)?;
        state.serialize_field("starter", &self.starter)?;
        state.serialize_field("count", &self.pegging.count())?;
        state.serialize_field("current", self.pegging.current())?;
        let played: Vec<CardSet> = seats.iter().map(|&seat| self.pegging.played_by(seat)).collect();
        state.serialize_field("played", &played)?;
        state.serialize_field(
            "turn",
            &self.pegging.turn().filter(|_| self.phase == Phase::Pegging),
        )?;
        state.serialize_field("shown", &self.shown[..players])?;
        state.serialize_field("crib", &self.crib)?;
        state.serialize_field("board", &self.board)?;
        state.serialize_field("winner", &self.winner)?;
        state.end()
    }
}

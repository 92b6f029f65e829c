//! One game: rounds dealt, discarded, cut, pegged and shown until a side
//! reaches the target.
//!
//! [`Game`] owns the whole truth of a game (every hand, the crib, the cards
//! still in the deck) and changes only through [`Game::play`], which checks an
//! [`Action`] against the rules and either applies it and returns what
//! happened as [`Event`]s, or refuses it with an [`IllegalAction`] and leaves
//! the game as it was. Steps that need no decision happen inside the action
//! that makes them due: the last discard brings the cut, the last card of the
//! play brings the show. The deal is an action of the dealer so that a round's
//! shown hands stay on the table until someone moves on.
//!
//! Each round is dealt from a deck shuffled by a seed derived from the game's
//! seed and the round's number, so a game is reproducible from its seed and
//! its players' choices.

use serde::Serialize;

use crate::{
    Action, Board, Card, CardSet, ConfigError, Deck, Event, GameConfig, GameResult, PegPlay,
    Pegging, PeggingError, Phase, Rank, Rules, Seat, Show, Side, Skunk, View, derive_seed,
    score_unchecked,
};

/// Why an action is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    /// A seat that is not at the table.
    #[error("there is no seat {seat} at a table of {players}")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// The players at the table.
        players: u8,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action does not belong to the phase the game is in.
    #[error("cannot {action} in the {phase} phase")]
    WrongPhase {
        /// The action.
        action: Action,
        /// The phase.
        phase: Phase,
    },
    /// Only the dealer deals.
    #[error("seat {seat} is not the dealer: seat {dealer} deals")]
    NotDealer {
        /// The seat that tried.
        seat: Seat,
        /// The dealer.
        dealer: Seat,
    },
    /// A seat gives to the crib once a round.
    #[error("seat {0} has already discarded")]
    AlreadyDiscarded(Seat),
    /// The wrong number of cards for the crib.
    #[error("seat {seat} must discard {expected} cards, not {given}")]
    DiscardCount {
        /// The seat.
        seat: Seat,
        /// The cards it must give.
        expected: usize,
        /// The cards it gave.
        given: usize,
    },
    /// A card the seat does not hold.
    #[error("seat {seat} does not hold {card}")]
    NotInHand {
        /// The seat.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// Another seat is to play.
    #[error("it is seat {turn}'s turn to play, not seat {seat}'s")]
    NotYourTurn {
        /// The seat that tried.
        seat: Seat,
        /// The seat whose turn it is.
        turn: Seat,
    },
    /// A seat that holds a card that fits must play.
    #[error("seat {seat} cannot say go: {card} fits")]
    MustPlay {
        /// The seat.
        seat: Seat,
        /// A card it holds that fits.
        card: Card,
    },
    /// A stacked deal with other than one hand per seat.
    #[error("a deal has {expected} hands, not {given}")]
    DealtHands {
        /// The players.
        expected: usize,
        /// The hands given.
        given: usize,
    },
    /// A stacked deal with a hand of the wrong size.
    #[error("seat {seat} must be dealt {expected} cards, not {given}")]
    DealtCards {
        /// The seat.
        seat: Seat,
        /// The cards a hand is dealt.
        expected: usize,
        /// The cards given.
        given: usize,
    },
    /// A stacked deal with the wrong number of cards straight to the crib.
    #[error("the deck gives {expected} cards straight to the crib, not {given}")]
    CribCards {
        /// One with three players, else none.
        expected: usize,
        /// The cards given.
        given: usize,
    },
    /// A stacked deal that gives a card twice.
    #[error("card {0} is dealt twice")]
    DealtTwice(Card),
    /// The play breaks a rule of the pegging.
    #[error(transparent)]
    Pegging(#[from] PeggingError),
}

/// Where points come from, for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct SourcePoints {
    /// His heels: a jack turned as the starter (dealer only).
    pub heels: u32,
    /// The play: fifteens, thirty-ones, pairs, runs, go and last card.
    pub pegging: u32,
    /// The hand in the show.
    pub hand: u32,
    /// The crib (dealer only).
    pub crib: u32,
}

impl SourcePoints {
    /// All points together.
    #[must_use]
    pub const fn total(&self) -> u32 {
        self.heels + self.pegging + self.hand + self.crib
    }

    /// Adds `other` to these points.
    pub fn add(&mut self, other: &SourcePoints) {
        self.heels += other.heels;
        self.pegging += other.pegging;
        self.hand += other.hand;
        self.crib += other.crib;
    }

    /// The points made since `before`, an earlier tally of the same points
    /// (each source only grows; a source that shrank counts 0).
    #[must_use]
    pub const fn since(&self, before: &SourcePoints) -> SourcePoints {
        SourcePoints {
            heels: self.heels.saturating_sub(before.heels),
            pegging: self.pegging.saturating_sub(before.pegging),
            hand: self.hand.saturating_sub(before.hand),
            crib: self.crib.saturating_sub(before.crib),
        }
    }
}

/// Points by source and by role over the rounds a game completed (shown to
/// the crib; a round cut short by the win is not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Tally {
    /// Completed rounds.
    pub rounds: u32,
    /// The dealers' points.
    pub dealer: SourcePoints,
    /// The pones' points (the seat after the dealer).
    pub pone: SourcePoints,
    /// Each side's points, side 0 first, whoever dealt (unused sides stay
    /// at zero).
    pub sides: [SourcePoints; Side::MAX],
}

impl Tally {
    /// Adds `other` to this tally.
    pub fn add(&mut self, other: &Tally) {
        self.rounds += other.rounds;
        self.dealer.add(&other.dealer);
        self.pone.add(&other.pone);
        for (ours, theirs) in self.sides.iter_mut().zip(&other.sides) {
            ours.add(theirs);
        }
    }
}

/// What seats claim for their own shows when they count them themselves:
/// the rule of muggins.
///
/// Usually the game counts every show. A seat with a claim counts its own
/// instead: it pegs what it claims, but never more than the true count (an
/// over-count is corrected, without penalty); points it misses are called
/// "muggins" by the seat after it (an opponent, with two or four players),
/// which pegs them at once, before the next show is counted. Claims only
/// matter to an action that brings the show: see [`Game::play_claiming`].
///
/// A seat may count its own pegging the same way: a claim for the play
/// ([`Claims::with_pegging`]) is what the seat says the card it plays pegs
/// (fifteen, pair, run, thirty-one, last card). A play that pegs nothing
/// needs no count, so its claim is ignored. The point for a go, pegged by
/// the last seat to play when the others cannot, is always counted by the
/// game.
///
/// ```
/// use crib_core::{Claims, Seat};
/// let claims = Claims::NONE.with_hand(Seat::ALL[0], 8).with_crib(4).with_pegging(2);
/// assert_eq!(claims.hand(Seat::ALL[0]), Some(8));
/// assert_eq!(claims.hand(Seat::ALL[1]), None);
/// assert_eq!(claims.crib(), Some(4));
/// assert_eq!(claims.pegging(), Some(2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Claims {
    hands: [Option<u8>; 4],
    crib: Option<u8>,
    pegging: Option<u8>,
}

impl Claims {
    /// No claims: the game counts every show.
    pub const NONE: Claims = Claims { hands: [None; 4], crib: None, pegging: None };

    /// These claims, and `points` claimed for `seat`'s hand.
    #[must_use]
    pub const fn with_hand(mut self, seat: Seat, points: u8) -> Claims {
        self.hands[seat.index()] = Some(points);
        self
    }

    /// These claims, and `points` claimed by the dealer for the crib.
    #[must_use]
    pub const fn with_crib(mut self, points: u8) -> Claims {
        self.crib = Some(points);
        self
    }

    /// The points claimed for `seat`'s hand, if it counts it itself.
    #[must_use]
    pub const fn hand(&self, seat: Seat) -> Option<u8> {
        self.hands[seat.index()]
    }

    /// The points the dealer claims for the crib, if it counts it itself.
    #[must_use]
    pub const fn crib(&self) -> Option<u8> {
        self.crib
    }

    /// These claims, and `points` claimed by the seat that plays a card for
    /// what the card pegs.
    #[must_use]
    pub const fn with_pegging(mut self, points: u8) -> Claims {
        self.pegging = Some(points);
        self
    }

    /// The points the seat that plays a card claims it pegs, if it counts
    /// its own pegging.
    #[must_use]
    pub const fn pegging(&self) -> Option<u8> {
        self.pegging
    }
}

/// Where points counted by the rule of muggins are tallied: the source the
/// claim was for, for the claiming seat and the caller alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counted {
    Hand,
    Crib,
    Pegging,
}

impl Counted {
    fn of(self, points: &mut SourcePoints) -> &mut u32 {
        match self {
            Counted::Hand => &mut points.hand,
            Counted::Crib => &mut points.crib,
            Counted::Pegging => &mut points.pegging,
        }
    }
}

/// Receives events: a list for [`Game::play`], nothing for
/// [`Game::play_unchecked`], which then never builds them.
trait Sink {
    fn emit(&mut self, event: impl FnOnce() -> Event);
}

impl Sink for Vec<Event> {
    fn emit(&mut self, event: impl FnOnce() -> Event) {
        self.push(event());
    }
}

struct Silent;

impl Sink for Silent {
    fn emit(&mut self, _: impl FnOnce() -> Event) {}
}

/// One game of cribbage for 2, 3 or 4 players.
///
/// ```
/// use crib_core::{Action, Game, GameConfig, Phase, Seat};
/// let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 42)?;
/// assert_eq!(game.phase(), Phase::Deal);
/// game.play(Seat::ALL[0], Action::Deal)?;
/// assert_eq!(game.phase(), Phase::Discard);
/// // Play out the game with the first legal action of whoever is to act.
/// while game.phase() != Phase::Over {
///     let seat = game.to_act()[0];
///     let action = game.legal_actions(seat)[0];
///     game.play(seat, action)?;
/// }
/// let winner = game.winner().expect("the game is over");
/// assert!(game.board().score(winner) >= 121);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    config: GameConfig,
    seed: u64,
    first_dealer: Seat,
    /// Rounds dealt so far.
    round: u32,
    dealer: Seat,
    phase: Phase,
    /// The cards each seat holds now.
    hands: [CardSet; 4],
    /// The four cards each seat kept for the show.
    kept: [CardSet; 4],
    /// The cards each seat gave to the crib.
    discards: [CardSet; 4],
    /// Bit `s`: seat `s` has discarded this round.
    discarded: u8,
    /// The crib so far (with three players, the card from the deck too).
    crib: CardSet,
    /// The card the pone's cut will turn, hidden until then.
    cut_card: Card,
    starter: Option<Card>,
    pegging: Pegging,
    /// Bit `s`: seat `s` has shown its hand this round; bit 4: the crib.
    shown: u8,
    board: Board,
    winner: Option<Side>,
    round_points: [SourcePoints; 4],
    tally: Tally,
}

const CRIB_SHOWN: u8 = 1 << 4;

impl Game {
    /// A game to be dealt first by `dealer`, every deck shuffled from `seed`.
    /// It starts in [`Phase::Deal`]: the dealer's [`Action::Deal`] deals.
    ///
    /// # Errors
    ///
    /// A dealer who is not at the table.
    pub fn new(config: GameConfig, dealer: Seat, seed: u64) -> Result<Game, ConfigError> {
        if !config.has_seat(dealer) {
            return Err(ConfigError::SeatOfTable {
                seat: dealer.index() as u8,
                players: config.players(),
            });
        }
        let pegging = Pegging::new(config, dealer).expect("the dealer is at the table");
        Ok(Game {
            config,
            seed,
            first_dealer: dealer,
            round: 0,
            dealer,
            phase: Phase::Deal,
            hands: [CardSet::EMPTY; 4],
            kept: [CardSet::EMPTY; 4],
            discards: [CardSet::EMPTY; 4],
            discarded: 0,
            crib: CardSet::EMPTY,
            cut_card: Card::new(Rank::Ace, crate::Suit::Clubs),
            starter: None,
            pegging,
            shown: 0,
            board: Board::new(config),
            winner: None,
            round_points: [SourcePoints::default(); 4],
            tally: Tally::default(),
        })
    }

    /// The players and the target.
    #[must_use]
    pub const fn config(&self) -> GameConfig {
        self.config
    }

    /// The seed every deck of the game is shuffled from.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// Where the game stands.
    #[must_use]
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The dealer of the current round (in [`Phase::Deal`], the one to deal).
    #[must_use]
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The seat after the dealer: it cuts, leads the play and shows first.
    #[must_use]
    pub const fn pone(&self) -> Seat {
        self.dealer.next(self.config.players())
    }

    /// The seat that dealt the first round.
    #[must_use]
    pub const fn first_dealer(&self) -> Seat {
        self.first_dealer
    }

    /// The number of rounds dealt so far.
    #[must_use]
    pub const fn round(&self) -> u32 {
        self.round
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The state of the play (public to every seat).
    #[must_use]
    pub const fn pegging(&self) -> &Pegging {
        &self.pegging
    }

    /// The starter, once cut.
    #[must_use]
    pub const fn starter(&self) -> Option<Card> {
        self.starter
    }

    /// The cards `seat` holds now (this is hidden information: interfaces
    /// show a seat only its own, through [`Game::view`]).
    #[must_use]
    pub const fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// The four cards `seat` kept for the show (empty before it discards).
    #[must_use]
    pub const fn kept(&self, seat: Seat) -> CardSet {
        self.kept[seat.index()]
    }

    /// The crib as it stands (hidden information until it is shown).
    #[must_use]
    pub const fn crib(&self) -> CardSet {
        self.crib
    }

    /// Whether `seat` has given its discards this round.
    #[must_use]
    pub const fn has_discarded(&self, seat: Seat) -> bool {
        self.discarded & 1 << seat.index() != 0
    }

    /// The side that won, once the game is over.
    #[must_use]
    pub const fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Points by source and role over the completed rounds.
    #[must_use]
    pub const fn tally(&self) -> &Tally {
        &self.tally
    }

    /// How the game ended, once it is over.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        let winner = self.winner?;
        let skunk_of = |side: Side| {
            if side == winner {
                Skunk::None
            } else {
                Skunk::of(self.config, self.board.score(side))
            }
        };
        Some(GameResult {
            winner,
            scores: self.board.scores().to_vec(),
            skunks: self.config.all_sides().map(skunk_of).collect(),
            first_dealer: self.first_dealer,
            rounds: self.round,
        })
    }

    /// The seats that may act now: the dealer to deal, every seat that has
    /// not discarded, or the seat whose turn it is to play.
    #[must_use]
    pub fn to_act(&self) -> Vec<Seat> {
        match self.phase {
            Phase::Deal => vec![self.dealer],
            Phase::Discard => {
                self.config.seats().filter(|&seat| !self.has_discarded(seat)).collect()
            }
            Phase::Pegging => self.pegging.turn().into_iter().collect(),
            Phase::Over => Vec::new(),
        }
    }

    /// What `seat` knows: its own cards and everything public.
    #[must_use]
    pub fn view(&self, seat: Seat) -> View {
        let index = seat.index();
        let mut shown = [None; 4];
        for other in self.config.seats() {
            if self.shown & 1 << other.index() != 0 {
                shown[other.index()] = Some(self.kept[other.index()]);
            }
        }
        View {
            seat,
            config: self.config,
            phase: self.phase,
            round: self.round,
            dealer: self.dealer,
            hand: self.hands[index],
            kept: self.kept[index],
            discards: self.discards[index],
            discarded: Seat::ALL.map(|seat| self.has_discarded(seat)),
            starter: self.starter,
            pegging: self.pegging,
            shown,
            crib: (self.shown & CRIB_SHOWN != 0).then_some(self.crib),
            board: self.board,
            winner: self.winner,
        }
    }

    /// Every action `seat` may take now (none if it is not to act).
    #[must_use]
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.config.has_seat(seat) { self.view(seat).legal_actions() } else { Vec::new() }
    }

    /// Whether `seat` may take `action` now.
    #[must_use]
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// Checks `action` by `seat` against the rules without taking it.
    ///
    /// # Errors
    ///
    /// The first rule the action breaks.
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        if !self.config.has_seat(seat) {
            return Err(IllegalAction::NoSuchSeat { seat, players: self.config.players() });
        }
        if self.phase == Phase::Over {
            return Err(IllegalAction::GameOver);
        }
        let hand = self.hands[seat.index()];
        match (action, self.phase) {
            (Action::Deal, Phase::Deal) if seat != self.dealer => {
                Err(IllegalAction::NotDealer { seat, dealer: self.dealer })
            }
            (Action::Deal, Phase::Deal) => Ok(()),
            (Action::Discard(_), Phase::Discard) if self.has_discarded(seat) => {
                Err(IllegalAction::AlreadyDiscarded(seat))
            }
            (Action::Discard(cards), Phase::Discard) => {
                if let Some(card) = (cards - hand).first() {
                    Err(IllegalAction::NotInHand { seat, card })
                } else if cards.len() != self.config.discards() {
                    Err(IllegalAction::DiscardCount {
                        seat,
                        expected: self.config.discards(),
                        given: cards.len(),
                    })
                } else {
                    Ok(())
                }
            }
            (Action::Play(_) | Action::Go, Phase::Pegging) if self.pegging.turn() != Some(seat) => {
                Err(IllegalAction::NotYourTurn {
                    seat,
                    // In the pegging phase some seat is always to play.
                    turn: self.pegging.turn().unwrap_or(seat),
                })
            }
            (Action::Play(card), Phase::Pegging) if !hand.contains(card) => {
                Err(IllegalAction::NotInHand { seat, card })
            }
            (Action::Play(card), Phase::Pegging) => Ok(self.pegging.check_play(seat, card)?),
            (Action::Go, Phase::Pegging) => {
                match hand.iter().find(|&card| self.pegging.fits(card)) {
                    Some(card) => Err(IllegalAction::MustPlay { seat, card }),
                    None => Ok(self.pegging.check_go(seat)?),
                }
            }
            (action, phase) => Err(IllegalAction::WrongPhase { action, phase }),
        }
    }

    /// `seat` takes `action`: the game moves on and returns what happened.
    /// On error the game is unchanged.
    ///
    /// # Errors
    ///
    /// See [`Game::check`].
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, IllegalAction> {
        self.play_claiming(seat, action, Claims::NONE)
    }

    /// [`Game::play`] where seats count their own shows: if `action` brings
    /// the show, each show that `claims` holds a claim for is pegged by the
    /// rule of muggins (see [`Claims`]) and reported as [`Event::Claimed`],
    /// followed by [`Event::Muggins`] for points missed. Likewise, if
    /// `action` plays a card that pegs and `claims` holds a claim for the
    /// play ([`Claims::with_pegging`]), the seat pegs its claim up to the
    /// true points ([`Event::Played`] says what it claimed) and the seat
    /// after it pegs what was missed ([`Event::Muggins`]). An interface that
    /// asks a person for their count can try the action on a clone of the
    /// game first to learn which shows will be counted, or what a card pegs.
    ///
    /// ```
    /// use crib_core::{Action, Claims, Event, Game, GameConfig, Phase, Seat};
    /// let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 3)?;
    /// // Seat 1 (the pone) claims nothing for its hand: muggins takes it all.
    /// let claims = Claims::NONE.with_hand(Seat::ALL[1], 0);
    /// let mut events = Vec::new();
    /// while game.phase() != Phase::Deal || game.round() == 0 {
    ///     let seat = game.to_act()[0];
    ///     let action = game.legal_actions(seat)[0];
    ///     events.extend(game.play_claiming(seat, action, claims)?);
    /// }
    /// let missed = events.iter().find_map(|event| match event {
    ///     Event::Claimed { seat, breakdown, .. } if *seat == Seat::ALL[1] => Some(breakdown.total()),
    ///     _ => None,
    /// });
    /// let called = events.iter().find_map(|event| match event {
    ///     Event::Muggins { seat, points, .. } if *seat == Seat::ALL[0] => Some(*points),
    ///     _ => None,
    /// });
    /// assert_eq!(missed.filter(|&points| points > 0), called);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// See [`Game::check`].
    pub fn play_claiming(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<Vec<Event>, IllegalAction> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        self.apply(seat, action, &claims, &mut events);
        Ok(events)
    }

    /// Takes `action` without checking it and without building events, for
    /// simulations whose players only choose among
    /// [`Game::legal_actions`]. An illegal action leaves a meaningless game
    /// (or panics).
    pub fn play_unchecked(&mut self, seat: Seat, action: Action) {
        self.apply(seat, action, &Claims::NONE, &mut Silent);
    }

    fn apply(&mut self, seat: Seat, action: Action, claims: &Claims, sink: &mut impl Sink) {
        match action {
            Action::Deal => self.deal(sink),
            Action::Discard(cards) => self.discard(seat, cards, sink),
            Action::Play(card) => self.peg_card(seat, card, claims, sink),
            Action::Go => self.go(seat, claims, sink),
        }
    }

    fn deal(&mut self, sink: &mut impl Sink) {
        let players = self.config.players();
        let mut deck = Deck::shuffled(derive_seed(self.seed, u64::from(self.round)));
        let mut hands = [CardSet::EMPTY; 4];
        // One card at a time round the table, starting left of the dealer.
        let mut seat = self.dealer;
        for _ in 0..self.config.dealt() * usize::from(players) {
            seat = seat.next(players);
            hands[seat.index()]
                .insert(deck.deal().expect("a deck holds enough cards for the deal"));
        }
        let mut crib = CardSet::EMPTY;
        for _ in 0..self.config.crib_from_deck() {
            crib.insert(deck.deal().expect("a deck holds a card for the crib"));
        }
        let cut_card = deck.deal().expect("a deck holds a card for the starter");
        self.start_round(hands, crib, cut_card, sink);
    }

    fn start_round(
        &mut self,
        hands: [CardSet; 4],
        crib: CardSet,
        cut_card: Card,
        sink: &mut impl Sink,
    ) {
        self.round += 1;
        self.hands = hands;
        self.kept = [CardSet::EMPTY; 4];
        self.discards = [CardSet::EMPTY; 4];
        self.discarded = 0;
        self.shown = 0;
        self.crib = crib;
        self.cut_card = cut_card;
        self.starter = None;
        self.round_points = [SourcePoints::default(); 4];
        self.pegging = Pegging::new(self.config, self.dealer).expect("the dealer is at the table");
        self.phase = Phase::Discard;
        sink.emit(|| Event::Dealt {
            dealer: self.dealer,
            hands: self.config.seats().map(|seat| Some(self.hand(seat))).collect(),
            crib: Some(self.crib),
        });
    }

    /// The dealer deals these cards instead of shuffling: `hands` for each
    /// seat in order, `crib` the card dealt straight to the crib (three
    /// players; else empty), and `starter` the card the pone's cut will turn.
    /// For worked examples, golden tests and games replayed from a record.
    /// On error the game is unchanged.
    ///
    /// # Errors
    ///
    /// As [`Action::Deal`], or cards that are not a deal for this table: a
    /// hand or crib of the wrong size, or a card given twice.
    pub fn deal_stacked(
        &mut self,
        seat: Seat,
        hands: &[CardSet],
        crib: CardSet,
        starter: Card,
    ) -> Result<Vec<Event>, IllegalAction> {
        self.check(seat, Action::Deal)?;
        let players = usize::from(self.config.players());
        if hands.len() != players {
            return Err(IllegalAction::DealtHands { expected: players, given: hands.len() });
        }
        let mut dealt = CardSet::EMPTY;
        let mut stack = [CardSet::EMPTY; 4];
        for (index, &hand) in hands.iter().enumerate() {
            if hand.len() != self.config.dealt() {
                return Err(IllegalAction::DealtCards {
                    seat: Seat::ALL[index],
                    expected: self.config.dealt(),
                    given: hand.len(),
                });
            }
            if let Some(card) = (dealt & hand).first() {
                return Err(IllegalAction::DealtTwice(card));
            }
            dealt |= hand;
            stack[index] = hand;
        }
        if crib.len() != self.config.crib_from_deck() {
            return Err(IllegalAction::CribCards {
                expected: self.config.crib_from_deck(),
                given: crib.len(),
            });
        }
        if let Some(card) = (dealt & crib).first() {
            return Err(IllegalAction::DealtTwice(card));
        }
        if (dealt | crib).contains(starter) {
            return Err(IllegalAction::DealtTwice(starter));
        }
        let mut events = Vec::new();
        self.start_round(stack, crib, starter, &mut events);
        Ok(events)
    }

    fn discard(&mut self, seat: Seat, cards: CardSet, sink: &mut impl Sink) {
        let index = seat.index();
        self.hands[index] -= cards;
        self.kept[index] = self.hands[index];
        self.discards[index] = cards;
        self.crib |= cards;
        self.discarded |= 1 << index;
        sink.emit(|| Event::Discarded { seat, cards: Some(cards) });
        if self.config.seats().all(|seat| self.has_discarded(seat)) {
            self.cut(sink);
        }
    }

    fn cut(&mut self, sink: &mut impl Sink) {
        let starter = self.cut_card;
        self.starter = Some(starter);
        self.phase = Phase::Pegging;
        sink.emit(|| Event::Cut { pone: self.pone(), starter });
        if starter.rank() == Rank::Jack {
            let dealer = self.dealer;
            sink.emit(|| Event::HisHeels { dealer });
            self.round_points[dealer.index()].heels += 2;
            self.peg(dealer, 2, sink);
        }
    }

    fn peg_card(&mut self, seat: Seat, card: Card, claims: &Claims, sink: &mut impl Sink) {
        self.hands[seat.index()].remove(card);
        let PegPlay { count, points, count_ended } = self.pegging.play_unchecked(seat, card);
        let total = points.total();
        let claimed = claims.pegging().filter(|_| total > 0);
        sink.emit(|| Event::Played { seat, card, count, points, claimed });
        let won = match claimed {
            Some(claimed) => self.peg_claimed(seat, total, claimed, Counted::Pegging, sink),
            None => {
                self.round_points[seat.index()].pegging += u32::from(total);
                self.peg(seat, total, sink)
            }
        };
        if won {
            return;
        }
        if count_ended {
            self.after_count(claims, sink);
        }
    }

    fn go(&mut self, seat: Seat, claims: &Claims, sink: &mut impl Sink) {
        let went = self.pegging.go_unchecked(seat);
        sink.emit(|| Event::Go { seat, point_to: went.point_to });
        if let Some(last) = went.point_to {
            self.round_points[last.index()].pegging += 1;
            if self.peg(last, 1, sink) {
                return;
            }
        }
        if went.count_ended {
            self.after_count(claims, sink);
        }
    }

    /// After a count ends: the next count's lead, or the show.
    fn after_count(&mut self, claims: &Claims, sink: &mut impl Sink) {
        match self.pegging.turn() {
            Some(leader) => sink.emit(|| Event::CountRestarted { leader }),
            None => self.show(claims, sink),
        }
    }

    fn show(&mut self, claims: &Claims, sink: &mut impl Sink) {
        let players = self.config.players();
        let starter = self.starter.expect("the starter is cut before the play");
        let mut seat = self.dealer;
        for _ in 0..players {
            seat = seat.next(players);
            let hand = self.kept[seat.index()];
            let points = score_unchecked(hand, starter, Rules::Hand);
            self.shown |= 1 << seat.index();
            if let Some(claimed) = claims.hand(seat) {
                let breakdown = show_of(hand, starter).breakdown(Rules::Hand);
                sink.emit(|| Event::Claimed { seat, crib: false, breakdown, claimed });
                if self.peg_claimed(seat, points, claimed, Counted::Hand, sink) {
                    return;
                }
                continue;
            }
            sink.emit(|| Event::Shown {
                seat,
                breakdown: show_of(hand, starter).breakdown(Rules::Hand),
            });
            self.round_points[seat.index()].hand += u32::from(points);
            if self.peg(seat, points, sink) {
                return;
            }
        }
        let dealer = self.dealer;
        let crib = self.crib;
        let points = score_unchecked(crib, starter, Rules::Crib);
        self.shown |= CRIB_SHOWN;
        if let Some(claimed) = claims.crib() {
            let breakdown = show_of(crib, starter).breakdown(Rules::Crib);
            sink.emit(|| Event::Claimed { seat: dealer, crib: true, breakdown, claimed });
            if self.peg_claimed(dealer, points, claimed, Counted::Crib, sink) {
                return;
            }
        } else {
            sink.emit(|| Event::CribShown {
                dealer,
                breakdown: show_of(crib, starter).breakdown(Rules::Crib),
            });
            self.round_points[dealer.index()].crib += u32::from(points);
            if self.peg(dealer, points, sink) {
                return;
            }
        }
        self.tally.rounds += 1;
        self.tally.dealer.add(&self.round_points[dealer.index()]);
        self.tally.pone.add(&self.round_points[self.pone().index()]);
        for seat in self.config.seats() {
            let side = self.config.side_of(seat).index();
            self.tally.sides[side].add(&self.round_points[seat.index()]);
        }
        self.dealer = self.pone();
        self.phase = Phase::Deal;
    }

    /// Pegs `points` that `seat` counted itself and claimed as `claimed`
    /// (see [`Claims`]): its claim up to the true points, then what it
    /// missed for the seat after it, who called muggins. Both are tallied
    /// under the source `counted`. Returns whether that won the game.
    fn peg_claimed(
        &mut self,
        seat: Seat,
        points: u8,
        claimed: u8,
        counted: Counted,
        sink: &mut impl Sink,
    ) -> bool {
        let pegged = claimed.min(points);
        *counted.of(&mut self.round_points[seat.index()]) += u32::from(pegged);
        if self.peg(seat, pegged, sink) {
            return true;
        }
        let missed = points - pegged;
        if missed == 0 {
            return false;
        }
        let caller = seat.next(self.config.players());
        sink.emit(|| Event::Muggins { seat: caller, from: seat, points: missed });
        *counted.of(&mut self.round_points[caller.index()]) += u32::from(missed);
        self.peg(caller, missed, sink)
    }

    /// Pegs `points` for `seat`'s side; returns whether that won the game.
    fn peg(&mut self, seat: Seat, points: u8, sink: &mut impl Sink) -> bool {
        let side = self.config.side_of(seat);
        self.board.peg(side, points);
        if self.board.score(side) < u16::from(self.config.target()) {
            return false;
        }
        self.winner = Some(side);
        self.phase = Phase::Over;
        sink.emit(|| Event::GameWon(self.result().expect("the game has a winner")));
        true
    }
}

/// The show of a kept hand or the crib, which the game built legally.
fn show_of(hand: CardSet, starter: Card) -> Show {
    Show::new(hand, starter).expect("a kept hand or crib is four cards without the starter")
}

//! The play of the cards, "pegging": the count, go, and what each card pegs.
//!
//! [`Pegging`] follows the count from the lead to the last card with only
//! what every player at the table knows: the cards played so far, in order,
//! who said go, and how many cards each seat still holds (four each at the
//! start, whatever the number of players). It never needs a hidden card, so
//! the same state serves the [`Game`](crate::Game), which knows every hand,
//! and an engine that learns the other seats' plays and gos one at a time.
//!
//! The rules are those of the engine protocol's "Pegging: turns, go and the
//! count":
//!
//! - a card that brings the count to 15 or to 31 pegs 2; a card of the rank
//!   of the cards just before it pegs 2, 6 or 12 for a pair, three or four of
//!   a kind; a card that completes a run of three or more among the latest
//!   cards of the count, in any order, pegs the length of the longest run;
//! - a seat says go when no card of its own fits; the go stands until the
//!   count restarts, and the other seats go on playing in turn;
//! - a count ends at exactly 31 (no go point), or when no seat that holds
//!   cards is left that has not said go: the seat that played the last card
//!   pegs 1, which can happen as that card is played; the next seat after it
//!   that holds cards leads the next count;
//! - when every card has been played the last card pegs 1 unless it made 31:
//!   that is the go point of the last count, reported as
//!   [`PegReason::LastCard`].

use std::fmt;

use serde::Serialize;

use crate::{Card, CardSet, GameConfig, Seat};

/// The most a count can reach.
pub const MAX_COUNT: u8 = 31;

/// Every card that a player holds for the play: four, whatever the number of
/// players.
pub const CARDS_TO_PLAY: u8 = 4;

/// Why a card or a go pegs points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PegReason {
    /// The count reached exactly fifteen: 2.
    Fifteen,
    /// The count reached exactly thirty-one: 2.
    ThirtyOne,
    /// The last cards played are this many of one rank (2, 3 or 4): a pair
    /// pegs 2, three of a kind ("pair royal") 6, four ("double pair royal") 12.
    Pair(u8),
    /// The latest cards of this length (3 to 7) form a run, in any order:
    /// one point per card.
    Run(u8),
    /// The player of the last card of a count that ended short of 31: 1.
    Go,
    /// The player of the very last card of the play, short of 31: 1.
    LastCard,
}

impl PegReason {
    /// The points this reason pegs.
    ///
    /// ```
    /// use crib_core::PegReason;
    /// assert_eq!(PegReason::Pair(3).points(), 6);
    /// assert_eq!(PegReason::Run(5).points(), 5);
    /// assert_eq!(PegReason::Go.points(), 1);
    /// ```
    #[must_use]
    pub const fn points(self) -> u8 {
        match self {
            PegReason::Fifteen | PegReason::ThirtyOne => 2,
            PegReason::Pair(cards) => cards * (cards.saturating_sub(1)),
            PegReason::Run(length) => length,
            PegReason::Go | PegReason::LastCard => 1,
        }
    }

    /// What a player says as they peg: "fifteen two", "thirty-one for two",
    /// "a pair royal for six", "a run of four for four", "one for the go",
    /// "one for last".
    #[must_use]
    pub fn words(self) -> String {
        match self {
            PegReason::Fifteen => "fifteen two".to_owned(),
            PegReason::ThirtyOne => "thirty-one for two".to_owned(),
            PegReason::Pair(2) => "a pair for two".to_owned(),
            PegReason::Pair(3) => "a pair royal for six".to_owned(),
            PegReason::Pair(_) => "a double pair royal for twelve".to_owned(),
            PegReason::Run(length) => {
                let words = crate::number_words(u32::from(length));
                format!("a run of {words} for {words}")
            }
            PegReason::Go => "one for the go".to_owned(),
            PegReason::LastCard => "one for last".to_owned(),
        }
    }
}

impl fmt::Display for PegReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.words())
    }
}

/// The points one card (or one go) pegs, each with its reason.
///
/// A card pegs for at most three reasons: fifteen or thirty-one, a pair or a
/// run (the latest cards cannot be both), and the go or last card.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PegPoints {
    reasons: [PegReason; 3],
    len: u8,
}

impl Default for PegPoints {
    fn default() -> PegPoints {
        PegPoints::NONE
    }
}

impl PegPoints {
    /// No points.
    pub const NONE: PegPoints = PegPoints { reasons: [PegReason::Go; 3], len: 0 };

    fn push(&mut self, reason: PegReason) {
        self.reasons[usize::from(self.len)] = reason;
        self.len += 1;
    }

    /// The reasons, in the order a player says them.
    #[must_use]
    pub fn reasons(&self) -> &[PegReason] {
        &self.reasons[..usize::from(self.len)]
    }

    /// The points of every reason together.
    #[must_use]
    pub fn total(&self) -> u8 {
        self.reasons().iter().map(|reason| reason.points()).sum()
    }

    /// Whether nothing was pegged.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `reason` is among the reasons.
    #[must_use]
    pub fn contains(&self, reason: PegReason) -> bool {
        self.reasons().contains(&reason)
    }

    /// The points said aloud with the count: "fifteen two", "twenty-four for
    /// three" (a run), "thirty-one for four" (31 with a pair), "seven" (nothing),
    /// "twenty-eight, and one for the go".
    ///
    /// ```
    /// use crib_core::{Card, GameConfig, Pegging, Seat};
    /// let mut pegging = Pegging::new(GameConfig::default(), Seat::ALL[0])?;
    /// let [pone, dealer] = [Seat::ALL[1], Seat::ALL[0]];
    /// pegging.play(pone, "7H".parse()?)?;
    /// let play = pegging.play(dealer, "8S".parse()?)?;
    /// assert_eq!(play.points.spoken(play.count), "fifteen two");
    /// let play = pegging.play(pone, "6D".parse()?)?;
    /// assert_eq!(play.points.spoken(play.count), "twenty-one for three");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn spoken(&self, count: u8) -> String {
        let count_words = crate::number_words(u32::from(count));
        let (go, rest): (Vec<PegReason>, Vec<PegReason>) = self
            .reasons()
            .iter()
            .partition(|reason| matches!(reason, PegReason::Go | PegReason::LastCard));
        let rest_points: u8 = rest.iter().map(|reason| reason.points()).sum();
        let mut text = if rest == [PegReason::Fifteen] {
            "fifteen two".to_owned()
        } else if rest_points > 0 {
            format!("{count_words} for {}", crate::number_words(u32::from(rest_points)))
        } else {
            count_words
        };
        for reason in go {
            text.push_str(", and ");
            text.push_str(&reason.words());
        }
        text
    }
}

impl fmt::Debug for PegPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.reasons()).finish()
    }
}

impl Serialize for PegPoints {
    /// The list of reasons.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.reasons())
    }
}

/// Why a play or a go is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PeggingError {
    /// A seat that is not at the table.
    #[error("there is no seat {seat} at a table of {players}")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// The players at the table.
        players: u8,
    },
    /// Every card has been played.
    #[error("the play is over: every card has been played")]
    Over,
    /// The card was played before in this round.
    #[error("card {0} has already been played")]
    AlreadyPlayed(Card),
    /// The seat said go in this count and may not play again until it
    /// restarts.
    #[error("seat {0} has said go in this count")]
    SaidGo(Seat),
    /// A fifth card from one seat.
    #[error("seat {0} has already played all four of its cards")]
    NoCardsLeft(Seat),
    /// The card would take the count past 31.
    #[error("card {card} would take the count from {count} past 31")]
    PastThirtyOne {
        /// The card.
        card: Card,
        /// The count before it.
        count: u8,
    },
    /// A go at a count of 21 or less from a seat that still holds cards: any
    /// card fits.
    #[error("seat {seat} cannot say go at a count of {count}: any card fits")]
    GoWithCards {
        /// The seat.
        seat: Seat,
        /// The count.
        count: u8,
    },
}

/// What a card played pegged, and where it left the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PegPlay {
    /// The count with the card, before any restart.
    pub count: u8,
    /// What the card pegged, for its player.
    pub points: PegPoints,
    /// Whether the count ended with this card (31, or no one left to play).
    pub count_ended: bool,
}

/// What a go did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PegGo {
    /// The seat that pegs 1 for the go if this go ended the count: the seat
    /// that played its last card.
    pub point_to: Option<Seat>,
    /// Whether the count ended (and restarted) with this go.
    pub count_ended: bool,
}

/// The state of the play: the count, the cards of the current count, who said
/// go, and the cards each seat has played.
///
/// It does not check whose turn it is (the referee decides that; an engine
/// follows it), but it knows it: [`Pegging::turn`] is the seat the rules say
/// plays next.
///
/// ```
/// use crib_core::{GameConfig, PegReason, Pegging, Seat};
/// let mut pegging = Pegging::new(GameConfig::default(), Seat::ALL[0])?;
/// let (pone, dealer) = (Seat::ALL[1], Seat::ALL[0]);
/// assert_eq!(pegging.turn(), Some(pone));
/// pegging.play(pone, "6C".parse()?)?;
/// pegging.play(dealer, "7D".parse()?)?;
/// pegging.play(pone, "8H".parse()?)?;
/// let play = pegging.play(dealer, "6S".parse()?)?;
/// assert_eq!(play.count, 27);
/// assert_eq!(play.points.reasons(), [PegReason::Run(3)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pegging {
    players: u8,
    count: u8,
    /// The cards of the current count, in order; `len` of them are real.
    current: [Card; 16],
    len: u8,
    /// Bit `s`: seat `s` has said go in this count.
    said_go: u8,
    /// For each seat, the most room (31 less the count) in which it has
    /// said go this round, 0 if it has not.
    go_room: [u8; 4],
    /// The seat that played the last card of the current count.
    last: Option<Seat>,
    /// The seat whose turn it is; `None` once every card is played.
    turn: Option<Seat>,
    played: [CardSet; 4],
    held: [u8; 4],
}

/// What the last of `cards`, the cards of a count in the order played,
/// pegs with the cards before it: 15 or 31, and a pair or a run. The go and
/// the last card are not among them: they depend on who else can play.
///
/// ```
/// use crib_core::{PegReason, count_points, parse_cards};
/// let cards = parse_cards("7H 8S 6D")?;
/// assert_eq!(count_points(&cards).reasons(), [PegReason::Run(3)]);
/// let cards = parse_cards("KH 5S 5D")?;
/// assert_eq!(count_points(&cards).reasons(), [PegReason::Pair(2)]);
/// assert_eq!(count_points(&cards[..2]).reasons(), [PegReason::Fifteen]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn count_points(cards: &[Card]) -> PegPoints {
    points_at(cards.iter().map(|card| card.value()).sum(), cards)
}

/// [`count_points`] of `cards`, whose values add up to `count`.
fn points_at(count: u8, cards: &[Card]) -> PegPoints {
    let mut points = PegPoints::NONE;
    match count {
        15 => points.push(PegReason::Fifteen),
        MAX_COUNT => points.push(PegReason::ThirtyOne),
        _ => {}
    }
    if let Some(reason) = pair_or_run(cards) {
        points.push(reason);
    }
    points
}

/// The pair or run the last of `cards` makes with the cards before it.
fn pair_or_run(cards: &[Card]) -> Option<PegReason> {
    let (&card, before) = cards.split_last()?;
    let same = before.iter().rev().take_while(|other| other.rank() == card.rank()).count() as u8;
    if same > 0 {
        return Some(PegReason::Pair(same + 1));
    }
    // The longest run among the latest cards: widen the window backwards
    // while its ranks stay distinct, and remember the widest window whose
    // ranks are consecutive.
    let mut ranks = 0u16;
    let (mut low, mut high) = (u8::MAX, 0u8);
    let mut run = 0;
    for (length, other) in (1u8..).zip(cards.iter().rev()) {
        let rank = other.rank().index() as u8;
        if ranks & 1 << rank != 0 {
            break;
        }
        ranks |= 1 << rank;
        low = low.min(rank);
        high = high.max(rank);
        if length >= 3 && high - low + 1 == length {
            run = length;
        }
    }
    (run >= 3).then_some(PegReason::Run(run))
}

impl fmt::Debug for Pegging {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pegging")
            .field("count", &self.count)
            .field("current", &self.current())
            .field("said_go", &self.said_go)
            .field("go_room", &&self.go_room[..usize::from(self.players)])
            .field("last", &self.last)
            .field("turn", &self.turn)
            .field("played", &&self.played[..usize::from(self.players)])
            .finish()
    }
}

impl Pegging {
    /// The play of a round dealt by `dealer`: every seat holds four cards,
    /// and the seat after the dealer (the pone) leads.
    ///
    /// # Errors
    ///
    /// A dealer who is not at the table.
    pub fn new(config: GameConfig, dealer: Seat) -> Result<Pegging, PeggingError> {
        let players = config.players();
        if !config.has_seat(dealer) {
            return Err(PeggingError::NoSuchSeat { seat: dealer, players });
        }
        let mut held = [0; 4];
        for slot in &mut held[..usize::from(players)] {
            *slot = CARDS_TO_PLAY;
        }
        Ok(Pegging {
            players,
            count: 0,
            current: [Card::new(crate::Rank::Ace, crate::Suit::Clubs); 16],
            len: 0,
            said_go: 0,
            go_room: [0; 4],
            last: None,
            turn: Some(dealer.next(players)),
            played: [CardSet::EMPTY; 4],
            held,
        })
    }

    /// The count: the total value of the cards of the current count.
    #[must_use]
    pub const fn count(&self) -> u8 {
        self.count
    }

    /// The cards of the current count, in the order they were played.
    #[must_use]
    pub fn current(&self) -> &[Card] {
        &self.current[..usize::from(self.len)]
    }

    /// Whether `seat` has said go in the current count.
    #[must_use]
    pub const fn has_said_go(&self, seat: Seat) -> bool {
        self.said_go & 1 << seat.index() != 0
    }

    /// The most room (31 less the count) in which `seat` has said go this
    /// round, in any count; 0 if it has not said go. A seat says go only
    /// when no card it holds fits, and holds no new cards after, so every
    /// card it still holds is worth more than this.
    ///
    /// ```
    /// use crib_core::{GameConfig, Pegging, Seat};
    /// let (dealer, pone) = (Seat::ALL[0], Seat::ALL[1]);
    /// let mut pegging = Pegging::new(GameConfig::default(), dealer)?;
    /// for (seat, card) in [(pone, "KS"), (dealer, "QS"), (pone, "8S")] {
    ///     pegging.play(seat, card.parse()?)?;
    /// }
    /// assert_eq!(pegging.go_room(dealer), 0);
    /// // At 28 the dealer has no card of three or less.
    /// pegging.go(dealer)?;
    /// assert_eq!(pegging.go_room(dealer), 3);
    /// // The pone cannot play either: the count starts again, and the
    /// // dealer's go still says what it does not hold.
    /// pegging.go(pone)?;
    /// assert_eq!(pegging.count(), 0);
    /// assert_eq!(pegging.go_room(dealer), 3);
    /// assert!(!pegging.has_said_go(dealer));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn go_room(&self, seat: Seat) -> u8 {
        self.go_room[seat.index()]
    }

    /// The seat that played the last card of the current count.
    #[must_use]
    pub const fn last_player(&self) -> Option<Seat> {
        self.last
    }

    /// The seat the rules say plays (or says go) next; `None` once the play
    /// is over.
    #[must_use]
    pub const fn turn(&self) -> Option<Seat> {
        self.turn
    }

    /// Whether every card has been played.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.turn.is_none()
    }

    /// The cards `seat` has played in this round.
    #[must_use]
    pub const fn played_by(&self, seat: Seat) -> CardSet {
        self.played[seat.index()]
    }

    /// Every card played in this round.
    #[must_use]
    pub fn played(&self) -> CardSet {
        self.played.iter().fold(CardSet::EMPTY, |all, &cards| all | cards)
    }

    /// How many cards `seat` still holds.
    #[must_use]
    pub const fn held(&self, seat: Seat) -> u8 {
        self.held[seat.index()]
    }

    /// Whether `card` fits: the count plus its value is at most 31.
    #[must_use]
    pub const fn fits(&self, card: Card) -> bool {
        self.count + card.value() <= MAX_COUNT
    }

    /// What `seat` would peg by playing `card` now, without playing it.
    ///
    /// # Errors
    ///
    /// As [`Pegging::play`].
    pub fn preview(&self, seat: Seat, card: Card) -> Result<PegPlay, PeggingError> {
        let mut next = *self;
        next.play(seat, card)
    }

    /// Checks that `seat` may play `card` now, as far as the public state
    /// tells: the card is unplayed, fits, and the seat holds cards and has
    /// not said go.
    ///
    /// # Errors
    ///
    /// The first rule the play breaks.
    pub fn check_play(&self, seat: Seat, card: Card) -> Result<(), PeggingError> {
        self.check_seat(seat)?;
        if self.played().contains(card) {
            Err(PeggingError::AlreadyPlayed(card))
        } else if self.has_said_go(seat) {
            Err(PeggingError::SaidGo(seat))
        } else if self.held(seat) == 0 {
            Err(PeggingError::NoCardsLeft(seat))
        } else if !self.fits(card) {
            Err(PeggingError::PastThirtyOne { card, count: self.count })
        } else {
            Ok(())
        }
    }

    /// Checks that `seat` may say go now, as far as the public state tells:
    /// it has not said go in this count, and if it holds cards the count is
    /// above 21 (at 21 or less any card fits). A seat with no cards may
    /// always say go; it changes nothing.
    ///
    /// # Errors
    ///
    /// The first rule the go breaks.
    pub fn check_go(&self, seat: Seat) -> Result<(), PeggingError> {
        self.check_seat(seat)?;
        if self.has_said_go(seat) {
            Err(PeggingError::SaidGo(seat))
        } else if self.held(seat) > 0 && self.count + 10 <= MAX_COUNT {
            Err(PeggingError::GoWithCards { seat, count: self.count })
        } else {
            Ok(())
        }
    }

    fn check_seat(&self, seat: Seat) -> Result<(), PeggingError> {
        if seat.index() >= usize::from(self.players) {
            Err(PeggingError::NoSuchSeat { seat, players: self.players })
        } else if self.is_over() {
            Err(PeggingError::Over)
        } else {
            Ok(())
        }
    }

    /// `seat` plays `card`: the count goes up, the card pegs what it makes,
    /// and if the count ends with it, it restarts at 0 with the next seat
    /// that holds cards to lead. The state is unchanged on error.
    ///
    /// # Errors
    ///
    /// See [`Pegging::check_play`].
    pub fn play(&mut self, seat: Seat, card: Card) -> Result<PegPlay, PeggingError> {
        self.check_play(seat, card)?;
        Ok(self.play_unchecked(seat, card))
    }

    /// [`Pegging::play`] without the checks, for simulations that only make
    /// legal plays. An illegal play leaves a meaningless state.
    pub fn play_unchecked(&mut self, seat: Seat, card: Card) -> PegPlay {
        self.count += card.value();
        self.current[usize::from(self.len)] = card;
        self.len += 1;
        self.played[seat.index()].insert(card);
        self.held[seat.index()] -= 1;
        self.last = Some(seat);
        let count = self.count;
        let mut points = points_at(count, self.current());
        let count_ended = if count == MAX_COUNT {
            true
        } else if self.anyone_to_play() {
            false
        } else {
            points.push(if self.held_total() == 0 { PegReason::LastCard } else { PegReason::Go });
            true
        };
        if count_ended {
            self.restart(seat);
        } else {
            self.turn = self.next_to_play(seat);
        }
        PegPlay { count, points, count_ended }
    }

    /// `seat` says go: it has no card that fits. If no one is left to play,
    /// the player of the last card pegs 1 and the count restarts. The state
    /// is unchanged on error.
    ///
    /// # Errors
    ///
    /// See [`Pegging::check_go`].
    pub fn go(&mut self, seat: Seat) -> Result<PegGo, PeggingError> {
        self.check_go(seat)?;
        Ok(self.go_unchecked(seat))
    }

    /// [`Pegging::go`] without the checks, for simulations.
    pub fn go_unchecked(&mut self, seat: Seat) -> PegGo {
        if self.held(seat) == 0 {
            return PegGo { point_to: None, count_ended: false };
        }
        self.said_go |= 1 << seat.index();
        let room = &mut self.go_room[seat.index()];
        *room = (*room).max(MAX_COUNT - self.count);
        if self.anyone_to_play() {
            self.turn = self.next_to_play(seat);
            return PegGo { point_to: None, count_ended: false };
        }
        // A seat with cards said go at a count above 21, so the count holds
        // at least one card and has a last player.
        let last = self.last.unwrap_or(seat);
        self.restart(last);
        PegGo { point_to: Some(last), count_ended: true }
    }

    fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        Seat::ALL.into_iter().take(usize::from(self.players))
    }

    fn may_play(&self, seat: Seat) -> bool {
        self.held(seat) > 0 && !self.has_said_go(seat)
    }

    fn anyone_to_play(&self) -> bool {
        self.seats().any(|seat| self.may_play(seat))
    }

    fn held_total(&self) -> u8 {
        self.held.iter().sum()
    }

    /// The first seat after `seat`, going round and ending with `seat`
    /// itself, that holds cards and has not said go.
    fn next_to_play(&self, seat: Seat) -> Option<Seat> {
        let mut next = seat;
        for _ in 0..self.players {
            next = next.next(self.players);
            if self.may_play(next) {
                return Some(next);
            }
        }
        None
    }

    /// A new count after one that `last` ended: the next seat after it that
    /// holds cards leads.
    fn restart(&mut self, last: Seat) {
        self.count = 0;
        self.len = 0;
        self.said_go = 0;
        self.last = None;
        self.turn = self.next_to_play(last);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn runs_need_distinct_consecutive_latest_cards() {
        let config = GameConfig::default();
        let mut pegging = Pegging::new(config, Seat::ALL[0]).unwrap();
        let seats = [Seat::ALL[1], Seat::ALL[0]];
        let mut pegged = Vec::new();
        for (i, text) in ["3C", "5D", "4H", "2S", "AC", "6D"].iter().enumerate() {
            let play = pegging.play(seats[i % 2], card(text)).unwrap();
            pegged.push(play.points.reasons().to_vec());
        }
        assert_eq!(
            pegged,
            [
                vec![],
                vec![],
                vec![PegReason::Run(3)],
                vec![PegReason::Run(4)],
                vec![PegReason::Fifteen, PegReason::Run(5)],
                vec![PegReason::Run(6)],
            ]
        );
    }

    #[test]
    fn words() {
        assert_eq!(PegReason::Run(4).words(), "a run of four for four");
        assert_eq!(PegReason::Pair(4).points(), 12);
        assert_eq!(PegReason::Pair(2).to_string(), "a pair for two");
        let mut points = PegPoints::NONE;
        points.push(PegReason::ThirtyOne);
        points.push(PegReason::Pair(2));
        assert_eq!(points.spoken(31), "thirty-one for four");
        assert_eq!(PegPoints::NONE.spoken(7), "seven");
        let mut go = PegPoints::NONE;
        go.push(PegReason::Go);
        assert_eq!(go.spoken(28), "twenty-eight, and one for the go");
    }
}

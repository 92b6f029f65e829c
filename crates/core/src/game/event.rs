//! Events: every change of a game or a match, in the order it happens.
//!
//! A referee, a terminal or web interface, a log and the statistics all
//! consume the same events. Some carry cards that not every seat may see (the
//! deal, the discards); [`Event::for_seat`] hides those, so that a seat's own
//! stream of events tells it nothing its [`View`](crate::View) does not.

use std::borrow::Cow;

use serde::Serialize;

use crate::{Breakdown, Card, CardSet, GameConfig, PegPoints, Seat, Side};

/// How deep a loser was when the game was won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Skunk {
    /// The loser passed the skunk line.
    #[default]
    None,
    /// The loser was under the skunk line (91 in a game to 121, 31 to 61).
    Single,
    /// The loser was under the double skunk line (61 in a game to 121).
    Double,
}

impl Skunk {
    /// What a win with this skunk scores in the club format of the American
    /// Cribbage Congress: 2 for a win, 3 for a skunk. A double skunk scores
    /// as a skunk: the club format has no more.
    ///
    /// ```
    /// use crib_core::Skunk;
    /// assert_eq!([Skunk::None, Skunk::Single, Skunk::Double].map(Skunk::club_points), [2, 3, 3]);
    /// ```
    #[must_use]
    pub const fn club_points(self) -> u32 {
        match self {
            Skunk::None => 2,
            Skunk::Single | Skunk::Double => 3,
        }
    }

    /// What a game of `config` won by `winner` on `scores` (side 0 first)
    /// counts as: the deepest skunk of its losers ([`Skunk::of`]).
    ///
    /// ```
    /// use crib_core::{GameConfig, Seat, Skunk};
    /// let three = GameConfig::new(3, 121)?;
    /// let winner = three.side_of(Seat::ALL[1]);
    /// assert_eq!(Skunk::deepest(three, &[95, 121, 55], winner), Skunk::Double);
    /// # Ok::<(), crib_core::ConfigError>(())
    /// ```
    #[must_use]
    pub fn deepest(config: GameConfig, scores: &[u16], winner: Side) -> Skunk {
        scores
            .iter()
            .enumerate()
            .filter(|&(side, _)| side != winner.index())
            .map(|(_, &score)| Skunk::of(config, score))
            .max()
            .unwrap_or_default()
    }

    /// How deep a loser who ended on `score` was in a game of `config`:
    /// under the lines of [`GameConfig::skunk_lines`].
    ///
    /// ```
    /// use crib_core::{GameConfig, Skunk};
    /// let two = GameConfig::default();
    /// assert_eq!(Skunk::of(two, 91), Skunk::None);
    /// assert_eq!(Skunk::of(two, 90), Skunk::Single);
    /// assert_eq!(Skunk::of(two, 60), Skunk::Double);
    /// let three = GameConfig::new(3, 61)?;
    /// assert_eq!(Skunk::of(three, 30), Skunk::Single);
    /// assert_eq!(Skunk::of(three, 0), Skunk::Single);
    /// assert_eq!(Skunk::of(three, 31), Skunk::None);
    /// # Ok::<(), crib_core::ConfigError>(())
    /// ```
    #[must_use]
    pub fn of(config: GameConfig, score: u16) -> Skunk {
        let (single, double) = config.skunk_lines();
        if double.is_some_and(|line| score < u16::from(line)) {
            Skunk::Double
        } else if score < u16::from(single) {
            Skunk::Single
        } else {
            Skunk::None
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GameResult {
    /// The side that reached the target.
    pub winner: Side,
    /// Every side's total, side 0 first.
    pub scores: Vec<u16>,
    /// Every side's skunk, side 0 first ([`Skunk::None`] for the winner).
    pub skunks: Vec<Skunk>,
    /// The seat that dealt the game's first round.
    pub first_dealer: Seat,
    /// The rounds dealt, the last one included.
    pub rounds: u32,
}

impl GameResult {
    /// The deepest skunk of any loser: what the win counts as.
    #[must_use]
    pub fn skunk(&self) -> Skunk {
        self.skunks.iter().copied().max().unwrap_or_default()
    }
}

/// What a game to `target` that ended on `scores` (side 0 first), won by
/// `winner`, adds to `side`'s spread in the club format: a loser loses by
/// the target less its score (the winner's points past the target do not
/// count), and the winner gains what every loser lost by, so that a game's
/// spreads add up to nothing.
///
/// ```
/// use crib_core::{GameConfig, Seat, game_spread};
/// let side = |seat| GameConfig::default().side_of(Seat::ALL[seat]);
/// assert_eq!(game_spread(121, &[101, 127], side(1), side(0)), -20);
/// assert_eq!(game_spread(121, &[101, 127], side(1), side(1)), 20);
/// ```
#[must_use]
pub fn game_spread(target: u8, scores: &[u16], winner: Side, side: Side) -> i64 {
    let lost_by = |score: u16| i64::from(target) - i64::from(score.min(u16::from(target)));
    if side == winner {
        scores
            .iter()
            .enumerate()
            .filter(|&(at, _)| at != winner.index())
            .map(|(_, &score)| lost_by(score))
            .sum()
    } else {
        scores.get(side.index()).map_or(0, |&score| -lost_by(score))
    }
}

/// One change of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The cut for the first deal of a match: each seat's card in the order
    /// cut, seats that tied for lowest cutting again; the lowest card deals.
    CutForDeal {
        /// Each cut, in order.
        cuts: Vec<(Seat, Card)>,
        /// The seat that deals first.
        dealer: Seat,
    },
    /// A new game of a match begins, the board at zero.
    NewGame {
        /// The game's number in the match, from 0.
        game: u32,
        /// The seat that deals its first round.
        dealer: Seat,
    },
    /// A round is dealt.
    Dealt {
        /// The dealer.
        dealer: Seat,
        /// Each seat's cards, seat 0 first; `None` where hidden.
        hands: Vec<Option<CardSet>>,
        /// The cards dealt straight to the crib (one with three players,
        /// else none); `None` where hidden.
        crib: Option<CardSet>,
    },
    /// A seat gave its discards to the crib.
    Discarded {
        /// The seat.
        seat: Seat,
        /// The cards; `None` where hidden.
        cards: Option<CardSet>,
    },
    /// Every discard is in: the pone cut and the starter was turned.
    Cut {
        /// The seat that cut, the one after the dealer.
        pone: Seat,
        /// The starter.
        starter: Card,
    },
    /// The starter is a jack: 2 for the dealer.
    HisHeels {
        /// The dealer.
        dealer: Seat,
    },
    /// A card played in the pegging.
    Played {
        /// The seat that played.
        seat: Seat,
        /// The card.
        card: Card,
        /// The count with the card.
        count: u8,
        /// What the card pegged for the seat, go or last card included:
        /// the true points, whatever the seat claimed.
        points: PegPoints,
        /// What the seat said the card pegged, if it counts its own pegging
        /// (muggins, see [`Claims`](crate::Claims)) and the card pegs: it
        /// pegs its claim, but never more than `points`; what it missed
        /// follows as [`Event::Muggins`].
        #[serde(skip_serializing_if = "Option::is_none")]
        claimed: Option<u8>,
    },
    /// A seat said go.
    Go {
        /// The seat.
        seat: Seat,
        /// If no one is left to play in this count, the seat that played its
        /// last card, which pegs 1 for the go.
        point_to: Option<Seat>,
    },
    /// The count went back to 0 and `leader` leads the next count.
    CountRestarted {
        /// The seat to lead.
        leader: Seat,
    },
    /// A seat showed its hand, counted with the starter.
    Shown {
        /// The seat.
        seat: Seat,
        /// The count, card by card.
        breakdown: Breakdown,
    },
    /// The dealer showed the crib, counted with crib rules.
    CribShown {
        /// The dealer.
        dealer: Seat,
        /// The count, card by card.
        breakdown: Breakdown,
    },
    /// A seat that counts its own shows (muggins, see
    /// [`Claims`](crate::Claims)) showed its hand or crib and claimed
    /// `claimed`: it pegs its claim, but never more than the true count. This
    /// takes the place of [`Event::Shown`] or [`Event::CribShown`].
    Claimed {
        /// The seat.
        seat: Seat,
        /// Whether it was the crib (else the seat's hand).
        crib: bool,
        /// The true count, card by card.
        breakdown: Breakdown,
        /// What the seat said its show was worth.
        claimed: u8,
    },
    /// Muggins: points a seat missed in its own count (of a show, or of a
    /// card it played: the event before says which), pegged by the seat
    /// after it, which called them.
    Muggins {
        /// The seat that pegs the points.
        seat: Seat,
        /// The seat that missed them.
        from: Seat,
        /// The points missed.
        points: u8,
    },
    /// A side reached the target.
    GameWon(GameResult),
    /// A side won the match.
    MatchWon {
        /// The winning side.
        winner: Side,
        /// The games won by each side, side 0 first.
        games: Vec<u32>,
        /// In a match of games all played, each side's club points, side
        /// 0 first, on which it was won; `None` (and not written) in a
        /// match to a number of wins.
        #[serde(skip_serializing_if = "Option::is_none")]
        points: Option<Vec<u32>>,
    },
}

impl Event {
    /// The seat that scores with this event, and how much.
    ///
    /// ```
    /// use crib_core::{Event, Seat};
    /// let heels = Event::HisHeels { dealer: Seat::ALL[1] };
    /// assert_eq!(heels.points(), Some((Seat::ALL[1], 2)));
    /// ```
    #[must_use]
    pub fn points(&self) -> Option<(Seat, u8)> {
        match self {
            Event::HisHeels { dealer } => Some((*dealer, 2)),
            Event::Played { seat, points, claimed, .. } => {
                let total = points.total();
                let pegged = claimed.map_or(total, |claimed| claimed.min(total));
                (pegged > 0).then_some((*seat, pegged))
            }
            Event::Go { point_to: Some(seat), .. } => Some((*seat, 1)),
            Event::Shown { seat, breakdown } => Some((*seat, breakdown.total())),
            Event::CribShown { dealer, breakdown } => Some((*dealer, breakdown.total())),
            Event::Claimed { seat, breakdown, claimed, .. } => {
                Some((*seat, (*claimed).min(breakdown.total())))
            }
            Event::Muggins { seat, points, .. } => Some((*seat, *points)),
            _ => None,
        }
    }

    /// The event as `seat` may see it: other seats' dealt cards, the cards
    /// dealt to the crib and other seats' discards are hidden (`None`).
    ///
    /// ```
    /// use crib_core::{Action, Event, Game, GameConfig, Seat};
    /// let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 7)?;
    /// let events = game.play(Seat::ALL[0], Action::Deal)?;
    /// let Event::Dealt { hands, .. } = events[0].for_seat(Seat::ALL[1]) else { panic!() };
    /// assert!(hands[0].is_none() && hands[1].is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn for_seat(&self, seat: Seat) -> Event {
        self.redacted(seat).into_owned()
    }

    /// [`Event::for_seat`], borrowed where nothing is hidden: an event told
    /// to every seat in turn is copied only where it hides something.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use crib_core::{Event, Seat};
    /// let heels = Event::HisHeels { dealer: Seat::ALL[1] };
    /// assert!(matches!(heels.redacted(Seat::ALL[0]), Cow::Borrowed(_)));
    /// ```
    #[must_use]
    pub fn redacted(&self, seat: Seat) -> Cow<'_, Event> {
        self.seen_from(Some(seat))
    }

    /// The event as a spectator may see it, who sits at no seat: every
    /// card [`Event::for_seat`] hides from some seat is hidden (no hand as
    /// dealt, no discard); what is face up (the starter, the play, the
    /// shows) is all there.
    ///
    /// ```
    /// use crib_core::{Action, Event, Game, GameConfig, Seat};
    /// let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 7)?;
    /// let events = game.play(Seat::ALL[0], Action::Deal)?;
    /// let Event::Dealt { hands, .. } = events[0].public().into_owned() else { panic!() };
    /// assert!(hands.iter().all(Option::is_none));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn public(&self) -> Cow<'_, Event> {
        self.seen_from(None)
    }

    /// The event as `seat` sees it, or a spectator (`None`).
    fn seen_from(&self, seat: Option<Seat>) -> Cow<'_, Event> {
        let own = |index: usize| seat.is_some_and(|seat| seat.index() == index);
        Cow::Owned(match self {
            Event::Dealt { dealer, hands, crib } => Event::Dealt {
                dealer: *dealer,
                hands: hands
                    .iter()
                    .enumerate()
                    .map(|(index, hand)| if own(index) { *hand } else { None })
                    .collect(),
                crib: crib.filter(|cards| cards.is_empty()),
            },
            Event::Discarded { seat: by, cards } => {
                Event::Discarded { seat: *by, cards: if own(by.index()) { *cards } else { None } }
            }
            other => return Cow::Borrowed(other),
        })
    }
}

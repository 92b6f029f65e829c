//! The two simple ways to choose a card in the play, which players play by
//! and which the expert's search gives the opponents of its samples: the
//! greedy play (`basic`'s, and many simple programs': the card that pegs the
//! most now, the highest of equals) and the rules of thumb that club
//! players are taught (`classic`'s, see
//! [`ClassicPlayer`](crate::ClassicPlayer)).
//!
//! They sit below both the players and the search, so that neither imports
//! the other for them.

use crib_core::{Card, CardSet, MAX_COUNT, Pegging, Rank, Seat};

/// The greedy play, `basic`'s: of `cards` (those of `seat` that fit), the
/// one that pegs the most now, the highest of equals. `cards` must be legal
/// plays of `seat`, whose turn it is: they are played unchecked
/// ([`greedy_move`]).
pub(crate) fn greedy_play(pegging: &Pegging, seat: Seat, cards: CardSet) -> Option<Card> {
    greedy_move(pegging, seat, cards).map(|(card, ..)| card)
}

/// [`greedy_play`] with the play that follows it and its points, for the
/// search, which goes on from there. `cards` must be legal plays of
/// `seat`, whose turn it is.
pub(crate) fn greedy_move(
    pegging: &Pegging,
    seat: Seat,
    cards: CardSet,
) -> Option<(Card, Pegging, u8)> {
    let plays = cards.iter().map(|card| {
        let mut next = *pegging;
        let points = next.play_unchecked(seat, card).points.total();
        (card, next, points)
    });
    most(plays, |&(_, _, points)| points)
}

/// The card of `cards` with the most `points` (or the best score), the
/// highest of equals.
pub(crate) fn most_points<T: PartialOrd + Copy>(
    cards: CardSet,
    points: impl Fn(Card) -> T,
) -> Option<Card> {
    most(cards, |&card| points(card))
}

/// The last of `items` with the most `points`: with cards, which come
/// lowest first, the highest of equals.
fn most<I, T: PartialOrd + Copy>(
    items: impl IntoIterator<Item = I>,
    points: impl Fn(&I) -> T,
) -> Option<I> {
    let mut best: Option<(T, I)> = None;
    for item in items {
        let points = points(&item);
        // `>=` keeps the last of equals.
        if best.as_ref().is_none_or(|&(most, _)| points >= most) {
            best = Some((points, item));
        }
    }
    best.map(|(_, item)| item)
}

/// The card the rules of thumb play for `seat` (the dealer, or not) from
/// `held` in `pegging`, or `None` when none fits: the best score of
/// [`ClassicPlayer::play_scores`](crate::ClassicPlayer::play_scores), the highest card of equals.
pub(crate) fn rules_play(
    pegging: &Pegging,
    seat: Seat,
    dealer: bool,
    held: CardSet,
) -> Option<Card> {
    let rules = Rules::of(pegging, seat, dealer, held);
    most_points(rules.fits, |card| rules.score(card))
}

/// A seat's choice in the play as the rules of thumb see it.
pub(crate) struct Rules<'a> {
    pegging: &'a Pegging,
    seat: Seat,
    dealer: bool,
    /// The cards the seat holds.
    held: CardSet,
    /// Those of them that fit the count.
    pub(crate) fits: CardSet,
}

impl<'a> Rules<'a> {
    pub(crate) fn of(pegging: &'a Pegging, seat: Seat, dealer: bool, held: CardSet) -> Rules<'a> {
        let fits = held.iter().filter(|&card| pegging.fits(card)).collect();
        Rules { pegging, seat, dealer, held, fits }
    }

    /// The rules' score of playing `card` now.
    pub(crate) fn score(&self, card: Card) -> f64 {
        let pegging = self.pegging;
        let Ok(play) = pegging.preview(self.seat, card) else { return f64::NEG_INFINITY };
        let mut score = f64::from(play.points.total());
        let count = play.count;
        let other_ranks = self.fits.iter().any(|other| other.rank() != card.rank());
        if pegging.count() == 0 {
            // The lead.
            if card.rank() == Rank::Five && other_ranks {
                score -= 3.0;
            }
            let same_rank = (self.held & CardSet::of_rank(card.rank())).len();
            if same_rank >= 2 {
                score += 0.6;
            }
            if card.value() < 5 {
                score += 0.5;
            }
        } else if count < MAX_COUNT {
            if count == 5 || count == 21 {
                score -= 1.5;
            }
            if let Some(&last) = pegging.current().last() {
                let gap = last.rank().index().abs_diff(card.rank().index());
                if gap == 0 && count + card.value() <= MAX_COUNT {
                    // A pair invites a pair royal.
                    score -= if self.dealer { 2.0 } else { 0.8 };
                } else if (gap == 1 || gap == 2) && play.points.total() == 0 {
                    score -= 0.5;
                }
            }
        }
        // Counts from which no single card makes fifteen are safer.
        if count < 5 {
            score += 0.2;
        }
        // Get rid of high cards first, keep low ones for the end of a count.
        score + 0.01 * f64::from(card.value())
    }
}

//! The by-the-book player (`classic`): see [`ClassicPlayer`].

use std::sync::OnceLock;

use crib_core::{Card, CardSet, MAX_COUNT, Pegging, Rank, Seat, View};

use crate::crib::{CribOdds, CribRow, Stake, ThrowModel, crib_table};
use crate::discard::Expectation;
use crate::player::{BasicPlayer, Player};
use crate::ranks::{Unseen, hand_points};

/// The by-the-book player (`classic`): the discard from a published-style
/// crib table plus the hand's expectation, and the rules of thumb that club
/// players use in the play.
///
/// It is a fair opponent for people (it plays the way a good club player
/// is taught to) and a second measuring stick for the expert, which must
/// beat it by search and by measurement rather than by rules.
///
/// # The discard
///
/// Every keep of four is valued as the hand's exact expectation over the
/// unseen starters, plus the crib's average for the cards thrown when the
/// crib is the player's side's, minus it when it is an opponent's. With two
/// players the crib's average is read from the table of the two ranks
/// thrown and whether they share a suit, as the published tables give it
/// ([`crib_table`](crate::crib_table) under the measured throw model): the
/// dealer's own crib, or the pone's gift to the dealer. With three or four
/// players it is the crib's expectation for the one card thrown. The play
/// is not weighed.
///
/// # The play
///
/// Each card that fits is scored by the points it pegs now plus the rules:
///
/// - never lead a five when a card of another rank will do, and lead from a pair or
///   with a card below five (no fifteen can answer it);
/// - avoid leaving the count at 5 or 21 (a ten-card makes 15 or 31), and
///   prefer counts an opponent cannot answer with fifteen;
/// - pair cautiously (a pair royal answers a pair), the dealer only when
///   every other card is worse, and do
///   not play a card one or two ranks from the last card unless it scores
///   (it opens a run);
/// - play toward 15 and 31, and otherwise get rid of high cards first,
///   keeping low cards for the end of a count.
///
/// Ties go to the higher card, so the player is deterministic.
///
/// ```
/// use crib_ai::{ClassicPlayer, Player};
/// use crib_core::{Action, Game, GameConfig, Seat};
/// let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 1)?;
/// game.play(Seat::ALL[0], Action::Deal)?;
/// let discard = ClassicPlayer.discard(&game.view(Seat::ALL[1]));
/// assert_eq!(discard.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicPlayer;

/// The two-player crib table under the measured throw model, computed once.
fn table() -> &'static [CribRow] {
    static TABLE: OnceLock<Vec<CribRow>> = OnceLock::new();
    TABLE.get_or_init(|| crib_table(ThrowModel::reasonable()))
}

/// The table's average crib for two cards thrown by a player with `stake`.
fn table_crib(discard: CardSet, stake: Stake) -> f64 {
    let cards: Vec<Card> = discard.iter().collect();
    let [a, b] = cards[..] else { return 0.0 };
    let (low, high) =
        if a.rank() <= b.rank() { (a.rank(), b.rank()) } else { (b.rank(), a.rank()) };
    let suited = a.suit() == b.suit();
    table().iter().find(|row| row.low == low && row.high == high && row.suited == suited).map_or(
        0.0,
        |row| match stake {
            Stake::Own => row.dealer,
            Stake::Balk => row.pone,
        },
    )
}

impl ClassicPlayer {
    /// Every keep of four from the view's hand with its value (hand plus or
    /// minus the crib's average), best first; empty when the view is not a
    /// deal to discard from.
    #[must_use]
    pub fn keeps(view: &View) -> Vec<(CardSet, f64)> {
        let (config, dealt) = (view.config, view.hand);
        if dealt.len() != config.dealt() {
            return Vec::new();
        }
        let stake = Stake::of(config, view.seat, view.dealer);
        let unseen = Unseen::new(dealt);
        let odds = (config.players() != 2).then(|| {
            CribOdds::for_seat(config, view.seat, view.dealer, dealt, ThrowModel::reasonable())
        });
        let mut keeps: Vec<(CardSet, f64)> = dealt
            .subsets(4)
            .map(|keep| {
                let discard = dealt - keep;
                let hand =
                    Expectation { points: hand_points(keep, &unseen), starters: unseen.len() };
                let crib = match &odds {
                    Some(odds) => odds.expected(discard),
                    None => table_crib(discard, stake),
                };
                (keep, hand.value() + stake.sign() * crib)
            })
            .collect();
        // Best first; equal values keep the lower cards' keep first.
        keeps.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.iter().cmp(b.0.iter())));
        keeps
    }

    /// Every card the view's seat may play with the rules' score of it
    /// (points now plus the rules of thumb), in card order.
    #[must_use]
    pub fn play_scores(view: &View) -> Vec<(Card, f64)> {
        let rules = Rules::of(&view.pegging, view.seat, view.seat == view.dealer, view.hand);
        rules.fits.iter().map(|card| (card, rules.score(card))).collect()
    }
}

/// The card the rules of thumb play for `seat` (the dealer, or not) from
/// `held` in `pegging`, or `None` when none fits: the best score of
/// [`ClassicPlayer::play_scores`], the highest card of equals.
pub(crate) fn rules_play(
    pegging: &Pegging,
    seat: Seat,
    dealer: bool,
    held: CardSet,
) -> Option<Card> {
    let rules = Rules::of(pegging, seat, dealer, held);
    crate::player::most_points(rules.fits, |card| rules.score(card))
}

/// A seat's choice in the play as the rules of thumb see it.
struct Rules<'a> {
    pegging: &'a Pegging,
    seat: Seat,
    dealer: bool,
    /// The cards the seat holds.
    held: CardSet,
    /// Those of them that fit the count.
    fits: CardSet,
}

impl<'a> Rules<'a> {
    fn of(pegging: &'a Pegging, seat: Seat, dealer: bool, held: CardSet) -> Rules<'a> {
        let fits = held.iter().filter(|&card| pegging.fits(card)).collect();
        Rules { pegging, seat, dealer, held, fits }
    }

    /// The rules' score of playing `card` now.
    fn score(&self, card: Card) -> f64 {
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

impl Player for ClassicPlayer {
    fn discard(&mut self, view: &View) -> CardSet {
        match ClassicPlayer::keeps(view).first() {
            Some(&(keep, _)) => view.hand - keep,
            None => BasicPlayer.discard(view),
        }
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        rules_play(&view.pegging, view.seat, view.seat == view.dealer, view.hand)
    }
}

//! The by-the-book player (`classic`): see [`ClassicPlayer`].

use std::sync::OnceLock;

use crib_core::{Card, CardSet, View};

use crate::expect::crib::{CribOdds, CribRow, crib_table};
use crate::expect::discard::Expectation;
use crate::expect::ranks::{Unseen, hand_points};
use crate::expect::throw_model::{Stake, ThrowModel};
use crate::players::basic::BasicPlayer;
use crate::players::player::Player;
use crate::rules_of_thumb::{Rules, rules_play};

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

//! The expert's discard: every keep valued by its hand, its crib and its
//! pegging together.
//!
//! A keep's value is, in points for the keeper's side:
//!
//! - the hand's exact expectation over every unseen starter;
//! - plus the crib's expectation when the crib is the keeper's side's (the
//!   dealer, or the dealer's partner), minus it when it is an opponent's,
//!   exact under the [`ThrowModel`] of the other players' discards (see
//!   [`CribOdds`]);
//! - plus an estimate of what the four cards are worth in the play against
//!   the opponents' (see [`pegging_value`]).
//!
//! Near the end of a game of two sides (two players, or four in
//! partnerships) points are not the goal: winning is. There
//! [`keep_values_for_game`] also gives each keep its chance of winning the
//! game ([`WinTable::keep_chance`]), from the distribution of its hand over
//! every unseen starter, its crib and its pegging, scored in the order of
//! the game, and ranks the keeps by it: a pone who needs six keeps the hand
//! that counts six more often, not the hand with the greater mean.

use std::cmp::Ordering;

use crib_core::{CardSet, GameConfig, Rules, Seat, score_unchecked};
use serde::Serialize;

use crate::board::win_table::{KeepRound, WinTable};
use crate::expect::crib::CribOdds;
use crate::expect::discard::{DiscardError, Expectation};
use crate::expect::pegging::pegging_value;
use crate::expect::ranks::{Unseen, hand_points};
use crate::expect::throw_model::{Stake, ThrowModel};

/// One keep of four and what it is worth, by source.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct KeepValue {
    /// The four cards kept.
    pub keep: CardSet,
    /// The cards given to the crib.
    pub discard: CardSet,
    /// The hand's exact expectation over every unseen starter.
    pub hand: Expectation,
    /// Whose crib the discard goes to.
    pub stake: Stake,
    /// The crib's expectation (its own points, whoever's it is).
    pub crib: f64,
    /// The estimated net points of the play for the keeper's side.
    pub pegging: f64,
    /// Hand, plus or minus crib, plus pegging: the points the keep is worth
    /// to the keeper's side.
    pub total: f64,
    /// The chance of winning the game with this keep, when the board
    /// decided the order of the keeps (near the end of a game of two sides,
    /// see [`keep_values_for_game`]); `None` when points did.
    pub win: Option<f64>,
}

impl KeepValue {
    /// The crib's part of the total: `crib` for the keeper's own side's
    /// crib, `-crib` for an opponent's.
    #[must_use]
    pub fn crib_share(&self) -> f64 {
        self.stake.sign() * self.crib
    }

    /// The order of the keeps, best first: by the chance of winning when
    /// both have one, to a tenth of a percent (closer chances are within
    /// the model's error: points decide between them), then by total, then
    /// hand, then the kept cards in card order.
    #[must_use]
    pub fn order(&self, other: &KeepValue) -> Ordering {
        let chance = match (self.win, other.win) {
            (Some(mine), Some(theirs)) => {
                let grid = |chance: f64| (chance * 1000.0).round();
                grid(theirs).total_cmp(&grid(mine))
            }
            _ => Ordering::Equal,
        };
        chance
            .then_with(|| other.total.total_cmp(&self.total))
            .then_with(|| other.hand.cmp(&self.hand))
            .then_with(|| self.keep.iter().cmp(other.keep.iter()))
    }
}

/// Every keep of four from `dealt`, for `seat` in a round of `config` dealt
/// by `dealer`, best first: by total, then hand, then the kept cards in card
/// order.
///
/// ```
/// use crib_ai::{ThrowModel, keep_values};
/// use crib_core::{CardSet, GameConfig, Seat, parse_cards};
/// let dealt = CardSet::from_distinct(parse_cards("5H 5S JD JC 9C 2D")?)?;
/// let config = GameConfig::default();
/// let (dealer, pone) = (Seat::ALL[0], Seat::ALL[1]);
/// let model = ThrowModel::reasonable();
/// // The dealer keeps the fives and jacks: 5-5-J-J.
/// let dealing = keep_values(config, dealer, dealer, dealt, model)?;
/// assert_eq!(dealing[0].keep.to_string(), "5H 5S JC JD");
/// // The pone keeps the fives rather than give them to the dealer's crib.
/// let poning = keep_values(config, pone, dealer, dealt, model)?;
/// let fives = CardSet::of_rank(crib_core::Rank::Five);
/// assert_eq!((poning[0].keep & fives).len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// A deal of the wrong size for the table: 6 cards with two players, 5 with
/// three or four.
pub fn keep_values(
    config: GameConfig,
    seat: Seat,
    dealer: Seat,
    dealt: CardSet,
    model: &ThrowModel,
) -> Result<Vec<KeepValue>, DiscardError> {
    if dealt.len() != config.dealt() {
        return Err(DiscardError::DealSize(dealt.len()));
    }
    let unseen = Unseen::new(dealt);
    let odds = CribOdds::for_seat(config, seat, dealer, dealt, model);
    let stake = Stake::of(config, seat, dealer);
    let pone = seat == dealer.next(config.players());
    let mut values: Vec<KeepValue> = dealt
        .subsets(4)
        .map(|keep| {
            let discard = dealt - keep;
            let hand = Expectation { points: hand_points(keep, &unseen), starters: unseen.len() };
            let crib = odds.expected(discard);
            let pegging = pegging_value(config, keep, seat == dealer, pone);
            let total = hand.value() + stake.sign() * crib + pegging;
            KeepValue { keep, discard, hand, stake, crib, pegging, total, win: None }
        })
        .collect();
    values.sort_by(KeepValue::order);
    Ok(values)
}

/// Every keep of four from `dealt` as [`keep_values`] gives them, each with
/// its chance of winning the game when the keeper's side needs `needs[0]`
/// points and the other side `needs[1]`, best chance first (ties by
/// [`keep_values`]' order), from the table of the game's players
/// ([`WinTable::for_players`]). With four players the keeper's hand is
/// counted at its place in the show, the three other hands from their
/// measured distributions, and the play as measured (the pegging estimate
/// of a keep is for two players). With three players the keeps are
/// [`keep_values`]' and have no chance: ranking them by the three players'
/// table won no more games than points in self-play at three players.
///
/// ```
/// use crib_ai::{ThrowModel, keep_values_for_game};
/// use crib_core::{CardSet, GameConfig, Seat, parse_cards};
/// let dealt = CardSet::from_distinct(parse_cards("2H 3S 7C 8D 9C TC")?)?;
/// let (config, dealer, pone) = (GameConfig::default(), Seat::ALL[0], Seat::ALL[1]);
/// let model = ThrowModel::reasonable();
/// // The pone at 115 needs six, the dealer twelve: the run of four makes
/// // six with any starter, where 3-7-8-9 (worth more) makes it with 27.
/// let keeps = keep_values_for_game(config, pone, dealer, dealt, model, [6, 12])?;
/// assert_eq!(keeps[0].keep.to_string(), "7C 8D 9C TC");
/// assert!(keeps.iter().all(|keep| keep.win.is_some()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// As [`keep_values`].
pub fn keep_values_for_game(
    config: GameConfig,
    seat: Seat,
    dealer: Seat,
    dealt: CardSet,
    model: &ThrowModel,
    needs: [u16; 2],
) -> Result<Vec<KeepValue>, DiscardError> {
    let mut values = keep_values(config, seat, dealer, dealt, model)?;
    let Some(table) = WinTable::for_players(config.players()) else {
        return Ok(values);
    };
    let dealing = config.side_of(seat) == config.side_of(dealer);
    let partner = seat != dealer && seat != dealer.next(config.players());
    // Two players: the keep's own estimate. Four: the measured play, its
    // side's mean net points (the estimate is 0 there, meaning unknown).
    let measured_net = table.play_net(dealing);
    let mut hand = Vec::new();
    for value in &mut values {
        hand.clear();
        for starter in !dealt {
            let points = usize::from(score_unchecked(value.keep, starter, Rules::Hand));
            if hand.len() <= points {
                hand.resize(points + 1, 0.0);
            }
            hand[points] += 1.0;
        }
        let starters = f64::from(value.hand.starters);
        hand.iter_mut().for_each(|count| *count /= starters);
        let round = KeepRound {
            my_need: needs[0],
            their_need: needs[1],
            dealing,
            partner,
            hand: &hand,
            crib: value.crib,
            pegging: if config.players() == 2 { value.pegging } else { measured_net },
        };
        value.win = Some(table.keep_chance(&round));
    }
    values.sort_by(KeepValue::order);
    Ok(values)
}

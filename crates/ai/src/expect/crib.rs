//! The crib's expectation: what the cards a player gives to the crib are
//! worth there, given everything that player knows.
//!
//! # The model
//!
//! The crib is the player's own discards, the other players' discards (and,
//! with three players, one card from the deck), counted with the starter.
//! The player knows their own dealt cards; every other card is unseen. The
//! model is:
//!
//! - the starter and the deck's card are any unseen card, all equally
//!   likely;
//! - each other player's discard is drawn from the unseen cards with a
//!   weight that depends on its ranks and on whose crib it goes to
//!   ([`Stake`]): a [`ThrowModel`]. With two players the weight is a table
//!   of the 91 pairs of ranks (a pone almost never gives two fives, a
//!   dealer often does); with three or four it is a table of the 13 ranks.
//!   All cards are drawn together, without replacement, each combination of
//!   distinct cards weighted by the product of its weights.
//!
//! [`ThrowModel::UNIFORM`] makes every discard equally likely;
//! [`ThrowModel::reasonable`] is measured from what a sensible player throws
//! over every deal (see [`measure_throws`](crate::measure_throws)).
//!
//! Does the measured model help? It predicts the cribs of sensible players
//! better: over 16,000 cribs of expert self-play (`examples/tune.rs`,
//! `opponent=expert`), the crib predicted at the expert's discard was off on
//! average by +0.09 points as dealer and +0.06 as pone (mean squared error
//! 8.63 and 9.73), against +0.65 and -0.38 (9.08 and 9.87) for the uniform
//! model. Against the `basic` player, which throws for its hand alone, the
//! uniform model is the better guess (+0.22 and +0.22 against -0.34 and
//! +0.65), yet the expert with the measured model still won a little more
//! often (65.1% against 64.6% over the same 4,000 games).
//!
//! # The computation
//!
//! The expectation is exact under the model, and fast because it is summed
//! by ranks, not cards. Because the weights depend only on ranks, every
//! assignment of unseen cards to the unknown places of the crib that has the
//! same ranks is equally likely; so the sum runs over tuples of ranks (the
//! other player's two ranks and the starter's: 91 × 13 = 1,183 terms with
//! two players instead of 45,540 combinations of cards), each weighted by
//! the number of card assignments it stands for. Fifteens, pairs and runs
//! come from a table of rank points; the flush and his nob, the only points
//! that need suits, are added as probabilities given the ranks: within a
//! rank, the cards are a uniformly random choice among the unseen cards of
//! that rank, so a starter of rank `z` has suit `s` with probability
//! `unseen(z, s) / unseen(z)`, and so on. The tests hold the result to a
//! plain enumeration of every combination of cards with the scorer.

use crib_core::{CardSet, GameConfig, Rank, Seat};

use crate::expect::ranks::{Unseen, rank_points, tuple_index};
use crate::expect::throw_model::{Stake, ThrowModel};

/// The unknown cards of a crib besides the known discards and the starter.
#[derive(Clone, Debug)]
enum Others {
    /// One other player's two cards, weighted as a pair.
    Pair(Box<[[f64; 13]; 13]>),
    /// Single cards, each weighted by rank (other players' discards; the
    /// deck's card weighs the same for every rank).
    Singles(Vec<[f64; 13]>),
}

/// The crib's expectation for one player's discards in one deal: built once
/// per deal, asked once per discard.
///
/// ```
/// use crib_ai::{CribOdds, Stake, ThrowModel};
/// use crib_core::{CardSet, GameConfig, parse_cards};
/// let dealt = CardSet::from_distinct(parse_cards("5H 5S JD 4C 6C KD")?)?;
/// let odds = CribOdds::two_players(dealt, Stake::Balk, &ThrowModel::UNIFORM);
/// let fives = CardSet::from_distinct(parse_cards("5H 5S")?)?;
/// let court = CardSet::from_distinct(parse_cards("JD KD")?)?;
/// // Two fives make a far better crib than a jack and a king.
/// assert!(odds.expected(fives) > odds.expected(court) + 3.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CribOdds {
    unseen: Unseen,
    others: Others,
    /// `1 / unseen(rank)`, or 0 for a rank with no unseen card.
    inverse: [f64; 13],
    /// The chance that an unknown jack and a starter of each rank share a
    /// suit, given their ranks: `sum over suits of unseen(J, s) unseen(z, s)
    /// / (unseen(J) unseen(z))`.
    jack_matches: [f64; 13],
}

impl CribOdds {
    /// The crib of a two-player round, for a player dealt `dealt`; the other
    /// player throws two cards with `stake` (the dealer [`Stake::Own`], the
    /// pone [`Stake::Balk`]).
    #[must_use]
    pub fn two_players(dealt: CardSet, other: Stake, model: &ThrowModel) -> CribOdds {
        let mut weights = Box::new([[0.0; 13]; 13]);
        for (low, row) in weights.iter_mut().enumerate() {
            for (high, weight) in row.iter_mut().enumerate() {
                *weight = f64::from(model.pair(other, Rank::ALL[low], Rank::ALL[high]));
            }
        }
        CribOdds::build(dealt, Others::Pair(weights))
    }

    /// The crib of a three- or four-player round, for a player dealt
    /// `dealt`: `others` are the stakes of the other players, each throwing
    /// one card, and `from_deck` the cards the deck gives the crib.
    #[must_use]
    pub fn singles(
        dealt: CardSet,
        others: &[Stake],
        from_deck: usize,
        model: &ThrowModel,
    ) -> CribOdds {
        let mut slots: Vec<[f64; 13]> = others
            .iter()
            .map(|&stake| Rank::ALL.map(|rank| f64::from(model.single(stake, rank))))
            .collect();
        slots.extend(std::iter::repeat_n([1.0; 13], from_deck));
        CribOdds::build(dealt, Others::Singles(slots))
    }

    /// The crib of the round of `config` dealt by `dealer`, for `seat`,
    /// which was dealt `dealt`.
    #[must_use]
    pub fn for_seat(
        config: GameConfig,
        seat: Seat,
        dealer: Seat,
        dealt: CardSet,
        model: &ThrowModel,
    ) -> CribOdds {
        let others: Vec<Stake> = config
            .seats()
            .filter(|&other| other != seat)
            .map(|other| Stake::of(config, other, dealer))
            .collect();
        if config.players() == 2 {
            CribOdds::two_players(dealt, others[0], model)
        } else {
            CribOdds::singles(dealt, &others, config.crib_from_deck(), model)
        }
    }

    fn build(seen: CardSet, others: Others) -> CribOdds {
        let unseen = Unseen::new(seen);
        let inverse =
            unseen.by_rank.map(|count| if count == 0 { 0.0 } else { 1.0 / f64::from(count) });
        let jack = Rank::Jack.index();
        let mut jack_matches = [0.0; 13];
        for (rank, slot) in jack_matches.iter_mut().enumerate() {
            let shared: u32 =
                (0..4).map(|suit| unseen.has(jack, suit) * unseen.has(rank, suit)).sum();
            *slot = f64::from(shared) * inverse[jack] * inverse[rank];
        }
        CribOdds { unseen, others, inverse, jack_matches }
    }

    /// The expected points of the crib with `discard` in it (counted with
    /// crib rules), exact under the model.
    ///
    /// `discard` is the player's own cards: two with two players, one with
    /// three or four (any other size gives 0).
    #[must_use]
    pub fn expected(&self, discard: CardSet) -> f64 {
        let known: Vec<usize> = discard.iter().map(|card| card.rank().index()).collect();
        // His nob from a known jack: the starter's rank decides how likely
        // it is to have the jack's suit.
        let mut known_nob = [0.0; 13];
        for jack in discard & CardSet::of_rank(Rank::Jack) {
            for (rank, chance) in known_nob.iter_mut().enumerate() {
                *chance +=
                    f64::from(self.unseen.has(rank, jack.suit().index())) * self.inverse[rank];
            }
        }
        // A five-card flush needs the known cards in one suit and every
        // unknown card in it too: per rank, the chance that the unseen card
        // drawn of that rank is of the suit.
        let flush_suit = discard
            .first()
            .map(|card| card.suit())
            .filter(|&suit| discard.is_subset(CardSet::of_suit(suit)));
        let in_suit: [f64; 13] = match flush_suit {
            Some(suit) => std::array::from_fn(|rank| {
                f64::from(self.unseen.has(rank, suit.index())) * self.inverse[rank]
            }),
            None => [0.0; 13],
        };
        let terms = Terms { odds: self, known_nob: &known_nob, in_suit: &in_suit };
        let (points, weight) = match (&self.others, known.as_slice()) {
            (Others::Pair(weights), &[k0, k1]) => terms.pair(weights, k0, k1),
            (Others::Singles(slots), &[k0]) if slots.len() == 3 => terms.singles(slots, k0),
            _ => (0.0, 0.0),
        };
        if weight > 0.0 { points / weight } else { 0.0 }
    }
}

/// What one discard's sum needs besides the deal.
struct Terms<'a> {
    odds: &'a CribOdds,
    /// His nob from the known cards, by the starter's rank.
    known_nob: &'a [f64; 13],
    /// The chance that an unseen card of each rank is of the flush suit (all
    /// 0 when the known cards are not of one suit).
    in_suit: &'a [f64; 13],
}

impl Terms<'_> {
    /// The points of the crib once the unknown ranks are fixed, the starter's
    /// last: rank points, plus the chance of a flush times 5, plus the
    /// expected nobs. `others` are the ranks of the unknown cards that are
    /// not the starter.
    #[inline]
    fn points(&self, table_points: u8, others: &[usize], starter: usize) -> f64 {
        let mut points = f64::from(table_points);
        let jack = Rank::Jack.index();
        if starter != jack {
            let jacks = others.iter().filter(|&&rank| rank == jack).count();
            points += self.known_nob[starter] + jacks as f64 * self.odds.jack_matches[starter];
        }
        if self.in_suit[starter] > 0.0 {
            let mut ranks = 1u16 << starter;
            let mut chance = self.in_suit[starter];
            for &rank in others {
                if ranks & 1 << rank != 0 {
                    chance = 0.0;
                }
                ranks |= 1 << rank;
                chance *= self.in_suit[rank];
            }
            points += 5.0 * chance;
        }
        points
    }

    /// Two known cards, the other player's pair and the starter.
    fn pair(&self, weights: &[[f64; 13]; 13], k0: usize, k1: usize) -> (f64, f64) {
        let table = rank_points();
        let counts = &self.odds.unseen.by_rank;
        let (mut points, mut weight) = (0.0, 0.0);
        for x in 0..13 {
            for y in x..13 {
                let pairs = if x == y {
                    counts[x] * counts[x].saturating_sub(1) / 2
                } else {
                    counts[x] * counts[y]
                };
                let pair_weight = weights[x][y] * f64::from(pairs);
                if pair_weight == 0.0 {
                    continue;
                }
                let base = tuple_index([0, k0, k1, x, y]) * 13;
                for z in 0..13 {
                    let starters = counts[z] - u32::from(x == z) - u32::from(y == z);
                    if starters == 0 {
                        continue;
                    }
                    let w = pair_weight * f64::from(starters);
                    points += w * self.points(table[base + z], &[x, y], z);
                    weight += w;
                }
            }
        }
        (points, weight)
    }

    /// One known card, three single unknown cards and the starter.
    fn singles(&self, slots: &[[f64; 13]], k0: usize) -> (f64, f64) {
        let table = rank_points();
        let mut left = self.odds.unseen.by_rank;
        let (mut points, mut weight) = (0.0, 0.0);
        for a in 0..13 {
            let wa = slots[0][a] * f64::from(left[a]);
            if wa == 0.0 {
                continue;
            }
            left[a] -= 1;
            for b in 0..13 {
                let wb = wa * slots[1][b] * f64::from(left[b]);
                if wb == 0.0 {
                    continue;
                }
                left[b] -= 1;
                for c in 0..13 {
                    let wc = wb * slots[2][c] * f64::from(left[c]);
                    if wc == 0.0 {
                        continue;
                    }
                    left[c] -= 1;
                    let base = tuple_index([0, k0, a, b, c]) * 13;
                    for z in 0..13 {
                        if left[z] == 0 {
                            continue;
                        }
                        let w = wc * f64::from(left[z]);
                        points += w * self.points(table[base + z], &[a, b, c], z);
                        weight += w;
                    }
                    left[c] += 1;
                }
                left[b] += 1;
            }
            left[a] += 1;
        }
        (points, weight)
    }
}

/// One line of a discard table: what two cards given to the crib are worth
/// there, for the dealer's own crib and for the pone's gift to the dealer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CribRow {
    /// The lower rank.
    pub low: Rank,
    /// The higher rank (the same for a pair).
    pub high: Rank,
    /// Whether the two cards are of one suit (never for a pair).
    pub suited: bool,
    /// The crib's expectation when the dealer throws them, the pone's two
    /// cards drawn as the model's balking pone throws.
    pub dealer: f64,
    /// The crib's expectation when the pone throws them, the dealer's two
    /// cards drawn as the model's dealer throws.
    pub pone: f64,
}

/// The expected crib for every two-card discard, by ranks and suitedness
/// (169 lines), exactly under `model`, knowing only the two cards thrown
/// (as the published tables do): the starter and the other player's two
/// cards come from the other 50.
///
/// ```
/// use crib_ai::{ThrowModel, crib_table};
/// use crib_core::Rank;
/// let table = crib_table(&ThrowModel::UNIFORM);
/// assert_eq!(table.len(), 169);
/// let fives = table.iter().find(|row| row.low == Rank::Five && row.high == Rank::Five).unwrap();
/// assert!(fives.dealer > 8.0);
/// // Under the uniform model the other player's throw does not depend on
/// // whose crib it is.
/// assert_eq!(fives.dealer, fives.pone);
/// ```
#[must_use]
pub fn crib_table(model: &ThrowModel) -> Vec<CribRow> {
    use crib_core::{Card, Suit};
    let mut rows = Vec::with_capacity(169);
    for (low_index, &low) in Rank::ALL.iter().enumerate() {
        for &high in &Rank::ALL[low_index..] {
            for suited in [false, true] {
                if suited && low == high {
                    continue;
                }
                let other_suit = if suited { Suit::Clubs } else { Suit::Diamonds };
                let pair =
                    CardSet::single(Card::new(low, Suit::Clubs)).with(Card::new(high, other_suit));
                let dealer = CribOdds::two_players(pair, Stake::Balk, model).expected(pair);
                let pone = CribOdds::two_players(pair, Stake::Own, model).expected(pair);
                rows.push(CribRow { low, high, suited, dealer, pone });
            }
        }
    }
    rows
}

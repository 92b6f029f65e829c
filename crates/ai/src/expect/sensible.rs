//! The sensible discard: the keep with the best hand expectation plus the
//! crib's (for the thrower's own side's crib) or minus it (for an
//! opponent's), the crib valued from the thrower's cards alone by a table of
//! every discard. The model of the other players' throws is measured from
//! it (see [`measure_throws`](crate::measure_throws)), and the expert's
//! samples infer a sensible opponent's keep with it.

use crib_core::{Card, CardSet, GameConfig, Rank, Seat, Suit};

use crate::expect::crib::CribOdds;
use crate::expect::ranks::{Unseen, hand_points};
use crate::expect::throw_model::{Stake, ThrowModel};

/// The crib's expectation for every discard of one or two cards, from the
/// thrower's cards alone. Renaming suits changes no expectation, so a
/// discard is valued by its ranks and whether its two cards share a suit:
/// `[stake][low rank][high rank][kind]`, the kind 0 for two cards of
/// different suits, 1 for two of one suit, 2 for a single card (whose
/// ranks are both its own).
pub(crate) struct CribTable {
    values: Vec<f64>,
}

impl CribTable {
    /// The table under [`ThrowModel::reasonable`], built on first use (a
    /// few milliseconds).
    pub(crate) fn reasonable() -> &'static CribTable {
        static TABLE: std::sync::OnceLock<CribTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| CribTable::new(ThrowModel::reasonable()))
    }

    fn index(stake: Stake, low: usize, high: usize, kind: usize) -> usize {
        ((stake as usize * 13 + low) * 13 + high) * 3 + kind
    }

    pub(crate) fn get(&self, stake: Stake, discard: CardSet) -> f64 {
        let mut cards = discard.iter();
        let (Some(first), second) = (cards.next(), cards.next()) else { return 0.0 };
        let (second, kind) = match second {
            Some(second) => (second, usize::from(first.suit() == second.suit())),
            None => (first, 2),
        };
        self.values[CribTable::index(stake, first.rank().index(), second.rank().index(), kind)]
    }

    /// The table under `model`.
    pub(crate) fn new(model: &ThrowModel) -> CribTable {
        let four = GameConfig::new(4, 121).expect("four players is a table");
        let mut values = vec![0.0; 2 * 13 * 13 * 3];
        for stake in Stake::ALL {
            let other = match stake {
                Stake::Own => Stake::Balk,
                Stake::Balk => Stake::Own,
            };
            for low in 0..13 {
                for high in low..13 {
                    for suited in [false, true] {
                        if suited && low == high {
                            continue;
                        }
                        let first = card(low, 0);
                        let pair = CardSet::single(first).with(card(high, usize::from(!suited)));
                        let value = CribOdds::two_players(pair, other, model).expected(pair);
                        values[CribTable::index(stake, low, high, usize::from(suited))] = value;
                    }
                }
            }
            // The dealer (seat 0) throws Own, the pone (seat 1) balks.
            let (seat, dealer) = match stake {
                Stake::Own => (Seat::ALL[0], Seat::ALL[0]),
                Stake::Balk => (Seat::ALL[1], Seat::ALL[0]),
            };
            for rank in 0..13 {
                let single = CardSet::single(card(rank, 0));
                let value = CribOdds::for_seat(four, seat, dealer, single, model).expected(single);
                values[CribTable::index(stake, rank, rank, 2)] = value;
            }
        }
        CribTable { values }
    }
}

fn card(rank: usize, suit: usize) -> Card {
    Card::new(Rank::ALL[rank], Suit::ALL[suit])
}

/// The discard a sensible player makes from `dealt` for `stake`: the best
/// hand expectation plus (own crib) or minus (opponent's) the crib's.
pub(crate) fn sensible_discard(dealt: CardSet, stake: Stake, cribs: &CribTable) -> CardSet {
    let unseen = Unseen::new(dealt);
    let starters = f64::from(unseen.len());
    let mut best = (f64::NEG_INFINITY, CardSet::EMPTY);
    for keep in dealt.subsets(4) {
        let discard = dealt - keep;
        let value = f64::from(hand_points(keep, &unseen)) / starters
            + stake.sign() * cribs.get(stake, discard);
        if value > best.0 {
            best = (value, discard);
        }
    }
    best.1
}

//! The crib's expectation against a plain enumeration of every combination
//! of unseen cards, scored by the core's counter.

use crib_ai::{CribOdds, Stake, ThrowModel};
use crib_core::{Card, CardSet, Deck, GameConfig, Rank, Rules, Seat, score_unchecked};

/// A model whose weights differ by rank, pair and stake, so that a sum that
/// mixed them up would show.
fn lopsided() -> ThrowModel {
    let mut model = ThrowModel::UNIFORM;
    for (stake, tables) in model.pairs.iter_mut().enumerate() {
        for (low, row) in tables.iter_mut().enumerate() {
            for (high, weight) in row.iter_mut().enumerate() {
                *weight = (1 + low * 7 + high * 3 + stake * 11) as u16 % 23 * 40;
            }
        }
    }
    for (stake, table) in model.singles.iter_mut().enumerate() {
        for (rank, weight) in table.iter_mut().enumerate() {
            *weight = (3 + rank * 5 + stake * 2) as u16 % 17 * 70;
        }
    }
    model
}

/// Two players: every pair the other player may throw, every starter.
pub(crate) fn brute_two(dealt: CardSet, discard: CardSet, other: Stake, model: &ThrowModel) -> f64 {
    let unseen = !dealt;
    let (mut points, mut weight) = (0.0, 0.0);
    for pair in unseen.subsets(2) {
        let ranks: Vec<Rank> = pair.iter().map(Card::rank).collect();
        let w = f64::from(model.pair(other, ranks[0], ranks[1]));
        for starter in unseen - pair {
            points += w * f64::from(score_unchecked(discard | pair, starter, Rules::Crib));
            weight += w;
        }
    }
    points / weight
}

/// Three or four players: every card each other player may throw, in seat
/// order, then the deck's card, then the starter, all distinct.
pub(crate) fn brute_singles(
    dealt: CardSet,
    discard: CardSet,
    others: &[Stake],
    deck: usize,
    model: &ThrowModel,
) -> f64 {
    let mut slots: Vec<[f64; 13]> = others
        .iter()
        .map(|&stake| Rank::ALL.map(|rank| f64::from(model.single(stake, rank))))
        .collect();
    slots.extend(std::iter::repeat_n([1.0; 13], deck));
    let unseen: Vec<Card> = (!dealt).iter().collect();
    let (mut points, mut weight) = (0.0, 0.0);
    for &a in &unseen {
        for &b in &unseen {
            for &c in &unseen {
                if a == b || b == c || a == c {
                    continue;
                }
                let w = slots[0][a.rank().index()]
                    * slots[1][b.rank().index()]
                    * slots[2][c.rank().index()];
                let crib = discard.with(a).with(b).with(c);
                for &starter in &unseen {
                    if crib.contains(starter) {
                        continue;
                    }
                    points += w * f64::from(score_unchecked(crib, starter, Rules::Crib));
                    weight += w;
                }
            }
        }
    }
    points / weight
}

pub(crate) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * a.abs().max(1.0)
}

#[test]
fn two_player_cribs_match_brute_force() {
    let models = [ThrowModel::UNIFORM, lopsided(), *ThrowModel::reasonable()];
    for seed in 0..12 {
        let dealt = Deck::shuffled(seed).deal_set(6).unwrap();
        let model = &models[seed as usize % models.len()];
        let other = Stake::ALL[seed as usize % 2];
        let odds = CribOdds::two_players(dealt, other, model);
        for discard in dealt.subsets(2) {
            let fast = odds.expected(discard);
            let brute = brute_two(dealt, discard, other, model);
            assert!(close(fast, brute), "{dealt} giving {discard}: {fast} against {brute}");
        }
    }
}

#[test]
fn two_player_cribs_with_flushes_jacks_and_pairs() {
    // Suited discards (a flush is possible), jacks (his nob), pairs (fewer
    // unseen cards of a rank).
    for text in ["JH 5H 5S JS 2C 3C", "2D 3D 4D 5D 6D 7D", "JC JD JH 5C 5D 5H", "TS JS QS KS AS 9C"]
    {
        let dealt = CardSet::from_distinct(crib_core::parse_cards(text).unwrap()).unwrap();
        for (model, other) in [(ThrowModel::UNIFORM, Stake::Own), (lopsided(), Stake::Balk)] {
            let odds = CribOdds::two_players(dealt, other, &model);
            for discard in dealt.subsets(2) {
                let fast = odds.expected(discard);
                let brute = brute_two(dealt, discard, other, &model);
                assert!(close(fast, brute), "{dealt} giving {discard}: {fast} against {brute}");
            }
        }
    }
}

#[test]
fn three_and_four_player_cribs_match_brute_force() {
    let model = lopsided();
    // Three players: seat 1 holds five cards, seat 0 deals; the crib gets
    // one card from each seat and one from the deck.
    let three = GameConfig::new(3, 121).unwrap();
    let dealt = CardSet::from_distinct(crib_core::parse_cards("JH 5H 9S 4C 6H").unwrap()).unwrap();
    let odds = CribOdds::for_seat(three, Seat::ALL[1], Seat::ALL[0], dealt, &model);
    let others = [Stake::Own, Stake::Balk];
    for card in ["JH", "5H"] {
        let discard = CardSet::from_distinct(crib_core::parse_cards(card).unwrap()).unwrap();
        let fast = odds.expected(discard);
        let brute = brute_singles(dealt, discard, &others, 1, &model);
        assert!(close(fast, brute), "{dealt} giving {discard}: {fast} against {brute}");
    }
    // Four players: seat 2 is the dealer's partner; the others balk.
    let four = GameConfig::new(4, 121).unwrap();
    let dealt = CardSet::from_distinct(crib_core::parse_cards("2C 3C 7D 8S KC").unwrap()).unwrap();
    let odds = CribOdds::for_seat(four, Seat::ALL[2], Seat::ALL[0], dealt, &model);
    let others = [Stake::Own, Stake::Balk, Stake::Balk];
    for card in ["KC", "7D"] {
        let discard = CardSet::from_distinct(crib_core::parse_cards(card).unwrap()).unwrap();
        let fast = odds.expected(discard);
        let brute = brute_singles(dealt, discard, &others, 0, &model);
        assert!(close(fast, brute), "{dealt} giving {discard}: {fast} against {brute}");
    }
}

#[test]
fn the_built_in_throws_are_what_a_sensible_player_throws() {
    // Measuring the throws again with the built-in model gives the model
    // back, within a few percent (see `throws`: it is a damped fixed point).
    let model = ThrowModel::reasonable();
    let measured = crib_ai::measure_throws(model).model();
    let ratio = |a: u16, b: u16| (f64::from(a) / f64::from(b)).ln().abs();
    for stake in 0..2 {
        for low in 0..13 {
            for high in 0..13 {
                let (a, b) = (model.pairs[stake][low][high], measured.pairs[stake][low][high]);
                assert!(ratio(a, b) < 0.1, "pair {low} {high}, stake {stake}: {a} against {b}");
            }
            let (a, b) = (model.singles[stake][low], measured.singles[stake][low]);
            assert!(ratio(a, b) < 0.15, "single {low}, stake {stake}: {a} against {b}");
        }
    }
    // The pone balks: two fives are the rarest throw into the dealer's crib.
    let balk = &model.pairs[1];
    let five = Rank::Five.index();
    assert!(balk.iter().flatten().all(|&weight| weight >= balk[five][five]));
}

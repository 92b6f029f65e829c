//! The crib's expectation against a plain enumeration of every combination
//! of unseen cards, scored by the core's counter.

use crib_ai::{CribOdds, Stake, ThrowModel, crib_table};
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

/// The dealer's crib by the two cards the dealer throws, measured over a
/// very large number of human games (the Cribbage Pro blog's dealer discard
/// table, October 2012): ace to king, two cards of different suits.
#[rustfmt::skip]
const HUMAN_DEALER: [[f64; 13]; 13] = [
    [5.2, 4.4, 4.6, 5.2, 5.2, 3.7, 3.7, 3.7, 3.3, 3.3, 3.5, 3.3, 3.3],
    [4.4, 5.8, 6.9, 4.6, 5.2, 3.9, 3.9, 3.7, 3.7, 3.6, 3.8, 3.6, 3.6],
    [4.6, 6.9, 5.9, 5.0, 5.9, 3.8, 3.8, 3.9, 3.7, 3.6, 3.9, 3.7, 3.7],
    [5.2, 4.6, 5.0, 5.5, 6.3, 3.9, 3.7, 3.9, 3.6, 3.4, 3.7, 3.5, 3.5],
    [5.2, 5.2, 5.9, 6.3, 8.5, 6.4, 5.8, 5.3, 5.1, 6.3, 6.7, 6.4, 6.3],
    [3.7, 3.9, 3.8, 3.9, 6.4, 5.6, 4.9, 4.6, 4.9, 3.0, 3.2, 3.0, 2.9],
    [3.7, 3.9, 3.8, 3.7, 5.8, 4.9, 5.8, 6.4, 4.0, 3.1, 3.3, 3.1, 3.1],
    [3.7, 3.7, 3.9, 3.9, 5.3, 4.6, 6.4, 5.3, 4.5, 3.7, 3.3, 3.1, 3.0],
    [3.3, 3.7, 3.7, 3.6, 5.1, 4.9, 4.0, 4.5, 4.9, 4.1, 3.7, 2.8, 2.8],
    [3.3, 3.6, 3.6, 3.4, 6.3, 3.0, 3.1, 3.7, 4.1, 4.6, 4.3, 3.3, 2.7],
    [3.5, 3.8, 3.9, 3.7, 6.7, 3.2, 3.3, 3.3, 3.7, 4.3, 5.1, 4.5, 3.8],
    [3.3, 3.6, 3.7, 3.5, 6.4, 3.0, 3.1, 3.1, 2.8, 3.3, 4.5, 4.5, 3.4],
    [3.3, 3.6, 3.7, 3.5, 6.3, 2.9, 3.1, 3.0, 2.8, 2.7, 3.8, 3.4, 4.4],
];

/// The dealer's crib by the two cards the pone throws into it, computed by
/// Craig Hessel from optimal discards of every six-card hand, iterated to a
/// fixed point, crib flushes ignored (as Michael Schell's Cribbage Forum
/// gives it, "Discarding to opponent's crib").
#[rustfmt::skip]
const HESSEL_PONE: [[f64; 13]; 13] = [
    [6.07, 5.07, 5.17, 5.74, 6.06, 4.93, 4.95, 4.92, 4.66, 4.46, 4.72, 4.41, 4.34],
    [5.07, 6.43, 7.34, 5.44, 6.17, 5.13, 5.12, 5.03, 4.82, 4.64, 4.91, 4.60, 4.53],
    [5.17, 7.34, 6.78, 6.10, 6.85, 4.92, 5.16, 5.08, 4.82, 4.70, 4.97, 4.66, 4.59],
    [5.74, 5.44, 6.10, 6.59, 7.46, 5.47, 4.91, 5.02, 4.75, 4.55, 4.80, 4.49, 4.43],
    [6.06, 6.17, 6.85, 7.46, 9.39, 7.66, 7.08, 6.36, 6.22, 7.46, 7.75, 7.42, 7.31],
    [4.93, 5.13, 4.92, 5.47, 7.66, 7.17, 6.64, 6.05, 6.31, 4.41, 4.61, 4.29, 4.25],
    [4.95, 5.12, 5.16, 4.91, 7.08, 6.64, 7.25, 7.88, 5.46, 4.44, 4.73, 4.44, 4.38],
    [4.92, 5.03, 5.08, 5.02, 6.36, 6.05, 7.88, 6.76, 5.97, 5.02, 4.65, 4.38, 4.31],
    [4.66, 4.82, 4.82, 4.75, 6.22, 6.31, 5.46, 5.97, 6.44, 5.52, 4.98, 4.14, 4.13],
    [4.46, 4.64, 4.70, 4.55, 7.46, 4.41, 4.44, 5.02, 5.52, 6.11, 5.60, 4.65, 3.99],
    [4.72, 4.91, 4.97, 4.80, 7.75, 4.61, 4.73, 4.65, 4.98, 5.60, 6.56, 5.55, 4.89],
    [4.41, 4.60, 4.66, 4.49, 7.42, 4.29, 4.44, 4.38, 4.14, 4.65, 5.55, 5.89, 4.56],
    [4.34, 4.53, 4.59, 4.43, 7.31, 4.25, 4.38, 4.31, 4.13, 3.99, 4.89, 4.56, 5.72],
];

/// How a column of our values compares with a published table: the mean
/// difference (ours less theirs), the mean and largest distance once that
/// difference is taken off, and the correlation.
fn compare(ours: &[f64], theirs: &[f64]) -> (f64, f64, f64, f64) {
    let n = ours.len() as f64;
    let bias = ours.iter().zip(theirs).map(|(a, b)| a - b).sum::<f64>() / n;
    let spread: Vec<f64> = ours.iter().zip(theirs).map(|(a, b)| (a - b - bias).abs()).collect();
    let mean_spread = spread.iter().sum::<f64>() / n;
    let worst = spread.iter().copied().fold(0.0, f64::max);
    let (mean_a, mean_b) = (ours.iter().sum::<f64>() / n, theirs.iter().sum::<f64>() / n);
    let (mut cov, mut var_a, mut var_b) = (0.0, 0.0, 0.0);
    for (a, b) in ours.iter().zip(theirs) {
        cov += (a - mean_a) * (b - mean_b);
        var_a += (a - mean_a).powi(2);
        var_b += (b - mean_b).powi(2);
    }
    (bias, mean_spread, worst, cov / (var_a * var_b).sqrt())
}

#[test]
fn the_crib_model_agrees_with_the_published_discard_tables() {
    // Our two-player crib table under the built-in throw model, for the 91
    // throws of two cards of different suits, against a table measured
    // from human games (the dealer's own throw) and one computed from
    // optimal discards (the pone's throw into the dealer's crib).
    let table = crib_table(ThrowModel::reasonable());
    let unsuited: Vec<_> = table.iter().filter(|row| !row.suited).collect();
    assert_eq!(unsuited.len(), 91);
    let published = |grid: &[[f64; 13]; 13]| -> Vec<f64> {
        unsuited.iter().map(|row| grid[row.low.index()][row.high.index()]).collect()
    };
    let dealer: Vec<f64> = unsuited.iter().map(|row| row.dealer).collect();
    let pone: Vec<f64> = unsuited.iter().map(|row| row.pone).collect();

    // The dealer's own throw: level with the human games, throw by throw.
    let (bias, spread, worst, correlation) = compare(&dealer, &published(&HUMAN_DEALER));
    assert!(bias.abs() < 0.15, "dealer: ours are {bias:+.2} a throw on average");
    assert!(
        spread < 0.2 && worst < 0.5,
        "dealer: off by {spread:.2} on average, {worst:.2} at most"
    );
    assert!(correlation > 0.98, "dealer: correlation {correlation:.3}");

    // The pone's throw: the same shape as the optimal-discard table. Ours
    // are lower by about a quarter of a point throughout (that table counts
    // every suit-free hand once, however many deals it stands for), so the
    // level is held loosely and the shape tightly: it is the differences
    // between throws that decide a discard.
    let (bias, spread, worst, correlation) = compare(&pone, &published(&HESSEL_PONE));
    assert!(bias.abs() < 0.4, "pone: ours are {bias:+.2} a throw on average");
    assert!(
        spread < 0.12 && worst < 0.4,
        "pone: off by {spread:.2} on average, {worst:.2} at most"
    );
    assert!(correlation > 0.99, "pone: correlation {correlation:.3}");

    // The throws every table agrees on: two fives are the best for the
    // dealer's crib from either hand, ten-king the worst.
    let ranks_of = |values: &[f64], pick: fn(f64, f64) -> f64| {
        let chosen = values.iter().copied().reduce(pick).unwrap();
        let row = unsuited[values.iter().position(|&v| v == chosen).unwrap()];
        (row.low, row.high)
    };
    for values in [&dealer, &pone] {
        assert_eq!(ranks_of(values, f64::max), (Rank::Five, Rank::Five));
        assert_eq!(ranks_of(values, f64::min), (Rank::Ten, Rank::King));
    }
}

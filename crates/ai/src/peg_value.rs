//! What four kept cards are worth in the play: an estimate for the discard.
//!
//! The play's points depend on both hands and on how they are played, so
//! no exact expectation is at hand when discarding. Instead the net points
//! of the play (own less the opponent's) are predicted from the kept ranks
//! by a linear model, fitted by least squares to seeded two-player rounds
//! played out by the expert's own search (see `examples/pegfit.rs`, which
//! printed the coefficients below). The model gives each pair of ranks a
//! value and sums it over the keep's six pairs of cards, so it weighs each
//! rank and each combination of two (a pair, cards that run or make
//! fifteen together) on its own. The dealer and the pone have their own
//! values: the dealer plays last and pegs more.
//!
//! With three or four players the estimate is 0: the play is shared among
//! more hands, and the rounds were not measured.

use crib_core::{CardSet, GameConfig};

/// The number of features of a keep: one for each pair of ranks, the same
/// rank twice included.
pub const FEATURES: usize = 91;

/// The features of a kept hand for the estimate of its play: for each pair
/// of ranks, how many of the hand's six pairs of cards have those ranks.
/// The estimate is a value for each pair of ranks, summed over the six
/// pairs: it weighs each rank (each card is in three pairs) and each
/// combination, a pair, cards that run or make fifteen together.
///
/// ```
/// use crib_core::{CardSet, parse_cards};
/// let keep = CardSet::from_distinct(parse_cards("5H 5S 6C TD")?)?;
/// let features = crib_ai::pegging_features(keep);
/// assert_eq!(features.iter().sum::<f64>(), 6.0); // six pairs of cards
/// assert_eq!(features[crib_ai::rank_pair(4, 4)], 1.0); // the two fives
/// assert_eq!(features[crib_ai::rank_pair(4, 5)], 2.0); // 5-6 twice
/// assert_eq!(features[crib_ai::rank_pair(4, 9)], 2.0); // 5-T twice
/// assert_eq!(features[crib_ai::rank_pair(5, 9)], 1.0); // 6-T
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn pegging_features(keep: CardSet) -> [f64; FEATURES] {
    let mut features = [0.0; FEATURES];
    for (i, a) in keep.iter().enumerate() {
        for b in keep.iter().skip(i + 1) {
            features[rank_pair(a.rank().index(), b.rank().index())] += 1.0;
        }
    }
    features
}

/// The feature of [`pegging_features`] for two cards of ranks `a` and `b`
/// (ace 0, king 12), in either order.
///
/// ```
/// assert_eq!(crib_ai::rank_pair(0, 0), 0);
/// assert_eq!(crib_ai::rank_pair(0, 12), 12);
/// assert_eq!(crib_ai::rank_pair(1, 1), 13);
/// assert_eq!(crib_ai::rank_pair(12, 12), crib_ai::FEATURES - 1);
/// ```
#[must_use]
pub const fn rank_pair(a: usize, b: usize) -> usize {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    // Rows ace..low-1 hold 13, 12, ... features: low * 13 - low(low-1)/2.
    low * 13 - low * low.saturating_sub(1) / 2 + (high - low)
}

/// The estimated net points of the play for a player keeping `keep`, as
/// dealer or pone of a two-player round (0 otherwise).
pub(crate) fn pegging_value(config: GameConfig, keep: CardSet, dealer: bool, pone: bool) -> f64 {
    if config.players() != 2 {
        return 0.0;
    }
    let coefficients = match (dealer, pone) {
        (true, _) => &DEALER,
        (_, true) => &PONE,
        _ => return 0.0,
    };
    pegging_features(keep).iter().zip(coefficients).map(|(x, c)| x * c).sum()
}

// Printed by `examples/pegfit.rs -- 300000 1 2` (300,000 rounds, seed 1,
// 32 worlds a decision): a value for each pair of ranks (ace-ace, ace-two,
// ... king-king, row by row). The dealer's net play averaged +1.239 points
// a round.
#[rustfmt::skip]
#[allow(clippy::approx_constant)] // fitted values, one of them near 1/pi
const DEALER: [f64; FEATURES] = [
    0.480, 0.318, 0.354, 0.246, 0.282, 0.256, 0.225, 0.235, 0.216, 0.175, 0.134, 0.172, 0.233,
    0.336, 0.321, 0.321, 0.395, 0.305, 0.299, 0.324, 0.419, 0.101, 0.092, 0.174, 0.150,
    0.093, 0.481, 0.392, 0.329, 0.319, 0.511, 0.288, 0.160, 0.114, 0.138, 0.184,
    0.121, 0.413, 0.465, 0.510, 0.258, 0.224, 0.108, 0.136, 0.127, 0.104,
    0.330, 0.517, 0.433, 0.422, 0.420, 0.218, 0.200, 0.220, 0.241,
    0.228, 0.342, 0.205, 0.217, 0.271, 0.296, 0.250, 0.253,
    0.172, 0.166, 0.253, 0.222, 0.244, 0.226, 0.256,
    0.127, 0.169, 0.160, 0.181, 0.193, 0.190,
    0.015, 0.115, 0.088, 0.087, 0.119,
    -0.077, -0.081, -0.079, -0.125,
    -0.065, -0.076, -0.099,
    -0.063, -0.116,
    -0.080,
];
#[rustfmt::skip]
const PONE: [f64; FEATURES] = [
    0.144, -0.117, -0.092, 0.149, -0.007, -0.092, -0.120, -0.161, -0.097, -0.325, -0.278, -0.254, -0.288,
    0.226, 0.113, -0.025, -0.039, -0.119, -0.132, -0.143, -0.281, -0.250, -0.269, -0.289, -0.253,
    0.307, -0.052, -0.106, -0.142, -0.154, -0.259, -0.101, -0.189, -0.280, -0.268, -0.255,
    0.351, -0.218, -0.195, -0.151, -0.192, -0.240, -0.282, -0.293, -0.280, -0.255,
    -0.596, -0.388, -0.407, -0.330, -0.304, -0.133, -0.147, -0.156, -0.140,
    -0.288, -0.339, -0.304, -0.157, -0.293, -0.308, -0.262, -0.286,
    -0.211, -0.222, -0.291, -0.235, -0.270, -0.234, -0.223,
    -0.102, -0.262, -0.316, -0.282, -0.261, -0.253,
    -0.228, -0.335, -0.331, -0.272, -0.284,
    -0.130, -0.453, -0.446, -0.418,
    -0.074, -0.385, -0.428,
    -0.174, -0.456,
    -0.324,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair of ranks (ace 0, king 12), each once.
    fn rank_pairs() -> impl Iterator<Item = (usize, usize)> {
        (0..13).flat_map(|low| (low..13).map(move |high| (low, high)))
    }

    /// The pairs of ranks by value, highest first.
    fn ranked(values: &[f64; FEATURES]) -> Vec<(usize, usize)> {
        let mut pairs: Vec<_> = rank_pairs().collect();
        pairs.sort_by(|&(a, b), &(c, d)| {
            values[rank_pair(c, d)].total_cmp(&values[rank_pair(a, b)])
        });
        pairs
    }

    #[test]
    fn every_pair_of_ranks_has_its_own_feature() {
        let mut seen = [false; FEATURES];
        for (low, high) in rank_pairs() {
            let index = rank_pair(low, high);
            assert_eq!(index, rank_pair(high, low));
            assert!(!seen[index], "{low}-{high} shares feature {index}");
            seen[index] = true;
        }
        assert!(seen.iter().all(|&seen| seen));
    }

    // The README's reading of the values.
    #[test]
    fn the_dealer_values_five_six_three_eight_four_seven_most_and_two_ten_cards_below_nothing() {
        let (five, six, three, eight, four, seven) = (4, 5, 2, 7, 3, 6);
        let mut top: Vec<_> = ranked(&DEALER)[..3].to_vec();
        top.sort_unstable();
        assert_eq!(top, [(three, eight), (four, seven), (five, six)]);
        for (low, high) in rank_pairs() {
            let ten_cards = low >= 9 && high >= 9;
            assert_eq!(DEALER[rank_pair(low, high)] < 0.0, ten_cards, "{low}-{high}");
        }
    }

    #[test]
    fn the_pone_values_a_low_pair_most_and_two_fives_least() {
        let ranked = ranked(&PONE);
        assert_eq!(&ranked[..2], [(3, 3), (2, 2)]);
        assert_eq!(ranked.last(), Some(&(4, 4)));
    }

    #[test]
    fn the_estimate_is_for_two_players_only() {
        let keep = CardSet::from_distinct(crib_core::parse_cards("5H 5S 6C TD").unwrap()).unwrap();
        let two = GameConfig::default();
        assert!(pegging_value(two, keep, true, false) > 0.0);
        assert!(pegging_value(two, keep, false, true) < 0.0);
        for players in [3, 4] {
            let config = GameConfig::new(players, 121).unwrap();
            assert_eq!(pegging_value(config, keep, true, false), 0.0);
        }
    }
}

//! What four kept cards are worth in the play: an estimate for the discard.
//!
//! The play's points depend on both hands and on how they are played, so
//! no exact expectation is at hand when discarding. Instead the net points
//! of the play (own less the opponent's) are predicted from the kept ranks
//! by a linear model, fitted by least squares to seeded two-player rounds
//! played out by the expert's own search (see `examples/pegfit.rs`, which
//! printed the coefficients below). The model gives each pair and each
//! triple of ranks a value and sums it over the keep's six pairs and four
//! triples of cards, so it weighs each rank, each combination of two (a
//! pair, cards that run or make fifteen together) and each combination of
//! three (a run, three of a kind, a pair with a card that makes fifteen
//! with one of them) on its own. The dealer and the pone have their own
//! values: the dealer plays last and pegs more.
//!
//! With three or four players the estimate is 0. Fitted there too, by pairs
//! of ranks for each place after the dealer (`pegfit -- 300000 1 3 pairs`,
//! and `4`), it moved neither table size's match, so it is not used.

use crib_core::{CardSet, GameConfig};

/// The number of pairs of ranks, the same rank twice included: the first
/// features.
const PAIRS: usize = 91;

/// The number of features of a keep: one for each pair of ranks, then one
/// for each triple of ranks (the same rank more than once included).
#[cfg_attr(
    not(feature = "lab"),
    expect(unreachable_pub, reason = "public for experiments, in the lab")
)]
pub const FEATURES: usize = PAIRS + 455;

/// The feature of each triple of ranks `low <= middle <= high`, counted
/// from the first triple's.
const TRIPLES: [[[u16; 13]; 13]; 13] = {
    let mut table = [[[0u16; 13]; 13]; 13];
    let mut next = 0u16;
    let mut low = 0;
    while low < 13 {
        let mut middle = low;
        while middle < 13 {
            let mut high = middle;
            while high < 13 {
                table[low][middle][high] = next;
                next += 1;
                high += 1;
            }
            middle += 1;
        }
        low += 1;
    }
    table
};

/// The features of a kept hand for the estimate of its play: for each pair
/// of ranks, how many of the hand's six pairs of cards have those ranks;
/// for each triple of ranks, how many of its four triples of cards do. The
/// estimate is a value for each, summed over the keep's pairs and triples
/// (see the module's account).
///
/// ```
/// use crib_core::{CardSet, parse_cards};
/// let keep = CardSet::from_distinct(parse_cards("5H 5S 6C TD")?)?;
/// let features = crib_ai::pegging_features(keep);
/// assert_eq!(features.iter().sum::<f64>(), 10.0); // six pairs, four triples
/// assert_eq!(features[crib_ai::rank_pair(4, 4)], 1.0); // the two fives
/// assert_eq!(features[crib_ai::rank_pair(4, 5)], 2.0); // 5-6 twice
/// assert_eq!(features[crib_ai::rank_pair(4, 9)], 2.0); // 5-T twice
/// assert_eq!(features[crib_ai::rank_pair(5, 9)], 1.0); // 6-T
/// assert_eq!(features[crib_ai::rank_triple(4, 4, 5)], 1.0); // 5-5-6
/// assert_eq!(features[crib_ai::rank_triple(9, 4, 5)], 2.0); // 5-6-T twice
/// assert_eq!(features[crib_ai::rank_triple(4, 9, 4)], 1.0); // 5-5-T
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
#[cfg(feature = "lab")]
pub fn pegging_features(keep: CardSet) -> [f64; FEATURES] {
    let mut features = [0.0; FEATURES];
    for_each_feature(keep, |feature| features[feature] += 1.0);
    features
}

/// Calls `count` with the feature of each pair and each triple of cards of
/// `keep`.
fn for_each_feature(keep: CardSet, mut count: impl FnMut(usize)) {
    let mut ranks = [0usize; 4];
    let mut len = 0;
    for (slot, card) in ranks.iter_mut().zip(keep.iter()) {
        *slot = card.rank().index();
        len += 1;
    }
    let ranks = &ranks[..len];
    for (i, &a) in ranks.iter().enumerate() {
        for (j, &b) in ranks.iter().enumerate().skip(i + 1) {
            count(rank_pair(a, b));
            for &c in &ranks[j + 1..] {
                count(rank_triple(a, b, c));
            }
        }
    }
}

/// The feature of [`pegging_features`] for two cards of ranks `a` and `b`
/// (ace 0, king 12), in either order: ace-ace 0, ace-king 12, two-two 13,
/// king-king 90.
#[must_use]
#[cfg_attr(
    not(feature = "lab"),
    expect(unreachable_pub, reason = "public for experiments, in the lab")
)]
pub const fn rank_pair(a: usize, b: usize) -> usize {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    // Rows ace..low-1 hold 13, 12, ... features: low * 13 - low(low-1)/2.
    low * 13 - low * low.saturating_sub(1) / 2 + (high - low)
}

/// The feature of [`pegging_features`] for three cards of ranks `a`, `b`
/// and `c` (ace 0, king 12), in any order: after every pair's, ace-ace-ace
/// 91, ace-ace-two 92, king-king-king the last.
#[must_use]
#[cfg_attr(
    not(feature = "lab"),
    expect(unreachable_pub, reason = "public for experiments, in the lab")
)]
pub const fn rank_triple(a: usize, b: usize, c: usize) -> usize {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let (b, c) = if b <= c { (b, c) } else { (c, b) };
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    PAIRS + TRIPLES[a][b][c] as usize
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
    let mut value = 0.0;
    for_each_feature(keep, |feature| value += coefficients[feature]);
    value
}

// Printed by `examples/pegfit.rs -- 300000 1 2` (300,000 rounds, seed 1,
// 32 worlds a decision): a value for each pair of ranks (ace-ace, ace-two,
// ... king-king, a line for each lower rank), then for each triple of
// ranks (a line for each two lower ranks, ace-ace-ace to king-king-king).
// The dealer's net play averaged +1.241 points a round.
#[rustfmt::skip]
const DEALER: [f64; FEATURES] = [
    0.407, 0.240, 0.288, 0.221, 0.261, 0.283, 0.207, 0.245, 0.195, 0.176, 0.160, 0.156, 0.214,
    0.291, 0.294, 0.286, 0.380, 0.277, 0.271, 0.314, 0.344, 0.124, 0.128, 0.182, 0.155,
    0.061, 0.437, 0.390, 0.332, 0.308, 0.454, 0.259, 0.174, 0.118, 0.162, 0.186,
    0.095, 0.439, 0.421, 0.468, 0.244, 0.207, 0.124, 0.158, 0.126, 0.108,
    0.277, 0.515, 0.391, 0.354, 0.329, 0.201, 0.199, 0.208, 0.225,
    0.104, 0.355, 0.285, 0.210, 0.244, 0.272, 0.235, 0.232,
    0.091, 0.198, 0.259, 0.206, 0.204, 0.215, 0.214,
    0.015, 0.178, 0.159, 0.174, 0.188, 0.167,
    0.030, 0.119, 0.092, 0.094, 0.099,
    -0.087, -0.065, -0.067, -0.114,
    -0.070, -0.079, -0.092,
    -0.067, -0.106,
    -0.031,
    -0.072, -0.111, -0.219, 0.093, 0.129, -0.069, 0.102, 0.314, 0.092, 0.099, 0.239, 0.198, 0.162,
    -0.120, 0.158, 0.165, 0.013, -0.045, -0.059, -0.207, 0.154, 0.306, 0.111, 0.163, 0.185,
    0.107, 0.034, 0.065, -0.118, -0.015, 0.112, 0.100, 0.142, 0.090, 0.108, 0.124,
    0.006, 0.100, -0.018, 0.024, -0.064, 0.013, -0.004, -0.088, 0.063, 0.018,
    0.007, 0.051, 0.040, -0.105, 0.086, -0.079, 0.007, 0.074, -0.002,
    0.046, 0.016, -0.186, 0.019, 0.287, 0.241, 0.188, 0.177,
    0.118, 0.061, 0.081, 0.016, -0.112, -0.055, -0.024,
    0.184, -0.106, 0.002, 0.025, -0.017, -0.023,
    -0.055, 0.053, 0.039, -0.055, -0.067,
    -0.160, -0.131, -0.025, -0.093,
    -0.126, -0.041, -0.046,
    -0.200, -0.087,
    -0.027,
    -0.103, 0.096, 0.033, 0.264, -0.023, 0.045, 0.007, 0.043, 0.120, 0.175, 0.172, 0.081,
    0.151, 0.037, 0.170, 0.001, -0.019, 0.043, 0.038, -0.132, -0.072, -0.069, -0.062,
    0.046, 0.040, 0.009, 0.030, 0.022, 0.046, -0.074, 0.061, -0.043, 0.120,
    0.087, -0.042, -0.156, -0.071, -0.015, 0.014, 0.035, 0.055, 0.014,
    0.087, 0.048, -0.008, 0.168, 0.117, 0.156, 0.006, 0.017,
    0.154, 0.026, 0.068, 0.038, -0.039, 0.059, 0.149,
    0.152, 0.087, 0.107, 0.166, 0.048, 0.098,
    -0.066, 0.008, -0.053, 0.117, 0.116,
    -0.023, -0.122, -0.076, -0.134,
    -0.073, -0.115, -0.077,
    -0.009, -0.106,
    -0.086,
    -0.253, 0.061, 0.280, -0.007, 0.018, -0.017, -0.028, 0.109, 0.049, 0.033, 0.124,
    0.231, -0.156, 0.075, 0.066, -0.020, 0.062, 0.035, 0.059, 0.083, 0.015,
    -0.022, 0.101, -0.071, 0.017, -0.015, -0.049, 0.094, 0.032, 0.076,
    0.097, 0.010, 0.030, -0.026, 0.017, 0.098, 0.194, 0.102,
    0.084, 0.022, 0.024, 0.174, 0.045, 0.137, 0.037,
    0.063, 0.110, 0.127, 0.057, 0.098, 0.220,
    0.010, 0.098, 0.089, 0.085, -0.013,
    -0.071, 0.049, -0.049, -0.138,
    -0.104, -0.115, -0.048,
    -0.079, -0.086,
    -0.052,
    -0.181, 0.246, -0.013, -0.093, -0.027, 0.105, 0.095, 0.076, 0.007, 0.052,
    0.268, -0.138, -0.038, -0.003, -0.023, 0.061, 0.008, -0.002, 0.002,
    0.167, 0.103, -0.012, 0.034, -0.005, 0.238, 0.104, 0.145,
    0.183, 0.101, 0.029, 0.163, 0.147, 0.040, 0.091,
    0.011, 0.005, 0.200, 0.001, 0.195, 0.096,
    -0.071, 0.102, -0.032, 0.105, 0.004,
    -0.139, 0.014, -0.084, -0.074,
    -0.036, -0.075, -0.097,
    -0.078, 0.009,
    -0.108,
    -0.045, 0.087, 0.133, -0.040, -0.016, 0.036, -0.006, 0.078, 0.078,
    0.245, -0.084, 0.183, 0.183, 0.086, 0.014, 0.044, -0.033,
    0.088, 0.132, 0.164, 0.002, 0.163, 0.047, 0.140,
    0.130, -0.024, 0.126, 0.140, 0.023, 0.113,
    0.053, 0.045, 0.085, -0.005, 0.102,
    0.079, -0.041, -0.005, 0.013,
    0.008, -0.033, -0.073,
    0.006, 0.019,
    -0.039,
    -0.333, 0.188, 0.183, 0.046, 0.110, -0.005, -0.072, 0.118,
    0.158, -0.258, -0.019, 0.050, 0.058, 0.031, 0.063,
    0.159, -0.040, -0.007, 0.142, 0.133, -0.093,
    0.052, -0.013, -0.068, -0.044, 0.029,
    -0.075, 0.036, -0.070, -0.081,
    -0.071, -0.116, -0.102,
    0.058, 0.027,
    -0.012,
    -0.384, 0.030, -0.082, 0.121, 0.170, 0.174, 0.137,
    0.129, -0.129, -0.001, 0.066, -0.009, 0.067,
    0.090, 0.058, 0.117, 0.050, 0.057,
    -0.121, -0.096, 0.016, -0.010,
    -0.075, -0.121, -0.009,
    -0.033, -0.049,
    -0.179,
    -0.400, 0.052, 0.065, 0.048, 0.085, 0.153,
    0.119, -0.060, 0.038, 0.105, 0.029,
    0.020, -0.127, -0.137, -0.081,
    -0.078, -0.005, -0.095,
    -0.065, -0.096,
    -0.103,
    0.003, -0.044, -0.031, -0.001, -0.006,
    -0.002, -0.038, -0.010, 0.088,
    0.019, 0.024, 0.007,
    -0.052, -0.078,
    -0.032,
    0.013, 0.039, 0.099, 0.139,
    0.072, 0.026, 0.080,
    0.065, -0.046,
    -0.015,
    0.068, 0.070, 0.050,
    0.105, 0.064,
    0.057,
    0.019, 0.093,
    0.015,
    0.173,
];
#[rustfmt::skip]
const PONE: [f64; FEATURES] = [
    -0.030, -0.070, -0.045, 0.167, -0.015, -0.070, -0.087, -0.107, -0.066, -0.226, -0.174, -0.168, -0.189,
    0.037, 0.161, -0.027, -0.032, -0.088, -0.100, -0.088, -0.186, -0.187, -0.196, -0.220, -0.204,
    -0.056, 0.011, -0.056, -0.085, -0.123, -0.172, -0.087, -0.147, -0.203, -0.186, -0.182,
    0.014, -0.148, -0.151, -0.097, -0.133, -0.135, -0.187, -0.187, -0.185, -0.142,
    -0.541, -0.295, -0.342, -0.255, -0.243, -0.150, -0.150, -0.173, -0.162,
    -0.307, -0.266, -0.238, -0.159, -0.271, -0.291, -0.238, -0.274,
    -0.195, -0.209, -0.228, -0.234, -0.250, -0.232, -0.226,
    -0.281, -0.213, -0.250, -0.242, -0.226, -0.226,
    -0.345, -0.256, -0.277, -0.232, -0.251,
    -0.255, -0.348, -0.361, -0.350,
    -0.267, -0.292, -0.341,
    -0.288, -0.363,
    -0.348,
    -0.583, 0.053, 0.114, 0.069, 0.022, 0.302, 0.341, 0.186, 0.075, 0.162, 0.086, 0.181, 0.098,
    0.152, -0.316, -0.010, -0.099, -0.071, -0.037, 0.080, -0.002, -0.066, -0.001, 0.001, -0.029,
    0.249, 0.142, -0.074, 0.033, 0.073, -0.195, -0.201, -0.142, -0.014, -0.064, -0.057,
    0.275, 0.157, 0.423, 0.245, 0.054, 0.030, -0.339, -0.377, -0.307, -0.375,
    0.411, -0.017, -0.044, 0.055, -0.140, -0.178, -0.264, -0.213, -0.077,
    -0.143, -0.126, -0.275, -0.285, -0.062, 0.061, -0.188, 0.049,
    -0.312, -0.226, -0.025, -0.036, -0.102, 0.000, 0.046,
    -0.023, -0.054, 0.084, -0.065, -0.115, 0.117,
    0.063, 0.066, 0.077, 0.019, 0.108,
    0.140, -0.095, -0.047, -0.242,
    0.135, 0.062, -0.075,
    0.180, -0.207,
    0.083,
    -0.625, 0.057, 0.029, 0.158, 0.165, 0.415, 0.203, 0.068, 0.063, 0.122, 0.191, 0.327,
    0.389, -0.143, 0.157, 0.345, 0.204, 0.130, 0.115, -0.274, -0.298, -0.281, -0.208,
    0.250, 0.153, 0.015, 0.014, -0.127, -0.338, -0.025, -0.039, -0.025, -0.090,
    0.063, 0.094, -0.057, -0.321, -0.101, -0.104, -0.142, -0.023, -0.065,
    -0.148, -0.297, -0.148, -0.223, 0.048, 0.032, 0.016, -0.021,
    -0.304, -0.058, -0.169, 0.015, 0.023, -0.016, -0.047,
    -0.107, 0.028, 0.060, 0.023, 0.068, -0.103,
    0.096, 0.074, 0.015, -0.002, -0.100,
    0.030, -0.088, -0.165, -0.035,
    -0.025, -0.031, -0.079,
    -0.148, -0.071,
    -0.108,
    -1.089, 0.103, 0.559, 0.347, 0.346, 0.311, -0.064, 0.173, 0.276, 0.213, 0.252,
    0.465, -0.226, -0.047, -0.167, -0.345, -0.018, -0.149, -0.126, -0.008, -0.027,
    -0.165, -0.032, -0.267, -0.134, -0.007, -0.056, -0.088, -0.074, -0.097,
    -0.452, -0.200, -0.198, -0.027, 0.047, -0.069, 0.121, 0.066,
    -0.177, -0.078, -0.029, -0.099, -0.010, -0.024, 0.012,
    -0.107, 0.029, 0.142, 0.007, -0.059, -0.050,
    -0.171, 0.159, 0.118, 0.059, 0.097,
    -0.062, -0.006, -0.015, -0.124,
    -0.119, -0.214, -0.019,
    -0.102, -0.032,
    -0.215,
    -1.023, 0.355, 0.122, -0.296, 0.049, 0.350, 0.351, 0.312, 0.399, 0.465,
    -0.191, -0.321, -0.015, 0.111, -0.185, -0.092, -0.096, -0.023, -0.086,
    -0.006, 0.175, -0.044, -0.217, -0.127, -0.191, -0.112, -0.090,
    -0.188, -0.114, 0.114, 0.112, 0.129, 0.135, 0.145,
    0.062, 0.004, -0.001, 0.012, 0.018, -0.056,
    -0.060, -0.008, -0.100, -0.140, 0.009,
    -0.114, -0.025, -0.133, -0.063,
    0.066, -0.199, -0.116,
    -0.142, -0.090,
    -0.188,
    -0.280, -0.255, -0.179, -0.095, 0.088, 0.030, 0.056, -0.018, 0.013,
    0.232, -0.216, 0.081, -0.051, 0.020, 0.034, -0.105, -0.031,
    0.102, -0.024, -0.085, 0.042, -0.025, 0.053, 0.111,
    0.167, -0.112, -0.169, -0.074, -0.084, 0.018,
    0.228, -0.117, -0.107, -0.064, -0.149,
    0.221, -0.059, -0.047, -0.042,
    0.293, -0.069, -0.109,
    0.214, -0.089,
    0.133,
    -0.076, 0.093, -0.096, 0.241, -0.017, 0.007, -0.034, -0.063,
    0.196, -0.106, -0.095, -0.027, -0.118, 0.010, -0.110,
    0.221, 0.002, -0.142, -0.045, 0.073, 0.074,
    0.137, -0.093, -0.019, -0.093, 0.029,
    0.028, -0.150, -0.061, -0.017,
    0.029, -0.017, -0.172,
    0.014, -0.079,
    -0.061,
    0.124, 0.011, 0.110, -0.014, -0.063, -0.028, -0.094,
    0.260, -0.169, -0.038, -0.041, -0.056, -0.052,
    0.025, -0.112, -0.122, 0.048, -0.082,
    -0.086, -0.070, -0.045, -0.010,
    0.066, -0.134, -0.037,
    -0.104, -0.172,
    -0.034,
    -0.564, 0.272, 0.118, 0.091, 0.034, 0.140,
    -0.038, -0.226, -0.173, -0.151, -0.071,
    -0.041, -0.055, -0.160, -0.152,
    -0.005, -0.107, -0.137,
    0.044, -0.034,
    -0.143,
    -0.457, 0.169, 0.073, 0.051, 0.106,
    -0.039, -0.241, -0.167, -0.107,
    0.007, -0.049, -0.114,
    -0.008, -0.010,
    -0.161,
    -0.302, 0.132, 0.125, 0.062,
    0.056, -0.270, -0.009,
    0.106, -0.075,
    0.024,
    -0.489, 0.252, 0.176,
    0.099, -0.257,
    0.045,
    -0.305, 0.185,
    0.010,
    -0.027,
];

#[cfg(test)]
mod tests {
    use crib_core::{Card, Rank, Suit};

    use super::*;

    /// Every pair of ranks (ace 0, king 12), each once.
    fn rank_pairs() -> impl Iterator<Item = (usize, usize)> {
        (0..13).flat_map(|low| (low..13).map(move |high| (low, high)))
    }

    /// Every triple of ranks, each once, lowest first.
    fn rank_triples() -> impl Iterator<Item = [usize; 3]> {
        rank_pairs().flat_map(|(low, middle)| (middle..13).map(move |high| [low, middle, high]))
    }

    #[test]
    fn the_features_of_pairs_and_triples_are_numbered_in_order() {
        assert_eq!(rank_pair(0, 0), 0);
        assert_eq!(rank_pair(0, 12), 12);
        assert_eq!(rank_pair(1, 1), 13);
        assert_eq!(rank_pair(12, 12), 90);
        assert_eq!(rank_triple(0, 0, 0), 91);
        assert_eq!(rank_triple(0, 0, 1), 92);
        assert_eq!(rank_triple(1, 0, 0), 92);
        assert_eq!(rank_triple(12, 12, 12), FEATURES - 1);
    }

    #[test]
    fn every_pair_and_every_triple_of_ranks_has_its_own_feature() {
        let mut seen = [false; FEATURES];
        for (low, high) in rank_pairs() {
            let index = rank_pair(low, high);
            assert_eq!(index, rank_pair(high, low));
            assert!(!seen[index], "{low}-{high} shares feature {index}");
            seen[index] = true;
        }
        for [a, b, c] in rank_triples() {
            let index = rank_triple(a, b, c);
            for [x, y, z] in [[a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]] {
                assert_eq!(rank_triple(x, y, z), index);
            }
            assert!(!seen[index], "{a}-{b}-{c} shares feature {index}");
            seen[index] = true;
        }
        assert!(seen.iter().all(|&seen| seen));
    }

    /// Four cards of `ranks` (ace 0, king 12), the suits by how many of
    /// the rank came before.
    fn keep_of(ranks: [usize; 4]) -> CardSet {
        let cards = ranks.iter().enumerate().map(|(i, &rank)| {
            let before = ranks[..i].iter().filter(|&&other| other == rank).count();
            Card::new(Rank::ALL[rank], Suit::ALL[before])
        });
        cards.collect()
    }

    /// Every keep of four ranks that is not four of a kind (kept too rarely
    /// for the fit to say much of it), as ranks, lowest first, with the
    /// estimate for the dealer or the pone, highest first.
    fn keeps_by_value(dealer: bool) -> Vec<([usize; 4], f64)> {
        let mut keeps = Vec::new();
        for (a, b) in rank_pairs() {
            for (c, d) in rank_pairs().filter(|&(c, _)| c >= b) {
                let ranks = [a, b, c, d];
                if a == d {
                    continue;
                }
                let value = pegging_value(GameConfig::default(), keep_of(ranks), dealer, !dealer);
                keeps.push((ranks, value));
            }
        }
        keeps.sort_by(|(_, x), (_, y)| y.total_cmp(x));
        keeps
    }

    // The fitted values as a player reads them.
    #[test]
    fn the_dealer_values_fives_with_fours_or_sixes_most_and_ten_cards_below_nothing() {
        let keeps = keeps_by_value(true);
        assert_eq!(keeps.len(), 1820 - 13);
        let mut top: Vec<[usize; 4]> = keeps[..2].iter().map(|&(ranks, _)| ranks).collect();
        top.sort_unstable();
        assert_eq!(top, [[3, 3, 4, 4], [4, 4, 5, 5]]);
        for (ranks, value) in keeps {
            let ten_cards = ranks[0] >= 9;
            assert!(!ten_cards || value < 0.0, "{ranks:?} is worth {value}");
        }
    }

    #[test]
    fn the_pone_values_two_two_three_three_most_and_three_fives_with_a_six_or_seven_least() {
        let keeps = keeps_by_value(false);
        assert_eq!(keeps[0].0, [1, 1, 2, 2]);
        let mut last: Vec<[usize; 4]> = keeps[keeps.len() - 2..].iter().map(|k| k.0).collect();
        last.sort_unstable();
        assert_eq!(last, [[4, 4, 4, 5], [4, 4, 4, 6]]);
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

    /// The estimate is the features' values summed (as the lab's fit
    /// assumes).
    #[cfg(feature = "lab")]
    #[test]
    fn the_estimate_sums_the_features_values() {
        for (ranks, value) in keeps_by_value(true).into_iter().step_by(37) {
            let features = pegging_features(keep_of(ranks));
            let summed: f64 = features.iter().zip(&DEALER).map(|(x, c)| x * c).sum();
            assert!((summed - value).abs() < 1e-9, "{ranks:?}: {summed} against {value}");
        }
    }
}

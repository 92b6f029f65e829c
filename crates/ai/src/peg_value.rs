//! What four kept cards are worth in the play: an estimate for the discard.
//!
//! The play's points depend on both hands and on how they are played, so
//! no exact expectation is at hand when discarding. Instead the net points
//! of the play (own less the opponent's) are predicted from features of the
//! kept ranks by a linear model, fitted by least squares to seeded
//! two-player rounds played out by the expert's own search (see
//! `examples/pegfit.rs`, which printed the coefficients below). The
//! features are the number of cards of each rank (which carries the
//! constant), the pairs, the cards one and two ranks apart (runs), and the
//! pairs of cards that make fifteen. The dealer and the pone have their own
//! coefficients: the dealer plays last and pegs more.
//!
//! With three or four players the estimate is 0: the play is shared among
//! more hands, and the rounds were not measured.

use crib_core::{CardSet, GameConfig};

/// The number of features of a keep.
pub const FEATURES: usize = 17;

/// The features of a kept hand for the estimate of its play: cards of each
/// rank (ace first), pairs, cards one rank apart, cards two ranks apart,
/// pairs of cards adding up to fifteen.
///
/// ```
/// use crib_core::{CardSet, parse_cards};
/// let keep = CardSet::from_distinct(parse_cards("5H 5S 6C TD")?)?;
/// let features = crib_ai::pegging_features(keep);
/// assert_eq!(features[4], 2.0); // two fives
/// assert_eq!(features[13], 1.0); // one pair
/// assert_eq!(features[14], 2.0); // 5-6 twice
/// assert_eq!(features[16], 2.0); // 5-T twice
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn pegging_features(keep: CardSet) -> [f64; FEATURES] {
    let mut counts = [0u32; 13];
    for card in keep {
        counts[card.rank().index()] += 1;
    }
    let mut features = [0.0; FEATURES];
    for (feature, &count) in features.iter_mut().zip(&counts) {
        *feature = f64::from(count);
    }
    let pairs: u32 = counts.iter().map(|&n| n * n.saturating_sub(1) / 2).sum();
    let apart = |gap: usize| -> u32 { (0..13 - gap).map(|r| counts[r] * counts[r + gap]).sum() };
    let cards: Vec<_> = keep.iter().collect();
    let mut fifteens = 0;
    for (i, a) in cards.iter().enumerate() {
        for b in &cards[i + 1..] {
            if a.value() + b.value() == 15 {
                fifteens += 1;
            }
        }
    }
    features[13] = f64::from(pairs);
    features[14] = f64::from(apart(1));
    features[15] = f64::from(apart(2));
    features[16] = f64::from(fifteens);
    features
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

// Fitted by `examples/pegfit.rs` over 40,000 rounds (seed 1, 32 worlds a
// decision): the rank counts ace to king, then pairs, one apart, two apart,
// fifteens. The dealer's net play averaged +1.247 points a round.
#[rustfmt::skip]
const DEALER: [f64; FEATURES] = [
    0.444, 0.545, 0.529, 0.520, 0.873, 0.602, 0.548, 0.396, 0.299, -0.024, -0.042, -0.025, -0.011,
    -0.086, -0.037, -0.015, -0.092,
];
#[rustfmt::skip]
const PONE: [f64; FEATURES] = [
    -0.002, 0.007, 0.054, 0.004, -0.559, -0.498, -0.426, -0.400, -0.458, -0.539, -0.543, -0.578,
    -0.555, 0.145, -0.043, -0.035, 0.188,
];

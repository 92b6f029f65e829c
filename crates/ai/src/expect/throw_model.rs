//! Whose crib a discard goes to ([`Stake`]), and how likely the other
//! players are to throw each discard ([`ThrowModel`]): every discard
//! equally likely, or the weights measured from what a sensible player
//! throws over every deal ([`ThrowModel::reasonable`], measured by
//! [`measure_throws`](crate::measure_throws) and kept here).

use crib_core::{GameConfig, Rank, Seat};
use serde::Serialize;

/// Whose crib a discard goes to, from the thrower's side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stake {
    /// The thrower's own side's crib: the dealer, or the dealer's partner.
    Own,
    /// An opponent's crib, which the thrower "balks" with cards that are
    /// unlikely to score there.
    Balk,
}

impl Stake {
    /// Both stakes, `Own` first.
    pub const ALL: [Stake; 2] = [Stake::Own, Stake::Balk];

    /// The stake of `seat` in the crib of a round dealt by `dealer`.
    #[must_use]
    pub fn of(config: GameConfig, seat: Seat, dealer: Seat) -> Stake {
        if config.side_of(seat) == config.side_of(dealer) { Stake::Own } else { Stake::Balk }
    }

    /// `+1` for the own crib, `-1` for an opponent's.
    #[must_use]
    pub const fn sign(self) -> f64 {
        match self {
            Stake::Own => 1.0,
            Stake::Balk => -1.0,
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

/// How likely other players are to throw each discard: relative weights,
/// by the ranks thrown and the thrower's [`Stake`].
///
/// Weights are whole numbers, on a scale where 1,000 is as likely as a
/// discard drawn at random from a random deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ThrowModel {
    /// Two-player discards: `pairs[stake][low][high]` for the ranks of the
    /// two cards, `low <= high` (the other half mirrors it).
    pub pairs: [[[u16; 13]; 13]; 2],
    /// Three- and four-player discards: `singles[stake][rank]`.
    pub singles: [[u16; 13]; 2],
}

impl ThrowModel {
    /// Every discard equally likely.
    pub const UNIFORM: ThrowModel =
        ThrowModel { pairs: [[[1000; 13]; 13]; 2], singles: [[1000; 13]; 2] };

    /// What a sensible player throws, measured over every deal: see
    /// [`measure_throws`](crate::measure_throws).
    #[must_use]
    pub fn reasonable() -> &'static ThrowModel {
        &REASONABLE
    }

    /// The weight of throwing two cards of ranks `a` and `b`.
    #[must_use]
    pub fn pair(&self, stake: Stake, a: Rank, b: Rank) -> u16 {
        let (low, high) = if a <= b { (a, b) } else { (b, a) };
        self.pairs[stake.index()][low.index()][high.index()]
    }

    /// The weight of throwing one card of rank `rank`.
    #[must_use]
    pub fn single(&self, stake: Stake, rank: Rank) -> u16 {
        self.singles[stake.index()][rank.index()]
    }
}

/// The weights of [`ThrowModel::reasonable`], as measured by
/// [`measure_throws`](crate::measure_throws) (see its account of the fixed
/// point).
#[rustfmt::skip]
pub(crate) const REASONABLE: ThrowModel = ThrowModel {
    pairs: [
        // Own: the dealer's throw.
        [
            [2653, 1883, 2249, 1755, 400, 570, 834, 803, 540, 487, 528, 534, 711],
            [1883, 2994, 2817, 1660, 503, 735, 1159, 820, 632, 441, 497, 499, 703],
            [2249, 2817, 2760, 1645, 529, 588, 771, 722, 523, 405, 410, 520, 769],
            [1755, 1660, 1645, 2406, 515, 295, 577, 499, 383, 371, 403, 499, 706],
            [400, 503, 529, 515, 1673, 543, 721, 570, 460, 947, 1371, 1387, 1352],
            [570, 735, 588, 295, 543, 2574, 1895, 2224, 1937, 390, 378, 317, 410],
            [834, 1159, 771, 577, 721, 1895, 3726, 3394, 1886, 295, 484, 479, 665],
            [803, 820, 722, 499, 570, 2224, 3394, 3260, 2075, 910, 344, 418, 417],
            [540, 632, 523, 383, 460, 1937, 1886, 2075, 2564, 1196, 579, 323, 401],
            [487, 441, 405, 371, 947, 390, 295, 910, 1196, 1764, 1588, 874, 630],
            [528, 497, 410, 403, 1371, 378, 484, 344, 579, 1588, 2038, 2083, 1585],
            [534, 499, 520, 499, 1387, 317, 479, 418, 323, 874, 2083, 2249, 1946],
            [711, 703, 769, 706, 1352, 410, 665, 417, 401, 630, 1585, 1946, 2610],
        ],
        // Balk: the pone's throw.
        [
            [731, 1481, 1051, 543, 128, 947, 1431, 1681, 1553, 1461, 1119, 2070, 2300],
            [1481, 683, 280, 886, 166, 901, 1321, 1521, 1400, 1021, 776, 1376, 1563],
            [1051, 280, 431, 485, 72, 1093, 872, 1148, 1117, 928, 725, 1253, 1404],
            [543, 886, 485, 381, 62, 292, 1035, 885, 829, 912, 743, 1258, 1393],
            [128, 166, 72, 62, 35, 47, 85, 133, 164, 75, 72, 74, 75],
            [947, 901, 1093, 292, 47, 306, 426, 898, 519, 1087, 616, 1237, 1729],
            [1431, 1321, 872, 1035, 85, 426, 385, 260, 1331, 1351, 792, 1577, 2166],
            [1681, 1521, 1148, 885, 133, 898, 260, 879, 1003, 583, 1065, 1575, 2036],
            [1553, 1400, 1117, 829, 164, 519, 1331, 1003, 720, 402, 741, 1722, 2008],
            [1461, 1021, 928, 912, 75, 1087, 1351, 583, 402, 488, 610, 1762, 3797],
            [1119, 776, 725, 743, 72, 616, 792, 1065, 741, 610, 392, 761, 1172],
            [2070, 1376, 1253, 1258, 74, 1237, 1577, 1575, 1722, 1762, 761, 734, 2777],
            [2300, 1563, 1404, 1393, 75, 1729, 2166, 2036, 2008, 3797, 1172, 2777, 846],
        ],
    ],
    singles: [
        [748, 1027, 1105, 748, 890, 903, 1576, 1556, 850, 448, 1032, 1000, 1105],
        [1377, 888, 630, 618, 56, 691, 728, 821, 1181, 1209, 668, 1559, 2562],
    ],
};

//! The chance of winning a two-player game from the board.
//!
//! A round is modelled as four independent draws from distributions
//! measured over many rounds of expert self-play (see the table below and
//! `examples/rounds.rs`, which measures them):
//!
//! - the play: the pone's and the dealer's points together (one joint
//!   distribution, since one side's go is the other's loss; his heels is
//!   counted with the dealer's play);
//! - the pone's hand;
//! - the dealer's hand and crib together.
//!
//! They are scored in the order of the game: if the play takes a side to
//! the target it wins (if both would get there, each is as likely to be
//! first); then the pone's hand; then the dealer's hand and crib; then the
//! next round, dealt by this round's pone. The chance that the pone wins a
//! game in which it needs `a` points and the dealer `b` follows by dynamic
//! programming over `a + b` (every round scores at least the last card's
//! point, so each round strictly lowers it), once, on first use, for every
//! `a` and `b` up to 121 (a few milliseconds).

use std::sync::OnceLock;

/// The largest target.
const MAX_NEED: usize = 121;

/// The chance that a side needing `my_need` points wins against a side
/// needing `their_need`, at the start of a round that it deals (`dealing`)
/// or not. A side that needs nothing has won.
///
/// ```
/// // Level at the start of a game, the dealer is the favourite.
/// let dealing = crib_ai::win_chance(121, 121, true);
/// assert!(dealing > 0.5 && dealing < 0.6);
/// // Needing 5 points as pone against a dealer who needs 40 is nearly won.
/// assert!(crib_ai::win_chance(5, 40, false) > 0.9);
/// ```
#[must_use]
pub fn win_chance(my_need: u16, their_need: u16, dealing: bool) -> f64 {
    if my_need == 0 {
        return 1.0;
    }
    if their_need == 0 {
        return 0.0;
    }
    let (mine, theirs) =
        (usize::from(my_need).min(MAX_NEED), usize::from(their_need).min(MAX_NEED));
    let table = tables();
    if dealing { 1.0 - table.pone[at(theirs, mine)] } else { table.pone[at(mine, theirs)] }
}

fn at(pone: usize, dealer: usize) -> usize {
    pone * (MAX_NEED + 1) + dealer
}

struct Tables {
    /// The chance the pone wins, at the start of a round, by what the pone
    /// and the dealer need.
    pone: Vec<f64>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// A measured distribution as probabilities.
fn probabilities(counts: &[u32]) -> Vec<f64> {
    let total: f64 = counts.iter().map(|&count| f64::from(count)).sum();
    counts.iter().map(|&count| f64::from(count) / total).collect()
}

fn build() -> Tables {
    let size = (MAX_NEED + 1) * (MAX_NEED + 1);
    let play_total: f64 = PLAY.iter().map(|&(_, _, count)| f64::from(count)).sum();
    let play: Vec<(usize, usize, f64)> = PLAY
        .iter()
        .map(|&(pone, dealer, count)| {
            (usize::from(pone), usize::from(dealer), f64::from(count) / play_total)
        })
        .collect();
    let pone_hand = probabilities(&PONE_HAND);
    let dealer_show = probabilities(&DEALER_SHOW);
    // `pone[a, b]`: the pone wins, needing `a` against the dealer's `b`, at
    // the start of a round. `shown[a, b]`: the same after the play, before
    // the pone's hand. `counted[a, b]`: after the pone's hand, before the
    // dealer's hand and crib.
    let mut pone = vec![0.0; size];
    let mut shown = vec![0.0; size];
    let mut counted = vec![0.0; size];
    for sum in 2..=2 * MAX_NEED {
        let pairs = || {
            (1..=MAX_NEED)
                .filter(move |&a| sum > a && sum - a <= MAX_NEED)
                .map(move |a| (a, sum - a))
        };
        for (a, b) in pairs() {
            let mut chance = 0.0;
            for &(x, y, p) in &play {
                chance += p * match (x >= a, y >= b) {
                    (true, true) => 0.5,
                    (true, false) => 1.0,
                    (false, true) => 0.0,
                    // A round pegs at least one point, so this sum is lower
                    // and already known.
                    (false, false) => shown[at(a - x, b - y)],
                };
            }
            pone[at(a, b)] = chance;
        }
        for (a, b) in pairs() {
            // The dealer counts hand and crib; the next round's pone is
            // this round's dealer, needing `b - k` against `a`.
            let mut chance = 0.0;
            for (k, &p) in dealer_show.iter().enumerate() {
                if p > 0.0 && k < b {
                    chance += p * (1.0 - pone[at(b - k, a)]);
                }
            }
            counted[at(a, b)] = chance;
        }
        for (a, b) in pairs() {
            let mut chance = 0.0;
            for (h, &p) in pone_hand.iter().enumerate() {
                chance += p * if h >= a { 1.0 } else { counted[at(a - h, b)] };
            }
            shown[at(a, b)] = chance;
        }
    }
    Tables { pone }
}

// The measured distributions, printed by `examples/rounds.rs` (the
// arguments: 3000 expert 1):
// 23943 rounds of expert self-play, 3000 games, seed 1.
// The play: (pone's points, dealer's points and his heels, rounds).
#[rustfmt::skip]
const PLAY: [(u8, u8, u32); 199] = [
    (0, 1, 28), (0, 2, 1060), (0, 3, 1276), (0, 4, 867), (0, 5, 898), (0, 6, 456), (0, 7, 271),
    (0, 8, 111), (0, 9, 71), (0, 10, 20), (0, 11, 9), (0, 12, 3), (0, 13, 1), (1, 1, 1548),
    (1, 2, 1350), (1, 3, 1281), (1, 4, 934), (1, 5, 557), (1, 6, 304), (1, 7, 112), (1, 8, 42),
    (1, 9, 18), (1, 10, 8), (1, 11, 6), (1, 12, 3), (1, 14, 2), (2, 1, 1200), (2, 2, 502),
    (2, 3, 1011), (2, 4, 548), (2, 5, 527), (2, 6, 212), (2, 7, 169), (2, 8, 91), (2, 9, 68),
    (2, 10, 25), (2, 11, 25), (2, 12, 6), (2, 13, 8), (2, 14, 1), (2, 15, 5), (3, 1, 1022),
    (3, 2, 350), (3, 3, 809), (3, 4, 598), (3, 5, 301), (3, 6, 272), (3, 7, 148), (3, 8, 149),
    (3, 9, 96), (3, 10, 83), (3, 11, 16), (3, 12, 20), (3, 13, 4), (3, 14, 3), (3, 15, 1),
    (3, 19, 1), (3, 21, 1), (4, 1, 513), (4, 2, 122), (4, 3, 481), (4, 4, 129), (4, 5, 132),
    (4, 6, 86), (4, 7, 69), (4, 8, 54), (4, 9, 27), (4, 10, 32), (4, 11, 12), (4, 12, 10),
    (4, 14, 1), (4, 15, 1), (5, 1, 224), (5, 2, 46), (5, 3, 132), (5, 4, 76), (5, 5, 71),
    (5, 6, 50), (5, 7, 61), (5, 8, 22), (5, 9, 35), (5, 10, 18), (5, 11, 8), (5, 12, 3),
    (5, 13, 2), (5, 14, 1), (6, 1, 90), (6, 2, 18), (6, 3, 90), (6, 4, 138), (6, 5, 182),
    (6, 6, 100), (6, 7, 76), (6, 8, 24), (6, 9, 33), (6, 10, 10), (6, 11, 4), (6, 12, 2),
    (6, 14, 1), (6, 15, 3), (6, 16, 9), (6, 17, 9), (6, 18, 5), (6, 19, 1), (6, 20, 1),
    (6, 21, 1), (7, 1, 25), (7, 2, 1), (7, 3, 163), (7, 4, 102), (7, 5, 110), (7, 6, 52),
    (7, 7, 52), (7, 8, 25), (7, 9, 14), (7, 10, 7), (7, 11, 6), (7, 12, 7), (7, 13, 3),
    (7, 14, 2), (7, 15, 15), (7, 17, 1), (7, 18, 4), (8, 1, 4), (8, 3, 93), (8, 4, 39),
    (8, 5, 53), (8, 6, 16), (8, 7, 21), (8, 8, 11), (8, 9, 16), (8, 10, 7), (8, 11, 2),
    (8, 12, 3), (8, 13, 1), (8, 14, 4), (8, 15, 2), (8, 17, 2), (8, 19, 2), (8, 26, 1),
    (9, 1, 1), (9, 3, 29), (9, 4, 22), (9, 5, 26), (9, 6, 20), (9, 7, 14), (9, 8, 5), (9, 9, 8),
    (9, 10, 6), (9, 11, 5), (9, 12, 6), (9, 13, 4), (9, 14, 1), (9, 15, 6), (9, 17, 2),
    (10, 3, 29), (10, 4, 4), (10, 5, 20), (10, 6, 8), (10, 7, 4), (10, 8, 13), (10, 9, 11),
    (10, 10, 4), (10, 11, 6), (10, 13, 1), (10, 14, 4), (11, 3, 6), (11, 4, 1), (11, 5, 21),
    (11, 6, 1), (11, 7, 11), (11, 8, 3), (11, 9, 4), (11, 10, 4), (11, 11, 3), (12, 3, 2),
    (12, 5, 1), (12, 6, 2), (12, 7, 3), (12, 9, 2), (12, 10, 4), (12, 11, 2), (12, 12, 1),
    (13, 5, 2), (13, 7, 2), (13, 8, 1), (13, 9, 1), (13, 10, 1), (13, 17, 1), (14, 5, 1),
    (14, 6, 1), (14, 7, 2), (14, 10, 2), (15, 7, 2), (15, 9, 3), (15, 12, 1), (16, 8, 1),
    (16, 9, 1), (17, 10, 2),
];
// The pone's hand: rounds by points.
#[rustfmt::skip]
const PONE_HAND: [u32; 30] = [
    88, 14, 1159, 257, 2955, 885, 3828, 1673, 4529, 1550, 1965, 364, 2406, 201, 773, 113, 735,
    154, 40, 0, 124, 40, 7, 8, 74, 0, 0, 0, 1, 0,
];
// The dealer's hand and crib together: rounds by points.
#[rustfmt::skip]
const DEALER_SHOW: [u32; 60] = [
    6, 0, 107, 25, 566, 248, 1264, 601, 2076, 1148, 2683, 1502, 2662, 1300, 2405, 1165, 1847,
    737, 1173, 444, 690, 301, 353, 151, 197, 87, 61, 36, 46, 27, 17, 9, 4, 0, 3, 0, 2, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

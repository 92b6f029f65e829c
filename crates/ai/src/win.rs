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

// The measured distributions, printed by `examples/rounds.rs`:
// 153764 rounds of basic self-play, 20000 games, seed 1.
// The play: (pone's points, dealer's points and his heels, rounds).
#[rustfmt::skip]
const PLAY: [(u8, u8, u32); 271] = [
    (0, 1, 133), (0, 2, 4326), (0, 3, 8978), (0, 4, 4651), (0, 5, 8336), (0, 6, 2847),
    (0, 7, 3478), (0, 8, 1456), (0, 9, 897), (0, 10, 491), (0, 11, 131), (0, 12, 61),
    (0, 13, 8), (0, 14, 12), (0, 16, 1), (1, 1, 4813), (1, 2, 4720), (1, 3, 6693), (1, 4, 5484),
    (1, 5, 3251), (1, 6, 2590), (1, 7, 1032), (1, 8, 528), (1, 9, 262), (1, 10, 81),
    (1, 11, 105), (1, 12, 34), (1, 13, 13), (1, 14, 7), (1, 15, 1), (2, 1, 7099), (2, 2, 1719),
    (2, 3, 8761), (2, 4, 3463), (2, 5, 3974), (2, 6, 1728), (2, 7, 1182), (2, 8, 693),
    (2, 9, 532), (2, 10, 246), (2, 11, 193), (2, 12, 78), (2, 13, 44), (2, 14, 20), (2, 15, 13),
    (2, 16, 2), (2, 17, 2), (3, 1, 2364), (3, 2, 1543), (3, 3, 6036), (3, 4, 3579),
    (3, 5, 2752), (3, 6, 1908), (3, 7, 1089), (3, 8, 919), (3, 9, 782), (3, 10, 626),
    (3, 11, 199), (3, 12, 155), (3, 13, 26), (3, 14, 12), (3, 19, 5), (3, 21, 15), (3, 22, 1),
    (4, 1, 3517), (4, 2, 970), (4, 3, 4272), (4, 4, 1254), (4, 5, 2288), (4, 6, 716),
    (4, 7, 674), (4, 8, 324), (4, 9, 406), (4, 10, 218), (4, 11, 194), (4, 12, 222),
    (4, 13, 34), (4, 14, 31), (4, 15, 2), (4, 16, 5), (4, 17, 2), (4, 21, 1), (5, 1, 1610),
    (5, 2, 380), (5, 3, 1393), (5, 4, 600), (5, 5, 668), (5, 6, 557), (5, 7, 369), (5, 8, 300),
    (5, 9, 237), (5, 10, 112), (5, 11, 91), (5, 12, 36), (5, 13, 12), (5, 14, 8), (5, 15, 2),
    (5, 16, 2), (5, 18, 1), (5, 19, 2), (5, 21, 3), (6, 1, 969), (6, 2, 514), (6, 3, 786),
    (6, 4, 725), (6, 5, 1104), (6, 6, 465), (6, 7, 688), (6, 8, 204), (6, 9, 263), (6, 10, 145),
    (6, 11, 69), (6, 12, 25), (6, 13, 13), (6, 14, 4), (6, 15, 15), (6, 16, 20), (6, 17, 22),
    (6, 18, 7), (6, 19, 15), (6, 20, 3), (6, 21, 4), (6, 23, 1), (7, 1, 738), (7, 2, 62),
    (7, 3, 796), (7, 4, 467), (7, 5, 671), (7, 6, 302), (7, 7, 401), (7, 8, 140), (7, 9, 114),
    (7, 10, 54), (7, 11, 49), (7, 12, 32), (7, 13, 3), (7, 14, 7), (7, 15, 19), (7, 16, 1),
    (7, 17, 12), (7, 18, 1), (7, 19, 1), (8, 1, 162), (8, 2, 6), (8, 3, 794), (8, 4, 199),
    (8, 5, 498), (8, 6, 139), (8, 7, 146), (8, 8, 49), (8, 9, 61), (8, 10, 34), (8, 11, 48),
    (8, 12, 20), (8, 13, 10), (8, 14, 3), (8, 15, 10), (8, 16, 1), (8, 17, 4), (8, 20, 1),
    (8, 24, 1), (9, 1, 89), (9, 2, 3), (9, 3, 319), (9, 4, 176), (9, 5, 241), (9, 6, 145),
    (9, 7, 142), (9, 8, 39), (9, 9, 91), (9, 10, 29), (9, 11, 49), (9, 12, 30), (9, 13, 9),
    (9, 14, 8), (9, 15, 7), (9, 16, 2), (9, 17, 6), (9, 18, 1), (9, 19, 1), (9, 20, 2),
    (9, 21, 1), (9, 22, 1), (10, 1, 43), (10, 2, 1), (10, 3, 313), (10, 4, 37), (10, 5, 257),
    (10, 6, 77), (10, 7, 55), (10, 8, 54), (10, 9, 22), (10, 10, 30), (10, 11, 8), (10, 12, 5),
    (10, 13, 4), (10, 14, 4), (10, 15, 1), (10, 18, 3), (10, 20, 1), (10, 23, 1), (11, 1, 11),
    (11, 3, 78), (11, 4, 23), (11, 5, 36), (11, 6, 9), (11, 7, 19), (11, 8, 6), (11, 9, 24),
    (11, 10, 10), (11, 11, 15), (11, 12, 2), (11, 13, 4), (11, 15, 2), (11, 18, 2), (12, 1, 2),
    (12, 3, 19), (12, 4, 5), (12, 5, 9), (12, 6, 27), (12, 7, 26), (12, 8, 9), (12, 9, 3),
    (12, 10, 3), (12, 11, 75), (12, 13, 14), (12, 14, 2), (12, 15, 1), (12, 19, 1), (12, 21, 1),
    (13, 3, 6), (13, 5, 16), (13, 6, 5), (13, 7, 6), (13, 8, 1), (13, 9, 8), (13, 10, 2),
    (13, 11, 11), (13, 13, 2), (13, 14, 1), (14, 1, 1), (14, 3, 2), (14, 5, 7), (14, 7, 6),
    (14, 8, 1), (14, 9, 2), (14, 10, 5), (14, 11, 5), (14, 12, 2), (15, 5, 4), (15, 6, 2),
    (15, 7, 8), (15, 9, 39), (15, 10, 2), (15, 11, 8), (15, 12, 1), (15, 17, 1), (15, 19, 1),
    (16, 3, 1), (16, 5, 19), (16, 7, 15), (16, 9, 3), (16, 10, 4), (16, 12, 4), (16, 19, 1),
    (17, 9, 1), (19, 7, 1), (19, 12, 2), (20, 5, 1), (21, 9, 1), (24, 9, 1),
];
// The pone's hand: rounds by points.
#[rustfmt::skip]
const PONE_HAND: [u32; 30] = [
    572, 59, 6163, 1935, 17519, 4907, 23531, 10182, 29208, 10990, 14067, 2572, 16423, 1326,
    5339, 819, 5140, 1029, 275, 0, 905, 260, 59, 35, 437, 0, 0, 0, 10, 2,
];
// The dealer's hand and crib together: rounds by points.
#[rustfmt::skip]
const DEALER_SHOW: [u32; 60] = [
    46, 2, 733, 211, 3433, 1546, 8373, 4085, 13525, 7636, 17191, 9399, 16868, 8213, 15051, 6848,
    11566, 4683, 7577, 3008, 4624, 1944, 2456, 958, 1433, 543, 614, 252, 417, 158, 168, 59, 63,
    32, 23, 6, 15, 2, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
];

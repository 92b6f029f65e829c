//! The chance of winning a game of two sides from the board: two players,
//! or four in partnerships.
//!
//! A round is modelled as independent draws from distributions measured
//! over many rounds of expert self-play
//! ([`RoundCounter`](crate::RoundCounter); the numbers are kept in
//! `data/two_players.rs` for two players and `data/four_players.rs` for
//! four, written by `crib stats board --rebuild --write`):
//!
//! - the play: the pone's side's and the dealer's side's points together
//!   (one joint distribution, since one side's go is the other's loss; his
//!   heels is counted with the dealer's play);
//! - the pone's hand;
//! - with four players, the dealer's partner's hand, then the pone's
//!   partner's;
//! - the dealer's hand and crib together.
//!
//! They are scored in the order of the game: if the play takes a side to
//! the target it wins (if both would get there, each is as likely to be
//! first); then the hands in the order of the show, the crib last; then the
//! next round, dealt by this round's pone (whose side is the pone's side;
//! with four players the sides alternate the deal as with two). The chance
//! that the pone's side wins a game in which it needs `a` points and the
//! dealer's side `b` follows by dynamic programming over `a + b` (every
//! round scores at least the last card's point, so each round strictly
//! lowers it), for every `a` and `b` up to 121 (a few milliseconds): for
//! the kept counts, by `crib-ai`'s build script when the program is
//! compiled ([`WinTable::for_players`]).
//!
//! With three players there are three sides in the race: their table is
//! [`ThreeTable`](crate::ThreeTable), the same model with three seats. Both
//! tables are filled in by the one dynamic programme of the race
//! (`race.rs`).

use std::sync::OnceLock;

use crate::board::counts::RoundCounts;
use crate::board::race::{MAX_NEED, Race, Round, at, count, next_round, race};

/// The chance that a side needing `my_need` points wins against a side
/// needing `their_need`, at the start of a round that it deals (`dealing`)
/// or not, from the table kept in the repository. A side that needs
/// nothing has won.
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
    WinTable::stored().chance(my_need, their_need, dealing)
}

/// The chances of the pone's side at each stage of a round, by what each
/// side needs.
#[derive(Clone, Debug)]
pub struct WinTable {
    /// The chance the pone's side wins, at the start of a round, by what
    /// the pone's side and the dealer's side need (the dealer's side's is
    /// what it leaves: the search near the end reads these, and half the
    /// memory is fewer misses of the cache).
    pone: Vec<f64>,
    /// The same after the play, before the pone's hand.
    shown: Vec<f64>,
    /// The measured round of the two sides (the pone's first): the play,
    /// then the show in its order, by points, with the side that counts
    /// each stage: the pone's hand, with four players the dealer's
    /// partner's and the pone's partner's, then the dealer's hand and crib.
    round: Round<2, f64>,
    /// The mean of the dealer's net points in the measured play.
    dealer_net: f64,
    /// The means of the pone's side's and the dealer's side's points in the
    /// measured play.
    play_means: [f64; 2],
    /// The mean crib of the measured rounds, estimated as the mean of the
    /// dealer's hand and crib less the mean of the pone's hand (the two
    /// hands are kept alike).
    crib_mean: f64,
}

/// One keep's round, as [`WinTable::keep_chance`] scores it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KeepRound<'a> {
    /// The points the keeper's side needs.
    pub(crate) my_need: u16,
    /// The points the other side needs.
    pub(crate) their_need: u16,
    /// Whether the keeper's side deals the round.
    pub(crate) dealing: bool,
    /// Whether the keeper is the dealer's or the pone's partner (four
    /// players) rather than the dealer or the pone.
    pub(crate) partner: bool,
    /// The chance of each number of points of the kept hand (by points,
    /// from 0), over the unseen starters.
    pub(crate) hand: &'a [f64],
    /// The crib's expected points, whoever's it is.
    pub(crate) crib: f64,
    /// The keep's estimated net points of the play.
    pub(crate) pegging: f64,
}

/// The two-player table's chances of the pone's side, at the start of a
/// round then after the play, built by the build script (`build.rs`) from
/// the kept counts, as [`crib_race::kept_f64s`] keeps them.
static KEPT_TWO: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/two_sides_2.bin"));

/// The same for four players.
static KEPT_FOUR: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/two_sides_4.bin"));

/// The pone's side, first in a round's order.
const PONE_SIDE: usize = 0;

impl WinTable {
    /// The two-player table built from the counts kept in the repository.
    #[must_use]
    pub fn stored() -> &'static WinTable {
        WinTable::for_players(2).expect("a table is kept for two players")
    }

    /// The table for a game of `players` (2, or 4 in partnerships) built
    /// from the counts kept in the repository, or `None` for three.
    #[must_use]
    pub fn for_players(players: u8) -> Option<&'static WinTable> {
        static TWO: OnceLock<WinTable> = OnceLock::new();
        static FOUR: OnceLock<WinTable> = OnceLock::new();
        let cell = match players {
            2 => &TWO,
            4 => &FOUR,
            _ => return None,
        };
        // The counts are read only the first time: this is on the search's
        // hot path. The chances were built when the program was compiled.
        Some(cell.get_or_init(|| {
            let counts = RoundCounts::stored_for(players).expect("counts are kept for 2 and 4");
            let kept = crib_race::read_f64s(if players == 2 { KEPT_TWO } else { KEPT_FOUR });
            let (pone, shown) = kept.split_at(kept.len() / 2);
            WinTable::of_round(counts.round(), pone.to_vec(), shown.to_vec())
        }))
    }

    /// The chance that a side needing `my_need` points wins against a side
    /// needing `their_need`, at the start of a round that it deals or not.
    #[must_use]
    pub fn chance(&self, my_need: u16, their_need: u16, dealing: bool) -> f64 {
        if my_need == 0 {
            return 1.0;
        }
        if their_need == 0 {
            return 0.0;
        }
        let (mine, theirs) = (clamp(my_need), clamp(their_need));
        let chance = if dealing {
            1.0 - self.pone[at([theirs, mine])]
        } else {
            self.pone[at([mine, theirs])]
        };
        // Sums of measured probabilities: keep rounding off the edges.
        chance.clamp(0.0, 1.0)
    }

    /// The chance that the pone's side wins, needing `pone_need` against
    /// the dealer's side's `dealer_need`, after the play and before the
    /// show.
    #[must_use]
    pub fn pone_after_play(&self, pone_need: u16, dealer_need: u16) -> f64 {
        if pone_need == 0 {
            return 1.0;
        }
        if dealer_need == 0 {
            return 0.0;
        }
        self.shown[at([clamp(pone_need), clamp(dealer_need)])].clamp(0.0, 1.0)
    }

    /// The mean net points of the play, measured, for a side that deals
    /// (`dealing`) or not: the dealer's side's points less the pone's side's,
    /// or the other way round.
    #[must_use]
    pub fn play_net(&self, dealing: bool) -> f64 {
        if dealing { self.dealer_net } else { -self.dealer_net }
    }

    /// The mean points of the play, measured, for a side that deals
    /// (`dealing`) and for the other: `[that side's, the other's]` (the
    /// dealer's side's with his heels).
    #[must_use]
    pub fn play_means(&self, dealing: bool) -> [f64; 2] {
        let [pone, dealer] = self.play_means;
        if dealing { [dealer, pone] } else { [pone, dealer] }
    }

    /// The table for measured two-sided `counts` (two players, or four:
    /// each distribution must have counted something).
    #[must_use]
    pub fn from_counts(counts: &RoundCounts) -> WinTable {
        let round: Round<2, f64> = counts.round();
        // A few milliseconds: no need of more threads.
        let Race { start, mut stages } = race(&round, false);
        let pone_side = |chances: Vec<[f64; 2]>| -> Vec<f64> {
            chances.into_iter().map(|[pone, _]| pone).collect()
        };
        WinTable::of_round(round, pone_side(start), pone_side(stages.swap_remove(0)))
    }

    /// The table of `round` with its chances of the pone's side at the
    /// start of a round (`pone`) and after the play (`shown`).
    fn of_round(round: Round<2, f64>, pone: Vec<f64>, shown: Vec<f64>) -> WinTable {
        let mean = |chances: &[f64]| -> f64 {
            chances.iter().enumerate().map(|(points, p)| points as f64 * p).sum()
        };
        let stage_mean =
            |stage: Option<&(usize, Vec<f64>)>| stage.map_or(0.0, |(_, chances)| mean(chances));
        let (pone_hand, dealer_show) =
            (stage_mean(round.show.first()), stage_mean(round.show.last()));
        let play = &round.play;
        let dealer_net = play.iter().map(|&([x, y], p)| p * (y as f64 - x as f64)).sum();
        let play_means = [
            play.iter().map(|&([x, _], p)| p * x as f64).sum(),
            play.iter().map(|&([_, y], p)| p * y as f64).sum(),
        ];
        let crib_mean = dealer_show - pone_hand;
        WinTable { pone, shown, round, dealer_net, play_means, crib_mean }
    }

    /// The chance that a keeper wins the game with the round that `round`
    /// describes, scored in the order of the game and then from this table
    /// for the rounds after.
    ///
    /// The round's parts are drawn independently:
    ///
    /// - the play from the measured joint distribution, moved by how much
    ///   the keep's pegging estimate differs from the measured mean net
    ///   points of its side: half as the keeper's side's own points, half
    ///   as the other side's fewer (a fraction of a point moves that share
    ///   of the chance one point further);
    /// - the keeper's hand from `round.hand`, at its place in the show;
    /// - the dealer's crib: added to the keeper's hand as its expectation
    ///   (split between the two nearest points, so that the mean is exact)
    ///   when the keeper deals; otherwise the dealer's measured hand and
    ///   crib together, moved by how much this crib's expectation differs
    ///   from the measured mean crib;
    /// - every other hand from its measured distribution (with four
    ///   players, the keeper's partner's too).
    ///
    /// A side that reaches the target in the play wins at once (each is as
    /// likely to be first when both would), then the hands count in the
    /// order of the show, the dealer's with the crib last.
    #[must_use]
    pub(crate) fn keep_chance(&self, round: &KeepRound<'_>) -> f64 {
        if round.my_need == 0 {
            return 1.0;
        }
        if round.their_need == 0 {
            return 0.0;
        }
        let (a, b) = (clamp(round.my_need), clamp(round.their_need));
        let seat_net = self.play_net(round.dealing);
        // Half of the difference is the keeper's own points, half the other
        // side's: a keep pegs by scoring and by giving nothing away.
        let half = (round.pegging - seat_net) / 2.0;
        let (gains, losses) = (split(half), split(-half));
        // The show with the keeper's hand at its place: the pone first, the
        // partners (four players) in their order, the dealer last.
        let mut show = self.round.show.clone();
        let last = show.len() - 1;
        let keeper = match (round.dealing, round.partner) {
            (false, false) => 0,
            (true, true) => 1,
            (false, true) => 2,
            (true, false) => last,
        };
        if keeper == last {
            show[last].1 = shifted(round.hand, round.crib);
        } else {
            show[keeper].1 = round.hand.to_vec();
            show[last].1 = shifted(&show[last].1, round.crib - self.crib_mean);
        }
        let mut after = Memo2::new(a, b);
        // Each stage of the show after the first, and the rounds after, by
        // what the pone's side and the dealer's side need before it: shared
        // by many plays.
        let (pone_need, dealer_need) = if round.dealing { (b, a) } else { (a, b) };
        let mut counted: Vec<Memo2> =
            (1..show.len()).map(|_| Memo2::new(pone_need, dealer_need)).collect();
        let mut chance = 0.0;
        for &([x, y], p) in &self.round.play {
            let (my_play, their_play) = if round.dealing { (y, x) } else { (x, y) };
            for (&(gain, gained), &(loss, lost)) in
                gains.iter().flat_map(|g| losses.iter().map(move |l| (g, l)))
            {
                let my_play = my_play.saturating_add_signed(gain);
                let their_play = their_play.saturating_add_signed(loss);
                chance += p
                    * gained
                    * lost
                    * match (my_play >= a, their_play >= b) {
                        (true, true) => 0.5,
                        (true, false) => 1.0,
                        (false, true) => 0.0,
                        (false, false) => after.get(a - my_play, b - their_play, |a, b| {
                            let (pone, dealer) = if round.dealing { (b, a) } else { (a, b) };
                            let pone_wins = self.show_from(&show, &mut counted, (pone, dealer));
                            if round.dealing { 1.0 - pone_wins } else { pone_wins }
                        }),
                    };
            }
        }
        chance.clamp(0.0, 1.0)
    }

    /// The chance that the pone's side wins from the first of the `show`'s
    /// stages on, needing `a` against the dealer's side's `b`; `counted`
    /// keeps the chances before each later stage, by what each side needs.
    fn show_from(
        &self,
        show: &[(usize, Vec<f64>)],
        counted: &mut [Memo2],
        (a, b): (usize, usize),
    ) -> f64 {
        let start = |needs| {
            let pone = self.pone[at(needs)];
            [pone, 1.0 - pone]
        };
        let Some(((side, points), later)) = show.split_first() else {
            return next_round(start, [a, b])[PONE_SIDE];
        };
        let [pone_side, _] =
            count(points, *side, [a, b], |[a, b]| match counted.split_first_mut() {
                Some((memo, rest)) if !later.is_empty() => {
                    let pone_side = memo.get(a, b, |a, b| self.show_from(later, rest, (a, b)));
                    [pone_side, 1.0 - pone_side]
                }
                _ => next_round(start, [a, b]),
            });
        pone_side
    }
}

/// A move of `by` points as whole moves and their chances: the two
/// nearest whole numbers, weighted so that the mean move is `by`.
pub(crate) fn split(by: f64) -> [(isize, f64); 2] {
    let low = by.floor();
    let high_share = by - low;
    // Rounds move at most a few dozen points: the cast cannot overflow.
    let low = low as isize;
    [(low, 1.0 - high_share), (low + 1, high_share)]
}

/// The distribution of `chances` (by points) moved by `by` points, split
/// as [`split`] says; points below 0 count as 0.
fn shifted(chances: &[f64], by: f64) -> Vec<f64> {
    let mut moved = vec![0.0; chances.len() + by.abs().ceil() as usize + 2];
    for (points, &p) in chances.iter().enumerate() {
        for (step, weight) in split(by) {
            let to = points.saturating_add_signed(step).min(moved.len() - 1);
            moved[to] += p * weight;
        }
    }
    moved
}

/// Values by what each side needs, computed on first use.
struct Memo2 {
    width: usize,
    values: Vec<f64>,
}

impl Memo2 {
    fn new(a: usize, b: usize) -> Memo2 {
        Memo2 { width: b + 1, values: vec![f64::NAN; (a + 1) * (b + 1)] }
    }

    fn get(&mut self, a: usize, b: usize, value: impl FnOnce(usize, usize) -> f64) -> f64 {
        let slot = &mut self.values[a * self.width + b];
        if slot.is_nan() {
            *slot = value(a, b);
        }
        *slot
    }
}

fn clamp(need: u16) -> usize {
    usize::from(need).min(MAX_NEED)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_kept_tables_are_the_builds_of_the_kept_counts_to_the_last_bit() {
        for players in [2, 4] {
            let kept = super::WinTable::for_players(players).expect("kept for 2 and 4");
            let counts = super::RoundCounts::stored_for(players).expect("kept for 2 and 4");
            let built = super::WinTable::from_counts(&counts);
            let bits = |values: &[f64]| values.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&kept.pone), bits(&built.pone), "{players} players");
            assert_eq!(bits(&kept.shown), bits(&built.shown), "{players} players");
            assert_eq!(kept.dealer_net.to_bits(), built.dealer_net.to_bits());
            assert_eq!(kept.crib_mean.to_bits(), built.crib_mean.to_bits());
        }
    }

    use super::*;

    /// Measured counts by points as probabilities.
    fn chances(counts: &[u32]) -> Vec<f64> {
        let total: u32 = counts.iter().sum();
        counts.iter().map(|&count| f64::from(count) / f64::from(total)).collect()
    }

    /// The mean points of a distribution by points.
    fn mean(chances: &[f64]) -> f64 {
        chances.iter().enumerate().map(|(points, p)| points as f64 * p).sum()
    }

    fn round<'a>(hand: &'a [f64], dealing: bool, needs: [u16; 2]) -> KeepRound<'a> {
        KeepRound {
            my_need: needs[0],
            their_need: needs[1],
            dealing,
            partner: false,
            hand,
            crib: 4.5,
            pegging: 0.0,
        }
    }

    /// The chance of a keep moves the right way with each part of the round,
    /// and a side that needs nothing has won.
    #[test]
    fn a_keeps_chance_follows_its_round() {
        let table = WinTable::stored();
        // A hand of 4 points, and the same a point better.
        let (mut four, mut five) = (vec![0.0; 6], vec![0.0; 6]);
        four[4] = 1.0;
        five[5] = 1.0;
        for dealing in [false, true] {
            for needs in [[6, 12], [20, 15], [40, 40], [10, 3], [121, 121]] {
                let base = round(&four, dealing, needs);
                let chance = table.keep_chance(&base);
                assert!((0.0..=1.0).contains(&chance));
                assert!(table.keep_chance(&round(&five, dealing, needs)) >= chance - 1e-12);
                let pegs = KeepRound { pegging: base.pegging + 1.0, ..base };
                assert!(table.keep_chance(&pegs) >= chance - 1e-12, "{needs:?} {dealing}");
                // More crib is more for the dealer, less for the pone.
                let crib = KeepRound { crib: base.crib + 2.0, ..base };
                let richer = table.keep_chance(&crib);
                if dealing {
                    assert!(richer >= chance - 1e-12);
                } else {
                    assert!(richer <= chance + 1e-12);
                }
            }
            assert_eq!(table.keep_chance(&round(&four, dealing, [0, 5])), 1.0);
            assert_eq!(table.keep_chance(&round(&four, dealing, [5, 0])), 0.0);
        }
        // A pone who needs four with a sure four wins unless the dealer pegs
        // out first: it needs three, and the play gives that often.
        let sure = table.keep_chance(&round(&four, false, [4, 3]));
        assert!(sure > 0.2 && sure < 0.9, "{sure}");
        assert!(table.keep_chance(&round(&four, false, [4, 40])) > 0.99);
        // Level at the start, the dealer with the measured round (the pone's
        // hand for its own, the measured crib and play) has the table's chance.
        let counts = RoundCounts::stored();
        let [pone_hand, dealer_show] = &counts.show[..] else { panic!("two stages of the show") };
        let hand = chances(pone_hand);
        let crib = mean(&chances(dealer_show)) - mean(&hand);
        let rounds = f64::from(counts.rounds());
        let net: f64 = counts
            .play
            .iter()
            .map(|(points, &count)| {
                (f64::from(points[1]) - f64::from(points[0])) * f64::from(count)
            })
            .sum::<f64>()
            / rounds;
        let typical = KeepRound { crib, pegging: net, ..round(&hand, true, [121, 121]) };
        let start = table.keep_chance(&typical);
        assert!((start - win_chance(121, 121, true)).abs() < 0.01, "{start}");
    }

    /// Four players, level at the start of a game: a keeper at any place in
    /// the show with the measured round of that place (its hand as measured
    /// there, the measured crib and play) has the table's chance, so the
    /// stages of the show are where the table has them.
    #[test]
    fn a_measured_keep_has_the_tables_chance_at_every_place() {
        let table = WinTable::for_players(4).unwrap();
        let counts = RoundCounts::stored_for(4).unwrap();
        let [pone, dealer_partner, pone_partner, dealer_show] = &counts.show[..] else {
            panic!("four stages of the show")
        };
        let [pone, dealer_partner, pone_partner] =
            [pone, dealer_partner, pone_partner].map(|hand| chances(hand));
        let crib = mean(&chances(dealer_show)) - mean(&pone);
        // (dealing, partner, the place's hand)
        for (dealing, partner, hand) in [
            (false, false, &pone),
            (true, true, &dealer_partner),
            (false, true, &pone_partner),
            (true, false, &pone),
        ] {
            let round = KeepRound {
                my_need: 121,
                their_need: 121,
                dealing,
                partner,
                hand,
                crib,
                pegging: table.play_net(dealing),
            };
            let chance = table.keep_chance(&round);
            let expected = table.chance(121, 121, dealing);
            assert!(
                (chance - expected).abs() < 0.01,
                "{dealing} {partner}: {chance} against {expected}"
            );
        }
    }
}

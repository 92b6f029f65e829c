//! A game as a race of rounds, by dynamic programming: the one model behind
//! the two sides' table of the chance of winning ([`WinTable`]) and the
//! three players' ([`ThreeTable`]).
//!
//! The parties of the race (the two sides, or the three players) are taken
//! in the order of a round: the pone's first, the dealer's last. A round
//! ([`Round`]) is the play, one joint distribution of every party's points,
//! then the stages of the show in their order, each one party's points;
//! the next round is dealt by this round's pone, so its order is this one's
//! turned by one place. A party the play takes to the target wins (when
//! more than one would, each is as likely to be first); so does a party a
//! stage of the show takes there. Every round scores at least the last
//! card's point, so a round lowers the sum of what the parties need, and
//! [`race`] fills in every position by that sum, from the lowest.
//!
//! [`WinTable`]: crate::WinTable
//! [`ThreeTable`]: crate::ThreeTable

use std::ops::{AddAssign, Mul, Sub};

use rayon::prelude::*;

/// The most that a party can need: the largest target.
pub(crate) const MAX_NEED: usize = 121;

/// A chance as a table keeps it: `f64` in the two sides' small tables,
/// `f32` in the three players' 121³ positions.
pub(crate) trait Chance:
    Copy + PartialEq + Send + Sync + AddAssign + Mul<Output = Self> + Sub<Output = Self>
{
    /// No chance.
    const ZERO: Self;
    /// Certainty.
    const ONE: Self;
    /// Two parties' shares of a win that both reach at once.
    const HALF: Self;
    /// `chance` in this type.
    fn from_f64(chance: f64) -> Self;
}

impl Chance for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    const HALF: f64 = 0.5;

    fn from_f64(chance: f64) -> f64 {
        chance
    }
}

impl Chance for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
    const HALF: f32 = 0.5;

    fn from_f64(chance: f64) -> f32 {
        // Chances lie in [0, 1]: the narrowing only rounds.
        #[expect(clippy::cast_possible_truncation, reason = "a chance, rounded to f32")]
        let narrowed = chance as f32;
        narrowed
    }
}

/// A measured round of `N` parties, in the order of the round.
#[derive(Clone, Debug)]
pub(crate) struct Round<const N: usize, T> {
    /// The play: every party's points together, and their chance.
    pub play: Vec<([usize; N], T)>,
    /// The show in its order: the party each stage counts for, and the
    /// chance of each number of points (from 0).
    pub show: Vec<(usize, Vec<T>)>,
}

/// Every party's chance of winning at every position, by what each needs:
/// at the start of a round and before each stage of the show.
pub(crate) struct Race<const N: usize, T> {
    /// At the start of a round.
    pub start: Vec<[T; N]>,
    /// Before each stage of the show: `stages[0]` is after the play.
    pub stages: Vec<Vec<[T; N]>>,
}

/// Where a position is kept, by what each party needs (each up to
/// [`MAX_NEED`]).
pub(crate) fn at<const N: usize>(needs: [usize; N]) -> usize {
    needs.iter().fold(0, |index, &need| index * (MAX_NEED + 1) + need)
}

/// The chances when the parties in `won` have reached the target at once:
/// each is as likely to have been first.
pub(crate) fn split_win<const N: usize, T: Chance>(won: [bool; N]) -> [T; N] {
    let home = won.iter().filter(|&&won| won).count();
    let share = match home {
        1 => T::ONE,
        2 => T::HALF,
        // Three parties at once: a third each.
        _ => T::from_f64(1.0 / home as f64),
    };
    won.map(|won| if won { share } else { T::ZERO })
}

/// Adds `p` times the chances `after` of every party but the last.
fn add<const N: usize, T: Chance>(chances: &mut [T; N], p: T, after: [T; N]) {
    for (chance, after) in chances.iter_mut().zip(after).take(N - 1) {
        *chance += p * after;
    }
}

/// The last party's chance is what the others leave of certainty: the
/// chances of a position sum to one, so it is not summed on its own.
fn complete<const N: usize, T: Chance>(mut chances: [T; N]) -> [T; N] {
    let others = chances[..N - 1].iter().fold(T::ZERO, |sum, &chance| {
        let mut sum = sum;
        sum += chance;
        sum
    });
    chances[N - 1] = T::ONE - others;
    chances
}

/// One stage of the show: `party` counts `points` (a distribution) with
/// the parties needing `needs`. A party the count takes home has won;
/// otherwise `next` gives the chances from what each party then needs.
pub(crate) fn count<const N: usize, T: Chance>(
    points: &[T],
    party: usize,
    needs: [usize; N],
    mut next: impl FnMut([usize; N]) -> [T; N],
) -> [T; N] {
    let mut chances = [T::ZERO; N];
    for (scored, &p) in points.iter().enumerate() {
        if p == T::ZERO {
            continue;
        }
        if scored >= needs[party] {
            // The party has won: its chance gains `p` (the last party's is
            // completed below), without a vector: this is a hot path of the
            // discard for the game.
            if party < N - 1 {
                chances[party] += p;
            }
            continue;
        }
        let mut left = needs;
        left[party] -= scored;
        add(&mut chances, p, next(left));
    }
    complete(chances)
}

/// The chances at the start of the next round for the parties of this one,
/// in this round's order, from `start`, which reads the chances at the
/// start of a round by the needs in that round's order.
pub(crate) fn next_round<const N: usize, T: Chance>(
    start: impl FnOnce([usize; N]) -> [T; N],
    needs: [usize; N],
) -> [T; N] {
    // The next round is dealt by this round's pone: its pone is this
    // round's second party, and this round's pone is its dealer.
    let chances = start(std::array::from_fn(|party| needs[(party + 1) % N]));
    std::array::from_fn(|party| chances[(party + N - 1) % N])
}

/// Every position with the parties' needs (each from 1 to [`MAX_NEED`])
/// summing to `sum`.
fn level<const N: usize>(sum: usize) -> Vec<[usize; N]> {
    fn fill<const N: usize>(
        positions: &mut Vec<[usize; N]>,
        needs: &mut [usize; N],
        party: usize,
        left: usize,
    ) {
        if party == N - 1 {
            if (1..=MAX_NEED).contains(&left) {
                needs[party] = left;
                positions.push(*needs);
            }
            return;
        }
        for need in 1..=MAX_NEED.min(left) {
            needs[party] = need;
            fill(positions, needs, party + 1, left - need);
        }
    }
    let mut positions = Vec::new();
    fill(&mut positions, &mut [0; N], 0, sum);
    positions
}

/// `value` of each position of `level`, in order: over the current rayon
/// pool (`parallel`) or on this thread.
fn each<const N: usize, T: Chance>(
    level: &[[usize; N]],
    parallel: bool,
    value: impl Fn(&[usize; N]) -> [T; N] + Sync + Send,
) -> Vec<[T; N]> {
    if parallel { level.par_iter().map(value).collect() } else { level.iter().map(value).collect() }
}

/// Every position of the race that `round` makes, each level of positions
/// over the current rayon pool (`parallel`) or on this thread.
pub(crate) fn race<const N: usize, T: Chance>(round: &Round<N, T>, parallel: bool) -> Race<N, T> {
    let size = at([MAX_NEED; N]) + 1;
    // Where no party can reach the target in the play, each outcome moves
    // the position by a fixed offset in the table.
    let offsets: Vec<(usize, T)> = round.play.iter().map(|&(points, p)| (at(points), p)).collect();
    let reach = round.play.iter().flat_map(|(points, _)| *points).max().unwrap_or(0);
    // A round measured with no show goes from the play to the next round:
    // as one stage that always counts nothing.
    let nothing = [(0, vec![T::ONE])];
    let show = if round.show.is_empty() { &nothing[..] } else { &round.show[..] };
    let mut start = vec![[T::ZERO; N]; size];
    let mut stages = vec![vec![[T::ZERO; N]; size]; show.len()];
    for sum in N..=N * MAX_NEED {
        let level = level::<N>(sum);
        // The start of the round: what follows the play is at a lower sum,
        // already known.
        let after_play = &stages[0];
        let values = each(&level, parallel, |&needs| {
            let mut chances = [T::ZERO; N];
            if needs.iter().all(|&need| need > reach) {
                let here = at(needs);
                for &(offset, p) in &offsets {
                    add(&mut chances, p, after_play[here - offset]);
                }
            } else {
                for &(points, p) in &round.play {
                    let won: [bool; N] = std::array::from_fn(|party| points[party] >= needs[party]);
                    let after = if won.contains(&true) {
                        split_win(won)
                    } else {
                        after_play
                            [at::<N>(std::array::from_fn(|party| needs[party] - points[party]))]
                    };
                    add(&mut chances, p, after);
                }
            }
            complete(chances)
        });
        for (needs, value) in level.iter().zip(values) {
            start[at(*needs)] = value;
        }
        // The show from its last stage: a stage that scores nothing leaves
        // the sum as it is, so the next stage must be known first.
        for (stage, (party, points)) in show.iter().enumerate().rev() {
            let (before, after) = stages.split_at_mut(stage + 1);
            let later = after.first();
            let start = &start;
            let values = each(&level, parallel, |&needs| {
                count(points, *party, needs, |left| match later {
                    Some(later) => later[at(left)],
                    None => next_round(|needs| start[at(needs)], left),
                })
            });
            for (needs, value) in level.iter().zip(values) {
                before[stage][at(*needs)] = value;
            }
        }
    }
    Race { start, stages }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// Where a plain reference stands in a round.
    #[derive(Clone, Copy, PartialEq, Eq, Hash)]
    enum Phase {
        Play,
        Show(usize),
    }

    /// Each party's chance by the rules of the race, written top-down as
    /// they read: every party's chance summed on its own, remembered by
    /// position.
    fn reference<const N: usize>(
        round: &Round<N, f64>,
        phase: Phase,
        needs: [usize; N],
        memo: &mut HashMap<(Phase, [usize; N]), [f64; N]>,
    ) -> [f64; N] {
        if let Some(&known) = memo.get(&(phase, needs)) {
            return known;
        }
        let mut chances = [0.0; N];
        let mut add = |p: f64, after: [f64; N]| {
            for (chance, after) in chances.iter_mut().zip(after) {
                *chance += p * after;
            }
        };
        match phase {
            Phase::Play => {
                for &(points, p) in &round.play {
                    let won: [bool; N] = std::array::from_fn(|i| points[i] >= needs[i]);
                    let home = won.iter().filter(|&&won| won).count();
                    if home > 0 {
                        add(p, won.map(|won| if won { 1.0 / home as f64 } else { 0.0 }));
                    } else {
                        let left = std::array::from_fn(|i| needs[i] - points[i]);
                        add(p, reference(round, Phase::Show(0), left, memo));
                    }
                }
            }
            Phase::Show(stage) => {
                let (party, points) = &round.show[stage];
                for (scored, &p) in points.iter().enumerate() {
                    if scored >= needs[*party] {
                        add(p, std::array::from_fn(|i| if i == *party { 1.0 } else { 0.0 }));
                        continue;
                    }
                    let mut left = needs;
                    left[*party] -= scored;
                    if stage + 1 < round.show.len() {
                        add(p, reference(round, Phase::Show(stage + 1), left, memo));
                    } else {
                        // The next round: its pone is this round's second
                        // party, its dealer this round's pone.
                        let next: [usize; N] = std::array::from_fn(|i| left[(i + 1) % N]);
                        let after = reference(round, Phase::Play, next, memo);
                        add(p, std::array::from_fn(|i| after[(i + N - 1) % N]));
                    }
                }
            }
        }
        memo.insert((phase, needs), chances);
        chances
    }

    fn three_parties() -> Round<3, f64> {
        Round {
            // Every outcome of the play scores at least a point.
            play: vec![([1, 0, 2], 0.3), ([0, 2, 1], 0.2), ([3, 1, 0], 0.4), ([0, 0, 1], 0.1)],
            show: vec![
                (0, vec![0.2, 0.5, 0.3]),
                (1, vec![0.1, 0.0, 0.6, 0.3]),
                (2, vec![0.4, 0.1, 0.2, 0.0, 0.3]),
            ],
        }
    }

    fn narrowed(round: &Round<3, f64>) -> Round<3, f32> {
        Round {
            play: round.play.iter().map(|&(points, p)| (points, f32::from_f64(p))).collect(),
            show: round
                .show
                .iter()
                .map(|(party, points)| (*party, points.iter().map(|&p| f32::from_f64(p)).collect()))
                .collect(),
        }
    }

    #[test]
    fn three_parties_agree_with_the_plain_reference() {
        let round = three_parties();
        let table = race(&narrowed(&round), true);
        let mut memo = HashMap::new();
        for a in 1..=9 {
            for b in 1..=9 {
                for c in 1..=9 {
                    let needs = [a, b, c];
                    let phases = [Phase::Play, Phase::Show(0), Phase::Show(1), Phase::Show(2)];
                    for (phase, kept) in phases.into_iter().zip(
                        std::iter::once(&table.start)
                            .chain(&table.stages)
                            .map(|kept| kept[at(needs)]),
                    ) {
                        let expected = reference(&round, phase, needs, &mut memo);
                        for (kept, expected) in kept.iter().zip(expected) {
                            assert!(
                                (f64::from(*kept) - expected).abs() < 1e-5,
                                "{needs:?}: {kept:?} against {expected:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn two_sides_agree_with_the_plain_reference() {
        // Four stages of the show, the sides alternating, as with four
        // players.
        let round = Round {
            play: vec![([1, 2], 0.25), ([2, 1], 0.25), ([0, 3], 0.3), ([4, 0], 0.2)],
            show: vec![
                (0, vec![0.3, 0.3, 0.4]),
                (1, vec![0.5, 0.0, 0.5]),
                (0, vec![0.6, 0.4]),
                (1, vec![0.1, 0.2, 0.3, 0.4]),
            ],
        };
        let table = race(&round, false);
        let mut memo = HashMap::new();
        for a in 1..=30 {
            for b in 1..=30 {
                let expected = reference(&round, Phase::Play, [a, b], &mut memo);
                let kept = table.start[at([a, b])];
                for (kept, expected) in kept.iter().zip(expected) {
                    assert!((kept - expected).abs() < 1e-12, "{a}, {b}: {kept} against {expected}");
                }
            }
        }
    }

    #[test]
    fn a_round_with_no_show_goes_on_to_the_next() {
        // The pone pegs a point a round, the dealer none: a side needing
        // one point wins as pone, and as dealer once the deal passes to it
        // unless the other side needs one point too.
        let round: Round<2, f64> = Round { play: vec![([1, 0], 1.0)], show: Vec::new() };
        let table = race(&round, false);
        assert_eq!(table.start[at([1, 5])], [1.0, 0.0]);
        assert_eq!(table.start[at([2, 1])], [0.0, 1.0]);
        assert_eq!(table.stages.len(), 1);
        assert_eq!(table.stages[0][at([2, 1])], [0.0, 1.0]);
    }

    #[test]
    fn a_level_is_every_position_of_its_sum() {
        for sum in [3, 4, 100, 200, 362, 363] {
            let mut plain = Vec::new();
            for a in 1..=MAX_NEED {
                for b in 1..=MAX_NEED {
                    for c in 1..=MAX_NEED {
                        if a + b + c == sum {
                            plain.push([a, b, c]);
                        }
                    }
                }
            }
            assert_eq!(level::<3>(sum), plain, "sum {sum}");
        }
        assert_eq!(level::<2>(2), vec![[1, 1]]);
        assert_eq!(level::<2>(242), vec![[121, 121]]);
        assert_eq!(level::<2>(120).len(), 119);
    }

    #[test]
    fn a_win_reached_together_is_shared() {
        assert_eq!(split_win::<3, f64>([true, false, false]), [1.0, 0.0, 0.0]);
        assert_eq!(split_win::<3, f64>([false, true, true]), [0.0, 0.5, 0.5]);
        let all = split_win::<3, f64>([true; 3]);
        assert!(all.iter().all(|&share| (share - 1.0 / 3.0).abs() < 1e-15));
    }
}

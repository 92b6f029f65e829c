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
//! A crate of its own, without dependencies, so that `crib-ai`'s build
//! script can build the three players' table ([`three_players`], seconds
//! of work) with this crate optimised in every profile, and `crib-ai`
//! keeps the result ([`kept_start`], [`read_kept`]) instead of building it
//! in every process.
//!
//! [`WinTable`]: https://docs.rs/crib-ai/latest/crib_ai/struct.WinTable.html
//! [`ThreeTable`]: https://docs.rs/crib-ai/latest/crib_ai/struct.ThreeTable.html

#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::ops::{AddAssign, Mul, Sub};

/// The most that a party can need: the largest target.
pub const MAX_NEED: usize = 121;

/// A chance as a table keeps it: `f64` in the two sides' small tables,
/// `f32` in the three players' 121³ positions.
pub trait Chance:
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
pub struct Round<const N: usize, T> {
    /// The play: every party's points together, and their chance.
    pub play: Vec<([usize; N], T)>,
    /// The show in its order: the party each stage counts for, and the
    /// chance of each number of points (from 0).
    pub show: Vec<(usize, Vec<T>)>,
}

/// Every party's chance of winning at every position, by what each needs:
/// at the start of a round and before each stage of the show.
#[derive(Debug)]
pub struct Race<const N: usize, T> {
    /// At the start of a round.
    pub start: Vec<[T; N]>,
    /// Before each stage of the show: `stages[0]` is after the play.
    pub stages: Vec<Vec<[T; N]>>,
}

/// Where a position is kept, by what each party needs (each up to
/// [`MAX_NEED`]).
pub fn at<const N: usize>(needs: [usize; N]) -> usize {
    needs.iter().fold(0, |index, &need| index * (MAX_NEED + 1) + need)
}

/// The chances when the parties in `won` have reached the target at once:
/// each is as likely to have been first.
pub fn split_win<const N: usize, T: Chance>(won: [bool; N]) -> [T; N] {
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
pub fn count<const N: usize, T: Chance>(
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
pub fn next_round<const N: usize, T: Chance>(
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

/// The fewest positions of a level worth sharing among threads.
const SHARED_LEVEL: usize = 2048;

/// `value` of each position of `level`, in order: shared among `threads`
/// threads (for a large level) or on this thread. Each position's value is
/// computed alone, so the result does not depend on the sharing.
fn each<const N: usize, T: Chance>(
    level: &[[usize; N]],
    threads: usize,
    value: impl Fn(&[usize; N]) -> [T; N] + Sync,
) -> Vec<[T; N]> {
    if threads < 2 || level.len() < SHARED_LEVEL {
        return level.iter().map(value).collect();
    }
    let value = &value;
    let share = level.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let parts: Vec<_> = level
            .chunks(share)
            .map(|part| scope.spawn(move || part.iter().map(value).collect::<Vec<_>>()))
            .collect();
        // A thread that panicked panics here, as rayon's would.
        parts
            .into_iter()
            .flat_map(|part| part.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}

/// Every position of the race that `round` makes, each large level of
/// positions shared among the cores (`parallel`) or on this thread.
pub fn race<const N: usize, T: Chance>(round: &Round<N, T>, parallel: bool) -> Race<N, T> {
    let size = at([MAX_NEED; N]) + 1;
    // Where no party can reach the target in the play, each outcome moves
    // the position by a fixed offset in the table.
    let offsets: Vec<(usize, T)> = round.play.iter().map(|&(points, p)| (at(points), p)).collect();
    let reach = round.play.iter().flat_map(|(points, _)| *points).max().unwrap_or(0);
    // A round measured with no show goes from the play to the next round:
    // as one stage that always counts nothing.
    let nothing = nothing();
    let show = if round.show.is_empty() { &nothing[..] } else { &round.show[..] };
    // Asked once: the count of cores is read from the system each time.
    let threads = if parallel {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        1
    };
    let mut start = vec![[T::ZERO; N]; size];
    let mut stages = vec![vec![[T::ZERO; N]; size]; show.len()];
    for sum in N..=N * MAX_NEED {
        let level = level::<N>(sum);
        // The start of the round: what follows the play is at a lower sum,
        // already known.
        let after_play = &stages[0];
        let values = each(&level, threads, |&needs| {
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
            let values = each(&level, threads, |&needs| {
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

/// The show of a round measured with no show: one stage that always counts
/// nothing, so that the play goes on to the next round.
fn nothing<T: Chance>() -> [(usize, Vec<T>); 1] {
    [(0, vec![T::ONE])]
}

/// The measured round of `N` parties from counts: how many rounds scored
/// each outcome of the play (every party's points; outcomes of another
/// number of parties are left out, though they count in the whole), and
/// for each stage of the show how many scored each number of points (the
/// stage counts for party `stage % N`).
#[must_use]
pub fn measured_round<'a, const N: usize, T: Chance>(
    play: impl IntoIterator<Item = (&'a [u8], u32)>,
    show: impl IntoIterator<Item = &'a [u32]>,
) -> Round<N, T> {
    let play: Vec<_> = play.into_iter().collect();
    let total: f64 = play.iter().map(|&(_, count)| f64::from(count)).sum();
    let play = play
        .into_iter()
        .filter_map(|(points, count)| {
            let points = <[u8; N]>::try_from(points).ok()?;
            Some((points.map(usize::from), T::from_f64(f64::from(count) / total.max(1.0))))
        })
        .collect();
    let show = show
        .into_iter()
        .enumerate()
        .map(|(stage, counts)| {
            let total: f64 = counts.iter().map(|&count| f64::from(count)).sum();
            let chances =
                counts.iter().map(|&count| T::from_f64(f64::from(count) / total.max(1.0)));
            (stage % N, chances.collect())
        })
        .collect();
    Round { play, show }
}

/// The race of three players that `round` makes, each large level shared
/// among the cores (`parallel`): [`race`] compiled here, so that it runs
/// as fast as this crate is optimised (in every profile, for the build
/// script of `crib-ai`).
#[must_use]
pub fn three_players(round: &Round<3, f32>, parallel: bool) -> Race<3, f32> {
    race(round, parallel)
}

/// The race of two sides that `round` makes, on this thread (a few
/// milliseconds): [`race`] compiled here, as [`three_players`].
#[must_use]
pub fn two_sides(round: &Round<2, f64>) -> Race<2, f64> {
    race(round, false)
}

/// `values` as little-endian bytes, for a table kept by a build script
/// ([`read_f64s`] reads them back, to the last bit).
#[must_use]
pub fn kept_f64s(values: &[f64]) -> Vec<u8> {
    values.iter().flat_map(|value| value.to_le_bytes()).collect()
}

/// The values kept by [`kept_f64s`]; a trailing part of a value is left
/// out.
#[must_use]
pub fn read_f64s(bytes: &[u8]) -> Vec<f64> {
    bytes
        .chunks_exact(8)
        .map(|word| {
            let mut value = [0; 8];
            value.copy_from_slice(word);
            f64::from_le_bytes(value)
        })
        .collect()
}

/// The chances after the play, before the show, at `needs` (each from 1
/// to [`MAX_NEED`]), from the `show` of a round (as [`Round::show`]) and
/// the chances at the start of a round (`start`, by the needs in that
/// round's order): the same sums as [`race`]'s first stage, so the same
/// value to the last bit, for a table that keeps only the start.
pub fn after_play<const N: usize, T: Chance>(
    show: &[(usize, Vec<T>)],
    needs: [usize; N],
    start: &impl Fn([usize; N]) -> [T; N],
) -> [T; N] {
    if show.is_empty() {
        return stage(&nothing(), 0, needs, start);
    }
    stage(show, 0, needs, start)
}

/// The chances before stage `at` of the show.
fn stage<const N: usize, T: Chance>(
    show: &[(usize, Vec<T>)],
    at: usize,
    needs: [usize; N],
    start: &impl Fn([usize; N]) -> [T; N],
) -> [T; N] {
    let (party, points) = &show[at];
    count(points, *party, needs, |left| {
        if at + 1 < show.len() { stage(show, at + 1, left, start) } else { next_round(start, left) }
    })
}

/// The bytes that keep the chances at the start of a round of a race of
/// three (`start`, as [`Race::start`]): for every position with each need
/// from 1 to [`MAX_NEED`], in order, the first two parties' chances as
/// little-endian `f32`; the third is what they leave of one, as [`race`]
/// completes it. [`read_kept`] reads them.
#[must_use]
pub fn kept_start(start: &[[f32; 3]]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(KEPT_START_LEN);
    for a in 1..=MAX_NEED {
        for b in 1..=MAX_NEED {
            for c in 1..=MAX_NEED {
                let [first, second, _] = start[at([a, b, c])];
                bytes.extend_from_slice(&first.to_le_bytes());
                bytes.extend_from_slice(&second.to_le_bytes());
            }
        }
    }
    bytes
}

/// The length of [`kept_start`]'s bytes.
pub const KEPT_START_LEN: usize = MAX_NEED * MAX_NEED * MAX_NEED * 8;

/// The chances at `needs` (each from 1 to [`MAX_NEED`]) kept in `bytes` by
/// [`kept_start`]: the same values, to the last bit.
///
/// # Panics
///
/// If a need is out of range or `bytes` are shorter than
/// [`KEPT_START_LEN`].
#[must_use]
pub fn read_kept(bytes: &[u8], needs: [usize; 3]) -> [f32; 3] {
    let [a, b, c] = needs.map(|need| need - 1);
    let place = ((a * MAX_NEED + b) * MAX_NEED + c) * 8;
    let word = |from: usize| {
        let mut word = [0; 4];
        word.copy_from_slice(&bytes[from..from + 4]);
        f32::from_le_bytes(word)
    };
    complete([word(place), word(place + 4), 0.0])
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

    #[test]
    fn the_chances_after_the_play_are_the_races_to_the_last_bit() {
        let three = narrowed(&three_parties());
        let table = race(&three, true);
        let start = |needs: [usize; 3]| table.start[at(needs)];
        for needs in [[1, 1, 1], [3, 7, 2], [30, 1, 90], [121, 121, 121], [60, 61, 62], [5, 120, 9]]
        {
            let after = after_play(&three.show, needs, &start);
            assert_eq!(after.map(f32::to_bits), table.stages[0][at(needs)].map(f32::to_bits));
        }
        let no_show: Round<2, f64> =
            Round { play: vec![([1, 0], 0.5), ([0, 2], 0.5)], show: Vec::new() };
        let table = race(&no_show, false);
        let start = |needs: [usize; 2]| table.start[at(needs)];
        for needs in [[1, 1], [4, 9], [121, 3]] {
            assert_eq!(after_play(&no_show.show, needs, &start), table.stages[0][at(needs)]);
        }
    }

    #[test]
    fn the_kept_start_reads_back_to_the_last_bit() {
        let table = race(&narrowed(&three_parties()), true);
        let kept = kept_start(&table.start);
        assert_eq!(kept.len(), KEPT_START_LEN);
        for a in 1..=MAX_NEED {
            for b in (1..=MAX_NEED).step_by(7) {
                for c in (1..=MAX_NEED).step_by(3) {
                    let needs = [a, b, c];
                    let read = read_kept(&kept, needs).map(f32::to_bits);
                    assert_eq!(read, table.start[at(needs)].map(f32::to_bits), "{needs:?}");
                }
            }
        }
    }

    #[test]
    fn kept_f64s_read_back_to_the_last_bit() {
        let values = [0.0, -0.0, 1.0, 0.1, f64::MIN_POSITIVE, 1.0 - f64::EPSILON];
        let read = read_f64s(&kept_f64s(&values));
        let bits: Vec<u64> = read.iter().map(|value| value.to_bits()).collect();
        assert_eq!(bits, values.map(f64::to_bits));
    }

    #[test]
    fn a_round_is_measured_from_counts() {
        let play: [(&[u8], u32); 3] = [(&[1, 0, 2], 3), (&[0, 1], 1), (&[2, 2, 2], 4)];
        let show: [&[u32]; 2] = [&[1, 3], &[0, 0, 2]];
        let round: Round<3, f64> = measured_round(play, show);
        assert_eq!(round.play, vec![([1, 0, 2], 3.0 / 8.0), ([2, 2, 2], 0.5)]);
        assert_eq!(round.show, vec![(0, vec![0.25, 0.75]), (1, vec![0.0, 0.0, 1.0])]);
    }
}

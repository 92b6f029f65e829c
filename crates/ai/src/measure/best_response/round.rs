//! What a pass of the best response counts ([`BestResponseRound`]): for
//! each discard and role the cribs it went into and their points, and for
//! each role what its keeps came to, as whole numbers, so that the rounds
//! of a pass's shards merge exactly, in any order; and the file they are
//! kept in between machines, checked as it is read.

use serde::{Deserialize, Serialize};

use std::fmt::Write;

use crate::expect::best_response::{CribValues, MICRO, MICRO_POINTS, PAIR_DISCARDS};
use crate::expect::throw_model::Stake;
use crate::measure::best_response::shard::{MAX_SHARDS, Shard};
use crate::measure::rounds::table;

/// The format of a round's file, raised whenever what it holds changes
/// meaning.
pub const ROUND_FORMAT: u32 = 1;

/// The starters of a two-player round's crib: the cards not dealt to
/// either player.
pub(crate) const CRIB_STARTERS: u64 = 40;

/// How much a discard that was never thrown in a pass weighs against its
/// value before, in cribs: the next table is its cribs' mean pulled
/// towards the value before as if it had been thrown this many more times
/// with that crib, so that a discard thrown once or twice does not take
/// one crib's luck for its value.
pub const PRIOR_CRIBS: u64 = 10;

/// The deals of a best response and how each keep's play is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestResponseJob {
    /// The deals of each pass.
    pub deals: u64,
    /// Their seed.
    pub seed: u64,
    /// The hands of the opponent sampled for each keep's play.
    pub samples: u32,
}

impl BestResponseJob {
    /// The sampled hands of the opponent a keep's play is valued over,
    /// unless said otherwise.
    pub const SAMPLES: u32 = 128;
}

/// The cribs one discard went into over a pass, for one role.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscardTotals {
    /// The cribs.
    pub cribs: u64,
    /// Their points, each crib's summed over its 40 starters.
    pub points: u64,
    /// The squares of each crib's sum over its starters, summed.
    pub squares: u64,
}

impl DiscardTotals {
    /// Adds one crib whose points over its starters sum to `points`.
    pub(crate) fn add(&mut self, points: u64) {
        self.cribs += 1;
        self.points += points;
        self.squares += points * points;
    }

    fn merged(self, other: DiscardTotals) -> Option<DiscardTotals> {
        Some(DiscardTotals {
            cribs: self.cribs.checked_add(other.cribs)?,
            points: self.points.checked_add(other.points)?,
            squares: self.squares.checked_add(other.squares)?,
        })
    }

    /// The mean crib, in points (0 for none).
    #[must_use]
    pub fn mean(&self) -> f64 {
        if self.cribs == 0 {
            return 0.0;
        }
        self.points as f64 / (CRIB_STARTERS * self.cribs) as f64
    }

    /// The standard error of [`mean`](Self::mean), in points (0 under two
    /// cribs).
    #[must_use]
    pub fn standard_error(&self) -> f64 {
        if self.cribs < 2 {
            return 0.0;
        }
        let n = self.cribs as f64;
        let starters = CRIB_STARTERS as f64;
        let mean = self.mean();
        let squares = self.squares as f64 / (starters * starters);
        let variance = ((squares - n * mean * mean) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }
}

/// What one role's keeps came to over a pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoleTotals {
    /// The hands kept: each one's points summed over the 46 starters its
    /// keeper had not seen.
    pub hand: u64,
    /// The play of the hands kept: each one's net points summed over its
    /// sampled hands of the opponent.
    pub play: i64,
    /// The gain of each keep over the previous table's keep, valued with
    /// this pass's table, in millionths of a point (0 in a first pass).
    pub gain: i64,
    /// The deals whose keep differs from the previous table's.
    pub changed: u64,
}

impl RoleTotals {
    fn merged(self, other: RoleTotals) -> Option<RoleTotals> {
        Some(RoleTotals {
            hand: self.hand.checked_add(other.hand)?,
            play: self.play.checked_add(other.play)?,
            gain: self.gain.checked_add(other.gain)?,
            changed: self.changed.checked_add(other.changed)?,
        })
    }
}

/// Why rounds cannot be read, merged, or continued from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    /// A file of another format.
    #[error("a round of format {0}, where this crib reads format {ROUND_FORMAT}")]
    Format(u32),
    /// A file whose parts do not agree.
    #[error("not a round of the best response: {0}")]
    Inconsistent(String),
    /// Rounds of different passes or jobs.
    #[error("the rounds are not of one pass of one job: their {0} differ")]
    Mismatch(&'static str),
    /// A shard in both rounds merged.
    #[error("shard {0} is in both rounds")]
    Overlap(Shard),
    /// Totals too large to add.
    #[error("the totals overflow")]
    Overflow,
    /// A round that lacks some of its pass's shards.
    #[error("the round lacks {missing} of its {shards} shards, shard {first} first")]
    Incomplete {
        /// The shards it lacks.
        missing: u32,
        /// The shards of its pass.
        shards: u32,
        /// The first it lacks.
        first: Shard,
    },
}

/// The counts of one pass of the best response, or of some of its shards
/// (see [`BestResponseRound::merge`]): the job, which pass it is and with
/// which tables, and for each discard and role the cribs it went into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RoundFile", into = "RoundFile")]
pub struct BestResponseRound {
    pub(crate) job: BestResponseJob,
    pub(crate) shards: u32,
    /// The shards counted, in order.
    pub(crate) done: Vec<u32>,
    pub(crate) iteration: u32,
    pub(crate) table: CribValues,
    pub(crate) previous: Option<CribValues>,
    /// `discards[stake][index]`, the index in the crib table's order.
    pub(crate) discards: [Vec<DiscardTotals>; 2],
    /// Dealer, then pone.
    pub(crate) roles: [RoleTotals; 2],
    pub(crate) deals: u64,
}

impl BestResponseRound {
    /// An empty round of `shard` of a pass.
    pub(crate) fn empty(
        job: BestResponseJob,
        shard: Shard,
        iteration: u32,
        table: CribValues,
        previous: Option<CribValues>,
    ) -> BestResponseRound {
        BestResponseRound {
            job,
            shards: shard.count(),
            done: vec![shard.index()],
            iteration,
            table,
            previous,
            discards: [
                vec![DiscardTotals::default(); PAIR_DISCARDS],
                vec![DiscardTotals::default(); PAIR_DISCARDS],
            ],
            roles: [RoleTotals::default(); 2],
            deals: 0,
        }
    }

    /// The job.
    #[must_use]
    pub fn job(&self) -> BestResponseJob {
        self.job
    }

    /// Which pass this is, from 1.
    #[must_use]
    pub fn iteration(&self) -> u32 {
        self.iteration
    }

    /// The shards of the pass.
    #[must_use]
    pub fn shards(&self) -> u32 {
        self.shards
    }

    /// The shards counted here, in order.
    #[must_use]
    pub fn done(&self) -> &[u32] {
        &self.done
    }

    /// The deals counted here.
    #[must_use]
    pub fn deals(&self) -> u64 {
        self.deals
    }

    /// The table the keeps were chosen by.
    #[must_use]
    pub fn table(&self) -> &CribValues {
        &self.table
    }

    /// The cribs each discard of `stake` went into, in the crib table's
    /// order.
    #[must_use]
    pub fn discards(&self, stake: Stake) -> &[DiscardTotals] {
        &self.discards[stake.index()]
    }

    /// What the dealer's keeps (`Stake::Own`) or the pone's came to.
    #[must_use]
    pub fn role(&self, stake: Stake) -> RoleTotals {
        self.roles[stake.index()]
    }

    /// Whether every shard of the pass is counted.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.done.len() == self.shards as usize
    }

    /// The first shard not counted, and how many are not.
    fn missing(&self) -> Option<RoundError> {
        let first = (0..self.shards).zip(&self.done).find(|(shard, done)| shard != *done);
        let first = match first {
            Some((shard, _)) => shard,
            None if self.is_complete() => return None,
            None => self.done.len() as u32,
        };
        Some(RoundError::Incomplete {
            missing: self.shards - self.done.len() as u32,
            shards: self.shards,
            // `first` is below `shards`: a shard of the pass.
            first: Shard::new(first, self.shards).unwrap_or(Shard::WHOLE),
        })
    }

    /// The pass's count, or an error naming the shards it lacks.
    ///
    /// # Errors
    ///
    /// [`RoundError::Incomplete`].
    pub fn complete(&self) -> Result<&BestResponseRound, RoundError> {
        self.missing().map_or(Ok(self), Err)
    }

    /// The two rounds' shards together: the same whatever the order of
    /// merging, and for a whole pass the same as the pass counted as one
    /// shard.
    ///
    /// # Errors
    ///
    /// Rounds of different jobs or passes, or with a shard in common.
    pub fn merge(mut self, other: &BestResponseRound) -> Result<BestResponseRound, RoundError> {
        let checks: [(&'static str, bool); 5] = [
            ("jobs", self.job == other.job),
            ("shards", self.shards == other.shards),
            ("passes", self.iteration == other.iteration),
            ("tables", self.table == other.table),
            ("previous tables", self.previous == other.previous),
        ];
        if let Some((what, _)) = checks.iter().find(|(_, same)| !same) {
            return Err(RoundError::Mismatch(what));
        }
        if let Some(&shard) = self.done.iter().find(|shard| other.done.contains(shard)) {
            let shard = Shard::new(shard, self.shards).unwrap_or(Shard::WHOLE);
            return Err(RoundError::Overlap(shard));
        }
        self.absorb(other)?;
        self.done.extend_from_slice(&other.done);
        self.done.sort_unstable();
        Ok(self)
    }

    /// The table this pass makes: each discard's mean crib, pulled
    /// towards its value in this pass's table by [`PRIOR_CRIBS`].
    #[must_use]
    pub fn table_after(&self) -> CribValues {
        let after = |stake: Stake| -> Vec<i64> {
            self.discards(stake)
                .iter()
                .zip(self.table.all_micro(stake))
                .map(|(totals, &before)| {
                    // Millionths of a point per point over 40 starters.
                    let per_point = i128::from(MICRO_POINTS) / i128::from(CRIB_STARTERS);
                    let sum = i128::from(totals.points) * per_point
                        + i128::from(PRIOR_CRIBS) * i128::from(before);
                    let weight = i128::from(totals.cribs) + i128::from(PRIOR_CRIBS);
                    // Rounded to the nearest; values are never negative.
                    let value = (2 * sum + weight) / (2 * weight);
                    i64::try_from(value).unwrap_or(i64::MAX)
                })
                .collect()
        };
        let (dealer, pone) = (after(Stake::Own), after(Stake::Balk));
        CribValues::from_micro(&dealer, &pone).expect("a round holds every discard's totals")
    }

    /// The gain of a best response to this pass's table over the keeps
    /// of the table before, per keep, in points, for `stake`'s role (the
    /// dealer `Own`, the pone `Balk`); `None` in a first pass or with no
    /// deals.
    #[must_use]
    pub fn gain(&self, stake: Stake) -> Option<f64> {
        (self.previous.is_some() && self.deals > 0)
            .then(|| self.role(stake).gain as f64 / MICRO / self.deals as f64)
    }

    /// The exploitability of the previous table's keeps: how much a best
    /// response to the cribs they made gains over them, per keep, dealer
    /// and pone together; `None` in a first pass.
    #[must_use]
    pub fn exploitability(&self) -> Option<f64> {
        Some((self.gain(Stake::Own)? + self.gain(Stake::Balk)?) / 2.0)
    }

    /// How far the table moves in this pass: the mean of each discard's
    /// change from this pass's table to the next, weighted by the cribs
    /// it went into, in points.
    #[must_use]
    pub fn table_change(&self) -> f64 {
        let after = self.table_after();
        let (mut moved, mut cribs) = (0.0, 0u64);
        for stake in Stake::ALL {
            for (index, totals) in self.discards(stake).iter().enumerate() {
                let change = after.micro(stake, index) - self.table.micro(stake, index);
                moved += totals.cribs as f64 * change.abs() as f64 / MICRO;
                cribs += totals.cribs;
            }
        }
        if cribs == 0 { 0.0 } else { moved / cribs as f64 }
    }

    /// The table this pass makes as the Rust source that
    /// `expect/data/best_response.rs` holds.
    ///
    /// # Errors
    ///
    /// A round that lacks some of its shards.
    pub fn source(&self) -> Result<String, RoundError> {
        self.complete()?;
        let after = self.table_after();
        let rows = |stake: Stake| -> Vec<(i64, u64, u64)> {
            self.discards(stake)
                .iter()
                .enumerate()
                .map(|(index, totals)| {
                    let error = (totals.standard_error() * MICRO).round() as u64;
                    (after.micro(stake, index), totals.cribs, error)
                })
                .collect()
        };
        let job = self.job;
        let built = (job.deals, job.seed, job.samples, self.iteration);
        Ok(shipped_source(built, &rows(Stake::Own), &rows(Stake::Balk)))
    }

    /// Adds `other`'s counts to this round's (its shards aside).
    pub(crate) fn absorb(&mut self, other: &BestResponseRound) -> Result<(), RoundError> {
        for (ours, theirs) in self.discards.iter_mut().zip(&other.discards) {
            for (ours, theirs) in ours.iter_mut().zip(theirs) {
                *ours = ours.merged(*theirs).ok_or(RoundError::Overflow)?;
            }
        }
        for (ours, theirs) in self.roles.iter_mut().zip(&other.roles) {
            *ours = ours.merged(*theirs).ok_or(RoundError::Overflow)?;
        }
        self.deals = self.deals.checked_add(other.deals).ok_or(RoundError::Overflow)?;
        Ok(())
    }
}

/// The Rust source of `expect/data/best_response.rs`: the table measured
/// by `built` (the deals, their seed, the sampled hands of the opponent
/// and the passes), each discard's value, cribs and standard error by
/// role, in the crib table's order.
pub(crate) fn shipped_source(
    built: (u64, u64, u32, u32),
    dealer: &[(i64, u64, u64)],
    pone: &[(i64, u64, u64)],
) -> String {
    let (deals, seed, samples, passes) = built;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "// The crib's value of each two-card discard by iterated best response:\n\
         // {passes} passes over {deals} deals seeded {seed}, each keep's play over {samples}\n\
         // sampled hands of the opponent. Written by\n\
         // `crib stats best-response --write`, not by hand.\n\
         /// The deals, their seed, the sampled hands of the opponent, the passes.\n\
         pub(super) const BUILT: (u64, u64, u32, u32) = ({deals}, {seed}, {samples}, {passes});"
    );
    for (name, rows, whose) in [("DEALER", dealer, "dealer's"), ("PONE", pone, "pone's")] {
        let _ = writeln!(
            text,
            "/// The {whose} discards in the crib table's order: the value, the cribs\n\
             /// measured, the standard error of their mean (millionths of a point)."
        );
        let items: Vec<String> = rows
            .iter()
            .map(|(value, cribs, error)| format!("({value}, {cribs}, {error})"))
            .collect();
        table(&mut text, name, &format!("(i64, u64, u64); {}", rows.len()), &items);
    }
    text
}

/// A round as its file holds it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoundFile {
    format: u32,
    job: BestResponseJob,
    shards: u32,
    done: Vec<u32>,
    iteration: u32,
    deals_counted: u64,
    table: TableFile,
    previous: Option<TableFile>,
    dealer: RoleFile,
    pone: RoleFile,
}

/// A table of crib values in millionths of a point, by role.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    dealer: Vec<i64>,
    pone: Vec<i64>,
}

/// One role's counts.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleFile {
    keeps: RoleTotals,
    discards: Vec<DiscardTotals>,
}

impl TableFile {
    fn of(table: &CribValues) -> TableFile {
        TableFile {
            dealer: table.all_micro(Stake::Own).to_vec(),
            pone: table.all_micro(Stake::Balk).to_vec(),
        }
    }

    fn values(&self) -> Result<CribValues, RoundError> {
        CribValues::from_micro(&self.dealer, &self.pone).ok_or_else(|| {
            RoundError::Inconsistent(format!(
                "a table has {PAIR_DISCARDS} values for each role, not {} and {}",
                self.dealer.len(),
                self.pone.len()
            ))
        })
    }
}

impl From<BestResponseRound> for RoundFile {
    fn from(round: BestResponseRound) -> RoundFile {
        let [dealer, pone] = round.discards;
        RoundFile {
            format: ROUND_FORMAT,
            job: round.job,
            shards: round.shards,
            done: round.done,
            iteration: round.iteration,
            deals_counted: round.deals,
            table: TableFile::of(&round.table),
            previous: round.previous.as_ref().map(TableFile::of),
            dealer: RoleFile { keeps: round.roles[0], discards: dealer },
            pone: RoleFile { keeps: round.roles[1], discards: pone },
        }
    }
}

impl TryFrom<RoundFile> for BestResponseRound {
    type Error = RoundError;

    fn try_from(file: RoundFile) -> Result<BestResponseRound, RoundError> {
        let wrong = |what: String| Err(RoundError::Inconsistent(what));
        if file.format != ROUND_FORMAT {
            return Err(RoundError::Format(file.format));
        }
        let job = file.job;
        if job.samples == 0 {
            return wrong("no sampled hands of the opponent".to_owned());
        }
        if file.shards == 0 || file.shards > MAX_SHARDS {
            return wrong(format!("{} shards, not 1 to {MAX_SHARDS}", file.shards));
        }
        if file.done.is_empty() || !file.done.windows(2).all(|pair| pair[0] < pair[1]) {
            return wrong("its shards are not listed once each, in order".to_owned());
        }
        let mut deals = 0u64;
        for &index in &file.done {
            let Ok(shard) = Shard::new(index, file.shards) else {
                return wrong(format!("shard {index} of {}", file.shards));
            };
            let range = shard.deals(job.deals);
            deals += range.end - range.start;
        }
        if deals != file.deals_counted {
            return wrong(format!(
                "its shards hold {deals} deals, and it counts {}",
                file.deals_counted
            ));
        }
        if file.iteration == 0 || file.previous.is_some() != (file.iteration > 1) {
            return wrong(format!(
                "pass {} with{} a previous table: a previous table comes with every pass after the first",
                file.iteration,
                if file.previous.is_some() { "" } else { "out" }
            ));
        }
        let table = file.table.values()?;
        let previous = file.previous.as_ref().map(TableFile::values).transpose()?;
        for (name, role) in [("dealer", &file.dealer), ("pone", &file.pone)] {
            if role.discards.len() != PAIR_DISCARDS {
                return wrong(format!(
                    "the {name} has {} discards, not {PAIR_DISCARDS}",
                    role.discards.len()
                ));
            }
            let cribs =
                role.discards.iter().try_fold(0u64, |sum, totals| sum.checked_add(totals.cribs));
            if cribs != Some(deals) {
                let cribs = cribs.map_or_else(|| "too many".to_owned(), |cribs| cribs.to_string());
                return wrong(format!(
                    "the {name}'s discards went into {cribs} cribs in {deals} deals"
                ));
            }
        }
        Ok(BestResponseRound {
            job,
            shards: file.shards,
            done: file.done,
            iteration: file.iteration,
            table,
            previous,
            discards: [file.dealer.discards, file.pone.discards],
            roles: [file.dealer.keeps, file.pone.keeps],
            deals,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expect::best_response::{best_response_build, shipped_rows};
    use crate::expect::throw_model::ThrowModel;

    /// Shard 1 of 2 of a second pass over ten deals, counted by hand: five
    /// deals, the dealer throwing discard 3 twice and discard 20 three
    /// times, the pone discard 7 five times.
    fn counted() -> BestResponseRound {
        let job = BestResponseJob { deals: 10, seed: 1, samples: 2 };
        let table = CribValues::from_model(ThrowModel::reasonable());
        let shard = Shard::new(1, 2).unwrap();
        let mut round = BestResponseRound::empty(job, shard, 2, table.clone(), Some(table));
        for (stake, index, points) in
            [(0, 3, 120), (0, 3, 200), (0, 20, 0), (0, 20, 40), (0, 20, 80)]
        {
            round.discards[stake][index].add(points);
            round.discards[1][7].add(points);
        }
        round.roles[0] = RoleTotals { hand: 1500, play: 7, gain: 120_000, changed: 1 };
        round.deals = 5;
        round
    }

    fn file(round: &BestResponseRound) -> RoundFile {
        RoundFile::from(round.clone())
    }

    #[test]
    fn a_round_reads_back_from_its_file() {
        let round = counted();
        assert_eq!(BestResponseRound::try_from(file(&round)), Ok(round));
    }

    #[test]
    fn a_file_whose_parts_disagree_is_refused() {
        let round = counted();
        let refused = |change: &dyn Fn(&mut RoundFile)| {
            let mut file = file(&round);
            change(&mut file);
            BestResponseRound::try_from(file).map(|_| ()).unwrap_err().to_string()
        };
        assert_eq!(
            refused(&|file| file.format = 2),
            "a round of format 2, where this crib reads format 1"
        );
        let inconsistent = [
            (refused(&|file| file.job.samples = 0), "no sampled hands"),
            (refused(&|file| file.shards = 0), "0 shards"),
            (refused(&|file| file.done = vec![]), "not listed once each"),
            (refused(&|file| file.done = vec![1, 1]), "not listed once each"),
            (refused(&|file| file.done = vec![2]), "shard 2 of 2"),
            (refused(&|file| file.deals_counted = 6), "counts 6"),
            (refused(&|file| file.previous = None), "pass 2 without a previous table"),
            (refused(&|file| file.table.pone.push(1)), "169 values for each role, not 169 and 170"),
            (refused(&|file| file.dealer.discards.truncate(168)), "the dealer has 168 discards"),
            (
                refused(&|file| file.pone.discards[0].cribs = 1),
                "the pone's discards went into 6 cribs in 5 deals",
            ),
            (refused(&|file| file.pone.discards[0].cribs = u64::MAX), "went into too many cribs"),
        ];
        for (message, part) in inconsistent {
            assert!(message.starts_with("not a round of the best response: "), "{message}");
            assert!(message.contains(part), "{message:?} lacks {part:?}");
        }
    }

    #[test]
    fn the_next_table_is_each_discards_mean_pulled_towards_the_table_before() {
        let round = counted();
        let after = round.table_after();
        let before = round.table();
        // Discard 3: cribs of 3 and 5 points, 2 of them (8 points, in
        // millionths), against 10 of the value before, to the nearest.
        let expected = (8_000_000 + 10 * before.micro(Stake::Own, 3) + 6) / 12;
        assert_eq!(after.micro(Stake::Own, 3), expected);
        // Never thrown: as before.
        assert_eq!(after.micro(Stake::Own, 4), before.micro(Stake::Own, 4));
        let totals = round.discards(Stake::Own)[3];
        assert_eq!(totals.mean(), 4.0);
        // Cribs of 3 and 5: variance 2, of the mean of two 1.
        assert!((totals.standard_error() - 1.0).abs() < 1e-12);
        assert_eq!(round.discards(Stake::Own)[4].standard_error(), 0.0);
        assert_eq!(round.gain(Stake::Own), Some(0.12 / 5.0));
    }

    /// The shipped table's file is exactly what its writer makes of the
    /// values it holds.
    #[test]
    fn the_shipped_table_is_the_source_of_its_values() {
        let build = best_response_build();
        let built = (build.deals, build.seed, build.samples, build.passes);
        let source = shipped_source(built, shipped_rows(Stake::Own), shipped_rows(Stake::Balk));
        assert_eq!(source, include_str!("../../expect/data/best_response.rs"));
    }
}

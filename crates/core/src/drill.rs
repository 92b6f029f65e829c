//! Counting practice: hands dealt from a seed, and a person's count of one
//! graded against the counter, kind by kind.
//!
//! A drill is a numbered series of shows, each dealt alone from
//! [`derive_seed`]`(seed, number)`, so that any hand of a drill can be dealt
//! again from its seed and number (a server checks an answer without
//! keeping the hands it showed). The hands are dealt uniformly from a full
//! deck, with no skew towards interesting ones; in a drill with cribs, each
//! hand is a crib (counted under crib rules: a flush only with all five
//! cards) with probability one half.
//!
//! A person answers with points by kind (fifteens, pairs, runs, flush, his
//! nob), as a count is said. What they missed and what they counted that is
//! not there are the differences, kind by kind, between their answer and
//! [`Breakdown`]'s count; their [`DrillRecord`] adds up their answers.

use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::{Breakdown, Category, Deck, Rules, Show, derive_seed, seeded_rng};

/// Points by kind of combination, as a count is made.
///
/// ```
/// use crib_core::{Category, CountByKind, Rules, Show, parse_cards};
/// let show = Show::from_five(&parse_cards("5H 5S 5C JD 5D")?)?;
/// let points = CountByKind::of(&show.breakdown(Rules::Hand));
/// assert_eq!(points.get(Category::Fifteen), 16);
/// assert_eq!(points.get(Category::Pair), 12);
/// assert_eq!(points.total(), 29);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CountByKind {
    /// Points for fifteens.
    pub fifteens: u8,
    /// Points for pairs, pairs royal and double pairs royal.
    pub pairs: u8,
    /// Points for runs.
    pub runs: u8,
    /// Points for a flush.
    pub flush: u8,
    /// Points for his nob.
    pub nobs: u8,
}

impl CountByKind {
    /// Nothing in any kind.
    pub const ZERO: CountByKind = CountByKind { fifteens: 0, pairs: 0, runs: 0, flush: 0, nobs: 0 };

    /// The true count of a show, by kind.
    #[must_use]
    pub fn of(breakdown: &Breakdown) -> CountByKind {
        CountByKind::from_fn(|category| breakdown.points_of(category))
    }

    /// Points for each kind from `points`.
    pub fn from_fn(mut points: impl FnMut(Category) -> u8) -> CountByKind {
        CountByKind {
            fifteens: points(Category::Fifteen),
            pairs: points(Category::Pair),
            runs: points(Category::Run),
            flush: points(Category::Flush),
            nobs: points(Category::Nobs),
        }
    }

    /// The points of one kind.
    #[must_use]
    pub const fn get(self, category: Category) -> u8 {
        match category {
            Category::Fifteen => self.fifteens,
            Category::Pair => self.pairs,
            Category::Run => self.runs,
            Category::Flush => self.flush,
            Category::Nobs => self.nobs,
        }
    }

    /// The points of one kind, to change.
    pub const fn get_mut(&mut self, category: Category) -> &mut u8 {
        match category {
            Category::Fifteen => &mut self.fifteens,
            Category::Pair => &mut self.pairs,
            Category::Run => &mut self.runs,
            Category::Flush => &mut self.flush,
            Category::Nobs => &mut self.nobs,
        }
    }

    /// The points of every kind together.
    #[must_use]
    pub fn total(self) -> u32 {
        Category::ALL.iter().map(|&category| u32::from(self.get(category))).sum()
    }

    /// The kinds with points, in the order a count is said.
    pub fn kinds(self) -> impl Iterator<Item = (Category, u8)> {
        Category::ALL.into_iter().map(move |category| (category, self.get(category)))
    }
}

/// One hand of a drill: a show and the rules it is counted under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DrillHand {
    /// The drill's seed.
    pub seed: u64,
    /// Which hand of the drill this is, from 0.
    pub number: u32,
    /// The four cards and the starter.
    pub show: Show,
    /// A hand, or a crib.
    pub rules: Rules,
}

impl DrillHand {
    /// The hand `number` of the drill seeded by `seed`, a crib half the time
    /// when `cribs` is set.
    ///
    /// ```
    /// use crib_core::DrillHand;
    /// let hand = DrillHand::dealt(7, 3, true);
    /// assert_eq!(hand, DrillHand::dealt(7, 3, true));
    /// assert_ne!(hand.show, DrillHand::dealt(7, 4, true).show);
    /// ```
    #[must_use]
    pub fn dealt(seed: u64, number: u32, cribs: bool) -> DrillHand {
        let mut rng = seeded_rng(derive_seed(seed, u64::from(number)));
        let mut deck = Deck::shuffled_with(&mut rng);
        let hand = deck.deal_set(4).expect("a full deck has four cards");
        let starter = deck.deal().expect("a full deck has a fifth card");
        let show = Show::new(hand, starter).expect("four cards dealt and a fifth from the rest");
        let rules = if cribs && rng.random_bool(0.5) { Rules::Crib } else { Rules::Hand };
        DrillHand { seed, number, show, rules }
    }

    /// Whether the cards are a crib.
    #[must_use]
    pub fn is_crib(&self) -> bool {
        self.rules == Rules::Crib
    }

    /// The true count, combination by combination.
    #[must_use]
    pub fn breakdown(&self) -> Breakdown {
        self.show.breakdown(self.rules)
    }

    /// Grades `answer`, a person's count of this hand.
    #[must_use]
    pub fn grade(&self, answer: CountByKind) -> Grade {
        Grade::new(CountByKind::of(&self.breakdown()), answer)
    }
}

/// A count graded against the truth, kind by kind.
///
/// ```
/// use crib_core::{CountByKind, Grade};
/// let truth = CountByKind { fifteens: 4, runs: 3, ..CountByKind::ZERO };
/// let answer = CountByKind { fifteens: 2, runs: 3, nobs: 1, ..CountByKind::ZERO };
/// let grade = Grade::new(truth, answer);
/// assert_eq!(grade.missed, CountByKind { fifteens: 2, ..CountByKind::ZERO });
/// assert_eq!(grade.over, CountByKind { nobs: 1, ..CountByKind::ZERO });
/// assert!(!grade.is_right());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The true count.
    pub truth: CountByKind,
    /// The person's count.
    pub answer: CountByKind,
    /// Points there but not counted, by kind.
    pub missed: CountByKind,
    /// Points counted but not there, by kind.
    pub over: CountByKind,
}

impl Grade {
    /// `answer` graded against `truth`.
    #[must_use]
    pub fn new(truth: CountByKind, answer: CountByKind) -> Grade {
        let missed = CountByKind::from_fn(|kind| truth.get(kind).saturating_sub(answer.get(kind)));
        let over = CountByKind::from_fn(|kind| answer.get(kind).saturating_sub(truth.get(kind)));
        Grade { truth, answer, missed, over }
    }

    /// Whether every kind was counted right.
    #[must_use]
    pub fn is_right(&self) -> bool {
        self.truth == self.answer
    }
}

/// A person's record over their answers to drills: the hands counted, those
/// counted right, the median time, and the points missed and over-counted
/// in each kind.
///
/// ```
/// use crib_core::{Category, CountByKind, DrillRecord, Grade};
/// let truth = CountByKind { fifteens: 4, ..CountByKind::ZERO };
/// let short = CountByKind { fifteens: 2, ..CountByKind::ZERO };
/// let answers = [(Grade::new(truth, truth), 3000), (Grade::new(truth, short), 5000)];
/// let record = DrillRecord::of(answers);
/// assert_eq!((record.hands, record.right, record.median_millis), (2, 1, Some(4000)));
/// assert_eq!(record.most_missed(), [(Category::Fifteen, 2, 1)]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DrillRecord {
    /// Hands counted.
    pub hands: u32,
    /// Hands counted right in every kind.
    pub right: u32,
    /// The median time of an answer, in milliseconds (`None` with no
    /// answers).
    pub median_millis: Option<u64>,
    /// Points missed in each kind, in the order of [`Category::ALL`].
    pub missed_points: [u32; 5],
    /// Hands in which points of each kind were missed.
    pub missed_hands: [u32; 5],
    /// Points over-counted in each kind.
    pub over_points: [u32; 5],
    /// Hands in which points of each kind were over-counted.
    pub over_hands: [u32; 5],
}

impl DrillRecord {
    /// The record of `answers`: each answer's grade, and how long it took in
    /// milliseconds from the hand being shown.
    #[must_use]
    pub fn of(answers: impl IntoIterator<Item = (Grade, u64)>) -> DrillRecord {
        let mut record = DrillRecord::default();
        let mut times = Vec::new();
        for (grade, millis) in answers {
            times.push(millis);
            record.hands += 1;
            record.right += u32::from(grade.is_right());
            for (category, points) in grade.missed.kinds() {
                record.missed_points[category.index()] += u32::from(points);
                record.missed_hands[category.index()] += u32::from(points > 0);
            }
            for (category, points) in grade.over.kinds() {
                record.over_points[category.index()] += u32::from(points);
                record.over_hands[category.index()] += u32::from(points > 0);
            }
        }
        times.sort_unstable();
        record.median_millis = match times.len() {
            0 => None,
            n if n % 2 == 1 => Some(times[n / 2]),
            n => Some((times[n / 2 - 1] + times[n / 2]) / 2),
        };
        record
    }

    /// The share of hands counted right, from 0 to 1 (0 with no hands).
    #[must_use]
    pub fn accuracy(&self) -> f64 {
        if self.hands == 0 { 0.0 } else { f64::from(self.right) / f64::from(self.hands) }
    }

    /// The kinds whose points were missed, most points first (ties in the
    /// order a count is said): each with its points and the hands they were
    /// missed in.
    #[must_use]
    pub fn most_missed(&self) -> Vec<(Category, u32, u32)> {
        ranked(self.missed_points, self.missed_hands)
    }

    /// The kinds over-counted, most points first.
    #[must_use]
    pub fn most_over(&self) -> Vec<(Category, u32, u32)> {
        ranked(self.over_points, self.over_hands)
    }
}

fn ranked(points: [u32; 5], hands: [u32; 5]) -> Vec<(Category, u32, u32)> {
    let mut kinds: Vec<(Category, u32, u32)> = Category::ALL
        .into_iter()
        .map(|category| (category, points[category.index()], hands[category.index()]))
        .filter(|&(_, points, _)| points > 0)
        .collect();
    kinds.sort_by_key(|&(category, points, _)| (std::cmp::Reverse(points), category.index()));
    kinds
}

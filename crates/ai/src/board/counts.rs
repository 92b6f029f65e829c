//! The distributions of a round's points that the tables of the chance of
//! winning are built from ([`RoundCounts`]), and the ones kept in the
//! repository for two, three and four players (`data/`, written by `crib
//! stats board --rebuild --write`).

use std::collections::BTreeMap;

use crib_core::SourcePoints;
use serde::Serialize;

use crate::board::race::{Chance, Round};

/// The two-player measure.
mod two {
    include!("data/two_players.rs");
}

/// The three-player measure.
mod three {
    include!("data/three_players.rs");
}

/// The four-player measure (partners).
mod four {
    include!("data/four_players.rs");
}

/// The distributions of a round's points that the tables are built from,
/// for the parties of the race (the sides, or the three players) in the
/// order of a round: the pone's first, the dealer's last, with three
/// players the second pone between.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoundCounts {
    /// Rounds by every party's points in the play, in the order of the
    /// round (his heels with the dealer's).
    pub play: BTreeMap<Vec<u8>, u32>,
    /// The show in its order, rounds by the points of each stage (see
    /// [`RoundCounts::STAGES`]); stage `i` counts for party `i` modulo the
    /// number of parties.
    pub show: Vec<Vec<u32>>,
}

/// The counts of a kept measure, from its tables: the play by each
/// party's points with the count, then the stages of the show.
fn kept_counts(play: impl Iterator<Item = (Vec<u8>, u32)>, show: &[&[u32]]) -> RoundCounts {
    RoundCounts { play: play.collect(), show: show.iter().map(|stage| stage.to_vec()).collect() }
}

impl RoundCounts {
    /// The stages of the show for 2, 3 and 4 players, in order: the name
    /// of each in the kept files and the points it can count up to.
    pub const STAGES: [&[(&str, usize)]; 3] = [
        &[("PONE_HAND", 30), ("DEALER_SHOW", 60)],
        &[("PONE_HAND", 30), ("SECOND_HAND", 30), ("DEALER_SHOW", 60)],
        &[
            ("PONE_HAND", 30),
            ("DEALER_PARTNER_HAND", 30),
            ("PONE_PARTNER_HAND", 30),
            ("DEALER_SHOW", 60),
        ],
    ];

    /// The stages of the show for `players` (2, 3 or 4).
    pub(crate) fn stages(players: u8) -> &'static [(&'static str, usize)] {
        let index = usize::from(players.clamp(2, 4) - 2);
        RoundCounts::STAGES[index]
    }

    /// The two-player counts kept in the repository, that
    /// [`win_chance`](crate::win_chance) uses.
    #[must_use]
    pub fn stored() -> RoundCounts {
        RoundCounts::stored_for(2).expect("counts are kept for two players")
    }

    /// The counts kept for `players` (2, 3, or 4 in partnerships), if
    /// any.
    #[must_use]
    pub fn stored_for(players: u8) -> Option<RoundCounts> {
        match players {
            2 => Some(kept_counts(
                two::PLAY.iter().map(|&(pone, dealer, count)| (vec![pone, dealer], count)),
                &[&two::PONE_HAND, &two::DEALER_SHOW],
            )),
            3 => Some(kept_counts(
                three::PLAY
                    .iter()
                    .map(|&(pone, second, dealer, count)| (vec![pone, second, dealer], count)),
                &[&three::PONE_HAND, &three::SECOND_HAND, &three::DEALER_SHOW],
            )),
            4 => Some(kept_counts(
                four::PLAY.iter().map(|&(pone, dealer, count)| (vec![pone, dealer], count)),
                &[
                    &four::PONE_HAND,
                    &four::DEALER_PARTNER_HAND,
                    &four::PONE_PARTNER_HAND,
                    &four::DEALER_SHOW,
                ],
            )),
            _ => None,
        }
    }

    /// The games, the seed and the first dealer's wins of the measure kept
    /// for `players` (2, 3, or 4 in partnerships), if any.
    pub(crate) fn kept_measure(players: u8) -> Option<(u64, u64, u64)> {
        match players {
            2 => Some(two::MEASURED),
            3 => Some(three::MEASURED),
            4 => Some(four::MEASURED),
            _ => None,
        }
    }

    /// The completed rounds counted.
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.play.values().sum()
    }

    /// The measured round as the race of `N` parties reads it: the play's
    /// outcomes and the show's stages as chances. Outcomes of the play
    /// counted for another number of parties are left out.
    pub(crate) fn round<const N: usize, T: Chance>(&self) -> Round<N, T> {
        crib_race::measured_round(
            self.play.iter().map(|(points, &count)| (points.as_slice(), count)),
            self.show.iter().map(Vec::as_slice),
        )
    }

    /// These counts and `other`'s together: the rounds of two runs.
    #[must_use]
    pub fn merge(mut self, other: RoundCounts) -> RoundCounts {
        for (key, count) in other.play {
            *self.play.entry(key).or_default() += count;
        }
        if self.show.len() < other.show.len() {
            self.show.resize(other.show.len(), Vec::new());
        }
        for (ours, theirs) in self.show.iter_mut().zip(&other.show) {
            add(ours, theirs);
        }
        self
    }

    /// Counts one completed round from what each seat and side scored in
    /// it: the pone's and the dealer's own points, and their sides'; with
    /// three players, `second` is the second pone's.
    pub(crate) fn count_round(
        &mut self,
        players: u8,
        seats: [&SourcePoints; 2],
        sides: [&SourcePoints; 2],
        second: Option<&SourcePoints>,
    ) {
        let [pone, dealer] = seats;
        let [pone_side, dealer_side] = sides;
        let small = |points: u32| u8::try_from(points).unwrap_or(u8::MAX);
        let (pone_play, dealer_play) =
            (small(pone_side.pegging), small(dealer_side.pegging + dealer_side.heels));
        let (play, show) = match (players, second) {
            (3, Some(second)) => (
                vec![pone_play, small(second.pegging), dealer_play],
                vec![pone.hand, second.hand, dealer.hand + dealer.crib],
            ),
            (4, _) => (
                vec![pone_play, dealer_play],
                vec![
                    pone.hand,
                    dealer_side.hand - dealer.hand,
                    pone_side.hand - pone.hand,
                    dealer.hand + dealer.crib,
                ],
            ),
            _ => (vec![pone_play, dealer_play], vec![pone.hand, dealer.hand + dealer.crib]),
        };
        *self.play.entry(play).or_default() += 1;
        if self.show.len() < show.len() {
            self.show.resize(show.len(), Vec::new());
        }
        for (counts, points) in self.show.iter_mut().zip(show) {
            bump(counts, points);
        }
    }
}

fn add(ours: &mut Vec<u32>, theirs: &[u32]) {
    if ours.len() < theirs.len() {
        ours.resize(theirs.len(), 0);
    }
    for (a, b) in ours.iter_mut().zip(theirs) {
        *a += b;
    }
}

fn bump(counts: &mut Vec<u32>, at: u32) {
    let at = at as usize;
    if counts.len() <= at {
        counts.resize(at + 1, 0);
    }
    counts[at] += 1;
}

//! The chance of winning a game of three players from the board: see
//! [`ThreeTable`].

use std::sync::OnceLock;

use crib_core::Seat;

use crate::board::counts::RoundCounts;
use crate::board::race::{MAX_NEED, Race, at, split_win};

/// The chances at the start of a round of the table built from the counts
/// kept in the repository (`data/three_players.rs`), written by the build
/// script (`build.rs`) as [`crib_race::kept_start`] keeps them.
static KEPT_START: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/three_players_start.bin"));

/// The seats of a three-player round dealt by `dealer` in the table's
/// order: the pone, the second pone, the dealer.
pub(crate) fn round_order(dealer: Seat) -> [Seat; 3] {
    let pone = dealer.next(3);
    [pone, pone.next(3), dealer]
}

/// Each seat's chance of winning, in the order of the round: the pone, the
/// second pone, the dealer.
pub type Chances = [f64; 3];

/// The chances of a game of three players, by what each seat needs.
///
/// The model is the two sides' one ([`WinTable`](crate::WinTable)) with
/// three: a round is drawn from distributions measured over expert
/// self-play (kept in `data/three_players.rs`, written by `crib stats board
/// --players 3 --rebuild --write`): the play's points of the pone, the
/// second pone (the seat on the pone's left) and the dealer together (one
/// joint distribution, his heels with the dealer's), then the pone's hand,
/// the second pone's, and the dealer's hand and crib. They are scored in
/// the order of the game: a seat the play takes to the target wins (when
/// more than one would, each is as likely to be first), then the show
/// counts in its order, and otherwise the next round is dealt by this
/// round's pone. Every round scores at least the last card's point, so
/// each lowers the sum of what the three need, and the table follows by
/// dynamic programming over that sum, for every need up to 121: about
/// three seconds on two cores, done when the program is compiled (by
/// `crib-ai`'s build script) for the kept counts, so that
/// [`ThreeTable::stored`] is at hand at once. The table keeps the chances
/// at the start of a round; a chance after the play is counted from them
/// through the show, the same sums as the building's.
///
/// ```
/// let table = crib_ai::ThreeTable::stored();
/// // At the start of a game the dealer, with the crib, is the favourite.
/// let [pone, second, dealer] = table.chances([121, 121, 121]);
/// assert!(dealer > pone && dealer > second);
/// assert!((pone + second + dealer - 1.0).abs() < 1e-4);
/// ```
#[derive(Clone)]
pub struct ThreeTable {
    /// At the start of a round, by the needs of the pone, the second pone
    /// and the dealer.
    start: Start,
    /// The show of the measured round, in its order: the party each stage
    /// counts for, and the chance of each number of points.
    show: Vec<(usize, Vec<f32>)>,
}

/// The chances at the start of a round.
#[derive(Clone)]
enum Start {
    /// Kept by the build script ([`KEPT_START`]).
    Kept(&'static [u8]),
    /// Built in this process ([`ThreeTable::from_counts`]), by
    /// [`at`](crate::board::race::at).
    Built(Vec<[f32; 3]>),
}

impl std::fmt::Debug for ThreeTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let start = match self.start {
            Start::Kept(_) => "kept by the build",
            Start::Built(_) => "built",
        };
        f.debug_struct("ThreeTable").field("start", &start).field("show", &self.show).finish()
    }
}

/// The kept table, once read.
static TABLE: OnceLock<ThreeTable> = OnceLock::new();

impl ThreeTable {
    /// The table of the counts kept in the repository, built when the
    /// program was compiled: at hand at once.
    #[must_use]
    pub fn stored() -> &'static ThreeTable {
        TABLE.get_or_init(|| {
            let counts = RoundCounts::stored_for(3).expect("counts are kept for three players");
            ThreeTable { start: Start::Kept(KEPT_START), show: counts.round::<3, f32>().show }
        })
    }

    /// The table for measured three-player `counts`, built now on every
    /// core (seconds: [`ThreeTable::stored`] is the kept counts' table,
    /// built when the program was compiled).
    #[must_use]
    pub fn from_counts(counts: &RoundCounts) -> ThreeTable {
        let round = counts.round::<3, f32>();
        let Race { start, .. } = crib_race::three_players(&round, true);
        ThreeTable { start: Start::Built(start), show: round.show }
    }

    /// Each seat's chance at the start of a round, by what the pone, the
    /// second pone and the dealer need (in that order); a seat that needs
    /// nothing has won.
    #[must_use]
    pub fn chances(&self, needs: [u16; 3]) -> Chances {
        if needs.contains(&0) {
            return split_win::<3, f32>(needs.map(|need| need == 0)).map(f64::from);
        }
        let needs = needs.map(|need| usize::from(need).min(MAX_NEED));
        self.start_at(needs).map(|chance| f64::from(chance).clamp(0.0, 1.0))
    }

    /// Each seat's chance after the play, before the show: counted from
    /// the chances at the start of the next rounds through the stages of
    /// the show (a few thousand sums).
    #[must_use]
    pub fn chances_after_play(&self, needs: [u16; 3]) -> Chances {
        if needs.contains(&0) {
            return split_win::<3, f32>(needs.map(|need| need == 0)).map(f64::from);
        }
        let needs = needs.map(|need| usize::from(need).min(MAX_NEED));
        let after = crib_race::after_play(&self.show, needs, &|needs| self.start_at(needs));
        after.map(|chance| f64::from(chance).clamp(0.0, 1.0))
    }

    /// The chances at the start of a round at `needs`, each from 1 to 121.
    fn start_at(&self, needs: [usize; 3]) -> [f32; 3] {
        match &self.start {
            Start::Kept(bytes) => crib_race::read_kept(bytes, needs),
            Start::Built(start) => start[at(needs)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_table_is_the_build_of_the_kept_counts_to_the_last_bit() {
        let counts = RoundCounts::stored_for(3).expect("counts are kept for three players");
        let Race { start, stages } = crib_race::three_players(&counts.round::<3, f32>(), true);
        let kept = ThreeTable::stored();
        for a in 1..=MAX_NEED {
            for b in 1..=MAX_NEED {
                for c in 1..=MAX_NEED {
                    let needs = [a, b, c];
                    let built = start[at(needs)].map(f32::to_bits);
                    assert_eq!(kept.start_at(needs).map(f32::to_bits), built, "{needs:?}");
                }
            }
        }
        let clamped = |chances: [f32; 3]| chances.map(|chance| f64::from(chance).clamp(0.0, 1.0));
        for a in (1..=121).step_by(12) {
            for b in (1..=121).step_by(10) {
                for c in (1..=121).step_by(11) {
                    let needs = [a, b, c];
                    let shown = stages[0][at(needs.map(usize::from))];
                    assert_eq!(kept.chances_after_play(needs), clamped(shown), "{needs:?}");
                }
            }
        }
    }
}

//! The chance of winning a game of three players from the board: see
//! [`ThreeTable`].

use std::sync::{Once, OnceLock};

use crib_core::Seat;

use crate::board::counts::RoundCounts;
use crate::board::race::{MAX_NEED, Race, at, race, split_win};

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
/// three seconds on two cores, once a process (hence
/// [`ThreeTable::build_ahead`]).
///
/// ```
/// let table = crib_ai::ThreeTable::stored();
/// // At the start of a game the dealer, with the crib, is the favourite.
/// let [pone, second, dealer] = table.chances([121, 121, 121]);
/// assert!(dealer > pone && dealer > second);
/// assert!((pone + second + dealer - 1.0).abs() < 1e-4);
/// ```
#[derive(Clone, Debug)]
pub struct ThreeTable {
    /// At the start of a round, by the needs of the pone, the second pone
    /// and the dealer.
    start: Vec<[f32; 3]>,
    /// After the play, before the show.
    shown: Vec<[f32; 3]>,
}

/// The kept table, once built.
static TABLE: OnceLock<ThreeTable> = OnceLock::new();

/// Done once [`ThreeTable::build_ahead`] has started the building.
static STARTED: Once = Once::new();

impl ThreeTable {
    /// The table built from the counts kept in the repository, on first
    /// use (a call while another thread builds it waits for it).
    #[must_use]
    pub fn stored() -> &'static ThreeTable {
        TABLE.get_or_init(|| {
            let counts = RoundCounts::stored_for(3).expect("counts are kept for three players");
            ThreeTable::from_counts(&counts)
        })
    }

    /// The kept table if it is built already: never waits.
    #[must_use]
    pub fn built() -> Option<&'static ThreeTable> {
        TABLE.get()
    }

    /// Starts building the kept table on a thread of its own, once a
    /// process, unless it is built already, so that what reads it later
    /// need not wait the seconds it takes: the expert at a table of three
    /// calls this at its first discard, for its search near the end of the
    /// game, and a referee's table of three with a person at it when it is
    /// set, for the person's chances and hints.
    pub fn build_ahead() {
        if TABLE.get().is_none() {
            STARTED.call_once(|| {
                // A thread that cannot be started leaves the table to be
                // built on first use.
                let _started = std::thread::Builder::new()
                    .name("three players' table".to_owned())
                    .spawn(|| {
                        let _table = ThreeTable::stored();
                    });
            });
        }
    }

    /// Whether [`ThreeTable::build_ahead`] has started building the kept
    /// table in this process, on a thread of its own (unless none could be
    /// started); never waits. A table built on first use without it
    /// ([`ThreeTable::stored`]) does not count.
    #[must_use]
    pub fn build_started() -> bool {
        STARTED.is_completed()
    }

    /// The table for measured three-player `counts`, built on a pool of
    /// threads of its own (or on this thread alone if none can be started):
    /// a thread that waits for the kept table ([`ThreeTable::stored`]) may
    /// be a worker of rayon's global pool, which the building must not
    /// need.
    #[must_use]
    pub fn from_counts(counts: &RoundCounts) -> ThreeTable {
        match rayon::ThreadPoolBuilder::new().build() {
            Ok(pool) => pool.install(|| ThreeTable::build(counts, true)),
            Err(_) => ThreeTable::build(counts, false),
        }
    }

    /// The table for `counts`, each level of positions over the current
    /// rayon pool (`parallel`) or on this thread.
    fn build(counts: &RoundCounts, parallel: bool) -> ThreeTable {
        let Race { start, mut stages } = race(&counts.round::<3, f32>(), parallel);
        ThreeTable { start, shown: stages.swap_remove(0) }
    }

    /// Each seat's chance at the start of a round, by what the pone, the
    /// second pone and the dealer need (in that order); a seat that needs
    /// nothing has won.
    #[must_use]
    pub fn chances(&self, needs: [u16; 3]) -> Chances {
        Self::read(&self.start, needs)
    }

    /// Each seat's chance after the play, before the show.
    #[must_use]
    pub fn chances_after_play(&self, needs: [u16; 3]) -> Chances {
        Self::read(&self.shown, needs)
    }

    fn read(table: &[[f32; 3]], needs: [u16; 3]) -> Chances {
        if needs.contains(&0) {
            return split_win::<3, f32>(needs.map(|need| need == 0)).map(f64::from);
        }
        let needs = needs.map(|need| usize::from(need).min(MAX_NEED));
        table[at(needs)].map(|chance| f64::from(chance).clamp(0.0, 1.0))
    }
}

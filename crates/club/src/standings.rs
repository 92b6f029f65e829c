//! Standings in the club format: every entrant's games, wins, losses,
//! skunks, points and spread, ranked by points, then wins, then spread.
//!
//! The same table ranks a tournament and a club's session, in the order
//! in which a match in the club format is decided
//! ([`crib_core::MatchTally::decided`]).

use std::cmp::Ordering;
use std::fmt;

use crib_core::{ClubMerit, Side, Skunk};
use serde::{Deserialize, Serialize};

use crate::Played;

/// An entrant of a tournament or a session, by entry number, counted from
/// 0 in the order of entry. Where entrants are seeded (a knockout), the
/// order of entry is the seeding: entrant 0 is seed 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Entrant(pub u16);

impl Entrant {
    /// The entry number as an index, `0..entrants`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Entrant {
    /// The entry number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// One entrant's line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Line {
    /// Whose line it is.
    pub entrant: Entrant,
    /// Games played.
    pub played: u32,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games won with a skunk, double skunks included.
    pub skunks_won: u32,
    /// Games lost under the skunk line, double skunks included.
    pub skunks_lost: u32,
    /// Club points: 2 a win, 3 a skunk win, a double skunk too
    /// ([`Played::points`]).
    pub points: u32,
    /// The margins of the games won less those of the games lost
    /// ([`Played::spread`]).
    pub spread: i64,
}

impl Line {
    /// A line with no games.
    const fn new(entrant: Entrant) -> Line {
        Line {
            entrant,
            played: 0,
            wins: 0,
            losses: 0,
            skunks_won: 0,
            skunks_lost: 0,
            points: 0,
            spread: 0,
        }
    }

    /// How two lines rank by the club's tie-breaks alone: points, then
    /// wins, then spread, the better first. `Equal` is a complete tie.
    #[must_use]
    pub fn by_merit(&self, other: &Line) -> Ordering {
        other.merit().cmp(&self.merit())
    }

    /// What the line is ranked by: the club format's order, as a match in
    /// the club format is decided.
    #[must_use]
    pub const fn merit(&self) -> ClubMerit {
        ClubMerit { points: self.points, wins: self.wins, spread: self.spread }
    }

    /// How two lines stand in the table: [`Line::by_merit`], and at a
    /// complete tie the lower entry number first, only so that the order
    /// is total and the same every time.
    #[must_use]
    pub fn by_rank(&self, other: &Line) -> Ordering {
        self.by_merit(other).then(self.entrant.cmp(&other.entrant))
    }

    /// Adds `side`'s share of `game`.
    fn add(&mut self, game: &Played, side: Side) {
        self.played += 1;
        if game.winner() == side {
            self.wins += 1;
            self.skunks_won += u32::from(game.skunk() != Skunk::None);
        } else {
            self.losses += 1;
            self.skunks_lost += u32::from(game.skunk_of(side) != Skunk::None);
        }
        self.points += game.points(side);
        self.spread += game.spread(side);
    }
}

/// Why a game cannot be entered in the standings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    /// An entry number past the last entrant.
    #[error("there is no entrant {0}: the entrants are 0 to {last}", last = .1.saturating_sub(1))]
    Entrant(Entrant, usize),
    /// Not one entrant for each side of the game.
    #[error("{0} entrants for a game of {1} sides")]
    Sides(usize, usize),
    /// One entrant on two sides of one game.
    #[error("entrant {0} is on two sides of one game")]
    Twice(Entrant),
}

/// The standings of a fixed list of entrants, game by game.
///
/// ```
/// use crib_club::{Entrant, Played, Standings};
/// let mut standings = Standings::new(3);
/// standings.record(&[Entrant(0), Entrant(2)], &Played::new(121, vec![121, 80])?)?;
/// let table = standings.table();
/// assert_eq!(table[0].entrant, Entrant(0));
/// assert_eq!((table[0].points, table[0].spread), (3, 41));
/// assert_eq!(table[1].entrant, Entrant(1)); // no games: 0 points, 0 spread
/// assert_eq!(table[2].entrant, Entrant(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    lines: Vec<Line>,
}

impl Standings {
    /// Standings of `entrants` entrants, numbered `0..entrants`, with no
    /// games yet.
    #[must_use]
    pub fn new(entrants: u16) -> Standings {
        Standings { lines: (0..entrants).map(|entrant| Line::new(Entrant(entrant))).collect() }
    }

    /// Enters `game`, where `sides[i]` is the entrant of side `i`. On an
    /// error nothing is entered.
    ///
    /// # Errors
    ///
    /// Not one entrant for each side, an entrant who is not in these
    /// standings, or one entrant on two sides.
    pub fn record(&mut self, sides: &[Entrant], game: &Played) -> Result<(), StandingsError> {
        if sides.len() != game.sides() {
            return Err(StandingsError::Sides(sides.len(), game.sides()));
        }
        for (i, &entrant) in sides.iter().enumerate() {
            if entrant.index() >= self.lines.len() {
                return Err(StandingsError::Entrant(entrant, self.lines.len()));
            }
            if sides[..i].contains(&entrant) {
                return Err(StandingsError::Twice(entrant));
            }
        }
        for (side, entrant) in (0..).map_while(Side::new).zip(sides) {
            self.lines[entrant.index()].add(game, side);
        }
        Ok(())
    }

    /// Enters a game that was not played because `loser` gave up the match
    /// against `winner`: a win for `winner` worth a plain win's points
    /// ([`Skunk::club_points`]),
    /// a loss for `loser`, no skunk and no spread. On an error nothing is
    /// entered.
    ///
    /// ```
    /// use crib_club::{Entrant, Standings};
    /// let mut standings = Standings::new(2);
    /// standings.record_forfeit(Entrant(1), Entrant(0))?;
    /// let table = standings.table();
    /// assert_eq!((table[0].entrant, table[0].wins, table[0].points), (Entrant(1), 1, 2));
    /// assert_eq!((table[1].losses, table[1].points, table[1].spread), (1, 0, 0));
    /// # Ok::<(), crib_club::StandingsError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An entrant who is not in these standings, or one entrant on both
    /// sides.
    pub fn record_forfeit(
        &mut self,
        winner: Entrant,
        loser: Entrant,
    ) -> Result<(), StandingsError> {
        for entrant in [winner, loser] {
            if entrant.index() >= self.lines.len() {
                return Err(StandingsError::Entrant(entrant, self.lines.len()));
            }
        }
        if winner == loser {
            return Err(StandingsError::Twice(winner));
        }
        let won = &mut self.lines[winner.index()];
        won.played += 1;
        won.wins += 1;
        won.points += Skunk::None.club_points();
        let lost = &mut self.lines[loser.index()];
        lost.played += 1;
        lost.losses += 1;
        Ok(())
    }

    /// `entrant`'s line, if it is one of these entrants.
    #[must_use]
    pub fn line(&self, entrant: Entrant) -> Option<&Line> {
        self.lines.get(entrant.index())
    }

    /// Every line, the first place first ([`Line::by_rank`]).
    #[must_use]
    pub fn table(&self) -> Vec<Line> {
        let mut table = self.lines.clone();
        table.sort_by(Line::by_rank);
        table
    }
}

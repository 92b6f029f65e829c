//! Where a tournament stands, given the games of its matches so far: each
//! match's status, the matches ready to start, the standings, and the
//! final order once it is over.
//!
//! Rounds open in turn. In a round robin a round opens when every match of
//! the rounds before it is over; in a knockout a match opens when both its
//! entrants are known, that is when the matches it waits for are over.

use crib_core::{MatchLength, Side};
use serde::Serialize;

use super::draw::{Kind, MatchId, Slot, Tournament, TournamentError};
use crate::{Entrant, Line, MatchState, Played, Standings, match_state};

/// What a match of a tournament has come to so far: its games, and the
/// side that gave it up, if one did.
///
/// A match given up is lost by the side that gave it up, and every game it
/// did not play (the game it was given up in among them) counts in the
/// standings as a game that side lost and the other won, for a plain win's
/// points and no spread ([`Standings::record_forfeit`]): as many as the
/// other side still needed to win the match, or, in a match of all its
/// games (the club format), as many as were still to be played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchRecord {
    /// The games finished, in the order played, side 0 the home entrant.
    pub games: Vec<Played>,
    /// The side (0 home, 1 away) that gave the match up, if one did.
    pub given_up_by: Option<Side>,
}

impl From<Vec<Played>> for MatchRecord {
    /// A match of these games, given up by no one.
    fn from(games: Vec<Played>) -> MatchRecord {
        MatchRecord { games, given_up_by: None }
    }
}

/// The games of a match of `length` that are not played because the side
/// that did not win `games` gave it up.
fn forfeited_games(length: MatchLength, games: &[Played], winner: Side) -> u32 {
    let count = |filter: &dyn Fn(&&Played) -> bool| {
        u32::try_from(games.iter().filter(filter).count()).unwrap_or(u32::MAX)
    };
    match length {
        MatchLength::FirstTo(wins) => wins.saturating_sub(count(&|game| game.winner() == winner)),
        MatchLength::AllOf(all) => all.saturating_sub(count(&|_| true)),
    }
}

/// Where one match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Not open yet: an entrant is not known, or an earlier round of a
    /// round robin is still being played.
    Waiting,
    /// Open, with no game played yet.
    Ready {
        /// Side 0.
        home: Entrant,
        /// Side 1.
        away: Entrant,
    },
    /// Started and not over.
    Playing {
        /// Side 0.
        home: Entrant,
        /// Side 1.
        away: Entrant,
    },
    /// Over.
    Won {
        /// Who won it.
        winner: Entrant,
        /// Who lost it.
        loser: Entrant,
    },
}

impl MatchStatus {
    /// Whether the match is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        matches!(self, MatchStatus::Won { .. })
    }
}

/// Where a tournament stands: what [`Tournament::progress`] answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Progress {
    statuses: Vec<MatchStatus>,
    standings: Vec<Line>,
    final_order: Option<Vec<Entrant>>,
}

impl Progress {
    /// Every match's status, by [`MatchId`].
    #[must_use]
    pub fn statuses(&self) -> &[MatchStatus] {
        &self.statuses
    }

    /// The matches ready to start (open, no game played), in order, with
    /// their home and away entrants.
    pub fn ready(&self) -> impl Iterator<Item = (MatchId, Entrant, Entrant)> + '_ {
        self.statuses.iter().zip(0..).filter_map(|(status, id)| match *status {
            MatchStatus::Ready { home, away } => Some((MatchId(id), home, away)),
            _ => None,
        })
    }

    /// The standings in the club format over every game played so far, the
    /// first place first. Byes are not games: they add nothing.
    #[must_use]
    pub fn standings(&self) -> &[Line] {
        &self.standings
    }

    /// Whether every match that decides the tournament is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.final_order.is_some()
    }

    /// Once the tournament is over, every entrant in final order, the
    /// winner first.
    ///
    /// A round robin's order is its standings'. A knockout's is its
    /// winner, the final's loser, then the losers of each round before in
    /// turn, those who lost in the same round by seed.
    #[must_use]
    pub fn final_order(&self) -> Option<&[Entrant]> {
        self.final_order.as_deref()
    }
}

impl Tournament {
    /// Where the tournament stands after these games: `results[id]` holds
    /// the games of match `id` in the order played, side 0 its home
    /// entrant; matches past the end of `results` have none.
    ///
    /// # Errors
    ///
    /// Results for more matches than there are, a game that is not of two
    /// sides, games the match's format refuses (games after it was over),
    /// or games of a knockout match whose entrants are not known yet.
    ///
    /// ```
    /// use crib_club::{Entrant, Kind, MatchId, Played, Tournament};
    /// use crib_core::MatchLength;
    /// let tournament = Tournament::new(Kind::Knockout, 3, MatchLength::SINGLE)?;
    /// let start = tournament.progress(&[])?;
    /// assert_eq!(start.ready().collect::<Vec<_>>(), [(MatchId(0), Entrant(1), Entrant(2))]);
    /// // Seed 3 (entrant 2, side 1) beats seed 2, and meets seed 1 in the final.
    /// let upset = vec![Played::new(121, vec![100, 121])?];
    /// let after = tournament.progress(&[upset])?;
    /// assert_eq!(after.ready().collect::<Vec<_>>(), [(MatchId(1), Entrant(0), Entrant(2))]);
    /// assert!(!after.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn progress(&self, results: &[Vec<Played>]) -> Result<Progress, TournamentError> {
        let records: Vec<MatchRecord> = results.iter().cloned().map(MatchRecord::from).collect();
        self.progress_of(&records)
    }

    /// Where the tournament stands after these matches, given up or not:
    /// [`Tournament::progress`], where `records[id]` is what match `id`
    /// has come to.
    ///
    /// # Errors
    ///
    /// Those of [`Tournament::progress`], and a match given up after it
    /// was over.
    ///
    /// ```
    /// use crib_club::{Kind, MatchRecord, MatchStatus, Played, Slot, Tournament};
    /// use crib_core::{MatchLength, Side};
    /// let tournament = Tournament::new(Kind::RoundRobin, 3, MatchLength::BEST_OF_THREE)?;
    /// // Match 0's away entrant wins a game, then its home entrant gives it up.
    /// let first = Played::new(121, vec![100, 121])?;
    /// let given_up = MatchRecord { games: vec![first], given_up_by: Side::new(0) };
    /// let progress = tournament.progress_of(&[given_up])?;
    /// let MatchStatus::Won { winner, loser } = progress.statuses()[0] else { panic!() };
    /// assert_eq!(tournament.matches()[0].away, Slot::Entrant(winner));
    /// // Best of three: the game won, and one more not played, for the winner.
    /// let won = progress.standings().iter().find(|line| line.entrant == winner).unwrap();
    /// assert_eq!((won.wins, won.points, won.spread), (2, 4, 21));
    /// let lost = progress.standings().iter().find(|line| line.entrant == loser).unwrap();
    /// assert_eq!((lost.losses, lost.points, lost.spread), (2, 0, -21));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn progress_of(&self, results: &[MatchRecord]) -> Result<Progress, TournamentError> {
        let matches = self.matches();
        if results.len() > matches.len() {
            return Err(TournamentError::Results(results.len(), matches.len()));
        }
        let mut standings = Standings::new(self.entrants());
        let mut statuses: Vec<MatchStatus> = Vec::with_capacity(matches.len());
        // The round of the match, and whether it is open: in a round robin
        // when every match before the round is over, in a knockout always
        // (a match there opens when its entrants are known).
        let mut round_open = (0, true);
        for (index, fixture) in matches.iter().enumerate() {
            let id = MatchId(u16::try_from(index).expect("at most 496 matches"));
            let (games, given_up_by) = results
                .get(index)
                .map_or((&[][..], None), |record| (record.games.as_slice(), record.given_up_by));
            if fixture.round != round_open.0 {
                let earlier_over = statuses.iter().all(|status| status.is_over());
                round_open = (fixture.round, self.kind() == Kind::Knockout || earlier_over);
            }
            let entrant = |slot: Slot| match slot {
                Slot::Entrant(entrant) => Some(entrant),
                Slot::WinnerOf(earlier) => match statuses[earlier.index()] {
                    MatchStatus::Won { winner, .. } => Some(winner),
                    _ => None,
                },
            };
            let (Some(home), Some(away)) = (entrant(fixture.home), entrant(fixture.away)) else {
                if !games.is_empty() {
                    return Err(TournamentError::TooEarly(id));
                }
                statuses.push(MatchStatus::Waiting);
                continue;
            };
            if let Some(other) = games.iter().find(|played| played.sides() != 2) {
                return Err(TournamentError::Sides(id, other.sides()));
            }
            let mut state = match_state(self.format(), games)
                .map_err(|error| TournamentError::Match(id, error))?;
            for played in games {
                standings
                    .record(&[home, away], played)
                    .expect("a match's two entrants are distinct entrants of the tournament");
            }
            if let Some(quitter) = given_up_by {
                if state != MatchState::Playing || quitter.index() > 1 {
                    return Err(TournamentError::GivenUp(id));
                }
                let winner = Side::new(u8::from(quitter.index() == 0))
                    .ok_or(TournamentError::GivenUp(id))?;
                let (won, lost) = if winner.index() == 0 { (home, away) } else { (away, home) };
                for _ in 0..forfeited_games(self.format(), games, winner) {
                    standings
                        .record_forfeit(won, lost)
                        .expect("a match's two entrants are distinct entrants of the tournament");
                }
                state = MatchState::Won(winner);
            }
            statuses.push(match state {
                MatchState::Won(side) if side.index() == 0 => {
                    MatchStatus::Won { winner: home, loser: away }
                }
                MatchState::Won(_) => MatchStatus::Won { winner: away, loser: home },
                MatchState::Playing if games.is_empty() && round_open.1 => {
                    MatchStatus::Ready { home, away }
                }
                MatchState::Playing if games.is_empty() => MatchStatus::Waiting,
                MatchState::Playing => MatchStatus::Playing { home, away },
            });
        }
        let standings = standings.table();
        let final_order = self.final_order(&statuses, &standings);
        Ok(Progress { statuses, standings, final_order })
    }

    /// The final order, if every deciding match is over.
    fn final_order(&self, statuses: &[MatchStatus], standings: &[Line]) -> Option<Vec<Entrant>> {
        match self.kind() {
            Kind::RoundRobin => statuses
                .iter()
                .all(|status| status.is_over())
                .then(|| standings.iter().map(|line| line.entrant).collect()),
            Kind::Knockout => {
                let MatchStatus::Won { winner, .. } = *statuses.last()? else {
                    return None;
                };
                let mut losers: Vec<(usize, Entrant)> = self
                    .matches()
                    .iter()
                    .zip(statuses)
                    .filter_map(|(fixture, status)| match *status {
                        MatchStatus::Won { loser, .. } => Some((fixture.round, loser)),
                        _ => None,
                    })
                    .collect();
                losers.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                Some(
                    std::iter::once(winner)
                        .chain(losers.into_iter().map(|(_, loser)| loser))
                        .collect(),
                )
            }
        }
    }
}

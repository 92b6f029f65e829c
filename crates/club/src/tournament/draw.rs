//! The draw of a tournament: its matches and rounds, fixed when it starts.
//!
//! A round robin pairs every two entrants once by the circle method: one
//! entrant stays in place while the others turn round it by one place a
//! round. With an odd number of entrants an empty place makes the number
//! even, and whoever is paired with it has the round's bye, so each has
//! exactly one.
//!
//! A knockout draws a bracket of the next power of two, seeded so that the
//! top seeds meet as late as can be (1 and 2 only in the final), and gives
//! the places left empty to the top seeds as byes in the first round.

use std::fmt;

use serde::{Deserialize, Serialize};

use crib_core::MatchLength;

use crate::Entrant;

/// How a tournament is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Kind {
    /// Every entrant meets every other once; the standings decide.
    RoundRobin,
    /// Winners advance, losers are out; the final decides.
    Knockout,
}

/// A name that is not a kind of tournament's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown kind of tournament `{0}`: the kinds are round-robin and knockout")]
pub struct ParseKindError(String);

impl Kind {
    /// Both kinds.
    pub const ALL: [Kind; 2] = [Kind::RoundRobin, Kind::Knockout];

    /// The kind's name as text is written: `round-robin`, `knockout`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::RoundRobin => "round-robin",
            Kind::Knockout => "knockout",
        }
    }
}

crate::text::named!(Kind, ParseKindError);

/// A match of a tournament, by its place in [`Tournament::matches`],
/// counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchId(pub u16);

impl MatchId {
    /// The match's place in [`Tournament::matches`].
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Who plays on one side of a match, as the draw knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// This entrant.
    Entrant(Entrant),
    /// Whoever wins that match (of an earlier round).
    WinnerOf(MatchId),
}

/// A match of the draw: its round and the two sides. The home entrant is
/// side 0 of the match's games, the away entrant side 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Match {
    /// The round, counted from 0.
    pub round: usize,
    /// Side 0.
    pub home: Slot,
    /// Side 1.
    pub away: Slot,
}

/// A round of the draw.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Round {
    /// The round's matches, in order.
    pub matches: Vec<MatchId>,
    /// The entrants who sit the round out, by entry number. A bye is not a
    /// game: it scores nothing in the standings, and is no win in a
    /// knockout, only a place in the next round.
    pub byes: Vec<Entrant>,
}

/// Why a tournament cannot be held, or why results cannot be its own.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// Too few or too many entrants.
    #[error(
        "a tournament has {min} to {max} entrants, not {0}",
        min = Tournament::MIN_ENTRANTS,
        max = Tournament::MAX_ENTRANTS
    )]
    Entrants(usize),
    /// Results for more matches than the tournament has.
    #[error("results for {0} matches, but the tournament has {1}")]
    Results(usize, usize),
    /// Games of a knockout match whose entrants are not known yet.
    #[error("match {0} has games, but its entrants are not known yet")]
    TooEarly(MatchId),
    /// A game that is not between the match's two entrants.
    #[error("match {0} has a game of {1} sides: a tournament's matches are between two entrants")]
    Sides(MatchId, usize),
    /// A match given up after it was over, or by a side it does not have.
    #[error("match {0} was given up after it was over, or by a side it does not have")]
    GivenUp(MatchId),
    /// A match's games that its format refuses.
    #[error("match {0}: {1}")]
    Match(MatchId, crate::MatchError),
}

/// A tournament's draw: its kind, its entrants, the format of its matches,
/// and every match and round.
///
/// ```
/// use crib_club::{Entrant, Kind, MatchId, Slot, Tournament};
/// use crib_core::MatchLength;
/// let knockout = Tournament::new(Kind::Knockout, 3, MatchLength::BEST_OF_THREE)?;
/// assert_eq!(knockout.rounds().len(), 2);
/// // Seed 1 has the bye; seeds 2 and 3 play for the place in the final.
/// assert_eq!(knockout.rounds()[0].byes, [Entrant(0)]);
/// assert_eq!(knockout.matches()[0].home, Slot::Entrant(Entrant(1)));
/// assert_eq!(knockout.matches()[1].away, Slot::WinnerOf(MatchId(0)));
/// # Ok::<(), crib_club::TournamentError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Tournament {
    kind: Kind,
    entrants: u16,
    format: MatchLength,
    matches: Vec<Match>,
    rounds: Vec<Round>,
}

impl Tournament {
    /// The fewest entrants of a tournament.
    pub const MIN_ENTRANTS: usize = 3;

    /// The most entrants of a tournament.
    pub const MAX_ENTRANTS: usize = 32;

    /// The draw of a tournament of this kind for `entrants` entrants
    /// (numbered `0..entrants`, in the order of seeding for a knockout),
    /// whose matches are played in `format`.
    ///
    /// # Errors
    ///
    /// Fewer than [`Tournament::MIN_ENTRANTS`] or more than
    /// [`Tournament::MAX_ENTRANTS`] entrants.
    pub fn new(
        kind: Kind,
        entrants: usize,
        format: MatchLength,
    ) -> Result<Tournament, TournamentError> {
        let count = u16::try_from(entrants)
            .ok()
            .filter(|_| (Tournament::MIN_ENTRANTS..=Tournament::MAX_ENTRANTS).contains(&entrants))
            .ok_or(TournamentError::Entrants(entrants))?;
        let Drawn { matches, rounds } = match kind {
            Kind::RoundRobin => round_robin(count),
            Kind::Knockout => knockout(count),
        };
        Ok(Tournament { kind, entrants: count, format, matches, rounds })
    }

    /// How it is played.
    #[must_use]
    pub const fn kind(&self) -> Kind {
        self.kind
    }

    /// The number of entrants.
    #[must_use]
    pub const fn entrants(&self) -> u16 {
        self.entrants
    }

    /// The format of every match.
    #[must_use]
    pub const fn format(&self) -> MatchLength {
        self.format
    }

    /// Every match, round by round: a [`MatchId`] is a place in this list,
    /// and a match's [`Slot::WinnerOf`] names only matches before it.
    #[must_use]
    pub fn matches(&self) -> &[Match] {
        &self.matches
    }

    /// Every round, in order.
    #[must_use]
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }
}

/// A draw as it is built, round by round.
#[derive(Default)]
struct Drawn {
    matches: Vec<Match>,
    rounds: Vec<Round>,
}

impl Drawn {
    /// Adds the next round, with these pairings (home, away) and byes, and
    /// gives its matches.
    fn round(&mut self, pairings: Vec<(Slot, Slot)>, mut byes: Vec<Entrant>) -> Vec<MatchId> {
        let round = self.rounds.len();
        let ids: Vec<MatchId> = pairings
            .into_iter()
            .map(|(home, away)| {
                let id = MatchId(u16::try_from(self.matches.len()).expect("at most 496 matches"));
                self.matches.push(Match { round, home, away });
                id
            })
            .collect();
        byes.sort_unstable();
        self.rounds.push(Round { matches: ids.clone(), byes });
        ids
    }
}

/// Every pair of `0..entrants` once, by the circle method: the last place
/// stays, places `0..places - 1` turn round by one a round. An odd number
/// of entrants gets an empty last place, and its partner the bye.
fn round_robin(entrants: u16) -> Drawn {
    let places = entrants + entrants % 2;
    let turning = places - 1;
    let mut drawn = Drawn::default();
    for round in 0..turning {
        // The place that stays meets `round`; the others pair off round
        // it, `round + step` with `round - step`.
        let pairs = std::iter::once((round, turning)).chain(
            (1..places / 2)
                .map(|step| ((round + step) % turning, (round + turning - step) % turning)),
        );
        let mut pairings = Vec::new();
        let mut byes = Vec::new();
        for (one, other) in pairs {
            if other == entrants {
                byes.push(Entrant(one));
            } else {
                let (home, away) = (one.min(other), one.max(other));
                pairings.push((Slot::Entrant(Entrant(home)), Slot::Entrant(Entrant(away))));
            }
        }
        drawn.round(pairings, byes);
    }
    drawn
}

/// The bracket of `entrants` seeded `1..=entrants` (entrant `seed - 1`),
/// with byes for the top seeds up to the next power of two.
fn knockout(entrants: u16) -> Drawn {
    let places = entrants.next_power_of_two();
    // The seeds in bracket order: each seed `s` of a bracket of `n` meets
    // `2n + 1 - s` when the bracket is doubled.
    let mut order = vec![1_u16];
    while order.len() < usize::from(places) {
        let doubled = u16::try_from(2 * order.len() + 1).expect("at most 65 places");
        order = order.iter().flat_map(|&seed| [seed, doubled - seed]).collect();
    }
    let mut drawn = Drawn::default();
    let (mut pairings, mut byes) = (Vec::new(), Vec::new());
    // Who reaches the second round from each pair of places: an entrant
    // with a bye, or (`None`) the winner of the next first-round match.
    let mut through = Vec::new();
    for pair in order.chunks(2) {
        let (top, bottom) = (Entrant(pair[0] - 1), Entrant(pair[1] - 1));
        if bottom.0 >= entrants {
            byes.push(top);
            through.push(Some(top));
        } else {
            pairings.push((Slot::Entrant(top), Slot::Entrant(bottom)));
            through.push(None);
        }
    }
    let mut first = drawn.round(pairings, byes).into_iter();
    let mut advancing: Vec<Slot> = through
        .into_iter()
        .map(|bye| match bye {
            Some(entrant) => Slot::Entrant(entrant),
            None => Slot::WinnerOf(first.next().expect("a match for each pair without a bye")),
        })
        .collect();
    while advancing.len() > 1 {
        let pairings = advancing.chunks(2).map(|pair| (pair[0], pair[1])).collect();
        advancing = drawn.round(pairings, Vec::new()).into_iter().map(Slot::WinnerOf).collect();
    }
    drawn
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(tournament: &Tournament, round: usize) -> Vec<(Slot, Slot)> {
        tournament.rounds()[round]
            .matches
            .iter()
            .map(|id| {
                let fixture = tournament.matches()[id.index()];
                (fixture.home, fixture.away)
            })
            .collect()
    }

    fn entrant(number: u16) -> Slot {
        Slot::Entrant(Entrant(number))
    }

    #[test]
    fn entrants_are_three_to_thirty_two() {
        for entrants in [0, 1, 2, 33, 100_000] {
            for kind in Kind::ALL {
                assert_eq!(
                    Tournament::new(kind, entrants, MatchLength::SINGLE),
                    Err(TournamentError::Entrants(entrants))
                );
            }
        }
        assert_eq!(
            TournamentError::Entrants(2).to_string(),
            "a tournament has 3 to 32 entrants, not 2"
        );
        assert!(Tournament::new(Kind::Knockout, 32, MatchLength::CLUB).is_ok());
    }

    #[test]
    fn four_in_a_round_robin_by_the_circle() {
        let tournament = Tournament::new(Kind::RoundRobin, 4, MatchLength::SINGLE).unwrap();
        assert_eq!(tournament.rounds().len(), 3);
        assert_eq!(pairs(&tournament, 0), [(entrant(0), entrant(3)), (entrant(1), entrant(2))]);
        assert_eq!(pairs(&tournament, 1), [(entrant(1), entrant(3)), (entrant(0), entrant(2))]);
        assert_eq!(pairs(&tournament, 2), [(entrant(2), entrant(3)), (entrant(0), entrant(1))]);
        assert!(tournament.rounds().iter().all(|round| round.byes.is_empty()));
    }

    #[test]
    fn five_in_a_round_robin_take_a_bye_each() {
        let tournament = Tournament::new(Kind::RoundRobin, 5, MatchLength::SINGLE).unwrap();
        let byes: Vec<Vec<Entrant>> =
            tournament.rounds().iter().map(|round| round.byes.clone()).collect();
        assert_eq!(byes, [[Entrant(0)], [Entrant(1)], [Entrant(2)], [Entrant(3)], [Entrant(4)]]);
        assert_eq!(pairs(&tournament, 0), [(entrant(1), entrant(4)), (entrant(2), entrant(3))]);
        assert_eq!(tournament.matches().len(), 10);
    }

    #[test]
    fn a_bracket_of_eight_keeps_the_top_seeds_apart() {
        let tournament = Tournament::new(Kind::Knockout, 8, MatchLength::BEST_OF_THREE).unwrap();
        assert_eq!(
            pairs(&tournament, 0),
            [
                (entrant(0), entrant(7)),
                (entrant(3), entrant(4)),
                (entrant(1), entrant(6)),
                (entrant(2), entrant(5)),
            ]
        );
        let winner = |id| Slot::WinnerOf(MatchId(id));
        assert_eq!(pairs(&tournament, 1), [(winner(0), winner(1)), (winner(2), winner(3))]);
        assert_eq!(pairs(&tournament, 2), [(winner(4), winner(5))]);
    }

    #[test]
    fn a_bracket_of_six_gives_the_top_two_seeds_byes() {
        let tournament = Tournament::new(Kind::Knockout, 6, MatchLength::BEST_OF_THREE).unwrap();
        assert_eq!(tournament.rounds()[0].byes, [Entrant(0), Entrant(1)]);
        assert_eq!(pairs(&tournament, 0), [(entrant(3), entrant(4)), (entrant(2), entrant(5))]);
        let winner = |id| Slot::WinnerOf(MatchId(id));
        assert_eq!(pairs(&tournament, 1), [(entrant(0), winner(0)), (entrant(1), winner(1))]);
        assert_eq!(pairs(&tournament, 2), [(winner(2), winner(3))]);
    }

    #[test]
    fn kinds_parse_and_print() {
        for kind in Kind::ALL {
            assert_eq!(kind.to_string().parse::<Kind>(), Ok(kind));
        }
        assert_eq!(
            "swiss".parse::<Kind>().unwrap_err().to_string(),
            "unknown kind of tournament `swiss`: the kinds are round-robin and knockout"
        );
        assert_eq!(serde_json::to_string(&Kind::RoundRobin).unwrap(), "\"round-robin\"");
    }
}

//! The rules of a cribbage club, with no input or output: the formats of a
//! match, standings in the club format, tournaments, Glicko-2 ratings and
//! the deal of the day.
//!
//! What a club keeps (its members, their games, their ratings) is kept
//! above this crate; from it, this crate works out who won, who stands
//! where, who plays next and how ratings move. The rules of a game itself
//! are `crib-core`'s: a skunk here is a skunk there.
//!
//! ```
//! use crib_club::{Entrant, Kind, MatchStatus, Played, Tournament};
//! use crib_core::MatchLength;
//! // Three entrants, each pair meeting once in a single game to 121.
//! let tournament = Tournament::new(Kind::RoundRobin, 3, MatchLength::SINGLE)?;
//! // Side 0, the home entrant, wins every match.
//! let won_by_home = Played::new(121, vec![121, 95])?;
//! let results = vec![vec![won_by_home]; tournament.matches().len()];
//! let progress = tournament.progress(&results)?;
//! assert!(progress.statuses().iter().all(|status| matches!(status, MatchStatus::Won { .. })));
//! // Entrant 0 was home in both its matches, entrant 2 in neither.
//! assert_eq!(progress.final_order(), Some(&[Entrant(0), Entrant(1), Entrant(2)][..]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod daily;
mod format;
mod game;
mod ladder;
mod rating;
mod standings;
mod text;
mod tournament;

pub use daily::{DAY_ROUNDS, Day, DayError, DayRound};
pub use format::{MatchError, MatchState, match_state};
pub use game::{GameError, Played};
pub use ladder::{Entry as LadderEntry, Ladder};
pub use rating::{Outcome, Rating, RatingError, TAU, computer_start, rate_match};
pub use standings::{Entrant, Line, Standings, StandingsError};
pub use tournament::{
    Kind, Match, MatchId, MatchRecord, MatchStatus, ParseKindError, Progress, Round, Slot,
    Tournament, TournamentError,
};

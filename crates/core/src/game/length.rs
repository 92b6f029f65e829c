//! How long a match is: the formats players ask for by name.
//!
//! A match is played either until a side has won a number of games (a
//! single game, best of three, ...) or for a fixed number of games, all of
//! them played and the match won on club points: the American Cribbage
//! Congress's club format, 2 points for a win and 3 for a skunk (a double
//! skunk scores as a skunk), then the games won, then the spread (the sum
//! of each game's margin, counted for the side that won it and against the
//! side that lost it). With two sides and an odd number of games the games
//! won always differ, so such a match always has a winner; it is the only
//! kind of fixed-length match there is.

use std::fmt;
use std::str::FromStr;

/// The most games a match may be played to or for.
pub const MAX_MATCH_GAMES: u32 = 99;

/// How long a match is.
///
/// ```
/// use crib_core::MatchLength;
/// let club: MatchLength = "club-9".parse()?;
/// assert_eq!(club, MatchLength::AllOf(9));
/// assert_eq!("best-of-3".parse::<MatchLength>()?, MatchLength::FirstTo(2));
/// assert_eq!(MatchLength::FirstTo(1).to_string(), "single");
/// # Ok::<(), crib_core::ParseLengthError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchLength {
    /// Until a side has won this many games (at least 1).
    FirstTo(u32),
    /// This many games (odd), every one played, between two sides; won on
    /// club points, then games won, then spread.
    AllOf(u32),
}

impl MatchLength {
    /// A single game.
    pub const SINGLE: MatchLength = MatchLength::FirstTo(1);
    /// Best of three games: first to two.
    pub const BEST_OF_THREE: MatchLength = MatchLength::FirstTo(2);
    /// The club format: nine games, all played, won on club points.
    pub const CLUB: MatchLength = MatchLength::AllOf(9);

    /// Checks the length for a table of `sides` sides.
    ///
    /// # Errors
    ///
    /// A count of 0 or above [`MAX_MATCH_GAMES`], or games all played that
    /// are even in number or played by three sides.
    pub fn check(self, sides: u8) -> Result<MatchLength, LengthError> {
        let fits = match self {
            MatchLength::FirstTo(wins) => (1..=MAX_MATCH_GAMES).contains(&wins),
            MatchLength::AllOf(games) => {
                (1..=MAX_MATCH_GAMES).contains(&games) && games % 2 == 1 && sides == 2
            }
        };
        if fits { Ok(self) } else { Err(LengthError { length: self, sides }) }
    }
}

impl serde::Serialize for MatchLength {
    /// As its text: `single`, `best-of-3`, `club-9`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl From<u32> for MatchLength {
    /// Until a side has won `wins` games.
    fn from(wins: u32) -> MatchLength {
        MatchLength::FirstTo(wins)
    }
}

impl fmt::Display for MatchLength {
    /// `single`, `best-of-N` (first to (N + 1) / 2 wins) or `club-N`: what
    /// [`FromStr`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MatchLength::FirstTo(1) => f.write_str("single"),
            MatchLength::FirstTo(wins) => write!(f, "best-of-{}", wins.saturating_mul(2) - 1),
            MatchLength::AllOf(games) => write!(f, "club-{games}"),
        }
    }
}

/// Why a match length is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseLengthError {
    /// Not one of the forms.
    #[error(
        "unknown format {0:?}: single, best-of-N (N odd) or club-N (N odd), e.g. best-of-3, club-9"
    )]
    Unknown(String),
    /// A count out of range or even.
    #[error("{0:?}: the number of games must be odd, from 1 to {MAX_MATCH_GAMES}")]
    Count(String),
}

impl FromStr for MatchLength {
    type Err = ParseLengthError;

    fn from_str(text: &str) -> Result<MatchLength, ParseLengthError> {
        let count = |digits: &str| -> Result<u32, ParseLengthError> {
            digits
                .parse::<u32>()
                .ok()
                .filter(|games| (1..=2 * MAX_MATCH_GAMES - 1).contains(games) && games % 2 == 1)
                .ok_or_else(|| ParseLengthError::Count(text.to_owned()))
        };
        let length = if text == "single" {
            MatchLength::SINGLE
        } else if let Some(games) = text.strip_prefix("best-of-") {
            MatchLength::FirstTo(count(games)?.div_ceil(2))
        } else if let Some(games) = text.strip_prefix("club-") {
            let games = count(games)?;
            if games > MAX_MATCH_GAMES {
                return Err(ParseLengthError::Count(text.to_owned()));
            }
            MatchLength::AllOf(games)
        } else {
            return Err(ParseLengthError::Unknown(text.to_owned()));
        };
        Ok(length)
    }
}

/// A match that cannot be played at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a match of {length} cannot be played by {sides} sides: a match is to 1 to {MAX_MATCH_GAMES} \
     wins, or an odd number of games up to {MAX_MATCH_GAMES}, all played, by two sides (two \
     players, or four in partnerships)"
)]
pub struct LengthError {
    /// The length asked for.
    pub length: MatchLength,
    /// The sides at the table.
    pub sides: u8,
}

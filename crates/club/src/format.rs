//! The formats of a match between the sides at a table: one game, the
//! first to two games, or the American Cribbage Congress's 9-game club
//! format. Given the games played so far, a format says whether the match
//! is over and who won it.

use crib_core::Side;
use serde::{Deserialize, Serialize};

use crate::{Entrant, Played, Standings};

/// How a match between the sides at a table is decided.
///
/// ```
/// use crib_club::{Format, MatchState, Played};
/// let format: Format = "best-of-3".parse()?;
/// let won_by = |side: usize| {
///     let mut scores = vec![100, 100];
///     scores[side] = 121;
///     Played::new(121, scores)
/// };
/// let games = [won_by(0)?, won_by(1)?];
/// assert_eq!(format.state(&games)?, MatchState::Playing);
/// let games = [won_by(0)?, won_by(1)?, won_by(1)?];
/// assert!(matches!(format.state(&games)?, MatchState::Won(side) if side.index() == 1));
/// assert_eq!(format.to_string(), "best-of-3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Format {
    /// One game: its winner wins the match.
    Single,
    /// The first side to win two games.
    BestOfThree,
    /// The club format: all nine games are played, each scoring club points
    /// to its winner ([`Played::points`]: 2 a win, 3 a skunk); the match
    /// goes to the most points, then the most wins, then the greater
    /// spread ([`Played::spread`]). Two sides cannot tie (nine games, so
    /// the wins differ), but three can tie on all three: then the match is
    /// [`MatchState::Tied`] between them, with no winner.
    Club,
}

/// Where a match stands after the games played so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchState {
    /// More games are to be played.
    Playing,
    /// Over, won by this side.
    Won(Side),
    /// Over with no winner: these sides (two or more, in order) are level
    /// on everything the format ranks by. Only a 9-game club match of three
    /// sides can end so.
    Tied(Vec<Side>),
}

/// Why the games given cannot be those of one match.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// A game with another number of sides than the first game.
    #[error("game {game} has {sides} sides, but the match's first game had {first}")]
    Sides {
        /// The game, counted from 1.
        game: usize,
        /// Its sides.
        sides: usize,
        /// The first game's sides.
        first: usize,
    },
    /// A game played after the match was over.
    #[error("game {game} comes after the match was over, at game {over}")]
    AfterEnd {
        /// The game, counted from 1.
        game: usize,
        /// The game that ended the match, counted from 1.
        over: usize,
    },
}

/// A name that is not a format's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format `{0}`: the formats are single, best-of-3 and club-9")]
pub struct ParseFormatError(String);

impl Format {
    /// Every format, shortest first.
    pub const ALL: [Format; 3] = [Format::Single, Format::BestOfThree, Format::Club];

    /// The games of a club match.
    pub const CLUB_GAMES: usize = 9;

    /// The format's name as text is written: `single`, `best-of-3`,
    /// `club-9`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Single => "single",
            Format::BestOfThree => "best-of-3",
            Format::Club => "club-9",
        }
    }

    /// The games a side must win to win the match, if the format is a race
    /// to a number of wins (the club format is not).
    #[must_use]
    pub const fn wins_needed(self) -> Option<usize> {
        match self {
            Format::Single => Some(1),
            Format::BestOfThree => Some(2),
            Format::Club => None,
        }
    }

    /// Where a match of this format stands after `games`, in the order
    /// played.
    ///
    /// # Errors
    ///
    /// Games with different numbers of sides, or a game after the one that
    /// ended the match.
    pub fn state(self, games: &[Played]) -> Result<MatchState, MatchError> {
        let Some(first) = games.first() else {
            return Ok(MatchState::Playing);
        };
        if let Some((index, game)) =
            games.iter().enumerate().find(|(_, game)| game.sides() != first.sides())
        {
            return Err(MatchError::Sides {
                game: index + 1,
                sides: game.sides(),
                first: first.sides(),
            });
        }
        let over = match self.wins_needed() {
            Some(needed) => race_over(games, first.sides(), needed),
            None => (games.len() >= Format::CLUB_GAMES).then_some(Format::CLUB_GAMES),
        };
        match over {
            None => Ok(MatchState::Playing),
            Some(over) if over < games.len() => Err(MatchError::AfterEnd { game: over + 1, over }),
            Some(over) => match self.wins_needed() {
                Some(_) => Ok(MatchState::Won(games[over - 1].winner())),
                None => Ok(club_winner(games, first.sides())),
            },
        }
    }
}

/// The number of games after which a side had `needed` wins, if one did.
fn race_over(games: &[Played], sides: usize, needed: usize) -> Option<usize> {
    let mut wins = vec![0; sides];
    games
        .iter()
        .position(|game| {
            let won = &mut wins[game.winner().index()];
            *won += 1;
            *won == needed
        })
        .map(|index| index + 1)
}

/// The winner of a finished club match, or the sides tied for first.
fn club_winner(games: &[Played], sides: usize) -> MatchState {
    // The sides are the standings' entrants, side `i` entrant `i`.
    let sides = u16::try_from(sides).expect("a game has 2 or 3 sides");
    let entrants: Vec<Entrant> = (0..sides).map(Entrant).collect();
    let mut standings = Standings::new(sides);
    for game in games {
        standings.record(&entrants, game).expect("the games were checked to have these sides");
    }
    let table = standings.table();
    let top: Vec<Side> = table
        .iter()
        .take_while(|line| line.by_merit(&table[0]).is_eq())
        .map(|line| side_of(line.entrant))
        .collect();
    match top.as_slice() {
        [winner] => MatchState::Won(*winner),
        _ => MatchState::Tied(top),
    }
}

/// The side a club match's standings number as `entrant`.
fn side_of(entrant: Entrant) -> Side {
    u8::try_from(entrant.0).ok().and_then(Side::new).expect("a club match's entrants are its sides")
}

crate::text::named!(Format, ParseFormatError);

#[cfg(test)]
mod tests {
    use super::*;

    fn side(index: u8) -> Side {
        Side::new(index).unwrap()
    }

    /// A game to 121 won by `winner` with the losers on `losers`, in side
    /// order.
    fn game(winner: usize, losers: &[u16]) -> Played {
        let mut scores = losers.to_vec();
        scores.insert(winner, 121);
        Played::new(121, scores).unwrap()
    }

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for format in Format::ALL {
            assert_eq!(format.to_string().parse::<Format>(), Ok(format));
            let json = serde_json::to_string(&format).unwrap();
            assert_eq!(serde_json::from_str::<Format>(&json).unwrap(), format);
        }
        assert_eq!(
            "best-of-5".parse::<Format>().unwrap_err().to_string(),
            "unknown format `best-of-5`: the formats are single, best-of-3 and club-9"
        );
        assert!("Single".parse::<Format>().is_err());
        assert!(serde_json::from_str::<Format>("\"club\"").is_err());
    }

    #[test]
    fn a_single_game_decides() {
        assert_eq!(Format::Single.state(&[]), Ok(MatchState::Playing));
        assert_eq!(Format::Single.state(&[game(1, &[100])]), Ok(MatchState::Won(side(1))));
        assert_eq!(
            Format::Single.state(&[game(1, &[100]), game(0, &[100])]),
            Err(MatchError::AfterEnd { game: 2, over: 1 })
        );
    }

    #[test]
    fn best_of_three_is_the_first_to_two_also_at_three_sides() {
        let two = [game(0, &[100]), game(1, &[100]), game(0, &[100])];
        assert_eq!(Format::BestOfThree.state(&two[..2]), Ok(MatchState::Playing));
        assert_eq!(Format::BestOfThree.state(&two), Ok(MatchState::Won(side(0))));
        let three = [game(0, &[100, 100]), game(1, &[100, 100]), game(2, &[100, 100])];
        assert_eq!(Format::BestOfThree.state(&three), Ok(MatchState::Playing));
        let mut four = three.to_vec();
        four.push(game(2, &[100, 100]));
        assert_eq!(Format::BestOfThree.state(&four), Ok(MatchState::Won(side(2))));
        four.push(game(2, &[100, 100]));
        assert_eq!(
            Format::BestOfThree.state(&four).unwrap_err().to_string(),
            "game 5 comes after the match was over, at game 4"
        );
    }

    #[test]
    fn a_match_keeps_its_sides() {
        let games = [game(0, &[100]), game(0, &[100, 100])];
        assert_eq!(
            Format::BestOfThree.state(&games).unwrap_err().to_string(),
            "game 2 has 3 sides, but the match's first game had 2"
        );
    }

    #[test]
    fn a_club_match_plays_all_nine_games() {
        // Side 0 wins its first five games: a best of three would be over.
        let mut games = vec![game(0, &[100]); 5];
        games.extend(vec![game(1, &[100]); 3]);
        assert_eq!(Format::Club.state(&games), Ok(MatchState::Playing));
        games.push(game(1, &[100]));
        assert_eq!(Format::Club.state(&games), Ok(MatchState::Won(side(0))));
        games.push(game(1, &[100]));
        assert_eq!(Format::Club.state(&games), Err(MatchError::AfterEnd { game: 10, over: 9 }));
    }

    #[test]
    fn club_points_outrank_wins() {
        // Side 0 wins five games plainly: 10 points. Side 1 wins four, all
        // skunks: 12 points, and the match.
        let mut games = vec![game(0, &[100]); 5];
        games.extend(vec![game(1, &[80]); 4]);
        assert_eq!(Format::Club.state(&games), Ok(MatchState::Won(side(1))));
    }

    #[test]
    fn club_wins_break_a_tie_of_points() {
        // Side 0: five plain wins, 10 points. Side 1: two skunks and two
        // plain wins, 10 points, but one win fewer.
        let mut games = vec![game(0, &[120]); 5];
        games.extend([game(1, &[80]), game(1, &[80]), game(1, &[100]), game(1, &[100])]);
        assert_eq!(Format::Club.state(&games), Ok(MatchState::Won(side(0))));
    }

    #[test]
    fn club_spread_breaks_a_tie_of_points_and_wins_at_three() {
        // Each side wins three plain games; side 2 by the widest margins.
        let mut games = Vec::new();
        for _ in 0..3 {
            games.push(game(0, &[110, 110]));
            games.push(game(1, &[110, 110]));
            games.push(game(2, &[100, 100]));
        }
        assert_eq!(Format::Club.state(&games), Ok(MatchState::Won(side(2))));
    }

    #[test]
    fn a_complete_tie_at_three_has_no_winner() {
        // Each side wins three plain games by 11 and 21 over the others,
        // and loses three by 11 and three by 21: level on everything.
        let mut games = Vec::new();
        for _ in 0..3 {
            games.push(game(0, &[110, 100]));
            games.push(game(1, &[100, 110]));
            games.push(game(2, &[110, 100]));
        }
        let all = vec![side(0), side(1), side(2)];
        assert_eq!(Format::Club.state(&games), Ok(MatchState::Tied(all)));
        // One point less for side 0 in the last game gives side 2 the match.
        games[8] = game(2, &[109, 100]);
        assert_eq!(Format::Club.state(&games), Ok(MatchState::Won(side(2))));
    }

    #[test]
    fn two_of_three_can_tie_for_first() {
        // Sides 0 and 1 each win four plain games by 11 over each loser;
        // side 2 wins the ninth by 21 over both.
        let mut games = Vec::new();
        for _ in 0..4 {
            games.push(game(0, &[110, 110]));
            games.push(game(1, &[110, 110]));
        }
        games.push(game(2, &[100, 100]));
        assert_eq!(Format::Club.state(&games), Ok(MatchState::Tied(vec![side(0), side(1)])));
    }
}

//! Where a match stands from the records of its games: the rule is
//! crib-core's ([`MatchTally::decided`], which a match being played uses
//! too), read here over the final scores a club keeps ([`Played`]).

use crib_core::{LengthError, MatchLength, MatchTally, Side};
use serde::Serialize;

use crate::Played;

/// Where a match stands after the games played so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchState {
    /// More games are to be played.
    Playing,
    /// Over, won by this side.
    Won(Side),
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
    /// A length the match's sides cannot play (games all played by three).
    #[error(transparent)]
    Length(#[from] LengthError),
}

/// Where a match of `length` stands after `games`, in the order played.
///
/// ```
/// use crib_club::{MatchState, Played, match_state};
/// use crib_core::MatchLength;
/// let won_by = |side: usize| {
///     let mut scores = vec![100, 100];
///     scores[side] = 121;
///     Played::new(121, scores)
/// };
/// let games = [won_by(0)?, won_by(1)?];
/// assert_eq!(match_state(MatchLength::BEST_OF_THREE, &games)?, MatchState::Playing);
/// let games = [won_by(0)?, won_by(1)?, won_by(1)?];
/// assert!(matches!(
///     match_state(MatchLength::BEST_OF_THREE, &games)?,
///     MatchState::Won(side) if side.index() == 1
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// Games with different numbers of sides, a game after the one that ended
/// the match, or games all played by three sides.
pub fn match_state(length: MatchLength, games: &[Played]) -> Result<MatchState, MatchError> {
    let Some(first) = games.first() else {
        return Ok(MatchState::Playing);
    };
    let sides = first.sides();
    let board = u8::try_from(sides).unwrap_or(u8::MAX);
    length.check(board)?;
    let mut tally = MatchTally::new(board);
    let mut won = None;
    for (index, game) in games.iter().enumerate() {
        if game.sides() != sides {
            return Err(MatchError::Sides { game: index + 1, sides: game.sides(), first: sides });
        }
        if let Some((_, over)) = won {
            return Err(MatchError::AfterEnd { game: index + 1, over });
        }
        tally.count(game.target(), game.scores(), game.winner());
        won = tally.decided(length).map(|side| (side, index + 1));
    }
    Ok(won.map_or(MatchState::Playing, |(side, _)| MatchState::Won(side)))
}

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
    fn a_single_game_decides() {
        assert_eq!(match_state(MatchLength::SINGLE, &[]), Ok(MatchState::Playing));
        assert_eq!(
            match_state(MatchLength::SINGLE, &[game(1, &[100])]),
            Ok(MatchState::Won(side(1)))
        );
        assert_eq!(
            match_state(MatchLength::SINGLE, &[game(1, &[100]), game(0, &[100])]),
            Err(MatchError::AfterEnd { game: 2, over: 1 })
        );
    }

    #[test]
    fn best_of_three_is_the_first_to_two_also_at_three_sides() {
        let two = [game(0, &[100]), game(1, &[100]), game(0, &[100])];
        assert_eq!(match_state(MatchLength::BEST_OF_THREE, &two[..2]), Ok(MatchState::Playing));
        assert_eq!(match_state(MatchLength::BEST_OF_THREE, &two), Ok(MatchState::Won(side(0))));
        let three = [game(0, &[100, 100]), game(1, &[100, 100]), game(2, &[100, 100])];
        assert_eq!(match_state(MatchLength::BEST_OF_THREE, &three), Ok(MatchState::Playing));
        let mut four = three.to_vec();
        four.push(game(2, &[100, 100]));
        assert_eq!(match_state(MatchLength::BEST_OF_THREE, &four), Ok(MatchState::Won(side(2))));
        four.push(game(2, &[100, 100]));
        assert_eq!(
            match_state(MatchLength::BEST_OF_THREE, &four).unwrap_err().to_string(),
            "game 5 comes after the match was over, at game 4"
        );
    }

    #[test]
    fn a_match_keeps_its_sides() {
        let games = [game(0, &[100]), game(0, &[100, 100])];
        assert_eq!(
            match_state(MatchLength::BEST_OF_THREE, &games).unwrap_err().to_string(),
            "game 2 has 3 sides, but the match's first game had 2"
        );
    }

    #[test]
    fn a_club_match_plays_all_nine_games() {
        // Side 0 wins its first five games: a best of three would be over.
        let mut games = vec![game(0, &[100]); 5];
        games.extend(vec![game(1, &[100]); 3]);
        assert_eq!(match_state(MatchLength::CLUB, &games), Ok(MatchState::Playing));
        games.push(game(1, &[100]));
        assert_eq!(match_state(MatchLength::CLUB, &games), Ok(MatchState::Won(side(0))));
        games.push(game(1, &[100]));
        assert_eq!(
            match_state(MatchLength::CLUB, &games),
            Err(MatchError::AfterEnd { game: 10, over: 9 })
        );
    }

    #[test]
    fn club_points_outrank_wins() {
        // Side 0 wins five games plainly: 10 points. Side 1 wins four, all
        // skunks: 12 points, and the match.
        let mut games = vec![game(0, &[100]); 5];
        games.extend(vec![game(1, &[80]); 4]);
        assert_eq!(match_state(MatchLength::CLUB, &games), Ok(MatchState::Won(side(1))));
    }

    #[test]
    fn club_wins_break_a_tie_of_points() {
        // Side 0: five plain wins, 10 points. Side 1: two skunks and two
        // plain wins, 10 points, but one win fewer.
        let mut games = vec![game(0, &[120]); 5];
        games.extend([game(1, &[80]), game(1, &[80]), game(1, &[100]), game(1, &[100])]);
        assert_eq!(match_state(MatchLength::CLUB, &games), Ok(MatchState::Won(side(0))));
    }

    #[test]
    fn the_club_format_is_refused_at_three_sides() {
        let games = [game(0, &[110, 110])];
        assert_eq!(
            match_state(MatchLength::CLUB, &games),
            Err(MatchError::Length(LengthError { length: MatchLength::CLUB, sides: 3 }))
        );
    }
}

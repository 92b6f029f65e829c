//! A finished game as a club scores it: the target and every side's final
//! score, from which the winner, the skunks, the club points and the spread
//! follow.
//!
//! The skunk lines are `crib-core`'s ([`Skunk::of`]), so a club scores a
//! skunk exactly where the game itself reports one.

use crib_core::{GameConfig, Side, Skunk, game_spread};
use serde::{Deserialize, Serialize};

/// A finished game: its target and every side's final score, side 0 first.
///
/// A `Played` that exists is a game that can have ended: 2 or 3 sides, a
/// target of 121 or 61, exactly one side at or past the target (the
/// winner, whose score may pass it) and every other side under it.
///
/// ```
/// use crib_club::Played;
/// use crib_core::Skunk;
/// let game = Played::new(121, vec![85, 123])?;
/// assert_eq!(game.winner().index(), 1);
/// assert_eq!(game.skunk(), Skunk::Single);
/// assert_eq!(game.points(game.winner()), 3);
/// # Ok::<(), crib_club::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Unchecked")]
pub struct Played {
    target: u8,
    scores: Vec<u16>,
    #[serde(skip)]
    winner: Side,
    #[serde(skip)]
    config: GameConfig,
}

/// A game as it arrives from outside, before [`Played::new`] checks it.
#[derive(Deserialize)]
struct Unchecked {
    target: u8,
    scores: Vec<u16>,
}

impl TryFrom<Unchecked> for Played {
    type Error = GameError;

    fn try_from(game: Unchecked) -> Result<Played, GameError> {
        Played::new(game.target, game.scores)
    }
}

/// Why a game's scores cannot be those of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A board has 2 or 3 sides (four players are two partnerships).
    #[error("a game has 2 or 3 sides, not {0}")]
    Sides(usize),
    /// A game is to 121 or to 61.
    #[error("a game is played to 121 or 61, not {0}")]
    Target(u8),
    /// No side reached the target: the game is not over.
    #[error("no side reached the target of {0}")]
    NoWinner(u8),
    /// Two sides at or past the target: a game stops at the first.
    #[error("sides {0} and {1} both reached the target of {2}")]
    TwoWinners(usize, usize, u8),
}

impl Played {
    /// The game to `target` that ended with these `scores`, side 0 first.
    ///
    /// # Errors
    ///
    /// Other than 2 or 3 scores, a target other than 121 or 61, or not
    /// exactly one score at or past the target.
    pub fn new(target: u8, scores: Vec<u16>) -> Result<Played, GameError> {
        let sides = u8::try_from(scores.len())
            .ok()
            .filter(|sides| (2..=3).contains(sides))
            .ok_or(GameError::Sides(scores.len()))?;
        // Sides count as players here: at two sides the skunk lines of two
        // players and of four are the same, since they depend on the target.
        let config = GameConfig::new(sides, target).map_err(|_| GameError::Target(target))?;
        let mut winners = (0..sides).filter(|&side| scores[usize::from(side)] >= target.into());
        let winner = winners.next().ok_or(GameError::NoWinner(target))?;
        if let Some(second) = winners.next() {
            return Err(GameError::TwoWinners(winner.into(), second.into(), target));
        }
        let winner = Side::new(winner).expect("a side of a board of at most 3 sides");
        Ok(Played { target, scores, winner, config })
    }

    /// The target the game was played to.
    #[must_use]
    pub const fn target(&self) -> u8 {
        self.target
    }

    /// Every side's final score, side 0 first.
    #[must_use]
    pub fn scores(&self) -> &[u16] {
        &self.scores
    }

    /// The number of sides: 2, or 3 at a table of three.
    #[must_use]
    pub fn sides(&self) -> usize {
        self.scores.len()
    }

    /// The side that reached the target.
    #[must_use]
    pub const fn winner(&self) -> Side {
        self.winner
    }

    /// How deep `side` was when the game ended: [`Skunk::None`] for the
    /// winner and for a side that is not on this board.
    #[must_use]
    pub fn skunk_of(&self, side: Side) -> Skunk {
        match self.scores.get(side.index()) {
            Some(&score) if side != self.winner => Skunk::of(self.config, score),
            _ => Skunk::None,
        }
    }

    /// What the win counts as: the deepest skunk of any loser (each loser
    /// at a table of three has their own).
    #[must_use]
    pub fn skunk(&self) -> Skunk {
        Skunk::deepest(self.config, &self.scores, self.winner)
    }

    /// The club points `side` earns: nothing for a loss, and for the win
    /// [`Skunk::club_points`] of the deepest skunk (2 a win, 3 a skunk).
    #[must_use]
    pub fn points(&self, side: Side) -> u32 {
        if side == self.winner { self.skunk().club_points() } else { 0 }
    }

    /// What the game adds to `side`'s spread: crib-core's [`game_spread`]
    /// (a loser loses by the target less its score, the winner gains what
    /// every loser lost by).
    #[must_use]
    pub fn spread(&self, side: Side) -> i64 {
        game_spread(self.target, &self.scores, self.winner, side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(index: u8) -> Side {
        Side::new(index).unwrap()
    }

    #[test]
    fn the_winner_is_the_side_at_the_target() {
        let game = Played::new(61, vec![40, 61, 12]).unwrap();
        assert_eq!(game.winner(), side(1));
        assert_eq!(game.sides(), 3);
        assert_eq!(game.scores(), [40, 61, 12]);
        assert_eq!(game.target(), 61);
    }

    #[test]
    fn impossible_ends_are_refused() {
        let error = |target, scores: &[u16]| Played::new(target, scores.to_vec()).unwrap_err();
        assert_eq!(error(121, &[121]), GameError::Sides(1));
        assert_eq!(error(121, &[121, 1, 2, 3]), GameError::Sides(4));
        assert_eq!(error(100, &[100, 3]), GameError::Target(100));
        assert_eq!(error(121, &[120, 90]).to_string(), "no side reached the target of 121");
        assert_eq!(
            error(61, &[10, 61, 70]).to_string(),
            "sides 1 and 2 both reached the target of 61"
        );
    }

    #[test]
    fn skunks_follow_the_games_own_lines() {
        let skunk =
            |target, loser| Played::new(target, vec![target.into(), loser]).unwrap().skunk();
        assert_eq!(skunk(121, 91), Skunk::None);
        assert_eq!(skunk(121, 90), Skunk::Single);
        assert_eq!(skunk(121, 61), Skunk::Single);
        assert_eq!(skunk(121, 60), Skunk::Double);
        assert_eq!(skunk(61, 31), Skunk::None);
        assert_eq!(skunk(61, 30), Skunk::Single);
        assert_eq!(skunk(61, 0), Skunk::Single);
    }

    #[test]
    fn points_count_the_deepest_skunk_of_three() {
        let game = Played::new(121, vec![95, 121, 55]).unwrap();
        assert_eq!(game.skunk_of(side(0)), Skunk::None);
        assert_eq!(game.skunk_of(side(1)), Skunk::None);
        assert_eq!(game.skunk_of(side(2)), Skunk::Double);
        assert_eq!([0, 1, 2].map(|index| game.points(side(index))), [0, 3, 0]);
        let plain = Played::new(121, vec![125, 100]).unwrap();
        assert_eq!([0, 1].map(|index| plain.points(side(index))), [2, 0]);
    }

    #[test]
    fn spreads_add_up_to_nothing_and_ignore_pegs_past_the_target() {
        let two = Played::new(121, vec![101, 127]).unwrap();
        assert_eq!([0, 1].map(|index| two.spread(side(index))), [-20, 20]);
        let three = Played::new(121, vec![95, 121, 55]).unwrap();
        assert_eq!([0, 1, 2].map(|index| three.spread(side(index))), [-26, 92, -66]);
        assert_eq!(three.spread(side(2)) + three.spread(side(0)) + three.spread(side(1)), 0);
    }

    #[test]
    fn deserialising_checks_the_game() {
        let game: Played = serde_json::from_str(r#"{"target":61,"scores":[61,20]}"#).unwrap();
        assert_eq!(game.winner(), side(0));
        assert_eq!(serde_json::to_string(&game).unwrap(), r#"{"target":61,"scores":[61,20]}"#);
        let error = serde_json::from_str::<Played>(r#"{"target":61,"scores":[60,20]}"#);
        assert!(error.unwrap_err().to_string().contains("no side reached the target of 61"));
    }
}

//! The board: one score per side, with the front and back peg.
//!
//! A cribbage board shows each side's total with its front peg and the total
//! before the last score with its back peg, so the last points pegged stay
//! visible. Totals go on past the target (a hand of 12 from 115 reaches 127);
//! the game is won the moment a side reaches the target.

use serde::Serialize;

use crate::{GameConfig, Side};

/// Every side's front and back peg.
///
/// ```
/// use crib_core::{Board, GameConfig, Seat};
/// let config = GameConfig::new(4, 121)?;
/// let board = Board::new(config);
/// assert_eq!(board.scores(), [0, 0]);
/// assert_eq!(board.score(config.side_of(Seat::ALL[3])), 0);
/// # Ok::<(), crib_core::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    sides: u8,
    front: [u16; 3],
    back: [u16; 3],
}

impl Board {
    /// An empty board for the sides of `config`.
    #[must_use]
    pub const fn new(config: GameConfig) -> Board {
        Board { sides: config.sides(), front: [0; 3], back: [0; 3] }
    }

    /// A side's total: where its front peg stands.
    #[must_use]
    pub const fn score(&self, side: Side) -> u16 {
        self.front[side.index()]
    }

    /// Where a side's back peg stands: its total before its last score.
    #[must_use]
    pub const fn back(&self, side: Side) -> u16 {
        self.back[side.index()]
    }

    /// The points a side pegged last (the gap between its pegs).
    #[must_use]
    pub const fn last_points(&self, side: Side) -> u16 {
        self.front[side.index()] - self.back[side.index()]
    }

    /// Every side's total, side 0 first.
    #[must_use]
    pub fn scores(&self) -> &[u16] {
        &self.front[..usize::from(self.sides)]
    }

    /// Moves a side's pegs on by `points`: the back peg jumps to where the
    /// front peg was, the front peg goes on; nothing moves for 0.
    pub fn peg(&mut self, side: Side, points: u8) {
        if points > 0 {
            let side = side.index();
            self.back[side] = self.front[side];
            self.front[side] += u16::from(points);
        }
    }
}

impl Board {
    /// Puts a side's front peg at `total` and its back peg where the front
    /// peg was: for a referee that overrides a board it does not own.
    pub fn set(&mut self, side: Side, total: u16) {
        let side = side.index();
        self.back[side] = self.front[side].min(total);
        self.front[side] = total;
    }
}

impl Serialize for Board {
    /// Each side's front and back peg.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Pegs {
            front: u16,
            back: u16,
        }
        let sides = usize::from(self.sides);
        serializer.collect_seq(
            self.front[..sides]
                .iter()
                .zip(&self.back[..sides])
                .map(|(&front, &back)| Pegs { front, back }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seat;

    #[test]
    fn pegs_leapfrog() {
        let config = GameConfig::new(3, 61).unwrap();
        let mut board = Board::new(config);
        let side = config.side_of(Seat::ALL[2]);
        board.peg(side, 5);
        board.peg(side, 0);
        board.peg(side, 12);
        assert_eq!((board.score(side), board.back(side), board.last_points(side)), (17, 5, 12));
        assert_eq!(board.scores(), [0, 0, 17]);
        board.set(side, 40);
        assert_eq!((board.score(side), board.back(side)), (40, 17));
        board.set(side, 3);
        assert_eq!((board.score(side), board.back(side)), (3, 3));
    }
}

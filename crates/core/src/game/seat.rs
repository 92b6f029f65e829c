//! Seats, sides and the shape of a game.
//!
//! A [`Seat`] is a place at the table, numbered in playing order: the deal,
//! the play and the show all pass from seat `s` to seat `s + 1`, wrapping
//! round. A [`Side`] is what the board keeps a score for: every player is a
//! side of their own with two or three players, and with four the partners
//! opposite each other (seats 0 and 2, seats 1 and 3) share one.
//! [`GameConfig`] is the validated choice of players and target, so no other
//! part of the game has to check them again.

use std::fmt;

use serde::Serialize;

use crate::LengthError;

/// A place at the table, `0..4`, in playing order.
///
/// The field is private: a `Seat` that exists is one of the four a table can
/// have. Whether it is at *this* table depends on the [`GameConfig`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Seat(u8);

impl Seat {
    /// The most seats a table has.
    pub const MAX: usize = 4;

    /// Every seat a table can have, in playing order.
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// The seat with this number, if it is below [`Seat::MAX`].
    #[must_use]
    pub const fn new(index: u8) -> Option<Seat> {
        if (index as usize) < Seat::MAX { Some(Seat(index)) } else { None }
    }

    /// The seat's number, `0..4`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat that plays after this one at a table of `players`.
    #[must_use]
    pub const fn next(self, players: u8) -> Seat {
        Seat((self.0 + 1) % players)
    }
}

impl TryFrom<u8> for Seat {
    type Error = ConfigError;

    fn try_from(index: u8) -> Result<Seat, ConfigError> {
        Seat::new(index).ok_or(ConfigError::Seat(index))
    }
}

impl fmt::Display for Seat {
    /// The seat's number, as the engine protocol writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// A side of the board: one player, or a partnership of two with four players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Side(u8);

impl Side {
    /// The most sides a board has (three players).
    pub const MAX: usize = 3;

    /// The side with this number, if it is below [`Side::MAX`]. Whether it
    /// is on *this* board depends on the [`GameConfig`].
    #[must_use]
    pub const fn new(index: u8) -> Option<Side> {
        if (index as usize) < Side::MAX { Some(Side(index)) } else { None }
    }

    /// The side's number, `0..3`: the number of its lowest seat.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why a game cannot be set up as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Cribbage is played by 2, 3 or 4.
    #[error("a game has 2, 3 or 4 players, not {0}")]
    Players(u8),
    /// A game is to 121 or to 61.
    #[error("a game is played to 121 or 61, not {0}")]
    Target(u8),
    /// A seat number beyond the table.
    #[error("there is no seat {seat} at a table of {players}")]
    SeatOfTable {
        /// The seat asked for.
        seat: u8,
        /// The players at the table.
        players: u8,
    },
    /// A seat number above 3.
    #[error("there is no seat {0}: seats are 0 to 3")]
    Seat(u8),
    /// A match that cannot be played at the table.
    #[error(transparent)]
    Length(#[from] LengthError),
}

/// The number of players and the target: everything that shapes a game.
///
/// ```
/// use crib_core::{GameConfig, Seat};
/// let four = GameConfig::new(4, 121)?;
/// assert_eq!(four.sides(), 2);
/// assert_eq!(four.side_of(Seat::ALL[2]), four.side_of(Seat::ALL[0]));
/// assert_eq!(four.dealt(), 5);
/// assert!(GameConfig::new(5, 121).is_err());
/// assert_eq!(GameConfig::new(2, 100).unwrap_err().to_string(), "a game is played to 121 or 61, not 100");
/// # Ok::<(), crib_core::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GameConfig {
    players: u8,
    target: u8,
}

impl Default for GameConfig {
    /// Two players, to 121.
    fn default() -> GameConfig {
        GameConfig { players: 2, target: 121 }
    }
}

impl GameConfig {
    /// A game of `players` (2, 3 or 4) to `target` (121 or 61).
    ///
    /// # Errors
    ///
    /// Any other number of players or target.
    pub const fn new(players: u8, target: u8) -> Result<GameConfig, ConfigError> {
        if players < 2 || players > 4 {
            Err(ConfigError::Players(players))
        } else if target != 121 && target != 61 {
            Err(ConfigError::Target(target))
        } else {
            Ok(GameConfig { players, target })
        }
    }

    /// The number of players.
    #[must_use]
    pub const fn players(self) -> u8 {
        self.players
    }

    /// The score that wins.
    #[must_use]
    pub const fn target(self) -> u8 {
        self.target
    }

    /// The number of sides on the board: 2, 3, or 2 partnerships of four.
    #[must_use]
    pub const fn sides(self) -> u8 {
        if self.players == 4 { 2 } else { self.players }
    }

    /// The side a seat scores for.
    #[must_use]
    pub const fn side_of(self, seat: Seat) -> Side {
        Side(seat.0 % self.sides())
    }

    /// The seats at this table, in playing order.
    pub fn seats(self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator {
        Seat::ALL.into_iter().take(usize::from(self.players))
    }

    /// The sides of this board.
    pub fn all_sides(self) -> impl DoubleEndedIterator<Item = Side> + ExactSizeIterator {
        (0..self.sides()).map(Side)
    }

    /// The seats that score for `side`.
    pub fn seats_of(self, side: Side) -> impl Iterator<Item = Seat> {
        self.seats().filter(move |&seat| self.side_of(seat) == side)
    }

    /// The seat with this number at this table.
    ///
    /// # Errors
    ///
    /// A number that is not a seat at this table.
    pub const fn seat(self, index: u8) -> Result<Seat, ConfigError> {
        if index < self.players {
            Ok(Seat(index))
        } else {
            Err(ConfigError::SeatOfTable { seat: index, players: self.players })
        }
    }

    /// Whether `seat` is at this table.
    #[must_use]
    pub const fn has_seat(self, seat: Seat) -> bool {
        seat.0 < self.players
    }

    /// How many cards each player is dealt: 6 with two, 5 with three or four.
    #[must_use]
    pub const fn dealt(self) -> usize {
        if self.players == 2 { 6 } else { 5 }
    }

    /// How many cards each player gives to the crib: 2 with two, else 1.
    #[must_use]
    pub const fn discards(self) -> usize {
        if self.players == 2 { 2 } else { 1 }
    }

    /// How many cards go from the deck straight to the crib: 1 with three.
    #[must_use]
    pub const fn crib_from_deck(self) -> usize {
        if self.players == 3 { 1 } else { 0 }
    }

    /// The score a loser must reach to escape a skunk, and a double skunk.
    ///
    /// To 121 the usual lines are 91 and 61: a loser under 91 is skunked,
    /// under 61 double skunked. To 61 the traditional rule (the "lurch" of
    /// the five-card game) is half the target: a loser under 31 is skunked,
    /// and there is no double skunk (`None`).
    #[must_use]
    pub const fn skunk_lines(self) -> (u8, Option<u8>) {
        if self.target == 121 { (91, Some(61)) } else { (31, None) }
    }
}

/// One `T` for each seat at a table, seat 0 first: per-seat data indexed by
/// [`Seat`] rather than by a bare number, for tables of 2, 3 or 4.
///
/// ```
/// use crib_core::{BySeat, GameConfig, Seat};
/// let three = GameConfig::new(3, 121)?;
/// let mut held = BySeat::new(three, |seat| seat.index() * 10);
/// held[Seat::ALL[2]] += 1;
/// assert_eq!(held.len(), 3);
/// assert_eq!(held.get(Seat::ALL[2]), Some(&21));
/// assert_eq!(held.get(Seat::ALL[3]), None);
/// # Ok::<(), crib_core::ConfigError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct BySeat<T>(Vec<T>);

impl<T> BySeat<T> {
    /// `make(seat)` for every seat of a `config` table.
    pub fn new(config: GameConfig, make: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(config.seats().map(make).collect())
    }

    /// The values for seats `0..values.len()`, if that is 2, 3 or 4 seats.
    ///
    /// # Errors
    ///
    /// Any other number of values, as [`ConfigError::Players`].
    pub fn from_vec(values: Vec<T>) -> Result<BySeat<T>, ConfigError> {
        match values.len() {
            2..=4 => Ok(BySeat(values)),
            n => Err(ConfigError::Players(u8::try_from(n).unwrap_or(u8::MAX))),
        }
    }

    /// The number of seats.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Never true: a table has at least two seats.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value for `seat`, if the seat is at this table.
    #[must_use]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }

    /// The value for `seat`, mutably, if the seat is at this table.
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.0.get_mut(seat.index())
    }

    /// Every seat with its value, seat 0 first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Seat, &T)> + ExactSizeIterator {
        Seat::ALL.iter().copied().zip(&self.0)
    }

    /// Every seat with its value, mutably.
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (Seat, &mut T)> + ExactSizeIterator {
        Seat::ALL.iter().copied().zip(&mut self.0)
    }

    /// The values, seat 0 first.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// A value for each seat made from this one's.
    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> BySeat<U> {
        BySeat(self.iter().map(|(seat, value)| f(seat, value)).collect())
    }

    /// The values, seat 0 first.
    #[must_use]
    pub fn into_vec(self) -> Vec<T> {
        self.0
    }
}

impl<T> std::ops::Index<Seat> for BySeat<T> {
    type Output = T;

    /// # Panics
    ///
    /// If `seat` is not at this table: use [`BySeat::get`] where it may not be.
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// One `T` for each side of a board, side 0 first: per-side data (scores,
/// games won) indexed by [`Side`].
///
/// ```
/// use crib_core::{BySide, GameConfig, Seat};
/// let four = GameConfig::new(4, 121)?;
/// let mut games = BySide::new(four, |_| 0u32);
/// games[four.side_of(Seat::ALL[3])] += 1;
/// assert_eq!(games.as_slice(), [0, 1]);
/// # Ok::<(), crib_core::ConfigError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct BySide<T>(Vec<T>);

impl<T> BySide<T> {
    /// `make(side)` for every side of a `config` board.
    pub fn new(config: GameConfig, make: impl FnMut(Side) -> T) -> BySide<T> {
        BySide(config.all_sides().map(make).collect())
    }

    /// The number of sides.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Never true: a board has at least two sides.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value for `side`, if the side is on this board.
    #[must_use]
    pub fn get(&self, side: Side) -> Option<&T> {
        self.0.get(side.index())
    }

    /// Every side with its value, side 0 first.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        (0u8..).map(Side).zip(&self.0)
    }

    /// The values, side 0 first.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }
}

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;

    /// # Panics
    ///
    /// If `side` is not on this board.
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_of_each_table() {
        let sides = |players| {
            let config = GameConfig::new(players, 121).unwrap();
            config.seats().map(|seat| config.side_of(seat).index()).collect::<Vec<_>>()
        };
        assert_eq!(sides(2), [0, 1]);
        assert_eq!(sides(3), [0, 1, 2]);
        assert_eq!(sides(4), [0, 1, 0, 1]);
        let four = GameConfig::new(4, 61).unwrap();
        let partners: Vec<Seat> = four.seats_of(four.side_of(Seat::ALL[1])).collect();
        assert_eq!(partners, [Seat::ALL[1], Seat::ALL[3]]);
        assert_eq!(Seat::ALL[3].next(4), Seat::ALL[0]);
        assert_eq!(Seat::ALL[2].next(3), Seat::ALL[0]);
    }

    #[test]
    fn configs_are_checked() {
        assert_eq!(GameConfig::new(1, 121), Err(ConfigError::Players(1)));
        assert_eq!(GameConfig::new(4, 0), Err(ConfigError::Target(0)));
        let two = GameConfig::default();
        assert_eq!((two.dealt(), two.discards(), two.crib_from_deck()), (6, 2, 0));
        let three = GameConfig::new(3, 61).unwrap();
        assert_eq!((three.dealt(), three.discards(), three.crib_from_deck()), (5, 1, 1));
        assert_eq!(three.skunk_lines(), (31, None));
        assert_eq!(two.skunk_lines(), (91, Some(61)));
        assert_eq!(Side::new(2).map(Side::index), Some(2));
        assert_eq!(Side::new(3), None);
        assert_eq!(two.seat(2).unwrap_err().to_string(), "there is no seat 2 at a table of 2");
        assert_eq!(
            Seat::try_from(4).unwrap_err().to_string(),
            "there is no seat 4: seats are 0 to 3"
        );
    }
}

//! The board: the chance of winning a game from the scores. A game is a
//! race of rounds ([`race`]), each round drawn from distributions measured
//! over expert self-play ([`counts`], kept under `data/`); the race gives
//! the table of two sides (two players, or four in partnerships,
//! [`win_table`]) and the table of three players ([`three_table`]), which a
//! seat's view reads ([`standing`]).

pub(crate) mod counts;
pub(crate) use crib_race as race;
pub(crate) mod standing;
pub(crate) mod three_table;
pub(crate) mod win_table;

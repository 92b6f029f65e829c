//! The game itself, from the deal to the match: the part of the rules that
//! moves.
//!
//! - `seat`: seats, sides and the validated [`GameConfig`];
//! - `pegging`: the play of the cards on its own, usable with only public
//!   knowledge (an engine knows only its own hand);
//! - `board`: the scores with their front and back pegs;
//! - `event`: every change, and what each seat may see of it;
//! - `action`: what a seat decides, and where a game stands;
//! - `game`: one game as a state machine of actions;
//! - `view`: what one seat may know;
//! - `length`: how long a match is (a single game, best of three, the
//!   club format);
//! - `matchplay`: the cut for the deal, games in sequence.

pub(crate) mod action;
pub(crate) mod board;
pub(crate) mod event;
#[allow(clippy::module_inception)]
pub(crate) mod game;
pub(crate) mod length;
pub(crate) mod matchplay;
pub(crate) mod pegging;
pub(crate) mod seat;
pub(crate) mod view;

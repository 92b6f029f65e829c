//! The integration tests of `crib-core`, in one binary to keep link times
//! short. Each module opens by saying what it covers: the worked examples of
//! the original documents, every show against a reference counter, property
//! tests of the notations and the counts, and the game.

#![allow(clippy::unwrap_used)]

mod drill;
mod examples;
mod exhaustive;
mod game;
mod properties;
mod reference;

//! The integration tests of `crib-club`, in one binary to keep link times
//! short: standings and tournaments worked out by hand, and properties of
//! the draws, the standings, the ratings and the parsers that hold for any
//! input.

#![allow(clippy::unwrap_used)]

mod hand_worked;
mod properties;

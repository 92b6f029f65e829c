//! The integration tests of `crib-ai`: the discard choice against brute
//! force, and the exhaustive statistics against a plain count.

#![allow(clippy::unwrap_used)]

// The core crate's reference counter, written from the rules alone.
#[path = "../../core/tests/reference.rs"]
#[allow(dead_code)]
mod reference;

mod board;
mod classic;
mod crib;
mod discard;
mod expert;
mod hint;
mod more_players;
mod players;
mod stats;
mod win;

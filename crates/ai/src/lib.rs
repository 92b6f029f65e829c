//! Cribbage decisions and analysis, built on the rules of `crib_core`.
//!
//! For now: the discard that maximises the expected hand
//! ([`discard_table`], [`best_keep`]) and exhaustive statistics over every
//! show ([`hand_stats`]). No input or output happens here.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod discard;
mod stats;

pub use discard::{DiscardError, Expectation, Keep, best_keep, deal_from_cards, discard_table};
pub use stats::{Distribution, HandStats, MAX_SCORE, hand_stats};

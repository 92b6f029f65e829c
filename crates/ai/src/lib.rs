//! Cribbage decisions and analysis, built on the rules of `crib_core`.
//!
//! The discard that maximises the expected hand ([`discard_table`],
//! [`best_keep`]), exhaustive statistics over every show ([`hand_stats`]),
//! computer players over a seat's view ([`Player`], [`Strategy`]), hints
//! for a seat ([`hint`]) and
//! seeded self-play ([`simulate`]). No input or output happens here.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod discard;
mod hint;
mod player;
mod sim;
mod stats;

pub use discard::{DiscardError, Expectation, Keep, best_keep, deal_from_cards, discard_table};
pub use hint::{Hint, hint};
pub use player::{BasicPlayer, BuiltIn, Player, RandomPlayer, Strategy, UnknownStrategy};
pub use sim::{
    GameOutcome, Rate, RoundAverages, SideReport, SimConfig, SimError, SimReport, play_game,
    simulate,
};
pub use stats::{Distribution, HandStats, MAX_SCORE, hand_stats};

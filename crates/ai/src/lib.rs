//! Cribbage decisions and analysis, built on the rules of `crib_core`.
//!
//! The discard that maximises the expected hand ([`discard_table`],
//! [`best_keep`]), exhaustive statistics over every show ([`hand_stats`]),
//! computer players over a seat's view ([`Player`], [`Strategy`]) and
//! seeded self-play ([`simulate`]). No input or output happens here.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod crib;
mod deals;
mod discard;
mod keep;
mod keeps;
mod peg;
mod pegvalue;
mod player;
mod ranks;
mod sim;
mod stats;
mod throws;
mod win;

pub use crib::{CribOdds, CribRow, Stake, ThrowModel, crib_table};
pub use deals::{CanonicalDeal, canonical_deals};
pub use discard::{DiscardError, Expectation, Keep, best_keep, deal_from_cards, discard_table};
pub use keep::{KeepValue, keep_values};
pub use keeps::{KeepStats, STARTERS, best_keep_points, keep_stats};
pub use peg::{Inference, PegOptions, choose_play, play_values};
pub use pegvalue::{FEATURES, pegging_features};
pub use player::{
    BasicPlayer, BuiltIn, EasyPlayer, ExpertOptions, ExpertPlayer, Player, RandomPlayer, Strategy,
    UnknownStrategy,
};
pub use sim::{
    GameOutcome, Rate, RoundAverages, SideReport, SimConfig, SimError, SimReport, play_game,
    simulate,
};
pub use stats::{Distribution, HandStats, MAX_SCORE, hand_stats};
pub use throws::{ThrowCounts, measure_throws};
pub use win::win_chance;

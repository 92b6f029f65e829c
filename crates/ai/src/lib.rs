//! Cribbage decisions and analysis, built on the rules of `crib_core`.
//!
//! - The discard that maximises the expected hand ([`discard_table`],
//!   [`best_keep`]), and the expert's discard, which adds the crib and the
//!   play ([`keep_values`]): the crib's exact expectation under a model of
//!   the other players' throws ([`CribOdds`], [`ThrowModel`],
//!   [`measure_throws`]) and a fitted estimate of the play
//!   ([`pegging_features`]); near the end of a game of two sides (two
//!   players, or four in partnerships), the keep most likely to win the
//!   game ([`keep_values_for_game`]).
//! - The expert's play of the cards: a search to the end of the play over
//!   sampled hands of the opponents ([`choose_play`], [`play_values`]), and
//!   the chance of winning from the board ([`win_chance`]).
//! - Exhaustive statistics: every show ([`hand_stats`]), the best keep of
//!   every six-card deal ([`keep_stats`], through [`canonical_deals`]), the
//!   crib of every discard ([`crib_table`]).
//! - Computer players over a seat's view ([`Player`], [`Strategy`]: random,
//!   easy, basic, classic, expert), hints for a seat ([`hint`]) and a seeded game of
//!   self-play ([`play_game`]; many games are `crib_referee`'s match).
//!
//! No input or output happens here.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod board;
mod expect;
mod hint;
mod measure;
mod players;
mod rules_of_thumb;
mod search;

pub use board::counts::RoundCounts;
pub use board::standing::chance_now;
pub use board::three_table::{Chances, ThreeTable};
pub use board::win_table::{WinTable, win_chance};
pub use expect::crib::{CribOdds, CribRow, crib_table};
pub use expect::discard::{
    DiscardError, Expectation, Keep, best_keep, deal_from_cards, discard_table,
};
pub use expect::keep::{KeepValue, keep_values, keep_values_for_game};
#[cfg(feature = "lab")]
pub use expect::pegging::{FEATURES, pegging_features, rank_pair, rank_triple};
pub use expect::throw_model::{Stake, ThrowModel};
pub use hint::{CardFacts, DiscardHint, Hint, PlayHint, Risk, Setup, hint};
pub use measure::deals::{CanonicalDeal, canonical_deals};
pub use measure::hand_stats::{Distribution, HandStats, MAX_SCORE, hand_stats};
pub use measure::keep_stats::{KeepStats, STARTERS, best_keep_points, keep_stats};
pub use measure::rate::Rate;
pub use measure::rounds::{Measured, measure_rounds};
pub use measure::selfplay::{GameOutcome, SimError, play_game, play_game_watched};
pub use measure::throws::{ThrowCounts, measure_throws};
pub use players::basic::BasicPlayer;
pub use players::classic::ClassicPlayer;
pub use players::easy::EasyPlayer;
pub use players::expert::{ExpertOptions, ExpertPlayer};
pub use players::player::{Observed, Player};
pub use players::random::RandomPlayer;
pub use players::strategy::{BuiltIn, Strategy, UnknownStrategy};
#[cfg(feature = "lab")]
pub use search::analysis::choose_play;
pub use search::analysis::{PlayAnalysis, PlayMeasure};
pub use search::options::PegOptions;
#[cfg(feature = "lab")]
pub use search::options::{Inference, PlayModel};

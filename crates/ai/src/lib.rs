//! Cribbage decisions and analysis, built on the rules of `crib_core`. No
//! input or output happens here. By folder, each above the ones it uses:
//!
//! - `board/`: the chance of winning a game from the scores, a race of
//!   rounds measured in expert self-play: [`win_chance`] and [`WinTable`]
//!   for two sides (two players, or four in partnerships), [`ThreeTable`]
//!   for three players, [`chance_now`] from a seat's view and
//!   [`chance_at_deal`] from the scores at a deal; the measured
//!   rounds ([`RoundCounts`]) are kept in `board/data/`.
//! - `rules_of_thumb.rs`: the greedy play and club players' rules of
//!   thumb, which players play by and which the search gives the opponents
//!   it samples.
//! - `expect/`: what cards are worth before they are played: the hand's
//!   exact expectation and the keep that maximises it ([`discard_table`],
//!   [`best_keep`]), the crib's exact expectation under a model of the
//!   other players' throws ([`CribOdds`], [`ThrowModel`], [`crib_table`]),
//!   the crib's value of a two-card discard by its ranks, suitedness and
//!   role ([`CribValues`]) with the best-response table kept in
//!   `expect/data/` ([`best_response_crib`]), a fitted estimate of the
//!   play, and the expert's value of each keep, hand, crib and play
//!   together ([`keep_values`]), or near the end of a game of two sides its
//!   chance of winning ([`keep_values_for_game`]).
//! - `search/`: the expert's play of the cards, a search of the rest of the
//!   play over sampled hands of the opponents, for points or, near the end
//!   of the game, for the game ([`PegOptions`], [`PlayAnalysis`]).
//! - `players/`: computer players over a seat's view ([`Player`],
//!   [`Strategy`]: random, easy, basic, classic, expert), and what a player
//!   is told of the table that a view does not keep ([`Observed`]).
//! - `hint.rs`: the expert's advice for a seat, with the facts of why
//!   ([`hint`]).
//! - `measure/`: exhaustive statistics (every show, [`hand_stats`]; the
//!   best keep of every six-card deal, [`keep_stats`], through
//!   [`canonical_deals`]), what a sensible player throws over every deal
//!   ([`measure_throws`]), the crib's value of each discard by iterated
//!   best response, in shards that merge exactly ([`ValuedDeals`],
//!   [`BestResponseRound`], [`Shard`]), a round's points counted from a
//!   game as it is played ([`RoundCounter`]; the games of self-play are
//!   played at `crib_table`'s table, like every other), and rates with
//!   their intervals ([`Rate`]).
//!
//! The `lab` feature adds knobs for experiments that no shipped player
//! uses, which the `examples/` need: other models of the opponents
//! ([`PegOptions`]'s `inference` and `play`) and its `tries`, a stateless
//! `choose_play`, and the features of the play's estimate.

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
pub use board::standing::{chance_at_deal, chance_now};
pub use board::three_table::{Chances, ThreeTable};
pub use board::win_table::{WinTable, win_chance};
pub use expect::best_response::{
    BestResponseBuild, CribValues, PAIR_DISCARDS, best_response_build, best_response_crib,
};
pub use expect::crib::{CribOdds, CribRow, crib_table};
pub use expect::discard::{
    DiscardError, Expectation, Keep, best_keep, deal_from_cards, discard_table,
};
pub use expect::keep::{KeepValue, keep_values, keep_values_for_game};
#[cfg(feature = "lab")]
pub use expect::pegging::{FEATURES, pegging_features, rank_pair, rank_triple};
pub use expect::throw_model::{Stake, ThrowModel};
pub use hint::{CardFacts, DiscardHint, Hint, PlayHint, Risk, Setup, hint};
#[cfg(feature = "lab")]
pub use measure::best_response::play_net;
pub use measure::best_response::round::{
    BestResponseJob, BestResponseRound, DiscardTotals, PRIOR_CRIBS, ROUND_FORMAT, RoleTotals,
    RoundError,
};
pub use measure::best_response::shard::{MAX_SHARDS, Shard, ShardError};
pub use measure::best_response::{Start, ValuedDeals, iterate};
pub use measure::deals::{CanonicalDeal, canonical_deals};
pub use measure::hand_stats::{Distribution, HandStats, MAX_SCORE, hand_stats};
pub use measure::keep_stats::{KeepStats, STARTERS, best_keep_points, keep_stats};
pub use measure::rate::Rate;
pub use measure::rounds::{Measured, RoundCounter};
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

//! Expectations: what cards are worth before they are played. The hand's
//! exact expectation over the unseen starters, summed by rank ([`ranks`]),
//! and the discard that keeps the best hand ([`discard`]); the crib's
//! exact expectation ([`crib`]) under a model of the other players' throws
//! ([`throw_model`]), and the sensible discard that weighs it
//! ([`sensible`]); the crib's value of a two-card discard by its ranks,
//! suitedness and role, with the table of iterated best response kept in
//! `data/` ([`best_response`]); an estimate of what kept cards are worth
//! in the play ([`pegging`]); and the expert's value of each keep, hand,
//! crib and play together, or near the end of a game its chance of winning
//! ([`keep`]).

pub(crate) mod best_response;
pub(crate) mod crib;
pub(crate) mod discard;
pub(crate) mod keep;
pub(crate) mod pegging;
pub(crate) mod ranks;
pub(crate) mod sensible;
pub(crate) mod throw_model;

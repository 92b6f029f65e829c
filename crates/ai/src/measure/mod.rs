//! Measuring: exhaustive statistics over every show and every deal of six
//! (through one deal of each class under renaming the suits), what a
//! sensible player throws over every deal, the crib's value of each
//! discard by iterated best response, in shards, the count of a round's
//! points from a game as it is played, and the rate of an outcome with its
//! interval.

pub(crate) mod best_response;
pub(crate) mod deals;
pub(crate) mod hand_stats;
pub(crate) mod keep_stats;
pub(crate) mod rate;
pub(crate) mod rounds;
pub(crate) mod throws;

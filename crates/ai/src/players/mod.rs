//! Computer players: what a seat decides, from what it may know
//! ([`player`]), and the built-in players, named by
//! [`Strategy`](crate::Strategy) ([`strategy`]), one file each, weakest
//! first:
//!
//! - `random`: any legal discard or play, from a seeded generator;
//! - `easy`, for beginners: a random discard; in the play, the card that
//!   pegs the most now if any card pegs, else a random card that fits;
//! - `basic`: the discard that keeps the best expected hand
//!   ([`best_keep`](crate::best_keep)), then in the play the card that pegs
//!   the most now, else the highest card that fits;
//! - `classic`, by the book: the discard from a published-style crib table
//!   plus the hand's expectation, and club players' rules of thumb in the
//!   play: no five led when another rank will do, lead below five or from
//!   a pair, avoid leaving 5 or 21, pair cautiously (the dealer only when
//!   every other card is worse), open no runs, play toward 15 and 31, high
//!   cards first ([`classic`]);
//! - `expert`: the discard that is worth most in hand, crib and play
//!   together ([`keep_values`](crate::keep_values)), or near the end of a
//!   two-player game the one most likely to win it, and in the play a
//!   search to the end of the play over sampled hands of the opponents
//!   (each sample searching, or playing greedily as `basic` does),
//!   playing for the win near the end of a game
//!   ([`ExpertPlayer`](crate::ExpertPlayer)); what it learns of the other
//!   players over a game ([`learn`]) steers its samples ([`expert`]).

pub(crate) mod basic;
pub(crate) mod classic;
pub(crate) mod easy;
pub(crate) mod expert;
pub(crate) mod learn;
pub(crate) mod player;
pub(crate) mod random;
pub(crate) mod strategy;

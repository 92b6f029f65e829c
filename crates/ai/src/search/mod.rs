//! The expert's play of the cards: a search of the rest of the play over
//! sampled deals of the cards the player cannot see (perfect-information
//! Monte Carlo).
//!
//! Each decision samples worlds ([`worlds`]): the other seats' cards, drawn
//! as the models of the other players say ([`opponents`]) and as what they
//! have played allows. In each world every card is known, and each card the
//! player may play is valued by a search of the rest of the play: for
//! points away from the end of the game ([`points`]), for the chance of
//! winning near it with two sides ([`two_sides`]), or for each side's own
//! chance with three ([`three_sides`]); positions at the start of a count,
//! which many orders of play reach, are remembered ([`memo`]). The card
//! with the best value averaged over the worlds is played ([`analysis`]),
//! as the settings say ([`options`]).

pub(crate) mod analysis;
pub(crate) mod memo;
pub(crate) mod opponents;
pub(crate) mod options;
pub(crate) mod points;
pub(crate) mod three_sides;
pub(crate) mod two_sides;
pub(crate) mod worlds;

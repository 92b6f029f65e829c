//! What four kept cards are worth in the play: an estimate for the discard.

use crib_core::{CardSet, GameConfig};

/// The estimated net points of the play for a player keeping `keep`.
pub(crate) fn pegging_value(
    _config: GameConfig,
    _keep: CardSet,
    _dealer: bool,
    _pone: bool,
) -> f64 {
    0.0
}

//! Tournaments of 3 to 32 entrants, computers allowed: round robin and
//! knockout. The draw ([`Tournament`]) is fixed when a tournament starts;
//! where it stands ([`Progress`]) is worked out afresh from the games of
//! its matches, so nothing but the games needs keeping.

mod draw;
mod progress;

pub use draw::{Kind, Match, MatchId, ParseKindError, Round, Slot, Tournament, TournamentError};
pub use progress::{MatchRecord, MatchStatus, Progress};

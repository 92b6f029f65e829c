//! Saved games: every match against the computer (or between any players)
//! kept in an embedded SQLite database as it is played, so that nothing
//! played is lost, an interrupted match resumes exactly where it stopped, and
//! finished matches give a history and a player's statistics. The answers of
//! the counting drill are kept too, one row each, for a person's record of
//! counting (`crib_core::DrillRecord`). So are a club's members (`crib
//! serve`'s): each a name and the hash of a personal sign-in key, with the
//! hashes of the sessions of the browsers they signed in with; every secret
//! is kept as its [`token_hash`], never as itself. So are the club's deal
//! of the day (the secret seed of its deals, made once) and each member's
//! rounds of each day, with their decisions graded; its tournaments (their
//! draws, and the saved match each of their matches is played in); and each
//! seat's split of a reviewed match into luck and skill, once worked out.
//!
//! A match is stored as what determines it: its seed, its configuration, its
//! seats' players, and every action taken, each in its own transaction the
//! moment it is taken, with the events it produced. The events are
//! redundant (a `crib_core` [`Match`](crib_core::Match) replays them from the
//! seed and the actions), and that is the point: loading a match replays its
//! actions and checks that every event comes out the same, so a saved game
//! that does not replay is an error, never a silently different game.
//!
//! [`Store`] is the handle: `Send + Sync`, one writer behind a mutex and a
//! few reader connections, WAL mode and a busy timeout, so that a web server
//! can share one `Store` between the threads of its concurrent games. A
//! server saves through a [`Writer`] instead: one thread that commits the
//! queued writes of many games in one transaction and one sync (group
//! commit), and tells each game's [`Line`] when its writes are durable.
//! [`Store::prune`] removes old matches (retention).
//!
//! ```
//! use crib_core::{GameConfig, Match, Claims};
//! use crib_store::{NewGame, Player, Store};
//! let dir = tempfile::tempdir()?;
//! let store = Store::open(&dir.path().join("crib.db"))?;
//! let setup = NewGame {
//!     seed: 7,
//!     config: GameConfig::default(),
//!     length: 1.into(),
//!     muggins: false,
//!     muggins_pegging: false,
//!     players: vec![Player::person("me"), Player::computer("basic")],
//! };
//! let (mut play, opening) = Match::new(setup.config, setup.length, setup.seed)?;
//! let id = store.start(&setup, &opening)?;
//! let dealer = play.game().dealer();
//! let events = play.play(dealer, crib_core::Action::Deal)?;
//! store.record(id, dealer, crib_core::Action::Deal, Claims::NONE, &events)?;
//! let resumed = store.resume(id)?;
//! assert_eq!(resumed.play, play);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod club;
mod codec;
mod daily;
mod drill;
mod error;
mod matches;
mod members;
mod retention;
mod saved;
mod schema;
mod secret;
mod split;
mod stats;
mod store;
#[doc(hidden)]
pub mod testing;
mod tournaments;
mod web;
mod writer;

pub use club::ClubMatch;
pub use daily::{DailyChoice, DailyDecision, DailyRound};
pub use drill::{DrillAnswer, DrillPlace};
pub use error::StoreError;
pub use members::{
    MAX_NAME_CHARS, Member, MemberId, MemberName, NameError, SESSION_DAYS, SESSIONS_KEPT,
};
pub use retention::Pruned;
pub use saved::{GameId, GameSummary, Move, NewGame, Outcome, Player, PlayerKind, Resumed, Status};
pub use schema::{APPLICATION_ID, SCHEMA_VERSION};
pub use secret::{Token, token_hash};
pub use split::SeatSplit;
pub use stats::{Record, RecordFigures, RoleFigures, RolePoints, Stats};
pub use store::Store;
pub use tournaments::{
    NewTournament, TournamentEntrant, TournamentId, TournamentMatch, TournamentRow,
};
pub use web::{SeatMember, WebTable};
pub use writer::{GameSlot, Line, Writer};

#[doc(hidden)]
pub use schema::migrate_to;

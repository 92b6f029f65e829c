//! The Cribbage Engine Protocol (`shared/protocol.md`, and `docs/protocol.md`
//! for the choices we made where it leaves room).
//!
//! - [`wire`](Command): the grammar that both ends share, commands and
//!   responses with `FromStr` and `Display`;
//! - [`Session`]: the engine's side, what it knows and its answer to each
//!   command;
//! - [`serve`]: the engine's loop over any reader and writer;
//! - [`Script`]: the engine's choices written in advance, for golden tests.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod script;
mod serve;
mod session;
mod wire;

pub use script::{Choice, Script, ScriptError, Scripted};
pub use serve::{Ending, LineError, MAX_LINE, read_command, serve};
pub use session::{PROTOCOL_VERSION, Seen, Session, SessionError, State};
pub use wire::{Command, CommandError, Response, ResponseError, parse_line};

//! The Cribbage Engine Protocol (`shared/protocol.md`, and `docs/protocol.md`
//! for the choices we made where it leaves room).
//!
//! [`wire`](Command) holds the grammar that both ends share.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod wire;

pub use wire::{Command, CommandError, Response, ResponseError, parse_line};

//! The engine's side of the protocol, tested from outside the crate: golden
//! transcripts, properties of the session, and whole games against a referee
//! built from `crib_core::Game`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod games;
mod golden;
mod properties;
mod transcript;

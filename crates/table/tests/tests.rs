//! The table and what it says: people and programs at one match, its
//! record and resume, the review of a saved match with its charts, and
//! self-play between built-in players.

#![allow(clippy::unwrap_used)]

mod review;
mod selfplay;
mod table;

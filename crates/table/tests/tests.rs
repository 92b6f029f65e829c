//! The table and what it says: people and programs at one match, its
//! record and resume, and the review of a saved match with its charts.

#![allow(clippy::unwrap_used)]

mod review;
mod table;

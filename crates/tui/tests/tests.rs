//! The integration tests of `crib-tui`, in one binary to keep link times
//! short: drawing into a ratatui buffer (`render`) and the app driven by keys
//! through whole games (`flow`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod drill;
mod flow;
mod render;
mod resume;

//! The integration tests of `crib-tui`, in one binary to keep link times
//! short: drawing into a ratatui buffer (`render`), the app driven by
//! messages through whole games (`flow`) and taken up again (`resume`), the
//! key map that turns keys into messages (`keys`), and the counting drill
//! (`drill`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod drill;
mod flow;
mod keys;
mod render;
mod resume;

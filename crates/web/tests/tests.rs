//! The integration tests of crib-web, in one binary to keep link times short.

// Helpers outside #[test] functions unwrap too: a test that cannot read an
// answer has failed.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod api;
mod clock;
mod club;
mod daily;
mod drill;
mod driver;
mod faults;
mod http;
mod load;
mod lobby;
mod ratings;
mod reviews;
mod saved;
mod seats;
mod tournaments;

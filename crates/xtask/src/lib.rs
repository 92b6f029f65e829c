//! The repository's own checks, run by its tests and by `cargo xtask`:
//!
//! - `modules`: no crate has a module import cycle ([`modules::workspace_cycles`]);
//! - `links`: every relative link in the Markdown documents resolves
//!   ([`links::broken_links`]).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod links;
pub mod modules;

use std::path::PathBuf;

/// The repository's root: two folders above this crate's.
#[must_use]
pub fn repository() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    here.ancestors().nth(2).map_or(here.clone(), PathBuf::from)
}

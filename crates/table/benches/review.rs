//! The review of a whole saved match: loading it, replaying it and grading
//! every decision of its person by the expert. The issue asks for under 2 s.
//!
//! The match is the store's seeded match 3: two games won, with muggins, the
//! person (`tester`) playing legal moves at random, so that its games last
//! longer than a good player's and every kind of decision is graded.

use crib_store::Store;
use crib_table::review::{REVIEW_SEED, review};

fn main() {
    divan::main();
}

/// One whole match, reviewed.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn whole_match(bencher: divan::Bencher) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let store = Store::open(&dir.path().join("crib.db")).expect("a new database");
    let id = crib_store::testing::play_seeded(&store, 3).expect("the seeded match plays");
    bencher.bench_local(|| review(&store, id, REVIEW_SEED).expect("the match is reviewed"));
}

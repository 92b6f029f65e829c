//! Builds the three players' table of the chance of winning from the counts
//! kept in `src/board/data/three_players.rs` (seconds of work, by
//! `crib-race`, optimised in every profile), so that no process builds it:
//! `ThreeTable::stored` reads the chances at the start of a round from the
//! file written here.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// The three-player measure, as `RoundCounts::stored_for(3)` reads it.
#[allow(dead_code, reason = "the build needs the counts, not the measure's figures")]
mod three {
    include!("src/board/data/three_players.rs");
}

fn main() {
    println!("cargo::rerun-if-changed=src/board/data/three_players.rs");
    println!("cargo::rerun-if-changed=build.rs");
    // As `RoundCounts` keeps them: the play's outcomes in order.
    let play: BTreeMap<[u8; 3], u32> = three::PLAY
        .iter()
        .map(|&(pone, second, dealer, count)| ([pone, second, dealer], count))
        .collect();
    let show: [&[u32]; 3] = [&three::PONE_HAND, &three::SECOND_HAND, &three::DEALER_SHOW];
    let round = crib_race::measured_round::<3, f32>(
        play.iter().map(|(points, &count)| (points.as_slice(), count)),
        show,
    );
    let race = crib_race::three_players(&round, true);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("three_players_start.bin"), crib_race::kept_start(&race.start))
        .expect("the build's output directory is writable");
}

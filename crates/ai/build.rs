//! Builds the tables of the chance of winning from the counts kept in
//! `src/board/data/` (the three players' table is seconds of work, by
//! `crib-race`, optimised in every profile; the two sides' are
//! milliseconds), so that no process builds them: `ThreeTable::stored` reads
//! the chances at the start of a round from the file written here, and
//! `WinTable::for_players` its two.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The two-player measure, as `RoundCounts::stored_for(2)` reads it.
#[allow(dead_code, reason = "the build needs the counts, not the measure's figures")]
mod two {
    include!("src/board/data/two_players.rs");
}

/// The three-player measure.
#[allow(dead_code, reason = "the build needs the counts, not the measure's figures")]
mod three {
    include!("src/board/data/three_players.rs");
}

/// The four-player measure (partners).
#[allow(dead_code, reason = "the build needs the counts, not the measure's figures")]
mod four {
    include!("src/board/data/four_players.rs");
}

/// Writes the two sides' table of `players` (2 or 4) from its counts: the
/// pone's side's chances at the start of a round, then after the play, as
/// `WinTable` keeps them.
fn two_sides(out: &Path, players: u8, play: &[(u8, u8, u32)], show: &[&[u32]]) {
    let play: BTreeMap<[u8; 2], u32> =
        play.iter().map(|&(pone, dealer, count)| ([pone, dealer], count)).collect();
    let round = crib_race::measured_round::<2, f64>(
        play.iter().map(|(points, &count)| (points.as_slice(), count)),
        show.iter().copied(),
    );
    let race = crib_race::two_sides(&round);
    let pone_side = |chances: &[[f64; 2]]| -> Vec<f64> { chances.iter().map(|c| c[0]).collect() };
    let mut bytes = crib_race::kept_f64s(&pone_side(&race.start));
    bytes.extend(crib_race::kept_f64s(&pone_side(&race.stages[0])));
    std::fs::write(out.join(format!("two_sides_{players}.bin")), bytes)
        .expect("the build's output directory is writable");
}

fn main() {
    println!("cargo::rerun-if-changed=src/board/data/two_players.rs");
    println!("cargo::rerun-if-changed=src/board/data/three_players.rs");
    println!("cargo::rerun-if-changed=src/board/data/four_players.rs");
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
    two_sides(&out, 2, &two::PLAY, &[&two::PONE_HAND, &two::DEALER_SHOW]);
    let four_show: [&[u32]; 4] = [
        &four::PONE_HAND,
        &four::DEALER_PARTNER_HAND,
        &four::PONE_PARTNER_HAND,
        &four::DEALER_SHOW,
    ];
    two_sides(&out, 4, &four::PLAY, &four_show);
}

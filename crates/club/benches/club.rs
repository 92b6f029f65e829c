//! What the club's server works out on each read: a rating update, the
//! rating list folded over a club's rated matches, a tournament's draw, and
//! where a tournament of 32 stands after every match of it.
//!
//! The results are seeded, so every run measures the same work. Run with
//! `cargo bench -p crib-club --bench club`.

use crib_club::{Kind, Ladder, MatchRecord, Played, Rating, Tournament, rate_match};
use crib_core::MatchLength;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// One rated match: both players' new ratings.
#[divan::bench]
fn rating_update() -> (Rating, Rating) {
    rate_match(black_box(Rating::NEW), black_box(Rating::NEW))
}

/// The rating list after `matches` rated matches among 100 members, the
/// winner of each the lower-numbered of a pair picked by a fixed stride:
/// what each read of the list and of a member's page folds.
#[divan::bench(args = [100, 1_000, 10_000])]
fn rating_list(bencher: Bencher<'_, '_>, matches: usize) {
    let pairs: Vec<(usize, usize)> =
        (0..matches).map(|n| ((n * 7) % 100, (n * 13 + 1) % 100)).filter(|(a, b)| a != b).collect();
    bencher.bench(|| {
        let mut ladder = Ladder::new();
        for &(a, b) in black_box(&pairs) {
            ladder.record(a.min(b), a.max(b), Rating::NEW, "2026-11-29T12:00:00Z");
        }
        ladder
    });
}

/// The draw of a tournament of 32, round robin (496 matches) or knockout.
#[divan::bench(args = [Kind::RoundRobin, Kind::Knockout])]
fn draw_of_32(kind: Kind) -> Tournament {
    Tournament::new(black_box(kind), 32, MatchLength::BEST_OF_THREE).expect("32 entrants")
}

/// Where a round robin of 32 stands with every match over, best of three:
/// its statuses, the standings and the final order, as each read of its
/// page and each sweep of the server's director works them out.
#[divan::bench]
fn round_robin_of_32_over(bencher: Bencher<'_, '_>) {
    let tournament =
        Tournament::new(Kind::RoundRobin, 32, MatchLength::BEST_OF_THREE).expect("32 entrants");
    let game = |home_wins: bool| {
        let scores = if home_wins { vec![121, 95] } else { vec![101, 121] };
        Played::new(121, scores).expect("a finished game")
    };
    let records: Vec<MatchRecord> = (0..tournament.matches().len())
        .map(|n| {
            let mut games = vec![game(n % 3 == 0), game(n % 3 != 2), game(n % 2 == 0)];
            // Two games won by the same side end the match.
            if games[0].winner() == games[1].winner() {
                games.truncate(2);
            }
            MatchRecord::from(games)
        })
        .collect();
    bencher.bench(|| tournament.progress_of(black_box(&records)).expect("the results fit"));
}

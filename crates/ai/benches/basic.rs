//! The `basic` player's decisions: the discard and a pegging decision
//! (whole games of self-play are `crib_table`'s `selfplay` benchmark).

use crib_ai::{BasicPlayer, Player};
use crib_core::{Action, Game, GameConfig, Phase, Seat};

fn main() {
    divan::main();
}

/// The `basic` discard from a six-card deal.
#[divan::bench]
fn basic_discard(bencher: divan::Bencher) {
    let views: Vec<_> = (0..256)
        .map(|seed| {
            let mut game = Game::new(GameConfig::default(), Seat::ALL[0], seed).expect("seat 0");
            game.play(Seat::ALL[0], Action::Deal).expect("the dealer deals");
            game.view(Seat::ALL[1])
        })
        .collect();
    let mut next = views.iter().cycle();
    bencher.bench_local(|| BasicPlayer.discard(next.next().expect("cycles forever")));
}

/// A `basic` pegging decision at the lead.
#[divan::bench]
fn basic_play(bencher: divan::Bencher) {
    let views: Vec<_> = (0..256)
        .map(|seed| {
            let mut game = Game::new(GameConfig::default(), Seat::ALL[0], seed).expect("seat 0");
            game.play(Seat::ALL[0], Action::Deal).expect("the dealer deals");
            for seat in [Seat::ALL[0], Seat::ALL[1]] {
                let discard = BasicPlayer.discard(&game.view(seat));
                game.play(seat, Action::Discard(discard)).expect("a legal discard");
            }
            debug_assert_eq!(game.phase(), Phase::Pegging);
            game.view(Seat::ALL[1])
        })
        .collect();
    let mut next = views.iter().cycle();
    bencher.bench_local(|| BasicPlayer.play(next.next().expect("cycles forever")));
}

//! Whole games between two `basic` players, on one core: the issue asks for
//! at least 5,000 games a second. Also the parts of a game: the discard and
//! a pegging decision.

use crib_ai::{BasicPlayer, Player, Strategy, play_game};
use crib_core::{Action, Game, GameConfig, Phase, Seat};

fn main() {
    divan::main();
}

/// One whole game of `basic` against `basic`, a new seed each time.
#[divan::bench(args = [2, 3, 4])]
fn basic_game(bencher: divan::Bencher, players: u8) {
    let config = GameConfig::new(players, 121).expect("2 to 4 players");
    let seats = vec![Strategy::Basic; usize::from(players)];
    let mut index = 0;
    bencher.counter(divan::counter::ItemsCount::new(1usize)).bench_local(|| {
        index += 1;
        play_game(config, &seats, 7, index).expect("basic players play legally")
    });
}

/// One game of `random` against `random`: the cost of the game itself.
#[divan::bench]
fn random_game(bencher: divan::Bencher) {
    let seats = [Strategy::Random, Strategy::Random];
    let mut index = 0;
    bencher.bench_local(|| {
        index += 1;
        play_game(GameConfig::default(), &seats, 7, index).expect("random players play legally")
    });
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

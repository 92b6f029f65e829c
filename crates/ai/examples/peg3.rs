//! Where the points of a round go at three players: seeded deals from the
//! start of a game, one seat's discard and play by the players under test
//! and the two other seats `basic`, the same deals for every player under
//! test, so that differences are paired.
//!
//! ```text
//! cargo run --release -p crib-ai --features lab --example peg3 -- [rounds] [player] [seed] [discarder]
//! ```
//!
//! The tested seat plays as `player` and discards as `discarder` (by
//! default `basic`, so that only the play differs). Prints, for the seat
//! under test, the seat after it and the seat before it, the points pegged
//! a round and the points of the whole round, and the tested seat's pegging
//! by the kind of play that scored them and by its role.

use crib_ai::{BasicPlayer, Player, Strategy};
use crib_core::{Action, Event, Game, GameConfig, Phase, Seat, derive_seed};

#[path = "common/args.rs"]
mod args;

fn main() {
    let mut args = args::Args::new("peg3");
    let rounds: u64 = args.next_or("rounds", 2000);
    let strategy = args.next_or("strategy", Strategy::Expert);
    let seed: u64 = args.next_or("seed", 1);
    let discarder = args.next_or("discarding strategy", Strategy::Basic);
    let config = GameConfig::new(3, 121).expect("three players");
    // Pegged by the tested seat, the one after it, the one before it.
    let mut seats = [0u64; 3];
    // The whole round's points, the same way.
    let mut rounds_points = [0u64; 3];
    // The tested seat's points: leads, replies, go points, by its role
    // (dealer, first pone, second pone).
    let mut kinds = [0u64; 3];
    let mut roles = [[0u64; 3]; 3];
    for round in 0..rounds {
        let tested = Seat::ALL[(round % 3) as usize];
        let dealer = Seat::ALL[((round / 3) % 3) as usize];
        let mut game = Game::new(config, dealer, derive_seed(seed, round)).expect("a table");
        game.play(dealer, Action::Deal).expect("the dealer deals");
        let mut player = strategy.player(derive_seed(seed ^ 0x5eed, round));
        let mut discarding = discarder.player(derive_seed(seed ^ 0x5eed, round));
        for seat in config.seats() {
            let view = game.view(seat);
            let discard =
                if seat == tested { discarding.discard(&view) } else { BasicPlayer.discard(&view) };
            game.play(seat, Action::Discard(discard)).expect("a legal discard");
        }
        let role = (tested.index() + 3 - dealer.index()) % 3;
        // Pegged this round by the tested seat, the one after, the one before.
        let mut pegged = [0u64; 3];
        let offset = |seat: Seat| (seat.index() + 3 - tested.index()) % 3;
        while game.phase() == Phase::Pegging && game.winner().is_none() {
            let Some(seat) = game.pegging().turn() else { break };
            let view = game.view(seat);
            let action = if seat == tested {
                player.act(&view).expect("its turn")
            } else {
                BasicPlayer.act(&view).expect("its turn")
            };
            let lead = game.pegging().count() == 0;
            for event in game.play(seat, action).expect("a legal play") {
                match event {
                    Event::Played { seat, points, .. } => {
                        let points = u64::from(points.total());
                        pegged[offset(seat)] += points;
                        if seat == tested {
                            kinds[usize::from(!lead)] += points;
                        }
                    }
                    Event::Go { point_to: Some(seat), .. } => {
                        pegged[offset(seat)] += 1;
                        if seat == tested {
                            kinds[2] += 1;
                        }
                    }
                    _ => {}
                }
            }
        }
        for (total, points) in seats.iter_mut().zip(pegged) {
            *total += points;
        }
        for (offset, total) in rounds_points.iter_mut().enumerate() {
            let seat = Seat::ALL[(tested.index() + offset) % 3];
            *total += u64::from(game.board().score(config.side_of(seat)));
        }
        roles[role][0] += pegged[0];
        roles[role][1] += 1;
        roles[role][2] += u64::from(game.board().score(config.side_of(tested)));
    }
    let per = |points: u64| points as f64 / rounds as f64;
    println!("{strategy} (discarding as {discarder}):");
    println!("  pegged a round: {}", by_seat(seats, rounds));
    println!("  the whole round: {}", by_seat(rounds_points, rounds));
    println!(
        "  its points: leads {:.3}, other plays (last card included) {:.3}, go points {:.3}",
        per(kinds[0]),
        per(kinds[1]),
        per(kinds[2])
    );
    for (name, [points, count, round]) in ["dealer", "first pone", "second pone"].iter().zip(roles)
    {
        let count = count.max(1) as f64;
        println!(
            "  as {name}: pegged {:.3}, the round {:.3}",
            points as f64 / count,
            round as f64 / count
        );
    }
}

/// Points a round of the tested seat, the one after it and the one before
/// it, and the tested seat's edge over the others' mean.
fn by_seat(totals: [u64; 3], rounds: u64) -> String {
    let [mine, after, before] = totals.map(|points| points as f64 / rounds as f64);
    format!(
        "{mine:.3}, after it {after:.3}, before it {before:.3}; edge {:.3}",
        mine - (after + before) / 2.0
    )
}

//! Measures the distributions of a round's points that the chance of
//! winning (`crib_ai::win_chance`) is built from, over seeded self-play, and
//! prints them as the Rust tables of `src/win.rs`.
//!
//! ```text
//! cargo run --release -p crib-ai --example rounds -- [games] [strategy] [seed]
//! ```

use std::collections::BTreeMap;

use crib_ai::{Player, Strategy};
use crib_core::{Game, GameConfig, Phase, Seat, SourcePoints, cut_for_deal, derive_seed};
use rayon::prelude::*;

#[derive(Default)]
struct Counts {
    play: BTreeMap<(u32, u32), u32>,
    pone_hand: Vec<u32>,
    dealer_show: Vec<u32>,
}

impl Counts {
    fn merge(mut self, other: Counts) -> Counts {
        for (key, count) in other.play {
            *self.play.entry(key).or_default() += count;
        }
        add(&mut self.pone_hand, &other.pone_hand);
        add(&mut self.dealer_show, &other.dealer_show);
        self
    }
}

fn add(ours: &mut Vec<u32>, theirs: &[u32]) {
    if ours.len() < theirs.len() {
        ours.resize(theirs.len(), 0);
    }
    for (a, b) in ours.iter_mut().zip(theirs) {
        *a += b;
    }
}

fn bump(counts: &mut Vec<u32>, at: u32) {
    let at = at as usize;
    if counts.len() <= at {
        counts.resize(at + 1, 0);
    }
    counts[at] += 1;
}

fn difference(after: &SourcePoints, before: &SourcePoints) -> SourcePoints {
    SourcePoints {
        heels: after.heels - before.heels,
        pegging: after.pegging - before.pegging,
        hand: after.hand - before.hand,
        crib: after.crib - before.crib,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|text| text.parse().ok()).unwrap_or(2000);
    let strategy: Strategy =
        args.next().and_then(|text| text.parse().ok()).unwrap_or(Strategy::Basic);
    let seed: u64 = args.next().and_then(|text| text.parse().ok()).unwrap_or(1);
    let config = GameConfig::default();
    let mut counts = (0..games)
        .into_par_iter()
        .map(|index| {
            let mut counts = Counts::default();
            let game_seed = derive_seed(seed, index);
            let (dealer, _) = cut_for_deal(config, game_seed);
            let Ok(mut game) = Game::new(config, dealer, derive_seed(game_seed, 1)) else {
                return counts;
            };
            let mut players: Vec<_> = config
                .seats()
                .map(|seat| strategy.player(derive_seed(game_seed, 2 + seat.index() as u64)))
                .collect();
            let mut tally = *game.tally();
            while game.phase() != Phase::Over {
                let seat = match game.phase() {
                    Phase::Deal => game.dealer(),
                    Phase::Discard => config
                        .seats()
                        .find(|&seat| !game.has_discarded(seat))
                        .unwrap_or(Seat::ALL[0]),
                    _ => game.pegging().turn().unwrap_or(Seat::ALL[0]),
                };
                let Some(action) = players[seat.index()].act(&game.view(seat)) else { break };
                game.play_unchecked(seat, action);
                let now = *game.tally();
                if now.rounds > tally.rounds {
                    let dealer = difference(&now.dealer, &tally.dealer);
                    let pone = difference(&now.pone, &tally.pone);
                    *counts
                        .play
                        .entry((pone.pegging, dealer.pegging + dealer.heels))
                        .or_default() += 1;
                    bump(&mut counts.pone_hand, pone.hand);
                    bump(&mut counts.dealer_show, dealer.hand + dealer.crib);
                    tally = now;
                }
            }
            counts
        })
        .reduce(Counts::default, Counts::merge);
    let rounds: u32 = counts.play.values().sum();
    println!("// {rounds} rounds of {strategy} self-play, {games} games, seed {seed}.");
    println!("const PLAY: [(u8, u8, u32); {}] = [", counts.play.len());
    for ((pone, dealer), count) in &counts.play {
        println!("    ({pone}, {dealer}, {count}),");
    }
    println!("];");
    counts.pone_hand.resize(30, 0);
    println!("const PONE_HAND: [u32; 30] = {:?};", counts.pone_hand);
    let mut show = counts.dealer_show;
    show.resize(60, 0);
    println!("const DEALER_SHOW: [u32; 60] = {:?};", show);
}

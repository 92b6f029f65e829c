//! Fits the estimate of what kept cards are worth in the play
//! (`src/expect/pegging.rs`) to seeded rounds played out by the expert's
//! search, and prints the coefficients.
//!
//! Each round deals a hand to every seat; each player keeps, half the time,
//! the best keep by hand and crib, and otherwise one of the next best (up
//! to five, so that the features vary where the choices are made); then all
//! play with the expert's search. The keeps are ranked without the estimate
//! being fitted, so a run's result does not depend on the coefficients in
//! place: the same arguments print the same coefficients. The net points of
//! the play (the keeper's side's less the mean of the other sides') are
//! regressed by least squares, with a light ridge, on the features of the
//! kept ranks (a count for each pair and each triple of ranks), separately
//! for each place at the table: the dealer, the pone, and with three or
//! four players the seats after the pone. The rounds are summed in
//! parallel, in whatever order the threads take them; the sums are of
//! whole counts and of whole and half points, exact in any order, so the
//! number of threads changes nothing either.
//!
//! With `pairs` after the players, only the pairs of ranks are fitted (91
//! values a place, the triples' left at 0), as for three and four players,
//! whose rounds are dearer to play and whose keeps differ by one card.
//!
//! ```text
//! cargo run --release -p crib-ai --features lab --example pegfit -- [rounds] [seed] [players] [pairs]
//! ```

use crib_ai::{
    ExpertOptions, FEATURES, KeepValue, ThrowModel, choose_play, keep_values, pegging_features,
    rank_pair, rank_triple,
};
use crib_core::{Action, CardSet, Deck, Game, GameConfig, Phase, Seat, derive_seed};
use rand::RngExt;
use rayon::prelude::*;

#[path = "common/args.rs"]
mod args;

/// The ridge added to the normal equations' diagonal.
const RIDGE: f64 = 1.0;

/// Sums for the normal equations: `X'X` and `X'y`, and the count.
#[derive(Clone)]
struct Sums {
    xx: Vec<f64>,
    xy: Vec<f64>,
    y: f64,
    n: f64,
}

impl Sums {
    fn new() -> Sums {
        Sums { xx: vec![0.0; FEATURES * FEATURES], xy: vec![0.0; FEATURES], y: 0.0, n: 0.0 }
    }

    /// Adds one round: `x`'s few features that are not 0 (a keep has six
    /// pairs and four triples), and `y`.
    fn add(&mut self, x: &[f64; FEATURES], y: f64) {
        let nonzero: Vec<(usize, f64)> =
            x.iter().copied().enumerate().filter(|&(_, value)| value != 0.0).collect();
        for &(i, xi) in &nonzero {
            for &(j, xj) in &nonzero {
                self.xx[i * FEATURES + j] += xi * xj;
            }
            self.xy[i] += xi * y;
        }
        self.y += y;
        self.n += 1.0;
    }

    fn merge(mut self, other: Sums) -> Sums {
        for (a, b) in self.xx.iter_mut().zip(&other.xx) {
            *a += b;
        }
        for (a, b) in self.xy.iter_mut().zip(&other.xy) {
            *a += b;
        }
        self.y += other.y;
        self.n += other.n;
        self
    }

    /// Solves `X'X b = X'y` by Gaussian elimination with partial pivoting,
    /// over the first `n` features (the others get 0).
    fn solve(&self, n: usize) -> Vec<f64> {
        let mut a: Vec<f64> = (0..n * n).map(|k| self.xx[k / n * FEATURES + k % n]).collect();
        // A light ridge: pairs and triples of ranks that (almost) never
        // meet in a keep get a coefficient near 0 rather than an unstable
        // one.
        for i in 0..n {
            a[i * n + i] += RIDGE;
        }
        let mut b = self.xy[..n].to_vec();
        for column in 0..n {
            let pivot = (column..n)
                .max_by(|&i, &j| a[i * n + column].abs().total_cmp(&a[j * n + column].abs()))
                .unwrap_or(column);
            for k in 0..n {
                a.swap(column * n + k, pivot * n + k);
            }
            b.swap(column, pivot);
            let diagonal = a[column * n + column];
            for row in 0..n {
                if row != column {
                    let factor = a[row * n + column] / diagonal;
                    for k in 0..n {
                        a[row * n + k] -= factor * a[column * n + k];
                    }
                    b[row] -= factor * b[column];
                }
            }
        }
        let mut coefficients: Vec<f64> = (0..n).map(|i| b[i] / a[i * n + i]).collect();
        coefficients.resize(FEATURES, 0.0);
        coefficients
    }
}

fn main() {
    let mut args = args::Args::new("pegfit");
    let rounds: u64 = args.next_or("rounds", 20_000);
    let seed: u64 = args.next_or("seed", 1);
    let players: u8 = args.next_or("players", 2);
    let pairs_only = match args.next_or("fit", String::new()).as_str() {
        "" => false,
        "pairs" => true,
        other => {
            eprintln!("pegfit: {other:?}: the fourth argument is `pairs` or nothing");
            std::process::exit(2);
        }
    };
    let fitted = if pairs_only { rank_pair(12, 12) + 1 } else { FEATURES };
    let Ok(config) = GameConfig::new(players, 121) else {
        eprintln!("pegfit: {players} players: the table seats 2, 3 or 4");
        std::process::exit(2);
    };
    let mut options = ExpertOptions::default();
    options.pegging.worlds = 32;
    options.pegging.play_for_game_within = 0;
    let model = ThrowModel::reasonable();
    let dealer = Seat::ALL[0];
    let seats = usize::from(players);
    let empty = || vec![Sums::new(); seats];
    let sums = (0..rounds)
        .into_par_iter()
        .fold(empty, |mut sums: Vec<Sums>, index| {
            let round_seed = derive_seed(seed, index);
            let mut rng = crib_core::seeded_rng(round_seed);
            let mut game = Game::new(config, dealer, round_seed).expect("seat 0 deals");
            let mut deck = Deck::shuffled(derive_seed(round_seed, 1));
            let hands: Vec<CardSet> =
                config.seats().map(|_| deck.deal_set(config.dealt()).expect("cards")).collect();
            let crib = deck.deal_set(config.crib_from_deck()).expect("cards");
            let starter = deck.deal().expect("a starter");
            game.deal_stacked(dealer, &hands, crib, starter).expect("a deal");
            let mut kept = vec![CardSet::EMPTY; seats];
            for seat in config.seats() {
                let mut values = keep_values(config, seat, dealer, hands[seat.index()], model)
                    .expect("a deal of the table's size");
                // By hand and crib (the play's estimate, being fitted, left
                // out), in `keep_values`' order otherwise.
                for value in &mut values {
                    value.pegging = 0.0;
                    value.total = value.hand.value() + value.crib_share();
                }
                values.sort_by(KeepValue::order);
                let others = values.len().min(6);
                let choice = if rng.random_bool(0.5) { 0 } else { rng.random_range(1..others) };
                kept[seat.index()] = values[choice].keep;
                game.play(seat, Action::Discard(values[choice].discard)).expect("a discard");
            }
            let mut pegged = [0.0f64; 4];
            while game.phase() == Phase::Pegging {
                let Some(seat) = game.pegging().turn() else { break };
                let view = game.view(seat);
                let action = match choose_play(
                    &view,
                    &options.pegging,
                    derive_seed(round_seed, 7 + game.pegging().played().len() as u64),
                ) {
                    Some(card) => Action::Play(card),
                    None => Action::Go,
                };
                for event in game.play(seat, action).expect("a legal play") {
                    if let crib_core::Event::Played { seat, points, .. } = event {
                        pegged[config.side_of(seat).index()] += f64::from(points.total());
                    }
                    if let crib_core::Event::Go { point_to: Some(seat), .. } = event {
                        pegged[config.side_of(seat).index()] += 1.0;
                    }
                }
            }
            let total: f64 = pegged.iter().sum();
            let others = f64::from(config.sides() - 1);
            // Seat 0 deals, so a seat's number is its place after the dealer.
            for seat in config.seats() {
                let own = pegged[config.side_of(seat).index()];
                let net = own - (total - own) / others;
                sums[seat.index()].add(&pegging_features(kept[seat.index()]), net);
            }
            sums
        })
        .reduce(empty, |a, b| a.into_iter().zip(b).map(|(a, b)| a.merge(b)).collect());
    for (place, sums) in sums.iter().enumerate() {
        let coefficients = sums.solve(fitted);
        let mean = sums.y / sums.n;
        let name = match place {
            0 => "dealer".to_owned(),
            1 => "pone".to_owned(),
            _ => format!("seat {place} after the dealer"),
        };
        println!("// {name}: {} rounds, mean net {:.3}", sums.n, mean);
        // The pairs, one line for each lower rank: its pairs with itself
        // and every higher rank. Then the triples, one line for each two
        // lower ranks: their triples with each rank from the higher up.
        let line = |values: Vec<f64>| {
            let values: Vec<String> = values.iter().map(|value| format!("{value:.3}")).collect();
            println!("    {},", values.join(", "));
        };
        println!("[");
        for low in 0..13 {
            line((low..13).map(|high| coefficients[rank_pair(low, high)]).collect());
        }
        for low in (0..13).filter(|_| !pairs_only) {
            for middle in low..13 {
                line(
                    (middle..13).map(|high| coefficients[rank_triple(low, middle, high)]).collect(),
                );
            }
        }
        println!("],");
    }
}

//! Duplicate matches of a configurable expert against `basic`, for tuning:
//! every seed is played twice, the expert in each seat, so both sides see
//! the same cards.
//!
//! ```text
//! cargo run --release -p crib-ai --features lab --example tune -- games=2000 seed=1 worlds=64 endgame=40 inference=sensible throws=reasonable
//! ```
//!
//! `discard-endgame=N` sets the discard's window for playing for the game;
//! `opponent=expert` plays against the default expert instead, whose
//! windows `opponent-endgame=N` and `opponent-discard-endgame=N` set (0 and
//! 40 are the expert before discards played for the game). `play=search`
//! or `play=mixed` sets the model of the opponent's play, and
//! `opponent-play=` the default expert's.

use std::time::Instant;

use crib_ai::{
    BasicPlayer, CribOdds, ExpertOptions, ExpertPlayer, Inference, PlayModel, Player, Rate,
    ThrowModel,
};
use crib_core::{Action, Game, GameConfig, Phase, SourcePoints, cut_for_deal, derive_seed};
use rayon::prelude::*;

#[derive(Default, Clone, Copy)]
struct Totals {
    games: u64,
    wins: u64,
    rounds: u64,
    /// The crib's prediction at the expert's discard against the crib
    /// shown, by the expert's role (dealer, pone) and model (measured,
    /// uniform): count, sum of errors, sum of squared errors.
    cribs: [[(f64, f64, f64); 2]; 2],
    /// The expert's points by source, and its opponent's.
    expert: [u64; 4],
    basic: [u64; 4],
}

impl Totals {
    fn merge(mut self, other: Totals) -> Totals {
        self.games += other.games;
        self.wins += other.wins;
        self.rounds += other.rounds;
        for i in 0..4 {
            self.expert[i] += other.expert[i];
            self.basic[i] += other.basic[i];
        }
        for (ours, theirs) in self.cribs.iter_mut().flatten().zip(other.cribs.iter().flatten()) {
            ours.0 += theirs.0;
            ours.1 += theirs.1;
            ours.2 += theirs.2;
        }
        self
    }
}

fn add(into: &mut [u64; 4], points: &SourcePoints) {
    into[0] += u64::from(points.pegging);
    into[1] += u64::from(points.hand);
    into[2] += u64::from(points.crib);
    into[3] += u64::from(points.heels);
}

fn play(
    seed: u64,
    index: u64,
    expert_seat: usize,
    options: ExpertOptions,
    opponent: Option<ExpertOptions>,
) -> Totals {
    let config = GameConfig::default();
    let game_seed = derive_seed(seed, index);
    let (dealer, _) = cut_for_deal(config, game_seed);
    let mut game = Game::new(config, dealer, derive_seed(game_seed, 1)).expect("seat");
    let mut expert = ExpertPlayer::with_options(derive_seed(game_seed, 2), options);
    let mut other =
        ExpertPlayer::with_options(derive_seed(game_seed, 3), opponent.unwrap_or_default());
    let mut predicted: Option<(usize, [f64; 2])> = None;
    let mut totals = Totals { games: 1, ..Totals::default() };
    let mut tally = *game.tally();
    while game.phase() != Phase::Over {
        let seat = match game.phase() {
            Phase::Deal => game.dealer(),
            Phase::Discard => config.seats().find(|&s| !game.has_discarded(s)).expect("someone"),
            _ => game.pegging().turn().expect("someone"),
        };
        let dealer_now = game.dealer();
        let view = game.view(seat);
        let action = if seat.index() == expert_seat {
            expert.act(&view)
        } else if opponent.is_some() {
            other.act(&view)
        } else {
            BasicPlayer.act(&view)
        };
        let action = action.expect("to act");
        if let (Action::Discard(discard), true) = (action, seat.index() == expert_seat) {
            let guess = |model: &ThrowModel| {
                CribOdds::for_seat(config, seat, dealer_now, view.hand, model).expected(discard)
            };
            let role = usize::from(seat != dealer_now);
            predicted =
                Some((role, [guess(ThrowModel::reasonable()), guess(&ThrowModel::UNIFORM)]));
        }
        game.play(seat, action).expect("legal");
        let now = *game.tally();
        if now.rounds > tally.rounds {
            totals.rounds += 1;
            let (d, p) = (now.dealer.since(&tally.dealer), now.pone.since(&tally.pone));
            if let Some((role, guesses)) = predicted.take() {
                for (model, guess) in guesses.into_iter().enumerate() {
                    let error = guess - f64::from(d.crib);
                    let cell = &mut totals.cribs[role][model];
                    *cell = (cell.0 + 1.0, cell.1 + error, cell.2 + error * error);
                }
            }
            if dealer_now.index() == expert_seat {
                add(&mut totals.expert, &d);
                add(&mut totals.basic, &p);
            } else {
                add(&mut totals.expert, &p);
                add(&mut totals.basic, &d);
            }
            tally = now;
        }
    }
    let winner = game.winner().expect("over");
    totals.wins = u64::from(winner.index() == expert_seat);
    totals
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut options = ExpertOptions::default();
    let (mut games, mut seed, mut mirror) = (1000u64, 1u64, false);
    let mut opponent = ExpertOptions::default();
    for arg in std::env::args().skip(1) {
        let (key, value) = arg.split_once('=').ok_or(format!("{arg}: not key=value"))?;
        match key {
            "games" => games = value.parse()?,
            "seed" => seed = value.parse()?,
            "opponent" => mirror = value == "expert",
            "worlds" => options.pegging.worlds = value.parse()?,
            "tries" => options.pegging.tries = value.parse()?,
            "endgame" => options.pegging.play_for_game_within = value.parse()?,
            "discard-endgame" => options.discard_for_game_within = value.parse()?,
            "opponent-endgame" => opponent.pegging.play_for_game_within = value.parse()?,
            "opponent-discard-endgame" => opponent.discard_for_game_within = value.parse()?,
            "inference" => {
                options.pegging.inference = match value {
                    "uniform" => Inference::Uniform,
                    "hand" => Inference::Hand,
                    "sensible" => Inference::Sensible,
                    "mixed" => Inference::Mixed,
                    other => return Err(format!("unknown inference {other}").into()),
                }
            }
            "play" => options.pegging.play = play_model(value)?,
            "opponent-play" => opponent.pegging.play = play_model(value)?,
            "throws" => {
                options.throws =
                    if value == "uniform" { ThrowModel::UNIFORM } else { *ThrowModel::reasonable() }
            }
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    let started = Instant::now();
    let totals = (0..games)
        .into_par_iter()
        .flat_map_iter(|index| [(index, 0), (index, 1)])
        .map(|(index, seat)| play(seed, index, seat, options, mirror.then_some(opponent)))
        .reduce(Totals::default, Totals::merge);
    let seconds = started.elapsed().as_secs_f64();
    let rate = Rate::new(totals.wins, totals.games);
    println!(
        "{} games ({games} seeds, both seats) in {seconds:.1} s: expert wins {:.2}% [{:.2}-{:.2}]",
        totals.games,
        rate.rate * 100.0,
        rate.low * 100.0,
        rate.high * 100.0
    );
    let per = |points: u64| points as f64 / totals.rounds as f64;
    for (name, points) in [("expert", totals.expert), ("basic", totals.basic)] {
        println!(
            "  {name:<7} per round: pegging {:.3}  hand {:.3}  crib {:.3}  heels {:.3}  total {:.3}",
            per(points[0]),
            per(points[1]),
            per(points[2]),
            per(points[3]),
            per(points.iter().sum())
        );
    }
    let net: f64 = (0..4).map(|i| per(totals.expert[i]) - per(totals.basic[i])).sum();
    println!("  net {net:.3} points a round");
    for (role, name) in ["dealer", "pone"].iter().enumerate() {
        for (model, model_name) in ["measured", "uniform"].iter().enumerate() {
            let (n, sum, squares) = totals.cribs[role][model];
            println!(
                "  crib predicted at the expert's discard as {name}, {model_name} model: bias {:+.3}, mean squared error {:.3} ({n} cribs)",
                sum / n,
                squares / n
            );
        }
    }
    Ok(())
}

fn play_model(value: &str) -> Result<PlayModel, String> {
    match value {
        "search" => Ok(PlayModel::Search),
        "mixed" => Ok(PlayModel::Mixed),
        other => Err(format!("unknown play model {other}")),
    }
}

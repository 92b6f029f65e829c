//! `crib sim`: self-play between built-in players, with a progress bar.
//!
//! The run's seed decides every game; without `--seed` a random one is drawn
//! and printed, so any run can be replayed exactly.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use crib_ai::{Rate, RoundAverages, SimConfig, SimReport, Strategy, simulate};
use crib_core::GameConfig;

use crate::output::{games_bar, grouped, print_run};

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The number of games.
    #[arg(long, default_value_t = 1000, value_parser = crate::output::at_least_one)]
    games: u64,
    /// The seed of the run [default: random, printed to replay the run].
    #[arg(long)]
    seed: Option<u64>,
    /// Players at the table: 2, 3 or 4 (four play as partners, 0+2 against
    /// 1+3).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// The score that wins: 121 or 61.
    #[arg(long, default_value_t = 121)]
    target: u8,
    /// The player at seat 0: random, easy, basic or expert.
    #[arg(long = "seat-0", value_name = "PLAYER", default_value = "basic")]
    seat_0: Strategy,
    /// The player at seat 1.
    #[arg(long = "seat-1", value_name = "PLAYER", default_value = "basic")]
    seat_1: Strategy,
    /// The player at seat 2 (three or four players).
    #[arg(long = "seat-2", value_name = "PLAYER", default_value = "basic")]
    seat_2: Strategy,
    /// The player at seat 3 (four players).
    #[arg(long = "seat-3", value_name = "PLAYER", default_value = "basic")]
    seat_3: Strategy,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let game = GameConfig::new(args.players, args.target)?;
    let seats = [args.seat_0, args.seat_1, args.seat_2, args.seat_3];
    let seed = args.seed.unwrap_or_else(rand::random);
    if args.seed.is_none() {
        eprintln!("crib: seed {seed} (replay with --seed {seed})");
    }
    let config = SimConfig {
        game,
        seats: seats[..usize::from(args.players)].to_vec(),
        games: args.games,
        seed,
    };
    let bar = games_bar(args.games)?;
    let started = Instant::now();
    let report = simulate(&config, |_| bar.inc(1))?;
    bar.finish_and_clear();
    print_run(args.games, started, &report, args.json, write_report)
}

fn percent(rate: &Rate) -> String {
    format!(
        "{:>6} {:6.2}% [{:.2}-{:.2}]",
        grouped(rate.count),
        rate.rate * 100.0,
        rate.low * 100.0,
        rate.high * 100.0
    )
}

fn write_report(out: &mut impl Write, report: &SimReport) -> io::Result<()> {
    let config = &report.config;
    let players = config.game.players();
    writeln!(
        out,
        "{} games, {players} players to {}, seed {}",
        grouped(config.games),
        config.game.target(),
        config.seed
    )?;
    writeln!(out)?;
    let names: Vec<String> = report
        .sides
        .iter()
        .map(|side| {
            let seats: Vec<String> = config
                .game
                .seats_of(side.side)
                .zip(&side.players)
                .map(|(seat, player)| format!("{seat} {player}"))
                .collect();
            if players == 4 {
                format!("side {} (seats {})", side.side, seats.join(", "))
            } else {
                format!("seat {}", seats.join(", "))
            }
        })
        .collect();
    let first = "first dealer's side";
    let width = names.iter().map(String::len).chain([first.len()]).max().unwrap_or_default();
    writeln!(
        out,
        "{:<width$}  {:<29}  {:<29}  double skunks (95% interval)",
        "", "wins", "skunks"
    )?;
    for (name, side) in names.iter().zip(&report.sides) {
        writeln!(
            out,
            "{name:<width$}  {}  {}  {}",
            percent(&side.wins),
            percent(&side.skunks),
            percent(&side.double_skunks)
        )?;
    }
    writeln!(out, "{first:<width$}  {}", percent(&report.first_dealer_wins))?;
    writeln!(out)?;
    writeln!(
        out,
        "points per round, over {} completed rounds:",
        grouped(u64::from(report.rounds))
    )?;
    writeln!(
        out,
        "{:<8}  {:>7}  {:>7}  {:>7}  {:>7}  {:>7}",
        "", "pegging", "hand", "crib", "heels", "total"
    )?;
    let row = |out: &mut dyn Write, role: &str, points: &RoundAverages| {
        writeln!(
            out,
            "{role:<8}  {:>7.2}  {:>7.2}  {:>7.2}  {:>7.2}  {:>7.2}",
            points.pegging, points.hand, points.crib, points.heels, points.total
        )
    };
    row(out, "dealer", &report.dealer)?;
    row(out, "pone", &report.pone)?;
    writeln!(out)?;
    writeln!(out, "points per round by side, dealing and not:")?;
    let width = names.iter().map(String::len).max().unwrap_or_default().max(8);
    writeln!(
        out,
        "{:<width$}  {:>7}  {:>7}  {:>7}  {:>7}  {:>7}",
        "", "pegging", "hand", "crib", "heels", "total"
    )?;
    for (name, side) in names.iter().zip(&report.sides) {
        let points = &side.points;
        writeln!(
            out,
            "{name:<width$}  {:>7.2}  {:>7.2}  {:>7.2}  {:>7.2}  {:>7.2}",
            points.pegging, points.hand, points.crib, points.heels, points.total
        )?;
    }
    Ok(())
}

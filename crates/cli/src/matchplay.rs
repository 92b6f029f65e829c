//! `crib match`: games refereed between any mix of built-in players and
//! engine processes, with a progress bar, a report and an optional log.
//!
//! A seat is a built-in player's name (`random`, `basic`) or else an
//! engine's command line, split like a shell splits words but run without
//! one. The match's seed decides every deck; without `--seed` a random one
//! is drawn and printed, so any match can be played again.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::builder::TypedValueParser as _;
use crib_ai::Strategy;
use crib_core::GameConfig;
use crib_referee::{
    DEFAULT_TIMEOUT, EngineOptions, EngineStderr, Entrant, MatchConfig, MatchReport, Mean,
    run_timed_match,
};
use crib_table::SlowestAnswer;

use crate::output::{count_bar, grouped, print_run};

/// What a run of games plays, shared by `crib match` and `crib sim`: how
/// many games, from which seed, at which table.
#[derive(Clone, Debug, clap::Args)]
pub(crate) struct RunArgs {
    /// The number of games; with --duplicate, of deals, each played once per
    /// seating (1 to 10,000,000).
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    pub(crate) games: u64,
    /// The seed of the match [default: random, printed to replay the match].
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Players at the table: 2, 3 or 4 (four play as partners, seats 0+2
    /// against 1+3).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub(crate) players: u8,
    /// The score that wins: 121 or 61.
    #[arg(long, default_value_t = 121, value_parser = target)]
    pub(crate) target: u8,
}

/// The most games (or deals) a match or a run of self-play plays, as for
/// `crib stats board --games`: days of the expert's games on every core,
/// and a match keeps each game's tally until its report.
pub(crate) const MAX_GAMES: u64 = 10_000_000;

/// The most worker threads of a match.
const MAX_JOBS: i64 = 1024;

/// The longest time limit on an engine's answer: an hour.
const MAX_TIMEOUT_MS: u64 = 3_600_000;

/// The score that wins a game, as the command line gives it: 121 or 61.
fn target(text: &str) -> Result<u8, String> {
    match text.trim() {
        "121" => Ok(121),
        "61" => Ok(61),
        _ => Err("a game is played to 121 or to 61".to_owned()),
    }
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
A seat is a built-in player (random, easy, basic, classic, expert), the expert \
with a thinking budget of MS milliseconds a play (expert:MS, 1 to 10000; the \
default is about 3, and the budget is work, not a clock, so results do not \
depend on the machine; more time has not made it measurably stronger), or an engine's command line, e.g.
  crib match --seat-0 \"crib engine --level basic\" --seat-1 basic --games 1000
  crib match --seat-0 expert:100 --seat-1 expert --games 200 --duplicate
Each engine is started once per worker and again after any fault. An engine \
that crashes, answers late, answers garbage, refuses a legal command, makes an \
illegal move, miscounts a show or disagrees with the referee's board at the \
end of a round loses that game; the match goes on.")]
pub(crate) struct Args {
    /// The player at seat 0: a built-in player or an engine's command line.
    #[arg(long = "seat-0", value_name = "PLAYER", default_value = "basic")]
    seat_0: Entrant,
    /// The player at seat 1.
    #[arg(long = "seat-1", value_name = "PLAYER", default_value = "basic")]
    seat_1: Entrant,
    /// The player at seat 2 (three or four players).
    #[arg(long = "seat-2", value_name = "PLAYER", default_value = "basic")]
    seat_2: Entrant,
    /// The player at seat 3 (four players).
    #[arg(long = "seat-3", value_name = "PLAYER", default_value = "basic")]
    seat_3: Entrant,
    /// The games, the seed and the table.
    #[command(flatten)]
    run: RunArgs,
    /// Play every deal once per seating (twice with two or four players,
    /// three times with three), the players moved round so that each side
    /// gets every other side's cards.
    #[arg(long)]
    duplicate: bool,
    /// Write every game to FILE as one line of JSON: seed, seats, events and
    /// outcome, enough to replay it.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// The time an engine has to answer each command, in milliseconds (up
    /// to an hour).
    #[arg(long = "timeout-ms", value_name = "MS", default_value_t = 3000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIMEOUT_MS))]
    timeout_ms: u64,
    /// Pass the engines' standard error through (it is discarded otherwise).
    #[arg(long)]
    engine_stderr: bool,
    /// Worker threads, each with its own engine processes (1 to 1024)
    /// [default: one per core]. The results do not depend on it.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS).map(usize::from))]
    jobs: Option<usize>,
    /// Play only game N of the match (from 0), to replay it.
    #[arg(long, value_name = "N")]
    only: Option<u64>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

impl Args {
    /// The options of a match between built-in players (`crib sim`): the
    /// run's games, seed and table, every other option as `crib match` has
    /// it by default.
    pub(crate) fn self_play(seats: [Strategy; 4], run: RunArgs, json: bool) -> Args {
        let [seat_0, seat_1, seat_2, seat_3] = seats.map(Entrant::BuiltIn);
        Args {
            seat_0,
            seat_1,
            seat_2,
            seat_3,
            run,
            duplicate: false,
            log: None,
            timeout_ms: DEFAULT_TIMEOUT.as_millis().try_into().unwrap_or(u64::MAX),
            engine_stderr: false,
            jobs: None,
            only: None,
            json,
        }
    }
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let game = GameConfig::new(args.run.players, args.run.target)?;
    let seed = args.run.seed.unwrap_or_else(rand::random);
    if args.run.seed.is_none() {
        eprintln!("crib: seed {seed} (replay with --seed {seed})");
    }
    let seats = [&args.seat_0, &args.seat_1, &args.seat_2, &args.seat_3];
    let entrants =
        seats[..usize::from(args.run.players)].iter().map(|&seat| seat.clone()).collect();
    let mut config = MatchConfig::new(game, entrants, args.run.games, seed);
    config.duplicate = args.duplicate;
    config.engine = EngineOptions {
        timeout: Duration::from_millis(args.timeout_ms),
        stderr: if args.engine_stderr { EngineStderr::Inherit } else { EngineStderr::Discard },
    };
    config.jobs = args.jobs.unwrap_or(0);
    config.only = args.only;

    let mut log = match &args.log {
        Some(path) => Some(BufWriter::new(
            File::create(path).with_context(|| format!("creating the log {}", path.display()))?,
        )),
        None => None,
    };
    let total = if args.only.is_some() { 1 } else { config.games() };
    let bar = count_bar(total, "games")?;
    let started = Instant::now();
    let mut forfeits = 0u64;
    let run =
        run_timed_match(&config, log.as_mut().map(|log| log as &mut dyn Write), |_, record| {
            bar.inc(1);
            if record.outcome.forfeit.is_some() {
                forfeits += 1;
                bar.set_message(format!("({forfeits} lost by a fault)"));
            }
        });
    bar.finish_and_clear();
    let (report, slowest) = run.context("playing the match")?;
    // On standard error with the match's speed: times are not results.
    for (player, slowest) in slowest.iter().enumerate() {
        if let Some(SlowestAnswer { took, command }) = slowest {
            let ms = took.as_secs_f64() * 1000.0;
            eprintln!("crib: player {player}'s slowest answer took {ms:.1} ms, to `{command}`");
        }
    }
    print_run(report.games, started, &report, args.json, write_report)
}

/// Writes `rows` as columns two spaces apart, each as wide as its widest
/// cell: the first column to the left, the others to the right.
fn write_table(out: &mut impl Write, rows: &[Vec<String>]) -> io::Result<()> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or_default();
    let widths: Vec<usize> = (0..columns)
        .map(|column| {
            rows.iter().filter_map(|row| row.get(column)).map(|cell| cell.chars().count()).max()
        })
        .map(Option::unwrap_or_default)
        .collect();
    for row in rows {
        let mut line = String::new();
        for (column, (cell, &width)) in row.iter().zip(&widths).enumerate() {
            if column == 0 {
                line.push_str(&format!("{cell:<width$}"));
            } else {
                line.push_str(&format!("  {cell:>width$}"));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

fn percent(rate: &crib_ai::Rate) -> String {
    format!(
        "{} {:.2}% [{:.2}-{:.2}]",
        grouped(rate.count),
        rate.rate * 100.0,
        rate.low * 100.0,
        rate.high * 100.0
    )
}

fn mean(mean: &Mean) -> String {
    format!("{:.2} [{:.2} to {:.2}]", mean.mean, mean.low, mean.high)
}

fn write_report(out: &mut impl Write, report: &MatchReport) -> io::Result<()> {
    let games = grouped(report.games);
    if report.duplicate {
        let seatings = if report.players == 3 { 3 } else { 2 };
        writeln!(
            out,
            "{games} games ({} deals, each at {seatings} seatings), {} players to {}, seed {}",
            grouped(report.deals),
            report.players,
            report.target,
            report.seed
        )?;
    } else {
        writeln!(
            out,
            "{games} games, {} players to {}, seed {}",
            report.players, report.target, report.seed
        )?;
    }
    writeln!(out)?;
    for player in &report.entrants {
        let name = if player.name.is_empty() || player.name == player.entrant {
            String::new()
        } else {
            format!("  ({})", player.name)
        };
        writeln!(out, "player {}: {}{name}", player.player, player.entrant)?;
    }
    writeln!(out)?;
    let names: Vec<String> = report
        .teams
        .iter()
        .map(|team| match &team.players[..] {
            [one] => format!("player {one}"),
            many => {
                let list: Vec<String> = many.iter().map(ToString::to_string).collect();
                format!("players {}", list.join("+"))
            }
        })
        .collect();
    let mut rows = vec![vec![
        String::new(),
        "wins".to_owned(),
        "skunks".to_owned(),
        "points per game".to_owned(),
        "margin per game".to_owned(),
    ]];
    for (name, team) in names.iter().zip(&report.teams) {
        rows.push(vec![
            name.clone(),
            percent(&team.wins),
            percent(&team.skunks),
            mean(&team.points),
            mean(&team.margin),
        ]);
    }
    rows.push(vec!["first dealer's side".to_owned(), percent(&report.first_dealer_wins)]);
    write_table(out, &rows)?;
    writeln!(out, "(95% confidence intervals in brackets)")?;
    writeln!(out)?;
    writeln!(
        out,
        "points per round, over {} completed rounds, in the rounds each side dealt, \
         cut (as pone) and all:",
        grouped(report.rounds)
    )?;
    let mut rows = vec![
        ["", "rounds", "pegging", "hand", "crib", "heels", "total"].map(str::to_owned).to_vec(),
    ];
    for (name, team) in names.iter().zip(&report.teams) {
        let roles = &team.per_round;
        for (role, points) in
            [("dealer", &roles.dealer), ("pone", &roles.pone), ("all", &roles.all)]
        {
            rows.push(vec![
                format!("{name} {role}"),
                grouped(points.rounds),
                format!("{:.2}", points.pegging),
                format!("{:.2}", points.hand),
                format!("{:.2}", points.crib),
                format!("{:.2}", points.heels),
                format!("{:.2}", points.total),
            ]);
        }
    }
    write_table(out, &rows)?;
    writeln!(out)?;
    if report.failures.is_empty() {
        writeln!(out, "no faults")?;
    }
    for failure in &report.failures {
        let kinds: Vec<String> = failure
            .kinds
            .iter()
            .map(|kind| format!("{} {}", grouped(kind.games), kind.kind))
            .collect();
        writeln!(
            out,
            "player {} ({}) lost {} game{} by a fault: {}",
            failure.player,
            failure.entrant,
            grouped(failure.games),
            if failure.games == 1 { "" } else { "s" },
            kinds.join(", ")
        )?;
        for example in &failure.examples {
            writeln!(out, "  {example}")?;
        }
    }
    Ok(())
}

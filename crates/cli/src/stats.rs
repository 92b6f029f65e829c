//! `crib stats`: exhaustive statistics.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use crib_ai::{Distribution, HandStats, MAX_SCORE, hand_stats};
use serde::Serialize;

use crate::output::{grouped, json_line};

#[derive(Debug, clap::Subcommand)]
pub(crate) enum Command {
    /// Score every hand of four with every starter (12,994,800 shows) under
    /// hand rules and crib rules: how many score each number of points, and
    /// the means.
    Hands {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Your record over your finished matches in the terminal: games, wins,
    /// skunks, average hand, crib and pegging as dealer and pone, best hand,
    /// beside the computer's.
    Me(crate::record::Args),
}

pub(crate) fn run(command: &Command) -> anyhow::Result<ExitCode> {
    let json = match command {
        Command::Hands { json } => json,
        Command::Me(args) => return crate::record::run(args),
    };
    let started = Instant::now();
    let stats = hand_stats();
    eprintln!(
        "crib: counted {} shows in {:.2} s on {} cores",
        grouped(stats.hand.shows() + stats.crib.shows()),
        started.elapsed().as_secs_f64(),
        cores()
    );
    let mut out = io::stdout().lock();
    if *json {
        json_line(&mut out, &StatsJson::from(&stats))?;
    } else {
        write_table(&mut out, &stats).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

fn write_table(out: &mut impl Write, stats: &HandStats) -> io::Result<()> {
    writeln!(
        out,
        "Every hand of four with every starter: {} shows under each rule set.",
        grouped(stats.hand.shows())
    )?;
    writeln!(out)?;
    writeln!(out, "points          hand          crib")?;
    for points in 0..=MAX_SCORE {
        writeln!(
            out,
            "{points:>6}  {:>12}  {:>12}",
            grouped(stats.hand.counts[points]),
            grouped(stats.crib.counts[points])
        )?;
    }
    writeln!(out, "{:>6}  {:>12.6}  {:>12.6}", "mean", stats.hand.mean(), stats.crib.mean())?;
    Ok(())
}

#[derive(Serialize)]
struct StatsJson {
    hand: DistributionJson,
    crib: DistributionJson,
}

#[derive(Serialize)]
struct DistributionJson {
    shows: u64,
    points: u64,
    mean: f64,
    counts: Vec<u64>,
}

impl From<&Distribution> for DistributionJson {
    fn from(distribution: &Distribution) -> DistributionJson {
        DistributionJson {
            shows: distribution.shows(),
            points: distribution.points(),
            mean: distribution.mean(),
            counts: distribution.counts.to_vec(),
        }
    }
}

impl From<&HandStats> for StatsJson {
    fn from(stats: &HandStats) -> StatsJson {
        StatsJson { hand: (&stats.hand).into(), crib: (&stats.crib).into() }
    }
}

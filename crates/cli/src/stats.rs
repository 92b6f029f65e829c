//! `crib stats`: exhaustive statistics.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use crib_ai::{
    CribRow, Distribution, HandStats, KeepStats, MAX_SCORE, STARTERS, ThrowModel, crib_table,
    hand_stats, keep_stats, measure_throws,
};
use crib_core::Rank;
use indicatif::{ProgressBar, ProgressStyle};
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
    /// Find the best keep (by exact expected hand) of every one of the
    /// 20,358,520 six-card deals: the average and the distribution of its
    /// expectation.
    #[command(after_help = "\
Deals that differ only by the names of the suits share their best keep, so one
deal of each of the 962,988 classes is evaluated and counted as many times as
its class has deals. Expectations are exact: a whole number of points over the
46 starters.")]
    Keeps {
        /// Print JSON (with the count of deals for every number of points
        /// over the 46 starters).
        #[arg(long)]
        json: bool,
    },
    /// The expected crib for every two-card discard, by ranks, for the
    /// dealer's own throw and for the pone's throw into the dealer's crib.
    #[command(after_help = "\
Each expectation is exact over every starter and every pair of cards the other
player may throw from the 50 cards left, the other player's throw weighted by
what a sensible player throws (see `crib stats throws`), or equally with
--uniform. In the tables, a cell above the diagonal is two cards of different
suits, below it two of one suit; the diagonal is a pair.")]
    Cribs {
        /// Every discard of the other player equally likely.
        #[arg(long)]
        uniform: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Measure what a sensible player throws to the crib over every deal:
    /// the weights of the crib's model of other players' discards.
    #[command(after_help = "\
The sensible player keeps the four cards with the best hand expectation plus
(own crib) or minus (opponent's) the crib's, the crib valued under the uniform
model, or with --from measured under the measured model built into crib. A
weight of 1000 is as often as a random discard; the pair tables are indexed by
the two ranks thrown.")]
    Throws {
        /// The crib model the sensible player values its discards with:
        /// uniform or measured.
        #[arg(long, default_value = "uniform", value_parser = ["uniform", "measured"])]
        from: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Your record over your finished matches in the terminal: games, wins,
    /// skunks, average hand, crib and pegging as dealer and pone, best hand,
    /// beside the computer's; and your counting practice (crib drill and the
    /// browser's drill): hands, accuracy, median time, the points missed most.
    Me(crate::record::Args),
}

pub(crate) fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Hands { json } => hands(*json),
        Command::Me(args) => crate::record::run(args),
        Command::Keeps { json } => keeps(*json),
        Command::Cribs { uniform, json } => cribs(*uniform, *json),
        Command::Throws { from, json } => throws(from == "measured", *json),
    }
}

fn hands(json: bool) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let stats = hand_stats();
    eprintln!(
        "crib: counted {} shows in {:.2} s on {} cores",
        grouped(stats.hand.shows() + stats.crib.shows()),
        started.elapsed().as_secs_f64(),
        cores()
    );
    let mut out = io::stdout().lock();
    if json {
        json_line(&mut out, &StatsJson::from(&stats))?;
    } else {
        write_hands(&mut out, &stats).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

fn write_hands(out: &mut impl Write, stats: &HandStats) -> io::Result<()> {
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

fn keeps(json: bool) -> anyhow::Result<ExitCode> {
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} classes of deals, eta {eta}",
        )
        .context("the progress bar's template")?,
    );
    let started = Instant::now();
    let stats = keep_stats(|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    eprintln!(
        "crib: found the best keep of {} deals ({} classes) in {:.2} s on {} cores",
        grouped(stats.deals),
        grouped(stats.classes),
        started.elapsed().as_secs_f64(),
        cores()
    );
    let mut out = io::stdout().lock();
    if json {
        let keeps = KeepsJson {
            deals: stats.deals,
            classes: stats.classes,
            starters: STARTERS,
            points: stats.points(),
            mean: stats.mean(),
            by_whole_points: stats.by_whole_points(),
            counts: stats.counts.clone(),
        };
        json_line(&mut out, &keeps)?;
    } else {
        write_keeps(&mut out, &stats).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct KeepsJson {
    deals: u64,
    classes: u64,
    starters: u32,
    /// The sum over all deals of the best keep's points over every starter.
    points: u64,
    mean: f64,
    /// Deals whose best keep's expectation is in `[p, p + 1)`, for `p` from 0.
    by_whole_points: Vec<u64>,
    /// Deals whose best keep totals `p` points over the 46 starters.
    counts: Vec<u64>,
}

fn write_keeps(out: &mut impl Write, stats: &KeepStats) -> io::Result<()> {
    writeln!(
        out,
        "The best keep of every six-card deal ({} deals), by its exact expected hand.",
        grouped(stats.deals)
    )?;
    writeln!(out)?;
    writeln!(out, "  expected hand         deals    share  cumulative")?;
    let buckets = stats.by_whole_points();
    let last = buckets.iter().rposition(|&count| count > 0).unwrap_or(0);
    let mut cumulative = 0;
    for (low, &count) in buckets.iter().enumerate().take(last + 1) {
        cumulative += count;
        writeln!(
            out,
            "  {:>5} to {:<5}  {:>12}  {:>6.2}%  {:>9.2}%",
            format!("{low}.00"),
            format!("{}.00", low + 1),
            grouped(count),
            percent(count, stats.deals),
            percent(cumulative, stats.deals)
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "mean {:.6} points ({} points over {} starters and {} deals)",
        stats.mean(),
        grouped(stats.points()),
        STARTERS,
        grouped(stats.deals)
    )?;
    Ok(())
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 { 0.0 } else { 100.0 * part as f64 / whole as f64 }
}

fn cribs(uniform: bool, json: bool) -> anyhow::Result<ExitCode> {
    let model = if uniform { &ThrowModel::UNIFORM } else { ThrowModel::reasonable() };
    let started = Instant::now();
    let table = crib_table(model);
    eprintln!("crib: valued {} discards in {:.3} s", table.len(), started.elapsed().as_secs_f64());
    let mut out = io::stdout().lock();
    if json {
        let rows: Vec<CribJson> = table
            .iter()
            .map(|row| CribJson {
                ranks: format!("{}{}", row.low.code(), row.high.code()),
                suited: row.suited,
                dealer: row.dealer,
                pone: row.pone,
            })
            .collect();
        json_line(
            &mut out,
            &CribsJson { model: if uniform { "uniform" } else { "measured" }, discards: rows },
        )?;
    } else {
        let model = if uniform {
            "every throw of the other player equally likely"
        } else {
            "the other player throwing as a sensible player does"
        };
        writeln!(out, "The expected crib for each two-card discard, {model}.")?;
        writeln!(
            out,
            "Above the diagonal: different suits; below: one suit; the diagonal: a pair."
        )?;
        writeln!(out)?;
        write_matrix(&mut out, "The dealer's own throw:", &table, |row| row.dealer)
            .context("writing the table")?;
        writeln!(out)?;
        write_matrix(&mut out, "The pone's throw into the dealer's crib:", &table, |row| row.pone)
            .context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct CribsJson {
    model: &'static str,
    discards: Vec<CribJson>,
}

#[derive(Serialize)]
struct CribJson {
    ranks: String,
    suited: bool,
    dealer: f64,
    pone: f64,
}

fn write_matrix(
    out: &mut impl Write,
    title: &str,
    table: &[CribRow],
    value: impl Fn(&CribRow) -> f64,
) -> io::Result<()> {
    writeln!(out, "{title}")?;
    write!(out, "    ")?;
    for rank in Rank::ALL {
        write!(out, "{:>6}", rank.code())?;
    }
    writeln!(out)?;
    for row_rank in Rank::ALL {
        write!(out, "  {} ", row_rank.code())?;
        for column_rank in Rank::ALL {
            // Above the diagonal (row < column) the cards differ in suit.
            let (low, high, suited) = if row_rank <= column_rank {
                (row_rank, column_rank, false)
            } else {
                (column_rank, row_rank, true)
            };
            let cell =
                table.iter().find(|row| row.low == low && row.high == high && row.suited == suited);
            match cell {
                Some(row) => write!(out, "{:>6.2}", value(row))?,
                None => write!(out, "{:>6}", "")?,
            }
        }
        writeln!(out)?;
    }
    Ok(())
}

fn throws(measured: bool, json: bool) -> anyhow::Result<ExitCode> {
    let model = if measured { ThrowModel::reasonable() } else { &ThrowModel::UNIFORM };
    let started = Instant::now();
    let counts = measure_throws(model);
    eprintln!(
        "crib: measured the throws of every deal in {:.2} s on {} cores",
        started.elapsed().as_secs_f64(),
        cores()
    );
    let measured_model = counts.model();
    let mut out = io::stdout().lock();
    if json {
        json_line(&mut out, &measured_model)?;
        return Ok(ExitCode::SUCCESS);
    }
    for (stake, name) in [
        (0, "the dealer's throw into their own crib"),
        (1, "the pone's throw into the dealer's crib"),
    ] {
        writeln!(out, "Two players, {name} (weight by the two ranks thrown):")?;
        write!(out, "    ")?;
        for rank in Rank::ALL {
            write!(out, "{:>6}", rank.code())?;
        }
        writeln!(out)?;
        for (low, row) in measured_model.pairs[stake].iter().enumerate() {
            write!(out, "  {} ", Rank::ALL[low].code())?;
            for weight in row {
                write!(out, "{weight:>6}")?;
            }
            writeln!(out)?;
        }
        writeln!(out)?;
    }
    writeln!(out, "Three and four players, one card (weight by the rank thrown):")?;
    write!(out, "        ")?;
    for rank in Rank::ALL {
        write!(out, "{:>6}", rank.code())?;
    }
    writeln!(out)?;
    for (stake, name) in [(0, "own"), (1, "balk")] {
        write!(out, "  {name:<5} ")?;
        for weight in measured_model.singles[stake] {
            write!(out, "{weight:>6}")?;
        }
        writeln!(out)?;
    }
    Ok(ExitCode::SUCCESS)
}

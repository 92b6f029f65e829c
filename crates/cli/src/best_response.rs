//! `crib stats best-response`: the crib's value of each two-card discard
//! by iterated best response, on one machine or in shards merged after.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use crib_ai::{BestResponseJob, BestResponseRound, Shard, Stake, Start, ValuedDeals, iterate};
use serde::Serialize;

use crate::cribs::{CribJson, write_crib_tables};
use crate::output::{count_bar, grouped, json_line};
use crate::report::usage;

/// The deals of a pass unless said otherwise.
const DEALS: u64 = 20_000;

/// The most deals of a pass.
const MAX_DEALS: u64 = 1_000_000_000;

/// The most deals of one shard, or of a pass on one machine: they are held
/// in memory, about a quarter of a kilobyte each.
const MAX_SHARD_DEALS: u64 = 20_000_000;

/// The options of `crib stats best-response`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The deals of each pass (the same deals in every pass) [default:
    /// 20000, or with --from the round's].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_DEALS))]
    deals: Option<u64>,
    /// The seed of the deals [default: a random one, reported, or with
    /// --from the round's]; every shard of a job needs the same.
    #[arg(long)]
    seed: Option<u64>,
    /// The hands of the opponent sampled for each keep's play [default:
    /// 128, or with --from the round's].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    samples: Option<u32>,
    /// Start from the table a merged round makes, with the next pass.
    #[arg(long, value_name = "ROUND", conflicts_with = "merge")]
    from: Option<PathBuf>,
    /// Make one pass of one shard only, I of N counted from 0, and write
    /// its round to --out.
    #[arg(long, value_name = "I/N", requires = "out", conflicts_with_all = ["merge", "passes", "write"])]
    shard: Option<Shard>,
    /// The most passes on one machine; they stop sooner once the
    /// exploitability stops falling.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=100))]
    passes: u32,
    /// Merge the rounds of one pass's shards (in any order, in any
    /// groups), instead of dealing.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["deals", "seed", "samples"])]
    merge: Vec<PathBuf>,
    /// Write the round (a shard's, the merged one, or the last pass's) to
    /// FILE as JSON.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the table the last round makes as Rust source, what
    /// crates/ai/src/expect/data/best_response.rs holds.
    #[arg(long, value_name = "FILE")]
    write: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if !args.merge.is_empty() {
        return merge(args);
    }
    let from = args.from.as_deref().map(read_round).transpose()?;
    let start = match &from {
        Some(round) => Start::after(round).with_context(|| {
            format!(
                "cannot continue from {}",
                args.from.as_deref().map_or_else(String::new, |path| path.display().to_string())
            )
        })?,
        None => Start::first(),
    };
    let base = from.as_ref().map(BestResponseRound::job);
    let seed = match (args.seed, base) {
        (Some(seed), _) => seed,
        (None, Some(job)) => job.seed,
        (None, None) if args.shard.is_some() => {
            return Err(usage(anyhow::anyhow!(
                "--shard needs --seed (or --from): every shard of a job deals from one seed"
            )));
        }
        (None, None) => rand::random(),
    };
    let job = BestResponseJob {
        deals: args.deals.or(base.map(|job| job.deals)).unwrap_or(DEALS),
        seed,
        samples: args.samples.or(base.map(|job| job.samples)).unwrap_or(BestResponseJob::SAMPLES),
    };
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let range = shard.deals(job.deals);
    if range.end - range.start > MAX_SHARD_DEALS {
        return Err(usage(anyhow::anyhow!(
            "{} deals at once: at most {} are held in memory, so split the job with --shard",
            grouped(range.end - range.start),
            grouped(MAX_SHARD_DEALS)
        )));
    }
    eprintln!(
        "crib: pass {} over {} of {} deals (from deal {}), seeded {} (again with --seed {}), {} \
         sampled hands of the opponent a keep",
        start.iteration(),
        grouped(range.end - range.start),
        grouped(job.deals),
        grouped(range.start),
        job.seed,
        job.seed,
        job.samples
    );
    let started = Instant::now();
    let deals = value_deals(job, shard)?;
    eprintln!(
        "crib: valued the keeps of {} deals in {:.1} s on {} cores",
        grouped(deals.len() as u64),
        started.elapsed().as_secs_f64(),
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    if args.shard.is_some() {
        let round = deals.pass(&start);
        write_round(args.out.as_deref(), &round)?;
        eprintln!("crib: wrote shard {shard} of pass {}", round.iteration());
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = io::stdout().lock();
    let mut passes = Vec::new();
    let mut failed = None;
    let last = iterate(&deals, start, args.passes, |round| {
        let pass = Pass::of(round);
        if !args.json && failed.is_none() {
            failed = write_pass(&mut out, &pass).err();
        }
        passes.push(pass);
    });
    if let Some(error) = failed {
        return Err(error).context("writing the passes");
    }
    finish(args, &last, passes, &mut out)
}

/// `--merge`: the rounds of the files, merged.
fn merge(args: &Args) -> anyhow::Result<ExitCode> {
    let mut rounds = Vec::with_capacity(args.merge.len());
    for path in &args.merge {
        rounds.push((path, read_round(path)?));
    }
    // Merging is the same in any order; the files are taken in the order
    // of their first shard so that an error names the same file whatever
    // the order of the command line.
    rounds.sort_by_key(|(_, round)| round.done().first().copied());
    let mut files = rounds.into_iter();
    let Some((_, mut merged)) = files.next() else {
        return Err(usage(anyhow::anyhow!("--merge needs at least one file")));
    };
    for (path, round) in files {
        merged = merged
            .merge(&round)
            .with_context(|| format!("merging {} with the rounds before it", path.display()))?;
    }
    if let Some(out) = &args.out {
        write_round(Some(out), &merged)?;
    }
    if let Err(error) = merged.complete() {
        eprintln!(
            "crib: merged {} of the {} shards of pass {}: {error}",
            merged.done().len(),
            merged.shards(),
            merged.iteration()
        );
        if args.write.is_some() {
            return Err(error).context("writing the table");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let pass = Pass::of(&merged);
    let mut out = io::stdout().lock();
    if !args.json {
        write_pass(&mut out, &pass).context("writing the pass")?;
    }
    finish(args, &merged, vec![pass], &mut out)
}

/// Writes the last round and its table where asked, and prints the
/// table.
fn finish(
    args: &Args,
    last: &BestResponseRound,
    passes: Vec<Pass>,
    out: &mut impl Write,
) -> anyhow::Result<ExitCode> {
    if args.merge.is_empty() {
        write_round(args.out.as_deref(), last)?;
    }
    if let Some(path) = &args.write {
        let source = last.source().context("writing the table")?;
        std::fs::write(path, source)
            .with_context(|| format!("writing the table to {}", path.display()))?;
        eprintln!("crib: wrote the table to {}", path.display());
    }
    let table = last.table_after().rows();
    if args.json {
        let report =
            Report { job: last.job(), passes, table: table.iter().map(CribJson::of).collect() };
        json_line(out, &report)?;
    } else {
        writeln!(out)?;
        let heading = format!(
            "The crib for each two-card discard by best response, after pass {}.",
            last.iteration()
        );
        write_crib_tables(out, &heading, &table).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Values the keeps of `shard`'s deals, with a progress bar.
fn value_deals(job: BestResponseJob, shard: Shard) -> anyhow::Result<ValuedDeals> {
    let range = shard.deals(job.deals);
    let bar = count_bar(range.end - range.start, "deals")?;
    let deals = ValuedDeals::new(job, shard, &|| bar.inc(1));
    bar.finish_and_clear();
    Ok(deals)
}

/// The round in the file at `path`.
fn read_round(path: &Path) -> anyhow::Result<BestResponseRound> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the round {}", path.display()))?;
    serde_json::from_str(&text)
        .with_context(|| format!("{} is not a round of crib stats best-response", path.display()))
}

/// Writes `round` as JSON to `path`, if there is one.
fn write_round(path: Option<&Path>, round: &BestResponseRound) -> anyhow::Result<()> {
    let Some(path) = path else { return Ok(()) };
    let mut text = serde_json::to_string(round).context("writing the round as JSON")?;
    text.push('\n');
    std::fs::write(path, text).with_context(|| format!("writing the round to {}", path.display()))
}

/// What a pass found, per deal.
#[derive(Debug, Serialize)]
struct Pass {
    pass: u32,
    deals: u64,
    /// How much a best response to the pass's table gains over the keeps
    /// of the table before, per hand (dealer and pone together).
    exploitability: Option<f64>,
    /// The mean change of the table, weighted by the cribs.
    table_change: f64,
    crib: f64,
    dealer: RolePass,
    pone: RolePass,
}

/// One role's keeps over a pass, per deal.
#[derive(Debug, Serialize)]
struct RolePass {
    gain: Option<f64>,
    changed: u64,
    hand: f64,
    play: f64,
}

impl Pass {
    fn of(round: &BestResponseRound) -> Pass {
        let deals = round.deals().max(1) as f64;
        let role = |stake: Stake| {
            let totals = round.role(stake);
            RolePass {
                gain: round.gain(stake),
                changed: totals.changed,
                hand: totals.hand as f64 / 46.0 / deals,
                play: totals.play as f64 / f64::from(round.job().samples) / deals,
            }
        };
        let crib: u64 = round.discards(Stake::Own).iter().map(|totals| totals.points).sum();
        Pass {
            pass: round.iteration(),
            deals: round.deals(),
            exploitability: round.exploitability(),
            table_change: round.table_change(),
            crib: crib as f64 / 40.0 / deals,
            dealer: role(Stake::Own),
            pone: role(Stake::Balk),
        }
    }
}

fn write_pass(out: &mut impl Write, pass: &Pass) -> io::Result<()> {
    let gain = match (pass.exploitability, pass.dealer.gain, pass.pone.gain) {
        (Some(both), Some(dealer), Some(pone)) => format!(
            "exploitability {both:.4} a hand (dealer {dealer:.4}, pone {pone:.4}; keeps changed \
             {} and {})",
            grouped(pass.dealer.changed),
            grouped(pass.pone.changed)
        ),
        _ => "exploitability - (the first pass)".to_owned(),
    };
    writeln!(
        out,
        "pass {}: {gain}; the table moves {:.3} a crib; a deal's crib {:.3}, the dealer's hand \
         {:.3} and play {:+.3}, the pone's hand {:.3} and play {:+.3}",
        pass.pass,
        pass.table_change,
        pass.crib,
        pass.dealer.hand,
        pass.dealer.play,
        pass.pone.hand,
        pass.pone.play
    )
}

/// The report of `--json`.
#[derive(Debug, Serialize)]
struct Report {
    job: BestResponseJob,
    passes: Vec<Pass>,
    table: Vec<CribJson>,
}

//! `crib discard`: which four cards to keep, by expected hand value.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_ai::{Keep, best_keep, deal_from_cards, discard_table};
use crib_core::{CardSet, parse_cards};
use serde::Serialize;

use crate::output::{batch, cards_from_args, json_line};

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Every keep of four is valued by its hand's exact average over every starter
that could be cut (the cards not dealt to you), and listed best first. Ties go
to the higher minimum, then the higher maximum, then the lower cards.

Examples:
  crib discard 5H 5S JD 4C 6C KD        two players: keep 4 of 6
  crib discard 5H 5S JD 4C 6C           three or four players: keep 4 of 5
  printf '5H 5S JD 4C 6C KD\\n' | crib discard --batch")]
pub(crate) struct Args {
    /// The five or six cards dealt to you (5H 10h 5♥ card(5,hearts)).
    #[arg(value_name = "CARD", required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,

    /// Read one deal per line from standard input and print, per line, the
    /// best keep, then `|`, then the discards.
    #[arg(long)]
    batch: bool,

    /// Print JSON (with --batch, the best keep of each deal, one per line).
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if args.batch {
        return batch(|line, out| {
            let best = best_keep(deal_from_cards(&parse_cards(line)?)?)?;
            if args.json {
                json_line(out, &KeepJson::from(&best))
            } else {
                writeln!(out, "{} | {}", best.keep, best.discard).context("writing the keep")
            }
        });
    }
    let dealt = deal_from_cards(&cards_from_args(&args.cards)?)?;
    let table = discard_table(dealt)?;
    let mut out = io::stdout().lock();
    if args.json {
        let keeps = table.iter().map(KeepJson::from).collect();
        json_line(&mut out, &TableJson { dealt, keeps })?;
    } else {
        write_table(&mut out, dealt, &table).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn write_table(out: &mut impl Write, dealt: CardSet, table: &[Keep]) -> io::Result<()> {
    let starters = table.first().map_or(0, |keep| keep.expected.starters);
    writeln!(out, "Dealt {dealt}: keep 4, crib {}; {starters} possible starters", dealt.len() - 4)?;
    writeln!(out)?;
    writeln!(out, "       keep         crib     expected  min  max")?;
    for (i, keep) in table.iter().enumerate() {
        writeln!(
            out,
            "  {:>2}.  {:<11}  {:<5}  {:>9.4}  {:>3}  {:>3}",
            i + 1,
            keep.keep.to_string(),
            keep.discard.to_string(),
            keep.expected,
            keep.min,
            keep.max
        )?;
    }
    Ok(())
}

#[derive(Serialize)]
struct TableJson {
    dealt: CardSet,
    keeps: Vec<KeepJson>,
}

/// A keep as JSON: the exact expectation is `points / starters`.
#[derive(Serialize)]
struct KeepJson {
    keep: CardSet,
    discard: CardSet,
    expected: f64,
    points: u32,
    starters: u32,
    min: u8,
    max: u8,
}

impl From<&Keep> for KeepJson {
    fn from(keep: &Keep) -> KeepJson {
        KeepJson {
            keep: keep.keep,
            discard: keep.discard,
            expected: keep.expected.value(),
            points: keep.expected.points,
            starters: keep.expected.starters,
            min: keep.min,
            max: keep.max,
        }
    }
}

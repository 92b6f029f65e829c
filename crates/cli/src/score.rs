//! `crib score`: the value of a hand or crib with its starter.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_core::{Breakdown, Card, CardSet, Rules, Show, parse_cards};
use serde::Serialize;

use crate::output::{batch, cards_from_args, json_line};

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Examples:
  crib score 5H 5S 5C JD 5D                 29: the best hand there is
  crib score --crib 2H 3H 6H 8H KS          no flush in the crib without the starter
  crib score '[card(7,hearts), card(9,spades), card(8,clubs), card(7,clubs)]' 'card(8,hearts)'
  printf '5H 5S 5C JD 5D\\n2H 3H 6H 8H KS crib\\n' | crib score --batch")]
pub(crate) struct Args {
    /// The four cards of the hand, then the starter (5H 10h 5♥ card(5,hearts)).
    #[arg(value_name = "CARD", required_unless_present = "batch", conflicts_with = "batch")]
    cards: Vec<String>,

    /// Count with crib rules: a flush needs all five cards.
    #[arg(long)]
    crib: bool,

    /// Read one show per line from standard input (five cards, starter last,
    /// optionally followed by the word `crib`) and print one total per line.
    #[arg(long)]
    batch: bool,

    /// Print JSON (with --batch, one object per line).
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let default_rules = if args.crib { Rules::Crib } else { Rules::Hand };
    if args.batch {
        return batch(args.json, |line| {
            let (cards, rules) = split_rules(line, default_rules);
            let show = read_show(&parse_cards(cards)?)?;
            if args.json {
                Ok(serde_json::to_string(&ScoreJson::new(&show.breakdown(rules)))?)
            } else {
                Ok(show.score(rules).to_string())
            }
        });
    }
    let show = read_show(&cards_from_args(&args.cards)?).map_err(crate::report::usage)?;
    let breakdown = show.breakdown(default_rules);
    let mut out = io::stdout().lock();
    if args.json {
        json_line(&mut out, &ScoreJson::new(&breakdown))?;
    } else {
        write_breakdown(&mut out, &breakdown).context("writing the count")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A batch line's cards, and its rules: crib rules if it ends with the word
/// `crib`.
fn split_rules(line: &str, default: Rules) -> (&str, Rules) {
    let line = line.trim_end();
    let split = line.len().saturating_sub(4);
    match (line.get(..split), line.get(split..)) {
        (Some(cards), Some(word))
            if word.eq_ignore_ascii_case("crib")
                && (cards.is_empty()
                    || cards.ends_with(|c: char| c.is_whitespace() || c == ',' || c == ']')) =>
        {
            (cards, Rules::Crib)
        }
        _ => (line, default),
    }
}

fn read_show(cards: &[Card]) -> anyhow::Result<Show> {
    Show::from_five(cards).context("counting a show")
}

fn write_breakdown(out: &mut impl Write, breakdown: &Breakdown) -> io::Result<()> {
    let show = breakdown.show;
    let rules = match breakdown.rules {
        Rules::Hand => "hand",
        Rules::Crib => "crib",
    };
    writeln!(
        out,
        "{} with starter {} ({rules}): {}",
        show.hand(),
        show.starter(),
        crib_core::points_phrase(u32::from(breakdown.total()))
    )?;
    writeln!(out, "{}", breakdown.spoken())?;
    let steps = breakdown.steps();
    if !steps.is_empty() {
        writeln!(out)?;
    }
    for step in steps {
        let points = format!("+{}", step.points);
        writeln!(out, "  {points:>3} {:>3}  {:<17}  {}", step.total, step.name(), step.cards)?;
    }
    Ok(())
}

/// The JSON form of a count.
#[derive(Serialize)]
struct ScoreJson<'a> {
    hand: CardSet,
    starter: Card,
    rules: Rules,
    total: u8,
    points: Points,
    fifteens: &'a [CardSet],
    pairs: &'a [CardSet],
    runs: &'a [CardSet],
    flush: Option<CardSet>,
    nobs: Option<Card>,
    spoken: String,
}

#[derive(Serialize)]
struct Points {
    fifteens: u8,
    pairs: u8,
    runs: u8,
    flush: u8,
    nobs: u8,
}

impl<'a> ScoreJson<'a> {
    fn new(breakdown: &'a Breakdown) -> ScoreJson<'a> {
        ScoreJson {
            hand: breakdown.show.hand(),
            starter: breakdown.show.starter(),
            rules: breakdown.rules,
            total: breakdown.total(),
            points: Points {
                fifteens: breakdown.fifteen_points(),
                pairs: breakdown.pair_points(),
                runs: breakdown.run_points(),
                flush: breakdown.flush_points(),
                nobs: breakdown.nobs_points(),
            },
            fifteens: &breakdown.fifteens,
            pairs: &breakdown.pairs,
            runs: &breakdown.runs,
            flush: breakdown.flush,
            nobs: breakdown.nobs,
            spoken: breakdown.spoken(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_crib_word_chooses_crib_rules() {
        assert_eq!(split_rules("5H 5S 5C JD 5D", Rules::Hand), ("5H 5S 5C JD 5D", Rules::Hand));
        assert_eq!(
            split_rules("5H 5S 5C JD 5D crib", Rules::Hand),
            ("5H 5S 5C JD 5D ", Rules::Crib)
        );
        assert_eq!(
            split_rules("5H 5S 5C JD 5D CRIB ", Rules::Hand),
            ("5H 5S 5C JD 5D ", Rules::Crib)
        );
        assert_eq!(
            split_rules("[card(5,hearts)],crib", Rules::Hand),
            ("[card(5,hearts)],", Rules::Crib)
        );
        assert_eq!(
            split_rules("5H 5S 5C JD 5Dcrib", Rules::Hand),
            ("5H 5S 5C JD 5Dcrib", Rules::Hand)
        );
        assert_eq!(split_rules("5H 5S 5C JD 5D", Rules::Crib), ("5H 5S 5C JD 5D", Rules::Crib));
        assert_eq!(split_rules("é", Rules::Hand), ("é", Rules::Hand));
    }
}

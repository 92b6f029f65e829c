//! `crib discard`: which four cards to keep, by expected hand value.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_ai::{
    Keep, KeepValue, ThrowModel, best_keep, deal_from_cards, discard_table, keep_values,
};
use crib_core::{CardSet, GameConfig, Seat, parse_cards};
use serde::Serialize;

use crate::output::{batch, cards_from_args, json_line};

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Every keep of four is valued by its hand's exact average over every starter \
that could be cut (the cards not dealt to you), and listed best first. Ties go \
to the higher minimum, then the higher maximum, then the lower cards.

With --dealer, --pone or --partner the table is the expert's full analysis:
each keep's hand, plus the crib's expectation for your side's crib or minus it \
for an opponent's (exact over every starter and every discard of the other \
players, weighted by what a sensible player throws; see `crib stats throws`), \
plus an estimate of the play's net points (two players only: the estimate is \
fitted to two-player play), best total first.

Examples:
  crib discard 5H 5S JD 4C 6C KD        two players: keep 4 of 6
  crib discard 5H 5S JD 4C 6C           three or four players: keep 4 of 5
  crib discard --dealer 5H 5S JD 4C 6C KD
  crib discard --pone --players 4 5H 5S JD 4C 6C
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

    /// You deal: the crib is yours. Shows hand, crib and play per keep.
    #[arg(long, group = "role", conflicts_with = "batch")]
    dealer: bool,

    /// You are the pone (or, with three or four players, any opponent of
    /// the dealer): the crib is an opponent's. Shows hand, crib and play
    /// per keep.
    #[arg(long, group = "role", conflicts_with = "batch")]
    pone: bool,

    /// Four players: your partner deals, and the crib counts for your side.
    #[arg(long, group = "role", conflicts_with = "batch")]
    partner: bool,

    /// Players at the table, with --dealer, --pone or --partner (without
    /// them, the table is the same for any number) [default: 2 for six
    /// cards, 3 for five, 4 with --partner].
    #[arg(long, requires = "role", value_parser = clap::value_parser!(u8).range(2..=4))]
    players: Option<u8>,
}

/// Whose crib it is, from the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Dealer,
    Pone,
    Partner,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if args.batch {
        return batch(args.json, |line| {
            let best = best_keep(deal_from_cards(&parse_cards(line)?)?)?;
            if args.json {
                Ok(serde_json::to_string(&KeepJson::from(&best))?)
            } else {
                Ok(format!("{} | {}", best.keep, best.discard))
            }
        });
    }
    let dealt = deal_from_cards(&cards_from_args(&args.cards)?).map_err(crate::report::usage)?;
    let role = match (args.dealer, args.pone, args.partner) {
        (true, _, _) => Some(Role::Dealer),
        (_, true, _) => Some(Role::Pone),
        (_, _, true) => Some(Role::Partner),
        _ => None,
    };
    if let Some(role) = role {
        return analysis(args, dealt, role);
    }
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

/// The expert's table: hand, crib and play for every keep.
fn analysis(args: &Args, dealt: CardSet, role: Role) -> anyhow::Result<ExitCode> {
    let players = match (args.players, role) {
        (Some(players), _) => players,
        (None, Role::Partner) => 4,
        (None, _) if dealt.len() == 6 => 2,
        (None, _) => 3,
    };
    let config = GameConfig::new(players, 121).map_err(crate::report::usage)?;
    if dealt.len() != config.dealt() {
        return Err(crate::report::usage(anyhow::anyhow!(
            "{players} players are dealt {} cards, not {}",
            config.dealt(),
            dealt.len()
        )));
    }
    if role == Role::Partner && players != 4 {
        return Err(crate::report::usage(anyhow::anyhow!("--partner needs four players")));
    }
    // Seat 0 deals; the pone sits next; the partner across the table.
    let seat = match role {
        Role::Dealer => Seat::ALL[0],
        Role::Pone => Seat::ALL[1],
        Role::Partner => Seat::ALL[2],
    };
    let values = keep_values(config, seat, Seat::ALL[0], dealt, ThrowModel::reasonable())?;
    let mut out = io::stdout().lock();
    if args.json {
        let keeps = values.iter().map(|value| ValueJson::new(value, players)).collect();
        json_line(&mut out, &AnalysisJson { dealt, players, role: role.name(), keeps })?;
    } else {
        write_analysis(&mut out, dealt, players, role, &values).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Dealer => "dealer",
            Role::Pone => "pone",
            Role::Partner => "partner",
        }
    }
}

fn write_analysis(
    out: &mut impl Write,
    dealt: CardSet,
    players: u8,
    role: Role,
    values: &[KeepValue],
) -> io::Result<()> {
    let whose = match role {
        Role::Dealer => "your crib",
        Role::Pone => "the dealer's crib, an opponent's",
        Role::Partner => "your partner's crib, your side's",
    };
    let starters = values.first().map_or(0, |value| value.hand.starters);
    let play = has_play_estimate(players);
    writeln!(
        out,
        "Dealt {dealt}, {players} players, as {}: the discard goes to {whose}.",
        role.name()
    )?;
    writeln!(
        out,
        "Hand over {starters} starters; crib over every starter and every discard of the others; {}.",
        if play {
            "play estimated"
        } else {
            "the play is not estimated with more than two players"
        }
    )?;
    writeln!(out)?;
    write!(out, "       keep         crib      hand      crib")?;
    writeln!(out, "{}     total", if play { "      play" } else { "" })?;
    for (i, value) in values.iter().enumerate() {
        write!(
            out,
            "  {:>2}.  {:<11}  {:<5}  {:>8.3}  {:>+8.3}",
            i + 1,
            value.keep.to_string(),
            value.discard.to_string(),
            value.hand.value(),
            value.crib_share(),
        )?;
        if play {
            write!(out, "  {:>+8.3}", value.pegging)?;
        }
        writeln!(out, "  {:>8.3}", value.total)?;
    }
    Ok(())
}

/// Whether the expert's table has an estimate of the play: its model is
/// fitted to two-player rounds, and with more players the play adds nothing
/// to a keep's total.
fn has_play_estimate(players: u8) -> bool {
    players == 2
}

#[derive(Serialize)]
struct AnalysisJson {
    dealt: CardSet,
    players: u8,
    role: &'static str,
    keeps: Vec<ValueJson>,
}

/// A keep of the expert's table as JSON: the crib is its expectation, and
/// `crib_share` its part of the total (negative for an opponent's crib);
/// `pegging` only with two players.
#[derive(Serialize)]
struct ValueJson {
    keep: CardSet,
    discard: CardSet,
    hand: f64,
    hand_points: u32,
    starters: u32,
    crib: f64,
    crib_share: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pegging: Option<f64>,
    total: f64,
}

impl ValueJson {
    fn new(value: &KeepValue, players: u8) -> ValueJson {
        ValueJson {
            keep: value.keep,
            discard: value.discard,
            hand: value.hand.value(),
            hand_points: value.hand.points,
            starters: value.hand.starters,
            crib: value.crib,
            crib_share: value.crib_share(),
            pegging: has_play_estimate(players).then_some(value.pegging),
            total: value.total,
        }
    }
}

//! `crib review ID`: a saved match's decisions by its people graded against
//! the expert (`crib_table::review`), the mistakes flagged, the points
//! lost each round to discards, to the play and to counting, a chart of
//! the chance of winning, and each game's result split into skill and
//! luck, in the terminal, as JSON or as an SVG picture.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use crib_store::{GameId, GameSummary, Store};
use crib_table::narrate::{Perspective, capitalised};
use crib_table::review::{
    Losses, MISTAKE_CHANCE, MISTAKE_POINTS, REVIEW_SEED, Review, chance_svg, chance_text,
};

use crate::output::json_line;
use crate::replay::perspective;
use crate::saved::Db;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each discard is graded by the expert's values of every keep (hand, crib and \
play), each play where more than one card fitted by the expert's search of the \
play (points to the end of the play, or the chance of winning near the end of a \
game), and each show (or, with --muggins-pegging, each card that pegged) counted \
with muggins by its true count. A mistake gives up \
at least 1 point, or 3% of the chance of winning. The chart of the chance of \
winning is from crib-ai's tables (crib stats board), at the start of every \
round and at the end of each game. Each finished game's result (won or lost, \
less the chance at its start) is split into skill, the chance of winning the \
person's decisions gave up against the expert's, and luck, the rest.")]
pub(crate) struct Args {
    /// The saved match, by its id in `crib history`.
    id: GameId,
    /// Every graded decision, not only the mistakes.
    #[arg(long)]
    all: bool,
    /// The whole review as one line of JSON.
    #[arg(long)]
    json: bool,
    /// Also write the chart of the chance of winning to FILE, as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The seed of the expert that grades (its search samples hidden cards).
    #[arg(long, default_value_t = REVIEW_SEED)]
    seed: u64,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let store = args.db.open_read_only()?.context("no saved games yet: crib play saves them")?;
    let (summary, reviewed) = load(&store, args.id, args.seed)?;
    if let Some(path) = &args.svg {
        std::fs::write(path, chance_svg(&reviewed.chance_series()))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let mut out = io::stdout().lock();
    if args.json {
        json_line(&mut out, &reviewed)?;
    } else {
        let who = perspective(&summary);
        for line in text(&reviewed, &who, &summary, args.all) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Match `id` as listed and reviewed by the expert of `seed`.
pub(crate) fn load(store: &Store, id: GameId, seed: u64) -> anyhow::Result<(GameSummary, Review)> {
    let resumed = store.resume(id).with_context(|| format!("loading match {id}"))?;
    let reviewed = crib_table::review::review_resumed(&resumed, seed)?;
    Ok((resumed.summary, reviewed))
}

/// The review in lines of text: the decisions (every one with `all`, else
/// the mistakes), each game's losses by round, the chart, and the split
/// into luck and skill.
fn text(reviewed: &Review, who: &Perspective, summary: &GameSummary, all: bool) -> Vec<String> {
    let names: Vec<&str> =
        summary.setup.players.iter().map(|player| player.name.as_str()).collect();
    let mut lines = vec![
        format!(
            "Review of match {} ({}), graded by the {} player with seed {}.",
            reviewed.id,
            names.join(" against "),
            reviewed.expert.level,
            reviewed.expert.seed
        ),
        format!(
            "A mistake gives up at least {MISTAKE_POINTS} point of expectation, or {}% of the \
             chance of winning near the end of a game.",
            MISTAKE_CHANCE * 100.0
        ),
    ];
    for game in &reviewed.games {
        lines.push(String::new());
        lines.push(format!("Game {}:", game.game + 1));
        let shown: Vec<_> = reviewed
            .decisions
            .iter()
            .filter(|decision| decision.game == game.game && (all || decision.mistake))
            .collect();
        if shown.is_empty() {
            lines.push("  No mistakes.".to_owned());
        }
        for decision in shown {
            lines.push(format!("  Round {}: {}", decision.round, decision.describe(who)));
        }
        // Near the end of a game decisions are graded by the chance of
        // winning, not by points: a last column gives it, so that a round
        // graded so does not read as nothing given up.
        let chance = game.total.win_chance > 0.0;
        let mut head = format!(
            "  Points given up  {:>9} {:>9} {:>9} {:>9}",
            "discards", "pegging", "counting", "total"
        );
        if chance {
            head.push_str(&format!(" {:>11}", "win chance"));
        }
        lines.push(head);
        for round in &game.rounds {
            lines.push(losses_row(&format!("round {}", round.round), &round.losses, chance));
        }
        lines.push(losses_row("the game", &game.total, chance));
        if chance {
            lines.push(format!(
                "  Near the end of the game decisions are graded by the chance of winning, not \
                 in points: they gave up {:.1}% of it (the last column).",
                game.total.win_chance * 100.0
            ));
        }
        lines.push(format!(
            "  {} mistake{}.",
            capitalised(&crib_core::number_words(game.mistakes as u32)),
            if game.mistakes == 1 { "" } else { "s" }
        ));
    }
    lines.push(String::new());
    let side = reviewed.people.first().map_or_else(
        || "the person".to_owned(),
        |&seat| who.side(summary.setup.config.side_of(seat)),
    );
    lines.push(format!(
        "The chance {side} had of winning, at the start of every round and the end of each game:"
    ));
    lines.extend(chance_text(&reviewed.chance_series()));
    for game in &reviewed.games {
        let chances: Vec<String> = reviewed
            .chance
            .iter()
            .filter(|point| point.game == game.game)
            .map(|point| format!("{:.0}%", point.chance * 100.0))
            .collect();
        lines.push(format!("Game {}: {}", game.game + 1, chances.join(" ")));
    }
    lines.push(String::new());
    lines.extend(reviewed.luck_skill_lines(who));
    lines
}

/// A row of the points given up, and with `chance` the chance of winning
/// given up in the decisions graded by it.
fn losses_row(label: &str, losses: &Losses, chance: bool) -> String {
    let mut row = format!(
        "    {label:<14} {:>9.2} {:>9.2} {:>9.2} {:>9.2}",
        losses.discards, losses.pegging, losses.counting, losses.total
    );
    if chance {
        row.push_str(&format!(" {:>10.1}%", losses.win_chance * 100.0));
    }
    row
}

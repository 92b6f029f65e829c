//! `crib history`: the finished matches, latest first, one a line.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_core::Skunk;
use crib_store::{GameSummary, PlayerKind};

use crate::saved::Db;

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let store = args.db.open()?;
    let history = store.history().context("reading the finished matches")?;
    if history.is_empty() {
        eprintln!("crib: no finished matches in {}", store.path().display());
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:>5}  {:<16}  {:<12}  {:<6}  {:<5}  scores, yours first",
        "id", "date (UTC)", "opponent", "result", "games"
    )?;
    for game in &history {
        writeln!(out, "{}", line(game))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One match as a line of the history, from the first person's side (or
/// seat 0's, in a match of computers).
fn line(game: &GameSummary) -> String {
    let players = &game.setup.players;
    let config = game.setup.config;
    let mine = players.iter().position(|player| player.kind == PlayerKind::Person).unwrap_or(0);
    let my_side = config.seats().nth(mine).map(|seat| config.side_of(seat));
    let opponents: Vec<&str> = config
        .seats()
        .zip(players)
        .filter(|(seat, _)| Some(config.side_of(*seat)) != my_side)
        .map(|(_, player)| player.name.as_str())
        .collect();
    let result = if game.winner.is_some() && game.winner == my_side { "won" } else { "lost" };
    let won = game.games_won();
    let mine_index = my_side.map_or(0, |side| side.index());
    let theirs: u32 =
        won.iter().enumerate().filter(|&(side, _)| side != mine_index).map(|(_, n)| n).sum();
    let games = format!("{}-{theirs}", won.get(mine_index).copied().unwrap_or(0));
    let scores: Vec<String> = game
        .results
        .iter()
        .map(|outcome| {
            let ours = outcome.scores.get(mine_index).copied().unwrap_or(0);
            let others = outcome
                .scores
                .iter()
                .enumerate()
                .filter(|&(side, _)| side != mine_index)
                .map(|(_, score)| score.to_string())
                .collect::<Vec<_>>()
                .join("-");
            let skunk = match outcome.skunk {
                Skunk::None => "",
                Skunk::Single => " skunk",
                Skunk::Double => " double skunk",
            };
            format!("{ours}-{others}{skunk}")
        })
        .collect();
    format!(
        "{:>5}  {:<16}  {:<12}  {result:<6}  {games:<5}  {}",
        game.id,
        game.started_at.replace('T', " ").get(..16).unwrap_or(&game.started_at),
        opponents.join(", "),
        scores.join(", ")
    )
}

//! `crib history`: the finished matches, latest first, one a line, or as
//! JSON.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_core::Skunk;
use crib_store::{GameSummary, PlayerKind};
use serde::Serialize;

use crate::output::{json_line, minute};
use crate::saved::Db;

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Print the matches as one line of JSON: a list, latest first.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let history = match args.db.open_read_only()? {
        Some(store) => store.history().context("reading the finished matches")?,
        None => Vec::new(),
    };
    let mut out = io::stdout().lock();
    let matches: Vec<MatchLine> = history.iter().map(MatchLine::new).collect();
    if args.json {
        json_line(&mut out, &matches)?;
        return Ok(ExitCode::SUCCESS);
    }
    if matches.is_empty() {
        eprintln!("crib: no finished matches in {}", args.db.path()?.display());
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{:>5}  {:<16}  {:<12}  {:<7}  {:<5}  scores, yours first",
        "id", "date (UTC)", "opponent", "result", "games"
    )?;
    for line in &matches {
        writeln!(out, "{}", line.text())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One match from the first person's side (or seat 0's, in a match of
/// computers): what its line says, and its JSON.
#[derive(Serialize)]
struct MatchLine {
    id: i64,
    started_at: String,
    seed: u64,
    opponents: Vec<String>,
    won: bool,
    /// Whether the match was given up (by whom: `given_up_by`, a seat)
    /// rather than won; it counts as lost by the side that gave it up.
    given_up_by: Option<usize>,
    /// Games won: yours, then the other sides' together.
    games: [u32; 2],
    games_played: Vec<GameLine>,
}

/// One game of a match: your score, the others' scores, and the skunk.
#[derive(Serialize)]
struct GameLine {
    yours: u16,
    others: Vec<u16>,
    skunk: &'static str,
}

impl MatchLine {
    fn new(game: &GameSummary) -> MatchLine {
        let players = &game.setup.players;
        let config = game.setup.config;
        let mine = players.iter().position(|player| player.kind == PlayerKind::Person).unwrap_or(0);
        let my_side = config.seats().nth(mine).map(|seat| config.side_of(seat));
        let opponents = config
            .seats()
            .zip(players)
            .filter(|(seat, _)| Some(config.side_of(*seat)) != my_side)
            .map(|(_, player)| player.name.clone())
            .collect();
        let won = my_side.is_some() && game.match_winner() == my_side;
        let mine_index = my_side.map_or(0, |side| side.index());
        let wins = game.games_won();
        let theirs: u32 =
            wins.iter().enumerate().filter(|&(side, _)| side != mine_index).map(|(_, n)| n).sum();
        let games_played = game
            .results
            .iter()
            .map(|outcome| GameLine {
                yours: outcome.scores.get(mine_index).copied().unwrap_or(0),
                others: outcome
                    .scores
                    .iter()
                    .enumerate()
                    .filter(|&(side, _)| side != mine_index)
                    .map(|(_, &score)| score)
                    .collect(),
                skunk: match outcome.skunk {
                    Skunk::None => "none",
                    Skunk::Single => "single",
                    Skunk::Double => "double",
                },
            })
            .collect();
        MatchLine {
            id: game.id.0,
            started_at: game.started_at.clone(),
            seed: game.setup.seed,
            opponents,
            won,
            given_up_by: game.given_up_by.map(|seat| seat.index()),
            games: [wins.get(mine_index).copied().unwrap_or(0), theirs],
            games_played,
        }
    }

    fn text(&self) -> String {
        let scores: Vec<String> = self
            .games_played
            .iter()
            .map(|game| {
                let others: Vec<String> = game.others.iter().map(u16::to_string).collect();
                let skunk = match game.skunk {
                    "single" => " skunk",
                    "double" => " double skunk",
                    _ => "",
                };
                format!("{}-{}{skunk}", game.yours, others.join("-"))
            })
            .collect();
        format!(
            "{:>5}  {:<16}  {:<12}  {:<7}  {:<5}  {}",
            self.id,
            minute(&self.started_at),
            self.opponents.join(", "),
            match (self.won, self.given_up_by) {
                (true, _) => "won",
                (false, Some(_)) => "gave up",
                (false, None) => "lost",
            },
            format!("{}-{}", self.games[0], self.games[1]),
            scores.join(", ")
        )
    }
}

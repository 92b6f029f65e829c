//! `crib play`: a game against the computer in the terminal.
//!
//! The game itself lives in `crib_tui`; this file turns the command line
//! into its options, refuses what cannot run (no terminal, an engine that does not
//! start), saves every match as it is played (`crib_store`, through the
//! game's recorder), takes up the last unfinished one with `--resume`, and
//! says how to replay the match when it ends.

use std::process::ExitCode;

use std::sync::Arc;

use anyhow::Context;
use crib_ai::Strategy;
use crib_core::{GameConfig, MatchLength};
use crib_referee::{EngineOptions, EngineProcess, Entrant};
use crib_store::{GameId, Player, Store};
use crib_table::{Sitter, StoreRecorder, Taken};
use crib_tui::{App, ME, Options, Stage};

use crate::saved::Db;

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The seed of the match: the same seed deals the same cards [default:
    /// random, shown on screen].
    #[arg(long)]
    seed: Option<u64>,
    /// The computer player, by default the strongest: random, easy, basic,
    /// classic or expert.
    #[arg(long, default_value_t = Strategy::STRONGEST)]
    level: Strategy,
    /// Play against an engine process started with this command line: any
    /// program that speaks the engine protocol, e.g. "crib engine --level
    /// basic" (two players; with more, see --seat-1 to --seat-3).
    #[arg(long, value_name = "CMD", conflicts_with_all = ["level", "seat_1"])]
    engine: Option<String>,
    /// Players at the table: 2, 3 or 4 (four play as partners: you and
    /// North against West and East). You sit at seat 0; play passes to
    /// seat 1 (West), then 2, then 3.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// The score that wins a game: 121, or 61 for a short game.
    #[arg(long, default_value_t = 121)]
    target: u8,
    /// The player at seat 1: a level (random, easy, basic, classic, expert),
    /// the expert with a thinking budget (expert:MS, milliseconds a play) or
    /// an engine's command line [default: --level].
    #[arg(long = "seat-1", value_name = "PLAYER")]
    seat_1: Option<String>,
    /// The player at seat 2 (three or four players).
    #[arg(long = "seat-2", value_name = "PLAYER")]
    seat_2: Option<String>,
    /// The player at seat 3 (four players).
    #[arg(long = "seat-3", value_name = "PLAYER")]
    seat_3: Option<String>,
    /// Count your own hand and crib: you peg what you say (never more than
    /// the true count), and points you miss go to the next player (the
    /// computer, with two players).
    #[arg(long)]
    muggins: bool,
    /// With --muggins, count your pegging too: when a card you play pegs
    /// (fifteen, pair, run, thirty-one, last card) you say how many points,
    /// and points you miss go to the next player. The point for a go is
    /// still counted for you.
    #[arg(long, requires = "muggins")]
    muggins_pegging: bool,
    /// Do not say go for you when no card you hold fits: you say it
    /// yourself (g or enter).
    #[arg(long)]
    no_auto_go: bool,
    /// Show your chance of winning from the start, from the expert's
    /// tables for two, three and four players (w turns it on and off during
    /// play).
    #[arg(long)]
    win_chance: bool,
    /// The games a side must win to win the match.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=99))]
    wins: u32,
    /// The match's format instead of --wins: single, best-of-N (N odd), or club-N (N odd: all N games played, won on points, 2 a win and 3 a skunk, then games won, then spread; two sides only).
    #[arg(long, value_name = "FORMAT", conflicts_with = "wins")]
    format: Option<MatchLength>,
    /// Take up the last unfinished match where it stopped, with its seed,
    /// options and computer players.
    #[arg(long, conflicts_with_all = [
        "seed", "level", "engine", "muggins", "muggins_pegging", "wins", "format", "players", "target", "seat_1", "seat_2",
        "seat_3",
    ])]
    resume: bool,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    // Options are checked before the terminal, so that a script learns of
    // a bad one.
    table_config(args)?;
    crib_tui::require_terminal().context("crib play cannot start")?;
    let store = Arc::new(args.db.open()?);
    let path = store.path().to_owned();
    let mut app = if args.resume {
        let saved = store.unfinished().context("reading the saved matches")?;
        let terminal = |players: &[Player]| players.first() == Some(&Player::person(ME));
        let Some(game) = saved.into_iter().find(|game| terminal(&game.setup.players)) else {
            anyhow::bail!(
                "no unfinished match is saved in {}: crib play starts a new one",
                path.display()
            );
        };
        let resumed =
            store.resume(game.id).with_context(|| format!("taking up match {}", game.id))?;
        let setup = &resumed.summary.setup;
        let options = Options {
            seed: setup.seed,
            muggins: setup.muggins,
            muggins_pegging: setup.muggins_pegging,
            length: setup.length,
            config: setup.config,
            auto_go: !args.no_auto_go,
            win_chance: args.win_chance,
        };
        let others = setup
            .players
            .iter()
            .skip(1)
            .map(|player| computer(&player.name))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let moves: Vec<Taken> = resumed
            .moves
            .iter()
            .map(|saved| Taken { seat: saved.seat, action: saved.action, claims: saved.claims })
            .collect();
        let recorder = StoreRecorder::resuming(Arc::clone(&store), game.id);
        App::resume(options, others, Some(Box::new(recorder)), &moves)
            .with_context(|| format!("taking up match {}", game.id))?
    } else {
        // A random seed is drawn below 2^32, short enough to read off the
        // screen and type after --seed.
        let seed = args.seed.unwrap_or_else(|| u64::from(rand::random::<u32>()));
        let config = table_config(args)?;
        let given = [&args.seat_1, &args.seat_2, &args.seat_3];
        let options = Options {
            seed,
            muggins: args.muggins,
            muggins_pegging: args.muggins_pegging,
            length: args.format.unwrap_or(MatchLength::FirstTo(args.wins)),
            config,
            auto_go: !args.no_auto_go,
            win_chance: args.win_chance,
        };
        let others = (1..usize::from(args.players))
            .map(|seat| {
                let name = match (seat, &args.engine, given[seat - 1]) {
                    (1, Some(engine), _) => engine.clone(),
                    (_, _, Some(player)) => player.clone(),
                    _ => args.level.name().to_owned(),
                };
                computer(&name)
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        App::new(options, others, Some(Box::new(StoreRecorder::new(Arc::clone(&store)))))
    };
    crib_tui::run(&mut app).context("playing in the terminal")?;
    eprintln!(
        "crib: match seed {} (replay with --seed {}); games won: {}",
        app.seed(),
        app.seed(),
        app.games_text()
    );
    if app.stage() != Stage::MatchOver {
        eprintln!("crib: the match is saved in {}: crib play --resume takes it up", path.display());
    } else if let Some(id) = finished_match(&store, app.seed()) {
        eprintln!("crib: crib review {id} grades your decisions against the expert");
    }
    Ok(ExitCode::SUCCESS)
}

/// The finished match of `seed` saved last: the one just played.
fn finished_match(store: &Store, seed: u64) -> Option<GameId> {
    let history = store.history().ok()?;
    history.into_iter().find(|game| game.setup.seed == seed).map(|game| game.id)
}

/// The table the options ask for, refusing seats it does not have.
fn table_config(args: &Args) -> anyhow::Result<GameConfig> {
    let config = GameConfig::new(args.players, args.target).map_err(crate::report::usage)?;
    if args.engine.is_some() && args.players != 2 {
        return Err(crate::report::usage(anyhow::anyhow!(
            "--engine is for two players: give each seat with --seat-1 to --seat-3"
        )));
    }
    if let Some(format) = args.format {
        format.check(config.sides()).map_err(crate::report::usage)?;
    }
    let given = [&args.seat_1, &args.seat_2, &args.seat_3];
    if let Some(extra) = (usize::from(args.players)..4).find(|&seat| given[seat - 1].is_some()) {
        return Err(crate::report::usage(anyhow::anyhow!(
            "--seat-{extra} needs a table of {} players",
            extra + 1
        )));
    }
    Ok(config)
}

/// The computer player saved as `name`: a built-in level, or else an
/// engine's command line, started once here so that a command that is not
/// an engine fails at once.
fn computer(name: &str) -> anyhow::Result<Sitter> {
    let entrant = Entrant::parse(name)
        .with_context(|| format!("reading the engine's command line {name:?}"))?;
    if let Entrant::Engine(command) = &entrant {
        EngineProcess::start(command, EngineOptions::default())
            .with_context(|| format!("starting the engine {name:?}"))?
            .quit();
    }
    Ok(Sitter::Program(entrant.contestant(EngineOptions::default())))
}

#[cfg(test)]
mod tests {
    use crib_store::testing::{play_with, setup};

    use super::*;

    #[test]
    fn the_match_to_review_is_the_finished_one_of_the_seed() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::open(&dir.path().join("crib.db")).expect("a new database");
        let first = play_with(&store, &setup(4)).expect("match 4 plays");
        let second = play_with(&store, &setup(5)).expect("match 5 plays");
        assert_eq!(finished_match(&store, 4), Some(first));
        assert_eq!(finished_match(&store, 5), Some(second));
        assert_eq!(finished_match(&store, 6), None);
    }
}

//! `crib play`: a game against the computer in the terminal.
//!
//! The game itself lives in `crib_tui`; this file turns the command line
//! into its options, refuses what cannot run (no terminal, an engine that does not
//! start), saves every match as it is played (`crib_store`, through the
//! game's recorder), takes up the last unfinished one with `--resume`, and
//! says how to replay the match when it ends.

use std::process::ExitCode;

use anyhow::Context;
use crib_ai::Strategy;
use crib_core::GameConfig;
use crib_store::Player;
use crib_tui::{App, Computer, EngineOpponent, Opponent, Options, Stage};

use crate::saved::{Db, ME, StoreRecorder};

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The seed of the match: the same seed deals the same cards [default:
    /// random, shown on screen].
    #[arg(long)]
    seed: Option<u64>,
    /// The computer player, by default the strongest: random, easy, basic
    /// or expert.
    #[arg(long, default_value_t = Strategy::STRONGEST)]
    level: Strategy,
    /// Play against an engine process started with this command line: any
    /// program that speaks the engine protocol, e.g. "crib engine --level
    /// basic".
    #[arg(long, value_name = "CMD", conflicts_with = "level")]
    engine: Option<String>,
    /// Count your own hand and crib: you peg what you say (never more than
    /// the true count), and points you miss go to the computer.
    #[arg(long)]
    muggins: bool,
    /// The games a player must win to win the match.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=99))]
    wins: u32,
    /// Take up the last unfinished match where it stopped, with its seed,
    /// options and computer player.
    #[arg(long, conflicts_with_all = ["seed", "level", "engine", "muggins", "wins"])]
    resume: bool,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    crib_tui::require_terminal().context("crib play cannot start")?;
    let store = args.db.open()?;
    let path = store.path().to_owned();
    let mut app = if args.resume {
        let saved = store.unfinished().context("reading the saved matches")?;
        let terminal =
            |players: &[Player]| players.len() == 2 && players.first() == Some(&Player::person(ME));
        let Some(game) = saved.into_iter().find(|game| terminal(&game.setup.players)) else {
            anyhow::bail!(
                "no unfinished match is saved in {}: crib play starts a new one",
                path.display()
            );
        };
        let resumed =
            store.resume(game.id).with_context(|| format!("taking up match {}", game.id))?;
        let setup = &resumed.summary.setup;
        let options =
            Options { seed: setup.seed, muggins: setup.muggins, games_to_win: setup.games_to_win };
        let name = setup.players.get(1).map_or_else(String::new, |player| player.name.clone());
        let opponent = opponent(&name, setup.seed)?;
        let recorder = StoreRecorder::resuming(store, name, game.id);
        App::resume(options, opponent, Some(Box::new(recorder)), resumed.play, &resumed.events)
    } else {
        // A random seed is drawn below 2^32, short enough to read off the
        // screen and type after --seed.
        let seed = args.seed.unwrap_or_else(|| u64::from(rand::random::<u32>()));
        let options = Options { seed, muggins: args.muggins, games_to_win: args.wins };
        // The name saved is what starts the same opponent again on resume.
        let name = args.engine.clone().unwrap_or_else(|| args.level.name().to_owned());
        let opponent = opponent(&name, seed)?;
        App::with_recorder(options, opponent, Box::new(StoreRecorder::new(store, name)))
    };
    crib_tui::run(&mut app).context("playing in the terminal")?;
    let [ours, theirs] = app.games();
    eprintln!(
        "crib: match seed {} (replay with --seed {}); games won: you {ours}, computer {theirs}",
        app.seed(),
        app.seed()
    );
    if app.stage() != Stage::MatchOver {
        eprintln!("crib: the match is saved in {}: crib play --resume takes it up", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The computer player saved as `name`: a built-in level, or else an engine's
/// command line.
fn opponent(name: &str, seed: u64) -> anyhow::Result<Box<dyn Opponent>> {
    Ok(match name.parse::<Strategy>() {
        Ok(level) => Box::new(Computer::built_in(level, seed)),
        Err(_) => Box::new(
            EngineOpponent::start(name, GameConfig::default(), crib_tui::COMPUTER)
                .with_context(|| format!("starting the engine {name:?}"))?,
        ),
    })
}

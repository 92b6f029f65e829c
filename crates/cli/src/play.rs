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
use crib_referee::{
    BuiltInContestant, EngineCommand, EngineContestant, EngineOptions, EngineProcess, Sitter,
    StoreRecorder, Taken,
};
use crib_store::Player;
use crib_tui::{App, ME, Options, Stage};

use crate::saved::Db;

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
    let store = Arc::new(args.db.open()?);
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
        let computer = computer(&name)?;
        let moves: Vec<Taken> = resumed
            .moves
            .iter()
            .map(|saved| Taken { seat: saved.seat, action: saved.action, claims: saved.claims })
            .collect();
        let recorder = StoreRecorder::resuming(Arc::clone(&store), game.id);
        App::resume(options, computer, Some(Box::new(recorder)), &moves)
            .with_context(|| format!("taking up match {}", game.id))?
    } else {
        // A random seed is drawn below 2^32, short enough to read off the
        // screen and type after --seed.
        let seed = args.seed.unwrap_or_else(|| u64::from(rand::random::<u32>()));
        let options = Options { seed, muggins: args.muggins, games_to_win: args.wins };
        let name = args.engine.clone().unwrap_or_else(|| args.level.name().to_owned());
        let computer = computer(&name)?;
        App::new(options, computer, Some(Box::new(StoreRecorder::new(Arc::clone(&store)))))
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

/// The computer player saved as `name`: a built-in level, or else an
/// engine's command line, started once here so that a command that is not
/// an engine fails at once.
fn computer(name: &str) -> anyhow::Result<Sitter> {
    Ok(match name.parse::<Strategy>() {
        Ok(level) => Sitter::program(BuiltInContestant::new(level)),
        Err(_) => {
            let command = EngineCommand::parse(name)
                .with_context(|| format!("reading the engine's command line {name:?}"))?;
            EngineProcess::start(&command, EngineOptions::default())
                .with_context(|| format!("starting the engine {name:?}"))?
                .quit();
            Sitter::program(EngineContestant::new(command, EngineOptions::default()))
        }
    })
}

//! `crib play`: a game against the computer in the terminal.
//!
//! The game itself lives in `crib_tui`; this file turns the command line
//! into its options, refuses what cannot run (no terminal, an engine that does not
//! start), and says how to replay the match when it ends.

use std::process::ExitCode;

use anyhow::Context;
use crib_ai::Strategy;
use crib_core::GameConfig;
use crib_tui::{App, Computer, EngineOpponent, Opponent, Options};

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The seed of the match: the same seed deals the same cards [default:
    /// random, shown on screen].
    #[arg(long)]
    seed: Option<u64>,
    /// The computer player: random, easy, basic or expert [default: the
    /// strongest built-in player, expert].
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
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    crib_tui::require_terminal().context("crib play cannot start")?;
    // A random seed is drawn below 2^32, short enough to read off the
    // screen and type after --seed.
    let seed = args.seed.unwrap_or_else(|| u64::from(rand::random::<u32>()));
    let options = Options { seed, muggins: args.muggins, games_to_win: args.wins };
    let opponent: Box<dyn Opponent> = match &args.engine {
        Some(command) => Box::new(
            EngineOpponent::start(command, GameConfig::default(), crib_tui::COMPUTER)
                .with_context(|| format!("starting the engine {command:?}"))?,
        ),
        None => Box::new(Computer::built_in(args.level, seed)),
    };
    let mut app = App::new(options, opponent);
    crib_tui::run(&mut app).context("playing in the terminal")?;
    let [ours, theirs] = app.games();
    eprintln!(
        "crib: match seed {} (replay with --seed {}); games won: you {ours}, computer {theirs}",
        app.seed(),
        app.seed()
    );
    Ok(ExitCode::SUCCESS)
}

//! `crib sim`: self-play between built-in players, a thin alias of
//! `crib match` (the same runner and the same report) with a default of
//! 1000 games and only built-in players at the seats.

use std::process::ExitCode;

use crib_ai::Strategy;

use crate::matchplay::RunArgs;

#[derive(Debug, clap::Args)]
#[command(mut_arg("games", |games| games.default_value("1000").help("The number of games")))]
pub(crate) struct Args {
    /// The games, the seed and the table, as `crib match` takes them.
    #[command(flatten)]
    run: RunArgs,
    /// The player at seat 0: random, easy, basic, classic or expert.
    #[arg(long = "seat-0", value_name = "PLAYER", default_value = "basic")]
    seat_0: Strategy,
    /// The player at seat 1.
    #[arg(long = "seat-1", value_name = "PLAYER", default_value = "basic")]
    seat_1: Strategy,
    /// The player at seat 2 (three or four players).
    #[arg(long = "seat-2", value_name = "PLAYER", default_value = "basic")]
    seat_2: Strategy,
    /// The player at seat 3 (four players).
    #[arg(long = "seat-3", value_name = "PLAYER", default_value = "basic")]
    seat_3: Strategy,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Plays the run as `crib match` with the same options would.
pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    crate::matchplay::run(&crate::matchplay::Args::self_play(
        [args.seat_0, args.seat_1, args.seat_2, args.seat_3],
        args.run.clone(),
        args.json,
    ))
}

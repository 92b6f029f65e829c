//! `crib sim`: self-play between built-in players, a thin alias of
//! `crib match` (the same runner and the same report) with a default of
//! 1000 games and only built-in players at the seats.

use std::process::ExitCode;

use crib_ai::Strategy;

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The number of games.
    #[arg(long, default_value_t = 1000, value_parser = crate::output::at_least_one)]
    games: u64,
    /// The seed of the run [default: random, printed to replay the run].
    #[arg(long)]
    seed: Option<u64>,
    /// Players at the table: 2, 3 or 4 (four play as partners, 0+2 against
    /// 1+3).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// The score that wins: 121 or 61.
    #[arg(long, default_value_t = 121)]
    target: u8,
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
        args.games,
        args.seed,
        (args.players, args.target),
        args.json,
    ))
}

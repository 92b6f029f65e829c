//! `crib drill`: counting practice in the terminal.
//!
//! The drill itself lives in `crib_tui` (`Drill`, drawn by `ui::drill`);
//! this file turns the command line into its options, saves every answer in
//! the store as it is given (`crib stats me` shows the record), and says how
//! to deal the same hands again when it ends.

use std::process::ExitCode;

use anyhow::Context;
use crib_table::narrate;
use crib_tui::{Drill, DrillOptions};

use crate::saved::Db;

#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each hand is dealt from a full deck shuffled by the seed and the hand's number, \
with no skew towards any kind of hand; with --cribs each hand is a crib (a \
flush only with all five cards) half of the time. Type the points of each kind \
(fifteens, pairs, runs, flush, nobs): tab or the arrows move between them, \
enter counts it. Each answer is saved with its time; crib stats me shows your \
record.")]
pub(crate) struct Args {
    /// How many hands to count.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    hands: u32,
    /// The seed of the deal: the same seed deals the same hands [default:
    /// random, shown on screen].
    #[arg(long)]
    seed: Option<u64>,
    /// Count cribs as well as hands (about half of them).
    #[arg(long)]
    cribs: bool,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    crib_tui::require_terminal().context("crib drill cannot start")?;
    let store = args.db.open()?;
    // A random seed is drawn below 2^32, short enough to read off the
    // screen and type after --seed.
    let seed = args.seed.unwrap_or_else(|| u64::from(rand::random::<u32>()));
    let options = DrillOptions { seed, hands: args.hands, cribs: args.cribs };
    let mut drill = Drill::new(
        options,
        Some(Box::new(move |answer| store.save_drill_answer(answer).map(drop))),
    );
    crib_tui::run_drill(&mut drill).context("counting in the terminal")?;
    for line in narrate::drill_record(&drill.record()) {
        eprintln!("crib: {line}");
    }
    eprintln!(
        "crib: drill seed {seed}: {} deals the same hands",
        crib_tui::ui::drill::replay_command(options)
    );
    Ok(ExitCode::SUCCESS)
}

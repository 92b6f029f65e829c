//! `crib db`: looking after the database of saved games. `crib db prune`
//! removes old matches (the store's retention rule, `Store::prune`), and
//! says what it removed; `crib serve --keep-days` prunes by the same rule.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use crib_store::{Pruned, Store};

use crate::saved::Db;

/// What `crib serve --keep-days` waits between two prunes.
pub(crate) const PRUNE_EVERY: Duration = Duration::from_secs(60 * 60);

#[derive(Debug, clap::Subcommand)]
pub(crate) enum Command {
    /// Remove old matches: finished or given up more than --keep-days days
    /// ago, and abandoned ones (unfinished, with no move for as long), with
    /// their browser tables. Says what it removed.
    Prune(PruneArgs),
}

#[derive(Debug, clap::Args)]
pub(crate) struct PruneArgs {
    /// Keep matches with anything done in them in the last DAYS days.
    #[arg(long, value_name = "DAYS", value_parser = clap::value_parser!(u32).range(1..))]
    keep_days: u32,
    /// Say what would be removed, and remove nothing.
    #[arg(long)]
    dry_run: bool,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Prune(args) => prune(args),
    }
}

fn prune(args: &PruneArgs) -> anyhow::Result<ExitCode> {
    // A database that does not exist is not created to be found empty.
    let Some(read_only) = args.db.open_read_only()? else {
        println!("No saved games in {}: nothing to prune.", args.db.path()?.display());
        return Ok(ExitCode::SUCCESS);
    };
    let pruned = if args.dry_run {
        read_only.prune(args.keep_days, true)?
    } else {
        drop(read_only);
        args.db.open()?.prune(args.keep_days, false)?
    };
    println!("{}", said(&pruned, args.keep_days, args.dry_run));
    Ok(ExitCode::SUCCESS)
}

/// What a prune removed, in words: "Removed 3 matches older than 30 days
/// (1 finished, 1 given up, 1 abandoned) and 1 browser table."
pub(crate) fn said(pruned: &Pruned, keep_days: u32, dry_run: bool) -> String {
    let verb = if dry_run { "Would remove" } else { "Removed" };
    let plural = |count: u64, one: &str, many: &str| {
        format!("{count} {}", if count == 1 { one } else { many })
    };
    let days = plural(u64::from(keep_days), "day", "days");
    if pruned.matches() == 0 {
        return format!("{verb} nothing: no match is older than {days}.");
    }
    format!(
        "{verb} {} older than {days} ({} finished, {} given up, {} abandoned) and {}.",
        plural(pruned.matches(), "match", "matches"),
        pruned.finished,
        pruned.given_up,
        pruned.abandoned,
        plural(pruned.tables, "browser table", "browser tables"),
    )
}

/// Prunes `store` every [`PRUNE_EVERY`] from now on, for `crib serve
/// --keep-days` (which prunes once at start-up itself): each prune that
/// removes anything is said on stderr, a failed one too, and serving goes
/// on.
pub(crate) async fn prune_while_serving(store: Arc<Store>, keep_days: u32) {
    let first = tokio::time::Instant::now() + PRUNE_EVERY;
    let mut every = tokio::time::interval_at(first, PRUNE_EVERY);
    loop {
        every.tick().await;
        let store = Arc::clone(&store);
        let pruned = tokio::task::spawn_blocking(move || store.prune(keep_days, false)).await;
        match pruned {
            Ok(Ok(pruned)) if pruned.matches() == 0 => {}
            Ok(Ok(pruned)) => eprintln!("crib: {}", said(&pruned, keep_days, false)),
            Ok(Err(error)) => {
                eprintln!("crib: pruning old matches failed: {}", crib_table::error_chain(&error));
            }
            Err(error) => eprintln!("crib: pruning old matches failed: {error}"),
        }
    }
}

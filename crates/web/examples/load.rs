//! The load measurement: `crib serve` as users run it (saving every game to
//! a database file on disk, in a temporary directory), and hundreds of games
//! at once driven through the API by tasks of their own over loopback.
//!
//! ```text
//! cargo run --release -p crib-web --example load -- [GAMES] [HANDS] [THINK_MS] [RUSH]
//! ```
//!
//! Two runs, each on a fresh server and database:
//!
//! - paced: GAMES games (200) of HANDS hands (4), each player pausing about
//!   THINK_MS milliseconds (100) before each call, as a person would;
//! - back-to-back: RUSH games (16) of three times HANDS hands (or to the end
//!   of the match), whose players send each call the moment the last is
//!   answered, which measures how many moves a second the
//!   server saves, and what waiting its turn costs a move.
//!
//! Each run reports the moves (discard, play, go, continue) and the state
//! reads at p50, p99 and max, moves a second, and how many commits the
//! writer thread made for how many writes. Bounded in count and in time (two
//! minutes a run), it stops by itself and exits non-zero if any call failed
//! or any game did not add up.

use std::process::ExitCode;
use std::time::Duration;

use crib_store::Store;
use crib_web::Limits;

#[path = "../tests/driver.rs"]
mod driver;

use driver::{Plan, Report};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut number =
        |default: u64| args.next().and_then(|text| text.parse().ok()).unwrap_or(default);
    let games = number(200) as usize;
    let hands = number(4) as usize;
    let think = Duration::from_millis(number(100));
    let rush = number(16) as usize;
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread().enable_all().build() else {
        eprintln!("load: cannot start the runtime");
        return ExitCode::FAILURE;
    };
    let limit = Duration::from_secs(120);
    let runs = [
        ("paced", Plan { games, hands, limit, think }),
        // Three times the hands, so that the run lasts long enough to count
        // moves a second.
        ("back-to-back", Plan { games: rush, hands: hands * 3, limit, think: Duration::ZERO }),
    ];
    let mut failed = false;
    for (name, plan) in runs {
        match runtime.block_on(measure(plan)) {
            Ok((report, writes, commits)) => {
                let moves = report.merged(&Report::MOVES).len();
                println!(
                    "{name}: {} games at once, {} hands each, ~{} ms between calls: \
                     {} games completed in {:.2} s",
                    plan.games,
                    plan.hands,
                    plan.think.as_millis(),
                    report.completed,
                    report.elapsed.as_secs_f64()
                );
                println!("  moves: {}", report.summary(&Report::MOVES));
                println!("  state: {}", report.summary(&["state"]));
                println!(
                    "  {:.0} moves a second; the writer made {commits} commits for {writes} writes",
                    moves as f64 / report.elapsed.as_secs_f64()
                );
                println!("{}\n", report.table());
                for problem in report.problems.iter().take(20) {
                    eprintln!("load: {problem}");
                }
                failed |= !report.problems.is_empty() || report.completed != plan.games;
            }
            Err(error) => {
                eprintln!("load: {error}");
                failed = true;
            }
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// One run against a fresh server saving to a fresh database on disk: the
/// report, and the writer's writes and commits.
async fn measure(plan: Plan) -> Result<(Report, u64, u64), String> {
    // On disk, as users run it: not in memory (`/dev/shm`).
    let dir = tempfile::tempdir_in(std::env::temp_dir()).map_err(|error| error.to_string())?;
    let store = Store::open(&dir.path().join("crib.db")).map_err(|error| error.to_string())?;
    // The load opens every game at once from one address, and holds a
    // connection or two for each.
    let limits = crib_web::HttpLimits {
        max_connections: u32::try_from(plan.games * 2 + 16).unwrap_or(u32::MAX),
        new_games_per_address: u32::MAX,
        new_games_total: u32::MAX,
        ..crib_web::HttpLimits::DEFAULT
    };
    let (addr, server, serving) = driver::serve_saved(store, Limits::default(), limits).await?;
    let report = driver::run(addr, plan, "basic").await;
    serving.abort();
    let writer = server.writer().ok_or("no writer")?;
    Ok((report, writer.writes(), writer.commits()))
}

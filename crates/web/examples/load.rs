//! The load measurement: hundreds of games at once, each driven through the
//! API by its own task against a real listener on loopback, then each
//! action's latency at the 50th and 99th percentiles.
//!
//! ```text
//! cargo run --release -p crib-web --example load -- [GAMES] [HANDS] [THINK_MS]
//! ```
//!
//! Each player pauses about THINK_MS milliseconds (100 by default) before
//! each move, as a person would; 0 sends the next call as soon as the last is
//! answered, which measures queueing more than the server. Bounded in count
//! (GAMES games of HANDS hands) and time (two minutes), it stops by itself
//! and exits non-zero if any call failed or any game did not add up.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use crib_web::{Limits, Server};

#[path = "../tests/driver.rs"]
mod driver;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let games = args.next().and_then(|text| text.parse().ok()).unwrap_or(200);
    let hands = args.next().and_then(|text| text.parse().ok()).unwrap_or(4);
    let think =
        Duration::from_millis(args.next().and_then(|text| text.parse().ok()).unwrap_or(100));
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread().enable_all().build() else {
        eprintln!("load: cannot start the runtime");
        return ExitCode::FAILURE;
    };
    runtime.block_on(async move {
        let server = Arc::new(Server::new(Limits::default(), Some(2026)));
        let listener = match crib_web::bind("127.0.0.1:0".parse().unwrap_or(std::net::SocketAddr::from(([127, 0, 0, 1], 0)))).await {
            Ok(listener) => listener,
            Err(error) => {
                eprintln!("load: {error}");
                return ExitCode::FAILURE;
            }
        };
        let Ok(addr) = listener.local_addr() else { return ExitCode::FAILURE };
        // The load opens every game at once from one address, and holds a
        // connection or two for each.
        let limits = crib_web::HttpLimits {
            max_connections: u32::try_from(games * 2 + 16).unwrap_or(u32::MAX),
            new_games_per_address: u32::MAX,
            new_games_total: u32::MAX,
            ..crib_web::HttpLimits::DEFAULT
        };
        let serving = tokio::spawn({
            let server = Arc::clone(&server);
            async move { crib_web::serve(listener, server, &limits).await }
        });
        let plan = driver::Plan { games, hands, limit: Duration::from_secs(120), think };
        let report = driver::run(addr, plan, "basic").await;
        serving.abort();
        let calls: usize = report.latencies.values().map(Vec::len).sum();
        println!("{games} games at once, {hands} hands each, ~{} ms between moves: {calls} calls in {:.2} s, {} games completed", think.as_millis(), report.elapsed.as_secs_f64(), report.completed);
        println!("{}", report.table());
        if report.problems.is_empty() && report.completed == games {
            ExitCode::SUCCESS
        } else {
            for problem in report.problems.iter().take(20) {
                eprintln!("load: {problem}");
            }
            ExitCode::FAILURE
        }
    })
}

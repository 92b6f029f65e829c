//! `crib serve`: cribbage in the browser, served by the program itself.
//!
//! The site lives in `crib_web`; this file turns the command line into a
//! listener and a server with the saved games, says where to point the
//! browser, and runs until ctrl-c.

use std::net::{SocketAddr, ToSocketAddrs};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use crib_referee::EngineCommand;
use crib_web::{Limits, Server};

use crate::saved::Db;

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The address to listen on, HOST:PORT with a host name or an IP
    /// address (port 0: any free port). Keep it on loopback unless the
    /// players are elsewhere: the server has no TLS.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8121")]
    addr: String,
    /// Deal the games opened without a seed of their own from this seed, in
    /// order, so that a session can be replayed [default: random deals].
    #[arg(long)]
    seed: Option<u64>,
    /// The most games kept at once; past it, finished and idle games are
    /// cleared first.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_games: u32,
    /// Minutes a game may go unused before it may be cleared.
    #[arg(long, default_value_t = 360)]
    idle_minutes: u64,
    /// An engine the page may seat, as NAME=COMMAND (repeatable): players
    /// choose it by NAME, and never type a command into a page.
    #[arg(long = "engine", value_name = "NAME=COMMAND", value_parser = parse_engine)]
    engines: Vec<(String, EngineCommand)>,
    /// Remove old matches at start-up and then every hour, as `crib db
    /// prune --keep-days DAYS` does: finished or given up more than DAYS
    /// days ago, or unfinished with no move for as long. Every match in the
    /// database counts, the terminal's too [default: keep every match].
    #[arg(long, value_name = "DAYS", value_parser = clap::value_parser!(u32).range(1..))]
    keep_days: Option<u32>,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let limits = Limits {
        games: usize::try_from(args.max_games).context("--max-games")?,
        idle: Duration::from_secs(args.idle_minutes.saturating_mul(60)),
    };
    let addrs = resolve(&args.addr)?;
    let saved = Arc::new(args.db.open()?);
    if let Some(days) = args.keep_days {
        eprintln!("crib: {}", crate::db::said(&saved.prune(days, false)?, days, false));
    }
    // A database that cannot be written is refused here, before anyone plays.
    let server = Arc::new(
        Server::new(limits, args.seed)
            .with_saved_games(Arc::clone(&saved))?
            .with_engines(args.engines.clone()),
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let listener = bind(&addrs).await?;
        let addr = listener.local_addr().context("reading the listening address")?;
        if let Some(days) = args.keep_days {
            tokio::spawn(crate::db::prune_while_serving(saved, days));
        }
        // The browser test reads this line to find the port of --addr ...:0.
        eprintln!("crib: serving on http://{addr}/ (ctrl-c stops)");
        crib_web::serve(listener, server).await?;
        anyhow::Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The addresses that `HOST:PORT` names, resolving a host name.
fn resolve(addr: &str) -> anyhow::Result<Vec<SocketAddr>> {
    let addrs: Vec<SocketAddr> = addr
        .to_socket_addrs()
        .with_context(|| format!("--addr {addr}: not an address (HOST:PORT)"))?
        .collect();
    anyhow::ensure!(!addrs.is_empty(), "--addr {addr}: the host name has no address");
    Ok(addrs)
}

/// Listens on the first of `addrs` that can be bound (`localhost` may name
/// both ::1 and 127.0.0.1), or says why the last could not.
async fn bind(addrs: &[SocketAddr]) -> anyhow::Result<tokio::net::TcpListener> {
    let mut failure = None;
    for &addr in addrs {
        match crib_web::bind(addr).await {
            Ok(listener) => return Ok(listener),
            Err(error) => failure = Some(error),
        }
    }
    Err(failure.map_or_else(|| anyhow::anyhow!("no address to listen on"), anyhow::Error::from))
}

/// `NAME=COMMAND`: a name of letters, digits, `-` and `_`, and a command line.
fn parse_engine(text: &str) -> Result<(String, EngineCommand), String> {
    let (name, command) =
        text.split_once('=').ok_or_else(|| format!("{text:?} is not NAME=COMMAND"))?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(format!("engine name {name:?}: letters, digits, '-' and '_' only"));
    }
    let command = EngineCommand::parse(command).map_err(|error| error.to_string())?;
    Ok((name.to_owned(), command))
}

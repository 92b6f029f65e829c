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
use crib_web::{HttpLimits, Limits, Server};

use crate::saved::Db;

/// Where `crib serve` listens unless told otherwise.
pub(crate) const DEFAULT_ADDR: &str = "127.0.0.1:8121";

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The address to listen on, HOST:PORT with a host name or an IP
    /// address (port 0: any free port). Keep it on loopback unless the
    /// players are elsewhere: the server has no TLS.
    #[arg(long, value_name = "HOST:PORT", default_value = DEFAULT_ADDR,
          value_parser = parse_addr)]
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
    /// Let anyone become a member of the club by naming themselves on the
    /// page, which then shows them their own sign-in link; without it only
    /// `crib club add` makes members. New members an hour are limited
    /// (--new-members-per-address, --new-members-total).
    #[arg(long)]
    open_signup: bool,
    #[command(flatten)]
    db: Db,
    #[command(flatten)]
    http: Http,
}

/// The limits on clients (see `crib_web::HttpLimits`).
#[derive(Debug, clap::Args)]
#[command(next_help_heading = "Limits on clients")]
struct Http {
    /// Seconds a client has to send a request's line and headers once its
    /// first byte is in; past it the connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = Seconds(HttpLimits::DEFAULT.header_timeout))]
    header_timeout: Seconds,
    /// Seconds a client has to send a request's body once its headers are
    /// in; past it the answer is 408 and the connection is closed. A body
    /// declared over 4096 bytes is refused at once with 413.
    #[arg(long, value_name = "SECONDS", default_value_t = Seconds(HttpLimits::DEFAULT.body_timeout))]
    body_timeout: Seconds,
    /// Seconds a connection may stay open with no request under way (a
    /// live page's update stream is a request under way); past it the
    /// connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = Seconds(HttpLimits::DEFAULT.idle_timeout))]
    idle_timeout: Seconds,
    /// The most connections open at once; one more is answered 503 with
    /// Retry-After and closed, and the log says so.
    #[arg(long, value_name = "N", default_value_t = HttpLimits::DEFAULT.max_connections,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// New games one client address may open a minute; past it the answer
    /// is 429 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = HttpLimits::DEFAULT.new_games_per_address,
          value_parser = clap::value_parser!(u32).range(1..))]
    new_games_per_address: u32,
    /// New games all clients together may open a minute; past it the
    /// answer is 429 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = HttpLimits::DEFAULT.new_games_total,
          value_parser = clap::value_parser!(u32).range(1..))]
    new_games_total: u32,
    /// New members one client address may add an hour with --open-signup;
    /// past it the answer is 429 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = HttpLimits::DEFAULT.new_members_per_address,
          value_parser = clap::value_parser!(u32).range(1..))]
    new_members_per_address: u32,
    /// New members all clients together may add an hour with
    /// --open-signup; past it the answer is 429 with Retry-After.
    #[arg(long, value_name = "N", default_value_t = HttpLimits::DEFAULT.new_members_total,
          value_parser = clap::value_parser!(u32).range(1..))]
    new_members_total: u32,
    /// Live update streams (a page open on a game) one client address may
    /// hold at once; past it the answer is 429 with Retry-After. Behind a
    /// reverse proxy every player comes from the proxy's address: raise it.
    #[arg(long, value_name = "N", default_value_t = HttpLimits::DEFAULT.streams_per_address,
          value_parser = clap::value_parser!(u32).range(1..))]
    max_streams_per_address: u32,
    /// Live update streams one seat of a game may hold at once (pages open
    /// on it with its link); past it the answer is 429 with Retry-After.
    /// Streams in all are kept to three quarters of --max-connections.
    #[arg(long, value_name = "N", default_value_t = HttpLimits::DEFAULT.streams_per_seat,
          value_parser = clap::value_parser!(u32).range(1..))]
    max_streams_per_seat: u32,
    /// A host name players reach the server by (repeatable), such as a
    /// name on the network or a reverse proxy's: requests are answered
    /// only for the address the server is reached at (localhost too on
    /// loopback) and these names, and refused with 421 for any other Host,
    /// so that a web page cannot reach the server through a name of its own
    /// (DNS rebinding).
    #[arg(long = "public-host", value_name = "NAME", value_parser = parse_host)]
    public_hosts: Vec<String>,
}

impl Http {
    fn limits(&self) -> HttpLimits {
        HttpLimits {
            header_timeout: self.header_timeout.0,
            body_timeout: self.body_timeout.0,
            idle_timeout: self.idle_timeout.0,
            max_connections: self.max_connections,
            new_games_per_address: self.new_games_per_address,
            new_games_total: self.new_games_total,
            new_members_per_address: self.new_members_per_address,
            new_members_total: self.new_members_total,
            streams_per_address: self.max_streams_per_address,
            streams_per_seat: self.max_streams_per_seat,
            public_hosts: self.public_hosts.clone(),
        }
    }
}

/// A time limit given in seconds, fractions allowed.
#[derive(Debug, Clone, Copy)]
struct Seconds(Duration);

impl std::fmt::Display for Seconds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.as_secs_f64())
    }
}

impl std::str::FromStr for Seconds {
    type Err = String;

    fn from_str(text: &str) -> Result<Seconds, String> {
        let seconds: f64 =
            text.parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
        if !(0.01..=86_400.0).contains(&seconds) {
            return Err(format!("{text} s: give 0.01 to 86400 seconds"));
        }
        Ok(Seconds(Duration::from_secs_f64(seconds)))
    }
}

/// An address to listen on as the command line gives it, `HOST:PORT`: a
/// host name or an IP address (IPv6 in brackets), a colon and a port. A
/// name is resolved when the server starts.
fn parse_addr(text: &str) -> Result<String, String> {
    let shape = "give HOST:PORT, e.g. 127.0.0.1:8121 or localhost:0";
    let Some((host, port)) = text.rsplit_once(':') else {
        return Err(format!("{text:?} has no port: {shape}"));
    };
    if port.parse::<u16>().is_err() {
        return Err(format!("{port:?} is not a port (0 to 65535): {shape}"));
    }
    if host.starts_with('[') && host.ends_with(']') {
        return match host[1..host.len() - 1].parse::<std::net::Ipv6Addr>() {
            Ok(_) => Ok(text.to_owned()),
            Err(_) => Err(format!("{host:?} is not an IPv6 address: {shape}")),
        };
    }
    parse_host(host)
        .and_then(|_| if host.contains(':') { Err(String::new()) } else { Ok(()) })
        .map(|()| text.to_owned())
        .map_err(|_| format!("{host:?} is not a host name or an IP address: {shape}"))
}

/// A host name as a `Host` header gives it, without a port: letters,
/// digits, `-` and `.`, or an IP address.
fn parse_host(text: &str) -> Result<String, String> {
    let name = text.trim();
    let bare = name.strip_prefix('[').and_then(|name| name.strip_suffix(']')).unwrap_or(name);
    let is_ip = bare.parse::<std::net::IpAddr>().is_ok();
    let is_name =
        !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
    if bare.parse::<std::net::Ipv6Addr>().is_ok() {
        // As a Host header gives it.
        Ok(format!("[{bare}]"))
    } else if is_ip || is_name {
        Ok(name.to_owned())
    } else {
        Err(format!("{text:?} is not a host name (a name or an IP address, without a port)"))
    }
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let limits = Limits {
        games: usize::try_from(args.max_games).context("--max-games")?,
        idle: Duration::from_secs(args.idle_minutes.saturating_mul(60)),
    };
    let addrs = resolve(&args.addr)?;
    let saved = Arc::new(args.db.open()?);
    // A database that cannot be written is refused here, before anyone plays.
    let server = Arc::new(
        Server::new(limits, args.seed)
            .with_saved_games(Arc::clone(&saved))?
            .with_engines(args.engines.clone())
            .with_open_signup(args.open_signup),
    );
    if let Some(days) = args.keep_days {
        eprintln!("crib: {}", crate::db::said(&saved.prune(days, false)?, days, false));
    }
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
        crib_web::serve(listener, server, &args.http.limits()).await?;
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

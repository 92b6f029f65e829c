//! The lobby's load measurement: how fast `GET /api/lobby` answers a club
//! of hundreds of members at hundreds of tables, while every member holds
//! the lobby's live stream open and tables keep opening, filling and ending.
//!
//! ```text
//! cargo run --release -p crib-web --example lobby -- [TABLES] [MEMBERS] [REQUESTS]
//! ```
//!
//! On a fresh server saving to a fresh database on disk (in a temporary
//! directory), over loopback:
//!
//! - MEMBERS members (400) are added to the database and each signs in by
//!   their key, with a session of their own;
//! - TABLES listed tables (200) of 2, 3 and 4 seats in turn are opened by
//!   members, and every other one has all its seats taken by members, so
//!   that it is under way; the rest wait for players;
//! - every member holds the lobby's live stream (`/api/lobby/events`) open
//!   and reads it all along;
//! - while the lobby is timed, the members at a dozen tables under way keep
//!   moving (a move every 100 ms or so at each), and every quarter of a
//!   second a new table is opened and filled and an old one given up, so
//!   that the lobby is made again several times a second;
//! - REQUESTS (2000) answers of `GET /api/lobby` are timed, from eight
//!   clients at once each pausing about 20 ms between requests; each must
//!   be 200, JSON, and list as many tables as are open (at most
//!   `LOBBY_TABLES`).
//!
//! It prints the lobby's answer at p50, p99 and max, its size, the stream
//! messages the members received, the moves and tables made meanwhile, and
//! the machine's cores and load average (from `/proc/loadavg`, before and
//! after). The whole client runs on the same machine, so the figures
//! include its share of the cores.
//!
//! All the members come from one address, which `crib serve` would refuse:
//! the example raises the guard's limits on sign-ins and new games a
//! minute, on live streams per address and in all, and on connections, and
//! keeps more tables than the default. Bounded in time (three minutes), it
//! stops by itself and exits non-zero if any call failed or any answer was
//! wrong.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crib_store::{MemberName, Store};
use crib_web::{LOBBY_TABLES, Limits};
use futures_util::{StreamExt, stream};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request, StatusCode, header};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};

#[path = "../tests/driver.rs"]
mod driver;

use driver::Report;

/// Clients asking for the lobby at once.
const ASKERS: usize = 8;

/// Tables under way whose members keep moving.
const MOVING: usize = 12;

/// The time between two tables opened, filled and given up meanwhile.
const CHURN: Duration = Duration::from_millis(250);

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut number =
        |default: usize| args.next().and_then(|text| text.parse().ok()).unwrap_or(default);
    let plan = Plan { tables: number(200), members: number(400).max(4), requests: number(2000) };
    let Ok(runtime) = tokio::runtime::Builder::new_multi_thread().enable_all().build() else {
        eprintln!("lobby: cannot start the runtime");
        return ExitCode::FAILURE;
    };
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let before = load_average();
    let outcome = runtime.block_on(async { tokio::time::timeout(LIMIT, measure(plan)).await });
    let after = load_average();
    println!(
        "{} tables, {} members connected, {} lobby requests; {cores} cores, \
         load average {before} before, {after} after",
        plan.tables, plan.members, plan.requests
    );
    match outcome {
        Ok(Ok(measured)) => {
            println!("  lobby: {}", measured.report.summary(&["lobby"]));
            println!("  answer: {} tables, {} bytes", measured.listed, measured.bytes);
            println!(
                "  streams: {} lobby messages to {} members ({:.1} each) in {:.1} s",
                measured.messages,
                plan.members,
                measured.messages as f64 / plan.members as f64,
                measured.report.elapsed.as_secs_f64()
            );
            println!(
                "  meanwhile: {} moves, {} tables opened and filled, {} given up",
                measured.moves, measured.churned, measured.churned
            );
            println!("  set-up: {}", measured.setup.table().replace('\n', "\n  "));
            for problem in measured.report.problems.iter().take(20) {
                eprintln!("lobby: {problem}");
            }
            if measured.report.problems.is_empty()
                && measured.report.latencies.get("lobby").map_or(0, Vec::len) == plan.requests
            {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Ok(Err(error)) => {
            eprintln!("lobby: {error}");
            ExitCode::FAILURE
        }
        Err(_) => {
            eprintln!("lobby: not done within {LIMIT:?}");
            ExitCode::FAILURE
        }
    }
}

/// The whole run stops by itself after this long.
const LIMIT: Duration = Duration::from_secs(180);

/// The size of the club and of the measurement.
#[derive(Clone, Copy, Debug)]
struct Plan {
    tables: usize,
    members: usize,
    requests: usize,
}

/// What a run measured.
struct Measured {
    /// The lobby's answers (`lobby`) and every problem.
    report: Report,
    /// The calls that set the club up, timed.
    setup: Report,
    /// Tables the last answer listed, and its size.
    listed: usize,
    bytes: usize,
    /// Lobby messages the streams received, in all.
    messages: u64,
    /// Moves made and tables opened (and as many given up) meanwhile.
    moves: u64,
    churned: u64,
}

/// The machine's load averages over 1, 5 and 15 minutes.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".to_owned(),
        |text| text.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

/// A client of the server on loopback.
#[derive(Clone)]
struct Http {
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
}

/// Who a call is from: a member's session cookie, and a seat's token.
#[derive(Clone, Copy, Default)]
struct Who<'a> {
    cookie: Option<&'a str>,
    token: Option<&'a str>,
}

impl Http {
    /// Sends a call and reads its whole answer: status, headers and body.
    async fn send(
        &self,
        method: Method,
        path: &str,
        from: Who<'_>,
        body: Option<&Value>,
    ) -> Result<(StatusCode, hyper::HeaderMap, Bytes), String> {
        let mut request = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(cookie) = from.cookie {
            request = request.header(header::COOKIE, cookie);
        }
        if let Some(token) = from.token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = body.map_or_else(Bytes::new, |body| Bytes::from(body.to_string()));
        let request = request.body(Full::new(body)).map_err(|error| error.to_string())?;
        let response =
            self.client.request(request).await.map_err(|error| format!("{path}: {error}"))?;
        let (parts, body) = response.into_parts();
        let bytes = body.collect().await.map_err(|error| format!("{path}: {error}"))?.to_bytes();
        Ok((parts.status, parts.headers, bytes))
    }

    /// Sends a call that must succeed with JSON, timed in `report` as `name`.
    async fn call(
        &self,
        report: &std::sync::Mutex<Report>,
        name: &'static str,
        method: Method,
        path: &str,
        from: Who<'_>,
        body: Option<&Value>,
    ) -> Result<Value, String> {
        let started = Instant::now();
        let (status, _, bytes) = self.send(method, path, from, body).await?;
        record(report, name, started.elapsed());
        let value: Value =
            serde_json::from_slice(&bytes).map_err(|error| format!("{name}: {error}"))?;
        if status.is_success() { Ok(value) } else { Err(format!("{name}: {status} {value}")) }
    }
}

fn record(report: &std::sync::Mutex<Report>, name: &'static str, took: Duration) {
    report
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .latencies
        .entry(name)
        .or_default()
        .push(took);
}

/// A table opened for the measurement: its id and each taken seat's token.
struct Opened {
    id: String,
    tokens: Vec<String>,
}

async fn measure(plan: Plan) -> Result<Measured, String> {
    // On disk, as users run it: not in memory (`/dev/shm`).
    let dir = tempfile::tempdir_in(std::env::temp_dir()).map_err(|error| error.to_string())?;
    let store = Store::open(&dir.path().join("crib.db")).map_err(|error| error.to_string())?;
    let mut keys = Vec::new();
    for index in 0..plan.members {
        let name = MemberName::new(&format!("member {index:03}")).map_err(|e| e.to_string())?;
        let (_, key) = store.add_member(&name).map_err(|error| error.to_string())?;
        keys.push(key.as_str().to_owned());
    }
    // More tables than the default keeps: the club's, and those opened
    // meanwhile.
    let limits = Limits { games: 100_000, ..Limits::default() };
    // One address signs every member in, opens every table and holds every
    // stream: a stream and a connection or two for each member.
    let connections = u32::try_from(plan.members * 3 + 256).unwrap_or(u32::MAX);
    let http_limits = crib_web::HttpLimits {
        max_connections: connections,
        new_games_per_address: u32::MAX,
        new_games_total: u32::MAX,
        streams_per_address: connections,
        // The lobby's streams are counted by address, as one seat's.
        streams_per_seat: connections,
        ..crib_web::HttpLimits::DEFAULT
    };
    let (addr, _, serving) = driver::serve_saved(store, limits, http_limits).await?;
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    let client = Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(plan.members * 2)
        .build::<_, Full<Bytes>>(connector);
    let http = Http { client, base: format!("http://{addr}") };
    let measured = club(&http, plan, &keys).await;
    serving.abort();
    measured
}

/// Signs the members in, opens the tables, holds the streams open and
/// times the lobby.
async fn club(http: &Http, plan: Plan, keys: &[String]) -> Result<Measured, String> {
    let setup = Arc::new(std::sync::Mutex::new(Report::default()));
    let cookies = sign_in(http, &setup, keys).await?;
    let cookies = Arc::new(cookies);
    let opened = open_tables(http, &setup, plan, &cookies).await?;

    // Every member reads the lobby's stream from now on.
    let messages = Arc::new(AtomicU64::new(0));
    let heard = Arc::new(AtomicU64::new(0));
    let mut streams = Vec::new();
    for cookie in cookies.iter() {
        streams.push(tokio::spawn(listen(
            http.clone(),
            cookie.clone(),
            Arc::clone(&messages),
            Arc::clone(&heard),
        )));
    }
    let waited = Instant::now();
    while heard.load(Ordering::Relaxed) < plan.members as u64 {
        if waited.elapsed() > Duration::from_secs(60) || streams.iter().any(|s| s.is_finished()) {
            return Err(format!(
                "only {} of {} streams answered within a minute (or were refused)",
                heard.load(Ordering::Relaxed),
                plan.members
            ));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before = messages.load(Ordering::Relaxed);

    // Meanwhile: members moving at tables under way, and tables opening,
    // filling and ending.
    let stop = Arc::new(AtomicBool::new(false));
    let report = Arc::new(std::sync::Mutex::new(Report::default()));
    let moves = Arc::new(AtomicU64::new(0));
    let mut busy = Vec::new();
    let (under_way, waiting): (Vec<Opened>, Vec<Opened>) =
        opened.into_iter().partition(|table| table.tokens.len() > 1);
    let mut under_way = under_way.into_iter();
    for table in under_way.by_ref().take(MOVING) {
        busy.push(tokio::spawn(keep_moving(
            http.clone(),
            table,
            Arc::clone(&stop),
            Arc::clone(&moves),
            Arc::clone(&report),
        )));
    }
    let churned = Arc::new(AtomicU64::new(0));
    busy.push(tokio::spawn(churn(
        http.clone(),
        under_way.collect(),
        Arc::clone(&cookies),
        Arc::clone(&stop),
        Arc::clone(&churned),
        Arc::clone(&report),
    )));
    drop(waiting);

    // The lobby, timed: `open` tables are listed (one more while a new
    // one is opened and an old one not yet given up).
    let started = Instant::now();
    let open = plan.tables.min(LOBBY_TABLES);
    let allowed = open..=(plan.tables + 1).min(LOBBY_TABLES);
    let last = Arc::new(std::sync::Mutex::new((0, 0)));
    let askers = (0..ASKERS).map(|asker| {
        let http = http.clone();
        let report = Arc::clone(&report);
        let allowed = allowed.clone();
        let last = Arc::clone(&last);
        let count = plan.requests / ASKERS + usize::from(asker < plan.requests % ASKERS);
        async move {
            let mut jitter = 0x9e37_79b9_7f4a_7c15_u64 ^ (asker as u64 + 1);
            for _ in 0..count {
                jitter ^= jitter << 13;
                jitter ^= jitter >> 7;
                jitter ^= jitter << 17;
                tokio::time::sleep(Duration::from_millis(10 + jitter % 20)).await;
                match ask(&http, &report, &allowed).await {
                    Ok(answer) => {
                        *last.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = answer;
                    }
                    Err(problem) => report
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .problems
                        .push(problem),
                }
            }
        }
    });
    futures_util::future::join_all(askers).await;
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    for task in busy {
        if let Err(error) = task.await {
            lock(&report).problems.push(error.to_string());
        }
    }
    let messages = messages.load(Ordering::Relaxed) - before;
    for stream in streams {
        stream.abort();
    }
    let mut report = std::mem::take(&mut *lock(&report));
    report.elapsed = elapsed;
    let setup = std::mem::take(&mut *lock(&setup));
    let (listed, bytes) = *lock(&last);
    Ok(Measured {
        report,
        setup,
        listed,
        bytes,
        messages,
        moves: moves.load(Ordering::Relaxed),
        churned: churned.load(Ordering::Relaxed),
    })
}

fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Each member's session cookie, from signing in with their key.
async fn sign_in(
    http: &Http,
    setup: &std::sync::Mutex<Report>,
    keys: &[String],
) -> Result<Vec<String>, String> {
    let signed = stream::iter(keys)
        .map(|key| async move {
            let started = Instant::now();
            let body = json!({ "key": key });
            let (status, headers, _) =
                http.send(Method::POST, "/api/club/signin", Who::default(), Some(&body)).await?;
            record(setup, "sign-in", started.elapsed());
            if status != StatusCode::OK {
                return Err(format!("sign-in: {status}"));
            }
            headers
                .get_all(header::SET_COOKIE)
                .iter()
                .filter_map(|value| value.to_str().ok())
                .find(|value| value.starts_with("crib_session="))
                .and_then(|value| value.split(';').next())
                .map(str::to_owned)
                .ok_or_else(|| "sign-in: no session cookie".to_owned())
        })
        .buffered(32)
        .collect::<Vec<_>>()
        .await;
    signed.into_iter().collect()
}

/// The seats of a listed table of `players` for people, the opener's first.
fn listed_table(players: usize) -> Value {
    let mut seats = vec![json!({"kind": "you"})];
    seats.extend((1..players).map(|_| json!({"kind": "person"})));
    json!({"listed": true, "seats": seats})
}

/// Opens a listed table of `players` seats by the member `first`, and, if
/// `fill`, has the next members take its other seats.
async fn open_table(
    http: &Http,
    report: &std::sync::Mutex<Report>,
    cookies: &[String],
    first: usize,
    players: usize,
    fill: bool,
) -> Result<Opened, String> {
    let member = |seat: usize| Some(cookies[(first + seat) % cookies.len()].as_str());
    let body = listed_table(players);
    let opened = http
        .call(
            report,
            "open",
            Method::POST,
            "/api/games",
            Who { cookie: member(0), token: None },
            Some(&body),
        )
        .await?;
    let id = opened["game"].as_str().ok_or("open: no game")?.to_owned();
    let mut tokens = vec![opened["token"].as_str().ok_or("open: no token")?.to_owned()];
    if fill {
        for seat in 1..players {
            let path = format!("/api/games/{id}/join");
            let joined = http
                .call(
                    report,
                    "join",
                    Method::POST,
                    &path,
                    Who { cookie: member(seat), token: None },
                    None,
                )
                .await?;
            tokens.push(joined["token"].as_str().ok_or("join: no token")?.to_owned());
        }
    }
    Ok(Opened { id, tokens })
}

/// The club's tables: of 2, 3 and 4 seats in turn, every other one full.
async fn open_tables(
    http: &Http,
    setup: &std::sync::Mutex<Report>,
    plan: Plan,
    cookies: &[String],
) -> Result<Vec<Opened>, String> {
    let mut next = 0;
    let mut tables = Vec::new();
    for index in 0..plan.tables {
        let players = 2 + index % 3;
        let fill = index % 2 == 0;
        tables.push((next, players, fill));
        next += if fill { players } else { 1 };
    }
    let opened = stream::iter(tables)
        .map(|(first, players, fill)| open_table(http, setup, cookies, first, players, fill))
        .buffered(16)
        .collect::<Vec<_>>()
        .await;
    opened.into_iter().collect()
}

/// Reads the lobby's stream as a member, counting its `lobby` messages,
/// until aborted; `heard` counts the streams that have had their first.
async fn listen(http: Http, cookie: String, messages: Arc<AtomicU64>, heard: Arc<AtomicU64>) {
    let request = Request::get(format!("{}/api/lobby/events", http.base))
        .header(header::COOKIE, cookie)
        .body(Full::new(Bytes::new()));
    let Ok(request) = request else { return };
    let Ok(response) = http.client.request(request).await else { return };
    if response.status() != StatusCode::OK {
        // Never heard: the wait for every stream's first message fails.
        return;
    }
    // Each message starts `event: lobby` at a line's start. The search
    // keeps the stream's last bytes, one fewer than it looks for, to find
    // a start split between two frames (the stream's own start counts as
    // a line's).
    let start: &[u8] = b"\nevent: lobby\n";
    let finder = memchr::memmem::Finder::new(start);
    let mut body = response.into_body();
    let mut kept = vec![b'\n'];
    let mut first = true;
    while let Some(Ok(frame)) = body.frame().await {
        let Ok(data) = frame.into_data() else { continue };
        let head = data.len().min(start.len() - 1);
        kept.extend_from_slice(&data[..head]);
        let found = finder.find_iter(&kept).count() + finder.find_iter(&data).count();
        if data.len() >= start.len() - 1 {
            kept.clear();
            kept.extend_from_slice(&data[data.len() + 1 - start.len()..]);
        } else {
            kept.drain(..kept.len().saturating_sub(start.len() - 1));
        }
        if found > 0 {
            messages.fetch_add(found as u64, Ordering::Relaxed);
            if first {
                first = false;
                heard.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// The lobby's answer, as far as it is checked.
#[derive(serde::Deserialize)]
struct Answer {
    tables: Vec<Listed>,
}

/// A table in the lobby's answer.
#[derive(serde::Deserialize)]
struct Listed {
    game: String,
    players: usize,
    seats: Vec<serde::de::IgnoredAny>,
    names: Vec<serde::de::IgnoredAny>,
}

/// One timed lobby answer, checked: the tables it lists, and its size.
async fn ask(
    http: &Http,
    report: &std::sync::Mutex<Report>,
    allowed: &std::ops::RangeInclusive<usize>,
) -> Result<(usize, usize), String> {
    let started = Instant::now();
    let (status, _, bytes) = http.send(Method::GET, "/api/lobby", Who::default(), None).await?;
    record(report, "lobby", started.elapsed());
    if status != StatusCode::OK {
        return Err(format!("lobby: {status}"));
    }
    // Read as the page reads it, each table with its game, seats and
    // names; the rest is read over.
    let answer: Answer =
        serde_json::from_slice(&bytes).map_err(|error| format!("lobby: {error}"))?;
    let tables = answer.tables.len();
    if !allowed.contains(&tables) {
        return Err(format!("lobby: {tables} tables listed, not {allowed:?}"));
    }
    if let Some(table) = answer.tables.iter().find(|table| {
        !(2..=4).contains(&table.players)
            || table.seats.len() != table.players
            || table.names.len() != table.players
            || table.game.is_empty()
    }) {
        return Err(format!("lobby: table {} does not add up", table.game));
    }
    Ok((tables, bytes.len()))
}

/// The members at `table` move in turn, each about every 100 ms, until
/// `stop` (or the match is over).
async fn keep_moving(
    http: Http,
    table: Opened,
    stop: Arc<AtomicBool>,
    moves: Arc<AtomicU64>,
    report: Arc<std::sync::Mutex<Report>>,
) {
    let game = format!("/api/games/{}", table.id);
    let mut next = vec![0; table.tokens.len()];
    let mut idle = 0;
    while !stop.load(Ordering::Relaxed) && idle < table.tokens.len() * 50 {
        for (seat, token) in table.tokens.iter().enumerate() {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            let from = Who { cookie: None, token: Some(token) };
            let path = format!("{game}?since={}", next[seat]);
            let state = match http.call(&report, "state", Method::GET, &path, from, None).await {
                Ok(state) => state,
                Err(problem) => return lock(&report).problems.push(problem),
            };
            next[seat] = state["next"].as_u64().unwrap_or(0);
            let Some(body) = a_move(&state) else {
                idle += 1;
                continue;
            };
            idle = 0;
            let path = format!("{game}/act");
            match http.call(&report, "move", Method::POST, &path, from, Some(&body)).await {
                Ok(_) => {
                    moves.fetch_add(1, Ordering::Relaxed);
                }
                Err(problem) => return lock(&report).problems.push(problem),
            }
        }
    }
}

/// The first move a seat's state allows, if any.
fn a_move(state: &Value) -> Option<Value> {
    let moves = &state["moves"];
    let discard = moves["discard"].as_u64().unwrap_or(0) as usize;
    if discard > 0 {
        let hand = state["view"]["hand"].as_array()?;
        return Some(json!({"action": "discard", "cards": hand[..discard.min(hand.len())]}));
    }
    if let Some(card) = moves["playable"].as_array().and_then(|cards| cards.first()) {
        return Some(json!({"action": "play", "card": card}));
    }
    if moves["go"] == json!(true) {
        return Some(json!({"action": "go"}));
    }
    (moves["continue"] == json!(true)).then(|| json!({"action": "continue"}))
}

/// Every [`CHURN`], until `stop`: a new table of two opened and filled by
/// members, then one of `ending` given up by its first seat, so that as
/// many tables stay open.
async fn churn(
    http: Http,
    ending: Vec<Opened>,
    cookies: Arc<Vec<String>>,
    stop: Arc<AtomicBool>,
    churned: Arc<AtomicU64>,
    report: Arc<std::sync::Mutex<Report>>,
) {
    let mut ending = ending.into_iter();
    let mut opened = Vec::new();
    let mut first = 0;
    while !stop.load(Ordering::Relaxed) {
        tokio::time::sleep(CHURN).await;
        let Some(old) = ending.next().or_else(|| (!opened.is_empty()).then(|| opened.remove(0)))
        else {
            return;
        };
        match open_table(&http, &report, &cookies, first, 2, true).await {
            Ok(new) => opened.push(new),
            Err(problem) => return lock(&report).problems.push(problem),
        }
        first += 2;
        let from = Who { cookie: None, token: old.tokens.first().map(String::as_str) };
        let path = format!("/api/games/{}/quit", old.id);
        if let Err(problem) = http.call(&report, "quit", Method::POST, &path, from, None).await {
            return lock(&report).problems.push(problem);
        }
        churned.fetch_add(1, Ordering::Relaxed);
    }
}

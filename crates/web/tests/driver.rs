//! A bounded client that plays whole games against a `crib serve` listening
//! on loopback, times every API call, and checks each game for consistency.
//! Shared by the load test (a few dozen games) and the load example (hundreds).

#![allow(dead_code, unreachable_pub)]

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};

/// How much each game plays, and how long the whole run may take.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Games played at once, each by its own task.
    pub games: usize,
    /// Hands each game plays (or fewer, if the match ends first).
    pub hands: usize,
    /// The run stops by itself after this long.
    pub limit: Duration,
    /// The mean pause between a player's calls, as a person thinks (each
    /// pause is drawn from half to one and a half times it); zero hammers
    /// the server as fast as it answers.
    pub think: Duration,
}

/// What a run measured.
#[derive(Debug, Default)]
pub struct Report {
    /// Latencies of every call, by action.
    pub latencies: BTreeMap<&'static str, Vec<Duration>>,
    /// Every problem seen: an error status, an inconsistent game.
    pub problems: Vec<String>,
    /// Games that played all their hands (or to the end of the match).
    pub completed: usize,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl Report {
    /// The `q` quantile (0 to 1) of one action's latencies.
    pub fn quantile(&self, action: &str, q: f64) -> Option<Duration> {
        let mut times = self.latencies.get(action)?.clone();
        times.sort();
        let index = ((times.len() as f64 - 1.0) * q).round() as usize;
        times.get(index).copied()
    }

    /// The calls that make a move: discard, play, go, continue.
    pub const MOVES: [&'static str; 4] = ["discard", "play", "go", "continue"];

    /// Every latency of these actions together, sorted.
    pub fn merged(&self, actions: &[&str]) -> Vec<Duration> {
        let mut times: Vec<Duration> = actions
            .iter()
            .filter_map(|action| self.latencies.get(action))
            .flatten()
            .copied()
            .collect();
        times.sort();
        times
    }

    /// `calls, p50, p99, max` of these actions together, in ms, as one line.
    pub fn summary(&self, actions: &[&str]) -> String {
        let times = self.merged(actions);
        let at = |q: f64| {
            let index = ((times.len() as f64 - 1.0) * q).round() as usize;
            times.get(index).map_or(0.0, |took| took.as_secs_f64() * 1000.0)
        };
        format!(
            "{} calls, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        )
    }

    /// One line per action: calls, p50, p99, max.
    pub fn table(&self) -> String {
        let mut lines = vec![format!(
            "{:<10} {:>7} {:>9} {:>9} {:>9}",
            "action", "calls", "p50 ms", "p99 ms", "max ms"
        )];
        for (action, times) in &self.latencies {
            let ms =
                |q| self.quantile(action, q).map_or(0.0, |d: Duration| d.as_secs_f64() * 1000.0);
            lines.push(format!(
                "{action:<10} {:>7} {:>9.3} {:>9.3} {:>9.3}",
                times.len(),
                ms(0.5),
                ms(0.99),
                ms(1.0)
            ));
        }
        lines.join("\n")
    }
}

struct Game {
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
    id: String,
    token: String,
    latencies: Vec<(&'static str, Duration)>,
    /// The state of a small generator for the pauses.
    jitter: u64,
}

impl Game {
    async fn call(
        &mut self,
        name: &'static str,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, String> {
        // The server takes changes only as JSON (and a GET with it is fine).
        let mut request = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("content-type", "application/json");
        if !self.token.is_empty() {
            request = request.header("authorization", format!("Bearer {}", self.token));
        }
        let body = body.map_or_else(Bytes::new, |body| Bytes::from(body.to_string()));
        let request = request.body(Full::new(body)).map_err(|error| error.to_string())?;
        let started = Instant::now();
        let response =
            self.client.request(request).await.map_err(|error| format!("{name}: {error}"))?;
        let status = response.status();
        let bytes = response
            .into_body()
            .collect()
            .await
            .map_err(|error| format!("{name}: {error}"))?
            .to_bytes();
        self.latencies.push((name, started.elapsed()));
        let value: Value =
            serde_json::from_slice(&bytes).map_err(|error| format!("{name}: {error}"))?;
        if status.is_success() { Ok(value) } else { Err(format!("{name}: {status} {value}")) }
    }

    async fn page(&mut self) -> Result<(), String> {
        let request = Request::get(format!("{}/", self.base))
            .body(Full::new(Bytes::new()))
            .map_err(|error| error.to_string())?;
        let started = Instant::now();
        let response =
            self.client.request(request).await.map_err(|error| format!("page: {error}"))?;
        let status = response.status();
        response.into_body().collect().await.map_err(|error| format!("page: {error}"))?;
        self.latencies.push(("page", started.elapsed()));
        if status.is_success() { Ok(()) } else { Err(format!("page: {status}")) }
    }

    async fn pause(&mut self, think: Duration) {
        if think.is_zero() {
            return;
        }
        self.jitter ^= self.jitter << 13;
        self.jitter ^= self.jitter >> 7;
        self.jitter ^= self.jitter << 17;
        let fraction = 0.5 + (self.jitter % 1000) as f64 / 1000.0;
        tokio::time::sleep(think.mul_f64(fraction)).await;
    }

    /// Plays `hands` hands: the first cards that may go, always.
    async fn play(&mut self, hands: usize, level: &str, think: Duration) -> Result<(), String> {
        // People arrive over time, not all in one instant; the browser loads
        // the page first, which here also opens the connection, so that
        // `create` times the server rather than the handshake.
        self.pause(think).await;
        self.page().await?;
        let created =
            self.call("create", Method::POST, "/api/games", Some(json!({"level": level}))).await?;
        self.id = created["game"].as_str().ok_or("no game id")?.to_owned();
        self.token = created["token"].as_str().ok_or("no token")?.to_owned();
        let game = format!("/api/games/{}", self.id);
        let mut state = created["state"].clone();
        // Like the page, ask only for the events not yet seen.
        let mut next = state["next"].as_u64().unwrap_or(0);
        let mut finished = 0;
        // A hand is at most a dozen moves; the bound only stops a runaway.
        for _ in 0..hands * 20 {
            let moves = &state["moves"];
            let hand: Vec<Value> = state["view"]["hand"].as_array().cloned().unwrap_or_default();
            let discard = moves["discard"].as_u64().unwrap_or(0) as usize;
            self.pause(think).await;
            let body = if discard > 0 {
                self.call("hint", Method::GET, &format!("{game}/hint"), None).await?;
                json!({"action": "discard", "cards": hand[..discard.min(hand.len())]})
            } else if let Some(card) = moves["playable"].as_array().and_then(|cards| cards.first())
            {
                json!({"action": "play", "card": card})
            } else if moves["go"] == json!(true) {
                json!({"action": "go"})
            } else if moves["continue"] == json!(true) {
                finished += 1;
                if finished >= hands {
                    break;
                }
                json!({"action": "continue"})
            } else {
                // Match over (or nothing to do, which the check below reports).
                break;
            };
            let name = match body["action"].as_str() {
                Some("discard") => "discard",
                Some("play") => "play",
                Some("go") => "go",
                _ => "continue",
            };
            self.call(name, Method::POST, &format!("{game}/act"), Some(body)).await?;
            state = self.call("state", Method::GET, &format!("{game}?since={next}"), None).await?;
            next = state["next"].as_u64().unwrap_or(next);
        }
        self.check(&game).await
    }

    /// The game adds up: every side's front peg is the sum of its points in
    /// the events, and the seat never sees the computer's cards before the
    /// show.
    async fn check(&mut self, game: &str) -> Result<(), String> {
        let state = self.call("state", Method::GET, &format!("{game}?since=0"), None).await?;
        let events = state["events"].as_array().ok_or("no events")?;
        if events.len() as u64 != state["next"].as_u64().unwrap_or(u64::MAX) {
            return Err(format!(
                "{}: {} events but next is {}",
                self.id,
                events.len(),
                state["next"]
            ));
        }
        let mut front = [0u64; 2];
        for said in events {
            if let Some(points) = said["points"].as_object() {
                let seat = points["seat"].as_u64().unwrap_or(0) as usize;
                front[seat.min(1)] += points["points"].as_u64().unwrap_or(0);
            }
            let event = &said["event"];
            if event["event"] == "dealt" && !event["hands"][1].is_null() {
                return Err(format!("{}: the computer's deal was shown", self.id));
            }
            if event["event"] == "discarded" && event["seat"] == 1 && !event["cards"].is_null() {
                return Err(format!("{}: the computer's discard was shown", self.id));
            }
        }
        // A won game starts the next one from zero: only a game still going
        // can be checked against the board.
        let games_won: u64 = state["games_won"]
            .as_array()
            .map_or(0, |won| won.iter().filter_map(Value::as_u64).sum());
        if games_won == 0 {
            for side in 0..2 {
                let peg = state["view"]["board"][side]["front"].as_u64().unwrap_or(u64::MAX);
                if peg != front[side] {
                    return Err(format!(
                        "{}: side {side} pegged {peg}, events say {}",
                        self.id, front[side]
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Plays `plan.games` games at once against the server at `addr`.
pub async fn run(addr: SocketAddr, plan: Plan, level: &'static str) -> Report {
    assert!(addr.ip().is_loopback(), "the load client only talks to loopback");
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    let client = Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(plan.games)
        .build::<_, Full<Bytes>>(connector);
    let base = format!("http://{addr}");
    let started = Instant::now();
    let report = Arc::new(std::sync::Mutex::new(Report::default()));
    let mut tasks = Vec::new();
    for index in 0..plan.games {
        let mut game = Game {
            client: client.clone(),
            base: base.clone(),
            id: String::new(),
            token: String::new(),
            latencies: Vec::new(),
            jitter: 0x9e37_79b9_7f4a_7c15 ^ (index as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d),
        };
        let report = Arc::clone(&report);
        tasks.push(tokio::spawn(async move {
            let outcome =
                tokio::time::timeout(plan.limit, game.play(plan.hands, level, plan.think)).await;
            let mut report = report.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            for (name, took) in game.latencies {
                report.latencies.entry(name).or_default().push(took);
            }
            match outcome {
                Ok(Ok(())) => report.completed += 1,
                Ok(Err(problem)) => report.problems.push(problem),
                Err(_) => {
                    report.problems.push(format!("{}: not done within {:?}", game.id, plan.limit))
                }
            }
        }));
    }
    for task in tasks {
        if let Err(error) = task.await {
            report
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .problems
                .push(error.to_string());
        }
    }
    let mut report =
        std::mem::take(&mut *report.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    report.elapsed = started.elapsed();
    report
}

/// A server as `crib serve` runs it, saving to `saved` (a database file on
/// disk, as users run it) and keeping at most `limits` tables, served on a
/// loopback port with `http` limits: its address, the server, and the task
/// that serves it (abort it to stop).
pub async fn serve_saved(
    saved: crib_store::Store,
    limits: crib_web::Limits,
    http: crib_web::HttpLimits,
) -> Result<(SocketAddr, Arc<crib_web::Server>, tokio::task::JoinHandle<()>), String> {
    let server = crib_web::Server::new(limits, Some(2026))
        .with_saved_games(Arc::new(saved))
        .map_err(|error| error.to_string())?;
    let server = Arc::new(server);
    let loopback = SocketAddr::from(([127, 0, 0, 1], 0));
    let listener = crib_web::bind(loopback).await.map_err(|error| error.to_string())?;
    let addr = listener.local_addr().map_err(|error| error.to_string())?;
    let serving = tokio::spawn({
        let server = Arc::clone(&server);
        async move {
            if let Err(error) = crib_web::serve(listener, server, &http).await {
                eprintln!("the server stopped: {error}");
            }
        }
    });
    Ok((addr, server, serving))
}

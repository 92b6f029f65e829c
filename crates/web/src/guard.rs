//! What every request to `crib serve` must pass before the API sees it.
//!
//! In order, a request is refused (with the API's JSON error) when:
//!
//! 1. its `Host` is not the server's: the address the client connected to
//!    (with `localhost` and every loopback address when that is loopback),
//!    or a name given with `--public-host` (421: a page from another site,
//!    its name pointed at this server by DNS rebinding, cannot talk to it);
//! 2. it may change something (any method but GET, HEAD, OPTIONS) and sends
//!    an `Origin` other than the server's own (403), or a body type other
//!    than `application/json` (415): a form or a `text/plain` fetch from
//!    another site is never taken;
//! 3. it declares a body over [`BODY_LIMIT`] (413, at once);
//! 4. it opens a game past the limits on new games a minute, per client
//!    address and in total (429 with `Retry-After`), or a counting drill
//!    or a member's sign-in past the same limits, counted apart, or it
//!    joins the club past the limits on new members an hour;
//! 5. it opens a live update stream past the limits on streams open at
//!    once: per client address, per seat (a table and a token; a
//!    spectator's table, or the lobby, and the address), and in all
//!    (three quarters of the connections, so that a quarter is kept for
//!    ordinary requests): 429 with `Retry-After`;
//! 6. its body is not in whole within the body time limit (408, and the
//!    connection closed).
//!
//! Every answer, refusals included, then gets the security headers
//! (`page`).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderName, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, Limited};
use tokio::time::Instant;

use crate::error::{ApiError, BODY_LIMIT};
use crate::listen::{HttpLimits, LocalAddr};
use crate::page::secure;

/// The route of a member's sign-in, which the guard limits.
pub(crate) const SIGN_IN: &str = "/api/club/signin";

/// The route of open sign-up, which the guard limits.
pub(crate) const JOIN: &str = "/api/club/join";

/// The guard's settings, its counts of new games, drills, sign-ins and
/// members, and the live update streams open.
#[derive(Debug)]
pub(crate) struct Guard {
    public_hosts: Vec<String>,
    body_timeout: Duration,
    creations: Mutex<Creations>,
    drills: Mutex<Creations>,
    signins: Mutex<Creations>,
    signups: Mutex<Creations>,
    streams: Arc<Streams>,
}

impl Guard {
    pub(crate) fn new(limits: &HttpLimits) -> Guard {
        // Games, drills and sign-ins each have the allowances of new games.
        let like_games = |refusal| {
            Mutex::new(Creations::new(
                limits.new_games_per_address,
                limits.new_games_total,
                MINUTE,
                refusal,
            ))
        };
        Guard {
            public_hosts: limits.public_hosts.clone(),
            body_timeout: limits.body_timeout,
            creations: like_games(ApiError::TooManyGames),
            drills: like_games(ApiError::TooManyDrills),
            signins: like_games(ApiError::TooManySignIns),
            signups: Mutex::new(Creations::new(
                limits.new_members_per_address,
                limits.new_members_total,
                HOUR,
                ApiError::TooManyMembers,
            )),
            streams: Arc::new(Streams::new(limits)),
        }
    }
}

/// Runs a request past the guard, and puts the headers on its answer.
pub(crate) async fn check(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let api = request.uri().path().starts_with("/api/");
    let mut response = match admit(&guard, request).await {
        Ok((request, None)) => next.run(request).await,
        // A live stream holds its place until its answer's body ends.
        Ok((request, Some(place))) => {
            next.run(request).await.map(|body| Body::new(Held { body, _place: place }))
        }
        Err(error) => error.into_response(),
    };
    secure(response.headers_mut(), api);
    response
}

/// The request, its body read whole, if it passes, with its place among
/// the live streams if it opens one.
async fn admit(
    guard: &Guard,
    request: Request,
) -> Result<(Request, Option<StreamPlace>), ApiError> {
    let headers = request.headers();
    let host = text(headers, &header::HOST).unwrap_or_default();
    let local = request.extensions().get::<LocalAddr>().map(|local| local.0);
    if !host_allowed(host, local, &guard.public_hosts) {
        return Err(ApiError::WrongHost(host.to_owned()));
    }
    if !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        if let Some(origin) = text(headers, &header::ORIGIN) {
            let own = ["http://", "https://"].iter().any(|scheme| {
                origin
                    .strip_prefix(scheme)
                    .is_some_and(|rest| !host.is_empty() && rest.eq_ignore_ascii_case(host))
            });
            if !own {
                return Err(ApiError::ForeignOrigin(origin.to_owned()));
            }
        }
        let json = text(headers, &header::CONTENT_TYPE).is_some_and(|kind| {
            kind.split(';')
                .next()
                .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json {
            return Err(ApiError::NotJson);
        }
    }
    let declared =
        text(headers, &header::CONTENT_LENGTH).and_then(|length| length.parse::<u64>().ok());
    if declared.is_some_and(|length| length > BODY_LIMIT as u64) {
        return Err(ApiError::TooLarge);
    }
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
    let path = request.uri().path();
    if request.method() == Method::POST && path == "/api/games" {
        guard.creations.lock().unwrap_or_else(PoisonError::into_inner).open(peer)?;
    }
    if request.method() == Method::POST && path == "/api/drills" {
        guard.drills.lock().unwrap_or_else(PoisonError::into_inner).open(peer)?;
    }
    if request.method() == Method::POST && path == SIGN_IN {
        guard.signins.lock().unwrap_or_else(PoisonError::into_inner).open(peer)?;
    }
    if request.method() == Method::POST && path == JOIN {
        guard.signups.lock().unwrap_or_else(PoisonError::into_inner).open(peer)?;
    }
    let place = if path == "/api/lobby/events" {
        // The lobby's streams are counted by address, as a spectator's are.
        Some(Streams::open(&guard.streams, peer, format!("{path} {peer:?}"))?)
    } else if path.starts_with("/api/games/") && path.ends_with("/events") {
        // A spectator's stream has no seat: its table's streams are
        // counted by address, so that each spectator has a seat's share.
        let seat = if path.ends_with("/watch/events") {
            format!("{path} {peer:?}")
        } else {
            format!("{path} {}", token_of(&request))
        };
        Some(Streams::open(&guard.streams, peer, seat)?)
    } else {
        None
    };
    let (parts, body) = request.into_parts();
    let body = tokio::time::timeout(guard.body_timeout, Limited::new(body, BODY_LIMIT).collect())
        .await
        .map_err(|_| ApiError::SlowBody(guard.body_timeout))?
        .map_err(|error| {
            if error.is::<http_body_util::LengthLimitError>() {
                ApiError::TooLarge
            } else {
                ApiError::Malformed(format!("the body could not be read: {error}"))
            }
        })?;
    Ok((Request::from_parts(parts, Body::from(body.to_bytes())), place))
}

/// The token a request names its seat by: `Authorization: Bearer`, else
/// `?token=`; empty without one (the API then refuses the request).
fn token_of(request: &Request) -> String {
    if let Some(bearer) = text(request.headers(), &header::AUTHORIZATION) {
        return bearer.to_owned();
    }
    request
        .uri()
        .query()
        .unwrap_or_default()
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
        .unwrap_or_default()
        .to_owned()
}

/// The live update streams open, counted by client address, by seat and
/// in all, against their limits.
#[derive(Debug)]
struct Streams {
    per_address: u32,
    per_seat: u32,
    total: u32,
    open: Mutex<OpenStreams>,
}

#[derive(Debug, Default)]
struct OpenStreams {
    total: u32,
    by_address: HashMap<IpAddr, u32>,
    by_seat: HashMap<String, u32>,
}

impl Streams {
    fn new(limits: &HttpLimits) -> Streams {
        Streams {
            per_address: limits.streams_per_address,
            per_seat: limits.streams_per_seat,
            total: limits.streams_total(),
            open: Mutex::new(OpenStreams::default()),
        }
    }

    /// A place for one more stream from `peer` for `seat`, or why not.
    fn open(
        streams: &Arc<Streams>,
        peer: Option<IpAddr>,
        seat: String,
    ) -> Result<StreamPlace, ApiError> {
        let mut open = streams.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= streams.total {
            return Err(ApiError::TooManyStreams("on this server"));
        }
        if peer.is_some_and(|peer| {
            open.by_address.get(&peer).copied().unwrap_or(0) >= streams.per_address
        }) {
            return Err(ApiError::TooManyStreams("from this address"));
        }
        if open.by_seat.get(&seat).copied().unwrap_or(0) >= streams.per_seat {
            return Err(ApiError::TooManyStreams("for this seat"));
        }
        open.total += 1;
        if let Some(peer) = peer {
            *open.by_address.entry(peer).or_default() += 1;
        }
        *open.by_seat.entry(seat.clone()).or_default() += 1;
        Ok(StreamPlace { streams: Arc::clone(streams), peer, seat })
    }
}

/// One live stream's place, given back when it is dropped.
#[derive(Debug)]
struct StreamPlace {
    streams: Arc<Streams>,
    peer: Option<IpAddr>,
    seat: String,
}

impl Drop for StreamPlace {
    fn drop(&mut self) {
        let mut open = self.streams.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.total = open.total.saturating_sub(1);
        let leave = |count: Option<&mut u32>| {
            count.map(|count| {
                *count = count.saturating_sub(1);
                *count == 0
            })
        };
        if let Some(peer) = self.peer
            && leave(open.by_address.get_mut(&peer)) == Some(true)
        {
            open.by_address.remove(&peer);
        }
        if leave(open.by_seat.get_mut(&self.seat)) == Some(true) {
            open.by_seat.remove(&self.seat);
        }
    }
}

/// An answer's body holding its stream's place until it ends or is
/// dropped (the client went away).
struct Held {
    body: Body,
    _place: StreamPlace,
}

impl hyper::body::Body for Held {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        std::pin::Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

/// A header's value, if it is text.
fn text<'a>(headers: &'a HeaderMap, name: &HeaderName) -> Option<&'a str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

/// `host` (a `Host` header, or an origin without its scheme) as its name
/// and its port, if it has one.
fn split_port(host: &str) -> (&str, Option<&str>) {
    match host.rsplit_once(':') {
        // `[::1]` has colons of its own, and no port after its `]`.
        Some((name, port)) if !port.contains(']') => (name, Some(port)),
        _ => (host, None),
    }
}

/// Whether `host` (with or without a port) names the machine's loopback:
/// `localhost`, `127.0.0.1` (or any of `127.0.0.0/8`), `[::1]`.
pub(crate) fn loopback(host: &str) -> bool {
    let (name, _) = split_port(host);
    let ip = name.strip_prefix('[').and_then(|name| name.strip_suffix(']')).unwrap_or(name);
    match ip.parse::<IpAddr>() {
        Ok(ip) => ip.to_canonical().is_loopback(),
        Err(_) => name.eq_ignore_ascii_case("localhost"),
    }
}

/// Whether `host` (a `Host` header) names this server, reached at `local`.
fn host_allowed(host: &str, local: Option<SocketAddr>, public: &[String]) -> bool {
    let (name, port) = split_port(host);
    // A port is written as the digits of a number, with no sign and no
    // leading zero: `+8121` and `08121` are not this server's port.
    let well_formed = |port: &str| {
        !port.is_empty()
            && port.bytes().all(|byte| byte.is_ascii_digit())
            && (port == "0" || !port.starts_with('0'))
    };
    if name.is_empty() || port.is_some_and(|port| !well_formed(port)) {
        return false;
    }
    if public.iter().any(|public| public.eq_ignore_ascii_case(name)) {
        return true;
    }
    let Some(local) = local else { return false };
    let port_matches = match port {
        Some(port) => port.parse::<u16>().ok() == Some(local.port()),
        None => local.port() == 80,
    };
    let local_ip = local.ip().to_canonical();
    let ip = name.strip_prefix('[').and_then(|name| name.strip_suffix(']')).unwrap_or(name);
    let same_ip = ip.parse::<IpAddr>().is_ok_and(|ip| ip.to_canonical() == local_ip);
    port_matches && (same_ip || (loopback(name) && local_ip.is_loopback()))
}

/// The period of the allowances of new games, drills and sign-ins.
const MINUTE: Duration = Duration::from_secs(60);

/// The period of the allowances of new members.
const HOUR: Duration = Duration::from_secs(60 * 60);

/// New games (or drills, sign-ins, members) a period, per client address
/// and in total, as token buckets: each holds a period's allowance and
/// refills at that rate.
#[derive(Debug)]
struct Creations {
    /// What a client past the limit is told, from the seconds to wait.
    refusal: fn(u64) -> ApiError,
    per_address: u32,
    total: u32,
    period: Duration,
    all: Bucket,
    by_address: HashMap<IpAddr, Bucket>,
}

/// Past this many addresses, those whose buckets are full again are
/// forgotten.
const ADDRESSES_KEPT: usize = 1024;

impl Creations {
    fn new(
        per_address: u32,
        total: u32,
        period: Duration,
        refusal: fn(u64) -> ApiError,
    ) -> Creations {
        let all = Bucket::full(total);
        Creations { refusal, per_address, total, period, all, by_address: HashMap::new() }
    }

    /// Counts a new game (or drill, sign-in, member) from `peer`, or says
    /// how long to wait.
    fn open(&mut self, peer: Option<IpAddr>) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut own = peer.map(|peer| {
            self.by_address.get(&peer).copied().unwrap_or_else(|| Bucket::full(self.per_address))
        });
        let waits = [
            self.all.wait(self.total, self.period, now),
            own.as_mut().and_then(|own| own.wait(self.per_address, self.period, now)),
        ];
        if let Some(wait) = waits.into_iter().flatten().max() {
            return Err((self.refusal)(wait.as_secs() + 1));
        }
        self.all.take();
        if let (Some(peer), Some(mut own)) = (peer, own) {
            own.take();
            if self.by_address.len() >= ADDRESSES_KEPT {
                let (per_address, period) = (self.per_address, self.period);
                self.by_address.retain(|_, bucket| !bucket.refilled(per_address, period, now));
            }
            self.by_address.insert(peer, own);
        }
        Ok(())
    }
}

/// Games that may be opened now, refilled at `allowance` a period up to
/// `allowance`.
#[derive(Debug, Clone, Copy)]
struct Bucket {
    games: f64,
    at: Instant,
}

impl Bucket {
    fn full(allowance: u32) -> Bucket {
        Bucket { games: f64::from(allowance), at: Instant::now() }
    }

    /// Refills the bucket to `now`; `None` if a game may be opened, or the
    /// time until one may.
    fn wait(&mut self, allowance: u32, period: Duration, now: Instant) -> Option<Duration> {
        let per_second = f64::from(allowance) / period.as_secs_f64();
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.games = (self.games + elapsed * per_second).min(f64::from(allowance));
        self.at = now;
        (self.games < 1.0).then(|| Duration::from_secs_f64((1.0 - self.games) / per_second))
    }

    fn take(&mut self) {
        self.games -= 1.0;
    }

    /// Whether the bucket would be full at `now`.
    fn refilled(&self, allowance: u32, period: Duration, now: Instant) -> bool {
        now.saturating_duration_since(self.at) >= period || self.games >= f64::from(allowance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_the_address_reached_its_loopback_names_and_public_names() {
        let loopback: SocketAddr = "127.0.0.1:8121".parse().unwrap();
        let lan: SocketAddr = "192.168.1.5:8121".parse().unwrap();
        let public = ["crib.example.org".to_owned()];
        for host in ["127.0.0.1:8121", "localhost:8121", "LocalHost:8121", "[::1]:8121"] {
            assert!(host_allowed(host, Some(loopback), &[]), "{host}");
        }
        for host in
            ["127.0.0.1:8122", "localhost", "evil.example:8121", "", ":8121", "192.168.1.5:8121"]
        {
            assert!(!host_allowed(host, Some(loopback), &[]), "{host}");
        }
        assert!(host_allowed("192.168.1.5:8121", Some(lan), &[]));
        assert!(!host_allowed("localhost:8121", Some(lan), &[]));
        assert!(host_allowed("crib.example.org", Some(lan), &public));
        assert!(host_allowed("Crib.Example.Org:443", Some(lan), &public));
        assert!(host_allowed("crib.example.org", None, &public));
        assert!(!host_allowed("example.org", Some(lan), &public));
        // The port as digits only: no sign, no leading zero, not empty.
        for host in ["127.0.0.1:+8121", "127.0.0.1:08121", "localhost:", "crib.example.org:+443"] {
            assert!(!host_allowed(host, Some(loopback), &public), "{host}");
        }
        let mapped: SocketAddr = "[::ffff:192.168.1.5]:80".parse().unwrap();
        assert!(host_allowed("192.168.1.5", Some(mapped), &[]));
    }

    #[test]
    fn loopback_names_are_localhost_127_and_the_ipv6_one() {
        for host in ["localhost", "LOCALHOST:8121", "127.0.0.1:8121", "127.8.9.10", "[::1]:80"] {
            assert!(loopback(host), "{host}");
        }
        for host in ["192.168.1.5:8121", "crib.example.org", "[::2]:80", "localhost.example", ""] {
            assert!(!loopback(host), "{host}");
        }
    }

    #[test]
    fn buckets_refill_at_their_allowance_a_minute() {
        let start = Instant::now();
        let mut bucket = Bucket { games: 2.0, at: start };
        assert_eq!(bucket.wait(2, MINUTE, start), None);
        bucket.take();
        bucket.take();
        let near = |wait: Option<Duration>, seconds: f64| {
            wait.is_some_and(|wait| (wait.as_secs_f64() - seconds).abs() < 0.01)
        };
        assert!(near(bucket.wait(2, MINUTE, start), 30.0));
        assert!(near(bucket.wait(2, MINUTE, start + Duration::from_secs(29)), 1.0));
        assert_eq!(bucket.wait(2, MINUTE, start + Duration::from_secs(30)), None);
        assert!(!bucket.refilled(2, MINUTE, start + Duration::from_secs(30)));
        assert!(bucket.refilled(2, MINUTE, start + Duration::from_secs(90)));
    }

    #[test]
    fn an_hours_allowance_refills_over_the_hour() {
        let start = Instant::now();
        let mut bucket = Bucket { games: 3.0, at: start };
        for _ in 0..3 {
            assert_eq!(bucket.wait(3, HOUR, start), None);
            bucket.take();
        }
        // Three an hour: one more in twenty minutes.
        let wait = bucket.wait(3, HOUR, start).unwrap();
        assert!((wait.as_secs_f64() - 1200.0).abs() < 0.01, "{wait:?}");
        assert!(!bucket.refilled(3, HOUR, start + Duration::from_secs(120)));
        assert!(bucket.refilled(3, HOUR, start + HOUR));
    }
}

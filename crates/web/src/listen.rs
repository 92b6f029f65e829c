//! The accept loop of `crib serve`: how long a connection may take and how
//! many may be open.
//!
//! `axum::serve` has no time limits, so a client that sends its headers a
//! byte a minute, or opens a connection and says nothing, holds a file
//! descriptor for ever. Here every connection is served by hyper's HTTP/1
//! connection under a watchdog that knows what the connection is doing:
//!
//! - between requests (no request under way and no byte of the next one
//!   yet), it is closed after [`HttpLimits::idle_timeout`];
//! - once a request's first byte is in, its whole head (request line and
//!   headers) must follow within [`HttpLimits::header_timeout`], or the
//!   connection is closed;
//! - while a request is answered (its body read, the handler run, the answer
//!   sent, a live stream included) the watchdog waits: the body's own limit
//!   is the guard's (`guard`: 408 past [`HttpLimits::body_timeout`]).
//!
//! At most [`HttpLimits::max_connections`] connections are served at once.
//! One more is answered `503` with `Retry-After` and closed, and the log
//! says so (a line at most every ten seconds, with the count refused).
//!
//! hyper answers a request whose line or headers it cannot read (400, 414,
//! 431) by itself, before any route sees it; such an answer is replaced on
//! its way out by the API's own, with its JSON error and the security
//! headers every answer carries.
//!
//! On the shutdown signal the loop stops accepting, asks every connection to
//! close once its answer is sent, and waits for them for at most
//! [`SHUTDOWN_GRACE`] (live streams never end by themselves).

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::{Pin, pin};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{Request, header};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore, watch};
use tokio::time::Instant;
use tower::ServiceExt;

use crate::error::ApiError;

/// How long open connections are waited for after the shutdown signal.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How long a refused connection is given to read its 503.
const REFUSAL_TIME: Duration = Duration::from_secs(2);

/// The most refused connections being told so at once; past it a refused
/// connection is simply closed.
const REFUSALS_AT_ONCE: usize = 32;

/// The least time between two log lines about refused connections.
const REFUSAL_LOG_EVERY: Duration = Duration::from_secs(10);

/// The limits of the HTTP server: time limits and the connection cap here,
/// and the guard's limits on new games and members and the names it
/// answers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpLimits {
    /// The time from a request's first byte to the end of its headers.
    pub header_timeout: Duration,
    /// The time from the end of a request's headers to the end of its body.
    pub body_timeout: Duration,
    /// The time a connection may stay open with no request under way.
    pub idle_timeout: Duration,
    /// The most connections open at once.
    pub max_connections: u32,
    /// New games one client address may open a minute.
    pub new_games_per_address: u32,
    /// New games all clients together may open a minute.
    pub new_games_total: u32,
    /// Members one client address may add an hour by open sign-up (the
    /// server's [`Server::with_open_signup`](crate::Server::with_open_signup)).
    pub new_members_per_address: u32,
    /// Members all clients together may add an hour by open sign-up.
    pub new_members_total: u32,
    /// Live update streams one client address may hold open at once.
    pub streams_per_address: u32,
    /// Live update streams one seat (a table and a token) may hold open at
    /// once.
    pub streams_per_seat: u32,
    /// Host names the server answers to besides its own address.
    pub public_hosts: Vec<String>,
}

impl HttpLimits {
    /// The limits `crib serve` runs with unless told otherwise.
    pub const DEFAULT: HttpLimits = HttpLimits {
        header_timeout: Duration::from_secs(10),
        body_timeout: Duration::from_secs(10),
        idle_timeout: Duration::from_secs(30),
        max_connections: 256,
        new_games_per_address: 10,
        new_games_total: 60,
        new_members_per_address: 3,
        new_members_total: 30,
        streams_per_address: 32,
        streams_per_seat: 4,
        public_hosts: Vec::new(),
    };

    /// The most live update streams open at once, from all clients
    /// together: three quarters of [`HttpLimits::max_connections`], so that
    /// a quarter is always there for ordinary requests.
    #[must_use]
    pub const fn streams_total(&self) -> u32 {
        self.max_connections - self.max_connections / 4
    }
}

impl Default for HttpLimits {
    fn default() -> HttpLimits {
        HttpLimits::DEFAULT
    }
}

/// The address a connection was accepted on, as the client reached it: the
/// guard compares it with the request's `Host`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LocalAddr(pub(crate) SocketAddr);

/// Serves `app` on `listener` under `limits` until `shutdown` completes,
/// then waits for the open connections (at most [`SHUTDOWN_GRACE`]).
/// Returns how many were still open when the grace ran out.
pub(crate) async fn run(
    listener: TcpListener,
    app: Router,
    limits: &HttpLimits,
    shutdown: impl Future<Output = ()>,
) -> usize {
    let open = Arc::new(Semaphore::new(limits.max_connections as usize));
    let refusing = Arc::new(Semaphore::new(REFUSALS_AT_ONCE));
    let (stop, stopping) = watch::channel(false);
    let mut refusals = Refusals::default();
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    accept_failed(&error).await;
                    continue;
                }
            },
        };
        // Answers are small and go out whole: no reason to let Nagle's
        // algorithm hold them back. A socket that refuses still works.
        stream.set_nodelay(true).ok();
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            refusals.note(peer, limits.max_connections);
            refuse(stream, limits.max_connections, &refusing);
            continue;
        };
        let Ok(local) = stream.local_addr() else { continue };
        let watch = Timeouts { header: limits.header_timeout, idle: limits.idle_timeout };
        let app = app.clone();
        let stopping = stopping.clone();
        tokio::spawn(async move {
            connection(stream, peer, local, app, watch, stopping).await;
            drop(permit);
        });
    }
    drop(listener);
    stop.send_replace(true);
    // Every permit back means every connection closed.
    match tokio::time::timeout(SHUTDOWN_GRACE, open.acquire_many(limits.max_connections)).await {
        Ok(_) => 0,
        Err(_) => (limits.max_connections as usize).saturating_sub(open.available_permits()),
    }
}

/// Waits after a failed accept: at once for a connection that failed on its
/// own, a second for anything else (no file descriptor left, say), so that
/// the loop does not spin.
async fn accept_failed(error: &io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(error.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        return;
    }
    eprintln!("crib: accepting a connection failed: {error}");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// The log of refused connections: one line now and then, not one each.
#[derive(Debug, Default)]
struct Refusals {
    logged: Option<Instant>,
    unlogged: u64,
}

impl Refusals {
    fn note(&mut self, peer: SocketAddr, max: u32) {
        self.unlogged += 1;
        if self.logged.is_some_and(|logged| logged.elapsed() < REFUSAL_LOG_EVERY) {
            return;
        }
        eprintln!(
            "crib: refused {} connection(s), the last from {peer}: {max} open already \
             (--max-connections)",
            self.unlogged
        );
        self.logged = Some(Instant::now());
        self.unlogged = 0;
    }
}

/// Answers a connection over the cap with a 503 and closes it; gives up at
/// once if too many are being refused already.
fn refuse(mut stream: TcpStream, max: u32, refusing: &Arc<Semaphore>) {
    let Ok(permit) = Arc::clone(refusing).try_acquire_owned() else { return };
    tokio::spawn(async move {
        let answer = ApiError::Busy(max).raw_answer();
        let told = async {
            stream.write_all(answer.as_bytes()).await?;
            stream.shutdown().await?;
            // Read what the client sent until it closes: closing with its
            // request unread would reset the connection, and the client
            // might lose the answer.
            let mut sink = [0u8; 1024];
            while stream.read(&mut sink).await? > 0 {}
            io::Result::Ok(())
        };
        let _ = tokio::time::timeout(REFUSAL_TIME, told).await;
        drop(permit);
    });
}

/// The watchdog's limits.
#[derive(Debug, Clone, Copy)]
struct Timeouts {
    header: Duration,
    idle: Duration,
}

/// Serves one connection until it closes, its watchdog closes it, or the
/// server stops.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    local: SocketAddr,
    app: Router,
    timeouts: Timeouts,
    mut stopping: watch::Receiver<bool>,
) {
    let activity = Arc::new(Activity::new());
    let io =
        TokioIo::new(Watched { stream, activity: Arc::clone(&activity), replacement: Vec::new() });
    let answering = Arc::clone(&activity);
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let answer = answering.begin();
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(LocalAddr(local));
        let app = app.clone();
        async move {
            let response = app.oneshot(request).await?;
            Ok::<_, std::convert::Infallible>(
                response.map(|body| Answered { body, _answer: answer }),
            )
        }
    });
    let mut builder = http1::Builder::new();
    // The watchdog keeps the time; hyper's own limit on headers would also
    // count the time between requests, which is the idle limit's.
    builder.timer(TokioTimer::new()).header_read_timeout(None).keep_alive(true);
    let mut served = pin!(builder.serve_connection(io, service));
    let mut watchdog = pin!(activity.expired(timeouts));
    let mut closing = false;
    loop {
        tokio::select! {
            // A connection that fails (reset, malformed request) is the
            // client's business: there is no one to tell.
            _ = served.as_mut() => break,
            // Dropping the connection closes it.
            () = watchdog.as_mut() => break,
            _ = stopping.wait_for(|stop| *stop), if !closing => {
                closing = true;
                served.as_mut().graceful_shutdown();
            }
        }
    }
}

/// What a connection is doing, as its watchdog sees it.
#[derive(Debug, Clone, Copy)]
enum Phase {
    /// No request under way, and no byte of the next one since this time.
    Idle(Instant),
    /// The first byte of a request's head came in at this time.
    Head(Instant),
    /// This many requests are being answered.
    Busy(usize),
}

/// A connection's phase, shared by its reads, its service and its watchdog.
#[derive(Debug)]
struct Activity {
    phase: Mutex<Phase>,
    changed: Notify,
}

impl Activity {
    fn new() -> Activity {
        Activity { phase: Mutex::new(Phase::Idle(Instant::now())), changed: Notify::new() }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Phase> {
        self.phase.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Bytes came in: an idle connection has begun a request. The watchdog
    /// is not woken: while idle it looks again at least once a header limit.
    fn read(&self) {
        let mut phase = self.lock();
        if let Phase::Idle(_) = *phase {
            *phase = Phase::Head(Instant::now());
        }
    }

    /// A request's head is in: it is being answered until the returned
    /// guard is dropped (with the answer's body, once sent). The watchdog is
    /// not woken: at its deadline it finds the connection busy.
    fn begin(self: &Arc<Activity>) -> Answering {
        let mut phase = self.lock();
        *phase = match *phase {
            Phase::Busy(count) => Phase::Busy(count + 1),
            Phase::Idle(_) | Phase::Head(_) => Phase::Busy(1),
        };
        Answering(Arc::clone(self))
    }

    /// An answer is sent: the last one makes the connection idle, and wakes
    /// the watchdog, which waits without a deadline while answers are under
    /// way.
    fn end(&self) {
        let mut phase = self.lock();
        *phase = match *phase {
            Phase::Busy(count) if count > 1 => Phase::Busy(count - 1),
            _ => Phase::Idle(Instant::now()),
        };
        if let Phase::Idle(_) = *phase {
            drop(phase);
            self.changed.notify_one();
        }
    }

    /// When the connection must be closed if it stays as it is now, and
    /// when to look again at the latest: an idle connection may begin a
    /// request unseen, after which its head has the header limit.
    fn deadline(&self, timeouts: Timeouts) -> Option<(Instant, Instant)> {
        let now = Instant::now();
        match *self.lock() {
            Phase::Idle(since) => {
                let deadline = since + timeouts.idle;
                Some((deadline, deadline.min(now + timeouts.header)))
            }
            Phase::Head(since) => Some((since + timeouts.header, since + timeouts.header)),
            Phase::Busy(_) => None,
        }
    }

    /// Completes once the connection has been idle, or slow with a head,
    /// past its limit.
    async fn expired(&self, timeouts: Timeouts) {
        loop {
            // A change between reading the deadline and waiting leaves a
            // permit in `changed`, so no change is missed.
            match self.deadline(timeouts) {
                Some((deadline, _)) if deadline <= Instant::now() => return,
                Some((_, look)) => {
                    tokio::select! {
                        () = tokio::time::sleep_until(look) => {}
                        () = self.changed.notified() => {}
                    }
                }
                None => self.changed.notified().await,
            }
        }
    }
}

/// A request being answered; dropped once its answer is sent.
#[derive(Debug)]
struct Answering(Arc<Activity>);

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// An answer's body, holding its request's [`Answering`] until hyper has
/// sent it and drops it.
#[derive(Debug)]
struct Answered {
    body: Body,
    _answer: Answering,
}

impl hyper::body::Body for Answered {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// A connection's socket, telling its [`Activity`] when bytes come in, and
/// putting the API's own answer in place of one hyper makes by itself.
#[derive(Debug)]
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
    /// The API's answer in place of hyper's, still to be written.
    replacement: Vec<u8>,
}

impl Watched {
    /// Writes what is left of a replacement answer; ready once it is all
    /// written.
    fn poll_replacement(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.replacement.is_empty() {
            let written = ready!(Pin::new(&mut self.stream).poll_write(cx, &self.replacement))?;
            if written == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.replacement.drain(..written);
        }
        Poll::Ready(Ok(()))
    }

    /// Whether `bytes`, the start of a write, are an answer hyper made by
    /// itself: the head of an answer without the security headers, which
    /// every answer of the router carries. If so, the API's answer for its
    /// status is queued in its place.
    fn replaces(&mut self, bytes: &[u8]) -> bool {
        let Some(status) = hyper_answer(bytes) else { return false };
        self.replacement = ApiError::Unreadable(status).raw_answer().into_bytes();
        true
    }
}

/// The status of an answer's head that lacks the security headers: one
/// hyper wrote by itself.
fn hyper_answer(bytes: &[u8]) -> Option<u16> {
    let rest = bytes.strip_prefix(b"HTTP/1.1 ")?;
    let status = std::str::from_utf8(rest.get(..3)?).ok()?.parse().ok()?;
    let head =
        bytes.windows(4).position(|end| end == b"\r\n\r\n").map_or(bytes, |end| &bytes[..end]);
    let policy = header::CONTENT_SECURITY_POLICY.as_str().as_bytes();
    let secured = head.windows(policy.len()).any(|name| name.eq_ignore_ascii_case(policy));
    (!secured).then_some(status)
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.read();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_replacement(cx))?;
        if self.replaces(buf) {
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_replacement(cx))?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_replacement(cx))?;
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_replacement(cx))?;
        let first = bufs.iter().find(|buf| !buf.is_empty()).map_or(&[][..], |buf| &buf[..]);
        if self.replaces(first) {
            // The whole of hyper's answer, head and (empty) body, goes.
            return Poll::Ready(Ok(bufs.iter().map(|buf| buf.len()).sum()));
        }
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_answer_without_the_security_headers_is_hyper_s_own() {
        let hyper = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(hyper_answer(hyper), Some(431));
        let ours = b"HTTP/1.1 200 OK\r\nContent-Security-Policy: default-src 'none'\r\n\r\n{}";
        assert_eq!(hyper_answer(ours), None);
        // A body, or the rest of a head cut short, is not the start of an answer.
        assert_eq!(hyper_answer(b"{\"error\": \"HTTP/1.1 400\"}"), None);
        assert_eq!(hyper_answer(b"event: update\r\ndata: 3\r\n\r\n"), None);
    }
}

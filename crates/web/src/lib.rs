//! Cribbage in the browser: the server behind `crib serve` and its page.
//!
//! - `table`: one browser table of 2, 3 or 4 seats (people, the computer at
//!   any level, engines the server's owner names) over the one driver,
//!   `crib_table::Table`, saved through the one record
//!   (`crib_table::QueuedRecorder`, queued to the store's writer thread)
//!   and told in the one narration
//!   (`crib_table::narrate`); every answer is built from a seat's view and
//!   its redacted events;
//! - `clock` and `timer`: a table's move clock (whose time runs, until
//!   when), and the one task a table that moves for a person whose time
//!   ran out, as the `basic` player would, and ends the match of a seat
//!   that ran out of time [`TIMEOUTS_TO_FORFEIT`] times running;
//! - `store`: the tables kept, their unguessable ids and secret tokens, and
//!   the bound on how many are kept;
//! - `app`: the whole site's [`router`], every module's routes together;
//! - `api`: the routes of tables, and the saved tables
//!   (with [`Server::with_saved_games`]), from which a restarted server
//!   loads them;
//! - `tournaments` and `director`: the club's tournaments, and the task
//!   that opens each match's table as its round opens and plays the
//!   computers' matches (what asks it to sweep is `director`'s);
//! - `lobby`: the lobby's news: the bell a listed table rings when its
//!   listing changes, the lobby's answer kept until it rings again, and the
//!   live stream of it;
//! - `drill`: counting practice, dealt and graded by the server from a
//!   seed, each answer saved for `crib stats me`;
//! - `daily`: the deal of the day, the same rounds against the expert for
//!   every member, graded by the review, with the club's choices beside
//!   the expert's and the day's ranking;
//! - `club`: the club's members signing in with their links
//!   ([`signin_link`]), the sessions their browsers keep in a cookie, which
//!   member a request comes from, and open sign-up
//!   ([`Server::with_open_signup`]);
//! - `reviews`: a review as the page shows it, a member's review of their
//!   own seat, and their luck and skill over their matches, each seat's
//!   split kept once worked out in the background;
//! - `listen`: the accept loop, its time limits and its cap on connections
//!   ([`HttpLimits`]);
//! - `error`: why a request is refused, each error's status and JSON
//!   answer ([`ApiError`]);
//! - `guard`: what a request must pass before the API sees it (its `Host`,
//!   its `Origin` and body type, the limits on new games);
//! - `page`: the page (`page.html`, one file with its CSS and script,
//!   embedded in the binary) and the security headers of every answer,
//!   whose policy is worked out from it. The page draws what the server
//!   says and sends the person's choices: no rule of the game is in it.
//!
//! ```
//! use std::sync::Arc;
//! use crib_web::{Limits, Server, router};
//! let app = router(Arc::new(Server::new(Limits::default(), Some(7))));
//! # let _ = app;
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod api;
mod app;
mod clock;
mod club;
mod daily;
mod director;
mod drill;
mod error;
mod guard;
mod listen;
mod lobby;
mod members;
mod page;
mod reviews;
mod seed;
mod store;
mod table;
mod timer;
mod tournaments;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

pub use api::{LOBBY_TABLES, MAX_GAMES_TO_WIN, Server};
pub use app::router;
pub use clock::{CLOCK_SECONDS, TIMEOUTS_TO_FORFEIT};
pub use club::signin_link;
pub use daily::MAX_LIVE_ROUNDS;
pub use drill::{MAX_DRILL_HANDS, MAX_DRILLS};
pub use error::{ApiError, BODY_LIMIT};
pub use listen::{HttpLimits, SHUTDOWN_GRACE};
pub use store::{Limits, NoRandomness};
pub use table::{Move, MoveError, Opponent, SeatKind};
pub use tournaments::{OPEN_ON_SERVER, OPEN_PER_MEMBER};

/// Why the server stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be listened on.
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("serving failed: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves the site on `listener` under `limits` until ctrl-c.
///
/// # Errors
///
/// None yet: a failure to accept a connection is logged and retried.
pub async fn serve(
    listener: tokio::net::TcpListener,
    server: Arc<Server>,
    limits: &HttpLimits,
) -> Result<(), ServeError> {
    serve_until(listener, server, limits, async {
        // Without a signal handler the server simply runs until killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    })
    .await
    .map(drop)
}

/// How a server stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The connections still open when [`SHUTDOWN_GRACE`] ran out, closed
    /// as the server returned: 0 when every connection finished in time
    /// (an idle one is closed at once; a live update stream never ends by
    /// itself).
    pub left_open: usize,
}

/// Serves the site on `listener` under `limits` until `shutdown`
/// completes, then lets the open connections finish their answers (for at
/// most [`SHUTDOWN_GRACE`]).
///
/// # Errors
///
/// None yet: a failure to accept a connection is logged and retried.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    server: Arc<Server>,
    limits: &HttpLimits,
    shutdown: impl Future<Output = ()>,
) -> Result<Stopped, ServeError> {
    let site = site(server, limits);
    let left_open = listen::run(listener, site, limits, shutdown).await;
    Ok(Stopped { left_open })
}

/// The site as `crib serve` serves it: the [`router`] behind the guard,
/// which checks each request's `Host`, `Origin` and body type, bounds its
/// body in size and time and the new games a minute, and puts the security
/// headers on every answer. The `Host` is checked against the address a
/// connection reached, which only the accept loop of [`serve`] knows: on its
/// own, the site answers only the names of `limits.public_hosts`.
pub fn site(server: Arc<Server>, limits: &HttpLimits) -> axum::Router {
    let guard = Arc::new(guard::Guard::new(limits));
    router(server).layer(axum::middleware::from_fn_with_state(guard, guard::check))
}

/// Listens on `addr`.
///
/// # Errors
///
/// When the address cannot be bound.
pub async fn bind(addr: SocketAddr) -> Result<tokio::net::TcpListener, ServeError> {
    tokio::net::TcpListener::bind(addr).await.map_err(|source| ServeError::Bind { addr, source })
}

//! Cribbage in the browser: the server behind `crib serve` and its page.
//!
//! - `table`: one browser table of 2, 3 or 4 seats (people, the computer at
//!   any level, engines the server's owner names) over the one driver,
//!   `crib_referee::Table`, saved through the one record
//!   (`crib_referee::StoreRecorder`) and told in the one narration
//!   (`crib_referee::narrate`); every answer is built from a seat's view and
//!   its redacted events;
//! - `store`: the tables kept, their unguessable ids and secret tokens, and
//!   the bound on how many are kept;
//! - `api`: the HTTP routes and their JSON errors, and the saved tables
//!   (with [`Server::with_saved_games`]), from which a restarted server
//!   loads them;
//! - `drill`: counting practice, dealt and graded by the server from a
//!   seed, each answer saved for `crib stats me`;
//! - `page.html`: the page, one file with its CSS and script, embedded in the
//!   binary. It draws what the server says and sends the person's choices:
//!   no rule of the game is in it.
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
mod drill;
mod store;
mod table;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::serve::ListenerExt;

pub use api::{ApiError, BODY_LIMIT, MAX_GAMES_TO_WIN, Server, router};
pub use drill::{MAX_DRILL_HANDS, MAX_DRILLS};
pub use store::{Limits, NoRandomness};
pub use table::{Move, MoveError, Opponent, SeatKind};

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

/// Serves the site on `listener` until ctrl-c.
///
/// # Errors
///
/// When accepting connections fails for good.
pub async fn serve(
    listener: tokio::net::TcpListener,
    server: Arc<Server>,
) -> Result<(), ServeError> {
    // Answers are small and go out whole: no reason to let Nagle's
    // algorithm hold them back waiting for acknowledgements.
    // A socket that refuses the option still works, only slower.
    let listener = listener.tap_io(|tcp| {
        tcp.set_nodelay(true).ok();
    });
    axum::serve(listener, router(server))
        .with_graceful_shutdown(async {
            // Without a signal handler the server simply runs until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await?;
    Ok(())
}

/// Listens on `addr`.
///
/// # Errors
///
/// When the address cannot be bound.
pub async fn bind(addr: SocketAddr) -> Result<tokio::net::TcpListener, ServeError> {
    tokio::net::TcpListener::bind(addr).await.map_err(|source| ServeError::Bind { addr, source })
}

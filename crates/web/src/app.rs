//! The whole site's router: the page, and every route of the API (the
//! tables, the lobby and the drills of `crate::api`, the club, its members'
//! pages and their reviews, the deal of the day and the tournaments), with the answers to a
//! route or method that is none and the bound on a body. Made on a runtime
//! (as a server is), it starts the tournaments' director at once, to take
//! up the tournaments a restart stopped.

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;

use crate::api::Server;
use crate::error::{ApiError, BODY_LIMIT};

/// The router of the whole site: the page and the API.
pub fn router(server: Arc<Server>) -> Router {
    if tokio::runtime::Handle::try_current().is_ok() {
        crate::tournaments::start(&server);
    }
    crate::api::routes()
        .merge(crate::club::routes())
        .merge(crate::members::routes())
        .merge(crate::daily::routes())
        .merge(crate::reviews::routes())
        .merge(crate::tournaments::routes())
        .fallback(|| async { ApiError::NoRoute })
        .method_not_allowed_fallback(|| async { ApiError::Method })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(server)
}

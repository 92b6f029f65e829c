//! The club's members on the web: signing in with a member's personal link,
//! the session it leaves in the browser, who a request comes from
//! ([`Club::member`], and the extractors [`Signed`] and [`SignedIn`], for
//! any router whose state gives a [`Club`]), and open sign-up.
//!
//! A member's link is the club's address with their key in its fragment,
//! `https://crib.example.org/#signin=KEY` ([`signin_link`]): a browser never
//! sends a fragment to the server, so the key never reaches the server's
//! log or a reverse proxy's. The page takes the key out of its address and
//! sends it once, in the body of `POST /api/club/signin`. The answer holds a
//! session: a new [`Token`] in a cookie, `HttpOnly` (no script reads it),
//! `SameSite=Strict` (no other site's page sends it), `Path=/`, and
//! `Secure` (sent over HTTPS only) unless the page itself is plain HTTP on
//! an address other than loopback, where a browser would drop a `Secure`
//! cookie. The store keeps the hash of the session, with its member.
//!
//! The cookie holds a session rather than the key itself so that the key is
//! never in any answer, and so that a session can end on its own: signing
//! out ends that browser's session on the server (not only in the
//! browser), while the member's link, and their other browsers, go on
//! working. Re-issuing a member's key or removing them ends all their
//! sessions. Every request reads its member from the database, so what
//! `crib club` does there holds at once, for a running server too.
//!
//! With open sign-up (`Server::with_open_signup`), `POST /api/club/join`
//! makes a member of whoever names themselves, signs them in, and answers
//! their link: the one answer that ever holds a key, shown once to its
//! owner. The guard limits sign-ins like new games, and new members an
//! hour.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRef, FromRequestParts, State as Shared};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
use crib_store::{
    Line, Member, MemberName, SESSION_DAYS, Store, StoreError, Token, Writer, token_hash,
};
use crib_table::error_chain;
use serde::{Deserialize, Serialize};

use crate::error::{ApiError, parse};
use crate::guard::{JOIN, SIGN_IN, loopback};
use crate::store::NoRandomness;

/// The name of the session's cookie.
const COOKIE: &str = "crib_session";

/// The club as the server keeps it: the database its members are in (read
/// here, written by the store's writer thread), and whether anyone may
/// join. Cheap to clone: a handler's state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Club {
    saved: Option<Arc<Store>>,
    writer: Option<Arc<Writer>>,
    open_signup: bool,
}

/// A member's sign-in link: `base`, the club's address as its members
/// reach it (`https://crib.example.org`; empty for a link from the site's
/// root), with `key` in the fragment.
///
/// ```
/// let key = crib_store::Token::new()?;
/// let link = crib_web::signin_link("https://crib.example.org/", &key);
/// assert_eq!(link, format!("https://crib.example.org/#signin={}", key.as_str()));
/// # Ok::<(), crib_store::StoreError>(())
/// ```
#[must_use]
pub fn signin_link(base: &str, key: &Token) -> String {
    format!("{}/#signin={}", base.trim_end_matches('/'), key.as_str())
}

impl Club {
    /// Keeps the members in `saved`, written by `writer`.
    pub(crate) fn keep(&mut self, saved: Arc<Store>, writer: Arc<Writer>) {
        self.saved = Some(saved);
        self.writer = Some(writer);
    }

    /// The database the members are in, if the server keeps one.
    pub(crate) fn saved(&self) -> Option<Arc<Store>> {
        self.saved.clone()
    }

    /// Lets anyone become a member by naming themselves, or not.
    pub(crate) fn open_signup(&mut self, open: bool) {
        self.open_signup = open;
    }

    /// The member a request with `headers` comes from, if any: the one
    /// whose session its cookie holds, if the session has not ended and
    /// the member was not removed. Without saved games there are no
    /// members.
    ///
    /// # Errors
    ///
    /// [`ApiError::Storage`]: the database could not be read (the reason is
    /// logged).
    pub(crate) fn member(&self, headers: &HeaderMap) -> Result<Option<Member>, ApiError> {
        let (Some(session), Some(saved)) = (session_of(headers), &self.saved) else {
            return Ok(None);
        };
        saved
            .member_by_session_hash(&token_hash(session))
            .map_err(|error| refused(&error, "reading a member", ApiError::Storage))
    }
}

/// The member a request comes from, if any: an extractor, as
/// [`Club::member`] finds them, for a router whose state gives the club.
#[derive(Debug)]
pub(crate) struct Signed(pub(crate) Option<Member>);

impl<S: Send + Sync> FromRequestParts<S> for Signed
where
    Club: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Signed, ApiError> {
        Club::from_ref(state).member(&parts.headers).map(Signed)
    }
}

/// The member a request comes from: an extractor that refuses a request
/// from no member with [`ApiError::NotSignedIn`] (401).
#[derive(Debug)]
pub(crate) struct SignedIn(pub(crate) Member);

impl<S: Send + Sync> FromRequestParts<S> for SignedIn
where
    Club: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<SignedIn, ApiError> {
        let member = Club::from_ref(state).member(&parts.headers)?;
        member.map(SignedIn).ok_or(ApiError::NotSignedIn)
    }
}

/// The club's routes, for a router whose state gives the club.
pub(crate) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Club: FromRef<S>,
{
    Router::new()
        .route("/api/club", get(club))
        .route("/api/club/me", get(me))
        .route(SIGN_IN, post(sign_in))
        .route("/api/club/signout", post(sign_out))
        .route(JOIN, post(join))
}

/// The session a request's cookie holds, if any.
fn session_of(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .find_map(|cookie| cookie.trim().strip_prefix(COOKIE)?.strip_prefix('='))
        .filter(|session| !session.is_empty())
}

/// Whether the page that sent `headers` may keep a `Secure` cookie: unless
/// its `Origin` is plain `http://` on an address other than loopback
/// (browsers take a `Secure` cookie over HTTPS, and from loopback), or
/// without an `Origin` (not a browser's page).
fn secure_page(headers: &HeaderMap) -> bool {
    let origin = headers.get(header::ORIGIN).and_then(|value| value.to_str().ok());
    origin.and_then(|origin| origin.strip_prefix("http://")).is_none_or(loopback)
}

/// The `Set-Cookie` of a session: `value` for `max_age` seconds (an empty
/// value for none: the cookie is cleared).
fn cookie(value: &str, max_age: u64, secure: bool) -> (header::HeaderName, HeaderValue) {
    let secure = if secure { "; Secure" } else { "" };
    let text =
        format!("{COOKIE}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Strict{secure}");
    let value = HeaderValue::from_str(&text)
        .expect("a session is URL-safe base64, which a header may hold");
    (header::SET_COOKIE, value)
}

/// `answer`, with the cookie of `session` for the page that sent `headers`.
fn signed_in(session: &Token, headers: &HeaderMap, answer: impl IntoResponse) -> Response {
    let max_age = u64::from(SESSION_DAYS) * 24 * 60 * 60;
    ([cookie(session.as_str(), max_age, secure_page(headers))], answer).into_response()
}

/// The store's `error` as the API answers it; anything but a refusal is
/// logged (doing what) and answered `otherwise`.
fn refused(error: &StoreError, doing: &str, otherwise: ApiError) -> ApiError {
    match error {
        StoreError::UnknownKey => ApiError::WrongKey,
        StoreError::NameTaken(_) | StoreError::NameOfRemoved(_) => {
            ApiError::NameTaken(error.to_string())
        }
        StoreError::NoRandomness => ApiError::Randomness(NoRandomness),
        _ => {
            eprintln!("crib: {doing} failed: {}", error_chain(error));
            otherwise
        }
    }
}

/// Queues `writes` on a line of their own and waits until they are saved.
async fn write(
    club: &Club,
    doing: &str,
    writes: impl FnOnce(&Writer, &Line),
) -> Result<(), ApiError> {
    let writer = club.writer.as_ref().ok_or(ApiError::NoClub)?;
    let line = Line::new();
    writes(writer, &line);
    writer.flush(&line);
    line.saved(line.queued()).await.map_err(|error| refused(&error, doing, ApiError::Unsaved))
}

/// A fresh token, or why not.
fn token() -> Result<Token, ApiError> {
    Token::new().map_err(|error| refused(&error, "drawing a token", ApiError::Storage))
}

/// A member as the API names them.
#[derive(Debug, Serialize)]
struct MemberBody {
    name: String,
}

/// What the page asks of the club: whether anyone may join, and who is
/// signed in.
#[derive(Debug, Serialize)]
struct ClubBody {
    open_signup: bool,
    member: Option<MemberBody>,
}

/// The body of a sign-in: the key of a member's link.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SignInBody {
    key: String,
}

impl std::fmt::Debug for SignInBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The key stays out of logs.
        f.write_str("SignInBody { .. }")
    }
}

/// The body of open sign-up: the new member's name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    name: String,
}

/// A new member and their link, from the site's root.
#[derive(Debug, Serialize)]
struct Joined {
    name: String,
    link: String,
}

/// The answer to a sign-out.
#[derive(Debug, Serialize)]
struct SignedOut {
    signed_in: bool,
}

async fn club(Shared(club): Shared<Club>, Signed(member): Signed) -> Json<ClubBody> {
    Json(ClubBody {
        open_signup: club.open_signup,
        member: member.map(|member| MemberBody { name: member.name }),
    })
}

async fn me(SignedIn(member): SignedIn) -> Json<MemberBody> {
    Json(MemberBody { name: member.name })
}

async fn sign_in(
    Shared(club): Shared<Club>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let body: SignInBody = parse(&body?)?;
    let saved = club.saved.as_ref().ok_or(ApiError::NoClub)?;
    let key_hash = token_hash(&body.key);
    let member = saved
        .member_by_key_hash(&key_hash)
        .map_err(|error| refused(&error, "reading a member", ApiError::Storage))?
        .ok_or(ApiError::WrongKey)?;
    let session = token()?;
    let session_hash = session.hash();
    // The session is opened for the key, not the member read above: a key
    // re-issued meanwhile opens none.
    write(&club, "opening a session", |writer, line| {
        writer.open_session(line, key_hash, session_hash);
    })
    .await?;
    Ok(signed_in(&session, &headers, Json(MemberBody { name: member.name })))
}

async fn sign_out(Shared(club): Shared<Club>, headers: HeaderMap) -> Result<Response, ApiError> {
    if let Some(session) = session_of(&headers) {
        let session_hash = token_hash(session);
        write(&club, "ending a session", |writer, line| {
            writer.close_session(line, session_hash);
        })
        .await?;
    }
    let cleared = cookie("", 0, secure_page(&headers));
    Ok(([cleared], Json(SignedOut { signed_in: false })).into_response())
}

async fn join(
    Shared(club): Shared<Club>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    if !club.open_signup {
        return Err(ApiError::SignUpClosed);
    }
    let body: JoinBody = parse(&body?)?;
    let name =
        MemberName::new(&body.name).map_err(|error| ApiError::Malformed(error.to_string()))?;
    let (key, session) = (token()?, token()?);
    let (key_hash, session_hash) = (key.hash(), session.hash());
    write(&club, "adding a member", |writer, line| {
        writer.add_member(line, name.clone(), key_hash.clone());
        writer.open_session(line, key_hash, session_hash);
    })
    .await?;
    let joined = Joined { name: name.to_string(), link: signin_link("", &key) };
    Ok(signed_in(&session, &headers, (StatusCode::CREATED, Json(joined))))
}

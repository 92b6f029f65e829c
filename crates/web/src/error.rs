//! Why a request is refused: every error of the API, its status and its
//! JSON answer (`{"error": "..."}`, with the claim a card needs when a
//! person must count its pegging), also as a raw HTTP answer for a
//! connection answered without the router.

use axum::Json;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use crib_core::Card;
use serde::Serialize;

use crate::page::raw_headers;
use crate::store::NoRandomness;
use crate::table::MoveError;

/// The largest request body read, in bytes: a move is a few dozen.
pub const BODY_LIMIT: usize = 4096;

/// Why a request is refused.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// No table has this id (never had, or it was cleared).
    #[error("no such game: it may have ended and been cleared")]
    UnknownGame,
    /// No token was sent.
    #[error("missing token: send it as 'Authorization: Bearer <token>'")]
    NoToken,
    /// The token is not one of this table's.
    #[error("wrong token for this game")]
    WrongToken,
    /// The move is refused.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The guest seat is taken, or is the computer's.
    #[error("this game has no seat left to join")]
    SeatTaken,
    /// The body or the query could not be read.
    #[error("malformed request: {0}")]
    Malformed(String),
    /// The request's line or headers could not be read (hyper refused
    /// them before any route saw them): with the status hyper chose, 414 for
    /// an address too long, 431 for headers too large, else 400.
    #[error("{}", unreadable_words(*.0))]
    Unreadable(u16),
    /// The body is over [`BODY_LIMIT`].
    #[error("request body too large: at most {BODY_LIMIT} bytes")]
    TooLarge,
    /// No route has this path.
    #[error("no such page or API route")]
    NoRoute,
    /// The route exists, not with this method.
    #[error("method not allowed on this route")]
    Method,
    /// Secrets could not be drawn.
    #[error(transparent)]
    Randomness(#[from] NoRandomness),
    /// A program at a new table failed to start.
    #[error("a player at this table failed: {0}")]
    Failed(String),
    /// A review was asked for while the match is still on.
    #[error("the match is still being played: its review comes once it is over")]
    StillPlaying,
    /// A review was asked for, and the server saves no games.
    #[error("this server saves no games, so it has none to review")]
    NotSaved,
    /// No drill has this id (never had, or it was cleared).
    #[error("no such drill: it may have been cleared")]
    UnknownDrill,
    /// The token is not the drill's.
    #[error("wrong token for this drill")]
    NotYourDrill,
    /// An answer to another hand than the drill shows.
    #[error("{0}")]
    NotThisHand(String),
    /// A round of the deal of the day that cannot be started or played
    /// now: why.
    #[error("{0}")]
    DailyRefused(String),
    /// A day of the deal of the day still to come: its deals are not shown.
    #[error("{0} has not come yet: its deals are dealt on the day")]
    NotYet(String),
    /// The saved games could not be read (the reason is in the server's log).
    #[error("the saved games could not be read")]
    Storage,
    /// What the request changed could not be saved (the reason is in the
    /// server's log; a full disk, say): it is undone, and the game reads as
    /// it was saved.
    #[error(
        "the server cannot save games now (is its disk full?), so this request was undone: \
         try again later"
    )]
    Unsaved,
    /// The `Host` header names another server (DNS rebinding, say).
    #[error(
        "this server does not answer for host {0:?}: use its own address, or start it with \
         --public-host NAME"
    )]
    WrongHost(String),
    /// A request that may change something came from another site's page.
    #[error("cross-site request refused: origin {0:?} is not this server's")]
    ForeignOrigin(String),
    /// A request that may change something is not sent as JSON.
    #[error("send requests that change a game with 'Content-Type: application/json'")]
    NotJson,
    /// Too many new games a minute; the number is the seconds to wait.
    #[error("too many new games: try again in {0} s")]
    TooManyGames(u64),
    /// Too many new counting drills a minute; the number is the seconds to
    /// wait.
    #[error("too many new counting drills: try again in {0} s")]
    TooManyDrills(u64),
    /// Too many live update streams are open: by this client address, for
    /// this seat, or in all.
    #[error("too many live updates open {0}: close another page of this game, or try again later")]
    TooManyStreams(&'static str),
    /// No member is signed in from this browser.
    #[error("not signed in: open your sign-in link from the club")]
    NotSignedIn,
    /// A sign-in key that is no member's, or no longer is (re-issued, or
    /// the member removed).
    #[error("this sign-in link is no member's, or no longer is: ask the club for a new one")]
    WrongKey,
    /// Open sign-up is off (`crib serve` without `--open-signup`).
    #[error("sign-up is closed on this server: ask the club for a sign-in link")]
    SignUpClosed,
    /// The club's members are in the saved games' database, which this
    /// server does not have.
    #[error("this server keeps no database, so it has no club")]
    NoClub,
    /// A new member's name is taken (the store's words).
    #[error("{0}")]
    NameTaken(String),
    /// Too many sign-ins a minute; the number is the seconds to wait.
    #[error("too many sign-ins: try again in {0} s")]
    TooManySignIns(u64),
    /// Too many new members an hour; the number is the seconds to wait.
    #[error("too many new members: try again in {0} s")]
    TooManyMembers(u64),
    /// A rated table asked for that could be unfair or that no rating
    /// could follow: the words say why.
    #[error("a rated table {0}")]
    NotRateable(&'static str),
    /// No member of the club has this name.
    #[error("no member of the club has this name")]
    NoSuchMember,
    /// A member asked for another member's review: a review shows what its
    /// player held and threw, and is theirs alone.
    #[error("a member's reviews are theirs alone: you may read only your own")]
    NotYourReview,
    /// No finished match of the member's has this number.
    #[error("no match of yours has this number")]
    NoSuchMatch,
    /// A member asked for a second seat at a table they sit at.
    #[error("you already sit at this table")]
    AlreadySeated,
    /// No tournament of the club has this number.
    #[error("no such tournament")]
    NoSuchTournament,
    /// As many tournaments not yet over as are allowed: of the member's,
    /// or on the server.
    #[error("too many tournaments not yet over {0}: wait until one is over")]
    TooManyTournaments(&'static str),
    /// The body did not come in whole in time.
    #[error("request body too slow: send it whole within {} s", .0.as_secs_f64())]
    SlowBody(std::time::Duration),
    /// As many connections are open as the server takes.
    #[error("the server is at its limit of {0} open connections: try again shortly")]
    Busy(u32),
}

impl ApiError {
    /// The status the error answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::UnknownGame | ApiError::UnknownDrill | ApiError::NoRoute => {
                StatusCode::NOT_FOUND
            }
            ApiError::NotThisHand(_) | ApiError::DailyRefused(_) => StatusCode::CONFLICT,
            ApiError::NotYet(_) => StatusCode::NOT_FOUND,
            ApiError::NoToken | ApiError::NotSignedIn | ApiError::WrongKey => {
                StatusCode::UNAUTHORIZED
            }
            ApiError::SignUpClosed => StatusCode::FORBIDDEN,
            ApiError::NoClub
            | ApiError::NoSuchMember
            | ApiError::NoSuchMatch
            | ApiError::NoSuchTournament => StatusCode::NOT_FOUND,
            ApiError::NotYourReview => StatusCode::FORBIDDEN,
            ApiError::NameTaken(_) | ApiError::AlreadySeated => StatusCode::CONFLICT,
            ApiError::NotRateable(_) => StatusCode::BAD_REQUEST,
            ApiError::WrongToken | ApiError::NotYourDrill => StatusCode::FORBIDDEN,
            ApiError::Move(_) | ApiError::SeatTaken | ApiError::StillPlaying => {
                StatusCode::CONFLICT
            }
            ApiError::NotSaved => StatusCode::NOT_FOUND,
            ApiError::Malformed(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Method => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Randomness(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Storage => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Unsaved => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Failed(_) => StatusCode::BAD_GATEWAY,
            ApiError::WrongHost(_) => StatusCode::MISDIRECTED_REQUEST,
            ApiError::ForeignOrigin(_) => StatusCode::FORBIDDEN,
            ApiError::NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyGames(_)
            | ApiError::TooManyDrills(_)
            | ApiError::TooManySignIns(_)
            | ApiError::TooManyMembers(_)
            | ApiError::TooManyStreams(_)
            | ApiError::TooManyTournaments(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::SlowBody(_) => StatusCode::REQUEST_TIMEOUT,
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Unreadable(status) => match *status {
                414 => StatusCode::URI_TOO_LONG,
                431 => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                _ => StatusCode::BAD_REQUEST,
            },
        }
    }

    /// The seconds to wait before asking again, if the error says so.
    fn retry_after(&self) -> Option<u64> {
        match self {
            ApiError::TooManyGames(seconds)
            | ApiError::TooManyDrills(seconds)
            | ApiError::TooManySignIns(seconds)
            | ApiError::TooManyMembers(seconds) => Some(*seconds),
            ApiError::Busy(_) => Some(1),
            ApiError::TooManyStreams(_) => Some(STREAM_RETRY),
            _ => None,
        }
    }

    /// Whether the connection is closed after the answer: a body not read
    /// to its end leaves the connection unusable.
    fn closes(&self) -> bool {
        matches!(self, ApiError::SlowBody(_) | ApiError::Busy(_) | ApiError::Unreadable(_))
    }

    /// The JSON body of the answer.
    fn body(&self) -> ErrorBody {
        let claim = match self {
            ApiError::Move(MoveError::ClaimNeeded { card, count }) => {
                Some(ClaimAsked { card: *card, count: *count })
            }
            _ => None,
        };
        ErrorBody { error: self.to_string(), claim }
    }

    /// The whole HTTP answer as text, for a connection answered without
    /// the router (one over the connection cap).
    pub(crate) fn raw_answer(&self) -> String {
        let body = serde_json::to_string(&self.body()).unwrap_or_default();
        let status = self.status();
        let mut answer = format!(
            "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n",
            status.as_u16(),
            status.canonical_reason().unwrap_or_default(),
            body.len()
        );
        if let Some(seconds) = self.retry_after() {
            answer.push_str(&format!("retry-after: {seconds}\r\n"));
        }
        if self.closes() {
            answer.push_str("connection: close\r\n");
        }
        answer.push_str(&raw_headers());
        answer.push_str("\r\n");
        answer.push_str(&body);
        answer
    }
}

/// An error as the API sends it.
#[derive(Debug, Serialize)]
struct ErrorBody {
    error: String,
    /// With muggins for the pegging: the card played that pegs, whose
    /// count the person must send with it.
    #[serde(skip_serializing_if = "Option::is_none")]
    claim: Option<ClaimAsked>,
}

/// A card whose pegging the person must count.
#[derive(Debug, Serialize)]
struct ClaimAsked {
    card: Card,
    count: u8,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(self.body())).into_response();
        let headers = response.headers_mut();
        if let Some(seconds) = self.retry_after() {
            headers.insert(header::RETRY_AFTER, seconds.into());
        }
        if self.closes() {
            headers.insert(header::CONNECTION, header::HeaderValue::from_static("close"));
        }
        response
    }
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> ApiError {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge
        } else {
            ApiError::Malformed(rejection.body_text())
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::Malformed(rejection.body_text())
    }
}

/// A JSON body, or the API's error saying what is wrong with it.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|error| ApiError::Malformed(error.to_string()))
}

/// Runs `work` (a read or a review of the saved games) off the async
/// threads: its failure, or its task's, is written to the server's log as
/// `what` failing, and answered as [`ApiError::Storage`].
pub(crate) async fn blocking<T, E>(
    what: impl std::fmt::Display,
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: std::error::Error + Send + 'static,
{
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(done)) => Ok(done),
        Ok(Err(error)) => {
            eprintln!("crib: {what} failed: {}", crib_table::error_chain(&error));
            Err(ApiError::Storage)
        }
        Err(error) => {
            eprintln!("crib: {what} failed: {error}");
            Err(ApiError::Storage)
        }
    }
}

/// The seconds a client refused a live update stream is asked to wait.
const STREAM_RETRY: u64 = 10;

/// What [`ApiError::Unreadable`] says for hyper's status.
fn unreadable_words(status: u16) -> &'static str {
    match status {
        414 => "request address too long",
        431 => "request headers too large",
        _ => "malformed request: its line or headers could not be read",
    }
}

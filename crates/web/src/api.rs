//! The HTTP API: routes, and what each reads and answers; a refusal is an
//! [`ApiError`], answered as JSON `{ "error": "..." }` with its status.
//!
//! Requests name a table by its id in the path and a seat by its token, sent
//! as `Authorization: Bearer <token>` (or `?token=` for the live stream,
//! which browsers open without headers). Bodies are read as bytes under a
//! small limit and parsed here, so that a malformed or oversized body gets
//! the same JSON error as anything else. A refused request changes nothing.
//!
//! With saved games ([`Server::with_saved_games`]), every match begun at a
//! table is saved by the table's own recorder (`crib_table::QueuedRecorder`,
//! the one record of every interface) as it is played, and the table itself
//! (its seats, its seed, its current match, its seats' token hashes) in the
//! store's web tables; quitting gives the match up. Saving is queued to the
//! store's writer thread (`crib_store::Writer`), which commits the writes of
//! many tables together; an answer that shows a change (a move, a new table,
//! a state that includes a move still being saved) is sent only once the
//! change is saved, and never with the table locked. A change that could not
//! be saved answers 500 and is undone: the table is dropped from memory and
//! loaded again from what was saved at the next request. A table asked for that
//! the server does not hold (after a restart, or once cleared from memory)
//! is loaded from the store, one table at a time, and taken up with
//! `crib_table::Table::resume`: its programs replay their moves, and any
//! that is due moves at once. A failure to load answers 500 with a JSON error.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{FromRef, Path, Query, State as Shared};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{Html, IntoResponse};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::{Mutex, PoisonError};

use crib_ai::Strategy;
use crib_core::{BySeat, Card, CardSet, GameConfig, MatchLength, Seat, derive_seed};
use crib_referee::EngineCommand;
use crib_store::{Member, Status, StoreError, WebTable, Writer};
use crib_table::advice::{HintText, hint_text, win_chance_text};
use crib_table::narrate::seat_name;
use crib_table::review::REVIEW_SEED;
use crib_table::{Taken, error_chain};
use futures_util::Stream;
use serde::{Deserialize, Serialize};

use crate::clock::MoveClock;
use crate::club::{Club, Signed};
use crate::daily::Daily;
use crate::drill::{AnswerBody, DrillState, Drills, Graded, NewDrill};
use crate::error::{ApiError, blocking, parse};
use crate::page::PAGE;
use crate::reviews::{ReviewBody, Reviews};
use crate::store::{Entry, Key, Limits, NoRandomness, Store};
use crate::table::{
    Engines, Left, Move, MoveError, OpenError, Pending, Plan, Room, Saver, SeatKind, State,
};

/// The most games a match may be played to.
pub const MAX_GAMES_TO_WIN: u32 = 9;

/// What the server shares between requests.
#[derive(Debug)]
pub struct Server {
    pub(crate) store: Store,
    /// With a seed, games opened without one take seeds derived from it in
    /// order, so that a run of the server can be replayed (the browser test
    /// relies on it).
    seed: Option<u64>,
    opened: AtomicU64,
    /// Where every table's matches are saved, if anywhere: read here,
    /// written by `writer`.
    pub(crate) saved: Option<Arc<crib_store::Store>>,
    /// The one thread that writes to `saved`.
    writer: Option<Arc<Writer>>,
    /// Held while a table is loaded from the saved games.
    loading: Mutex<()>,
    /// The engines the server's owner offers, by name.
    pub(crate) engines: Engines,
    /// The counting drills under way.
    drills: Drills,
    /// The club's members: where they are kept, and whether anyone may
    /// join.
    club: Club,
    /// The lobby's bell and its last answer.
    pub(crate) lobby: crate::lobby::Lobby,
    /// How long a second of a table's move clock lasts: a second, but in
    /// tests.
    pub(crate) clock_unit: Duration,
    /// The deal of the day: its rounds being played, and where they are
    /// kept.
    daily: Daily,
    /// What opens the tables of the tournaments' matches.
    pub(crate) tournaments: crate::director::Director,
    /// The members' splits into luck and skill being worked out.
    reviews: Reviews,
}

impl Server {
    /// A server keeping at most `limits` tables; `seed` fixes the deals of
    /// games opened without a seed of their own.
    pub fn new(limits: Limits, seed: Option<u64>) -> Server {
        let lobby = crate::lobby::Lobby::default();
        Server {
            store: Store::new(limits).telling(lobby.bell()),
            seed,
            opened: AtomicU64::new(0),
            saved: None,
            writer: None,
            loading: Mutex::new(()),
            engines: Vec::new(),
            drills: Drills::default(),
            club: Club::default(),
            lobby,
            clock_unit: Duration::from_secs(1),
            daily: Daily::default(),
            tournaments: crate::director::Director::default(),
            reviews: Reviews::default(),
        }
    }

    /// The same server, its tables' move clocks counting each of their
    /// seconds as `unit`: for tests, which cannot wait whole seconds. A
    /// table's state tells the time left as it is, in milliseconds.
    #[doc(hidden)]
    #[must_use]
    pub const fn with_clock_unit(mut self, unit: Duration) -> Server {
        self.clock_unit = unit;
        self
    }

    /// The same server, saving every table's matches in `saved` (through a
    /// writer thread of its own) and loading from it the tables it does not
    /// hold.
    ///
    /// # Errors
    ///
    /// A database that cannot be written ([`StoreError::ReadOnly`]), or whose
    /// writer thread cannot start.
    pub fn with_saved_games(mut self, saved: Arc<crib_store::Store>) -> Result<Server, StoreError> {
        let writer = Arc::new(Writer::spawn(&saved)?);
        self.club.keep(Arc::clone(&saved), Arc::clone(&writer));
        self.daily.keep(Arc::clone(&saved), Arc::clone(&writer));
        self.writer = Some(writer);
        self.saved = Some(saved);
        Ok(self)
    }

    /// The same server, letting anyone become a member of the club by
    /// naming themselves (`POST /api/club/join`) when `open` is true;
    /// without it (the default) only `crib club add` makes members. The
    /// members are kept in the saved games: a server without them has none.
    #[must_use]
    pub fn with_open_signup(mut self, open: bool) -> Server {
        self.club.open_signup(open);
        self
    }

    /// The same server, taking `today` as the day of the deal of the day
    /// rather than the UTC date of its clock (for tests, and to look at a
    /// day again).
    #[must_use]
    pub fn with_today(mut self, today: crib_club::Day) -> Server {
        self.daily.fix_today(today);
        self
    }

    /// The writer thread of the saved games, if any: its counts tell how
    /// many writes and commits it made.
    pub fn writer(&self) -> Option<&Arc<Writer>> {
        self.writer.as_ref()
    }

    /// Where a new or loaded table is saved: a new line of writes.
    pub(crate) fn saver(&self) -> Option<Saver> {
        let writer = Arc::clone(self.writer.as_ref()?);
        Some(Saver { writer, line: crib_store::Line::new() })
    }

    /// Waits until `pending` is saved. If it cannot be, the table `id` is
    /// dropped from memory, so that the next request loads it as it was
    /// saved, and the request fails.
    pub(crate) async fn settle(
        &self,
        id: &str,
        entry: &Arc<Entry>,
        pending: Option<Pending>,
    ) -> Result<(), ApiError> {
        let Some(Pending { line, count }) = pending else { return Ok(()) };
        line.saved(count).await.map_err(|error| {
            eprintln!("crib: saving a game failed: {}", error_chain(&*error));
            self.store.forget(id, entry);
            ApiError::Unsaved
        })
    }

    /// Runs `work` on the table `id` (`entry`) while it is locked, then
    /// waits until whatever the answer shows of it is saved (nothing to wait
    /// for unless a change is still being saved). An error from `work` is
    /// answered at once.
    pub(crate) async fn at_table<T>(
        &self,
        id: &str,
        entry: &Arc<Entry>,
        work: impl FnOnce(&mut Room) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        let (answer, pending, tournament_over) = {
            let mut table = entry.lock();
            let answer = work(&mut table)?;
            crate::timer::arm(entry, &mut table);
            (answer, table.pending(), table.for_tournament() && table.finished())
        };
        self.settle(id, entry, pending).await?;
        // Saved: the director finds the match over, and opens what follows.
        if tournament_over {
            self.tournaments.poke();
        }
        Ok(answer)
    }

    /// The same server, offering these engines (by name) for the seats of
    /// its tables.
    #[must_use]
    pub fn with_engines(mut self, engines: Vec<(String, EngineCommand)>) -> Server {
        self.engines = engines;
        self
    }

    /// The table with this id: held in memory, or else loaded from the
    /// saved games. Loading is single-flight: one table is loaded at a time,
    /// and one found held meanwhile is the one answered, so there is never
    /// more than one live copy of a table.
    pub(crate) fn entry(&self, id: &str) -> Result<Arc<Entry>, ApiError> {
        if let Some(entry) = self.store.get(id) {
            return Ok(entry);
        }
        let Some(saved) = &self.saved else { return Err(ApiError::UnknownGame) };
        let _loading = self.loading.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(entry) = self.store.get(id) {
            return Ok(entry);
        }
        let row = saved.web_table(id).map_err(unreadable)?.ok_or(ApiError::UnknownGame)?;
        let unreadable_row = |what: &'static str, text: &str| {
            unreadable(StoreError::Unreadable { game: row.game, what, text: text.to_owned() })
        };
        let resumed = saved.resume(row.game).map_err(unreadable)?;
        // A quit table is not offered again.
        if resumed.summary.status == Status::Abandoned {
            return Err(ApiError::UnknownGame);
        }
        let config = resumed.summary.setup.config;
        let mut kinds = Vec::new();
        for text in &row.seats {
            kinds.push(SeatKind::from_text(text).ok_or_else(|| unreadable_row("seat", text))?);
        }
        let count = kinds.len();
        let kinds = BySeat::from_vec(kinds)
            .ok()
            .filter(|_| count == usize::from(config.players()))
            .ok_or_else(|| unreadable_row("seats", &row.seats.join(" ")))?;
        let joined = kinds.map(|seat, kind| {
            *kind != SeatKind::Person || row.joined.get(seat.index()).copied().unwrap_or(false)
        });
        let members = kinds.map(|seat, _| row.members.get(seat.index()).cloned().flatten());
        let moves: Vec<Taken> = resumed
            .moves
            .iter()
            .map(|saved| Taken { seat: saved.seat, action: saved.action, claims: saved.claims })
            .collect();
        let clock = row
            .clock
            .map(|seconds| MoveClock::new(seconds, self.clock_unit))
            .transpose()
            .map_err(|_| unreadable_row("clock", &format!("{:?}", row.clock)))?;
        let plan = Plan {
            kinds,
            config,
            length: row.length,
            seed: row.seed,
            muggins_pegging: resumed.summary.setup.muggins_pegging,
            listed: row.listed,
            rated: row.rated,
            clock,
            tournament: None,
        };
        let mut room = Room::load(
            plan,
            (joined.clone(), members),
            row.matches,
            row.game,
            &moves,
            &self.engines,
            self.saver(),
        )
        .map_err(|error| {
            eprintln!("crib: loading a saved game failed: {}", error_chain(&error));
            ApiError::Storage
        })?;
        room.clocked_before(&resumed.moves);
        let hashes = row.token_hashes.into_iter().collect::<Vec<_>>();
        let mut keys = Vec::new();
        let mut new_tokens = false;
        for (seat, hash) in config.seats().zip(hashes) {
            // An invitation not yet taken up gets a new token: the old one
            // was never handed out, and only its hash was kept.
            keys.push(if joined.get(seat) == Some(&false) {
                new_tokens = true;
                Key::new()?
            } else {
                Key::from_hash(hash)
            });
        }
        let keys = BySeat::from_vec(keys).map_err(|_| unreadable_row("seats", "token hashes"))?;
        let entry = self.store.insert(id, Entry::new(room, keys));
        entry.lock().tell(self.lobby.bell());
        crate::timer::arm(&entry, &mut entry.lock());
        // The row is written again only for the new tokens: loading writes
        // nothing else, so that a game stays readable while nothing can be
        // written (a full disk).
        if new_tokens {
            let table = entry.lock();
            Server::save_table(id, &entry, &table);
            // Handed to the writer now: the request that loaded the table
            // may be one that waits for nothing (a hint, a live stream).
            table.pending();
        }
        Ok(entry)
    }

    /// Queues saving the table itself: its current match, who sits at it,
    /// and its seats' token hashes.
    pub(crate) fn save_table(id: &str, entry: &Entry, table: &Room) {
        let (Some(saver), Some(game)) = (table.saver(), table.saved()) else { return };
        let plan = table.plan();
        let row = WebTable {
            table_id: id.to_owned(),
            // The slot's number once written: see `Writer::save_web_table`.
            game: crib_store::GameId(0),
            seats: plan.kinds.iter().map(|(_, kind)| kind.to_text()).collect(),
            seed: plan.seed,
            length: plan.length,
            matches: table.matches(),
            joined: table.joined().iter().map(|(_, &joined)| joined).collect(),
            token_hashes: entry.hashes().into_vec(),
            listed: plan.listed,
            members: table.members().iter().map(|(_, member)| member.clone()).collect(),
            rated: plan.rated,
            clock: plan.clock.map(MoveClock::seconds),
        };
        saver.writer.save_web_table(&saver.line, &game, row);
    }

    /// The number of tables kept now.
    pub fn games(&self) -> usize {
        self.store.len()
    }

    pub(crate) fn next_seed(&self) -> Result<u64, NoRandomness> {
        let count = self.opened.fetch_add(1, Ordering::Relaxed);
        match self.seed {
            Some(seed) => Ok(derive_seed(seed, count)),
            None => {
                let mut bytes = [0u8; 8];
                getrandom::fill(&mut bytes).map_err(|_| NoRandomness)?;
                Ok(u64::from_le_bytes(bytes))
            }
        }
    }
}

/// The club, for its routes and for telling which member a request comes
/// from (`crate::club::Signed`).
impl FromRef<Arc<Server>> for Club {
    fn from_ref(server: &Arc<Server>) -> Club {
        server.club.clone()
    }
}

/// The deal of the day, for its routes.
impl FromRef<Arc<Server>> for Daily {
    fn from_ref(server: &Arc<Server>) -> Daily {
        server.daily.clone()
    }
}

/// The members' reviews under way, for their pages.
impl FromRef<Arc<Server>> for Reviews {
    fn from_ref(server: &Arc<Server>) -> Reviews {
        server.reviews.clone()
    }
}

/// The built-in player called `level`.
pub(crate) fn level_of(level: &str) -> Result<Strategy, ApiError> {
    level.parse().map_err(|_| {
        let known: Vec<&str> = Strategy::ALL.iter().map(|strategy| strategy.name()).collect();
        ApiError::Malformed(format!("unknown level {level:?}: {}", known.join(", ")))
    })
}

/// A table that could not be opened.
pub(crate) fn opening(error: OpenError) -> ApiError {
    match error {
        OpenError::UnknownEngine(_) => ApiError::Malformed(error.to_string()),
        OpenError::Table(error) => ApiError::Failed(error.to_string()),
    }
}

/// Writes a failure to save a drill's answer to stderr: the drill goes on
/// without it.
fn report(error: StoreError) {
    eprintln!("crib: saving a drill answer failed: {}", error_chain(&error));
}

/// Writes a failure to load to stderr, and answers 500 for it.
fn unreadable(error: StoreError) -> ApiError {
    eprintln!("crib: loading a saved game failed: {}", error_chain(&error));
    ApiError::Storage
}

/// The page's route and the API's routes of tables, the lobby and the
/// drills, for the site's router (`crate::app`).
pub(crate) fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/", get(page))
        .route("/api/games", post(create))
        .route("/api/engines", get(engines))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/chance", get(chance))
        .route("/api/games/{id}/review", get(review))
        .route("/api/games/{id}/new", post(restart))
        .route("/api/games/{id}/quit", post(quit))
        .route("/api/games/{id}/events", get(events))
        .route("/api/lobby", get(lobby))
        .route("/api/lobby/events", get(lobby_events))
        .route("/api/games/{id}/leave", post(leave))
        .route("/api/games/{id}/watch", get(watch))
        .route("/api/games/{id}/watch/events", get(watch_events))
        .route("/api/drills", post(start_drill))
        .route("/api/drills/{id}", get(drill_state))
        .route("/api/drills/{id}/answer", post(answer_drill))
}

/// The levels of the computer and the engines a table may seat, and the
/// seats of each size of table.
#[derive(Debug, Serialize)]
struct Offered {
    levels: Vec<&'static str>,
    default_level: &'static str,
    engines: Vec<String>,
    /// For 2, 3 and 4 players, every seat as the creator (at seat 0) will
    /// see it, seat 0 first: the new-game form names them so.
    tables: BTreeMap<u8, Vec<SeatOffered>>,
}

/// A seat of a new table, as its creator at seat 0 will see it.
#[derive(Debug, Serialize)]
struct SeatOffered {
    /// What the table calls it ([`seat_name`]); `null` for the other seat
    /// of two, which is named by who sits there.
    name: Option<&'static str>,
    /// The side it scores for: the creator's partner shares the creator's.
    side: usize,
}

async fn engines(Shared(server): Shared<Arc<Server>>) -> Json<Offered> {
    let tables = (2..=4)
        .filter_map(|players| GameConfig::new(players, 121).ok())
        .map(|config| {
            let seats = config.seats().map(|seat| SeatOffered {
                name: seat_name(config, Seat::ALL[0], seat),
                side: config.side_of(seat).index(),
            });
            (config.players(), seats.collect())
        })
        .collect();
    Json(Offered {
        levels: Strategy::ALL.iter().map(|strategy| strategy.name()).collect(),
        default_level: Strategy::STRONGEST.name(),
        engines: server.engines.iter().map(|(name, _)| name.clone()).collect(),
        tables,
    })
}

async fn page() -> impl IntoResponse {
    ([(header::CACHE_CONTROL, "no-cache")], Html(PAGE))
}

/// The query of a state request or a live stream.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Params {
    since: Option<usize>,
    token: Option<String>,
}

/// The body of a new game.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    /// Who sits at each seat (2, 3 or 4 of them, one of them "you"); or,
    /// for two seats, `opponent` and `level`.
    seats: Option<Vec<SeatBody>>,
    /// The score that wins a game: 121 (the default) or 61.
    target: Option<u16>,
    /// With two seats: "computer" (the default) or "person".
    opponent: Option<String>,
    /// With two seats, the computer's level: "basic" (the default).
    level: Option<String>,
    /// Deals follow from it; drawn at random without it. A number or a
    /// string of digits.
    #[serde(default, deserialize_with = "crate::seed::optional")]
    seed: Option<u64>,
    /// Games to win the match, 1 to 9; 1 without it. Not with `format`.
    games: Option<u32>,
    /// The match's format, as `crib play --format` reads it: `single`,
    /// `best-of-3`, `club-9`, ... Not with `games`.
    format: Option<String>,
    /// Whether people count what each card they play pegs (muggins):
    /// false without it.
    muggins_pegging: Option<bool>,
    /// Whether the table is listed in the lobby, where anyone may take a
    /// free seat: false without it (by invitation only).
    listed: Option<bool>,
    /// Whether its matches are rated: false without it. Only for a member,
    /// at two seats, without an engine or a seed.
    rated: Option<bool>,
    /// The move clock: the seconds a person has for each move (5 to 600),
    /// after which the `basic` player moves for them; none without it.
    clock: Option<u32>,
}

/// One seat of a new table.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum SeatBody {
    /// The person opening the table.
    You,
    /// A person invited by a link.
    Person,
    /// The computer at a level: "expert" without one.
    Computer { level: Option<String> },
    /// An engine of the server's list, by name.
    Engine { name: String },
}

/// The body of a join: the invited seat to take, or the first one free.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    seat: Option<usize>,
}

/// An invited seat, and the link to send for it.
#[derive(Debug, Serialize)]
struct Invitation {
    seat: Seat,
    /// The page's address for the invited person, from the site's root.
    link: String,
}

/// The body of a move.
#[derive(Debug, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
enum ActBody {
    Discard { cards: Vec<Card> },
    Play { card: Card, claim: Option<u8> },
    // Braced, so that a field beside `action` is refused: serde lets a unit
    // variant of a tagged enum ignore any.
    Go {},
    Continue {},
}

/// The answer to opening or joining a game: the secret for the seat.
#[derive(Debug, Serialize)]
struct Seated {
    game: String,
    seat: Seat,
    token: String,
    /// The seats still to be taken by invited people, each with its link.
    invitations: Vec<Invitation>,
    state: State,
}

/// The invitations still open at table `game`.
fn invitations(game: &str, table: &Room) -> Vec<Invitation> {
    table
        .plan()
        .kinds
        .iter()
        .filter(|&(seat, kind)| *kind == SeatKind::Person && !table.joined()[seat])
        .map(|(seat, _)| Invitation { seat, link: format!("/#join={game}&seat={}", seat.index()) })
        .collect()
}

/// Refuses a rated table that could be unfair or that no rating could
/// follow: one not opened by a member, not of two seats, with an engine
/// (whose strength no one vouches for), or with deals chosen in advance.
fn rateable(
    request: &CreateBody,
    kinds: &BySeat<SeatKind>,
    member: Option<&Member>,
) -> Result<(), ApiError> {
    if member.is_none() {
        return Err(ApiError::NotSignedIn);
    }
    if kinds.len() != 2 {
        return Err(ApiError::NotRateable("has two seats: ratings are of two players"));
    }
    if kinds.iter().any(|(_, kind)| matches!(kind, SeatKind::Engine(_))) {
        return Err(ApiError::NotRateable("has no engine: only the built-in levels are rated"));
    }
    if request.seed.is_some() {
        return Err(ApiError::NotRateable("deals from a seed that no one chose"));
    }
    Ok(())
}

/// The seats a new table's body asks for.
fn seat_kinds(request: &CreateBody, engines: &Engines) -> Result<Vec<SeatKind>, ApiError> {
    let Some(seats) = &request.seats else {
        let opponent = match request.opponent.as_deref() {
            None | Some("computer") => {
                SeatKind::Computer(level_of(request.level.as_deref().unwrap_or("basic"))?)
            }
            Some("person") => SeatKind::Person,
            Some(other) => {
                return Err(ApiError::Malformed(format!(
                    "unknown opponent {other:?}: computer or person"
                )));
            }
        };
        return Ok(vec![SeatKind::Creator, opponent]);
    };
    if request.opponent.is_some() || request.level.is_some() {
        return Err(ApiError::Malformed(
            "give either seats, or opponent and level, not both".to_owned(),
        ));
    }
    if !(2..=4).contains(&seats.len()) {
        return Err(ApiError::Malformed("a table has 2, 3 or 4 seats".to_owned()));
    }
    let mut kinds = Vec::new();
    for seat in seats {
        kinds.push(match seat {
            SeatBody::You => SeatKind::Creator,
            SeatBody::Person => SeatKind::Person,
            SeatBody::Computer { level } => {
                SeatKind::Computer(level.as_deref().map_or(Ok(Strategy::STRONGEST), level_of)?)
            }
            SeatBody::Engine { name } => {
                if !engines.iter().any(|(known, _)| known == name) {
                    return Err(ApiError::Malformed(format!(
                        "no engine called {name:?} on this server"
                    )));
                }
                SeatKind::Engine(name.clone())
            }
        });
    }
    if kinds.iter().filter(|kind| **kind == SeatKind::Creator).count() != 1 {
        return Err(ApiError::Malformed("exactly one seat must be \"you\"".to_owned()));
    }
    Ok(kinds)
}

/// The length of a match asked for by its `format` (as `crib play --format`
/// reads it) or its `games` to win (1 without either), for `sides` sides:
/// at most [`MAX_GAMES_TO_WIN`] games to win.
pub(crate) fn match_length(
    format: Option<&str>,
    games: Option<u32>,
    sides: u8,
) -> Result<MatchLength, ApiError> {
    let length = match (format, games) {
        (Some(_), Some(_)) => {
            return Err(ApiError::Malformed("give games or format, not both".to_owned()));
        }
        (Some(format), None) => format
            .parse::<MatchLength>()
            .map_err(|error| ApiError::Malformed(error.to_string()))?
            .check(sides)
            .map_err(|error| ApiError::Malformed(error.to_string()))?,
        (None, games) => MatchLength::FirstTo(games.unwrap_or(1)),
    };
    let longest = MAX_GAMES_TO_WIN * 2 - 1;
    let fits = match length {
        MatchLength::FirstTo(wins) => (1..=MAX_GAMES_TO_WIN).contains(&wins),
        MatchLength::AllOf(games) => games <= longest,
    };
    if fits {
        Ok(length)
    } else {
        Err(ApiError::Malformed(format!(
            "games must be 1 to {MAX_GAMES_TO_WIN}, a format at most best-of-{longest} or club-{longest}"
        )))
    }
}

fn token(headers: &HeaderMap, params: &Params) -> Result<String, ApiError> {
    if let Some(value) = headers.get(header::AUTHORIZATION) {
        let text = value
            .to_str()
            .map_err(|_| ApiError::Malformed("unreadable authorization header".into()))?;
        return text
            .strip_prefix("Bearer ")
            .map(|token| token.trim().to_owned())
            .ok_or_else(|| ApiError::Malformed("authorization must be 'Bearer <token>'".into()));
    }
    params.token.clone().ok_or(ApiError::NoToken)
}

/// The table and the seat that a request speaks for.
fn seated(
    server: &Server,
    id: &str,
    headers: &HeaderMap,
    params: &Params,
) -> Result<(Arc<Entry>, Seat), ApiError> {
    let entry = server.entry(id)?;
    let token = token(headers, params)?;
    let seat = entry.seat_of(&token).ok_or(ApiError::WrongToken)?;
    Ok((entry, seat))
}

async fn create(
    Shared(server): Shared<Arc<Server>>,
    Signed(member): Signed,
    body: Result<Bytes, BytesRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let body = body?;
    let request: CreateBody = if body.iter().all(u8::is_ascii_whitespace) {
        CreateBody::default()
    } else {
        parse(&body)?
    };
    let kinds = seat_kinds(&request, &server.engines)?;
    let target = request.target.unwrap_or(121);
    let players = u8::try_from(kinds.len()).unwrap_or(u8::MAX);
    let config = u8::try_from(target)
        .ok()
        .and_then(|target| GameConfig::new(players, target).ok())
        .ok_or_else(|| ApiError::Malformed(format!("target must be 61 or 121, not {target}")))?;
    let kinds = BySeat::from_vec(kinds).map_err(|error| ApiError::Malformed(error.to_string()))?;
    let length = match_length(request.format.as_deref(), request.games, config.sides())?;
    let rated = request.rated.unwrap_or(false);
    if rated {
        rateable(&request, &kinds, member.as_ref())?;
    }
    let seed = match request.seed {
        Some(seed) => seed,
        None => server.next_seed()?,
    };
    let creator = kinds
        .iter()
        .find(|(_, kind)| **kind == SeatKind::Creator)
        .map_or(Seat::ALL[0], |(seat, _)| seat);
    let muggins_pegging = request.muggins_pegging.unwrap_or(false);
    let listed = request.listed.unwrap_or(false);
    let clock = request
        .clock
        .map(|seconds| MoveClock::new(seconds, server.clock_unit))
        .transpose()
        .map_err(ApiError::Malformed)?;
    let plan = Plan {
        kinds,
        config,
        length,
        seed,
        muggins_pegging,
        listed,
        rated,
        clock,
        tournament: None,
    };
    let mut room = Room::open(plan, &server.engines, server.saver()).map_err(opening)?;
    if let Some(member) = &member {
        room.seat_member(creator, member.id, &member.name);
    }
    let (game, entry) = server.store.open(room)?;
    // Told once kept, so that a lobby made on hearing of it finds it.
    entry.lock().tell(server.lobby.bell());
    let (state, invitations) = server
        .at_table(&game, &entry, |table| {
            Server::save_table(&game, &entry, table);
            Ok((table.state(creator, 0), invitations(&game, table)))
        })
        .await?;
    let token = entry.token(creator).ok_or(ApiError::SeatTaken)?.as_str().to_owned();
    Ok((StatusCode::CREATED, Json(Seated { game, seat: creator, token, invitations, state })))
}

async fn join(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    Signed(member): Signed,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Seated>, ApiError> {
    // An unknown table is told as such, whatever the body.
    let entry = server.entry(&id)?;
    let body = body?;
    let request: JoinBody =
        if body.iter().all(u8::is_ascii_whitespace) { JoinBody::default() } else { parse(&body)? };
    let wanted = match request.seat {
        Some(index) => Some(Seat::ALL.get(index).copied().ok_or(ApiError::SeatTaken)?),
        None => None,
    };
    // Drawn first: once a seat is taken, nothing may fail.
    let key = Key::new()?;
    let (seat, token, state, invitations) = server
        .at_table(&id, &entry, |table| {
            // A tournament's entrant takes the seat kept for them, and takes
            // it again with a new token (the old one opens it no longer)
            // from another browser.
            if let Some(member) = &member
                && let Some(seat) = table.kept_for(member.id)
            {
                if table.joined()[seat] {
                    entry.renew(seat, key);
                } else {
                    table.take_kept(seat);
                }
                let token = entry.token(seat).ok_or(ApiError::SeatTaken)?.as_str().to_owned();
                Server::save_table(&id, &entry, table);
                return Ok((seat, token, table.state(seat, 0), invitations(&id, table)));
            }
            if let Some(member) = &member
                && table
                    .members()
                    .iter()
                    .any(|(_, sat)| sat.as_ref().is_some_and(|sat| sat.id == member.id.0))
            {
                return Err(ApiError::AlreadySeated);
            }
            // A rated table's seats are the club's members'.
            if table.plan().rated && member.is_none() {
                return Err(ApiError::NotSignedIn);
            }
            let seat = table.join(wanted).ok_or(ApiError::SeatTaken)?;
            if let Some(member) = &member {
                table.seat_member(seat, member.id, &member.name);
            }
            let token = entry.token(seat).ok_or(ApiError::SeatTaken)?.as_str().to_owned();
            Server::save_table(&id, &entry, table);
            Ok((seat, token, table.state(seat, 0), invitations(&id, table)))
        })
        .await?;
    Ok(Json(Seated { game: id, seat, token, invitations, state }))
}

async fn state(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    params: Result<Query<Params>, QueryRejection>,
) -> Result<Json<State>, ApiError> {
    let Query(params) = params?;
    let (entry, seat) = seated(&server, &id, &headers, &params)?;
    let state = server
        .at_table(&id, &entry, |table| {
            table.touch();
            Ok(table.state(seat, params.since.unwrap_or(0)))
        })
        .await?;
    Ok(Json(state))
}

/// The most tables the lobby lists.
pub const LOBBY_TABLES: usize = 200;

/// The lobby: the listed tables that are open, the newest saved first, then
/// those only in memory (a server that saves no games). Made again only
/// once a table's listing has changed (`crate::lobby::Lobby`).
async fn lobby(Shared(server): Shared<Arc<Server>>) -> Result<impl IntoResponse, ApiError> {
    let answer = server.lobby_answer()?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer.json))
}

/// The lobby's live stream: the lobby (as `GET /api/lobby` answers it) at
/// once, then whenever it changes.
async fn lobby_events(Shared(server): Shared<Arc<Server>>) -> axum::response::Response {
    let shared = Arc::clone(&server);
    server.lobby.stream(move || shared.lobby_answer())
}

impl Server {
    /// The lobby's answer as JSON, made again only if a listing changed.
    fn lobby_answer(&self) -> Result<crate::lobby::Answer, ApiError> {
        self.lobby.answer(|| {
            let tables = self.listings()?;
            serde_json::to_string(&Lobby { tables }).map_err(|_| ApiError::Storage)
        })
    }

    /// The open listed tables, the newest saved first.
    fn listings(&self) -> Result<Vec<crate::table::Listing>, ApiError> {
        let mut ids: Vec<String> = match &self.saved {
            Some(saved) => saved
                .listed_web_tables(LOBBY_TABLES)
                .map_err(unreadable)?
                .into_iter()
                .map(|table| table.table_id)
                .collect(),
            None => Vec::new(),
        };
        let mut held = self.store.all();
        held.sort_by(|a, b| a.0.cmp(&b.0));
        for (id, _) in held {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        let mut tables = Vec::new();
        for id in ids {
            if tables.len() == LOBBY_TABLES {
                break;
            }
            // A saved table that cannot be loaded is left out, not the lobby.
            let Ok(entry) = self.entry(&id) else { continue };
            tables.extend(entry.lock().listing(&id));
        }
        Ok(tables)
    }
}

/// The lobby's answer.
#[derive(Debug, Serialize)]
struct Lobby {
    /// The open listed tables.
    tables: Vec<crate::table::Listing>,
}

/// A spectator's state: no token, and only what is face up.
async fn watch(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    params: Result<Query<Params>, QueryRejection>,
) -> Result<Json<State>, ApiError> {
    let Query(params) = params?;
    let entry = server.entry(&id)?;
    let state =
        server.at_table(&id, &entry, |table| Ok(table.watched(params.since.unwrap_or(0)))).await?;
    Ok(Json(state))
}

async fn act(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<State>, ApiError> {
    let (entry, seat) = seated(&server, &id, &headers, &Params::default())?;
    let body = body?;
    let chosen = match parse::<ActBody>(&body)? {
        ActBody::Discard { cards } => Move::Discard(
            CardSet::from_distinct(cards)
                .map_err(|error| ApiError::Malformed(error.to_string()))?,
        ),
        ActBody::Play { card, claim } => Move::Play { card, claim },
        ActBody::Go {} => Move::Go,
        ActBody::Continue {} => Move::Continue,
    };
    let state = server
        .at_table(&id, &entry, |table| {
            let since = table.event_count();
            table.act(seat, chosen)?;
            Ok(table.state(seat, since))
        })
        .await?;
    Ok(Json(state))
}

async fn hint(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<HintText>, ApiError> {
    let (entry, seat) = seated(&server, &id, &headers, &Params::default())?;
    // The expert's analysis is the costly part of a hint: it is worked out
    // from a copy of the view, with the table unlocked.
    let (view, seed, perspective) = server
        .at_table(&id, &entry, |table| {
            Ok((table.view(seat)?, table.seed(), table.perspective(seat)))
        })
        .await?;
    // Off the async threads: the expert's analysis is milliseconds of work.
    let analysed = tokio::task::spawn_blocking(move || crib_ai::hint(&view, seed)).await;
    // Should the task not finish (the analysis does not panic), the hint is
    // worked out here instead.
    let hint = analysed.unwrap_or_else(|_| crib_ai::hint(&view, seed));
    Ok(Json(hint_text(&hint, &perspective)))
}

/// The chance of winning from where the game stands, as the page shows it.
#[derive(Debug, Serialize)]
struct ChanceBody {
    /// The chance, from 0 to 1.
    chance: f64,
    /// It in words: "You win 62% from here."
    text: String,
}

async fn chance(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<ChanceBody>, ApiError> {
    let (entry, seat) = seated(&server, &id, &headers, &Params::default())?;
    let view = server.at_table(&id, &entry, |table| Ok(table.view(seat)?)).await?;
    Ok(Json(ChanceBody { chance: crib_ai::chance_now(&view), text: win_chance_text(&view) }))
}

async fn review(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<ReviewBody>, ApiError> {
    let (entry, seat) = seated(&server, &id, &headers, &Params::default())?;
    // The review reads the saved match: every action of it must be saved.
    let perspective = server
        .at_table(&id, &entry, |table| {
            if table.finished() { Ok(table.perspective(seat)) } else { Err(ApiError::StillPlaying) }
        })
        .await?;
    let game = entry.lock().saved_last().ok_or(ApiError::NotSaved)?;
    let saved = server.saved.clone().ok_or(ApiError::NotSaved)?;
    // Grading a match takes a fraction of a second of the expert's search:
    // off the async threads.
    let review = blocking(format!("reviewing match {game}"), move || {
        crib_table::review::review(&saved, game, REVIEW_SEED)
    })
    .await?;
    Ok(Json(ReviewBody::new(review, &perspective)))
}

async fn restart(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<State>, ApiError> {
    let (entry, seat) = seated(&server, &id, &headers, &Params::default())?;
    let state = server
        .at_table(&id, &entry, |table| {
            if table.for_tournament() {
                return Err(MoveError::OnceOnly.into());
            }
            table.restart(seat);
            Server::save_table(&id, &entry, table);
            table.given_up_for_new();
            Ok(table.state(seat, 0))
        })
        .await?;
    Ok(Json(state))
}

/// What leaving a seat answers.
#[derive(Debug, Serialize)]
struct LeftBody {
    game: String,
    /// The seat left.
    seat: Seat,
    /// Whether the table is closed: its creator left it.
    closed: bool,
}

/// A person leaves their seat before play has begun: an invited seat is
/// free again, with a new token (the old one opens it no longer); the
/// creator leaving closes the table. Refused (409) once every seat is
/// taken: then a seat is left by quitting, which gives the match up.
async fn leave(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<LeftBody>, ApiError> {
    let (entry, seat) = seated(&server, &id, &headers, &Params::default())?;
    let left = server
        .at_table(&id, &entry, |table| {
            // Drawn first: once the seat is left, nothing may fail.
            let key = Key::new()?;
            let left = table.leave(seat)?;
            if left == Left::Freed {
                entry.renew(seat, key);
                Server::save_table(&id, &entry, table);
            }
            Ok(left)
        })
        .await?;
    Ok(Json(LeftBody { game: id, seat, closed: left == Left::Closed }))
}

async fn quit(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<State>, ApiError> {
    let (entry, seat) = seated(&server, &id, &headers, &Params::default())?;
    let state = server
        .at_table(&id, &entry, |table| {
            let since = table.event_count();
            table.quit(seat);
            Ok(table.state(seat, since))
        })
        .await?;
    Ok(Json(state))
}

async fn events(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    params: Result<Query<Params>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, std::convert::Infallible>>>, ApiError> {
    let Query(params) = params?;
    let (entry, _) = seated(&server, &id, &headers, &params)?;
    Ok(updates(&entry))
}

/// A spectator's live updates: no token, as the updates carry no card.
async fn watch_events(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, std::convert::Infallible>>>, ApiError> {
    let entry = server.entry(&id)?;
    Ok(updates(&entry))
}

/// The live updates of a table: each change's version number, nothing of
/// the game itself, for the page to ask for its state again.
fn updates(
    entry: &Entry,
) -> Sse<impl Stream<Item = Result<SseEvent, std::convert::Infallible>> + use<>> {
    let receiver = entry.lock().subscribe();
    // The stream holds only the receiver, not the table: a table cleared
    // from the store drops its sender and so ends its streams.
    let stream =
        futures_util::stream::unfold((receiver, true), |(mut receiver, first)| async move {
            if !first {
                receiver.changed().await.ok()?;
            }
            let version = *receiver.borrow_and_update();
            let event = SseEvent::default().event("update").data(version.to_string());
            Some((Ok(event), (receiver, false)))
        });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

async fn start_drill(
    Shared(server): Shared<Arc<Server>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let body = body?;
    let request: NewDrill =
        if body.iter().all(u8::is_ascii_whitespace) { NewDrill::default() } else { parse(&body)? };
    let state = server.drills.start(&request, || Ok(server.next_seed()?))?;
    Ok((StatusCode::CREATED, Json(state)))
}

async fn drill_state(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    params: Result<Query<Params>, QueryRejection>,
) -> Result<Json<DrillState>, ApiError> {
    let Query(params) = params?;
    let token = token(&headers, &params)?;
    Ok(Json(server.drills.state(&id, &token)?))
}

async fn answer_drill(
    Shared(server): Shared<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Graded>, ApiError> {
    let token = token(&headers, &Params::default())?;
    let body: AnswerBody = parse(&body?)?;
    let graded = server.drills.answer(&id, &token, &body, |answer| {
        if let Some(saved) = &server.saved {
            saved.save_drill_answer(answer).map(drop).unwrap_or_else(report);
        }
    })?;
    Ok(Json(graded))
}

//! The club's tournaments on the server: a member makes one (round robin or
//! knockout, 3 to 32 entrants, members and the computer's levels), the
//! server opens each match's table as its round opens, and anyone signed
//! in reads the draw, the standings and the bracket.
//!
//! Where a tournament stands is never kept: each read and each sweep of
//! the director works it out from the saved matches linked to the
//! tournament (`crib_club::Tournament::progress_of`), so that a match
//! counts once whatever the server went through, and as soon as its last
//! move is saved.
//!
//! The director is one task. It sweeps the open tournaments when asked (a
//! tournament made, a tournament's match over) and every few seconds
//! besides (a match given up on the clock): for each match ready and not
//! begun it opens a table, with a seat kept for each member entrant
//! ([`SeatKind::Member`]) and the computer's levels at theirs; the link
//! from the tournament to the match is saved before the match's first
//! move. A match of two computers is played at once, a hand at a time off
//! the async threads, and one cut short by a restart is played on.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Weak};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State as Shared};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json};
use axum::routing::get;
use crib_ai::Strategy;
use crib_club::{
    Entrant, Kind, Line, MatchRecord, MatchStatus, Played, Progress, Slot, Tournament,
};
use crib_core::{BySeat, GameConfig, Seat, derive_seed};
use crib_store::{
    ClubMatch, MemberId, NewTournament, Status, TournamentEntrant, TournamentId, TournamentMatch,
    TournamentRow,
};
use serde::{Deserialize, Serialize};

use crate::api::{Server, level_of, match_length, opening};
use crate::clock::MoveClock;
use crate::club::SignedIn;
use crate::error::{ApiError, blocking, parse};
use crate::store::{Entry, Store};
use crate::table::{MatchFormat, Plan, Room, SeatKind, TournamentLink};

/// The most tournaments not yet over that one member may have made.
pub const OPEN_PER_MEMBER: usize = 3;

/// The most tournaments not yet over on a server.
pub const OPEN_ON_SERVER: usize = 50;

/// The most characters of a tournament's name.
const NAME_CHARS: usize = 60;

/// How often the director sweeps the open tournaments unasked.
const SWEEP_EVERY: Duration = Duration::from_secs(5);

/// Starts the director's task on the caller's runtime, once; a server that
/// keeps no games has no tournaments, and no director.
pub(crate) fn start(server: &Arc<Server>) {
    if server.saved.is_some() && server.tournaments.begins() {
        tokio::spawn(direct(Arc::downgrade(server)));
    }
}

/// The director's task: a sweep when asked, and every [`SWEEP_EVERY`],
/// for as long as the server is there.
async fn direct(server: Weak<Server>) {
    loop {
        let Some(strong) = server.upgrade() else { return };
        let ticket = strong.tournaments.asked();
        sweep(&strong).await;
        strong.tournaments.swept(ticket);
        let wake = strong.tournaments.wake();
        drop(strong);
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(SWEEP_EVERY) => {}
        }
    }
}

/// Runs `read` on the saved games off the async threads.
async fn reading<T: Send + 'static>(
    server: &Server,
    read: impl FnOnce(&crib_store::Store) -> Result<T, crib_store::StoreError> + Send + 'static,
) -> Result<T, ApiError> {
    let saved = server.saved.clone().ok_or(ApiError::NoClub)?;
    blocking("reading the tournaments", move || read(&saved)).await
}

/// One sweep: every open tournament moved on as far as it goes now.
async fn sweep(server: &Arc<Server>) {
    let open = match reading(server, |saved| saved.tournaments(true)).await {
        Ok(open) => open,
        Err(_) => return,
    };
    for row in open {
        let id = row.id;
        if let Err(error) = move_on(server, id).await {
            eprintln!("crib: tournament {}: {error}", id.0);
        }
    }
}

/// Tournament `id` moved on: marked over if it is, else a table opened for
/// each match ready that has none, and each match of two computers that a
/// restart cut short played on.
async fn move_on(server: &Arc<Server>, id: TournamentId) -> Result<(), ApiError> {
    let (row, matches) = reading(server, move |saved| saved.tournament(id))
        .await?
        .ok_or(ApiError::NoSuchTournament)?;
    let (_, progress) = standing(&row, &matches)?;
    if progress.is_over() {
        return reading(server, move |saved| saved.finish_tournament(id)).await;
    }
    let begun: BTreeSet<u16> = matches.iter().map(|linked| linked.number).collect();
    let ready: Vec<_> =
        progress.ready().filter(|(number, ..)| !begun.contains(&number.0)).collect();
    for (number, home, away) in ready {
        open_match(server, &row, number.0, [home, away]).await?;
    }
    for linked in &matches {
        let computers = linked
            .played
            .summary
            .setup
            .players
            .iter()
            .all(|player| player.kind == crib_store::PlayerKind::Computer);
        if computers && linked.played.summary.status == Status::Playing {
            let key = (id.0, linked.number);
            if server.tournaments.take(key) {
                // Loading it replays its match and lets its programs move.
                let (loader, table_id) = (Arc::clone(server), linked.table_id.clone());
                let entry = tokio::task::spawn_blocking(move || loader.entry(&table_id))
                    .await
                    .unwrap_or(Err(ApiError::Storage));
                match entry {
                    Ok(entry) => play_computers(server, key, linked.table_id.clone(), entry),
                    Err(error) => {
                        server.tournaments.free(key);
                        return Err(error);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The draw of tournament `row`, and where it stands after `matches`.
fn standing(
    row: &TournamentRow,
    matches: &[TournamentMatch],
) -> Result<(Tournament, Progress), ApiError> {
    let unreadable = |what: String| {
        eprintln!("crib: tournament {} cannot be read: {what}", row.id.0);
        ApiError::Storage
    };
    let kind: Kind = row
        .setup
        .kind
        .parse()
        .map_err(|error: crib_club::ParseKindError| unreadable(error.to_string()))?;
    let draw = Tournament::new(kind, row.setup.entrants.len(), row.setup.length)
        .map_err(|error| unreadable(error.to_string()))?;
    let mut records = vec![MatchRecord::default(); draw.matches().len()];
    for linked in matches {
        if let Some(record) = records.get_mut(usize::from(linked.number)) {
            *record = record_of(&linked.played);
        }
    }
    let progress = draw.progress_of(&records).map_err(|error| unreadable(error.to_string()))?;
    Ok((draw, progress))
}

/// What a saved match of a tournament has come to: its games won, and the
/// side that gave it up, if one did before it was won.
fn record_of(played: &ClubMatch) -> MatchRecord {
    let summary = &played.summary;
    let config = summary.setup.config;
    let games = summary
        .results
        .iter()
        .filter_map(|outcome| Played::new(config.target(), outcome.scores.clone()).ok())
        .collect();
    let given_up_by =
        summary.given_up_by.filter(|_| summary.winner.is_none()).map(|seat| config.side_of(seat));
    MatchRecord { games, given_up_by }
}

/// Opens the table of match `number` of tournament `row`, between
/// `entrants` (home at seat 0): a seat kept for each member, the computer
/// at its level at the others. A match of two computers is then played
/// out.
async fn open_match(
    server: &Arc<Server>,
    row: &TournamentRow,
    number: u16,
    entrants: [Entrant; 2],
) -> Result<(), ApiError> {
    let key = (row.id.0, number);
    if !server.tournaments.take(key) {
        return Ok(());
    }
    let opened = open_table(server, row, number, entrants).await;
    match opened {
        Ok((table_id, entry, true)) => {
            play_computers(server, key, table_id, entry);
            Ok(())
        }
        Ok((_, _, false)) => {
            server.tournaments.free(key);
            Ok(())
        }
        Err(error) => {
            server.tournaments.free(key);
            Err(error)
        }
    }
}

/// The table of match `number`, opened and saved: its id, its entry, and
/// whether only computers sit at it.
async fn open_table(
    server: &Arc<Server>,
    row: &TournamentRow,
    number: u16,
    entrants: [Entrant; 2],
) -> Result<(String, Arc<Entry>, bool), ApiError> {
    let setup = &row.setup;
    let config = GameConfig::new(2, setup.target).map_err(|_| ApiError::Storage)?;
    let mut kinds = Vec::new();
    let mut members = Vec::new();
    for (seat, entrant) in Seat::ALL.into_iter().zip(entrants) {
        match setup.entrants.get(entrant.index()).ok_or(ApiError::Storage)? {
            TournamentEntrant::Member(member) => {
                kinds.push(SeatKind::Member(member.0));
                members.push((seat, *member));
            }
            TournamentEntrant::Computer(level) => kinds.push(SeatKind::Computer(level_of(level)?)),
        }
    }
    let kinds = BySeat::from_vec(kinds).map_err(|_| ApiError::Storage)?;
    let names = reading(server, |saved| saved.members()).await?;
    let table_id = Store::new_id()?;
    let clock = setup
        .clock
        .map(|seconds| MoveClock::new(seconds, server.clock_unit))
        .transpose()
        .map_err(|_| ApiError::Storage)?;
    let plan = Plan {
        kinds,
        config,
        length: setup.length,
        seed: derive_seed(setup.seed, u64::from(number)),
        muggins_pegging: false,
        listed: false,
        rated: setup.rated && !members.is_empty(),
        clock,
        tournament: Some(TournamentLink { tournament: row.id, number, table_id: table_id.clone() }),
    };
    let computers = members.is_empty();
    let opener = Arc::clone(server);
    let id = table_id.clone();
    // The first round's programs move as the table opens.
    let entry = tokio::task::spawn_blocking(move || -> Result<Arc<Entry>, ApiError> {
        let mut room = Room::open(plan, &opener.engines, opener.saver()).map_err(opening)?;
        for (seat, member) in members {
            let name =
                names.iter().find(|known| known.id == member).map(|known| known.name.clone());
            room.seat_member(seat, member, &name.unwrap_or_else(|| format!("member {}", member.0)));
        }
        Ok(opener.store.open_at(&id, room)?)
    })
    .await
    .map_err(|_| ApiError::Storage)??;
    server
        .at_table(&table_id, &entry, |table| {
            Server::save_table(&table_id, &entry, table);
            Ok(())
        })
        .await?;
    Ok((table_id, entry, computers))
}

/// Plays the match of two computers at table `table_id` to its end, a hand
/// at a time off the async threads (so that its spectators are answered
/// between hands), then frees match `key` and asks for a sweep.
fn play_computers(server: &Arc<Server>, key: (i64, u16), table_id: String, entry: Arc<Entry>) {
    let server = Arc::clone(server);
    tokio::spawn(async move {
        loop {
            let hand = Arc::clone(&entry);
            let more = tokio::task::spawn_blocking(move || hand.lock().play_hand()).await;
            let saved = server.at_table(&table_id, &entry, |_| Ok(())).await;
            if !matches!(more, Ok(true)) || saved.is_err() {
                break;
            }
        }
        server.tournaments.free(key);
        server.tournaments.poke();
    });
}

/// The club's routes of tournaments.
pub(crate) fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/api/club/tournaments", get(list).post(create))
        .route("/api/club/tournaments/{id}", get(page))
}

/// One entrant as a new tournament's body names them.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
enum EntrantBody {
    /// A member, by name.
    Member(String),
    /// The computer at a level.
    Computer(String),
}

/// The body of a new tournament.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewBody {
    name: String,
    /// `round-robin` or `knockout`.
    kind: String,
    /// The format of every match: best of three for a knockout, a single
    /// game for a round robin, without it.
    format: Option<String>,
    /// 121 (the default) or 61.
    target: Option<u16>,
    /// Whether its matches with a member are rated: false without it.
    rated: Option<bool>,
    /// The move clock of its tables, 5 to 600 seconds: none without it.
    clock: Option<u32>,
    /// The entrants in the order of entry (a knockout's seeding).
    entrants: Vec<EntrantBody>,
}

/// A tournament as the list gives it.
#[derive(Debug, Serialize)]
struct ListLine {
    id: i64,
    name: String,
    kind: String,
    #[serde(flatten)]
    format: MatchFormat,
    entrants: usize,
    created_by: String,
    created_at: String,
    finished_at: Option<String>,
}

/// The tournaments, the newest first.
#[derive(Debug, Serialize)]
struct List {
    tournaments: Vec<ListLine>,
}

/// An entrant as a tournament's page names them.
#[derive(Debug, Serialize)]
struct EntrantLine {
    /// Their entry number (a knockout's seed less one).
    entrant: u16,
    name: String,
    computer: bool,
}

/// A match of a tournament's page.
#[derive(Debug, Serialize)]
struct MatchLine {
    number: u16,
    round: usize,
    /// The entrants, home (seat 0) and away, once known.
    home: Option<u16>,
    away: Option<u16>,
    /// The earlier matches whose winners play it, in a knockout.
    home_from: Option<u16>,
    away_from: Option<u16>,
    /// `waiting`, `ready`, `playing` or `won`.
    status: &'static str,
    winner: Option<u16>,
    /// Games won, home first, and whether the match was given up.
    games: Vec<u32>,
    given_up: bool,
    /// The table it is played at, once begun: to watch it, or for its
    /// entrants to take their seats.
    table: Option<String>,
    /// Whether the member asking plays it and it is not over.
    yours: bool,
}

/// A round of a tournament's page.
#[derive(Debug, Serialize)]
struct RoundLine {
    matches: Vec<MatchLine>,
    /// The entrants with a bye, by entry number.
    byes: Vec<u16>,
}

/// A tournament's page: its draw, every match, the standings in the club
/// format, and once over its final order.
#[derive(Debug, Serialize)]
struct Page {
    id: i64,
    name: String,
    kind: String,
    #[serde(flatten)]
    format: MatchFormat,
    target: u8,
    rated: bool,
    clock: Option<u32>,
    created_by: String,
    created_at: String,
    finished_at: Option<String>,
    entrants: Vec<EntrantLine>,
    rounds: Vec<RoundLine>,
    standings: Vec<Line>,
    /// Every entrant in final order, the winner first, once it is over.
    final_order: Option<Vec<u16>>,
}

/// The members' names, by number.
async fn member_names(server: &Server) -> Result<BTreeMap<MemberId, String>, ApiError> {
    let members = reading(server, |saved| saved.members()).await?;
    Ok(members.into_iter().map(|member| (member.id, member.name)).collect())
}

/// The entrants' names: a member's name (a removed member's too), a
/// computer's level, numbered when a level is entered more than once.
fn entrant_names(row: &TournamentRow, names: &BTreeMap<MemberId, String>) -> Vec<EntrantLine> {
    let count = |level: &str| {
        row.setup
            .entrants
            .iter()
            .filter(
                |entrant| matches!(entrant, TournamentEntrant::Computer(other) if other == level),
            )
            .count()
    };
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    (0..)
        .zip(&row.setup.entrants)
        .map(|(entrant, who)| match who {
            TournamentEntrant::Member(member) => EntrantLine {
                entrant,
                name: names.get(member).cloned().unwrap_or_else(|| format!("member {}", member.0)),
                computer: false,
            },
            TournamentEntrant::Computer(level) => {
                let nth = seen.entry(level).or_default();
                *nth += 1;
                let name = if count(level) > 1 { format!("{level} {nth}") } else { level.clone() };
                EntrantLine { entrant, name, computer: true }
            }
        })
        .collect()
}

async fn list(
    Shared(server): Shared<Arc<Server>>,
    SignedIn(_): SignedIn,
) -> Result<Json<List>, ApiError> {
    let (rows, names) = tokio::try_join!(
        reading(&server, |saved| saved.tournaments(false)),
        member_names(&server)
    )?;
    let tournaments = rows
        .into_iter()
        .map(|row| ListLine {
            id: row.id.0,
            format: MatchFormat::of(row.setup.length),
            entrants: row.setup.entrants.len(),
            created_by: names.get(&row.setup.created_by).cloned().unwrap_or_default(),
            name: row.setup.name,
            kind: row.setup.kind,
            created_at: row.created_at,
            finished_at: row.finished_at,
        })
        .collect();
    Ok(Json(List { tournaments }))
}

async fn page(
    Shared(server): Shared<Arc<Server>>,
    SignedIn(member): SignedIn,
    id: Result<Path<i64>, PathRejection>,
) -> Result<Json<Page>, ApiError> {
    let Path(id) = id.map_err(|error| ApiError::Malformed(error.body_text()))?;
    Ok(Json(page_of(&server, TournamentId(id), member.id).await?))
}

/// Tournament `id`'s page, as the member `reader` reads it.
async fn page_of(server: &Server, id: TournamentId, reader: MemberId) -> Result<Page, ApiError> {
    let (found, names) =
        tokio::try_join!(reading(server, move |saved| saved.tournament(id)), member_names(server))?;
    let (row, matches) = found.ok_or(ApiError::NoSuchTournament)?;
    let (draw, progress) = standing(&row, &matches)?;
    let reader_entrant = row
        .setup
        .entrants
        .iter()
        .position(|entrant| *entrant == TournamentEntrant::Member(reader))
        .and_then(|index| u16::try_from(index).ok());
    let statuses = progress.statuses();
    // The entrant of a side of a match, once known: a knockout's winner of
    // an earlier match once it is won.
    let entrant_of = |slot: Slot| match slot {
        Slot::Entrant(entrant) => Some(entrant.0),
        Slot::WinnerOf(earlier) => match statuses.get(earlier.index()) {
            Some(MatchStatus::Won { winner, .. }) => Some(winner.0),
            _ => None,
        },
    };
    let earlier = |slot: Slot| match slot {
        Slot::Entrant(_) => None,
        Slot::WinnerOf(earlier) => Some(earlier.0),
    };
    let lines: Vec<MatchLine> = (0..)
        .zip(draw.matches().iter().zip(statuses))
        .map(|(number, (fixture, status))| {
            let (home, away) = (entrant_of(fixture.home), entrant_of(fixture.away));
            let (status_text, winner) = match *status {
                MatchStatus::Waiting => ("waiting", None),
                MatchStatus::Ready { .. } => ("ready", None),
                MatchStatus::Playing { .. } => ("playing", None),
                MatchStatus::Won { winner, .. } => ("won", Some(winner.0)),
            };
            let linked = matches.iter().find(|linked| linked.number == number);
            let games =
                linked.map_or_else(|| vec![0, 0], |linked| linked.played.summary.games_won());
            let given_up = linked.is_some_and(|linked| {
                linked.played.summary.given_up_by.is_some()
                    && linked.played.summary.winner.is_none()
            });
            let yours = status_text != "won"
                && reader_entrant.is_some()
                && (home == reader_entrant || away == reader_entrant);
            MatchLine {
                number,
                round: fixture.round,
                home,
                away,
                home_from: earlier(fixture.home),
                away_from: earlier(fixture.away),
                status: status_text,
                winner,
                games,
                given_up,
                table: linked.map(|linked| linked.table_id.clone()),
                yours,
            }
        })
        .collect();
    let mut rounds: Vec<RoundLine> = draw
        .rounds()
        .iter()
        .map(|round| RoundLine {
            matches: Vec::new(),
            byes: round.byes.iter().map(|entrant| entrant.0).collect(),
        })
        .collect();
    for line in lines {
        if let Some(round) = rounds.get_mut(line.round) {
            round.matches.push(line);
        }
    }
    Ok(Page {
        id: row.id.0,
        entrants: entrant_names(&row, &names),
        created_by: names.get(&row.setup.created_by).cloned().unwrap_or_default(),
        name: row.setup.name,
        kind: row.setup.kind,
        format: MatchFormat::of(row.setup.length),
        target: row.setup.target,
        rated: row.setup.rated,
        clock: row.setup.clock,
        created_at: row.created_at,
        finished_at: row.finished_at,
        rounds,
        standings: progress.standings().to_vec(),
        final_order: progress
            .final_order()
            .map(|order| order.iter().map(|entrant| entrant.0).collect()),
    })
}

async fn create(
    Shared(server): Shared<Arc<Server>>,
    SignedIn(member): SignedIn,
    body: Result<Bytes, BytesRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let request: NewBody = parse(&body?)?;
    let name = request.name.trim().to_owned();
    let chars = name.chars().count();
    if chars == 0 || chars > NAME_CHARS || name.chars().any(char::is_control) {
        return Err(ApiError::Malformed(format!(
            "a tournament's name is 1 to {NAME_CHARS} characters, not {chars}"
        )));
    }
    let kind: Kind = request
        .kind
        .parse()
        .map_err(|error: crib_club::ParseKindError| ApiError::Malformed(error.to_string()))?;
    let default = match kind {
        Kind::Knockout => "best-of-3",
        Kind::RoundRobin => "single",
    };
    let length = match_length(Some(request.format.as_deref().unwrap_or(default)), None, 2)?;
    let target = request.target.unwrap_or(121);
    let target = u8::try_from(target)
        .ok()
        .filter(|target| GameConfig::new(2, *target).is_ok())
        .ok_or_else(|| ApiError::Malformed(format!("target must be 61 or 121, not {target}")))?;
    if let Some(seconds) = request.clock {
        MoveClock::new(seconds, server.clock_unit).map_err(ApiError::Malformed)?;
    }
    let count = request.entrants.len();
    if !(Tournament::MIN_ENTRANTS..=Tournament::MAX_ENTRANTS).contains(&count) {
        return Err(ApiError::Malformed(format!(
            "a tournament has {} to {} entrants, not {count}",
            Tournament::MIN_ENTRANTS,
            Tournament::MAX_ENTRANTS
        )));
    }
    let (members, open) = tokio::try_join!(
        reading(&server, |saved| saved.members()),
        reading(&server, |saved| { saved.tournaments(true) })
    )?;
    if open.len() >= OPEN_ON_SERVER {
        return Err(ApiError::TooManyTournaments("on this server"));
    }
    if open.iter().filter(|row| row.setup.created_by == member.id).count() >= OPEN_PER_MEMBER {
        return Err(ApiError::TooManyTournaments("of yours"));
    }
    let mut entrants = Vec::new();
    for entrant in &request.entrants {
        entrants.push(match entrant {
            EntrantBody::Member(wanted) => {
                let found = members
                    .iter()
                    .find(|known| !known.removed() && known.name.eq_ignore_ascii_case(wanted))
                    .ok_or_else(|| {
                        ApiError::Malformed(format!("no member of the club is called {wanted:?}"))
                    })?;
                let entrant = TournamentEntrant::Member(found.id);
                if entrants.contains(&entrant) {
                    return Err(ApiError::Malformed(format!(
                        "{} is entered twice: a member is one entrant",
                        found.name
                    )));
                }
                entrant
            }
            EntrantBody::Computer(level) => {
                let strategy: Strategy = level_of(level)?;
                TournamentEntrant::Computer(strategy.name().to_owned())
            }
        });
    }
    let new = NewTournament {
        name,
        kind: kind.name().to_owned(),
        length,
        target,
        rated: request.rated.unwrap_or(false),
        clock: request.clock,
        seed: server.next_seed()?,
        created_by: member.id,
        entrants,
    };
    let id = reading(&server, move |saved| saved.create_tournament(&new)).await?;
    start(&server);
    server.tournaments.sweep_now().await;
    Ok((StatusCode::CREATED, Json(page_of(&server, id, member.id).await?)))
}

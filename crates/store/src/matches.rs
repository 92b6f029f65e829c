//! The rows of saved matches: a match begun, each action, a match given
//! up, the results of its games, the summaries of the history, and a match
//! loaded by replaying its actions (checked against the events saved with
//! them). Each function is part of its caller's transaction or read.

use crib_core::{Action, Claims, Event, GameConfig, GameResult, Match, MatchLength, Seat, Skunk};
use rusqlite::{Connection, OptionalExtension, params};

use crate::StoreError;
use crate::codec::{
    action_text, claims_text, length_from_sql, length_to_sql, parse_action, parse_claims,
    seed_from_sql, seed_to_sql,
};
use crate::saved::{GameId, GameSummary, Move, NewGame, Outcome, Player, Resumed, Status};

/// Inserts a new match and its seats; returns its number. Part of the
/// caller's transaction.
pub(crate) fn insert_game(
    conn: &Connection,
    setup: &NewGame,
    opening: &str,
) -> Result<GameId, StoreError> {
    conn.execute(
        "INSERT INTO games (seed, players, target, games_to_win, all_played, muggins, opening)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            seed_to_sql(setup.seed),
            setup.config.players(),
            setup.config.target(),
            length_to_sql(setup.length).0,
            length_to_sql(setup.length).1,
            muggins_column(setup),
            opening
        ],
    )?;
    let id = conn.last_insert_rowid();
    let mut insert = conn
        .prepare_cached("INSERT INTO seats (game_id, seat, kind, name) VALUES (?1, ?2, ?3, ?4)")?;
    for (seat, player) in setup.players.iter().enumerate() {
        insert.execute(params![id, seat as i64, player.kind.as_str(), player.name])?;
    }
    Ok(GameId(id))
}

/// Inserts the next action of match `id` (whose events are `events`, as
/// JSON `events_text`) with the results it wins; returns its number. Part of
/// the caller's transaction.
pub(crate) fn insert_action(
    conn: &Connection,
    id: GameId,
    seat: Seat,
    action: Action,
    claims: Claims,
    events: &[Event],
    events_text: &str,
) -> Result<u32, StoreError> {
    let status: Option<String> = conn
        .prepare_cached("SELECT status FROM games WHERE id = ?1")?
        .query_row([id.0], |row| row.get(0))
        .optional()?;
    match status.as_deref() {
        None => return Err(StoreError::NoSuchGame(id)),
        Some("playing") => {}
        Some(_) => return Err(StoreError::Closed(id)),
    }
    let ply: u32 = conn
        .prepare_cached("SELECT COALESCE(MAX(ply) + 1, 0) FROM actions WHERE game_id = ?1")?
        .query_row([id.0], |row| row.get(0))?;
    conn.prepare_cached(
        "INSERT INTO actions (game_id, ply, seat, action, claims, events)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        id.0,
        ply,
        seat.index() as i64,
        action_text(action),
        claims_text(claims),
        events_text
    ])?;
    save_results(conn, id, events)?;
    Ok(ply)
}

/// Closes match `id` as given up by `seat`, if it is still being played.
pub(crate) fn close_given_up(
    conn: &Connection,
    id: GameId,
    seat: Option<Seat>,
) -> Result<(), StoreError> {
    let exists: Option<i64> = conn
        .query_row("SELECT id FROM games WHERE id = ?1", [id.0], |row| row.get(0))
        .optional()?;
    if exists.is_none() {
        return Err(StoreError::NoSuchGame(id));
    }
    conn.execute(
        "UPDATE games SET status = 'abandoned', given_up_by = ?2,
             finished_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
         WHERE id = ?1 AND status = 'playing'",
        params![id.0, seat.map(|seat| seat.index() as i64)],
    )?;
    Ok(())
}

/// Marks the last action saved of match `id` as made by the move clock,
/// for a person who ran out of time. Part of the caller's transaction.
pub(crate) fn mark_by_clock(conn: &Connection, id: GameId) -> Result<(), StoreError> {
    let marked = conn.execute(
        "UPDATE actions SET by_clock = 1
         WHERE game_id = ?1 AND ply = (SELECT MAX(ply) FROM actions WHERE game_id = ?1)",
        [id.0],
    )?;
    if marked == 0 {
        return Err(StoreError::NoSuchGame(id));
    }
    Ok(())
}

/// The JSON of a list of events: what replays are checked against.
pub(crate) fn events_json(events: &[Event]) -> String {
    serde_json::to_string(events).expect("events serialize: every field is plain data")
}

fn skunk_text(skunk: Skunk) -> &'static str {
    match skunk {
        Skunk::None => "none",
        Skunk::Single => "single",
        Skunk::Double => "double",
    }
}

fn parse_skunk(text: &str) -> Option<Skunk> {
    match text {
        "none" => Some(Skunk::None),
        "single" => Some(Skunk::Single),
        "double" => Some(Skunk::Double),
        _ => None,
    }
}

/// Saves the games and the match that `events` won, in the caller's
/// transaction.
fn save_results(conn: &Connection, id: GameId, events: &[Event]) -> Result<(), StoreError> {
    for event in events {
        match event {
            Event::GameWon(result) => insert_result(conn, id, result)?,
            Event::MatchWon { winner, .. } => {
                conn.execute(
                    "UPDATE games SET status = 'finished', winner = ?2,
                         finished_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
                     WHERE id = ?1",
                    params![id.0, winner.index() as i64],
                )?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn insert_result(conn: &Connection, id: GameId, result: &GameResult) -> Result<(), StoreError> {
    let scores: Vec<String> = result.scores.iter().map(u16::to_string).collect();
    conn.execute(
        "INSERT INTO results (game_id, game, winner, scores, skunk, rounds)
         VALUES (?1, (SELECT COUNT(*) FROM results WHERE game_id = ?1), ?2, ?3, ?4, ?5)",
        params![
            id.0,
            result.winner.index() as i64,
            scores.join(" "),
            skunk_text(result.skunk()),
            result.rounds
        ],
    )?;
    Ok(())
}

/// Fills the results of matches saved before there was a table for them
/// (migration 2), by replaying them. A match that does not replay is left
/// without results here; loading it reports why.
pub(crate) fn backfill_results(conn: &Connection) -> Result<(), StoreError> {
    let mut statement = conn.prepare("SELECT id FROM games ORDER BY id")?;
    let ids: Vec<i64> = statement.query_map([], |row| row.get(0))?.collect::<Result<_, _>>()?;
    for id in ids {
        if let Ok(resumed) = load(conn, GameId(id)) {
            save_results(conn, GameId(id), &resumed.events)?;
        }
    }
    Ok(())
}

const SUMMARY_COLUMNS: &str = "id, started_at, finished_at, status, seed, players, target,
     games_to_win, muggins, winner, (SELECT COUNT(*) FROM actions WHERE game_id = games.id),
     given_up_by, all_played";

/// The matches that count in the history and the statistics: those won,
/// and those a person gave up (a loss for their side).
pub(crate) const COUNTED: &str = "(games.status = 'finished' OR games.given_up_by IS NOT NULL)";

/// How the `muggins` column says what people count: 0 nothing, 1 their
/// shows, 2 their shows and their pegging. Databases written before counting
/// the pegging hold only 0 and 1, so no migration is needed.
fn muggins_column(setup: &NewGame) -> u8 {
    u8::from(setup.muggins) + u8::from(setup.muggins && setup.muggins_pegging)
}

/// A `games` row as read, before its seats and results.
struct GameRow {
    id: i64,
    started_at: String,
    finished_at: Option<String>,
    status: String,
    seed: i64,
    players: u8,
    target: u8,
    length: MatchLength,
    /// 0 without muggins, 1 for the shows, 2 for the shows and the pegging.
    muggins: u8,
    winner: Option<u8>,
    moves: u32,
    given_up_by: Option<u8>,
}

fn game_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: row.get(0)?,
        started_at: row.get(1)?,
        finished_at: row.get(2)?,
        status: row.get(3)?,
        seed: row.get(4)?,
        players: row.get(5)?,
        target: row.get(6)?,
        length: length_from_sql(row.get(7)?, row.get(12)?),
        muggins: row.get(8)?,
        winner: row.get(9)?,
        moves: row.get(10)?,
        given_up_by: row.get(11)?,
    })
}

pub(crate) fn summary(conn: &Connection, id: GameId) -> Result<GameSummary, StoreError> {
    let row = conn
        .query_row(&format!("SELECT {SUMMARY_COLUMNS} FROM games WHERE id = ?1"), [id.0], game_row)
        .optional()?
        .ok_or(StoreError::NoSuchGame(id))?;
    complete(conn, row)
}

/// The matches `condition` (an SQL expression over `games`) picks, the
/// latest first.
pub(crate) fn summaries(
    conn: &Connection,
    condition: &str,
) -> Result<Vec<GameSummary>, StoreError> {
    let mut statement = conn.prepare(&format!(
        "SELECT {SUMMARY_COLUMNS} FROM games WHERE {condition} ORDER BY id DESC"
    ))?;
    let rows: Vec<GameRow> = statement.query_map([], game_row)?.collect::<Result<_, _>>()?;
    rows.into_iter().map(|row| complete(conn, row)).collect()
}

/// A summary from its `games` row, its seats and its results.
fn complete(conn: &Connection, row: GameRow) -> Result<GameSummary, StoreError> {
    let id = GameId(row.id);
    let unreadable = |what, text: String| StoreError::Unreadable { game: id, what, text };
    let config = GameConfig::new(row.players, row.target)
        .map_err(|source| StoreError::Config { game: id, source })?;
    let side = |index: u8| {
        config
            .all_sides()
            .nth(usize::from(index))
            .ok_or_else(|| unreadable("side", index.to_string()))
    };
    let status =
        Status::parse(&row.status).ok_or_else(|| unreadable("status", row.status.clone()))?;
    let winner = row.winner.map(side).transpose()?;
    let given_up_by = row
        .given_up_by
        .map(|index| config.seat(index).map_err(|_| unreadable("seat", index.to_string())))
        .transpose()?;

    let mut statement =
        conn.prepare_cached("SELECT kind, name FROM seats WHERE game_id = ?1 ORDER BY seat")?;
    let seats: Vec<(String, String)> = statement
        .query_map([id.0], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let players = seats
        .into_iter()
        .map(|(kind, name)| match kind.as_str() {
            "person" => Ok(Player::person(name)),
            "computer" => Ok(Player::computer(name)),
            _ => Err(unreadable("player kind", kind)),
        })
        .collect::<Result<Vec<_>, _>>()?;

    let mut statement = conn.prepare_cached(
        "SELECT game, winner, scores, skunk, rounds FROM results WHERE game_id = ?1 ORDER BY game",
    )?;
    let rows: Vec<(u32, u8, String, String, u32)> = statement
        .query_map([id.0], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut results = Vec::with_capacity(rows.len());
    for (game, winner, scores, skunk, rounds) in rows {
        let parsed: Result<Vec<u16>, _> = scores.split_whitespace().map(str::parse).collect();
        results.push(Outcome {
            game,
            winner: side(winner)?,
            scores: parsed.map_err(|_| unreadable("scores", scores.clone()))?,
            skunk: parse_skunk(&skunk).ok_or_else(|| unreadable("skunk", skunk.clone()))?,
            rounds,
        });
    }

    Ok(GameSummary {
        id,
        started_at: row.started_at,
        finished_at: row.finished_at,
        status,
        setup: NewGame {
            seed: seed_from_sql(row.seed),
            config,
            length: row.length,
            muggins: row.muggins > 0,
            muggins_pegging: row.muggins > 1,
            players,
        },
        winner,
        results,
        moves: row.moves,
        given_up_by,
    })
}

/// Match `id` replayed from its seed and actions, every event checked.
pub(crate) fn load(conn: &Connection, id: GameId) -> Result<Resumed, StoreError> {
    let summary = summary(conn, id)?;
    let opening: String =
        conn.query_row("SELECT opening FROM games WHERE id = ?1", [id.0], |row| row.get(0))?;
    let setup = &summary.setup;
    let (mut play, mut events) = Match::new(setup.config, setup.length, setup.seed)
        .map_err(|source| StoreError::Config { game: id, source })?;
    if events_json(&events) != opening {
        return Err(StoreError::Diverged { game: id, ply: None });
    }

    let mut statement = conn.prepare_cached(
        "SELECT ply, seat, action, claims, events, by_clock FROM actions WHERE game_id = ?1
         ORDER BY ply",
    )?;
    let rows: Vec<(u32, u8, String, Option<String>, String, bool)> = statement
        .query_map([id.0], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?, row.get(5)?))
        })?
        .collect::<Result<_, _>>()?;
    let mut moves = Vec::with_capacity(rows.len());
    for (expected, (ply, seat, action, claims, stored, by_clock)) in (0..).zip(rows) {
        let unreadable = |what, text: String| StoreError::Unreadable { game: id, what, text };
        if ply != expected {
            return Err(unreadable("action number", ply.to_string()));
        }
        let seat = Seat::new(seat).ok_or_else(|| unreadable("seat", seat.to_string()))?;
        let action = parse_action(&action).ok_or_else(|| unreadable("action", action.clone()))?;
        let claims = parse_claims(claims.as_deref())
            .ok_or_else(|| unreadable("claims", claims.clone().unwrap_or_default()))?;
        let produced = play
            .play_claiming(seat, action, claims)
            .map_err(|source| StoreError::Illegal { game: id, ply, source })?;
        if events_json(&produced) != stored {
            return Err(StoreError::Diverged { game: id, ply: Some(ply) });
        }
        events.extend(produced);
        moves.push(Move { ply, seat, action, claims, by_clock });
    }
    Ok(Resumed { summary, play, events, moves })
}

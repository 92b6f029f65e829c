//! The club's record of its matches: which member sat at each seat of a
//! saved match, and which matches are rated.
//!
//! A browser table begins a match before its invited seats are taken, so a
//! seat's member is written when they sit down, by
//! [`Writer::seat_member`], in the table's line of writes after the match's
//! start; the seat's name becomes the member's, so that the statistics of a
//! name are a member's. A rated match is marked by [`Writer::rate`] when it
//! begins. Ratings are not kept: they follow from the rated matches, in the
//! order they ended ([`Store::rated_matches`]), so that a match is counted
//! once whatever the server went through, and never lost once its last
//! move is.

use rusqlite::{Connection, params};

use crate::matches::{COUNTED, summaries};
use crate::store::stats_of;
use crate::{GameSlot, GameSummary, Line, MemberId, Stats, Store, StoreError, Writer};

/// A saved match with its members: the one record of a club's match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClubMatch {
    /// The match as saved.
    pub summary: GameSummary,
    /// The member at each seat, if a member sat there, seat 0 first.
    pub members: Vec<Option<MemberId>>,
    /// Whether the match counts for the ratings.
    pub rated: bool,
}

/// Each saved match's members, by the rows of `games` it reads.
pub(crate) fn with_members(
    conn: &Connection,
    games: Vec<GameSummary>,
) -> Result<Vec<ClubMatch>, StoreError> {
    let mut seats =
        conn.prepare_cached("SELECT seat, member_id FROM seats WHERE game_id = ?1 ORDER BY seat")?;
    let mut rated = conn.prepare_cached("SELECT rated FROM games WHERE id = ?1")?;
    games
        .into_iter()
        .map(|summary| {
            let mut members = vec![None; summary.setup.players.len()];
            let rows = seats.query_map([summary.id.0], |row| {
                Ok((row.get::<_, i64>(0)?, row.get::<_, Option<i64>>(1)?))
            })?;
            for row in rows {
                let (seat, member) = row?;
                if let Some(slot) =
                    usize::try_from(seat).ok().and_then(|seat| members.get_mut(seat))
                {
                    *slot = member.map(MemberId);
                }
            }
            let rated = rated.query_row([summary.id.0], |row| row.get(0))?;
            Ok(ClubMatch { summary, members, rated })
        })
        .collect()
}

impl Store {
    /// The rated matches that have a result (won, or given up by a seat:
    /// a loss for its side), in the order they ended: the order in which
    /// they move the ratings.
    ///
    /// # Errors
    ///
    /// A failed read; a row this program cannot read.
    pub fn rated_matches(&self) -> Result<Vec<ClubMatch>, StoreError> {
        self.read(|conn| {
            let mut games = summaries(conn, &format!("games.rated = 1 AND {COUNTED}"))?;
            games.sort_by(|a, b| (&a.finished_at, a.id.0).cmp(&(&b.finished_at, b.id.0)));
            with_members(conn, games)
        })
    }

    /// The record of member `member` over the finished matches they sat
    /// at, and their opponents' over the same matches.
    ///
    /// # Errors
    ///
    /// A failed read; a finished match that does not replay.
    pub fn member_stats(&self, member: MemberId) -> Result<Stats, StoreError> {
        self.read(|conn| stats_of(conn, "seats.member_id = ?1", &member.0))
    }

    /// The matches `member` sat at, rated or not, finished or not, the
    /// latest first.
    ///
    /// # Errors
    ///
    /// A failed read; a row this program cannot read.
    pub fn member_matches(&self, member: MemberId) -> Result<Vec<ClubMatch>, StoreError> {
        self.read(|conn| {
            let games = summaries(
                conn,
                &format!("games.id IN (SELECT game_id FROM seats WHERE member_id = {})", member.0),
            )?;
            with_members(conn, games)
        })
    }
}

impl Writer {
    /// Queues seating `member`, called `name`, at `seat` of `game` on
    /// `line`: the seat's name becomes theirs.
    pub fn seat_member(
        &self,
        line: &Line,
        game: &GameSlot,
        seat: crib_core::Seat,
        member: MemberId,
        name: String,
    ) {
        let game = game.clone();
        self.submit(line, move |conn| {
            let changed = conn.execute(
                "UPDATE seats SET member_id = ?1, name = ?2 WHERE game_id = ?3 AND seat = ?4",
                params![member.0, name, game.id()?.0, seat.index() as i64],
            )?;
            if changed == 1 {
                Ok(())
            } else {
                Err(StoreError::Unsaved("a member was seated at a seat the match does not have"))
            }
        });
    }

    /// Queues giving back `seat` of `game` on `line`: no member sits there
    /// any more, and the seat is called `name` again.
    pub fn unseat_member(&self, line: &Line, game: &GameSlot, seat: crib_core::Seat, name: String) {
        let game = game.clone();
        self.submit(line, move |conn| {
            conn.execute(
                "UPDATE seats SET member_id = NULL, name = ?1 WHERE game_id = ?2 AND seat = ?3",
                params![name, game.id()?.0, seat.index() as i64],
            )?;
            Ok(())
        });
    }

    /// Queues marking `game` as rated on `line`.
    pub fn rate(&self, line: &Line, game: &GameSlot) {
        let game = game.clone();
        self.submit(line, move |conn| {
            conn.execute("UPDATE games SET rated = 1 WHERE id = ?1", [game.id()?.0])?;
            Ok(())
        });
    }
}

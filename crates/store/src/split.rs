//! Each seat's split of a saved match into luck and skill, kept once the
//! match has been reviewed for that seat, so that a club member's page adds
//! up their matches' splits without reviewing them again.
//!
//! A review replays the match and grades every decision against the
//! expert: a fraction of a second to a few seconds a match. It is seeded
//! (the expert's seed is kept with the split), so the split kept for a
//! finished match, a seat and a seed is the split: nothing here is ever
//! out of date but for a program whose expert grades otherwise. The store
//! knows only the four numbers; what they mean is the review's
//! (`crib_table::review`). A split goes with its match when the match is
//! pruned.

use crib_core::Seat;
use rusqlite::params;

use crate::codec::seed_to_sql;
use crate::{GameId, MemberId, Store, StoreError};

/// A seat's split of a finished match into luck and skill, summed over the
/// match's finished games, each a chance of winning: `skill + luck` is
/// `result`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatSplit {
    /// The saved match.
    pub game: GameId,
    /// The seat reviewed.
    pub seat: Seat,
    /// The games split: the match's finished games.
    pub games: u32,
    /// The sum of their results (each the outcome less the chance at the
    /// game's start).
    pub result: f64,
    /// The sum of their skill.
    pub skill: f64,
    /// The sum of their luck.
    pub luck: f64,
}

impl Store {
    /// The splits kept of the seats `member` sat at, graded by the expert
    /// of `seed`, in no particular order.
    ///
    /// # Errors
    ///
    /// A failed read; a seat this program cannot read.
    pub fn member_splits(&self, member: MemberId, seed: u64) -> Result<Vec<SeatSplit>, StoreError> {
        self.read(|conn| {
            let mut query = conn.prepare_cached(
                "SELECT seat_splits.game_id, seat_splits.seat, seat_splits.games,
                        seat_splits.result, seat_splits.skill, seat_splits.luck
                 FROM seat_splits JOIN seats
                   ON seats.game_id = seat_splits.game_id AND seats.seat = seat_splits.seat
                 WHERE seats.member_id = ?1 AND seat_splits.seed = ?2",
            )?;
            let rows = query.query_map(params![member.0, seed_to_sql(seed)], |row| {
                Ok((
                    GameId(row.get(0)?),
                    row.get::<_, i64>(1)?,
                    row.get(2)?,
                    (row.get(3)?, row.get(4)?, row.get(5)?),
                ))
            })?;
            rows.map(|row| {
                let (game, seat, games, (result, skill, luck)) = row?;
                let seat = usize::try_from(seat)
                    .ok()
                    .and_then(|index| Seat::ALL.get(index))
                    .copied()
                    .ok_or_else(|| StoreError::Unreadable {
                        game,
                        what: "split's seat",
                        text: seat.to_string(),
                    })?;
                Ok(SeatSplit { game, seat, games, result, skill, luck })
            })
            .collect()
        })
    }

    /// Keeps `split`, graded by the expert of `seed`, over any kept for its
    /// match, seat and seed.
    ///
    /// # Errors
    ///
    /// No such match; a failed write.
    pub fn keep_split(&self, split: &SeatSplit, seed: u64) -> Result<(), StoreError> {
        let conn = self.writer();
        conn.execute(
            "INSERT OR REPLACE INTO seat_splits (game_id, seat, seed, games, result, skill, luck)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                split.game.0,
                split.seat.index() as i64,
                seed_to_sql(seed),
                split.games,
                split.result,
                split.skill,
                split.luck
            ],
        )
        .map_err(|error| match error.sqlite_error_code() {
            Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::NoSuchGame(split.game),
            _ => error.into(),
        })?;
        Ok(())
    }
}

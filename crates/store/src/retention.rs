//! Retention: removing old matches, so that a server left running for weeks
//! does not keep every match ever begun at it.
//!
//! A match is old once nothing has happened in it for the days kept:
//!
//! - finished (a side won) or given up (resigned, quit, or left to expire),
//!   when it ended that long ago;
//! - *abandoned*: still being played, with no move for that long (or, with
//!   no move at all, begun that long ago). No one is coming back to it.
//!
//! A tournament's matches are never old: they are what its standings are
//! worked out from, and stay as long as the tournament does.
//!
//! Everything of a removed match goes with it: its seats, actions and
//! results, and a browser table whose current match it is. Removal is in
//! chunks of [`CHUNK`] matches, each its own short transaction, so that a
//! server's writer waits at most one chunk for the file's lock.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use crate::{Store, StoreError};

/// Matches removed in one transaction.
const CHUNK: usize = 200;

/// What a prune removed (or, for a dry run, would remove).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    /// Matches a side won.
    pub finished: u64,
    /// Matches given up.
    pub given_up: u64,
    /// Matches still being played, with no move for the days kept.
    pub abandoned: u64,
    /// Browser tables whose current match was removed.
    pub tables: u64,
}

impl Pruned {
    /// Every match counted.
    #[must_use]
    pub const fn matches(&self) -> u64 {
        self.finished + self.given_up + self.abandoned
    }
}

/// The matches older than the cutoff `?1` (a UTC time as the store writes
/// it), with their status: ended before it, or unfinished with nothing
/// after it. With `?2`, only that match.
const OLD: &str = "
SELECT id, status FROM games
WHERE (?2 IS NULL OR id = ?2)
  AND id NOT IN (SELECT game_id FROM tournament_matches)
  AND ((status != 'playing' AND COALESCE(finished_at, started_at) < ?1)
    OR (status = 'playing'
        AND COALESCE((SELECT MAX(at) FROM actions WHERE game_id = games.id), started_at) < ?1))
ORDER BY id";

impl Store {
    /// Removes every match with nothing done in it for `keep_days` days
    /// (see the module's doc), or with `dry_run` only counts them.
    ///
    /// # Errors
    ///
    /// A failed read or write; what was removed before it stays removed.
    pub fn prune(&self, keep_days: u32, dry_run: bool) -> Result<Pruned, StoreError> {
        let mut conn = self.writer();
        let cutoff: String = conn.query_row(
            "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?1)",
            [format!("-{keep_days} days")],
            |row| row.get(0),
        )?;
        let old: Vec<i64> = conn
            .prepare(OLD)?
            .query_map(params![cutoff, None::<i64>], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        let mut pruned = Pruned::default();
        for chunk in old.chunks(CHUNK) {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            for &id in chunk {
                remove(&tx, id, &cutoff, dry_run, &mut pruned)?;
            }
            tx.commit()?;
        }
        Ok(pruned)
    }
}

/// Removes match `id` if it is still old (a move may have come since the
/// list was read), with its browser tables, and counts it in `pruned`; a
/// dry run only counts.
fn remove(
    conn: &Connection,
    id: i64,
    cutoff: &str,
    dry_run: bool,
    pruned: &mut Pruned,
) -> Result<(), StoreError> {
    let status: Option<String> =
        conn.prepare_cached(OLD)?.query_row(params![cutoff, id], |row| row.get(1)).optional()?;
    let Some(status) = status else { return Ok(()) };
    match status.as_str() {
        "finished" => pruned.finished += 1,
        "playing" => pruned.abandoned += 1,
        _ => pruned.given_up += 1,
    }
    let tables: i64 =
        conn.query_row("SELECT COUNT(*) FROM web_tables WHERE game_id = ?1", [id], |row| {
            row.get(0)
        })?;
    pruned.tables += tables.unsigned_abs();
    if !dry_run {
        // Seats, actions, results and browser tables go with it (ON DELETE
        // CASCADE, with foreign keys on).
        conn.execute("DELETE FROM games WHERE id = ?1", [id])?;
    }
    Ok(())
}

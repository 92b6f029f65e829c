//! A club's tournaments as kept: each tournament's draw as it was asked for
//! (its kind, its format, its entrants in the order of entry), and which
//! saved match each of its matches is played in.
//!
//! Nothing else is kept: where a tournament stands (who won which match,
//! the standings, which matches are ready) is worked out afresh from the
//! saved matches by `crib_club::Tournament::progress_of`, so that a match
//! counts once whatever the server went through, and as soon as its last
//! move is saved. A match's link is written by [`Writer::link_tournament`]
//! on the table's own line of writes, right after the match's start and
//! before any of its moves, so that a match played is never lost from its
//! tournament: a match whose link was not written was never played.

use crib_core::MatchLength;
use rusqlite::{Connection, OptionalExtension, params};

use crate::club::{ClubMatch, with_members};
use crate::codec::{length_from_sql, length_to_sql, seed_from_sql, seed_to_sql};
use crate::matches::summaries;
use crate::{GameSlot, Line, MemberId, Store, StoreError, Writer};

/// A tournament's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TournamentId(pub i64);

/// Who an entrant of a tournament is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TournamentEntrant {
    /// A member of the club.
    Member(MemberId),
    /// The computer at this level, by its name.
    Computer(String),
}

/// A tournament as it is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    /// Its name.
    pub name: String,
    /// Its kind, as `crib_club::Kind` writes it: `round-robin`, `knockout`.
    pub kind: String,
    /// The length of every match.
    pub length: MatchLength,
    /// The score that wins a game: 121 or 61.
    pub target: u8,
    /// Whether its matches with a member in them are rated.
    pub rated: bool,
    /// The move clock of its tables: the seconds a person has for each
    /// move, if they have one.
    pub clock: Option<u32>,
    /// Its seed: each match's deals follow from it and the match's number.
    pub seed: u64,
    /// The member who made it.
    pub created_by: MemberId,
    /// The entrants, in the order of entry (a knockout's seeding).
    pub entrants: Vec<TournamentEntrant>,
}

/// A tournament as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Its number.
    pub id: TournamentId,
    /// When it was made, UTC, as `2026-11-29T14:06:01Z`.
    pub created_at: String,
    /// When its last deciding match ended, once it has.
    pub finished_at: Option<String>,
    /// Everything it was made from.
    pub setup: NewTournament,
}

/// One match of a tournament that has begun: where it is played, and the
/// saved match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentMatch {
    /// The match's place in the tournament's draw.
    pub number: u16,
    /// The browser table it is played at.
    pub table_id: String,
    /// The saved match, with its members.
    pub played: ClubMatch,
}

/// The columns that [`tournament_row`] reads, in its order.
const COLUMNS: &str = "id, name, kind, games, all_played, target, rated, clock, seed, created_by,
     created_at, finished_at";

/// A tournament's row, without its entrants.
fn tournament_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<TournamentRow> {
    let games: u32 = row.get(3)?;
    let all_played: bool = row.get(4)?;
    Ok(TournamentRow {
        id: TournamentId(row.get(0)?),
        created_at: row.get(10)?,
        finished_at: row.get(11)?,
        setup: NewTournament {
            name: row.get(1)?,
            kind: row.get(2)?,
            length: length_from_sql(games, all_played),
            target: row.get(5)?,
            rated: row.get(6)?,
            clock: row.get(7)?,
            seed: seed_from_sql(row.get(8)?),
            created_by: MemberId(row.get(9)?),
            entrants: Vec::new(),
        },
    })
}

/// `rows` with their entrants, in the order of entry.
fn with_entrants(
    conn: &Connection,
    mut rows: Vec<TournamentRow>,
) -> Result<Vec<TournamentRow>, StoreError> {
    let mut query = conn.prepare_cached(
        "SELECT member_id, level FROM tournament_entrants WHERE tournament_id = ?1
         ORDER BY entrant",
    )?;
    for row in &mut rows {
        let entrants = query.query_map([row.id.0], |entrant| {
            let member: Option<i64> = entrant.get(0)?;
            let level: Option<String> = entrant.get(1)?;
            Ok(match member {
                Some(member) => TournamentEntrant::Member(MemberId(member)),
                None => TournamentEntrant::Computer(level.unwrap_or_default()),
            })
        })?;
        row.setup.entrants = entrants.collect::<Result<_, _>>()?;
    }
    Ok(rows)
}

impl Store {
    /// Keeps a new tournament, and gives its number.
    ///
    /// # Errors
    ///
    /// A failed write (a member who is not one).
    pub fn create_tournament(&self, new: &NewTournament) -> Result<TournamentId, StoreError> {
        self.write(|conn| {
            let (games, all_played) = length_to_sql(new.length);
            conn.execute(
                "INSERT INTO tournaments (name, kind, games, all_played, target, rated, clock,
                                          seed, created_by)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    new.name,
                    new.kind,
                    games,
                    all_played,
                    new.target,
                    new.rated,
                    new.clock,
                    seed_to_sql(new.seed),
                    new.created_by.0
                ],
            )?;
            let id = conn.last_insert_rowid();
            let mut insert = conn.prepare_cached(
                "INSERT INTO tournament_entrants (tournament_id, entrant, member_id, level)
                 VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (number, entrant) in (0_i64..).zip(&new.entrants) {
                let (member, level) = match entrant {
                    TournamentEntrant::Member(member) => (Some(member.0), None),
                    TournamentEntrant::Computer(level) => (None, Some(level.as_str())),
                };
                insert.execute(params![id, number, member, level])?;
            }
            Ok(TournamentId(id))
        })
    }

    /// Every tournament, the newest first; with `open_only`, only those
    /// not yet over.
    ///
    /// # Errors
    ///
    /// A failed read.
    pub fn tournaments(&self, open_only: bool) -> Result<Vec<TournamentRow>, StoreError> {
        self.read(|conn| {
            let only = if open_only { "WHERE finished_at IS NULL" } else { "" };
            let mut query = conn.prepare_cached(&format!(
                "SELECT {COLUMNS} FROM tournaments {only} ORDER BY id DESC"
            ))?;
            let rows = query.query_map([], tournament_row)?.collect::<Result<_, _>>()?;
            with_entrants(conn, rows)
        })
    }

    /// The tournament `id`, if there is one, and its matches that have
    /// begun, in the order of the draw.
    ///
    /// # Errors
    ///
    /// A failed read; a saved match this program cannot read.
    pub fn tournament(
        &self,
        id: TournamentId,
    ) -> Result<Option<(TournamentRow, Vec<TournamentMatch>)>, StoreError> {
        self.read(|conn| {
            let Some(row) = conn
                .query_row(
                    &format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1"),
                    [id.0],
                    tournament_row,
                )
                .optional()?
            else {
                return Ok(None);
            };
            let row = with_entrants(conn, vec![row])?.remove(0);
            let mut query = conn.prepare_cached(
                "SELECT match_number, table_id, game_id FROM tournament_matches
                 WHERE tournament_id = ?1 ORDER BY match_number",
            )?;
            let links: Vec<(u16, String, i64)> = query
                .query_map([id.0], |link| Ok((link.get(0)?, link.get(1)?, link.get(2)?)))?
                .collect::<Result<_, _>>()?;
            let games = summaries(
                conn,
                &format!(
                    "games.id IN (SELECT game_id FROM tournament_matches WHERE tournament_id = {})",
                    id.0
                ),
            )?;
            let played = with_members(conn, games)?;
            let matches = links
                .into_iter()
                .filter_map(|(number, table_id, game)| {
                    let played = played.iter().find(|club| club.summary.id.0 == game)?.clone();
                    Some(TournamentMatch { number, table_id, played })
                })
                .collect();
            Ok(Some((row, matches)))
        })
    }

    /// Marks the tournament `id` as over, at the time of the call, unless
    /// it is already.
    ///
    /// # Errors
    ///
    /// A failed write.
    pub fn finish_tournament(&self, id: TournamentId) -> Result<(), StoreError> {
        self.write(|conn| {
            conn.execute(
                "UPDATE tournaments SET finished_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
                 WHERE id = ?1 AND finished_at IS NULL",
                [id.0],
            )?;
            Ok(())
        })
    }
}

impl Writer {
    /// Queues linking match `number` of tournament `tournament` to `game`,
    /// played at the browser table `table_id`, on `line`: written after
    /// the match's start and before its moves.
    pub fn link_tournament(
        &self,
        line: &Line,
        game: &GameSlot,
        tournament: TournamentId,
        number: u16,
        table_id: String,
    ) {
        let game = game.clone();
        self.submit(line, move |conn| {
            conn.execute(
                "INSERT INTO tournament_matches (tournament_id, match_number, table_id, game_id)
                 VALUES (?1, ?2, ?3, ?4)",
                params![tournament.0, number, table_id, game.id()?.0],
            )?;
            Ok(())
        });
    }
}

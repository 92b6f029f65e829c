//! The browser's tables: what `crib serve` needs, besides the matches
//! themselves, to offer a table again after a restart.
//!
//! A table row names the table's current match (saved like any other) and
//! holds what the match does not: who sits opposite the host, the table's
//! seed, how many matches were begun at it, whether the guest joined, and a
//! hash of each seat's token. The store never sees a token: the server
//! hashes it with [`token_hash`](crate::token_hash), and the store keeps the
//! text of the hash and gives it back.

use crib_core::MatchLength;
use rusqlite::{Connection, OptionalExtension, params};

use crate::codec::{length_from_sql, length_to_sql, seed_from_sql, seed_to_sql};
use crate::{GameId, Store, StoreError};

/// One browser table as saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebTable {
    /// The table's id, as in its link.
    pub table_id: String,
    /// The match being played at it now.
    pub game: GameId,
    /// Who sits at each seat, seat 0 first, in the server's words (`you`,
    /// `person`, `computer:basic`).
    pub seats: Vec<String>,
    /// The table's seed: each match's seed follows from it.
    pub seed: u64,
    /// How long each match at the table is.
    pub length: MatchLength,
    /// Matches begun at the table.
    pub matches: u64,
    /// Whether each seat is taken, seat 0 first.
    pub joined: Vec<bool>,
    /// A hash of each seat's token, seat 0 first.
    pub token_hashes: Vec<String>,
    /// Whether the table is listed in the club's lobby, where anyone may
    /// take a free seat; a table not listed is by invitation only.
    pub listed: bool,
    /// The member at each seat, if a member sat there, seat 0 first (empty
    /// for a table saved before the club's record).
    pub members: Vec<Option<SeatMember>>,
    /// Whether the table's matches are rated.
    pub rated: bool,
    /// The table's move clock: the seconds a person has for each move, if
    /// the table has one.
    pub clock: Option<u32>,
}

/// A member at a table's seat, as the table's row keeps them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatMember {
    /// Their number.
    pub id: i64,
    /// Their name.
    pub name: String,
}

/// The columns of a table's row that [`table_row`] reads, in its order.
const TABLE_COLUMNS: &str = "web_tables.table_id, web_tables.game_id, web_tables.seed,
     web_tables.games_to_win, web_tables.matches, web_tables.seat_kinds,
     web_tables.seat_joined, web_tables.seat_hashes, web_tables.all_played, web_tables.listed,
     web_tables.seat_members, web_tables.rated, web_tables.clock";

/// A table's row as read, before its JSON columns are.
struct TableRow {
    table_id: String,
    game: GameId,
    seed: u64,
    length: MatchLength,
    matches: u64,
    json: [String; 4],
    listed: bool,
    rated: bool,
    clock: Option<u32>,
}

fn table_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<TableRow> {
    Ok(TableRow {
        table_id: row.get(0)?,
        game: GameId(row.get(1)?),
        seed: seed_from_sql(row.get(2)?),
        length: length_from_sql(row.get(3)?, row.get(8)?),
        matches: u64::try_from(row.get::<_, i64>(4)?).unwrap_or(0),
        json: [row.get(5)?, row.get(6)?, row.get(7)?, row.get(10)?],
        listed: row.get(9)?,
        rated: row.get(11)?,
        clock: row.get(12)?,
    })
}

impl TableRow {
    /// The table, its JSON columns read.
    fn table(self) -> Result<WebTable, StoreError> {
        let TableRow { table_id, game, seed, length, matches, json, listed, rated, clock } = self;
        let unreadable = |what: &'static str, text: &str| StoreError::Unreadable {
            game,
            what,
            text: text.to_owned(),
        };
        let [kinds, joined, hashes, members] = json;
        Ok(WebTable {
            table_id,
            game,
            seats: serde_json::from_str(&kinds).map_err(|_| unreadable("seats", &kinds))?,
            seed,
            length,
            matches,
            joined: serde_json::from_str(&joined)
                .map_err(|_| unreadable("joined seats", &joined))?,
            token_hashes: serde_json::from_str(&hashes)
                .map_err(|_| unreadable("token hashes", &hashes))?,
            listed,
            members: serde_json::from_str(&members)
                .map_err(|_| unreadable("seat members", &members))?,
            rated,
            clock,
        })
    }
}

impl Store {
    /// Saves `table`, over any table saved under its id.
    ///
    /// # Errors
    ///
    /// No such match as `table.game`, a failed write.
    pub fn save_web_table(&self, table: &WebTable) -> Result<(), StoreError> {
        upsert_web_table(&self.writer(), table)
    }

    /// The table saved under `table_id`, if any.
    ///
    /// # Errors
    ///
    /// A failed read.
    pub fn web_table(&self, table_id: &str) -> Result<Option<WebTable>, StoreError> {
        self.read(|conn| {
            conn.query_row(
                &format!("SELECT {TABLE_COLUMNS} FROM web_tables WHERE table_id = ?1"),
                [table_id],
                table_row,
            )
            .optional()?
            .map(TableRow::table)
            .transpose()
        })
    }

    /// The tables listed in the lobby whose match is still being played,
    /// the newest first, at most `limit` of them.
    ///
    /// # Errors
    ///
    /// A failed read, or an unreadable row.
    pub fn listed_web_tables(&self, limit: usize) -> Result<Vec<WebTable>, StoreError> {
        self.read(|conn| {
            let mut query = conn.prepare_cached(&format!(
                "SELECT {TABLE_COLUMNS} FROM web_tables JOIN games ON games.id = web_tables.game_id
                 WHERE web_tables.listed = 1 AND games.status = 'playing'
                 ORDER BY web_tables.game_id DESC LIMIT ?1"
            ))?;
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let rows = query.query_map([limit], table_row)?.collect::<Result<Vec<_>, _>>()?;
            rows.into_iter().map(TableRow::table).collect()
        })
    }
}

/// Saves `table`, over any table saved under its id, in the caller's
/// transaction.
pub(crate) fn upsert_web_table(conn: &Connection, table: &WebTable) -> Result<(), StoreError> {
    let matches = i64::try_from(table.matches).unwrap_or(i64::MAX);
    let json = |value: serde_json::Value| value.to_string();
    // The two-seat columns of the third schema keep seats 0 and 1.
    let hash = |seat: usize| table.token_hashes.get(seat).cloned().unwrap_or_default();
    conn.execute(
        "INSERT INTO web_tables (table_id, game_id, opponent, seed, games_to_win, matches,
                                 joined, token_hash_0, token_hash_1,
                                 seat_kinds, seat_joined, seat_hashes, all_played, listed,
                                 seat_members, rated, clock)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
         ON CONFLICT (table_id) DO UPDATE SET
             game_id = excluded.game_id, opponent = excluded.opponent,
             seed = excluded.seed, games_to_win = excluded.games_to_win,
             matches = excluded.matches, joined = excluded.joined,
             token_hash_0 = excluded.token_hash_0, token_hash_1 = excluded.token_hash_1,
             seat_kinds = excluded.seat_kinds, seat_joined = excluded.seat_joined,
             seat_hashes = excluded.seat_hashes, all_played = excluded.all_played,
             listed = excluded.listed, seat_members = excluded.seat_members,
             rated = excluded.rated, clock = excluded.clock",
        params![
            table.table_id,
            table.game.0,
            table.seats.get(1).cloned().unwrap_or_default(),
            seed_to_sql(table.seed),
            length_to_sql(table.length).0,
            matches,
            table.joined.iter().all(|&joined| joined),
            hash(0),
            hash(1),
            json(serde_json::json!(table.seats)),
            json(serde_json::json!(table.joined)),
            json(serde_json::json!(table.token_hashes)),
            length_to_sql(table.length).1,
            table.listed,
            json(serde_json::json!(table.members)),
            table.rated,
            table.clock,
        ],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crib_core::{Match, MatchLength};

    use super::*;
    use crate::testing::setup;

    #[test]
    fn a_table_is_saved_updated_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("crib.db")).unwrap();
        let setup = setup(3);
        let (_, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
        let game = store.start(&setup, &opening).unwrap();
        let mut table = WebTable {
            table_id: "abc".to_owned(),
            game,
            seats: vec!["you".to_owned(), "person".to_owned(), "computer:expert".to_owned()],
            seed: u64::MAX,
            length: MatchLength::CLUB,
            matches: 1,
            joined: vec![true, false, true],
            token_hashes: vec!["h0".to_owned(), "h1".to_owned(), "h2".to_owned()],
            listed: false,
            members: vec![Some(SeatMember { id: 4, name: "Ann".to_owned() }), None, None],
            rated: true,
            clock: Some(30),
        };
        store.save_web_table(&table).unwrap();
        assert_eq!(store.web_table("abc").unwrap(), Some(table.clone()));
        table.joined[1] = true;
        table.members[1] = Some(SeatMember { id: 5, name: "Bo".to_owned() });
        table.matches = 2;
        table.clock = None;
        store.save_web_table(&table).unwrap();
        assert_eq!(store.web_table("abc").unwrap(), Some(table));
        assert_eq!(store.web_table("abd").unwrap(), None);
    }

    #[test]
    fn the_lobby_lists_the_listed_tables_still_played_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("crib.db")).unwrap();
        let mut tables = Vec::new();
        for (seed, listed) in [(1, true), (2, false), (3, true), (4, true)] {
            let setup = setup(seed);
            let (_, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
            let game = store.start(&setup, &opening).unwrap();
            let table = WebTable {
                table_id: format!("t{seed}"),
                game,
                seats: vec!["you".to_owned(), "person".to_owned()],
                seed,
                length: MatchLength::SINGLE,
                matches: 1,
                joined: vec![true, false],
                token_hashes: vec!["h0".to_owned(), "h1".to_owned()],
                listed,
                members: Vec::new(),
                rated: false,
                clock: None,
            };
            store.save_web_table(&table).unwrap();
            tables.push(table);
        }
        // The match at the fourth table is given up: it is not open.
        store.give_up(tables[3].game, None).unwrap();
        let ids = |limit| -> Vec<String> {
            let listed = store.listed_web_tables(limit).unwrap();
            listed.into_iter().map(|table| table.table_id).collect()
        };
        assert_eq!(ids(10), ["t3", "t1"]);
        assert_eq!(ids(1), ["t3"]);
        assert_eq!(store.listed_web_tables(10).unwrap()[1], tables[0]);
    }
}

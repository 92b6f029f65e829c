//! The browser's tables: what `crib serve` needs, besides the matches
//! themselves, to offer a table again after a restart.
//!
//! A table row names the table's current match (saved like any other) and
//! holds what the match does not: who sits opposite the host, the table's
//! seed, how many matches were begun at it, whether the guest joined, and a
//! hash of each seat's token. The store never sees a token, and does not
//! know how its hash is made: it keeps text and gives it back.

use rusqlite::{OptionalExtension, params};

use crate::store::{seed_from_sql, seed_to_sql};
use crate::{GameId, Store, StoreError};

/// One browser table as saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebTable {
    /// The table's id, as in its link.
    pub table_id: String,
    /// The match being played at it now.
    pub game: GameId,
    /// Who sits opposite the host, in the server's words (`basic`,
    /// `random`, `person`).
    pub opponent: String,
    /// The table's seed: each match's seed follows from it.
    pub seed: u64,
    /// Games a side must win to win a match.
    pub games_to_win: u32,
    /// Matches begun at the table.
    pub matches: u64,
    /// Whether the guest seat is taken.
    pub joined: bool,
    /// A hash of each seat's token, seat 0 first.
    pub token_hashes: [String; 2],
}

impl Store {
    /// Saves `table`, over any table saved under its id.
    ///
    /// # Errors
    ///
    /// No such match as `table.game`, a failed write.
    pub fn save_web_table(&self, table: &WebTable) -> Result<(), StoreError> {
        let matches = i64::try_from(table.matches).unwrap_or(i64::MAX);
        let conn = self.writer();
        conn.execute(
            "INSERT INTO web_tables (table_id, game_id, opponent, seed, games_to_win, matches,
                                     joined, token_hash_0, token_hash_1)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (table_id) DO UPDATE SET
                 game_id = excluded.game_id, opponent = excluded.opponent,
                 seed = excluded.seed, games_to_win = excluded.games_to_win,
                 matches = excluded.matches, joined = excluded.joined,
                 token_hash_0 = excluded.token_hash_0, token_hash_1 = excluded.token_hash_1",
            params![
                table.table_id,
                table.game.0,
                table.opponent,
                seed_to_sql(table.seed),
                table.games_to_win,
                matches,
                table.joined,
                table.token_hashes[0],
                table.token_hashes[1],
            ],
        )?;
        Ok(())
    }

    /// The table saved under `table_id`, if any.
    ///
    /// # Errors
    ///
    /// A failed read.
    pub fn web_table(&self, table_id: &str) -> Result<Option<WebTable>, StoreError> {
        self.read(|conn| {
            let table = conn
                .query_row(
                    "SELECT game_id, opponent, seed, games_to_win, matches, joined,
                            token_hash_0, token_hash_1
                     FROM web_tables WHERE table_id = ?1",
                    [table_id],
                    |row| {
                        Ok(WebTable {
                            table_id: table_id.to_owned(),
                            game: GameId(row.get(0)?),
                            opponent: row.get(1)?,
                            seed: seed_from_sql(row.get(2)?),
                            games_to_win: row.get(3)?,
                            matches: u64::try_from(row.get::<_, i64>(4)?).unwrap_or(0),
                            joined: row.get(5)?,
                            token_hashes: [row.get(6)?, row.get(7)?],
                        })
                    },
                )
                .optional()?;
            Ok(table)
        })
    }
}

#[cfg(test)]
mod tests {
    use crib_core::Match;

    use super::*;
    use crate::testing::setup;

    #[test]
    fn a_table_is_saved_updated_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("crib.db")).unwrap();
        let setup = setup(3);
        let (_, opening) = Match::new(setup.config, setup.games_to_win, setup.seed).unwrap();
        let game = store.start(&setup, &opening).unwrap();
        let mut table = WebTable {
            table_id: "abc".to_owned(),
            game,
            opponent: "person".to_owned(),
            seed: u64::MAX,
            games_to_win: 2,
            matches: 1,
            joined: false,
            token_hashes: ["h0".to_owned(), "h1".to_owned()],
        };
        store.save_web_table(&table).unwrap();
        assert_eq!(store.web_table("abc").unwrap(), Some(table.clone()));
        table.joined = true;
        table.matches = 2;
        store.save_web_table(&table).unwrap();
        assert_eq!(store.web_table("abc").unwrap(), Some(table));
        assert_eq!(store.web_table("abd").unwrap(), None);
    }
}

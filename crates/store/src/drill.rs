//! Counting practice as saved: every answer a person gave in a drill, in
//! the terminal or the browser, and their record over all of them.
//!
//! A row keeps the hand as it was dealt (its cards, and the drill's seed and
//! number that deal it again), the person's count by kind and their time.
//! The grade is stored too, for anyone reading the file, but what the
//! program reads back is graded again from the cards and the answer, so the
//! record always agrees with the counter.

use crib_core::{CountByKind, DrillHand, DrillRecord, Grade, Rules, Show, parse_cards};
use rusqlite::params;

use crate::codec::{seed_from_sql, seed_to_sql};
use crate::{Store, StoreError};

/// Where a drill was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrillPlace {
    /// `crib drill`, in the terminal.
    Terminal,
    /// The drill page of `crib serve`.
    Browser,
}

impl DrillPlace {
    /// The place as saved: `terminal` or `browser`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            DrillPlace::Terminal => "terminal",
            DrillPlace::Browser => "browser",
        }
    }
}

/// One answer of a drill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrillAnswer {
    /// Who answered (`me` for the person at the terminal or the browser).
    pub player: String,
    /// Where.
    pub place: DrillPlace,
    /// The hand or crib that was counted.
    pub hand: DrillHand,
    /// The count given, by kind.
    pub answer: CountByKind,
    /// How long the answer took, in milliseconds, from the hand being shown.
    pub millis: u64,
}

impl DrillAnswer {
    /// The answer graded against the true count.
    #[must_use]
    pub fn grade(&self) -> Grade {
        self.hand.grade(self.answer)
    }

    /// The answer graded, and its time: what a [`DrillRecord`] adds up.
    #[must_use]
    pub fn grade_and_millis(&self) -> (Grade, u64) {
        (self.grade(), self.millis)
    }
}

impl Store {
    /// Saves one answer of a drill; returns its row's id.
    ///
    /// # Errors
    ///
    /// A failed write.
    pub fn save_drill_answer(&self, answer: &DrillAnswer) -> Result<i64, StoreError> {
        let grade = answer.grade();
        let json = |points: CountByKind| {
            serde_json::to_string(&points).expect("points by kind are plain numbers")
        };
        let show = answer.hand.show;
        let conn = self.writer();
        conn.execute(
            "INSERT INTO drill_answers (player, place, seed, number, hand, starter, crib, points,
                                        answered, truth, answer, missed, over, millis)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            params![
                answer.player,
                answer.place.as_str(),
                seed_to_sql(answer.hand.seed),
                answer.hand.number,
                show.hand().to_string(),
                show.starter().to_string(),
                answer.hand.is_crib(),
                grade.truth.total(),
                grade.answer.total(),
                json(grade.truth),
                json(grade.answer),
                json(grade.missed),
                json(grade.over),
                i64::try_from(answer.millis).unwrap_or(i64::MAX),
            ],
        )?;
        Ok(conn.last_insert_rowid())
    }

    /// Every drill answer of the player named `player`, oldest first.
    ///
    /// # Errors
    ///
    /// A failed read; a row whose cards or answer cannot be read back.
    pub fn drill_answers(&self, player: &str) -> Result<Vec<DrillAnswer>, StoreError> {
        self.read(|conn| {
            let mut statement = conn.prepare(
                "SELECT id, place, seed, number, hand, starter, crib, answer, millis
                 FROM drill_answers WHERE player = ?1 ORDER BY id",
            )?;
            let rows = statement.query_map([player], |row| {
                Ok(Row {
                    id: row.get(0)?,
                    place: row.get(1)?,
                    seed: seed_from_sql(row.get(2)?),
                    number: row.get(3)?,
                    hand: row.get(4)?,
                    starter: row.get(5)?,
                    crib: row.get(6)?,
                    answer: row.get(7)?,
                    millis: row.get(8)?,
                })
            })?;
            rows.map(|row| row?.read(player)).collect()
        })
    }

    /// The record of the player named `player` over their drill answers.
    ///
    /// # Errors
    ///
    /// As [`Store::drill_answers`].
    pub fn drill_record(&self, player: &str) -> Result<DrillRecord, StoreError> {
        Ok(DrillRecord::of(self.drill_answers(player)?.iter().map(DrillAnswer::grade_and_millis)))
    }
}

/// A row as SQLite gives it, before its text is read.
struct Row {
    id: i64,
    place: String,
    seed: u64,
    number: u32,
    hand: String,
    starter: String,
    crib: bool,
    answer: String,
    millis: i64,
}

impl Row {
    fn read(self, player: &str) -> Result<DrillAnswer, StoreError> {
        let id = self.id;
        let unreadable = |what: &'static str, text: &str| StoreError::UnreadableDrill {
            id,
            what,
            text: text.to_owned(),
        };
        let place = match self.place.as_str() {
            "terminal" => DrillPlace::Terminal,
            "browser" => DrillPlace::Browser,
            other => return Err(unreadable("place", other)),
        };
        let cards = format!("{} {}", self.hand, self.starter);
        let show = parse_cards(&cards)
            .ok()
            .and_then(|cards| Show::from_five(&cards).ok())
            .ok_or_else(|| unreadable("cards", &cards))?;
        let answer: CountByKind =
            serde_json::from_str(&self.answer).map_err(|_| unreadable("answer", &self.answer))?;
        let rules = if self.crib { Rules::Crib } else { Rules::Hand };
        Ok(DrillAnswer {
            player: player.to_owned(),
            place,
            hand: DrillHand { seed: self.seed, number: self.number, show, rules },
            answer,
            millis: u64::try_from(self.millis).unwrap_or(0),
        })
    }
}

//! The deal of the day as kept: the club's secret seed of the days' deals,
//! and each member's rounds of each day, with their decisions graded.
//!
//! The secret is made once, by the migration that makes these tables (the
//! eleventh schema), from the operating system's generator, and read by the
//! server; no answer ever holds it. A round is kept as its actions (both seats', from the deal on,
//! in the words of the engine protocol, as a match's are), one row a member
//! and a round of a day, so that a member plays each round once and a
//! round played in part goes on where it stopped. Once the round is over
//! its row says so, and holds the member's decisions as the expert graded
//! them, in a row each, for the day's answers and ranking to read without
//! grading again.

use crib_core::{Action, Card, CardSet, Seat, parse_cards};
use rusqlite::{Connection, params};

use crate::codec::{action_text, parse_action};
use crate::schema::DAILY_SECRET as SECRET;
use crate::{Line, MemberId, Store, StoreError, Writer};

/// What a graded decision of the deal of the day was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DailyChoice {
    /// The cards given to the crib.
    Discard,
    /// A card played when more than one fitted.
    Play,
}

/// One decision of a member's round, as the expert graded it.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyDecision {
    /// A discard or a play.
    pub kind: DailyChoice,
    /// The cards the member held: the six dealt, for the discard.
    pub hand: CardSet,
    /// Every card played in the round before this one, by either seat, in
    /// order (none for the discard).
    pub played: Vec<Card>,
    /// What the member chose: the two cards given, or the card played.
    pub chosen: CardSet,
    /// What the expert chooses.
    pub best: CardSet,
    /// The expected points given up: never negative.
    pub cost: f64,
}

/// One member's round of one day.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyRound {
    /// The day, `YYYY-MM-DD`.
    pub day: String,
    /// The member.
    pub member: MemberId,
    /// The round, from 1.
    pub round: u32,
    /// Every action of the round so far, by either seat, in order: the
    /// deal first.
    pub moves: Vec<(Seat, Action)>,
    /// Once the round is over, the member's decisions graded, in order.
    pub graded: Option<Vec<DailyDecision>>,
}

impl DailyRound {
    /// Whether the round is over (and graded).
    #[must_use]
    pub const fn finished(&self) -> bool {
        self.graded.is_some()
    }

    /// The expected points the member gave up in the round, once it is over.
    #[must_use]
    pub fn given_up(&self) -> Option<f64> {
        self.graded.as_ref().map(|graded| graded.iter().map(|decision| decision.cost).sum())
    }
}

impl Store {
    /// The club's secret seed of the deals of the day, made with the
    /// database.
    ///
    /// # Errors
    ///
    /// A failed read; a setting that is not a number.
    pub fn daily_secret(&self) -> Result<u64, StoreError> {
        self.read(|conn| {
            let text: String =
                conn.query_row("SELECT value FROM settings WHERE name = ?1", [SECRET], |row| {
                    row.get(0)
                })?;
            text.parse().map_err(|_| StoreError::UnreadableSetting(SECRET))
        })
    }

    /// Saves `round`, over any saved for its member, day and round.
    ///
    /// # Errors
    ///
    /// No such member; a failed write.
    pub fn save_daily_round(&self, round: &DailyRound) -> Result<(), StoreError> {
        let mut conn = self.writer();
        let tx = conn.transaction()?;
        upsert_daily_round(&tx, round)?;
        tx.commit()?;
        Ok(())
    }

    /// Every member's rounds of `day` (`YYYY-MM-DD`), each with the
    /// member's name, by member and round.
    ///
    /// # Errors
    ///
    /// A failed read; a row that cannot be read back.
    pub fn daily_rounds(&self, day: &str) -> Result<Vec<(String, DailyRound)>, StoreError> {
        self.read(|conn| {
            let mut query = conn.prepare_cached(
                "SELECT members.name, daily_rounds.member_id, daily_rounds.round,
                        daily_rounds.moves, daily_rounds.finished_at IS NOT NULL
                 FROM daily_rounds JOIN members ON members.id = daily_rounds.member_id
                 WHERE daily_rounds.day = ?1
                 ORDER BY daily_rounds.member_id, daily_rounds.round",
            )?;
            let rows = query.query_map([day], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    MemberId(row.get(1)?),
                    row.get::<_, u32>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, bool>(4)?,
                ))
            })?;
            let mut rounds = Vec::new();
            for row in rows {
                let (name, member, round, moves, finished) = row?;
                let graded =
                    if finished { Some(decisions(conn, day, member, round)?) } else { None };
                let moves = parse_moves(&moves).ok_or_else(|| unreadable("moves", &moves))?;
                rounds
                    .push((name, DailyRound { day: day.to_owned(), member, round, moves, graded }));
            }
            Ok(rounds)
        })
    }

    /// The round `round` of `day` of `member`, if it was begun.
    ///
    /// # Errors
    ///
    /// As [`Store::daily_rounds`].
    pub fn daily_round(
        &self,
        day: &str,
        member: MemberId,
        round: u32,
    ) -> Result<Option<DailyRound>, StoreError> {
        // A day's rounds are few: read them all rather than write the query
        // twice.
        Ok(self
            .daily_rounds(day)?
            .into_iter()
            .map(|(_, saved)| saved)
            .find(|saved| saved.member == member && saved.round == round))
    }
}

impl Writer {
    /// Queues saving `round` on `line`, as [`Store::save_daily_round`] does.
    pub fn save_daily_round(&self, line: &Line, round: DailyRound) {
        self.submit(line, move |conn| upsert_daily_round(conn, &round));
    }
}

/// A row that cannot be read back.
fn unreadable(what: &'static str, text: &str) -> StoreError {
    StoreError::UnreadableDaily { what, text: text.to_owned() }
}

/// Writes `round`'s row, and its decisions once it is over.
fn upsert_daily_round(conn: &Connection, round: &DailyRound) -> Result<(), StoreError> {
    let finished = round.finished();
    conn.execute(
        "INSERT INTO daily_rounds (day, member_id, round, moves, finished_at)
         VALUES (?1, ?2, ?3, ?4, CASE WHEN ?5 THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') END)
         ON CONFLICT (day, member_id, round) DO UPDATE SET
             moves = excluded.moves,
             finished_at = coalesce(daily_rounds.finished_at, excluded.finished_at)",
        params![round.day, round.member.0, round.round, moves_text(&round.moves), finished],
    )?;
    let Some(graded) = &round.graded else { return Ok(()) };
    conn.execute(
        "DELETE FROM daily_decisions WHERE day = ?1 AND member_id = ?2 AND round = ?3",
        params![round.day, round.member.0, round.round],
    )?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO daily_decisions
             (day, member_id, round, number, kind, hand, played, chosen, best, cost)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for (number, decision) in graded.iter().enumerate() {
        let kind = match decision.kind {
            DailyChoice::Discard => "discard",
            DailyChoice::Play => "play",
        };
        let played: Vec<String> = decision.played.iter().map(Card::to_string).collect();
        insert.execute(params![
            round.day,
            round.member.0,
            round.round,
            i64::try_from(number).unwrap_or(i64::MAX),
            kind,
            decision.hand.to_string(),
            played.join(" "),
            decision.chosen.to_string(),
            decision.best.to_string(),
            decision.cost,
        ])?;
    }
    Ok(())
}

/// The decisions saved for a round, in order.
fn decisions(
    conn: &Connection,
    day: &str,
    member: MemberId,
    round: u32,
) -> Result<Vec<DailyDecision>, StoreError> {
    let mut query = conn.prepare_cached(
        "SELECT kind, hand, played, chosen, best, cost FROM daily_decisions
         WHERE day = ?1 AND member_id = ?2 AND round = ?3 ORDER BY number",
    )?;
    let rows = query.query_map(params![day, member.0, round], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
            row.get::<_, String>(3)?,
            row.get::<_, String>(4)?,
            row.get::<_, f64>(5)?,
        ))
    })?;
    let set = |what, text: &str| {
        parse_cards(text)
            .ok()
            .and_then(|cards| CardSet::from_distinct(cards).ok())
            .ok_or_else(|| unreadable(what, text))
    };
    let mut graded = Vec::new();
    for row in rows {
        let (kind, hand, played, chosen, best, cost) = row?;
        let kind = match kind.as_str() {
            "discard" => DailyChoice::Discard,
            "play" => DailyChoice::Play,
            other => return Err(unreadable("kind", other)),
        };
        graded.push(DailyDecision {
            kind,
            hand: set("hand", &hand)?,
            played: parse_cards(&played).map_err(|_| unreadable("played", &played))?,
            chosen: set("choice", &chosen)?,
            best: set("choice", &best)?,
            cost,
        });
    }
    Ok(graded)
}

/// Actions as saved: a line each, the seat's number and the action.
fn moves_text(moves: &[(Seat, Action)]) -> String {
    let lines: Vec<String> =
        moves.iter().map(|(seat, action)| format!("{seat} {}", action_text(*action))).collect();
    lines.join("\n")
}

/// Reads actions written by [`moves_text`].
fn parse_moves(text: &str) -> Option<Vec<(Seat, Action)>> {
    text.lines()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (seat, action) = line.split_once(' ')?;
            Some((Seat::new(seat.parse().ok()?)?, parse_action(action)?))
        })
        .collect()
}

//! Counting practice in the browser: the server's side of the drill page.
//!
//! The server deals the hands from the drill's seed and grades each answer
//! itself, timing it from the moment it sent the hand, so that what is saved
//! is what was shown and what was answered, never what a page says of
//! itself. A drill is found by an unguessable id and belongs to whoever
//! started it: its state and its answers need the secret token it was
//! started with, as a seat's do. The server keeps at most [`MAX_DRILLS`] of
//! them, dropping the least recently used to start another (new drills are
//! rate-limited by the guard, as new games are). Each answer is saved (with saved games) as the terminal's drill
//! saves it, under the person's name, `me`, so `crib stats me` shows both.
//!
//! Routes (in `api`'s router):
//!
//! - `POST /api/drills` with `{"hands": 10, "cribs": false, "seed": 7}`
//!   (each optional) starts a drill: `201`, its token and its state, the
//!   first hand.
//! - `GET /api/drills/{id}`: the drill's state (with its token, as
//!   `Authorization: Bearer <token>`, as for the rest).
//! - `POST /api/drills/{id}/answer` with `{"number": 0, "points":
//!   {"fifteens": 4, "pairs": 2}}` (kinds left out are 0): the grade, the
//!   count in the narration's words, the time, and the drill's next state.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use crib_core::{Card, CardSet, CountByKind, DrillHand, DrillRecord};
use crib_store::{DrillAnswer, DrillPlace};
use crib_table::narrate;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::store::{Key, Secret};

/// The most drills the server keeps at once.
pub const MAX_DRILLS: usize = 1000;

/// The most hands a drill may have.
pub const MAX_DRILL_HANDS: u32 = 100;

/// The name answers are saved under: the person at the browser, as at the
/// terminal.
const ME: &str = "me";

/// The drills under way.
#[derive(Debug, Default)]
pub(crate) struct Drills {
    held: Mutex<HashMap<String, Session>>,
}

/// One drill.
#[derive(Debug)]
struct Session {
    /// Whoever started the drill holds its token.
    key: Key,
    seed: u64,
    hands: u32,
    cribs: bool,
    /// The hand shown, and when it was sent.
    hand: DrillHand,
    shown_at: Instant,
    answers: Vec<DrillAnswer>,
    used: Instant,
}

/// The body of a new drill.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewDrill {
    /// How many hands: 10 without it.
    hands: Option<u32>,
    /// Whether some hands are cribs.
    cribs: Option<bool>,
    /// The hands follow from it; the server's next seed without it. A
    /// number or a string of digits.
    #[serde(default, deserialize_with = "crate::seed::optional")]
    seed: Option<u64>,
}

/// The body of an answer.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnswerBody {
    /// The hand answered, from 0: it must be the one shown.
    number: u32,
    /// The points by kind.
    points: CountByKind,
}

/// A hand as the page shows it.
#[derive(Debug, Serialize)]
pub(crate) struct HandJson {
    number: u32,
    cards: CardSet,
    starter: Card,
    crib: bool,
}

/// A drill's state.
#[derive(Debug, Serialize)]
pub(crate) struct DrillState {
    drill: String,
    /// As a string: a JavaScript number would round it.
    #[serde(serialize_with = "crate::seed::as_text")]
    seed: u64,
    hands: u32,
    cribs: bool,
    /// The hand to count, until the drill is over.
    hand: Option<HandJson>,
    answered: usize,
    right: usize,
    /// Once the drill is over, its record in the narration's words.
    summary: Option<Vec<String>>,
}

/// A drill just started: its token, which its state and answers need, and
/// its state.
#[derive(Debug, Serialize)]
pub(crate) struct DrillStarted {
    token: String,
    #[serde(flatten)]
    state: DrillState,
}

/// A graded answer.
#[derive(Debug, Serialize)]
pub(crate) struct Graded {
    number: u32,
    truth: CountByKind,
    answer: CountByKind,
    missed: CountByKind,
    over: CountByKind,
    right: bool,
    /// The answer said as a claim, with the true count spoken.
    count: String,
    /// What was missed and over-counted.
    verdict: String,
    /// The true count as players say it.
    spoken: String,
    millis: u64,
    time: String,
    /// The drill after this answer.
    state: DrillState,
}

impl Drills {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Session>> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts a drill; `seed` gives the seed when the request has none.
    pub(crate) fn start(
        &self,
        request: &NewDrill,
        seed: impl FnOnce() -> Result<u64, ApiError>,
    ) -> Result<DrillStarted, ApiError> {
        let hands = request.hands.unwrap_or(10);
        if !(1..=MAX_DRILL_HANDS).contains(&hands) {
            return Err(ApiError::Malformed(format!("hands must be 1 to {MAX_DRILL_HANDS}")));
        }
        let cribs = request.cribs.unwrap_or(false);
        let seed = match request.seed {
            Some(seed) => seed,
            None => seed()?,
        };
        let id = Secret::new()?.as_str().to_owned();
        let key = Key::new()?;
        let token = key.token().unwrap_or_default().to_owned();
        let now = Instant::now();
        let session = Session {
            key,
            seed,
            hands,
            cribs,
            hand: DrillHand::dealt(seed, 0, cribs),
            shown_at: now,
            answers: Vec::new(),
            used: now,
        };
        let state = session.state(&id);
        let mut held = self.lock();
        if held.len() >= MAX_DRILLS
            && let Some(oldest) =
                held.iter().min_by_key(|(_, session)| session.used).map(|(id, _)| id.clone())
        {
            held.remove(&oldest);
        }
        held.insert(id, session);
        Ok(DrillStarted { token, state })
    }

    /// The state of drill `id`, for the holder of `token`.
    pub(crate) fn state(&self, id: &str, token: &str) -> Result<DrillState, ApiError> {
        let held = self.lock();
        let session = Session::owned(held.get(id), token)?;
        Ok(session.state(id))
    }

    /// Grades an answer to drill `id`, hands it to `save`, and shows the
    /// next hand.
    pub(crate) fn answer(
        &self,
        id: &str,
        token: &str,
        body: &AnswerBody,
        save: impl FnOnce(&DrillAnswer),
    ) -> Result<Graded, ApiError> {
        let mut held = self.lock();
        Session::owned(held.get(id), token)?;
        let session = held.get_mut(id).ok_or(ApiError::UnknownDrill)?;
        let now = Instant::now();
        session.used = now;
        let shown = session.shown();
        if shown != Some(body.number) {
            return Err(ApiError::NotThisHand(match shown {
                Some(number) => format!("hand {number} is the one to count, not {}", body.number),
                None => "the drill is over".to_owned(),
            }));
        }
        let millis =
            u64::try_from(now.duration_since(session.shown_at).as_millis()).unwrap_or(u64::MAX);
        let hand = session.hand;
        let answer = DrillAnswer {
            player: ME.to_owned(),
            place: DrillPlace::Browser,
            hand,
            answer: body.points,
            millis,
        };
        let grade = answer.grade();
        save(&answer);
        session.answers.push(answer);
        if body.number + 1 < session.hands {
            session.hand = DrillHand::dealt(session.seed, body.number + 1, session.cribs);
            session.shown_at = now;
        }
        Ok(Graded {
            number: body.number,
            truth: grade.truth,
            answer: grade.answer,
            missed: grade.missed,
            over: grade.over,
            right: grade.is_right(),
            count: narrate::drill_count(&hand, &grade),
            verdict: narrate::drill_verdict(&grade),
            spoken: hand.breakdown().spoken(),
            millis,
            time: narrate::seconds_text(millis),
            state: session.state(id),
        })
    }
}

impl Session {
    /// The drill found, if `token` is its.
    fn owned<'a>(found: Option<&'a Session>, token: &str) -> Result<&'a Session, ApiError> {
        let session = found.ok_or(ApiError::UnknownDrill)?;
        if session.key.opens(token) { Ok(session) } else { Err(ApiError::NotYourDrill) }
    }

    /// The number of the hand to count, until the drill is over.
    fn shown(&self) -> Option<u32> {
        let answered = u32::try_from(self.answers.len()).unwrap_or(u32::MAX);
        (answered < self.hands).then_some(answered)
    }

    fn state(&self, id: &str) -> DrillState {
        let hand = self.shown().map(|number| HandJson {
            number,
            cards: self.hand.show.hand(),
            starter: self.hand.show.starter(),
            crib: self.hand.is_crib(),
        });
        let done = hand.is_none();
        DrillState {
            drill: id.to_owned(),
            seed: self.seed,
            hands: self.hands,
            cribs: self.cribs,
            hand,
            answered: self.answers.len(),
            right: self.answers.iter().filter(|answer| answer.grade().is_right()).count(),
            summary: done.then(|| {
                narrate::drill_record(&DrillRecord::of(
                    self.answers.iter().map(DrillAnswer::grade_and_millis),
                ))
            }),
        }
    }
}

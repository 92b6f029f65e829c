//! The deal of the day on the server: every member plays the same
//! [`DAY_ROUNDS`] rounds against the expert ([`Day::rounds`]: four deals,
//! each from both seats, each round the first of a game at 0 to 0), their
//! decisions graded by the review ([`crib_table::review::review_moves`]),
//! then the expert's answers beside how the club chose, and the day's
//! ranking by the expected points given up.
//!
//! A round is played at a [`crib_table::Table`], the one driver, with the
//! member at one seat and the expert at the other, dealing on request: the
//! round is over when its shows are done and the next deal would be due.
//! Every action (the member's and the expert's answers) is saved before an
//! answer shows it, on the round's own line of the store's writer thread;
//! once the round is over its decisions are graded and saved with it. A
//! round not in memory (after a restart) is taken up from what was saved,
//! as a browser table is. Each member plays each round once, in order:
//! starting a round played is refused, and so is playing any day but
//! today (UTC).
//!
//! What is shown and to whom: a member's own rounds as they play them;
//! the answers (each of their decisions with the expert's choice and the
//! points given up, and the share of the members who played for each keep,
//! and for each play made from a position another member reached too) and
//! the ranking only once they have played every round of the day, or once
//! the day is over, for every member; a day to come is refused, so its
//! deals never leave the server, nor does the club's secret. A past day's
//! seed is shown: it deals the day again, and tells nothing of another's.
//!
//! Routes (merged into `api`'s router), for a signed-in member:
//!
//! - `GET /api/daily`: today's day; `GET /api/daily/{YYYY-MM-DD}`: that day's.
//! - `POST /api/daily/{day}/rounds/{n}`: starts round `n` (or takes it up):
//!   its state.
//! - `POST /api/daily/{day}/rounds/{n}/act` with `{"action": "discard",
//!   "cards": ["5H", "6S"]}`, `{"action": "play", "card": "5H"}` or
//!   `{"action": "go"}`: the member's move, the expert's answers, the state.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRef, Path, State as Shared};
use axum::routing::{get, post};
use axum::{Json, Router};
use crib_ai::Strategy;
use crib_club::{DAY_ROUNDS, Day, DayRound};
use crib_core::{
    Action, BySeat, Card, CardSet, Claims, Event, GameConfig, Match, MatchLength, Phase, Seat,
};
use crib_store::{
    DailyChoice, DailyDecision, DailyRound, GameId, Line, Member, MemberId, Move, NewGame, Player,
    Store, StoreError, Writer,
};
use crib_table::narrate::{Perspective, narrate};
use crib_table::review::{Graded, REVIEW_SEED, ReviewError, review_moves};
use crib_table::{
    BuiltInContestant, Dealing, RecordError, Recorder, Sitter, Table, TableError, TableSetup,
    Taken, error_chain,
};
use serde::{Deserialize, Serialize};

use crate::club::SignedIn;
use crate::error::{ApiError, parse};

/// The most rounds kept in memory at once; the least recently used goes
/// first, and is taken up again from the store when asked for.
pub const MAX_LIVE_ROUNDS: usize = 1000;

/// What the expert is called to the member.
const EXPERT: &str = "the expert";

/// The deal of the day as the server keeps it: where the rounds are saved,
/// the rounds being played, and the day it is. Cheap to clone: a handler's
/// state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Daily {
    saved: Option<Arc<Store>>,
    writer: Option<Arc<Writer>>,
    /// The day it is, if fixed (tests); the UTC date of the clock without.
    today: Option<Day>,
    live: Arc<Mutex<HashMap<RoundKey, Arc<Mutex<Live>>>>>,
}

/// A member's round of a day: the day, the member, the round's number.
type RoundKey = (Day, MemberId, u32);

/// A round being played.
struct Live {
    round: DayRound,
    table: Table,
    /// Every action taken at the table, as its recorder heard them.
    moves: Arc<Mutex<Vec<(Seat, Action)>>>,
    /// The round's writes, in order.
    line: Line,
    /// Once the round is over, the member's decisions graded.
    graded: Option<Vec<DailyDecision>>,
    used: Instant,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live").field("round", &self.round).finish_non_exhaustive()
    }
}

/// The recorder of a round: keeps every action taken, for the round's row.
struct Collect(Arc<Mutex<Vec<(Seat, Action)>>>);

impl Recorder for Collect {
    fn started(
        &mut self,
        _: &TableSetup,
        _: &BySeat<Sitter>,
        _: &[Event],
    ) -> Result<(), RecordError> {
        Ok(())
    }

    fn taken(
        &mut self,
        seat: Seat,
        action: Action,
        _: Claims,
        _: &[Event],
    ) -> Result<(), RecordError> {
        lock(&self.0).push((seat, action));
        Ok(())
    }

    fn given_up(&mut self, _: Option<Seat>) -> Result<(), RecordError> {
        Ok(())
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The setup of a round's match: two players to 121, a single game, from
/// the round's seed.
fn setup(round: &DayRound) -> TableSetup {
    TableSetup {
        config: GameConfig::default(),
        length: MatchLength::SINGLE,
        seed: round.seed,
        muggins: false,
        muggins_pegging: false,
    }
}

/// The seats of a round: the member at theirs, the expert at the other.
fn sitters(round: &DayRound, name: &str) -> BySeat<Sitter> {
    BySeat::new(GameConfig::default(), |seat| {
        if seat == round.seat {
            Sitter::person(name)
        } else {
            Sitter::program(BuiltInContestant::new(Strategy::Expert))
        }
    })
}

/// Whether the round is over: its shows done, the next deal due.
fn over(table: &Table) -> bool {
    let game = table.game();
    table.play().winner().is_some() || (game.round() >= 1 && game.phase() == Phase::Deal)
}

impl Live {
    /// Round `round`, dealt for `member`, the expert's first moves made.
    fn start(round: DayRound, member: &Member) -> Result<Live, TableError> {
        let moves = Arc::new(Mutex::new(Vec::new()));
        let recorder = Box::new(Collect(Arc::clone(&moves)));
        let mut table = Table::new(
            setup(&round),
            sitters(&round, &member.name),
            Dealing::OnRequest,
            Some(recorder),
        );
        table.start()?;
        table.advance()?;
        Ok(Live { round, table, moves, line: Line::new(), graded: None, used: Instant::now() })
    }

    /// A round taken up from what was saved of it.
    fn load(round: DayRound, member: &Member, saved: &DailyRound) -> Result<Live, TableError> {
        let moves = Arc::new(Mutex::new(saved.moves.clone()));
        let recorder = Box::new(Collect(Arc::clone(&moves)));
        let taken: Vec<Taken> = saved
            .moves
            .iter()
            .map(|&(seat, action)| Taken { seat, action, claims: Claims::NONE })
            .collect();
        let mut table = Table::resume(
            setup(&round),
            sitters(&round, &member.name),
            Dealing::OnRequest,
            Some(recorder),
            &taken,
        )?;
        // Saved between the member's move and the expert's answer.
        table.advance()?;
        let graded = saved.graded.clone();
        Ok(Live { round, table, moves, line: Line::new(), graded, used: Instant::now() })
    }

    /// The member's move, and the expert's answers.
    fn act(&mut self, action: Action) -> Result<(), ApiError> {
        if over(&self.table) {
            return Err(ApiError::DailyRefused(format!(
                "round {} is over: a member plays each round once",
                self.round.number
            )));
        }
        self.table.act(self.round.seat, action, Claims::NONE).map_err(refusal)?;
        self.table.advance().map_err(refusal)?;
        Ok(())
    }

    /// The round's row as it stands now.
    fn row(&self, day: Day, member: MemberId) -> DailyRound {
        DailyRound {
            day: day.to_string(),
            member,
            round: self.round.number,
            moves: lock(&self.moves).clone(),
            graded: self.graded.clone(),
        }
    }

    /// The round as its member sees it.
    fn state(&self, day: Day) -> RoundState {
        let seat = self.round.seat;
        let view = self.table.view(seat);
        let config = view.config;
        let names =
            BySeat::new(
                config,
                |other| {
                    if other == seat { "you".to_owned() } else { EXPERT.to_owned() }
                },
            );
        let perspective = Perspective::new(config, Some(seat), names);
        let events = self.table.events();
        // The cut for the deal is the match's, not the round's.
        let dealt = events.iter().position(|event| matches!(event, Event::Dealt { .. }));
        let lines = events[dealt.unwrap_or(events.len())..]
            .iter()
            .flat_map(|event| narrate(&event.for_seat(seat), &perspective).lines)
            .map(|line| line.text)
            .collect();
        let done = over(&self.table);
        let legal = if done { Vec::new() } else { view.legal_actions() };
        let expert = seat.next(config.players());
        let discarding = legal.iter().any(|action| matches!(action, Action::Discard(_)));
        RoundState {
            day,
            round: self.round.number,
            rounds: DAY_ROUNDS,
            deal: self.round.deal,
            deals: self.round.deals,
            hand: view.hand,
            kept: view.kept,
            starter: view.starter,
            count: view.pegging.count(),
            current: view.pegging.current().to_vec(),
            expert_holds: usize::from(view.pegging.held(expert)),
            scores: [
                view.board.score(config.side_of(seat)),
                view.board.score(config.side_of(expert)),
            ],
            discard: if discarding { config.discards() } else { 0 },
            playable: legal
                .iter()
                .filter_map(|action| match action {
                    Action::Play(card) => Some(*card),
                    _ => None,
                })
                .collect(),
            go: legal.contains(&Action::Go),
            lines,
            done,
        }
    }
}

/// A move the table refused, as the API answers it.
fn refusal(error: TableError) -> ApiError {
    match error {
        TableError::Illegal(illegal) => ApiError::Move(illegal.into()),
        other => ApiError::Failed(other.to_string()),
    }
}

/// The member's decisions of a round played by `moves`, graded by the
/// review's expert: the discard, and each play where more than one card
/// fitted, with the position it was made from.
///
/// # Errors
///
/// Moves that do not replay (a damaged row).
pub(crate) fn grade(
    round: &DayRound,
    name: &str,
    moves: &[(Seat, Action)],
) -> Result<Vec<DailyDecision>, ReviewError> {
    let players = GameConfig::default()
        .seats()
        .map(
            |seat| {
                if seat == round.seat { Player::person(name) } else { Player::computer("expert") }
            },
        )
        .collect();
    let setup = NewGame {
        seed: round.seed,
        config: GameConfig::default(),
        length: MatchLength::SINGLE,
        muggins: false,
        muggins_pegging: false,
        players,
    };
    let saved: Vec<Move> = moves
        .iter()
        .enumerate()
        .map(|(ply, &(seat, action))| Move {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            seat,
            action,
            claims: Claims::NONE,
            by_clock: false,
        })
        .collect();
    let review = review_moves(GameId(0), &setup, &saved, REVIEW_SEED)?;
    // Where each of the member's plays was made from: the hand held and
    // the cards played before it.
    let mut positions = BTreeMap::new();
    if let Ok((mut play, _)) = Match::new(GameConfig::default(), MatchLength::SINGLE, round.seed) {
        let mut played = Vec::new();
        for &Move { ply, seat, action, .. } in &saved {
            if let Action::Play(card) = action {
                if seat == round.seat {
                    positions.insert(ply, (play.view(seat).hand, played.clone()));
                }
                played.push(card);
            }
            if play.play(seat, action).is_err() {
                break;
            }
        }
    }
    Ok(review
        .decisions
        .iter()
        .filter_map(|decision| match decision.graded {
            Graded::Discard { dealt, chosen, best, .. } => Some(DailyDecision {
                kind: DailyChoice::Discard,
                hand: dealt,
                played: Vec::new(),
                chosen,
                best,
                cost: decision.cost,
            }),
            Graded::Play { card, best, .. } => {
                let (hand, played) = positions.get(&decision.ply)?.clone();
                Some(DailyDecision {
                    kind: DailyChoice::Play,
                    hand,
                    played,
                    chosen: CardSet::from(card),
                    best: CardSet::from(best),
                    cost: decision.cost,
                })
            }
            // Nobody counts their own shows here.
            Graded::Count { .. } | Graded::PegCount { .. } => None,
        })
        .collect())
}

/// A round as its member sees it while playing it.
#[derive(Debug, Serialize)]
pub(crate) struct RoundState {
    day: Day,
    /// The round, from 1.
    round: u32,
    /// The day's rounds.
    rounds: u32,
    /// The deal, from 1: rounds `n` and `n + 4` play the same one.
    deal: u32,
    /// Whether the member deals (and owns the crib).
    deals: bool,
    /// The cards the member holds.
    hand: CardSet,
    /// The four the member kept, once discarded.
    kept: CardSet,
    starter: Option<Card>,
    /// The count of the play, and its cards.
    count: u8,
    current: Vec<Card>,
    /// The cards the expert holds, face down.
    expert_holds: usize,
    /// The member's score and the expert's.
    scores: [u16; 2],
    /// Cards to give to the crib now (0 when not discarding).
    discard: usize,
    /// Cards that may be played now.
    playable: Vec<Card>,
    /// Whether the member must say go.
    go: bool,
    /// What happened, in the member's words, from the deal on.
    lines: Vec<String>,
    /// Whether the round is over.
    done: bool,
}

/// The body of a move.
#[derive(Debug, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
enum ActBody {
    Discard { cards: Vec<Card> },
    Play { card: Card },
    // Braced, so that a field beside `action` is refused.
    Go {},
}

/// One round of a day, as the day's page lists it.
#[derive(Debug, Serialize)]
struct RoundListed {
    round: u32,
    deal: u32,
    deals: bool,
    /// `new`, `playing` or `done`.
    state: &'static str,
}

/// A share of the members who played: how many chose `cards`, and their
/// share of all who made the decision.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Share {
    pub cards: CardSet,
    pub members: usize,
    pub share: f64,
}

/// The keep of a round: the expert's discard, the member's, and the club's.
#[derive(Debug, Serialize)]
struct KeepAnswer {
    /// The cards the expert gives to the crib, once anyone played the round.
    expert: Option<CardSet>,
    /// The member's, and the points it gave up, if they played it.
    yours: Option<CardSet>,
    given_up: Option<f64>,
    /// Each discard the members made, the most chosen first.
    shares: Vec<Share>,
}

/// One of the member's plays, graded.
#[derive(Debug, Serialize)]
struct PlayAnswer {
    /// The cards played before it in the round, in order.
    played: Vec<Card>,
    /// The member's hand.
    hand: CardSet,
    yours: CardSet,
    expert: CardSet,
    given_up: f64,
    /// Each card the members played from this position, when another
    /// member reached it too.
    shares: Option<Vec<Share>>,
}

/// The answers of one round.
#[derive(Debug, Serialize)]
struct RoundAnswers {
    round: u32,
    deal: u32,
    deals: bool,
    /// The six cards dealt to the member's seat.
    dealt: CardSet,
    keep: KeepAnswer,
    plays: Vec<PlayAnswer>,
    /// The points the member gave up in the round, if they played it.
    given_up: Option<f64>,
}

/// A member's place in the day's ranking.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Ranked {
    pub place: usize,
    pub name: String,
    pub given_up: f64,
    pub you: bool,
}

/// A day as a member sees it.
#[derive(Debug, Serialize)]
struct DayBody {
    day: Day,
    /// Whether it is today, the day that can be played.
    today: bool,
    rounds: Vec<RoundListed>,
    /// Whether the member has played every round.
    finished: bool,
    /// The members who have played every round.
    players: usize,
    /// The points the member gave up over the day, once finished.
    given_up: Option<f64>,
    /// Once the day is over, its seed (as a string: a JavaScript number
    /// would round it), which deals it again.
    seed: Option<String>,
    /// Once the member has finished, or the day is over.
    answers: Option<Vec<RoundAnswers>>,
    ranking: Option<Vec<Ranked>>,
}

/// The share of each choice among `chosen`, the most chosen first (then by
/// the cards).
pub(crate) fn shares(chosen: impl IntoIterator<Item = CardSet>) -> Vec<Share> {
    let mut counts: HashMap<CardSet, usize> = HashMap::new();
    let mut total = 0;
    for cards in chosen {
        *counts.entry(cards).or_default() += 1;
        total += 1;
    }
    let mut shares: Vec<Share> = counts
        .into_iter()
        .map(|(cards, members)| Share { cards, members, share: members as f64 / total as f64 })
        .collect();
    shares.sort_by(|one, other| {
        other
            .members
            .cmp(&one.members)
            .then_with(|| one.cards.to_string().cmp(&other.cards.to_string()))
    });
    shares
}

/// The members who played every round of a day, by the points they gave
/// up, the fewest first (then by name); `you` marks `viewer`.
pub(crate) fn ranking(rounds: &[(String, DailyRound)], viewer: MemberId) -> Vec<Ranked> {
    let mut totals: BTreeMap<MemberId, (String, u32, f64)> = BTreeMap::new();
    for (name, round) in rounds {
        if let Some(given_up) = round.given_up() {
            let total = totals.entry(round.member).or_insert_with(|| (name.clone(), 0, 0.0));
            total.1 += 1;
            total.2 += given_up;
        }
    }
    let mut ranked: Vec<(MemberId, String, f64)> = totals
        .into_iter()
        .filter(|(_, (_, played, _))| *played == DAY_ROUNDS)
        .map(|(member, (name, _, given_up))| (member, name, given_up))
        .collect();
    ranked.sort_by(|one, other| one.2.total_cmp(&other.2).then_with(|| one.1.cmp(&other.1)));
    ranked
        .into_iter()
        .enumerate()
        .map(|(index, (member, name, given_up))| Ranked {
            place: index + 1,
            name,
            given_up,
            you: member == viewer,
        })
        .collect()
}

/// The six cards dealt to the member's seat in `round`.
fn dealt(round: &DayRound) -> CardSet {
    let Ok((mut play, _)) = Match::new(GameConfig::default(), MatchLength::SINGLE, round.seed)
    else {
        return CardSet::EMPTY;
    };
    let dealer = play.game().dealer();
    if play.play(dealer, Action::Deal).is_err() {
        return CardSet::EMPTY;
    }
    play.view(round.seat).hand
}

/// The answers of every round of a day for `viewer`, from every member's
/// graded rounds.
fn answers(
    plan: &[DayRound],
    rounds: &[(String, DailyRound)],
    viewer: MemberId,
) -> Vec<RoundAnswers> {
    plan.iter()
        .map(|round| {
            let graded: Vec<(MemberId, &Vec<DailyDecision>)> = rounds
                .iter()
                .filter(|(_, saved)| saved.round == round.number)
                .filter_map(|(_, saved)| Some((saved.member, saved.graded.as_ref()?)))
                .collect();
            let keeps: Vec<&DailyDecision> = graded
                .iter()
                .filter_map(|(_, decisions)| {
                    decisions.iter().find(|decision| decision.kind == DailyChoice::Discard)
                })
                .collect();
            let mine = graded
                .iter()
                .find(|(member, _)| *member == viewer)
                .map(|(_, decisions)| *decisions);
            let my_keep = mine
                .and_then(|decisions| decisions.iter().find(|d| d.kind == DailyChoice::Discard));
            let keep = KeepAnswer {
                expert: keeps.first().map(|decision| decision.best),
                yours: my_keep.map(|decision| decision.chosen),
                given_up: my_keep.map(|decision| decision.cost),
                shares: shares(keeps.iter().map(|decision| decision.chosen)),
            };
            let plays = mine
                .into_iter()
                .flatten()
                .filter(|decision| decision.kind == DailyChoice::Play)
                .map(|decision| {
                    let same: Vec<CardSet> = graded
                        .iter()
                        .flat_map(|(_, decisions)| decisions.iter())
                        .filter(|other| {
                            other.kind == DailyChoice::Play
                                && other.hand == decision.hand
                                && other.played == decision.played
                        })
                        .map(|other| other.chosen)
                        .collect();
                    PlayAnswer {
                        played: decision.played.clone(),
                        hand: decision.hand,
                        yours: decision.chosen,
                        expert: decision.best,
                        given_up: decision.cost,
                        shares: (same.len() > 1).then(|| shares(same)),
                    }
                })
                .collect();
            RoundAnswers {
                round: round.number,
                deal: round.deal,
                deals: round.deals,
                dealt: dealt(round),
                keep,
                plays,
                given_up: mine
                    .map(|decisions| decisions.iter().map(|decision| decision.cost).sum()),
            }
        })
        .collect()
}

impl Daily {
    /// Keeps the rounds in `saved`, written by `writer`.
    pub(crate) fn keep(&mut self, saved: Arc<Store>, writer: Arc<Writer>) {
        self.saved = Some(saved);
        self.writer = Some(writer);
    }

    /// Fixes the day it is, rather than the clock's.
    pub(crate) fn fix_today(&mut self, today: Day) {
        self.today = Some(today);
    }

    /// The day it is, in UTC.
    fn today(&self) -> Day {
        self.today.unwrap_or_else(|| {
            let seconds =
                SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs());
            Day::from_unix_days(i64::try_from(seconds / 86_400).unwrap_or(0)).unwrap_or(Day::FIRST)
        })
    }

    fn saved(&self) -> Result<&Arc<Store>, ApiError> {
        self.saved.as_ref().ok_or(ApiError::NoClub)
    }

    /// The day's rounds, from the club's secret.
    fn plan(&self, day: Day) -> Result<Vec<DayRound>, ApiError> {
        let secret = self.saved()?.daily_secret().map_err(storage)?;
        Ok(day.rounds(secret))
    }

    /// The day named `text`, if it may be seen: not one to come.
    fn seen_day(&self, text: &str) -> Result<Day, ApiError> {
        let day: Day = text
            .parse()
            .map_err(|error: crib_club::DayError| ApiError::Malformed(error.to_string()))?;
        if day > self.today() {
            return Err(ApiError::NotYet(day.to_string()));
        }
        Ok(day)
    }

    /// The day `member` sees.
    fn day(&self, day: Day, member: &Member) -> Result<DayBody, ApiError> {
        let plan = self.plan(day)?;
        let rounds = self.saved()?.daily_rounds(&day.to_string()).map_err(storage)?;
        let today = day == self.today();
        let listed: Vec<RoundListed> = plan
            .iter()
            .map(|round| {
                let saved = rounds
                    .iter()
                    .find(|(_, saved)| saved.member == member.id && saved.round == round.number);
                let state = match saved {
                    None => "new",
                    Some((_, saved)) if saved.finished() => "done",
                    Some(_) => "playing",
                };
                RoundListed { round: round.number, deal: round.deal, deals: round.deals, state }
            })
            .collect();
        let finished = listed.iter().all(|round| round.state == "done");
        let ranked = ranking(&rounds, member.id);
        let shown = finished || !today;
        let secret = self.saved()?.daily_secret().map_err(storage)?;
        Ok(DayBody {
            day,
            today,
            rounds: listed,
            finished,
            players: ranked.len(),
            given_up: ranked.iter().find(|ranked| ranked.you).map(|ranked| ranked.given_up),
            seed: (!today).then(|| day.seed(secret).to_string()),
            answers: shown.then(|| answers(&plan, &rounds, member.id)),
            ranking: shown.then_some(ranked),
        })
    }

    /// Round `number` of today for `member`, held or taken up from the
    /// store; `start` begins it if it was not begun, in order.
    fn round(
        &self,
        day: Day,
        number: u32,
        member: &Member,
        start: bool,
    ) -> Result<(Arc<Mutex<Live>>, bool), ApiError> {
        if day != self.today() {
            return Err(ApiError::DailyRefused(format!(
                "{day} is over: its rounds can be looked at, not played"
            )));
        }
        let plan = self.plan(day)?;
        let round = *plan
            .get(usize::try_from(number).unwrap_or(usize::MAX).wrapping_sub(1))
            .ok_or_else(|| ApiError::Malformed(format!("a day has rounds 1 to {DAY_ROUNDS}")))?;
        let key = (day, member.id, number);
        let played = || {
            ApiError::DailyRefused(format!(
                "round {number} is played: a member plays each round once"
            ))
        };
        if let Some(live) = lock(&self.live).get(&key) {
            if start && lock(live).graded.is_some() {
                return Err(played());
            }
            return Ok((Arc::clone(live), false));
        }
        let saved = self.saved()?;
        let rounds = saved.daily_rounds(&day.to_string()).map_err(storage)?;
        let mine: Vec<&DailyRound> = rounds
            .iter()
            .map(|(_, saved)| saved)
            .filter(|saved| saved.member == member.id)
            .collect();
        let (live, new) = match mine.iter().find(|saved| saved.round == number) {
            Some(saved) if saved.finished() && start => return Err(played()),
            Some(saved) => (Live::load(round, member, saved).map_err(loading)?, false),
            None if !start => {
                return Err(ApiError::DailyRefused(format!("round {number} is not begun")));
            }
            None => {
                if let Some(first) = (1..number).find(|&before| {
                    !mine.iter().any(|saved| saved.round == before && saved.finished())
                }) {
                    return Err(ApiError::DailyRefused(format!("play round {first} first")));
                }
                (Live::start(round, member).map_err(refusal)?, true)
            }
        };
        let mut held = lock(&self.live);
        if held.len() >= MAX_LIVE_ROUNDS
            && let Some(oldest) =
                held.iter().min_by_key(|(_, live)| lock(live).used).map(|(key, _)| *key)
        {
            held.remove(&oldest);
        }
        let live = Arc::clone(held.entry(key).or_insert_with(|| Arc::new(Mutex::new(live))));
        Ok((live, new))
    }

    /// Queues saving `live`'s row, and waits until it is saved.
    async fn save(
        &self,
        live: &Arc<Mutex<Live>>,
        day: Day,
        member: MemberId,
    ) -> Result<(), ApiError> {
        let writer = self.writer.as_ref().ok_or(ApiError::NoClub)?;
        let (line, count) = {
            let live = lock(live);
            writer.save_daily_round(&live.line, live.row(day, member));
            writer.flush(&live.line);
            (live.line.clone(), live.line.queued())
        };
        line.saved(count).await.map_err(|error| {
            eprintln!(
                "crib: saving a round of the deal of the day failed: {}",
                error_chain(&*error)
            );
            // Taken up again from what was saved at the next request.
            let number = lock(live).round.number;
            lock(&self.live).remove(&(day, member, number));
            ApiError::Unsaved
        })
    }

    /// Grades `live` once it is over (off the async threads: the expert's
    /// search), and saves it graded.
    async fn finish(
        &self,
        live: &Arc<Mutex<Live>>,
        day: Day,
        member: &Member,
    ) -> Result<(), ApiError> {
        let graded = {
            let live = lock(live);
            if !over(&live.table) || live.graded.is_some() {
                return Ok(());
            }
            let moves = lock(&live.moves).clone();
            let (round, name) = (live.round, member.name.clone());
            tokio::task::spawn_blocking(move || grade(&round, &name, &moves))
        };
        let graded = match graded.await {
            Ok(Ok(graded)) => graded,
            Ok(Err(error)) => {
                eprintln!(
                    "crib: grading a round of the deal of the day failed: {}",
                    error_chain(&error)
                );
                return Err(ApiError::Storage);
            }
            Err(error) => {
                eprintln!("crib: grading a round of the deal of the day failed: {error}");
                return Err(ApiError::Storage);
            }
        };
        lock(live).graded.get_or_insert(graded);
        self.save(live, day, member.id).await
    }
}

/// The store's failure to read, logged, as the API answers it.
fn storage(error: StoreError) -> ApiError {
    eprintln!("crib: reading the deal of the day failed: {}", error_chain(&error));
    ApiError::Storage
}

/// A saved round that does not replay, logged, as the API answers it.
fn loading(error: TableError) -> ApiError {
    eprintln!("crib: taking up a round of the deal of the day failed: {}", error_chain(&error));
    ApiError::Storage
}

/// The routes of the deal of the day, for a router whose state gives it
/// and the club.
pub(crate) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Daily: FromRef<S>,
    crate::club::Club: FromRef<S>,
{
    Router::new()
        .route("/api/daily", get(today))
        .route("/api/daily/{day}", get(day))
        .route("/api/daily/{day}/rounds/{round}", post(start))
        .route("/api/daily/{day}/rounds/{round}/act", post(act))
}

async fn today(
    Shared(daily): Shared<Daily>,
    SignedIn(member): SignedIn,
) -> Result<Json<DayBody>, ApiError> {
    Ok(Json(daily.day(daily.today(), &member)?))
}

async fn day(
    Shared(daily): Shared<Daily>,
    SignedIn(member): SignedIn,
    Path(day): Path<String>,
) -> Result<Json<DayBody>, ApiError> {
    let day = daily.seen_day(&day)?;
    Ok(Json(daily.day(day, &member)?))
}

async fn start(
    Shared(daily): Shared<Daily>,
    SignedIn(member): SignedIn,
    Path((day, round)): Path<(String, u32)>,
) -> Result<Json<RoundState>, ApiError> {
    let day = daily.seen_day(&day)?;
    let (live, new) = daily.round(day, round, &member, true)?;
    if new {
        daily.save(&live, day, member.id).await?;
    }
    daily.finish(&live, day, &member).await?;
    let state = lock(&live).state(day);
    Ok(Json(state))
}

async fn act(
    Shared(daily): Shared<Daily>,
    SignedIn(member): SignedIn,
    Path((day, round)): Path<(String, u32)>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<RoundState>, ApiError> {
    let body: ActBody = parse(&body?)?;
    let action = match body {
        ActBody::Discard { cards } => Action::Discard(
            CardSet::from_distinct(cards)
                .map_err(|error| ApiError::Malformed(error.to_string()))?,
        ),
        ActBody::Play { card } => Action::Play(card),
        ActBody::Go {} => Action::Go,
    };
    let day = daily.seen_day(&day)?;
    let (live, _) = daily.round(day, round, &member, false)?;
    {
        let mut held = lock(&live);
        held.used = Instant::now();
        held.act(action)?;
    }
    daily.save(&live, day, member.id).await?;
    daily.finish(&live, day, &member).await?;
    let state = lock(&live).state(day);
    Ok(Json(state))
}

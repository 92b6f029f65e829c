//! Reviews on the web: a review as the page shows it (a table's, and a
//! member's of a match of theirs), and a member's luck and skill over their
//! finished matches, for their page.
//!
//! A member reads the review of their own seat of a match of theirs
//! ([`review_seat`]: their side's decisions only) from their page, and no
//! one else does: it shows what they held and threw. Other members see
//! only the figures.
//!
//! A review replays its match and grades every decision against the
//! expert: a fraction of a second to a few seconds. So each seat's split of
//! a finished match into luck and skill is kept once worked out
//! ([`SeatSplit`]), and a member's page adds up what is kept. The splits
//! missing are worked out in the background, a match at a time off the
//! async threads: a view of a member's page sets at most [`BATCH`] of
//! theirs to be worked out (the latest first), one member's batch at a
//! time and never a member's twice at once, and the page says how many of
//! their matches are reviewed so far. A review is seeded ([`REVIEW_SEED`]),
//! so a split kept is the split; the review a member reads keeps its split
//! too. A match whose review fails is logged, and left out until the
//! server starts again. A batch stops between two matches when the server
//! does.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use axum::Router;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRef, Path, State as Shared};
use axum::response::Json;
use axum::routing::get;
use crib_core::Seat;
use crib_store::{ClubMatch, GameId, MemberId, SeatSplit, Status, Store, StoreError};
use crib_table::narrate::Perspective;
use crib_table::review::{
    LuckSkillText, MatchLuckSkill, REVIEW_SEED, Review, ReviewError, chance_svg, player_legend,
    review_seat,
};
use serde::Serialize;

use crate::club::{Club, SignedIn};
use crate::error::{ApiError, blocking};

/// The most splits a view of a member's page sets to be worked out.
pub(crate) const BATCH: usize = 20;

/// A review of a match as the page shows it.
#[derive(Debug, Serialize)]
pub(crate) struct ReviewBody {
    /// The review, as `crib review --json` gives it.
    review: Review,
    /// Each decision in words, from the reader's side: `said[i]` tells
    /// `review.decisions[i]`.
    said: Vec<String>,
    /// The chart of the chance of winning, SVG.
    svg: String,
    /// Whose chance the chart shows: the first person's side, as the
    /// reader calls it ("you").
    chart_side: String,
    /// Each game's result split into skill and luck, in words from the
    /// reader's side: `luck_skill.games[i]` tells `review.games[i]`.
    luck_skill: LuckSkillText,
}

impl ReviewBody {
    /// `review` in words from `perspective`'s side.
    pub(crate) fn new(review: Review, perspective: &Perspective) -> ReviewBody {
        let said = review.decisions.iter().map(|decision| decision.describe(perspective)).collect();
        let svg = chance_svg(&review.chance_series());
        let config = perspective.config();
        let chart_side = review
            .people
            .first()
            .map_or_else(String::new, |&first| perspective.side(config.side_of(first)));
        let luck_skill = review.luck_skill_text(perspective);
        ReviewBody { review, said, svg, chart_side, luck_skill }
    }
}

/// The splits being worked out in the background for members' pages: a
/// handler's state, cheap to clone.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reviews(Arc<Work>);

#[derive(Debug, Default)]
struct Work {
    /// The members whose batch is waiting for its turn or under way.
    queued: Mutex<HashSet<MemberId>>,
    /// The seats whose review failed (logged), not tried again until the
    /// server starts again: a damaged match is not reviewed at every view.
    failed: Mutex<HashSet<(GameId, Seat)>>,
    /// Held by the batch under way.
    turn: tokio::sync::Mutex<()>,
}

impl Work {
    /// The seats whose review failed, as they stand.
    fn failed(&self) -> HashSet<(GameId, Seat)> {
        self.failed.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

/// Takes a member's batch off the queue when it ends, however it ends.
struct Dequeue {
    work: Arc<Work>,
    member: MemberId,
}

impl Drop for Dequeue {
    fn drop(&mut self) {
        self.work.queued.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.member);
    }
}

/// The member's seat at a match of theirs: the first they sat at.
fn seat_of(club: &ClubMatch, member: MemberId) -> Option<Seat> {
    let index = club.members.iter().position(|at| *at == Some(member))?;
    Seat::ALL.get(index).copied()
}

/// Whether a match has a result: won, or given up by a seat (what the
/// member's record counts).
fn finished(club: &ClubMatch) -> bool {
    club.summary.status == Status::Finished || club.summary.given_up_by.is_some()
}

/// The member's seat at each of `matches` that is finished, in their
/// order.
fn finished_seats(matches: &[ClubMatch], member: MemberId) -> Vec<(GameId, Seat)> {
    matches
        .iter()
        .filter(|club| finished(club))
        .filter_map(|club| Some((club.summary.id, seat_of(club, member)?)))
        .collect()
}

/// Of `seats`, those without a split in `kept` and not in `failed`, in
/// their order.
fn missing(
    seats: &[(GameId, Seat)],
    kept: &[SeatSplit],
    failed: &HashSet<(GameId, Seat)>,
) -> Vec<(GameId, Seat)> {
    let have: HashSet<(GameId, Seat)> = kept.iter().map(|split| (split.game, split.seat)).collect();
    seats.iter().copied().filter(|seat| !have.contains(seat) && !failed.contains(seat)).collect()
}

/// A kept split as the review gives it.
fn split_of(kept: &SeatSplit) -> MatchLuckSkill {
    let SeatSplit { games, result, skill, luck, .. } = *kept;
    MatchLuckSkill { games, result, skill, luck }
}

/// Match `game` of `saved` reviewed for `seat`, its split kept.
fn review_and_keep(saved: &Store, game: GameId, seat: Seat) -> Result<Review, ReviewError> {
    let review = review_seat(saved, game, seat, REVIEW_SEED)?;
    let split = review.luck_skill.unwrap_or(MatchLuckSkill::NONE);
    let MatchLuckSkill { games, result, skill, luck } = split;
    saved.keep_split(&SeatSplit { game, seat, games, result, skill, luck }, REVIEW_SEED)?;
    Ok(review)
}

/// A member's luck and skill over their finished matches (won, or given
/// up), as their page gives it.
#[derive(Debug, Serialize)]
pub(crate) struct MemberLuckSkill {
    /// Their finished matches.
    matches: usize,
    /// Of them, those reviewed so far: the figures are theirs.
    reviewed: usize,
    /// Whether the server is reviewing more of them now.
    reviewing: bool,
    /// The reviewed matches' splits added up: `games`, `result`, `skill`,
    /// `luck`.
    #[serde(flatten)]
    total: MatchLuckSkill,
    /// What the figures are, in words.
    legend: String,
    /// The figures in words.
    text: String,
}

/// One match's split, as a member's page lists it.
#[derive(Debug, Serialize)]
pub(crate) struct SplitLine {
    /// `games`, `result`, `skill` and `luck`.
    #[serde(flatten)]
    split: MatchLuckSkill,
    /// In words.
    text: String,
}

impl Reviews {
    /// Member `member`'s luck and skill over `matches` (theirs, the latest
    /// first) from the splits `kept`, and the split of each match reviewed
    /// by its number; `whose` names them in the legend ("your", "Ann's").
    /// The latest of the splits missing, at most [`BATCH`], are set to be
    /// worked out from `saved`.
    pub(crate) fn member(
        &self,
        saved: Arc<Store>,
        member: MemberId,
        matches: &[ClubMatch],
        kept: &[SeatSplit],
        whose: &str,
    ) -> (MemberLuckSkill, BTreeMap<i64, SplitLine>) {
        let seats = finished_seats(matches, member);
        let todo = missing(&seats, kept, &self.0.failed());
        let reviewing = !todo.is_empty();
        if reviewing {
            self.start(saved, member);
        }
        let theirs: HashSet<(GameId, Seat)> = seats.iter().copied().collect();
        let mut total = MatchLuckSkill::NONE;
        let mut lines = BTreeMap::new();
        let mut reviewed = 0;
        for kept in kept.iter().filter(|split| theirs.contains(&(split.game, split.seat))) {
            let split = split_of(kept);
            total = total.plus(split);
            reviewed += 1;
            lines.insert(kept.game.0, SplitLine { split, text: split.text() });
        }
        let figures = MemberLuckSkill {
            matches: seats.len(),
            reviewed,
            reviewing,
            total,
            legend: player_legend(whose),
            text: total.matches_text(u32::try_from(reviewed).unwrap_or(u32::MAX)),
        };
        (figures, lines)
    }

    /// Sets the splits missing of `member`'s latest matches, at most
    /// [`BATCH`], to be worked out from `saved` after the batches before
    /// theirs, unless theirs is queued already.
    fn start(&self, saved: Arc<Store>, member: MemberId) {
        let work = Arc::clone(&self.0);
        if !work.queued.lock().unwrap_or_else(PoisonError::into_inner).insert(member) {
            return;
        }
        tokio::spawn(async move {
            let _dequeue = Dequeue { work: Arc::clone(&work), member };
            let _turn = work.turn.lock().await;
            // What is missing now: another batch, or a review read, may
            // have kept some since the page was read.
            let reading = Arc::clone(&saved);
            let listed = blocking("listing a member's matches to review", move || {
                let matches = reading.member_matches(member)?;
                let kept = reading.member_splits(member, REVIEW_SEED)?;
                Ok::<_, StoreError>((finished_seats(&matches, member), kept))
            })
            .await;
            let Ok((seats, kept)) = listed else { return };
            for (game, seat) in missing(&seats, &kept, &work.failed()).into_iter().take(BATCH) {
                let saved = Arc::clone(&saved);
                // A match that fails is logged and left out from then on,
                // and the batch goes on.
                let reviewed =
                    blocking(format!("reviewing match {game} for seat {seat}"), move || {
                        review_and_keep(&saved, game, seat)
                    })
                    .await;
                if reviewed.is_err() {
                    work.failed.lock().unwrap_or_else(PoisonError::into_inner).insert((game, seat));
                }
            }
        });
    }
}

/// The routes of members' reviews.
pub(crate) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Club: FromRef<S>,
{
    Router::new().route("/api/club/members/{name}/games/{game}/review", get(member_review))
}

/// The review of the member's seat of their match `game`: theirs alone.
async fn member_review(
    Shared(club): Shared<Club>,
    SignedIn(reader): SignedIn,
    path: Result<Path<(String, i64)>, PathRejection>,
) -> Result<Json<ReviewBody>, ApiError> {
    let Path((name, game)) = path.map_err(|error| ApiError::Malformed(error.body_text()))?;
    if !reader.name.eq_ignore_ascii_case(&name) {
        return Err(ApiError::NotYourReview);
    }
    let saved = club.saved().ok_or(ApiError::NoClub)?;
    let member = reader.id;
    let listed = Arc::clone(&saved);
    let matches =
        blocking("reading a member's matches", move || listed.member_matches(member)).await?;
    let theirs = matches.iter().find(|club| club.summary.id.0 == game);
    let (theirs, seat) = theirs
        .and_then(|club| Some((club, seat_of(club, member)?)))
        .ok_or(ApiError::NoSuchMatch)?;
    if theirs.summary.status == Status::Playing {
        return Err(ApiError::StillPlaying);
    }
    let (id, keep) = (theirs.summary.id, finished(theirs));
    let review = blocking(format!("reviewing match {id} for seat {seat}"), move || {
        if keep {
            review_and_keep(&saved, id, seat)
        } else {
            review_seat(&saved, id, seat, REVIEW_SEED)
        }
    })
    .await?;
    let perspective = Perspective::of_saved(&theirs.summary.setup, Some(seat));
    Ok(Json(ReviewBody::new(review, &perspective)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The splits missing are the seats without one, in the seats' order
    /// (the latest match first), whatever the order of the kept ones, but
    /// for those whose review failed.
    #[test]
    fn the_missing_splits_are_the_latest_seats_without_one() {
        let seat = |game: i64, seat: usize| (GameId(game), Seat::ALL[seat]);
        let kept = |game: i64, at: usize| SeatSplit {
            game: GameId(game),
            seat: Seat::ALL[at],
            games: 1,
            result: 0.5,
            skill: -0.1,
            luck: 0.6,
        };
        let seats = [seat(9, 0), seat(7, 1), seat(5, 0), seat(3, 0)];
        // Match 7's split is kept for the other seat: not this member's.
        let splits = [kept(3, 0), kept(7, 0), kept(9, 0)];
        let none = HashSet::new();
        assert_eq!(missing(&seats, &splits, &none), [seat(7, 1), seat(5, 0)]);
        assert_eq!(missing(&seats, &[], &none), seats);
        assert_eq!(missing(&[], &splits, &none), []);
        let failed = HashSet::from([seat(7, 1), seat(9, 0)]);
        assert_eq!(missing(&seats, &[], &failed), [seat(5, 0), seat(3, 0)]);
    }
}

//! The club's rating list and its members' pages.
//!
//! Ratings are worked out, not kept: each answer folds the rated matches
//! that have a result, in the order they ended ([`Store::rated_matches`]),
//! into a [`Ladder`], so that a match counts once whatever the server went
//! through (a restart, a `kill -9`), and as soon as its last move is saved.
//! The computer's levels stand on the list as members do, from where
//! [`computer_start`] puts them, so that a newcomer can place themselves by
//! playing them. Only signed-in members read the list and the pages.
//!
//! A member's page also gives their luck and skill over their finished
//! matches and each match's, as far as they are reviewed so far
//! (`crate::reviews`), and to the member themselves which of their matches
//! they may open the review of.

use std::collections::BTreeMap;

use axum::Router;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRef, Path, State as Shared};
use axum::response::Json;
use axum::routing::get;
use crib_ai::Strategy;
use crib_club::{Ladder, LadderEntry, Rating, computer_start};
use crib_store::{ClubMatch, MemberId, PlayerKind, RecordFigures, Store, StoreError};
use crib_table::review::REVIEW_SEED;
use serde::Serialize;

use crate::club::{Club, SignedIn};
use crate::error::{ApiError, blocking};
use crate::reviews::{MemberLuckSkill, Reviews, SplitLine};

/// The names of the computer's levels on the rating list, weakest first.
fn levels() -> impl DoubleEndedIterator<Item = &'static str> {
    Strategy::ALL.into_iter().map(Strategy::name)
}

/// Who stands on the rating list.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Rated {
    Member(MemberId),
    Computer(&'static str),
}

/// Who sat at `seat` of a rated match, if they can be rated: a member, or
/// a computer level on the list.
fn rated_at(club: &ClubMatch, seat: usize) -> Option<Rated> {
    if let Some(member) = club.members.get(seat).copied().flatten() {
        return Some(Rated::Member(member));
    }
    let player = club.summary.setup.players.get(seat)?;
    let level = levels().find(|level| *level == player.name)?;
    (player.kind == PlayerKind::Computer).then_some(Rated::Computer(level))
}

/// The rating list after the rated matches `matches`, in order: a match of
/// two seats, each a member or a computer level, with a winner (a match
/// given up is lost by the side that gave it up).
fn ladder(matches: &[ClubMatch]) -> Ladder<Rated> {
    let mut ladder = Ladder::new();
    for level in levels() {
        if let Some(start) = computer_start(level) {
            ladder.enter(Rated::Computer(level), start);
        }
    }
    for club in matches {
        let summary = &club.summary;
        if summary.setup.players.len() != 2 {
            continue;
        }
        let (Some(first), Some(second), Some(winner)) =
            (rated_at(club, 0), rated_at(club, 1), summary.match_winner())
        else {
            continue;
        };
        let at = summary.finished_at.as_deref().unwrap_or(&summary.started_at);
        let (won, lost) = if winner.index() == 0 { (first, second) } else { (second, first) };
        ladder.record(won, lost, Rating::NEW, at);
    }
    ladder
}

/// The club's routes of ratings and members' pages.
pub(crate) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Club: FromRef<S>,
    Reviews: FromRef<S>,
{
    Router::new()
        .route("/api/club/ratings", get(ratings))
        .route("/api/club/members/{name}", get(member_page))
}

/// A rating as the API gives it: rounded to whole points.
#[derive(Debug, Serialize)]
struct RatingBody {
    rating: i64,
    deviation: i64,
}

impl From<Rating> for RatingBody {
    fn from(rating: Rating) -> RatingBody {
        // Ratings are finite and within a few thousand: the casts are exact
        // after rounding.
        #[allow(clippy::cast_possible_truncation)]
        let round = |value: f64| value.round() as i64;
        RatingBody { rating: round(rating.rating()), deviation: round(rating.deviation()) }
    }
}

/// One line of the rating list.
#[derive(Debug, Serialize)]
struct ListLine {
    name: String,
    computer: bool,
    #[serde(flatten)]
    rating: RatingBody,
    wins: u32,
    losses: u32,
}

/// The rating list, the highest first.
#[derive(Debug, Serialize)]
struct RatingList {
    players: Vec<ListLine>,
}

/// Runs `read` on the club's database off the async threads: the reads
/// replay matches.
async fn reading<T: Send + 'static>(
    club: &Club,
    read: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
) -> Result<T, ApiError> {
    let saved = club.saved().ok_or(ApiError::NoClub)?;
    blocking("reading the club", move || read(&saved)).await
}

async fn ratings(
    Shared(club): Shared<Club>,
    SignedIn(_): SignedIn,
) -> Result<Json<RatingList>, ApiError> {
    let (matches, members) =
        reading(&club, |saved| Ok((saved.rated_matches()?, saved.members()?))).await?;
    let names: BTreeMap<MemberId, String> = members
        .into_iter()
        .filter(|member| !member.removed())
        .map(|member| (member.id, member.name))
        .collect();
    let ladder = ladder(&matches);
    let players = ladder
        .table()
        .into_iter()
        .filter_map(|(who, entry)| {
            let (name, computer) = match who {
                Rated::Member(id) => (names.get(id)?.clone(), false),
                Rated::Computer(level) => ((*level).to_owned(), true),
            };
            Some(ListLine {
                name,
                computer,
                rating: entry.rating.into(),
                wins: entry.wins,
                losses: entry.losses,
            })
        })
        .collect();
    Ok(Json(RatingList { players }))
}

/// A point of a member's rating chart: after a rated match.
#[derive(Debug, Serialize)]
struct ChartPoint {
    at: String,
    #[serde(flatten)]
    rating: RatingBody,
}

/// One of a member's matches, as their page lists it.
#[derive(Debug, Serialize)]
struct MatchLine {
    /// The saved match's number.
    game: i64,
    started_at: String,
    finished_at: Option<String>,
    /// `playing`, `won`, `lost`, or `abandoned` (given up by no one, or
    /// with three sides).
    result: &'static str,
    rated: bool,
    /// Who else sat at the table, seat 0 first.
    opponents: Vec<String>,
    /// Games won by each side, side 0 first, and the member's side.
    games: Vec<u32>,
    side: usize,
    /// The member's split of it into luck and skill, once reviewed.
    luck_skill: Option<SplitLine>,
    /// Whether the reader may open its review: their own match, over.
    reviewable: bool,
}

/// A member's page.
#[derive(Debug, Serialize)]
struct MemberPage {
    name: String,
    since: String,
    /// Their rating now, if they have played a rated match or stand on
    /// the list.
    rating: Option<RatingBody>,
    wins: u32,
    losses: u32,
    /// Their rating after each rated match, in order.
    chart: Vec<ChartPoint>,
    /// Their figures over every finished match, as `crib stats` gives
    /// them, and their opponents' over the same matches.
    record: RecordFigures,
    opponents: RecordFigures,
    /// Their luck and skill over their finished matches reviewed so far.
    luck_skill: MemberLuckSkill,
    /// Their matches, the latest first.
    matches: Vec<MatchLine>,
}

/// Most matches a member's page lists.
const PAGE_MATCHES: usize = 100;

async fn member_page(
    Shared(club): Shared<Club>,
    Shared(reviews): Shared<Reviews>,
    SignedIn(reader): SignedIn,
    name: Result<Path<String>, PathRejection>,
) -> Result<Json<MemberPage>, ApiError> {
    let Path(name) = name.map_err(|error| ApiError::Malformed(error.body_text()))?;
    let members = reading(&club, |saved| saved.members()).await?;
    let member = members
        .iter()
        .find(|member| member.name.eq_ignore_ascii_case(&name))
        .cloned()
        .ok_or(ApiError::NoSuchMember)?;
    let id = member.id;
    let (rated, theirs, stats, kept) = reading(&club, move |saved| {
        Ok((
            saved.rated_matches()?,
            saved.member_matches(id)?,
            saved.member_stats(id)?,
            saved.member_splits(id, REVIEW_SEED)?,
        ))
    })
    .await?;
    let yours = reader.id == id;
    let whose = if yours { "your".to_owned() } else { format!("{}'s", member.name) };
    let saved = club.saved().ok_or(ApiError::NoClub)?;
    let (luck_skill, mut splits) = reviews.member(saved, id, &theirs, &kept, &whose);
    let ladder = ladder(&rated);
    let entry: Option<&LadderEntry> = ladder.get(&Rated::Member(id));
    let names: BTreeMap<MemberId, &str> =
        members.iter().map(|member| (member.id, member.name.as_str())).collect();
    let matches = theirs
        .iter()
        .take(PAGE_MATCHES)
        .map(|club| {
            let mut line = match_line(club, id, &names);
            line.luck_skill = splits.remove(&line.game);
            line.reviewable = yours && line.result != "playing";
            line
        })
        .collect();
    Ok(Json(MemberPage {
        name: member.name.clone(),
        since: member.created_at.clone(),
        rating: entry.map(|entry| entry.rating.into()),
        wins: entry.map_or(0, |entry| entry.wins),
        losses: entry.map_or(0, |entry| entry.losses),
        chart: entry
            .map(|entry| {
                entry
                    .history
                    .iter()
                    .map(|(at, rating)| ChartPoint { at: at.clone(), rating: (*rating).into() })
                    .collect()
            })
            .unwrap_or_default(),
        record: (&stats.player).into(),
        opponents: (&stats.opponents).into(),
        luck_skill,
        matches,
    }))
}

/// `club` as member `id`'s page lists it.
fn match_line(club: &ClubMatch, id: MemberId, names: &BTreeMap<MemberId, &str>) -> MatchLine {
    let summary = &club.summary;
    let config = summary.setup.config;
    let seat = club.members.iter().position(|member| *member == Some(id)).unwrap_or(0);
    let side = crib_core::Seat::ALL.get(seat).map_or(0, |&seat| config.side_of(seat).index());
    let result = match (summary.status, summary.match_winner()) {
        (crib_store::Status::Playing, _) => "playing",
        (_, Some(winner)) if winner.index() == side => "won",
        (_, Some(_)) => "lost",
        (_, None) => "abandoned",
    };
    let opponents = summary
        .setup
        .players
        .iter()
        .zip(&club.members)
        .enumerate()
        .filter(|(index, _)| *index != seat)
        .map(|(_, (player, member))| {
            member
                .and_then(|member| names.get(&member))
                .map_or_else(|| player.name.clone(), |name| (*name).to_owned())
        })
        .collect();
    MatchLine {
        game: summary.id.0,
        started_at: summary.started_at.clone(),
        finished_at: summary.finished_at.clone(),
        result,
        rated: club.rated,
        opponents,
        games: summary.games_won(),
        side,
        luck_skill: None,
        reviewable: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computer levels start where `computer_start` puts them, and their
    /// order on an empty list is their strength's.
    #[test]
    fn the_levels_start_on_the_list_in_order() {
        let ladder = ladder(&[]);
        let order: Vec<Rated> = ladder.table().into_iter().map(|(who, _)| who.clone()).collect();
        let expected: Vec<Rated> = levels().rev().map(Rated::Computer).collect();
        assert_eq!(order, expected);
    }
}

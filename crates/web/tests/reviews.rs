//! A member's luck and skill and their reviews through the router: on a
//! seeded set of matches between members and against the computer (won,
//! given up, still played), each finished match's split on the member's
//! page adds up to its result and is a fresh review's of their seat, the
//! totals are its sums, the splits are kept as the review gives them and
//! worked out in the background until every match is reviewed; a member
//! reads the review of their own seat, and no one else does.

use axum::Router;
use axum::http::{Method, StatusCode};
use crib_core::{GameConfig, Match, Seat};
use crib_store::testing::{choose, play_with};
use crib_store::{
    GameId, GameSlot, Line, Member, MemberName, NewGame, Player, SeatSplit, Store, Writer,
};
use crib_table::review::{MatchLuckSkill, REVIEW_SEED, review_seat};
use serde_json::Value;

use crate::api::{assert_error, eventually};
use crate::club::{app, send, sign_in};

/// A match of two to 61, first to `games` games, with muggins, between the
/// seats named `first` and `second` (each a person, or the computer's
/// level `basic`).
fn setup(seed: u64, games: u32, first: &str, second: &str) -> NewGame {
    let seat = |name: &str| {
        if name == "basic" { Player::computer(name) } else { Player::person(name) }
    };
    NewGame {
        seed,
        config: GameConfig::new(2, 61).unwrap(),
        length: games.into(),
        muggins: true,
        muggins_pegging: false,
        players: vec![seat(first), seat(second)],
    }
}

/// The match of `setup` begun in `store` and played for `moves` actions by
/// the seeded choices.
fn begun(store: &Store, setup: &NewGame, moves: u32) -> GameId {
    let (mut play, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
    let id = store.start(setup, &opening).unwrap();
    for ply in 0..moves {
        let (seat, action, claims) = choose(&play, setup.muggins, setup.seed, ply);
        let events = play.play_claiming(seat, action, claims).unwrap();
        store.record(id, seat, action, claims, &events).unwrap();
    }
    id
}

/// The club's matches, by what the test says of them.
struct Matches {
    /// Ann at seat 0 against Bo, won by one of them.
    ann_bo: GameId,
    /// Bo at seat 0 against Ann, of two games.
    bo_ann: GameId,
    /// Ann against the computer.
    ann_basic: GameId,
    /// Ann against Bo, given up by Bo in the first game.
    given_up: GameId,
    /// Ann against Bo, still played.
    playing: GameId,
}

/// A club of Ann, Bo and Cy in a fresh database, with [`Matches`] played
/// and each seat's member seated: its directory, a server on it, the
/// store, the members and their sessions.
async fn club() -> (tempfile::TempDir, Router, Store, Vec<Member>, Vec<String>, Matches) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let (members, keys): (Vec<Member>, Vec<_>) = ["Ann", "Bo", "Cy"]
        .into_iter()
        .map(|name| store.add_member(&MemberName::new(name).unwrap()).unwrap())
        .unzip();
    let matches = Matches {
        ann_bo: play_with(&store, &setup(41, 1, "Ann", "Bo")).unwrap(),
        bo_ann: play_with(&store, &setup(42, 2, "Bo", "Ann")).unwrap(),
        ann_basic: play_with(&store, &setup(43, 1, "Ann", "basic")).unwrap(),
        given_up: begun(&store, &setup(44, 1, "Ann", "Bo"), 30),
        playing: begun(&store, &setup(45, 1, "Ann", "Bo"), 10),
    };
    store.give_up(matches.given_up, Some(Seat::ALL[1])).unwrap();
    let (ann, bo) = (&members[0], &members[1]);
    let writer = Writer::spawn(&store).unwrap();
    let line = Line::new();
    for (game, seats) in [
        (matches.ann_bo, [Some(ann), Some(bo)]),
        (matches.bo_ann, [Some(bo), Some(ann)]),
        (matches.ann_basic, [Some(ann), None]),
        (matches.given_up, [Some(ann), Some(bo)]),
        (matches.playing, [Some(ann), Some(bo)]),
    ] {
        for (seat, member) in Seat::ALL.into_iter().zip(seats) {
            if let Some(member) = member {
                let slot = GameSlot::saved(game);
                writer.seat_member(&line, &slot, seat, member.id, member.name.clone());
            }
        }
    }
    writer.flush(&line);
    line.saved(line.queued()).await.unwrap();
    let app = app(&path, false);
    let mut sessions = Vec::new();
    for key in keys {
        sessions.push(sign_in(&app, key.as_str()).await.1);
    }
    (dir, app, store, members, sessions, matches)
}

/// Member `name`'s page as `session` reads it.
async fn page(app: &Router, session: &str, name: &str) -> Value {
    let answer =
        send(app, Method::GET, &format!("/api/club/members/{name}"), Some(session), None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    answer.json()
}

/// Member `name`'s page once every finished match of theirs is reviewed,
/// read again as the page does while the server reviews.
async fn reviewed_page(app: &Router, session: &str, name: &str) -> Value {
    let reviewed = |page: &Value| {
        let figures = &page["luck_skill"];
        if figures["reviewed"] == figures["matches"] && figures["reviewing"] == false {
            return true;
        }
        assert_eq!(figures["reviewing"], true, "matches not reviewed are being reviewed");
        false
    };
    let what = format!("{name}'s matches were never all reviewed");
    let every = std::time::Duration::from_millis(100);
    eventually(3000, every, || page(app, session, name), reviewed, &what).await
}

/// A fresh review's split of `game` for `seat`.
fn fresh(store: &Store, game: GameId, seat: Seat) -> MatchLuckSkill {
    let review = review_seat(store, game, seat, REVIEW_SEED).unwrap();
    review.luck_skill.unwrap_or(MatchLuckSkill::NONE)
}

fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number: {value}"))
}

/// The split of a page's figures (`games`, `result`, `skill`, `luck`).
fn figures(value: &Value) -> MatchLuckSkill {
    MatchLuckSkill {
        games: u32::try_from(value["games"].as_u64().unwrap()).unwrap(),
        result: number(&value["result"]),
        skill: number(&value["skill"]),
        luck: number(&value["luck"]),
    }
}

/// `a` and `b` the same but for what JSON's decimals round off.
fn close(a: MatchLuckSkill, b: MatchLuckSkill) -> bool {
    let near = |x: f64, y: f64| (x - y).abs() < 1e-12;
    a.games == b.games && near(a.result, b.result) && near(a.skill, b.skill) && near(a.luck, b.luck)
}

#[tokio::test]
async fn a_members_luck_and_skill_add_up_to_their_results_and_are_kept() {
    let (_dir, app, store, members, sessions, matches) = club().await;
    let (ann, bo) = (&members[0], &members[1]);
    // Nothing is reviewed before the first look: the first answer says so.
    let first = page(&app, &sessions[0], "Ann").await;
    assert_eq!(first["luck_skill"]["matches"], 4, "{}", first["luck_skill"]);
    assert_eq!(first["luck_skill"]["reviewing"], true);
    let anns = reviewed_page(&app, &sessions[0], "Ann").await;
    let luck = &anns["luck_skill"];
    assert_eq!((luck["matches"].as_u64(), luck["reviewed"].as_u64()), (Some(4), Some(4)));
    assert!(luck["legend"].as_str().unwrap().starts_with("Luck and skill, in your chance"));

    let seats = [
        (matches.ann_bo, Seat::ALL[0]),
        (matches.bo_ann, Seat::ALL[1]),
        (matches.ann_basic, Seat::ALL[0]),
        (matches.given_up, Seat::ALL[0]),
    ];
    let lines = anns["matches"].as_array().unwrap();
    let mut total = MatchLuckSkill::NONE;
    for (game, seat) in seats {
        let line = lines.iter().find(|line| line["game"] == game.0).unwrap();
        let split = figures(&line["luck_skill"]);
        // Skill and luck add up to the match's result, which is the sum of
        // its finished games' outcomes less their chances at the start, as
        // a fresh review of the seat gives them.
        assert!((split.skill + split.luck - split.result).abs() < 1e-9, "{split:?}");
        let review = review_seat(&store, game, seat, REVIEW_SEED).unwrap();
        let results: f64 = review
            .games
            .iter()
            .filter_map(|game| game.luck_skill.as_ref())
            .map(|split| if split.won { 1.0 } else { 0.0 } - split.start)
            .sum();
        assert!((split.result - results).abs() < 1e-9, "match {game}: {split:?}");
        let fresh = review.luck_skill.unwrap_or(MatchLuckSkill::NONE);
        assert!(close(split, fresh), "match {game}: {split:?} against {fresh:?}");
        assert_eq!(line["luck_skill"]["text"], fresh.text());
        assert_eq!(line["reviewable"], true, "Ann's own match, over");
        total = total.plus(fresh);
    }
    // The match given up in its first game has no game to split.
    let given_up = lines.iter().find(|line| line["game"] == matches.given_up.0).unwrap();
    assert_eq!(given_up["luck_skill"]["games"], 0);
    assert_eq!(given_up["luck_skill"]["text"], "No game finished, so not split.");
    // The match still played is neither split nor reviewable.
    let playing = lines.iter().find(|line| line["game"] == matches.playing.0).unwrap();
    assert_eq!(
        (&playing["luck_skill"], &playing["reviewable"]),
        (&Value::Null, &Value::Bool(false))
    );
    // The totals are the matches' sums.
    assert_eq!(total.games, 1 + 2 + 1);
    assert!(close(figures(luck), total), "{luck} against {total:?}");
    assert_eq!(luck["text"], total.matches_text(4));

    // What is kept is what a fresh review gives, to the bit.
    let mut kept = store.member_splits(ann.id, REVIEW_SEED).unwrap();
    kept.sort_by_key(|split| split.game);
    let mut expected: Vec<SeatSplit> = seats
        .iter()
        .map(|&(game, seat)| {
            let MatchLuckSkill { games, result, skill, luck } = fresh(&store, game, seat);
            SeatSplit { game, seat, games, result, skill, luck }
        })
        .collect();
    expected.sort_by_key(|split| split.game);
    assert_eq!(kept, expected);
    // Read again, the page is worked out from what is kept: the same.
    let again = page(&app, &sessions[0], "Ann").await;
    assert_eq!(again["luck_skill"], anns["luck_skill"]);

    // Bo's page, as Ann reads it: his three finished matches, from his
    // seats, and none of them hers to review.
    let bos = reviewed_page(&app, &sessions[0], "Bo").await;
    assert_eq!(bos["luck_skill"]["matches"], 3);
    assert!(bos["luck_skill"]["legend"].as_str().unwrap().starts_with("Luck and skill, in Bo's"));
    for line in bos["matches"].as_array().unwrap() {
        assert_eq!(line["reviewable"], false, "{line}");
    }
    let mut total = MatchLuckSkill::NONE;
    for (game, seat) in [
        (matches.ann_bo, Seat::ALL[1]),
        (matches.bo_ann, Seat::ALL[0]),
        (matches.given_up, Seat::ALL[1]),
    ] {
        total = total.plus(fresh(&store, game, seat));
    }
    assert!(close(figures(&bos["luck_skill"]), total), "{} against {total:?}", bos["luck_skill"]);
    assert_eq!(store.member_splits(bo.id, REVIEW_SEED).unwrap().len(), 3);
    // Cy has played nothing.
    let cys = page(&app, &sessions[1], "Cy").await;
    assert_eq!(cys["luck_skill"]["matches"], 0);
    assert_eq!(cys["luck_skill"]["reviewing"], false);
    assert_eq!(cys["luck_skill"]["text"], "No match reviewed yet.");
}

#[tokio::test]
async fn a_member_reads_the_review_of_their_own_seat_and_no_one_else_does() {
    let (_dir, app, store, members, sessions, matches) = club().await;
    let ann = &members[0];
    let review_of = |name: &str, game: i64| format!("/api/club/members/{name}/games/{game}/review");
    assert_eq!(store.member_splits(ann.id, REVIEW_SEED).unwrap(), []);
    // Ann's review of the match where she sat at seat 1: her decisions
    // only, in her words, from her side; its split is kept.
    let answer =
        send(&app, Method::GET, &review_of("ann", matches.bo_ann.0), Some(&sessions[0]), None)
            .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let body = answer.json();
    let theirs = review_seat(&store, matches.bo_ann, Seat::ALL[1], REVIEW_SEED).unwrap();
    assert_eq!(body["review"]["people"], serde_json::json!([1]));
    let decisions = body["review"]["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), theirs.decisions.len());
    assert!(decisions.iter().all(|decision| decision["seat"] == 1));
    assert_eq!(body["chart_side"], "you");
    let said = body["said"].as_array().unwrap();
    assert_eq!(said.len(), decisions.len());
    assert!(said.iter().all(|words| words.as_str().unwrap().starts_with("You ")), "{said:?}");
    assert!(body["luck_skill"]["legend"].as_str().unwrap().contains("your decisions"));
    assert_eq!(body["svg"].as_str().map(|svg| svg.starts_with("<svg")), Some(true));
    let kept = store.member_splits(ann.id, REVIEW_SEED).unwrap();
    let whole = theirs.luck_skill.unwrap();
    assert_eq!(
        kept,
        [SeatSplit {
            game: matches.bo_ann,
            seat: Seat::ALL[1],
            games: whole.games,
            result: whole.result,
            skill: whole.skill,
            luck: whole.luck,
        }]
    );

    // Another member is refused Ann's reviews, whatever the match; no one
    // signed out reads them; a match not hers, or no match, is not found;
    // a match still played has no review yet.
    let bo = Some(sessions[1].as_str());
    for (uri, session, status, words) in [
        (review_of("Ann", matches.ann_bo.0), bo, StatusCode::FORBIDDEN, "theirs alone"),
        (review_of("Ann", matches.ann_basic.0), bo, StatusCode::FORBIDDEN, "theirs alone"),
        (review_of("Ann", matches.ann_bo.0), None, StatusCode::UNAUTHORIZED, "not signed in"),
        (
            review_of("Cy", matches.ann_bo.0),
            Some(sessions[2].as_str()),
            StatusCode::NOT_FOUND,
            "no match of yours",
        ),
        (review_of("Ann", 999), Some(sessions[0].as_str()), StatusCode::NOT_FOUND, "no match"),
        (
            review_of("Ann", matches.playing.0),
            Some(sessions[0].as_str()),
            StatusCode::CONFLICT,
            "still being played",
        ),
        (
            "/api/club/members/Ann/games/x/review".to_owned(),
            Some(sessions[0].as_str()),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
    ] {
        let answer = send(&app, Method::GET, &uri, session, None).await;
        assert_error(answer.status, &answer.json(), status, words);
    }
    // Bo reads his own.
    let answer = send(&app, Method::GET, &review_of("Bo", matches.ann_bo.0), bo, None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json()["review"]["people"], serde_json::json!([1]));
}

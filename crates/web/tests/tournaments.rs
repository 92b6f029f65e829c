//! Tournaments through the router: who may make one and what it may be,
//! the tables opened for its matches as rounds open (a seat kept for each
//! member, computers' matches played by the server), and tournaments
//! played to their end, their standings checked against the saved matches
//! folded by hand.

use std::path::Path;
use std::time::Duration;

use axum::Router;
use axum::http::{Method, StatusCode};
use crib_club::{Kind, MatchRecord, Played, Tournament};
use crib_store::{Store, TournamentId};
use serde_json::{Value, json};

use crate::api::{assert_error, eventually, first_move, state};
use crate::club::{Answer, send};
use crate::ratings::{club, seated};

async fn create(app: &Router, session: &str, body: Value) -> Answer {
    send(app, Method::POST, "/api/club/tournaments", Some(session), Some(body)).await
}

async fn page(app: &Router, session: &str, id: i64) -> Value {
    let answer =
        send(app, Method::GET, &format!("/api/club/tournaments/{id}"), Some(session), None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    answer.json()
}

/// Every match of a tournament's page, round by round.
fn matches(page: &Value) -> Vec<Value> {
    page["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|round| round["matches"].as_array().unwrap().clone())
        .collect()
}

/// The member `session` takes their seat at `table` and plays their first
/// legal move each time until the match is over.
async fn play_match(app: &Router, session: &str, table: &str) {
    let joined =
        send(app, Method::POST, &format!("/api/games/{table}/join"), Some(session), None).await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
    let token = joined.json()["token"].as_str().unwrap().to_owned();
    for _ in 0..2000 {
        if first_move(app, table, &token).await.is_none() {
            let over = state(app, table, &token).await;
            assert_ne!(over["match_winner"], Value::Null, "no move offered: {over}");
            return;
        }
    }
    panic!("the match at {table} did not end");
}

/// Waits until `done` holds of the tournament's page, and gives the page.
async fn until(app: &Router, session: &str, id: i64, done: impl Fn(&Value) -> bool) -> Value {
    let what = format!("tournament {id} did not get there");
    eventually(600, Duration::from_millis(50), || page(app, session, id), done, &what).await
}

/// The standings of tournament `id` as the test works them out from the
/// saved matches: each linked match's games and whether it was given up,
/// folded by crib-club.
fn standings_from_saved(db: &Path, id: i64) -> Value {
    let store = Store::open(db).unwrap();
    let (row, linked) = store.tournament(TournamentId(id)).unwrap().unwrap();
    let kind: Kind = row.setup.kind.parse().unwrap();
    let draw = Tournament::new(kind, row.setup.entrants.len(), row.setup.length).unwrap();
    let mut records = vec![MatchRecord::default(); draw.matches().len()];
    for one in linked {
        let summary = &one.played.summary;
        let games = summary
            .results
            .iter()
            .map(|game| Played::new(row.setup.target, game.scores.clone()).unwrap())
            .collect();
        let given_up_by = if summary.winner.is_none() {
            summary.given_up_by.map(|seat| summary.setup.config.side_of(seat))
        } else {
            None
        };
        records[usize::from(one.number)] = MatchRecord { games, given_up_by };
    }
    serde_json::to_value(draw.progress_of(&records).unwrap().standings()).unwrap()
}

#[tokio::test]
async fn a_tournament_is_made_by_a_member_and_refused_when_it_cannot_be_held() {
    let (_dir, app, sessions) = club(&["Ann", "Bo"]).await;
    let ann = sessions[0].as_str();
    let good = json!({
        "name": "Sunday cup",
        "kind": "knockout",
        "entrants": [{"member": "Ann"}, {"member": "bo"}, {"computer": "expert"}],
    });
    let with = |field: &str, value: Value| {
        let mut body = good.clone();
        body[field] = value;
        body
    };
    let answer = send(&app, Method::POST, "/api/club/tournaments", None, Some(good.clone())).await;
    assert_error(answer.status, &answer.json(), StatusCode::UNAUTHORIZED, "not signed in");
    for (body, words) in [
        (with("kind", json!("swiss")), "round-robin and knockout"),
        (with("name", json!("  ")), "name is 1 to 60"),
        (with("format", json!("best-of-4")), "must be odd"),
        (with("target", json!(100)), "61 or 121"),
        (with("clock", json!(2)), "clock must be 5 to 600"),
        (with("entrants", json!([{"member": "Ann"}, {"computer": "expert"}])), "3 to 32"),
        (
            with("entrants", json!([{"member": "Ann"}, {"member": "Cy"}, {"computer": "basic"}])),
            "Cy",
        ),
        (
            with("entrants", json!([{"member": "Ann"}, {"member": "ann"}, {"computer": "basic"}])),
            "twice",
        ),
        (
            with(
                "entrants",
                json!([{"member": "Ann"}, {"computer": "best"}, {"computer": "basic"}]),
            ),
            "unknown level",
        ),
        (
            with("entrants", json!([{"robot": "x"}, {"computer": "best"}, {"computer": "basic"}])),
            "robot",
        ),
    ] {
        let answer = create(&app, ann, body).await;
        assert_error(answer.status, &answer.json(), StatusCode::BAD_REQUEST, words);
    }
    let answer = create(&app, ann, good.clone()).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let made = answer.json();
    assert_eq!(
        (made["name"].as_str(), made["format"].as_str()),
        (Some("Sunday cup"), Some("best-of-3"))
    );
    assert_eq!(made["created_by"], "Ann");
    let names: Vec<&str> =
        made["entrants"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "Bo", "expert"]);
    // Seed 1 (Ann) has the bye; seeds 2 and 3 (Bo, the expert) play at
    // once, at a table of their own; the final waits for its winner.
    let all = matches(&made);
    assert_eq!(made["rounds"][0]["byes"], json!([0]));
    assert_eq!((all[0]["home"].as_u64(), all[0]["away"].as_u64()), (Some(1), Some(2)));
    assert_eq!(all[0]["status"], "ready");
    assert!(all[0]["table"].is_string());
    assert_eq!((all[1]["home"].as_u64(), all[1]["away_from"].as_u64()), (Some(0), Some(0)));
    assert_eq!((all[1]["status"].as_str(), all[1]["table"].is_null()), (Some("waiting"), true));
    // Bo's match is his, not Ann's.
    let bo_view = page(&app, &sessions[1], made["id"].as_i64().unwrap()).await;
    assert_eq!(
        (all[0]["yours"].as_bool(), matches(&bo_view)[0]["yours"].as_bool()),
        (Some(false), Some(true))
    );
    // The seat at its table is Bo's alone: Ann cannot take it.
    let table = all[0]["table"].as_str().unwrap();
    let taken =
        send(&app, Method::POST, &format!("/api/games/{table}/join"), Some(ann), None).await;
    assert_error(taken.status, &taken.json(), StatusCode::CONFLICT, "no seat left");
    // Bo takes it, and takes it again from another browser: a new token,
    // and the old one opens it no longer.
    let join = format!("/api/games/{table}/join");
    let first = send(&app, Method::POST, &join, Some(&sessions[1]), None).await.json();
    let again = send(&app, Method::POST, &join, Some(&sessions[1]), None).await.json();
    assert_eq!((first["seat"].as_u64(), again["seat"].as_u64()), (Some(0), Some(0)));
    let (old, new) = (first["token"].as_str().unwrap(), again["token"].as_str().unwrap());
    assert_ne!(old, new);
    let path = format!("/api/games/{table}");
    let refused = seated(&app, Method::GET, &path, Some(sessions[1].as_str()), old, None).await;
    assert_error(refused.status, &refused.json(), StatusCode::FORBIDDEN, "wrong token");
    let seen = seated(&app, Method::GET, &path, Some(sessions[1].as_str()), new, None).await;
    assert_eq!(seen.json()["seats"][0]["member"], "Bo");

    // A member has at most three tournaments under way.
    for _ in 1..crib_web::OPEN_PER_MEMBER {
        assert_eq!(create(&app, ann, good.clone()).await.status, StatusCode::CREATED);
    }
    let answer = create(&app, ann, good.clone()).await;
    assert_error(
        answer.status,
        &answer.json(),
        StatusCode::TOO_MANY_REQUESTS,
        "too many tournaments",
    );
    assert_eq!(create(&app, &sessions[1], good).await.status, StatusCode::CREATED);
    let list = send(&app, Method::GET, "/api/club/tournaments", Some(ann), None).await;
    assert_eq!(list.json()["tournaments"].as_array().unwrap().len(), 4);
    let missing = send(&app, Method::GET, "/api/club/tournaments/99", Some(ann), None).await;
    assert_error(missing.status, &missing.json(), StatusCode::NOT_FOUND, "no such tournament");
}

/// Four entrants, two of them computers, each pair once in a game to 61:
/// the members play their matches against the computers, the computers'
/// match is played by the server, and Bo gives up his match against Ann.
#[tokio::test]
async fn a_round_robin_of_four_with_two_computers_is_played_to_its_standings() {
    let (dir, app, sessions) = club(&["Ann", "Bo"]).await;
    let (ann, bo) = (sessions[0].as_str(), sessions[1].as_str());
    let answer = create(
        &app,
        bo,
        json!({
            "name": "Club night",
            "kind": "round-robin",
            "target": 61,
            "entrants": [{"member": "Ann"}, {"member": "Bo"}, {"computer": "easy"}, {"computer": "basic"}],
        }),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let id = answer.json()["id"].as_i64().unwrap();
    // Three rounds of two matches: 0-3 1-2, 1-3 0-2, 2-3 0-1.
    for round in 0..3 {
        let now = until(&app, ann, id, |now| {
            now["rounds"][round]["matches"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["table"].is_string())
        })
        .await;
        for fixture in now["rounds"][round]["matches"].as_array().unwrap() {
            let table = fixture["table"].as_str().unwrap();
            let (home, away) =
                (fixture["home"].as_u64().unwrap(), fixture["away"].as_u64().unwrap());
            if (home, away) == (0, 1) {
                // Bo takes his seat and gives the match up.
                let joined =
                    send(&app, Method::POST, &format!("/api/games/{table}/join"), Some(bo), None)
                        .await;
                let token = joined.json()["token"].as_str().unwrap().to_owned();
                let quit = seated(
                    &app,
                    Method::POST,
                    &format!("/api/games/{table}/quit"),
                    Some(bo),
                    &token,
                    None,
                )
                .await;
                assert_eq!(quit.status, StatusCode::OK, "{}", quit.text);
            } else if home == 0 || away == 0 {
                play_match(&app, ann, table).await;
            } else if home == 1 || away == 1 {
                play_match(&app, bo, table).await;
            }
        }
        until(&app, ann, id, |now| {
            now["rounds"][round]["matches"].as_array().unwrap().iter().all(|m| m["status"] == "won")
        })
        .await;
    }
    let over = until(&app, ann, id, |now| now["finished_at"].is_string()).await;
    let all = matches(&over);
    assert_eq!(all.len(), 6);
    let forfeit = all.iter().find(|m| m["home"] == 0 && m["away"] == 1).unwrap();
    assert_eq!((forfeit["winner"].as_u64(), forfeit["given_up"].as_bool()), (Some(0), Some(true)));
    assert!(all.iter().all(|m| m["yours"] == false), "nothing left to play");
    // The standings are the saved matches' folded by hand, and every
    // entrant played three games.
    assert_eq!(over["standings"], standings_from_saved(&dir.path().join("crib.db"), id));
    let lines = over["standings"].as_array().unwrap();
    assert!(lines.iter().all(|line| line["played"] == 3), "{lines:?}");
    let wins: u64 = lines.iter().map(|line| line["wins"].as_u64().unwrap()).sum();
    let losses: u64 = lines.iter().map(|line| line["losses"].as_u64().unwrap()).sum();
    assert_eq!((wins, losses), (6, 6));
    let order: Vec<u64> =
        over["final_order"].as_array().unwrap().iter().map(|e| e.as_u64().unwrap()).collect();
    let ranked: Vec<u64> = lines.iter().map(|line| line["entrant"].as_u64().unwrap()).collect();
    assert_eq!(order, ranked);
    // A tournament's match is played once.
    let table = forfeit["table"].as_str().unwrap();
    let joined =
        send(&app, Method::POST, &format!("/api/games/{table}/join"), Some(ann), None).await;
    let token = joined.json()["token"].as_str().unwrap().to_owned();
    let again =
        seated(&app, Method::POST, &format!("/api/games/{table}/new"), Some(ann), &token, None)
            .await;
    assert_error(again.status, &again.json(), StatusCode::CONFLICT, "played once");
}

/// A knockout of three computers, best of three, is played by the server
/// alone: seed 1's bye, the winner of seeds 2 and 3 in the final, and the
/// final order the bracket's.
#[tokio::test]
async fn a_knockout_of_computers_is_played_by_the_server() {
    let (dir, app, sessions) = club(&["Ann"]).await;
    let ann = sessions[0].as_str();
    let answer = create(
        &app,
        ann,
        json!({
            "name": "Machines",
            "kind": "knockout",
            "target": 61,
            "entrants": [{"computer": "basic"}, {"computer": "easy"}, {"computer": "easy"}],
        }),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let made = answer.json();
    let names: Vec<&str> =
        made["entrants"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["basic", "easy 1", "easy 2"]);
    let id = made["id"].as_i64().unwrap();
    let over = until(&app, ann, id, |now| now["finished_at"].is_string()).await;
    let all = matches(&over);
    let first = all[0]["winner"].as_u64().unwrap();
    assert!(first == 1 || first == 2);
    assert_eq!((all[1]["home"].as_u64(), all[1]["away"].as_u64()), (Some(0), Some(first)));
    for fixture in &all {
        let games: Vec<u64> =
            fixture["games"].as_array().unwrap().iter().map(|g| g.as_u64().unwrap()).collect();
        assert_eq!(games.iter().max(), Some(&2), "best of three: {fixture}");
    }
    let champion = all[1]["winner"].as_u64().unwrap();
    let runner_up = if champion == 0 { first } else { 0 };
    let order: Vec<u64> =
        over["final_order"].as_array().unwrap().iter().map(|e| e.as_u64().unwrap()).collect();
    assert_eq!(order, [champion, runner_up, 3 - first]);
    assert_eq!(over["standings"], standings_from_saved(&dir.path().join("crib.db"), id));
}

//! Rated tables and the rating list through the router: who may open and
//! sit at a rated table, each seat's member in the table's state, and the
//! list and a member's page after rated matches won and given up, each
//! rating the fold of Glicko-2 over the rated matches in the order they
//! ended.

use axum::Router;
use axum::http::{Method, StatusCode};
use crib_club::{Rating, computer_start, rate_match};
use crib_store::{MemberName, Store};
use serde_json::{Value, json};

use crate::api::assert_error;
use crate::club::{Answer, LOOPBACK, app, send, send_seated, sign_in};

/// A club of `names` in a fresh database, a server on it, and each
/// member's session.
pub(crate) async fn club(names: &[&str]) -> (tempfile::TempDir, Router, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let keys: Vec<_> = names
        .iter()
        .map(|name| store.add_member(&MemberName::new(name).unwrap()).unwrap().1)
        .collect();
    drop(store);
    let app = app(&path, false);
    let mut sessions = Vec::new();
    for key in keys {
        sessions.push(sign_in(&app, key.as_str()).await.1);
    }
    (dir, app, sessions)
}

/// A request of a seat (`token`) from a member's browser (`session`).
pub(crate) async fn seated(
    app: &Router,
    method: Method,
    uri: &str,
    session: Option<&str>,
    token: &str,
    body: Option<Value>,
) -> Answer {
    send_seated(app, method, uri, (session, Some(token)), body, LOOPBACK).await
}

/// Opens a table as `session` with `body`: its id and the creator's token.
async fn open(app: &Router, session: Option<&str>, body: Value) -> (String, String) {
    let answer = send(app, Method::POST, "/api/games", session, Some(body)).await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    let value = answer.json();
    (value["game"].as_str().unwrap().to_owned(), value["token"].as_str().unwrap().to_owned())
}

/// The rating list: each name with its rating, deviation, wins and losses.
async fn list(app: &Router, session: &str) -> Vec<(String, i64, i64, u64, u64)> {
    let answer = send(app, Method::GET, "/api/club/ratings", Some(session), None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let value = answer.json();
    value["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["name"].as_str().unwrap().to_owned(),
                line["rating"].as_i64().unwrap(),
                line["deviation"].as_i64().unwrap(),
                line["wins"].as_u64().unwrap(),
                line["losses"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// A rating as the API rounds it.
fn rounded(rating: Rating) -> (i64, i64) {
    #[allow(clippy::cast_possible_truncation)]
    (rating.rating().round() as i64, rating.deviation().round() as i64)
}

fn line_of<'a>(
    list: &'a [(String, i64, i64, u64, u64)],
    name: &str,
) -> &'a (String, i64, i64, u64, u64) {
    list.iter().find(|line| line.0 == name).unwrap_or_else(|| panic!("{name} in {list:?}"))
}

#[tokio::test]
async fn only_a_member_opens_a_rated_table_of_two_without_a_seed_or_an_engine() {
    let (_dir, app, sessions) = club(&["Ann"]).await;
    let ann = Some(sessions[0].as_str());
    let rated = |more: Value| {
        let mut body = json!({"rated": true});
        body.as_object_mut().unwrap().extend(more.as_object().unwrap().clone());
        body
    };
    for (session, body, status, words) in [
        (None, rated(json!({})), StatusCode::UNAUTHORIZED, "not signed in"),
        (ann, rated(json!({"seed": 4})), StatusCode::BAD_REQUEST, "seed"),
        (
            ann,
            rated(json!({"seats": [{"kind": "you"}, {"kind": "person"}, {"kind": "computer"}]})),
            StatusCode::BAD_REQUEST,
            "two seats",
        ),
    ] {
        let answer = send(&app, Method::POST, "/api/games", session, Some(body.clone())).await;
        assert_error(answer.status, &answer.json(), status, words);
    }
    // Unrated, the same tables open for anyone.
    open(&app, None, json!({"seed": 4})).await;
    open(&app, ann, rated(json!({"level": "expert"}))).await;
}

#[tokio::test]
async fn a_rated_tables_seats_are_members_and_the_state_names_them() {
    let (_dir, app, sessions) = club(&["Ann", "Bo"]).await;
    let (ann, bo) = (Some(sessions[0].as_str()), Some(sessions[1].as_str()));
    let (id, _) = open(&app, ann, json!({"rated": true, "opponent": "person"})).await;
    let join = format!("/api/games/{id}/join");
    // No one signed out, and not Ann again.
    let answer = send(&app, Method::POST, &join, None, None).await;
    assert_error(answer.status, &answer.json(), StatusCode::UNAUTHORIZED, "not signed in");
    let answer = send(&app, Method::POST, &join, ann, None).await;
    assert_error(answer.status, &answer.json(), StatusCode::CONFLICT, "already sit");
    let answer = send(&app, Method::POST, &join, bo, None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let members: Vec<Value> = answer.json()["state"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|seat| seat["member"].clone())
        .collect();
    assert_eq!(members, [json!("Ann"), json!("Bo")]);
}

#[tokio::test]
async fn rated_matches_move_the_list_in_the_order_they_ended() {
    let (_dir, app, sessions) = club(&["Ann", "Bo"]).await;
    let (ann, bo) = (Some(sessions[0].as_str()), Some(sessions[1].as_str()));
    let start = list(&app, &sessions[0]).await;
    let levels: Vec<&str> = start.iter().map(|line| line.0.as_str()).collect();
    assert_eq!(levels, ["expert", "classic", "basic", "easy", "random"], "members come once rated");
    let expert = computer_start("expert").unwrap();
    assert_eq!((line_of(&start, "expert").1, line_of(&start, "expert").2), rounded(expert));

    // Ann against Bo, rated: Bo gives it up, a loss for him.
    let (id, _) = open(&app, ann, json!({"rated": true, "opponent": "person"})).await;
    let joined = send(&app, Method::POST, &format!("/api/games/{id}/join"), bo, None).await;
    let bo_token = joined.json()["token"].as_str().unwrap().to_owned();
    let quit =
        seated(&app, Method::POST, &format!("/api/games/{id}/quit"), bo, &bo_token, None).await;
    assert_eq!(quit.status, StatusCode::OK, "{}", quit.text);
    // The same, unrated: it moves nothing.
    let (id, _) = open(&app, ann, json!({"opponent": "person"})).await;
    let joined = send(&app, Method::POST, &format!("/api/games/{id}/join"), bo, None).await;
    let token = joined.json()["token"].as_str().unwrap().to_owned();
    seated(&app, Method::POST, &format!("/api/games/{id}/quit"), bo, &token, None).await;
    // Ann against the expert, rated: she gives it up.
    let (id, token) = open(&app, ann, json!({"rated": true, "level": "expert"})).await;
    let quit =
        seated(&app, Method::POST, &format!("/api/games/{id}/quit"), ann, &token, None).await;
    assert_eq!(quit.status, StatusCode::OK, "{}", quit.text);

    let (ann1, bo1) = rate_match(Rating::NEW, Rating::NEW);
    let (expert2, ann2) = rate_match(expert, ann1);
    let now = list(&app, &sessions[1]).await;
    let ann_line = line_of(&now, "Ann");
    assert_eq!(
        (ann_line.1, ann_line.2, ann_line.3, ann_line.4),
        (rounded(ann2).0, rounded(ann2).1, 1, 1)
    );
    let bo_line = line_of(&now, "Bo");
    assert_eq!(
        (bo_line.1, bo_line.2, bo_line.3, bo_line.4),
        (rounded(bo1).0, rounded(bo1).1, 0, 1)
    );
    let expert_line = line_of(&now, "expert");
    assert_eq!((expert_line.1, expert_line.3), (rounded(expert2).0, 1));
    let ratings: Vec<i64> = now.iter().map(|line| line.1).collect();
    assert!(ratings.windows(2).all(|pair| pair[0] >= pair[1]), "highest first: {now:?}");

    // Ann's page: her rating, its chart, her matches, her figures.
    let page = send(&app, Method::GET, "/api/club/members/ann", bo, None).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let page = page.json();
    assert_eq!(page["name"], "Ann");
    assert_eq!(
        (page["rating"]["rating"].as_i64(), page["wins"].as_u64()),
        (Some(rounded(ann2).0), Some(1))
    );
    let chart: Vec<i64> = page["chart"]
        .as_array()
        .unwrap()
        .iter()
        .map(|point| point["rating"].as_i64().unwrap())
        .collect();
    assert_eq!(chart, [rounded(ann1).0, rounded(ann2).0]);
    let results: Vec<(&str, bool)> = page["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| (line["result"].as_str().unwrap(), line["rated"].as_bool().unwrap()))
        .collect();
    assert_eq!(results, [("lost", true), ("won", false), ("won", true)]);
    assert_eq!(page["matches"][2]["opponents"], json!(["Bo"]));
    assert_eq!(page["matches"][0]["opponents"], json!(["expert"]));
    assert_eq!(page["record"]["matches"], 3, "{}", page["record"]);
    assert_eq!(page["record"]["matches_won"], 2);

    // Only members read them; a name that is no member's is not found.
    let answer = send(&app, Method::GET, "/api/club/ratings", None, None).await;
    assert_error(answer.status, &answer.json(), StatusCode::UNAUTHORIZED, "not signed in");
    let answer = send(&app, Method::GET, "/api/club/members/Cy", ann, None).await;
    assert_error(answer.status, &answer.json(), StatusCode::NOT_FOUND, "no member");
}

#[tokio::test]
async fn a_member_who_leaves_before_play_no_longer_sits_there() {
    let (_dir, app, sessions) = club(&["Ann", "Bo"]).await;
    let (ann, bo) = (Some(sessions[0].as_str()), Some(sessions[1].as_str()));
    let (id, _) = open(&app, ann, json!({"rated": true, "opponent": "person"})).await;
    let joined = send(&app, Method::POST, &format!("/api/games/{id}/join"), bo, None).await;
    let token = joined.json()["token"].as_str().unwrap().to_owned();
    let left =
        seated(&app, Method::POST, &format!("/api/games/{id}/leave"), bo, &token, None).await;
    // Play began when Bo sat down: leaving is refused. A three-seat table
    // waits for its last seat instead.
    assert_eq!(left.status, StatusCode::CONFLICT, "{}", left.text);
    let (id, ann_token) = open(
        &app,
        ann,
        json!({"seats": [{"kind": "you"}, {"kind": "person"}, {"kind": "person"}]}),
    )
    .await;
    let joined = send(&app, Method::POST, &format!("/api/games/{id}/join"), bo, None).await;
    let token = joined.json()["token"].as_str().unwrap().to_owned();
    let members = |state: &Value| -> Vec<Value> {
        state["seats"].as_array().unwrap().iter().map(|seat| seat["member"].clone()).collect()
    };
    assert_eq!(members(&joined.json()["state"]), [json!("Ann"), json!("Bo"), Value::Null]);
    let left =
        seated(&app, Method::POST, &format!("/api/games/{id}/leave"), bo, &token, None).await;
    assert_eq!(left.status, StatusCode::OK, "{}", left.text);
    let state = seated(&app, Method::GET, &format!("/api/games/{id}"), ann, &ann_token, None).await;
    assert_eq!(members(&state.json()), [json!("Ann"), Value::Null, Value::Null], "{}", state.text);
    let again = send(&app, Method::POST, &format!("/api/games/{id}/join"), bo, None).await;
    assert_eq!(again.status, StatusCode::OK, "Bo may sit down again: {}", again.text);
    assert_eq!(members(&again.json()["state"]), [json!("Ann"), json!("Bo"), Value::Null]);
}

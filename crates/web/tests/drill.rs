//! The drill's routes: hands dealt by the server from the seed, answers
//! graded and timed by the server, refusals, and the answers saved.

use std::sync::Arc;

use axum::Router;
use axum::http::{Method, StatusCode};
use crib_core::{CountByKind, DrillHand};
use crib_store::{DrillPlace, Store};
use crib_web::{Limits, Server, router};
use serde_json::{Value, json};

use crate::api::{BIG_SEED, app, assert_error, call};

async fn start(app: &Router, body: Value) -> Value {
    let (status, value) =
        call(app, Method::POST, "/api/drills", None, Some(body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{value}");
    value
}

/// The drill's id and its token.
fn ids(state: &Value) -> (String, String) {
    (state["drill"].as_str().unwrap().to_owned(), state["token"].as_str().unwrap().to_owned())
}

async fn answer(app: &Router, (id, token): &(String, String), body: Value) -> (StatusCode, Value) {
    let path = format!("/api/drills/{id}/answer");
    call(app, Method::POST, &path, Some(token), Some(body.to_string())).await
}

async fn drill_state(app: &Router, (id, token): &(String, String)) -> (StatusCode, Value) {
    call(app, Method::GET, &format!("/api/drills/{id}"), Some(token), None).await
}

fn points(points: CountByKind) -> Value {
    serde_json::to_value(points).unwrap()
}

/// The hand the state shows, checked against the seeded deal.
fn shown(state: &Value, seed: u64, cribs: bool) -> DrillHand {
    let number = state["hand"]["number"].as_u64().unwrap() as u32;
    let hand = DrillHand::dealt(seed, number, cribs);
    assert_eq!(state["hand"]["cards"], serde_json::to_value(hand.show.hand()).unwrap());
    assert_eq!(state["hand"]["starter"], hand.show.starter().to_string());
    assert_eq!(state["hand"]["crib"], hand.is_crib());
    hand
}

#[tokio::test]
async fn a_drill_deals_from_its_seed_and_grades_right_and_wrong_answers() {
    let app = app();
    let state = start(&app, json!({"seed": 5, "hands": 3, "cribs": true})).await;
    let id = ids(&state);
    assert_eq!((&state["seed"], &state["hands"]), (&json!("5"), &json!(3)));
    let hand = shown(&state, 5, true);
    assert_eq!(state["hand"]["number"], 0);

    // Right.
    let truth = CountByKind::of(&hand.breakdown());
    let (status, graded) = answer(&app, &id, json!({"number": 0, "points": points(truth)})).await;
    assert_eq!(status, StatusCode::OK, "{graded}");
    assert_eq!(graded["right"], true);
    assert_eq!(graded["verdict"], "Every point counted.");
    assert_eq!(graded["truth"], points(truth));
    assert_eq!(graded["spoken"], hand.breakdown().spoken());
    assert!(graded["count"].as_str().unwrap().ends_with("Right."), "{graded}");
    assert!(graded["millis"].as_u64().is_some());
    let state = &graded["state"];
    assert_eq!(state["answered"], 1);
    assert_eq!(state["right"], 1);

    // An answer to another hand than the one shown changes nothing.
    let (status, refused) = answer(&app, &id, json!({"number": 0, "points": {}})).await;
    assert_error(status, &refused, StatusCode::CONFLICT, "hand 1 is the one to count, not 0");

    // Wrong: a nob too many, and kinds left out are nothing.
    let hand = shown(state, 5, true);
    let truth = CountByKind::of(&hand.breakdown());
    let said = CountByKind { nobs: truth.nobs + 1, ..truth };
    let (_, graded) = answer(&app, &id, json!({"number": 1, "points": points(said)})).await;
    assert_eq!(graded["right"], false);
    assert_eq!(graded["over"], points(CountByKind { nobs: 1, ..CountByKind::ZERO }));
    assert_eq!(graded["verdict"], "Counted 1 for his nob too many.");
    let hand = shown(&graded["state"], 5, true);
    let (_, graded) = answer(&app, &id, json!({"number": 2, "points": {}})).await;
    let truth = CountByKind::of(&hand.breakdown());
    assert_eq!(graded["missed"], points(truth));
    assert_eq!(graded["right"], truth.total() == 0);

    // Over: no hand, a summary.
    let state = &graded["state"];
    assert_eq!(state["hand"], Value::Null);
    let summary = state["summary"].as_array().unwrap();
    let right = 1 + u32::from(truth.total() == 0);
    let first = summary[0].as_str().unwrap();
    assert!(first.starts_with(&format!("3 hands counted, {right} right (")), "{first}");
    assert!(first.contains("median time "), "{first}");
    let (status, again) = drill_state(&app, &id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(&again, state);
    let (status, refused) = answer(&app, &id, json!({"number": 3, "points": {}})).await;
    assert_error(status, &refused, StatusCode::CONFLICT, "the drill is over");
}

/// The drill's seed goes out as a string, which JavaScript reads exactly,
/// and comes in as a string or a number.
#[tokio::test]
async fn a_drill_seed_above_two_to_the_53_goes_out_as_a_string() {
    let app = app();
    for seed in [json!(BIG_SEED), json!(BIG_SEED.to_string())] {
        let state = start(&app, json!({"seed": seed, "hands": 2})).await;
        assert_eq!(state["seed"], json!("8033069816182806435"));
        shown(&state, BIG_SEED, false);
    }
    // The server's own seed too.
    let (status, state) = call(&app, Method::POST, "/api/drills", None, None).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    let seed: u64 = state["seed"].as_str().unwrap().parse().unwrap();
    shown(&state, seed, false);
    let (status, value) =
        call(&app, Method::POST, "/api/drills", None, Some(json!({"seed": "7e3"}).to_string()))
            .await;
    assert_error(status, &value, StatusCode::BAD_REQUEST, "seed");
}

#[tokio::test]
async fn bad_drill_requests_are_refused() {
    let app = app();
    for (body, words) in [
        (json!({"hands": 0}), "hands must be 1 to 100"),
        (json!({"hands": 101}), "hands must be 1 to 100"),
        (json!({"cribs": "yes"}), "malformed request"),
        (json!({"level": 3}), "unknown field"),
    ] {
        let (status, value) =
            call(&app, Method::POST, "/api/drills", None, Some(body.to_string())).await;
        assert_error(status, &value, StatusCode::BAD_REQUEST, words);
    }
    let nothing = ("nothing".to_owned(), "0".repeat(32));
    let (status, value) = drill_state(&app, &nothing).await;
    assert_error(status, &value, StatusCode::NOT_FOUND, "no such drill");
    let (status, value) = answer(&app, &nothing, json!({"number": 0, "points": {}})).await;
    assert_error(status, &value, StatusCode::NOT_FOUND, "no such drill");
    // Without a body the drill has ten hands of the server's seeds.
    let (status, state) = call(&app, Method::POST, "/api/drills", None, None).await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    assert_eq!(state["hands"], 10);
    let id = &ids(&state);
    for (body, words) in [
        (json!({"number": 0, "points": {"fifteens": 300}}), "malformed request"),
        (json!({"number": 0, "points": {"sevens": 2}}), "unknown field"),
        (json!({"number": -1, "points": {}}), "malformed request"),
        (json!({"points": {}}), "missing field"),
    ] {
        let (status, value) = answer(&app, id, body).await;
        assert_error(status, &value, StatusCode::BAD_REQUEST, words);
    }
    let (status, value) = drill_state(&app, id).await;
    assert_eq!((status, &value["answered"]), (StatusCode::OK, &json!(0)), "{value}");
}

#[tokio::test]
async fn a_drill_belongs_to_whoever_started_it() {
    let app = app();
    let mine = ids(&start(&app, json!({"seed": 4, "hands": 2})).await);
    let theirs = ids(&start(&app, json!({"seed": 4, "hands": 2})).await);
    assert_ne!(mine.1, theirs.1, "each drill has a token of its own");
    // Without a token, or with another drill's, nothing is read or answered.
    let path = format!("/api/drills/{}", mine.0);
    let (status, value) = call(&app, Method::GET, &path, None, None).await;
    assert_error(status, &value, StatusCode::UNAUTHORIZED, "missing token");
    let stranger = (mine.0.clone(), theirs.1.clone());
    let (status, value) = drill_state(&app, &stranger).await;
    assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token for this drill");
    let (status, value) = answer(&app, &stranger, json!({"number": 0, "points": {}})).await;
    assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token for this drill");
    let (status, value) = drill_state(&app, &mine).await;
    assert_eq!((status, &value["answered"]), (StatusCode::OK, &json!(0)), "{value}");
}

#[tokio::test]
async fn answers_are_saved_for_the_person() {
    let dir = tempfile::tempdir().unwrap();
    let saved = Arc::new(Store::open(&dir.path().join("crib.db")).unwrap());
    let app = router(Arc::new(
        Server::new(Limits::default(), Some(3)).with_saved_games(Arc::clone(&saved)).unwrap(),
    ));
    let state = start(&app, json!({"seed": 9, "hands": 2})).await;
    let id = &ids(&state);
    let first = shown(&state, 9, false);
    answer(&app, id, json!({"number": 0, "points": {"pairs": 2}})).await;
    answer(&app, id, json!({"number": 1, "points": {}})).await;
    let answers = saved.drill_answers("me").unwrap();
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[0].hand, first);
    assert_eq!(answers[0].place, DrillPlace::Browser);
    assert_eq!(answers[0].answer, CountByKind { pairs: 2, ..CountByKind::ZERO });
    assert_eq!(answers[1].hand, DrillHand::dealt(9, 1, false));
    assert_eq!(saved.drill_record("me").unwrap().hands, 2);
}

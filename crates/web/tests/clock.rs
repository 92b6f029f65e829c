//! The move clock: a person whose time runs out is moved for by `basic`,
//! the move marked in the saved record and the log; a move in time is never
//! overridden; three moves running made by the clock forfeit the match; a
//! restarted server keeps the clock. The server's clock seconds are made
//! milliseconds long here (`Server::with_clock_unit`), so that a test waits
//! a fraction of a second, not minutes.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{Method, StatusCode};
use crib_ai::{Player, Strategy};
use crib_core::{Action, Match, Seat};
use crib_store::{Resumed, Status, Store};
use crib_web::{Limits, Server, router};
use serde_json::{Value, json};

use crate::api::{assert_error, call, create, eventually, state};

/// A server saving its games at `path`, each clock second lasting `unit`.
fn app(path: &Path, unit: Duration) -> Router {
    let saved = Arc::new(Store::open(path).unwrap());
    let server = Server::new(Limits::default(), Some(11)).with_saved_games(saved).unwrap();
    router(Arc::new(server.with_clock_unit(unit)))
}

/// The seat's state once `done` holds of it, asked for every few
/// milliseconds (for at most 20 seconds).
async fn until(app: &Router, id: &str, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    let read = || state(app, id, token);
    eventually(2000, Duration::from_millis(10), read, done, "the table never got there").await
}

/// The saved match of table `id`.
fn saved(path: &Path, id: &str) -> Resumed {
    let store = Store::open(path).unwrap();
    let game = store.web_table(id).unwrap().unwrap().game;
    store.resume(game).unwrap()
}

/// Every action of `resumed` the clock made, each checked to be the one the
/// `basic` player makes in its position.
fn clocked(resumed: &Resumed) -> Vec<(Seat, Action)> {
    let setup = &resumed.summary.setup;
    let (mut play, _) = Match::new(setup.config, setup.length, setup.seed).unwrap();
    let mut made = Vec::new();
    for saved in &resumed.moves {
        if saved.by_clock {
            let basic = Strategy::Basic.player(0).act(&play.view(saved.seat));
            assert_eq!(basic, Some(saved.action), "ply {}: basic's move", saved.ply);
            made.push((saved.seat, saved.action));
        }
        play.play_claiming(saved.seat, saved.action, saved.claims).unwrap();
    }
    made
}

/// The events of `current` that begin a move made by the clock.
fn clock_events(current: &Value) -> Vec<Value> {
    let events = current["events"].as_array().unwrap();
    events.iter().filter(|said| said["by_clock"] == json!(true)).cloned().collect()
}

#[tokio::test]
async fn a_clock_out_of_range_is_refused() {
    let app = crate::api::app();
    for clock in [json!(4), json!(601), json!(0)] {
        let body = json!({"clock": clock}).to_string();
        let (status, value) = call(&app, Method::POST, "/api/games", None, Some(body)).await;
        assert_error(status, &value, StatusCode::BAD_REQUEST, "clock must be 5 to 600 seconds");
    }
    let body = json!({"clock": "soon"}).to_string();
    let (status, value) = call(&app, Method::POST, "/api/games", None, Some(body)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    // Without one, a table has no clock.
    let (_, _, current) = create(&app, json!({})).await;
    assert_eq!(current["clock"], Value::Null);
}

#[tokio::test]
async fn a_person_out_of_time_is_moved_for_by_basic_and_the_record_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    // Five "seconds" of 20 ms: a tenth of a second a move.
    let app = app(&path, Duration::from_millis(20));
    let (id, token, current) =
        create(&app, json!({"seed": 21, "level": "basic", "clock": 5})).await;
    let clock = &current["clock"];
    assert_eq!(clock["seconds"], 5);
    let running = clock["running"].as_array().unwrap();
    assert_eq!(running.len(), 1, "{clock}");
    assert_eq!(running[0]["seat"], 0);
    assert!(running[0]["left_ms"].as_u64().unwrap() <= 100, "{clock}");
    let dealt = current["view"]["hand"].clone();

    // The person does nothing: the clock discards for them.
    let after = until(&app, &id, &token, |now| !clock_events(now).is_empty()).await;
    let first = &clock_events(&after)[0];
    assert_eq!(first["lines"][0], "Moved by the clock: you ran out of time.");
    assert_eq!(first["event"]["event"], "discarded");
    assert_eq!(first["event"]["seat"], 0);
    let thrown: Vec<&str> =
        first["event"]["cards"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(thrown.iter().all(|card| dealt.as_array().unwrap().contains(&json!(card))));

    // The saved record marks it, and it is basic's discard of that hand.
    let resumed = saved(&path, &id);
    let made = clocked(&resumed);
    assert!(!made.is_empty());
    let (seat, action) = made[0];
    assert_eq!(seat, Seat::ALL[0]);
    let Action::Discard(cards) = action else { panic!("a discard first, not {action}") };
    let saved_cards: Vec<String> = cards.iter().map(|card| card.to_string()).collect();
    assert_eq!(saved_cards, thrown);
    // The computer's moves are never the clock's.
    assert!(made.iter().all(|&(seat, _)| seat == Seat::ALL[0]));
}

#[tokio::test]
async fn a_move_in_time_is_never_overridden() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    // Thirty "seconds" of 10 ms: 0.3 s a move, time enough to discard.
    let app = app(&path, Duration::from_millis(10));
    let (id, token, current) = create(&app, json!({"seed": 22, "clock": 30})).await;
    // The two highest cards of the hand: the person's own choice.
    let hand = current["view"]["hand"].as_array().unwrap();
    let mine = json!([hand[hand.len() - 2], hand[hand.len() - 1]]);
    let uri = format!("/api/games/{id}/act");
    let body = json!({"action": "discard", "cards": mine}).to_string();
    let (status, value) = call(&app, Method::POST, &uri, Some(&token), Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    // Long after the discard's deadline, the clock has moved for later
    // moves, never for the discard.
    let after = until(&app, &id, &token, |now| !clock_events(now).is_empty()).await;
    for said in clock_events(&after) {
        assert_ne!(said["event"]["event"], "discarded", "{said}");
    }
    let resumed = saved(&path, &id);
    let discard = resumed
        .moves
        .iter()
        .find(|saved| saved.seat == Seat::ALL[0] && matches!(saved.action, Action::Discard(_)))
        .unwrap();
    assert!(!discard.by_clock);
    let Action::Discard(cards) = discard.action else { unreachable!() };
    let cards: Vec<Value> = cards.iter().map(|card| json!(card.to_string())).collect();
    let mut expected = mine.as_array().unwrap().clone();
    expected.sort_by_key(|card| card.as_str().unwrap().to_owned());
    let mut cards = cards;
    cards.sort_by_key(|card| card.as_str().unwrap().to_owned());
    assert_eq!(cards, expected);
    // Each move the clock made is basic's; none is the person's discard.
    clocked(&resumed);
}

#[tokio::test]
async fn three_moves_running_on_the_clock_forfeit_the_match() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let app = app(&path, Duration::from_millis(10));
    let (id, token, _) = create(&app, json!({"seed": 23, "clock": 5})).await;
    let over = until(&app, &id, &token, |now| now["quit"] == json!(true)).await;
    let clock = &over["clock"];
    assert_eq!(clock["forfeit"]["seat"], 0, "{clock}");
    assert_eq!(
        clock["forfeit"]["said"],
        "You ran out of time three times running and forfeit the match."
    );
    assert_eq!(clock["timeouts"][0], 3);
    assert_eq!(clock["running"], json!([]), "no clock runs once the match is over");
    assert_eq!(clock_events(&over).len(), 3);
    // Saved as given up by the seat: a loss for its side.
    let resumed = saved(&path, &id);
    assert_eq!(resumed.summary.status, Status::Abandoned);
    assert_eq!(resumed.summary.given_up_by, Some(Seat::ALL[0]));
    assert_eq!(clocked(&resumed).len(), 3);
    // Nothing more is moved.
    let uri = format!("/api/games/{id}/act");
    let (status, value) =
        call(&app, Method::POST, &uri, Some(&token), Some(json!({"action": "go"}).to_string()))
            .await;
    assert_error(status, &value, StatusCode::CONFLICT, "quit");
}

#[tokio::test]
async fn a_restarted_server_keeps_the_clock_and_what_it_did() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    // A fifth of a second a move: the first move made by the clock is seen
    // well before a third would end the match.
    let before = app(&path, Duration::from_millis(40));
    let (id, token, _) = create(&before, json!({"seed": 24, "clock": 5})).await;
    until(&before, &id, &token, |now| !clock_events(now).is_empty()).await;
    drop(before);
    let made = clocked(&saved(&path, &id)).len();
    assert!((1..3).contains(&made), "{made} moves made by the clock");
    let row = Store::open(&path).unwrap().web_table(&id).unwrap().unwrap();
    assert_eq!(row.clock, Some(5));

    // A new server, whose seconds are seconds: the clock is the table's,
    // with a whole move's time, and the moves it made are said again.
    let after = app(&path, Duration::from_secs(1));
    let current = state(&after, &id, &token).await;
    let clock = &current["clock"];
    assert_eq!(clock["seconds"], 5);
    assert_eq!(clock["timeouts"][0], made, "{clock}");
    let running = clock["running"].as_array().unwrap();
    assert_eq!(running.len(), 1, "{clock}");
    let left = running[0]["left_ms"].as_u64().unwrap();
    assert!((4000..=5000).contains(&left), "{left} ms left");
    let said = clock_events(&current);
    assert_eq!(said.len(), made);
    assert!(said.iter().all(|said| said["lines"][0] == "Moved by the clock: you ran out of time."));
}

//! The lobby: leaving a seat before play, the lobby's live stream, and the
//! listed tables a restarted server still lists.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::api::{app, assert_error, call, create, first_move, state};

async fn join(app: &Router, id: &str, seat: usize) -> (StatusCode, Value) {
    let body = json!({ "seat": seat }).to_string();
    call(app, Method::POST, &format!("/api/games/{id}/join"), None, Some(body)).await
}

async fn leave(app: &Router, id: &str, token: &str) -> (StatusCode, Value) {
    call(app, Method::POST, &format!("/api/games/{id}/leave"), Some(token), None).await
}

async fn lobby(app: &Router) -> Vec<Value> {
    let (status, value) = call(app, Method::GET, "/api/lobby", None, None).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    value["tables"].as_array().unwrap().clone()
}

/// The lobby's listing of table `id`.
async fn listed(app: &Router, id: &str) -> Option<Value> {
    lobby(app).await.into_iter().find(|table| table["game"] == id)
}

fn joined(listing: &Value) -> Vec<bool> {
    listing["seats"].as_array().unwrap().iter().map(|seat| seat["joined"] == true).collect()
}

const THREE_PEOPLE: &str =
    r#"{"seats": [{"kind": "you"}, {"kind": "person"}, {"kind": "person"}], "listed": true}"#;

#[tokio::test]
async fn a_seat_left_before_play_is_free_again_with_a_new_token_and_refused_after() {
    let app = app();
    let (id, host, opened) = create(&app, serde_json::from_str(THREE_PEOPLE).unwrap()).await;
    // Until every seat is taken the cards are face down, to the creator too.
    assert_eq!(opened["view"]["hand"], json!([]), "{opened}");
    let (status, value) =
        call(&app, Method::GET, &format!("/api/games/{id}/hint"), Some(&host), None).await;
    assert_error(status, &value, StatusCode::CONFLICT, "not joined");

    let (status, first) = join(&app, &id, 1).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let first_token = first["token"].as_str().unwrap().to_owned();
    assert_eq!(first["state"]["view"]["hand"], json!([]), "no card before play");
    assert_eq!(joined(&listed(&app, &id).await.unwrap()), [true, true, false]);

    let (status, left) = leave(&app, &id, &first_token).await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert_eq!(left, json!({"game": id, "seat": 1, "closed": false}));
    let listing = listed(&app, &id).await.unwrap();
    assert_eq!(joined(&listing), [true, false, false]);
    assert_eq!(listing["started"], false);
    // The old token opens the seat no longer.
    let (status, value) =
        call(&app, Method::GET, &format!("/api/games/{id}"), Some(&first_token), None).await;
    assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token");

    // Taken again, by someone else with a token of their own; then the
    // last seat, and play begins.
    let (status, again) = join(&app, &id, 1).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    let second_token = again["token"].as_str().unwrap().to_owned();
    assert_ne!(second_token, first_token);
    let (status, last) = join(&app, &id, 2).await;
    assert_eq!(status, StatusCode::OK, "{last}");
    let listing = listed(&app, &id).await.unwrap();
    assert_eq!((joined(&listing), listing["started"].clone()), (vec![true; 3], json!(true)));
    let host_state = state(&app, &id, &host).await;
    assert_eq!(host_state["view"]["hand"].as_array().unwrap().len(), 5, "dealt, face up now");

    // Under way, no seat is left: not the creator's, not an invited one.
    for token in [&second_token, &host] {
        let (status, value) = leave(&app, &id, token).await;
        assert_error(status, &value, StatusCode::CONFLICT, "play has begun");
    }
    assert_eq!(first_move(&app, &id, &host).await, Some("discard"), "the game goes on");
    // A seat with no token, or a wrong one, leaves nothing.
    let (status, value) = leave(&app, &id, "0123").await;
    assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token");
}

#[tokio::test]
async fn the_creator_leaving_before_play_closes_the_table() {
    let app = app();
    let (id, host, _) = create(&app, json!({"opponent": "person", "listed": true})).await;
    assert!(listed(&app, &id).await.is_some());
    let (status, left) = leave(&app, &id, &host).await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert_eq!(left, json!({"game": id, "seat": 0, "closed": true}));
    assert!(listed(&app, &id).await.is_none(), "a closed table leaves the lobby");
    assert_eq!(state(&app, &id, &host).await["quit"], true);
    let (status, value) = leave(&app, &id, &host).await;
    assert_error(status, &value, StatusCode::CONFLICT, "quit");
}

/// The next frame of a live stream, within `wait`.
async fn frame(body: &mut Body, wait: Duration) -> Option<String> {
    let frame = tokio::time::timeout(wait, body.frame()).await.ok()?;
    let data = frame.expect("the stream goes on").unwrap().into_data().unwrap();
    Some(String::from_utf8(data.to_vec()).unwrap())
}

/// The lobby an `event: lobby` frame carries.
fn lobby_of(frame: &str) -> Value {
    assert!(frame.starts_with("event: lobby\n"), "{frame}");
    let data = frame.lines().find_map(|line| line.strip_prefix("data: ")).unwrap();
    serde_json::from_str(data).unwrap()
}

#[tokio::test]
async fn the_lobby_stream_sends_the_lobby_when_a_listing_changes_and_only_then() {
    let app = app();
    let request = Request::get("/api/lobby/events").body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/event-stream")
    );
    let mut body = response.into_body();
    let long = Duration::from_secs(5);
    assert_eq!(lobby_of(&frame(&mut body, long).await.unwrap()), json!({"tables": []}));

    // A table not listed, and the moves at it, are not the lobby's news.
    let (private, private_host, _) = create(&app, json!({"seed": 3})).await;
    first_move(&app, &private, &private_host).await.unwrap();
    assert_eq!(frame(&mut body, Duration::from_millis(300)).await, None);

    let (id, host, _) = create(&app, json!({"opponent": "person", "listed": true})).await;
    let news = lobby_of(&frame(&mut body, long).await.unwrap());
    assert_eq!(news["tables"][0]["game"], id.as_str());
    assert_eq!(news["tables"][0]["started"], false);
    // As `GET /api/lobby` answers it.
    assert_eq!(news["tables"].as_array().unwrap(), &lobby(&app).await);

    let (status, _) = join(&app, &id, 1).await;
    assert_eq!(status, StatusCode::OK);
    let news = lobby_of(&frame(&mut body, long).await.unwrap());
    assert_eq!(news["tables"][0]["started"], true);
    // A move changes no listing.
    first_move(&app, &id, &host).await.unwrap();
    assert_eq!(frame(&mut body, Duration::from_millis(300)).await, None);
    let (status, _) =
        call(&app, Method::POST, &format!("/api/games/{id}/quit"), Some(&host), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(lobby_of(&frame(&mut body, long).await.unwrap()), json!({"tables": []}));
}

#[tokio::test]
async fn a_restarted_server_lists_the_saved_listed_tables_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let before = crate::saved::app(&path);
    let (waiting, _, _) = create(&before, serde_json::from_str(THREE_PEOPLE).unwrap()).await;
    let (status, gone) = join(&before, &waiting, 1).await;
    assert_eq!(status, StatusCode::OK, "{gone}");
    let gone = gone["token"].as_str().unwrap().to_owned();
    assert_eq!(leave(&before, &waiting, &gone).await.0, StatusCode::OK);
    let (status, taken) = join(&before, &waiting, 2).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    let (under_way, _, _) =
        create(&before, json!({"listed": true, "format": "best-of-3", "seed": 4})).await;
    create(&before, json!({"opponent": "person"})).await;
    let (quit, quitter, _) = create(&before, json!({"opponent": "person", "listed": true})).await;
    let (status, _) =
        call(&before, Method::POST, &format!("/api/games/{quit}/quit"), Some(&quitter), None).await;
    assert_eq!(status, StatusCode::OK);
    let then = lobby(&before).await;
    assert_eq!(then.len(), 2, "{then:?}");
    drop(before);

    let after = crate::saved::app(&path);
    let now = lobby(&after).await;
    let mut ids: Vec<&str> = now.iter().map(|table| table["game"].as_str().unwrap()).collect();
    ids.sort_unstable();
    let mut expected = vec![waiting.as_str(), under_way.as_str()];
    expected.sort_unstable();
    assert_eq!(ids, expected);
    for table in &then {
        let again = now.iter().find(|listing| listing["game"] == table["game"]).unwrap();
        assert_eq!(again, table, "listed as before the restart");
    }
    // The seat left is still free, its old token refused; taken, the table
    // begins.
    let listing = listed(&after, &waiting).await.unwrap();
    assert_eq!(joined(&listing), [true, false, true]);
    let (status, value) =
        call(&after, Method::GET, &format!("/api/games/{waiting}"), Some(&gone), None).await;
    assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token");
    let (status, value) = join(&after, &waiting, 1).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(listed(&after, &waiting).await.unwrap()["started"], true);
}

#[tokio::test]
async fn the_lobby_lists_every_listed_table_up_to_its_limit() {
    let app = app();
    let mut opened = std::collections::BTreeSet::new();
    for index in 0..=crib_web::LOBBY_TABLES {
        let body = if index % 2 == 0 {
            json!({"opponent": "person", "listed": true})
        } else {
            serde_json::from_str(THREE_PEOPLE).unwrap()
        };
        let (id, _, _) = create(&app, body).await;
        opened.insert(id);
        if opened.len() == crib_web::LOBBY_TABLES {
            // All of them, each once.
            let games: std::collections::BTreeSet<String> = lobby(&app)
                .await
                .iter()
                .map(|table| table["game"].as_str().unwrap().to_owned())
                .collect();
            assert_eq!(games, opened);
        }
    }
    // One more than it lists: the lobby stops at its limit, with tables
    // that are open.
    let tables = lobby(&app).await;
    assert_eq!(tables.len(), crib_web::LOBBY_TABLES);
    assert!(tables.iter().all(|table| opened.contains(table["game"].as_str().unwrap())));
    // A table not listed is not in it.
    let (private, _, _) = create(&app, json!({"opponent": "person"})).await;
    assert!(lobby(&app).await.iter().all(|table| table["game"] != private.as_str()));
}

#[tokio::test]
async fn the_lobby_stream_tells_the_changes_of_a_second_together() {
    let app = app();
    let request = Request::get("/api/lobby/events").body(Body::empty()).unwrap();
    let mut body = app.clone().oneshot(request).await.unwrap().into_body();
    let long = Duration::from_secs(5);
    assert_eq!(lobby_of(&frame(&mut body, long).await.unwrap()), json!({"tables": []}));
    // Two tables opened at once, within a second of the last message: one
    // message, a second after it, with both.
    let (first, _, _) = create(&app, json!({"opponent": "person", "listed": true})).await;
    let (second, _, _) = create(&app, json!({"opponent": "person", "listed": true})).await;
    let started = std::time::Instant::now();
    let news = lobby_of(&frame(&mut body, long).await.unwrap());
    assert!(started.elapsed() >= Duration::from_millis(900), "{:?}", started.elapsed());
    let mut games: Vec<&str> =
        news["tables"].as_array().unwrap().iter().map(|t| t["game"].as_str().unwrap()).collect();
    games.sort_unstable();
    let mut both = [first.as_str(), second.as_str()];
    both.sort_unstable();
    assert_eq!(games, both);
    assert_eq!(frame(&mut body, Duration::from_millis(300)).await, None);
}

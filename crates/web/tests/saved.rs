//! Saved games in the browser: a table played part-way on one server is
//! offered again, at the same point, by a new server on the same database.

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::http::{Method, StatusCode};
use crib_store::Store;
use crib_web::{Limits, Server, router};
use serde_json::{Value, json};

use crate::api::{assert_error, call, create, first_move, first_move_body, state};

/// A server saving its games in the database at `path`, as `crib serve`
/// starts one: a restart is a new one on the same file.
pub(crate) fn app(path: &Path) -> Router {
    counted(path).0
}

async fn moves(app: &Router, id: &str, token: &str, count: usize) {
    for _ in 0..count {
        first_move(app, id, token).await.expect("a move to make");
    }
}

#[tokio::test]
async fn a_game_goes_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let before = app(&path);
    let (id, token, _) = create(&before, json!({"seed": 5})).await;
    moves(&before, &id, &token, 4).await;
    let then = state(&before, &id, &token).await;
    drop(before);

    let after = app(&path);
    let now = state(&after, &id, &token).await;
    assert_eq!(now, then, "the same view, the same log, the same moves");
    let next = now["next"].as_u64().unwrap();
    moves(&after, &id, &token, 1).await;
    let on = state(&after, &id, &token).await;
    assert!(on["next"].as_u64().unwrap() > next, "the game went on: {on}");

    // The database holds the match with every action, and only hashes.
    let store = Store::open(&path).unwrap();
    let unfinished = store.unfinished().unwrap();
    assert_eq!(unfinished.len(), 1);
    let resumed = store.resume(unfinished[0].id).unwrap();
    assert_eq!(resumed.events.len() as u64, on["next"].as_u64().unwrap());
    let table = store.web_table(&id).unwrap().unwrap();
    assert_eq!(table.game, unfinished[0].id);
    assert!(table.token_hashes.iter().all(|hash| hash.len() == 64 && *hash != token));
}

#[tokio::test]
async fn a_wrong_token_is_refused_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let before = app(&path);
    let (id, token, _) = create(&before, json!({"seed": 6})).await;
    moves(&before, &id, &token, 1).await;
    drop(before);

    let after = app(&path);
    let uri = format!("/api/games/{id}");
    let wrong = format!("{}0", &token[..token.len() - 1]);
    let wrong = if wrong == token { format!("{}1", &token[..token.len() - 1]) } else { wrong };
    let (status, value) = call(&after, Method::GET, &uri, Some(&wrong), None).await;
    assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token");
    let (status, value) = call(&after, Method::GET, &uri, None, None).await;
    assert_error(status, &value, StatusCode::UNAUTHORIZED, "missing token");
    let (status, value) =
        call(&after, Method::GET, "/api/games/0123456789abcdef", Some(&token), None).await;
    assert_error(status, &value, StatusCode::NOT_FOUND, "no such game");
    // The right token still works.
    state(&after, &id, &token).await;
}

#[tokio::test]
async fn a_quit_game_is_not_offered_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let before = app(&path);
    let (id, token, _) = create(&before, json!({"seed": 7})).await;
    moves(&before, &id, &token, 2).await;
    let uri = format!("/api/games/{id}/quit");
    let (status, value) = call(&before, Method::POST, &uri, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    drop(before);

    let after = app(&path);
    let (status, value) =
        call(&after, Method::GET, &format!("/api/games/{id}"), Some(&token), None).await;
    assert_error(status, &value, StatusCode::NOT_FOUND, "no such game");
    assert!(Store::open(&path).unwrap().unfinished().unwrap().is_empty());
}

#[tokio::test]
async fn several_games_are_saved_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let before = app(&path);
    let (first, first_token, _) = create(&before, json!({"seed": 8})).await;
    let (second, second_token, _) =
        create(&before, json!({"seed": 9, "level": "random", "games": 2})).await;
    let (friends, host, _) = create(&before, json!({"seed": 10, "opponent": "person"})).await;
    let (status, joined) =
        call(&before, Method::POST, &format!("/api/games/{friends}/join"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let guest = joined["token"].as_str().unwrap().to_owned();
    // Moves at every table in turn, so their actions interleave.
    for _ in 0..3 {
        moves(&before, &first, &first_token, 1).await;
        moves(&before, &second, &second_token, 1).await;
        first_move(&before, &friends, &host).await;
        first_move(&before, &friends, &guest).await;
    }
    let seats =
        [(&first, &first_token), (&second, &second_token), (&friends, &host), (&friends, &guest)];
    let mut then: Vec<Value> = Vec::new();
    for (id, token) in seats {
        then.push(state(&before, id, token).await);
    }
    drop(before);

    let after = app(&path);
    for ((id, token), then) in seats.into_iter().zip(&then) {
        assert_eq!(&state(&after, id, token).await, then);
    }
    // Both people play on at their table.
    let next = then[2]["next"].as_u64().unwrap();
    let mut moved = false;
    for token in [&host, &guest] {
        moved |= first_move(&after, &friends, token).await.is_some();
    }
    assert!(moved);
    assert!(state(&after, &friends, &host).await["next"].as_u64().unwrap() > next);
    assert_eq!(Store::open(&path).unwrap().unfinished().unwrap().len(), 3);
}

#[tokio::test]
async fn a_four_seat_table_goes_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let before = app(&path);
    let seats = json!([{"kind": "you"}, {"kind": "person"}, {"kind": "computer", "level": "basic"},
        {"kind": "person"}]);
    let (id, host, _) = create(&before, json!({"seed": 12, "seats": seats})).await;
    let join = format!("/api/games/{id}/join");
    let (status, joined) =
        call(&before, Method::POST, &join, None, Some(json!({"seat": 3}).to_string())).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let third = joined["token"].as_str().unwrap().to_owned();
    let then = state(&before, &id, &host).await;
    drop(before);

    // Seat 1's invitation is still open after the restart, with a new token.
    let after = app(&path);
    assert_eq!(state(&after, &id, &host).await, then);
    let (status, joined) = call(&after, Method::POST, &join, None, None).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"], 1);
    let second = joined["token"].as_str().unwrap().to_owned();
    for token in [&host, &second, &third] {
        assert_eq!(first_move(&after, &id, token).await, Some("discard"));
    }
    let now = state(&after, &id, &third).await;
    assert_eq!(now["view"]["phase"], "pegging", "{now}");
    let store = Store::open(&path).unwrap();
    let row = store.web_table(&id).unwrap().unwrap();
    assert_eq!(row.seats, ["you", "person", "computer:basic", "person"]);
    assert_eq!(row.joined, [true, true, true, true]);
    assert_eq!(row.token_hashes.len(), 4);
    assert_eq!(store.resume(row.game).unwrap().events.len() as u64, now["next"].as_u64().unwrap());
}

/// [`app`], and the server's handle for the writer's counts.
fn counted(path: &Path) -> (Router, Arc<Server>) {
    let saved = Arc::new(Store::open(path).unwrap());
    let server =
        Arc::new(Server::new(Limits::default(), Some(11)).with_saved_games(saved).unwrap());
    (router(Arc::clone(&server)), server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_tables_moves_are_committed_together_and_all_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let (app, server) = counted(&path);
    let players: Vec<_> = (0..24)
        .map(|seed| {
            let app = app.clone();
            tokio::spawn(async move {
                let (id, token, _) = create(&app, json!({"seed": seed})).await;
                moves(&app, &id, &token, 6).await;
                let next = state(&app, &id, &token).await["next"].as_u64().unwrap();
                (id, next)
            })
        })
        .collect();
    let mut played = Vec::new();
    for player in players {
        played.push(player.await.unwrap());
    }
    let writer = server.writer().unwrap();
    let (writes, commits) = (writer.writes(), writer.commits());
    // Each table: its start, its first deal, its row, then six moves each
    // answered by the computer.
    assert!(writes >= 24 * 9, "{writes} writes");
    assert!(commits < writes, "{commits} commits for {writes} writes: none grouped");
    // Every answered move is in the file, event for event.
    let store = Store::open(&path).unwrap();
    for (id, next) in played {
        let table = store.web_table(&id).unwrap().unwrap();
        assert_eq!(store.resume(table.game).unwrap().events.len() as u64, next, "table {id}");
    }
}

#[tokio::test]
async fn a_move_that_cannot_be_saved_is_refused_and_undone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let app = app(&path);
    let (id, token, _) = create(&app, json!({"seed": 5})).await;
    moves(&app, &id, &token, 2).await;
    let before = state(&app, &id, &token).await;

    // The disk refuses every action from now on: a real failure of SQLite.
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch(crib_store::testing::REFUSE_ACTIONS).unwrap();
    let (_, body) = first_move_body(&before).expect("a move to make");
    let uri = format!("/api/games/{id}/act");
    let (status, value) =
        call(&app, Method::POST, &uri, Some(&token), Some(body.to_string())).await;
    assert_error(status, &value, StatusCode::SERVICE_UNAVAILABLE, "cannot save games now");

    // Once the disk takes writes again, the table is as it was saved: the
    // refused move undone, and it can be made again.
    other.execute_batch(crib_store::testing::ALLOW_ACTIONS).unwrap();
    assert_eq!(state(&app, &id, &token).await, before);
    let (status, value) =
        call(&app, Method::POST, &uri, Some(&token), Some(body.to_string())).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert!(value["next"].as_u64().unwrap() > before["next"].as_u64().unwrap());
}

#[tokio::test]
async fn while_moves_cannot_be_saved_the_game_can_still_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let app = app(&path);
    let (id, token, _) = create(&app, json!({"seed": 5})).await;
    moves(&app, &id, &token, 2).await;
    let before = state(&app, &id, &token).await;
    // Nothing can be written: no action, and no table's row (as with a
    // full disk).
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch(crib_store::testing::REFUSE_ACTIONS).unwrap();
    let refuse_rows = "CREATE TRIGGER refuse_rows BEFORE INSERT ON web_tables
                       BEGIN SELECT RAISE(ABORT, 'the disk says no'); END;
                       CREATE TRIGGER refuse_row_changes BEFORE UPDATE ON web_tables
                       BEGIN SELECT RAISE(ABORT, 'the disk says no'); END;";
    other.execute_batch(refuse_rows).unwrap();
    let (_, body) = first_move_body(&before).expect("a move to make");
    let uri = format!("/api/games/{id}/act");
    let act = || call(&app, Method::POST, &uri, Some(&token), Some(body.to_string()));
    let (status, value) = act().await;
    assert_error(status, &value, StatusCode::SERVICE_UNAVAILABLE, "cannot save games now");
    // While the disk still refuses: the game reads as it was saved, every
    // read, and a move is refused at once with a status that says why.
    for _ in 0..3 {
        let path = format!("/api/games/{id}?since=0");
        let (status, value) = call(&app, Method::GET, &path, Some(&token), None).await;
        assert_eq!(status, StatusCode::OK, "{value}");
        assert_eq!(value, before);
        let (status, value) = act().await;
        assert_error(status, &value, StatusCode::SERVICE_UNAVAILABLE, "cannot save games now");
    }
    // Once the disk takes writes again, the move is taken.
    other.execute_batch(crib_store::testing::ALLOW_ACTIONS).unwrap();
    other.execute_batch("DROP TRIGGER refuse_rows; DROP TRIGGER refuse_row_changes").unwrap();
    let (status, value) = act().await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert!(value["next"].as_u64().unwrap() > before["next"].as_u64().unwrap());
}

#[tokio::test]
async fn a_match_over_is_reviewed_by_the_expert() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let app = app(&path);
    let (id, token, _) = create(&app, json!({"seed": 7, "level": "basic"})).await;
    moves(&app, &id, &token, 12).await;
    let uri = format!("/api/games/{id}/review");
    let (status, value) = call(&app, Method::GET, &uri, Some(&token), None).await;
    assert_error(status, &value, StatusCode::CONFLICT, "still being played");
    let (status, value) = call(&app, Method::GET, &uri, None, None).await;
    assert_error(status, &value, StatusCode::UNAUTHORIZED, "missing token");
    let (status, _) =
        call(&app, Method::POST, &format!("/api/games/{id}/quit"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);

    let (status, value) = call(&app, Method::GET, &uri, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    // The review is the library's of the saved match, told from "you".
    let store = Store::open(&path).unwrap();
    let saved = store.web_table(&id).unwrap().unwrap().game;
    let expected =
        crib_table::review::review(&store, saved, crib_table::review::REVIEW_SEED).unwrap();
    let expected: Value = serde_json::from_str(&serde_json::to_string(&expected).unwrap()).unwrap();
    assert_eq!(value["review"], expected);
    let decisions = expected["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    let said = value["said"].as_array().unwrap();
    assert_eq!(said.len(), decisions.len());
    assert!(said.iter().all(|line| line.as_str().unwrap().starts_with("You ")), "{said:?}");
    assert_eq!(value["chart_side"], "you");
    let svg = value["svg"].as_str().unwrap();
    let chart = crib_table::review::chance_svg(
        &expected["chance"]
            .as_array()
            .unwrap()
            .iter()
            .map(|point| point["chance"].as_f64().unwrap())
            .collect::<Vec<_>>(),
    );
    assert_eq!(svg, chart);
    // The split into luck and skill in the seat's words: the match was
    // quit in its first game, which is not split.
    assert_eq!(expected["luck_skill"], Value::Null);
    assert_eq!(value["luck_skill"]["games"], json!(["Not finished, so not split."]));
    assert_eq!(value["luck_skill"]["total"], Value::Null);
    let legend = value["luck_skill"]["legend"].as_str().unwrap();
    assert!(legend.starts_with("Luck and skill, in your chance of winning:"), "{legend}");
}

#[tokio::test]
async fn a_server_that_saves_nothing_has_no_review() {
    let app = router(Arc::new(Server::new(Limits::default(), Some(11))));
    let (id, token, _) = create(&app, json!({"seed": 7})).await;
    let (status, _) =
        call(&app, Method::POST, &format!("/api/games/{id}/quit"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, value) =
        call(&app, Method::GET, &format!("/api/games/{id}/review"), Some(&token), None).await;
    assert_error(status, &value, StatusCode::NOT_FOUND, "saves no games");
}

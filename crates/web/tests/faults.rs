//! The two faults of the browser game that issue 11 names, each reproduced:
//! a table restored from the saved games when the computer was due to move
//! (the server was killed between saving the person's move and the
//! computer's answer), and a table loaded twice at once while a small
//! `--max-games` evicts tables still in use.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use crib_core::{Action, Claims, Phase, Seat};
use crib_store::{GameId, Store, StoreError};
use crib_web::{Limits, Server, router};
use serde_json::json;

use crate::api::{create, state};
use crate::driver::{Plan, run};

fn app(path: &Path, limits: Limits) -> (Arc<Server>, Router) {
    let saved = Arc::new(Store::open(path).unwrap());
    let server = Arc::new(Server::new(limits, Some(11)).with_saved_games(saved).unwrap());
    (Arc::clone(&server), router(server))
}

/// Saves the person's discard as the server would have before it was
/// killed, without the computer's answer; `true` if the computer is then
/// due to play (the case that came back stuck).
fn save_the_persons_discard_only(path: &Path, id: &str) -> bool {
    let store = Store::open(path).unwrap();
    let row = store.web_table(id).unwrap().unwrap();
    let resumed = store.resume(row.game).unwrap();
    let person = Seat::ALL[0];
    let mut play = resumed.play;
    let view = play.view(person);
    assert_eq!(view.phase, Phase::Discard);
    let cards = view.hand.iter().take(2).collect::<Vec<_>>();
    let action = Action::Discard(crib_core::CardSet::from_distinct(cards).unwrap());
    let events = play.play(person, action).unwrap();
    store.record(row.game, person, action, Claims::NONE, &events).unwrap();
    play.game().pegging().turn() == Some(Seat::ALL[1])
}

#[tokio::test]
async fn a_table_whose_computer_was_due_moves_when_it_is_loaded() {
    let mut checked = 0;
    for seed in 1..12u64 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("crib.db");
        let (_, before) = app(&path, Limits::default());
        let (id, token, _) = create(&before, json!({"seed": seed})).await;
        drop(before);
        if !save_the_persons_discard_only(&path, &id) {
            continue;
        }
        checked += 1;
        let (_, after) = app(&path, Limits::default());
        let now = state(&after, &id, &token).await;
        let moves = &now["moves"];
        let can_move = !moves["playable"].as_array().unwrap().is_empty()
            || moves["go"] == json!(true)
            || moves["continue"] == json!(true);
        assert!(can_move, "seed {seed}: the computer's turn, and nobody asked it: {now}");
        // The computer's answer is saved, and the saved game replays.
        let store = Store::open(&path).unwrap();
        let row = store.web_table(&id).unwrap().unwrap();
        let resumed = store.resume(row.game).unwrap();
        assert_eq!(resumed.events.len() as u64, now["next"].as_u64().unwrap());
        assert_eq!(resumed.moves.last().unwrap().seat, Seat::ALL[1], "the computer played");
    }
    assert!(checked >= 2, "only {checked} seeds left the computer to play");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_evicted_while_in_use_are_never_loaded_twice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let limits = Limits { games: 1, idle: Duration::from_secs(3600) };
    let (server, app) = app(&path, limits);
    let listener = crib_web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
    let addr = listener.local_addr().unwrap();
    let serving = tokio::spawn(axum::serve(listener, app).into_future());
    let plan = Plan { games: 12, hands: 3, limit: Duration::from_secs(120), think: Duration::ZERO };
    let report = run(addr, plan, "basic").await;
    serving.abort();
    drop(server);
    assert!(report.problems.is_empty(), "{:#?}", report.problems);
    assert_eq!(report.completed, 12);
    // Every saved match replays from its seed and its actions.
    let store = Store::open(&path).unwrap();
    let mut replayed = 0;
    for id in 1.. {
        match store.resume(GameId(id)) {
            Ok(_) => replayed += 1,
            Err(StoreError::NoSuchGame(_)) => break,
            Err(error) => panic!("saved match {id} does not replay: {error}"),
        }
    }
    assert_eq!(replayed, 12);
}

//! The deal of the day through the router: the same deals for every
//! member and other deals another day; each round played once and in
//! order; no answers before the day is played; the answers with the
//! club's shares (adding up to 1 over the keeps), the ranking by points
//! given up, which are the review's; a day to come refused, a day gone by
//! browsable by anyone and played by no one.

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::http::{Method, StatusCode};
use crib_club::{DAY_ROUNDS, Day};
use crib_core::{Claims, GameConfig, MatchLength};
use crib_store::{GameId, MemberName, Move, NewGame, Player, Store, Token};
use crib_table::review::{REVIEW_SEED, review_moves};
use crib_web::{Limits, Server, router};
use serde_json::{Value, json};

use crate::api::assert_error;

const DAY: &str = "2026-12-01";

/// A server on the database at `path` whose today is `today`.
fn server(path: &Path, today: &str) -> Router {
    let store = Arc::new(Store::open(path).unwrap());
    let server = Server::new(Limits::default(), Some(5))
        .with_saved_games(store)
        .unwrap()
        .with_today(today.parse::<Day>().unwrap());
    router(Arc::new(server))
}

async fn send(
    app: &Router,
    method: Method,
    uri: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let answer = crate::club::send(app, method, uri, session, body).await;
    (answer.status, answer.json())
}

/// Signs in with `key`: the session.
async fn sign_in(app: &Router, key: &Token) -> String {
    crate::club::sign_in(app, key.as_str()).await.1
}

/// Sends a request that is refused with `expected` and `words`.
async fn refused(
    app: &Router,
    (method, uri): (Method, &str),
    session: &str,
    body: Option<Value>,
    (expected, words): (StatusCode, &str),
) {
    let (status, value) = send(app, method, uri, Some(session), body).await;
    assert_error(status, &value, expected, words);
}

/// How a member chooses: the first cards offered, or the last.
#[derive(Clone, Copy)]
enum Chooser {
    First,
    Last,
}

/// The move `chooser` makes in `state`, if one is due.
fn choose(state: &Value, chooser: Chooser) -> Option<Value> {
    let hand: Vec<Value> = state["hand"].as_array().unwrap().clone();
    let discard = state["discard"].as_u64().unwrap() as usize;
    let playable = state["playable"].as_array().unwrap();
    if discard > 0 {
        let cards: Vec<Value> = match chooser {
            Chooser::First => hand[..discard].to_vec(),
            Chooser::Last => hand[hand.len() - discard..].to_vec(),
        };
        return Some(json!({"action": "discard", "cards": cards}));
    }
    let card = match chooser {
        Chooser::First => playable.first(),
        Chooser::Last => playable.last(),
    };
    if let Some(card) = card {
        return Some(json!({"action": "play", "card": card}));
    }
    state["go"].as_bool().unwrap().then(|| json!({"action": "go"}))
}

/// Plays round `round` of `DAY` to its end: its last state.
async fn play_round(app: &Router, session: &str, round: u32, chooser: Chooser) -> Value {
    let path = format!("/api/daily/{DAY}/rounds/{round}");
    let (status, mut state) = send(app, Method::POST, &path, Some(session), None).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["round"], round);
    while state["done"] == false {
        let body = choose(&state, chooser).expect("a move is due until the round is over");
        let (status, next) =
            send(app, Method::POST, &format!("{path}/act"), Some(session), Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        state = next;
    }
    // The shows are told.
    let lines = state["lines"].to_string();
    assert!(lines.contains("crib"), "{lines}");
    state
}

async fn day(app: &Router, session: &str, day: &str) -> Value {
    let (status, value) =
        send(app, Method::GET, &format!("/api/daily/{day}"), Some(session), None).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    value
}

fn sum(values: impl Iterator<Item = f64>) -> f64 {
    values.sum()
}

#[tokio::test]
async fn the_deal_of_the_day_is_played_once_then_answered_and_ranked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let mut keys = Vec::new();
    for name in ["Alice", "Bob", "Carol"] {
        keys.push(store.add_member(&MemberName::new(name).unwrap()).unwrap().1);
    }
    let app = server(&path, DAY);
    let alice = sign_in(&app, &keys[0]).await;
    let bob = sign_in(&app, &keys[1]).await;
    let carol = sign_in(&app, &keys[2]).await;

    // Members only.
    let (status, value) = send(&app, Method::GET, "/api/daily", None, None).await;
    assert_error(status, &value, StatusCode::UNAUTHORIZED, "not signed in");

    // Today is the day; its deals are the same for two members.
    let today = day(&app, &alice, DAY).await;
    let (_, same) = send(&app, Method::GET, "/api/daily", Some(&alice), None).await;
    assert_eq!(same, today);
    assert_eq!((&today["today"], &today["finished"]), (&json!(true), &json!(false)));
    assert_eq!(today["rounds"].as_array().unwrap().len(), DAY_ROUNDS as usize);
    assert_eq!(
        (&today["answers"], &today["ranking"], &today["seed"]),
        (&Value::Null, &Value::Null, &Value::Null)
    );
    let first = format!("/api/daily/{DAY}/rounds/1");
    let (_, alices) = send(&app, Method::POST, &first, Some(&alice), None).await;
    let (_, bobs) = send(&app, Method::POST, &first, Some(&bob), None).await;
    assert_eq!(alices["hand"].as_array().unwrap().len(), 6);
    assert_eq!((&alices["hand"], &alices["deals"]), (&bobs["hand"], &json!(true)));
    // Taken up again, not dealt again.
    let (_, again) = send(&app, Method::POST, &first, Some(&alice), None).await;
    assert_eq!(again["hand"], alices["hand"]);

    // In order.
    let second = format!("/api/daily/{DAY}/rounds/2");
    let conflict = |words| (StatusCode::CONFLICT, words);
    refused(&app, (Method::POST, &second), &alice, None, conflict("play round 1 first")).await;
    let ninth = format!("/api/daily/{DAY}/rounds/9");
    let bad = (StatusCode::BAD_REQUEST, "rounds 1 to 8");
    refused(&app, (Method::POST, &ninth), &alice, None, bad).await;
    // A bad move changes nothing.
    let act = format!("{first}/act");
    let go = || Some(json!({"action": "go"}));
    refused(&app, (Method::POST, &act), &alice, go(), conflict("illegal move")).await;

    // Alice plays the first cards, Bob the last ones: every round.
    for round in 1..=DAY_ROUNDS {
        let state = play_round(&app, &alice, round, Chooser::First).await;
        assert_eq!(state["deals"], round <= DAY_ROUNDS / 2);
        if round < DAY_ROUNDS {
            // Nothing answered before the day is played.
            let seen = day(&app, &alice, DAY).await;
            assert_eq!((&seen["answers"], &seen["ranking"]), (&Value::Null, &Value::Null));
        }
    }
    // Played once.
    let once = conflict("round 1 is played: a member plays each round once");
    refused(&app, (Method::POST, &first), &alice, None, once).await;
    refused(&app, (Method::POST, &act), &alice, go(), conflict("round 1 is over")).await;

    let alone = day(&app, &alice, DAY).await;
    assert_eq!((&alone["finished"], &alone["players"]), (&json!(true), &json!(1)));
    for round in alone["answers"].as_array().unwrap() {
        let shares = round["keep"]["shares"].as_array().unwrap();
        assert_eq!(shares.len(), 1, "{round}");
        assert_eq!(
            (&shares[0]["share"], &shares[0]["cards"]),
            (&json!(1.0), &round["keep"]["yours"])
        );
        // No one else reached Alice's plays.
        assert!(round["plays"].as_array().unwrap().iter().all(|play| play["shares"].is_null()));
    }
    // Carol, who has not played, sees no answers yet.
    let carols = day(&app, &carol, DAY).await;
    assert_eq!(
        (&carols["answers"], &carols["ranking"], &carols["players"]),
        (&Value::Null, &Value::Null, &json!(1))
    );

    for round in 1..=DAY_ROUNDS {
        play_round(&app, &bob, round, Chooser::Last).await;
    }
    let seen = day(&app, &bob, DAY).await;
    let answers = seen["answers"].as_array().unwrap();
    for round in answers {
        let keep = &round["keep"];
        let shares = keep["shares"].as_array().unwrap();
        let total = sum(shares.iter().map(|share| share["share"].as_f64().unwrap()));
        assert!((total - 1.0).abs() < 1e-12, "{round}");
        assert_eq!(sum(shares.iter().map(|share| share["members"].as_f64().unwrap())), 2.0);
        // Alice threw the two first cards, Bob the two last: half each.
        assert_eq!(shares.len(), 2, "{round}");
        assert!(shares.iter().all(|share| share["share"] == json!(0.5)));
        assert!(shares.iter().any(|share| share["cards"] == keep["yours"]));
        assert_eq!(round["dealt"].as_array().unwrap().len(), 6);
        assert!(keep["expert"].as_array().unwrap().len() == 2);
    }

    // The ranking: fewest points given up first, each the sum of the
    // member's rounds, which are the review's.
    let ranking = seen["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 2);
    let given_up: Vec<f64> =
        ranking.iter().map(|ranked| ranked["given_up"].as_f64().unwrap()).collect();
    assert!(given_up[0] <= given_up[1], "{ranking:?}");
    assert_eq!((&ranking[0]["place"], &ranking[1]["place"]), (&json!(1), &json!(2)));
    let secret = store.daily_secret().unwrap();
    let plan = DAY.parse::<Day>().unwrap().rounds(secret);
    let rounds = store.daily_rounds(DAY).unwrap();
    assert_eq!(rounds.len(), 2 * DAY_ROUNDS as usize);
    for ranked in ranking {
        let name = ranked["name"].as_str().unwrap();
        let mut total = 0.0;
        for (_, saved) in rounds.iter().filter(|(owner, _)| owner == name) {
            let round = plan[saved.round as usize - 1];
            let players = GameConfig::default()
                .seats()
                .map(|seat| {
                    if seat == round.seat {
                        Player::person(name)
                    } else {
                        Player::computer("expert")
                    }
                })
                .collect();
            let setup = NewGame {
                seed: round.seed,
                config: GameConfig::default(),
                length: MatchLength::SINGLE,
                muggins: false,
                muggins_pegging: false,
                players,
            };
            let moves: Vec<Move> = saved
                .moves
                .iter()
                .enumerate()
                .map(|(ply, &(seat, action))| Move {
                    ply: ply as u32,
                    seat,
                    action,
                    claims: Claims::NONE,
                    by_clock: false,
                })
                .collect();
            let review = review_moves(GameId(0), &setup, &moves, REVIEW_SEED).unwrap();
            let given = saved.given_up().unwrap();
            assert!((review.total().total - given).abs() < 1e-9, "{name} round {}", saved.round);
            assert_eq!(review.total().win_chance, 0.0);
            total += given;
        }
        assert!((ranked["given_up"].as_f64().unwrap() - total).abs() < 1e-9);
    }
    let bobs_place = ranking.iter().find(|ranked| ranked["name"] == "Bob").unwrap();
    assert_eq!(bobs_place["you"], true);
    assert_eq!(seen["given_up"], bobs_place["given_up"]);

    // Tomorrow: another deal; today is a day gone by, browsable, not
    // played; the day after tomorrow has not come.
    let tomorrow = server(&path, "2026-12-02");
    let carol_next = sign_in(&tomorrow, &keys[2]).await;
    let next = day(&tomorrow, &carol_next, "2026-12-02").await;
    assert_eq!(next["today"], true);
    let (_, dealt) =
        send(&tomorrow, Method::POST, "/api/daily/2026-12-02/rounds/1", Some(&carol_next), None)
            .await;
    assert_ne!(dealt["hand"], alices["hand"]);
    let gone = day(&tomorrow, &carol_next, DAY).await;
    assert_eq!(gone["today"], false);
    assert_eq!(gone["seed"], Day::new(2026, 12, 1).unwrap().seed(secret).to_string());
    let answers = gone["answers"].as_array().unwrap();
    assert_eq!(answers.len(), DAY_ROUNDS as usize);
    assert!(answers.iter().all(|round| round["keep"]["yours"].is_null()
        && round["keep"]["shares"].as_array().unwrap().len() == 2));
    assert_eq!(gone["ranking"].as_array().unwrap().len(), 2);
    let over = conflict("2026-12-01 is over");
    refused(&tomorrow, (Method::POST, &first), &carol_next, None, over).await;
    let to_come = (StatusCode::NOT_FOUND, "2026-12-03 has not come yet");
    refused(&tomorrow, (Method::GET, "/api/daily/2026-12-03"), &carol_next, None, to_come).await;
    let no_date = (StatusCode::BAD_REQUEST, "no month 13");
    refused(&tomorrow, (Method::GET, "/api/daily/2026-13-01"), &carol_next, None, no_date).await;
}

/// Every move answered is saved: a server started again on the database
/// takes the round up where it stopped, and it goes on to its end.
#[tokio::test]
async fn a_round_is_taken_up_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let (_, key) = store.add_member(&MemberName::new("Alice").unwrap()).unwrap();
    let first = format!("/api/daily/{DAY}/rounds/1");
    let before = {
        let app = server(&path, DAY);
        let session = sign_in(&app, &key).await;
        let (_, dealt) = send(&app, Method::POST, &first, Some(&session), None).await;
        let body = choose(&dealt, Chooser::First).unwrap();
        let (status, state) =
            send(&app, Method::POST, &format!("{first}/act"), Some(&session), Some(body)).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        state
    };
    // Round 1 is the member's deal: the expert has led, the member holds
    // the four kept.
    assert_eq!(before["kept"].as_array().unwrap().len(), 4);
    assert_eq!(before["hand"], before["kept"]);
    assert_eq!(before["current"].as_array().unwrap().len(), 1);
    let app = server(&path, DAY);
    let session = sign_in(&app, &key).await;
    let (status, after) = send(&app, Method::POST, &first, Some(&session), None).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    for field in ["hand", "kept", "current", "count", "scores", "lines", "playable"] {
        assert_eq!(after[field], before[field], "{field}");
    }
    let state = play_round(&app, &session, 1, Chooser::First).await;
    assert_eq!(state["done"], true);
    let saved = store.daily_round(DAY, store.members().unwrap()[0].id, 1).unwrap().unwrap();
    assert!(saved.finished());
}

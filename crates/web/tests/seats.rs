//! Tables of 3 and 4 seats through the API: who sits where, invitations,
//! each seat's view hiding the others' cards, and whole rounds.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::api::{app, assert_error, call, create, first_move, state};

/// The cards a seat's answer shows it, as text (`"5H"`).
fn own_cards(state: &Value) -> Vec<String> {
    state["view"]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card.as_str().unwrap().to_owned())
        .collect()
}

/// Whether `answer` names `card` anywhere but in the cut for the deal
/// (public, and from a deck shuffled again before the deal).
fn mentions(answer: &Value, card: &str) -> bool {
    let mut answer = answer.clone();
    if let Some(events) = answer["events"].as_array_mut() {
        events.retain(|said| said["event"]["event"] != "cut_for_deal");
    }
    answer.to_string().contains(&format!("\"{card}\""))
}

/// Plays every person's first legal move in turn until the first round is
/// shown (a deal is due) or `limit` moves are made; returns the moves.
async fn play_a_round(app: &axum::Router, id: &str, tokens: &[String], limit: usize) -> usize {
    let mut made = 0;
    'round: while made < limit {
        let mut moved = false;
        for token in tokens {
            let now = state(app, id, token).await;
            if now["view"]["phase"] == "deal" {
                break 'round;
            }
            let moves = &now["moves"];
            let something = moves["discard"].as_u64().unwrap() > 0
                || !moves["playable"].as_array().unwrap().is_empty()
                || moves["go"] == json!(true);
            if something {
                first_move(app, id, token).await;
                made += 1;
                moved = true;
            }
        }
        assert!(moved, "nobody could move: the table is stuck");
    }
    made
}

#[tokio::test]
async fn a_four_seat_table_with_two_people_and_two_computers() {
    let app = app();
    let body = json!({"seed": 41, "seats": [
        {"kind": "you"}, {"kind": "computer"}, {"kind": "person"}, {"kind": "computer", "level": "basic"}
    ]});
    let (status, opened) =
        call(&app, Method::POST, "/api/games", None, Some(body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{opened}");
    let id = opened["game"].as_str().unwrap().to_owned();
    let host = opened["token"].as_str().unwrap().to_owned();
    assert_eq!(opened["seat"], 0);
    let state0 = &opened["state"];
    assert_eq!(state0["view"]["config"], json!({"players": 4, "target": 121}));
    assert_eq!(state0["seats"][1]["level"], "expert", "expert by default");
    assert_eq!(state0["seats"][3]["level"], "basic");
    assert_eq!(state0["seats"][2]["joined"], false);
    assert_eq!(state0["joined"], false);
    assert_eq!(state0["names"], json!(["you", "West", "North", "East"]));
    // Dealt, face down to everyone until every seat is taken.
    assert_eq!(state0["view"]["hand"], json!([]));
    assert_eq!(state0["holds"], json!([5, 5, 5, 5]));
    // One invitation, for seat 2, with its own link.
    let invitations = opened["invitations"].as_array().unwrap();
    assert_eq!(invitations.len(), 1);
    assert_eq!(invitations[0]["seat"], 2);
    assert_eq!(invitations[0]["link"], format!("/#join={id}&seat=2"));
    // Nothing moves until the invited seat is taken.
    assert_eq!(state0["moves"]["discard"], 0);

    let join = format!("/api/games/{id}/join");
    let (status, value) =
        call(&app, Method::POST, &join, None, Some(json!({"seat": 1}).to_string())).await;
    assert_error(status, &value, StatusCode::CONFLICT, "no seat left");
    let (status, joined) =
        call(&app, Method::POST, &join, None, Some(json!({"seat": 2}).to_string())).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"], 2);
    assert!(joined["invitations"].as_array().unwrap().is_empty());
    let partner = joined["token"].as_str().unwrap().to_owned();
    assert_ne!(partner, host);
    let (status, value) = call(&app, Method::POST, &join, None, None).await;
    assert_error(status, &value, StatusCode::CONFLICT, "no seat left");

    // Each person sees their own five cards, and no one else's.
    let seen0 = state(&app, &id, &host).await;
    let seen2 = state(&app, &id, &partner).await;
    assert_eq!(seen2["seat"], 2);
    assert_eq!(seen2["names"], json!(["North", "East", "you", "West"]));
    let (hand0, hand2) = (own_cards(&seen0), own_cards(&seen2));
    assert_eq!((hand0.len(), hand2.len()), (5, 5));
    assert!(hand0.iter().all(|card| !mentions(&seen2, card)), "seat 2 never sees seat 0's cards");
    assert!(hand2.iter().all(|card| !mentions(&seen0, card)), "seat 0 never sees seat 2's cards");
    assert_eq!(seen0["holds"], json!([5, 4, 5, 4]), "the computers have discarded: {seen0}");
    assert_eq!(seen0["moves"]["discard"], 1);

    // A whole round through the API: both people move until the shows.
    let tokens = [host.clone(), partner.clone()];
    let made = play_a_round(&app, &id, &tokens, 40).await;
    assert!(made >= 4, "two discards and at least two plays: {made}");
    let done = state(&app, &id, &host).await;
    assert_eq!(done["view"]["phase"], "deal");
    let events = done["events"].as_array().unwrap();
    let shows = events
        .iter()
        .filter(|said| ["shown", "crib_shown"].contains(&said["event"]["event"].as_str().unwrap()))
        .count();
    assert_eq!(shows, 5, "four hands and the crib");
    // Two partnership tracks, each the sum of its seats' points.
    let mut front = [0u64; 2];
    for said in events {
        if let Some(points) = said["points"].as_object() {
            let seat = points["seat"].as_u64().unwrap() as usize;
            front[seat % 2] += points["points"].as_u64().unwrap();
        }
    }
    assert_eq!(done["view"]["board"].as_array().unwrap().len(), 2);
    for side in 0..2 {
        assert_eq!(done["view"]["board"][side]["front"].as_u64().unwrap(), front[side]);
    }
    // The dealer was a computer or a person: either way a person may go on.
    let (status, value) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/act"),
        Some(&host),
        Some(json!({"action": "continue"}).to_string()),
    )
    .await;
    let dealer = done["view"]["dealer"].as_u64().unwrap();
    if dealer == 2 {
        assert_error(status, &value, StatusCode::CONFLICT, "the dealer deals");
    } else {
        assert_eq!(status, StatusCode::OK, "{value}");
        assert_eq!(value["view"]["round"], 2);
    }
}

#[tokio::test]
async fn a_three_seat_table_to_61_with_one_person_and_two_computers() {
    let app = app();
    let (id, token, opened) = create(
        &app,
        json!({"seed": 7, "target": 61, "seats": [
            {"kind": "computer", "level": "random"}, {"kind": "you"}, {"kind": "computer", "level": "easy"}
        ]}),
    )
    .await;
    assert_eq!(opened["seat"], 1, "the creator sits where they chose");
    assert_eq!(opened["view"]["config"], json!({"players": 3, "target": 61}));
    assert_eq!(opened["joined"], true);
    // Named as the terminal names them, from the creator's seat: West plays
    // after you, then East.
    assert_eq!(opened["names"], json!(["East", "you", "West"]));
    assert_eq!(opened["view"]["board"].as_array().unwrap().len(), 3, "a track per player");
    let hand = own_cards(&opened);
    assert_eq!(hand.len(), 5);
    // The crib's fourth card comes from the deck in a three-hand game.
    assert_eq!(opened["holds"], json!([4, 5, 4]));
    let made = play_a_round(&app, &id, std::slice::from_ref(&token), 30).await;
    assert!(made >= 2);
    let done = state(&app, &id, &token).await;
    assert_eq!(done["view"]["phase"], "deal");
    let mut front = [0u64; 3];
    for said in done["events"].as_array().unwrap() {
        if let Some(points) = said["points"].as_object() {
            front[points["seat"].as_u64().unwrap() as usize] += points["points"].as_u64().unwrap();
        }
    }
    for side in 0..3 {
        assert_eq!(done["view"]["board"][side]["front"].as_u64().unwrap(), front[side]);
    }
    // A computer's seat has no token to find: wrong tokens are refused.
    let (status, value) =
        call(&app, Method::GET, &format!("/api/games/{id}"), Some("0000"), None).await;
    assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token");
}

#[tokio::test]
async fn bad_seats_are_refused() {
    let app = app();
    let cases = [
        (json!({"seats": [{"kind": "you"}]}), "2, 3 or 4 seats"),
        (json!({"seats": [{"kind": "you"}, {"kind": "you"}]}), "exactly one seat"),
        (json!({"seats": [{"kind": "person"}, {"kind": "computer"}]}), "exactly one seat"),
        (json!({"seats": [{"kind": "you"}, {"kind": "engine", "name": "x"}]}), "no engine"),
        (
            json!({"seats": [{"kind": "you"}, {"kind": "computer", "level": "god"}]}),
            "unknown level",
        ),
        (json!({"seats": [{"kind": "you"}, {"kind": "dog"}]}), "malformed"),
        (json!({"seats": [{"kind": "you"}, {"kind": "person"}], "opponent": "person"}), "not both"),
        (json!({"target": 100}), "target must be 61 or 121"),
        (json!({"seats": vec![json!({"kind": "computer"}); 5]}), "2, 3 or 4 seats"),
    ];
    for (body, words) in cases {
        let (status, value) =
            call(&app, Method::POST, "/api/games", None, Some(body.to_string())).await;
        assert_error(status, &value, StatusCode::BAD_REQUEST, words);
    }
    let (status, offered) = call(&app, Method::GET, "/api/engines", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(offered["levels"], json!(["random", "easy", "basic", "classic", "expert"]));
    assert_eq!(offered["default_level"], "expert");
    assert_eq!(offered["engines"], json!([]));
}

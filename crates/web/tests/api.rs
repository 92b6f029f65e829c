//! Every route and every refusal of the API, through the router itself
//! (tower's `oneshot`), with no network.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use crib_web::{BODY_LIMIT, Limits, Server, router};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

pub(crate) fn app() -> Router {
    router(Arc::new(Server::new(Limits::default(), Some(11))))
}

pub(crate) async fn call(
    app: &Router,
    method: Method,
    uri: &str,
    token: Option<&str>,
    body: Option<String>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    if let Some(token) = token {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let request = request.body(body.map_or_else(Body::empty, Body::from)).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value)
}

/// A new game against the computer: (id, token, state).
pub(crate) async fn create(app: &Router, body: Value) -> (String, String, Value) {
    let (status, value) = call(app, Method::POST, "/api/games", None, Some(body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{value}");
    (
        value["game"].as_str().unwrap().to_owned(),
        value["token"].as_str().unwrap().to_owned(),
        value["state"].clone(),
    )
}

/// What `read` gives once `done` holds of it, read again every `every`
/// until it does, at most `tries` times; past that the test fails, saying
/// `what` did not happen and showing the last reading.
pub(crate) async fn eventually<F: Future<Output = Value>>(
    tries: u32,
    every: Duration,
    mut read: impl FnMut() -> F,
    done: impl Fn(&Value) -> bool,
    what: &str,
) -> Value {
    let mut last = Value::Null;
    for _ in 0..tries {
        last = read().await;
        if done(&last) {
            return last;
        }
        tokio::time::sleep(every).await;
    }
    panic!("{what}: {last}");
}

pub(crate) async fn state(app: &Router, id: &str, token: &str) -> Value {
    let (status, value) =
        call(app, Method::GET, &format!("/api/games/{id}?since=0"), Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    value
}

async fn act(app: &Router, id: &str, token: &str, body: Value) -> (StatusCode, Value) {
    call(app, Method::POST, &format!("/api/games/{id}/act"), Some(token), Some(body.to_string()))
        .await
}

pub(crate) fn assert_error(status: StatusCode, value: &Value, expected: StatusCode, words: &str) {
    assert_eq!(status, expected, "{value}");
    let message = value["error"].as_str().unwrap_or_else(|| panic!("a JSON error, not {value}"));
    assert!(message.contains(words), "{message:?} should say {words:?}");
}

/// Plays the seat's first legal move: the first cards, the first playable
/// card, go or continue. Returns the action taken.
pub(crate) async fn first_move(app: &Router, id: &str, token: &str) -> Option<&'static str> {
    let current = state(app, id, token).await;
    let (name, body) = first_move_body(&current)?;
    let (status, value) = act(app, id, token, body).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    Some(name)
}

/// The seat's first legal move in `current`, its state: the action's name
/// and the body that makes it.
pub(crate) fn first_move_body(current: &Value) -> Option<(&'static str, Value)> {
    let moves = &current["moves"];
    let discard = moves["discard"].as_u64().unwrap() as usize;
    let (name, body) = if discard > 0 {
        let hand = current["view"]["hand"].as_array().unwrap();
        ("discard", json!({"action": "discard", "cards": &hand[..discard]}))
    } else if let Some(card) = moves["playable"].as_array().unwrap().first() {
        ("play", json!({"action": "play", "card": card}))
    } else if moves["go"] == json!(true) {
        ("go", json!({"action": "go"}))
    } else if moves["continue"] == json!(true) {
        ("continue", json!({"action": "continue"}))
    } else {
        return None;
    };
    Some((name, body))
}

#[tokio::test]
async fn the_page_is_served_whole() {
    let response = app().oneshot(Request::get("/").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
    let page = String::from_utf8(response.into_body().collect().await.unwrap().to_bytes().to_vec())
        .unwrap();
    assert!(page.contains("<svg id=\"board-svg\""));
    // Its icon is inline, so the browser asks for no /favicon.ico.
    assert!(page.contains("<link rel=\"icon\" type=\"image/svg+xml\" href=\"data:image/svg+xml,"));
    // Self-contained: nothing is fetched from elsewhere (the SVG namespace is
    // a name, not an address).
    let addresses = page.replace("http://www.w3.org/2000/svg", "");
    assert!(
        !addresses.contains("http://")
            && !addresses.contains("https://")
            && !addresses.contains("src=\"/")
    );
}

#[tokio::test]
async fn a_new_game_deals_and_hides_the_computers_cards() {
    let app = app();
    let (id, token, state) = create(&app, json!({})).await;
    assert_eq!(id.len(), 32);
    assert!(id.chars().chain(token.chars()).all(|c| c.is_ascii_hexdigit()));
    assert_ne!(id, token);
    assert_eq!(state["seat"], 0);
    assert_eq!(state["opponent"], json!({"kind": "computer", "level": "basic"}));
    assert_eq!(state["view"]["hand"].as_array().unwrap().len(), 6);
    assert_eq!(state["moves"]["discard"], 2);
    assert_eq!(state["opponent_holds"].as_u64().unwrap() % 2, 0);
    let dealt = state["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|said| said["event"]["event"] == "dealt")
        .unwrap();
    assert!(dealt["event"]["hands"][1].is_null(), "the computer's cards are hidden");
    assert!(!dealt["lines"][0].as_str().unwrap().is_empty());
    // Two games never share ids or tokens.
    let (other, other_token, _) =
        create(&app, json!({"opponent": "computer", "level": "random", "games": 3, "seed": 5}))
            .await;
    assert_ne!(id, other);
    assert_ne!(token, other_token);
}

#[tokio::test]
async fn bad_bodies_for_a_new_game_are_refused() {
    let app = app();
    let cases = [
        ("{bad json", "malformed request"),
        ("{\"opponent\": \"dog\"}", "unknown opponent"),
        ("{\"level\": \"grandmaster\"}", "unknown level"),
        ("{\"games\": 0}", "games must be"),
        ("{\"games\": 10}", "games must be"),
        ("{\"format\": \"club-8\"}", "must be odd"),
        ("{\"format\": \"club-19\"}", "games must be"),
        ("{\"format\": \"best of 3\"}", "unknown format"),
        ("{\"format\": \"single\", \"games\": 2}", "not both"),
        (
            "{\"format\": \"club-9\", \"seats\": [{\"kind\": \"you\"}, {\"kind\": \"computer\"}, {\"kind\": \"computer\"}]}",
            "by two sides",
        ),
        ("{\"seed\": -1}", "malformed request"),
        ("{\"colour\": \"red\"}", "unknown field"),
        ("[]", "malformed request"),
    ];
    for (body, words) in cases {
        let (status, value) =
            call(&app, Method::POST, "/api/games", None, Some(body.to_owned())).await;
        assert_error(status, &value, StatusCode::BAD_REQUEST, words);
    }
    let huge = format!("{{\"level\": \"{}\"}}", "x".repeat(BODY_LIMIT));
    let (status, value) = call(&app, Method::POST, "/api/games", None, Some(huge)).await;
    assert_error(status, &value, StatusCode::PAYLOAD_TOO_LARGE, "too large");
}

#[tokio::test]
async fn a_table_in_the_club_format_says_its_format_and_points() {
    let app = app();
    let (_, _, state) = create(&app, json!({ "format": "club-9" })).await;
    assert_eq!(state["format"], "club-9");
    assert_eq!(state["format_text"], "the club format, 9 games");
    assert_eq!(state["club_points"], json!([0, 0]));
    let (_, _, state) = create(&app, json!({ "games": 2 })).await;
    assert_eq!(state["format"], "best-of-3");
    assert_eq!(state["club_points"], Value::Null);
}

/// A seed above 2^53, which a JavaScript number cannot hold: it would be
/// rounded to 8033069816182807000, which deals other hands.
pub(crate) const BIG_SEED: u64 = 8_033_069_816_182_806_435;

#[tokio::test]
async fn a_seed_above_two_to_the_53_is_taken_exactly_as_a_string_or_a_number() {
    let dir = tempfile::tempdir().unwrap();
    let saved = Arc::new(crib_store::Store::open(&dir.path().join("crib.db")).unwrap());
    let app = router(Arc::new(
        Server::new(Limits::default(), Some(11)).with_saved_games(Arc::clone(&saved)).unwrap(),
    ));
    let (by_text, _, text_state) = create(&app, json!({"seed": BIG_SEED.to_string()})).await;
    let (by_number, _, number_state) = create(&app, json!({"seed": BIG_SEED})).await;
    for id in [&by_text, &by_number] {
        assert_eq!(saved.web_table(id).unwrap().unwrap().seed, BIG_SEED);
    }
    assert_eq!(text_state["view"]["hand"], number_state["view"]["hand"]);
    for (body, words) in [
        (json!({"seed": "12x"}), "seed"),
        (json!({"seed": "-1"}), "seed"),
        (json!({"seed": ""}), "seed"),
        (json!({"seed": "18446744073709551616"}), "seed"),
        (json!({"seed": 1.5}), "seed"),
        (json!({"seed": true}), "seed"),
    ] {
        let (status, value) =
            call(&app, Method::POST, "/api/games", None, Some(body.to_string())).await;
        assert_error(status, &value, StatusCode::BAD_REQUEST, words);
    }
}

#[tokio::test]
async fn unknown_games_routes_and_methods_are_json_errors() {
    let app = app();
    let (_, token, _) = create(&app, json!({})).await;
    let missing = "0123456789abcdef0123456789abcdef";
    for (method, path) in [
        (Method::GET, ""),
        (Method::POST, "/act"),
        (Method::GET, "/hint"),
        (Method::GET, "/chance"),
        (Method::POST, "/new"),
        (Method::POST, "/quit"),
        (Method::GET, "/events"),
        (Method::POST, "/join"),
    ] {
        let body = (method == Method::POST).then(|| json!({"action": "go"}).to_string());
        let (status, value) =
            call(&app, method, &format!("/api/games/{missing}{path}"), Some(&token), body).await;
        assert_error(status, &value, StatusCode::NOT_FOUND, "no such game");
    }
    let (status, value) = call(&app, Method::GET, "/api/nothing", None, None).await;
    assert_error(status, &value, StatusCode::NOT_FOUND, "no such page");
    let (status, value) = call(&app, Method::DELETE, "/api/games", None, None).await;
    assert_error(status, &value, StatusCode::METHOD_NOT_ALLOWED, "not allowed");
}

#[tokio::test]
async fn a_seat_needs_its_own_token() {
    let app = app();
    let (id, token, _) = create(&app, json!({})).await;
    let (_, other_token, _) = create(&app, json!({})).await;
    let before = state(&app, &id, &token).await;
    for (method, path) in [
        (Method::GET, ""),
        (Method::POST, "/act"),
        (Method::GET, "/hint"),
        (Method::GET, "/chance"),
        (Method::POST, "/new"),
        (Method::POST, "/quit"),
        (Method::GET, "/events"),
    ] {
        let uri = format!("/api/games/{id}{path}");
        let body = (method == Method::POST).then(|| json!({"action": "go"}).to_string());
        let (status, value) = call(&app, method.clone(), &uri, None, body.clone()).await;
        assert_error(status, &value, StatusCode::UNAUTHORIZED, "missing token");
        let (status, value) =
            call(&app, method.clone(), &uri, Some("not-a-token"), body.clone()).await;
        assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token");
        let (status, value) = call(&app, method, &uri, Some(&other_token), body).await;
        assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token");
    }
    // A token in the query is as good as the header; a wrong one is not.
    let (status, _) =
        call(&app, Method::GET, &format!("/api/games/{id}?token={token}"), None, None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, value) =
        call(&app, Method::GET, &format!("/api/games/{id}?token={other_token}"), None, None).await;
    assert_error(status, &value, StatusCode::FORBIDDEN, "wrong token");
    let (status, value) =
        call(&app, Method::GET, &format!("/api/games/{id}?since=x"), Some(&token), None).await;
    assert_error(status, &value, StatusCode::BAD_REQUEST, "malformed");
    assert_eq!(state(&app, &id, &token).await, before, "refusals change nothing");
}

#[tokio::test]
async fn illegal_and_malformed_moves_change_nothing() {
    let app = app();
    let (id, token, _) = create(&app, json!({})).await;
    let before = state(&app, &id, &token).await;
    let hand = before["view"]["hand"].as_array().unwrap().clone();
    let not_held = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
        .into_iter()
        .find(|card| !hand.contains(&json!(card)))
        .unwrap();
    let illegal = [
        json!({"action": "discard", "cards": [hand[0]]}),
        json!({"action": "discard", "cards": [hand[0], hand[1], hand[2]]}),
        json!({"action": "discard", "cards": [hand[0], not_held]}),
        json!({"action": "play", "card": hand[0]}),
        json!({"action": "go"}),
    ];
    for body in illegal {
        let (status, value) = act(&app, &id, &token, body).await;
        assert_error(status, &value, StatusCode::CONFLICT, "illegal move");
    }
    let (status, value) = act(&app, &id, &token, json!({"action": "continue"})).await;
    assert_error(status, &value, StatusCode::CONFLICT, "nothing to continue");
    let malformed = [
        json!({"action": "shuffle"}),
        json!({"action": "play", "card": "1X"}),
        json!({"action": "play"}),
        json!({"action": "discard", "cards": [hand[0], hand[0]]}),
        json!({"cards": [hand[0], hand[1]]}),
        json!("go"),
        // A field the move does not have is refused, not ignored.
        json!({"action": "go", "extra": 1}),
        json!({"action": "discard", "cards": [hand[0], hand[1]], "claim": 2}),
    ];
    for body in malformed {
        let (status, value) = act(&app, &id, &token, body).await;
        assert_error(status, &value, StatusCode::BAD_REQUEST, "malformed");
    }
    let (status, value) = call(
        &app,
        Method::POST,
        &format!("/api/games/{id}/act"),
        Some(&token),
        Some("\u{0}\u{ff}garbage".into()),
    )
    .await;
    assert_error(status, &value, StatusCode::BAD_REQUEST, "malformed");
    let huge = json!({"action": "go", "pad": "x".repeat(BODY_LIMIT)}).to_string();
    let (status, value) =
        call(&app, Method::POST, &format!("/api/games/{id}/act"), Some(&token), Some(huge)).await;
    assert_error(status, &value, StatusCode::PAYLOAD_TOO_LARGE, "too large");
    assert_eq!(state(&app, &id, &token).await, before, "refusals change nothing");
}

#[tokio::test]
async fn a_whole_hand_through_the_api_adds_up() {
    let app = app();
    let (id, token, _) = create(&app, json!({"seed": 3})).await;
    let mut taken = Vec::new();
    while let Some(name) = first_move(&app, &id, &token).await {
        if name == "continue" {
            break;
        }
        // Mid-hand, a play out of turn or a wrong card is refused.
        taken.push(name);
        assert!(taken.len() < 20, "a hand ends");
        let now = state(&app, &id, &token).await;
        if now["moves"]["continue"] == json!(true) {
            break;
        }
    }
    assert_eq!(taken[0], "discard");
    assert!(taken.iter().filter(|&&name| name == "play").count() >= 1);
    let done = state(&app, &id, &token).await;
    assert_eq!(done["view"]["phase"], "deal");
    let events = done["events"].as_array().unwrap();
    let shows: Vec<&Value> = events
        .iter()
        .filter(|said| ["shown", "crib_shown"].contains(&said["event"]["event"].as_str().unwrap()))
        .collect();
    assert_eq!(shows.len(), 3);
    for show in &shows {
        let steps = show["steps"].as_array().unwrap();
        let total = steps.last().map_or(0, |step| step["total"].as_u64().unwrap());
        assert_eq!(show["points"]["points"].as_u64().unwrap_or(0), total);
    }
    let mut front = [0u64; 2];
    for said in events {
        if let Some(points) = said["points"].as_object() {
            front[points["seat"].as_u64().unwrap() as usize] += points["points"].as_u64().unwrap();
        }
    }
    for side in 0..2 {
        assert_eq!(done["view"]["board"][side]["front"].as_u64().unwrap(), front[side]);
    }
    // Continue deals the next hand; events since N are only the new ones.
    let next = done["next"].as_u64().unwrap();
    let (status, value) = act(&app, &id, &token, json!({"action": "continue"})).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    assert!(
        value["events"]
            .as_array()
            .unwrap()
            .iter()
            .all(|said| said["index"].as_u64().unwrap() >= next)
    );
    assert_eq!(value["view"]["round"], 2);
}

#[tokio::test]
async fn hints_give_the_experts_keeps_then_the_play_in_words() {
    let app = app();
    let (id, token, _) = create(&app, json!({})).await;
    let (status, hint) =
        call(&app, Method::GET, &format!("/api/games/{id}/hint"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(hint["kind"], "discard");
    assert_eq!(hint["columns"], json!(["keep", "throw", "hand", "crib", "pegging", "total"]));
    let rows = hint["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 15);
    assert_eq!(rows[0]["best"], true);
    assert_eq!(rows[0]["cards"][0].as_array().unwrap().len(), 4);
    // The total is the sum of its parts, as shown.
    for row in rows {
        let cells: Vec<f64> = row["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().parse().unwrap())
            .collect();
        assert!((cells[0] + cells[1] + cells[2] - cells[3]).abs() < 0.02, "{row}");
    }
    let (status, value) =
        act(&app, &id, &token, json!({"action": "discard", "cards": rows[0]["cards"][1]})).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    let (_, hint) =
        call(&app, Method::GET, &format!("/api/games/{id}/hint"), Some(&token), None).await;
    let kind = hint["kind"].as_str().unwrap();
    assert!(["play", "go", "nothing"].contains(&kind), "{hint}");
    if kind == "play" {
        let rows = hint["rows"].as_array().unwrap();
        assert_eq!(rows[0]["best"], true);
        assert!(rows.iter().all(|row| !row["reasons"].as_array().unwrap().is_empty()));
    }
}

#[tokio::test]
async fn the_chance_of_winning_is_said_for_two_players() {
    let app = app();
    let (id, token, _) = create(&app, json!({})).await;
    let (status, chance) =
        call(&app, Method::GET, &format!("/api/games/{id}/chance"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{chance}");
    let value = chance["chance"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&value));
    let text = chance["text"].as_str().unwrap();
    assert_eq!(text, format!("You win {:.0}% from here.", 100.0 * value));
}

#[tokio::test]
async fn partners_hear_their_sides_chance_and_three_players_their_own() {
    let app = app();
    let seats = |count: usize| {
        let mut seats = vec![json!({"kind": "you"})];
        seats.extend((1..count).map(|_| json!({"kind": "computer", "level": "basic"})));
        json!({"seed": 5, "seats": seats})
    };
    for count in [4, 3] {
        let (status, opened) =
            call(&app, Method::POST, "/api/games", None, Some(seats(count).to_string())).await;
        assert_eq!(status, StatusCode::CREATED, "{opened}");
        let (id, token) = (opened["game"].as_str().unwrap(), opened["token"].as_str().unwrap());
        let (status, chance) =
            call(&app, Method::GET, &format!("/api/games/{id}/chance"), Some(token), None).await;
        assert_eq!(status, StatusCode::OK, "{chance}");
        let text = chance["text"].as_str().unwrap();
        let value = chance["chance"].as_f64().unwrap();
        let whose = if count == 4 { "Your side wins" } else { "You win" };
        assert_eq!(text, format!("{whose} {:.0}% from here.", 100.0 * value));
    }
}

#[tokio::test]
async fn new_game_and_quit() {
    let app = app();
    let (id, token, _) = create(&app, json!({})).await;
    first_move(&app, &id, &token).await;
    let (status, fresh) =
        call(&app, Method::POST, &format!("/api/games/{id}/new"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{fresh}");
    assert_eq!(fresh["matches"], 2);
    assert_eq!(fresh["events"][0]["index"], 0);
    assert_eq!(fresh["moves"]["discard"], 2);
    let (status, quit) =
        call(&app, Method::POST, &format!("/api/games/{id}/quit"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(quit["quit"], true);
    assert_eq!(quit["moves"]["discard"], 0);
    let hand = quit["view"]["hand"].as_array().unwrap();
    let (status, value) =
        act(&app, &id, &token, json!({"action": "discard", "cards": &hand[..2]})).await;
    assert_error(status, &value, StatusCode::CONFLICT, "quit");
    // A new game at the table reopens it.
    let (status, fresh) =
        call(&app, Method::POST, &format!("/api/games/{id}/new"), Some(&token), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fresh["quit"], false);
}

#[tokio::test]
async fn two_people_each_see_only_their_own_cards() {
    let app = app();
    let (id, host, opened) = create(&app, json!({"opponent": "person"})).await;
    assert_eq!(opened["joined"], false);
    assert_eq!(opened["moves"]["discard"], 0, "nothing to do before the guest joins");
    // The cards are dealt face down until every seat is taken.
    assert_eq!(opened["view"]["hand"], json!([]));
    let (status, value) =
        act(&app, &id, &host, json!({"action": "discard", "cards": ["AS", "2S"]})).await;
    assert_error(status, &value, StatusCode::CONFLICT, "not joined");

    let (status, joined) =
        call(&app, Method::POST, &format!("/api/games/{id}/join"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["seat"], 1);
    let guest = joined["token"].as_str().unwrap().to_owned();
    assert_ne!(guest, host);
    let (status, value) =
        call(&app, Method::POST, &format!("/api/games/{id}/join"), None, None).await;
    assert_error(status, &value, StatusCode::CONFLICT, "no seat left");
    let (computer_game, _, _) = create(&app, json!({})).await;
    let (status, value) =
        call(&app, Method::POST, &format!("/api/games/{computer_game}/join"), None, None).await;
    assert_error(status, &value, StatusCode::CONFLICT, "no seat left");

    let host_view = state(&app, &id, &host).await;
    let guest_view = state(&app, &id, &guest).await;
    let hand = host_view["view"]["hand"].as_array().unwrap().clone();
    assert_eq!(hand.len(), 6);
    assert_eq!(host_view["seat"], 0);
    assert_eq!(guest_view["seat"], 1);
    let guest_hand = guest_view["view"]["hand"].as_array().unwrap();
    assert!(guest_hand.iter().all(|card| !hand.contains(card)));
    let serialized = guest_view.to_string();
    assert!(
        hand.iter().all(|card| !serialized.contains(&format!("\"{}\"", card.as_str().unwrap()))),
        "the guest never sees the host's cards"
    );
    assert_eq!(host_view["names"], json!(["you", "your opponent"]));
    assert_eq!(guest_view["names"], json!(["your opponent", "you"]));

    // Each discards for itself; one seat cannot act for the other.
    let (status, value) =
        act(&app, &id, &guest, json!({"action": "discard", "cards": &hand[..2]})).await;
    assert_error(status, &value, StatusCode::CONFLICT, "illegal move");
    assert_eq!(first_move(&app, &id, &host).await, Some("discard"));
    let after = state(&app, &id, &guest).await;
    let discarded = after["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|said| said["event"]["event"] == "discarded")
        .unwrap();
    assert!(discarded["event"]["cards"].is_null(), "the host's discard is hidden from the guest");
    assert_eq!(first_move(&app, &id, &guest).await, Some("discard"));
    let pegging = state(&app, &id, &host).await;
    assert_eq!(pegging["view"]["phase"], "pegging");
    assert!(pegging["view"]["starter"].is_string());
    assert_eq!(pegging["opponent_holds"], 4);
}

#[tokio::test]
async fn the_live_stream_says_when_the_other_seat_moves() {
    let app = app();
    let (id, host, _) = create(&app, json!({"opponent": "person"})).await;
    let request =
        Request::get(format!("/api/games/{id}/events?token={host}")).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/event-stream")
    );
    let mut body = response.into_body();
    let mut next_frame = async || {
        let frame = tokio::time::timeout(Duration::from_secs(5), body.frame())
            .await
            .expect("a frame in time");
        let data = frame.expect("the stream goes on").unwrap().into_data().unwrap();
        String::from_utf8(data.to_vec()).unwrap()
    };
    assert!(next_frame().await.contains("event: update"));
    let (status, _) = call(&app, Method::POST, &format!("/api/games/{id}/join"), None, None).await;
    assert_eq!(status, StatusCode::OK);
    let frame = next_frame().await;
    assert!(frame.contains("event: update") && frame.contains("data: 1"), "{frame}");
}

#[tokio::test]
async fn the_store_keeps_a_bounded_number_of_games() {
    let server =
        Arc::new(Server::new(Limits { games: 3, idle: Duration::from_secs(3600) }, Some(1)));
    let app = router(Arc::clone(&server));
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(create(&app, json!({})).await);
    }
    // A finished game goes first, even when others are older.
    let (finished, token, _) = games[1].clone();
    call(&app, Method::POST, &format!("/api/games/{finished}/quit"), Some(&token), None).await;
    let (status, _) =
        call(&app, Method::GET, &format!("/api/games/{}", games[0].0), Some(&games[0].1), None)
            .await;
    assert_eq!(status, StatusCode::OK);
    games.push(create(&app, json!({})).await);
    assert_eq!(server.games(), 3);
    let (status, _) =
        call(&app, Method::GET, &format!("/api/games/{finished}"), Some(&token), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Then the least recently used.
    for _ in 0..10 {
        games.push(create(&app, json!({})).await);
    }
    assert_eq!(server.games(), 3);
    let (status, _) =
        call(&app, Method::GET, &format!("/api/games/{}", games[0].0), Some(&games[0].1), None)
            .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let last = games.last().unwrap();
    let (status, _) =
        call(&app, Method::GET, &format!("/api/games/{}", last.0), Some(&last.1), None).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn idle_games_are_cleared() {
    let server = Arc::new(Server::new(Limits { games: 2, idle: Duration::ZERO }, Some(1)));
    let app = router(Arc::clone(&server));
    for _ in 0..5 {
        create(&app, json!({})).await;
    }
    assert!(server.games() <= 2);
}

#[tokio::test]
async fn garbage_never_breaks_the_server() {
    let app = app();
    let (id, token, _) = create(&app, json!({})).await;
    let before = state(&app, &id, &token).await;
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for round in 0..300 {
        // A small generator of junk: random bytes, and mutations of a valid body.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let body: Vec<u8> = if round % 2 == 0 {
            seed.to_le_bytes().iter().cycle().take((seed % 40) as usize).copied().collect()
        } else {
            let mut valid = br#"{"action":"discard","cards":["AS","KD"]}"#.to_vec();
            let at = (seed % valid.len() as u64) as usize;
            valid[at] = (seed >> 8) as u8;
            valid
        };
        let request = Request::post(format!("/api/games/{id}/act"))
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Body::from(body))
            .unwrap();
        let status = app.clone().oneshot(request).await.unwrap().status();
        assert!(status.is_client_error(), "{status}");
    }
    assert_eq!(state(&app, &id, &token).await, before);
}

/// Plays the seat's first moves until `done` holds; the state then.
async fn play_until(app: &Router, id: &str, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..3000 {
        let now = state(app, id, token).await;
        if done(&now) {
            return now;
        }
        assert!(first_move(app, id, token).await.is_some(), "the seat has a move");
    }
    panic!("the table never got there");
}

/// The cards of a JSON list, sorted.
fn sorted(cards: &Value) -> Vec<String> {
    let mut cards: Vec<String> =
        cards.as_array().unwrap().iter().map(|card| card.as_str().unwrap().to_owned()).collect();
    cards.sort();
    cards
}

#[tokio::test]
async fn the_cards_of_a_hand_stay_on_the_table_until_the_next_deal() {
    let app = app();
    let seats = json!([{"kind": "you"}, {"kind": "computer", "level": "random"}]);
    let (id, token, first) =
        create(&app, json!({"seats": seats, "target": 61, "games": 2, "seed": 8})).await;
    assert!(first["laid"].is_null(), "nothing is laid while a hand is played");
    let phase = |now: &Value| now["view"]["phase"].as_str().unwrap().to_owned();
    let pegging = play_until(&app, &id, &token, |now| phase(now) == "pegging").await;
    assert!(pegging["laid"].is_null());

    // After a hand: what the view holds, the seat's kept hand and every show.
    let hand = play_until(&app, &id, &token, |now| phase(now) == "deal").await;
    let laid = &hand["laid"];
    assert_eq!(sorted(&laid["kept"]), sorted(&hand["view"]["kept"]));
    assert_eq!(laid["kept"].as_array().unwrap().len(), 4);
    assert_eq!(laid["starter"], hand["view"]["starter"]);
    assert_eq!(laid["crib"], hand["view"]["crib"]);
    assert_eq!(laid["shown"], hand["view"]["shown"]);
    // The hand's dealer, whose crib it is; the view's is who deals next.
    let dealer = |state: &Value| {
        let events = state["events"].as_array().unwrap();
        let dealt = events.iter().rev().find(|said| said["event"]["event"] == "dealt").unwrap();
        dealt["event"]["dealer"].clone()
    };
    assert_eq!(laid["dealer"], dealer(&hand));
    assert_ne!(laid["dealer"], hand["view"]["dealer"]);

    // After a game: the view is the next game's, empty, but the last hand's
    // cards are still laid: the seat's dealt cards less its discards, and
    // the starter that was cut.
    let game = play_until(&app, &id, &token, |now| {
        now["games_won"].as_array().unwrap().iter().map(|won| won.as_u64().unwrap()).sum::<u64>()
            == 1
            && phase(now) == "deal"
            && now["view"]["round"] == 0
    })
    .await;
    assert!(game["view"]["kept"].as_array().unwrap().is_empty());
    assert!(game["view"]["starter"].is_null());
    let events: Vec<&Value> =
        game["events"].as_array().unwrap().iter().map(|said| &said["event"]).collect();
    let last_deal = events.iter().rposition(|event| event["event"] == "dealt").unwrap();
    let mut kept = sorted(&events[last_deal]["hands"][0]);
    for event in &events[last_deal..] {
        if event["event"] == "discarded" && event["seat"] == 0 {
            let given = sorted(&event["cards"]);
            kept.retain(|card| !given.contains(card));
        }
    }
    let laid = &game["laid"];
    assert_eq!(sorted(&laid["kept"]), kept);
    assert_eq!(kept.len(), 4);
    let cut = events[last_deal..].iter().find(|event| event["event"] == "cut").unwrap();
    assert_eq!(laid["starter"], cut["starter"]);
    assert_eq!(laid["dealer"], events[last_deal]["dealer"]);

    // The next deal takes them up.
    let (status, dealt) = act(&app, &id, &token, json!({"action": "continue"})).await;
    assert_eq!(status, StatusCode::OK, "{dealt}");
    assert!(dealt["laid"].is_null());
}

#[tokio::test]
async fn with_muggins_for_the_pegging_a_scoring_card_waits_for_its_count() {
    let app = app();
    let body = json!({"seed": 3, "level": "basic", "muggins_pegging": true});
    let (id, token, _) = create(&app, body).await;
    for _ in 0..400 {
        let before = state(&app, &id, &token).await;
        let (name, body) = first_move_body(&before).expect("the seat has a move");
        let (status, value) = act(&app, &id, &token, body.clone()).await;
        if name != "play" || status == StatusCode::OK {
            assert_eq!(status, StatusCode::OK, "{value}");
            continue;
        }
        // The card pegs: refused until the person says how much, nothing
        // changed meanwhile.
        assert_error(status, &value, StatusCode::CONFLICT, "say how many points");
        assert_eq!(value["claim"]["card"], body["card"]);
        assert!(value["claim"]["count"].as_u64().unwrap() <= 31);
        assert_eq!(state(&app, &id, &token).await, before);
        let mut claimed = body.clone();
        claimed["claim"] = json!(0);
        let (status, value) = act(&app, &id, &token, claimed).await;
        assert_eq!(status, StatusCode::OK, "{value}");
        let events: Vec<&Value> =
            value["events"].as_array().unwrap().iter().map(|said| &said["event"]).collect();
        let played = events
            .iter()
            .position(|event| event["event"] == "played" && event["seat"] == 0)
            .expect("the card is played");
        assert_eq!(events[played]["claimed"], 0);
        let muggins = events[played + 1];
        assert_eq!(muggins["event"], "muggins", "{events:?}");
        assert_eq!((muggins["seat"].as_u64(), muggins["from"].as_u64()), (Some(1), Some(0)));
        let pegged = events[played]["points"].clone();
        assert!(muggins["points"].as_u64().unwrap() > 0, "{pegged}");
        return;
    }
    panic!("no card the person played pegged");
}

/// Every card named anywhere in an answer: each string that reads as one.
fn cards_named(value: &Value, found: &mut std::collections::BTreeSet<String>) {
    match value {
        Value::String(text) if text.parse::<crib_core::Card>().is_ok() => {
            found.insert(text.clone());
        }
        Value::Array(items) => items.iter().for_each(|item| cards_named(item, found)),
        Value::Object(fields) => fields.values().for_each(|field| cards_named(field, found)),
        _ => {}
    }
}

#[tokio::test]
async fn a_spectator_sees_only_what_every_seat_sees() {
    let app = app();
    let (id, host, _) = create(&app, json!({"opponent": "person", "seed": 5})).await;
    let (_, joined) = call(&app, Method::POST, &format!("/api/games/{id}/join"), None, None).await;
    let guest = joined["token"].as_str().unwrap().to_owned();
    let watch = format!("/api/games/{id}/watch?since=0");
    let mut moves = 0;
    // Two whole hands and the deal of a third, checked after every move.
    while moves < 40 {
        let (status, watched) = call(&app, Method::GET, &watch, None, None).await;
        assert_eq!(status, StatusCode::OK, "{watched}");
        assert_eq!(watched["seat"], Value::Null);
        assert_eq!(watched["view"]["hand"], json!([]));
        assert_eq!(
            watched["moves"],
            json!({"discard": 0, "playable": [], "go": false, "continue": false})
        );
        let (mut seen, mut host_seen, mut guest_seen) = Default::default();
        cards_named(&watched, &mut seen);
        cards_named(&state(&app, &id, &host).await, &mut host_seen);
        cards_named(&state(&app, &id, &guest).await, &mut guest_seen);
        let everyone: std::collections::BTreeSet<String> =
            host_seen.intersection(&guest_seen).cloned().collect();
        assert!(
            seen.is_subset(&everyone),
            "after {moves} moves a spectator sees {:?}",
            seen.difference(&everyone).collect::<Vec<_>>()
        );
        let mut moved = false;
        for token in [&host, &guest] {
            if first_move(&app, &id, token).await.is_some() {
                moves += 1;
                moved = true;
                break;
            }
        }
        assert!(moved, "someone can move");
    }
    // The watch needs no token, and says so for an unknown table.
    let (status, value) = call(&app, Method::GET, "/api/games/nothing/watch", None, None).await;
    assert_error(status, &value, StatusCode::NOT_FOUND, "");
}

#[tokio::test]
async fn the_lobby_lists_the_open_listed_tables_with_their_free_seats() {
    let app = app();
    let (listed, host, _) =
        create(&app, json!({"opponent": "person", "listed": true, "format": "best-of-3"})).await;
    let (_unlisted, _, _) = create(&app, json!({"opponent": "person"})).await;
    let (against_computer, computer_host, _) = create(&app, json!({"listed": true})).await;
    let lobby = || async { call(&app, Method::GET, "/api/lobby", None, None).await.1 };
    let tables = lobby().await["tables"].as_array().unwrap().clone();
    let ids: Vec<&str> = tables.iter().map(|table| table["game"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 2, "{tables:?}");
    assert!(ids.contains(&listed.as_str()) && ids.contains(&against_computer.as_str()));
    let open = tables.iter().find(|table| table["game"] == listed.as_str()).unwrap();
    assert_eq!(open["format"], "best-of-3");
    assert_eq!(open["players"], 2);
    assert_eq!(open["started"], false);
    assert_eq!(open["format_text"], "first to 2 games");
    assert_eq!(open["names"], json!(["South", "North"]));
    assert_eq!(
        open["seats"][0],
        json!({"kind": "person", "level": null, "creator": true, "joined": true, "side": 0, "member": null})
    );
    assert_eq!(open["seats"][1]["joined"], false);
    // Joined, the table is under way; quit, it leaves the lobby.
    call(&app, Method::POST, &format!("/api/games/{listed}/join"), None, None).await;
    let tables = lobby().await["tables"].as_array().unwrap().clone();
    let open = tables.iter().find(|table| table["game"] == listed.as_str()).unwrap();
    assert_eq!(
        (open["seats"][1]["joined"].clone(), open["started"].clone()),
        (json!(true), json!(true))
    );
    for (id, token) in [(&listed, &host), (&against_computer, &computer_host)] {
        let (status, _) =
            call(&app, Method::POST, &format!("/api/games/{id}/quit"), Some(token), None).await;
        assert_eq!(status, StatusCode::OK);
    }
    assert_eq!(lobby().await["tables"], json!([]));
}

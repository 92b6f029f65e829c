//! `crib serve` killed with SIGKILL at seeded random moments during a
//! rated tournament: a member, Ann, plays her matches through the HTTP API
//! (her first legal move each time) while the server plays the computers'
//! matches, and the server is killed during her moves and while it plays
//! alone, then started again on the same database. Nothing acknowledged is
//! lost (each of her moves answered is saved), and the tournament ends as
//! on a server never killed: every match move for move, the standings, the
//! final order and the rating list; no match is linked or rated twice.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use crib_core::Seat;
use crib_store::{Store, TournamentId};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use super::kill::{Request, Server, exchange, first_move, is_persons, killing, ok, send};
use super::*;

/// The kill plan's seed, unless `CRIB_KILL_SEED` gives another.
const KILL_SEED: u64 = 20_261_129;

/// The chance that a move of Ann's, or a look at the tournament while the
/// server plays alone, is when the server is killed.
const KILL_ONE_IN: u32 = 5;

/// The most kills in a run.
const MAX_KILLS: usize = 30;

/// The most requests of a run: a bound on a runaway.
const MAX_REQUESTS: usize = 4000;

/// A kill fires this many microseconds or fewer after its request is sent
/// (or, while the server plays alone, after the look at the tournament).
const MAX_DELAY_MICROS: u64 = 8_000;

/// A request of Ann's browser: her session's cookie.
fn of_ann(cookie: &str, method: &'static str, path: String, body: Option<Value>) -> Request {
    Request { method, path, token: None, cookie: Some(cookie.to_owned()), body }
}

/// What a tournament ended as: its page's standings and final order, the
/// rating list, and each match's moves as saved, by number.
#[derive(Debug, PartialEq)]
struct Ended {
    standings: Value,
    final_order: Value,
    ratings: Value,
    moves: BTreeMap<u16, Vec<crib_store::Move>>,
}

/// Ann's moves saved at the table of match `number`, if it has begun.
fn saved_moves(db: &Path, tournament: i64, number: u16) -> Option<(Seat, usize)> {
    let store = Store::open_read_only(db).unwrap().unwrap();
    let (_, linked) = store.tournament(TournamentId(tournament)).unwrap().unwrap();
    let played = &linked.iter().find(|linked| linked.number == number)?.played;
    let seat = played.members.iter().position(Option::is_some)?;
    let seat = Seat::ALL[seat];
    let moves = store.resume(played.summary.id).unwrap().moves;
    Some((seat, moves.iter().filter(|m| m.seat == seat && is_persons(&m.action)).count()))
}

/// Plays the tournament on a server on `db`, killed at random as `kills`
/// says (never without it).
fn play_tournament(db: &Path, mut kills: Option<ChaCha8Rng>) -> Ended {
    let added =
        crib(&["club", "add", "Ann", "--db", db.to_str().unwrap(), "--url", "http://x"], "");
    assert!(added.status.success(), "{}", stderr(&added));
    let key = stdout(&added).trim().rsplit("#signin=").next().unwrap().to_owned();
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut server = Server::start(db, &log);
    let signin = Request {
        method: "POST",
        path: "/api/club/signin".into(),
        token: None,
        cookie: None,
        body: Some(json!({"key": key})),
    };
    let (status, head, _) = exchange(server.addr, &signin).unwrap();
    assert_eq!(status, 200);
    let cookie = head
        .lines()
        .find_map(|line| line.strip_prefix("set-cookie: "))
        .and_then(|cookie| cookie.split(';').next())
        .unwrap()
        .to_owned();
    let body = json!({
        "name": "Killing night",
        "kind": "round-robin",
        "target": 61,
        "rated": true,
        "entrants": [{"member": "Ann"}, {"computer": "basic"}, {"computer": "easy"}, {"computer": "random"}],
    });
    let made =
        ok(server.addr, &of_ann(&cookie, "POST", "/api/club/tournaments".into(), Some(body)));
    let id = made["id"].as_i64().unwrap();
    let page_path = format!("/api/club/tournaments/{id}");
    // Ann's moves acknowledged at each match's table, by match number.
    let mut acknowledged: BTreeMap<u16, usize> = BTreeMap::new();
    let mut tokens: BTreeMap<String, String> = BTreeMap::new();
    let mut killed = 0;
    let mut requests = 0;
    let kill_now = |rng: &mut Option<ChaCha8Rng>, killed: usize| {
        let rng = rng.as_mut()?;
        (killed < MAX_KILLS && rng.random_ratio(1, KILL_ONE_IN))
            .then(|| Duration::from_micros(rng.random_range(0..=MAX_DELAY_MICROS)))
    };
    let page = loop {
        requests += 1;
        assert!(requests <= MAX_REQUESTS, "no end in sight");
        let page = ok(server.addr, &of_ann(&cookie, "GET", page_path.clone(), None));
        if page["finished_at"].is_string() {
            break page;
        }
        let mine = page["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|round| round["matches"].as_array().unwrap().clone())
            .find(|fixture| fixture["yours"] == true && fixture["table"].is_string());
        let Some(fixture) = mine else {
            // The server plays the computers' matches: killed now and then
            // while it does.
            if let Some(delay) = kill_now(&mut kills, killed) {
                thread::sleep(delay);
                server.kill();
                killed += 1;
                eprintln!("kill {killed}: while the server plays alone");
                server = Server::start(db, &log);
            } else {
                thread::sleep(Duration::from_millis(20));
            }
            continue;
        };
        let number = u16::try_from(fixture["number"].as_u64().unwrap()).unwrap();
        let table = fixture["table"].as_str().unwrap().to_owned();
        let token = match tokens.get(&table) {
            Some(token) => token.clone(),
            None => {
                let join = format!("/api/games/{table}/join");
                let joined = ok(server.addr, &of_ann(&cookie, "POST", join, None));
                let token = joined["token"].as_str().unwrap().to_owned();
                tokens.insert(table.clone(), token.clone());
                token
            }
        };
        let seated = |method, path: &str, body| Request {
            method,
            path: format!("/api/games/{table}{path}"),
            token: Some(token.clone()),
            cookie: Some(cookie.clone()),
            body,
        };
        let state = ok(server.addr, &seated("GET", "", None));
        if state["match_winner"] != Value::Null {
            // Saved and told: the director opens the next round.
            thread::sleep(Duration::from_millis(20));
            continue;
        }
        let Some(body) = first_move(&state) else {
            panic!("match {number}: no move offered: {state}");
        };
        let persons = body["action"] != "continue";
        let request = seated("POST", "/act", Some(body));
        let Some(delay) = kill_now(&mut kills, killed) else {
            let answer = send(server.addr, &request);
            assert!(matches!(answer, Ok((200, _))), "{request:?}: {answer:?}");
            *acknowledged.entry(number).or_default() += usize::from(persons);
            continue;
        };
        let answered = killing(&mut server, &request, delay).is_some();
        killed += 1;
        if answered {
            *acknowledged.entry(number).or_default() += usize::from(persons);
        }
        // With the server down: every move of Ann's acknowledged is saved,
        // one more only if the last was sent and not answered.
        let (_, saved) = saved_moves(db, id, number).unwrap();
        let told = acknowledged.get(&number).copied().unwrap_or(0);
        let most = told + usize::from(!answered && persons);
        assert!(
            (told..=most).contains(&saved),
            "match {number}: {told} acknowledged, {saved} saved"
        );
        acknowledged.insert(number, saved);
        eprintln!("kill {killed}: match {number} +{}us, answered: {answered}", delay.as_micros());
        server = Server::start(db, &log);
    };
    let ratings = ok(server.addr, &of_ann(&cookie, "GET", "/api/club/ratings".into(), None));
    drop(server);
    if kills.is_some() {
        assert!(killed > 0, "never killed");
        eprintln!("{requests} looks and moves, {killed} kills");
    }
    let said = log.lock().unwrap();
    let failures: Vec<&String> = said.iter().filter(|line| line.contains("fail")).collect();
    assert!(failures.is_empty(), "the server said: {failures:#?}");
    let store = Store::open_read_only(db).unwrap().unwrap();
    let (_, linked) = store.tournament(TournamentId(id)).unwrap().unwrap();
    assert_eq!(linked.len(), 6, "each match of four entrants linked once");
    let moves = linked
        .iter()
        .map(|linked| {
            let resumed = store.resume(linked.played.summary.id).unwrap();
            assert_eq!(resumed.summary.status, crib_store::Status::Finished);
            (linked.number, resumed.moves)
        })
        .collect();
    // Each of Ann's matches is acknowledged move for move.
    for (number, told) in &acknowledged {
        let (_, saved) = saved_moves(db, id, *number).unwrap();
        assert_eq!(saved, *told, "match {number}: moves acknowledged and saved");
    }
    let ann = ratings["players"].as_array().unwrap().iter().find(|line| line["name"] == "Ann");
    let ann = ann.unwrap();
    assert_eq!(ann["wins"].as_u64().unwrap() + ann["losses"].as_u64().unwrap(), 3, "{ratings}");
    Ended {
        standings: page["standings"].clone(),
        final_order: page["final_order"].clone(),
        ratings,
        moves,
    }
}

#[test]
fn a_tournament_killed_at_random_moments_ends_as_one_never_killed() {
    let seed = std::env::var("CRIB_KILL_SEED").map_or(KILL_SEED, |seed| seed.parse().unwrap());
    eprintln!("kill plan seed {seed} (CRIB_KILL_SEED={seed} plays it again)");
    let dir = tempfile::tempdir().unwrap();
    let killed =
        play_tournament(&dir.path().join("killed.db"), Some(ChaCha8Rng::seed_from_u64(seed)));
    let whole = play_tournament(&dir.path().join("whole.db"), None);
    assert_eq!(killed.moves, whole.moves, "every match, move for move");
    assert_eq!(killed.standings, whole.standings);
    assert_eq!(killed.final_order, whole.final_order);
    assert_eq!(killed.ratings, whole.ratings);
}

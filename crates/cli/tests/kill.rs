//! `crib serve` killed with SIGKILL at seeded random moments while people
//! play the computer and an engine through its HTTP API, started again on
//! the same database each time, until every game is finished; then the same
//! games played on a server never killed. Nothing the server acknowledged is
//! lost, no table is stuck after a restart, and every finished game is the
//! uninterrupted one, event for event and move for move.
//!
//! A kill is armed on a request chosen at random and fired a random number
//! of microseconds after the request is sent: before it is read, while the
//! table works out the programs' answers or saves them, or after the answer
//! is out (a kill between two requests). The client speaks HTTP/1.1 by hand
//! over loopback, one connection per request, so a kill shows as a refused,
//! reset or cut-short answer: only a whole 2xx answer counts as acknowledged.

use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::Child;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use crib_core::{Action, Event, Seat};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::*;

/// The kill plan's seed, unless `CRIB_KILL_SEED` gives another.
const KILL_SEED: u64 = 20_260_111;

/// The chance that a request is the one the server is killed during.
const KILL_ONE_IN: u32 = 8;

/// The most kills in a run: every game must still get to its end.
const MAX_KILLS: usize = 30;

/// A kill fires this many microseconds or fewer after its request is sent.
const MAX_DELAY_MICROS: u64 = 20_000;

/// The most requests of a run, a bound on a runaway and not a target.
const MAX_REQUESTS: usize = 3000;

/// The most times a table's state is asked for before it is called stuck.
const MAX_POLLS: usize = 20;

/// The engine the server offers, as the page names it.
const ENGINE: &str = "basic-engine";

/// The tables played: seats as the API takes them, each table's seed, and
/// whether its person gives up the first match after its first hand for a
/// new one at the same table.
fn tables() -> Vec<(Value, bool)> {
    vec![
        (
            json!({"seats": [{"kind": "you"}, {"kind": "computer", "level": "basic"}], "seed": 41}),
            true,
        ),
        (
            json!({"seats": [{"kind": "engine", "name": ENGINE}, {"kind": "you"}], "seed": 42}),
            false,
        ),
        (
            json!({
                "seats": [{"kind": "you"}, {"kind": "computer", "level": "basic"},
                          {"kind": "engine", "name": ENGINE}],
                "seed": 43,
            }),
            false,
        ),
    ]
}

/// A running `crib serve`, killed when dropped.
pub(super) struct Server {
    child: Child,
    pub(super) addr: SocketAddr,
}

impl Server {
    /// Starts `crib serve` on `db`, on a free port of loopback; every line
    /// it writes to stderr goes to `log`.
    pub(super) fn start(db: &Path, log: &Arc<Mutex<Vec<String>>>) -> Server {
        let engine = format!("{ENGINE}='{}' engine --level basic", env!("CARGO_BIN_EXE_crib"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
            .args(["serve", "--addr", "127.0.0.1:0", "--seed", "5", "--engine", &engine])
            .arg("--db")
            .arg(db)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (first, address) = mpsc::channel();
        let log = Arc::clone(log);
        // The reader ends when the last holder of the pipe (the server, or
        // an engine it started) is gone.
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                first.send(line.clone()).ok();
                log.lock().unwrap().push(line);
            }
        });
        let line = address.recv_timeout(Duration::from_secs(60)).unwrap();
        let addr = line
            .strip_prefix("crib: serving on http://")
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("not the serving line: {line}"));
        let addr: SocketAddr = addr.parse().unwrap();
        assert!(addr.ip().is_loopback());
        Server { child, addr }
    }

    /// SIGKILL, and the process reaped.
    pub(super) fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A request: method, path, the seat's token, a member's session cookie,
/// a JSON body.
#[derive(Clone, Debug)]
pub(super) struct Request {
    pub(super) method: &'static str,
    pub(super) path: String,
    pub(super) token: Option<String>,
    pub(super) cookie: Option<String>,
    pub(super) body: Option<Value>,
}

/// Sends `request` to `addr`: the status and body of a whole answer, or why
/// there was none (refused, reset, cut short).
pub(super) fn send(addr: SocketAddr, request: &Request) -> Result<(u16, Value), String> {
    exchange(addr, request).map(|(status, _, value)| (status, value))
}

/// Sends `request` to `addr`: the status, the headers and the body of a
/// whole answer, or why there was none.
pub(super) fn exchange(
    addr: SocketAddr,
    request: &Request,
) -> Result<(u16, String, Value), String> {
    let mut stream =
        TcpStream::connect_timeout(&addr, Duration::from_secs(5)).map_err(|e| e.to_string())?;
    stream.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
    let body = request.body.as_ref().map(Value::to_string).unwrap_or_default();
    let mut text = format!(
        "{} {} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        request.method,
        request.path,
        body.len()
    );
    if let Some(token) = &request.token {
        text.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if let Some(cookie) = &request.cookie {
        text.push_str(&format!("Cookie: {cookie}\r\n"));
    }
    // The server takes a change only as JSON, with a body or without.
    text.push_str("Content-Type: application/json\r\n");
    text.push_str("\r\n");
    text.push_str(&body);
    stream.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).map_err(|e| e.to_string())?;
    let answer = String::from_utf8(answer).map_err(|e| e.to_string())?;
    let (head, body) = answer.split_once("\r\n\r\n").ok_or("no end of the headers")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| format!("no status: {head}"))?;
    let length = head
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, value)| value.trim().parse::<usize>().ok())
        .ok_or_else(|| format!("no length: {head}"))?;
    if body.len() != length {
        return Err(format!("cut short: {} of {length} bytes", body.len()));
    }
    let value = serde_json::from_str(body).map_err(|e| e.to_string())?;
    Ok((status, head.to_owned(), value))
}

/// Sends `request`, which must be answered 2xx.
pub(super) fn ok(addr: SocketAddr, request: &Request) -> Value {
    match send(addr, request) {
        Ok((status, value)) if (200..300).contains(&status) => value,
        other => panic!("{request:?}: {other:?}"),
    }
}

/// One table as its person sees it.
#[derive(Debug)]
struct Player {
    id: String,
    token: String,
    seat: Seat,
    /// Every event of the current match the server has told this seat, by
    /// number: what it said once, it must always say.
    log: Vec<Value>,
    /// The matches begun at the table, as the server last said.
    matches: u64,
    /// The events told of each match given up.
    earlier: Vec<Vec<Value>>,
    /// Whether to give up the first match after its first hand.
    renew: bool,
    /// The last state the server answered.
    state: Value,
    /// The person's discards, cards and gos in the current match that the
    /// server acknowledged.
    moves: usize,
}

impl Player {
    fn request(&self, method: &'static str, path: &str, body: Option<Value>) -> Request {
        let path = format!("/api/games/{}{path}", self.id);
        Request { method, path, token: Some(self.token.clone()), cookie: None, body }
    }

    /// The request that makes a move of [`Player::next_move`].
    fn send_move(&self, body: Value) -> Request {
        if body["action"] == "new" {
            self.request("POST", "/new", None)
        } else {
            self.request("POST", "/act", Some(body))
        }
    }

    /// Takes in a state the server answered: its events must agree with
    /// every event told before, and follow on from them; a new match (never
    /// an earlier one) starts its own.
    fn learn(&mut self, state: Value) {
        let matches = state["matches"].as_u64().unwrap();
        if matches != self.matches {
            assert_eq!(matches, self.matches + 1, "{}: the matches went {}", self.id, self.matches);
            if matches > 1 {
                self.earlier.push(std::mem::take(&mut self.log));
            }
            self.matches = matches;
            self.moves = 0;
        }
        for said in state["events"].as_array().unwrap() {
            let index = usize::try_from(said["index"].as_u64().unwrap()).unwrap();
            let event = said["event"].clone();
            match self.log.get(index) {
                Some(told) => {
                    assert_eq!(told, &event, "{}: event {index} changed", self.id);
                }
                None => {
                    assert_eq!(index, self.log.len(), "{}: events skipped", self.id);
                    self.log.push(event);
                }
            }
        }
        let next = usize::try_from(state["next"].as_u64().unwrap()).unwrap();
        assert!(
            next >= self.log.len(),
            "{}: {next} events, {} told before",
            self.id,
            self.log.len()
        );
        self.state = state;
    }

    fn over(&self) -> bool {
        !self.state["match_winner"].is_null()
    }

    /// The person's next move by the script: the first cards to the crib,
    /// the first card that may be played, go, continue (or a new match, the
    /// first time for a table that renews); `None` if the state offers none.
    fn next_move(&self) -> Option<Value> {
        let first = first_move(&self.state)?;
        if self.renew && self.matches == 1 && first["action"] == "continue" {
            return Some(json!({"action": "new"}));
        }
        Some(first)
    }

    /// Asks for the whole state until it offers the person a move or the
    /// match is over: a table that does neither is stuck.
    fn refresh(&mut self, addr: SocketAddr) {
        for _ in 0..MAX_POLLS {
            let state = ok(addr, &self.request("GET", "?since=0", None));
            self.learn(state);
            if self.over() || self.next_move().is_some() {
                return;
            }
            thread::sleep(Duration::from_millis(50));
        }
        panic!("{}: stuck, no move offered: {}", self.id, self.state);
    }
}

/// The first legal move a seat's state offers: the first cards to the
/// crib, the first card that fits, go, or the next hand.
pub(super) fn first_move(state: &Value) -> Option<Value> {
    let moves = &state["moves"];
    let discard = usize::try_from(moves["discard"].as_u64().unwrap()).unwrap();
    if discard > 0 {
        let hand = state["view"]["hand"].as_array().unwrap();
        return Some(json!({"action": "discard", "cards": hand[..discard]}));
    }
    if let Some(card) = moves["playable"].as_array().unwrap().first() {
        return Some(json!({"action": "play", "card": card}));
    }
    if moves["go"] == json!(true) {
        return Some(json!({"action": "go"}));
    }
    (moves["continue"] == json!(true)).then(|| json!({"action": "continue"}))
}

/// A person's move, as the saved match has it: not the deal that
/// "continue" asks of the dealer.
pub(super) fn is_persons(action: &Action) -> bool {
    !matches!(action, Action::Deal)
}

/// What the database holds of `player`'s table: the matches begun there,
/// and its current match's state, every event and every move.
struct Saved {
    matches: u64,
    status: crib_store::Status,
    events: Vec<Event>,
    moves: Vec<crib_store::Move>,
}

fn saved(db: &Path, player: &Player) -> Saved {
    let store = crib_store::Store::open_read_only(db).unwrap().unwrap();
    let table = store.web_table(&player.id).unwrap().unwrap();
    let resumed = store.resume(table.game).unwrap();
    Saved {
        matches: table.matches,
        status: resumed.summary.status,
        events: resumed.events,
        moves: resumed.moves,
    }
}

/// The request whose answer was lost when the server was killed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InFlight {
    /// A discard, a card or a go.
    Move,
    /// A new match.
    NewMatch,
}

/// With the server down: every event the person was told is in the
/// database as told, and every move of theirs acknowledged is saved (one
/// more only after a move `in_flight`; a new match only after one asked
/// for). Counts the moves saved as acknowledged from here on.
fn check_saved(db: &Path, player: &mut Player, in_flight: Option<InFlight>) {
    let saved = saved(db, player);
    if saved.matches != player.matches {
        assert_eq!(in_flight, Some(InFlight::NewMatch), "{}: another match", player.id);
        assert_eq!(saved.matches, player.matches + 1, "{}: another match", player.id);
        return;
    }
    let events = saved.events;
    assert!(events.len() >= player.log.len(), "{}: told events lost", player.id);
    for (index, told) in player.log.iter().enumerate() {
        let kept = serde_json::to_value(events[index].for_seat(player.seat)).unwrap();
        assert_eq!(&kept, told, "{}: event {index} saved otherwise", player.id);
    }
    let persons = |m: &&crib_store::Move| m.seat == player.seat && is_persons(&m.action);
    let mine = saved.moves.iter().filter(persons).count();
    let most = player.moves + usize::from(in_flight == Some(InFlight::Move));
    assert!(
        (player.moves..=most).contains(&mine),
        "{}: {} moves acknowledged, {mine} saved",
        player.id,
        player.moves
    );
    player.moves = mine;
}

/// A finished table: the events its person was told, and the match saved.
#[derive(Debug, PartialEq)]
struct Finished {
    earlier: Vec<Vec<Value>>,
    log: Vec<Value>,
    events: Vec<Event>,
    moves: Vec<crib_store::Move>,
}

/// When to kill the server: on a request chosen at random, a random time
/// after it is sent.
#[derive(Debug)]
struct Kills {
    rng: ChaCha8Rng,
    done: usize,
    /// Whether to kill at random.
    random: bool,
    /// Kill during the first new match asked for, this long after it is
    /// asked.
    on_new: Option<Duration>,
}

impl Kills {
    /// The delay after which to kill the server during the next request, if
    /// it is to be killed then.
    fn arm(kills: &mut Option<Kills>) -> Option<Duration> {
        let kills = kills.as_mut()?;
        (kills.random && kills.done < MAX_KILLS && kills.rng.random_ratio(1, KILL_ONE_IN)).then(
            || {
                kills.done += 1;
                Duration::from_micros(kills.rng.random_range(0..=MAX_DELAY_MICROS))
            },
        )
    }
}

/// Sends `request` and SIGKILLs `server` `delay` after: the answer, if a
/// whole 2xx one came first.
pub(super) fn killing(server: &mut Server, request: &Request, delay: Duration) -> Option<Value> {
    let addr = server.addr;
    let sent = request.clone();
    let answering = thread::spawn(move || send(addr, &sent));
    thread::sleep(delay);
    server.kill();
    match answering.join().unwrap() {
        Ok((status, answer)) if (200..300).contains(&status) => Some(answer),
        Ok((status, answer)) => panic!("{request:?}: {status} {answer}"),
        Err(_) => None,
    }
}

/// Starts the server on `db` again after a kill, with every table checked
/// against the database while it is down; `in_flight`, the table whose
/// person's move was sent and not answered. The server may be killed again
/// while it loads a table (`kills`). Every table is then asked for its
/// state, and must offer its person a move or be over.
fn restart(
    db: &Path,
    log: &Arc<Mutex<Vec<String>>>,
    players: &mut [Player],
    mut in_flight: Option<(usize, InFlight)>,
    kills: &mut Option<Kills>,
) -> Server {
    loop {
        for (at, player) in players.iter_mut().enumerate() {
            let lost = in_flight.filter(|&(table, _)| table == at).map(|(_, what)| what);
            check_saved(db, player, lost);
        }
        in_flight = None;
        let mut server = Server::start(db, log);
        if let Some(delay) = Kills::arm(kills) {
            // The first request to a table after a restart loads it from
            // the database, and makes any program's move that is due.
            let at = kills.as_mut().map_or(0, |kills| kills.rng.random_range(0..players.len()));
            let player = &mut players[at];
            let answer = killing(&mut server, &player.request("GET", "?since=0", None), delay);
            let answered = answer.is_some();
            if let Some(state) = answer {
                player.learn(state);
            }
            let done = kills.as_ref().map_or(0, |kills| kills.done);
            eprintln!(
                "kill {done}: loading table {at} +{}us: {}",
                delay.as_micros(),
                if answered { "after the answer" } else { "no answer" }
            );
            continue;
        }
        for player in players.iter_mut() {
            player.refresh(server.addr);
        }
        return server;
    }
}

/// Plays every table to its end on a server on `db`, killed and started
/// again as `kills` says (never without it); returns each finished table.
fn play_all(db: &Path, tables: Vec<(Value, bool)>, mut kills: Option<Kills>) -> Vec<Finished> {
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut server = Server::start(db, &log);
    let mut players: Vec<Player> = tables
        .into_iter()
        .map(|(body, renew)| {
            let request = Request {
                method: "POST",
                path: "/api/games".into(),
                token: None,
                cookie: None,
                body: Some(body),
            };
            let created = ok(server.addr, &request);
            let mut player = Player {
                id: created["game"].as_str().unwrap().to_owned(),
                token: created["token"].as_str().unwrap().to_owned(),
                seat: Seat::ALL[usize::try_from(created["seat"].as_u64().unwrap()).unwrap()],
                log: Vec::new(),
                matches: 0,
                earlier: Vec::new(),
                renew,
                state: Value::Null,
                moves: 0,
            };
            player.learn(created["state"].clone());
            player
        })
        .collect();
    let mut requests = 0;
    // Round and round the tables still being played, a move at each.
    while players.iter().any(|player| !player.over()) {
        for at in 0..players.len() {
            if players[at].over() {
                continue;
            }
            requests += 1;
            assert!(requests <= MAX_REQUESTS, "no end in sight: {players:#?}");
            let player = &mut players[at];
            let Some(body) = player.next_move() else {
                panic!("{}: stuck, no move offered: {}", player.id, player.state);
            };
            let persons = body["action"] != "continue" && body["action"] != "new";
            let what = if persons { InFlight::Move } else { InFlight::NewMatch };
            let what = (persons || body["action"] == "new").then_some(what);
            let request = player.send_move(body);
            let on_new = kills.as_mut().filter(|_| request.path.ends_with("/new"));
            let on_new = on_new.and_then(|kills| {
                kills.done += usize::from(kills.on_new.is_some());
                kills.on_new.take()
            });
            let Some(delay) = on_new.or_else(|| Kills::arm(&mut kills)) else {
                let answer = ok(server.addr, &request);
                player.moves += usize::from(persons);
                player.learn(answer);
                continue;
            };
            let told = player.log.len();
            let answer = killing(&mut server, &request, delay);
            let answered = answer.is_some();
            if let Some(answer) = answer {
                player.moves += usize::from(persons);
                player.learn(answer);
            }
            let saved = saved(db, player);
            let landed = saved.matches > player.matches || saved.events.len() > told;
            let done = kills.as_ref().map_or(0, |kills| kills.done);
            eprintln!(
                "kill {done}: request {requests}, table {at}, {} +{}us: {}",
                request.body.as_ref().map_or_else(|| request.path.clone(), Value::to_string),
                delay.as_micros(),
                match (answered, landed) {
                    (true, _) => "after the answer",
                    (false, true) => "the move saved, not answered",
                    (false, false) => "not saved",
                }
            );
            let in_flight = what.filter(|_| !answered).map(|what| (at, what));
            server = restart(db, &log, &mut players, in_flight, &mut kills);
        }
    }
    let finished = players
        .iter_mut()
        .map(|player| {
            player.refresh(server.addr);
            let Saved { matches, status, events, moves } = saved(db, player);
            assert_eq!(matches, player.matches, "{}", player.id);
            assert_eq!(status, crib_store::Status::Finished, "{}", player.id);
            let mine = moves.iter().filter(|m| m.seat == player.seat && is_persons(&m.action));
            assert_eq!(mine.count(), player.moves, "{}: moves acknowledged and saved", player.id);
            Finished { earlier: player.earlier.clone(), log: player.log.clone(), events, moves }
        })
        .collect();
    drop(server);
    let done = kills.as_ref().map_or(0, |kills| kills.done);
    eprintln!("{requests} moves sent, {done} kills");
    let said = log.lock().unwrap();
    let failures: Vec<&String> = said.iter().filter(|line| line.contains("fail")).collect();
    assert!(failures.is_empty(), "the server said: {failures:#?}");
    if kills.is_some() {
        assert!(done > 0, "never killed");
    }
    finished
}

/// Plays `tables` on a server killed by `kills`, then on one never
/// killed: every table must finish the same.
fn same_as_never_killed(tables: &[(Value, bool)], kills: Kills) -> usize {
    let dir = tempfile::tempdir().unwrap();
    let killed = play_all(&dir.path().join("killed.db"), tables.to_vec(), Some(kills));
    let whole = play_all(&dir.path().join("whole.db"), tables.to_vec(), None);
    assert_eq!(killed.len(), whole.len());
    for (at, (killed, whole)) in killed.iter().zip(&whole).enumerate() {
        assert_eq!(killed.moves, whole.moves, "table {at}: the moves");
        assert_eq!(killed.events, whole.events, "table {at}: the events");
        assert_eq!(killed.log, whole.log, "table {at}: what the person was told");
        assert_eq!(killed.earlier, whole.earlier, "table {at}: the matches given up");
        let renewed = usize::from(tables[at].1);
        assert_eq!(whole.earlier.len(), renewed, "table {at}: matches given up");
    }
    killed.len()
}

#[test]
fn a_server_killed_at_random_moments_loses_nothing_and_plays_every_game_the_same() {
    let seed = std::env::var("CRIB_KILL_SEED").map_or(KILL_SEED, |seed| seed.parse().unwrap());
    eprintln!("kill plan seed {seed} (CRIB_KILL_SEED={seed} plays it again)");
    let kills = Kills { rng: ChaCha8Rng::seed_from_u64(seed), done: 0, random: true, on_new: None };
    same_as_never_killed(&tables(), kills);
}

/// A new match given up part-way for a new one: the server killed while
/// it begins the new match (the old one saved as given up, the table's row
/// not yet naming the new one) used to lose the table, answered 404 after
/// the restart.
#[test]
fn a_server_killed_while_a_new_match_begins_keeps_the_table() {
    let renewing = vec![tables().swap_remove(0)];
    for micros in [300, 2000, 6000] {
        let on_new = Some(Duration::from_micros(micros));
        let kills =
            Kills { rng: ChaCha8Rng::seed_from_u64(micros), done: 0, random: false, on_new };
        same_as_never_killed(&renewing, kills);
    }
}

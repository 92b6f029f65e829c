//! The limits and refusals of `crib serve`'s HTTP server, against a real
//! server on loopback, through raw TCP clients that can be as slow, as
//! silent or as foreign as the bad clients they stand for. The limits are
//! short here, so that each test takes a second or two.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crib_web::{HttpLimits, Limits, Server};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How long a client waits for anything before the test fails.
const PATIENCE: Duration = Duration::from_secs(10);

/// A short limit, for the limit under test.
const SHORT: Duration = Duration::from_millis(400);

/// Limits long enough not to get in the way of the one under test.
fn relaxed() -> HttpLimits {
    HttpLimits {
        header_timeout: PATIENCE,
        body_timeout: PATIENCE,
        idle_timeout: PATIENCE,
        max_connections: 64,
        new_games_per_address: 1000,
        new_games_total: 1000,
        new_members_per_address: 1000,
        new_members_total: 1000,
        streams_per_address: 1000,
        streams_per_seat: 1000,
        public_hosts: Vec::new(),
    }
}

/// A server running on a free port of loopback.
struct Running {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<crib_web::Stopped, crib_web::ServeError>>,
}

impl Running {
    async fn start(limits: HttpLimits) -> Running {
        Running::serving(limits, Server::new(Limits::default(), Some(3))).await
    }

    /// Serves `server` under `limits`.
    async fn serving(limits: HttpLimits, server: Server) -> Running {
        let listener = crib_web::bind("127.0.0.1:0".parse().unwrap()).await.unwrap();
        let addr = listener.local_addr().unwrap();
        let server = Arc::new(server);
        let (stop, stopped) = oneshot::channel();
        let task = tokio::spawn(async move {
            crib_web::serve_until(listener, server, &limits, async {
                stopped.await.ok();
            })
            .await
        });
        Running { addr, stop: Some(stop), task }
    }

    /// Sends the shutdown signal and waits for the server to return.
    async fn stop(mut self) -> crib_web::Stopped {
        self.stop.take().unwrap().send(()).unwrap();
        tokio::time::timeout(PATIENCE, &mut self.task).await.unwrap().unwrap().unwrap()
    }

    async fn connect(&self) -> TcpStream {
        TcpStream::connect(self.addr).await.unwrap()
    }

    /// Connects from the loopback address `from` (127.0.0.2, say).
    async fn connect_from(&self, from: IpAddr) -> TcpStream {
        let socket = TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::new(from, 0)).unwrap();
        socket.connect(self.addr).await.unwrap()
    }

    /// The request as a browser on this server's page would send it.
    fn request(&self, method: &str, path: &str, body: &str) -> String {
        raw(
            method,
            path,
            &[("host", &self.addr.to_string()), ("content-type", "application/json")],
            body,
        )
    }

    /// Sends `request` on a new connection and reads the answer.
    async fn send(&self, request: &str) -> Answer {
        let mut stream = self.connect().await;
        // A server that refuses a request may close before it is all sent.
        let _ = stream.write_all(request.as_bytes()).await;
        read_answer(&mut stream).await
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A request as text, with `headers` and a `Content-Length` for `body`.
fn raw(method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> String {
    let mut text = format!("{method} {path} HTTP/1.1\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str(&format!("content-length: {}\r\n\r\n{body}", body.len()));
    text
}

/// An answer read off a connection.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(known, _)| known.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("not JSON: {}", self.body))
    }

    /// The JSON error's text.
    fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error: {}", self.body))
            .to_owned()
    }
}

/// Reads one answer (head and `Content-Length` body), leaving the
/// connection open.
async fn read_answer(stream: &mut TcpStream) -> Answer {
    let mut bytes = Vec::new();
    let mut buffer = [0u8; 4096];
    let head_end = loop {
        if let Some(end) = bytes.windows(4).position(|window| window == b"\r\n\r\n") {
            break end;
        }
        let read = tokio::time::timeout(PATIENCE, stream.read(&mut buffer)).await.unwrap().unwrap();
        assert!(read > 0, "closed before an answer: {:?}", String::from_utf8_lossy(&bytes));
        bytes.extend_from_slice(&buffer[..read]);
    };
    let head = String::from_utf8(bytes[..head_end].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_owned(), value.trim().to_owned()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .map_or(0, |(_, value)| value.parse().unwrap());
    let mut body = bytes[head_end + 4..].to_vec();
    while body.len() < length {
        let read = tokio::time::timeout(PATIENCE, stream.read(&mut buffer)).await.unwrap().unwrap();
        assert!(read > 0, "closed in the body");
        body.extend_from_slice(&buffer[..read]);
    }
    Answer { status, headers, body: String::from_utf8(body).unwrap() }
}

/// How long until the server closes `stream`, reading (and failing on) any
/// byte it sends meanwhile.
async fn closed_after(stream: &mut TcpStream) -> Duration {
    let started = Instant::now();
    let mut buffer = [0u8; 64];
    let read = tokio::time::timeout(PATIENCE, stream.read(&mut buffer))
        .await
        .expect("the connection was never closed");
    // A reset is a close too.
    if let Ok(read) = read {
        assert_eq!(read, 0, "the server sent {:?}", String::from_utf8_lossy(&buffer[..read]));
    }
    started.elapsed()
}

/// Whether the server has closed `stream` within `wait`.
async fn open_after(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buffer = [0u8; 64];
    tokio::time::timeout(wait, stream.read(&mut buffer)).await.is_err()
}

#[tokio::test]
async fn slow_headers_close_the_connection_but_a_quiet_new_one_may_wait_its_idle_time() {
    let running = Running::start(HttpLimits { header_timeout: SHORT, ..relaxed() }).await;
    let mut slow = running.connect().await;
    slow.write_all(b"GET / HTTP/1.1\r\nHo").await.unwrap();
    let took = closed_after(&mut slow).await;
    assert!(took >= SHORT - Duration::from_millis(100), "closed after {took:?}");
    // A connection that says nothing is idle, not slow: it stays open past
    // the header limit, and a request sent then in one go is answered.
    let mut quiet = running.connect().await;
    assert!(open_after(&mut quiet, SHORT * 2).await);
    quiet.write_all(running.request("GET", "/api/engines", "").as_bytes()).await.unwrap();
    assert_eq!(read_answer(&mut quiet).await.status, 200);
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_the_idle_limit() {
    let running = Running::start(HttpLimits { idle_timeout: SHORT, ..relaxed() }).await;
    let mut stream = running.connect().await;
    // Busy past the idle limit, a request at a time, the connection stays.
    for _ in 0..3 {
        stream.write_all(running.request("GET", "/api/engines", "").as_bytes()).await.unwrap();
        assert_eq!(read_answer(&mut stream).await.status, 200);
        tokio::time::sleep(SHORT / 2).await;
    }
    let took = closed_after(&mut stream).await;
    assert!(took >= SHORT / 2 - Duration::from_millis(100), "closed after {took:?}");
}

#[tokio::test]
async fn a_slow_body_is_answered_408_and_the_connection_closed() {
    let running = Running::start(HttpLimits { body_timeout: SHORT, ..relaxed() }).await;
    let mut stream = running.connect().await;
    let request = running.request("POST", "/api/games", "{\"target\": 121}");
    // All but the last bytes of the body.
    stream.write_all(&request.as_bytes()[..request.len() - 3]).await.unwrap();
    let started = Instant::now();
    let answer = read_answer(&mut stream).await;
    assert!(started.elapsed() >= SHORT - Duration::from_millis(100));
    assert_eq!(answer.status, 408);
    assert!(answer.error().contains("too slow"), "{}", answer.error());
    assert_eq!(answer.header("connection"), Some("close"));
    closed_after(&mut stream).await;
}

#[tokio::test]
async fn a_declared_huge_body_is_refused_at_once() {
    let running = Running::start(relaxed()).await;
    let mut stream = running.connect().await;
    let head = format!(
        "POST /api/games HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\n\
         content-length: 100000000\r\n\r\n{{\"ta",
        running.addr
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    // Refused before the body: a server that waited for it would answer
    // 408 once the body limit of PATIENCE ran out.
    let answer = read_answer(&mut stream).await;
    assert_eq!(answer.status, 413);
    assert!(answer.error().contains(&crib_web::BODY_LIMIT.to_string()), "{}", answer.error());
}

#[tokio::test]
async fn connections_past_the_cap_are_answered_503_and_closed() {
    let running = Running::start(HttpLimits { max_connections: 2, ..relaxed() }).await;
    let first = running.connect().await;
    let mut second = running.connect().await;
    // Both are served: the second answers.
    second.write_all(running.request("GET", "/api/engines", "").as_bytes()).await.unwrap();
    assert_eq!(read_answer(&mut second).await.status, 200);
    let answer = running.send(&running.request("GET", "/api/engines", "")).await;
    assert_eq!(answer.status, 503);
    assert_eq!(answer.header("retry-after"), Some("1"));
    assert!(answer.error().contains("limit of 2 open connections"), "{}", answer.error());
    assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
    // Once one closes, a new connection is served again.
    drop(first);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let answer = running.send(&running.request("GET", "/api/engines", "")).await;
        if answer.status == 200 {
            break;
        }
        assert_eq!(answer.status, 503);
        assert!(Instant::now() < deadline, "a closed connection's place was never freed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_foreign_origin_may_not_change_anything() {
    let running = Running::start(relaxed()).await;
    let host = running.addr.to_string();
    let from = |origin: &str| {
        raw(
            "POST",
            "/api/games",
            &[("host", &host), ("content-type", "application/json"), ("origin", origin)],
            "{}",
        )
    };
    for origin in ["http://evil.example", "null", &format!("http://{host}.evil.example")] {
        let answer = running.send(&from(origin)).await;
        assert_eq!(answer.status, 403, "{origin}");
        assert!(answer.error().contains("cross-site"), "{}", answer.error());
    }
    assert_eq!(running.send(&from(&format!("http://{host}"))).await.status, 201);
    // Reading is not refused: it changes nothing, and the token guards it.
    let read =
        raw("GET", "/api/engines", &[("host", &host), ("origin", "http://evil.example")], "");
    assert_eq!(running.send(&read).await.status, 200);
}

#[tokio::test]
async fn changes_must_be_sent_as_json() {
    let running = Running::start(relaxed()).await;
    let host = running.addr.to_string();
    for kind in [Some("text/plain"), Some("application/x-www-form-urlencoded"), None] {
        let mut headers = vec![("host", host.as_str())];
        headers.extend(kind.map(|kind| ("content-type", kind)));
        let answer = running.send(&raw("POST", "/api/games", &headers, "{}")).await;
        assert_eq!(answer.status, 415, "{kind:?}");
        assert!(answer.error().contains("application/json"), "{}", answer.error());
    }
    let charset = [("host", host.as_str()), ("content-type", "application/json; charset=utf-8")];
    assert_eq!(running.send(&raw("POST", "/api/games", &charset, "{}")).await.status, 201);
}

#[tokio::test]
async fn a_host_that_is_not_the_servers_is_refused_unless_given_as_public() {
    let limits = HttpLimits { public_hosts: vec!["crib.example.org".to_owned()], ..relaxed() };
    let running = Running::start(limits).await;
    let port = running.addr.port();
    let get = |host: &str| raw("GET", "/api/engines", &[("host", host)], "");
    for host in [
        "evil.example".to_owned(),
        format!("evil.example:{port}"),
        format!("127.0.0.1:{}", port + 1),
    ] {
        let answer = running.send(&get(&host)).await;
        assert_eq!(answer.status, 421, "{host}");
        assert!(answer.error().contains("--public-host"), "{}", answer.error());
    }
    let answer = running.send(&raw("GET", "/api/engines", &[], "")).await;
    assert_eq!(answer.status, 421, "no Host at all");
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
        "crib.example.org".to_owned(),
        "CRIB.example.org:443".to_owned(),
    ] {
        assert_eq!(running.send(&get(&host)).await.status, 200, "{host}");
    }
    // The page is refused too: a rebound name gets nothing from the server.
    assert_eq!(running.send(&raw("GET", "/", &[("host", "evil.example")], "")).await.status, 421);
}

#[tokio::test]
async fn new_games_past_the_limit_per_address_are_refused_429() {
    let limits = HttpLimits { new_games_per_address: 2, ..relaxed() };
    let running = Running::start(limits).await;
    let create = running.request("POST", "/api/games", "{}");
    for _ in 0..2 {
        assert_eq!(running.send(&create).await.status, 201);
    }
    let answer = running.send(&create).await;
    assert_eq!(answer.status, 429);
    assert!(answer.error().contains("too many new games"), "{}", answer.error());
    // Two a minute: the next in about thirty seconds.
    let wait: u64 = answer.header("retry-after").unwrap().parse().unwrap();
    assert!((29..=31).contains(&wait), "retry after {wait}");
    // Another address has its own allowance; playing is not limited.
    let mut other = running.connect_from("127.0.0.2".parse().unwrap()).await;
    other.write_all(create.as_bytes()).await.unwrap();
    assert_eq!(read_answer(&mut other).await.status, 201);
    assert_eq!(running.send(&running.request("GET", "/api/engines", "")).await.status, 200);
}

#[tokio::test]
async fn counting_drills_are_limited_like_new_games_and_apart_from_them() {
    let limits = HttpLimits { new_games_per_address: 2, ..relaxed() };
    let running = Running::start(limits).await;
    let drill = running.request("POST", "/api/drills", "{}");
    for _ in 0..2 {
        assert_eq!(running.send(&drill).await.status, 201);
    }
    let answer = running.send(&drill).await;
    assert_eq!(answer.status, 429);
    assert!(answer.error().contains("too many new counting drills"), "{}", answer.error());
    assert!(answer.header("retry-after").is_some());
    // The drills took nothing of the allowance of new games.
    assert_eq!(running.send(&running.request("POST", "/api/games", "{}")).await.status, 201);
}

#[tokio::test]
async fn new_games_past_the_limit_in_total_are_refused_429() {
    let limits = HttpLimits { new_games_per_address: 2, new_games_total: 3, ..relaxed() };
    let running = Running::start(limits).await;
    let create = running.request("POST", "/api/games", "{}");
    let mut statuses = Vec::new();
    for from in ["127.0.0.1", "127.0.0.2", "127.0.0.1", "127.0.0.3"] {
        let mut stream = running.connect_from(from.parse().unwrap()).await;
        stream.write_all(create.as_bytes()).await.unwrap();
        let answer = read_answer(&mut stream).await;
        if answer.status == 429 {
            // Three a minute: the next in about twenty seconds.
            let wait: u64 = answer.header("retry-after").unwrap().parse().unwrap();
            assert!((19..=21).contains(&wait), "retry after {wait}");
        }
        statuses.push(answer.status);
    }
    assert_eq!(statuses, [201, 201, 201, 429]);
}

#[tokio::test]
async fn sign_ins_are_limited_like_new_games_and_apart_from_them() {
    let limits = HttpLimits { new_games_per_address: 2, ..relaxed() };
    let running = Running::start(limits).await;
    let sign_in = running.request("POST", "/api/club/signin", r#"{"key": "k"}"#);
    for _ in 0..2 {
        // This server keeps no members: the guard let the sign-in through.
        assert_eq!(running.send(&sign_in).await.status, 404);
    }
    let answer = running.send(&sign_in).await;
    assert_eq!(answer.status, 429);
    assert!(answer.error().contains("too many sign-ins"), "{}", answer.error());
    assert!(answer.header("retry-after").is_some());
    assert_eq!(running.send(&running.request("POST", "/api/games", "{}")).await.status, 201);
    // Another address has its own allowance.
    let mut other = running.connect_from("127.0.0.2".parse().unwrap()).await;
    other.write_all(sign_in.as_bytes()).await.unwrap();
    assert_eq!(read_answer(&mut other).await.status, 404);
}

#[tokio::test]
async fn new_members_are_limited_an_hour_per_address_and_in_total() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(crib_store::Store::open(&dir.path().join("crib.db")).unwrap());
    let server = Server::new(Limits::default(), Some(3))
        .with_saved_games(store)
        .unwrap()
        .with_open_signup(true);
    let limits = HttpLimits { new_members_per_address: 2, new_members_total: 3, ..relaxed() };
    let running = Running::serving(limits, server).await;
    let mut statuses = Vec::new();
    for (from, name) in [
        ("127.0.0.1", "a"),
        ("127.0.0.1", "b"),
        ("127.0.0.1", "c"),
        ("127.0.0.2", "d"),
        ("127.0.0.3", "e"),
    ] {
        let join = running.request("POST", "/api/club/join", &format!(r#"{{"name": "{name}"}}"#));
        let mut stream = running.connect_from(from.parse().unwrap()).await;
        stream.write_all(join.as_bytes()).await.unwrap();
        let answer = read_answer(&mut stream).await;
        if answer.status == 429 {
            assert!(answer.error().contains("too many new members"), "{}", answer.error());
            // Two an hour from one address: the next in half an hour; three
            // in all: the next in twenty minutes.
            let wait: u64 = answer.header("retry-after").unwrap().parse().unwrap();
            assert!((1199..=1801).contains(&wait), "retry after {wait}");
        }
        statuses.push(answer.status);
    }
    assert_eq!(statuses, [201, 201, 429, 201, 429]);
}

#[tokio::test]
async fn the_clubs_changes_pass_the_guard_as_every_change_does() {
    let running = Running::start(relaxed()).await;
    let host = running.addr.to_string();
    for path in ["/api/club/signin", "/api/club/signout", "/api/club/join"] {
        let foreign = [
            ("host", host.as_str()),
            ("content-type", "application/json"),
            ("origin", "http://evil.example"),
        ];
        let answer = running.send(&raw("POST", path, &foreign, "{}")).await;
        assert_eq!(answer.status, 403, "{path}");
        assert!(answer.error().contains("cross-site"), "{}", answer.error());
        let form = [("host", host.as_str()), ("content-type", "application/x-www-form-urlencoded")];
        assert_eq!(running.send(&raw("POST", path, &form, "key=k")).await.status, 415, "{path}");
    }
}

/// Opens a live update stream of `game` for the seat of `token`, from the
/// loopback address `from`, and reads its answer's head (a stream's body
/// goes on).
async fn open_stream(
    running: &Running,
    from: &str,
    game: &str,
    token: &str,
) -> (TcpStream, Answer) {
    let mut stream = running.connect_from(from.parse().unwrap()).await;
    let path = format!("/api/games/{game}/events?token={token}");
    stream.write_all(running.request("GET", &path, "").as_bytes()).await.unwrap();
    let answer = read_answer(&mut stream).await;
    (stream, answer)
}

#[tokio::test]
async fn live_streams_are_limited_per_seat_per_address_and_in_all() {
    // Eight connections: six streams in all, two kept for other requests.
    let limits =
        HttpLimits { streams_per_seat: 2, streams_per_address: 3, max_connections: 8, ..relaxed() };
    assert_eq!(limits.streams_total(), 6);
    let running = Running::start(limits).await;
    let mut games = Vec::new();
    for _ in 0..4 {
        let created = running.send(&running.request("POST", "/api/games", "{}")).await;
        let json = created.json();
        games.push((
            json["game"].as_str().unwrap().to_owned(),
            json["token"].as_str().unwrap().to_owned(),
        ));
    }
    let refused = |answer: &Answer, why: &str| {
        assert_eq!(answer.status, 429, "{}", answer.body);
        assert!(answer.error().contains(why), "{}", answer.error());
        assert!(answer.header("retry-after").is_some());
    };
    let mut open = Vec::new();
    // A seat: two pages, not three.
    for _ in 0..2 {
        let (stream, answer) = open_stream(&running, "127.0.0.1", &games[0].0, &games[0].1).await;
        assert_eq!(answer.status, 200);
        assert_eq!(answer.header("content-type"), Some("text/event-stream"));
        open.push(stream);
    }
    refused(&open_stream(&running, "127.0.0.1", &games[0].0, &games[0].1).await.1, "for this seat");
    // An address: three streams, whatever their seats.
    let (stream, answer) = open_stream(&running, "127.0.0.1", &games[1].0, &games[1].1).await;
    assert_eq!(answer.status, 200);
    open.push(stream);
    refused(
        &open_stream(&running, "127.0.0.1", &games[2].0, &games[2].1).await.1,
        "from this address",
    );
    // In all: six, from any addresses.
    for (from, game) in [("127.0.0.2", 1), ("127.0.0.2", 2), ("127.0.0.3", 2)] {
        let (stream, answer) = open_stream(&running, from, &games[game].0, &games[game].1).await;
        assert_eq!(answer.status, 200, "{from}");
        open.push(stream);
    }
    refused(
        &open_stream(&running, "127.0.0.4", &games[3].0, &games[3].1).await.1,
        "on this server",
    );
    // Ordinary requests still have their quarter of the connections.
    let mut other = running.connect_from("127.0.0.4".parse().unwrap()).await;
    other.write_all(running.request("GET", "/api/engines", "").as_bytes()).await.unwrap();
    assert_eq!(read_answer(&mut other).await.status, 200);
    drop(other);
    // A page closed gives its place back.
    drop(open.remove(0));
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (stream, answer) = open_stream(&running, "127.0.0.4", &games[3].0, &games[3].1).await;
        if answer.status == 200 {
            open.push(stream);
            break;
        }
        assert!(Instant::now() < deadline, "a closed stream's place was never given back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let running = Running::start(relaxed()).await;
    let host = running.addr.to_string();
    let answers = [
        ("page", running.send(&raw("GET", "/", &[("host", &host)], "")).await, 200),
        ("api", running.send(&running.request("GET", "/api/engines", "")).await, 200),
        ("no route", running.send(&running.request("GET", "/nowhere", "")).await, 404),
        ("refusal", running.send(&raw("GET", "/", &[("host", "evil.example")], "")).await, 421),
        // What hyper refuses before the router sees it.
        ("garbage", running.send("NONSENSE\r\n\r\n").await, 400),
        (
            "negative length",
            running
                .send(&format!(
                    "POST /api/games HTTP/1.1\r\nhost: {host}\r\ncontent-length: -5\r\n\r\n"
                ))
                .await,
            400,
        ),
        (
            "long address",
            running
                .send(&raw("GET", &format!("/{}", "a".repeat(70_000)), &[("host", &host)], ""))
                .await,
            414,
        ),
        (
            "huge header",
            running
                .send(&raw("GET", "/", &[("host", &host), ("x-pad", &"b".repeat(600_000))], ""))
                .await,
            431,
        ),
    ];
    for (what, answer, status) in &answers {
        assert_eq!(answer.status, *status, "{what}");
        let policy = answer.header("content-security-policy").unwrap_or_else(|| panic!("{what}"));
        for part in [
            "default-src 'none'",
            "script-src 'sha256-",
            "style-src 'sha256-",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(part), "{what}: {policy}");
        }
        assert!(!policy.contains("unsafe-inline"), "{what}: {policy}");
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"), "{what}");
        assert_eq!(answer.header("x-frame-options"), Some("DENY"), "{what}");
        assert_eq!(answer.header("referrer-policy"), Some("no-referrer"), "{what}");
    }
    // The page may be kept, if checked again; the API's answers never.
    assert_eq!(answers[0].1.header("cache-control"), Some("no-cache"));
    assert_eq!(answers[1].1.header("cache-control"), Some("no-store"));
}

#[tokio::test]
async fn answers_with_a_seats_token_are_never_stored() {
    let running = Running::start(relaxed()).await;
    let body = r#"{"opponent": "person"}"#;
    let created = running.send(&running.request("POST", "/api/games", body)).await;
    assert_eq!(created.status, 201);
    assert_eq!(created.header("cache-control"), Some("no-store"));
    let game = created.json()["game"].as_str().unwrap().to_owned();
    assert!(created.json()["token"].as_str().is_some_and(|token| !token.is_empty()));
    let joined =
        running.send(&running.request("POST", &format!("/api/games/{game}/join"), "")).await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    assert!(joined.json()["token"].is_string());
    assert_eq!(joined.header("cache-control"), Some("no-store"));
}

#[tokio::test]
async fn shutting_down_closes_idle_connections_and_stops_listening() {
    let running = Running::start(relaxed()).await;
    let addr = running.addr;
    let mut idle = running.connect().await;
    idle.write_all(running.request("GET", "/api/engines", "").as_bytes()).await.unwrap();
    assert_eq!(read_answer(&mut idle).await.status, 200);
    // The idle limit, PATIENCE, is longer than the grace: only a server
    // that closes idle connections as it stops has none left open.
    assert!(PATIENCE > crib_web::SHUTDOWN_GRACE);
    assert_eq!(running.stop().await, crib_web::Stopped { left_open: 0 });
    closed_after(&mut idle).await;
    assert!(TcpStream::connect(addr).await.is_err(), "still listening");
}

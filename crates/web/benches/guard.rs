//! What the guard of `crib serve` (Host, Origin, body type, body read whole
//! under its limits, new games counted, security headers) adds to a request:
//! the same requests through the bare router and through the site, in
//! process, without sockets.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use crib_web::{HttpLimits, Limits, Server};
use tower::ServiceExt;

fn main() {
    divan::main();
}

/// The host name the site answers in process (no connection, so no address).
const HOST: &str = "bench.example";

fn app(guarded: bool) -> (Router, tokio::runtime::Runtime) {
    let server = Arc::new(Server::new(Limits::default(), Some(1)));
    let limits = HttpLimits {
        new_games_per_address: u32::MAX,
        new_games_total: u32::MAX,
        public_hosts: vec![HOST.to_owned()],
        ..HttpLimits::DEFAULT
    };
    let app = if guarded { crib_web::site(server, &limits) } else { crib_web::router(server) };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime starts");
    (app, runtime)
}

fn request(method: &str, path: &str, body: &'static str) -> Request<Body> {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("host", HOST)
        .header("content-type", "application/json")
        .header("content-length", body.len())
        .body(Body::from(body))
        .expect("a well-formed request");
    let peer: SocketAddr = ([127, 0, 0, 1], 40000).into();
    request.extensions_mut().insert(ConnectInfo(peer));
    request
}

/// `GET /api/engines`: the smallest answer, so the guard's share is largest.
#[divan::bench(args = [false, true])]
fn engines(bencher: divan::Bencher, guarded: bool) {
    let (app, runtime) = app(guarded);
    bencher.bench_local(|| {
        let answer = runtime.block_on(app.clone().oneshot(request("GET", "/api/engines", "")));
        assert_eq!(answer.map(|answer| answer.status()).ok(), Some(StatusCode::OK));
    });
}

/// `POST /api/games`: a body read and parsed, a table dealt, a game counted.
#[divan::bench(args = [false, true])]
fn create(bencher: divan::Bencher, guarded: bool) {
    let (app, runtime) = app(guarded);
    bencher.bench_local(|| {
        let answer = runtime.block_on(app.clone().oneshot(request(
            "POST",
            "/api/games",
            r#"{"opponent": "computer", "level": "basic"}"#,
        )));
        assert_eq!(answer.map(|answer| answer.status()).ok(), Some(StatusCode::CREATED));
    });
}

//! The club's members through the router: a member's key signs in and
//! leaves a session cookie with its attributes; no answer after it holds
//! the key or its hash; `me` answers with the cookie and 401 without; a
//! re-issued or removed member's old key and sessions are refused; sign-out
//! ends the session on the server; open sign-up is off unless the server
//! is told, and then makes a member signed in with their link.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use crib_store::{MemberName, Store, Token, token_hash};
use crib_web::{Limits, Server, router};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::api::assert_error;

/// The page's own origin, as a browser on loopback sends it.
const LOOPBACK: &str = "http://127.0.0.1:8121";

/// A server saving to the database at `path`, with open sign-up or not.
fn app(path: &Path, open_signup: bool) -> Router {
    let store = Arc::new(Store::open(path).unwrap());
    let server = Server::new(Limits::default(), Some(5))
        .with_saved_games(store)
        .unwrap()
        .with_open_signup(open_signup);
    router(Arc::new(server))
}

/// A club of one member, Alice, added as `crib club add` adds one, in a
/// fresh database: its directory (kept while the test runs), the database,
/// Alice's key, and a server on it with open sign-up or not.
fn alice(open_signup: bool) -> (tempfile::TempDir, PathBuf, Token, Router) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let (_, key) = store.add_member(&MemberName::new("Alice").unwrap()).unwrap();
    let app = app(&path, open_signup);
    (dir, path, key, app)
}

/// An answer, whole.
#[derive(Debug)]
pub(crate) struct Answer {
    pub(crate) status: StatusCode,
    headers: HeaderMap,
    text: String,
}

impl Answer {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or(Value::Null)
    }

    /// The session its `Set-Cookie` holds, and the cookie's attributes.
    fn cookie(&self) -> (String, Vec<String>) {
        let set = self.headers.get(header::SET_COOKIE).expect("a Set-Cookie").to_str().unwrap();
        let mut parts = set.split("; ");
        let value = parts.next().unwrap().strip_prefix("crib_session=").expect("the session");
        (value.to_owned(), parts.map(str::to_owned).collect())
    }

    /// Everything in the answer, its headers and its body, as text.
    fn everything(&self) -> String {
        let mut text = String::new();
        for (name, value) in &self.headers {
            text.push_str(&format!("{name}: {}\n", String::from_utf8_lossy(value.as_bytes())));
        }
        text + &self.text
    }
}

/// Sends a request with the page's origin and `session`'s cookie, if any.
pub(crate) async fn send(
    app: &Router,
    method: Method,
    uri: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> Answer {
    send_from(app, method, uri, session, body, LOOPBACK).await
}

async fn send_from(
    app: &Router,
    method: Method,
    uri: &str,
    session: Option<&str>,
    body: Option<Value>,
    origin: &str,
) -> Answer {
    let mut request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::ORIGIN, origin)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(session) = session {
        request = request.header(header::COOKIE, format!("theme=dark; crib_session={session}"));
    }
    let body = body.map_or_else(Body::empty, |body| Body::from(body.to_string()));
    let response = app.clone().oneshot(request.body(body).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Answer { status, headers, text: String::from_utf8(bytes.to_vec()).unwrap() }
}

/// Signs in with `key`: the answer and the session.
pub(crate) async fn sign_in(app: &Router, key: &str) -> (Answer, String) {
    let answer = send(app, Method::POST, "/api/club/signin", None, Some(json!({"key": key}))).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let (session, _) = answer.cookie();
    (answer, session)
}

/// Who `me` says the session is, or its status.
async fn me(app: &Router, session: Option<&str>) -> Result<String, StatusCode> {
    let answer = send(app, Method::GET, "/api/club/me", session, None).await;
    match answer.status {
        StatusCode::OK => Ok(answer.json()["name"].as_str().unwrap().to_owned()),
        status => {
            assert_error(status, &answer.json(), status, "not signed in");
            Err(status)
        }
    }
}

#[tokio::test]
async fn a_members_key_signs_in_with_a_session_cookie() {
    let (_dir, path, key, app) = alice(false);
    let (answer, session) = sign_in(&app, key.as_str()).await;
    assert_eq!(answer.json(), json!({"name": "Alice"}));
    let (_, attributes) = answer.cookie();
    let max_age = format!("Max-Age={}", u64::from(crib_store::SESSION_DAYS) * 86_400);
    for wanted in ["HttpOnly", "SameSite=Strict", "Path=/", "Secure", max_age.as_str()] {
        assert!(attributes.iter().any(|said| said == wanted), "{wanted}: {attributes:?}");
    }
    assert_eq!(attributes.len(), 5, "{attributes:?}");
    // The cookie holds a session of its own, not the key, and the store
    // knows it by its hash.
    assert_eq!(session.len(), 43);
    assert_ne!(session, key.as_str());
    let store = Store::open(&path).unwrap();
    let member = store.member_by_session_hash(&token_hash(&session)).unwrap().unwrap();
    assert_eq!(member.name, "Alice");
}

#[tokio::test]
async fn me_answers_with_the_cookie_and_401_without() {
    let (_dir, _, key, app) = alice(false);
    assert_eq!(me(&app, None).await, Err(StatusCode::UNAUTHORIZED));
    let (_, session) = sign_in(&app, key.as_str()).await;
    assert_eq!(me(&app, Some(&session)).await.as_deref(), Ok("Alice"));
    // The key is no session, and neither is a guess.
    for wrong in [key.as_str(), "", "x", Token::new().unwrap().as_str()] {
        assert_eq!(me(&app, Some(wrong)).await, Err(StatusCode::UNAUTHORIZED), "{wrong:?}");
    }
    // The page's question: who is signed in, and may anyone join.
    let club = send(&app, Method::GET, "/api/club", Some(&session), None).await;
    assert_eq!(club.json(), json!({"open_signup": false, "member": {"name": "Alice"}}));
    let club = send(&app, Method::GET, "/api/club", None, None).await;
    assert_eq!(club.json(), json!({"open_signup": false, "member": null}));
}

#[tokio::test]
async fn no_answer_after_sign_in_holds_the_key_or_its_hash() {
    let (_dir, _, key, app) = alice(false);
    let (signed, session) = sign_in(&app, key.as_str()).await;
    let mut answers = vec![signed];
    let cookie = Some(session.as_str());
    for (method, uri, body) in [
        (Method::GET, "/api/club/me", None),
        (Method::GET, "/api/club", None),
        (Method::GET, "/api/engines", None),
        (Method::POST, "/api/games", Some(json!({"seed": 3}))),
        (Method::POST, "/api/club/join", Some(json!({"name": "Bob"}))),
        (Method::POST, "/api/club/signin", Some(json!({"key": "wrong"}))),
        (Method::GET, "/", None),
    ] {
        answers.push(send(&app, method, uri, cookie, body).await);
    }
    let game = answers[4].json();
    let (id, token) = (game["game"].as_str().unwrap(), game["token"].as_str().unwrap());
    let mut request = Request::get(format!("/api/games/{id}?since=0"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::COOKIE, format!("crib_session={session}"))
        .body(Body::empty())
        .unwrap();
    request.headers_mut().insert(header::ORIGIN, LOOPBACK.parse().unwrap());
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    let text = String::from_utf8(response.into_body().collect().await.unwrap().to_bytes().to_vec())
        .unwrap();
    answers.push(Answer { status: StatusCode::OK, headers, text });
    answers.push(send(&app, Method::POST, "/api/club/signout", cookie, None).await);
    let secrets = [key.as_str().to_owned(), key.hash(), token_hash(&session)];
    for answer in &answers {
        let everything = answer.everything();
        for secret in &secrets {
            assert!(!everything.contains(secret.as_str()), "a secret in {everything}");
        }
    }
    // The session itself is only in the sign-in's cookie.
    assert!(answers[1..].iter().all(|answer| !answer.everything().contains(&session)));
}

#[tokio::test]
async fn a_reissued_or_removed_members_old_key_and_sessions_are_refused() {
    let (_dir, path, old_key, app) = alice(false);
    let (_, old_session) = sign_in(&app, old_key.as_str()).await;
    let store = Store::open(&path).unwrap();
    let alice = MemberName::new("alice").unwrap();
    let (_, new_key) = store.reissue_member(&alice).unwrap();
    let refused =
        send(&app, Method::POST, "/api/club/signin", None, Some(json!({"key": old_key.as_str()})))
            .await;
    assert_error(refused.status, &refused.json(), StatusCode::UNAUTHORIZED, "no member's");
    assert!(refused.headers.get(header::SET_COOKIE).is_none());
    assert_eq!(me(&app, Some(&old_session)).await, Err(StatusCode::UNAUTHORIZED));
    let (_, session) = sign_in(&app, new_key.as_str()).await;
    assert_eq!(me(&app, Some(&session)).await.as_deref(), Ok("Alice"));

    store.remove_member(&alice).unwrap();
    assert_eq!(me(&app, Some(&session)).await, Err(StatusCode::UNAUTHORIZED));
    let refused =
        send(&app, Method::POST, "/api/club/signin", None, Some(json!({"key": new_key.as_str()})))
            .await;
    assert_error(refused.status, &refused.json(), StatusCode::UNAUTHORIZED, "no member's");
}

#[tokio::test]
async fn sign_out_ends_the_session_on_the_server() {
    let (_dir, _, key, app) = alice(false);
    let (_, first) = sign_in(&app, key.as_str()).await;
    let (_, second) = sign_in(&app, key.as_str()).await;
    let out = send(&app, Method::POST, "/api/club/signout", Some(&first), None).await;
    assert_eq!(out.status, StatusCode::OK, "{}", out.text);
    assert_eq!(out.json(), json!({"signed_in": false}));
    let (cleared, attributes) = out.cookie();
    assert_eq!(cleared, "");
    assert!(attributes.iter().any(|said| said == "Max-Age=0"), "{attributes:?}");
    // The session sent again after sign-out opens nothing; the member's
    // other browser, and their link, go on.
    assert_eq!(me(&app, Some(&first)).await, Err(StatusCode::UNAUTHORIZED));
    assert_eq!(me(&app, Some(&second)).await.as_deref(), Ok("Alice"));
    sign_in(&app, key.as_str()).await;
    // Signing out with no session is no error.
    let out = send(&app, Method::POST, "/api/club/signout", None, None).await;
    assert_eq!(out.status, StatusCode::OK);
}

#[tokio::test]
async fn the_cookie_is_secure_unless_the_page_is_plain_http_away_from_loopback() {
    let (_dir, _, key, app) = alice(false);
    for (origin, secure) in [
        ("http://127.0.0.1:8121", true),
        ("http://localhost:8121", true),
        ("http://[::1]:8121", true),
        ("https://crib.example.org", true),
        ("http://192.168.1.5:8121", false),
        ("http://crib.example.org", false),
    ] {
        let body = Some(json!({"key": key.as_str()}));
        let answer = send_from(&app, Method::POST, "/api/club/signin", None, body, origin).await;
        let (_, attributes) = answer.cookie();
        assert_eq!(attributes.iter().any(|said| said == "Secure"), secure, "{origin}");
        assert!(attributes.iter().any(|said| said == "HttpOnly"), "{origin}");
    }
}

#[tokio::test]
async fn open_signup_is_off_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let app = app(&path, false);
    let answer =
        send(&app, Method::POST, "/api/club/join", None, Some(json!({"name": "Dora"}))).await;
    assert_error(answer.status, &answer.json(), StatusCode::FORBIDDEN, "sign-up is closed");
    assert!(answer.headers.get(header::SET_COOKIE).is_none());
    assert!(Store::open(&path).unwrap().members().unwrap().is_empty());
}

#[tokio::test]
async fn open_signup_makes_a_member_signed_in_with_their_link() {
    let (_dir, path, _, app) = alice(true);
    let joined =
        send(&app, Method::POST, "/api/club/join", None, Some(json!({"name": "Dora M."}))).await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text);
    let body = joined.json();
    assert_eq!(body["name"], "Dora M.");
    let key = body["link"].as_str().unwrap().strip_prefix("/#signin=").expect("a link").to_owned();
    let (session, attributes) = joined.cookie();
    assert!(attributes.iter().any(|said| said == "HttpOnly"));
    assert_eq!(me(&app, Some(&session)).await.as_deref(), Ok("Dora M."));
    // Their link signs them in elsewhere.
    let (_, elsewhere) = sign_in(&app, &key).await;
    assert_eq!(me(&app, Some(&elsewhere)).await.as_deref(), Ok("Dora M."));
    let club = send(&app, Method::GET, "/api/club", None, None).await;
    assert_eq!(club.json()["open_signup"], true);

    // A name taken, whatever its case, and a name that is no name.
    for (name, status, words) in [
        ("ALICE", StatusCode::CONFLICT, "already a member called Alice"),
        ("dora m.", StatusCode::CONFLICT, "already a member called Dora M."),
        (" Eve", StatusCode::BAD_REQUEST, "neither starts nor ends with a space"),
        ("", StatusCode::BAD_REQUEST, "1 to 24 characters"),
        ("Eve<script>", StatusCode::BAD_REQUEST, "not '<'"),
    ] {
        let answer =
            send(&app, Method::POST, "/api/club/join", None, Some(json!({"name": name}))).await;
        assert_error(answer.status, &answer.json(), status, words);
    }
    let names: Vec<String> =
        Store::open(&path).unwrap().members().unwrap().into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["Alice", "Dora M."]);
}

#[tokio::test]
async fn malformed_sign_ins_are_refused_with_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let app = app(&path, false);
    for body in [json!({}), json!({"key": 5}), json!({"key": "k", "name": "Alice"})] {
        let answer = send(&app, Method::POST, "/api/club/signin", None, Some(body)).await;
        assert_error(answer.status, &answer.json(), StatusCode::BAD_REQUEST, "malformed");
    }
    let answer = send(&app, Method::POST, "/api/club/signin", None, Some(json!({"key": ""}))).await;
    assert_error(answer.status, &answer.json(), StatusCode::UNAUTHORIZED, "no member's");
    // The club's routes answer as every route does.
    let answer = send(&app, Method::GET, "/api/club/signin", None, None).await;
    assert_error(answer.status, &answer.json(), StatusCode::METHOD_NOT_ALLOWED, "method");
    let answer = send(&app, Method::GET, "/api/club/members", None, None).await;
    assert_error(answer.status, &answer.json(), StatusCode::NOT_FOUND, "no such page");
    // A server without saved games has no club.
    let bare = router(Arc::new(Server::new(Limits::default(), Some(1))));
    let answer =
        send(&bare, Method::POST, "/api/club/signin", None, Some(json!({"key": "k"}))).await;
    assert_error(answer.status, &answer.json(), StatusCode::NOT_FOUND, "no club");
    assert_eq!(me(&bare, Some("anything")).await, Err(StatusCode::UNAUTHORIZED));
}

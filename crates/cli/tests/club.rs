//! `crib club` as a club's admin runs it: members added with their links,
//! listed without a key, re-issued and removed; refusals with their
//! statuses; and a link from `crib club add` signing in at a running `crib
//! serve` until it is re-issued.

use std::io::Read;
use std::net::TcpStream;
use std::path::Path;
use std::time::Duration;

use super::serve::Serving;
use super::*;

/// Runs `crib club` with `args` on the database `db`.
fn club(args: &[&str], db: &Path) -> Output {
    crib(&[&["club"], args, &["--db", db.to_str().unwrap()]].concat(), "")
}

/// The key of the one link `output` printed, for the club at `url`.
fn key_of(output: &Output, url: &str) -> String {
    assert!(output.status.success(), "{}", stderr(output));
    let text = stdout(output);
    let link = text.strip_suffix('\n').expect("one line");
    assert!(!link.contains('\n'), "the link alone: {text}");
    let key = link.strip_prefix(&format!("{url}/#signin=")).unwrap_or_else(|| panic!("{link}"));
    assert_eq!(key.len(), 43, "{key}");
    key.to_owned()
}

#[test]
fn club_commands_add_list_reissue_and_remove_members() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    // A database named that does not exist is said to be missing, as `crib
    // history` says it, and is not created.
    let missing = club(&["list"], &db);
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("no database"), "{}", stderr(&missing));
    assert!(!db.exists(), "listing creates nothing");

    let added = club(&["add", "Ann-Marie J."], &db);
    let first = key_of(&added, "http://127.0.0.1:8121");
    assert!(stderr(&added).contains("added Ann-Marie J.; their sign-in link, shown only now"));
    let url = "https://crib.example.org";
    let bob = key_of(&club(&["add", "bob", "--url", &format!("{url}/")], &db), url);
    let reissued = club(&["reissue", "ann-marie j.", "--url", url], &db);
    let second = key_of(&reissued, url);
    assert!(stderr(&reissued).contains("the old one no longer works"), "{}", stderr(&reissued));
    assert_ne!(first, second);
    let removed = club(&["remove", "BOB"], &db);
    assert!(removed.status.success(), "{}", stderr(&removed));
    assert_eq!(stdout(&removed), "Removed bob: their link no longer works; their games stay.\n");

    let store = crib_store::Store::open(&db).unwrap();
    let hash = |key: &str| crib_store::token_hash(key);
    assert!(store.member_by_key_hash(&hash(&first)).unwrap().is_none(), "re-issued");
    assert_eq!(store.member_by_key_hash(&hash(&second)).unwrap().unwrap().name, "Ann-Marie J.");
    assert!(store.member_by_key_hash(&hash(&bob)).unwrap().is_none(), "removed");

    let listed = club(&["list"], &db);
    assert!(listed.status.success(), "{}", stderr(&listed));
    assert_eq!(stderr(&listed), "");
    let text = stdout(&listed);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("name") && lines[0].ends_with("removed"), "{text}");
    let words = |line: &str| line.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    // Ann-Marie J.: her name, since, her link's issue; not removed.
    assert_eq!(words(lines[1]).len(), 2 + 2 + 2, "{text}");
    assert!(lines[1].starts_with("Ann-Marie J.  "), "{text}");
    // bob: removed, with the time.
    assert_eq!(words(lines[2]).len(), 1 + 2 + 2 + 2, "{text}");
    for secret in [&first, &second, &bob] {
        assert!(!text.contains(secret.as_str()) && !text.contains(&hash(secret)), "{text}");
    }
}

#[test]
fn club_refusals_say_why_with_status_2_for_the_command_line_and_1_for_the_club() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    assert!(club(&["add", "Ann"], &db).status.success());
    assert!(club(&["add", "Gone"], &db).status.success());
    assert!(club(&["remove", "Gone"], &db).status.success());
    for (args, status, words) in [
        (&["add", " Ann"][..], 2, "neither starts nor ends with a space"),
        (&["add", "Zoë"], 2, "not 'ë'"),
        (&["add", "a-name-of-twenty-five-chr"], 2, "1 to 24 characters, not 25"),
        (&["reissue", ""], 2, "1 to 24 characters, not 0"),
        (&["add", "Cy", "--url", "crib.example.org"], 2, "not an http:// or https:// address"),
        (&["add", "Cy", "--url", "https://crib.example.org/#x"], 2, "not an address"),
        (&["add", "ANN"], 1, "there is already a member called Ann"),
        (&["add", "gone"], 1, "Gone was a member and was removed"),
        (&["reissue", "Gone"], 1, "Gone was removed from the club"),
        (&["remove", "Gone"], 1, "Gone was removed from the club"),
        (&["reissue", "Nobody"], 1, "no member is called Nobody"),
        (&["remove", "Nobody"], 1, "no member is called Nobody"),
    ] {
        let output = club(args, &db);
        assert_eq!(output.status.code(), Some(status), "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains(words), "{args:?}: {}", stderr(&output));
        assert_eq!(stdout(&output), "", "{args:?}");
    }
    let listed = stdout(&club(&["list"], &db));
    assert_eq!(listed.lines().count(), 3, "nothing refused was added: {listed}");
}

/// Sends `POST path` with `body` to the server at `serving`, as its page
/// would, and reads the whole answer.
fn post(serving: &Serving, path: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(serving.addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let host = serving.addr.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nhost: {host}\r\norigin: http://{host}\r\n\
         content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn a_link_from_crib_club_signs_in_at_a_running_server_until_it_is_reissued() {
    let serving = Serving::start("127.0.0.1:0", &[]);
    let url = format!("http://{}", serving.addr);
    let key = key_of(&club(&["add", "Ann", "--url", &url], &serving.db), &url);
    let sign_in = |key: &str| post(&serving, "/api/club/signin", &format!(r#"{{"key": "{key}"}}"#));
    let answer = sign_in(&key);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#"{"name":"Ann"}"#), "{answer}");
    let cookie = answer
        .lines()
        .find_map(|line| line.strip_prefix("set-cookie: crib_session="))
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict"), "{cookie}");

    // Re-issued while the server runs: the old link stops at once.
    let new_key = key_of(&club(&["reissue", "Ann", "--url", &url], &serving.db), &url);
    let answer = sign_in(&key);
    assert!(answer.starts_with("HTTP/1.1 401"), "{answer}");
    assert!(answer.contains("no member's"), "{answer}");
    assert!(sign_in(&new_key).starts_with("HTTP/1.1 200"));
    // Open sign-up is off unless the server is told.
    let join = post(&serving, "/api/club/join", r#"{"name": "Cy"}"#);
    assert!(join.starts_with("HTTP/1.1 403") && join.contains("sign-up is closed"), "{join}");
}

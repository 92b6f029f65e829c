//! `crib serve`'s limits on clients as the command line sets them: each flag
//! with its default in the help and in the limits table of
//! `docs/serving.md`, bad values refused, and the flags reaching the running
//! server.

use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use crib_web::HttpLimits;

use super::*;

/// Each limit's flag and its default, as the help and `docs/serving.md` say
/// it.
fn defaults() -> Vec<(&'static str, String)> {
    let seconds = |duration: Duration| duration.as_secs_f64().to_string();
    let limits = HttpLimits::DEFAULT;
    vec![
        ("--header-timeout", seconds(limits.header_timeout)),
        ("--body-timeout", seconds(limits.body_timeout)),
        ("--idle-timeout", seconds(limits.idle_timeout)),
        ("--max-connections", limits.max_connections.to_string()),
        ("--new-games-per-address", limits.new_games_per_address.to_string()),
        ("--new-games-total", limits.new_games_total.to_string()),
        ("--new-members-per-address", limits.new_members_per_address.to_string()),
        ("--new-members-total", limits.new_members_total.to_string()),
        ("--max-streams-per-address", limits.streams_per_address.to_string()),
        ("--max-streams-per-seat", limits.streams_per_seat.to_string()),
    ]
}

#[test]
fn serve_help_and_the_serving_guide_give_each_limit_and_its_default() {
    let help = stdout(&crib(&["serve", "--help"], ""));
    let guide = include_str!("../../../docs/serving.md");
    // clap wraps long lines: compare with the spaces run together.
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for (flag, default) in defaults() {
        let at = help.find(&format!("{flag} <")).unwrap_or_else(|| panic!("{flag}: {help}"));
        let said = &help[at..];
        let end = said.find("[default: ").map(|start| &said[start..]).unwrap_or_default();
        assert!(end.starts_with(&format!("[default: {default}]")), "{flag}: {said}");
        assert!(guide.contains(&format!("| `{flag}` [{default}] |")), "{flag} in docs/serving.md");
    }
    assert!(help.contains("--public-host <NAME>"), "{help}");
    assert!(help.contains(&format!("over {} bytes", crib_web::BODY_LIMIT)), "{help}");
}

#[test]
fn serve_refuses_limits_that_make_no_sense() {
    for args in [
        &["--header-timeout", "0"][..],
        &["--idle-timeout", "soon"],
        &["--max-connections", "0"],
        &["--new-games-total", "0"],
        &["--public-host", "a b"],
        &["--public-host", "crib.example.org:80"],
    ] {
        let output = crib(&[&["serve", "--addr", "127.0.0.1:0"][..], args].concat(), "");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
    }
}

/// A `crib serve` on a database of its own, killed when dropped.
pub(super) struct Serving {
    child: std::process::Child,
    /// The line it says where it serves with.
    pub(super) line: String,
    /// The rest of what it writes to stderr.
    log: BufReader<std::process::ChildStderr>,
    /// Where it serves.
    pub(super) addr: SocketAddr,
    /// Its database.
    pub(super) db: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Serving {
    /// Starts `crib serve --addr addr` with `args`.
    pub(super) fn start(addr: &str, args: &[&str]) -> Serving {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("crib.db");
        let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
            .args(["serve", "--addr", addr, "--db", db.to_str().unwrap()])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let mut log = BufReader::new(child.stderr.take().unwrap());
        log.read_line(&mut line).unwrap();
        let addr = line.split("http://").nth(1).and_then(|rest| rest.split('/').next());
        let addr = addr.and_then(|addr| addr.parse().ok()).unwrap_or_else(|| panic!("{line}"));
        Serving { child, line, log, addr, db, _dir: dir }
    }

    /// Sends a request for `host` and reads the status of its answer.
    fn status(&self, method: &str, path: &str, host: &str) -> u16 {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nhost: {host}\r\ncontent-type: application/json\r\n\
             content-length: 2\r\nconnection: close\r\n\r\n{{}}"
        );
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let status = answer.split(' ').nth(1).and_then(|code| code.parse().ok());
        status.unwrap_or_else(|| panic!("no status: {answer}"))
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn serve_answers_its_public_hosts_and_limits_new_games_as_told() {
    let serving = Serving::start(
        "127.0.0.1:0",
        &["--public-host", "crib.example.org", "--new-games-per-address", "1"],
    );
    let own = serving.addr.to_string();
    assert_eq!(serving.status("GET", "/api/engines", "crib.example.org"), 200);
    assert_eq!(serving.status("GET", "/api/engines", &own), 200);
    assert_eq!(serving.status("GET", "/api/engines", "evil.example"), 421);
    assert_eq!(serving.status("POST", "/api/games", &own), 201);
    assert_eq!(serving.status("POST", "/api/games", &own), 429);
}

#[test]
fn serve_past_its_connections_answers_503_and_says_so_in_its_log() {
    let mut serving = Serving::start("127.0.0.1:0", &["--max-connections", "1"]);
    let own = serving.addr.to_string();
    let held = TcpStream::connect(serving.addr).unwrap();
    // The held connection is accepted before the next is refused.
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(serving.status("GET", "/api/engines", &own), 503);
    let mut line = String::new();
    serving.log.read_line(&mut line).unwrap();
    assert!(line.starts_with("crib: refused 1 connection(s), the last from 127.0.0.1:"), "{line}");
    assert!(line.contains("1 open already (--max-connections)"), "{line}");
    drop(held);
}

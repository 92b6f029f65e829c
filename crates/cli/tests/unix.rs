//! `crib` as a Unix tool: quiet on a closed pipe, one answer line per input
//! line, read-only commands that create nothing, other programs' databases
//! left alone, host names for `--addr`, options that do not apply refused,
//! completions and a manual page, and `crib` in an engine's command line.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::thread;

use super::*;

/// Runs `crib` with `args` and an environment variable set.
fn crib_with_env(args: &[&str], key: &str, value: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(args)
        .env(key, value)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_reader_that_stops_early_ends_the_run_quietly() {
    // Far more answers than a pipe holds, so that writing must meet the
    // closed end: `crib score --batch < shows | head -1`.
    let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(["score", "--batch"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // The writer fails once crib has stopped reading; that is expected.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all("5H 5S 5C JD 5D\n".repeat(100_000).as_bytes());
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "29\n");
    drop(stdout);
    let mut errors = String::new();
    child.stderr.take().unwrap().read_to_string(&mut errors).unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert!(status.success(), "{status}: {errors}");
    assert_eq!(errors, "");
}

#[test]
fn score_batch_answers_each_line_with_one_line() {
    let input = "5H 5S 5C JD 5D\n5H 5S\n\n# note\n2H 3H 6H 8H KS crib\nbad\n2H 3H 6H 8H KS\n";
    let output = crib(&["score", "--batch"], input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "29\n\
         error: counting a show: a show is 4 cards and the starter, not 2 cards\n\
         \n\
         \n\
         2\n\
         error: card bad: not a card (write it like 5H, 10h, 5♥ or card(5, hearts))\n\
         6\n"
    );
    let errors = stderr(&output);
    assert!(errors.contains("line 2: counting a show"), "{errors}");
    assert!(errors.contains("line 6: card bad"), "{errors}");

    let output = crib(&["score", "--batch", "--json"], input);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), input.lines().count(), "{text}");
    let json = |line: &str| serde_json::from_str::<Value>(line).unwrap();
    assert_eq!(json(lines[0])["total"], 29);
    assert!(json(lines[1])["error"].as_str().unwrap().contains("not 2 cards"));
    assert_eq!((lines[2], lines[3]), ("", ""));
    assert_eq!(json(lines[4])["total"], 2);
    assert!(json(lines[5])["error"].as_str().unwrap().starts_with("card bad"));
    assert_eq!(json(lines[6])["total"], 6);
}

#[test]
fn discard_batch_answers_each_line_with_one_line() {
    let input = "5H 5S JD 4C 6C KD\n5H 5S\n5H 5S JD 4C 6C\n";
    let output = crib(&["discard", "--batch"], input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "4C 5H 5S 6C | JD KD\nerror: a deal is 5 or 6 cards, not 2\n4C 5H 5S 6C | JD\n"
    );
    let output = crib(&["discard", "--batch", "--json"], input);
    let lines: Vec<Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["discard"].as_array().unwrap().len(), 2);
    assert_eq!(lines[1]["error"], "a deal is 5 or 6 cards, not 2");
    assert_eq!(lines[2]["discard"].as_array().unwrap().len(), 1);
}

/// Every file and directory under `dir`, for checking that nothing appeared.
fn contents(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn read_only_commands_create_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("saved").join("crib.db");
    let db = db.to_str().unwrap();
    // A database named that is not there is said to be missing, for every
    // reader, and is not made.
    for args in [&["history"][..], &["history", "--json"], &["stats", "me"], &["replay", "1"]] {
        let mut args = args.to_vec();
        args.extend(["--db", db]);
        let output = crib(&args, "");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(stderr(&output).contains("no database"), "{args:?}: {}", stderr(&output));
    }
    assert!(contents(dir.path()).is_empty(), "{:?}", contents(dir.path()));

    // The default database, before any game is saved, is no games yet,
    // and is not made either.
    let home = tempfile::tempdir().unwrap();
    let history = crib_with_env(&["history"], "XDG_DATA_HOME", home.path());
    assert!(history.status.success(), "{}", stderr(&history));
    assert!(stderr(&history).contains("no finished matches"), "{}", stderr(&history));
    let json = crib_with_env(&["history", "--json"], "XDG_DATA_HOME", home.path());
    assert_eq!(stdout(&json), "[]\n");
    let stats = crib_with_env(&["stats", "me"], "XDG_DATA_HOME", home.path());
    assert!(stats.status.success(), "{}", stderr(&stats));
    assert!(stdout(&stats).contains("No finished matches yet"), "{}", stdout(&stats));
    let replay = crib_with_env(&["replay", "1"], "XDG_DATA_HOME", home.path());
    assert_eq!(replay.status.code(), Some(1));
    assert!(stderr(&replay).contains("no saved games yet"), "{}", stderr(&replay));
    assert!(contents(home.path()).is_empty(), "{:?}", contents(home.path()));
}

#[test]
fn history_and_stats_me_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    let store = crib_store::Store::open(&path).unwrap();
    let setup = crib_store::NewGame {
        seed: 3,
        config: crib_core::GameConfig::default(),
        length: 1.into(),
        muggins: false,
        muggins_pegging: false,
        players: vec![crib_store::Player::person("me"), crib_store::Player::computer("basic")],
    };
    crib_store::testing::play_with(&store, &setup).unwrap();
    drop(store);
    let db = path.to_str().unwrap();
    let history = crib(&["history", "--json", "--db", db], "");
    assert!(history.status.success(), "{}", stderr(&history));
    let matches: Value = serde_json::from_str(&stdout(&history)).unwrap();
    let only = &matches.as_array().unwrap()[0];
    assert_eq!(only["seed"], 3);
    assert_eq!(only["opponents"][0], "basic");
    let scores = &only["games_played"][0];
    let best = scores["yours"].as_u64().unwrap().max(scores["others"][0].as_u64().unwrap());
    assert!(best >= 121, "{scores}");
    assert_eq!(only["won"], best == scores["yours"].as_u64().unwrap());

    let stats = crib(&["stats", "me", "--json", "--db", db], "");
    assert!(stats.status.success(), "{}", stderr(&stats));
    let record: Value = serde_json::from_str(&stdout(&stats)).unwrap();
    assert_eq!(record["you"]["matches"], 1);
    assert_eq!(record["computer"]["matches"], 1);
    let wins = record["you"]["games_won"].as_u64().unwrap()
        + record["computer"]["games_won"].as_u64().unwrap();
    assert_eq!(wins, 1);
    assert!(record["you"]["dealer"]["rounds"].as_u64().unwrap() > 0);
}

#[test]
fn another_programs_database_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.db");
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine');")
        .unwrap();
    drop(conn);
    let before = std::fs::read(&path).unwrap();
    let db = path.to_str().unwrap();
    // `serve` opens the database to write; the others to read.
    let commands = [
        &["history", "--db", db][..],
        &["stats", "me", "--db", db],
        &["replay", "1", "--db", db],
        &["serve", "--addr", "127.0.0.1:0", "--db", db],
    ];
    for args in commands {
        let output = crib(args, "");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let errors = stderr(&output);
        assert!(errors.contains("is not a database of crib's saved games"), "{args:?}: {errors}");
        assert!(errors.contains("its tables are notes"), "{args:?}: {errors}");
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(contents(dir.path()), ["notes.db"]);
}

#[test]
fn a_file_that_is_not_a_database_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    std::fs::write(&path, "not a database ".repeat(100)).unwrap();
    let output = crib(&["history", "--db", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert_eq!(errors.matches("not a database").count(), 1, "{errors}");
    assert_eq!(errors.matches(path.to_str().unwrap()).count(), 1, "{errors}");
}

/// Starts `crib serve` with `addr` and returns the address it says it
/// serves on, then stops it.
fn serving(addr: &str) -> String {
    super::serve::Serving::start(addr, &[]).line.clone()
}

#[test]
fn serve_takes_a_host_name() {
    let line = serving("localhost:0");
    assert!(line.starts_with("crib: serving on http://"), "{line}");
    let addr = line.split("http://").nth(1).unwrap().split('/').next().unwrap();
    let addr: std::net::SocketAddr = addr.parse().unwrap();
    assert!(addr.ip().is_loopback(), "{line}");
    assert_ne!(addr.port(), 0);
    let bad = crib(&["serve", "--addr", "localhost"], "");
    assert_eq!(bad.status.code(), Some(2), "a usage error");
    assert!(stderr(&bad).contains("\"localhost\" has no port"), "{}", stderr(&bad));
}

#[test]
fn an_address_in_use_is_said_once() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crib.db");
    let output = crib(&["serve", "--addr", &addr, "--db", db.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert_eq!(errors.matches("in use").count(), 1, "{errors}");
    assert!(errors.contains(&addr), "{errors}");
}

#[test]
fn options_that_do_not_apply_are_refused() {
    let six = ["5H", "5S", "JD", "4C", "6C", "KD"];
    let output = crib(&[&["discard", "--players", "3"][..], &six].concat(), "");
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    let output = crib(&[&["discard", "--dealer", "--players", "3"][..], &six].concat(), "");
    assert_eq!(output.status.code(), Some(2), "a usage error");
    assert!(stderr(&output).contains("3 players are dealt 5 cards, not 6"), "{}", stderr(&output));
    for command in ["sim", "match"] {
        let output = crib(&[command, "--games", "0"], "");
        assert_eq!(output.status.code(), Some(2), "{command}");
        assert!(stderr(&output).contains("0 is not in 1..="), "{command}: {}", stderr(&output));
    }
}

#[test]
fn the_play_column_is_shown_only_where_it_is_estimated() {
    let five = ["5H", "5S", "JD", "4C", "6C"];
    let four = crib(&[&["discard", "--pone", "--players", "4"][..], &five].concat(), "");
    assert!(four.status.success(), "{}", stderr(&four));
    let text = stdout(&four);
    assert!(!text.contains("play  "), "{text}");
    assert!(text.contains("the play is not estimated"), "{text}");
    let json = crib(&[&["discard", "--pone", "--players", "4", "--json"][..], &five].concat(), "");
    let table: Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert!(table["keeps"][0].get("pegging").is_none(), "{table}");

    let two = crib(&["discard", "--pone", "--json", "5H", "5S", "JD", "4C", "6C", "KD"], "");
    let table: Value = serde_json::from_str(&stdout(&two)).unwrap();
    let pegging: Vec<f64> = table["keeps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|keep| keep["pegging"].as_f64().unwrap())
        .collect();
    assert!(pegging.iter().any(|&points| points != 0.0), "{pegging:?}");
}

#[test]
fn one_point_is_a_point() {
    let output = crib(&["score", "AH", "2S", "9C", "QD", "7D"], "");
    let first = stdout(&output).lines().next().unwrap().to_owned();
    assert!(first.ends_with(": 0 points"), "{first}");
    let output = crib(&["score", "JH", "2S", "9C", "QD", "7H"], "");
    let first = stdout(&output).lines().next().unwrap().to_owned();
    assert!(first.ends_with(": 1 point"), "{first}");
}

#[test]
fn a_long_bad_card_is_quoted_short() {
    let long = "x".repeat(100_000);
    let output = crib(&["score", &long, "5S", "5C", "JD", "5D"], "");
    assert_eq!(output.status.code(), Some(2), "a usage error");
    let errors = stderr(&output);
    assert!(errors.len() < 200, "{} bytes", errors.len());
    assert_eq!(errors.matches("card xxx").count(), 1, "{errors}");
    assert!(errors.contains("…: not a card"), "{errors}");
}

#[test]
fn completions_and_the_manual_page_come_from_the_options() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = crib(&["completions", shell], "");
        assert!(output.status.success(), "{shell}: {}", stderr(&output));
        let script = stdout(&output);
        for word in ["discard", "seat-0", "muggins"] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    assert_eq!(crib(&["completions", "tcsh"], "").status.code(), Some(2));
    let output = crib(&["man"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let page = stdout(&output);
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "{}", &page[..80]);
    assert!(page.contains(".TH crib 1"), "{page}");
    assert!(page.contains("completions"), "{page}");
}

/// A directory holding only a `crib` that notes that it ran, then runs the
/// real one: a `crib` on the PATH.
fn path_with_a_crib(dir: &Path, marker: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join("crib");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho ran >> '{}'\nexec '{}' \"$@\"\n",
            marker.display(),
            env!("CARGO_BIN_EXE_crib")
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn crib_in_an_engine_command_line_is_this_program_unless_the_path_has_one() {
    let args = [
        "match",
        "--seat-0",
        "crib engine --level basic",
        "--seat-1",
        "basic",
        "--games",
        "2",
        "--seed",
        "4",
        "--json",
    ];
    // No crib on the PATH: this program plays the engine's seat.
    let empty = tempfile::tempdir().unwrap();
    let output = crib_with_env(&args, "PATH", empty.path());
    assert!(output.status.success(), "{}", stderr(&output));
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["failures"].as_array().unwrap().len(), 0, "{report}");

    // A crib on the PATH is the one run.
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("ran");
    path_with_a_crib(dir.path(), &marker);
    let output = crib_with_env(&args, "PATH", dir.path());
    assert!(output.status.success(), "{}", stderr(&output));
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["failures"].as_array().unwrap().len(), 0, "{report}");
    assert!(std::fs::read_to_string(&marker).unwrap().contains("ran"));

    // Another program's word stays the PATH's: no such engine.
    let output = crib_with_env(
        &["match", "--seat-0", "crib-nowhere engine", "--games", "1", "--json"],
        "PATH",
        empty.path(),
    );
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert!(errors.contains("could not start: crib-nowhere: No such file"), "{errors}");
}

/// Runs `crib serve` on a free port with the database `db`, as a user who
/// cannot write what is read-only (through `setpriv` to `nobody` when the
/// tests run as root, whom file modes do not stop), and waits up to 20 s
/// for it to stop by itself.
fn serve_unprivileged(db: &Path, privileged: bool) -> Output {
    let crib = env!("CARGO_BIN_EXE_crib");
    let args = ["serve", "--addr", "127.0.0.1:0", "--db", db.to_str().unwrap()];
    let mut command = if privileged {
        let mut command = Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups", crib]);
        command
    } else {
        Command::new(crib)
    };
    let mut child = command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..200 {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        thread::sleep(std::time::Duration::from_millis(100));
    }
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    panic!("crib serve started on a database it cannot write: {}", stderr(&output));
}

#[test]
fn serve_refuses_a_database_it_cannot_write() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    };
    let dir = tempfile::tempdir().unwrap();
    mode(dir.path(), 0o755);
    // A saved game first, so that the file is a crib database in WAL mode.
    let file_dir = dir.path().join("file");
    std::fs::create_dir(&file_dir).unwrap();
    let db = file_dir.join("crib.db");
    drop(crib_store::Store::open(&db).unwrap());
    let dir_dir = dir.path().join("dir");
    std::fs::create_dir(&dir_dir).unwrap();
    let in_dir = dir_dir.join("crib.db");
    std::fs::copy(&db, &in_dir).unwrap();

    // A read-only file in a directory anyone may write.
    mode(&file_dir, 0o777);
    mode(&db, 0o444);
    // A file anyone may write in a read-only directory (no room for the
    // write-ahead log).
    mode(&in_dir, 0o666);
    mode(&dir_dir, 0o555);
    // Whoever can write the read-only file anyway (root) serves as nobody.
    let privileged = std::fs::OpenOptions::new().write(true).open(&db).is_ok();

    for path in [&db, &in_dir] {
        let output = serve_unprivileged(path, privileged);
        assert_eq!(output.status.code(), Some(1), "{path:?}: {}", stderr(&output));
        let said = stderr(&output);
        assert!(said.contains(path.to_str().unwrap()), "{said}");
        assert!(!said.contains("serving on"), "{said}");
    }

    // Not a database at all.
    let text = file_dir.join("notes.txt");
    std::fs::write(&text, "shopping list\n".repeat(100)).unwrap();
    mode(&text, 0o666);
    let output = serve_unprivileged(&text, privileged);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("notes.txt"), "{}", stderr(&output));
}

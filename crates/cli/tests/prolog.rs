//! `crib prolog check`, run as a marker runs it: the exit status, the
//! report and its JSON, and the messages when it cannot check.

use std::path::PathBuf;

use serde_json::Value;

use super::{crib, stderr, stdout};

fn prolog_file(name: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.join("../prolog/tests/prolog").join(name).display().to_string()
}

fn have_swipl() -> bool {
    let found = std::process::Command::new("swipl")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        eprintln!("skipped: swipl is not installed (apt-get install swi-prolog-nox)");
    }
    found
}

#[test]
fn a_correct_file_exits_0_with_full_marks() {
    if !have_swipl() {
        return;
    }
    let file = prolog_file("correct.pl");
    let args = ["prolog", "check", &file, "--hands", "50", "--deals", "2", "--seed", "9"];
    let output = crib(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["seed"], 9);
    assert_eq!(report["hand_value"]["asked"], 88);
    assert_eq!(report["hand_value"]["score"], 50.0);
    assert_eq!(report["select_hand"]["right"], 7);
    assert_eq!(report["select_hand"]["score"], 20.0);
    let text = crib(&args, "");
    assert!(stdout(&text).contains("score 50 / 50"), "{}", stdout(&text));
}

#[test]
fn a_faulty_file_exits_2_and_shows_the_right_count() {
    if !have_swipl() {
        return;
    }
    let file = prolog_file("no_nobs.pl");
    let output = crib(&["prolog", "check", &file, "--hands", "0", "--deals", "0"], "");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("first wrong answers:"), "{text}");
    assert!(text.contains("and one for his nob is twenty-nine"), "{text}");
    assert!(stderr(&output).contains("crib: seed "), "the drawn seed is printed");
}

#[test]
fn files_that_cannot_be_checked_exit_1() {
    let missing = crib(&["prolog", "check", "no-such-file.pl", "--seed", "1"], "");
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("no-such-file.pl"), "{}", stderr(&missing));
    let file = prolog_file("correct.pl");
    let no_swipl = crib(&["prolog", "check", &file, "--swipl", "/nonexistent/swipl"], "");
    assert_eq!(no_swipl.status.code(), Some(1));
    assert!(stderr(&no_swipl).contains("apt-get install swi-prolog-nox"));
    let zero = crib(&["prolog", "check", &file, "--hand-timeout", "0"], "");
    assert_eq!(zero.status.code(), Some(2), "clap's usage error");
    assert!(stderr(&zero).contains("not a number of seconds above 0"));
}

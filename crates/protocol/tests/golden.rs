//! Every golden transcript of `tests/golden`, run in process, as one stream
//! and one exchange at a time.

use std::path::Path;

use crib_ai::{BasicPlayer, Player};
use crib_protocol::{Ending, Script, Scripted, Session, serve};

use crate::transcript::{Transcript, golden_files};

/// A scripted golden file must follow its script to the letter: any fallback
/// to the built-in player is a mistake in the file.
fn refuse_fallback(message: &str) {
    panic!("the golden script was not followed: {message}");
}

fn run(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    let transcript = Transcript::read(&path);
    match &transcript.choices {
        Some(choices) => {
            let script: Script = choices.parse().unwrap();
            let player = || Scripted::new(script.clone(), BasicPlayer).reporting(refuse_fallback);
            check(&transcript, || Session::new(player()));
        }
        None => check(&transcript, || Session::new(BasicPlayer)),
    }
}

fn check<P: Player>(transcript: &Transcript, session: impl Fn() -> Session<P>) {
    // The whole input as one stream, as a referee's pipe delivers it.
    let mut output = Vec::new();
    serve(&mut session(), transcript.input().as_slice(), &mut output).unwrap();
    transcript.check(&String::from_utf8(output).unwrap());
    // One line at a time: each response belongs to the line before it.
    let mut one_by_one = session();
    for (sent, expected) in &transcript.exchanges {
        let mut output = Vec::new();
        let ending = serve(&mut one_by_one, sent.as_slice(), &mut output).unwrap();
        let got: Vec<String> =
            String::from_utf8(output).unwrap().lines().map(str::to_owned).collect();
        assert_eq!(
            &got,
            expected,
            "{}: {:?}",
            transcript.path.display(),
            String::from_utf8_lossy(sent)
        );
        if ending == Ending::Quit {
            break;
        }
    }
}

const FILES: [&str; 9] = [
    "four_players.txt",
    "framing.txt",
    "quit.txt",
    "refusals_pegging.txt",
    "refusals_round.txt",
    "refusals_setup.txt",
    "target.txt",
    "three_players.txt",
    "worked_example.txt",
];

#[test]
fn every_golden_file_is_run() {
    let names: Vec<String> = golden_files()
        .iter()
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut listed = FILES.map(str::to_owned).to_vec();
    listed.sort();
    assert_eq!(names, listed);
}

#[test]
fn worked_example() {
    run("worked_example.txt");
}

#[test]
fn framing() {
    run("framing.txt");
}

#[test]
fn quit() {
    run("quit.txt");
}

#[test]
fn refusals_pegging() {
    run("refusals_pegging.txt");
}

#[test]
fn refusals_round() {
    run("refusals_round.txt");
}

#[test]
fn refusals_setup() {
    run("refusals_setup.txt");
}

#[test]
fn three_players() {
    run("three_players.txt");
}

#[test]
fn four_players() {
    run("four_players.txt");
}

#[test]
fn target() {
    run("target.txt");
}

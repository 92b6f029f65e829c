//! `crib engine` as a referee meets it: a child process behind two pipes.
//!
//! Every golden transcript of the protocol crate is run through the real
//! binary, and the contract's worked example once more one line at a time,
//! waiting for each response before sending the next command, which only
//! works if the engine flushes every response.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::Duration;

use crate::transcript::{Transcript, golden_files};
use crate::{crib, stderr, stdout};

fn engine(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_crib"))
        .arg("engine")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn args(transcript: &Transcript) -> Vec<&str> {
    let mut args = vec!["--level", "basic"];
    if let Some(choices) = &transcript.choices {
        args.extend(["--choices", choices.as_str()]);
    }
    args
}

#[test]
fn every_golden_transcript_through_the_binary() {
    let files = golden_files();
    assert!(files.len() >= 9, "{files:?}");
    for path in files {
        let transcript = Transcript::read(&path);
        let mut child = engine(&args(&transcript));
        let mut stdin = child.stdin.take().unwrap();
        let input = transcript.input();
        // Written from another thread, so that a long input cannot fill the
        // pipe while the engine waits for its responses to be read.
        let writer = thread::spawn(move || {
            // The engine stops reading at quit;, so a broken pipe is expected.
            let _ = stdin.write_all(&input);
        });
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert!(output.status.success(), "{}: {}", path.display(), stderr(&output));
        transcript.check(&stdout(&output));
        assert_eq!(stderr(&output), "", "{}", path.display());
    }
}

/// Lines from the engine's stdout, read by a thread so that a test can give
/// up waiting instead of hanging.
fn lines(child: &mut Child) -> Receiver<String> {
    let stdout = child.stdout.take().unwrap();
    let (sender, receiver) = channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    receiver
}

fn ask(stdin: &mut ChildStdin, responses: &Receiver<String>, line: &[u8]) -> Option<String> {
    stdin.write_all(line).unwrap();
    stdin.flush().unwrap();
    responses.recv_timeout(Duration::from_secs(20)).ok()
}

#[test]
fn one_command_at_a_time() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let transcript = Transcript::read(&dir.join("../protocol/tests/golden/worked_example.txt"));
    let mut child = engine(&args(&transcript));
    let mut stdin = child.stdin.take().unwrap();
    let responses = lines(&mut child);
    for (sent, expected) in &transcript.exchanges {
        let got = ask(&mut stdin, &responses, sent);
        assert_eq!(got.as_ref(), expected.first(), "{}", String::from_utf8_lossy(sent));
    }
    assert_eq!(ask(&mut stdin, &responses, b"quit;\n").as_deref(), Some("ok."));
    assert!(child.wait().unwrap().success());
}

#[test]
fn bad_input_never_stops_the_engine() {
    let mut input = b"\xff\xfe\x00garbage\n;\nplayed 9 ZZ;\n".to_vec();
    input.extend(vec![b'x'; 200_000]);
    input.extend_from_slice(b"\ndeal 0;\nhand 1H 2H 3H 4H 5H 6H;\nprotocol;");
    let mut child = engine(&[]);
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || stdin.write_all(&input).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "error line is not valid UTF-8.\n\
         error empty command.\n\
         error card ZZ: not a card of the protocol (rank then suit, like 5H, TS or 10S).\n\
         error line longer than 65536 bytes.\n\
         ok.\n\
         error card 1H: unknown rank 1.\n\
         ok 1.\n"
    );
}

#[test]
fn a_script_that_cannot_be_followed_is_reported() {
    let input = "deal 1;\nhand 5H 5S JD 4C 6C KD;\ndiscard;\nstarter 2D;\nplay;\nboard;\n";
    let output = crib(&["engine", "--level", "basic", "--choices", "AC AD"], input);
    assert!(output.status.success());
    // The basic player's choices: keep the fives with 4 6, lead the 6.
    assert_eq!(stdout(&output), "ok.\nok.\nok JD KD.\nok.\nok 6C.\nok 0 0.\n");
    let log = stderr(&output);
    assert!(log.contains("scripted choice \"AC AD\" is not a legal discard"), "{log}");
    assert!(log.contains("the script has run out"), "{log}");
    let bad = crib(&["engine", "--choices", "JD XX"], "");
    assert_eq!(bad.status.code(), Some(2), "a usage error");
    assert!(stderr(&bad).contains("script entry 1"), "{}", stderr(&bad));
}

#[test]
fn the_name_says_version_and_level() {
    let output = crib(&["engine", "--level", "random", "--seed", "7"], "name;\n");
    let expected = format!("ok crib {} random.\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(stdout(&output), expected);
}

#[test]
fn engine_help_documents_the_script() {
    let help = crib(&["engine", "--help"], "");
    assert!(help.status.success());
    for word in ["--level", "--seed", "--choices", "--script"] {
        assert!(stdout(&help).contains(word), "{word}");
    }
}

/// The expert's moves follow from its seed and the position (and, later in
/// a game, what it has seen of the plays and shows; see the protocol
/// crate's whole games): `crib engine --seed S` makes the same discard and
/// play as the built-in expert seeded S at the same position, with the
/// default budget and with `--think-ms`.
#[test]
fn the_engine_and_the_built_in_expert_agree() {
    use crib_ai::{ExpertOptions, ExpertPlayer, Player};
    use crib_core::{Action, CardSet, Game, GameConfig, Seat, parse_cards};
    let dealt = CardSet::from_distinct(parse_cards("5H 5S JD 4C 6C KD").unwrap()).unwrap();
    let other = CardSet::from_distinct(parse_cards("AC 2C 3D 8H 9S QC").unwrap()).unwrap();
    let starter = "7D".parse().unwrap();
    for (think, options) in
        [(None, ExpertOptions::default()), (Some(30), ExpertOptions::thinking(30))]
    {
        let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 0).unwrap();
        game.deal_stacked(Seat::ALL[0], &[other, dealt], CardSet::EMPTY, starter).unwrap();
        let mut expert = ExpertPlayer::with_options(9, options);
        let discard = expert.discard(&game.view(Seat::ALL[1]));
        game.play(Seat::ALL[1], Action::Discard(discard)).unwrap();
        let theirs = CardSet::from_distinct(parse_cards("QC 9S").unwrap()).unwrap();
        game.play(Seat::ALL[0], Action::Discard(theirs)).unwrap();
        let lead = expert.play(&game.view(Seat::ALL[1])).unwrap();
        let mut args = vec!["engine", "--level", "expert", "--seed", "9"];
        let budget = think.map(|ms: u32| ms.to_string());
        if let Some(ms) = &budget {
            args.extend(["--think-ms", ms.as_str()]);
        }
        let input =
            "newgame 2 1;\ndeal 0;\nhand 5H 5S JD 4C 6C KD;\ndiscard;\nstarter 7D;\nplay;\n";
        let output = crib(&args, input);
        assert!(output.status.success(), "{}", stderr(&output));
        let discard: Vec<String> = discard.iter().map(|card| card.to_string()).collect();
        let expected = format!("ok.\nok.\nok.\nok {}.\nok.\nok {lead}.\n", discard.join(" "));
        assert_eq!(stdout(&output), expected, "think {think:?}");
    }
    // The budget is the expert's alone.
    let refused = crib(&["engine", "--level", "basic", "--think-ms", "30"], "");
    assert_eq!(refused.status.code(), Some(2), "a usage error");
    assert!(stderr(&refused).contains("--level expert"), "{}", stderr(&refused));
}

/// The protocol takes any non-negative whole number of `setboard` (the
/// target is information for the strategy, and the engine keeps counting
/// past it): a board past the target is taken, the engine still discards
/// and plays (at two players, and at three, where the chances of a side
/// that needs nothing are read as a win), and counts on from it.
#[test]
fn a_board_past_the_target_is_taken_and_counted_on() {
    let two = "newgame 2 1;\nsetboard 200 0;\nboard;\ndeal 0;\nhand 5H 5S JD 4C 6C KD;\n\
               discard;\nstarter JH;\nboard;\nplayed 0 5C;\nplay;\nboard;\n";
    let output = crib(&["engine", "--level", "expert", "--seed", "1"], two);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "ok.\nok.\nok 200 0.\nok.\nok.\nok JD KD.\nok.\nok 202 0.\nok.\nok 5H.\nok 202 2.\n"
    );
    let three = "newgame 3 1;\nsetboard 200 0 0;\ndeal 0;\nhand 5H 5S JD 4C 6C;\ndiscard;\n\
                 starter JH;\nplayed 2 5C;\nplay;\nboard;\n";
    let output = crib(&["engine", "--level", "expert", "--seed", "1"], three);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let answers: Vec<&str> = text.lines().collect();
    assert_eq!(answers.len(), 9, "{answers:?}");
    assert!(answers.iter().all(|answer| answer.starts_with("ok")), "{answers:?}");
    assert_eq!(answers[8], "ok 202 0 0.");
}

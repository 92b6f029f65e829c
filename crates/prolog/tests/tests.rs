//! The checker against small Prolog files written for these tests (in
//! `tests/prolog/`): a correct solution, and copies of it with one planted
//! fault each, every one of which must be found and reported as what it is.
//!
//! They need SWI-Prolog; where `swipl` is not installed they say so and
//! pass without checking anything (CI installs it). The tests of what
//! happens without `swipl` run everywhere.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use crib_prolog::{CheckError, Fault, Options, Part, QuestionSet, Report, check};

/// Hands asked before the random ones: 6 examples and 32 for coverage.
const FIXED_HANDS: u64 = 38;
/// Deals asked before the random ones.
const FIXED_DEALS: u64 = 5;

fn prolog_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/prolog").join(name)
}

fn options(name: &str) -> Options {
    Options {
        file: prolog_file(name),
        swipl: "swipl".to_owned(),
        hand_limit: Duration::from_secs(1),
        select_limit: Duration::from_secs(4),
        hands: 300,
        every_hand: false,
        deals: 10,
        seed: 2024,
        mistakes: 1000,
    }
}

/// Whether `swipl` runs here; if not, the test says why it checks nothing.
fn have_swipl() -> bool {
    let found =
        Command::new("swipl").arg("--version").output().is_ok_and(|out| out.status.success());
    if !found {
        eprintln!(
            "skipped: swipl (SWI-Prolog) is not installed; install it with \
             `apt-get install swi-prolog-nox` to run this test"
        );
    }
    found
}

fn run(options: &Options) -> Report {
    check(options, &mut |_| {}).unwrap()
}

fn labels(part: &Part, fault: Fault) -> Vec<&'static str> {
    let list = if fault == Fault::Wrong { &part.wrong_answers } else { &part.error_answers };
    list.iter().filter(|mistake| mistake.fault == fault).filter_map(|m| m.label).collect()
}

fn tally(part: &Part, set: QuestionSet) -> (u64, u64) {
    part.sets.iter().find(|tally| tally.set == set).map_or((0, 0), |t| (t.asked, t.right))
}

#[test]
fn a_correct_solution_is_all_right() {
    if !have_swipl() {
        return;
    }
    let started = Instant::now();
    let report = run(&options("correct.pl"));
    let hands = &report.hand_value;
    assert_eq!((hands.asked, hands.right), (FIXED_HANDS + 300, FIXED_HANDS + 300));
    assert_eq!(tally(hands, QuestionSet::Examples), (6, 6));
    assert_eq!(tally(hands, QuestionSet::Coverage), (32, 32));
    assert_eq!(tally(hands, QuestionSet::RandomHands), (300, 300));
    let deals = &report.select_hand;
    assert_eq!((deals.asked, deals.right), (FIXED_DEALS + 10, FIXED_DEALS + 10));
    assert_eq!((hands.score, deals.score), (50.0, 20.0));
    assert_eq!(deals.points_given_up, Some(0.0));
    assert!(report.load_messages.is_empty(), "{:?}", report.load_messages);
    assert_eq!(report.restarts, 0);
    assert!(report.all_right());
    assert_eq!(report.seed, 2024);
    eprintln!("correct.pl: {:?} for {} questions", started.elapsed(), hands.asked + deals.asked);
}

#[test]
fn his_nob_forgotten_is_found() {
    if !have_swipl() {
        return;
    }
    let report = run(&options("no_nobs.pl"));
    let hands = &report.hand_value;
    assert!(hands.wrong >= 4, "the 29 and three coverage hands have his nob: {}", hands.wrong);
    assert_eq!((hands.errors.total, hands.timeouts), (0, 0));
    assert_eq!(hands.right + hands.wrong, hands.asked);
    for mistake in &hands.wrong_answers {
        let (expected, given): (i64, i64) =
            (mistake.expected.parse().unwrap(), mistake.given.parse().unwrap());
        assert_eq!(expected - given, 1, "{mistake:?}");
        assert!(mistake.detail.contains("nob"), "{}", mistake.detail);
    }
    let wrong = labels(hands, Fault::Wrong);
    for label in ["his nob", "a flush of five and his nob", "twenty-nine, the jack of hearts"] {
        assert!(wrong.contains(&label), "{label} not among {wrong:?}");
    }
    assert!(hands.score < 50.0);
}

#[test]
fn a_flush_counted_wrongly_is_found() {
    if !have_swipl() {
        return;
    }
    let report = run(&options("bad_flush.pl"));
    let hands = &report.hand_value;
    assert!(hands.wrong > 0);
    assert_eq!((hands.errors.total, hands.timeouts), (0, 0));
    let wrong = labels(hands, Fault::Wrong);
    assert!(wrong.contains(&"nothing: three of the hand and the starter in one suit"), "{wrong:?}");
    for label in ["a flush of four in the hand", "a flush of five", "his nob"] {
        assert!(!wrong.contains(&label), "{label} is right");
    }
    for mistake in &hands.wrong_answers {
        assert!(mistake.given.parse::<i64>().unwrap() > mistake.expected.parse().unwrap());
    }
}

#[test]
fn runs_counted_twice_are_found() {
    if !have_swipl() {
        return;
    }
    let report = run(&options("double_runs.pl"));
    let hands = &report.hand_value;
    let wrong = labels(hands, Fault::Wrong);
    for label in ["a run of four", "a run of five", "a double run of four"] {
        assert!(wrong.contains(&label), "{label} not among {wrong:?}");
    }
    for label in ["a run of three", "a double run of three", "a triple run", "a double double run"]
    {
        assert!(!wrong.contains(&label), "{label} is right");
    }
    assert_eq!((hands.errors.total, hands.timeouts), (0, 0));
    // The examples: the 20 (a double run of four) is wrong.
    assert_eq!(tally(hands, QuestionSet::Examples), (6, 5));
}

#[test]
fn a_choice_that_ignores_the_starter_is_found() {
    if !have_swipl() {
        return;
    }
    let report = run(&options("starter_blind.pl"));
    assert!(report.hand_value.all_right());
    let deals = &report.select_hand;
    assert_eq!(tally(deals, QuestionSet::StarterDeals), (FIXED_DEALS, 0));
    assert!(deals.wrong >= FIXED_DEALS);
    assert_eq!((deals.errors.total, deals.timeouts), (0, 0));
    assert!(deals.points_given_up.unwrap() > 2.5, "{:?}", deals.points_given_up);
    for mistake in &deals.wrong_answers {
        assert!(mistake.detail.ends_with("points given up"), "{mistake:?}");
    }
    assert!(deals.score < 20.0 * 10.0 / 15.0 + 0.05);
}

#[test]
fn questions_that_never_end_time_out_and_swipl_is_started_again() {
    if !have_swipl() {
        return;
    }
    let options = Options {
        hand_limit: Duration::from_millis(300),
        select_limit: Duration::from_millis(300),
        hands: 0,
        deals: 1,
        ..options("loops.pl")
    };
    let report = run(&options);
    let hands = &report.hand_value;
    // The hands worth 28 or more: the 29 of the examples; eight fifteens,
    // twenty-eight and twenty-nine of the coverage set.
    assert_eq!((hands.asked, hands.timeouts, hands.wrong, hands.errors.total), (38, 4, 0, 0));
    let timed_out = labels(hands, Fault::Timeout);
    assert_eq!(timed_out, ["eight fifteens", "twenty-eight", "twenty-nine, the jack of hearts"]);
    let deals = &report.select_hand;
    assert_eq!((deals.asked, deals.timeouts, deals.right), (6, 6, 0));
    assert_eq!(report.restarts, 10);
    assert_eq!(deals.score, 0.0);
}

#[test]
fn exceptions_and_failures_are_errors() {
    if !have_swipl() {
        return;
    }
    let report = run(&options("throws.pl"));
    let hands = &report.hand_value;
    assert!(hands.errors.exception > 0 && hands.errors.failure > 0, "{:?}", hands.errors);
    assert_eq!(hands.errors.exception + hands.errors.failure, hands.errors.total);
    assert_eq!((hands.wrong, hands.timeouts), (0, 0));
    assert_eq!(hands.right + hands.errors.total, hands.asked);
    let exceptions = hands.error_answers.iter().filter(|m| m.fault == Fault::Exception);
    for mistake in exceptions {
        assert_eq!(mistake.given, "no_aces_please");
        assert!(mistake.cards.contains("starter A"), "{}", mistake.cards);
    }
    let deals = &report.select_hand;
    assert_eq!(deals.errors.exception, deals.asked);
    assert!(deals.error_answers[0].given.contains("type_error(evaluable,foo/0)"));
    assert_eq!(deals.score, 0.0);
}

#[test]
fn answers_of_the_wrong_form_are_errors() {
    if !have_swipl() {
        return;
    }
    let report = run(&options("wrong_form.pl"));
    let deals = &report.select_hand;
    assert_eq!((deals.errors.malformed, deals.right, deals.wrong), (deals.asked, 0, 0));
    for mistake in &deals.error_answers {
        assert!(mistake.given.starts_with("Cribcards ["), "{}", mistake.given);
        assert!(mistake.given.contains("is not the cards not kept"), "{}", mistake.given);
    }
    let hands = &report.hand_value;
    assert!(hands.errors.nonground > 0 && hands.errors.malformed > 0, "{:?}", hands.errors);
    assert_eq!(hands.wrong, 0);
    assert_eq!(hands.right + hands.errors.nonground + hands.errors.malformed, hands.asked);
    for mistake in &hands.error_answers {
        match mistake.fault {
            Fault::Nonground => assert!(mistake.cards.contains("starter J")),
            Fault::Malformed => assert!(mistake.given.ends_with(".0 is not an integer")),
            fault => panic!("{fault:?}"),
        }
    }
}

#[test]
fn output_input_and_load_errors_of_the_file_do_not_get_in_the_way() {
    if !have_swipl() {
        return;
    }
    let report = run(&Options { hands: 100, deals: 2, ..options("noisy.pl") });
    assert!(report.hand_value.all_right() && report.select_hand.all_right());
    let kinds: Vec<&str> = report.load_messages.iter().map(|m| m.kind.as_str()).collect();
    assert_eq!(kinds, ["warning", "error"]);
    assert!(report.load_messages[0].text[0].contains("noisy.pl:8: Singleton variables"));
    assert!(report.load_messages[1].text[0].contains("Syntax error"));
    assert!(!report.all_right(), "an error loading the file is not all right");
    let text = report.to_string();
    assert!(text.contains("loading it: 1 error, 1 warning"), "{text}");
}

#[test]
fn a_missing_predicate_scores_nothing() {
    if !have_swipl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("half.pl");
    let correct = std::fs::read_to_string(prolog_file("correct.pl")).unwrap();
    let cut = correct.find("%   select_hand(+Cards").unwrap();
    std::fs::write(&file, &correct[..cut]).unwrap();
    let report = run(&Options { file, hands: 10, ..options("correct.pl") });
    assert!(report.hand_value.all_right());
    assert!(!report.select_hand.defined);
    assert_eq!((report.select_hand.asked, report.select_hand.score), (0, 0.0));
    assert!(!report.all_right());
    assert!(
        report.to_string().contains("select_hand/3 (time limit 4 s a question)\n  not defined")
    );
}

#[test]
fn files_that_cannot_be_checked_say_why() {
    let missing = check(&options("no-such-file.pl"), &mut |_| {}).unwrap_err();
    assert!(matches!(missing, CheckError::File { .. }), "{missing}");
    assert!(missing.to_string().contains("no-such-file.pl"));
    let no_swipl = Options { swipl: "/nonexistent/swipl".to_owned(), ..options("correct.pl") };
    let error = check(&no_swipl, &mut |_| {}).unwrap_err();
    assert!(matches!(error, CheckError::NoSwipl { .. }), "{error}");
    assert!(error.to_string().contains("apt-get install swi-prolog-nox"));
    if !have_swipl() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.pl");
    std::fs::write(&empty, "foo(1).\nbar( :- .\n").unwrap();
    let error = check(&Options { file: empty, ..options("correct.pl") }, &mut |_| {}).unwrap_err();
    let CheckError::NoPredicates { messages, .. } = &error else { panic!("{error}") };
    assert_eq!(messages.len(), 1);
    assert!(error.to_string().contains("defines neither hand_value/3 nor select_hand/3"));
    let halts = dir.path().join("halts.pl");
    std::fs::write(&halts, ":- halt.\nhand_value(_, _, 0).\n").unwrap();
    let error = check(&Options { file: halts, ..options("correct.pl") }, &mut |_| {}).unwrap_err();
    assert!(matches!(error, CheckError::LoadStopped { .. }), "{error}");
    assert!(check(&Options { file: dir.path().to_owned(), ..options("x") }, &mut |_| {}).is_err());
}

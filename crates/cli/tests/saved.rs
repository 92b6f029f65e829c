//! `crib history`, `crib replay` and `crib stats me` on a database of
//! matches saved as the terminal game saves them.

use crib_core::{CountByKind, DrillHand, GameConfig};
use crib_store::testing::play_with;
use crib_store::{DrillAnswer, DrillPlace, NewGame, Player, Store};

use crate::{crib, stderr, stdout};

/// A directory in memory where there is one: the store syncs each action to
/// disk, which costs milliseconds on a disk and proves nothing here.
fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir_in("/dev/shm").or_else(|_| tempfile::tempdir()).unwrap()
}

/// A database with `matches` finished matches of `me` against `basic`, and
/// one left unfinished.
fn saved(matches: u64) -> (tempfile::TempDir, String) {
    let dir = tempdir();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    for seed in 0..matches {
        let setup = NewGame {
            seed,
            config: GameConfig::default(),
            games_to_win: 2,
            muggins: false,
            players: vec![Player::person("me"), Player::computer("basic")],
        };
        play_with(&store, &setup).unwrap();
    }
    let path = path.to_str().unwrap().to_owned();
    (dir, path)
}

#[test]
fn history_lists_finished_matches_latest_first() {
    let (_dir, db) = saved(3);
    let output = crib(&["history", "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].contains("opponent") && lines[0].contains("scores"), "{text}");
    assert!(lines[1].trim_start().starts_with("3 "), "{text}");
    for line in &lines[1..] {
        assert!(line.contains("basic"), "{line}");
        assert!(line.contains("won") || line.contains("lost"), "{line}");
        let best = line.split([' ', ',', '-']).filter_map(|word| word.parse::<u16>().ok()).max();
        assert!(best.is_some_and(|score| score >= 121), "{line}");
    }
}

#[test]
fn history_of_an_empty_database_says_so() {
    let (_dir, db) = saved(0);
    let output = crib(&["history", "--db", &db], "");
    assert!(output.status.success());
    assert!(stdout(&output).is_empty());
    assert!(stderr(&output).contains("no finished matches"), "{}", stderr(&output));
}

#[test]
fn replay_tells_every_event_in_players_words() {
    let (_dir, db) = saved(1);
    let output = crib(&["replay", "1", "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("Match 1, seed 0"), "{text}");
    for said in ["deals first.", "Your cards: ", "the starter is", "fifteen", "the game"] {
        assert!(text.contains(said), "no {said:?} in:\n{text}");
    }
    // Piped, nothing waits for enter.
    assert!(!text.contains("enter for the next hand"));
}

#[test]
fn replay_of_a_missing_match_fails_with_the_reason() {
    let (_dir, db) = saved(0);
    let output = crib(&["replay", "7", "--db", &db], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("no saved game 7"), "{}", stderr(&output));
    assert_eq!(crib(&["replay", "seven", "--db", &db], "").status.code(), Some(2));
}

#[test]
fn stats_me_compares_the_person_with_the_computer() {
    let (_dir, db) = saved(4);
    let output = crib(&["stats", "me", "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("Your record over 4 matches"), "{text}");
    for row in [
        "games won",
        "skunks given",
        "skunks taken",
        "best hand",
        "as dealer",
        "as pone",
        "crib",
        "pegging",
    ] {
        assert!(text.contains(row), "no {row:?} in:\n{text}");
    }
    let (_empty, db) = saved(0);
    let output = crib(&["stats", "me", "--db", &db], "");
    assert!(stdout(&output).contains("No finished matches yet"));
}

/// Drill answers saved as the terminal's and the browser's drills save them
/// are in `crib stats me`: hands, accuracy, median time, kinds missed.
#[test]
fn stats_me_shows_the_counting_practice() {
    let (_dir, db) = saved(1);
    let output = crib(&["stats", "me", "--db", &db], "");
    assert!(stdout(&output).contains("No hands counted yet: practise with crib drill."));
    let store = Store::open(std::path::Path::new(&db)).unwrap();
    // Three hands of seed 5 with something to count: one right, one that
    // misses every fifteen, one with a nob too many.
    let hands: Vec<DrillHand> = (0..)
        .map(|number| DrillHand::dealt(5, number, false))
        .filter(|hand| hand.breakdown().fifteen_points() > 0 && hand.breakdown().nobs.is_none())
        .take(3)
        .collect();
    let truth = |hand: &DrillHand| CountByKind::of(&hand.breakdown());
    let answers = [
        (hands[0], truth(&hands[0]), DrillPlace::Terminal, 3000),
        (hands[1], CountByKind { fifteens: 0, ..truth(&hands[1]) }, DrillPlace::Browser, 5000),
        (hands[2], CountByKind { nobs: 1, ..truth(&hands[2]) }, DrillPlace::Terminal, 8000),
    ];
    for (hand, answer, place, millis) in answers {
        let answer = DrillAnswer { player: "me".to_owned(), place, hand, answer, millis };
        store.save_drill_answer(&answer).unwrap();
    }
    let fifteens = hands[1].breakdown().fifteen_points();
    let output = crib(&["stats", "me", "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("Your record over 1 match"), "{text}");
    for line in [
        "Counting practice (crib drill):".to_owned(),
        "  3 hands counted, 1 right (33%), median time 5.0 s.".to_owned(),
        format!("  Points missed most: {fifteens} for fifteens (in 1 hand)."),
        "  Points counted too many: 1 for his nob (in 1 hand).".to_owned(),
    ] {
        assert!(text.lines().any(|said| said == line), "no {line:?} in:\n{text}");
    }
    let json: serde_json::Value =
        serde_json::from_slice(&crib(&["stats", "me", "--db", &db, "--json"], "").stdout).unwrap();
    assert_eq!(json["drill"]["hands"], 3);
    assert_eq!(json["drill"]["right"], 1);
    assert_eq!(json["drill"]["median_millis"], 5000);
    assert_eq!(json["drill"]["missed_points"]["fifteens"], u64::from(fifteens));
    assert_eq!(json["drill"]["over_hands"]["nobs"], 1);
    assert_eq!(json["you"]["matches"], 1);
}

#[test]
fn a_database_that_cannot_be_read_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crib.db");
    std::fs::write(&path, "not a database ".repeat(100)).unwrap();
    let output = crib(&["history", "--db", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("cannot open the database"), "{}", stderr(&output));
}

#[test]
fn resume_without_a_terminal_says_so() {
    let (_dir, db) = saved(0);
    let output = crib(&["play", "--resume", "--db", &db], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("is not a terminal"), "{}", stderr(&output));
    assert_eq!(crib(&["play", "--resume", "--seed", "3"], "").status.code(), Some(2));
}

/// A match the person gave up is in the history as given up, and a loss
/// in `crib stats me`.
#[test]
fn a_match_given_up_is_listed_and_counted_as_a_loss() {
    let (_dir, db) = saved(1);
    let stats = || -> serde_json::Value {
        let json = crib(&["stats", "me", "--db", &db, "--json"], "");
        serde_json::from_str(&stdout(&json)).unwrap()
    };
    let before = stats();
    let store = Store::open(std::path::Path::new(&db)).unwrap();
    let setup = NewGame {
        seed: 77,
        config: GameConfig::default(),
        games_to_win: 2,
        muggins: false,
        players: vec![Player::person("me"), Player::computer("expert")],
    };
    let (_, opening) = crib_core::Match::new(setup.config, 2, 77).unwrap();
    let id = store.start(&setup, &opening).unwrap();
    store.give_up(id, Some(crib_core::Seat::ALL[0])).unwrap();
    drop(store);
    let output = crib(&["history", "--db", &db], "");
    let text = stdout(&output);
    let first = text.lines().nth(1).unwrap_or_default();
    assert!(first.contains("expert") && first.contains("gave up"), "{text}");
    let after = stats();
    let count =
        |stats: &serde_json::Value, who: &str, what: &str| stats[who][what].as_u64().unwrap();
    assert_eq!(count(&after, "you", "matches"), count(&before, "you", "matches") + 1);
    assert_eq!(count(&after, "you", "matches_won"), count(&before, "you", "matches_won"));
    assert_eq!(
        count(&after, "computer", "matches_won"),
        count(&before, "computer", "matches_won") + 1
    );
}

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
            length: 2.into(),
            muggins: false,
            muggins_pegging: false,
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
fn a_database_named_that_is_missing_or_a_directory_is_said_to_be() {
    let dir = tempdir();
    let missing = dir.path().join("no such folder").join("crib.db");
    let folder = dir.path().to_str().unwrap();
    for command in [&["history"][..], &["replay", "1"], &["review", "1"], &["stats", "me"]] {
        let mut args = command.to_vec();
        args.extend(["--db", missing.to_str().unwrap()]);
        let output = crib(&args, "");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(stderr(&output).contains("no database"), "{args:?}: {}", stderr(&output));
        let mut args = command.to_vec();
        args.extend(["--db", folder]);
        let output = crib(&args, "");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(stderr(&output).contains("is a directory"), "{args:?}: {}", stderr(&output));
    }
    assert!(!missing.exists());
}

/// Mounts `from` read-only at `at`, if this machine lets the tests mount
/// (root, with `mount` at hand): a bind mount, remounted read-only.
fn mount_read_only(from: &std::path::Path, at: &std::path::Path) -> bool {
    let run = |args: &[&str]| {
        std::process::Command::new("mount").args(args).status().is_ok_and(|s| s.success())
    };
    let (from, at) = (from.to_str().unwrap(), at.to_str().unwrap());
    run(&["--bind", from, at]) && run(&["-o", "remount,bind,ro", at])
}

#[test]
fn history_reads_a_database_on_a_read_only_file_system() {
    let (dir, db) = saved(2);
    // Closed cleanly: no shared-memory file is left beside it, and a reader
    // cannot make one on a read-only file system.
    assert!(crib(&["db", "prune", "--keep-days", "9", "--db", &db], "").status.success());
    assert!(!std::path::Path::new(&format!("{db}-shm")).exists());
    let mounted = tempdir();
    if !mount_read_only(dir.path(), mounted.path()) {
        eprintln!("this machine does not let the tests mount: nothing checked");
        return;
    }
    let name = std::path::Path::new(&db).file_name().unwrap();
    let read_only = mounted.path().join(name);
    let history = crib(&["history", "--db", read_only.to_str().unwrap()], "");
    let stats = crib(&["stats", "me", "--db", read_only.to_str().unwrap()], "");
    let _ = std::process::Command::new("umount").arg(mounted.path()).status();
    assert!(history.status.success(), "{}", stderr(&history));
    assert_eq!(stdout(&history).lines().count(), 3, "a header and two matches");
    assert!(stats.status.success(), "{}", stderr(&stats));
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
        length: 2.into(),
        muggins: false,
        muggins_pegging: false,
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

/// Sets every time of match `id` in `db` back by `days` days.
fn age(db: &str, id: i64, days: u32) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let when = format!("-{days} days");
    let back = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?2)";
    conn.execute(
        &format!(
            "UPDATE games SET started_at = {back},
                 finished_at = CASE WHEN finished_at IS NULL THEN NULL ELSE {back} END
             WHERE id = ?1"
        ),
        rusqlite::params![id, when],
    )
    .unwrap();
    conn.execute(
        &format!("UPDATE actions SET at = {back} WHERE game_id = ?1"),
        rusqlite::params![id, when],
    )
    .unwrap();
}

#[test]
fn db_prune_says_what_it_removes_and_a_dry_run_removes_nothing() {
    // Matches 1 to 3 finished, 4 unfinished; 1 finished long ago and 4
    // abandoned long ago.
    let (_dir, db) = saved(3);
    let store = Store::open(std::path::Path::new(&db)).unwrap();
    let setup = crib_store::testing::setup(4);
    let (_, opening) = crib_core::Match::new(setup.config, setup.length, 4).unwrap();
    assert_eq!(store.start(&setup, &opening).unwrap(), crib_store::GameId(4));
    drop(store);
    age(&db, 1, 40);
    age(&db, 4, 40);
    let prune = |extra: &[&str]| {
        let mut args = vec!["db", "prune", "--keep-days", "30", "--db", &db];
        args.extend_from_slice(extra);
        let output = crib(&args, "");
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    let expected = "2 matches older than 30 days (1 finished, 0 given up, 1 abandoned) and 0 \
                    browser tables.\n";
    assert_eq!(prune(&["--dry-run"]), format!("Would remove {expected}"));
    let history = |db: &str| stdout(&crib(&["history", "--db", db], "")).lines().count();
    assert_eq!(history(&db), 4, "a header and three matches");
    assert_eq!(prune(&[]), format!("Removed {expected}"));
    assert_eq!(history(&db), 3, "a header and two matches");
    assert!(Store::open(std::path::Path::new(&db)).unwrap().unfinished().unwrap().is_empty());
    assert_eq!(prune(&[]), "Removed nothing: no match is older than 30 days.\n");

    // A database named that is not there is said to be missing, and none
    // is made; 0 days is refused.
    let dir = tempdir();
    let missing = dir.path().join("none.db");
    let output = crib(&["db", "prune", "--keep-days", "9", "--db", missing.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("no database"), "{}", stderr(&output));
    assert!(!missing.exists());
    assert_eq!(crib(&["db", "prune", "--keep-days", "0", "--db", &db], "").status.code(), Some(2));
}

#[test]
fn serve_keep_days_prunes_at_start_up() {
    use std::io::{BufRead, BufReader};
    let (_dir, db) = saved(2);
    age(&db, 2, 10);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(["serve", "--addr", "127.0.0.1:0", "--keep-days", "7", "--db", &db])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut said = Vec::new();
    for line in BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line.unwrap();
        let serving = line.contains("serving on");
        said.push(line);
        if serving {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        said[0],
        "crib: Removed 1 match older than 7 days (1 finished, 0 given up, 0 abandoned) and 0 \
         browser tables.",
        "{said:?}"
    );
    assert!(said.last().unwrap().contains("serving on"), "{said:?}");
    let store = Store::open(std::path::Path::new(&db)).unwrap();
    assert!(store.game(crib_store::GameId(2)).is_err());
    assert_eq!(store.history().unwrap().len(), 1);
}

/// A database holding one match of `players` to one game, as `tester`
/// and `random` seats say.
fn one_match(players: Vec<Player>) -> (tempfile::TempDir, String) {
    let dir = tempdir();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let config = GameConfig::new(players.len() as u8, 121).unwrap();
    let setup = NewGame {
        seed: 9,
        config,
        length: 1.into(),
        muggins: true,
        muggins_pegging: false,
        players,
    };
    play_with(&store, &setup).unwrap();
    let path = path.to_str().unwrap().to_owned();
    (dir, path)
}

/// The expert's review of match 1 of `db`, from the library.
fn library_review(db: &str) -> serde_json::Value {
    let store = Store::open(std::path::Path::new(db)).unwrap();
    let review =
        crib_table::review::review(&store, crib_store::GameId(1), crib_table::review::REVIEW_SEED)
            .unwrap();
    // Through text, as the command's output is read, so that floats are
    // parsed the same way.
    serde_json::from_str(&serde_json::to_string(&review).unwrap()).unwrap()
}

#[test]
fn review_flags_the_mistakes_and_sums_them_by_round() {
    let (_dir, db) = saved(1);
    let output = crib(&["review", "1", "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "Review of match 1 (me against basic), graded by the expert player with seed 1."
        ),
        "{text}"
    );
    let json = library_review(&db);
    let decisions = json["decisions"].as_array().unwrap();
    let mistakes = decisions.iter().filter(|decision| decision["mistake"] == true).count();
    assert!(mistakes > 0, "the seeded person plays at random");
    assert_eq!(text.matches(" Mistake.").count(), mistakes, "{text}");
    // Each game's summary, its rounds and the chart.
    let mut rounds_by_chance = 0;
    for game in json["games"].as_array().unwrap() {
        let number = game["game"].as_u64().unwrap() + 1;
        assert!(text.contains(&format!("Game {number}:\n")), "{text}");
        let total = format!("{:.2}", game["total"]["total"].as_f64().unwrap());
        let row = text
            .lines()
            .filter(|line| line.trim_start().starts_with("the game"))
            .nth(number as usize - 1)
            .unwrap();
        let chance = game["total"]["win_chance"].as_f64().unwrap();
        let graded_by_chance = chance > 0.0;
        if graded_by_chance {
            assert!(row.trim_end().ends_with(&format!("{:.1}%", chance * 100.0)), "{row}");
            assert!(row.contains(&format!(" {total} ")), "{row} for {total}");
        } else {
            assert!(row.trim_end().ends_with(&total), "{row} for {total}");
        }
        // A round graded in the chance of winning shows it beside its
        // points, which may all be nothing.
        for round in game["rounds"].as_array().unwrap() {
            let round_number = round["round"].as_u64().unwrap();
            let chance = round["win_chance"].as_f64().unwrap();
            if chance > 0.0 {
                let shown = text
                    .split(&format!("Game {number}:\n"))
                    .nth(1)
                    .unwrap()
                    .lines()
                    .find(|line| line.trim_start().starts_with(&format!("round {round_number} ")))
                    .unwrap();
                assert!(shown.trim_end().ends_with(&format!("{:.1}%", chance * 100.0)), "{shown}");
                rounds_by_chance += 1;
            }
        }
    }
    assert!(rounds_by_chance > 0, "no round graded in the chance of winning: {text}");
    assert!(text.contains("The chance you had of winning"), "{text}");
    assert!(text.contains("100% │") && text.contains("  0% │"), "{text}");
    // Each game's result split into skill and luck, with the JSON's
    // numbers, and the games together.
    let games = json["games"].as_array().unwrap();
    assert!(
        text.contains("\nLuck and skill, in your chance of winning: skill is what your decisions")
    );
    for game in games {
        let split = &game["luck_skill"];
        let line = format!(
            "Game {}: You {}, from {:.1}% at the start: {}.",
            game["game"].as_u64().unwrap() + 1,
            if split["won"] == true { "won" } else { "lost" },
            split["start"].as_f64().unwrap() * 100.0,
            sum_words(&split["result"], &split["skill"], &split["luck"])
        );
        assert!(text.lines().any(|shown| shown == line), "{line} in {text}");
    }
    let total = &json["luck_skill"];
    assert_eq!(total["games"].as_u64(), Some(games.len() as u64));
    let together = format!(
        "The two games together: {}.",
        sum_words(&total["result"], &total["skill"], &total["luck"])
    );
    assert_eq!(text.lines().last(), Some(together.as_str()), "{text}");
    // --all lists every graded decision, the mistakes among them.
    let all = stdout(&crib(&["review", "1", "--all", "--db", &db], ""));
    assert_eq!(all.lines().filter(|line| line.starts_with("  Round ")).count(), decisions.len());
    assert_eq!(all.matches(" Mistake.").count(), mistakes);
}

/// "+52.0% = skill -8.4% + luck +60.4%" for a result, its skill and its
/// luck as JSON numbers.
fn sum_words(
    result: &serde_json::Value,
    skill: &serde_json::Value,
    luck: &serde_json::Value,
) -> String {
    let percent = |chance: &serde_json::Value| {
        let shown = format!("{:+.1}%", chance.as_f64().unwrap() * 100.0);
        if shown == "-0.0%" { "+0.0%".to_owned() } else { shown }
    };
    format!("{} = skill {} + luck {}", percent(result), percent(skill), percent(luck))
}

#[test]
fn review_json_is_the_librarys_review() {
    let (_dir, db) = saved(1);
    let output = crib(&["review", "1", "--json", "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json, library_review(&db));
    assert_eq!(json["expert"]["seed"], 1);
    assert_eq!(json["expert"]["level"], "expert");
}

#[test]
fn review_svg_draws_the_chance_of_every_round() {
    let (dir, db) = saved(1);
    let svg = dir.path().join("chance.svg");
    let output = crib(&["review", "1", "--svg", svg.to_str().unwrap(), "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let picture = std::fs::read_to_string(&svg).unwrap();
    let chances: Vec<f64> = library_review(&db)["chance"]
        .as_array()
        .unwrap()
        .iter()
        .map(|point| point["chance"].as_f64().unwrap())
        .collect();
    let start = picture.find("points=\"").unwrap() + "points=\"".len();
    let end = start + picture[start..].find('"').unwrap();
    let ys: Vec<f64> = picture[start..end]
        .split_whitespace()
        .map(|pair| pair.split_once(',').unwrap().1.parse().unwrap())
        .collect();
    assert_eq!(ys.len(), chances.len());
    for (y, chance) in ys.iter().zip(&chances) {
        assert!((1.0 - (y - 10.0) / 180.0 - chance).abs() < 1e-4);
    }
}

#[test]
fn review_errors_say_what_is_wrong() {
    let (_dir, db) = saved(1);
    let missing = crib(&["review", "7", "--db", &db], "");
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("no saved game 7"), "{}", stderr(&missing));
    assert_eq!(crib(&["review", "seven", "--db", &db], "").status.code(), Some(2));
    let (_computers, db) = one_match(vec![Player::computer("basic"), Player::computer("random")]);
    let computers = crib(&["review", "1", "--db", &db], "");
    assert_eq!(computers.status.code(), Some(1));
    assert!(stderr(&computers).contains("no person's decisions"), "{}", stderr(&computers));
    let (three, db) = one_match(vec![
        Player::person("me"),
        Player::computer("random"),
        Player::computer("random"),
    ]);
    // Three players have their chart too, from the three players' table.
    let svg = three.path().join("chance.svg");
    let output = crib(&["review", "1", "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("The chance you had of winning"), "{}", stdout(&output));
    let chart = crib(&["review", "1", "--svg", svg.to_str().unwrap(), "--db", &db], "");
    assert!(chart.status.success(), "{}", stderr(&chart));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<polyline"));
    // A file that cannot be written is an error, named.
    let unwritable = three.path().join("no such folder").join("chance.svg");
    let refused = crib(&["review", "1", "--svg", unwritable.to_str().unwrap(), "--db", &db], "");
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("writing"), "{}", stderr(&refused));
    let nowhere =
        crib(&["review", "1", "--db", three.path().join("none.db").to_str().unwrap()], "");
    assert_eq!(nowhere.status.code(), Some(1));
    assert!(stderr(&nowhere).contains("no database"), "{}", stderr(&nowhere));
}

#[test]
fn replay_with_review_grades_each_decision_where_it_was_made() {
    let (_dir, db) = saved(1);
    let output = crib(&["replay", "1", "--review", "--db", &db], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let json = library_review(&db);
    let decisions = json["decisions"].as_array().unwrap();
    let graded: Vec<&str> = text.lines().filter(|line| line.starts_with("  Review: ")).collect();
    assert_eq!(graded.len(), decisions.len());
    // A discard's grade follows the line of the discard.
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|line| line.starts_with("  Review: You throw")).unwrap();
    assert!(lines[first - 1].contains("crib"), "{}", lines[first - 1]);
    assert!(text.contains("Reviewed by the expert player with seed 1"), "{text}");
    assert!(text.contains("Game 2: "), "{text}");
    // The split into luck and skill ends it, as crib review words it.
    let review = stdout(&crib(&["review", "1", "--db", &db], ""));
    let split: Vec<&str> =
        review.lines().skip_while(|line| !line.starts_with("Luck and skill")).collect();
    assert_eq!(split.len(), 4, "{review}");
    assert!(text.ends_with(&format!("{}\n", split.join("\n"))), "{text}");
    // Without --review, no grades.
    let plain = stdout(&crib(&["replay", "1", "--db", &db], ""));
    assert!(!plain.contains("Review: "));
}

#[test]
fn review_help_gives_the_thresholds_of_a_mistake() {
    use crib_table::review::{MISTAKE_CHANCE, MISTAKE_POINTS};
    let output = crib(&["review", "--help"], "");
    assert!(output.status.success());
    let help = stdout(&output).split_whitespace().collect::<Vec<_>>().join(" ");
    let points = format!("A mistake gives up at least {MISTAKE_POINTS} point,");
    let chance = format!("or {}% of the chance of winning", MISTAKE_CHANCE * 100.0);
    assert!(help.contains(&points) && help.contains(&chance), "{help}");
    assert!(help.contains(&format!("[default: {}]", crib_table::review::REVIEW_SEED)), "{help}");
}

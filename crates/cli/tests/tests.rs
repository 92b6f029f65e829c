//! The `crib` binary, run as a user runs it.

#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `crib` with `args` and `stdin`.
fn crib(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// The total that `crib score` prints on its first line.
fn total(args: &[&str]) -> u32 {
    let output = crib(args, "");
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    let text = stdout(&output);
    let first = text.lines().next().unwrap();
    let points = first.rsplit(": ").next().unwrap().trim_end_matches(" points");
    points.parse().unwrap()
}

mod worked_examples {
    use super::*;

    /// The six examples of the original documents, in both notations.
    const EXAMPLES: [(&str, &str, u32); 6] = [
        (
            "7♣ Q♥ 2♣ J♣ 9♥",
            "card(7,clubs) card(queen,hearts) card(2,clubs) card(jack,clubs) card(9,hearts)",
            0,
        ),
        (
            "A♠ 3♥ K♥ 7♥ K♠",
            "card(ace,spades) card(3,hearts) card(king,hearts) card(7,hearts) card(king,spades)",
            2,
        ),
        (
            "A♠ 3♥ K♥ 7♥ 2♦",
            "card(ace,spades) card(3,hearts) card(king,hearts) card(7,hearts) card(2,diamonds)",
            5,
        ),
        (
            "6♣ 7♣ 8♣ 9♣ 8♠",
            "card(6,clubs) card(7,clubs) card(8,clubs) card(9,clubs) card(8,spades)",
            20,
        ),
        (
            "7♥ 9♠ 8♣ 7♣ 8♥",
            "card(7,hearts) card(9,spades) card(8,clubs) card(7,clubs) card(8,hearts)",
            24,
        ),
        (
            "5♥ 5♠ 5♣ J♦ 5♦",
            "card(5,hearts) card(5,spades) card(5,clubs) card(jack,diamonds) card(5,diamonds)",
            29,
        ),
    ];

    fn check(index: usize) {
        let (symbols, prolog, points) = EXAMPLES[index];
        let symbols: Vec<&str> = symbols.split(' ').collect();
        assert_eq!(total(&[&["score"], symbols.as_slice()].concat()), points);
        let prolog_list = format!("[{}]", prolog.replace(' ', ", "));
        assert_eq!(total(&["score", &prolog_list]), points);
    }

    #[test]
    fn nothing_scores_0() {
        check(0);
    }

    #[test]
    fn a_pair_of_kings_scores_2() {
        check(1);
    }

    #[test]
    fn fifteen_and_a_run_score_5() {
        check(2);
    }

    #[test]
    fn a_double_run_of_four_and_a_flush_score_20() {
        check(3);
    }

    #[test]
    fn a_double_double_run_scores_24() {
        check(4);
    }

    #[test]
    fn the_best_hand_scores_29() {
        check(5);
    }
}

#[test]
fn score_says_the_count_aloud() {
    let output = crib(&["score", "3S", "3H", "4C", "4D", "5S"], "");
    let text = stdout(&output);
    assert!(text.starts_with("3H 3S 4C 4D with starter 5S (hand): 20 points\n"), "{text}");
    assert!(
        text.contains(
            "fifteen two, fifteen four, a pair is six, a pair is eight, a run of three is eleven, \
             another run of three is fourteen, another run of three is seventeen, \
             and another run of three is twenty"
        ),
        "{text}"
    );
}

#[test]
fn crib_rules_need_five_for_a_flush() {
    assert_eq!(total(&["score", "2H", "3H", "6H", "8H", "KS"]), 6);
    assert_eq!(total(&["score", "--crib", "2H", "3H", "6H", "8H", "KS"]), 2);
    assert_eq!(total(&["score", "--crib", "2H", "3H", "6H", "8H", "KH"]), 7);
}

#[test]
fn score_json_names_every_combination() {
    let output = crib(&["score", "--json", "5H", "5S", "5C", "JD", "5D"], "");
    assert!(output.status.success());
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["total"], 29);
    assert_eq!(json["rules"], "hand");
    assert_eq!(json["starter"], "5D");
    assert_eq!(json["hand"], serde_json::json!(["5C", "5H", "5S", "JD"]));
    assert_eq!(json["fifteens"].as_array().unwrap().len(), 8);
    assert_eq!(json["pairs"].as_array().unwrap().len(), 6);
    assert_eq!(json["runs"].as_array().unwrap().len(), 0);
    assert_eq!(json["nobs"], "JD");
    assert_eq!(json["points"]["fifteens"], 16);
    assert_eq!(json["points"]["pairs"], 12);
}

/// Cards given as arguments are the command line: a bad one is a usage
/// error, status 2, as clap's own (a bad line of `--batch` input is not).
#[test]
fn bad_shows_are_errors_not_scores() {
    for (args, message) in [
        (&["score", "5H", "5S", "5C", "JD"][..], "a show is 4 cards and the starter, not 4 cards"),
        (&["score", "5H", "5S", "5H", "JD", "5D"], "card 5H is given twice"),
        (&["score", "5H", "5S", "5C", "JD", "5H"], "the starter 5H is also in the hand"),
        (&["score", "5H", "5S", "5C", "JX", "5D"], "card JX: unknown suit X"),
        (&["score", "[5H", "5S", "5C", "JD", "5D"], "unbalanced brackets"),
    ] {
        let output = crib(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
        assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
    }
}

#[test]
fn every_count_is_bounded_with_a_clear_message() {
    for (args, message) in [
        (&["match", "--games", "99999999999999"][..], "99999999999999 is not in 1..=10000000"),
        (&["sim", "--games", "99999999999999"], "99999999999999 is not in 1..=10000000"),
        (&["match", "--games", "0"], "0 is not in 1..=10000000"),
        (&["match", "--jobs", "0"], "0 is not in 1..=1024"),
        (&["match", "--jobs", "99999999999"], "--jobs"),
        (&["match", "--timeout-ms", "99999999999999"], "is not in 1..=3600000"),
        (&["match", "--players", "5"], "5 is not in 2..=4"),
        (&["sim", "--target", "100"], "a game is played to 121 or to 61"),
    ] {
        let output = crib(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).contains("memory allocation"), "{args:?}");
    }
}

/// Arguments that clap reads but the command refuses are usage errors too.
#[test]
fn arguments_the_command_refuses_exit_2() {
    for (args, message) in [
        (&["score", "1H", "5S", "5C", "JD", "5D"][..], "1H"),
        (&["discard", "5H", "5S"], "a deal is 5 or 6 cards"),
        (&["discard", "--dealer", "--players", "4", "5H", "5S", "JD", "4C", "6C", "KD"], "cards"),
        (&["serve", "--addr", "nonsense"], "has no port"),
        (&["serve", "--addr", "127.0.0.1:99999"], "is not a port"),
        (&["serve", "--addr", "a b:80"], "is not a host name"),
        (&["engine", "--level", "basic", "--think-ms", "30"], "--level expert"),
        (&["play", "--players", "3", "--format", "club-9"], "by two sides"),
        (&["play", "--format", "club-8"], "must be odd"),
        (&["play", "--format", "best of 3"], "single, best-of-N"),
        (&["play", "--format", "single", "--wins", "3"], "cannot be used with"),
    ] {
        let output = crib(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains(message), "{args:?}: {}", stderr(&output));
    }
}

/// The prose after a command's options is clap's to wrap to the terminal
/// (each paragraph one line in the source): a line of it ends only where
/// the next word would not fit, at any width, instead of breaking where the
/// source did at 80 columns, ragged in a narrow terminal and short in a wide
/// one.
#[test]
fn help_prose_fills_its_lines_at_any_width() {
    let commands: [&[&str]; 16] = [
        &[],
        &["score"],
        &["discard"],
        &["drill"],
        &["engine"],
        &["match"],
        &["review"],
        &["prolog", "check"],
        &["stats", "cribs"],
        &["stats", "throws"],
        &["stats", "board"],
        &["stats", "best-response"],
        &["club"],
        &["club", "add"],
        &["club", "list"],
        &["serve"],
    ];
    for command in commands {
        for width in [52, 100] {
            let output = Command::new(env!("CARGO_BIN_EXE_crib"))
                .args(command)
                .arg("--help")
                .env("COLUMNS", width.to_string())
                .output()
                .unwrap();
            let help = stdout(&output);
            let options = help.find("Options:").expect("an options block");
            let after = help[options..].find("\n\n").map_or("", |end| &help[options + end..]);
            let lines: Vec<&str> = after.lines().collect();
            for pair in lines.windows(2) {
                let [line, next] = [pair[0], pair[1]];
                let prose = |text: &str| text.starts_with(|c: char| !c.is_whitespace());
                if !prose(line) || !prose(next) || line.ends_with(':') {
                    continue;
                }
                let word = next.split_whitespace().next().unwrap_or_default();
                assert!(
                    line.chars().count() + 1 + word.chars().count() > width,
                    "{command:?} at {width} columns: {line:?} ends before {word:?}"
                );
            }
        }
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(crib(&["score"], "").status.code(), Some(2));
    assert_eq!(crib(&["score", "--batch", "5H"], "").status.code(), Some(2));
    assert_eq!(crib(&["frobnicate"], "").status.code(), Some(2));
    let help = crib(&["score", "--help"], "");
    assert!(help.status.success());
    assert!(stdout(&help).contains("Examples:"));
}

#[test]
fn muggins_for_the_pegging_is_in_the_help_and_needs_muggins() {
    let help = stdout(&crib(&["play", "--help"], ""));
    assert!(help.contains("--muggins-pegging"), "{help}");
    assert!(help.contains("point for a go is"), "{help}");
    // Without --muggins it is a usage error, before any terminal is needed.
    let alone = crib(&["play", "--muggins-pegging"], "");
    assert_eq!(alone.status.code(), Some(2));
    assert!(stderr(&alone).contains("--muggins"), "{}", stderr(&alone));
}

#[test]
fn score_batch_answers_every_line() {
    let input = "5H 5S 5C JD 5D\n\
                 # a comment\n\
                 \n\
                 2H 3H 6H 8H KS crib\n\
                 2H 3H 6H 8H KS\n\
                 5H 5S 5C JD\n\
                 [card(7,hearts), card(9,spades), card(8,clubs), card(7,clubs)] card(8,hearts)\r\n\
                 5H 5S 5C JD 5H\n\
                 2H 3H 6H 8H KH CRIB\n";
    let output = crib(&["score", "--batch"], input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "29\n\n\n2\n6\n\
         error: counting a show: a show is 4 cards and the starter, not 4 cards\n\
         24\n\
         error: counting a show: the starter 5H is also in the hand\n\
         7\n"
    );
    let errors = stderr(&output);
    assert!(
        errors.contains("line 6: counting a show: a show is 4 cards and the starter, not 4 cards"),
        "{errors}"
    );
    assert!(
        errors.contains("line 8: counting a show: the starter 5H is also in the hand"),
        "{errors}"
    );
    assert!(errors.contains("2 lines could not be answered"), "{errors}");
}

#[test]
fn score_batch_with_crib_flag_and_json() {
    let output = crib(&["score", "--batch", "--crib"], "2H 3H 6H 8H KS\n");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "2\n");
    let output = crib(&["score", "--batch", "--json"], "2H 3H 6H 8H KS\n5H 5S 5C JD 5D crib\n");
    let lines: Vec<Value> =
        stdout(&output).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["total"], 6);
    assert_eq!(lines[1]["total"], 29);
    assert_eq!(lines[1]["rules"], "crib");
}

#[test]
fn discard_prints_the_whole_table_best_first() {
    let output = crib(&["discard", "5H", "5S", "JD", "4C", "6C", "KD"], "");
    assert!(output.status.success());
    let text = stdout(&output);
    let rows: Vec<&str> = text.lines().filter(|line| line.contains(". ")).collect();
    assert_eq!(rows.len(), 15, "{text}");
    assert!(rows[0].contains("4C 5H 5S 6C") && rows[0].contains("JD KD"), "{text}");
    assert!(text.contains("46 possible starters"), "{text}");
}

#[test]
fn discard_json_has_exact_expectations() {
    let output = crib(&["discard", "--json", "5H", "5S", "JD", "4C", "6C"], "");
    assert!(output.status.success());
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let keeps = json["keeps"].as_array().unwrap();
    assert_eq!(keeps.len(), 5);
    for keep in keeps {
        assert_eq!(keep["starters"], 47);
        let exact = keep["points"].as_f64().unwrap() / 47.0;
        assert!((keep["expected"].as_f64().unwrap() - exact).abs() < 1e-12);
        assert_eq!(keep["discard"].as_array().unwrap().len(), 1);
    }
    let expected: Vec<f64> = keeps.iter().map(|k| k["expected"].as_f64().unwrap()).collect();
    assert!(expected.windows(2).all(|pair| pair[0] >= pair[1]));
}

#[test]
fn discard_batch_prints_keep_and_crib() {
    let input = "5H 5S JD 4C 6C KD\ncard(5,hearts) card(5,spades) card(jack,diamonds) card(4,clubs) card(6,clubs)\n5H 5S\n5H 5S JD 4C 6C 5H\n";
    let output = crib(&["discard", "--batch"], input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "4C 5H 5S 6C | JD KD\n4C 5H 5S 6C | JD\n\
         error: a deal is 5 or 6 cards, not 2\nerror: card 5H is given twice\n"
    );
    let errors = stderr(&output);
    assert!(errors.contains("line 3: a deal is 5 or 6 cards, not 2"), "{errors}");
    assert!(errors.contains("line 4: card 5H is given twice"), "{errors}");
}

#[test]
fn stats_hands_counts_every_show() {
    let output = crib(&["stats", "hands", "--json"], "");
    assert!(output.status.success());
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    for rules in ["hand", "crib"] {
        let counts: Vec<u64> =
            json[rules]["counts"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        assert_eq!(counts.len(), 30);
        assert_eq!(counts.iter().sum::<u64>(), 12_994_800);
        assert_eq!(json[rules]["shows"], 12_994_800);
        for impossible in [19, 25, 26, 27] {
            assert_eq!(counts[impossible], 0, "{rules} {impossible}");
        }
        assert_eq!(counts[29], 4);
    }
    assert_eq!(json["hand"]["counts"][0], 1_009_008);
    let mean = json["hand"]["mean"].as_f64().unwrap();
    assert!((mean - 4.769152).abs() < 1e-6, "{mean}");
    let text = stdout(&crib(&["stats", "hands"], ""));
    assert!(text.contains("12,994,800 shows"), "{text}");
}

#[test]
fn sim_is_reproducible_from_its_seed() {
    let args =
        ["sim", "--games", "200", "--seed", "7", "--players", "3", "--seat-1", "random", "--json"];
    let first = crib(&args, "");
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(stdout(&first), stdout(&crib(&args, "")));
    let json: Value = serde_json::from_str(&stdout(&first)).unwrap();
    let wins: u64 = json["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|team| team["wins"]["count"].as_u64().unwrap())
        .sum();
    assert_eq!(wins, 200, "every game has exactly one winner");
    // An alias of crib match: the same runner and the same report.
    let matched = crib(
        &[
            "match",
            "--games",
            "200",
            "--seed",
            "7",
            "--players",
            "3",
            "--seat-1",
            "random",
            "--json",
        ],
        "",
    );
    assert!(matched.status.success(), "{}", stderr(&matched));
    assert_eq!(stdout(&first), stdout(&matched));
    let other = crib(
        &["sim", "--games", "200", "--seed", "8", "--players", "3", "--seat-1", "random", "--json"],
        "",
    );
    assert_ne!(stdout(&first), stdout(&other));
}

#[test]
fn sim_reports_a_random_seed_and_refuses_bad_tables() {
    let output = crib(&["sim", "--games", "5"], "");
    assert!(output.status.success());
    assert!(stderr(&output).contains("replay with --seed"), "{}", stderr(&output));
    assert!(stdout(&output).contains("first dealer"), "{}", stdout(&output));
    let bad = crib(&["sim", "--games", "5", "--players", "5"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("players"), "{}", stderr(&bad));
    assert_eq!(crib(&["sim", "--seat-0", "genius"], "").status.code(), Some(2));
}

#[test]
fn discard_as_dealer_or_pone_shows_hand_crib_and_play() {
    let output = crib(&["discard", "--dealer", "5H", "5S", "JD", "JC", "9C", "2D"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("as dealer") && text.contains("your crib"), "{text}");
    let rows: Vec<&str> = text.lines().filter(|line| line.contains(". ")).collect();
    assert_eq!(rows.len(), 15, "{text}");
    assert!(rows[0].contains("5H 5S JC JD") && rows[0].contains("2D 9C"), "{text}");
    // The pone's throw of A-K keeps the five out of the dealer's crib.
    let output = crib(&["discard", "--pone", "--json", "AC", "2D", "3H", "5S", "JC", "KD"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["role"], "pone");
    let keeps = json["keeps"].as_array().unwrap();
    assert_eq!(keeps.len(), 15);
    assert_eq!(keeps[0]["discard"], serde_json::json!(["AC", "KD"]));
    for keep in keeps {
        let parts = keep["hand"].as_f64().unwrap()
            + keep["crib_share"].as_f64().unwrap()
            + keep["pegging"].as_f64().unwrap();
        assert!((parts - keep["total"].as_f64().unwrap()).abs() < 1e-9);
        assert!(keep["crib_share"].as_f64().unwrap() < 0.0, "an opponent's crib");
    }
}

#[test]
fn discard_analysis_for_three_and_four_players() {
    let output = crib(&["discard", "--partner", "5H", "5S", "JD", "4C", "6C"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("4 players") && text.contains("partner's crib"), "{text}");
    assert_eq!(text.lines().filter(|line| line.contains(". ")).count(), 5, "{text}");
    let three = crib(&["discard", "--pone", "5H", "5S", "JD", "4C", "6C"], "");
    assert!(stdout(&three).contains("3 players"), "{}", stdout(&three));
    let wrong = crib(&["discard", "--partner", "5H", "5S", "JD", "4C", "6C", "KD"], "");
    assert_eq!(wrong.status.code(), Some(2));
    assert!(stderr(&wrong).contains("cards"), "{}", stderr(&wrong));
    let both = crib(&["discard", "--dealer", "--pone", "5H", "5S", "JD", "4C", "6C", "KD"], "");
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn stats_keeps_finds_the_best_keep_of_every_deal() {
    let output = crib(&["stats", "keeps", "--json"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["deals"], 20_358_520);
    assert_eq!(json["classes"], 962_988);
    assert_eq!(json["points"], 7_767_205_480u64);
    let mean = json["mean"].as_f64().unwrap();
    assert!((mean - 8.293938).abs() < 1e-6, "{mean}");
    let buckets: u64 =
        json["by_whole_points"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(buckets, 20_358_520);
    let text = stdout(&crib(&["stats", "keeps"], ""));
    assert!(text.contains("20,358,520 deals") && text.contains("mean 8.293938"), "{text}");
}

#[test]
fn stats_cribs_tabulates_every_discard() {
    let output = crib(&["stats", "cribs", "--json"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let rows = json["discards"].as_array().unwrap();
    assert_eq!(rows.len(), 169);
    let row = |ranks: &str, suited: bool| {
        rows.iter().find(|row| row["ranks"] == ranks && row["suited"] == suited).unwrap()
    };
    let fives = row("55", false);
    // Two fives are the best discard there is, and worth more from the pone
    // (the dealer adds a sensible throw) than the dealer's own.
    assert!(fives["dealer"].as_f64().unwrap() > 8.0);
    assert!(fives["pone"].as_f64().unwrap() > fives["dealer"].as_f64().unwrap());
    // A flush needs the two cards of one suit.
    assert!(
        row("9K", true)["dealer"].as_f64().unwrap() > row("9K", false)["dealer"].as_f64().unwrap()
    );
    let uniform = crib(&["stats", "cribs", "--uniform"], "");
    assert!(stdout(&uniform).contains("equally likely"), "{}", stdout(&uniform));
}

#[test]
fn stats_board_prints_the_tables_for_two_three_and_four_players() {
    let two = crib(&["stats", "board", "--json"], "");
    assert!(two.status.success(), "{}", stderr(&two));
    let two: Value = serde_json::from_str(&stdout(&two)).unwrap();
    assert_eq!(two["players"], 2);
    let four = crib(&["stats", "board", "--players", "4", "--json"], "");
    assert!(four.status.success(), "{}", stderr(&four));
    let four: Value = serde_json::from_str(&stdout(&four)).unwrap();
    assert_eq!(four["players"], 4);
    // Each is the chance its own table gives, and they differ: partners'
    // rounds are not two players' rounds.
    let first = |json: &Value| json["stored"]["first_dealer_121"].as_f64().unwrap();
    assert!((0.5..0.7).contains(&first(&two)) && (0.5..0.7).contains(&first(&four)));
    assert_ne!(first(&two), first(&four));
    let text = stdout(&crib(&["stats", "board", "--players", "4"], ""));
    assert!(text.contains("four-player game (partners)") && text.contains("your side deals"));
    // Three players race as three seats: the dealer's chance is above a
    // third, and each grid's corner is the start of the game.
    let three = crib(&["stats", "board", "--players", "3", "--json"], "");
    assert!(three.status.success(), "{}", stderr(&three));
    let three: Value = serde_json::from_str(&stdout(&three)).unwrap();
    assert_eq!(three["players"], 3);
    assert!((0.34..0.5).contains(&first(&three)), "{three}");
    assert_eq!(three["stored"]["dealing"][0][0].as_f64(), Some(first(&three)));
    let pone = three["stored"]["pone"][0][0].as_f64().unwrap();
    assert!(pone < first(&three) && first(&three) + pone < 1.0, "{three}");
    let text = stdout(&crib(&["stats", "board", "--players", "3"], ""));
    assert!(text.contains("three-player game") && text.contains("the two others level"));
    // Five players are no game of cribbage.
    let five = crib(&["stats", "board", "--players", "5"], "");
    assert_eq!(five.status.code(), Some(2));
    assert!(stderr(&five).contains("2, 3, or 4"), "{}", stderr(&five));
}

#[test]
fn sim_plays_the_expert_and_reports_points_by_side() {
    let args = ["sim", "--games", "6", "--seed", "3", "--seat-0", "expert", "--seat-1", "easy"];
    let output = crib(&args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("player 0: expert") && text.contains("points per round"), "{text}");
    assert!(text.contains("player 1 dealer") && text.contains("player 0 pone"), "{text}");
    let json: Value =
        serde_json::from_str(&stdout(&crib(&[&args[..], &["--json"]].concat(), ""))).unwrap();
    let rounds = json["rounds"].as_u64().unwrap();
    assert!(rounds > 0);
    let points = |averages: &Value| {
        averages["total"].as_f64().unwrap() * averages["rounds"].as_u64().unwrap() as f64
    };
    let mut dealt = 0;
    for team in json["teams"].as_array().unwrap() {
        let roles = &team["per_round"];
        assert_eq!(roles["all"]["rounds"].as_u64(), Some(rounds));
        dealt += roles["dealer"]["rounds"].as_u64().unwrap();
        let by_role = points(&roles["dealer"]) + points(&roles["pone"]);
        assert!(
            (points(&roles["all"]) - by_role).abs() < 1e-6,
            "with two players each side's points are its points as dealer and as pone"
        );
    }
    assert_eq!(dealt, rounds, "one dealer a round");
}

// The engine's tests read the protocol crate's golden transcripts with the
// same reader as its own tests.
mod best_response;
mod club;
mod engine;
mod kill;
mod kill_club;
mod matchplay;
mod prolog;
mod saved;
mod serve;
#[path = "../../protocol/tests/transcript.rs"]
mod transcript;
#[path = "../../tui/tests/common.rs"]
#[allow(dead_code)]
mod tui_common;
mod unix;

mod play {
    use super::*;

    #[test]
    fn play_without_a_terminal_says_so_and_fails() {
        // The test harness pipes standard input and output.
        let output = crib(&["play", "--seed", "1"], "");
        assert_eq!(output.status.code(), Some(1));
        assert!(stderr(&output).contains("is not a terminal"), "{}", stderr(&output));
        assert!(stdout(&output).is_empty());
    }

    #[test]
    fn drill_without_a_terminal_says_so_and_bad_options_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("crib.db");
        let output = crib(&["drill", "--seed", "1", "--db", db.to_str().unwrap()], "");
        assert_eq!(output.status.code(), Some(1));
        assert!(stderr(&output).contains("crib drill cannot start"), "{}", stderr(&output));
        assert!(stderr(&output).contains("is not a terminal"), "{}", stderr(&output));
        assert!(!db.exists(), "nothing is saved without a terminal");
        for bad in
            [&["drill", "--hands", "0"][..], &["drill", "--hands", "x"], &["drill", "--seed", "-1"]]
        {
            assert_eq!(crib(bad, "").status.code(), Some(2), "{bad:?}");
        }
    }

    #[test]
    fn play_refuses_seats_the_table_does_not_have() {
        let engine = crib(&["play", "--players", "3", "--engine", "crib engine"], "");
        assert_eq!(engine.status.code(), Some(2));
        assert!(stderr(&engine).contains("--engine is for two players"), "{}", stderr(&engine));
        let seat = crib(&["play", "--seat-2", "basic"], "");
        assert!(stderr(&seat).contains("--seat-2 needs a table of 3 players"), "{}", stderr(&seat));
        let target = crib(&["play", "--players", "3", "--target", "100"], "");
        assert!(stderr(&target).contains("121 or 61"), "{}", stderr(&target));
        assert_eq!(crib(&["play", "--players", "5"], "").status.code(), Some(2));
    }

    #[test]
    fn play_refuses_bad_options() {
        assert_eq!(crib(&["play", "--level", "genius"], "").status.code(), Some(2));
        assert_eq!(
            crib(&["play", "--level", "basic", "--engine", "crib engine"], "").status.code(),
            Some(2)
        );
    }

    /// An engine process as the terminal's computer, through the table.
    fn engine(command: &str) -> crib_table::Sitter {
        let command = crib_referee::EngineCommand::parse(command).unwrap();
        crib_table::Sitter::program(crib_referee::EngineContestant::new(
            command,
            crib_referee::EngineOptions::default(),
        ))
    }

    /// `crib engine --level basic` behind the terminal game decides exactly
    /// as the built-in basic player: a whole seeded match, played by the same
    /// messages, gives the same events.
    #[test]
    fn the_terminal_game_against_crib_engine_is_the_game_against_basic() {
        use crib_tui::{App, Options, Stage};
        let command = format!("'{}' engine --level basic", env!("CARGO_BIN_EXE_crib"));
        let options = Options { seed: 11, muggins: false, length: 2.into(), ..Options::default() };
        let mut against_engine = App::new(options, vec![engine(&command)], None);
        let mut against_basic = tui_common::app(11, false, 2);
        for app in [&mut against_engine, &mut against_basic] {
            tui_common::play_until(app, &[Stage::MatchOver], &mut |_| unreachable!("no muggins"));
        }
        assert!(against_engine.opponent_name().contains("engine --level basic"));
        assert_eq!(against_engine.record(), against_basic.record());
    }

    #[test]
    fn an_engine_that_does_not_start_stops_the_game_with_its_reason() {
        use crib_tui::{App, Options, Stage};
        let app = App::new(Options::default(), vec![engine("/nonexistent/engine")], None);
        assert_eq!(app.stage(), Stage::Failed);
        assert!(app.failure().is_some_and(|why| why.contains("nonexistent")), "{app:?}");
    }

    /// A match given up with `r` against an engine: the engine is told of
    /// the new match (`newgame`) before it is asked to discard in it.
    #[test]
    fn giving_up_against_an_engine_starts_a_new_game_for_it() {
        use crib_tui::{App, Message, Options, Question, Stage};
        let dir = tempfile::tempdir().unwrap();
        let heard = dir.path().join("heard.txt");
        let command = format!(
            "sh -c \"tee '{}' | '{}' engine --level basic\"",
            heard.display(),
            env!("CARGO_BIN_EXE_crib")
        );
        let options = Options { seed: 5, muggins: false, length: 2.into(), ..Options::default() };
        let mut app = App::new(options, vec![engine(&command)], None);
        tui_common::choose(&mut app, &[0, 1]);
        tui_common::send(&mut app, Message::Confirm);
        assert_eq!(app.stage(), Stage::Play, "{app:?}");
        tui_common::send(&mut app, Message::Ask(Question::Restart));
        tui_common::send(&mut app, Message::Yes);
        assert_eq!(app.seed(), 6);
        assert_eq!(app.stage(), Stage::Discard, "{app:?}");
        tui_common::choose(&mut app, &[0, 1]);
        tui_common::send(&mut app, Message::Confirm);
        assert!(app.failure().is_none(), "{:?}", app.failure());
        drop(app);
        let heard = std::fs::read_to_string(&heard).unwrap();
        let commands: Vec<&str> = heard.split(';').map(str::trim).collect();
        let newgames: Vec<usize> =
            (0..commands.len()).filter(|&i| commands[i].starts_with("newgame")).collect();
        assert_eq!(newgames.len(), 2, "{heard}");
        let discards: Vec<usize> =
            (0..commands.len()).filter(|&i| commands[i] == "discard").collect();
        assert!(
            discards.iter().any(|&i| i > newgames[1]),
            "the engine discards in the new match after its newgame: {heard}"
        );
    }

    /// The smoke test of `.ci/run`, on the binary built for the tests: in
    /// tmux, start, discard, play a card, quit, and find the terminal
    /// restored. Skipped, with a notice, where tmux is not installed.
    #[test]
    fn play_in_a_real_terminal() {
        if !tmux_installed("crib play") {
            return;
        }
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../.ci/smoke-play.sh");
        // A database of its own, not the user's saved games.
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("crib.db");
        let command_line = format!("'{}' play --db '{}'", env!("CARGO_BIN_EXE_crib"), db.display());
        let output = Command::new("bash").arg(script).arg(&command_line).output().unwrap();
        assert!(
            output.status.success(),
            "the smoke test failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        // Both matches quit are saved, to be resumed, the latest first: the
        // round at three, then the two-player match after a discard and a
        // card.
        let store = crib_store::Store::open(&db).unwrap();
        let unfinished = store.unfinished().unwrap();
        assert_eq!(unfinished.len(), 2);
        let [three, two] =
            [&unfinished[0], &unfinished[1]].map(|game| store.resume(game.id).unwrap());
        assert_eq!(three.summary.setup.config.players(), 3);
        assert_eq!(two.summary.setup.config.players(), 2);
        let played = two.moves.iter().filter(|m| m.seat == crib_tui::HUMAN).count();
        assert!(played >= 2, "the person's discard and card: {:?}", two.moves);
        let shown = three.events.iter().filter(|e| matches!(e, crib_core::Event::CribShown { .. }));
        assert_eq!(shown.count(), 1, "a whole round at three: {:?}", three.events);
    }

    /// Whether tmux is installed; if not, says which smoke test is skipped.
    fn tmux_installed(what: &str) -> bool {
        let tmux = Command::new("tmux").arg("-V").output();
        let installed = tmux.is_ok_and(|output| output.status.success());
        if !installed {
            eprintln!("notice: tmux is not installed; skipping the terminal smoke test of {what}");
        }
        installed
    }

    /// The drill's test of `.ci/run`, on the binary built for the tests: in
    /// tmux, three hands counted right, over and short, the summary, the
    /// terminal restored, the answers in `crib stats me`; then a quit at
    /// once.
    #[test]
    fn drill_in_a_real_terminal() {
        if !tmux_installed("crib drill") {
            return;
        }
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../.ci/smoke-drill.sh");
        let output =
            Command::new("bash").arg(script).arg(env!("CARGO_BIN_EXE_crib")).output().unwrap();
        assert!(
            output.status.success(),
            "the drill's smoke test failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

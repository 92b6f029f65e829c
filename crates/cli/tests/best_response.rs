//! `crib stats best-response`: a pass split into shards and merged in any
//! order is the pass made on one machine; what it refuses, and how.

use std::path::Path;

use serde_json::Value;

use crate::{crib, stderr, stdout};

/// A pass over ten deals, each keep's play over two sampled hands: quick.
const JOB: [&str; 6] = ["--deals", "10", "--seed", "5", "--samples", "2"];

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_owned()
}

/// Runs `crib stats best-response` with `args`, which must succeed.
fn best_response(args: &[&str]) -> String {
    let mut all = vec!["stats", "best-response"];
    all.extend_from_slice(args);
    let output = crib(&all, "");
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    stdout(&output)
}

/// A round's file without the shards it counts.
fn counts(file: &str) -> Value {
    let mut round: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let object = round.as_object_mut().unwrap();
    object.remove("shards");
    object.remove("done");
    round
}

#[test]
fn shards_merged_in_any_order_are_the_pass_on_one_machine() {
    let dir = tempfile::tempdir().unwrap();
    let whole = path(dir.path(), "whole.json");
    let mut one_machine = JOB.to_vec();
    one_machine.extend(["--passes", "1", "--out", &whole]);
    let printed = best_response(&one_machine);
    let shards: Vec<String> =
        (0..3).map(|index| path(dir.path(), &format!("{index}.json"))).collect();
    for (index, shard) in shards.iter().enumerate() {
        let part = format!("{index}/3");
        let mut args = JOB.to_vec();
        args.extend(["--shard", &part, "--out", shard]);
        assert_eq!(best_response(&args), "", "a shard prints nothing");
    }
    // All at once, backwards; and in two groups.
    let merged = path(dir.path(), "merged.json");
    let merged_printed =
        best_response(&["--merge", &shards[2], &shards[1], &shards[0], "--out", &merged]);
    assert_eq!(counts(&merged), counts(&whole));
    assert_eq!(merged_printed, printed);
    let (group, again) = (path(dir.path(), "group.json"), path(dir.path(), "again.json"));
    best_response(&["--merge", &shards[2], &shards[0], "--out", &group]);
    best_response(&["--merge", &group, &shards[1], "--out", &again]);
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&merged).unwrap());
    // The next pass, from the merged round, in shards or at once.
    let next = path(dir.path(), "next.json");
    best_response(&["--from", &merged, "--shard", "0/1", "--out", &next]);
    let table = best_response(&["--merge", &next, "--json"]);
    let report: Value = serde_json::from_str(&table).unwrap();
    assert_eq!(report["passes"][0]["pass"], 2);
    assert!(report["passes"][0]["exploitability"].as_f64().unwrap() >= 0.0);
    assert_eq!(report["table"].as_array().unwrap().len(), 169);
    assert_eq!(report["job"]["deals"], 10);
}

#[test]
fn refused_command_lines_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = path(dir.path(), "out.json");
    let refused: [&[&str]; 9] = [
        &["--shard", "3/3", "--seed", "1", "--out", &out],
        &["--shard", "1/3", "--out", &out],
        &["--shard", "1/3", "--seed", "1"],
        &["--shard", "a/3", "--seed", "1", "--out", &out],
        &["--shard", "0/2", "--seed", "1", "--out", &out, "--passes", "2"],
        &["--merge", &out, "--deals", "5"],
        &["--merge"],
        &["--deals", "0"],
        &["--samples", "0"],
    ];
    for args in refused {
        let mut all = vec!["stats", "best-response"];
        all.extend_from_slice(args);
        let output = crib(&all, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(!Path::new(&out).exists(), "{args:?} wrote a round");
    }
    let shard =
        crib(&["stats", "best-response", "--shard", "7/2", "--seed", "1", "--out", &out], "");
    assert!(stderr(&shard).contains("shard 7 of 2: shards are counted from 0 to 1"));
    let seedless = crib(&["stats", "best-response", "--shard", "1/2", "--out", &out], "");
    assert!(
        stderr(&seedless).contains("--shard needs --seed (or --from)"),
        "{}",
        stderr(&seedless)
    );
}

#[test]
fn bad_rounds_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (path(dir.path(), "0.json"), path(dir.path(), "1.json"));
    for (index, file) in [&first, &second].into_iter().enumerate() {
        let part = format!("{index}/2");
        let mut args = JOB.to_vec();
        args.extend(["--shard", &part, "--out", file]);
        best_response(&args);
    }
    let text = std::fs::read_to_string(&first).unwrap();
    let write = |name: &str, text: &str| {
        let file = path(dir.path(), name);
        std::fs::write(&file, text).unwrap();
        file
    };
    let garbage = write("garbage.json", "not json");
    let cut = write("cut.json", &text[..text.len() / 2]);
    let future = write("future.json", &text.replacen("\"format\":1", "\"format\":9", 1));
    let lying =
        write("lying.json", &text.replacen("\"deals_counted\":5", "\"deals_counted\":6", 1));
    let cases: [(&[&str], &str); 7] = [
        (
            &["--merge", &garbage],
            "garbage.json is not a round of crib stats best-response: expected",
        ),
        (&["--merge", &cut], "cut.json is not a round of crib stats best-response: EOF"),
        (&["--merge", &future], "a round of format 9, where this crib reads format 1"),
        (&["--merge", &lying], "its shards hold 5 deals, and it counts 6"),
        (&["--merge", &first, &first], "shard 0/2 is in both rounds"),
        (
            &["--merge", &second, "--write", &path(dir.path(), "x.rs")],
            "lacks 1 of its 2 shards, shard 0/2 first",
        ),
        (
            &["--from", &second, "--shard", "0/2", "--out", &path(dir.path(), "x.json")],
            "cannot continue from",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["stats", "best-response"];
        all.extend_from_slice(args);
        let output = crib(&all, "");
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {said}");
        assert!(said.contains(message), "{args:?}: {said:?} lacks {message:?}");
        assert!(!said.contains("panicked"), "{said}");
    }
    let missing = crib(&["stats", "best-response", "--merge", &path(dir.path(), "none.json")], "");
    assert!(stderr(&missing).contains("cannot read the round"), "{}", stderr(&missing));
}

#[test]
fn the_shipped_table_is_printed_with_how_it_was_measured() {
    let output = crib(&["stats", "cribs", "--best-response", "--json"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let report: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["model"], "best-response");
    assert!(report["build"]["deals"].as_u64().unwrap() > 0);
    let discards = report["discards"].as_array().unwrap();
    assert_eq!(discards.len(), 169);
    let fives = discards.iter().find(|row| row["ranks"] == "55").unwrap();
    assert!(fives["dealer"].as_f64().unwrap() > 7.0);
    let text = stdout(&crib(&["stats", "cribs", "--best-response"], ""));
    assert!(text.starts_with("The crib for each two-card discard by iterated best response ("));
    let both = crib(&["stats", "cribs", "--best-response", "--uniform"], "");
    assert_eq!(both.status.code(), Some(2));
}

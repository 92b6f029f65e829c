//! `crib match` run as a user runs it, and our referee driving our own
//! engine, `crib engine`, through hundreds of seeded games.

use crib_ai::Strategy;
use crib_core::GameConfig;
use crib_referee::{EngineCommand, Entrant, MatchConfig, run_match};

use super::*;

fn json(args: &[&str]) -> Value {
    let output = crib(args, "");
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    serde_json::from_str(&stdout(&output)).unwrap()
}

#[test]
fn match_reports_every_game_and_replays_from_its_seed() {
    let args = [
        "match", "--seat-0", "basic", "--seat-1", "random", "--games", "60", "--seed", "5",
        "--json",
    ];
    let report = json(&args);
    let wins: u64 = report["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["wins"]["count"].as_u64().unwrap())
        .sum();
    assert_eq!(wins, 60);
    assert_eq!(report["failures"].as_array().unwrap().len(), 0);
    assert_eq!(json(&args), report);
}

#[test]
fn match_duplicate_plays_each_deal_at_every_seating() {
    let report =
        json(&["match", "--players", "3", "--games", "10", "--seed", "3", "--duplicate", "--json"]);
    assert_eq!(report["games"], 30);
    assert_eq!(report["deals"], 10);
    for team in report["teams"].as_array().unwrap() {
        // Three equal, deterministic players: each wins one game of each
        // deal's three.
        assert_eq!(team["wins"]["count"], 10);
    }
}

#[test]
fn match_log_has_one_line_per_game() {
    let path = std::env::temp_dir().join(format!("crib-match-log-{}.jsonl", std::process::id()));
    let path_text = path.to_str().unwrap();
    let output = crib(
        &["match", "--players", "4", "--seat-2", "random", "--games", "7", "--log", path_text],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("replay with --seed"), "{}", stderr(&output));
    assert!(stdout(&output).contains("players 0+2"), "{}", stdout(&output));
    let log = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let games: Vec<Value> = log.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(games.len(), 7);
    for (index, game) in games.iter().enumerate() {
        assert_eq!(game["game"], index as u64);
        assert_eq!(game["events"][0]["event"], "cut_for_deal");
        assert!(game["outcome"]["forfeit"].is_null());
    }
}

#[test]
fn match_refuses_an_engine_that_does_not_start() {
    let output = crib(&["match", "--seat-1", "/nonexistent/engine --level 3", "--games", "2"], "");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("the engine at seat 1"), "{}", stderr(&output));
    let output = crib(&["match", "--seat-1", "'unclosed", "--games", "2"], "");
    assert_eq!(output.status.code(), Some(2));
}

/// Our engine, `crib engine --level basic`, as a seat of a match.
fn our_engine() -> Entrant {
    let words = [env!("CARGO_BIN_EXE_crib"), "engine", "--level", "basic"];
    Entrant::Engine(EngineCommand::from_words(words.map(str::to_owned).to_vec()).unwrap())
}

/// Our referee drives our engine (`crib engine --level basic`) through
/// hundreds of seeded games for 2, 3 and 4 players, every board checked at
/// the end of every round: not one fault is allowed.
#[test]
fn the_referee_drives_crib_engine_through_hundreds_of_games() {
    let engine = our_engine;
    let random = Entrant::BuiltIn(Strategy::Random);
    let basic = Entrant::BuiltIn(Strategy::Basic);
    for (players, entrants) in [
        (2, vec![engine(), basic.clone()]),
        (2, vec![engine(), engine()]),
        (3, vec![engine(), random.clone(), engine()]),
        (4, vec![engine(), basic.clone(), random.clone(), engine()]),
        (4, vec![engine(), engine(), engine(), engine()]),
    ] {
        let mut config =
            MatchConfig::new(GameConfig::new(players, 121).unwrap(), entrants, 100, 2024);
        config.duplicate = true;
        let report = run_match(&config, None, |_, _| {}).unwrap();
        assert!(report.failures.is_empty(), "{players} players: {:#?}", report.failures);
        let wins: u64 = report.teams.iter().map(|team| team.wins.count).sum();
        assert_eq!(wins, config.games());
        assert!(config.games() >= 200);
    }
}

/// `crib engine --level basic` decides from what the protocol told it
/// exactly as the built-in `basic` decides from the referee's view: with
/// duplicate play every deal's games mirror each other, so every team wins
/// exactly one game of each deal's set, whoever sits where.
#[test]
fn crib_engine_basic_plays_as_the_built_in_basic() {
    let engine = our_engine;
    let basic = Entrant::BuiltIn(Strategy::Basic);
    for (players, entrants) in [
        (2, vec![engine(), basic.clone()]),
        (3, vec![basic.clone(), engine(), basic.clone()]),
        (4, vec![engine(), basic.clone(), basic.clone(), engine()]),
    ] {
        let mut config = MatchConfig::new(GameConfig::new(players, 121).unwrap(), entrants, 40, 77);
        config.duplicate = true;
        let report = run_match(&config, None, |_, _| {}).unwrap();
        assert!(report.failures.is_empty(), "{players} players: {:#?}", report.failures);
        for team in &report.teams {
            assert_eq!(team.wins.count, 40, "{players} players, team {}", team.team);
        }
    }
}

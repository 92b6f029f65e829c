//! The referee driving real processes: the small test engine played
//! straight (whole games for 2, 3 and 4 players with every board checked),
//! each of its faults (the engine loses the game with a clear reason, the
//! match goes on, no wait beyond the time limit), the match runner's
//! promises (reproducible, duplicate play, a log that replays), and engines
//! at a table where a person counts with muggins.

#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use crib_ai::Strategy;
use crib_core::{Action, Card, CardSet, Game, GameConfig, cut_for_deal, derive_seed};
use crib_referee::{
    EngineCommand, EngineOptions, Entrant, MatchConfig, MatchError, MatchReport, run_match,
    run_timed_match,
};
use crib_table::{FaultKind, play_game};
use serde_json::Value;

const TEST_ENGINE: &str = env!("CARGO_BIN_EXE_crib-test-engine");

/// The test engine with `args`.
fn engine(args: &[&str]) -> Entrant {
    let mut words = vec![TEST_ENGINE.to_owned()];
    words.extend(args.iter().map(|arg| (*arg).to_owned()));
    Entrant::Engine(EngineCommand::from_words(words).unwrap())
}

fn basic() -> Entrant {
    Entrant::BuiltIn(Strategy::Basic)
}

fn random() -> Entrant {
    Entrant::BuiltIn(Strategy::Random)
}

fn config(players: u8, entrants: Vec<Entrant>, deals: u64, seed: u64) -> MatchConfig {
    MatchConfig::new(GameConfig::new(players, 121).unwrap(), entrants, deals, seed)
}

fn play(config: &MatchConfig) -> MatchReport {
    run_match(config, None, |_, _| {}).unwrap()
}

/// A report's total wins, which is every game.
fn wins(report: &MatchReport) -> u64 {
    report.teams.iter().map(|team| team.wins.count).sum()
}

mod straight {
    use super::*;

    fn clean(players: u8, entrants: Vec<Entrant>, deals: u64) {
        let report = play(&config(players, entrants, deals, 11));
        assert!(report.failures.is_empty(), "{:#?}", report.failures);
        assert_eq!((report.games, wins(&report)), (deals, deals));
    }

    #[test]
    fn two_players() {
        clean(2, vec![engine(&[]), basic()], 40);
        clean(2, vec![random(), engine(&[])], 40);
        clean(2, vec![engine(&[]), engine(&[])], 40);
    }

    #[test]
    fn three_players() {
        clean(3, vec![engine(&[]), basic(), random()], 30);
        clean(3, vec![engine(&[]), engine(&[]), engine(&[])], 30);
    }

    #[test]
    fn four_players() {
        clean(4, vec![engine(&[]), basic(), random(), engine(&[])], 30);
        clean(4, vec![engine(&[]), engine(&[]), engine(&[]), engine(&[])], 30);
    }

    #[test]
    fn games_to_61() {
        let mut config = config(2, vec![engine(&[]), basic()], 20, 5);
        config.game = GameConfig::new(2, 61).unwrap();
        let report = play(&config);
        assert!(report.failures.is_empty(), "{:#?}", report.failures);
        assert_eq!(report.target, 61);
    }
}

/// What one engine was told and answered, over a whole match.
mod transcript {
    use super::*;

    /// The lines of a transcript, each `> command;` or `< answer.`.
    fn record(players: u8, seat: usize) -> Vec<String> {
        let dir = std::env::temp_dir()
            .join(format!("crib-referee-transcript-{}-{players}-{seat}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        let path = dir.to_str().unwrap();
        let mut entrants: Vec<Entrant> = (0..players).map(|_| basic()).collect();
        entrants[seat] = engine(&["--transcript", path]);
        let mut config = config(players, entrants, 3, 21);
        config.jobs = 1;
        let report = play(&config);
        assert!(report.failures.is_empty(), "{:#?}", report.failures);
        let text = std::fs::read_to_string(&dir).unwrap();
        std::fs::remove_file(&dir).unwrap();
        text.lines().map(str::to_owned).collect()
    }

    /// Checks the order of one engine's commands against the protocol: the
    /// handshake, then for each game `newgame`, and for each round `deal`,
    /// `hand`, `discard`, `starter`, the play, a `show` for every seat from
    /// the pone, `crib` and `board`. It is never told of its own plays.
    fn check(players: u8, seat: usize) {
        let lines = record(players, seat);
        let commands: Vec<&str> = lines.iter().filter_map(|line| line.strip_prefix("> ")).collect();
        // The referee's check before the match, then the workers' engine.
        assert_eq!(commands[..2], ["protocol;", "name;"]);
        let start = commands.iter().rposition(|c| *c == "protocol;").unwrap();
        assert_eq!(commands[start..start + 2], ["protocol;", "name;"]);
        let words = |command: &str| -> Vec<String> {
            command.trim_end_matches(';').split(' ').map(str::to_owned).collect()
        };
        let mut rounds = 0;
        let mut games = 0;
        let mut at = start + 2;
        while at < commands.len() {
            let first = words(commands[at]);
            match first[0].as_str() {
                "newgame" => {
                    assert_eq!(first[1..], [players.to_string(), seat.to_string(), "121".into()]);
                    games += 1;
                    at += 1;
                }
                "deal" => {
                    let dealer: usize = first[1].parse().unwrap();
                    let dealt = if players == 2 { 6 } else { 5 };
                    assert_eq!(words(commands[at + 1])[0], "hand");
                    assert_eq!(words(commands[at + 1]).len(), 1 + dealt);
                    assert_eq!(commands[at + 2], "discard;");
                    assert_eq!(words(commands[at + 3])[0], "starter");
                    at += 4;
                    while at < commands.len() {
                        let word = words(commands[at]);
                        match word[0].as_str() {
                            "play" => {}
                            "played" | "go" => assert_ne!(word[1], seat.to_string(), "own seat"),
                            _ => break,
                        }
                        at += 1;
                    }
                    let mut shower = dealer;
                    while words(commands[at])[0] == "show" {
                        shower = (shower + 1) % usize::from(players);
                        assert_eq!(words(commands[at])[1], shower.to_string());
                        at += 1;
                    }
                    if commands[at] != "board;" {
                        assert_eq!(shower, dealer, "every seat shows before the crib");
                        assert_eq!(words(commands[at])[0], "crib");
                        at += 1;
                    }
                    assert_eq!(commands[at], "board;");
                    at += 1;
                    rounds += 1;
                }
                "board" => at += 1,
                "quit" => break,
                other => panic!("unexpected {other} at command {at}: {:?}", &commands[at..]),
            }
        }
        assert_eq!(games, 3);
        assert!(rounds >= 3 * 5, "{rounds} rounds");
        // Every answer was `ok`.
        assert!(lines.iter().filter(|l| l.starts_with("< ")).all(|l| l.starts_with("< ok")));
    }

    #[test]
    fn two_players() {
        check(2, 0);
        check(2, 1);
    }

    #[test]
    fn three_players() {
        check(3, 2);
    }

    #[test]
    fn four_players() {
        check(4, 1);
    }
}

/// Each fault loses the game for the faulty engine's side, with its reason.
mod faults {
    use super::*;

    /// Plays `deals` games of the engine with `fault` at seat 0 against a
    /// basic player, one worker, and returns the report.
    fn faulty(fault: &str, deals: u64, timeout: Duration) -> MatchReport {
        let mut config = config(2, vec![engine(&["--fault", fault]), basic()], deals, 3);
        config.jobs = 1;
        config.engine = EngineOptions { timeout, ..EngineOptions::default() };
        play(&config)
    }

    /// Every game is lost by seat 0 with a fault of `kind` whose message
    /// contains `reason`.
    fn check(fault: &str, kind: FaultKind, reason: &str) {
        let report = faulty(fault, 3, Duration::from_secs(5));
        assert_eq!(report.games, 3);
        assert_eq!(report.teams[1].wins.count, 3, "{fault}");
        assert_eq!(report.teams[0].forfeits, 3, "{fault}");
        let failures = &report.failures[..];
        assert_eq!(failures.len(), 1, "{fault}");
        assert_eq!(failures[0].player, 0);
        assert_eq!(failures[0].games, 3);
        assert_eq!(failures[0].kinds.len(), 1);
        assert_eq!(failures[0].kinds[0].kind, kind, "{fault}: {:?}", failures[0].examples);
        let example = &failures[0].examples[0];
        assert!(example.contains(reason), "{fault}: {example}");
    }

    #[test]
    fn illegal_play() {
        check("illegal-play", FaultKind::Illegal, "illegal move: answered `play;` with \"");
        let report = faulty("illegal-play", 1, Duration::from_secs(5));
        assert!(report.failures[0].examples[0].contains("does not hold"));
    }

    #[test]
    fn illegal_go() {
        check("illegal-go", FaultKind::Illegal, "with \"go\": seat 0 cannot say go");
    }

    #[test]
    fn short_discard() {
        check("short-discard", FaultKind::Illegal, "must discard 2 cards, not 1");
    }

    #[test]
    fn foreign_discard() {
        check("foreign-discard", FaultKind::Illegal, "does not hold");
    }

    #[test]
    fn garbage() {
        check("garbage", FaultKind::Garbage, "answered `play;` with \"bananas\": not a response");
    }

    #[test]
    fn bad_card() {
        check("bad-card", FaultKind::Garbage, "answered `play;` with \"ok 1X.\"");
    }

    #[test]
    fn refusal() {
        check("refuse", FaultKind::Refused, "refused the legal command `starter");
    }

    #[test]
    fn miscount() {
        check("miscount", FaultKind::Miscount, "points, the referee counts");
    }

    #[test]
    fn board() {
        check("board", FaultKind::Board, "board disagrees: the engine has");
    }

    #[test]
    fn exit() {
        check("exit", FaultKind::Exited, "exited before answering `play;` (exit status: 3)");
    }

    #[test]
    fn hang_costs_the_time_limit() {
        let limit = Duration::from_millis(200);
        let started = Instant::now();
        let report = faulty("hang", 3, limit);
        let elapsed = started.elapsed();
        assert_eq!(report.failures[0].kinds[0].kind, FaultKind::Timeout);
        assert!(
            report.failures[0].examples[0].contains("no answer to `play;` within 200 ms"),
            "{:?}",
            report.failures[0].examples
        );
        assert_eq!(report.teams[1].wins.count, 3);
        // Each of the three games waited for the limit before giving up (a
        // lower bound, which a slow machine cannot break; how fast the
        // rest goes is for the benchmarks).
        assert!(elapsed >= limit * 3, "{elapsed:?}");
    }

    #[test]
    fn the_match_goes_on_with_a_new_process() {
        // Each process plays one good game, then exits in its second: a new
        // one is started, and plays one good game again.
        let mut config =
            config(2, vec![basic(), engine(&["--fault", "exit", "--from-game", "2"])], 6, 8);
        config.jobs = 1;
        let mut log = Vec::new();
        let report = run_match(&config, Some(&mut log), |_, _| {}).unwrap();
        assert_eq!(report.games, 6);
        assert_eq!(report.failures[0].player, 1);
        assert_eq!(report.failures[0].games, 3);
        let forfeits: Vec<bool> = String::from_utf8(log)
            .unwrap()
            .lines()
            .map(|line| {
                let record: Value = serde_json::from_str(line).unwrap();
                !record["outcome"]["forfeit"].is_null()
            })
            .collect();
        assert_eq!(forfeits, [false, true, false, true, false, true]);
    }

    #[test]
    fn an_engine_that_does_not_start_stops_the_match_at_once() {
        let missing = Entrant::parse("/nonexistent/crib-engine --level basic").unwrap();
        let error = run_match(&config(2, vec![basic(), missing], 5, 1), None, |_, _| {});
        let message = error.unwrap_err().to_string();
        assert!(
            message.starts_with(
                "the engine at seat 1 (/nonexistent/crib-engine --level basic) could not start"
            ),
            "{message}"
        );
    }

    #[test]
    fn a_program_that_is_no_engine_stops_the_match_at_once() {
        let cat = Entrant::parse("echo hello").unwrap();
        let error = run_match(&config(2, vec![cat, basic()], 5, 1), None, |_, _| {});
        let message = error.unwrap_err().to_string();
        // Either its answer is read, or it has exited before the referee
        // has written the question.
        assert!(
            message.contains("answered `protocol;` with \"hello\"")
                || message.contains("exited before answering `protocol;`"),
            "{message}"
        );
    }
}

mod runner {
    use super::*;

    /// A log that cannot be written: the match stops after its first game.
    struct Refusing;

    impl std::io::Write for Refusing {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("the disk is full"))
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_match_reserves_nothing_for_games_it_has_not_played() {
        // Ten trillion games: a slot reserved for each would not fit in
        // memory (the program aborted). The log's failure stops the match.
        let mut config = config(2, vec![random(), random()], 10_000_000_000_000, 3);
        config.jobs = 1;
        let error = run_match(&config, Some(&mut Refusing), |_, _| {}).unwrap_err();
        assert!(matches!(error, MatchError::Log(_)), "{error}");
    }

    #[test]
    fn each_engines_slowest_answer_is_timed() {
        let limit = Duration::from_millis(300);
        let mut config = config(2, vec![basic(), engine(&["--fault", "hang"])], 2, 5);
        config.engine = EngineOptions { timeout: limit, ..EngineOptions::default() };
        config.jobs = 1;
        let (report, slowest) = run_timed_match(&config, None, |_, _| {}).unwrap();
        assert_eq!(report.games, 2);
        assert_eq!(slowest[0], None, "a built-in player answers no command");
        let slowest = slowest[1].clone().expect("the engine answered");
        assert!(slowest.took >= limit, "{slowest:?}");
        assert_eq!(slowest.command, "play;");
        // A clean engine's slowest answer is one of its commands; only
        // the engine's seat is timed.
        let mut config = super::config(3, vec![engine(&[]), basic(), random()], 3, 5);
        config.jobs = 1;
        let (_, slowest) = run_timed_match(&config, None, |_, _| {}).unwrap();
        let answer = slowest[0].clone().expect("the engine answered");
        assert!(answer.command.ends_with(';'), "{answer:?}");
        assert_eq!(slowest[1..], [None, None]);
    }

    #[test]
    fn reports_and_logs_do_not_depend_on_the_workers() {
        let mut config = config(3, vec![engine(&[]), random(), basic()], 24, 99);
        let mut logs = Vec::new();
        let mut reports = Vec::new();
        for jobs in [1, 2, 3] {
            config.jobs = jobs;
            let mut log = Vec::new();
            reports.push(run_match(&config, Some(&mut log), |_, _| {}).unwrap());
            logs.push(log);
        }
        assert_eq!(reports[0], reports[1]);
        assert_eq!(reports[0], reports[2]);
        assert_eq!(logs[0], logs[1]);
        assert_eq!(logs[0], logs[2]);
        assert_eq!(String::from_utf8(logs[0].clone()).unwrap().lines().count(), 24);
    }

    #[test]
    fn one_game_replays_alone() {
        let mut config = config(2, vec![engine(&[]), random()], 10, 4);
        let mut whole = Vec::new();
        run_match(&config, Some(&mut whole), |_, _| {}).unwrap();
        config.only = Some(7);
        let mut alone = Vec::new();
        let report = run_match(&config, Some(&mut alone), |_, _| {}).unwrap();
        assert_eq!(report.games, 1);
        let whole = String::from_utf8(whole).unwrap();
        assert_eq!(whole.lines().nth(7).unwrap(), String::from_utf8(alone).unwrap().trim_end());
        config.only = Some(10);
        assert!(run_match(&config, None, |_, _| {}).is_err());
    }

    #[test]
    fn built_in_players_play_the_games_of_play_game_and_the_report_tallies_them() {
        for players in 2..=4u8 {
            let strategies: Vec<Strategy> = (0..players)
                .map(|seat| if seat % 2 == 0 { Strategy::Basic } else { Strategy::Random })
                .collect();
            let entrants = strategies.iter().map(|&strategy| Entrant::BuiltIn(strategy)).collect();
            let config = config(players, entrants, 60, 3);
            let report = play(&config);
            // The same games, each played alone as self-play at a table
            // of its own, whose game keeps its own tally.
            let sides = usize::from(config.game.sides());
            let (mut wins, mut first_dealer_wins, mut rounds) = (vec![0; sides], 0, 0);
            let mut hand = vec![0; sides];
            for game in 0..60 {
                let alone = play_game(config.game, &strategies, config.seed, game).unwrap();
                wins[alone.winner.index()] += 1;
                first_dealer_wins +=
                    u64::from(config.game.side_of(alone.first_dealer) == alone.winner);
                rounds += u64::from(alone.tally.rounds);
                for (side, points) in hand.iter_mut().enumerate() {
                    *points += u64::from(alone.tally.sides[side].hand);
                }
            }
            assert_eq!(report.rounds, rounds);
            assert_eq!(report.first_dealer_wins.count, first_dealer_wins);
            assert_eq!(report.first_dealer_wins.total, 60);
            let (mut dealt, mut cut) = (0, 0);
            for (side, team) in report.teams.iter().enumerate() {
                assert_eq!(team.wins.count, wins[side], "{players} players, side {side}");
                let all = &team.per_round.all;
                assert_eq!(all.rounds, rounds);
                assert!((all.hand * rounds as f64 - hand[side] as f64).abs() < 1e-6);
                let parts = all.pegging + all.hand + all.crib + all.heels;
                assert!((parts - all.total).abs() < 1e-9);
                dealt += team.per_round.dealer.rounds;
                cut += team.per_round.pone.rounds;
            }
            assert_eq!((dealt, cut), (rounds, rounds), "one dealer and one pone a round");
        }
    }

    #[test]
    fn duplicate_play_between_equal_players_is_even() {
        // Deterministic equal players make the same moves from the same
        // seats, so each team wins exactly one game of every deal's set.
        for (players, entrants) in [
            (2, vec![engine(&[]), engine(&[])]),
            (3, vec![basic(), basic(), basic()]),
            (4, vec![basic(), basic(), basic(), basic()]),
        ] {
            let mut config = config(players, entrants, 10, 17);
            config.duplicate = true;
            let report = play(&config);
            let seatings = if players == 3 { 3 } else { 2 };
            assert_eq!(report.games, 10 * seatings);
            for team in &report.teams {
                assert_eq!(team.wins.count, 10, "{players} players: team {}", team.team);
            }
            assert!(report.teams[0].margin.mean.abs() < 1e-9);
            // Each team is followed to wherever it sits: every team scored
            // what every other did, from the same cards and seats.
            for team in &report.teams[1..] {
                assert_eq!(team.per_round, report.teams[0].per_round);
            }
        }
    }

    #[test]
    fn progress_is_told_of_every_game() {
        let mut seen = Vec::new();
        run_match(&config(2, vec![basic(), basic()], 15, 2), None, |done, record| {
            seen.push((done, record.setup.game));
        })
        .unwrap();
        let mut games: Vec<u64> = seen.iter().map(|&(_, game)| game).collect();
        games.sort_unstable();
        assert_eq!(games, (0..15).collect::<Vec<_>>());
        assert_eq!(
            seen.iter().map(|&(done, _)| done).collect::<Vec<_>>(),
            (1..=15).collect::<Vec<_>>()
        );
    }
}

/// The log holds enough to replay every game: its seed gives the cut and
/// the decks, its events every decision.
mod log {
    use super::*;

    fn card(value: &Value) -> Card {
        value.as_str().unwrap().parse().unwrap()
    }

    fn replay(record: &Value) {
        let players = record["config"]["players"].as_u64().unwrap() as u8;
        let target = record["config"]["target"].as_u64().unwrap() as u8;
        let config = GameConfig::new(players, target).unwrap();
        let seed = record["seed"].as_u64().unwrap();
        let (dealer, _) = cut_for_deal(config, seed);
        let mut game = Game::new(config, dealer, derive_seed(seed, 1)).unwrap();
        let seat = |event: &Value| config.seat(event["seat"].as_u64().unwrap() as u8).unwrap();
        for event in record["events"].as_array().unwrap() {
            let action = match event["event"].as_str().unwrap() {
                "dealt" => Some((game.dealer(), Action::Deal)),
                "discarded" => {
                    let cards: CardSet =
                        event["cards"].as_array().unwrap().iter().map(card).collect();
                    Some((seat(event), Action::Discard(cards)))
                }
                "played" => Some((seat(event), Action::Play(card(&event["card"])))),
                "go" => Some((seat(event), Action::Go)),
                _ => None,
            };
            if let Some((seat, action)) = action {
                game.play(seat, action).unwrap();
            }
        }
        let scores: Vec<u64> = record["outcome"]["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|score| score.as_u64().unwrap())
            .collect();
        let replayed: Vec<u64> = game.board().scores().iter().map(|&s| u64::from(s)).collect();
        assert_eq!(replayed, scores);
        if record["outcome"]["forfeit"].is_null() {
            assert_eq!(
                game.winner().unwrap().index() as u64,
                record["outcome"]["winner"].as_u64().unwrap()
            );
        }
    }

    #[test]
    fn every_game_replays_from_its_line() {
        for players in [2, 3, 4] {
            let mut entrants = vec![engine(&[]), random()];
            entrants.extend((2..players).map(|_| basic()));
            let mut config = config(players, entrants, 6, 31);
            config.duplicate = true;
            let mut log = Vec::new();
            run_match(&config, Some(&mut log), |_, _| {}).unwrap();
            let text = String::from_utf8(log).unwrap();
            for (index, line) in text.lines().enumerate() {
                let record: Value = serde_json::from_str(line).unwrap();
                assert_eq!(record["game"].as_u64().unwrap(), index as u64);
                assert_eq!(record["seats"].as_array().unwrap().len(), usize::from(players));
                replay(&record);
            }
        }
    }

    #[test]
    fn a_forfeited_game_says_why() {
        let mut config = config(2, vec![basic(), engine(&["--fault", "board"])], 1, 6);
        config.jobs = 1;
        let mut log = Vec::new();
        run_match(&config, Some(&mut log), |_, _| {}).unwrap();
        let record: Value = serde_json::from_slice(&log).unwrap();
        let forfeit = &record["outcome"]["forfeit"];
        assert_eq!(forfeit["seat"], 1);
        assert_eq!(forfeit["fault"]["kind"], "board");
        assert_eq!(record["outcome"]["winner"], 0);
        replay(&record);
    }
}

/// The framing of answers, with scripted "engines" written in `sh`.
mod process {
    use super::*;
    use crib_protocol::Command;
    use crib_referee::EngineProcess;
    use crib_table::Fault;

    fn script(text: &str) -> EngineCommand {
        EngineCommand::from_words(vec!["sh".into(), "-c".into(), text.into()]).unwrap()
    }

    fn options() -> EngineOptions {
        EngineOptions { timeout: Duration::from_secs(5), ..EngineOptions::default() }
    }

    #[test]
    fn a_last_line_without_a_break_and_crlf_are_answers() {
        // It answers without reading, then exits: the referee reads its
        // answers all the same, then finds it gone.
        let command = script(r"printf 'ok 1.\r\nok tester 2.'");
        let mut engine = EngineProcess::start(&command, options()).unwrap();
        assert_eq!(engine.name(), "tester 2");
        let fault = engine.ask(&Command::Board).unwrap_err();
        assert!(
            matches!(&fault, Fault::Exited { command, status } if command == "board;" && status.contains("exit status: 0")),
            "{fault}"
        );
    }

    #[test]
    fn a_line_without_end_is_garbage_not_a_memory_leak() {
        let command = script("head -c 100000 /dev/zero | tr '\\0' a; cat");
        let fault = EngineProcess::start(&command, options()).unwrap_err();
        assert!(
            matches!(&fault, Fault::Garbage { reason, .. } if reason.contains("longer than")),
            "{fault}"
        );
    }

    #[test]
    fn another_protocol_version_does_not_start() {
        let fault = EngineProcess::start(&script("echo 'ok 2.'; cat"), options()).unwrap_err();
        assert_eq!(
            fault.to_string(),
            "could not start: `protocol;` answered \"2\": the referee speaks version 1"
        );
    }

    #[test]
    fn a_silent_engine_is_given_up_on_after_its_time_limit() {
        let options = EngineOptions { timeout: Duration::from_millis(100), ..options() };
        let fault = EngineProcess::start(&script("cat >/dev/null"), options).unwrap_err();
        assert_eq!(fault, Fault::Timeout { command: "protocol;".into(), limit_ms: 100 });
    }
}

/// A table with engine processes at it.
mod table {
    use crib_core::{Action, BySeat, Claims, Event, GameConfig, Phase, Seat};
    use crib_referee::{EngineCommand, EngineContestant, EngineOptions};
    use crib_table::{Dealing, Sitter, Table, TableSetup};

    fn setup(players: u8) -> TableSetup {
        let config = GameConfig::new(players, 121).unwrap();
        TableSetup { config, length: 1.into(), seed: 17, muggins: false, muggins_pegging: false }
    }

    /// The person's first legal move.
    fn person_move(table: &Table) -> Option<Action> {
        let view = table.view(Seat::ALL[0]);
        view.legal_actions().into_iter().find(|action| *action != Action::Deal)
    }

    /// With muggins a person pegs what they claim for their hand, crib and
    /// cards, and the seat after calls what they miss: counts no engine can
    /// make from the protocol's `show`, `crib` and `played`. The engines at
    /// the table are told the board after each (`setboard`), so that every
    /// check of their boards agrees with the table's and no game is lost to
    /// a fault; before, the first claim below the count was one.
    #[test]
    fn engines_keep_the_board_where_a_person_counts_with_muggins() {
        for players in [2, 3, 4] {
            let mut setup = setup(players);
            (setup.muggins, setup.muggins_pegging) = (true, true);
            let mut sitters = vec![Sitter::person("me")];
            for _ in 1..players {
                let command =
                    EngineCommand::from_words(vec![super::TEST_ENGINE.to_owned()]).unwrap();
                let engine = EngineContestant::new(command, EngineOptions::default());
                sitters.push(Sitter::program(engine));
            }
            let seats = BySeat::from_vec(sitters).unwrap();
            let mut table = Table::new(setup, seats, Dealing::OnRequest, None);
            table.start().unwrap();
            let (mut rounds, mut claimed, mut called) = (0, 0, 0);
            while rounds < 4 && table.play().winner().is_none() {
                table.advance().unwrap();
                if table.game().phase() == Phase::Deal {
                    rounds += 1;
                    table.deal().unwrap();
                    continue;
                }
                let Some(action) = person_move(&table) else { break };
                // Every count claimed one short of nothing: all of it is
                // missed, and called by the next seat.
                let me = Seat::ALL[0];
                let claims = Claims::NONE.with_hand(me, 0).with_crib(0).with_pegging(0);
                for event in table.act(me, action, claims).unwrap() {
                    claimed += usize::from(matches!(event, Event::Claimed { .. }));
                    called += usize::from(matches!(event, Event::Muggins { .. }));
                }
            }
            assert!(rounds >= 3, "{players} players: {rounds} rounds");
            assert!(claimed >= 2 && called >= 3, "{players} players: {claimed} {called}");
        }
    }
}

//! The referee's speed with engine processes: a round trip on a pipe, whole
//! games between engine processes, and a whole `crib match`. The issue asks
//! for at least 200 games a second between two `basic` engine processes.
//!
//! The engine is the test engine of this crate unless `CRIB_ENGINE` gives
//! another command line, e.g.
//! `CRIB_ENGINE="target/release/crib engine --level basic" cargo bench -p crib-referee`.

use crib_ai::Strategy;
use crib_core::{Card, GameConfig, derive_seed};
use crib_protocol::Command;
use crib_referee::{
    EngineCommand, EngineContestant, EngineOptions, EngineProcess, Entrant, GameSetup, MatchConfig,
    referee_game, run_match,
};
use crib_table::Contestant;
use divan::counter::ItemsCount;

fn main() {
    divan::main();
}

fn engine() -> EngineCommand {
    match std::env::var("CRIB_ENGINE") {
        Ok(line) => EngineCommand::parse(&line).expect("CRIB_ENGINE is a command line"),
        Err(_) => {
            EngineCommand::from_words(vec![env!("CARGO_BIN_EXE_crib-test-engine").to_owned()])
                .expect("the test engine's path is a program")
        }
    }
}

/// One `count;` to an engine and its answer: the cost of a round trip.
#[divan::bench]
fn round_trip(bencher: divan::Bencher) {
    let mut process =
        EngineProcess::start(&engine(), EngineOptions::default()).expect("the engine starts");
    let card = |text: &str| text.parse::<Card>().expect("a card");
    let count = Command::Count {
        hand: [card("5H"), card("5S"), card("5C"), card("JD")],
        starter: card("5D"),
        crib: false,
    };
    bencher.bench_local(|| process.ask(&count).expect("the engine counts"));
}

/// One whole game between engine processes that stay up from game to game,
/// on one thread.
#[divan::bench(args = [2, 3, 4])]
fn engine_game(bencher: divan::Bencher, players: u8) {
    let config = GameConfig::new(players, 121).expect("2 to 4 players");
    let mut table: Vec<Box<dyn Contestant + Send>> = (0..players)
        .map(|_| {
            Box::new(EngineContestant::new(engine(), EngineOptions::default()))
                as Box<dyn Contestant + Send>
        })
        .collect();
    let seating: Vec<usize> = (0..usize::from(players)).collect();
    let mut game = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        game += 1;
        let setup = GameSetup { config, game, deal: game, rotation: 0, seed: derive_seed(1, game) };
        let record = referee_game(&mut table, &seating, &setup);
        assert!(record.outcome.forfeit.is_none(), "{:?}", record.outcome.forfeit);
    });
}

/// One whole game between two built-in `basic` players through the
/// referee: its own cost, without processes.
#[divan::bench]
fn built_in_game(bencher: divan::Bencher) {
    let entrant = Entrant::BuiltIn(Strategy::Basic);
    let mut table: Vec<Box<dyn Contestant + Send>> = vec![
        entrant.contestant(EngineOptions::default()),
        entrant.contestant(EngineOptions::default()),
    ];
    let mut game = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        game += 1;
        let setup = GameSetup {
            config: GameConfig::default(),
            game,
            deal: game,
            rotation: 0,
            seed: derive_seed(1, game),
        };
        referee_game(&mut table, &[0, 1], &setup)
    });
}

/// `crib match` between two engines: 200 games, engines started and quit,
/// with `jobs` workers (on this machine's two cores).
#[divan::bench(args = [1, 2], sample_count = 5, sample_size = 1)]
fn engine_match(bencher: divan::Bencher, jobs: usize) {
    let entrants = vec![Entrant::Engine(engine()), Entrant::Engine(engine())];
    let mut config = MatchConfig::new(GameConfig::default(), entrants, 200, 7);
    config.jobs = jobs;
    bencher.counter(ItemsCount::new(200usize)).bench_local(|| {
        let report = run_match(&config, None, |_, _| {}).expect("the match is played");
        assert!(report.failures.is_empty(), "{:?}", report.failures);
    });
}

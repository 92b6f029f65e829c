//! A match: many seeded games between the same players, in parallel, with a
//! log and a report that depend only on the seed (and the players).
//!
//! Game `i` of a match seeded `seed` is deal `i` (or, with duplicate play,
//! deal `i / s` at seating `i % s`), and deal `d` is seeded
//! `derive_seed(seed, d)`: any game can be played again alone
//! ([`MatchConfig::only`]). With duplicate play each deal is played once per
//! seating, the players moved one seat round the table each time, so that
//! every side sits where each other side sat and gets its cards: two seatings
//! with two or four players, three with three.
//!
//! Games are shared out to worker threads, each with its own contestants (so
//! its own engine processes, started once and reused from game to game).
//! The report is computed from the games in their order, and the log is
//! written in that order, whatever order the workers finish in.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use crib_table::{Contestant, Fault, SlowestAnswer};

use crate::config::{Entrant, MatchConfig};
use crate::{EngineProcess, GameRecord, GameSetup, GameTally, MatchReport, Outcome, referee_game};

/// Why a match cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// One player per seat is needed.
    #[error("a game of {players} players needs {players} players, not {given}")]
    Seats {
        /// The players of the game.
        players: u8,
        /// The entrants given.
        given: usize,
    },
    /// An engine does not start and answer `protocol;` before the match.
    #[error("the engine at seat {player} ({command}) {fault}")]
    Engine {
        /// The player's place in [`MatchConfig::entrants`].
        player: usize,
        /// Its command line.
        command: String,
        /// What went wrong.
        fault: Fault,
    },
    /// [`MatchConfig::only`] names a game past the end of the match.
    #[error("there is no game {only} in a match of {games} games")]
    NoSuchGame {
        /// The game asked for.
        only: u64,
        /// The games of the match.
        games: u64,
    },
    /// A worker thread could not be started.
    #[error("starting a worker thread: {0}")]
    Thread(#[source] io::Error),
    /// The log could not be written.
    #[error("writing the log: {0}")]
    Log(#[source] io::Error),
}

/// Plays the match and reports on it. Each game is written to `log` as one
/// line of JSON (a [`GameRecord`]), in the order of the games; `progress` is
/// told of each game as it finishes, with the number finished so far.
///
/// # Errors
///
/// The wrong number of players, an engine that does not start, a game that
/// is not in the match, or a log that cannot be written.
pub fn run_match(
    config: &MatchConfig,
    log: Option<&mut dyn Write>,
    progress: impl FnMut(u64, &GameRecord),
) -> Result<MatchReport, MatchError> {
    run_timed_match(config, log, progress).map(|(report, _)| report)
}

/// [`run_match`], with each player's slowest answer over the match (in the
/// match's order; `None` for a built-in player): how long an engine took to
/// answer one command, from the moment the referee waited for it, as its
/// time limit counts. Not part of the report, which depends only on the
/// seed and the players.
///
/// # Errors
///
/// As [`run_match`].
pub fn run_timed_match(
    config: &MatchConfig,
    mut log: Option<&mut dyn Write>,
    mut progress: impl FnMut(u64, &GameRecord),
) -> Result<(MatchReport, Vec<Option<SlowestAnswer>>), MatchError> {
    let players = config.game.players();
    if config.entrants.len() != usize::from(players) {
        return Err(MatchError::Seats { players, given: config.entrants.len() });
    }
    let names = check_engines(config)?;
    // The games to play: `first` and the `count - 1` after it.
    let (first, count) = match config.only {
        Some(only) if only >= config.games() => {
            return Err(MatchError::NoSuchGame { only, games: config.games() });
        }
        Some(only) => (only, 1),
        None => (0, config.games()),
    };
    let slots = usize::try_from(count).unwrap_or(usize::MAX);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let jobs = if config.jobs == 0 { cores } else { config.jobs };
    let jobs = jobs.clamp(1, slots.max(1));

    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    // The report needs only each game's outcome and tally, by game (kept as
    // they come: nothing is reserved for games not played, which a match cut
    // short never plays); whole records wait here only until the log can
    // take them in order.
    let mut outcomes: BTreeMap<usize, (GameSetup, Outcome, GameTally)> = BTreeMap::new();
    let mut waiting = BTreeMap::new();
    let mut written = 0;
    let mut log_error = None;
    let mut slowest = vec![None; config.entrants.len()];
    std::thread::scope(|scope| -> Result<(), MatchError> {
        let (sender, receiver) = mpsc::channel();
        let mut workers = Vec::with_capacity(jobs);
        for worker in 0..jobs {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            let worker = std::thread::Builder::new()
                .name(format!("match worker {worker}"))
                .spawn_scoped(scope, move || {
                    work(config, first..first + count, next, stop, &sender)
                })
                .map_err(MatchError::Thread)?;
            workers.push(worker);
        }
        drop(sender);
        for (done, (slot, record, tally)) in (1..).zip(receiver) {
            progress(done, &record);
            outcomes.insert(slot, (record.setup, record.outcome.clone(), tally));
            let Some(out) = log.as_deref_mut() else { continue };
            waiting.insert(slot, record);
            while let Some(record) = waiting.remove(&written) {
                if log_error.is_none()
                    && let Err(error) = write_record(out, &record)
                {
                    log_error = Some(error);
                    stop.store(true, Ordering::Relaxed);
                }
                written += 1;
            }
        }
        for worker in workers {
            // A worker that panicked has sent what it played.
            let Ok(answers) = worker.join() else { continue };
            for (slowest, answer) in slowest.iter_mut().zip(answers) {
                *slowest = SlowestAnswer::slower(slowest.take(), answer);
            }
        }
        Ok(())
    })?;
    if let Some(error) = log_error {
        return Err(MatchError::Log(error));
    }
    if let Some(out) = log {
        out.flush().map_err(MatchError::Log)?;
    }
    let outcomes: Vec<(GameSetup, Outcome, GameTally)> = outcomes.into_values().collect();
    Ok((MatchReport::new(config, &names, &outcomes), slowest))
}

/// Starts every engine once before the match, so that a command line that
/// does not run is an error at once rather than a forfeit of every game.
/// Returns each player's name for the report.
fn check_engines(config: &MatchConfig) -> Result<Vec<String>, MatchError> {
    config
        .entrants
        .iter()
        .enumerate()
        .map(|(player, entrant)| match entrant {
            Entrant::BuiltIn(_) | Entrant::Thinking(_) => Ok(entrant.to_string()),
            Entrant::Engine(command) => match EngineProcess::start(command, config.engine) {
                Ok(process) => {
                    let name = process.name().to_owned();
                    process.quit();
                    Ok(name)
                }
                Err(fault) => {
                    Err(MatchError::Engine { player, command: command.to_string(), fault })
                }
            },
        })
        .collect()
}

/// A worker: its own contestants, playing the next game not yet taken until
/// there are none left. Returns each player's slowest answer.
fn work(
    config: &MatchConfig,
    games: Range<u64>,
    next: &AtomicU64,
    stop: &AtomicBool,
    results: &mpsc::Sender<(usize, GameRecord, GameTally)>,
) -> Vec<Option<SlowestAnswer>> {
    let mut contestants: Vec<Box<dyn Contestant + Send>> =
        config.entrants.iter().map(|entrant| entrant.contestant(config.engine)).collect();
    while !stop.load(Ordering::Relaxed) {
        let slot = next.fetch_add(1, Ordering::Relaxed);
        let game = games.start.saturating_add(slot);
        let Ok(slot) = usize::try_from(slot) else { break };
        if !games.contains(&game) {
            break;
        }
        let setup = config.setup(game);
        let seating = config.seating(setup.rotation);
        // Seat the players: moving every player `rotation` seats on is
        // turning the table; it is turned back after the game.
        let turn = usize::from(setup.rotation);
        contestants.rotate_right(turn);
        let record = referee_game(&mut contestants, &seating, &setup);
        contestants.rotate_left(turn);
        // Tallied here, in parallel, so that the report keeps no events.
        let tally = GameTally::of(setup.config, &record.events);
        if results.send((slot, record, tally)).is_err() {
            break;
        }
    }
    let mut slowest = Vec::with_capacity(contestants.len());
    for contestant in &mut contestants {
        contestant.close();
        slowest.push(contestant.slowest_answer());
    }
    slowest
}

fn write_record(out: &mut dyn Write, record: &GameRecord) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

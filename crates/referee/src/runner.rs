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
use std::fmt;
use std::io::{self, Write};
use std::ops::Range;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use crib_ai::{ExpertOptions, Strategy};
use crib_core::{GameConfig, Seat, derive_seed};
use crib_table::{BuiltInContestant, Contestant, Fault};
use serde::Serialize;

use crate::{
    CommandLineError, EngineCommand, EngineContestant, EngineOptions, EngineProcess, GameRecord,
    GameSetup, GameTally, MatchReport, Outcome, referee_game,
};

/// A player as the command line names it: a built-in player or an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// A built-in player, in-process.
    BuiltIn(Strategy),
    /// The expert, in-process, with a thinking budget in milliseconds
    /// (`expert:MS`; see `crib_ai::ExpertOptions::thinking`).
    Thinking(u32),
    /// An engine process, started from this command line.
    Engine(EngineCommand),
}

impl Entrant {
    /// A built-in player's name (`random`, `basic`), the expert with a
    /// thinking budget (`expert:500`, in milliseconds), or else an engine's
    /// command line.
    ///
    /// ```
    /// use crib_referee::Entrant;
    /// assert!(matches!(Entrant::parse("basic")?, Entrant::BuiltIn(_)));
    /// assert_eq!(Entrant::parse("expert:500")?, Entrant::Thinking(500));
    /// assert!(Entrant::parse("expert:soon").is_err());
    /// assert!(matches!(Entrant::parse("crib engine --level basic")?, Entrant::Engine(_)));
    /// # Ok::<(), crib_referee::CommandLineError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An empty command line, quotes that do not close, or a thinking
    /// budget that is not a whole number of milliseconds from 1 to
    /// `crib_ai::ExpertOptions::MAX_THINK_MS`.
    pub fn parse(text: &str) -> Result<Entrant, CommandLineError> {
        if let Some((name, budget)) = text.trim().split_once(':')
            && name.parse::<Strategy>() == Ok(Strategy::Expert)
        {
            return match budget.trim().parse::<u32>() {
                Ok(ms) if (1..=ExpertOptions::MAX_THINK_MS).contains(&ms) => {
                    Ok(Entrant::Thinking(ms))
                }
                _ => Err(CommandLineError::Budget(budget.to_owned())),
            };
        }
        match text.parse::<Strategy>() {
            Ok(strategy) => Ok(Entrant::BuiltIn(strategy)),
            Err(_) => Ok(Entrant::Engine(EngineCommand::parse(text)?)),
        }
    }

    /// A contestant that plays as this entrant.
    #[must_use]
    pub fn contestant(&self, options: EngineOptions) -> Box<dyn Contestant + Send> {
        match self {
            Entrant::BuiltIn(strategy) => Box::new(BuiltInContestant::new(*strategy)),
            Entrant::Thinking(ms) => Box::new(BuiltInContestant::thinking(*ms)),
            Entrant::Engine(command) => Box::new(EngineContestant::new(command.clone(), options)),
        }
    }
}

impl FromStr for Entrant {
    type Err = CommandLineError;

    fn from_str(text: &str) -> Result<Entrant, CommandLineError> {
        Entrant::parse(text)
    }
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entrant::BuiltIn(strategy) => fmt::Display::fmt(strategy, f),
            Entrant::Thinking(ms) => write!(f, "{}:{ms}", Strategy::Expert),
            Entrant::Engine(command) => fmt::Display::fmt(command, f),
        }
    }
}

impl Serialize for Entrant {
    /// As the command line writes it.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// Players and target of every game.
    pub game: GameConfig,
    /// The players, one per seat, seat 0 first (with duplicate play, where
    /// they sit in the first game of each deal).
    pub entrants: Vec<Entrant>,
    /// The number of deals: the number of games, or with duplicate play
    /// the number of deals each played once per seating.
    pub deals: u64,
    /// The seed of the whole match.
    pub seed: u64,
    /// Play every deal once per seating, to cancel the luck of the cards.
    pub duplicate: bool,
    /// How engine processes are run.
    pub engine: EngineOptions,
    /// Worker threads; 0 for one per core.
    pub jobs: usize,
    /// Play only this game of the match (to replay it).
    pub only: Option<u64>,
}

impl MatchConfig {
    /// A match of `deals` games between `entrants`, one worker per core.
    #[must_use]
    pub fn new(game: GameConfig, entrants: Vec<Entrant>, deals: u64, seed: u64) -> MatchConfig {
        MatchConfig {
            game,
            entrants,
            deals,
            seed,
            duplicate: false,
            engine: EngineOptions::default(),
            jobs: 0,
            only: None,
        }
    }

    /// How many times each deal is played: once, or with duplicate play once
    /// per side (2 with two or four players, 3 with three).
    #[must_use]
    pub fn seatings(&self) -> u64 {
        if self.duplicate { u64::from(self.game.sides()) } else { 1 }
    }

    /// The number of games in the whole match.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.deals.saturating_mul(self.seatings())
    }

    /// Game `game` of the match.
    #[must_use]
    pub fn setup(&self, game: u64) -> GameSetup {
        let deal = game / self.seatings();
        GameSetup {
            config: self.game,
            game,
            deal,
            // Fewer than four seatings.
            rotation: (game % self.seatings()) as u8,
            seed: derive_seed(self.seed, deal),
        }
    }

    /// Which player sits at each seat in a game at `rotation`: every player
    /// moves `rotation` seats on from where it sits in the first game.
    #[must_use]
    pub fn seating(&self, rotation: u8) -> Vec<usize> {
        let players = usize::from(self.game.players());
        (0..players)
            .map(|seat| (seat + players - usize::from(rotation) % players) % players)
            .collect()
    }
}

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
    mut log: Option<&mut dyn Write>,
    mut progress: impl FnMut(u64, &GameRecord),
) -> Result<MatchReport, MatchError> {
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
    // The report needs only each game's outcome and tally; whole records
    // wait here only until the log can take them in order.
    let mut outcomes: Vec<Option<(GameSetup, Outcome, GameTally)>> = vec![None; slots];
    let mut waiting = BTreeMap::new();
    let mut written = 0;
    let mut log_error = None;
    std::thread::scope(|scope| -> Result<(), MatchError> {
        let (sender, receiver) = mpsc::channel();
        for worker in 0..jobs {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            std::thread::Builder::new()
                .name(format!("match worker {worker}"))
                .spawn_scoped(scope, move || {
                    work(config, first..first + count, next, stop, &sender)
                })
                .map_err(MatchError::Thread)?;
        }
        drop(sender);
        for (done, (slot, record, tally)) in (1..).zip(receiver) {
            progress(done, &record);
            outcomes[slot] = Some((record.setup, record.outcome.clone(), tally));
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
        Ok(())
    })?;
    if let Some(error) = log_error {
        return Err(MatchError::Log(error));
    }
    if let Some(out) = log {
        out.flush().map_err(MatchError::Log)?;
    }
    let outcomes: Vec<(GameSetup, Outcome, GameTally)> = outcomes.into_iter().flatten().collect();
    Ok(MatchReport::new(config, &names, &outcomes))
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
/// there are none left.
fn work(
    config: &MatchConfig,
    games: Range<u64>,
    next: &AtomicU64,
    stop: &AtomicBool,
    results: &mpsc::Sender<(usize, GameRecord, GameTally)>,
) {
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
    for contestant in &mut contestants {
        contestant.close();
    }
}

fn write_record(out: &mut dyn Write, record: &GameRecord) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

/// The seat of `player` in a game at `rotation` of `config`.
pub(crate) fn seat_of(config: GameConfig, player: usize, rotation: u8) -> Seat {
    let players = usize::from(config.players());
    Seat::ALL[(player + usize::from(rotation)) % players]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_seatings_give_each_side_the_other_cards() {
        let entrants = vec![Entrant::BuiltIn(Strategy::Basic); 4];
        let mut config = MatchConfig::new(GameConfig::new(4, 121).unwrap(), entrants, 3, 9);
        config.duplicate = true;
        assert_eq!((config.seatings(), config.games()), (2, 6));
        assert_eq!(config.seating(1), [3, 0, 1, 2]);
        let (first, second) = (config.setup(4), config.setup(5));
        assert_eq!((first.deal, first.rotation, second.deal, second.rotation), (2, 0, 2, 1));
        assert_eq!(first.seed, second.seed);
        for player in 0..4 {
            let seat = seat_of(config.game, player, 1);
            assert_eq!(config.seating(1)[seat.index()], player);
            assert_ne!(config.game.side_of(seat), config.game.side_of(Seat::ALL[player]));
        }
    }
}

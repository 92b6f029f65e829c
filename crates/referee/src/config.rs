//! What a match plays: its players as the command line names them
//! ([`Entrant`]), and its games ([`MatchConfig`]): the deals and their
//! seeds, and with duplicate play the seatings, every player moved one seat
//! round the table each time.

use std::fmt;
use std::str::FromStr;

use crib_ai::{ExpertOptions, Strategy};
use crib_core::{GameConfig, Seat, derive_seed};
use crib_table::{BuiltInContestant, Contestant};
use serde::Serialize;

use crate::{CommandLineError, EngineCommand, EngineContestant, EngineOptions, GameSetup};

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

//! Self-play: seeded games between built-in players, each a match of one
//! game at a [`Table`] of programs, like every other game.
//!
//! Game `i` of a run seeded `seed` is a table seeded `derive_seed(seed, i)`:
//! the game `crib match` plays as game `i` of a match with that seed between
//! the same built-in players (without duplicate play), played here without
//! the referee's record, for measures, benchmarks and tests.

use crib_ai::{Measured, RoundCounter, Strategy};
use crib_core::{BySeat, Game, GameConfig, Seat, Side, Skunk, Tally, derive_seed};
use rayon::prelude::*;

use crate::{BuiltInContestant, Sitter, Table, TableError};

/// Why a game of self-play could not be played.
#[derive(Debug, thiserror::Error)]
pub enum SelfPlayError {
    /// One player per seat is needed.
    #[error("a game of {players} players needs {players} seats' players, not {given}")]
    Seats {
        /// The players of the game.
        players: u8,
        /// The strategies given.
        given: usize,
    },
    /// The table stopped: a player chose an action the rules refuse.
    #[error("game {game}: {error}")]
    Table {
        /// The game's index in the run.
        game: u64,
        /// What the table said.
        #[source]
        error: TableError,
    },
}

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// The winning side.
    pub winner: Side,
    /// The deepest skunk of a loser.
    pub skunk: Skunk,
    /// The seat that dealt first.
    pub first_dealer: Seat,
    /// Points by source and role over the game's completed rounds.
    pub tally: Tally,
}

/// Plays game `index` of a run seeded `seed` between `seats`, one built-in
/// player per seat, seat 0 first.
///
/// # Errors
///
/// The wrong number of players, or a player's illegal action.
pub fn play_game(
    config: GameConfig,
    seats: &[Strategy],
    seed: u64,
    index: u64,
) -> Result<GameOutcome, SelfPlayError> {
    play_game_watched(config, seats, seed, index, &mut |_| {})
}

/// [`play_game`], showing the game to `watch` after every action (for
/// measures of the game as it goes, such as each round's points).
///
/// # Errors
///
/// The wrong number of players, or a player's illegal action.
pub fn play_game_watched(
    config: GameConfig,
    seats: &[Strategy],
    seed: u64,
    index: u64,
    watch: &mut dyn FnMut(&Game),
) -> Result<GameOutcome, SelfPlayError> {
    let players = config.players();
    if seats.len() != usize::from(players) {
        return Err(SelfPlayError::Seats { players, given: seats.len() });
    }
    let sitters =
        seats.iter().map(|&strategy| Sitter::program(BuiltInContestant::new(strategy))).collect();
    let sitters = BySeat::from_vec(sitters).expect("as many sitters as the config's 2 to 4 seats");
    let mut table = Table::one_game(config, derive_seed(seed, index), sitters);
    let stopped = |error| SelfPlayError::Table { game: index, error };
    table.start().map_err(stopped)?;
    watch(table.game());
    table.play_out_watched(watch).map_err(stopped)?;
    let game = table.game();
    let result = game.result().expect("a game of programs played out is over");
    Ok(GameOutcome {
        winner: result.winner,
        skunk: result.skunk(),
        first_dealer: game.first_dealer(),
        tally: *game.tally(),
    })
}

/// Measures the distributions of a round's points over `games` seeded games
/// of self-play between `strategy` players at a table of `config` (on every
/// core), and counts the first dealer's wins. Game `i` is game `i` of
/// [`play_game`]'s runs. `progress` is called after each game.
#[must_use]
pub fn measure_rounds(
    config: GameConfig,
    games: u64,
    seed: u64,
    strategy: Strategy,
    progress: &(dyn Fn() + Sync),
) -> Measured {
    let seats = vec![strategy; usize::from(config.players())];
    let (counts, first_dealer_wins) = (0..games)
        .into_par_iter()
        .map(|index| {
            let mut counter = RoundCounter::new(config);
            let outcome =
                play_game_watched(config, &seats, seed, index, &mut |game| counter.watch(game));
            // Built-in players make only legal moves: a refusal would leave
            // the game uncounted, and so out of the first dealer's rate too.
            let won = outcome.map_or(0, |outcome| {
                u64::from(outcome.winner == config.side_of(outcome.first_dealer))
            });
            progress();
            (counter.into_counts(), won)
        })
        .reduce(
            || (Default::default(), 0),
            |(a, wins_a), (b, wins_b)| (a.merge(b), wins_a + wins_b),
        );
    Measured { players: config.players(), counts, games, seed, strategy, first_dealer_wins }
}

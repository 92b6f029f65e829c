//! Self-play: one seeded game between built-in players, on the players'
//! own loop, and the rate of something over many games.
//!
//! Game `i` of a run seeded `seed` is seeded `derive_seed(seed, i)` and set
//! up as the first game of a match with that seed (cut for the deal, then
//! decks from its own derived seeds): the game `crib match` (the referee's
//! runner) plays as game `i` of a match with that seed between the same
//! built-in players, played here without a referee, for benchmarks and
//! tests.

use crib_core::{
    Game, GameConfig, IllegalAction, Phase, Seat, Side, Skunk, Tally, cut_for_deal, derive_seed,
};
use serde::Serialize;

use crate::{Player, Strategy};

/// Why a game cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// One player per seat is needed.
    #[error("a game of {players} players needs {players} seats' players, not {given}")]
    Seats {
        /// The players of the game.
        players: u8,
        /// The strategies given.
        given: usize,
    },
    /// A player chose an action the rules refuse.
    #[error("game {game}: seat {seat} chose an illegal action: {error}")]
    Illegal {
        /// The game's index in the run.
        game: u64,
        /// The seat.
        seat: Seat,
        /// Why the action was refused.
        error: IllegalAction,
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

/// Plays game `index` of a run seeded `seed` between `seats`, one player per
/// seat, seat 0 first.
///
/// # Errors
///
/// The wrong number of players, or a player's illegal action.
pub fn play_game(
    config: GameConfig,
    seats: &[Strategy],
    seed: u64,
    index: u64,
) -> Result<GameOutcome, SimError> {
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
) -> Result<GameOutcome, SimError> {
    let players = config.players();
    if seats.len() != usize::from(players) {
        return Err(SimError::Seats { players, given: seats.len() });
    }
    let game_seed = derive_seed(seed, index);
    let (dealer, _) = cut_for_deal(config, game_seed);
    let mut game = Game::new(config, dealer, derive_seed(game_seed, 1))
        .expect("the cut chose a seat at the table");
    let mut players: Vec<_> = config
        .seats()
        .zip(seats)
        .map(|(seat, strategy)| strategy.player(derive_seed(game_seed, 2 + seat.index() as u64)))
        .collect();
    while game.phase() != Phase::Over {
        // One seat at a time: the dealer, the seats discarding in seat
        // order, or the seat whose turn it is.
        let seat = match game.phase() {
            Phase::Deal => game.dealer(),
            Phase::Discard => config
                .seats()
                .find(|&seat| !game.has_discarded(seat))
                .expect("someone has yet to discard in the discard phase"),
            _ => game.pegging().turn().expect("someone is to play in the pegging phase"),
        };
        let view = game.view(seat);
        let Some(action) = players[seat.index()].act(&view) else {
            unreachable!("the seat chosen is to act")
        };
        game.check(seat, action).map_err(|error| SimError::Illegal { game: index, seat, error })?;
        game.play_unchecked(seat, action);
        watch(&game);
    }
    let result = game.result().expect("the game is over");
    Ok(GameOutcome {
        winner: result.winner,
        skunk: result.skunk(),
        first_dealer: game.first_dealer(),
        tally: *game.tally(),
    })
}

/// A proportion with its 95% confidence interval (Wilson's score interval).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// How many times.
    pub count: u64,
    /// Out of how many.
    pub total: u64,
    /// `count / total`, or 0 when `total` is 0.
    pub rate: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl Rate {
    /// `count` out of `total`, with its interval.
    ///
    /// ```
    /// let rate = crib_ai::Rate::new(560, 1000);
    /// assert!((rate.rate - 0.56).abs() < 1e-12);
    /// assert!(rate.low < 0.56 && 0.56 < rate.high);
    /// assert!((rate.high - rate.low - 0.0614).abs() < 0.001);
    /// ```
    #[must_use]
    pub fn new(count: u64, total: u64) -> Rate {
        if total == 0 {
            return Rate { count, total, rate: 0.0, low: 0.0, high: 0.0 };
        }
        const Z: f64 = 1.959_963_984_540_054;
        let n = total as f64;
        let p = count as f64 / n;
        let z2 = Z * Z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Rate {
            count,
            total,
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }
}

//! Self-play: one seeded game between built-in players, on the players'
//! own loop.
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

use crate::players::player::Player;
use crate::players::strategy::Strategy;

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

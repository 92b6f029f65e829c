//! Self-play: many seeded games between built-in players, and what they show.
//!
//! Game `i` of a run seeded `seed` is seeded `derive_seed(seed, i)` and set
//! up as the first game of a match with that seed (cut for the deal, then
//! decks from its own derived seeds), so any single game replays alone with
//! [`play_game`]. Games run on every core with rayon; the totals are sums of
//! whole numbers, so the report does not depend on the order games finish.

use std::sync::atomic::{AtomicU64, Ordering};

use crib_core::{
    Game, GameConfig, IllegalAction, Phase, Seat, Side, Skunk, Tally, cut_for_deal, derive_seed,
};
use rayon::prelude::*;
use serde::Serialize;

use crate::{Player, Strategy};

/// What to simulate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SimConfig {
    /// Players and target of every game.
    pub game: GameConfig,
    /// The player at each seat, seat 0 first: one per player.
    pub seats: Vec<Strategy>,
    /// The number of games.
    pub games: u64,
    /// The seed of the whole run.
    pub seed: u64,
}

/// Why a simulation cannot run.
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

/// How one game of a run ended.
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

/// Plays game `index` of a run seeded `seed` between `seats`, as
/// [`simulate`] does.
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

/// A side's results over a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// The side.
    pub side: Side,
    /// Its seats' players, in seat order.
    pub players: Vec<Strategy>,
    /// Games won.
    pub wins: Rate,
    /// Games won by a skunk or double skunk.
    pub skunks: Rate,
    /// Games won by a double skunk.
    pub double_skunks: Rate,
    /// The side's average points per completed round, by source, as dealer
    /// and pone alike.
    pub points: RoundAverages,
}

/// Average points per round from each source.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RoundAverages {
    /// His heels.
    pub heels: f64,
    /// The play.
    pub pegging: f64,
    /// The hand.
    pub hand: f64,
    /// The crib.
    pub crib: f64,
    /// Everything.
    pub total: f64,
}

impl RoundAverages {
    fn of(points: &crib_core::SourcePoints, rounds: u32) -> RoundAverages {
        let per = |value: u32| if rounds == 0 { 0.0 } else { f64::from(value) / f64::from(rounds) };
        RoundAverages {
            heels: per(points.heels),
            pegging: per(points.pegging),
            hand: per(points.hand),
            crib: per(points.crib),
            total: per(points.total()),
        }
    }
}

/// The results of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    /// What was simulated.
    pub config: SimConfig,
    /// Each side's wins and skunks.
    pub sides: Vec<SideReport>,
    /// Games won by the side of the seat that dealt first.
    pub first_dealer_wins: Rate,
    /// Completed rounds (a round cut short by the win is not counted).
    pub rounds: u32,
    /// The dealer's average points per completed round.
    pub dealer: RoundAverages,
    /// The pone's (the seat after the dealer) average points per completed
    /// round.
    pub pone: RoundAverages,
}

#[derive(Clone, Debug, Default)]
struct Totals {
    wins: [u64; 3],
    skunks: [u64; 3],
    double_skunks: [u64; 3],
    first_dealer_wins: u64,
    tally: Tally,
}

impl Totals {
    fn add(mut self, config: GameConfig, outcome: &GameOutcome) -> Totals {
        let side = outcome.winner.index();
        self.wins[side] += 1;
        self.skunks[side] += u64::from(outcome.skunk >= Skunk::Single);
        self.double_skunks[side] += u64::from(outcome.skunk == Skunk::Double);
        self.first_dealer_wins += u64::from(config.side_of(outcome.first_dealer) == outcome.winner);
        self.tally.add(&outcome.tally);
        self
    }

    fn merge(mut self, other: Totals) -> Totals {
        for side in 0..3 {
            self.wins[side] += other.wins[side];
            self.skunks[side] += other.skunks[side];
            self.double_skunks[side] += other.double_skunks[side];
        }
        self.first_dealer_wins += other.first_dealer_wins;
        self.tally.add(&other.tally);
        self
    }
}

/// Plays `config.games` games on every core and reports on them.
/// `progress` is called after each game with the number of games finished
/// so far (from any thread, in no particular order).
///
/// ```
/// use crib_ai::{SimConfig, Strategy, simulate};
/// use crib_core::GameConfig;
/// let config = SimConfig {
///     game: GameConfig::default(),
///     seats: vec![Strategy::Basic, Strategy::Random],
///     games: 20,
///     seed: 1,
/// };
/// let report = simulate(&config, |_| {})?;
/// assert_eq!(report.sides[0].wins.count + report.sides[1].wins.count, 20);
/// assert_eq!(simulate(&config, |_| {})?, report);
/// # Ok::<(), crib_ai::SimError>(())
/// ```
///
/// # Errors
///
/// The wrong number of players, or a player's illegal action.
pub fn simulate(config: &SimConfig, progress: impl Fn(u64) + Sync) -> Result<SimReport, SimError> {
    let game = config.game;
    let players = game.players();
    if config.seats.len() != usize::from(players) {
        return Err(SimError::Seats { players, given: config.seats.len() });
    }
    let done = AtomicU64::new(0);
    let totals = (0..config.games)
        .into_par_iter()
        .map(|index| {
            let outcome = play_game(game, &config.seats, config.seed, index);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            outcome
        })
        .try_fold(Totals::default, |totals, outcome| Ok(totals.add(game, &outcome?)))
        .try_reduce(Totals::default, |a, b| Ok(a.merge(b)))?;
    let games = config.games;
    let sides = game
        .all_sides()
        .map(|side| SideReport {
            side,
            players: game.seats_of(side).map(|seat| config.seats[seat.index()]).collect(),
            wins: Rate::new(totals.wins[side.index()], games),
            skunks: Rate::new(totals.skunks[side.index()], games),
            double_skunks: Rate::new(totals.double_skunks[side.index()], games),
            points: RoundAverages::of(&totals.tally.sides[side.index()], totals.tally.rounds),
        })
        .collect();
    let rounds = totals.tally.rounds;
    Ok(SimReport {
        config: config.clone(),
        sides,
        first_dealer_wins: Rate::new(totals.first_dealer_wins, games),
        rounds,
        dealer: RoundAverages::of(&totals.tally.dealer, rounds),
        pone: RoundAverages::of(&totals.tally.pone, rounds),
    })
}

//! What a match shows: each team's wins and skunks, its points and its
//! margin per game with 95% confidence intervals, and every player's faults
//! by kind with the first few in words.
//!
//! A team is a side of the first seating: one player with two or three
//! players, the partners `--seat-0` and `--seat-2` (or 1 and 3) with four.
//! With duplicate play a team changes seats from game to game; it is
//! followed wherever it sits.

use crib_ai::Rate;
use crib_core::{Seat, Skunk};
use serde::Serialize;

use crate::runner::seat_of;
use crate::{FaultKind, GameSetup, MatchConfig, Outcome};

/// How many faults of each player a report quotes.
const EXAMPLES: usize = 3;

/// A mean with its 95% confidence interval (normal approximation).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Mean {
    /// The number of values.
    pub count: u64,
    /// Their mean; 0 when there are none.
    pub mean: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl Mean {
    /// The mean of `values`, with its interval.
    ///
    /// ```
    /// let mean = crib_referee::Mean::of([1.0, 2.0, 3.0, 4.0]);
    /// assert_eq!((mean.count, mean.mean), (4, 2.5));
    /// // The sample variance is 5/3, so the standard error is (5/12)^½.
    /// let half = 1.959_964 * (5.0f64 / 12.0).sqrt();
    /// assert!((mean.low - (2.5 - half)).abs() < 1e-5 && (mean.high - (2.5 + half)).abs() < 1e-5);
    /// ```
    #[must_use]
    pub fn of(values: impl IntoIterator<Item = f64>) -> Mean {
        let (mut count, mut sum, mut squares) = (0u64, 0.0, 0.0);
        for value in values {
            count += 1;
            sum += value;
            squares += value * value;
        }
        if count == 0 {
            return Mean { count, mean: 0.0, low: 0.0, high: 0.0 };
        }
        const Z: f64 = 1.959_963_984_540_054;
        let n = count as f64;
        let mean = sum / n;
        let variance = if count > 1 { ((squares - sum * mean) / (n - 1.0)).max(0.0) } else { 0.0 };
        let half = Z * (variance / n).sqrt();
        Mean { count, mean, low: mean - half, high: mean + half }
    }
}

/// One of the match's players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerReport {
    /// Its place in the match's list (`--seat-N`).
    pub player: usize,
    /// As the command line gave it.
    pub entrant: String,
    /// A built-in player's name, or the engine's answer to `name;`.
    pub name: String,
}

/// A team's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamReport {
    /// The team's side in the first seating.
    pub team: usize,
    /// Its players.
    pub players: Vec<usize>,
    /// Games won (forfeits by others included).
    pub wins: Rate,
    /// Games won by a skunk or double skunk.
    pub skunks: Rate,
    /// Games won by a double skunk.
    pub double_skunks: Rate,
    /// Games lost by a fault of one of its players.
    pub forfeits: u64,
    /// Its points at the end of each game.
    pub points: Mean,
    /// Its points less the other sides' mean, at the end of each game.
    pub margin: Mean,
}

/// How many games a player lost by faults of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct KindCount {
    /// The kind.
    pub kind: FaultKind,
    /// The games.
    pub games: u64,
}

/// A player's faults.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailureReport {
    /// The player at fault.
    pub player: usize,
    /// As the command line gave it.
    pub entrant: String,
    /// Games it lost by a fault.
    pub games: u64,
    /// Those games by the kind of fault.
    pub kinds: Vec<KindCount>,
    /// The first few, in words: the game, the seat and the fault.
    pub examples: Vec<String>,
}

/// The results of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// Players at the table.
    pub players: u8,
    /// The score that wins.
    pub target: u8,
    /// The match's seed.
    pub seed: u64,
    /// Deals played.
    pub deals: u64,
    /// Games played.
    pub games: u64,
    /// Whether every deal was played once per seating.
    pub duplicate: bool,
    /// The players.
    pub entrants: Vec<PlayerReport>,
    /// The teams' results, team 0 first.
    pub teams: Vec<TeamReport>,
    /// Every player with faults, in the match's order.
    pub failures: Vec<FailureReport>,
}

impl MatchReport {
    /// The report on `games` of the match `config`, in game order; `names`
    /// are the players' names.
    #[must_use]
    pub fn new(
        config: &MatchConfig,
        names: &[String],
        games: &[(GameSetup, Outcome)],
    ) -> MatchReport {
        let table = config.game;
        let players = usize::from(table.players());
        let team_of = |player: usize| table.side_of(Seat::ALL[player]).index();
        let count = games.len() as u64;
        let teams = (0..usize::from(table.sides()))
            .map(|team| {
                let members: Vec<usize> = (0..players).filter(|&p| team_of(p) == team).collect();
                let side_in = |setup: &GameSetup| {
                    table.side_of(seat_of(table, members[0], setup.rotation)).index()
                };
                let (mut wins, mut skunks, mut doubles, mut forfeits) = (0, 0, 0, 0);
                for (setup, outcome) in games {
                    let side = side_in(setup);
                    if outcome.winner.index() == side {
                        wins += 1;
                        skunks += u64::from(outcome.skunk >= Skunk::Single);
                        doubles += u64::from(outcome.skunk == Skunk::Double);
                    }
                    let at_fault = outcome.forfeit.as_ref().map(|f| table.side_of(f.seat).index());
                    forfeits += u64::from(at_fault == Some(side));
                }
                let points = games.iter().map(|(setup, outcome)| {
                    let side = side_in(setup);
                    let own = f64::from(outcome.scores[side]);
                    let others: f64 = outcome
                        .scores
                        .iter()
                        .enumerate()
                        .filter(|&(other, _)| other != side)
                        .map(|(_, &score)| f64::from(score))
                        .sum();
                    (own, own - others / (outcome.scores.len() - 1) as f64)
                });
                TeamReport {
                    team,
                    players: members.clone(),
                    wins: Rate::new(wins, count),
                    skunks: Rate::new(skunks, count),
                    double_skunks: Rate::new(doubles, count),
                    forfeits,
                    points: Mean::of(points.clone().map(|(own, _)| own)),
                    margin: Mean::of(points.map(|(_, margin)| margin)),
                }
            })
            .collect();
        let entrants: Vec<PlayerReport> = config
            .entrants
            .iter()
            .enumerate()
            .map(|(player, entrant)| PlayerReport {
                player,
                entrant: entrant.to_string(),
                name: names.get(player).cloned().unwrap_or_default(),
            })
            .collect();
        let failures = (0..players)
            .filter_map(|player| {
                let mut kinds: Vec<KindCount> = Vec::new();
                let mut examples = Vec::new();
                let mut lost = 0;
                for (setup, outcome) in games {
                    let Some(forfeit) = &outcome.forfeit else { continue };
                    if config.seating(setup.rotation)[forfeit.seat.index()] != player {
                        continue;
                    }
                    lost += 1;
                    let kind = forfeit.fault.kind();
                    match kinds.iter_mut().find(|count| count.kind == kind) {
                        Some(count) => count.games += 1,
                        None => kinds.push(KindCount { kind, games: 1 }),
                    }
                    if examples.len() < EXAMPLES {
                        examples.push(format!(
                            "game {} (seed {}), seat {}: {}",
                            setup.game, setup.seed, forfeit.seat, forfeit.fault
                        ));
                    }
                }
                kinds.sort_by_key(|count| count.kind);
                (lost > 0).then(|| FailureReport {
                    player,
                    entrant: entrants[player].entrant.clone(),
                    games: lost,
                    kinds,
                    examples,
                })
            })
            .collect();
        MatchReport {
            players: table.players(),
            target: table.target(),
            seed: config.seed,
            deals: if config.only.is_some() { 1 } else { config.deals },
            games: count,
            duplicate: config.duplicate,
            entrants,
            teams,
            failures,
        }
    }
}

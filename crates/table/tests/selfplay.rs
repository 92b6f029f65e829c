//! Self-play at the table: seeded games between built-in players, legal at
//! every table, replayed alone from their seeds, and the rounds they
//! measure against the kept tables of the chance of winning.

use crib_ai::{Measured, Rate, RoundCounts, Strategy, ThreeTable, WinTable};
use crib_core::GameConfig;
use crib_table::{GameOutcome, SelfPlayError, measure_rounds, play_game};
use rayon::prelude::*;

/// Plays games `0..games` of a run seeded `seed` on every core; each game's
/// outcome, in order.
fn play_games(config: GameConfig, seats: &[Strategy], seed: u64, games: u64) -> Vec<GameOutcome> {
    (0..games).into_par_iter().map(|index| play_game(config, seats, seed, index).unwrap()).collect()
}

#[test]
fn every_pairing_plays_legal_games_for_every_table() {
    for players in 2..=4 {
        for target in [61, 121] {
            for (i, strategy) in Strategy::ALL.into_iter().enumerate() {
                // Each strategy against the next one round the list, so
                // every strategy meets two others.
                let mut seats = vec![strategy; usize::from(players)];
                seats[0] = Strategy::ALL[(i + 1) % Strategy::ALL.len()];
                // The expert thinks; a few games prove it legal.
                let games = if seats.contains(&Strategy::Expert) { 3 } else { 200 };
                let config = GameConfig::new(players, target).unwrap();
                let seed = u64::from(players) * 1000 + u64::from(target);
                let outcomes = play_games(config, &seats, seed, games);
                for outcome in &outcomes {
                    assert!(outcome.winner.index() < usize::from(config.sides()));
                }
                assert!(outcomes.iter().map(|outcome| outcome.tally.rounds).sum::<u32>() > 0);
            }
        }
    }
}

#[test]
fn games_replay_alone_from_their_seed() {
    let (config, seats) = (GameConfig::default(), [Strategy::Basic, Strategy::Random]);
    let outcomes = play_games(config, &seats, 2024, 64);
    for (index, outcome) in (0..).zip(&outcomes) {
        assert_eq!(&play_game(config, &seats, 2024, index).unwrap(), outcome);
    }
    assert_ne!(play_games(config, &seats, 2025, 64), outcomes);
}

#[test]
fn basic_beats_random() {
    let outcomes = play_games(GameConfig::default(), &[Strategy::Basic, Strategy::Random], 5, 400);
    let wins = outcomes.iter().filter(|outcome| outcome.winner.index() == 0).count();
    let rate = Rate::new(wins as u64, 400);
    assert!(rate.low > 0.6, "{rate:?}");
}

#[test]
fn a_game_needs_a_player_per_seat() {
    let four = GameConfig::new(4, 121).unwrap();
    let error = play_game(four, &[Strategy::Random; 3], 0, 0).unwrap_err();
    assert!(matches!(error, SelfPlayError::Seats { players: 4, given: 3 }), "{error:?}");
    assert_eq!(error.to_string(), "a game of 4 players needs 4 seats' players, not 3");
}

#[test]
fn classic_is_deterministic_and_legal_at_every_table_size() {
    for players in [2, 3, 4] {
        let config = GameConfig::new(players, 121).unwrap();
        let seats = vec![Strategy::Classic; usize::from(players)];
        let first = play_game(config, &seats, 11, 0).unwrap();
        let again = play_game(config, &seats, 11, 0).unwrap();
        assert_eq!(first, again);
    }
}

/// How far a fresh self-play's first dealer's rate may be from the table.
#[derive(Clone, Copy)]
enum Agreement {
    /// Within the rate's 95% interval: one run in twenty misses by chance.
    Interval,
    /// Within 3.3 standard errors of the table's figure: one run in a
    /// thousand misses by chance, so that a short run in every test of the
    /// suite fails for a table that is wrong, not for an unlucky seed.
    Sure,
}

/// A fresh run of expert self-play at a table of `players`: its first
/// dealer's rate agrees with the table's figure as `agreement` asks, and
/// the table rebuilt from its rounds agrees with the stored one.
fn fresh_self_play_agrees(
    players: u8,
    games: u64,
    seed: u64,
    agreement: Agreement,
    tolerance: f64,
) {
    let config = GameConfig::new(players, 121).unwrap();
    let measured = measure_rounds(config, games, seed, Strategy::Expert, &|| {});
    assert_eq!((measured.games, measured.players), (games, players));
    let rate = measured.first_dealer_rate();
    let first_dealer = |counts: &RoundCounts| {
        if players == 3 {
            ThreeTable::from_counts(counts).chances([121; 3])[2]
        } else {
            WinTable::from_counts(counts).chance(121, 121, true)
        }
    };
    let table = first_dealer(&Measured::stored_for(players).unwrap().counts);
    let agrees = match agreement {
        Agreement::Interval => rate.low <= table && table <= rate.high,
        Agreement::Sure => {
            let error = (table * (1.0 - table) / games as f64).sqrt();
            (rate.rate - table).abs() <= 3.3 * error
        }
    };
    assert!(agrees, "{rate:?} against the table's {table}");
    let rebuilt = first_dealer(&measured.counts);
    assert!((rebuilt - table).abs() < tolerance, "rebuilt {rebuilt}, stored {table}");
}

#[test]
fn a_short_fresh_self_play_agrees_with_the_table() {
    fresh_self_play_agrees(2, 160, 11, Agreement::Sure, 0.04);
    fresh_self_play_agrees(3, 80, 11, Agreement::Sure, 0.06);
    fresh_self_play_agrees(4, 80, 11, Agreement::Sure, 0.06);
}

#[test]
#[ignore = "about three minutes of expert self-play on two idle cores"]
fn a_long_fresh_self_play_agrees_with_the_table() {
    fresh_self_play_agrees(2, 1000, 12, Agreement::Interval, 0.02);
    fresh_self_play_agrees(3, 600, 12, Agreement::Interval, 0.03);
    fresh_self_play_agrees(4, 600, 12, Agreement::Interval, 0.03);
}

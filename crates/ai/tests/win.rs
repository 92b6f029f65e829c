//! The chance of winning: its edges, its monotony, the published
//! first-dealer figure, and fresh self-play against the table.

use crib_ai::{Measured, RoundCounts, Strategy, WinTable, chance_now, measure_rounds, win_chance};
use crib_core::{Action, Game, GameConfig, Seat};

#[test]
fn edges_of_the_board() {
    for dealing in [true, false] {
        // A side that needs nothing has won; against one, lost.
        assert_eq!(win_chance(0, 50, dealing), 1.0);
        assert_eq!(win_chance(50, 0, dealing), 0.0);
        assert_eq!(win_chance(0, 0, dealing), 1.0);
        // The last hole against a side at the start: all but won.
        assert!(win_chance(1, 121, dealing) > 0.99);
        assert!(win_chance(121, 1, dealing) < 0.01);
    }
    // Beyond the target the chance is the target's.
    assert_eq!(win_chance(500, 60, true), win_chance(121, 60, true));
}

#[test]
fn more_points_never_lower_the_chance() {
    for dealing in [true, false] {
        for mine in 1..=121u16 {
            for theirs in 1..=121u16 {
                let here = win_chance(mine, theirs, dealing);
                assert!((-1e-9..=1.0 + 1e-9).contains(&here), "{here}");
                // Needing one point fewer (having one more) never hurts;
                // the opponent needing one more never hurts either.
                assert!(win_chance(mine - 1, theirs, dealing) >= here - 1e-12, "{mine} {theirs}");
                assert!(win_chance(mine, theirs + 1, dealing) >= here - 1e-12, "{mine} {theirs}");
                // One side's chance is the other's loss.
                let other = win_chance(theirs, mine, !dealing);
                assert!((here + other - 1.0).abs() < 1e-9, "{mine} {theirs}");
            }
        }
    }
}

#[test]
fn the_deal_is_worth_having_when_level() {
    // Level at the start of a game the dealer is the favourite, at 121 and
    // at 61: the crib and the last card are the dealer's.
    for level in [121, 61] {
        assert!(win_chance(level, level, true) > win_chance(level, level, false));
    }
    // The published figure: the first dealer wins about 55 to 56%.
    let first = win_chance(121, 121, true);
    assert!((0.54..0.575).contains(&first), "{first}");
}

#[test]
fn the_chance_now_follows_the_game() {
    let config = GameConfig::default();
    let mut game = Game::new(config, Seat::ALL[0], 3).unwrap();
    game.play(Seat::ALL[0], Action::Deal).unwrap();
    // At the start of the round it is the table's.
    assert_eq!(chance_now(&game.view(Seat::ALL[0])), Some(win_chance(121, 121, true)));
    assert_eq!(chance_now(&game.view(Seat::ALL[1])), Some(win_chance(121, 121, false)));
    // With three or four players there is no model.
    let three = Game::new(GameConfig::new(3, 121).unwrap(), Seat::ALL[0], 3).unwrap();
    assert_eq!(chance_now(&three.view(Seat::ALL[0])), None);
    // A game over is won or lost.
    let mut over = game.view(Seat::ALL[0]);
    over.winner = Some(config.side_of(Seat::ALL[0]));
    assert_eq!(chance_now(&over), Some(1.0));
    over.winner = Some(config.side_of(Seat::ALL[1]));
    assert_eq!(chance_now(&over), Some(0.0));
}

#[test]
fn the_repository_keeps_the_source_the_command_writes() {
    let stored = Measured::stored();
    assert_eq!(stored.source(), include_str!("../src/win_table.rs"));
    let table = WinTable::from_counts(&RoundCounts::stored());
    assert_eq!(table.chance(121, 121, true), win_chance(121, 121, true));
}

/// A fresh run of expert self-play: its first dealer's rate's interval
/// holds the table's figure, and the table rebuilt from its rounds agrees
/// with the stored one.
fn fresh_self_play_agrees(games: u64, seed: u64, tolerance: f64) {
    let measured = measure_rounds(games, seed, Strategy::Expert, &|| {});
    assert_eq!(measured.games, games);
    let rate = measured.first_dealer_rate();
    let table = win_chance(121, 121, true);
    assert!(rate.low <= table && table <= rate.high, "{rate:?} against the table's {table}");
    let rebuilt = WinTable::from_counts(&measured.counts).chance(121, 121, true);
    assert!((rebuilt - table).abs() < tolerance, "rebuilt {rebuilt}, stored {table}");
}

#[test]
fn a_short_fresh_self_play_agrees_with_the_table() {
    fresh_self_play_agrees(160, 11, 0.04);
}

#[test]
#[ignore = "about a minute of expert self-play on two idle cores"]
fn a_long_fresh_self_play_agrees_with_the_table() {
    fresh_self_play_agrees(1000, 12, 0.02);
}

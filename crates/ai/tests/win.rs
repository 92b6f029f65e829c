//! The chance of winning: its edges, its monotony and the published
//! first-dealer figure, for two players, three, and four in partnerships
//! (fresh self-play against the tables is `crib_table`'s test).

use crib_ai::{
    Measured, RoundCounts, ThreeTable, WinTable, chance_at_deal, chance_now, win_chance,
};
use crib_core::{Action, Game, GameConfig, Seat};

/// The tables kept: two players, and four in partnerships.
fn tables() -> [(u8, &'static WinTable); 2] {
    [2, 4].map(|players| (players, WinTable::for_players(players).expect("a table is kept")))
}

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
fn the_four_player_table_has_the_same_edges() {
    let four = WinTable::for_players(4).unwrap();
    let chance = |mine, theirs, dealing| four.chance(mine, theirs, dealing);
    for dealing in [true, false] {
        assert_eq!(chance(0, 50, dealing), 1.0);
        assert_eq!(chance(50, 0, dealing), 0.0);
        assert!(chance(1, 121, dealing) > 0.99);
        assert!(chance(121, 1, dealing) < 0.01);
    }
    // Three players race as three seats: no two sides' table, but their
    // own (`ThreeTable`).
    assert!(WinTable::for_players(3).is_none());
    // Two players read the same table as `win_chance`.
    let two = WinTable::for_players(2).unwrap();
    assert_eq!(two.chance(40, 70, false), win_chance(40, 70, false));
}

#[test]
fn more_points_never_lower_the_chance() {
    for (players, table) in tables() {
        for dealing in [true, false] {
            for mine in 1..=121u16 {
                for theirs in 1..=121u16 {
                    let here = table.chance(mine, theirs, dealing);
                    let at = format!("{players} players, {mine} {theirs} {dealing}");
                    assert!((-1e-9..=1.0 + 1e-9).contains(&here), "{here} at {at}");
                    // Needing one point fewer (having one more) never
                    // hurts; the opponent needing one more never hurts
                    // either.
                    assert!(table.chance(mine - 1, theirs, dealing) >= here - 1e-12, "{at}");
                    assert!(table.chance(mine, theirs + 1, dealing) >= here - 1e-12, "{at}");
                    // One side's chance is the other's loss.
                    let other = table.chance(theirs, mine, !dealing);
                    assert!((here + other - 1.0).abs() < 1e-9, "{at}");
                }
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
    // Four players: the dealing side has the crib and the last card too,
    // and the game is shorter (each round scores two hands a side), so the
    // deal is worth more.
    let four = WinTable::for_players(4).unwrap();
    assert!(four.chance(121, 121, true) > first);
    assert!(four.chance(121, 121, true) + four.chance(121, 121, false) - 1.0 < 1e-9);
}

#[test]
fn the_chance_now_follows_the_game() {
    let config = GameConfig::default();
    let mut game = Game::new(config, Seat::ALL[0], 3).unwrap();
    game.play(Seat::ALL[0], Action::Deal).unwrap();
    // At the start of the round it is the table's.
    assert_eq!(chance_now(&game.view(Seat::ALL[0])), win_chance(121, 121, true));
    assert_eq!(chance_now(&game.view(Seat::ALL[1])), win_chance(121, 121, false));
    // With three players each seat has its place's chance: seat 0 deals,
    // seat 1 is the pone, seat 2 the second pone.
    let config = GameConfig::new(3, 121).unwrap();
    let mut three = Game::new(config, Seat::ALL[0], 3).unwrap();
    three.play(Seat::ALL[0], Action::Deal).unwrap();
    let [pone, second, dealer] = ThreeTable::stored().chances([121; 3]);
    for (seat, chance) in [(0, dealer), (1, pone), (2, second)] {
        assert_eq!(chance_now(&three.view(Seat::ALL[seat])), chance);
    }
    // With four, partners share their side's chance: the dealer's partner
    // has the dealer's, the pone's partner the pone's.
    let config = GameConfig::new(4, 121).unwrap();
    let mut four = Game::new(config, Seat::ALL[0], 3).unwrap();
    four.play(Seat::ALL[0], Action::Deal).unwrap();
    let table = WinTable::for_players(4).unwrap();
    for seat in config.seats() {
        let dealing = config.side_of(seat) == config.side_of(Seat::ALL[0]);
        assert_eq!(chance_now(&four.view(seat)), table.chance(121, 121, dealing));
    }
    // Between rounds the chance from the scores at the deal is the chance
    // now, for every seat of every table, however the board stands.
    for players in [2, 3, 4] {
        let config = GameConfig::new(players, 121).unwrap();
        let mut game = Game::new(config, Seat::ALL[1], 5).unwrap();
        game.play(Seat::ALL[1], Action::Deal).unwrap();
        for seat in config.seats() {
            let mut view = game.view(seat);
            for scores in [[0, 0, 0], [100, 60, 119], [30, 118, 5]] {
                for side in config.all_sides() {
                    view.board.set(side, scores[side.index()]);
                }
                let side = config.side_of(seat);
                let at_deal = chance_at_deal(config, view.board.scores(), view.dealer, side);
                assert_eq!(at_deal, chance_now(&view), "{players} players, {seat}, {scores:?}");
            }
        }
    }
    // A game over is won or lost.
    let mut over = game.view(Seat::ALL[0]);
    over.winner = Some(config.side_of(Seat::ALL[0]));
    assert_eq!(chance_now(&over), 1.0);
    over.winner = Some(config.side_of(Seat::ALL[1]));
    assert_eq!(chance_now(&over), 0.0);
}

#[test]
fn the_repository_keeps_the_source_the_command_writes() {
    let stored = Measured::stored();
    assert_eq!(stored.source(), include_str!("../src/board/data/two_players.rs"));
    let table = WinTable::from_counts(&RoundCounts::stored());
    assert_eq!(table.chance(121, 121, true), win_chance(121, 121, true));
    let four = Measured::stored_for(4).unwrap();
    assert_eq!(four.players, 4);
    assert_eq!(four.source(), include_str!("../src/board/data/four_players.rs"));
    let table = WinTable::from_counts(&four.counts);
    assert_eq!(
        table.chance(121, 121, true),
        WinTable::for_players(4).unwrap().chance(121, 121, true)
    );
    let three = Measured::stored_for(3).unwrap();
    assert_eq!(three.players, 3);
    assert_eq!(three.source(), include_str!("../src/board/data/three_players.rs"));
    assert!(Measured::stored_for(5).is_none());
}

#[test]
fn the_three_player_table_has_its_edges_and_its_monotony() {
    let table = ThreeTable::stored();
    for seat in 0..3 {
        // A seat that needs nothing has won.
        let mut needs = [50u16; 3];
        needs[seat] = 0;
        let chances = table.chances(needs);
        assert_eq!(chances[seat], 1.0, "{needs:?}");
        // The last hole against two seats at the start: all but won.
        let mut needs = [121u16; 3];
        needs[seat] = 1;
        assert!(table.chances(needs)[seat] > 0.99, "{needs:?}");
    }
    // Beyond the target the chances are the target's.
    assert_eq!(table.chances([500, 60, 70]), table.chances([121, 60, 70]));
    let step = 3;
    for a in (1..=121u16).step_by(step) {
        for b in (1..=121u16).step_by(step) {
            for c in (1..=121u16).step_by(step) {
                let needs = [a, b, c];
                // A chance after the play is counted through the show (a
                // few thousand sums): every other point of the grid each way.
                let odd = a % 2 == 1 && b % 2 == 1 && c % 2 == 1;
                let after = odd.then(|| table.chances_after_play(needs));
                for chances in std::iter::once(table.chances(needs)).chain(after) {
                    let at = format!("{needs:?}: {chances:?}");
                    assert!(chances.iter().all(|chance| (0.0..=1.0).contains(chance)), "{at}");
                    // Someone wins.
                    assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-4, "{at}");
                }
                let here = table.chances(needs);
                for seat in 0..3 {
                    // Needing a point fewer never hurts a seat; another
                    // seat needing a point more never hurts it either.
                    let mut fewer = needs;
                    fewer[seat] -= 1;
                    let at = format!("{needs:?} seat {seat}");
                    assert!(table.chances(fewer)[seat] >= here[seat] - 1e-5, "{at}");
                    for other in (0..3).filter(|&other| other != seat) {
                        let mut more = needs;
                        more[other] += 1;
                        assert!(table.chances(more)[seat] >= here[seat] - 1e-5, "{at} {other}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_three_player_deal_is_worth_having() {
    let table = ThreeTable::stored();
    // At the start of a game to 121 or 61 the dealer (with the crib) is
    // the favourite, and the pone (who counts first) is ahead of the seat
    // after it.
    for level in [121, 61] {
        let [pone, second, dealer] = table.chances([level; 3]);
        assert!(dealer > pone && pone > second, "{level}: {pone} {second} {dealer}");
    }
}

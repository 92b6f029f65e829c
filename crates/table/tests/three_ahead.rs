//! A process of its own, so that nothing else starts building the three
//! players' table of the chance of winning: a table of three with a person
//! at it starts building it as soon as it is set, before anyone asks for a
//! chance, and no other table starts it.

use std::time::{Duration, Instant};

use crib_ai::{Strategy, ThreeTable};
use crib_core::{BySeat, GameConfig};
use crib_table::{BuiltInContestant, Dealing, Sitter, Table, TableSetup};

fn setup(players: u8) -> TableSetup {
    let config = GameConfig::new(players, 121).expect("a table size");
    TableSetup { config, games_to_win: 1, seed: 17, muggins: false, muggins_pegging: false }
}

fn program() -> Sitter {
    Sitter::program(BuiltInContestant::new(Strategy::Basic))
}

#[test]
fn a_table_of_three_with_a_person_builds_the_three_players_table_ahead() {
    // Tables of programs, and a person at a table of two, leave it alone.
    let programs = BySeat::from_vec(vec![program(), program(), program()]).expect("three seats");
    let _programs = Table::new(setup(3), programs, Dealing::Automatic, None);
    let two = BySeat::from_vec(vec![Sitter::person("me"), program()]).expect("two seats");
    let _two = Table::new(setup(2), two, Dealing::OnRequest, None);
    // `new` has started the building ahead, or not, by the time it returns;
    // a table that built it on first use instead would have waited for it.
    assert!(!ThreeTable::build_started(), "started for a table that has no use for it");
    assert!(ThreeTable::built().is_none(), "built for a table that has no use for it");

    let seats =
        BySeat::from_vec(vec![Sitter::person("me"), program(), program()]).expect("three seats");
    let _table = Table::new(setup(3), seats, Dealing::OnRequest, None);
    assert!(ThreeTable::build_started(), "not started as the table was set");
    // About three seconds of work on two cores; nobody asks for it here.
    let began = Instant::now();
    while ThreeTable::built().is_none() {
        assert!(began.elapsed() < Duration::from_secs(300), "not built within five minutes");
        std::thread::sleep(Duration::from_millis(50));
    }
    let [pone, second, dealer] = ThreeTable::built().expect("built").chances([121, 121, 121]);
    assert!(dealer > pone && pone > second);
}

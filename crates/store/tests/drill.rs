//! Counting practice as saved: answers round trip, the record over them,
//! and a file of the sixth schema migrated to hold them.

use crib_core::{Category, CountByKind, DrillHand, DrillRecord};
use crib_store::testing::play_seeded;
use crib_store::{DrillAnswer, DrillPlace, SCHEMA_VERSION, Store, StoreError};
use rusqlite::Connection;

/// The answer of `player` to hand `number` of the drill seeded 11: the true
/// count less `short` points of fifteens (as many as there are).
fn answer(player: &str, number: u32, short: u8, millis: u64) -> DrillAnswer {
    let hand = DrillHand::dealt(11, number, true);
    let mut said = CountByKind::of(&hand.breakdown());
    said.fifteens = said.fifteens.saturating_sub(short);
    let place = if number.is_multiple_of(2) { DrillPlace::Terminal } else { DrillPlace::Browser };
    DrillAnswer { player: player.to_owned(), place, hand, answer: said, millis }
}

#[test]
fn drill_answers_round_trip_and_make_a_record() {
    let dir = crate::tempdir();
    let store = crate::store_in(dir.path());
    assert_eq!(store.drill_record("me").unwrap(), DrillRecord::default());
    let mut saved = Vec::new();
    for number in 0..9 {
        let answer =
            answer("me", number, if number < 4 { 2 } else { 0 }, 1000 + 100 * u64::from(number));
        store.save_drill_answer(&answer).unwrap();
        saved.push(answer);
    }
    // One of someone else's, which is not in the record.
    store.save_drill_answer(&answer("guest", 0, 0, 5)).unwrap();
    assert_eq!(store.drill_answers("me").unwrap(), saved);
    let record = store.drill_record("me").unwrap();
    assert_eq!(record, DrillRecord::of(saved.iter().map(DrillAnswer::grade_and_millis)));
    assert_eq!(record.hands, 9);
    let short = saved[..4]
        .iter()
        .filter(|answer| answer.hand.grade(answer.answer).missed.fifteens > 0)
        .count();
    assert_eq!(record.right, 9 - short as u32);
    assert_eq!(record.median_millis, Some(1400));
    let missed: u32 = saved.iter().map(|answer| u32::from(answer.grade().missed.fifteens)).sum();
    assert_eq!(record.missed_points[Category::Fifteen.index()], missed);
    assert_eq!(record.missed_points.iter().sum::<u32>(), missed);
    assert_eq!(record.over_points, [0; 5]);
    if missed > 0 {
        assert_eq!(record.most_missed(), vec![(Category::Fifteen, missed, short as u32)]);
    }
    assert_eq!(store.drill_record("guest").unwrap().hands, 1);
}

#[test]
fn a_file_of_the_sixth_schema_migrates_to_hold_drill_answers() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    // A match saved by this program's writer, then the file set back to the
    // sixth schema (which lacks only the drill's table and its index) with
    // the match still in it.
    let games = {
        let store = Store::open(&path).unwrap();
        play_seeded(&store, 4).unwrap();
        store.history().unwrap()
    };
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("DROP TABLE drill_answers; PRAGMA user_version = 6;").unwrap();
        assert_eq!(crate::migrate::version(&conn), 6);
        let tables: i64 = conn
            .query_row("SELECT COUNT(*) FROM sqlite_schema WHERE name LIKE 'drill%'", [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(tables, 0, "no drill table or index at schema 6");
    }
    let store = Store::open_read_only(&path).unwrap().unwrap();
    assert_eq!(store.history().unwrap(), games);
    assert_eq!(store.drill_record("me").unwrap().hands, 0);
    drop(store);
    let conn = Connection::open(&path).unwrap();
    assert_eq!(crate::migrate::version(&conn), SCHEMA_VERSION);
    let store = Store::open(&path).unwrap();
    store.save_drill_answer(&answer("me", 3, 0, 700)).unwrap();
    assert_eq!(store.drill_record("me").unwrap().hands, 1);
    assert_eq!(store.history().unwrap(), games);
}

#[test]
fn an_unreadable_drill_row_is_an_error_that_names_it() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let id = store.save_drill_answer(&answer("me", 1, 0, 10)).unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute("UPDATE drill_answers SET hand = '5H 5H 5C JD' WHERE id = ?1", [id]).unwrap();
    match store.drill_record("me") {
        Err(StoreError::UnreadableDrill { id: bad, what: "cards", .. }) => assert_eq!(bad, id),
        other => panic!("{other:?}"),
    }
}

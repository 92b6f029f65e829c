//! The splits of reviewed matches into luck and skill: kept by match, seat
//! and the expert's seed, read back to the bit for the member who sat at
//! the seat and for no one else, replaced when kept again, refused for a
//! match that is not saved, and gone with a pruned match.

use crib_core::Seat;
use crib_store::testing::{play_with, setup};
use crib_store::{GameId, GameSlot, Line, MemberName, SeatSplit, Store, StoreError, Writer};

use crate::retention::age;
use crate::store_in;

/// The splits in the order of their match and seat.
fn sorted(mut splits: Vec<SeatSplit>) -> Vec<SeatSplit> {
    splits.sort_by_key(|split| (split.game.0, split.seat.index()));
    splits
}

/// Seats `member` at `seat` of each of `games`, through the writer.
fn seat(store: &Store, games: &[GameId], seat: Seat, member: &crib_store::Member) {
    let writer = Writer::spawn(store).unwrap();
    let line = Line::new();
    for &game in games {
        writer.seat_member(&line, &GameSlot::saved(game), seat, member.id, member.name.clone());
    }
    writer.flush(&line);
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    runtime.block_on(line.saved(line.queued())).unwrap();
}

#[test]
fn a_split_is_kept_for_its_seats_member_and_goes_with_its_match() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let (ann, _) = store.add_member(&MemberName::new("Ann").unwrap()).unwrap();
    let (bo, _) = store.add_member(&MemberName::new("Bo").unwrap()).unwrap();
    let games: Vec<GameId> = (1..=2).map(|seed| play_with(&store, &setup(seed)).unwrap()).collect();
    seat(&store, &games, Seat::ALL[0], &ann);
    seat(&store, &games[..1], Seat::ALL[1], &bo);

    // Figures no decimal writes exactly, to be read back to the bit.
    let split = |game: GameId, seat: usize, games: u32, result: f64, skill: f64| SeatSplit {
        game,
        seat: Seat::ALL[seat],
        games,
        result,
        skill,
        luck: result - skill,
    };
    let anns = [split(games[0], 0, 1, 0.1 + 0.2, -1e-17), split(games[1], 0, 2, -0.7, -0.3)];
    let bos = split(games[0], 1, 1, -0.1 - 0.2, -0.123_456_789_012_345_67);
    for kept in anns.iter().chain([&bos]) {
        store.keep_split(kept, 1).unwrap();
    }
    // Another expert's seed is another grade.
    store.keep_split(&split(games[1], 0, 2, 0.5, -0.25), 7).unwrap();
    assert_eq!(sorted(store.member_splits(ann.id, 1).unwrap()), anns);
    assert_eq!(store.member_splits(bo.id, 1).unwrap(), [bos]);
    assert_eq!(store.member_splits(ann.id, 7).unwrap(), [split(games[1], 0, 2, 0.5, -0.25)]);
    assert_eq!(store.member_splits(bo.id, 7).unwrap(), []);
    assert_eq!(store.member_splits(ann.id, 2).unwrap(), []);

    // Kept again, it is replaced.
    let again = split(games[1], 0, 2, -0.6, -0.4);
    store.keep_split(&again, 1).unwrap();
    assert_eq!(sorted(store.member_splits(ann.id, 1).unwrap()), [anns[0], again]);

    // No split of a match not saved.
    let error = store.keep_split(&split(GameId(999), 0, 1, 0.0, 0.0), 1).unwrap_err();
    assert!(matches!(error, StoreError::NoSuchGame(GameId(999))), "{error}");

    // A pruned match takes its splits with it.
    let conn = rusqlite::Connection::open(dir.path().join("crib.db")).unwrap();
    age(&conn, games[0], 40, true);
    assert_eq!(store.prune(30, false).unwrap().finished, 1);
    assert_eq!(store.member_splits(ann.id, 1).unwrap(), [again]);
    assert_eq!(store.member_splits(bo.id, 1).unwrap(), []);
}

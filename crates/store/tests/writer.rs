//! The writer thread: the moves of many matches queued at once are
//! committed in fewer transactions than moves, each match whole and in
//! order; a write that fails is reported to its line and breaks it, and the
//! other lines go on.

use std::sync::Arc;
use std::thread;

use crib_core::Match;
use crib_store::testing::{choose, play_in_memory, setup};
use crib_store::{GameSlot, Line, Status, Store, Writer};

use crate::store_in;

/// Hands every write of `line` to the writer and waits for them.
fn flushed(writer: &Writer, line: &Line) -> Result<(), Arc<crib_store::StoreError>> {
    writer.flush(line);
    saved(line)
}

/// Waits for every write queued on `line` so far.
fn saved(line: &Line) -> Result<(), Arc<crib_store::StoreError>> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
    runtime.block_on(line.saved(line.queued()))
}

/// Queues the seeded match `seed` on a line of its own, each move awaited
/// before the next as a server's request would; returns its slot.
fn play_queued(writer: &Writer, seed: u64) -> GameSlot {
    let setup = setup(seed);
    let line = Line::new();
    let game = GameSlot::new();
    let (mut play, opening) = Match::new(setup.config, setup.length, seed).unwrap();
    writer.start(&line, &game, setup.clone(), &opening);
    let mut ply = 0;
    while play.winner().is_none() {
        let (seat, action, claims) = choose(&play, setup.muggins, seed, ply);
        let events = play.play_claiming(seat, action, claims).unwrap();
        writer.record(&line, &game, seat, action, claims, &events);
        flushed(writer, &line).unwrap();
        ply += 1;
    }
    game
}

#[test]
fn many_matches_share_commits_and_each_is_whole() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let writer = Arc::new(Writer::spawn(&store).unwrap());
    let seeds: Vec<u64> = (500..516).collect();
    let players: Vec<_> = seeds
        .iter()
        .map(|&seed| {
            let writer = Arc::clone(&writer);
            thread::spawn(move || (seed, play_queued(&writer, seed)))
        })
        .collect();
    let games: Vec<_> = players.into_iter().map(|player| player.join().unwrap()).collect();
    let writes = writer.writes();
    let commits = writer.commits();
    let moves: u64 = games
        .iter()
        .map(|(seed, game)| {
            let resumed = store.resume(game.get().unwrap()).unwrap();
            assert_eq!(resumed.summary.status, Status::Finished, "match {seed}");
            assert_eq!(resumed.events, play_in_memory(*seed).unwrap(), "match {seed}");
            u64::from(resumed.summary.moves)
        })
        .sum();
    assert_eq!(writes, moves + seeds.len() as u64, "every move and every start written");
    assert!(commits < writes, "{commits} commits for {writes} writes: no write was grouped");
}

#[test]
fn a_failed_write_breaks_its_line_only() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let writer = Writer::spawn(&store).unwrap();
    let setup = setup(7);
    let (mut play, opening) = Match::new(setup.config, setup.length, 7).unwrap();
    let (line, game) = (Line::new(), GameSlot::new());
    writer.start(&line, &game, setup.clone(), &opening);
    let (seat, action, claims) = choose(&play, setup.muggins, 7, 0);
    let events = play.play_claiming(seat, action, claims).unwrap();
    writer.record(&line, &game, seat, action, claims, &events);
    flushed(&writer, &line).unwrap();

    // The disk refuses the next move (a real SQLite failure, from a trigger).
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch(crib_store::testing::REFUSE_ACTIONS).unwrap();
    let (seat, action, claims) = choose(&play, setup.muggins, 7, 1);
    let events = play.play_claiming(seat, action, claims).unwrap();
    writer.record(&line, &game, seat, action, claims, &events);
    let error = flushed(&writer, &line).unwrap_err();
    assert!(format!("{error:?}").contains("the disk says no"), "{error:?}");
    assert!(line.broken());
    other.execute_batch(crib_store::testing::ALLOW_ACTIONS).unwrap();

    // Later writes of the broken line are not tried, even once the disk
    // takes them again: the match on disk stops at its last saved move.
    let (seat, action, claims) = choose(&play, setup.muggins, 7, 2);
    let events = play.play_claiming(seat, action, claims).unwrap();
    writer.record(&line, &game, seat, action, claims, &events);
    assert!(flushed(&writer, &line).is_err());
    assert_eq!(store.resume(game.get().unwrap()).unwrap().summary.moves, 1);

    // Another line is saved as usual.
    let (other_line, other_game) = (Line::new(), GameSlot::new());
    let (_, opening) = Match::new(setup.config, setup.length, 8).unwrap();
    writer.start(&other_line, &other_game, crib_store::testing::setup(8), &opening);
    flushed(&writer, &other_line).unwrap();
    assert_eq!(store.game(other_game.get().unwrap()).unwrap().setup.seed, 8);
}

/// A move the clock made is marked on the action queued just before the
/// mark, and only on it; a match saved before the clock existed reads as
/// moved by its players alone.
#[test]
fn a_move_made_by_the_clock_is_marked_on_its_action() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let writer = Writer::spawn(&store).unwrap();
    let seed = 31;
    let setup = setup(seed);
    let line = Line::new();
    let game = GameSlot::new();
    let (mut play, opening) = Match::new(setup.config, setup.length, seed).unwrap();
    writer.start(&line, &game, setup.clone(), &opening);
    let clocked = [2, 5];
    for ply in 0..8 {
        let (seat, action, claims) = choose(&play, setup.muggins, seed, ply);
        let events = play.play_claiming(seat, action, claims).unwrap();
        writer.record(&line, &game, seat, action, claims, &events);
        if clocked.contains(&ply) {
            writer.moved_by_clock(&line, &game);
        }
    }
    flushed(&writer, &line).unwrap();
    let resumed = store.resume(game.get().unwrap()).unwrap();
    let marked: Vec<u32> =
        resumed.moves.iter().filter(|saved| saved.by_clock).map(|saved| saved.ply).collect();
    assert_eq!(marked, clocked);
    assert_eq!(resumed.moves.len(), 8);
}

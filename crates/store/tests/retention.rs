//! Retention: old finished, given-up and abandoned matches are removed with
//! everything of theirs; recent ones and unfinished ones still played are
//! kept; a dry run only counts.

use crib_core::Match;
use crib_store::testing::{choose, play_seeded, setup};
use crib_store::{GameId, Pruned, Status, WebTable};

use crate::{integrity, store_in};

/// Sets match `id`'s times `days` days back: its start, its end and
/// (with `moves`) its actions.
pub(crate) fn age(conn: &rusqlite::Connection, id: GameId, days: u32, moves: bool) {
    let when = format!("-{days} days");
    conn.execute(
        "UPDATE games SET started_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?2),
                          finished_at = CASE WHEN finished_at IS NULL THEN NULL
                              ELSE strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?2) END
         WHERE id = ?1",
        rusqlite::params![id.0, when],
    )
    .unwrap();
    if moves {
        conn.execute(
            "UPDATE actions SET at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?2) WHERE game_id = ?1",
            rusqlite::params![id.0, when],
        )
        .unwrap();
    }
}

#[test]
fn old_matches_are_pruned_and_recent_ones_kept() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let store = store_in(dir.path());
    let old_finished = play_seeded(&store, 1).unwrap();
    let new_finished = play_seeded(&store, 2).unwrap();
    let old_given_up = start_with_moves(&store, 3, 4);
    store.give_up(old_given_up, None).unwrap();
    let abandoned = start_with_moves(&store, 4, 4);
    let still_played = start_with_moves(&store, 5, 4);
    let table = WebTable {
        table_id: "t".to_owned(),
        game: abandoned,
        seats: vec!["you".to_owned(), "computer:basic".to_owned()],
        seed: 4,
        length: 1.into(),
        matches: 1,
        joined: vec![true, true],
        token_hashes: vec!["a".to_owned(), "b".to_owned()],
        members: Vec::new(),
        rated: false,
        listed: false,
        clock: None,
    };
    store.save_web_table(&table).unwrap();

    let conn = rusqlite::Connection::open(&path).unwrap();
    age(&conn, old_finished, 40, true);
    age(&conn, new_finished, 10, true);
    age(&conn, old_given_up, 40, true);
    age(&conn, abandoned, 40, true);
    // Begun long ago, but its last move was just now.
    age(&conn, still_played, 40, false);

    let expected = Pruned { finished: 1, given_up: 1, abandoned: 1, tables: 1 };
    assert_eq!(store.prune(30, true).unwrap(), expected);
    assert_eq!(store.unfinished().unwrap().len(), 2, "a dry run removes nothing");
    assert_eq!(store.prune(30, false).unwrap(), expected);
    assert_eq!(store.prune(30, false).unwrap(), Pruned::default(), "nothing left to prune");

    for gone in [old_finished, old_given_up, abandoned] {
        assert!(store.game(gone).is_err(), "{gone} is removed");
    }
    assert_eq!(store.game(new_finished).unwrap().status, Status::Finished);
    assert_eq!(store.resume(still_played).unwrap().summary.moves, 4);
    assert_eq!(store.web_table("t").unwrap(), None);
    let orphans: i64 = conn
        .query_row(
            "SELECT (SELECT COUNT(*) FROM actions WHERE game_id NOT IN (SELECT id FROM games))
                  + (SELECT COUNT(*) FROM seats WHERE game_id NOT IN (SELECT id FROM games))
                  + (SELECT COUNT(*) FROM results WHERE game_id NOT IN (SELECT id FROM games))",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(orphans, 0, "every row of a removed match goes with it");
    // Within the days kept, the recent finished match goes too.
    assert_eq!(store.prune(5, false).unwrap().finished, 1);
    assert_eq!(integrity(&path), "ok");
}

/// The seeded match `seed` begun and played for `moves` actions.
fn start_with_moves(store: &crib_store::Store, seed: u64, moves: u32) -> GameId {
    let setup = setup(seed);
    let (mut play, opening) = Match::new(setup.config, setup.length, seed).unwrap();
    let id = store.start(&setup, &opening).unwrap();
    for ply in 0..moves {
        let (seat, action, claims) = choose(&play, setup.muggins, seed, ply);
        let events = play.play_claiming(seat, action, claims).unwrap();
        store.record(id, seat, action, claims, &events).unwrap();
    }
    id
}

/// A tournament's matches are what its standings are worked out from: an
/// old one is kept, and the match beside it that belongs to no tournament
/// is pruned.
#[test]
fn a_tournaments_old_matches_are_kept() {
    use crib_core::MatchLength;
    use crib_store::{GameSlot, Line, MemberName, NewTournament, TournamentEntrant, Writer};

    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let store = store_in(dir.path());
    let (ann, _) = store.add_member(&MemberName::new("Ann").unwrap()).unwrap();
    let entrants = ["basic", "easy", "random"]
        .map(|level| TournamentEntrant::Computer(level.to_owned()))
        .to_vec();
    let tournament = store
        .create_tournament(&NewTournament {
            name: "Old cup".to_owned(),
            kind: "round-robin".to_owned(),
            length: MatchLength::SINGLE,
            target: 121,
            rated: false,
            clock: None,
            seed: 1,
            created_by: ann.id,
            entrants,
        })
        .unwrap();
    let linked = play_seeded(&store, 1).unwrap();
    let alone = play_seeded(&store, 2).unwrap();
    let writer = Writer::spawn(&store).unwrap();
    let line = Line::new();
    writer.link_tournament(&line, &GameSlot::saved(linked), tournament, 0, "t".to_owned());
    writer.flush(&line);
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    runtime.block_on(line.saved(line.queued())).unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    age(&conn, linked, 40, true);
    age(&conn, alone, 40, true);

    assert_eq!(store.prune(30, false).unwrap().finished, 1);
    assert!(store.game(alone).is_err());
    assert_eq!(store.game(linked).unwrap().status, Status::Finished);
    let (_, matches) = store.tournament(tournament).unwrap().unwrap();
    assert_eq!(matches.len(), 1, "the tournament still has its match");
    assert_eq!(integrity(&path), "ok");
}

//! The club's members as the CLI and the server drive them: added with a
//! key that only the caller ever sees, listed, re-issued and removed;
//! sessions opened with a key, found by their hash, bounded and ended; the
//! same through the writer thread; and no key or session token anywhere in
//! the file.

use crib_store::{Line, MemberName, SESSIONS_KEPT, Store, StoreError, Token, Writer, token_hash};
use rusqlite::Connection;

use crate::store_in;

fn name(text: &str) -> MemberName {
    MemberName::new(text).unwrap()
}

/// Every text value in every table of the file at `path`, one a line.
fn every_text(path: &std::path::Path) -> String {
    let conn = Connection::open(path).unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut text = String::new();
    for table in tables {
        let mut query = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
        let columns = query.column_count();
        let mut rows = query.query([]).unwrap();
        while let Some(row) = rows.next().unwrap() {
            for column in 0..columns {
                if let Ok(value) = row.get::<_, String>(column) {
                    text.push_str(&value);
                    text.push('\n');
                }
            }
        }
    }
    text
}

#[test]
fn members_are_added_listed_reissued_and_removed() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let (alice, alice_key) = store.add_member(&name("Alice")).unwrap();
    let (bob, _) = store.add_member(&name("bob")).unwrap();
    assert_eq!(alice.name, "Alice");
    assert_ne!(alice.id, bob.id);
    assert!(!alice.removed());
    assert_eq!(alice.key_issued_at, alice.created_at);
    // Listed by name, whatever its case.
    let listed: Vec<String> = store.members().unwrap().into_iter().map(|m| m.name).collect();
    assert_eq!(listed, ["Alice", "bob"]);
    assert_eq!(store.member_by_key_hash(&alice_key.hash()).unwrap(), Some(alice.clone()));
    assert_eq!(store.member_by_key_hash(&token_hash("a guess")).unwrap(), None);

    // A name is taken whatever its case.
    match store.add_member(&name("ALICE")) {
        Err(StoreError::NameTaken(taken)) => assert_eq!(taken, "Alice"),
        other => panic!("{other:?}"),
    }

    // A new key: the old one stops working, the new one works.
    let (reissued, new_key) = store.reissue_member(&name("alice")).unwrap();
    assert_eq!(reissued.id, alice.id);
    assert_ne!(new_key, alice_key);
    assert_eq!(store.member_by_key_hash(&alice_key.hash()).unwrap(), None);
    assert_eq!(store.member_by_key_hash(&new_key.hash()).unwrap().unwrap().id, alice.id);

    // Removed: the key stops working, the row stays, marked.
    let removed = store.remove_member(&name("Alice")).unwrap();
    assert!(removed.removed());
    assert_eq!(store.member_by_key_hash(&new_key.hash()).unwrap(), None);
    let listed = store.members().unwrap();
    assert_eq!(listed.len(), 2);
    assert!(listed[0].removed() && !listed[1].removed());
    assert_eq!(listed[0].created_at, alice.created_at);

    // A removed member is not re-issued, removed again, or their name given.
    for refused in [
        store.reissue_member(&name("Alice")).map(drop),
        store.remove_member(&name("Alice")).map(drop),
    ] {
        assert!(matches!(refused, Err(StoreError::MemberRemoved(ref who)) if who == "Alice"));
    }
    assert!(matches!(
        store.add_member(&name("alice")),
        Err(StoreError::NameOfRemoved(ref who)) if who == "Alice"
    ));
    // Nobody is called Carol.
    for refused in [
        store.reissue_member(&name("Carol")).map(drop),
        store.remove_member(&name("Carol")).map(drop),
    ] {
        assert!(matches!(refused, Err(StoreError::NoSuchMember(ref who)) if who == "Carol"));
    }
    let error = store.add_member(&name("BOB")).unwrap_err();
    assert_eq!(error.to_string(), "there is already a member called bob");
}

#[test]
fn sessions_need_a_present_key_and_end_with_it() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let (alice, key) = store.add_member(&name("Alice")).unwrap();
    let session = Token::new().unwrap();
    assert_eq!(store.open_session(&key.hash(), &session.hash()).unwrap().id, alice.id);
    assert_eq!(store.member_by_session_hash(&session.hash()).unwrap().unwrap().id, alice.id);
    assert_eq!(store.member_by_session_hash(&key.hash()).unwrap(), None, "a key is no session");
    assert!(matches!(
        store.open_session(&token_hash("a guess"), &Token::new().unwrap().hash()),
        Err(StoreError::UnknownKey)
    ));

    // Re-issuing the key ends the member's sessions, and the old key opens
    // no more.
    let (_, new_key) = store.reissue_member(&name("Alice")).unwrap();
    assert_eq!(store.member_by_session_hash(&session.hash()).unwrap(), None);
    assert!(matches!(
        store.open_session(&key.hash(), &Token::new().unwrap().hash()),
        Err(StoreError::UnknownKey)
    ));

    // At most SESSIONS_KEPT sessions: one more, and the oldest ends.
    let sessions: Vec<Token> =
        (0..=SESSIONS_KEPT).map(|_| Token::new().unwrap()).collect::<Vec<_>>();
    for session in &sessions {
        store.open_session(&new_key.hash(), &session.hash()).unwrap();
    }
    assert_eq!(store.member_by_session_hash(&sessions[0].hash()).unwrap(), None);
    for session in &sessions[1..] {
        assert!(store.member_by_session_hash(&session.hash()).unwrap().is_some());
    }

    // A session past its days has ended.
    let conn = Connection::open(store.path()).unwrap();
    conn.execute(
        "UPDATE member_sessions SET created_at = '2000-01-01T00:00:00Z' WHERE token_hash = ?1",
        [sessions[1].hash()],
    )
    .unwrap();
    assert_eq!(store.member_by_session_hash(&sessions[1].hash()).unwrap(), None);

    // Removing the member ends the rest.
    store.remove_member(&name("Alice")).unwrap();
    for session in &sessions {
        assert_eq!(store.member_by_session_hash(&session.hash()).unwrap(), None);
    }
    let count: i64 =
        conn.query_row("SELECT COUNT(*) FROM member_sessions", [], |row| row.get(0)).unwrap();
    assert_eq!(count, 0);
}

#[test]
fn the_writer_adds_members_and_opens_and_closes_sessions() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let writer = Writer::spawn(&store).unwrap();
    let saved = |line: &Line| {
        writer.flush(line);
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        runtime.block_on(line.saved(line.queued()))
    };
    // A member who joins is signed in at once: both on one line.
    let key = Token::new().unwrap();
    let session = Token::new().unwrap();
    let line = Line::new();
    writer.add_member(&line, name("Carol"), key.hash());
    writer.open_session(&line, key.hash(), session.hash());
    saved(&line).unwrap();
    let carol = store.member_by_session_hash(&session.hash()).unwrap().unwrap();
    assert_eq!(carol.name, "Carol");
    assert_eq!(store.member_by_key_hash(&key.hash()).unwrap(), Some(carol));

    let line = Line::new();
    writer.close_session(&line, session.hash());
    saved(&line).unwrap();
    assert_eq!(store.member_by_session_hash(&session.hash()).unwrap(), None);

    // A taken name, and a key that is no one's, fail their lines.
    let line = Line::new();
    writer.add_member(&line, name("carol"), Token::new().unwrap().hash());
    let failed = saved(&line).unwrap_err();
    assert!(matches!(*failed, StoreError::NameTaken(ref who) if who == "Carol"), "{failed}");
    let line = Line::new();
    writer.open_session(&line, token_hash("a guess"), Token::new().unwrap().hash());
    assert!(matches!(*saved(&line).unwrap_err(), StoreError::UnknownKey));
    assert_eq!(store.members().unwrap().len(), 1);
}

#[test]
fn the_file_holds_hashes_never_keys_or_sessions() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let store = Store::open(&path).unwrap();
    let (_, first) = store.add_member(&name("Alice")).unwrap();
    let (_, second) = store.reissue_member(&name("Alice")).unwrap();
    let (_, bob) = store.add_member(&name("Bob")).unwrap();
    let session = Token::new().unwrap();
    store.open_session(&bob.hash(), &session.hash()).unwrap();
    drop(store);
    let text = every_text(&path);
    for secret in [&first, &second, &bob, &session] {
        assert!(!text.contains(secret.as_str()), "a secret is in the file");
    }
    for kept in [&second, &bob, &session] {
        assert!(text.contains(&kept.hash()), "its hash is");
    }
    // The raw file too (pages not yet overwritten included).
    let mut raw = std::fs::read(&path).unwrap();
    raw.extend(std::fs::read(path.with_extension("db-wal")).unwrap_or_default());
    let raw = String::from_utf8_lossy(&raw);
    for secret in [&first, &second, &bob, &session] {
        assert!(!raw.contains(secret.as_str()), "a secret is in the file's bytes");
    }
}

#[test]
fn a_file_of_the_seventh_schema_gains_the_members() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    {
        let mut conn = Connection::open(&path).unwrap();
        crib_store::migrate_to(&mut conn, 7).unwrap();
        let members: i64 = conn
            .query_row("SELECT COUNT(*) FROM sqlite_schema WHERE name LIKE 'member%'", [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(members, 0);
    }
    let store = Store::open(&path).unwrap();
    store.add_member(&name("Alice")).unwrap();
    assert_eq!(store.members().unwrap().len(), 1);
}

/// The club's record: the members seated at a saved match, its rating
/// mark, the rated matches with a result in the order they ended, each
/// member's matches, and a member's statistics by their number.
#[test]
fn the_club_record_holds_each_seats_member_and_the_rated_matches() {
    use crib_core::Seat;
    use crib_store::GameSlot;
    use crib_store::testing::{play_with, setup};

    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let (ann, _) = store.add_member(&name("Ann")).unwrap();
    let (bo, _) = store.add_member(&name("Bo")).unwrap();
    let writer = Writer::spawn(&store).unwrap();
    let saved = |line: &Line| {
        writer.flush(line);
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        runtime.block_on(line.saved(line.queued()))
    };
    // Four finished matches: Ann at seat 0 of each, Bo at seat 1 of the
    // second, which alone is not rated; then one still played, rated.
    let games: Vec<_> = (1..=4).map(|seed| play_with(&store, &setup(seed)).unwrap()).collect();
    let line = Line::new();
    for (index, &game) in games.iter().enumerate() {
        let slot = GameSlot::saved(game);
        writer.seat_member(&line, &slot, Seat::ALL[0], ann.id, ann.name.clone());
        if index == 1 {
            writer.seat_member(&line, &slot, Seat::ALL[1], bo.id, bo.name.clone());
        } else {
            writer.rate(&line, &slot);
        }
    }
    saved(&line).unwrap();
    let unfinished = store.start(&setup(5), &[]).unwrap();
    let line = Line::new();
    writer.seat_member(&line, &GameSlot::saved(unfinished), Seat::ALL[0], ann.id, "Ann".into());
    writer.rate(&line, &GameSlot::saved(unfinished));
    saved(&line).unwrap();

    let rated = store.rated_matches().unwrap();
    let ids: Vec<_> = rated.iter().map(|club| club.summary.id).collect();
    assert_eq!(ids, [games[0], games[2], games[3]], "the unfinished match has no result yet");
    for club in &rated {
        assert!(club.rated);
        assert_eq!(club.members, [Some(ann.id), None]);
        assert_eq!(club.summary.setup.players[0].name, "Ann", "the seat is named for its member");
    }
    let bos = store.member_matches(bo.id).unwrap();
    assert_eq!(bos.len(), 1);
    assert_eq!((bos[0].summary.id, bos[0].rated), (games[1], false));
    assert_eq!(bos[0].members, [Some(ann.id), Some(bo.id)]);
    assert_eq!(store.member_matches(ann.id).unwrap().len(), 5);
    // A member's statistics are those of the seats they sat at: the same
    // as by their name here, where no one else has it.
    let by_number = store.member_stats(ann.id).unwrap();
    assert_eq!(by_number.player.matches, 4);
    assert_eq!(by_number, store.stats("Ann").unwrap());
    assert_eq!(store.member_stats(bo.id).unwrap().player.matches, 1);

    // A seat the match does not have fails the line.
    let line = Line::new();
    writer.seat_member(&line, &GameSlot::saved(games[0]), Seat::ALL[3], bo.id, "Bo".into());
    assert!(saved(&line).is_err());
}

/// A tournament is kept with its entrants in the order of entry; its
/// matches are those linked to it, in the order of the draw, each with its
/// table and its saved match; marking it over takes it off the open list.
#[test]
fn a_tournament_keeps_its_entrants_and_its_matches() {
    use crib_core::{MatchLength, Seat};
    use crib_store::testing::{play_with, setup};
    use crib_store::{GameSlot, NewTournament, TournamentEntrant};

    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let (ann, _) = store.add_member(&name("Ann")).unwrap();
    let (bo, _) = store.add_member(&name("Bo")).unwrap();
    let new = NewTournament {
        name: "Sunday".to_owned(),
        kind: "knockout".to_owned(),
        length: MatchLength::BEST_OF_THREE,
        target: 61,
        rated: true,
        clock: Some(30),
        seed: u64::MAX,
        created_by: bo.id,
        entrants: vec![
            TournamentEntrant::Member(bo.id),
            TournamentEntrant::Computer("expert".to_owned()),
            TournamentEntrant::Member(ann.id),
        ],
    };
    let id = store.create_tournament(&new).unwrap();
    let other = store.create_tournament(&NewTournament { name: "Monday".into(), ..new.clone() });
    let other = other.unwrap();
    let (row, matches) = store.tournament(id).unwrap().unwrap();
    assert_eq!(row.setup, new);
    assert_eq!((row.id, row.finished_at.as_deref()), (id, None));
    assert!(matches.is_empty());

    // Matches 1 and 0 begin, in that order; only their links are kept.
    let writer = Writer::spawn(&store).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let games: Vec<_> = (1..=2).map(|seed| play_with(&store, &setup(seed)).unwrap()).collect();
    let line = Line::new();
    writer.link_tournament(&line, &GameSlot::saved(games[0]), id, 1, "table-b".into());
    writer.seat_member(&line, &GameSlot::saved(games[0]), Seat::ALL[0], ann.id, "Ann".into());
    writer.link_tournament(&line, &GameSlot::saved(games[1]), id, 0, "table-a".into());
    writer.flush(&line);
    runtime.block_on(line.saved(line.queued())).unwrap();
    let (_, matches) = store.tournament(id).unwrap().unwrap();
    let links: Vec<_> =
        matches.iter().map(|m| (m.number, m.table_id.as_str(), m.played.summary.id)).collect();
    assert_eq!(links, [(0, "table-a", games[1]), (1, "table-b", games[0])]);
    assert_eq!(matches[1].played.members, [Some(ann.id), None]);
    assert!(store.tournament(other).unwrap().unwrap().1.is_empty());
    assert!(store.tournament(crib_store::TournamentId(99)).unwrap().is_none());

    // A match is linked once.
    let line = Line::new();
    writer.link_tournament(&line, &GameSlot::saved(games[1]), id, 0, "table-c".into());
    writer.flush(&line);
    assert!(runtime.block_on(line.saved(line.queued())).is_err());

    let open: Vec<_> = store.tournaments(true).unwrap().iter().map(|row| row.id).collect();
    assert_eq!(open, [other, id], "the newest first");
    store.finish_tournament(id).unwrap();
    let open: Vec<_> = store.tournaments(true).unwrap().iter().map(|row| row.id).collect();
    assert_eq!(open, [other]);
    let all = store.tournaments(false).unwrap();
    assert_eq!(all.len(), 2);
    assert!(all[1].finished_at.is_some());
}

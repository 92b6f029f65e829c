//! The deal of the day as kept: the club's secret made once and kept
//! across openings, one row a member and a round, saved again as the round
//! goes on and once more with its graded decisions, directly or through
//! the writer thread.

use crib_core::{Action, Card, CardSet, Seat, parse_cards};
use crib_store::{
    DailyChoice, DailyDecision, DailyRound, Line, MemberName, Store, StoreError, Writer,
};

use crate::store_in;

fn cards(text: &str) -> CardSet {
    CardSet::from_distinct(parse_cards(text).unwrap()).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn the_secret_is_made_once_and_kept() {
    let dir = crate::tempdir();
    let path = dir.path().join("crib.db");
    let secret = Store::open(&path).unwrap().daily_secret().unwrap();
    assert_eq!(Store::open(&path).unwrap().daily_secret().unwrap(), secret);
    // Another club's is another.
    let other = {
        std::fs::create_dir(dir.path().join("other")).unwrap();
        store_in(&dir.path().join("other"))
    }
    .daily_secret()
    .unwrap();
    assert_ne!(other, secret);
}

#[test]
fn a_round_is_saved_as_it_goes_and_graded_once_over() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let (alice, _) = store.add_member(&MemberName::new("Alice").unwrap()).unwrap();
    let (bob, _) = store.add_member(&MemberName::new("Bob").unwrap()).unwrap();
    let (one, two) = (Seat::ALL[0], Seat::ALL[1]);
    let mut round = DailyRound {
        day: "2026-12-01".to_owned(),
        member: alice.id,
        round: 1,
        moves: vec![(one, Action::Deal), (two, Action::Discard(cards("4C 5H")))],
        graded: None,
    };
    store.save_daily_round(&round).unwrap();
    assert_eq!(store.daily_round("2026-12-01", alice.id, 1).unwrap(), Some(round.clone()));
    assert_eq!(store.daily_round("2026-12-01", alice.id, 2).unwrap(), None);
    assert_eq!(store.daily_round("2026-12-02", alice.id, 1).unwrap(), None);
    assert_eq!(round.given_up(), None);

    round.moves.push((one, Action::Discard(cards("KS QS"))));
    round.moves.push((two, Action::Play(card("5D"))));
    round.moves.push((one, Action::Go));
    round.graded = Some(vec![
        DailyDecision {
            kind: DailyChoice::Discard,
            hand: cards("4C 5H 5D 6D 7S JH"),
            played: Vec::new(),
            chosen: cards("4C 5H"),
            best: cards("JH 7S"),
            cost: 1.25,
        },
        DailyDecision {
            kind: DailyChoice::Play,
            hand: cards("5D 6D 7S JH"),
            played: vec![card("TS"), card("3C")],
            chosen: cards("5D"),
            best: cards("5D"),
            cost: 0.0,
        },
    ]);
    // Through the writer, as the server saves it.
    let writer = Writer::spawn(&store).unwrap();
    let line = Line::new();
    writer.save_daily_round(&line, round.clone());
    writer.flush(&line);
    drop(writer);
    assert!(!line.broken());
    assert_eq!(store.daily_round("2026-12-01", alice.id, 1).unwrap(), Some(round.clone()));
    assert_eq!(round.given_up(), Some(1.25));

    let bobs = DailyRound {
        member: bob.id,
        moves: round.moves[..1].to_vec(),
        graded: None,
        ..round.clone()
    };
    store.save_daily_round(&bobs).unwrap();
    let day = store.daily_rounds("2026-12-01").unwrap();
    assert_eq!(day, vec![("Alice".to_owned(), round), ("Bob".to_owned(), bobs)]);
}

#[test]
fn a_round_is_only_a_members() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let round = DailyRound {
        day: "2026-12-01".to_owned(),
        member: crib_store::MemberId(99),
        round: 1,
        moves: Vec::new(),
        graded: None,
    };
    assert!(matches!(store.save_daily_round(&round), Err(StoreError::Sql(_))));
}

//! Matches saved and loaded again: the same events, the same match in play.

use crib_core::{Claims, Event, Match, MatchLength, Skunk};
use crib_store::testing::{choose, finish_seeded, play_in_memory, play_seeded, setup};
use crib_store::{GameId, Status, StoreError};

use crate::store_in;

#[test]
fn seeded_matches_replay_to_the_same_events() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    // Seeds 0 and 3 have muggins (claims and muggins events), odd seeds are
    // matches of two games.
    for seed in 0..6 {
        let id = play_seeded(&store, seed).unwrap();
        let events = store.events(id).unwrap();
        assert_eq!(events, play_in_memory(seed).unwrap(), "seed {seed}");
        let summary = store.game(id).unwrap();
        assert_eq!(summary.status, Status::Finished);
        assert_eq!(summary.setup, setup(seed));
        let won: Vec<_> = events
            .iter()
            .filter_map(|event| match event {
                Event::GameWon(result) => Some(result.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(summary.results.len(), won.len());
        for (outcome, result) in summary.results.iter().zip(&won) {
            assert_eq!(outcome.winner, result.winner);
            assert_eq!(outcome.scores, result.scores);
            assert_eq!(outcome.skunk, result.skunk());
        }
        assert_eq!(summary.winner, won.last().map(|result| result.winner));
    }
    let history = store.history().unwrap();
    assert_eq!(history.len(), 6);
    assert!(history.windows(2).all(|pair| pair[0].id > pair[1].id), "latest first");
    assert!(store.unfinished().unwrap().is_empty());
}

#[test]
fn an_interrupted_match_resumes_where_it_stopped() {
    let dir = crate::tempdir();
    let seed = 3;
    let setup = setup(seed);
    let (mut play, opening) = Match::new(setup.config, setup.length, seed).unwrap();
    let id = {
        let store = store_in(dir.path());
        let id = store.start(&setup, &opening).unwrap();
        for ply in 0..40 {
            let (seat, action, claims) = choose(&play, setup.muggins, seed, ply);
            let events = play.play_claiming(seat, action, claims).unwrap();
            assert_eq!(store.record(id, seat, action, claims, &events).unwrap(), ply);
        }
        id
    };
    // A new handle on the same file, as after a restart.
    let store = store_in(dir.path());
    assert_eq!(store.unfinished().unwrap().first().map(|game| game.id), Some(id));
    let resumed = store.resume(id).unwrap();
    assert_eq!(resumed.play, play);
    assert_eq!(resumed.moves.len(), 40);
    assert_eq!(finish_seeded(&store, id).unwrap(), 40);
    assert_eq!(store.events(id).unwrap(), play_in_memory(seed).unwrap());
}

#[test]
fn a_stored_event_that_does_not_replay_is_an_error() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let id = play_seeded(&store, 1).unwrap();
    let conn = rusqlite::Connection::open(store.path()).unwrap();
    conn.execute("UPDATE actions SET events = '[]' WHERE game_id = ?1 AND ply = 3", [id.0])
        .unwrap();
    let error = store.resume(id).unwrap_err();
    assert!(matches!(error, StoreError::Diverged { ply: Some(3), .. }), "{error}");
    assert_eq!(
        error.to_string(),
        format!("game {id}: action 3 replays to other events than were stored")
    );
    let other = play_seeded(&store, 2).unwrap();
    conn.execute("UPDATE actions SET action = 'play 1X' WHERE game_id = ?1 AND ply = 4", [other.0])
        .unwrap();
    let error = store.resume(other).unwrap_err();
    assert!(matches!(error, StoreError::Unreadable { what: "action", .. }), "{error}");
}

#[test]
fn closed_matches_take_no_more_actions() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let id = play_seeded(&store, 2).unwrap();
    let resumed = store.resume(id).unwrap();
    let last = resumed.moves.last().unwrap();
    let refused = store.record(id, last.seat, last.action, Claims::NONE, &[]);
    assert!(matches!(refused, Err(StoreError::Closed(closed)) if closed == id));

    let setup = setup(4);
    let (_, opening) = Match::new(setup.config, setup.length, 4).unwrap();
    let given_up = store.start(&setup, &opening).unwrap();
    assert_eq!(store.unfinished().unwrap().len(), 1);
    store.abandon(given_up).unwrap();
    assert!(store.unfinished().unwrap().is_empty());
    assert_eq!(store.game(given_up).unwrap().status, Status::Abandoned);
    assert_eq!(store.history().unwrap().len(), 1, "a match given up is not in the history");
    assert!(matches!(store.abandon(GameId(999)), Err(StoreError::NoSuchGame(GameId(999)))));
    assert!(matches!(store.resume(GameId(999)), Err(StoreError::NoSuchGame(_))));
}

#[test]
fn stats_of_a_player_and_their_opponents_agree() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let mut completed_rounds = 0;
    let mut games = 0;
    for seed in 10..22 {
        let id = play_seeded(&store, seed).unwrap();
        for event in store.events(id).unwrap() {
            match event {
                Event::CribShown { .. } | Event::Claimed { crib: true, .. } => {
                    completed_rounds += 1;
                }
                Event::GameWon(_) => games += 1,
                _ => {}
            }
        }
    }
    let stats = store.stats("tester").unwrap();
    let (me, them) = (stats.player, stats.opponents);
    assert_eq!(me.matches, 12);
    assert_eq!(me.matches_won + them.matches_won, 12);
    assert_eq!((me.games, them.games), (games, games));
    assert_eq!(me.wins + them.wins, games);
    assert_eq!(me.skunks_given, them.skunks_taken);
    assert_eq!(me.skunks_taken, them.skunks_given);
    assert!(me.double_skunks_given <= me.skunks_given);
    assert_eq!(me.dealer.rounds + me.pone.rounds, completed_rounds);
    assert_eq!((me.dealer.rounds, me.pone.rounds), (them.pone.rounds, them.dealer.rounds));
    assert_eq!(me.pone.crib + me.pone.heels + them.pone.crib + them.pone.heels, 0);
    assert!(me.dealer.crib > 0 && me.best_hand > 0 && me.best_hand <= 29);
    // Seeds 12, 15, 18 and 21 have muggins, with short claims by the tester.
    assert!(them.dealer.muggins + them.pone.muggins > 0);
    assert_eq!(store.stats("nobody").unwrap().player.games, 0);
    assert_eq!(Skunk::default(), Skunk::None);
}

/// A match given up by a person is a loss for them: in the history and in
/// the statistics, for them and their opponent. One given up by no one is
/// in neither.
#[test]
fn a_match_given_up_counts_as_a_loss_for_its_side() {
    use crib_core::Seat;
    use crib_store::testing::setup;
    let dir = crate::tempdir();
    let store = crib_store::Store::open(&dir.path().join("crib.db")).unwrap();
    let setup = setup(4);
    let (_, opening) = crib_core::Match::new(setup.config, 1, setup.seed).unwrap();
    let resigned = store.start(&setup, &opening).unwrap();
    let left = store.start(&setup, &opening).unwrap();
    store.give_up(resigned, Some(Seat::ALL[0])).unwrap();
    store.abandon(left).unwrap();
    let history = store.history().unwrap();
    assert_eq!(history.iter().map(|game| game.id).collect::<Vec<_>>(), [resigned]);
    assert_eq!(history[0].given_up_by, Some(Seat::ALL[0]));
    assert_eq!(history[0].winner, None);
    let stats = store.stats("tester").unwrap();
    assert_eq!((stats.player.matches, stats.player.matches_won), (1, 0));
    assert_eq!((stats.opponents.matches, stats.opponents.matches_won), (1, 1));
    assert!(store.unfinished().unwrap().is_empty());
}

#[test]
fn a_club_match_is_saved_and_resumed_as_all_of_its_games() {
    let dir = crate::tempdir();
    let store = store_in(dir.path());
    let mut setup = setup(2);
    setup.length = MatchLength::CLUB;
    let (_, opening) = Match::new(setup.config, setup.length, setup.seed).unwrap();
    let game = store.start(&setup, &opening).unwrap();
    let resumed = store.resume(game).unwrap();
    assert_eq!(resumed.summary.setup.length, MatchLength::CLUB);
    assert_eq!(resumed.play.length(), MatchLength::CLUB);
}

//! Seeded automatic play into a store, shared by the crash-test writer and
//! the tests: every choice (the action, a muggins claim) comes from the
//! match's seed and the action's number, so a match interrupted anywhere is
//! finished exactly as it would have gone on. Not part of the API.

use crib_core::{Action, Claims, Event, GameConfig, Match, Seat, derive_seed};

use crate::{GameId, NewGame, Player, Store, StoreError};

/// SQL that makes the database refuse every new action, with a real
/// SQLite error that says "the disk says no": a failed write, for the tests
/// of what a failed save does. [`ALLOW_ACTIONS`] takes it back.
pub const REFUSE_ACTIONS: &str = "CREATE TRIGGER refuse BEFORE INSERT ON actions
     BEGIN SELECT RAISE(ABORT, 'the disk says no'); END;";

/// SQL that undoes [`REFUSE_ACTIONS`].
pub const ALLOW_ACTIONS: &str = "DROP TRIGGER refuse";

/// The seat that claims with muggins.
const FIRST: Seat = Seat::ALL[0];

/// The setup of the seeded match `seed`: two players to 121, the person
/// `tester` against the computer `random`; every third seed with muggins
/// (the shows and the pegging), every other to two games.
#[must_use]
pub fn setup(seed: u64) -> NewGame {
    NewGame {
        seed,
        config: GameConfig::default(),
        length: (1 + u32::from(!seed.is_multiple_of(2))).into(),
        muggins: seed.is_multiple_of(3),
        muggins_pegging: seed.is_multiple_of(3),
        players: vec![Player::person("tester"), Player::computer("random")],
    }
}

/// The next action of the seeded match `seed` at action `ply`: a legal
/// action of a seat to act, and with muggins a claim for seat 0's show or
/// for what its card pegs that is sometimes short.
#[must_use]
pub fn choose(play: &Match, muggins: bool, seed: u64, ply: u32) -> (Seat, Action, Claims) {
    let game = play.game();
    let pick = derive_seed(seed, u64::from(ply));
    let to_act = game.to_act();
    let seat = to_act[(pick % to_act.len() as u64) as usize];
    let actions = game.legal_actions(seat);
    let action = actions[((pick >> 8) % actions.len() as u64) as usize];
    let mut claims = Claims::NONE;
    if muggins {
        let mut preview = game.clone();
        let short = (pick >> 16) as u8 % 3;
        for event in preview.play(seat, action).unwrap_or_default() {
            match event {
                Event::Shown { seat: FIRST, breakdown } => {
                    claims = claims.with_hand(FIRST, breakdown.total().saturating_sub(short));
                }
                Event::CribShown { dealer: FIRST, breakdown } => {
                    claims = claims.with_crib(breakdown.total().saturating_sub(short));
                }
                Event::Played { seat: FIRST, points, .. } if !points.is_empty() => {
                    claims = claims.with_pegging(points.total().saturating_sub(short));
                }
                _ => {}
            }
        }
    }
    (seat, action, claims)
}

/// Plays the seeded match `seed` into `store` from its start to its end.
///
/// # Errors
///
/// A failed write.
pub fn play_seeded(store: &Store, seed: u64) -> Result<GameId, StoreError> {
    play_with(store, &setup(seed))
}

/// Plays a match of `setup` into `store` from its start to its end, by the
/// seeded choices of [`choose`].
///
/// # Errors
///
/// A failed write.
pub fn play_with(store: &Store, setup: &NewGame) -> Result<GameId, StoreError> {
    let (play, opening) = Match::new(setup.config, setup.length, setup.seed)
        .map_err(|source| StoreError::Config { game: GameId(0), source })?;
    let id = store.start(setup, &opening)?;
    go_on(store, id, setup, play, 0)?;
    Ok(id)
}

/// Resumes the seeded match `id` from where it stopped and plays it to the
/// end. Returns the number of actions it already had.
///
/// # Errors
///
/// A match that does not resume; a failed write.
pub fn finish_seeded(store: &Store, id: GameId) -> Result<u32, StoreError> {
    let resumed = store.resume(id)?;
    let done = resumed.summary.moves;
    go_on(store, id, &resumed.summary.setup, resumed.play, done)?;
    Ok(done)
}

fn go_on(
    store: &Store,
    id: GameId,
    setup: &NewGame,
    mut play: Match,
    mut ply: u32,
) -> Result<(), StoreError> {
    while play.winner().is_none() {
        let (seat, action, claims) = choose(&play, setup.muggins, setup.seed, ply);
        let events = play
            .play_claiming(seat, action, claims)
            .map_err(|source| StoreError::Illegal { game: id, ply, source })?;
        store.record(id, seat, action, claims, &events)?;
        ply += 1;
    }
    Ok(())
}

/// The events of the seeded match `seed` played to its end without a
/// store: what a stored and resumed match must come to.
///
/// # Errors
///
/// None in practice: the seeded player only takes legal actions.
pub fn play_in_memory(seed: u64) -> Result<Vec<Event>, StoreError> {
    let setup = setup(seed);
    let (mut play, mut events) = Match::new(setup.config, setup.length, seed)
        .map_err(|source| StoreError::Config { game: GameId(0), source })?;
    let mut ply = 0;
    while play.winner().is_none() {
        let (seat, action, claims) = choose(&play, setup.muggins, seed, ply);
        events.extend(
            play.play_claiming(seat, action, claims).map_err(|source| StoreError::Illegal {
                game: GameId(0),
                ply,
                source,
            })?,
        );
        ply += 1;
    }
    Ok(events)
}

//! One refereed game: the referee owns the truth (a [`Game`]), asks each
//! seat's [`Contestant`] for its decisions, checks them against the rules,
//! and tells every seat what it may know, in the protocol's order.
//!
//! What each seat is told comes from the game's own events, redacted for
//! that seat by [`Event::for_seat`], so a seat is never told more than its
//! view holds:
//!
//! | event | told to | as |
//! |---|---|---|
//! | dealt | every seat | `deal <dealer>;` then `hand <its own cards>;` |
//! | cut | every seat | `starter <card>;` |
//! | played | every other seat | `played <seat> <card>;` |
//! | go | every other seat | `go <seat>;` |
//! | shown | every seat, the shower too | `show <seat> <cards>;` |
//! | crib shown | every seat | `crib <cards>;` |
//!
//! Decisions are asked one seat at a time: `discard;` of every seat in turn
//! from the pone once all have their hands, and `play;` only of the seat
//! whose turn the rules say it is ([`Pegging::turn`](crib_core::Pegging::turn)).
//! That turn already follows the protocol's go rules: a seat that said go is
//! not asked again in the count, seats without cards are passed over and say
//! nothing, and a count that ends as a card is played (31, or no one left to
//! play) has no go after it. Every seat's board is checked after the crib of
//! each round and when the game is won.
//!
//! The first fault ends the game: the faulty seat's side loses it (with
//! three players the leading other side wins), and the other seats are told
//! to [`abandon`](Contestant::abandon) it.

use crib_core::{BySeat, Event, GameConfig, Seat, Side, Skunk};
use serde::Serialize;

use crib_table::{Contestant, Forfeit, Sitter, Table, TableError};

/// Which game to play: everything random in it comes from `seed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameSetup {
    /// Players and target.
    pub config: GameConfig,
    /// The game's number in its match, from 0.
    pub game: u64,
    /// The deal's number: with duplicate play, the games of one deal share
    /// it; else it is the game's number.
    pub deal: u64,
    /// With duplicate play, how far the players were moved round the table
    /// for this game (0 for the first game of a deal).
    pub rotation: u8,
    /// The seed of the cut for the deal and of every deck: the deal's seed,
    /// derived from the match's seed and the deal's number.
    pub seed: u64,
}

/// Who played a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatPlayer {
    /// The seat.
    pub seat: Seat,
    /// Which of the match's players (`--seat-N` as given) sat there.
    pub player: usize,
    /// Who that is: a built-in player's name, or an engine's command line.
    pub name: String,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The winning side.
    pub winner: Side,
    /// Every side's total when the game ended, side 0 first.
    pub scores: Vec<u16>,
    /// The deepest skunk of a loser; none when the game was forfeited.
    pub skunk: Skunk,
    /// The fault that ended the game early, if one did.
    pub forfeit: Option<Forfeit>,
}

/// One refereed game, as the log writes it: enough to replay it (the seed
/// gives the decks; the events give every decision).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameRecord {
    /// Which game.
    #[serde(flatten)]
    pub setup: GameSetup,
    /// Who played each seat, seat 0 first.
    pub seats: Vec<SeatPlayer>,
    /// Every event, as the referee saw it (nothing hidden).
    pub events: Vec<Event>,
    /// How it ended.
    pub outcome: Outcome,
}

/// Plays the game `setup` describes between `table`, one contestant per
/// seat, seat 0 first; `players[s]` says which of the match's players sits
/// at seat `s`, for the record. The game is a match of one game at a
/// [`Table`] of programs, driven by the table's own loop.
///
/// The first dealer is cut for from `setup.seed`, the game's decks come from
/// `derive_seed(setup.seed, 1)`, and the contestant at seat `s` gets
/// `derive_seed(setup.seed, 2 + s)` for its own random choices.
///
/// # Panics
///
/// If `table` or `players` does not have one entry per seat.
pub fn referee_game(
    table: &mut Vec<Box<dyn Contestant + Send>>,
    players: &[usize],
    setup: &GameSetup,
) -> GameRecord {
    let config = setup.config;
    let seats = usize::from(config.players());
    assert!(table.len() == seats && players.len() == seats, "one contestant per seat");
    let sitters = BySeat::from_vec(table.drain(..).map(Sitter::Program).collect())
        .expect("one contestant for each of 2 to 4 seats");
    let mut play = Table::one_game(config, setup.seed, sitters);
    let forfeit = play.start().and_then(|_| play.play_out()).err().map(|error| match error {
        TableError::Fault(forfeit, _) => forfeit,
        other => unreachable!("a table of programs fails only by a program's fault: {other}"),
    });
    if let Some(forfeit) = &forfeit {
        play.abandon_all_but(forfeit.seat);
    }
    let game = play.game();
    let scores = game.board().scores().to_vec();
    let outcome = match forfeit {
        Some(forfeit) => Outcome {
            winner: forfeit_winner(config, &scores, forfeit.seat),
            scores,
            skunk: Skunk::None,
            forfeit: Some(forfeit),
        },
        None => {
            let result = game.result().expect("a game played to its end has a result");
            let scores = result.scores.clone();
            Outcome { winner: result.winner, scores, skunk: result.skunk(), forfeit: None }
        }
    };
    let (sitters, mut events) = play.into_seats_and_events();
    // The game is a match of one game at the table: in the record it is
    // the match's game, and no match is won.
    let game_number = u32::try_from(setup.game).unwrap_or(u32::MAX);
    events.retain(|event| !matches!(event, Event::MatchWon { .. }));
    for event in &mut events {
        if let Event::NewGame { game, .. } = event {
            *game = game_number;
        }
    }
    let seats = sitters
        .iter()
        .map(|(seat, sitter)| SeatPlayer {
            seat,
            player: players[seat.index()],
            name: sitter.describe(),
        })
        .collect();
    table.extend(sitters.into_vec().into_iter().map(|sitter| match sitter {
        Sitter::Program(program) => program,
        Sitter::Person { .. } => unreachable!("the referee seats only programs"),
    }));
    GameRecord { setup: *setup, seats, events, outcome }
}

/// The side that wins when `faulty`'s side forfeits: the other side with the
/// most points, ties going to the side that plays first after `faulty`.
fn forfeit_winner(config: GameConfig, scores: &[u16], faulty: Seat) -> Side {
    let players = config.players();
    let loser = config.side_of(faulty);
    let mut best: Option<(u16, Side)> = None;
    let mut seat = faulty;
    for _ in 1..players {
        seat = seat.next(players);
        let side = config.side_of(seat);
        let score = scores.get(side.index()).copied().unwrap_or_default();
        if side != loser && best.is_none_or(|(most, _)| score > most) {
            best = Some((score, side));
        }
    }
    best.map_or(loser, |(_, side)| side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forfeit_goes_to_the_leading_other_side() {
        let three = GameConfig::new(3, 121).unwrap();
        let seat = |index: usize| Seat::ALL[index];
        let side = |index: usize| three.side_of(seat(index));
        assert_eq!(forfeit_winner(three, &[50, 40, 60], seat(2)), side(0));
        assert_eq!(forfeit_winner(three, &[50, 40, 40], seat(0)), side(1));
        let four = GameConfig::new(4, 121).unwrap();
        assert_eq!(forfeit_winner(four, &[100, 10], seat(2)), four.side_of(seat(1)));
    }
}

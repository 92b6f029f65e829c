//! Properties of the session for any input: random and malformed lines never
//! panic it, every line gets at most one response, and a refused command, or
//! a command that only asks, leaves the state exactly as it was.
//!
//! The lines are drawn from a mix: raw bytes, printable junk, and commands
//! that look right (real command words, seats, totals and cards from a small
//! range) so that many of them are accepted and the session goes deep into
//! rounds, where the interesting refusals are.

use crib_ai::{BasicPlayer, Player};
use crib_core::{Card, CardSet, Seat};
use crib_protocol::{Command, Response, Session, read_command};
use proptest::prelude::*;

use crate::games::Referee;

fn card_word() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (0u8..52).prop_map(|index| Card::from_index(index).unwrap().to_string()),
        1 => (0u8..52).prop_map(|index| Card::from_index(index).unwrap().to_string().to_lowercase()),
        1 => "[0-9A-Za-z]{1,3}",
    ]
}

fn number_word() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (0u32..5).prop_map(|n| n.to_string()),
        1 => prop_oneof![Just(61u32), Just(121), Just(300), Just(u32::MAX)].prop_map(|n| n.to_string()),
        1 => "[-+0-9]{1,12}",
    ]
}

/// A command that looks right, maybe with too few or too many arguments.
fn command_like() -> impl Strategy<Value = String> {
    let words = |word: &'static str, args: BoxedStrategy<Vec<String>>| {
        args.prop_map(move |args| {
            let mut line = word.to_owned();
            for arg in args {
                line.push(' ');
                line.push_str(&arg);
            }
            line.push(';');
            line
        })
    };
    let cards = |range: std::ops::RangeInclusive<usize>| {
        proptest::collection::vec(card_word(), range).boxed()
    };
    let numbers = |range: std::ops::RangeInclusive<usize>| {
        proptest::collection::vec(number_word(), range).boxed()
    };
    prop_oneof![
        1 => words("newgame", numbers(2..=3)),
        2 => words("deal", numbers(1..=1)),
        3 => words("hand", cards(5..=6)),
        4 => words("discard", Just(vec![]).boxed()),
        4 => words("starter", cards(1..=1)),
        12 => words("play", Just(vec![]).boxed()),
        12 => (number_word(), card_word())
            .prop_map(|(seat, card)| format!("played {seat} {card};")),
        6 => words("go", numbers(1..=1)),
        4 => (number_word(), proptest::collection::vec(card_word(), 4))
            .prop_map(|(seat, cards)| format!("show {seat} {};", cards.join(" "))),
        2 => words("crib", cards(4..=4)),
        2 => words("board", Just(vec![]).boxed()),
        1 => words("setboard", numbers(1..=4)),
        2 => (cards(5..=5), any::<bool>()).prop_map(|(cards, crib)| {
            format!("count {}{};", cards.join(" "), if crib { " crib" } else { "" })
        }),
        1 => words("name", Just(vec![]).boxed()),
        1 => words("protocol", Just(vec![]).boxed()),
        1 => words("frobnicate", cards(0..=2)),
    ]
}

/// Any line: mostly commands, the rest junk of every kind.
fn line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        16 => command_like().prop_map(String::into_bytes),
        1 => proptest::collection::vec(any::<u8>(), 0..60),
        1 => "[ -~\t;#]{0,60}".prop_map(String::into_bytes),
        1 => (command_like(), "[ \t;#]{0,3}", any::<bool>()).prop_map(|(command, junk, crlf)| {
            let mut line = format!("  {command}{junk}");
            if crlf {
                line.push('\r');
            }
            line.into_bytes()
        }),
    ]
}

/// Sends one line to the session as the serve loop would, and checks that
/// a refusal or a question changed nothing and that an answer is sound.
/// Returns whether the state changed.
fn step<P: Player>(session: &mut Session<P>, line: &[u8]) -> bool {
    let before = session.state().clone();
    let (command, response) = match read_command(line) {
        Ok(None) => return false,
        Ok(Some(command)) => {
            let response = session.handle(&command);
            (Some(command), response)
        }
        Err(error) => (None, Response::error(error)),
    };
    let after = session.state();
    let text = response.to_string();
    let shown = String::from_utf8_lossy(line);
    assert!(!text.contains('\n') && text.ends_with('.'), "{shown:?}: {text:?}");
    match (&command, response.payload()) {
        (_, Err(_)) => assert_eq!(after, &before, "{shown:?}: {text}"),
        (Some(Command::Board | Command::Count { .. } | Command::Name | Command::Protocol), _) => {
            assert_eq!(after, &before, "{shown:?}");
        }
        (Some(Command::Discard), Ok(payload)) => {
            let thrown: CardSet =
                payload.split(' ').map(|word| word.parse::<Card>().unwrap()).collect();
            assert_eq!(thrown.len(), after.config().discards());
            assert!(thrown.is_subset(before.hand()));
            assert_eq!(after.hand(), before.hand() - thrown);
        }
        (Some(Command::Play), Ok("go")) => {
            // Go only when nothing fits, unless the go ended the count.
            let pegging = after.pegging().unwrap();
            assert!(after.hand().iter().all(|card| !pegging.fits(card)) || pegging.count() == 0);
        }
        (Some(Command::Play), Ok(payload)) => {
            let card: Card = payload.parse().unwrap();
            assert!(before.hand().contains(card));
            assert_eq!(after.hand(), before.hand().without(card));
        }
        _ => {}
    }
    // Only newgame and setboard may move a total backwards.
    let resets = matches!(command, Some(Command::NewGame { .. } | Command::SetBoard(_)));
    if !resets {
        for (now, then) in after.board().iter().zip(before.board()) {
            assert!(now >= then, "{shown:?}");
        }
    }
    if let Some(pegging) = after.pegging() {
        assert!(pegging.count() <= 31);
    }
    after != &before
}

/// Junk for a game in progress: any line but the few that are accepted at
/// almost any time and would end the game (its own `play;`, a new deal or
/// game, a new board).
fn junk() -> impl Strategy<Value = Vec<u8>> {
    line().prop_filter("a command that would end the game", |line| {
        let text = String::from_utf8_lossy(line).to_ascii_lowercase();
        let word = text.trim_start().split([' ', ';']).next().unwrap_or("").to_owned();
        !["play", "deal", "newgame", "setboard"].contains(&word.as_str())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Lines alone, from a fresh session: mostly refused, since a round
    /// needs its commands in order.
    #[test]
    fn lines_never_panic_and_errors_change_nothing(
        lines in proptest::collection::vec(line(), 1..300),
    ) {
        let mut session = Session::new(BasicPlayer);
        for line in &lines {
            step(&mut session, line);
        }
    }

    /// Junk slipped into real games, one line before each of the referee's
    /// commands, so that it reaches every stage of a round: the pegging,
    /// the shows, the crib. A junk line that is accepted and changes the
    /// state ends the game, since the engine no longer follows it.
    #[test]
    fn junk_in_real_games_changes_nothing(
        seed in any::<u64>(),
        players in 2u8..=4,
        engine in 0usize..4,
        junk in proptest::collection::vec(junk(), 0..400),
    ) {
        let engine = Seat::ALL[engine % usize::from(players)];
        let mut junk = junk.into_iter();
        let hook = |session: &mut Session<BasicPlayer>| {
            junk.next().is_none_or(|line| !step(session, &line))
        };
        let mut referee = Referee::new(players, engine, seed, BasicPlayer, hook);
        let _ = referee.play();
    }
}

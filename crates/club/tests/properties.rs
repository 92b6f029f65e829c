//! Properties that hold for any number of entrants and any results: the
//! draws of round robins and knockouts, tournaments played out to the end
//! with results drawn at random, the standings' sums, the ratings'
//! directions, and parsers that never panic.

use std::collections::BTreeSet;

use crib_club::{
    Day, Entrant, Kind, MatchStatus, Outcome, Played, Rating, Slot, Tournament, rate_match,
};
use crib_core::MatchLength;
use proptest::prelude::*;

/// The entrant of a slot of a round robin, which names them all.
fn named(slot: Slot) -> Entrant {
    match slot {
        Slot::Entrant(entrant) => entrant,
        Slot::WinnerOf(id) => panic!("a round robin waits for no match, but waits for {id}"),
    }
}

/// A finished game drawn from `choice`: either side wins, the loser ends
/// on one of a few scores on both sides of the skunk lines, to 121 or 61.
fn drawn_game(choice: u64) -> Played {
    let target: u8 = if choice.is_multiple_of(5) { 61 } else { 121 };
    let losing = [0.25, 0.45, 0.74, 0.75, 0.99][(choice / 2 % 5) as usize];
    let loser = (f64::from(target) * losing) as u16;
    let scores = if choice.is_multiple_of(2) {
        vec![target.into(), loser]
    } else {
        vec![loser, target.into()]
    };
    Played::new(target, scores).unwrap()
}

/// Plays `tournament` to its end: every open match gets one game a step,
/// drawn from a small generator seeded with `seed`.
fn play_out(tournament: &Tournament, seed: u64) -> Vec<Vec<Played>> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut results = vec![Vec::new(); tournament.matches().len()];
    for _ in 0..10_000 {
        let progress = tournament.progress(&results).unwrap();
        if progress.is_over() {
            return results;
        }
        let open: Vec<usize> = progress
            .statuses()
            .iter()
            .enumerate()
            .filter(|(_, status)| {
                matches!(status, MatchStatus::Ready { .. } | MatchStatus::Playing { .. })
            })
            .map(|(id, _)| id)
            .collect();
        assert!(!open.is_empty(), "a tournament that is not over has a match to play");
        for id in open {
            results[id].push(drawn_game(next()));
        }
    }
    panic!("the tournament did not end");
}

fn format() -> impl Strategy<Value = MatchLength> {
    prop::sample::select(vec![MatchLength::SINGLE, MatchLength::BEST_OF_THREE, MatchLength::CLUB])
}

proptest! {
    #[test]
    fn a_round_robin_pairs_everyone_once_with_fair_byes(entrants in 3_usize..=32) {
        let tournament = Tournament::new(Kind::RoundRobin, entrants, MatchLength::SINGLE).unwrap();
        let mut pairs = BTreeSet::new();
        let mut byes = vec![0; entrants];
        for round in tournament.rounds() {
            let mut seen = BTreeSet::new();
            for id in &round.matches {
                let fixture = tournament.matches()[id.index()];
                let (home, away) = (named(fixture.home), named(fixture.away));
                prop_assert!(home != away);
                prop_assert!(seen.insert(home) && seen.insert(away), "twice in a round");
                prop_assert!(pairs.insert((home.min(away), home.max(away))), "a pair met twice");
            }
            for &bye in &round.byes {
                prop_assert!(seen.insert(bye), "a bye for someone who plays the round");
                byes[bye.index()] += 1;
            }
            // Everyone either plays or has the bye.
            prop_assert_eq!(seen.len(), entrants);
            prop_assert_eq!(round.byes.len(), entrants % 2);
        }
        prop_assert_eq!(pairs.len(), entrants * (entrants - 1) / 2);
        prop_assert!(byes.iter().all(|&count| count == entrants % 2));
        prop_assert_eq!(tournament.rounds().len(), entrants - 1 + entrants % 2);
    }

    #[test]
    fn a_knockout_bracket_has_its_byes_in_the_first_round(entrants in 3_usize..=32) {
        let tournament = Tournament::new(Kind::Knockout, entrants, MatchLength::BEST_OF_THREE).unwrap();
        let rounds = tournament.rounds();
        // ceil(log2 n): the smallest number of rounds that halves n to 1.
        let expected_rounds = (0..).find(|&rounds| 1 << rounds >= entrants).unwrap();
        prop_assert_eq!(rounds.len(), expected_rounds);
        prop_assert!(rounds[1..].iter().all(|round| round.byes.is_empty()));
        prop_assert_eq!(rounds[0].byes.len(), entrants.next_power_of_two() - entrants);
        // The byes are the top seeds.
        prop_assert!(rounds[0].byes.iter().enumerate().all(|(seed, bye)| bye.index() == seed));
        prop_assert_eq!(tournament.matches().len(), entrants - 1);
        // Every entrant is drawn once: in the first round, or in the second
        // after a bye.
        let mut drawn = BTreeSet::new();
        for fixture in tournament.matches() {
            for slot in [fixture.home, fixture.away] {
                if let Slot::Entrant(entrant) = slot {
                    prop_assert!(drawn.insert(entrant));
                    prop_assert!(fixture.round <= 1);
                }
            }
        }
        prop_assert_eq!(drawn.len(), entrants);
    }

    #[test]
    fn a_knockout_plays_n_minus_1_matches_to_one_winner(
        entrants in 3_usize..=32,
        format in format(),
        seed in any::<u64>(),
    ) {
        let tournament = Tournament::new(Kind::Knockout, entrants, format).unwrap();
        let results = play_out(&tournament, seed);
        let played = results.iter().filter(|games| !games.is_empty()).count();
        prop_assert_eq!(played, entrants - 1);
        let progress = tournament.progress(&results).unwrap();
        let order = progress.final_order().unwrap();
        let everyone: BTreeSet<Entrant> = order.iter().copied().collect();
        prop_assert_eq!(everyone.len(), entrants);
        prop_assert!(everyone.iter().all(|entrant| entrant.index() < entrants));
        // Each loses once but the winner, who never does.
        let losers: Vec<Entrant> = progress
            .statuses()
            .iter()
            .map(|status| match *status {
                MatchStatus::Won { loser, .. } => loser,
                ref other => panic!("a finished knockout has a match {other:?}"),
            })
            .collect();
        prop_assert_eq!(losers.iter().copied().collect::<BTreeSet<_>>().len(), entrants - 1);
        prop_assert!(!losers.contains(&order[0]));
    }

    #[test]
    fn a_round_robin_ends_in_the_order_of_its_standings(
        entrants in 3_usize..=12,
        format in format(),
        seed in any::<u64>(),
    ) {
        let tournament = Tournament::new(Kind::RoundRobin, entrants, format).unwrap();
        let results = play_out(&tournament, seed);
        prop_assert!(results.iter().all(|games| !games.is_empty()));
        let progress = tournament.progress(&results).unwrap();
        let standings = progress.standings();
        let order: Vec<Entrant> = standings.iter().map(|line| line.entrant).collect();
        prop_assert_eq!(progress.final_order(), Some(&order[..]));
        let games: usize = results.iter().map(Vec::len).sum();
        let sum = |count: fn(&crib_club::Line) -> u32| standings.iter().map(count).sum::<u32>() as usize;
        prop_assert_eq!(sum(|line| line.played), 2 * games);
        prop_assert_eq!(sum(|line| line.wins), games);
        prop_assert_eq!(sum(|line| line.losses), games);
        prop_assert_eq!(sum(|line| line.skunks_won), sum(|line| line.skunks_lost));
        prop_assert_eq!(standings.iter().map(|line| line.spread).sum::<i64>(), 0);
        for line in standings {
            prop_assert_eq!(line.played, line.wins + line.losses);
            prop_assert!(line.points >= 2 * line.wins + line.skunks_won);
            prop_assert!(line.points <= 2 * line.wins + 2 * line.skunks_won);
        }
        // Ranked: no line stands above a better one.
        prop_assert!(standings.windows(2).all(|pair| pair[0].by_rank(&pair[1]).is_lt()));
    }

    #[test]
    fn a_rated_match_moves_the_winner_up_and_the_loser_down(
        winner in (600.0..2600.0, 30.0..350.0, 0.03..0.1),
        loser in (600.0..2600.0, 30.0..350.0, 0.03..0.1),
    ) {
        let winner = Rating::new(winner.0, winner.1, winner.2).unwrap();
        let loser = Rating::new(loser.0, loser.1, loser.2).unwrap();
        let (won, lost) = rate_match(winner, loser);
        prop_assert!(won.rating() > winner.rating());
        prop_assert!(lost.rating() < loser.rating());
        for after in [won, lost] {
            prop_assert!(Rating::new(after.rating(), after.deviation(), after.volatility()).is_ok());
        }
        // A period of results moves the same way as each of them.
        let wins = winner.after_period(&[(loser, Outcome::Win), (winner, Outcome::Win)]);
        prop_assert!(wins.rating() > winner.rating());
        let losses = loser.after_period(&[(winner, Outcome::Loss), (loser, Outcome::Loss)]);
        prop_assert!(losses.rating() < loser.rating());
    }

    #[test]
    fn parsers_never_panic(text in ".{0,16}", digits in "[0-9]{4}-[0-9]{2}-[0-9]{2}") {
        let _ = text.parse::<Day>();
        let _ = text.parse::<Kind>();
        if let Ok(day) = digits.parse::<Day>() {
            prop_assert_eq!(day.to_string(), digits);
            prop_assert_eq!(Day::from_unix_days(day.unix_days()), Ok(day));
        }
    }

    #[test]
    fn any_scores_make_a_game_or_an_error(target in any::<u8>(), scores in prop::collection::vec(any::<u16>(), 0..5)) {
        if let Ok(game) = Played::new(target, scores.clone()) {
            prop_assert_eq!(game.scores(), &scores[..]);
            let winner = game.winner().index();
            prop_assert!(scores[winner] >= u16::from(target));
            prop_assert_eq!(scores.iter().filter(|&&score| score >= u16::from(target)).count(), 1);
        }
    }
}

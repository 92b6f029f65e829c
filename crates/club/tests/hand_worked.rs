//! Standings and tournaments worked out by hand: the games are written out
//! here one by one, and so is the table they must give, counted on paper.

use crib_club::{
    Entrant, Kind, Line, MatchError, MatchId, MatchRecord, MatchStatus, Played, Slot, Standings,
    Tournament, TournamentError,
};
use crib_core::{MatchLength, Side};

fn game(target: u8, scores: &[u16]) -> Played {
    Played::new(target, scores.to_vec()).unwrap()
}

/// A line of a table as it is written on paper: entrant, played, wins,
/// losses, skunks won, skunks lost, points, spread.
fn line(entrant: u16, counts: [u32; 6], spread: i64) -> Line {
    let [played, wins, losses, skunks_won, skunks_lost, points] = counts;
    Line {
        entrant: Entrant(entrant),
        played,
        wins,
        losses,
        skunks_won,
        skunks_lost,
        points,
        spread,
    }
}

/// A club session of four members, with a skunk, a double skunk, two games
/// to 61 and a game of three.
#[test]
fn a_club_session_of_four() {
    let (a, b, c, d) = (Entrant(0), Entrant(1), Entrant(2), Entrant(3));
    let games = [
        // A beats B by 21.
        (vec![a, b], game(121, &[121, 100])),
        // D skunks C (85 is under 91): 3 points, by 36.
        (vec![c, d], game(121, &[85, 123])),
        // A double skunks C (55 is under 61): 3 points, as a skunk, by 66.
        (vec![a, c], game(121, &[121, 55])),
        // B beats D by 26.
        (vec![b, d], game(121, &[121, 95])),
        // To 61, D beats A by 21 (40 is past the line of 31).
        (vec![a, d], game(61, &[40, 61])),
        // To 61, C skunks B (25 is under 31) by 36: the point past 61 is
        // not counted.
        (vec![b, c], game(61, &[25, 62])),
        // Three at the table: B wins with a skunk of C (88), not of A (110);
        // 3 points, by 11 + 33.
        (vec![a, b, c], game(121, &[110, 121, 88])),
    ];
    let mut standings = Standings::new(4);
    for (sides, played) in &games {
        standings.record(sides, played).unwrap();
    }
    // A: +21 +66 -21 -11 = 55. D: +36 -26 +21 = 31. B: -21 +26 -36 +44 =
    // 13. C: -36 -66 +36 -33 = -99. A, D and B are level on points (5)
    // and wins (2): the spread orders them.
    assert_eq!(
        standings.table(),
        [
            line(0, [4, 2, 2, 1, 0, 5], 55),
            line(3, [3, 2, 1, 1, 0, 5], 31),
            line(1, [4, 2, 2, 1, 1, 5], 13),
            line(2, [4, 1, 3, 1, 3, 3], -99),
        ]
    );
    assert_eq!(standings.line(d).map(|line| line.points), Some(5));
}

#[test]
fn standings_refuse_games_they_cannot_hold() {
    let mut standings = Standings::new(3);
    let played = game(121, &[121, 100]);
    assert_eq!(
        standings.record(&[Entrant(0), Entrant(3)], &played).unwrap_err().to_string(),
        "there is no entrant 3: the entrants are 0 to 2"
    );
    assert_eq!(
        standings.record(&[Entrant(1), Entrant(1)], &played).unwrap_err().to_string(),
        "entrant 1 is on two sides of one game"
    );
    assert_eq!(
        standings.record(&[Entrant(0), Entrant(1), Entrant(2)], &played).unwrap_err().to_string(),
        "3 entrants for a game of 2 sides"
    );
    // Nothing was entered.
    assert_eq!(standings, Standings::new(3));
}

/// Four entrants, single games, every result written by hand.
#[test]
fn a_round_robin_of_four() {
    let tournament = Tournament::new(Kind::RoundRobin, 4, MatchLength::SINGLE).unwrap();
    // The circle: 0-3 and 1-2, then 1-3 and 0-2, then 2-3 and 0-1.
    let pairs: Vec<(Slot, Slot)> =
        tournament.matches().iter().map(|fixture| (fixture.home, fixture.away)).collect();
    let entrants = |home, away| (Slot::Entrant(Entrant(home)), Slot::Entrant(Entrant(away)));
    let expected =
        [(0, 3), (1, 2), (1, 3), (0, 2), (2, 3), (0, 1)].map(|(home, away)| entrants(home, away));
    assert_eq!(pairs, expected);
    let results = vec![
        vec![game(121, &[100, 121])], // 3 beats 0 by 21
        vec![game(121, &[121, 90])],  // 1 skunks 2 by 31
        vec![game(121, &[110, 121])], // 3 beats 1 by 11
        vec![game(121, &[121, 80])],  // 0 skunks 2 by 41
        vec![game(121, &[121, 91])],  // 2 beats 3 by 30: 91 is no skunk
        vec![game(121, &[101, 121])], // 1 beats 0 by 20
    ];
    let progress = tournament.progress(&results).unwrap();
    // 1: 3 + 2 points, +31 -11 +20. 3: 2 + 2, +21 +11 -30. 0: 3, -21 +41
    // -20. 2: 2, -31 -41 +30.
    assert_eq!(
        progress.standings(),
        [
            line(1, [3, 2, 1, 1, 0, 5], 40),
            line(3, [3, 2, 1, 0, 0, 4], 2),
            line(0, [3, 1, 2, 1, 0, 3], 0),
            line(2, [3, 1, 2, 0, 2, 2], -42),
        ]
    );
    assert_eq!(progress.final_order(), Some(&[Entrant(1), Entrant(3), Entrant(0), Entrant(2)][..]));
}

/// Three entrants who each beat one other by the same margin: level on
/// everything, so the entry number orders them. Rounds open in turn, each
/// with its bye.
#[test]
fn a_round_robin_of_three_level_on_everything() {
    let tournament = Tournament::new(Kind::RoundRobin, 3, MatchLength::SINGLE).unwrap();
    let byes: Vec<&[Entrant]> = tournament.rounds().iter().map(|round| &round.byes[..]).collect();
    assert_eq!(byes, [&[Entrant(0)][..], &[Entrant(1)], &[Entrant(2)]]);
    let ready =
        |results: &[Vec<Played>]| tournament.progress(results).unwrap().ready().collect::<Vec<_>>();
    assert_eq!(ready(&[]), [(MatchId(0), Entrant(1), Entrant(2))]);
    let mut results = vec![vec![game(121, &[121, 100])]]; // 1 beats 2
    assert_eq!(ready(&results), [(MatchId(1), Entrant(0), Entrant(2))]);
    results.push(vec![game(121, &[100, 121])]); // 2 beats 0
    assert_eq!(ready(&results), [(MatchId(2), Entrant(0), Entrant(1))]);
    let progress = tournament.progress(&results).unwrap();
    assert!(!progress.is_over());
    assert_eq!(progress.final_order(), None);
    results.push(vec![game(121, &[121, 100])]); // 0 beats 1
    let progress = tournament.progress(&results).unwrap();
    assert_eq!(ready(&results), []);
    // Byes score nothing: two games each, one won by 21, one lost by 21.
    assert_eq!(
        progress.standings(),
        [
            line(0, [2, 1, 1, 0, 0, 2], 0),
            line(1, [2, 1, 1, 0, 0, 2], 0),
            line(2, [2, 1, 1, 0, 0, 2], 0),
        ]
    );
    assert_eq!(progress.final_order(), Some(&[Entrant(0), Entrant(1), Entrant(2)][..]));
}

/// Five seeds, best of three: seeds 1, 2 and 3 have byes; seed 5 beats
/// seed 4, loses to seed 1; seed 3 beats seed 2 and then seed 1.
#[test]
fn a_knockout_of_five() {
    let tournament = Tournament::new(Kind::Knockout, 5, MatchLength::BEST_OF_THREE).unwrap();
    assert_eq!(tournament.rounds()[0].byes, [Entrant(0), Entrant(1), Entrant(2)]);
    let (home, away) = (game(121, &[121, 100]), game(121, &[100, 121]));
    let mut results: Vec<Vec<Played>> = Vec::new();
    let ready =
        |results: &[Vec<Played>]| tournament.progress(results).unwrap().ready().collect::<Vec<_>>();
    // Seeds 4 and 5 play; so can seeds 2 and 3, whose byes took them to
    // the second round already.
    assert_eq!(
        ready(&results),
        [(MatchId(0), Entrant(3), Entrant(4)), (MatchId(2), Entrant(1), Entrant(2)),]
    );
    results.push(vec![away.clone(), home.clone()]);
    let progress = tournament.progress(&results).unwrap();
    assert_eq!(progress.statuses()[0], MatchStatus::Playing { home: Entrant(3), away: Entrant(4) });
    assert_eq!(progress.statuses()[1], MatchStatus::Waiting);
    results[0].push(away.clone()); // seed 5 through, 2-1
    assert_eq!(
        ready(&results),
        [(MatchId(1), Entrant(0), Entrant(4)), (MatchId(2), Entrant(1), Entrant(2)),]
    );
    // The final cannot start before its entrants are known.
    let mut early = results.clone();
    early.extend([vec![], vec![], vec![home.clone()]]);
    assert_eq!(tournament.progress(&early), Err(TournamentError::TooEarly(MatchId(3))));
    results.push(vec![home.clone(), home.clone()]); // seed 1 beats seed 5
    results.push(vec![away.clone(), home.clone(), away.clone()]); // seed 3 beats seed 2
    assert_eq!(ready(&results), [(MatchId(3), Entrant(0), Entrant(2))]);
    results.push(vec![away.clone(), away.clone()]); // seed 3 beats seed 1
    let progress = tournament.progress(&results).unwrap();
    assert_eq!(progress.statuses()[3], MatchStatus::Won { winner: Entrant(2), loser: Entrant(0) });
    // The winner, the final's loser, the second round's losers by seed
    // (seed 2, seed 5), the first round's.
    assert_eq!(progress.final_order(), Some(&[2, 0, 1, 4, 3].map(Entrant)[..]));
    // A game after the final was over.
    results[3].push(home.clone());
    assert_eq!(
        tournament.progress(&results),
        Err(TournamentError::Match(MatchId(3), MatchError::AfterEnd { game: 3, over: 2 }))
    );
}

#[test]
fn results_that_are_not_the_tournaments_are_refused() {
    let tournament = Tournament::new(Kind::RoundRobin, 4, MatchLength::SINGLE).unwrap();
    assert_eq!(
        tournament.progress(&vec![vec![]; 7]).unwrap_err().to_string(),
        "results for 7 matches, but the tournament has 6"
    );
    assert_eq!(
        tournament.progress(&[vec![game(121, &[121, 100, 100])]]).unwrap_err().to_string(),
        "match 0 has a game of 3 sides: a tournament's matches are between two entrants"
    );
    assert_eq!(
        tournament
            .progress(&[vec![game(121, &[121, 100]), game(121, &[121, 100])]])
            .unwrap_err()
            .to_string(),
        "match 0: game 2 comes after the match was over, at game 1"
    );
}

/// Matches given up: in a knockout of three the seed who gives up is out
/// and the other goes through; in a round robin of the club format the
/// games not played are 2-point wins for the other side, without spread.
#[test]
fn matches_given_up() {
    let side = |index| Side::new(index).unwrap();
    let knockout = Tournament::new(Kind::Knockout, 3, MatchLength::BEST_OF_THREE).unwrap();
    // Seed 2 (home) gives up to seed 3 before a game: seed 3 meets seed 1.
    let quit = MatchRecord { games: vec![], given_up_by: Some(side(0)) };
    let progress = knockout.progress_of(&[quit]).unwrap();
    assert_eq!(progress.statuses()[0], MatchStatus::Won { winner: Entrant(2), loser: Entrant(1) });
    assert_eq!(progress.ready().collect::<Vec<_>>(), [(MatchId(1), Entrant(0), Entrant(2))]);
    // Two games of best of three, no spread: seed 3 won 2-0 on paper.
    assert_eq!(progress.standings()[0], line(2, [2, 2, 0, 0, 0, 4], 0));

    let club = Tournament::new(Kind::RoundRobin, 3, MatchLength::AllOf(9)).unwrap();
    // Match 0 is 1 against 2. Five games: 1 wins three (one a skunk), 2
    // wins two; then 2 gives up, and the four games left go to 1.
    let games = vec![
        game(121, &[121, 100]),
        game(121, &[121, 85]),
        game(121, &[110, 121]),
        game(121, &[121, 111]),
        game(121, &[101, 121]),
    ];
    let given_up = MatchRecord { games: games.clone(), given_up_by: Some(side(1)) };
    let progress = club.progress_of(&[given_up]).unwrap();
    assert_eq!(progress.statuses()[0], MatchStatus::Won { winner: Entrant(1), loser: Entrant(2) });
    // 1: played 9, won 3 + 4, lost 2; points 2 + 3 + 2 + 4 * 2 = 15;
    // spread +21 +36 -11 +10 -20 = 36.
    assert_eq!(progress.standings()[0], line(1, [9, 7, 2, 1, 0, 15], 36));
    assert_eq!(progress.standings()[1], line(2, [9, 2, 7, 0, 1, 4], -36));
    // The next round opens: the match given up is over.
    assert_eq!(progress.ready().collect::<Vec<_>>(), [(MatchId(1), Entrant(0), Entrant(2))]);

    // A match cannot be given up after it was won, nor by a third side.
    let won = vec![game(121, &[121, 100]), game(121, &[121, 100])];
    let late = MatchRecord { games: won, given_up_by: Some(side(1)) };
    assert_eq!(knockout.progress_of(&[late]), Err(TournamentError::GivenUp(MatchId(0))));
    let third = MatchRecord { games: vec![], given_up_by: Some(side(2)) };
    assert_eq!(knockout.progress_of(&[third]), Err(TournamentError::GivenUp(MatchId(0))));
}

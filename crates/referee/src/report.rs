//! What a match shows: each team's wins and skunks, its points and its
//! margin per game with 95% confidence intervals, the first dealer's wins,
//! each team's points per round by source as dealer, as pone and in all,
//! and every player's faults by kind with the first few in words.
//!
//! A team is a side of the first seating: one player with two or three
//! players, the partners `--seat-0` and `--seat-2` (or 1 and 3) with four.
//! With duplicate play a team changes seats from game to game; it is
//! followed wherever it sits.

use crib_ai::Rate;
use crib_core::{Event, GameConfig, Seat, Side, Skunk, SourcePoints};
use crib_table::FaultKind;
use serde::Serialize;

use crate::config::seat_of;
use crate::{GameSetup, MatchConfig, Outcome};

/// One source of a seat's points, chosen.
type Source = fn(&mut SourcePoints) -> &mut u32;

/// How many faults of each player a report quotes.
const EXAMPLES: usize = 3;

/// A mean with its 95% confidence interval (normal approximation).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Mean {
    /// The number of values.
    pub count: u64,
    /// Their mean; 0 when there are none.
    pub mean: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

impl Mean {
    /// The mean of `values`, with its interval.
    ///
    /// ```
    /// let mean = crib_referee::Mean::of([1.0, 2.0, 3.0, 4.0]);
    /// assert_eq!((mean.count, mean.mean), (4, 2.5));
    /// // The sample variance is 5/3, so the standard error is (5/12)^½.
    /// let half = 1.959_964 * (5.0f64 / 12.0).sqrt();
    /// assert!((mean.low - (2.5 - half)).abs() < 1e-5 && (mean.high - (2.5 + half)).abs() < 1e-5);
    /// ```
    #[must_use]
    pub fn of(values: impl IntoIterator<Item = f64>) -> Mean {
        let (mut count, mut sum, mut squares) = (0u64, 0.0, 0.0);
        for value in values {
            count += 1;
            sum += value;
            squares += value * value;
        }
        if count == 0 {
            return Mean { count, mean: 0.0, low: 0.0, high: 0.0 };
        }
        const Z: f64 = 1.959_963_984_540_054;
        let n = count as f64;
        let mean = sum / n;
        let variance = if count > 1 { ((squares - sum * mean) / (n - 1.0)).max(0.0) } else { 0.0 };
        let half = Z * (variance / n).sqrt();
        Mean { count, mean, low: mean - half, high: mean + half }
    }
}

/// One side's points over some of a game's rounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundPoints {
    /// The rounds.
    pub rounds: u32,
    /// The side's points in them, by source.
    pub points: SourcePoints,
}

impl RoundPoints {
    fn add(&mut self, points: &SourcePoints) {
        self.rounds += 1;
        self.points.add(points);
    }
}

/// A side's points over a game's completed rounds: those its side dealt,
/// those in which its side held the pone (the seat after the dealer), and
/// all of them. With four players the dealer's partner counts with the
/// dealer; with three, a side that neither deals nor cuts counts only in
/// `all`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTally {
    /// The rounds its side dealt.
    pub dealer: RoundPoints,
    /// The rounds its side held the pone.
    pub pone: RoundPoints,
    /// Every completed round.
    pub all: RoundPoints,
}

/// What a report keeps of one game besides its outcome, read from the
/// game's events so that they need not be kept: the seat that dealt first,
/// and each side's points by source over the rounds the game completed
/// (shown to the crib; a round cut short by the win or a fault is not
/// counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameTally {
    /// The seat that dealt first; `None` if nothing was dealt.
    pub first_dealer: Option<Seat>,
    /// Each side's points, side 0 first (unused sides stay at zero).
    pub sides: [SideTally; Side::MAX],
}

impl GameTally {
    /// The tally of a game of `config` that went as `events` say.
    ///
    /// ```
    /// use crib_core::{Action, Game, GameConfig, Seat};
    /// use crib_referee::GameTally;
    /// let config = GameConfig::default();
    /// let mut game = Game::new(config, Seat::ALL[1], 7)?;
    /// let events = game.play(Seat::ALL[1], Action::Deal)?;
    /// let tally = GameTally::of(config, &events);
    /// assert_eq!(tally.first_dealer, Some(Seat::ALL[1]));
    /// assert_eq!(tally.sides[0].all.rounds, 0, "no round is complete yet");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn of(config: GameConfig, events: &[Event]) -> GameTally {
        let mut tally = GameTally::default();
        // The round under way: its dealer, each seat's points in it, whether
        // its crib is shown, and where the last claim was made: the hand,
        // the crib or the pegging (points called by muggins count under
        // the source they were missed from).
        let mut dealer = None;
        let mut round = [SourcePoints::default(); Seat::MAX];
        let mut shown = false;
        let mut missed_from: Source = |points| &mut points.hand;
        for event in events {
            match event {
                Event::CutForDeal { dealer: first, .. } => {
                    tally.first_dealer.get_or_insert(*first);
                }
                Event::Dealt { dealer: next, .. } => {
                    if let Some(dealer) = dealer.filter(|_| shown) {
                        tally.complete(config, dealer, &round);
                    }
                    tally.first_dealer.get_or_insert(*next);
                    dealer = Some(*next);
                    round = [SourcePoints::default(); Seat::MAX];
                    shown = false;
                }
                Event::CribShown { .. } | Event::Claimed { crib: true, .. } => shown = true,
                // The round that wins is cut short.
                Event::GameWon(_) => shown = false,
                _ => {}
            }
            match event {
                Event::Claimed { crib: true, .. } => missed_from = |points| &mut points.crib,
                Event::Claimed { crib: false, .. } => missed_from = |points| &mut points.hand,
                Event::Played { claimed: Some(_), .. } => {
                    missed_from = |points| &mut points.pegging;
                }
                _ => {}
            }
            let Some((seat, points)) = event.points() else { continue };
            let Some(source) = round.get_mut(seat.index()) else { continue };
            let points = u32::from(points);
            match event {
                Event::HisHeels { .. } => source.heels += points,
                Event::Played { .. } | Event::Go { .. } => source.pegging += points,
                Event::Shown { .. } | Event::Claimed { crib: false, .. } => source.hand += points,
                Event::CribShown { .. } | Event::Claimed { crib: true, .. } => {
                    source.crib += points;
                }
                Event::Muggins { .. } => *missed_from(source) += points,
                _ => {}
            }
        }
        if let Some(dealer) = dealer.filter(|_| shown) {
            tally.complete(config, dealer, &round);
        }
        tally
    }

    /// Counts a completed round dealt by `dealer` in which each seat scored
    /// `round`.
    fn complete(&mut self, config: GameConfig, dealer: Seat, round: &[SourcePoints; Seat::MAX]) {
        let mut sides = [SourcePoints::default(); Side::MAX];
        for seat in config.seats() {
            sides[config.side_of(seat).index()].add(&round[seat.index()]);
        }
        let dealing = config.side_of(dealer);
        let cutting = config.side_of(dealer.next(config.players()));
        for side in config.all_sides() {
            let points = &sides[side.index()];
            let tally = &mut self.sides[side.index()];
            tally.all.add(points);
            if side == dealing {
                tally.dealer.add(points);
            }
            if side == cutting {
                tally.pone.add(points);
            }
        }
    }
}

/// Average points per round from each source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct RoundAverages {
    /// The rounds averaged over.
    pub rounds: u64,
    /// The play: fifteens, thirty-ones, pairs, runs, go and last card.
    pub pegging: f64,
    /// The hand.
    pub hand: f64,
    /// The crib.
    pub crib: f64,
    /// His heels.
    pub heels: f64,
    /// Everything.
    pub total: f64,
}

/// Points over many rounds, summed without overflow.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    rounds: u64,
    pegging: u64,
    hand: u64,
    crib: u64,
    heels: u64,
}

impl Sums {
    fn add(&mut self, points: &RoundPoints) {
        self.rounds += u64::from(points.rounds);
        self.pegging += u64::from(points.points.pegging);
        self.hand += u64::from(points.points.hand);
        self.crib += u64::from(points.points.crib);
        self.heels += u64::from(points.points.heels);
    }

    fn averages(&self) -> RoundAverages {
        let per =
            |value: u64| if self.rounds == 0 { 0.0 } else { value as f64 / self.rounds as f64 };
        RoundAverages {
            rounds: self.rounds,
            pegging: per(self.pegging),
            hand: per(self.hand),
            crib: per(self.crib),
            heels: per(self.heels),
            total: per(self.pegging + self.hand + self.crib + self.heels),
        }
    }
}

/// A team's average points per completed round, by source.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RolePoints {
    /// In the rounds its side dealt.
    pub dealer: RoundAverages,
    /// In the rounds its side held the pone.
    pub pone: RoundAverages,
    /// In every round.
    pub all: RoundAverages,
}

/// One of the match's players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerReport {
    /// Its place in the match's list (`--seat-N`).
    pub player: usize,
    /// As the command line gave it.
    pub entrant: String,
    /// A built-in player's name, or the engine's answer to `name;`.
    pub name: String,
}

/// A team's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamReport {
    /// The team's side in the first seating.
    pub team: usize,
    /// Its players.
    pub players: Vec<usize>,
    /// Games won (forfeits by others included).
    pub wins: Rate,
    /// Games won by a skunk or double skunk.
    pub skunks: Rate,
    /// Games won by a double skunk.
    pub double_skunks: Rate,
    /// Games lost by a fault of one of its players.
    pub forfeits: u64,
    /// Its points at the end of each game.
    pub points: Mean,
    /// Its points less the other sides' mean, at the end of each game.
    pub margin: Mean,
    /// Its points per completed round, by source.
    pub per_round: RolePoints,
}

/// How many games a player lost by faults of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct KindCount {
    /// The kind.
    pub kind: FaultKind,
    /// The games.
    pub games: u64,
}

/// A player's faults.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailureReport {
    /// The player at fault.
    pub player: usize,
    /// As the command line gave it.
    pub entrant: String,
    /// Games it lost by a fault.
    pub games: u64,
    /// Those games by the kind of fault.
    pub kinds: Vec<KindCount>,
    /// The first few, in words: the game, the seat and the fault.
    pub examples: Vec<String>,
}

/// The results of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// Players at the table.
    pub players: u8,
    /// The score that wins.
    pub target: u8,
    /// The match's seed.
    pub seed: u64,
    /// Deals played.
    pub deals: u64,
    /// Games played.
    pub games: u64,
    /// Whether every deal was played once per seating.
    pub duplicate: bool,
    /// The players.
    pub entrants: Vec<PlayerReport>,
    /// The teams' results, team 0 first.
    pub teams: Vec<TeamReport>,
    /// Games won by the side of the seat that dealt first (out of the games
    /// in which a card was dealt).
    pub first_dealer_wins: Rate,
    /// Completed rounds (a round cut short by the win or a fault is not
    /// counted).
    pub rounds: u64,
    /// Every player with faults, in the match's order.
    pub failures: Vec<FailureReport>,
}

impl MatchReport {
    /// The report on `games` of the match `config`, in game order, each with
    /// its tally; `names` are the players' names.
    #[must_use]
    pub fn new(
        config: &MatchConfig,
        names: &[String],
        games: &[(GameSetup, Outcome, GameTally)],
    ) -> MatchReport {
        let table = config.game;
        let players = usize::from(table.players());
        let team_of = |player: usize| table.side_of(Seat::ALL[player]).index();
        let count = games.len() as u64;
        let teams = (0..usize::from(table.sides()))
            .map(|team| {
                let members: Vec<usize> = (0..players).filter(|&p| team_of(p) == team).collect();
                let side_in = |setup: &GameSetup| {
                    table.side_of(seat_of(table, members[0], setup.rotation)).index()
                };
                let (mut wins, mut skunks, mut doubles, mut forfeits) = (0, 0, 0, 0);
                let (mut dealer, mut pone, mut all) =
                    (Sums::default(), Sums::default(), Sums::default());
                for (setup, outcome, tally) in games {
                    let side = side_in(setup);
                    let points = &tally.sides[side];
                    dealer.add(&points.dealer);
                    pone.add(&points.pone);
                    all.add(&points.all);
                    if outcome.winner.index() == side {
                        wins += 1;
                        skunks += u64::from(outcome.skunk >= Skunk::Single);
                        doubles += u64::from(outcome.skunk == Skunk::Double);
                    }
                    let at_fault = outcome.forfeit.as_ref().map(|f| table.side_of(f.seat).index());
                    forfeits += u64::from(at_fault == Some(side));
                }
                let points = games.iter().map(|(setup, outcome, _)| {
                    let side = side_in(setup);
                    let own = f64::from(outcome.scores[side]);
                    let others: f64 = outcome
                        .scores
                        .iter()
                        .enumerate()
                        .filter(|&(other, _)| other != side)
                        .map(|(_, &score)| f64::from(score))
                        .sum();
                    (own, own - others / (outcome.scores.len() - 1) as f64)
                });
                TeamReport {
                    team,
                    players: members.clone(),
                    wins: Rate::new(wins, count),
                    skunks: Rate::new(skunks, count),
                    double_skunks: Rate::new(doubles, count),
                    forfeits,
                    points: Mean::of(points.clone().map(|(own, _)| own)),
                    margin: Mean::of(points.map(|(_, margin)| margin)),
                    per_round: RolePoints {
                        dealer: dealer.averages(),
                        pone: pone.averages(),
                        all: all.averages(),
                    },
                }
            })
            .collect();
        let entrants: Vec<PlayerReport> = config
            .entrants
            .iter()
            .enumerate()
            .map(|(player, entrant)| PlayerReport {
                player,
                entrant: entrant.to_string(),
                name: names.get(player).cloned().unwrap_or_default(),
            })
            .collect();
        let failures = (0..players)
            .filter_map(|player| {
                let mut kinds: Vec<KindCount> = Vec::new();
                let mut examples = Vec::new();
                let mut lost = 0;
                for (setup, outcome, _) in games {
                    let Some(forfeit) = &outcome.forfeit else { continue };
                    if config.seating(setup.rotation)[forfeit.seat.index()] != player {
                        continue;
                    }
                    lost += 1;
                    let kind = forfeit.fault.kind();
                    match kinds.iter_mut().find(|count| count.kind == kind) {
                        Some(count) => count.games += 1,
                        None => kinds.push(KindCount { kind, games: 1 }),
                    }
                    if examples.len() < EXAMPLES {
                        examples.push(format!(
                            "game {} (seed {}), seat {}: {}",
                            setup.game, setup.seed, forfeit.seat, forfeit.fault
                        ));
                    }
                }
                kinds.sort_by_key(|count| count.kind);
                (lost > 0).then(|| FailureReport {
                    player,
                    entrant: entrants[player].entrant.clone(),
                    games: lost,
                    kinds,
                    examples,
                })
            })
            .collect();
        let dealt: Vec<bool> = games
            .iter()
            .filter_map(|(_, outcome, tally)| {
                tally.first_dealer.map(|seat| table.side_of(seat) == outcome.winner)
            })
            .collect();
        let first_dealer_won = dealt.iter().filter(|&&won| won).count() as u64;
        MatchReport {
            players: table.players(),
            target: table.target(),
            seed: config.seed,
            deals: if config.only.is_some() { 1 } else { config.deals },
            games: count,
            duplicate: config.duplicate,
            entrants,
            teams,
            first_dealer_wins: Rate::new(first_dealer_won, dealt.len() as u64),
            rounds: games.iter().map(|(_, _, tally)| u64::from(tally.sides[0].all.rounds)).sum(),
            failures,
        }
    }
}

#[cfg(test)]
mod tests {
    use crib_ai::{Player, RandomPlayer};
    use crib_core::{Claims, Game, Phase};

    use super::*;

    /// A game between random players, played to its end, in which every seat
    /// claims nothing for its shows if `claiming`, so that each show's points
    /// are called by muggins; its events.
    fn random_game(config: GameConfig, seed: u64, claiming: bool) -> (Game, Vec<Event>) {
        let mut game = Game::new(config, Seat::ALL[(seed % 2) as usize], seed).unwrap();
        let mut players: Vec<RandomPlayer> =
            config.seats().map(|seat| RandomPlayer::new(seed + seat.index() as u64)).collect();
        let claims = if claiming {
            // Every show and every card's pegging claimed as nothing, so
            // that muggins is called from each source.
            config.seats().fold(Claims::NONE.with_crib(0).with_pegging(0), |claims, seat| {
                claims.with_hand(seat, 0)
            })
        } else {
            Claims::NONE
        };
        let mut events = Vec::new();
        while game.phase() != Phase::Over {
            let (seat, action) = config
                .seats()
                .find_map(|seat| players[seat.index()].act(&game.view(seat)).map(|a| (seat, a)))
                .unwrap();
            events.extend(game.play_claiming(seat, action, claims).unwrap());
        }
        (game, events)
    }

    #[test]
    fn the_tally_from_the_events_is_the_games_own() {
        let mut called = 0;
        for players in 2..=4 {
            let config = GameConfig::new(players, 121).unwrap();
            for seed in 0..20 {
                let (game, events) = random_game(config, seed, seed % 2 == 1);
                called += events.iter().filter(|e| matches!(e, Event::Muggins { .. })).count();
                let tally = GameTally::of(config, &events);
                let own = game.tally();
                assert_eq!(tally.first_dealer, Some(game.first_dealer()));
                let (mut dealt, mut cut) = (0, 0);
                for side in config.all_sides() {
                    let ours = &tally.sides[side.index()];
                    assert_eq!(
                        (ours.all.rounds, ours.all.points),
                        (own.rounds, own.sides[side.index()])
                    );
                    dealt += ours.dealer.rounds;
                    cut += ours.pone.rounds;
                }
                assert_eq!(
                    (dealt, cut),
                    (own.rounds, own.rounds),
                    "one dealer and one pone a round"
                );
                if players < 4 {
                    // One seat a side: the dealing side's points are the
                    // dealer's.
                    let role = |pick: fn(&SideTally) -> RoundPoints| {
                        let mut sum = SourcePoints::default();
                        for side in &tally.sides {
                            sum.add(&pick(side).points);
                        }
                        sum
                    };
                    assert_eq!(role(|side| side.dealer), own.dealer);
                    assert_eq!(role(|side| side.pone), own.pone);
                }
            }
        }
        assert!(called > 0, "muggins was called");
    }

    #[test]
    fn a_round_cut_short_is_not_counted() {
        let config = GameConfig::default();
        let (_, events) = random_game(config, 3, false);
        let whole = GameTally::of(config, &events);
        let rounds = whole.sides[0].all.rounds;
        assert!(rounds > 1);
        // The last round is won, so not counted: the tally is that of the
        // rounds before it, whether or not its deal is seen.
        let last_deal = events.iter().rposition(|e| matches!(e, Event::Dealt { .. })).unwrap();
        assert_eq!(GameTally::of(config, &events[..last_deal]), whole);
        // A round stopped before its crib is shown is not counted either.
        let crib = events[..last_deal].iter().rposition(|e| matches!(e, Event::CribShown { .. }));
        let cut = GameTally::of(config, &events[..crib.unwrap()]);
        assert_eq!(cut.sides[0].all.rounds, rounds - 1);
        assert_eq!(cut.first_dealer, whole.first_dealer);
        assert_eq!(GameTally::of(config, &[]), GameTally::default());
    }
}

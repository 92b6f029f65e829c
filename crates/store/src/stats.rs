//! A player's record over their finished matches, worked out from the
//! events of each match replayed: games and wins, skunks, and the points of
//! every source (hand, crib, pegging, his heels, muggins) as dealer and as
//! pone, with the best hand and crib.
//!
//! Points are counted by round, like `crib_core`'s `Tally`: a round counts
//! once its crib is shown, so that a round cut short by the win does not pull
//! the averages down. With three or four players, "pone" means any seat but
//! the dealer.

use crib_core::{Event, Seat, Side, Skunk};

use crate::GameSummary;

/// Points of one role (dealer or pone) over the completed rounds a player
/// had in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RolePoints {
    /// Rounds completed in this role.
    pub rounds: u32,
    /// Points of the hand in the show.
    pub hand: u32,
    /// Points of the crib (dealer only).
    pub crib: u32,
    /// Points of the play: fifteens, thirty-ones, pairs, runs, go and last.
    pub pegging: u32,
    /// His heels (dealer only).
    pub heels: u32,
    /// Points called as muggins from an opponent's miscount.
    pub muggins: u32,
}

impl RolePoints {
    /// `points` per completed round in this role (0 without rounds).
    #[must_use]
    pub fn average(&self, points: u32) -> f64 {
        if self.rounds == 0 { 0.0 } else { f64::from(points) / f64::from(self.rounds) }
    }

    fn add(&mut self, other: &RolePoints) {
        self.rounds += other.rounds;
        self.hand += other.hand;
        self.crib += other.crib;
        self.pegging += other.pegging;
        self.heels += other.heels;
        self.muggins += other.muggins;
    }
}

/// The record of some seats (a player, or their opponents) over matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Matches played to the end.
    pub matches: u32,
    /// Matches won.
    pub matches_won: u32,
    /// Games played to the end.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games won with the loser skunked (double skunks included).
    pub skunks_given: u32,
    /// Of those, double skunks.
    pub double_skunks_given: u32,
    /// Games lost skunked (double skunks included).
    pub skunks_taken: u32,
    /// Of those, double skunks.
    pub double_skunks_taken: u32,
    /// Points as dealer.
    pub dealer: RolePoints,
    /// Points as pone.
    pub pone: RolePoints,
    /// The best hand shown.
    pub best_hand: u8,
    /// The best crib shown.
    pub best_crib: u8,
}

impl Record {
    /// Adds one finished match, played by `seats`, with its `events`.
    fn add_match(&mut self, summary: &GameSummary, events: &[Event], seats: &[Seat]) {
        let config = summary.setup.config;
        let sides: Vec<Side> = seats.iter().map(|&seat| config.side_of(seat)).collect();
        let ours = |side: Side| sides.contains(&side);
        self.matches += 1;
        let winner = summary.match_winner();
        if winner.is_some_and(ours) {
            self.matches_won += 1;
        }
        let mut dealer = None;
        // The round in progress: its points wait for the crib to be shown.
        let mut round = [RolePoints::default(); 2];
        for event in events {
            match event {
                Event::NewGame { .. } => round = [RolePoints::default(); 2],
                Event::Dealt { dealer: seat, .. } => {
                    dealer = Some(*seat);
                    round = [RolePoints::default(); 2];
                }
                Event::GameWon(result) => {
                    self.games += 1;
                    if ours(result.winner) {
                        self.wins += 1;
                        let skunk = result.skunk();
                        self.skunks_given += u32::from(skunk != Skunk::None);
                        self.double_skunks_given += u32::from(skunk == Skunk::Double);
                    } else {
                        let skunk = sides
                            .iter()
                            .filter_map(|side| result.skunks.get(side.index()))
                            .copied()
                            .max()
                            .unwrap_or_default();
                        self.skunks_taken += u32::from(skunk != Skunk::None);
                        self.double_skunks_taken += u32::from(skunk == Skunk::Double);
                    }
                }
                _ => {}
            }
            if let Some((seat, points)) = event.points()
                && seats.contains(&seat)
            {
                let role = &mut round[usize::from(Some(seat) != dealer)];
                let points32 = u32::from(points);
                match event {
                    Event::HisHeels { .. } => role.heels += points32,
                    Event::Played { .. } | Event::Go { .. } => role.pegging += points32,
                    Event::Shown { .. } | Event::Claimed { crib: false, .. } => {
                        role.hand += points32;
                        self.best_hand = self.best_hand.max(points);
                    }
                    Event::CribShown { .. } | Event::Claimed { crib: true, .. } => {
                        role.crib += points32;
                        self.best_crib = self.best_crib.max(points);
                    }
                    Event::Muggins { .. } => role.muggins += points32,
                    _ => {}
                }
            }
            if matches!(event, Event::CribShown { .. } | Event::Claimed { crib: true, .. }) {
                for &seat in seats {
                    round[usize::from(Some(seat) != dealer)].rounds += 1;
                }
                self.dealer.add(&round[0]);
                self.pone.add(&round[1]);
                round = [RolePoints::default(); 2];
            }
        }
    }
}

/// A player's record and their opponents' over the same matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// The player's.
    pub player: Record,
    /// Their opponents' (the computer's, at the terminal).
    pub opponents: Record,
}

impl Stats {
    /// Adds a finished match in which the player sat at `seats`.
    pub(crate) fn add_match(&mut self, summary: &GameSummary, events: &[Event], seats: &[Seat]) {
        let config = summary.setup.config;
        let sides: Vec<Side> = seats.iter().map(|&seat| config.side_of(seat)).collect();
        let opponents: Vec<Seat> =
            config.seats().filter(|seat| !sides.contains(&config.side_of(*seat))).collect();
        self.player.add_match(summary, events, seats);
        self.opponents.add_match(summary, events, &opponents);
    }
}

/// A record's figures, as `crib stats --json` and a club member's page
/// give them: counts, and points per round in each role.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RecordFigures {
    /// Matches played to the end.
    pub matches: u32,
    /// Matches won.
    pub matches_won: u32,
    /// Games played to the end.
    pub games: u32,
    /// Games won.
    pub games_won: u32,
    /// Games won with the loser skunked (double skunks included).
    pub skunks_given: u32,
    /// Of those, double skunks.
    pub double_skunks_given: u32,
    /// Games lost skunked (double skunks included).
    pub skunks_taken: u32,
    /// Of those, double skunks.
    pub double_skunks_taken: u32,
    /// The best hand shown.
    pub best_hand: u8,
    /// The best crib shown.
    pub best_crib: u8,
    /// Points per round as dealer.
    pub dealer: RoleFigures,
    /// Points per round as pone.
    pub pone: RoleFigures,
}

/// A role's rounds and its points per round by source.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RoleFigures {
    /// Rounds completed in this role.
    pub rounds: u32,
    /// Points of the hand per round.
    pub hand: f64,
    /// Points of the crib per round (dealer only).
    pub crib: f64,
    /// Points of the play per round.
    pub pegging: f64,
    /// His heels per round (dealer only).
    pub heels: f64,
    /// Points called as muggins per round.
    pub muggins: f64,
}

impl From<&Record> for RecordFigures {
    fn from(record: &Record) -> RecordFigures {
        RecordFigures {
            matches: record.matches,
            matches_won: record.matches_won,
            games: record.games,
            games_won: record.wins,
            skunks_given: record.skunks_given,
            double_skunks_given: record.double_skunks_given,
            skunks_taken: record.skunks_taken,
            double_skunks_taken: record.double_skunks_taken,
            best_hand: record.best_hand,
            best_crib: record.best_crib,
            dealer: (&record.dealer).into(),
            pone: (&record.pone).into(),
        }
    }
}

impl From<&RolePoints> for RoleFigures {
    fn from(role: &RolePoints) -> RoleFigures {
        RoleFigures {
            rounds: role.rounds,
            hand: role.average(role.hand),
            crib: role.average(role.crib),
            pegging: role.average(role.pegging),
            heels: role.average(role.heels),
            muggins: role.average(role.muggins),
        }
    }
}

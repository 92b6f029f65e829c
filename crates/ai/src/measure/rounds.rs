//! Measuring a round: the distributions of a round's points that the
//! tables of the chance of winning are built from, counted from games as
//! they are played ([`RoundCounter`]; the games are seeded self-play at
//! `crib_table`'s table), and the Rust source of the kept tables that `crib
//! stats board --rebuild --write` writes.

use std::fmt::Write as _;

use crib_core::{Game, GameConfig, Phase, Seat, Tally};
use serde::Serialize;

use crate::board::counts::RoundCounts;
use crate::measure::rate::Rate;
use crate::players::strategy::Strategy;

/// What a run of self-play measured: the rounds, and the first dealer's
/// wins, counted directly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Measured {
    /// The players at the table: 2, 3, or 4 in partnerships.
    pub players: u8,
    /// The distributions of the completed rounds.
    pub counts: RoundCounts,
    /// The games played.
    pub games: u64,
    /// The seed of the run.
    pub seed: u64,
    /// The player of every seat.
    pub strategy: Strategy,
    /// The games won by the side that dealt first.
    pub first_dealer_wins: u64,
}

impl Measured {
    /// The first dealer's rate of winning, with its 95% interval.
    #[must_use]
    pub fn first_dealer_rate(&self) -> Rate {
        Rate::new(self.first_dealer_wins, self.games)
    }

    /// The Rust source of `board/data/two_players.rs`, `three_players.rs`
    /// or `four_players.rs` for these counts: what `crib stats board
    /// --rebuild --write` writes.
    #[must_use]
    pub fn source(&self) -> String {
        let counts = &self.counts;
        let mut text = String::new();
        let table_of =
            if self.players == 2 { String::new() } else { format!(" ({} players)", self.players) };
        let _ = writeln!(
            text,
            "// The distributions of a round's points that `{}` is built from{}:\n\
             // {} rounds of {} self-play, {} games seeded {}. Written by\n\
             // `crib stats board --rebuild --write`, not by hand.",
            if self.players == 3 { "ThreeTable" } else { "win_chance" },
            table_of,
            counts.rounds(),
            self.strategy,
            self.games,
            self.seed
        );
        let _ = writeln!(
            text,
            "/// The games, the seed and the first dealer's wins of the measure.\n\
             pub(super) const MEASURED: (u64, u64, u64) = ({}, {}, {});",
            self.games, self.seed, self.first_dealer_wins
        );
        let play: Vec<String> = counts
            .play
            .iter()
            .map(|(points, count)| {
                let points: Vec<String> = points.iter().map(u8::to_string).collect();
                format!("({}, {count})", points.join(", "))
            })
            .collect();
        let parties = if self.players == 3 { "u8, u8, u8" } else { "u8, u8" };
        table(&mut text, "PLAY", &format!("({parties}, u32); {}", play.len()), &play);
        let numbers = |counts: &[u32], len: usize| -> Vec<String> {
            (0..len).map(|i| counts.get(i).copied().unwrap_or(0).to_string()).collect()
        };
        for (stage, &(name, most)) in RoundCounts::stages(self.players).iter().enumerate() {
            let counted = counts.show.get(stage).map_or(&[][..], Vec::as_slice);
            table(&mut text, name, &format!("u32; {most}"), &numbers(counted, most));
        }
        text
    }

    /// What the repository keeps for two players.
    #[must_use]
    pub fn stored() -> Measured {
        Measured::stored_for(2).expect("a table is kept for two players")
    }

    /// What the repository keeps for `players` (2, 3, or 4 in
    /// partnerships), if anything.
    #[must_use]
    pub fn stored_for(players: u8) -> Option<Measured> {
        let (games, seed, first_dealer_wins) = RoundCounts::kept_measure(players)?;
        Some(Measured {
            players,
            counts: RoundCounts::stored_for(players)?,
            games,
            seed,
            strategy: Strategy::Expert,
            first_dealer_wins,
        })
    }
}

/// A constant array of `items`, wrapped at 100 columns.
pub(crate) fn table(text: &mut String, name: &str, kind: &str, items: &[String]) {
    let _ = writeln!(text, "#[rustfmt::skip]\npub(super) const {name}: [{kind}] = [");
    let mut line = String::from("   ");
    for item in items {
        if line.len() + item.len() + 2 > 100 {
            let _ = writeln!(text, "{line}");
            line = String::from("   ");
        }
        line.push(' ');
        line.push_str(item);
        line.push(',');
    }
    let _ = writeln!(text, "{line}\n];");
}

/// Counts the completed rounds of one game as it is played: shown the
/// game after every action, it adds each round to its [`RoundCounts`] as
/// the round completes. Self-play (`crib_table::measure_rounds`) runs one
/// a game and merges their counts.
#[derive(Clone, Debug)]
pub struct RoundCounter {
    config: GameConfig,
    counts: RoundCounts,
    /// The game's tally when the last round was counted.
    tally: Tally,
    /// The dealer of the round in progress: once a round is complete the
    /// game may already have moved the deal on.
    dealer: Option<Seat>,
}

impl RoundCounter {
    /// A counter for a game of `config`, before its first action.
    #[must_use]
    pub fn new(config: GameConfig) -> RoundCounter {
        RoundCounter {
            config,
            counts: RoundCounts::default(),
            tally: Tally::default(),
            dealer: None,
        }
    }

    /// The game after an action: a round it has just completed is counted.
    pub fn watch(&mut self, game: &Game) {
        let now = *game.tally();
        if now.rounds > self.tally.rounds {
            let config = self.config;
            let dealt = self.dealer.unwrap_or_else(|| game.dealer());
            let players = config.players();
            let [pone_side, second_side, dealer_side] =
                [dealt.next(players), dealt.next(players).next(players), dealt]
                    .map(|seat| config.side_of(seat).index());
            let tally = &self.tally;
            let since = |side: usize| now.sides[side].since(&tally.sides[side]);
            self.counts.count_round(
                players,
                [&now.pone.since(&tally.pone), &now.dealer.since(&tally.dealer)],
                [&since(pone_side), &since(dealer_side)],
                (players == 3).then(|| since(second_side)).as_ref(),
            );
            self.tally = now;
            self.dealer = None;
        } else if game.phase() != Phase::Deal {
            self.dealer = Some(game.dealer());
        }
    }

    /// The rounds counted.
    #[must_use]
    pub fn into_counts(self) -> RoundCounts {
        self.counts
    }
}

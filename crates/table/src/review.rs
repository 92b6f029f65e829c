//! The review of a saved match: every decision a person made, graded
//! against the expert, the points each round lost to discards, to the play
//! and to counting, and the chance of winning across each game.
//!
//! The match is replayed from its seed and its saved actions; each person's
//! discard and each play where more than one card fitted is graded on the
//! view the person had, by the expert's own analysis
//! ([`ExpertPlayer::keep_analysis`], [`ExpertPlayer::play_analysis`]): the
//! cost of a decision is the best value minus the value of what was chosen,
//! in what the expert ranked by: expected points, or near the end of a
//! game of two sides (two players, or four in partnerships) the chance of
//! winning it (discards and plays alike).
//! With muggins, a count is graded by the true count: the cost is the points
//! the person missed. A play with one card that fits, a go and the deal are
//! no choice and are not graded.
//!
//! A review grades every person's decisions, from the first person's side;
//! the review of a seat ([`review_seat`]) grades only the decisions of that
//! seat's side, from that side: what a club member is shown of a match of
//! theirs, where another member sat too.
//!
//! The expert's play search samples the hands it cannot see from a seed, so
//! a review is graded by an expert of a fixed seed ([`REVIEW_SEED`] unless
//! asked otherwise) and says which: the same match always gets the same
//! review. Decisions are graded in parallel.
//!
//! The chance of winning, from the side of the first person's seat, is
//! read at the start of every round and at the end of each game from
//! `crib_ai`'s tables ([`crib_ai::chance_at_deal`]: [`crib_ai::WinTable`]
//! for two sides, two players or four in partnerships, and
//! [`crib_ai::ThreeTable`] for three players).
//!
//! # Luck and skill
//!
//! Each finished game's result is split, as backgammon analysers split
//! theirs, into skill and luck ([`LuckSkill`]), from that side's side: the
//! result is the outcome (1 won, 0 lost) less the chance at the game's
//! start. Round by round, the change of the chance is the chance at the
//! start of the next round (or the outcome, for the last) less the chance
//! at the start of this one, and
//!
//! - the round's skill is minus the chance of winning that the decisions of
//!   the side's people gave up in it: a decision graded in the chance of
//!   winning gives up its cost; the costs graded in points (discards, plays
//!   and counts) are added up and turned into the chance at once, at the
//!   scores and the deal of the round's start (below);
//! - the round's luck is the rest of the change: the cards, the cut and the
//!   decisions of every other seat (a partner's too).
//!
//! The tables are kept by whole points of what each side needs (the target
//! less its score, [`crib_ai::chance_at_deal`]), and a cost in points is a
//! fraction. The points `p` are turned into chance as the chance the side
//! would have had, less the chance it had:
//!
//! - would have had: the chance with the side's score raised by the whole
//!   points of `p` and the chance with it raised by one more, weighed so
//!   that the mean is `p` (1.25 points: 75% of the chance with 1 more, 25%
//!   of it with 2 more), as the expert's keeps read the tables;
//! - had: the chance at the round's start, but with the points that
//!   muggins took from a short count added to the taker's (the next
//!   seat's side) score;
//! - never below nothing.
//!
//! The side's score is raised rather than the chance lowered from a lower
//! score, because the tables read a need above 121 (a score below nothing)
//! as 121: in the first round of a game to 121 every cost would otherwise
//! come to nothing. A side raised to the target has won.
//!
//! So a game's skill and luck add up to its result, and a match's to the
//! sum of its games'. A game the match stopped in (given up) has no
//! outcome and is not split. [`LuckSkillText`] says it in players' words.
//!
//! The charts of the chance are drawn here, once for every interface: as
//! SVG ([`chance_svg`]) and as lines of text ([`chance_text`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crib_ai::{ExpertPlayer, PlayMeasure};
use crib_core::{Action, Card, CardSet, Event, GameConfig, Match, Seat, Side, View, number_words};
use crib_store::{GameId, Move, NewGame, PlayerKind, Resumed, Store, StoreError};
use rayon::prelude::*;
use serde::Serialize;

use crate::narrate::{Perspective, capitalised, card_text, cards_text, clock_moved};

/// The seed of the expert that grades a review unless another is asked for.
pub const REVIEW_SEED: u64 = 1;

/// A decision that gives up at least this many expected points is a
/// mistake.
pub const MISTAKE_POINTS: f64 = 1.0;

/// A play near the end of a game that gives up at least this chance of
/// winning (3%) is a mistake.
pub const MISTAKE_CHANCE: f64 = 0.03;

/// Why a match cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The match could not be loaded.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// No seat of the match was played by a person.
    #[error("match {0} has no person's decisions to review: every seat was a computer's")]
    NoPerson(GameId),
    /// The seat asked for ([`review_seat`]) was not played by a person, or
    /// the match has no such seat.
    #[error("match {0} has no person's decisions to review at seat {1}")]
    NotAPerson(GameId, Seat),
    /// The saved configuration is refused (a damaged file).
    #[error("match {0} cannot be set up again: {1}")]
    Config(GameId, crib_core::ConfigError),
    /// A saved action that the rules refuse on a second replay (the store
    /// checks every match it loads, so this means a damaged file).
    #[error("match {id} does not replay at action {ply}: {source}")]
    Replay {
        /// The match.
        id: GameId,
        /// The action's number.
        ply: u32,
        /// Why.
        source: crib_core::IllegalAction,
    },
}

/// Who graded a review.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Grader {
    /// The player's level: always the expert.
    pub level: &'static str,
    /// The expert's seed.
    pub seed: u64,
}

/// What a cost measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// Expected points of the person's side.
    Points,
    /// The chance of winning the game, from 0 to 1.
    WinChance,
}

/// The parts of a discard's expected points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct KeepParts {
    /// The hand's expectation over every starter.
    pub hand: f64,
    /// The crib's, for the keeper's side (negative for an opponent's crib).
    pub crib: f64,
    /// The play's estimated net points.
    pub pegging: f64,
}

impl KeepParts {
    fn of(keep: &crib_ai::KeepValue) -> KeepParts {
        KeepParts { hand: keep.hand.value(), crib: keep.crib_share(), pegging: keep.pegging }
    }

    fn minus(self, other: KeepParts) -> KeepParts {
        KeepParts {
            hand: self.hand - other.hand,
            crib: self.crib - other.crib,
            pegging: self.pegging - other.pegging,
        }
    }
}

/// What was decided, and what the expert would have done.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Graded {
    /// A discard to the crib.
    Discard {
        /// The cards dealt.
        dealt: CardSet,
        /// The cards the person gave to the crib.
        chosen: CardSet,
        /// The cards the expert gives.
        best: CardSet,
        /// The expected points given up, by part: best minus chosen (near
        /// the end, where the chance of winning grades the discard, the
        /// parts still say what the points were).
        lost: KeepParts,
    },
    /// A card played when more than one fitted.
    Play {
        /// The count before the card.
        count: u8,
        /// The card played.
        card: Card,
        /// The expert's card.
        best: Card,
        /// The expert's value of the card played.
        value: f64,
        /// The expert's value of its own card.
        best_value: f64,
    },
    /// A hand or crib counted by the person, with muggins.
    Count {
        /// Whether it was the crib.
        crib: bool,
        /// What the person claimed.
        claimed: u8,
        /// What the show was worth.
        worth: u8,
        /// The points missed (given to the next player).
        missed: u8,
    },
    /// What a card pegged, counted by the person, with muggins for the
    /// pegging.
    PegCount {
        /// The card played.
        card: Card,
        /// The count with the card.
        count: u8,
        /// What the person claimed.
        claimed: u8,
        /// What the card pegged.
        worth: u8,
        /// The points missed (given to the next player).
        missed: u8,
    },
}

/// One graded decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// The saved action's number in the match.
    pub ply: u32,
    /// The index in the match's events of the event that shows it (the
    /// discard, the card played, the claimed show), for a replay to annotate.
    pub event: usize,
    /// The game of the match, from 0.
    pub game: u32,
    /// The round of the game, from 1.
    pub round: u32,
    /// The seat that decided.
    pub seat: Seat,
    /// What was given up, in `measure`: never negative.
    pub cost: f64,
    /// What the cost measures.
    pub measure: Measure,
    /// Whether the cost reaches the threshold of a mistake
    /// ([`MISTAKE_POINTS`], [`MISTAKE_CHANCE`]).
    pub mistake: bool,
    /// Whether the move clock made the move, for a person who ran out of
    /// time: `basic`'s choice, graded as the seat's all the same.
    pub by_clock: bool,
    /// The decision.
    #[serde(flatten)]
    pub graded: Graded,
}

impl Decision {
    fn new(
        ply: u32,
        event: usize,
        at: (u32, u32),
        seat: Seat,
        cost: f64,
        measure: Measure,
        graded: Graded,
    ) -> Decision {
        // Sampling noise can make a card worth a hair more than the
        // expert's own: nothing is given up then.
        let cost = cost.max(0.0);
        let threshold = match measure {
            Measure::Points => MISTAKE_POINTS,
            Measure::WinChance => MISTAKE_CHANCE,
        };
        // A tolerance for the sums behind the costs, so that a point given
        // up exactly counts as one.
        let mistake = cost >= threshold - 1e-9;
        Decision {
            ply,
            event,
            game: at.0,
            round: at.1,
            seat,
            cost,
            measure,
            mistake,
            by_clock: false,
            graded,
        }
    }

    /// The cost in words: "1.25 points", "4.0% win chance".
    #[must_use]
    pub fn cost_text(&self) -> String {
        match self.measure {
            Measure::Points => format!("{:.2} points", self.cost),
            Measure::WinChance => format!("{:.1}% win chance", self.cost * 100.0),
        }
    }

    /// The decision and its cost in one sentence, from `who`'s side:
    /// "You threw 5♥ 6♠; the expert throws 10♣ K♦: 1.25 points given up
    /// (hand 0.80, crib 0.50, play -0.05)." A move the clock made says so
    /// first ([`clock_moved`]).
    #[must_use]
    pub fn describe(&self, who: &Perspective) -> String {
        let said = self.describe_choice(who);
        if self.by_clock { format!("{} {said}", clock_moved(self.seat, who)) } else { said }
    }

    /// [`Decision::describe`] without the word of the clock.
    fn describe_choice(&self, who: &Perspective) -> String {
        let subject = capitalised(&who.subject(self.seat));
        let given_up = if self.cost > 0.0 {
            format!("{} given up", self.cost_text())
        } else {
            "nothing given up".to_owned()
        };
        let flag = if self.mistake { " Mistake." } else { "" };
        // The person's choice, the expert's, whether they are the same, and
        // the parts of what was given up.
        let (verb, mine, expert, same, parts) = match &self.graded {
            Graded::Discard { chosen, best, lost, .. } => (
                "throw",
                cards_text(*chosen),
                cards_text(*best),
                chosen == best,
                format!(
                    " ({}hand {:.2}, crib {:.2}, play {:.2})",
                    if self.measure == Measure::WinChance { "in points: " } else { "" },
                    lost.hand,
                    lost.crib,
                    lost.pegging
                ),
            ),
            Graded::Play { count, card, best, .. } => (
                "play",
                format!("{} at {count}", card_text(*card)),
                card_text(*best),
                card == best,
                String::new(),
            ),
            Graded::Count { crib, claimed, worth, missed } => {
                let does = who.verb(self.seat, "count");
                let what = if *crib { "the crib" } else { "the hand" };
                return count_sentence(&subject, &does, what, (*claimed, *worth, *missed), flag);
            }
            Graded::PegCount { card, count, claimed, worth, missed } => {
                let does = who.verb(self.seat, "count");
                let what = format!("{} at {count}", card_text(*card));
                return count_sentence(&subject, &does, &what, (*claimed, *worth, *missed), flag);
            }
        };
        let does = who.verb(self.seat, verb);
        if same {
            format!("{subject} {does} {mine}, as the expert does.")
        } else {
            format!(
                "{subject} {does} {mine}; the expert {verb}s {expert}: {given_up}{parts}.{flag}"
            )
        }
    }
}

/// The sentence for a count with muggins: "You count 6 for the hand, worth
/// 8: 2 points missed." (or for "5♥ at 15", a card's pegging).
fn count_sentence(
    subject: &str,
    does: &str,
    what: &str,
    count: (u8, u8, u8),
    flag: &str,
) -> String {
    let (claimed, worth, missed) = count;
    let verdict = if missed > 0 {
        format!(": {missed} point{} missed.{flag}", if missed == 1 { "" } else { "s" })
    } else {
        ".".to_owned()
    };
    format!("{subject} {does} {claimed} for {what}, worth {worth}{verdict}")
}

/// Points given up in a round (or a game), by where.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Losses {
    /// To discards: expected points.
    pub discards: f64,
    /// To the play: expected points (plays graded by points).
    pub pegging: f64,
    /// To counting with muggins: points missed.
    pub counting: f64,
    /// Discards, play and counting together.
    pub total: f64,
    /// The chance of winning given up in discards and plays near the end of
    /// the game, graded by chance rather than points (not in `total`).
    pub win_chance: f64,
}

impl Losses {
    fn add(&mut self, decision: &Decision) {
        match (&decision.graded, decision.measure) {
            (_, Measure::WinChance) => self.win_chance += decision.cost,
            (Graded::Discard { .. }, Measure::Points) => self.discards += decision.cost,
            (Graded::Play { .. }, Measure::Points) => self.pegging += decision.cost,
            (Graded::Count { .. } | Graded::PegCount { .. }, Measure::Points) => {
                self.counting += decision.cost;
            }
        }
        self.total = self.discards + self.pegging + self.counting;
    }
}

/// The losses of one round.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RoundLosses {
    /// The round of the game, from 1.
    pub round: u32,
    /// What it lost.
    #[serde(flatten)]
    pub losses: Losses,
}

/// The summary of one game of the match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReview {
    /// The game, from 0.
    pub game: u32,
    /// Each round with a graded decision, in order.
    pub rounds: Vec<RoundLosses>,
    /// The whole game's.
    pub total: Losses,
    /// The mistakes flagged.
    pub mistakes: usize,
    /// The game's result split into skill and luck: `None` for a game the
    /// match stopped in.
    pub luck_skill: Option<LuckSkill>,
}

/// A finished game's result split into skill and luck, from the side of the
/// review's first person (see [the module's doc](self)): `skill + luck ==
/// result`, round by round and for the game. Each is a chance of winning:
/// the result from -1 to 1, while skill and luck can each go past it (each
/// round's points given up are counted at that round's scores, and luck
/// makes up the rest).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LuckSkill {
    /// Whether the side won the game.
    pub won: bool,
    /// Its chance of winning at the start of the game.
    pub start: f64,
    /// The outcome (1 won, 0 lost) less `start`.
    pub result: f64,
    /// Minus the chance of winning the side's people gave up: never
    /// above nothing.
    pub skill: f64,
    /// The rest of the result.
    pub luck: f64,
    /// Every round of the game, in order.
    pub rounds: Vec<RoundLuckSkill>,
}

/// One round of a [`LuckSkill`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RoundLuckSkill {
    /// The round of the game, from 1.
    pub round: u32,
    /// The chance at the start of the next round (or the outcome) less the
    /// chance at the start of this one.
    pub change: f64,
    /// Minus the chance the side's people gave up in the round.
    pub skill: f64,
    /// The rest of the change.
    pub luck: f64,
}

/// The split over every finished game of a match: the sums of their
/// [`LuckSkill`]s.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MatchLuckSkill {
    /// The games split.
    pub games: u32,
    /// The sum of their results.
    pub result: f64,
    /// The sum of their skill.
    pub skill: f64,
    /// The sum of their luck.
    pub luck: f64,
}

/// The chance of winning at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChancePoint {
    /// The game, from 0.
    pub game: u32,
    /// The rounds played in the game before this moment.
    pub rounds: u32,
    /// The reviewed side's score and the best of the others' (the other
    /// side's, but with three players).
    pub scores: [u16; 2],
    /// The reviewed side's chance of winning the game, from 0 to 1.
    pub chance: f64,
}

/// A reviewed match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The saved match.
    pub id: i64,
    /// Who graded it.
    pub expert: Grader,
    /// The thresholds of a mistake: points, and win chance.
    pub thresholds: [f64; 2],
    /// Each seat's saved player name, seat 0 first.
    pub players: Vec<String>,
    /// The seats whose decisions are graded, each played by a person: every
    /// person's, in the order of the seats, or in the review of a seat
    /// ([`review_seat`]) that seat's and then its partner's. The chance and
    /// the split into luck and skill are from the first one's side.
    pub people: Vec<Seat>,
    /// Every graded decision, in the order of the match.
    pub decisions: Vec<Decision>,
    /// Each game's summary.
    pub games: Vec<GameReview>,
    /// The chance of winning of the first person's side, at the start of
    /// every round and at the end of each game.
    pub chance: Vec<ChancePoint>,
    /// The games' splits into skill and luck added up: `None` if no game
    /// was finished.
    pub luck_skill: Option<MatchLuckSkill>,
}

impl Review {
    /// The mistakes flagged.
    pub fn mistakes(&self) -> impl Iterator<Item = &Decision> {
        self.decisions.iter().filter(|decision| decision.mistake)
    }

    /// The chance of winning as a plain series, for a chart.
    #[must_use]
    pub fn chance_series(&self) -> Vec<f64> {
        self.chance.iter().map(|point| point.chance).collect()
    }

    /// The match's losses over every game.
    #[must_use]
    pub fn total(&self) -> Losses {
        let mut total = Losses::default();
        for decision in &self.decisions {
            total.add(decision);
        }
        total
    }
}

/// A review's split into luck and skill in players' words, from a reader's
/// side: the one phrasing of every interface.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LuckSkillText {
    /// What luck and skill are.
    pub legend: String,
    /// Each game's sentence, in the order of [`Review::games`], for the
    /// interface to put under the game's name.
    pub games: Vec<String>,
    /// The sentence of the games together, when more than one was split.
    pub total: Option<String>,
}

/// A chance of winning as a signed percentage: "+52.0%", "-8.4%" (never
/// "-0.0%").
fn signed_percent(chance: f64) -> String {
    let shown = format!("{:+.1}%", chance * 100.0);
    // A hair below nothing is nothing.
    if shown == "-0.0%" { "+0.0%".to_owned() } else { shown }
}

/// "+52.0% = skill -8.4% + luck +60.4%".
fn sum_text(result: f64, skill: f64, luck: f64) -> String {
    format!(
        "{} = skill {} + luck {}",
        signed_percent(result),
        signed_percent(skill),
        signed_percent(luck)
    )
}

/// The legend of a split into luck and skill: "Luck and skill, in
/// {chance_of} of winning: skill is what {decisions} gave up against the
/// expert's, luck is the rest (...)."
fn legend(chance_of: &str, decisions: &str) -> String {
    format!(
        "Luck and skill, in {chance_of} of winning: skill is what {decisions} gave up against \
         the expert's, luck is the rest (the cards, the cut and the other players' decisions)."
    )
}

/// The legend of a player's splits over their matches (a club member's
/// page), `whose` being "your" or "Ann's": "Luck and skill, in Ann's
/// chance of winning: skill is what Ann's decisions gave up against the
/// expert's, luck is the rest (the cards, the cut and the other players'
/// decisions)."
#[must_use]
pub fn player_legend(whose: &str) -> String {
    legend(&format!("{whose} chance"), &format!("{whose} decisions"))
}

/// "one game", "twelve games".
fn games_words(games: u32) -> String {
    format!("{} game{}", number_words(games), if games == 1 { "" } else { "s" })
}

impl MatchLuckSkill {
    /// Nothing split: no game.
    pub const NONE: MatchLuckSkill =
        MatchLuckSkill { games: 0, result: 0.0, skill: 0.0, luck: 0.0 };

    /// This split and `other` added up: the split of both matches.
    #[must_use]
    pub fn plus(self, other: MatchLuckSkill) -> MatchLuckSkill {
        MatchLuckSkill {
            games: self.games + other.games,
            result: self.result + other.result,
            skill: self.skill + other.skill,
            luck: self.luck + other.luck,
        }
    }

    /// The sum in words: "+52.0% = skill -8.4% + luck +60.4%".
    #[must_use]
    pub fn sum_text(&self) -> String {
        sum_text(self.result, self.skill, self.luck)
    }

    /// A match's split in words, after its games: "Two games: +0.0% = skill
    /// -20.1% + luck +20.1%.", or "No game finished, so not split."
    #[must_use]
    pub fn text(&self) -> String {
        if self.games == 0 {
            return "No game finished, so not split.".to_owned();
        }
        format!("{}: {}.", capitalised(&games_words(self.games)), self.sum_text())
    }

    /// The splits of `matches` matches added up, in words: "Twelve games in
    /// five matches: +40.0% = skill -31.2% + luck +71.2%.", "No game
    /// finished in the two matches reviewed.", or "No match reviewed yet."
    #[must_use]
    pub fn matches_text(&self, matches: u32) -> String {
        let in_matches =
            format!("{} match{}", number_words(matches), if matches == 1 { "" } else { "es" });
        match (matches, self.games) {
            (0, _) => "No match reviewed yet.".to_owned(),
            (_, 0) => format!("No game finished in the {in_matches} reviewed."),
            (_, games) => format!(
                "{} in {in_matches}: {}.",
                capitalised(&games_words(games)),
                self.sum_text()
            ),
        }
    }
}

impl Review {
    /// The split into luck and skill in words, from `who`'s side:
    ///
    /// - the legend: "Luck and skill, in your chance of winning: skill is
    ///   what your decisions gave up against the expert's, luck is the rest
    ///   (the cards, the cut and the other players' decisions).";
    /// - each game: "You won, from 44.0% at the start: +56.0% = skill
    ///   -8.4% + luck +64.4%." (or "Not finished, so not split.");
    /// - with more than one game split: "The two games together: +0.0% =
    ///   skill -20.1% + luck +20.1%."
    #[must_use]
    pub fn luck_skill_text(&self, who: &Perspective) -> LuckSkillText {
        let config = who.config();
        let side = self.people.first().map(|&first| config.side_of(first));
        let deciders: Vec<Seat> = self
            .people
            .iter()
            .copied()
            .filter(|&seat| Some(config.side_of(seat)) == side)
            .collect();
        let decisions = match &deciders[..] {
            [one] => format!("{} decisions", who.possessive(*one)),
            many => {
                let names: Vec<String> = many.iter().map(|&seat| who.object(seat)).collect();
                format!("the decisions of {}", names.join(" and "))
            }
        };
        let side_name = side.map_or_else(|| "the person".to_owned(), |side| who.side(side));
        let chance_of = match side {
            Some(side) if who.is_our_side(side) => {
                if config.seats_of(side).count() > 1 { "your side's chance" } else { "your chance" }
                    .to_owned()
            }
            Some(side) if config.seats_of(side).count() == 1 => format!("{side_name}'s chance"),
            _ => format!("the chance of {side_name}"),
        };
        let legend = legend(&chance_of, &decisions);
        let games = self
            .games
            .iter()
            .map(|game| match &game.luck_skill {
                Some(split) => format!(
                    "{} {}, from {:.1}% at the start: {}.",
                    capitalised(&side_name),
                    if split.won { "won" } else { "lost" },
                    split.start * 100.0,
                    sum_text(split.result, split.skill, split.luck)
                ),
                None => "Not finished, so not split.".to_owned(),
            })
            .collect();
        let total = self.luck_skill.filter(|total| total.games > 1).map(|total| {
            format!("The {} games together: {}.", number_words(total.games), total.sum_text())
        });
        LuckSkillText { legend, games, total }
    }

    /// [`Review::luck_skill_text`] as lines: the legend, each game after
    /// its name ("Game 1: You won, ..."), the games together.
    #[must_use]
    pub fn luck_skill_lines(&self, who: &Perspective) -> Vec<String> {
        let LuckSkillText { legend, games, total } = self.luck_skill_text(who);
        let games = self
            .games
            .iter()
            .zip(games)
            .map(|(game, sentence)| format!("Game {}: {sentence}", game.game + 1));
        std::iter::once(legend).chain(games).chain(total).collect()
    }
}

/// Match `id` of `store`, reviewed by the expert of `seed`.
///
/// # Errors
///
/// The match cannot be loaded; it has no person's seat.
pub fn review(store: &Store, id: GameId, seed: u64) -> Result<Review, ReviewError> {
    review_resumed(&store.resume(id)?, seed)
}

/// Match `id` of `store` reviewed for the person at `seat` by the expert of
/// `seed`: only the decisions of that seat's side are graded (theirs, and a
/// partner's who is a person), and the chance and the split into luck and
/// skill are from that side, whichever seat the match's first person sat
/// at. What a member's page shows them of a match of theirs: their own
/// decisions, and none of another person's.
///
/// # Errors
///
/// The match cannot be loaded; `seat` was not a person's.
pub fn review_seat(
    store: &Store,
    id: GameId,
    seat: Seat,
    seed: u64,
) -> Result<Review, ReviewError> {
    let resumed = store.resume(id)?;
    let setup = &resumed.summary.setup;
    let config = setup.config;
    let person = |seat: Seat| played_by_a_person(setup, seat);
    if !person(seat) {
        return Err(ReviewError::NotAPerson(id, seat));
    }
    let partners = config.seats_of(config.side_of(seat)).filter(|&other| other != seat);
    let people = std::iter::once(seat).chain(partners.filter(|&other| person(other))).collect();
    review_people(id, setup, &resumed.moves, seed, people)
}

/// The start of a round, as the split into luck and skill reads it.
struct RoundStart {
    /// The game, from 0.
    game: u32,
    /// The round, from 1.
    round: u32,
    /// Every side's score, side 0 first.
    scores: Vec<u16>,
    /// The round's dealer.
    dealer: Seat,
    /// The reviewed side's chance of winning.
    chance: f64,
}

/// A decision to be graded by the expert.
struct Pending {
    ply: u32,
    event: usize,
    at: (u32, u32),
    view: View,
    action: Action,
    by_clock: bool,
}

/// A loaded match, reviewed by the expert of `seed`.
///
/// # Errors
///
/// The match has no person's seat; a saved action does not replay.
pub fn review_resumed(resumed: &Resumed, seed: u64) -> Result<Review, ReviewError> {
    review_moves(resumed.summary.id, &resumed.summary.setup, &resumed.moves, seed)
}

/// The match of `setup` played by `moves` (all of them, or the first ones
/// of a match not over), reviewed by the expert of `seed`, as
/// [`review_resumed`] reviews a saved one: for a match kept elsewhere than
/// the saved matches (a round of the deal of the day), `id` only names it.
///
/// # Errors
///
/// The match has no person's seat; an action does not replay.
pub fn review_moves(
    id: GameId,
    setup: &NewGame,
    moves: &[Move],
    seed: u64,
) -> Result<Review, ReviewError> {
    let people = setup.config.seats().filter(|&seat| played_by_a_person(setup, seat)).collect();
    review_people(id, setup, moves, seed, people)
}

/// Whether `seat` of the match of `setup` was played by a person.
fn played_by_a_person(setup: &NewGame, seat: Seat) -> bool {
    setup.players.get(seat.index()).is_some_and(|player| player.kind == PlayerKind::Person)
}

/// [`review_moves`] grading the decisions of `people` only, from the first
/// one's side.
fn review_people(
    id: GameId,
    setup: &NewGame,
    moves: &[Move],
    seed: u64,
    people: Vec<Seat>,
) -> Result<Review, ReviewError> {
    let config = setup.config;
    let Some(&first) = people.first() else { return Err(ReviewError::NoPerson(id)) };
    let ours = config.side_of(first);
    let replay_error = |ply, source| ReviewError::Replay { id, ply, source };
    let (mut play, opening) = Match::new(config, setup.length, setup.seed)
        .map_err(|source| ReviewError::Config(id, source))?;
    let mut events = opening.len();
    let mut pending = Vec::new();
    let mut counts = Vec::new();
    let mut chance = Vec::new();
    let mut starts = Vec::new();
    let mut won = BTreeMap::new();
    let point = |game: u32, rounds: u32, scores: &[u16], chance: f64| {
        let mine = scores.get(ours.index()).copied().unwrap_or_default();
        let theirs = scores.iter().enumerate().filter(|&(side, _)| side != ours.index());
        let theirs = theirs.map(|(_, &score)| score).max().unwrap_or_default();
        ChancePoint { game, rounds, scores: [mine, theirs], chance }
    };
    for saved in moves {
        let (seat, action) = (saved.seat, saved.action);
        let view = play.view(seat);
        let game = play.game_index();
        let at = (game, view.round);
        if action == Action::Deal {
            let chance_now = crib_ai::chance_now(&play.view(first));
            let scores = view.board.scores();
            chance.push(point(game, view.round, scores, chance_now));
            // The deal starts the round after the rounds dealt so far.
            let round = view.round + 1;
            let scores = scores.to_vec();
            starts.push(RoundStart {
                game,
                round,
                scores,
                dealer: view.dealer,
                chance: chance_now,
            });
        }
        let chooses = match action {
            Action::Discard(_) => true,
            Action::Play(_) => view.playable().len() > 1,
            Action::Deal | Action::Go => false,
        };
        if chooses && people.contains(&seat) {
            let by_clock = saved.by_clock;
            pending.push(Pending { ply: saved.ply, event: events, at, view, action, by_clock });
        }
        let produced = play
            .play_claiming(seat, action, saved.claims)
            .map_err(|source| replay_error(saved.ply, source))?;
        for (offset, event) in produced.iter().enumerate() {
            // A count made with muggins, of a show or of a card's pegging:
            // the seat, the points it missed, and the grade.
            let counted = match event {
                Event::Claimed { seat, crib, breakdown, claimed } => {
                    let worth = breakdown.total();
                    let missed = worth.saturating_sub(*claimed);
                    Some((
                        *seat,
                        missed,
                        Graded::Count { crib: *crib, claimed: *claimed, worth, missed },
                    ))
                }
                Event::Played { seat, card, count, points, claimed: Some(claimed) } => {
                    let worth = points.total();
                    let missed = worth.saturating_sub(*claimed);
                    let graded = Graded::PegCount {
                        card: *card,
                        count: *count,
                        claimed: *claimed,
                        worth,
                        missed,
                    };
                    Some((*seat, missed, graded))
                }
                Event::GameWon(result) => {
                    let ours_won = result.winner == ours;
                    won.insert(game, ours_won);
                    let outcome = if ours_won { 1.0 } else { 0.0 };
                    chance.push(point(game, result.rounds, &result.scores, outcome));
                    None
                }
                _ => None,
            };
            if let Some((seat, missed, graded)) = counted.filter(|(seat, ..)| people.contains(seat))
            {
                let mut decision = Decision::new(
                    saved.ply,
                    events + offset,
                    at,
                    seat,
                    f64::from(missed),
                    Measure::Points,
                    graded,
                );
                decision.by_clock = saved.by_clock;
                counts.push(decision);
            }
        }
        events += produced.len();
    }
    let expert = ExpertPlayer::new(seed);
    let mut decisions: Vec<Decision> =
        pending.par_iter().filter_map(|pending| grade(&expert, pending)).collect();
    decisions.extend(counts);
    decisions.sort_by_key(|decision| decision.event);
    let splits = Splitting { config, ours, starts: &starts, won: &won, decisions: &decisions };
    let games = summarise(&decisions, |game| splits.game(game));
    let luck_skill = match_luck_skill(&games);
    Ok(Review {
        id: id.0,
        expert: Grader { level: crib_ai::Strategy::Expert.name(), seed },
        thresholds: [MISTAKE_POINTS, MISTAKE_CHANCE],
        players: setup.players.iter().map(|player| player.name.clone()).collect(),
        people,
        decisions,
        games,
        chance,
        luck_skill,
    })
}

/// The expert's grade of one decision: `None` if the expert has no
/// analysis of it (which a legal saved action never lacks).
fn grade(expert: &ExpertPlayer, pending: &Pending) -> Option<Decision> {
    let mut decision = grade_choice(expert, pending)?;
    decision.by_clock = pending.by_clock;
    Some(decision)
}

/// [`grade`], the decision not marked as the clock's.
fn grade_choice(expert: &ExpertPlayer, pending: &Pending) -> Option<Decision> {
    let Pending { ply, event, at, view, action, .. } = *pending;
    match action {
        Action::Discard(chosen) => {
            let keeps = expert.keep_analysis(&view);
            let best = keeps.first()?;
            let mine = keeps.iter().find(|keep| keep.discard == chosen)?;
            let lost = KeepParts::of(best).minus(KeepParts::of(mine));
            let graded = Graded::Discard { dealt: view.hand, chosen, best: best.discard, lost };
            // Near the end the expert ranks keeps by the chance of winning:
            // the grade is in what ordered them.
            let (cost, measure) = match (best.win, mine.win) {
                (Some(best), Some(mine)) => (best - mine, Measure::WinChance),
                _ => (best.total - mine.total, Measure::Points),
            };
            Some(Decision::new(ply, event, at, view.seat, cost, measure, graded))
        }
        Action::Play(card) => {
            let analysis = expert.play_analysis(&view);
            let best = analysis.choice?;
            let value_of = |wanted: Card| {
                analysis.values.iter().find(|&&(card, _)| card == wanted).map(|&(_, value)| value)
            };
            let (value, best_value) = (value_of(card)?, value_of(best)?);
            let measure = match analysis.measure {
                PlayMeasure::NetPoints => Measure::Points,
                PlayMeasure::WinChance => Measure::WinChance,
            };
            let count = view.pegging.count();
            let graded = Graded::Play { count, card, best, value, best_value };
            Some(Decision::new(ply, event, at, view.seat, best_value - value, measure, graded))
        }
        Action::Deal | Action::Go => None,
    }
}

/// Each game's losses, round by round, with its split into luck and skill
/// by `split`.
fn summarise(decisions: &[Decision], split: impl Fn(u32) -> Option<LuckSkill>) -> Vec<GameReview> {
    let mut games: BTreeMap<u32, BTreeMap<u32, Losses>> = BTreeMap::new();
    for decision in decisions {
        games.entry(decision.game).or_default().entry(decision.round).or_default().add(decision);
    }
    games
        .into_iter()
        .map(|(game, rounds)| {
            let mut total = Losses::default();
            let of_game = decisions.iter().filter(|decision| decision.game == game);
            let mut mistakes = 0;
            for decision in of_game {
                total.add(decision);
                mistakes += usize::from(decision.mistake);
            }
            let rounds =
                rounds.into_iter().map(|(round, losses)| RoundLosses { round, losses }).collect();
            GameReview { game, rounds, total, mistakes, luck_skill: split(game) }
        })
        .collect()
}

/// What a match's split into luck and skill is worked out from.
struct Splitting<'a> {
    config: GameConfig,
    /// The reviewed side.
    ours: Side,
    /// The start of every round, in order.
    starts: &'a [RoundStart],
    /// Whether the reviewed side won each finished game.
    won: &'a BTreeMap<u32, bool>,
    /// Every graded decision.
    decisions: &'a [Decision],
}

impl Splitting<'_> {
    /// The split of `game`, if it was finished.
    fn game(&self, game: u32) -> Option<LuckSkill> {
        let won = *self.won.get(&game)?;
        let outcome = if won { 1.0 } else { 0.0 };
        let starts: Vec<&RoundStart> = self.starts.iter().filter(|at| at.game == game).collect();
        let first = starts.first()?;
        let rounds: Vec<RoundLuckSkill> = starts
            .iter()
            .enumerate()
            .map(|(index, at)| {
                let end = starts.get(index + 1).map_or(outcome, |next| next.chance);
                let change = end - at.chance;
                // Less, not negated: nothing given up is 0, not -0.
                let skill = 0.0 - self.given_up(at);
                RoundLuckSkill { round: at.round, change, skill, luck: change - skill }
            })
            .collect();
        let result = outcome - first.chance;
        let skill = rounds.iter().map(|round| round.skill).sum::<f64>();
        Some(LuckSkill { won, start: first.chance, result, skill, luck: result - skill, rounds })
    }

    /// The chance of winning that the reviewed side's people gave up in the
    /// round that starts at `at`.
    fn given_up(&self, at: &RoundStart) -> f64 {
        let config = self.config;
        let mut chance = 0.0;
        let mut points = 0.0;
        let mut handed = vec![0; usize::from(config.sides())];
        let ours = self.decisions.iter().filter(|decision| {
            (decision.game, decision.round) == (at.game, at.round)
                && config.side_of(decision.seat) == self.ours
        });
        for decision in ours {
            match (decision.measure, &decision.graded) {
                (Measure::WinChance, _) => chance += decision.cost,
                (Measure::Points, graded) => {
                    points += decision.cost;
                    if let Graded::Count { missed, .. } | Graded::PegCount { missed, .. } = graded {
                        // Muggins: the next seat took what was missed.
                        let taker = config.side_of(decision.seat.next(config.players()));
                        if let Some(took) = handed.get_mut(taker.index()) {
                            *took += u16::from(*missed);
                        }
                    }
                }
            }
        }
        let start = Start { config, scores: &at.scores, dealer: at.dealer };
        chance + points_in_chance(start, self.ours, points, &handed)
    }
}

/// Where a round starts: what [`points_in_chance`] reads the tables at.
#[derive(Clone, Copy)]
struct Start<'a> {
    config: GameConfig,
    /// Every side's score, side 0 first.
    scores: &'a [u16],
    dealer: Seat,
}

/// The chance of winning that `points` given up by `side` in a round are
/// worth, at the round's `start`, when muggins `handed` each side (side 0
/// first) the points it took of theirs: the chance with `side`'s score
/// raised by `points` (between the two nearest whole points) less the
/// chance with the takers' raised by theirs, as [the module's doc](self)
/// says.
fn points_in_chance(start: Start<'_>, side: Side, points: f64, handed: &[u16]) -> f64 {
    let Start { config, scores, dealer } = start;
    let read = |scores: &[u16]| crib_ai::chance_at_deal(config, scores, dealer, side);
    let had: Vec<u16> = scores
        .iter()
        .enumerate()
        .map(|(index, &score)| score.saturating_add(handed.get(index).copied().unwrap_or(0)))
        .collect();
    let points = points.max(0.0);
    let whole = points.floor();
    let share = points - whole;
    // Past the target a side has won whatever more it has: no cast to
    // overflow.
    let whole = whole.min(f64::from(config.target())) as u16;
    let with = |more: u16| {
        let mut scores = scores.to_vec();
        if let Some(score) = scores.get_mut(side.index()) {
            *score = score.saturating_add(more);
        }
        read(&scores)
    };
    let would = if share > 0.0 {
        (1.0 - share) * with(whole) + share * with(whole + 1)
    } else {
        with(whole)
    };
    (would - read(&had)).max(0.0)
}

/// The sums of the games' splits, if any game was finished.
fn match_luck_skill(games: &[GameReview]) -> Option<MatchLuckSkill> {
    let split: Vec<&LuckSkill> = games.iter().filter_map(|game| game.luck_skill.as_ref()).collect();
    if split.is_empty() {
        return None;
    }
    Some(MatchLuckSkill {
        games: split.len() as u32,
        result: split.iter().map(|game| game.result).sum(),
        skill: split.iter().map(|game| game.skill).sum(),
        luck: split.iter().map(|game| game.luck).sum(),
    })
}

/// The size of the SVG chart, in its own units.
const SVG_WIDTH: f64 = 600.0;
const SVG_HEIGHT: f64 = 200.0;
const SVG_LEFT: f64 = 40.0;
const SVG_MARGIN: f64 = 10.0;

/// The x and y of the `index`th of `len` chances in the SVG chart.
fn svg_point(index: usize, len: usize, chance: f64) -> (f64, f64) {
    let width = SVG_WIDTH - SVG_LEFT - SVG_MARGIN;
    let height = SVG_HEIGHT - 2.0 * SVG_MARGIN;
    let step = if len > 1 { width / (len - 1) as f64 } else { 0.0 };
    (SVG_LEFT + step * index as f64, SVG_MARGIN + (1.0 - chance.clamp(0.0, 1.0)) * height)
}

/// The chance of winning `series` (each from 0 to 1, in order) as an SVG
/// picture: one polyline over a frame with lines at 0%, 50% and 100%. The
/// points are evenly spaced from left to right; a chance `c` is drawn at
/// `y = 10 + (1 - c) × 180`.
#[must_use]
pub fn chance_svg(series: &[f64]) -> String {
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SVG_WIDTH} {SVG_HEIGHT}\" \
         width=\"{SVG_WIDTH}\" height=\"{SVG_HEIGHT}\" role=\"img\" \
         aria-label=\"chance of winning\">\n\
         <rect x=\"0\" y=\"0\" width=\"{SVG_WIDTH}\" height=\"{SVG_HEIGHT}\" fill=\"white\"/>\n"
    );
    for (chance, label) in [(1.0, "100%"), (0.5, "50%"), (0.0, "0%")] {
        let (_, y) = svg_point(0, 1, chance);
        let dash = if chance == 0.5 { " stroke-dasharray=\"4 4\"" } else { "" };
        let _ = writeln!(
            svg,
            "<line x1=\"{SVG_LEFT}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#999\"{dash}/>\n\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\" \
             font-family=\"sans-serif\">{label}</text>",
            SVG_WIDTH - SVG_MARGIN,
            SVG_LEFT - 4.0,
            y + 4.0
        );
    }
    let points: Vec<String> = series
        .iter()
        .enumerate()
        .map(|(index, &chance)| {
            let (x, y) = svg_point(index, series.len(), chance);
            format!("{x:.3},{y:.3}")
        })
        .collect();
    let _ = writeln!(
        svg,
        "<polyline fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" points=\"{}\"/>",
        points.join(" ")
    );
    svg.push_str("</svg>\n");
    svg
}

/// The height of the text chart, in lines.
const TEXT_ROWS: usize = 8;

/// The text chart's line whose band starts at 50%.
const HALF_ROW: usize = TEXT_ROWS / 2 - 1;

/// The chance of winning `series` as lines of text, one column a point:
/// each line a band of 12.5%, highest first (the top one reaching 100%),
/// the bands labelled at 100%, 50% (the band from 50% up, dotted) and 0%,
/// and each point drawn with `●` in its band.
#[must_use]
pub fn chance_text(series: &[f64]) -> Vec<String> {
    let band = |chance: f64| {
        // The top band holds 87.5% to 100% inclusive.
        let scaled = (chance.clamp(0.0, 1.0) * TEXT_ROWS as f64).floor() as usize;
        TEXT_ROWS - 1 - scaled.min(TEXT_ROWS - 1)
    };
    let rows: Vec<usize> = series.iter().map(|&chance| band(chance)).collect();
    (0..TEXT_ROWS)
        .map(|row| {
            let label = match row {
                0 => "100%",
                HALF_ROW => " 50%",
                _ if row == TEXT_ROWS - 1 => "  0%",
                _ => "    ",
            };
            let dots: String = rows
                .iter()
                .map(|&at| {
                    if at == row {
                        '●'
                    } else if row == HALF_ROW {
                        '┄'
                    } else {
                        ' '
                    }
                })
                .collect();
            format!("{label} │{dots}")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_ai::{ThreeTable, win_chance};

    /// Points turned into the chance of winning, worked by hand from the
    /// tables' entries.
    #[test]
    fn points_given_up_are_the_chance_they_would_have_won() {
        let config = GameConfig::default();
        let none = [0, 0];
        // Seat 0 deals; the pone (side 1) has 100 and needs 21, the dealer
        // has 90 and needs 31.
        let scores = [90, 100];
        let start = Start { config, scores: &scores, dealer: Seat::ALL[0] };
        let (dealer, pone) = (config.side_of(Seat::ALL[0]), config.side_of(Seat::ALL[1]));
        let pone_wins = |pone_needs, dealer_needs| win_chance(pone_needs, dealer_needs, false);
        // 2.25 points: three quarters of the chance needing 2 fewer, a
        // quarter of it needing 3 fewer, less the chance as it stood.
        let cost = points_in_chance(start, pone, 2.25, &none);
        let by_hand = 0.75 * pone_wins(19, 31) + 0.25 * pone_wins(18, 31) - pone_wins(21, 31);
        assert!((cost - by_hand).abs() < 1e-15, "{cost} against {by_hand}");
        assert!(cost > 0.0);
        // Whole points read one entry; nothing given up is nothing.
        assert_eq!(
            points_in_chance(start, pone, 3.0, &none),
            pone_wins(18, 31) - pone_wins(21, 31)
        );
        assert_eq!(points_in_chance(start, pone, 0.0, &none), 0.0);
        // The dealer's side reads the table as the dealer.
        let dealer_cost = points_in_chance(start, dealer, 1.0, &none);
        assert_eq!(dealer_cost, win_chance(30, 21, true) - win_chance(31, 21, true));
        // A hand counted 2 short: the pone would have needed 19, and the
        // dealer, who took the 2 by muggins, needs 29.
        let short = points_in_chance(start, pone, 2.0, &[2, 0]);
        assert_eq!(short, pone_wins(19, 31) - pone_wins(21, 29));
        assert!(short > points_in_chance(start, pone, 2.0, &none));
        // Points that reach the target would have won.
        assert_eq!(points_in_chance(start, pone, 25.5, &none), 1.0 - pone_wins(21, 31));
        // In the first round of a game to 121 the score is raised: a need
        // above 121 would read as 121 and the cost as nothing.
        let first = Start { config, scores: &none, dealer: Seat::ALL[0] };
        let opening = points_in_chance(first, pone, 4.0, &none);
        assert_eq!(opening, pone_wins(117, 121) - pone_wins(121, 121));
        assert!(opening > 0.0);
    }

    /// A player's splits over their matches, in the review's words.
    #[test]
    fn a_players_splits_are_said_in_the_reviews_words() {
        let won = MatchLuckSkill { games: 1, result: 0.56, skill: -0.084, luck: 0.644 };
        assert_eq!(won.text(), "One game: +56.0% = skill -8.4% + luck +64.4%.");
        let lost = MatchLuckSkill { games: 1, result: -0.44, skill: -0.1, luck: -0.34 };
        let both = MatchLuckSkill::NONE.plus(won).plus(lost);
        assert_eq!(both.games, 2);
        assert_eq!(
            both.matches_text(2),
            "Two games in two matches: +12.0% = skill -18.4% + luck +30.4%."
        );
        assert_eq!(both.text(), "Two games: +12.0% = skill -18.4% + luck +30.4%.");
        assert_eq!(MatchLuckSkill::NONE.text(), "No game finished, so not split.");
        assert_eq!(
            MatchLuckSkill::NONE.matches_text(1),
            "No game finished in the one match reviewed."
        );
        assert_eq!(MatchLuckSkill::NONE.matches_text(0), "No match reviewed yet.");
        assert_eq!(
            player_legend("Ann's"),
            "Luck and skill, in Ann's chance of winning: skill is what Ann's decisions gave up \
             against the expert's, luck is the rest (the cards, the cut and the other players' \
             decisions)."
        );
    }

    /// With three players, the three players' table at the side's place in
    /// the round.
    #[test]
    fn three_players_read_their_own_table() {
        let config = GameConfig::new(3, 121).expect("three players to 121");
        // Seat 2 deals: seat 0 is the pone, seat 1 the second pone.
        let scores = [10, 20, 30];
        let start = Start { config, scores: &scores, dealer: Seat::ALL[2] };
        let pone = |needs: [u16; 3]| ThreeTable::stored().chances(needs)[0];
        let cost = points_in_chance(start, config.side_of(Seat::ALL[0]), 1.5, &[0, 2, 0]);
        // The missed 2 went to seat 1, who plays after seat 0.
        let by_hand = 0.5 * pone([110, 101, 91]) + 0.5 * pone([109, 101, 91]) - pone([111, 99, 91]);
        assert!((cost - by_hand).abs() < 1e-15, "{cost} against {by_hand}");
        assert!(cost > 0.0);
    }
}

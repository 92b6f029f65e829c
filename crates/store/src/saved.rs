//! A saved match as the store gives it back: its number, its players, its
//! setup, its summary for the history, its moves, and a match resumed by
//! replay. Plain data: the SQL that reads and writes them is `matches`.

use std::fmt;
use std::str::FromStr;

use crib_core::{Action, Claims, Event, GameConfig, Match, MatchLength, Seat, Side, Skunk};

/// The number of a saved match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for GameId {
    type Err = std::num::ParseIntError;

    fn from_str(text: &str) -> Result<GameId, Self::Err> {
        text.trim().parse().map(GameId)
    }
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// A person, at the terminal or in a browser.
    Person,
    /// A built-in player or an engine.
    Computer,
}

impl PlayerKind {
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            PlayerKind::Person => "person",
            PlayerKind::Computer => "computer",
        }
    }
}

/// The player of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// A person or a computer.
    pub kind: PlayerKind,
    /// The person's name (`me` at the terminal), or the computer player's
    /// (`basic`, `random`, an engine's command line).
    pub name: String,
}

impl Player {
    /// A person named `name`.
    #[must_use]
    pub fn person(name: impl Into<String>) -> Player {
        Player { kind: PlayerKind::Person, name: name.into() }
    }

    /// A computer player named `name`.
    #[must_use]
    pub fn computer(name: impl Into<String>) -> Player {
        Player { kind: PlayerKind::Computer, name: name.into() }
    }
}

/// Everything that determines a match besides its players' actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The match's seed: the cut for the deal and every deck.
    pub seed: u64,
    /// The players and the target.
    pub config: GameConfig,
    /// How long the match is.
    pub length: MatchLength,
    /// Whether a person counts their own shows (recorded as claims).
    pub muggins: bool,
    /// Whether, with muggins, a person also counts what each card they
    /// play pegs (saved in the same column as `muggins`: 2 for both).
    pub muggins_pegging: bool,
    /// The player of each seat, seat 0 first.
    pub players: Vec<Player>,
}

/// Where a saved match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Being played, or interrupted: it can be resumed.
    Playing,
    /// A side won the match.
    Finished,
    /// Given up before it was won.
    Abandoned,
}

impl Status {
    pub(crate) fn parse(text: &str) -> Option<Status> {
        match text {
            "playing" => Some(Status::Playing),
            "finished" => Some(Status::Finished),
            "abandoned" => Some(Status::Abandoned),
            _ => None,
        }
    }
}

/// The result of one game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The game's number in the match, from 0.
    pub game: u32,
    /// The side that won it.
    pub winner: Side,
    /// Every side's score, side 0 first.
    pub scores: Vec<u16>,
    /// The deepest skunk of a loser.
    pub skunk: Skunk,
    /// The rounds dealt.
    pub rounds: u32,
}

/// A saved match as listed: its setup, players and results, without its
/// actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// Its number.
    pub id: GameId,
    /// When it started, UTC, as `2026-11-22T14:06:01Z`.
    pub started_at: String,
    /// When it was won or given up.
    pub finished_at: Option<String>,
    /// Where it stands.
    pub status: Status,
    /// What determines it besides the actions.
    pub setup: NewGame,
    /// The side that won the match, once won.
    pub winner: Option<Side>,
    /// Each game won so far, in order.
    pub results: Vec<Outcome>,
    /// The actions recorded.
    pub moves: u32,
    /// The seat whose player gave the match up, if one did: a loss for its
    /// side.
    pub given_up_by: Option<Seat>,
}

impl GameSummary {
    /// The side that won the match: the one that won its games or, when the
    /// match was given up, the other side of two (with three sides a match
    /// given up is won by no one).
    #[must_use]
    pub fn match_winner(&self) -> Option<Side> {
        self.winner.or_else(|| {
            let config = self.setup.config;
            let quitter = config.side_of(self.given_up_by?);
            let mut others = config.all_sides().filter(|&side| side != quitter);
            match (others.next(), others.next()) {
                (Some(other), None) => Some(other),
                _ => None,
            }
        })
    }

    /// Games won by each side, side 0 first.
    #[must_use]
    pub fn games_won(&self) -> Vec<u32> {
        let mut won = vec![0; usize::from(self.setup.config.sides())];
        for outcome in &self.results {
            if let Some(count) = won.get_mut(outcome.winner.index()) {
                *count += 1;
            }
        }
        won
    }
}

/// One recorded action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Its number in the match, from 0.
    pub ply: u32,
    /// The seat that took it.
    pub seat: Seat,
    /// The action.
    pub action: Action,
    /// The shows counted by their own seats with it (muggins).
    pub claims: Claims,
    /// Whether the move clock made it, for a person who ran out of time.
    pub by_clock: bool,
}

/// A saved match replayed to where it stopped.
#[derive(Clone, Debug)]
pub struct Resumed {
    /// The match as listed.
    pub summary: GameSummary,
    /// The match in play, every recorded action taken again: ready for the
    /// next action (or won).
    pub play: Match,
    /// Every event of the match in order, the cut for the deal first, as
    /// they were when played (checked against the stored ones).
    pub events: Vec<Event>,
    /// The recorded actions, in order.
    pub moves: Vec<Move>,
}

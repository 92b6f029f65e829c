//! The expert's analysis of a play ([`PlayAnalysis`]): every card that
//! fits, valued by its average over the sampled worlds, each world searched
//! for points or, near the end of the game, for the game; and the card it
//! plays. The expert plays its choice, and hints and reviews show its
//! values.

use crib_core::{Card, View};
use serde::Serialize;

use crate::search::memo::Memo;
use crate::search::opponents::{PlayStyle, RoundPlays};
use crate::search::options::PegOptions;
use crate::search::points::NetPoints;
use crate::search::three_sides::{self, plays_for_the_game_of_three};
use crate::search::two_sides::{self, Endgame};
use crate::search::worlds::sample_worlds;

/// What the expert's values of the cards measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayMeasure {
    /// Net points for the player's side from now to the end of the play.
    NetPoints,
    /// The chance of winning the game (near its end).
    WinChance,
}

/// The expert's analysis of a play: every card that fits with its value,
/// and the card it plays.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayAnalysis {
    /// Every card that fits, lowest first, with its value averaged over the
    /// sampled worlds.
    pub values: Vec<(Card, f64)>,
    /// What the values measure.
    pub measure: PlayMeasure,
    /// The card played: the best value, ties to the lowest card; `None`
    /// when no card fits (a go) or the player is not to play.
    pub choice: Option<Card>,
}

/// The value of each card the player may play now, averaged over the
/// sampled worlds: net points for the player's side to the end of the play,
/// or, near the end of a game, the chance of winning it. Empty when the
/// player is not to play or holds no card that fits (a go).
#[must_use]
pub fn play_values(view: &View, options: &PegOptions, seed: u64) -> Vec<(Card, f64)> {
    analyse_play(view, options, seed).values
}

/// The expert's analysis of the play in `view`: what [`play_values`] gives,
/// what the values measure, and the card [`choose_play`] plays.
#[must_use]
pub fn analyse_play(view: &View, options: &PegOptions, seed: u64) -> PlayAnalysis {
    analyse_play_seen(view, options, seed, &RoundPlays::default())
}

/// [`analyse_play`] by a player who has followed the round, its plays so
/// far in `round`: a greedy sample (or one of the rules of thumb) must
/// explain each opponent's plays in every count where `round` holds all of
/// them, not only in this one (see
/// [`explained`](crate::search::worlds::explained)).
pub(crate) fn analyse_play_seen(
    view: &View,
    options: &PegOptions,
    seed: u64,
    round: &RoundPlays,
) -> PlayAnalysis {
    let endgame = Endgame::new(view, options);
    let measure = if endgame.is_some() || plays_for_the_game_of_three(view, options) {
        PlayMeasure::WinChance
    } else {
        PlayMeasure::NetPoints
    };
    let playable = view.playable();
    if view.pegging.turn() != Some(view.seat) || playable.is_empty() {
        return PlayAnalysis { values: Vec::new(), measure, choice: None };
    }
    let mut rng = crib_core::seeded_rng(seed);
    let worlds = sample_worlds(view, options, round, &mut rng);
    let mut totals = vec![0.0; playable.len()];
    // Each model of the others' play values positions otherwise: each
    // keeps its own memo.
    let mut memos: Vec<([PlayStyle; 4], Memo)> = Vec::new();
    for world in &worlds {
        let index = match memos.iter().position(|(styles, _)| *styles == world.styles) {
            Some(index) => index,
            None => {
                memos.push((world.styles, Memo::new()));
                memos.len() - 1
            }
        };
        let memo = &mut memos[index].1;
        let search = match &endgame {
            Some(endgame) => WorldSearch::TwoSides(two_sides::Search::new(view, world, endgame)),
            None => match three_sides::Search::new(view, world, options) {
                Some(search) => WorldSearch::ThreeSides(search),
                None => WorldSearch::Points(NetPoints::for_points(view, world, options)),
            },
        };
        // Near the end of a game of two sides the values depend on the
        // world's show; away from it the memo's positions name every card
        // held (and a four-player search cut at a depth keeps none), so
        // its values hold in every world.
        if endgame.is_some() {
            memo.clear();
        }
        let mut last: Option<(Card, f64)> = None;
        for (total, card) in totals.iter_mut().zip(playable) {
            // Cards come in rank order: a second card of a rank is the
            // same play as the first.
            let value = match last {
                Some((previous, value)) if previous.rank() == card.rank() => value,
                _ => match &search {
                    WorldSearch::Points(search) => {
                        search.root(&view.pegging, world.held, card, memo)
                    }
                    WorldSearch::TwoSides(search) => search.root(card, memo),
                    WorldSearch::ThreeSides(search) => search.root(card),
                },
            };
            last = Some((card, value));
            *total += value;
        }
    }
    let count = worlds.len().max(1) as f64;
    let values: Vec<(Card, f64)> =
        playable.iter().zip(totals).map(|(card, total)| (card, total / count)).collect();
    let choice = best_of(&values);
    PlayAnalysis { values, measure, choice }
}

/// The card with the best value; ties go to the lowest card (cards come
/// lowest first, and only a strictly better value replaces), which keeps
/// higher ones for later counts.
fn best_of(values: &[(Card, f64)]) -> Option<Card> {
    let mut best: Option<(f64, Card)> = None;
    for &(card, value) in values {
        if best.is_none_or(|(top, _)| value > top + 1e-9) {
            best = Some((value, card));
        }
    }
    best.map(|(_, card)| card)
}

/// The card the expert plays, or `None` for a go.
#[must_use]
pub fn choose_play(view: &View, options: &PegOptions, seed: u64) -> Option<Card> {
    choose_play_seen(view, options, seed, &RoundPlays::default())
}

/// [`choose_play`] by a player who has followed the round (see
/// [`analyse_play_seen`]).
pub(crate) fn choose_play_seen(
    view: &View,
    options: &PegOptions,
    seed: u64,
    round: &RoundPlays,
) -> Option<Card> {
    let playable = view.playable();
    if playable.len() == 1 {
        return playable.first();
    }
    analyse_play_seen(view, options, seed, round).choice
}

/// The search of one world: for points, or near the end of the game for
/// the game, with two sides or with three.
enum WorldSearch<'a> {
    Points(NetPoints),
    TwoSides(two_sides::Search<'a>),
    ThreeSides(three_sides::Search),
}

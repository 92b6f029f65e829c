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

/// The expert's analysis of the play in `view`: the value of each card the
/// player may play now, averaged over the sampled worlds (net points for
/// the player's side to the end of the play, or, near the end of a game,
/// the chance of winning it; none when the player is not to play or holds
/// no card that fits), what the values measure, and the card it plays. The
/// player has followed the round, its plays so far in `round`: a greedy
/// sample (or one of the rules of thumb) must explain each opponent's plays
/// in every count where `round` holds all of them, not only in this one
/// (see [`explained`](crate::search::worlds::explained)).
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

/// The card the expert plays, or `None` for a go, by a player who has not
/// followed the round and knows nothing of the other players (for
/// experiments, in the lab; the expert follows the round).
#[cfg(feature = "lab")]
#[must_use]
pub fn choose_play(view: &View, options: &PegOptions, seed: u64) -> Option<Card> {
    choose_play_seen(view, options, seed, &RoundPlays::default())
}

/// The card the expert plays, or `None` for a go, by a player who has
/// followed the round (see [`analyse_play_seen`]): the only card that
/// fits, without a search, or the analysis's choice.
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

#[cfg(test)]
mod tests {
    use crib_core::{Action, Card, CardSet, Game, GameConfig, Seat, parse_cards};

    use super::*;

    /// The view of the seat to lead in a round of `hands.len()` players
    /// dealt by seat 0, each hand written as the four cards kept then the
    /// ones thrown, with `starter` cut and the sides' scores set to
    /// `scores`.
    fn lead(hands: &[&str], starter: &str, scores: &[u16]) -> View {
        let config = GameConfig::new(u8::try_from(hands.len()).unwrap(), 121).unwrap();
        let dealer = Seat::ALL[0];
        let hands: Vec<Vec<Card>> = hands.iter().map(|hand| parse_cards(hand).unwrap()).collect();
        let dealt: Vec<CardSet> = hands.iter().map(|hand| hand.iter().copied().collect()).collect();
        let mut game = Game::new(config, dealer, 0).unwrap();
        game.deal_stacked(dealer, &dealt, CardSet::EMPTY, starter.parse().unwrap()).unwrap();
        for (seat, hand) in config.seats().zip(&hands) {
            game.play(seat, Action::Discard(hand[4..].iter().copied().collect())).unwrap();
        }
        let mut view = game.view(game.pegging().turn().unwrap());
        for (side, &score) in config.all_sides().zip(scores) {
            view.board.set(side, score);
        }
        view
    }

    #[test]
    fn partners_do_not_lead_into_each_others_pairs() {
        // Leading from a pair of sevens. At two players it is the textbook
        // trap: the pair that answers the lead gives the leader a pair royal,
        // and the expert prefers it to the low lead. At four the card after an
        // opponent's pair is the partner's, which makes the pair royal only if
        // it holds a third seven (the leader holds two of the four), and the
        // partner is not led into it: the pair lead is worth no more than the
        // low one. The gain is a mean over six seeds of 2,048 worlds each (one
        // seed's varies by about 0.1 from the next's), so that the difference
        // is not the sampling's. So the search as it plays (six plies at the
        // lead) finds, and so does a search of every order of the whole play;
        // one cut after eight to twelve plies would not (measured at those
        // depths).
        let options = PegOptions { worlds: 2048, ..PegOptions::default() };
        let whole = PegOptions { depth: u32::MAX, ..options };
        let pair_gain = |view: &View, options: &PegOptions| {
            let seeds = 3..9u64;
            let total: f64 = seeds
                .clone()
                .map(|seed| {
                    let analysis = analyse_play_seen(view, options, seed, &RoundPlays::default());
                    let value = |card: &str| {
                        let card = card.parse().unwrap();
                        analysis.values.iter().find(|&&(played, _)| played == card).unwrap().1
                    };
                    value("7C") - value("2H")
                })
                .sum();
            total / seeds.count() as f64
        };
        let four = ["KC QD JH TS 9C", "7C 7D KS 2H AH", "8C 9D 4S KH 5D", "6H 6D 3C 2C AS"];
        let four = lead(&four, "JC", &[10, 10]);
        let two = lead(&["KC QD JH TS 9C 8S", "7C 7D KS 2H AH AD"], "JC", &[]);
        let gain = pair_gain(&two, &options);
        assert!(gain > 0.15, "two players: {gain}");
        let cut = format!("{} plies", options.depth);
        for (options, plies) in [(&options, cut.as_str()), (&whole, "the whole play")] {
            let gain = pair_gain(&four, options);
            assert!(gain < 0.15, "four players, {plies}: {gain}");
        }
    }
}

//! How the expert searches the play ([`PegOptions`]), and how far a search
//! looks ahead from a position ([`plies`]).
//!
//! With the `lab` feature the options also carry knobs for experiments
//! (`tries`, `inference`, `play`), whose defaults are what the expert
//! does; without it, the search does what those defaults say.

use crib_core::{Pegging, Seat};
use serde::Serialize;

/// How the cards an opponent kept are inferred from what it has shown: a
/// knob for experiments (`lab`); the expert's model is `Mixed`.
#[cfg(feature = "lab")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Inference {
    /// Any unseen cards, equally likely (only the cards played and the gos
    /// said are taken into account).
    Uniform,
    /// The opponent kept the best hand of its deal.
    Hand,
    /// The opponent kept the best hand plus or minus crib, as a sensible
    /// player does (see [`measure_throws`](crate::measure_throws)).
    Sensible,
    /// Either of the two above, drawn for each seat of each sample with
    /// the chance [`PegOptions::best_hand`] gives it.
    Mixed,
}

/// How the opponents are thought to choose their cards in the play: a
/// knob for experiments (`lab`); the expert's model is `Mixed`.
#[cfg(feature = "lab")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayModel {
    /// As the expert does: every opponent searches, seeing the sample's
    /// cards.
    Search,
    /// Drawn for each sample: greedy with [`PegOptions::greedy`]'s chance,
    /// by the rules of thumb with [`PegOptions::rules`]'s, else searching.
    Mixed,
}

/// Deals drawn at most for each world kept, before the rest of the worlds
/// are drawn uniformly.
const TRIES: u32 = 12;

/// How the expert searches the play. Its settings are the worlds, the
/// depth and the window in which it plays for the game; the chances of the
/// models of the other players (`best_hand`, `greedy`, `rules`, `by_seat`)
/// an [`ExpertPlayer`](crate::ExpertPlayer) sets itself for each decision,
/// from what it has seen of them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PegOptions {
    /// Worlds sampled for each decision with two players; with three or four
    /// half as many (each searched wider, if only a few plies deep).
    pub worlds: u32,
    /// Deals drawn at most for each world kept before the rest of the worlds
    /// are drawn uniformly (12 by default).
    #[cfg(feature = "lab")]
    pub tries: u32,
    /// The model of the opponent's discard.
    #[cfg(feature = "lab")]
    pub inference: Inference,
    /// The chance that a sample infers each seat's keep with the best-hand
    /// model rather than the sensible one (the best hand plus or minus the
    /// crib), by seat: some players keep the best hand, others weigh the
    /// crib too. Even odds, unless the expert has seen which of the two the
    /// seat's shown hands and the crib fit (see
    /// [`Observed`](crate::Observed)). A sample is kept only if its model's
    /// keep holds the cards played, so the model that explains the play
    /// better gets more of the samples.
    pub best_hand: [f64; 4],
    /// The model of the opponents' play.
    #[cfg(feature = "lab")]
    pub play: PlayModel,
    /// The chance that a sample's other sides play greedily (`basic`'s
    /// play, and many simple programs': the card that pegs the most now,
    /// the highest of equals): even odds, unless the expert has seen them
    /// play greedily in earlier rounds (see [`Observed`](crate::Observed)).
    pub greedy: f64,
    /// The chance that a sample's other sides play by the rules of thumb of
    /// `classic` instead of searching: none, unless the expert has seen
    /// them play so (see [`Observed`](crate::Observed)).
    pub rules: f64,
    /// At a table whose other sides' seats play differently (one greedily,
    /// one by the rules of thumb), each seat's own chances `[greedy,
    /// rules]`, by seat, drawn for each seat of a sample on its own;
    /// `None`: every seat plays alike in a sample, with the chances above.
    /// The expert sets it, with the chances above, from what it has seen.
    pub by_seat: Option<[[f64; 2]; 4]>,
    /// With four players, and three near the end of the game, the plies
    /// searched (near the end of the game, every ply once few cards are
    /// left); with three away from it the search goes to the end of the
    /// play.
    pub depth: u32,
    /// The search plays for the win instead of points once a side is this
    /// close to the target (0 never), by the chance of winning: with three
    /// players only within a narrower window (20 points).
    pub play_for_game_within: u16,
}

impl Default for PegOptions {
    fn default() -> PegOptions {
        PegOptions {
            worlds: 256,
            #[cfg(feature = "lab")]
            tries: TRIES,
            #[cfg(feature = "lab")]
            inference: Inference::Mixed,
            best_hand: [0.5; 4],
            #[cfg(feature = "lab")]
            play: PlayModel::Mixed,
            greedy: 0.5,
            rules: 0.0,
            by_seat: None,
            depth: 6,
            play_for_game_within: 40,
        }
    }
}

impl PegOptions {
    /// Deals drawn at most for each world kept ([`TRIES`]).
    #[cfg(not(feature = "lab"))]
    pub(crate) fn tries(&self) -> u32 {
        TRIES
    }

    /// Deals drawn at most for each world kept.
    #[cfg(feature = "lab")]
    pub(crate) fn tries(&self) -> u32 {
        self.tries
    }

    /// Whether the worlds infer the other seats' keeps from their deals:
    /// always, but for the lab's uniform worlds.
    #[cfg(not(feature = "lab"))]
    pub(crate) fn infers(&self) -> bool {
        true
    }

    /// Whether the worlds infer the other seats' keeps from their deals.
    #[cfg(feature = "lab")]
    pub(crate) fn infers(&self) -> bool {
        self.inference != Inference::Uniform
    }

    /// Whether each sample draws how the other sides play: always, but for
    /// the lab's opponents who all search.
    #[cfg(not(feature = "lab"))]
    pub(crate) fn draws_styles(&self) -> bool {
        true
    }

    /// Whether each sample draws how the other sides play.
    #[cfg(feature = "lab")]
    pub(crate) fn draws_styles(&self) -> bool {
        self.play == PlayModel::Mixed
    }
}

/// Once no more than this many cards are still to play, a search that is
/// otherwise cut after a few plies (four players, and three near the end
/// of the game) goes on to the end of the play, and near the end of the
/// game on through the show; before, it stops at the usual depth (a win on
/// the way still counts). Searching every order of sixteen cards at four
/// players took 40 ms at the lead, against 1.6 ms for six plies; after six
/// cards, with ten left, every order takes 1.2 ms (divan medians).
pub(crate) const FEW_CARDS: usize = 10;

/// The cards still to play, every seat's.
pub(crate) fn cards_left(pegging: &Pegging) -> usize {
    Seat::ALL.iter().map(|&seat| usize::from(pegging.held(seat))).sum()
}

/// The plies searched with four players, and with three near the end of
/// the game: every one once no more than [`FEW_CARDS`] cards are left to
/// play, else `options.depth`.
pub(crate) fn plies(pegging: &Pegging, options: &PegOptions) -> u32 {
    if cards_left(pegging) <= FEW_CARDS { u32::MAX } else { options.depth }
}

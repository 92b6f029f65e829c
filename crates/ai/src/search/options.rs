//! How the expert searches the play ([`PegOptions`]), and how far a search
//! looks ahead from a position ([`plies`]).

use crib_core::{Pegging, Seat};
use serde::Serialize;

/// How the cards an opponent kept are inferred from what it has shown.
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
    /// even odds, or the odds learnt from the seat's hands and the crib
    /// ([`PegOptions::best_hand`]): some players keep the best hand, others
    /// weigh the crib too. A sample is kept only if its model's keep holds
    /// the cards played, so the model that explains the play better gets
    /// more of the samples.
    Mixed,
}

/// How the opponents are thought to choose their cards in the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayModel {
    /// As the expert does: every opponent searches, seeing the sample's
    /// cards.
    Search,
    /// Drawn for each sample, greedy with [`PegOptions::greedy`]'s chance
    /// (even odds by default), by the rules of thumb with
    /// [`PegOptions::rules`]'s (none by default), else the search above,
    /// for every seat of the other sides. The greedy play is `basic`'s and
    /// many simple programs' (the card that pegs the most now, the highest
    /// of equals); the rules of thumb are `classic`'s, as club players are
    /// taught them. Such a sample is kept only if each opponent's cards
    /// played in this count (every count of the round, for an expert that
    /// has followed the round, as the built-in player and the engine do)
    /// are the ones its play chooses from the cards the sample gives it
    /// (for the rules, only where the round was followed), so against a
    /// player who does not play so these samples thin out as the count goes
    /// on, and against one who does, they say what it cannot hold.
    Mixed,
}

/// How the expert searches the play.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PegOptions {
    /// Worlds sampled for each decision with two players; with three or four
    /// half as many (each searched wider, if only a few plies deep).
    pub worlds: u32,
    /// Deals drawn at most for each world kept before the rest of the worlds
    /// are drawn uniformly.
    pub tries: u32,
    /// The model of the opponent's discard.
    pub inference: Inference,
    /// With [`Inference::Mixed`], the chance that a sample infers each
    /// seat's keep with the best-hand model rather than the sensible one, by
    /// seat: even odds, unless the expert has seen which of the two the
    /// seat's shown hands and the crib fit (see
    /// [`Observed`](crate::Observed)).
    pub best_hand: [f64; 4],
    /// The model of the opponents' play.
    pub play: PlayModel,
    /// With [`PlayModel::Mixed`], the chance that a sample's other sides
    /// play greedily: even odds, unless the expert has seen them play
    /// greedily in earlier rounds (see [`Observed`](crate::Observed)).
    pub greedy: f64,
    /// With [`PlayModel::Mixed`], the chance that a sample's other sides
    /// play by the rules of thumb of `classic` instead of searching: none,
    /// unless the expert has seen them play so (see
    /// [`Observed`](crate::Observed)).
    pub rules: f64,
    /// With [`PlayModel::Mixed`] at a table whose other sides' seats play
    /// differently (one greedily, one by the rules of thumb), each seat's
    /// own chances `[greedy, rules]`, by seat, drawn for each seat of a
    /// sample on its own; `None`: every seat plays alike in a sample, with
    /// the chances above.
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
            tries: 12,
            inference: Inference::Mixed,
            best_hand: [0.5; 4],
            play: PlayModel::Mixed,
            greedy: 0.5,
            rules: 0.0,
            by_seat: None,
            depth: 6,
            play_for_game_within: 40,
        }
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

//! Where a seat stands on the board: its chance of winning now, from the
//! tables of the chance of winning, and whether a side is near enough the
//! target that the expert plays for the game rather than for points.

use crib_core::{GameConfig, Phase, Seat, Side, View};

use crate::board::three_table::{ThreeTable, round_order};
use crate::board::win_table::WinTable;

/// The chance that the seat of `view` (its side) wins the game from where
/// the view stands: from the two sides' table (two players, or four in
/// partnerships) or the three players' ([`ThreeTable`]).
///
/// Between rounds and in the discard it is the table's chance at the start
/// of the round ([`chance_at_deal`]). During the play it is weighed between
/// the chance at the start of the round and the chance after the play by
/// the share of the play's cards already played (the points pegged so far
/// are on the board), an approximation of the part of the play still to
/// come. A game over is won or lost.
#[must_use]
pub fn chance_now(view: &View) -> f64 {
    let config = view.config;
    let mine = config.side_of(view.seat);
    if let Some(winner) = view.winner {
        return if winner == mine { 1.0 } else { 0.0 };
    }
    let scores = view.board.scores();
    let start = table_chance(config, scores, view.dealer, mine, Stage::Start);
    if view.phase != Phase::Pegging {
        return start;
    }
    let after = table_chance(config, scores, view.dealer, mine, Stage::AfterPlay);
    let cards = f64::from(u32::from(config.players()) * u32::from(crib_core::CARDS_TO_PLAY));
    let share = f64::from(view.pegging.played().len() as u32) / cards;
    (1.0 - share) * start + share * after
}

/// The chance that `side` wins a game of `config` from the start of a
/// round that `dealer` deals, with the sides' `scores` (side 0 first, as
/// the board gives them): the two sides' table's (two players, or four in
/// partnerships, [`WinTable::chance`]) or the three players' table's
/// ([`ThreeTable::chances`]), at what each side needs, the target less its
/// score. The tables are kept by whole points: a side at or past the
/// target has won, and a need above 121 reads as 121.
///
/// ```
/// use crib_core::{GameConfig, Seat};
/// let config = GameConfig::default();
/// let pone = config.side_of(Seat::ALL[1]);
/// // Seat 0 deals; the pone has 100 and needs 21, the dealer 90 and 31.
/// let chance = crib_ai::chance_at_deal(config, &[90, 100], Seat::ALL[0], pone);
/// assert_eq!(chance, crib_ai::win_chance(21, 31, false));
/// ```
#[must_use]
pub fn chance_at_deal(config: GameConfig, scores: &[u16], dealer: Seat, side: Side) -> f64 {
    table_chance(config, scores, dealer, side, Stage::Start)
}

/// Where in a round the tables are read.
#[derive(Clone, Copy)]
enum Stage {
    /// At its start.
    Start,
    /// After the play, before the show.
    AfterPlay,
}

/// The chance that `side` wins at `stage` of a round that `dealer` deals,
/// with the sides' `scores`, from the table of `config`'s players.
fn table_chance(config: GameConfig, scores: &[u16], dealer: Seat, side: Side, stage: Stage) -> f64 {
    let target = u16::from(config.target());
    let need = |seat: Seat| {
        let score = scores.get(config.side_of(seat).index()).copied().unwrap_or_default();
        target.saturating_sub(score)
    };
    let pone = dealer.next(config.players());
    match WinTable::for_players(config.players()) {
        Some(table) => {
            let dealing = side == config.side_of(dealer);
            match (stage, dealing) {
                (Stage::Start, true) => table.chance(need(dealer), need(pone), true),
                (Stage::Start, false) => table.chance(need(pone), need(dealer), false),
                (Stage::AfterPlay, true) => 1.0 - table.pone_after_play(need(pone), need(dealer)),
                (Stage::AfterPlay, false) => table.pone_after_play(need(pone), need(dealer)),
            }
        }
        None => {
            // Three players: each side is one seat of the round's three.
            let table = ThreeTable::stored();
            let order = round_order(dealer);
            let place = order.iter().position(|&seat| config.side_of(seat) == side).unwrap_or(2);
            let needs = order.map(need);
            match stage {
                Stage::Start => table.chances(needs)[place],
                Stage::AfterPlay => table.chances_after_play(needs)[place],
            }
        }
    }
}

/// Whether any side is within `window` points of the target (`window` 0:
/// never): where the expert plays for the game rather than for points, at
/// any table.
#[must_use]
pub(crate) fn within_reach(view: &View, window: u16) -> bool {
    let leader = view.config.all_sides().map(|side| view.board.score(side)).max().unwrap_or(0);
    window != 0 && leader + window >= u16::from(view.config.target())
}

/// The scores of the view's side and of the other side, when the game has
/// two sides (two players, or four in partnerships) and either side is
/// within `window` points of the target ([`within_reach`]): where the
/// expert plays for the chance of winning.
#[must_use]
pub(crate) fn near_end(view: &View, window: u16) -> Option<[u16; 2]> {
    let config = view.config;
    if config.sides() != 2 || !within_reach(view, window) {
        return None;
    }
    let mine = config.side_of(view.seat);
    let theirs = config.side_of(view.seat.next(2));
    Some([view.board.score(mine), view.board.score(theirs)])
}

//! Where a seat stands on the board: its chance of winning now, from the
//! tables of the chance of winning, and whether a side is near enough the
//! target that the expert plays for the game rather than for points.

use crib_core::{Phase, View};

use crate::board::three_table::{ThreeTable, round_order};
use crate::board::win_table::WinTable;

/// The chance that the seat of `view` (its side) wins the game from where
/// the view stands: from the two sides' table (two players, or four in
/// partnerships) or the three players' ([`ThreeTable`]).
///
/// Between rounds and in the discard it is the table's chance at the start
/// of the round. During the play it is weighed between the chance at the
/// start of the round and the chance after the play by the share of the
/// play's cards already played (the points pegged so far are on the board),
/// an approximation of the part of the play still to come. A game over is
/// won or lost.
#[must_use]
pub fn chance_now(view: &View) -> f64 {
    let config = view.config;
    let mine = config.side_of(view.seat);
    if let Some(winner) = view.winner {
        return if winner == mine { 1.0 } else { 0.0 };
    }
    let target = u16::from(config.target());
    let need =
        |seat: crib_core::Seat| target.saturating_sub(view.board.score(config.side_of(seat)));
    let dealer = view.dealer;
    let pone = view.pone();
    let (start, after) = match WinTable::for_players(config.players()) {
        Some(table) => {
            let pone_wins = table.pone_after_play(need(pone), need(dealer));
            if mine == config.side_of(dealer) {
                (table.chance(need(dealer), need(pone), true), 1.0 - pone_wins)
            } else {
                (table.chance(need(pone), need(dealer), false), pone_wins)
            }
        }
        None => {
            // Three players: the view's seat is one of the round's three.
            let table = ThreeTable::stored();
            let order = round_order(dealer);
            let place = order.iter().position(|&seat| seat == view.seat).unwrap_or(2);
            let needs = order.map(need);
            (table.chances(needs)[place], table.chances_after_play(needs)[place])
        }
    };
    if view.phase != Phase::Pegging {
        return start;
    }
    let cards = f64::from(u32::from(config.players()) * u32::from(crib_core::CARDS_TO_PLAY));
    let share = f64::from(view.pegging.played().len() as u32) / cards;
    (1.0 - share) * start + share * after
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

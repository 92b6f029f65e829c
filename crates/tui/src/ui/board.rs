//! The cribbage board: two tracks of 121 holes and a start, with a front and
//! a back peg in each.
//!
//! It is drawn as a real two-track board lies on the table: each track runs
//! out along the top for holes 1 to 60 in groups of five, turns at the far
//! end and comes back underneath for 61 to 120, ending in the game hole, 121,
//! beside the start. The person's track is the outer one, the computer's the
//! inner one, so the two U-shapes nest:
//!
//! ```text
//!  you      start ·····  … ·····─╮   holes 1 to 60
//!  computer start ·····  … ····╮│
//!  computer 121   ·····  … ····╯│   holes 120 to 61
//!  you      121   ·····  … ·····─╯
//! ```
//!
//! The front peg (`●`) stands at the score, the back peg (`○`) at the score
//! before the last points, so the last points pegged can be read off the
//! board as on a real one.

use crib_core::{Board, Seat, Side};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::theme;
use crate::app::{COMPUTER, HUMAN};
use crate::narrate::side_of;

/// Holes on each leg of a track.
const LEG: u16 = 60;

/// The last hole of a track, the game hole.
const GAME: u16 = 121;

/// The column of the start and game holes, inside the border.
const END_COLUMN: u16 = 0;

/// The columns inside the border: the start, a gap, 60 holes with a gap
/// after every five, and the turn of two tracks.
pub(super) const INNER_WIDTH: u16 = 2 + LEG + (LEG / 5 - 1) + 2;

/// The board's size with its border.
pub(super) const WIDTH: u16 = INNER_WIDTH + 2;

/// Rows: the border, the labels of the way out, four lanes, the labels of
/// the way back, the border.
pub(super) const HEIGHT: u16 = 8;

/// The column of hole `n` (1 to 60) on a leg, inside the border.
const fn hole_column(n: u16) -> u16 {
    2 + (n - 1) + (n - 1) / 5
}

/// The column of the turn at the far end.
const TURN: u16 = hole_column(LEG) + 1;

/// Where a peg at `score` stands: the lane (false out, true back) and the
/// column inside the border.
const fn position(score: u16) -> (bool, u16) {
    match score {
        0 => (false, END_COLUMN),
        1..=LEG => (false, hole_column(score)),
        61..=120 => (true, hole_column(GAME - score)),
        _ => (true, END_COLUMN),
    }
}

/// The board with both players' pegs.
#[derive(Clone, Copy, Debug)]
pub struct BoardWidget<'a> {
    board: &'a Board,
}

impl<'a> BoardWidget<'a> {
    /// The board to draw.
    #[must_use]
    pub const fn new(board: &'a Board) -> BoardWidget<'a> {
        BoardWidget { board }
    }

    fn legend(&self, seat: Seat, name: &str) -> Vec<Span<'static>> {
        let side = side_of(seat);
        let last = self.board.last_points(side);
        let mut spans = vec![
            Span::styled(format!(" {} ", theme::FRONT_PEG), theme::seat_style(seat)),
            Span::styled(format!("{name} {}", self.board.score(side)), theme::seat_style(seat)),
        ];
        if last > 0 {
            spans.push(Span::styled(
                format!(" (+{last})"),
                Style::new().fg(theme::seat_colour(seat)),
            ));
        }
        spans.push(Span::raw(" "));
        spans
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let mut title = vec![Span::raw(" board ")];
        title.extend(self.legend(HUMAN, "you"));
        title.push(Span::raw(" "));
        title.extend(self.legend(COMPUTER, "computer"));
        let block =
            Block::bordered().border_style(theme::dim()).title(Line::from(title)).title_bottom(
                Line::from(vec![
                    Span::raw(" "),
                    Span::raw(theme::FRONT_PEG),
                    Span::raw(" front peg  "),
                    Span::raw(theme::BACK_PEG),
                    Span::raw(" back peg  "),
                    Span::raw(theme::GAME_HOLE),
                    Span::raw(" 121 "),
                ])
                .right_aligned(),
            );
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.width < INNER_WIDTH || inner.height < HEIGHT - 2 {
            return;
        }
        let put = |buf: &mut Buffer, column: u16, row: u16, text: &str, style: Style| {
            buf.set_string(inner.x + column, inner.y + row, text, style);
        };

        // Labels: every ten holes, the number ending at its hole on the way
        // out and starting at it on the way back.
        for n in (10..=LEG).step_by(10) {
            let label = n.to_string();
            let column = hole_column(n) + 1 - label.len() as u16;
            put(buf, column, 0, &label, theme::dim());
            let back = (GAME - 1 - n + 10).to_string();
            put(buf, hole_column(n - 9), 5, &back, theme::dim());
        }
        put(buf, END_COLUMN, 0, "S", theme::dim());
        put(buf, END_COLUMN, 5, "G", theme::dim());

        // The lanes: the person's out and back are the outer rows 1 and 4,
        // the computer's the inner rows 2 and 3.
        for (seat, out_row, back_row) in [(HUMAN, 1, 4), (COMPUTER, 2, 3)] {
            let lane = Style::new().fg(theme::seat_colour(seat)).add_modifier(Modifier::DIM);
            put(buf, END_COLUMN, out_row, theme::HOLE, lane);
            put(buf, END_COLUMN, back_row, theme::GAME_HOLE, lane);
            for n in 1..=LEG {
                put(buf, hole_column(n), out_row, theme::HOLE, lane);
                put(buf, hole_column(n), back_row, theme::HOLE, lane);
            }
            let side: Side = side_of(seat);
            let pegs = [
                (self.board.back(side), theme::BACK_PEG),
                (self.board.score(side), theme::FRONT_PEG),
            ];
            let peg_style = theme::seat_style(seat);
            for (score, glyph) in pegs {
                let (back_leg, column) = position(score);
                put(buf, column, if back_leg { back_row } else { out_row }, glyph, peg_style);
            }
        }
        let turn = theme::dim();
        put(buf, TURN, 1, "─╮", turn);
        put(buf, TURN, 2, "╮│", turn);
        put(buf, TURN, 3, "╯│", turn);
        put(buf, TURN, 4, "─╯", turn);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_grouped_by_five_and_the_legs_meet() {
        assert_eq!(hole_column(1), 2);
        assert_eq!(hole_column(5), 6);
        assert_eq!(hole_column(6), 8);
        assert_eq!(hole_column(60), 72);
        assert_eq!(TURN, 73);
        assert_eq!(INNER_WIDTH, 75);
        assert_eq!(position(61), (true, 72));
        assert_eq!(position(120), (true, 2));
        assert_eq!(position(121), (true, 0));
        assert_eq!(position(127), (true, 0));
        assert_eq!(position(0), (false, 0));
    }
}

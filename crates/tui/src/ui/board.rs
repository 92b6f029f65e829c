//! The cribbage board: a track of 121 holes and a start for each side (two,
//! or three with three players; partners share a track), with a front and a
//! back peg in each.
//!
//! It is drawn as a real board lies on the table: each track runs out along
//! the top for holes 1 to 60 in groups of five, turns at the far end and
//! comes back underneath for 61 to 120, ending in the game hole, 121, beside
//! the start. The person's side has the outer track and the others nest
//! inside it, so the U-shapes nest:
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
//! board as on a real one. The legend under the board says what each mark
//! is: `S` over the start holes, `G` under the game holes (`◇`), and the
//! pegs.

use crib_core::{Board, Side};
use crib_table::narrate::Perspective;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::theme;

/// Holes on each leg of a track.
const LEG: u16 = 60;

/// The last hole of a track, the game hole.
const GAME: u16 = 121;

/// The column of the start and game holes, inside the border.
const END_COLUMN: u16 = 0;

/// The mark over the start holes, explained under the board.
const START: &str = "S";

/// The mark under the game holes, explained under the board.
const GAME_LABEL: &str = "G";

/// The columns inside the border of a board of `tracks` tracks: the start,
/// a gap, 60 holes with a gap after every five, and a column a track for
/// the turn.
#[must_use]
pub(super) const fn inner_width(tracks: u16) -> u16 {
    2 + LEG + (LEG / 5 - 1) + tracks
}

/// The board's width with its border.
#[must_use]
pub(super) const fn width(tracks: u16) -> u16 {
    inner_width(tracks) + 2
}

/// Rows of a board of `tracks` tracks: the border, the labels of the way
/// out, two lanes a track, the labels of the way back, the border.
#[must_use]
pub(super) const fn height(tracks: u16) -> u16 {
    4 + 2 * tracks
}

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

/// The board with every side's pegs.
#[derive(Clone, Copy, Debug)]
pub struct BoardWidget<'a> {
    board: &'a Board,
    who: &'a Perspective,
}

impl<'a> BoardWidget<'a> {
    /// The board to draw, its sides named from the reader's seat.
    #[must_use]
    pub const fn new(board: &'a Board, who: &'a Perspective) -> BoardWidget<'a> {
        BoardWidget { board, who }
    }

    fn legend(&self, side: Side) -> Vec<Span<'static>> {
        let last = self.board.last_points(side);
        let style = theme::side_style(side);
        let mut spans = vec![
            Span::styled(format!(" {} ", theme::FRONT_PEG), style),
            Span::styled(format!("{} {}", self.who.side(side), self.board.score(side)), style),
        ];
        if last > 0 {
            spans.push(Span::styled(
                format!(" (+{last})"),
                Style::new().fg(theme::side_colour(side)),
            ));
        }
        spans.push(Span::raw(" "));
        spans
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let config = self.who.config();
        let tracks = u16::from(config.sides());
        let mut title = vec![Span::raw(" board ")];
        for side in config.all_sides() {
            title.extend(self.legend(side));
        }
        let block =
            Block::bordered().border_style(theme::dim()).title(Line::from(title)).title_bottom(
                Line::from(vec![
                    Span::raw(format!(" {START} start  {GAME_LABEL} ")),
                    Span::raw(theme::GAME_HOLE),
                    Span::raw(" game hole, 121  "),
                    Span::raw(theme::FRONT_PEG),
                    Span::raw(" front peg  "),
                    Span::raw(theme::BACK_PEG),
                    Span::raw(" back peg "),
                ])
                .right_aligned(),
            );
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.width < inner_width(tracks) || inner.height < height(tracks) - 2 {
            return;
        }
        let put = |buf: &mut Buffer, column: u16, row: u16, text: &str, style: Style| {
            buf.set_string(inner.x + column, inner.y + row, text, style);
        };

        // Labels: every ten holes, the number ending at its hole on the way
        // out and starting at it on the way back.
        let back_labels = 2 * tracks + 1;
        for n in (10..=LEG).step_by(10) {
            let label = n.to_string();
            let column = hole_column(n) + 1 - label.len() as u16;
            put(buf, column, 0, &label, theme::dim());
            let back = (GAME - 1 - n + 10).to_string();
            put(buf, hole_column(n - 9), back_labels, &back, theme::dim());
        }
        put(buf, END_COLUMN, 0, START, theme::dim());
        put(buf, END_COLUMN, back_labels, GAME_LABEL, theme::dim());

        // The lanes: side 0's out and back are the outer rows, the others'
        // nest inside, each turning one column nearer the holes.
        for (track, side) in (0..tracks).zip(config.all_sides()) {
            let (out_row, back_row) = (1 + track, 2 * tracks - track);
            let lane = Style::new().fg(theme::side_colour(side)).add_modifier(Modifier::DIM);
            put(buf, END_COLUMN, out_row, theme::HOLE, lane);
            put(buf, END_COLUMN, back_row, theme::GAME_HOLE, lane);
            for n in 1..=LEG {
                put(buf, hole_column(n), out_row, theme::HOLE, lane);
                put(buf, hole_column(n), back_row, theme::HOLE, lane);
            }
            let pegs = [
                (self.board.back(side), theme::BACK_PEG),
                (self.board.score(side), theme::FRONT_PEG),
            ];
            let peg_style = theme::side_style(side);
            for (score, glyph) in pegs {
                let (back_leg, column) = position(score);
                put(buf, column, if back_leg { back_row } else { out_row }, glyph, peg_style);
            }
            let [out_turn, back_turn] = turns(track, tracks);
            put(buf, TURN, out_row, &out_turn, theme::dim());
            put(buf, TURN, back_row, &back_turn, theme::dim());
        }
    }
}

/// The turns of track `track` (0 the outermost) of `tracks` at the far end,
/// on its way out and its way back: it runs on past the inner tracks' turns
/// and crosses down beside them.
fn turns(track: u16, tracks: u16) -> [String; 2] {
    let corner = tracks - 1 - track;
    let row = |bend: char| {
        (0..tracks)
            .map(|column| match column.cmp(&corner) {
                std::cmp::Ordering::Less => '─',
                std::cmp::Ordering::Equal => bend,
                std::cmp::Ordering::Greater => '│',
            })
            .collect()
    };
    [row('╮'), row('╯')]
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
        assert_eq!((inner_width(2), inner_width(3)), (75, 76));
        assert_eq!(position(61), (true, 72));
        assert_eq!(position(120), (true, 2));
        assert_eq!(position(121), (true, 0));
        assert_eq!(position(127), (true, 0));
        assert_eq!(position(0), (false, 0));
    }

    #[test]
    fn tracks_nest_at_the_turn() {
        assert_eq!(turns(0, 2), ["─╮", "─╯"]);
        assert_eq!(turns(1, 2), ["╮│", "╯│"]);
        assert_eq!(turns(0, 3), ["──╮", "──╯"]);
        assert_eq!(turns(1, 3), ["─╮│", "─╯│"]);
        assert_eq!(turns(2, 3), ["╮││", "╯││"]);
        assert_eq!((height(2), height(3)), (8, 10));
    }
}

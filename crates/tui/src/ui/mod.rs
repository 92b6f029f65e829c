//! The view: drawing an [`App`] into a ratatui buffer.
//!
//! The screen, top to bottom: a status line (game, match score, seed,
//! opponent), the board, the table (the computer's cards face down, the
//! starter and the crib, the count, the person's hand, or the show being
//! counted), the line that says what to do, and the message log, which moves
//! to the right of the table on a wide terminal. Windows (help, hint, a
//! question, the end of a game) are drawn over the table.
//!
//! Drawing reads the app and changes nothing but where a window taller
//! than the screen is scrolled to, which it keeps within the window's lines
//! (as ratatui's list state), so any state can be drawn into a [`Buffer`]
//! and compared line by line in tests.

mod board;
mod cards;
pub mod drill;
mod overlay;
mod table;
mod theme;
mod wrap;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

pub use board::BoardWidget;
pub use cards::face_text;
pub use table::{HandWidget, PlayWidget};

use crate::app::{App, Overlay, Question};
use crate::log::Tone;
use wrap::wrap;

/// The smallest terminal the game is drawn in.
pub const MIN_WIDTH: u16 = 80;

/// The smallest terminal height.
pub const MIN_HEIGHT: u16 = 24;

/// The width of the main column (board and table).
const MAIN_WIDTH: u16 = 80;

/// The rows of the table under the board, at the smallest size.
const TABLE_HEIGHT: u16 = 6;

/// A terminal wide enough for the log beside the table rather than below.
const WIDE: u16 = MAIN_WIDTH + 30;

/// The view: draws the app on a frame.
pub fn view(app: &App, frame: &mut Frame<'_>) {
    let area = frame.area();
    render(app, area, frame.buffer_mut());
}

/// Draws the app into `area` of `buf`.
pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(app, area, buf);
        return;
    }
    let wide = area.width >= WIDE;
    let main = Rect { width: if wide { MAIN_WIDTH } else { area.width }, ..area };
    let status = Rect { height: 1, ..main };
    let tracks = u16::from(app.perspective().config().sides());
    let board_height = board::height(tracks);
    let board = Rect {
        x: main.x + (main.width.min(MAIN_WIDTH) - board::width(tracks)) / 2,
        y: main.y + 1,
        width: board::width(tracks),
        height: board_height,
    };
    let below = main.y + 1 + board_height;
    let spare = area.bottom().saturating_sub(below + TABLE_HEIGHT + 1);
    // Below the board the table takes what the log leaves it; the log keeps
    // at least seven rows when it is under the table.
    let table_height = if wide {
        (TABLE_HEIGHT + spare).min(2 * TABLE_HEIGHT)
    } else {
        TABLE_HEIGHT + spare.saturating_sub(7) / 2
    };
    let table =
        Rect { x: main.x, y: below, width: main.width.min(MAIN_WIDTH), height: table_height };
    let prompt = Rect { y: table.bottom(), height: 1, ..table };
    let log = if wide {
        Rect {
            x: main.right() + 1,
            y: area.y + 1,
            width: area.width - MAIN_WIDTH - 1,
            height: area.height - 1,
        }
    } else {
        Rect {
            x: area.x,
            y: prompt.bottom(),
            width: area.width,
            height: area.bottom() - prompt.bottom(),
        }
    };

    status_line(app, status, buf);
    BoardWidget::new(app.board(), app.perspective()).render(board, buf);
    table::render(app, table, buf);
    table::prompt(app, prompt, buf);
    message_log(app, log, buf, !wide);
    overlay::render(
        app,
        Rect { x: main.x, y: main.y, width: main.width, height: area.height },
        buf,
    );
}

fn status_line(app: &App, area: Rect, buf: &mut Buffer) {
    let dot = || Span::styled(" · ", theme::dim());
    let left = Line::from(vec![
        Span::styled(" crib", theme::strong()),
        dot(),
        Span::raw(format!("game {}", app.game_number())),
        dot(),
        Span::raw(format!("won: {}", app.games_text())),
    ]);
    let mut left = left;
    if let Some(chance) = app.win_chance() {
        left.push_span(dot());
        left.push_span(Span::styled(chance, theme::strong()));
    }
    let seed = format!("seed {}", app.seed());
    let muggins = match (app.options().muggins, app.options().muggins_pegging) {
        (true, true) => " · muggins, pegging too",
        (true, false) => " · muggins",
        (false, _) => "",
    };
    buf.set_line(area.x, area.y, &left, area.width);
    // The seed always, and the opponent cut to the room left: a long engine
    // command line ends in an ellipsis rather than hiding the seed.
    let room = usize::from(area.width)
        .saturating_sub(left.width() + seed.chars().count() + muggins.chars().count() + 5);
    let opponent = shortened(&app.opponent_name(), room);
    let mut right = vec![Span::raw(seed)];
    if !opponent.is_empty() {
        right.extend([dot(), Span::raw(opponent)]);
    }
    right.push(Span::raw(format!("{muggins} ")));
    let right = Line::from(right);
    let right_width = right.width() as u16;
    if left.width() as u16 + right_width < area.width {
        buf.set_line(area.right() - right_width, area.y, &right, right_width);
    }
}

fn message_log(app: &App, area: Rect, buf: &mut Buffer, rule_above: bool) {
    let block = if rule_above {
        Block::new().borders(Borders::TOP)
    } else {
        Block::new().borders(Borders::LEFT)
    }
    .border_style(theme::dim())
    .title(Span::styled(
        match app.log_back() {
            0 => " log (PgUp: older) ".to_owned(),
            back => format!(" log, {back} newer below (PgDn, End) "),
        },
        theme::dim(),
    ));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.width < 2 || inner.height == 0 {
        return;
    }
    // Continuation lines are indented by three columns.
    let width = usize::from(inner.width).saturating_sub(3);
    // The newest messages, as many as fit once wrapped, oldest at the top.
    let mut lines: Vec<Line<'static>> = Vec::new();
    for message in app.log().iter().rev().skip(app.log_back()) {
        let style = match message.tone {
            Tone::Plain => Style::new(),
            Tone::You => Style::new().fg(theme::YOU),
            Tone::Them(side) => Style::new().fg(theme::side_colour(side)),
            Tone::Result => theme::strong(),
        };
        let wrapped = wrap(&message.text, width);
        // Only whole messages: the oldest one that does not fit is left out.
        if lines.len() + wrapped.len() > usize::from(inner.height) {
            break;
        }
        let mut block_lines: Vec<Line<'static>> = wrapped
            .into_iter()
            .enumerate()
            .map(|(i, text)| {
                let indent = if i == 0 { " " } else { "   " };
                Line::from(Span::styled(format!("{indent}{text}"), style))
            })
            .collect();
        block_lines.extend(lines);
        lines = block_lines;
    }
    Paragraph::new(lines).render(inner, buf);
}

/// `text` in at most `room` characters, cut with an ellipsis; nothing when
/// there is no room for a word.
fn shortened(text: &str, room: usize) -> String {
    if text.chars().count() <= room {
        text.to_owned()
    } else if room < 8 {
        String::new()
    } else {
        let kept: String = text.chars().take(room - 1).collect();
        format!("{kept}…")
    }
}

fn too_small(app: &App, area: Rect, buf: &mut Buffer) {
    let mut text = vec![
        Line::styled("crib: the terminal is too small", theme::strong()),
        Line::raw(""),
        Line::raw(format!(
            "It is {}×{}; the board needs at least {MIN_WIDTH}×{MIN_HEIGHT}.",
            area.width, area.height
        )),
        Line::raw("Make the window larger and the game comes back."),
    ];
    text.push(Line::raw(""));
    text.push(match app.overlay() {
        Some(Overlay::Question(Question::Quit)) => {
            Line::styled("Quit the game? y: quit, n: keep playing", theme::strong())
        }
        Some(Overlay::Question(Question::Restart)) => {
            Line::styled("Start a new match? y: restart, n: keep playing", theme::strong())
        }
        _ => Line::raw("q quits."),
    });
    Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
}

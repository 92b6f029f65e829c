//! Windows over the table: help, a hint, a question, the end of a game.

use crib_core::Skunk;
use crib_core::number_words;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::cards;
use super::theme;
use crate::app::{App, HUMAN, Overlay, Question};
use crib_table::advice::HintText;
use crib_table::narrate::{capitalised, game_result};

/// The width of the hint's window (at most).
const HINT_WIDTH: u16 = 80;

/// Draws the window open over the table, or the end of a game.
pub(super) fn render(app: &App, area: Rect, buf: &mut Buffer) {
    // Help and hints close on any key; questions and the end of a game
    // wait for their own keys.
    let (title, lines, width) = match app.overlay() {
        Some(Overlay::Help) => (" Help ", help(app), 78),
        Some(Overlay::Hint(_, text)) => {
            let width = HINT_WIDTH.min(area.width.saturating_sub(2));
            // The window's border and the screen's margin take four rows.
            let room = usize::from(area.height.saturating_sub(4));
            (" Hint ", fitted_hint(text, width, room), HINT_WIDTH)
        }
        Some(Overlay::Question(Question::Quit)) => (
            " Quit? ",
            vec![
                Line::raw("Quit the game?"),
                Line::raw(""),
                Line::styled("y: quit     n or esc: keep playing", theme::strong()),
            ],
            44,
        ),
        Some(Overlay::Question(Question::Restart)) => (
            " Restart? ",
            vec![
                Line::raw("Give up this match and start a new one?"),
                Line::raw(format!("The new match's seed is {}.", app.seed().wrapping_add(1))),
                Line::raw(""),
                Line::styled("y: restart     n or esc: keep playing", theme::strong()),
            ],
            48,
        ),
        None => match app.ending() {
            Some(_) => (" Game over ", ending(app), 64),
            None => return,
        },
    };
    let any_key = matches!(app.overlay(), Some(Overlay::Help | Overlay::Hint(..)));
    popup(title, lines, width, any_key, area, buf);
}

fn popup(
    title: &str,
    lines: Vec<Line<'static>>,
    width: u16,
    any_key: bool,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = width.min(area.width.saturating_sub(2));
    let height = (lines.len() as u16 + 2).min(area.height.saturating_sub(2));
    let popup = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    Clear.render(popup, buf);
    let mut block = Block::bordered().title(Span::styled(title.to_owned(), theme::strong()));
    if any_key {
        block = block.title_bottom(Line::styled(" any key closes ", theme::dim()).right_aligned());
    }
    Paragraph::new(lines).block(block).wrap(Wrap { trim: false }).render(popup, buf);
}

fn help(app: &App) -> Vec<Line<'static>> {
    let key = |keys: &str, what: &str| {
        Line::from(vec![
            Span::styled(format!("  {keys:<14}"), theme::strong()),
            Span::raw(what.to_owned()),
        ])
    };
    let wins = app.options().games_to_win;
    let config = app.perspective().config();
    let (single, double) = config.skunk_lines();
    let mut lines = vec![
        Line::styled("Keys", theme::strong()),
        key("← → or 1-6", "choose a card; in the discard a number also marks it"),
        key("space", "mark a card for the crib, or unmark it"),
        key("enter", "give the marked cards, play the chosen card, or say go;"),
        key("", "hurry the computer or the count; go on after a hand"),
        key("g", "say go, when no card fits (said for you unless --no-auto-go)"),
        key("h", "hint: the expert's keeps (hand, crib, play) or cards, and why"),
        key("w", "show or hide your chance of winning"),
        key("?", "this help"),
        key("r  /  q", "a new match  /  quit (both ask first; ctrl-c quits at once)"),
        key("PgUp PgDn End", "scroll the log back, forward, to the newest"),
        Line::styled("The game", theme::strong()),
        Line::raw(format!(
            "  {} players to {}: each gives {} to the crib; the pone leads; 15 and 31",
            number_words(u32::from(config.players())),
            config.target(),
            if config.discards() == 1 { "one card" } else { "two cards" },
        )),
        Line::raw("  peg two, pairs, runs, go and the last card; then each hand from the"),
        Line::raw("  pone round to the dealer, then the crib."),
        Line::raw("  Your side's track is the outer one: the front peg ● is the score, the"),
        Line::raw("  back peg ○ the score before, so the gap is the last points pegged."),
        Line::raw(format!(
            "  The first to win {wins} {} wins the match; a game's loser deals the next.",
            if wins == 1 { "game" } else { "games" }
        )),
        Line::raw(match double {
            Some(double) => {
                format!("  A loser under {single} is skunked, under {double} double skunked.")
            }
            None => format!("  A loser under {single} is skunked."),
        }),
    ];
    if app.options().muggins {
        lines.push(Line::styled("Muggins", theme::strong()));
        lines.push(Line::raw(
            "  You count your hand and crib: type the points, then enter. You peg",
        ));
        lines.push(Line::raw("  what you say, never more than the count; what you miss, the next"));
        lines.push(Line::raw("  player pegs at once (\"muggins!\")."));
        if app.options().muggins_pegging {
            lines.push(Line::raw("  Your pegging too: when a card you play pegs, say how many"));
            lines.push(Line::raw("  points (the point for a go is counted for you)."));
        }
    }
    lines
}

/// The hint in at most `room` lines where it can be: every reason of every
/// row; else every reason of the expert's row and the first of the others
/// (what each pegs now); else the expert's reasons alone. A table longer
/// than that is cut at the window's edge.
fn fitted_hint(text: &HintText, width: u16, room: usize) -> Vec<Line<'static>> {
    let full = hint_lines(text, width, usize::MAX);
    if full.len() <= room {
        return full;
    }
    let shorter = hint_lines(text, width, 1);
    if shorter.len() <= room { shorter } else { hint_lines(text, width, 0) }
}

/// The hint's words (wrapped to `width`) and its table: the cards in their
/// faces, the numbers right aligned under their heads, under each row its
/// reasons (all of them for the expert's row, at most `others` for the
/// others).
fn hint_lines(text: &HintText, width: u16, others: usize) -> Vec<Line<'static>> {
    let width = usize::from(width.saturating_sub(2));
    let mut lines: Vec<Line<'static>> =
        text.lines.iter().flat_map(|line| super::wrap::wrap(line, width)).map(Line::raw).collect();
    let Some(first) = text.rows.first() else { return lines };
    let face = usize::from(cards::CARD_WIDTH);
    let widths: Vec<usize> = (0..first.cards.len())
        .map(|column| {
            let most = text.rows.iter().map(|row| row.cards.get(column).map_or(0, |set| set.len()));
            let name = text.columns.get(column).map_or(0, String::len);
            (most.max().unwrap_or(0) * face).max(name) + 1
        })
        .collect();
    let mut head = String::from("     ");
    for (column, name) in text.columns.iter().enumerate() {
        match widths.get(column) {
            Some(&room) => head.push_str(&format!("{name:<room$}")),
            None => head.push_str(&format!("{name:>CELL$}")),
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(head, theme::dim()));
    for (rank, row) in text.rows.iter().enumerate() {
        let mut spans = vec![Span::raw(format!("{:>3}. ", rank + 1))];
        for (set, &room) in row.cards.iter().zip(&widths) {
            spans.extend(set.iter().map(cards::face));
            spans.push(Span::raw(" ".repeat(room.saturating_sub(set.len() * face))));
        }
        spans.extend(row.cells.iter().map(|cell| Span::raw(format!("{cell:>CELL$}"))));
        let mut line = Line::from(spans);
        if row.best {
            line = line.style(theme::strong());
            line.push_span(Span::styled("  ← expert", theme::strong()));
        }
        lines.push(line);
        let shown = if row.best { row.reasons.len() } else { others };
        for reason in row.reasons.iter().take(shown) {
            for (index, part) in
                super::wrap::wrap(reason, width.saturating_sub(9)).into_iter().enumerate()
            {
                let lead = if index == 0 { "     · " } else { "       " };
                lines.push(Line::styled(format!("{lead}{part}"), theme::dim()));
            }
        }
    }
    lines
}

/// The width of a number's column in a hint's table.
const CELL: usize = 8;

fn ending(app: &App) -> Vec<Line<'static>> {
    let Some(ending) = app.ending() else { return Vec::new() };
    let result = &ending.result;
    let who = app.perspective();
    let style = theme::side_style(result.winner);
    let mut lines = vec![Line::styled(game_result(result, app.perspective()), style)];
    let (single, double) = app.perspective().config().skunk_lines();
    let line = match (result.skunk(), double) {
        (Skunk::None, _) => None,
        (Skunk::Double, Some(double)) => {
            Some(format!("(The loser did not reach {double}: a double skunk.)"))
        }
        _ => Some(format!("(The loser did not reach {single}: a skunk.)")),
    };
    lines.extend(line.map(|line| Line::styled(line, theme::dim())));
    lines.push(Line::raw(format!(
        "Match: {} (first to {}).",
        app.games_text(),
        app.options().games_to_win
    )));
    lines.push(Line::raw(""));
    let next = if ending.match_won {
        format!(
            "{} {} the match! Enter: a new match.  q: quit.",
            capitalised(&who.side(result.winner)),
            who.side_verb(result.winner, "win")
        )
    } else {
        match app.next_dealer() {
            Some(dealer) if dealer == HUMAN => {
                "Enter: the next game; you lost, so you deal.".to_owned()
            }
            Some(dealer) => {
                format!("Enter: the next game; {} deals first.", who.object(dealer))
            }
            None => "Enter: the next game.".to_owned(),
        }
    };
    lines.push(Line::styled(next, theme::strong()));
    lines
}

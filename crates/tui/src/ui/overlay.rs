//! Windows over the table: help, a hint, a question, the end of a game.
//! Their lines are laid out (wrapped, indentation kept) before they are
//! drawn, so that a window knows its height: one taller than the screen
//! shows what fits and which lines those are, and scrolls.

use crib_core::Skunk;
use crib_core::number_words;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::cards;
use super::theme;
use super::wrap::{fit, wrap, wrap_beside};
use crate::app::{App, HUMAN, Overlay, Question, WindowScrolled};
use crib_table::advice::HintText;
use crib_table::narrate::{capitalised, game_result, length_rule, length_text};

/// The width of the hint's window (at most).
const HINT_WIDTH: u16 = 80;

/// The width of the help's window (at most).
const HELP_WIDTH: u16 = 78;

/// Draws the window open over the table, or the end of a game.
pub(super) fn render(app: &App, area: Rect, buf: &mut Buffer) {
    // Help and hints close on any key; questions and the end of a game
    // wait for their own keys.
    let inner = |most: u16| usize::from(most.min(area.width.saturating_sub(2)).saturating_sub(2));
    let (title, lines, width) = match app.overlay() {
        Some(Overlay::Help) => (" Help ", help(app, inner(HELP_WIDTH)), HELP_WIDTH),
        Some(Overlay::Hint(_, text)) => (" Hint ", hint_lines(text, inner(HINT_WIDTH)), HINT_WIDTH),
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
    // Help and a hint scroll, and close on any other key.
    let scrolls = matches!(app.overlay(), Some(Overlay::Help | Overlay::Hint(..))).then_some(app);
    popup(title, lines, width, scrolls, area, buf);
}

/// Draws a window of `lines` (wrapped to fit `width`) in the middle of
/// `area`, as tall as its lines where the screen has room. Help and a hint
/// (`scrolls`) that are taller show the lines the app is scrolled to, and
/// say which lines those are of how many and how to see the others.
fn popup(
    title: &str,
    lines: Vec<Line<'static>>,
    width: u16,
    scrolls: Option<&App>,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = width.min(area.width.saturating_sub(2));
    let lines = fit(lines, usize::from(width.saturating_sub(2)));
    // The border and a row of the screen above and below the window.
    let room = usize::from(area.height.saturating_sub(4));
    let shown = lines.len().min(room);
    let top = scrolls.map_or(0, |app| app.window_scrolled().top.min(lines.len() - shown));
    if let Some(app) = scrolls {
        app.window_drawn(WindowScrolled { top, shown });
    }
    let height = shown as u16 + 2;
    let popup = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    Clear.render(popup, buf);
    let mut block = Block::bordered().title(Span::styled(title.to_owned(), theme::strong()));
    if scrolls.is_some() {
        let keys = if shown < lines.len() {
            block = block.title_bottom(Line::styled(
                format!(" lines {}-{} of {} ", top + 1, top + shown, lines.len()),
                theme::strong(),
            ));
            " ↑ ↓ PgUp PgDn Home End: more · other keys close "
        } else {
            " any key closes "
        };
        block = block.title_bottom(Line::styled(keys, theme::dim()).right_aligned());
    }
    let shown: Vec<Line<'static>> = lines.into_iter().skip(top).take(shown).collect();
    Paragraph::new(shown).block(block).render(popup, buf);
}

/// The keys and the rules in lines of `width`: a key's words that wrap
/// stay beside it, and the rules' lines keep their indentation.
fn help(app: &App, width: usize) -> Vec<Line<'static>> {
    let key = |keys: &str, what: &str| {
        let keys = Span::styled(format!("  {keys}"), theme::strong());
        wrap_beside(keys, 16, what, ratatui::style::Style::new(), width)
    };
    let config = app.perspective().config();
    let (single, double) = config.skunk_lines();
    let mut lines = vec![Line::styled("Keys", theme::strong())];
    for (keys, what) in [
        ("← → or 1-6", "choose a card; in the discard a number also marks it"),
        ("space", "mark a card for the crib, or unmark it"),
        ("enter", "give the marked cards, play the chosen card, or say go;"),
        ("", "hurry the computer or the count; go on after a hand"),
        ("g", "say go, when no card fits (said for you unless --no-auto-go)"),
        ("h", "hint: the expert's keeps (hand, crib, play) or cards, and why"),
        ("w", "show or hide your chance of winning"),
        ("?", "this help"),
        ("r  /  q", "a new match  /  quit (both ask first; ctrl-c quits at once)"),
        ("PgUp PgDn End", "scroll the log back, forward, to the newest"),
    ] {
        lines.extend(key(keys, what));
    }
    // The rules are paragraphs: the window wraps them.
    lines.push(Line::styled("The game", theme::strong()));
    lines.push(Line::raw(format!(
        "  {} players to {}: each gives {} to the crib; the pone leads; 15 and 31 peg two, \
         pairs, runs, go and the last card; then each hand from the pone round to the \
         dealer, then the crib.",
        capitalised(&number_words(u32::from(config.players()))),
        config.target(),
        if config.discards() == 1 { "one card" } else { "two cards" },
    )));
    lines.push(Line::raw(
        "  Your side's track is the outer one: the front peg ● is the score, the back peg ○ \
         the score before, so the gap is the last points pegged.",
    ));
    lines.push(Line::raw(format!("  {}", length_rule(app.options().length))));
    lines.push(Line::raw(match double {
        Some(double) => {
            format!("  A loser under {single} is skunked, under {double} double skunked.")
        }
        None => format!("  A loser under {single} is skunked."),
    }));
    if app.options().muggins {
        lines.push(Line::styled("Muggins", theme::strong()));
        let mut muggins = "  You count your hand and crib: type the points, then enter. You peg \
                           what you say, never more than the count; what you miss, the next \
                           player pegs at once (\"muggins!\")."
            .to_owned();
        if app.options().muggins_pegging {
            muggins.push_str(
                " Your pegging too: when a card you play pegs, say how many points (the point \
                 for a go is counted for you).",
            );
        }
        lines.push(Line::raw(muggins));
    }
    fit(lines, width)
}

/// The hint's words (wrapped to `width`) and its table: the cards in their
/// faces, the numbers right aligned under their heads, under each row all
/// its reasons. A hint taller than the screen scrolls rather than leave
/// reasons out.
fn hint_lines(text: &HintText, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> =
        text.lines.iter().flat_map(|line| wrap(line, width)).map(Line::raw).collect();
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
            // The expert's row is marked in words where they fit beside
            // it (a keep near the end of a game has a column more), else
            // by the arrow alone.
            line = line.style(theme::strong());
            let room = width.saturating_sub(line.width());
            let mark = ["  ← expert", " ←"].into_iter().find(|mark| mark.chars().count() <= room);
            line.extend(mark.map(|mark| Span::styled(mark, theme::strong())));
        }
        lines.push(line);
        for reason in &row.reasons {
            for (index, part) in wrap(reason, width.saturating_sub(9)).into_iter().enumerate() {
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
        "Match: {} ({}).",
        app.games_text(),
        length_text(app.options().length)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::parse_cards;
    use crib_table::advice::HintRow;

    fn text(cells: usize) -> HintText {
        let set = |text: &str| parse_cards(text).expect("cards").into_iter().collect();
        let row = |best| HintRow {
            cards: vec![set("2S 4S 9C 9S"), set("6H KD")],
            cells: vec!["-10.00".to_owned(); cells],
            reasons: Vec::new(),
            best,
        };
        HintText {
            kind: "discard",
            title: "Hint".to_owned(),
            lines: vec!["Every keep.".to_owned()],
            columns: ["keep", "throw", "hand", "crib", "pegging", "total", "win"]
                .into_iter()
                .take(2 + cells)
                .map(str::to_owned)
                .collect(),
            rows: vec![row(true), row(false)],
        }
    }

    #[test]
    fn the_experts_row_is_marked_within_the_window() {
        // Four numbers leave room for the words; five (the chance of
        // winning near the end of a game) for the arrow alone, which is
        // not cut at the window's edge.
        for (cells, mark) in [(4, "  ← expert"), (5, " ←")] {
            let lines = hint_lines(&text(cells), 76);
            let best = lines.iter().find(|line| line.to_string().contains(" 1. ")).expect("row");
            assert!(best.width() <= 76, "{best}");
            assert!(best.to_string().ends_with(mark), "{best}");
        }
    }
}

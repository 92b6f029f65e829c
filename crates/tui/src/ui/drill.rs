//! Drawing a [`Drill`]: the hand and starter in the game's card faces, the
//! five fields of the count, the graded answer, the keys, and the summary at
//! the end. Like the game's screen, drawing changes nothing, so tests
//! compare a buffer's lines.

use crib_core::Category;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{cards, theme};
use crate::drill::{Drill, DrillStage};
use crib_table::narrate;

/// The smallest terminal the drill is drawn in.
const MIN_WIDTH: u16 = 60;

/// The smallest height.
const MIN_HEIGHT: u16 = 20;

/// The drill's view: draws it on a frame.
pub fn view(drill: &Drill, frame: &mut Frame<'_>) {
    let area = frame.area();
    render(drill, area, frame.buffer_mut());
}

/// Draws the drill into `area` of `buf`.
pub fn render(drill: &Drill, area: Rect, buf: &mut Buffer) {
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = vec![
            Line::styled("crib drill: the terminal is too small", theme::strong()),
            Line::raw(format!(
                "It is {}×{}; the drill needs at least {MIN_WIDTH}×{MIN_HEIGHT}. q quits.",
                area.width, area.height
            )),
        ];
        Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
        return;
    }
    let options = drill.options();
    let dot = || Span::styled(" · ", theme::dim());
    let right = drill.answers().iter().filter(|answer| answer.grade().is_right()).count();
    let status = Line::from(vec![
        Span::styled(" crib drill", theme::strong()),
        dot(),
        Span::raw(format!("hand {} of {}", drill.hand().number + 1, options.hands)),
        dot(),
        Span::raw(format!("{right} of {} right", drill.answers().len())),
        dot(),
        Span::raw(format!("seed {}", options.seed)),
    ]);
    buf.set_line(area.x, area.y, &status, area.width);
    let body = Rect { y: area.y + 2, height: area.height - 3, ..area };
    let lines = match drill.stage() {
        DrillStage::Done => summary(drill),
        _ => hand_lines(drill),
    };
    // A long line (the count, the verdict, the summary's) wraps under its
    // own first words, not at the screen's edge.
    let lines = super::wrap::fit(lines, usize::from(body.width));
    Paragraph::new(lines).render(body, buf);
    let keys = match drill.stage() {
        DrillStage::Counting => {
            " 0-9 points · tab/↓ next kind · shift-tab/↑ back · enter counts it · q quit"
        }
        DrillStage::Graded(_) => " enter: next hand · q quit",
        DrillStage::Done => " enter or q: quit",
    };
    let bottom = area.bottom() - 1;
    match drill.notice() {
        Some(notice) => buf.set_line(
            area.x,
            bottom,
            &Line::styled(format!(" {notice}"), theme::strong().fg(Color::Yellow)),
            area.width,
        ),
        None => buf.set_line(area.x, bottom, &Line::styled(keys, theme::dim()), area.width),
    };
}

fn hand_lines(drill: &Drill) -> Vec<Line<'static>> {
    let hand = drill.hand();
    let title = if hand.is_crib() {
        Line::from(vec![
            Span::styled("  The crib", theme::strong()),
            Span::raw(" (crib rules: a flush needs all five cards, the starter too)"),
        ])
    } else {
        Line::styled("  Your hand", theme::strong())
    };
    let mut cards_line = cards::faces(hand.show.hand().iter());
    cards_line.spans.insert(0, Span::raw("  "));
    cards_line.spans.push(Span::styled("   starter ", theme::dim()));
    cards_line.spans.push(cards::face(hand.show.starter()));
    let mut lines = vec![title, cards_line, Line::raw("")];
    let graded = match drill.stage() {
        DrillStage::Graded(graded) => Some(graded),
        _ => None,
    };
    lines.push(Line::raw(match graded {
        None => "  Count it, points by kind (leave a kind empty for none):",
        Some(_) => "  Your count, beside the true one:",
    }));
    let typed = drill.typed();
    for category in Category::ALL {
        let here = graded.is_none() && drill.cursor() == category;
        let field = &drill.fields()[category.index()];
        let mut spans = vec![
            Span::styled(if here { "  ▶ " } else { "    " }, theme::strong()),
            Span::raw(format!("{:<10}", category.to_string())),
            Span::styled(
                format!("[{field:>2}]"),
                if here { theme::strong() } else { theme::dim().fg(Color::Reset) },
            ),
        ];
        if let Some(graded) = graded {
            let truth = graded.grade.truth.get(category);
            let (mark, style) = if truth == typed.get(category) {
                ("✓", theme::dim())
            } else {
                ("✗", theme::strong().fg(Color::Yellow))
            };
            spans.push(Span::styled(format!("  {mark} {truth:>2}"), style));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(format!("    {:<10} {:>2}", "total", typed.total())));
    if let Some(graded) = graded {
        lines.push(Line::raw(""));
        lines.push(Line::raw(format!("  {}", graded.count)));
        lines.push(Line::styled(format!("  {}", graded.verdict), theme::strong()));
        lines.push(Line::raw(format!("  Time: {}.", narrate::seconds_text(graded.millis))));
    }
    lines
}

fn summary(drill: &Drill) -> Vec<Line<'static>> {
    let options = drill.options();
    let mut lines = vec![Line::styled("  The drill is over.", theme::strong()), Line::raw("")];
    lines.extend(
        narrate::drill_record(&drill.record())
            .into_iter()
            .map(|line| Line::raw(format!("  {line}"))),
    );
    lines.push(Line::raw(""));
    // The command on a line of its own, so that it is never cut in two.
    lines.push(Line::raw("  The same hands again:"));
    lines.push(Line::raw(format!("    {}", replay_command(options))));
    lines
}

/// The command that deals a drill's hands again.
#[must_use]
pub fn replay_command(options: crate::DrillOptions) -> String {
    format!(
        "crib drill --seed {} --hands {}{}",
        options.seed,
        options.hands,
        if options.cribs { " --cribs" } else { "" }
    )
}

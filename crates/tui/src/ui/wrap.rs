//! Text in lines of a width, words kept whole: for the log and the windows
//! whose lines are laid out before they are drawn. A line that wraps keeps
//! its indentation: the lines it wraps to start where its words did.

use ratatui::text::{Line, Span};

/// Words of `text` in lines of at most `width` characters (a word longer
/// than a line is cut).
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed > width && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` in lines of at most `width` characters, each led by the spaces
/// `text` starts with: an indented paragraph stays indented when it wraps.
pub(super) fn wrap_indented(text: &str, width: usize) -> Vec<String> {
    let words = text.trim_start_matches(' ');
    let indent = &text[..text.len() - words.len()];
    if words.is_empty() {
        return vec![text.to_owned()];
    }
    wrap(words, width.saturating_sub(indent.len()))
        .into_iter()
        .map(|line| format!("{indent}{line}"))
        .collect()
}

/// `what` in lines of at most `width` characters after a `lead` of `room`
/// columns (a key's name, a number), the first beside it and the others
/// under the first, so that the lead stands out.
pub(super) fn wrap_beside(
    lead: Span<'static>,
    room: usize,
    what: &str,
    style: ratatui::style::Style,
    width: usize,
) -> Vec<Line<'static>> {
    let lead_width = lead.width();
    let mut lead = Some(lead);
    wrap(what, width.saturating_sub(room))
        .into_iter()
        .map(|part| match lead.take() {
            Some(lead) => {
                let pad = " ".repeat(room.saturating_sub(lead_width));
                Line::from(vec![lead, Span::raw(pad), Span::styled(part, style)])
            }
            None => Line::from(vec![Span::raw(" ".repeat(room)), Span::styled(part, style)]),
        })
        .collect()
}

/// `lines` laid out in at most `width` columns: a line of one style that is
/// too long wraps and keeps its indentation; others are kept as they are
/// (laid out to fit already).
pub(super) fn fit(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    let mut fitted = Vec::with_capacity(lines.len());
    for line in lines {
        match &line.spans[..] {
            [span] if line.width() > width => {
                let style = line.style.patch(span.style);
                let parts = wrap_indented(&span.content, width);
                fitted.extend(parts.into_iter().map(|part| Line::styled(part, style)));
            }
            _ => fitted.push(line),
        }
    }
    fitted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_words_whole() {
        assert_eq!(wrap("a bb ccc dddd", 10), ["a bb ccc", "dddd"]);
        assert_eq!(wrap("", 10), Vec::<String>::new());
    }

    #[test]
    fn an_indented_line_stays_indented_when_it_wraps() {
        assert_eq!(wrap_indented("  a bb ccc dddd", 10), ["  a bb ccc", "  dddd"]);
        assert_eq!(wrap_indented("", 10), [""]);
        let lines = fit(vec![Line::raw("    one two three four"), Line::raw("ok")], 14);
        let texts: Vec<String> = lines.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["    one two", "    three four", "ok"]);
    }

    #[test]
    fn words_beside_a_lead_wrap_under_the_first() {
        let lines = wrap_beside(Span::raw("  h"), 6, "one two three", Default::default(), 14);
        let texts: Vec<String> = lines.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["  h   one two", "      three"]);
    }
}

//! Text in lines of a width, words kept whole: for the log and the windows
//! whose lines are laid out before they are drawn.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_words_whole() {
        assert_eq!(wrap("a bb ccc dddd", 10), ["a bb ccc", "dddd"]);
        assert_eq!(wrap("", 10), Vec::<String>::new());
    }
}

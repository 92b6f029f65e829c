//! Relative links in the Markdown documents: every one must lead to a file
//! or folder that exists and, with a `#fragment` into a Markdown file, to a
//! heading of it (GitHub's anchors) or an `id` or `name` given in its HTML.
//!
//! Links with a scheme (`https:`, `mailto:`) are not followed.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Component, Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// A link that leads nowhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The document, relative to the root checked.
    pub document: PathBuf,
    /// The link as written.
    pub link: String,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.document.display(), self.link, self.why)
    }
}

/// The Markdown documents of the repository at `root`: every `*.md` file
/// outside `target`, `node_modules` and hidden folders.
pub fn documents(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_owned()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if !(name.starts_with('.') || name == "target" || name == "node_modules") {
                    folders.push(path);
                }
            } else if path.extension().is_some_and(|ext| ext == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Every broken relative link in `documents`, which are under `root`.
///
/// # Errors
///
/// A document that cannot be read.
pub fn broken_links(root: &Path, documents: &[PathBuf]) -> std::io::Result<Vec<Broken>> {
    let mut broken = Vec::new();
    for document in documents {
        let text = std::fs::read_to_string(document)?;
        let shown = document.strip_prefix(root).unwrap_or(document).to_owned();
        let folder = document.parent().unwrap_or(root);
        for link in links(&text) {
            if let Some(why) = check(root, document, folder, &text, &link)? {
                broken.push(Broken { document: shown.clone(), link, why });
            }
        }
    }
    Ok(broken)
}

/// What is wrong with `link` in `document` (whose text is `text`), if
/// anything.
fn check(
    root: &Path,
    document: &Path,
    folder: &Path,
    text: &str,
    link: &str,
) -> std::io::Result<Option<String>> {
    if has_scheme(link) || link.starts_with("//") {
        return Ok(None);
    }
    let (path, fragment) = match link.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (link, None),
    };
    let target = if path.is_empty() { document.to_owned() } else { normalise(&folder.join(path)) };
    if !target.starts_with(root) {
        return Ok(Some("leads out of the repository".to_owned()));
    }
    if !target.exists() {
        return Ok(Some(format!("no such file: {}", target.display())));
    }
    let Some(fragment) = fragment else { return Ok(None) };
    if target.extension().is_none_or(|ext| ext != "md") {
        return Ok(None);
    }
    let target_text =
        if path.is_empty() { text.to_owned() } else { std::fs::read_to_string(&target)? };
    Ok((!anchors(&target_text).contains(fragment))
        .then(|| format!("no heading or anchor #{fragment}")))
}

fn has_scheme(link: &str) -> bool {
    link.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            && scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
    })
}

/// `path` with `.` and `..` taken out, without asking the file system.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The destinations of the links and images of a Markdown text.
fn links(text: &str) -> Vec<String> {
    Parser::new_ext(text, Options::all())
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.into_string())
            }
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text: its headings' as GitHub makes them, and
/// the `id`s and `name`s of its HTML.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(text, Options::all()) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(part) | Event::Code(part) => {
                if let Some(heading) = &mut heading {
                    heading.push_str(&part);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(heading) = heading.take() {
                    let slug = slug(&heading);
                    let mut anchor = slug.clone();
                    let mut n = 0;
                    while anchors.contains(&anchor) {
                        n += 1;
                        anchor = format!("{slug}-{n}");
                    }
                    anchors.insert(anchor);
                }
            }
            Event::Html(html) | Event::InlineHtml(html) => {
                for attribute in ["id=\"", "name=\""] {
                    let mut rest: &str = &html;
                    while let Some(at) = rest.find(attribute) {
                        rest = &rest[at + attribute.len()..];
                        if let Some(end) = rest.find('"') {
                            anchors.insert(rest[..end].to_owned());
                        }
                    }
                }
            }
            _ => {}
        }
    }
    anchors
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens,
/// everything but letters, digits, hyphens and underscores dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_githubs() {
        assert_eq!(
            slug("The chance of winning: `crib stats board`"),
            "the-chance-of-winning-crib-stats-board"
        );
        assert_eq!(
            slug("Saved games, history, replay and stats"),
            "saved-games-history-replay-and-stats"
        );
        assert_eq!(
            slug("As dealer or pone: `crib discard --dealer`"),
            "as-dealer-or-pone-crib-discard---dealer"
        );
    }

    #[test]
    fn repeated_headings_are_numbered_and_html_ids_count() {
        let found = anchors("# A\n## A\n<a id=\"here\"></a>\n");
        assert_eq!(found.into_iter().collect::<Vec<_>>(), ["a", "a-1", "here"]);
    }

    #[test]
    fn links_in_code_are_not_links() {
        let text =
            "[a](x.md) `[b](y.md)`\n\n```\n[c](z.md)\n```\n![i](p.png)\n[r]\n\n[r]: w.md#top\n";
        assert_eq!(links(text), ["x.md", "p.png", "w.md#top"]);
    }

    #[test]
    fn schemes_are_told_from_paths() {
        assert!(has_scheme("https://example.org"));
        assert!(has_scheme("mailto:a@b"));
        assert!(!has_scheme("docs/guide.md"));
        assert!(!has_scheme("#the-code"));
    }
}

//! Golden transcripts: what a referee sends and what the engine must answer.
//!
//! Shared by the in-process tests of `crib-protocol` and the tests that run
//! the real `crib engine` over pipes (which include this file by path), so
//! both read the files the same way. The format, one item per line:
//!
//! - `# ...` and blank lines: notes for the reader, not sent;
//! - `! choices <script>`: the engine's scripted choices (`--choices`);
//! - `> <text>`: a line sent to the engine, with a line break added; `>`
//!   alone sends an empty line. In `<text>`, `\t`, `\r`, `\\` and `\xHH`
//!   stand for a tab, a carriage return, a backslash and any byte;
//! - `>| <text>`: the same without the line break (the input's last line);
//! - `< <text>`: the next response line, exactly.

// Each test binary that includes this file uses a different part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// One golden file, read.
#[derive(Debug)]
pub(crate) struct Transcript {
    /// Where it was read from, for messages.
    pub(crate) path: PathBuf,
    /// The `--choices` script, if any.
    pub(crate) choices: Option<String>,
    /// Each line sent, as bytes with its line break, and the responses that
    /// follow it in the file.
    pub(crate) exchanges: Vec<(Vec<u8>, Vec<String>)>,
}

impl Transcript {
    /// Reads a golden file; panics with the file and line on a malformed one.
    pub(crate) fn read(path: &Path) -> Transcript {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let mut transcript =
            Transcript { path: path.to_owned(), choices: None, exchanges: Vec::new() };
        for (number, line) in (1..).zip(text.lines()) {
            let fail =
                |why: &str| -> Vec<u8> { panic!("{}:{number}: {why}: {line}", path.display()) };
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(script) = line.strip_prefix("! choices ") {
                transcript.choices = Some(script.trim().to_owned());
            } else if let Some(text) = line.strip_prefix(">|") {
                let text = text.strip_prefix(' ').unwrap_or(text);
                transcript
                    .exchanges
                    .push((unescape(text).unwrap_or_else(|| fail("escape")), vec![]));
            } else if let Some(text) = line.strip_prefix('>') {
                let text = text.strip_prefix(' ').unwrap_or(text);
                let mut bytes = unescape(text).unwrap_or_else(|| fail("escape"));
                bytes.push(b'\n');
                transcript.exchanges.push((bytes, Vec::new()));
            } else if let Some(response) = line.strip_prefix("< ") {
                match transcript.exchanges.last_mut() {
                    Some((_, responses)) => responses.push(response.to_owned()),
                    None => {
                        fail("a response before any command");
                    }
                }
            } else {
                fail("not a transcript line");
            }
        }
        transcript
    }

    /// Every byte sent, in order.
    pub(crate) fn input(&self) -> Vec<u8> {
        self.exchanges.iter().flat_map(|(sent, _)| sent.iter().copied()).collect()
    }

    /// Every response expected, in order, each with its line break.
    pub(crate) fn output(&self) -> String {
        self.exchanges
            .iter()
            .flat_map(|(_, responses)| responses)
            .map(|response| format!("{response}\n"))
            .collect()
    }

    /// Panics unless `actual` is the expected output, naming the first line
    /// sent whose response differs.
    pub(crate) fn check(&self, actual: &str) {
        let mut actual_lines = actual.lines();
        for (sent, expected) in &self.exchanges {
            for response in expected {
                let got = actual_lines.next();
                assert_eq!(
                    got,
                    Some(response.as_str()),
                    "{}: the response to {:?}",
                    self.path.display(),
                    String::from_utf8_lossy(sent)
                );
            }
        }
        let extra: Vec<&str> = actual_lines.collect();
        assert!(extra.is_empty(), "{}: unexpected responses {extra:?}", self.path.display());
        assert!(
            actual.is_empty() || actual.ends_with('\n'),
            "{}: no final LF",
            self.path.display()
        );
    }
}

/// The bytes of a `>` line's text, or `None` for a bad escape.
fn unescape(text: &str) -> Option<Vec<u8>> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&byte, after)) = rest.split_first() {
        rest = after;
        if byte != b'\\' {
            bytes.push(byte);
            continue;
        }
        let (&code, after) = rest.split_first()?;
        rest = after;
        match code {
            b't' => bytes.push(b'\t'),
            b'r' => bytes.push(b'\r'),
            b'\\' => bytes.push(b'\\'),
            b'x' => {
                let hex = std::str::from_utf8(rest.get(..2)?).ok()?;
                bytes.push(u8::from_str_radix(hex, 16).ok()?);
                rest = &rest[2..];
            }
            _ => return None,
        }
    }
    Some(bytes)
}

/// Every golden file, in name order.
pub(crate) fn golden_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../protocol/tests/golden");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.map(|entry| entry.path()).unwrap())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    files
}

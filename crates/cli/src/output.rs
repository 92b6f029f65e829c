//! What the subcommands share: reading cards from arguments, answering a
//! batch of lines, and formatting numbers and times.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use crib_core::{Card, parse_cards};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

/// The cards written in command-line arguments, in any notation (the
/// arguments are read as one list, so a Prolog list may span several).
pub(crate) fn cards_from_args(args: &[String]) -> anyhow::Result<Vec<Card>> {
    parse_cards(&args.join(" ")).map_err(crate::report::usage)
}

/// Answers each line of standard input with exactly one line of standard
/// output, so that a script can line the answers up with its input.
///
/// `answer` turns a line into its answer (one line of text, or of JSON with
/// `json`). A line that cannot be answered is answered with its error, `error:
/// …` (or `{"error": "…"}` with `json`), and reported on standard error with
/// its number; the exit code is then a failure. A blank line and a comment
/// (`#` first) are answered with an empty line.
pub(crate) fn batch(
    json: bool,
    mut answer: impl FnMut(&str) -> anyhow::Result<String>,
) -> anyhow::Result<ExitCode> {
    let stdin = io::stdin().lock();
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let failed = batch_lines(stdin, &mut stdout, json, &mut answer)?;
    stdout.flush().context("writing the answers")?;
    if failed > 0 {
        eprintln!(
            "crib: {failed} line{} could not be answered",
            if failed == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// The answer to a line that could not be answered.
#[derive(Serialize)]
struct BatchError {
    error: String,
}

fn batch_lines(
    mut input: impl BufRead,
    output: &mut dyn Write,
    json: bool,
    answer: &mut dyn FnMut(&str) -> anyhow::Result<String>,
) -> anyhow::Result<usize> {
    let mut failed = 0;
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes).context("reading standard input")? == 0 {
            break;
        }
        let outcome = match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() || line.trim_start().starts_with('#') => {
                Ok(String::new())
            }
            Ok(line) => answer(line.trim()),
            Err(_) => Err(anyhow::anyhow!("not valid UTF-8")),
        };
        let line = match outcome {
            Ok(line) => line,
            Err(error) => {
                failed += 1;
                let error = crate::report::chain(&error);
                eprintln!("crib: line {number}: {error}");
                if json {
                    serde_json::to_string(&BatchError { error })
                        .context("writing an error as JSON")?
                } else {
                    format!("error: {error}")
                }
            }
        };
        writeln!(output, "{line}").context("writing the answers")?;
    }
    Ok(failed)
}

/// A whole number with thousands separated by commas: `12,994,800`.
pub(crate) fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// A time as the store writes it (`2026-11-22T14:06:01Z`, UTC), to the
/// minute: `2026-11-22 14:06`; text of another shape as it is.
pub(crate) fn minute(time: &str) -> String {
    time.replace('T', " ").get(..16).map_or_else(|| time.to_owned(), str::to_owned)
}

/// A progress bar on standard error over `len` things, `what` they are
/// ("games", "deals"), with their rate and the time left; its message is
/// free for the caller.
pub(crate) fn count_bar(len: u64, what: &str) -> anyhow::Result<ProgressBar> {
    let template =
        format!("{{bar:40}} {{human_pos}}/{{human_len}} {what}, {{per_sec}}, eta {{eta}} {{msg}}");
    let style = ProgressStyle::with_template(&template).context("the progress bar's template")?;
    Ok(ProgressBar::new(len).with_style(style))
}

/// Prints the report of a run of `games` games begun at `started`: how fast
/// it went on standard error, then the report on standard output as one line
/// of JSON or as the text `write_text` writes.
pub(crate) fn print_run<R: serde::Serialize>(
    games: u64,
    started: Instant,
    report: &R,
    json: bool,
    write_text: impl FnOnce(&mut io::StdoutLock<'static>, &R) -> io::Result<()>,
) -> anyhow::Result<ExitCode> {
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "crib: played {} games in {seconds:.2} s ({:.0} games a second)",
        grouped(games),
        games as f64 / seconds.max(f64::MIN_POSITIVE)
    );
    let mut out = io::stdout().lock();
    if json {
        json_line(&mut out, report)?;
    } else {
        write_text(&mut out, report).context("writing the report")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `value` as one line of JSON.
pub(crate) fn json_line(
    output: &mut dyn Write,
    value: &impl serde::Serialize,
) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *output, value).context("writing JSON")?;
    writeln!(output).context("writing JSON")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_said_to_the_minute() {
        assert_eq!(minute("2026-11-22T14:06:01Z"), "2026-11-22 14:06");
        assert_eq!(minute("soon"), "soon");
    }

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(12_994_800), "12,994,800");
    }

    #[test]
    fn batch_answers_every_line_with_one_line() {
        let input: &[u8] = b"a\n\n# comment\nbad\r\nb\n\xff\n";
        let mut answer = |line: &str| -> anyhow::Result<String> {
            anyhow::ensure!(line != "bad", "refused");
            Ok(format!("<{line}>"))
        };
        let mut output = Vec::new();
        let failed = batch_lines(input, &mut output, false, &mut answer).unwrap();
        assert_eq!(failed, 2);
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "<a>\n\n\nerror: refused\n<b>\nerror: not valid UTF-8\n"
        );
        let mut output = Vec::new();
        batch_lines(input, &mut output, true, &mut answer).unwrap();
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "<a>\n\n\n{\"error\":\"refused\"}\n<b>\n{\"error\":\"not valid UTF-8\"}\n"
        );
    }
}

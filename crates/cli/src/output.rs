//! What the subcommands share: reading cards from arguments, answering a
//! batch of lines, and formatting numbers.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use crib_core::{Card, parse_cards};
use indicatif::{ProgressBar, ProgressStyle};

/// The cards written in command-line arguments, in any notation (the
/// arguments are read as one list, so a Prolog list may span several).
pub(crate) fn cards_from_args(args: &[String]) -> anyhow::Result<Vec<Card>> {
    Ok(parse_cards(&args.join(" "))?)
}

/// Answers each line of standard input with `answer`, which writes its
/// result to the output only once the whole line has been understood.
///
/// Blank lines and lines starting with `#` are skipped. A line that cannot be
/// answered is reported on standard error with its number and the run goes
/// on; the exit code is a failure if any line was.
pub(crate) fn batch(
    mut answer: impl FnMut(&str, &mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<ExitCode> {
    let stdin = io::stdin().lock();
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let failed = batch_lines(stdin, &mut stdout, &mut answer)?;
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

fn batch_lines(
    mut input: impl BufRead,
    output: &mut dyn Write,
    answer: &mut dyn FnMut(&str, &mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<usize> {
    let mut failed = 0;
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes).context("reading standard input")? == 0 {
            break;
        }
        let outcome = match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() || line.trim_start().starts_with('#') => continue,
            Ok(line) => answer(line.trim(), output),
            Err(_) => Err(anyhow::anyhow!("not valid UTF-8")),
        };
        if let Err(error) = outcome {
            failed += 1;
            eprintln!("crib: line {number}: {error:#}");
        }
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

/// A progress bar on standard error over a run of `games` games; its message
/// is free for the caller.
pub(crate) fn games_bar(games: u64) -> anyhow::Result<ProgressBar> {
    let style = ProgressStyle::with_template(
        "{bar:40} {human_pos}/{human_len} games, {per_sec}, eta {eta} {msg}",
    )
    .context("the progress bar's template")?;
    Ok(ProgressBar::new(games).with_style(style))
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
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(12_994_800), "12,994,800");
    }

    #[test]
    fn batch_answers_good_lines_and_counts_bad_ones() {
        let input: &[u8] = b"a\n\n# comment\nbad\r\nb\n\xff\n";
        let mut output = Vec::new();
        let mut answer = |line: &str, out: &mut dyn Write| -> anyhow::Result<()> {
            anyhow::ensure!(line != "bad", "refused");
            writeln!(out, "<{line}>")?;
            Ok(())
        };
        let failed = batch_lines(input, &mut output, &mut answer).unwrap();
        assert_eq!(failed, 2);
        assert_eq!(String::from_utf8(output).unwrap(), "<a>\n<b>\n");
    }
}

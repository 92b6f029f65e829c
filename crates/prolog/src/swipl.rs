//! One SWI-Prolog process with the student's file loaded, asked questions
//! over its standard input and output through the driver in `driver.pl`.
//!
//! The process is driven the way `crib_referee` drives engines: a reader
//! thread turns its output into lines on a bounded channel, so that waiting
//! for an answer is a `recv_timeout` and a question that never ends costs
//! its time limit and no more. Questions may be written ahead of their
//! answers ([`Swipl::send`], then [`Swipl::receive`] in order): Prolog
//! answers them one after another, so the conversation runs at the speed of
//! the Prolog code, not of the round trips.

use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

use crate::error::{CheckError, LoadMessage};

/// The driver, written to a temporary file for `swipl` to load.
const DRIVER: &str = include_str!("driver.pl");

/// How long loading the file may take, each time the process starts.
pub const LOAD_LIMIT: Duration = Duration::from_secs(20);

/// Every line the driver writes opens with this.
const MARKER: &str = "@crib ";

/// The longest line read; longer answers are malformed.
const MAX_LINE: u64 = 1 << 20;

/// Lines the reader thread may read ahead.
const READ_AHEAD: usize = 256;

/// What the process found in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Loaded {
    /// SWI-Prolog's version, `9.0.4`.
    pub(crate) version: String,
    /// Whether `hand_value/3` is defined.
    pub(crate) hand_value: bool,
    /// Whether `select_hand/3` is defined.
    pub(crate) select_hand: bool,
    /// The errors and warnings of loading it.
    pub(crate) messages: Vec<LoadMessage>,
}

/// How the process answered one question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// The goal succeeded with these ground values, in Prolog's syntax.
    Values(Vec<String>),
    /// The goal succeeded but left these values partly unbound.
    NonGround(Vec<String>),
    /// The goal raised this exception.
    Exception(String),
    /// The goal failed.
    Failed,
    /// No answer within the time limit.
    Timeout,
    /// The process stopped (or garbled its answer): how.
    Exited(String),
}

/// What the reader thread hands over.
#[derive(Debug)]
enum Line {
    Text(String),
    TooLong,
    Closed,
}

/// The running process.
#[derive(Debug)]
pub(crate) struct Swipl {
    program: String,
    driver: PathBuf,
    file: PathBuf,
    child: Child,
    input: Option<BufWriter<ChildStdin>>,
    output: Receiver<Line>,
}

/// The driver's file: deleted when dropped.
#[derive(Debug)]
pub(crate) struct DriverFile(tempfile::TempPath);

impl DriverFile {
    /// Writes the driver to a temporary file.
    pub(crate) fn write() -> Result<DriverFile, CheckError> {
        let mut file = tempfile::Builder::new()
            .prefix("crib-prolog-driver-")
            .suffix(".pl")
            .tempfile()
            .map_err(|error| CheckError::Io(format!("writing the Prolog driver: {error}")))?;
        file.write_all(DRIVER.as_bytes())
            .map_err(|error| CheckError::Io(format!("writing the Prolog driver: {error}")))?;
        Ok(DriverFile(file.into_temp_path()))
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Swipl {
    /// Starts `program` with the driver, loads `file` and waits until it is
    /// ready.
    pub(crate) fn start(
        program: &str,
        driver: &Path,
        file: &Path,
    ) -> Result<(Swipl, Loaded), CheckError> {
        let mut child = Command::new(program)
            .args(["--quiet", "--no-packs", "-g", "crib_driver:crib_main", "-t", "halt"])
            .arg(driver)
            .env("CRIB_PROLOG_FILE", file)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| match error.kind() {
                io::ErrorKind::NotFound => CheckError::NoSwipl { program: program.to_owned() },
                _ => CheckError::Io(format!("starting {program}: {error}")),
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            reap(&mut child);
            return Err(CheckError::Io(format!("{program}: no pipes to the process")));
        };
        let (sender, output) = sync_channel(READ_AHEAD);
        let reader = std::thread::Builder::new()
            .name("swipl output".to_owned())
            .spawn(move || read_lines(stdout, &sender));
        if let Err(error) = reader {
            reap(&mut child);
            return Err(CheckError::Io(format!("no thread to read swipl's output: {error}")));
        }
        let mut swipl = Swipl {
            program: program.to_owned(),
            driver: driver.to_owned(),
            file: file.to_owned(),
            child,
            input: Some(BufWriter::new(stdin)),
            output,
        };
        let loaded = swipl.await_ready()?;
        Ok((swipl, loaded))
    }

    /// Kills the process and starts another on the same file.
    pub(crate) fn restart(&mut self) -> Result<(), CheckError> {
        self.input = None;
        reap(&mut self.child);
        let (fresh, _) = Swipl::start(&self.program, &self.driver, &self.file)?;
        *self = fresh;
        Ok(())
    }

    /// Reads the load messages and the `ready` line.
    fn await_ready(&mut self) -> Result<Loaded, CheckError> {
        let deadline = Instant::now() + LOAD_LIMIT;
        let mut messages: Vec<LoadMessage> = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.output.recv_timeout(wait) {
                Ok(Line::Text(line)) => line,
                Ok(Line::TooLong | Line::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(CheckError::LoadStopped {
                        file: self.file.display().to_string(),
                        status: self.status(),
                        messages,
                    });
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(CheckError::LoadTimeout {
                        file: self.file.display().to_string(),
                        seconds: LOAD_LIMIT.as_secs(),
                    });
                }
            };
            let Some(said) = line.strip_prefix(MARKER) else { continue };
            if let Some(kind) = said.strip_prefix("message ") {
                messages.push(LoadMessage { kind: kind.trim().to_owned(), text: Vec::new() });
            } else if let Some(text) = said.strip_prefix("text ") {
                if let Some(message) = messages.last_mut() {
                    message.text.push(text.to_owned());
                }
            } else if let Some(ready) = said.strip_prefix("ready ") {
                let words: Vec<&str> = ready.split_whitespace().collect();
                let [version, hand_value, select_hand] = words[..] else {
                    return Err(CheckError::Io(format!("the Prolog driver said {line:?}")));
                };
                return Ok(Loaded {
                    version: version_words(version),
                    hand_value: hand_value == "true",
                    select_hand: select_hand == "true",
                    messages,
                });
            }
        }
    }

    /// Writes question `id`: call `goal` and report `values`, a Prolog list
    /// of the goal's variables. It goes out with [`Swipl::flush`].
    pub(crate) fn send(&mut self, id: u64, goal: &str, values: &str) {
        if let Some(input) = self.input.as_mut()
            && writeln!(input, "q({id},{goal},{values}).").is_err()
        {
            // The process has stopped reading; the missing answer says so.
            self.input = None;
        }
    }

    /// Writes out the questions sent.
    pub(crate) fn flush(&mut self) {
        if let Some(input) = self.input.as_mut()
            && input.flush().is_err()
        {
            self.input = None;
        }
    }

    /// The answer to question `id`, the next one due, awaited until
    /// `deadline`.
    pub(crate) fn receive(&mut self, id: u64, deadline: Instant) -> Answer {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.output.recv_timeout(wait) {
                Ok(Line::Text(line)) => line,
                Ok(Line::TooLong) => {
                    return Answer::Exited(format!("an answer longer than {MAX_LINE} bytes"));
                }
                Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Answer::Exited(format!("swipl stopped: {}", self.status()));
                }
                Err(RecvTimeoutError::Timeout) => return Answer::Timeout,
            };
            let Some(said) = line.strip_prefix(MARKER) else { continue };
            return parse_answer(id, said);
        }
    }

    /// How the process ended, waiting a moment for it.
    fn status(&mut self) -> String {
        self.input = None;
        for _ in 0..50 {
            match self.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                Err(error) => return format!("cannot tell how: {error}"),
            }
        }
        "its output closed but it did not exit".to_owned()
    }
}

impl Drop for Swipl {
    fn drop(&mut self) {
        self.input = None;
        reap(&mut self.child);
    }
}

/// Reads one answer line after the marker: `Id Status<TAB>Value...`.
fn parse_answer(id: u64, said: &str) -> Answer {
    let mut fields = said.split('\t');
    let head = fields.next().unwrap_or_default();
    let values: Vec<String> = fields.map(str::to_owned).collect();
    let Some((answered, status)) = head.split_once(' ') else {
        return Answer::Exited(format!("the driver said {said:?}"));
    };
    if answered.parse::<u64>().ok() != Some(id) {
        return Answer::Exited(format!("answer {answered} came where {id} was due"));
    }
    match status {
        "true" => Answer::Values(values),
        "nonground" => Answer::NonGround(values),
        "exception" => Answer::Exception(values.concat()),
        "false" => Answer::Failed,
        _ => Answer::Exited(format!("the driver said {said:?}")),
    }
}

/// SWI-Prolog's version flag, `90004`, as `9.0.4`.
fn version_words(flag: &str) -> String {
    match flag.parse::<u32>() {
        Ok(number) => format!("{}.{}.{}", number / 10_000, number / 100 % 100, number % 100),
        Err(_) => flag.to_owned(),
    }
}

/// Kills the child (it may be gone already) and waits for it.
fn reap(child: &mut Child) {
    // Both fail only if the process has already gone, which is the goal.
    let _ = child.kill();
    let _ = child.wait();
}

/// The reader thread: forwards each line until the output closes, a line is
/// too long, or nobody listens.
fn read_lines(stdout: ChildStdout, sender: &SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        let read = (&mut reader).take(MAX_LINE + 1).read_until(b'\n', &mut line);
        let message = match read {
            Ok(0) | Err(_) => Line::Closed,
            Ok(_) if line.last() == Some(&b'\n') => {
                line.pop();
                Line::Text(String::from_utf8_lossy(&line).into_owned())
            }
            Ok(_) if (line.len() as u64) <= MAX_LINE => {
                Line::Text(String::from_utf8_lossy(&line).into_owned())
            }
            Ok(_) => Line::TooLong,
        };
        let stop = !matches!(message, Line::Text(_));
        if sender.send(message).is_err() || stop {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_answers() {
        assert_eq!(parse_answer(3, "3 true\t29"), Answer::Values(vec!["29".to_owned()]));
        assert_eq!(
            parse_answer(3, "3 true\t[card(5,hearts)]\t[]"),
            Answer::Values(vec!["[card(5,hearts)]".to_owned(), "[]".to_owned()])
        );
        assert_eq!(parse_answer(3, "3 nonground\t_"), Answer::NonGround(vec!["_".to_owned()]));
        assert_eq!(parse_answer(3, "3 exception\toops"), Answer::Exception("oops".to_owned()));
        assert_eq!(parse_answer(3, "3 false"), Answer::Failed);
        assert!(matches!(parse_answer(3, "4 false"), Answer::Exited(_)));
        assert!(matches!(parse_answer(3, "3 maybe"), Answer::Exited(_)));
        assert!(matches!(parse_answer(3, "garbage"), Answer::Exited(_)));
    }

    #[test]
    fn names_versions() {
        assert_eq!(version_words("90004"), "9.0.4");
        assert_eq!(version_words("90302"), "9.3.2");
        assert_eq!(version_words("x"), "x");
    }
}

//! An engine as a child process: started from a command line, spoken to over
//! its standard input and output with `crib_protocol`'s [`Command`] and
//! [`Response`], every answer awaited for at most a time limit, and the
//! process always reaped.
//!
//! A reader thread turns the engine's output into lines on a bounded channel,
//! so that waiting for an answer is a `recv_timeout` (no polling, no busy
//! wait), and an engine that stops answering costs the time limit and no
//! more. Commands whose answer is a plain `ok` (or a count to check) may be
//! queued with [`EngineProcess::send`]: they go out with the next command
//! that needs its answer at once, and their answers are checked in order
//! before it. The protocol answers every command in order, so this is the
//! same conversation with fewer round trips.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::fmt;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};

use crib_protocol::{Command, Response};
use crib_table::{Fault, SlowestAnswer};
use wait_timeout::ChildExt;

/// The time an engine has to answer one command unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(3);

/// The longest line read from an engine; anything longer is garbage, and
/// the limit keeps a runaway engine from filling the referee's memory.
const MAX_LINE: u64 = 64 * 1024;

/// Lines the reader thread may read ahead of the referee before it waits.
const READ_AHEAD: usize = 64;

/// How much of a bad answer a fault quotes.
const QUOTE: usize = 120;

/// An engine's command line: the program and its arguments, split like a
/// shell splits words (quotes and backslashes), but run without a shell.
///
/// The program is looked for on the `PATH` as usual, with one exception: a
/// command line whose program is the word `crib` runs the program that is
/// running now, when that is `crib` and no other `crib` is on the `PATH`
/// (see [`EngineProcess::start`]). So `crib match --seat-0 "crib engine"`
/// works from a clone before `crib` is installed, with the same build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    line: String,
    words: Vec<String>,
}

/// A command line that names no program.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandLineError {
    /// Nothing but white space.
    #[error("an engine's command line is empty")]
    Empty,
    /// Quotes that do not close, or a backslash at the end.
    #[error("engine command {0:?}: a quote is not closed, or a backslash ends it")]
    Quoting(String),
    /// A thinking budget (`expert:MS`) that is not a number of milliseconds
    /// in range.
    #[error(
        "thinking budget {0:?}: write expert:MS with MS a whole number of milliseconds from 1 to 10000"
    )]
    Budget(String),
}

impl EngineCommand {
    /// Splits `line` into the program and its arguments.
    ///
    /// ```
    /// use crib_referee::EngineCommand;
    /// let command = EngineCommand::parse("crib engine --name 'my engine'")?;
    /// assert_eq!(command.words(), ["crib", "engine", "--name", "my engine"]);
    /// assert_eq!(command.to_string(), "crib engine --name 'my engine'");
    /// assert!(EngineCommand::parse("  ").is_err());
    /// # Ok::<(), crib_referee::CommandLineError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// An empty line, or quoting that does not close.
    pub fn parse(line: &str) -> Result<EngineCommand, CommandLineError> {
        let words = shlex::split(line).ok_or_else(|| CommandLineError::Quoting(line.to_owned()))?;
        if words.is_empty() {
            return Err(CommandLineError::Empty);
        }
        Ok(EngineCommand { line: line.trim().to_owned(), words })
    }

    /// A program and its arguments, already split.
    ///
    /// # Errors
    ///
    /// No program.
    pub fn from_words(words: Vec<String>) -> Result<EngineCommand, CommandLineError> {
        if words.first().is_none_or(String::is_empty) {
            return Err(CommandLineError::Empty);
        }
        let line =
            shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "));
        Ok(EngineCommand { line, words })
    }

    /// The program and its arguments.
    #[must_use]
    pub fn words(&self) -> &[String] {
        &self.words
    }
}

impl FromStr for EngineCommand {
    type Err = CommandLineError;

    fn from_str(line: &str) -> Result<EngineCommand, CommandLineError> {
        EngineCommand::parse(line)
    }
}

impl fmt::Display for EngineCommand {
    /// The command line as given.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.line)
    }
}

/// The program name that may stand for this program: see [`EngineCommand`].
const CRIB: &str = "crib";

/// This program, if it is `crib`: what an engine's command line starting
/// with `crib` runs when there is no `crib` on the `PATH`. Any other program
/// (a test, a benchmark, another referee) is not a cribbage engine, so the
/// word keeps its ordinary meaning there.
fn own_crib() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    (exe.file_stem()? == CRIB).then_some(exe)
}

/// Where an engine's standard error goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineStderr {
    /// Nowhere: engines may log freely without cluttering the referee's
    /// progress and report.
    #[default]
    Discard,
    /// To the referee's own standard error, for debugging an engine.
    Inherit,
}

/// How engine processes are run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// The time an engine has to answer each command.
    pub timeout: Duration,
    /// Where the engine's standard error goes.
    pub stderr: EngineStderr,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions { timeout: DEFAULT_TIMEOUT, stderr: EngineStderr::default() }
    }
}

/// What the reader thread hands over.
enum FromEngine {
    /// A line, without its LF.
    Line(Vec<u8>),
    /// A line longer than [`MAX_LINE`]; the thread stops reading.
    TooLong(Vec<u8>),
    /// The end of the engine's output, or an error reading it.
    Closed,
}

/// What a queued command's answer must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// `ok`, with any payload (the referee needs none).
    Ok,
    /// `ok <points>` with exactly these points (`show` and `crib`).
    Points(u32),
}

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    command: EngineCommand,
    options: EngineOptions,
    child: Child,
    /// `None` once closed, which the engine sees as the end of its input.
    input: Option<BufWriter<ChildStdin>>,
    output: Receiver<FromEngine>,
    /// Commands written whose answers are still to be read, in order.
    pending: VecDeque<(Command, Expect)>,
    name: String,
    reaped: bool,
    /// Why the engine's input closed, if writing to it failed.
    write_error: Option<String>,
    /// The longest it took to answer, and the command.
    slowest: Option<SlowestAnswer>,
}

impl fmt::Debug for FromEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromEngine::Line(line) => write!(f, "Line({:?})", String::from_utf8_lossy(line)),
            FromEngine::TooLong(_) => f.write_str("TooLong"),
            FromEngine::Closed => f.write_str("Closed"),
        }
    }
}

impl EngineProcess {
    /// Starts `command` and checks that it speaks protocol version 1
    /// (`protocol;`), then asks its `name;`.
    ///
    /// A program named `crib` that is not on the `PATH` is this program, if
    /// this program is `crib`: see [`EngineCommand`].
    ///
    /// # Errors
    ///
    /// [`Fault::Start`] if the program cannot be run or speaks another
    /// version; otherwise whatever fault its first answers show.
    pub fn start(command: &EngineCommand, options: EngineOptions) -> Result<EngineProcess, Fault> {
        let start_fault = |reason: String| Fault::Start { reason };
        let (program, args) = command
            .words
            .split_first()
            .ok_or_else(|| start_fault("an empty command line".to_owned()))?;
        let spawn = |program: &OsStr| {
            std::process::Command::new(program)
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(match options.stderr {
                    EngineStderr::Discard => Stdio::null(),
                    EngineStderr::Inherit => Stdio::inherit(),
                })
                .spawn()
        };
        let spawned = match spawn(program.as_ref()) {
            Err(error) if error.kind() == io::ErrorKind::NotFound && program == CRIB => {
                own_crib().map_or(Err(error), |crib| spawn(crib.as_os_str()))
            }
            spawned => spawned,
        };
        let mut child = spawned.map_err(|error| start_fault(format!("{program}: {error}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            reap(&mut child);
            return Err(start_fault("no pipes to the process".to_owned()));
        };
        let (sender, output) = sync_channel(READ_AHEAD);
        let reader = std::thread::Builder::new()
            .name("engine output".to_owned())
            .stack_size(64 * 1024)
            .spawn(move || read_lines(stdout, &sender));
        if let Err(error) = reader {
            reap(&mut child);
            return Err(start_fault(format!("no thread to read its output: {error}")));
        }
        let mut engine = EngineProcess {
            command: command.clone(),
            options,
            child,
            input: Some(BufWriter::new(stdin)),
            output,
            pending: VecDeque::new(),
            name: String::new(),
            reaped: false,
            write_error: None,
            slowest: None,
        };
        let version = engine.ask(&Command::Protocol)?;
        if version.trim() != "1" {
            return Err(start_fault(format!(
                "`protocol;` answered \"{}\": the referee speaks version 1",
                quote(&version)
            )));
        }
        engine.name = engine.ask(&Command::Name)?;
        Ok(engine)
    }

    /// The command line the engine was started with.
    #[must_use]
    pub const fn command(&self) -> &EngineCommand {
        &self.command
    }

    /// The longest the engine took to answer a command so far, from the
    /// moment the referee waited for the answer (as the time limit counts),
    /// and the command; `None` before any answer.
    #[must_use]
    pub fn slowest_answer(&self) -> Option<&SlowestAnswer> {
        self.slowest.as_ref()
    }

    /// The engine's answer to `name;`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Queues `command`, whose answer must be as `expect` says: it is written
    /// with the next [`EngineProcess::ask`] or [`EngineProcess::settle`],
    /// which check its answer.
    pub fn send(&mut self, command: Command, expect: Expect) {
        self.write(&command);
        self.pending.push_back((command, expect));
    }

    /// Writes every queued command and checks each answer.
    ///
    /// # Errors
    ///
    /// The first answer that is late, missing, garbled or not as expected.
    pub fn settle(&mut self) -> Result<(), Fault> {
        self.flush();
        while let Some((command, expect)) = self.pending.pop_front() {
            let payload = self.answer(&command)?;
            if let Expect::Points(points) = expect {
                let counted: u32 = payload.trim().parse().map_err(|_| Fault::Garbage {
                    command: command.to_string(),
                    answer: format!("ok {payload}."),
                    reason: "the payload is not a number of points".to_owned(),
                })?;
                if counted != points {
                    return Err(Fault::Miscount {
                        command: command.to_string(),
                        engine: counted,
                        referee: points,
                    });
                }
            }
        }
        Ok(())
    }

    /// Sends `command` after any queued ones and returns the payload of its
    /// `ok` (empty for a bare `ok.`).
    ///
    /// # Errors
    ///
    /// Any fault in the answers to the queued commands or to this one;
    /// [`Fault::Refused`] for an `error`.
    pub fn ask(&mut self, command: &Command) -> Result<String, Fault> {
        self.write(command);
        self.settle()?;
        self.answer(command)
    }

    /// Says `quit;`, closes the engine's input and gives it the time limit to
    /// exit before it is killed. The process is reaped either way.
    pub fn quit(mut self) {
        // An engine that cannot take `quit;` any more is killed below anyway.
        self.write(&Command::Quit);
        self.flush();
        let quitting = self.input.take().is_some();
        if quitting && matches!(self.child.wait_timeout(self.options.timeout), Ok(Some(_))) {
            self.reaped = true;
        }
    }

    /// Writes `command` into the buffer. An engine that no longer reads is
    /// not a fault yet: it may have answered before it stopped, and its
    /// answers are still to be read; the next answer missing is the fault.
    fn write(&mut self, command: &Command) {
        if let Some(input) = self.input.as_mut()
            && let Err(error) = writeln!(input, "{command}")
        {
            self.lost_input(&error);
        }
    }

    /// Writes out whatever is buffered (see [`EngineProcess::write`]).
    fn flush(&mut self) {
        if let Some(input) = self.input.as_mut()
            && let Err(error) = input.flush()
        {
            self.lost_input(&error);
        }
    }

    fn lost_input(&mut self, error: &io::Error) {
        self.input = None;
        self.write_error = Some(error.to_string());
    }

    /// Reads the answer to `command`: the payload of `ok`, or the fault.
    fn answer(&mut self, command: &Command) -> Result<String, Fault> {
        let waited = Instant::now();
        let received = self.output.recv_timeout(self.options.timeout);
        let took = waited.elapsed();
        if self.slowest.as_ref().is_none_or(|slowest| took > slowest.took) {
            self.slowest = Some(SlowestAnswer { took, command: command.to_string() });
        }
        let line = match received {
            Ok(FromEngine::Line(line)) => line,
            Ok(FromEngine::TooLong(start)) => {
                return Err(Fault::Garbage {
                    command: command.to_string(),
                    answer: quote(&String::from_utf8_lossy(&start)),
                    reason: format!("a line longer than {MAX_LINE} bytes"),
                });
            }
            Ok(FromEngine::Closed) | Err(RecvTimeoutError::Disconnected) => {
                return Err(self.exited(&command.to_string()));
            }
            Err(RecvTimeoutError::Timeout) => {
                return Err(Fault::Timeout {
                    command: command.to_string(),
                    limit_ms: u64::try_from(self.options.timeout.as_millis()).unwrap_or(u64::MAX),
                });
            }
        };
        let garbage = |answer: &str, reason: &str| Fault::Garbage {
            command: command.to_string(),
            answer: quote(answer),
            reason: reason.to_owned(),
        };
        let text = std::str::from_utf8(&line)
            .map_err(|_| garbage(&String::from_utf8_lossy(&line), "not UTF-8"))?;
        let response: Response = text.parse().map_err(|_| {
            garbage(text, "not a response: `ok` or `error`, then `.` at the end of the line")
        })?;
        match response {
            Response::Ok(payload) => Ok(payload.unwrap_or_default()),
            Response::Error(message) => {
                Err(Fault::Refused { command: command.to_string(), message })
            }
        }
    }

    /// The fault of an engine whose output or input closed: how its process
    /// ended, given the time limit to end after closing its output.
    fn exited(&mut self, command: &str) -> Fault {
        self.input = None;
        let status = match self.child.wait_timeout(self.options.timeout) {
            Ok(Some(status)) => {
                self.reaped = true;
                status.to_string()
            }
            Ok(None) => "its output closed but it did not exit".to_owned(),
            Err(wait) => format!("cannot tell how: {wait}"),
        };
        let status = match &self.write_error {
            Some(error) => format!("{status}; writing to it: {error}"),
            None => status,
        };
        Fault::Exited { command: command.to_owned(), status }
    }
}

impl Drop for EngineProcess {
    /// Kills the engine unless it has exited, and reaps it.
    fn drop(&mut self) {
        self.input = None;
        if !self.reaped {
            reap(&mut self.child);
        }
    }
}

/// Kills `child` (it may have exited already) and waits for it, so that no
/// zombie is left behind.
fn reap(child: &mut Child) {
    // Both fail only if the process is already gone, which is the goal.
    let _ = child.kill();
    let _ = child.wait();
}

/// The reader thread: forwards each line of `stdout` until it closes, a line
/// is too long, or the referee stops listening.
fn read_lines(stdout: ChildStdout, sender: &SyncSender<FromEngine>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut line = Vec::new();
        let read = (&mut reader).take(MAX_LINE + 1).read_until(b'\n', &mut line);
        let message = match read {
            Ok(0) | Err(_) => FromEngine::Closed,
            Ok(_) if line.last() == Some(&b'\n') => {
                line.pop();
                FromEngine::Line(line)
            }
            // The end of output without a line break: a last line all the
            // same, and the next read reports the end.
            Ok(_) if (line.len() as u64) <= MAX_LINE => FromEngine::Line(line),
            Ok(_) => FromEngine::TooLong(line),
        };
        let stop = !matches!(message, FromEngine::Line(_));
        if sender.send(message).is_err() || stop {
            return;
        }
    }
}

/// At most [`QUOTE`] characters of `text`, for a fault's message.
fn quote(text: &str) -> String {
    let text = text.trim_end_matches(['\r', '\n']);
    match text.char_indices().nth(QUOTE) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_owned(),
    }
}

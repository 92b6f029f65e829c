//! The engine's loop: lines in, one response per command out.
//!
//! [`serve`] reads the referee's input as bytes, line by line, so that a
//! line that is not UTF-8 or is absurdly long is answered with `error` like
//! any other bad command instead of stopping the engine. Blank lines and
//! lines that begin with `#` get no response; every other line gets exactly
//! one, flushed at once, because the referee waits for it before writing the
//! next command. Nothing else is ever written to the output.

use std::io::{self, BufRead, Write};

use crib_ai::Player;

use crate::{Command, CommandError, Response, Session, parse_line};

/// The longest line the engine reads, in bytes, its line break included.
/// A longer line is answered with `error` (unless it is blank or a comment)
/// and its remaining bytes are skipped without being stored.
pub const MAX_LINE: usize = 64 * 1024;

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// More than [`MAX_LINE`] bytes.
    #[error("line longer than {MAX_LINE} bytes")]
    TooLong,
    /// Bytes that are not UTF-8.
    #[error("line is not valid UTF-8")]
    NotUtf8,
    /// Text that is not a command.
    #[error(transparent)]
    Command(#[from] CommandError),
}

/// Why [`serve`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The referee sent `quit;` (and got its `ok.`).
    Quit,
    /// The input ended.
    EndOfInput,
}

/// One line as read: its first bytes (at most [`MAX_LINE`]) and whether more
/// were skipped.
#[derive(Debug, Default)]
struct Line {
    bytes: Vec<u8>,
    /// Bytes beyond [`MAX_LINE`] were skipped.
    overflow: bool,
    /// Every skipped byte was white space or a line break.
    blank_overflow: bool,
}

/// Reads the next line into `line`; `false` at the end of the input. A last
/// line without a line break is still a line.
fn read_line(input: &mut impl BufRead, line: &mut Line) -> io::Result<bool> {
    line.bytes.clear();
    line.overflow = false;
    line.blank_overflow = true;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if chunk.is_empty() {
            return Ok(any);
        }
        any = true;
        let (part, ends) = match chunk.iter().position(|&byte| byte == b'\n') {
            Some(at) => (&chunk[..=at], true),
            None => (chunk, false),
        };
        let room = MAX_LINE.saturating_sub(line.bytes.len());
        if part.len() <= room {
            line.bytes.extend_from_slice(part);
        } else {
            line.bytes.extend_from_slice(&part[..room]);
            line.overflow = true;
            line.blank_overflow &= part[room..].iter().all(|&byte| is_blank(byte));
        }
        let used = part.len();
        input.consume(used);
        if ends {
            return Ok(true);
        }
    }
}

/// White space of a blank line: spaces, tabs, and the CR and LF of its end.
const fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

/// Reads one line of input given as bytes (its LF or CRLF may still be
/// there): `Ok(None)` for a line the engine ignores, else the command or why
/// it is not one.
///
/// A line is ignored when its first byte is `#` or when it holds nothing but
/// spaces and tabs, whatever its other bytes: a comment need not be UTF-8.
///
/// ```
/// use crib_protocol::{Command, LineError, read_command};
/// assert_eq!(read_command(b"count 5h 5s 5c jd 5d;\r\n").map(|c| c.is_some()), Ok(true));
/// assert_eq!(read_command(b"# \xff comment"), Ok(None));
/// assert_eq!(read_command(b"play \xff;"), Err(LineError::NotUtf8));
/// ```
///
/// # Errors
///
/// The line is not UTF-8, or not a command.
pub fn read_command(line: &[u8]) -> Result<Option<Command>, LineError> {
    if ignored(line) {
        return Ok(None);
    }
    let text = std::str::from_utf8(line).map_err(|_| LineError::NotUtf8)?;
    Ok(parse_line(text)?)
}

fn ignored(line: &[u8]) -> bool {
    line.first() == Some(&b'#') || line.iter().all(|&byte| is_blank(byte))
}

/// Serves the protocol: reads commands from `input` until `quit;` or the end
/// of the input and writes one response per command to `output`, flushing
/// after each.
///
/// ```
/// use crib_ai::BasicPlayer;
/// use crib_protocol::{Ending, Session, serve};
/// let mut session = Session::new(BasicPlayer);
/// let input = "protocol;\n# a comment\n\nfrobnicate;\nquit;\nboard;\n";
/// let mut output = Vec::new();
/// let ending = serve(&mut session, input.as_bytes(), &mut output)?;
/// assert_eq!(ending, Ending::Quit);
/// let output = String::from_utf8(output).unwrap();
/// assert_eq!(output, "ok 1.\nerror unknown command \"frobnicate\".\nok.\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// Only errors of reading the input or writing the output: every bad line
/// gets an `error` response and the loop goes on.
pub fn serve<P: Player>(
    session: &mut Session<P>,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<Ending> {
    let mut line = Line::default();
    while read_line(&mut input, &mut line)? {
        let command = if line.overflow {
            if line.bytes.first() == Some(&b'#')
                || (line.blank_overflow && line.bytes.iter().all(|&byte| is_blank(byte)))
            {
                continue;
            }
            Err(LineError::TooLong)
        } else {
            read_command(&line.bytes)
        };
        let (response, quit) = match command {
            Ok(None) => continue,
            Ok(Some(command)) => (session.handle(&command), command == Command::Quit),
            Err(error) => (Response::error(error), false),
        };
        writeln!(output, "{response}")?;
        output.flush()?;
        if quit {
            return Ok(Ending::Quit);
        }
    }
    Ok(Ending::EndOfInput)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_ai::BasicPlayer;

    fn run(input: &[u8]) -> (String, Ending) {
        let mut session = Session::new(BasicPlayer);
        let mut output = Vec::new();
        let ending = serve(&mut session, input, &mut output).unwrap();
        (String::from_utf8(output).unwrap(), ending)
    }

    #[test]
    fn a_last_line_without_a_line_break_is_read() {
        assert_eq!(run(b"protocol;\nboard;"), ("ok 1.\nok 0 0.\n".into(), Ending::EndOfInput));
        assert_eq!(run(b"board;\r"), ("ok 0 0.\n".into(), Ending::EndOfInput));
        assert_eq!(run(b""), (String::new(), Ending::EndOfInput));
    }

    #[test]
    fn long_lines_are_refused_without_being_stored() {
        let mut input = vec![b'x'; MAX_LINE * 3];
        input.extend_from_slice(b";\nboard;\n");
        let (output, _) = run(&input);
        assert_eq!(output, format!("error line longer than {MAX_LINE} bytes.\nok 0 0.\n"));
        // A long blank line and a long comment are still ignored.
        let mut input = vec![b' '; MAX_LINE * 2];
        input.extend_from_slice(b"\r\n#");
        input.extend(vec![b'#'; MAX_LINE * 2]);
        input.extend_from_slice(b"\nboard;\n");
        assert_eq!(run(&input).0, "ok 0 0.\n");
        // A line of exactly the limit, line break included, is read whole.
        let mut input = b"board;".to_vec();
        input.resize(MAX_LINE - 1, b' ');
        input.push(b'\n');
        assert_eq!(run(&input).0, "ok 0 0.\n");
    }

    #[test]
    fn bytes_that_are_not_utf8() {
        assert_eq!(
            run(b"play \xff\xfe;\n# \xff\nname;\n").0.lines().next(),
            Some("error line is not valid UTF-8.")
        );
        assert_eq!(read_command(b"  \t \r\n"), Ok(None));
    }

    /// A reader that hands out one byte at a time, as a slow pipe might.
    struct Trickle<'a>(&'a [u8]);

    impl io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&byte, rest)), Some(slot)) => {
                    *slot = byte;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn lines_split_across_reads() {
        let input = io::BufReader::with_capacity(3, Trickle(b"count 5H 5S 5C JD 5D;\r\nquit;\n"));
        let mut session = Session::new(BasicPlayer);
        let mut output = Vec::new();
        assert_eq!(serve(&mut session, input, &mut output).unwrap(), Ending::Quit);
        assert_eq!(String::from_utf8(output).unwrap(), "ok 29.\nok.\n");
    }
}

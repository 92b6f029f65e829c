//! The words on the wire: commands, responses and the framing of lines.
//!
//! Both ends of the protocol use these types: the engine parses a
//! [`Command`] from each line and writes a [`Response`]; the referee writes
//! commands with [`Command`]'s `Display` and parses responses with
//! [`Response`]'s `FromStr`. One grammar, two directions, so the two ends
//! cannot drift apart.

use std::fmt;
use std::str::FromStr;

use crib_core::{Card, ParseCardError};

/// A command from the referee to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `protocol;`: the protocol version.
    Protocol,
    /// `name;`: the engine's name and version.
    Name,
    /// `newgame <players> <seat> [<target>];`: forget everything and start a
    /// new game.
    NewGame {
        /// 2, 3 or 4 (checked by the session, which answers `error`).
        players: u8,
        /// The engine's seat.
        seat: u8,
        /// 121 or 61; `None` when not given (121).
        target: Option<u8>,
    },
    /// `deal <dealer>;`: a new round begins.
    Deal {
        /// The seat that deals.
        dealer: u8,
    },
    /// `hand <card> ...;`: the engine's dealt cards.
    Hand(Vec<Card>),
    /// `discard;`: the engine's choice for the crib.
    Discard,
    /// `starter <card>;`: the cut card.
    Starter(Card),
    /// `play;`: the engine's turn in the pegging.
    Play,
    /// `played <seat> <card>;`: another seat played a card.
    Played {
        /// The seat that played.
        seat: u8,
        /// The card it played.
        card: Card,
    },
    /// `go <seat>;`: another seat said go.
    Go {
        /// The seat that said go.
        seat: u8,
    },
    /// `show <seat> <card> <card> <card> <card>;`: a seat shows its hand.
    Show {
        /// The seat showing.
        seat: u8,
        /// Its four cards.
        cards: [Card; 4],
    },
    /// `crib <card> <card> <card> <card>;`: the dealer shows the crib.
    Crib([Card; 4]),
    /// `board;`: the engine's view of the board.
    Board,
    /// `setboard <total> <total> [<total>];`: the referee overrides the board.
    SetBoard(Vec<u32>),
    /// `count <c1> <c2> <c3> <c4> <starter> [crib];`: score a hand without
    /// touching any state.
    Count {
        /// The four cards.
        hand: [Card; 4],
        /// The starter.
        starter: Card,
        /// Whether crib rules apply.
        crib: bool,
    },
    /// `quit;`: answer, then exit.
    Quit,
}

/// What is wrong with a command line. The engine answers it with `error`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// A line that is only `;`.
    #[error("empty command")]
    Empty,
    /// A non-blank line without the terminating `;`.
    #[error("command not terminated by ';'")]
    Unterminated,
    /// Something other than white space after the `;`.
    #[error("unexpected text after ';': \"{0}\"")]
    TrailingText(String),
    /// A first word that names no command.
    #[error("unknown command \"{0}\"")]
    Unknown(String),
    /// The wrong number of words after the command.
    #[error("{command} takes {expected}, not {found} argument{}", if *found == 1 { "" } else { "s" })]
    Arity {
        /// The command word.
        command: &'static str,
        /// What it takes, in words.
        expected: &'static str,
        /// How many it was given.
        found: usize,
    },
    /// An argument that should be a whole number.
    #[error("{command}: \"{word}\" is not a {what}")]
    Number {
        /// The command word.
        command: &'static str,
        /// The argument.
        word: String,
        /// What it should be.
        what: &'static str,
    },
    /// An argument that should be a card.
    #[error(transparent)]
    Card(#[from] ParseCardError),
    /// A word in none of the protocol's card forms (a suit symbol, a Prolog
    /// term, or no form at all).
    #[error("card {0}: not a card of the protocol (rank then suit, like 5H, TS or 10S)")]
    Notation(String),
    /// A word after the cards of `count` other than `crib`.
    #[error("count: expected \"crib\" after the starter, found \"{0}\"")]
    CountRules(String),
}

/// Reads one line of the referee's input: `Ok(None)` for a line the engine
/// ignores (blank, or starting with `#`), else the command or why it is not
/// one. The line may still end with its LF or CRLF.
///
/// ```
/// use crib_protocol::{parse_line, Command};
/// assert_eq!(parse_line("  PLAY ;\r\n"), Ok(Some(Command::Play)));
/// assert_eq!(parse_line("# a comment"), Ok(None));
/// assert!(parse_line("play").is_err());
/// ```
///
/// # Errors
///
/// A line that is not a well-formed command.
pub fn parse_line(line: &str) -> Result<Option<Command>, CommandError> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.starts_with('#') || line.trim_matches([' ', '\t']).is_empty() {
        return Ok(None);
    }
    let (words, after) = line.split_once(';').ok_or(CommandError::Unterminated)?;
    let after = after.trim_matches([' ', '\t']);
    if !after.is_empty() {
        return Err(CommandError::TrailingText(after.to_owned()));
    }
    words.parse().map(Some)
}

impl FromStr for Command {
    type Err = CommandError;

    /// Reads the words of a command, without its `;`.
    fn from_str(text: &str) -> Result<Command, CommandError> {
        let mut words = text.split([' ', '\t']).filter(|word| !word.is_empty());
        let name = words.next().ok_or(CommandError::Empty)?;
        let args: Vec<&str> = words.collect();
        let lower = name.to_ascii_lowercase();
        let arity = |command: &'static str, expected: &'static str, ok: bool| {
            if ok {
                Ok(())
            } else {
                Err(CommandError::Arity { command, expected, found: args.len() })
            }
        };
        match lower.as_str() {
            "protocol" => {
                arity("protocol", "no arguments", args.is_empty()).map(|()| Command::Protocol)
            }
            "name" => arity("name", "no arguments", args.is_empty()).map(|()| Command::Name),
            "newgame" => {
                arity("newgame", "2 or 3 arguments", (2..=3).contains(&args.len()))?;
                Ok(Command::NewGame {
                    players: number("newgame", args[0], "number of players")?,
                    seat: number("newgame", args[1], "seat")?,
                    target: args
                        .get(2)
                        .map(|word| number("newgame", word, "target"))
                        .transpose()?,
                })
            }
            "deal" => {
                arity("deal", "1 argument", args.len() == 1)?;
                Ok(Command::Deal { dealer: number("deal", args[0], "seat")? })
            }
            "hand" => {
                arity("hand", "5 or 6 cards", (5..=6).contains(&args.len()))?;
                Ok(Command::Hand(cards(&args)?))
            }
            "discard" => {
                arity("discard", "no arguments", args.is_empty()).map(|()| Command::Discard)
            }
            "starter" => {
                arity("starter", "1 card", args.len() == 1)?;
                Ok(Command::Starter(card(args[0])?))
            }
            "play" => arity("play", "no arguments", args.is_empty()).map(|()| Command::Play),
            "played" => {
                arity("played", "a seat and a card", args.len() == 2)?;
                Ok(Command::Played {
                    seat: number("played", args[0], "seat")?,
                    card: card(args[1])?,
                })
            }
            "go" => {
                arity("go", "1 argument", args.len() == 1)?;
                Ok(Command::Go { seat: number("go", args[0], "seat")? })
            }
            "show" => {
                arity("show", "a seat and 4 cards", args.len() == 5)?;
                Ok(Command::Show {
                    seat: number("show", args[0], "seat")?,
                    cards: four(&args[1..])?,
                })
            }
            "crib" => {
                arity("crib", "4 cards", args.len() == 4)?;
                Ok(Command::Crib(four(&args)?))
            }
            "board" => arity("board", "no arguments", args.is_empty()).map(|()| Command::Board),
            "setboard" => {
                arity("setboard", "2 or 3 totals", (2..=3).contains(&args.len()))?;
                let totals: Result<Vec<u32>, _> =
                    args.iter().map(|word| number("setboard", word, "total")).collect();
                Ok(Command::SetBoard(totals?))
            }
            "count" => {
                arity("count", "5 cards and an optional \"crib\"", (5..=6).contains(&args.len()))?;
                let crib = match args.get(5) {
                    None => false,
                    Some(word) if word.eq_ignore_ascii_case("crib") => true,
                    Some(word) => return Err(CommandError::CountRules((*word).to_owned())),
                };
                Ok(Command::Count { hand: four(&args[..4])?, starter: card(args[4])?, crib })
            }
            "quit" => arity("quit", "no arguments", args.is_empty()).map(|()| Command::Quit),
            _ => Err(CommandError::Unknown(name.to_owned())),
        }
    }
}

/// A whole number argument; only ASCII digits are accepted.
fn number<T: FromStr>(
    command: &'static str,
    word: &str,
    what: &'static str,
) -> Result<T, CommandError> {
    let error = || CommandError::Number { command, word: word.to_owned(), what };
    if word.is_empty() || !word.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(error());
    }
    word.parse().map_err(|_| error())
}

/// Cards written one to a word, in the protocol's notation.
fn cards(words: &[&str]) -> Result<Vec<Card>, CommandError> {
    words.iter().map(|word| card(word)).collect()
}

/// One card in the protocol's notation: rank then suit (`10` for `T`), no
/// other forms, though `crib_core` reads more.
fn card(word: &str) -> Result<Card, CommandError> {
    let notation = || CommandError::Notation(word.to_owned());
    if !word.is_ascii() || word.contains('(') {
        return Err(notation());
    }
    match word.parse() {
        Ok(card) => Ok(card),
        // Its message would suggest the notations the protocol does not take.
        Err(ParseCardError::Malformed(_)) => Err(notation()),
        Err(error) => Err(error.into()),
    }
}

fn four(words: &[&str]) -> Result<[Card; 4], CommandError> {
    let cards = cards(words)?;
    Ok([cards[0], cards[1], cards[2], cards[3]])
}

impl fmt::Display for Command {
    /// The command as the referee writes it, with its `;` but no line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list =
            |cards: &[Card]| cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
        match self {
            Command::Protocol => write!(f, "protocol;"),
            Command::Name => write!(f, "name;"),
            Command::NewGame { players, seat, target: None } => {
                write!(f, "newgame {players} {seat};")
            }
            Command::NewGame { players, seat, target: Some(target) } => {
                write!(f, "newgame {players} {seat} {target};")
            }
            Command::Deal { dealer } => write!(f, "deal {dealer};"),
            Command::Hand(cards) => write!(f, "hand {};", list(cards)),
            Command::Discard => write!(f, "discard;"),
            Command::Starter(card) => write!(f, "starter {card};"),
            Command::Play => write!(f, "play;"),
            Command::Played { seat, card } => write!(f, "played {seat} {card};"),
            Command::Go { seat } => write!(f, "go {seat};"),
            Command::Show { seat, cards } => write!(f, "show {seat} {};", list(cards)),
            Command::Crib(cards) => write!(f, "crib {};", list(cards)),
            Command::Board => write!(f, "board;"),
            Command::SetBoard(totals) => {
                let totals: Vec<String> = totals.iter().map(ToString::to_string).collect();
                write!(f, "setboard {};", totals.join(" "))
            }
            Command::Count { hand, starter, crib } => {
                write!(f, "count {} {starter}{};", list(hand), if *crib { " crib" } else { "" })
            }
            Command::Quit => write!(f, "quit;"),
        }
    }
}

/// An engine's answer to one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// `ok.` or `ok <payload>.`
    Ok(Option<String>),
    /// `error <message>.`
    Error(String),
}

impl Response {
    /// `ok.`
    #[must_use]
    pub const fn ok() -> Response {
        Response::Ok(None)
    }

    /// `ok <payload>.`
    pub fn with(payload: impl fmt::Display) -> Response {
        Response::Ok(Some(payload.to_string()))
    }

    /// `error <message>.`
    pub fn error(message: impl fmt::Display) -> Response {
        Response::Error(message.to_string())
    }

    /// The payload of an `ok`, or the message of an `error` as `Err`.
    ///
    /// # Errors
    ///
    /// The engine answered `error`.
    pub fn payload(&self) -> Result<&str, &str> {
        match self {
            Response::Ok(payload) => Ok(payload.as_deref().unwrap_or("")),
            Response::Error(message) => Err(message),
        }
    }
}

impl fmt::Display for Response {
    /// The response line without its line break. Line breaks inside a
    /// message would break the framing, so they become spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (word, text) = match self {
            Response::Ok(None) => return f.write_str("ok."),
            Response::Ok(Some(payload)) => ("ok", payload),
            Response::Error(message) => ("error", message),
        };
        let text = text.replace(['\r', '\n'], " ");
        let text = text.trim();
        if text.is_empty() { write!(f, "{word}.") } else { write!(f, "{word} {text}.") }
    }
}

/// A line from an engine that is not a response.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a response: \"{0}\"")]
pub struct ResponseError(pub String);

impl FromStr for Response {
    type Err = ResponseError;

    /// Reads a response line (its line break may still be there). Strict, as
    /// the contract is: lower-case `ok` or `error`, then `.` at the end.
    fn from_str(line: &str) -> Result<Response, ResponseError> {
        let bad = || ResponseError(line.trim_end_matches(['\r', '\n']).to_owned());
        let text = line.strip_suffix('\n').unwrap_or(line);
        let text = text.strip_suffix('\r').unwrap_or(text);
        let body = text.strip_suffix('.').ok_or_else(bad)?;
        let (word, rest) = match body.split_once(' ') {
            Some((word, rest)) => (word, Some(rest.trim())),
            None => (body, None),
        };
        let rest = rest.filter(|rest| !rest.is_empty()).map(str::to_owned);
        match word {
            "ok" => Ok(Response::Ok(rest)),
            "error" => Ok(Response::Error(rest.unwrap_or_default())),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Option<Command>, String> {
        parse_line(line).map_err(|error| error.to_string())
    }

    #[test]
    fn framing() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse(" \t \r\n"), Ok(None));
        assert_eq!(parse("#name;"), Ok(None));
        assert_eq!(parse("name;"), Ok(Some(Command::Name)));
        assert_eq!(parse("name;\n"), Ok(Some(Command::Name)));
        assert_eq!(parse("name;\r\n"), Ok(Some(Command::Name)));
        assert_eq!(parse(" \tNAME \t; \t\r\n"), Ok(Some(Command::Name)));
        assert_eq!(parse(";"), Err("empty command".into()));
        assert_eq!(parse("  ;  "), Err("empty command".into()));
        assert_eq!(parse("name"), Err("command not terminated by ';'".into()));
        assert_eq!(parse("name; board;"), Err("unexpected text after ';': \"board;\"".into()));
        assert_eq!(parse(" # name;"), Err("unknown command \"#\"".into()));
    }

    #[test]
    fn every_command_reads_back_what_it_writes() {
        let card = |text: &str| text.parse::<Card>().unwrap();
        let four = [card("5H"), card("5S"), card("4C"), card("6C")];
        let commands = [
            Command::Protocol,
            Command::Name,
            Command::NewGame { players: 2, seat: 1, target: None },
            Command::NewGame { players: 4, seat: 3, target: Some(61) },
            Command::Deal { dealer: 0 },
            Command::Hand(vec![
                card("5H"),
                card("5S"),
                card("JD"),
                card("4C"),
                card("6C"),
                card("KD"),
            ]),
            Command::Discard,
            Command::Starter(card("5C")),
            Command::Play,
            Command::Played { seat: 0, card: card("TH") },
            Command::Go { seat: 2 },
            Command::Show { seat: 1, cards: four },
            Command::Crib(four),
            Command::Board,
            Command::SetBoard(vec![14, 26]),
            Command::Count { hand: four, starter: card("5C"), crib: false },
            Command::Count { hand: four, starter: card("5C"), crib: true },
            Command::Quit,
        ];
        for command in commands {
            let line = command.to_string();
            assert_eq!(parse_line(&line), Ok(Some(command)), "{line}");
        }
    }

    #[test]
    fn arguments_are_checked() {
        assert_eq!(parse("frobnicate;"), Err("unknown command \"frobnicate\"".into()));
        assert_eq!(parse("name 1;"), Err("name takes no arguments, not 1 argument".into()));
        assert_eq!(parse("deal;"), Err("deal takes 1 argument, not 0 arguments".into()));
        assert_eq!(parse("deal -1;"), Err("deal: \"-1\" is not a seat".into()));
        assert_eq!(parse("deal +1;"), Err("deal: \"+1\" is not a seat".into()));
        assert_eq!(parse("deal 300;"), Err("deal: \"300\" is not a seat".into()));
        assert_eq!(parse("starter 5X;"), Err("card 5X: unknown suit X".into()));
        assert_eq!(parse("starter 5♥;").map_err(|e| e.starts_with("card 5♥")), Err(true));
        assert_eq!(
            parse("count 5H 5S 5C JD 5D hand;"),
            Err("count: expected \"crib\" after the starter, found \"hand\"".into())
        );
        assert_eq!(
            parse("hand 5H 5S 5C JD;"),
            Err("hand takes 5 or 6 cards, not 4 arguments".into())
        );
        assert_eq!(
            parse("played 1 10h;"),
            Ok(Some(Command::Played { seat: 1, card: "TH".parse().unwrap() }))
        );
        assert_eq!(parse("COUNT 5h 5s 5c jd 5d CRIB;").map(|c| c.is_some()), Ok(true));
    }

    #[test]
    fn responses() {
        assert_eq!(Response::ok().to_string(), "ok.");
        assert_eq!(Response::with("5H JS").to_string(), "ok 5H JS.");
        assert_eq!(
            Response::error("unknown command \"x\"").to_string(),
            "error unknown command \"x\"."
        );
        assert_eq!(Response::error("two\nlines").to_string(), "error two lines.");
        assert_eq!("ok.\n".parse(), Ok(Response::ok()));
        assert_eq!("ok 14 26.\r\n".parse(), Ok(Response::with("14 26")));
        assert_eq!("error no.".parse(), Ok(Response::error("no")));
        assert!("OK.".parse::<Response>().is_err());
        assert!("ok".parse::<Response>().is_err());
        assert!("okay.".parse::<Response>().is_err());
        assert_eq!(Response::with("go").payload(), Ok("go"));
        assert_eq!(Response::error("bad").payload(), Err("bad"));
    }
}

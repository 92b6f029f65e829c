//! `crib-test-engine`: a small engine for the referee's tests and benchmark,
//! with faults to order.
//!
//! Played straight, it throws its lowest cards to the crib, plays its lowest
//! card that fits, and keeps the board honestly (his heels, every pegging
//! point, every show and crib), so that the referee's board checks pass. It
//! is deliberately simple: it does not refuse every command the protocol
//! says an engine must refuse, which the real engine does.
//!
//! `--fault KIND` makes it misbehave in every game from the `--from-game N`th
//! (1 by default) that this process is given:
//!
//! - `illegal-play`: answers `play;` with the starter, a card it cannot hold;
//! - `illegal-go`: answers `play;` with `go` though a card fits;
//! - `short-discard`: gives one card too few to the crib;
//! - `foreign-discard`: gives a card it was not dealt;
//! - `hang`: never answers its first `play;`;
//! - `exit`: exits with status 3 at its first `play;`;
//! - `garbage`: answers `play;` with a line that is not a response;
//! - `bad-card`: answers `play;` with `ok 1X.`;
//! - `refuse`: answers `starter` with `error`;
//! - `miscount`: counts every show one point too high (its board too);
//! - `board`: reports one point too many for side 0 on `board;`.
//!
//! `--transcript FILE` appends every command (`> `) and answer (`< `) to
//! `FILE`, so that a test can check what the referee said and in what order.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use crib_core::{Board, Card, CardSet, GameConfig, Pegging, Rank, Rules, Seat, Show, Side};
use crib_protocol::{Command, Response, parse_line};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    IllegalPlay,
    IllegalGo,
    ShortDiscard,
    ForeignDiscard,
    Hang,
    Exit,
    Garbage,
    BadCard,
    Refuse,
    Miscount,
    Board,
}

impl Fault {
    fn parse(name: &str) -> Option<Fault> {
        Some(match name {
            "illegal-play" => Fault::IllegalPlay,
            "illegal-go" => Fault::IllegalGo,
            "short-discard" => Fault::ShortDiscard,
            "foreign-discard" => Fault::ForeignDiscard,
            "hang" => Fault::Hang,
            "exit" => Fault::Exit,
            "garbage" => Fault::Garbage,
            "bad-card" => Fault::BadCard,
            "refuse" => Fault::Refuse,
            "miscount" => Fault::Miscount,
            "board" => Fault::Board,
            _ => return None,
        })
    }
}

/// What to do after a command.
enum Reply {
    /// Write this line.
    Line(String),
    /// Never answer again.
    Hang,
    /// Exit at once, answering nothing.
    Exit,
}

impl From<Response> for Reply {
    fn from(response: Response) -> Reply {
        Reply::Line(response.to_string())
    }
}

struct Engine {
    config: GameConfig,
    seat: Seat,
    dealer: Seat,
    board: Board,
    hand: CardSet,
    starter: Option<Card>,
    pegging: Pegging,
    fault: Option<Fault>,
    from_game: u32,
    games: u32,
}

impl Engine {
    fn new(fault: Option<Fault>, from_game: u32) -> Engine {
        let config = GameConfig::default();
        let seat = Seat::ALL[0];
        Engine {
            config,
            seat,
            dealer: seat,
            board: Board::new(config),
            hand: CardSet::EMPTY,
            starter: None,
            pegging: Pegging::new(config, seat)
                .unwrap_or_else(|_| unreachable!("seat 0 is at every table")),
            fault,
            from_game,
            games: 0,
        }
    }

    /// The fault to commit now, if this game is a faulty one.
    fn faulty(&self, fault: Fault) -> bool {
        self.fault == Some(fault) && self.games >= self.from_game
    }

    fn side(&self, seat: Seat) -> Side {
        self.config.side_of(seat)
    }

    fn seat(&self, index: u8) -> Result<Seat, String> {
        self.config.seat(index).map_err(|error| error.to_string())
    }

    fn answer(&mut self, command: Command) -> Reply {
        match self.respond(command) {
            Ok(reply) => reply,
            Err(message) => Response::error(message).into(),
        }
    }

    fn respond(&mut self, command: Command) -> Result<Reply, String> {
        let ok = || Ok(Response::ok().into());
        match command {
            Command::Protocol => Ok(Response::with(1).into()),
            Command::Name => Ok(Response::with("crib-test-engine").into()),
            Command::NewGame { players, seat, target } => {
                let config = GameConfig::new(players, target.unwrap_or(121))
                    .map_err(|error| error.to_string())?;
                let seat = config.seat(seat).map_err(|error| error.to_string())?;
                self.config = config;
                self.seat = seat;
                self.board = Board::new(config);
                self.games += 1;
                self.deal(seat)?;
                ok()
            }
            Command::Deal { dealer } => {
                let dealer = self.seat(dealer)?;
                self.deal(dealer)?;
                ok()
            }
            Command::Hand(cards) => {
                self.hand = CardSet::from_distinct(cards).map_err(|error| error.to_string())?;
                ok()
            }
            Command::Discard => {
                let mut count = self.config.discards();
                if self.faulty(Fault::ShortDiscard) {
                    count -= 1;
                }
                let mut discard: CardSet = self.hand.iter().take(count).collect();
                if self.faulty(Fault::ForeignDiscard) {
                    let stranger = (!self.hand).first().ok_or("no card outside the hand")?;
                    discard = discard.without(discard.first().ok_or("no discard")?).with(stranger);
                }
                self.hand -= discard;
                Ok(Response::with(cards(discard)).into())
            }
            Command::Starter(card) => {
                if self.faulty(Fault::Refuse) {
                    return Err("no thanks".to_owned());
                }
                self.starter = Some(card);
                if card.rank() == Rank::Jack {
                    self.board.peg(self.side(self.dealer), 2);
                }
                ok()
            }
            Command::Play => self.play(),
            Command::Played { seat, card } => {
                let seat = self.seat(seat)?;
                let play = self.pegging.play(seat, card).map_err(|error| error.to_string())?;
                self.board.peg(self.side(seat), play.points.total());
                ok()
            }
            Command::Go { seat } => {
                let seat = self.seat(seat)?;
                let went = self.pegging.go(seat).map_err(|error| error.to_string())?;
                if let Some(last) = went.point_to {
                    self.board.peg(self.side(last), 1);
                }
                ok()
            }
            Command::Show { seat, cards } => {
                let seat = self.seat(seat)?;
                let points = self.count(cards, Rules::Hand)?;
                self.board.peg(self.side(seat), points);
                Ok(Response::with(points).into())
            }
            Command::Crib(cards) => {
                let points = self.count(cards, Rules::Crib)?;
                self.board.peg(self.side(self.dealer), points);
                Ok(Response::with(points).into())
            }
            Command::Board => {
                let mut totals: Vec<u16> = self.board.scores().to_vec();
                if self.faulty(Fault::Board) {
                    totals[0] += 1;
                }
                let totals: Vec<String> = totals.iter().map(ToString::to_string).collect();
                Ok(Response::with(totals.join(" ")).into())
            }
            Command::SetBoard(totals) => {
                for (side, total) in self.config.all_sides().zip(totals) {
                    self.board.set(side, u16::try_from(total).map_err(|error| error.to_string())?);
                }
                ok()
            }
            Command::Count { hand, starter, crib } => {
                let hand = CardSet::from_distinct(hand).map_err(|error| error.to_string())?;
                let rules = if crib { Rules::Crib } else { Rules::Hand };
                let show = Show::new(hand, starter).map_err(|error| error.to_string())?;
                Ok(Response::with(show.score(rules)).into())
            }
            Command::Quit => Ok(Response::ok().into()),
        }
    }

    fn deal(&mut self, dealer: Seat) -> Result<(), String> {
        self.dealer = dealer;
        self.hand = CardSet::EMPTY;
        self.starter = None;
        self.pegging = Pegging::new(self.config, dealer).map_err(|error| error.to_string())?;
        Ok(())
    }

    fn play(&mut self) -> Result<Reply, String> {
        if self.faulty(Fault::Hang) {
            return Ok(Reply::Hang);
        }
        if self.faulty(Fault::Exit) {
            return Ok(Reply::Exit);
        }
        if self.faulty(Fault::Garbage) {
            return Ok(Reply::Line("bananas".to_owned()));
        }
        if self.faulty(Fault::BadCard) {
            return Ok(Reply::Line("ok 1X.".to_owned()));
        }
        let starter = self.starter.ok_or("no starter yet")?;
        if self.faulty(Fault::IllegalPlay) {
            return Ok(Response::with(starter).into());
        }
        let fits = self.hand.iter().find(|&card| self.pegging.fits(card));
        match fits {
            Some(card) if !self.faulty(Fault::IllegalGo) => {
                let play = self.pegging.play(self.seat, card).map_err(|error| error.to_string())?;
                self.hand.remove(card);
                self.board.peg(self.side(self.seat), play.points.total());
                Ok(Response::with(card).into())
            }
            _ => {
                // A go from a seat with no cards, or a second go, changes
                // nothing; only a go that ends the count pegs.
                if let Ok(went) = self.pegging.go(self.seat)
                    && let Some(last) = went.point_to
                {
                    self.board.peg(self.side(last), 1);
                }
                Ok(Response::with("go").into())
            }
        }
    }

    fn count(&self, cards: [Card; 4], rules: Rules) -> Result<u8, String> {
        let starter = self.starter.ok_or("no starter yet")?;
        let hand = CardSet::from_distinct(cards).map_err(|error| error.to_string())?;
        let points = Show::new(hand, starter).map_err(|error| error.to_string())?.score(rules);
        Ok(if self.faulty(Fault::Miscount) { points + 1 } else { points })
    }
}

fn cards(cards: CardSet) -> String {
    cards.iter().map(|card| card.to_string()).collect::<Vec<_>>().join(" ")
}

fn main() -> ExitCode {
    let mut fault = None;
    let mut from_game = 1;
    let mut transcript = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value.as_deref()) {
            ("--fault", Some(name)) if Fault::parse(name).is_some() => fault = Fault::parse(name),
            ("--from-game", Some(number)) if number.parse::<u32>().is_ok() => {
                from_game = number.parse().unwrap_or(1);
            }
            ("--transcript", Some(path)) => {
                match std::fs::OpenOptions::new().create(true).append(true).open(path) {
                    Ok(file) => transcript = Some(io::BufWriter::new(file)),
                    Err(error) => {
                        eprintln!("crib-test-engine: {path}: {error}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            _ => {
                eprintln!(
                    "usage: crib-test-engine [--fault KIND] [--from-game N] [--transcript FILE]"
                );
                return ExitCode::from(2);
            }
        }
    }
    let mut engine = Engine::new(fault, from_game);
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    for line in stdin.split(b'\n') {
        let Ok(line) = line else { break };
        if let Some(file) = transcript.as_mut() {
            // A transcript is a test's aid: failing to write it is not the
            // referee's business, so it does not stop the engine.
            let _ = writeln!(file, "> {}", String::from_utf8_lossy(&line).trim_end());
        }
        let reply = match std::str::from_utf8(&line).map(parse_line) {
            Err(_) => Response::error("not UTF-8").into(),
            Ok(Ok(None)) => continue,
            Ok(Err(error)) => Response::error(error).into(),
            Ok(Ok(Some(command))) => {
                let quit = command == Command::Quit;
                let reply = engine.answer(command);
                if quit {
                    let _ = writeln!(stdout, "ok.").and_then(|()| stdout.flush());
                    return ExitCode::SUCCESS;
                }
                reply
            }
        };
        match reply {
            Reply::Line(text) => {
                if let Some(file) = transcript.as_mut() {
                    let _ = writeln!(file, "< {text}").and_then(|()| file.flush());
                }
                if writeln!(stdout, "{text}").and_then(|()| stdout.flush()).is_err() {
                    return ExitCode::FAILURE;
                }
            }
            Reply::Hang => loop {
                // Parked for good: the referee must give up and kill it.
                std::thread::park();
            },
            Reply::Exit => return ExitCode::from(3),
        }
    }
    ExitCode::SUCCESS
}

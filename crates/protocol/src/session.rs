//! The engine's side of a game: everything the engine has been told, and the
//! answer to each command.
//!
//! A [`Session`] owns a [`State`] (the game's shape, the engine's seat, the
//! board it keeps itself, the round in progress) and a decision maker, any
//! [`Player`] of `crib_ai`. It turns each [`Command`] into a [`Response`]:
//! it follows the round from the deal to the crib with nothing but what the
//! referee says, builds a [`View`] from that knowledge when the engine must
//! decide, and refuses with `error` whatever breaks the rules or the order of
//! a round.
//!
//! A refused command leaves the state exactly as it was: every command that
//! changes something is applied to a copy, which replaces the state only on
//! success. The player is consulted only once a command can no longer fail,
//! so a refusal never consumes one of its choices either.

use std::fmt;

use crib_ai::{Observed, Player};
use crib_core::{
    Board, Card, CardSet, ConfigError, GameConfig, Pegging, PeggingError, Phase, Rank, Rules, Seat,
    Show, ShowError, View,
};

use crate::{Command, Response};

/// The protocol version this session speaks, the answer to `protocol;`.
pub const PROTOCOL_VERSION: u32 = 1;

/// Why the engine refuses a command (answered with `error`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A number of players, a target or a seat that the table does not have.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// `setboard` with other than one total per side.
    #[error("setboard takes {expected} totals at a table of {players}, not {found}")]
    BoardSides {
        /// The sides of the board.
        expected: usize,
        /// The players at the table.
        players: u8,
        /// The totals given.
        found: usize,
    },
    /// A command of the round before any `deal`.
    #[error("no round has been dealt: deal comes first")]
    NoRound,
    /// A second `hand` in one round.
    #[error("the engine's hand has already been dealt in this round")]
    HandDealt,
    /// A `hand` of the wrong size for the table.
    #[error("a hand at a table of {players} is {expected} cards, not {found}")]
    HandSize {
        /// The players at the table.
        players: u8,
        /// The cards each player is dealt.
        expected: usize,
        /// The cards given.
        found: usize,
    },
    /// The same card twice in one command.
    #[error("card {0} is given twice")]
    Twice(Card),
    /// `discard` before `hand`.
    #[error("no hand has been dealt to the engine in this round: hand comes first")]
    NoHand,
    /// A second `discard` in one round.
    #[error("the engine has already discarded in this round")]
    Discarded,
    /// `starter` before the engine's `discard`.
    #[error("the engine has not discarded yet: discard comes before the starter")]
    NotDiscarded,
    /// A second `starter` in one round.
    #[error("the starter of this round is already {0}")]
    StarterCut(Card),
    /// A command of the play before the starter.
    #[error("no starter has been cut in this round: the play comes after the starter")]
    NoStarter,
    /// `played` or `go` for the engine's own seat.
    #[error("seat {0} is the engine's own: its moves come only from play")]
    OwnSeat(crib_core::Seat),
    /// A card the engine has already seen somewhere else.
    #[error("card {card} is {seen}")]
    Seen {
        /// The card.
        card: Card,
        /// Where the engine saw it.
        seen: Seen,
    },
    /// A play or go the rules of the pegging refuse.
    #[error(transparent)]
    Pegging(#[from] PeggingError),
    /// `show` or `crib` while cards are still to be played.
    #[error("the play is not over: {0} cards are still to be played")]
    PlayNotOver(u8),
    /// A second `show` for one seat.
    #[error("seat {0} has already shown its hand in this round")]
    Shown(crib_core::Seat),
    /// A second `crib`.
    #[error("the crib has already been shown in this round")]
    CribShown,
    /// The engine's own seat shown with other cards than it kept.
    #[error("the engine kept {kept}, not {shown}")]
    NotKept {
        /// The four cards the engine kept.
        kept: CardSet,
        /// The cards the `show` gave.
        shown: CardSet,
    },
    /// A shown hand without a card its seat played.
    #[error("seat {seat} played {card}, so its hand must contain it")]
    MissingPlayed {
        /// The seat shown.
        seat: crib_core::Seat,
        /// The card it played.
        card: Card,
    },
    /// A crib without one of the engine's discards.
    #[error("the crib must contain the engine's discard {0}")]
    CribLacks(Card),
    /// `count` of cards that are not a show.
    #[error(transparent)]
    Show(#[from] ShowError),
}

/// Where the engine has seen a card, to say why it cannot be somewhere else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// One of the cards dealt to the engine (held, kept or thrown to the crib).
    Own,
    /// Played in this round's pegging by this seat.
    Played(Seat),
    /// In this seat's shown hand.
    Shown(Seat),
    /// In the shown crib.
    Crib,
    /// The starter.
    Starter,
}

impl fmt::Display for Seen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seen::Own => f.write_str("one of the engine's own cards"),
            Seen::Played(seat) => write!(f, "already played by seat {seat}"),
            Seen::Shown(seat) => write!(f, "in the hand seat {seat} has shown"),
            Seen::Crib => f.write_str("in the crib"),
            Seen::Starter => f.write_str("the starter"),
        }
    }
}

/// Everything the engine knows: the game's shape, its own seat, the board it
/// keeps, and the round in progress. `Clone` and `PartialEq`, so that a test
/// can check that a refused command changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    config: GameConfig,
    seat: Seat,
    /// One total per side. Wider than any real game needs so that a referee's
    /// `setboard` of a huge total cannot make the pegging overflow.
    board: [u64; 3],
    /// Rounds dealt in this game.
    rounds: u32,
    round: Option<Round>,
}

/// One round as the engine follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Round {
    dealer: Seat,
    /// The engine's dealt cards, once `hand` has come.
    dealt: Option<CardSet>,
    /// The engine's discards, once it has chosen them.
    discards: Option<CardSet>,
    /// The cards the engine holds now.
    hand: CardSet,
    starter: Option<Card>,
    pegging: Pegging,
    /// Each seat's hand once shown.
    shown: [Option<CardSet>; 4],
    crib: Option<CardSet>,
}

impl Round {
    fn new(config: GameConfig, dealer: Seat) -> Result<Round, SessionError> {
        Ok(Round {
            dealer,
            dealt: None,
            discards: None,
            hand: CardSet::EMPTY,
            starter: None,
            pegging: Pegging::new(config, dealer)?,
            shown: [None; 4],
            crib: None,
        })
    }

    /// The four cards the engine kept for the show.
    fn kept(&self) -> CardSet {
        match (self.dealt, self.discards) {
            (Some(dealt), Some(discards)) => dealt - discards,
            _ => CardSet::EMPTY,
        }
    }

    /// Where the engine has seen `card` in this round, if anywhere.
    fn seen(&self, card: Card, players: u8) -> Option<Seen> {
        if self.dealt.is_some_and(|dealt| dealt.contains(card)) {
            return Some(Seen::Own);
        }
        if self.starter == Some(card) {
            return Some(Seen::Starter);
        }
        let seats = Seat::ALL.into_iter().take(usize::from(players));
        for seat in seats.clone() {
            if self.pegging.played_by(seat).contains(card) {
                return Some(Seen::Played(seat));
            }
        }
        for seat in seats {
            if self.shown[seat.index()].is_some_and(|hand| hand.contains(card)) {
                return Some(Seen::Shown(seat));
            }
        }
        self.crib.is_some_and(|crib| crib.contains(card)).then_some(Seen::Crib)
    }

    /// The starter, for the commands of the play and the show.
    fn starter(&self) -> Result<Card, SessionError> {
        self.starter.ok_or(SessionError::NoStarter)
    }

    /// The starter, once every card has been played.
    fn play_over(&self, players: u8) -> Result<Card, SessionError> {
        let starter = self.starter()?;
        let left: u8 =
            Seat::ALL[..usize::from(players)].iter().map(|&seat| self.pegging.held(seat)).sum();
        if left > 0 { Err(SessionError::PlayNotOver(left)) } else { Ok(starter) }
    }
}

impl Default for State {
    /// As after `newgame 2 0 121;`.
    fn default() -> State {
        State::new(GameConfig::default(), Seat::ALL[0])
    }
}

impl State {
    /// A new game of `config` with the engine at `seat`: the board at zero and
    /// no round dealt.
    #[must_use]
    pub fn new(config: GameConfig, seat: Seat) -> State {
        State { config, seat, board: [0; 3], rounds: 0, round: None }
    }

    /// The players and the target.
    #[must_use]
    pub const fn config(&self) -> GameConfig {
        self.config
    }

    /// The engine's seat.
    #[must_use]
    pub const fn seat(&self) -> Seat {
        self.seat
    }

    /// Every side's total as the engine keeps it, side 0 first.
    #[must_use]
    pub fn board(&self) -> &[u64] {
        &self.board[..usize::from(self.config.sides())]
    }

    /// The cards the engine holds now (empty before `hand`).
    #[must_use]
    pub fn hand(&self) -> CardSet {
        self.round.map_or(CardSet::EMPTY, |round| round.hand)
    }

    /// The pegging of the round in progress, if one has been dealt.
    #[must_use]
    pub fn pegging(&self) -> Option<&Pegging> {
        self.round.as_ref().map(|round| &round.pegging)
    }

    fn board_text(&self) -> String {
        let totals: Vec<String> = self.board().iter().map(ToString::to_string).collect();
        totals.join(" ")
    }

    /// Pegs `points` for the side of `seat`. Saturating, so that no total a
    /// referee can set makes the engine panic.
    fn peg(&mut self, seat: Seat, points: u8) {
        let side = self.config.side_of(seat).index();
        self.board[side] = self.board[side].saturating_add(u64::from(points));
    }

    fn round(&self) -> Result<Round, SessionError> {
        self.round.ok_or(SessionError::NoRound)
    }

    /// What the player takes note of ([`Player::observe`]) when `command`,
    /// accepted, changes this state: a new game, the deal, another seat's
    /// play or go (a go from a seat with no cards changes nothing), a hand
    /// or the crib shown. The engine's own plays and gos the player notes as
    /// it makes them.
    fn observed(&self, command: &Command) -> Option<Observed> {
        let seat = |index: u8| self.config.seat(index).ok();
        match *command {
            Command::NewGame { .. } => Some(Observed::NewGame),
            Command::Deal { dealer } => Some(Observed::Deal { dealer: seat(dealer)? }),
            Command::Played { seat: index, card } => {
                Some(Observed::Played { seat: seat(index)?, card })
            }
            Command::Go { seat: index } => {
                let seat = seat(index)?;
                (self.pegging()?.held(seat) > 0).then_some(Observed::Go { seat })
            }
            Command::Show { seat: index, ref cards } => {
                Some(Observed::Shown { seat: seat(index)?, hand: cards.iter().copied().collect() })
            }
            Command::Crib(ref cards) => {
                Some(Observed::CribShown { crib: cards.iter().copied().collect() })
            }
            _ => None,
        }
    }

    /// A seat named by the referee for another player's move.
    fn other_seat(&self, index: u8) -> Result<Seat, SessionError> {
        let seat = self.config.seat(index)?;
        if seat == self.seat { Err(SessionError::OwnSeat(seat)) } else { Ok(seat) }
    }

    /// The engine's knowledge as a [`View`], for its player.
    fn view(&self, round: &Round, phase: Phase) -> View {
        let mut board = Board::new(self.config);
        for side in self.config.all_sides() {
            let total = u16::try_from(self.board[side.index()]).unwrap_or(u16::MAX);
            board.set(side, total);
        }
        let mut discarded = [false; 4];
        for seat in self.config.seats() {
            // Before the starter the engine knows only of its own discard;
            // the starter is cut once every seat has discarded.
            discarded[seat.index()] =
                round.starter.is_some() || (seat == self.seat && round.discards.is_some());
        }
        View {
            seat: self.seat,
            config: self.config,
            phase,
            round: self.rounds,
            dealer: round.dealer,
            hand: round.hand,
            kept: round.kept(),
            discards: round.discards.unwrap_or(CardSet::EMPTY),
            discarded,
            starter: round.starter,
            pegging: round.pegging,
            shown: round.shown,
            crib: round.crib,
            board,
            winner: None,
        }
    }

    /// Applies a command that may change the state. On error `self` may be
    /// half changed: the caller applies it to a copy.
    fn apply<P: Player + ?Sized>(
        &mut self,
        command: &Command,
        player: &mut P,
    ) -> Result<Response, SessionError> {
        match command {
            Command::NewGame { players, seat, target } => {
                let config = GameConfig::new(*players, target.unwrap_or(121))?;
                let seat = config.seat(*seat)?;
                *self = State::new(config, seat);
                Ok(Response::ok())
            }
            Command::Deal { dealer } => {
                let dealer = self.config.seat(*dealer)?;
                self.round = Some(Round::new(self.config, dealer)?);
                self.rounds = self.rounds.saturating_add(1);
                Ok(Response::ok())
            }
            Command::Hand(cards) => self.hand_dealt(cards),
            Command::Discard => self.discard(player),
            Command::Starter(card) => self.starter(*card),
            Command::Play => self.play(player),
            Command::Played { seat, card } => self.played(*seat, *card),
            Command::Go { seat } => self.go(*seat),
            Command::Show { seat, cards } => self.show(*seat, cards),
            Command::Crib(cards) => self.crib(cards),
            Command::SetBoard(totals) => {
                let sides = usize::from(self.config.sides());
                if totals.len() != sides {
                    return Err(SessionError::BoardSides {
                        expected: sides,
                        players: self.config.players(),
                        found: totals.len(),
                    });
                }
                for (slot, &total) in self.board.iter_mut().zip(totals) {
                    *slot = u64::from(total);
                }
                Ok(Response::ok())
            }
            Command::Protocol
            | Command::Name
            | Command::Board
            | Command::Count { .. }
            | Command::Quit => Ok(Response::ok()),
        }
    }

    fn hand_dealt(&mut self, cards: &[Card]) -> Result<Response, SessionError> {
        let mut round = self.round()?;
        if round.dealt.is_some() {
            return Err(SessionError::HandDealt);
        }
        let expected = self.config.dealt();
        if cards.len() != expected {
            return Err(SessionError::HandSize {
                players: self.config.players(),
                expected,
                found: cards.len(),
            });
        }
        let dealt = distinct(cards)?;
        round.dealt = Some(dealt);
        round.hand = dealt;
        self.round = Some(round);
        Ok(Response::ok())
    }

    fn discard<P: Player + ?Sized>(&mut self, player: &mut P) -> Result<Response, SessionError> {
        let mut round = self.round()?;
        if round.dealt.is_none() {
            return Err(SessionError::NoHand);
        }
        if round.discards.is_some() {
            return Err(SessionError::Discarded);
        }
        let wanted = self.config.discards();
        let chosen = player.discard(&self.view(&round, Phase::Discard));
        // The player is trusted with nothing: a choice that is not a discard
        // from this hand gives the lowest cards instead, so that the engine
        // never answers with an illegal move.
        let discards = if chosen.len() == wanted && chosen.is_subset(round.hand) {
            chosen
        } else {
            round.hand.iter().take(wanted).collect()
        };
        round.discards = Some(discards);
        round.hand -= discards;
        self.round = Some(round);
        Ok(Response::with(discards))
    }

    fn starter(&mut self, card: Card) -> Result<Response, SessionError> {
        let mut round = self.round()?;
        if let Some(starter) = round.starter {
            return Err(SessionError::StarterCut(starter));
        }
        if round.discards.is_none() {
            return Err(SessionError::NotDiscarded);
        }
        if let Some(seen) = round.seen(card, self.config.players()) {
            return Err(SessionError::Seen { card, seen });
        }
        round.starter = Some(card);
        self.round = Some(round);
        if card.rank() == Rank::Jack {
            self.peg(round.dealer, 2);
        }
        Ok(Response::ok())
    }

    fn play<P: Player + ?Sized>(&mut self, player: &mut P) -> Result<Response, SessionError> {
        let mut round = self.round()?;
        round.starter()?;
        let seat = self.seat;
        if round.pegging.held(seat) == 0 || round.pegging.has_said_go(seat) {
            return Ok(Response::with("go"));
        }
        let playable: CardSet =
            round.hand.iter().filter(|&card| round.pegging.fits(card)).collect();
        let chosen = player.play(&self.view(&round, Phase::Pegging));
        // As with the discard, an illegal choice is replaced by a legal one:
        // the lowest card that fits, or go when none does.
        let card = match chosen {
            Some(card) if playable.contains(card) => Some(card),
            _ => playable.first(),
        };
        let response = match card {
            Some(card) => {
                let play = round.pegging.play(seat, card)?;
                round.hand.remove(card);
                self.peg(seat, play.points.total());
                Response::with(card)
            }
            None => {
                let go = round.pegging.go(seat)?;
                if let Some(last) = go.point_to {
                    self.peg(last, 1);
                }
                Response::with("go")
            }
        };
        self.round = Some(round);
        Ok(response)
    }

    fn played(&mut self, seat: u8, card: Card) -> Result<Response, SessionError> {
        let mut round = self.round()?;
        round.starter()?;
        let seat = self.other_seat(seat)?;
        if let Some(seen) = round.seen(card, self.config.players()) {
            return Err(SessionError::Seen { card, seen });
        }
        let play = round.pegging.play(seat, card)?;
        self.round = Some(round);
        self.peg(seat, play.points.total());
        Ok(Response::ok())
    }

    fn go(&mut self, seat: u8) -> Result<Response, SessionError> {
        let mut round = self.round()?;
        round.starter()?;
        let seat = self.other_seat(seat)?;
        // A seat with no cards left has nothing to say go about: accepted,
        // and nothing changes (the contract says so).
        if round.pegging.held(seat) == 0 {
            return Ok(Response::ok());
        }
        let go = round.pegging.go(seat)?;
        self.round = Some(round);
        if let Some(last) = go.point_to {
            self.peg(last, 1);
        }
        Ok(Response::ok())
    }

    fn show(&mut self, seat: u8, cards: &[Card; 4]) -> Result<Response, SessionError> {
        let mut round = self.round()?;
        let starter = round.play_over(self.config.players())?;
        let seat = self.config.seat(seat)?;
        if round.shown[seat.index()].is_some() {
            return Err(SessionError::Shown(seat));
        }
        let hand = distinct(cards)?;
        if hand.contains(starter) {
            return Err(SessionError::Seen { card: starter, seen: Seen::Starter });
        }
        if seat == self.seat {
            let kept = round.kept();
            if hand != kept {
                return Err(SessionError::NotKept { kept, shown: hand });
            }
        } else {
            for card in hand {
                match round.seen(card, self.config.players()) {
                    None => {}
                    Some(Seen::Played(by)) if by == seat => {}
                    Some(seen) => return Err(SessionError::Seen { card, seen }),
                }
            }
            if let Some(card) = (round.pegging.played_by(seat) - hand).first() {
                return Err(SessionError::MissingPlayed { seat, card });
            }
        }
        let points = Show::new(hand, starter)?.score(Rules::Hand);
        round.shown[seat.index()] = Some(hand);
        self.round = Some(round);
        self.peg(seat, points);
        Ok(Response::with(points))
    }

    fn crib(&mut self, cards: &[Card; 4]) -> Result<Response, SessionError> {
        let mut round = self.round()?;
        let starter = round.play_over(self.config.players())?;
        if round.crib.is_some() {
            return Err(SessionError::CribShown);
        }
        let crib = distinct(cards)?;
        let discards = round.discards.unwrap_or(CardSet::EMPTY);
        if let Some(card) = (discards - crib).first() {
            return Err(SessionError::CribLacks(card));
        }
        for card in crib - discards {
            if let Some(seen) = round.seen(card, self.config.players()) {
                return Err(SessionError::Seen { card, seen });
            }
        }
        let points = Show::new(crib, starter)?.score(Rules::Crib);
        round.crib = Some(crib);
        self.round = Some(round);
        self.peg(round.dealer, points);
        Ok(Response::with(points))
    }
}

/// The cards as a set, refusing a card given twice.
fn distinct(cards: &[Card]) -> Result<CardSet, SessionError> {
    CardSet::from_distinct(cards.iter().copied()).map_err(|twice| SessionError::Twice(twice.0))
}

/// The engine's side of the protocol: its [`State`] and the player that
/// makes its choices.
///
/// ```
/// use crib_ai::BasicPlayer;
/// use crib_protocol::{Command, Response, Session};
/// let mut session = Session::new(BasicPlayer);
/// let count: Command = "count 5H 5S 5C JD 5D".parse()?;
/// assert_eq!(session.handle(&count), Response::with(29));
/// assert_eq!(session.handle(&"board".parse()?).to_string(), "ok 0 0.");
/// # Ok::<(), crib_protocol::CommandError>(())
/// ```
#[derive(Debug)]
pub struct Session<P> {
    state: State,
    player: P,
    name: String,
}

impl<P: Player> Session<P> {
    /// A session as after `newgame 2 0 121;`, whose choices `player` makes.
    pub fn new(player: P) -> Session<P> {
        Session {
            state: State::default(),
            player,
            name: format!("crib {}", env!("CARGO_PKG_VERSION")),
        }
    }

    /// The same session answering `name;` with `name`.
    #[must_use]
    pub fn with_name(mut self, name: impl Into<String>) -> Session<P> {
        self.name = name.into();
        self
    }

    /// What the engine knows.
    pub const fn state(&self) -> &State {
        &self.state
    }

    /// The player that makes the engine's choices.
    pub const fn player(&self) -> &P {
        &self.player
    }

    /// The response to `command`: `ok` with its payload, or `error` with the
    /// reason, in which case nothing has changed.
    pub fn handle(&mut self, command: &Command) -> Response {
        self.apply(command).unwrap_or_else(Response::error)
    }

    /// The response to `command`, or why it is refused; on error nothing has
    /// changed.
    ///
    /// # Errors
    ///
    /// The command breaks the rules or the order of a round, or names
    /// something the table does not have.
    pub fn apply(&mut self, command: &Command) -> Result<Response, SessionError> {
        match command {
            Command::Protocol => Ok(Response::with(PROTOCOL_VERSION)),
            Command::Name => Ok(Response::with(&self.name)),
            Command::Board => Ok(Response::with(self.state.board_text())),
            Command::Count { hand, starter, crib } => {
                let rules = if *crib { Rules::Crib } else { Rules::Hand };
                Ok(Response::with(Show::from_cards(hand, *starter)?.score(rules)))
            }
            Command::Quit => Ok(Response::ok()),
            _ => {
                let mut next = self.state.clone();
                let response = next.apply(command, &mut self.player)?;
                if let Some(observed) = self.state.observed(command) {
                    self.player.observe(&observed);
                }
                self.state = next;
                Ok(response)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player that tries every illegal move it can.
    struct Cheat;

    impl Player for Cheat {
        fn discard(&mut self, _: &View) -> CardSet {
            CardSet::DECK
        }

        fn play(&mut self, view: &View) -> Option<Card> {
            // A card it does not hold when one fits, none at all otherwise.
            if view.playable().is_empty() { view.hand.first() } else { None }
        }
    }

    fn answers(session: &mut Session<impl Player>, lines: &str) -> Vec<String> {
        lines
            .lines()
            .map(|line| match crate::parse_line(line) {
                Ok(Some(command)) => session.handle(&command).to_string(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_cheating_player_still_makes_legal_moves() {
        let mut session = Session::new(Cheat);
        let lines = "newgame 2 1;\ndeal 0;\nhand 5H 5S JD 4C 6C KD;\ndiscard;\nstarter 5C;\n\
                     play;\nplayed 0 TH;\nplay;\nplayed 0 2C;\nplay;\ngo 0;\nplay;\nboard;";
        let expected = [
            "ok.",
            "ok.",
            "ok.",
            // Not a discard from this hand: the lowest two instead.
            "ok 4C 5H.",
            "ok.",
            // A go while cards fit: the lowest that fits instead.
            "ok 5S.",
            "ok.",
            "ok 6C.",
            "ok.",
            // At 23 neither JD nor KD fits: a card offered anyway is a go.
            "ok go.",
            "ok.",
            "ok JD.",
            // Seat 0: fifteen two, and the go.
            "ok 3 0.",
        ];
        assert_eq!(answers(&mut session, lines), expected);
    }

    #[test]
    fn a_refused_command_consumes_no_choice() {
        let script = "4C 5H, 6C".parse().unwrap_or_default();
        let mut session = Session::new(crate::Scripted::new(script, crib_ai::BasicPlayer));
        let lines = "deal 0;\nhand 5H 5S JD 4C 6C KD;\nstarter 5C;\ndiscard;\ndiscard;\nplay;";
        let expected = [
            "ok.",
            "ok.",
            "error the engine has not discarded yet: discard comes before the starter.",
            "ok 4C 5H.",
            "error the engine has already discarded in this round.",
            "error no starter has been cut in this round: the play comes after the starter.",
        ];
        assert_eq!(answers(&mut session, lines), expected);
        assert_eq!(session.player().script().len(), 1);
    }

    #[test]
    fn questions_change_nothing() {
        let mut session = Session::new(crib_ai::BasicPlayer);
        answers(&mut session, "newgame 3 2 61;\ndeal 1;\nhand 5H 5S JD 4C 6C;\nsetboard 1 2 3;");
        let before = session.state().clone();
        let replies = answers(&mut session, "board;\ncount 5H 5S 5C JD 5D crib;\nname;\nprotocol;");
        let name = format!("ok crib {}.", env!("CARGO_PKG_VERSION"));
        assert_eq!(replies, ["ok 1 2 3.", "ok 29.", name.as_str(), "ok 1."]);
        assert_eq!(session.state(), &before);
    }
}

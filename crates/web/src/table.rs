//! One browser table: who sits at each of its 2, 3 or 4 seats, and the
//! match being played there, with no HTTP in sight.
//!
//! The match itself is a [`crib_table::Table`]: the one driver of every
//! interface. It deals on request (a person says "continue" once the shows
//! are read), and after every person's move and every deal the table's
//! programs (the computer at a level, an engine the server's owner named)
//! move at once, inside the same call: the page paces what it shows, the
//! server never waits for a person who is not due. Every action goes to the
//! table's recorder (the one record, `crib_table::QueuedRecorder`) the
//! moment it is taken, queued on the table's own line of writes to the
//! store's writer thread: the table never waits for the disk, and the HTTP
//! layer waits for [`Room::pending`] to be saved before it answers. Every
//! answer to a seat is built from that seat's view and its redacted events,
//! in the words of `crib_table::narrate`.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crate::lobby::Bell;
use crib_ai::{Player, Strategy};
use crib_core::{
    Action, BySeat, Card, CardSet, Claims, Event, GameConfig, IllegalAction, Match, MatchLength,
    Phase, Seat, derive_seed,
};
use crib_referee::{EngineContestant, EngineOptions};
use crib_store::{GameId, GameSlot, Line, MemberId, SeatMember, TournamentId, Writer};
use crib_table::narrate::{
    Narration, Perspective, Step, card_text, clock_forfeit, clock_moved, compass_name, length_text,
    narrate, seat_name,
};
use crib_table::{
    BuiltInContestant, Dealing, QueuedRecorder, RecordError, Recorder, Sitter, Table, TableError,
    TableSetup, Taken,
};
use serde::Serialize;
use tokio::sync::watch;

use crate::clock::{Alarm, Clock, ClockState, Forfeit, MoveClock, TIMEOUTS_TO_FORFEIT};

/// Who plays a seat of a browser table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// The person who opened the table.
    Creator,
    /// A person invited by a link of their own.
    Person,
    /// The built-in player at this level.
    Computer(Strategy),
    /// An engine from the server's list, by the name its owner gave it.
    Engine(String),
    /// A seat kept for the club's member with this number: a tournament's
    /// entrant, who takes it by signing in (and takes it again, with a new
    /// token, from another browser).
    Member(i64),
}

impl SeatKind {
    /// Whether a person plays the seat.
    pub const fn is_person(&self) -> bool {
        matches!(self, SeatKind::Creator | SeatKind::Person | SeatKind::Member(_))
    }

    /// What sits there, as the API says: `person`, `computer` or `engine`.
    pub(crate) const fn kind_text(&self) -> &'static str {
        match self {
            SeatKind::Creator | SeatKind::Person | SeatKind::Member(_) => "person",
            SeatKind::Computer(_) => "computer",
            SeatKind::Engine(_) => "engine",
        }
    }

    /// The computer's level or the engine's name, as the API says.
    pub(crate) fn level_text(&self) -> Option<String> {
        match self {
            SeatKind::Computer(strategy) => Some(strategy.to_string()),
            SeatKind::Engine(name) => Some(name.clone()),
            SeatKind::Creator | SeatKind::Person | SeatKind::Member(_) => None,
        }
    }

    /// The kind as saved: `you`, `person`, `computer:LEVEL`, `engine:NAME`,
    /// `member:NUMBER`.
    pub fn to_text(&self) -> String {
        match self {
            SeatKind::Creator => "you".to_owned(),
            SeatKind::Person => "person".to_owned(),
            SeatKind::Computer(strategy) => format!("computer:{strategy}"),
            SeatKind::Engine(name) => format!("engine:{name}"),
            SeatKind::Member(id) => format!("member:{id}"),
        }
    }

    /// A kind as saved by [`SeatKind::to_text`].
    pub fn from_text(text: &str) -> Option<SeatKind> {
        match text.split_once(':') {
            None if text == "you" => Some(SeatKind::Creator),
            None if text == "person" => Some(SeatKind::Person),
            Some(("computer", level)) => level.parse().ok().map(SeatKind::Computer),
            Some(("engine", name)) if !name.is_empty() => Some(SeatKind::Engine(name.to_owned())),
            Some(("member", id)) => id.parse().ok().map(SeatKind::Member),
            _ => None,
        }
    }
}

/// The engines a server's owner allows at its tables: a name, and the
/// command line that starts it.
pub(crate) type Engines = Vec<(String, crib_referee::EngineCommand)>;

/// A seat's move, as the page sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Give these cards to the crib.
    Discard(crib_core::CardSet),
    /// Play a card; with muggins for the pegging, `claim` is what the
    /// person says it pegs (needed when it pegs).
    Play {
        /// The card.
        card: Card,
        /// The person's count of what it pegs.
        claim: Option<u8>,
    },
    /// Say go.
    Go,
    /// Deal the next round once a hand (or a game) is over.
    Continue,
}

/// Why a move is refused; the table is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The rules refuse it.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalAction),
    /// "Continue" when there is nothing to go on to, or by the wrong seat.
    #[error("nothing to continue: {0}")]
    NoContinue(&'static str),
    /// A seat left and the table is closed.
    #[error("the game was quit: start a new one")]
    Quit,
    /// A new match asked for at a tournament's table.
    #[error("a tournament's match is played once: it cannot be started again")]
    OnceOnly,
    /// An invited seat has not been taken yet.
    #[error("your opponent has not joined yet")]
    NotJoined,
    /// A seat is left once every seat is taken and play has begun.
    #[error(
        "play has begun: a seat can be left only before every seat is taken (quit gives the match up)"
    )]
    Started,
    /// A program at the table failed (an engine crashed or answered
    /// garbage): the table can go no further.
    #[error("a player at this table failed: {0}")]
    Failed(String),
    /// With muggins for the pegging, a card that pegs was played without
    /// the person's count of it.
    #[error("{} at {count} pegs: say how many points (muggins), sent as claim", card_text(*card))]
    ClaimNeeded {
        /// The card.
        card: Card,
        /// The count with it.
        count: u8,
    },
}

/// The match saved at a table, shared between the table's recorder and the
/// table, which names it in the saved table's row.
#[derive(Clone, Debug, Default)]
pub(crate) struct Current(Arc<Mutex<Saving>>);

/// What [`Current`] shares.
#[derive(Debug, Default)]
struct Saving {
    /// The match being saved.
    game: Option<GameSlot>,
    /// Whether a match given up is only noted in `given_up`, not saved: a
    /// new match is replacing it.
    deferring: bool,
    /// A match given up for a new one, and by whom, not saved as given up
    /// yet: it stays the table's saved match until the new one is saved
    /// as the table's, so that a server stopped in between finds the table.
    given_up: Option<(GameSlot, Option<Seat>)>,
    /// The match saved last, kept once it is given up: the one to review.
    last: Option<GameSlot>,
}

impl Current {
    pub(crate) fn get(&self) -> Option<GameSlot> {
        self.saving().game.clone()
    }

    fn set(&self, id: Option<GameSlot>) {
        let mut saving = self.saving();
        saving.last = id.clone().or(saving.last.take());
        saving.game = id;
    }

    fn saving(&self) -> std::sync::MutexGuard<'_, Saving> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The one record, with the id of the match it saves kept where the table
/// can read it.
struct Record {
    inner: QueuedRecorder,
    current: Current,
}

impl Recorder for Record {
    fn started(
        &mut self,
        setup: &TableSetup,
        seats: &BySeat<Sitter>,
        opening: &[Event],
    ) -> Result<(), RecordError> {
        let result = self.inner.started(setup, seats, opening);
        self.current.set(Some(self.inner.current().clone()));
        result
    }

    fn taken(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
        events: &[Event],
    ) -> Result<(), RecordError> {
        self.inner.taken(seat, action, claims, events)
    }

    fn given_up(&mut self, seat: Option<Seat>) -> Result<(), RecordError> {
        {
            let mut saving = self.current.saving();
            if saving.deferring {
                // The new match's start replaces the inner recorder's match.
                saving.given_up = Some((self.inner.current().clone(), seat));
                return Ok(());
            }
        }
        self.inner.given_up(seat)
    }
}

/// Everything a table is made from besides its seats' tokens.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub kinds: BySeat<SeatKind>,
    pub config: GameConfig,
    pub length: MatchLength,
    /// The table's seed: each match's follows from it.
    pub seed: u64,
    /// Whether people count what each card they play pegs (muggins for the
    /// pegging; the shows are counted for them).
    pub muggins_pegging: bool,
    /// Whether the table is listed in the lobby; if not, it is by
    /// invitation only.
    pub listed: bool,
    /// Whether its matches are rated: two seats, every person a member,
    /// no engine, and deals no one chose.
    pub rated: bool,
    /// The move clock, if the table has one.
    pub clock: Option<MoveClock>,
    /// The tournament's match the table is opened for, linked to the match
    /// when it begins: only a new table's (once begun, the link is kept
    /// with the saved match, and a tournament's table plays one match).
    pub tournament: Option<TournamentLink>,
}

/// A tournament's match, and the table it is played at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TournamentLink {
    pub tournament: TournamentId,
    /// The match's place in the draw.
    pub number: u16,
    pub table_id: String,
}

impl Plan {
    /// The seed of the `matches`-th match begun at the table (from 1).
    const fn match_seed(&self, matches: u64) -> u64 {
        if matches <= 1 { self.seed } else { derive_seed(self.seed, matches - 1) }
    }

    /// The setup of the `matches`-th match begun at the table (from 1).
    const fn setup(&self, matches: u64) -> TableSetup {
        TableSetup {
            config: self.config,
            length: self.length,
            seed: self.match_seed(matches),
            muggins: self.muggins_pegging,
            muggins_pegging: self.muggins_pegging,
        }
    }
}

/// Why a table could not be opened or loaded.
#[derive(Debug, thiserror::Error)]
pub(crate) enum OpenError {
    /// An engine the table names is not on the server's list.
    #[error("no engine called {0:?} on this server")]
    UnknownEngine(String),
    /// A program failed, or a saved match does not replay.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// One browser table and its match.
pub(crate) struct Room {
    plan: Plan,
    /// Whether each seat is taken: programs' and the creator's always.
    joined: BySeat<bool>,
    /// The club's member at each seat, if a member sat there.
    members: BySeat<Option<SeatMember>>,
    /// Matches begun at this table.
    matches: u64,
    table: Table,
    current: Current,
    /// Where its matches are saved, if anywhere.
    saver: Option<Saver>,
    quit: bool,
    /// Why the table can go no further, if a program failed.
    failed: Option<String>,
    /// Bumped on every change, so that live streams know to fetch.
    version: watch::Sender<u64>,
    touched: Instant,
    /// What a listed table rings when its listing changes, and the listing
    /// the lobby was last told of.
    lobby: Option<(Bell, Option<Listing>)>,
    /// The move clock as it runs, if the table has one.
    clock: Option<Clock>,
    /// The moves of the current match the clock made: where each one's
    /// events begin, and for whom.
    clocked: Vec<(usize, Seat)>,
    /// The seat that forfeited the match on the clock, if one did.
    forfeit: Option<Seat>,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room").field("plan", &self.plan).field("matches", &self.matches).finish()
    }
}

/// What an invited seat is called in its saved matches while no member
/// sits there.
fn guest_name(seat: Seat) -> String {
    format!("guest {}", seat.index() + 1)
}

/// The sitters of a table's seats.
fn sitters(kinds: &BySeat<SeatKind>, engines: &Engines) -> Result<BySeat<Sitter>, OpenError> {
    let mut sitters = Vec::new();
    for (seat, kind) in kinds.iter() {
        sitters.push(match kind {
            SeatKind::Creator => Sitter::person("me"),
            SeatKind::Person | SeatKind::Member(_) => Sitter::person(guest_name(seat)),
            SeatKind::Computer(strategy) => Sitter::program(BuiltInContestant::new(*strategy)),
            SeatKind::Engine(name) => {
                let command = engines
                    .iter()
                    .find(|(known, _)| known == name)
                    .map(|(_, command)| command.clone())
                    .ok_or_else(|| OpenError::UnknownEngine(name.clone()))?;
                Sitter::program(EngineContestant::new(command, EngineOptions::default()))
            }
        });
    }
    // One sitter a seat of a validated configuration: never refused.
    BySeat::from_vec(sitters).map_err(|_| OpenError::UnknownEngine(String::new()))
}

/// Where a table's matches are saved: the store's writer thread, and the
/// table's own line of writes to it.
#[derive(Clone, Debug)]
pub(crate) struct Saver {
    pub writer: Arc<Writer>,
    pub line: Line,
}

/// Writes queued for a table that an answer must wait for: the first
/// `count` of its line.
#[derive(Debug)]
pub(crate) struct Pending {
    pub line: Line,
    pub count: u64,
}

fn recorder(
    saver: Option<&Saver>,
    resuming: Option<GameId>,
    current: &Current,
) -> Option<Box<dyn Recorder>> {
    let Saver { writer, line } = saver?.clone();
    let inner = match resuming {
        Some(id) => QueuedRecorder::resuming(writer, line, id),
        None => QueuedRecorder::new(writer, line),
    };
    current.set(Some(inner.current().clone()));
    Some(Box::new(Record { inner, current: current.clone() }))
}

impl Room {
    /// A new table: its first match begun, its first round dealt, and its
    /// programs' moves made.
    pub(crate) fn open(
        plan: Plan,
        engines: &Engines,
        saver: Option<Saver>,
    ) -> Result<Room, OpenError> {
        let seats = sitters(&plan.kinds, engines)?;
        let current = Current::default();
        let setup = plan.setup(1);
        let recorder = recorder(saver.as_ref(), None, &current);
        let table = Table::new(setup, seats, Dealing::OnRequest, recorder);
        let joined = plan.kinds.map(|_, kind| *kind != SeatKind::Person);
        let members = plan.kinds.map(|_, _| None);
        let mut room = Room::with(plan, (joined, members), 1, table, current, saver);
        room.table.start()?;
        room.record_club();
        room.advance();
        room.run_clock();
        Ok(room)
    }

    /// A saved table taken up where it stopped: its match replayed, every
    /// program asked again for each of its moves, then every program that
    /// is due moved, so that a table saved between a person's move and a
    /// program's answer goes on.
    pub(crate) fn load(
        plan: Plan,
        seated: (BySeat<bool>, BySeat<Option<SeatMember>>),
        matches: u64,
        game: GameId,
        moves: &[Taken],
        engines: &Engines,
        saver: Option<Saver>,
    ) -> Result<Room, OpenError> {
        let seats = sitters(&plan.kinds, engines)?;
        let current = Current::default();
        let setup = plan.setup(matches);
        let recorder = recorder(saver.as_ref(), Some(game), &current);
        let table = Table::resume(setup, seats, Dealing::OnRequest, recorder, moves)?;
        let mut room = Room::with(plan, seated, matches, table, current, saver);
        room.advance();
        room.run_clock();
        Ok(room)
    }

    /// Takes up what the clock did in the saved match just loaded, whose
    /// actions are `moves`: which of them the clock made (said so again in
    /// the log), and the moves running it made for each person since they
    /// last moved themselves.
    pub(crate) fn clocked_before(&mut self, moves: &[crib_store::Move]) {
        let setup = self.plan.setup(self.matches);
        let Ok((mut play, opening)) = Match::new(setup.config, setup.length, setup.seed) else {
            return;
        };
        let mut at = opening.len();
        for saved in moves {
            if saved.by_clock {
                self.clocked.push((at, saved.seat));
            }
            if let Some(clock) = &mut self.clock
                && self.plan.kinds[saved.seat].is_person()
            {
                clock.moved(saved.seat, saved.by_clock);
            }
            match play.play_claiming(saved.seat, saved.action, saved.claims) {
                Ok(events) => at += events.len(),
                Err(_) => return,
            }
        }
        self.run_clock();
    }

    fn with(
        plan: Plan,
        (joined, members): (BySeat<bool>, BySeat<Option<SeatMember>>),
        matches: u64,
        table: Table,
        current: Current,
        saver: Option<Saver>,
    ) -> Room {
        Room {
            joined,
            members,
            matches,
            table,
            current,
            saver,
            quit: false,
            failed: None,
            version: watch::Sender::new(0),
            touched: Instant::now(),
            lobby: None,
            clock: plan.clock.map(|clock| Clock::new(clock, plan.config)),
            clocked: Vec::new(),
            forfeit: None,
            plan,
        }
    }

    /// Programs move until a person must; a failure stops the table.
    fn advance(&mut self) {
        if !self.everyone_joined() || self.quit {
            return;
        }
        if let Err(error) = self.table.advance() {
            self.failed = Some(error.to_string());
        }
        if let Some(unsaved) = self.table.take_unsaved() {
            eprintln!("crib: saving a game failed: {unsaved}");
        }
    }

    /// What the table is made from.
    pub(crate) const fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Whether each seat is taken.
    pub(crate) const fn joined(&self) -> &BySeat<bool> {
        &self.joined
    }

    /// The club's member at each seat, if a member sat there.
    pub(crate) const fn members(&self) -> &BySeat<Option<SeatMember>> {
        &self.members
    }

    /// Seats `member` at `seat` of the table and of its saved match.
    pub(crate) fn seat_member(&mut self, seat: Seat, id: MemberId, name: &str) {
        let seated = SeatMember { id: id.0, name: name.to_owned() };
        if let Some(slot) = self.members.get_mut(seat) {
            *slot = Some(seated);
        }
        if let (Some(saver), Some(game)) = (&self.saver, self.current.get()) {
            saver.writer.seat_member(&saver.line, &game, seat, id, name.to_owned());
        }
        self.changed();
    }

    /// At a table of programs alone, deals the next hand and lets them play
    /// it (the first, dealt as the table opened, is played first): whether
    /// the match goes on. A table with a person at it is left as it is.
    pub(crate) fn play_hand(&mut self) -> bool {
        if self.plan.kinds.iter().any(|(_, kind)| kind.is_person()) || self.finished() {
            return false;
        }
        self.advance();
        if !self.finished() {
            let dealer = self.table.view(Seat::ALL[0]).dealer;
            if self.take(dealer, Move::Continue, false).is_ok() {
                self.advance();
            } else {
                self.failed.get_or_insert_with(|| "the next hand could not be dealt".to_owned());
            }
        }
        self.changed();
        !self.finished()
    }

    /// Writes the club's record of the match just begun: its tournament
    /// (before any move), its members, and whether it is rated.
    fn record_club(&mut self) {
        let (Some(saver), Some(game)) = (&self.saver, self.current.get()) else { return };
        if let Some(TournamentLink { tournament, number, table_id }) = self.plan.tournament.take() {
            saver.writer.link_tournament(&saver.line, &game, tournament, number, table_id);
        }
        for (seat, member) in self.members.iter() {
            if let Some(SeatMember { id, name }) = member {
                saver.writer.seat_member(&saver.line, &game, seat, MemberId(*id), name.clone());
            }
        }
        if self.plan.rated {
            saver.writer.rate(&saver.line, &game);
        }
    }

    /// Matches begun at this table.
    pub(crate) const fn matches(&self) -> u64 {
        self.matches
    }

    /// The match being saved, if it is (its number may not be written yet).
    pub(crate) fn saved(&self) -> Option<GameSlot> {
        self.current.get()
    }

    /// Where the table is saved, if anywhere.
    pub(crate) const fn saver(&self) -> Option<&Saver> {
        self.saver.as_ref()
    }

    /// Hands everything queued for saving so far to the writer thread, in
    /// one piece, and returns it for an answer that shows it to wait for.
    pub(crate) fn pending(&self) -> Option<Pending> {
        let Saver { writer, line } = self.saver.as_ref()?;
        writer.flush(line);
        Some(Pending { line: line.clone(), count: line.queued() })
    }

    /// The match saved last, also once given up: the one a review is of
    /// (`None` until its start is written).
    pub(crate) fn saved_last(&self) -> Option<GameId> {
        self.current.saving().last.as_ref().and_then(GameSlot::get)
    }

    /// The table as the lobby lists it, if it is listed and open: not quit,
    /// no program failed, its match not won.
    pub(crate) fn listing(&self, id: &str) -> Option<Listing> {
        let open = self.plan.listed
            && !self.quit
            && self.failed.is_none()
            && self.table.play().winner().is_none();
        open.then(|| Listing {
            game: id.to_owned(),
            players: self.plan.config.players(),
            target: self.plan.config.target(),
            format: MatchFormat::of(self.plan.length),
            names: self.compass_names(),
            seats: self.seat_infos(),
            started: self.everyone_joined(),
            clock: self.plan.clock.map(MoveClock::seconds),
        })
    }

    /// Tells the lobby of this table now and whenever its listing changes
    /// (nothing, for a table not listed).
    pub(crate) fn tell(&mut self, bell: Bell) {
        let listing = self.listing("");
        if listing.is_some() {
            bell.ring();
        }
        self.lobby = Some((bell, listing));
    }

    /// Rings the lobby's bell if the table's listing changed.
    fn tell_lobby(&mut self) {
        let Some((bell, told)) = &self.lobby else { return };
        let listing = self.listing("");
        if listing != *told {
            bell.ring();
            self.lobby = Some((bell.clone(), listing));
        }
    }

    /// Each seat by its compass point, as a spectator and the lobby name
    /// them ([`compass_name`]).
    fn compass_names(&self) -> BySeat<String> {
        self.plan.kinds.map(|seat, _| compass_name(self.plan.config, seat).to_owned())
    }

    /// Who sits at each seat, as every seat may know.
    fn seat_infos(&self) -> BySeat<SeatInfo> {
        self.plan.kinds.map(|seat, kind| SeatInfo {
            kind: kind.kind_text(),
            level: kind.level_text(),
            creator: *kind == SeatKind::Creator,
            joined: self.joined[seat],
            side: self.plan.config.side_of(seat).index(),
            member: self.members[seat].as_ref().map(|member| member.name.clone()),
        })
    }

    fn everyone_joined(&self) -> bool {
        self.joined.iter().all(|(_, &joined)| joined)
    }

    /// When the table last changed or was asked about.
    pub(crate) const fn touched(&self) -> Instant {
        self.touched
    }

    /// Marks the table as in use now.
    pub(crate) fn touch(&mut self) {
        self.touched = Instant::now();
    }

    /// Whether nothing more can happen here: a seat quit, a program failed,
    /// or the match is won.
    pub(crate) fn finished(&self) -> bool {
        self.quit || self.failed.is_some() || self.table.play().winner().is_some()
    }

    /// A live stream's handle on changes.
    pub(crate) fn subscribe(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }

    /// A person takes invited seat `seat`, or the first one free; the seat
    /// taken, or `None` if there is none.
    pub(crate) fn join(&mut self, seat: Option<Seat>) -> Option<Seat> {
        let free = |(seat, kind): (Seat, &SeatKind)| {
            (*kind == SeatKind::Person && !self.joined[seat]).then_some(seat)
        };
        let seat = match seat {
            Some(seat) => free((seat, self.plan.kinds.get(seat)?)),
            None => self.plan.kinds.iter().find_map(free),
        }?;
        self.joined[seat] = true;
        self.advance();
        self.changed();
        Some(seat)
    }

    /// The seat kept at this table for the member numbered `id`, if one is.
    pub(crate) fn kept_for(&self, id: MemberId) -> Option<Seat> {
        self.plan
            .kinds
            .iter()
            .find(|(_, kind)| **kind == SeatKind::Member(id.0))
            .map(|(seat, _)| seat)
    }

    /// Whether the table plays a tournament's match: whether a seat is kept
    /// for a member. Its match is played once.
    pub(crate) fn for_tournament(&self) -> bool {
        self.plan.kinds.iter().any(|(_, kind)| matches!(kind, SeatKind::Member(_)))
    }

    /// The member the seat `seat` is kept for takes it.
    pub(crate) fn take_kept(&mut self, seat: Seat) {
        if let Some(joined) = self.joined.get_mut(seat) {
            *joined = true;
        }
        self.advance();
        self.changed();
    }

    /// `seat` moves; the programs answer. On error nothing changes.
    pub(crate) fn act(&mut self, seat: Seat, chosen: Move) -> Result<(), MoveError> {
        self.take(seat, chosen, false)?;
        if let Some(clock) = &mut self.clock {
            clock.moved(seat, false);
        }
        self.advance();
        self.changed();
        Ok(())
    }

    /// `seat`'s move taken, by its person or (`by_clock`) by the clock,
    /// whose play of a card that pegs is counted by the game, as a
    /// program's is. On error nothing changes.
    fn take(&mut self, seat: Seat, chosen: Move, by_clock: bool) -> Result<(), MoveError> {
        if self.quit {
            return Err(MoveError::Quit);
        }
        if let Some(failed) = &self.failed {
            return Err(MoveError::Failed(failed.clone()));
        }
        if !self.everyone_joined() {
            return Err(MoveError::NotJoined);
        }
        let done = match chosen {
            Move::Continue => {
                self.check_continue(seat)?;
                self.table.deal()
            }
            Move::Discard(cards) => self.table.act(seat, Action::Discard(cards), Claims::NONE),
            Move::Play { card, claim } => {
                let claims =
                    if by_clock { Claims::NONE } else { self.pegging_claims(seat, card, claim)? };
                self.table.act(seat, Action::Play(card), claims)
            }
            Move::Go => self.table.act(seat, Action::Go, Claims::NONE),
        };
        match done {
            Ok(_) => {}
            Err(TableError::Illegal(illegal)) => return Err(MoveError::Illegal(illegal)),
            Err(TableError::NoDeal) => {
                return Err(MoveError::NoContinue("the hand is still being played"));
            }
            // The move stood; a program failed on hearing of it.
            Err(other) => self.failed = Some(other.to_string()),
        }
        Ok(())
    }

    /// The move the clock makes for `seat`: the `basic` player's (the deal
    /// of the next hand between hands).
    pub(crate) fn clock_move(&self, seat: Seat) -> Option<Move> {
        let view = self.table.view(seat);
        if view.phase == Phase::Deal {
            return Some(Move::Continue);
        }
        Some(match Strategy::Basic.player(0).act(&view)? {
            Action::Deal => Move::Continue,
            Action::Discard(cards) => Move::Discard(cards),
            Action::Play(card) => Move::Play { card, claim: None },
            Action::Go => Move::Go,
        })
    }

    /// The clock's alarm, if the timer is to be set again.
    pub(crate) fn alarm(&mut self) -> Option<Alarm> {
        self.clock.as_mut()?.alarm()
    }

    /// Keeps the task of the clock's timer.
    pub(crate) fn set_timer(&mut self, timer: tokio::task::AbortHandle) {
        if let Some(clock) = &mut self.clock {
            clock.set_timer(timer);
        }
    }

    /// The clock's timer, set for `serial`, has woken: if the deadlines are
    /// still those it was set for and a seat's time has run out, the clock
    /// moves for it ([`Room::clock_move`]), marked as the clock's in the
    /// record and the log, and the programs answer; a seat the clock has
    /// moved for [`TIMEOUTS_TO_FORFEIT`] times running forfeits the match.
    /// Whether it moved.
    pub(crate) fn time_out(&mut self, serial: u64) -> bool {
        let now = tokio::time::Instant::now();
        let Some(clock) = &mut self.clock else { return false };
        clock.fired();
        let Some(seat) = clock.expired(serial, now) else { return false };
        let Some(chosen) = self.clock_move(seat) else { return false };
        // The deal between hands is saved as the dealer's action: marked
        // only when the dealer is the seat that ran out of time.
        let own = chosen != Move::Continue || self.table.view(seat).dealer == seat;
        let from = self.event_count();
        if let Err(error) = self.take(seat, chosen, true) {
            eprintln!("crib: the clock's move was refused: {error}");
            return false;
        }
        if let (Some(saver), Some(game), true) = (&self.saver, self.current.get(), own) {
            saver.writer.moved_by_clock(&saver.line, &game);
        }
        self.clocked.push((from, seat));
        let running = self.clock.as_mut().map_or(0, |clock| clock.moved(seat, true));
        if running >= TIMEOUTS_TO_FORFEIT {
            self.forfeit = Some(seat);
            self.quit(seat);
            return true;
        }
        self.advance();
        self.changed();
        true
    }

    /// Sets the clock's deadlines for the seats that may move now: each
    /// person's seat with a move to make (none once the table is closed).
    fn run_clock(&mut self) {
        if self.clock.is_none() {
            return;
        }
        let due = self.plan.kinds.map(|seat, kind| {
            kind.is_person() && {
                let moves = self.moves(seat, &self.table.view(seat));
                moves.discard > 0 || !moves.playable.is_empty() || moves.go || moves.cont
            }
        });
        if let Some(clock) = &mut self.clock {
            clock.update(&due, tokio::time::Instant::now());
        }
    }

    /// The claims for `seat`'s play of `card`: with muggins for the
    /// pegging, the person's `claim` of what it pegs, needed when it pegs.
    fn pegging_claims(
        &self,
        seat: Seat,
        card: Card,
        claim: Option<u8>,
    ) -> Result<Claims, MoveError> {
        if !self.plan.muggins_pegging {
            return Ok(Claims::NONE);
        }
        if let Some(points) = claim {
            return Ok(Claims::NONE.with_pegging(points));
        }
        let (_, preview) = self.table.preview(seat, Action::Play(card), Claims::NONE)?;
        match crib_table::pegging_to_count(&preview) {
            Some((card, count)) => Err(MoveError::ClaimNeeded { card, count }),
            None => Ok(Claims::NONE),
        }
    }

    /// `seat` leaves before play has begun (before every seat is taken): a
    /// person invited frees the seat for someone else, the creator closes
    /// the table (the match is given up, as by [`Room::quit`]). Once play
    /// has begun a seat is left only by quitting.
    pub(crate) fn leave(&mut self, seat: Seat) -> Result<Left, MoveError> {
        if self.quit {
            return Err(MoveError::Quit);
        }
        if self.everyone_joined() {
            return Err(MoveError::Started);
        }
        if self.plan.kinds.get(seat) == Some(&SeatKind::Creator) {
            self.quit(seat);
            return Ok(Left::Closed);
        }
        self.joined[seat] = false;
        // A seat kept for a member stays theirs.
        let kept = matches!(self.plan.kinds.get(seat), Some(SeatKind::Member(_)));
        if let Some(slot) = self.members.get_mut(seat).filter(|_| !kept)
            && slot.take().is_some()
            && let (Some(saver), Some(game)) = (&self.saver, self.current.get())
        {
            saver.writer.unseat_member(&saver.line, &game, seat, guest_name(seat));
        }
        self.changed();
        Ok(Left::Freed)
    }

    /// A new match at the same table, same seats and tokens: the one being
    /// played is given up by `by`, if it was not won. The match given up is
    /// saved as such only by [`Room::given_up_for_new`], once the table's
    /// row names the new match.
    pub(crate) fn restart(&mut self, by: Seat) {
        self.matches += 1;
        let seed = self.plan.match_seed(self.matches);
        self.quit = false;
        self.failed = None;
        self.forfeit = None;
        self.clocked.clear();
        if let Some(clock) = &mut self.clock {
            clock.reset();
        }
        self.current.saving().deferring = true;
        let restarted = self.table.restart(seed, Some(by));
        self.current.saving().deferring = false;
        match restarted {
            Ok(_) => self.record_club(),
            Err(error) => self.failed = Some(error.to_string()),
        }
        self.advance();
        self.changed();
    }

    /// Saves the match that [`Room::restart`] gave up as given up: queued
    /// after the table's row that names the new match, so that the table is
    /// found whenever the server stops.
    pub(crate) fn given_up_for_new(&mut self) {
        let given_up = self.current.saving().given_up.take();
        if let (Some((game, by)), Some(saver)) = (given_up, &self.saver) {
            saver.writer.give_up(&saver.line, &game, by);
        }
    }

    /// A seat leaves: the match is given up by it, and the table closed for
    /// everyone.
    pub(crate) fn quit(&mut self, by: Seat) {
        if !self.quit {
            self.table.give_up(Some(by));
            if let Some(unsaved) = self.table.take_unsaved() {
                eprintln!("crib: saving a game failed: {unsaved}");
            }
        }
        self.quit = true;
        self.changed();
    }

    /// What `seat` may know of the current game, once play has begun:
    /// until every seat is taken its cards are face down to it too.
    pub(crate) fn view(&self, seat: Seat) -> Result<crib_core::View, MoveError> {
        if !self.everyone_joined() {
            return Err(MoveError::NotJoined);
        }
        Ok(self.table.view(seat))
    }

    /// The current match's seed: the hint's expert samples from it.
    pub(crate) const fn seed(&self) -> u64 {
        self.plan.match_seed(self.matches)
    }

    /// The table read from `seat`, with its names for the other seats.
    pub(crate) fn perspective(&self, seat: Seat) -> Perspective {
        Perspective::new(self.plan.config, Some(seat), self.names(seat))
    }

    /// The number of events of the current match.
    pub(crate) fn event_count(&self) -> usize {
        self.table.events().len()
    }

    /// How each seat is named to `me`, as the terminal names it
    /// ([`seat_name`]: West, North and East around the table from `me`);
    /// with two seats the other is "the computer" or "your opponent".
    fn names(&self, me: Seat) -> BySeat<String> {
        let config = self.plan.config;
        self.plan.kinds.map(|seat, kind| {
            seat_name(config, me, seat)
                .unwrap_or(if kind.is_person() { "your opponent" } else { "the computer" })
                .to_owned()
        })
    }

    /// Everything `seat` may know, with its events from `since` on.
    pub(crate) fn state(&self, seat: Seat, since: usize) -> State {
        self.state_as(Some(seat), since)
    }

    /// Everything a spectator may know, with the events from `since` on:
    /// what is face up and nothing else ([`crib_core::View::public`],
    /// [`Event::public`]), the table seen from seat 0's side, each seat
    /// named by its compass point, and no move.
    pub(crate) fn watched(&self, since: usize) -> State {
        self.state_as(None, since)
    }

    /// The state of a seat, or of a spectator (`None`). Until every seat is
    /// taken a seat sees what a spectator sees: the cards are dealt, face
    /// down to everyone, so that a person who takes a seat and leaves it
    /// again knows no card of whoever takes it next.
    fn state_as(&self, who: Option<Seat>, since: usize) -> State {
        // A spectator sees the table from seat 0's side.
        let seat = who.unwrap_or(Seat::ALL[0]);
        let sees = who.filter(|_| self.everyone_joined());
        let view = match sees {
            Some(seat) => self.table.view(seat),
            None => self.table.view(seat).public(),
        };
        let names = match who {
            Some(seat) => self.names(seat),
            None => self.compass_names(),
        };
        let perspective = Perspective::new(self.plan.config, who, names.clone());
        let all = self.table.events();
        let start = since.min(all.len());
        let events = all[start..]
            .iter()
            .enumerate()
            .map(|(offset, event)| {
                let index = start + offset;
                let event = seen_by(event, sees);
                let Narration { lines, steps } = narrate(&event, &perspective);
                let points = event.points().map(|(seat, points)| Points { seat, points });
                let by_clock = self.clocked.iter().find(|&&(at, _)| at == index);
                let said = by_clock.map(|&(_, seat)| clock_moved(seat, &perspective));
                Said {
                    index,
                    lines: said
                        .into_iter()
                        .chain(lines.into_iter().map(|line| line.text))
                        .collect(),
                    by_clock: by_clock.is_some(),
                    event,
                    steps,
                    points,
                }
            })
            .collect();
        let clock = self.clock.as_ref().map(|clock| {
            let forfeit = self.forfeit.map(|seat| Forfeit {
                seat,
                said: clock_forfeit(seat, TIMEOUTS_TO_FORFEIT, &perspective),
            });
            clock.told(tokio::time::Instant::now(), forfeit)
        });
        let holds = self.plan.kinds.map(|other, _| held(&view, other));
        let laid = laid(sees, &view, all);
        let opponent =
            self.plan.kinds.get(Seat::ALL[1]).map_or(Opponent::Person, |kind| match kind {
                SeatKind::Computer(strategy) => Opponent::Computer(*strategy),
                SeatKind::Engine(name) => Opponent::Engine(name.clone()),
                SeatKind::Creator | SeatKind::Person | SeatKind::Member(_) => Opponent::Person,
            });
        State {
            seat: who,
            opponent,
            seats: self.seat_infos(),
            joined: self.everyone_joined(),
            quit: self.quit,
            failed: self.failed.clone(),
            matches: self.matches,
            names,
            games_won: self.table.play().games_won().to_vec(),
            format: MatchFormat::of(self.plan.length),
            club_points: matches!(self.plan.length, MatchLength::AllOf(_))
                .then(|| self.table.play().tally().club_points().to_vec()),
            match_winner: self.table.play().winner().map(|side| side.index()),
            opponent_holds: holds[seat.next(self.plan.config.players())],
            holds,
            turn: self.turn(&view),
            laid,
            moves: match who {
                Some(seat) => self.moves(seat, &view),
                None => Moves::NONE,
            },
            view,
            next: all.len(),
            events,
            clock,
        }
    }

    /// The seat the table waits for, if one: the one to play, or the first
    /// still to discard.
    fn turn(&self, view: &crib_core::View) -> Option<Seat> {
        let game = self.table.game();
        match view.phase {
            Phase::Pegging => game.pegging().turn(),
            Phase::Discard => game.to_act().first().copied(),
            Phase::Deal | Phase::Over => None,
        }
    }

    /// What the page may offer `seat` now. Every choice comes from the rules
    /// in `crib_core`, so that the page holds none.
    fn moves(&self, seat: Seat, view: &crib_core::View) -> Moves {
        let open = !self.quit && self.failed.is_none() && self.everyone_joined();
        let legal = if open { view.legal_actions() } else { Vec::new() };
        let playable: Vec<Card> = legal
            .iter()
            .filter_map(|action| match action {
                Action::Play(card) => Some(*card),
                _ => None,
            })
            .collect();
        let discard = if legal.iter().any(|action| matches!(action, Action::Discard(_))) {
            view.config.discards()
        } else {
            0
        };
        Moves {
            discard,
            playable,
            go: legal.contains(&Action::Go),
            cont: open && self.check_continue(seat).is_ok(),
        }
    }

    /// Whether `seat` may deal the next round: the dealer, or any person
    /// when a program deals.
    fn check_continue(&self, seat: Seat) -> Result<(), MoveError> {
        if self.table.play().winner().is_some() {
            return Err(MoveError::NoContinue("the match is over: start a new game"));
        }
        let view = self.table.view(seat);
        match view.phase {
            Phase::Deal if view.dealer == seat || !self.plan.kinds[view.dealer].is_person() => {
                Ok(())
            }
            Phase::Deal => Err(MoveError::NoContinue("the dealer deals the next hand")),
            Phase::Over => Err(MoveError::NoContinue("the match is over: start a new game")),
            Phase::Discard | Phase::Pegging => {
                Err(MoveError::NoContinue("the hand is still being played"))
            }
        }
    }

    fn changed(&mut self) {
        self.touch();
        self.run_clock();
        self.version.send_modify(|version| *version += 1);
        self.tell_lobby();
    }
}

/// How many cards `seat` holds, as anyone at the table can see.
fn held(view: &crib_core::View, seat: Seat) -> usize {
    match view.phase {
        Phase::Discard if view.has_discarded(seat) => view.config.dealt() - view.config.discards(),
        Phase::Discard => view.config.dealt(),
        Phase::Pegging => (view.config.dealt() - view.config.discards())
            .saturating_sub(view.pegging.played_by(seat).len()),
        Phase::Deal | Phase::Over => 0,
    }
}

/// `event` as `who` may see it: a seat ([`Event::for_seat`]), or a
/// spectator (`None`, [`Event::public`]).
fn seen_by(event: &Event, who: Option<Seat>) -> Event {
    match who {
        Some(seat) => event.for_seat(seat),
        None => event.public().into_owned(),
    }
}

/// The cards left face up once a hand is over, until the next deal, as
/// `who` may see them (a seat, or a spectator: `None`, who has no kept hand
/// of their own): read from the events of the match, so that they stay when
/// the hand ended a game and the view is already the next game's.
fn laid(who: Option<Seat>, view: &crib_core::View, events: &[Event]) -> Option<Laid> {
    if !matches!(view.phase, Phase::Deal | Phase::Over) {
        return None;
    }
    let dealt = events.iter().rposition(|event| matches!(event, Event::Dealt { .. }))?;
    let players = usize::from(view.config.players());
    let mut laid = Laid {
        dealer: view.dealer,
        kept: CardSet::EMPTY,
        shown: vec![None; players],
        starter: None,
        crib: None,
    };
    for event in &events[dealt..] {
        match seen_by(event, who) {
            Event::Dealt { dealer, hands, .. } => {
                laid.dealer = dealer;
                let own = who.and_then(|seat| hands.get(seat.index()).copied().flatten());
                laid.kept = own.unwrap_or(CardSet::EMPTY);
            }
            Event::Discarded { seat: by, cards: Some(cards) } if Some(by) == who => {
                laid.kept -= cards;
            }
            Event::Cut { starter, .. } => laid.starter = Some(starter),
            Event::Shown { seat: by, breakdown }
            | Event::Claimed { seat: by, crib: false, breakdown, .. } => {
                if let Some(shown) = laid.shown.get_mut(by.index()) {
                    *shown = Some(breakdown.show.hand());
                }
            }
            Event::CribShown { breakdown, .. } | Event::Claimed { crib: true, breakdown, .. } => {
                laid.crib = Some(breakdown.show.hand());
            }
            _ => {}
        }
    }
    Some(laid)
}

/// The cards left face up between the end of a hand and the next deal.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Laid {
    /// Who dealt the hand: its crib's owner (the view's `dealer` is who
    /// deals next).
    pub dealer: Seat,
    /// The four cards the seat kept, shown or not: the hand it played,
    /// gathered again.
    pub kept: CardSet,
    /// Each seat's hand as shown, seat 0 first; `None` where the game ended
    /// before that seat's show.
    pub shown: Vec<Option<CardSet>>,
    /// The starter, if one was cut.
    pub starter: Option<Card>,
    /// The crib, once shown.
    pub crib: Option<CardSet>,
}

/// Who sits at seat 1, as two-seat pages name it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind", content = "level")]
pub enum Opponent {
    /// A built-in player of this strength.
    Computer(Strategy),
    /// An engine of the server's list.
    Engine(String),
    /// A person.
    Person,
}

/// What leaving a table did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Left {
    /// The seat is free for someone else.
    Freed,
    /// The creator left: the table is closed.
    Closed,
}

/// Who sits at one seat, as every seat may know.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SeatInfo {
    /// `person`, `computer` or `engine`.
    pub kind: &'static str,
    /// The computer's level, or the engine's name.
    pub level: Option<String>,
    /// Whether this is the seat of the person who opened the table.
    pub creator: bool,
    /// Whether the seat is taken.
    pub joined: bool,
    /// The side it scores for.
    pub side: usize,
    /// The club's member who sits there, if one does.
    pub member: Option<String>,
}

/// A seat's whole answer: its view, what it may do, and its events.
#[derive(Debug, Serialize)]
pub(crate) struct State {
    /// The seat asking; `null` for a spectator.
    pub seat: Option<Seat>,
    /// Who sits at seat 1 (for two-seat pages).
    pub opponent: Opponent,
    /// Who sits at each seat.
    pub seats: BySeat<SeatInfo>,
    /// Whether every seat is taken.
    pub joined: bool,
    /// Whether a seat quit.
    pub quit: bool,
    /// Why the table can go no further, if a program failed.
    pub failed: Option<String>,
    /// Matches begun at this table: the page starts its log afresh when it
    /// changes, since event numbers start again with each match.
    pub matches: u64,
    /// How to name each seat to this one, seat 0 first.
    pub names: BySeat<String>,
    /// Games won by each side.
    pub games_won: Vec<u32>,
    /// How long the match is.
    #[serde(flatten)]
    pub format: MatchFormat,
    /// In the club format (games all played, won on points), each side's
    /// club points; `null` in a match to a number of wins.
    pub club_points: Option<Vec<u32>>,
    /// The side that won the match, once won.
    pub match_winner: Option<usize>,
    /// Cards the next seat holds (face down).
    pub opponent_holds: usize,
    /// Cards each seat holds.
    pub holds: BySeat<usize>,
    /// The seat the table waits for, if any.
    pub turn: Option<Seat>,
    /// The seat's view of the current game.
    pub view: crib_core::View,
    /// Between hands (also once a game or the match is over), the cards of
    /// the hand just played, left on the table until the next deal.
    pub laid: Option<Laid>,
    /// What the seat may do now.
    pub moves: Moves,
    /// The number of events so far: the `since` of the next request.
    pub next: usize,
    /// The events from `since` on, as the seat may see them.
    pub events: Vec<Said>,
    /// The table's move clock, if it has one: whose time runs and how much
    /// is left, and a match forfeited on it.
    pub clock: Option<ClockState>,
}

/// How long a table's matches are, as its state and the lobby say it.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub(crate) struct MatchFormat {
    /// As `crib play --format` reads it: `single`, `best-of-3`, `club-9`,
    /// ...
    pub format: String,
    /// In words: "first to 2 games".
    pub format_text: String,
}

impl MatchFormat {
    pub(crate) fn of(length: MatchLength) -> MatchFormat {
        MatchFormat { format: length.to_string(), format_text: length_text(length) }
    }
}

/// A table as the lobby lists it.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Listing {
    /// The table's id: its page is `/?join=ID` for a free seat.
    pub game: String,
    /// Its seats: 2, 3 or 4.
    pub players: u8,
    /// The score that wins a game.
    pub target: u8,
    /// How long its matches are.
    #[serde(flatten)]
    pub format: MatchFormat,
    /// Each seat by its compass point, seat 0 first.
    pub names: BySeat<String>,
    /// Who sits at each seat, seat 0 first.
    pub seats: BySeat<SeatInfo>,
    /// Whether every seat is taken and play has begun.
    pub started: bool,
    /// The seconds its move clock gives each move, if it has one.
    pub clock: Option<u32>,
}

/// What a seat may do now.
#[derive(Debug, Serialize)]
pub(crate) struct Moves {
    /// Cards to give to the crib now (0 when not discarding).
    pub discard: usize,
    /// Cards that may be played now.
    pub playable: Vec<Card>,
    /// Whether the seat must say go.
    pub go: bool,
    /// Whether the seat may deal the next hand.
    #[serde(rename = "continue")]
    pub cont: bool,
}

impl Moves {
    /// Nothing: a spectator's moves.
    const NONE: Moves = Moves { discard: 0, playable: Vec::new(), go: false, cont: false };
}

/// One event with its words.
#[derive(Debug, Serialize)]
pub(crate) struct Said {
    /// Its number in the match.
    pub index: usize,
    /// The event as the seat may see it.
    pub event: Event,
    /// What was said, in the seat's words; for the first event of a move
    /// the clock made, that first ("Moved by the clock: you ran out of
    /// time.").
    pub lines: Vec<String>,
    /// Whether this is the first event of a move the clock made for a
    /// person who ran out of time.
    pub by_clock: bool,
    /// For a show, each step of the count in words, in order.
    pub steps: Vec<Step>,
    /// Who pegs with this event, and how much.
    pub points: Option<Points>,
}

/// Points pegged by one seat.
#[derive(Debug, Serialize)]
pub(crate) struct Points {
    /// The seat.
    pub seat: Seat,
    /// The points.
    pub points: u8,
}

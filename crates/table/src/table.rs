//! The table: one match at 2, 3 or 4 seats, who sits at each seat, and the
//! one driver loop that every interface plays through.
//!
//! A seat is played by a [`Sitter`]: a person, whose moves arrive from
//! outside through [`Table::act`], or a program (any [`Contestant`]: a
//! built-in player, an engine process, a script), which the table asks for
//! its move as soon as it is due ([`Table::step`], [`Table::advance`]), after
//! a resume too. Every action taken goes to the table's [`Recorder`], if it
//! has one, the moment it is taken; every program is told what its seat may
//! know of each event ([`Notice`]), in the protocol's order, and its board
//! is checked after each crib and each game, as the referee does.
//!
//! The terminal game, the browser game, `crib match` (through
//! `crib_referee::referee_game`), self-play ([`crate::play_game`]) and
//! resume all play through this type; none keeps a driver loop of its own.

use crib_core::{
    Action, Board, BySeat, Card, Claims, Event, Game, GameConfig, IllegalAction, Match,
    MatchLength, Phase, Seat, View, derive_seed,
};

use crate::{Contestant, Fault, Forfeit, Notice};

/// Who plays a seat.
pub enum Sitter {
    /// A person: their moves come from outside, through [`Table::act`].
    Person {
        /// Their name, as saved and shown ("me", "guest").
        name: String,
    },
    /// A program, asked for its moves by the table.
    Program(Box<dyn Contestant + Send>),
}

impl std::fmt::Debug for Sitter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sitter::Person { name } => f.debug_struct("Person").field("name", name).finish(),
            Sitter::Program(program) => {
                f.debug_tuple("Program").field(&program.describe()).finish()
            }
        }
    }
}

impl Sitter {
    /// A person called `name`.
    #[must_use]
    pub fn person(name: impl Into<String>) -> Sitter {
        Sitter::Person { name: name.into() }
    }

    /// A program.
    #[must_use]
    pub fn program(contestant: impl Contestant + Send + 'static) -> Sitter {
        Sitter::Program(Box::new(contestant))
    }

    /// Whether a person plays the seat.
    #[must_use]
    pub const fn is_person(&self) -> bool {
        matches!(self, Sitter::Person { .. })
    }

    /// The person's name, or the program's description (a built-in
    /// player's level, an engine's command line).
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Sitter::Person { name } => name.clone(),
            Sitter::Program(program) => program.describe(),
        }
    }
}

/// Everything that shapes a table's matches besides who sits there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSetup {
    /// The players and the target.
    pub config: GameConfig,
    /// How long a match is.
    pub length: MatchLength,
    /// The seed of the current match: the cut for the deal and every deck.
    pub seed: u64,
    /// Whether people count their own shows (muggins): their claims are
    /// recorded with their moves.
    pub muggins: bool,
    /// Whether, with muggins, people also count what each card they play
    /// pegs (the point for a go stays counted by the game).
    pub muggins_pegging: bool,
}

/// When the next round is dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealing {
    /// As soon as a round is over: for tables of programs.
    Automatic,
    /// When an interface asks ([`Table::deal`]), so that people can read the
    /// shows first. A match's first round is dealt at once all the same.
    OnRequest,
}

/// Why a recorder could not save what happened.
pub type RecordError = Box<dyn std::error::Error + Send + Sync>;

/// Receives every match of a table as it is played, to save it: its start,
/// and every action the moment it is taken (never a muggins preview), so
/// that a saved match replays exactly from its seed and these actions.
pub trait Recorder: Send {
    /// A match begins: its setup, who sits at each seat, and the events of
    /// its start (the cut for the deal).
    ///
    /// # Errors
    ///
    /// A match that could not be saved; the game goes on, and says so.
    fn started(
        &mut self,
        setup: &TableSetup,
        seats: &BySeat<Sitter>,
        opening: &[Event],
    ) -> Result<(), RecordError>;

    /// `seat` took `action` with `claims`, and these events followed.
    ///
    /// # Errors
    ///
    /// An action that could not be saved.
    fn taken(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
        events: &[Event],
    ) -> Result<(), RecordError>;

    /// The match was given up before it was won, by `seat` (a person who
    /// resigned or quit) or by no one in particular (`None`).
    ///
    /// # Errors
    ///
    /// A change that could not be saved.
    fn given_up(&mut self, seat: Option<Seat>) -> Result<(), RecordError>;
}

/// Why the table did not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The rules refuse a person's move; the table is as it was.
    #[error(transparent)]
    Illegal(#[from] IllegalAction),
    /// A person's move asked of a seat a program plays.
    #[error("seat {0} is played by a program, not a person")]
    NotAPerson(Seat),
    /// No deal is due.
    #[error("no deal is due: the round is still being played")]
    NoDeal,
    /// A program broke the contract (an engine crashed, hung, answered
    /// garbage or moved illegally). Any move that came before it was taken.
    #[error("seat {} ({}) failed: {}", .0.seat, .1, .0.fault)]
    Fault(Forfeit, String),
    /// A resumed match went another way than the record: a program chose
    /// another move than the saved one.
    #[error(
        "the saved match does not replay: seat {seat} ({who}) now chooses {chosen}, not {saved}"
    )]
    Diverged {
        /// The seat.
        seat: Seat,
        /// Who plays it.
        who: String,
        /// The saved action.
        saved: Action,
        /// The action chosen now.
        chosen: Action,
    },
}

/// One recorded action, for [`Table::resume`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    /// The seat.
    pub seat: Seat,
    /// Its action.
    pub action: Action,
    /// The claims made with it (muggins).
    pub claims: Claims,
}

/// One match at a table, with its seats.
#[derive(Debug)]
pub struct Table {
    setup: TableSetup,
    play: Match,
    seats: BySeat<Sitter>,
    /// Every event of the current match, nothing hidden: each seat's share
    /// is redacted on the way out.
    events: Vec<Event>,
    recorder: Option<RecorderBox>,
    dealing: Dealing,
    /// What the recorder last failed to save, until an interface takes it.
    unsaved: Option<String>,
}

struct RecorderBox(Box<dyn Recorder>);

impl std::fmt::Debug for RecorderBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Recorder")
    }
}

impl Table {
    /// Sits `seats` at a table for a match from `setup.seed`, not begun yet:
    /// see [`Table::start`].
    ///
    /// # Panics
    ///
    /// If `seats` does not have one sitter for each seat of `setup.config`.
    #[must_use]
    pub fn new(
        setup: TableSetup,
        seats: BySeat<Sitter>,
        dealing: Dealing,
        recorder: Option<Box<dyn Recorder>>,
    ) -> Table {
        assert_eq!(seats.len(), usize::from(setup.config.players()), "one sitter a seat");
        let (play, opening) = new_match(&setup);
        Table {
            setup,
            play,
            seats,
            // Kept for `start`, which tells the programs of it.
            events: opening,
            recorder: recorder.map(RecorderBox),
            dealing,
            unsaved: None,
        }
    }

    /// A match of one game from `seed` between programs, dealt as soon as
    /// a round is over and recorded nowhere, not begun yet: a refereed game
    /// or a game of self-play.
    ///
    /// # Panics
    ///
    /// If `seats` does not have one sitter for each seat of `config`.
    #[must_use]
    pub fn one_game(config: GameConfig, seed: u64, seats: BySeat<Sitter>) -> Table {
        let setup = TableSetup {
            config,
            length: MatchLength::SINGLE,
            seed,
            muggins: false,
            muggins_pegging: false,
        };
        Table::new(setup, seats, Dealing::Automatic, None)
    }

    /// Begins the match: cut for the deal, every program told of its game,
    /// the first round dealt. Returns the events so far. Programs have not
    /// moved yet: see [`Table::advance`].
    ///
    /// # Errors
    ///
    /// A program that cannot start its game ([`TableError::Fault`]).
    pub fn start(&mut self) -> Result<Vec<Event>, TableError> {
        let opening = std::mem::take(&mut self.events);
        self.begin(opening)
    }

    /// The seats and every event of the current match, once the table is
    /// done with: the events are moved out, not copied.
    #[must_use]
    pub fn into_seats_and_events(self) -> (BySeat<Sitter>, Vec<Event>) {
        (self.seats, self.events)
    }

    /// A saved match taken up where it stopped: `moves` are taken again
    /// from `setup.seed`, every program told everything its seat may know
    /// and asked again for each of its own moves (so that an engine's game
    /// and a seeded player's choices stay in step). A program that decides
    /// from the view alone may have chosen otherwise when the match was
    /// saved (by an older program): its saved move stands. Later actions go
    /// to `recorder`, which is not told of the replayed ones.
    ///
    /// # Errors
    ///
    /// A saved action the rules refuse, a program that fails, or one that
    /// now chooses another move ([`TableError::Diverged`]).
    ///
    /// # Panics
    ///
    /// If `seats` does not have one sitter for each seat of `setup.config`.
    pub fn resume(
        setup: TableSetup,
        seats: BySeat<Sitter>,
        dealing: Dealing,
        recorder: Option<Box<dyn Recorder>>,
        moves: &[Taken],
    ) -> Result<Table, TableError> {
        assert_eq!(seats.len(), usize::from(setup.config.players()), "one sitter a seat");
        let (play, opening) = new_match(&setup);
        let mut table = Table {
            setup,
            play,
            seats,
            events: Vec::new(),
            recorder: None,
            dealing,
            unsaved: None,
        };
        table.tell(&opening, *table.play.game().board())?;
        table.events = opening;
        for taken in moves {
            if let Sitter::Program(program) = &mut table.seats[taken.seat] {
                let view = table.play.view(taken.seat);
                let chosen = match taken.action {
                    Action::Deal => Some(Action::Deal),
                    _ => {
                        let asked = ask(program.as_mut(), &view);
                        blame(taken.seat, program.as_ref(), asked)?
                    }
                };
                let strict = !program.decides_from_view();
                if let Some(chosen) = chosen.filter(|&chosen| strict && chosen != taken.action) {
                    return Err(TableError::Diverged {
                        seat: taken.seat,
                        who: program.describe(),
                        saved: taken.action,
                        chosen,
                    });
                }
            }
            table.take(taken.seat, taken.action, taken.claims)?;
        }
        table.recorder = recorder.map(RecorderBox);
        Ok(table)
    }

    /// The table's setup; its seed is the current match's.
    #[must_use]
    pub const fn setup(&self) -> &TableSetup {
        &self.setup
    }

    /// The players and the target.
    #[must_use]
    pub const fn config(&self) -> GameConfig {
        self.setup.config
    }

    /// The match being played.
    #[must_use]
    pub const fn play(&self) -> &Match {
        &self.play
    }

    /// The game being played (or the last one, once the match is won).
    #[must_use]
    pub const fn game(&self) -> &Game {
        self.play.game()
    }

    /// What `seat` may know of the current game.
    #[must_use]
    pub fn view(&self, seat: Seat) -> View {
        self.play.view(seat)
    }

    /// Every event of the current match, nothing hidden (before
    /// [`Table::start`], its opening, which no program has been told yet).
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Who sits at each seat.
    #[must_use]
    pub const fn seats(&self) -> &BySeat<Sitter> {
        &self.seats
    }

    /// What the recorder last failed to save, once: for the interface to
    /// say.
    pub fn take_unsaved(&mut self) -> Option<String> {
        self.unsaved.take()
    }

    /// The game after `seat` took `action` with `claims`, and the events it
    /// would give, without taking it: for a person who must count a show
    /// before the move is taken (muggins).
    ///
    /// # Errors
    ///
    /// A move the rules refuse.
    pub fn preview(
        &self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<(Game, Vec<Event>), IllegalAction> {
        let mut next = self.play.game().clone();
        let events = next.play_claiming(seat, action, claims)?;
        Ok((next, events))
    }

    /// A person's move: `seat` takes `action` with `claims`. Returns its
    /// events. Programs are not moved: see [`Table::advance`].
    ///
    /// # Errors
    ///
    /// A seat a program plays, a move the rules refuse (nothing changes),
    /// or a program that fails on being told of it (the move stands).
    pub fn act(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<Vec<Event>, TableError> {
        match self.seats.get(seat) {
            Some(sitter) if sitter.is_person() => self.take(seat, action, claims),
            Some(_) => Err(TableError::NotAPerson(seat)),
            None => {
                Err(IllegalAction::NoSuchSeat { seat, players: self.config().players() }.into())
            }
        }
    }

    /// The dealer deals the next round: an interface's "go on" once people
    /// have read the shows.
    ///
    /// # Errors
    ///
    /// No deal is due.
    pub fn deal(&mut self) -> Result<Vec<Event>, TableError> {
        let game = self.play.game();
        if game.phase() != Phase::Deal || self.play.winner().is_some() {
            return Err(TableError::NoDeal);
        }
        self.take(game.dealer(), Action::Deal, Claims::NONE)
    }

    /// The program seat whose move the table would make next, if one is due:
    /// a deal (with [`Dealing::Automatic`]), a discard (the pone's first), or
    /// the play of the seat whose turn it is.
    #[must_use]
    pub fn program_due(&self) -> Option<Seat> {
        if self.play.winner().is_some() {
            return None;
        }
        let game = self.play.game();
        let program = |seat: Seat| !self.seats[seat].is_person();
        match game.phase() {
            Phase::Over => None,
            Phase::Deal => (self.dealing == Dealing::Automatic).then(|| game.dealer()),
            Phase::Discard => {
                let players = self.config().players();
                let mut seat = game.dealer();
                (0..players).find_map(|_| {
                    seat = seat.next(players);
                    (program(seat) && game.to_act().contains(&seat)).then_some(seat)
                })
            }
            Phase::Pegging => game.pegging().turn().filter(|&seat| program(seat)),
        }
    }

    /// Makes one program's move, if one is due. Returns its events, or
    /// `None` when the table waits for a person (or the match is over).
    ///
    /// # Errors
    ///
    /// The program fails or moves illegally ([`TableError::Fault`]).
    pub fn step(&mut self) -> Result<Option<Vec<Event>>, TableError> {
        match self.ask_due()? {
            Some((seat, action)) => self.take_chosen(seat, action, Claims::NONE).map(Some),
            None => Ok(None),
        }
    }

    /// The move of the program that is due, chosen but not taken: for an
    /// interface that must show a move before it is taken (a person counts
    /// the show it brings, with muggins). Take it with
    /// [`Table::take_chosen`]; ask once a move.
    ///
    /// # Errors
    ///
    /// The program fails ([`TableError::Fault`]).
    pub fn ask_due(&mut self) -> Result<Option<(Seat, Action)>, TableError> {
        let Some(seat) = self.program_due() else { return Ok(None) };
        let view = self.play.view(seat);
        let action = match &mut self.seats[seat] {
            Sitter::Program(program) => {
                let asked = ask(program.as_mut(), &view);
                blame(seat, program.as_ref(), asked)?.unwrap_or(Action::Deal)
            }
            Sitter::Person { .. } => return Ok(None),
        };
        Ok(Some((seat, action)))
    }

    /// Takes the move a program chose ([`Table::ask_due`]), with the claims
    /// of people whose shows it brings.
    ///
    /// # Errors
    ///
    /// A move the rules refuse is the program's fault ([`TableError::Fault`]).
    pub fn take_chosen(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<Vec<Event>, TableError> {
        let from = self.take_program(seat, action, claims)?;
        Ok(self.events[from..].to_vec())
    }

    /// As [`Table::take_chosen`], its events kept only in [`Table::events`]:
    /// returns where they begin there.
    fn take_program(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<usize, TableError> {
        match self.take_kept(seat, action, claims) {
            Err(TableError::Illegal(illegal)) => {
                let who = self.seats.get(seat).map(Sitter::describe).unwrap_or_default();
                Err(TableError::Fault(
                    Forfeit { seat, fault: illegal_fault(action, &illegal) },
                    who,
                ))
            }
            other => other,
        }
    }

    /// Makes programs' moves until a person is to move, a deal waits to be
    /// asked for, or the match is over. Returns every event.
    ///
    /// # Errors
    ///
    /// As [`Table::step`]; the moves before the fault stand.
    pub fn advance(&mut self) -> Result<Vec<Event>, TableError> {
        let from = self.events.len();
        self.play_out()?;
        Ok(self.events[from..].to_vec())
    }

    /// As [`Table::advance`], keeping the events only in [`Table::events`]:
    /// for a caller that reads them once the programs are done, such as the
    /// referee of a match of many games (nothing is copied).
    ///
    /// # Errors
    ///
    /// As [`Table::advance`].
    pub fn play_out(&mut self) -> Result<(), TableError> {
        self.play_out_watched(&mut |_| {})
    }

    /// As [`Table::play_out`], showing the game to `watch` after every move
    /// (for a measure of the game as it goes, such as each round's points).
    ///
    /// # Errors
    ///
    /// As [`Table::advance`].
    pub fn play_out_watched(&mut self, watch: &mut dyn FnMut(&Game)) -> Result<(), TableError> {
        while let Some((seat, action)) = self.ask_due()? {
            self.take_program(seat, action, Claims::NONE)?;
            watch(self.play.game());
        }
        Ok(())
    }

    /// Gives up the current match, if it is not won, by `seat` (or by no one
    /// in particular), and begins a new one from `seed` with the same seats:
    /// every program is told of the new game. Returns the new match's events.
    ///
    /// # Errors
    ///
    /// A program that cannot start the new game.
    pub fn restart(&mut self, seed: u64, by: Option<Seat>) -> Result<Vec<Event>, TableError> {
        self.give_up(by);
        let (play, opening) = new_match(&TableSetup { seed, ..self.setup });
        self.setup.seed = seed;
        self.play = play;
        self.begin(opening)
    }

    /// Gives up the current match, if it is not won, by `seat`: the
    /// recorder saves it as given up, and the programs put the game aside.
    pub fn give_up(&mut self, by: Option<Seat>) {
        if self.play.winner().is_some() {
            return;
        }
        for (_, sitter) in self.seats.iter_mut() {
            if let Sitter::Program(program) = sitter {
                program.abandon();
            }
        }
        self.record(|recorder| recorder.given_up(by));
    }

    /// Tells every program but `seat`'s to put the game aside: the game
    /// ended early by `seat`'s fault.
    pub fn abandon_all_but(&mut self, seat: Seat) {
        for (other, sitter) in self.seats.iter_mut() {
            if let Sitter::Program(program) = sitter
                && other != seat
            {
                program.abandon();
            }
        }
    }

    /// Says goodbye to every program (an engine process is told to quit).
    pub fn close(&mut self) {
        for (_, sitter) in self.seats.iter_mut() {
            if let Sitter::Program(program) = sitter {
                program.close();
            }
        }
    }

    /// Starts the match in `self.play` from its opening: records it, tells
    /// the programs, deals its first round.
    fn begin(&mut self, opening: Vec<Event>) -> Result<Vec<Event>, TableError> {
        let (setup, seats) = (self.setup, &self.seats);
        if let Some(RecorderBox(recorder)) = &mut self.recorder
            && let Err(error) = recorder.started(&setup, seats, &opening)
        {
            self.unsaved = Some(error_chain(&*error));
        }
        self.events = opening.clone();
        self.tell(&opening, *self.play.game().board())?;
        let mut events = opening;
        let dealer = self.play.game().dealer();
        events.extend(self.take(dealer, Action::Deal, Claims::NONE)?);
        Ok(events)
    }

    /// Takes a move for real: records it, tells every program its share.
    fn take(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<Vec<Event>, TableError> {
        let from = self.take_kept(seat, action, claims)?;
        Ok(self.events[from..].to_vec())
    }

    /// [`Table::take`], its events kept only in `self.events`: returns where
    /// they begin there.
    fn take_kept(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<usize, TableError> {
        let before = *self.play.game().board();
        let events = self.play.play_claiming(seat, action, claims)?;
        self.record(|recorder| recorder.taken(seat, action, claims, &events));
        let from = self.events.len();
        self.events.extend(events);
        // Lent out while the programs are told, to borrow the seats.
        let kept = std::mem::take(&mut self.events);
        let told = self.tell(&kept[from..], before);
        self.events = kept;
        told.map(|()| from)
    }

    fn record(&mut self, save: impl FnOnce(&mut dyn Recorder) -> Result<(), RecordError>) {
        if let Some(RecorderBox(recorder)) = &mut self.recorder
            && let Err(error) = save(recorder.as_mut())
        {
            self.unsaved = Some(error_chain(&*error));
        }
    }

    /// Tells every program what its seat may know of `events`, starts each
    /// new game for them, and checks their boards once the last crib or game
    /// of `events` is told (before the next game of the match starts). After
    /// a count made with muggins each program is given the board as it then
    /// stands, the table's board having been `before` the events.
    fn tell(&mut self, events: &[Event], before: Board) -> Result<(), TableError> {
        let config = self.setup.config;
        let seed = self.setup.seed;
        let check_at = events.iter().rposition(|event| {
            matches!(
                event,
                Event::CribShown { .. } | Event::Claimed { crib: true, .. } | Event::GameWon(_)
            )
        });
        // The board as each event leaves it, for the programs that cannot
        // count a person's claims (muggins) from what they are told.
        let mut board = before;
        for (index, event) in events.iter().enumerate() {
            if let Event::NewGame { .. } = event {
                board = Board::new(config);
            } else if let Some((seat, points)) = event.points() {
                board.peg(config.side_of(seat), points);
            }
            let claimed = matches!(
                event,
                Event::Claimed { .. }
                    | Event::Muggins { .. }
                    | Event::Played { claimed: Some(_), .. }
            );
            for (seat, sitter) in self.seats.iter_mut() {
                let Sitter::Program(program) = sitter else { continue };
                if let Event::NewGame { game, .. } = event {
                    let own_seed = program_seed(seed, *game, seat);
                    let started = program.new_game(config, seat, own_seed);
                    blame(seat, program.as_ref(), started)?;
                    continue;
                }
                if let Some(notice) = Notice::of(&event.redacted(seat), seat) {
                    let told = program.notify(&notice);
                    blame(seat, program.as_ref(), told)?;
                }
                if claimed {
                    let told = program.notify(&Notice::Board(board));
                    blame(seat, program.as_ref(), told)?;
                }
            }
            if check_at == Some(index) {
                self.check_boards(&events[..=index], board)?;
            }
        }
        Ok(())
    }

    /// Checks every program's board against the table's, as `events` leave
    /// it (`board`): a game won leaves its final scores (the match may
    /// already have set up the next game).
    fn check_boards(&mut self, events: &[Event], board: Board) -> Result<(), TableError> {
        let config = self.setup.config;
        let won = events.iter().rev().find_map(|event| match event {
            Event::GameWon(result) => Some(result),
            _ => None,
        });
        let board = match won {
            Some(result) => {
                let mut board = Board::new(config);
                for (side, &score) in config.all_sides().zip(&result.scores) {
                    board.set(side, score);
                }
                board
            }
            None => board,
        };
        for (seat, sitter) in self.seats.iter_mut() {
            let Sitter::Program(program) = sitter else { continue };
            let checked = program.check_board(&board);
            blame(seat, program.as_ref(), checked)?;
        }
        Ok(())
    }
}

/// What a person who counts their own pegging (muggins) must count before
/// their play is taken: the card and the count it makes, when the play,
/// the first of `events` (a [`Table::preview`] of it), pegs. `None` for a
/// play that pegs nothing, and for events that begin otherwise.
#[must_use]
pub fn pegging_to_count(events: &[Event]) -> Option<(Card, u8)> {
    match events.first() {
        Some(Event::Played { card, count, points, .. }) if !points.is_empty() => {
            Some((*card, *count))
        }
        _ => None,
    }
}

/// The match `setup` describes, and the events of its start.
fn new_match(setup: &TableSetup) -> (Match, Vec<Event>) {
    Match::new(setup.config, setup.length, setup.seed)
        .expect("a validated GameConfig makes a match")
}

/// The seed of the program at `seat` for game `game` of the match `seed`:
/// for the first game `derive_seed(seed, 2 + seat)`, as a refereed game and
/// `crib sim` have always given it.
fn program_seed(seed: u64, game: u32, seat: Seat) -> u64 {
    let seat = seat.index() as u64;
    if game == 0 {
        derive_seed(seed, 2 + seat)
    } else {
        derive_seed(derive_seed(seed, u64::MAX - u64::from(game)), seat)
    }
}

/// A program's fault as the table's error, naming the program.
fn blame<T>(
    seat: Seat,
    program: &(dyn Contestant + Send),
    result: Result<T, Fault>,
) -> Result<T, TableError> {
    result.map_err(|fault| TableError::Fault(Forfeit { seat, fault }, program.describe()))
}

/// A program's move for its seat's `view`: `None` for the deal, which is no
/// decision.
fn ask(program: &mut dyn Contestant, view: &View) -> Result<Option<Action>, Fault> {
    Ok(match view.phase {
        Phase::Deal | Phase::Over => None,
        Phase::Discard => Some(Action::Discard(program.discard(view)?)),
        Phase::Pegging => Some(program.play(view)?.map_or(Action::Go, Action::Play)),
    })
}

/// The fault of a program whose move the rules refused.
fn illegal_fault(action: Action, illegal: &IllegalAction) -> Fault {
    Fault::Illegal {
        command: match action {
            Action::Deal => "deal",
            Action::Discard(_) => "discard;",
            Action::Play(_) | Action::Go => "play;",
        }
        .to_owned(),
        answer: match action {
            Action::Deal => "deal".to_owned(),
            Action::Discard(cards) => {
                cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
            }
            Action::Play(card) => card.to_string(),
            Action::Go => "go".to_owned(),
        },
        reason: illegal.to_string(),
    }
}

/// An error and its causes on one line, outermost first, separated by
/// `: `, leaving out a cause whose text the line already says.
///
/// Some error types put their source's text in their own message as well as
/// returning it as the source (`cannot listen on X: Address already in use`,
/// then `Address already in use` again), and some sources only repeat it with
/// a code (SQLite's "file is not a database", then "Error code 26: file is not
/// a database"). A cause that contains the previous text, or is contained in
/// it, adds nothing and is left out.
#[must_use]
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut line = String::new();
    let mut last = String::new();
    let mut cause = Some(error);
    while let Some(error) = cause {
        let text = error.to_string();
        if last.is_empty() || !(last.contains(&text) || text.contains(&last)) {
            if !line.is_empty() {
                line.push_str(": ");
            }
            line.push_str(&text);
            last = text;
        }
        cause = error.source();
    }
    line
}

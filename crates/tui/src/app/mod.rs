//! The game on screen in The Elm Architecture: the model, [`App`], and
//! [`App::update`], which takes one [`Message`] at a time: what a key asks,
//! or the tick of time. Nothing here depends on a terminal or a clock, so
//! tests send messages, ticks included; drawing is the `ui` module's and
//! the terminal's loop is `terminal`'s.
//!
//! The model holds what the screen needs; the game itself is the match at
//! a `crib_table` [`Table`], where the person's moves and those of the
//! programs at the other seats (each a [`Sitter`]) are taken alike. This
//! file keeps the model, its update and the moves taken at the table; the
//! rest is by concern, each module knowing nothing of this one:
//!
//! - `message`, the messages; `keys`, the key map, a key to a message in
//!   the stage on screen; `stage`, what the person is asked ([`Stage`]) and
//!   the windows over the table ([`Overlay`]);
//! - `setup`, the [`Options`] of a match, its seats and their names;
//! - `choice`, the person's chosen card and the cards marked for the crib;
//! - `claims`, muggins: the person's own counts and the move held back for
//!   them;
//! - `pacing`, what the screen shows lagging the game on purpose: the
//!   events of each move presented one by one, the shows counted step by
//!   step with the pegs moving as each is pegged, and the computer's moves
//!   at a pace a person can follow ([`App::wants_tick`] says when the next
//!   step is due).
//!
//! With muggins the person counts their own hand and crib. Their count must
//! be known before the show is pegged, so the move that brings the show is
//! first tried on a copy of the game: the presentation runs on that preview
//! until it reaches the person's show, asks for the count, tries again with
//! the claim, and takes the move for real once every claim is in. With
//! muggins for the pegging too, a card the person plays that pegs waits the
//! same way, on the table but not yet pegged, for the person's count of it.

mod choice;
mod claims;
mod keys;
mod message;
mod pacing;
mod setup;
mod stage;

use std::cell::Cell;
use std::time::Duration;

use crib_core::{
    Action, Board, Breakdown, Card, CardSet, Claims, Event, GameResult, Phase, Seat, View,
};
use crib_table::advice::{hint_text, win_chance_text};
use crib_table::narrate::{Perspective, card_text};
use crib_table::{Dealing, Recorder, Sitter, Table, TableError, Taken, error_chain};
use crossterm::event::KeyEvent;

use crate::log::{Log, LogLine};
use choice::{Choice, hand_cards};
use claims::{Hold, Muggins, Pending};
use crib_ai::{Hint, hint};
use pacing::{Beat, Pacing};
use setup::{seats, setup};

pub(crate) use choice::cards_words;
pub use keys::key_message;
pub use message::{Message, Scroll, WindowScroll};
pub use pacing::{COUNTED, STEP, ShowItem, THINK};
pub use setup::{HUMAN, ME, Options, seat_names};
pub use stage::{Overlay, Question, Stage, WindowScrolled};

/// A game won, waiting for the person to go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// How the game ended.
    pub result: GameResult,
    /// Whether it also won the match.
    pub match_won: bool,
}

/// The whole state of the game on screen.
pub struct App {
    options: Options,
    /// The seed of the current match (a restart moves it on).
    seed: u64,
    /// The match and who sits at the table: the one driver of the game.
    play: Table,
    /// The words of the log, from the person's seat.
    perspective: Perspective,
    /// The person's view of the game on the table: the game being played,
    /// or the one just finished.
    table: View,
    /// The pegs as shown: behind the game while a show is counted.
    board: Board,
    /// Games won by each side, as presented, side 0 (the person's) first.
    games: Vec<u32>,
    /// The number of the game on the table, from 1.
    game_number: u32,
    /// The events yet to present and the shows as counted on screen.
    pacing: Pacing,
    /// The person's own counts (muggins): the move held back for them,
    /// and the count being typed.
    muggins: Muggins,
    ending: Option<Ending>,
    log: Log,
    record: Vec<Event>,
    /// The chosen card and those marked for the crib.
    choice: Choice,
    overlay: Option<Overlay>,
    /// How far the window over the table is scrolled, and how many of its
    /// lines show at once: the view keeps the first within the window's
    /// lines as it draws them (as ratatui's list state), so that scrolling
    /// past the end goes no further.
    window: Cell<WindowScrolled>,
    notice: Option<String>,
    failure: Option<String>,
    quit: bool,
    /// Whether the chance of winning is on screen.
    win_chance: bool,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("App")
            .field("seed", &self.seed)
            .field("opponent", &self.opponent_name())
            .field("stage", &self.stage())
            .field("board", &self.board)
            .finish_non_exhaustive()
    }
}

impl App {
    /// A match of the person at [`HUMAN`] against `others` at the other
    /// seats in order (programs: built-in players or engines), cut for the
    /// deal and dealt, ready for the person's first move (or a computer's);
    /// every action saved through `recorder`, if given, as it is taken.
    ///
    /// # Panics
    ///
    /// If `others` does not fill the other seats of `options.config`.
    #[must_use]
    pub fn new(options: Options, others: Vec<Sitter>, recorder: Option<Box<dyn Recorder>>) -> App {
        let seats = seats(options.config, others);
        let play = Table::new(setup(&options), seats, Dealing::OnRequest, recorder);
        let mut app = App::blank(options, play);
        app.log.push(LogLine::plain(format!("A new match, seed {}.", app.seed)));
        let started = app.play.start();
        app.took(started, 0);
        app.settle();
        app
    }

    /// A saved match taken up where it stopped: `moves` are the saved
    /// actions, taken again from `options.seed`, the computer told
    /// everything it may know and asked again for its own moves. The screen
    /// starts at the move to make now, with the board and games as they
    /// stand. Later actions go to `recorder`.
    ///
    /// # Errors
    ///
    /// A saved match that does not replay with this computer, or a computer
    /// that fails.
    pub fn resume(
        options: Options,
        others: Vec<Sitter>,
        recorder: Option<Box<dyn Recorder>>,
        moves: &[Taken],
    ) -> Result<App, TableError> {
        let seats = seats(options.config, others);
        let play = Table::resume(setup(&options), seats, Dealing::OnRequest, recorder, moves)?;
        let mut app = App::blank(options, play);
        app.board = *app.play.game().board();
        app.games = app.play.play().games_won().to_vec();
        app.game_number = app.play.play().game_index() + 1;
        app.log.push(LogLine::plain(format!(
            "Match seed {} resumed: game {}, games won: {}.",
            app.seed,
            app.game_number,
            app.games_text()
        )));
        // The log picks up the round on the table, in the words it had.
        let events = app.play.events().to_vec();
        let round = events
            .iter()
            .rposition(|event| matches!(event, Event::Dealt { .. } | Event::NewGame { .. }))
            .unwrap_or(0);
        for event in &events[round..] {
            app.say(&event.for_seat(HUMAN));
        }
        app.record = events.iter().map(|event| event.for_seat(HUMAN)).collect();
        app.settle();
        Ok(app)
    }

    /// An app over `play` with nothing presented yet.
    fn blank(options: Options, play: Table) -> App {
        let config = play.config();
        let perspective = Perspective::new(config, Some(HUMAN), seat_names(config));
        App {
            seed: options.seed,
            table: play.view(HUMAN),
            play,
            perspective,
            board: Board::new(config),
            games: vec![0; usize::from(config.sides())],
            game_number: 1,
            pacing: Pacing::default(),
            muggins: Muggins::new(options.muggins, options.muggins_pegging),
            ending: None,
            log: Log::default(),
            record: Vec::new(),
            choice: Choice::default(),
            overlay: None,
            window: Cell::default(),
            notice: None,
            failure: None,
            quit: false,
            win_chance: options.win_chance,
            options,
        }
    }

    /// Gives up the match (a loss for the person, as saved) and starts a
    /// new one from `seed`, keeping the computer and options. The computer
    /// is told of the new game.
    fn restart(&mut self, seed: u64) {
        let by = self.play.play().winner().is_none().then_some(HUMAN);
        let started = self.play.restart(seed, by);
        self.seed = seed;
        self.table = self.play.view(HUMAN);
        self.board = Board::new(self.play.config());
        self.games = vec![0; usize::from(self.play.config().sides())];
        self.game_number = 1;
        self.pacing = Pacing::default();
        self.muggins.restart();
        self.ending = None;
        self.log = Log::default();
        self.record.clear();
        self.choice = Choice::default();
        self.overlay = None;
        self.notice = None;
        self.failure = None;
        self.log.push(LogLine::plain(format!("A new match, seed {seed}.")));
        self.took(started, 0);
        self.settle();
    }

    /// Adds the log's lines for an event.
    fn say(&mut self, event: &Event) {
        self.log.say(event, &self.perspective);
    }

    // ---- What the screen shows ----

    /// The options the match was set up with.
    #[must_use]
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The seed of the current match.
    #[must_use]
    pub const fn seed(&self) -> u64 {
        self.seed
    }

    /// Who plays the other seats: with one opponent its level or an
    /// engine's command line, with more each seat's name and player
    /// ("West basic, East expert").
    #[must_use]
    pub fn opponent_name(&self) -> String {
        let others: Vec<(Seat, String)> = self
            .play
            .seats()
            .iter()
            .filter(|&(seat, _)| seat != HUMAN)
            .map(|(seat, sitter)| (seat, sitter.describe()))
            .collect();
        match others.as_slice() {
            [(_, only)] => only.clone(),
            _ => others
                .iter()
                .map(|(seat, who)| format!("{} {who}", self.perspective.object(*seat)))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// The games won, in words: "you 1, the computer 0", "you and North 1,
    /// West and East 2".
    #[must_use]
    pub fn games_text(&self) -> String {
        self.play
            .config()
            .all_sides()
            .zip(&self.games)
            .map(|(side, won)| format!("{} {won}", self.perspective.side(side)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The program the table waits on, if the person is not to move.
    #[must_use]
    pub fn waiting_on(&self) -> Option<Seat> {
        self.play.program_due()
    }

    /// Who reads the log, and what the seats are called.
    #[must_use]
    pub const fn perspective(&self) -> &Perspective {
        &self.perspective
    }

    /// The person's view of the game on the table.
    #[must_use]
    pub const fn table(&self) -> &View {
        &self.table
    }

    /// The pegs as shown.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Games won so far by each side, the person's first.
    #[must_use]
    pub fn games(&self) -> &[u32] {
        &self.games
    }

    /// The number of the game on the table, from 1.
    #[must_use]
    pub const fn game_number(&self) -> u32 {
        self.game_number
    }

    /// The message log, oldest first.
    #[must_use]
    pub fn log(&self) -> &[LogLine] {
        self.log.lines()
    }

    /// How many of the newest messages the log is scrolled back past (0:
    /// the newest are on screen).
    #[must_use]
    pub const fn log_back(&self) -> usize {
        self.log.back()
    }

    /// Every event of the match so far, as the person's seat sees it.
    #[must_use]
    pub fn record(&self) -> &[Event] {
        &self.record
    }

    /// The shows of the round counted so far (empty before the show).
    #[must_use]
    pub fn shows(&self) -> &[ShowItem] {
        self.pacing.shows()
    }

    /// The show being counted now.
    #[must_use]
    pub fn current_show(&self) -> Option<&ShowItem> {
        self.pacing.current_show()
    }

    /// What the person has typed of their count (muggins).
    #[must_use]
    pub fn claim_input(&self) -> &str {
        self.muggins.typed()
    }

    /// The card the person played and the count with it, while they type
    /// what it pegs ([`Stage::Claim`] with muggins for the pegging). The
    /// table is then as it was before the card: the card is not yet taken.
    #[must_use]
    pub const fn pegging_claim(&self) -> Option<(Card, u8)> {
        self.muggins.pegging_claim()
    }

    /// The game just won, while the person has not gone on.
    #[must_use]
    pub const fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Who deals the next game, while a game just won waits for the person
    /// to go on (the loser of the game).
    #[must_use]
    pub fn next_dealer(&self) -> Option<Seat> {
        let ending = self.ending.as_ref()?;
        (!ending.match_won).then(|| self.play.game().dealer())
    }

    /// The window open over the table.
    #[must_use]
    pub const fn overlay(&self) -> Option<&Overlay> {
        self.overlay.as_ref()
    }

    /// A short message about the last key (a card that does not fit…).
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Why the game cannot go on, if the computer failed.
    #[must_use]
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// The chance of winning from the board as shown, in words, while the
    /// person has it on (`w`).
    #[must_use]
    pub fn win_chance(&self) -> Option<String> {
        if !self.win_chance {
            return None;
        }
        // The pegs as shown, not the truth ahead of them during a count.
        let mut view = self.table;
        view.board = self.board;
        Some(win_chance_text(&view))
    }

    /// Whether the person has quit.
    #[must_use]
    pub const fn should_quit(&self) -> bool {
        self.quit
    }

    /// The cards shown in the person's hand, in order: the six dealt while
    /// discarding, then the four kept (played ones included).
    #[must_use]
    pub fn hand_cards(&self) -> Vec<Card> {
        hand_cards(&self.table)
    }

    /// The position of the chosen card in [`App::hand_cards`].
    #[must_use]
    pub const fn cursor(&self) -> usize {
        self.choice.cursor()
    }

    /// The cards marked for the crib.
    #[must_use]
    pub const fn marked(&self) -> CardSet {
        self.choice.marked()
    }

    /// What the person is asked to do now.
    #[must_use]
    pub fn stage(&self) -> Stage {
        if self.failure.is_some() {
            return Stage::Failed;
        }
        if let Some(ending) = &self.ending {
            return if ending.match_won { Stage::MatchOver } else { Stage::GameOver };
        }
        if self.pegging_claim().is_some() {
            return Stage::Claim;
        }
        if let Some(item) = self.current_show() {
            return if item.awaiting_claim { Stage::Claim } else { Stage::Show };
        }
        match self.table.phase {
            Phase::Discard if !self.table.has_discarded(HUMAN) => Stage::Discard,
            Phase::Pegging if self.table.pegging.turn() == Some(HUMAN) => Stage::Play,
            Phase::Deal if self.table.round > 0 => Stage::RoundOver,
            _ => Stage::Waiting,
        }
    }

    /// How long to wait before sending [`Message::Tick`], if anything is to
    /// happen without a key: the computer's move or the next step of a
    /// count. Nothing moves while a window is open over the table.
    #[must_use]
    pub fn wants_tick(&self) -> Option<Duration> {
        if self.overlay.is_some() || self.failure.is_some() || self.quit {
            return None;
        }
        if self.pegging_claim().is_some() {
            return None;
        }
        self.pacing.wants_tick(self.computer_to_act())
    }

    // ---- Time ----

    /// Takes the next automatic step: one step of the count on screen, or
    /// the computer's move. Does nothing when nothing waits for time.
    fn tick(&mut self) {
        if self.overlay.is_some() || self.failure.is_some() || self.pegging_claim().is_some() {
            return;
        }
        match self.pacing.beat() {
            Beat::Counted(event) => {
                self.peg(&event);
                self.say(&event);
                self.settle();
            }
            Beat::NoShow if self.computer_to_act() => {
                self.computer_moves();
                self.settle();
            }
            Beat::NoShow | Beat::AwaitingClaim | Beat::Stepped => {}
        }
    }

    /// Everything that would happen by ticks without the person until the
    /// next key is needed: for tests and for a player in a hurry.
    pub fn run_until_key(&mut self) {
        // A whole round of ticks is some dozens; the bound only guards
        // against a state that wants ticks for ever.
        for _ in 0..10_000 {
            if self.wants_tick().is_none() {
                return;
            }
            self.tick();
        }
    }

    // ---- Messages ----

    /// What `key` asks of the game as it is on screen (see
    /// [`key_message`]).
    #[must_use]
    pub fn key_message(&self, key: KeyEvent) -> Option<Message> {
        key_message(key, self.stage(), self.overlay.as_ref())
    }

    /// Takes one message: what the person asks, or the passing of time.
    pub fn update(&mut self, message: Message) {
        match message {
            Message::QuitNow => {
                self.quit = true;
                return;
            }
            Message::Tick => {
                self.tick();
                return;
            }
            _ => {}
        }
        // The notice was about the last key.
        self.notice = None;
        if let Some(window) = self.overlay.take() {
            self.answer_window(window, message);
            return;
        }
        match message {
            Message::ScrollLog(Scroll::Older) => self.log.older(),
            Message::ScrollLog(Scroll::Newer) => self.log.newer(),
            Message::ScrollLog(Scroll::Newest) => self.log.newest(),
            Message::Ask(question) => self.overlay = Some(Overlay::Question(question)),
            Message::Help => self.open(Overlay::Help),
            Message::Hint => self.open_hint(),
            Message::ToggleWinChance => self.win_chance = !self.win_chance,
            message => self.at_stage(message),
        }
    }

    /// The hint for the move at hand, or why there is none.
    fn open_hint(&mut self) {
        let nothing = |reason| Hint::Nothing { reason };
        let advice = match self.stage() {
            Stage::Discard | Stage::Play => hint(&self.table, self.seed),
            Stage::Claim if self.pegging_claim().is_some() => {
                nothing("count what your card pegs yourself: that is muggins")
            }
            Stage::Claim => nothing("count your cards yourself: that is muggins"),
            Stage::Show => nothing("the hands are being counted"),
            Stage::Waiting => nothing("the computer is to move"),
            Stage::RoundOver => nothing("the hand is over: enter deals the next"),
            Stage::GameOver | Stage::MatchOver => nothing("the game is over"),
            Stage::Failed => nothing("the game cannot go on"),
        };
        let text = hint_text(&advice, &self.perspective);
        self.open(Overlay::Hint(advice, text));
    }

    /// Opens help or a hint at its first line.
    fn open(&mut self, window: Overlay) {
        self.window.set(WindowScrolled::default());
        self.overlay = Some(window);
    }

    /// Scrolls the window open over the table; the view keeps it within
    /// the window's lines.
    fn scroll_window(&mut self, step: WindowScroll) {
        let WindowScrolled { top, shown } = self.window.get();
        let page = shown.max(1);
        let top = match step {
            WindowScroll::Up => top.saturating_sub(1),
            WindowScroll::Down => top.saturating_add(1),
            WindowScroll::PageUp => top.saturating_sub(page),
            WindowScroll::PageDown => top.saturating_add(page),
            WindowScroll::Top => 0,
            WindowScroll::Bottom => usize::MAX,
        };
        self.window.set(WindowScrolled { top, shown });
    }

    /// The first line of the window over the table that shows, when it has
    /// more lines than the screen (help or a hint), and how many show.
    #[must_use]
    pub fn window_scrolled(&self) -> WindowScrolled {
        self.window.get()
    }

    /// Where the view drew the window: its first line shown (within its
    /// lines) and how many show.
    pub(crate) fn window_drawn(&self, drawn: WindowScrolled) {
        self.window.set(drawn);
    }

    /// A message while a window is open: a question takes only its answer
    /// and stays open otherwise; help or a hint scrolls, or closes on any
    /// other message, and a question asked from it opens in its place.
    fn answer_window(&mut self, window: Overlay, message: Message) {
        match window {
            Overlay::Question(question) => match message {
                Message::Yes => match question {
                    Question::Quit => self.quit = true,
                    Question::Restart => self.restart(self.seed.wrapping_add(1)),
                },
                Message::No => {}
                _ => self.overlay = Some(window),
            },
            Overlay::Help | Overlay::Hint(..) => match message {
                Message::Ask(question) => self.overlay = Some(Overlay::Question(question)),
                Message::ScrollWindow(step) => {
                    self.scroll_window(step);
                    self.overlay = Some(window);
                }
                _ => {}
            },
        }
    }

    /// A message about the move at hand, as the stage takes it.
    fn at_stage(&mut self, message: Message) {
        let stage = self.stage();
        let told = match (stage, message) {
            (Stage::Discard | Stage::Play, Message::PreviousCard) => {
                self.choice.previous(&self.table, stage);
                Ok(())
            }
            (Stage::Discard | Stage::Play, Message::NextCard) => {
                self.choice.next(&self.table, stage);
                Ok(())
            }
            (Stage::Discard | Stage::Play, Message::Choose(index)) => {
                self.choice.choose(&self.table, stage, index)
            }
            (Stage::Discard, Message::MarkCard) => self.choice.toggle_mark(&self.table),
            (Stage::Discard, Message::Confirm) => self.give_marked(),
            (Stage::Play, Message::Confirm) => self.play_chosen(),
            (Stage::Play, Message::SayGo) => self.say_go(),
            (Stage::Claim, Message::Digit(digit)) => {
                self.muggins.type_digit(digit);
                Ok(())
            }
            (Stage::Claim, Message::Backspace) => {
                self.muggins.rub_out();
                Ok(())
            }
            (Stage::Claim, Message::Confirm) => {
                self.muggins.count().map(|points| self.submit_claim(points))
            }
            (Stage::Show | Stage::Waiting, Message::Confirm) => {
                self.hurry();
                Ok(())
            }
            (Stage::RoundOver, Message::Confirm) => {
                let dealer = self.play.game().dealer();
                self.attempt_or_fail(dealer, Action::Deal);
                Ok(())
            }
            (Stage::GameOver, Message::Confirm) => {
                self.ending = None;
                self.settle();
                Ok(())
            }
            (Stage::MatchOver, Message::Confirm) => {
                self.restart(self.seed.wrapping_add(1));
                Ok(())
            }
            _ => Ok(()),
        };
        // Why what was asked cannot be done.
        if let Err(notice) = told {
            self.notice = Some(notice);
        }
    }

    /// The marked cards to the crib, when they are as many as it takes.
    fn give_marked(&mut self) -> Result<(), String> {
        let marked = self.choice.take_marked(&self.table)?;
        self.attempt_or_fail(HUMAN, Action::Discard(marked));
        Ok(())
    }

    /// The chosen card played, if it fits; go, if no card fits.
    fn play_chosen(&mut self) -> Result<(), String> {
        if self.table.playable().is_empty() {
            self.attempt_or_fail(HUMAN, Action::Go);
            return Ok(());
        }
        let Some(card) = self.choice.chosen(&self.table) else { return Ok(()) };
        if !self.table.pegging.fits(card) {
            return Err(format!(
                "{} would take the count past 31: choose another card.",
                card_text(card)
            ));
        }
        self.attempt_or_fail(HUMAN, Action::Play(card));
        Ok(())
    }

    /// Go, when no card fits.
    fn say_go(&mut self) -> Result<(), String> {
        if !self.table.playable().is_empty() {
            return Err("A card fits, so you cannot say go.".to_owned());
        }
        self.attempt_or_fail(HUMAN, Action::Go);
        Ok(())
    }

    /// Enter while the computer thinks or a hand is counted: the rest of
    /// the count at once, or the computer's move now.
    fn hurry(&mut self) {
        if !self.pacing.hurry() {
            self.tick();
        }
    }

    // ---- Moves ----

    fn attempt_or_fail(&mut self, seat: Seat, action: Action) {
        match self.attempt(seat, action, Claims::NONE, 0) {
            Err(TableError::Illegal(error)) if seat == HUMAN => {
                self.notice = Some(format!("That is not allowed: {error}."));
            }
            Err(error) => self.failure = Some(error_chain(&error)),
            Ok(()) => {}
        }
        self.settle();
    }

    /// Tries `action` on a copy of the game; takes it for real unless the
    /// person has a show to count first (muggins). Queues its events, less
    /// the first `skip` already presented.
    fn attempt(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
        skip: usize,
    ) -> Result<(), TableError> {
        let (next, preview) = self.play.preview(seat, action, claims)?;
        let pending = Pending { seat, action, claims, presented: skip };
        let events = match self.muggins.hold(pending, &preview) {
            Hold::Pegging => {
                // Nothing is presented until the person says what the card
                // pegs, and the table stays as it was before the card (the
                // view puts the card on the count): the copy has gone on
                // past it, after the last card to the shows and the next
                // deal.
                return Ok(());
            }
            Hold::Show => preview,
            Hold::Take => {
                let events = if action == Action::Deal {
                    self.play.deal()?
                } else if seat == HUMAN {
                    self.play.act(seat, action, claims)?
                } else {
                    self.play.take_chosen(seat, action, claims)?
                };
                self.commit(&events);
                events
            }
        };
        // The copy holds the game as the move leaves it, even when the move
        // won the game and the match has already set up the next one.
        self.table = next.view(HUMAN);
        self.pacing.queue(events.iter().skip(skip).map(|event| event.for_seat(HUMAN)));
        Ok(())
    }

    /// Presents the events of a match begun, or fails.
    fn took(&mut self, started: Result<Vec<Event>, TableError>, skip: usize) {
        match started {
            Ok(events) => {
                self.commit(&events);
                self.table = self.play.view(HUMAN);
                self.pacing.queue(events.iter().skip(skip).map(|event| event.for_seat(HUMAN)));
            }
            Err(error) => self.failure = Some(error_chain(&error)),
        }
    }

    /// Keeps the events taken for real, and says if they were not saved.
    fn commit(&mut self, events: &[Event]) {
        self.record.extend(events.iter().map(|event| event.for_seat(HUMAN)));
        if let Some(unsaved) = self.play.take_unsaved() {
            self.notice = Some(format!("This match is not being saved: {unsaved}."));
        }
    }

    fn computer_to_act(&self) -> bool {
        !self.muggins.holding()
            && self.ending.is_none()
            && self.pacing.presented_all()
            && self.play.program_due().is_some()
    }

    fn computer_moves(&mut self) {
        match self.play.ask_due() {
            Ok(Some((seat, action))) => {
                if let Err(error) = self.attempt(seat, action, Claims::NONE, 0) {
                    self.failure = Some(error_chain(&error));
                }
            }
            Ok(None) => {}
            Err(error) => self.failure = Some(error_chain(&error)),
        }
    }

    /// The person's count of what the move held back waits for: what
    /// their card pegs, or their show. The move is tried again with it.
    fn submit_claim(&mut self, points: u8) {
        let Some(pending) = self.muggins.pending() else { return };
        let claims = if self.pegging_claim().is_some() {
            pending.claims.with_pegging(points)
        } else {
            let Some(crib) = self.pacing.claim_show(points) else { return };
            if crib {
                pending.claims.with_crib(points)
            } else {
                pending.claims.with_hand(HUMAN, points)
            }
        };
        self.muggins.answered();
        if let Err(error) = self.attempt(pending.seat, pending.action, claims, pending.presented) {
            // The move was legal a moment ago on the same game; a refusal
            // now is a fault of this program, shown rather than hidden.
            self.failure = Some(format!("the move {} was refused: {error}", pending.action));
        }
        self.settle();
    }

    // ---- Presenting events ----

    /// Presents queued events until one needs time or a key; deals the
    /// first hand of a new game.
    fn settle(&mut self) {
        while self.failure.is_none() && self.ending.is_none() && self.current_show().is_none() {
            if let Some(event) = self.pacing.next_event() {
                self.present(event);
                continue;
            }
            let game = self.play.game();
            if !self.muggins.holding()
                && game.phase() == Phase::Deal
                && game.round() == 0
                && self.play.play().winner().is_none()
            {
                let dealer = game.dealer();
                if let Err(error) = self.attempt(dealer, Action::Deal, Claims::NONE, 0) {
                    self.failure = Some(format!("the deal was refused: {error}"));
                }
                continue;
            }
            // The person's go, said for them: the log shows it as theirs.
            if self.options.auto_go
                && !self.muggins.holding()
                && self.stage() == Stage::Play
                && self.table.playable().is_empty()
            {
                if let Err(error) = self.attempt(HUMAN, Action::Go, Claims::NONE, 0) {
                    self.failure = Some(format!("the go was refused: {error}"));
                }
                continue;
            }
            break;
        }
        self.choice.fix(&self.table, self.stage());
    }

    fn present(&mut self, event: Event) {
        self.muggins.presented_one();
        match &event {
            Event::Shown { seat, breakdown } => self.begin_show(*seat, false, breakdown, None),
            Event::CribShown { dealer, breakdown } => {
                self.begin_show(*dealer, true, breakdown, None);
            }
            Event::Claimed { seat, crib, breakdown, claimed } => {
                self.begin_show(*seat, *crib, breakdown, Some(*claimed));
            }
            Event::NewGame { game, .. } => {
                self.board = Board::new(self.play.config());
                self.table = self.play.view(HUMAN);
                self.pacing.clear_shows();
                self.game_number = game + 1;
                self.say(&event);
            }
            Event::Dealt { .. } => {
                self.pacing.clear_shows();
                self.choice.new_hand();
                self.say(&event);
            }
            Event::GameWon(result) => {
                if let Some(games) = self.games.get_mut(result.winner.index()) {
                    *games += 1;
                }
                self.say(&event);
                self.ending = Some(Ending {
                    result: result.clone(),
                    match_won: self.play.play().winner().is_some(),
                });
            }
            _ => {
                self.peg(&event);
                self.say(&event);
            }
        }
    }

    fn peg(&mut self, event: &Event) {
        if let Some((seat, points)) = event.points() {
            self.board.peg(self.play.config().side_of(seat), points);
        }
    }

    /// A show to count on screen: the person's, with muggins, waits for
    /// their count.
    fn begin_show(&mut self, seat: Seat, crib: bool, breakdown: &Breakdown, claimed: Option<u8>) {
        let awaiting_claim = claimed.is_none() && self.muggins.holding() && seat == HUMAN;
        self.pacing.begin_show(seat, crib, breakdown, claimed, awaiting_claim);
    }
}

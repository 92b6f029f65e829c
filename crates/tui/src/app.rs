//! The game on screen as a state machine, apart from any terminal: keys go
//! in through [`App::handle_key`], time through [`App::tick`], and the state
//! to draw comes out through the accessors.
//!
//! The truth of the game is a `crib_core` [`Match`]; the person's moves and
//! the computer's (from an [`Opponent`]) go through the same
//! [`Match::play_claiming`]. What the screen shows lags the truth on purpose:
//! the events of each move are queued and presented one by one, so that the
//! show is counted step by step with the pegs moving as each hand is pegged,
//! and the computer's moves come at a pace a person can follow. The terminal
//! loop asks [`App::wants_tick`] how long to wait before the next automatic
//! step; tests call [`App::tick`] directly, so nothing here depends on a
//! clock.
//!
//! With muggins the person counts their own hand and crib. Their count must
//! be known before the show is pegged, so the move that brings the show is
//! first tried on a copy of the game: the presentation runs on that preview
//! until it reaches the person's show, asks for the count, tries again with
//! the claim, and takes the move for real once every claim is in. With
//! muggins for the pegging too, a card the person plays that pegs waits the
//! same way, on the table but not yet pegged, for the person's count of it.

use std::collections::VecDeque;
use std::time::Duration;

use crib_core::{
    Action, Board, Breakdown, BySeat, Card, CardSet, Claims, CountStep, Event, GameConfig,
    GameResult, Phase, Seat, View,
};
use crib_table::advice::{HintText, hint_text, win_chance_text};
use crib_table::narrate::{Perspective, capitalised, card_text, narrate};
use crib_table::{Dealing, Recorder, Sitter, Table, TableError, TableSetup, Taken, error_chain};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::narrate::Message;
use crib_ai::{Hint, hint};

/// The person's seat.
pub const HUMAN: Seat = Seat::ALL[0];

/// How long the computer seems to think before a move.
pub const THINK: Duration = Duration::from_millis(700);

/// The pause between two steps of a count.
pub const STEP: Duration = Duration::from_millis(450);

/// The pause after a hand is counted, before it is pegged and the next one
/// starts.
pub const COUNTED: Duration = Duration::from_millis(900);

/// The messages a page up or down moves the log.
const LOG_PAGE: usize = 5;

/// The most points a show can make, and so the longest count a person types.
const MAX_CLAIM: u8 = 29;

/// How a match is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The seed of the match: the cut for the deal and every deck.
    pub seed: u64,
    /// Whether the person counts their own hand and crib (muggins).
    pub muggins: bool,
    /// Whether, with muggins, the person also counts what each card they
    /// play pegs.
    pub muggins_pegging: bool,
    /// The games a side must win to win the match (at least 1).
    pub games_to_win: u32,
    /// The players (2, 3 or 4, the person at seat 0) and the target.
    pub config: GameConfig,
    /// Whether the person's go is said for them when no card they hold
    /// fits (on unless they ask otherwise).
    pub auto_go: bool,
    /// Whether the chance of winning is shown from the start (`w` turns
    /// it on and off).
    pub win_chance: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 0,
            muggins: false,
            muggins_pegging: false,
            games_to_win: 2,
            config: GameConfig::default(),
            auto_go: true,
            win_chance: false,
        }
    }
}

/// What the person is asked to do, or waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Choose the cards for the crib: two with two players, else one.
    Discard,
    /// Play a card, or say go.
    Play,
    /// The computer is to move.
    Waiting,
    /// A show is being counted.
    Show,
    /// Muggins: the person types the count of their hand or crib, or of
    /// the card they played (see [`App::pegging_claim`]).
    Claim,
    /// The hand is over: enter deals the next.
    RoundOver,
    /// A game is won: enter starts the next.
    GameOver,
    /// The match is won: enter starts a new match.
    MatchOver,
    /// The computer failed; only quitting is left.
    Failed,
}

/// What a confirmation asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Leave the program.
    Quit,
    /// Start a new match.
    Restart,
}

/// A window over the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// The keys and the rules.
    Help,
    /// Advice for the person's move: the expert's facts and their words.
    Hint(Hint, HintText),
    /// A question to answer with `y` or `n`.
    Confirm(Confirm),
}

/// One show of the round (a hand or the crib) as it is counted on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowItem {
    /// The seat that shows.
    pub seat: Seat,
    /// Whether it is the crib.
    pub crib: bool,
    /// The true count.
    pub breakdown: Breakdown,
    /// The count step by step.
    pub steps: Vec<CountStep>,
    /// How many steps are on screen.
    pub revealed: usize,
    /// What the person claimed, with muggins.
    pub claimed: Option<u8>,
    /// Whether the person is still to type their count.
    pub awaiting_claim: bool,
    /// Whether the show is counted and pegged.
    pub done: bool,
}

impl ShowItem {
    /// The points pegged for this show by its seat.
    #[must_use]
    pub fn pegged(&self) -> u8 {
        let total = self.breakdown.total();
        self.claimed.map_or(total, |claimed| claimed.min(total))
    }
}

/// A game won, waiting for the person to go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// How the game ended.
    pub result: GameResult,
    /// Whether it also won the match.
    pub match_won: bool,
}

/// A move tried on a copy of the game and not yet taken, while the person
/// counts a show it brings (muggins).
#[derive(Clone, Copy, Debug)]
struct Pending {
    seat: Seat,
    action: Action,
    claims: Claims,
    /// The events of the move already presented.
    presented: usize,
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
    queue: VecDeque<Event>,
    shows: Vec<ShowItem>,
    pending: Option<Pending>,
    /// The card the person played and the count with it, while they say
    /// what it pegs (muggins for the pegging).
    pegging_claim: Option<(Card, u8)>,
    claim: String,
    ending: Option<Ending>,
    log: Vec<Message>,
    /// How many of the newest messages the log is scrolled back past.
    log_back: usize,
    record: Vec<Event>,
    cursor: usize,
    marked: CardSet,
    overlay: Option<Overlay>,
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
        app.log.push(Message::plain(format!("A new match, seed {}.", app.seed)));
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
        app.log.push(Message::plain(format!(
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
            queue: VecDeque::new(),
            shows: Vec::new(),
            pending: None,
            pegging_claim: None,
            claim: String::new(),
            ending: None,
            log: Vec::new(),
            log_back: 0,
            record: Vec::new(),
            cursor: 0,
            marked: CardSet::EMPTY,
            overlay: None,
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
        self.queue.clear();
        self.shows.clear();
        self.pending = None;
        self.claim.clear();
        self.ending = None;
        self.log.clear();
        self.log_back = 0;
        self.record.clear();
        self.cursor = 0;
        self.marked = CardSet::EMPTY;
        self.overlay = None;
        self.notice = None;
        self.failure = None;
        self.log.push(Message::plain(format!("A new match, seed {seed}.")));
        self.took(started, 0);
        self.settle();
    }

    /// Adds the log's lines for an event.
    fn say(&mut self, event: &Event) {
        let lines = narrate(event, &self.perspective).lines;
        self.log.extend(lines.iter().map(|line| Message::of(line, &self.perspective)));
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
    pub fn log(&self) -> &[Message] {
        &self.log
    }

    /// How many of the newest messages the log is scrolled back past (0:
    /// the newest are on screen).
    #[must_use]
    pub const fn log_back(&self) -> usize {
        self.log_back
    }

    /// Every event of the match so far, as the person's seat sees it.
    #[must_use]
    pub fn record(&self) -> &[Event] {
        &self.record
    }

    /// The shows of the round counted so far (empty before the show).
    #[must_use]
    pub fn shows(&self) -> &[ShowItem] {
        &self.shows
    }

    /// The show being counted now.
    #[must_use]
    pub fn current_show(&self) -> Option<&ShowItem> {
        self.shows.iter().find(|item| !item.done)
    }

    /// What the person has typed of their count (muggins).
    #[must_use]
    pub fn claim_input(&self) -> &str {
        &self.claim
    }

    /// The card the person played and the count with it, while they type
    /// what it pegs ([`Stage::Claim`] with muggins for the pegging).
    #[must_use]
    pub const fn pegging_claim(&self) -> Option<(Card, u8)> {
        self.pegging_claim
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
        let table = &self.table;
        // Before the discard nothing is kept yet; after it the kept four
        // stay in place through the play and the show.
        let dealt = table.phase == Phase::Discard && !table.has_discarded(HUMAN);
        let cards = if dealt || table.kept.is_empty() { table.hand } else { table.kept };
        cards.iter().collect()
    }

    /// The position of the chosen card in [`App::hand_cards`].
    #[must_use]
    pub const fn cursor(&self) -> usize {
        self.cursor
    }

    /// The cards marked for the crib.
    #[must_use]
    pub const fn marked(&self) -> CardSet {
        self.marked
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
        if self.pegging_claim.is_some() {
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

    /// How long to wait before calling [`App::tick`], if anything is to
    /// happen without a key: the computer's move or the next step of a
    /// count. Nothing moves while a window is open over the table.
    #[must_use]
    pub fn wants_tick(&self) -> Option<Duration> {
        if self.overlay.is_some() || self.failure.is_some() || self.quit {
            return None;
        }
        if self.pegging_claim.is_some() {
            return None;
        }
        if let Some(item) = self.current_show() {
            return match (item.awaiting_claim, item.revealed < item.steps.len()) {
                (true, _) => None,
                (false, true) => Some(STEP),
                (false, false) => Some(COUNTED),
            };
        }
        self.computer_to_act().then_some(THINK)
    }

    // ---- Time ----

    /// Takes the next automatic step: one step of the count on screen, or
    /// the computer's move. Does nothing when nothing waits for time.
    pub fn tick(&mut self) {
        if self.overlay.is_some() || self.failure.is_some() || self.pegging_claim.is_some() {
            return;
        }
        if let Some(index) = self.shows.iter().position(|item| !item.done) {
            let item = &mut self.shows[index];
            if item.awaiting_claim {
                return;
            }
            if item.revealed < item.steps.len() {
                item.revealed += 1;
            } else {
                self.finish_show(index);
                self.settle();
            }
            return;
        }
        if self.computer_to_act() {
            self.computer_moves();
            self.settle();
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

    // ---- Keys ----

    /// Handles one key.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        self.notice = None;
        if let Some(overlay) = self.overlay.take() {
            self.overlay_key(overlay, key.code);
            return;
        }
        match key.code {
            KeyCode::PageUp => {
                self.log_back = (self.log_back + LOG_PAGE).min(self.log.len().saturating_sub(1));
            }
            KeyCode::PageDown => self.log_back = self.log_back.saturating_sub(LOG_PAGE),
            KeyCode::End => self.log_back = 0,
            KeyCode::Char('q' | 'Q') => self.overlay = Some(Overlay::Confirm(Confirm::Quit)),
            KeyCode::Char('r' | 'R') => self.overlay = Some(Overlay::Confirm(Confirm::Restart)),
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Some(Overlay::Help),
            KeyCode::Char('h' | 'H') => {
                let nothing = |reason| Hint::Nothing { reason };
                let advice = match self.stage() {
                    Stage::Discard | Stage::Play => hint(&self.table, self.seed),
                    Stage::Claim if self.pegging_claim.is_some() => {
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
                self.overlay = Some(Overlay::Hint(advice, text));
            }
            KeyCode::Char('w' | 'W') => self.win_chance = !self.win_chance,
            code => self.stage_key(code),
        }
    }

    fn overlay_key(&mut self, overlay: Overlay, code: KeyCode) {
        match overlay {
            Overlay::Confirm(confirm) => match code {
                KeyCode::Char('y' | 'Y') => match confirm {
                    Confirm::Quit => self.quit = true,
                    Confirm::Restart => self.restart(self.seed.wrapping_add(1)),
                },
                KeyCode::Char('n' | 'N') | KeyCode::Esc => {}
                // Anything else leaves the question open.
                _ => self.overlay = Some(overlay),
            },
            // Any key closes help or a hint; q and r go on to their question
            // so that quitting takes the same keys from anywhere.
            Overlay::Help | Overlay::Hint(..) => match code {
                KeyCode::Char('q' | 'Q') => self.overlay = Some(Overlay::Confirm(Confirm::Quit)),
                KeyCode::Char('r' | 'R') => {
                    self.overlay = Some(Overlay::Confirm(Confirm::Restart));
                }
                _ => {}
            },
        }
    }

    fn stage_key(&mut self, code: KeyCode) {
        match self.stage() {
            Stage::Discard => self.discard_key(code),
            Stage::Play => self.play_key(code),
            Stage::Claim => self.claim_key(code),
            Stage::Show | Stage::Waiting => {
                if matches!(code, KeyCode::Enter | KeyCode::Char(' ')) {
                    self.hurry();
                }
            }
            Stage::RoundOver => {
                if matches!(code, KeyCode::Enter | KeyCode::Char(' ')) {
                    let dealer = self.play.game().dealer();
                    self.attempt_or_fail(dealer, Action::Deal);
                }
            }
            Stage::GameOver => {
                if matches!(code, KeyCode::Enter | KeyCode::Char(' ')) {
                    self.ending = None;
                    self.settle();
                }
            }
            Stage::MatchOver => {
                if matches!(code, KeyCode::Enter | KeyCode::Char(' ')) {
                    self.restart(self.seed.wrapping_add(1));
                }
            }
            Stage::Failed => {}
        }
    }

    fn discard_key(&mut self, code: KeyCode) {
        let cards = self.hand_cards();
        match code {
            KeyCode::Left | KeyCode::Up => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right | KeyCode::Down => {
                self.cursor = (self.cursor + 1).min(cards.len().saturating_sub(1));
            }
            KeyCode::Char(' ') => self.toggle_mark(self.cursor),
            KeyCode::Char(digit @ '1'..='9') => {
                let index = digit as usize - '1' as usize;
                if index < cards.len() {
                    self.cursor = index;
                    self.toggle_mark(index);
                }
            }
            KeyCode::Enter => {
                let needed = self.table.config.discards();
                if self.marked.len() == needed {
                    let marked = self.marked;
                    self.marked = CardSet::EMPTY;
                    self.attempt_or_fail(HUMAN, Action::Discard(marked));
                } else {
                    self.notice = Some(format!(
                        "Mark {} for the crib first (space marks, or the card's number).",
                        cards_words(needed)
                    ));
                }
            }
            _ => {}
        }
    }

    fn toggle_mark(&mut self, index: usize) {
        let Some(&card) = self.hand_cards().get(index) else { return };
        if self.marked.contains(card) {
            self.marked.remove(card);
        } else if self.marked.len() < self.table.config.discards() {
            self.marked.insert(card);
        } else {
            self.notice = Some(match self.table.config.discards() {
                1 => "One card goes to the crib: unmark it first.".to_owned(),
                n => format!("{} go to the crib: unmark one first.", capitalised(&cards_words(n))),
            });
        }
    }

    fn play_key(&mut self, code: KeyCode) {
        let cards = self.hand_cards();
        let unplayed: Vec<usize> =
            (0..cards.len()).filter(|&i| self.table.hand.contains(cards[i])).collect();
        match code {
            KeyCode::Left | KeyCode::Up => {
                if let Some(&index) = unplayed.iter().rev().find(|&&i| i < self.cursor) {
                    self.cursor = index;
                }
            }
            KeyCode::Right | KeyCode::Down => {
                if let Some(&index) = unplayed.iter().find(|&&i| i > self.cursor) {
                    self.cursor = index;
                }
            }
            KeyCode::Char(digit @ '1'..='9') => {
                let index = digit as usize - '1' as usize;
                match cards.get(index) {
                    Some(&card) if !self.table.hand.contains(card) => {
                        self.notice = Some(format!("You have played {} already.", card_text(card)));
                    }
                    Some(_) => self.cursor = index,
                    None => {}
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                if self.table.playable().is_empty() {
                    self.attempt_or_fail(HUMAN, Action::Go);
                    return;
                }
                let Some(&card) = cards.get(self.cursor) else { return };
                if !self.table.pegging.fits(card) {
                    self.notice = Some(format!(
                        "{} would take the count past 31: choose another card.",
                        card_text(card)
                    ));
                } else {
                    self.attempt_or_fail(HUMAN, Action::Play(card));
                }
            }
            KeyCode::Char('g' | 'G') => {
                if self.table.playable().is_empty() {
                    self.attempt_or_fail(HUMAN, Action::Go);
                } else {
                    self.notice = Some("A card fits, so you cannot say go.".to_owned());
                }
            }
            _ => {}
        }
    }

    fn claim_key(&mut self, code: KeyCode) {
        match code {
            KeyCode::Char(digit @ '0'..='9') if self.claim.len() < 2 => self.claim.push(digit),
            KeyCode::Backspace => {
                self.claim.pop();
            }
            KeyCode::Enter => match self.claim.parse::<u8>() {
                Ok(points) if points <= MAX_CLAIM => self.submit_claim(points),
                Ok(_) => {
                    self.notice = Some(format!("No show makes more than {MAX_CLAIM}."));
                    self.claim.clear();
                }
                Err(_) => self.notice = Some("Type your count, then enter.".to_owned()),
            },
            _ => {}
        }
    }

    /// Enter while the computer thinks or a hand is counted: the rest of
    /// the count at once, or the computer's move now.
    fn hurry(&mut self) {
        if let Some(item) = self.shows.iter_mut().find(|item| !item.done) {
            if item.awaiting_claim {
                return;
            }
            if item.revealed < item.steps.len() {
                item.revealed = item.steps.len();
                return;
            }
        }
        self.tick();
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
        if let Some(played) = self.pegging_to_claim(seat, claims, &preview) {
            // Nothing is presented until the person says what the card
            // pegs; the table shows the card played.
            self.pending = Some(Pending { seat, action, claims, presented: skip });
            self.pegging_claim = Some(played);
            self.table = next.view(HUMAN);
            return Ok(());
        }
        let events = if self.options.muggins && preview.iter().any(awaits_claim) {
            self.pending = Some(Pending { seat, action, claims, presented: skip });
            preview
        } else {
            self.pending = None;
            let events = if action == Action::Deal {
                self.play.deal()?
            } else if seat == HUMAN {
                self.play.act(seat, action, claims)?
            } else {
                self.play.take_chosen(seat, action, claims)?
            };
            self.commit(&events);
            events
        };
        // The copy holds the game as the move leaves it, even when the move
        // won the game and the match has already set up the next one.
        self.table = next.view(HUMAN);
        self.queue.extend(events.iter().skip(skip).map(|event| event.for_seat(HUMAN)));
        Ok(())
    }

    /// Presents the events of a match begun, or fails.
    fn took(&mut self, started: Result<Vec<Event>, TableError>, skip: usize) {
        match started {
            Ok(events) => {
                self.commit(&events);
                self.table = self.play.view(HUMAN);
                self.queue.extend(events.iter().skip(skip).map(|event| event.for_seat(HUMAN)));
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
        self.pending.is_none()
            && self.ending.is_none()
            && self.queue.is_empty()
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

    /// The card and count of the person's play that pegs, when they count
    /// their own pegging and have not yet said what it pegs.
    fn pegging_to_claim(
        &self,
        seat: Seat,
        claims: Claims,
        preview: &[Event],
    ) -> Option<(Card, u8)> {
        if !(self.options.muggins && self.options.muggins_pegging)
            || seat != HUMAN
            || claims.pegging().is_some()
        {
            return None;
        }
        match preview.first() {
            Some(Event::Played { card, count, points, .. }) if !points.is_empty() => {
                Some((*card, *count))
            }
            _ => None,
        }
    }

    fn submit_claim(&mut self, points: u8) {
        let Some(pending) = self.pending else { return };
        if self.pegging_claim.take().is_some() {
            self.claim.clear();
            let claims = pending.claims.with_pegging(points);
            if let Err(error) =
                self.attempt(pending.seat, pending.action, claims, pending.presented)
            {
                self.failure = Some(format!("the move {} was refused: {error}", pending.action));
            }
            self.settle();
            return;
        }
        let Some(item) = self.shows.iter_mut().find(|item| !item.done) else { return };
        let claims = if item.crib {
            pending.claims.with_crib(points)
        } else {
            pending.claims.with_hand(HUMAN, points)
        };
        item.claimed = Some(points);
        item.awaiting_claim = false;
        self.claim.clear();
        self.queue.clear();
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
        while self.failure.is_none()
            && self.ending.is_none()
            && self.shows.iter().all(|item| item.done)
        {
            if let Some(event) = self.queue.pop_front() {
                self.present(event);
                continue;
            }
            let game = self.play.game();
            if self.pending.is_none()
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
                && self.pending.is_none()
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
        self.fix_cursor();
    }

    fn present(&mut self, event: Event) {
        if let Some(pending) = &mut self.pending {
            pending.presented += 1;
        }
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
                self.shows.clear();
                self.game_number = game + 1;
                self.say(&event);
            }
            Event::Dealt { .. } => {
                self.shows.clear();
                self.marked = CardSet::EMPTY;
                self.cursor = 0;
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

    fn begin_show(&mut self, seat: Seat, crib: bool, breakdown: &Breakdown, claimed: Option<u8>) {
        let awaiting_claim = claimed.is_none() && self.pending.is_some() && seat == HUMAN;
        self.shows.push(ShowItem {
            seat,
            crib,
            breakdown: breakdown.clone(),
            steps: breakdown.steps(),
            revealed: 0,
            claimed,
            awaiting_claim,
            done: false,
        });
    }

    fn finish_show(&mut self, index: usize) {
        let Some(item) = self.shows.get_mut(index) else { return };
        item.done = true;
        let event = match item.claimed {
            Some(claimed) => Event::Claimed {
                seat: item.seat,
                crib: item.crib,
                breakdown: item.breakdown.clone(),
                claimed,
            },
            None if item.crib => {
                Event::CribShown { dealer: item.seat, breakdown: item.breakdown.clone() }
            }
            None => Event::Shown { seat: item.seat, breakdown: item.breakdown.clone() },
        };
        self.peg(&event);
        self.say(&event);
    }

    /// Keeps the chosen card on a card the person can use: in the play, the
    /// first card that fits when the chosen one was played or does not fit.
    fn fix_cursor(&mut self) {
        let cards = self.hand_cards();
        match self.stage() {
            Stage::Play => {
                let usable =
                    |card: &Card| self.table.hand.contains(*card) && self.table.pegging.fits(*card);
                if !cards.get(self.cursor).is_some_and(usable) {
                    let unplayed = cards.iter().position(|card| self.table.hand.contains(*card));
                    self.cursor = cards.iter().position(usable).or(unplayed).unwrap_or(0);
                }
            }
            _ => self.cursor = self.cursor.min(cards.len().saturating_sub(1)),
        }
    }
}

/// The table's setup from the options.
fn setup(options: &Options) -> TableSetup {
    TableSetup {
        config: options.config,
        games_to_win: options.games_to_win,
        seed: options.seed,
        muggins: options.muggins,
        muggins_pegging: options.muggins && options.muggins_pegging,
    }
}

/// The person at [`HUMAN`], `others` after them in playing order.
fn seats(config: GameConfig, others: Vec<Sitter>) -> BySeat<Sitter> {
    assert_eq!(others.len() + 1, usize::from(config.players()), "a sitter for every other seat");
    let mut seats = vec![Sitter::person(crate::ME)];
    seats.extend(others);
    BySeat::from_vec(seats).expect("2 to 4 seats")
}

/// What the other seats are called at a table of `config`, the person's
/// seat first: the computer with two players, else the compass points of
/// a table where the person sits south and play passes to the left.
#[must_use]
pub fn seat_names(config: GameConfig) -> BySeat<String> {
    let names: &[&str] = match config.players() {
        2 => &["you", "the computer"],
        3 => &["you", "West", "East"],
        _ => &["you", "West", "North", "East"],
    };
    BySeat::new(config, |seat| names.get(seat.index()).copied().unwrap_or("someone").to_owned())
}

/// Whether an event is the person's show counted without their claim: with
/// muggins they must count it first.
fn awaits_claim(event: &Event) -> bool {
    matches!(event, Event::Shown { seat: HUMAN, .. } | Event::CribShown { dealer: HUMAN, .. })
}

/// "one card", "two cards".
#[must_use]
pub(crate) fn cards_words(cards: usize) -> String {
    let words = crib_core::number_words(u32::try_from(cards).unwrap_or(u32::MAX));
    format!("{words} card{}", if cards == 1 { "" } else { "s" })
}

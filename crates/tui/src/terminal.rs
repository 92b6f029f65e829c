//! The terminal: raw mode and the alternate screen while the game (or the
//! counting drill) runs, and the one loop of The Elm Architecture for both:
//! an event (a key, a resize, or time passing) becomes a message, the model
//! ([`App`] or [`Drill`]) takes it, and the view draws the model again.
//!
//! The terminal is put back as it was (cooked mode, the main screen, the
//! cursor shown) whichever way the game ends: a normal quit, an error (the
//! guard's `Drop`), or a panic (a panic hook that restores the terminal
//! before the panic message is printed, so the message is readable).

use std::io::{self, IsTerminal, Stdout, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{self, Event, KeyEvent, KeyEventKind};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::backend::CrosstermBackend;
use ratatui::{Frame, Terminal};

use crate::app::{App, Message};
use crate::drill::{Drill, DrillMessage};
use crate::ui;

/// Why the game could not run in the terminal.
#[derive(Debug, thiserror::Error)]
pub enum TuiError {
    /// Standard input or output is not a terminal (piped, redirected).
    #[error(
        "{0} is not a terminal: crib play and crib drill are full-screen and need a terminal for input and output"
    )]
    NotATerminal(&'static str),
    /// The terminal could not be set up, drawn on or read.
    #[error("the terminal failed while {doing}")]
    Io {
        /// What was being done.
        doing: &'static str,
        /// The error.
        #[source]
        source: io::Error,
    },
}

impl TuiError {
    fn io(doing: &'static str) -> impl FnOnce(io::Error) -> TuiError {
        move |source| TuiError::Io { doing, source }
    }
}

/// Checks that standard input and output are both terminals.
///
/// # Errors
///
/// [`TuiError::NotATerminal`] naming the stream that is not.
pub fn require_terminal() -> Result<(), TuiError> {
    if !io::stdin().is_terminal() {
        return Err(TuiError::NotATerminal("standard input"));
    }
    if !io::stdout().is_terminal() {
        return Err(TuiError::NotATerminal("standard output"));
    }
    Ok(())
}

/// What runs full-screen, in The Elm Architecture: a key becomes a
/// message, the model takes it, and the view draws the model.
trait Screen {
    /// What the model takes.
    type Message;
    /// What a key asks, in the state on screen.
    fn message(&self, key: KeyEvent) -> Option<Self::Message>;
    /// The message time brings and how long after the last change it
    /// comes, if the screen moves by itself.
    fn tick(&self) -> Option<(Duration, Self::Message)>;
    /// Takes a message.
    fn update(&mut self, message: Self::Message);
    /// Draws the model.
    fn view(&self, frame: &mut Frame<'_>);
    /// Whether the person has quit.
    fn should_quit(&self) -> bool;
}

impl Screen for App {
    type Message = Message;
    fn message(&self, key: KeyEvent) -> Option<Message> {
        self.key_message(key)
    }
    fn tick(&self) -> Option<(Duration, Message)> {
        self.wants_tick().map(|delay| (delay, Message::Tick))
    }
    fn update(&mut self, message: Message) {
        App::update(self, message);
    }
    fn view(&self, frame: &mut Frame<'_>) {
        ui::view(self, frame);
    }
    fn should_quit(&self) -> bool {
        App::should_quit(self)
    }
}

impl Screen for Drill {
    type Message = DrillMessage;
    fn message(&self, key: KeyEvent) -> Option<DrillMessage> {
        self.key_message(key)
    }
    fn tick(&self) -> Option<(Duration, DrillMessage)> {
        // The drill moves only by keys: its clock is read when an answer
        // is graded.
        None
    }
    fn update(&mut self, message: DrillMessage) {
        Drill::update(self, message);
    }
    fn view(&self, frame: &mut Frame<'_>) {
        ui::drill::view(self, frame);
    }
    fn should_quit(&self) -> bool {
        Drill::should_quit(self)
    }
}

/// Runs `app` in the terminal until the person quits.
///
/// # Errors
///
/// No terminal, or a terminal that fails; the terminal is restored first.
pub fn run(app: &mut App) -> Result<(), TuiError> {
    run_screen(app)
}

/// Runs the counting drill in the terminal until the person quits or the
/// summary is closed.
///
/// # Errors
///
/// No terminal, or a terminal that fails; the terminal is restored first.
pub fn run_drill(drill: &mut Drill) -> Result<(), TuiError> {
    run_screen(drill)
}

fn run_screen<S: Screen>(screen: &mut S) -> Result<(), TuiError> {
    require_terminal()?;
    let guard = Guard::enter()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))
        .map_err(TuiError::io("setting up the screen"))?;
    let outcome = event_loop(&mut terminal, screen);
    drop(terminal);
    let restored = guard.leave();
    outcome.and(restored)
}

/// Event, message, update, draw, until the person quits.
fn event_loop<S: Screen>(
    terminal: &mut Terminal<CrosstermBackend<Stdout>>,
    screen: &mut S,
) -> Result<(), TuiError> {
    // Automatic steps are timed from the last key or step, so that a tick
    // never comes sooner than its pause after what the person did.
    let mut since = Instant::now();
    loop {
        terminal.draw(|frame| screen.view(frame)).map_err(TuiError::io("drawing"))?;
        if screen.should_quit() {
            return Ok(());
        }
        let tick = screen.tick();
        let timeout = match &tick {
            Some((delay, _)) => delay.saturating_sub(since.elapsed()),
            // Nothing happens without a key: wake now and then anyway, which
            // costs nothing and keeps the loop simple.
            None => Duration::from_secs(3600),
        };
        if event::poll(timeout).map_err(TuiError::io("waiting for a key"))? {
            match event::read().map_err(TuiError::io("reading a key"))? {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    if let Some(message) = screen.message(key) {
                        screen.update(message);
                    }
                    since = Instant::now();
                }
                // The next draw fits the new size.
                Event::Resize(..) => terminal.autoresize().map_err(TuiError::io("resizing"))?,
                _ => {}
            }
        } else if let Some((_, message)) = tick {
            screen.update(message);
            since = Instant::now();
        }
    }
}

/// Whether the terminal is in the game's modes. Restoring happens once: a
/// second "leave the alternate screen" would move the cursor back to where
/// the game started, over anything printed since (a panic's message).
static IN_GAME: AtomicBool = AtomicBool::new(false);

/// Raw mode, the alternate screen and a hidden cursor, for as long as the
/// guard lives.
struct Guard;

impl Guard {
    fn enter() -> Result<Guard, TuiError> {
        install_panic_hook();
        enable_raw_mode().map_err(TuiError::io("entering raw mode"))?;
        // From here on a failure must undo what was done.
        IN_GAME.store(true, Ordering::SeqCst);
        let guard = Guard;
        execute!(io::stdout(), EnterAlternateScreen, Hide)
            .map_err(TuiError::io("entering the alternate screen"))?;
        Ok(guard)
    }

    fn leave(self) -> Result<(), TuiError> {
        restore().map_err(TuiError::io("restoring the terminal"))
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        // After `leave` or a panic this does nothing; on an error path the
        // first error is the one reported.
        let _ = restore();
    }
}

/// Puts the terminal back, once: cooked mode, the main screen, the cursor
/// shown. Each step is tried even if an earlier one fails.
fn restore() -> io::Result<()> {
    if !IN_GAME.swap(false, Ordering::SeqCst) {
        return Ok(());
    }
    let raw = disable_raw_mode();
    let mut stdout = io::stdout();
    let screen = execute!(stdout, LeaveAlternateScreen, Show);
    let flushed = stdout.flush();
    raw.and(screen).and(flushed)
}

/// Restores the terminal before a panic's message is printed, then lets the
/// usual hook print it.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = restore();
            previous(info);
        }));
    });
}

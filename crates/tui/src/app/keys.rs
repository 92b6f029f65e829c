//! The key map: what each key asks, as a [`Message`], in the stage on
//! screen. The keys are those the help window lists; a key that asks
//! nothing of the stage still dismisses the notice about the last key.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::app::message::{Message, Scroll, WindowScroll};
use crate::app::stage::{Overlay, Question, Stage};

/// What `key` asks of the game at `stage` with `window` open over the
/// table; `None` for a key released (only presses ask).
///
/// Ctrl-c leaves at once from anywhere. With help or a hint open, the
/// arrows up and down, PgUp, PgDn, Home and End scroll it (when it has
/// more lines than the screen), and any other key closes it and does
/// nothing else, but q and r go on to their question so that quitting
/// takes the same keys from anywhere; a question takes only its answer.
#[must_use]
pub fn key_message(key: KeyEvent, stage: Stage, window: Option<&Overlay>) -> Option<Message> {
    if key.kind == KeyEventKind::Release {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Message::QuitNow);
    }
    let message = match window {
        Some(Overlay::Question(_)) => match key.code {
            KeyCode::Char('y' | 'Y') => Message::Yes,
            KeyCode::Char('n' | 'N') | KeyCode::Esc => Message::No,
            _ => Message::Dismiss,
        },
        Some(Overlay::Help | Overlay::Hint(..)) => match key.code {
            KeyCode::Char('q' | 'Q') => Message::Ask(Question::Quit),
            KeyCode::Char('r' | 'R') => Message::Ask(Question::Restart),
            KeyCode::Up => Message::ScrollWindow(WindowScroll::Up),
            KeyCode::Down => Message::ScrollWindow(WindowScroll::Down),
            KeyCode::PageUp => Message::ScrollWindow(WindowScroll::PageUp),
            KeyCode::PageDown => Message::ScrollWindow(WindowScroll::PageDown),
            KeyCode::Home => Message::ScrollWindow(WindowScroll::Top),
            KeyCode::End => Message::ScrollWindow(WindowScroll::Bottom),
            _ => Message::Close,
        },
        None => {
            anywhere(key.code).or_else(|| at_stage(key.code, stage)).unwrap_or(Message::Dismiss)
        }
    };
    Some(message)
}

/// The keys that ask the same at every stage.
fn anywhere(code: KeyCode) -> Option<Message> {
    Some(match code {
        KeyCode::PageUp => Message::ScrollLog(Scroll::Older),
        KeyCode::PageDown => Message::ScrollLog(Scroll::Newer),
        KeyCode::End => Message::ScrollLog(Scroll::Newest),
        KeyCode::Char('q' | 'Q') => Message::Ask(Question::Quit),
        KeyCode::Char('r' | 'R') => Message::Ask(Question::Restart),
        KeyCode::Char('?') | KeyCode::F(1) => Message::Help,
        KeyCode::Char('h' | 'H') => Message::Hint,
        KeyCode::Char('w' | 'W') => Message::ToggleWinChance,
        _ => return None,
    })
}

/// The keys whose meaning depends on the stage.
fn at_stage(code: KeyCode, stage: Stage) -> Option<Message> {
    let card = |digit: char| digit as usize - '1' as usize;
    Some(match (stage, code) {
        (Stage::Discard | Stage::Play, KeyCode::Left | KeyCode::Up) => Message::PreviousCard,
        (Stage::Discard | Stage::Play, KeyCode::Right | KeyCode::Down) => Message::NextCard,
        (Stage::Discard | Stage::Play, KeyCode::Char(digit @ '1'..='9')) => {
            Message::Choose(card(digit))
        }
        (Stage::Discard, KeyCode::Char(' ')) => Message::MarkCard,
        (Stage::Discard | Stage::Claim, KeyCode::Enter) => Message::Confirm,
        (Stage::Play, KeyCode::Char('g' | 'G')) => Message::SayGo,
        (Stage::Claim, KeyCode::Char(digit @ '0'..='9')) => Message::Digit(digit as u8 - b'0'),
        (Stage::Claim, KeyCode::Backspace) => Message::Backspace,
        (
            Stage::Play
            | Stage::Show
            | Stage::Waiting
            | Stage::RoundOver
            | Stage::GameOver
            | Stage::MatchOver,
            KeyCode::Enter | KeyCode::Char(' '),
        ) => Message::Confirm,
        _ => return None,
    })
}

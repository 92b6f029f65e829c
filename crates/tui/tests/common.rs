//! Helpers shared by the tests: building apps, pressing keys, reading
//! buffers.

use crib_ai::Strategy;
use crib_table::{BuiltInContestant, Sitter};
use crib_tui::{App, Options, Stage};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;

/// An app against the basic player with `seed`, for `games_to_win` games.
pub(crate) fn app(seed: u64, muggins: bool, games_to_win: u32) -> App {
    let options = Options { seed, muggins, games_to_win, ..Options::default() };
    App::new(options, vec![Sitter::program(BuiltInContestant::new(Strategy::Basic))], None)
}

/// Presses one key, then lets the computer and the count run until the
/// person is asked again.
pub(crate) fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    app.run_until_key();
}

/// Presses the keys of a string, one character each.
pub(crate) fn type_keys(app: &mut App, keys: &str) {
    for key in keys.chars() {
        press(app, KeyCode::Char(key));
    }
}

/// The lines of a buffer as text.
pub(crate) fn lines(buffer: &Buffer) -> Vec<String> {
    let area = buffer.area;
    (area.top()..area.bottom())
        .map(|y| (area.left()..area.right()).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}

/// The whole screen of `app` at `width` × `height`.
pub(crate) fn screen(app: &App, width: u16, height: u16) -> Vec<String> {
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    let mut buffer = Buffer::empty(area);
    crib_tui::ui::render(app, area, &mut buffer);
    lines(&buffer)
}

/// Plays the person's seat by a fixed script until the stage is one of
/// `until`: the first two cards to the crib, the chosen card (the first
/// that fits) or go in the play, and enter after each hand. With muggins
/// the person claims what `claim` says for each of their shows.
pub(crate) fn play_until(app: &mut App, until: &[Stage], claim: &mut dyn FnMut(&App) -> u8) {
    for _ in 0..100_000 {
        let stage = app.stage();
        if until.contains(&stage) {
            return;
        }
        match stage {
            Stage::Discard => {
                type_keys(app, "12");
                press(app, KeyCode::Enter);
            }
            Stage::Play | Stage::RoundOver | Stage::GameOver | Stage::MatchOver => {
                press(app, KeyCode::Enter);
            }
            Stage::Claim => {
                let points = claim(app);
                type_keys(app, &points.to_string());
                press(app, KeyCode::Enter);
            }
            Stage::Waiting | Stage::Show => app.run_until_key(),
            Stage::Failed => panic!("the game failed: {:?}", app.failure()),
        }
    }
    panic!("the script never reached {until:?}; stuck at {:?}", app.stage());
}

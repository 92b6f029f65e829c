//! Helpers shared by the tests: building apps, sending messages, reading
//! buffers.

use crib_ai::Strategy;
use crib_table::{BuiltInContestant, Sitter};
use crib_tui::{App, Message, Options, Stage};
use ratatui::buffer::Buffer;

/// An app against the basic player with `seed`, to `wins` games won.
pub(crate) fn app(seed: u64, muggins: bool, wins: u32) -> App {
    let options = Options { seed, muggins, length: wins.into(), ..Options::default() };
    App::new(options, vec![Sitter::program(BuiltInContestant::new(Strategy::Basic))], None)
}

/// Sends one message, then lets the computer and the count run until the
/// person is asked again.
pub(crate) fn send(app: &mut App, message: Message) {
    app.update(message);
    app.run_until_key();
}

/// Chooses the cards at these places in the hand, from 0 (in the discard,
/// each is marked or unmarked).
pub(crate) fn choose(app: &mut App, places: &[usize]) {
    for &place in places {
        send(app, Message::Choose(place));
    }
}

/// Types a count, digit by digit.
pub(crate) fn type_count(app: &mut App, points: u8) {
    for digit in points.to_string().bytes() {
        send(app, Message::Digit(digit - b'0'));
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
                choose(app, &[0, 1]);
                send(app, Message::Confirm);
            }
            Stage::Play | Stage::RoundOver | Stage::GameOver | Stage::MatchOver => {
                send(app, Message::Confirm);
            }
            Stage::Claim => {
                let points = claim(app);
                type_count(app, points);
                send(app, Message::Confirm);
            }
            Stage::Waiting | Stage::Show => app.run_until_key(),
            Stage::Failed => panic!("the game failed: {:?}", app.failure()),
        }
    }
    panic!("the script never reached {until:?}; stuck at {:?}", app.stage());
}

/// The window over the table as drawn at `width` × `height`, all of it:
/// its rows on the first screen, then, while its border says which lines
/// show of how many and there are more, a page further each time. Also
/// whether the first screen showed all of it.
pub(crate) fn whole_window(
    game: &mut crib_tui::App,
    width: u16,
    height: u16,
) -> (Vec<String>, bool) {
    let mut seen = Vec::new();
    let mut fits = None;
    for _ in 0..50 {
        let drawn = screen(game, width, height);
        let more = drawn.iter().find_map(|line| {
            let (_, after) = line.split_once(" lines ")?;
            let (range, total) = after.split_once(" of ")?;
            let last: usize = range.split_once('-')?.1.parse().ok()?;
            let total: usize = total.split_whitespace().next()?.parse().ok()?;
            Some(last < total)
        });
        fits.get_or_insert(more.is_none());
        seen.extend(drawn);
        if more != Some(true) {
            return (seen, fits.unwrap_or(true));
        }
        send(game, Message::ScrollWindow(crib_tui::WindowScroll::PageDown));
    }
    panic!("the window never reached its last line");
}

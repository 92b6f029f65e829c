//! Colours and glyphs, in one place so that the screen keeps one look.
//!
//! Every distinction that matters is made by a glyph or a word as well as a
//! colour, so the game reads on a terminal without colour and in tests that
//! compare text.

use crib_core::{Card, Suit};
use ratatui::style::{Color, Modifier, Style};

use crib_core::Side;

/// The person's side's colour: their pegs, track and points.
pub(super) const YOU: Color = Color::Cyan;

/// The other sides' colours, side 1 first.
const OTHERS: [Color; 2] = [Color::LightMagenta, Color::Yellow];

/// A hole of the board.
pub(super) const HOLE: &str = "·";

/// The game hole, 121, when empty.
pub(super) const GAME_HOLE: &str = "◇";

/// A front peg: where the score is.
pub(super) const FRONT_PEG: &str = "●";

/// A back peg: where the score was before the last points.
pub(super) const BACK_PEG: &str = "○";

/// The colour of a side: the person's (side 0) and each other's.
#[must_use]
pub(super) fn side_colour(side: Side) -> Color {
    match side.index() {
        0 => YOU,
        n => OTHERS[(n - 1) % OTHERS.len()],
    }
}

/// Text in a side's colour.
#[must_use]
pub(super) fn side_style(side: Side) -> Style {
    Style::new().fg(side_colour(side)).add_modifier(Modifier::BOLD)
}

/// Labels and other quiet text.
#[must_use]
pub(super) fn dim() -> Style {
    Style::new().fg(Color::DarkGray)
}

/// Text that asks for attention.
#[must_use]
pub(super) fn strong() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

/// The face of a card: dark or red ink on white.
#[must_use]
pub(super) fn card_face(card: Card) -> Style {
    let ink = match card.suit() {
        Suit::Hearts | Suit::Diamonds => Color::Red,
        Suit::Clubs | Suit::Spades => Color::Black,
    };
    Style::new().fg(ink).bg(Color::White)
}

/// The back of a card.
#[must_use]
pub(super) fn card_back() -> Style {
    Style::new().fg(Color::LightBlue).bg(Color::Blue)
}

/// The card the person has chosen.
#[must_use]
pub(super) fn chosen(style: Style) -> Style {
    style.bg(Color::Yellow).add_modifier(Modifier::BOLD)
}

/// A card already played, left in the hand for the show.
#[must_use]
pub(super) fn played() -> Style {
    Style::new().fg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT)
}

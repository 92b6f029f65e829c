//! Cards as spans of text: four columns each, face up or face down.

use crib_core::Card;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::theme;
use crib_table::narrate::rank_text;

/// The columns a card takes.
pub(super) const CARD_WIDTH: u16 = 4;

/// The columns from one card to the next in a row of cards.
pub(super) const CARD_STEP: u16 = CARD_WIDTH + 1;

/// A card's face: ` 7♥ `, `10♥ `.
#[must_use]
pub fn face_text(card: Card) -> String {
    format!("{:>2}{} ", rank_text(card), card.suit().symbol())
}

/// A card face up.
#[must_use]
pub(super) fn face(card: Card) -> Span<'static> {
    Span::styled(face_text(card), theme::card_face(card))
}

/// A card face up in another style (chosen, played).
#[must_use]
pub(super) fn face_styled(card: Card, style: Style) -> Span<'static> {
    Span::styled(face_text(card), style)
}

/// A card face down.
#[must_use]
pub(super) fn back() -> Span<'static> {
    Span::styled("▒▒▒▒", theme::card_back())
}

/// Cards face up, one column apart.
#[must_use]
pub(super) fn faces(cards: impl IntoIterator<Item = Card>) -> Line<'static> {
    spaced(cards.into_iter().map(face))
}

/// `count` cards face down, one column apart.
#[must_use]
pub(super) fn backs(count: usize) -> Line<'static> {
    spaced((0..count).map(|_| back()))
}

fn spaced(cards: impl Iterator<Item = Span<'static>>) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, card) in cards.enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        spans.push(card);
    }
    Line::from(spans)
}

//! The person's choice of cards on screen: the cards of their hand in the
//! order shown, the card chosen (the cursor), and the cards marked for the
//! crib, kept on cards they can use as the game moves on. When a choice
//! cannot be made (a card already played, a mark too many), what to tell
//! the person is said here too.

use crib_core::{Card, CardSet, Phase, View};
use crib_table::narrate::{capitalised, card_text};

use crate::app::setup::HUMAN;
use crate::app::stage::Stage;

/// The cards shown in the person's hand, in order: the six dealt while
/// discarding, then the four kept (played ones included).
pub(crate) fn hand_cards(view: &View) -> Vec<Card> {
    // Before the discard nothing is kept yet; after it the kept four stay
    // in place through the play and the show.
    let dealt = view.phase == Phase::Discard && !view.has_discarded(HUMAN);
    let cards = if dealt || view.kept.is_empty() { view.hand } else { view.kept };
    cards.iter().collect()
}

/// "one card", "two cards".
pub(crate) fn cards_words(cards: usize) -> String {
    let words = crib_core::number_words(u32::try_from(cards).unwrap_or(u32::MAX));
    format!("{words} card{}", if cards == 1 { "" } else { "s" })
}

/// The chosen card and the cards marked for the crib, over the hand the
/// person's view shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The position of the chosen card in [`hand_cards`].
    cursor: usize,
    marked: CardSet,
}

impl Choice {
    /// The position of the chosen card in [`hand_cards`].
    pub(crate) const fn cursor(&self) -> usize {
        self.cursor
    }

    /// The cards marked for the crib.
    pub(crate) const fn marked(&self) -> CardSet {
        self.marked
    }

    /// A new hand: its first card chosen, none marked.
    pub(crate) fn new_hand(&mut self) {
        *self = Choice::default();
    }

    /// The chosen card.
    pub(crate) fn chosen(&self, view: &View) -> Option<Card> {
        hand_cards(view).get(self.cursor).copied()
    }

    /// The card to the left: in the play, the nearest one not yet played.
    pub(crate) fn previous(&mut self, view: &View, stage: Stage) {
        if stage == Stage::Play {
            let cards = hand_cards(view);
            let before = 0..self.cursor.min(cards.len());
            let unplayed = before.rev().find(|&i| view.hand.contains(cards[i]));
            self.cursor = unplayed.unwrap_or(self.cursor);
        } else {
            self.cursor = self.cursor.saturating_sub(1);
        }
    }

    /// The card to the right: in the play, the nearest one not yet played.
    pub(crate) fn next(&mut self, view: &View, stage: Stage) {
        let cards = hand_cards(view);
        if stage == Stage::Play {
            let unplayed = (self.cursor + 1..cards.len()).find(|&i| view.hand.contains(cards[i]));
            self.cursor = unplayed.unwrap_or(self.cursor);
        } else {
            self.cursor = (self.cursor + 1).min(cards.len().saturating_sub(1));
        }
    }

    /// The card at `index` chosen: in the discard also marked or unmarked;
    /// in the play, not a card played already.
    pub(crate) fn choose(&mut self, view: &View, stage: Stage, index: usize) -> Result<(), String> {
        let Some(&card) = hand_cards(view).get(index) else { return Ok(()) };
        if stage == Stage::Play {
            if !view.hand.contains(card) {
                return Err(format!("You have played {} already.", card_text(card)));
            }
            self.cursor = index;
            return Ok(());
        }
        self.cursor = index;
        self.toggle_mark(view)
    }

    /// The chosen card marked for the crib, or unmarked; no more than the
    /// crib takes from each player.
    pub(crate) fn toggle_mark(&mut self, view: &View) -> Result<(), String> {
        let Some(card) = self.chosen(view) else { return Ok(()) };
        let discards = view.config.discards();
        if self.marked.contains(card) {
            self.marked.remove(card);
        } else if self.marked.len() < discards {
            self.marked.insert(card);
        } else {
            return Err(match discards {
                1 => "One card goes to the crib: unmark it first.".to_owned(),
                n => format!("{} go to the crib: unmark one first.", capitalised(&cards_words(n))),
            });
        }
        Ok(())
    }

    /// The cards marked, given up for the crib, when they are as many as
    /// it takes.
    pub(crate) fn take_marked(&mut self, view: &View) -> Result<CardSet, String> {
        let needed = view.config.discards();
        if self.marked.len() != needed {
            return Err(format!(
                "Mark {} for the crib first (space marks, or the card's number).",
                cards_words(needed)
            ));
        }
        Ok(std::mem::replace(&mut self.marked, CardSet::EMPTY))
    }

    /// Keeps the chosen card on a card the person can use: in the play, the
    /// first card that fits when the chosen one was played or does not fit.
    pub(crate) fn fix(&mut self, view: &View, stage: Stage) {
        let cards = hand_cards(view);
        if stage == Stage::Play {
            let usable = |card: &Card| view.hand.contains(*card) && view.pegging.fits(*card);
            if !cards.get(self.cursor).is_some_and(usable) {
                let unplayed = cards.iter().position(|card| view.hand.contains(*card));
                self.cursor = cards.iter().position(usable).or(unplayed).unwrap_or(0);
            }
        } else {
            self.cursor = self.cursor.min(cards.len().saturating_sub(1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::{Action, Game, GameConfig, Seat};

    const COMPUTER: Seat = Seat::ALL[1];

    /// A game of two dealt by the computer: the person discards, then
    /// leads.
    fn dealt() -> Game {
        let mut game = Game::new(GameConfig::default(), COMPUTER, 4).expect("a game");
        game.play(COMPUTER, Action::Deal).expect("the deal");
        game
    }

    fn first_two(view: &View) -> CardSet {
        view.hand.iter().take(2).collect()
    }

    #[test]
    fn the_discard_marks_as_many_cards_as_the_crib_takes() {
        let game = dealt();
        let view = game.view(HUMAN);
        let mut choice = Choice::default();
        assert_eq!(hand_cards(&view).len(), 6);
        assert!(choice.take_marked(&view).unwrap_err().starts_with("Mark two cards"));
        choice.choose(&view, Stage::Discard, 0).expect("a first mark");
        choice.next(&view, Stage::Discard);
        choice.toggle_mark(&view).expect("a second mark");
        let refused = choice.choose(&view, Stage::Discard, 5).unwrap_err();
        assert_eq!(refused, "Two cards go to the crib: unmark one first.");
        assert_eq!(choice.cursor(), 5, "chosen, though not marked");
        choice.choose(&view, Stage::Discard, 9).expect("no sixth card: nothing happens");
        assert_eq!(choice.cursor(), 5);
        choice.next(&view, Stage::Discard);
        assert_eq!(choice.cursor(), 5, "the last card stays chosen");
        assert_eq!(choice.take_marked(&view), Ok(first_two(&view)));
        assert_eq!(choice.marked(), CardSet::EMPTY);
    }

    #[test]
    fn the_play_chooses_among_the_cards_not_yet_played() {
        let mut game = dealt();
        let discard = first_two(&game.view(HUMAN));
        game.play(HUMAN, Action::Discard(discard)).expect("the person's discard");
        let theirs = first_two(&game.view(COMPUTER));
        game.play(COMPUTER, Action::Discard(theirs)).expect("the computer's discard");
        let led = hand_cards(&game.view(HUMAN))[1];
        game.play(HUMAN, Action::Play(led)).expect("the lead");
        let view = game.view(HUMAN);
        assert_eq!(hand_cards(&view).len(), 4, "the card played stays in place");
        let mut choice = Choice::default();
        let refused = choice.choose(&view, Stage::Play, 1).unwrap_err();
        assert_eq!(refused, format!("You have played {} already.", card_text(led)));
        choice.next(&view, Stage::Play);
        assert_eq!(choice.cursor(), 2, "past the card played");
        choice.previous(&view, Stage::Play);
        assert_eq!(choice.cursor(), 0);
        choice.choose(&view, Stage::Play, 3).expect("a card in hand");
        assert_eq!(choice.chosen(&view), Some(hand_cards(&view)[3]));
    }
}

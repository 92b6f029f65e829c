//! Hints: what the strongest built-in player would do in a seat, and why.
//!
//! Shared by every interface (the terminal and the web page), so that advice
//! is computed once, from a seat's view, and never in display code.
//!
//! In the discard, the whole discard table of `crib_ai` (every keep of four
//! with its exact expected hand over the possible starters); in the play, the
//! card the computer would play with what each card that fits would peg now.
//! Hints always come from [`Strategy::STRONGEST`], whatever the level of the
//! opponent, so that a hint is the best advice the program has.

use crate::{Keep, Player, Strategy, discard_table};
use crib_core::{Card, PegPoints, Phase, View};

/// A hint for one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Every keep of four, best first; the first is the computer's choice.
    Discard {
        /// The keeps, best first.
        keeps: Vec<Keep>,
        /// Whether the seat deals (the crib is its own).
        dealer: bool,
    },
    /// The card the computer would play.
    Play {
        /// The card.
        card: Card,
        /// What it pegs now.
        points: PegPoints,
        /// The count with it.
        count: u8,
        /// Every card that fits, with what it would peg now and the count.
        options: Vec<(Card, PegPoints, u8)>,
    },
    /// No card fits: go.
    Go {
        /// The count that no card fits.
        count: u8,
    },
    /// Nothing to advise now, and why.
    Nothing(&'static str),
}

/// The hint for `view`, the view of the seat that asks.
#[must_use]
pub fn hint(view: &View) -> Hint {
    match view.phase {
        Phase::Discard if !view.has_discarded(view.seat) => match discard_table(view.hand) {
            Ok(keeps) => Hint::Discard { keeps, dealer: view.dealer == view.seat },
            Err(_) => Hint::Nothing("there is no deal to choose from"),
        },
        Phase::Pegging if view.pegging.turn() == Some(view.seat) => {
            let options: Vec<(Card, PegPoints, u8)> = view
                .playable()
                .iter()
                .filter_map(|card| {
                    let play = view.pegging.preview(view.seat, card).ok()?;
                    Some((card, play.points, play.count))
                })
                .collect();
            let mut player = Strategy::STRONGEST.player(0);
            match player.play(view) {
                Some(card) => {
                    let (points, count) = options
                        .iter()
                        .find(|(option, ..)| *option == card)
                        .map_or((PegPoints::NONE, view.pegging.count()), |&(_, p, c)| (p, c));
                    Hint::Play { card, points, count, options }
                }
                None => Hint::Go { count: view.pegging.count() },
            }
        }
        Phase::Discard => Hint::Nothing("your cards are in the crib: the other discard is awaited"),
        Phase::Pegging => Hint::Nothing("it is not your turn to play"),
        Phase::Deal => Hint::Nothing("the hand is over: the next deal is to come"),
        Phase::Over => Hint::Nothing("the game is over"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::{Action, CardSet, Game, GameConfig, Seat, parse_cards};

    fn cards(text: &str) -> CardSet {
        CardSet::from_distinct(parse_cards(text).unwrap()).unwrap()
    }

    #[test]
    fn discard_hint_is_the_table_and_play_hint_pegs_the_most() {
        let mut game = Game::new(GameConfig::default(), Seat::ALL[1], 0).unwrap();
        let hands = [cards("5H 5S JD 4C 6C KD"), cards("TH 2C 9D 8S 3D 7S")];
        game.deal_stacked(Seat::ALL[1], &hands, CardSet::EMPTY, "5C".parse().unwrap()).unwrap();
        let Hint::Discard { keeps, dealer } = hint(&game.view(Seat::ALL[0])) else {
            panic!("a discard hint")
        };
        assert!(!dealer);
        assert_eq!(keeps.len(), 15);
        assert_eq!(keeps[0].keep.to_string(), "4C 5H 5S 6C");
        game.play(Seat::ALL[0], Action::Discard(keeps[0].discard)).unwrap();
        game.play(Seat::ALL[1], Action::Discard(cards("TH 2C"))).unwrap();
        // The pone leads: nothing pegs on the lead, and the hint is the
        // strongest player's card.
        let view = game.view(Seat::ALL[0]);
        let Hint::Play { card, points, options, .. } = hint(&view) else { panic!("a play hint") };
        assert!(points.is_empty());
        assert_eq!(options.len(), 4);
        assert_eq!(Some(card), Strategy::STRONGEST.player(0).play(&view));
    }
}

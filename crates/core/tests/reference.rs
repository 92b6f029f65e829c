//! A reference counter written from the rules alone, to hold the library's
//! counters to.
//!
//! It shares no code with `crib_core`'s scoring: it reads only each card's
//! rank, suit and value, and walks the power set of the five cards with plain
//! bit masks, exactly as the rules are worded. It is slow and obviously right,
//! which is all a reference needs to be.

use crib_core::{Card, Rank, Rules};

/// The points of a show, category by category.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Points {
    /// 2 for each combination of cards adding up to fifteen.
    pub(crate) fifteens: u8,
    /// 2 for each pair of cards of one rank.
    pub(crate) pairs: u8,
    /// The length of each longest run, once for each way of making it.
    pub(crate) runs: u8,
    /// 4 for a hand of one suit (hand rules only), 5 with the starter too.
    pub(crate) flush: u8,
    /// 1 for the jack of the starter's suit in the hand.
    pub(crate) nobs: u8,
}

impl Points {
    /// The value of the show.
    pub(crate) fn total(self) -> u8 {
        self.fifteens + self.pairs + self.runs + self.flush + self.nobs
    }
}

/// Counts `hand` with `starter` under `rules`.
pub(crate) fn count(hand: [Card; 4], starter: Card, rules: Rules) -> Points {
    let five = [hand[0], hand[1], hand[2], hand[3], starter];
    let mut points = Points::default();

    let mut longest_run = 0;
    let mut runs_of_longest = 0;
    // Mask bit `i` picks `five[i]`; masks 0..32 are every subset once.
    for mask in 0..32 {
        let mut chosen = [starter; 5];
        let mut size = 0;
        for (i, &card) in five.iter().enumerate() {
            if mask & 1 << i != 0 {
                chosen[size] = card;
                size += 1;
            }
        }
        let cards = &chosen[..size];
        let sum: u32 = cards.iter().map(|card| u32::from(card.value())).sum();
        if sum == 15 {
            points.fifteens += 2;
        }
        if cards.len() == 2 && cards[0].rank() == cards[1].rank() {
            points.pairs += 2;
        }
        if cards.len() >= 3 && is_run(cards) {
            if cards.len() > longest_run {
                longest_run = cards.len();
                runs_of_longest = 0;
            }
            if cards.len() == longest_run {
                runs_of_longest += 1;
            }
        }
    }
    points.runs = (longest_run * runs_of_longest) as u8;

    let suit = hand[0].suit();
    if hand.iter().all(|card| card.suit() == suit) {
        if starter.suit() == suit {
            points.flush = 5;
        } else if rules == Rules::Hand {
            points.flush = 4;
        }
    }

    if hand.iter().any(|card| card.rank() == Rank::Jack && card.suit() == starter.suit()) {
        points.nobs = 1;
    }
    points
}

/// Whether the cards' ranks are distinct and consecutive, ace low, king high:
/// sorted, each is one above the last.
fn is_run(cards: &[Card]) -> bool {
    let mut ranks = [0; 5];
    for (rank, card) in ranks.iter_mut().zip(cards) {
        *rank = card.rank().index();
    }
    let ranks = &mut ranks[..cards.len()];
    ranks.sort_unstable();
    ranks.windows(2).all(|pair| pair[1] == pair[0] + 1)
}

/// Every hand of four cards, each once: `C(52, 4)` of them.
pub(crate) fn every_hand() -> Vec<[Card; 4]> {
    let deck: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
    let mut hands = Vec::with_capacity(270_725);
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    hands.push([deck[a], deck[b], deck[c], deck[d]]);
                }
            }
        }
    }
    hands
}

/// The 48 cards that may be cut as the starter for `hand`.
pub(crate) fn starters(hand: [Card; 4]) -> impl Iterator<Item = Card> {
    (0..52).filter_map(Card::from_index).filter(move |card| !hand.contains(card))
}

// The reference's own checks, against the statements of the rules.

mod tests {
    use super::*;
    use crib_core::Suit;

    fn card(rank: Rank, suit: Suit) -> Card {
        Card::new(rank, suit)
    }

    #[test]
    fn the_reference_counts_the_rules_examples() {
        // "a hand with a 2, 3, 5, 10, and king scores 8 points" (all fifteens).
        let points = count(
            [
                card(Rank::Two, Suit::Clubs),
                card(Rank::Three, Suit::Diamonds),
                card(Rank::Five, Suit::Hearts),
                card(Rank::Ten, Suit::Spades),
            ],
            card(Rank::King, Suit::Clubs),
            Rules::Hand,
        );
        assert_eq!(points.fifteens, 8);
        assert_eq!(points.total(), 8);
        // "a 2, 6, 8, and 9, with a 7 as the start card scores 4 points for a
        // 4 card run. It also scores a further 6 points for 15s".
        let points = count(
            [
                card(Rank::Two, Suit::Clubs),
                card(Rank::Six, Suit::Diamonds),
                card(Rank::Eight, Suit::Hearts),
                card(Rank::Nine, Suit::Spades),
            ],
            card(Rank::Seven, Suit::Clubs),
            Rules::Hand,
        );
        assert_eq!((points.runs, points.fifteens), (4, 6));
    }

    #[test]
    fn runs_do_not_wrap_around_the_king() {
        let points = count(
            [
                card(Rank::Queen, Suit::Clubs),
                card(Rank::King, Suit::Diamonds),
                card(Rank::Ace, Suit::Hearts),
                card(Rank::Four, Suit::Spades),
            ],
            card(Rank::Seven, Suit::Clubs),
            Rules::Hand,
        );
        assert_eq!(points.runs, 0);
    }

    #[test]
    fn a_crib_flush_needs_the_starter() {
        let hearts = [Rank::Two, Rank::Four, Rank::Six, Rank::Queen].map(|r| card(r, Suit::Hearts));
        let club = card(Rank::King, Suit::Clubs);
        let heart = card(Rank::King, Suit::Hearts);
        assert_eq!(count(hearts, club, Rules::Hand).flush, 4);
        assert_eq!(count(hearts, club, Rules::Crib).flush, 0);
        assert_eq!(count(hearts, heart, Rules::Hand).flush, 5);
        assert_eq!(count(hearts, heart, Rules::Crib).flush, 5);
    }

    #[test]
    fn every_hand_is_every_combination() {
        let hands = every_hand();
        assert_eq!(hands.len(), 270_725);
        let distinct: std::collections::HashSet<_> = hands.iter().collect();
        assert_eq!(distinct.len(), hands.len());
        assert!(hands.iter().all(|hand| hand.windows(2).all(|w| w[0] < w[1])));
        assert_eq!(starters(hands[0]).count(), 48);
    }
}

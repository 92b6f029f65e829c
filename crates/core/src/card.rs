//! Ranks, suits and cards.
//!
//! A [`Card`] is one byte, `0..52`, numbered rank-major (`rank * 4 + suit`) so
//! that a card's rank is `index / 4` and the cards of one rank sit next to each
//! other in a [`CardSet`](crate::CardSet). Ranks run ace low to king high, as
//! they do for runs in cribbage; suits are in the alphabetical order of their
//! names, clubs, diamonds, hearts, spades.

use std::fmt;

/// The rank of a card, ace (low) to king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// Ace: counts 1, and is always low in a run.
    Ace = 0,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// Ten.
    Ten,
    /// Jack: counts 10; in the hand with the starter's suit it is "his nob".
    Jack,
    /// Queen: counts 10.
    Queen,
    /// King: counts 10.
    King,
}

impl Rank {
    /// Every rank, ace first.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The rank with this index (`0` is the ace, `12` the king).
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < 13 { Some(Rank::ALL[index]) } else { None }
    }

    /// Position from `0` (ace) to `12` (king).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The value of the card when counting fifteens and the pegging count:
    /// ace 1, two to ten at face value, court cards 10.
    ///
    /// ```
    /// use crib_core::Rank;
    /// assert_eq!(Rank::Ace.value(), 1);
    /// assert_eq!(Rank::Seven.value(), 7);
    /// assert_eq!(Rank::Queen.value(), 10);
    /// ```
    #[must_use]
    pub const fn value(self) -> u8 {
        let ordinal = self as u8 + 1;
        if ordinal > 10 { 10 } else { ordinal }
    }

    /// The one-character code of the canonical notation: `A 2 … 9 T J Q K`.
    #[must_use]
    pub const fn code(self) -> char {
        b"A23456789TJQK"[self as usize] as char
    }

    /// The rank's name in words, singular: `"ace"`, `"two"`, … `"king"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king",
        ][self as usize]
    }

    /// The rank as the original Prolog documents write it in a card term:
    /// `"ace"`, `"2"` … `"10"`, `"jack"`, `"queen"`, `"king"`.
    ///
    /// ```
    /// use crib_core::Rank;
    /// assert_eq!(Rank::Ace.term(), "ace");
    /// assert_eq!(Rank::Ten.term(), "10");
    /// ```
    #[must_use]
    pub const fn term(self) -> &'static str {
        ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
            [self as usize]
    }

    /// The rank's name in words, plural: `"aces"`, `"sixes"`, … `"kings"`.
    #[must_use]
    pub const fn plural(self) -> &'static str {
        [
            "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
            "tens", "jacks", "queens", "kings",
        ][self as usize]
    }
}

/// The suit of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Clubs, ♣.
    Clubs = 0,
    /// Diamonds, ♦.
    Diamonds,
    /// Hearts, ♥.
    Hearts,
    /// Spades, ♠.
    Spades,
}

impl Suit {
    /// Every suit, in the order of the canonical notation `C D H S`.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with this index (`0` clubs … `3` spades).
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Suit> {
        if index < 4 { Some(Suit::ALL[index]) } else { None }
    }

    /// Position from `0` (clubs) to `3` (spades).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter code of the canonical notation: `C D H S`.
    #[must_use]
    pub const fn code(self) -> char {
        b"CDHS"[self as usize] as char
    }

    /// The suit's symbol for people: `♣ ♦ ♥ ♠`.
    #[must_use]
    pub const fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠'][self as usize]
    }

    /// The suit's name in words, plural as in the original documents'
    /// `card(Rank, Suit)` terms: `"clubs"`, `"diamonds"`, `"hearts"`, `"spades"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }
}

/// One of the 52 cards.
///
/// The field is private: every `Card` that exists is one of the 52. Cards are
/// ordered by rank, then suit.
///
/// ```
/// use crib_core::{Card, Rank, Suit};
/// let card: Card = "10h".parse()?;
/// assert_eq!(card, Card::new(Rank::Ten, Suit::Hearts));
/// assert_eq!(card.to_string(), "TH");
/// assert_eq!(card.symbol().to_string(), "T♥");
/// # Ok::<(), crib_core::ParseCardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with this index, `0..52` (rank-major: `rank * 4 + suit`).
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card(index)) } else { None }
    }

    /// The card's index, `0..52`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 / 4) as usize]
    }

    /// The card's suit.
    #[must_use]
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 % 4) as usize]
    }

    /// The card's counting value (see [`Rank::value`]).
    #[must_use]
    pub const fn value(self) -> u8 {
        self.rank().value()
    }

    /// Displays the card for people, with the suit's symbol: `5♥`, `T♠`.
    #[must_use]
    pub const fn symbol(self) -> Symbol {
        Symbol(self)
    }

    /// Displays the card as a term of the original Prolog documents:
    /// `card(5,hearts)`, `card(queen,spades)`.
    #[must_use]
    pub const fn prolog(self) -> Prolog {
        Prolog(self)
    }
}

impl fmt::Display for Card {
    /// The canonical notation: rank code then suit code, `5H`, `TS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = [self.rank().code(), self.suit().code()];
        f.pad(&String::from_iter(code))
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card displayed with its suit symbol; see [`Card::symbol`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symbol(Card);

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = [self.0.rank().code(), self.0.suit().symbol()];
        f.pad(&String::from_iter(text))
    }
}

/// A card displayed as a Prolog term; see [`Card::prolog`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prolog(Card);

impl fmt::Display for Prolog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "card({},{})", self.0.rank().term(), self.0.suit().name())
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_rank_major() {
        for index in 0..52 {
            let card = Card::from_index(index).unwrap();
            assert_eq!(Card::new(card.rank(), card.suit()), card);
            assert_eq!(card.rank().index(), usize::from(index / 4));
        }
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn values_count_court_cards_as_ten() {
        let values: Vec<u8> = Rank::ALL.iter().map(|rank| rank.value()).collect();
        assert_eq!(values, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]);
    }

    #[test]
    fn displays_three_ways() {
        let card = Card::new(Rank::Queen, Suit::Hearts);
        assert_eq!(card.to_string(), "QH");
        assert_eq!(card.symbol().to_string(), "Q♥");
        assert_eq!(card.prolog().to_string(), "card(queen,hearts)");
        assert_eq!(Card::new(Rank::Ten, Suit::Clubs).prolog().to_string(), "card(10,clubs)");
        assert_eq!(format!("{card:>4}|"), "  QH|");
    }
}

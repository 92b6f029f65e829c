//! Counting a show: a four-card hand or crib with the starter.
//!
//! Two counters live here, and the tests hold them to each other and to an
//! independent reference over all 12,994,800 shows:
//!
//! - [`Show::score`] is the fast one, for simulations and expectations.
//!   Fifteens, pairs and runs depend only on the multiset of the five ranks,
//!   and there are only 6,188 such multisets, so their points are computed
//!   once, at compile time, into a table indexed by the multiset's position in
//!   the combinatorial number system. The five ranks arrive sorted for free
//!   (a [`CardSet`] iterates in rank order); the flush and his nob are two mask
//!   tests.
//! - [`Show::breakdown`] names every combination (which cards make each
//!   fifteen, pair and run) by plainly enumerating the subsets of the five
//!   cards, for people and for interfaces that explain a count.

use std::fmt;

use serde::Serialize;

use crate::{Card, CardSet, DuplicateCard, Rank, Suit};

/// Which rules count the cards: a player's hand, or the dealer's crib.
///
/// They differ only in the flush: a hand scores 4 for four cards of one suit
/// (5 with the starter), the crib scores a flush only with all five.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// A player's hand.
    #[default]
    Hand,
    /// The crib (or box).
    Crib,
}

/// Four cards and the starter: what is counted in the show.
///
/// A `Show` that exists is a legal one: four distinct cards and a starter that
/// is not among them.
///
/// ```
/// use crib_core::{parse_cards, Rules, Show};
/// let cards = parse_cards("5H 5S 5C JD 5D")?;
/// let show = Show::from_cards(&cards[..4], cards[4])?;
/// assert_eq!(show.score(Rules::Hand), 29);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Show {
    hand: CardSet,
    starter: Card,
}

/// Why cards do not make a show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShowError {
    /// A hand of other than four cards.
    #[error("a hand has 4 cards, not {0}")]
    HandSize(usize),
    /// Other than five cards where the hand and the starter were expected.
    #[error("a show is 4 cards and the starter, not {0} cards")]
    ShowSize(usize),
    /// A card given twice in the hand.
    #[error(transparent)]
    Duplicate(#[from] DuplicateCard),
    /// The starter is also one of the hand's cards.
    #[error("the starter {0} is also in the hand")]
    StarterInHand(Card),
}

impl Show {
    /// The show of `hand` with `starter`.
    ///
    /// # Errors
    ///
    /// A hand of other than four cards, or a starter that is in the hand.
    pub const fn new(hand: CardSet, starter: Card) -> Result<Show, ShowError> {
        if hand.len() != 4 {
            Err(ShowError::HandSize(hand.len()))
        } else if hand.contains(starter) {
            Err(ShowError::StarterInHand(starter))
        } else {
            Ok(Show { hand, starter })
        }
    }

    /// The show of the four cards `hand` with `starter`.
    ///
    /// # Errors
    ///
    /// Other than four cards, a card given twice, or a starter in the hand.
    pub fn from_cards(hand: &[Card], starter: Card) -> Result<Show, ShowError> {
        if hand.len() != 4 {
            return Err(ShowError::HandSize(hand.len()));
        }
        Show::new(CardSet::from_distinct(hand.iter().copied())?, starter)
    }

    /// The show of five cards written hand first, starter last, as the
    /// command line and the original documents give them.
    ///
    /// # Errors
    ///
    /// Other than five cards, or as [`Show::from_cards`].
    pub fn from_five(cards: &[Card]) -> Result<Show, ShowError> {
        match cards {
            [hand @ .., starter] if cards.len() == 5 => Show::from_cards(hand, *starter),
            _ => Err(ShowError::ShowSize(cards.len())),
        }
    }

    /// The four cards of the hand (or crib).
    #[must_use]
    pub const fn hand(self) -> CardSet {
        self.hand
    }

    /// The starter, the card cut from the deck.
    #[must_use]
    pub const fn starter(self) -> Card {
        self.starter
    }

    /// All five cards.
    #[must_use]
    pub const fn cards(self) -> CardSet {
        self.hand.with(self.starter)
    }

    /// The points of the show under `rules`, fast.
    ///
    /// ```
    /// use crib_core::{parse_cards, Rules, Show};
    /// let cards = parse_cards("6C 7C 8C 9C 8S")?;
    /// assert_eq!(Show::from_five(&cards)?.score(Rules::Hand), 20);
    /// assert_eq!(Show::from_five(&cards)?.score(Rules::Crib), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn score(self, rules: Rules) -> u8 {
        score_unchecked(self.hand, self.starter, rules)
    }

    /// Every scoring combination of the show under `rules`.
    #[must_use]
    pub fn breakdown(self, rules: Rules) -> Breakdown {
        Breakdown::of(self, rules)
    }
}

/// The points of `hand` with `starter` under `rules`, without checking them.
///
/// This is [`Show::score`] for hot loops that build their shows from cards
/// they already know to be legal.
///
/// # Panics
///
/// The result is only meaningful for a `hand` of exactly four cards that
/// does not hold `starter`; fewer cards may panic (debug builds always do).
#[must_use]
#[inline]
pub fn score_unchecked(hand: CardSet, starter: Card, rules: Rules) -> u8 {
    debug_assert!(Show::new(hand, starter).is_ok(), "not a show: {hand} with {starter}");
    let hand = hand.bits();
    let mut five = hand | 1 << starter.index();
    let mut position = 0;
    for weights in &MULTISET_WEIGHTS {
        let rank = five.trailing_zeros() as usize / 4;
        position += weights[rank] as usize;
        five &= five - 1;
    }
    let ranks = RANK_POINTS[position];

    let suit = hand.trailing_zeros() % 4;
    let suit_cards = CardSet::of_suit(Suit::Clubs).bits() << suit;
    let four_flush = hand & !suit_cards == 0;
    let starter_matches = starter.index() % 4 == suit as u8;
    let flush = match (four_flush, starter_matches, rules) {
        (true, true, _) => 5,
        (true, false, Rules::Hand) => 4,
        _ => 0,
    };
    let nob = (hand >> (Rank::Jack as u8 * 4 + starter.index() % 4)) as u8 & 1;
    ranks + flush + nob
}

/// The number of multisets of five ranks: C(13 + 5 - 1, 5).
const MULTISETS: usize = 6188;

/// `MULTISET_WEIGHTS[k][r]` is C(r + k, k + 1): the sorted ranks
/// `r0 <= … <= r4` become the distinct numbers `r_k + k` below 17, whose
/// combinatorial-number-system position `sum C(r_k + k, k + 1)` is unique and
/// below C(17, 5).
const MULTISET_WEIGHTS: [[u16; 13]; 5] = {
    let mut weights = [[0; 13]; 5];
    let mut k = 0;
    while k < 5 {
        let mut rank = 0;
        while rank < 13 {
            weights[k][rank] = binomial(rank + k, k + 1) as u16;
            rank += 1;
        }
        k += 1;
    }
    weights
};

const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// Points for fifteens, pairs and runs of every multiset of five ranks, by
/// position.
static RANK_POINTS: [u8; MULTISETS] = {
    let mut table = [0; MULTISETS];
    let mut ranks = [0usize; 5];
    loop {
        let mut position = 0;
        let mut k = 0;
        while k < 5 {
            position += MULTISET_WEIGHTS[k][ranks[k]] as usize;
            k += 1;
        }
        table[position] = rank_points(ranks);
        // Next non-decreasing sequence: bump the last rank that can grow and
        // set every later one equal to it.
        let mut k = 5;
        while k > 0 && ranks[k - 1] == 12 {
            k -= 1;
        }
        if k == 0 {
            break;
        }
        ranks[k - 1] += 1;
        let mut later = k;
        while later < 5 {
            ranks[later] = ranks[k - 1];
            later += 1;
        }
    }
    table
};

/// Fifteens, pairs and runs of five ranks (indices 0..13), sorted.
const fn rank_points(ranks: [usize; 5]) -> u8 {
    let mut points = 0;
    // Fifteens: every subset.
    let mut subset = 1;
    while subset < 32 {
        let mut sum = 0;
        let mut k = 0;
        while k < 5 {
            if subset & 1 << k != 0 {
                sum += Rank::ALL[ranks[k]].value();
            }
            k += 1;
        }
        if sum == 15 {
            points += 2;
        }
        subset += 1;
    }
    // Pairs: n cards of a rank make n(n-1)/2 pairs; runs: a stretch of three
    // or more consecutive ranks scores its length once for every way of
    // choosing one card of each rank.
    let mut counts = [0u8; 14];
    let mut k = 0;
    while k < 5 {
        counts[ranks[k]] += 1;
        k += 1;
    }
    let mut rank = 0;
    let (mut length, mut ways) = (0, 1);
    while rank < 14 {
        let count = counts[rank];
        points += count * count.saturating_sub(1);
        if count > 0 {
            length += 1;
            ways *= count;
        } else {
            if length >= 3 {
                points += length * ways;
            }
            (length, ways) = (0, 1);
        }
        rank += 1;
    }
    points
}

/// The points of a show and the cards behind each of them.
///
/// ```
/// use crib_core::{parse_cards, Rules, Show};
/// let cards = parse_cards("AS 3H KH 7H 2D")?;
/// let breakdown = Show::from_five(&cards)?.breakdown(Rules::Hand);
/// assert_eq!(breakdown.total(), 5);
/// assert_eq!(breakdown.fifteens[0].to_string(), "2D 3H KH");
/// assert_eq!(breakdown.runs[0].to_string(), "AS 2D 3H");
/// assert_eq!(breakdown.spoken(), "fifteen two, and a run of three is five");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Breakdown {
    /// The show that was counted.
    pub show: Show,
    /// The rules it was counted under.
    pub rules: Rules,
    /// Each set of cards that adds up to fifteen, 2 points each.
    pub fifteens: Vec<CardSet>,
    /// Each pair of cards of one rank, 2 points each.
    pub pairs: Vec<CardSet>,
    /// Each run of the longest length there is (three or more cards), its
    /// length in points.
    pub runs: Vec<CardSet>,
    /// The cards of the flush, if there is one: its size in points.
    pub flush: Option<CardSet>,
    /// His nob: the jack of the starter's suit in the hand, 1 point.
    pub nobs: Option<Card>,
}

impl Breakdown {
    /// Counts `show` under `rules` by enumerating its subsets.
    #[must_use]
    pub fn of(show: Show, rules: Rules) -> Breakdown {
        let five = show.cards();
        let fifteens = (2..=5)
            .flat_map(|size| five.subsets(size))
            .filter(|cards| cards.iter().map(Card::value).sum::<u8>() == 15)
            .collect();
        let pairs = five.subsets(2).filter(|pair| same_rank(*pair)).collect();
        let runs = (3..=5)
            .rev()
            .map(|size| five.subsets(size).filter(|cards| is_run(*cards)).collect::<Vec<_>>())
            .find(|runs| !runs.is_empty())
            .unwrap_or_default();
        let hand = show.hand();
        let flush = CardSet::of_suit(show.starter().suit());
        let flush = if five.is_subset(flush) {
            Some(five)
        } else if rules == Rules::Hand && hand.iter().all(|card| card.suit() == first_suit(hand)) {
            Some(hand)
        } else {
            None
        };
        let nobs = hand
            .iter()
            .find(|card| card.rank() == Rank::Jack && card.suit() == show.starter().suit());
        Breakdown { show, rules, fifteens, pairs, runs, flush, nobs }
    }

    /// Points for fifteens.
    #[must_use]
    pub fn fifteen_points(&self) -> u8 {
        2 * self.fifteens.len() as u8
    }

    /// Points for pairs (including three and four of a kind).
    #[must_use]
    pub fn pair_points(&self) -> u8 {
        2 * self.pairs.len() as u8
    }

    /// Points for runs.
    #[must_use]
    pub fn run_points(&self) -> u8 {
        self.runs.iter().map(|run| run.len() as u8).sum()
    }

    /// Points for the flush.
    #[must_use]
    pub fn flush_points(&self) -> u8 {
        self.flush.map_or(0, |cards| cards.len() as u8)
    }

    /// Points for his nob.
    #[must_use]
    pub fn nobs_points(&self) -> u8 {
        u8::from(self.nobs.is_some())
    }

    /// Points for one category of combination.
    #[must_use]
    pub fn points_of(&self, category: Category) -> u8 {
        match category {
            Category::Fifteen => self.fifteen_points(),
            Category::Pair => self.pair_points(),
            Category::Run => self.run_points(),
            Category::Flush => self.flush_points(),
            Category::Nobs => self.nobs_points(),
        }
    }

    /// The value of the show.
    #[must_use]
    pub fn total(&self) -> u8 {
        self.fifteen_points()
            + self.pair_points()
            + self.run_points()
            + self.flush_points()
            + self.nobs_points()
    }
}

fn first_suit(cards: CardSet) -> Suit {
    cards.first().map_or(Suit::Clubs, Card::suit)
}

fn same_rank(cards: CardSet) -> bool {
    let mut ranks = cards.iter().map(Card::rank);
    ranks.next().is_some_and(|first| ranks.all(|rank| rank == first))
}

/// Distinct ranks, each one above the last: as many ranks as cards, and no
/// gap in the mask of ranks.
fn is_run(cards: CardSet) -> bool {
    let ranks = cards.iter().fold(0u16, |ranks, card| ranks | 1 << card.rank().index());
    let stretch = ranks >> ranks.trailing_zeros();
    ranks.count_ones() as usize == cards.len() && (stretch & (stretch + 1)) == 0
}

/// What a step of a count scores for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// Cards adding up to fifteen.
    Fifteen,
    /// Two, three or four cards of a rank.
    Pair,
    /// A run of three or more.
    Run,
    /// Four or five cards of a suit.
    Flush,
    /// The jack of the starter's suit.
    Nobs,
}

impl Category {
    /// Every category, in the order a count is said.
    pub const ALL: [Category; 5] =
        [Category::Fifteen, Category::Pair, Category::Run, Category::Flush, Category::Nobs];

    /// The category's place in [`Category::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Category::Fifteen => "fifteens",
            Category::Pair => "pairs",
            Category::Run => "runs",
            Category::Flush => "flush",
            Category::Nobs => "nobs",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_cards;

    fn show(text: &str) -> Show {
        Show::from_five(&parse_cards(text).unwrap()).unwrap()
    }

    #[test]
    fn multiset_positions_fill_the_table_exactly() {
        // Every one of the 6,188 sorted rank sequences lands on its own slot.
        let mut seen = vec![false; MULTISETS];
        let mut count = 0;
        for a in 0..13 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in d..13 {
                            let ranks = [a, b, c, d, e];
                            let position: usize =
                                (0..5).map(|k| MULTISET_WEIGHTS[k][ranks[k]] as usize).sum();
                            assert!(!seen[position], "{ranks:?} collides");
                            seen[position] = true;
                            count += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(count, MULTISETS);
    }

    #[test]
    fn the_crib_needs_five_for_a_flush() {
        assert_eq!(show("2H 3H 6H 8H KS").score(Rules::Hand), 4 + 2);
        assert_eq!(show("2H 3H 6H 8H KS").score(Rules::Crib), 2);
        assert_eq!(show("2H 3H 6H 8H KH").score(Rules::Crib), 5 + 2);
        // Three of the hand and the starter are no flush.
        assert_eq!(show("2H 3H 6H 8S KH").score(Rules::Hand), 2);
    }

    #[test]
    fn his_nob_is_the_jack_of_the_starters_suit_in_the_hand() {
        assert_eq!(show("JD 2C 4S 6H 8D").score(Rules::Hand), 1);
        assert_eq!(show("JD 2C 4S 6H 8C").score(Rules::Hand), 0);
        // A jack turned up scores his heels in the play, not his nob.
        assert_eq!(show("2C 4S 6H 8D JD").score(Rules::Hand), 0);
    }

    #[test]
    fn errors_are_not_scores() {
        let cards = |text| parse_cards(text).unwrap();
        assert_eq!(Show::from_five(&cards("5H 5S 5C JD")), Err(ShowError::ShowSize(4)));
        assert_eq!(
            Show::from_five(&cards("5H 5S 5H JD 5D")).unwrap_err().to_string(),
            "card 5H is given twice"
        );
        assert_eq!(
            Show::from_five(&cards("5H 5S 5C JD 5H")).unwrap_err().to_string(),
            "the starter 5H is also in the hand"
        );
        let three: CardSet = cards("5H 5S 5C").into_iter().collect();
        assert_eq!(Show::new(three, cards("JD")[0]), Err(ShowError::HandSize(3)));
    }

    #[test]
    fn breakdown_agrees_with_the_fast_count() {
        for text in ["5H 5S 5C JD 5D", "7H 9S 8C 7C 8H", "3S 3H 4C 4D 5S", "AC 2C 3C 4C 5D"] {
            for rules in [Rules::Hand, Rules::Crib] {
                assert_eq!(show(text).breakdown(rules).total(), show(text).score(rules), "{text}");
            }
        }
    }
}

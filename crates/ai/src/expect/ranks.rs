//! Points that depend on ranks alone, and the unseen cards counted by rank.
//!
//! Fifteens, pairs and runs depend only on the five ranks of a show; the
//! flush and his nob are the only points that need suits. Expectations over
//! many unseen cards (every starter, every card an opponent may throw) can
//! therefore be summed rank by rank, weighting each rank by how many unseen
//! cards have it, and the suit points added separately with a little
//! counting. That turns 46 shows into 13 table lookups, and a crib's 45,540
//! into about a thousand.
//!
//! [`rank_points`] is a table of those points for every ordered tuple of five
//! ranks (13⁵ = 371,293 bytes, built once on first use from the core's own
//! counter, so no rule is written twice here). The index is base 13 with the
//! last rank least significant, so a loop over the last rank (usually the
//! starter's) reads 13 neighbouring bytes.

use std::sync::OnceLock;

use crib_core::{Card, CardSet, Rank, Rules, Suit, score_unchecked};

/// The number of ordered tuples of five ranks.
const TUPLES: usize = 13 * 13 * 13 * 13 * 13;

/// Points for fifteens, pairs and runs of every tuple of five ranks, indexed
/// `(((r0 * 13 + r1) * 13 + r2) * 13 + r3) * 13 + r4`. A tuple with one rank
/// five times (no such show) holds 0.
pub(crate) fn rank_points() -> &'static [u8] {
    static TABLE: OnceLock<Box<[u8]>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// The index of five ranks in [`rank_points`].
#[inline]
pub(crate) fn tuple_index(ranks: [usize; 5]) -> usize {
    ranks.iter().fold(0, |index, &rank| index * 13 + rank)
}

fn build() -> Box<[u8]> {
    let mut table = vec![0u8; TUPLES].into_boxed_slice();
    for index in 0..TUPLES {
        let mut ranks = [0usize; 5];
        let mut rest = index;
        for slot in ranks.iter_mut().rev() {
            *slot = rest % 13;
            rest /= 13;
        }
        let mut sorted = ranks;
        sorted.sort_unstable();
        let sorted_index = tuple_index(sorted);
        // The ascending order of a tuple has the smallest index of all its
        // orders, so it has been filled already unless this is it.
        table[index] =
            if sorted_index < index { table[sorted_index] } else { sorted_points(sorted) };
    }
    table
}

/// The rank points of five sorted ranks, counted by the core's scorer on
/// cards whose suits make neither a flush nor a nob.
///
/// The starter is a jack if there is one, so no jack can be in the hand with
/// the starter's suit (the same rank never shares a suit); otherwise there is
/// no jack at all. The four hand cards take four different suits, so there
/// is no flush; the starter takes a suit that no card of its rank in the
/// hand has.
fn sorted_points(ranks: [usize; 5]) -> u8 {
    let starter_at = ranks.iter().position(|&rank| rank == Rank::Jack.index()).unwrap_or(4);
    let starter_rank = ranks[starter_at];
    let mut hand = CardSet::EMPTY;
    let mut used = [false; 4];
    let mut suit = 0;
    for (i, &rank) in ranks.iter().enumerate() {
        if i == starter_at {
            continue;
        }
        if rank == starter_rank {
            used[suit] = true;
        }
        hand.insert(card(rank, suit));
        suit += 1;
    }
    match used.iter().position(|&taken| !taken) {
        Some(free) => score_unchecked(hand, card(starter_rank, free), Rules::Crib),
        // Five cards of one rank: not a show.
        None => 0,
    }
}

fn card(rank: usize, suit: usize) -> Card {
    // Both indices come from loops bounded by 13 and 4.
    Card::new(Rank::ALL[rank], Suit::ALL[suit])
}

/// The cards a player has not seen, counted by rank and marked by suit: the
/// pool that starters and other players' cards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Unseen {
    /// The cards themselves.
    pub(crate) cards: CardSet,
    /// How many unseen cards each rank has.
    pub(crate) by_rank: [u32; 13],
    /// How many unseen cards each suit has.
    pub(crate) by_suit: [u32; 4],
}

impl Unseen {
    /// Every card that is not in `seen`.
    pub(crate) fn new(seen: CardSet) -> Unseen {
        // Counted down from a full deck over the few cards seen.
        let mut by_rank = [4; 13];
        let mut by_suit = [13; 4];
        for card in seen {
            by_rank[card.rank().index()] -= 1;
            by_suit[card.suit().index()] -= 1;
        }
        Unseen { cards: !seen, by_rank, by_suit }
    }

    /// The number of unseen cards.
    pub(crate) fn len(&self) -> u32 {
        self.by_suit.iter().sum()
    }

    /// Whether the card of `rank` and `suit` is unseen: 1 or 0.
    #[inline]
    pub(crate) fn has(&self, rank: usize, suit: usize) -> u32 {
        u32::from(self.cards.contains(card(rank, suit)))
    }
}

/// The sum of `hand`'s points over every unseen starter: exactly what adding
/// up `score_unchecked(hand, starter, Rules::Hand)` for each starter gives,
/// in 13 lookups.
///
/// `hand` is four cards that are not in `unseen`.
pub(crate) fn hand_points(hand: CardSet, unseen: &Unseen) -> u32 {
    let by_rank = starter_row(hand).iter().zip(&unseen.by_rank);
    let ranks: u32 = by_rank.map(|(&points, &count)| u32::from(points) * count).sum();
    let suits = suit_points(hand);
    if suits == [0; 4] {
        // Most hands: neither a flush nor a jack.
        return ranks;
    }
    let by_suit = suits.into_iter().zip(&unseen.by_suit);
    ranks + by_suit.map(|(points, &count)| u32::from(points) * count).sum::<u32>()
}

/// The least and the most `hand` scores with a starter from `unseen`: what
/// scoring each starter gives, from [`rank_points`] and the suits.
///
/// `hand` is four cards that are not in `unseen`, which is not empty.
pub(crate) fn hand_range(hand: CardSet, unseen: &Unseen) -> (u8, u8) {
    let row = starter_row(hand);
    let suits = suit_points(hand);
    let (mut least, mut most) = (u8::MAX, 0);
    if suits.iter().all(|&points| points == suits[0]) {
        // The suit adds the same to every starter: each unseen rank's
        // points, and that.
        for (&points, &count) in row.iter().zip(&unseen.by_rank) {
            if count > 0 {
                least = least.min(points);
                most = most.max(points);
            }
        }
        return (least + suits[0], most + suits[0]);
    }
    for starter in unseen.cards {
        let points = row[starter.rank().index()] + suits[starter.suit().index()];
        least = least.min(points);
        most = most.max(points);
    }
    (least, most)
}

/// The points the flush and his nob add to `hand` (four cards) with a
/// starter of each suit, by suit.
#[inline]
fn suit_points(hand: CardSet) -> [u8; 4] {
    let mut points = [0; 4];
    // The flush: four of one suit score 4 with any starter, 5 with one of
    // their suit.
    if let Some(suit) = hand.first().map(Card::suit)
        && hand.is_subset(CardSet::of_suit(suit))
    {
        points = [4; 4];
        points[suit.index()] += 1;
    }
    // His nob: a jack in the hand scores with a starter of its suit.
    for jack in hand & CardSet::of_rank(Rank::Jack) {
        points[jack.suit().index()] += 1;
    }
    points
}

/// The rank points of the four cards of `hand` with a starter of each rank,
/// by rank: a row of [`rank_points`].
#[inline]
fn starter_row(hand: CardSet) -> &'static [u8] {
    let mut ranks = [0usize; 4];
    for (slot, card) in ranks.iter_mut().zip(hand) {
        *slot = card.rank().index();
    }
    let base = tuple_index([0, ranks[0], ranks[1], ranks[2], ranks[3]]) * 13;
    &rank_points()[base..base + 13]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::Deck;

    #[test]
    fn the_table_agrees_with_the_scorer_on_rainbow_shows() {
        // Cards of five different suits cannot be, but a hand of four
        // suits with a starter and no jack has no flush or nob to add.
        let table = rank_points();
        let cards = |text: &str| crib_core::parse_cards(text).unwrap();
        for text in ["5C 5D 5H QS 5S", "6C 7D 8H 9S 8C", "AC 2D 3H 4S 5C", "TC 9D 8H 7S 6C"] {
            let five = cards(text);
            let hand: CardSet = five[..4].iter().copied().collect();
            let ranks = five.iter().map(|card| card.rank().index()).collect::<Vec<_>>();
            let index = tuple_index([ranks[0], ranks[1], ranks[2], ranks[3], ranks[4]]);
            assert_eq!(table[index], score_unchecked(hand, five[4], Rules::Crib), "{text}");
        }
        // 5 5 5 J 5 is 28 for ranks alone, however the tuple is ordered.
        let (five, jack) = (Rank::Five.index(), Rank::Jack.index());
        assert_eq!(table[tuple_index([five, five, jack, five, five])], 28);
        assert_eq!(table[tuple_index([jack, five, five, five, five])], 28);
        assert_eq!(table[tuple_index([five; 5])], 0);
    }

    /// Deals of five and six cards: three with a flush and jacks, and
    /// three hundred seeded deals of each size.
    fn deals() -> Vec<CardSet> {
        let flushes = ["2H 5H 9H JH KH 3C", "JC JD 5C 6C 7C 8S", "AS 2S 3S 4S JS QS"];
        let flushes = flushes
            .map(|text| CardSet::from_distinct(crib_core::parse_cards(text).unwrap()).unwrap());
        let seeded =
            (0..300).flat_map(|seed| [6, 5].map(|size| Deck::shuffled(seed).deal_set(size)));
        flushes.into_iter().chain(seeded.map(Option::unwrap)).collect()
    }

    #[test]
    fn hand_points_add_up_every_starter() {
        for dealt in deals() {
            let unseen = Unseen::new(dealt);
            for hand in dealt.subsets(4) {
                let expected: u32 = unseen
                    .cards
                    .iter()
                    .map(|s| u32::from(score_unchecked(hand, s, Rules::Hand)))
                    .sum();
                assert_eq!(hand_points(hand, &unseen), expected, "{hand} of {dealt}");
            }
        }
    }

    #[test]
    fn hand_range_is_the_least_and_most_of_every_starter() {
        for dealt in deals() {
            let unseen = Unseen::new(dealt);
            for hand in dealt.subsets(4) {
                let scores = unseen.cards.iter().map(|s| score_unchecked(hand, s, Rules::Hand));
                let expected = (scores.clone().min().unwrap(), scores.max().unwrap());
                assert_eq!(hand_range(hand, &unseen), expected, "{hand} of {dealt}");
            }
        }
    }
}

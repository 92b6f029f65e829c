//! Every deal up to the naming of the suits.
//!
//! Suits are interchangeable in cribbage: renaming them (hearts for clubs,
//! and so on) changes no score, no expectation and no decision. So instead
//! of all C(52, 6) = 20,358,520 six-card deals, an exhaustive statistic needs
//! only one deal of each class of deals that differ by a renaming, counted
//! as many times as the class has members.
//!
//! A deal is four suit masks (13 bits of ranks each). The class's
//! representative is the deal whose masks are in non-increasing order of
//! (number of cards, mask); its multiplicity is the number of distinct ways
//! to hand those masks to the four suits: 4! over the factorial of the
//! number of times each mask repeats (empty suits included). Six-card deals
//! fall into 962,988 classes, five-card deals into 134,459.

use crib_core::{Card, CardSet};

/// One representative deal and how many deals its class holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanonicalDeal {
    /// The representative.
    pub cards: CardSet,
    /// How many deals are the representative with the suits renamed.
    pub multiplicity: u32,
}

/// One representative of every class of `size`-card deals under renaming the
/// suits, with the size of its class. The multiplicities add up to
/// C(52, size).
///
/// ```
/// let deals = crib_ai::canonical_deals(2);
/// // Two cards: a pair (13 classes of 6 deals) or two ranks, suited or not
/// // (78 classes of 4 deals and 78 of 12).
/// assert_eq!(deals.len(), 13 + 78 + 78);
/// assert_eq!(deals.iter().map(|deal| u64::from(deal.multiplicity)).sum::<u64>(), 1326);
/// ```
#[must_use]
pub fn canonical_deals(size: usize) -> Vec<CanonicalDeal> {
    let mut by_count: Vec<Vec<u16>> = vec![Vec::new(); 14];
    // Descending, so that a non-increasing run of masks is a non-decreasing
    // run of positions.
    for mask in (0..1u16 << 13).rev() {
        by_count[mask.count_ones() as usize].push(mask);
    }
    let mut deals = Vec::new();
    let mut chosen = [(0usize, 0usize); 4];
    extend(&by_count, size, 0, &mut chosen, &mut deals);
    deals
}

/// Chooses the mask of `suit` (as a count of cards and a position among the
/// masks of that count), given the choices of the suits before it.
fn extend(
    by_count: &[Vec<u16>],
    remaining: usize,
    suit: usize,
    chosen: &mut [(usize, usize); 4],
    deals: &mut Vec<CanonicalDeal>,
) {
    if suit == 4 {
        if remaining == 0 {
            deals.push(finish(by_count, chosen));
        }
        return;
    }
    let (cap, first) = if suit == 0 { (remaining.min(13), 0) } else { chosen[suit - 1] };
    let cap = cap.min(remaining);
    for count in (0..=cap).rev() {
        // The suits after this one hold at most `count` cards each.
        if remaining - count > (3 - suit) * count {
            break;
        }
        let start = if suit > 0 && count == chosen[suit - 1].0 { first } else { 0 };
        for position in start..by_count[count].len() {
            chosen[suit] = (count, position);
            extend(by_count, remaining - count, suit + 1, chosen, deals);
        }
    }
}

fn finish(by_count: &[Vec<u16>], chosen: &[(usize, usize); 4]) -> CanonicalDeal {
    let mut cards = CardSet::EMPTY;
    for (suit, &(count, position)) in chosen.iter().enumerate() {
        let mask = by_count[count][position];
        for rank in 0..13u8 {
            if mask & 1 << rank != 0
                && let Some(card) = Card::from_index(rank * 4 + suit as u8)
            {
                cards.insert(card);
            }
        }
    }
    // Equal masks sit next to each other in the canonical order.
    let mut multiplicity = 24;
    let mut run = 1;
    for pair in chosen.windows(2) {
        if pair[0] == pair[1] {
            run += 1;
            multiplicity /= run;
        } else {
            run = 1;
        }
    }
    CanonicalDeal { cards, multiplicity }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn classes_cover_every_deal_once() {
        for size in 0..=6 {
            let deals = canonical_deals(size);
            let total: u64 = deals.iter().map(|deal| u64::from(deal.multiplicity)).sum();
            assert_eq!(total, binomial(52, size as u64), "size {size}");
            assert!(deals.iter().all(|deal| deal.cards.len() == size));
        }
        assert_eq!(canonical_deals(5).len(), 134_459);
        assert_eq!(canonical_deals(6).len(), 962_988);
    }

    #[test]
    fn small_classes_by_hand() {
        // One card: 13 classes of 4.
        let one = canonical_deals(1);
        assert_eq!(one.len(), 13);
        assert!(one.iter().all(|deal| deal.multiplicity == 4));
        // Four aces: one deal, alone in its class.
        let four = canonical_deals(4);
        let aces = CardSet::of_rank(crib_core::Rank::Ace);
        assert_eq!(four.iter().find(|deal| deal.cards == aces).map(|d| d.multiplicity), Some(1));
    }
}

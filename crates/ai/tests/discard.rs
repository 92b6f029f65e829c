//! The discard table against a brute-force reference on many seeded deals.

use std::cmp::Reverse;

use crib_ai::{best_keep, discard_table};
use crib_core::{Card, CardSet, Deck, Rules};

use crate::reference;

/// A row of the reference table: keep, discard, points over every starter,
/// starters, min, max.
type Row = (Vec<Card>, Vec<Card>, u32, u32, u8, u8);

/// Every keep of four, valued with the reference counter over every card not
/// dealt, sorted by the documented order: expectation, minimum, maximum (all
/// higher first), then the kept cards in card order.
fn brute_force(dealt: &[Card]) -> Vec<Row> {
    let n = dealt.len();
    let mut rows = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    let mut keep = [dealt[a], dealt[b], dealt[c], dealt[d]];
                    keep.sort();
                    let mut discard: Vec<Card> =
                        dealt.iter().copied().filter(|card| !keep.contains(card)).collect();
                    discard.sort();
                    let scores: Vec<u8> = (0..52)
                        .filter_map(Card::from_index)
                        .filter(|card| !dealt.contains(card))
                        .map(|starter| reference::count(keep, starter, Rules::Hand).total())
                        .collect();
                    let points = scores.iter().map(|&s| u32::from(s)).sum();
                    let min = *scores.iter().min().unwrap();
                    let max = *scores.iter().max().unwrap();
                    rows.push((keep.to_vec(), discard, points, scores.len() as u32, min, max));
                }
            }
        }
    }
    // All keeps of one deal share the number of starters, so points order
    // them exactly as their expectations do.
    rows.sort_by_key(|row| (Reverse(row.2), Reverse(row.4), Reverse(row.5), row.0.clone()));
    rows
}

fn check_deal(dealt: CardSet) {
    let cards: Vec<Card> = dealt.iter().collect();
    let expected = brute_force(&cards);
    let table = discard_table(dealt).unwrap();
    let actual: Vec<Row> = table
        .iter()
        .map(|keep| {
            (
                keep.keep.iter().collect(),
                keep.discard.iter().collect(),
                keep.expected.points,
                keep.expected.starters,
                keep.min,
                keep.max,
            )
        })
        .collect();
    assert_eq!(actual, expected, "deal {dealt}");
    assert_eq!(best_keep(dealt).unwrap(), table[0]);
}

#[test]
fn six_card_deals_match_brute_force() {
    for seed in 0..1500 {
        check_deal(Deck::shuffled(seed).deal_set(6).unwrap());
    }
}

#[test]
fn five_card_deals_match_brute_force() {
    for seed in 10_000..11_500 {
        check_deal(Deck::shuffled(seed).deal_set(5).unwrap());
    }
}

#[test]
fn deals_rich_in_ties_match_brute_force() {
    // Deals of few ranks in many suits have many equal keeps: the tie-break
    // order must match too.
    let deals = [
        "2C 2D 2H 2S 9C 9D",
        "5C 5D 5H 5S JC",
        "7C 7D 8H 8S 9C 9D",
        "AC 2D 3H 4S 5C 6D",
        "TC TD JH JS QC",
    ];
    for deal in deals {
        check_deal(CardSet::from_distinct(crib_core::parse_cards(deal).unwrap()).unwrap());
    }
}

#[test]
fn best_keep_points_is_the_top_of_the_table() {
    for seed in 20_000..21_000 {
        let dealt = Deck::shuffled(seed).deal_set(6).unwrap();
        let table = discard_table(dealt).unwrap();
        assert_eq!(crib_ai::best_keep_points(dealt), table[0].expected.points, "{dealt}");
    }
}

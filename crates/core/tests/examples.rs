//! The six worked examples of the original assignment
//! (`shared/seeds/001_b7a6c73cc362567f.txt`), counted through the library.
//!
//! Each show is read twice, as the seed's table writes it (`7♣, Q♥, 2♣, J♣`
//! with the start card `9♥`) and as the Prolog terms of its `hand_value/3`
//! (`[card(7,clubs), …]`, `card(9,hearts)`), and both must be the same show.
//! The fast count must give the table's points, and the breakdown must find
//! the combinations the seed's descriptions list, written here as the rank
//! codes of their cards (`"78"` is a seven and an eight).

use crib_core::{Card, CardSet, Rules, Show, parse_cards};

/// The show written both ways; panics unless they agree.
fn example(hand: &str, starter: &str, prolog_hand: &str, prolog_starter: &str) -> Show {
    let read = |hand: &str, starter: &str| {
        let hand = parse_cards(hand).unwrap();
        let starter: Card = starter.parse().unwrap();
        Show::from_cards(&hand, starter).unwrap()
    };
    let show = read(hand, starter);
    assert_eq!(read(prolog_hand, prolog_starter), show);
    show
}

/// What the seed says a show counts: every scoring combination by its ranks.
struct Count<'a> {
    total: u8,
    fifteens: &'a [&'a str],
    pairs: &'a [&'a str],
    runs: &'a [&'a str],
    /// The cards of the flush, in canonical notation.
    flush: Option<&'a str>,
    nobs: Option<&'a str>,
}

/// The rank codes of each combination, sorted, so that the same
/// combinations compare equal whatever order they were found in.
fn ranks(combinations: &[CardSet]) -> Vec<String> {
    let mut codes: Vec<String> = combinations
        .iter()
        .map(|cards| cards.iter().map(|card| card.rank().code()).collect())
        .collect();
    codes.sort();
    codes
}

fn sorted(codes: &[&str]) -> Vec<String> {
    let mut codes: Vec<String> = codes.iter().map(|&code| code.to_owned()).collect();
    codes.sort();
    codes
}

/// Counts `show` as a hand, fast and combination by combination.
fn assert_counts(show: Show, expected: &Count<'_>) {
    assert_eq!(show.score(Rules::Hand), expected.total, "fast count");
    let breakdown = show.breakdown(Rules::Hand);
    assert_eq!(breakdown.show, show);
    assert_eq!(ranks(&breakdown.fifteens), sorted(expected.fifteens));
    assert_eq!(ranks(&breakdown.pairs), sorted(expected.pairs));
    assert_eq!(ranks(&breakdown.runs), sorted(expected.runs));
    assert_eq!(breakdown.flush.map(|cards| cards.to_string()).as_deref(), expected.flush);
    assert_eq!(breakdown.nobs.map(|jack| jack.to_string()).as_deref(), expected.nobs);
    let runs: usize = expected.runs.iter().map(|run| run.len()).sum();
    let points = 2 * expected.fifteens.len()
        + 2 * expected.pairs.len()
        + runs
        + expected.flush.map_or(0, |cards| cards.split(' ').count())
        + usize::from(expected.nobs.is_some());
    assert_eq!(points, usize::from(expected.total), "the seed's own sum");
    assert_eq!(breakdown.total(), expected.total, "breakdown total");
}

#[test]
fn example_1_scores_nothing() {
    let show = example(
        "7♣, Q♥, 2♣, J♣",
        "9♥",
        "[card(7,clubs), card(queen,hearts), card(2,clubs), card(jack,clubs)]",
        "card(9,hearts)",
    );
    // The jack of clubs is no nob with a heart turned up.
    assert_counts(
        show,
        &Count { total: 0, fifteens: &[], pairs: &[], runs: &[], flush: None, nobs: None },
    );
    assert_eq!(show.breakdown(Rules::Hand).spoken(), "no score");
}

#[test]
fn example_2_scores_a_pair_of_kings() {
    let show = example(
        "A♠, 3♥, K♥, 7♥",
        "K♠",
        "[card(ace,spades), card(3,hearts), card(king,hearts), card(7,hearts)]",
        "card(king,spades)",
    );
    assert_counts(
        show,
        &Count { total: 2, fifteens: &[], pairs: &["KK"], runs: &[], flush: None, nobs: None },
    );
}

#[test]
fn example_3_scores_a_fifteen_and_a_run_of_three() {
    let show = example(
        "A♠, 3♥, K♥, 7♥",
        "2♦",
        "[card(ace,spades), card(3,hearts), card(king,hearts), card(7,hearts)]",
        "card(2,diamonds)",
    );
    // The seed writes "3+K+2 (+3)" and "A>2>3 (+2)": the points are swapped
    // there, a fifteen being worth 2 and a run of three 3; the total is 5.
    assert_counts(
        show,
        &Count {
            total: 5,
            fifteens: &["23K"],
            pairs: &[],
            runs: &["A23"],
            flush: None,
            nobs: None,
        },
    );
}

#[test]
fn example_4_scores_twenty_with_a_double_run_of_four_and_a_flush() {
    let show = example(
        "6♣, 7♣, 8♣, 9♣",
        "8♠",
        "[card(6,clubs), card(7,clubs), card(8,clubs), card(9,clubs)]",
        "card(8,spades)",
    );
    assert_counts(
        show,
        &Count {
            total: 20,
            fifteens: &["78", "78", "69"],
            pairs: &["88"],
            runs: &["6789", "6789"],
            flush: Some("6C 7C 8C 9C"),
            nobs: None,
        },
    );
    // As a crib the four clubs score nothing without a club turned up.
    assert_eq!(show.score(Rules::Crib), 20 - 4);
    assert_eq!(show.breakdown(Rules::Crib).flush, None);
}

#[test]
fn example_5_scores_twenty_four_with_a_double_double_run() {
    let show = example(
        "7♥, 9♠, 8♣, 7♣",
        "8♥",
        "[card(7,hearts), card(9,spades), card(8,clubs), card(7,clubs)]",
        "card(8,hearts)",
    );
    assert_counts(
        show,
        &Count {
            total: 24,
            fifteens: &["78", "78", "78", "78"],
            pairs: &["77", "88"],
            runs: &["789", "789", "789", "789"],
            flush: None,
            nobs: None,
        },
    );
}

#[test]
fn example_6_scores_twenty_nine_the_highest_count() {
    let show = example(
        "5♥, 5♠, 5♣, J♦",
        "5♦",
        "[card(5,hearts), card(5,spades), card(5,clubs), card(jack,diamonds)]",
        "card(5,diamonds)",
    );
    assert_counts(
        show,
        &Count {
            total: 29,
            fifteens: &["555", "555", "555", "555", "5J", "5J", "5J", "5J"],
            pairs: &["55", "55", "55", "55", "55", "55"],
            runs: &[],
            flush: None,
            nobs: Some("JD"),
        },
    );
}

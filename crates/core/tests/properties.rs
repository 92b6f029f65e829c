//! Properties of the notations and the counts that hold for any input.
//!
//! The parsers take text from people and processes, so they must never
//! panic, and whatever the library writes it must read back. A single card
//! has few enough forms that every card is tried in every form; lists,
//! arbitrary text and shows are drawn at random by proptest.

use crib_core::{Card, CardSet, Rank, Rules, Show, Suit, count_points, parse_cards};
use proptest::prelude::*;
use proptest::sample::subsequence;

/// What the last card of a count pegs, counted the plain way: the sum for
/// 15 and 31; the trailing cards of its rank for a pair; for a run, every
/// length of latest cards tried, sorted and checked for consecutive ranks.
fn reference_count_points(cards: &[Card]) -> u8 {
    let total: u8 = cards.iter().map(|card| card.value()).sum();
    let mut points = if total == 15 || total == 31 { 2 } else { 0 };
    let last = cards[cards.len() - 1].rank();
    let same = cards.iter().rev().take_while(|card| card.rank() == last).count();
    points += [0, 0, 2, 6, 12][same];
    if same == 1 {
        let run = (3..=cards.len())
            .filter(|&length| {
                let mut ranks: Vec<usize> =
                    cards[cards.len() - length..].iter().map(|card| card.rank().index()).collect();
                ranks.sort_unstable();
                ranks.windows(2).all(|pair| pair[1] == pair[0] + 1)
            })
            .max()
            .unwrap_or(0);
        points += run as u8;
    }
    points
}

fn every_card() -> impl Iterator<Item = Card> {
    CardSet::DECK.iter()
}

fn card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(|index| Card::from_index(index).unwrap())
}

/// Every way the library or a person may write `card`.
fn spellings(card: Card) -> Vec<String> {
    let mut spellings = vec![
        card.to_string(),
        card.to_string().to_lowercase(),
        card.symbol().to_string(),
        card.symbol().to_string().to_lowercase(),
        card.prolog().to_string(),
        card.prolog().to_string().to_uppercase(),
        card.prolog().to_string().replace('(', "( ").replace(',', " , "),
    ];
    if card.rank() == Rank::Ten {
        for suit in [card.suit().code(), card.suit().symbol()] {
            spellings.push(format!("10{suit}"));
            spellings.push(format!("10{}", suit.to_ascii_lowercase()));
        }
    }
    spellings
}

#[test]
fn every_card_reads_back_in_every_spelling() {
    for card in every_card() {
        for text in spellings(card) {
            assert_eq!(text.parse::<Card>(), Ok(card), "{text:?}");
            assert_eq!(parse_cards(&text), Ok(vec![card]), "{text:?}");
        }
    }
}

#[test]
fn every_card_round_trips_through_json() {
    for card in every_card() {
        let json = serde_json::to_string(&card).unwrap();
        assert_eq!(json, format!("\"{card}\""));
        assert_eq!(serde_json::from_str::<Card>(&json).unwrap(), card);
    }
}

/// Text that looks enough like cards to reach deep into the parsers.
fn card_like_text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[\\[\\](), \t0-9AaTtJjQqKkCcDdHhSsXx♣♦♥♠♡♢♤♧é]{0,24}",
        "[\\[ ]{0,2}(card|CARD|Card|car)[ ]?\\(.{0,14}\\)?[\\], ]{0,2}",
        "(card\\((10|[2-9]|ace|jack|queen|king|ten|1|11), ?(clubs|hearts|Spades|diamond|x)\\)[ ,]{0,2}){0,3}",
    ]
}

/// A few cards as a list: each in one of its spellings, separated one of
/// the ways the notation allows, in brackets or not.
fn written_list() -> impl Strategy<Value = (Vec<Card>, String)> {
    let separators = prop::sample::select(vec![" ", ", ", ",", "\t", " ,\n "]);
    (prop::collection::vec((card(), any::<prop::sample::Index>()), 0..8), separators, any::<bool>())
        .prop_map(|(cards, separator, bracketed)| {
            let words: Vec<String> = cards
                .iter()
                .map(|&(card, spelling)| spelling.get(&spellings(card)).clone())
                .collect();
            let mut text = words.join(separator);
            if bracketed {
                text = format!("[{text}]");
            }
            (cards.into_iter().map(|(card, _)| card).collect(), text)
        })
}

/// Four cards and a starter, all different, in any order. Half of them are
/// drawn mostly from one suit, since five random cards are seldom a flush.
fn show() -> impl Strategy<Value = Show> {
    let any_cards = subsequence(every_card().collect::<Vec<_>>(), 5);
    let mostly_one_suit = prop::sample::select(Suit::ALL.to_vec()).prop_flat_map(|suit| {
        let others = !CardSet::of_suit(suit);
        let pool = CardSet::of_suit(suit).iter().chain(others.iter().step_by(9));
        subsequence(pool.collect::<Vec<_>>(), 5)
    });
    prop_oneof![any_cards, mostly_one_suit]
        .prop_shuffle()
        .prop_map(|cards| Show::from_five(&cards).unwrap())
}

fn one_suit(cards: CardSet) -> bool {
    let mut suits = cards.iter().map(Card::suit);
    suits.next().is_some_and(|first| suits.all(|suit| suit == first))
}

fn sums_to_fifteen(cards: CardSet) -> bool {
    cards.iter().map(|card| u32::from(card.value())).sum::<u32>() == 15
}

fn is_pair(cards: CardSet) -> bool {
    let ranks: Vec<Rank> = cards.iter().map(Card::rank).collect();
    ranks.len() == 2 && ranks[0] == ranks[1]
}

fn is_run(cards: CardSet) -> bool {
    let ranks: Vec<usize> = cards.iter().map(|card| card.rank().index()).collect();
    ranks.len() >= 3 && ranks.windows(2).all(|pair| pair[1] == pair[0] + 1)
}

proptest! {
    #[test]
    fn parsing_any_text_never_panics(text in any::<String>()) {
        let _ = text.parse::<Card>();
        let _ = parse_cards(&text);
    }

    #[test]
    fn parsing_card_like_text_never_panics_and_reads_back(text in card_like_text()) {
        if let Ok(card) = text.parse::<Card>() {
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        if let Ok(cards) = parse_cards(&text) {
            let canonical: Vec<String> = cards.iter().map(Card::to_string).collect();
            prop_assert_eq!(parse_cards(&canonical.join(" ")), Ok(cards));
        }
    }

    #[test]
    fn written_lists_read_back((cards, text) in written_list()) {
        prop_assert_eq!(parse_cards(&text), Ok(cards));
    }

    #[test]
    fn prolog_lists_read_back(cards in prop::collection::vec(card(), 0..8)) {
        let terms: Vec<String> = cards.iter().map(|card| card.prolog().to_string()).collect();
        let text = format!("[{}]", terms.join(", "));
        prop_assert_eq!(parse_cards(&text), Ok(cards));
    }

    #[test]
    fn card_sets_round_trip_through_json(bits in any::<u64>()) {
        let set = CardSet::from_bits(bits & CardSet::DECK.bits()).unwrap();
        let json = serde_json::to_string(&set).unwrap();
        let names: Vec<String> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(names.len(), set.len());
        prop_assert_eq!(serde_json::from_str::<CardSet>(&json).unwrap(), set);
        // A list naming a card twice is no set.
        if let Some(first) = names.first() {
            let twice = serde_json::to_string(&[names.clone(), vec![first.clone()]].concat()).unwrap();
            prop_assert!(serde_json::from_str::<CardSet>(&twice).is_err());
        }
    }

    #[test]
    fn no_show_scores_more_than_twenty_nine(show in show()) {
        for rules in [Rules::Hand, Rules::Crib] {
            prop_assert!(show.score(rules) <= 29);
        }
    }

    #[test]
    fn the_breakdown_totals_the_fast_count(show in show()) {
        for rules in [Rules::Hand, Rules::Crib] {
            let breakdown = show.breakdown(rules);
            prop_assert_eq!(breakdown.total(), show.score(rules));
            let steps = breakdown.steps();
            prop_assert_eq!(steps.iter().map(|step| step.points).sum::<u8>(), breakdown.total());
            prop_assert_eq!(steps.last().map_or(0, |step| step.total), breakdown.total());
        }
    }

    #[test]
    fn the_breakdown_names_real_combinations(show in show()) {
        let breakdown = show.breakdown(Rules::Hand);
        let five = show.cards();
        let all = breakdown.fifteens.iter().chain(&breakdown.pairs).chain(&breakdown.runs);
        prop_assert!(all.clone().all(|cards| cards.is_subset(five)));
        prop_assert!(breakdown.fifteens.iter().all(|&cards| sums_to_fifteen(cards)));
        prop_assert!(breakdown.pairs.iter().all(|&pair| is_pair(pair)));
        prop_assert!(breakdown.runs.iter().all(|&run| is_run(run)));
        prop_assert!(breakdown.runs.windows(2).all(|runs| runs[0].len() == runs[1].len()));
        if let Some(cards) = breakdown.flush {
            prop_assert!(one_suit(cards) && show.hand().is_subset(cards) && cards.is_subset(five));
        }
        if let Some(jack) = breakdown.nobs {
            prop_assert!(show.hand().contains(jack));
            prop_assert_eq!(jack.rank(), Rank::Jack);
            prop_assert_eq!(jack.suit(), show.starter().suit());
        }
    }

    #[test]
    fn a_crib_flush_is_all_five_cards(show in show()) {
        let flush = show.breakdown(Rules::Crib).flush_points();
        prop_assert!(flush == 0 || (flush == 5 && one_suit(show.cards())));
        if one_suit(show.cards()) {
            prop_assert_eq!(flush, 5);
        }
    }

    #[test]
    fn hand_and_crib_differ_only_by_a_four_card_flush(show in show()) {
        let four_card_flush = one_suit(show.hand()) && !one_suit(show.cards());
        let difference = show.score(Rules::Hand) - show.score(Rules::Crib);
        prop_assert_eq!(difference, if four_card_flush { 4 } else { 0 });
    }

    #[test]
    fn a_count_pegs_what_the_plain_count_says(
        cards in subsequence(CardSet::DECK.iter().collect::<Vec<_>>(), 1..9).prop_shuffle()
    ) {
        // The longest prefix that stays within 31: a count as played.
        let mut total = 0;
        let count: Vec<Card> = cards
            .into_iter()
            .take_while(|card| {
                total += card.value();
                total <= 31
            })
            .collect();
        prop_assume!(!count.is_empty());
        prop_assert_eq!(count_points(&count).total(), reference_count_points(&count));
    }
}

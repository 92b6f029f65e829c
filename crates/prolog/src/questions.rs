//! What the checker asks: the hands for `hand_value/3` and the deals for
//! `select_hand/3`, in the order they are asked.
//!
//! Hands: the examples of the assignment, then a fixed set that covers every
//! kind of score, then random hands (or every hand). Deals: a fixed set on
//! which keeping the best four cards on their own is not the best keep
//! (so a choice that ignores the starter is seen to be wrong), then random
//! 6- and 5-card deals, alternately.
//!
//! Random hands and deals come from the seed: hands from stream 0 of the
//! seed's generator, deals from stream 1, so that asking more hands does
//! not change the deals.

use crib_core::{Card, CardSet, Deck, SeededRng, parse_cards, seeded_rng};
use serde::Serialize;

/// The sets questions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionSet {
    /// The worked examples of the assignment.
    Examples,
    /// Hands chosen to cover every kind of score.
    Coverage,
    /// Random hands from the seed.
    RandomHands,
    /// Every hand with every starter.
    EveryHand,
    /// Deals on which the best four cards on their own are not the best keep.
    StarterDeals,
    /// Random 6- and 5-card deals from the seed.
    RandomDeals,
}

impl QuestionSet {
    /// The set's name for people.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            QuestionSet::Examples => "the assignment's examples",
            QuestionSet::Coverage => "every kind of score",
            QuestionSet::RandomHands => "random hands",
            QuestionSet::EveryHand => "every hand",
            QuestionSet::StarterDeals => "deals where the starter matters",
            QuestionSet::RandomDeals => "random deals",
        }
    }
}

/// One `hand_value/3` question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HandQuestion {
    pub(crate) set: QuestionSet,
    /// What the hand is there for, in the fixed sets.
    pub(crate) label: Option<&'static str>,
    /// The four cards, in the order they are given to Prolog.
    pub(crate) hand: [Card; 4],
    pub(crate) starter: Card,
}

/// One `select_hand/3` question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DealQuestion {
    pub(crate) set: QuestionSet,
    /// The 5 or 6 cards, in the order they are given to Prolog.
    pub(crate) cards: Vec<Card>,
}

/// The examples of the assignment: hand, starter, points.
pub(crate) const EXAMPLES: [(&str, u8); 6] = [
    ("7C QH 2C JC 9H", 0),
    ("AS 3H KH 7H KS", 2),
    ("AS 3H KH 7H 2D", 5),
    ("6C 7C 8C 9C 8S", 20),
    ("7H 9S 8C 7C 8H", 24),
    ("5H 5S 5C JD 5D", 29),
];

/// The coverage set: what each hand shows, and the hand with its starter
/// last. The tests hold every label to the count.
pub(crate) const COVERAGE: [(&str, &str); 32] = [
    ("nothing: three of the hand and the starter in one suit", "AC 3D 6C 7C TC"),
    ("nothing: no run round the corner from king to ace", "QH KS AD 2C 7H"),
    ("nothing: a jack of another suit than the starter's", "AH 3D 6D JD 7C"),
    ("nothing: the starter is a jack", "2H 4S 6C 8D JH"),
    ("one fifteen", "AS 2H 4S 5C 7C"),
    ("two fifteens", "AS 2H 4S 5C 8C"),
    ("three fifteens", "AC 3D 5H 6C 9C"),
    ("four fifteens", "AD 4C 5C TC JC"),
    ("five fifteens", "3C 3S 6C 6D 9C"),
    ("six fifteens", "5C 5H TC JC KD"),
    ("seven fifteens", "5D 5H 5S TS JC"),
    ("eight fifteens", "5D 5H 5S TS 5C"),
    ("a pair", "AD AH 2H 4C 5C"),
    ("two pairs", "AD AH 3C 3D 4C"),
    ("a pair royal", "AC AD AS 2S 4C"),
    ("a pair royal and a pair", "AC AD AS 2S 2C"),
    ("a double pair royal", "AC AD AS 2S AH"),
    ("a run of three", "AH 3S 8C 9C TC"),
    ("a run of four", "2D 8H 9C TC JC"),
    ("a run of five", "8S 9H TC JC QD"),
    ("a run of five with the starter in the middle", "9D JS QC KH TH"),
    ("a double run of three", "AH AS 2S 3C 5C"),
    ("a double run of four", "AH AS 2S 3C 4C"),
    ("a triple run", "AC AD AS 2S 3C"),
    ("a double double run", "AH AS 2S 3C 2C"),
    ("a flush of four in the hand", "AS 6S 7S TS 3C"),
    ("a flush of five", "AS 6S 7S TS 3S"),
    ("a flush of five and his nob", "AC 2C 6C JC TC"),
    ("his nob", "AH 3D 6D JC 7C"),
    ("twenty-eight", "5H 5S 5C JH 5D"),
    ("twenty-nine, the jack of hearts", "5C 5D 5S JH 5H"),
    ("the nineteen hand: no way to make nineteen", "2C 4D 6H 8S KC"),
];

/// The deals on which the best four cards on their own are not the best
/// keep. The tests hold every one to that.
pub(crate) const STARTER_DEALS: [&str; 5] = [
    "AH 2H 3D 4D 5H KS",
    "2D 2H 2S 3D 9D JD",
    "2D 3S 4D 7D 9C 9H",
    "2S 3D 4C 5H KH",
    "2C 2D 3H 6H 9D",
];

/// Cards written in the canonical notation, from a table of this module.
fn table_cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("the tables of this module are tested")
}

fn fixed_hand(set: QuestionSet, label: Option<&'static str>, text: &str) -> HandQuestion {
    match table_cards(text)[..] {
        [a, b, c, d, starter] => HandQuestion { set, label, hand: [a, b, c, d], starter },
        _ => unreachable!("the tables of this module are tested"),
    }
}

/// The examples and the coverage set.
pub(crate) fn fixed_hands() -> Vec<HandQuestion> {
    let examples = EXAMPLES.iter().map(|(text, _)| fixed_hand(QuestionSet::Examples, None, text));
    let coverage =
        COVERAGE.iter().map(|(label, text)| fixed_hand(QuestionSet::Coverage, Some(label), text));
    examples.chain(coverage).collect()
}

/// `count` random hands from `seed`, each four cards and a starter dealt
/// from a shuffled deck, in the order dealt.
pub(crate) fn random_hands(seed: u64, count: u64) -> impl Iterator<Item = HandQuestion> {
    let mut rng = seeded_rng(seed);
    (0..count).map(move |_| {
        let cards = dealt(&mut rng, 5);
        fixed_from(&cards)
    })
}

fn fixed_from(cards: &[Card]) -> HandQuestion {
    match cards {
        [a, b, c, d, starter] => HandQuestion {
            set: QuestionSet::RandomHands,
            label: None,
            hand: [*a, *b, *c, *d],
            starter: *starter,
        },
        _ => unreachable!("five cards were dealt"),
    }
}

/// Every hand with every starter: 270,725 hands of four, each with the 48
/// other cards, hands in card order.
pub(crate) fn every_hand() -> impl Iterator<Item = HandQuestion> {
    CardSet::DECK.subsets(4).flat_map(|hand| {
        let cards: Vec<Card> = hand.iter().collect();
        let hand = [cards[0], cards[1], cards[2], cards[3]];
        (!CardSet::from_iter(hand)).iter().map(move |starter| HandQuestion {
            set: QuestionSet::EveryHand,
            label: None,
            hand,
            starter,
        })
    })
}

/// The number of questions of [`QuestionSet::EveryHand`]: every hand of
/// four (270,725) with each of the 48 other cards as the starter.
pub const EVERY_HAND: u64 = 12_994_800;

/// The fixed deals.
pub(crate) fn starter_deals() -> Vec<DealQuestion> {
    STARTER_DEALS
        .iter()
        .map(|text| DealQuestion { set: QuestionSet::StarterDeals, cards: table_cards(text) })
        .collect()
}

/// `count` random deals from `seed`: 6 cards, then 5, and so on.
pub(crate) fn random_deals(seed: u64, count: u64) -> impl Iterator<Item = DealQuestion> {
    let mut rng = seeded_rng(seed);
    rng.set_stream(1);
    (0..count).map(move |index| DealQuestion {
        set: QuestionSet::RandomDeals,
        cards: dealt(&mut rng, if index % 2 == 0 { 6 } else { 5 }),
    })
}

/// The top `count` cards of a deck shuffled by `rng`, in the order dealt.
fn dealt(rng: &mut SeededRng, count: usize) -> Vec<Card> {
    let mut deck = Deck::shuffled_with(rng);
    (0..count).filter_map(|_| deck.deal()).collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use crib_core::{Breakdown, Rank, Rules, Show, Suit};

    use super::*;

    fn breakdown(question: &HandQuestion) -> Breakdown {
        Show::from_cards(&question.hand, question.starter).unwrap().breakdown(Rules::Hand)
    }

    #[test]
    fn examples_score_as_the_assignment_says() {
        for (question, (_, points)) in fixed_hands().iter().zip(EXAMPLES) {
            assert_eq!(breakdown(question).total(), points, "{:?}", question.hand);
        }
    }

    /// The count a coverage label promises: fifteens, pairs, runs (number
    /// and length), flush and nob points, total.
    fn promised(label: &str) -> (usize, usize, (usize, usize), u8, bool, Option<u8>) {
        let fifteens = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];
        if let Some(count) = fifteens.iter().position(|word| label == format!("{word} fifteens")) {
            return (count, usize::MAX, (usize::MAX, 0), 0, false, None);
        }
        match label {
            "one fifteen" => (1, 0, (0, 0), 0, false, Some(2)),
            "a pair" => (0, 1, (0, 0), 0, false, Some(2)),
            "two pairs" => (0, 2, (0, 0), 0, false, Some(4)),
            "a pair royal" => (0, 3, (0, 0), 0, false, Some(6)),
            "a pair royal and a pair" => (0, 4, (0, 0), 0, false, Some(8)),
            "a double pair royal" => (0, 6, (0, 0), 0, false, Some(12)),
            "a run of three" => (0, 0, (1, 3), 0, false, Some(3)),
            "a run of four" => (0, 0, (1, 4), 0, false, Some(4)),
            "a run of five" | "a run of five with the starter in the middle" => {
                (0, 0, (1, 5), 0, false, Some(5))
            }
            "a double run of three" => (0, 1, (2, 3), 0, false, Some(8)),
            "a double run of four" => (0, 1, (2, 4), 0, false, Some(10)),
            "a triple run" => (0, 3, (3, 3), 0, false, Some(15)),
            "a double double run" => (0, 2, (4, 3), 0, false, Some(16)),
            "a flush of four in the hand" => (0, 0, (0, 0), 4, false, Some(4)),
            "a flush of five" => (0, 0, (0, 0), 5, false, Some(5)),
            "a flush of five and his nob" => (0, 0, (0, 0), 5, true, Some(6)),
            "his nob" => (0, 0, (0, 0), 0, true, Some(1)),
            "twenty-eight" => (8, 6, (0, 0), 0, false, Some(28)),
            "twenty-nine, the jack of hearts" => (8, 6, (0, 0), 0, true, Some(29)),
            _ if label.starts_with("nothing") => (0, 0, (0, 0), 0, false, Some(0)),
            _ if label.starts_with("the nineteen hand") => (0, 0, (0, 0), 0, false, Some(0)),
            _ => panic!("no promise for {label:?}"),
        }
    }

    #[test]
    fn coverage_hands_count_as_labelled() {
        for question in fixed_hands().iter().filter(|q| q.set == QuestionSet::Coverage) {
            let label = question.label.unwrap();
            let count = breakdown(question);
            let (fifteens, pairs, runs, flush, nob, total) = promised(label);
            assert_eq!(count.fifteens.len(), fifteens, "{label}");
            if pairs != usize::MAX {
                assert_eq!(count.pairs.len(), pairs, "{label}");
                let length = count.runs.first().map_or(0, |run| run.len());
                assert_eq!((count.runs.len(), length), runs, "{label}");
                assert_eq!(count.flush_points(), flush, "{label}");
                assert_eq!(count.nobs.is_some(), nob, "{label}");
            }
            if let Some(total) = total {
                assert_eq!(count.total(), total, "{label}");
            }
        }
    }

    #[test]
    fn the_fixed_hands_cover_every_rank_suit_and_fifteens_count() {
        let questions = fixed_hands();
        let cards: HashSet<Card> =
            questions.iter().flat_map(|q| q.hand.into_iter().chain([q.starter])).collect();
        for rank in Rank::ALL {
            assert!(cards.iter().any(|card| card.rank() == rank), "{rank:?}");
        }
        for suit in Suit::ALL {
            assert!(cards.iter().any(|card| card.suit() == suit));
        }
        let counts: HashSet<usize> =
            questions.iter().map(|q| breakdown(q).fifteens.len()).collect();
        assert_eq!(counts, (0..=8).collect());
        let labels: HashSet<&str> = questions.iter().filter_map(|q| q.label).collect();
        assert_eq!(labels.len(), COVERAGE.len(), "labels are distinct");
    }

    /// The value of four cards on their own, with no starter: what a
    /// `select_hand/3` that ignores the starter maximises.
    fn four_alone(keep: CardSet) -> u32 {
        let fifteens = (2..=4)
            .flat_map(|size| keep.subsets(size))
            .filter(|cards| cards.iter().map(|card| u32::from(card.value())).sum::<u32>() == 15)
            .count() as u32;
        let pairs = keep
            .subsets(2)
            .filter(|pair| {
                let ranks: Vec<Rank> = pair.iter().map(Card::rank).collect();
                ranks[0] == ranks[1]
            })
            .count() as u32;
        let is_run = |cards: CardSet| {
            let ranks: Vec<usize> = cards.iter().map(|card| card.rank().index()).collect();
            ranks.windows(2).all(|pair| pair[1] == pair[0] + 1)
        };
        let runs = if is_run(keep) {
            4
        } else {
            3 * keep.subsets(3).filter(|cards| is_run(*cards)).count() as u32
        };
        let first = keep.iter().next().unwrap().suit();
        let flush = if keep.iter().all(|card| card.suit() == first) { 4 } else { 0 };
        2 * fifteens + 2 * pairs + runs + flush
    }

    #[test]
    fn on_the_starter_deals_the_best_four_alone_are_not_the_best_keep() {
        for deal in starter_deals() {
            let dealt = CardSet::from_distinct(deal.cards.iter().copied()).unwrap();
            let table = crib_ai::discard_table(dealt).unwrap();
            let best = table[0].expected;
            let most = table.iter().map(|keep| four_alone(keep.keep)).max().unwrap();
            for keep in table.iter().filter(|keep| four_alone(keep.keep) == most) {
                assert!(keep.expected < best, "{dealt}: {} is a best keep", keep.keep);
            }
        }
        let sizes: Vec<usize> = starter_deals().iter().map(|deal| deal.cards.len()).collect();
        assert!(sizes.contains(&5) && sizes.contains(&6));
    }

    #[test]
    fn random_questions_come_from_the_seed() {
        let hands: Vec<HandQuestion> = random_hands(7, 50).collect();
        assert_eq!(hands, random_hands(7, 50).collect::<Vec<_>>());
        assert_ne!(hands, random_hands(8, 50).collect::<Vec<_>>());
        for question in &hands {
            assert!(Show::from_cards(&question.hand, question.starter).is_ok());
        }
        let deals: Vec<DealQuestion> = random_deals(7, 10).collect();
        assert_eq!(deals, random_deals(7, 10).collect::<Vec<_>>());
        let sizes: Vec<usize> = deals.iter().map(|deal| deal.cards.len()).collect();
        assert_eq!(sizes, [6, 5, 6, 5, 6, 5, 6, 5, 6, 5]);
        for deal in &deals {
            assert!(crib_ai::deal_from_cards(&deal.cards).is_ok());
        }
        // Hands and deals are separate streams.
        assert_ne!(deals[0].cards[..5], [hands[0].hand.as_slice(), &[hands[0].starter]].concat());
    }

    #[test]
    fn every_hand_is_every_show_once() {
        let mut count = 0u64;
        let mut first = None;
        for question in every_hand() {
            count += 1;
            first.get_or_insert(question);
        }
        assert_eq!(count, EVERY_HAND);
        let first = first.unwrap();
        assert_eq!(first.hand.map(|card| card.to_string()), ["AC", "AD", "AH", "AS"]);
        assert_eq!(first.starter.to_string(), "2C");
    }
}

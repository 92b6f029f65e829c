//! Counting practice: the drill's hands and its grading, held to the fast
//! counter ([`Show::score`]) on many seeded hands, with answers wrong in
//! every way proptest can draw, and a person's record over their answers.

use crib_core::{Category, CountByKind, DrillHand, DrillRecord, Grade, Rules, Show, parse_cards};
use proptest::prelude::*;

/// The points of every kind, each up to `most`.
fn answer(most: u8) -> impl Strategy<Value = CountByKind> {
    proptest::array::uniform5(0..=most).prop_map(|points| CountByKind {
        fifteens: points[0],
        pairs: points[1],
        runs: points[2],
        flush: points[3],
        nobs: points[4],
    })
}

#[test]
fn the_true_count_of_every_drill_hand_is_the_scorers() {
    let mut cribs = 0;
    for seed in 0..40 {
        for number in 0..500 {
            let hand = DrillHand::dealt(seed, number, true);
            let grade = hand.grade(CountByKind::of(&hand.breakdown()));
            assert_eq!(grade.truth.total(), u32::from(hand.show.score(hand.rules)), "{hand:?}");
            assert!(grade.is_right());
            assert_eq!((grade.missed, grade.over), (CountByKind::ZERO, CountByKind::ZERO));
            cribs += u32::from(hand.is_crib());
            // Leaving out one kind misses exactly that kind's points.
            for category in Category::ALL {
                let mut short = grade.truth;
                *short.get_mut(category) = 0;
                let graded = hand.grade(short);
                assert_eq!(graded.over, CountByKind::ZERO);
                for other in Category::ALL {
                    let expected = if other == category { grade.truth.get(other) } else { 0 };
                    assert_eq!(graded.missed.get(other), expected, "{hand:?} without {category}");
                }
                assert_eq!(graded.is_right(), grade.truth.get(category) == 0);
            }
        }
    }
    // About half the hands of a drill with cribs are cribs.
    assert!((9_000..11_000).contains(&cribs), "{cribs} cribs in 20,000 hands");
}

#[test]
fn a_drill_without_cribs_deals_only_hands_and_replays_from_its_seed() {
    for number in 0..1000 {
        let hand = DrillHand::dealt(3, number, false);
        assert_eq!(hand.rules, Rules::Hand);
        assert_eq!((hand.seed, hand.number), (3, number));
        assert_eq!(hand, DrillHand::dealt(3, number, false));
        // With cribs allowed the cards are the same; only the rules may differ.
        assert_eq!(hand.show, DrillHand::dealt(3, number, true).show);
    }
    assert_ne!(DrillHand::dealt(3, 0, false).show, DrillHand::dealt(4, 0, false).show);
}

#[test]
fn a_crib_counts_a_flush_only_with_all_five() {
    let show = Show::from_five(&parse_cards("2H 4H 6H 8H KS").unwrap()).unwrap();
    let hand = DrillHand { seed: 0, number: 0, show, rules: Rules::Hand };
    let crib = DrillHand { rules: Rules::Crib, ..hand };
    let said = CountByKind { flush: 4, ..CountByKind::ZERO };
    assert!(hand.grade(said).is_right());
    let graded = crib.grade(said);
    assert_eq!(graded.over, CountByKind { flush: 4, ..CountByKind::ZERO });
    assert_eq!(graded.missed, CountByKind::ZERO);
}

#[test]
fn the_record_ranks_the_kinds_missed_and_takes_the_median_time() {
    let hand = DrillHand::dealt(0, 0, false);
    let truth = CountByKind::of(&hand.breakdown());
    // Over-count nobs by 1 and pairs by 2 in one hand, pairs by 2 in another.
    let over = |pairs: u8, nobs: u8| CountByKind {
        pairs: truth.pairs + pairs,
        nobs: truth.nobs + nobs,
        ..truth
    };
    let answers = [(over(2, 1), 4000), (over(2, 0), 1000), (truth, 2000), (truth, 9000)];
    let record = DrillRecord::of(answers.map(|(answer, millis)| (hand.grade(answer), millis)));
    assert_eq!((record.hands, record.right), (4, 2));
    assert!((record.accuracy() - 0.5).abs() < 1e-12);
    assert_eq!(record.median_millis, Some(3000));
    assert_eq!(record.most_over(), vec![(Category::Pair, 4, 2), (Category::Nobs, 1, 1)]);
    assert!(record.most_missed().is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Whatever is answered, what was missed and what was over-counted are
    /// exactly the difference from the truth, kind by kind.
    #[test]
    fn missed_and_over_counted_points_are_the_difference(
        seed in any::<u64>(),
        number in any::<u32>(),
        said in answer(30),
    ) {
        let hand = DrillHand::dealt(seed, number, true);
        let grade = hand.grade(said);
        prop_assert_eq!(grade.truth.total(), u32::from(hand.show.score(hand.rules)));
        prop_assert_eq!(grade.answer, said);
        for category in Category::ALL {
            let (truth, said) = (i32::from(grade.truth.get(category)), i32::from(said.get(category)));
            let (missed, over) =
                (i32::from(grade.missed.get(category)), i32::from(grade.over.get(category)));
            prop_assert_eq!(missed - over, truth - said);
            prop_assert!(missed == 0 || over == 0);
        }
        prop_assert_eq!(
            grade.answer.total() + grade.missed.total() - grade.over.total(),
            grade.truth.total()
        );
        prop_assert_eq!(grade.is_right(), grade.missed.total() + grade.over.total() == 0);
        prop_assert_eq!(grade, Grade::new(grade.truth, said));
    }
}

//! The by-the-book player: its discard from the crib table and its rules
//! of thumb in the play, at textbook positions.

use crib_ai::{ClassicPlayer, Player, ThrowModel, crib_table};
use crib_core::{Card, CardSet, Game, GameConfig, Phase, Rank};

use crate::expert::{DEALER, PONE, card, cards, keep_for, pegging_view};

fn classic_play(view: &crib_core::View) -> Card {
    ClassicPlayer.play(view).unwrap()
}

#[test]
fn textbook_discards() {
    // Dealer with 5-5-J-J: the 14-point hand stays whole.
    assert_eq!(keep_for(&mut ClassicPlayer, "5H 5S JD JC 9C 2D", DEALER), cards("5H 5S JC JD"));
    // Pone: no pair of fives into the dealer's crib.
    let kept = keep_for(&mut ClassicPlayer, "5H 5S 9D TC 2C KD", PONE);
    assert_eq!((kept & CardSet::of_rank(Rank::Five)).len(), 2);
    // Dealer, the same cards: the fives may go to one's own crib with a
    // ten-card (the table's best dealer's throws), never split from them.
    let kept = keep_for(&mut ClassicPlayer, "5H 5S 9D TC 2C KD", DEALER);
    assert_ne!((kept & CardSet::of_rank(Rank::Five)).len(), 1);
}

#[test]
fn the_discard_follows_the_table() {
    // The classic keep's value is hand plus or minus the table's crib: two
    // fives are worth more in one's own crib than a jack and a king, and
    // cost more in the opponent's.
    let table = crib_table(ThrowModel::reasonable());
    let row = |low: Rank, high: Rank| {
        table.iter().find(|r| r.low == low && r.high == high && !r.suited).unwrap()
    };
    let fives = row(Rank::Five, Rank::Five);
    let court = row(Rank::Jack, Rank::King);
    assert!(fives.dealer > court.dealer + 3.0 && fives.pone > court.pone + 3.0);
    let view = crate::expert::discard_view("5H 5S JD KC 9C 2D", PONE);
    let keeps = ClassicPlayer::keeps(&view);
    assert_eq!(keeps.len(), 15);
    assert!(keeps.windows(2).all(|pair| pair[0].1 >= pair[1].1));
}

#[test]
fn never_leads_a_five_with_a_card_of_another_rank() {
    for seed in 0..200 {
        let config = GameConfig::default();
        let mut game = Game::new(config, DEALER, seed).unwrap();
        game.play(DEALER, crib_core::Action::Deal).unwrap();
        let mut classic = ClassicPlayer;
        for seat in config.seats() {
            let discard = classic.discard(&game.view(seat));
            game.play(seat, crib_core::Action::Discard(discard)).unwrap();
        }
        while game.phase() == Phase::Pegging {
            let seat = game.pegging().turn().unwrap();
            let view = game.view(seat);
            let action = classic.act(&view).unwrap();
            if let crib_core::Action::Play(played) = action
                && view.pegging.count() == 0
                && view.playable().iter().any(|other| other.rank() != Rank::Five)
            {
                assert_ne!(played.rank(), Rank::Five, "seed {seed}: led a five from {}", view.hand);
            }
            game.play(seat, action).unwrap();
        }
    }
}

#[test]
fn leads_low_or_from_a_pair() {
    // The pone leads from 5-4-9-K: the four (no fifteen answers it).
    let view = pegging_view("KC QH 8D 4S 6H 6D", "5H 4C 9C KD AH AD", "2C", &[]);
    assert_eq!(classic_play(&view), card("4C"));
    // With 9-9-K-Q the pone leads a nine, from the pair.
    let view = pegging_view("KC QH 8D 4S 6H 6D", "9H 9C KD QS AH AD", "2C", &[]);
    assert_eq!(classic_play(&view).rank(), Rank::Nine);
}

#[test]
fn takes_fifteen_and_thirty_one() {
    let view = pegging_view("8C 9D 2S KH AH AD", "7H 3D 4S QH QC QD", "6C", &["7H"]);
    assert_eq!(classic_play(&view), card("8C"));
    let view = pegging_view("4H 7D 3S 2C AH AD", "KC QH 8D 9S 6H 6D", "5C", &["KC", "4H", "QH"]);
    assert_eq!(classic_play(&view), card("7D"));
}

#[test]
fn avoids_leaving_twenty_one_and_five() {
    // Count 11: the ten would leave 21; the basic player plays it.
    let view = pegging_view("KD 5S 6H 7C QH QD", "AC TH 3S 9C 2H 2D", "4D", &["AC", "KD"]);
    assert_eq!(view.pegging.count(), 11);
    assert_ne!(classic_play(&view), card("TH"));
    // A two led: a three would leave 5; the classic player answers higher.
    let view = pegging_view("3D 9S KH QC AH AD", "2C 7H 8S JD TH TD", "4D", &["2C"]);
    assert_ne!(classic_play(&view), card("3D"));
}

#[test]
fn the_dealer_pairs_cautiously() {
    // The pone leads a seven; the dealer holds a seven and a king: it
    // plays the king (17) rather than pair into a possible pair royal.
    let view = pegging_view("7C KD 2S 3H AH AD", "7H 9D 4S QH QC QD", "6C", &["7H"]);
    assert_eq!(classic_play(&view), card("KD"));
}

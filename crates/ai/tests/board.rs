//! Discards that play for the game near its end (two players, or four in
//! partnerships): textbook positions where the keep that wins is not the
//! keep worth most points. (The chance of a keep against the board is
//! tested beside `WinTable::keep_chance`.)

use crib_ai::{ExpertPlayer, Player, ThrowModel, keep_values, keep_values_for_game};
use crib_core::{Action, CardSet, Game, GameConfig, Rules, Seat, View, score_unchecked};

use crate::expert::{DEALER, PONE, cards};

/// The starters of the 46 unseen with which `keep` counts at least `need`.
fn counts_at_least(keep: CardSet, dealt: CardSet, need: u8) -> usize {
    (!dealt).iter().filter(|&starter| score_unchecked(keep, starter, Rules::Hand) >= need).count()
}

/// The keep first in `keeps`, as text.
fn first(keeps: &[crib_ai::KeepValue]) -> String {
    keeps[0].keep.to_string()
}

/// The pone at 115 needs six; the dealer at 109 needs twelve, more than
/// the play gives it but for a rare round, and the pone counts first. So
/// the pone wins when its hand (with what it pegs) makes six, and keeps the
/// four that make six whatever the starter, over keeps worth more on
/// average that make six only with some starters.
#[test]
fn the_pone_at_115_keeps_the_sure_six() {
    let config = GameConfig::default();
    let model = ThrowModel::reasonable();
    for (dealt, sure, likely) in [
        // A run of four and 7-8 is six with any starter; 3-7-8-9 is worth
        // more with a good starter but six with only 27 of 46.
        ("2H 3S 7C 8D 9C TC", "7C 8D 9C TC", "3S 7C 8D 9C"),
        // The five with three tens: three fifteens, six with any starter;
        // 5-6-7 and a jack makes six with 43.
        ("5S 6C 7D TC JC KC", "5S TC JC KC", "5S 6C 7D JC"),
    ] {
        let dealt = cards(dealt);
        let by_points = keep_values(config, PONE, DEALER, dealt, model).unwrap();
        let for_game = keep_values_for_game(config, PONE, DEALER, dealt, model, [6, 12]).unwrap();
        assert_eq!(first(&by_points), likely, "{dealt}: the points keep");
        assert_eq!(first(&for_game), sure, "{dealt}: the keep for the game");
        assert_eq!(counts_at_least(cards(sure), dealt, 6), 46);
        assert!(counts_at_least(cards(likely), dealt, 6) < 46);
        // The sure six is worth fewer points and more chance.
        let likely_value = for_game.iter().find(|keep| keep.keep == cards(likely)).unwrap();
        assert!(for_game[0].total < likely_value.total);
        assert!(for_game[0].win.unwrap() > likely_value.win.unwrap() + 0.005);
    }
}

/// A dealer who needs two against a pone who needs sixty wins whatever it
/// keeps (the last card of the play or any count makes it, and the pone
/// cannot make sixty in one round): every keep's chance is the same to a
/// tenth of a percent, and then points decide, as they would away from the
/// end. Against a pone who needs only six, the pone counts first: the
/// dealer's chances then differ, and it keeps the cards that peg.
#[test]
fn a_dealer_home_in_the_play_keeps_for_points() {
    let config = GameConfig::default();
    let model = ThrowModel::reasonable();
    let dealt = cards("4S 5D 7C 8C 8D 8H");
    let by_points = keep_values(config, DEALER, DEALER, dealt, model).unwrap();
    let home = keep_values_for_game(config, DEALER, DEALER, dealt, model, [2, 60]).unwrap();
    assert!(home.iter().all(|keep| keep.win.unwrap() > 0.995), "{home:?}");
    assert_eq!(first(&home), first(&by_points));
    let race = keep_values_for_game(config, DEALER, DEALER, dealt, model, [2, 6]).unwrap();
    let spread = race[0].win.unwrap() - race[race.len() - 1].win.unwrap();
    assert!(spread > 0.05, "{race:?}");
    assert!(race[0].win.unwrap() < home[0].win.unwrap());
}

/// The view of `seat` at the discard of a stacked deal, with the board at
/// `scores` (the dealer's, the pone's).
fn discard_view(dealer: &str, pone: &str, seat: Seat, scores: [u16; 2]) -> View {
    let config = GameConfig::default();
    let mut game = Game::new(config, DEALER, 0).unwrap();
    let hands = [cards(dealer).iter().collect(), cards(pone).iter().collect()];
    game.deal_stacked(DEALER, &hands, CardSet::EMPTY, "AC".parse().unwrap()).unwrap();
    let mut view = game.view(seat);
    view.board.set(config.side_of(DEALER), scores[0]);
    view.board.set(config.side_of(PONE), scores[1]);
    view
}

/// The expert's analysis carries the chance of winning exactly when the
/// board ordered it (a side within its window of the target), and its
/// discard is the analysis's first keep there too.
#[test]
fn the_expert_keeps_for_the_game_near_the_end() {
    let (dealer, pone) = ("4S 5D 7C 8C 8D 8H", "2H 3S 7D 8S 9C TC");
    let mut expert = ExpertPlayer::new(1);
    let window = expert.options.discard_for_game_within;
    for (scores, near) in
        [([0, 0], false), ([115, 60], true), ([60, 115], true), ([100, 90], false)]
    {
        // The window is from the leader's score.
        let near = near || scores.iter().any(|&score| score + window >= 121);
        for seat in [DEALER, PONE] {
            let view = discard_view(dealer, pone, seat, scores);
            let keeps = expert.keep_analysis(&view);
            assert_eq!(keeps.len(), 15);
            assert!(keeps.iter().all(|keep| keep.win.is_some() == near), "{scores:?}");
            assert_eq!(expert.discard(&view), keeps[0].discard);
            if let Some(Action::Discard(discard)) = expert.act(&view) {
                assert_eq!(discard, keeps[0].discard);
            }
        }
    }
    // The pone at 115 against the dealer at 109 keeps the sure six.
    let view = discard_view(dealer, pone, PONE, [109, 115]);
    assert_eq!(first(&expert.keep_analysis(&view)), "7D 8S 9C TC");
    // Without the window, points decide.
    expert.options.discard_for_game_within = 0;
    let keeps = expert.keep_analysis(&view);
    assert!(keeps[0].win.is_none());
    assert_eq!(first(&keeps), "3S 7D 8S 9C");
}

/// Four players: the dealer's partner needs six and the other side
/// twenty. The partner's hand counts second, after the pone's and before
/// the pone's partner's; the crib counts last. 5-7-7-T makes six with 36
/// of the 47 starters (the five and the ten, the pair, one more fifteen);
/// 7-7-9-T, the five thrown into its own side's crib, is worth more points
/// but makes six with only 6: a five in the crib counts too late.
#[test]
fn the_dealers_partner_keeps_the_six_in_hand() {
    let config = GameConfig::new(4, 121).unwrap();
    let model = ThrowModel::reasonable();
    let (dealer, partner) = (Seat::ALL[0], Seat::ALL[2]);
    let dealt = cards("5D 7C 7D 9S TH");
    let (sure, likely) = ("5D 7C 7D TH", "7C 7D 9S TH");
    let by_points = keep_values(config, partner, dealer, dealt, model).unwrap();
    let for_game = keep_values_for_game(config, partner, dealer, dealt, model, [6, 20]).unwrap();
    assert_eq!(first(&by_points), likely);
    assert_eq!(first(&for_game), sure);
    assert_eq!(counts_at_least(cards(sure), dealt, 6), 36);
    assert_eq!(counts_at_least(cards(likely), dealt, 6), 6);
    let likely_value = for_game.iter().find(|keep| keep.keep == cards(likely)).unwrap();
    assert!(for_game[0].total < likely_value.total);
    assert!(for_game[0].win.unwrap() > likely_value.win.unwrap() + 0.02, "{for_game:?}");
    // The expert keeps it at the table, and far from the end keeps the
    // points.
    let hands = ["KC QD JH TS 9C", "2H 3S 4D 6C 8H", "5D 7C 7D 9S TH", "AH AS 3C 4C 6S"];
    let mut game = Game::new(config, dealer, 0).unwrap();
    let hands: Vec<CardSet> = hands.iter().map(|hand| cards(hand)).collect();
    game.deal_stacked(dealer, &hands, CardSet::EMPTY, "JC".parse().unwrap()).unwrap();
    let expert = ExpertPlayer::new(1);
    for (scores, keep) in [([115, 101], sure), ([10, 10], likely)] {
        let mut view = game.view(partner);
        for (side, score) in config.all_sides().zip(scores) {
            view.board.set(side, score);
        }
        let keeps = expert.keep_analysis(&view);
        assert_eq!(first(&keeps), keep, "{scores:?}");
        assert_eq!(keeps[0].win.is_some(), scores[0] > 100);
    }
}

//! The built-in players.

use crib_ai::{BasicPlayer, Player, RandomPlayer, Rate, Strategy};
use crib_core::{Action, Card, CardSet, Game, GameConfig, Phase, Seat, parse_cards};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> CardSet {
    CardSet::from_distinct(parse_cards(text).unwrap()).unwrap()
}

/// A two-player game dealt `pone` and `dealer` (6 cards each), both having
/// discarded the last two cards written, starter `starter`.
fn pegging_game(dealer: &str, pone: &str, starter: &str) -> Game {
    let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 0).unwrap();
    let (dealer, pone) = (parse_cards(dealer).unwrap(), parse_cards(pone).unwrap());
    let hands = [dealer.iter().copied().collect(), pone.iter().copied().collect()];
    game.deal_stacked(Seat::ALL[0], &hands, CardSet::EMPTY, card(starter)).unwrap();
    for (seat, hand) in [(Seat::ALL[0], &dealer), (Seat::ALL[1], &pone)] {
        let discard = hand[4..].iter().copied().collect();
        game.play(seat, Action::Discard(discard)).unwrap();
    }
    assert_eq!(game.phase(), Phase::Pegging);
    game
}

#[test]
fn basic_pegs_the_most_points_now() {
    // Pone leads 7H; the dealer holds 8C (fifteen two), 7C (a pair), KD, 2S:
    // the pair and the fifteen are both worth 2, and the higher card wins
    // the tie.
    let mut game = pegging_game("8C 7C KD 2S AH AD", "7H 3D 4D 9S QH QD", "5S");
    game.play(Seat::ALL[1], Action::Play(card("7H"))).unwrap();
    assert_eq!(BasicPlayer.play(&game.view(Seat::ALL[0])), Some(card("8C")));
    game.play(Seat::ALL[0], Action::Play(card("8C"))).unwrap();
    // Count 15: the pone's 9S makes a run of three (7 8 9).
    assert_eq!(BasicPlayer.play(&game.view(Seat::ALL[1])), Some(card("9S")));
}

#[test]
fn basic_plays_the_highest_card_that_fits_when_nothing_scores() {
    let mut game = pegging_game("9C 2C 3S 4H AH AD", "KH QD 6S 8S QH TD", "5S");
    // The pone leads: nothing scores at the lead, so the highest card.
    assert_eq!(BasicPlayer.play(&game.view(Seat::ALL[1])), Some(card("KH")));
    game.play(Seat::ALL[1], Action::Play(card("KH"))).unwrap();
    game.play(Seat::ALL[0], Action::Play(card("9C"))).unwrap();
    game.play(Seat::ALL[1], Action::Play(card("QD"))).unwrap();
    // Count 29: the dealer's 2C makes 31 (2 points) and beats 3S and 4H,
    // which do not fit.
    assert_eq!(BasicPlayer.play(&game.view(Seat::ALL[0])), Some(card("2C")));
    game.play(Seat::ALL[0], Action::Play(card("2C"))).unwrap();
    // 31 restarted the count, and the pone, after the dealer who played
    // last, leads its highest card.
    assert_eq!(game.pegging().count(), 0);
    assert_eq!(BasicPlayer.play(&game.view(Seat::ALL[1])), Some(card("8S")));
}

#[test]
fn basic_says_go_only_when_nothing_fits() {
    let mut game = pegging_game("KC QC JC TC AH AD", "KH QD JD TS QH 2D", "5S");
    for (seat, text) in [(1, "KH"), (0, "KC"), (1, "QD")] {
        game.play(Seat::ALL[seat], Action::Play(card(text))).unwrap();
    }
    assert_eq!(BasicPlayer.play(&game.view(Seat::ALL[0])), None);
    assert_eq!(BasicPlayer.act(&game.view(Seat::ALL[0])), Some(Action::Go));
    assert!(game.is_legal(Seat::ALL[0], Action::Go));
}

#[test]
fn basic_discards_the_best_keep() {
    let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 0).unwrap();
    let hands = [cards("TH 2C 9D 8S 3D 7S"), cards("5H 5S JD 4C 6C KD")];
    game.deal_stacked(Seat::ALL[0], &hands, CardSet::EMPTY, card("5C")).unwrap();
    assert_eq!(BasicPlayer.discard(&game.view(Seat::ALL[1])), cards("JD KD"));
}

#[test]
fn players_act_only_when_asked() {
    let mut game = Game::new(GameConfig::new(3, 61).unwrap(), Seat::ALL[2], 4).unwrap();
    let mut random = RandomPlayer::new(1);
    assert_eq!(random.act(&game.view(Seat::ALL[0])), None);
    assert_eq!(random.act(&game.view(Seat::ALL[2])), Some(Action::Deal));
    game.play(Seat::ALL[2], Action::Deal).unwrap();
    let Some(Action::Discard(discard)) = random.act(&game.view(Seat::ALL[0])) else {
        panic!("a discard is due");
    };
    assert_eq!(discard.len(), 1);
    assert!(game.is_legal(Seat::ALL[0], Action::Discard(discard)));
}

#[test]
fn rates_have_wilson_intervals() {
    let rate = Rate::new(0, 10);
    assert_eq!(rate.low, 0.0);
    assert!(rate.high > 0.25 && rate.high < 0.35);
    let none = Rate::new(0, 0);
    assert_eq!((none.rate, none.low, none.high), (0.0, 0.0, 0.0));
    let half = Rate::new(5000, 10000);
    assert!((half.low - 0.4902).abs() < 1e-3 && (half.high - 0.5098).abs() < 1e-3);
}

#[test]
fn strategies_by_name() {
    assert_eq!("random".parse::<Strategy>().unwrap(), Strategy::Random);
    assert_eq!(" BASIC ".parse::<Strategy>().unwrap(), Strategy::Basic);
    assert_eq!("Expert".parse::<Strategy>().unwrap(), Strategy::Expert);
    assert_eq!("easy".parse::<Strategy>().unwrap(), Strategy::Easy);
    assert_eq!(
        "clever".parse::<Strategy>().unwrap_err().to_string(),
        "unknown player \"clever\": the players are random, easy, basic, classic and expert"
    );
    for strategy in Strategy::ALL {
        assert_eq!(strategy.name().parse::<Strategy>().unwrap(), strategy);
    }
    assert_eq!(Strategy::Basic.to_string(), "basic");
}

//! The expert's play at three and four players near the end of the game:
//! pegging out, blocking a side about to, and the windows in which it plays
//! for the game. (The partners' leads are tested beside the analysis, which
//! takes a sample's seed as it is.)

use crib_ai::{ExpertOptions, ExpertPlayer, PegOptions, PlayAnalysis, PlayMeasure};
use crib_core::{Action, Card, CardSet, Game, GameConfig, Seat, View, parse_cards};

use crate::expert::card;

/// A round of `hands.len()` players dealt by seat 0: each hand written as
/// the four cards kept then the one discarded, `deck_card` the crib's card
/// from the deck (three players; else empty), `plays` then played in turn
/// (a `go` where a seat says go), the sides' scores set to `scores`, and
/// the view of the seat to play next.
fn table_view(
    hands: &[&str],
    deck_card: &str,
    starter: &str,
    plays: &[&str],
    scores: &[u16],
) -> View {
    let players = u8::try_from(hands.len()).unwrap();
    let config = GameConfig::new(players, 121).unwrap();
    let dealer = Seat::ALL[0];
    let mut game = Game::new(config, dealer, 0).unwrap();
    let hands: Vec<Vec<Card>> = hands.iter().map(|hand| parse_cards(hand).unwrap()).collect();
    let sets: Vec<CardSet> = hands.iter().map(|hand| hand.iter().copied().collect()).collect();
    let deck_card = parse_cards(deck_card).unwrap().into_iter().collect();
    game.deal_stacked(dealer, &sets, deck_card, card(starter)).unwrap();
    for (seat, hand) in config.seats().zip(&hands) {
        game.play(seat, Action::Discard(CardSet::single(hand[4]))).unwrap();
    }
    for &play in plays {
        let seat = game.pegging().turn().unwrap();
        let action = if play == "go" { Action::Go } else { Action::Play(card(play)) };
        game.play(seat, action).unwrap();
    }
    let mut view = game.view(game.pegging().turn().unwrap());
    for (side, &score) in config.all_sides().zip(scores) {
        view.board.set(side, score);
    }
    view
}

fn analyse(view: &View) -> PlayAnalysis {
    ExpertPlayer::new(3).play_analysis(view)
}

fn value(analysis: &PlayAnalysis, played: &str) -> f64 {
    analysis.values.iter().find(|&&(card, _)| card == crate::expert::card(played)).unwrap().1
}

#[test]
fn pegs_out_at_three_and_four_players() {
    // Seat 1 leads a seven; seat 2 needs two and the eight makes fifteen.
    // Pegging out is worth more than any number of points the play could
    // still bring: it is the win. Near the end the values are the chance
    // of winning, at three players as at four (two sides), which pegging
    // out makes certain.
    let three = ["KC QD JH TS 9C", "7H 6C 3D 2S AH", "8C 9D 4S KH 5D"];
    let four = ["KC QD JH TS 9C", "7H 6C 3D 2S AH", "8C 9D 4S KH 5D", "6H 6D 3C 2C AS"];
    for (hands, deck_card, scores) in
        [(&three[..], "4C", &[100, 100, 119][..]), (&four[..], "", &[119, 100][..])]
    {
        let view = table_view(hands, deck_card, "JC", &["7H"], scores);
        assert_eq!(view.seat, Seat::ALL[2]);
        let analysis = analyse(&view);
        assert_eq!(analysis.choice, Some(card("8C")), "{} players", hands.len());
        assert_eq!(analysis.measure, PlayMeasure::WinChance);
        let eight = value(&analysis, "8C");
        assert!(eight >= 1.0 - 1e-9, "{eight}");
        for &(other, other_value) in &analysis.values {
            if other != card("8C") {
                assert!(eight > other_value, "{other}: {other_value} against {eight}");
            }
        }
    }
}

#[test]
fn blocks_the_other_side_at_four_players_by_the_chance() {
    // Four players; seat 1 (the pone) leads and seat 2, next, on the other
    // side, needs five. Seat 1's hand (four twos with the starter) counts
    // twelve first in the show, enough to win if the other side pegs less
    // than five before. A five would give seat 2 fifteen with any of the
    // sixteen ten-cards, and the other side then finds the three more
    // points in fifteen cards of play nearly always (a four-player play
    // has two or three go points; a greedy side, as half the samples have
    // it, misses them a little more often); a two can be neither paired
    // nor made fifteen, and the other side must find all five.
    let hands = ["KC QD JH TS 9C", "2C 2D 2H 5S AH", "8C 9D 4S KH 5D", "6H 6D 3C 3H AS"];
    let view = table_view(&hands, "", "2S", &[], &[116, 110]);
    assert_eq!(view.seat, Seat::ALL[1]);
    let analysis = analyse(&view);
    assert_eq!(analysis.measure, PlayMeasure::WinChance);
    assert_eq!(analysis.choice, Some(card("2C")), "{:?}", analysis.values);
    let (two, five) = (value(&analysis, "2C"), value(&analysis, "5S"));
    assert!((0.0..=1.0).contains(&five) && two <= 1.0 + 1e-3, "{two} {five}");
    assert!(five < 0.15, "the five loses nearly every game: {five}");
    assert!(two > five + 0.3, "{two} against {five}");
    // Far from the end, the same lead is a matter of a few points.
    let far = analyse(&table_view(&hands, "", "2S", &[], &[10, 10]));
    assert_eq!(far.measure, PlayMeasure::NetPoints);
    assert!(far.values.iter().all(|&(_, value)| value.abs() < 20.0), "{:?}", far.values);
}

#[test]
fn blocks_a_side_about_to_win() {
    // Three players; seat 1 leads and seat 2, next, needs two. Seat 1's
    // hand (four twos with the starter) counts twelve first in the show,
    // enough to win if no one pegs out before. A five would give seat 2
    // fifteen with any of the sixteen ten-cards; a two can be neither
    // paired nor made fifteen.
    let hands = ["KC QD JH TS 9C", "2C 2D 2H 5S AH", "8C 9D 4S KH 5D"];
    let view = table_view(&hands, "4C", "2S", &[], &[100, 110, 119]);
    assert_eq!(view.seat, Seat::ALL[1]);
    let analysis = analyse(&view);
    assert_eq!(analysis.measure, PlayMeasure::WinChance);
    assert_eq!(analysis.choice, Some(card("2C")), "{:?}", analysis.values);
    let (two, five) = (value(&analysis, "2C"), value(&analysis, "5S"));
    assert!((0.0..=1.0).contains(&five) && two <= 1.0 + 1e-9, "{two} {five}");
    assert!(five < 0.25, "the five loses most games: {five}");
    assert!(two > five + 0.1, "{two} against {five}");
    // Far from the end, the same lead is a matter of a few points.
    let far = analyse(&table_view(&hands, "4C", "2S", &[], &[10, 10, 10]));
    assert!(far.values.iter().all(|&(_, value)| value.abs() < 20.0), "{:?}", far.values);
    assert_eq!(far.measure, PlayMeasure::NetPoints);
}

#[test]
fn three_players_play_for_the_game_only_within_twenty_points() {
    // The position of `blocks_a_side_about_to_win` with the leader 21
    // points from the target, and then 20: only from 20 out does the
    // search play for the game (at two sides it does from 40).
    let hands = ["KC QD JH TS 9C", "2C 2D 2H 5S AH", "8C 9D 4S KH 5D"];
    let far = analyse(&table_view(&hands, "4C", "2S", &[], &[90, 95, 100]));
    assert_eq!(far.measure, PlayMeasure::NetPoints);
    let near = analyse(&table_view(&hands, "4C", "2S", &[], &[90, 95, 101]));
    assert_eq!(near.measure, PlayMeasure::WinChance);
}

#[test]
fn the_end_of_the_game_can_be_turned_off() {
    // With `play_for_game_within` 0 the search counts points only, at any score.
    let hands = ["KC QD JH TS 9C", "2C 2D 2H 5S AH", "8C 9D 4S KH 5D"];
    let view = table_view(&hands, "4C", "2S", &[], &[100, 100, 119]);
    let pegging = PegOptions { play_for_game_within: 0, ..PegOptions::default() };
    let options = ExpertOptions { pegging, ..ExpertOptions::default() };
    let values = ExpertPlayer::with_options(3, options).play_analysis(&view).values;
    assert!(values.iter().all(|&(_, value)| value.abs() < 20.0), "{values:?}");
}

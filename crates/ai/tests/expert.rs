//! The expert: its discard values against brute force, the textbook
//! choices it makes, and its play of the cards.

use crib_ai::{ExpertPlayer, Player, Stake, ThrowModel, keep_values, win_chance};
use crib_core::{Action, Card, CardSet, Deck, Game, GameConfig, Rules, Seat, View, parse_cards};

use crate::crib::{brute_singles, brute_two, close};
use crate::reference;

pub(crate) fn cards(text: &str) -> CardSet {
    CardSet::from_distinct(parse_cards(text).unwrap()).unwrap()
}

pub(crate) fn card(text: &str) -> Card {
    text.parse().unwrap()
}

pub(crate) const DEALER: Seat = Seat::ALL[0];
pub(crate) const PONE: Seat = Seat::ALL[1];

/// The sum of a hand's points over every starter not dealt, by the
/// reference counter.
fn brute_hand(keep: CardSet, dealt: CardSet) -> u32 {
    let keep: Vec<Card> = keep.iter().collect();
    let keep = [keep[0], keep[1], keep[2], keep[3]];
    (!dealt)
        .iter()
        .map(|starter| u32::from(reference::count(keep, starter, Rules::Hand).total()))
        .sum()
}

#[test]
fn two_player_keep_values_match_brute_force() {
    let model = ThrowModel::reasonable();
    let config = GameConfig::default();
    for seed in 100..106 {
        let dealt = Deck::shuffled(seed).deal_set(6).unwrap();
        for (seat, other) in [(DEALER, Stake::Balk), (PONE, Stake::Own)] {
            let values = keep_values(config, seat, DEALER, dealt, model).unwrap();
            assert_eq!(values.len(), 15);
            for value in &values {
                assert_eq!(
                    value.hand.points,
                    brute_hand(value.keep, dealt),
                    "{dealt}: {}",
                    value.keep
                );
                assert_eq!(value.hand.starters, 46);
                let crib = brute_two(dealt, value.discard, other, model);
                assert!(
                    close(value.crib, crib),
                    "{dealt}: {} {} against {crib}",
                    value.discard,
                    value.crib
                );
                let sign = if seat == DEALER { 1.0 } else { -1.0 };
                assert!(close(value.total, value.hand.value() + sign * value.crib + value.pegging));
            }
            assert!(values.windows(2).all(|pair| pair[0].total >= pair[1].total));
        }
    }
}

#[test]
fn four_player_keep_values_match_brute_force() {
    // Seat 1 keeps four of five and gives one card to the crib of seat 0,
    // an opponent; seat 2 (the dealer's partner) and seat 3 give too.
    let model = ThrowModel::reasonable();
    let config = GameConfig::new(4, 121).unwrap();
    let dealt = cards("4H 5C 6D JS KS");
    let values = keep_values(config, PONE, DEALER, dealt, model).unwrap();
    assert_eq!(values.len(), 5);
    let others = [Stake::Own, Stake::Own, Stake::Balk];
    for value in values.iter().filter(|value| value.discard == cards("KS")) {
        assert_eq!(value.hand.points, brute_hand(value.keep, dealt));
        assert_eq!(value.stake, Stake::Balk);
        let crib = brute_singles(dealt, value.discard, &others, 0, model);
        assert!(close(value.crib, crib), "{} against {crib}", value.crib);
    }
    // The partner's crib counts for the partner's side.
    let partner = keep_values(config, Seat::ALL[2], DEALER, dealt, model).unwrap();
    assert!(partner.iter().all(|value| value.stake == Stake::Own));
    assert!(keep_values(config, PONE, DEALER, cards("4H 5C 6D JS KS QS"), model).is_err());
}

/// The view of `seat` in a two-player round dealt `dealt` by seat 0, at
/// the discard.
pub(crate) fn discard_view(dealt: &str, seat: Seat) -> View {
    let dealt = cards(dealt);
    let mut game = Game::new(GameConfig::default(), DEALER, 0).unwrap();
    let other = cards("AC AD AH AS 2C 2D") - dealt;
    let other = if other.len() == 6 { other } else { (!dealt).iter().take(6).collect() };
    let hands = if seat == DEALER { [dealt, other] } else { [other, dealt] };
    let starter = (!(dealt | other)).first().unwrap();
    game.deal_stacked(DEALER, &hands, CardSet::EMPTY, starter).unwrap();
    game.view(seat)
}

/// The keep `player` chooses from `dealt` in a two-player round, as dealer
/// or pone.
pub(crate) fn keep_for(player: &mut impl Player, dealt: &str, seat: Seat) -> CardSet {
    cards(dealt) - player.discard(&discard_view(dealt, seat))
}

/// The keep the expert chooses from `dealt` in a two-player round, as
/// dealer or pone, through the player itself.
fn expert_keep(dealt: &str, seat: Seat) -> CardSet {
    keep_for(&mut ExpertPlayer::new(1), dealt, seat)
}

#[test]
fn textbook_discards() {
    // Dealer, 5-5-J-J with two odd cards: keep the 14-point hand and throw
    // the rest, rather than split the fives into one's own crib.
    assert_eq!(expert_keep("5H 5S JD JC 9C 2D", DEALER), cards("5H 5S JC JD"));
    // Pone, the same: the fives stay in the hand, out of the dealer's crib.
    assert_eq!(expert_keep("5H 5S JD JC 9C 2D", PONE), cards("5H 5S JC JD"));
    // Pone: the best hand alone (A-2-3-J, 8.04) would give the dealer a
    // five and a king; keeping the five (2-3-5-J, 7.39) and throwing A-K
    // costs less than the five is worth in the dealer's crib.
    assert_eq!(expert_keep("AC 2D 3H 5S JC KD", PONE), cards("2D 3H 5S JC"));
    // Dealer, the same cards: now the five and the jack go to one's own
    // crib, and the hand (A-2-3-K, 7.80) loses little.
    assert_eq!(expert_keep("AC 2D 3H 5S JC KD", DEALER), cards("AC 2D 3H KD"));
    // Pone: never a pair into the dealer's crib when the hand can do
    // without it: 2-3-6-6 with A-Q thrown, not A-2-3-Q with the sixes.
    assert_eq!(expert_keep("AH 2S 3H 6D 6S QH", PONE), cards("2S 3H 6D 6S"));
    // Dealer: 5-6-7-8 keeps a run and gives the crib a five and a king;
    // the pone keeps 5-5-6-7, the best hand, and gives away 8-K.
    assert_eq!(expert_keep("5C 5D 6H 7S 8C KD", DEALER), cards("5C 6H 7S 8C"));
    assert_eq!(expert_keep("5C 5D 6H 7S 8C KD", PONE), cards("5C 5D 6H 7S"));
    // A big hand is kept whatever the crib: 3-3-4-5 (13.8) with Q-K out.
    assert_eq!(expert_keep("3C 3D 4H 5S QC KD", PONE), cards("3C 3D 4H 5S"));
    assert_eq!(expert_keep("3C 3D 4H 5S QC KD", DEALER), cards("3C 3D 4H 5S"));
}

/// A two-player round dealt by seat 0: each hand written as the four cards
/// kept then the two discarded, `plays` then played in turn (a `go` where a
/// seat says go), and the view of the seat to play next.
pub(crate) fn pegging_view(dealer: &str, pone: &str, starter: &str, plays: &[&str]) -> View {
    let mut game = Game::new(GameConfig::default(), DEALER, 0).unwrap();
    let (dealer, pone) = (parse_cards(dealer).unwrap(), parse_cards(pone).unwrap());
    let hands = [dealer.iter().copied().collect(), pone.iter().copied().collect()];
    game.deal_stacked(DEALER, &hands, CardSet::EMPTY, card(starter)).unwrap();
    for (seat, hand) in [(DEALER, &dealer), (PONE, &pone)] {
        game.play(seat, Action::Discard(hand[4..].iter().copied().collect())).unwrap();
    }
    for &play in plays {
        let seat = game.pegging().turn().unwrap();
        let action = if play == "go" { Action::Go } else { Action::Play(card(play)) };
        game.play(seat, action).unwrap();
    }
    game.view(game.pegging().turn().unwrap())
}

fn expert_play(view: &View) -> Card {
    ExpertPlayer::new(3).play(view).unwrap()
}

#[test]
fn takes_a_sure_fifteen() {
    // A five on a jack, with the other fives in sight (no pair can answer
    // it), and an eight on a seven.
    let view = pegging_view("5C 9D 2S 8H 5H 5D", "JC 7H 3D 4S QH QD", "5S", &["JC"]);
    assert_eq!(expert_play(&view), card("5C"));
    let view = pegging_view("8C 9D 2S KH AH AD", "7H 3D 4S QH QC QD", "6C", &["7H"]);
    assert_eq!(expert_play(&view), card("8C"));
}

#[test]
fn takes_a_sure_thirty_one() {
    let view = pegging_view("4H 7D 3S 2C AH AD", "KC QH 8D 9S 6H 6D", "5C", &["KC", "4H", "QH"]);
    assert_eq!(view.pegging.count(), 24);
    assert_eq!(expert_play(&view), card("7D"));
}

#[test]
fn takes_a_sure_pair() {
    // The starter and the dealer's discard are the other eights: no pair
    // royal can answer the pair. (With the other eights unseen the expert
    // may well decline: a pone who kept an eight holds another one more
    // than a quarter of the time.)
    let view = pegging_view("8H KD QS 2C 8D AD", "8C 6H 3D 4S TH TD", "8S", &["8C"]);
    assert_eq!(expert_play(&view), card("8H"));
}

#[test]
fn does_not_lead_a_five() {
    // Ten cards of every sixteen unseen make fifteen on a five.
    let view = pegging_view("KC QH 8D 9S 6H 6D", "5H 4C 9C KD AH AD", "2C", &[]);
    assert_ne!(expert_play(&view), card("5H"));
}

#[test]
fn does_not_leave_twenty_one() {
    // The count is 11: the ten would leave 21, for any ten-card to make 31.
    // The basic player plays it (the highest card); the expert plays 3 or 9.
    let view = pegging_view("KD 5S 6H 7C QH QD", "AC TH 3S 9C 2H 2D", "4D", &["AC", "KD"]);
    assert_eq!(view.pegging.count(), 11);
    assert_ne!(expert_play(&view), card("TH"));
}

#[test]
fn pegs_out_when_it_can() {
    // The dealer needs 2 to win: the eight makes fifteen.
    let mut view = pegging_view("8C KD QS 4H AH AD", "7H 6C 3D 2S TH TD", "9C", &["7H"]);
    let config = view.config;
    view.board.set(config.side_of(DEALER), 119);
    view.board.set(config.side_of(PONE), 100);
    assert_eq!(expert_play(&view), card("8C"));
    let values = ExpertPlayer::new(3).play_analysis(&view).values;
    // Near the end, values are chances of winning, and the eight wins.
    let eight = values.iter().find(|&&(played, _)| played == card("8C")).unwrap().1;
    assert!(eight > 0.99 && values.iter().all(|&(_, value)| value <= eight + 1e-9));
}

#[test]
fn the_chance_of_winning_follows_the_board() {
    // More points needed, less chance; the dealer of the next round has an
    // edge; a side one point from home is nearly sure to win.
    for need in 2..=121 {
        assert!(win_chance(need, 60, false) <= win_chance(need - 1, 60, false) + 1e-12);
        assert!(win_chance(60, need, true) >= win_chance(60, need - 1, true) - 1e-12);
    }
    assert!(win_chance(121, 121, true) > win_chance(121, 121, false));
    assert!((win_chance(121, 121, true) + win_chance(121, 121, false) - 1.0).abs() < 1e-12);
    assert!(win_chance(1, 30, false) > 0.99);
    assert_eq!(win_chance(0, 5, false), 1.0);
    assert_eq!(win_chance(5, 0, true), 0.0);
}

/// The expert's analyses are its decisions: over seeded games at every
/// table size, its discard is the first keep of `keep_analysis` and, when
/// more than one card fits, its play is the analysis's choice, which is a
/// card with the best value.
#[test]
fn analyses_are_the_decisions() {
    // Every side's score on the views: 0, and near the end (the chance of
    // winning decides at two and four players).
    for (players, score) in [(2, 0), (3, 0), (4, 0), (2, 100), (4, 100)] {
        let config = GameConfig::new(players, 121).unwrap();
        let dealer = Seat::ALL[0];
        let mut game = Game::new(config, dealer, 40 + u64::from(players)).unwrap();
        game.play(dealer, Action::Deal).unwrap();
        let mut expert = ExpertPlayer::new(7);
        let mut plays = 0;
        while let Some(&seat) = game.to_act().first() {
            if game.phase() == crib_core::Phase::Deal {
                break;
            }
            let mut view = game.view(seat);
            for side in config.all_sides() {
                view.board.set(side, score);
            }
            let action = expert.act(&view).unwrap();
            match action {
                Action::Discard(discard) => {
                    let keeps = expert.keep_analysis(&view);
                    assert_eq!(keeps.len(), view.hand.subsets(4).count());
                    assert_eq!(keeps[0].discard, discard);
                    // Near the end of a game of two sides the keeps carry
                    // their chance of winning.
                    assert_eq!(keeps[0].win.is_some(), score == 100 && players != 3);
                }
                Action::Play(card) if view.playable().len() > 1 => {
                    let analysis = expert.play_analysis(&view);
                    assert_eq!(analysis.choice, Some(card));
                    let best = analysis.values.iter().map(|v| v.1).fold(f64::MIN, f64::max);
                    let chosen = analysis.values.iter().find(|v| v.0 == card).unwrap().1;
                    assert!(chosen >= best - 1e-9);
                    plays += 1;
                }
                _ => {}
            }
            game.play(seat, action).unwrap();
        }
        assert!(plays > 0, "{players} players: no play with a choice");
    }
}

/// A thinking budget changes how much the expert samples, never whether its
/// analysis repeats: the same seed, position and budget give the same
/// values, at every table size's default and at a larger budget.
#[test]
fn the_thinking_budget_is_deterministic_by_seed() {
    use crib_ai::ExpertOptions;
    let view = pegging_view("KD 5S 6H 7C QH QD", "AC TH 3S 9C 2H 2D", "4D", &["AC", "KD"]);
    for think in [1, ExpertOptions::DEFAULT_THINK_MS, 40] {
        let options = ExpertOptions::thinking(think);
        let first = ExpertPlayer::with_options(5, options).play_analysis(&view);
        let again = ExpertPlayer::with_options(5, options).play_analysis(&view);
        assert_eq!(first, again, "think {think}");
        assert_eq!(first.values.len(), view.playable().len());
    }
    let (small, large) = (ExpertOptions::thinking(1), ExpertOptions::thinking(40));
    assert!(small.pegging.worlds < ExpertOptions::default().pegging.worlds);
    assert!(large.pegging.worlds > ExpertOptions::default().pegging.worlds);
    assert!(large.pegging.depth > small.pegging.depth);
    assert_eq!(
        ExpertOptions::thinking(u32::MAX),
        ExpertOptions::thinking(ExpertOptions::MAX_THINK_MS)
    );
}

//! Hints: the discard hint is the expert's own analysis, and every fact of
//! a play hint is true of its position, checked by brute force over seeded
//! positions and against the cards the others really hold.

use std::collections::BTreeMap;

use crib_ai::{BasicPlayer, ExpertPlayer, Hint, Player, Stake, best_keep, hint};
use crib_core::{Action, Card, CardSet, Event, Game, GameConfig, Phase, Rank, Seat, View};

/// A game of `players` dealt by seat 0 from `seed`, just dealt.
fn dealt(players: u8, seed: u64) -> Game {
    let config = GameConfig::new(players, 121).unwrap();
    let mut game = Game::new(config, Seat::ALL[0], seed).unwrap();
    game.play(Seat::ALL[0], Action::Deal).unwrap();
    game
}

#[test]
fn the_discard_hint_is_the_experts_analysis_dealer_pone_and_more_players() {
    let mut not_by_hand = 0;
    for players in [2u8, 3, 4] {
        for seed in 0..6 {
            let game = dealt(players, seed);
            let config = game.config();
            for seat in config.seats() {
                let view = game.view(seat);
                let Hint::Discard(discard) = hint(&view, seed) else { panic!("a discard hint") };
                let expert = ExpertPlayer::new(seed);
                // The same keeps, numbers and order as the expert's own.
                assert_eq!(discard.keeps, expert.keep_analysis(&view));
                assert_eq!(discard.keeps[0].discard, ExpertPlayer::new(seed).discard(&view));
                assert_eq!(discard.crib_of, Seat::ALL[0]);
                let own = config.side_of(seat) == config.side_of(Seat::ALL[0]);
                assert_eq!(discard.stake, if own { Stake::Own } else { Stake::Balk });
                for keep in &discard.keeps {
                    let parts = keep.hand.value() + keep.crib_share() + keep.pegging;
                    assert!((parts - keep.total).abs() < 1e-9, "{keep:?}");
                    assert_eq!(keep.keep | keep.discard, view.hand);
                }
                if players == 2 && discard.keeps[0].keep != best_keep(view.hand).unwrap().keep {
                    not_by_hand += 1;
                }
            }
        }
    }
    // The fault this replaced ranked keeps by the hand alone.
    assert!(not_by_hand > 0, "some deal where the expert keeps other than the best hand");
}

/// Positions to play from, in seeded games played by the basic player:
/// each view with a card to play, with the game it comes from.
fn positions(players: u8, seed: u64) -> Vec<(Game, View)> {
    let mut game = dealt(players, seed);
    for seat in game.config().seats() {
        let discard = BasicPlayer.discard(&game.view(seat));
        game.play(seat, Action::Discard(discard)).unwrap();
    }
    let mut found = Vec::new();
    while game.phase() == Phase::Pegging {
        let seat = game.pegging().turn().unwrap();
        let view = game.view(seat);
        if !view.playable().is_empty() {
            found.push((game.clone(), view));
        }
        let action = BasicPlayer.act(&view).unwrap();
        game.play(seat, action).unwrap();
    }
    found
}

/// Every unseen card that could reply to `card` with points: by what it
/// pegs, the cards (brute force over the deck, with the rules' own checks).
fn brute_replies(view: &View, card: Card) -> (Option<Seat>, BTreeMap<String, Vec<Card>>) {
    let mut after = view.pegging;
    after.play(view.seat, card).unwrap();
    let mut replies: BTreeMap<String, Vec<Card>> = BTreeMap::new();
    let Some(next) = after.turn() else { return (None, replies) };
    for index in 0..52 {
        let reply = Card::from_index(index).unwrap();
        if view.known_cards().contains(reply) {
            continue;
        }
        let mut answered = after;
        if let Ok(play) = answered.play(next, reply)
            && play.points.total() > 0
        {
            replies.entry(format!("{:?}", play.points)).or_default().push(reply);
        }
    }
    (Some(next), replies)
}

#[test]
fn every_play_hint_fact_is_true_of_its_position() {
    let mut checked = 0;
    let (mut risky, mut safe, mut pegging, mut setups) = (0, 0, 0, 0);
    for players in [2u8, 3, 4] {
        for seed in 0..12 {
            for (game, view) in positions(players, 100 + seed) {
                let Hint::Play(play) = hint(&view, seed) else { panic!("a play hint") };
                let analysis = ExpertPlayer::new(seed).play_analysis(&view);
                // The expert's card first, then its values best first.
                assert_eq!(Some(play.choice), analysis.choice);
                assert_eq!(play.options[0].card, play.choice);
                assert_eq!(play.measure, analysis.measure);
                let cards: CardSet = play.options.iter().map(|option| option.card).collect();
                assert_eq!(cards, view.playable());
                for pair in play.options[1..].windows(2) {
                    assert!(pair[0].value >= pair[1].value, "{pair:?}");
                }
                assert_eq!(play.unseen as usize, (!view.known_cards()).len());
                let config = view.config;
                let side = config.side_of(view.seat);
                for option in &play.options {
                    let value = analysis.values.iter().find(|(card, _)| *card == option.card);
                    assert_eq!(value.map(|&(_, value)| value), Some(option.value));
                    // What it pegs now is what the game pegs for it.
                    let mut real = game.clone();
                    let events = real.play(view.seat, Action::Play(option.card)).unwrap();
                    let played = events.iter().find_map(|event| match event {
                        Event::Played { points, count, .. } => Some((*points, *count)),
                        _ => None,
                    });
                    assert_eq!(played, Some((option.now.points, option.now.count)));
                    pegging += usize::from(option.now.points.total() > 0);
                    assert_eq!(option.wins, real.result().is_some_and(|r| r.winner == side));
                    if option.wins {
                        continue;
                    }
                    let (next, brute) = brute_replies(&view, option.card);
                    assert_eq!(option.next, next);
                    let Some(next) = next else { continue };
                    if config.side_of(next) == side {
                        assert!(option.risks.is_empty() && option.setups.is_empty());
                        continue;
                    }
                    // Each risk: exactly the unseen cards that peg so.
                    let claimed: BTreeMap<String, (u8, Vec<Rank>)> = option
                        .risks
                        .iter()
                        .map(|risk| {
                            (format!("{:?}", risk.points), (risk.cards, risk.ranks.clone()))
                        })
                        .collect();
                    let truth: BTreeMap<String, (u8, Vec<Rank>)> = brute
                        .iter()
                        .map(|(points, cards)| {
                            let mut ranks: Vec<Rank> =
                                cards.iter().map(|card| card.rank()).collect();
                            ranks.dedup();
                            (points.clone(), (cards.len() as u8, ranks))
                        })
                        .collect();
                    assert_eq!(claimed, truth, "{view:?} {}", option.card);
                    // What the next player really holds: any card of theirs
                    // that pegs was named, and "safe" means none does.
                    let mut after = view.pegging;
                    after.play(view.seat, option.card).unwrap();
                    for held in game.hand(next).iter() {
                        let mut answered = after;
                        if let Ok(reply) = answered.play(next, held)
                            && reply.points.total() > 0
                        {
                            assert!(
                                option.risks.iter().any(|risk| risk.points == reply.points
                                    && risk.ranks.contains(&held.rank())),
                                "{held} pegs {:?} against {}",
                                reply.points,
                                option.card
                            );
                        }
                    }
                    if option.risks.is_empty() {
                        safe += 1;
                    } else {
                        risky += 1;
                    }
                    // Each setup: exactly the unseen replies after which
                    // the card pegs those points.
                    for setup in &option.setups {
                        setups += 1;
                        assert!(view.hand.contains(setup.card) && setup.card != option.card);
                        let mut count = 0;
                        let mut ranks = Vec::new();
                        for index in 0..52 {
                            let reply = Card::from_index(index).unwrap();
                            if view.known_cards().contains(reply) {
                                continue;
                            }
                            let mut answered = after;
                            if answered.play(next, reply).is_err()
                                || answered.turn() != Some(view.seat)
                            {
                                continue;
                            }
                            if let Ok(back) = answered.play(view.seat, setup.card)
                                && back.points == setup.points
                            {
                                count += 1;
                                ranks.push(reply.rank());
                            }
                        }
                        ranks.dedup();
                        assert!(!setup.points.is_empty());
                        assert_eq!((count, ranks), (setup.cards, setup.after.clone()));
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "{checked} positions");
    // The positions were varied enough to check every kind of fact.
    assert!(
        risky > 0 && safe > 0 && pegging > 0 && setups > 0,
        "{risky} {safe} {pegging} {setups}"
    );
}

#[test]
fn no_card_fits_is_a_go_and_other_times_nothing() {
    let game = dealt(2, 1);
    let view = game.view(Seat::ALL[1]);
    let mut waiting = view;
    waiting.discarded[1] = true;
    assert!(matches!(hint(&waiting, 0), Hint::Nothing { .. }));
    for (_, view) in positions(2, 9) {
        let mut stuck = view;
        // Every held card past the count: the hint is a go.
        stuck.hand = view.hand.iter().filter(|&card| !view.pegging.fits(card)).collect();
        if stuck.hand.is_empty() {
            continue;
        }
        assert_eq!(hint(&stuck, 0), Hint::Go { count: view.pegging.count() });
    }
}

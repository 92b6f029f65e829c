//! The game: pegging sequences with known answers, the protocol's worked
//! round, and property tests over random legal games for 2, 3 and 4 players.

use crib_core::{
    Action, Card, CardSet, Claims, ConfigError, Deck, Event, Game, GameConfig, IllegalAction,
    LengthError, Match, MatchLength, PegReason, Pegging, PeggingError, Phase, Rank, Seat, Side,
    Skunk, cut_for_deal, parse_cards,
};
use proptest::prelude::*;
use rand::SeedableRng;

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cards(text: &str) -> CardSet {
    CardSet::from_distinct(parse_cards(text).unwrap()).unwrap()
}

fn seat(index: u8) -> Seat {
    Seat::new(index).unwrap()
}

/// What one move of a pegging script pegged: the seat that scored (the
/// player of the card, or of the last card for a go) and the reasons.
#[derive(Debug, PartialEq)]
struct Pegged {
    count: u8,
    to: Option<Seat>,
    reasons: Vec<PegReason>,
}

/// Plays `moves` ("seat card" or "seat go") on a fresh pegging of `players`
/// dealt by `dealer`, checking that each seat moves in its turn.
fn peg(players: u8, dealer: u8, moves: &str) -> (Pegging, Vec<Pegged>) {
    let config = GameConfig::new(players, 121).unwrap();
    let mut pegging = Pegging::new(config, seat(dealer)).unwrap();
    let mut pegged = Vec::new();
    for step in moves.split(',') {
        let mut words = step.split_whitespace();
        let who = seat(words.next().unwrap().parse().unwrap());
        let what = words.next().unwrap();
        assert_eq!(pegging.turn(), Some(who), "turn before {step}");
        if what == "go" {
            let went = pegging.go(who).unwrap();
            let reasons = if went.point_to.is_some() { vec![PegReason::Go] } else { vec![] };
            pegged.push(Pegged { count: pegging.count(), to: went.point_to, reasons });
        } else {
            let play = pegging.play(who, card(what)).unwrap();
            let reasons = play.points.reasons().to_vec();
            let to = (!reasons.is_empty()).then_some(who);
            pegged.push(Pegged { count: play.count, to, reasons });
        }
    }
    (pegging, pegged)
}

fn reasons(pegged: &[Pegged]) -> Vec<Vec<PegReason>> {
    pegged.iter().map(|p| p.reasons.clone()).collect()
}

#[test]
fn six_seven_eight_six_scores_a_run_of_three() {
    let (_, pegged) = peg(2, 0, "1 6C, 0 7D, 1 8H, 0 6S");
    assert_eq!(
        reasons(&pegged),
        [vec![], vec![], vec![PegReason::Run(3)], vec![PegReason::Run(3)]]
    );
    assert_eq!(pegged[3].count, 27);
}

#[test]
fn seven_six_eight_six_scores_nothing_for_the_last_six() {
    let (_, pegged) = peg(2, 0, "1 7C, 0 6D, 1 8H, 0 6S");
    assert_eq!(reasons(&pegged), [vec![], vec![], vec![PegReason::Run(3)], vec![]]);
}

#[test]
fn four_fives_peg_two_six_and_twelve() {
    let (_, pegged) = peg(2, 0, "1 5C, 0 5D, 1 5H, 0 5S");
    assert_eq!(
        reasons(&pegged),
        [
            vec![],
            vec![PegReason::Pair(2)],
            vec![PegReason::Fifteen, PegReason::Pair(3)],
            vec![PegReason::Pair(4)]
        ]
    );
    let points: Vec<u8> =
        pegged.iter().map(|p| p.reasons.iter().map(|r| r.points()).sum()).collect();
    assert_eq!(points, [0, 2, 8, 12]);
}

#[test]
fn a_run_and_a_fifteen_together() {
    let (_, pegged) = peg(2, 0, "1 4C, 0 6D, 1 5H");
    assert_eq!(pegged[2].reasons, [PegReason::Fifteen, PegReason::Run(3)]);
    assert_eq!(pegged[2].count, 15);
}

#[test]
fn a_pair_breaks_a_run() {
    let (_, pegged) = peg(2, 0, "1 3C, 0 4D, 1 4H, 0 5S");
    assert_eq!(reasons(&pegged), [vec![], vec![], vec![PegReason::Pair(2)], vec![]]);
    // The run comes back once the pair is no longer among the latest cards:
    // 4 5 3 after 4 4 is not needed, but 3 4 5 6 with a card between is.
    let (_, pegged) = peg(2, 0, "1 3C, 0 5D, 1 4H, 0 6S");
    assert_eq!(reasons(&pegged)[2..], [vec![PegReason::Run(3)], vec![PegReason::Run(4)]]);
}

#[test]
fn thirty_one_with_a_pair() {
    let (pegging, pegged) = peg(2, 0, "1 TH, 0 5C, 1 8D, 0 8S");
    assert_eq!(
        reasons(&pegged),
        [vec![], vec![PegReason::Fifteen], vec![], vec![PegReason::ThirtyOne, PegReason::Pair(2)]]
    );
    // The count restarts with no go point; the seat after the last player
    // leads.
    assert_eq!(pegging.count(), 0);
    assert_eq!(pegging.turn(), Some(seat(1)));
}

#[test]
fn go_then_last_card() {
    // Pone 1: KH JH TH 9C. Dealer 0: QH 5C 5D 5S.
    let (pegging, pegged) =
        peg(2, 0, "1 KH, 0 QH, 1 JH, 0 go, 1 go, 0 5C, 1 TH, 0 5D, 1 9C, 0 go, 0 5S");
    assert_eq!(pegged[4], Pegged { count: 0, to: Some(seat(1)), reasons: vec![PegReason::Go] });
    assert_eq!(pegged[6].reasons, [PegReason::Fifteen]);
    // Seat 1 is out of cards after 9C but seat 0 has not said go: the count
    // goes on until it does, and the go point is seat 1's.
    assert_eq!(pegged[8].reasons, []);
    assert_eq!(pegged[9], Pegged { count: 0, to: Some(seat(1)), reasons: vec![PegReason::Go] });
    assert_eq!(pegged[10].reasons, [PegReason::LastCard]);
    assert!(pegging.is_over());
}

#[test]
fn a_last_card_after_a_go_pegs_the_go_with_the_card() {
    // Pone 1: KH 7C 2D AS. Dealer 0: QH JD TD KS.
    let (pegging, pegged) = peg(2, 0, "1 KH, 0 QH, 1 7C, 0 go, 1 2D, 1 AS, 0 JD, 0 TD, 0 KS");
    assert_eq!(pegged[3].to, None);
    // Seat 1 plays its last card; seat 0 has said go: the count ends with
    // the card, which pegs the go, and no further go is said.
    assert_eq!(pegged[5], Pegged { count: 30, to: Some(seat(1)), reasons: vec![PegReason::Go] });
    assert_eq!(
        pegged[8],
        Pegged { count: 30, to: Some(seat(0)), reasons: vec![PegReason::LastCard] }
    );
    assert!(pegging.is_over());
}

#[test]
fn three_players_where_two_say_go() {
    // Seat 0 deals; seat 1 leads.
    let (pegging, pegged) = peg(3, 0, "1 TH, 2 KC, 0 8S, 1 go, 2 go, 0 2C, 0 go");
    assert_eq!(pegged[5], Pegged { count: 30, to: None, reasons: vec![] });
    assert_eq!(pegged[6], Pegged { count: 0, to: Some(seat(0)), reasons: vec![PegReason::Go] });
    // The seat after the last player leads the next count.
    assert_eq!(pegging.turn(), Some(seat(1)));
    assert!(!pegging.has_said_go(seat(1)));
}

#[test]
fn seats_out_of_cards_are_passed_over() {
    // Seat 2 plays all four of its cards in the first two counts; then seat
    // 0 and seat 1 alone.
    let config = GameConfig::new(3, 121).unwrap();
    let mut pegging = Pegging::new(config, seat(2)).unwrap();
    // Seat 0 leads.
    assert_eq!(pegging.turn(), Some(seat(0)));
    for (who, text) in [(0, "AC"), (1, "AD"), (2, "AH"), (0, "2C"), (1, "2D"), (2, "2H")] {
        pegging.play(seat(who), card(text)).unwrap();
    }
    assert_eq!(pegging.count(), 9);
    assert_eq!(pegging.held(seat(2)), 2);
}

#[test]
fn the_protocol_refuses_what_it_refuses() {
    let (mut pegging, _) = peg(2, 0, "1 4C, 0 TH, 1 5H, 0 2C");
    let before = pegging;
    // A go at 21 or less from a seat with cards.
    assert_eq!(pegging.go(seat(1)), Err(PeggingError::GoWithCards { seat: seat(1), count: 21 }));
    // A card already seen in the play.
    assert_eq!(pegging.play(seat(1), card("TH")), Err(PeggingError::AlreadyPlayed(card("TH"))));
    pegging.play(seat(1), card("5S")).unwrap();
    // Past 31.
    assert_eq!(
        pegging.play(seat(0), card("9D")),
        Err(PeggingError::PastThirtyOne { card: card("9D"), count: 26 })
    );
    pegging.go(seat(0)).unwrap();
    // A play or go from a seat that said go in this count.
    assert_eq!(pegging.play(seat(0), card("5D")), Err(PeggingError::SaidGo(seat(0))));
    assert_eq!(pegging.go(seat(0)), Err(PeggingError::SaidGo(seat(0))));
    assert_ne!(pegging, before);
    // A fifth card from one seat.
    let (mut pegging, _) = peg(2, 0, "1 AC, 0 AD, 1 2C, 0 2D, 1 3C, 0 3D, 1 4C, 0 4D");
    assert!(pegging.is_over());
    assert_eq!(pegging.play(seat(1), card("5C")), Err(PeggingError::Over));
    let (mut pegging, _) = peg(2, 0, "1 AC, 0 KD, 1 2C, 0 QD, 1 3C, 0 AD, 1 4C");
    assert_eq!(pegging.play(seat(1), card("5C")), Err(PeggingError::NoCardsLeft(seat(1))));
    // A go for a seat with no cards is accepted and changes nothing.
    let before = pegging;
    let went = pegging.go(seat(1)).unwrap();
    assert_eq!((went.point_to, went.count_ended), (None, false));
    assert_eq!(pegging, before);
    assert!(matches!(
        pegging.play(seat(3), card("5C")),
        Err(PeggingError::NoSuchSeat { players: 2, .. })
    ));
}

/// The protocol's worked round, every number exact: board 14 26.
#[test]
fn the_protocol_round() {
    let mut game = Game::new(GameConfig::default(), seat(0), 0).unwrap();
    let hands = [cards("TH 2C 9D 8S 3D 7S"), cards("5H 5S JD 4C 6C KD")];
    let mut events = game.deal_stacked(seat(0), &hands, CardSet::EMPTY, card("5C")).unwrap();
    events.extend(game.play(seat(1), Action::Discard(cards("JD KD"))).unwrap());
    events.extend(game.play(seat(0), Action::Discard(cards("3D 7S"))).unwrap());
    assert_eq!(game.phase(), Phase::Pegging);
    for (who, action) in [
        (1, Action::Play(card("4C"))),
        (0, Action::Play(card("TH"))),
        (1, Action::Play(card("5H"))),
        (0, Action::Play(card("2C"))),
        (1, Action::Play(card("5S"))),
        (0, Action::Go),
        (1, Action::Go),
        (0, Action::Play(card("9D"))),
        (1, Action::Play(card("6C"))),
        (0, Action::Play(card("8S"))),
    ] {
        events.extend(game.play(seat(who), action).unwrap());
    }
    assert_eq!(game.board().scores(), [14, 26]);
    let shows: Vec<(Seat, u8)> = events
        .iter()
        .filter(|e| matches!(e, Event::Shown { .. } | Event::CribShown { .. }))
        .filter_map(Event::points)
        .collect();
    assert_eq!(shows, [(seat(1), 23), (seat(0), 7), (seat(0), 6)]);
    let pegged: Vec<(Seat, u8)> = events
        .iter()
        .filter(|e| matches!(e, Event::Played { .. } | Event::Go { .. }))
        .filter_map(Event::points)
        .collect();
    assert_eq!(pegged, [(seat(1), 1), (seat(1), 2), (seat(0), 1)]);
    assert!(events.contains(&Event::Go { seat: seat(1), point_to: Some(seat(1)) }));
    assert!(events.contains(&Event::CountRestarted { leader: seat(0) }));
    // The round is over; seat 1 deals next.
    assert_eq!(game.phase(), Phase::Deal);
    assert_eq!(game.dealer(), seat(1));
    assert_eq!(game.tally().rounds, 1);
    assert_eq!((game.tally().dealer.total(), game.tally().pone.total()), (14, 26));
    let sides = game.tally().sides;
    assert_eq!((sides[0].total(), sides[1].total(), sides[2].total()), (14, 26, 0));
    assert_eq!((sides[0].crib, sides[1].pegging, sides[1].hand), (6, 3, 23));
}

/// The protocol round up to its last card, whose play brings the show.
fn protocol_round_before_the_last_card() -> Game {
    protocol_round_after(9)
}

/// The protocol round after its first `plays` moves of the pegging.
fn protocol_round_after(plays: usize) -> Game {
    let mut game = Game::new(GameConfig::default(), seat(0), 0).unwrap();
    let hands = [cards("TH 2C 9D 8S 3D 7S"), cards("5H 5S JD 4C 6C KD")];
    game.deal_stacked(seat(0), &hands, CardSet::EMPTY, card("5C")).unwrap();
    game.play(seat(1), Action::Discard(cards("JD KD"))).unwrap();
    game.play(seat(0), Action::Discard(cards("3D 7S"))).unwrap();
    for (who, action) in [
        (1, Action::Play(card("4C"))),
        (0, Action::Play(card("TH"))),
        (1, Action::Play(card("5H"))),
        (0, Action::Play(card("2C"))),
        (1, Action::Play(card("5S"))),
        (0, Action::Go),
        (1, Action::Go),
        (0, Action::Play(card("9D"))),
        (1, Action::Play(card("6C"))),
    ]
    .into_iter()
    .take(plays)
    {
        game.play(seat(who), action).unwrap();
    }
    game
}

#[test]
fn muggins_takes_what_a_count_misses_and_corrects_an_over_count() {
    // The shows are worth 23 (pone), 7 (dealer) and 6 (crib); pegging left
    // the board at 0 to 3 before the last card, which pegs 1 for last. The
    // pone says 20, the dealer 9, the crib 6.
    let mut game = protocol_round_before_the_last_card();
    assert_eq!(game.board().scores(), [0, 3]);
    let claims = Claims::NONE.with_hand(seat(1), 20).with_hand(seat(0), 9).with_crib(6);
    let events = game.play_claiming(seat(0), Action::Play(card("8S")), claims).unwrap();
    let shows: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Claimed { .. } | Event::Muggins { .. }))
        .collect();
    let [
        Event::Claimed { seat: pone, crib: false, claimed: 20, breakdown: pone_hand },
        Event::Muggins { seat: caller, from, points: 3 },
        Event::Claimed { seat: dealer, crib: false, claimed: 9, breakdown: dealer_hand },
        Event::Claimed { crib: true, claimed: 6, .. },
    ] = shows[..]
    else {
        panic!("unexpected shows: {shows:#?}");
    };
    assert_eq!((*pone, *caller, *from, *dealer), (seat(1), seat(0), seat(1), seat(0)));
    assert_eq!((pone_hand.total(), dealer_hand.total()), (23, 7));
    let pegged: Vec<(Seat, u8)> = shows.iter().filter_map(|e| e.points()).collect();
    assert_eq!(pegged, [(seat(1), 20), (seat(0), 3), (seat(0), 7), (seat(0), 6)]);
    assert_eq!(game.board().scores(), [1 + 3 + 7 + 6, 3 + 20]);
    assert_eq!(game.view(seat(0)).shown[1], Some(cards("4C 5H 5S 6C")));
    assert_eq!(game.phase(), Phase::Deal);

    // Without claims the same card counts every show in full.
    let mut game = protocol_round_before_the_last_card();
    game.play(seat(0), Action::Play(card("8S"))).unwrap();
    assert_eq!(game.board().scores(), [14, 26]);
}

#[test]
fn muggins_points_can_win_the_game() {
    // A game to 61 played by first legal actions, where the pone always
    // claims nothing: the dealer's muggins points come with the show, and
    // the game ends the moment they reach the target.
    let config = GameConfig::new(2, 61).unwrap();
    let mut won_by_muggins = 0;
    for seed in 0..40 {
        let mut game = Game::new(config, seat(0), seed).unwrap();
        while game.phase() != Phase::Over {
            let who = game.to_act()[0];
            let action = game.legal_actions(who)[0];
            let claims = Claims::NONE.with_hand(game.pone(), 0);
            let events = game.play_claiming(who, action, claims).unwrap();
            let total: u16 =
                events.iter().filter_map(Event::points).map(|(_, p)| u16::from(p)).sum();
            assert!(total <= 2 * 29 + 31, "a round pegs at most that");
            if let [.., Event::Muggins { seat: caller, .. }, Event::GameWon(result)] = &events[..] {
                assert_eq!(result.winner, config.side_of(*caller));
                won_by_muggins += 1;
            }
        }
    }
    assert!(won_by_muggins > 0);
}

/// The protocol round up to seat 1's 6C, which makes fifteen for 2: the
/// board is 0 to 1 (seat 1's go) before it.
fn protocol_round_before_the_fifteen() -> Game {
    protocol_round_after(8)
}

/// What seat 1's fifteen gives with a pegging claim of `claimed`: the
/// events of the play and the board after it.
fn claim_the_fifteen(claimed: u8) -> (Vec<Event>, Vec<u16>) {
    let mut game = protocol_round_before_the_fifteen();
    assert_eq!(game.board().scores(), [0, 1]);
    let claims = Claims::NONE.with_pegging(claimed);
    let events = game.play_claiming(seat(1), Action::Play(card("6C")), claims).unwrap();
    (events, game.board().scores().to_vec())
}

#[test]
fn an_exact_pegging_claim_pegs_it_all() {
    let (events, board) = claim_the_fifteen(2);
    let [Event::Played { seat: by, points, claimed: Some(2), count: 15, .. }] = &events[..] else {
        panic!("unexpected events: {events:#?}");
    };
    assert_eq!((*by, points.total()), (seat(1), 2));
    assert_eq!(events[0].points(), Some((seat(1), 2)));
    assert_eq!(board, [0, 3]);
}

#[test]
fn an_over_claim_in_the_pegging_is_corrected_without_penalty() {
    let (events, board) = claim_the_fifteen(5);
    assert_eq!(events.len(), 1, "no muggins: {events:#?}");
    assert_eq!(events[0].points(), Some((seat(1), 2)));
    assert_eq!(board, [0, 3]);
}

#[test]
fn an_under_claim_in_the_pegging_gives_the_rest_to_muggins() {
    let (events, board) = claim_the_fifteen(1);
    assert!(matches!(events[0], Event::Played { claimed: Some(1), .. }));
    assert_eq!(events[1], Event::Muggins { seat: seat(0), from: seat(1), points: 1 });
    let pegged: Vec<(Seat, u8)> = events.iter().filter_map(Event::points).collect();
    assert_eq!(pegged, [(seat(1), 1), (seat(0), 1)]);
    assert_eq!(board, [1, 2]);
}

#[test]
fn a_pegging_claim_of_nothing_gives_it_all_to_muggins() {
    let (events, board) = claim_the_fifteen(0);
    assert!(matches!(events[0], Event::Played { claimed: Some(0), .. }));
    assert_eq!(events[0].points(), None, "the player pegs nothing");
    assert_eq!(events[1], Event::Muggins { seat: seat(0), from: seat(1), points: 2 });
    assert_eq!(board, [2, 1]);
}

#[test]
fn a_play_that_pegs_nothing_ignores_its_claim() {
    // Seat 1 leads 4C: nothing to count, so its claim is not recorded.
    let mut game = protocol_round_after(0);
    let events = game
        .play_claiming(seat(1), Action::Play(card("4C")), Claims::NONE.with_pegging(3))
        .unwrap();
    assert!(matches!(events[..], [Event::Played { claimed: None, count: 4, .. }]));
    assert_eq!(game.board().scores(), [0, 0]);
}

#[test]
fn the_point_for_last_card_is_counted_by_the_player() {
    // Seat 0's 8S pegs 1 for last; its claim of 0 gives that point away
    // before the shows.
    let mut game = protocol_round_before_the_last_card();
    let events = game
        .play_claiming(seat(0), Action::Play(card("8S")), Claims::NONE.with_pegging(0))
        .unwrap();
    assert!(matches!(events[0], Event::Played { claimed: Some(0), .. }));
    assert_eq!(events[1], Event::Muggins { seat: seat(1), from: seat(0), points: 1 });
    assert_eq!(game.board().scores(), [13, 27]);
    assert_eq!(game.tally().pone.pegging, 4);
}

#[test]
fn pegging_claims_and_muggins_can_win_the_game() {
    // Games to 61 by first legal actions where every scoring card is
    // claimed one short: the claimer wins through its claims in some games,
    // the caller through muggins in others.
    let config = GameConfig::new(2, 61).unwrap();
    let (mut by_claim, mut by_muggins) = (0, 0);
    for seed in 0..60 {
        let mut game = Game::new(config, seat(0), seed).unwrap();
        while game.phase() != Phase::Over {
            let who = game.to_act()[0];
            let action = game.legal_actions(who)[0];
            let mut trial = game.clone();
            let pegs = trial.play(who, action).unwrap().iter().find_map(|event| match event {
                Event::Played { points, .. } => Some(points.total()),
                _ => None,
            });
            let claims = Claims::NONE.with_pegging(pegs.unwrap_or(0).saturating_sub(1));
            let events = game.play_claiming(who, action, claims).unwrap();
            match &events[..] {
                [.., Event::Played { seat, claimed: Some(_), .. }, Event::GameWon(result)] => {
                    assert_eq!(result.winner, config.side_of(*seat));
                    by_claim += 1;
                }
                [.., Event::Muggins { seat, .. }, Event::GameWon(result)] => {
                    assert_eq!(result.winner, config.side_of(*seat));
                    by_muggins += 1;
                }
                _ => {}
            }
        }
    }
    assert!(by_claim > 0 && by_muggins > 0, "{by_claim} by claims, {by_muggins} by muggins");
}

#[test]
fn his_heels_can_win_the_game() {
    // Every round stacked with a jack for the starter: the dealer pegs 2 at
    // every cut, and in some game the 2 take the dealer to the target before
    // a card is played.
    let config = GameConfig::new(2, 61).unwrap();
    let mut heels_wins = 0;
    for seed in 0..300 {
        let mut game = Game::new(config, seat(0), seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while game.phase() != Phase::Over {
            let dealer = game.dealer();
            let mut deck = Deck::shuffled(rng.random_range(0..u64::MAX));
            let mut hands = [CardSet::EMPTY; 2];
            while hands[1].len() < 6 {
                let card = deck.deal().unwrap();
                // No jack in the hands: one is left for the starter.
                if card.rank() != Rank::Jack {
                    let hand = usize::from(hands[0].len() == 6);
                    hands[hand].insert(card);
                }
            }
            let starter = (!(hands[0] | hands[1]) & CardSet::of_rank(Rank::Jack)).first().unwrap();
            let events = game.deal_stacked(dealer, &hands, CardSet::EMPTY, starter).unwrap();
            assert!(matches!(events[0], Event::Dealt { .. }));
            while matches!(game.phase(), Phase::Discard | Phase::Pegging) {
                let who = game.to_act()[0];
                let actions = game.legal_actions(who);
                let action = actions[rng.random_range(0..actions.len())];
                let events = game.play(who, action).unwrap();
                if let [.., Event::HisHeels { dealer: heels }, Event::GameWon(result)] = &events[..]
                {
                    assert_eq!(*heels, dealer);
                    assert_eq!(result.winner, config.side_of(dealer));
                    assert_eq!(game.pegging().played(), CardSet::EMPTY);
                    heels_wins += 1;
                }
            }
        }
    }
    assert!(heels_wins > 0);
}

#[test]
fn illegal_actions_say_why() {
    let mut game = Game::new(GameConfig::default(), seat(1), 5).unwrap();
    let error =
        |game: &mut Game, who, action| game.play(seat(who), action).unwrap_err().to_string();
    assert_eq!(error(&mut game, 0, Action::Deal), "seat 0 is not the dealer: seat 1 deals");
    assert_eq!(error(&mut game, 1, Action::Go), "cannot go in the deal phase");
    assert_eq!(error(&mut game, 2, Action::Deal), "there is no seat 2 at a table of 2");
    game.play(seat(1), Action::Deal).unwrap();
    let hand = game.hand(seat(0));
    let not_held = (!hand).first().unwrap();
    assert_eq!(
        error(&mut game, 0, Action::Discard(CardSet::single(not_held))),
        format!("seat 0 does not hold {not_held}")
    );
    let one = CardSet::single(hand.first().unwrap());
    assert_eq!(error(&mut game, 0, Action::Discard(one)), "seat 0 must discard 2 cards, not 1");
    let stacked = game.clone().deal_stacked(seat(1), &[], CardSet::EMPTY, not_held);
    assert!(matches!(stacked, Err(IllegalAction::WrongPhase { .. })));
}

#[test]
fn the_cut_for_deal_is_lowest_card() {
    for seed in 0..200 {
        for players in 2..=4 {
            let config = GameConfig::new(players, 121).unwrap();
            let (dealer, cuts) = cut_for_deal(config, seed);
            assert!(cuts.len() >= usize::from(players));
            let distinct = CardSet::from_distinct(cuts.iter().map(|&(_, c)| c));
            assert!(distinct.is_ok());
            // The dealer cut the lowest rank in the first round, and alone
            // if no one cut again.
            let first = &cuts[..usize::from(players)];
            let lowest = first.iter().map(|(_, c)| c.rank()).min().unwrap();
            let dealer_first = first.iter().find(|(s, _)| *s == dealer).unwrap().1;
            assert_eq!(dealer_first.rank(), lowest);
            if cuts.len() == usize::from(players) {
                assert_eq!(first.iter().filter(|(_, c)| c.rank() == lowest).count(), 1);
            }
        }
    }
}

#[test]
fn a_match_is_reproducible_and_the_loser_deals_next() {
    let run = |seed| random_match(GameConfig::default(), MatchLength::FirstTo(3), seed);
    let (play, events) = run(9);
    assert_eq!(run(9).1, events);
    assert_eq!(play.games_won().iter().max(), Some(&3));
    // After each game won, the next game's first dealer is the loser.
    let mut last_winner = None;
    for event in &events {
        match event {
            Event::GameWon(result) => last_winner = Some(result.winner),
            Event::NewGame { game, dealer } if *game > 0 => {
                let config = GameConfig::default();
                assert_ne!(Some(config.side_of(*dealer)), last_winner);
            }
            _ => {}
        }
    }
    assert!(matches!(events.last(), Some(Event::MatchWon { .. })));
}

/// Every card an event names.
fn event_cards(event: &Event) -> CardSet {
    match event {
        Event::CutForDeal { cuts, .. } => cuts.iter().map(|&(_, c)| c).collect(),
        Event::Dealt { hands, crib, .. } => {
            hands.iter().flatten().fold(crib.unwrap_or_default(), |all, &h| all | h)
        }
        Event::Discarded { cards, .. } => cards.unwrap_or_default(),
        Event::Cut { starter, .. } => CardSet::single(*starter),
        Event::Played { card, .. } => CardSet::single(*card),
        Event::Shown { breakdown, .. }
        | Event::CribShown { breakdown, .. }
        | Event::Claimed { breakdown, .. } => breakdown.show.cards(),
        _ => CardSet::EMPTY,
    }
}

/// Plays one random legal game, checking every invariant after every action.
fn check_random_game(players: u8, target: u8, seed: u64) -> Result<(), TestCaseError> {
    let config = GameConfig::new(players, target).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let dealer = seat(rng.random_range(0..players));
    let mut game = Game::new(config, dealer, seed).unwrap();
    let mut board: Vec<u16> = vec![0; usize::from(config.sides())];
    let mut dealt_this_round = CardSet::EMPTY;
    let mut steps = 0;
    while game.phase() != Phase::Over {
        steps += 1;
        prop_assert!(steps < 2000, "the game does not end");
        let to_act = game.to_act();
        prop_assert!(!to_act.is_empty());
        let who = to_act[rng.random_range(0..to_act.len())];
        let actions = game.legal_actions(who);
        prop_assert!(!actions.is_empty());
        for action in &actions {
            prop_assert!(game.is_legal(who, *action));
        }
        // Illegal actions are refused and change nothing.
        let before = game.clone();
        let stranger = Card::from_index(rng.random_range(0..52)).unwrap();
        let attempts = [
            (who, Action::Play(stranger)),
            (who, Action::Discard(CardSet::single(stranger))),
            (who, Action::Go),
            (who, Action::Deal),
            (who.next(players), actions[0]),
            (Seat::ALL[3], Action::Deal),
        ];
        for (by, attempt) in attempts {
            if !game.legal_actions(by).contains(&attempt) {
                prop_assert!(game.play(by, attempt).is_err(), "{by} {attempt} was accepted");
                prop_assert_eq!(&game, &before);
            }
        }
        let action = actions[rng.random_range(0..actions.len())];
        let mut unchecked = game.clone();
        let events = game.play(who, action).unwrap();
        unchecked.play_unchecked(who, action);
        prop_assert_eq!(&unchecked, &game, "play_unchecked differs from play");
        // The game ends the instant a side reaches the target.
        if let Some(won) = events.iter().position(|e| matches!(e, Event::GameWon(_))) {
            prop_assert_eq!(won, events.len() - 1);
            prop_assert_eq!(game.phase(), Phase::Over);
        }
        for event in &events {
            if let Event::Dealt { hands, crib, .. } = event {
                // Every card dealt once.
                let mut all = crib.unwrap();
                for hand in hands {
                    let hand = hand.unwrap();
                    prop_assert_eq!(hand.len(), config.dealt());
                    prop_assert!(all.is_disjoint(hand));
                    all |= hand;
                }
                dealt_this_round = all;
            }
            if let Event::Cut { starter, .. } = event {
                prop_assert!(!dealt_this_round.contains(*starter));
            }
            if let Some((scorer, points)) = event.points() {
                board[config.side_of(scorer).index()] += u16::from(points);
            }
        }
        // Scores only grow, and agree with the events.
        for (side, (&now, &then)) in
            game.board().scores().iter().zip(before.board().scores()).enumerate()
        {
            prop_assert!(now >= then);
            prop_assert_eq!(now, board[side]);
        }
        // The count never passes 31; cards are played at most once, and only
        // cards dealt this round.
        let pegging = game.pegging();
        prop_assert!(pegging.count() <= 31);
        let mut played = CardSet::EMPTY;
        for s in config.seats() {
            let by = pegging.played_by(s);
            prop_assert!(played.is_disjoint(by));
            prop_assert!(by.is_subset(game.kept(s)));
            prop_assert!(game.hand(s).is_disjoint(by));
            played |= by;
        }
        prop_assert_eq!(pegging.count(), pegging.current().iter().map(|c| c.value()).sum::<u8>());
        // Views never leak: no seat knows a card another seat holds, nor the
        // crib before it is shown, nor the starter before the cut; and a
        // seat's events show it nothing its view does not.
        for s in config.seats() {
            let view = game.view(s);
            let known = view.known_cards();
            prop_assert_eq!(view.hand, game.hand(s));
            for other in config.seats().filter(|&o| o != s) {
                prop_assert!(known.is_disjoint(game.hand(other)));
            }
            if view.crib.is_none() {
                prop_assert!(known.is_disjoint(game.crib() - view.discards));
            }
            if game.starter().is_none() && game.phase() != Phase::Over {
                prop_assert!(view.starter.is_none());
            }
            for event in &events {
                let seen = event_cards(&event.for_seat(s));
                prop_assert!(seen.is_subset(known), "{s} sees {seen} in {event:?}");
            }
        }
        // A spectator sees only what every seat sees: what is face up.
        let public = game.view(Seat::ALL[0]).public();
        let everyone =
            config.seats().fold(CardSet::DECK, |all, s| all & game.view(s).known_cards());
        prop_assert_eq!(public.known_cards(), everyone);
        for event in &events {
            let seen = event_cards(&event.public());
            prop_assert!(seen.is_subset(everyone), "a spectator sees {seen} in {event:?}");
        }
    }
    // Exactly one winner, at or past the target; every other side short.
    let result = game.result().unwrap();
    let target = u16::from(target);
    for (side, &score) in result.scores.iter().enumerate() {
        if side == result.winner.index() {
            prop_assert!(score >= target);
        } else {
            prop_assert!(score < target);
            let skunk = result.skunks[side];
            let (single, double) = config.skunk_lines();
            prop_assert_eq!(skunk >= Skunk::Single, score < u16::from(single));
            prop_assert_eq!(skunk == Skunk::Double, double.is_some_and(|d| score < u16::from(d)));
        }
    }
    prop_assert!(game.legal_actions(Seat::ALL[0]).is_empty());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_two_player_games_keep_the_rules(seed in any::<u64>(), short in any::<bool>()) {
        check_random_game(2, if short { 61 } else { 121 }, seed)?;
    }

    #[test]
    fn random_three_player_games_keep_the_rules(seed in any::<u64>(), short in any::<bool>()) {
        check_random_game(3, if short { 61 } else { 121 }, seed)?;
    }

    #[test]
    fn random_four_player_games_keep_the_rules(seed in any::<u64>(), short in any::<bool>()) {
        check_random_game(4, if short { 61 } else { 121 }, seed)?;
    }
}

/// Plays one random round twice, the same actions both times: once counted
/// by the game, once with `claimer` claiming a random count for each card it
/// plays. The claimed round must end with exactly the points missed moved
/// from the claimer's side to the side of the seat after it.
fn check_pegging_claims(players: u8, seed: u64) -> Result<(), TestCaseError> {
    let config = GameConfig::new(players, 121).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let claimer = seat(rng.random_range(0..players));
    let mut counted = Game::new(config, seat(0), seed).unwrap();
    let mut claimed = counted.clone();
    let mut missed = 0_u16;
    let mut said_short = 0_u16;
    while counted.round() == 0 || counted.phase() != Phase::Deal {
        let to_act = counted.to_act();
        let who = to_act[rng.random_range(0..to_act.len())];
        let actions = counted.legal_actions(who);
        let action = actions[rng.random_range(0..actions.len())];
        let claims = if who == claimer {
            Claims::NONE.with_pegging(rng.random_range(0..6))
        } else {
            Claims::NONE
        };
        let plain = counted.play(who, action).unwrap();
        let events = claimed.play_claiming(who, action, claims).unwrap();
        for event in &events {
            match event {
                Event::Muggins { seat: caller, from, points } => {
                    prop_assert_eq!((*caller, *from), (claimer.next(players), claimer));
                    missed += u16::from(*points);
                }
                Event::Played { points, claimed: Some(said), .. } => {
                    said_short += u16::from(points.total().saturating_sub(*said));
                }
                _ => {}
            }
        }
        prop_assert_eq!(plain.len() + usize::from(events.len() > plain.len()), events.len());
    }
    prop_assert_eq!(missed, said_short);
    let (from, to) = (config.side_of(claimer), config.side_of(claimer.next(players)));
    for side in 0..usize::from(config.sides()) {
        let plain = counted.board().scores()[side];
        let mut expected = plain;
        if side == from.index() {
            expected -= missed;
        }
        if side == to.index() {
            expected += missed;
        }
        prop_assert_eq!(claimed.board().scores()[side], expected, "side {}", side);
        let pegging = claimed.tally().sides[side].pegging;
        prop_assert_eq!(
            i64::from(pegging) - i64::from(counted.tally().sides[side].pegging),
            i64::from(expected) - i64::from(plain)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn pegging_claims_move_exactly_the_missed_points(
        seed in any::<u64>(),
        players in 2_u8..=4,
    ) {
        check_pegging_claims(players, seed)?;
    }
}

#[test]
fn events_and_views_serialize() {
    let mut game = Game::new(GameConfig::new(3, 121).unwrap(), seat(2), 8).unwrap();
    let mut events = Vec::new();
    while game.phase() != Phase::Over {
        let who = game.to_act()[0];
        let action = game.legal_actions(who)[0];
        events.extend(game.play(who, action).unwrap().iter().map(|e| e.for_seat(seat(0))));
    }
    let json = serde_json::to_string(&events).unwrap();
    assert!(json.starts_with(r#"[{"event":"dealt","dealer":2,"hands":[["#));
    assert!(json.contains(r#"{"event":"game_won","winner":"#));
    let view = serde_json::to_value(game.view(seat(1))).unwrap();
    assert_eq!(view["phase"], "over");
    assert_eq!(view["board"].as_array().unwrap().len(), 3);
}

/// Plays a match of `length` with random legal actions from `seed`.
fn random_match(config: GameConfig, length: MatchLength, seed: u64) -> (Match, Vec<Event>) {
    let (mut play, mut events) = Match::new(config, length, seed).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    while play.winner().is_none() {
        let game = play.game();
        let who = game.to_act()[0];
        let actions = game.legal_actions(who);
        let action = actions[rng.random_range(0..actions.len())];
        events.extend(play.play(who, action).unwrap());
    }
    (play, events)
}

#[test]
fn a_club_match_plays_every_game_and_goes_to_points_then_wins_then_spread() {
    for (players, target, seed) in [(2, 121, 1), (2, 61, 2), (4, 121, 3), (2, 61, 4), (4, 61, 5)] {
        let config = GameConfig::new(players, target).unwrap();
        let (play, events) = random_match(config, MatchLength::CLUB, seed);
        // The standings worked out again from the games' results alone.
        let (mut wins, mut points, mut spread) = ([0u32; 2], [0u32; 2], [0i64; 2]);
        let mut results = 0;
        for event in &events {
            if let Event::GameWon(result) = event {
                results += 1;
                let (won, lost) = (result.winner.index(), 1 - result.winner.index());
                // The winner's points past the target do not count.
                let margin = i64::from(target) - i64::from(result.scores[lost]);
                let under = u16::from(config.skunk_lines().0);
                wins[won] += 1;
                points[won] += if result.scores[lost] < under { 3 } else { 2 };
                spread[won] += margin;
                spread[lost] -= margin;
            }
        }
        assert_eq!(results, 9, "{players} players to {target}, seed {seed}");
        assert_eq!(play.games_won(), wins);
        assert_eq!(play.tally().club_points(), points);
        assert_eq!(play.tally().spread(), spread);
        let best = |side: usize| (points[side], wins[side], spread[side]);
        let winner = if best(0) > best(1) { 0 } else { 1 };
        assert_eq!(play.winner().map(Side::index), Some(winner));
        assert!(matches!(events.last(), Some(Event::MatchWon { .. })));
    }
}

#[test]
fn a_best_of_three_ends_at_two_wins() {
    for seed in 0..6 {
        let (play, _) = random_match(GameConfig::default(), MatchLength::BEST_OF_THREE, seed);
        let won = play.games_won();
        assert_eq!(won.iter().max(), Some(&2));
        assert!(won.iter().sum::<u32>() <= 3);
    }
}

#[test]
fn games_all_played_need_two_sides_and_an_odd_count() {
    let three = GameConfig::new(3, 121).unwrap();
    for (config, length) in [
        (three, MatchLength::CLUB),
        (GameConfig::default(), MatchLength::AllOf(8)),
        (GameConfig::default(), MatchLength::AllOf(0)),
        (GameConfig::default(), MatchLength::AllOf(101)),
    ] {
        let error = Match::new(config, length, 1).unwrap_err();
        assert_eq!(error, ConfigError::Length(LengthError { length, sides: config.sides() }));
        assert!(error.to_string().contains("two sides"), "{error}");
    }
    assert!(Match::new(GameConfig::new(4, 61).unwrap(), MatchLength::AllOf(3), 1).is_ok());
}

#[test]
fn a_match_length_is_read_as_written() {
    for (text, length) in [
        ("single", MatchLength::SINGLE),
        ("best-of-3", MatchLength::FirstTo(2)),
        ("best-of-17", MatchLength::FirstTo(9)),
        ("club-9", MatchLength::AllOf(9)),
        ("club-1", MatchLength::AllOf(1)),
    ] {
        assert_eq!(text.parse::<MatchLength>(), Ok(length));
        assert_eq!(length.to_string(), text);
    }
    for text in
        ["", "best-of-2", "best-of-0", "club-8", "club-101", "best of 3", "CLUB-9", "club-x"]
    {
        let error = text.parse::<MatchLength>().unwrap_err();
        assert!(error.to_string().contains(&format!("{text:?}")), "{error}");
    }
}

proptest! {
    #[test]
    fn every_length_that_fits_two_sides_reads_back(wins in 1u32..=99, games in 0u32..50) {
        let games = 2 * games + 1;
        for length in [MatchLength::FirstTo(wins), MatchLength::AllOf(games)] {
            prop_assert_eq!(length.check(2), Ok(length));
            prop_assert_eq!(length.to_string().parse::<MatchLength>(), Ok(length));
        }
    }
}

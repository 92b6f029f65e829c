//! The app driven by messages: whole seeded games to their end, the match,
//! muggins, and the help, hint, restart and quit windows.

use crib_ai::{ExpertPlayer, Strategy};
use crib_core::{Event, GameConfig, Phase, Seat, Side, Skunk};
use crib_table::narrate::card_text;
use crib_tui::{HUMAN, Hint, Message, Overlay, Question, STEP, Stage, THINK};

/// The computer's seat at a table of two.
const COMPUTER: crib_core::Seat = crib_core::Seat::ALL[1];

use crate::common::{app, choose, play_until, screen, send, type_count, whole_window};

fn side(seat: Seat) -> Side {
    GameConfig::default().side_of(seat)
}

/// The points each side pegged in `events`, person first.
fn pegged(events: &[Event]) -> [u16; 2] {
    let mut totals = [0u16; 2];
    for (seat, points) in events.iter().filter_map(Event::points) {
        totals[side(seat).index()] += u16::from(points);
    }
    totals
}

fn never_claims(_: &crib_tui::App) -> u8 {
    panic!("no claims without muggins")
}

#[test]
fn a_whole_seeded_game_by_messages_to_its_end() {
    let mut game = app(5, false, 2);
    play_until(&mut game, &[Stage::GameOver], &mut never_claims);
    let record = game.record();
    let results: Vec<_> = record
        .iter()
        .filter_map(|event| match event {
            Event::GameWon(result) => Some(result.clone()),
            _ => None,
        })
        .collect();
    let [result] = &results[..] else { panic!("one game won: {results:?}") };
    // Every point in the events is on the board, and the board is the
    // game's result.
    let won_at = record.iter().position(|event| matches!(event, Event::GameWon(_))).unwrap();
    assert_eq!(pegged(&record[..won_at]), [result.scores[0], result.scores[1]]);
    assert_eq!(game.board().scores(), result.scores);
    let winner = result.winner.index();
    assert!(result.scores[winner] >= 121 && result.scores[1 - winner] < 121);
    // The match has set up the next game, dealt by the loser.
    assert!(matches!(record[won_at + 1], Event::NewGame { game: 1, .. }));
    let loser_seat = if winner == side(HUMAN).index() { COMPUTER } else { HUMAN };
    assert_eq!(game.next_dealer(), Some(loser_seat));
    // Every card played and every go is in the log, said aloud.
    let plays = record.iter().filter(|event| matches!(event, Event::Played { .. })).count();
    let said = game.log().iter().filter(|m| m.text.contains(" play")).count();
    assert_eq!(plays, said);
    assert!(game.log().iter().any(|m| m.text.contains("\"fifteen two\"")));
    assert!(game.log().iter().any(|m| m.text.contains("one for last")));
    assert!(game.log().iter().any(|m| m.text.contains(": \"go\".")));
    // On screen: the winner's front peg in the game hole, and the result.
    let drawn = screen(&game, 80, 24);
    let home_row = if winner == side(HUMAN).index() { 6 } else { 5 };
    assert_eq!(drawn[home_row].chars().nth(2), Some('●'), "{}", drawn[home_row]);
    let drawn = drawn.join("\n");
    assert!(drawn.contains("Game over"), "{drawn}");
    assert!(drawn.contains(if winner == 0 {
        "You win the game"
    } else {
        "The computer wins the game"
    }));

    // The same seed and the same messages play the same game.
    let mut again = app(5, false, 2);
    play_until(&mut again, &[Stage::GameOver], &mut never_claims);
    assert_eq!(again.record(), game.record());
    // Pinned, so that a change to the deal, the players or the app shows.
    assert_eq!((result.winner.index(), result.scores.clone()), (1, vec![79, 126]));
}

#[test]
fn a_match_to_two_games_with_the_loser_dealing_next() {
    let mut play = app(11, false, 2);
    play_until(&mut play, &[Stage::MatchOver], &mut never_claims);
    let record = play.record();
    let mut last_loser = None;
    let mut won = [0u32; 2];
    for event in record {
        match event {
            Event::GameWon(result) => {
                won[result.winner.index()] += 1;
                last_loser = Some(1 - result.winner.index());
                if result.skunk() != Skunk::None {
                    assert!(result.scores[1 - result.winner.index()] < 91);
                }
            }
            Event::NewGame { game, dealer } if *game > 0 => {
                assert_eq!(Some(side(*dealer).index()), last_loser, "the loser deals");
            }
            _ => {}
        }
    }
    assert_eq!(won.iter().max(), Some(&2));
    assert_eq!(play.games(), won);
    assert!(matches!(record.last(), Some(Event::MatchWon { .. })));
    let drawn = screen(&play, 80, 24).join("\n");
    assert!(drawn.contains("the match! Enter: a new match."), "{drawn}");
    // Enter starts a new match from the next seed.
    send(&mut play, Message::Confirm);
    assert_eq!(play.seed(), 12);
    assert_eq!(play.games(), [0, 0]);
    assert_eq!(play.stage(), Stage::Discard);
}

#[test]
fn muggins_gives_the_computer_what_the_person_misses() {
    // The person says nothing is in any hand or crib: every point of theirs
    // goes to the computer as muggins.
    let mut game = app(3, true, 1);
    play_until(&mut game, &[Stage::MatchOver], &mut |_| 0);
    let record = game.record();
    let mut claims = 0;
    for (i, event) in record.iter().enumerate() {
        if let Event::Claimed { seat, breakdown, claimed: 0, .. } = event {
            claims += 1;
            assert_eq!(*seat, HUMAN);
            let total = breakdown.total();
            if total > 0 {
                assert_eq!(
                    record[i + 1],
                    Event::Muggins { seat: COMPUTER, from: HUMAN, points: total }
                );
            }
        }
        assert!(!matches!(event, Event::Shown { seat: HUMAN, .. }), "the person counts their own");
    }
    assert!(claims > 0);
    let won_at = record.iter().position(|event| matches!(event, Event::GameWon(_))).unwrap();
    let Event::GameWon(result) = &record[won_at] else { unreachable!() };
    assert_eq!(pegged(&record[..won_at]), [result.scores[0], result.scores[1]]);
    assert!(game.log().iter().any(|m| m.text.contains("\"muggins!\"")));
}

/// A one-game match against the basic player in which the person counts
/// their shows and their pegging (muggins).
fn counting_the_pegging() -> crib_tui::App {
    let options = crib_tui::Options {
        seed: 3,
        muggins: true,
        muggins_pegging: true,
        length: 1.into(),
        ..Default::default()
    };
    let computer = crib_table::Sitter::program(crib_table::BuiltInContestant::new(Strategy::Basic));
    crib_tui::App::new(options, vec![computer], None)
}

#[test]
fn muggins_for_the_pegging_gives_the_computer_a_play_claimed_short() {
    // The person counts their pegging too and says every scoring card pegs
    // nothing (their shows they over-count, which is corrected): each point
    // their cards peg goes to the computer as muggins.
    let mut game = counting_the_pegging();
    let mut prompts = 0;
    play_until(&mut game, &[Stage::MatchOver], &mut |app| match app.pegging_claim() {
        Some((card, count)) => {
            prompts += 1;
            let shown = screen(app, 100, 32).join("\n");
            let asked = format!("You play {} for {count}: what does it peg?", card_text(card));
            assert!(shown.contains(&asked), "{asked} not in\n{shown}");
            0
        }
        None => 29,
    });
    let record = game.record();
    let mut claimed = 0;
    for (i, event) in record.iter().enumerate() {
        match event {
            Event::Played { seat: HUMAN, points, claimed: Some(0), .. } => {
                claimed += 1;
                let points = points.total();
                assert_eq!(record[i + 1], Event::Muggins { seat: COMPUTER, from: HUMAN, points });
            }
            Event::Played { seat: HUMAN, points, claimed, .. } => {
                assert!(points.is_empty() && claimed.is_none(), "{event:?}");
            }
            Event::Played { seat: COMPUTER, claimed, .. } => assert_eq!(*claimed, None),
            _ => {}
        }
    }
    assert!(claimed > 0);
    assert_eq!(claimed, prompts);
    let won_at = record.iter().position(|event| matches!(event, Event::GameWon(_))).unwrap();
    let Event::GameWon(result) = &record[won_at] else { unreachable!() };
    assert_eq!(pegged(&record[..won_at]), [result.scores[0], result.scores[1]]);
    assert!(game.log().iter().any(|m| m.text.contains("and say \"zero\". It is")));
}

/// Plays `game` (muggins for the pegging) until the person is asked what a
/// card of theirs pegs: shows counted on the way are claimed in full.
fn to_a_card_that_pegs(game: &mut crib_tui::App) {
    while game.pegging_claim().is_none() {
        play_until(game, &[Stage::Claim, Stage::MatchOver], &mut |_| 29);
        assert_eq!(game.stage(), Stage::Claim, "the match ended with no card that pegged");
        if game.pegging_claim().is_none() {
            type_count(game, 29);
            send(game, Message::Confirm);
        }
    }
}

#[test]
fn a_hint_while_counting_a_play_says_what_is_counted() {
    let mut game = counting_the_pegging();
    to_a_card_that_pegs(&mut game);
    send(&mut game, Message::Hint);
    let Some(Overlay::Hint(Hint::Nothing { reason }, _)) = game.overlay() else {
        panic!("no hint while a play is counted: {:?}", game.overlay())
    };
    assert!(reason.contains("what your card pegs"), "{reason}");
}

#[test]
fn restarting_while_a_card_waits_for_its_count_starts_a_clean_match() {
    // The question about the card played in the match given up is not
    // carried into the new one, where nothing is played yet.
    let mut game = counting_the_pegging();
    to_a_card_that_pegs(&mut game);
    send(&mut game, Message::Ask(Question::Restart));
    send(&mut game, Message::Yes);
    assert_eq!(game.seed(), 4);
    assert_eq!(game.pegging_claim(), None);
    assert_eq!(game.stage(), Stage::Discard);
    // And the new match goes on: the computer moves after the discard.
    choose(&mut game, &[0, 1]);
    send(&mut game, Message::Confirm);
    play_until(&mut game, &[Stage::Play], &mut |_| 29);
    let plays = game.record().iter().filter(|event| matches!(event, Event::Played { .. }));
    assert!(plays.count() <= 1, "at most the computer's lead so far");
}

#[test]
fn a_card_waiting_for_its_count_is_on_the_table_with_nothing_after_it() {
    // At three players, counting the pegging: while the person says what a
    // card pegs, the table is the play's, the card on the count, even for
    // their last card, after which the game has already reached the shows
    // and the next deal.
    use crib_table::{BuiltInContestant, Sitter};
    let options = crib_tui::Options {
        seed: 7,
        muggins: true,
        muggins_pegging: true,
        length: 1.into(),
        config: GameConfig::new(3, 121).unwrap(),
        auto_go: false,
        ..Default::default()
    };
    let others = (1..3).map(|_| Sitter::program(BuiltInContestant::new(Strategy::Basic))).collect();
    let mut game = crib_tui::App::new(options, others, None);
    let mut last_cards = 0;
    play_until(&mut game, &[Stage::MatchOver], &mut |app| {
        let Some((card, count)) = app.pegging_claim() else { return 29 };
        let table = app.table();
        let round = app.record().iter().rposition(|event| matches!(event, Event::Dealt { .. }));
        let round = &app.record()[round.expect("a round dealt")..];
        let Event::Dealt { dealer, .. } = round[0] else { unreachable!() };
        assert_eq!((table.phase, table.dealer, table.crib), (Phase::Pegging, dealer, None));
        let drawn = screen(app, 100, 32);
        let count_row = drawn.iter().find(|line| line.starts_with(" Count")).expect("the count");
        assert!(count_row.contains(&format!("Count {count} ")), "{count_row}");
        assert!(count_row.contains(&card_text(card)), "{card} not in {count_row}");
        assert!(drawn.iter().any(|line| line.contains("Crib    ▒▒▒▒ ▒▒▒▒ ▒▒▒▒ ▒▒▒▒")));
        let played =
            round.iter().filter(|event| matches!(event, Event::Played { seat: HUMAN, .. }));
        if played.count() == 3 {
            last_cards += 1;
        }
        0
    });
    assert!(last_cards > 0, "no last card of the person's pegged");
}

#[test]
fn muggins_corrects_an_over_count_and_takes_an_exact_one() {
    // Claiming 29 every time is corrected to the true count; claiming the
    // true count is right. Either way nothing goes to the computer.
    for honest in [false, true] {
        let mut game = app(8, true, 1);
        let mut asked = 0;
        play_until(&mut game, &[Stage::RoundOver], &mut |app| {
            asked += 1;
            let show = app.current_show().expect("a show is being counted");
            assert!(show.awaiting_claim);
            // Nothing of the count is on screen before the person counts.
            assert_eq!(show.revealed, 0);
            if honest { show.breakdown.total() } else { 29 }
        });
        assert!(asked >= 1);
        let record = game.record();
        assert!(!record.iter().any(|event| matches!(event, Event::Muggins { .. })));
        let claimed: Vec<(u8, u8)> = record
            .iter()
            .filter_map(|event| match event {
                Event::Claimed { breakdown, claimed, .. } => Some((*claimed, breakdown.total())),
                _ => None,
            })
            .collect();
        assert_eq!(claimed.len(), asked);
        assert_eq!(pegged(record), [game.board().scores()[0], game.board().scores()[1]]);
        let word = if honest { "Right." } else { "It is only" };
        assert!(game.log().iter().any(|m| m.text.contains(word)), "{:?}", game.log());
    }
}

#[test]
fn the_count_is_shown_step_by_step() {
    let mut game = app(5, false, 2);
    // Play to the show without letting time pass in it: messages without
    // `run_until_key`, and ticks only for the computer's moves.
    while game.current_show().is_none() {
        match game.stage() {
            Stage::Discard => {
                for message in [Message::Choose(0), Message::Choose(1), Message::Confirm] {
                    game.update(message);
                }
            }
            Stage::Play => game.update(Message::Confirm),
            Stage::Waiting => game.update(Message::Tick),
            stage => panic!("unexpected {stage:?} before the first show"),
        }
    }
    let show = game.current_show().expect("the show has begun").clone();
    assert_eq!(show.revealed, 0);
    assert_eq!(game.wants_tick(), Some(STEP));
    let before = game.board().scores().to_vec();
    for step in 1..=show.steps.len() {
        game.update(Message::Tick);
        assert_eq!(game.current_show().unwrap().revealed, step);
        // The pegs move only when the whole hand is counted.
        assert_eq!(game.board().scores(), before);
    }
    game.update(Message::Tick);
    let pegged_side = side(show.seat).index();
    assert_eq!(
        game.board().scores()[pegged_side],
        before[pegged_side] + u16::from(show.breakdown.total())
    );
}

#[test]
fn help_opens_and_closes_and_pauses_the_game() {
    let mut game = app(42, false, 2);
    send(&mut game, Message::Help);
    assert_eq!(game.overlay(), Some(&Overlay::Help));
    assert_eq!(game.wants_tick(), None, "nothing moves behind a window");
    let drawn = screen(&game, 80, 24).join("\n");
    assert!(drawn.contains("Keys") && drawn.contains("mark a card for the crib"), "{drawn}");
    // What closes help does nothing else: even a card chosen only closes
    // it.
    send(&mut game, Message::Choose(0));
    assert_eq!(game.overlay(), None);
    assert!(game.marked().is_empty());
    assert_eq!(game.stage(), Stage::Discard);
}

#[test]
fn hints_give_the_experts_keeps_and_cards() {
    let mut game = app(42, false, 2);
    send(&mut game, Message::Hint);
    let Some(Overlay::Hint(Hint::Discard(discard), text)) = game.overlay() else {
        panic!("a discard hint: {:?}", game.overlay())
    };
    let expert = ExpertPlayer::new(42);
    assert_eq!(discard.keeps, expert.keep_analysis(game.table()));
    assert_eq!(text.rows.len(), 15);
    let drawn = screen(&game, 100, 40).join("\n");
    assert!(drawn.contains("← expert"), "{drawn}");
    assert!(drawn.contains("pegging") && drawn.contains("crib"), "{drawn}");
    send(&mut game, Message::Close);
    assert_eq!(game.overlay(), None);

    choose(&mut game, &[0, 1]);
    send(&mut game, Message::Confirm);
    play_until(&mut game, &[Stage::Play], &mut never_claims);
    send(&mut game, Message::Hint);
    let Some(Overlay::Hint(Hint::Play(play), _)) = game.overlay().cloned() else {
        panic!("a play hint: {:?}", game.overlay())
    };
    assert_eq!(Some(play.choice), ExpertPlayer::new(42).play_analysis(game.table()).choice);
    assert_eq!(play.options[0].card, play.choice);
    let drawn = screen(&game, 100, 40).join("\n");
    assert!(drawn.contains("The expert would play"), "{drawn}");
    assert!(!drawn.contains("No card pegs now"), "{drawn}");
    // On a small screen the window says which of its lines show, and
    // every card's row is on one of its pages, with the expert's reasons.
    let (small, fits) = whole_window(&mut game, 80, 24);
    assert!(!fits);
    let small = small.join("\n");
    for (rank, option) in play.options.iter().enumerate() {
        let row = format!("{}. {:>3}", rank + 1, crib_table::narrate::card_text(option.card));
        assert!(small.contains(&row), "{row} in {small}");
    }
    assert!(small.contains("Pegs"), "{small}");
}

#[test]
fn go_is_said_for_the_person_unless_they_ask_otherwise() {
    use crib_table::{BuiltInContestant, Sitter};
    for auto_go in [true, false] {
        let options =
            crib_tui::Options { seed: 5, length: 1.into(), auto_go, ..Default::default() };
        let basic = Sitter::program(BuiltInContestant::new(Strategy::Basic));
        let mut game = crib_tui::App::new(options, vec![basic], None);
        let mut asked_to_go = 0;
        for _ in 0..2_000 {
            game.run_until_key();
            match game.stage() {
                Stage::Play if game.table().playable().is_empty() => {
                    asked_to_go += 1;
                    send(&mut game, Message::SayGo);
                }
                Stage::Discard => {
                    choose(&mut game, &[0, 1]);
                    send(&mut game, Message::Confirm);
                }
                Stage::GameOver | Stage::MatchOver | Stage::Failed => break,
                _ => send(&mut game, Message::Confirm),
            }
        }
        assert!(game.ending().is_some(), "the game was played to its end");
        let went = game.record().iter().any(|event| matches!(event, Event::Go { seat: HUMAN, .. }));
        assert!(went, "the person said go at least once ({auto_go})");
        if auto_go {
            assert_eq!(asked_to_go, 0, "never left to say go");
        } else {
            assert!(asked_to_go > 0, "left to say go");
        }
    }
}

#[test]
fn the_win_chance_key_shows_and_hides_the_figure() {
    let mut game = app(42, false, 2);
    assert_eq!(game.win_chance(), None);
    send(&mut game, Message::ToggleWinChance);
    let said = game.win_chance().expect("on");
    assert!(said.starts_with("You win ") && said.ends_with("% from here."), "{said}");
    assert!(screen(&game, 120, 30)[0].contains("% from here"));
    send(&mut game, Message::ToggleWinChance);
    assert_eq!(game.win_chance(), None);
}

#[test]
fn quitting_asks_first() {
    let mut game = app(42, false, 2);
    send(&mut game, Message::Ask(Question::Quit));
    assert_eq!(game.overlay(), Some(&Overlay::Question(Question::Quit)));
    assert!(screen(&game, 80, 24).join("\n").contains("Quit the game?"));
    // Another key leaves the question open; n closes it.
    send(&mut game, Message::Dismiss);
    assert_eq!(game.overlay(), Some(&Overlay::Question(Question::Quit)));
    send(&mut game, Message::No);
    assert_eq!(game.overlay(), None);
    assert!(!game.should_quit());
    // From the help window, q goes to the same question.
    send(&mut game, Message::Help);
    send(&mut game, Message::Ask(Question::Quit));
    send(&mut game, Message::Yes);
    assert!(game.should_quit());

    let mut game = app(42, false, 2);
    send(&mut game, Message::QuitNow);
    assert!(game.should_quit(), "ctrl-c quits at once");
}

#[test]
fn restarting_asks_first_and_starts_a_new_match() {
    let mut game = app(42, false, 2);
    choose(&mut game, &[0, 1]);
    send(&mut game, Message::Confirm);
    play_until(&mut game, &[Stage::Play], &mut never_claims);
    send(&mut game, Message::Ask(Question::Restart));
    assert!(screen(&game, 80, 24).join("\n").contains("The new match's seed is 43."));
    send(&mut game, Message::No);
    assert_eq!(game.seed(), 42);
    send(&mut game, Message::Ask(Question::Restart));
    send(&mut game, Message::Yes);
    assert_eq!(game.seed(), 43);
    assert_eq!(game.stage(), Stage::Discard);
    assert_eq!(game.board().scores(), [0, 0]);
    assert_eq!(game.log()[0].text, "A new match, seed 43.");
    assert!(matches!(game.record()[0], Event::CutForDeal { .. }));
    assert_eq!(game.hand_cards().len(), 6);
}

#[test]
fn keys_that_cannot_act_say_why() {
    let mut game = app(42, false, 2);
    send(&mut game, Message::Confirm);
    assert!(game.notice().unwrap().starts_with("Mark two cards"));
    choose(&mut game, &[0, 1, 2]);
    assert_eq!(game.marked().len(), 2);
    assert!(game.notice().unwrap().contains("unmark one first"));
    // Unmark the second card with space, mark the third.
    send(&mut game, Message::PreviousCard);
    send(&mut game, Message::MarkCard);
    assert_eq!(game.marked().len(), 1);
    choose(&mut game, &[2]);
    assert_eq!(game.marked().len(), 2);
    send(&mut game, Message::Confirm);
    assert_ne!(game.stage(), Stage::Discard);
    // The computer's move comes after a pause a person can follow.
    if game.stage() == Stage::Waiting {
        assert_eq!(game.wants_tick(), Some(THINK));
    }
    play_until(&mut game, &[Stage::Play], &mut never_claims);
    send(&mut game, Message::SayGo);
    assert_eq!(game.notice(), Some("A card fits, so you cannot say go."));
}

/// An app at a table of `players`, the others basic players.
fn table_of(players: u8, seed: u64) -> crib_tui::App {
    use crib_table::{BuiltInContestant, Sitter};
    let config = GameConfig::new(players, 61).unwrap();
    let options =
        crib_tui::Options { seed, muggins: false, length: 1.into(), config, ..Default::default() };
    let others = (1..players)
        .map(|_| Sitter::program(BuiltInContestant::new(crib_ai::Strategy::Basic)))
        .collect();
    crib_tui::App::new(options, others, None)
}

#[test]
fn three_and_four_players_play_whole_games_by_messages() {
    for players in [3, 4] {
        let mut app = table_of(players, 9);
        assert_eq!(app.stage(), Stage::Discard);
        assert_eq!(app.hand_cards().len(), 5, "five cards dealt at {players}");
        play_until(&mut app, &[Stage::MatchOver], &mut |_| unreachable!("no muggins"));
        let config = GameConfig::new(players, 61).unwrap();
        assert_eq!(app.games().len(), usize::from(config.sides()));
        assert_eq!(app.games().iter().sum::<u32>(), 1);
        // Every seat played: each has a Played event in the record.
        for seat in config.seats() {
            assert!(
                app.record()
                    .iter()
                    .any(|event| matches!(event, Event::Played { seat: s, .. } if *s == seat)),
                "seat {seat} never played at {players}"
            );
        }
        // The log names the others by their places at the table.
        let log: Vec<&str> = app.log().iter().map(|m| m.text.as_str()).collect();
        assert!(log.iter().any(|line| line.starts_with("West plays")), "{log:?}");
        if players == 4 {
            assert!(log.iter().any(|line| line.starts_with("North plays")), "{log:?}");
            assert!(app.games_text().starts_with("you and North "), "{}", app.games_text());
        }
    }
}

#[test]
fn hints_work_at_three_and_four_players() {
    for players in [3, 4] {
        let mut app = table_of(players, 12);
        for _ in 0..2 {
            send(&mut app, Message::Hint);
            assert!(matches!(app.overlay(), Some(Overlay::Hint(..))), "{players}: {app:?}");
            let drawn = crate::common::screen(&app, 100, 40).join("\n");
            assert!(drawn.contains("Hint"), "{drawn}");
            send(&mut app, Message::Close);
            play_until(&mut app, &[Stage::Play], &mut |_| 0);
        }
    }
}

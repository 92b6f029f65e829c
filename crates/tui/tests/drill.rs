//! The counting drill driven by messages and drawn into a buffer: answers
//! typed by kind, graded against the counter, recorded, and the summary;
//! and its key map.

use std::cell::RefCell;
use std::rc::Rc;

use crib_core::{Category, CountByKind};
use crib_store::DrillAnswer;
use crib_tui::{Drill, DrillMessage, DrillOptions, DrillStage};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::common::lines;

/// Types `points` into the fields, going on to the next kind after each,
/// and counts the hand.
fn answer(drill: &mut Drill, points: CountByKind) {
    for (_, points) in points.kinds() {
        if points > 0 {
            for digit in points.to_string().bytes() {
                drill.update(DrillMessage::Digit(digit - b'0'));
            }
        }
        drill.update(DrillMessage::NextKind);
    }
    drill.update(DrillMessage::Confirm);
}

fn screen(drill: &Drill) -> Vec<String> {
    let area = Rect::new(0, 0, 100, 30);
    let mut buffer = Buffer::empty(area);
    crib_tui::ui::drill::render(drill, area, &mut buffer);
    lines(&buffer)
}

fn shows(screen: &[String], text: &str) -> bool {
    screen.iter().any(|line| line.contains(text))
}

/// A drill whose answers are collected as the store would save them.
fn drill(options: DrillOptions) -> (Drill, Rc<RefCell<Vec<DrillAnswer>>>) {
    let saved = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&saved);
    let recorder = Box::new(move |answer: &DrillAnswer| {
        sink.borrow_mut().push(answer.clone());
        Ok(())
    });
    (Drill::new(options, Some(recorder)), saved)
}

#[test]
fn right_and_wrong_answers_are_graded_recorded_and_summed_up() {
    let options = DrillOptions { seed: 21, hands: 3, cribs: true };
    let (mut drill, saved) = drill(options);
    let mut expected_right = 0;
    for number in 0..3 {
        let hand = *drill.hand();
        assert_eq!(hand, crib_core::DrillHand::dealt(21, number, true));
        let before = screen(&drill);
        assert!(shows(&before, &format!("hand {} of 3", number + 1)), "{before:#?}");
        let title = if hand.is_crib() { "The crib (crib rules" } else { "Your hand" };
        assert!(shows(&before, title), "{before:#?}");
        assert!(shows(&before, "▶ fifteens"), "{before:#?}");
        let truth = CountByKind::of(&hand.breakdown());
        // Right, one pair too many, then every fifteen left out.
        let said = match number {
            0 => truth,
            1 => CountByKind { pairs: truth.pairs + 2, ..truth },
            _ => CountByKind { fifteens: 0, ..truth },
        };
        answer(&mut drill, said);
        let DrillStage::Graded(graded) = drill.stage().clone() else {
            panic!("not graded: {:?}", drill.stage())
        };
        assert_eq!(graded.grade, hand.grade(said));
        let after = screen(&drill);
        assert!(shows(&after, &graded.verdict), "{after:#?}");
        assert!(shows(&after, "Time: "), "{after:#?}");
        match number {
            0 => assert_eq!(graded.verdict, "Every point counted."),
            1 => assert_eq!(graded.verdict, "Counted 2 for pairs too many."),
            _ if truth.fifteens > 0 => {
                assert_eq!(graded.verdict, format!("Missed {} for fifteens.", truth.fifteens));
            }
            _ => assert_eq!(graded.verdict, "Every point counted."),
        }
        expected_right += u32::from(graded.grade.is_right());
        assert_eq!(saved.borrow().len(), number as usize + 1);
        assert_eq!(saved.borrow().last().map(|answer| answer.answer), Some(said));
        drill.update(DrillMessage::Confirm);
    }
    assert_eq!(drill.stage(), &DrillStage::Done);
    let summary = screen(&drill);
    assert!(shows(&summary, "The drill is over."), "{summary:#?}");
    assert!(shows(&summary, &format!("3 hands counted, {expected_right} right")), "{summary:#?}");
    assert!(shows(&summary, "crib drill --seed 21 --hands 3 --cribs"), "{summary:#?}");
    assert!(!drill.should_quit());
    drill.update(DrillMessage::Confirm);
    assert!(drill.should_quit());
}

#[test]
fn fields_take_two_digits_move_with_tab_and_arrows_and_clear_with_backspace() {
    let (mut drill, saved) = drill(DrillOptions::default());
    for digit in [1, 2, 3] {
        drill.update(DrillMessage::Digit(digit));
    }
    assert_eq!(drill.fields()[0], "12", "a third digit is not taken");
    drill.update(DrillMessage::NextKind);
    drill.update(DrillMessage::Dismiss);
    drill.update(DrillMessage::Digit(2));
    assert_eq!(drill.cursor(), Category::Pair);
    drill.update(DrillMessage::PreviousKind);
    drill.update(DrillMessage::PreviousKind);
    assert_eq!(drill.cursor(), Category::Nobs, "up from the first field wraps to the last");
    drill.update(DrillMessage::NextKind);
    drill.update(DrillMessage::Backspace);
    assert_eq!(drill.fields()[0], "1");
    drill.update(DrillMessage::Backspace);
    drill.update(DrillMessage::Backspace);
    assert_eq!(drill.cursor(), Category::Fifteen, "backspace in an empty first field stays");
    assert_eq!(drill.typed(), CountByKind { pairs: 2, ..CountByKind::ZERO });
    assert!(saved.borrow().is_empty());
    assert!(matches!(drill.stage(), DrillStage::Counting));
}

#[test]
fn q_quits_at_any_time_and_a_failed_save_is_shown() {
    for stage in 0..2 {
        let recorder = Box::new(|_: &DrillAnswer| {
            Err(crib_store::StoreError::NoSuchGame(crib_store::GameId(3)))
        });
        let mut drill = Drill::new(DrillOptions::default(), Some(recorder));
        if stage == 1 {
            drill.update(DrillMessage::Confirm);
            assert!(drill.notice().is_some_and(|notice| notice.contains("was not saved")));
            let shown = screen(&drill);
            assert!(shows(&shown, "this answer was not saved: no saved game 3"), "{shown:#?}");
        }
        drill.update(DrillMessage::Quit);
        assert!(drill.should_quit());
        assert_eq!(drill.answers().len(), stage);
    }
}

#[test]
fn a_small_terminal_is_told_so() {
    let (drill, _) = drill(DrillOptions::default());
    let area = Rect::new(0, 0, 40, 10);
    let mut buffer = Buffer::empty(area);
    crib_tui::ui::drill::render(&drill, area, &mut buffer);
    assert!(lines(&buffer)[0].contains("too small"));
}

#[test]
fn each_key_on_the_keys_line_gives_what_it_says_at_every_stage() {
    let press = |code| KeyEvent::new(code, KeyModifiers::NONE);
    let control_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    let (mut drill, _) = drill(DrillOptions { seed: 5, hands: 1, cribs: false });
    let keys_line = |drill: &Drill| screen(drill).last().cloned().unwrap_or_default();
    let asks = |drill: &Drill, code| drill.key_message(press(code));
    for _ in 0..3 {
        // Anywhere: q (and esc, ctrl-c) quits; a key released asks nothing.
        assert!(keys_line(&drill).contains("q quit") || keys_line(&drill).contains("or q: quit"));
        for code in [KeyCode::Char('q'), KeyCode::Char('Q'), KeyCode::Esc] {
            assert_eq!(asks(&drill, code), Some(DrillMessage::Quit), "{:?}", drill.stage());
        }
        assert_eq!(drill.key_message(control_c), Some(DrillMessage::Quit));
        let mut released = press(KeyCode::Enter);
        released.kind = KeyEventKind::Release;
        assert_eq!(drill.key_message(released), None);
        assert_eq!(asks(&drill, KeyCode::Enter), Some(DrillMessage::Confirm));
        assert_eq!(asks(&drill, KeyCode::Char('x')), Some(DrillMessage::Dismiss));
        match drill.stage() {
            DrillStage::Counting => {
                let line = keys_line(&drill);
                for said in ["0-9 points", "tab/↓ next kind", "shift-tab/↑ back", "enter counts it"]
                {
                    assert!(line.contains(said), "{said:?} in {line:?}");
                }
                assert_eq!(asks(&drill, KeyCode::Char('7')), Some(DrillMessage::Digit(7)));
                assert_eq!(asks(&drill, KeyCode::Char('0')), Some(DrillMessage::Digit(0)));
                for code in [KeyCode::Tab, KeyCode::Down, KeyCode::Right] {
                    assert_eq!(asks(&drill, code), Some(DrillMessage::NextKind), "{code:?}");
                }
                for code in [KeyCode::BackTab, KeyCode::Up, KeyCode::Left] {
                    assert_eq!(asks(&drill, code), Some(DrillMessage::PreviousKind), "{code:?}");
                }
                assert_eq!(asks(&drill, KeyCode::Backspace), Some(DrillMessage::Backspace));
                assert_eq!(asks(&drill, KeyCode::Char(' ')), Some(DrillMessage::Dismiss));
            }
            DrillStage::Graded(_) => {
                assert!(keys_line(&drill).contains("enter: next hand"), "{}", keys_line(&drill));
                assert_eq!(asks(&drill, KeyCode::Char(' ')), Some(DrillMessage::Confirm));
                assert_eq!(asks(&drill, KeyCode::Char('7')), Some(DrillMessage::Dismiss));
                assert_eq!(asks(&drill, KeyCode::Tab), Some(DrillMessage::Dismiss));
            }
            DrillStage::Done => {
                assert!(keys_line(&drill).contains("enter or q: quit"), "{}", keys_line(&drill));
                assert_eq!(asks(&drill, KeyCode::Char(' ')), Some(DrillMessage::Dismiss));
            }
        }
        drill.update(DrillMessage::Confirm);
    }
    assert!(drill.should_quit(), "enter closed the summary");
}

#[test]
fn long_lines_wrap_under_their_own_first_words() {
    // At the drill's smallest size, the count said, the verdict and the
    // summary's lines that are too long go on under their first words:
    // nothing but the status line starts at the screen's edge.
    let options = DrillOptions { seed: 21, hands: 3, cribs: true };
    let (mut drill, _) = drill(options);
    let narrow = |drill: &Drill| {
        let area = Rect::new(0, 0, 60, 20);
        let mut buffer = Buffer::empty(area);
        crib_tui::ui::drill::render(drill, area, &mut buffer);
        lines(&buffer)
    };
    let indented = |screen: &[String]| {
        for line in &screen[1..] {
            assert!(line.trim().is_empty() || line.starts_with(' '), "{line}\n{screen:#?}");
        }
    };
    let mut long = 0;
    for _ in 0..3 {
        answer(&mut drill, CountByKind::default());
        let DrillStage::Graded(graded) = drill.stage().clone() else {
            panic!("not graded: {:?}", drill.stage())
        };
        long += usize::from(graded.count.chars().count() + 2 > 60);
        indented(&narrow(&drill));
        drill.update(DrillMessage::Confirm);
    }
    assert!(long > 0, "no count long enough to wrap");
    let summary = narrow(&drill);
    assert!(shows(&summary, "The drill is over."), "{summary:#?}");
    indented(&summary);
    // The command that deals the hands again is there whole, on its own.
    assert!(shows(&summary, "crib drill --seed 21 --hands 3 --cribs"), "{summary:#?}");
}

//! The key map: each key the help window lists gives the message it
//! promises, in each stage, and a window over the table takes its own keys.

use crib_tui::{Message, Overlay, Question, Scroll, Stage, WindowScroll, key_message};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::common::{app, screen, send};

const STAGES: [Stage; 9] = [
    Stage::Discard,
    Stage::Play,
    Stage::Waiting,
    Stage::Show,
    Stage::Claim,
    Stage::RoundOver,
    Stage::GameOver,
    Stage::MatchOver,
    Stage::Failed,
];

fn press(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn char_key(key: char) -> KeyEvent {
    press(KeyCode::Char(key))
}

/// What `key` asks at `stage`, nothing open over the table.
fn asks(key: KeyEvent, stage: Stage) -> Message {
    key_message(key, stage, None).expect("a key pressed asks something")
}

/// The help window's text, with muggins for the pegging.
fn help_text() -> String {
    let options = crib_tui::Options {
        seed: 42,
        muggins: true,
        muggins_pegging: true,
        ..crib_tui::Options::default()
    };
    let basic = crib_table::BuiltInContestant::new(crib_ai::Strategy::Basic);
    let mut game = crib_tui::App::new(options, vec![crib_table::Sitter::program(basic)], None);
    send(&mut game, Message::Help);
    screen(&game, 100, 40).join("\n")
}

#[test]
fn each_key_of_the_help_gives_what_the_help_promises_at_every_stage() {
    let help = help_text();
    let listed = |keys: &str, what: &str| {
        let line = help.lines().find(|line| line.contains(what)).unwrap_or_default();
        assert!(line.contains(keys), "the help lists {keys:?} for {what:?}:\n{help}");
    };
    listed("← → or 1-6", "choose a card");
    listed("space", "mark a card for the crib");
    listed("enter", "give the marked cards, play the chosen card, or say go");
    listed("g", "say go, when no card fits");
    listed("h", "hint:");
    listed("w", "show or hide your chance of winning");
    listed("?", "this help");
    listed("r  /  q", "a new match  /  quit");
    listed("PgUp PgDn End", "scroll the log back, forward, to the newest");
    assert!(help.contains("type the points, then enter"), "{help}");

    let choosing = [Stage::Discard, Stage::Play];
    for stage in STAGES {
        // Anywhere: hint, chance of winning, help, the two questions, the
        // log, and ctrl-c.
        assert_eq!(asks(char_key('h'), stage), Message::Hint, "{stage:?}");
        assert_eq!(asks(char_key('w'), stage), Message::ToggleWinChance, "{stage:?}");
        assert_eq!(asks(char_key('?'), stage), Message::Help, "{stage:?}");
        assert_eq!(asks(press(KeyCode::F(1)), stage), Message::Help, "{stage:?}");
        assert_eq!(asks(char_key('r'), stage), Message::Ask(Question::Restart), "{stage:?}");
        assert_eq!(asks(char_key('q'), stage), Message::Ask(Question::Quit), "{stage:?}");
        assert_eq!(asks(char_key('Q'), stage), Message::Ask(Question::Quit), "{stage:?}");
        let scroll = [
            (KeyCode::PageUp, Scroll::Older),
            (KeyCode::PageDown, Scroll::Newer),
            (KeyCode::End, Scroll::Newest),
        ];
        for (code, way) in scroll {
            assert_eq!(asks(press(code), stage), Message::ScrollLog(way), "{stage:?}");
        }
        let control_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(asks(control_c, stage), Message::QuitNow, "{stage:?}");

        // Choosing a card: the arrows and the numbers, in the discard and
        // the play only; in the count a number is a digit.
        let card = |message| if choosing.contains(&stage) { message } else { Message::Dismiss };
        for code in [KeyCode::Left, KeyCode::Up] {
            assert_eq!(asks(press(code), stage), card(Message::PreviousCard), "{stage:?}");
        }
        for code in [KeyCode::Right, KeyCode::Down] {
            assert_eq!(asks(press(code), stage), card(Message::NextCard), "{stage:?}");
        }
        for (place, key) in ('1'..='6').enumerate() {
            let expected = match stage {
                Stage::Claim => Message::Digit(u8::try_from(place + 1).unwrap()),
                _ => card(Message::Choose(place)),
            };
            assert_eq!(asks(char_key(key), stage), expected, "{key} at {stage:?}");
        }
        let zero = if stage == Stage::Claim { Message::Digit(0) } else { Message::Dismiss };
        assert_eq!(asks(char_key('0'), stage), zero, "{stage:?}");
        let rub_out = if stage == Stage::Claim { Message::Backspace } else { Message::Dismiss };
        assert_eq!(asks(press(KeyCode::Backspace), stage), rub_out, "{stage:?}");

        // Enter does what the prompt says, at every stage but a failure.
        let enter = if stage == Stage::Failed { Message::Dismiss } else { Message::Confirm };
        assert_eq!(asks(press(KeyCode::Enter), stage), enter, "{stage:?}");
        // Space marks in the discard, is enter where a card is played or
        // the game goes on, and nothing while a count is typed.
        let space = match stage {
            Stage::Discard => Message::MarkCard,
            Stage::Claim | Stage::Failed => Message::Dismiss,
            _ => Message::Confirm,
        };
        assert_eq!(asks(char_key(' '), stage), space, "{stage:?}");
        let go = if stage == Stage::Play { Message::SayGo } else { Message::Dismiss };
        assert_eq!(asks(char_key('g'), stage), go, "{stage:?}");
        // Any other key only dismisses the notice about the last one.
        assert_eq!(asks(char_key('x'), stage), Message::Dismiss, "{stage:?}");
        assert_eq!(asks(press(KeyCode::Esc), stage), Message::Dismiss, "{stage:?}");
    }
}

#[test]
fn a_window_takes_its_own_keys() {
    let control_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    let help = Overlay::Help;
    let quit = Overlay::Question(Question::Quit);
    for stage in STAGES {
        // Help (or a hint) closes on any other key; q and r go on to
        // their question.
        let on_help = |key| key_message(key, stage, Some(&help));
        for key in [char_key('1'), char_key('h'), press(KeyCode::Esc), press(KeyCode::Enter)] {
            assert_eq!(on_help(key), Some(Message::Close), "{key:?} at {stage:?}");
        }
        // The arrows up and down, PgUp, PgDn, Home and End scroll it.
        for (key, step) in [
            (KeyCode::Up, WindowScroll::Up),
            (KeyCode::Down, WindowScroll::Down),
            (KeyCode::PageUp, WindowScroll::PageUp),
            (KeyCode::PageDown, WindowScroll::PageDown),
            (KeyCode::Home, WindowScroll::Top),
            (KeyCode::End, WindowScroll::Bottom),
        ] {
            assert_eq!(on_help(press(key)), Some(Message::ScrollWindow(step)), "{key:?}");
        }
        assert_eq!(on_help(char_key('q')), Some(Message::Ask(Question::Quit)));
        assert_eq!(on_help(char_key('r')), Some(Message::Ask(Question::Restart)));
        assert_eq!(on_help(control_c), Some(Message::QuitNow));
        // A question takes y, n or esc; any other key leaves it open.
        let on_question = |key| key_message(key, stage, Some(&quit));
        assert_eq!(on_question(char_key('y')), Some(Message::Yes));
        assert_eq!(on_question(char_key('Y')), Some(Message::Yes));
        assert_eq!(on_question(char_key('n')), Some(Message::No));
        assert_eq!(on_question(press(KeyCode::Esc)), Some(Message::No));
        for key in [char_key('q'), char_key('1'), press(KeyCode::Enter)] {
            assert_eq!(on_question(key), Some(Message::Dismiss), "{key:?} at {stage:?}");
        }
        assert_eq!(on_question(control_c), Some(Message::QuitNow));
    }
    // A key released asks nothing.
    let mut released = char_key('q');
    released.kind = KeyEventKind::Release;
    assert_eq!(key_message(released, Stage::Discard, None), None);
}

#[test]
fn the_apps_key_map_reads_the_stage_and_window_on_screen() {
    let mut game = app(42, false, 2);
    assert_eq!(game.stage(), Stage::Discard);
    assert_eq!(game.key_message(char_key('1')), Some(Message::Choose(0)));
    send(&mut game, Message::Hint);
    assert!(matches!(game.overlay(), Some(Overlay::Hint(..))));
    assert_eq!(game.key_message(char_key('1')), Some(Message::Close), "the hint is open");
}

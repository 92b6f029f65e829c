//! Counting practice in the terminal: the model of `crib drill`.
//!
//! The drill shows a hand (or a crib) and its starter, and the person types
//! the count by kind: points for fifteens, pairs, runs, the flush and his
//! nob, one field each. Enter grades the answer against the counter
//! ([`DrillHand::grade`]) and shows the count as players say it, what was
//! missed or over-counted, and the time taken, all in the words of the one
//! narration (`crib_table::narrate`). After the last hand a summary of the
//! drill is shown. Every answer is handed to the recorder, if there is one,
//! as soon as it is given, so quitting loses nothing already answered.
//!
//! The drill has the game's shape, The Elm Architecture: a key becomes a
//! [`DrillMessage`] ([`Drill::key_message`]), [`Drill::update`] takes it,
//! [`ui::drill`](crate::ui::drill) draws the drill, and the terminal's one
//! loop runs it ([`run_drill`](crate::run_drill)).

use std::fmt;
use std::time::Instant;

use crib_core::{Category, CountByKind, DrillHand, DrillRecord, Grade};
use crib_store::{DrillAnswer, DrillPlace, StoreError};
use crib_table::narrate;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::app::ME;

/// What a drill deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrillOptions {
    /// The seed the hands are dealt from.
    pub seed: u64,
    /// How many hands.
    pub hands: u32,
    /// Whether some hands are cribs (counted under crib rules).
    pub cribs: bool,
}

impl Default for DrillOptions {
    fn default() -> DrillOptions {
        DrillOptions { seed: 0, hands: 10, cribs: false }
    }
}

/// Where each answer goes as it is given (the store, for `crib drill`).
pub type DrillRecorder = Box<dyn FnMut(&DrillAnswer) -> Result<(), StoreError>>;

/// The most digits a field takes: no show is worth more than 29.
const FIELD_DIGITS: usize = 2;

/// Where the drill is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillStage {
    /// A hand is shown and the person is typing its count.
    Counting,
    /// The count was graded; enter goes on.
    Graded(Graded),
    /// Every hand was counted: the summary.
    Done,
}

/// A graded answer, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    /// The grade.
    pub grade: Grade,
    /// The time the answer took.
    pub millis: u64,
    /// The count as said by the narration.
    pub count: String,
    /// What was missed and over-counted.
    pub verdict: String,
}

/// What the person asks of the drill: one message for each thing a key
/// asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrillMessage {
    /// A digit typed into the field the cursor is in (a field takes two).
    Digit(u8),
    /// Rubs out the field's last digit; in an empty field, goes back to the
    /// field before.
    Backspace,
    /// The field of the next kind (after the last, the first).
    NextKind,
    /// The field of the kind before (before the first, the last).
    PreviousKind,
    /// Does what the keys line says: counts the hand (grades the answer),
    /// goes on to the next hand, or closes the summary.
    Confirm,
    /// Leaves the drill.
    Quit,
    /// A key that asks nothing of the drill: like every key, it dismisses
    /// the notice.
    Dismiss,
}

/// The drill on screen.
pub struct Drill {
    options: DrillOptions,
    /// The hand shown, from 0.
    number: u32,
    hand: DrillHand,
    /// What is typed in each field, in the order of [`Category::ALL`].
    fields: [String; 5],
    cursor: usize,
    shown_at: Instant,
    stage: DrillStage,
    answers: Vec<DrillAnswer>,
    recorder: Option<DrillRecorder>,
    /// A failure to save, shown until the next key.
    notice: Option<String>,
    quit: bool,
}

impl fmt::Debug for Drill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Drill")
            .field("options", &self.options)
            .field("number", &self.number)
            .field("stage", &self.stage)
            .field("answers", &self.answers.len())
            .finish_non_exhaustive()
    }
}

impl Drill {
    /// A drill of `options`, showing its first hand; each answer is handed
    /// to `recorder`.
    #[must_use]
    pub fn new(options: DrillOptions, recorder: Option<DrillRecorder>) -> Drill {
        let options = DrillOptions { hands: options.hands.max(1), ..options };
        Drill {
            options,
            number: 0,
            hand: DrillHand::dealt(options.seed, 0, options.cribs),
            fields: Default::default(),
            cursor: 0,
            shown_at: Instant::now(),
            stage: DrillStage::Counting,
            answers: Vec::new(),
            recorder,
            notice: None,
            quit: false,
        }
    }

    /// The drill's options.
    #[must_use]
    pub const fn options(&self) -> DrillOptions {
        self.options
    }

    /// The hand shown.
    #[must_use]
    pub const fn hand(&self) -> &DrillHand {
        &self.hand
    }

    /// Where the drill is.
    #[must_use]
    pub const fn stage(&self) -> &DrillStage {
        &self.stage
    }

    /// What is typed in each field, fifteens first.
    #[must_use]
    pub const fn fields(&self) -> &[String; 5] {
        &self.fields
    }

    /// The field the cursor is in.
    #[must_use]
    pub const fn cursor(&self) -> Category {
        Category::ALL[self.cursor]
    }

    /// The answers given so far.
    #[must_use]
    pub fn answers(&self) -> &[DrillAnswer] {
        &self.answers
    }

    /// The record of this drill's answers.
    #[must_use]
    pub fn record(&self) -> DrillRecord {
        DrillRecord::of(self.answers.iter().map(DrillAnswer::grade_and_millis))
    }

    /// A failure to save the last answer, if there was one.
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Whether the person has quit.
    #[must_use]
    pub const fn should_quit(&self) -> bool {
        self.quit
    }

    /// The count typed so far (empty fields are 0).
    #[must_use]
    pub fn typed(&self) -> CountByKind {
        CountByKind::from_fn(|category| self.fields[category.index()].parse().unwrap_or_default())
    }

    /// What `key` asks of the drill as it is on screen; `None` for a key
    /// released. Esc, q and ctrl-c leave at any time.
    #[must_use]
    pub fn key_message(&self, key: KeyEvent) -> Option<DrillMessage> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        if matches!(key.code, KeyCode::Esc | KeyCode::Char('q' | 'Q'))
            || (control && key.code == KeyCode::Char('c'))
        {
            return Some(DrillMessage::Quit);
        }
        Some(match (&self.stage, key.code) {
            (DrillStage::Counting, KeyCode::Char(digit @ '0'..='9')) => {
                DrillMessage::Digit(digit as u8 - b'0')
            }
            (DrillStage::Counting, KeyCode::Backspace) => DrillMessage::Backspace,
            (DrillStage::Counting, KeyCode::Tab | KeyCode::Down | KeyCode::Right) => {
                DrillMessage::NextKind
            }
            (DrillStage::Counting, KeyCode::BackTab | KeyCode::Up | KeyCode::Left) => {
                DrillMessage::PreviousKind
            }
            (DrillStage::Counting | DrillStage::Done, KeyCode::Enter)
            | (DrillStage::Graded(_), KeyCode::Enter | KeyCode::Char(' ')) => DrillMessage::Confirm,
            _ => DrillMessage::Dismiss,
        })
    }

    /// Takes one message.
    pub fn update(&mut self, message: DrillMessage) {
        // The notice was about the last key.
        self.notice = None;
        let kinds = Category::ALL.len();
        match (&self.stage, message) {
            (_, DrillMessage::Quit) | (DrillStage::Done, DrillMessage::Confirm) => self.quit = true,
            (DrillStage::Counting, DrillMessage::Digit(digit)) => {
                let field = &mut self.fields[self.cursor];
                if digit <= 9 && field.len() < FIELD_DIGITS {
                    if field == "0" {
                        field.clear();
                    }
                    field.push(char::from(b'0' + digit));
                }
            }
            (DrillStage::Counting, DrillMessage::Backspace) => {
                let field = &mut self.fields[self.cursor];
                if field.pop().is_none() {
                    self.cursor = self.cursor.saturating_sub(1);
                }
            }
            (DrillStage::Counting, DrillMessage::NextKind) => {
                self.cursor = (self.cursor + 1) % kinds;
            }
            (DrillStage::Counting, DrillMessage::PreviousKind) => {
                self.cursor = (self.cursor + kinds - 1) % kinds;
            }
            (DrillStage::Counting, DrillMessage::Confirm) => self.grade(),
            (DrillStage::Graded(_), DrillMessage::Confirm) => self.next_hand(),
            _ => {}
        }
    }

    fn grade(&mut self) {
        let millis = u64::try_from(self.shown_at.elapsed().as_millis()).unwrap_or(u64::MAX);
        let answer = DrillAnswer {
            player: ME.to_owned(),
            place: DrillPlace::Terminal,
            hand: self.hand,
            answer: self.typed(),
            millis,
        };
        let grade = answer.grade();
        if let Some(record) = &mut self.recorder
            && let Err(error) = record(&answer)
        {
            self.notice =
                Some(format!("this answer was not saved: {}", crib_table::error_chain(&error)));
        }
        self.answers.push(answer);
        self.stage = DrillStage::Graded(Graded {
            grade,
            millis,
            count: narrate::drill_count(&self.hand, &grade),
            verdict: narrate::drill_verdict(&grade),
        });
    }

    fn next_hand(&mut self) {
        if self.number + 1 >= self.options.hands {
            self.stage = DrillStage::Done;
            return;
        }
        self.number += 1;
        self.hand = DrillHand::dealt(self.options.seed, self.number, self.options.cribs);
        self.fields = Default::default();
        self.cursor = 0;
        self.shown_at = Instant::now();
        self.stage = DrillStage::Counting;
    }
}

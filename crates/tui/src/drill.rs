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
//! Like [`App`](crate::App), a `Drill` is keys in and state out; drawing it
//! is [`ui::drill`](crate::ui::drill), and the terminal's loop is
//! [`run_drill`](crate::run_drill).

use std::fmt;
use std::time::Instant;

use crib_core::{Category, CountByKind, DrillHand, DrillRecord, Grade};
use crib_store::{DrillAnswer, DrillPlace, StoreError};
use crib_table::narrate;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::ME;

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

    /// Acts on a key.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.notice = None;
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        if matches!(key.code, KeyCode::Esc | KeyCode::Char('q' | 'Q'))
            || (control && key.code == KeyCode::Char('c'))
        {
            self.quit = true;
            return;
        }
        match &self.stage {
            DrillStage::Counting => self.counting_key(key.code),
            DrillStage::Graded(_) if matches!(key.code, KeyCode::Enter | KeyCode::Char(' ')) => {
                self.next_hand();
            }
            DrillStage::Graded(_) => {}
            DrillStage::Done if key.code == KeyCode::Enter => self.quit = true,
            DrillStage::Done => {}
        }
    }

    fn counting_key(&mut self, code: KeyCode) {
        let field = &mut self.fields[self.cursor];
        match code {
            KeyCode::Char(digit @ '0'..='9') if field.len() < FIELD_DIGITS => {
                if field == "0" {
                    field.clear();
                }
                field.push(digit);
            }
            // Backspace in an empty field goes back to the one before.
            KeyCode::Backspace if field.is_empty() => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Backspace => {
                field.pop();
            }
            KeyCode::Tab | KeyCode::Down | KeyCode::Right => {
                self.cursor = (self.cursor + 1) % Category::ALL.len();
            }
            KeyCode::BackTab | KeyCode::Up | KeyCode::Left => {
                self.cursor = (self.cursor + Category::ALL.len() - 1) % Category::ALL.len();
            }
            KeyCode::Enter => self.grade(),
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

//! The report: per predicate, what was asked, what came back, the first
//! mistakes, and the score.

use std::fmt;

use serde::Serialize;

use crate::error::LoadMessage;
use crate::questions::QuestionSet;

/// How the score of a part is worked out: the help and the report say it in
/// these words.
pub const SCORE_RULE: &str = "each part scores its share of the questions answered right: \
    50 × right ÷ asked for hand_value/3, 20 × right ÷ asked for select_hand/3, to one decimal \
    place (wrong answers, errors and timeouts are all not right; a predicate that is not \
    defined scores 0)";

/// The whole check of one file.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The file checked.
    pub file: String,
    /// SWI-Prolog's version.
    pub swipl: String,
    /// The seed of the random hands and deals.
    pub seed: u64,
    /// Errors and warnings from loading the file.
    pub load_messages: Vec<LoadMessage>,
    /// The `hand_value/3` part.
    pub hand_value: Part,
    /// The `select_hand/3` part.
    pub select_hand: Part,
    /// How many times the Prolog process was started again after a
    /// question timed out or stopped it.
    pub restarts: u64,
    /// How the scores are worked out.
    pub score_rule: &'static str,
}

impl Report {
    /// Whether the file loaded without errors and every question was
    /// answered right (and both predicates are defined).
    #[must_use]
    pub fn all_right(&self) -> bool {
        self.load_errors() == 0 && self.hand_value.all_right() && self.select_hand.all_right()
    }

    /// How many load messages are errors.
    #[must_use]
    pub fn load_errors(&self) -> usize {
        self.load_messages.iter().filter(|message| message.kind == "error").count()
    }
}

/// One predicate's questions and answers.
#[derive(Clone, Debug, Serialize)]
pub struct Part {
    /// `hand_value/3` or `select_hand/3`.
    pub predicate: &'static str,
    /// Whether the file defines it; if not, nothing was asked.
    pub defined: bool,
    /// The time limit of each question, in milliseconds.
    pub time_limit_ms: u64,
    /// Questions asked.
    pub asked: u64,
    /// Answered right.
    pub right: u64,
    /// Answered, wrongly.
    pub wrong: u64,
    /// Not answered: an exception, failure, or an answer not of the form
    /// asked for.
    pub errors: Errors,
    /// Past the time limit.
    pub timeouts: u64,
    /// Asked and right, per set of questions.
    pub sets: Vec<SetTally>,
    /// The score, out of [`Part::out_of`].
    pub score: f64,
    /// What the score is out of: 50 or 20.
    pub out_of: u32,
    /// `select_hand/3`: the expected points given up by the wrong choices,
    /// in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points_given_up: Option<f64>,
    /// The first wrong answers.
    pub wrong_answers: Vec<Mistake>,
    /// The first errors and timeouts.
    pub error_answers: Vec<Mistake>,
}

/// Questions not answered, by why.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Errors {
    /// All of them.
    pub total: u64,
    /// The goal raised an exception.
    pub exception: u64,
    /// The goal failed.
    pub failure: u64,
    /// The goal left its answer partly unbound.
    pub nonground: u64,
    /// The answer is not of the form asked for: not an integer, not a list
    /// of card terms, not four of the dealt cards, a `Cribcards` that is not
    /// the cards not kept.
    pub malformed: u64,
    /// The Prolog process stopped (`halt/0`, a crash) during the question.
    pub exited: u64,
}

/// Asked and right in one set of questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SetTally {
    /// The set.
    pub set: QuestionSet,
    /// Questions asked from it.
    pub asked: u64,
    /// Answered right.
    pub right: u64,
}

/// What was wrong with one answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// A wrong value or a keep that is not the best.
    Wrong,
    /// An exception.
    Exception,
    /// Failure.
    Failure,
    /// A partly unbound answer.
    Nonground,
    /// An answer not of the form asked for.
    Malformed,
    /// The process stopped.
    Exited,
    /// Past the time limit.
    Timeout,
}

impl Fault {
    fn words(self) -> &'static str {
        match self {
            Fault::Wrong => "wrong",
            Fault::Exception => "exception",
            Fault::Failure => "failed",
            Fault::Nonground => "not ground",
            Fault::Malformed => "malformed",
            Fault::Exited => "swipl stopped",
            Fault::Timeout => "timeout",
        }
    }
}

/// One answer that was not right, for people to look into.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mistake {
    /// What was wrong.
    pub fault: Fault,
    /// The set the question came from.
    pub set: QuestionSet,
    /// What the question is there for, in the coverage set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<&'static str>,
    /// The goal asked, as it can be typed at Prolog's prompt.
    pub goal: String,
    /// The cards, for people: `5♥ 5♠ 5♣ J♦, starter 5♦`.
    pub cards: String,
    /// The right answer.
    pub expected: String,
    /// The answer given, or what happened instead.
    pub given: String,
    /// `hand_value/3`: the right count, said the way a player says it;
    /// `select_hand/3`: the expected points given up.
    pub detail: String,
}

impl Part {
    pub(crate) fn new(predicate: &'static str, out_of: u32, defined: bool, limit_ms: u64) -> Part {
        Part {
            predicate,
            defined,
            time_limit_ms: limit_ms,
            asked: 0,
            right: 0,
            wrong: 0,
            errors: Errors::default(),
            timeouts: 0,
            sets: Vec::new(),
            score: 0.0,
            out_of,
            points_given_up: None,
            wrong_answers: Vec::new(),
            error_answers: Vec::new(),
        }
    }

    /// Counts one answer: `None` when right, the mistake otherwise; keeps
    /// the first `keep` mistakes of each list.
    pub(crate) fn record(&mut self, set: QuestionSet, mistake: Option<Mistake>, keep: usize) {
        self.asked += 1;
        let tally = match self.sets.iter_mut().find(|tally| tally.set == set) {
            Some(tally) => tally,
            None => {
                self.sets.push(SetTally { set, asked: 0, right: 0 });
                let last = self.sets.len() - 1;
                &mut self.sets[last]
            }
        };
        tally.asked += 1;
        let Some(mistake) = mistake else {
            self.right += 1;
            tally.right += 1;
            return;
        };
        let errors = &mut self.errors;
        let list = match mistake.fault {
            Fault::Wrong => {
                self.wrong += 1;
                &mut self.wrong_answers
            }
            Fault::Timeout => {
                self.timeouts += 1;
                &mut self.error_answers
            }
            fault => {
                errors.total += 1;
                *match fault {
                    Fault::Exception => &mut errors.exception,
                    Fault::Failure => &mut errors.failure,
                    Fault::Nonground => &mut errors.nonground,
                    Fault::Malformed => &mut errors.malformed,
                    _ => &mut errors.exited,
                } += 1;
                &mut self.error_answers
            }
        };
        if list.len() < keep {
            list.push(mistake);
        }
    }

    /// Works out the score by [`SCORE_RULE`].
    pub(crate) fn finish(&mut self) {
        self.score = if self.asked == 0 {
            0.0
        } else {
            let share = f64::from(self.out_of) * self.right as f64 / self.asked as f64;
            (share * 10.0).round() / 10.0
        };
    }

    /// Defined, and every question answered right.
    #[must_use]
    pub fn all_right(&self) -> bool {
        self.defined && self.right == self.asked
    }
}

/// `1,234,567`.
fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(count), if count == 1 { one } else { many })
}

impl fmt::Display for Report {
    /// The report for people, as a marker reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: checked in SWI-Prolog {}, seed {}", self.file, self.swipl, self.seed)?;
        if !self.load_messages.is_empty() {
            let errors = self.load_errors() as u64;
            let warnings = self.load_messages.len() as u64 - errors;
            writeln!(
                f,
                "\nloading it: {}, {}",
                plural(errors, "error", "errors"),
                plural(warnings, "warning", "warnings")
            )?;
            for message in &self.load_messages {
                let mut lines = message.text.iter();
                writeln!(f, "  {}: {}", message.kind, lines.next().map_or("", String::as_str))?;
                for line in lines {
                    writeln!(f, "    {line}")?;
                }
            }
        }
        for part in [&self.hand_value, &self.select_hand] {
            writeln!(f)?;
            write!(f, "{part}")?;
        }
        if self.restarts > 0 {
            writeln!(f, "\nswipl was started again {}", plural(self.restarts, "time", "times"))?;
        }
        writeln!(f)?;
        let mut line = String::from("score:");
        for word in self.score_rule.split_whitespace() {
            if line.chars().count() + 1 + word.chars().count() > 78 {
                writeln!(f, "{line}")?;
                line = String::from("  ");
            } else {
                line.push(' ');
            }
            line.push_str(word);
        }
        writeln!(f, "{line}")
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.time_limit_ms as f64 / 1000.0;
        writeln!(f, "{} (time limit {seconds} s a question)", self.predicate)?;
        if !self.defined {
            writeln!(f, "  not defined: nothing asked")?;
            return writeln!(f, "  score {} / {}", self.score, self.out_of);
        }
        let errors = &self.errors;
        let mut kinds = Vec::new();
        for (count, name) in [
            (errors.exception, "exception"),
            (errors.failure, "failure"),
            (errors.nonground, "not ground"),
            (errors.malformed, "malformed"),
            (errors.exited, "swipl stopped"),
        ] {
            if count > 0 {
                kinds.push(format!("{name} {}", thousands(count)));
            }
        }
        let kinds =
            if kinds.is_empty() { String::new() } else { format!(" ({})", kinds.join(", ")) };
        writeln!(
            f,
            "  asked {}: right {}, wrong {}, errors {}{kinds}, timeouts {}",
            thousands(self.asked),
            thousands(self.right),
            thousands(self.wrong),
            thousands(errors.total),
            thousands(self.timeouts),
        )?;
        for tally in &self.sets {
            writeln!(
                f,
                "    {:<32} {:>10} asked {:>10} right",
                tally.set.describe(),
                thousands(tally.asked),
                thousands(tally.right)
            )?;
        }
        if let Some(given_up) = self.points_given_up {
            writeln!(f, "  expected points given up by the wrong choices: {given_up:.3}")?;
        }
        writeln!(f, "  score {} / {}", self.score, self.out_of)?;
        for (title, list) in
            [("first wrong answers", &self.wrong_answers), ("first errors", &self.error_answers)]
        {
            if list.is_empty() {
                continue;
            }
            writeln!(f, "  {title}:")?;
            for mistake in list {
                write!(f, "{mistake}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = self.label.map_or_else(String::new, |label| format!(" ({label})"));
        writeln!(f, "  - {}{label}", self.cards)?;
        writeln!(f, "      ?- {}.", self.goal)?;
        writeln!(f, "      expected {}", self.expected)?;
        writeln!(f, "      {}: {}", self.fault.words(), self.given)?;
        if !self.detail.is_empty() {
            writeln!(f, "      {}", self.detail)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mistake(fault: Fault) -> Mistake {
        Mistake {
            fault,
            set: QuestionSet::Coverage,
            label: None,
            goal: String::new(),
            cards: String::new(),
            expected: String::new(),
            given: String::new(),
            detail: String::new(),
        }
    }

    #[test]
    fn counts_and_scores() {
        let mut part = Part::new("hand_value/3", 50, true, 1000);
        for _ in 0..6 {
            part.record(QuestionSet::Examples, None, 2);
        }
        for fault in [Fault::Wrong, Fault::Wrong, Fault::Wrong, Fault::Exception, Fault::Timeout] {
            part.record(QuestionSet::Coverage, Some(mistake(fault)), 2);
        }
        part.record(QuestionSet::Coverage, Some(mistake(Fault::Malformed)), 2);
        part.finish();
        assert_eq!((part.asked, part.right, part.wrong, part.timeouts), (12, 6, 3, 1));
        assert_eq!(
            part.errors,
            Errors { total: 2, exception: 1, malformed: 1, ..Errors::default() }
        );
        assert_eq!(part.score, 25.0);
        assert_eq!(part.wrong_answers.len(), 2, "only the first two kept");
        assert_eq!(part.error_answers.len(), 2);
        assert_eq!(
            part.sets,
            [
                SetTally { set: QuestionSet::Examples, asked: 6, right: 6 },
                SetTally { set: QuestionSet::Coverage, asked: 6, right: 0 }
            ]
        );
        let mut empty = Part::new("select_hand/3", 20, false, 4000);
        empty.finish();
        assert_eq!(empty.score, 0.0);
        assert!(!empty.all_right());
        let mut third = Part::new("select_hand/3", 20, true, 4000);
        third.record(QuestionSet::RandomDeals, None, 1);
        for _ in 0..2 {
            third.record(QuestionSet::RandomDeals, Some(mistake(Fault::Wrong)), 1);
        }
        third.finish();
        assert_eq!(third.score, 6.7);
    }

    #[test]
    fn writes_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(12_994_800), "12,994,800");
    }
}

//! Asking the questions and judging the answers.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crib_ai::{Keep, discard_table};
use crib_core::{Card, CardSet, Rules, Show, parse_prolog_list, prolog_list};

use crate::error::CheckError;
use crate::questions::{
    DealQuestion, EVERY_HAND, HandQuestion, every_hand, fixed_hands, random_deals, random_hands,
    starter_deals,
};
use crate::report::{Fault, Mistake, Part, Report, SCORE_RULE};
use crate::swipl::{Answer, DriverFile, Swipl};

/// Questions written ahead of their answers.
const WINDOW: usize = 32;

/// How often progress is reported, in answers.
const PROGRESS_EVERY: u64 = 512;

/// What to check and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The Prolog file.
    pub file: PathBuf,
    /// The SWI-Prolog program to run.
    pub swipl: String,
    /// The time limit of one `hand_value/3` question.
    pub hand_limit: Duration,
    /// The time limit of one `select_hand/3` question.
    pub select_limit: Duration,
    /// Random hands after the fixed ones.
    pub hands: u64,
    /// Every hand with every starter instead of random hands.
    pub every_hand: bool,
    /// Random deals after the fixed ones.
    pub deals: u64,
    /// The seed of the random hands and deals.
    pub seed: u64,
    /// How many wrong answers, and how many errors, each part keeps.
    pub mistakes: usize,
}

/// How far a part has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// `hand_value/3` or `select_hand/3`.
    pub predicate: &'static str,
    /// Questions answered.
    pub done: u64,
    /// Questions to ask.
    pub total: u64,
}

/// Loads `options.file` in SWI-Prolog and checks both predicates, telling
/// `progress` how far each part has got now and then.
///
/// # Errors
///
/// No such file, no `swipl`, a file that stops SWI-Prolog while loading or
/// defines neither predicate, or a process that cannot be started again.
pub fn check(options: &Options, progress: &mut dyn FnMut(Progress)) -> Result<Report, CheckError> {
    let file = readable(&options.file)?;
    let driver = DriverFile::write()?;
    let (mut swipl, loaded) = Swipl::start(&options.swipl, driver.path(), &file)?;
    if !loaded.hand_value && !loaded.select_hand {
        return Err(CheckError::NoPredicates {
            file: options.file.display().to_string(),
            messages: loaded.messages,
        });
    }
    let mut restarts = 0;
    let mut hand_part =
        Part::new("hand_value/3", 50, loaded.hand_value, millis(options.hand_limit));
    if loaded.hand_value {
        let fixed = fixed_hands();
        let (extra, total): (Box<dyn Iterator<Item = HandQuestion>>, u64) = if options.every_hand {
            (Box::new(every_hand()), EVERY_HAND)
        } else {
            (Box::new(random_hands(options.seed, options.hands)), options.hands)
        };
        let total = total + fixed.len() as u64;
        let mut asker = Asker::new(&mut swipl, &mut restarts, options.hand_limit, "[Value]");
        asker.run(fixed.into_iter().chain(extra), hand_goal, |question, answer| {
            hand_part.record(question.set, judge_hand(question, answer), options.mistakes);
            if hand_part.asked.is_multiple_of(PROGRESS_EVERY) || hand_part.asked == total {
                progress(Progress { predicate: "hand_value/3", done: hand_part.asked, total });
            }
        })?;
    }
    hand_part.finish();
    let mut select_part =
        Part::new("select_hand/3", 20, loaded.select_hand, millis(options.select_limit));
    if loaded.select_hand {
        let fixed = starter_deals();
        let total = fixed.len() as u64 + options.deals;
        let mut given_up = 0.0;
        let deals = fixed.into_iter().chain(random_deals(options.seed, options.deals));
        let mut asker =
            Asker::new(&mut swipl, &mut restarts, options.select_limit, "[Hand,Cribcards]");
        asker.run(deals, deal_goal, |question, answer| {
            let (mistake, lost) = judge_deal(question, answer);
            given_up += lost;
            select_part.record(question.set, mistake, options.mistakes);
            progress(Progress { predicate: "select_hand/3", done: select_part.asked, total });
        })?;
        select_part.points_given_up = Some((given_up * 1000.0).round() / 1000.0);
    }
    select_part.finish();
    Ok(Report {
        file: options.file.display().to_string(),
        swipl: loaded.version,
        seed: options.seed,
        load_messages: loaded.messages,
        hand_value: hand_part,
        select_hand: select_part,
        restarts,
        score_rule: SCORE_RULE,
    })
}

/// The file as an absolute path, once it is known to be a readable file.
fn readable(file: &Path) -> Result<PathBuf, CheckError> {
    let missing = |reason: String| CheckError::File { file: file.display().to_string(), reason };
    let metadata = std::fs::metadata(file).map_err(|error| missing(error.to_string()))?;
    if !metadata.is_file() {
        return Err(missing("not a file".to_owned()));
    }
    std::fs::File::open(file).map_err(|error| missing(error.to_string()))?;
    std::path::absolute(file).map_err(|error| missing(error.to_string()))
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Asks one part's questions through the process, [`WINDOW`] ahead of the
/// answers.
struct Asker<'a> {
    swipl: &'a mut Swipl,
    restarts: &'a mut u64,
    limit: Duration,
    /// The Prolog list of the goal's variables to report.
    values: &'static str,
    next_id: u64,
}

/// A question written and not yet answered.
struct InFlight<Q> {
    id: u64,
    goal: String,
    question: Q,
    sent: Instant,
}

impl<'a> Asker<'a> {
    fn new(
        swipl: &'a mut Swipl,
        restarts: &'a mut u64,
        limit: Duration,
        values: &'static str,
    ) -> Asker<'a> {
        Asker { swipl, restarts, limit, values, next_id: 0 }
    }

    /// Asks every question, handing each answer to `judge` in order. Each
    /// question's time starts when Prolog can start on it: when it was
    /// written or when the answer before it came, whichever is later. A
    /// question past its limit, or one that stops the process, costs a new
    /// process, and the questions written after it are written again.
    fn run<Q>(
        &mut self,
        questions: impl Iterator<Item = Q>,
        goal: impl Fn(&Q) -> String,
        mut judge: impl FnMut(&Q, Answer),
    ) -> Result<(), CheckError> {
        let mut questions = questions.fuse();
        let mut waiting: VecDeque<InFlight<Q>> = VecDeque::new();
        let mut last_answer = Instant::now();
        loop {
            while waiting.len() < WINDOW {
                let Some(question) = questions.next() else { break };
                self.next_id += 1;
                let goal = goal(&question);
                self.swipl.send(self.next_id, &goal, self.values);
                waiting.push_back(InFlight {
                    id: self.next_id,
                    goal,
                    question,
                    sent: Instant::now(),
                });
            }
            self.swipl.flush();
            let Some(head) = waiting.pop_front() else { return Ok(()) };
            let deadline = head.sent.max(last_answer) + self.limit;
            let answer = self.swipl.receive(head.id, deadline);
            let lost = matches!(answer, Answer::Timeout | Answer::Exited(_));
            judge(&head.question, answer);
            if lost {
                self.swipl.restart()?;
                *self.restarts += 1;
                for later in &mut waiting {
                    self.swipl.send(later.id, &later.goal, self.values);
                    later.sent = Instant::now();
                }
            }
            last_answer = Instant::now();
        }
    }
}

fn hand_goal(question: &HandQuestion) -> String {
    format!("hand_value({},{},Value)", prolog_list(question.hand), question.starter.prolog())
}

fn deal_goal(question: &DealQuestion) -> String {
    format!("select_hand({},Hand,Cribcards)", prolog_list(question.cards.iter().copied()))
}

/// Cards for people: `5♥ 5♠ 5♣ J♦`.
fn symbols(cards: impl IntoIterator<Item = Card>) -> String {
    let symbols: Vec<String> = cards.into_iter().map(|card| card.symbol().to_string()).collect();
    symbols.join(" ")
}

/// How an answer that is not a value went wrong, or `None` for a value.
fn unanswered(answer: Answer) -> Result<Vec<String>, (Fault, String)> {
    match answer {
        Answer::Values(values) => Ok(values),
        Answer::NonGround(values) => Err((Fault::Nonground, values.join(", "))),
        Answer::Exception(error) => Err((Fault::Exception, shorten(&error))),
        Answer::Failed => Err((Fault::Failure, "the goal failed".to_owned())),
        Answer::Timeout => Err((Fault::Timeout, "no answer within the time limit".to_owned())),
        Answer::Exited(how) => Err((Fault::Exited, how)),
    }
}

/// At most 200 characters of a term, for the report.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(200) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_owned(),
    }
}

/// An integer as Prolog writes one: an optional minus and digits.
fn integer(text: &str) -> Option<i64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `None` when the answer is right.
fn judge_hand(question: &HandQuestion, answer: Answer) -> Option<Mistake> {
    let show =
        Show::from_cards(&question.hand, question.starter).expect("every question is a legal show");
    let count = show.breakdown(Rules::Hand);
    let expected = count.total();
    let (fault, given) = match unanswered(answer) {
        Ok(values) => match values.as_slice() {
            [value] => match integer(value) {
                Some(given) if given == i64::from(expected) => return None,
                Some(given) => (Fault::Wrong, given.to_string()),
                None => (Fault::Malformed, format!("{} is not an integer", shorten(value))),
            },
            _ => (Fault::Malformed, values.join(", ")),
        },
        Err(fault) => fault,
    };
    Some(Mistake {
        fault,
        set: question.set,
        label: question.label,
        goal: hand_goal(question),
        cards: format!("{}, starter {}", symbols(question.hand), question.starter.symbol()),
        expected: expected.to_string(),
        given,
        detail: count.spoken(),
    })
}

/// The discard table of a deal, best first.
fn table(question: &DealQuestion) -> Vec<Keep> {
    let dealt = CardSet::from_iter(question.cards.iter().copied());
    discard_table(dealt).expect("every deal is 5 or 6 distinct cards")
}

/// A keep for people: `2H 3D 4D 5H (8.587 on average)`.
fn keep_words(keep: &Keep) -> String {
    format!("{} ({:.3} on average)", symbols(keep.keep), keep.expected)
}

/// Reads `Hand` and `Cribcards` and checks that they split the deal.
fn chosen_keep(dealt: CardSet, hand: &str, crib: &str) -> Result<CardSet, String> {
    let kept = parse_prolog_list(hand).map_err(|error| format!("Hand {error}"))?;
    let kept_set = CardSet::from_distinct(kept.iter().copied())
        .map_err(|error| format!("Hand {hand}: {error}"))?;
    if kept.len() != 4 || !kept_set.is_subset(dealt) {
        return Err(format!("Hand {hand} is not four of the dealt cards"));
    }
    let given = parse_prolog_list(crib).map_err(|error| format!("Cribcards {error}"))?;
    let rest = dealt - kept_set;
    let given_set = CardSet::from_iter(given.iter().copied());
    if given.len() != rest.len() || given_set != rest {
        return Err(format!(
            "Cribcards {crib} is not the cards not kept, {}",
            prolog_list(rest.iter())
        ));
    }
    Ok(kept_set)
}

/// `None` when the choice is one of the best; and the expected points given
/// up by a wrong choice.
fn judge_deal(question: &DealQuestion, answer: Answer) -> (Option<Mistake>, f64) {
    let table = table(question);
    let best = &table[0];
    let ties = table.iter().filter(|keep| keep.expected == best.expected).count();
    let dealt = best.keep | best.discard;
    let mut lost = 0.0;
    let (fault, given, detail) = match unanswered(answer) {
        Ok(values) => match values.as_slice() {
            [hand, crib] => match chosen_keep(dealt, hand, crib) {
                Ok(kept) => {
                    let Some(keep) = table.iter().find(|keep| keep.keep == kept) else {
                        unreachable!("every keep of four is in the table")
                    };
                    if keep.expected == best.expected {
                        return (None, 0.0);
                    }
                    lost = best.expected.value() - keep.expected.value();
                    (Fault::Wrong, keep_words(keep), format!("{lost:.3} points given up"))
                }
                Err(why) => (Fault::Malformed, why, String::new()),
            },
            _ => (Fault::Malformed, values.join(", "), String::new()),
        },
        Err((fault, given)) => (fault, given, String::new()),
    };
    let others = match ties {
        1 => String::new(),
        2 => " or one other keep as good".to_owned(),
        _ => format!(" or {} other keeps as good", ties - 1),
    };
    let mistake = Mistake {
        fault,
        set: question.set,
        label: None,
        goal: deal_goal(question),
        cards: symbols(question.cards.iter().copied()),
        expected: format!("{}{others}", keep_words(best)),
        given,
        detail,
    };
    (Some(mistake), lost)
}

#[cfg(test)]
mod tests {
    use crib_core::parse_cards;

    use super::*;
    use crate::questions::QuestionSet;

    fn hand(text: &str) -> HandQuestion {
        let cards = parse_cards(text).unwrap();
        HandQuestion {
            set: QuestionSet::Coverage,
            label: None,
            hand: [cards[0], cards[1], cards[2], cards[3]],
            starter: cards[4],
        }
    }

    fn values(texts: &[&str]) -> Answer {
        Answer::Values(texts.iter().map(|text| (*text).to_owned()).collect())
    }

    #[test]
    fn judges_hand_values() {
        let question = hand("5H 5S 5C JD 5D");
        assert_eq!(judge_hand(&question, values(&["29"])), None);
        let wrong = judge_hand(&question, values(&["28"])).unwrap();
        assert_eq!(
            (wrong.fault, wrong.expected.as_str(), wrong.given.as_str()),
            (Fault::Wrong, "29", "28")
        );
        assert!(wrong.detail.ends_with("twenty-nine"), "{}", wrong.detail);
        assert_eq!(wrong.cards, "5♥ 5♠ 5♣ J♦, starter 5♦");
        assert_eq!(
            wrong.goal,
            "hand_value([card(5,hearts),card(5,spades),card(5,clubs),card(jack,diamonds)],\
             card(5,diamonds),Value)"
        );
        for (answer, fault) in [
            (values(&["29.0"]), Fault::Malformed),
            (values(&["+(20,9)"]), Fault::Malformed),
            (values(&["'29'"]), Fault::Malformed),
            (values(&["-"]), Fault::Malformed),
            (values(&[]), Fault::Malformed),
            (Answer::NonGround(vec!["_".to_owned()]), Fault::Nonground),
            (Answer::Exception("oops".to_owned()), Fault::Exception),
            (Answer::Failed, Fault::Failure),
            (Answer::Timeout, Fault::Timeout),
            (Answer::Exited("killed".to_owned()), Fault::Exited),
        ] {
            assert_eq!(judge_hand(&question, answer.clone()).unwrap().fault, fault, "{answer:?}");
        }
        assert_eq!(judge_hand(&hand("7C QH 2C JC 9H"), values(&["-0"])), None);
        assert_eq!(judge_hand(&question, values(&["-29"])).unwrap().fault, Fault::Wrong);
    }

    fn deal(text: &str) -> DealQuestion {
        DealQuestion { set: QuestionSet::StarterDeals, cards: parse_cards(text).unwrap() }
    }

    fn list(text: &str) -> String {
        prolog_list(parse_cards(text).unwrap())
    }

    #[test]
    fn judges_selections() {
        let question = deal("5H 5S JD 4C 6C KD");
        // The best keep, in any order of either list.
        for (keep, crib) in [("4C 5H 5S 6C", "JD KD"), ("6C 5S 4C 5H", "KD JD")] {
            assert_eq!(judge_deal(&question, values(&[&list(keep), &list(crib)])), (None, 0.0));
        }
        let (wrong, lost) = judge_deal(&question, values(&[&list("5H 5S JD KD"), &list("4C 6C")]));
        let wrong = wrong.unwrap();
        assert_eq!(wrong.fault, Fault::Wrong);
        assert!(wrong.expected.starts_with("4♣ 5♥ 5♠ 6♣ (15.957"), "{}", wrong.expected);
        assert!(wrong.detail.ends_with("points given up"), "{}", wrong.detail);
        assert!(lost > 0.5 && format!("{lost:.3} points given up") == wrong.detail);
        for (keep, crib) in [
            ("4C 5H 5S 6C", "JD"),       // not the complement
            ("4C 5H 5S 6C", "JD KD 4C"), // a kept card in the crib
            ("4C 5H 5S 6C", "JD JD"),    // a crib card twice
            ("4C 5H 5S", "JD KD 6C"),    // three kept
            ("4C 5H 5S 2C", "JD KD"),    // a card not dealt
            ("4C 5H 5S 6C 6C", "JD KD"), // a card kept twice
        ] {
            let mistake = judge_deal(&question, values(&[&list(keep), &list(crib)])).0.unwrap();
            assert_eq!(mistake.fault, Fault::Malformed, "{keep} / {crib}");
        }
        let single = judge_deal(&question, values(&[&list("4C 5H 5S 6C"), "card(jack,diamonds)"]));
        let single = single.0.unwrap();
        assert_eq!(single.fault, Fault::Malformed);
        assert!(single.given.starts_with("Cribcards card(jack,diamonds): not a Prolog list"));
        assert_eq!(judge_deal(&question, Answer::Failed).0.unwrap().fault, Fault::Failure);
    }

    #[test]
    fn ties_are_all_right() {
        // Four of a kind and a nine: every keep with the four twos is best.
        let question = deal("2C 2D 2H 2S 9C");
        let right = judge_deal(&question, values(&[&list("2S 2H 2D 2C"), &list("9C")]));
        assert_eq!(right, (None, 0.0));
        let mistake =
            judge_deal(&question, values(&[&list("2C 2D 2H 9C"), &list("2S")])).0.unwrap();
        assert_eq!(mistake.fault, Fault::Wrong);
        let sixes = deal("KC KD KH 5S 5C 2D");
        let table = table(&sixes);
        let best: Vec<&Keep> =
            table.iter().filter(|keep| keep.expected == table[0].expected).collect();
        assert!(best.len() > 1);
        for keep in best {
            let answer = values(&[&prolog_list(keep.keep), &prolog_list(keep.discard)]);
            assert_eq!(judge_deal(&sixes, answer), (None, 0.0));
        }
    }

    #[test]
    fn reads_integers_as_prolog_writes_them() {
        assert_eq!(integer("29"), Some(29));
        assert_eq!(integer("-3"), Some(-3));
        for text in ["", "-", "+3", "3.0", "0x1F", "1_000", " 3", "99999999999999999999"] {
            assert_eq!(integer(text), None, "{text:?}");
        }
    }
}

//! How players say a count aloud.
//!
//! A show is counted in a fixed order, fifteens first, then pairs, runs, the
//! flush and his nob, with the running total said after each combination:
//! "fifteen two, fifteen four, fifteen six, and a pair is eight". Three of a
//! kind is a "pair royal" and four a "double pair royal", counted as one step.
//! The words are plain text with no terminal or markup codes, so every
//! interface can use them.

use serde::Serialize;

use crate::{Breakdown, CardSet, Category, Rank};

/// One step of a count said aloud: the cards, their points, and the total so
/// far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CountStep {
    /// What the cards score for.
    pub category: Category,
    /// The cards that score.
    pub cards: CardSet,
    /// Their points.
    pub points: u8,
    /// The running total after this step.
    pub total: u8,
    /// For a run, whether an earlier step was a run of the same length
    /// ("another run of three").
    pub repeated: bool,
}

impl CountStep {
    /// What players call this combination: "fifteen", "pair", "pair royal",
    /// "double pair royal", "run of four", "flush of five", "his nob".
    #[must_use]
    pub fn name(&self) -> String {
        let size = number_words(self.cards.len() as u32);
        match (self.category, self.cards.len()) {
            (Category::Fifteen, _) => "fifteen".to_owned(),
            (Category::Pair, 2) => "pair".to_owned(),
            (Category::Pair, 3) => "pair royal".to_owned(),
            (Category::Pair, _) => "double pair royal".to_owned(),
            (Category::Run, _) => format!("run of {size}"),
            (Category::Flush, _) => format!("flush of {size}"),
            (Category::Nobs, _) => "his nob".to_owned(),
        }
    }

    /// The words for this step: "fifteen four", "a pair royal is twelve".
    #[must_use]
    pub fn words(&self) -> String {
        let total = number_words(u32::from(self.total));
        match self.category {
            Category::Fifteen => format!("fifteen {total}"),
            Category::Nobs => format!("one for his nob is {total}"),
            Category::Run if self.repeated => format!("another {} is {total}", self.name()),
            _ => format!("a {} is {total}", self.name()),
        }
    }
}

impl Breakdown {
    /// The count step by step, in the order players say it.
    ///
    /// ```
    /// use crib_core::{parse_cards, Category, Rules, Show};
    /// let show = Show::from_five(&parse_cards("5H 5S 5C JD 5D")?)?;
    /// let steps = show.breakdown(Rules::Hand).steps();
    /// assert_eq!(steps.len(), 8 + 1 + 1);
    /// assert_eq!(steps[8].category, Category::Pair);
    /// assert_eq!(steps[8].points, 12);
    /// assert_eq!(steps[9].words(), "one for his nob is twenty-nine");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn steps(&self) -> Vec<CountStep> {
        let mut steps = Vec::new();
        let mut total = 0;
        let mut push = |category, cards: CardSet, points, repeated| {
            total += points;
            steps.push(CountStep { category, cards, points, total, repeated });
        };
        for &cards in &self.fifteens {
            push(Category::Fifteen, cards, 2, false);
        }
        for rank in Rank::ALL {
            let of_rank = self
                .pairs
                .iter()
                .filter(|pair| pair.first().is_some_and(|card| card.rank() == rank))
                .fold(CardSet::EMPTY, |cards, &pair| cards | pair);
            if !of_rank.is_empty() {
                let count = of_rank.len() as u8;
                push(Category::Pair, of_rank, count * (count - 1), false);
            }
        }
        for (i, &run) in self.runs.iter().enumerate() {
            push(Category::Run, run, run.len() as u8, i > 0);
        }
        if let Some(cards) = self.flush {
            push(Category::Flush, cards, cards.len() as u8, false);
        }
        if let Some(jack) = self.nobs {
            push(Category::Nobs, CardSet::single(jack), 1, false);
        }
        steps
    }

    /// The whole count as a player says it aloud, or "no score".
    ///
    /// ```
    /// use crib_core::{parse_cards, Rules, Show};
    /// let show = Show::from_five(&parse_cards("7H 9S 8C 7C 8H")?)?;
    /// assert_eq!(
    ///     show.breakdown(Rules::Hand).spoken(),
    ///     "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, \
    ///      a pair is twelve, a run of three is fifteen, another run of three is eighteen, \
    ///      another run of three is twenty-one, and another run of three is twenty-four"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn spoken(&self) -> String {
        let phrases: Vec<String> = self.steps().iter().map(CountStep::words).collect();
        match phrases.as_slice() {
            [] => "no score".to_owned(),
            [only] => only.clone(),
            [most @ .., last] => format!("{}, and {last}", most.join(", ")),
        }
    }
}

/// A number of points in figures, as a total is written: "1 point",
/// "29 points", "0 points".
///
/// ```
/// assert_eq!(crib_core::points_phrase(1), "1 point");
/// assert_eq!(crib_core::points_phrase(29), "29 points");
/// ```
#[must_use]
pub fn points_phrase(n: u32) -> String {
    format!("{n} point{}", if n == 1 { "" } else { "s" })
}

/// A whole number in English words, as a count is said: `29` is
/// "twenty-nine", `121` "one hundred and twenty-one".
///
/// ```
/// assert_eq!(crib_core::number_words(0), "zero");
/// assert_eq!(crib_core::number_words(15), "fifteen");
/// assert_eq!(crib_core::number_words(31), "thirty-one");
/// assert_eq!(crib_core::number_words(121), "one hundred and twenty-one");
/// ```
#[must_use]
pub fn number_words(n: u32) -> String {
    const SMALL: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] =
        ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
    match n {
        0..20 => SMALL[n as usize].to_owned(),
        20..100 if n.is_multiple_of(10) => TENS[(n / 10) as usize].to_owned(),
        20..100 => format!("{}-{}", TENS[(n / 10) as usize], SMALL[(n % 10) as usize]),
        100..1000 if n.is_multiple_of(100) => format!("{} hundred", SMALL[(n / 100) as usize]),
        100..1000 => format!("{} hundred and {}", SMALL[(n / 100) as usize], number_words(n % 100)),
        _ => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, Show, parse_cards};

    fn spoken(text: &str, rules: Rules) -> String {
        Show::from_five(&parse_cards(text).unwrap()).unwrap().breakdown(rules).spoken()
    }

    #[test]
    fn counts_aloud() {
        assert_eq!(spoken("7C QH 2C JC 9H", Rules::Hand), "no score");
        assert_eq!(spoken("AS 3H KH 7H KS", Rules::Hand), "a pair is two");
        assert_eq!(
            spoken("5H 5S 5C JD 5D", Rules::Hand),
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, \
             fifteen fourteen, fifteen sixteen, a double pair royal is twenty-eight, \
             and one for his nob is twenty-nine"
        );
        assert_eq!(
            spoken("6C 7C 8C 9C 8S", Rules::Hand),
            "fifteen two, fifteen four, fifteen six, a pair is eight, a run of four is twelve, \
             another run of four is sixteen, and a flush of four is twenty"
        );
        assert_eq!(
            spoken("2H 3H 6H 8H KH", Rules::Crib),
            "fifteen two, and a flush of five is seven"
        );
        assert_eq!(
            spoken("3C 3D 3H 9S KS", Rules::Hand),
            "fifteen two, fifteen four, fifteen six, and a pair royal is twelve"
        );
    }

    #[test]
    fn numbers() {
        let words: Vec<String> =
            [1, 12, 20, 21, 40, 99, 100, 101, 110, 1000].map(number_words).into();
        assert_eq!(
            words,
            [
                "one",
                "twelve",
                "twenty",
                "twenty-one",
                "forty",
                "ninety-nine",
                "one hundred",
                "one hundred and one",
                "one hundred and ten",
                "1000"
            ]
        );
    }
}

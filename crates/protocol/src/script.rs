//! Choices written in advance, outside the protocol: for golden transcripts
//! whose every number must be exact, and for replaying a reported game.
//!
//! A [`Script`] is a list of choices, one per decision of the engine; a
//! [`Scripted`] player takes them in order and hands every decision it
//! cannot take from the script (the script has run out, or its next choice
//! is illegal now) to a fallback player, saying so through a report
//! function (the engine writes it to standard error).
//!
//! The text of a script is entries separated by commas or line breaks; `#`
//! starts a comment that runs to the end of the line. An entry is the cards
//! of one discard (`JD KD`), one card to play (`4C`), or `go`. Every discard
//! and every `play;` on which the engine holds a card that fits takes one
//! entry. A turn on which nothing fits takes a `go` entry if that is what
//! comes next, and none otherwise, so a script may list forced gos or leave
//! them out.

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

use crib_ai::Player;
use crib_core::{Card, CardSet, ParseCardError, View};

/// One scripted decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Cards to discard, or the one card to play.
    Cards(CardSet),
    /// Say go.
    Go,
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Cards(cards) => write!(f, "{cards}"),
            Choice::Go => f.write_str("go"),
        }
    }
}

/// Why a script cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// A word that is neither a card nor `go`.
    #[error("script entry {entry}: {error}")]
    Card {
        /// The entry's number, from 1.
        entry: usize,
        /// What is wrong with the word.
        error: ParseCardError,
    },
    /// The same card twice in one entry.
    #[error("script entry {entry}: card {card} is given twice")]
    Twice {
        /// The entry's number, from 1.
        entry: usize,
        /// The card.
        card: Card,
    },
    /// `go` together with cards.
    #[error("script entry {0}: go stands alone")]
    Go(usize),
}

/// The engine's choices, in the order it will need them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script(VecDeque<Choice>);

impl Script {
    /// The choices, next first.
    pub fn choices(&self) -> impl Iterator<Item = Choice> + '_ {
        self.0.iter().copied()
    }

    /// The number of choices left.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no choice is left.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl FromStr for Script {
    type Err = ScriptError;

    /// Reads a script: entries separated by commas or line breaks, `#`
    /// comments.
    ///
    /// ```
    /// use crib_protocol::Script;
    /// let script: Script = "JD KD, 4C, 5H # the lead\n5S, go, 6C".parse()?;
    /// assert_eq!(script.len(), 6);
    /// assert!("JD XX".parse::<Script>().is_err());
    /// # Ok::<(), crib_protocol::ScriptError>(())
    /// ```
    fn from_str(text: &str) -> Result<Script, ScriptError> {
        let entries = text
            .lines()
            .map(|line| line.split_once('#').map_or(line, |(before, _)| before))
            .flat_map(|line| line.split(','))
            .map(str::trim)
            .filter(|entry| !entry.is_empty());
        let mut choices = VecDeque::new();
        for (index, entry) in entries.enumerate() {
            let number = index + 1;
            let words: Vec<&str> = entry.split_whitespace().collect();
            if words.iter().any(|word| word.eq_ignore_ascii_case("go")) {
                if words.len() > 1 {
                    return Err(ScriptError::Go(number));
                }
                choices.push_back(Choice::Go);
                continue;
            }
            let mut cards = CardSet::EMPTY;
            for word in words {
                let card: Card =
                    word.parse().map_err(|error| ScriptError::Card { entry: number, error })?;
                if !cards.insert(card) {
                    return Err(ScriptError::Twice { entry: number, card });
                }
            }
            choices.push_back(Choice::Cards(cards));
        }
        Ok(Script(choices))
    }
}

/// A player that follows a [`Script`], and a fallback player for every
/// decision the script cannot take.
#[derive(Clone, Debug)]
pub struct Scripted<P> {
    script: Script,
    fallback: P,
    report: fn(&str),
    ran_out: bool,
}

impl<P: Player> Scripted<P> {
    /// Follows `script`, then `fallback`; fallbacks are reported to no one
    /// (see [`Scripted::reporting`]).
    pub fn new(script: Script, fallback: P) -> Scripted<P> {
        Scripted { script, fallback, report: |_| {}, ran_out: false }
    }

    /// The same player, telling `report` each time the fallback decides
    /// instead of the script.
    #[must_use]
    pub fn reporting(self, report: fn(&str)) -> Scripted<P> {
        Scripted { report, ..self }
    }

    /// The choices not yet taken.
    pub const fn script(&self) -> &Script {
        &self.script
    }

    /// The next choice, or `None` (reported once) when the script is over.
    fn next(&mut self) -> Option<Choice> {
        let next = self.script.0.pop_front();
        if next.is_none() && !self.ran_out {
            self.ran_out = true;
            (self.report)("the script has run out: the engine's own player chooses from now on");
        }
        next
    }

    fn refuse(&self, choice: Choice, what: &str, view: &View) {
        (self.report)(&format!(
            "scripted choice \"{choice}\" is not a legal {what} (holding {}, count {}): \
             the engine's own player chooses instead",
            view.hand,
            view.pegging.count()
        ));
    }
}

impl<P: Player> Player for Scripted<P> {
    fn discard(&mut self, view: &View) -> CardSet {
        match self.next() {
            Some(Choice::Cards(cards))
                if cards.len() == view.config.discards() && cards.is_subset(view.hand) =>
            {
                cards
            }
            Some(choice) => {
                self.refuse(choice, "discard", view);
                self.fallback.discard(view)
            }
            None => self.fallback.discard(view),
        }
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        let playable = view.playable();
        if playable.is_empty() {
            if self.script.0.front() == Some(&Choice::Go) {
                self.script.0.pop_front();
            }
            return None;
        }
        match self.next() {
            Some(Choice::Cards(cards)) if cards.len() == 1 && cards.is_subset(playable) => {
                cards.first()
            }
            Some(choice) => {
                self.refuse(choice, "play", view);
                self.fallback.play(view)
            }
            None => self.fallback.play(view),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_ai::BasicPlayer;
    use crib_core::{Action, Game, GameConfig, Phase, Seat};

    fn script(text: &str) -> Result<Vec<String>, String> {
        text.parse::<Script>()
            .map(|script| script.choices().map(|choice| choice.to_string()).collect())
            .map_err(|error| error.to_string())
    }

    #[test]
    fn reading_scripts() {
        assert_eq!(
            script("kd jd,4c\n  # a note, with a comma\n GO ,, 10h\n"),
            Ok(vec!["JD KD".into(), "4C".into(), "go".into(), "TH".into()])
        );
        assert_eq!(script(""), Ok(vec![]));
        assert_eq!(script("4C, JD JD"), Err("script entry 2: card JD is given twice".into()));
        assert_eq!(script("4C go"), Err("script entry 1: go stands alone".into()));
        assert_eq!(script("4C, 5X"), Err("script entry 2: card 5X: unknown suit X".into()));
    }

    /// The views of the seat to play at every turn of a real round's play.
    fn turns(seed: u64) -> Vec<View> {
        let mut game = Game::new(GameConfig::default(), Seat::ALL[0], seed).unwrap();
        game.play(Seat::ALL[0], Action::Deal).unwrap();
        for seat in [Seat::ALL[0], Seat::ALL[1]] {
            let discard = BasicPlayer.discard(&game.view(seat));
            game.play(seat, Action::Discard(discard)).unwrap();
        }
        let mut views = Vec::new();
        while game.phase() == Phase::Pegging {
            let seat = game.to_act()[0];
            views.push(game.view(seat));
            let action = game.legal_actions(seat)[0];
            game.play(seat, action).unwrap();
        }
        views
    }

    #[test]
    fn forced_gos_take_a_go_entry_only_if_it_is_next() {
        let view = (0..100)
            .flat_map(turns)
            .find(|view| view.playable().is_empty())
            .expect("some round has a go");
        let mut with_go = Scripted::new(script_of("go, 4C"), BasicPlayer);
        assert_eq!(with_go.play(&view), None);
        assert_eq!(with_go.script().len(), 1);
        let mut without = Scripted::new(script_of("4C"), BasicPlayer);
        assert_eq!(without.play(&view), None);
        assert_eq!(without.script().len(), 1);
    }

    fn script_of(text: &str) -> Script {
        text.parse().unwrap()
    }

    #[test]
    fn an_illegal_entry_is_used_up_and_the_fallback_decides() {
        let view = turns(0).swap_remove(0);
        let held = view.playable().first().unwrap();
        let absent = (CardSet::DECK - view.hand).first().unwrap();
        let text = format!("{absent}, {held}");
        let mut scripted = Scripted::new(script_of(&text), BasicPlayer);
        assert_eq!(scripted.play(&view), BasicPlayer.play(&view));
        assert_eq!(scripted.play(&view), Some(held));
        assert!(scripted.script().is_empty());
        assert_eq!(scripted.play(&view), BasicPlayer.play(&view));
    }
}

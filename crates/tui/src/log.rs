//! The message log on screen: the lines of the one narration
//! (`crib_table::narrate`), each with the colour of whoever pegs, and how
//! far the person has scrolled back through them.

use crib_core::{Event, Side};
use crib_table::narrate::{Line, Perspective, narrate};

/// The lines a page up or down moves the log.
const PAGE: usize = 5;

/// Who a line is about, for its colour on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Something that happened, no points.
    Plain,
    /// Points for the person.
    You,
    /// Points for another side.
    Them(Side),
    /// A game or match won or lost.
    Result,
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The words.
    pub text: String,
    /// Who it is about.
    pub tone: Tone,
}

impl LogLine {
    /// A line with no points in it.
    #[must_use]
    pub fn plain(text: impl Into<String>) -> LogLine {
        LogLine { text: text.into(), tone: Tone::Plain }
    }

    /// A line of the narration, coloured for the person reading it.
    #[must_use]
    pub fn of(line: &Line, reader: &Perspective) -> LogLine {
        let tone = match line.scorer {
            _ if line.result => Tone::Result,
            None => Tone::Plain,
            Some(seat) if reader.is_ours(seat) => Tone::You,
            Some(seat) => Tone::Them(reader.config().side_of(seat)),
        };
        LogLine { text: line.text.clone(), tone }
    }
}

/// The log: every line so far, oldest first, and how far it is scrolled
/// back.
#[derive(Clone, Debug, Default)]
pub struct Log {
    lines: Vec<LogLine>,
    /// How many of the newest lines the log is scrolled back past.
    back: usize,
}

impl Log {
    /// The lines, oldest first.
    #[must_use]
    pub fn lines(&self) -> &[LogLine] {
        &self.lines
    }

    /// How many of the newest lines the log is scrolled back past (0: the
    /// newest are on screen).
    #[must_use]
    pub const fn back(&self) -> usize {
        self.back
    }

    /// Adds a line.
    pub fn push(&mut self, line: LogLine) {
        self.lines.push(line);
    }

    /// Adds the narration's lines for an event, coloured for `reader`.
    pub fn say(&mut self, event: &Event, reader: &Perspective) {
        let said = narrate(event, reader).lines;
        self.lines.extend(said.iter().map(|line| LogLine::of(line, reader)));
    }

    /// A page back towards the oldest line (never past it).
    pub fn older(&mut self) {
        self.back = (self.back + PAGE).min(self.lines.len().saturating_sub(1));
    }

    /// A page forward towards the newest line.
    pub fn newer(&mut self) {
        self.back = self.back.saturating_sub(PAGE);
    }

    /// Back to the newest line.
    pub fn newest(&mut self) {
        self.back = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::{BySeat, Event, GameConfig, PegPoints, Rules, Seat, Show, parse_cards};

    const HUMAN: Seat = Seat::ALL[0];
    const COMPUTER: Seat = Seat::ALL[1];
    use crib_table::narrate::narrate;

    #[test]
    fn each_line_has_the_colour_of_whoever_pegs() {
        let config = GameConfig::default();
        let reader = Perspective::new(
            config,
            Some(HUMAN),
            BySeat::new(config, |_| "the computer".to_owned()),
        );
        let go = Event::Go { seat: COMPUTER, point_to: Some(HUMAN) };
        let said: Vec<LogLine> =
            narrate(&go, &reader).lines.iter().map(|line| LogLine::of(line, &reader)).collect();
        assert_eq!(said[0], LogLine { text: "The computer: \"go\".".into(), tone: Tone::Plain });
        assert_eq!(said[1].tone, Tone::You);
        let cards = parse_cards("5H 5S JD 4C 6C").expect("cards");
        let show = Show::from_five(&cards).expect("a show");
        let shown = Event::Shown { seat: COMPUTER, breakdown: show.breakdown(Rules::Hand) };
        let line = &narrate(&shown, &reader).lines[0];
        assert_eq!(LogLine::of(line, &reader).tone, Tone::Them(config.side_of(COMPUTER)));
        let nothing = Event::Played {
            seat: COMPUTER,
            card: "TH".parse().expect("a card"),
            count: 20,
            points: PegPoints::NONE,
            claimed: None,
        };
        assert_eq!(LogLine::of(&narrate(&nothing, &reader).lines[0], &reader).tone, Tone::Plain);
    }

    #[test]
    fn the_log_scrolls_by_pages_and_never_past_its_oldest_line() {
        let mut log = Log::default();
        log.older();
        assert_eq!(log.back(), 0, "nothing to scroll back to");
        for n in 0..8 {
            log.push(LogLine::plain(format!("line {n}")));
        }
        log.older();
        assert_eq!(log.back(), 5);
        log.older();
        assert_eq!(log.back(), 7, "the oldest line stays on screen");
        log.newer();
        assert_eq!(log.back(), 2);
        log.newer();
        assert_eq!(log.back(), 0);
        log.older();
        log.newest();
        assert_eq!(log.back(), 0);
    }
}

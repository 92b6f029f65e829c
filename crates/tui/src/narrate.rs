//! The message log on screen: the lines of the one narration
//! (`crib_table::narrate`), each with the colour of whoever pegs.

use crib_core::Side;
use crib_table::narrate::{Line, Perspective};

/// Who a message is about, for its colour on screen.
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
pub struct Message {
    /// The words.
    pub text: String,
    /// Who it is about.
    pub tone: Tone,
}

impl Message {
    /// A message with no points in it.
    #[must_use]
    pub fn plain(text: impl Into<String>) -> Message {
        Message { text: text.into(), tone: Tone::Plain }
    }

    /// A line of the narration, coloured for the person reading it.
    #[must_use]
    pub fn of(line: &Line, reader: &Perspective) -> Message {
        let tone = match line.scorer {
            _ if line.result => Tone::Result,
            None => Tone::Plain,
            Some(seat) if reader.is_ours(seat) => Tone::You,
            Some(seat) => Tone::Them(reader.config().side_of(seat)),
        };
        Message { text: line.text.clone(), tone }
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
        let said: Vec<Message> =
            narrate(&go, &reader).lines.iter().map(|line| Message::of(line, &reader)).collect();
        assert_eq!(said[0], Message { text: "The computer: \"go\".".into(), tone: Tone::Plain });
        assert_eq!(said[1].tone, Tone::You);
        let cards = parse_cards("5H 5S JD 4C 6C").expect("cards");
        let show = Show::from_five(&cards).expect("a show");
        let shown = Event::Shown { seat: COMPUTER, breakdown: show.breakdown(Rules::Hand) };
        let line = &narrate(&shown, &reader).lines[0];
        assert_eq!(Message::of(line, &reader).tone, Tone::Them(config.side_of(COMPUTER)));
        let nothing = Event::Played {
            seat: COMPUTER,
            card: "TH".parse().expect("a card"),
            count: 20,
            points: PegPoints::NONE,
            claimed: None,
        };
        assert_eq!(Message::of(&narrate(&nothing, &reader).lines[0], &reader).tone, Tone::Plain);
    }
}

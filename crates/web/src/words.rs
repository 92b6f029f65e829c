//! The log of the page: every event in the words players say at the table,
//! from one seat's side ("you" and "the computer", or "your opponent").
//!
//! The counting words themselves ("fifteen two", "a pair royal is twelve",
//! "one for last") come from `crib_core`; this module only puts them into
//! sentences, here on the server, so that the page holds no rule.

use crib_core::{Breakdown, Card, CardSet, Event, Rank, Seat, Skunk, number_words};
use serde::Serialize;

/// The words of one event.
#[derive(Debug, Default)]
pub(crate) struct Narration {
    /// The sentences for the log.
    pub lines: Vec<String>,
    /// For a show, each step of its count.
    pub steps: Vec<Step>,
}

/// One step of a show counted aloud.
#[derive(Debug, Serialize)]
pub(crate) struct Step {
    /// The cards that score.
    pub cards: CardSet,
    /// Their points.
    pub points: u8,
    /// The total so far.
    pub total: u8,
    /// What is said: "fifteen four", "a pair is six".
    pub words: String,
}

/// Who is speaking about whom: `names[seat]` is "you" for the seat reading
/// and a third person for the other.
#[derive(Clone, Copy)]
struct Speaker {
    me: Seat,
    names: [&'static str; 2],
}

impl Speaker {
    fn name(self, seat: Seat) -> String {
        capitalised(self.names.get(seat.index()).copied().unwrap_or("someone"))
    }

    fn whose(self, seat: Seat) -> String {
        if seat == self.me { "Your".to_owned() } else { format!("{}'s", self.name(seat)) }
    }

    /// The verb agreeing with the seat: "you play", "the computer plays".
    fn verb(self, seat: Seat, plain: &str) -> String {
        if seat == self.me { plain.to_owned() } else { format!("{plain}s") }
    }
}

/// A card as printed on its face: `5♥`, `10♠`, `J♦`.
pub(crate) fn card_text(card: Card) -> String {
    let rank =
        if card.rank() == Rank::Ten { "10".to_owned() } else { card.rank().code().to_string() };
    format!("{rank}{}", card.suit().symbol())
}

fn cards_text(cards: CardSet) -> String {
    cards.iter().map(card_text).collect::<Vec<_>>().join(" ")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn steps(breakdown: &Breakdown) -> Vec<Step> {
    breakdown
        .steps()
        .iter()
        .map(|step| Step {
            cards: step.cards,
            points: step.points,
            total: step.total,
            words: step.words(),
        })
        .collect()
}

/// The words for `event` as seat `me` reads them, `names` naming each seat.
pub(crate) fn narrate(event: &Event, me: Seat, names: [&'static str; 2]) -> Narration {
    let who = Speaker { me, names };
    let line = |text: String| Narration { lines: vec![text], steps: Vec::new() };
    match event {
        Event::CutForDeal { cuts, dealer: dealer_seat } => {
            let dealer = dealer_seat;
            let said: Vec<String> = cuts
                .iter()
                .enumerate()
                .map(|(index, &(seat, card))| {
                    let name = who.name(seat);
                    let name = if index == 0 { name } else { name.to_lowercase() };
                    format!("{name} {} {}", who.verb(seat, "cut"), card_text(card))
                })
                .collect();
            let dealer = who.name(*dealer).to_lowercase();
            line(format!("{}: {dealer} {} first.", said.join(", "), who.verb(*dealer_seat, "deal")))
        }
        Event::NewGame { game, dealer } => line(format!(
            "Game {}: {} {} first.",
            game + 1,
            who.name(*dealer),
            who.verb(*dealer, "deal")
        )),
        Event::Dealt { dealer, .. } => line(format!(
            "{} {}; the crib is {}.",
            who.name(*dealer),
            who.verb(*dealer, "deal"),
            if *dealer == me { "yours".to_owned() } else { who.whose(*dealer).to_lowercase() }
        )),
        Event::Discarded { seat, cards } => {
            let what = cards.map_or_else(|| "two cards".to_owned(), cards_text);
            line(format!("{} {} {what} to the crib.", who.name(*seat), who.verb(*seat, "give")))
        }
        Event::Cut { pone, starter } => line(format!(
            "{} {}: the starter is {}.",
            who.name(*pone),
            who.verb(*pone, "cut"),
            card_text(*starter)
        )),
        Event::HisHeels { dealer } => {
            line(format!("A jack is turned. {}: \"two for his heels\".", who.name(*dealer)))
        }
        Event::Played { seat, card, count, points } => line(format!(
            "{} {} {}: \"{}\".",
            who.name(*seat),
            who.verb(*seat, "play"),
            card_text(*card),
            points.spoken(*count)
        )),
        Event::Go { seat, point_to } => {
            let mut lines = vec![format!("{}: \"go\".", who.name(*seat))];
            if let Some(last) = point_to {
                lines.push(format!("{}: \"one for the go\".", who.name(*last)));
            }
            Narration { lines, steps: Vec::new() }
        }
        Event::CountRestarted { leader } => line(format!(
            "The count goes back to zero; {} {}.",
            who.name(*leader).to_lowercase(),
            who.verb(*leader, "lead")
        )),
        Event::Shown { seat, breakdown } => Narration {
            lines: vec![format!(
                "{} hand, {} with {}: \"{}\".",
                who.whose(*seat),
                cards_text(breakdown.show.hand()),
                card_text(breakdown.show.starter()),
                breakdown.spoken()
            )],
            steps: steps(breakdown),
        },
        Event::CribShown { dealer, breakdown } => Narration {
            lines: vec![format!(
                "{} crib, {} with {}: \"{}\".",
                who.whose(*dealer),
                cards_text(breakdown.show.hand()),
                card_text(breakdown.show.starter()),
                breakdown.spoken()
            )],
            steps: steps(breakdown),
        },
        Event::Claimed { seat, crib, breakdown, claimed } => Narration {
            lines: vec![
                format!(
                    "{} {} {}, \"{}\", and {} {}.",
                    who.whose(*seat),
                    if *crib { "crib" } else { "hand" },
                    cards_text(breakdown.show.hand()),
                    breakdown.spoken(),
                    who.name(*seat).to_lowercase(),
                    who.verb(*seat, "claim")
                ) + &format!(" {}", number_words(u32::from(*claimed))),
            ],
            steps: steps(breakdown),
        },
        Event::Muggins { seat, from, points } => line(format!(
            "{}: \"muggins!\" {} {} missed.",
            who.name(*seat),
            number_words(u32::from(*points)),
            who.name(*from).to_lowercase()
        )),
        Event::GameWon(result) => {
            let winner = result.winner.index();
            let winning = result.scores.get(winner).copied().unwrap_or_default();
            let losing = result.scores.get(1 - winner.min(1)).copied().unwrap_or_default();
            let seat = Seat::ALL[winner.min(1)];
            let end = match result.skunk() {
                Skunk::None => ".",
                Skunk::Single => ": a skunk!",
                Skunk::Double => ": a double skunk!",
            };
            line(format!(
                "{} {} the game, {winning} to {losing}{end}",
                who.name(seat),
                who.verb(seat, "win")
            ))
        }
        Event::MatchWon { winner, games } => {
            let seat = Seat::ALL[winner.index().min(1)];
            let won = games.get(winner.index()).copied().unwrap_or_default();
            let lost: u32 = games.iter().sum::<u32>() - won;
            line(format!(
                "{} {} the match, {} to {}.",
                who.name(seat),
                who.verb(seat, "win"),
                number_words(won),
                number_words(lost)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::PegPoints;

    const NAMES: [&str; 2] = ["you", "the computer"];

    #[test]
    fn plays_are_said_from_the_readers_side() {
        let Ok(card) = "TH".parse::<Card>() else { panic!("a card") };
        let played = Event::Played { seat: Seat::ALL[1], card, count: 20, points: PegPoints::NONE };
        let said = narrate(&played, Seat::ALL[0], NAMES);
        assert_eq!(said.lines, ["The computer plays 10♥: \"twenty\"."]);
        let go = Event::Go { seat: Seat::ALL[1], point_to: Some(Seat::ALL[0]) };
        assert_eq!(
            narrate(&go, Seat::ALL[0], NAMES).lines,
            ["The computer: \"go\".", "You: \"one for the go\"."]
        );
    }
}

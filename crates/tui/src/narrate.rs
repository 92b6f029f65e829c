//! The message log: every event of the game in the words players say at the
//! table.
//!
//! Scores are said as players say them, with the words of `crib_core`
//! ("fifteen two", "thirty-one for two", "go", "one for last", a show
//! counted aloud), so that the log reads like a game overheard. The person
//! is "you", the other seat "the computer".

use crib_core::{Card, CardSet, Event, GameResult, Seat, Side, Skunk, number_words};

use crate::app::{COMPUTER, HUMAN};

/// Who a message is about, for its colour on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Something that happened, no points.
    Plain,
    /// Points for the person.
    You,
    /// Points for the computer.
    Computer,
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

    fn scored(seat: Seat, points: u8, text: String) -> Message {
        let tone = match (points, seat == HUMAN) {
            (0, _) => Tone::Plain,
            (_, true) => Tone::You,
            (_, false) => Tone::Computer,
        };
        Message { text, tone }
    }
}

/// The subject of a sentence: "You" or "The computer".
#[must_use]
pub fn subject(seat: Seat) -> &'static str {
    if seat == HUMAN { "You" } else { "The computer" }
}

/// The object of a sentence: "you" or "the computer".
#[must_use]
pub fn object(seat: Seat) -> &'static str {
    if seat == HUMAN { "you" } else { "the computer" }
}

/// "your" or "the computer's".
#[must_use]
pub fn possessive(seat: Seat) -> &'static str {
    if seat == HUMAN { "your" } else { "the computer's" }
}

/// The verb for `seat`: `you_form` for the person, `it_form` for the computer.
fn verb(seat: Seat, you_form: &'static str, it_form: &'static str) -> &'static str {
    if seat == HUMAN { you_form } else { it_form }
}

/// Cards as people read them: `5♥ 10♠ J♦`.
#[must_use]
pub fn cards_text(cards: CardSet) -> String {
    cards.iter().map(card_text).collect::<Vec<_>>().join(" ")
}

/// A card as people read it: `5♥`, `10♠`.
#[must_use]
pub fn card_text(card: Card) -> String {
    format!("{}{}", rank_text(card), card.suit().symbol())
}

/// A card's rank as printed on it: `A`, `2`…`10`, `J`, `Q`, `K`.
#[must_use]
pub fn rank_text(card: Card) -> String {
    if card.rank() == crib_core::Rank::Ten {
        "10".to_owned()
    } else {
        card.rank().code().to_string()
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The sentence for a finished game, from the person's side.
#[must_use]
pub fn game_result(result: &GameResult, human: Side) -> String {
    let winner = result.winner;
    let loser = if winner == human { 1 - human.index() } else { human.index() };
    let winning = result.scores.get(winner.index()).copied().unwrap_or_default();
    let losing = result.scores.get(loser).copied().unwrap_or_default();
    let who = if winner == human { "You win" } else { "The computer wins" };
    let end = match result.skunk() {
        Skunk::None => ".",
        Skunk::Single => ": a skunk!",
        Skunk::Double => ": a double skunk!",
    };
    format!("{who} the game, {winning} to {losing}{end}")
}

/// The messages an event makes, as the person sees it.
#[must_use]
pub fn narrate(event: &Event) -> Vec<Message> {
    match event {
        Event::CutForDeal { cuts, .. } => {
            // Two cuts a round; a tie for lowest cuts again.
            let rounds = cuts.chunks(2).count();
            cuts.chunks(2)
                .enumerate()
                .map(|(round, pair)| {
                    let said: Vec<String> = pair
                        .iter()
                        .map(|&(seat, card)| {
                            let cut = verb(seat, "cut", "cuts");
                            format!("{} {cut} {}", object(seat), card_text(card))
                        })
                        .collect();
                    let outcome = if round + 1 < rounds {
                        "a tie: cut again"
                    } else {
                        "the lower card deals"
                    };
                    Message::plain(capitalised(&format!("{}: {outcome}.", said.join(", "))))
                })
                .collect()
        }
        Event::NewGame { game, dealer } => vec![Message::plain(format!(
            "Game {}: {} {} first.",
            game + 1,
            object(*dealer),
            verb(*dealer, "deal", "deals")
        ))],
        Event::Dealt { dealer, .. } => vec![Message::plain(format!(
            "{} {}; the crib is {}.",
            subject(*dealer),
            verb(*dealer, "deal", "deals"),
            if *dealer == HUMAN { "yours" } else { "the computer's" }
        ))],
        Event::Discarded { seat, cards } => {
            let what = match cards {
                Some(cards) if *seat == HUMAN => cards_text(*cards),
                _ => "two cards".to_owned(),
            };
            vec![Message::plain(format!(
                "{} {} {what} to the crib.",
                subject(*seat),
                verb(*seat, "give", "gives")
            ))]
        }
        Event::Cut { pone, starter } => vec![Message::plain(format!(
            "{} {}: the starter is {}.",
            subject(*pone),
            verb(*pone, "cut", "cuts"),
            card_text(*starter)
        ))],
        Event::HisHeels { dealer } => vec![Message::scored(
            *dealer,
            2,
            format!("A jack is turned. {}: \"two for his heels\".", subject(*dealer)),
        )],
        Event::Played { seat, card, count, points } => vec![Message::scored(
            *seat,
            points.total(),
            format!(
                "{} {} {}: \"{}\".",
                subject(*seat),
                verb(*seat, "play", "plays"),
                card_text(*card),
                points.spoken(*count)
            ),
        )],
        Event::Go { seat, point_to } => {
            let mut lines = vec![Message::plain(format!("{}: \"go\".", subject(*seat)))];
            if let Some(last) = point_to {
                lines.push(Message::scored(
                    *last,
                    1,
                    format!("{}: \"one for the go\".", subject(*last)),
                ));
            }
            lines
        }
        Event::CountRestarted { leader } => vec![Message::plain(format!(
            "The count goes back to zero; {} {}.",
            object(*leader),
            verb(*leader, "lead", "leads")
        ))],
        Event::Shown { seat, breakdown } => vec![Message::scored(
            *seat,
            breakdown.total(),
            format!(
                "{} hand, {} with {}: \"{}\".",
                capitalised(possessive(*seat)),
                cards_text(breakdown.show.hand()),
                card_text(breakdown.show.starter()),
                breakdown.spoken()
            ),
        )],
        Event::CribShown { dealer, breakdown } => vec![Message::scored(
            *dealer,
            breakdown.total(),
            format!(
                "{} crib, {} with {}: \"{}\".",
                capitalised(possessive(*dealer)),
                cards_text(breakdown.show.hand()),
                card_text(breakdown.show.starter()),
                breakdown.spoken()
            ),
        )],
        Event::Claimed { seat, crib, breakdown, claimed } => {
            let what = if *crib { "crib" } else { "hand" };
            let total = breakdown.total();
            let spoken = breakdown.spoken();
            let words = number_words(u32::from(total));
            let verdict = match (*claimed).cmp(&total) {
                std::cmp::Ordering::Greater => format!(" It is only {words}: \"{spoken}\"."),
                std::cmp::Ordering::Equal => " Right.".to_owned(),
                std::cmp::Ordering::Less => format!(" It is {words}: \"{spoken}\"."),
            };
            vec![Message::scored(
                *seat,
                (*claimed).min(total),
                format!(
                    "{} {} {} {what}, {} with {}: \"{}\".{verdict}",
                    subject(*seat),
                    verb(*seat, "count", "counts"),
                    possessive(*seat),
                    cards_text(breakdown.show.hand()),
                    card_text(breakdown.show.starter()),
                    number_words(u32::from(*claimed))
                ),
            )]
        }
        Event::Muggins { seat, from, points } => vec![Message::scored(
            *seat,
            *points,
            format!(
                "{}: \"muggins!\" {} {} the {} {} missed.",
                subject(*seat),
                if *seat == HUMAN { "You" } else { "It" },
                verb(*seat, "peg", "pegs"),
                number_words(u32::from(*points)),
                object(*from)
            ),
        )],
        Event::GameWon(result) => {
            vec![Message { text: game_result(result, side_of(HUMAN)), tone: Tone::Result }]
        }
        Event::MatchWon { winner, games } => {
            let human = side_of(HUMAN).index();
            let ours = games.get(human).copied().unwrap_or_default();
            let theirs = games.get(1 - human).copied().unwrap_or_default();
            let (who, first, second) = if winner.index() == human {
                ("You win", ours, theirs)
            } else {
                ("The computer wins", theirs, ours)
            };
            vec![Message {
                text: format!(
                    "{who} the match, {} {} to {}.",
                    number_words(first),
                    if first == 1 { "game" } else { "games" },
                    number_words(second)
                ),
                tone: Tone::Result,
            }]
        }
    }
}

/// The side a seat scores for in the two-player game on screen.
#[must_use]
pub fn side_of(seat: Seat) -> Side {
    crib_core::GameConfig::default().side_of(seat)
}

/// The other seat.
#[must_use]
pub fn other(seat: Seat) -> Seat {
    if seat == HUMAN { COMPUTER } else { HUMAN }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::{PegPoints, Rules, Show, parse_cards};

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn scores_are_said_as_players_say_them() {
        let played =
            Event::Played { seat: COMPUTER, card: card("TH"), count: 20, points: PegPoints::NONE };
        assert_eq!(narrate(&played)[0].text, "The computer plays 10♥: \"twenty\".");
        let go = Event::Go { seat: COMPUTER, point_to: Some(HUMAN) };
        let lines: Vec<String> = narrate(&go).into_iter().map(|m| m.text).collect();
        assert_eq!(lines, ["The computer: \"go\".", "You: \"one for the go\"."]);
        let show = Show::from_five(&parse_cards("5H 5S JD 4C 6C").unwrap()).unwrap();
        let shown = Event::Shown { seat: HUMAN, breakdown: show.breakdown(Rules::Hand) };
        let message = &narrate(&shown)[0];
        assert_eq!(message.tone, Tone::You);
        assert!(message.text.starts_with("Your hand, 4♣ 5♥ 5♠ J♦ with 6♣: \"fifteen two,"));
    }
}

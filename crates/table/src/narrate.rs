//! Events in players' words: the one narrator of every interface (the
//! terminal's log, the page's log, `crib replay`).
//!
//! The counting words themselves ("fifteen two", "a pair royal is twelve",
//! "one for last") come from `crib_core`; this module puts them into
//! sentences from one reader's side, a [`Perspective`]: which seat is "you"
//! (if any), what the other seats are called, and who is whose partner with
//! four players. Nothing here knows how many seats a table has beyond what
//! the perspective's [`GameConfig`] says.

use crib_core::{
    Breakdown, BySeat, Card, CardSet, Category, CountByKind, DrillHand, DrillRecord, Event,
    GameConfig, GameResult, Grade, MatchLength, Rank, Seat, Side, Skunk, number_words,
};
use crib_store::{NewGame, PlayerKind};
use serde::Serialize;

/// Who is reading, and what every seat is called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perspective {
    config: GameConfig,
    me: Option<Seat>,
    /// Each seat's name in the third person, lower case ("the computer",
    /// "west", "basic"); the reader's own seat is "you" whatever it says.
    names: BySeat<String>,
}

impl Perspective {
    /// The table read from `me`'s seat (or by an onlooker, `None`), every
    /// other seat called `names[seat]`.
    #[must_use]
    pub fn new(config: GameConfig, me: Option<Seat>, names: BySeat<String>) -> Perspective {
        Perspective { config, me, names }
    }

    /// The saved match of `setup` read from `me`'s seat (or by an onlooker,
    /// `None`), every other seat called by its saved name, or "the
    /// computer" when one computer played.
    #[must_use]
    pub fn of_saved(setup: &NewGame, me: Option<Seat>) -> Perspective {
        let config = setup.config;
        let players = &setup.players;
        let computers = players.iter().filter(|player| player.kind == PlayerKind::Computer).count();
        let names = BySeat::new(config, |seat| match players.get(seat.index()) {
            Some(player) if player.kind == PlayerKind::Computer && computers == 1 => {
                "the computer".to_owned()
            }
            Some(player) => player.name.clone(),
            None => format!("seat {seat}"),
        });
        Perspective::new(config, me, names)
    }

    /// The table's configuration.
    #[must_use]
    pub const fn config(&self) -> GameConfig {
        self.config
    }

    /// The reader's seat, if the reader sits at the table.
    #[must_use]
    pub const fn me(&self) -> Option<Seat> {
        self.me
    }

    /// Whether `seat` is the reader's.
    #[must_use]
    pub fn is_me(&self, seat: Seat) -> bool {
        self.me == Some(seat)
    }

    /// Whether `seat` scores for the reader (the reader or their partner).
    #[must_use]
    pub fn is_ours(&self, seat: Seat) -> bool {
        self.me.is_some_and(|me| self.config.side_of(me) == self.config.side_of(seat))
    }

    /// A seat's name as the subject of a sentence: "You", "The computer".
    #[must_use]
    pub fn subject(&self, seat: Seat) -> String {
        capitalised(&self.object(seat))
    }

    /// A seat's name inside a sentence: "you", "the computer".
    #[must_use]
    pub fn object(&self, seat: Seat) -> String {
        if self.is_me(seat) {
            "you".to_owned()
        } else {
            self.names.get(seat).cloned().unwrap_or_else(|| format!("seat {seat}"))
        }
    }

    /// "your", "the computer's".
    #[must_use]
    pub fn possessive(&self, seat: Seat) -> String {
        if self.is_me(seat) { "your".to_owned() } else { format!("{}'s", self.object(seat)) }
    }

    /// The verb agreeing with the seat: "you play", "the computer plays".
    #[must_use]
    pub fn verb(&self, seat: Seat, plain: &str) -> String {
        if self.is_me(seat) { plain.to_owned() } else { third_person(plain) }
    }

    /// A side's name: a player's, or "you and north" / "north and south"
    /// for a partnership.
    #[must_use]
    pub fn side(&self, side: Side) -> String {
        let seats: Vec<Seat> = self.config.seats_of(side).collect();
        let mine = seats.iter().position(|&seat| self.is_me(seat));
        let mut names: Vec<String> = seats.iter().map(|&seat| self.object(seat)).collect();
        if let Some(index) = mine {
            // "you and your partner" reads better with "you" first.
            names.swap(0, index);
        }
        names.join(" and ")
    }

    /// Whether a side's name takes a plural verb ("you win", "north and
    /// south win").
    fn side_is_plural(&self, side: Side) -> bool {
        self.config.seats_of(side).count() > 1
            || self.config.seats_of(side).any(|seat| self.is_me(seat))
    }

    /// The verb agreeing with a side.
    #[must_use]
    pub fn side_verb(&self, side: Side, plain: &str) -> String {
        if self.side_is_plural(side) { plain.to_owned() } else { third_person(plain) }
    }

    /// Whether `side` is the reader's.
    #[must_use]
    pub fn is_our_side(&self, side: Side) -> bool {
        self.me.is_some_and(|me| self.config.side_of(me) == side)
    }
}

/// What the person at `me` calls `seat` at a table of `config`, the one
/// naming of every interface: "you" for `me`; with three or four players
/// the compass point of a table where `me` sits south and play passes to
/// the left, so West plays after you, then North (your partner, with four),
/// then East. With two players the other seat has no compass point:
/// `None`, for the caller to name by who sits there ("the computer").
#[must_use]
pub fn seat_name(config: GameConfig, me: Seat, seat: Seat) -> Option<&'static str> {
    let players = usize::from(config.players());
    let after_me = (seat.index() + players - me.index() % players) % players;
    match after_me {
        0 => Some("you"),
        _ if players == 2 => None,
        _ => compass(players).get(after_me).copied(),
    }
}

/// What a spectator, who sits at no seat, calls `seat` at a table of
/// `config`: its compass point, seat 0 south and play passing to the left
/// (South, West, North, East with four; South, West, East with three;
/// South and North with two).
#[must_use]
pub fn compass_name(config: GameConfig, seat: Seat) -> &'static str {
    compass(usize::from(config.players())).get(seat.index()).copied().unwrap_or("South")
}

/// The compass points of a table of `players`, from south to the left.
const fn compass(players: usize) -> &'static [&'static str] {
    match players {
        3 => &["South", "West", "East"],
        4 => &["South", "West", "North", "East"],
        _ => &["South", "North"],
    }
}

fn third_person(plain: &str) -> String {
    if plain.ends_with('s') || plain.ends_with("sh") || plain.ends_with("ch") {
        format!("{plain}es")
    } else {
        format!("{plain}s")
    }
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The words.
    pub text: String,
    /// Who pegs with this line, if anyone does (for its colour).
    pub scorer: Option<Seat>,
    /// Whether the line tells how a game or the match ended.
    pub result: bool,
}

impl Line {
    /// A line with no points in it.
    #[must_use]
    pub fn plain(text: impl Into<String>) -> Line {
        Line { text: text.into(), scorer: None, result: false }
    }

    fn scored(seat: Seat, points: u8, text: String) -> Line {
        Line { text, scorer: (points > 0).then_some(seat), result: false }
    }

    fn result(text: String) -> Line {
        Line { text, scorer: None, result: true }
    }
}

/// One step of a show counted aloud.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The cards that score.
    pub cards: CardSet,
    /// Their points.
    pub points: u8,
    /// The total so far.
    pub total: u8,
    /// What is said: "fifteen four", "a pair is six".
    pub words: String,
}

/// The words of one event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Narration {
    /// The sentences for the log.
    pub lines: Vec<Line>,
    /// For a show, each step of its count.
    pub steps: Vec<Step>,
}

impl Narration {
    fn line(line: Line) -> Narration {
        Narration { lines: vec![line], steps: Vec::new() }
    }

    fn show(line: Line, breakdown: &Breakdown) -> Narration {
        Narration { lines: vec![line], steps: steps(breakdown) }
    }
}

/// A card as printed on its face: `5♥`, `10♠`, `J♦`.
#[must_use]
pub fn card_text(card: Card) -> String {
    format!("{}{}", rank_text(card), card.suit().symbol())
}

/// A card's rank as printed on it: `A`, `2`…`10`, `J`, `Q`, `K`.
#[must_use]
pub fn rank_text(card: Card) -> String {
    if card.rank() == Rank::Ten { "10".to_owned() } else { card.rank().code().to_string() }
}

/// Cards as people read them: `5♥ 10♠ J♦`.
#[must_use]
pub fn cards_text(cards: CardSet) -> String {
    cards.iter().map(card_text).collect::<Vec<_>>().join(" ")
}

/// `text` with its first letter in capitals: "West and east", "Your".
#[must_use]
pub fn capitalised(text: &str) -> String {
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

/// A match's length in a few words: "a single game", "first to 2 games",
/// "the club format, 9 games".
#[must_use]
pub fn length_text(length: MatchLength) -> String {
    match length {
        MatchLength::FirstTo(1) => "a single game".to_owned(),
        MatchLength::FirstTo(wins) => format!("first to {wins} games"),
        MatchLength::AllOf(games) => format!("the club format, {games} games"),
    }
}

/// How a match of `length` is won, as a sentence of the rules.
#[must_use]
pub fn length_rule(length: MatchLength) -> String {
    match length {
        MatchLength::FirstTo(wins) => format!(
            "The first to win {wins} {} wins the match; a game's loser deals the next.",
            if wins == 1 { "game" } else { "games" }
        ),
        MatchLength::AllOf(games) => format!(
            "All {games} games are played; the match goes to the most points (2 for a game won, \
             3 for a skunk), then the most games won, then the spread (margins won less margins \
             lost); a game's loser deals the next."
        ),
    }
}

/// The sentence for a finished game: "You win the game, 121 to 98: a skunk!"
#[must_use]
pub fn game_result(result: &GameResult, who: &Perspective) -> String {
    let winner = result.winner;
    let winning = result.scores.get(winner.index()).copied().unwrap_or_default();
    let mut losing: Vec<u16> = result
        .scores
        .iter()
        .enumerate()
        .filter(|&(side, _)| side != winner.index())
        .map(|(_, &score)| score)
        .collect();
    losing.sort_unstable_by(|a, b| b.cmp(a));
    let losing: Vec<String> = losing.iter().map(u16::to_string).collect();
    let end = match result.skunk() {
        Skunk::None => ".",
        Skunk::Single => ": a skunk!",
        Skunk::Double => ": a double skunk!",
    };
    format!(
        "{} {} the game, {winning} to {}{end}",
        capitalised(&who.side(winner)),
        who.side_verb(winner, "win"),
        losing.join(" and ")
    )
}

/// The words for a move the table's move clock made for `seat`, whose
/// person ran out of time (the `basic` player chose it): "Moved by the
/// clock: you ran out of time." Said before the move's own words, in a
/// table's log and in a review's list of decisions.
#[must_use]
pub fn clock_moved(seat: Seat, who: &Perspective) -> String {
    format!("Moved by the clock: {} ran out of time.", who.object(seat))
}

/// The words for a match forfeited on the move clock: `seat` ran out of
/// time on `times` moves running, so it has left the match. "North ran out
/// of time three times running and forfeits the match."
#[must_use]
pub fn clock_forfeit(seat: Seat, times: u8, who: &Perspective) -> String {
    format!(
        "{} ran out of time {} times running and {} the match.",
        who.subject(seat),
        number_words(u32::from(times)),
        who.verb(seat, "forfeit")
    )
}

/// The words for `event` (already redacted for the reader, if it sits at
/// the table) as `who` reads them.
#[must_use]
pub fn narrate(event: &Event, who: &Perspective) -> Narration {
    let plain = |text: String| Narration::line(Line::plain(text));
    match event {
        Event::CutForDeal { cuts, dealer } => {
            let mut lines = Vec::new();
            let mut rest = cuts.as_slice();
            let mut cutting = usize::from(who.config.players());
            while !rest.is_empty() {
                let (round, later) = rest.split_at(cutting.min(rest.len()));
                rest = later;
                let said: Vec<String> = round
                    .iter()
                    .map(|&(seat, card)| {
                        format!(
                            "{} {} {}",
                            who.object(seat),
                            who.verb(seat, "cut"),
                            card_text(card)
                        )
                    })
                    .collect();
                let lowest = round.iter().map(|(_, card)| card.rank()).min();
                cutting = round.iter().filter(|(_, card)| Some(card.rank()) == lowest).count();
                let outcome = if rest.is_empty() {
                    format!("{} {} first", who.object(*dealer), who.verb(*dealer, "deal"))
                } else {
                    "a tie for the lowest card: cut again".to_owned()
                };
                lines.push(Line::plain(capitalised(&format!("{}: {outcome}.", said.join(", ")))));
            }
            Narration { lines, steps: Vec::new() }
        }
        Event::NewGame { game, dealer } => plain(format!(
            "Game {}: {} {} first.",
            game + 1,
            who.object(*dealer),
            who.verb(*dealer, "deal")
        )),
        Event::Dealt { dealer, .. } => plain(format!(
            "{} {}; the crib is {}.",
            who.subject(*dealer),
            who.verb(*dealer, "deal"),
            if who.is_me(*dealer) { "yours".to_owned() } else { who.possessive(*dealer) }
        )),
        Event::Discarded { seat, cards } => {
            let what = match cards {
                Some(cards) => cards_text(*cards),
                None if who.config.discards() == 1 => "a card".to_owned(),
                None => "two cards".to_owned(),
            };
            plain(format!("{} {} {what} to the crib.", who.subject(*seat), who.verb(*seat, "give")))
        }
        Event::Cut { pone, starter } => plain(format!(
            "{} {}: the starter is {}.",
            who.subject(*pone),
            who.verb(*pone, "cut"),
            card_text(*starter)
        )),
        Event::HisHeels { dealer } => Narration::line(Line::scored(
            *dealer,
            2,
            format!("A jack is turned. {}: \"two for his heels\".", who.subject(*dealer)),
        )),
        Event::Played { seat, card, count, points, claimed: None } => {
            Narration::line(Line::scored(
                *seat,
                points.total(),
                format!(
                    "{} {} {}: \"{}\".",
                    who.subject(*seat),
                    who.verb(*seat, "play"),
                    card_text(*card),
                    points.spoken(*count)
                ),
            ))
        }
        Event::Played { seat, card, count, points, claimed: Some(claimed) } => {
            let total = points.total();
            Narration::line(Line::scored(
                *seat,
                (*claimed).min(total),
                format!(
                    "{} {} {} and {} \"{}\".{}",
                    who.subject(*seat),
                    who.verb(*seat, "play"),
                    card_text(*card),
                    who.verb(*seat, "say"),
                    number_words(u32::from(*claimed)),
                    verdict(*claimed, total, &points.spoken(*count))
                ),
            ))
        }
        Event::Go { seat, point_to } => {
            // The last to play, when no one can play on, claims the point
            // rather than saying go: "go" is said only by another.
            let mut lines = Vec::new();
            if *point_to != Some(*seat) {
                lines.push(Line::plain(format!("{}: \"go\".", who.subject(*seat))));
            }
            if let Some(last) = point_to {
                lines.push(Line::scored(
                    *last,
                    1,
                    format!("{}: \"one for the go\".", who.subject(*last)),
                ));
            }
            Narration { lines, steps: Vec::new() }
        }
        Event::CountRestarted { leader } => plain(format!(
            "The count goes back to zero; {} {}.",
            who.object(*leader),
            who.verb(*leader, "lead")
        )),
        Event::Shown { seat, breakdown } => Narration::show(
            Line::scored(
                *seat,
                breakdown.total(),
                format!(
                    "{} hand, {} with {}: \"{}\".",
                    capitalised(&who.possessive(*seat)),
                    cards_text(breakdown.show.hand()),
                    card_text(breakdown.show.starter()),
                    breakdown.spoken()
                ),
            ),
            breakdown,
        ),
        Event::CribShown { dealer, breakdown } => Narration::show(
            Line::scored(
                *dealer,
                breakdown.total(),
                format!(
                    "{} crib, {} with {}: \"{}\".",
                    capitalised(&who.possessive(*dealer)),
                    cards_text(breakdown.show.hand()),
                    card_text(breakdown.show.starter()),
                    breakdown.spoken()
                ),
            ),
            breakdown,
        ),
        Event::Claimed { seat, crib, breakdown, claimed } => {
            let what = if *crib { "crib" } else { "hand" };
            let total = breakdown.total();
            let spoken = breakdown.spoken();
            let verdict = verdict(*claimed, total, &spoken);
            Narration::show(
                Line::scored(
                    *seat,
                    (*claimed).min(total),
                    format!(
                        "{} {} {} {what}, {} with {}: \"{}\".{verdict}",
                        who.subject(*seat),
                        who.verb(*seat, "count"),
                        who.possessive(*seat),
                        cards_text(breakdown.show.hand()),
                        card_text(breakdown.show.starter()),
                        number_words(u32::from(*claimed))
                    ),
                ),
                breakdown,
            )
        }
        Event::Muggins { seat, from, points } => Narration::line(Line::scored(
            *seat,
            *points,
            format!(
                "{}: \"muggins!\" {} {} the {} {} missed.",
                who.subject(*seat),
                who.subject(*seat),
                who.verb(*seat, "peg"),
                number_words(u32::from(*points)),
                who.object(*from)
            ),
        )),
        Event::GameWon(result) => Narration::line(Line::result(game_result(result, who))),
        Event::MatchWon { winner, games, points } => {
            let won = games.get(winner.index()).copied().unwrap_or_default();
            let mut lost: Vec<u32> = games
                .iter()
                .enumerate()
                .filter(|&(side, _)| side != winner.index())
                .map(|(_, &games)| games)
                .collect();
            lost.sort_unstable_by(|a, b| b.cmp(a));
            let lost: Vec<String> = lost.into_iter().map(number_words).collect();
            let games = format!(
                "{} {} to {}",
                number_words(won),
                if won == 1 { "game" } else { "games" },
                lost.join(" and ")
            );
            let how = match points {
                Some(points) => {
                    let own = points.get(winner.index()).copied().unwrap_or_default();
                    let other = points
                        .iter()
                        .enumerate()
                        .filter(|&(side, _)| side != winner.index())
                        .map(|(_, &points)| points.to_string())
                        .collect::<Vec<_>>();
                    format!(" on points, {own} to {} ({games})", other.join(" and "))
                }
                None => format!(", {games}"),
            };
            Narration::line(Line::result(format!(
                "{} {} the match{how}.",
                capitalised(&who.side(*winner)),
                who.side_verb(*winner, "win"),
            )))
        }
    }
}

/// What follows a count a player said, `claimed`, of points worth
/// `total` (spoken as `spoken`): "Right." or the true count.
fn verdict(claimed: u8, total: u8, spoken: &str) -> String {
    let words = number_words(u32::from(total));
    match claimed.cmp(&total) {
        std::cmp::Ordering::Greater => format!(" It is only {words}: \"{spoken}\"."),
        std::cmp::Ordering::Equal => " Right.".to_owned(),
        std::cmp::Ordering::Less => format!(" It is {words}: \"{spoken}\"."),
    }
}

/// A drill's hand in the narration's words: the person's count of it said
/// as a claim is ("You count your crib, 5♣ 5♥ 5♠ J♦ with 5♦: \"twenty\".
/// It is twenty-nine: \"fifteen two, …\"."), the count spoken as players
/// say it whenever the answer was wrong.
#[must_use]
pub fn drill_count(hand: &DrillHand, grade: &Grade) -> String {
    let seat = Seat::ALL[0];
    let who = Perspective::new(
        GameConfig::default(),
        Some(seat),
        BySeat::new(GameConfig::default(), |_| String::new()),
    );
    let claimed = Event::Claimed {
        seat,
        crib: hand.is_crib(),
        breakdown: hand.breakdown(),
        claimed: u8::try_from(grade.answer.total()).unwrap_or(u8::MAX),
    };
    narrate(&claimed, &who).lines.into_iter().map(|line| line.text).collect::<Vec<_>>().join(" ")
}

/// What a drill answer missed and counted over, kind by kind: "Missed 4 for
/// fifteens and 1 for his nob; counted 2 too many for pairs.", or "Every
/// point counted." for a right answer.
#[must_use]
pub fn drill_verdict(grade: &Grade) -> String {
    let kinds = |points: CountByKind| -> Vec<(Category, u32)> {
        points
            .kinds()
            .filter(|&(_, points)| points > 0)
            .map(|(category, points)| (category, u32::from(points)))
            .collect()
    };
    let (missed, over) = (kinds(grade.missed), kinds(grade.over));
    let mut parts = Vec::new();
    if !missed.is_empty() {
        parts.push(format!("missed {}", kind_list(&missed)));
    }
    if !over.is_empty() {
        parts.push(format!("counted {} too many", kind_list(&over)));
    }
    if parts.is_empty() {
        "Every point counted.".to_owned()
    } else {
        format!("{}.", capitalised(&parts.join("; ")))
    }
}

/// A person's drill record in a few sentences, for `crib stats me` and the
/// end of a drill: hands, accuracy, median time, and the kinds of points
/// missed and over-counted most.
#[must_use]
pub fn drill_record(record: &DrillRecord) -> Vec<String> {
    if record.hands == 0 {
        return vec!["No hands counted yet: practise with crib drill.".to_owned()];
    }
    let hands = |n: u32| format!("{n} hand{}", if n == 1 { "" } else { "s" });
    let mut lines = vec![format!(
        "{} counted, {} right ({:.0}%), median time {}.",
        capitalised(&hands(record.hands)),
        record.right,
        100.0 * record.accuracy(),
        record.median_millis.map_or_else(|| "-".to_owned(), seconds_text)
    )];
    let ranked = |kinds: Vec<(Category, u32, u32)>| {
        kinds
            .iter()
            .map(|&(category, points, count)| {
                format!("{} (in {})", kind_list(&[(category, points)]), hands(count))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let missed = record.most_missed();
    lines.push(if missed.is_empty() {
        "No points missed.".to_owned()
    } else {
        format!("Points missed most: {}.", ranked(missed))
    });
    let over = record.most_over();
    if !over.is_empty() {
        lines.push(format!("Points counted too many: {}.", ranked(over)));
    }
    lines
}

/// Milliseconds as seconds to a tenth: "4.2 s".
#[must_use]
pub fn seconds_text(millis: u64) -> String {
    format!("{}.{} s", millis / 1000, millis % 1000 / 100)
}

/// "4 for fifteens and 1 for his nob".
fn kind_list(kinds: &[(Category, u32)]) -> String {
    let words: Vec<String> = kinds
        .iter()
        .map(|&(category, points)| {
            let kind = if category == Category::Nobs {
                "his nob".to_owned()
            } else {
                category.to_string()
            };
            format!("{points} for {kind}")
        })
        .collect();
    match words.as_slice() {
        [] => String::new(),
        [only] => only.clone(),
        [most @ .., last] => format!("{} and {last}", most.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::PegPoints;

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    fn two() -> Perspective {
        let config = GameConfig::default();
        Perspective::new(config, Some(Seat::ALL[0]), BySeat::new(config, |_| "the computer".into()))
    }

    #[test]
    fn the_clock_says_whom_it_moved_for_and_who_forfeits() {
        let config = GameConfig::new(4, 121).unwrap();
        let names = BySeat::new(config, |seat| compass_name(config, seat).to_owned());
        let south = Perspective::new(config, Some(Seat::ALL[0]), names.clone());
        let watching = Perspective::new(config, None, names);
        let north = Seat::ALL[2];
        assert_eq!(clock_moved(Seat::ALL[0], &south), "Moved by the clock: you ran out of time.");
        assert_eq!(clock_moved(north, &south), "Moved by the clock: North ran out of time.");
        assert_eq!(
            clock_forfeit(north, 3, &watching),
            "North ran out of time three times running and forfeits the match."
        );
        assert_eq!(
            clock_forfeit(Seat::ALL[0], 3, &south),
            "You ran out of time three times running and forfeit the match."
        );
    }

    fn four() -> Perspective {
        let config = GameConfig::new(4, 121).expect("four players");
        let names = ["south", "west", "north", "east"];
        Perspective::new(
            config,
            Some(Seat::ALL[0]),
            BySeat::new(config, |seat| names[seat.index()].to_owned()),
        )
    }

    #[test]
    fn seats_are_named_by_compass_points_from_the_reader_south() {
        let names = |players, me: usize| {
            let config = GameConfig::new(players, 121).expect("a table");
            config.seats().map(|seat| seat_name(config, Seat::ALL[me], seat)).collect::<Vec<_>>()
        };
        assert_eq!(names(2, 0), [Some("you"), None]);
        assert_eq!(names(2, 1), [None, Some("you")]);
        assert_eq!(names(3, 0), [Some("you"), Some("West"), Some("East")]);
        assert_eq!(names(3, 1), [Some("East"), Some("you"), Some("West")]);
        assert_eq!(names(4, 0), [Some("you"), Some("West"), Some("North"), Some("East")]);
        assert_eq!(names(4, 2), [Some("North"), Some("East"), Some("you"), Some("West")]);
        // North is the partner: on the reader's side.
        let four = GameConfig::new(4, 121).expect("four players");
        for me in four.seats() {
            for seat in four.seats() {
                let partner = seat != me && four.side_of(seat) == four.side_of(me);
                assert_eq!(seat_name(four, me, seat) == Some("North"), partner);
            }
        }
    }

    fn texts(narration: &Narration) -> Vec<&str> {
        narration.lines.iter().map(|line| line.text.as_str()).collect()
    }

    #[test]
    fn plays_are_said_from_the_readers_side() {
        let who = two();
        let played = Event::Played {
            seat: Seat::ALL[1],
            card: card("TH"),
            count: 20,
            points: PegPoints::NONE,
            claimed: None,
        };
        assert_eq!(texts(&narrate(&played, &who)), ["The computer plays 10♥: \"twenty\"."]);
        let go = Event::Go { seat: Seat::ALL[1], point_to: Some(Seat::ALL[0]) };
        let said = narrate(&go, &who);
        assert_eq!(texts(&said), ["The computer: \"go\".", "You: \"one for the go\"."]);
        assert_eq!(said.lines[1].scorer, Some(Seat::ALL[0]));
        assert_eq!(said.lines[0].scorer, None);
    }

    #[test]
    fn the_go_point_is_said_once_by_whoever_pegs_it() {
        // The last to play, who cannot play on either, does not say "go"
        // and then claim the point for it: they claim the point.
        let who = two();
        let own = narrate(&Event::Go { seat: Seat::ALL[1], point_to: Some(Seat::ALL[1]) }, &who);
        assert_eq!(texts(&own), ["The computer: \"one for the go\"."]);
        assert_eq!(own.lines[0].scorer, Some(Seat::ALL[1]));
        let mine = narrate(&Event::Go { seat: Seat::ALL[0], point_to: Some(Seat::ALL[0]) }, &who);
        assert_eq!(texts(&mine), ["You: \"one for the go\"."]);
        // A go that leaves someone to play pegs nothing.
        let go = narrate(&Event::Go { seat: Seat::ALL[0], point_to: None }, &who);
        assert_eq!(texts(&go), ["You: \"go\"."]);
        assert_eq!(go.lines[0].scorer, None);
    }

    #[test]
    fn a_claimed_play_says_the_claim_and_the_true_count() {
        let who = two();
        let fifteen = crib_core::Pegging::new(who.config(), Seat::ALL[1])
            .and_then(|mut pegging| {
                pegging.play(Seat::ALL[0], card("9C"))?;
                pegging.play(Seat::ALL[1], card("6H"))
            })
            .expect("a legal pegging")
            .points;
        let played = |claimed| Event::Played {
            seat: Seat::ALL[0],
            card: card("6H"),
            count: 15,
            points: fifteen,
            claimed: Some(claimed),
        };
        let short = narrate(&played(1), &who);
        assert_eq!(texts(&short), ["You play 6♥ and say \"one\". It is two: \"fifteen two\"."]);
        assert_eq!(short.lines[0].scorer, Some(Seat::ALL[0]));
        assert_eq!(texts(&narrate(&played(2), &who)), ["You play 6♥ and say \"two\". Right."]);
    }

    #[test]
    fn partnerships_are_named_together() {
        let who = four();
        let side = |seat: usize| who.config().side_of(Seat::ALL[seat]);
        assert_eq!(who.side(side(2)), "you and north");
        let config = who.config();
        let names = config.seats().map(|seat| compass_name(config, seat)).collect::<Vec<_>>();
        assert_eq!(names, ["South", "West", "North", "East"]);
        assert_eq!(compass_name(GameConfig::default(), Seat::ALL[1]), "North");
        assert_eq!(who.side(side(1)), "west and east");
        assert!(who.is_ours(Seat::ALL[2]));
        assert!(!who.is_ours(Seat::ALL[3]));
        let result = GameResult {
            winner: side(1),
            scores: vec![80, 121],
            skunks: vec![Skunk::Single, Skunk::None],
            first_dealer: Seat::ALL[0],
            rounds: 9,
        };
        assert_eq!(game_result(&result, &who), "West and east win the game, 121 to 80: a skunk!");
        let hidden = Event::Discarded { seat: Seat::ALL[3], cards: None };
        assert_eq!(texts(&narrate(&hidden, &who)), ["East gives a card to the crib."]);
    }

    #[test]
    fn three_sides_are_all_named_in_a_result() {
        let config = GameConfig::new(3, 61).expect("three players");
        let who = Perspective::new(config, None, BySeat::new(config, |seat| format!("p{seat}")));
        let result = GameResult {
            winner: config.side_of(Seat::ALL[1]),
            scores: vec![20, 61, 40],
            skunks: vec![Skunk::Single, Skunk::None, Skunk::None],
            first_dealer: Seat::ALL[0],
            rounds: 5,
        };
        assert_eq!(game_result(&result, &who), "P1 wins the game, 61 to 40 and 20: a skunk!");
        let won = Event::MatchWon {
            winner: config.side_of(Seat::ALL[1]),
            games: vec![0, 1, 0],
            points: None,
        };
        assert_eq!(texts(&narrate(&won, &who)), ["P1 wins the match, one game to zero and zero."]);
        let who = two();
        let two = who.config();
        let club = Event::MatchWon {
            winner: two.side_of(Seat::ALL[0]),
            games: vec![4, 5],
            points: Some(vec![12, 10]),
        };
        assert_eq!(
            texts(&narrate(&club, &who)),
            ["You win the match on points, 12 to 10 (four games to five)."]
        );
        assert_eq!(length_text(MatchLength::BEST_OF_THREE), "first to 2 games");
        assert_eq!(length_text(MatchLength::CLUB), "the club format, 9 games");
        assert!(length_rule(MatchLength::SINGLE).starts_with("The first to win 1 game wins"));
        assert!(length_rule(MatchLength::CLUB).starts_with("All 9 games are played"));
    }

    #[test]
    fn ties_in_the_cut_are_said_round_by_round() {
        let who = two();
        let cuts = vec![
            (Seat::ALL[0], card("5H")),
            (Seat::ALL[1], card("5S")),
            (Seat::ALL[0], card("2C")),
            (Seat::ALL[1], card("KD")),
        ];
        let said = narrate(&Event::CutForDeal { cuts, dealer: Seat::ALL[0] }, &who);
        assert_eq!(
            texts(&said),
            [
                "You cut 5♥, the computer cuts 5♠: a tie for the lowest card: cut again.",
                "You cut 2♣, the computer cuts K♦: you deal first.",
            ]
        );
    }

    #[test]
    fn a_drill_answer_is_said_as_a_claim_with_what_it_missed() {
        let show =
            crib_core::Show::from_five(&crib_core::parse_cards("5H 5S 5C JD 5D").unwrap()).unwrap();
        let crib = DrillHand { seed: 1, number: 2, show, rules: crib_core::Rules::Crib };
        let truth = CountByKind::of(&crib.breakdown());
        let right = crib.grade(truth);
        assert_eq!(
            drill_count(&crib, &right),
            "You count your crib, 5♣ 5♥ 5♠ J♦ with 5♦: \"twenty-nine\". Right."
        );
        assert_eq!(drill_verdict(&right), "Every point counted.");
        let wrong =
            crib.grade(CountByKind { fifteens: 12, pairs: 12, runs: 3, ..CountByKind::ZERO });
        let said = drill_count(&crib, &wrong);
        assert!(said.starts_with("You count your crib,"), "{said}");
        assert!(said.contains("\"twenty-seven\". It is twenty-nine: \"fifteen two,"), "{said}");
        assert!(said.ends_with("and one for his nob is twenty-nine\"."), "{said}");
        assert_eq!(
            drill_verdict(&wrong),
            "Missed 4 for fifteens and 1 for his nob; counted 3 for runs too many."
        );
    }

    #[test]
    fn a_drill_record_is_said_in_a_few_sentences() {
        assert_eq!(
            drill_record(&DrillRecord::default()),
            ["No hands counted yet: practise with crib drill."]
        );
        let record = DrillRecord {
            hands: 4,
            right: 3,
            median_millis: Some(4250),
            missed_points: [2, 0, 3, 0, 0],
            missed_hands: [1, 0, 1, 0, 0],
            over_points: [0, 0, 0, 0, 1],
            over_hands: [0, 0, 0, 0, 1],
        };
        assert_eq!(
            drill_record(&record),
            [
                "4 hands counted, 3 right (75%), median time 4.2 s.",
                "Points missed most: 3 for runs (in 1 hand), 2 for fifteens (in 1 hand).",
                "Points counted too many: 1 for his nob (in 1 hand).",
            ]
        );
    }
}

//! The table under the board: the others' cards, the starter and the
//! crib, the count, the person's hand, or the show being counted; and the
//! line that says what to do.

use crib_core::{Card, CardSet, Phase, Seat, View, number_words};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::cards::{self, CARD_STEP};
use super::theme;
use crate::app::{App, HUMAN, ShowItem, Stage};
use crib_table::narrate::{Perspective, capitalised, card_text, cards_text};

/// The column where cards start, after the labels.
const CARDS: u16 = 20;

/// The column of the starter and the crib.
const RIGHT: u16 = 51;

/// The column of the starter's and crib's cards.
const RIGHT_CARDS: u16 = 59;

/// The person's hand: the cards in a row with their numbers under them,
/// cards marked for the crib lifted a row, the chosen card highlighted, and
/// cards already played left in place, struck through.
#[derive(Clone, Debug)]
pub struct HandWidget<'a> {
    /// The cards, in order.
    pub cards: &'a [Card],
    /// The chosen card's position, when the person is choosing.
    pub cursor: Option<usize>,
    /// Cards marked for the crib.
    pub marked: CardSet,
    /// Cards already played.
    pub played: CardSet,
}

impl Widget for HandWidget<'_> {
    /// Draws three rows: the lifted cards, the hand, the numbers.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.height < 3 {
            return;
        }
        for (i, &card) in self.cards.iter().enumerate() {
            let x = area.x + CARD_STEP * i as u16;
            if x + cards::CARD_WIDTH > area.right() {
                break;
            }
            let chosen = self.cursor == Some(i);
            let style = if self.played.contains(card) {
                theme::played()
            } else if chosen {
                theme::chosen(theme::card_face(card))
            } else {
                theme::card_face(card)
            };
            let row = if self.marked.contains(card) { area.y } else { area.y + 1 };
            buf.set_span(x, row, &cards::face_styled(card, style), cards::CARD_WIDTH);
            // A played card has no number: it can no longer be chosen.
            // The chosen card's number is bracketed as well as highlighted,
            // so the choice shows without colour.
            let number = if self.played.contains(card) {
                " · ".to_owned()
            } else if chosen {
                format!("[{}]", i + 1)
            } else {
                format!(" {} ", i + 1)
            };
            let number_style = if chosen {
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
            } else {
                theme::dim()
            };
            buf.set_string(x, area.y + 2, number, number_style);
        }
    }
}

/// The count and the cards played into it, and who has said go.
#[derive(Clone, Debug)]
pub struct PlayWidget<'a> {
    /// The count.
    pub count: u8,
    /// The cards of the count, in the order played.
    pub cards: &'a [Card],
    /// Seats that have said go in this count.
    pub gone: Vec<Seat>,
    /// Who reads the table, to name the seats.
    pub who: &'a Perspective,
}

impl Widget for PlayWidget<'_> {
    /// Draws one row: `Count 23` then the cards from the cards' column.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.height == 0 {
            return;
        }
        buf.set_span(area.x + 1, area.y, &Span::styled("Count", theme::dim()), 6);
        buf.set_span(area.x + 7, area.y, &Span::styled(self.count.to_string(), theme::strong()), 3);
        let mut line = cards::faces(self.cards.iter().copied());
        for seat in self.gone {
            line.push_span(Span::styled(
                format!("  {}: go", self.who.object(seat)),
                theme::side_style(self.who.config().side_of(seat)),
            ));
        }
        let x = area.x + CARDS;
        buf.set_line(x, area.y, &line, area.right().saturating_sub(x));
    }
}

/// Draws the table.
pub(super) fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.height < 6 {
        return;
    }
    let table = app.table();
    if !app.shows().is_empty() {
        show_panel(app, area, buf);
        return;
    }
    let row = |n: u16| Rect { y: area.y + n, height: 1, ..area };

    // The others' cards, face down, and the starter and crib.
    let who = app.perspective();
    let others: Vec<Seat> = table.config.seats().filter(|&seat| seat != HUMAN).collect();
    if let [other] = others[..] {
        let name = who.subject(other);
        let dealer = table.dealer == other && table.round > 0;
        label(buf, [row(0), row(1)], &name, dealer, who, other);
        let held = held_cards(table, other);
        set_line(buf, row(0), CARDS, &cards::backs(held));
        if table.round > 0 {
            let held_text = format!("holds {} {}", held, if held == 1 { "card" } else { "cards" });
            set_line(buf, row(1), CARDS, &Line::styled(held_text, theme::dim()));
        }
    } else {
        // Two to a row: each other player's name, cards held and the deal.
        for (n, &other) in others.iter().enumerate() {
            let held = held_cards(table, other);
            let mut line = Line::from(Span::styled(
                who.subject(other),
                theme::side_style(table.config.side_of(other)),
            ));
            if table.round > 0 {
                let cards = if held == 1 { "card" } else { "cards" };
                line.push_span(Span::styled(format!(" {held} {cards}"), theme::dim()));
            }
            if table.dealer == other && table.round > 0 {
                line.push_span(Span::styled(" (dealer)", theme::dim()));
            }
            let column = if n % 2 == 0 { 1 } else { 1 + (RIGHT - 1) / 2 };
            set_line(buf, row(u16::try_from(n / 2).unwrap_or(0)), column, &line);
        }
    }
    if table.round > 0 {
        set_line(buf, row(0), RIGHT, &Line::styled("Starter", theme::dim()));
        let starter = table.starter.map_or_else(cards::back, cards::face);
        set_line(buf, row(0), RIGHT_CARDS, &Line::from(starter));
        set_line(buf, row(1), RIGHT, &Line::styled("Crib", theme::dim()));
        let crib = match table.crib {
            Some(crib) => cards::faces(crib),
            None => cards::backs(crib_size(table)),
        };
        set_line(buf, row(1), RIGHT_CARDS, &crib);
    }

    // The count, with the person's card that waits for its count on it
    // (muggins for the pegging): the table is the one before that card.
    let held = app.pegging_claim();
    if table.phase == Phase::Pegging || !table.pegging.current().is_empty() {
        let gone = table.config.seats().filter(|&seat| table.pegging.has_said_go(seat)).collect();
        let mut cards = table.pegging.current().to_vec();
        let mut count = table.pegging.count();
        if let Some((card, with)) = held {
            cards.push(card);
            count = with;
        }
        PlayWidget { count, cards: &cards, gone, who }.render(row(2), buf);
    }

    // The person's hand.
    label(buf, [row(4), row(5)], "You", table.dealer == HUMAN && table.round > 0, who, HUMAN);
    let hand = app.hand_cards();
    let choosing = matches!(app.stage(), Stage::Discard | Stage::Play);
    let mut played = if table.kept.is_empty() { CardSet::EMPTY } else { table.kept - table.hand };
    if let Some((card, _)) = held {
        played.insert(card);
    }
    let area = Rect { x: area.x + CARDS, y: area.y + 3, width: area.width - CARDS, height: 3 };
    HandWidget {
        cards: &hand,
        cursor: choosing.then_some(app.cursor()),
        marked: app.marked(),
        played,
    }
    .render(area, buf);
}

/// A player's name left of their cards on `rows[0]`, and whether they
/// deal: beside the name where it fits before the cards, else under it.
fn label(
    buf: &mut Buffer,
    rows: [Rect; 2],
    name: &str,
    dealer: bool,
    who: &Perspective,
    seat: Seat,
) {
    let style = theme::side_style(who.config().side_of(seat));
    let mut line = Line::from(Span::styled(name.to_owned(), style));
    let mark = Span::styled(" (dealer)", theme::dim());
    if dealer && 1 + line.width() + mark.width() < usize::from(CARDS) {
        line.push_span(mark);
    } else if dealer {
        set_line(buf, rows[1], 1, &Line::from(mark));
    }
    set_line(buf, rows[0], 1, &line);
}

fn set_line(buf: &mut Buffer, row: Rect, column: u16, line: &Line<'_>) {
    let x = row.x + column;
    if x < row.right() {
        buf.set_line(x, row.y, line, row.right() - x);
    }
}

/// The cards `seat` holds, as far as the person can see.
fn held_cards(table: &View, seat: Seat) -> usize {
    if table.round == 0 {
        return 0;
    }
    match table.phase {
        Phase::Discard if table.has_discarded(seat) => 4,
        Phase::Discard => table.config.dealt(),
        _ => usize::from(table.pegging.held(seat)),
    }
}

/// The cards in the crib so far.
fn crib_size(table: &View) -> usize {
    match table.phase {
        Phase::Discard => {
            table.config.seats().filter(|&seat| table.has_discarded(seat)).count()
                * table.config.discards()
                + table.config.crib_from_deck()
        }
        _ => 4,
    }
}

/// The show: the hand being counted with its steps so far, and the round's
/// shows with their points on the right.
fn show_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let shows = app.shows();
    let Some(item) = app.current_show().or_else(|| shows.last()) else { return };
    let row = |n: u16| Rect { y: area.y + n, height: 1, ..area };
    let who = app.perspective();
    let whose = capitalised(&who.possessive(item.seat));
    let what = if item.crib { "crib" } else { "hand" };
    let style = theme::side_style(who.config().side_of(item.seat));
    let mut header = Line::from(Span::styled(format!("{whose} {what}  "), style));
    header.extend(cards::faces(item.breakdown.show.hand()).spans);
    header.push_span(Span::styled("  starter ", theme::dim()));
    header.push_span(cards::face(item.breakdown.show.starter()));
    set_line(buf, row(0), 1, &header);

    // The summary of the round's shows, on the right.
    for (n, show) in shows.iter().enumerate() {
        let name = format!(
            "{} {}",
            capitalised(&who.possessive(show.seat)),
            if show.crib { "crib" } else { "hand" }
        );
        let points = if show.done {
            show.pegged().to_string()
        } else if show.awaiting_claim {
            "?".to_owned()
        } else {
            "…".to_owned()
        };
        let line = Line::from(vec![
            Span::styled(
                format!("{name:<17}"),
                Style::new().fg(theme::side_colour(who.config().side_of(show.seat))),
            ),
            Span::styled(format!("{points:>3}"), theme::strong()),
        ]);
        set_line(buf, row(1 + n as u16), RIGHT + 4, &line);
    }

    // The steps, the latest that fit.
    let rows = usize::from(area.height - 1);
    let mut lines = step_lines(item, who);
    let skip = lines.len().saturating_sub(rows);
    for (n, line) in lines.drain(skip..).enumerate() {
        let step_row = Rect { width: RIGHT + 2, ..row(1 + n as u16) };
        set_line(buf, step_row, 3, &line);
    }
}

/// The lines of a show on screen: its steps so far, then its end.
fn step_lines(item: &ShowItem, who: &Perspective) -> Vec<Line<'static>> {
    // Points missed are called by the next player.
    let caller = who.object(HUMAN.next(who.config().players()));
    if item.awaiting_claim {
        return vec![
            Line::styled("Count it yourself: type the points, then enter.", theme::strong()),
            Line::styled(format!("Points you miss go to {caller}: muggins."), theme::dim()),
        ];
    }
    let mut lines: Vec<Line<'static>> = item.steps[..item.revealed.min(item.steps.len())]
        .iter()
        .map(|step| {
            Line::from(vec![
                Span::raw(format!("{:<32}", step.words())),
                Span::styled(cards_text(step.cards), theme::dim()),
            ])
        })
        .collect();
    if item.revealed >= item.steps.len() {
        let total = item.breakdown.total();
        let mut end =
            if total == 0 { "nineteen: no score".to_owned() } else { format!("= {total}") };
        if let Some(claimed) = item.claimed {
            let said = number_words(u32::from(claimed));
            end = match claimed.cmp(&total) {
                std::cmp::Ordering::Less => {
                    format!("{end}; you said {said}: muggins, {} to {caller}", total - claimed)
                }
                std::cmp::Ordering::Equal => format!("{end}; you said {said}: right"),
                std::cmp::Ordering::Greater => format!("{end}; you said {said}: corrected"),
            };
        }
        lines.push(Line::styled(end, theme::side_style(who.config().side_of(item.seat))));
    }
    lines
}

/// The line under the table: what to do now, or the last key's notice.
pub(super) fn prompt(app: &App, area: Rect, buf: &mut Buffer) {
    let keys = Line::styled("h hint · ? help · r restart · q quit ", theme::dim()).right_aligned();
    let keys_width = keys.width() as u16;
    if let Some(notice) = app.notice() {
        let line =
            Line::styled(format!(" {notice}"), theme::strong().fg(ratatui::style::Color::Yellow));
        buf.set_line(area.x, area.y, &line, area.width);
        return;
    }
    let table = app.table();
    let text = match app.stage() {
        Stage::Discard => format!(
            " Choose {} for {} crib: ←→ and space, or numbers; enter",
            crate::app::cards_words(table.config.discards()),
            app.perspective().possessive(table.dealer)
        ),
        Stage::Play if table.playable().is_empty() => {
            format!(" Count {}: no card fits. Enter says go.", table.pegging.count())
        }
        Stage::Play => format!(
            " Your turn, count {}: ←→ or a number chooses, enter plays",
            table.pegging.count()
        ),
        Stage::Waiting if table.phase == Phase::Discard => " Waiting for the discards…".to_owned(),
        Stage::Waiting => match app.waiting_on() {
            Some(seat) => format!(" {} is thinking…", app.perspective().subject(seat)),
            None => " Waiting…".to_owned(),
        },
        Stage::Show => " Counting the show… enter hurries".to_owned(),
        Stage::Claim => match app.pegging_claim() {
            Some((card, count)) => format!(
                " You play {} for {count}: what does it peg? {}▏ (enter; points you miss are muggins)",
                card_text(card),
                app.claim_input()
            ),
            None => format!(" Your count: {}▏ (enter when done)", app.claim_input()),
        },
        Stage::RoundOver => format!(
            " The hand is over. Enter: the next deal ({} {}).",
            app.perspective().object(table.dealer),
            app.perspective().verb(table.dealer, "deal")
        ),
        Stage::GameOver => " The game is over. Enter: the next game.".to_owned(),
        Stage::MatchOver => " The match is over. Enter: a new match.".to_owned(),
        Stage::Failed => {
            format!(" {} (q quits)", app.failure().unwrap_or("The game cannot go on."))
        }
    };
    let line = Line::styled(text, theme::strong());
    buf.set_line(area.x, area.y, &line, area.width);
    if area.width > keys_width + line.width() as u16 {
        buf.set_line(area.right() - keys_width, area.y, &keys, keys_width);
    }
}

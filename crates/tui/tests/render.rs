//! Drawing into a ratatui buffer: the board with its pegs, the hand, the
//! count, and whole screens.

use crib_core::{Board, Card, CardSet, GameConfig, Seat, Side, parse_cards};
use crib_table::narrate::Perspective;
use crib_tui::ui::{BoardWidget, HandWidget, PlayWidget};
use crib_tui::{HUMAN, Message, Question, Scroll, Stage};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::widgets::Widget;

/// The computer's seat at a table of two.
const COMPUTER: crib_core::Seat = crib_core::Seat::ALL[1];

use crate::common::{app, lines, screen, send, whole_window};

fn side(seat: Seat) -> Side {
    GameConfig::default().side_of(seat)
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

/// A board with each player's back and front peg where given.
fn board(you: (u16, u16), computer: (u16, u16)) -> Board {
    let mut board = Board::new(GameConfig::default());
    // `set` moves the back peg to where the front peg was: set the back
    // score first, then the front.
    for (seat, (back, front)) in [(HUMAN, you), (COMPUTER, computer)] {
        board.set(side(seat), back);
        board.set(side(seat), front);
    }
    board
}

fn board_lines(board: &Board) -> Vec<String> {
    let area = Rect::new(0, 0, 77, 8);
    let mut buffer = Buffer::empty(area);
    let config = GameConfig::default();
    let who = Perspective::new(config, Some(HUMAN), crib_tui::seat_names(config));
    BoardWidget::new(board, &who).render(area, &mut buffer);
    lines(&buffer)
}

/// Where a peg glyph stands on the drawn board, by hand: the rows of the
/// lanes are 2 (your way out), 3 (the computer's way out), 4 (its way back)
/// and 5 (yours); the start and the game hole are in column 1, hole `n` of a
/// leg in column `3 + (n - 1) + (n - 1) / 5`.
fn glyph_at(lines: &[String], row: usize, column: usize) -> char {
    lines[row].chars().nth(column).unwrap()
}

#[test]
fn board_pegs_at_the_start_the_first_hole_and_the_end_of_each_leg() {
    // You: back peg in the start, front peg in hole 1. The computer: back
    // peg in hole 60, the end of the way out, front peg in 120, the end of
    // the way back.
    let drawn = board_lines(&board((0, 1), (60, 120)));
    assert_eq!(
        drawn,
        [
            "┌ board  ● you 1 (+1)  ● the computer 120 (+60) ────────────────────────────┐",
            "│S          10          20          30          40          50          60  │",
            "│○ ●···· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ·····─╮│",
            "│· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····○╮││",
            "│◇ ●···· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ·····╯││",
            "│◇ ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ·····─╯│",
            "│G 120         110         100         90          80          70           │",
            "└───────────────────── S start  G ◇ game hole, 121  ● front peg  ○ back peg ┘",
        ]
    );
}

#[test]
fn the_boards_marks_are_explained_under_it() {
    // S heads the start holes, G the game holes (◇); the legend under the
    // board says so, with the pegs, at two and three tracks.
    let legend = " S start  G ◇ game hole, 121  ● front peg  ○ back peg ┘";
    let drawn = board_lines(&board((0, 0), (0, 0)));
    assert!(drawn[7].contains(legend), "{}", drawn[7]);
    let config = GameConfig::new(3, 121).unwrap();
    let who = Perspective::new(config, Some(HUMAN), crib_tui::seat_names(config));
    let mut buffer = Buffer::empty(Rect::new(0, 0, 78, 10));
    BoardWidget::new(&Board::new(config), &who).render(buffer.area, &mut buffer);
    assert!(lines(&buffer)[9].contains(legend), "{}", lines(&buffer)[9]);
}

#[test]
fn board_pegs_in_the_game_hole() {
    // You: back peg in 120, front peg in the game hole. The computer: back
    // peg in the start, front peg in 60.
    let drawn = board_lines(&board((120, 121), (0, 60)));
    assert_eq!(
        drawn[1..7],
        [
            "│S          10          20          30          40          50          60  │",
            "│· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ·····─╮│",
            "│○ ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····●╮││",
            "│◇ ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ·····╯││",
            "│● ○···· ····· ····· ····· ····· ····· ····· ····· ····· ····· ····· ·····─╯│",
            "│G 120         110         100         90          80          70           │",
        ]
    );
    assert!(drawn[0].contains("● you 121 (+1)") && drawn[0].contains("● the computer 60 (+60)"));
}

#[test]
fn board_pegs_everywhere_for_both_players() {
    // Each score of interest for each player, as back peg and as front
    // peg, checked at the hole worked out by hand.
    let hole = |row: usize, score: u16| -> (usize, usize) {
        match score {
            0 => (row, 1),
            1..=60 => (row, 3 + usize::from(score - 1) + usize::from(score - 1) / 5),
            61..=120 => (row, 3 + usize::from(120 - score) + usize::from(120 - score) / 5),
            _ => (row, 1),
        }
    };
    for (back, front) in [(0, 1), (1, 60), (60, 120), (120, 121), (0, 121), (1, 120)] {
        for seat in [HUMAN, COMPUTER] {
            let (out, home) = if seat == HUMAN { (2, 5) } else { (3, 4) };
            let row = |score: u16| if score <= 60 { out } else { home };
            let pegs = if seat == HUMAN {
                board((back, front), (0, 0))
            } else {
                board((0, 0), (back, front))
            };
            let drawn = board_lines(&pegs);
            let (r, c) = hole(row(back), back);
            assert_eq!(glyph_at(&drawn, r, c), '○', "{seat:?} back peg at {back}");
            let (r, c) = hole(row(front), front);
            assert_eq!(glyph_at(&drawn, r, c), '●', "{seat:?} front peg at {front}");
            let pegged =
                drawn[2..6].iter().map(|line| line.matches(['●', '○']).count()).sum::<usize>();
            // Two pegs of this player, and the other's two together in
            // its start hole.
            assert_eq!(pegged, 3, "{seat:?} at {back} and {front}");
        }
    }
}

#[test]
fn hand_shows_numbers_lifts_marked_cards_and_highlights_the_chosen_one() {
    let hand = cards("AH 2S 3H 6S 7C TS");
    let marked: CardSet = cards("3H 7C").into_iter().collect();
    let area = Rect::new(0, 0, 30, 3);
    let mut buffer = Buffer::empty(area);
    HandWidget { cards: &hand, cursor: Some(1), marked, played: CardSet::EMPTY }
        .render(area, &mut buffer);
    assert_eq!(
        lines(&buffer),
        [
            "           3♥        7♣       ",
            " A♥   2♠        6♠       10♠  ",
            " 1   [2]   3    4    5    6   ",
        ]
    );
    // The chosen card, the 2♠, stands out; the others are white cards.
    assert_eq!(buffer[(6, 1)].bg, Color::Yellow);
    assert_eq!(buffer[(1, 1)].bg, Color::White);
    assert!(buffer[(6, 2)].modifier.contains(Modifier::REVERSED));
}

#[test]
fn hand_in_the_play_keeps_played_cards_without_a_number() {
    let hand = cards("4C 5H 5S 6C");
    let played: CardSet = cards("5H").into_iter().collect();
    let area = Rect::new(0, 0, 20, 3);
    let mut buffer = Buffer::empty(area);
    HandWidget { cards: &hand, cursor: Some(3), marked: CardSet::EMPTY, played }
        .render(area, &mut buffer);
    assert_eq!(
        lines(&buffer),
        ["                    ", " 4♣   5♥   5♠   6♣  ", " 1    ·    3   [4]  "]
    );
    assert!(buffer[(6, 1)].modifier.contains(Modifier::CROSSED_OUT));
}

#[test]
fn count_shows_the_cards_in_order_and_who_said_go() {
    let played = cards("5C 8D TS");
    let area = Rect::new(0, 0, 60, 1);
    let mut buffer = Buffer::empty(area);
    let config = GameConfig::default();
    let who = Perspective::new(config, Some(HUMAN), crib_tui::seat_names(config));
    PlayWidget { count: 23, cards: &played, gone: vec![COMPUTER], who: &who }
        .render(area, &mut buffer);
    assert_eq!(
        lines(&buffer)[0].trim_end(),
        " Count 23            5♣   8♦  10♠   the computer: go"
    );
}

#[test]
fn the_whole_screen_at_the_start_of_a_game() {
    let app = app(42, false, 2);
    assert_eq!(app.stage(), Stage::Discard);
    let drawn = screen(&app, 80, 24);
    assert!(drawn[0].contains("seed 42"), "{}", drawn[0]);
    assert!(drawn[0].contains("basic"));
    assert!(drawn[1].starts_with(" ┌ board"), "{}", drawn[1]);
    let hand_row = drawn.iter().find(|line| line.starts_with(" You")).unwrap();
    assert_eq!(hand_row.matches(['♣', '♦', '♥', '♠']).count(), 6, "{hand_row}");
    assert!(drawn.iter().any(|line| line.contains("Choose two cards for")));
    assert!(drawn.iter().any(|line| line.contains("A new match, seed 42.")));
}

#[test]
fn a_small_terminal_gets_a_message_and_resizing_brings_the_game_back() {
    let mut app = app(42, false, 2);
    let drawn = screen(&app, 60, 20).join("\n");
    assert!(drawn.contains("the terminal is too small"), "{drawn}");
    assert!(drawn.contains("It is 60×20"));
    send(&mut app, Message::Ask(Question::Quit));
    assert!(screen(&app, 60, 20).join("\n").contains("Quit the game? y: quit"));
    send(&mut app, Message::No);
    let drawn = screen(&app, 120, 40).join("\n");
    assert!(!drawn.contains("too small"));
    assert!(drawn.contains("front peg"));
}

#[test]
fn three_players_have_three_tracks_and_each_other_player_on_the_table() {
    let config = GameConfig::new(3, 121).unwrap();
    let who = Perspective::new(config, Some(HUMAN), crib_tui::seat_names(config));
    let mut board = Board::new(config);
    for (side, score) in config.all_sides().zip([5, 30, 100]) {
        board.set(side, score);
    }
    let area = Rect::new(0, 0, 78, 10);
    let mut buffer = Buffer::empty(area);
    BoardWidget::new(&board, &who).render(area, &mut buffer);
    let drawn = lines(&buffer);
    assert!(drawn[0].contains("● you 5") && drawn[0].contains("● West 30"), "{}", drawn[0]);
    assert!(drawn[0].contains("● East 100"), "{}", drawn[0]);
    // Three lanes out and three back, nested at the turn.
    assert!(drawn[2].ends_with("──╮│") && drawn[3].ends_with("─╮││") && drawn[4].ends_with("╮│││"));
    assert!(drawn[5].ends_with("╯│││") && drawn[6].ends_with("─╯││") && drawn[7].ends_with("──╯│"));
    // The front pegs at 5 (your way out), 30 (West's way out) and 100
    // (East's way back).
    assert_eq!(glyph_at(&drawn, 2, 7), '●');
    assert_eq!(glyph_at(&drawn, 3, 3 + 29 + 5), '●');
    assert_eq!(glyph_at(&drawn, 5, 3 + 20 + 4), '●');

    let table = {
        use crib_table::{BuiltInContestant, Sitter};
        let options = crib_tui::Options {
            seed: 3,
            config: GameConfig::new(4, 121).unwrap(),
            ..crib_tui::Options::default()
        };
        let others = (1..4)
            .map(|_| Sitter::program(BuiltInContestant::new(crib_ai::Strategy::Basic)))
            .collect();
        crib_tui::App::new(options, others, None)
    };
    let screen = screen(&table, 80, 30);
    let text = screen.join("\n");
    for name in ["West", "North", "East", "you and North 0", "West and East 0"] {
        assert!(text.contains(name), "no {name:?} on\n{text}");
    }
    assert!(text.contains("5 cards"), "{text}");
}

#[test]
fn the_log_scrolls_back_and_forward() {
    let mut game = app(4, false, 1);
    crate::common::play_until(&mut game, &[Stage::RoundOver], &mut |_| 0);
    let newest = game.log().last().unwrap().text.clone();
    let on_screen = |game: &crib_tui::App| screen(game, 80, 40).join("\n");
    let shown = on_screen(&game);
    assert!(shown.contains(&newest[..20.min(newest.len())]), "{shown}");
    assert!(shown.contains("log (PgUp: older)"));
    send(&mut game, Message::ScrollLog(Scroll::Older));
    assert_eq!(game.log_back(), 5);
    let back = on_screen(&game);
    assert!(back.contains("5 newer below"), "{back}");
    assert!(!back.contains(&newest[..20.min(newest.len())]), "{back}");
    send(&mut game, Message::ScrollLog(Scroll::Newer));
    assert_eq!(game.log_back(), 0);
    send(&mut game, Message::ScrollLog(Scroll::Older));
    send(&mut game, Message::ScrollLog(Scroll::Newest));
    assert_eq!(game.log_back(), 0);
}

#[test]
fn a_long_engine_command_line_is_cut_and_the_seed_stays() {
    use crib_core::{Board, CardSet, Seat, View};
    use crib_table::{BuiltInContestant, Contestant, Fault, Notice, Sitter};
    /// The basic player under a very long name.
    struct Long(BuiltInContestant);
    impl Contestant for Long {
        fn describe(&self) -> String {
            format!("/opt/engines/{}/bin/engine --level strongest --threads 8", "x".repeat(60))
        }
        fn new_game(&mut self, config: GameConfig, seat: Seat, seed: u64) -> Result<(), Fault> {
            self.0.new_game(config, seat, seed)
        }
        fn notify(&mut self, notice: &Notice) -> Result<(), Fault> {
            self.0.notify(notice)
        }
        fn discard(&mut self, view: &View) -> Result<CardSet, Fault> {
            self.0.discard(view)
        }
        fn play(&mut self, view: &View) -> Result<Option<Card>, Fault> {
            self.0.play(view)
        }
        fn check_board(&mut self, board: &Board) -> Result<(), Fault> {
            self.0.check_board(board)
        }
        fn abandon(&mut self) {}
    }
    let long = Sitter::program(Long(BuiltInContestant::new(crib_ai::Strategy::Basic)));
    let options = crib_tui::Options { seed: 424_242, ..crib_tui::Options::default() };
    let game = crib_tui::App::new(options, vec![long], None);
    let top = &screen(&game, 80, 24)[0];
    assert!(top.contains("seed 424242"), "{top}");
    assert!(top.contains("/opt/engines/") && top.contains('…'), "{top}");
}

#[test]
fn the_computer_marked_as_dealer_beside_its_cards() {
    // Seed 7: you deal the first hand, the computer the second.
    let mut game = app(7, true, 2);
    crate::common::play_until(&mut game, &[Stage::RoundOver], &mut |_| 29);
    send(&mut game, Message::Confirm);
    assert_eq!(game.table().dealer, COMPUTER);
    for (width, height) in [(80, 24), (100, 32)] {
        let drawn = screen(&game, width, height);
        let at = drawn.iter().position(|line| line.starts_with(" The computer")).unwrap();
        let rows = drawn[at..=at + 1].join("\n");
        assert!(rows.contains("(dealer)"), "{rows}");
        assert!(drawn[at].contains("▒▒▒▒ ▒▒▒▒ ▒▒▒▒ ▒▒▒▒"), "{rows}");
        assert!(!drawn.iter().any(|line| line.contains("You (dealer)")));
    }
}

#[test]
fn the_help_fits_or_scrolls_to_its_last_line() {
    // Muggins for the pegging too: the help's longest. At 100×32 it fits;
    // at 80×24 it says which of its lines show and scrolls to the others.
    let last = "(the point for a go is counted for you).";
    for players in [2, 3] {
        let options = crib_tui::Options {
            seed: 7,
            muggins: true,
            muggins_pegging: true,
            config: GameConfig::new(players, 121).unwrap(),
            ..Default::default()
        };
        let others = (1..players)
            .map(|_| {
                crib_table::Sitter::program(crib_table::BuiltInContestant::new(
                    crib_ai::Strategy::Basic,
                ))
            })
            .collect();
        let mut game = crib_tui::App::new(options, others, None);
        for (width, height, fits) in [(100, 32, true), (80, 24, false)] {
            send(&mut game, Message::Help);
            let first = screen(&game, width, height);
            let said = |line: &String| line.contains(last) || line.contains(" lines 1-");
            assert!(first.iter().any(said), "{players} at {width}×{height}:\n{}", first.join("\n"));
            let (seen, all) = whole_window(&mut game, width, height);
            assert_eq!(all, fits, "{players} at {width}×{height}:\n{}", first.join("\n"));
            for words in ["Keys", "The game", "Muggins", last] {
                assert!(
                    seen.iter().any(|line| line.contains(words)),
                    "{words} at {width}×{height}"
                );
            }
            // A line that wraps keeps its indentation: inside the window
            // only the headings start at its edge.
            let edge = first
                .iter()
                .find_map(|line| line.find("┌ Help").map(|at| line[..at].chars().count()));
            let edge = edge.expect("the window's corner");
            for line in &seen {
                let row: Vec<char> = line.chars().skip(edge).collect();
                if row.first() != Some(&'│') {
                    continue;
                }
                let inside: String = row[1..].iter().collect();
                let heading = ["Keys", "The game", "Muggins"].iter().any(|h| inside.starts_with(h));
                assert!(
                    heading || inside.starts_with("  "),
                    "{players} at {width}×{height}: {line}"
                );
            }
            send(&mut game, Message::Close);
            assert_eq!(game.overlay(), None);
        }
    }
}

#[test]
fn the_play_hint_shows_every_cards_reasons_or_scrolls_to_them() {
    // Seed 42, the first two cards to the crib: the hint for the first
    // play gives reasons for every card, all of them on screen in turn.
    let mut game = app(42, false, 2);
    crate::common::choose(&mut game, &[0, 1]);
    send(&mut game, Message::Confirm);
    crate::common::play_until(&mut game, &[Stage::Play], &mut |_| 0);
    send(&mut game, Message::Hint);
    let Some(crib_tui::Overlay::Hint(_, text)) = game.overlay().cloned() else {
        panic!("a hint: {:?}", game.overlay())
    };
    assert!(text.rows.len() >= 3, "{text:?}");
    assert!(text.rows.iter().filter(|row| !row.reasons.is_empty()).count() >= 2, "{text:?}");
    send(&mut game, Message::Close);
    for (width, height) in [(100, 32), (80, 24)] {
        send(&mut game, Message::Hint);
        let first = screen(&game, width, height);
        let (seen, fits) = whole_window(&mut game, width, height);
        for row in &text.rows {
            for reason in &row.reasons {
                let start: String = reason.chars().take(30).collect();
                let on_first = first.iter().any(|line| line.contains(&start));
                assert!(on_first || !fits, "{reason} left out at {width}×{height} without a word");
                assert!(
                    seen.iter().any(|line| line.contains(&start)),
                    "{reason} at {width}×{height}"
                );
            }
        }
        send(&mut game, Message::Close);
    }
}

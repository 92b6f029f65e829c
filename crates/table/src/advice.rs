//! Hints and win chances in players' words: the one phrasing of the
//! expert's advice for every interface (the terminal's hint window, the
//! page's hint panel through the API).
//!
//! The facts come from `crib_ai` ([`Hint`], [`chance_now`]); this module
//! only says them, from a reader's [`Perspective`], as a [`HintText`]: a
//! title, a few sentences, and a table of rows (keeps or cards) with their
//! numbers and reasons. Each interface lays the table out in its own way
//! (the cards in its own faces) but says nothing of its own.

use crib_ai::{CardFacts, DiscardHint, Hint, PlayHint, PlayMeasure, Stake, chance_now};
use crib_core::{CardSet, PegPoints, Rank, Seat, View, number_words};
use serde::Serialize;

use crate::narrate::{Perspective, capitalised, card_text};

/// A hint as it is shown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintText {
    /// What kind of hint: `discard`, `play`, `go` or `nothing`.
    pub kind: &'static str,
    /// The window's title.
    pub title: String,
    /// Sentences before the table.
    pub lines: Vec<String>,
    /// The heads of the table's columns: first one per set of cards of a
    /// row, then one per cell.
    pub columns: Vec<String>,
    /// The table, best first.
    pub rows: Vec<HintRow>,
}

/// One row of a hint's table: a keep (with its throw) or a card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintRow {
    /// The cards of the row: the keep and the throw, or the card.
    pub cards: Vec<CardSet>,
    /// The numbers, one per column after the cards.
    pub cells: Vec<String>,
    /// Why, in sentences (the play).
    pub reasons: Vec<String>,
    /// Whether it is the expert's choice.
    pub best: bool,
}

/// The words of `hint` for the reader of `who` (the seat that asked).
#[must_use]
pub fn hint_text(hint: &Hint, who: &Perspective) -> HintText {
    match hint {
        Hint::Discard(discard) => discard_text(discard, who),
        Hint::Play(play) => play_text(play, who),
        Hint::Go { count } => HintText {
            kind: "go",
            title: "Go".to_owned(),
            lines: vec![format!("No card you hold fits the count of {count}: say go.")],
            columns: Vec::new(),
            rows: Vec::new(),
        },
        Hint::Nothing { reason } => HintText {
            kind: "nothing",
            title: "No hint".to_owned(),
            lines: vec![format!("No hint now: {reason}.")],
            columns: Vec::new(),
            rows: Vec::new(),
        },
    }
}

/// A value with its sign: `+1.25`, `-0.50`.
fn signed(value: f64) -> String {
    format!("{value:+.2}")
}

fn discard_text(hint: &DiscardHint, who: &Perspective) -> HintText {
    let starters = hint.keeps.first().map_or(46, |keep| keep.hand.starters);
    let whose = match (hint.stake, who.is_me(hint.crib_of)) {
        (Stake::Own, true) => "The crib is yours: what you throw counts for you.".to_owned(),
        (Stake::Own, false) => format!(
            "The crib is {}, your partner's: what you throw counts for your side.",
            possessive_noun(who, hint.crib_of)
        ),
        (Stake::Balk, _) => format!(
            "The crib is {}: what you throw counts against you.",
            possessive_noun(who, hint.crib_of)
        ),
    };
    // Near the end the expert ranks the keeps by their chance of winning
    // the game: the table shows it, since it is what ordered them.
    let for_game = hint.keeps.first().is_some_and(|keep| keep.win.is_some());
    let play = play_is_estimated(who);
    let rows = hint
        .keeps
        .iter()
        .enumerate()
        .map(|(rank, keep)| {
            let mut cells = vec![format!("{:.2}", keep.hand.value()), signed(keep.crib_share())];
            if play {
                cells.push(signed(keep.pegging));
            }
            cells.push(format!("{:.2}", keep.total));
            if let Some(win) = keep.win {
                cells.push(format!("{:.1}%", 100.0 * win));
            }
            HintRow {
                cards: vec![keep.keep, keep.discard],
                cells,
                reasons: Vec::new(),
                best: rank == 0,
            }
        })
        .collect();
    let parts = if play {
        format!(
            "the hand's average over the {starters} starters, the crib's average for or \
             against you, and the play's estimated net points"
        )
    } else {
        format!(
            "the hand's average over the {starters} starters and the crib's average for or \
             against you (the play is not estimated with more than two players)"
        )
    };
    let mut lines = vec![format!(
        "Every keep as the expert values it, best first: {parts}; the first is what the \
         expert keeps."
    )];
    let mut columns = vec!["keep", "throw", "hand", "crib"];
    if play {
        columns.push("pegging");
    }
    columns.push("total");
    if for_game {
        lines.push(
            "Near the end of the game the expert keeps to win: the keeps are ranked by their \
             chance of winning the game (from every starter's hand, the crib and the play, \
             counted in the order of the game), and points decide only between equal chances."
                .to_owned(),
        );
        columns.push("win");
    }
    lines.push(whose);
    HintText {
        kind: "discard",
        title: "Discard".to_owned(),
        lines,
        columns: columns.into_iter().map(str::to_owned).collect(),
        rows,
    }
}

/// Whether the expert's value of a keep has an estimate of the play in
/// it: its model of the play is fitted to two-player rounds, and with more
/// players the play adds nothing to a keep's total (as `crib discard`
/// says).
fn play_is_estimated(who: &Perspective) -> bool {
    who.config().players() == 2
}

/// "the computer's", "North's": a seat's name as the owner of a thing.
fn possessive_noun(who: &Perspective, seat: Seat) -> String {
    if who.is_me(seat) { "yours".to_owned() } else { who.possessive(seat) }
}

/// The points the expert's search nets for the player: its own (or its
/// side's) less the others', as the play's search counts them.
fn net_points_words(who: &Perspective) -> &'static str {
    match who.config().players() {
        2 => "the points you net to the end of the play (yours less your opponent's)",
        3 => {
            "the points you net to the end of the play (yours less the mean of the two other \
             players')"
        }
        _ => "the points your side nets to the end of the play (your side's less the other side's)",
    }
}

fn play_text(hint: &PlayHint, who: &Perspective) -> HintText {
    let net = net_points_words(who);
    let measure = match hint.measure {
        PlayMeasure::NetPoints => format!(
            "Each card's value is the expert's average of {net}, over the hands the others may \
             hold."
        ),
        PlayMeasure::WinChance => "Near the end of the game the expert plays to win: each \
                                   card's value is its chance of winning the game."
            .to_owned(),
    };
    let rows = hint
        .options
        .iter()
        .map(|option| HintRow {
            cards: vec![CardSet::single(option.card)],
            cells: vec![
                option.now.count.to_string(),
                option.now.points.total().to_string(),
                match hint.measure {
                    PlayMeasure::NetPoints => signed(option.value),
                    PlayMeasure::WinChance => format!("{:.0}%", 100.0 * option.value),
                },
            ],
            reasons: card_reasons(option, hint, who),
            best: option.card == hint.choice,
        })
        .collect();
    HintText {
        kind: "play",
        title: format!("Play {}", card_text(hint.choice)),
        lines: vec![format!("The expert would play {}.", card_text(hint.choice)), measure],
        columns: ["card", "count", "pegs", "value"].map(str::to_owned).to_vec(),
        rows,
    }
}

/// What is true of playing one card, in sentences.
fn card_reasons(option: &CardFacts, hint: &PlayHint, who: &Perspective) -> Vec<String> {
    let mut reasons = Vec::new();
    let said = option.now.points.spoken(option.now.count);
    let points = option.now.points.total();
    reasons.push(if option.wins {
        format!("Pegs out: \"{said}\" wins the game.")
    } else if points > 0 {
        format!("Pegs {} now: \"{said}\".", points_words(points))
    } else {
        format!("Pegs nothing now: the count is {}.", option.now.count)
    });
    if option.wins {
        return reasons;
    }
    let unseen = hint.unseen;
    match option.next {
        Some(next) if who.is_ours(next) => {
            reasons.push(format!("{} to play next.", capitalised(&next_player(who, next))));
        }
        Some(next) => {
            if option.risks.is_empty() {
                reasons.push(format!("No card {} may hold pegs on it.", who.object(next)));
            }
            for risk in option.risks.iter().take(2) {
                reasons.push(format!(
                    "{} could peg {} with any {} ({} of {unseen} unseen cards).",
                    who.subject(next),
                    reasons_words(risk.points),
                    ranks_words(&risk.ranks),
                    risk.cards,
                ));
            }
            if let Some(setup) = option.setups.first() {
                reasons.push(format!(
                    "Sets up your {} to peg {} after any {} ({} of {unseen} unseen cards).",
                    card_text(setup.card),
                    reasons_words(setup.points),
                    ranks_words(&setup.after),
                    setup.cards,
                ));
            }
        }
        None => {}
    }
    if hint.measure == PlayMeasure::WinChance {
        let yours = if who.config().players() == 4 { "your side's" } else { "your" };
        reasons.push(format!(
            "The expert puts {yours} chance of winning with it at {:.0}%.",
            100.0 * option.value
        ));
    }
    reasons
}

/// "you play", "North, your partner, plays".
fn next_player(who: &Perspective, seat: Seat) -> String {
    if who.is_me(seat) {
        "you are".to_owned()
    } else {
        format!("{}, your partner, is", who.object(seat))
    }
}

/// "one point", "six points".
fn points_words(points: u8) -> String {
    let words = number_words(u32::from(points));
    if points == 1 { format!("{words} point") } else { format!("{words} points") }
}

/// What points are pegged for: "fifteen two", "a pair royal for six",
/// "thirty-one for two and a pair for two".
fn reasons_words(points: PegPoints) -> String {
    points.reasons().iter().map(|reason| reason.words()).collect::<Vec<_>>().join(" and ")
}

/// Ranks as printed on cards, as choices: "5", "10, J, Q or K".
fn ranks_words(ranks: &[Rank]) -> String {
    let texts: Vec<String> = ranks
        .iter()
        .map(|&rank| if rank == Rank::Ten { "10".to_owned() } else { rank.code().to_string() })
        .collect();
    match texts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The chance of winning from `view`, for the reader at its seat: "You
/// win 62% from here." ("Your side wins..." with partners).
#[must_use]
pub fn win_chance_text(view: &View) -> String {
    let chance = 100.0 * chance_now(view);
    if view.config.players() == 4 {
        format!("Your side wins {chance:.0}% from here.")
    } else {
        format!("You win {chance:.0}% from here.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_ai::{BasicPlayer, Player, hint};
    use crib_core::{Action, BySeat, Game, GameConfig, Phase};

    fn perspective(config: GameConfig, me: Seat) -> Perspective {
        let names = BySeat::new(config, |seat| format!("seat {}", seat.index()));
        Perspective::new(config, Some(me), names)
    }

    #[test]
    fn the_discard_says_whose_crib_and_keeps_the_experts_order() {
        let config = GameConfig::default();
        let mut game = Game::new(config, Seat::ALL[0], 4).expect("seat 0 deals");
        game.play(Seat::ALL[0], Action::Deal).expect("the deal");
        for (seat, says) in [(Seat::ALL[0], "The crib is yours"), (Seat::ALL[1], "against you")] {
            let view = game.view(seat);
            let Hint::Discard(discard) = hint(&view, 4) else { panic!("a discard hint") };
            let text = hint_text(&Hint::Discard(discard.clone()), &perspective(config, seat));
            assert!(text.lines.iter().any(|line| line.contains(says)), "{text:?}");
            assert_eq!(text.rows.len(), discard.keeps.len());
            for (row, keep) in text.rows.iter().zip(&discard.keeps) {
                assert_eq!(row.cards, vec![keep.keep, keep.discard]);
                assert_eq!(row.cells[3], format!("{:.2}", keep.total));
            }
            assert!(text.rows[0].best && text.rows[1..].iter().all(|row| !row.best));
        }
    }

    #[test]
    fn the_discard_speaks_of_the_play_only_where_the_expert_estimates_it() {
        // The expert's estimate of the play is for two players: at three
        // and four a keep's total is its hand and crib, and the hint has
        // no column of zeros for the play, nor words about it.
        for players in [2u8, 3, 4] {
            let config = GameConfig::new(players, 121).expect("2 to 4 players");
            let mut game = Game::new(config, Seat::ALL[0], 4).expect("seat 0 deals");
            game.play(Seat::ALL[0], Action::Deal).expect("the deal");
            let view = game.view(Seat::ALL[1]);
            let Hint::Discard(discard) = hint(&view, 4) else { panic!("a discard hint") };
            let text =
                hint_text(&Hint::Discard(discard.clone()), &perspective(config, Seat::ALL[1]));
            let estimated = players == 2;
            assert_eq!(text.columns.iter().any(|name| name == "pegging"), estimated, "{text:?}");
            let words = &text.lines[0];
            assert_eq!(words.contains("the play's estimated net points"), estimated, "{words}");
            assert_eq!(words.contains("the play is not estimated"), !estimated, "{words}");
            for (row, keep) in text.rows.iter().zip(&discard.keeps) {
                assert_eq!(row.cells.len(), text.columns.len() - 2);
                assert_eq!(row.cells.last(), Some(&format!("{:.2}", keep.total)));
            }
        }
    }

    #[test]
    fn near_the_end_the_discard_shows_the_chance_that_ordered_it() {
        let config = GameConfig::default();
        let mut game = Game::new(config, Seat::ALL[0], 4).expect("seat 0 deals");
        game.play(Seat::ALL[0], Action::Deal).expect("the deal");
        for (scores, for_game) in [([0, 0], false), ([110, 112], true)] {
            let mut view = game.view(Seat::ALL[1]);
            for (seat, score) in Seat::ALL.into_iter().zip(scores) {
                view.board.set(config.side_of(seat), score);
            }
            let Hint::Discard(discard) = hint(&view, 4) else { panic!("a discard hint") };
            let text =
                hint_text(&Hint::Discard(discard.clone()), &perspective(config, Seat::ALL[1]));
            assert_eq!(text.columns.last().is_some_and(|last| last == "win"), for_game);
            assert_eq!(text.lines.iter().any(|line| line.contains("keeps to win")), for_game);
            for (row, keep) in text.rows.iter().zip(&discard.keeps) {
                assert_eq!(row.cells.len(), text.columns.len() - 2);
                if let Some(win) = keep.win {
                    assert_eq!(row.cells[4], format!("{:.1}%", 100.0 * win));
                }
            }
        }
    }

    #[test]
    fn a_card_is_said_to_peg_exactly_when_it_pegs() {
        let mut said_pegs = 0;
        for players in [2u8, 3, 4] {
            let config = GameConfig::new(players, 121).expect("2 to 4 players");
            for seed in 0..6 {
                let mut game = Game::new(config, Seat::ALL[0], seed).expect("seat 0 deals");
                game.play(Seat::ALL[0], Action::Deal).expect("the deal");
                for seat in config.seats() {
                    let discard = BasicPlayer.discard(&game.view(seat));
                    game.play(seat, Action::Discard(discard)).expect("a discard");
                }
                while game.phase() == Phase::Pegging {
                    let seat = game.pegging().turn().expect("a seat to play");
                    let view = game.view(seat);
                    if let Hint::Play(play) = hint(&view, seed) {
                        let text = hint_text(&Hint::Play(play.clone()), &perspective(config, seat));
                        for (row, option) in text.rows.iter().zip(&play.options) {
                            let first = &row.reasons[0];
                            let pegs = option.now.points.total() > 0;
                            assert_eq!(first.starts_with("Pegs nothing"), !pegs, "{first}");
                            said_pegs += usize::from(pegs);
                            let names_a_risk = row.reasons.iter().any(|r| r.contains("could peg"));
                            assert_eq!(names_a_risk, !option.risks.is_empty(), "{row:?}");
                        }
                    }
                    let action = BasicPlayer.act(&view).expect("a play or a go");
                    game.play(seat, action).expect("a legal action");
                }
            }
        }
        assert!(said_pegs > 0);
    }

    /// The view of the seat to lead the play in a round of `players` dealt
    /// by seat 0 (the discards `basic`'s), every side at `score`.
    fn lead_view(players: u8, score: u16) -> View {
        let config = GameConfig::new(players, 121).expect("2 to 4 players");
        let mut game = Game::new(config, Seat::ALL[0], 5).expect("seat 0 deals");
        game.play(Seat::ALL[0], Action::Deal).expect("the deal");
        for seat in config.seats() {
            let discard = BasicPlayer.discard(&game.view(seat));
            game.play(seat, Action::Discard(discard)).expect("a discard");
        }
        let seat = game.pegging().turn().expect("a seat to lead");
        let mut view = game.view(seat);
        for side in config.all_sides() {
            view.board.set(side, score);
        }
        view
    }

    #[test]
    fn the_play_hint_says_whose_points_its_values_net() {
        // Far from the end the values are net points: the player's (or
        // its side's) less the others', as the search counts them.
        for (players, says) in [
            (2, "the points you net to the end of the play (yours less your opponent's)"),
            (3, "(yours less the mean of the two other players')"),
            (4, "the points your side nets to the end of the play (your side's less the other"),
        ] {
            let view = lead_view(players, 10);
            let Hint::Play(play) = hint(&view, 5) else { panic!("a play hint") };
            assert_eq!(play.measure, PlayMeasure::NetPoints, "{players} players");
            let text = hint_text(&Hint::Play(play), &perspective(view.config, view.seat));
            assert!(text.lines[1].contains(says), "{players} players: {}", text.lines[1]);
        }
    }

    #[test]
    fn near_the_end_the_play_hint_says_what_its_values_measure() {
        for (players, measure, says) in [
            (2u8, PlayMeasure::WinChance, "The expert puts your chance of winning with it at "),
            (3, PlayMeasure::WinChance, "The expert puts your chance of winning with it at "),
            (
                4,
                PlayMeasure::WinChance,
                "The expert puts your side's chance of winning with it at ",
            ),
        ] {
            let view = lead_view(players, 110);
            let config = view.config;
            let Hint::Play(play) = hint(&view, 5) else { panic!("a play hint") };
            assert_eq!(play.measure, measure, "{players} players");
            let text = hint_text(&Hint::Play(play.clone()), &perspective(config, view.seat));
            assert!(text.lines.iter().any(|line| line.contains("its chance of winning")));
            for (row, option) in text.rows.iter().zip(&play.options) {
                assert!((0.0..=1.0).contains(&option.value), "{}", option.value);
                assert_eq!(row.cells[2], format!("{:.0}%", 100.0 * option.value));
                let last = row.reasons.last().expect("reasons");
                assert!(option.wins || last.starts_with(says), "{last}");
            }
        }
    }

    #[test]
    fn win_chances_are_for_every_table() {
        let two = Game::new(GameConfig::default(), Seat::ALL[0], 1).expect("seat 0");
        let said = win_chance_text(&two.view(Seat::ALL[1]));
        assert!(said.starts_with("You win ") && said.ends_with("% from here."), "{said}");
        let four = Game::new(GameConfig::new(4, 121).expect("4"), Seat::ALL[0], 1).expect("0");
        let said = win_chance_text(&four.view(Seat::ALL[1]));
        assert!(said.starts_with("Your side wins ") && said.ends_with("% from here."), "{said}");
        // With three players the dealer, with the crib, is the favourite:
        // above a third.
        let three = Game::new(GameConfig::new(3, 121).expect("3"), Seat::ALL[0], 1).expect("0");
        let said = win_chance_text(&three.view(Seat::ALL[0]));
        let percent: u32 = said
            .strip_prefix("You win ")
            .and_then(|rest| rest.strip_suffix("% from here."))
            .and_then(|number| number.parse().ok())
            .unwrap_or_else(|| panic!("{said}"));
        assert!((34..50).contains(&percent), "{said}");
    }
}

//! `crib replay ID`: a saved match told again event by event, in the words
//! of the terminal game's log. Every card is shown, the computer's too: the
//! match is over (or the person asked for it). On a terminal the replay
//! stops after each hand until enter is pressed. With `--review` each
//! decision of a person is followed by its grade from `crib review`, and
//! the match by each game's losses and its split into luck and skill.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_core::Event;
use crib_store::{GameId, GameSummary, PlayerKind};
use crib_table::narrate::{Perspective, capitalised, cards_text, length_text, narrate};
use crib_table::review::REVIEW_SEED;

use crate::saved::{Db, ME};

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The saved match, by its id in `crib history`.
    id: GameId,
    /// Print every line at once, even on a terminal.
    #[arg(long)]
    no_pause: bool,
    /// After each decision of a person, its grade by the expert, as
    /// `crib review --all` gives it, and each game's losses and its split
    /// into luck and skill at the end.
    #[arg(long)]
    review: bool,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let store = args.db.open_read_only()?.context("no saved games yet: crib play saves them")?;
    let resumed = store.resume(args.id).with_context(|| format!("loading match {}", args.id))?;
    let reviewed = if args.review {
        Some(crib_table::review::review_resumed(&resumed, REVIEW_SEED)?)
    } else {
        None
    };
    let summary = &resumed.summary;
    let pause = !args.no_pause && io::stdout().is_terminal() && io::stdin().is_terminal();
    let mut out = io::stdout().lock();
    let names: Vec<&str> =
        summary.setup.players.iter().map(|player| player.name.as_str()).collect();
    writeln!(
        out,
        "Match {}, seed {}, started {}: {}, {}.",
        summary.id,
        summary.setup.seed,
        summary.started_at,
        names.join(" against "),
        length_text(summary.setup.length),
    )?;
    let who = perspective(summary);
    let mut input = io::stdin().lock();
    let mut graded = reviewed.iter().flat_map(|reviewed| &reviewed.decisions).peekable();
    for (index, event) in resumed.events.iter().enumerate() {
        if pause && matches!(event, Event::Dealt { .. }) {
            write!(out, "-- enter for the next hand, q and enter to stop -- ")?;
            out.flush()?;
            let mut answer = String::new();
            if input.read_line(&mut answer)? == 0 || answer.trim().eq_ignore_ascii_case("q") {
                return Ok(ExitCode::SUCCESS);
            }
        }
        // Events as stored hide nothing: every discard is shown.
        for line in narrate(event, &who).lines {
            writeln!(out, "{}", line.text)?;
        }
        if let Event::Dealt { hands, .. } = event {
            let held: Vec<String> = hands
                .iter()
                .zip(crib_core::Seat::ALL)
                .filter_map(|(hand, seat)| {
                    hand.map(|cards| {
                        format!("{} cards: {}", who.possessive(seat), cards_text(cards))
                    })
                })
                .collect();
            writeln!(out, "{}.", capitalised(&held.join("; ")))?;
        }
        while let Some(decision) = graded.next_if(|decision| decision.event == index) {
            writeln!(out, "  Review: {}", decision.describe(&who))?;
        }
    }
    if let Some(reviewed) = &reviewed {
        writeln!(
            out,
            "Reviewed by the {} player with seed {}: crib review {} for the summary and the chart.",
            reviewed.expert.level, reviewed.expert.seed, summary.id
        )?;
        for game in &reviewed.games {
            writeln!(
                out,
                "Game {}: {:.2} points given up, {:.2} to discards, {:.2} to pegging, {:.2} to counting; {} mistake{}.",
                game.game + 1,
                game.total.total,
                game.total.discards,
                game.total.pegging,
                game.total.counting,
                game.mistakes,
                if game.mistakes == 1 { "" } else { "s" }
            )?;
        }
        for line in reviewed.luck_skill_lines(&who) {
            writeln!(out, "{line}")?;
        }
    }
    if summary.winner.is_none() {
        writeln!(out, "The match stops here: it was not finished.")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The saved match read from the person at this terminal's seat (`me`), if
/// one played, every other seat called by its saved name, or "the computer"
/// when one computer played.
pub(crate) fn perspective(summary: &GameSummary) -> Perspective {
    let setup = &summary.setup;
    let me = setup
        .players
        .iter()
        .position(|player| player.kind == PlayerKind::Person && player.name == ME)
        .and_then(|index| setup.config.seats().nth(index));
    Perspective::of_saved(setup, me)
}

//! `crib replay ID`: a saved match told again event by event, in the words
//! of the terminal game's log. Every card is shown, the computer's too: the
//! match is over (or the person asked for it). On a terminal the replay
//! stops after each hand until enter is pressed.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_core::{BySeat, Event};
use crib_referee::narrate::{Perspective, capitalised, cards_text, narrate};
use crib_store::{GameId, PlayerKind};

use crate::saved::{Db, ME};

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The saved match, by its id in `crib history`.
    id: GameId,
    /// Print every line at once, even on a terminal.
    #[arg(long)]
    no_pause: bool,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let store = args.db.open_read_only()?.context("no saved games yet: crib play saves them")?;
    let resumed = store.resume(args.id).with_context(|| format!("loading match {}", args.id))?;
    let summary = &resumed.summary;
    let pause = !args.no_pause && io::stdout().is_terminal() && io::stdin().is_terminal();
    let mut out = io::stdout().lock();
    let names: Vec<&str> =
        summary.setup.players.iter().map(|player| player.name.as_str()).collect();
    writeln!(
        out,
        "Match {}, seed {}, started {}: {}, first to {} game{}.",
        summary.id,
        summary.setup.seed,
        summary.started_at,
        names.join(" against "),
        summary.setup.games_to_win,
        if summary.setup.games_to_win == 1 { "" } else { "s" }
    )?;
    let config = summary.setup.config;
    let players = &summary.setup.players;
    let me =
        players.iter().position(|player| player.kind == PlayerKind::Person && player.name == ME);
    let computers = players.iter().filter(|player| player.kind == PlayerKind::Computer).count();
    let names = BySeat::new(config, |seat| match players.get(seat.index()) {
        Some(player) if player.kind == PlayerKind::Computer && computers == 1 => {
            "the computer".to_owned()
        }
        Some(player) => player.name.clone(),
        None => format!("seat {seat}"),
    });
    let who = Perspective::new(config, me.and_then(|index| config.seats().nth(index)), names);
    let mut input = io::stdin().lock();
    for event in &resumed.events {
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
    }
    if summary.winner.is_none() {
        writeln!(out, "The match stops here: it was not finished.")?;
    }
    Ok(ExitCode::SUCCESS)
}

//! `crib stats me`: the person's record over their finished matches at the
//! terminal, beside the computer's over the same matches, and their
//! counting practice (`crib drill` and the browser's drill).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use crib_core::DrillRecord;
use crib_store::{Record, RolePoints, Stats};
use crib_table::narrate;

use crate::saved::{Db, ME};

#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Print the record as one line of JSON (averages are points a hand).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    db: Db,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let (stats, drill) = match args.db.open_read_only()? {
        Some(store) => (
            store.stats(ME).context("working out your record")?,
            store.drill_record(ME).context("working out your counting practice")?,
        ),
        None => (crib_store::Stats::default(), DrillRecord::default()),
    };
    if args.json {
        crate::output::json_line(
            &mut io::stdout().lock(),
            &crate::saved::StatsJson::new(&stats, &drill),
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = io::stdout().lock();
    write_matches(&mut out, &stats)?;
    writeln!(out)?;
    writeln!(out, "Counting practice (crib drill):")?;
    for line in narrate::drill_record(&drill) {
        writeln!(out, "  {line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn write_matches(out: &mut dyn Write, stats: &Stats) -> io::Result<()> {
    let (me, them) = (&stats.player, &stats.opponents);
    if me.matches == 0 {
        return writeln!(out, "No finished matches yet: play one with crib play.");
    }
    let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "es" });
    writeln!(
        out,
        "Your record over {} ({} game{}), beside the computer's:",
        plural(me.matches, "match"),
        me.games,
        if me.games == 1 { "" } else { "s" }
    )?;
    writeln!(out)?;
    writeln!(out, "{:<28}{:>10}{:>10}", "", "you", "computer")?;
    let count = |out: &mut dyn Write, label: &str, field: fn(&Record) -> u32| {
        writeln!(out, "{label:<28}{:>10}{:>10}", field(me), field(them))
    };
    count(out, "matches won", |r| r.matches_won)?;
    count(out, "games won", |r| r.wins)?;
    count(out, "skunks given", |r| r.skunks_given)?;
    count(out, "  of them double", |r| r.double_skunks_given)?;
    count(out, "skunks taken", |r| r.skunks_taken)?;
    count(out, "best hand", |r| u32::from(r.best_hand))?;
    count(out, "best crib", |r| u32::from(r.best_crib))?;
    let average = |out: &mut dyn Write,
                   label: &str,
                   role: fn(&Record) -> &RolePoints,
                   field: fn(&RolePoints) -> u32| {
        let (mine, theirs) = (role(me), role(them));
        writeln!(
            out,
            "{label:<28}{:>10.2}{:>10.2}",
            mine.average(field(mine)),
            theirs.average(field(theirs))
        )
    };
    let hands = |n: u32| format!("{n} hand{}", if n == 1 { "" } else { "s" });
    writeln!(out, "as dealer, points a hand ({} for you)", hands(me.dealer.rounds))?;
    average(out, "  hand", |r| &r.dealer, |p| p.hand)?;
    average(out, "  crib", |r| &r.dealer, |p| p.crib)?;
    average(out, "  pegging", |r| &r.dealer, |p| p.pegging)?;
    average(out, "  his heels", |r| &r.dealer, |p| p.heels)?;
    writeln!(out, "as pone, points a hand ({} for you)", hands(me.pone.rounds))?;
    average(out, "  hand", |r| &r.pone, |p| p.hand)?;
    average(out, "  pegging", |r| &r.pone, |p| p.pegging)?;
    if me.dealer.muggins + me.pone.muggins + them.dealer.muggins + them.pone.muggins > 0 {
        writeln!(out, "muggins, points a hand")?;
        average(out, "  as dealer", |r| &r.dealer, |p| p.muggins)?;
        average(out, "  as pone", |r| &r.pone, |p| p.muggins)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_hand_is_one_hand() {
        let mut stats = Stats::default();
        stats.player.matches = 1;
        stats.player.games = 1;
        stats.player.dealer.rounds = 1;
        stats.player.pone.rounds = 2;
        let mut out = Vec::new();
        write_matches(&mut out, &stats).expect("written to memory");
        let text = String::from_utf8(out).expect("text");
        assert!(text.contains("as dealer, points a hand (1 hand for you)"), "{text}");
        assert!(text.contains("as pone, points a hand (2 hands for you)"), "{text}");
        assert!(text.contains("over 1 match (1 game)"), "{text}");
    }
}

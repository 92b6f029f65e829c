//! `crib prolog check`: a Prolog solution of the original assignment,
//! checked in SWI-Prolog against crib's exact answers.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use crib_prolog::{EVERY_HAND, Options, Progress, check};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::output::json_line;

#[derive(Debug, clap::Subcommand)]
pub(crate) enum Command {
    /// Load a Prolog file in SWI-Prolog and check its hand_value/3 and
    /// select_hand/3 against crib's exact answers.
    Check(Box<CheckArgs>),
}

#[derive(Debug, clap::Args)]
#[command(after_help = "\
The file is loaded once in one swipl process (SWI-Prolog; on Debian or Ubuntu:
sudo apt-get install swi-prolog-nox), which is then asked every question in \
turn. A question past its time limit counts as a timeout and the process is \
started again (loading the file again, within 20 s).

hand_value(Hand, Startcard, Value) is asked the assignment's six examples, then \
32 hands that cover every kind of score (each count of fifteens from none to \
eight, pairs to a double pair royal, runs of three to five, double, triple and \
double double runs, flushes of four and five, his nob, 28 and 29, hands worth \
nothing, every rank), then random hands (--hands) or every hand (--all). \
Right: Value is the integer crib counts.

select_hand(Cards, Hand, Cribcards) is asked 5 deals on which the best four \
cards on their own are not the best keep, then random deals (--deals), 6 cards \
and 5 cards by turns. Right: Hand is four of Cards whose average hand over every \
starter not in Cards is the best there is (every keep as good is right), and \
Cribcards is the other cards; otherwise the expected points given up are shown.

Lists may be in any order. Errors are exceptions, failures, answers left partly \
unbound and malformed answers (a Value that is not an integer, a Hand that is \
not four of the dealt cards, Cribcards that are not the cards not kept).

Score: each part scores its share of the questions answered right: 50 × right \
÷ asked for hand_value/3, 20 × right ÷ asked for select_hand/3, to one decimal \
place (wrong answers, errors and timeouts are all not right; a predicate that \
is not defined scores 0).

Exit status: 0 when the file loads without errors and every answer is right; \
2 when the check ran but something is not right (a wrong answer, an error, a \
timeout, an error loading the file, a predicate missing); 1 when the file could \
not be checked (no swipl, no such file, swipl stopped while loading it or took \
more than 20 s, neither predicate defined).

Examples:
  crib prolog check cribbage.pl
  crib prolog check cribbage.pl --hands 10000 --deals 200 --seed 7
  crib prolog check cribbage.pl --all
  crib prolog check cribbage.pl --json > report.json")]
pub(crate) struct CheckArgs {
    /// The Prolog file to check.
    file: PathBuf,

    /// Random hands to ask hand_value/3 after the fixed ones.
    #[arg(long, value_name = "N", default_value_t = 1000, conflicts_with = "all")]
    hands: u64,

    /// Ask hand_value/3 every hand with every starter (12,994,800) after the
    /// fixed ones, instead of random hands, with a progress bar on a
    /// terminal.
    #[arg(long)]
    all: bool,

    /// Random deals to ask select_hand/3 after the fixed ones.
    #[arg(long, value_name = "N", default_value_t = 100)]
    deals: u64,

    /// The seed of the random hands and deals [default: random, printed to
    /// ask the same questions again].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Seconds hand_value/3 has for each question.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0, value_parser = seconds)]
    hand_timeout: f64,

    /// Seconds select_hand/3 has for each question.
    #[arg(long, value_name = "SECONDS", default_value_t = 4.0, value_parser = seconds)]
    select_timeout: f64,

    /// How many wrong answers, and how many errors, to show for each part.
    #[arg(long, value_name = "N", default_value_t = 5)]
    show: usize,

    /// The SWI-Prolog program to run.
    #[arg(long, value_name = "PROGRAM", default_value = "swipl")]
    swipl: String,

    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
}

/// A time limit: a positive number of seconds.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 86_400.0 => Ok(seconds),
        _ => Err(format!("{text} is not a number of seconds above 0 (and at most a day)")),
    }
}

pub(crate) fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Check(args) => run_check(args),
    }
}

fn run_check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(rand::random);
    if args.seed.is_none() {
        eprintln!("crib: seed {seed} (ask the same questions with --seed {seed})");
    }
    let options = Options {
        file: args.file.clone(),
        swipl: args.swipl.clone(),
        hand_limit: Duration::from_secs_f64(args.hand_timeout),
        select_limit: Duration::from_secs_f64(args.select_timeout),
        hands: args.hands,
        every_hand: args.all,
        deals: args.deals,
        seed,
        mistakes: args.show,
    };
    let bar = if args.all {
        let style = ProgressStyle::with_template(
            "{prefix} {bar:40} {human_pos}/{human_len} questions, {rate}/s, eta {eta}",
        )
        .context("the progress bar's template")?
        .with_key("rate", |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            // Progress is drawn on a best-effort basis: a failed write is no error.
            let _ = write!(out, "{:.0}", state.per_sec());
        });
        ProgressBar::with_draw_target(Some(EVERY_HAND), ProgressDrawTarget::stderr())
            .with_style(style)
    } else {
        ProgressBar::hidden()
    };
    let mut progress = |step: Progress| {
        if bar.length() != Some(step.total) {
            bar.set_length(step.total);
            bar.set_prefix(step.predicate);
            bar.reset_eta();
        }
        bar.set_position(step.done);
    };
    let report = check(&options, &mut progress)?;
    bar.finish_and_clear();
    let mut out = io::stdout().lock();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        write!(out, "{report}").context("writing the report")?;
    }
    Ok(if report.all_right() { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

//! `crib`: cribbage on the command line.
//!
//! A thin binary: each subcommand parses its arguments, calls the libraries
//! (`crib_core` for the rules, `crib_ai` for decisions and analysis) and
//! prints. Results go to standard output; errors and progress go to standard
//! error, once, from `main` (see `report`).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::{CommandFactory, Parser, Subcommand};

mod best_response;
mod club;
mod cribs;
mod db;
mod discard;
mod drill;
mod engine;
mod history;
mod matchplay;
mod output;
mod play;
mod prolog;
mod record;
mod replay;
mod report;
mod review;
mod saved;
mod score;
mod serve;
mod sim;
mod stats;

/// Cribbage: count hands, choose discards, and play.
#[derive(Debug, Parser)]
#[command(name = "crib", version, about, propagate_version = true)]
#[command(after_help = "\
Cards are written rank then suit: 5H, 5h, 10H or TH, 5♥, or as the terms of the \
original Prolog documents, card(5, hearts), card(ace, spades), and whole lists \
[card(7,clubs), card(queen,hearts), ...].

Examples:
  crib play                          play against the computer in the terminal
  crib play --resume                 take up the last unfinished match
  crib history                       the matches you have finished
  crib review 12                     match 12's mistakes, graded by the expert
  crib drill --hands 5 --cribs       practise counting hands and cribs
  crib serve                         play in the browser at http://127.0.0.1:8121/
  crib club add Ann                  make Ann a member of the club, with her sign-in link
  crib score 5H 5S 5C JD 5D          count a hand with its starter (29)
  crib discard 5H 5S JD 4C 6C KD     which four to keep from six
  crib stats hands                   score every possible show
  crib prolog check cribbage.pl      check a Prolog solution of the assignment

A computer opponent (crib play, crib engine) is the strongest built-in player, \
expert, unless --level chooses another; crib sim and crib match, which compare \
players, seat the quick basic player unless --seat-N says otherwise.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count a hand or crib with its starter, the way a player says it.
    Score(score::Args),
    /// Choose which four cards to keep from a deal of five or six.
    Discard(discard::Args),
    /// Exhaustive statistics over every possible hand.
    #[command(subcommand)]
    Stats(stats::Command),
    /// Self-play between built-in players: crib match with 1000 games.
    Sim(sim::Args),
    /// Play one seat as a computer opponent over the engine protocol.
    Engine(engine::Args),
    /// Refereed games between built-in players and engine processes.
    Match(Box<matchplay::Args>),
    /// Play against the computer in the terminal.
    Play(play::Args),
    /// Counting practice in the terminal: count hands (and cribs) by kind,
    /// see what you missed and your time.
    Drill(drill::Args),
    /// The finished matches saved by crib play, latest first.
    History(history::Args),
    /// Step through a saved match, event by event.
    Replay(replay::Args),
    /// A saved match's decisions graded against the expert, with the chance
    /// of winning across it.
    Review(review::Args),
    /// Play in the browser: serve the game on a local address.
    Serve(serve::Args),
    /// Print a completion script for a shell, generated from these options:
    /// e.g. `crib completions bash > ~/.local/share/bash-completion/completions/crib`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): e.g. `crib man > ~/.local/share/man/man1/crib.1`.
    Man,
    /// Check a Prolog solution of the original assignment in SWI-Prolog.
    #[command(subcommand)]
    Prolog(prolog::Command),
    /// Look after the database of saved games: remove old matches.
    #[command(subcommand)]
    Db(db::Command),
    /// The members of the club that crib serve serves: add one with their
    /// sign-in link, list them, re-issue a link, remove one.
    #[command(subcommand)]
    Club(club::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Score(args) => score::run(&args),
        Command::Discard(args) => discard::run(&args),
        Command::Stats(command) => stats::run(&command),
        Command::Sim(args) => sim::run(&args),
        Command::Engine(args) => engine::run(&args),
        Command::Match(args) => matchplay::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Drill(args) => drill::run(&args),
        Command::History(args) => history::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Completions { shell } => completions(shell),
        Command::Man => man(),
        Command::Prolog(command) => prolog::run(&command),
        Command::Db(command) => db::run(&command),
        Command::Club(command) => club::run(&command),
    };
    match outcome {
        Ok(code) => code,
        // The reader of the output went away (`crib … | head`): what it
        // wanted it has; stop quietly.
        Err(error) if report::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("crib: error: {}", report::chain(&error));
            // A command line refused after clap parsed it, as clap's own.
            if report::is_usage(&error) { ExitCode::from(2) } else { ExitCode::FAILURE }
        }
    }
}

fn completions(shell: clap_complete::Shell) -> anyhow::Result<ExitCode> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "crib", &mut script);
    io::stdout().lock().write_all(&script).context("writing the completions")?;
    Ok(ExitCode::SUCCESS)
}

fn man() -> anyhow::Result<ExitCode> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page).context("making the manual page")?;
    io::stdout().lock().write_all(&page).context("writing the manual page")?;
    Ok(ExitCode::SUCCESS)
}

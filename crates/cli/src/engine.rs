//! `crib engine`: the computer opponent as a process that speaks the
//! Cribbage Engine Protocol on standard input and output.
//!
//! Standard output carries protocol responses and nothing else; the seed, a
//! script that runs out or is overruled, and any failure go to standard
//! error. The protocol itself lives in `crib_protocol`; this file only picks
//! the player and connects the loop to the process's streams.

use std::io::{self, BufWriter};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use crib_ai::{BuiltIn, ExpertOptions, ExpertPlayer, Player, Strategy};
use crib_protocol::{Script, Scripted, Session, serve};

#[derive(Debug, clap::Args)]
#[command(after_help = "\
The engine reads one command per line on standard input and answers each on \
standard output (see docs/protocol.md), until quit; or the end of the input:

  $ printf 'newgame 2 1;\\ncount 5H 5S 5C JD 5D;\\nquit;\\n' | crib engine
  ok.
  ok 29.
  ok.

Scripted choices (--choices, --script) are outside the protocol, for golden \
tests and replays: entries separated by commas (or line breaks in a file, where \
'#' starts a comment), one per decision in order: the cards of each discard \
(\"JD KD\") and the card of each play (\"4C\"). A turn on which no card fits \
is a go; a \"go\" entry there is optional. When the script runs out, or its \
next choice is not legal, the --level player decides (said on standard error).

  crib engine --choices \"JD KD, 4C, 5H, 5S, 6C\"")]
pub(crate) struct Args {
    /// The player that makes the engine's choices, by default the
    /// strongest: random, easy, basic, classic or expert.
    #[arg(long, value_name = "NAME", default_value_t = Strategy::STRONGEST)]
    level: Strategy,
    /// The seed of the player's choices [default: random, printed on
    /// standard error for the random player].
    #[arg(long)]
    seed: Option<u64>,
    /// The expert's thinking budget, in milliseconds a play (1 to 10000;
    /// the default is about 3). It is converted to work, not timed: the
    /// same seed, position, game so far and budget give the same move on
    /// any machine. More time has not made the expert measurably stronger
    /// (see docs/players.md, the thinking budget).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(1..=i64::from(ExpertOptions::MAX_THINK_MS)))]
    think_ms: Option<u32>,
    /// The engine's choices, scripted: "JD KD, 4C, 5H, ...".
    #[arg(long, value_name = "LIST", conflicts_with = "script")]
    choices: Option<String>,
    /// The engine's choices, scripted, read from a file.
    #[arg(long, value_name = "FILE")]
    script: Option<PathBuf>,
}

pub(crate) fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let script = match (&args.choices, &args.script) {
        (Some(text), _) => {
            Some(text.parse::<Script>().context("--choices").map_err(crate::report::usage)?)
        }
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading the script {}", path.display()))?;
            Some(text.parse::<Script>().with_context(|| format!("the script {}", path.display()))?)
        }
        (None, None) => None,
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    if args.seed.is_none() && args.level == Strategy::Random {
        eprintln!("crib engine: seed {seed} (replay with --seed {seed})");
    }
    let (player, level) = match args.think_ms {
        None => (args.level.player(seed), args.level.to_string()),
        Some(ms) if args.level == Strategy::Expert => (
            BuiltIn::Expert(ExpertPlayer::with_options(seed, ExpertOptions::thinking(ms))),
            format!("{}:{ms}", args.level),
        ),
        Some(_) => {
            return Err(crate::report::usage(anyhow::anyhow!(
                "--think-ms is the expert's budget: it needs --level expert"
            )));
        }
    };
    let name = format!("crib {} {level}", env!("CARGO_PKG_VERSION"));
    match script {
        Some(script) => {
            let scripted = Scripted::new(script, player).reporting(report);
            serve_stdio(Session::new(scripted).with_name(name))
        }
        None => serve_stdio(Session::new(player).with_name(name)),
    }
}

fn report(message: &str) {
    eprintln!("crib engine: {message}");
}

fn serve_stdio<P: Player>(mut session: Session<P>) -> anyhow::Result<ExitCode> {
    let input = io::stdin().lock();
    // Buffered, because `serve` flushes after each response anyway: one
    // write call per response instead of one per piece of it.
    let output = BufWriter::new(io::stdout().lock());
    serve(&mut session, input, output).context("talking to the referee")?;
    Ok(ExitCode::SUCCESS)
}

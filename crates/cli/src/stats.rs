//! `crib stats`: exhaustive statistics.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use crib_ai::{
    BestResponseBuild, CribValues, Distribution, HandStats, KeepStats, MAX_SCORE, Measured,
    RoundCounts, STARTERS, Strategy, ThreeTable, ThrowModel, WinTable, best_response_build,
    crib_table, hand_stats, keep_stats, measure_throws,
};
use crib_core::Rank;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::cribs::{CribJson, write_crib_tables};
use crate::output::{grouped, json_line};

#[derive(Debug, clap::Subcommand)]
pub(crate) enum Command {
    /// Score every hand of four with every starter (12,994,800 shows) under
    /// hand rules and crib rules: how many score each number of points, and
    /// the means.
    Hands {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Find the best keep (by exact expected hand) of every one of the
    /// 20,358,520 six-card deals: the average and the distribution of its
    /// expectation.
    #[command(after_help = "\
Deals that differ only by the names of the suits share their best keep, so one \
deal of each of the 962,988 classes is evaluated and counted as many times as \
its class has deals. Expectations are exact: a whole number of points over the \
46 starters.")]
    Keeps {
        /// Print JSON (with the count of deals for every number of points
        /// over the 46 starters).
        #[arg(long)]
        json: bool,
    },
    /// The expected crib for every two-card discard, by ranks, for the
    /// dealer's own throw and for the pone's throw into the dealer's crib.
    #[command(after_help = "\
Each expectation is exact over every starter and every pair of cards the other \
player may throw from the 50 cards left, the other player's throw weighted by \
what a sensible player throws (see `crib stats throws`), or equally with \
--uniform. In the tables, a cell above the diagonal is two cards of different \
suits, below it two of one suit; the diagonal is a pair.")]
    Cribs {
        /// Every discard of the other player equally likely.
        #[arg(long)]
        uniform: bool,
        /// The table of iterated best response kept in crib (see `crib
        /// stats best-response`) instead of the exact expectation.
        #[arg(long, conflicts_with = "uniform")]
        best_response: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Measure what a sensible player throws to the crib over every deal:
    /// the weights of the crib's model of other players' discards.
    #[command(after_help = "\
The sensible player keeps the four cards with the best hand expectation plus \
(own crib) or minus (opponent's) the crib's, the crib valued under the uniform \
model, or with --from measured under the measured model built into crib. A \
weight of 1000 is as often as a random discard; the pair tables are indexed by \
the two ranks thrown.")]
    Throws {
        /// The crib model the sensible player values its discards with:
        /// uniform or measured.
        #[arg(long, default_value = "uniform", value_parser = ["uniform", "measured"])]
        from: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Your record over your finished matches in the terminal: games, wins,
    /// skunks, average hand, crib and pegging as dealer and pone, best hand,
    /// beside the computer's; and your counting practice (crib drill and the
    /// browser's drill): hands, accuracy, median time, the points missed most.
    Me(crate::record::Args),
    /// The chance of winning from the board, with two, three or four
    /// players (partners): the first dealer's chance at 121 and at 61, and
    /// a grid by the scores for the dealer and the pone, from the table kept
    /// in crib (measured from the expert's self-play).
    #[command(after_help = "\
With --rebuild, the distributions of a round's points (the play, the pone's \
hand, with three players the second pone's, with four the partners' hands, \
the dealer's hand and crib) are measured afresh from --games games of expert \
self-play seeded --seed, the table is rebuilt from them, and the first \
dealer's win rate measured directly in that self-play (with its 95% interval) \
is printed beside the tables' figures. --write FILE writes the measured \
distributions as Rust source, which is what \
crates/ai/src/board/data/two_players.rs, three_players.rs and \
four_players.rs hold: crib builds its tables from them when it is compiled. \
With three players the grids put the two others level, at the column's \
score.")]
    Board(BoardArgs),
    /// The crib's value of each two-card discard by iterated best response
    /// (two players): over seeded deals each player keeps the four cards
    /// worth most in hand, crib and play, the crib's value from the table
    /// before, until a best response stops gaining.
    #[command(after_help = "\
Each pass deals the same deals (--deals, --seed); each player keeps the four \
cards with the most net points: the hand's exact expectation, plus (dealer) or \
minus (pone) the crib's value of the two cards thrown from the table before, \
plus the keep's net points in the play, the expert's search of the play over \
--samples sampled hands of the opponent. The cribs the two discards make, counted \
with every starter left, make the next table. A pass after the first reports \
the exploitability: how much a best response gains, per hand, over the keeps \
of the table before; passes stop once it stops falling, or after --passes.

On one machine the passes run on every core. Across machines, each pass is \
split with --shard I/N (I from 0 to N-1: JOB_COMPLETION_INDEX of a Kubernetes \
indexed job, SLURM_ARRAY_TASK_ID of a Slurm array) and --out, the shards' \
rounds are merged with --merge (exactly, in any order), and the next pass \
starts --from the merged round. --write FILE writes the last table as the Rust \
source that crates/ai/src/expect/data/best_response.rs holds.")]
    BestResponse(crate::best_response::Args),
}

/// The options of `crib stats board`.
#[derive(Debug, clap::Args)]
pub(crate) struct BoardArgs {
    /// The players: 2, 3, or 4 in partnerships.
    #[arg(long, default_value_t = 2, value_parser = board_players)]
    players: u8,
    /// Measure the table afresh from expert self-play.
    #[arg(long)]
    rebuild: bool,
    /// The games of self-play to measure.
    #[arg(long, default_value_t = 3000, requires = "rebuild",
          value_parser = clap::value_parser!(u64).range(1..=crate::matchplay::MAX_GAMES))]
    games: u64,
    /// The seed of the self-play (a random one, reported, if not given).
    #[arg(long, requires = "rebuild")]
    seed: Option<u64>,
    /// Write the measured distributions, the table's source, as Rust to FILE.
    #[arg(long, value_name = "FILE", requires = "rebuild")]
    write: Option<std::path::PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Hands { json } => hands(*json),
        Command::Me(args) => crate::record::run(args),
        Command::Board(args) => board(args),
        Command::Keeps { json } => keeps(*json),
        Command::Cribs { uniform, best_response, json } => cribs(*uniform, *best_response, *json),
        Command::Throws { from, json } => throws(from == "measured", *json),
        Command::BestResponse(args) => crate::best_response::run(args),
    }
}

fn hands(json: bool) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let stats = hand_stats();
    eprintln!(
        "crib: counted {} shows in {:.2} s on {} cores",
        grouped(stats.hand.shows() + stats.crib.shows()),
        started.elapsed().as_secs_f64(),
        cores()
    );
    let mut out = io::stdout().lock();
    if json {
        json_line(&mut out, &StatsJson::from(&stats))?;
    } else {
        write_hands(&mut out, &stats).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

fn write_hands(out: &mut impl Write, stats: &HandStats) -> io::Result<()> {
    writeln!(
        out,
        "Every hand of four with every starter: {} shows under each rule set.",
        grouped(stats.hand.shows())
    )?;
    writeln!(out)?;
    writeln!(out, "points          hand          crib")?;
    for points in 0..=MAX_SCORE {
        writeln!(
            out,
            "{points:>6}  {:>12}  {:>12}",
            grouped(stats.hand.counts[points]),
            grouped(stats.crib.counts[points])
        )?;
    }
    writeln!(out, "{:>6}  {:>12.6}  {:>12.6}", "mean", stats.hand.mean(), stats.crib.mean())?;
    Ok(())
}

#[derive(Serialize)]
struct StatsJson {
    hand: DistributionJson,
    crib: DistributionJson,
}

#[derive(Serialize)]
struct DistributionJson {
    shows: u64,
    points: u64,
    mean: f64,
    counts: Vec<u64>,
}

impl From<&Distribution> for DistributionJson {
    fn from(distribution: &Distribution) -> DistributionJson {
        DistributionJson {
            shows: distribution.shows(),
            points: distribution.points(),
            mean: distribution.mean(),
            counts: distribution.counts.to_vec(),
        }
    }
}

impl From<&HandStats> for StatsJson {
    fn from(stats: &HandStats) -> StatsJson {
        StatsJson { hand: (&stats.hand).into(), crib: (&stats.crib).into() }
    }
}

fn keeps(json: bool) -> anyhow::Result<ExitCode> {
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{bar:40} {human_pos}/{human_len} classes of deals, eta {eta}",
        )
        .context("the progress bar's template")?,
    );
    let started = Instant::now();
    let stats = keep_stats(|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    eprintln!(
        "crib: found the best keep of {} deals ({} classes) in {:.2} s on {} cores",
        grouped(stats.deals),
        grouped(stats.classes),
        started.elapsed().as_secs_f64(),
        cores()
    );
    let mut out = io::stdout().lock();
    if json {
        let keeps = KeepsJson {
            deals: stats.deals,
            classes: stats.classes,
            starters: STARTERS,
            points: stats.points(),
            mean: stats.mean(),
            by_whole_points: stats.by_whole_points(),
            counts: stats.counts.clone(),
        };
        json_line(&mut out, &keeps)?;
    } else {
        write_keeps(&mut out, &stats).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct KeepsJson {
    deals: u64,
    classes: u64,
    starters: u32,
    /// The sum over all deals of the best keep's points over every starter.
    points: u64,
    mean: f64,
    /// Deals whose best keep's expectation is in `[p, p + 1)`, for `p` from 0.
    by_whole_points: Vec<u64>,
    /// Deals whose best keep totals `p` points over the 46 starters.
    counts: Vec<u64>,
}

fn write_keeps(out: &mut impl Write, stats: &KeepStats) -> io::Result<()> {
    writeln!(
        out,
        "The best keep of every six-card deal ({} deals), by its exact expected hand.",
        grouped(stats.deals)
    )?;
    writeln!(out)?;
    writeln!(out, "  expected hand         deals    share  cumulative")?;
    let buckets = stats.by_whole_points();
    let last = buckets.iter().rposition(|&count| count > 0).unwrap_or(0);
    let mut cumulative = 0;
    for (low, &count) in buckets.iter().enumerate().take(last + 1) {
        cumulative += count;
        writeln!(
            out,
            "  {:>5} to {:<5}  {:>12}  {:>6.2}%  {:>9.2}%",
            format!("{low}.00"),
            format!("{}.00", low + 1),
            grouped(count),
            percent(count, stats.deals),
            percent(cumulative, stats.deals)
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "mean {:.6} points ({} points over {} starters and {} deals)",
        stats.mean(),
        grouped(stats.points()),
        STARTERS,
        grouped(stats.deals)
    )?;
    Ok(())
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 { 0.0 } else { 100.0 * part as f64 / whole as f64 }
}

fn cribs(uniform: bool, best_response: bool, json: bool) -> anyhow::Result<ExitCode> {
    let model = if uniform { &ThrowModel::UNIFORM } else { ThrowModel::reasonable() };
    let started = Instant::now();
    let table = if best_response { CribValues::best_response().rows() } else { crib_table(model) };
    eprintln!("crib: valued {} discards in {:.3} s", table.len(), started.elapsed().as_secs_f64());
    let build = best_response_build();
    let mut out = io::stdout().lock();
    if json {
        let discards: Vec<CribJson> = table.iter().map(CribJson::of).collect();
        let (model, build) = match (uniform, best_response) {
            (true, _) => ("uniform", None),
            (_, true) => ("best-response", Some(build)),
            _ => ("measured", None),
        };
        json_line(&mut out, &CribsJson { model, build, discards })?;
    } else {
        let heading = if best_response {
            format!(
                "The crib for each two-card discard by iterated best response ({} passes over \
                 {} deals seeded {}, each keep's play over {} sampled hands).",
                build.passes,
                grouped(build.deals),
                build.seed,
                build.samples
            )
        } else if uniform {
            "The expected crib for each two-card discard, every throw of the other player \
             equally likely."
                .to_owned()
        } else {
            "The expected crib for each two-card discard, the other player throwing as a \
             sensible player does."
                .to_owned()
        };
        write_crib_tables(&mut out, &heading, &table).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct CribsJson {
    model: &'static str,
    /// How the best-response table was measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    build: Option<BestResponseBuild>,
    discards: Vec<CribJson>,
}

fn throws(measured: bool, json: bool) -> anyhow::Result<ExitCode> {
    let model = if measured { ThrowModel::reasonable() } else { &ThrowModel::UNIFORM };
    let started = Instant::now();
    let counts = measure_throws(model);
    eprintln!(
        "crib: measured the throws of every deal in {:.2} s on {} cores",
        started.elapsed().as_secs_f64(),
        cores()
    );
    let measured_model = counts.model();
    let mut out = io::stdout().lock();
    if json {
        json_line(&mut out, &measured_model)?;
        return Ok(ExitCode::SUCCESS);
    }
    for (stake, name) in [
        (0, "the dealer's throw into their own crib"),
        (1, "the pone's throw into the dealer's crib"),
    ] {
        writeln!(out, "Two players, {name} (weight by the two ranks thrown):")?;
        write!(out, "    ")?;
        for rank in Rank::ALL {
            write!(out, "{:>6}", rank.code())?;
        }
        writeln!(out)?;
        for (low, row) in measured_model.pairs[stake].iter().enumerate() {
            write!(out, "  {} ", Rank::ALL[low].code())?;
            for weight in row {
                write!(out, "{weight:>6}")?;
            }
            writeln!(out)?;
        }
        writeln!(out)?;
    }
    writeln!(out, "Three and four players, one card (weight by the rank thrown):")?;
    write!(out, "        ")?;
    for rank in Rank::ALL {
        write!(out, "{:>6}", rank.code())?;
    }
    writeln!(out)?;
    for (stake, name) in [(0, "own"), (1, "balk")] {
        write!(out, "  {name:<5} ")?;
        for weight in measured_model.singles[stake] {
            write!(out, "{weight:>6}")?;
        }
        writeln!(out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The scores of the board's grid: every ten points of a game to 121.
const GRID: [u16; 13] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];

/// The key figures of a win table.
#[derive(Debug, Serialize)]
struct BoardFigures {
    /// The first dealer's chance in a game to 121.
    first_dealer_121: f64,
    /// The first dealer's chance in a game to 61.
    first_dealer_61: f64,
    /// By your score (rows) and theirs (columns), at the start of a round
    /// you deal: your chance, in a game to 121.
    dealing: Vec<Vec<f64>>,
    /// The same when you are the pone.
    pone: Vec<Vec<f64>>,
}

impl BoardFigures {
    /// The figures of the table for `players`: the two sides' table, or
    /// with three players the three seats' (the grids then put the two
    /// others level, at the column's score).
    fn for_players(players: u8, counts: &RoundCounts) -> BoardFigures {
        if players == 3 {
            BoardFigures::of_three(&ThreeTable::from_counts(counts))
        } else {
            BoardFigures::of(&WinTable::from_counts(counts))
        }
    }

    fn of_three(table: &ThreeTable) -> BoardFigures {
        let grid = |dealing: bool| {
            GRID.iter()
                .map(|&mine| {
                    GRID.iter()
                        .map(|&theirs| {
                            let (mine, theirs) = (121 - mine, 121 - theirs);
                            if dealing {
                                table.chances([theirs, theirs, mine])[2]
                            } else {
                                table.chances([mine, theirs, theirs])[0]
                            }
                        })
                        .collect()
                })
                .collect()
        };
        BoardFigures {
            first_dealer_121: table.chances([121; 3])[2],
            first_dealer_61: table.chances([61; 3])[2],
            dealing: grid(true),
            pone: grid(false),
        }
    }

    fn of(table: &WinTable) -> BoardFigures {
        let grid = |dealing: bool| {
            GRID.iter()
                .map(|&mine| {
                    GRID.iter()
                        .map(|&theirs| table.chance(121 - mine, 121 - theirs, dealing))
                        .collect()
                })
                .collect()
        };
        BoardFigures {
            first_dealer_121: table.chance(121, 121, true),
            first_dealer_61: table.chance(61, 61, true),
            dealing: grid(true),
            pone: grid(false),
        }
    }
}

/// What a fresh measure found.
#[derive(Debug, Serialize)]
struct Rebuilt {
    games: u64,
    seed: u64,
    rounds: u32,
    /// The first dealer's wins in the self-play itself.
    first_dealer_measured: crib_ai::Rate,
    /// The rebuilt table's figures.
    table: BoardFigures,
}

#[derive(Debug, Serialize)]
struct BoardJson {
    /// The players at the table: 2, 3, or 4 in partnerships.
    players: u8,
    /// The table kept in crib.
    stored: BoardFigures,
    /// The measure it was built from.
    stored_games: u64,
    stored_seed: u64,
    stored_rounds: u32,
    rebuilt: Option<Rebuilt>,
}

/// Reads `--players` of `crib stats board`: 2, 3, or 4.
fn board_players(text: &str) -> Result<u8, String> {
    match text.trim() {
        "2" => Ok(2),
        "3" => Ok(3),
        "4" => Ok(4),
        _ => Err("the players are 2, 3, or 4 in partnerships".to_owned()),
    }
}

fn board(args: &BoardArgs) -> anyhow::Result<ExitCode> {
    let players = args.players;
    let (Some(stored), Ok(config)) =
        (Measured::stored_for(players), crib_core::GameConfig::new(players, 121))
    else {
        anyhow::bail!("no table is kept for {players} players");
    };
    let kept = if players == 3 {
        BoardFigures::of_three(ThreeTable::stored())
    } else {
        let Some(table) = WinTable::for_players(players) else {
            anyhow::bail!("no table is kept for {players} players");
        };
        BoardFigures::of(table)
    };
    let rebuilt = if args.rebuild {
        let seed = args.seed.unwrap_or_else(rand::random);
        eprintln!(
            "crib: measuring {} games of {players}-player expert self-play, seed {seed} (again with \
             --seed {seed})",
            grouped(args.games)
        );
        let bar = crate::output::count_bar(args.games, "games")?;
        let started = Instant::now();
        let measured =
            ::crib_table::measure_rounds(config, args.games, seed, Strategy::Expert, &|| {
                bar.inc(1)
            });
        bar.finish_and_clear();
        eprintln!(
            "crib: played {} games in {:.1} s on {} cores",
            grouped(args.games),
            started.elapsed().as_secs_f64(),
            cores()
        );
        if let Some(path) = &args.write {
            std::fs::write(path, measured.source())
                .with_context(|| format!("writing the table to {}", path.display()))?;
            eprintln!("crib: wrote the measured distributions to {}", path.display());
        }
        Some(Rebuilt {
            games: measured.games,
            seed: measured.seed,
            rounds: measured.counts.rounds(),
            first_dealer_measured: measured.first_dealer_rate(),
            table: BoardFigures::for_players(players, &measured.counts),
        })
    } else {
        None
    };
    let report = BoardJson {
        players,
        stored: kept,
        stored_games: stored.games,
        stored_seed: stored.seed,
        stored_rounds: stored.counts.rounds(),
        rebuilt,
    };
    let mut out = io::stdout().lock();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        write_board(&mut out, &report).context("writing the table")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn as_percent(chance: f64) -> String {
    format!("{:.1}%", 100.0 * chance)
}

fn write_board(out: &mut impl Write, report: &BoardJson) -> io::Result<()> {
    let stored = &report.stored;
    let game = match report.players {
        2 => "two-player game",
        3 => "three-player game",
        _ => "four-player game (partners)",
    };
    writeln!(
        out,
        "The chance of winning a {game}, from the table kept in crib ({} rounds of \
         {} games of expert self-play, seed {}):",
        grouped(u64::from(report.stored_rounds)),
        grouped(report.stored_games),
        report.stored_seed
    )?;
    writeln!(out, "  the first dealer, game to 121: {}", as_percent(stored.first_dealer_121))?;
    writeln!(out, "  the first dealer, game to 61:  {}", as_percent(stored.first_dealer_61))?;
    if report.players == 2 {
        writeln!(out, "  (published: the first dealer between equal players wins about 55-56%)")?;
    }
    if let Some(rebuilt) = &report.rebuilt {
        let rate = &rebuilt.first_dealer_measured;
        writeln!(out)?;
        writeln!(
            out,
            "Measured afresh: {} games of expert self-play, seed {}, {} rounds:",
            grouped(rebuilt.games),
            rebuilt.seed,
            grouped(u64::from(rebuilt.rounds))
        )?;
        writeln!(
            out,
            "  the first dealer won {} of the games (95%: {} to {})",
            as_percent(rate.rate),
            as_percent(rate.low),
            as_percent(rate.high)
        )?;
        writeln!(
            out,
            "  the rebuilt table: {} at 121, {} at 61; the kept table's {} at 121 is {} the interval",
            as_percent(rebuilt.table.first_dealer_121),
            as_percent(rebuilt.table.first_dealer_61),
            as_percent(stored.first_dealer_121),
            if (rate.low..=rate.high).contains(&stored.first_dealer_121) {
                "inside"
            } else {
                "outside"
            }
        )?;
    }
    let titles = match report.players {
        2 => ["you deal", "you are the pone"],
        3 => ["you deal, the two others level", "you are the pone, the two others level"],
        _ => ["your side deals", "your side cuts (the pone's side)"],
    };
    for (title, grid) in titles.into_iter().zip([&stored.dealing, &stored.pone]) {
        writeln!(out)?;
        writeln!(
            out,
            "Your chance (%) at the start of a round {title}, game to 121: your score down, theirs across"
        )?;
        write!(out, "     ")?;
        for theirs in GRID {
            write!(out, "{theirs:>5}")?;
        }
        writeln!(out)?;
        for (mine, row) in GRID.iter().zip(grid) {
            write!(out, "{mine:>5}")?;
            for chance in row {
                write!(out, "{:>5.0}", (100.0 * chance).clamp(0.0, 100.0) + 0.0)?;
            }
            writeln!(out)?;
        }
    }
    Ok(())
}

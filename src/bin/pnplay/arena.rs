//! `pnplay match`: two agents play N games of one game ([`pnplay::arena`]); prints A's
//! wins, draws and losses with its win rate and 95 % interval, one summary per value of
//! `--sweep` (applied to A, or with `--sweep-both` to both agents); `--budget` gives both
//! agents a budget per move; `--plot` writes the summaries as CSV and A's win rate over the
//! sweep as SVG beside `--out`. `--shard K/N` plays part K of N of the games (see
//! [`pnplay::experiment::shard`]); `pnplay merge` gives the whole match's summaries and plot.

use std::path::{Path, PathBuf};

use clap::Args;
use pnplay::arena::run::run_match_part;
use pnplay::arena::{CSV_HEADER, GameRecord, MatchConfig, Summary, win_rate_plot};
use pnplay::error::Error;
use pnplay::experiment::shard::{Parts, Shard, assemble};

use crate::merge::Batch;

/// The flags of `pnplay match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Game name (othello4, connect4:5x4, tictactoe, 2048:2x2, …).
    #[arg(long)]
    game: String,
    /// Agent A, whose win rate is reported: `random`, or a search with its budget per move
    /// and parameters, e.g. `pns:iterations=1000,theta=0.01` or `alphabeta:seconds=0.1`.
    #[arg(long)]
    a: String,
    /// Agent B, in the same form.
    #[arg(long)]
    b: String,
    /// Budget per move for both agents, unless an agent's text sets its own (iterations,
    /// seconds, nodes or time): iterations=N (reproducible), seconds=S (wall clock) or
    /// nodes=N, or several joined by commas, e.g. --budget iterations=1000.
    #[arg(long)]
    budget: Option<String>,
    /// Number of games (A plays first in the even-numbered ones).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Random plies before the agents play: random:K.
    #[arg(long, default_value = "none")]
    openings: String,
    /// Seed of every random choice (openings, chance, the agents' seeds).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (threads); the results do not depend on it.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// JSON Lines file, one line per game; resumed if it exists (games there are skipped).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Apply each value to agent A and report one row per value: key=v1,v2,….
    #[arg(long)]
    sweep: Option<String>,
    /// Apply each value of --sweep to agent B as well: equal budgets for both, as in the
    /// PN-MCTS paper's Figure 4 (--sweep iterations=100,300,1000 --sweep-both).
    #[arg(long, requires = "sweep")]
    sweep_both: bool,
    /// With --out X.jsonl, also write the summaries as X.csv and A's win rate with its 95 %
    /// interval over the sweep's values (or the one match) as the plot X.svg.
    #[arg(long, requires = "out")]
    plot: bool,
    /// Print the summaries as JSON (one object per line) instead of text.
    #[arg(long)]
    json: bool,
    /// No progress lines on stderr.
    #[arg(long)]
    quiet: bool,
    /// Play only part K of N of the games (K from 1; dealt round robin); `pnplay merge`
    /// combines the N parts' files.
    #[arg(long, value_name = "K/N", requires = "out")]
    shard: Option<Shard>,
}

/// The matches to run, each with its sweep value (empty without one): the one given, or one
/// per value of the sweep.
fn configs(args: &MatchArgs) -> Result<Vec<(String, MatchConfig)>, Error> {
    let base = MatchConfig::budgeted(
        &args.game,
        [&args.a, &args.b],
        args.budget.as_deref(),
        &args.openings,
        args.seed,
    )?;
    let Some(sweep) = &args.sweep else {
        return Ok(vec![(String::new(), base)]);
    };
    let bad = |message: String| Error::BadParameter {
        name: "sweep".to_string(),
        message,
    };
    let (key, values) = sweep
        .split_once('=')
        .ok_or_else(|| bad(format!("sweep must be key=v1,v2,…, got {sweep:?}")))?;
    values
        .split(',')
        .map(|value| {
            let (key, value) = (key.trim(), value.trim());
            let set = |agent: &pnplay::agent::Agent| {
                agent.with_option(key, value).map_err(|e| e.at("sweep"))
            };
            let config = MatchConfig {
                a: set(&base.a)?,
                b: if args.sweep_both {
                    set(&base.b)?
                } else {
                    base.b.clone()
                },
                ..base.clone()
            };
            Ok((value.to_string(), config))
        })
        .collect()
}

/// The key that names a game in a merge: `game 3 of A … vs B …`.
pub fn key(index: u64, a: &str, b: &str) -> String {
    format!("game {index} of A {a} vs B {b}")
}

/// The games of the shards' files in the order one run writes them, written to `out`,
/// with each match's summary.
fn merged(
    configs: &[MatchConfig],
    games: u64,
    parts: &Parts,
    out: &Path,
) -> Result<Vec<Summary>, String> {
    let expected: Vec<String> = configs
        .iter()
        .flat_map(|c| {
            let (a, b) = (c.a.to_string(), c.b.to_string());
            (0..games).map(move |i| key(i, &a, &b))
        })
        .collect();
    let found = parts
        .records::<GameRecord>()?
        .into_iter()
        .map(|(line, record)| {
            (
                key(record.index, &record.a, &record.b),
                line.place(),
                record,
            )
        })
        .collect();
    let records = assemble(&expected, found)?;
    let mut text = String::new();
    for record in &records {
        text.push_str(&serde_json::to_string(record).map_err(|e| e.to_string())?);
        text.push('\n');
    }
    std::fs::write(out, text).map_err(|e| format!("out: {}: {e}", out.display()))?;
    Ok(configs
        .iter()
        .map(|config| {
            let mine: Vec<&GameRecord> = records.iter().filter(|r| config.owns(r)).collect();
            Summary::of(config, &mine)
        })
        .collect())
}

/// Runs `pnplay match`, or merges its shards.
pub fn run(args: &MatchArgs, batch: &Batch) -> Result<(), String> {
    let configs = configs(args)?;
    let started = pnplay::search::Clock::start();
    let progress = |record: &GameRecord| {
        if !args.quiet {
            eprintln!(
                "game {} ({}): A played {}, A {:?} [{:.1} s]",
                record.index,
                record.a,
                record.a_plays,
                record.a_result,
                started.seconds()
            );
        }
    };
    let (values, configs): (Vec<String>, Vec<MatchConfig>) = configs.into_iter().unzip();
    let summaries = match (&batch.merge, &args.out) {
        (Some(parts), Some(out)) => merged(&configs, args.games, parts, out)?,
        _ => run_match_part(
            &configs,
            args.games,
            batch.shard(args.shard),
            args.jobs,
            args.out.as_deref(),
            progress,
        )?,
    };
    if let Some(out) = &args.out {
        batch.write_plan(out, args.shard)?;
    }
    for summary in &summaries {
        if args.json {
            println!(
                "{}",
                serde_json::to_string(summary).map_err(|e| e.to_string())?
            );
        } else {
            println!("{}", summary.line());
        }
    }
    // A shard's plot would be of a part: `pnplay merge` draws the whole.
    if let (true, Some(out), true) = (args.plot, &args.out, batch.shard(args.shard).is_whole()) {
        write_plot(args, out, values.into_iter().zip(summaries).collect())?;
    }
    Ok(())
}

/// Writes the summaries beside `out` as CSV and the win-rate plot as SVG.
fn write_plot(args: &MatchArgs, out: &Path, rows: Vec<(String, Summary)>) -> Result<(), String> {
    let mut csv = format!("{CSV_HEADER}\n");
    for (value, summary) in &rows {
        csv.push_str(&summary.csv_row(value));
        csv.push('\n');
    }
    let key = args
        .sweep
        .as_deref()
        .and_then(|sweep| sweep.split_once('='))
        .map_or("match", |(key, _)| key.trim());
    let both = if args.sweep_both {
        " (both agents)"
    } else {
        ""
    };
    let rows: Vec<(String, Summary)> = rows
        .into_iter()
        .map(|(value, summary)| {
            let label = if value.is_empty() {
                summary.a.clone()
            } else {
                value
            };
            (label, summary)
        })
        .collect();
    // The budget, unless the sweep varies it.
    let budget = args
        .budget
        .as_deref()
        .filter(|budget| !budget.split(',').any(|b| b.split('=').next() == Some(key)))
        .map_or(String::new(), |budget| format!(", {budget} per move"));
    let title = format!("A {} vs B {} on {}{budget}", args.a, args.b, args.game);
    let svg = win_rate_plot(&rows, &title, &format!("{key}{both}")).to_svg();
    for (extension, text) in [("csv", csv), ("svg", svg)] {
        let path = out.with_extension(extension);
        std::fs::write(&path, text).map_err(|e| format!("out: {}: {e}", path.display()))?;
    }
    Ok(())
}

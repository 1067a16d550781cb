//! `pnplay match`: two agents play N games of one game ([`pnplay::arena`]); prints A's
//! wins, draws and losses with its win rate and 95 % interval, one summary per value of
//! `--sweep` (applied to A, or with `--sweep-both` to both agents); `--budget` gives both
//! agents a budget per move; `--plot` writes the summaries as CSV and A's win rate over the
//! sweep as SVG beside `--out`. `--shard K/N` plays part K of N of the games (see
//! [`pnplay::experiment::shard`]); `pnplay merge` gives the whole match's summaries and plot.

use std::path::Path;

use clap::Args;
use pnplay::arena::{CSV_HEADER, GameRecord, MatchConfig, Summary};
use pnplay::error::Error;
use pnplay::experiment::journal::Output;
use pnplay::experiment::matches::{Matches, run_match_part, win_rate_plot};
use pnplay::experiment::shard::{Parts, assemble};

use crate::merge::Batch;
use crate::played::{PlayedArgs, progress};

/// The flags of `pnplay match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Game name.
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
    #[command(flatten)]
    run: PlayedArgs,
    /// Apply each value to agent A and report one row per value: key=v1,v2,…. A value
    /// `a/b` gives A the value a and B the value b (budgets matched to each agent's own rate,
    /// e.g. iterations=110/134,1104/1342).
    #[arg(long)]
    sweep: Option<String>,
    /// Names of the sweep's values on the plot's x axis, one per value (e.g. 0.1 s,1 s,2 s).
    #[arg(long, requires = "sweep")]
    sweep_labels: Option<String>,
    /// A published win rate of A (%) for each value of the sweep, drawn dashed beside ours
    /// on the plot and printed in the CSV (e.g. the PN-MCTS paper's Table II row).
    #[arg(long, requires = "plot")]
    paper: Option<String>,
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
}

/// The matches to run, each with its sweep value (empty without one): the one given, or one
/// per value of the sweep.
fn configs(args: &MatchArgs) -> Result<Vec<(String, MatchConfig)>, Error> {
    let base = MatchConfig::budgeted(
        &args.game,
        [&args.a, &args.b],
        args.budget.as_deref(),
        &args.openings,
        args.run.seed,
    )?;
    let Some(sweep) = &args.sweep else {
        return Ok(vec![(String::new(), base)]);
    };
    let bad = |message: String| Error::BadParameter {
        name: "sweep".to_string(),
        message,
    };
    let (key, values) = sweep.split_once('=').ok_or_else(|| {
        bad(format!(
            "sweep must be key=v1,v2,…, got {}",
            pnplay::game::error::Elided(sweep)
        ))
    })?;
    values
        .split(',')
        .map(|value| {
            let (key, value) = (key.trim(), value.trim());
            let set = |agent: &pnplay::agent::Agent, value: &str| {
                agent
                    .with_option(key, value.trim())
                    .map_err(|e| e.at("sweep"))
            };
            let paired = value.split_once('/');
            let (for_a, for_b) = paired.unwrap_or((value, value));
            let config = MatchConfig {
                a: set(&base.a, for_a)?,
                b: if args.sweep_both || paired.is_some() {
                    set(&base.b, for_b)?
                } else {
                    base.b.clone()
                },
                ..base.clone()
            };
            Ok((value.to_string(), config))
        })
        .collect()
}

/// One number per value of the sweep from a comma-separated `field` (labels or the paper's
/// rates), or an error naming the field when the counts differ.
fn per_value(field: &str, text: &str, values: usize) -> Result<Vec<String>, Error> {
    let items: Vec<String> = text.split(',').map(|v| v.trim().to_string()).collect();
    if items.len() == values {
        Ok(items)
    } else {
        Err(Error::BadParameter {
            name: field.to_string(),
            message: format!(
                "{field} needs one entry per value of the sweep ({values}), got {}",
                items.len()
            ),
        })
    }
}

/// The key that names a game in a merge: `game 3 of A … vs B …`.
fn key(index: u64, a: &str, b: &str) -> String {
    format!("game {index} of A {a} vs B {b}")
}

/// The games of the shards' files in the order one run of `configs` plays them, `games` per
/// match: a match's games in turn, then the next match's (`pnplay tournament`'s pairs too).
pub fn games_in_order<'a>(
    configs: impl IntoIterator<Item = &'a MatchConfig>,
    games: u64,
    parts: &Parts,
) -> Result<Vec<GameRecord>, String> {
    let expected: Vec<String> = configs
        .into_iter()
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
    Ok(assemble(&expected, found)?)
}

/// The games of the shards' files in the order one run writes them, written to `out`,
/// with each match's summary.
fn merged(
    configs: &[MatchConfig],
    games: u64,
    parts: &Parts,
    out: &Path,
    batch: &Batch,
    force: bool,
) -> Result<Vec<Summary>, String> {
    let records = games_in_order(configs, games, parts)?;
    let mut text = String::new();
    for record in &records {
        text.push_str(&serde_json::to_string(record).map_err(|e| e.to_string())?);
        text.push('\n');
    }
    batch.write_whole(out, None, force, &text)?;
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
    let labels = match &args.sweep_labels {
        Some(text) => Some(per_value("sweep-labels", text, configs.len())?),
        None => None,
    };
    let paper = match &args.paper {
        Some(text) => Some(
            per_value("paper", text, configs.len())?
                .iter()
                .map(|rate| {
                    crate::params::finite(rate).map_err(|e| Error::BadParameter {
                        name: "paper".to_string(),
                        message: format!("paper must list win rates in %: {e}"),
                    })
                })
                .collect::<Result<Vec<f64>, Error>>()?,
        ),
        None => None,
    };
    let started = pnplay::search::Clock::start();
    let progress = progress(&started, args.run.quiet, |record: &GameRecord| {
        format!(
            "game {} ({}): A played {}, A {:?}",
            record.index, record.a, record.a_plays, record.a_result
        )
    });
    let (values, configs): (Vec<String>, Vec<MatchConfig>) = configs.into_iter().unzip();
    let shard = batch.shard(args.run.shard);
    let play = |out: Option<&Output>| {
        let matches = Matches {
            configs: &configs,
            games: args.games,
            shard,
            jobs: args.run.jobs,
            out,
        };
        run_match_part(matches, progress)
    };
    let summaries = match (&batch.merge, &args.run.out) {
        (Some(parts), Some(out)) => {
            merged(&configs, args.games, parts, out, batch, args.run.force)?
        }
        (None, Some(out)) => {
            batch.output(out, args.run.shard, args.run.force, |out| play(Some(out)))?
        }
        _ => play(None)?,
    };
    for summary in &summaries {
        if args.json {
            outln!(
                "{}",
                serde_json::to_string(summary).map_err(|e| e.to_string())?
            );
        } else {
            outln!("{}", summary.line());
        }
    }
    // A shard's plot would be of a part: `pnplay merge` draws the whole.
    if let (true, Some(out), true) = (
        args.plot,
        &args.run.out,
        batch.shard(args.run.shard).is_whole(),
    ) {
        let values = labels.unwrap_or(values);
        write_plot(
            args,
            out,
            values.into_iter().zip(summaries).collect(),
            paper.as_deref(),
        )?;
    }
    Ok(())
}

/// Writes the summaries beside `out` as CSV (with the paper's rate, if given, as a last
/// column) and the win-rate plot as SVG (the paper's rates dashed).
fn write_plot(
    args: &MatchArgs,
    out: &Path,
    rows: Vec<(String, Summary)>,
    paper: Option<&[f64]>,
) -> Result<(), String> {
    let mut csv = CSV_HEADER.to_string();
    if paper.is_some() {
        csv.push_str(",paper_rate");
    }
    csv.push('\n');
    for (index, (value, summary)) in rows.iter().enumerate() {
        csv.push_str(&summary.csv_row(value));
        if let Some(paper) = paper {
            csv.push_str(&format!(",{}", paper[index] / 100.0));
        }
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
    let mut plot = win_rate_plot(&rows, &title, &format!("{key}{both}"));
    if let Some(paper) = paper {
        plot.series.push(pnplay::experiment::plot::Series {
            label: "the paper".to_string(),
            points: paper
                .iter()
                .enumerate()
                .map(|(x, &rate)| (x as f64, rate))
                .collect(),
            dashed: true,
            colour: 1,
        });
    }
    let svg = plot.to_svg();
    for (extension, text) in [("csv", csv), ("svg", svg)] {
        let path = out.with_extension(extension);
        std::fs::write(&path, text).map_err(|e| format!("out: {}: {e}", path.display()))?;
    }
    Ok(())
}

//! `pnplay match`: two agents play N games of one game ([`pnplay::arena`]); prints A's
//! wins, draws and losses with its win rate and 95 % interval, one summary per value of
//! `--sweep`.

use std::path::PathBuf;

use clap::Args;
use pnplay::arena::run::run_match;
use pnplay::arena::{GameRecord, MatchConfig};
use pnplay::error::Error;

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
    /// Print the summaries as JSON (one object per line) instead of text.
    #[arg(long)]
    json: bool,
    /// No progress lines on stderr.
    #[arg(long)]
    quiet: bool,
}

/// The matches to run: the one given, or one per value of the sweep.
fn configs(args: &MatchArgs) -> Result<Vec<MatchConfig>, Error> {
    let base = MatchConfig::new(&args.game, &args.a, &args.b, &args.openings, args.seed)?;
    let Some(sweep) = &args.sweep else {
        return Ok(vec![base]);
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
            Ok(MatchConfig {
                a: base
                    .a
                    .with_option(key.trim(), value.trim())
                    .map_err(|e| e.at("sweep"))?,
                ..base.clone()
            })
        })
        .collect()
}

/// Runs `pnplay match`.
pub fn run(args: &MatchArgs) -> Result<(), String> {
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
    let summaries = run_match(
        &configs,
        args.games,
        args.jobs,
        args.out.as_deref(),
        progress,
    )?;
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
    Ok(())
}

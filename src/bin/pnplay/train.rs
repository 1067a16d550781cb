//! `pnplay train`: the pattern evaluation of 8×8 Othello ([`pnplay::game::othello::patterns`])
//! fitted to solved positions. `positions` plays and solves them (a samples file, one
//! position per line), `fit` fits the weights to one or more samples files and writes the
//! weights file the engine ships (`src/game/othello/patterns.weights`). Both are seeded.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use clap::{Args, Subcommand};
use pnplay::game::othello::training::{self, Sample};

/// The flags of `pnplay train`.
#[derive(Args)]
pub struct TrainArgs {
    #[command(subcommand)]
    command: TrainCommand,
}

#[derive(Subcommand)]
enum TrainCommand {
    /// Play seeded games to positions with a number of empty squares and solve each
    /// exactly; one line per position: mover's discs, opponent's discs (hex), score.
    Positions {
        /// Number of games (games that end early give no position).
        #[arg(long)]
        count: u64,
        /// Fewest empty squares.
        #[arg(long, default_value_t = 10)]
        min_empties: u32,
        /// Most empty squares.
        #[arg(long, default_value_t = 18)]
        max_empties: u32,
        /// Seed of the games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// The samples file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Fit the weights to samples files and write the weights file.
    Fit {
        /// Samples files (from `positions`).
        #[arg(required = true)]
        data: Vec<PathBuf>,
        /// Lowest empties of each stage, comma-separated and ascending.
        #[arg(long, value_delimiter = ',', default_value = "0")]
        stages: Vec<u8>,
        /// Samples this many empties outside a stage also train it.
        #[arg(long, default_value_t = 2)]
        spread: u32,
        /// Passes over the samples.
        #[arg(long, default_value_t = 10)]
        epochs: u32,
        /// Ridge penalty: each update shrinks the weights it touches by this times the
        /// learning rate.
        #[arg(long, default_value_t = 0.0)]
        l2: f32,
        /// Seed of the order and of the held-out part.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The weights file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

/// Runs `pnplay train`.
pub fn run(args: &TrainArgs) -> Result<(), String> {
    match &args.command {
        TrainCommand::Positions {
            count,
            min_empties,
            max_empties,
            seed,
            jobs,
            out,
        } => {
            if min_empties > max_empties || *max_empties > 60 {
                return Err(format!(
                    "--min-empties {min_empties} and --max-empties {max_empties}: need min ≤ max ≤ 60"
                ));
            }
            let done = AtomicU64::new(0);
            let step = (count / 20).max(1);
            let progress = |_: u64| {
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if n % step == 0 {
                    eprintln!("{n} of {count} games");
                }
            };
            let samples =
                training::generate(*count, *min_empties, *max_empties, *seed, *jobs, &progress);
            let mut file = std::io::BufWriter::new(
                std::fs::File::create(out).map_err(|e| format!("--out {}: {e}", out.display()))?,
            );
            for sample in &samples {
                writeln!(file, "{}", sample.to_line()).map_err(|e| e.to_string())?;
            }
            file.flush().map_err(|e| e.to_string())?;
            outln!("{} positions written to {}", samples.len(), out.display());
            Ok(())
        }
        TrainCommand::Fit {
            data,
            stages,
            spread,
            epochs,
            l2,
            seed,
            out,
        } => {
            let mut samples = Vec::new();
            for path in data {
                let text = crate::params::read_input("data", path)?;
                for (n, line) in text.lines().enumerate() {
                    samples.push(Sample::from_line(line).ok_or_else(|| {
                        format!("{} line {}: not a sample", path.display(), n + 1)
                    })?);
                }
            }
            if stages.is_empty() || !stages.windows(2).all(|w| w[0] < w[1]) {
                return Err("--stages: the lowest empties of each stage, ascending".into());
            }
            let (weights, reports) = training::fit(&samples, stages, *spread, *epochs, *l2, *seed);
            outln!("stage  trained  held out  rmse of 0  rmse");
            for r in &reports {
                outln!(
                    "{:>5}  {:>7}  {:>8}  {:>9.2}  {:>5.2}",
                    r.from,
                    r.trained,
                    r.held_out,
                    r.baseline_rmse,
                    r.rmse
                );
            }
            std::fs::write(out, weights.to_bytes())
                .map_err(|e| format!("--out {}: {e}", out.display()))?;
            outln!("weights written to {}", out.display());
            Ok(())
        }
    }
}

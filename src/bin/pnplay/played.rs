//! What the commands that play agents against each other share (`pnplay match`,
//! `pnplay tournament`, and `pnplay play2048`'s progress lines): the flags for the seed, the
//! threads, the records file and its shards, and one progress line per game on stderr.

use std::path::PathBuf;

use clap::Args;
use pnplay::experiment::shard::Shard;
use pnplay::search::Clock;

/// The flags of a run of games, flattened into `pnplay match` and `pnplay tournament`.
#[derive(Args)]
pub struct PlayedArgs {
    /// Seed of every random choice (openings, chance, the agents' seeds).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (threads); the results do not depend on it.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// JSON Lines file, one line per game (the `match` record), written as games end;
    /// resumed if it holds games of this same command (they are skipped), refused if it is
    /// any other file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace --out even if it holds another plan's records or is not a records file.
    #[arg(long, requires = "out")]
    pub force: bool,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Play only part K of N of the games (K from 1; dealt round robin); `pnplay merge`
    /// combines the N parts' files.
    #[arg(long, value_name = "K/N", requires = "out")]
    pub shard: Option<Shard>,
}

/// A progress reporter: unless `quiet`, each finished game's `line` on stderr with the
/// seconds since `started`.
pub fn progress<'a, R>(
    started: &'a Clock,
    quiet: bool,
    line: impl Fn(&R) -> String + 'a,
) -> impl Fn(&R) + 'a {
    move |record| {
        if !quiet {
            eprintln!("{} [{:.1} s]", line(record), started.seconds());
        }
    }
}

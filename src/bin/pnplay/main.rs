//! The `pnplay` command line (SPEC.md §5): the same engines as the page, for batch work.
//!
//! Every command prints one clear line and exits non-zero on bad input.

/// `println!` that hands a failed write (a closed pipe, a full disk) back to the command as
/// its error (`?`), so it stops with one line instead of a panic.
macro_rules! outln {
    () => {
        $crate::stdout(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::stdout(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// `print!` as [`outln!`] does it.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::stdout(format_args!($($arg)*))?
    };
}

mod arena;
mod bench;
mod book;
mod certify;
mod experiment;
mod help;
mod merge;
mod params;
mod play2048;
mod played;
mod serve;
mod tournament;
mod train;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use params::ParamArgs;
use pnplay::engine::GameSpec;
use pnplay::game::error::Elided;
use pnplay::game::tree::random::{RandomTree, Shape, random_tree};
use pnplay::search::Limits;
use pnplay::search::catalogue::SearchInfo;

#[derive(Parser)]
#[command(
    name = "pnplay",
    version,
    about = "Proof-Number Playground: game-solving searches"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count move sequences of a given depth (passes and chance outcomes are moves).
    /// The last line printed is the leaf count.
    Perft {
        /// Game name.
        game: GameSpec,
        /// Number of moves.
        depth: u32,
        /// Position text (SPEC.md §2) [default: the start position].
        #[arg(long, allow_hyphen_values = true)]
        pos: Option<String>,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Decide whether the player to move reaches the goal (SPEC.md §3), with one search.
    Solve {
        /// Game name.
        #[arg(long)]
        game: GameSpec,
        /// Position text (SPEC.md §2).
        #[arg(long, allow_hyphen_values = true)]
        pos: String,
        /// Search: any of the catalogue (the list closes `pnplay --help`).
        #[arg(long, value_parser = params::search)]
        algo: &'static SearchInfo,
        #[command(flatten)]
        params: ParamArgs,
        /// Write the proof certificate of a proved or disproved verdict to this file (checked
        /// with the rules before it is written; `pnplay check` checks it again).
        #[arg(long)]
        certificate: Option<PathBuf>,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Check a proof certificate (`solve --certificate`) with the game's rules alone: one
    /// line, `certificate ok: …` or the first failing node and why (exit status 1).
    Check {
        /// The certificate file.
        file: PathBuf,
    },
    /// The exact value of a position and a best move, by the game's own solver (Connect Four,
    /// 8×8 Othello) or alpha-beta; with --outcome only win, draw or loss.
    Score {
        /// Game name.
        #[arg(long)]
        game: GameSpec,
        /// Position text (SPEC.md §2).
        #[arg(long, allow_hyphen_values = true)]
        pos: String,
        /// Most seconds.
        #[arg(long, value_parser = params::seconds)]
        time: Option<f64>,
        /// Most bytes the solver's tables may take, with a unit: 512M, 2G (its table is
        /// sized within half of it); default 4G.
        #[arg(long, value_parser = params::memory)]
        memory: Option<u64>,
        /// Only the outcome for the side to move (win, draw or loss), by a search with a
        /// null window around zero: far faster than the exact value.
        #[arg(long)]
        outcome: bool,
        /// Threads of the game's own solver where it searches in parallel (8×8 Othello);
        /// the answer is the same, the positions counted vary from run to run.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Measure move generation (perft) and random playouts per second from the start
    /// position, or (with --search) any searches of the catalogue on random positions
    /// (`--moves 0 --positions 1`: from the start).
    Bench(bench::BenchArgs),
    /// Connect Four's opening book: build it in shards, merge them, read every move's score.
    Book {
        #[command(subcommand)]
        command: book::BookCommand,
    },
    /// Run the papers' batch experiments (JSON Lines, CSV summary, SVG plot).
    Experiment {
        #[command(subcommand)]
        command: experiment::ExperimentCommand,
    },
    /// Play a match of two agents and print A's win rate with its 95 % interval.
    Match(arena::MatchArgs),
    /// Play a round robin of agents: the Othello heuristics paper's table, win rates with
    /// 95 % intervals and Bradley–Terry ratings.
    Tournament(tournament::TournamentArgs),
    /// Serve the playground page (www/ and pkg/) on 127.0.0.1: only files inside the served
    /// folders (no dot files, no symlinks out), with ETags, cross-origin isolation and
    /// timeouts for slow or silent clients.
    Serve {
        /// Port to listen on (0 picks a free one).
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// Address to bind.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The page's folder [default: www/ of the repository].
        #[arg(long)]
        www: Option<PathBuf>,
        /// The wasm-bindgen package folder [default: pkg/ of the repository].
        #[arg(long)]
        pkg: Option<PathBuf>,
        /// The results folder the page's results viewer lists [default: results/ of the
        /// repository].
        #[arg(long)]
        results: Option<PathBuf>,
        /// Leave out the cross-origin isolation headers (COOP same-origin, COEP
        /// require-corp, CORP same-origin): for pages that embed cross-origin resources.
        #[arg(long)]
        no_isolation: bool,
        /// Most connections open at once; more wait to be accepted (keep it below the
        /// process's file limit, `ulimit -n`).
        #[arg(long, default_value_t = 1000)]
        max_connections: usize,
        /// Seconds a client may take to send a request's headers, and a kept-alive
        /// connection may sit idle.
        #[arg(long, default_value_t = 10.0, value_parser = params::seconds)]
        header_timeout: f64,
    },
    /// Expectimax plays 4×4 2048 past 2048 (the dissertation's chapter 5): highest tiles,
    /// scores, steps, the SCN of every position; Tables 5.1 and 5.2.
    Play2048(play2048::Play2048Args),
    /// Combine the JSON Lines files of the shards of one batch run (`--shard K/N`), check
    /// that no record is missing or twice, and write and print what one run would have.
    Merge(merge::MergeArgs),
    /// Fit the Othello pattern evaluation (the endgame solver's move ordering) to solved
    /// positions: `positions` plays and solves them, `fit` writes the weights file.
    Train(train::TrainArgs),
    /// Print the catalogue of games or of searches as a Markdown table (the book's Games and
    /// Searches chapters include it, so they follow the catalogues).
    Catalogue {
        /// Which catalogue: games or searches.
        #[arg(value_parser = ["games", "searches"])]
        list: String,
    },
    /// Print a seeded random textbook tree (game `tree`) like a P-game tree: balanced (every
    /// leaf at the depth) or unbalanced (branching drawn per node, leaves at every depth).
    RandomTree {
        /// balanced or unbalanced.
        #[arg(long, default_value = "balanced")]
        shape: Shape,
        /// Children of every inner node (balanced) or their mean (unbalanced).
        #[arg(long, default_value_t = 3)]
        branching: u32,
        /// Depth of every leaf (balanced) or of the deepest (unbalanced).
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// The generator's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Writes to stdout, or says why it cannot (field `stdout`).
fn stdout(text: std::fmt::Arguments) -> Result<(), String> {
    use std::io::Write;
    std::io::stdout()
        .write_fmt(text)
        .map_err(|e| format!("stdout: {e}"))
}

/// A folder of the repository: under the current directory if it is there, else beside
/// Cargo.toml of the checkout the binary was built from.
fn repository_folder(name: &str) -> PathBuf {
    let here = PathBuf::from(name);
    if here.is_dir() {
        here
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
    }
}

fn perft(game: &GameSpec, depth: u32, pos: Option<&str>, json: bool) -> Result<(), String> {
    let clock = pnplay::search::Clock::start();
    let leaves = pnplay::engine::perft(game, pos, depth).map_err(|e| e.to_string())?;
    let seconds = clock.seconds();
    if json {
        let report = serde_json::json!({
            "game": game.to_string(), "pos": pos, "depth": depth, "leaves": leaves, "seconds": seconds,
        });
        outln!("{report}");
    } else {
        outln!("perft({depth}) of {game} in {seconds:.3} s");
        outln!("{leaves}");
    }
    Ok(())
}

fn solve(
    game: &GameSpec,
    pos: &str,
    search: &SearchInfo,
    params: &ParamArgs,
    certificate: Option<&Path>,
    json: bool,
) -> Result<(), String> {
    let params = params.params()?;
    let report = pnplay::engine::solve(game, pos, search.id, &params).map_err(|e| e.to_string())?;
    let written = certificate
        .map(|file| certify::write(game, pos, report.verdict, &params, file))
        .transpose()?;
    if json {
        let mut line = serde_json::to_string(&report).map_err(|e| e.to_string())?;
        if let (Some(file), Some((checked, bytes))) = (certificate, &written) {
            // The report's fields in their order, then the certificate's.
            line.pop();
            let about = serde_json::json!({
                "file": file.display().to_string(), "nodes": checked.nodes, "bytes": bytes,
            });
            line.push_str(&format!(",\"certificate\":{about}}}"));
        }
        outln!("{line}");
        return Ok(());
    }
    outln!(
        "{} on {} {}: {}",
        report.algo,
        report.game,
        report.pos,
        report.verdict_text()
    );
    outln!(
        "{} iterations, {} nodes, {} playouts, {:.3} s, seed {}",
        report.iterations,
        report.nodes,
        report.playouts,
        report.seconds,
        report.seed
    );
    if let Some(value) = &report.root_value {
        outln!("root value: {}", value.text());
    }
    if let Some(best) = &report.best_move {
        outln!("best move: {best}");
    }
    if let (Some(file), Some((checked, bytes))) = (certificate, &written) {
        outln!(
            "certificate: {} ({} nodes, {bytes} bytes), checked with the rules",
            file.display(),
            checked.nodes
        );
    }
    if let Some(found) = &report.score_search {
        for run in &found.runs {
            outln!(
                "run score ≥ {:+}: {} ({} positions, {:.3} s)",
                run.threshold,
                run.verdict,
                run.nodes,
                run.seconds
            );
        }
        match (found.score, found.low, found.high) {
            (Some(score), ..) => outln!("score {score:+} for the side to move"),
            (None, low, high) => outln!(
                "score between {} and {}",
                low.map_or("-∞".into(), |v| format!("{v:+}")),
                high.map_or("+∞".into(), |v| format!("{v:+}"))
            ),
        }
    }
    Ok(())
}

/// `pnplay check`: the certificate's verdict, or its first failing node.
fn check(file: &Path) -> Result<(), String> {
    let checked = certify::check(file)?;
    outln!("{checked}");
    Ok(())
}

/// `pnplay score`: the exact value and a best move, or with `outcome` the outcome alone.
fn score(
    game: &GameSpec,
    pos: &str,
    limits: Limits,
    threads: usize,
    outcome: bool,
    json: bool,
) -> Result<(), String> {
    if outcome {
        return score_outcome(game, pos, limits, threads, json);
    }
    let report = pnplay::engine::score(game, pos, limits, threads)
        .map_err(|e| e.to_string())?
        .ok_or("out: a limit was reached before the exact value was found")?;
    if json {
        outln!(
            "{}",
            serde_json::to_string(&report).map_err(|e| e.to_string())?
        );
    } else {
        let best = report
            .best_move
            .as_deref()
            .unwrap_or("none (the game is over)");
        outln!(
            "score {:+} for the side to move; best move {best}",
            report.score
        );
        outln!("{} positions in {:.3} s", report.nodes, report.seconds);
    }
    Ok(())
}

/// `pnplay score --outcome`: the outcome alone, by the game's solver with a null window.
fn score_outcome(
    game: &GameSpec,
    pos: &str,
    limits: Limits,
    threads: usize,
    json: bool,
) -> Result<(), String> {
    let start = std::time::Instant::now();
    let (outcome, nodes) = pnplay::experiment::verify::counted_outcome(game, pos, limits, threads)
        .map_err(|e| e.to_string())?
        .ok_or("out: a limit was reached before the outcome was found")?;
    let seconds = start.elapsed().as_secs_f64();
    let word = format!("{outcome:?}").to_lowercase();
    if json {
        let report = serde_json::json!({ "outcome": word, "nodes": nodes, "seconds": seconds });
        outln!("{report}");
    } else {
        outln!("{word} for the side to move");
        outln!("{nodes} positions in {seconds:.3} s");
    }
    Ok(())
}

fn main() -> ExitCode {
    let parsed = help::with_catalogues(Cli::command())
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        // Help and version go to stdout as clap writes them; usage errors become one line.
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => {
            let rendered = error.to_string();
            let message: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .take_while(|line| !line.is_empty() && !line.starts_with("Usage:"))
                .collect();
            // A refused value is repeated by clap: long ones elided as the engine's messages do.
            let message = Elided::words(&message.join(" "));
            eprintln!("pnplay: {}", message.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let batch = merge::Batch::run(&args);
    let result = match cli.command {
        Command::Perft {
            game,
            depth,
            pos,
            json,
        } => perft(&game, depth, pos.as_deref(), json),
        Command::Solve {
            game,
            pos,
            algo,
            params,
            certificate,
            json,
        } => solve(&game, &pos, algo, &params, certificate.as_deref(), json),
        Command::Check { file } => check(&file),
        Command::Score {
            game,
            pos,
            time,
            memory,
            outcome,
            threads,
            json,
        } => {
            let limits = Limits {
                max_seconds: time,
                max_bytes: memory,
                ..Limits::default()
            };
            score(&game, &pos, limits, threads.into(), outcome, json)
        }
        Command::Bench(args) => bench::run(&args),
        Command::Book { command } => book::run(&command),
        Command::Experiment { command } => experiment::run(command, &batch),
        Command::Match(args) => arena::run(&args, &batch),
        Command::Tournament(args) => tournament::run(&args, &batch),
        Command::Serve {
            port,
            host,
            www,
            pkg,
            results,
            no_isolation,
            max_connections,
            header_timeout,
        } => serve::run(
            &host,
            port,
            serve::Roots {
                www: www.unwrap_or_else(|| repository_folder("www")),
                pkg: pkg.unwrap_or_else(|| repository_folder("pkg")),
                results: results.unwrap_or_else(|| repository_folder("results")),
            },
            serve::Options {
                isolation: !no_isolation,
                max_connections,
                header_timeout: std::time::Duration::from_secs_f64(header_timeout.max(0.001)),
            },
        ),
        Command::Play2048(args) => play2048::run(&args, &batch),
        Command::Merge(args) => merge::run(&args),
        Command::Train(args) => train::run(&args),
        Command::Catalogue { list } => stdout(format_args!(
            "{}",
            match list.as_str() {
                "games" => pnplay::game::catalogue::markdown(),
                _ => pnplay::search::catalogue::markdown(),
            }
        )),
        Command::RandomTree {
            shape,
            branching,
            depth,
            seed,
        } => random_tree(&RandomTree {
            shape,
            branching,
            depth,
            seed,
        })
        .map_err(|e| e.to_string())
        .and_then(|text| Ok(outln!("{text}"))),
    };
    // What is still buffered must reach stdout too, or the command fails.
    let flushed = std::io::Write::flush(&mut std::io::stdout()).map_err(|e| format!("stdout: {e}"));
    match result.and(flushed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pnplay: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap's own checks of the whole command line, search parameters included: a search
    /// parameter named like a command's own flag (`dfpn-jobs`' first `--jobs` beside the batch
    /// commands' `--jobs`) fails here, not only in a debug build's first run.
    #[test]
    fn the_command_line_is_well_formed() {
        help::with_catalogues(Cli::command()).debug_assert();
    }
}

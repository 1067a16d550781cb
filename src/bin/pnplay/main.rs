//! The `pnplay` command line (SPEC.md §5): the same engines as the page, for batch work.
//!
//! Every command prints one clear line and exits non-zero on bad input.

mod serve;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use pnplay::engine::GameSpec;

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
        /// Game name: othello, othello6, othello4, connect4[:WxH], tictactoe, 2048:2x2, 2048:4x4.
        game: GameSpec,
        /// Number of moves.
        depth: u32,
        /// Position text (SPEC.md §2) [default: the start position].
        #[arg(long)]
        pos: Option<String>,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Measure move generation (perft) and random playouts per second from the start position.
    Bench {
        /// Game name.
        #[arg(long, default_value = "othello")]
        game: GameSpec,
        /// Perft depth to time.
        #[arg(long, default_value_t = 8)]
        depth: u32,
        /// Seconds of random playouts.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Seed of the playouts.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON Lines instead.
        #[arg(long)]
        json: bool,
    },
    /// Serve the playground page (www/ and pkg/) on 127.0.0.1.
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
    },
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
        println!("{report}");
    } else {
        println!("perft({depth}) of {game} in {seconds:.3} s");
        println!("{leaves}");
    }
    Ok(())
}

fn bench(game: &GameSpec, depth: u32, seconds: f64, seed: u64, json: bool) -> Result<(), String> {
    let perft = pnplay::bench::perft_time(game, depth);
    let playouts =
        pnplay::bench::playout_rate(game, None, seconds, seed).map_err(|e| e.to_string())?;
    for m in [perft, playouts] {
        if json {
            println!("{}", serde_json::to_string(&m).map_err(|e| e.to_string())?);
        } else {
            println!(
                "{:<9} {:<10} {:>12} in {:>7.3} s = {:>12.0} /s",
                m.workload, m.game, m.count, m.seconds, m.per_second
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
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
            let message = message.join(" ");
            eprintln!("pnplay: {}", message.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Perft {
            game,
            depth,
            pos,
            json,
        } => perft(&game, depth, pos.as_deref(), json),
        Command::Bench {
            game,
            depth,
            seconds,
            seed,
            json,
        } => bench(&game, depth, seconds, seed, json),
        Command::Serve {
            port,
            host,
            www,
            pkg,
        } => serve::run(
            &host,
            port,
            serve::Roots {
                www: www.unwrap_or_else(|| repository_folder("www")),
                pkg: pkg.unwrap_or_else(|| repository_folder("pkg")),
            },
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pnplay: {message}");
            ExitCode::FAILURE
        }
    }
}

//! The `pnplay` command line (SPEC.md §5): the same engines as the page, for batch work.
//!
//! Every command prints one clear line and exits non-zero on bad input.

mod serve;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
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

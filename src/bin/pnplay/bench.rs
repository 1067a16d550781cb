//! `pnplay bench`: the benchmark workloads of `pnplay::bench`, natively. The same workloads
//! run in wasm through `scripts/bench-wasm.mjs`, so the two can be compared.

use clap::Args;
use pnplay::engine::GameSpec;
use pnplay::search::Limits;
use pnplay::search::bestfirst::{Algo, Params};

/// The options of `pnplay bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Game name.
    #[arg(long, default_value = "othello")]
    game: GameSpec,
    /// Perft depth to time.
    #[arg(long, default_value_t = 9)]
    depth: u32,
    /// Seconds of random playouts.
    #[arg(long, default_value_t = 3.0)]
    seconds: f64,
    /// Seed of the playouts and of the random positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Benchmark these best-first searches (comma separated, e.g. pns,ppns) on random
    /// positions instead of perft and playouts.
    #[arg(long, value_delimiter = ',', value_parser = Algo::parse)]
    search: Vec<Algo>,
    /// Random moves from the start to each searched position.
    #[arg(long, default_value_t = 36)]
    moves: u32,
    /// Number of searched positions.
    #[arg(long, default_value_t = 10)]
    positions: usize,
    /// Most nodes per search.
    #[arg(long, default_value_t = 2_000_000)]
    nodes: u64,
    /// Most seconds per search.
    #[arg(long, default_value_t = 30.0)]
    time: f64,
    /// PPNS/MCPNS: playouts per new leaf.
    #[arg(long, default_value_t = 60)]
    playouts: u32,
    /// Print JSON Lines instead.
    #[arg(long)]
    json: bool,
}

fn print_json(value: &impl serde::Serialize) -> Result<(), String> {
    println!(
        "{}",
        serde_json::to_string(value).map_err(|e| e.to_string())?
    );
    Ok(())
}

/// Runs the benchmark the options ask for and prints its results.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if args.search.is_empty() {
        let perft = pnplay::bench::perft_time(&args.game, args.depth);
        let playouts = pnplay::bench::playout_rate(&args.game, None, args.seconds, args.seed)
            .map_err(|e| e.to_string())?;
        for m in [perft, playouts] {
            if args.json {
                print_json(&m)?;
            } else {
                println!(
                    "{:<9} {:<10} {:>12} in {:>7.3} s = {:>12.0} /s",
                    m.workload, m.game, m.count, m.seconds, m.per_second
                );
            }
        }
        return Ok(());
    }
    let params = Params {
        playouts: args.playouts,
        seed: args.seed,
        ..Params::default()
    };
    let limits = Limits {
        max_nodes: Some(args.nodes),
        max_seconds: Some(args.time),
        max_iterations: None,
    };
    for &algo in &args.search {
        let m = pnplay::bench::search_rate(
            &args.game,
            algo,
            &params,
            args.moves,
            args.positions,
            args.seed,
            limits,
        )?;
        if args.json {
            print_json(&m)?;
        } else {
            println!(
                "{:<12} {} after {} moves: {}/{} decided, {:>10.0} iterations/s, {:>10.0} nodes/s, {} B/node, {:.3} s total, slowest decided {:.3} s",
                m.algo,
                m.game,
                m.moves,
                m.decided,
                m.positions,
                m.iterations_per_second,
                m.nodes_per_second,
                m.bytes_per_node,
                m.seconds,
                m.slowest_decided_seconds
            );
        }
    }
    Ok(())
}

//! The `pnplay` binary as a user runs it (one test crate, so one binary to link): the command
//! line's answers and errors, matches and tournaments, experiments, shards and merge, bench
//! `--compare`, nothing lost on a kill or a fault, and `serve` over real HTTP. Every test here
//! spawns the binary (`env!("CARGO_BIN_EXE_pnplay")`) in its own temporary folder, so they run
//! in parallel safely. Run one module with `cargo test --test cli shard::`.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod arena;
mod bench_compare;
mod book;
mod certificate;
mod cli;
mod experiment;
mod negamax;
mod nim;
mod noloss;
mod serve;
mod shard;

/// What every run of a search reports, in `solve --json` and in an experiment's records alike
/// (SPEC §5): its search, verdict and counts.
const RUN_FIELDS: [&str; 6] = [
    "algo",
    "verdict",
    "iterations",
    "nodes",
    "playouts",
    "seconds",
];

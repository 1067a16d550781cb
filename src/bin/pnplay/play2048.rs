//! `pnplay play2048`: expectimax plays 4×4 2048 past 2048 (the dissertation's chapter 5,
//! [`pnplay::experiment::play2048`]); writes one JSON line per game and prints the
//! summaries in Table 5.1's and Table 5.2's layouts, motion in mind per segment, game
//! refinement and the two threshold setups; `--plots` writes SVG plots of the normalised
//! SCN over steps (as the dissertation's Figures 5-3 to 5-6). `--shard K/N` plays part K of
//! N of the games (see [`pnplay::experiment::shard`]); `pnplay merge` gives the whole run's
//! tables and plots.

use std::path::PathBuf;

use clap::Args;
use pnplay::experiment::play2048::{
    self, DEFAULT_TAU, GameRecord, refinement_table, scn_plots, segment_table, table_5_1,
    table_5_2, threshold_table,
};
use pnplay::experiment::shard::{Parts, Shard, assemble};

use crate::merge::Batch;

/// The flags of `pnplay play2048`.
#[derive(Args)]
pub struct Play2048Args {
    /// Expectimax depths in plies (player moves and spawns), comma separated: 2,3,4.
    #[arg(long, value_delimiter = ',', default_value = "2")]
    depth: Vec<u32>,
    /// Games per depth.
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Seed of the spawns (game i at depth d: derived from seed, d and i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (threads); the results do not depend on it.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// τ: T0 = τ × the value of the first highest tile alone in the corner.
    #[arg(long, default_value_t = DEFAULT_TAU, value_parser = crate::params::finite)]
    tau: f64,
    /// JSON Lines file: one line per game; replaced if it is an output of this same command,
    /// refused if it is any other file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Replace --out even if it is not an output of this command.
    #[arg(long, requires = "out")]
    force: bool,
    /// Folder for SVG plots of the normalised SCN over steps (one game per depth and tile).
    #[arg(long)]
    plots: Option<PathBuf>,
    /// No progress lines on stderr.
    #[arg(long)]
    quiet: bool,
    /// Instead of playing: time expectimax at each --depth, with and without Star1, on
    /// every 10th position of one depth-3 game (seed --seed): nodes/s and moves/s.
    #[arg(long)]
    speed: bool,
    /// Play only part K of N of the games (K from 1; dealt round robin); `pnplay merge`
    /// combines the N parts' files.
    #[arg(long, value_name = "K/N", requires = "out")]
    shard: Option<Shard>,
}

/// The key of a game in the plan: its depth and seed.
fn key(depth: u32, seed: u64) -> String {
    format!("d={depth} seed {seed}")
}

/// The games of the shards' files in plan order, as one run plays them.
fn merged(args: &Play2048Args, parts: &Parts) -> Result<Vec<GameRecord>, String> {
    let expected: Vec<String> = play2048::plan(&args.depth, args.games, args.seed)
        .into_iter()
        .map(|(depth, seed)| key(depth, seed))
        .collect();
    let found = parts
        .records::<GameRecord>()?
        .into_iter()
        .map(|(line, record)| (key(record.depth, record.seed), line.place(), record))
        .collect();
    Ok(assemble(&expected, found)?)
}

/// `--speed`: the speed table.
fn speed(args: &Play2048Args) -> Result<(), String> {
    let positions = play2048::sample_positions(args.seed, 10);
    outln!(
        "expectimax on {} positions of a depth-3 game (seed {}), table on",
        positions.len(),
        args.seed
    );
    outln!("d	star1	nodes	seconds	nodes/s	moves/s	nodes vs plain");
    for &depth in &args.depth {
        let plain = play2048::measure_speed(&positions, depth, false);
        let star = play2048::measure_speed(&positions, depth, true);
        for s in [plain, star] {
            outln!(
                "{}	{}	{}	{:.3}	{:.0}	{:.1}	{:.1} %",
                s.depth,
                if s.star1 { "on" } else { "off" },
                s.nodes,
                s.seconds,
                s.nodes as f64 / s.seconds,
                s.moves as f64 / s.seconds,
                100.0 * s.nodes as f64 / plain.nodes as f64
            );
        }
    }
    Ok(())
}

/// Runs `pnplay play2048`, or merges its shards.
pub fn run(args: &Play2048Args, batch: &Batch) -> Result<(), String> {
    play2048::check_run(&args.depth, args.games, args.tau)?;
    if args.speed {
        speed(args)?;
        return Ok(());
    }
    let started = pnplay::search::Clock::start();
    let progress = crate::played::progress(&started, args.quiet, |r: &GameRecord| {
        format!(
            "d={} seed {}: highest {}, score {}, {} steps",
            r.depth, r.seed, r.highest, r.score, r.steps
        )
    });
    let shard = batch.shard(args.shard);
    let records = match &batch.merge {
        Some(parts) => merged(args, parts)?,
        None => play2048::play_games(
            &args.depth,
            args.games,
            args.seed,
            args.tau,
            shard,
            args.jobs,
            &progress,
        ),
    };
    if let Some(path) = &args.out {
        let mut lines = String::new();
        for r in &records {
            lines.push_str(&serde_json::to_string(r).map_err(|e| e.to_string())?);
            lines.push('\n');
        }
        batch.write_whole(path, args.shard, args.force, &lines)?;
    }
    if crate::merge::part_announced(shard, records.len())? {
        return Ok(());
    }
    if let Some(folder) = &args.plots {
        std::fs::create_dir_all(folder).map_err(|e| format!("plots: {e}"))?;
        for (name, plot) in scn_plots(&records) {
            std::fs::write(folder.join(name), plot.to_svg()).map_err(|e| format!("plots: {e}"))?;
        }
    }
    if !args.quiet {
        eprintln!("{} games in {:.0} s", records.len(), started.seconds());
    }
    outln!(
        "pnplay play2048 --depth {} --games {} --seed {} --tau {} ({} games)",
        args.depth
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(","),
        args.games,
        args.seed,
        args.tau,
        records.len()
    );
    outln!("\nTable 5.1 layout: highest tile reached, mean score and steps");
    out!("{}", table_5_1(&records));
    outln!("\nTable 5.2 layout: motion in mind of the normalised SCN (T1, k = whole game)");
    out!("{}", table_5_2(&records));
    outln!("\nMotion in mind per segment between T1 changes (Figure 5-10's data)");
    out!("{}", segment_table(&records));
    outln!("\nThe two threshold setups (Figure 5-3): T1 doubles per new highest tile, T2 constant");
    out!("{}", threshold_table(&records));
    outln!("\nGame refinement GR = √G/T with G = mean legal moves, T = steps");
    out!("{}", refinement_table(&records));
    Ok(())
}

//! `pnplay bench`: the benchmark workloads of `pnplay::bench`, natively. The same workloads
//! run in wasm through `scripts/bench-wasm.mjs`, so the two can be compared.

use clap::Args;
use pnplay::bench::Measurement;
use pnplay::engine::GameSpec;
use pnplay::search::catalogue::SearchInfo;
use pnplay::search::heuristic::DEPTH;
use pnplay::search::params::{NODES, TIME};

use crate::params::{self, ParamArgs};

/// The options of `pnplay bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Game name.
    #[arg(long, default_value = "othello")]
    game: GameSpec,
    /// Seconds of random playouts.
    #[arg(long, default_value_t = 3.0, value_parser = params::seconds)]
    seconds: f64,
    /// Benchmark these searches (comma separated, e.g. pns,ppns,dfpn) on random positions
    /// instead of perft and playouts.
    #[arg(long, value_delimiter = ',', value_parser = params::search)]
    search: Vec<&'static SearchInfo>,
    /// Random moves from the start to each searched position.
    #[arg(long, default_value_t = 36)]
    moves: u32,
    /// Number of searched positions.
    #[arg(long, default_value_t = 10)]
    positions: usize,
    /// The searches' parameters; the seed also seeds the playouts and the random positions
    /// (searches stop at 2,000,000 nodes or 30 s unless --nodes or --time say otherwise).
    #[command(flatten)]
    params: ParamArgs,
    /// Time the game's evaluation function (the depth-limited players' leaf value, with
    /// --eval and --w.*) on --positions random positions of --moves moves for --seconds,
    /// instead of perft and playouts.
    #[arg(long)]
    evaluate: bool,
    /// Print JSON Lines instead.
    #[arg(long)]
    json: bool,
    /// Time exact scores (`pnplay score`) one position at a time, each from an empty table,
    /// on --positions random positions of --moves moves, or on the positions of --file;
    /// where a file line gives a score after the position (`4453 -2`), check it.
    #[arg(long)]
    score: bool,
    /// With --score: alpha-beta with the game's ordering instead of the game's own solver.
    #[arg(long, requires = "score")]
    generic: bool,
    /// With --score: a positions file (one position a line, optionally followed by its score).
    #[arg(long, requires = "score")]
    file: Option<std::path::PathBuf>,
    /// With --score: write the positions scored to this file, one `<position> <score>` a
    /// line after a `#` line naming the set: a reproducible positions file (the Connect Four
    /// speed sets of `results/connect4-speed/` are made this way).
    #[arg(long, requires = "score")]
    write: Option<std::path::PathBuf>,
    /// Run the fixed benchmark sets (Connect Four 12-ply scores, Othello 40-move
    /// proof-number searches, playouts, and --ffo endgames) and print one table line each,
    /// compared with --baseline if given.
    #[arg(long)]
    compare: bool,
    /// With --compare: a few positions per set instead of the recorded sizes.
    #[arg(long)]
    quick: bool,
    /// With --compare: the baseline file (JSON Lines a --save wrote) for the before columns.
    #[arg(long)]
    baseline: Option<std::path::PathBuf>,
    /// With --compare: write this run's sets to this file (JSON Lines), a baseline for later.
    #[arg(long)]
    save: Option<std::path::PathBuf>,
    /// With --compare: also score the first --ffo-count positions of this FFO file exactly.
    #[arg(long)]
    ffo: Option<std::path::PathBuf>,
    /// How many FFO positions --ffo scores.
    #[arg(long, default_value_t = 3)]
    ffo_count: usize,
}

/// `pnplay bench --compare`: the sets, the table against the baseline, the saved file.
fn compare(args: &BenchArgs) -> Result<(), String> {
    use pnplay::bench::CompareSize;
    let before = match &args.baseline {
        Some(path) => {
            let text = params::read_input("baseline", path)?;
            pnplay::bench::sets_from_jsonl("baseline", &text)
                .map_err(|e| format!("--baseline {}: {e}", path.display()))?
        }
        None => Vec::new(),
    };
    let size = if args.quick {
        CompareSize::QUICK
    } else {
        CompareSize::FULL
    };
    // Read the files before the long run, so a wrong path fails at once.
    let ffo = match &args.ffo {
        Some(path) => Some((path, params::read_input("ffo", path)?)),
        None => None,
    };
    let mut rows = pnplay::bench::compare_sets(size).map_err(|e| e.to_string())?;
    if let Some((path, text)) = ffo {
        rows.push(
            pnplay::bench::ffo_set(&text, args.ffo_count)
                .map_err(|e| format!("--ffo {}: {e}", path.display()))?,
        );
    }
    if args.json {
        out!("{}", pnplay::bench::sets_to_jsonl(&rows));
    } else {
        out!("{}", pnplay::bench::compare_table(&before, &rows));
    }
    if let Some(path) = &args.save {
        std::fs::write(path, pnplay::bench::sets_to_jsonl(&rows))
            .map_err(|e| format!("--save {}: {e}", path.display()))?;
    }
    Ok(())
}

/// Prints `value` as one JSON line with `--json` (`json`), else the line `text` makes for
/// people.
fn print(
    json: bool,
    value: &impl serde::Serialize,
    text: impl FnOnce() -> String,
) -> Result<(), String> {
    if json {
        outln!(
            "{}",
            serde_json::to_string(value).map_err(|e| e.to_string())?
        );
    } else {
        outln!("{}", text());
    }
    Ok(())
}

fn print_measurements(measurements: &[Measurement], json: bool) -> Result<(), String> {
    for m in measurements {
        print(json, m, || {
            format!(
                "{:<9} {:<10} {:>12} in {:>7.3} s = {:>12.0} /s",
                m.workload, m.game, m.count, m.seconds, m.per_second
            )
        })?;
    }
    Ok(())
}

/// Runs the benchmark the options ask for and prints its results.
pub fn run(args: &BenchArgs) -> Result<(), String> {
    if args.compare {
        return compare(args);
    }
    let mut params = args.params.params()?;
    if !args.params.given("nodes") {
        params = params.with(&NODES, Some(2_000_000.0));
    }
    if !args.params.given("time") {
        params = params.with(&TIME, Some(30.0));
    }
    let seed = params.seed();
    if args.score {
        return score(args, seed);
    }
    if args.evaluate {
        let m = pnplay::bench::evaluation_rate(
            &args.game,
            &params,
            args.moves,
            args.positions,
            args.seconds,
            seed,
        )?;
        return print_measurements(&[m], args.json);
    }
    if args.search.is_empty() {
        // --depth is the perft depth here (9 unless given; the flag is the schema's).
        let depth = match args.params.given(DEPTH.key) {
            true => params.optional(&DEPTH).map_or(9, |d| d as u32),
            false => 9,
        };
        let perft = pnplay::bench::perft_time(&args.game, depth).map_err(|e| e.to_string())?;
        let playouts = pnplay::bench::playout_rate(&args.game, None, args.seconds, seed)
            .map_err(|e| e.to_string())?;
        return print_measurements(&[perft, playouts], args.json);
    }
    for &algo in &args.search {
        let m = pnplay::bench::search_rate(
            &args.game,
            algo,
            &params,
            args.moves,
            args.positions,
            seed,
            params.limits(),
        )?;
        print(args.json, &m, || {
            format!(
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
            )
        })?;
    }
    Ok(())
}

/// `pnplay bench --score`: times exact scores and checks those a positions file gives.
fn score(args: &BenchArgs, seed: u64) -> Result<(), String> {
    let (positions, expected) = match &args.file {
        Some(path) => {
            let text = params::read_input("file", path)?;
            let positions = pnplay::experiment::generate::read_positions(&args.game, &text)
                .map_err(|e| format!("--file {}: {e}", path.display()))?;
            let expected: Vec<Option<i32>> = text
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty() && !line.starts_with('#'))
                .map(|line| line.split_whitespace().nth(1).and_then(|s| s.parse().ok()))
                .collect();
            (positions, expected)
        }
        None => (
            pnplay::experiment::generate::random_positions(
                &args.game,
                args.moves,
                args.positions,
                seed,
            )
            .map_err(|e| e.to_string())?,
            Vec::new(),
        ),
    };
    let m = pnplay::bench::score_rate(&args.game, &positions, args.generic)
        .map_err(|e| e.to_string())?;
    if let Some(path) = &args.write {
        let source = match &args.file {
            Some(file) => format!("the positions of {}", file.display()),
            None => format!(
                "{} random positions of {} moves, seed {seed}",
                args.positions, args.moves
            ),
        };
        let mut text = format!(
            "# {}: {source}; exact scores from the side to move's view (pnplay bench --score)\n",
            args.game
        );
        for (position, score) in positions.iter().zip(&m.scores) {
            text.push_str(&format!("{position} {score}\n"));
        }
        std::fs::write(path, text).map_err(|e| format!("--write {}: {e}", path.display()))?;
    }
    let wrong = m
        .scores
        .iter()
        .zip(&expected)
        .filter(|(got, want)| want.is_some_and(|want| want != **got))
        .count();
    let checked = expected.iter().flatten().count();
    print(args.json, &m, || {
        format!(
            "score {:<9} {} {} positions: {} nodes in {:.3} s (mean {:.4} s, median {:.4} s, slowest {:.3} s), {:.0} nodes/s; {} of {} given scores wrong",
            m.solver,
            m.game,
            m.positions,
            m.nodes,
            m.seconds,
            m.mean_seconds,
            m.median_seconds,
            m.slowest_seconds,
            m.nodes as f64 / m.seconds.max(1e-9),
            wrong,
            checked
        )
    })?;
    if wrong > 0 {
        return Err(format!(
            "{wrong} of {checked} scores differ from the file's"
        ));
    }
    Ok(())
}

//! Measured workloads shared by `pnplay bench` (native) and the wasm build's `bench`
//! exports, so native and wasm numbers come from the same code: move generation (perft),
//! random playouts from a position, any search of the catalogue on random positions, and
//! a game's evaluation function (the depth-limited players' leaf value).

use serde::Serialize;

use crate::engine::GameSpec;
use crate::error::Error;
use crate::game::Rng;
use crate::game::any::{AnyPosition, Visit};
use crate::game::catalogue::Catalogued;
use crate::game::knowledge::EvalWeights;
use crate::search::catalogue::SearchInfo;
use crate::search::params::Params;
use crate::search::{Clock, Limits};

/// The result of one workload.
#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    /// What was measured: `perft` or `playouts`.
    pub workload: &'static str,
    /// The game name.
    pub game: String,
    /// How much work: the perft leaf count, or the number of playouts.
    pub count: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// `count / seconds`.
    pub per_second: f64,
    /// For perft, the depth; for playouts, the seed.
    pub parameter: u64,
}

fn measurement(
    workload: &'static str,
    spec: &GameSpec,
    count: u64,
    seconds: f64,
    parameter: u64,
) -> Measurement {
    Measurement {
        workload,
        game: spec.to_string(),
        count,
        seconds,
        per_second: count as f64 / seconds.max(1e-9),
        parameter,
    }
}

/// Times perft to `depth` from the start position of `spec`.
///
/// # Errors
/// [`Error::Elsewhere`]: this build leaves the game out.
pub fn perft_time(spec: &GameSpec, depth: u32) -> Result<Measurement, Error> {
    let start = AnyPosition::start(spec)?;
    let clock = Clock::start();
    let leaves = start.perft(depth);
    Ok(measurement(
        "perft",
        spec,
        leaves,
        clock.seconds(),
        u64::from(depth),
    ))
}

/// Runs random playouts from `pos` (the start if `None`) for about `seconds` and counts them.
///
/// # Errors
/// A position that does not parse.
pub fn playout_rate(
    spec: &GameSpec,
    pos: Option<&str>,
    seconds: f64,
    seed: u64,
) -> Result<Measurement, Error> {
    /// Playouts for `seconds` from the visited position: (count, seconds).
    struct Playouts {
        seconds: f64,
        seed: u64,
    }
    impl Visit for Playouts {
        type Output = (u64, f64);
        fn visit<G: Catalogued>(self, start: &G) -> (u64, f64) {
            let mut rng = Rng::new(self.seed);
            let clock = Clock::start();
            let mut count = 0u64;
            // Check the clock every 256 playouts so reading it costs nothing measurable.
            while count % 256 != 0 || clock.seconds() < self.seconds {
                std::hint::black_box(start.random_playout(&mut rng));
                count += 1;
            }
            (count, clock.seconds())
        }
    }
    let start = AnyPosition::parse(spec, pos)?;
    let (count, seconds) = start.visit(Playouts { seconds, seed });
    Ok(measurement("playouts", spec, count, seconds, seed))
}

/// Evaluates `positions` random positions of `moves` random moves (seeded) over and over
/// for about `seconds` with the evaluation `params` ask for (`eval`, `w.*`) and counts the
/// evaluations; `parameter` is the seed.
///
/// # Errors
/// A game without an evaluator (field `game`), or no position that is not over.
pub fn evaluation_rate(
    spec: &GameSpec,
    params: &Params,
    moves: u32,
    positions: usize,
    seconds: f64,
    seed: u64,
) -> Result<Measurement, Error> {
    /// Evaluations of the visited position and `rest` (texts of its game) for `seconds`:
    /// (count, seconds), `None` without an evaluator.
    struct Evaluations<'a> {
        rest: &'a [String],
        weights: EvalWeights,
        seconds: f64,
    }
    impl Visit for Evaluations<'_> {
        type Output = Result<Option<(u64, f64)>, Error>;
        fn visit<G: Catalogued>(self, first: &G) -> Self::Output {
            let variant = first.variant();
            let mut positions = vec![first.clone()];
            for text in self.rest {
                positions.push(G::parse_position(&variant, text)?);
            }
            let Some(mut evaluator) = first.evaluator(&self.weights) else {
                return Ok(None);
            };
            let clock = Clock::start();
            let mut count = 0u64;
            while count == 0 || clock.seconds() < self.seconds {
                for pos in &positions {
                    std::hint::black_box(evaluator.evaluate(std::hint::black_box(pos)));
                }
                count += positions.len() as u64;
            }
            Ok(Some((count, clock.seconds())))
        }
    }
    let texts = crate::experiment::generate::random_positions(spec, moves, positions, seed)?;
    let weights = crate::search::heuristic::weights(params);
    let no_evaluator = || Error::BadParameter {
        name: "game".to_string(),
        message: format!("{spec} has no evaluation function"),
    };
    let (first, rest) = texts.split_first().ok_or_else(no_evaluator)?;
    let first = AnyPosition::parse(spec, Some(first))?;
    let (count, seconds) = first
        .visit(Evaluations {
            rest,
            weights,
            seconds,
        })?
        .ok_or_else(no_evaluator)?;
    Ok(measurement("evaluate", spec, count, seconds, seed))
}

/// One search run for the benchmark.
#[derive(Clone, Debug, Serialize)]
pub struct SearchMeasurement {
    /// The search.
    pub algo: &'static str,
    /// The game name.
    pub game: String,
    /// Random moves from the start to each position.
    pub moves: u32,
    /// Positions searched.
    pub positions: usize,
    /// Of those, how many were proved or disproved within the limits.
    pub decided: usize,
    /// Iterations over all positions.
    pub iterations: u64,
    /// Nodes over all positions: tree nodes created (best-first) or positions searched (exact).
    pub nodes: u64,
    /// Seconds over all positions.
    pub seconds: f64,
    /// `iterations / seconds`.
    pub iterations_per_second: f64,
    /// `nodes / seconds`.
    pub nodes_per_second: f64,
    /// Bytes one tree node takes.
    pub bytes_per_node: u64,
    /// The slowest decided position's seconds.
    pub slowest_decided_seconds: f64,
}

/// Runs `algo` on `positions` random positions of `moves` random moves (seeded), each within
/// `limits`, and totals the work: the search benchmark of `pnplay bench --search`.
pub fn search_rate(
    spec: &GameSpec,
    algo: &'static SearchInfo,
    params: &Params,
    moves: u32,
    positions: usize,
    seed: u64,
    limits: Limits,
) -> Result<SearchMeasurement, Error> {
    let texts = crate::experiment::generate::random_positions(spec, moves, positions, seed)?;
    let mut total = SearchMeasurement {
        algo: algo.id,
        game: spec.to_string(),
        moves,
        positions,
        decided: 0,
        iterations: 0,
        nodes: 0,
        seconds: 0.0,
        iterations_per_second: 0.0,
        nodes_per_second: 0.0,
        bytes_per_node: 0,
        slowest_decided_seconds: 0.0,
    };
    for text in &texts {
        let params = params.clone().with_limits(limits);
        let mut search = crate::engine::start(spec, text, algo.id, &params)?;
        let verdict = search.run();
        let stats = search.stats();
        total.iterations += stats.iterations;
        total.nodes += algo.nodes(&stats);
        total.seconds += stats.seconds;
        total.bytes_per_node = stats.bytes_per_node;
        if verdict.is_exact() {
            total.decided += 1;
            total.slowest_decided_seconds = total.slowest_decided_seconds.max(stats.seconds);
        }
    }
    total.iterations_per_second = total.iterations as f64 / total.seconds.max(1e-9);
    total.nodes_per_second = total.nodes as f64 / total.seconds.max(1e-9);
    Ok(total)
}

/// Exact scores of positions one at a time, the way `pnplay score` runs them: every
/// position solved from an empty table (as Pascal Pons times his solver), by the game's own
/// solver ([`crate::game::knowledge::Knowledge::exact_solver`]) or, with `generic`, by
/// alpha-beta with the game's ordering.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreMeasurement {
    /// The game name.
    pub game: String,
    /// `solver` (the game's own, else alpha-beta) or `alphabeta`.
    pub solver: &'static str,
    /// Positions solved.
    pub positions: usize,
    /// The exact score of each position (from the side to move's view), in order.
    pub scores: Vec<i32>,
    /// Positions searched over all of them.
    pub nodes: u64,
    /// Wall-clock seconds over all of them.
    pub seconds: f64,
    /// The mean seconds per position.
    pub mean_seconds: f64,
    /// The median seconds per position.
    pub median_seconds: f64,
    /// The slowest position's seconds.
    pub slowest_seconds: f64,
}

/// Solves each of `positions` (texts of `spec`) exactly from an empty table and totals the
/// work (`pnplay bench --score`); `None` positions are errors, and every position must be a
/// player's turn.
pub fn score_rate(
    spec: &GameSpec,
    positions: &[String],
    generic: bool,
) -> Result<ScoreMeasurement, Error> {
    use crate::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
    /// The exact score of the visited position and the positions searched; `None` if the
    /// game is over there.
    struct Exact {
        generic: bool,
    }
    impl Visit for Exact {
        type Output = Option<(i32, u64)>;
        fn visit<G: Catalogued>(self, pos: &G) -> Self::Output {
            if self.generic {
                let mut search = AlphaBeta::<G, _>::with_knowledge(AlphaBetaConfig::default());
                let score = search.score(pos, &Limits::default());
                score.map(|s| (s.value, search.stats().nodes_expanded))
            } else {
                crate::search::exact::solve_score(pos, &Limits::default(), 1)
                    .map(|(s, n)| (s.value, n))
            }
        }
    }
    let mut scores = Vec::with_capacity(positions.len());
    let mut times = Vec::with_capacity(positions.len());
    let mut nodes = 0;
    for text in positions {
        let clock = Clock::start();
        let pos = AnyPosition::parse(spec, Some(text))?;
        let (value, searched) = pos.visit(Exact { generic }).ok_or(Error::GameOver)?;
        times.push(clock.seconds());
        scores.push(value);
        nodes += searched;
    }
    let seconds: f64 = times.iter().sum();
    let slowest = times.iter().copied().fold(0.0, f64::max);
    times.sort_by(f64::total_cmp);
    let median = match times.len() {
        0 => 0.0,
        n if n % 2 == 1 => times[n / 2],
        n => (times[n / 2 - 1] + times[n / 2]) / 2.0,
    };
    Ok(ScoreMeasurement {
        game: spec.to_string(),
        solver: if generic { "alphabeta" } else { "solver" },
        positions: positions.len(),
        scores,
        nodes,
        seconds,
        mean_seconds: seconds / positions.len().max(1) as f64,
        median_seconds: median,
        slowest_seconds: slowest,
    })
}

/// One benchmark set of `pnplay bench --compare` (and `scripts/bench-wasm.mjs --compare`):
/// a fixed workload whose nodes, seconds and nodes per second future changes are judged by.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq)]
pub struct SetMeasurement {
    /// The set's name (`c4-12ply score`, `othello-40 dfpn-k`, …): rows are matched by it.
    pub set: String,
    /// Positions in the set (playouts: 1).
    pub positions: usize,
    /// Of those, how many were answered within the limits (scores, proofs or disproofs).
    pub decided: usize,
    /// The work: nodes (positions searched, or best-first tree nodes created), or playouts.
    pub nodes: u64,
    /// Seconds of the work, wall clock.
    pub seconds: f64,
    /// `nodes / seconds`.
    pub nodes_per_second: f64,
}

/// How big the `--compare` sets are: `full` for the record, else a quick run of a few
/// positions per set (tests, smoke checks).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompareSize {
    /// Connect Four positions after 12 random plies (scored exactly).
    pub connect4: usize,
    /// Othello positions after 40 random moves (each proof-number search, 1,000,000 nodes).
    pub othello: usize,
    /// Seconds of Othello playouts.
    pub playout_seconds: f64,
}

impl CompareSize {
    /// The recorded sizes: 20 Connect Four positions, 10 Othello positions, 2 s of playouts.
    pub const FULL: CompareSize = CompareSize {
        connect4: 20,
        othello: 10,
        playout_seconds: 2.0,
    };
    /// A quick run: 2 positions each, 0.1 s of playouts.
    pub const QUICK: CompareSize = CompareSize {
        connect4: 2,
        othello: 2,
        playout_seconds: 0.1,
    };
}

/// The proof-number searches the Othello set runs (`othello-40 ALGO`).
pub const COMPARE_SEARCHES: &[&str] = &["pns", "dfpn", "dfpn-k"];

fn set_measurement(
    set: String,
    positions: usize,
    decided: usize,
    nodes: u64,
    seconds: f64,
) -> SetMeasurement {
    SetMeasurement {
        set,
        positions,
        decided,
        nodes,
        seconds,
        nodes_per_second: nodes as f64 / seconds.max(1e-9),
    }
}

/// Scores `texts` (positions of `spec`) exactly one at a time, as `pnplay score` does, and
/// totals them as set `set`.
///
/// # Errors
/// A position that does not parse.
pub fn score_set(set: &str, spec: &GameSpec, texts: &[String]) -> Result<SetMeasurement, Error> {
    let scored = score_rate(spec, texts, false)?;
    Ok(set_measurement(
        set.into(),
        texts.len(),
        texts.len(),
        scored.nodes,
        scored.seconds,
    ))
}

/// The sets every build runs, native and wasm (seed 1): Connect Four 7×6 positions after 12
/// random plies scored exactly, each of [`COMPARE_SEARCHES`] on Othello positions after 40
/// random moves within 1,000,000 nodes, and Othello random playouts. The native CLI adds
/// FFO endgames from a file ([`score_set`]). An engine module that leaves a game out
/// ([`GameSpec::runs_here`]) leaves out its sets: `scripts/bench-wasm.mjs --compare` runs
/// each module's.
///
/// ```
/// use pnplay::bench::{CompareSize, compare_sets};
/// let rows = compare_sets(CompareSize::QUICK).unwrap();
/// assert_eq!(rows[0].set, "c4-12ply score");
/// assert_eq!(rows[0].decided, 2);
/// assert!(rows.iter().any(|r| r.set == "othello-40 dfpn-k"));
/// ```
///
/// # Errors
/// Only if the catalogue lost a search of [`COMPARE_SEARCHES`].
pub fn compare_sets(size: CompareSize) -> Result<Vec<SetMeasurement>, Error> {
    const SEED: u64 = 1;
    let connect4: GameSpec = "connect4".parse().expect("connect4 is a game");
    let othello: GameSpec = "othello".parse().expect("othello is a game");
    let mut rows = Vec::new();
    if connect4.runs_here() {
        let texts =
            crate::experiment::generate::random_positions(&connect4, 12, size.connect4, SEED)?;
        rows.push(score_set("c4-12ply score", &connect4, &texts)?);
    }
    if !othello.runs_here() {
        return Ok(rows);
    }
    let limits = Limits {
        max_nodes: Some(1_000_000),
        ..Limits::default()
    };
    for &id in COMPARE_SEARCHES {
        let algo = crate::search::catalogue::find(id)?;
        let params = Params::default().with_seed(SEED);
        let m = search_rate(&othello, algo, &params, 40, size.othello, SEED, limits)?;
        rows.push(set_measurement(
            format!("othello-40 {id}"),
            m.positions,
            m.decided,
            m.nodes,
            m.seconds,
        ));
    }
    let playouts = playout_rate(&othello, None, size.playout_seconds, SEED)?;
    rows.push(set_measurement(
        "othello playouts".into(),
        1,
        1,
        playouts.count,
        playouts.seconds,
    ));
    Ok(rows)
}

/// The first `count` positions of an FFO endgame file (`text`, Othello positions one a line,
/// as [`crate::experiment::generate::read_positions`] reads them) scored exactly, as set
/// `ffo first N`: the set the native CLI's `--compare --ffo FILE` and
/// `scripts/bench-wasm.mjs --compare --ffo FILE` add.
///
/// # Errors
/// A line that does not parse (the error names it), or `count` 0 (field `ffo-count`).
pub fn ffo_set(text: &str, count: usize) -> Result<SetMeasurement, Error> {
    if count == 0 {
        return Err(Error::BadParameter {
            name: "ffo-count".into(),
            message: "ffo-count must be at least 1".into(),
        });
    }
    let othello: GameSpec = "othello".parse().expect("othello is a game");
    let mut texts = crate::experiment::generate::read_positions(&othello, text)?;
    texts.truncate(count);
    score_set(&format!("ffo first {}", texts.len()), &othello, &texts)
}

/// Sets as JSON Lines, one [`SetMeasurement`] a line: what `--save` writes, native and wasm
/// alike, so a file of either build is a baseline for the other.
///
/// ```
/// use pnplay::bench::{SetMeasurement, sets_from_jsonl, sets_to_jsonl};
/// let row = SetMeasurement {
///     set: "othello playouts".into(),
///     positions: 1,
///     decided: 1,
///     nodes: 600,
///     seconds: 0.5,
///     nodes_per_second: 1200.0,
/// };
/// let text = sets_to_jsonl(&[row.clone()]);
/// assert_eq!(sets_from_jsonl("baseline", &text).unwrap(), [row]);
/// ```
#[must_use]
pub fn sets_to_jsonl(rows: &[SetMeasurement]) -> String {
    rows.iter()
        .map(|row| serde_json::to_string(row).expect("a set serializes") + "\n")
        .collect()
}

/// Reads the sets of a JSON Lines file [`sets_to_jsonl`] wrote (blank lines skipped).
///
/// # Errors
/// A line that is not a set: a [`Error::BadParameter`] named `field` (the option the text
/// came from, `baseline` or `native`), in the line it is on.
///
/// ```
/// let error = pnplay::bench::sets_from_jsonl("native", "\n{\"set\": 3}\n").unwrap_err();
/// assert_eq!(error.field(), Some("native"));
/// assert!(error.to_string().starts_with("line 2: native: "), "{error}");
/// ```
pub fn sets_from_jsonl(field: &str, text: &str) -> Result<Vec<SetMeasurement>, Error> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(number, line)| {
            serde_json::from_str(line).map_err(|e| {
                Error::BadParameter {
                    name: field.into(),
                    message: format!("{field}: {e}"),
                }
                .at(format!("line {}", number + 1))
            })
        })
        .collect()
}

/// The `--compare` table: one line per set of `after`, with `before`'s numbers for the set
/// of the same name (`-` where the baseline has none) and the ratios after / before.
#[must_use]
pub fn compare_table(before: &[SetMeasurement], after: &[SetMeasurement]) -> String {
    compare_table_labelled(["before", "after"], before, after)
}

/// [`compare_table`] with its two columns named `labels` instead of before and after
/// (`["native", "wasm"]`: the ratios are then wasm ÷ native).
///
/// ```
/// use pnplay::bench::{SetMeasurement, compare_table_labelled};
/// let row = |nodes: u64, seconds: f64| SetMeasurement {
///     set: "c4-12ply score".into(),
///     positions: 2,
///     decided: 2,
///     nodes,
///     seconds,
///     nodes_per_second: nodes as f64 / seconds,
/// };
/// let table = compare_table_labelled(["native", "wasm"], &[row(1000, 1.0)], &[row(1000, 1.5)]);
/// let lines: Vec<&str> = table.lines().collect();
/// assert!(lines[0].contains("nodes native") && lines[0].contains("n/s wasm"));
/// let columns: Vec<&str> = lines[1].split_whitespace().collect();
/// assert_eq!(columns[2..], ["2/2", "1000", "1000", "1.00", "1.000", "1.500", "1.50", "1000", "667", "0.67"]);
/// ```
#[must_use]
pub fn compare_table_labelled(
    labels: [&str; 2],
    before: &[SetMeasurement],
    after: &[SetMeasurement],
) -> String {
    let [b, a] = labels;
    let mut out = format!(
        "{:<22} {:>9} {:>13} {:>13} {:>7} {:>9} {:>9} {:>7} {:>12} {:>12} {:>7}\n",
        "set",
        "decided",
        format!("nodes {b}"),
        format!("nodes {a}"),
        "ratio",
        format!("s {b}"),
        format!("s {a}"),
        "ratio",
        format!("n/s {b}"),
        format!("n/s {a}"),
        "ratio"
    );
    for row in after {
        let old = before.iter().find(|b| b.set == row.set);
        let ratio = |a: f64, b: Option<f64>| {
            b.filter(|&b| b > 0.0)
                .map_or_else(|| "-".to_string(), |b| format!("{:.2}", a / b))
        };
        let shown = |value: Option<String>| value.unwrap_or_else(|| "-".into());
        out += &format!(
            "{:<22} {:>9} {:>13} {:>13} {:>7} {:>9} {:>9.3} {:>7} {:>12} {:>12.0} {:>7}\n",
            row.set,
            format!("{}/{}", row.decided, row.positions),
            shown(old.map(|o| o.nodes.to_string())),
            row.nodes,
            ratio(row.nodes as f64, old.map(|o| o.nodes as f64)),
            shown(old.map(|o| format!("{:.3}", o.seconds))),
            row.seconds,
            ratio(row.seconds, old.map(|o| o.seconds)),
            shown(old.map(|o| format!("{:.0}", o.nodes_per_second))),
            row.nodes_per_second,
            ratio(row.nodes_per_second, old.map(|o| o.nodes_per_second)),
        );
    }
    out
}

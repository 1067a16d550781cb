//! Expectimax playing 4×4 2048 past 2048 (the dissertation's chapter 5): one game per seed,
//! the single conspiracy number of every position under the thresholds T1 and T2 (§5.3.2),
//! motion in mind per game and per segment (§5.5, [`super::mind`]), and the summaries laid
//! out as Tables 5.1 and 5.2.
//!
//! **Thresholds.** T0 = τ × the value (5.1) of the first position's highest tile alone in
//! the top-left corner (the heaviest cell). T1 doubles at every new highest tile,
//! T1 = T0 · 2ⁿ with n the new highest tiles so far (formula 5.2 read as the issue reads it:
//! "doubles per new highest tile", so T1 stays τ × the value of the highest tile in the
//! corner); T2 = T0 throughout. τ defaults to [`DEFAULT_TAU`].
//!
//! **Game refinement.** GR = √G / T with G the mean number of legal moves per step (the
//! branching factor B of Iida's board-game reading, GR = √B / D) and T the steps (D).
//!
//! ```
//! use pnplay::experiment::play2048::{play_game, PlayConfig};
//! let record = play_game(&PlayConfig { depth: 1, ..PlayConfig::default() }, 7);
//! assert_eq!(record.scn_t1.len(), record.steps as usize);
//! assert!(record.highest >= 64 && record.score > 0);
//! assert_eq!(record, play_game(&PlayConfig { depth: 1, ..PlayConfig::default() }, 7));
//! ```

use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::{Deserialize, Serialize};

use super::derive_seed;
use super::mind::{Motion, game_refinement, normalised, segments};
use crate::game::g2048::{Config, G2048};
use crate::game::{Game, MoveList, Rng, Turn, pick_by_probability};
use crate::search::expectimax::search::{Expectimax, ExpectimaxConfig, SCN_INFINITE, Scn};

/// τ when none is given: T1 is 1.5 × the value of the highest tile in the corner.
pub const DEFAULT_TAU: f64 = 1.5;

/// How the games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayConfig {
    /// Expectimax depth in plies.
    pub depth: u32,
    /// τ of the thresholds.
    pub tau: f64,
}

impl Default for PlayConfig {
    fn default() -> Self {
        PlayConfig {
            depth: 2,
            tau: DEFAULT_TAU,
        }
    }
}

/// One played game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's seed (spawns).
    pub seed: u64,
    /// Expectimax depth in plies.
    pub depth: u32,
    /// The highest tile at the end.
    pub highest: u32,
    /// The score (sum of merged tiles).
    pub score: u64,
    /// Player moves made.
    pub steps: u32,
    /// The SCN of each position the player moved from, under T1 (`null`: ∞).
    pub scn_t1: Vec<Option<Scn>>,
    /// The same under T2.
    pub scn_t2: Vec<Option<Scn>>,
    /// T1 at each step.
    pub t1: Vec<f64>,
    /// T2 (constant).
    pub t2: f64,
    /// The root's expectimax value at each step.
    pub values: Vec<f64>,
    /// Mean legal moves per step.
    pub branching: f64,
    /// Game refinement √branching / steps.
    pub gr: f64,
    /// Motion in mind over the whole game (T1).
    pub motion: Option<Motion>,
    /// Motion in mind per segment between T1 changes, with the highest tile of the segment.
    pub segments: Vec<(u32, Motion)>,
    /// Positions expectimax searched.
    pub nodes: u64,
    /// The final position.
    pub end: String,
}

fn scn_json(s: Scn) -> Option<Scn> {
    (s != SCN_INFINITE).then_some(s)
}

fn scn_back(s: Option<Scn>) -> Scn {
    s.unwrap_or(SCN_INFINITE)
}

/// The SCNs of a series read back from a record (`null` → ∞).
#[must_use]
pub fn scns(series: &[Option<Scn>]) -> Vec<Scn> {
    series.iter().map(|&s| scn_back(s)).collect()
}

/// Plays one game of 4×4 2048 past 2048 with seed `seed` for its spawns.
///
/// # Panics
/// Never for a valid config (depth ≥ 1).
#[must_use]
pub fn play_game(config: &PlayConfig, seed: u64) -> GameRecord {
    let variant = Config::open(4).expect("4×4 with the largest objective is a valid 2048");
    let mut pos = G2048::start(&variant);
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::<G2048>::default();
    let mut search = Expectimax::new(ExpectimaxConfig {
        depth: config.depth,
        ..ExpectimaxConfig::default()
    });
    let corner = |tile: u32| {
        let mut cells = vec!["0"; 16];
        let text = tile.to_string();
        cells[0] = &text;
        G2048::parse_position(&variant, &format!("{};p", cells.join(",")))
            .map_or(0.0, |p| p.evaluation())
    };
    let mut record = GameRecord {
        seed,
        depth: config.depth,
        highest: 0,
        score: 0,
        steps: 0,
        scn_t1: Vec::new(),
        scn_t2: Vec::new(),
        t1: Vec::new(),
        t2: 0.0,
        values: Vec::new(),
        branching: 0.0,
        gr: 0.0,
        motion: None,
        segments: Vec::new(),
        nodes: 0,
        end: String::new(),
    };
    let mut legal_total = 0u64;
    let mut t1 = 0.0;
    let mut highest_seen = Vec::new();
    loop {
        match pos.turn() {
            Turn::Over => break,
            Turn::Chance => {
                pos.legal_moves(&mut moves);
                let spawn = pick_by_probability(&pos, &moves, &mut rng);
                pos.play(spawn);
            }
            Turn::Player(_) => {
                let highest = pos.max_tile();
                if record.t2 == 0.0 {
                    record.t2 = config.tau * corner(highest);
                    t1 = record.t2;
                    record.highest = highest;
                } else if highest > record.highest {
                    t1 *= 2.0;
                    record.highest = highest;
                }
                pos.legal_moves(&mut moves);
                legal_total += moves.len() as u64;
                search.set_thresholds(&[t1, record.t2]);
                let Some(answer) = search.search(&pos) else {
                    break;
                };
                record.nodes += answer.counters.nodes;
                record.scn_t1.push(scn_json(answer.scn[0]));
                record.scn_t2.push(scn_json(answer.scn[1]));
                record.t1.push(t1);
                record.values.push(answer.value);
                highest_seen.push(highest);
                record.score += u64::from(pos.merge_score(answer.best));
                pos.play(answer.best);
                record.steps += 1;
            }
        }
    }
    record.highest = pos.max_tile();
    record.end = pos.format_position();
    if record.steps > 0 {
        record.branching = legal_total as f64 / f64::from(record.steps);
        record.gr = game_refinement(record.branching, f64::from(record.steps));
    }
    let norm = normalised(&scns(&record.scn_t1));
    record.motion = Motion::of(&norm);
    record.segments = segments(&record.t1)
        .into_iter()
        .filter_map(|range| {
            let tile = highest_seen[range.start];
            Motion::of(&norm[range]).map(|m| (tile, m))
        })
        .collect();
    record
}

/// Plays `games` games at each depth of `depths` on `jobs` threads; game `i` at depth `d`
/// has seed `derive_seed(seed, [d, i])`. Records come back in (depth, game) order, whatever
/// the threads' timing; `progress` is called after each game.
pub fn play_games(
    depths: &[u32],
    games: u32,
    seed: u64,
    tau: f64,
    jobs: usize,
    progress: &(dyn Fn(&GameRecord) + Sync),
) -> Vec<GameRecord> {
    let work: Vec<(u32, u64)> = depths
        .iter()
        .flat_map(|&d| {
            (0..games).map(move |i| (d, derive_seed(seed, &[u64::from(d), u64::from(i)])))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; work.len()]);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(depth, game_seed)) = work.get(i) else {
                        break;
                    };
                    let record = play_game(&PlayConfig { depth, tau }, game_seed);
                    progress(&record);
                    results.lock().expect("no thread panics")[i] = Some(record);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no thread panics")
        .into_iter()
        .flatten()
        .collect()
}

/// Mean and the half-width of its 95 % interval (1.96 standard errors).
fn mean_interval(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, f64::NAN);
    }
    let var = values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The Wilson 95 % interval of `k` successes in `n`, in percent.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (100.0 * (centre - half), 100.0 * (centre + half))
}

/// The depths present in `records`, in order.
fn depths_of(records: &[GameRecord]) -> Vec<u32> {
    let mut depths: Vec<u32> = records.iter().map(|r| r.depth).collect();
    depths.sort_unstable();
    depths.dedup();
    depths
}

/// Table 5.1's layout: per depth, games by highest tile (512 … 4096, and any other), mean
/// score and steps with 95 % intervals, and the share reaching 2048 or more (Wilson 95 %).
#[must_use]
pub fn table_5_1(records: &[GameRecord]) -> String {
    let mut out = String::new();
    let tiles = [512u32, 1024, 2048, 4096];
    let _ = writeln!(
        out,
        "d\tgames\t≤256\t512\t1024\t2048\t4096\t≥8192\tscore (mean ± 95%)\tsteps (mean ± 95%)\t≥2048 % [95%]"
    );
    for d in depths_of(records) {
        let games: Vec<&GameRecord> = records.iter().filter(|r| r.depth == d).collect();
        let count = |f: &dyn Fn(u32) -> bool| games.iter().filter(|r| f(r.highest)).count();
        let scores: Vec<f64> = games.iter().map(|r| r.score as f64).collect();
        let steps: Vec<f64> = games.iter().map(|r| f64::from(r.steps)).collect();
        let (score, score_ci) = mean_interval(&scores);
        let (step, step_ci) = mean_interval(&steps);
        let reached = count(&|h| h >= 2048);
        let (lo, hi) = wilson(reached, games.len());
        let (lo, hi) = (lo.max(0.0), hi.min(100.0));
        let _ = write!(out, "{d}\t{}\t{}", games.len(), count(&|h| h <= 256));
        for tile in tiles {
            let _ = write!(out, "\t{}", count(&|h| h == tile));
        }
        let _ = writeln!(
            out,
            "\t{}\t{score:.2} ± {score_ci:.0}\t{step:.2} ± {step_ci:.0}\t{:.0} [{lo:.0}, {hi:.0}]",
            count(&|h| h >= 8192),
            100.0 * reached as f64 / games.len() as f64,
        );
    }
    out
}

/// Table 5.2's layout: per depth and highest tile (1024, 2048; and 4096 when present), the
/// mean over games of v, m, p and Eₚ (T1, k = the whole game), with the games counted.
#[must_use]
pub fn table_5_2(records: &[GameRecord]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "d\thighest\tgames\tv\tM\tp\tEp");
    for d in depths_of(records) {
        for tile in [512u32, 1024, 2048, 4096] {
            let motions: Vec<Motion> = records
                .iter()
                .filter(|r| r.depth == d && r.highest == tile)
                .filter_map(|r| r.motion)
                .collect();
            motion_row(&mut out, d, tile, &motions);
        }
    }
    out
}

/// One row of the motion-in-mind tables: depth, tile, how many, and the means of v, M, p
/// and Eₚ over `motions` (nothing when empty).
fn motion_row(out: &mut String, d: u32, tile: u32, motions: &[Motion]) {
    if let Some(mean) = Motion::mean(motions) {
        let _ = writeln!(
            out,
            "{d}\t{tile}\t{}\t{:.5}\t{:.5}\t{:.5}\t{:.5}",
            motions.len(),
            mean.v,
            mean.m,
            mean.p,
            mean.ep
        );
    }
}

/// Motion in mind per segment (Figure 5-10's data): per depth and the highest tile during
/// the segment, the mean v, M, p and Eₚ over the games' segments.
#[must_use]
pub fn segment_table(records: &[GameRecord]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "d\tsegment tile\tsegments\tv\tM\tp\tEp");
    for d in depths_of(records) {
        let mut tiles: Vec<u32> = records
            .iter()
            .filter(|r| r.depth == d)
            .flat_map(|r| r.segments.iter().map(|s| s.0))
            .collect();
        tiles.sort_unstable();
        tiles.dedup();
        for tile in tiles {
            let motions: Vec<Motion> = records
                .iter()
                .filter(|r| r.depth == d)
                .flat_map(|r| r.segments.iter().filter(|s| s.0 == tile).map(|s| s.1))
                .collect();
            motion_row(&mut out, d, tile, &motions);
        }
    }
    out
}

/// Game refinement per depth: mean branching, steps and GR with 95 % intervals.
#[must_use]
pub fn refinement_table(records: &[GameRecord]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "d\tgames\tbranching\tsteps\tGR = √B/D");
    for d in depths_of(records) {
        let games: Vec<&GameRecord> = records.iter().filter(|r| r.depth == d).collect();
        let (b, _) = mean_interval(&games.iter().map(|r| r.branching).collect::<Vec<_>>());
        let (s, _) = mean_interval(&games.iter().map(|r| f64::from(r.steps)).collect::<Vec<_>>());
        let (gr, gr_ci) = mean_interval(&games.iter().map(|r| r.gr).collect::<Vec<_>>());
        let _ = writeln!(
            out,
            "{d}\t{}\t{b:.3}\t{s:.1}\t{gr:.6} ± {gr_ci:.6}",
            games.len()
        );
    }
    out
}

/// The share of steps whose SCN is ∞ and the mean normalised SCN under T1 and T2, per depth:
/// how much each threshold setup shows (the dissertation's Figure 5-3 comparison).
#[must_use]
pub fn threshold_table(records: &[GameRecord]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "d\tT1 mean norm.scn\tT1 steps with SCN 0 (%)\tT2 mean norm.scn\tT2 steps with SCN 0 (%)"
    );
    for d in depths_of(records) {
        let games: Vec<&GameRecord> = records.iter().filter(|r| r.depth == d).collect();
        let stats = |pick: fn(&GameRecord) -> &Vec<Option<Scn>>| {
            let (mut sum, mut zero, mut n) = (0.0, 0usize, 0usize);
            for r in &games {
                let raw = scns(pick(r));
                for x in normalised(&raw) {
                    sum += x;
                    n += 1;
                }
                zero += raw.iter().filter(|&&s| s == 0).count();
            }
            (sum / n.max(1) as f64, 100.0 * zero as f64 / n.max(1) as f64)
        };
        let (v1, z1) = stats(|r| &r.scn_t1);
        let (v2, z2) = stats(|r| &r.scn_t2);
        let _ = writeln!(out, "{d}\t{v1:.4}\t{z1:.1}\t{v2:.4}\t{z2:.1}");
    }
    out
}

/// One speed measurement: expectimax at one depth, with or without Star1, over a set of
/// positions.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Speed {
    /// Plies searched.
    pub depth: u32,
    /// Star1 on.
    pub star1: bool,
    /// Positions searched (moves chosen).
    pub moves: usize,
    /// Positions visited in all.
    pub nodes: u64,
    /// Seconds in all.
    pub seconds: f64,
}

/// Every `every`-th position a depth-3 player meets in the game of `seed` (4×4, past 2048):
/// the positions the speed measurement searches.
#[must_use]
pub fn sample_positions(seed: u64, every: usize) -> Vec<G2048> {
    let variant = Config::open(4).expect("a valid 2048");
    let mut pos = G2048::start(&variant);
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::<G2048>::default();
    let mut search = Expectimax::new(ExpectimaxConfig {
        depth: 3,
        ..ExpectimaxConfig::default()
    });
    let mut out = Vec::new();
    let mut step = 0;
    loop {
        match pos.turn() {
            Turn::Over => break,
            Turn::Chance => {
                pos.legal_moves(&mut moves);
                let spawn = pick_by_probability(&pos, &moves, &mut rng);
                pos.play(spawn);
            }
            Turn::Player(_) => {
                if step % every == 0 {
                    out.push(pos);
                }
                let Some(answer) = search.search(&pos) else {
                    break;
                };
                pos.play(answer.best);
                step += 1;
            }
        }
    }
    out
}

/// Times expectimax at `depth` (Star1 or not) on `positions`.
#[must_use]
pub fn measure_speed(positions: &[G2048], depth: u32, star1: bool) -> Speed {
    let mut search = Expectimax::new(ExpectimaxConfig {
        depth,
        star1,
        ..ExpectimaxConfig::default()
    });
    let clock = crate::search::Clock::start();
    let mut nodes = 0;
    for pos in positions {
        if let Some(answer) = search.search(pos) {
            nodes += answer.counters.nodes;
        }
    }
    Speed {
        depth,
        star1,
        moves: positions.len(),
        nodes,
        seconds: clock.seconds(),
    }
}

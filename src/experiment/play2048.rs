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
use super::plot::{LinePlot, Series};
use super::shard::Shard;
use crate::core::clock::micros;
use crate::game::g2048::{Config, G2048};
use crate::game::{Game, MoveList, ParseError, Rng, Turn, pick_by_probability};
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

/// A game of 4×4 2048 past 2048 being played a move at a time: spawns drawn from the
/// game's seed as [`play_game`] draws them, the thresholds T1 and T2 kept up, and each move
/// either expectimax's choice or one given (a person taking over, the page's 2048 view).
/// [`play_game`] is this played to the end by expectimax alone.
///
/// ```
/// use pnplay::experiment::play2048::{LiveGame, PlayConfig};
/// let mut game = LiveGame::new(&PlayConfig { depth: 2, ..PlayConfig::default() }, 7, true);
/// let step = game.step(None).unwrap().unwrap();
/// assert!(step.moves.iter().any(|m| m.0 == step.best && m.1 == step.value));
/// assert!(step.star1_nodes.unwrap() <= step.nodes);
/// assert!(game.step(Some("sideways")).is_err());
/// assert_eq!(game.steps(), 1);
/// ```
pub struct LiveGame {
    variant: Config,
    pos: G2048,
    rng: Rng,
    tau: f64,
    search: Expectimax<G2048>,
    /// The same search with Star1, when its cut-offs are to be counted.
    pruned: Option<Expectimax<G2048>>,
    t1: f64,
    t2: f64,
    highest: u32,
    score: u64,
    steps: u32,
}

/// One move of a [`LiveGame`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LiveStep {
    /// The move played.
    #[serde(rename = "move")]
    pub mv: String,
    /// Expectimax's choice (the move played unless one was given).
    pub best: String,
    /// The root's expectimax value.
    pub value: f64,
    /// Every legal move with its exact expectimax value, in the game's order.
    pub moves: Vec<(String, f64)>,
    /// The position's SCN under T1 (`None`: ∞).
    pub scn_t1: Option<Scn>,
    /// The same under T2.
    pub scn_t2: Option<Scn>,
    /// T1 at this step.
    pub t1: f64,
    /// T2.
    pub t2: f64,
    /// The highest tile before the move.
    pub highest: u32,
    /// Positions plain expectimax searched.
    pub nodes: u64,
    /// Positions the Star1 search visited (when counted).
    pub star1_nodes: Option<u64>,
    /// Star1's cut-offs in this search (0 when not counted).
    pub cutoffs: u64,
    /// Points the move scored.
    pub gained: u32,
}

impl LiveGame {
    /// A new game with seed `seed` for its spawns; `star1`: also search each position with
    /// Star1 to count its cut-offs (the move and values are the plain search's, which Star1
    /// equals).
    ///
    /// # Panics
    /// Never for a valid config (depth ≥ 1).
    #[must_use]
    pub fn new(config: &PlayConfig, seed: u64, star1: bool) -> LiveGame {
        let variant = Config::open(4).expect("4×4 with the largest objective is a valid 2048");
        let searcher = |star1| {
            Expectimax::new(ExpectimaxConfig {
                depth: config.depth,
                star1,
                ..ExpectimaxConfig::default()
            })
        };
        let mut game = LiveGame {
            pos: G2048::start(&variant),
            variant,
            rng: Rng::new(seed),
            tau: config.tau,
            search: searcher(false),
            pruned: star1.then(|| searcher(true)),
            t1: 0.0,
            t2: 0.0,
            highest: 0,
            score: 0,
            steps: 0,
        };
        game.spawn();
        game
    }

    /// Draws spawns until it is the player's turn or the game is over.
    fn spawn(&mut self) {
        let mut moves = MoveList::<G2048>::default();
        while self.pos.turn() == Turn::Chance {
            self.pos.legal_moves(&mut moves);
            let spawn = pick_by_probability(&self.pos, &moves, &mut self.rng);
            self.pos.play(spawn);
        }
    }

    /// The value (5.1) of `tile` alone in the top-left corner.
    fn corner(&self, tile: u32) -> f64 {
        let mut cells = vec!["0".to_string(); 16];
        cells[0] = tile.to_string();
        G2048::parse_position(&self.variant, &format!("{};p", cells.join(",")))
            .map_or(0.0, |p| p.evaluation())
    }

    /// Plays `choice` (a move's text), or expectimax's choice for `None`, after searching
    /// the position; then draws the spawn. `Ok(None)` once the game is over.
    ///
    /// # Errors
    /// A `choice` that is not a legal move here.
    pub fn step(&mut self, choice: Option<&str>) -> Result<Option<LiveStep>, ParseError> {
        if self.pos.turn() == Turn::Over {
            return Ok(None);
        }
        let given = choice.map(|text| self.pos.parse_move(text)).transpose()?;
        let highest = self.pos.max_tile();
        if self.t2 == 0.0 {
            self.t2 = self.tau * self.corner(highest);
            self.t1 = self.t2;
            self.highest = highest;
        } else if highest > self.highest {
            self.t1 *= 2.0;
            self.highest = highest;
        }
        self.search.set_thresholds(&[self.t1, self.t2]);
        let Some(answer) = self.search.search(&self.pos) else {
            return Ok(None);
        };
        let (star1_nodes, cutoffs) = match self.pruned.as_mut().and_then(|s| s.search(&self.pos)) {
            Some(pruned) => (Some(pruned.counters.nodes), pruned.counters.cutoffs),
            None => (None, 0),
        };
        let mv = given.unwrap_or(answer.best);
        let gained = self.pos.merge_score(mv);
        let step = LiveStep {
            mv: self.pos.format_move(mv),
            best: self.pos.format_move(answer.best),
            value: answer.value,
            moves: answer
                .moves
                .iter()
                .map(|m| (self.pos.format_move(m.mv), m.value))
                .collect(),
            scn_t1: scn_json(answer.scn[0]),
            scn_t2: scn_json(answer.scn[1]),
            t1: self.t1,
            t2: self.t2,
            highest,
            nodes: answer.counters.nodes,
            star1_nodes,
            cutoffs,
            gained,
        };
        self.score += u64::from(gained);
        self.pos.play(mv);
        self.steps += 1;
        self.spawn();
        Ok(Some(step))
    }

    /// The position (its text).
    #[must_use]
    pub fn position(&self) -> String {
        self.pos.format_position()
    }

    /// The player's legal moves here (their text, in the game's order); none once over.
    #[must_use]
    pub fn legal(&self) -> Vec<String> {
        if !matches!(self.pos.turn(), Turn::Player(_)) {
            return Vec::new();
        }
        let mut moves = MoveList::<G2048>::default();
        self.pos.legal_moves(&mut moves);
        moves.iter().map(|&mv| self.pos.format_move(mv)).collect()
    }

    /// Whether the game is over.
    #[must_use]
    pub fn over(&self) -> bool {
        self.pos.turn() == Turn::Over
    }

    /// The score so far.
    #[must_use]
    pub fn score(&self) -> u64 {
        self.score
    }

    /// The highest tile on the board.
    #[must_use]
    pub fn highest(&self) -> u32 {
        self.pos.max_tile()
    }

    /// Player moves made.
    #[must_use]
    pub fn steps(&self) -> u32 {
        self.steps
    }
}

/// Plays one game of 4×4 2048 past 2048 with seed `seed` for its spawns.
///
/// # Panics
/// Never for a valid config (depth ≥ 1).
#[must_use]
pub fn play_game(config: &PlayConfig, seed: u64) -> GameRecord {
    let mut game = LiveGame::new(config, seed, false);
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
    let mut highest_seen = Vec::new();
    while let Ok(Some(step)) = game.step(None) {
        legal_total += step.moves.len() as u64;
        record.nodes += step.nodes;
        record.scn_t1.push(step.scn_t1);
        record.scn_t2.push(step.scn_t2);
        record.t1.push(step.t1);
        record.t2 = step.t2;
        record.values.push(step.value);
        highest_seen.push(step.highest);
    }
    record.steps = game.steps();
    record.score = game.score();
    record.highest = game.highest();
    record.end = game.position();
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

/// The deepest expectimax a run may play, in plies.
pub const MAX_DEPTH: u32 = 8;

/// Checks the settings of a run (`pnplay play2048`'s, and the page's rerun of it): at least
/// one depth, each from 1 to [`MAX_DEPTH`], at least one game, τ a number above 0.
///
/// # Errors
/// The first setting that is wrong, named.
pub fn check_run(depths: &[u32], games: u32, tau: f64) -> Result<(), String> {
    if depths.is_empty() {
        return Err("depth: at least one is needed".into());
    }
    if let Some(&bad) = depths.iter().find(|&&d| !(1..=MAX_DEPTH).contains(&d)) {
        return Err(format!("depth: {bad} is not from 1 to {MAX_DEPTH}"));
    }
    if games == 0 {
        return Err("games: must be at least 1".into());
    }
    if !(tau.is_finite() && tau > 0.0) {
        return Err(format!("tau: {tau} is not a number above 0"));
    }
    Ok(())
}

/// The games of a run, in (depth, game) order: game `i` at depth `d` has seed
/// `derive_seed(seed, [d, i])`. Each is one unit of the plan for `--shard`.
pub fn plan(depths: &[u32], games: u32, seed: u64) -> Vec<(u32, u64)> {
    depths
        .iter()
        .flat_map(|&d| {
            (0..games).map(move |i| (d, derive_seed(seed, &[u64::from(d), u64::from(i)])))
        })
        .collect()
}

/// Plays the games of `shard`'s part of [`plan`] on `jobs` threads. Records come back in
/// plan order, whatever the threads' timing; `progress` is called after each game.
pub fn play_games(
    depths: &[u32],
    games: u32,
    seed: u64,
    tau: f64,
    shard: Shard,
    jobs: usize,
    progress: &(dyn Fn(&GameRecord) + Sync),
) -> Vec<GameRecord> {
    let work = shard.select(&plan(depths, games, seed), |&game| game);
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
    motion_table(records, "highest\tgames", |games| {
        [512u32, 1024, 2048, 4096]
            .map(|tile| {
                let motions = games
                    .iter()
                    .filter(|r| r.highest == tile)
                    .filter_map(|r| r.motion)
                    .collect();
                (tile, motions)
            })
            .to_vec()
    })
}

/// Per depth, the first game ending at 1024 and at 2048: its normalised SCN under T1 and
/// T2 over the steps (in percent), as `(file name, plot)`: the plots `pnplay play2048
/// --plots` writes as SVG (as the dissertation's Figures 5-3 to 5-6), and the page's rerun
/// draws.
#[must_use]
pub fn scn_plots(records: &[GameRecord]) -> Vec<(String, LinePlot)> {
    let mut out = Vec::new();
    let mut depths: Vec<u32> = records.iter().map(|r| r.depth).collect();
    depths.dedup();
    for d in depths {
        for tile in [1024u32, 2048] {
            let Some(r) = records.iter().find(|r| r.depth == d && r.highest == tile) else {
                continue;
            };
            let series = |label: &str, raw: &[Option<u64>], colour| Series {
                label: label.to_string(),
                points: normalised(&scns(raw))
                    .into_iter()
                    .enumerate()
                    .map(|(i, y)| (i as f64 + 1.0, 100.0 * y))
                    .collect(),
                dashed: false,
                colour,
            };
            let steps = f64::from(r.steps);
            let plot = LinePlot {
                title: format!("expectimax d = {d}: highest tile {tile}, score {}", r.score),
                x_label: "step".into(),
                y_label: "normalised SCN (%)".into(),
                x_ticks: (0..=4)
                    .map(|k| {
                        let x = (steps * f64::from(k) / 4.0).round();
                        (x, format!("{x}"))
                    })
                    .collect(),
                series: vec![
                    series("T1 (doubles per new highest tile)", &r.scn_t1, 0),
                    series("T2 (constant)", &r.scn_t2, 1),
                ],
            };
            out.push((format!("scn-d{d}-{tile}.svg"), plot));
        }
    }
    out
}

/// Motion in mind per segment (Figure 5-10's data): per depth and the highest tile during
/// the segment, the mean v, M, p and Eₚ over the games' segments.
#[must_use]
pub fn segment_table(records: &[GameRecord]) -> String {
    motion_table(records, "segment tile\tsegments", |games| {
        let mut tiles: Vec<u32> = games
            .iter()
            .flat_map(|r| r.segments.iter().map(|s| s.0))
            .collect();
        tiles.sort_unstable();
        tiles.dedup();
        tiles
            .into_iter()
            .map(|tile| {
                let motions = games
                    .iter()
                    .flat_map(|r| r.segments.iter().filter(|s| s.0 == tile).map(|s| s.1))
                    .collect();
                (tile, motions)
            })
            .collect()
    })
}

/// A motion-in-mind table: the header (`d`, then `columns` naming the tile and the count,
/// then v, M, p and Eₚ), and per depth a row for each tile that `rows` finds in the games
/// of that depth with motions: the tile, how many, and the means of v, M, p and Eₚ.
fn motion_table(
    records: &[GameRecord],
    columns: &str,
    rows: impl Fn(&[&GameRecord]) -> Vec<(u32, Vec<Motion>)>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "d\t{columns}\tv\tM\tp\tEp");
    for d in depths_of(records) {
        let games: Vec<&GameRecord> = records.iter().filter(|r| r.depth == d).collect();
        for (tile, motions) in rows(&games) {
            if let Some(mean) = Motion::mean(&motions) {
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
    /// Seconds in all, written to the microsecond.
    #[serde(serialize_with = "micros::serialize")]
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

//! The only `#[wasm_bindgen]` code: a thin layer the Web Worker calls.
//!
//! State that lives across calls stays on the Rust side; answers cross to JavaScript as
//! plain objects via serde-wasm-bindgen. Errors become JavaScript `Error`s whose `message`
//! is the line the CLI would print, with the crate error's `kind` and `field`
//! ([`crate::error::ErrorReport`]) set on them, so the page can mark the field that is wrong.
//! Every argument arrives as a `JsValue` and is read by [`args`], so a wrong type or an
//! absurd size is such an error too, never a trap.

mod args;
mod connect4_book;
mod faults;
mod support;
#[cfg(not(target_feature = "atomics"))]
mod zeroed_pages;

use wasm_bindgen::prelude::*;

use self::args::{bad, flag, js_error, number, object, optional_text, optional_whole, text, whole};
use crate::engine::GameSpec;
use crate::error::Error;
use crate::game::any::AnyPosition;
use crate::search::catalogue;
use crate::search::params::Params;
use crate::search::session::{Budget, Report, Session};

/// Installs the panic hook so a Rust panic reaches the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Something asked for that does not exist (a tree node, a job).
fn not_found(message: impl std::fmt::Display) -> JsValue {
    js_error(Error::NotFound {
        what: message.to_string(),
    })
}

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// Argument `game` (a game's name) as a [`GameSpec`].
fn parse_game(game: &JsValue) -> Result<GameSpec, JsValue> {
    text(game, "game")?
        .parse::<GameSpec>()
        .map_err(|error| js_error(Error::game(error)))
}

/// The most levels a snapshot may draw and the most nodes it may hold: far more than a view
/// draws, far less than a long search's tree.
const SNAPSHOT_MAX_DEPTH: u64 = 64;
const SNAPSHOT_MAX_NODES: u64 = 100_000;
/// JavaScript's largest exact whole number (2⁵³ − 1): seeds, indices and iteration counts.
const MAX_WHOLE: u64 = (1 << 53) - 1;
/// The longest a single call may be asked to run for, in seconds (a step's slice, a
/// benchmark's time).
const MAX_SECONDS: f64 = 1e9;

/// The page's options object (parameter keys of the schema) as [`Params`].
fn parse_params(options: JsValue) -> Result<Params, JsValue> {
    if args::missing(&options) {
        return Ok(Params::default());
    }
    let object: serde_json::Map<String, serde_json::Value> =
        object(options, "options", "an object of parameters")?;
    Params::from_json(&object).map_err(js_error)
}

/// A snapshot of `tree` for the tree view, its size read from the arguments (`focus`: a
/// pinned node, or `undefined`).
fn snapshot_of(
    tree: Option<&dyn crate::search::session::TreeView>,
    depth: &JsValue,
    max_nodes: &JsValue,
    focus: &JsValue,
) -> Result<JsValue, JsValue> {
    let depth = whole(depth, "depth", 0, SNAPSHOT_MAX_DEPTH)? as usize;
    let max_nodes = whole(max_nodes, "maxNodes", 1, SNAPSHOT_MAX_NODES)? as usize;
    let focus = optional_whole(focus, "focus", 0, u64::from(u32::MAX))?.map(|f| f as u32);
    match tree {
        Some(tree) => to_js(&tree.snapshot(depth, max_nodes, focus)),
        None => Ok(JsValue::NULL),
    }
}

/// Argument `node` (a tree node's id) of `tree`'s inspection.
fn inspect_of(
    tree: Option<&dyn crate::search::session::TreeView>,
    node: &JsValue,
) -> Result<JsValue, JsValue> {
    let node = whole(node, "node", 0, u64::from(u32::MAX))? as u32;
    let inspection = tree
        .and_then(|tree| tree.inspect(node))
        .ok_or_else(|| not_found(format!("tree node {node}")))?;
    to_js(&inspection)
}

/// A step's budget read from its arguments: at most `iterations` iterations and `seconds`.
fn budget(iterations: &JsValue, seconds: &JsValue) -> Result<Budget, JsValue> {
    Ok(Budget {
        iterations: Some(whole(iterations, "iterations", 0, 1 << 62)?),
        seconds: Some(number(seconds, "seconds", 0.0, MAX_SECONDS)?),
    })
}

/// The engine's version and both catalogues (worker `hello`).
#[wasm_bindgen]
pub fn hello() -> Result<JsValue, JsValue> {
    to_js(&crate::engine::hello())
}

/// Describes a position of `game` for the board view (the start position for `undefined`).
#[wasm_bindgen]
pub fn describe(game: JsValue, pos: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let pos = optional_text(&pos, "pos")?;
    to_js(&crate::engine::describe(&spec, pos.as_deref()).map_err(js_error)?)
}

/// Plays `mv` in `pos` and describes the result.
#[wasm_bindgen]
pub fn play(game: JsValue, pos: JsValue, mv: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let (pos, mv) = (text(&pos, "pos")?, text(&mv, "move")?);
    to_js(&crate::engine::play(&spec, &pos, &mv).map_err(js_error)?)
}

/// Edit mode: changes cell `cell` of `pos` with edit tool `tool` (`cycle`, `add`, `remove`;
/// `undefined`: cycle), or, for `cell` `undefined`, who acts.
#[wasm_bindgen]
pub fn edit(game: JsValue, pos: JsValue, cell: JsValue, tool: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let pos = text(&pos, "pos")?;
    let cell = optional_whole(&cell, "cell", 0, u64::from(u32::MAX))?.map(|c| c as usize);
    let tool = match optional_text(&tool, "tool")? {
        None => crate::game::board::EditTool::Cycle,
        Some(name) => serde_wasm_bindgen::from_value(JsValue::from_str(&name))
            .map_err(|e| bad("tool", format!("edit tool: {e}")))?,
    };
    to_js(&crate::engine::edit(&spec, &pos, cell, tool).map_err(js_error)?)
}

/// Checks a set of options against the schema without starting anything (share links).
#[wasm_bindgen(js_name = checkOptions)]
pub fn check_options(algo: JsValue, options: JsValue) -> Result<(), JsValue> {
    let info = catalogue::find(&text(&algo, "algo")?).map_err(js_error)?;
    parse_params(options)?.check(info.params).map_err(js_error)
}

/// Times perft to `depth` from the start of `game` (the same workload as `pnplay bench`).
#[wasm_bindgen(js_name = benchPerft)]
pub fn bench_perft(game: JsValue, depth: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let depth = whole(&depth, "depth", 0, 16)? as u32;
    to_js(&crate::bench::perft_time(&spec, depth))
}

/// Counts random playouts from the start of `game` for about `seconds`.
#[wasm_bindgen(js_name = benchPlayouts)]
pub fn bench_playouts(game: JsValue, seconds: JsValue, seed: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let seconds = number(&seconds, "seconds", 0.0, 3600.0)?;
    let seed = whole(&seed, "seed", 0, MAX_WHOLE)?;
    let measurement = crate::bench::playout_rate(&spec, None, seconds, seed).map_err(js_error)?;
    to_js(&measurement)
}

/// Runs search `algo` on random positions (the `pnplay bench --search` workload). `algo` is
/// a search name, optionally with its parameters as agents write them
/// (`mcts:solver=off,playout=200`, the PN-MCTS paper's Table I workload); the seed and the
/// limits come from the arguments.
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(
    game: JsValue,
    algo: JsValue,
    moves: JsValue,
    positions: JsValue,
    seed: JsValue,
    nodes: JsValue,
    seconds: JsValue,
) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let algo = text(&algo, "algo")?;
    let moves = whole(&moves, "moves", 0, 1000)? as u32;
    let positions = whole(&positions, "positions", 1, 10_000)? as usize;
    let seed = whole(&seed, "seed", 0, MAX_WHOLE)?;
    let nodes = whole(&nodes, "nodes", 1, MAX_WHOLE)?;
    let seconds = number(&seconds, "seconds", 0.0, 3600.0)?;
    let (name, options) = algo.split_once(':').unwrap_or((&algo, ""));
    let info = catalogue::find(name.trim()).map_err(js_error)?;
    let mut params = Params::default();
    for option in options.split(',').filter(|o| !o.trim().is_empty()) {
        let (key, value) = option.split_once('=').ok_or_else(|| {
            js_error(Error::BadParameter {
                name: option.trim().to_string(),
                message: format!("option {:?} is not key=value", option.trim()),
            })
        })?;
        params.set_text(key.trim(), value).map_err(js_error)?;
    }
    let params = params.with_seed(seed);
    params.check(info.params).map_err(js_error)?;
    let limits = crate::search::Limits {
        max_nodes: Some(nodes),
        max_seconds: Some(seconds),
        ..params.limits()
    };
    let measurement =
        crate::bench::search_rate(&spec, info, &params, moves, positions, seed, limits)
            .map_err(js_error)?;
    to_js(&measurement)
}

/// Runs the `pnplay bench --compare` sets ([`crate::bench::compare_sets`], the quick sizes
/// if `quick`), then, given the text of an FFO file, the set of its first `ffo_count`
/// positions ([`crate::bench::ffo_set`]), and answers them as JSON Lines in the format of
/// the native `--save` ([`crate::bench::sets_to_jsonl`]). Seconds are wall clock
/// (`performance.now()`), as natively.
#[wasm_bindgen(js_name = benchCompare)]
pub fn bench_compare(quick: JsValue, ffo: JsValue, ffo_count: JsValue) -> Result<String, JsValue> {
    let size = if flag(&quick, "quick")? {
        crate::bench::CompareSize::QUICK
    } else {
        crate::bench::CompareSize::FULL
    };
    let ffo = optional_text(&ffo, "ffo")?;
    let ffo_count = whole(&ffo_count, "ffoCount", 0, 10_000)? as usize;
    let mut rows = crate::bench::compare_sets(size).map_err(js_error)?;
    if let Some(text) = ffo {
        rows.push(crate::bench::ffo_set(&text, ffo_count).map_err(js_error)?);
    }
    Ok(crate::bench::sets_to_jsonl(&rows))
}

/// The `--compare` table ([`crate::bench::compare_table_labelled`]) of the JSON Lines sets
/// `after` (this run) against `before`, the text of the file given as option `against`:
/// `baseline` (columns before and after) or `native` (columns native and wasm, the ratios
/// wasm ÷ native). Errors name that option and the line.
#[wasm_bindgen(js_name = benchCompareTable)]
pub fn bench_compare_table(
    against: JsValue,
    before: JsValue,
    after: JsValue,
) -> Result<String, JsValue> {
    let against = text(&against, "against")?;
    let (before, after) = (text(&before, "before")?, text(&after, "after")?);
    let labels = match against.as_str() {
        "baseline" => ["before", "after"],
        "native" => ["native", "wasm"],
        _ => {
            return Err(js_error(Error::BadParameter {
                name: "against".into(),
                message: format!("against {against:?}: expected baseline or native"),
            }));
        }
    };
    let before = crate::bench::sets_from_jsonl(&against, &before).map_err(js_error)?;
    let after = crate::bench::sets_from_jsonl("after", &after).map_err(js_error)?;
    Ok(crate::bench::compare_table_labelled(
        labels, &before, &after,
    ))
}

/// A start request read once (the worker's `start`): the game and position parsed into one
/// [`AnyPosition`] and the options into [`Params`], from which each search of the request
/// (two in compare mode, and a checkpoint's fresh copy) opens its session without reading
/// any of them again.
#[wasm_bindgen]
pub struct SearchStart {
    root: AnyPosition,
    params: Params,
}

#[wasm_bindgen]
impl SearchStart {
    /// Reads position `pos` of `game` and the page's options (parameter keys).
    #[wasm_bindgen(constructor)]
    pub fn new(game: JsValue, pos: JsValue, options: JsValue) -> Result<SearchStart, JsValue> {
        let spec = parse_game(&game)?;
        SearchStart::read(&spec, &text(&pos, "pos")?, options)
    }

    /// Opens search `algo` on the request's position with its options.
    pub fn open(&self, algo: JsValue) -> Result<SearchSession, JsValue> {
        self.open_named(&text(&algo, "algo")?)
    }
}

impl SearchStart {
    /// The request of `pos` of `spec` with `options`: the options are read first, then the
    /// position (the order a start has always reported them in).
    fn read(spec: &GameSpec, pos: &str, options: JsValue) -> Result<SearchStart, JsValue> {
        let params = parse_params(options)?;
        let root = AnyPosition::parse(spec, Some(pos)).map_err(js_error)?;
        Ok(SearchStart { root, params })
    }

    fn open_named(&self, algo: &str) -> Result<SearchSession, JsValue> {
        let session = crate::engine::start_at(&self.root, algo, &self.params).map_err(js_error)?;
        let own = session
            .info()
            .params
            .iter()
            .map(|spec| (spec.key, self.params.get(spec)))
            .collect();
        Ok(SearchSession {
            session,
            limits: self.params.limits(),
            params: own,
        })
    }
}

/// One running search of any family, held in Rust between the worker's calls.
#[wasm_bindgen]
pub struct SearchSession {
    session: Box<dyn Session>,
    limits: crate::search::Limits,
    /// The search's own parameters as it applies them (`{pr: 1e-5, theta: 0.01, …}`).
    params: std::collections::BTreeMap<&'static str, Option<f64>>,
}

#[wasm_bindgen]
impl SearchSession {
    /// Starts search `algo` on `pos` of `game` with the page's options (parameter keys).
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: JsValue,
        pos: JsValue,
        algo: JsValue,
        options: JsValue,
    ) -> Result<SearchSession, JsValue> {
        let spec = parse_game(&game)?;
        let (pos, algo) = (text(&pos, "pos")?, text(&algo, "algo")?);
        SearchStart::read(&spec, &pos, options)?.open_named(&algo)
    }

    /// Runs at most `iterations` iterations and at most `seconds`; returns how many ran.
    pub fn step(&mut self, iterations: JsValue, seconds: JsValue) -> Result<f64, JsValue> {
        let budget = budget(&iterations, &seconds)?;
        let before = self.session.stats().iterations;
        self.session.step(budget);
        Ok((self.session.stats().iterations - before) as f64)
    }

    /// Iterations done so far.
    #[wasm_bindgen(getter)]
    pub fn iterations(&self) -> f64 {
        self.session.stats().iterations as f64
    }

    /// Seconds searched so far.
    #[wasm_bindgen(getter)]
    pub fn seconds(&self) -> f64 {
        self.session.stats().seconds
    }

    /// Whether the search has stopped (a verdict, or a limit).
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.session.is_finished()
    }

    /// The run's limits as the search applies them (`{max_nodes, max_seconds}`, `null` for
    /// none), for the page's progress bar.
    #[wasm_bindgen(getter)]
    pub fn limits(&self) -> Result<JsValue, JsValue> {
        to_js(&self.limits)
    }

    /// The search's own parameters as it applies them, by key (`null`: off), e.g.
    /// `{playouts: 60, pr: null, theta: 0.01}` for PPNS: what the charts read `pr` from.
    #[wasm_bindgen(getter)]
    pub fn params(&self) -> Result<JsValue, JsValue> {
        to_js(&self.params)
    }

    /// The current counters, verdict and last MPN path, without searching.
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        to_js(&Report::of(self.session.as_ref()))
    }

    /// The top of the tree for the tree view, with the line to a pinned node (`focus`);
    /// `null` for searches that keep no tree.
    pub fn snapshot(
        &self,
        depth: JsValue,
        max_nodes: JsValue,
        focus: JsValue,
    ) -> Result<JsValue, JsValue> {
        snapshot_of(self.session.tree(), &depth, &max_nodes, &focus)
    }

    /// Everything about a tree node for the inspector: its line, position, values before and
    /// after the last backup, children, the backup formula applied and the selection's
    /// choice ([`crate::search::view::Inspection`]).
    pub fn inspect(&self, node: JsValue) -> Result<JsValue, JsValue> {
        inspect_of(self.session.tree(), &node)
    }

    /// A copy of this session as it stands, which steps on exactly as this one would: a
    /// checkpoint of the page's timeline; `undefined` for searches that cannot be copied.
    pub fn fork(&self) -> Option<SearchSession> {
        Some(SearchSession {
            session: self.session.fork()?,
            limits: self.limits,
            params: self.params.clone(),
        })
    }

    /// Nodes the session holds (created, or expanded for searches that count only those):
    /// what a checkpoint of it costs in memory.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        let stats = self.session.stats();
        stats.nodes_created.max(stats.nodes_expanded) as f64
    }

    /// The root value and tree size at every iteration
    /// ([`crate::search::view::History`]); `null` for searches that keep none.
    pub fn history(&self) -> Result<JsValue, JsValue> {
        match self.session.history() {
            Some(history) => to_js(history),
            None => Ok(JsValue::NULL),
        }
    }
}

/// A stages experiment as the page's stages view configures it (share-link fields).
#[derive(serde::Deserialize, Clone, PartialEq)]
struct StagesConfig {
    stages: Vec<u32>,
    positions: u32,
    algos: Vec<String>,
    /// A θ × pr grid (`pnplay experiment connect4`'s `--thetas` and `--prs`), if any: the
    /// searches that read both run once per setting.
    #[serde(default)]
    grid: Option<StagesGrid>,
    /// The search panel's parameters and limits (schema keys).
    #[serde(flatten)]
    options: serde_json::Map<String, serde_json::Value>,
}

/// The θ × pr grid of a stages experiment (`null` in `prs`: pr off).
#[derive(serde::Deserialize, Clone, PartialEq)]
struct StagesGrid {
    thetas: Vec<f64>,
    prs: Vec<Option<f64>>,
}

/// A planned stages experiment: its configuration, parameters and jobs.
struct Plan {
    config: StagesConfig,
    params: Params,
    jobs: Vec<crate::experiment::runner::Job>,
}

thread_local! {
    /// The last planned stages experiment, so each job does not plan it again.
    static PLANNED: std::cell::RefCell<Option<Plan>> = const { std::cell::RefCell::new(None) };
}

/// The most positions per stage, stages and searches a stages experiment may ask for (the
/// page's own maximum is 1,000 positions); larger ones are refused before any planning.
const STAGES_MAX_POSITIONS: u64 = 1000;
const STAGES_MAX_STAGES: u64 = 200;
const STAGES_MAX_SEARCHES: u64 = 64;
/// The deepest stage (moves from the start) a stages experiment may ask for.
const STAGES_MAX_MOVES: u64 = 1000;

fn with_stages_plan<T>(
    game: &JsValue,
    config: JsValue,
    then: impl FnOnce(&GameSpec, &Plan) -> Result<T, JsValue>,
) -> Result<T, JsValue> {
    let spec = parse_game(game)?;
    let config: StagesConfig = object(config, "config", "a stages configuration")?;
    args::at_most(
        "positions",
        u64::from(config.positions),
        STAGES_MAX_POSITIONS,
    )?;
    args::at_most("stages", config.stages.len() as u64, STAGES_MAX_STAGES)?;
    args::at_most("algos", config.algos.len() as u64, STAGES_MAX_SEARCHES)?;
    for stage in &config.stages {
        args::at_most("stages", u64::from(*stage), STAGES_MAX_MOVES)?;
    }
    PLANNED.with(|planned| {
        let mut planned = planned.borrow_mut();
        if planned.as_ref().is_none_or(|plan| plan.config != config) {
            let algos = config
                .algos
                .iter()
                .map(|a| catalogue::find(a))
                .collect::<Result<Vec<_>, _>>()
                .map_err(js_error)?;
            let params = Params::from_json(&config.options).map_err(js_error)?;
            for info in &algos {
                params.check(info.params).map_err(js_error)?;
            }
            let searches = match &config.grid {
                Some(grid) => {
                    args::at_most(
                        "grid",
                        (grid.thetas.len() as u64).saturating_mul(grid.prs.len() as u64),
                        STAGES_MAX_SEARCHES,
                    )?;
                    crate::experiment::runner::grid_searches(&algos, &grid.thetas, &grid.prs)
                }
                None => algos
                    .iter()
                    .map(|&a| crate::experiment::SearchSpec::plain(a))
                    .collect(),
            };
            let jobs = crate::experiment::runner::plan_stages(
                &spec,
                &config.stages,
                config.positions as usize,
                &searches,
                &params,
                params.seed(),
            )
            .map_err(js_error)?;
            *planned = Some(Plan {
                config,
                params,
                jobs,
            });
        }
        then(&spec, planned.as_ref().expect("planned above"))
    })
}

/// How many jobs (position × search) a stages experiment has.
#[wasm_bindgen(js_name = stagesJobCount)]
pub fn stages_job_count(game: JsValue, config: JsValue) -> Result<u32, JsValue> {
    with_stages_plan(&game, config, |_, plan| Ok(plan.jobs.len() as u32))
}

/// Runs job `index` of a stages experiment and returns its record (the CLI's JSON line).
#[wasm_bindgen(js_name = stagesRunJob)]
pub fn stages_run_job(game: JsValue, config: JsValue, index: JsValue) -> Result<JsValue, JsValue> {
    let index = whole(&index, "index", 0, u64::from(u32::MAX))?;
    with_stages_plan(&game, config, |spec, plan| {
        let job = plan
            .jobs
            .get(index as usize)
            .ok_or_else(|| not_found(format!("job {index}")))?;
        let record = crate::experiment::runner::run_job(spec, job, plan.params.limits())
            .map_err(js_error)?;
        to_js(&record)
    })
}

/// The papers' published stages experiment of `game`, if the papers have one (the PPNS
/// paper's Tables 2 and 3 are Othello 8×8): `{settings, rows}`, the settings it ran with
/// ([`crate::experiment::paper::PaperSettings`], `null` for none) and its completion
/// percentages by stage and search (empty for none).
#[wasm_bindgen(js_name = paperStages)]
pub fn paper_stages(game: JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct Published {
        stage: u32,
        algo: &'static str,
        completion: f64,
        source: &'static str,
    }
    use crate::experiment::paper::{Experiment, rows};
    let spec = parse_game(&game)?;
    let experiment = Experiment::for_stages(&spec);
    let published: Vec<Published> = experiment
        .map(|experiment| rows(experiment))
        .unwrap_or_default()
        .iter()
        .filter(|row| row.setting.is_none())
        .filter_map(|row| {
            Some(Published {
                stage: row.stage,
                algo: row.algo,
                completion: row.completion?,
                source: row.source,
            })
        })
        .collect();
    #[derive(serde::Serialize)]
    struct Paper {
        settings: Option<crate::experiment::paper::PaperSettings>,
        rows: Vec<Published>,
    }
    to_js(&Paper {
        settings: experiment.and_then(Experiment::stage_settings),
        rows: published,
    })
}

/// The exact value of position `pos` of `game` and a move that achieves it, by the game's
/// own solver where it has one (Connect Four, 8×8 Othello), alpha-beta otherwise, within the
/// node and time limits of `options` ([`crate::engine::score`], `pnplay score`); `null` when
/// a limit comes first.
#[wasm_bindgen(js_name = exactScore)]
pub fn exact_score(game: JsValue, pos: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let pos = text(&pos, "pos")?;
    let params = parse_params(options)?;
    to_js(&crate::engine::score(&spec, &pos, params.limits(), 1).map_err(js_error)?)
}

/// What the page's arena sends for one game of a match: the agents' text forms (as
/// `pnplay match --a/--b` take them), the openings (`random:K`, or empty) and the seed.
#[derive(serde::Deserialize)]
struct ArenaSettings {
    a: String,
    b: String,
    #[serde(default)]
    openings: String,
    seed: u64,
}

/// The match the page's arena `config` (`{a, b, openings, seed}`) describes for `game`, or
/// the error naming the field that is wrong.
fn match_config(game: &JsValue, config: JsValue) -> Result<crate::arena::MatchConfig, JsValue> {
    let game = text(game, "game")?;
    let settings: ArenaSettings = object(config, "config", "an arena configuration")?;
    crate::arena::MatchConfig::new(
        &game,
        &settings.a,
        &settings.b,
        &settings.openings,
        settings.seed,
    )
    .map_err(js_error)
}

/// Plays game `index` of a match of `game` and returns its record: the same JSON line
/// `pnplay match` writes for it (but for the per-move seconds), so the page's worker pool
/// can play a match game by game.
#[wasm_bindgen(js_name = arenaPlayGame)]
pub fn arena_play_game(game: JsValue, config: JsValue, index: JsValue) -> Result<JsValue, JsValue> {
    let index = whole(&index, "index", 0, MAX_WHOLE)?;
    let config = match_config(&game, config)?;
    let record = crate::arena::play_game(&config, index).map_err(js_error)?;
    to_js(&record)
}

/// Reads one agent's text form (`pnmcts:iterations=1000,cpn=1`, `random`) for the page's
/// arena view: `{text, search, options}` — the canonical text the match records carry, the
/// search's id (`null` for `random`) and its options by key, as canonical text — or the agent's
/// error naming the field that is wrong, so the page marks it before playing anything.
#[wasm_bindgen(js_name = arenaAgent)]
pub fn arena_agent(agent: JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct AgentView {
        text: String,
        search: Option<&'static str>,
        options: std::collections::BTreeMap<String, String>,
    }
    let agent: crate::agent::Agent = text(&agent, "text")?.parse().map_err(js_error)?;
    let search = match agent.kind() {
        crate::agent::AgentKind::Random => None,
        crate::agent::AgentKind::Search(info) => Some(info.id),
    };
    let text = agent.to_string();
    // The canonical form is `id:key=value,…` with values the schema formats (no `,` or `=`).
    let options = text
        .split_once(':')
        .map(|(_, rest)| {
            rest.split(',')
                .filter_map(|option| option.split_once('='))
                .map(|(key, value)| (key.to_string(), value.to_string()))
                .collect()
        })
        .unwrap_or_default();
    to_js(&AgentView {
        text,
        search,
        options,
    })
}

/// The summary of some games of a match, as `pnplay match` prints it, for the page's arena
/// view: the match's `Summary` (A's wins, draws and losses, its rate with the normal and
/// Wilson 95 % intervals, fallbacks), the CLI's summary `line`, and `curve`: A's rate with
/// both intervals after each prefix of `records` in the order given (the plot of the rate
/// against games played). A record's moves are not read, so the page may send them empty.
/// Errors: the match's (game, agents, openings) or a record that is not one of its games.
#[wasm_bindgen(js_name = arenaSummary)]
pub fn arena_summary(game: JsValue, config: JsValue, records: JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct Answer {
        summary: crate::arena::Summary,
        line: String,
        curve: Vec<crate::experiment::results::CurvePoint>,
    }
    let config = match_config(&game, config)?;
    let records: Vec<crate::arena::GameRecord> =
        object(records, "records", "an array of a match's game records")?;
    if let Some(other) = records.iter().find(|r| !config.owns(r)) {
        return Err(js_error(Error::BadParameter {
            name: "records".into(),
            message: format!("game {} is a game of another match", other.index),
        }));
    }
    let records: Vec<&crate::arena::GameRecord> = records.iter().collect();
    let curve = crate::experiment::results::curve(&records);
    let summary = crate::arena::Summary::of(&config, &records);
    to_js(&Answer {
        line: summary.line(),
        summary,
        curve,
    })
}

/// An agent choosing a move (the page's play mode): the search of the question it is asking,
/// stepped and shown like a [`SearchSession`], then its choice — the move
/// [`crate::agent::Agent::choose`] makes with the same seed, whatever the slices.
#[wasm_bindgen]
pub struct AgentSession {
    thinking: Box<dyn crate::agent::Deliberation>,
    /// The per-move iteration budget (and the search's limits), for the progress bar.
    limits: crate::search::Limits,
}

#[wasm_bindgen]
impl AgentSession {
    /// Starts agent `agent` (its text form, as `pnplay match --a` takes it) on `pos` of
    /// `game`, at ply `ply` of game `index` of a match with seed `seed`
    /// ([`crate::arena::move_seed`]).
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: JsValue,
        pos: JsValue,
        agent: JsValue,
        seed: JsValue,
        index: JsValue,
        ply: JsValue,
    ) -> Result<AgentSession, JsValue> {
        let spec = parse_game(&game)?;
        let pos = text(&pos, "pos")?;
        let agent: crate::agent::Agent = text(&agent, "agent")?.parse().map_err(js_error)?;
        let seed = crate::arena::move_seed(
            whole(&seed, "seed", 0, MAX_WHOLE)?,
            whole(&index, "index", 0, MAX_WHOLE)?,
            whole(&ply, "ply", 0, MAX_WHOLE)?,
        );
        let thinking = agent.think_on(&spec, &pos, seed).map_err(js_error)?;
        let limits = crate::search::Limits {
            max_iterations: agent.budget().iterations,
            max_seconds: agent.budget().seconds,
            ..thinking.params().limits()
        };
        Ok(AgentSession { thinking, limits })
    }

    /// Thinks for at most `iterations` iterations and `seconds`; returns how many ran.
    pub fn step(&mut self, iterations: JsValue, seconds: JsValue) -> Result<f64, JsValue> {
        let budget = budget(&iterations, &seconds)?;
        let before = self.thinking.iterations();
        self.thinking.step(budget).map_err(js_error)?;
        Ok((self.thinking.iterations() - before) as f64)
    }

    /// Iterations so far (every question's).
    #[wasm_bindgen(getter)]
    pub fn iterations(&self) -> f64 {
        self.thinking.iterations() as f64
    }

    /// Seconds the current search has run.
    #[wasm_bindgen(getter)]
    pub fn seconds(&self) -> f64 {
        self.thinking.session().map_or(0.0, |s| s.stats().seconds)
    }

    /// Whether the move is chosen.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.thinking.choice().is_some()
    }

    /// The per-move budget and the search's limits (`{max_iterations, max_nodes,
    /// max_seconds}`).
    #[wasm_bindgen(getter)]
    pub fn limits(&self) -> Result<JsValue, JsValue> {
        to_js(&self.limits)
    }

    /// The search's own parameters as it applies them, by key.
    #[wasm_bindgen(getter)]
    pub fn params(&self) -> Result<JsValue, JsValue> {
        let params = self.thinking.params();
        let own: std::collections::BTreeMap<_, _> = self
            .thinking
            .session()
            .map(|s| s.info().params)
            .unwrap_or_default()
            .iter()
            .map(|spec| (spec.key, params.get(spec)))
            .collect();
        to_js(&own)
    }

    /// The current search's report (`finished` once the move is chosen); `null` for a move
    /// chosen without search.
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        match self.thinking.session() {
            Some(session) => {
                let mut report = Report::of(session);
                report.finished |= self.finished();
                to_js(&report)
            }
            None => Ok(JsValue::NULL),
        }
    }

    /// The top of the current search's tree, as [`SearchSession::snapshot`].
    pub fn snapshot(
        &self,
        depth: JsValue,
        max_nodes: JsValue,
        focus: JsValue,
    ) -> Result<JsValue, JsValue> {
        let tree = self.thinking.session().and_then(|s| s.tree());
        snapshot_of(tree, &depth, &max_nodes, &focus)
    }

    /// A node of the current search's tree, as [`SearchSession::inspect`].
    pub fn inspect(&self, node: JsValue) -> Result<JsValue, JsValue> {
        inspect_of(self.thinking.session().and_then(|s| s.tree()), &node)
    }

    /// The current search's history, as [`SearchSession::history`].
    pub fn history(&self) -> Result<JsValue, JsValue> {
        match self.thinking.session().and_then(|s| s.history()) {
            Some(history) => to_js(history),
            None => Ok(JsValue::NULL),
        }
    }

    /// The choice once made (`{mv, iterations, seconds, fallback}`), else `null`.
    pub fn choice(&self) -> Result<JsValue, JsValue> {
        #[derive(serde::Serialize)]
        struct Chosen {
            #[serde(rename = "move")]
            mv: String,
            iterations: u64,
            seconds: f64,
            fallback: bool,
        }
        match self.thinking.choice() {
            Some(choice) => to_js(&Chosen {
                mv: choice.mv,
                iterations: choice.iterations,
                seconds: choice.seconds,
                fallback: choice.fallback,
            }),
            None => Ok(JsValue::NULL),
        }
    }
}

/// The most positions per question and simulations per move a hint may spend.
const HINT_MAX_POSITIONS: u64 = 10_000_000;
const HINT_MAX_SIMULATIONS: u64 = 1_000_000;

/// The value of every legal move of `pos` ([`crate::agent::hint`]) within `budget`
/// (`{positions, simulations, seed}`).
#[wasm_bindgen]
pub fn hint(game: JsValue, pos: JsValue, budget: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let pos = text(&pos, "pos")?;
    let budget: crate::agent::hint::HintBudget = object(
        budget,
        "budget",
        "a hint budget {positions, simulations, seed}",
    )?;
    args::at_most("positions", budget.positions, HINT_MAX_POSITIONS)?;
    args::at_most("simulations", budget.simulations, HINT_MAX_SIMULATIONS)?;
    to_js(&crate::agent::hint::hint_on(&spec, &pos, &budget).map_err(js_error)?)
}

/// The evaluation of a position taken apart, for an evaluation panel and a board overlay:
/// [`crate::engine::evaluation`] (each heuristic's raw values and normalised value, the
/// weighted sum, and the stable / semi-stable / unstable discs and potential-mobility
/// squares of each side as cell lists). `options` are the schema's keys (`eval`, `w.*`).
#[wasm_bindgen(js_name = evaluatePosition)]
pub fn evaluate_position(
    game: JsValue,
    pos: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let pos = text(&pos, "pos")?;
    let params = parse_params(options)?;
    to_js(&crate::engine::evaluation(&spec, &pos, &params).map_err(js_error)?)
}

/// A results file (the JSON Lines of `pnplay experiment`, `match` or `tournament`)
/// summarised as the command line summarises it ([`crate::experiment::results`]), for the
/// page's results viewer. `experiment`: the published numbers to show beside ours — `auto`
/// (guessed from the records), `none`, or an experiment's name (`othello-stages`,
/// `connect4-grid`, `2048`).
#[wasm_bindgen(js_name = readResults)]
pub fn read_results(records: JsValue, experiment: JsValue) -> Result<JsValue, JsValue> {
    use crate::experiment::paper::Experiment;
    let records = text(&records, "text")?;
    let choice = match text(&experiment, "experiment")?.as_str() {
        "auto" => None,
        "none" => Some(None),
        name => Some(Some(Experiment::from_name(name).ok_or_else(|| {
            bad("experiment", format!("no published experiment {name:?}"))
        })?)),
    };
    to_js(&crate::experiment::results::read(&records, choice).map_err(js_error)?)
}

/// A round robin's results (`pnplay tournament`'s standings: W/D/L, score rate with its 95 %
/// intervals, discs, Bradley–Terry rating; [`crate::experiment::tournament::Results`]) from
/// its game records `records` (JSON Lines text, pair by pair in game order), for the tournament
/// `config` `{game, agents, games_per_pair, openings, seed}` (a card's rerun).
#[wasm_bindgen(js_name = tournamentResults)]
pub fn tournament_results(config: JsValue, records: JsValue) -> Result<JsValue, JsValue> {
    use crate::experiment::tournament::{Results, Tournament};
    #[derive(serde::Deserialize)]
    struct Config {
        game: String,
        agents: Vec<String>,
        games_per_pair: u64,
        openings: String,
        seed: u64,
    }
    let config: Config = object(config, "config", "a tournament")?;
    args::at_most("agents", config.agents.len() as u64, STAGES_MAX_SEARCHES)?;
    let tournament = Tournament::new(
        &config.game,
        &config.agents,
        config.games_per_pair,
        &config.openings,
        config.seed,
    )
    .map_err(js_error)?;
    let records = text(&records, "records")?
        .lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|e| {
                let error = crate::game::error::Elided::words(&e.to_string());
                bad("records", format!("records: record {}: {error}", i + 1))
            })
        })
        .collect::<Result<Vec<crate::arena::GameRecord>, _>>()?;
    to_js(&Results::checked(&tournament, &records).map_err(js_error)?)
}

/// Everything the engine's paper tables publish under `source` (`paper Table 2`,
/// `PN-MCTS paper Table II`; [`crate::experiment::results::published`]): `{source,
/// experiment, rows, cells}`, for the Papers view, which never types a paper's number itself.
#[wasm_bindgen(js_name = paperTable)]
pub fn paper_table(source: JsValue) -> Result<JsValue, JsValue> {
    let source = text(&source, "source")?;
    to_js(&crate::experiment::results::published(&source).map_err(js_error)?)
}

/// A card file of results/ (`cards.json`, [`crate::experiment::cards`]) read and checked,
/// each card with `published`: the paper tables' numbers of each of its sources.
#[wasm_bindgen(js_name = readCards)]
pub fn read_cards(cards: JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct Shown {
        #[serde(flatten)]
        card: crate::experiment::cards::Card,
        published: Vec<crate::experiment::results::Published>,
    }
    let cards = crate::experiment::cards::read(&text(&cards, "text")?).map_err(js_error)?;
    let shown = cards
        .into_iter()
        .map(|card| {
            let published = card
                .paper
                .iter()
                .map(|source| crate::experiment::results::published(source))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Shown { card, published })
        })
        .collect::<Result<Vec<_>, Error>>()
        .map_err(js_error)?;
    to_js(&shown)
}

/// Checks a proof certificate's text with the game's rules alone, as `pnplay check` does
/// ([`crate::game::certificate::check::check_text`]): `{ok: true, verdict, question, nodes,
/// line}` or `{ok: false, node, path, reason, line}` (`line`: what the CLI prints).
#[wasm_bindgen(js_name = checkCertificate)]
pub fn check_certificate(certificate: JsValue) -> Result<JsValue, JsValue> {
    let certificate = text(&certificate, "text")?;
    let answer = match crate::game::certificate::check::check_text(&certificate) {
        Ok(checked) => serde_json::json!({
            "ok": true,
            "verdict": checked.verdict,
            "question": checked.question,
            "nodes": checked.nodes,
            "line": checked.to_string(),
        }),
        Err(rejection) => serde_json::json!({
            "ok": false,
            "node": rejection.node,
            "path": rejection.path,
            "reason": rejection.reason,
            "line": rejection.to_string(),
        }),
    };
    to_js(&answer)
}

/// The proof certificate of `verdict` (`proved` or `disproved`) for `pos` of `game`, as
/// `pnplay solve --certificate` writes it ([`crate::engine::certificate`]), within the node
/// and time limits of `options`; the text, checked by the rules' checker before it is given.
#[wasm_bindgen(js_name = makeCertificate)]
pub fn make_certificate(
    game: JsValue,
    pos: JsValue,
    verdict: JsValue,
    options: JsValue,
) -> Result<String, JsValue> {
    let spec = parse_game(&game)?;
    let pos = text(&pos, "pos")?;
    let verdict = text(&verdict, "verdict")?;
    let verdict = crate::search::Verdict::exact_from_word(&verdict).ok_or_else(|| {
        bad(
            "verdict",
            format!("a certificate needs verdict proved or disproved, got {verdict:?}"),
        )
    })?;
    let params = parse_params(options)?;
    let (certificate, _) =
        crate::engine::certificate(&spec, &pos, verdict, &params).map_err(js_error)?;
    Ok(certificate)
}

/// A live game of 4×4 2048 past 2048 (the page's 2048 view): expectimax's or the user's
/// move at each step, spawns from the seed ([`crate::experiment::play2048::LiveGame`]).
#[wasm_bindgen]
pub struct Live2048 {
    game: crate::experiment::play2048::LiveGame,
}

#[wasm_bindgen]
impl Live2048 {
    /// A game with seed `seed` (decimal text: any u64, as a record's `seed`), expectimax at
    /// `depth` plies, Star1 cut-offs counted when `star1`, thresholds with τ = `tau`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        depth: JsValue,
        star1: JsValue,
        tau: JsValue,
        seed: JsValue,
    ) -> Result<Live2048, JsValue> {
        let depth = whole(&depth, "depth", 1, 6)? as u32;
        let star1 = flag(&star1, "star1")?;
        let tau = number(&tau, "tau", f64::MIN_POSITIVE, f64::MAX)?;
        let seed = text(&seed, "seed")?;
        let seed: u64 = seed.trim().parse().map_err(|_| {
            bad(
                "seed",
                format!(
                    "seed must be a whole number from 0 to 2^64 − 1, got {}",
                    crate::game::error::Elided(&seed)
                ),
            )
        })?;
        let config = crate::experiment::play2048::PlayConfig { depth, tau };
        Ok(Live2048 {
            game: crate::experiment::play2048::LiveGame::new(&config, seed, star1),
        })
    }

    /// Plays `mv` (the user's), or expectimax's choice for `undefined`: the step
    /// ([`crate::experiment::play2048::LiveStep`]), `null` once the game is over.
    pub fn step(&mut self, mv: JsValue) -> Result<JsValue, JsValue> {
        let mv = optional_text(&mv, "move")?;
        let step = self
            .game
            .step(mv.as_deref())
            .map_err(|e| js_error(Error::mv(e)))?;
        to_js(&step)
    }

    /// `{position, score, highest, steps, over, legal}` (`legal`: the user's moves here).
    pub fn state(&self) -> Result<JsValue, JsValue> {
        to_js(&serde_json::json!({
            "position": self.game.position(),
            "score": self.game.score(),
            "highest": self.game.highest(),
            "steps": self.game.steps(),
            "over": self.game.over(),
            "legal": self.game.legal(),
        }))
    }
}

//! The only `#[wasm_bindgen]` code: a thin layer the Web Worker calls.
//!
//! State that lives across calls stays on the Rust side; answers cross to JavaScript as
//! plain objects via serde-wasm-bindgen. Errors become JavaScript exceptions carrying the
//! one-line message the CLI would print.

use wasm_bindgen::prelude::*;

/// Installs the panic hook so a Rust panic reaches the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The engine's version and the games and searches it knows (worker `hello`).
#[wasm_bindgen]
pub fn hello() -> Result<JsValue, JsError> {
    to_js(&crate::engine::hello())
}

/// Describes a position of `game` for the board view (the start position for `undefined`).
#[wasm_bindgen]
pub fn describe(game: &str, pos: Option<String>) -> Result<JsValue, JsError> {
    let spec = parse_game(game)?;
    to_js(&crate::engine::describe(&spec, pos.as_deref()).map_err(js_error)?)
}

/// Plays `mv` in `pos` and describes the result.
#[wasm_bindgen]
pub fn play(game: &str, pos: &str, mv: &str) -> Result<JsValue, JsError> {
    let spec = parse_game(game)?;
    to_js(&crate::engine::play(&spec, pos, mv).map_err(js_error)?)
}

/// Edit mode: cycles cell `cell` (or, for `undefined`, who acts) of `pos`.
#[wasm_bindgen]
pub fn edit(game: &str, pos: &str, cell: Option<u32>) -> Result<JsValue, JsError> {
    let spec = parse_game(game)?;
    let cell = cell.map(|c| c as usize);
    to_js(&crate::engine::edit(&spec, pos, cell).map_err(js_error)?)
}

/// A seed from the browser's crypto source, for runs the user did not seed.
#[wasm_bindgen(js_name = freshSeed)]
pub fn fresh_seed() -> f64 {
    crate::game::Rng::fresh_seed() as f64
}

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Times perft to `depth` from the start of `game` (the same workload as `pnplay bench`).
#[wasm_bindgen(js_name = benchPerft)]
pub fn bench_perft(game: &str, depth: u32) -> Result<JsValue, JsError> {
    let spec = parse_game(game)?;
    to_js(&crate::bench::perft_time(&spec, depth))
}

/// Counts random playouts from the start of `game` for about `seconds`.
#[wasm_bindgen(js_name = benchPlayouts)]
pub fn bench_playouts(game: &str, seconds: f64, seed: f64) -> Result<JsValue, JsError> {
    let spec = parse_game(game)?;
    let measurement =
        crate::bench::playout_rate(&spec, None, seconds, seed as u64).map_err(js_error)?;
    to_js(&measurement)
}

/// Runs best-first search `algo` on random positions (the `pnplay bench --search` workload).
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(
    game: &str,
    algo: &str,
    moves: u32,
    positions: u32,
    seed: f64,
    nodes: f64,
    seconds: f64,
) -> Result<JsValue, JsError> {
    use crate::search::{
        Limits,
        bestfirst::{Algo, Params},
    };
    let spec = parse_game(game)?;
    let algo = Algo::parse(algo).map_err(js_error)?;
    let params = Params {
        seed: seed as u64,
        ..Params::default()
    };
    let limits = Limits {
        max_nodes: Some(nodes as u64),
        max_seconds: Some(seconds),
        max_iterations: None,
    };
    let measurement = crate::bench::search_rate(
        &spec,
        algo,
        &params,
        moves,
        positions as usize,
        seed as u64,
        limits,
    )
    .map_err(js_error)?;
    to_js(&measurement)
}

fn parse_game(name: &str) -> Result<crate::engine::GameSpec, JsError> {
    name.parse().map_err(js_error)
}

fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// The search options the page sends (share-link fields, SPEC.md §6).
#[derive(serde::Deserialize, Clone, PartialEq)]
struct SearchOptions {
    theta: f64,
    pr: Option<f64>,
    playouts: u32,
    seed: f64,
    goal: String,
    nodes: Option<f64>,
    time: Option<f64>,
}

impl SearchOptions {
    fn params(&self) -> Result<crate::search::bestfirst::Params, JsError> {
        Ok(crate::search::bestfirst::Params {
            theta: self.theta,
            pr: self.pr,
            playouts: self.playouts,
            seed: self.seed as u64,
            goal: crate::search::Goal::parse(&self.goal).map_err(js_error)?,
        })
    }

    fn limits(&self) -> crate::search::Limits {
        crate::search::Limits {
            max_nodes: self.nodes.map(|n| n as u64),
            max_seconds: self.time,
            max_iterations: None,
        }
    }
}

/// What one step reports to the page: counters, root value, verdict and the last MPN path.
#[derive(serde::Serialize)]
struct Progress {
    algo: &'static str,
    verdict: crate::search::Verdict,
    finished: bool,
    stats: crate::search::Stats,
    root_value: crate::search::view::Values,
    best_move: Option<String>,
    path: Vec<crate::search::view::PathNode>,
}

/// One running search, held in Rust between the worker's calls.
#[wasm_bindgen]
pub struct SearchSession {
    game: crate::engine::GameSpec,
    search: Box<dyn crate::search::bestfirst::Search + Send>,
}

#[wasm_bindgen]
impl SearchSession {
    /// Starts search `algo` on `pos` of `game` with the page's options.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: &str,
        pos: &str,
        algo: &str,
        options: JsValue,
    ) -> Result<SearchSession, JsError> {
        let spec = parse_game(game)?;
        let algo = crate::search::bestfirst::Algo::parse(algo).map_err(js_error)?;
        let options: SearchOptions = serde_wasm_bindgen::from_value(options).map_err(js_error)?;
        let search =
            crate::engine::start_search(&spec, pos, algo, &options.params()?, options.limits())
                .map_err(js_error)?;
        Ok(SearchSession { game: spec, search })
    }

    /// Runs at most `iterations` iterations and at most `seconds`; returns how many ran.
    pub fn step(&mut self, iterations: f64, seconds: f64) -> f64 {
        let before = self.search.stats().iterations;
        let budget = crate::search::bestfirst::Budget {
            iterations: Some(iterations as u64),
            seconds: Some(seconds),
        };
        self.search.step(budget);
        (self.search.stats().iterations - before) as f64
    }

    /// Iterations done so far.
    #[wasm_bindgen(getter)]
    pub fn iterations(&self) -> f64 {
        self.search.stats().iterations as f64
    }

    /// Seconds searched so far.
    #[wasm_bindgen(getter)]
    pub fn seconds(&self) -> f64 {
        self.search.stats().seconds
    }

    /// Whether the search has stopped (a verdict, or a limit).
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.search.is_finished()
    }

    /// The current counters, verdict and last MPN path, without searching.
    pub fn progress(&self) -> Result<JsValue, JsError> {
        let search = &self.search;
        to_js(&Progress {
            algo: search.algo().name(),
            verdict: search.verdict(),
            finished: search.is_finished(),
            stats: search.stats(),
            root_value: search.root_value(),
            best_move: search.best_move(),
            path: search.last_path(),
        })
    }

    /// The top of the tree for the tree view, with the line to a pinned node (`focus`).
    pub fn snapshot(
        &self,
        depth: u32,
        max_nodes: u32,
        focus: Option<u32>,
    ) -> Result<JsValue, JsError> {
        to_js(
            &self
                .search
                .snapshot(depth as usize, max_nodes as usize, focus),
        )
    }

    /// The position at a tree node, described for the mini board.
    #[wasm_bindgen(js_name = describeNode)]
    pub fn describe_node(&self, node: u32) -> Result<JsValue, JsError> {
        let text = self
            .search
            .position_of(node)
            .ok_or_else(|| JsError::new(&format!("no tree node {node}")))?;
        to_js(&crate::engine::describe(&self.game, Some(&text)).map_err(js_error)?)
    }
}

/// A stages experiment as the page's stages view configures it (share-link fields).
#[derive(serde::Deserialize, Clone, PartialEq)]
struct StagesConfig {
    stages: Vec<u32>,
    positions: u32,
    algos: Vec<String>,
    /// The search panel's parameters and limits.
    #[serde(flatten)]
    options: SearchOptions,
}

thread_local! {
    /// The last planned stages experiment, so each job does not plan it again.
    static PLANNED: std::cell::RefCell<Option<(StagesConfig, Vec<crate::experiment::runner::Job>)>> =
        const { std::cell::RefCell::new(None) };
}

fn with_stages_plan<T>(
    game: &str,
    config: JsValue,
    then: impl FnOnce(
        &crate::engine::GameSpec,
        &StagesConfig,
        &[crate::experiment::runner::Job],
    ) -> Result<T, JsError>,
) -> Result<T, JsError> {
    use crate::search::bestfirst::Algo;
    let spec = parse_game(game)?;
    let config: StagesConfig = serde_wasm_bindgen::from_value(config).map_err(js_error)?;
    PLANNED.with(|planned| {
        let mut planned = planned.borrow_mut();
        if planned.as_ref().is_none_or(|(c, _)| *c != config) {
            let algos = config
                .algos
                .iter()
                .map(|a| Algo::parse(a))
                .collect::<Result<Vec<_>, _>>()
                .map_err(js_error)?;
            let params = config.options.params()?;
            let jobs = crate::experiment::runner::plan_stages(
                &spec,
                &config.stages,
                config.positions as usize,
                &algos,
                &params,
                params.seed,
            )
            .map_err(js_error)?;
            *planned = Some((config, jobs));
        }
        let (config, jobs) = planned.as_ref().expect("planned above");
        then(&spec, config, jobs)
    })
}

/// How many jobs (position × search) a stages experiment has.
#[wasm_bindgen(js_name = stagesJobCount)]
pub fn stages_job_count(game: &str, config: JsValue) -> Result<u32, JsError> {
    with_stages_plan(game, config, |_, _, jobs| Ok(jobs.len() as u32))
}

/// Runs job `index` of a stages experiment and returns its record (the CLI's JSON line).
#[wasm_bindgen(js_name = stagesRunJob)]
pub fn stages_run_job(game: &str, config: JsValue, index: u32) -> Result<JsValue, JsError> {
    with_stages_plan(game, config, |spec, config, jobs| {
        let job = jobs
            .get(index as usize)
            .ok_or_else(|| JsError::new(&format!("no job {index}")))?;
        let record = crate::experiment::runner::run_job(spec, job, config.options.limits())
            .map_err(js_error)?;
        to_js(&record)
    })
}

/// The paper's published Othello completion percentages (Tables 2 and 3), for the plot.
#[wasm_bindgen(js_name = paperStages)]
pub fn paper_stages() -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    struct Published {
        stage: u32,
        algo: &'static str,
        completion: f64,
        source: &'static str,
    }
    let rows: Vec<Published> =
        crate::experiment::paper::rows(crate::experiment::paper::Experiment::OthelloStages)
            .iter()
            .filter(|row| row.setting.is_none())
            .filter_map(|row| {
                Some(Published {
                    stage: row.stage,
                    algo: row.algo.name(),
                    completion: row.completion?,
                    source: row.source,
                })
            })
            .collect();
    to_js(&rows)
}

//! The stages experiment of the page's stages view (the PPNS paper's Tables 2 and 3): planned
//! once per configuration, then run job by job by the page's worker pool, beside the papers'
//! published numbers.

use wasm_bindgen::prelude::*;

use super::args::{self, js_error, object, whole};
use super::{not_found, parse_game, to_js};
use crate::engine::GameSpec;
use crate::search::catalogue;
use crate::search::params::Params;

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
pub(super) const STAGES_MAX_SEARCHES: u64 = 64;
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

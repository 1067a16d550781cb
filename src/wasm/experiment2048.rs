//! The 2×2 2048 experiment (the dissertation's Table 4.2, `pnplay experiment 2048`) run whole
//! in the page's worker for the Papers view's rerun: the same plan
//! ([`crate::experiment::runner::plan_2048`]), limits and verification as the CLI's, so its
//! records equal the CLI's for the same settings (seconds aside). The 2×2 run is small (36
//! searches of a few hundred nodes, under a second).

use wasm_bindgen::prelude::*;

use super::args::{self, js_error, object};
use super::to_js;
use crate::experiment::runner::{NODES_2048, PR_2048, plan_2048, run_job, units};
use crate::experiment::{SearchSpec, verify};
use crate::search::Limits;
use crate::search::catalogue;
use crate::search::params::{PR, Params};

/// The settings of a run, as `pnplay experiment 2048` takes them.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    /// `2048:2x2`.
    game: String,
    /// Objective tiles.
    objectives: Vec<u32>,
    /// `and` or `or`: how spawns after slides are read.
    spawns: String,
    /// Search ids.
    algos: Vec<String>,
    /// The run's seed.
    seed: u64,
}

/// The most objectives and searches a run may ask for.
const MAX_OBJECTIVES: u64 = 8;

/// Runs the 2048 experiment of `config` (`{game, objectives, spawns, algos, seed}`) and
/// returns its records in plan order, each verified as the CLI verifies it.
#[wasm_bindgen(js_name = experiment2048)]
pub fn experiment_2048(config: JsValue) -> Result<JsValue, JsValue> {
    let config: Config = object(config, "config", "a 2048 experiment's settings")?;
    args::at_most("objectives", config.objectives.len() as u64, MAX_OBJECTIVES)?;
    args::at_most(
        "algos",
        config.algos.len() as u64,
        super::stages::STAGES_MAX_SEARCHES,
    )?;
    let or = match config.spawns.as_str() {
        "and" => false,
        "or" => true,
        other => {
            return Err(js_error(crate::error::Error::BadParameter {
                name: "spawns".into(),
                message: format!("spawns {other:?}: expected and or or"),
            }));
        }
    };
    let searches = config
        .algos
        .iter()
        .map(|a| catalogue::find(a).map(SearchSpec::plain))
        .collect::<Result<Vec<_>, _>>()
        .map_err(js_error)?;
    let params = Params::default()
        .with(&PR, Some(PR_2048))
        .with_seed(config.seed);
    let parts = plan_2048(
        &config.game,
        &config.objectives,
        (false, or),
        &searches,
        &params,
        config.seed,
    )
    .map_err(js_error)?;
    let limits = Limits {
        max_nodes: Some(NODES_2048),
        ..params.limits()
    };
    let verify_limits = Limits {
        max_nodes: Some(verify::VERIFY_NODES),
        ..Limits::default()
    };
    let mut records = Vec::new();
    for (spec, jobs) in &parts {
        for unit in units(jobs) {
            let found = verify::verify(spec, &unit[0].pos, params.goal(), verify_limits, 1)
                .map_err(js_error)?;
            for job in unit {
                let mut record = run_job(spec, job, limits).map_err(js_error)?;
                verify::mark(&mut record, found);
                records.push(record);
            }
        }
    }
    to_js(&records)
}

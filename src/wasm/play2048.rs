//! The dissertation's chapter-5 games of 4×4 2048 (`pnplay play2048`, Tables 5.1 and 5.2,
//! Figures 5-3 to 5-6) run in the page's worker for the Papers view's rerun: one game of the
//! CLI's plan per call ([`crate::experiment::play2048::plan`], played by
//! [`crate::experiment::play2048::play_game`]), given back as the CLI's JSON line, so the
//! page's record is the CLI's by construction (a game's seed needs all 64 bits, more than a
//! JavaScript number holds); and the CLI's tables and SCN plots of a set of such records.

use wasm_bindgen::prelude::*;

use super::args::{self, bad, object, text, whole};
use super::to_js;
use crate::experiment::files::json_lines;
use crate::experiment::play2048::{
    self, GameRecord, MAX_DEPTH, PlayConfig, scn_plots, table_5_1, table_5_2,
};
use crate::experiment::plot::LinePlot;

/// The settings of a run, as `pnplay play2048 --depth --games --seed --tau` takes them.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Run {
    /// Expectimax depths in plies.
    depths: Vec<u32>,
    /// Games per depth.
    games: u32,
    /// The run's seed (each game's is derived from it).
    seed: u64,
    /// τ of the thresholds.
    tau: f64,
}

/// The most games per depth a run may ask for.
const MAX_GAMES: u64 = 10_000;

/// Game `index` of the plan of run `config` (`{depths, games, seed, tau}`; games in (depth,
/// game) order, as the CLI plays and writes them): its record as the JSON line `pnplay
/// play2048 --out` writes.
#[wasm_bindgen(js_name = play2048Game)]
pub fn play_2048_game(config: JsValue, index: JsValue) -> Result<String, JsValue> {
    let run: Run = object(
        config,
        "config",
        "a play2048 run {depths, games, seed, tau}",
    )?;
    args::at_most("depths", run.depths.len() as u64, u64::from(MAX_DEPTH))?;
    args::at_most("games", u64::from(run.games), MAX_GAMES)?;
    play2048::check_run(&run.depths, run.games, run.tau)
        .map_err(|message| bad("config", message))?;
    let plan = play2048::plan(&run.depths, run.games, run.seed);
    let index = whole(&index, "index", 0, plan.len() as u64 - 1)? as usize;
    let (depth, seed) = plan[index];
    let record = play2048::play_game(
        &PlayConfig {
            depth,
            tau: run.tau,
        },
        seed,
    );
    serde_json::to_string(&record).map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// What `pnplay play2048` prints and plots from the records `records` (JSON Lines text, as
/// its `--out` writes them): `{games, table_5_1, table_5_2, plots}`, the two tables as the
/// CLI prints them (tab-separated lines, a header first) and the SCN plots (`[{name, plot,
/// svg}]`: the plot's title, axes and series for the page to draw, and the SVG `--plots`
/// writes of it).
#[wasm_bindgen(js_name = play2048Tables)]
pub fn play_2048_tables(records: JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct Plot {
        name: String,
        svg: String,
        plot: LinePlot,
    }
    let records: Vec<GameRecord> =
        json_lines(&text(&records, "records")?).map_err(|message| bad("records", message))?;
    to_js(&serde_json::json!({
        "games": records.len(),
        "table_5_1": table_5_1(&records),
        "table_5_2": table_5_2(&records),
        "plots": scn_plots(&records)
            .into_iter()
            .map(|(name, plot)| Plot {
                name,
                svg: plot.to_svg(),
                plot,
            })
            .collect::<Vec<_>>(),
    }))
}

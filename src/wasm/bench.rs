//! The benchmarks the page runs in the worker (the `pnplay bench` workloads of
//! [`crate::bench`]): perft, playouts, a search on random positions, and the `--compare` sets
//! with their table.

use wasm_bindgen::prelude::*;

use super::args::{flag, js_error, number, optional_text, text, whole};
use super::{MAX_WHOLE, parse_game, to_js};
use crate::error::Error;
use crate::search::catalogue;
use crate::search::params::Params;

/// Times perft to `depth` from the start of `game` (the same workload as `pnplay bench`).
#[wasm_bindgen(js_name = benchPerft)]
pub fn bench_perft(game: JsValue, depth: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let depth = whole(&depth, "depth", 0, 16)? as u32;
    to_js(&crate::bench::perft_time(&spec, depth).map_err(js_error)?)
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
        let (key, value) = crate::agent::key_value(option).map_err(js_error)?;
        params.set_text(key, value).map_err(js_error)?;
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
/// the native `--save` ([`crate::bench::sets_to_jsonl`]): the sets of the games this engine
/// module runs (the FFO set in the module that runs Othello). Seconds are wall clock
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
    let othello: crate::engine::GameSpec = "othello".parse().map_err(js_error)?;
    if let Some(text) = ffo.filter(|_| othello.runs_here()) {
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

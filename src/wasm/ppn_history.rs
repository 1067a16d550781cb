//! The PPNS paper's Figure 5 (the root's PPN over the iterations of PPNS, §4.2) rerun in the
//! page's worker for the Papers view: one position, PPNS without pr to the conclusion or the
//! node limit, then with pr = 1e-5 ([`crate::experiment::ppn_history::run`], what `pnplay
//! experiment ppn-history --pos` runs), so its record equals the CLI's for the same options
//! (seconds aside).

use wasm_bindgen::prelude::*;

use super::args::{self, js_error, text};
use super::{parse_game, parse_params, to_js};
use crate::error::Error;
use crate::experiment::ppn_history;

/// The most nodes a rerun in the page may ask for: a few seconds of PPNS in wasm is some
/// 10,000s; this bounds a call that no watchdog stops (it is a long call).
const MAX_NODES: u64 = 1_000_000;

/// Runs the PPN history of `pos` in `game` with `options` (schema keys: `theta`,
/// `playouts`, `seed`, and `nodes`, which is required) and returns its record.
#[wasm_bindgen(js_name = ppnHistory)]
pub fn ppn_history(game: JsValue, pos: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let pos = text(&pos, "pos")?;
    let params = parse_params(options)?;
    let limits = params.limits();
    let nodes = limits.max_nodes.ok_or_else(|| {
        js_error(Error::BadParameter {
            name: "nodes".into(),
            message: "a rerun in the page needs a node limit".into(),
        })
    })?;
    args::at_most("nodes", nodes, MAX_NODES)?;
    to_js(&ppn_history::run(&spec, &pos, &params, limits, None).map_err(js_error)?)
}

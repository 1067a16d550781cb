//! One search run to its end on a position, reported as `pnplay solve --json` reports it
//! ([`crate::engine::solve`]): the Papers view's rerun of the TCG slides' worked figures
//! (the GHI graph under df-pn's two table keys, PNS's loop on it).

use wasm_bindgen::prelude::*;

use super::args::{js_error, text};
use super::{parse_game, parse_params, to_js};

/// Search `algo` on position `pos` of `game` with the page's options `options` (parameter
/// keys, limits among them), run until it decides or a limit stops it: the report
/// `pnplay solve --game --pos --algo --json` prints for the same flags
/// ([`crate::engine::SolveReport`]).
#[wasm_bindgen]
pub fn solve(
    game: JsValue,
    pos: JsValue,
    algo: JsValue,
    options: JsValue,
) -> Result<JsValue, JsValue> {
    let spec = parse_game(&game)?;
    let pos = text(&pos, "pos")?;
    let algo = text(&algo, "algo")?;
    let params = parse_params(options)?;
    to_js(&crate::engine::solve(&spec, &pos, &algo, &params).map_err(js_error)?)
}

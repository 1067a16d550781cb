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

fn parse_game(name: &str) -> Result<crate::engine::GameSpec, JsError> {
    name.parse()
        .map_err(|e: crate::game::ParseError| JsError::new(&e.to_string()))
}

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

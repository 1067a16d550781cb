//! The only `#[wasm_bindgen]` code: a thin layer the Web Worker calls, one file per purpose.
//!
//! State that lives across calls stays on the Rust side, in a few handles the worker keeps: a
//! [`position::Position`] (a position read once from its text, from which everything about
//! it is asked), a [`search::Request`] (searches and options checked once on that position)
//! and a [`search::SearchSession`] (one running search, or an agent thinking about its move).
//! Answers cross to JavaScript as plain objects via serde-wasm-bindgen. Errors become
//! JavaScript `Error`s whose `message` is the line the CLI would print, with the crate error's
//! `kind` and `field` ([`crate::error::ErrorReport`]) set on them, so the page can mark the
//! field that is wrong. Every argument arrives as a `JsValue` and is read by [`args`], so a
//! wrong type or an absurd size is such an error too, never a trap.

mod arena;
mod args;
mod assets;
mod bench;
// Connect Four's and 2048's own exports, in the engine module that runs those games.
#[cfg(any(feature = "games-b", not(feature = "some-games")))]
mod connect4_book;
mod counts;
mod experiment2048;
mod faults;
#[cfg(any(feature = "games-b", not(feature = "some-games")))]
mod live2048;
#[cfg(any(feature = "games-b", not(feature = "some-games")))]
mod play2048;
mod position;
mod ppn_history;
mod results;
mod search;
mod solve;
mod stages;
mod support;
mod threads;
mod zeroed_pages;

use wasm_bindgen::prelude::*;

use self::args::{js_error, object, text};
use crate::engine::GameSpec;
use crate::error::Error;
use crate::search::params::Params;

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

/// JavaScript's largest exact whole number (2⁵³ − 1): seeds, indices and iteration counts.
const MAX_WHOLE: u64 = (1 << 53) - 1;
/// The longest a single call may be asked to run for, in seconds (a step's slice, a
/// benchmark's time).
const MAX_SECONDS: f64 = 1e9;

/// The page's options object (parameter keys of the schema; `undefined`: none).
fn options_object(options: JsValue) -> Result<serde_json::Map<String, serde_json::Value>, JsValue> {
    if args::missing(&options) {
        return Ok(serde_json::Map::new());
    }
    object(options, "options", "an object of parameters")
}

/// The page's options object as [`Params`].
fn parse_params(options: JsValue) -> Result<Params, JsValue> {
    Params::from_json(&options_object(options)?).map_err(js_error)
}

/// The engine's version and both catalogues (worker `hello`).
#[wasm_bindgen]
pub fn hello() -> Result<JsValue, JsValue> {
    to_js(&crate::engine::hello())
}

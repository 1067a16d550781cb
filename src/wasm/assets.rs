//! The data files the module does not carry ([`Asset`]: the Othello endgame solver's
//! pattern weights, 400 KB): before its first request about a game, the worker asks which
//! files the game needs that are not installed yet ([`assets_needed`]), fetches and unpacks
//! each from `www/data/NAME.gz`, and hands its bytes over once ([`load_asset`]). An installed
//! file lives in the module's memory, which a threaded engine's helper threads share.

use wasm_bindgen::prelude::*;

use super::args::{self, bad, text};
use super::parse_game;
use crate::game::family::Asset;

/// The names of the data files game `game` needs that are not installed yet.
#[wasm_bindgen(js_name = assetsNeeded)]
pub fn assets_needed(game: JsValue) -> Result<Vec<String>, JsValue> {
    Ok(parse_game(&game)?
        .assets()
        .iter()
        .filter(|asset| !(asset.installed)())
        .map(|asset| asset.name.to_string())
        .collect())
}

/// Installs data file `name` of game `game` from `bytes` (a `Uint8Array` of the unpacked
/// file); an error names the argument that is wrong.
#[wasm_bindgen(js_name = loadAsset)]
pub fn load_asset(game: JsValue, name: JsValue, bytes: JsValue) -> Result<(), JsValue> {
    let spec = parse_game(&game)?;
    let name = text(&name, "name")?;
    let asset: &Asset = spec
        .assets()
        .iter()
        .find(|asset| asset.name == name)
        .ok_or_else(|| bad("name", format!("name: {spec} reads no data file {name}")))?;
    let bytes = args::bytes(bytes, "bytes", asset.name)?;
    (asset.install)(&bytes).map_err(|e| bad("bytes", format!("bytes: {}: {e}", asset.name)))
}

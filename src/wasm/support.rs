//! The support matrix (issue 29, "defaults that cannot mislead"): for every game the page
//! lists, which searches can run it and, for those that cannot, why — built from the
//! catalogue's own support check ([`crate::search::catalogue::check_support`], the one every
//! start makes), so the page never offers a search that cannot run a game and takes its
//! defaults (the Arena's agents, the Search panel's choices) from it.

use std::collections::BTreeMap;

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::engine::GameSpec;
use crate::game::catalogue::FAMILIES;
use crate::search::catalogue::{SEARCHES, check_spec_support};

/// Search id → `null` (it can run the game) or the reason it cannot.
type Row = BTreeMap<&'static str, Option<String>>;

/// The row of `spec`: every search of the catalogue with its support check's answer.
fn row(spec: &GameSpec) -> Row {
    SEARCHES
        .iter()
        .map(|info| {
            let answer = check_spec_support(info, spec);
            (info.id, answer.err().map(|error| error.to_string()))
        })
        .collect()
}

/// The support matrix: for every game the page lists (by name), every search's answer
/// (`null`: supported; else the reason, as the error a start would give).
#[wasm_bindgen]
pub fn support() -> Result<JsValue, JsValue> {
    let matrix: BTreeMap<&'static str, Row> = FAMILIES
        .iter()
        .flat_map(|family| family.listed)
        .filter_map(|listed| Some((listed.name, row(&listed.name.parse().ok()?))))
        .collect();
    to_js(&matrix)
}

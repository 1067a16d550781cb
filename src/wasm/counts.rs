//! What the page's tests count (only with its test flag, as [`super::faults`]): how many
//! positions the worker's engine has read from text and how many requests it has checked,
//! so a test can show a share link's walk reads its position once and checks its request
//! once (docs: "The walk of a share link").

use wasm_bindgen::prelude::*;

use super::to_js;
use crate::game::any::AnyPosition;
use crate::search::catalogue::Checked;

/// `{positionsRead, requestsChecked}` since the engine was loaded.
#[wasm_bindgen(js_name = testCounts)]
pub fn test_counts() -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Counts {
        positions_read: u64,
        requests_checked: u64,
    }
    to_js(&Counts {
        positions_read: AnyPosition::reads(),
        requests_checked: Checked::count(),
    })
}

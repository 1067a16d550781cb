//! Faults the page's recovery tests force (issue 34: a worker that fails is replaced, with
//! the page's state and progress kept). The worker calls [`test_fault`] only for a page
//! opened with its test flag; each fault is the real thing, not an imitation: a wasm trap, a
//! Rust panic (through the panic hook), running out of wasm memory.

use wasm_bindgen::prelude::*;

use super::args::{bad, text};

/// The most wasm memory one allocation of the out-of-memory fault asks for.
const CHUNK_BYTES: usize = 256 << 20;

/// Forces fault `kind`: `trap` (an `unreachable` trap), `panic` (a Rust panic) or `oom`
/// (allocations until wasm memory runs out). Never returns for those; any other `kind` is an
/// error naming the argument.
#[wasm_bindgen(js_name = testFault)]
pub fn test_fault(kind: JsValue) -> Result<(), JsValue> {
    match text(&kind, "kind")?.as_str() {
        "trap" => std::process::abort(),
        "panic" => panic!("a panic forced by the page's test hook"),
        "oom" => loop {
            // Kept for good: the memory stays taken until an allocation fails.
            let _ = Vec::<u8>::with_capacity(CHUNK_BYTES).leak();
        },
        other => Err(bad(
            "kind",
            format!(
                "kind must be trap, panic or oom, got {}",
                crate::game::error::Elided(other)
            ),
        )),
    }
}

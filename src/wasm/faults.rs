//! Faults the page's recovery tests force (issue 34: a worker that fails is replaced, with
//! the page's state and progress kept). The worker calls [`test_fault`] only for a page
//! opened with its test flag; each fault is the real thing, not an imitation: a wasm trap, a
//! Rust panic (through the panic hook), running out of wasm memory, a panic on a pool thread
//! (a helper worker of the threaded page) while the call waits for it.

use wasm_bindgen::prelude::*;

use super::args::{bad, text};

/// The most wasm memory one allocation of the out-of-memory fault asks for.
const CHUNK_BYTES: usize = 256 << 20;

/// Forces fault `kind`: `trap` (an `unreachable` trap), `panic` (a Rust panic), `oom`
/// (allocations until wasm memory runs out) or `thread` (a panic on a thread of a pool of
/// two, which in the threaded page is a helper worker the worker started beforehand: the
/// helper dies and this call waits for it for ever). Never returns for those; any other
/// `kind` is an error naming the argument.
#[wasm_bindgen(js_name = testFault)]
pub fn test_fault(kind: JsValue) -> Result<(), JsValue> {
    match text(&kind, "kind")?.as_str() {
        "trap" => std::process::abort(),
        "panic" => panic!("a panic forced by the page's test hook"),
        "oom" => loop {
            // Kept for good: the memory stays taken until an allocation fails.
            let _ = Vec::<u8>::with_capacity(CHUNK_BYTES).leak();
        },
        "thread" => thread_fault(),
        other => Err(bad(
            "kind",
            format!(
                "kind must be trap, panic, oom or thread, got {}",
                crate::game::error::Elided(other)
            ),
        )),
    }
}

/// The `thread` fault: a panic on a thread of a pool of two (a helper worker).
#[cfg(target_feature = "atomics")]
fn thread_fault() -> Result<(), JsValue> {
    let pool = crate::core::threads::pool(2, 1 << 20)
        .ok_or_else(|| bad("kind", "thread: no threads can be started here"))?;
    pool.install(|| panic!("a panic on a pool thread forced by the page's test hook"));
    unreachable!("the pool thread's panic ends its helper before the call returns")
}

/// The `thread` fault in the package without threads: an error.
#[cfg(not(target_feature = "atomics"))]
fn thread_fault() -> Result<(), JsValue> {
    Err(bad(
        "kind",
        "thread: this engine has no threads (the threaded package has)",
    ))
}

//! The page's threads (issue 32): whether this package was built with them, how many the
//! game's own solver uses (`Position.exactScore`: the Othello endgame solver's young
//! brothers wait), and the life of a helper worker. The threaded package
//! (`pkg/threads/`, built with atomics and shared memory) runs only in a cross-origin
//! isolated page; the engine worker loads the plain one otherwise, where there is one
//! thread and nothing here starts any. The pools themselves are [`crate::core::threads`].

use wasm_bindgen::prelude::*;

use super::args;

/// The most threads the page may ask for (helper workers are Web Workers, each with the
/// engine's memory shared and a stack of its own).
const MAX_THREADS: u64 = 64;

/// Whether this package can run threads (it was built with atomics and shared memory).
#[wasm_bindgen(js_name = threadsBuilt)]
pub fn threads_built() -> bool {
    cfg!(target_feature = "atomics")
}

/// Sets the threads of the game's own solver (1 in the plain package, whatever is asked)
/// and returns them. The engine worker starts that many helper workers first, each in
/// [`thread_helper_run`], since a pool's threads can only be handed to running workers.
#[wasm_bindgen(js_name = setThreads)]
pub fn set_threads(threads: JsValue) -> Result<u32, JsValue> {
    let threads = args::whole(&threads, "threads", 1, MAX_THREADS)?;
    let threads = if threads_built() { threads as usize } else { 1 };
    #[cfg(target_feature = "atomics")]
    crate::core::threads::set_allowed(threads);
    Ok(threads as u32)
}

/// The threads the game's own solver uses.
pub(super) fn threads() -> usize {
    #[cfg(target_feature = "atomics")]
    return crate::core::threads::allowed();
    #[cfg(not(target_feature = "atomics"))]
    1
}

/// A pool of the threads set, at most `tasks` of them, for a call that searches `tasks`
/// things side by side (the engine worker has started their helpers); `None` for one thread.
#[cfg(target_feature = "atomics")]
#[cfg(any(feature = "games-b", not(feature = "some-games")))]
pub(super) fn pool(tasks: usize) -> Result<Option<rayon::ThreadPool>, JsValue> {
    let count = threads().min(tasks);
    if count < 2 {
        return Ok(None);
    }
    // The helper worker sets a thread's stack when it starts.
    crate::core::threads::pool(count, 0)
        .map(Some)
        .ok_or_else(|| args::bad("threads", format!("threads: {count} could not start")))
}

/// The plain package has one thread: no pool.
#[cfg(not(target_feature = "atomics"))]
#[cfg(any(feature = "games-b", not(feature = "some-games")))]
pub(super) fn pool(_tasks: usize) -> Result<Option<rayon::ThreadPool>, JsValue> {
    Ok(None)
}

/// The WebAssembly module and the shared memory a helper worker instantiates the package
/// with (`[module, memory]`), so that it runs in this engine's memory.
#[wasm_bindgen(js_name = threadShared)]
pub fn thread_shared() -> js_sys::Array {
    js_sys::Array::of2(&wasm_bindgen::module(), &wasm_bindgen::memory())
}

/// A helper worker's life ([`crate::core::threads::run_helper`]): runs the pools' threads
/// as they come and never returns. In the plain package it returns at once (there are no
/// pools to help).
#[wasm_bindgen(js_name = threadHelperRun)]
pub fn thread_helper_run() {
    #[cfg(target_feature = "atomics")]
    crate::core::threads::run_helper();
}

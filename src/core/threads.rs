//! The threads of the searches that run in parallel (the Othello endgame solver's *young
//! brothers wait*): a rayon pool of a given number of threads. Natively rayon starts them as
//! OS threads. In the page's threaded wasm (built with atomics and shared memory,
//! `scripts/build`) a thread is a Web Worker sharing the engine's memory: a worker cannot
//! start another and wait for it within one call, so the engine worker starts its helper
//! workers beforehand (`www/engine/thread-helper.js`), each of which waits in `run_helper`
//! (wasm only) for a thread of a pool to run; a pool built here hands its threads to them.

/// The threads a search may run on, once set ([`set_allowed`]); 0 until then.
static ALLOWED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Sets the threads the searches that run in parallel may use from now on (at least one):
/// the page's thread setting (`setThreads`), or a command's `--threads`.
pub fn set_allowed(threads: usize) {
    ALLOWED.store(threads.max(1), std::sync::atomic::Ordering::Relaxed);
}

/// The threads the searches that run in parallel may use: what [`set_allowed`] set, else
/// every core natively and one thread in wasm (where the engine worker must start a helper
/// for each before a call that uses them).
#[must_use]
pub fn allowed() -> usize {
    match ALLOWED.load(std::sync::atomic::Ordering::Relaxed) {
        0 if cfg!(target_arch = "wasm32") => 1,
        0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        threads => threads,
    }
}

/// The threads a pool may have now without waiting for a helper that never comes: natively
/// [`allowed`]; in wasm at most the helper workers running (`run_helper`), since a pool
/// thread runs only on one (a search that asks for more than the page started runs on fewer,
/// with the same answer).
#[must_use]
pub fn usable() -> usize {
    #[cfg(target_arch = "wasm32")]
    return allowed().min(HELPERS.load(std::sync::atomic::Ordering::Relaxed).max(1));
    #[cfg(not(target_arch = "wasm32"))]
    allowed()
}

/// The helper workers running (`run_helper`).
#[cfg(target_arch = "wasm32")]
static HELPERS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A pool of `threads` threads (at least one), each with a stack of `stack_bytes` where the
/// platform sets it (in wasm the helper worker's stack is set when it starts); `None` if
/// the threads cannot be started.
pub fn pool(threads: usize, stack_bytes: usize) -> Option<rayon::ThreadPool> {
    let builder = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .stack_size(stack_bytes);
    #[cfg(target_arch = "wasm32")]
    let builder = builder.spawn_handler(|thread| {
        helpers()
            .0
            .send(thread)
            .map_err(|_| std::io::Error::other("the helper threads' queue is closed"))
    });
    builder.build().ok()
}

/// The queue of pool threads waiting for a helper worker to run them.
#[cfg(target_arch = "wasm32")]
type Queue = (
    std::sync::mpsc::Sender<rayon::ThreadBuilder>,
    std::sync::Mutex<std::sync::mpsc::Receiver<rayon::ThreadBuilder>>,
);

#[cfg(target_arch = "wasm32")]
fn helpers() -> &'static Queue {
    static QUEUE: std::sync::OnceLock<Queue> = std::sync::OnceLock::new();
    QUEUE.get_or_init(|| {
        let (sender, receiver) = std::sync::mpsc::channel();
        (sender, std::sync::Mutex::new(receiver))
    })
}

/// A helper worker's life: runs the pool threads handed to it, one after another (a
/// thread ends when its pool is dropped), and never returns.
#[cfg(target_arch = "wasm32")]
pub fn run_helper() -> ! {
    HELPERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    loop {
        let next = helpers()
            .1
            .lock()
            .expect("no helper panics holding the queue")
            .recv();
        match next {
            Ok(thread) => thread.run(),
            // The sender lives in a static: the queue never closes.
            Err(_) => unreachable!("the helper threads' queue is never closed"),
        }
    }
}

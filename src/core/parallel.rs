//! Work spread over threads with its results passed on in order: [`run_ordered`], what an
//! experiment's jobs and an arena's games run on natively (wasm has no threads: the page runs
//! jobs in its own workers).

use super::error::Error;

/// Results a run holds back per thread, waiting for an earlier one to finish: bounds
/// the memory of [`run_ordered`] however slow one item is.
const WINDOW_PER_THREAD: usize = 16;

/// The stack of each thread: a native main thread's (8 MiB, the CLI's), not a spawned
/// thread's 2 MiB, since the recursive searches follow lines of up to
/// [`MAX_PLIES`](super::limits::MAX_PLIES) moves with a frame per move.
const STACK_BYTES: usize = 8 << 20;

/// What the threads of [`run_ordered`] share.
struct Ordered<R, E> {
    next_hand: usize,
    next_emit: usize,
    waiting: std::collections::BTreeMap<usize, Result<R, Error>>,
    failed: Option<Error>,
    emit: E,
}

/// Applies `work` to items `0..count` on `threads` threads (at least one) and passes each
/// result to `emit` in item order, as soon as every earlier one is passed, so nothing but
/// a bounded window of results is held. The first error (of `work` or of `emit`, in item
/// order) stops the run: no item is started after it, and it is returned. Native only:
/// wasm has no threads (the page runs jobs in its own workers).
///
/// ```
/// use pnplay::core::parallel::run_ordered;
/// let mut seen = Vec::new();
/// run_ordered(10, 3, |i| Ok(i * i), |i, square| {
///     seen.push((i, square));
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(seen, (0..10).map(|i| (i, i * i)).collect::<Vec<_>>());
/// ```
///
/// # Errors
/// The first error in item order.
pub fn run_ordered<R: Send>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> Result<R, Error> + Sync,
    emit: impl FnMut(usize, R) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    use std::sync::{Condvar, Mutex};

    let threads = threads.clamp(1, count.max(1));
    let window = threads * WINDOW_PER_THREAD;
    let shared = Mutex::new(Ordered {
        next_hand: 0,
        next_emit: 0,
        waiting: std::collections::BTreeMap::new(),
        failed: None,
        emit,
    });
    let turn = Condvar::new();
    let lock = || shared.lock().expect("no thread panics holding the lock");
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let thread = std::thread::Builder::new().stack_size(STACK_BYTES);
            // As `scope.spawn`, a thread the OS cannot start is a panic.
            thread
                .spawn_scoped(scope, || {
                    let mut state = lock();
                    loop {
                        if state.failed.is_some() || state.next_hand >= count {
                            break;
                        }
                        if state.next_hand >= state.next_emit + window {
                            state = turn.wait(state).expect("no thread panics holding the lock");
                            continue;
                        }
                        let i = state.next_hand;
                        state.next_hand += 1;
                        drop(state);
                        let result = work(i);
                        state = lock();
                        state.waiting.insert(i, result);
                        loop {
                            let at = state.next_emit;
                            let Some(result) = state.waiting.remove(&at) else {
                                break;
                            };
                            state.next_emit += 1;
                            if state.failed.is_none() {
                                let emitted = result.and_then(|r| (state.emit)(at, r));
                                state.failed = emitted.err();
                            }
                        }
                        turn.notify_all();
                    }
                })
                .expect("the OS starts a thread");
        }
    });
    let state = shared
        .into_inner()
        .expect("no thread panics holding the lock");
    state.failed.map_or(Ok(()), Err)
}

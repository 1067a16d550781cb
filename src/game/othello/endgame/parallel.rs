//! The endgame solver on several threads (native builds, and the page's threaded wasm
//! whose threads are helper workers: `crate::core::threads`): *young brothers wait*
//! (Feldmann, Monien, Mysliwietz & Vornberger 1989, the parallel alpha-beta of the strong
//! Othello programs). A null-window node with at least [`SPLIT_EMPTIES`] empty squares
//! searches its first [`ELDERS`] moves alone; if they do not cut off, its other moves are
//! searched at once on rayon's pool, every thread taking the next move in order, each with
//! the window the node had then, and nested nodes split the same way. The threads share the
//! transposition table (lockless slots, see `Table`).
//!
//! When one of the moves searched together cuts the node off, the others stop: each
//! worker carries the cut-off flags of every split node above it and looks at them every
//! [`POLL`] positions, as it adds its positions to the search's shared count (which the node
//! limit bounds; a worker may pass the limit by what it searches between two looks, up to
//! [`POLL`] positions plus one node's ordering searches).
//! A stopped worker's result is dropped and it stores nothing of the subtree it left
//! unfinished, so every answer is the serial search's; only the positions counted and the
//! move chosen among equal ones vary from run to run.

use super::{Candidate, INFINITY, Solver};
use crate::core::limits::Stop;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex};

/// Empty squares from which a node's younger moves are searched in parallel (below, a
/// subtree is too small to be worth a task).
pub(super) const SPLIT_EMPTIES: u32 = 14;

/// Moves a node searches alone before it splits. Measured on two threads (positions /
/// seconds; `results/othello-endgame/README.md`), from 12 and 14 empties:
///
/// | elders | FFO #45 outcome, from 12 | from 14 | 28-empty draw, "not a win", from 12 | from 14 |
/// |---|---|---|---|---|
/// | 1 | 97 M / 2.43 s | 97 M / 2.35 s | 2.66–2.68 G / 53.5–58.3 s | 2.65 G / 53.4 s |
/// | 2 | 87 M / 2.12 s | 87 M / 2.08 s | 2.92 G / 60.7 s | 2.92 G / 60.0 s |
///
/// (One thread: 81.5 M / 4.13 s and 1.85 G / 77 s.) One elder wins where it matters most,
/// the long proofs `--verify` runs.
pub(super) const ELDERS: usize = 1;

/// Positions a worker searches between two looks at the shared count and the flags.
const POLL: u64 = 1024;

/// Stack of each of the pool's threads (address space; the pages used are far fewer).
const STACK_BYTES: usize = 64 << 20;

/// A parallel search's state in one worker.
pub(super) struct Split {
    pool: Arc<rayon::ThreadPool>,
    /// The cut-off flags of the split nodes this worker searches under.
    aborts: Vec<Arc<AtomicBool>>,
    /// The positions of every worker of the search (each adds its own at each poll).
    total: Arc<AtomicU64>,
    /// This worker's positions already added to `total`.
    flushed: u64,
    /// The search's node limit, which `total` is held to.
    max_nodes: Option<u64>,
}

impl Split {
    /// The state of a search on `threads` threads (at least two), or `None` if the system
    /// cannot start them.
    pub(super) fn new(threads: usize) -> Option<Split> {
        // A thread waiting for its split's moves runs others' tasks on top of its own
        // search: room for several searches' stacks.
        let pool = crate::core::threads::pool(threads, STACK_BYTES)?;
        Some(Split {
            pool: Arc::new(pool),
            aborts: Vec::new(),
            total: Arc::default(),
            flushed: 0,
            max_nodes: None,
        })
    }

    /// Starts a search whose node limit is `max_nodes` (the shared count enforces it).
    pub(super) fn begin(&mut self, max_nodes: Option<u64>) {
        self.aborts.clear();
        self.total = Arc::default();
        self.flushed = 0;
        self.max_nodes = max_nodes;
    }

    /// Whether this worker, at `nodes` positions, has searched [`POLL`] since it last
    /// polled.
    #[inline]
    pub(super) const fn due(&self, nodes: u64) -> bool {
        nodes - self.flushed >= POLL
    }

    /// Adds this worker's new positions (`nodes` in all) to the shared count; [`Stop`] if
    /// the count has reached the node limit or a split node above has been cut off.
    pub(super) fn poll(&mut self, nodes: u64) -> Result<(), Stop> {
        let total = self.total.fetch_add(nodes - self.flushed, Relaxed) + nodes - self.flushed;
        self.flushed = nodes;
        if self.max_nodes.is_some_and(|max| total >= max)
            || self.aborts.iter().any(|cut| cut.load(Relaxed))
        {
            return Err(Stop);
        }
        Ok(())
    }

    /// The search's threads.
    pub(super) fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// The pool of the search's threads.
    pub(super) fn pool(&self) -> Arc<rayon::ThreadPool> {
        Arc::clone(&self.pool)
    }
}

impl Solver {
    /// A worker for the moves of a split node whose cut-off flag is `cut`: the same table,
    /// limits and clock, its own count.
    fn fork(&self, cut: &Arc<AtomicBool>) -> Solver {
        let split = self.split.as_ref().expect("only a parallel search forks");
        let mut aborts = split.aborts.clone();
        aborts.push(Arc::clone(cut));
        Solver {
            table: Arc::clone(&self.table),
            weights: self.weights,
            nodes: 0,
            limits: self.limits,
            clock: self.clock,
            split: Some(Split {
                pool: Arc::clone(&split.pool),
                aborts,
                total: Arc::clone(&split.total),
                flushed: 0,
                max_nodes: split.max_nodes,
            }),
            above: None,
        }
    }

    /// Searches the younger moves `list` of a node (`mover` to move against `other`, the
    /// window (`alpha`, `beta`) after its elder moves) all at once; their best value and
    /// square. [`Stop`] if a limit or a cut-off above stopped a move that mattered.
    pub(super) fn younger_in_parallel(
        &mut self,
        list: &mut [Candidate],
        mover: u64,
        other: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), Stop> {
        // Best first, so the pool starts on the likeliest cut-offs (stable: ties keep
        // the serial order).
        list.sort_by_key(|c| std::cmp::Reverse(c.order));
        let cut = Arc::new(AtomicBool::new(false));
        // Every thread takes the next move in order from one counter (a thief stealing the
        // back half of a split list would take the least likely cut-offs first).
        let next = AtomicUsize::new(0);
        let results: Vec<Mutex<(Result<i32, Stop>, u64)>> =
            list.iter().map(|_| Mutex::new((Err(Stop), 0))).collect();
        let this = &*self;
        let list = &*list;
        let drain = || {
            let mut worker = this.fork(&cut);
            loop {
                let i = next.fetch_add(1, Relaxed);
                if i >= list.len() || cut.load(Relaxed) {
                    break;
                }
                let before = worker.nodes;
                let value = worker.younger(list[i], mover, other, alpha, beta);
                if value.is_ok_and(|value| value >= beta) {
                    cut.store(true, Relaxed);
                }
                let stopped = value.is_err();
                let nodes = worker.nodes - before;
                *results[i].lock().expect("no worker panics holding it") = (value, nodes);
                if stopped {
                    break; // a limit or a cut-off above: the other moves would stop too
                }
            }
            let nodes = worker.nodes;
            if let Some(split) = &mut worker.split {
                let _ = split.poll(nodes); // its last positions join the shared count
            }
        };
        let threads = self.split.as_ref().map_or(1, Split::threads);
        let helpers = (threads - 1).min(list.len() - 1);
        rayon::scope(|scope| {
            for _ in 0..helpers {
                scope.spawn(|_| drain());
            }
            drain();
        });
        let cut = cut.load(Relaxed);
        let mut best = (-INFINITY, list[0].square);
        let mut stopped = false;
        let split = self.split.as_mut().expect("only a parallel search splits");
        for (candidate, result) in list.iter().zip(results) {
            let (value, nodes) = result.into_inner().expect("no worker panics holding it");
            // The workers' positions are this node's too, already in the shared count.
            self.nodes += nodes;
            split.flushed += nodes;
            match value {
                Ok(value) if value > best.0 => best = (value, candidate.square),
                Ok(_) => {}
                // Stopped by a limit or a cut-off above; by this node's own cut-off, the
                // cut-off answers for it.
                Err(Stop) => stopped |= !cut,
            }
        }
        if stopped { Err(Stop) } else { Ok(best) }
    }
}

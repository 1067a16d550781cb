//! Running an experiment's searches: one job at a time ([`run_job`], what the wasm page calls
//! from its workers), or any list of work on several threads ([`run_ordered`], native only).
//!
//! A [`Job`] is one search of one position with all its parameters, the playout seed
//! included, so its [`Record`] depends on nothing but the job: [`plan`] derives each
//! position's playout seed from the run's seed, the stage and the index ([`derive_seed`]),
//! never from the order jobs run in. [`run_ordered`] hands work to threads as they become
//! free and passes every result on in its item's order as soon as it can (so a records file
//! written from it grows in plan order), so the output order, and every field but
//! `seconds`, is the same for any number of threads.
//!
//! ```
//! use pnplay::experiment::{SearchSpec, Stage, runner::{plan, run_job}};
//! use pnplay::search::{Limits, catalogue::find, params::Params};
//!
//! let spec = "tictactoe".parse().unwrap();
//! let stages = vec![(Stage::Moves(2), vec!["15".to_string(), "19".to_string()])];
//! let jobs = plan(&stages, &[SearchSpec::plain(find("pns").unwrap())], &Params::default(), 1);
//! assert_eq!(jobs.len(), 2);
//! let record = run_job(&spec, &jobs[0], Limits::default()).unwrap();
//! assert_eq!(record.verdict.word(), "disproved"); // X cannot force a win after 1, 5
//! ```

use super::{Record, SearchSpec, Stage, derive_seed};
use crate::engine::GameSpec;
use crate::error::Error;
use crate::search::Limits;
use crate::search::catalogue::SearchInfo;
use crate::search::params::{PR, Params, THETA};

/// What [`derive_seed`] mixes in to make a playout seed, apart from position seeds.
const PLAYOUT_SEED_PURPOSE: u64 = 0x706c_6179_6f75_7473; // "playouts"

/// One search of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// The position's stage.
    pub stage: Stage,
    /// The position's index within its stage.
    pub index: usize,
    /// The position in the game's notation.
    pub pos: String,
    /// The search and its grid setting.
    pub search: SearchSpec,
    /// The parameters it runs with (the setting already applied, the seed included).
    pub params: Params,
}

impl Job {
    /// A job that runs `algo` on `pos` with `params`, overridden by `setting` if given.
    #[must_use]
    pub fn new(
        stage: Stage,
        index: usize,
        pos: &str,
        algo: &'static SearchInfo,
        params: Params,
        setting: Option<super::Setting>,
    ) -> Job {
        let search = SearchSpec { algo, setting };
        let params = match setting {
            Some(setting) => params
                .with(&THETA, Some(setting.theta))
                .with(&PR, setting.pr),
            None => params,
        };
        Job {
            stage,
            index,
            pos: pos.to_string(),
            search,
            params,
        }
    }
}

/// The jobs of an experiment: every position of every stage, each with every search, in
/// that order (stage, then position, then search). All searches of a position share its
/// playout seed `derive_seed(seed, [purpose, stage, index])`, so they see the same random
/// numbers; `params` gives everything else.
#[must_use]
pub fn plan(
    stages: &[(Stage, Vec<String>)],
    searches: &[SearchSpec],
    params: &Params,
    seed: u64,
) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (stage, positions) in stages {
        for (index, pos) in positions.iter().enumerate() {
            let playout_seed = derive_seed(
                seed,
                &[PLAYOUT_SEED_PURPOSE, stage.seed_key(), index as u64],
            );
            for search in searches {
                let params = params.clone().with_seed(playout_seed);
                jobs.push(Job::new(
                    stage.clone(),
                    index,
                    pos,
                    search.algo,
                    params,
                    search.setting,
                ));
            }
        }
    }
    jobs
}

/// The jobs of a stages experiment (SPEC.md §9): `positions` random positions after each
/// number of moves in `stages` (seeded by `seed`), each searched by every algorithm of
/// `algos` with `params`. The CLI's `experiment stages` and the page's stages view both plan
/// with this, so the same settings give the same jobs.
pub fn plan_stages(
    spec: &GameSpec,
    stages: &[u32],
    positions: usize,
    algos: &[&'static SearchInfo],
    params: &Params,
    seed: u64,
) -> Result<Vec<Job>, Error> {
    let stage_positions = stages
        .iter()
        .map(|&moves| {
            super::generate::random_positions(spec, moves, positions, seed)
                .map(|list| (Stage::Moves(moves), list))
                .map_err(|e| e.at(format!("stage {moves}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let searches: Vec<SearchSpec> = algos.iter().map(|&a| SearchSpec::plain(a)).collect();
    Ok(plan(&stage_positions, &searches, params, seed))
}

/// Runs one job to its verdict within `limits`. The record's `exact` and `wrong` are `null`
/// (see [`super::verify`]). An error if the position or the parameters are bad.
pub fn run_job(spec: &GameSpec, job: &Job, limits: Limits) -> Result<Record, Error> {
    let params = job.params.clone().with_limits(limits);
    let mut search = crate::engine::start(spec, &job.pos, job.search.algo.id, &params)
        .map_err(|e| e.at(format!("stage {} position {}", job.stage, job.index)))?;
    let verdict = search.run();
    let stats = search.stats();
    Ok(Record {
        stage: job.stage.clone(),
        index: job.index,
        pos: job.pos.clone(),
        algo: job.search.algo,
        setting: job.search.setting,
        verdict,
        iterations: stats.iterations,
        nodes: job.search.algo.nodes(&stats),
        playouts: stats.playouts,
        seconds: stats.seconds,
        peak_bytes: stats.peak_nodes * stats.bytes_per_node,
        root_value: search.root_value(),
        exact: None,
        wrong: None,
    })
}

/// Results a run holds back per thread, waiting for an earlier one to finish: bounds
/// the memory of [`run_ordered`] however slow one item is.
#[cfg(not(target_arch = "wasm32"))]
const WINDOW_PER_THREAD: usize = 16;

/// What the threads of [`run_ordered`] share.
#[cfg(not(target_arch = "wasm32"))]
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
/// use pnplay::experiment::runner::run_ordered;
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
#[cfg(not(target_arch = "wasm32"))]
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
            scope.spawn(|| {
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
            });
        }
    });
    let state = shared
        .into_inner()
        .expect("no thread panics holding the lock");
    state.failed.map_or(Ok(()), Err)
}

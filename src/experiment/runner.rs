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

#[cfg(not(target_arch = "wasm32"))]
pub use crate::core::parallel::run_ordered;

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
            let playout_seed = playout_seed(seed, stage, index);
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

/// The playout seed that [`plan`] gives every search of position `index` of `stage` in a
/// run seeded by `seed`: `derive_seed(seed, [purpose, stage, index])`. What a later
/// experiment on one position of a run (the PPN history) reruns it with.
#[must_use]
pub fn playout_seed(seed: u64, stage: &Stage, index: usize) -> u64 {
    derive_seed(
        seed,
        &[PLAYOUT_SEED_PURPOSE, stage.seed_key(), index as u64],
    )
}

/// The searches of a θ × pr grid (the PPNS paper's Connect Four study, Figure 6 and Table 1):
/// each search of `algos` that reads both θ and pr once per setting, θ of `thetas` by pr of
/// `prs` (`None`: pr off) in that order, and every other search once, plain.
#[must_use]
pub fn grid_searches(
    algos: &[&'static SearchInfo],
    thetas: &[f64],
    prs: &[Option<f64>],
) -> Vec<SearchSpec> {
    let mut searches = Vec::new();
    for &algo in algos {
        let reads = |key: &str| algo.params.iter().any(|p| p.key == key);
        if reads(THETA.key) && reads(PR.key) {
            for &theta in thetas {
                for &pr in prs {
                    searches.push(SearchSpec {
                        algo,
                        setting: Some(super::Setting { theta, pr }),
                    });
                }
            }
        } else {
            searches.push(SearchSpec::plain(algo));
        }
    }
    searches
}

/// The jobs of a stages experiment (SPEC.md §9): `positions` random positions after each
/// number of moves in `stages` (seeded by `seed`), each searched by every search of
/// `searches` with `params`. The CLI's `experiment stages` and `experiment connect4` (whose
/// searches are a [`grid_searches`] grid) and the page's stages view all plan with this, so
/// the same settings give the same jobs.
pub fn plan_stages(
    spec: &GameSpec,
    stages: &[u32],
    positions: usize,
    searches: &[SearchSpec],
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
    Ok(plan(&stage_positions, searches, params, seed))
}

/// The jobs of the 2×2 2048 experiment (the dissertation's Table 4.2): for each objective
/// tile of `objectives`, the openings of `game` with that objective (every opening if
/// `all_starts`, else the dissertation's with two 2-tiles; both readings share them, the
/// opening spawns being chance's in both) as stage `objective N`, each searched by every
/// search of `searches`; on the game `game:N`, or `game:N:or` when `or` (the player picks
/// the spawns after slides). `pnplay experiment 2048` and the page's Papers view both plan
/// with this, so the same settings give the same jobs.
///
/// # Errors
/// A game name that does not parse with an objective.
pub fn plan_2048(
    game: &str,
    objectives: &[u32],
    (all_starts, or): (bool, bool),
    searches: &[SearchSpec],
    params: &Params,
    seed: u64,
) -> Result<Vec<(GameSpec, Vec<Job>)>, Error> {
    objectives
        .iter()
        .map(|&objective| {
            let opening_spec: GameSpec = format!("{game}:{objective}").parse()?;
            let positions = super::generate::chance_openings(&opening_spec, !all_starts)?;
            let spec = if or {
                format!("{game}:{objective}:or").parse()?
            } else {
                opening_spec
            };
            let stage_positions = vec![(Stage::Named(format!("objective {objective}")), positions)];
            Ok((spec, plan(&stage_positions, searches, params, seed)))
        })
        .collect()
}

/// The node budget of each search of the 2048 experiment unless `--nodes` says otherwise.
pub const NODES_2048: u64 = 1_000_000;

/// The 2048 experiment's precision rate unless `--pr` says otherwise: the dissertation's.
pub const PR_2048: f64 = 1e-4;

/// The positions of a plan's jobs, in order: each as its jobs (one per search), which share
/// a stage and an index.
pub fn units(jobs: &[Job]) -> impl Iterator<Item = &[Job]> {
    jobs.chunk_by(|a, b| a.stage == b.stage && a.index == b.index)
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

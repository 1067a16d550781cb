//! Job-level df-pn (`dfpn-jobs`, `src/search/exact/jobs.rs`): its answers against Pons'
//! published Connect Four scores, and its promise that the threads and the steps change only
//! the time — the same verdict, root numbers, best move and positions searched on one thread
//! or two, in one step or in steps of 1,000 positions. (Its agreement with alpha-beta on
//! 2,000 random positions is in `agreement.rs`.)

use crate::common;

use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::{Game, Player, Turn};
use pnplay::search::exact::jobs::{JobDfPn, JobsConfig};
use pnplay::search::{Goal, Limits, Question, Verdict};

/// The positions of `c4_public.txt` with `plies` moves and their scores for the side to move.
fn published(plies: usize) -> Vec<(Connect4, i32)> {
    common::c4_public(plies)
        .into_iter()
        .map(|(moves, score)| {
            let pos = Connect4::parse_position(&Dims::default(), &moves).unwrap();
            (pos, score)
        })
        .collect()
}

fn to_move(pos: &Connect4) -> Player {
    let Turn::Player(player) = pos.turn() else {
        panic!("{}: not a player's turn", pos.format_position());
    };
    player
}

/// Everything a run shows: verdict, positions searched, root numbers, best move.
fn outcome(search: &JobDfPn<Connect4>) -> (Verdict, u64, (u32, u32), Option<u8>) {
    (
        search.verdict(),
        search.stats().nodes_expanded,
        search.root_numbers().pair(),
        search.best_move(),
    )
}

#[test]
fn dfpn_jobs_answers_pons_scores_on_two_threads() {
    // 20 of the 18-ply positions: a win for the side to move iff its score is positive, not a
    // loss iff it is at least 0.
    for (pos, score) in published(18).into_iter().take(20) {
        for goal in [Goal::Win, Goal::NotLose] {
            let question = Question {
                root_player: to_move(&pos),
                goal,
            };
            let config = JobsConfig {
                threads: 2,
                ..JobsConfig::default()
            };
            let mut search = JobDfPn::new(&pos, question, config);
            let verdict = search.step(&Limits::default());
            let holds = match goal {
                Goal::Win => score > 0,
                Goal::NotLose => score >= 0,
            };
            let expected = if holds {
                Verdict::Proved
            } else {
                Verdict::Disproved
            };
            assert_eq!(
                verdict,
                expected,
                "{} (score {score}) {goal:?}",
                pos.format_position()
            );
        }
    }
}

#[test]
fn threads_and_steps_change_only_the_time() {
    // 10-ply positions: millions of positions each, so the rounds run many times and the jobs
    // of a round overlap on two threads; 300,000 positions keep each child's 16 MiB table far
    // from full (df-pn's steps search as one run does while its table does not have to
    // replace what a stopped step stored on its way out).
    let positions: Vec<Connect4> = published(10)
        .into_iter()
        .map(|(pos, _)| pos)
        .take(10)
        .collect();
    let mut big = 0;
    for pos in &positions {
        for goal in [Goal::Win, Goal::NotLose] {
            let question = Question {
                root_player: to_move(pos),
                goal,
            };
            let config = |jobs, threads| JobsConfig {
                jobs,
                threads,
                table_bytes: 7 * (16 << 20),
            };
            let limits = Limits {
                max_nodes: Some(300_000),
                ..Limits::default()
            };
            for jobs in [2, 3] {
                let mut one = JobDfPn::new(pos, question, config(jobs, 1));
                one.step(&limits);
                let mut two = JobDfPn::new(pos, question, config(jobs, 2));
                two.step(&limits);
                let mut stepped = JobDfPn::new(pos, question, config(jobs, 2));
                let steps = Limits {
                    max_nodes: Some(1_000),
                    ..Limits::default()
                };
                let mut searched = 0;
                while stepped.verdict() == Verdict::Out && searched < 300_000 {
                    stepped.step(&steps);
                    searched += 1_000;
                }
                let name = format!("{} {goal:?} jobs {jobs}", pos.format_position());
                assert_eq!(outcome(&two), outcome(&one), "{name}: two threads");
                assert_eq!(outcome(&stepped), outcome(&one), "{name}: in steps");
                big += usize::from(outcome(&one).1 > 100_000);
            }
        }
    }
    assert!(
        big >= 8,
        "only {big} of 40 runs searched more than 100,000 positions"
    );
}

#[test]
fn a_session_says_the_threads_it_runs_on() {
    use pnplay::search::{catalogue, params::Params};
    // What the page starts helper workers for: dfpn-jobs its jobs (within the threads the
    // engine may use), every other search one.
    let (pos, _) = published(18).remove(0);
    let params = Params::default();
    let jobs = catalogue::start("dfpn-jobs", pos.clone(), &params).unwrap();
    assert_eq!(jobs.threads(), 2.min(pnplay::core::threads::allowed()));
    let dfpn = catalogue::start("dfpn", pos, &params).unwrap();
    assert_eq!(dfpn.threads(), 1);
}

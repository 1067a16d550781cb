//! The exact score of every legal move of a Connect Four position (issue 32), as Pons'
//! site gives it: the [`Book`] where it holds the child, the child's end where the move
//! wins at once, else the game's solver on the child, each within the limits given.
//!
//! The children the solver searches are independent searches, so on a pool of threads they
//! run side by side, one solver (and so one table) per thread, each taking the next child as
//! it finishes one, centre columns first (they tend to take longest). The scores are the
//! same on any number of threads; the positions counted for a child depend on which children
//! its thread's table searched before.
//!
//! ```
//! use pnplay::game::Game;
//! use pnplay::game::connect4::{Connect4, Dims, every_move::every_move, solver::ConnectFourSolver};
//! use pnplay::search::Limits;
//! // Red (to move) has 4, 5 and 6 on the bottom row.
//! let pos = Connect4::parse_position(&Dims::default(), "445566").unwrap();
//! let mut solvers = vec![ConnectFourSolver::new(pos.dims())];
//! let moves = every_move(&pos, None, &mut solvers, None, &Limits::default());
//! // Red wins at once with 3 or 7: 42 + 2 − 7 stones, halved.
//! assert_eq!(moves[2].score, Some(18));
//! assert_eq!(moves[6].score, Some(18));
//! ```

use serde::Serialize;

use super::Connect4;
use super::book::Book;
use super::solver::ConnectFourSolver;
use crate::core::clock::Clock;
use crate::core::limits::Limits;
use crate::game::knowledge::ExactSolver;
use crate::game::{Game, MoveList};

/// Where a move's score came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The move ends the game (four in a row, or the last cell).
    End,
    /// The book holds the position after it.
    Book,
    /// The solver searched the position after it.
    Solver,
}

/// One legal move's answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveScore {
    /// The column, 0-based.
    pub col: u8,
    /// The exact score for the side to move if it plays `col`, or `None` when the solver
    /// reached a limit first.
    pub score: Option<i32>,
    /// Where it came from.
    pub source: Source,
    /// Positions the solver searched for it (0 from the book or the rules).
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
}

/// The answer for every legal move of `pos`, columns in order (none when the game is over):
/// from `book` where it holds the child, else by a solver within `limits` per move. With a
/// `pool` of two threads or more, the children to search are dealt to as many of its threads
/// as there are children, each with its own solver from `solvers` (grown to that number) and
/// an equal share of the memory limit; else `solvers[0]` searches them in turn.
///
/// # Panics
/// If `solvers` is empty.
pub fn every_move(
    pos: &Connect4,
    book: Option<&Book>,
    solvers: &mut Vec<ConnectFourSolver>,
    pool: Option<&rayon::ThreadPool>,
    limits: &Limits,
) -> Vec<MoveScore> {
    let (mut answers, pending) = split(pos, book);
    let searched: Vec<(usize, MoveScore)> = match pool {
        // The plain wasm has no threads: its pool is always `None`.
        #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
        Some(pool) if pool.current_num_threads() > 1 && pending.len() > 1 => {
            side_by_side(pool, solvers, pending, pos, limits)
        }
        _ => {
            let solver = solvers.first_mut().expect("every_move is given a solver");
            pending
                .into_iter()
                .map(|(index, col, child)| (index, search(solver, col, &child, limits)))
                .collect()
        }
    };
    for (index, answer) in searched {
        answers[index] = Some(answer);
    }
    answers
        .into_iter()
        .map(|answer| answer.expect("every move is answered"))
        .collect()
}

/// The columns of `pos` the solver must search (neither ending the game nor in `book`): how
/// many threads [`every_move`] can use, which the page's worker starts before it asks.
#[must_use]
pub fn columns_to_search(pos: &Connect4, book: Option<&Book>) -> usize {
    split(pos, book).1.len()
}

/// A move left to the solver: its index among the legal moves, its column, the child.
type Pending = (usize, u8, Connect4);

/// Every legal move of `pos` in column order: its answer where the rules or `book` give it,
/// and the moves left to search.
fn split(pos: &Connect4, book: Option<&Book>) -> (Vec<Option<MoveScore>>, Vec<Pending>) {
    let mut moves = MoveList::<Connect4>::new();
    pos.legal_moves(&mut moves);
    let mut answers = Vec::with_capacity(moves.len());
    let mut pending = Vec::new();
    for &col in &moves {
        let mut child = pos.clone();
        child.play(col);
        let known = if let Some(end) = child.terminal_value(pos.to_move()) {
            Some((end, Source::End))
        } else {
            book.and_then(|book| book.score(&child))
                .map(|score| (-score, Source::Book))
        };
        answers.push(known.map(|(score, source)| MoveScore {
            col,
            score: Some(score),
            source,
            nodes: 0,
            seconds: 0.0,
        }));
        if known.is_none() {
            pending.push((answers.len() - 1, col, child));
        }
    }
    (answers, pending)
}

/// The answers for `pending` (`(index, column, child)` of `pos`), searched side by side on
/// as many of `pool`'s threads as there are children, one solver each from `solvers` (grown to
/// that number) with an equal share of the memory limit, each thread taking the next child as
/// it finishes one, centre columns first (the longest searches start first); with their
/// indices, in the order they finished.
#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
fn side_by_side(
    pool: &rayon::ThreadPool,
    solvers: &mut Vec<ConnectFourSolver>,
    mut pending: Vec<Pending>,
    pos: &Connect4,
    limits: &Limits,
) -> Vec<(usize, MoveScore)> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    let threads = pool.current_num_threads().min(pending.len());
    let centre = i32::from(pos.dims().width - 1);
    pending.sort_by_key(|&(_, col, _)| (2 * i32::from(col) - centre).abs());
    while solvers.len() < threads {
        solvers.push(ConnectFourSolver::new(pos.dims()));
    }
    let share = Limits {
        max_bytes: limits.max_bytes.map(|bytes| bytes / threads as u64),
        ..*limits
    };
    let next = AtomicUsize::new(0);
    let found = Mutex::new(Vec::with_capacity(pending.len()));
    pool.scope(|scope| {
        for solver in &mut solvers[..threads] {
            let (next, found, pending, share) = (&next, &found, &pending, &share);
            scope.spawn(move |_| {
                while let Some((index, col, child)) = pending.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let answer = search(solver, *col, child, share);
                    found
                        .lock()
                        .expect("no thread panics holding the answers")
                        .push((*index, answer));
                }
            });
        }
    });
    found
        .into_inner()
        .expect("no thread panicked holding the answers")
}

/// The solver's answer for the move `col` to `child`, from the mover's view.
fn search(solver: &mut ConnectFourSolver, col: u8, child: &Connect4, limits: &Limits) -> MoveScore {
    let clock = Clock::start();
    let score = solver.score(child, limits).map(|found| -found.value);
    MoveScore {
        col,
        score,
        source: Source::Solver,
        nodes: solver.nodes(),
        seconds: clock.seconds(),
    }
}

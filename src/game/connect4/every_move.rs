//! The exact score of every legal move of a Connect Four position (issue 32), as Pons'
//! site gives it: the [`Book`] where it holds the child, the child's end where the move
//! wins at once, else the game's solver on the child, one solver (and so one table) for all
//! the children, each within the limits given.
//!
//! ```
//! use pnplay::game::Game;
//! use pnplay::game::connect4::{Connect4, Dims, every_move::every_move, solver::ConnectFourSolver};
//! use pnplay::search::Limits;
//! // Red (to move) has 4, 5 and 6 on the bottom row.
//! let pos = Connect4::parse_position(&Dims::default(), "445566").unwrap();
//! let mut solver = ConnectFourSolver::new(pos.dims());
//! let moves = every_move(&pos, None, &mut solver, &Limits::default());
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
/// from `book` where it holds the child, else by `solver` within `limits` per move.
pub fn every_move(
    pos: &Connect4,
    book: Option<&Book>,
    solver: &mut ConnectFourSolver,
    limits: &Limits,
) -> Vec<MoveScore> {
    let mut moves = MoveList::<Connect4>::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&col| {
            let clock = Clock::start();
            let mut child = pos.clone();
            child.play(col);
            let (score, source, nodes) = if let Some(end) = child.terminal_value(pos.to_move()) {
                (Some(end), Source::End, 0)
            } else if let Some(score) = book.and_then(|book| book.score(&child)) {
                (Some(-score), Source::Book, 0)
            } else {
                let found = solver.score(&child, limits).map(|found| -found.value);
                (found, Source::Solver, solver.nodes())
            };
            MoveScore {
                col,
                score,
                source,
                nodes,
                seconds: clock.seconds(),
            }
        })
        .collect()
}

//! Connect Four knowledge for the exact searches: Pascal Pons' threat ordering and score
//! bounds (his solver's `compute_winning_position` and the bounds from stones played). Only
//! speeds searches up; answers are checked against Pons' published scores.

use super::Connect4;
use super::geometry::Geometry;
use crate::game::Game;
use crate::game::knowledge::{ExactSolver, Knowledge, MoveOrdering};

impl Knowledge for Connect4 {
    type Ordering = ConnectFourOrdering;

    /// Pons' score: a win needs at least 7 stones, so it scores at most `(W·H + 2 − 7) / 2`.
    fn score_range(&self) -> Option<(i32, i32)> {
        let best = (self.dims().cells() as i32 - 5).max(0) / 2;
        Some((-best, best))
    }

    /// Pons' solver ([`super::solver`]), for `pnplay score` and the stages verification.
    fn exact_solver(&self) -> Option<Box<dyn ExactSolver<Self>>> {
        Some(Box::new(super::solver::ConnectFourSolver::new(self.dims())))
    }
}

/// Connect Four knowledge from Pascal Pons' solver: bounds from the number of stones
/// played (a side that cannot win with its next stone scores less; a side that cannot
/// stop the opponent's next stone loses at once), and moves ordered by the threats they
/// create (cells where one more stone makes four), centre columns first on ties; a move
/// that wins at once comes first, a move that lets the opponent win at once comes last.
///
/// The bitboards are read from the position's key, `current + mask + bottom` (see
/// [`crate::game::connect4`]): in each column the highest set bit of the key marks the first
/// empty cell, the bits below it are the mover's stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConnectFourOrdering;

/// Pons' bitboards of a Connect Four position, with its geometry.
#[derive(Clone, Copy, Debug)]
struct FourBoards {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    geometry: Geometry,
}

impl FourBoards {
    fn of(pos: &Connect4) -> FourBoards {
        let geometry = Geometry::of(pos.dims());
        let height = geometry.height;
        let column = u64::MAX >> (64 - (height + 1));
        let key = pos.key();
        let mut markers = 0;
        for c in 0..geometry.width {
            let shift = c * (height + 1);
            let bits = (key >> shift) & column;
            markers |= (1u64 << (63 - bits.leading_zeros())) << shift;
        }
        FourBoards {
            current: key - markers,
            mask: markers - geometry.bottom,
            geometry,
        }
    }

    /// The empty cells where a stone would complete four for the owner of `stones`.
    fn winning_cells(&self, stones: u64) -> u64 {
        self.geometry.winning_cells(stones, self.mask)
    }

    /// The cells where a stone can be dropped now.
    fn playable(&self) -> u64 {
        self.geometry.playable(self.mask)
    }

    /// The playable cell of column `col` (0 if the column is full).
    fn drop_cell(&self, col: u8) -> u64 {
        self.playable() & self.geometry.column_cells(u32::from(col))
    }

    /// The moves that do not let the opponent win with its next stone.
    fn non_losing(&self) -> u64 {
        self.geometry.non_losing(self.current, self.mask)
    }
}

impl MoveOrdering<Connect4> for ConnectFourOrdering {
    fn score_moves(&mut self, pos: &Connect4, moves: &[u8], scores: &mut [i32]) {
        let boards = FourBoards::of(pos);
        let wins = boards.winning_cells(boards.current) & boards.playable();
        let safe = boards.non_losing();
        let width = boards.geometry.width as i32;
        for (score, &col) in scores.iter_mut().zip(moves) {
            let cell = boards.drop_cell(col);
            let centrality = width - (2 * i32::from(col) - (width - 1)).abs();
            *score = if cell & wins != 0 {
                1 << 20
            } else if cell & safe == 0 {
                -(1 << 20) + centrality
            } else {
                let threats = boards.winning_cells(boards.current | cell).count_ones() as i32;
                threats * 64 + centrality
            };
        }
    }

    fn value_bounds(&self, pos: &Connect4) -> Option<(i32, i32)> {
        let boards = FourBoards::of(pos);
        let cells = pos.dims().cells() as i32;
        let stones = pos.stones() as i32;
        if boards.winning_cells(boards.current) & boards.playable() != 0 {
            let win_now = (cells + 1 - stones) / 2;
            return Some((win_now, win_now));
        }
        let high = (cells - 1 - stones) / 2;
        if boards.non_losing() == 0 {
            let lose_next = -(cells - stones) / 2;
            return Some((lose_next, lose_next));
        }
        Some((-(cells - 2 - stones) / 2, high))
    }
}

//! The geometry of a Connect Four board in Pascal Pons' bit layout (see
//! [`crate::game::connect4`]) and the threat computations over it (his solver's
//! `compute_winning_position` and "anticipate losing moves"), shared by the move ordering
//! ([`super::ordering`]) and the solver ([`super::solver`]).

use super::Dims;

/// The geometry of a board in Pons' bit layout (see [`crate::game::connect4`]): what the
/// threat computations need besides the stones.
#[derive(Clone, Copy, Debug)]
pub(super) struct Geometry {
    /// The cells of the board (no sentinel bits).
    pub(super) board: u64,
    /// The bottom cell of each column.
    pub(super) bottom: u64,
    pub(super) height: u32,
    pub(super) width: u32,
}

/// `bits << n`, or 0 when the shift is 64 or more.
#[inline(always)]
const fn up(bits: u64, n: u32) -> u64 {
    if n < 64 { bits << n } else { 0 }
}

/// `bits >> n`, or 0 when the shift is 64 or more.
#[inline(always)]
const fn down(bits: u64, n: u32) -> u64 {
    if n < 64 { bits >> n } else { 0 }
}

impl Geometry {
    pub(super) const fn of(dims: Dims) -> Geometry {
        let (width, height) = (dims.width as u32, dims.height as u32);
        let column = u64::MAX >> (64 - height);
        let (mut bottom, mut board) = (0, 0);
        let mut c = 0;
        while c < width {
            bottom |= 1u64 << (c * (height + 1));
            board |= column << (c * (height + 1));
            c += 1;
        }
        Geometry {
            board,
            bottom,
            height,
            width,
        }
    }

    /// The empty cells (not in `mask`) where a stone would complete four for the owner of
    /// `stones` (Pons' `compute_winning_position`): three in a line with the cell, in any
    /// of the four directions. The empty sentinel bit on top of each column stops every
    /// run from wrapping into the next column.
    #[inline(always)]
    pub(super) fn winning_cells(&self, stones: u64, mask: u64) -> u64 {
        let h = self.height;
        // Vertical: three stones right below.
        let mut cells = up(stones, 1) & up(stones, 2) & up(stones, 3);
        // Horizontal (step h + 1) and the two diagonals (steps h and h + 2).
        for step in [h + 1, h, h + 2] {
            let pair = up(stones, step) & up(stones, 2 * step);
            cells |= pair & up(stones, 3 * step);
            cells |= pair & down(stones, step);
            let pair = down(stones, step) & down(stones, 2 * step);
            cells |= pair & up(stones, step);
            cells |= pair & down(stones, 3 * step);
        }
        cells & self.board & !mask
    }

    /// The cells of column `col`.
    #[inline(always)]
    pub(super) fn column_cells(&self, col: u32) -> u64 {
        (u64::MAX >> (64 - self.height)) << (col * (self.height + 1))
    }

    /// The cells where a stone can be dropped on a board whose stones are `mask`.
    #[inline(always)]
    pub(super) fn playable(&self, mask: u64) -> u64 {
        (mask + self.bottom) & self.board
    }

    /// The moves for the side to move (stones `current`, all stones `mask`) that do not let
    /// the opponent win with its next stone (Pons' "anticipate losing moves"): the block
    /// if the opponent threatens once, none if twice, and never the cell right below an
    /// opponent's winning cell.
    #[inline(always)]
    pub(super) fn non_losing(&self, current: u64, mask: u64) -> u64 {
        let playable = self.playable(mask);
        let opponent_wins = self.winning_cells(current ^ mask, mask);
        let forced = playable & opponent_wins;
        let candidates = match forced.count_ones() {
            0 => playable,
            1 => forced,
            _ => return 0,
        };
        candidates & !(opponent_wins >> 1)
    }
}

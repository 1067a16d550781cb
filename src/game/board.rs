//! What a position looks like as a grid, for views: which piece or tile is on each cell and
//! which cell a move is drawn on. Rules stay in the game modules; this only reads them, so
//! the page can draw any game without knowing its rules.

use super::Game;

/// A game whose positions can be drawn as a grid of `rows × cols` cells, numbered row-major
/// from the top left.
///
/// ```
/// use pnplay::game::{Game, board::Board, tictactoe::TicTacToe};
/// let pos = TicTacToe::parse_position(&(), "59").unwrap();
/// assert_eq!((pos.rows(), pos.cols()), (3, 3));
/// assert_eq!(pos.cell(4), 1); // the first player's X in the centre
/// assert_eq!(pos.cell(8), 2);
/// assert_eq!(pos.move_cell(pos.parse_move("1").unwrap()), Some(0));
/// ```
pub trait Board: Game {
    /// Number of rows.
    fn rows(&self) -> usize;
    /// Number of columns.
    fn cols(&self) -> usize;
    /// What is on a cell: 0 empty, 1 the first player's piece, 2 the second player's; for
    /// 2048 the tile's value.
    fn cell(&self, index: usize) -> u32;
    /// The cell a move is drawn on (where a disc lands, where a tile spawns), or `None` for
    /// moves that have no cell (a pass, a 2048 slide).
    fn move_cell(&self, mv: Self::Move) -> Option<usize>;

    /// Edit mode: this position with cell `index` set to the next content in the game's
    /// cycle (Othello: empty → black → white → empty; 2048: empty → 2 → 4 → … → empty).
    /// `None` where positions are move lists (tic-tac-toe, Connect Four) and cannot be
    /// edited cell by cell, or where the result would break the rules.
    fn cycle_cell(&self, index: usize) -> Option<Self> {
        let _ = index;
        None
    }

    /// Edit mode: this position with the other side (or, in 2048, the other of player and
    /// chance) to act; `None` where that is not possible.
    fn toggle_turn(&self) -> Option<Self> {
        None
    }
}

/// Replaces character `index` of `text` by the one after it in `cycle` (wrapping around);
/// `None` if `index` is out of range or holds a character not in `cycle`. For games whose
/// position text spells out the cells one character each.
pub(crate) fn cycle_char(text: &str, index: usize, cycle: &[char]) -> Option<String> {
    let mut chars: Vec<char> = text.chars().collect();
    let current = *chars.get(index)?;
    let at = cycle.iter().position(|&c| c == current)?;
    chars[index] = cycle[(at + 1) % cycle.len()];
    Some(chars.into_iter().collect())
}

//! Game knowledge for the exact searches: move ordering and bounds on exact values.
//!
//! The searches themselves ([`crate::search::alphabeta`]) are generic over
//! [`crate::game::Game`] and know nothing about any game. What one game's expert knows —
//! which moves to try first, what the best and worst possible score from here is — enters
//! through the small [`MoveOrdering`] trait, whose default methods know nothing: the
//! [`NoOrdering`] implementation searches moves in the game's own order with no bounds. Such
//! knowledge only ever changes how fast a search is, never its answer (the tests check that
//! reversing the order gives the same values).
//!
//! ```
//! use pnplay::game::{Game, MoveList, tictactoe::TicTacToe};
//! use pnplay::search::ordering::{MoveOrdering, NoOrdering};
//! let pos = TicTacToe::start(&());
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! let mut scores = [0; 9];
//! NoOrdering.score_moves(&pos, &moves, &mut scores);
//! assert_eq!(scores, [0; 9]); // no opinion: the game's order is kept
//! ```

use crate::game::Game;

/// Game knowledge that speeds up an exact search without changing its result.
pub trait MoveOrdering<G: Game> {
    /// Gives each of `moves` (the legal moves of `pos`, a player's turn, in the game's order)
    /// a score in `scores` (same length, all zero on entry): higher scores are searched
    /// first, equal scores in the game's order. The default leaves every score at zero.
    fn score_moves(&mut self, pos: &G, moves: &[G::Move], scores: &mut [i32]) {
        let _ = (pos, moves, scores);
    }

    /// Bounds `(low, high)` on the exact value ([`Game::terminal_value`] units) of `pos`, a
    /// player's turn, from the view of the player to move. They must hold; tighter bounds
    /// prune more. The default knows none.
    fn value_bounds(&self, pos: &G) -> Option<(i32, i32)> {
        let _ = pos;
        None
    }
}

/// No knowledge: the game's own move order and no bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoOrdering;

impl<G: Game> MoveOrdering<G> for NoOrdering {}

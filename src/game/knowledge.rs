//! What one game's expert knows, behind traits the searches use: move ordering and bounds
//! on exact values for the exact searches (and, later, evaluators for the players).
//!
//! The searches ([`crate::search`]) are generic over [`crate::game::Game`] and import no
//! concrete game. Each game declares its knowledge beside its rules by implementing
//! [`Knowledge`] (in its own module); the default methods of [`MoveOrdering`] know nothing,
//! and [`NoOrdering`] searches moves in the game's own order with no bounds. Such knowledge
//! only ever changes how fast a search is, never its answer (the tests check that reversing
//! the order gives the same values, and the game orderings are checked against published
//! exact scores).
//!
//! ```
//! use pnplay::game::{Game, MoveList, tictactoe::TicTacToe};
//! use pnplay::game::knowledge::{MoveOrdering, NoOrdering};
//! let pos = TicTacToe::start(&());
//! let mut moves = MoveList::<TicTacToe>::default();
//! pos.legal_moves(&mut moves);
//! let mut scores = [0; 9];
//! NoOrdering.score_moves(&pos, &moves, &mut scores);
//! assert_eq!(scores, [0; 9]); // no opinion: the game's order is kept
//! ```

use super::Game;

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

/// What a game knows beyond its rules, declared in the game's own module: for now the
/// best [`MoveOrdering`] of the game, chosen by its type.
///
/// ```
/// use pnplay::game::{Game, connect4::{Connect4, Dims}};
/// use pnplay::search::Limits;
/// use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
/// // The first player has three in the bottom row and wins with its 4th stone: 18.
/// let pos = Connect4::parse_position(&Dims::default(), "445566").unwrap();
/// let mut search = AlphaBeta::<Connect4, _>::with_knowledge(AlphaBetaConfig::default());
/// let score = search.score(&pos, &Limits::default()).unwrap();
/// assert_eq!(score.value, 18);
/// assert!(["3", "7"].contains(&pos.format_move(score.best_move.unwrap()).as_str()));
/// ```
pub trait Knowledge: Game {
    /// The move ordering (and bounds) the exact searches use.
    type Ordering: MoveOrdering<Self> + Default + Send;
}

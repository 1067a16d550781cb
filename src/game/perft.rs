//! Move-generator checks: counting paths and positions of the game tree.
//!
//! These counts are compared with published values in the tests (Othello perft, Connect Four
//! positions per ply, tic-tac-toe games and states), which catches almost any rules bug.
//! Chance moves count as moves like any other.
//!
//! ```
//! use pnplay::game::{Game, perft, tictactoe::TicTacToe};
//! let start = TicTacToe::start(&());
//! assert_eq!(perft::perft(&start, 2), 72);
//! assert_eq!(perft::complete_games(&start), 255_168);
//! assert_eq!(perft::reachable_positions(&start), 5_478);
//! ```

use std::collections::HashSet;

use super::{Game, MoveList};

/// The number of move sequences of exactly `depth` moves from `pos` (a finished game before
/// `depth` contributes nothing; passes are moves).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::<G>::default();
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| perft(&after(pos, mv), depth - 1))
        .sum()
}

/// The number of distinct positions reached by exactly `plies` moves from `pos`; a finished
/// game is not extended.
pub fn distinct_positions_after<G: Game>(pos: &G, plies: u32) -> usize {
    let mut layer = vec![pos.clone()];
    let mut moves = MoveList::<G>::default();
    for _ in 0..plies {
        let mut seen = HashSet::new();
        let mut next_layer = Vec::new();
        for p in &layer {
            p.legal_moves(&mut moves);
            for &mv in moves.iter() {
                let next = after(p, mv);
                if seen.insert(next.key()) {
                    next_layer.push(next);
                }
            }
        }
        layer = next_layer;
    }
    layer.len()
}

/// The number of distinct move sequences from `pos` to the end of the game.
pub fn complete_games<G: Game>(pos: &G) -> u64 {
    let mut moves = MoveList::<G>::default();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return 1;
    }
    moves
        .iter()
        .map(|&mv| complete_games(&after(pos, mv)))
        .sum()
}

/// The number of distinct positions reachable from `pos`, `pos` included.
pub fn reachable_positions<G: Game>(pos: &G) -> usize {
    let mut seen = HashSet::from([pos.key()]);
    let mut stack = vec![pos.clone()];
    let mut moves = MoveList::<G>::default();
    while let Some(p) = stack.pop() {
        p.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let next = after(&p, mv);
            if seen.insert(next.key()) {
                stack.push(next);
            }
        }
    }
    seen.len()
}

/// The position `mv` (legal in `pos`) leads to.
fn after<G: Game>(pos: &G, mv: G::Move) -> G {
    let mut next = pos.clone();
    next.play(mv);
    next
}

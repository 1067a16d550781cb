//! Othello knowledge for the exact searches: fastest-first move ordering with corners and,
//! near the end, quadrant parity (the usual endgame-solver ordering; see the Othello
//! heuristics paper on mobility and corners). Only speeds searches up; answers are checked
//! against the FFO endgame scores. The heuristic evaluator of the depth-limited players is
//! [`super::eval`].

use super::{Move, Othello, Size};
use crate::game::Game;
use crate::game::knowledge::{EvalWeights, Evaluator, ExactSolver, Knowledge, MoveOrdering};

impl Knowledge for Othello {
    type Ordering = OthelloOrdering;

    fn evaluator(&self, weights: &EvalWeights) -> Option<Box<dyn Evaluator<Othello>>> {
        super::eval::evaluator(self, weights)
    }

    /// [`super::eval::Breakdown`] of an 8×8 position.
    fn evaluation_breakdown(&self, weights: &EvalWeights) -> Option<serde_json::Value> {
        (self.size() == Size::Eight)
            .then(|| serde_json::to_value(super::eval::Breakdown::of(self, weights)).ok())
            .flatten()
    }

    /// A corner (the paper's predetermined move, §4).
    fn predetermined(&self, mv: Move) -> bool {
        mv.square()
            .is_some_and(|square| (1u64 << square) & othello_corners(self.size()) != 0)
    }

    /// The empty squares.
    fn moves_left(&self) -> Option<u32> {
        Some(self.empty_squares().count_ones())
    }

    /// The disc difference: at most every square.
    fn score_range(&self) -> Option<(i32, i32)> {
        let squares = self.size().cells() as i32;
        Some((-squares, squares))
    }

    /// The endgame solver ([`super::endgame`]) on 8×8 under the standard rules; generic
    /// alpha-beta on the smaller boards and under the no-pass variant.
    fn exact_solver(&self) -> Option<Box<dyn ExactSolver<Othello>>> {
        super::endgame::solver_for(self)
    }

    /// The endgame solver's young brothers wait: native builds and the page's threaded wasm.
    fn parallel_solver(&self) -> bool {
        self.rules() == super::Size::Eight.into()
            && cfg!(any(not(target_arch = "wasm32"), target_feature = "atomics"))
    }

    /// Mobility ([`super::pn_knowledge`]).
    fn initial_numbers(&self) -> (u32, u32) {
        super::pn_knowledge::initial_numbers(self)
    }
}

/// Othello endgame ordering: *fastest first* (the move that leaves the opponent the fewest
/// replies, corners counted double because they are the replies that hurt), then
/// *parity*: near the end, a move into a quadrant with an odd number of empty squares, so
/// that the mover keeps the last move of each region.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OthelloOrdering;

impl OthelloOrdering {
    /// Empty squares from which on parity counts.
    const PARITY_FROM_EMPTIES: u32 = 18;
}

impl MoveOrdering<Othello> for OthelloOrdering {
    fn score_moves(&mut self, pos: &Othello, moves: &[Move], scores: &mut [i32]) {
        if moves.len() < 2 {
            return;
        }
        let size = pos.size();
        let corners = othello_corners(size);
        let empties = pos.empty_squares();
        let use_parity = empties.count_ones() <= Self::PARITY_FROM_EMPTIES;
        let half = size.side() as u8 / 2;
        for (score, &mv) in scores.iter_mut().zip(moves) {
            let Some(square) = mv.square() else {
                continue;
            };
            let mut child = *pos;
            child.play(mv);
            let replies = child.legal_squares();
            let mut value = -16 * (replies.count_ones() + (replies & corners).count_ones()) as i32;
            if (1u64 << square) & corners != 0 {
                value += 8;
            }
            if use_parity {
                let quadrant = othello_quadrant(size, square % 8 >= half, square / 8 >= half);
                if (empties & quadrant).count_ones() % 2 == 1 {
                    value += 4;
                }
            }
            *score = value;
        }
    }
}

/// The four corner squares of an Othello board.
fn othello_corners(size: Size) -> u64 {
    let last = size.side() as u32 - 1;
    [(0, 0), (last, 0), (0, last), (last, last)]
        .iter()
        .fold(0, |acc, &(c, r)| acc | 1u64 << (8 * r + c))
}

/// The squares of one quadrant of an Othello board (right half if `right`, bottom if
/// `bottom`).
fn othello_quadrant(size: Size, right: bool, bottom: bool) -> u64 {
    let half = size.side() / 2;
    let row = ((1u64 << half) - 1) << if right { half } else { 0 };
    (0..half).fold(0, |acc, r| {
        acc | row << (8 * (r + if bottom { half } else { 0 }))
    })
}

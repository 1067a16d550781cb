//! Othello knowledge for the proof-number searches: initial proof and disproof numbers from
//! mobility. A position not yet searched is valued by the moves of the player to move: to
//! show that it reaches its goal, one good move is enough (`for` = 1); to show that it
//! fails, every one of its moves must be refuted (`against` = its mobility). This is Allis'
//! initialisation by the number of legal moves (Allis 1994, §3 of his thesis on PNS
//! enhancements; Kishimoto, Winands, Müller and Saito, "Game-tree search using proof
//! numbers: the first twenty years", ICGA Journal 35, 2012, §5.1), with mobility, the
//! feature the Othello heuristics paper and every Othello program rank first. It only
//! guides the search; proofs stay proofs.
//!
//! ```
//! use pnplay::game::{Game, othello::Othello};
//! use pnplay::game::knowledge::Knowledge;
//! let start = Othello::start(&Default::default());
//! assert_eq!(start.initial_numbers(), (1, 4)); // four legal moves at the start
//! ```

use super::Othello;

/// `(1, mobility)` for the player to move (a forced pass counts as its one move).
#[must_use]
pub fn initial_numbers(pos: &Othello) -> (u32, u32) {
    (1, pos.legal_squares().count_ones().max(1))
}

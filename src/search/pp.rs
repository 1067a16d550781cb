//! Product propagation (Saffidine and Cazenave, "Developments on product propagation",
//! Computers and Games 2013; described in seeds/ppns-dissertation.txt §2.3.1).
//!
//! The idea: the probability-based combination of PPNS without any simulation. Every
//! unexplored leaf is a coin toss, so only the shape of the explored tree (how many ways
//! remain to prove or to refute) moves the values.
//!
//! The exact rules: PPNS's paper-mode propagation and selection ([`super::ppns`]): terminal
//! 1 or 0, OR `1 − Π (1 − c)`, AND (and chance) `Π c`, max at OR and min at AND among
//! unresolved children, first in move order on ties; every new leaf gets ½. No playouts are
//! run and no seed is used. `pr`, if given, stops the search with `concluded-*` as in PPNS.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Limits, Verdict, bestfirst::{Algo, Params, new_search}};
//! let pos = TicTacToe::parse_position(&(), "5").unwrap();
//! let mut search = new_search(Algo::Pp, pos, &Params::default(), Limits::default()).unwrap();
//! assert_eq!(search.run(), Verdict::Disproved); // O to move cannot win against the centre
//! assert_eq!(search.stats().playouts, 0);
//! ```

use super::ppns::{Leaf, Ppns};

/// The value of every new leaf.
pub const LEAF_VALUE: f64 = 0.5;

/// The rules of product propagation, with optional precision rate `pr`.
#[must_use]
pub fn rules(pr: Option<f64>) -> Ppns {
    Ppns::with_leaf(Leaf::Constant(LEAF_VALUE), pr)
}

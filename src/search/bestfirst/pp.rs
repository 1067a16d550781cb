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
//! use pnplay::search::{Verdict, catalogue, params::Params};
//! let pos = TicTacToe::parse_position(&(), "5").unwrap();
//! let mut search = catalogue::start("pp", pos, &Params::default()).unwrap();
//! assert_eq!(search.run(), Verdict::Disproved); // O to move cannot win against the centre
//! assert_eq!(search.stats().playouts, 0);
//! ```

use super::ppns::{AND_RULE, Leaf, OR_RULE, PR_RULE, Ppns, TERMINAL_RULE};
use crate::game::catalogue::Catalogued;
use crate::search::Question;
use crate::search::family::{Explain, Family, ONE_MINUS_PPN, PPN, SearchInfo};
use crate::search::params::{PR, Params};
use crate::search::session::SearchKind;
use crate::search::session::Session;

/// The value of every new leaf.
pub const LEAF_VALUE: f64 = 0.5;

/// The rules of product propagation, with optional precision rate `pr`.
#[must_use]
pub fn rules(pr: Option<f64>) -> Ppns {
    Ppns::with_leaf(Leaf::Constant(LEAF_VALUE), pr)
}

/// Product propagation in the catalogue.
pub struct PpSearch;

impl SearchKind for PpSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "pp",
        title: "Product propagation",
        help: "Product propagation: PPNS propagation with every leaf 1/2, no playouts (dissertation §2.3.1)",
        family: Family::BestFirst,
        capabilities: super::capabilities(false, false),
        params: &[PR],
        explain: Explain {
            pseudocode: &[],
            summary: "Product propagation is PPNS without simulation: every unexplored leaf is a coin toss (ppn ½), so only the shape of the explored tree — how many ways remain to prove or to refute — moves the values. Combination and selection are PPNS's. proved and disproved come only from finished games; with pr it can conclude statistically.",
            values: &[PPN, ONE_MINUS_PPN],
            formulas: &[
                TERMINAL_RULE,
                "a new leaf: ppn = ½ (formula 2.11)",
                OR_RULE,
                AND_RULE,
                PR_RULE,
            ],
            selection: "From the root down: at an OR node the unresolved child with the greatest ppn, at an AND or chance node the one with the least ppn, the first in move order on ties, until a leaf; it is expanded and the values are backed up.",
            params: "No playouts, so playouts, θ and the seed do not act. pr (optional): stop when the root's ppn is within pr of 1 (concluded-win) or of 0 (concluded-loss).",
            source: "Saffidine and Cazenave, Developments on product propagation (2013); dissertation §2.3.1, formulas (2.9)–(2.13).",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        super::session(
            &Self::INFO,
            root,
            question,
            rules(params.optional(&PR)),
            params,
        )
    }
}

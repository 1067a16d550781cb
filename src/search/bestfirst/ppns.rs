//! Probability-based proof-number search, as the paper writes it (Primanita, Khalid and
//! Iida, "Characterizing the Nature of Probability-Based Proof Number Search: A Case Study in
//! the Othello and Connect Four Games", Information 11(5), 2020, §3 and Algorithms 1–6;
//! seeds/ppns-othello-connect4-paper.txt).
//!
//! The idea: a node's PPN is the probability that the goal holds there, if the children's
//! chances were independent. Unexplored leaves contribute the rate at which random playouts
//! reach the goal; explored parts combine by the laws of probability, so every playout still
//! counts higher up (where PNS's MIN/SUM rules forget all but one child).
//!
//! The exact rules followed here (SPEC.md §4):
//!
//! * a finished game: PPN 1 if the goal holds, else 0;
//! * a new leaf: `R = wins / K` over `K` random playouts (a "win" is the goal holding at the
//!   end, so under `goal = not-lose` draws count); `R = 1 → 1 − θ`, `R = 0 → θ`;
//! * OR node: `1 − Π (1 − PPN(child))`; AND (and chance) node: `Π PPN(child)`, both in move
//!   order, in `f64`;
//! * selection: the unresolved child with the largest PPN at OR nodes, the smallest at AND
//!   nodes, the first in move order on ties; expansion creates all children of the MPN and
//!   plays out each;
//! * `pr` (Algorithm 6, optional): stop with `concluded-win` when the root's PPN ≥ 1 − pr,
//!   `concluded-loss` when ≤ pr. The root is valued by its own playouts when the search
//!   starts and the test runs before every iteration, so a `pr` of θ or more can conclude
//!   before the first one (the paper's warning about `pr` coarser than θ).
//!
//! Where this goes beyond the paper: each node also keeps an exact [`Status`] propagated
//! with the AND/OR rules, and only that status makes a verdict `proved` or `disproved`. In
//! `f64`, `1 − Π (1 − p)` rounds to exactly 1 as soon as the product drops below 2⁻⁵³ (nine
//! children with PPN 0.99 do it), so the paper's test "PPN = 1" could claim an unproven root
//! solved. [`super::ppns_precise`] keeps the values themselves precise.
//!
//! [`Status`]: super::tree::Status
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Verdict, catalogue, params::{PLAYOUTS, Params}};
//! let pos = TicTacToe::parse_position(&(), "").unwrap();
//! let params = Params::default().with_goal(Goal::NotLose).with(&PLAYOUTS, Some(10.0));
//! let mut search = catalogue::start("ppns", pos, &params).unwrap();
//! assert_eq!(search.run(), Verdict::Proved);
//! ```

use super::Rules;
use super::playout::Sampler;
use super::tree::{Node, NodeKind};
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::search::Verdict;
use crate::search::catalogue::{Family, SearchInfo, SearchKind};
use crate::search::params::{PLAYOUTS, PR, Params, THETA};
use crate::search::session::Session;
use crate::search::view::Values;

/// How a new leaf gets its PPN.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Leaf {
    /// The θ-clamped win rate of `count` random playouts (PPNS).
    Playouts {
        /// Playouts per leaf.
        count: u32,
        /// The distance a sure estimate keeps from 0 and 1.
        theta: f64,
    },
    /// The same value for every leaf, with no playouts (product propagation: ½).
    Constant(f64),
}

/// The rules of paper-mode PPNS (and, with a constant leaf, of PP).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ppns {
    leaf: Leaf,
    pr: Option<f64>,
}

impl Ppns {
    /// PPNS with `playouts` per leaf, clamp `theta` and precision rate `pr`.
    #[must_use]
    pub fn new(playouts: u32, theta: f64, pr: Option<f64>) -> Ppns {
        Ppns::with_leaf(
            Leaf::Playouts {
                count: playouts,
                theta,
            },
            pr,
        )
    }

    /// PPNS with the playouts, θ and pr of `params`.
    #[must_use]
    pub fn from_params(params: &Params) -> Ppns {
        Ppns::new(
            params.integer(&PLAYOUTS) as u32,
            params.real(&THETA),
            params.optional(&PR),
        )
    }

    /// Paper-mode propagation with leaves valued by `leaf`.
    #[must_use]
    pub fn with_leaf(leaf: Leaf, pr: Option<f64>) -> Ppns {
        Ppns { leaf, pr }
    }
}

/// The verdict `pr` gives for a root whose probability is `p` and `1 − p` is `q`.
pub(super) fn pr_conclusion(pr: Option<f64>, p: f64, q: f64) -> Option<Verdict> {
    let pr = pr?;
    if q <= pr {
        Some(Verdict::ConcludedWin)
    } else if p <= pr {
        Some(Verdict::ConcludedLoss)
    } else {
        None
    }
}

impl Rules for Ppns {
    type Value = f64;
    type Key = f64;

    fn terminal(&self, proven: bool) -> f64 {
        if proven { 1.0 } else { 0.0 }
    }

    fn leaf<G: Game>(&self, pos: &G, _: NodeKind, sampler: &mut Sampler) -> f64 {
        match self.leaf {
            Leaf::Playouts { count, theta } => sampler.estimate(pos, count, theta).p,
            Leaf::Constant(p) => p,
        }
    }

    fn combine<M: Copy>(&self, kind: NodeKind, children: &[Node<M, f64>]) -> f64 {
        if kind.is_or() {
            1.0 - children.iter().map(|c| 1.0 - c.value()).product::<f64>()
        } else {
            children.iter().map(Node::value).product()
        }
    }

    fn key(&self, parent: NodeKind, _: NodeKind, ppn: f64) -> f64 {
        if parent.is_or() { -ppn } else { ppn }
    }

    fn values(&self, _: NodeKind, ppn: f64) -> Values {
        Values::Probability {
            ppn,
            one_minus_ppn: 1.0 - ppn,
        }
    }

    fn conclusion(&self, _: NodeKind, ppn: f64) -> Option<Verdict> {
        // Algorithm 6 tests |ppn − 1| ≤ pr, i.e. 1 − ppn ≤ pr, in the same arithmetic.
        pr_conclusion(self.pr, ppn, 1.0 - ppn)
    }
}

/// Probability-based PNS in the catalogue.
pub struct PpnsSearch;

impl SearchKind for PpnsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "ppns",
        title: "Probability-based PNS",
        help: "PPNS as the paper writes it: playout-valued leaves, probabilistic AND/OR (PPNS paper §3, Algorithms 1-6)",
        family: Family::BestFirst,
        capabilities: super::capabilities(false, true),
        params: &[THETA, PR, PLAYOUTS],
    };

    fn build<G: Catalogued>(root: G, params: &Params) -> Box<dyn Session> {
        super::session(&Self::INFO, root, Ppns::from_params(params), params)
    }
}

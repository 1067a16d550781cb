//! Proof-number search (Allis, van der Meulen and van den Herik, "Proof-number search",
//! Artificial Intelligence 66, 1994; the slides in seeds/tcg-advanced-topics-slides.txt).
//!
//! The idea: the proof number `pn` of a node is the fewest leaves that must still be proven
//! to prove it, the disproof number `dn` the fewest that must be disproven to disprove it.
//! Always expanding a leaf that lies in both a smallest proof set and a smallest disproof set
//! of the root — the most-proving node — makes progress on both questions at once.
//!
//! The exact rules followed here (SPEC.md §4):
//!
//! * a new leaf: `pn = dn = 1`;
//! * a finished game: proven → `pn = 0, dn = ∞`; disproven → `pn = ∞, dn = 0`;
//! * OR node: `pn = min pn(child)`, `dn = Σ dn(child)`; AND (and chance) node:
//!   `pn = Σ pn(child)`, `dn = min dn(child)`;
//! * selection: the child with the least `pn` at OR nodes, the least `dn` at AND nodes, the
//!   first in move order on ties.
//!
//! **The loop differs from the slides' (Hsu, slide 36, "PN-search: algorithm").** The slide
//! first decides at the root whether to prove (pn ≤ dn) or to disprove, then descends with
//! that one aim: proving, the leftmost child with the least non-zero pn at MAX nodes and the
//! leftmost with a non-zero pn at MIN nodes (disproving, the mirror on dn), and recomputes
//! every number bottom up each round. We follow Allis's most-proving node (SPEC.md §4),
//! which serves both aims at once: least pn at OR nodes *and* least dn at AND nodes, and back
//! up only the numbers on the path from the expanded node to the root. At a MIN node the
//! slide's "leftmost with a non-zero pn" can choose a child outside the smallest disproof
//! set, so the two loops can expand different leaves; their verdicts are the same.
//!
//! Numbers are `u32` with `u32::MAX` standing for ∞. No finite number can reach it: a finite
//! `pn` or `dn` is at most the number of unresolved leaves below the node, which is less than
//! the tree's size, itself bounded by `u32` node ids. Sums saturate, so ∞ + x = ∞.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Verdict, catalogue, params::Params};
//! // X (to move) has 1 and 2, O has 4 and 5: X wins at once with 3.
//! let pos = TicTacToe::parse_position(&(), "1425").unwrap();
//! let mut search = catalogue::start("pns", pos, &Params::default()).unwrap();
//! assert_eq!(search.run(), Verdict::Proved);
//! assert_eq!(search.best_move().as_deref(), Some("3"));
//! assert_eq!(search.stats().iterations, 1);
//! ```

use super::playout::Sampler;
use super::tree::{Node, NodeKind, Status};
use super::{OrAnd, Rules, finished, min_sum_applied};
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::search::Question;
use crate::search::family::{self, DN, Explain, Family, PN, SearchInfo};
use crate::search::params::Params;
use crate::search::pseudocode::Line;
use crate::search::session::SearchKind;
use crate::search::session::Session;
use crate::search::view::{Values, short};

/// The `u32` that stands for an infinite proof or disproof number.
pub const INFINITE: u32 = u32::MAX;

/// A node's proof and disproof numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofNumbers {
    /// Proof number ([`INFINITE`] for ∞).
    pub pn: u32,
    /// Disproof number ([`INFINITE`] for ∞).
    pub dn: u32,
}

/// How a new leaf is valued.
const LEAF_RULE: &str = "a new leaf: pn = dn = 1";

/// The rules of proof-number search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pns;

/// A number as shown to users: [`INFINITE`] becomes `f64::INFINITY`.
fn shown(n: u32) -> f64 {
    if n == INFINITE {
        f64::INFINITY
    } else {
        f64::from(n)
    }
}

impl Rules for Pns {
    type Value = ProofNumbers;
    type Key = u32;

    fn terminal(&self, proven: bool) -> ProofNumbers {
        if proven {
            ProofNumbers {
                pn: 0,
                dn: INFINITE,
            }
        } else {
            ProofNumbers {
                pn: INFINITE,
                dn: 0,
            }
        }
    }

    fn leaf<G: Game>(&self, _: &G, _: NodeKind, _: &mut Sampler) -> ProofNumbers {
        ProofNumbers { pn: 1, dn: 1 }
    }

    fn combine<M: Copy>(&self, kind: NodeKind, children: &[Node<M, ProofNumbers>]) -> ProofNumbers {
        let mut min = ProofNumbers {
            pn: INFINITE,
            dn: INFINITE,
        };
        let mut sum = ProofNumbers { pn: 0, dn: 0 };
        for child in children {
            let v = child.value();
            min.pn = min.pn.min(v.pn);
            min.dn = min.dn.min(v.dn);
            sum.pn = sum.pn.saturating_add(v.pn);
            sum.dn = sum.dn.saturating_add(v.dn);
        }
        if kind.is_or() {
            ProofNumbers {
                pn: min.pn,
                dn: sum.dn,
            }
        } else {
            ProofNumbers {
                pn: sum.pn,
                dn: min.dn,
            }
        }
    }

    fn key(&self, parent: NodeKind, _: NodeKind, value: ProofNumbers) -> u32 {
        if parent.is_or() { value.pn } else { value.dn }
    }

    const CRITERION: OrAnd = OrAnd {
        or: "least pn",
        and: "least dn",
    };

    const FORMULA: OrAnd = OrAnd {
        or: family::PN_OR_RULE,
        and: family::PN_AND_RULE,
    };

    fn applied<M: Copy>(
        &self,
        kind: NodeKind,
        children: &[Node<M, ProofNumbers>],
        result: ProofNumbers,
    ) -> String {
        min_sum_applied(
            kind,
            ["pn", "dn"],
            children
                .iter()
                .map(|c| [shown(c.value().pn), shown(c.value().dn)]),
            [shown(result.pn), shown(result.dn)],
        )
    }

    fn initial(&self, _: NodeKind, status: Status, value: ProofNumbers) -> (String, String) {
        let numbers = format!(
            "pn = {}; dn = {}",
            short(shown(value.pn)),
            short(shown(value.dn))
        );
        if status.is_resolved() {
            (
                family::PN_TERMINAL_RULE.into(),
                format!("{}: {numbers}", finished(status)),
            )
        } else {
            (LEAF_RULE.into(), numbers)
        }
    }

    fn values(&self, _: NodeKind, value: ProofNumbers) -> Values {
        Values::ProofNumbers {
            pn: shown(value.pn),
            dn: shown(value.dn),
        }
    }
}

/// The pseudocode of PNS.
pub const PSEUDOCODE: &[Line] = &super::pseudocode(
    "pns(root):",
    "  while root.pn ≠ 0 and root.dn ≠ 0 and no limit is reached:",
    "      n ← the child with the least pn if n is OR, the least dn if AND (first on ties)",
    "    each new leaf: pn = dn = 1 (a finished game: 0 / ∞ if won, ∞ / 0 if not)",
    "      OR: pn = min pn_c, dn = Σ dn_c;  AND: pn = Σ pn_c, dn = min dn_c",
    "  return proved if root.pn = 0, disproved if root.dn = 0, else out",
);

/// Proof-number search in the catalogue.
pub struct PnsSearch;

impl SearchKind for PnsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "pns",
        title: "Proof-number search",
        help: "Allis' proof-number search: expand the most-proving node (PPNS paper §2.1)",
        family: Family::BestFirst,
        capabilities: super::capabilities(true, false),
        params: &[],
        explain: Explain {
            pseudocode: PSEUDOCODE,
            summary: "Proof-number search counts, for every node, how many leaves at least must still be proven (pn) or disproven (dn) to settle it, and always expands a most-proving node: a leaf in a smallest proof set and a smallest disproof set of the root at once. Every value is exact bookkeeping over the tree built so far; proved and disproved are proofs.",
            values: &[PN, DN],
            formulas: &[
                family::PN_TERMINAL_RULE,
                LEAF_RULE,
                family::PN_OR_RULE,
                family::PN_AND_RULE,
            ],
            selection: "From the root down: at an OR node the unresolved child with the least pn, at an AND or chance node the one with the least dn, the first in move order on ties, until a leaf (the most-proving node); it is expanded and the numbers are backed up to the root.",
            params: "No parameters of its own: θ, pr and playouts do not apply. The run settings (goal, node, time and iteration limits) do.",
            source: "Allis, van der Meulen and van den Herik, Proof-number search (1994); dissertation §2.2.2, formulas (2.4)–(2.7) (which print n_c.pn where the dn rules mean n_c.dn); PPNS paper §2.1; the TCG slides.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        super::session(&Self::INFO, root, question, Pns, params)
    }
}

//! Probability-based proof-number search with values that keep their precision near 0 and 1
//! (SPEC.md §4, "Beyond the paper").
//!
//! The idea: a double holds a number near 0 to full relative precision but a number near 1
//! only to about 1.1e-16, so paper-mode PPNS ([`super::ppns`]) loses the information that
//! separates 1 − 1e-17 from 1 − 1e-30: OR values `1 − Π (1 − c)` round to exactly 1 and
//! their children's differences vanish from selection (the paper's "prolonged search", which
//! it cut short with `pr`). Each node here stores the logarithm of the quantity that is a
//! *product* at that node:
//!
//! * OR node: `ln(1 − p) = Σ ln(1 − p(child))`;
//! * AND and chance nodes (and terminals, leaves of those kinds): `ln p = Σ ln p(child)`;
//! * an OR leaf stores `ln(1 − R)`, an AND leaf `ln R`, with `R` the θ-clamped playout rate
//!   and `1 − R` taken from the counts, not by subtraction;
//! * a finished game: `p = 1` or `p = 0` (a logarithm of 0 is −∞).
//!
//! A child of the other form is converted with `ln(1 − eˣ)`, computed without cancellation
//! (Mächler's `log1mexp`), so `p` and `1 − p` are both known to full relative precision
//! everywhere. Selection, `pr` and verdicts are as in paper mode: the unresolved child with
//! the largest `p` at OR nodes (smallest `ln(1 − p)`), the smallest at AND nodes (smallest
//! `ln p`), first in move order on ties; exact verdicts only from the propagated status.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Verdict, catalogue, params::{PLAYOUTS, Params}};
//! let pos = TicTacToe::parse_position(&(), "").unwrap();
//! let params = Params::default().with_goal(Goal::NotLose).with(&PLAYOUTS, Some(10.0));
//! let mut search = catalogue::start("ppns-precise", pos, &params).unwrap();
//! assert_eq!(search.run(), Verdict::Proved);
//! ```

use std::f64::consts::LN_2;

use super::playout::{Sampler, rate_text};
use super::ppns::{LEAF_RULE, PR_RULE, TERMINAL_RULE, near_one, pr_conclusion, product_applied};
use super::tree::{Node, NodeKind, Status};
use super::{OrAnd, Rules, finished};
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::search::Question;
use crate::search::Verdict;
use crate::search::family::{Explain, Family, ONE_MINUS_PPN, PPN, SearchInfo};
use crate::search::params::{PLAYOUTS, PR, Params, THETA};
use crate::search::session::SearchKind;
use crate::search::session::Session;
use crate::search::view::{Values, short};

/// The backup rule at OR nodes, as stored.
const OR_RULE: &str = "OR node: ln(1 − ppn) = Σ ln(1 − ppn_i), i.e. 1 − ppn = Π (1 − ppn_i)";
/// The backup rule at AND and chance nodes, as stored.
const AND_RULE: &str = "AND (and chance) node: ln ppn = Σ ln ppn_i, i.e. ppn = Π ppn_i";
/// How a child of the other form is converted.
const CONVERSION_RULE: &str = "a child of the other form is converted with ln(1 − eˣ), computed without cancellation, so ppn and 1 − ppn both keep full precision";

/// The rules of precise-mode PPNS.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PpnsPrecise {
    playouts: u32,
    theta: f64,
    pr: Option<f64>,
}

impl PpnsPrecise {
    /// Precise PPNS with `playouts` per leaf, clamp `theta` and precision rate `pr`.
    #[must_use]
    pub fn new(playouts: u32, theta: f64, pr: Option<f64>) -> PpnsPrecise {
        PpnsPrecise {
            playouts,
            theta,
            pr,
        }
    }
}

/// `ln(1 − eˣ)` for `x ≤ 0`, accurate for `x` near 0 and for very negative `x` alike.
fn log1mexp(x: f64) -> f64 {
    if x > -LN_2 {
        (-x.exp_m1()).ln()
    } else {
        (-x.exp()).ln_1p()
    }
}

/// What a node of kind `kind` stores: `ln(1 − p)` at OR nodes, `ln p` elsewhere.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Stored {
    kind: NodeKind,
    log: f64,
}

impl Stored {
    /// `ln p`.
    fn ln_p(self) -> f64 {
        if self.kind.is_or() {
            log1mexp(self.log)
        } else {
            self.log
        }
    }

    /// `ln(1 − p)`.
    fn ln_q(self) -> f64 {
        if self.kind.is_or() {
            self.log
        } else {
            log1mexp(self.log)
        }
    }
}

impl Rules for PpnsPrecise {
    /// The logarithm of the node's product-side quantity (see the module documentation).
    type Value = f64;
    type Key = f64;

    fn terminal(&self, proven: bool) -> f64 {
        // Terminal nodes store ln p.
        if proven { 0.0 } else { f64::NEG_INFINITY }
    }

    fn leaf<G: Game>(&self, pos: &G, kind: NodeKind, sampler: &mut Sampler) -> f64 {
        let estimate = sampler.estimate(pos, self.playouts, self.theta);
        if kind.is_or() {
            estimate.q.ln()
        } else {
            estimate.p.ln()
        }
    }

    fn combine<M: Copy>(&self, kind: NodeKind, children: &[Node<M, f64>]) -> f64 {
        children
            .iter()
            .map(|c| {
                let stored = Stored {
                    kind: c.kind(),
                    log: c.value(),
                };
                if kind.is_or() {
                    stored.ln_q()
                } else {
                    stored.ln_p()
                }
            })
            .sum()
    }

    fn key(&self, parent: NodeKind, child: NodeKind, log: f64) -> f64 {
        let stored = Stored { kind: child, log };
        if parent.is_or() {
            stored.ln_q()
        } else {
            stored.ln_p()
        }
    }

    const CRITERION: OrAnd = super::ppns::PPN_CRITERION;

    const FORMULA: OrAnd = OrAnd {
        or: OR_RULE,
        and: AND_RULE,
    };

    fn applied<M: Copy>(&self, kind: NodeKind, children: &[Node<M, f64>], result: f64) -> String {
        let stored = if kind.is_or() {
            "ln(1 − ppn)"
        } else {
            "ln ppn"
        };
        format!(
            "{} (stored as {stored} = {})",
            product_applied(
                kind,
                children.iter().map(|c| self.values(c.kind(), c.value())),
                self.values(kind, result),
            ),
            short(result)
        )
    }

    fn initial(&self, kind: NodeKind, status: Status, log: f64) -> (String, String) {
        let Values::Probability { ppn, one_minus_ppn } = self.values(kind, log) else {
            unreachable!("precise PPNS shows probabilities")
        };
        if status.is_resolved() {
            let applied = format!(
                "{}: ppn = {}",
                finished(status),
                near_one(ppn, one_minus_ppn)
            );
            return (TERMINAL_RULE.to_string(), applied);
        }
        let stored = if kind.is_or() {
            format!("ln(1 − R) = {}", short(log))
        } else {
            format!("ln R = {}", short(log))
        };
        (
            format!(
                "{LEAF_RULE} (K = {} playouts, θ = {}); an OR leaf stores ln(1 − R), an AND leaf ln R",
                self.playouts, self.theta
            ),
            format!(
                "{}; ppn = R = {}; 1 − R = {}; stored as {stored}",
                rate_text(ppn, self.playouts, self.theta),
                near_one(ppn, one_minus_ppn),
                short(one_minus_ppn)
            ),
        )
    }

    fn values(&self, kind: NodeKind, log: f64) -> Values {
        let stored = Stored { kind, log };
        Values::Probability {
            ppn: stored.ln_p().exp(),
            one_minus_ppn: stored.ln_q().exp(),
        }
    }

    fn conclusion(&self, kind: NodeKind, log: f64) -> Option<Verdict> {
        let stored = Stored { kind, log };
        pr_conclusion(self.pr, stored.ln_p().exp(), stored.ln_q().exp())
    }
}

/// PPNS, precise mode in the catalogue.
pub struct PpnsPreciseSearch;

impl SearchKind for PpnsPreciseSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "ppns-precise",
        title: "PPNS, precise mode",
        help: "PPNS with values kept in log space, precise near 0 and 1 (beyond the paper; same rules as ppns)",
        family: Family::BestFirst,
        capabilities: super::capabilities(false, true),
        params: &[THETA, PR, PLAYOUTS],
        explain: Explain {
            pseudocode: &[],
            summary: "PPNS with the same leaves, combination, selection and pr as the paper, but each node stores the logarithm of the quantity that is a product there (ln(1 − ppn) at OR nodes, ln ppn elsewhere), so values within 1e-16 of 1 keep their difference: no rounding to 1, no prolonged search from rounding, and selection still tells near-certain children apart. proved and disproved come only from finished games; concluded-win and concluded-loss are statistical.",
            values: &[PPN, ONE_MINUS_PPN],
            formulas: &[
                TERMINAL_RULE,
                LEAF_RULE,
                OR_RULE,
                AND_RULE,
                CONVERSION_RULE,
                PR_RULE,
            ],
            selection: "As PPNS: at an OR node the unresolved child with the greatest ppn (least ln(1 − ppn)), at an AND or chance node the one with the least ppn (least ln ppn), the first in move order on ties.",
            params: "As PPNS: playouts (K per new leaf), θ (the clamp that keeps playout estimates off 0 and 1) and pr (stop when the root is within pr of 1 or 0, now measured precisely). The seed fixes the playouts.",
            source: "Beyond the paper (SPEC.md §4): the rules of the PPNS paper §3.1–3.2 and Algorithm 6, computed in log space with Mächler's log1mexp (Accurately computing log(1 − exp(−|a|)), 2012).",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let rules = PpnsPrecise::new(
            params.integer(&PLAYOUTS) as u32,
            params.real(&THETA),
            params.optional(&PR),
        );
        super::session(&Self::INFO, root, question, rules, params)
    }
}

#[cfg(test)]
mod tests {
    use super::log1mexp;

    #[test]
    fn log1mexp_is_accurate_at_both_ends() {
        // ln(1 − e^(ln 0.25)) = ln 0.75
        assert!((log1mexp(0.25f64.ln()) - 0.75f64.ln()).abs() < 1e-15);
        // p = 1e-20 near 0: ln(1 − p) ≈ −1e-20, which 1 − p would round away.
        let tiny = 1e-20f64;
        assert!((log1mexp(tiny.ln()) + tiny).abs() < 1e-35);
        // q = 1e-20 at the other end: ln(1 − (1 − 1e-20)) = ln 1e-20.
        assert!((log1mexp(-tiny) - tiny.ln()).abs() < 1e-12);
        assert_eq!(log1mexp(0.0), f64::NEG_INFINITY);
        assert_eq!(log1mexp(f64::NEG_INFINITY), 0.0);
    }
}

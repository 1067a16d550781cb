//! Monte-Carlo proof-number search (Saito, Chaslot, Uiterwijk and van den Herik,
//! "Monte-Carlo proof-number search for computer Go", Computers and Games 2006; described in
//! seeds/ppns-dissertation.txt §2.3.2).
//!
//! The idea: PNS where a new leaf is not worth one unit of effort but the Monte-Carlo
//! estimate of how hard it is: a leaf that random play usually wins is cheap to prove and
//! dear to disprove.
//!
//! The exact rules followed here (SPEC.md §4, the standard rules; the dissertation's text
//! sums `pmc` where `dmc` is meant and says "highest" where "lowest" is meant):
//!
//! * a new leaf: `R` = θ-clamped playout win rate as in PPNS; `pmc = 1 − R`, `dmc = R`
//!   (`1 − R` from the counts, not by subtraction). **A typo of the seed corrected:** the
//!   dissertation's Eq. 2.18 (§2.3.2, the case `R = 0`) reads `pmc = R − θ, dmc = θ`, which
//!   is −θ, a negative proof number; Eq. 2.16 (`pmc = 1 − R`) and its mirror Eq. 2.17 (`R = 1`:
//!   `pmc = θ, dmc = R − θ`) give `pmc = 1 − θ` here, which is what we compute (θ-clamp `R`
//!   to θ, then Eq. 2.16);
//! * a finished game: proven → `pmc = 0, dmc = ∞`; disproven → `pmc = ∞, dmc = 0`;
//! * OR node: `pmc = min pmc(child)`, `dmc = Σ dmc(child)`; AND (and chance) node:
//!   `pmc = Σ pmc(child)`, `dmc = min dmc(child)`, sums in move order, in `f64`;
//! * selection: the least `pmc` at OR nodes, the least `dmc` at AND nodes, the first in
//!   move order on ties.
//!
//! An unresolved node never reaches `pmc = 0` or `dmc = 0` (leaves are at least θ), so as in
//! PNS the values and the exact status agree; verdicts come from the status.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Verdict, catalogue, params::{PLAYOUTS, Params}};
//! let pos = TicTacToe::parse_position(&(), "").unwrap();
//! let params = Params::default().with(&PLAYOUTS, Some(10.0));
//! let mut search = catalogue::start("mcpns", pos, &params).unwrap();
//! assert_eq!(search.run(), Verdict::Disproved); // X cannot force a win
//! ```

use super::playout::{Sampler, rate_text};
use super::tree::{Node, NodeKind, Status};
use super::{OrAnd, Rules, finished, min_sum_applied};
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::search::Question;
use crate::search::family::{DMC, Explain, Family, PMC, SearchInfo};
use crate::search::params::{PLAYOUTS, Params, THETA};
use crate::search::pseudocode::Line;
use crate::search::session::SearchKind;
use crate::search::session::Session;
use crate::search::view::{Values, short};

/// A node's Monte-Carlo proof and disproof numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MonteCarloNumbers {
    /// Monte-Carlo proof number.
    pub pmc: f64,
    /// Monte-Carlo disproof number.
    pub dmc: f64,
}

/// The backup rule at OR nodes.
const OR_RULE: &str = "OR node: pmc = min over children pmc_i; dmc = Σ dmc_i";
/// The backup rule at AND and chance nodes.
const AND_RULE: &str = "AND (and chance) node: pmc = Σ pmc_i; dmc = min over children dmc_i";
/// How a new leaf is valued.
const LEAF_RULE: &str = "a new leaf: R = the share of its K random playouts that reach the goal, R = 1 → 1 − θ and R = 0 → θ; pmc = 1 − R, dmc = R";
/// How a finished game is valued.
const TERMINAL_RULE: &str =
    "a finished game: pmc = 0, dmc = ∞ if it meets the goal; pmc = ∞, dmc = 0 if it does not";

/// The rules of Monte-Carlo proof-number search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mcpns {
    playouts: u32,
    theta: f64,
}

impl Mcpns {
    /// MCPNS with `playouts` per leaf and clamp `theta`.
    #[must_use]
    pub fn new(playouts: u32, theta: f64) -> Mcpns {
        Mcpns { playouts, theta }
    }
}

impl Rules for Mcpns {
    type Value = MonteCarloNumbers;
    type Key = f64;

    fn terminal(&self, proven: bool) -> MonteCarloNumbers {
        if proven {
            MonteCarloNumbers {
                pmc: 0.0,
                dmc: f64::INFINITY,
            }
        } else {
            MonteCarloNumbers {
                pmc: f64::INFINITY,
                dmc: 0.0,
            }
        }
    }

    fn leaf<G: Game>(&self, pos: &G, _: NodeKind, sampler: &mut Sampler) -> MonteCarloNumbers {
        let estimate = sampler.estimate(pos, self.playouts, self.theta);
        MonteCarloNumbers {
            pmc: estimate.q,
            dmc: estimate.p,
        }
    }

    fn combine<M: Copy>(
        &self,
        kind: NodeKind,
        children: &[Node<M, MonteCarloNumbers>],
    ) -> MonteCarloNumbers {
        let values = children.iter().map(Node::value);
        let min = |pick: fn(MonteCarloNumbers) -> f64| {
            values.clone().map(pick).fold(f64::INFINITY, f64::min)
        };
        let sum = |pick: fn(MonteCarloNumbers) -> f64| values.clone().map(pick).sum::<f64>();
        if kind.is_or() {
            MonteCarloNumbers {
                pmc: min(|v| v.pmc),
                dmc: sum(|v| v.dmc),
            }
        } else {
            MonteCarloNumbers {
                pmc: sum(|v| v.pmc),
                dmc: min(|v| v.dmc),
            }
        }
    }

    fn key(&self, parent: NodeKind, _: NodeKind, value: MonteCarloNumbers) -> f64 {
        if parent.is_or() { value.pmc } else { value.dmc }
    }

    const CRITERION: OrAnd = OrAnd {
        or: "least pmc",
        and: "least dmc",
    };

    const FORMULA: OrAnd = OrAnd {
        or: OR_RULE,
        and: AND_RULE,
    };

    fn applied<M: Copy>(
        &self,
        kind: NodeKind,
        children: &[Node<M, MonteCarloNumbers>],
        result: MonteCarloNumbers,
    ) -> String {
        min_sum_applied(
            kind,
            ["pmc", "dmc"],
            children.iter().map(|c| [c.value().pmc, c.value().dmc]),
            [result.pmc, result.dmc],
        )
    }

    fn initial(&self, _: NodeKind, status: Status, value: MonteCarloNumbers) -> (String, String) {
        if status.is_resolved() {
            let applied = format!(
                "{}: pmc = {}; dmc = {}",
                finished(status),
                short(value.pmc),
                short(value.dmc)
            );
            return (TERMINAL_RULE.to_string(), applied);
        }
        let rule = format!(
            "{LEAF_RULE} (K = {} playouts, θ = {})",
            self.playouts, self.theta
        );
        let applied = format!(
            "{}; pmc = 1 − R = {}; dmc = R = {}",
            rate_text(value.dmc, self.playouts, self.theta),
            short(value.pmc),
            short(value.dmc)
        );
        (rule, applied)
    }

    fn values(&self, _: NodeKind, value: MonteCarloNumbers) -> Values {
        Values::MonteCarlo {
            pmc: value.pmc,
            dmc: value.dmc,
        }
    }
}

/// The pseudocode of MCPNS.
pub const PSEUDOCODE: &[Line] = &super::pseudocode(
    "mcpns(root):",
    "  while root.pmc ≠ 0 and root.dmc ≠ 0 and no limit is reached:",
    "      n ← the child with the least pmc if n is OR, the least dmc if AND",
    "    each new leaf: R = share of its random playouts won; pmc = 1 − R, dmc = R",
    "      OR: pmc = min pmc_c, dmc = Σ dmc_c;  AND: pmc = Σ pmc_c, dmc = min dmc_c",
    "  return proved if root.pmc = 0, disproved if root.dmc = 0, else out",
);

/// Monte-Carlo PNS in the catalogue.
pub struct McpnsSearch;

impl SearchKind for McpnsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "mcpns",
        title: "Monte-Carlo PNS",
        help: "Saito et al.'s Monte-Carlo PNS: playout rates as proof and disproof numbers (PPNS paper §2.2)",
        family: Family::BestFirst,
        capabilities: super::capabilities(true, true),
        params: &[THETA, PLAYOUTS],
        explain: Explain {
            pseudocode: PSEUDOCODE,
            summary: "Monte-Carlo PNS is proof-number search whose new leaves are not worth one unit each but what random play says about them: a leaf whose playouts mostly reach the goal is cheap to prove (small pmc) and dear to disprove (large dmc). The MIN/SUM rules then keep only the cheapest child's cost at each choice. Proved and disproved still come only from finished games, so its verdicts are proofs.",
            values: &[PMC, DMC],
            formulas: &[TERMINAL_RULE, LEAF_RULE, OR_RULE, AND_RULE],
            selection: "From the root down: at an OR node the unresolved child with the least pmc, at an AND or chance node the one with the least dmc, the first in move order on ties, until a leaf; it is expanded, each new child valued by its own playouts, and the numbers are backed up.",
            params: "playouts: K, the random playouts run from every new leaf (more: steadier estimates, slower iterations). θ: keeps a leaf whose playouts all (or none) reached the goal at pmc or dmc = θ instead of 0, so only a finished game is certain. pr does not apply (no statistical conclusions). The seed fixes the playouts.",
            source: "Saito, Chaslot, Uiterwijk and van den Herik, Monte-Carlo proof-number search for computer Go (2006); dissertation §2.3.2, formulas (2.14)–(2.20), with the standard rules where the text sums pmc for dmc and says highest where lowest is meant; PPNS paper §2.2.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let rules = Mcpns::new(params.integer(&PLAYOUTS) as u32, params.real(&THETA));
        super::session(&Self::INFO, root, question, rules, params)
    }
}

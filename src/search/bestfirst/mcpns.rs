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
//!   (`1 − R` from the counts, not by subtraction);
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

use super::Rules;
use super::playout::Sampler;
use super::tree::{Node, NodeKind};
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::search::catalogue::{Family, SearchInfo, SearchKind};
use crate::search::params::{PLAYOUTS, Params, THETA};
use crate::search::session::Session;
use crate::search::view::Values;

/// A node's Monte-Carlo proof and disproof numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MonteCarloNumbers {
    /// Monte-Carlo proof number.
    pub pmc: f64,
    /// Monte-Carlo disproof number.
    pub dmc: f64,
}

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

    fn values(&self, _: NodeKind, value: MonteCarloNumbers) -> Values {
        Values::MonteCarlo {
            pmc: value.pmc,
            dmc: value.dmc,
        }
    }
}

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
    };

    fn build<G: Catalogued>(root: G, params: &Params) -> Box<dyn Session> {
        let rules = Mcpns::new(params.integer(&PLAYOUTS) as u32, params.real(&THETA));
        super::session(&Self::INFO, root, rules, params)
    }
}

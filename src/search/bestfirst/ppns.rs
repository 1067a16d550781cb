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
//!
//!   **A departure from the seeds, with the literal reading as an option.** The paper's and
//!   the dissertation's Algorithm 1 (paper §3.2; dissertation §3.2.2) scan the children with
//!   `child.ppn ≥ MPN.ppn` at OR nodes and `≤` at AND nodes, so of equal children they take
//!   the *last*. We take the first, as SPEC.md §4 asks of every search ("ties break
//!   deterministically (move order)") and as PNS, MCPNS and PP do. [`TIES`] `last`
//!   (`--ties last`) runs Algorithm 1 as written; ties are common (every leaf whose playouts
//!   all win gets the same 1 − θ), so the two readings grow different trees (the test
//!   `ties_last_follows_algorithm_one_literally` in this module shows one). Both scan only
//!   the unresolved children, where the algorithm scans all: a resolved child's PPN is
//!   exactly 1 or 0 and would settle its parent, so this only matters when rounding makes
//!   an unresolved child read 1;
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

use super::playout::{Sampler, rate_text};
use super::tree::{Node, NodeKind, Status};
use super::{OrAnd, Rules, finished};
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::search::Question;
use crate::search::Verdict;
use crate::search::family::{Explain, Family, ONE_MINUS_PPN, PPN, SearchInfo};
use crate::search::params::{PLAYOUTS, PR, ParamSpec, Params, THETA};
use crate::search::pseudocode::Line;
use crate::search::session::SearchKind;
use crate::search::session::Session;
use crate::search::view::{Values, short};

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

/// `ties`: which of the children with equal PPN selection takes — `first` in move order
/// (the default, SPEC.md §4) or `last`, as Algorithm 1's `≥` and `≤` do when read literally
/// (see the module's notes).
pub const TIES: ParamSpec = ParamSpec::choice(
    "ties",
    "ties",
    "PPNS: of children with equal PPN select the first in move order (default) or the last, as Algorithm 1's ≥ and ≤ do literally",
    &["first", "last"],
);

/// The rules of paper-mode PPNS (and, with a constant leaf, of PP).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ppns {
    leaf: Leaf,
    pr: Option<f64>,
    /// Selection takes the last of equal children ([`TIES`] `last`).
    last_on_ties: bool,
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

    /// PPNS with the playouts, θ, pr and ties of `params`.
    #[must_use]
    pub fn from_params(params: &Params) -> Ppns {
        Ppns {
            last_on_ties: params.choice(&TIES) == "last",
            ..Ppns::new(
                params.integer(&PLAYOUTS) as u32,
                params.real(&THETA),
                params.optional(&PR),
            )
        }
    }

    /// Paper-mode propagation with leaves valued by `leaf`, ties to the first child.
    #[must_use]
    pub fn with_leaf(leaf: Leaf, pr: Option<f64>) -> Ppns {
        Ppns {
            leaf,
            pr,
            last_on_ties: false,
        }
    }
}

/// The backup rule at OR nodes (paper mode).
pub(super) const OR_RULE: &str = "OR node: ppn = 1 − Π (1 − ppn_i), i.e. 1 − ppn = Π (1 − ppn_i)";
/// The backup rule at AND and chance nodes (paper mode).
pub(super) const AND_RULE: &str = "AND (and chance) node: ppn = Π ppn_i";
/// How a new leaf is valued by playouts.
pub(super) const LEAF_RULE: &str = "a new leaf: ppn = R, the share of its K random playouts that reach the goal; R = 1 → 1 − θ, R = 0 → θ";
/// How a finished game is valued.
pub(super) const TERMINAL_RULE: &str = "a finished game: ppn = 1 if it meets the goal, else 0";
/// How `pr` concludes.
pub(super) const PR_RULE: &str = "with pr: stop with concluded-win when the root's ppn ≥ 1 − pr, concluded-loss when ≤ pr (Algorithm 6)";

/// `x` in few characters, written `1 − y` when `x` is within 0.001 of 1 (`y = 1 − x`, kept
/// without cancellation by the caller), so probabilities near 1 stay readable.
pub(super) fn near_one(x: f64, y: f64) -> String {
    if x > 0.999 && y > 0.0 {
        format!("(1 − {})", short(y))
    } else {
        short(x)
    }
}

/// The probability backup applied to children's values: at an OR node `1 − ppn = Π (1 −
/// ppn_i) = 0.5 × 0.75 = 0.375; ppn = 0.625`, at AND and chance nodes `ppn = Π ppn_i = 0.5 ×
/// 0.25 = 0.125`. `children` and `result` are [`Values::Probability`] as the search shows
/// them (`result`: what its backup gave).
pub(super) fn product_applied(
    kind: NodeKind,
    children: impl Iterator<Item = Values>,
    result: Values,
) -> String {
    let pair = |values: Values| match values {
        Values::Probability { ppn, one_minus_ppn } => (ppn, one_minus_ppn),
        other => unreachable!("a probability search shows probabilities, not {other:?}"),
    };
    let (p, q) = pair(result);
    let factors = children
        .map(|child| {
            let (p, q) = pair(child);
            if kind.is_or() {
                near_one(q, p)
            } else {
                near_one(p, q)
            }
        })
        .collect::<Vec<_>>()
        .join(" × ");
    if kind.is_or() {
        format!(
            "1 − ppn = Π (1 − ppn_i) = {factors} = {}; ppn = {}",
            near_one(q, p),
            near_one(p, q)
        )
    } else {
        format!("ppn = Π ppn_i = {factors} = {}", near_one(p, q))
    }
}

/// The verdict `pr` gives for a root whose probability is `p` and `1 − p` is `q` (`None`:
/// not within pr of 0 or 1, or pr off). What Algorithm 6 tests before every iteration, and
/// what [`crate::experiment::ppn_history`] asks of a run without pr at every iteration.
pub fn pr_conclusion(pr: Option<f64>, p: f64, q: f64) -> Option<Verdict> {
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

    const CRITERION: OrAnd = PPN_CRITERION;

    const FORMULA: OrAnd = OrAnd {
        or: OR_RULE,
        and: AND_RULE,
    };

    fn applied<M: Copy>(&self, kind: NodeKind, children: &[Node<M, f64>], result: f64) -> String {
        product_applied(
            kind,
            children.iter().map(|c| self.values(c.kind(), c.value())),
            self.values(kind, result),
        )
    }

    fn initial(&self, kind: NodeKind, status: Status, ppn: f64) -> (String, String) {
        let shown = match self.values(kind, ppn) {
            Values::Probability { ppn, one_minus_ppn } => near_one(ppn, one_minus_ppn),
            other => unreachable!("{other:?}"),
        };
        if status.is_resolved() {
            let applied = format!("{}: ppn = {shown}", finished(status));
            return (TERMINAL_RULE.to_string(), applied);
        }
        match self.leaf {
            Leaf::Playouts { count, theta } => (
                format!("{LEAF_RULE} (K = {count} playouts, θ = {theta})"),
                format!("{}; ppn = R = {shown}", rate_text(ppn, count, theta)),
            ),
            Leaf::Constant(value) => (
                format!("a new leaf: ppn = {value}, the same for every leaf (no playouts)"),
                format!("ppn = {shown}"),
            ),
        }
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

    fn ties_to_last(&self) -> bool {
        self.last_on_ties
    }
}

/// The pseudocode of PPNS.
pub const PSEUDOCODE: &[Line] = &super::pseudocode(
    "ppns(root):",
    "  while root.PPN is not 0 or 1 (nor within pr of them) and no limit is reached:",
    "      n ← the child with the highest PPN if n is OR, the lowest if AND",
    "    each new leaf: PPN = share of k random playouts won, kept in [θ, 1 − θ] (finished: 1 or 0)",
    "      OR: PPN = 1 − Π (1 − PPN_c);  AND: PPN = Π PPN_c",
    "  return proved / disproved (PPN 1 / 0), concluded-* within pr, else out",
);

/// Probability-based PNS in the catalogue.
pub struct PpnsSearch;

impl SearchKind for PpnsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "ppns",
        title: "Probability-based PNS",
        help: "PPNS as the paper writes it: playout-valued leaves, probabilistic AND/OR (PPNS paper §3, Algorithms 1-6)",
        family: Family::BestFirst,
        capabilities: super::capabilities(false, true),
        params: &[THETA, PR, PLAYOUTS, TIES],
        explain: Explain {
            pseudocode: PSEUDOCODE,
            summary: "Probability-based PNS gives every node a probability-based proof number (PPN): the chance that the goal holds there. New leaves get the share of their random playouts that reach the goal; explored nodes combine their children by the laws of probability, as if the children were independent, so every playout keeps counting higher up (where PNS's MIN/SUM rules keep only one child). It selects the most promising child by PPN. Values are computed as the paper writes them, in double precision: near 1 they round (the paper's prolonged search), which pr cuts short. proved and disproved come only from finished games (an exact status kept beside every value); concluded-win and concluded-loss are statistical.",
            values: &[PPN, ONE_MINUS_PPN],
            formulas: &[TERMINAL_RULE, LEAF_RULE, OR_RULE, AND_RULE, PR_RULE],
            selection: "From the root down: at an OR node the unresolved child with the greatest ppn, at an AND or chance node the one with the least ppn, the first in move order on ties (ties=last: the last, as Algorithm 1's ≥ and ≤), until a leaf (the most-proving node); all its children are created, each valued by its own playouts, and the values are backed up to the root (Algorithms 1–4).",
            params: "ties: of children with equal ppn, the first in move order (the default) or the last, as the paper's Algorithm 1 reads literally. playouts: K, the random playouts run from every new leaf (and the root). θ: a leaf whose playouts all reached the goal gets 1 − θ, one whose playouts all failed gets θ, so only finished games are certain. pr (optional): stop as soon as the root's ppn is within pr of 1 (concluded-win) or of 0 (concluded-loss); a pr of θ or more can conclude before the first iteration. The seed fixes the playouts.",
            source: "Primanita, Khalid and Iida, Characterizing the Nature of Probability-Based Proof Number Search (Information 11(5), 2020): §3.1, the PPN rules; §3.2, Algorithms 1–5; §4.2, Algorithm 6 (pr). Product propagation behind it: dissertation §2.3.1, formulas (2.12)–(2.13).",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        super::session(
            &Self::INFO,
            root,
            question,
            Ppns::from_params(params),
            params,
        )
    }
}

/// The selection criterion of the probability searches (PPNS in both modes, PP): the
/// greatest ppn at an OR node, the least at an AND or chance node.
pub(super) const PPN_CRITERION: OrAnd = OrAnd {
    or: "greatest ppn",
    and: "least ppn",
};

#[cfg(test)]
mod tests {
    use super::TIES;
    use crate::game::Game;
    use crate::game::tree::TreeGame;
    use crate::search::catalogue;
    use crate::search::params::Params;
    use crate::search::session::Budget;

    /// The moves to the node the last iteration expanded, after `iterations` of PPNS with
    /// `ties` (0 first, 1 last) on `text`.
    fn expanded(text: &str, ties: f64, iterations: u64) -> Vec<String> {
        let pos = TreeGame::parse_position(&(), text).unwrap();
        let params = Params::default().with(&TIES, Some(ties));
        let mut session = catalogue::start("ppns", pos, &params).unwrap();
        session.step(Budget::iterations(iterations));
        let tree = session.tree().unwrap();
        let leaf = tree.last_path().last().unwrap().id;
        tree.inspect(leaf).unwrap().line
    }

    #[test]
    fn ties_last_follows_algorithm_one_literally() {
        // Three AND children below the root (OR), each with two OR children whose every
        // line wins: every playout wins, so a, b and c all get ppn 1 − θ, a tie. The first
        // iteration expands the root; the second expands the selected child: a under the
        // default, c under Algorithm 1's ≥ (the last of the equal children).
        let won = "[[W W] [W W]]";
        let text = format!("[a:[{won} {won}] b:[{won} {won}] c:[{won} {won}]]");
        assert_eq!(expanded(&text, 0.0, 1), Vec::<String>::new());
        assert_eq!(expanded(&text, 0.0, 2), ["a"]);
        assert_eq!(expanded(&text, 1.0, 2), ["c"]);
        // An expanded child's ppn falls to (1 − θ)², so the root turns to the two left,
        // tied again: the default expands a, b, c in turn, Algorithm 1 c, b, a.
        assert_eq!(expanded(&text, 0.0, 3), ["b"]);
        assert_eq!(expanded(&text, 1.0, 3), ["b"]);
        assert_eq!(expanded(&text, 0.0, 4), ["c"]);
        assert_eq!(expanded(&text, 1.0, 4), ["a"]);
    }
}

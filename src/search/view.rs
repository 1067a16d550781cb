//! What a search shows the outside world: node values, the most-proving-node path of the
//! last iteration (each node with its values before and after that iteration's backup), a
//! snapshot of the top of the tree, one node inspected with the backup rule applied to its
//! children's numbers ([`Inspection`]), and the root value at every iteration ([`History`]).
//!
//! All of it is `serde::Serialize` and crosses to JavaScript (and the CLI's `--json`) as
//! JSON. Values are self-describing: besides the named numbers, each carries the one number
//! in [0, 1] a chart plots (`chart`, 1 meaning proven), what that number is (`chart_label`)
//! and a short text (`text`), so a view never needs to know which search made them. JSON has
//! no infinity, so an infinite number (a proven node's disproof number, say) is written as
//! the string `"Infinity"`, which JavaScript's `Number()` reads back as `Infinity`:
//!
//! ```
//! use pnplay::search::view::Values;
//! let v = Values::ProofNumbers { pn: 0.0, dn: f64::INFINITY };
//! assert_eq!(
//!     serde_json::to_string(&v).unwrap(),
//!     r#"{"kind":"proof-numbers","pn":0.0,"dn":"Infinity","chart":1.0,"chart_label":"dn/(pn+dn)","text":"pn 0 / dn ∞"}"#
//! );
//! ```

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::tree::{NodeId, NodeKind, Status};
use super::{Stats, Verdict};
use crate::game::view::PositionView;

/// What each kind of [`Values`] declares, in the order of its variants: the kind's word, its
/// numbers' names (in the order of [`Values::numbers`]) and what [`Values::chart`] plots.
const KINDS: [(&str, &[&str], &str); 7] = [
    ("proof-numbers", &["pn", "dn"], "dn/(pn+dn)"),
    ("probability", &["ppn", "one_minus_ppn"], "PPN"),
    ("monte-carlo", &["pmc", "dmc"], "dmc/(pmc+dmc)"),
    ("mcts", &["visits", "mean"], "(1 + mean)/2"),
    (
        "pn-mcts",
        &["visits", "mean", "pn", "dn", "rank"],
        "(1 + mean)/2",
    ),
    (
        "evaluation",
        &["value", "depth"],
        "(1 + tanh(value/2500))/2",
    ),
    (
        "conspiracy",
        &["value", "up", "down", "step", "bound"],
        "(value + bound)/(2·bound)",
    ),
];

/// A node's values, named as the search names them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Values {
    /// PNS and df-pn: proof and disproof numbers (∞ for a resolved side).
    ProofNumbers {
        /// Proof number.
        pn: f64,
        /// Disproof number.
        dn: f64,
    },
    /// PPNS and PP: the probability-based proof number, and `1 − ppn` (precise mode computes
    /// it without cancellation, so values near 1 still show how near).
    Probability {
        /// The probability that the goal holds.
        ppn: f64,
        /// `1 − ppn`.
        one_minus_ppn: f64,
    },
    /// MCPNS: Monte-Carlo proof and disproof numbers.
    MonteCarlo {
        /// Monte-Carlo proof number.
        pmc: f64,
        /// Monte-Carlo disproof number.
        dmc: f64,
    },
    /// MCTS (UCT, with or without the solver): the node's visits and mean result in
    /// [−1, 1] for the player who made the move into it (at the root: for the player to
    /// move there, the question's player).
    Mcts {
        /// Simulations through the node (n_i).
        visits: f64,
        /// The mean of their results +1 / 0 / −1 (v_i).
        mean: f64,
    },
    /// PN-MCTS: MCTS's numbers, the node's proof and disproof numbers and its rank among
    /// its siblings (by pn under an OR parent, by dn under an AND parent; 1 is best; the
    /// root's is 1).
    PnMcts {
        /// Simulations through the node (n_i).
        visits: f64,
        /// The mean of their results for the player who moved into the node (v_i).
        mean: f64,
        /// Proof number.
        pn: f64,
        /// Disproof number.
        dn: f64,
        /// Rank among its siblings (pnRank_i of formula (2)).
        rank: f64,
    },
    /// The depth-limited players ([`crate::search::heuristic`]): the minimax value for the
    /// player to move at the root, in the evaluation's units (the weighted sum Σ wᵢ·hᵢ of the
    /// Othello heuristics paper), or, when a finished game decides it, the final disc
    /// difference times [`EVALUATION_PER_DISC`] (above any evaluation); and the depth
    /// searched.
    Evaluation {
        /// The value.
        value: f64,
        /// The depth (plies) of the search that gave it.
        depth: f64,
    },
    /// Conspiracy-number search ([`crate::search::bestfirst::cns`]): the node's minimax
    /// value for the root player on the search's grid of targets, and its conspiracy numbers
    /// for the two targets next to it — how many leaves must change their values at least
    /// to raise the value one step (`up`) or to lower it one step (`down`); ∞ when no
    /// change of the unfinished leaves can (every target's numbers are in the inspector).
    Conspiracy {
        /// The minimax value (a multiple of `step`).
        value: f64,
        /// Conspirators needed to raise it to `value + step`.
        up: f64,
        /// Conspirators needed to lower it to `value − step`.
        down: f64,
        /// The distance between targets.
        step: f64,
        /// The largest target: the targets run from −bound to bound.
        bound: f64,
    },
}

/// What one disc of a finished game's margin counts in [`Values::Evaluation`]: more than
/// any evaluation can reach, so a won game is worth more than any unfinished one.
pub const EVALUATION_PER_DISC: f64 = 1_000_000.0;

/// An evaluation as a share in [0, 1] for charts: `(1 + tanh(value / 2500)) / 2` (the
/// paper's weights sum to 85, so ±2500 is a clear edge), 1 for a won game, 0 for a lost one.
fn evaluation_share(value: f64) -> f64 {
    (1.0 + (value / 2500.0).tanh()) / 2.0
}

/// A conspiracy-number search's value as a share in [0, 1] for charts: 0 at −bound, 1 at
/// bound.
fn target_share(value: f64, bound: f64) -> f64 {
    if bound > 0.0 {
        ((value + bound) / (2.0 * bound)).clamp(0.0, 1.0)
    } else {
        0.5
    }
}

/// `b / (a + b)`, 1 when `a` is 0 and 0 when `b` is 0 (also for infinities).
fn share(a: f64, b: f64) -> f64 {
    if a == 0.0 {
        1.0
    } else if b == 0.0 {
        0.0
    } else if b.is_infinite() {
        1.0
    } else if a.is_infinite() {
        0.0
    } else {
        b / (a + b)
    }
}

/// A number in few characters: ∞, an integer, 4 significant digits or an exponent (how
/// values, traces and inspections write numbers).
#[must_use]
pub fn short(x: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "∞".into() } else { "-∞".into() };
    }
    if x.fract() == 0.0 && x.abs() < 1e15 {
        return format!("{x:.0}");
    }
    if x != 0.0 && (x.abs() < 1e-3 || x.abs() >= 1e6) {
        return format!("{x:.2e}");
    }
    let digits = (3 - x.abs().log10().floor() as i32).max(0) as usize;
    format!("{x:.digits$}")
}

/// A proof, disproof or conspiracy number as views show it: `u32::MAX`, the ∞ of every
/// search that counts in `u32`, becomes `f64::INFINITY`.
#[must_use]
pub fn shown_number(n: u32) -> f64 {
    if n == u32::MAX {
        f64::INFINITY
    } else {
        f64::from(n)
    }
}

impl Values {
    /// Where these values' kind stands in [`KINDS`].
    const fn kind_index(&self) -> usize {
        match self {
            Values::ProofNumbers { .. } => 0,
            Values::Probability { .. } => 1,
            Values::MonteCarlo { .. } => 2,
            Values::Mcts { .. } => 3,
            Values::PnMcts { .. } => 4,
            Values::Evaluation { .. } => 5,
            Values::Conspiracy { .. } => 6,
        }
    }

    /// The kind's word: `proof-numbers`, `probability`, `monte-carlo`.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        KINDS[self.kind_index()].0
    }

    /// The names of the numbers of the kind `kind` (a [`Values::kind`] word), in the order
    /// of [`Values::numbers`]; `None` for an unknown kind.
    #[must_use]
    pub fn names(kind: &str) -> Option<&'static [&'static str]> {
        KINDS
            .iter()
            .find(|(word, ..)| *word == kind)
            .map(|&(_, names, _)| names)
    }

    /// The values of the kind `kind` whose numbers, in the order of [`Values::names`], are
    /// `numbers`; `None` for an unknown kind or a count of numbers not its own. What
    /// [`Values::numbers`] gives back:
    ///
    /// ```
    /// use pnplay::search::view::Values;
    /// let v = Values::Mcts { visits: 12.0, mean: 0.5 };
    /// let numbers: Vec<f64> = v.numbers().into_iter().map(|(_, x)| x).collect();
    /// assert_eq!(Values::from_numbers(v.kind(), &numbers), Some(v));
    /// ```
    #[must_use]
    pub fn from_numbers(kind: &str, numbers: &[f64]) -> Option<Values> {
        Some(match (kind, numbers) {
            ("proof-numbers", &[pn, dn]) => Values::ProofNumbers { pn, dn },
            ("probability", &[ppn, one_minus_ppn]) => Values::Probability { ppn, one_minus_ppn },
            ("monte-carlo", &[pmc, dmc]) => Values::MonteCarlo { pmc, dmc },
            ("mcts", &[visits, mean]) => Values::Mcts { visits, mean },
            ("pn-mcts", &[visits, mean, pn, dn, rank]) => Values::PnMcts {
                visits,
                mean,
                pn,
                dn,
                rank,
            },
            ("evaluation", &[value, depth]) => Values::Evaluation { value, depth },
            ("conspiracy", &[value, up, down, step, bound]) => Values::Conspiracy {
                value,
                up,
                down,
                step,
                bound,
            },
            _ => return None,
        })
    }

    /// The named numbers, in order.
    #[must_use]
    pub fn numbers(&self) -> Vec<(&'static str, f64)> {
        let names = KINDS[self.kind_index()].1;
        let numbers = match *self {
            Values::ProofNumbers { pn, dn } => vec![pn, dn],
            Values::Probability { ppn, one_minus_ppn } => vec![ppn, one_minus_ppn],
            Values::MonteCarlo { pmc, dmc } => vec![pmc, dmc],
            Values::Mcts { visits, mean } => vec![visits, mean],
            Values::PnMcts {
                visits,
                mean,
                pn,
                dn,
                rank,
            } => vec![visits, mean, pn, dn, rank],
            Values::Evaluation { value, depth } => vec![value, depth],
            Values::Conspiracy {
                value,
                up,
                down,
                step,
                bound,
            } => vec![value, up, down, step, bound],
        };
        names.iter().copied().zip(numbers).collect()
    }

    /// The number in [0, 1] a chart plots for these values (1: proven, 0: disproven).
    #[must_use]
    pub fn chart(&self) -> f64 {
        match *self {
            Values::ProofNumbers { pn, dn } => share(pn, dn),
            Values::Probability { ppn, .. } => ppn,
            Values::MonteCarlo { pmc, dmc } => share(pmc, dmc),
            Values::Mcts { mean, .. } | Values::PnMcts { mean, .. } => (1.0 + mean) / 2.0,
            Values::Evaluation { value, .. } => evaluation_share(value),
            Values::Conspiracy { value, bound, .. } => target_share(value, bound),
        }
    }

    /// `1 −` [`Values::chart`], computed without cancellation: `one_minus_ppn` for
    /// probabilities (precise mode keeps it exact near 1), `pn/(pn+dn)` and `pmc/(pmc+dmc)`
    /// for the others. What a log-scale chart of "how far from proven" plots.
    #[must_use]
    pub fn complement(&self) -> f64 {
        match *self {
            Values::ProofNumbers { pn, dn } => share(dn, pn),
            Values::Probability { one_minus_ppn, .. } => one_minus_ppn,
            Values::MonteCarlo { pmc, dmc } => share(dmc, pmc),
            Values::Mcts { mean, .. } | Values::PnMcts { mean, .. } => (1.0 - mean) / 2.0,
            Values::Evaluation { value, .. } => evaluation_share(-value),
            Values::Conspiracy { value, bound, .. } => target_share(-value, bound),
        }
    }

    /// What [`Values::chart`] is.
    #[must_use]
    pub const fn chart_label(&self) -> &'static str {
        KINDS[self.kind_index()].2
    }

    /// The values as short text: `pn 3 / dn 5`, `ppn 0.8123` (`ppn 1 − 2.30e-9` near 1),
    /// `pmc 2.100 / dmc 0.9000`, `n 12 / v 0.4167`, `n 12 / v 0.4167 / pn 2 / dn 1 / rank 1`.
    #[must_use]
    pub fn text(&self) -> String {
        match *self {
            Values::ProofNumbers { pn, dn } => format!("pn {} / dn {}", short(pn), short(dn)),
            Values::Probability { ppn, one_minus_ppn } if ppn > 0.999 && one_minus_ppn > 0.0 => {
                format!("ppn 1 − {}", short(one_minus_ppn))
            }
            Values::Probability { ppn, .. } => format!("ppn {}", short(ppn)),
            Values::MonteCarlo { pmc, dmc } => format!("pmc {} / dmc {}", short(pmc), short(dmc)),
            Values::Evaluation { value, depth } if value.abs() >= EVALUATION_PER_DISC => {
                let discs = value / EVALUATION_PER_DISC;
                let verb = if discs > 0.0 { "wins" } else { "loses" };
                format!(
                    "{verb} by {} discs (depth {})",
                    short(discs.abs()),
                    short(depth)
                )
            }
            Values::Evaluation { value, depth } => {
                format!("eval {} (depth {})", short(value), short(depth))
            }
            Values::Conspiracy {
                value, up, down, ..
            } => format!("v {} / ↑ {} / ↓ {}", short(value), short(up), short(down)),
            Values::Mcts { visits, mean } => format!("n {} / v {}", short(visits), short(mean)),
            Values::PnMcts {
                visits,
                mean,
                pn,
                dn,
                rank,
            } => format!(
                "n {} / v {} / pn {} / dn {} / rank {}",
                short(visits),
                short(mean),
                short(pn),
                short(dn),
                short(rank)
            ),
        }
    }
}

/// A finite number as a JSON number, anything else as the string JavaScript's `Number()`
/// parses back (`"Infinity"`, `"-Infinity"`, `"NaN"`).
struct Number(f64);

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let x = self.0;
        if x.is_finite() {
            serializer.serialize_f64(x)
        } else if x.is_nan() {
            serializer.serialize_str("NaN")
        } else if x > 0.0 {
            serializer.serialize_str("Infinity")
        } else {
            serializer.serialize_str("-Infinity")
        }
    }
}

impl Serialize for Values {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let numbers = self.numbers();
        let mut map = serializer.serialize_map(Some(numbers.len() + 4))?;
        map.serialize_entry("kind", self.kind())?;
        for (name, value) in numbers {
            map.serialize_entry(name, &Number(value))?;
        }
        map.serialize_entry("chart", &Number(self.chart()))?;
        map.serialize_entry("chart_label", self.chart_label())?;
        map.serialize_entry("text", &self.text())?;
        map.end()
    }
}

/// One node on a most-proving-node path.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PathNode {
    /// The node's index in the tree.
    pub id: NodeId,
    /// The move that led here, in the game's notation (`None` at the root).
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// OR / AND / chance / terminal.
    pub kind: NodeKind,
    /// Exact status.
    pub status: Status,
    /// The search's values.
    pub values: Values,
    /// On the last iteration's path: the node's values when that iteration selected it,
    /// before its expansion and backup (`null` elsewhere and before the first iteration).
    pub before: Option<Values>,
    /// How many children the node has (0 for a leaf).
    pub child_count: u16,
}

/// A node of a [`Snapshot`], with the children the snapshot includes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ViewNode {
    /// The node itself.
    #[serde(flatten)]
    pub node: PathNode,
    /// Whether the node is on the last iteration's most-proving-node path.
    pub on_path: bool,
    /// The included children, in move order; `node.child_count` says how many exist.
    pub children: Vec<ViewNode>,
}

/// The top of a search tree for a view: the first levels, the last iteration's
/// most-proving-node path and every child of every node on that path (the path's siblings
/// and the leaves just created).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    /// Which search (its catalogue id).
    pub algo: &'static str,
    /// The search's current verdict (`out` while it is still running).
    pub verdict: Verdict,
    /// Whether the search has stopped.
    pub finished: bool,
    /// The search's counters.
    pub stats: Stats,
    /// The node ids of the last most-proving-node path, root first.
    pub path: Vec<NodeId>,
    /// The root, with the included part of the tree below it.
    pub root: ViewNode,
}

/// The nodes a [`Snapshot`] includes, at most `max_nodes` (at least the root): first the
/// last path and the line to the pinned node (`focus_line`, root first, empty if none), then
/// the children of every node on them (the path's siblings, the focus's children), then the
/// first `depth` levels breadth-first. `children(id)` lists a node's children in move order.
/// Shared by every search family that keeps a tree.
#[must_use]
pub fn snapshot_nodes(
    path: &[NodeId],
    focus_line: &[NodeId],
    depth: usize,
    max_nodes: usize,
    children: &dyn Fn(NodeId) -> Vec<NodeId>,
) -> std::collections::HashSet<NodeId> {
    let mut nodes = std::collections::HashSet::new();
    let add = |id: NodeId, nodes: &mut std::collections::HashSet<NodeId>| {
        if nodes.len() < max_nodes.max(1) {
            nodes.insert(id);
        }
    };
    let full = |nodes: &std::collections::HashSet<NodeId>| nodes.len() >= max_nodes.max(1);
    for &id in path.iter().chain(focus_line) {
        if full(&nodes) {
            break;
        }
        add(id, &mut nodes);
    }
    for &id in path.iter().chain(focus_line.last()) {
        if full(&nodes) {
            break;
        }
        if nodes.contains(&id) {
            for child in children(id) {
                add(child, &mut nodes);
            }
        }
    }
    // Level by level while a level has nodes and room is left: the cost is that of the
    // nodes drawn (and their children looked at), whatever `depth` asks.
    let mut level = vec![path.first().copied().unwrap_or(0)];
    for _ in 0..depth {
        if level.is_empty() || full(&nodes) {
            break;
        }
        let mut next = Vec::new();
        for child in level.iter().flat_map(|&id| children(id)) {
            add(child, &mut nodes);
            if nodes.contains(&child) {
                next.push(child);
            }
        }
        level = next;
    }
    nodes
}

impl ViewNode {
    /// The number of nodes in this subtree of the snapshot.
    #[must_use]
    pub fn count(&self) -> usize {
        1 + self.children.iter().map(ViewNode::count).sum::<usize>()
    }
}

/// One child of an inspected node.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InspectedChild {
    /// The child's index in the tree.
    pub id: NodeId,
    /// The move that leads to it, in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// OR / AND / chance / terminal.
    pub kind: NodeKind,
    /// Exact status.
    pub status: Status,
    /// The search's values.
    pub values: Values,
    /// Whether the selection rule picks this child now (the one the next iteration through
    /// the node descends into).
    pub selected: bool,
}

/// How a node's values follow from its children (or, for a leaf, how they were set).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Backup {
    /// The rule, in symbols: `pn = min over children pn_i; dn = Σ dn_i (OR node)`.
    pub formula: String,
    /// The rule applied to the children's actual numbers, ending with the result:
    /// `pn = min(3, 1, 4) = 1; dn = 3 + 1 + 2 = 6`.
    pub applied: String,
    /// The values the rule gives, computed by the search's own backup code (equal to the
    /// node's stored values after every backup).
    pub result: Values,
}

/// Everything about one tree node a view's inspector shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Inspection {
    /// The node as a path shows it (its id, the move that led here — `null` at the root —,
    /// kind, status, values now and before the last iteration, number of children), its
    /// fields written inline.
    #[serde(flatten)]
    pub node: PathNode,
    /// Plies from the root.
    pub depth: usize,
    /// The moves from the root to the node.
    pub line: Vec<String>,
    /// The node's position.
    pub position: PositionView,
    /// Its children, in move order (empty for a leaf).
    pub children: Vec<InspectedChild>,
    /// The backup rule applied to the children (or how a leaf was valued).
    pub backup: Backup,
    /// Which child selection picks and why; `null` for a leaf.
    pub selection: Option<String>,
    /// For searches over score targets (conspiracy-number search): the node's numbers for
    /// every target, each with its rule applied to the children; absent for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<Vec<TargetRow>>,
}

/// One target of a node inspected by a search over score targets: the conspiracy numbers
/// (McAllester) to make the node's value at least (`up`) or at most (`down`) the target,
/// and the one the dissertation's §2.2.1 names CN(v): `up` above the node's value, `down`
/// below it, 0 at it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TargetRow {
    /// The target value v.
    pub target: f64,
    /// CN(v).
    pub cn: f64,
    /// ↑needed(v): the fewest leaves whose values must change for the value to reach ≥ v.
    pub up: f64,
    /// ↓needed(v): the fewest for the value to reach ≤ v.
    pub down: f64,
    /// CN(v)'s rule applied to the children's numbers (`min(1, 2, ∞) = 1`), or how a leaf
    /// got it.
    pub applied: String,
}

/// The most points a [`History`] holds.
pub const HISTORY_POINTS: usize = 4096;

/// The root's value and the tree's size at every iteration of a search, kept compact: while
/// there is room every iteration is a point; when the points fill up, every other one is
/// dropped and the stride doubles, so the points are the iterations that are multiples of
/// `stride` (the first, iteration 0, always among them) plus the latest one. Nothing is
/// averaged or invented: each point is a value the search really had.
///
/// ```
/// use pnplay::search::view::{HISTORY_POINTS, History, Values};
/// let mut history = History::default();
/// let v = Values::ProofNumbers { pn: 1.0, dn: 3.0 };
/// for i in 0..=10_000 {
///     history.record(i, &v, i + 1);
/// }
/// assert!(history.len() <= HISTORY_POINTS);
/// assert_eq!(history.stride(), 4);
/// assert_eq!(history.iterations()[..3], [0, 4, 8]);
/// assert_eq!(*history.iterations().last().unwrap(), 10_000);
/// assert_eq!(history.complement()[0], 0.25); // pn/(pn+dn)
/// // Thinning keeps the latest point even when it is off the new stride.
/// let mut history = History::default();
/// for i in 0..HISTORY_POINTS as u64 {
///     history.record(i, &v, 1);
/// }
/// assert_eq!(history.stride(), 2);
/// assert_eq!(history.iterations()[history.len() - 2..], [4094, 4095]);
/// history.record(4096, &v, 1); // replaces the point off the stride
/// assert_eq!(history.iterations()[history.len() - 2..], [4094, 4096]);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    stride: u64,
    iterations: Vec<u64>,
    chart: Vec<f64>,
    complement: Vec<f64>,
    nodes: Vec<u64>,
    chart_label: &'static str,
    /// Whether the last point is a latest one off the stride (replaced by the next record).
    latest_off_stride: bool,
}

impl History {
    /// Records the root `values` and tree size `nodes` after `iteration` iterations. Calls
    /// come in increasing iteration order.
    pub fn record(&mut self, iteration: u64, values: &Values, nodes: u64) {
        if self.stride == 0 {
            self.stride = 1;
        }
        self.chart_label = values.chart_label();
        if self.latest_off_stride {
            self.pop();
        }
        self.iterations.push(iteration);
        self.chart.push(values.chart());
        self.complement.push(values.complement());
        self.nodes.push(nodes);
        self.latest_off_stride = iteration % self.stride != 0;
        // One place stays free for a latest point off the stride.
        if !self.latest_off_stride && self.iterations.len() >= HISTORY_POINTS {
            self.thin();
        }
    }

    fn pop(&mut self) {
        self.iterations.pop();
        self.chart.pop();
        self.complement.pop();
        self.nodes.pop();
        self.latest_off_stride = false;
    }

    /// Doubles the stride, keeping the points at its multiples and the latest one.
    fn thin(&mut self) {
        let stride = self.stride * 2;
        let last = self.iterations.len() - 1;
        let mut kept = 0;
        for i in 0..=last {
            if self.iterations[i] % stride == 0 || i == last {
                self.iterations[kept] = self.iterations[i];
                self.chart[kept] = self.chart[i];
                self.complement[kept] = self.complement[i];
                self.nodes[kept] = self.nodes[i];
                kept += 1;
            }
        }
        self.iterations.truncate(kept);
        self.chart.truncate(kept);
        self.complement.truncate(kept);
        self.nodes.truncate(kept);
        self.stride = stride;
        self.latest_off_stride = self.iterations[kept - 1] % stride != 0;
    }

    /// The number of points.
    #[must_use]
    pub fn len(&self) -> usize {
        self.iterations.len()
    }

    /// Whether nothing was recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.iterations.is_empty()
    }

    /// The distance between kept iterations (1: every iteration is a point).
    #[must_use]
    pub fn stride(&self) -> u64 {
        self.stride.max(1)
    }

    /// The iteration of each point.
    #[must_use]
    pub fn iterations(&self) -> &[u64] {
        &self.iterations
    }

    /// The root's [`Values::chart`] at each point.
    #[must_use]
    pub fn chart(&self) -> &[f64] {
        &self.chart
    }

    /// The root's [`Values::complement`] at each point.
    #[must_use]
    pub fn complement(&self) -> &[f64] {
        &self.complement
    }

    /// The tree size (nodes) at each point.
    #[must_use]
    pub fn nodes(&self) -> &[u64] {
        &self.nodes
    }
}

impl Serialize for History {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("stride", &self.stride())?;
        map.serialize_entry("iterations", &self.iterations)?;
        map.serialize_entry("chart", &self.chart)?;
        map.serialize_entry("complement", &self.complement)?;
        map.serialize_entry("nodes", &self.nodes)?;
        map.serialize_entry("chart_label", self.chart_label)?;
        map.end()
    }
}

/// One binary run of a search for an exact score ([`crate::search::exact::mvpns`]): the
/// question "score ≥ `threshold`?" and what the run answered.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ThresholdRun {
    /// The run's threshold v: it asks whether the root player's score is at least v.
    pub threshold: i32,
    /// `proved` (score ≥ v), `disproved` (score < v), or `out` while the run goes on.
    pub verdict: Verdict,
    /// Positions the run searched.
    pub nodes: u64,
    /// Seconds the run took.
    pub seconds: f64,
}

/// What a search for an exact score by threshold runs knows so far: every run (the one in
/// progress last, with verdict `out`), the bounds they proved on the score and, once the
/// bounds meet, the score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreSearch {
    /// The runs in the order they ran.
    pub runs: Vec<ThresholdRun>,
    /// The greatest v proved (score ≥ v); `null` before the first proof.
    pub low: Option<i32>,
    /// The least v disproved, minus 1 (score ≤ v); `null` before the first disproof.
    pub high: Option<i32>,
    /// The exact score for the root player, once `low == high`.
    pub score: Option<i32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_read_back_from_its_names_and_numbers() {
        let kinds = [
            Values::ProofNumbers {
                pn: 1.0,
                dn: f64::INFINITY,
            },
            Values::Probability {
                ppn: 0.25,
                one_minus_ppn: 0.75,
            },
            Values::MonteCarlo { pmc: 2.0, dmc: 0.5 },
            Values::Mcts {
                visits: 12.0,
                mean: -0.5,
            },
            Values::PnMcts {
                visits: 3.0,
                mean: 0.5,
                pn: 1.0,
                dn: 2.0,
                rank: 1.0,
            },
            Values::Evaluation {
                value: 85.0,
                depth: 4.0,
            },
            Values::Conspiracy {
                value: 2.0,
                up: 1.0,
                down: 3.0,
                step: 2.0,
                bound: 8.0,
            },
        ];
        for values in kinds {
            let (names, numbers): (Vec<&str>, Vec<f64>) = values.numbers().into_iter().unzip();
            assert_eq!(Values::names(values.kind()), Some(&names[..]));
            assert_eq!(Values::from_numbers(values.kind(), &numbers), Some(values));
            assert_eq!(Values::from_numbers(values.kind(), &numbers[1..]), None);
        }
        assert_eq!(Values::names("(none)"), None);
    }

    #[test]
    fn a_snapshot_costs_what_it_draws_whatever_the_depth_asked() {
        // A chain of 10 nodes under a root with a long path: any depth, and a node budget
        // smaller than the path, look at no more children than the nodes drawn.
        let looked = std::cell::Cell::new(0);
        let children = |id: NodeId| {
            looked.set(looked.get() + 1);
            if id < 10 { vec![id + 1] } else { Vec::new() }
        };
        let all = snapshot_nodes(&[0], &[], usize::MAX, 400, &children);
        assert_eq!(all.len(), 11);
        assert!(looked.get() <= 12, "{} lookups", looked.get());
        looked.set(0);
        let path: Vec<NodeId> = (0..=10).collect();
        let few = snapshot_nodes(&path, &[], usize::MAX, 3, &children);
        assert_eq!(few, [0, 1, 2].into_iter().collect());
        assert_eq!(looked.get(), 0, "a full snapshot looks at no children");
    }
}

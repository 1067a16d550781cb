//! What a best-first search shows the outside world: node values, the most-proving-node path
//! of the last iteration and a snapshot of the top of the tree.
//!
//! All of it is `serde::Serialize` and crosses to JavaScript (and the CLI's `--json`) as
//! JSON. JSON has no infinity, so an infinite number (a proven node's disproof number, say)
//! is written as the string `"Infinity"`, which JavaScript's `Number()` reads back as
//! `Infinity`:
//!
//! ```
//! use pnplay::search::view::Values;
//! let v = Values::ProofNumbers { pn: 0.0, dn: f64::INFINITY };
//! assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"kind":"proof-numbers","pn":0.0,"dn":"Infinity"}"#);
//! ```

use serde::{Serialize, Serializer};

use super::bestfirst::Algo;
use super::tree::{NodeId, NodeKind, Status};
use super::{Stats, Verdict};

/// A node's values, named as the search names them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Values {
    /// PNS: proof and disproof numbers (∞ for a resolved side).
    ProofNumbers {
        /// Proof number.
        #[serde(serialize_with = "number")]
        pn: f64,
        /// Disproof number.
        #[serde(serialize_with = "number")]
        dn: f64,
    },
    /// PPNS and PP: the probability-based proof number, and `1 − ppn` (precise mode computes
    /// it without cancellation, so values near 1 still show how near).
    Probability {
        /// The probability that the goal holds.
        #[serde(serialize_with = "number")]
        ppn: f64,
        /// `1 − ppn`.
        #[serde(serialize_with = "number")]
        one_minus_ppn: f64,
    },
    /// MCPNS: Monte-Carlo proof and disproof numbers.
    MonteCarlo {
        /// Monte-Carlo proof number.
        #[serde(serialize_with = "number")]
        pmc: f64,
        /// Monte-Carlo disproof number.
        #[serde(serialize_with = "number")]
        dmc: f64,
    },
}

/// Writes a finite number as a JSON number and anything else as the string JavaScript's
/// `Number()` parses back (`"Infinity"`, `"-Infinity"`, `"NaN"`).
fn number<S: Serializer>(x: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if x.is_finite() {
        serializer.serialize_f64(*x)
    } else if x.is_nan() {
        serializer.serialize_str("NaN")
    } else if *x > 0.0 {
        serializer.serialize_str("Infinity")
    } else {
        serializer.serialize_str("-Infinity")
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
    /// How many children the node has (0 for a leaf).
    pub child_count: u8,
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
    /// Which search.
    pub algo: Algo,
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

impl ViewNode {
    /// The number of nodes in this subtree of the snapshot.
    #[must_use]
    pub fn count(&self) -> usize {
        1 + self.children.iter().map(ViewNode::count).sum::<usize>()
    }
}

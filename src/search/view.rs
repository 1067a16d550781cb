//! What a search shows the outside world: node values, the most-proving-node path of the
//! last iteration and a snapshot of the top of the tree.
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

/// A number in few characters: ∞, an integer, 4 significant digits or an exponent.
fn short(x: f64) -> String {
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

impl Values {
    /// The kind's word: `proof-numbers`, `probability`, `monte-carlo`.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Values::ProofNumbers { .. } => "proof-numbers",
            Values::Probability { .. } => "probability",
            Values::MonteCarlo { .. } => "monte-carlo",
        }
    }

    /// The named numbers, in order.
    #[must_use]
    pub fn numbers(&self) -> [(&'static str, f64); 2] {
        match *self {
            Values::ProofNumbers { pn, dn } => [("pn", pn), ("dn", dn)],
            Values::Probability { ppn, one_minus_ppn } => {
                [("ppn", ppn), ("one_minus_ppn", one_minus_ppn)]
            }
            Values::MonteCarlo { pmc, dmc } => [("pmc", pmc), ("dmc", dmc)],
        }
    }

    /// The number in [0, 1] a chart plots for these values (1: proven, 0: disproven).
    #[must_use]
    pub fn chart(&self) -> f64 {
        match *self {
            Values::ProofNumbers { pn, dn } => share(pn, dn),
            Values::Probability { ppn, .. } => ppn,
            Values::MonteCarlo { pmc, dmc } => share(pmc, dmc),
        }
    }

    /// What [`Values::chart`] is.
    #[must_use]
    pub const fn chart_label(&self) -> &'static str {
        match self {
            Values::ProofNumbers { .. } => "dn/(pn+dn)",
            Values::Probability { .. } => "PPN",
            Values::MonteCarlo { .. } => "dmc/(pmc+dmc)",
        }
    }

    /// The values as short text: `pn 3 / dn 5`, `ppn 0.8123` (`ppn 1 − 2.30e-9` near 1),
    /// `pmc 2.100 / dmc 0.9000`.
    #[must_use]
    pub fn text(&self) -> String {
        match *self {
            Values::ProofNumbers { pn, dn } => format!("pn {} / dn {}", short(pn), short(dn)),
            Values::Probability { ppn, one_minus_ppn } if ppn > 0.999 && one_minus_ppn > 0.0 => {
                format!("ppn 1 − {}", short(one_minus_ppn))
            }
            Values::Probability { ppn, .. } => format!("ppn {}", short(ppn)),
            Values::MonteCarlo { pmc, dmc } => format!("pmc {} / dmc {}", short(pmc), short(dmc)),
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
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry("kind", self.kind())?;
        for (name, value) in self.numbers() {
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

impl ViewNode {
    /// The number of nodes in this subtree of the snapshot.
    #[must_use]
    pub fn count(&self) -> usize {
        1 + self.children.iter().map(ViewNode::count).sum::<usize>()
    }
}

//! What a search counts while it runs: [`Stats`].

use serde::{Deserialize, Serialize};

use super::limits::Limit;

/// What a search counts while it runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Iterations done (one most-proving-node expansion each, for best-first searches).
    pub iterations: u64,
    /// Nodes created.
    pub nodes_created: u64,
    /// Nodes expanded.
    pub nodes_expanded: u64,
    /// Random playouts run.
    pub playouts: u64,
    /// Seconds spent searching.
    pub seconds: f64,
    /// The most nodes held at once.
    pub peak_nodes: u64,
    /// Bytes each tree node takes.
    pub bytes_per_node: u64,
    /// The most bytes the search's tree and tables took, by its own accounting
    /// ([`memory`](crate::search::memory)); what [`Limits::max_bytes`](super::limits::Limits::max_bytes) bounds.
    #[serde(default)]
    pub bytes: u64,
    /// Which limit ended the search `out`, once it has (`None` while it runs, and when it
    /// decided).
    #[serde(default)]
    pub stopped_by: Option<Limit>,
}

//! When a search must stop and why it stopped: the run's [`Limits`], the [`Limit`] that
//! ended it `out`, the [`Stop`] a depth-first search returns, one step's [`Budget`], and the
//! deepest line a depth-first search follows ([`MAX_PLIES`]).

use serde::{Deserialize, Serialize};

use super::clock;

/// The longest line a depth-first search to the end of the game follows (alpha-beta,
/// expectimax without an evaluation): its recursion must fit a wasm stack (about 1 MB in
/// browsers and Node), and 2048's, LOA's and Awari's lines can run to thousands of moves. A
/// search that reaches it ends `out` for its depth ([`Limit::Depth`]).
pub const MAX_PLIES: u32 = 256;

/// The share of the memory limit one fixed-size transposition table may take when the
/// limit is smaller than the table would be: half, leaving the rest to the search's other
/// structures (a tree, a second table).
const TABLE_SHARE: u64 = 2;

/// Why a depth-first search stopped early: one of its [`Limits`] was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop;

/// Which limit ended a search `out` (SPEC.md §4): what a report gives as the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// The node limit ([`Limits::max_nodes`]).
    Nodes,
    /// The time limit ([`Limits::max_seconds`]).
    Time,
    /// The iteration limit ([`Limits::max_iterations`]).
    Iterations,
    /// The memory limit ([`Limits::max_bytes`]): the tree or a table would have grown past it.
    Memory,
    /// The search's own depth: a depth-limited player or expectimax searched its whole depth
    /// over an evaluation, which decides nothing.
    Depth,
}

impl Limit {
    /// The limit's word, as reports spell it.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Limit::Nodes => "nodes",
            Limit::Time => "time",
            Limit::Iterations => "iterations",
            Limit::Memory => "memory",
            Limit::Depth => "depth",
        }
    }
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// When a search must stop. `None` means no limit of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    /// Most tree nodes (best-first searches) or positions visited (depth-first ones).
    pub max_nodes: Option<u64>,
    /// Most seconds of search time.
    pub max_seconds: Option<f64>,
    /// Most iterations (expansions of a most-proving node).
    pub max_iterations: Option<u64>,
    /// Most bytes the search's tree and tables may take ([`memory`](crate::search::memory)): checked before they
    /// grow, and a table is sized within it.
    #[serde(default)]
    pub max_bytes: Option<u64>,
}

impl Limits {
    /// The size of a fixed transposition table wanted at `wanted` bytes, within the memory
    /// limit: at most half of it.
    ///
    /// ```
    /// use pnplay::search::Limits;
    /// let within = |max: Option<u64>| Limits { max_bytes: max, ..Limits::default() };
    /// assert_eq!(within(Some(64 << 20)).table_bytes(16 << 20), 16 << 20);
    /// assert_eq!(within(Some(8 << 20)).table_bytes(16 << 20), 4 << 20);
    /// assert_eq!(within(None).table_bytes(16 << 20), 16 << 20);
    /// ```
    #[must_use]
    pub fn table_bytes(&self, wanted: usize) -> usize {
        self.max_bytes.map_or(wanted, |max| {
            wanted.min(usize::try_from(max / TABLE_SHARE).unwrap_or(usize::MAX))
        })
    }

    /// Whether a tree search with `iterations` done, `nodes` in its tree and `seconds`
    /// spent has reached one of the limits.
    #[must_use]
    pub fn reached(&self, iterations: u64, nodes: u64, seconds: f64) -> bool {
        self.max_iterations.is_some_and(|max| iterations >= max)
            || self.max_nodes.is_some_and(|max| nodes >= max)
            || self.max_seconds.is_some_and(|max| seconds >= max)
    }

    /// Counts one more position of a depth-first search that has searched `*nodes`
    /// positions; [`Stop`] (nothing counted) once the node limit is reached, and [`Stop`] when
    /// `ticker` reads its clock past the time limit (reading the clock costs more than a fast
    /// position, so it is read about once a millisecond: [`clock::Ticker`]).
    ///
    /// ```
    /// use pnplay::search::{clock::Ticker, Limits};
    /// let limits = Limits { max_nodes: Some(2), ..Limits::default() };
    /// let (mut ticker, mut nodes) = (Ticker::start(), 0);
    /// assert!(limits.count_position(&mut nodes, &mut ticker).is_ok());
    /// assert!(limits.count_position(&mut nodes, &mut ticker).is_ok());
    /// assert!(limits.count_position(&mut nodes, &mut ticker).is_err()); // a third is over the limit
    /// assert_eq!(nodes, 2);
    /// ```
    #[inline]
    pub fn count_position(&self, nodes: &mut u64, ticker: &mut clock::Ticker) -> Result<(), Stop> {
        if self.max_nodes.is_some_and(|max| *nodes >= max) {
            return Err(Stop);
        }
        *nodes += 1;
        if self
            .max_seconds
            .is_some_and(|max| ticker.tick().is_some_and(|now| now >= max))
        {
            return Err(Stop);
        }
        Ok(())
    }
}

/// How much one call of [`Session::step`](crate::search::session::Session::step) may do; `None` means no bound of that kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Budget {
    /// Most iterations in this call.
    pub iterations: Option<u64>,
    /// Most seconds in this call.
    pub seconds: Option<f64>,
}

impl Budget {
    /// No bound: run until the search finishes or reaches a limit.
    pub const UNLIMITED: Budget = Budget {
        iterations: None,
        seconds: None,
    };

    /// At most `n` iterations.
    #[must_use]
    pub const fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            seconds: None,
        }
    }

    /// At most `seconds` of search.
    #[must_use]
    pub const fn seconds(seconds: f64) -> Budget {
        Budget {
            iterations: None,
            seconds: Some(seconds),
        }
    }
}

//! What a search declares about itself: its [`Family`], its [`Capabilities`], the
//! [`Meaning`] of the numbers it shows and its [`Explain`] text ([`SearchInfo`]). The list of
//! searches is [`super::catalogue`]; this module knows none of them.

use serde::Serialize;

use super::params::ParamSpec;

/// The family a search belongs to (how it searches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Best-first proof-number searches over an explicit tree (PNS, PPNS, MCPNS, PP).
    BestFirst,
    /// Depth-first exact solvers with a transposition table (df-pn, alpha-beta).
    Exact,
    /// Monte-Carlo tree searches that play (MCTS with UCT, MCTS-Solver, PN-MCTS).
    Mcts,
    /// Depth-limited players over a game's evaluation function (minimax, alpha-beta,
    /// iterative deepening: the Othello heuristics paper).
    Heuristic,
    /// Depth-limited expectimax for games with chance (the dissertation's chapter 5), with
    /// Star1 pruning.
    Expectimax,
}

/// What a search can do, for the page and the experiments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Capabilities {
    /// Its iterations are meaningful steps to watch one by one.
    pub steppable: bool,
    /// Its `proved`/`disproved` verdicts are its only conclusions (no statistical ones).
    pub exact: bool,
    /// It runs random playouts (so its seed matters).
    pub playouts: bool,
    /// It keeps a tree a view can draw ([`super::session::Session::tree`]).
    pub tree: bool,
    /// It chooses moves to play in a game (players, not solvers).
    pub plays: bool,
    /// It assumes no position repeats in a game (it refuses games whose facts say they do).
    pub acyclic_only: bool,
    /// It handles chance nodes (2048's spawns); a search without it refuses games with chance.
    pub chance: bool,
    /// It spends its whole time allowed in one step (iterative deepening under a clock: the
    /// step's seconds are its time limit), so a driver that steps in short slices must give
    /// it one step bounded by the run's own time instead.
    pub timed: bool,
    /// It can carry its tree on to a later position of the same game, the subtree after the
    /// moves played since kept with its statistics ([`super::session::Session::carry`]): what
    /// an agent with `tree=keep` asks of it, as Ludii's agents reuse their trees.
    pub carries_tree: bool,
}

/// What one number a search shows means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Meaning {
    /// The number's name as values name it (`pn`, `ppn`, `1 − ppn`, `pmc`).
    pub name: &'static str,
    /// What it means.
    pub meaning: &'static str,
}

/// The proof number.
pub const PN: Meaning = Meaning {
    name: "pn",
    meaning: "proof number: the fewest leaves that must still be proven to prove this node (0: proven, ∞: disproven)",
};
/// The disproof number.
pub const DN: Meaning = Meaning {
    name: "dn",
    meaning: "disproof number: the fewest leaves that must still be disproven to disprove this node (0: disproven, ∞: proven)",
};
/// How a finished game's proof numbers are set (every proof-number search's rule).
pub const PN_TERMINAL_RULE: &str =
    "a finished game: pn = 0, dn = ∞ if it meets the goal; pn = ∞, dn = 0 if it does not";
/// The proof numbers' backup rule at OR nodes.
pub const PN_OR_RULE: &str = "OR node: pn = min over children pn_i; dn = Σ dn_i";
/// The proof numbers' backup rule at AND and chance nodes.
pub const PN_AND_RULE: &str = "AND (and chance) node: pn = Σ pn_i; dn = min over children dn_i";
/// The probability-based proof number.
pub const PPN: Meaning = Meaning {
    name: "ppn",
    meaning: "probability-based proof number: the probability that the goal holds at this node, if the leaves' estimates were right and independent (1: proven, 0: disproven)",
};
/// Its complement.
pub const ONE_MINUS_PPN: Meaning = Meaning {
    name: "1 − ppn",
    meaning: "the probability that the goal fails; shown as ppn 1 − x when ppn is within 0.001 of 1, so values near 1 stay readable",
};
/// The Monte-Carlo proof number.
pub const PMC: Meaning = Meaning {
    name: "pmc",
    meaning: "Monte-Carlo proof number: like pn, but a new leaf costs 1 − R (R: the share of its random playouts that reach the goal), so leaves random play usually wins are cheap to prove",
};
/// The Monte-Carlo disproof number.
pub const DMC: Meaning = Meaning {
    name: "dmc",
    meaning: "Monte-Carlo disproof number: like dn, but a new leaf costs R, so leaves random play usually loses are cheap to disprove",
};

/// A search explained for the page: every number it shows, its rules, how it selects, what
/// its parameters do and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Explain {
    /// What the search does, in a few sentences.
    pub summary: &'static str,
    /// Every number a node shows.
    pub values: &'static [Meaning],
    /// The rules, one line each: finished games, new leaves, OR, AND and chance nodes.
    pub formulas: &'static [&'static str],
    /// How it chooses what to search next.
    pub selection: &'static str,
    /// How θ, pr, playouts and the run settings act in this search.
    pub params: &'static str,
    /// The paper and section (and formula numbers) it follows.
    pub source: &'static str,
    /// Its pseudocode, each line tagged with its phase (empty for searches without one yet).
    pub pseudocode: &'static [super::pseudocode::Line],
}

/// Everything a search declares about itself.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SearchInfo {
    /// Its id: the CLI's and links' name.
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// One line on what it is and which paper section it follows.
    pub help: &'static str,
    /// Its family.
    pub family: Family,
    /// What it can do.
    pub capabilities: Capabilities,
    /// The parameters it reads, besides the run settings of [`super::params::RUN_PARAMS`].
    pub params: &'static [ParamSpec],
    /// The page's explanation of it.
    pub explain: Explain,
}

impl SearchInfo {
    /// The nodes of `stats` that the node limit counts: tree nodes created (best-first) or
    /// positions searched (exact searches). What records and reports call `nodes`.
    #[must_use]
    pub fn nodes(&self, stats: &crate::core::stats::Stats) -> u64 {
        match self.family {
            Family::BestFirst | Family::Mcts => stats.nodes_created,
            Family::Exact | Family::Heuristic | Family::Expectimax => stats.nodes_expanded,
        }
    }
}

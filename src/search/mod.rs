//! Searches written once against [`crate::game::Game`], laid out by family: [`bestfirst`]
//! (PNS, PPNS, precise PPNS, MCPNS, PP over an explicit tree), [`mcts`] (MCTS with UCT, the
//! MCTS-Solver and PN-MCTS), [`exact`] (df-pn and alpha-beta with transposition tables) and
//! [`heuristic`] (the depth-limited players of the Othello heuristics paper). [`catalogue`] lists them all with their parameter
//! schemas ([`params`]), and [`session`] is the one interface every search is driven through.
//! No module here imports a concrete game: game knowledge comes through
//! [`crate::game::knowledge`].
//!
//! This module holds what every search shares: the question a solver answers ([`Goal`]),
//! the words for its answer ([`Verdict`], SPEC.md §3), the [`Limits`] it runs under, the
//! [`Stats`] it reports and the [`Clock`] it reads time from (never `std::time::Instant`
//! directly: that panics on wasm32; `web_time` reads `performance.now()` there).

pub mod bestfirst;
pub mod catalogue;
pub mod clock;
pub mod exact;
pub mod expectimax;
pub mod heuristic;
pub mod limited;
pub mod mcts;
pub mod memory;
pub mod params;
pub mod pseudocode;
pub mod session;
pub mod view;

pub use bestfirst::tree;
pub use clock::Clock;

use serde::{Deserialize, Serialize};

use crate::game::catalogue::Catalogued;
use crate::game::{Game, Outcome, Player, Turn};

/// What counts as proven for the player to move at the root (SPEC.md §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// Proven means the root player wins; a draw is disproven.
    #[default]
    Win,
    /// Proven means the root player at least draws.
    NotLose,
}

impl Goal {
    /// Whether a finished game with this outcome (from the root player's view) counts as
    /// proven.
    #[must_use]
    pub const fn is_proven(self, outcome: Outcome) -> bool {
        matches!(
            (self, outcome),
            (_, Outcome::Win) | (Goal::NotLose, Outcome::Draw)
        )
    }

    /// Parses `win` or `not-lose`.
    pub fn parse(text: &str) -> Result<Goal, String> {
        match text {
            "win" => Ok(Goal::Win),
            "not-lose" => Ok(Goal::NotLose),
            other => Err(format!(
                "unknown goal {}: expected win or not-lose",
                crate::game::error::Elided(other)
            )),
        }
    }

    /// The goal's name as the CLI and links spell it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::NotLose => "not-lose",
        }
    }
}

/// A search's answer, in the words used everywhere (SPEC.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The goal holds, established exactly.
    Proved,
    /// The goal fails, established exactly.
    Disproved,
    /// A probability-based search's root value came within `pr` of 1: not a proof.
    ConcludedWin,
    /// A probability-based search's root value came within `pr` of 0: not a disproof.
    ConcludedLoss,
    /// A limit was reached first (or the search has not finished yet).
    Out,
}

impl Verdict {
    /// The verdict's word, as in SPEC.md §3.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::Disproved => "disproved",
            Verdict::ConcludedWin => "concluded-win",
            Verdict::ConcludedLoss => "concluded-loss",
            Verdict::Out => "out",
        }
    }

    /// True for `proved` and `disproved`: the answer is exact.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        matches!(self, Verdict::Proved | Verdict::Disproved)
    }

    /// The claimed answer, if any: `Some(true)` for proved / concluded-win.
    #[must_use]
    pub const fn claim(self) -> Option<bool> {
        match self {
            Verdict::Proved | Verdict::ConcludedWin => Some(true),
            Verdict::Disproved | Verdict::ConcludedLoss => Some(false),
            Verdict::Out => None,
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// The longest line a depth-first search to the end of the game follows (alpha-beta,
/// expectimax without an evaluation): its recursion must fit a wasm stack (about 1 MB in
/// browsers and Node), and 2048's, LOA's and Awari's lines can run to thousands of moves. A
/// search that reaches it ends `out` for its depth ([`Limit::Depth`]).
pub const MAX_PLIES: u32 = 256;

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
    /// Most bytes the search's tree and tables may take ([`memory`]): checked before they
    /// grow, and a table is sized within it.
    #[serde(default)]
    pub max_bytes: Option<u64>,
}

impl Limits {
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
    /// ([`memory`]); what [`Limits::max_bytes`] bounds.
    #[serde(default)]
    pub bytes: u64,
    /// Which limit ended the search `out`, once it has (`None` while it runs, and when it
    /// decided).
    #[serde(default)]
    pub stopped_by: Option<Limit>,
}

/// The player whose question a search answers, and the goal: everything needed to turn a
/// finished game into proven / disproven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// The player to move at the root (for 2048: the player).
    pub root_player: Player,
    /// What counts as proven.
    pub goal: Goal,
}

impl Question {
    /// The question about `root` for `goal`: the root player is the player to move (for a
    /// chance root or a finished game, [`Player::First`], the single agent).
    #[must_use]
    pub fn at<G: Game>(root: &G, goal: Goal) -> Question {
        Question {
            root_player: match root.turn() {
                Turn::Player(player) => player,
                Turn::Chance | Turn::Over => Player::First,
            },
            goal,
        }
    }

    /// The question about `root` in words, with the players named as the game's catalogue
    /// names them: `Can X, to move, force a win?`, `Can Black (X), to move, avoid losing
    /// (force at least a draw)?`; for a single-agent game with chance, `Can the player
    /// force a win whatever chance does?`.
    ///
    /// ```
    /// use pnplay::game::{Game, tictactoe::TicTacToe};
    /// use pnplay::search::{Goal, Question};
    /// let pos = TicTacToe::parse_position(&(), "5").unwrap(); // X took the centre
    /// let question = Question::at(&pos, Goal::NotLose);
    /// assert_eq!(question.words(&pos), "Can O, to move, avoid losing (force at least a draw)?");
    /// ```
    #[must_use]
    pub fn words<G: Catalogued>(self, root: &G) -> String {
        let family = G::FAMILY;
        let goal = match self.goal {
            Goal::Win => "force a win",
            Goal::NotLose => "avoid losing (force at least a draw)",
        };
        let index = match self.root_player {
            Player::First => 0,
            Player::Second => 1,
        };
        let name = family
            .presentation
            .players
            .get(index)
            .copied()
            .unwrap_or("the player");
        let chance = if family.facts.chance {
            " whatever chance does"
        } else {
            ""
        };
        if family.facts.players == 1 {
            let name = name
                .strip_prefix("The ")
                .map_or(name.to_string(), |rest| format!("the {rest}"));
            format!("Can {name} {goal}{chance}?")
        } else if root.turn() == Turn::Player(self.root_player) {
            format!("Can {name}, to move, {goal}{chance}?")
        } else {
            format!("Can {name} {goal}{chance}?")
        }
    }

    /// Whether the finished game `outcome` (seen from `root_player`) is proven.
    #[must_use]
    pub const fn proven_by(self, outcome: Outcome) -> bool {
        self.goal.is_proven(outcome)
    }
}

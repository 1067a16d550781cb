//! Searches written once against [`crate::game::Game`], laid out by family: [`bestfirst`]
//! (PNS, PPNS, precise PPNS, MCPNS, PP over an explicit tree), [`mcts`] (MCTS with UCT, the
//! MCTS-Solver and PN-MCTS), [`exact`] (df-pn and alpha-beta with transposition tables) and
//! [`heuristic`] (the depth-limited players of the Othello heuristics paper). [`catalogue`] lists them all with their parameter
//! schemas ([`params`]), and [`session`] is the one interface every search is driven through.
//! No module here imports a concrete game: game knowledge comes through
//! [`crate::game::knowledge`].
//!
//! The words every search shares — the question a solver answers ([`Goal`], [`Question`]),
//! its answer ([`Verdict`], SPEC.md §3), the [`Limits`] it runs under, the [`Stats`] it
//! reports and the [`Clock`] it reads time from — live in [`crate::core`], below the games,
//! and are re-exported here under the names searches have always used.

pub mod bestfirst;
pub mod catalogue;
pub mod certificate;
pub mod exact;
pub mod expectimax;
pub mod family;
pub mod heuristic;
pub mod limited;
pub mod mcts;
pub mod memory;
pub mod params;
pub mod pseudocode;
pub mod session;
pub mod session_core;
pub mod threshold_log;
mod tree_walk;
pub mod view;

// The search modules that the catalogue's list declares (its `mod` lines).
crate::__searches!(modules);

pub use crate::core::clock::{self, Clock};
pub use crate::core::limits::{Limit, Limits, MAX_PLIES, Stop};
pub use crate::core::question::{Goal, Question};
pub use crate::core::stats::Stats;
pub use crate::core::verdict::Verdict;
pub use bestfirst::tree;

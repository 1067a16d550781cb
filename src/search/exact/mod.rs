//! The exact family: depth-first solvers with a fixed-size transposition table —
//! [`dfpn`] (Nagai's df-pn, the PPNS paper's baseline for exact solving) and [`alphabeta`]
//! (the independent truth every other search is checked against). Both answer only
//! `proved`, `disproved` or `out`, and both run as sessions ([`crate::search::session`]):
//! a step searches within its budget and the next step resumes, the table keeping what was
//! learnt.
//!
//! Their budgets and counters are in positions searched: one iteration of an exact search
//! is one position, so a page's "step 100" searches 100 more positions.

pub mod alphabeta;
pub mod dfpn;
pub mod table;

use super::Limits;
use super::session::Budget;

/// The limits of one step of an exact search: the budget, within what remains of the run's
/// `limits` after `nodes` positions and `seconds` of earlier steps.
fn step_limits(limits: &Limits, budget: Budget, nodes: u64, seconds: f64) -> Limits {
    let remaining_nodes = limits.max_nodes.map(|max| max.saturating_sub(nodes));
    let remaining_seconds = limits.max_seconds.map(|max| (max - seconds).max(0.0));
    let least = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    Limits {
        max_nodes: least(remaining_nodes, budget.iterations),
        max_seconds: match (remaining_seconds, budget.seconds) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        max_iterations: None,
    }
}

/// Whether the run's `limits` are used up after `nodes` positions and `seconds`.
fn run_limit_reached(limits: &Limits, nodes: u64, seconds: f64) -> bool {
    limits.max_nodes.is_some_and(|max| nodes >= max)
        || limits.max_seconds.is_some_and(|max| seconds >= max)
}

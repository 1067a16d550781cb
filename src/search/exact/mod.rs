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
pub mod dfppns;
pub mod mvpns;
pub mod table;

use super::family::Capabilities;
use super::session::Budget;
use super::{Limits, Stats, Verdict};
use crate::game::knowledge::Knowledge;
use alphabeta::{AlphaBeta, AlphaBetaConfig, Score};

/// The exact value of `pos` for the player to move (for a chance node or a finished game:
/// of the first player) and a best move, with the positions searched; `None` if `limits`
/// stop it first. The game's own solver ([`Knowledge::exact_solver`]) answers when it has
/// one and `pos` is a player's turn (on `threads` threads where it can search in parallel,
/// [`crate::game::knowledge::ExactSolver::set_threads`]), alpha-beta with the game's
/// ordering otherwise.
///
/// ```
/// use pnplay::game::{Game, tictactoe::TicTacToe};
/// let pos = TicTacToe::start(&());
/// let (score, nodes) = pnplay::search::exact::solve_score(&pos, &Default::default(), 1).unwrap();
/// assert_eq!(score.value, 0); // tic-tac-toe is a draw
/// assert!(nodes > 0);
/// ```
pub fn solve_score<G: Knowledge>(
    pos: &G,
    limits: &Limits,
    threads: usize,
) -> Option<(Score<G::Move>, u64)> {
    if let Some(mut solver) = crate::game::knowledge::turn_solver(pos, threads) {
        let score = solver.score(pos, limits)?;
        return Some((score, solver.nodes()));
    }
    let mut search = AlphaBeta::<G, G::Ordering>::with_knowledge(AlphaBetaConfig::default());
    let score = search.score(pos, limits)?;
    Some((score, search.stats().nodes_expanded))
}

/// What an exact search can do: exact answers only, no tree to draw, no playouts; its
/// iterations are positions, too small to watch one by one.
pub const CAPABILITIES: Capabilities = Capabilities {
    steppable: false,
    exact: true,
    playouts: false,
    tree: false,
    plays: false,
    acyclic_only: true,
    chance: true,
    timed: false,
};

/// What an exact search's session keeps besides the search: the run's limits, and the
/// verdict once the run has stopped. Both exact sessions step through it, and the
/// depth-limited players ([`crate::search::heuristic`]) too.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    pub(crate) limits: Limits,
    pub(crate) finished: Option<Verdict>,
}

impl Run {
    pub(crate) fn new(limits: Limits) -> Run {
        Run {
            limits,
            finished: None,
        }
    }

    /// One step of a run whose counters are `before`: `search` searches within the budget
    /// and what remains of the run's limits, and answers its verdict and the counters after.
    /// The run stops at an exact verdict or when its limits are used up.
    pub(crate) fn step(
        &mut self,
        budget: Budget,
        before: Stats,
        search: impl FnOnce(&Limits) -> (Verdict, Stats),
    ) -> Option<Verdict> {
        if self.finished.is_some() {
            return self.finished;
        }
        if run_limit_reached(&self.limits, &before) {
            self.finished = Some(Verdict::Out);
            return self.finished;
        }
        let (verdict, after) = search(&step_limits(&self.limits, budget, &before));
        if verdict.is_exact() {
            self.finished = Some(verdict);
        } else if run_limit_reached(&self.limits, &after)
            || after.stopped_by == Some(crate::search::Limit::Depth)
        {
            // A line past [`crate::search::MAX_PLIES`] stops every later step the same way.
            self.finished = Some(Verdict::Out);
        }
        self.finished
    }

    pub(crate) fn verdict(&self) -> Verdict {
        self.finished.unwrap_or(Verdict::Out)
    }
}

/// The limits of one step of an exact search: the budget, within what remains of the run's
/// `limits` after the positions and seconds of earlier steps (`spent`).
fn step_limits(limits: &Limits, budget: Budget, spent: &Stats) -> Limits {
    let remaining_nodes = limits
        .max_nodes
        .map(|max| max.saturating_sub(spent.nodes_expanded));
    let remaining_seconds = limits.max_seconds.map(|max| (max - spent.seconds).max(0.0));
    Limits {
        max_nodes: least(remaining_nodes, budget.iterations),
        max_seconds: least(remaining_seconds, budget.seconds),
        max_iterations: None,
        max_bytes: limits.max_bytes,
    }
}

/// The smaller of two optional bounds (`None`: no bound).
fn least<T: PartialOrd>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b < a { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Whether the run's `limits` are used up after the positions and seconds of `spent`.
fn run_limit_reached(limits: &Limits, spent: &Stats) -> bool {
    limits
        .max_nodes
        .is_some_and(|max| spent.nodes_expanded >= max)
        || limits.max_seconds.is_some_and(|max| spent.seconds >= max)
}

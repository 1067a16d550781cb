//! The exact family: depth-first solvers with a fixed-size transposition table —
//! [`dfpn`] (Nagai's df-pn, the PPNS paper's baseline for exact solving) and [`alphabeta`]
//! (the independent truth every other search is checked against). Both answer only
//! `proved`, `disproved` or `out`, and both run as sessions ([`crate::search::session`]):
//! a step searches within its budget and the next step resumes, the table keeping what was
//! learnt (the session core's `Run::step`, [`crate::search::session_core`]).
//!
//! Their budgets and counters are in positions searched: one iteration of an exact search
//! is one position, so a page's "step 100" searches 100 more positions.

pub mod alphabeta;
pub mod dfpn;
pub mod dfppns;
pub mod jobs;
pub mod mvpns;
pub mod table;

use super::family::Capabilities;
use super::session_core::least;
use super::{Limits, Question, Stats, Stop};
use crate::game::knowledge::Knowledge;
use crate::game::{Game, MoveList, Turn};
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

/// Whether the finished position `pos` meets `question`'s goal.
pub(crate) fn proven_at<G: Game>(question: Question, pos: &G) -> bool {
    pos.outcome(question.root_player)
        .is_some_and(|outcome| question.proven_by(outcome))
}

/// The value of the finished position `pos` for a search: `proven` if it meets `question`'s
/// goal, `disproven` if not.
pub(crate) fn settled<G: Game, V>(question: Question, pos: &G, proven: V, disproven: V) -> V {
    if proven_at(question, pos) {
        proven
    } else {
        disproven
    }
}

/// Whether `question`'s root player chooses the move at `pos`: an OR node.
pub(crate) fn is_or<G: Game>(question: Question, pos: &G) -> bool {
    pos.turn() == Turn::Player(question.root_player)
}

/// The move of `root` whose child has the least `key`, the first in move order on ties
/// (`None` without moves).
pub(crate) fn least_child<G: Game, K: PartialOrd>(
    root: &G,
    mut key: impl FnMut(&G) -> K,
) -> Option<G::Move> {
    let mut moves = MoveList::<G>::default();
    root.legal_moves(&mut moves);
    let mut best: Option<(K, G::Move)> = None;
    for &mv in moves.iter() {
        let mut child = root.clone();
        child.play(mv);
        let k = key(&child);
        if best.as_ref().is_none_or(|(least, _)| k < *least) {
            best = Some((k, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// Where a step of a depth-first search of the table (df-pn, df-PPNS) must stop: the
/// positions searched once its node (or iteration) limit is used up, and its time limit.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct StepEnd {
    nodes: Option<u64>,
    seconds: Option<f64>,
}

impl StepEnd {
    /// The end of a step within `limits`, of a search whose counters before it are `stats`.
    pub(crate) fn within(limits: &Limits, stats: &Stats) -> StepEnd {
        let budget = least(limits.max_nodes, limits.max_iterations);
        StepEnd {
            nodes: budget.map(|n| stats.nodes_expanded + n),
            seconds: limits.max_seconds,
        }
    }

    /// Counts one more position searched in `stats` (a position is an iteration): [`Stop`],
    /// nothing counted, once the step's positions are used up; else [`Stop`] if the time
    /// limit has passed ([`StepEnd::time_up`]).
    pub(crate) fn count(
        &self,
        stats: &mut Stats,
        now: impl FnOnce() -> Option<f64>,
    ) -> Result<(), Stop> {
        if self.nodes.is_some_and(|stop| stats.nodes_expanded >= stop) {
            return Err(Stop);
        }
        stats.nodes_expanded += 1;
        stats.iterations += 1;
        self.time_up(now)
    }

    /// [`Stop`] once the seconds `now` reads (only under a time limit; `None`: the clock was
    /// not read this time) pass the step's time limit.
    pub(crate) fn time_up(&self, now: impl FnOnce() -> Option<f64>) -> Result<(), Stop> {
        if self
            .seconds
            .is_some_and(|max| now().is_some_and(|now| now >= max))
        {
            return Err(Stop);
        }
        Ok(())
    }
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
    carries_tree: false,
};

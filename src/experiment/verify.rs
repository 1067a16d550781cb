//! Checking verdicts against exact answers (`--verify`).
//!
//! **The rule.** Every position is solved under a budget of positions searched (and
//! optionally seconds) per position. A verdict answers one question, whether the run's goal
//! holds for the player to move, so verification asks that question first, with one
//! null-window search on the goal's side of zero (goal `win`: is the value above 0?
//! `not-lose`: above −1?). A game with its own exact solver ([`Knowledge::exact_solver`]:
//! Connect Four, 8×8 Othello) answers it with
//! [`ExactSolver::holds`](crate::game::knowledge::ExactSolver::holds); every other game with
//! alpha-beta ([`crate::search::exact::alphabeta`], with the game's move ordering and a
//! 16 MiB transposition table). What is left of the budget then goes to the other side of
//! zero, which completes the outcome `win` / `draw` / `loss` (`exact`); a goal that already
//! says it (a win held, a loss for `not-lose`) needs no second search. A drawn position thus
//! costs one bound to verify, where its outcome costs both (the 28-empty Othello draw of
//! `results/othello-endgame/README.md`: 1.85 G positions for "not a win" against 2.74 G for
//! "draw"). A position whose budget runs out in the first search is not verified (`exact`
//! and `wrong` stay `null`); one whose budget runs out in the second is verified with
//! `exact` `null`. No game-specific rule (such as a number of empty squares) decides what is
//! feasible: the budget does, so the same rule serves every game.
//!
//! A verdict is **wrong** when it claims the opposite of whether the goal holds: `proved`
//! or `concluded-win` when it does not, `disproved` or `concluded-loss` when it does. `out`
//! claims nothing and is never wrong. A wrong `proved` / `disproved` would be a bug; a wrong
//! `concluded-*` is PPNS's `pr` test stopping on a statistical conclusion that turned out
//! false.
//!
//! ```
//! use pnplay::experiment::verify::{Verified, exact_outcome, verify};
//! use pnplay::game::Outcome;
//! use pnplay::search::{Goal, Limits};
//!
//! let spec = "tictactoe".parse().unwrap();
//! // X (to move) has 1 and 2, O has 5 and 7: X completes the top row.
//! assert_eq!(exact_outcome(&spec, "1527", Limits::default()), Ok(Some(Outcome::Win)));
//! assert_eq!(exact_outcome(&spec, "", Limits::default()), Ok(Some(Outcome::Draw)));
//! // The empty board: not a win, but a draw is not lost.
//! let found = verify(&spec, "", Goal::NotLose, Limits::default(), 1).unwrap().unwrap();
//! assert_eq!(found, Verified { holds: true, outcome: Some(Outcome::Draw) });
//! ```

use super::Record;
use crate::engine::GameSpec;
use crate::error::Error;
use crate::game::Outcome;
use crate::game::any::{AnyPosition, Visit};
use crate::game::catalogue::Catalogued;
use crate::game::knowledge::{Knowledge, turn_solver};
use crate::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::search::{Clock, Goal, Limits, Question, Verdict};

/// The most positions the exact solver searches per position unless `--verify-nodes` says
/// otherwise; a position it cannot solve within them is not verified.
pub const VERIFY_NODES: u64 = 20_000_000;

/// The exact outcome for the player to move in `pos` (for a chance node: for the single
/// agent), or `None` if `limits` stop the solver first. `limits.max_nodes` bounds the
/// positions searched by both solves together.
pub fn exact_outcome(spec: &GameSpec, pos: &str, limits: Limits) -> Result<Option<Outcome>, Error> {
    Ok(counted_outcome(spec, pos, limits, 1)?.map(|(outcome, _)| outcome))
}

/// [`exact_outcome`] with the positions the solver searched (`pnplay score --outcome`).
///
/// ```
/// use pnplay::experiment::verify::counted_outcome;
/// use pnplay::game::Outcome;
/// let spec = "connect4:5x4".parse().unwrap();
/// let (outcome, nodes) = counted_outcome(&spec, "", Default::default(), 1).unwrap().unwrap();
/// assert_eq!(outcome, Outcome::Draw); // 5×4 Connect Four is a draw
/// assert!(nodes > 0);
/// ```
pub fn counted_outcome(
    spec: &GameSpec,
    pos: &str,
    limits: Limits,
    threads: usize,
) -> Result<Option<(Outcome, u64)>, Error> {
    struct SolveOutcome {
        limits: Limits,
        threads: usize,
    }
    impl Visit for SolveOutcome {
        type Output = Option<(Outcome, u64)>;
        fn visit<G: Catalogued>(self, pos: &G) -> Self::Output {
            solve_outcome(pos, self.limits, self.threads)
        }
    }
    Ok(AnyPosition::parse(spec, Some(pos))?.visit(SolveOutcome { limits, threads }))
}

/// What verifying a position found: whether the run's goal holds (all that checking a
/// verdict needs) and, if the budget left sufficed, the whole outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Whether the goal holds for the player to move.
    pub holds: bool,
    /// The exact outcome for the player to move, if it was settled too.
    pub outcome: Option<Outcome>,
}

/// Verifies `pos` for `goal` (the stages experiment's `--verify`): first whether the goal
/// holds for the player to move, by one null-window search on the goal's side of zero
/// ([`crate::game::knowledge::ExactSolver::holds`], or alpha-beta's proof or disproof),
/// then, with what is left of `limits`, the other side, which completes the outcome.
/// `None` if the limits stop the first search.
///
/// ```
/// use pnplay::experiment::verify::{Verified, verify};
/// use pnplay::game::Outcome;
/// use pnplay::search::{Goal, Limits};
/// let spec = "tictactoe".parse().unwrap();
/// let draw = Verified { holds: false, outcome: Some(Outcome::Draw) };
/// assert_eq!(verify(&spec, "", Goal::Win, Limits::default(), 1), Ok(Some(draw)));
/// ```
pub fn verify(
    spec: &GameSpec,
    pos: &str,
    goal: Goal,
    limits: Limits,
    threads: usize,
) -> Result<Option<Verified>, Error> {
    struct Settle {
        goal: Goal,
        limits: Limits,
        threads: usize,
    }
    impl Visit for Settle {
        type Output = Option<Verified>;
        fn visit<G: Catalogued>(self, pos: &G) -> Self::Output {
            settle(pos, self.goal, self.limits, self.threads, false).map(|(verified, _)| verified)
        }
    }
    let settled = Settle {
        goal,
        limits,
        threads,
    };
    Ok(AnyPosition::parse(spec, Some(pos))?.visit(settled))
}

fn solve_outcome<G: Knowledge>(pos: &G, limits: Limits, threads: usize) -> Option<(Outcome, u64)> {
    // A game's own exact solver finds the outcome with one null window around zero, cheaper
    // for a draw than the two null windows of `settle`.
    if let Some(mut solver) = turn_solver(pos, threads) {
        let outcome = solver.outcome(pos, &limits)?;
        return Some((outcome, solver.nodes()));
    }
    let (verified, nodes) = settle(pos, Goal::Win, limits, threads, true)?;
    Some((verified.outcome?, nodes))
}

/// Settles `goal` at `pos` for the player to move, then the outcome (`need_outcome`: `None`
/// unless both are settled), asking the game's exact solver or alpha-beta one null-window
/// question at a time within one budget (`limits` for all questions together); with the
/// positions searched.
fn settle<G: Knowledge>(
    pos: &G,
    goal: Goal,
    limits: Limits,
    threads: usize,
    need_outcome: bool,
) -> Option<(Verified, u64)> {
    let question = Question::at(pos, goal);
    if let Some(outcome) = pos.outcome(question.root_player) {
        let verified = Verified {
            holds: goal.is_proven(outcome),
            outcome: Some(outcome),
        };
        return Some((verified, 0));
    }
    let clock = Clock::start();
    let mut nodes = 0;
    let mut own = turn_solver(pos, threads);
    // Alpha-beta (and its 16 MiB table) only for a game without its own solver.
    let mut generic = None;
    let mut ask = |goal: Goal| {
        let left = Limits {
            max_nodes: limits.max_nodes.map(|n| n.saturating_sub(nodes)),
            max_seconds: limits.max_seconds.map(|s| (s - clock.seconds()).max(0.0)),
            max_iterations: None,
            max_bytes: limits.max_bytes,
        };
        let question = Question { goal, ..question };
        if let Some(solver) = &mut own {
            let answer = solver.holds(pos, question, &left);
            nodes += solver.nodes();
            answer
        } else {
            let search = generic.get_or_insert_with(|| {
                AlphaBeta::<G, _>::with_knowledge(AlphaBetaConfig::default())
            });
            let verdict = search.solve(pos, question, &left);
            nodes += search.stats().nodes_expanded;
            verdict.is_exact().then(|| verdict == Verdict::Proved)
        }
    };
    let holds = ask(goal)?;
    // The other side of zero: `not-lose` after a failed `win`, `win` after a held `not-lose`.
    let outcome = match (goal, holds) {
        (Goal::Win, true) => Some(Outcome::Win),
        (Goal::NotLose, false) => Some(Outcome::Loss),
        (Goal::Win, false) => {
            ask(Goal::NotLose).map(|draw| if draw { Outcome::Draw } else { Outcome::Loss })
        }
        (Goal::NotLose, true) => {
            ask(Goal::Win).map(|win| if win { Outcome::Win } else { Outcome::Draw })
        }
    };
    if need_outcome && outcome.is_none() {
        return None;
    }
    Some((Verified { holds, outcome }, nodes))
}

/// Sets a record's `exact` and `wrong` from what verifying its position found (`None`: not
/// verified, both `null`): `wrong` when the verdict claims the opposite of whether the goal
/// holds, `exact` when the outcome was settled too.
pub fn mark(record: &mut Record, verified: Option<Verified>) {
    record.exact = verified.and_then(|v| v.outcome);
    record.wrong = verified.map(|v| record.verdict.claim().is_some_and(|claim| claim != v.holds));
}

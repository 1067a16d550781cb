//! Checking verdicts against exact answers (`--verify`).
//!
//! **The rule.** Every position is solved under a budget of positions searched (and
//! optionally seconds) per position. A game with its own exact solver
//! ([`Knowledge::exact_solver`]: Connect Four, 8×8 Othello) asks it for the outcome alone
//! ([`crate::game::knowledge::ExactSolver::outcome`], a null window around zero); every
//! other game asks alpha-beta ([`crate::search::exact::alphabeta`], with the game's move
//! ordering and a 16 MiB transposition table) first "does the player to move win?", and if
//! not, "does it at least draw?". An answer within the budget is the exact outcome `win` /
//! `draw` / `loss`; a position whose budget runs out first is not verified (`exact` and
//! `wrong` stay `null`). No game-specific rule (such as a number of
//! empty squares) decides what is feasible: the budget does, so the same rule serves every
//! game, and on the positions it verifies the answer is exact.
//!
//! A verdict is **wrong** when it claims something the exact outcome contradicts: `proved`
//! or `concluded-win` when the goal does not hold, `disproved` or `concluded-loss` when it
//! does (goal `win`: the outcome is a win; `not-lose`: a win or a draw). `out` claims
//! nothing and is never wrong. A wrong `proved` / `disproved` would be a bug; a wrong
//! `concluded-*` is PPNS's `pr` test stopping on a statistical conclusion that turned out
//! false.
//!
//! ```
//! use pnplay::experiment::verify::{contradicts, exact_outcome};
//! use pnplay::game::Outcome;
//! use pnplay::search::{Goal, Limits, Verdict};
//!
//! let spec = "tictactoe".parse().unwrap();
//! // X (to move) has 1 and 2, O has 5 and 7: X completes the top row.
//! assert_eq!(exact_outcome(&spec, "1527", Limits::default()), Ok(Some(Outcome::Win)));
//! assert_eq!(exact_outcome(&spec, "", Limits::default()), Ok(Some(Outcome::Draw)));
//! assert!(contradicts(Verdict::ConcludedWin, Outcome::Draw, Goal::Win));
//! assert!(!contradicts(Verdict::ConcludedWin, Outcome::Draw, Goal::NotLose));
//! assert!(!contradicts(Verdict::Out, Outcome::Loss, Goal::Win));
//! ```

use super::Record;
use crate::engine::GameSpec;
use crate::error::Error;
use crate::game::knowledge::Knowledge;
use crate::game::{Game, Outcome, Player, Turn};
use crate::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::search::{Goal, Limits, Question, Verdict};
use crate::with_game;

/// The exact outcome for the player to move in `pos` (for a chance node: for the single
/// agent), or `None` if `limits` stop the solver first. `limits.max_nodes` bounds the
/// positions searched by both solves together.
pub fn exact_outcome(spec: &GameSpec, pos: &str, limits: Limits) -> Result<Option<Outcome>, Error> {
    Ok(counted_outcome(spec, pos, limits)?.map(|(outcome, _)| outcome))
}

/// [`exact_outcome`] with the positions the solver searched (`pnplay score --outcome`).
///
/// ```
/// use pnplay::experiment::verify::counted_outcome;
/// use pnplay::game::Outcome;
/// let spec = "connect4:5x4".parse().unwrap();
/// let (outcome, nodes) = counted_outcome(&spec, "", Default::default()).unwrap().unwrap();
/// assert_eq!(outcome, Outcome::Draw); // 5×4 Connect Four is a draw
/// assert!(nodes > 0);
/// ```
pub fn counted_outcome(
    spec: &GameSpec,
    pos: &str,
    limits: Limits,
) -> Result<Option<(Outcome, u64)>, Error> {
    with_game!(*spec, G, variant => {
        let pos: G = G::parse_position(variant, pos)?;
        Ok(solve_outcome(&pos, limits))
    })
}

fn solve_outcome<G: Knowledge>(pos: &G, limits: Limits) -> Option<(Outcome, u64)> {
    let root_player = match pos.turn() {
        Turn::Player(player) => player,
        Turn::Chance | Turn::Over => Player::First,
    };
    if let Some(outcome) = pos.outcome(root_player) {
        return Some((outcome, 0));
    }
    // A game's own exact solver finds the outcome (a null window around zero).
    if let (Turn::Player(_), Some(mut solver)) = (pos.turn(), pos.exact_solver()) {
        let outcome = solver.outcome(pos, &limits)?;
        return Some((outcome, solver.nodes()));
    }
    let mut solver = AlphaBeta::<G, _>::with_knowledge(AlphaBetaConfig::default());
    let mut limits = limits;
    let mut nodes = 0;
    let mut ask = |goal: Goal| {
        let question = Question { root_player, goal };
        let verdict = solver.solve(pos, question, &limits);
        let used = solver.stats().nodes_expanded;
        nodes += used;
        limits.max_nodes = limits.max_nodes.map(|n| n.saturating_sub(used));
        verdict
    };
    let outcome = match ask(Goal::Win) {
        Verdict::Proved => Outcome::Win,
        Verdict::Disproved => match ask(Goal::NotLose) {
            Verdict::Proved => Outcome::Draw,
            Verdict::Disproved => Outcome::Loss,
            _ => return None,
        },
        _ => return None,
    };
    Some((outcome, nodes))
}

/// Whether `verdict` claims the opposite of what the exact outcome `exact` (for the player
/// to move) says about `goal`.
#[must_use]
pub fn contradicts(verdict: Verdict, exact: Outcome, goal: Goal) -> bool {
    verdict
        .claim()
        .is_some_and(|claim| claim != goal.is_proven(exact))
}

/// Sets a record's `exact` and `wrong` from its position's verified outcome (`None`: not
/// verified, both `null`) for a run with `goal`.
pub fn mark(record: &mut Record, exact: Option<Outcome>, goal: Goal) {
    record.exact = exact;
    record.wrong = exact.map(|exact| contradicts(record.verdict, exact, goal));
}

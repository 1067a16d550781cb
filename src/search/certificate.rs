//! Writing a proof certificate ([`crate::game::certificate`]) for a verdict a search has
//! reached: a dedicated extraction after the search. It walks the AND/OR tree from the root
//! and writes, where the verdict's side (the chooser) is to move, one move that keeps the
//! verdict, and everywhere else every legal move, down to finished games; a position met
//! again is written as a reference to its first node. The chooser's move comes from the
//! game's own exact solver where it has one ([`ExactSolver::holds`] with a null window, then
//! its proving move), and otherwise from an exhaustive AND/OR search with a table of the
//! positions decided (fine for the small games; a limit stops it).
//!
//! Nothing here is trusted: [`crate::game::certificate::check`] verifies the result with the
//! rules alone, and `pnplay solve --certificate` runs it before writing the file.

use std::collections::HashMap;

use crate::core::clock::Clock;
use crate::game::certificate::{Certificate, Line, Tail};
use crate::game::family::Catalogued;
use crate::game::knowledge::{ExactSolver, Knowledge};
use crate::game::{MoveBuffer, MoveList, Turn};
use crate::search::{Goal, Limits, Question, Verdict};

/// The most nodes a certificate may have unless the limits say fewer: about 100 bytes each
/// while it is made, so the default stays near half a gigabyte.
pub const MAX_NODES: u64 = 5_000_000;

/// Why no certificate was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A limit (nodes, seconds) was reached first.
    Out,
    /// The verdict does not hold: the position at these moves decides the other way.
    Wrong(String),
    /// `proved` or `disproved` only: other verdicts have no certificate.
    NotExact(Verdict),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Out => f.write_str("a limit was reached before the certificate was complete"),
            Failure::Wrong(path) if path.is_empty() => {
                f.write_str("the verdict does not hold at the root")
            }
            Failure::Wrong(path) => write!(
                f,
                "the verdict does not hold: the position after {path} decides the other way"
            ),
            Failure::NotExact(verdict) => write!(
                f,
                "only a proved or disproved verdict has a certificate, not {verdict}"
            ),
        }
    }
}

/// The certificate of `verdict` for `goal` at `root`, within `limits` (nodes: of the
/// certificate, at most [`MAX_NODES`]; seconds).
///
/// # Errors
/// A limit, a verdict that is not exact, or one that does not hold.
///
/// ```
/// use pnplay::game::{Game, tictactoe::TicTacToe, certificate::check::check_text};
/// use pnplay::search::{Goal, Limits, Verdict, certificate::extract};
/// let pos = TicTacToe::parse_position(&(), "5").unwrap(); // X took the centre; O to move
/// let certificate = extract(&pos, Goal::NotLose, Verdict::Proved, &Limits::default()).unwrap();
/// let checked = check_text(&certificate.to_text()).unwrap();
/// assert_eq!(checked.question, "Can O, to move, avoid losing (force at least a draw)?");
/// assert!(extract(&pos, Goal::Win, Verdict::Proved, &Limits::default()).is_err());
/// ```
pub fn extract<G: Knowledge + Catalogued>(
    root: &G,
    goal: Goal,
    verdict: Verdict,
    limits: &Limits,
) -> Result<Certificate, Failure> {
    let claim = match verdict {
        Verdict::Proved => true,
        Verdict::Disproved => false,
        other => return Err(Failure::NotExact(other)),
    };
    let question = Question::at(root, goal);
    let mut extraction = Extraction {
        question,
        claim,
        solver: root.exact_solver(),
        written: HashMap::new(),
        decided: HashMap::new(),
        lines: Vec::new(),
        path: Vec::new(),
        max_nodes: limits.max_nodes.unwrap_or(MAX_NODES).min(MAX_NODES),
        searched: 0,
        limits: Limits {
            max_nodes: None,
            max_iterations: None,
            ..*limits
        },
        clock: Clock::start(),
    };
    extraction.write(root, 0, "root".to_string())?;
    Ok(Certificate {
        game: G::name(&root.variant()),
        position: root.format_position(),
        goal,
        question: question.words(root),
        verdict,
        nodes: extraction.lines.len(),
        lines: extraction.lines,
    })
}

/// The extraction's state.
struct Extraction<G: Knowledge> {
    question: Question,
    /// `true` for a proof, `false` for a disproof.
    claim: bool,
    solver: Option<Box<dyn ExactSolver<G>>>,
    /// The node number of each position written (closed nodes only, so a reference never
    /// points at an ancestor).
    written: HashMap<G::Key, usize>,
    /// Whether the question's goal holds, for positions the exhaustive search decided.
    decided: HashMap<G::Key, bool>,
    lines: Vec<Line>,
    /// The moves from the root to the node being written, for messages.
    path: Vec<String>,
    max_nodes: u64,
    /// Positions the exhaustive search visited.
    searched: u64,
    limits: Limits,
    clock: Clock,
}

impl<G: Knowledge> Extraction<G> {
    fn check_limits(&self) -> Result<(), Failure> {
        let nodes = self.lines.len() as u64 + self.searched;
        if nodes >= self.max_nodes || self.limits.reached(0, 0, self.clock.seconds()) {
            Err(Failure::Out)
        } else {
            Ok(())
        }
    }

    /// Whether the chooser is to move at `pos` (one move is written there).
    fn chooser(&self, pos: &G) -> bool {
        match pos.turn() {
            Turn::Player(player) => (player == self.question.root_player) == self.claim,
            Turn::Chance => !self.claim,
            Turn::Over => false,
        }
    }

    /// Writes the node of `pos`, reached by `mv` at `depth`, and its subtree.
    fn write(&mut self, pos: &G, depth: usize, mv: String) -> Result<(), Failure> {
        self.check_limits()?;
        let key = pos.key();
        if let Some(&node) = self.written.get(&key) {
            self.lines.push(Line {
                depth,
                mv,
                tail: Tail::Ref(node),
            });
            return Ok(());
        }
        let node = self.lines.len();
        if let Some(outcome) = pos.outcome(self.question.root_player) {
            if self.question.proven_by(outcome) != self.claim {
                return Err(Failure::Wrong(self.path.join(" ")));
            }
            self.lines.push(Line {
                depth,
                mv,
                tail: Tail::Leaf(outcome),
            });
        } else {
            self.lines.push(Line {
                depth,
                mv,
                tail: Tail::Inner,
            });
            let mut moves = MoveList::<G>::default();
            if self.chooser(pos) {
                moves.push(self.keeping_move(pos)?);
            } else {
                pos.legal_moves(&mut moves);
            }
            for &child_move in moves.iter() {
                let text = pos.format_move(child_move);
                let mut child = pos.clone();
                child.play(child_move);
                self.path.push(text.clone());
                self.write(&child, depth + 1, text)?;
                self.path.pop();
            }
        }
        self.written.insert(key, node);
        Ok(())
    }

    /// A move of the chooser at `pos` after which the verdict still holds.
    fn keeping_move(&mut self, pos: &G) -> Result<G::Move, Failure> {
        if let Some(mv) = self.solver_move(pos)? {
            return Ok(mv);
        }
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play(mv);
            if self.holds(&child)? == self.claim {
                return Ok(mv);
            }
        }
        Err(Failure::Wrong(self.path.join(" ")))
    }

    /// The game solver's move that keeps the verdict at `pos` (a player's turn), if the game
    /// has a solver.
    fn solver_move(&mut self, pos: &G) -> Result<Option<G::Move>, Failure> {
        if !matches!(pos.turn(), Turn::Player(_)) {
            return Ok(None);
        }
        let limits = self.remaining();
        let question = self.question;
        let Some(solver) = self.solver.as_mut() else {
            return Ok(None);
        };
        let holds = solver.holds(pos, question, &limits).ok_or(Failure::Out)?;
        if holds != self.claim {
            return Err(Failure::Wrong(self.path.join(" ")));
        }
        if let Some(mv) = solver.move_above() {
            return Ok(Some(mv));
        }
        let score = solver.score(pos, &limits).ok_or(Failure::Out)?;
        Ok(score.best_move)
    }

    /// The run's limits with the seconds already spent taken off.
    fn remaining(&self) -> Limits {
        Limits {
            max_seconds: self
                .limits
                .max_seconds
                .map(|max| (max - self.clock.seconds()).max(0.0)),
            ..self.limits
        }
    }

    /// Whether the question's goal holds at `pos`: the solver where it answers, else an
    /// exhaustive AND/OR search (the root player's turn: some move; otherwise: every move).
    fn holds(&mut self, pos: &G) -> Result<bool, Failure> {
        if let Some(outcome) = pos.outcome(self.question.root_player) {
            return Ok(self.question.proven_by(outcome));
        }
        let key = pos.key();
        if let Some(&known) = self.decided.get(&key) {
            return Ok(known);
        }
        let limits = self.remaining();
        let question = self.question;
        let solved = match (&mut self.solver, pos.turn()) {
            (Some(solver), Turn::Player(_)) => {
                Some(solver.holds(pos, question, &limits).ok_or(Failure::Out)?)
            }
            _ => None,
        };
        let holds = match solved {
            Some(holds) => holds,
            None => {
                self.searched += 1;
                self.check_limits()?;
                let some = pos.turn() == Turn::Player(question.root_player);
                let mut moves = MoveList::<G>::default();
                pos.legal_moves(&mut moves);
                let mut holds = !some;
                for &mv in moves.iter() {
                    let mut child = pos.clone();
                    child.play(mv);
                    if self.holds(&child)? == some {
                        holds = some;
                        break;
                    }
                }
                holds
            }
        };
        self.decided.insert(key, holds);
        Ok(holds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::certificate::check::check_text;
    use crate::game::tictactoe::TicTacToe;

    #[test]
    fn tic_tac_toe_is_a_draw_by_certificate() {
        let start = TicTacToe::start(&());
        let limits = Limits::default();
        let draw = extract(&start, Goal::NotLose, Verdict::Proved, &limits).unwrap();
        let no_win = extract(&start, Goal::Win, Verdict::Disproved, &limits).unwrap();
        for certificate in [&draw, &no_win] {
            let checked = check_text(&certificate.to_text()).unwrap();
            assert_eq!(checked.nodes, certificate.lines.len());
        }
        assert_eq!(
            extract(&start, Goal::Win, Verdict::Proved, &limits),
            Err(Failure::Wrong(String::new()))
        );
        let tight = Limits {
            max_nodes: Some(10),
            ..limits
        };
        assert_eq!(
            extract(&start, Goal::NotLose, Verdict::Proved, &tight),
            Err(Failure::Out)
        );
    }
}

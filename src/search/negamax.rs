//! Plain minimax, written as negamax: every line searched to the end of the game, no
//! pruning, no transposition table, no move ordering. The book's worked example of adding a
//! search (`docs/src/adding-a-search.md`): this file and one line of the catalogue.
//!
//! It answers the goal question exactly, like alpha-beta (Knuth and Moore, *An analysis of
//! alpha-beta pruning*, 1975, §1: the minimax value and its negamax form, before any cutoff):
//! a finished game scores 1 when it meets the goal for the root player and 0 otherwise, and
//! the value of a node from the view of the side that acts there is the greatest of its
//! children's values from that view, a child's value changing sign where the side to act
//! changes. Chance acts as the root player's adversary (SPEC.md §3's AND reading, as in
//! alpha-beta), and a player who acts twice in a row keeps the sign.
//!
//! The depth-first walk keeps its own stack of frames instead of recursing, so a step that
//! stops at its budget resumes where it stopped; one iteration is one position searched.
//!
//! ```
//! use pnplay::search::{Verdict, params::Params};
//! let spec = "tictactoe".parse().unwrap();
//! let report = pnplay::engine::solve(&spec, "1527", "negamax", &Params::default()).unwrap();
//! assert_eq!(report.verdict, Verdict::Proved); // X to move at 1, 2 against O at 5, 7
//! assert_eq!(report.best_move.as_deref(), Some("3")); // completes 1-2-3
//! ```

use crate::game::catalogue::Catalogued;
use crate::game::{Game, MoveList, Player, Turn};
use crate::search::exact::CAPABILITIES;
use crate::search::family::{Explain, Family, SearchInfo};
use crate::search::params::Params;
use crate::search::session::{Budget, SearchKind, Session};
use crate::search::session_core::SessionCore;
use crate::search::{Limit, Limits, MAX_PLIES, Question, Stats, Stop, Verdict, clock::Ticker};

/// Plain minimax in the catalogue.
pub struct NegamaxSearch;

impl SearchKind for NegamaxSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "negamax",
        title: "Minimax (plain, exact)",
        help: "Plain minimax in negamax form: every line to the end, no pruning, no table (Knuth and Moore 1975, §1)",
        family: Family::Exact,
        capabilities: CAPABILITIES,
        params: &[],
        explain: Explain {
            pseudocode: &[],
            summary: "Plain minimax searches every line to the end of the game and answers the goal question exactly, with no pruning, no transposition table and no move ordering: the textbook definition that alpha-beta computes faster. One iteration is one position searched.",
            values: &[],
            formulas: &[
                "a finished game: 1 if it meets the goal for the root player, else 0 (from the root player's view)",
                "a node: the greatest of its children's values from the view of the side to act, negated where the side to act changes",
                "the verdict: proved if the root's value from the root player's view is 1, disproved if it is 0",
            ],
            selection: "Depth-first, every child in the game's move order; nothing is cut.",
            params: "No parameters of its own. The node limit counts positions searched; a step that stops at its budget resumes where it stopped.",
            source: "Knuth and Moore, An analysis of alpha-beta pruning (1975), §1 (minimax and negamax, before pruning); SPEC.md §3 for the AND/OR reading of chance.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        Box::new(NegamaxSession {
            core: SessionCore::new(&Self::INFO, question.words(&root), params.limits()),
            question,
            stack: Vec::new(),
            root,
            stats: Stats::default(),
            step_nodes: 0,
            best_move: None,
        })
    }
}

/// A node on the walk's stack: the position, its moves, the next to try, and the best value
/// found so far from the actor's view with the move that reached it.
struct Frame<G: Game> {
    pos: G,
    actor: Player,
    moves: MoveList<G>,
    next: usize,
    best: i32,
    best_index: Option<usize>,
}

/// A plain minimax walk driven as a [`Session`].
struct NegamaxSession<G: Catalogued> {
    root: G,
    question: Question,
    /// The catalogue entry, the question in words, the run's limits and verdict.
    core: SessionCore,
    /// The walk so far: the root at the bottom; empty before the first step.
    stack: Vec<Frame<G>>,
    stats: Stats,
    /// Positions searched in the current step (what the step's limits count).
    step_nodes: u64,
    best_move: Option<String>,
}

impl<G: Catalogued> NegamaxSession<G> {
    /// Who acts at `pos` for the sign convention: the player, or for chance the root
    /// player's adversary; `None` when the game is over.
    fn actor(&self, pos: &G) -> Option<Player> {
        match pos.turn() {
            Turn::Player(player) => Some(player),
            Turn::Chance => Some(self.question.root_player.opponent()),
            Turn::Over => None,
        }
    }

    /// `value` (from the root player's view) seen from `view`.
    fn in_view(&self, value: i32, view: Player) -> i32 {
        if view == self.question.root_player {
            value
        } else {
            -value
        }
    }

    /// Counts `pos` against `limits` and puts it on the stack.
    fn push(&mut self, pos: G, actor: Player, limits: &Limits, clock: &mut Ticker) -> Result<(), Stop> {
        if self.stack.len() >= MAX_PLIES as usize {
            self.stats.stopped_by = Some(Limit::Depth);
            return Err(Stop);
        }
        // The limits of a step count the positions of this step.
        limits.count_position(&mut self.step_nodes, clock)?;
        self.stats.nodes_expanded += 1;
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        self.stack.push(Frame {
            pos,
            actor,
            moves,
            next: 0,
            best: i32::MIN,
            best_index: None,
        });
        self.stats.peak_nodes = self.stats.peak_nodes.max(self.stack.len() as u64);
        Ok(())
    }

    /// Gives the value `value` (from `view`) of the top frame's last child to that frame.
    fn fold(&mut self, value: i32, view: Player) {
        let top = self.stack.last_mut().expect("a child has a parent");
        let value = if view == top.actor { value } else { -value };
        if value > top.best {
            top.best = value;
            top.best_index = Some(top.next - 1);
        }
    }

    /// Walks on within `limits`: the root's value from the root player's view once the walk
    /// is done, or [`Stop`] at a limit (the stack kept for the next step).
    fn walk(&mut self, limits: &Limits) -> Result<i32, Stop> {
        let mut clock = Ticker::start();
        self.step_nodes = 0;
        if self.stack.is_empty() {
            let actor = self.actor(&self.root).expect("a search starts before the game is over");
            self.push(self.root.clone(), actor, limits, &mut clock)?;
        }
        loop {
            let top = self.stack.last_mut().expect("the walk is not done");
            let Some(&mv) = top.moves.get(top.next) else {
                let done = self.stack.pop().expect("the walk is not done");
                if self.stack.is_empty() {
                    let value = self.in_view(done.best, done.actor);
                    if value >= 1 {
                        let mv = done.best_index.map(|i| done.moves[i]);
                        self.best_move = mv.map(|mv| self.root.format_move(mv));
                    }
                    return Ok(value);
                }
                self.fold(done.best, done.actor);
                continue;
            };
            top.next += 1;
            let mut child = top.pos.clone();
            child.play(mv);
            self.stats.nodes_created += 1;
            match self.actor(&child) {
                None => {
                    let outcome = child
                        .outcome(self.question.root_player)
                        .expect("a finished game has an outcome");
                    let value = i32::from(self.question.goal.is_proven(outcome));
                    self.fold(value, self.question.root_player);
                }
                Some(actor) => {
                    if let Err(stop) = self.push(child, actor, limits, &mut clock) {
                        // The child is generated again when the walk resumes.
                        self.stack.last_mut().expect("the parent is on the stack").next -= 1;
                        return Err(stop);
                    }
                }
            }
        }
    }
}

impl<G: Catalogued> Session for NegamaxSession<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        let mut run = self.core.run;
        let verdict = run.step(budget, self.stats, |limits| {
            let clock = Ticker::start();
            let verdict = match self.walk(limits) {
                Ok(value) if value >= 1 => Verdict::Proved,
                Ok(_) => Verdict::Disproved,
                Err(Stop) => Verdict::Out,
            };
            self.stats.seconds += clock.seconds();
            self.stats.iterations = self.stats.nodes_expanded;
            (verdict, self.stats)
        });
        self.core.run = run;
        verdict
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn best_move(&self) -> Option<String> {
        self.best_move.clone()
    }
}

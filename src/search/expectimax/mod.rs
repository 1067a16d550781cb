//! Expectimax for single-agent games with chance (2048), the player of the dissertation's
//! chapter 5 (§5.3.2, Algorithm 8, evaluation 5.1), with Ballard's Star1 pruning (the TCG
//! slides on chance nodes) and the single conspiracy number (§5.2): [`search`].
//!
//! In the catalogue as `expectimax` (family `expectimax`), parameters ([`PARAMS`]):
//!
//! * `depth` — plies to search, player moves and spawns alike (the depth-limited players'
//!   parameter; default 5). As an agent it is the budget per move:
//!   `expectimax:depth=3,star1=on`.
//! * `star1` — `on`: prune chance nodes with Star1 (same value and move, fewer positions).
//!
//! A session searches its root in one step (not steppable, like the depth-limited players:
//! an iteration budget does not cut it) and ends `out` with the root's expectimax value and
//! move: over an evaluation expectimax decides nothing. A game without an expectimax
//! evaluation ([`Knowledge::expectimax_value`]: every game but 2048) is searched to its end
//! whatever the depth, the other player minimising — exact expectiminimax, like the
//! depth-limited players there — and the verdict follows the exact value and the goal.
//!
//! The run's limits hold all the same: the node limit counts positions, the time limit and
//! a step's seconds are read every few hundred positions, and the table stops storing at
//! the memory limit. A step cut short by its seconds ends with nothing decided and the next
//! step resumes the search, its finished subtrees read from the table; a run limit ends the
//! search `out`. So on a two-player game of Othello's size (where the search to the end
//! cannot finish) it ends `out` at its limits; a line longer than
//! [`crate::search::MAX_PLIES`] (LOA and Awari are drawn only at 2,500 moves) ends it `out` for
//! its depth, its recursion kept within a wasm stack; and a game whose positions repeat
//! (MiniShogi) is refused up front (`acyclic_only`).

pub mod search;

use crate::game::catalogue::Catalogued;
use crate::game::knowledge::Knowledge;
use crate::search::family::{Capabilities, Explain, Family, SearchInfo};
use crate::search::params::{ParamSpec, Params};
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Session};
use crate::search::session_core::{SessionCore, exact_verdict};
use crate::search::view::Values;
use crate::search::{Limit, Question, Stats, Verdict};
use search::{Answer, Expectimax, ExpectimaxConfig};
use std::cmp::Ordering;

/// What expectimax can do: what the depth-limited players can (play, in one step), in games
/// with chance, and only in games whose positions do not repeat.
pub const CAPABILITIES: Capabilities = Capabilities {
    acyclic_only: true,
    chance: true,
    ..crate::search::heuristic::CAPABILITIES
};

/// Star1 pruning on or off.
pub const STAR1: ParamSpec = ParamSpec::switch(
    "star1",
    "Star1 pruning",
    "Expectimax: on: Ballard's Star1 cut-offs at chance nodes, from bounds on the evaluation (same value and move, fewer positions)",
);

/// The parameters of `expectimax`.
pub const PARAMS: &[ParamSpec] = &[crate::search::heuristic::DEPTH, STAR1];

/// Expectimax in the catalogue.
pub struct ExpectimaxSearch;

impl SearchKind for ExpectimaxSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "expectimax",
        title: "Expectimax (depth-limited)",
        help: "Expectimax to a fixed depth over the dissertation's weighted sum of tiles (§5.3.2, formula 5.1), optional Star1 pruning; for 2048",
        family: Family::Expectimax,
        capabilities: CAPABILITIES,
        params: PARAMS,
        explain: Explain {
            pseudocode: &[],
            summary: "Expectimax looks at every line of play to a fixed depth in plies (player moves and spawns alike): the player takes the move with the largest value, a spawn is worth the probability-weighted mean of its outcomes, and positions at the depth (and finished games) are valued by a weighted sum of the tiles. With star1=on, a chance node stops as soon as bounds on the values still to come show it cannot matter (Ballard's Star1): same value and move, fewer positions. A transposition table shares positions reached twice within one search.",
            values: &[],
            formulas: &[
                "a leaf or finished game: Σ weight[i][j] × tile[i][j] (5.1), weights 2^15 … 2^0 along a snake from the top-left corner",
                "a player node: the largest value of its children",
                "a chance node: Σ p·v over the spawns (a 2 with p = 0.9/e, a 4 with p = 0.1/e, e empty cells)",
                "Star1: outcome i searched in (Aᵢ, Bᵢ), Aᵢ = (α − Sᵢ₋₁ − rᵢ·H)/pᵢ, Bᵢ = (β − Sᵢ₋₁ − rᵢ·L)/pᵢ; cut when its value leaves the window",
            ],
            selection: "Depth-first, every move in the game's order.",
            params: "depth: plies (player moves and spawns). star1: on, prune chance nodes with Star1. The positions searched are counted as nodes.",
            source: "Primanita's dissertation §5.3.2 (Algorithm 8, formula 5.1); Ballard (1983), the *-minimax procedure, as Hsu's TCG slides on chance nodes present it (Star1).",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let config = ExpectimaxConfig {
            depth: params
                .optional(&crate::search::heuristic::DEPTH)
                .map_or(5, |d| d as u32),
            star1: params.choice(&STAR1) == "on",
            table: true,
            thresholds: Vec::new(),
        };
        Box::new(ExpectimaxSession {
            core: SessionCore::new(&Self::INFO, question.words(&root), params.limits()),
            question,
            search: Expectimax::new(config),
            root,
            answer: None,
            stats: Stats::default(),
        })
    }
}

/// An expectimax session: one search of the root.
struct ExpectimaxSession<G: Knowledge> {
    search: Expectimax<G>,
    root: G,
    core: SessionCore,
    question: Question,
    answer: Option<Answer<G::Move>>,
    stats: Stats,
}

impl<G: Knowledge> ExpectimaxSession<G> {
    /// `out` over an evaluation; the exact value's verdict when the search went to the end.
    fn answer_verdict(&self) -> Verdict {
        match &self.answer {
            Some(answer) if self.search.exact() => exact_verdict(
                self.question.goal,
                // NaN (never an exact value) reads as a loss.
                answer.value.partial_cmp(&0.0).unwrap_or(Ordering::Less),
            ),
            _ => Verdict::Out,
        }
    }
}

impl<G: Catalogued> Session for ExpectimaxSession<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        if self.core.run.finished.is_none() {
            // Not steppable: an iteration budget does not cut the search, a step's seconds do.
            let budget = Budget {
                iterations: None,
                ..budget
            };
            let mut after = self.stats;
            let (search, root, answer) = (&mut self.search, &self.root, &mut self.answer);
            self.core.run.step(budget, self.stats, |limits| {
                let clock = crate::search::Clock::start();
                *answer = search.resume(root, limits);
                after.nodes_expanded += search.counters().nodes;
                after.iterations = after.nodes_expanded;
                after.seconds += clock.seconds();
                after.bytes = after.bytes.max(search.bytes());
                (Verdict::Out, after)
            });
            self.stats = after;
            if self.answer.is_some() {
                self.core.run.finished = Some(self.answer_verdict());
            } else {
                match self.search.stopped() {
                    // A line longer than a search to the end may follow: it cannot decide.
                    Some(Limit::Depth) => {
                        self.stats.stopped_by = Some(Limit::Depth);
                        self.core.run.finished = Some(Verdict::Out);
                    }
                    // Nothing stopped it: the root has no player's move to search (a spawn).
                    None => self.core.run.finished = Some(Verdict::Out),
                    // The node or time limit: the run's limits say whether it goes on.
                    Some(_) => {}
                }
            }
        }
        self.core.run.finished
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn root_value(&self) -> Option<Values> {
        self.answer.as_ref().map(|a| Values::Evaluation {
            value: a.value,
            depth: f64::from(self.search.config().depth),
        })
    }

    fn best_move(&self) -> Option<String> {
        self.answer.as_ref().map(|a| self.root.format_move(a.best))
    }
}

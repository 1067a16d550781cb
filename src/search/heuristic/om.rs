//! Opponent-model search (Carmel and Markovitch, *Learning models of opponent's strategy in
//! game playing* / *Incorporating opponent models into adversary search*, 1996; the TCG
//! advanced-topics slides, "Opponent models", slides 11–12): a depth-limited player that
//! values positions with its own evaluation f₁ but predicts the opponent's replies with a
//! model f₂ of the opponent's evaluation — "in a MAX node, use f₁; in a MIN node, use f₂".
//!
//! Minimax assumes the opponent minimises the player's own value; OM search assumes the
//! opponent is a minimax player with f₂ searching the plies left. Each node gets two values
//! for the player (MAX) — its own `v₁` and the model's `v₂`:
//!
//! ```text
//! leaf at depth 0:      v₁ = f₁(p), v₂ = f₂(p)   (for MAX: each evaluation is the side to
//!                                                 move's, negated at MIN's turn)
//! finished game:        v₁ = v₂ = final score × 10⁶ (above every evaluation)
//! MAX node:             v₁ = max v₁(c);  v₂ = max v₂(c)   (the model thinks MAX plays f₂ too)
//! MIN node:             c* = the child with the least v₂ (the first on ties), the
//!                       opponent's predicted reply;  v₁ = v₁(c*);  v₂ = v₂(c*)
//! ```
//!
//! and the player moves to the first child with the largest `v₁`. With f₂ = f₁ the
//! predicted reply is minimax's, so OM search is minimax, value and move (the tests check
//! it on seeded Othello positions). When the model is right, OM can take a line minimax
//! rejects because a reply that would refute it is one the opponent will not see; when it is
//! wrong, that line is refuted (tests/searches/om.rs plays the hand-built example both ways).
//!
//! Parameters: `depth` (plies; default 5 as the other players, but no pruning here, so 3–4
//! is the practical range on 8×8 Othello), `eval` and `w.*` (the player's own evaluation,
//! as the depth-limited players take them), and `model` (the opponent's evaluation, a preset
//! of the same list). Games without an evaluation (all but 8×8 Othello) value every leaf 0
//! and are searched to the end, where both models agree: OM is then exact minimax.
//!
//! Limits and verdicts as the other players: a step searches the whole depth (the search is
//! not steppable: budgets in iterations do not cut it; the run's node and time limits and a
//! step's seconds do). A step cut short resumes in the next: the values of finished subtrees
//! of at least [`MEMO_WORK`] positions are kept (within the memory limit) and read back when
//! the search resumes, so it goes on where it stopped (the values are the same; only the
//! positions counted change, and only when a step was cut);
//! the verdict is `proved`/`disproved` only when no leaf was evaluated (every line ended in
//! a finished game, where the model's prediction is the exact minimax reply), else `out`
//! with the move and value.

use super::depth::TERMINAL_UNIT;
use super::{CAPABILITIES, DEPTH, EVAL_PARAMS, EVAL_PRESETS, NoEvaluation};
use super::{NO_DEPTH_LIMIT, preset_weights, weights};
use crate::game::catalogue::Catalogued;
use crate::game::knowledge::Evaluator;
use crate::game::{Game, Player, Turn};
use crate::search::family::{Explain, Family, SearchInfo};
use crate::search::params::{ParamSpec, Params, concat};
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Session};
use crate::search::session_core::{SessionCore, exact_verdict};
use crate::search::view::Values;
use crate::search::{Clock, Limits, Question, Stats, Verdict, memory};

/// Positions a finished subtree must have taken for its values to be kept for a resumed
/// search (smaller ones are searched again: cheaper than keeping them).
pub const MEMO_WORK: u64 = 64;

/// Positions between two readings of the clock.
const CLOCK_INTERVAL: u64 = 64;

/// The opponent's evaluation, as OM search models it.
pub const MODEL: ParamSpec = ParamSpec::choice(
    "model",
    "opponent model",
    "OM search: the evaluation the opponent is predicted to play by (a preset of eval: all, one heuristic alone, all-but-X)",
    EVAL_PRESETS,
);

/// The parameters of OM search.
pub const PARAMS: &[ParamSpec] = &concat::<8>(&[&[DEPTH], EVAL_PARAMS, &[MODEL]]);

/// A node's two values for the player: by its own evaluation and by the model's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// v₁: the player's own value.
    pub own: i64,
    /// v₂: the value the opponent model gives.
    pub model: i64,
}

/// The result of one OM search of a root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OmResult {
    /// The root's values.
    pub value: Pair,
    /// The index (in the game's move order) of the chosen move.
    pub best: usize,
    /// Whether no leaf was evaluated (every line ended in a finished game).
    pub exact: bool,
}

/// A limit stopped the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// OM search with an own evaluation and an opponent model, for the player to move at the
/// root of each search.
pub struct OpponentModel<G: Game> {
    own: Box<dyn Evaluator<G>>,
    model: Box<dyn Evaluator<G>>,
    /// The player the values are for (MAX).
    player: Player,
    limits: Limits,
    clock: Clock,
    /// Positions searched (leaves included) and children generated.
    stats: Stats,
    evaluated: bool,
    /// The values of finished subtrees (and whether a leaf was evaluated in them) by
    /// position and depth, for the player of the last search.
    memo: memory::Index<(G::Key, u32), (Pair, bool)>,
    /// Whether the next search reads `memo` (it resumes a stopped one).
    resumed: bool,
}

impl<G: Game> OpponentModel<G> {
    /// A searcher with evaluation `own` for the player and `model` for the opponent.
    #[must_use]
    pub fn new(own: Box<dyn Evaluator<G>>, model: Box<dyn Evaluator<G>>) -> Self {
        OpponentModel {
            own,
            model,
            player: Player::First,
            limits: Limits::default(),
            clock: Clock::start(),
            stats: Stats::default(),
            evaluated: false,
            memo: memory::Index::default(),
            resumed: false,
        }
    }

    /// Lets the next search read the subtree values the stopped one kept, so it resumes
    /// rather than starting over (same values, fewer positions).
    pub fn resume(&mut self) {
        self.resumed = true;
    }

    /// The counters of the last search.
    #[must_use]
    pub fn stats(&self) -> Stats {
        Stats {
            seconds: self.clock.seconds(),
            ..self.stats
        }
    }

    /// Searches `pos` (a player's turn) `depth` ≥ 1 plies within `limits`.
    ///
    /// # Errors
    /// [`Stopped`] at a limit.
    ///
    /// # Panics
    /// If `pos` is not a player's turn.
    pub fn search(&mut self, pos: &G, depth: u32, limits: &Limits) -> Result<OmResult, Stopped> {
        let Turn::Player(player) = pos.turn() else {
            panic!("OM search starts at a player's turn");
        };
        if !self.resumed || player != self.player {
            self.memo.clear();
        }
        self.player = player;
        self.limits = *limits;
        self.clock = Clock::start();
        self.stats = Stats::default();
        self.evaluated = false;
        self.count()?;
        // The root is a MAX node: the move with the largest v₁, and v₂'s maximum.
        let mut best: Option<(i64, usize)> = None;
        let mut model = i64::MIN;
        for (index, (_, child)) in pos.children().into_iter().enumerate() {
            let value = self.value(&child, depth.max(1) - 1)?;
            model = model.max(value.model);
            if best.is_none_or(|(own, _)| value.own > own) {
                best = Some((value.own, index));
            }
        }
        let (own, best) = best.expect("a player's turn has a move");
        self.resumed = false;
        Ok(OmResult {
            value: Pair { own, model },
            best,
            exact: !self.evaluated,
        })
    }

    fn count(&mut self) -> Result<(), Stopped> {
        if self
            .limits
            .max_nodes
            .is_some_and(|max| self.stats.nodes_expanded >= max)
            || (self.stats.nodes_expanded % CLOCK_INTERVAL == 0
                && self
                    .limits
                    .max_seconds
                    .is_some_and(|max| self.clock.seconds() >= max))
        {
            return Err(Stopped);
        }
        self.stats.nodes_expanded += 1;
        Ok(())
    }

    /// Both values of `pos` searched `depth` more plies.
    fn value(&mut self, pos: &G, depth: u32) -> Result<Pair, Stopped> {
        self.count()?;
        let mover = match pos.turn() {
            Turn::Over => {
                let score = pos
                    .terminal_value(self.player)
                    .expect("a finished game has a value");
                let value = i64::from(score) * TERMINAL_UNIT;
                return Ok(Pair {
                    own: value,
                    model: value,
                });
            }
            Turn::Player(mover) => mover,
            Turn::Chance => panic!("OM search refuses games with chance"),
        };
        if depth == 0 {
            self.evaluated = true;
            let sign = if mover == self.player { 1 } else { -1 };
            return Ok(Pair {
                own: sign * self.own.evaluate(pos),
                model: sign * self.model.evaluate(pos),
            });
        }
        if self.resumed
            && let Some(&(pair, evaluated)) = self.memo.get(&(pos.key(), depth))
        {
            self.evaluated |= evaluated;
            return Ok(pair);
        }
        let (nodes_before, evaluated_before) = (self.stats.nodes_expanded, self.evaluated);
        self.evaluated = false;
        let mut best: Option<Pair> = None;
        for (_, child) in pos.children() {
            self.stats.nodes_created += 1;
            let value = self.value(&child, depth - 1)?;
            best = Some(match best {
                None => value,
                // MAX: each value is its own maximum.
                Some(b) if mover == self.player => Pair {
                    own: b.own.max(value.own),
                    model: b.model.max(value.model),
                },
                // MIN: the opponent's predicted reply, the least by the model.
                Some(b) if value.model < b.model => value,
                Some(b) => b,
            });
        }
        let best = best.expect("a player's turn has a move");
        if self.stats.nodes_expanded - nodes_before >= MEMO_WORK
            && memory::fits(memory::index_growth(&self.memo, 1), self.limits.max_bytes)
        {
            self.memo.insert((pos.key(), depth), (best, self.evaluated));
        }
        self.evaluated |= evaluated_before;
        Ok(best)
    }
}

/// OM search as a session of the catalogue.
struct OmSession<G: Catalogued> {
    root: G,
    question: Question,
    depth: u32,
    search: OpponentModel<G>,
    core: SessionCore,
    stats: Stats,
    result: Option<OmResult>,
}

impl<G: Catalogued> OmSession<G> {
    fn verdict_of(&self, result: &OmResult) -> Verdict {
        if !result.exact {
            return Verdict::Out;
        }
        exact_verdict(self.question.goal, result.value.own.cmp(&0))
    }
}

impl<G: Catalogued> Session for OmSession<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        // The whole depth in one step: the run's limits and the step's seconds cut it.
        let budget = Budget {
            iterations: None,
            ..budget
        };
        let before = self.stats;
        let mut run = self.core.run;
        let mut found = None;
        let verdict = run.step(budget, before, |limits| {
            let outcome = self.search.search(&self.root, self.depth, limits);
            let last = self.search.stats();
            self.stats.nodes_expanded += last.nodes_expanded;
            self.stats.nodes_created += last.nodes_created;
            self.stats.iterations = self.stats.nodes_expanded;
            self.stats.seconds += last.seconds;
            found = outcome.ok();
            if found.is_none() {
                // The next step resumes from the subtrees kept.
                self.search.resume();
            }
            let verdict = found.map_or(Verdict::Out, |r| self.verdict_of(&r));
            (verdict, self.stats)
        });
        self.core.run = run;
        if let Some(result) = found {
            self.result = Some(result);
            self.core.run.finished = Some(self.verdict_of(&result));
            return self.core.run.finished;
        }
        verdict
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn root_value(&self) -> Option<Values> {
        self.result.map(|r| Values::Evaluation {
            value: r.value.own as f64 / 100.0,
            depth: f64::from(self.depth),
        })
    }

    fn best_move(&self) -> Option<String> {
        super::move_text(&self.root, self.result?.best)
    }
}

/// OM search in the catalogue.
pub struct OmSearch;

impl SearchKind for OmSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "om",
        title: "Opponent-model search",
        help: "Opponent-model search: its own evaluation at MAX nodes, a model of the opponent's at MIN nodes (Carmel and Markovitch; the TCG slides, opponent models)",
        family: Family::Heuristic,
        capabilities: CAPABILITIES,
        params: PARAMS,
        explain: Explain {
            pseudocode: &[],
            summary: "Opponent-model (OM) search plays like minimax to a fixed depth, but does not assume the opponent answers with the reply that is worst for the player. It predicts the opponent as a minimax player with a model evaluation f₂ (model) and values the predicted line with its own evaluation f₁ (eval): in a MAX node use f₁, in a MIN node use f₂. If the model is right, it can play lines minimax rejects because their refutation is a reply the opponent will not see; if the model is wrong, those lines are refuted. With model = eval it is minimax.",
            values: &[],
            formulas: &[
                "a leaf at depth 0: v₁ = f₁ (eval), v₂ = f₂ (model), both for the player",
                "a finished game: v₁ = v₂ = final disc difference × 10⁶",
                "MAX node: v₁ = max v₁(c); v₂ = max v₂(c)",
                "MIN node: c* = the child with the least v₂ (the predicted reply); v₁ = v₁(c*), v₂ = v₂(c*)",
                "the move: the first child with the largest v₁",
            ],
            selection: "Depth-first, every move in the game's order (no pruning).",
            params: "depth: plies to search (a pass counts; no pruning, so 3–4 on 8×8 Othello). eval and w.coins, w.mobility, w.corners, w.stability, w.static: the player's own evaluation. model: the evaluation the opponent is predicted to use. Games without an evaluation are searched to the end, where OM is exact minimax.",
            source: "Carmel and Markovitch, Incorporating opponent models into adversary search (1996); the TCG advanced-topics slides, Opponent models (slides 11–12); the evaluations of Sannidhanam and Annamalai, An Analysis of Heuristics in Othello, §5.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let own = root.evaluator(&weights(params));
        let depth = match own {
            Some(_) => params.optional(&DEPTH).map_or(NO_DEPTH_LIMIT, |d| d as u32),
            None => NO_DEPTH_LIMIT,
        };
        let model = root.evaluator(&preset_weights(params.choice(&MODEL)));
        let none = || Box::new(NoEvaluation) as Box<dyn Evaluator<G>>;
        Box::new(OmSession {
            question,
            core: SessionCore::new(&Self::INFO, question.words(&root), params.limits()),
            depth,
            search: OpponentModel::new(own.unwrap_or_else(none), model.unwrap_or_else(none)),
            stats: Stats::default(),
            result: None,
            root,
        })
    }
}

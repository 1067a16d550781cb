//! Conspiracy-number search (McAllester, "Conspiracy numbers for min-max search", Artificial
//! Intelligence 35, 1988; Schaeffer, "Conspiracy numbers", Artificial Intelligence 43, 1990;
//! the dissertation's §2.2.1, formulas (2.1)–(2.3)): the best-first search the proof-number
//! family grew out of, over games with scores.
//!
//! **Targets.** A node's value is a score for the root player (MAX; the opponent is MIN) on
//! a grid of *targets* `−R, …, −step, 0, step, …, R`. `R` is the game's
//! [`Knowledge::score_range`] (Othello: the squares of the board, Connect Four: Pons' best
//! score); a game that gives none is scored by outcome alone (win 1, draw 0, loss −1).
//! `step` is the parameter `grid`, or automatically the smallest that keeps at most
//! [`MAX_TARGETS`] targets (8×8 Othello: 4, so 33 targets; 6×6: 2; 4×4 Othello and 7×6
//! Connect Four: 1, every score its own target).
//!
//! **Leaves.** A finished game is worth its exact [`Game::terminal_value`] for the root
//! player, put on the grid by [`Targets::of_score`] (to the nearest target, but never to 0
//! unless it is 0, so a win stays a win: a monotone map, so minimax over the grid is the
//! grid's image of the exact minimax value). An unfinished leaf is worth the game's
//! heuristic evaluation where it has one — on 8×8 Othello the weighted sum of the Othello
//! heuristics paper (`eval`, `w.*` as the depth-limited players take them), scaled from its
//! largest possible size to ±R and rounded to the grid — and 0 everywhere else (no opinion:
//! those games are searched until their values are exact).
//!
//! **Conspiracy numbers.** For every node n and target v, `up(v)` is the fewest leaves whose
//! values must change for n's minimax value m to become at least v, `down(v)` the fewest
//! for it to become at most v:
//!
//! ```text
//! leaf (unfinished), value m:   up(v) = 0 if v ≤ m else 1;   down(v) = 0 if v ≥ m else 1
//! finished game, value m:       as a leaf, with ∞ for 1 (its value cannot change)
//! MAX node:  m = max mᵢ;  up(v) = min up_i(v);   down(v) = Σ down_i(v)
//! MIN node:  m = min mᵢ;  up(v) = Σ up_i(v);     down(v) = min down_i(v)
//! CN(v) = up(v) for v > m, down(v) for v < m, 0 at v = m        (the dissertation's CN)
//! ```
//!
//! **Selection.** Each iteration takes the root's *cheapest target*: the v ≠ m with the
//! least finite CN(v) below the threshold `ct` (ties: the target nearer m, then the higher
//! one), and walks down to a leaf whose change helps reach it: to raise the value (`up`),
//! at every node the child with the least positive `up(v)` (at a MAX node the one child
//! that alone can raise it most cheaply, at a MIN node one of those that must all rise);
//! to lower it, the same with `down(v)`; ties go to the first child in move order. That
//! leaf is expanded (every move, children valued as above) and the numbers backed up to the
//! root. This is McAllester's "expand a leaf in a least conspiracy of the root's likeliest
//! other value"; as in PNS, one value-changing leaf set is followed down.
//!
//! **Stopping and verdicts.** The search stops when every target but m has CN ≥ `ct`
//! (McAllester's conspiracy threshold: the root's value is that unlikely to change) or ∞.
//! When every other target needs ∞ conspirators the value is exact (no unfinished leaf can
//! change it) and the verdict follows from it and the goal — `proved` if the root player
//! wins (or draws, for `goal=not-lose`), else `disproved`; stopped by the threshold or a
//! limit, the verdict is `out`, with the value and move the search settled on.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Verdict, catalogue, params::Params};
//! // X (to move) has 1 and 2, O has 4 and 5: X wins at once with 3.
//! let pos = TicTacToe::parse_position(&(), "1425").unwrap();
//! let mut search = catalogue::start("cns", pos, &Params::default()).unwrap();
//! assert_eq!(search.run(), Verdict::Proved);
//! assert_eq!(search.best_move().as_deref(), Some("3"));
//! let root = catalogue::start("cns", TicTacToe::start(&()), &Params::default().with_goal(Goal::NotLose));
//! assert_eq!(root.unwrap().run(), Verdict::Proved); // tic-tac-toe is a draw
//! ```

use super::tree::{NodeId, NodeKind, ROOT, Status, Tree, TreeLinks};
use crate::game::catalogue::Catalogued;
use crate::game::knowledge::{EvalWeights, Evaluator, Knowledge};
use crate::game::{Game, MoveList, Outcome, Turn};
use crate::search::family::{Capabilities, Explain, Family, Meaning, SearchInfo};
use crate::search::heuristic::EVAL_PARAMS;
use crate::search::memory::Rows;
use crate::search::params::{ParamKind, ParamSpec, Params, concat};
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Deadline, Iteration, Iterative, Session, TreeView};
use crate::search::session_core::{SessionCore, exact_verdict};
use crate::search::tree_walk::{TreeWalk, TreeWords};
use crate::search::view::{
    Backup, History, InspectedChild, Inspection, PathNode, TargetRow, Values, short, shown_number,
};
use crate::search::{Question, Stats, Verdict};

/// The most targets the automatic `step` allows.
pub const MAX_TARGETS: usize = 41;

/// An infinite conspiracy number (a value no unfinished leaf can bring about).
const INFINITE: u32 = u32::MAX;

/// The conspiracy threshold.
pub const CT: ParamSpec = ParamSpec {
    kind: ParamKind::Integer,
    min: Some(1.0),
    max: Some(1e9),
    optional: true,
    ..ParamSpec::real(
        "ct",
        "conspiracy threshold",
        "CNS: stop once every other root value needs at least this many leaves to change (McAllester's threshold); off: search until the value is exact",
    )
};

/// The distance between targets.
pub const STEP: ParamSpec = ParamSpec {
    kind: ParamKind::Integer,
    min: Some(1.0),
    max: Some(1000.0),
    optional: true,
    ..ParamSpec::real(
        "grid",
        "target step",
        "CNS: the distance between the score targets (disc difference, Connect Four score); off: the smallest keeping at most 41 targets",
    )
};

/// The parameters of CNS.
pub const PARAMS: &[ParamSpec] = &concat::<8>(&[&[CT, STEP], EVAL_PARAMS]);

/// The rules, as the explanation and the inspector print them.
const LEAF_RULE: &str = "an unfinished leaf of value m: ↑(v) = 1 for v > m, ↓(v) = 1 for v < m, 0 otherwise (one leaf changing its value is enough)";
const TERMINAL_RULE: &str = "a finished game of value m: ∞ instead of 1 (its value cannot change): ↑(v) = ∞ for v > m, ↓(v) = ∞ for v < m";
const MAX_RULE: &str =
    "MAX node (the root player to move): m = max mᵢ; ↑(v) = min ↑ᵢ(v); ↓(v) = Σ ↓ᵢ(v)";
const MIN_RULE: &str =
    "MIN node (the opponent to move): m = min mᵢ; ↑(v) = Σ ↑ᵢ(v); ↓(v) = min ↓ᵢ(v)";
const CN_RULE: &str = "CN(v) = ↑(v) for v above the value m, ↓(v) below it, 0 at v = m";

/// The number ↑.
const UP: Meaning = Meaning {
    name: "up",
    meaning: "↑, the up conspiracy number: the fewest leaves that must change their values for this node's value to rise one target (∞: no unfinished leaf can raise it)",
};
/// The number ↓.
const DOWN: Meaning = Meaning {
    name: "down",
    meaning: "↓, the down conspiracy number: the fewest leaves that must change their values for this node's value to fall one target (∞: none can lower it)",
};
/// The value v.
const VALUE: Meaning = Meaning {
    name: "value",
    meaning: "v, the node's minimax value for the root player on the grid of targets: a finished game's score (disc difference, Connect Four score; win 1 / draw 0 / loss −1 where the game gives no score) or an unfinished leaf's evaluation",
};

/// The distance between targets.
const STEP_MEANING: Meaning = Meaning {
    name: "step",
    meaning: "the distance between two targets (the grid's unit: 1 where every score is a target)",
};
/// The largest target.
const BOUND: Meaning = Meaning {
    name: "bound",
    meaning: "the largest target: the targets run from −bound to bound (the game's largest score; 1 where only win, draw and loss count)",
};

/// The grid of score targets of one search: `count` targets `(i − centre) · step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targets {
    step: i32,
    /// The index of the target 0.
    centre: usize,
    /// Whether finished games are scored by outcome (the game gives no score range).
    outcome_only: bool,
}

impl Targets {
    /// The targets for `root`'s game with `step` (`None`: automatic).
    ///
    /// ```
    /// use pnplay::game::{Game, othello::{Othello, Size}, tictactoe::TicTacToe};
    /// use pnplay::search::bestfirst::cns::Targets;
    /// let eight = Targets::new(&Othello::start(&Size::Eight.into()), None);
    /// assert_eq!((eight.step(), eight.len(), eight.value(0)), (4, 33, -64));
    /// assert_eq!(eight.of_score(1), eight.index(4)); // a win by 1 stays a win
    /// assert_eq!(eight.of_score(-10), eight.index(-12)); // to the nearest target
    /// let ttt = Targets::new(&TicTacToe::start(&()), None);
    /// assert_eq!((ttt.step(), ttt.len()), (1, 3)); // loss, draw, win
    /// ```
    #[must_use]
    pub fn new<G: Knowledge>(root: &G, step: Option<u32>) -> Targets {
        let (bound, outcome_only) = match root.score_range() {
            Some((low, high)) => (low.unsigned_abs().max(high.unsigned_abs()).max(1), false),
            None => (1, true),
        };
        let half = (MAX_TARGETS as u32 - 1) / 2;
        let step = step.unwrap_or_else(|| bound.div_ceil(half)).max(1);
        Targets {
            step: step as i32,
            centre: bound.div_ceil(step) as usize,
            outcome_only,
        }
    }

    /// The number of targets.
    #[must_use]
    pub fn len(&self) -> usize {
        2 * self.centre + 1
    }

    /// Never: there are always targets.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The distance between targets.
    #[must_use]
    pub fn step(&self) -> i32 {
        self.step
    }

    /// Target `index`'s value.
    #[must_use]
    pub fn value(&self, index: usize) -> i32 {
        (index as i32 - self.centre as i32) * self.step
    }

    /// The index of the target nearest `value` (clamped to the grid).
    #[must_use]
    pub fn index(&self, value: i32) -> usize {
        let steps = (f64::from(value) / f64::from(self.step)).round() as i64;
        (steps.clamp(-(self.centre as i64), self.centre as i64) + self.centre as i64) as usize
    }

    /// The target of a finished game's score: the nearest, but never 0 unless the score is
    /// (so the sign — win, draw, loss — is kept; the map is monotone).
    #[must_use]
    pub fn of_score(&self, score: i32) -> usize {
        let index = self.index(score);
        match score.signum() {
            1 => index.max(self.centre + 1),
            -1 => index.min(self.centre - 1),
            _ => self.centre,
        }
    }
}

/// The value of a finished game (from the root player's view) for `targets`.
fn finished_score<G: Game>(pos: &G, question: Question, targets: &Targets) -> Option<i32> {
    let player = question.root_player;
    if targets.outcome_only {
        pos.outcome(player).map(Outcome::sign)
    } else {
        pos.terminal_value(player)
    }
}

/// A session of conspiracy-number search over game `G`.
pub struct Cns<G: Game> {
    root: G,
    question: Question,
    targets: Targets,
    /// The heuristic value of unfinished leaves (`None`: 0) and its largest size.
    evaluator: Option<(Box<dyn Evaluator<G>>, f64)>,
    threshold: u32,
    /// Each node's minimax value as a target index.
    tree: Tree<G::Move, u8>,
    /// Per node, `len` up numbers then `len` down numbers.
    numbers: Rows<u32>,
    core: SessionCore,
    stats: Stats,
    path: Vec<NodeId>,
    /// The path's values when the last iteration selected them.
    before: Vec<Values>,
    /// The last iteration's target index, direction (true: up) and the root's CN for it
    /// then.
    aim: Option<(usize, bool, u32)>,
    history: History,
}

/// Σ|wᵢ| · 100 · 100: the largest size the Othello evaluator's value can have.
fn largest_evaluation(weights: &EvalWeights) -> f64 {
    let sum = weights.coins.abs()
        + weights.mobility.abs()
        + weights.corners.abs()
        + weights.stability.abs()
        + weights.squares.abs();
    sum * 100.0 * 100.0
}

impl<G: Catalogued> Cns<G> {
    /// A search of `root` answering `question` with `params` (checked).
    fn new(root: G, question: Question, params: &Params) -> Cns<G> {
        let targets = Targets::new(&root, params.optional(&STEP).map(|s| s as u32));
        let weights = crate::search::heuristic::weights(params);
        let evaluator = root
            .evaluator(&weights)
            .map(|e| (e, largest_evaluation(&weights)))
            .filter(|(_, largest)| *largest > 0.0);
        let threshold = params.optional(&CT).map_or(INFINITE, |ct| ct as u32);
        let mut search = Cns {
            tree: Tree::new(NodeKind::Or, Status::Unknown, 0),
            numbers: Rows::new(2 * targets.len()),
            root: root.clone(),
            question,
            targets,
            evaluator,
            threshold,
            core: SessionCore::new(&CnsSearch::INFO, question.words(&root), params.limits()),
            stats: Stats {
                nodes_created: 1,
                peak_nodes: 1,
                ..Stats::default()
            },
            path: vec![ROOT],
            before: Vec::new(),
            aim: None,
            history: History::default(),
        };
        let (kind, status, value, numbers) = search.evaluate(&root);
        search.tree = Tree::new(kind, status, value);
        search.numbers.push(&numbers);
        search.stats.bytes_per_node =
            (Tree::<G::Move, u8>::bytes_per_node() + 2 * targets.len() * size_of::<u32>()) as u64;
        search
            .history
            .record(0, &search.values_of(ROOT), search.tree.len() as u64);
        search.core.run.finished = search.conclusion();
        search
    }

    /// The kind, status, target index and numbers of a new node at `pos`.
    fn evaluate(&mut self, pos: &G) -> (NodeKind, Status, u8, Vec<u32>) {
        let kind = NodeKind::of(pos.turn(), self.question.root_player);
        let (status, index, change) = match finished_score(pos, self.question, &self.targets) {
            Some(score) => {
                let outcome = pos
                    .outcome(self.question.root_player)
                    .expect("a finished game has an outcome");
                let status = Status::from_proven(self.question.proven_by(outcome));
                (status, self.targets.of_score(score), INFINITE)
            }
            None => (Status::Unknown, self.leaf_index(pos), 1),
        };
        let len = self.targets.len();
        let mut numbers = vec![0; 2 * len];
        for t in 0..len {
            numbers[t] = if t > index { change } else { 0 };
            numbers[len + t] = if t < index { change } else { 0 };
        }
        (kind, status, index as u8, numbers)
    }

    /// The target of an unfinished leaf: its evaluation for the root player scaled to the
    /// grid, or 0 without an evaluation.
    fn leaf_index(&mut self, pos: &G) -> usize {
        let targets = self.targets;
        let Some((evaluator, largest)) = self.evaluator.as_mut() else {
            return targets.index(0);
        };
        let value = evaluator.evaluate(pos) as f64;
        let value = match pos.turn() {
            Turn::Player(p) if p != self.question.root_player => -value,
            _ => value,
        };
        let bound = targets.value(targets.len() - 1);
        targets.index((value / *largest * f64::from(bound)).round() as i32)
    }

    /// The numbers of node `id`: ups then downs.
    fn numbers_of(&self, id: NodeId) -> &[u32] {
        self.numbers.row(id as usize)
    }

    fn up(&self, id: NodeId, t: usize) -> u32 {
        self.numbers_of(id)[t]
    }

    fn down(&self, id: NodeId, t: usize) -> u32 {
        self.numbers_of(id)[self.targets.len() + t]
    }

    /// CN(t) of node `id` (the dissertation's single number per target).
    fn cn(&self, id: NodeId, t: usize) -> u32 {
        let m = usize::from(self.tree.node(id).value());
        match t.cmp(&m) {
            std::cmp::Ordering::Greater => self.up(id, t),
            std::cmp::Ordering::Less => self.down(id, t),
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// The root's cheapest target other than its value with CN below the threshold: its
    /// index and whether the value must rise; `None` when there is none.
    fn aim(&self) -> Option<(usize, bool)> {
        let m = usize::from(self.tree.node(ROOT).value());
        (0..self.targets.len())
            .filter(|&t| t != m)
            .map(|t| (self.cn(ROOT, t), t.abs_diff(m), std::cmp::Reverse(t), t))
            .filter(|&(cn, ..)| cn != INFINITE && cn < self.threshold)
            .min()
            .map(|(.., t)| (t, t > m))
    }

    /// The child of `id` that selection takes for target `t` in direction `up`: the least
    /// positive number, the first in move order on ties.
    fn select(&self, id: NodeId, t: usize, up: bool) -> Option<NodeId> {
        let number = |child| {
            if up {
                self.up(child, t)
            } else {
                self.down(child, t)
            }
        };
        let mut best: Option<(u32, NodeId)> = None;
        for child in self.tree.node(id).child_ids() {
            let n = number(child);
            if n > 0 && best.is_none_or(|(b, _)| n < b) {
                best = Some((n, child));
            }
        }
        best.map(|(_, child)| child)
    }

    /// The value and numbers of expanded node `id` from its children.
    fn combine(&self, id: NodeId) -> (u8, Vec<u32>) {
        let node = self.tree.node(id);
        let maximising = node.kind().is_or();
        let len = self.targets.len();
        let children: Vec<NodeId> = node.child_ids().collect();
        let values = children.iter().map(|&c| self.tree.node(c).value());
        let m = if maximising {
            values.max()
        } else {
            values.min()
        }
        .expect("an expanded node has children");
        let mut numbers = vec![0; 2 * len];
        for (slot, number) in numbers.iter_mut().enumerate() {
            let of_children = children.iter().map(|&c| self.numbers_of(c)[slot]);
            // ↑ takes the least at MAX nodes, ↓ at MIN nodes; the other sums.
            let least = (slot < len) == maximising;
            *number = if least {
                of_children.min().unwrap_or(INFINITE)
            } else {
                of_children.fold(0, u32::saturating_add)
            };
        }
        (m, numbers)
    }

    /// The move the root's value comes from: among the root's children worth its value m,
    /// the one whose value is hardest to lower (the most conspirators for m − step; ∞ once
    /// the value is exact), the first in move order on ties.
    fn best_child(&self) -> Option<NodeId> {
        let m = self.tree.node(ROOT).value();
        let below = usize::from(m).checked_sub(1);
        let mut best: Option<(u32, NodeId)> = None;
        for child in self.tree.node(ROOT).child_ids() {
            if self.tree.node(child).value() != m {
                continue;
            }
            let hardness = below.map_or(INFINITE, |t| self.down(child, t));
            if best.is_none_or(|(h, _)| hardness > h) {
                best = Some((hardness, child));
            }
        }
        best.map(|(_, child)| child)
    }

    /// A target's words: `+8`, `0`, `−4`.
    fn target_text(&self, t: usize) -> String {
        let v = self.targets.value(t);
        if v > 0 {
            format!("+{v}")
        } else {
            v.to_string()
        }
    }

    /// Node `id`'s numbers for every target, with the rule applied to its children.
    fn target_rows(&self, id: NodeId) -> Vec<TargetRow> {
        let node = self.tree.node(id);
        let m = usize::from(node.value());
        (0..self.targets.len())
            .map(|t| {
                let up = t > m;
                let applied = if t == m {
                    "the node's value: 0".to_string()
                } else if !node.is_expanded() {
                    let reason = if node.status().is_resolved() || node.kind() == NodeKind::Terminal
                    {
                        "a finished game cannot change"
                    } else {
                        "one leaf changing its value"
                    };
                    format!("{reason}: {}", short(shown_number(self.cn(id, t))))
                } else {
                    let numbers: Vec<String> = node
                        .child_ids()
                        .map(|c| {
                            let n = if up { self.up(c, t) } else { self.down(c, t) };
                            short(shown_number(n))
                        })
                        .collect();
                    let least = up == node.kind().is_or();
                    let body = if least {
                        format!("min({})", numbers.join(", "))
                    } else {
                        numbers.join(" + ")
                    };
                    let arrow = if up { "↑" } else { "↓" };
                    format!("{arrow} = {body} = {}", short(shown_number(self.cn(id, t))))
                };
                TargetRow {
                    target: f64::from(self.targets.value(t)),
                    cn: shown_number(self.cn(id, t)),
                    up: shown_number(self.up(id, t)),
                    down: shown_number(self.down(id, t)),
                    applied,
                }
            })
            .collect()
    }
}

impl<G: Catalogued> Iterative for Cns<G> {
    fn state_mut(&mut self) -> (&mut SessionCore, &mut Stats) {
        (&mut self.core, &mut self.stats)
    }

    /// One iteration (one expansion, valued without playouts: short);
    /// [`Iteration::Stopped`] if there is no target to aim at or the node limit is reached.
    fn iterate(&mut self, _: &Deadline) -> Iteration {
        let Some((t, up)) = self.aim() else {
            return Iteration::Stopped;
        };
        let mut pos = self.root.clone();
        self.path.clear();
        self.path.push(ROOT);
        self.before.clear();
        self.before.push(self.values_of(ROOT));
        let mut leaf = ROOT;
        while self.tree.node(leaf).is_expanded() {
            leaf = self
                .select(leaf, t, up)
                .expect("a node with a finite positive number has a child with one");
            pos.play(
                self.tree
                    .node(leaf)
                    .mv()
                    .expect("only the root has no move"),
            );
            self.path.push(leaf);
            self.before.push(self.values_of(leaf));
        }
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let nodes = (self.tree.len() + moves.len()) as u64;
        let bytes = self.tree.growth_bytes(moves.len()) + self.numbers.growth(moves.len());
        if !self
            .core
            .run
            .may_grow(&mut self.stats, nodes, NodeId::MAX, bytes)
        {
            return Iteration::Stopped;
        }
        self.aim = Some((t, up, self.cn(ROOT, t)));
        let mut children = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play(mv);
            let (kind, status, value, numbers) = self.evaluate(&child);
            self.numbers.push(&numbers);
            children.push((mv, kind, status, value));
        }
        self.tree.push_children(leaf, children);
        for &id in self.path.iter().rev() {
            let (m, numbers) = self.combine(id);
            let status = Status::combine(
                self.tree.node(id).kind(),
                self.tree.children(id).iter().map(|c| c.status()),
            );
            let node = self.tree.node(id);
            if id != leaf
                && m == node.value()
                && status == node.status()
                && numbers == self.numbers_of(id)
            {
                break;
            }
            self.tree.set(id, m, status);
            self.numbers.row_mut(id as usize).copy_from_slice(&numbers);
        }
        self.stats.iterations += 1;
        self.stats.nodes_expanded += 1;
        self.stats.nodes_created += moves.len() as u64;
        self.stats.peak_nodes = self.tree.len() as u64;
        self.stats.bytes = self.tree.bytes() + self.numbers.bytes();
        self.history.record(
            self.stats.iterations,
            &self.values_of(ROOT),
            self.tree.len() as u64,
        );
        Iteration::Done
    }

    /// The verdict once the root's value is settled: exact (every other target ∞) or below
    /// the threshold's reach.
    fn conclusion(&self) -> Option<Verdict> {
        if self.aim().is_some() {
            return None;
        }
        let m = usize::from(self.tree.node(ROOT).value());
        let exact = (0..self.targets.len()).all(|t| t == m || self.cn(ROOT, t) == INFINITE);
        if !exact {
            return Some(Verdict::Out);
        }
        let value = self.targets.value(m);
        Some(exact_verdict(self.question.goal, value.cmp(&0)))
    }
}

impl<G: Catalogued> Session for Cns<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        self.step_iterations(budget)
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn root_value(&self) -> Option<Values> {
        Some(self.values_of(ROOT))
    }

    fn best_move(&self) -> Option<String> {
        let mv = self.tree.node(self.best_child()?).mv()?;
        Some(self.root.format_move(mv))
    }

    fn history(&self) -> Option<&History> {
        Some(&self.history)
    }

    fn tree(&self) -> Option<&dyn TreeView> {
        Some(self)
    }
}

impl<G: Catalogued> TreeWalk for Cns<G> {
    type Position = G;

    fn walked(&self) -> (&G, &dyn TreeLinks<G::Move>, &[NodeId]) {
        (&self.root, &self.tree, &self.path)
    }

    fn values_of(&self, id: NodeId) -> Values {
        let m = usize::from(self.tree.node(id).value());
        let last = self.targets.len() - 1;
        Values::Conspiracy {
            value: f64::from(self.targets.value(m)),
            up: if m < last {
                shown_number(self.up(id, m + 1))
            } else {
                f64::INFINITY
            },
            down: if m > 0 {
                shown_number(self.down(id, m - 1))
            } else {
                f64::INFINITY
            },
            step: f64::from(self.targets.step),
            bound: f64::from(self.targets.value(last)),
        }
    }

    fn before_of(&self, id: NodeId) -> Option<Values> {
        let at = self.path.iter().position(|&p| p == id)?;
        self.before.get(at).copied()
    }
}

impl<G: Catalogued> TreeWords for Cns<G> {
    fn trace(&self) -> Option<String> {
        let (t, up, cn) = self.aim?;
        let path = TreeWalk::last_path(self);
        let name = |node: &PathNode| node.mv.clone().unwrap_or_else(|| "root".into());
        let direction = if up { "raise" } else { "lower" };
        let mut parts = vec![format!(
            "cheapest target {} (CN {} at the last selection): {direction} the value",
            self.target_text(t),
            short(f64::from(cn)),
        )];
        for pair in path.windows(2) {
            parts.push(format!(
                "{} ({}): least {} → {} ({})",
                name(&pair[0]),
                if pair[0].kind.is_or() { "MAX" } else { "MIN" },
                if up { "↑" } else { "↓" },
                name(&pair[1]),
                pair[1].before.map_or_else(String::new, |v| v.text()),
            ));
        }
        let last = path.last().expect("a path holds at least the root");
        parts.push(format!(
            "expanded {}: {} children",
            name(last),
            last.child_count
        ));
        parts.push(format!(
            "root {} → {}",
            path[0].before.map_or_else(String::new, |v| v.text()),
            path[0].values.text()
        ));
        Some(parts.join("; "))
    }

    fn inspect(&self, id: NodeId) -> Option<Inspection> {
        let (pos, line) = self.replay(id)?;
        let node = self.tree.node(id);
        // The child the next walk through this node takes, for the root's target now.
        let selected = self.aim().and_then(|(t, up)| self.select(id, t, up));
        let children: Vec<InspectedChild> = node
            .child_ids()
            .map(|c| self.inspected_child(&pos, c, selected == Some(c)))
            .collect();
        let backup = if node.is_expanded() {
            let rule = if node.kind().is_or() {
                MAX_RULE
            } else {
                MIN_RULE
            };
            let values: Vec<String> = children
                .iter()
                .map(|c| match c.values {
                    Values::Conspiracy { value, .. } => short(value),
                    _ => String::new(),
                })
                .collect();
            let word = if node.kind().is_or() { "max" } else { "min" };
            Backup {
                formula: format!("{rule}; {CN_RULE}"),
                applied: format!(
                    "v = {word}({}) = {}; every target's numbers in the table",
                    values.join(", "),
                    self.targets.value(usize::from(node.value()))
                ),
                result: self.values_of(id),
            }
        } else {
            let finished = node.kind() == NodeKind::Terminal;
            Backup {
                formula: if finished { TERMINAL_RULE } else { LEAF_RULE }.to_string(),
                applied: format!(
                    "{}: v = {}",
                    if finished {
                        "the game's score on the grid"
                    } else if self.evaluator.is_some() {
                        "the evaluation, scaled to the grid"
                    } else {
                        "no evaluation here"
                    },
                    self.targets.value(usize::from(node.value())),
                ),
                result: self.values_of(id),
            }
        };
        let selection = node.is_expanded().then(|| match (self.aim(), selected) {
            (Some((t, up)), Some(child)) => format!(
                "for the root's cheapest target {} ({} the value): the child with the least positive {} → {}",
                self.target_text(t),
                if up { "raise" } else { "lower" },
                if up { "↑" } else { "↓" },
                pos.format_move(self.tree.node(child).mv().expect("a child has a move")),
            ),
            _ => "no walk for the root's target passes through here".to_string(),
        });
        Some(Inspection {
            targets: Some(self.target_rows(id)),
            ..self.inspection(id, &pos, line, children, backup, selection)
        })
    }
}

/// Conspiracy-number search in the catalogue.
pub struct CnsSearch;

impl SearchKind for CnsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "cns",
        title: "Conspiracy-number search",
        help: "McAllester's conspiracy-number search over score targets: expand a leaf that most cheaply changes the root's value (dissertation §2.2.1)",
        family: Family::BestFirst,
        capabilities: Capabilities {
            steppable: true,
            exact: true,
            playouts: false,
            tree: true,
            plays: true,
            acyclic_only: true,
            chance: false,
            timed: false,
            carries_tree: false,
        },
        params: PARAMS,
        explain: Explain {
            pseudocode: &[],
            summary: "Conspiracy-number search keeps, for every node and every possible value v of the root (a grid of score targets: disc difference, Connect Four score), how many leaves at least would have to change their values — conspire — to bring the node's minimax value up to v (↑) or down to v (↓). Each iteration finds the root's likeliest other value (the fewest conspirators) and expands a leaf of that conspiracy, so the search works where the root's value is least settled. It stops when every other value needs at least ct conspirators, or, without ct, when no change of the unfinished leaves could move the value: then the value is the exact minimax value. Proof numbers are its two-valued special case.",
            values: &[VALUE, UP, DOWN, STEP_MEANING, BOUND],
            formulas: &[TERMINAL_RULE, LEAF_RULE, MAX_RULE, MIN_RULE, CN_RULE],
            selection: "At the root, the target v ≠ m with the least conspiracy number CN(v) below ct (ties: nearer m, then higher). To raise the value to v, at every node the child with the least positive ↑(v); to lower it, the least positive ↓(v); ties to the first in move order; the leaf reached is expanded and the numbers backed up.",
            params: "ct: the conspiracy threshold (off: search until the value is exact). grid: the distance between targets, step (off: at most 41 targets; 1 on 4×4 Othello and Connect Four, 4 on 8×8 Othello). eval and w.coins, w.mobility, w.corners, w.stability, w.static: the evaluation of unfinished leaves on 8×8 Othello (the Othello heuristics paper's weighted sum, scaled from its largest size to ± the squares of the board); other games value unfinished leaves 0. The goal only decides how an exact value reads as proved or disproved.",
            source: "McAllester, Conspiracy numbers for min-max search (1988); Schaeffer, Conspiracy numbers (1990); dissertation §2.2.1, formulas (2.1)–(2.3).",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        Box::new(Cns::new(root, question, params))
    }
}

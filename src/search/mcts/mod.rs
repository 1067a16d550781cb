//! The Monte-Carlo tree search family: MCTS with UCT exactly as the PN-MCTS paper's §II
//! describes it (Doe, Winands, Soemers and Browne, "Combining Monte-Carlo Tree Search and
//! Proof-Number Search"), the MCTS-Solver of Winands, Björnsson and Saito (CG 2008) as an
//! option, and PN-MCTS, the paper's §IV with its UCT-PN formula (2). One driver ([`Mcts`])
//! runs all of them; [`Config`] says which. [`uct`] and [`pnmcts`] are their catalogue
//! entries, [`tree`] the arena, [`view`] what views see of it (values, paths, snapshots),
//! [`explain`] the inspector's and trace's words.
//!
//! One iteration (a *simulation*) does the paper's four steps:
//!
//! 1. **Selection** (§II, formula (1)): from the root, while the node is in the tree, has
//!    every child in the tree and is not a finished game, go to the child `i` maximising
//!    `v_i + C·sqrt(ln n_p / n_i)` (`v_i` the mean result of the simulations through `i`
//!    for the player who made the move into `i`, `n` visit counts; a child never visited
//!    scores +∞); PN-MCTS adds `C_pn·(1 − rank_i / max_j rank_j)` (formula (2)). Ties are
//!    broken uniformly at random by the run's seeded generator, as the paper says. With
//!    the solver on, children already proven or disproven are skipped.
//! 2. **Expansion**: UCT adds *one* child, chosen uniformly among the moves not yet in the
//!    tree (§II); PN-MCTS adds *all* children at once (§IV, "fully expands all children of
//!    nodes at once") and then selects among them by formula (2) (they are all unvisited,
//!    so that is a uniform choice too).
//! 3. **Play-out**: uniformly random moves to the end of the game from the new node
//!    ([`crate::search::bestfirst::playout::Sampler::outcome`]); a finished game is its own
//!    result.
//! 4. **Backpropagation**: every node on the path counts the result, +1 / 0 / −1 for a
//!    win / draw / loss of the player who made the move into it; `v_i` is the mean.
//!
//! Proofs (MCTS-Solver, and PN-MCTS's proof numbers) answer the question of every search
//! here, [`Question`]: does the player to move at the root reach the goal? A finished game
//! is proven if it meets the goal (goal `win`: a win; a draw counts as a loss, as in the
//! paper's PNS; goal `not-lose`: a win or a draw), disproven otherwise. Statuses combine as
//! AND/OR ([`Status::combine`]), a node with moves not yet in the tree counting those as
//! unknown; proof numbers as in PNS (§III). With the solver on, a proven or disproven root
//! stops the search with `proved` / `disproved`, its only verdicts besides `out` at a limit
//! (MCTS gives no statistical conclusion). With it off, the search runs until a limit.
//!
//! Games with chance nodes are refused (capability `chance` off). Every random choice comes
//! from one generator seeded by the run's seed, so the same seed and iteration budget give
//! the same tree, native or wasm.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Verdict, catalogue, params::Params, session::Budget};
//! // X (to move) has 1 and 2, O has 4 and 5: X wins at once with 3.
//! let pos = TicTacToe::parse_position(&(), "1425").unwrap();
//! let mut search = catalogue::start("mcts", pos.clone(), &Params::default()).unwrap();
//! assert_eq!(search.run(), Verdict::Proved);
//! assert_eq!(search.best_move().as_deref(), Some("3"));
//! let mut search = catalogue::start("pnmcts", pos, &Params::default()).unwrap();
//! search.step(Budget::iterations(1));
//! assert_eq!(search.verdict(), Verdict::Proved); // all children at once: 3 wins
//! ```

pub mod explain;
pub mod pnmcts;
pub mod tree;
pub mod uct;
pub mod view;

use tree::{NONE, Tree};

use super::bestfirst::playout::Sampler;
use super::family::{Capabilities, SearchInfo};
use super::params::{self, Params};
use super::session::{Budget, Deadline, Iteration, Iterative, Session, TreeView};
use super::session_core::SessionCore;
use super::tree::{NodeId, NodeKind, ROOT, Status};
use super::view::{History, Values};
use super::{Limits, Question, Stats, Verdict};
use crate::game::catalogue::Catalogued;
use crate::game::{Game, MoveBuffer, MoveList, Outcome};

/// ∞ for proof and disproof numbers.
pub const INFINITE: u32 = u32::MAX;

/// What the MCTS family can do: it steps, keeps a tree, plays, runs playouts; its proofs are
/// exact; it refuses games with chance. It plays games whose positions repeat (MiniShogi):
/// its tree is one of move sequences, with no transposition table, and each node keeps its own
/// position, which in such a game carries what makes its future differ (MiniShogi's move
/// number, for the move limit), so a value proved at a node is that line's value whatever
/// repeats; a repetition costs only tree nodes, and playouts end at the game's move limit.
pub const CAPABILITIES: Capabilities = Capabilities {
    steppable: true,
    exact: true,
    playouts: true,
    tree: true,
    plays: true,
    acyclic_only: false,
    chance: false,
    timed: false,
    carries_tree: true,
};

/// Which MCTS: the exploration constant, PN-MCTS's rank bonus, how nodes are expanded and
/// whether proofs are backed up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// C of formula (1).
    pub c: f64,
    /// C_pn of formula (2) (read only with `proof_numbers`).
    pub cpn: f64,
    /// Keep pn/dn and add the rank bonus of formula (2) (PN-MCTS).
    pub proof_numbers: bool,
    /// Add all children of a node at once (PN-MCTS) instead of one per iteration (UCT).
    pub full_expansion: bool,
    /// MCTS-Solver: skip proven children, stop when the root is proven.
    pub solver: bool,
    /// Cut play-outs off after this many moves, an unfinished one counting as a draw
    /// (Ludii's UCT: 200); `None` plays them to the end.
    pub playout: Option<u32>,
}

impl Config {
    /// MCTS with UCT as in §II (one child per iteration).
    #[must_use]
    pub const fn uct(c: f64, solver: bool) -> Config {
        Config {
            c,
            cpn: 0.0,
            proof_numbers: false,
            full_expansion: false,
            solver,
            playout: None,
        }
    }

    /// PN-MCTS as in §IV.
    #[must_use]
    pub const fn pn_mcts(c: f64, cpn: f64, solver: bool) -> Config {
        Config {
            c,
            cpn,
            proof_numbers: true,
            full_expansion: true,
            solver,
            playout: None,
        }
    }

    /// UCT that adds all children at once and keeps no proof numbers: what PN-MCTS with
    /// C_pn = 0 must behave as (checked in `tests/searches/mcts.rs`).
    #[must_use]
    pub const fn uct_full_expansion(c: f64, solver: bool) -> Config {
        Config {
            c,
            cpn: 0.0,
            proof_numbers: false,
            full_expansion: true,
            solver,
            playout: None,
        }
    }

    /// The configuration `params` asks for, with or without proof numbers.
    #[must_use]
    pub fn from_params(params: &Params, proof_numbers: bool) -> Config {
        let c = params.real(&params::C);
        let solver = params.choice(&params::SOLVER) == "on";
        let config = if proof_numbers {
            Config::pn_mcts(c, params.real(&params::CPN), solver)
        } else {
            Config::uct(c, solver)
        };
        Config {
            playout: params.optional(&params::PLAYOUT).map(|moves| moves as u32),
            ..config
        }
    }
}

/// The terms of formula (1)/(2) for one child: exploitation v_i, exploration
/// C·sqrt(ln n_p / n_i) (∞ when n_i = 0), the PN bonus, and the rank it came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// v_i, for the player who moves at the parent.
    pub value: f64,
    /// C·sqrt(ln n_p / n_i).
    pub explore: f64,
    /// C_pn·(1 − rank_i / max rank) (0 without proof numbers).
    pub bonus: f64,
    /// rank_i and the greatest rank among the siblings (0, 0 without proof numbers).
    pub rank: (u32, u32),
}

impl Score {
    /// The selection value: the sum of the terms (+∞ for an unvisited child).
    #[must_use]
    pub fn total(&self) -> f64 {
        if self.explore.is_infinite() {
            f64::INFINITY
        } else {
            self.value + self.explore + self.bonus
        }
    }
}

/// How the last iteration grew the tree.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Growth {
    /// No node was added (selection ended at a finished game or an unvisited child).
    None,
    /// UCT added one child, chosen among `untried` moves.
    One { untried: u16 },
    /// PN-MCTS added all `count` children of the last expanded node (`at`).
    All { at: NodeId, count: u16 },
}

/// An MCTS search of a game `G`.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game> {
    core: SessionCore,
    config: Config,
    root: G,
    tree: Tree<G::Move>,
    sampler: Sampler,
    stats: Stats,
    /// The last iteration's selection path, root first, ending where its play-out started.
    path: Vec<NodeId>,
    /// The path's nodes' values when selection passed them.
    before: Vec<Values>,
    /// The score each path node (after the root) had when it was selected (`None`: it was
    /// the child UCT's expansion added).
    scores: Vec<Option<Score>>,
    growth: Growth,
    /// The last play-out's result for the question's player.
    result: Option<Outcome>,
    /// Scratch for ranks: the sorted distinct keys of one node's children.
    keys: Vec<u32>,
    history: History,
}

/// The proof numbers of a finished game.
const fn terminal_numbers(proven: bool) -> (u32, u32) {
    if proven { (0, INFINITE) } else { (INFINITE, 0) }
}

impl<G: Game> Iterative for Mcts<G> {
    fn state_mut(&mut self) -> (&mut SessionCore, &mut Stats) {
        (&mut self.core, &mut self.stats)
    }

    /// One iteration: selection, expansion, play-out, backpropagation (one playout or one
    /// expansion valued without playouts: short); [`Iteration::Stopped`] (nothing changed)
    /// if the node limit forbids the expansion it needs.
    fn iterate(&mut self, _: &Deadline) -> Iteration {
        let mut pos = self.root.clone();
        self.path.clear();
        self.before.clear();
        self.scores.clear();
        self.growth = Growth::None;
        self.path.push(ROOT);
        self.before.push(self.values_ranked(ROOT, Some(1)));
        let mut id = ROOT;
        loop {
            let node = *self.tree.node(id);
            if node.kind() == NodeKind::Terminal {
                break;
            }
            if !node.is_full() {
                let Some(child) = self.expand(id, &pos) else {
                    return Iteration::Stopped;
                };
                if self.config.solver && self.tree.node(id).status().is_resolved() {
                    // The expansion proved the node: simulate from it.
                    break;
                }
                if child != NONE {
                    // UCT's new child: no proof numbers, so no rank.
                    let node = self.tree.node(child);
                    pos.play(node.mv().expect("a child has a move"));
                    self.path.push(child);
                    self.before.push(self.values_ranked(child, Some(0)));
                    self.scores.push(None);
                    break;
                }
            }
            let Some((child, score)) = self.select(id) else {
                break;
            };
            pos.play(self.tree.node(child).mv().expect("a child has a move"));
            self.path.push(child);
            self.before
                .push(self.values_ranked(child, Some(score.rank.0)));
            self.scores.push(Some(score));
            id = child;
            if self.tree.node(child).visits() == 0 {
                break;
            }
        }
        let outcome = match pos.outcome(self.question().root_player) {
            Some(outcome) => outcome,
            None => self.sampler.outcome(&pos),
        };
        self.result = Some(outcome);
        let reward = i64::from(outcome.sign());
        for &p in &self.path {
            self.tree.visit(p, reward);
        }
        self.stats.iterations += 1;
        self.stats.nodes_created = self.tree.len() as u64;
        self.stats.peak_nodes = self.stats.nodes_created;
        self.stats.bytes = self.tree.bytes();
        self.stats.playouts = self.sampler.playouts();
        let values = self.values_ranked(ROOT, Some(1));
        self.history
            .record(self.stats.iterations, &values, self.tree.len() as u64);
        Iteration::Done
    }

    /// The verdict the root's status gives with the solver on.
    fn conclusion(&self) -> Option<Verdict> {
        if !self.config.solver {
            return None;
        }
        self.tree.node(ROOT).status().verdict()
    }

    /// Whether the root's visit count is full: a `u32` holds 4,294,967,295 simulations.
    fn exhausted(&self) -> bool {
        self.tree.node(ROOT).visits() == u32::MAX
    }
}

impl<G: Game> Mcts<G> {
    /// A search of `root` (a position where a player moves) for `question`, every random
    /// choice from `seed`.
    ///
    /// # Panics
    /// If `root` is a finished game or a chance node (the catalogue refuses both).
    #[must_use]
    pub fn new(root: G, config: Config, question: Question, seed: u64, limits: Limits) -> Self {
        let kind = NodeKind::of(root.turn(), question.root_player);
        assert!(
            matches!(kind, NodeKind::Or | NodeKind::And),
            "MCTS starts at a player's move"
        );
        Mcts::with_tree(root, Tree::new(kind), config, question, seed, limits)
    }

    /// A search of `root` that starts from `tree`, a tree of `root` for `question` (a new
    /// root's, or the subtree an agent carries on: [`Mcts::carry`]), with counters at zero.
    fn with_tree(
        root: G,
        tree: Tree<G::Move>,
        config: Config,
        question: Question,
        seed: u64,
        limits: Limits,
    ) -> Self {
        let (nodes, bytes) = (tree.len() as u64, tree.bytes());
        let mut search = Mcts {
            core: SessionCore::unnamed(limits),
            config,
            root,
            tree,
            sampler: Sampler::new(question, seed).cut_off(config.playout),
            stats: Stats {
                nodes_created: nodes,
                peak_nodes: nodes,
                bytes_per_node: Tree::<G::Move>::bytes_per_node() as u64,
                bytes,
                ..Stats::default()
            },
            path: vec![ROOT],
            before: Vec::new(),
            scores: Vec::new(),
            growth: Growth::None,
            result: None,
            keys: Vec::new(),
            history: History::default(),
        };
        let values = search.values(ROOT);
        search.history.record(0, &values, nodes);
        search
    }

    /// The tree built so far.
    #[must_use]
    pub fn arena(&self) -> &Tree<G::Move> {
        &self.tree
    }

    /// The root value and tree size at every iteration.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> Config {
        self.config
    }

    /// The question.
    #[must_use]
    pub fn question(&self) -> Question {
        self.sampler.question()
    }

    /// The ids of the last iteration's selection path, root first.
    #[must_use]
    pub fn last_path_ids(&self) -> &[NodeId] {
        &self.path
    }

    /// A child's mean from the view of the player who moves at its parent of kind `parent`
    /// (the one who made the move into it): v_i of formula (1).
    fn mover_mean(&self, parent: NodeKind, id: NodeId) -> f64 {
        let mean = self.tree.node(id).mean();
        if parent.is_or() { mean } else { -mean }
    }

    /// The proof-number key PN-MCTS ranks a child by at a parent of kind `parent`: pn at OR
    /// nodes, dn at AND nodes.
    fn rank_key(&self, parent: NodeKind, id: NodeId) -> u32 {
        let (pn, dn) = self.tree.node(id).proof_numbers();
        if parent.is_or() { pn } else { dn }
    }

    /// Fills `keys` with the sorted distinct rank keys of `id`'s children.
    fn fill_keys(&self, id: NodeId, keys: &mut Vec<u32>) {
        let kind = self.tree.node(id).kind();
        keys.clear();
        keys.extend(self.tree.children(id).map(|c| self.rank_key(kind, c)));
        keys.sort_unstable();
        keys.dedup();
    }

    /// The sorted distinct rank keys of `id`'s children (for views; the search reuses a
    /// buffer).
    fn sorted_keys(&self, id: NodeId) -> Vec<u32> {
        let mut keys = Vec::new();
        if self.config.proof_numbers {
            self.fill_keys(id, &mut keys);
        }
        keys
    }

    /// The rank of the child `child` of `id` given `keys` (its siblings' sorted distinct
    /// keys): 1 for the least key, ties sharing a rank, the next distinct key the next rank.
    fn rank_in(&self, keys: &[u32], parent: NodeKind, child: NodeId) -> u32 {
        let key = self.rank_key(parent, child);
        keys.partition_point(|&k| k < key) as u32 + 1
    }

    /// The score of `child` under `id`, `keys` the sorted distinct rank keys of `id`'s
    /// children (empty without proof numbers).
    fn score(&self, keys: &[u32], id: NodeId, child: NodeId) -> Score {
        let parent = self.tree.node(id);
        let node = self.tree.node(child);
        let explore = if node.visits() == 0 {
            f64::INFINITY
        } else {
            let ln = ln(f64::from(parent.visits().max(1)));
            self.config.c * (ln / f64::from(node.visits())).sqrt()
        };
        let (bonus, rank) = if self.config.proof_numbers {
            let max = keys.len() as u32;
            let rank = self.rank_in(keys, parent.kind(), child);
            let bonus = self.config.cpn * (1.0 - f64::from(rank) / f64::from(max));
            (bonus, (rank, max))
        } else {
            (0.0, (0, 0))
        };
        Score {
            value: if node.visits() == 0 {
                0.0
            } else {
                self.mover_mean(parent.kind(), child)
            },
            explore,
            bonus,
            rank,
        }
    }

    /// Whether selection may enter `child`: any child without the solver, only unresolved
    /// ones with it.
    fn selectable(&self, child: NodeId) -> bool {
        !self.config.solver || !self.tree.node(child).status().is_resolved()
    }

    /// The child of `id` the selection formula picks, ties broken by `tie` (given the
    /// number of tied children so far, whether the newest takes over). `None` if no child
    /// is selectable.
    fn pick(
        &self,
        keys: &[u32],
        id: NodeId,
        tie: &mut dyn FnMut(u32) -> bool,
    ) -> Option<(NodeId, Score)> {
        let mut best: Option<(NodeId, Score)> = None;
        let mut ties = 0;
        for child in self.tree.children(id) {
            if !self.selectable(child) {
                continue;
            }
            let score = self.score(keys, id, child);
            let total = score.total();
            match best {
                Some((_, b)) if total < b.total() => {}
                Some((_, b)) if total == b.total() => {
                    ties += 1;
                    if tie(ties) {
                        best = Some((child, score));
                    }
                }
                _ => {
                    ties = 1;
                    best = Some((child, score));
                }
            }
        }
        best
    }

    /// Selection at `id`: the best child by the formula, ties uniformly at random.
    fn select(&mut self, id: NodeId) -> Option<(NodeId, Score)> {
        let mut keys = std::mem::take(&mut self.keys);
        if self.config.proof_numbers {
            self.fill_keys(id, &mut keys);
        }
        let mut rng = self.sampler.rng().clone();
        let picked = self.pick(&keys, id, &mut |ties| rng.below(ties) == 0);
        *self.sampler.rng() = rng;
        self.keys = keys;
        picked
    }

    /// The status of `id` from its children (moves not in the tree count as unknown) and,
    /// with proof numbers, its pn/dn (PNS's rules, §III).
    fn combine(&self, id: NodeId) -> (Status, (u32, u32)) {
        let node = self.tree.node(id);
        let kind = node.kind();
        let missing = (!node.is_full()).then_some(Status::Unknown);
        let status = Status::combine(
            kind,
            self.tree
                .children(id)
                .map(|c| self.tree.node(c).status())
                .chain(missing),
        );
        if !self.config.proof_numbers {
            return (status, node.proof_numbers());
        }
        let (mut min, mut sum) = ((INFINITE, INFINITE), (0u32, 0u32));
        for child in self.tree.children(id) {
            let (pn, dn) = self.tree.node(child).proof_numbers();
            min = (min.0.min(pn), min.1.min(dn));
            sum = (sum.0.saturating_add(pn), sum.1.saturating_add(dn));
        }
        let numbers = if kind.is_or() {
            (min.0, sum.1)
        } else {
            (sum.0, min.1)
        };
        (status, numbers)
    }

    /// Backs status and proof numbers up from `from` to the root, stopping at the first
    /// ancestor whose numbers do not change.
    fn back_up_proofs(&mut self, from: NodeId) {
        let mut id = from;
        loop {
            let node = *self.tree.node(id);
            let (status, numbers) = self.combine(id);
            if id != from && status == node.status() && numbers == node.proof_numbers() {
                break;
            }
            self.tree.set_proof(id, status, numbers);
            if id == ROOT {
                break;
            }
            id = node.parent();
        }
    }

    /// The kind, status and proof numbers of a new node at `pos`.
    fn evaluate(&self, pos: &G) -> (NodeKind, Status, (u32, u32)) {
        let question = self.question();
        let kind = NodeKind::of(pos.turn(), question.root_player);
        match pos.outcome(question.root_player) {
            Some(outcome) => {
                let proven = question.proven_by(outcome);
                (
                    NodeKind::Terminal,
                    Status::from_proven(proven),
                    terminal_numbers(proven),
                )
            }
            None => (kind, Status::Unknown, (1, 1)),
        }
    }

    /// Adds the child for `moves[index]` of `id` at `pos`.
    fn add(&mut self, id: NodeId, pos: &G, mv: G::Move, index: usize) -> NodeId {
        let mut child = pos.clone();
        child.play(mv);
        let (kind, status, numbers) = self.evaluate(&child);
        self.tree
            .add_child(id, mv, index as u16, kind, status, numbers)
    }

    /// Expands `id` at `pos`: all children (full expansion) or one chosen uniformly among
    /// the moves not yet in the tree. Returns the new child for UCT, `Some(NONE)` after a
    /// full expansion, `None` (nothing changed) if the node limit forbids it.
    fn expand(&mut self, id: NodeId, pos: &G) -> Option<NodeId> {
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let grow = if self.config.full_expansion {
            moves.len()
        } else {
            1
        };
        let nodes = (self.tree.len() + grow) as u64;
        let bytes = self.tree.growth_bytes(grow);
        if !self
            .core
            .run
            .may_grow(&mut self.stats, nodes, NONE - 1, bytes)
        {
            return None;
        }
        self.stats.nodes_expanded += u64::from(self.tree.node(id).child_count() == 0);
        if self.config.full_expansion {
            for (index, &mv) in moves.iter().enumerate() {
                self.add(id, pos, mv, index);
            }
            self.tree.set_full(id);
            self.growth = Growth::All {
                at: id,
                count: moves.len() as u16,
            };
            self.back_up_proofs(id);
            return Some(NONE);
        }
        // Which moves are in the tree already (children are in move order).
        let mut tried = <G::List<bool>>::default();
        for _ in 0..moves.len() {
            tried.push(false);
        }
        for child in self.tree.children(id) {
            tried[usize::from(self.tree.node(child).index())] = true;
        }
        let untried = moves.len() - usize::from(self.tree.node(id).child_count());
        let nth = self.sampler.rng().below(untried as u32) as usize;
        let index = (0..moves.len())
            .filter(|&i| !tried[i])
            .nth(nth)
            .expect("an untried move");
        let child = self.add(id, pos, moves[index], index);
        if untried == 1 {
            self.tree.set_full(id);
        }
        self.growth = Growth::One {
            untried: untried as u16,
        };
        self.back_up_proofs(id);
        Some(child)
    }

    /// Runs at most `budget` (and within the limits); the verdict once stopped.
    pub fn step(&mut self, budget: Budget) -> Option<Verdict> {
        self.step_iterations(budget)
    }

    /// The verdict: `out` until the search has stopped for another reason.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        self.core.verdict()
    }

    /// The child of the root the search plays: if the root is proven, a proven child (the
    /// most visited one); otherwise the most visited child — with the solver on, among the
    /// children not disproven if there are any — ties going to the greater mean, then to
    /// the first in move order. `None` before the root has a child.
    #[must_use]
    pub fn best_child(&self) -> Option<NodeId> {
        let root = self.tree.node(ROOT);
        let status = |c: NodeId| self.tree.node(c).status();
        let wanted: &dyn Fn(NodeId) -> bool = if root.status() == Status::Proven {
            &|c| status(c) == Status::Proven
        } else if self.config.solver
            && self
                .tree
                .children(ROOT)
                .any(|c| status(c) != Status::Disproven)
        {
            &|c| status(c) != Status::Disproven
        } else {
            &|_| true
        };
        let mut best: Option<NodeId> = None;
        for child in self.tree.children(ROOT).filter(|&c| wanted(c)) {
            let better = best.is_none_or(|b| {
                let (n, m) = (self.tree.node(child), self.tree.node(b));
                n.visits() > m.visits() || (n.visits() == m.visits() && n.mean() > m.mean())
            });
            if better {
                best = Some(child);
            }
        }
        best
    }

    /// The move of [`Mcts::best_child`], in the game's notation.
    #[must_use]
    pub fn best_move(&self) -> Option<String> {
        let child = self.best_child()?;
        Some(self.root.format_move(self.tree.node(child).mv()?))
    }
}

/// The natural logarithm of `x` (a visit count ≥ 1) from additions, multiplications and
/// divisions only, which IEEE 754 rounds the same everywhere: the platform's `ln` comes from
/// different maths libraries natively and in wasm32, which may differ in the last bit and
/// flip a UCT comparison, and the same seed must give the same tree on both. `x = m·2^e`
/// with `m` in [√½, √2), `ln m = 2·atanh(s)`, `s = (m − 1)/(m + 1)`, `|s| < 0.172`, summed to
/// s^27 (the next term is below 1e-21 of the result); within 2 ulps of `f64::ln`.
///
/// ```
/// use pnplay::search::mcts::ln;
/// for n in [1.0, 2.0, 3.0, 10.0, 12345.0, 4294967295.0] {
///     assert!((ln(n) - f64::ln(n)).abs() <= 4.0 * f64::EPSILON * f64::ln(n).abs().max(1.0));
/// }
/// assert_eq!(ln(1.0), 0.0);
/// ```
#[must_use]
pub fn ln(x: f64) -> f64 {
    const LN_2: f64 = std::f64::consts::LN_2;
    let bits = x.to_bits();
    let mut exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    if m > std::f64::consts::SQRT_2 {
        m /= 2.0;
        exponent += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut term = s;
    let mut sum = 0.0;
    let mut k = 1.0;
    while k < 28.0 {
        sum += term / k;
        term *= s2;
        k += 2.0;
    }
    exponent as f64 * LN_2 + 2.0 * sum
}

/// A session of the MCTS search `info` with `config` on `root` answering `question`, for the
/// run settings of `params`.
pub fn session<G: Catalogued>(
    info: &'static SearchInfo,
    root: G,
    question: Question,
    config: Config,
    params: &Params,
) -> Box<dyn Session> {
    Box::new(Mcts::new(root, config, question, params.seed(), params.limits()).named(info))
}

impl<G: Catalogued> Mcts<G> {
    /// This search, declared as the catalogue's `info` (what [`Session::info`] reports).
    #[must_use]
    pub fn named(mut self, info: &'static SearchInfo) -> Self {
        let question = self.sampler.question().words(&self.root);
        self.core.name(info, question);
        self
    }

    /// Carries the search on to the position after `line` (moves in the game's notation
    /// from the root), every later random choice from `seed`: the subtree there becomes the
    /// tree with its visits, means, statuses and proof numbers, and the counters start
    /// again. This is Ludii's tree reuse (`MCTS.java`, `treeReuse`, on in the PN-MCTS
    /// paper's agents: `results/pnmcts-games/README.md`); the paper's §II–IV do not speak of
    /// it. The statistics stay meaningful because they are kept for the question's player,
    /// who must be the one to move at the new root. False, with nothing changed, if a move
    /// is not in the tree (or not legal) or the question's player is not to move there.
    pub fn carry(&mut self, line: &[String], seed: u64) -> bool {
        let mut pos = self.root.clone();
        let mut id = ROOT;
        for text in line {
            let Ok(mv) = pos.parse_move(text) else {
                return false;
            };
            let Some(child) = self
                .tree
                .children(id)
                .find(|&c| self.tree.node(c).mv() == Some(mv))
            else {
                return false;
            };
            pos.play(mv);
            id = child;
        }
        if self.tree.node(id).kind() != NodeKind::Or {
            return false;
        }
        let carried = Mcts::with_tree(
            pos,
            self.tree.subtree(id),
            self.config,
            self.question(),
            seed,
            self.core.run.limits,
        );
        *self = if self.core.id().is_empty() {
            carried
        } else {
            carried.named(self.core.info())
        };
        true
    }
}

impl<G: Catalogued> Session for Mcts<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        Mcts::step(self, budget)
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn root_value(&self) -> Option<Values> {
        Some(self.values(ROOT))
    }

    fn best_move(&self) -> Option<String> {
        Mcts::best_move(self)
    }

    fn history(&self) -> Option<&History> {
        Some(&self.history)
    }

    fn tree(&self) -> Option<&dyn TreeView> {
        Some(self)
    }

    fn fork(&self) -> Option<Box<dyn Session>> {
        Some(Box::new(self.clone()))
    }

    fn carry(&mut self, line: &[String], seed: u64) -> bool {
        Mcts::carry(self, line, seed)
    }
}

//! The best-first family: the driver shared by PNS, PPNS (paper and precise), MCPNS and PP
//! (PPNS paper §2–3, Algorithms 1–6), the arena tree it grows, and the playouts that value
//! new leaves. Each search's module holds only its numbers (a [`Rules`] type) and its
//! catalogue entry; [`dag`] (`pns-dag`) is the exception: PNS over a graph of positions, which
//! a tree driver cannot hold, with its own driver.
//!
//! Every iteration does the same four things; only the numbers differ between searches,
//! and those live behind the [`Rules`] trait:
//!
//! 1. **Select**: from the root, repeatedly go to the child with the smallest
//!    [`Rules::key`] among the children whose status is still unknown (ties go to the first
//!    in move order), replaying the moves on a copy of the root position, until reaching a
//!    leaf: the most-proving node (MPN).
//! 2. **Expand**: generate all moves of the MPN and create one child per move. A finished
//!    game becomes a terminal child, proven or disproven by the [`Question`]; any other
//!    child gets [`Rules::leaf`] (1/1 for PNS, random playouts for PPNS and MCPNS, ½ for PP).
//! 3. **Back up**: recompute the MPN and its ancestors with [`Rules::combine`], and their
//!    exact [`Status`] with [`Status::combine`], stopping early at the first ancestor whose
//!    value and status do not change.
//! 4. **Stop** when the root's status is resolved (`proved` / `disproved`, the only source of
//!    those verdicts), when [`Rules::conclusion`] says so (PPNS's `pr`), or at a limit (`out`).
//!
//! The search is resumable: [`Session::step`] runs a [`Budget`] of iterations or seconds
//! and returns; stepping in small budgets builds exactly the tree one big run builds. After
//! each step [`TreeView::last_path`] gives the last iteration's MPN path (each node with its
//! values when selection passed it, before the backup: a retained buffer, refilled each
//! iteration), [`TreeView::trace`] the same iteration as one line of text,
//! [`TreeView::snapshot`] the top of the tree and [`TreeView::inspect`] one node with its
//! [`Rules`]' backup formula applied to its children's numbers. [`Session::history`] holds
//! the root value and tree size at every iteration ([`History`], thinned honestly for long
//! runs).
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Verdict, catalogue, params::Params, session::Budget};
//!
//! let pos = TicTacToe::parse_position(&(), "").unwrap();
//! let params = Params::default().with_goal(Goal::NotLose);
//! let mut search = catalogue::start("pns", pos, &params).unwrap();
//! assert_eq!(search.step(Budget::iterations(10)), None); // not done yet: call again
//! assert!(search.tree().unwrap().last_path().len() >= 2); // root → the node just expanded
//! assert_eq!(search.run(), Verdict::Proved);              // tic-tac-toe is a draw
//! assert!(search.best_move().is_some());
//! ```

pub mod cns;
pub mod dag;
mod line;
pub mod mcpns;
pub mod playout;
pub mod pns;
pub mod pp;
pub mod ppns;
pub mod ppns_precise;
pub mod tree;

use std::fmt::Debug;

use playout::Sampler;
use tree::{Node, NodeId, NodeKind, ROOT, Status, Tree, TreeLinks};

use super::family::{Capabilities, SearchInfo};
use super::params::Params;
use super::pseudocode::{Line, Phase, line, plain};
use super::session::{Budget, Deadline, Iteration, Iterative, Session, TreeView};
use super::session_core::SessionCore;
use super::tree_walk::{TreeWalk, TreeWords};
use super::view::{Backup, History, InspectedChild, Inspection, PathNode, Values, short};
use super::{Limits, Question, Stats, Verdict};
use crate::game::catalogue::Catalogued;
use crate::game::{Game, MoveList};

/// A rule's words at OR nodes and at AND (and chance) nodes.
#[derive(Clone, Copy, Debug)]
pub struct OrAnd {
    /// At OR nodes.
    pub or: &'static str,
    /// At AND and chance nodes.
    pub and: &'static str,
}

impl OrAnd {
    /// The words at a node of kind `kind`.
    #[must_use]
    pub const fn at(&self, kind: NodeKind) -> &'static str {
        if kind.is_or() { self.or } else { self.and }
    }
}

/// The numbers one best-first search keeps in its nodes and how it combines them. Rules are
/// plain values, which a session clones when it forks and sends to a worker thread.
pub trait Rules: Clone + Send + 'static {
    /// What each node stores.
    type Value: Copy + PartialEq + Debug + Send;
    /// What selection minimises.
    type Key: PartialOrd + Copy;

    /// The value of a finished game: `proven` if its result meets the goal.
    fn terminal(&self, proven: bool) -> Self::Value;

    /// The value of a new leaf of kind `kind` (not a finished game) at position `pos`.
    fn leaf<G: Game>(&self, pos: &G, kind: NodeKind, sampler: &mut Sampler) -> Self::Value;

    /// The value of an expanded node of kind `kind` (OR, or AND-like) from its children.
    fn combine<M: Copy>(&self, kind: NodeKind, children: &[Node<M, Self::Value>]) -> Self::Value;

    /// The selection key of a child of kind `child` under a parent of kind `parent`: the
    /// search descends into the unresolved child with the smallest key.
    fn key(&self, parent: NodeKind, child: NodeKind, value: Self::Value) -> Self::Key;

    /// The value as shown to users.
    fn values(&self, kind: NodeKind, value: Self::Value) -> Values;

    /// The selection rule at OR and at AND parents, in words (`least pn`, `greatest ppn`):
    /// what [`Rules::key`] minimises.
    const CRITERION: OrAnd;

    /// The backup rule of expanded OR and AND nodes, in symbols (what [`Rules::combine`]
    /// computes).
    const FORMULA: OrAnd;

    /// [`Rules::FORMULA`] applied to the numbers of `children`, ending with `result` (what
    /// [`Rules::combine`] gave for them), e.g. `pn = min(3, 1, 4) = 1; dn = 3 + 1 + 2 = 6`.
    fn applied<M: Copy>(
        &self,
        kind: NodeKind,
        children: &[Node<M, Self::Value>],
        result: Self::Value,
    ) -> String;

    /// How a node that is not expanded got `value`: the rule (for a finished game if
    /// `status` is resolved, else for a new leaf [`Rules::leaf`] valued) and the rule applied.
    fn initial(&self, kind: NodeKind, status: Status, value: Self::Value) -> (String, String);

    /// A verdict short of a proof from the root's value (PPNS's `pr`), if any.
    fn conclusion(&self, kind: NodeKind, value: Self::Value) -> Option<Verdict> {
        let _ = (kind, value);
        None
    }

    /// Whether selection takes the last of the children with equal keys instead of the
    /// first in move order (SPEC.md §4's rule, the default); PPNS's `ties=last`.
    fn ties_to_last(&self) -> bool {
        false
    }
}

/// What a best-first search can do: it steps, keeps a tree, assumes an acyclic game and plays
/// no games; `exact` if proofs are its only conclusions, `playouts` if it runs playouts.
#[must_use]
pub const fn capabilities(exact: bool, playouts: bool) -> Capabilities {
    Capabilities {
        steppable: true,
        exact,
        playouts,
        tree: true,
        plays: false,
        acyclic_only: true,
        chance: true,
        timed: false,
        carries_tree: false,
    }
}

/// The pseudocode of a best-first search: this module's loop (select from the root down,
/// expand, value the new leaves, back up to the root), each line tagged with its phase (the
/// page lights the phase it is showing). The search gives its own lines: the `heading`
/// (`name(root):`), the loop's `stop` test, which child it `select`s, how it `evaluate`s a
/// new leaf, how it `backup`s a node from its children and what it `answer`s.
#[must_use]
pub const fn pseudocode(
    heading: &'static str,
    stop: &'static str,
    select: &'static str,
    evaluate: &'static str,
    backup: &'static str,
    answer: &'static str,
) -> [Line; 10] {
    [
        plain(heading),
        line(Phase::Stop, stop),
        line(Phase::Select, "    n ← root"),
        line(Phase::Select, "    while n is expanded:"),
        line(Phase::Select, select),
        line(Phase::Expand, "    expand n: one child per legal move"),
        line(Phase::Evaluate, evaluate),
        line(
            Phase::Backup,
            "    for n and each of its ancestors, up to the root:",
        ),
        line(Phase::Backup, backup),
        line(Phase::Stop, answer),
    ]
}

/// A session of the best-first search `info` with `rules` on `root` answering `question`,
/// for the run settings of `params` (seed, limits). What each search's
/// [`crate::search::catalogue::SearchKind`] returns.
pub fn session<G: Catalogued, R: Rules>(
    info: &'static SearchInfo,
    root: G,
    question: Question,
    rules: R,
    params: &Params,
) -> Box<dyn Session> {
    Box::new(BestFirst::new(root, rules, question, params.seed(), params.limits()).named(info))
}

/// A best-first search with rules `R` over game `G`.
#[derive(Clone, Debug)]
pub struct BestFirst<G: Game, R: Rules> {
    core: SessionCore,
    rules: R,
    root: G,
    tree: Tree<G::Move, R::Value>,
    sampler: Sampler,
    stats: Stats,
    path: Vec<NodeId>,
    /// The values of the nodes of `path` when the last iteration selected them.
    before: Vec<R::Value>,
    history: History,
    /// The expansion a step's deadline cut part-way, which the next iteration finishes.
    expansion: Option<Expansion<G, R::Value>>,
    /// The proving line, found once the root is resolved (the tree then no longer changes)
    /// the first time it is asked for ([`BestFirst::proving_line`]).
    line: std::sync::OnceLock<Vec<String>>,
}

/// An expansion cut part-way by a step's deadline (a node's children valued by playouts can
/// outlast a slice: Gomoku's 225 children × 60 playouts): the leaf, its position and the
/// children valued so far, in move order.
#[derive(Clone, Debug)]
struct Expansion<G: Game, V> {
    mpn: NodeId,
    pos: G,
    children: Vec<(G::Move, NodeKind, Status, V)>,
}

impl<G: Game, R: Rules> BestFirst<G, R> {
    /// A search of `root` for `question`, playouts seeded by `seed`. The root is valued at
    /// once (for PPNS and MCPNS, by its own playouts).
    pub fn new(root: G, rules: R, question: Question, seed: u64, limits: Limits) -> Self {
        let mut sampler = Sampler::new(question, seed);
        let (kind, status, value) = evaluate(&rules, &mut sampler, &root);
        let tree = Tree::new(kind, status, value);
        let mut history = History::default();
        history.record(0, &rules.values(kind, value), 1);
        let mut search = BestFirst {
            core: SessionCore::unnamed(limits),
            rules,
            root,
            tree,
            stats: Stats {
                nodes_created: 1,
                peak_nodes: 1,
                playouts: sampler.playouts(),
                bytes_per_node: Tree::<G::Move, R::Value>::bytes_per_node() as u64,
                ..Stats::default()
            },
            sampler,
            path: vec![ROOT],
            before: Vec::new(),
            history,
            expansion: None,
            line: std::sync::OnceLock::new(),
        };
        search.core.run.finished = search.conclusion();
        search
    }

    /// The tree built so far.
    #[must_use]
    pub fn arena(&self) -> &Tree<G::Move, R::Value> {
        &self.tree
    }

    /// The node ids of the last iteration's MPN path, root first.
    #[must_use]
    pub fn last_path_ids(&self) -> &[NodeId] {
        &self.path
    }

    /// The rules this search follows.
    #[must_use]
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Among the children of `id` whose status passes `wanted`, the one with the smallest
    /// key (the first in move order on ties, the last if [`Rules::ties_to_last`]).
    fn favourite(&self, id: NodeId, wanted: impl Fn(Status) -> bool) -> Option<NodeId> {
        let node = self.tree.node(id);
        let last = self.rules.ties_to_last();
        let mut best: Option<(NodeId, R::Key)> = None;
        for (child_id, child) in node.child_ids().zip(self.tree.children(id)) {
            if !wanted(child.status()) {
                continue;
            }
            let key = self.rules.key(node.kind(), child.kind(), child.value());
            if best.is_none_or(|(_, best_key)| key < best_key || (last && key <= best_key)) {
                best = Some((child_id, key));
            }
        }
        best.map(|(child_id, _)| child_id)
    }

    /// The selection of an iteration: the most-proving node, its path (and the values on
    /// it before this iteration) and its position, ready to expand; `None` if expanding it
    /// would exceed the node capacity or the memory limit.
    fn select(&mut self) -> Option<Expansion<G, R::Value>> {
        let mut pos = self.root.clone();
        self.path.clear();
        self.path.push(ROOT);
        self.before.clear();
        self.before.push(self.tree.node(ROOT).value());
        let mut mpn = ROOT;
        while self.tree.node(mpn).is_expanded() {
            mpn = self
                .favourite(mpn, |status| !status.is_resolved())
                .expect("an unresolved expanded node has an unresolved child");
            let node = self.tree.node(mpn);
            pos.play(node.mv().expect("only the root has no move"));
            self.path.push(mpn);
            self.before.push(node.value());
        }

        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let nodes = (self.tree.len() + moves.len()) as u64;
        let bytes = self.tree.growth_bytes(moves.len());
        if !self
            .core
            .run
            .may_grow(&mut self.stats, nodes, NodeId::MAX, bytes)
        {
            return None;
        }
        Some(Expansion {
            mpn,
            pos,
            children: Vec::with_capacity(moves.len()),
        })
    }
}

/// The last iteration in words (see [`BestFirst::trace`]) from its path, the selection rule
/// at each kind of parent, and the statuses of the children the last node got.
/// `unexpanded` says why the last node has no children yet (a slice that ended while they
/// were valued, or the limit that stopped the search).
fn trace_text(
    path: &[PathNode],
    criterion: &dyn Fn(NodeKind) -> &'static str,
    expanded: &[Status],
    unexpanded: &str,
) -> String {
    let name = |node: &PathNode| node.mv.clone().unwrap_or_else(|| "root".into());
    let text = |values: Option<Values>| values.map_or_else(String::new, |v| v.text());
    let mut parts: Vec<String> = path
        .windows(2)
        .map(|pair| {
            let (parent, child) = (&pair[0], &pair[1]);
            format!(
                "{} ({}): {} → {} ({})",
                name(parent),
                parent.kind.word(),
                criterion(parent.kind),
                name(child),
                text(child.before),
            )
        })
        .collect();
    let last = path.last().expect("a path holds at least the root");
    if expanded.is_empty() {
        parts.push(format!("{} not expanded yet: {unexpanded}", name(last)));
    } else {
        let mut line = format!("expanded {}: {} children", name(last), expanded.len());
        for status in [Status::Proven, Status::Disproven] {
            let count = expanded.iter().filter(|&&s| s == status).count();
            if count > 0 {
                line += &format!(", {count} {}", status.word());
            }
        }
        parts.push(line);
    }
    parts.push(format!(
        "root {} → {}",
        text(path[0].before),
        path[0].values.text()
    ));
    parts.join("; ")
}

/// How a node's values follow from its `children`, or for a node not expanded, how it was
/// valued; the result through the search's own [`Rules::combine`]. Generic over the move
/// type only (games that share one share the code).
fn backup<M: Copy, R: Rules>(
    rules: &R,
    kind: NodeKind,
    status: Status,
    value: R::Value,
    children: &[Node<M, R::Value>],
) -> Backup {
    if children.is_empty() {
        let (formula, applied) = rules.initial(kind, status, value);
        return Backup {
            formula,
            applied,
            result: rules.values(kind, value),
        };
    }
    let result = rules.combine(kind, children);
    Backup {
        formula: R::FORMULA.at(kind).to_string(),
        applied: rules.applied(kind, children, result),
        result: rules.values(kind, result),
    }
}

/// Which child selection picks at an expanded node and why.
fn selection_text(
    kind: NodeKind,
    status: Status,
    criterion: &str,
    chosen: Option<&InspectedChild>,
) -> String {
    match chosen {
        Some(child) => format!(
            "{} node: the unresolved child with the {criterion} → {} ({}); ties go to the first in move order",
            kind.word(),
            child.mv,
            child.values.text(),
        ),
        None => format!(
            "{} node, {}: the search no longer selects below it",
            kind.word(),
            status.word()
        ),
    }
}

/// The child a best-first search favours at a root of `kind` and `status`, where
/// `favourite(wanted)` is the root's favourite among the children whose status passes
/// `wanted`: at a root the question's player has settled (an OR root proven, an AND root
/// disproven) a child that settles it; otherwise the child selection would take, or any
/// child once all are resolved.
pub(crate) fn favoured_child<T>(
    kind: NodeKind,
    status: Status,
    favourite: impl Fn(&dyn Fn(Status) -> bool) -> Option<T>,
) -> Option<T> {
    let winning = match (kind.is_or(), status) {
        (true, Status::Proven) => Some(Status::Proven),
        (false, Status::Disproven) => Some(Status::Disproven),
        _ => None,
    };
    match winning {
        Some(status) => favourite(&|s| s == status),
        None => favourite(&|s| !s.is_resolved()).or_else(|| favourite(&|_| true)),
    }
}

/// Why a finished game has its value, for [`Rules::initial`]'s applied text.
pub(crate) const fn finished(status: Status) -> &'static str {
    match status {
        Status::Proven => "the game is over and meets the goal",
        _ => "the game is over and does not meet the goal",
    }
}

/// The MIN/SUM backup (PNS, MCPNS) applied: at an OR node the first number (`names[0]`) is
/// the least of the children's and the second their sum, at AND and chance nodes the other
/// way round: `pn = min(3, 1, 4) = 1; dn = 3 + 1 + 2 = 6`. `children` are each child's two
/// numbers, `result` what the search's backup gave.
pub(crate) fn min_sum_applied(
    kind: NodeKind,
    names: [&str; 2],
    children: impl Iterator<Item = [f64; 2]> + Clone,
    result: [f64; 2],
) -> String {
    let list = |i: usize, separator: &str| {
        children
            .clone()
            .map(|numbers| short(numbers[i]))
            .collect::<Vec<_>>()
            .join(separator)
    };
    let (min, sum) = if kind.is_or() { (0, 1) } else { (1, 0) };
    let min_text = format!(
        "{} = min({}) = {}",
        names[min],
        list(min, ", "),
        short(result[min])
    );
    let sum_text = format!(
        "{} = {} = {}",
        names[sum],
        list(sum, " + "),
        short(result[sum])
    );
    if kind.is_or() {
        format!("{min_text}; {sum_text}")
    } else {
        format!("{sum_text}; {min_text}")
    }
}

/// The kind, status and value of a new node at `pos`.
fn evaluate<G: Game, R: Rules>(
    rules: &R,
    sampler: &mut Sampler,
    pos: &G,
) -> (NodeKind, Status, R::Value) {
    let question = sampler.question();
    let kind = NodeKind::of(pos.turn(), question.root_player);
    match pos.outcome(question.root_player) {
        Some(outcome) => {
            let proven = question.proven_by(outcome);
            (kind, Status::from_proven(proven), rules.terminal(proven))
        }
        None => (kind, Status::Unknown, rules.leaf(pos, kind, sampler)),
    }
}

impl<G: Game, R: Rules> TreeWalk for BestFirst<G, R> {
    type Position = G;

    fn walked(&self) -> (&G, &dyn TreeLinks<G::Move>, &[NodeId]) {
        (&self.root, &self.tree, &self.path)
    }

    fn values_of(&self, id: NodeId) -> Values {
        let node = self.tree.node(id);
        self.rules.values(node.kind(), node.value())
    }

    /// The values of `id` when the last iteration selected it, if it is on that path.
    fn before_of(&self, id: NodeId) -> Option<Values> {
        let at = self.path.iter().position(|&p| p == id)?;
        let value = *self.before.get(at)?;
        Some(self.rules.values(self.tree.node(id).kind(), value))
    }
}

impl<G: Game, R: Rules> Iterative for BestFirst<G, R> {
    fn state_mut(&mut self) -> (&mut SessionCore, &mut Stats) {
        (&mut self.core, &mut self.stats)
    }

    /// One iteration: select, expand, back up; [`Iteration::Stopped`] (and nothing changed)
    /// if expanding would exceed the node capacity or the memory limit, [`Iteration::Cut`]
    /// if `deadline` came while the children were valued (after one at least: the next call
    /// goes on with the rest, the playouts drawn in the same order as in one call).
    fn iterate(&mut self, deadline: &Deadline) -> Iteration {
        let mut expansion = match self.expansion.take() {
            Some(expansion) => expansion,
            None => match self.select() {
                Some(expansion) => expansion,
                None => return Iteration::Stopped,
            },
        };
        let mut moves = MoveList::<G>::default();
        expansion.pos.legal_moves(&mut moves);
        for &mv in &moves[expansion.children.len()..] {
            if !expansion.children.is_empty() && deadline.passed() {
                self.expansion = Some(expansion);
                return Iteration::Cut;
            }
            let mut child = expansion.pos.clone();
            child.play(mv);
            let (kind, status, value) = evaluate(&self.rules, &mut self.sampler, &child);
            expansion.children.push((mv, kind, status, value));
        }
        let mpn = expansion.mpn;
        self.tree.push_children(mpn, expansion.children);

        for &id in self.path.iter().rev() {
            let node = self.tree.node(id);
            let children = self.tree.children(id);
            let value = self.rules.combine(node.kind(), children);
            let status = Status::combine(node.kind(), children.iter().map(|c| c.status()));
            if id != mpn && value == node.value() && status == node.status() {
                break;
            }
            self.tree.set(id, value, status);
        }

        self.stats.iterations += 1;
        self.stats.nodes_expanded += 1;
        self.stats.nodes_created += moves.len() as u64;
        self.stats.peak_nodes = self.tree.len() as u64;
        self.stats.bytes = self.tree.bytes();
        self.stats.playouts = self.sampler.playouts();
        let root = self.tree.node(ROOT);
        self.history.record(
            self.stats.iterations,
            &self.rules.values(root.kind(), root.value()),
            self.tree.len() as u64,
        );
        Iteration::Done
    }

    /// The verdict the root alone gives: exact from its status, else the rules' conclusion.
    fn conclusion(&self) -> Option<Verdict> {
        let root = self.tree.node(ROOT);
        let exact = root.status().verdict();
        exact.or_else(|| self.rules.conclusion(root.kind(), root.value()))
    }
}

/// The driver's own API, for any game (the catalogue's sessions delegate to it).
impl<G: Game, R: Rules> BestFirst<G, R> {
    /// Runs at most `budget` (and within the limits); returns the verdict once the search
    /// has stopped, `None` if it can go on.
    pub fn step(&mut self, budget: Budget) -> Option<Verdict> {
        self.step_iterations(budget)
    }

    /// The verdict: `out` until the search has stopped for another reason.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        self.core.verdict()
    }

    /// Whether the search has stopped (further steps do nothing).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.core.is_finished()
    }

    /// The counters.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// At an OR root that is proved, a proven child's move; otherwise the move the search
    /// currently favours (the child it would select). `None` before the root is expanded.
    #[must_use]
    pub fn best_move(&self) -> Option<String> {
        let root = self.tree.node(ROOT);
        let child = favoured_child(root.kind(), root.status(), |wanted| {
            self.favourite(ROOT, wanted)
        })?;
        let mv = self.tree.node(child).mv()?;
        Some(self.root.format_move(mv))
    }

    /// The root's values.
    #[must_use]
    pub fn root_value(&self) -> Values {
        let root = self.tree.node(ROOT);
        self.rules.values(root.kind(), root.value())
    }

    /// Runs until the search stops and returns the verdict.
    pub fn run(&mut self) -> Verdict {
        loop {
            if let Some(verdict) = self.step(Budget::UNLIMITED) {
                return verdict;
            }
        }
    }

    /// The position at node `id`, `None` if there is no such node.
    #[must_use]
    pub fn node(&self, id: NodeId) -> Option<G> {
        self.position(id)
    }

    /// The root value and tree size at every iteration.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The last iteration in words: each selection on its path with the rule that made it
    /// and the chosen child's values at that moment, the expansion, and the root's values
    /// before and after; `None` before the first iteration. For example
    /// `root (OR): least pn → 5 (pn 1 / dn 1); expanded 5: 8 children; root pn 1 / dn 9 → pn 2 / dn 8`.
    #[must_use]
    pub fn trace(&self) -> Option<String> {
        if self.stats.iterations == 0 {
            return None;
        }
        let path = TreeWalk::last_path(self);
        let last = path.last().expect("a path holds at least the root");
        let statuses: Vec<Status> = self
            .tree
            .children(last.id)
            .iter()
            .map(|c| c.status())
            .collect();
        let unexpanded = match (&self.expansion, self.stats.stopped_by) {
            (Some(expansion), _) => format!(
                "{} of its children valued when the step's time ended (the next step goes on)",
                expansion.children.len()
            ),
            (None, Some(limit)) => format!("a limit was reached ({limit})"),
            (None, None) => "the search stopped".to_string(),
        };
        Some(trace_text(
            &path,
            &|kind| R::CRITERION.at(kind),
            &statuses,
            &unexpanded,
        ))
    }

    /// Everything about node `id` for an inspector: its line and position, its values now
    /// and before the last backup, its children, the backup rule applied to their numbers
    /// and which child selection picks; `None` if there is no such node.
    #[must_use]
    pub fn inspect(&self, id: NodeId) -> Option<Inspection>
    where
        G: Catalogued,
    {
        let (pos, line) = self.replay(id)?;
        let node = self.tree.node(id);
        let (kind, status) = (node.kind(), node.status());
        let children = self.tree.children(id);
        let selected = if status.is_resolved() {
            None
        } else {
            self.favourite(id, |s| !s.is_resolved())
        };
        let child_views = node
            .child_ids()
            .map(|child| self.inspected_child(&pos, child, selected == Some(child)))
            .collect::<Vec<_>>();
        let backup = backup(&self.rules, kind, status, node.value(), children);
        let selection = node.is_expanded().then(|| {
            selection_text(
                kind,
                status,
                R::CRITERION.at(kind),
                child_views.iter().find(|c| c.selected),
            )
        });
        Some(self.inspection(id, &pos, line, child_views, backup, selection))
    }
}

impl<G: Catalogued, R: Rules> BestFirst<G, R> {
    /// This search, declared as the catalogue's `info` (what [`Session::info`] reports).
    #[must_use]
    pub fn named(mut self, info: &'static SearchInfo) -> Self {
        let question = self.sampler.question().words(&self.root);
        self.core.name(info, question);
        self
    }
}

impl<G: Catalogued, R: Rules> Session for BestFirst<G, R> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        BestFirst::step(self, budget)
    }

    fn stats(&self) -> Stats {
        BestFirst::stats(self)
    }

    fn root_value(&self) -> Option<Values> {
        Some(BestFirst::root_value(self))
    }

    fn best_move(&self) -> Option<String> {
        BestFirst::best_move(self)
    }

    fn proving_line(&self) -> Vec<String> {
        BestFirst::proving_line(self)
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
}

impl<G: Catalogued, R: Rules> TreeWords for BestFirst<G, R> {
    fn trace(&self) -> Option<String> {
        BestFirst::trace(self)
    }

    fn inspect(&self, id: NodeId) -> Option<Inspection> {
        BestFirst::inspect(self, id)
    }
}

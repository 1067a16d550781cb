//! `pns-dag`: best-first proof-number search over a directed acyclic graph of positions,
//! with the game's knowledge and, optionally, its exact solver at the frontier.
//!
//! Plain PNS ([`super::pns`]) grows a tree: a position reached by two move orders is
//! searched twice. Here every position is one node, found through a transposition table
//! keyed by the exact position ([`Game::key`]): when an expansion generates a position
//! already in the graph, the node is *linked* as a child instead of created, and it records
//! the new parent. This is the DAG form of PNS of Schijf, Allis and Uiterwijk
//! ("Proof-number search and transpositions", ICCA Journal 17, 1994) and of Kishimoto,
//! Winands, Müller and Saito ("Game-tree search using proof numbers: the first twenty
//! years", ICGA Journal 35, 2012, §4).
//!
//! **The rules** are Allis' (SPEC.md §4): OR node `pn = min pn_i`, `dn = Σ dn_i`; AND and
//! chance nodes `pn = Σ pn_i`, `dn = min dn_i`; a finished game 0/∞ or ∞/0; selection of the
//! unresolved child with the least pn (OR) or dn (AND), the first in edge order on ties.
//! An expansion stops creating children once one decides the node (a proven child of an OR
//! node, a disproven one of an AND node): the remaining moves cannot change it.
//!
//! **Double counting.** In a DAG a position below two children of a node adds its numbers
//! into that node's sum twice, so sums overestimate (Schijf et al. 1994; Kishimoto et al.
//! 2012 §4; exact numbers in a DAG are NP-hard to compute). We take the simplest rule:
//! *plain sums*, accepting the overestimate. It only misguides which leaf is expanded next; the verdicts
//! come from the exact [`Status`] of each node (one proven child proves an OR node, all
//! children proven prove an AND node), computed separately from the numbers, so they stay
//! exact. Sums saturate at `u32::MAX − 1`, so an overcounted finite number never reads as ∞.
//! A move that leads to a position already among the node's children (two moves, one
//! position) is linked once.
//!
//! **Backup.** After an expansion every parent of a changed node must be updated, not just
//! the one on the selected path (as Schijf et al. do for DAGs). Changed
//! nodes go into a queue ordered by depth (plies from the root when the node was first
//! reached), deepest first; a node whose numbers and status do not change stops the
//! propagation through it. Selection and backup need no cycle handling: the search is
//! `acyclic_only` (the catalogue refuses games whose positions repeat), and in an acyclic
//! game linking to an existing position can never close a cycle.
//!
//! **Knowledge** ([`PnsDag::with_knowledge`], what the catalogue's `pns-dag` uses): a new
//! leaf gets the game's [`Knowledge::initial_numbers`] (Othello: 1 to prove the player to move
//! succeeds, its mobility to show it fails; Allis' initialisation by legal moves, Kishimoto
//! et al. 2012 §5.1) and each node's children are ordered by the game's move ordering, so
//! ties go to the move the game ranks first.
//!
//! **Frontier solving** (`frontier=K`, optional): a most-proving leaf with at most K moves left
//! ([`Knowledge::moves_left`]; Othello: empty squares) is not expanded but settled at once by
//! the game's own exact solver ([`Knowledge::exact_solver`], its [`ExactSolver::holds`]:
//! whether the goal holds, one null-window search on the goal's side of zero, so a drawn
//! leaf costs one bound, not both). The solver's positions are *counted*: they are added to
//! `nodes_created`, which the node limit bounds, and the solver runs within what remains of
//! the node and time limits (a solve cut short ends the search `out`). Without the count
//! the comparison with other searches would be dishonest. Games without a solver or without
//! `moves_left` ignore `frontier`. Measured on Othello (results/bench-compare/README.md): by nodes
//! the frontier changes little (within 1 M nodes, 12 of 20 positions after 40 moves without
//! it, 13 with `frontier=10`); within a time budget it completes more.
//!
//! Counters: `iterations` = `nodes_expanded` = leaves expanded or settled; `nodes_created` =
//! graph nodes created plus the solver's positions (what the node limit counts);
//! `peak_nodes` = graph nodes. The session keeps no tree to draw (a DAG is not the tree the
//! page's views show): its [`Session::tree`] is `None`, as its capabilities say.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Verdict, catalogue, params::Params};
//! let start = TicTacToe::start(&());
//! let params = Params::default().with_goal(Goal::NotLose);
//! let mut search = catalogue::start("pns-dag", start.clone(), &params).unwrap();
//! assert_eq!(search.run(), Verdict::Proved); // tic-tac-toe is a draw
//! // 5,478 positions are reachable; the tree of plain PNS holds far more nodes.
//! let mut pns = catalogue::start("pns", start, &params).unwrap();
//! pns.run();
//! assert!(search.stats().peak_nodes < pns.stats().peak_nodes);
//! ```

use std::collections::BinaryHeap;

use super::tree::{NodeId, NodeKind, ROOT, Status};
use crate::game::catalogue::Catalogued;
use crate::game::knowledge::{
    ExactSolver, Knowledge, MoveOrdering, NoOrdering, order_moves, proof_numbers,
};
use crate::game::{Game, MoveList, Turn};
use crate::search::family::{self, Capabilities, DN, Explain, Family, PN, SearchInfo};
use crate::search::params::{FRONTIER, Params};
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Deadline, Iteration, Iterative, Session};
use crate::search::session_core::SessionCore;
use crate::search::view::{History, Values, shown_number};
use crate::search::{Limits, Question, Stats, Stop, Verdict, memory};

/// ∞ as a proof or disproof number.
const INFINITE: u32 = u32::MAX;
/// The largest finite number: sums saturate here, so they never read as ∞.
const MAX_FINITE: u32 = u32::MAX - 1;
/// No parent link (the end of a node's parent list).
const NO_LINK: u32 = u32::MAX;

/// One position of the graph.
#[derive(Clone, Copy, Debug)]
struct DagNode {
    pn: u32,
    dn: u32,
    /// Index of its first edge in [`PnsDag::edges`] (meaningless while not expanded).
    first_edge: u32,
    /// Its children; 0 until expanded (a position with moves always has at least one).
    edge_count: u16,
    kind: NodeKind,
    status: Status,
    /// Plies from the root when first reached: the backup order (deepest first).
    depth: u32,
    /// Index of the first of its parent links in [`PnsDag::links`], or [`NO_LINK`].
    first_link: u32,
}

/// A move from a node and the node it leads to.
#[derive(Clone, Copy, Debug)]
struct Edge<M> {
    child: NodeId,
    mv: M,
}

/// One parent of a node, in a linked list per node.
#[derive(Clone, Copy, Debug)]
struct Link {
    parent: NodeId,
    next: u32,
}

/// The game's exact solver at the frontier (`frontier=K`).
struct Frontier<G: Game> {
    /// Leaves with at most this many moves left are solved.
    moves: u32,
    moves_left: fn(&G) -> Option<u32>,
    solver: Box<dyn ExactSolver<G>>,
}

/// What the search knows of the game: 1/1 and the game's order ([`PnsDag::new`]), or its
/// knowledge ([`PnsDag::with_knowledge`]).
struct Guide<G: Game> {
    ordering: Box<dyn MoveOrdering<G> + Send>,
    initial: fn(&G) -> (u32, u32),
    frontier: Option<Frontier<G>>,
}

/// Best-first PNS over the DAG of positions of `root`, for one question; resumable.
///
/// ```
/// use pnplay::game::{Game, othello::{Othello, Size}};
/// use pnplay::search::bestfirst::dag::PnsDag;
/// use pnplay::search::{Goal, Limits, Question, Verdict};
/// let start = Othello::start(&Size::Four.into());
/// let question = Question::at(&start, Goal::Win);
/// let mut plain = PnsDag::new(start, question, Limits::default());
/// let mut guided = PnsDag::with_knowledge(start, question, Limits::default(), None);
/// assert_eq!(plain.run(), Verdict::Disproved); // 4×4 Othello is a win for the second player
/// assert_eq!(guided.run(), Verdict::Disproved);
/// ```
pub struct PnsDag<G: Game> {
    core: SessionCore,
    root: G,
    question: Question,
    guide: Guide<G>,
    nodes: Vec<DagNode>,
    edges: Vec<Edge<G::Move>>,
    links: Vec<Link>,
    index: memory::Index<G::Key, NodeId>,
    /// The nodes whose children changed, deepest first (kept between iterations).
    queue: BinaryHeap<(u32, NodeId)>,
    stats: Stats,
    history: History,
    /// The root's proving move (disproving, at an AND root) when the frontier solver settled
    /// the root itself, if the solver names it ([`ExactSolver::move_above`]).
    settled_move: Option<G::Move>,
}

/// The numbers and status of a resolved node: proven 0 / ∞, disproven ∞ / 0.
fn resolved(proven: bool) -> (u32, u32, Status) {
    if proven {
        (0, INFINITE, Status::Proven)
    } else {
        (INFINITE, 0, Status::Disproven)
    }
}

/// Uninformed numbers for a game without knowledge.
fn one_one<G>(_: &G) -> (u32, u32) {
    (1, 1)
}

impl<G: Game> PnsDag<G> {
    /// Plain PNS over the DAG of `root`'s positions for `question` within `limits`: every
    /// new leaf 1/1, children in the game's order.
    #[must_use]
    pub fn new(root: G, question: Question, limits: Limits) -> Self {
        let guide = Guide {
            ordering: Box::new(NoOrdering),
            initial: one_one,
            frontier: None,
        };
        Self::guided(root, question, limits, guide)
    }

    /// The search guided by the game's knowledge: initial numbers, move ordering, and with
    /// `frontier` = Some(K) the game's exact solver for leaves with at most K moves left (if the
    /// game has a solver and counts its moves left).
    #[must_use]
    pub fn with_knowledge(
        root: G,
        question: Question,
        limits: Limits,
        frontier: Option<u32>,
    ) -> Self
    where
        G: Knowledge,
    {
        // The solver (and its table) is made only when the frontier is on.
        let frontier = frontier.and_then(|moves| {
            Some(Frontier {
                moves,
                moves_left: G::moves_left,
                solver: root.exact_solver()?,
            })
        });
        let guide = Guide {
            ordering: Box::new(G::Ordering::default()),
            initial: G::initial_numbers,
            frontier,
        };
        Self::guided(root, question, limits, guide)
    }

    fn guided(root: G, question: Question, limits: Limits, guide: Guide<G>) -> Self {
        let mut search = PnsDag {
            core: SessionCore::unnamed(limits),
            root: root.clone(),
            question,
            guide,
            nodes: Vec::new(),
            edges: Vec::new(),
            links: Vec::new(),
            index: memory::Index::default(),
            queue: BinaryHeap::new(),
            stats: Stats {
                nodes_created: 1,
                peak_nodes: 1,
                bytes_per_node: (size_of::<DagNode>()
                    + size_of::<Edge<G::Move>>()
                    + size_of::<Link>()
                    + size_of::<(G::Key, NodeId)>()) as u64,
                ..Stats::default()
            },
            history: History::default(),
            settled_move: None,
        };
        let node = search.new_node(&root, 0);
        search.nodes.push(node);
        search.index.insert(root.key(), ROOT);
        search.history.record(0, &search.root_value(), 1);
        search.core.run.finished = search.conclusion();
        search
    }

    /// A node for `pos`, first reached `depth` plies from the root, not linked yet.
    fn new_node(&self, pos: &G, depth: u32) -> DagNode {
        let kind = NodeKind::of(pos.turn(), self.question.root_player);
        let (pn, dn, status) = match pos.outcome(self.question.root_player) {
            Some(outcome) => resolved(self.question.proven_by(outcome)),
            None if matches!(kind, NodeKind::Or | NodeKind::And) => {
                let (pn, dn) = proof_numbers((self.guide.initial)(pos), kind.is_or());
                (pn, dn, Status::Unknown)
            }
            None => (1, 1, Status::Unknown),
        };
        DagNode {
            pn,
            dn,
            first_edge: 0,
            edge_count: 0,
            kind,
            status,
            depth,
            first_link: NO_LINK,
        }
    }

    /// The edges of node `id`.
    fn edges_of(&self, id: NodeId) -> &[Edge<G::Move>] {
        let node = &self.nodes[id as usize];
        let first = node.first_edge as usize;
        &self.edges[first..first + usize::from(node.edge_count)]
    }

    /// Among the children of `id` whose status passes `wanted`, the one with the least pn
    /// (OR node) or dn (AND, chance), the first in edge order on ties: its edge.
    fn favourite(&self, id: NodeId, wanted: impl Fn(Status) -> bool) -> Option<Edge<G::Move>> {
        let or = self.nodes[id as usize].kind.is_or();
        let mut best: Option<(Edge<G::Move>, u32)> = None;
        for &edge in self.edges_of(id) {
            let child = &self.nodes[edge.child as usize];
            if !wanted(child.status) {
                continue;
            }
            let key = if or { child.pn } else { child.dn };
            if best.is_none_or(|(_, least)| key < least) {
                best = Some((edge, key));
            }
        }
        best.map(|(edge, _)| edge)
    }

    /// The numbers and status of expanded node `id` from its children's.
    fn combine(&self, id: NodeId) -> (u32, u32, Status) {
        let kind = self.nodes[id as usize].kind;
        let children = self
            .edges_of(id)
            .iter()
            .map(|e| &self.nodes[e.child as usize]);
        match Status::combine(kind, children.clone().map(|c| c.status)) {
            status @ (Status::Proven | Status::Disproven) => resolved(status == Status::Proven),
            Status::Unknown => {
                let (mut least, mut sum) = (INFINITE, 0u32);
                for child in children {
                    let (selected, summed) = if kind.is_or() {
                        (child.pn, child.dn)
                    } else {
                        (child.dn, child.pn)
                    };
                    least = least.min(selected);
                    sum = sum.saturating_add(summed).min(MAX_FINITE);
                }
                if kind.is_or() {
                    (least, sum, Status::Unknown)
                } else {
                    (sum, least, Status::Unknown)
                }
            }
        }
    }

    /// Queues every parent of `id` for recomputation.
    fn queue_parents(&mut self, id: NodeId) {
        let mut link = self.nodes[id as usize].first_link;
        while link != NO_LINK {
            let Link { parent, next } = self.links[link as usize];
            self.queue.push((self.nodes[parent as usize].depth, parent));
            link = next;
        }
    }

    /// Recomputes the ancestors of `changed` (whose values were just set), deepest first,
    /// through every parent, until nothing changes.
    fn backup(&mut self, changed: NodeId) {
        self.queue_parents(changed);
        let mut last = None;
        while let Some((_, id)) = self.queue.pop() {
            // Copies of one entry pop one after another: recompute the node once.
            if last == Some(id) {
                continue;
            }
            last = Some(id);
            let (pn, dn, status) = self.combine(id);
            let node = &mut self.nodes[id as usize];
            if (node.pn, node.dn, node.status) == (pn, dn, status) {
                continue;
            }
            (node.pn, node.dn, node.status) = (pn, dn, status);
            self.queue_parents(id);
        }
    }

    /// Whether the game's exact solver proves leaf `pos` (`false`: disproves it) if it lies
    /// within the frontier: `Ok(None)` outside it, [`Stop`] if a limit stopped the solver. Its positions are
    /// counted as nodes created.
    fn settle(&mut self, pos: &G, deadline: &Deadline) -> Result<Option<bool>, Stop> {
        let Some(frontier) = &mut self.guide.frontier else {
            return Ok(None);
        };
        if !matches!(pos.turn(), Turn::Player(_)) {
            return Ok(None);
        }
        if (frontier.moves_left)(pos).is_none_or(|left| left > frontier.moves) {
            return Ok(None);
        }
        let limits = Limits {
            max_nodes: self
                .core
                .run
                .limits
                .max_nodes
                .map(|max| max.saturating_sub(self.stats.nodes_created)),
            max_seconds: deadline.left(),
            max_iterations: None,
            max_bytes: self.core.run.limits.max_bytes,
        };
        let holds = frontier.solver.holds(pos, self.question, &limits);
        self.stats.nodes_created += frontier.solver.nodes();
        if self.nodes[ROOT as usize].edge_count == 0 {
            // Only the root can be a leaf before the root is expanded.
            self.settled_move = frontier.solver.move_above();
        }
        holds.ok_or(Stop).map(Some)
    }

    /// Expands leaf `id` at `pos`: one edge per move (in the game's ordering), to the node
    /// of the position it leads to, created if new. `false` (nothing changed) if the new
    /// nodes could pass the node limit.
    fn expand(&mut self, id: NodeId, pos: &G) -> bool {
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        // `nodes_created` counts every node and the solver's positions besides, so it
        // bounds the ids too.
        let nodes = self.stats.nodes_created + moves.len() as u64;
        let bytes = self.growth_bytes(moves.len());
        if !self
            .core
            .run
            .may_grow(&mut self.stats, nodes, NodeId::MAX - 1, bytes)
        {
            return false;
        }
        order_moves(self.guide.ordering.as_mut(), pos, &mut moves);
        let first_edge = self.edges.len();
        let depth = self.nodes[id as usize].depth + 1;
        // A child that decides the node (a proven child of an OR node, a disproven one of an
        // AND node) makes the remaining moves irrelevant: they are not created.
        let decisive = if self.nodes[id as usize].kind.is_or() {
            Status::Proven
        } else {
            Status::Disproven
        };
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play(mv);
            let key = child.key();
            let child_id = match self.index.get(&key) {
                Some(&known) => {
                    if self.edges[first_edge..].iter().any(|e| e.child == known) {
                        continue;
                    }
                    known
                }
                None => {
                    let node = self.new_node(&child, depth);
                    let new = self.nodes.len() as NodeId;
                    self.nodes.push(node);
                    self.index.insert(key, new);
                    self.stats.nodes_created += 1;
                    new
                }
            };
            self.edges.push(Edge {
                child: child_id,
                mv,
            });
            let child_node = &mut self.nodes[child_id as usize];
            self.links.push(Link {
                parent: id,
                next: child_node.first_link,
            });
            child_node.first_link = (self.links.len() - 1) as u32;
            if child_node.status == decisive {
                break;
            }
        }
        let node = &mut self.nodes[id as usize];
        node.first_edge = first_edge as u32;
        node.edge_count = (self.edges.len() - first_edge) as u16;
        true
    }

    /// The bytes the graph holds: its nodes, edges, parent links and position index.
    fn bytes(&self) -> u64 {
        memory::vec_bytes(&self.nodes)
            + memory::vec_bytes(&self.edges)
            + memory::vec_bytes(&self.links)
            + memory::index_bytes(&self.index)
    }

    /// The bytes the graph would hold at its peak while a node with `moves` moves is
    /// expanded (each container growing at once: an upper bound).
    fn growth_bytes(&self, moves: usize) -> u64 {
        memory::vec_growth(&self.nodes, moves)
            + memory::vec_growth(&self.edges, moves)
            + memory::vec_growth(&self.links, moves)
            + memory::index_growth(&self.index, moves)
    }

    /// Runs at most `budget` (and within the limits); returns the verdict once the search
    /// has stopped, `None` if it can go on.
    pub fn step(&mut self, budget: Budget) -> Option<Verdict> {
        self.step_iterations(budget)
    }

    /// Runs until the search stops and returns the verdict.
    pub fn run(&mut self) -> Verdict {
        loop {
            if let Some(verdict) = self.step(Budget::UNLIMITED) {
                return verdict;
            }
        }
    }

    /// The verdict: `out` until the search has stopped for another reason.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        self.core.run.finished.unwrap_or(Verdict::Out)
    }

    /// The counters.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The root's proof and disproof numbers.
    #[must_use]
    pub fn root_value(&self) -> Values {
        let root = &self.nodes[ROOT as usize];
        Values::ProofNumbers {
            pn: shown_number(root.pn),
            dn: shown_number(root.dn),
        }
    }

    /// A proving child's move at a proved OR root (a disproving one at a disproved AND
    /// root), otherwise the move the search would select; `None` before the root is
    /// expanded. A root the frontier solver settled has the solver's proving (disproving)
    /// move, when the solver names one.
    #[must_use]
    pub fn best_move(&self) -> Option<String> {
        let root = &self.nodes[ROOT as usize];
        if root.edge_count == 0 {
            return self.settled_move.map(|mv| self.root.format_move(mv));
        }
        let edge = super::favoured_child(root.kind, root.status, |wanted| {
            self.favourite(ROOT, wanted)
        })?;
        Some(self.root.format_move(edge.mv))
    }
}

impl<G: Game> Iterative for PnsDag<G> {
    fn state_mut(&mut self) -> (&mut SessionCore, &mut Stats) {
        (&mut self.core, &mut self.stats)
    }

    /// One iteration: select the most-proving leaf, settle it by the solver or expand it,
    /// back up. [`Iteration::Stopped`] if a limit prevents it (the node limit, the memory
    /// limit, or a solve a run limit cut short); [`Iteration::Cut`] if the solve reached
    /// `deadline` (the solver keeps its table: the next call asks again).
    fn iterate(&mut self, deadline: &Deadline) -> Iteration {
        let mut pos = self.root.clone();
        let mut mpn = ROOT;
        while self.nodes[mpn as usize].edge_count > 0 {
            let edge = self
                .favourite(mpn, |status| !status.is_resolved())
                .expect("an unresolved expanded node has an unresolved child");
            pos.play(edge.mv);
            mpn = edge.child;
        }
        match self.settle(&pos, deadline) {
            Err(Stop) if deadline.passed() => return Iteration::Cut,
            Err(Stop) => return Iteration::Stopped,
            Ok(Some(proven)) => {
                let node = &mut self.nodes[mpn as usize];
                (node.pn, node.dn, node.status) = resolved(proven);
            }
            Ok(None) => {
                if !self.expand(mpn, &pos) {
                    return Iteration::Stopped;
                }
                let (pn, dn, status) = self.combine(mpn);
                let node = &mut self.nodes[mpn as usize];
                (node.pn, node.dn, node.status) = (pn, dn, status);
            }
        }
        self.backup(mpn);
        self.stats.iterations += 1;
        self.stats.nodes_expanded += 1;
        self.stats.peak_nodes = self.nodes.len() as u64;
        self.stats.bytes = self.bytes();
        self.history.record(
            self.stats.iterations,
            &self.root_value(),
            self.nodes.len() as u64,
        );
        Iteration::Done
    }

    /// The verdict the root's status gives.
    fn conclusion(&self) -> Option<Verdict> {
        self.nodes[ROOT as usize].status.verdict()
    }
}

impl<G: Catalogued> PnsDag<G> {
    /// This search, declared as the catalogue's `info` (what [`Session::info`] reports).
    #[must_use]
    pub fn named(mut self, info: &'static SearchInfo) -> Self {
        let question = self.question.words(&self.root);
        self.core.name(info, question);
        self
    }
}

impl<G: Catalogued> Session for PnsDag<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        PnsDag::step(self, budget)
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn root_value(&self) -> Option<Values> {
        Some(PnsDag::root_value(self))
    }

    fn best_move(&self) -> Option<String> {
        PnsDag::best_move(self)
    }

    fn history(&self) -> Option<&History> {
        Some(&self.history)
    }
}

/// `pns-dag` in the catalogue: PNS over the DAG of positions with the game's knowledge.
pub struct PnsDagSearch;

impl SearchKind for PnsDagSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "pns-dag",
        title: "PNS over a DAG with knowledge",
        help: "proof-number search over the graph of positions (transpositions linked, all parents updated; Schijf, Allis & Uiterwijk 1994) with the game's initial numbers and move ordering, optionally its exact solver at the frontier",
        family: Family::BestFirst,
        // What the exact family can do (exact answers, no tree, acyclic games, chance as
        // AND), but stepped iteration by iteration like the other best-first searches.
        capabilities: Capabilities {
            steppable: true,
            ..crate::search::exact::CAPABILITIES
        },
        params: &[FRONTIER],
        explain: Explain {
            pseudocode: &[],
            summary: "Proof-number search where every position is one node: a position reached by another move order is linked, not searched again, and every parent of a changed node is updated. New leaves start from the game's initial numbers (Othello: 1 to show the player to move succeeds, its mobility to show it fails), children are ordered by the game's move ordering, and with frontier=K a most-proving leaf with at most K moves left is settled by the game's exact solver, whose positions count as nodes. Sums over shared positions overcount (the DAG double-counting problem), which only misguides selection: proved and disproved are proofs. It keeps a graph, not a tree, so it shows no tree.",
            values: &[PN, DN],
            formulas: &[
                family::PN_TERMINAL_RULE,
                "a new leaf, the player to move P (for, against: the game's initial numbers, Othello 1 and P's legal moves): pn = for, dn = against if P is the root player; pn = against, dn = for otherwise (1/1 at chance nodes)",
                "OR node: pn = min over children pn_i; dn = Σ dn_i (a shared child counted once per parent edge)",
                family::PN_AND_RULE,
                "with frontier = K: a most-proving leaf with at most K moves left is proven or disproven by the game's exact solver (pn = 0, dn = ∞ or pn = ∞, dn = 0)",
            ],
            selection: "From the root down: at an OR node the unresolved child with the least pn, at an AND or chance node the one with the least dn, ties to the first in the game's move ordering, until a leaf; it is expanded (or settled by the solver) and every parent of every changed node is updated, deepest first.",
            params: "frontier = K (off by default): leaves with at most K moves left (Othello: empty squares) are solved exactly by the game's own solver (Othello 8×8: the endgame solver; games without a solver or a count of moves left ignore it); the solver's positions count towards the node limit. θ, pr and playouts do not apply.",
            source: "Allis, van der Meulen and van den Herik, Proof-number search (1994); Schijf, Allis and Uiterwijk, Proof-number search and transpositions (ICCA Journal 1994); Kishimoto, Winands, Müller and Saito, Game-tree search using proof numbers: the first twenty years (ICGA Journal 2012), §4 on DAGs and double counting and §5.1 on initial numbers from domain knowledge.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let frontier = params.optional(&FRONTIER).map(|k| k as u32);
        Box::new(
            PnsDag::with_knowledge(root, question, params.limits(), frontier).named(&Self::INFO),
        )
    }
}

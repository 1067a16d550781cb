//! The arena tree shared by the best-first searches.
//!
//! Every node lives in one `Vec<Node>` and refers to others by `u32` index ([`NodeId`]), never
//! by pointer. The children of a node are created together when it is expanded, so they sit
//! next to each other: a node only needs the index of its first child and how many there are.
//! A node stores the move that led to it, never a position: a search rebuilds positions by
//! replaying moves from the root along the path it walks down, which keeps nodes small and
//! makes no heap allocation per node.
//!
//! Layout of a [`Node`] (Rust packs the fields; sizes for a one-byte move):
//!
//! ```text
//! value: V           search-specific (PNS: two u32 = 8 bytes; PPNS: one f64 = 8 bytes;
//!                    MCPNS: two f64 = 16 bytes)
//! parent: u32        4 bytes (the root is its own parent)
//! first_child: u32   4 bytes (meaningless while child_count = 0)
//! mv: Option<M>      the move from the parent, None at the root (a one-byte move: 2 bytes)
//! child_count: u16   2 bytes (up to 65,535 moves in one position)
//! kind: NodeKind     1 byte
//! status: Status     1 byte
//! ```
//!
//! That is 24 bytes per node for PNS, PPNS and PP, and 32 for MCPNS; the tests check these
//! numbers with `size_of`. The `Vec` may hold up to twice its length while it grows.
//!
//! ```
//! use pnplay::search::tree::{NodeKind, Status, Tree};
//! let mut tree: Tree<u8, f64> = Tree::new(NodeKind::Or, Status::Unknown, 0.5);
//! let first = tree.push_children(0, [(4u8, NodeKind::And, Status::Unknown, 0.25)]);
//! assert_eq!(first, 1);
//! assert_eq!(tree.children(0)[0].mv(), Some(4));
//! assert_eq!(tree.node(1).parent(), 0);
//! assert_eq!(tree.path_to(1), vec![0, 1]);
//! ```

use serde::Serialize;

use crate::core::verdict::Verdict;
use crate::game::{Player, Turn};

/// The index of a node in its [`Tree`]; the root is 0.
pub type NodeId = u32;

/// The root's index.
pub const ROOT: NodeId = 0;

/// How a node combines its children (SPEC.md §3): the type follows the side to move, so a
/// pass (the same player moving twice) keeps the type, and chance counts as AND.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum NodeKind {
    /// The root player chooses: one proven child proves the node.
    Or,
    /// The opponent chooses: every child must be proven.
    And,
    /// Chance chooses (2048 spawns): treated as AND by the proof-number searches.
    Chance,
    /// The game is over; the node's [`Status`] is its result.
    Terminal,
}

impl NodeKind {
    /// The kind of a node whose position has turn `turn`, in a search for `root_player`.
    #[must_use]
    pub fn of(turn: Turn, root_player: Player) -> NodeKind {
        match turn {
            Turn::Player(p) if p == root_player => NodeKind::Or,
            Turn::Player(_) => NodeKind::And,
            Turn::Chance => NodeKind::Chance,
            Turn::Over => NodeKind::Terminal,
        }
    }

    /// The kind's word as explanations write it: `OR`, `AND`, `chance`, `terminal`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            NodeKind::Or => "OR",
            NodeKind::And => "AND",
            NodeKind::Chance => "chance",
            NodeKind::Terminal => "terminal",
        }
    }

    /// True for OR nodes; AND, chance (and terminal) nodes combine as AND.
    #[must_use]
    pub const fn is_or(self) -> bool {
        matches!(self, NodeKind::Or)
    }
}

/// What is known exactly about a node, independently of any float value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Status {
    /// Not yet established.
    Unknown,
    /// The goal holds here (the subtree contains a complete proof).
    Proven,
    /// The goal fails here (the subtree contains a complete disproof).
    Disproven,
}

impl Status {
    /// The status of a terminal node from whether its result meets the goal.
    #[must_use]
    pub const fn from_proven(proven: bool) -> Status {
        if proven {
            Status::Proven
        } else {
            Status::Disproven
        }
    }

    /// The status's word: `unknown`, `proven`, `disproven`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Status::Unknown => "unknown",
            Status::Proven => "proven",
            Status::Disproven => "disproven",
        }
    }

    /// The verdict the status gives the root: `proved`, `disproved`, or none while unknown.
    #[must_use]
    pub const fn verdict(self) -> Option<Verdict> {
        match self {
            Status::Proven => Some(Verdict::Proved),
            Status::Disproven => Some(Verdict::Disproved),
            Status::Unknown => None,
        }
    }

    /// True unless [`Status::Unknown`].
    #[must_use]
    pub const fn is_resolved(self) -> bool {
        !matches!(self, Status::Unknown)
    }

    /// The exact status of an expanded node from its children's: at OR nodes one proven
    /// child proves and all disproven disprove; AND (and chance) nodes are the dual.
    #[must_use]
    pub fn combine(kind: NodeKind, children: impl IntoIterator<Item = Status>) -> Status {
        let (decisive, universal) = if kind.is_or() {
            (Status::Proven, Status::Disproven)
        } else {
            (Status::Disproven, Status::Proven)
        };
        let mut all = true;
        for status in children {
            if status == decisive {
                return decisive;
            }
            all &= status == universal;
        }
        if all { universal } else { Status::Unknown }
    }
}

/// One node of a [`Tree`]: the move that led here, its kind and exact status, and a value
/// `V` whose meaning belongs to the search (pn/dn, a probability, ...).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node<M, V> {
    value: V,
    parent: NodeId,
    first_child: NodeId,
    mv: Option<M>,
    child_count: u16,
    kind: NodeKind,
    status: Status,
}

impl<M: Copy, V: Copy> Node<M, V> {
    /// The search's value.
    #[must_use]
    pub fn value(&self) -> V {
        self.value
    }

    /// The parent's index (the root is its own parent).
    #[must_use]
    pub fn parent(&self) -> NodeId {
        self.parent
    }

    /// The move from the parent to this node (`None` at the root).
    #[must_use]
    pub fn mv(&self) -> Option<M> {
        self.mv
    }

    /// The number of children (0 until the node is expanded; terminal nodes never are).
    #[must_use]
    pub fn child_count(&self) -> u16 {
        self.child_count
    }

    /// True once the node has been expanded.
    #[must_use]
    pub fn is_expanded(&self) -> bool {
        self.child_count > 0
    }

    /// The node's kind.
    #[must_use]
    pub fn kind(&self) -> NodeKind {
        self.kind
    }

    /// The node's exact status.
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// The indices of the children, in move order.
    #[must_use]
    pub fn child_ids(&self) -> std::ops::Range<NodeId> {
        self.first_child..self.first_child + NodeId::from(self.child_count)
    }
}

/// An arena of [`Node`]s: the root at index 0, children of each node contiguous, in the
/// order the game generated their moves.
#[derive(Debug, PartialEq)]
pub struct Tree<M, V> {
    nodes: Vec<Node<M, V>>,
}

/// A copy with the same capacity ([`crate::search::memory::vec_copy`]): a copied search
/// counts the same bytes and meets the memory limit when its original would.
impl<M: Clone, V: Clone> Clone for Tree<M, V> {
    fn clone(&self) -> Self {
        Tree {
            nodes: crate::search::memory::vec_copy(&self.nodes),
        }
    }
}

impl<M: Copy, V: Copy> Tree<M, V> {
    /// A tree holding only a root.
    #[must_use]
    pub fn new(kind: NodeKind, status: Status, value: V) -> Self {
        Tree {
            nodes: vec![Node {
                value,
                parent: ROOT,
                first_child: ROOT,
                mv: None,
                child_count: 0,
                kind,
                status,
            }],
        }
    }

    crate::search::memory::node_vec_sizes!(Node<M, V>);

    /// The node at `id`.
    ///
    /// # Panics
    /// If `id` is not a node of this tree.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node<M, V> {
        &self.nodes[id as usize]
    }

    /// The children of `id`, in move order (empty if it is not expanded).
    #[must_use]
    pub fn children(&self, id: NodeId) -> &[Node<M, V>] {
        let node = self.node(id);
        let first = node.first_child as usize;
        &self.nodes[first..first + usize::from(node.child_count)]
    }

    /// Appends the children of the leaf `parent` — `(move, kind, status, value)` each, in
    /// move order — and returns the index of the first. The caller keeps the total within
    /// `u32` indices and at most 65,535 children.
    ///
    /// # Panics
    /// If `parent` already has children, or there are more than 65,535 of them.
    pub fn push_children(
        &mut self,
        parent: NodeId,
        children: impl IntoIterator<Item = (M, NodeKind, Status, V)>,
    ) -> NodeId {
        assert!(
            !self.node(parent).is_expanded(),
            "node {parent} is already expanded"
        );
        let first = self.nodes.len();
        self.nodes
            .extend(children.into_iter().map(|(mv, kind, status, value)| Node {
                value,
                parent,
                first_child: 0,
                mv: Some(mv),
                child_count: 0,
                kind,
                status,
            }));
        let count = self.nodes.len() - first;
        assert!(count <= usize::from(u16::MAX), "too many children");
        let node = &mut self.nodes[parent as usize];
        node.first_child = first as NodeId;
        node.child_count = count as u16;
        first as NodeId
    }

    /// Sets a node's value and status.
    pub fn set(&mut self, id: NodeId, value: V, status: Status) {
        let node = &mut self.nodes[id as usize];
        node.value = value;
        node.status = status;
    }

    /// The indices from the root down to `id`, both included.
    #[must_use]
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        line_to(id, |at| self.node(at).parent)
    }
}

/// The shape of a search tree without its moves: what the views' walks
/// (`search::tree_walk`) need of it to go up and down, whatever the game (so they are
/// compiled once, not once per game and search).
pub(crate) trait TreeShape {
    /// How many nodes the tree has (ids are `0..node_count`).
    fn node_count(&self) -> usize;
    /// The node's parent (the root's is itself).
    fn parent_of(&self, id: NodeId) -> NodeId;
    /// The node's kind, exact status and number of children.
    fn head_of(&self, id: NodeId) -> (NodeKind, Status, u16);
    /// The node's children, in move order.
    fn children_of(&self, id: NodeId) -> Vec<NodeId>;
}

/// How a search tree is linked, as the views walk it (`search::tree_walk`): said once by
/// each kind of tree (this one, and MCTS's), for every search that keeps one.
pub(crate) trait TreeLinks<M>: TreeShape {
    /// The move into node `id`: `None` at the root.
    fn move_into(&self, id: NodeId) -> Option<M>;
    /// The tree's shape alone.
    fn shape(&self) -> &dyn TreeShape;
}

/// Implements [`TreeShape`] and [`TreeLinks`] for a tree type whose `len()` and `node(id)`
/// answer as both kinds of tree do (a node's `parent`, `mv`, `kind`, `status` and
/// `child_count`), given its type parameters (the move's first) and how it lists a node's
/// children in move order. Where it is used, `NodeId`, `NodeKind` and `Status` are in scope.
macro_rules! tree_links {
    (<$m:ident $(, $v:ident)*> $tree:ty, |$this:ident, $id:ident| $children:expr) => {
        impl<$m: Copy $(, $v: Copy)*> $crate::search::tree::TreeShape for $tree {
            fn node_count(&self) -> usize {
                self.len()
            }

            fn parent_of(&self, id: NodeId) -> NodeId {
                self.node(id).parent()
            }

            fn head_of(&self, id: NodeId) -> (NodeKind, Status, u16) {
                let node = self.node(id);
                (node.kind(), node.status(), node.child_count())
            }

            fn children_of(&self, $id: NodeId) -> Vec<NodeId> {
                let $this = self;
                $children
            }
        }

        impl<$m: Copy $(, $v: Copy)*> $crate::search::tree::TreeLinks<$m> for $tree {
            fn move_into(&self, id: NodeId) -> Option<$m> {
                self.node(id).mv()
            }

            fn shape(&self) -> &dyn $crate::search::tree::TreeShape {
                self
            }
        }
    };
}
pub(crate) use tree_links;

tree_links!(<M, V> Tree<M, V>, |tree, id| tree.node(id).child_ids().collect());

/// The ids from the root down to `id` in a tree where `parent` gives each node's parent.
pub(crate) fn line_to(id: NodeId, parent: impl Fn(NodeId) -> NodeId) -> Vec<NodeId> {
    let mut line = vec![id];
    let mut at = id;
    while at != ROOT {
        at = parent(at);
        line.push(at);
    }
    line.reverse();
    line
}

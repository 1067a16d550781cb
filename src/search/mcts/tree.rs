//! The tree MCTS grows (PN-MCTS paper §II, "Expansion Step"; §IV for PN-MCTS).
//!
//! UCT adds one child per iteration, chosen among the moves not yet in the tree, so a node's
//! children are not created together as in the best-first searches' arena: here each node
//! links to its first child and its next sibling, and keeps its move's place among its
//! parent's legal moves (`index`), so children are always listed in move order whatever
//! order they were added in. PN-MCTS adds all children of a node at once; the same arena
//! holds them.
//!
//! A node stores the move that led to it, never a position (positions are replayed from the
//! root). Its statistics are the number of simulations through it and the sum of their
//! results +1 / 0 / −1 **for the question's player** (the player to move at the root); a
//! search turns that into the mean for whoever moved into the node. It also keeps its exact
//! [`Status`] (MCTS-Solver) and, for PN-MCTS, its proof and disproof numbers.
//!
//! ```
//! use pnplay::search::mcts::tree::{Tree, NONE};
//! use pnplay::search::tree::{NodeKind, Status};
//! let mut tree: Tree<u8> = Tree::new(NodeKind::Or);
//! let b = tree.add_child(0, 7, 1, NodeKind::And, Status::Unknown, (1, 1));
//! let a = tree.add_child(0, 3, 0, NodeKind::And, Status::Unknown, (1, 1));
//! assert_eq!(tree.children(0).collect::<Vec<_>>(), vec![a, b]); // move order
//! tree.visit(b, 1);
//! tree.visit(0, 1);
//! assert_eq!((tree.node(b).visits(), tree.node(b).sum()), (1, 1));
//! assert_eq!(tree.node(a).first_child(), NONE);
//! ```

use crate::search::tree::{NodeId, NodeKind, ROOT, Status};

/// "No node": the link of a node without a first child or a next sibling.
pub const NONE: NodeId = NodeId::MAX;

/// One node of the MCTS tree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Node<M> {
    sum: i64,
    visits: u32,
    pn: u32,
    dn: u32,
    parent: NodeId,
    first_child: NodeId,
    next_sibling: NodeId,
    mv: Option<M>,
    index: u16,
    child_count: u16,
    kind: NodeKind,
    status: Status,
    full: bool,
}

impl<M: Copy> Node<M> {
    /// Simulations through the node (n_i).
    #[must_use]
    pub fn visits(&self) -> u32 {
        self.visits
    }

    /// The sum of their results for the question's player.
    #[must_use]
    pub fn sum(&self) -> i64 {
        self.sum
    }

    /// The mean result for the question's player (0 before the first visit).
    #[must_use]
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sum as f64 / f64::from(self.visits)
        }
    }

    /// Proof and disproof numbers (PN-MCTS; `u32::MAX` is ∞).
    #[must_use]
    pub fn proof_numbers(&self) -> (u32, u32) {
        (self.pn, self.dn)
    }

    /// The parent (the root is its own).
    #[must_use]
    pub fn parent(&self) -> NodeId {
        self.parent
    }

    /// The first child in move order, [`NONE`] if none.
    #[must_use]
    pub fn first_child(&self) -> NodeId {
        self.first_child
    }

    /// The move from the parent (`None` at the root).
    #[must_use]
    pub fn mv(&self) -> Option<M> {
        self.mv
    }

    /// The move's place among the parent's legal moves.
    #[must_use]
    pub fn index(&self) -> u16 {
        self.index
    }

    /// Children in the tree.
    #[must_use]
    pub fn child_count(&self) -> u16 {
        self.child_count
    }

    /// OR / AND / terminal.
    #[must_use]
    pub fn kind(&self) -> NodeKind {
        self.kind
    }

    /// The exact status (MCTS-Solver).
    #[must_use]
    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether every legal move has its child in the tree (always true of terminal nodes).
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.full
    }
}

/// The arena: the root at index 0.
#[derive(Debug, PartialEq)]
pub struct Tree<M> {
    nodes: Vec<Node<M>>,
}

/// A copy with the same capacity ([`crate::search::memory::vec_copy`]): a copied search
/// counts the same bytes and meets the memory limit when its original would.
impl<M: Clone> Clone for Tree<M> {
    fn clone(&self) -> Self {
        Tree {
            nodes: crate::search::memory::vec_copy(&self.nodes),
        }
    }
}

/// The children of a node, in move order.
pub struct Children<'a, M> {
    tree: &'a Tree<M>,
    next: NodeId,
}

impl<M: Copy> Iterator for Children<'_, M> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        (self.next != NONE).then(|| {
            let id = self.next;
            self.next = self.tree.node(id).next_sibling;
            id
        })
    }
}

impl<M: Copy> Tree<M> {
    /// A tree holding only a root of kind `kind` (not a finished game), pn = dn = 1.
    #[must_use]
    pub fn new(kind: NodeKind) -> Self {
        Tree {
            nodes: vec![Node {
                sum: 0,
                visits: 0,
                pn: 1,
                dn: 1,
                parent: ROOT,
                first_child: NONE,
                next_sibling: NONE,
                mv: None,
                index: 0,
                child_count: 0,
                kind,
                status: Status::Unknown,
                full: false,
            }],
        }
    }

    crate::search::memory::node_vec_sizes!(Node<M>);

    /// The node at `id`.
    ///
    /// # Panics
    /// If `id` is not a node of this tree.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node<M> {
        &self.nodes[id as usize]
    }

    /// The children of `id` in move order.
    #[must_use]
    pub fn children(&self, id: NodeId) -> Children<'_, M> {
        Children {
            tree: self,
            next: self.node(id).first_child,
        }
    }

    /// Adds a child of `parent` for the move `mv`, the `index`-th legal move there, of kind
    /// `kind` and status `status` (resolved for a finished game), with proof numbers
    /// `(pn, dn)`; it is linked in move order. Returns its id.
    pub fn add_child(
        &mut self,
        parent: NodeId,
        mv: M,
        index: u16,
        kind: NodeKind,
        status: Status,
        (pn, dn): (u32, u32),
    ) -> NodeId {
        let id = self.nodes.len() as NodeId;
        // The sibling after which it goes: the last one with a smaller index.
        let mut before = NONE;
        let mut next = self.node(parent).first_child;
        while next != NONE && self.node(next).index < index {
            before = next;
            next = self.node(next).next_sibling;
        }
        self.nodes.push(Node {
            sum: 0,
            visits: 0,
            pn,
            dn,
            parent,
            first_child: NONE,
            next_sibling: next,
            mv: Some(mv),
            index,
            child_count: 0,
            kind,
            status,
            full: kind == NodeKind::Terminal,
        });
        if before == NONE {
            self.nodes[parent as usize].first_child = id;
        } else {
            self.nodes[before as usize].next_sibling = id;
        }
        self.nodes[parent as usize].child_count += 1;
        id
    }

    /// Marks `id` as having every legal move's child.
    pub fn set_full(&mut self, id: NodeId) {
        self.nodes[id as usize].full = true;
    }

    /// Counts one simulation through `id` with `result` for the question's player.
    pub fn visit(&mut self, id: NodeId, result: i64) {
        let node = &mut self.nodes[id as usize];
        node.visits += 1;
        node.sum += result;
    }

    /// Sets a node's status and proof numbers.
    pub fn set_proof(&mut self, id: NodeId, status: Status, (pn, dn): (u32, u32)) {
        let node = &mut self.nodes[id as usize];
        node.status = status;
        node.pn = pn;
        node.dn = dn;
    }

    /// The subtree under `id` as a tree of its own with `id` as its root (its move and place
    /// forgotten), every node's statistics, status, proof numbers and child order kept: what
    /// an agent that keeps its tree between moves carries to the position after them
    /// ([`super::Mcts::carry`]).
    #[must_use]
    pub fn subtree(&self, id: NodeId) -> Tree<M> {
        let mut nodes = Vec::with_capacity(self.len());
        nodes.push(Node {
            parent: ROOT,
            next_sibling: NONE,
            first_child: NONE,
            mv: None,
            index: 0,
            ..*self.node(id)
        });
        let mut queue = std::collections::VecDeque::from([(id, ROOT)]);
        while let Some((old, new)) = queue.pop_front() {
            let mut previous = NONE;
            for child in self.children(old) {
                let at = nodes.len() as NodeId;
                nodes.push(Node {
                    parent: new,
                    first_child: NONE,
                    next_sibling: NONE,
                    ..*self.node(child)
                });
                if previous == NONE {
                    nodes[new as usize].first_child = at;
                } else {
                    nodes[previous as usize].next_sibling = at;
                }
                previous = at;
                queue.push_back((child, at));
            }
        }
        Tree { nodes }
    }

    /// The ids from the root down to `id`, both included.
    #[must_use]
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        crate::search::tree::line_to(id, |at| self.node(at).parent)
    }
}

crate::search::tree::tree_links!(<M> Tree<M>, |tree, id| tree.children(id).collect());

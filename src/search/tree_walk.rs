//! The walks a view takes through a search tree, written once for the searches that keep
//! one (best-first over [`super::bestfirst::tree`], CNS, MCTS over its own tree): the line
//! from the root to a node, the position there, each node as a view shows it, the last
//! iteration's path, the snapshot of the top of the tree and the common part of an
//! inspection ([`super::session::TreeView`]). A search says how its tree is linked and what
//! values its nodes show ([`TreeWalk`]), and what it says in words ([`TreeWords`]); a search
//! with both is a [`TreeView`]. The walks that need of a position only its moves' notation
//! (the last path, the snapshot) go over the tree with its game erased ([`Walk`]), so they
//! are compiled once, not once for every game and search (the wasm module's size:
//! docs/src/benchmarks.md).

use std::collections::HashSet;

use super::Stats;
use super::session::{Session, TreeView};
use super::session_core::SessionCore;
use super::tree::{NodeId, ROOT, TreeLinks, TreeShape, line_to};
use super::view::{
    Backup, InspectedChild, Inspection, PathNode, Snapshot, Values, ViewNode, snapshot_nodes,
};
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::game::view::PositionView;

/// A search tree over positions of a game, as the views walk it.
pub(crate) trait TreeWalk {
    /// The game whose positions the tree holds.
    type Position: Game;
    /// The root position, how the tree is linked and the last iteration's path, root first.
    fn walked(&self) -> (&Self::Position, &dyn TreeLinks<Move<Self>>, &[NodeId]);
    /// Node `id`'s values as a view shows them.
    fn values_of(&self, id: NodeId) -> Values;
    /// The values of `id` when the last iteration selected it, if it is on that path.
    fn before_of(&self, id: NodeId) -> Option<Values>;

    /// The tree with its game erased, for the walks that need of a position only its
    /// moves' notation ([`Walk`]).
    fn walk(&self) -> Walk<'_>
    where
        Self: Sized,
    {
        let (root, links, path) = self.walked();
        Walk {
            shape: links.shape(),
            root: Box::new(At {
                pos: root.clone(),
                links,
            }),
            path,
            values: self,
        }
    }

    /// How the tree is linked.
    fn links(&self) -> &dyn TreeLinks<Move<Self>> {
        self.walked().1
    }

    /// The ids from the root down to `id`.
    fn line_ids(&self, id: NodeId) -> Vec<NodeId> {
        line_to(id, |at| self.links().parent_of(at))
    }

    /// The position at node `id` and the moves leading there, in notation; `None` if there
    /// is no such node.
    fn replay(&self, id: NodeId) -> Option<(Self::Position, Vec<String>)> {
        if id as usize >= self.links().node_count() {
            return None;
        }
        let mut pos = self.walked().0.clone();
        let mut line = Vec::new();
        for step in self.line_ids(id).into_iter().skip(1) {
            let mv = self
                .links()
                .move_into(step)
                .expect("only the root has no move");
            line.push(pos.format_move(mv));
            pos.play(mv);
        }
        Some((pos, line))
    }

    /// The position at node `id`, `None` if there is no such node.
    fn position(&self, id: NodeId) -> Option<Self::Position> {
        self.replay(id).map(|(pos, _)| pos)
    }

    /// The last iteration's path as the views show it.
    fn last_path(&self) -> Vec<PathNode>
    where
        Self: Sized,
    {
        self.walk().last_path()
    }

    /// Child `id` of a node at `pos` as an inspector lists it, `selected` if selection picks
    /// it.
    fn inspected_child(&self, pos: &Self::Position, id: NodeId, selected: bool) -> InspectedChild {
        let links = self.links();
        let (kind, status, _) = links.head_of(id);
        InspectedChild {
            id,
            mv: pos.format_move(links.move_into(id).expect("a child has a move")),
            kind,
            status,
            values: self.values_of(id),
            selected,
        }
    }
}

/// A node's position in a walked tree, its game erased: what the walks of [`Walk`] ask of
/// a position (so they are compiled once, not once per game and search: 171 KB of the wasm
/// module, docs/src/benchmarks.md).
pub(crate) trait NodePosition<'a> {
    /// The move into `child` (a child of this node) in notation; `None` at the root.
    fn move_text(&self, child: NodeId) -> Option<String>;
    /// The position at `child` (a child of this node); `None` at the root.
    fn child(&self, child: NodeId) -> Option<Box<dyn NodePosition<'a> + 'a>>;
}

/// A position of game `G` in a tree linked by `links`.
struct At<'a, G: Game> {
    pos: G,
    links: &'a dyn TreeLinks<G::Move>,
}

impl<'a, G: Game> NodePosition<'a> for At<'a, G> {
    fn move_text(&self, child: NodeId) -> Option<String> {
        self.links
            .move_into(child)
            .map(|mv| self.pos.format_move(mv))
    }

    fn child(&self, child: NodeId) -> Option<Box<dyn NodePosition<'a> + 'a>> {
        let mv = self.links.move_into(child)?;
        let mut pos = self.pos.clone();
        pos.play(mv);
        Some(Box::new(At {
            pos,
            links: self.links,
        }))
    }
}

/// What the erased walks ask of a search's nodes: its [`TreeWalk::values_of`] and
/// [`TreeWalk::before_of`] behind `dyn`.
trait NodeValues {
    fn values(&self, id: NodeId) -> Values;
    fn before(&self, id: NodeId) -> Option<Values>;
}

impl<T: TreeWalk> NodeValues for T {
    fn values(&self, id: NodeId) -> Values {
        self.values_of(id)
    }

    fn before(&self, id: NodeId) -> Option<Values> {
        self.before_of(id)
    }
}

/// Node `id` of a tree of shape `shape` as a view shows it, with the values `values` gives
/// and the move into it `mv` (in notation, `None` at the root).
fn node_entry(
    shape: &dyn TreeShape,
    values: &dyn NodeValues,
    id: NodeId,
    mv: Option<String>,
) -> PathNode {
    let (kind, status, child_count) = shape.head_of(id);
    PathNode {
        id,
        mv,
        kind,
        status,
        values: values.values(id),
        before: values.before(id),
        child_count,
    }
}

/// A search tree with its game erased ([`TreeWalk::walk`]): its shape, its root position,
/// the last iteration's path and the search's values, walked by code compiled once for
/// every game and search.
pub(crate) struct Walk<'a> {
    shape: &'a dyn TreeShape,
    root: Box<dyn NodePosition<'a> + 'a>,
    path: &'a [NodeId],
    values: &'a dyn NodeValues,
}

impl<'a> Walk<'a> {
    /// Node `id` as a view shows it, its move (if any) formatted in `parent`.
    fn path_node(&self, id: NodeId, parent: Option<&dyn NodePosition<'a>>) -> PathNode {
        node_entry(
            self.shape,
            self.values,
            id,
            parent.and_then(|pos| pos.move_text(id)),
        )
    }

    /// The last iteration's path as the views show it, each node's move formatted in the
    /// position before it (replayed from the root).
    pub(crate) fn last_path(&self) -> Vec<PathNode> {
        let Some((&root, below)) = self.path.split_first() else {
            return Vec::new();
        };
        let mut nodes = vec![self.path_node(root, None)];
        // The position at the node before the current one; `None`: the root.
        let mut at: Option<Box<dyn NodePosition<'a> + 'a>> = None;
        for &id in below {
            let parent: &dyn NodePosition<'a> = at.as_deref().unwrap_or(&*self.root);
            nodes.push(self.path_node(id, Some(parent)));
            at = Some(parent.child(id).expect("a node below the root has a move"));
        }
        nodes
    }

    /// The top `depth` levels of the tree (at most `max_nodes` nodes in all), with the last
    /// path and the children of every node on it taking precedence; `focus` (a pinned node
    /// a view follows) adds its line from the root and its children. The header is the
    /// session's `core` and counters (`stats`).
    pub(crate) fn snapshot(
        &self,
        (core, stats): (&SessionCore, Stats),
        depth: usize,
        max_nodes: usize,
        focus: Option<NodeId>,
    ) -> Snapshot {
        let focus_line = focus
            .filter(|&id| (id as usize) < self.shape.node_count())
            .map(|id| line_to(id, |at| self.shape.parent_of(at)))
            .unwrap_or_default();
        let included = snapshot_nodes(self.path, &focus_line, depth, max_nodes, &|id| {
            self.shape.children_of(id)
        });
        let on_path = self.path.iter().copied().collect();
        Snapshot {
            algo: core.id(),
            verdict: core.verdict(),
            finished: core.is_finished(),
            stats,
            path: self.path.to_vec(),
            root: self.subtree(ROOT, &*self.root, None, &included, &on_path),
        }
    }

    /// The snapshot subtree under `id` (at position `pos`), restricted to `included`.
    fn subtree(
        &self,
        id: NodeId,
        pos: &dyn NodePosition<'a>,
        parent: Option<&dyn NodePosition<'a>>,
        included: &HashSet<NodeId>,
        on_path: &HashSet<NodeId>,
    ) -> ViewNode {
        let children = self
            .shape
            .children_of(id)
            .into_iter()
            .filter(|child| included.contains(child))
            .map(|child| {
                let child_pos = pos.child(child).expect("a child has a move");
                self.subtree(child, &*child_pos, Some(pos), included, on_path)
            })
            .collect();
        ViewNode {
            node: self.path_node(id, parent),
            on_path: on_path.contains(&id),
            children,
        }
    }
}

/// What a search that keeps a tree says of it in words, beyond the walks: the last
/// iteration as a line of text and one node inspected. With [`TreeWalk`], all that a
/// [`TreeView`] needs.
pub(crate) trait TreeWords: TreeWalk<Position: Catalogued> {
    /// See [`TreeView::trace`].
    fn trace(&self) -> Option<String>;
    /// See [`TreeView::inspect`].
    fn inspect(&self, id: NodeId) -> Option<Inspection>;

    /// Node `id` at `pos`, reached by `line`, inspected: what the walk knows of it (its
    /// kind, status and values now and before the last iteration) with what the search says
    /// of it, its `children`, `backup` and `selection` (no targets).
    fn inspection(
        &self,
        id: NodeId,
        pos: &Self::Position,
        line: Vec<String>,
        children: Vec<InspectedChild>,
        backup: Backup,
        selection: Option<String>,
    ) -> Inspection
    where
        Self: Sized,
    {
        let node = node_entry(self.links().shape(), self, id, line.last().cloned());
        Inspection {
            node,
            depth: line.len(),
            line,
            position: PositionView::of(pos),
            children,
            backup,
            selection,
            targets: None,
        }
    }
}

/// The move type of the game a walk's tree holds.
type Move<W> = <<W as TreeWalk>::Position as Game>::Move;

impl<T: TreeWords + Session> TreeView for T {
    fn last_path(&self) -> Vec<PathNode> {
        self.walk().last_path()
    }

    fn snapshot(&self, depth: usize, max_nodes: usize, focus: Option<NodeId>) -> Snapshot {
        let header = (self.core(), Session::stats(self));
        self.walk().snapshot(header, depth, max_nodes, focus)
    }

    fn node_position(&self, id: NodeId) -> Option<PositionView> {
        self.position(id).map(|pos| PositionView::of(&pos))
    }

    fn trace(&self) -> Option<String> {
        TreeWords::trace(self)
    }

    fn inspect(&self, id: NodeId) -> Option<Inspection> {
        TreeWords::inspect(self, id)
    }
}

//! The walks a view takes through a search tree, written once for the searches that keep
//! one (best-first over [`super::bestfirst::tree`], CNS, MCTS over its own tree): the line
//! from the root to a node, the position there, each node as a view shows it, the last
//! iteration's path, the snapshot of the top of the tree and the common part of an
//! inspection ([`super::session::TreeView`]). A search says how its tree is linked and what
//! values its nodes show ([`TreeWalk`]), and what it says in words ([`TreeWords`]); the
//! walks are the traits' provided methods, and a search with both is a
//! [`TreeView`].

use std::collections::HashSet;

use super::Stats;
use super::session::{Session, TreeView};
use super::session_core::SessionCore;
use super::tree::{NodeId, ROOT, TreeLinks, line_to};
use super::view::{
    Backup, InspectedChild, Inspection, PathNode, Snapshot, Values, ViewNode, snapshot_nodes,
    walk_path,
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

    /// Node `id` as a view shows it, its move (if any) formatted in `parent_pos`.
    fn path_node(&self, id: NodeId, parent_pos: Option<&Self::Position>) -> PathNode {
        let links = self.links();
        let (kind, status, child_count) = links.head_of(id);
        PathNode {
            id,
            mv: parent_pos
                .zip(links.move_into(id))
                .map(|(pos, mv)| pos.format_move(mv)),
            kind,
            status,
            values: self.values_of(id),
            before: self.before_of(id),
            child_count,
        }
    }

    /// The last iteration's path as the views show it.
    fn last_path(&self) -> Vec<PathNode> {
        let (root, links, path) = self.walked();
        walk_path(
            root,
            path,
            |id| links.move_into(id),
            |id, parent_pos| self.path_node(id, parent_pos),
        )
    }

    /// The top `depth` levels of the tree (at most `max_nodes` nodes in all), with the last
    /// path and the children of every node on it taking precedence; `focus` (a pinned node
    /// a view follows) adds its line from the root and its children. The header is the
    /// session's `core` and counters (`stats`).
    fn snapshot(
        &self,
        (core, stats): (&SessionCore, Stats),
        depth: usize,
        max_nodes: usize,
        focus: Option<NodeId>,
    ) -> Snapshot {
        let focus_line = focus
            .filter(|&id| (id as usize) < self.links().node_count())
            .map(|id| self.line_ids(id))
            .unwrap_or_default();
        let (root, links, path) = self.walked();
        let included = snapshot_nodes(path, &focus_line, depth, max_nodes, &|id| {
            links.children_of(id)
        });
        let on_path = path.iter().copied().collect();
        Snapshot {
            algo: core.id(),
            verdict: core.verdict(),
            finished: core.is_finished(),
            stats,
            path: path.to_vec(),
            root: self.subtree(ROOT, root, None, &included, &on_path),
        }
    }

    /// The snapshot subtree under `id` (at position `pos`), restricted to `included`.
    fn subtree(
        &self,
        id: NodeId,
        pos: &Self::Position,
        parent_pos: Option<&Self::Position>,
        included: &HashSet<NodeId>,
        on_path: &HashSet<NodeId>,
    ) -> ViewNode {
        let children = self
            .links()
            .children_of(id)
            .into_iter()
            .filter(|child| included.contains(child))
            .map(|child| {
                let mut child_pos = pos.clone();
                child_pos.play(self.links().move_into(child).expect("a child has a move"));
                self.subtree(child, &child_pos, Some(pos), included, on_path)
            })
            .collect();
        ViewNode {
            node: self.path_node(id, parent_pos),
            on_path: on_path.contains(&id),
            children,
        }
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
    ) -> Inspection {
        let node = PathNode {
            mv: line.last().cloned(),
            ..self.path_node(id, None)
        };
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
        TreeWalk::last_path(self)
    }

    fn snapshot(&self, depth: usize, max_nodes: usize, focus: Option<NodeId>) -> Snapshot {
        let header = (self.core(), Session::stats(self));
        TreeWalk::snapshot(self, header, depth, max_nodes, focus)
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

//! The walks a view takes through a search tree, written once for the searches that keep
//! one (best-first over [`super::bestfirst::tree`], CNS, MCTS over its own tree): the line
//! from the root to a node, the position there, the last iteration's path and the snapshot
//! of the top of the tree ([`super::session::TreeView`]). A search says how its tree is
//! linked and how it shows one node ([`TreeWalk`]); the walks are the trait's provided
//! methods.

use std::collections::HashSet;

use super::Stats;
use super::session_core::SessionCore;
use super::tree::{NodeId, ROOT, TreeLinks, line_to};
use super::view::{PathNode, Snapshot, ViewNode, snapshot_nodes, walk_path};
use crate::game::Game;

/// A search tree over positions of `G`, as the views walk it.
pub(crate) trait TreeWalk<G: Game> {
    /// The root position.
    fn root_position(&self) -> &G;
    /// How the tree is linked.
    fn links(&self) -> &dyn TreeLinks<G::Move>;
    /// The last iteration's path, root first.
    fn last_ids(&self) -> &[NodeId];
    /// Node `id` as a view shows it, its move (if any) formatted in `parent_pos`.
    fn path_node(&self, id: NodeId, parent_pos: Option<&G>) -> PathNode;
    /// The session's core and counters, for a snapshot's header.
    fn header(&self) -> (&SessionCore, Stats);

    /// The ids from the root down to `id`.
    fn line_ids(&self, id: NodeId) -> Vec<NodeId> {
        line_to(id, |at| self.links().parent_of(at))
    }

    /// The position at node `id` and the moves leading there, in notation; `None` if there
    /// is no such node.
    fn replay(&self, id: NodeId) -> Option<(G, Vec<String>)> {
        if id as usize >= self.links().node_count() {
            return None;
        }
        let mut pos = self.root_position().clone();
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
    fn position(&self, id: NodeId) -> Option<G> {
        self.replay(id).map(|(pos, _)| pos)
    }

    /// The last iteration's path as the views show it.
    fn last_path(&self) -> Vec<PathNode> {
        walk_path(
            self.root_position(),
            self.last_ids(),
            |id| self.links().move_into(id),
            |id, parent_pos| self.path_node(id, parent_pos),
        )
    }

    /// The top `depth` levels of the tree (at most `max_nodes` nodes in all), with the last
    /// path and the children of every node on it taking precedence; `focus` (a pinned node
    /// a view follows) adds its line from the root and its children.
    fn snapshot(&self, depth: usize, max_nodes: usize, focus: Option<NodeId>) -> Snapshot {
        let focus_line = focus
            .filter(|&id| (id as usize) < self.links().node_count())
            .map(|id| self.line_ids(id))
            .unwrap_or_default();
        let path = self.last_ids();
        let included = snapshot_nodes(path, &focus_line, depth, max_nodes, &|id| {
            self.links().children_of(id)
        });
        let on_path = path.iter().copied().collect();
        let (core, stats) = self.header();
        Snapshot {
            algo: core.id(),
            verdict: core.verdict(),
            finished: core.is_finished(),
            stats,
            path: path.to_vec(),
            root: self.subtree(ROOT, self.root_position(), None, &included, &on_path),
        }
    }

    /// The snapshot subtree under `id` (at position `pos`), restricted to `included`.
    fn subtree(
        &self,
        id: NodeId,
        pos: &G,
        parent_pos: Option<&G>,
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
}

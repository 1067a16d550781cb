//! What views see of an MCTS search (PN-MCTS paper §II and §IV as the page shows them): each
//! node's values (visits, mean and, for PN-MCTS, pn/dn and rank), the last iteration's
//! selection path, the snapshot of the top of the tree the worker sends to the page, and
//! the [`TreeView`] the sessions expose. Nothing here changes the search; the inspector's
//! and trace's words are in [`super::explain`].

use super::Mcts;
use super::explain::shown;
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::game::view::PositionView;
use crate::search::session::TreeView;
use crate::search::tree::{NodeId, ROOT};
use crate::search::view::{
    Inspection, PathNode, Snapshot, Values, ViewNode, snapshot_nodes, walk_path,
};

impl<G: Game> Mcts<G> {
    /// A node's values as views show them.
    #[must_use]
    pub fn values(&self, id: NodeId) -> Values {
        self.values_ranked(id, None)
    }

    /// A node's values, its rank among its siblings given (`Some`: what selection just
    /// computed, so an iteration allocates nothing) or computed from them (`None`).
    pub(super) fn values_ranked(&self, id: NodeId, rank: Option<u32>) -> Values {
        let node = self.tree.node(id);
        let visits = f64::from(node.visits());
        let mean = if id == ROOT {
            node.mean()
        } else {
            self.mover_mean(self.tree.node(node.parent()).kind(), id)
        };
        if !self.config.proof_numbers {
            return Values::Mcts { visits, mean };
        }
        let (pn, dn) = node.proof_numbers();
        let rank = match rank {
            _ if id == ROOT => 1,
            Some(rank) => rank,
            None => {
                let parent = node.parent();
                let kind = self.tree.node(parent).kind();
                self.rank_in(&self.sorted_keys(parent), kind, id)
            }
        };
        Values::PnMcts {
            visits,
            mean,
            pn: shown(pn),
            dn: shown(dn),
            rank: f64::from(rank),
        }
    }

    /// The position at node `id`.
    pub(super) fn position(&self, id: NodeId) -> G {
        let mut pos = self.root.clone();
        for step in self.tree.path_to(id).into_iter().skip(1) {
            pos.play(self.tree.node(step).mv().expect("a child has a move"));
        }
        pos
    }

    /// The view of node `id`, its move formatted in `parent_pos`.
    pub(super) fn path_node(&self, id: NodeId, parent_pos: Option<&G>) -> PathNode {
        let node = self.tree.node(id);
        PathNode {
            id,
            mv: parent_pos
                .zip(node.mv())
                .map(|(pos, mv)| pos.format_move(mv)),
            kind: node.kind(),
            status: node.status(),
            values: self.values(id),
            before: self.before_of(id),
            child_count: node.child_count(),
        }
    }

    /// The values of `id` when the last iteration selected it, if it is on that path.
    pub(super) fn before_of(&self, id: NodeId) -> Option<Values> {
        let at = self.path.iter().position(|&p| p == id)?;
        self.before.get(at).copied()
    }

    /// The last selection path as views show it.
    #[must_use]
    pub fn last_path(&self) -> Vec<PathNode> {
        walk_path(
            &self.root,
            &self.path,
            |id| self.tree.node(id).mv(),
            |id, parent_pos| self.path_node(id, parent_pos),
        )
    }

    /// The snapshot subtree under `id`.
    pub(super) fn view(
        &self,
        id: NodeId,
        pos: &G,
        parent_pos: Option<&G>,
        included: &std::collections::HashSet<NodeId>,
    ) -> ViewNode {
        let children = self
            .tree
            .children(id)
            .filter(|child| included.contains(child))
            .map(|child| {
                let mut child_pos = pos.clone();
                child_pos.play(self.tree.node(child).mv().expect("a child has a move"));
                self.view(child, &child_pos, Some(pos), included)
            })
            .collect();
        ViewNode {
            node: self.path_node(id, parent_pos),
            on_path: self.path.contains(&id),
            children,
        }
    }

    /// The top of the tree for a view (see [`TreeView::snapshot`]).
    #[must_use]
    pub fn snapshot(&self, depth: usize, max_nodes: usize, focus: Option<NodeId>) -> Snapshot {
        let focus_line = focus
            .filter(|&id| (id as usize) < self.tree.len())
            .map(|id| self.tree.path_to(id))
            .unwrap_or_default();
        let included = snapshot_nodes(&self.path, &focus_line, depth, max_nodes, &|id| {
            self.tree.children(id).collect()
        });
        Snapshot {
            algo: self.core.id(),
            verdict: self.verdict(),
            finished: self.core.is_finished(),
            stats: self.stats,
            path: self.path.clone(),
            root: self.view(ROOT, &self.root, None, &included),
        }
    }
}

impl<G: Catalogued> TreeView for Mcts<G> {
    fn last_path(&self) -> Vec<PathNode> {
        Mcts::last_path(self)
    }

    fn snapshot(&self, depth: usize, max_nodes: usize, focus: Option<NodeId>) -> Snapshot {
        Mcts::snapshot(self, depth, max_nodes, focus)
    }

    fn node_position(&self, id: NodeId) -> Option<PositionView> {
        ((id as usize) < self.tree.len()).then(|| PositionView::of(&self.position(id)))
    }

    fn trace(&self) -> Option<String> {
        super::explain::trace(self)
    }

    fn inspect(&self, id: NodeId) -> Option<Inspection> {
        super::explain::inspect(self, id)
    }
}

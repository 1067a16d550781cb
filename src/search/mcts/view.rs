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
use crate::search::Stats;
use crate::search::session::TreeView;
use crate::search::session_core::SessionCore;
use crate::search::tree::{NodeId, ROOT, TreeLinks};
use crate::search::tree_walk::TreeWalk;
use crate::search::view::{Inspection, PathNode, Snapshot, Values};

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

    /// The values of `id` when the last iteration selected it, if it is on that path.
    pub(super) fn before_of(&self, id: NodeId) -> Option<Values> {
        let at = self.path.iter().position(|&p| p == id)?;
        self.before.get(at).copied()
    }

    /// The last selection path as views show it.
    #[must_use]
    pub fn last_path(&self) -> Vec<PathNode> {
        TreeWalk::last_path(self)
    }

    /// The top of the tree for a view (see [`TreeView::snapshot`]).
    #[must_use]
    pub fn snapshot(&self, depth: usize, max_nodes: usize, focus: Option<NodeId>) -> Snapshot {
        TreeWalk::snapshot(self, depth, max_nodes, focus)
    }
}

impl<G: Game> TreeWalk<G> for Mcts<G> {
    fn root_position(&self) -> &G {
        &self.root
    }

    fn links(&self) -> &dyn TreeLinks<G::Move> {
        &self.tree
    }

    fn last_ids(&self) -> &[NodeId] {
        &self.path
    }

    fn path_node(&self, id: NodeId, parent_pos: Option<&G>) -> PathNode {
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

    fn header(&self) -> (&SessionCore, Stats) {
        (&self.core, self.stats)
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
        self.position(id).map(|pos| PositionView::of(&pos))
    }

    fn trace(&self) -> Option<String> {
        super::explain::trace(self)
    }

    fn inspect(&self, id: NodeId) -> Option<Inspection> {
        super::explain::inspect(self, id)
    }
}

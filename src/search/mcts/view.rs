//! What views see of an MCTS search (PN-MCTS paper §II and §IV as the page shows them): each
//! node's values (visits, mean and, for PN-MCTS, pn/dn and rank), the last iteration's
//! selection path, the snapshot of the top of the tree the worker sends to the page, and
//! the [`TreeView`](crate::search::session::TreeView) the sessions expose. Nothing here
//! changes the search; the inspector's and trace's words are in [`super::explain`].

use super::Mcts;
use crate::game::Game;
use crate::game::catalogue::Catalogued;
use crate::search::tree::{NodeId, ROOT, TreeLinks};
use crate::search::tree_walk::{TreeWalk, TreeWords};
use crate::search::view::{Inspection, Values, shown_number};

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
            pn: shown_number(pn),
            dn: shown_number(dn),
            rank: f64::from(rank),
        }
    }
}

impl<G: Game> TreeWalk for Mcts<G> {
    type Position = G;

    fn walked(&self) -> (&G, &dyn TreeLinks<G::Move>, &[NodeId]) {
        (&self.root, &self.tree, &self.path)
    }

    fn values_of(&self, id: NodeId) -> Values {
        self.values(id)
    }

    fn before_of(&self, id: NodeId) -> Option<Values> {
        let at = self.path.iter().position(|&p| p == id)?;
        self.before.get(at).copied()
    }
}

impl<G: Catalogued> TreeWords for Mcts<G> {
    fn trace(&self) -> Option<String> {
        super::explain::trace(self)
    }

    fn inspect(&self, id: NodeId) -> Option<Inspection> {
        super::explain::inspect(self, id)
    }
}

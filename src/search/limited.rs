//! The reason a search ended `out` (SPEC.md §3–4): every session the catalogue starts is
//! wrapped in a [`Limited`], which knows the run's [`Limits`] and names, once the search
//! has stopped `out`, the limit that stopped it ([`Stats::stopped_by`]): the node, time or
//! iteration limit from the counters, the memory limit when the search says its tree or a
//! table could not grow ([`super::memory`]), or the search's own depth for the players that
//! search to a depth over an evaluation.

use super::family::{Family, SearchInfo};
use super::session::{Budget, Session, TreeView};
use super::session_core::SessionCore;
use super::threshold_log::ThresholdLog;
use super::view::{History, ScoreSearch, Values};
use super::{Limit, Limits, Stats, Verdict};

/// A session and the limits it runs under.
pub struct Limited {
    inner: Box<dyn Session>,
    limits: Limits,
}

impl Limited {
    /// `inner`, started under `limits`.
    #[must_use]
    pub fn new(inner: Box<dyn Session>, limits: Limits) -> Limited {
        Limited { inner, limits }
    }
}

/// The limit that ended a search `out` with counters `stats`, if one did.
fn reason(info: &SearchInfo, limits: &Limits, stats: &Stats) -> Option<Limit> {
    let nodes = info.nodes(stats);
    if stats.stopped_by.is_some() {
        stats.stopped_by
    } else if limits.max_nodes.is_some_and(|max| nodes >= max) {
        Some(Limit::Nodes)
    } else if limits
        .max_iterations
        .is_some_and(|max| stats.iterations >= max)
    {
        Some(Limit::Iterations)
    } else if limits.max_seconds.is_some_and(|max| stats.seconds >= max) {
        Some(Limit::Time)
    } else if matches!(info.family, Family::Heuristic | Family::Expectimax) {
        Some(Limit::Depth)
    } else {
        None
    }
}

impl Session for Limited {
    fn core(&self) -> &SessionCore {
        self.inner.core()
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        self.inner.step(budget)
    }

    fn stats(&self) -> Stats {
        let mut stats = self.inner.stats();
        stats.stopped_by = if self.inner.is_finished() && self.inner.verdict() == Verdict::Out {
            reason(self.inner.info(), &self.limits, &stats)
        } else {
            None
        };
        stats
    }

    fn root_value(&self) -> Option<Values> {
        self.inner.root_value()
    }

    fn best_move(&self) -> Option<String> {
        self.inner.best_move()
    }

    fn threads(&self) -> usize {
        self.inner.threads()
    }

    fn proving_line(&self) -> Vec<String> {
        self.inner.proving_line()
    }

    fn history(&self) -> Option<&History> {
        self.inner.history()
    }

    fn tree(&self) -> Option<&dyn TreeView> {
        self.inner.tree()
    }

    fn score_search(&self) -> Option<ScoreSearch> {
        self.inner.score_search()
    }

    fn threshold_log(&self) -> Option<ThresholdLog> {
        self.inner.threshold_log()
    }

    fn fork(&self) -> Option<Box<dyn Session>> {
        Some(Box::new(Limited::new(self.inner.fork()?, self.limits)))
    }

    fn carry(&mut self, line: &[String], seed: u64) -> bool {
        self.inner.carry(line, seed)
    }
}

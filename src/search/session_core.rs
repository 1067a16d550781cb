//! What every session holds alike, whatever its family ([`SessionCore`]): its catalogue
//! entry, its question in words, the run's limits and its verdict once stopped. Each
//! search's [`Session`](super::session::Session) keeps one and hands it out by
//! [`Session::core`](super::session::Session::core), and the trait's
//! methods that read only these (`info`, `question`, `verdict`, `is_finished`) are written
//! once, as provided methods: a search implements only what is its own (its step, counters,
//! values, favoured move and, where it has them, its tree and logs).
//!
//! The core also steps the searches whose step is one call of the search within a budget
//! (`Run::step`: the exact family, the depth-limited players, expectimax); the
//! best-first and MCTS drivers go one iteration at a time through
//! the session module's `Iterative` loop, which reads and sets the same core.

use super::family::SearchInfo;
use crate::core::limits::Budget;
use std::cmp::Ordering;

use super::{Goal, Limit, Limits, Stats, Verdict, memory};
use crate::game::Outcome;

/// What a session holds alike with every other: see the [module](self).
#[derive(Clone, Debug)]
pub struct SessionCore {
    /// The catalogue entry and the question in words; `None` for a search built outside
    /// the catalogue (a test's or an experiment's) until it is named.
    named: Option<Named>,
    /// The run's limits and its verdict once stopped.
    pub(crate) run: Run,
}

/// A run's limits and its verdict once stopped: a copy, so that a session can step its run
/// while its search borrows the rest of it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    /// The run's limits.
    pub(crate) limits: Limits,
    /// The verdict once the run has stopped (`None` while it can go on).
    pub(crate) finished: Option<Verdict>,
}

/// A session's catalogue entry and its question in words.
#[derive(Clone, Debug)]
struct Named {
    info: &'static SearchInfo,
    question: String,
}

impl SessionCore {
    /// The core of a session of catalogue entry `info` answering `question` (in words)
    /// within `limits`.
    pub(crate) fn new(info: &'static SearchInfo, question: String, limits: Limits) -> Self {
        SessionCore {
            named: Some(Named { info, question }),
            ..SessionCore::unnamed(limits)
        }
    }

    /// The core of a search within `limits` that the catalogue has not named yet
    /// ([`SessionCore::name`]).
    pub(crate) fn unnamed(limits: Limits) -> Self {
        SessionCore {
            named: None,
            run: Run {
                limits,
                finished: None,
            },
        }
    }

    /// Names the session: catalogue entry `info`, answering `question` (in words).
    pub(crate) fn name(&mut self, info: &'static SearchInfo, question: String) {
        self.named = Some(Named { info, question });
    }

    /// The catalogue entry.
    ///
    /// # Panics
    /// If the search was built outside the catalogue and never named.
    #[must_use]
    pub fn info(&self) -> &'static SearchInfo {
        self.entry().info
    }

    /// The question the session answers, in words.
    ///
    /// # Panics
    /// If the search was built outside the catalogue and never named.
    #[must_use]
    pub fn question(&self) -> &str {
        &self.entry().question
    }

    /// The catalogue entry's id, empty if the search was never named.
    #[must_use]
    pub fn id(&self) -> &'static str {
        self.named.as_ref().map_or("", |named| named.info.id)
    }

    fn entry(&self) -> &Named {
        self.named
            .as_ref()
            .expect("a session is named by its catalogue entry")
    }

    /// The verdict: `out` until the run has stopped for another reason.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        self.run.finished.unwrap_or(Verdict::Out)
    }

    /// Whether the run has stopped.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.run.finished.is_some()
    }
}

impl Run {
    /// Whether a search's tree may grow to `nodes` nodes, within the node limit and `ids`
    /// (the most nodes its ids can index), and by `bytes` more within the memory limit; if
    /// not, `stats` notes which limit stops the search, and nothing may change.
    pub(crate) fn may_grow(&self, stats: &mut Stats, nodes: u64, ids: u32, bytes: u64) -> bool {
        let capacity = self
            .limits
            .max_nodes
            .unwrap_or(u64::MAX)
            .min(u64::from(ids));
        if nodes > capacity {
            stats.stopped_by = Some(Limit::Nodes);
            return false;
        }
        if !memory::fits(bytes, self.limits.max_bytes) {
            stats.stopped_by = Some(Limit::Memory);
            return false;
        }
        true
    }

    /// One step of a run whose counters are `before`: `search` searches within the budget
    /// and what remains of the run's limits, and answers its verdict and the counters after.
    /// The run stops at an exact verdict or when its limits are used up.
    pub(crate) fn step(
        &mut self,
        budget: Budget,
        before: Stats,
        search: impl FnOnce(&Limits) -> (Verdict, Stats),
    ) -> Option<Verdict> {
        if self.finished.is_some() {
            return self.finished;
        }
        if run_limit_reached(&self.limits, &before) {
            self.finished = Some(Verdict::Out);
            return self.finished;
        }
        let (verdict, after) = search(&step_limits(&self.limits, budget, &before));
        if verdict.is_exact() {
            self.finished = Some(verdict);
        } else if run_limit_reached(&self.limits, &after) || after.stopped_by == Some(Limit::Depth)
        {
            // A line past [`crate::search::MAX_PLIES`] stops every later step the same way.
            self.finished = Some(Verdict::Out);
        }
        self.finished
    }

    /// [`Run::step`] for a search that keeps its own counters: `stats` reads them before
    /// and after `step` searches `search` within the limits it is given.
    pub(crate) fn step_counted<S>(
        &mut self,
        budget: Budget,
        search: &mut S,
        stats: impl Fn(&S) -> Stats,
        step: impl FnOnce(&mut S, &Limits) -> Verdict,
    ) -> Option<Verdict> {
        self.step(budget, stats(search), |limits| {
            let verdict = step(search, limits);
            (verdict, stats(search))
        })
    }
}

/// The verdict of an exact value whose sign is `sign` (for the root player: above 0 a win, 0 a
/// draw, below 0 a loss): `proved` where that outcome meets `goal`, else `disproved`.
pub(crate) fn exact_verdict(goal: Goal, sign: Ordering) -> Verdict {
    let outcome = match sign {
        Ordering::Greater => Outcome::Win,
        Ordering::Equal => Outcome::Draw,
        Ordering::Less => Outcome::Loss,
    };
    if goal.is_proven(outcome) {
        Verdict::Proved
    } else {
        Verdict::Disproved
    }
}

/// The limits of one step of a search stepped by [`Run::step`]: the budget, within
/// what remains of the run's `limits` after the positions and seconds of earlier steps
/// (`spent`).
fn step_limits(limits: &Limits, budget: Budget, spent: &Stats) -> Limits {
    let remaining_nodes = limits
        .max_nodes
        .map(|max| max.saturating_sub(spent.nodes_expanded));
    let remaining_seconds = limits.max_seconds.map(|max| (max - spent.seconds).max(0.0));
    Limits {
        max_nodes: least(remaining_nodes, budget.iterations),
        max_seconds: least(remaining_seconds, budget.seconds),
        max_iterations: None,
        max_bytes: limits.max_bytes,
    }
}

/// The smaller of two optional bounds (`None`: no bound).
pub(crate) fn least<T: PartialOrd>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b < a { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Whether the run's `limits` are used up after the positions and seconds of `spent`.
fn run_limit_reached(limits: &Limits, spent: &Stats) -> bool {
    limits
        .max_nodes
        .is_some_and(|max| spent.nodes_expanded >= max)
        || limits.max_seconds.is_some_and(|max| spent.seconds >= max)
}

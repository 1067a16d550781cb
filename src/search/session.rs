//! One session interface for every search: what the CLI, the experiments, the benchmarks
//! and the page's worker drive, whatever the search's family.
//!
//! A [`Session`] is a search of one root position, started by
//! [`super::catalogue::start`]. It is stepped by a [`Budget`] (iterations and/or seconds)
//! and within its run limits; stepping in small budgets gives the same result as one long
//! run. It reports its verdict, counters, root value and favoured move at any time. Searches
//! that keep a tree also offer a [`TreeView`] ([`Session::tree`]): the last
//! most-proving-node path (with each node's values before that iteration's backup) and the
//! same iteration as a line of text, snapshots of the top of the tree, the position at any
//! node as a [`PositionView`] (the session keeps its game's type, so nothing is parsed
//! again) and an [`Inspection`] of any node. Every session states its question in words
//! ([`Session::question`]); searches with a meaningful root value at every iteration keep
//! its [`History`].
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Verdict, catalogue, params::Params, session::Budget};
//!
//! let root = TicTacToe::parse_position(&(), "").unwrap();
//! let params = Params::default().with_goal(Goal::NotLose);
//! for id in ["pns", "dfpn", "alphabeta"] {
//!     let mut session = catalogue::start(id, root.clone(), &params).unwrap();
//!     session.step(Budget::iterations(10));
//!     assert_eq!(session.run(), Verdict::Proved, "{id}"); // tic-tac-toe is a draw
//!     assert_eq!(session.tree().is_some(), id == "pns");
//! }
//! ```

use std::cell::Cell;

use serde::Serialize;

pub use crate::core::limits::Budget;

use super::Question;
use super::clock::Ticker;
use super::family::SearchInfo;
use super::params::Params;
use super::session_core::{SessionCore, least};
use super::threshold_log::ThresholdLog;
use super::tree::NodeId;
use super::view::{History, Inspection, PathNode, ScoreSearch, Snapshot, Values};
use super::{Stats, Verdict};
use crate::game::catalogue::Catalogued;
use crate::game::view::PositionView;

/// When a step must end: its own seconds, or what is left of the run's time limit,
/// whichever comes first (`None`: no time bound). An iteration too long for a step reads it
/// to stop part-way ([`Iteration::Cut`]).
///
/// Its clock is read about every [`DEADLINE_READ_SECONDS`] ([`Ticker`]), not at every
/// iteration and every child valued: on a fast search (PNS on Othello, a million nodes in a
/// second) a reading each time took a fifth of the time. Events slower than that (a child
/// valued by playouts) still read it each. So a step or a run ends up to about that much
/// after its time, never before.
pub(crate) struct Deadline {
    ticker: Cell<Ticker>,
    seconds: Option<f64>,
}

/// The seconds between two readings of a step's clock that its [`Ticker`] aims at.
const DEADLINE_READ_SECONDS: f64 = 1e-4;

impl Deadline {
    /// The step's seconds so far, as last read (about every [`DEADLINE_READ_SECONDS`]).
    fn elapsed(&self) -> f64 {
        let mut ticker = self.ticker.get();
        let seconds = ticker.read();
        self.ticker.set(ticker);
        seconds
    }

    /// Whether the deadline has passed.
    pub(crate) fn passed(&self) -> bool {
        self.seconds.is_some_and(|s| self.elapsed() >= s)
    }

    /// The seconds left before it (`None`: no time bound), read from the clock now.
    pub(crate) fn left(&self) -> Option<f64> {
        self.seconds
            .map(|s| (s - self.ticker.get().seconds()).max(0.0))
    }
}

/// What one call of [`Iterative::iterate`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Iteration {
    /// An iteration was done.
    Done,
    /// None could be done: a limit forbids it, and the search cannot go on.
    Stopped,
    /// The deadline came part-way through: the search keeps what it did and the next call
    /// finishes the iteration, exactly as one call would have.
    Cut,
}

/// A search that advances one iteration at a time (the best-first and MCTS drivers): what
/// it provides, and the stepping loop they share ([`Iterative::step_iterations`]).
pub(crate) trait Iterative {
    /// The session's core, whose limits the loop reads and whose verdict it sets, and the
    /// counters: the iterations and nodes created (a tree's size) that the limits bound,
    /// and the seconds searched so far, which the loop adds to.
    fn state_mut(&mut self) -> (&mut SessionCore, &mut Stats);
    /// One iteration, or part of one if it reaches `deadline` (searches whose iterations are
    /// always short ignore it).
    fn iterate(&mut self, deadline: &Deadline) -> Iteration;
    /// The verdict if the last iteration decided the question.
    fn conclusion(&self) -> Option<Verdict>;
    /// Whether the search can count no further, whatever the limits (none by default).
    fn exhausted(&self) -> bool {
        false
    }

    /// Whether a run limit is reached after `seconds` of search in all: the limits on
    /// iterations, nodes and seconds, or [`Iterative::exhausted`].
    fn limit_reached(&mut self, seconds: f64) -> bool {
        let (core, stats) = self.state_mut();
        core.run
            .limits
            .reached(stats.iterations, stats.nodes_created, seconds)
            || self.exhausted()
    }

    /// Runs at most `budget` (and within the limits); returns the verdict once the search
    /// has stopped, `None` if it can go on.
    fn step_iterations(&mut self, budget: Budget) -> Option<Verdict> {
        let (core, stats) = self.state_mut();
        if let Some(verdict) = core.run.finished {
            return Some(verdict);
        }
        let seconds_before = stats.seconds;
        let run_left = core
            .run
            .limits
            .max_seconds
            .map(|max| (max - seconds_before).max(0.0));
        let deadline = Deadline {
            ticker: Cell::new(Ticker::aiming(DEADLINE_READ_SECONDS)),
            seconds: least(budget.seconds, run_left),
        };
        let reads_clock = deadline.seconds.is_some();
        let mut done = 0;
        let result = loop {
            let elapsed = if reads_clock { deadline.elapsed() } else { 0.0 };
            if self.limit_reached(seconds_before + elapsed) {
                break Some(Verdict::Out);
            }
            if budget.iterations.is_some_and(|n| done >= n)
                || budget.seconds.is_some_and(|s| elapsed >= s)
            {
                break None;
            }
            match self.iterate(&deadline) {
                Iteration::Done => done += 1,
                Iteration::Stopped => break Some(Verdict::Out),
                // The deadline came: the checks above end the step (or the run).
                Iteration::Cut => continue,
            }
            if let Some(verdict) = self.conclusion() {
                break Some(verdict);
            }
        };
        let (core, stats) = self.state_mut();
        stats.seconds = seconds_before + deadline.ticker.get().seconds();
        core.run.finished = result;
        result
    }
}

/// A running search of one position, of any family.
pub trait Session: Send {
    /// What the session holds alike with every other: its catalogue entry, question,
    /// limits and verdict ([`SessionCore`]), which the provided methods below read.
    fn core(&self) -> &SessionCore;

    /// Which search this is.
    fn info(&self) -> &'static SearchInfo {
        self.core().info()
    }

    /// Runs at most `budget` (and within the run's limits); returns the verdict once the
    /// search has stopped, `None` if it can go on.
    fn step(&mut self, budget: Budget) -> Option<Verdict>;

    /// Runs until the search stops and returns the verdict.
    fn run(&mut self) -> Verdict {
        loop {
            if let Some(verdict) = self.step(Budget::UNLIMITED) {
                return verdict;
            }
        }
    }

    /// The verdict: `out` until the search has stopped for another reason.
    fn verdict(&self) -> Verdict {
        self.core().verdict()
    }

    /// Whether the search has stopped (further steps do nothing).
    fn is_finished(&self) -> bool {
        self.core().is_finished()
    }

    /// The counters.
    fn stats(&self) -> Stats;

    /// The root's values, for searches that keep any (none by default).
    fn root_value(&self) -> Option<Values> {
        None
    }

    /// A move that proves the goal if proved, else the move the search favours (if any).
    fn best_move(&self) -> Option<String>;

    /// The threads its steps would run on if they could all start (job-level df-pn's; 1 for
    /// the searches that run on one). The page starts that many helper workers for it; with
    /// fewer it runs on fewer, with the same results.
    fn threads(&self) -> usize {
        1
    }

    /// Once the goal is proved or disproved, the moves from the root that walk the proof
    /// down to the game's end (the best-first family's [`super::bestfirst::BestFirst::proving_line`]);
    /// empty for searches that keep no proof to walk, and before a verdict.
    fn proving_line(&self) -> Vec<String> {
        Vec::new()
    }

    /// The question the search answers, in words: `Can X, to move, force a win?`
    /// ([`super::Question::words`]).
    fn question(&self) -> String {
        self.core().question().to_owned()
    }

    /// The root value and tree size at every iteration, for searches whose root value
    /// means something after every iteration (the best-first family; df-pn's and
    /// alpha-beta's iterations are single positions whose root numbers only change when a
    /// step ends, so they keep none).
    fn history(&self) -> Option<&History> {
        None
    }

    /// The search tree, for searches that keep one.
    fn tree(&self) -> Option<&dyn TreeView> {
        None
    }

    /// For searches that find an exact score by a series of binary threshold runs
    /// (multi-valued PNS): the runs and the bounds on the score so far.
    fn score_search(&self) -> Option<ScoreSearch> {
        None
    }

    /// For df-pn: the root's entries into its children, each with the thresholds it gave
    /// ([`crate::search::threshold_log`]); `None` for other searches.
    fn threshold_log(&self) -> Option<ThresholdLog> {
        None
    }

    /// A copy of the session as it stands, which steps on exactly as this one would (the
    /// page's timeline keeps such copies as checkpoints to jump back to); `None` for
    /// searches that cannot be copied, which are started again instead.
    fn fork(&self) -> Option<Box<dyn Session>> {
        None
    }

    /// Carries the search on to the position after `line` (moves in the game's notation,
    /// played from its root since it last stepped) for its next question, from `seed`: the
    /// subtree after them becomes the tree, with what it learnt, the counters of iterations
    /// and seconds start again and the search may step on. False (and nothing changed) if
    /// the search keeps no tree it can carry (capability `carries_tree` off), a move is not
    /// in its tree, or the question's player is not to move there; then the agent starts
    /// afresh.
    fn carry(&mut self, line: &[String], seed: u64) -> bool {
        let _ = (line, seed);
        false
    }
}

/// What a search that keeps a tree shows of it.
pub trait TreeView {
    /// The last iteration's most-proving-node path, root first, ending at the node it
    /// expanded (just the root before the first iteration; if the node limit stopped a
    /// best-first search, the path ends at the leaf it could not expand).
    fn last_path(&self) -> Vec<PathNode>;

    /// The top `depth` levels of the tree (at most `max_nodes` nodes in all), with the last
    /// MPN path and the children of every node on it taking precedence; `focus` (a pinned
    /// node a view follows) adds its line from the root and its children.
    fn snapshot(&self, depth: usize, max_nodes: usize, focus: Option<NodeId>) -> Snapshot;

    /// The position at node `id`, `None` if there is no such node.
    fn node_position(&self, id: NodeId) -> Option<PositionView>;

    /// The last iteration as one line of text (`root (OR): least pn → e6 (pn 1 / dn 1);
    /// e6 (AND): least dn → f5 (pn 1 / dn 1); expanded f5: 7 children; root pn 1 / dn 2 →
    /// pn 2 / dn 2`), `None` before the first.
    fn trace(&self) -> Option<String>;

    /// Node `id` with its children, the backup rule applied to their numbers and the
    /// selection's choice; `None` if there is no such node.
    fn inspect(&self, id: NodeId) -> Option<Inspection>;
}

/// What a session reports after a step: the worker's progress message and the base of the
/// CLI's and the experiments' records.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The search's id.
    pub algo: &'static str,
    /// The verdict so far.
    pub verdict: Verdict,
    /// Whether the search has stopped.
    pub finished: bool,
    /// The counters.
    pub stats: Stats,
    /// The root's values, if the search keeps any.
    pub root_value: Option<Values>,
    /// The favoured (or proving) move.
    pub best_move: Option<String>,
    /// The proving line of a proved or disproved goal ([`Session::proving_line`]); absent
    /// when the search gives none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub proving_line: Vec<String>,
    /// The last most-proving-node path (empty for searches without a tree).
    pub path: Vec<PathNode>,
    /// The last iteration in words ([`TreeView::trace`]); `null` before the first and for
    /// searches without a tree.
    pub trace: Option<String>,
    /// The question the search answers, in words ([`Session::question`]).
    pub question: String,
    /// The threshold runs and score bounds of a search for an exact score
    /// ([`Session::score_search`]); absent for other searches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_search: Option<ScoreSearch>,
    /// df-pn's entries into the root's children, with their thresholds
    /// ([`Session::threshold_log`]); absent for other searches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thresholds: Option<ThresholdLog>,
}

impl Report {
    /// The report of `session` now.
    #[must_use]
    pub fn of(session: &dyn Session) -> Report {
        Report {
            algo: session.info().id,
            verdict: session.verdict(),
            finished: session.is_finished(),
            stats: session.stats(),
            root_value: session.root_value(),
            best_move: session.best_move(),
            proving_line: session.proving_line(),
            path: session.tree().map(TreeView::last_path).unwrap_or_default(),
            trace: session.tree().and_then(TreeView::trace),
            question: session.question(),
            score_search: session.score_search(),
            thresholds: session.threshold_log(),
        }
    }
}

/// A search of the catalogue.
pub trait SearchKind {
    /// Its declaration.
    const INFO: SearchInfo;

    /// A session of this search of `root` answering `question` (the goal of `params` asked
    /// at `root`), whose parameters are already checked and whose game is not over and is
    /// supported.
    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session>;
}

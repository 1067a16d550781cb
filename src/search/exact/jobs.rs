//! Job-level df-pn (`dfpn-jobs`): the root's moves are jobs, each solved by its own df-pn
//! ([`super::dfpn`]), and the most-proving of them are searched side by side on threads.
//!
//! The PPNS dissertation cites parallel df-pn (Pawlewicz and Hayward, *Scalable parallel
//! DFPN search*, CG 2013, its reference \[44\]) without describing one; this search follows the
//! simpler *job-level* proof-number search of Wu, Lin, Lin, Chen and Yen (*Job-level
//! proof-number search for Connect6*, CG 2010): a proof-number tree at the top whose
//! most-proving leaves are handed out as jobs to solvers. Here the top tree is the root and
//! its children, and a job is a quantum of df-pn positions in one child.
//!
//! **Rounds.** Each round takes the `batch` (the parameter, `jobs` in [`JobsConfig`]) unresolved children that are most proving (at an
//! OR root the least pn, at an AND or chance root the least dn, as df-pn's `MID` chooses;
//! ties to the first in the game's move order) and lets each search up to [`QUANTUM`] more
//! positions with its own df-pn, whose table and stopped calls carry over to its next round,
//! until its number passes the least of the open children outside the round: `MID`'s bound
//! for its most-proving child (one more than the runner-up), widened ×2 (`WIDEN`) as the 1 + ε
//! trick widens it so that a round's children search long enough to run side by side. The
//! root's numbers follow the proof-number rules over the children's (OR: pn = min, dn = Σ;
//! AND: pn = Σ, dn = min). A proved child of an OR root proves it and a disproved child of an
//! AND root disproves it; every child disproved (OR) or proved (AND) settles it the other way.
//! The answer is read between rounds; the root itself counts as one position.
//!
//! **Threads.** The children of a round are independent (each has its own table), so they
//! run on as many threads as the round has children, at most the threads the engine may use
//! ([`crate::core::threads::allowed`]: natively every core; in the page the threads the
//! user sets). Which children a round takes and how far each goes depend only on the batch and
//! the positions searched, never on the threads or on how the run is split into steps (a
//! round's positions are handed to its children one at a time in turn, `fill`): one thread
//! or two, one step or a thousand, the same positions are searched and counted, only the wall
//! time differs. (A time limit, as for every search, ends wherever the clock is; and df-pn's
//! own steps search as one run does while its table need not replace what a stopped step
//! stored, `tests/searches/jobs.rs`.) Measured in `docs/src/searches/dfpn-jobs.md`: it pays
//! where the root's moves lead apart (Gomoku), not where they transpose (Othello endgames).
//!
//! **Departures.** Each child's table is the memory limit's share of the children (at most
//! df-pn's 16 MiB), so positions reached from two root moves are searched once per move; a
//! shared table (the scalable parallel df-pn's) would save that work but make the positions
//! searched depend on the threads' timing. The search is exact: proved and disproved are
//! proofs, checked against alpha-beta with the other exact searches.
//!
//! ```
//! use pnplay::game::{Game, Player, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Limits, Question, Verdict};
//! use pnplay::search::exact::jobs::{JobDfPn, JobsConfig};
//!
//! let start = TicTacToe::start(&());
//! let draw = Question { root_player: Player::First, goal: Goal::NotLose };
//! let mut search = JobDfPn::new(&start, draw, JobsConfig { threads: 2, ..JobsConfig::default() });
//! assert_eq!(search.step(&Limits::default()), Verdict::Proved);
//! ```

use super::dfpn::{CountedProofSearch, CountedSession, DfPn, DfPnConfig, INFINITY, Numbers};
use crate::game::catalogue::Catalogued;
use crate::game::{Game, MoveList, Turn};
use crate::search::clock::Clock;
use crate::search::family::{DN, Explain, Family, PN, SearchInfo};
use crate::search::params::{ParamKind, ParamSpec, Params};
use crate::search::session::{SearchKind, Session};
use crate::search::session_core::least;
use crate::search::{Limit, Limits, Question, Stats, Verdict};

/// The positions a child searches in one round.
pub const QUANTUM: u64 = 4096;

/// How far past the least number outside a round its children search: `MID`'s bound, one
/// more than the runner-up, widened as the 1 + ε trick widens it (ε = WIDEN − 1), so a
/// round's children search long enough to run side by side.
const WIDEN: u32 = 2;

/// The stack of a pool thread: a native main thread's, since df-pn recurses along lines of up
/// to [`crate::search::MAX_PLIES`] moves (in the page a helper worker's stack is set when it
/// starts).
#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
const STACK_BYTES: usize = 8 << 20;

/// `batch`: how many children (jobs) a round searches, the most proving first. Not `jobs`:
/// that flag already names the searches the CLI's batch commands run at once.
pub const BATCH: ParamSpec = ParamSpec {
    kind: ParamKind::Integer,
    default: Some(2.0),
    min: Some(1.0),
    max: Some(64.0),
    ..ParamSpec::real(
        "batch",
        "jobs a round",
        "dfpn-jobs: the root's most-proving children searched side by side each round, each by its own df-pn (one thread each, as far as the threads go); the answer and the positions searched depend on it, not on the threads",
    )
};

/// Settings of a [`JobDfPn`] search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JobsConfig {
    /// The children a round searches.
    pub jobs: usize,
    /// The bytes of all the children's tables together (each child's table is its share,
    /// allocated when the child is first searched, at most df-pn's default).
    pub table_bytes: usize,
    /// The most threads a round may run on (besides its children, the threads the engine
    /// may use now bound it: [`crate::core::threads::usable`]).
    pub threads: usize,
}

impl Default for JobsConfig {
    /// Two jobs, four times df-pn's 16 MiB for the tables, one thread.
    fn default() -> Self {
        JobsConfig {
            jobs: 2,
            table_bytes: 4 * DfPnConfig::default().table_bytes,
            threads: 1,
        }
    }
}

/// One move of the root and the df-pn of its child.
#[derive(Debug)]
struct Child<G: Game> {
    mv: G::Move,
    position: G,
    /// Its df-pn, made when the child is first searched.
    search: Option<DfPn<G>>,
    /// Whether it is in the current round.
    in_round: bool,
    /// Positions it has searched in the current round.
    done: u64,
    /// Whether it has finished the current round: its quantum searched, its bound reached,
    /// resolved or stuck.
    finished: bool,
    /// Its thresholds in the current round: the numbers at which a sibling outside the round
    /// becomes more proving.
    bound: Numbers,
    /// Whether its df-pn stopped for good (a line too deep): it is never searched again.
    stuck: bool,
}

impl<G: Game> Child<G> {
    /// Its numbers: its df-pn's, or a finished game's, or 1/1 before it is searched.
    fn numbers(&self, question: Question) -> Numbers {
        match &self.search {
            Some(search) => search.root_numbers(),
            None if self.position.turn() == Turn::Over => super::settled(
                question,
                &self.position,
                Numbers::PROVEN,
                Numbers::DISPROVEN,
            ),
            None => Numbers::UNKNOWN,
        }
    }

    fn verdict(&self, question: Question) -> Verdict {
        let numbers = self.numbers(question);
        if numbers.pn == 0 {
            Verdict::Proved
        } else if numbers.dn == 0 {
            Verdict::Disproved
        } else {
            Verdict::Out
        }
    }

    fn open(&self, question: Question) -> bool {
        self.verdict(question) == Verdict::Out && !self.stuck
    }

    fn stats(&self) -> Stats {
        self.search
            .as_ref()
            .map_or_else(Stats::default, DfPn::stats)
    }

    /// Searches at most `positions` more positions within `seconds`, until its numbers reach
    /// the round's bound; returns how many it searched.
    fn advance(
        &mut self,
        question: Question,
        table_bytes: usize,
        positions: u64,
        seconds: Option<f64>,
    ) -> u64 {
        let search = self.search.get_or_insert_with(|| {
            DfPn::new(
                &self.position,
                question,
                DfPnConfig {
                    table_bytes,
                    ..DfPnConfig::default()
                },
            )
        });
        let before = search.stats().nodes_expanded;
        let limits = Limits {
            max_nodes: Some(positions),
            max_seconds: seconds,
            ..Limits::default()
        };
        let verdict = search.step_below(&limits, self.bound);
        let searched = search.stats().nodes_expanded - before;
        let numbers = search.root_numbers();
        self.done += searched;
        if search.stats().stopped_by == Some(Limit::Depth) {
            self.stuck = true;
        }
        self.finished = self.done >= QUANTUM
            || verdict != Verdict::Out
            || numbers.pn >= self.bound.pn
            || numbers.dn >= self.bound.dn
            || self.stuck;
        searched
    }
}

/// A job-level df-pn of one root position for one question; resumable.
#[derive(Debug)]
pub struct JobDfPn<G: Game> {
    root: G,
    question: Question,
    config: JobsConfig,
    /// The root's children in the game's move order.
    children: Vec<Child<G>>,
    /// Each child's table.
    child_bytes: usize,
    verdict: Verdict,
    /// Positions searched, time spent and the limit that ended it, over all steps (the
    /// children's counters are added to them when read).
    seconds: f64,
    stopped_by: Option<Limit>,
}

impl<G: Game> JobDfPn<G> {
    /// A search of `root` (a position with moves) for `question`; the children's tables are
    /// allocated as they are first searched.
    #[must_use]
    pub fn new(root: &G, question: Question, config: JobsConfig) -> Self {
        let mut moves = MoveList::<G>::default();
        root.legal_moves(&mut moves);
        let children: Vec<Child<G>> = moves
            .iter()
            .map(|&mv| {
                let mut position = root.clone();
                position.play(mv);
                Child {
                    mv,
                    position,
                    search: None,
                    in_round: false,
                    done: 0,
                    finished: false,
                    bound: Numbers::UNBOUNDED,
                    stuck: false,
                }
            })
            .collect();
        let child_bytes =
            (config.table_bytes / children.len().max(1)).min(DfPnConfig::default().table_bytes);
        // A finished game has no children to settle it: its outcome does.
        let verdict = if children.is_empty() {
            super::settled(question, root, Verdict::Proved, Verdict::Disproved)
        } else {
            Verdict::Out
        };
        JobDfPn {
            root: root.clone(),
            question,
            config: JobsConfig {
                jobs: config.jobs.max(1),
                ..config
            },
            children,
            child_bytes,
            verdict,
            seconds: 0.0,
            stopped_by: None,
        }
    }

    /// Whether the root player moves at the root (an OR node).
    fn or(&self) -> bool {
        super::is_or(self.question, &self.root)
    }

    /// Searches until the answer or a limit of `limits` (positions and seconds counted from
    /// the start of this call), and returns the verdict so far.
    pub fn step(&mut self, limits: &Limits) -> Verdict {
        if self.verdict != Verdict::Out {
            return self.verdict;
        }
        let clock = Clock::start();
        let mut budget = least(limits.max_nodes, limits.max_iterations);
        let pool = self.pool();
        loop {
            if !self.children.iter().any(|c| c.in_round && !c.finished) {
                self.verdict = self.settled();
                if self.verdict != Verdict::Out || !self.start_round() {
                    break;
                }
            }
            if budget == Some(0) {
                self.stopped_by = Some(Limit::Nodes);
                break;
            }
            let seconds = limits
                .max_seconds
                .map(|max| (max - clock.seconds()).max(0.0));
            if seconds == Some(0.0) {
                self.stopped_by = Some(Limit::Time);
                break;
            }
            let deadline = limits.max_seconds.map(|max| (&clock, max));
            let searched = self.advance_round(budget, deadline, pool.as_ref());
            budget = budget.map(|b| b - searched.min(b));
        }
        if self.verdict != Verdict::Out {
            self.stopped_by = None;
        } else if !self.children.iter().any(|c| c.open(self.question)) {
            self.stopped_by = Some(Limit::Depth);
        }
        self.seconds += clock.seconds();
        self.verdict
    }

    /// A pool for a round's children, where there is more than one thread to run them on.
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    fn pool(&self) -> Option<rayon::ThreadPool> {
        let threads = self
            .config
            .threads
            .min(self.config.jobs)
            .min(crate::core::threads::usable());
        (threads > 1).then(|| crate::core::threads::pool(threads, STACK_BYTES))?
    }

    /// The plain wasm package has one thread: no pool.
    #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
    fn pool(&self) -> Option<rayon::ThreadPool> {
        None
    }

    /// Lets the round's children search, together at most `budget` positions within
    /// the `deadline`'s seconds on its clock (what is left when each child starts, so children
    /// run one after another on one thread stay within it too), each within its quantum;
    /// returns the positions searched. The round's
    /// positions are handed to its children one at a time in turn ([`fill`]), so how far each
    /// has gone depends only on the positions the round has searched, not on the threads nor
    /// on how the run was split into steps.
    fn advance_round(
        &mut self,
        budget: Option<u64>,
        deadline: Option<(&Clock, f64)>,
        pool: Option<&rayon::ThreadPool>,
    ) -> u64 {
        let question = self.question;
        let bytes = self.child_bytes;
        let mut round: Vec<&mut Child<G>> =
            self.children.iter_mut().filter(|c| c.in_round).collect();
        let caps: Vec<u64> = round
            .iter()
            .map(|c| if c.finished { c.done } else { QUANTUM })
            .collect();
        let done: u64 = round.iter().map(|c| c.done).sum();
        let targets = fill(&caps, budget.map_or(u64::MAX, |b| done.saturating_add(b)));
        let mut work: Vec<(&mut Child<G>, u64)> = round
            .iter_mut()
            .zip(targets)
            .filter(|(c, target)| !c.finished && *target > c.done)
            .map(|(c, target)| {
                let wanted = target - c.done;
                (&mut **c, wanted)
            })
            .collect();
        let run = |child: &mut Child<G>, wanted: u64| {
            let seconds = deadline.map(|(clock, max)| (max - clock.seconds()).max(0.0));
            child.advance(question, bytes, wanted, seconds)
        };
        match pool {
            Some(pool) if work.len() > 1 => {
                let mut searched = vec![0; work.len()];
                pool.scope(|scope| {
                    for ((child, wanted), out) in work.iter_mut().zip(searched.iter_mut()) {
                        let wanted = *wanted;
                        scope.spawn(move |_| *out = run(child, wanted));
                    }
                });
                searched.iter().sum()
            }
            _ => work
                .iter_mut()
                .map(|(child, wanted)| run(child, *wanted))
                .sum(),
        }
    }

    /// Starts a round with the `jobs` most-proving open children, each bounded as `MID`
    /// bounds its most-proving child: searched until its pn (OR root; dn at an AND root)
    /// passes the least of the open children outside the round; `false` if none is open.
    fn start_round(&mut self) -> bool {
        let (or, question) = (self.or(), self.question);
        let mut open: Vec<(u32, usize)> = self
            .children
            .iter()
            .enumerate()
            .filter(|(_, c)| c.open(question))
            .map(|(i, c)| {
                let n = c.numbers(question);
                (if or { n.pn } else { n.dn }, i)
            })
            .collect();
        open.sort_unstable();
        let jobs = self.config.jobs.min(open.len());
        let next = open.get(jobs).map_or(INFINITY, |&(least, _)| {
            least.saturating_add(1).max(least.saturating_mul(WIDEN))
        });
        let bound = if or {
            Numbers {
                pn: next,
                dn: INFINITY,
            }
        } else {
            Numbers {
                pn: INFINITY,
                dn: next,
            }
        };
        for child in &mut self.children {
            child.in_round = false;
        }
        for &(_, i) in &open[..jobs] {
            let child = &mut self.children[i];
            child.in_round = true;
            child.done = 0;
            child.finished = false;
            child.bound = bound;
        }
        !open.is_empty()
    }

    /// The verdict the children's settle, if they do.
    fn settled(&self) -> Verdict {
        let (wins, loses) = if self.or() {
            (Verdict::Proved, Verdict::Disproved)
        } else {
            (Verdict::Disproved, Verdict::Proved)
        };
        let verdicts = || self.children.iter().map(|c| c.verdict(self.question));
        if verdicts().any(|v| v == wins) {
            wins
        } else if verdicts().all(|v| v == loses) {
            loses
        } else {
            Verdict::Out
        }
    }

    /// The verdict so far.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// The counters so far: the root (one position, its children created) and the children's
    /// positions and tables added up, the time of this search's steps.
    #[must_use]
    pub fn stats(&self) -> Stats {
        let root = Stats {
            iterations: 1,
            nodes_expanded: 1,
            nodes_created: self.children.len() as u64,
            ..Stats::default()
        };
        let mut stats = self
            .children
            .iter()
            .map(Child::stats)
            .fold(root, |mut sum, s| {
                sum.iterations += s.iterations;
                sum.nodes_expanded += s.nodes_expanded;
                sum.nodes_created += s.nodes_created;
                sum.peak_nodes += s.peak_nodes;
                sum.bytes_per_node = s.bytes_per_node.max(sum.bytes_per_node);
                sum
            });
        stats.seconds = self.seconds;
        stats.stopped_by = self.stopped_by;
        stats
    }

    /// The root's proof and disproof numbers from its children's.
    #[must_use]
    pub fn root_numbers(&self) -> Numbers {
        if self.children.is_empty() {
            return super::settled(
                self.question,
                &self.root,
                Numbers::PROVEN,
                Numbers::DISPROVEN,
            );
        }
        let numbers: Vec<Numbers> = self
            .children
            .iter()
            .map(|c| c.numbers(self.question))
            .collect();
        Numbers::of_children(self.or(), &numbers)
    }

    /// At a root where the root player moves: the child with the least proof number (a
    /// proved one once the root is proved), first in move order on ties; `None` where the
    /// opponent or chance moves.
    #[must_use]
    pub fn best_move(&self) -> Option<G::Move> {
        if !self.or() {
            return None;
        }
        self.children
            .iter()
            .min_by_key(|c| c.numbers(self.question).pn)
            .map(|c| c.mv)
    }
}

/// How far each of the children capped at `caps` has searched once `total` positions were
/// handed out one at a time to each child in turn, skipping those at their cap: the level
/// every child reaches (or its cap), one more for the first ones past it.
fn fill(caps: &[u64], total: u64) -> Vec<u64> {
    let upto = |level: u64| caps.iter().map(|&c| c.min(level)).sum::<u64>();
    if total >= caps.iter().sum() {
        return caps.to_vec();
    }
    let (mut low, mut high) = (0, caps.iter().copied().max().unwrap_or(0));
    while low < high {
        let mid = low + (high - low).div_ceil(2);
        if upto(mid) <= total {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    let mut extra = total - upto(low);
    caps.iter()
        .map(|&cap| {
            let mut got = cap.min(low);
            if cap > low && extra > 0 {
                got += 1;
                extra -= 1;
            }
            got
        })
        .collect()
}

/// The threads the engine may use ([`crate::core::threads::allowed`]); one in the plain wasm
/// package, which has none.
fn allowed_threads() -> usize {
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    return crate::core::threads::allowed();
    #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
    1
}

/// Job-level df-pn in the catalogue.
pub struct JobDfPnSearch;

impl SearchKind for JobDfPnSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "dfpn-jobs",
        title: "job-level df-pn",
        help: "Job-level df-pn: the root's most-proving moves searched side by side each round, each by its own df-pn, on threads (Wu et al. 2010's job-level proof-number search over Nagai's df-pn)",
        family: Family::Exact,
        capabilities: super::CAPABILITIES,
        params: &[BATCH],
        explain: Explain {
            pseudocode: &[],
            summary: "The root's moves are jobs: each child is solved by its own df-pn (its own share of the memory as its table), and each round the `batch` (2 by default) most-proving children search 4,096 more positions each, side by side on threads. The root's numbers follow the proof-number rules over its children's. The threads change only the time: the same jobs give the same positions searched on one thread or many. proved and disproved are proofs.",
            values: &[PN, DN],
            formulas: &[
                "a child: its df-pn's root numbers (pn = dn = 1 before it is first searched)",
                "OR root: pn = min over children pn_i; dn = Σ dn_i; AND (and chance) root: pn = Σ pn_i; dn = min over children dn_i",
                "a round: the batch of open children with the least pn (OR root) or dn (AND root), first in move order on ties, each searching 4,096 positions (fewer once resolved)",
                "after a round: proved if a child of an OR root is proved or every child of an AND root is; disproved in the mirror cases",
            ],
            selection: "Round by round: the most-proving children of the root (as df-pn's MID would enter them), each advanced by its own df-pn, which takes up its stopped calls where they were.",
            params: "batch: the children a round searches (2 by default); they run on as many threads as the engine may use (every core natively; the page's thread setting), which changes only the time. θ, pr and playouts do not apply. The node limit counts positions searched over all children.",
            source: "Wu, Lin, Lin, Chen and Yen, Job-level proof-number search for Connect6 (CG 2010), with Nagai's df-pn (2002) as the job solver; the PPNS dissertation's reference [44] (Pawlewicz and Hayward, scalable parallel df-pn, 2013) shares one table instead.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let jobs = params.integer(&BATCH) as usize;
        let config = JobsConfig {
            jobs,
            table_bytes: params
                .limits()
                .table_bytes(JobsConfig::default().table_bytes),
            // As many as the engine allows when each step starts (the page's setting may change).
            threads: usize::MAX,
        };
        CountedSession::boxed(&Self::INFO, JobDfPn::new(&root, question, config), params)
    }
}

impl<G: Catalogued> CountedProofSearch for JobDfPn<G> {
    fn stats(&self) -> Stats {
        JobDfPn::stats(self)
    }

    fn step(&mut self, limits: &Limits) -> Verdict {
        JobDfPn::step(self, limits)
    }

    fn root_numbers(&self) -> Numbers {
        JobDfPn::root_numbers(self)
    }

    fn best_move_text(&self) -> Option<String> {
        Some(self.root.format_move(self.best_move()?))
    }

    fn question_words(&self) -> String {
        self.question.words(&self.root)
    }

    fn threads(&self) -> usize {
        self.config.jobs.min(allowed_threads())
    }
}

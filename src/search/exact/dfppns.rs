//! df-PPNS: a depth-first probability-based proof-number search of our design, with the
//! memory of df-pn. The PPNS paper (§6) and the dissertation name a depth-first PPNS as
//! future work; this is one. PPNS's numbers (the paper's §3.1: playout-valued leaves,
//! OR `1 − Π (1 − ppn_i)`, AND `Π ppn_i`) are searched the way df-pn ([`super::dfpn`])
//! searches proof numbers: `MID(n, thresholds)` stays below a node until it leaves a window,
//! and the values live only in a fixed transposition table ([`super::table::Table`]), so
//! memory is bounded however long the search runs.
//!
//! **Thresholds on a log transform.** Each node keeps `P = −ln ppn` and `D = −ln (1 − ppn)`
//! (both ≥ 0; P = 0 when proven, D = 0 when disproven). Why logs and not the probabilities:
//! (1) under them PPNS's rules become df-pn's: at an AND node `P = Σ P_i` (a product of
//! probabilities), at an OR node `D = Σ D_i`, so the "sum" thresholds are df-pn's own
//! `th(c) = th − sum + value(c)`, exact; (2) both ends stay precise: a ppn of 1 − 10⁻²⁰ is D
//! = 46, where the probability itself has rounded to 1 (the paper's prolonged search; the
//! other side is computed as `−ln(−expm1(−x))`, without cancellation). A window on the
//! probability, `ppn ∈ (e^−thP, 1 − e^−thD)`, is a pair of thresholds (thP, thD) on P and D.
//!
//! **MID(n, thP, thD)** searches n until `P(n) ≥ thP` or `D(n) ≥ thD` or n is resolved. At
//! an OR node it enters the unresolved child with the least P (the greatest ppn, PPNS's
//! choice), first in move order on ties, with
//!
//! ```text
//! thD(c) = thD − D(n) + D(c)                         (D sums at OR: exact)
//! thP(c) = min( the P(c) at which P(n) reaches thP, the others fixed,
//!               softplus(γ − L₂) )                   L₂ = D₂ − P₂, the runner-up's log-odds
//! ```
//!
//! The second term is df-pn's "until another child is better (+1)": the child is left when
//! its odds of the goal, ppn/(1 − ppn), fall below the runner-up's by the factor e^γ, γ =
//! ln 2 (odds, not probabilities, so the margin means the same near 0 and near 1; some margin
//! is needed with real numbers, or the search would switch back and forth on every
//! expansion). AND nodes are the mirror image: the least D (the least ppn), `thP(c) = thP −
//! P(n) + P(c)`, and the child is left when its odds rise above the runner-up's by e^γ. The
//! root is searched with thP = thD = −ln pr (∞ without pr): it returns exactly when PPNS's
//! Algorithm 6 would stop — `ppn ≥ 1 − pr` (D ≥ −ln pr) or `ppn ≤ pr` — or on a proof.
//!
//! **Leaves** are PPNS's: when MID first enters a node it creates every child; a finished
//! game is proven or disproven, any other child not in the table gets the θ-clamped rate of
//! K random playouts ([`Sampler`]) and is stored. A node entered again (its entry says
//! expanded) searches at least one child before testing its thresholds, so every call does
//! new work even where rounding puts a child on its threshold.
//!
//! **Verdicts** are PPNS's words: `proved`/`disproved` only from exact status, propagated
//! beside the values (an OR node with a proven child, an AND node with all children proven;
//! P = 0 from rounding is never a proof), `concluded-win`/`concluded-loss` when the root
//! leaves the pr window short of a proof, `out` at a limit. Lost table entries cost time
//! and playouts, never correctness of a proof.
//!
//! Counters: `iterations` = `nodes_expanded` = positions searched (MID calls),
//! `nodes_created` = children generated, `playouts`, `peak_nodes` = table entries in use.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Verdict, catalogue, params::{PLAYOUTS, Params}};
//! let pos = TicTacToe::parse_position(&(), "").unwrap();
//! let params = Params::default().with_goal(Goal::NotLose).with(&PLAYOUTS, Some(10.0));
//! let mut search = catalogue::start("dfppns", pos, &params).unwrap();
//! assert_eq!(search.run(), Verdict::Proved); // tic-tac-toe is a draw
//! ```

use super::StepEnd;
use super::table::Table;
use crate::game::catalogue::Catalogued;
use crate::game::{Game, MoveBuffer, MoveList, Turn};
use crate::search::bestfirst::playout::Sampler;
use crate::search::family::{Capabilities, Explain, Family, ONE_MINUS_PPN, PPN, SearchInfo};
use crate::search::params::{PLAYOUTS, PR, Params, THETA};
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Session};
use crate::search::session_core::SessionCore;
use crate::search::view::Values;
use crate::search::{Clock, Limit, Limits, MAX_PLIES, Question, Stats, Stop, Verdict};

/// The odds margin γ = ln 2 of the child thresholds (module header).
const GAMMA: f64 = std::f64::consts::LN_2;

/// A node's exact status, kept beside its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Unknown,
    Proven,
    Disproven,
}

/// One table entry: `P = −ln ppn`, `D = −ln (1 − ppn)`, the exact status, and whether the
/// node's children have been created.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    p: f64,
    d: f64,
    status: Status,
    expanded: bool,
}

impl Entry {
    const PROVEN: Entry = Entry {
        p: 0.0,
        d: f64::INFINITY,
        status: Status::Proven,
        expanded: false,
    };
    const DISPROVEN: Entry = Entry {
        p: f64::INFINITY,
        d: 0.0,
        status: Status::Disproven,
        expanded: false,
    };

    /// An unresolved node of probability `e^−p` (and `1 − e^−p = e^−d`).
    fn unknown(p: f64, d: f64) -> Entry {
        // Kept strictly inside (0, ∞): only the status may say resolved.
        let inside = |x: f64| x.clamp(f64::MIN_POSITIVE, f64::MAX);
        Entry {
            p: inside(p),
            d: inside(d),
            status: Status::Unknown,
            expanded: false,
        }
    }

    fn resolved(&self) -> bool {
        self.status != Status::Unknown
    }

    /// The log-odds `ln(ppn / (1 − ppn)) = D − P`.
    fn log_odds(&self) -> f64 {
        self.d - self.p
    }
}

/// `−ln(1 − e^−x)`: the other side's log value (P from D, or D from P), without
/// cancellation.
fn other_side(x: f64) -> f64 {
    -(-(-x).exp_m1()).ln()
}

/// `ln(1 + e^x)`, stable for large `x`.
fn softplus(x: f64) -> f64 {
    if x > 30.0 { x } else { x.exp().ln_1p() }
}

/// Settings of a [`DfPpns`] search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfPpnsConfig {
    /// Random playouts per new leaf (K).
    pub playouts: u32,
    /// The clamp θ of a leaf whose playouts all agree.
    pub theta: f64,
    /// The precision rate: conclude when the root's ppn is within `pr` of 1 or 0.
    pub pr: Option<f64>,
    /// Bytes of the transposition table.
    pub table_bytes: usize,
    /// The seed of the playouts.
    pub seed: u64,
}

/// A df-PPNS search of one root position; resumable like df-pn.
#[derive(Debug)]
pub struct DfPpns<G: Game> {
    root: G,
    question: Question,
    config: DfPpnsConfig,
    table: Table<G::Key, Entry>,
    sampler: Sampler,
    verdict: Verdict,
    stats: Stats,
    /// Where the current step must stop.
    end: StepEnd,
    clock: Clock,
    /// Whether a line reached [`MAX_PLIES`] (the search then ends `out` for its depth).
    too_deep: bool,
}

impl<G: Game> DfPpns<G> {
    /// A search of `root` for `question`.
    #[must_use]
    pub fn new(root: &G, question: Question, config: DfPpnsConfig) -> Self {
        DfPpns {
            root: root.clone(),
            question,
            config,
            table: Table::with_bytes(config.table_bytes),
            sampler: Sampler::new(question, config.seed),
            verdict: Verdict::Out,
            stats: Stats {
                bytes_per_node: Table::<G::Key, Entry>::bytes_per_slot() as u64,
                ..Stats::default()
            },
            end: StepEnd::default(),
            clock: Clock::start(),
            too_deep: false,
        }
    }

    /// Searches until a verdict or a limit of `limits` (counted from this call); returns
    /// the verdict so far ([`Verdict::Out`] while undecided).
    pub fn step(&mut self, limits: &Limits) -> Verdict {
        if self.verdict != Verdict::Out {
            return self.verdict;
        }
        self.end = StepEnd::within(limits, &self.stats);
        self.clock = Clock::start();
        let window = self.config.pr.map_or(f64::INFINITY, |pr| -pr.ln());
        let root = self.root.clone();
        let entry = match root.turn() {
            Turn::Over => Ok(self.terminal(&root)),
            _ => self.mid(&root, window, window, 0),
        };
        if entry.is_err() && self.too_deep {
            self.stats.stopped_by = Some(Limit::Depth);
        }
        self.verdict = match entry {
            Ok(e) if e.status == Status::Proven => Verdict::Proved,
            Ok(e) if e.status == Status::Disproven => Verdict::Disproved,
            Ok(e) if e.d >= window => Verdict::ConcludedWin,
            Ok(e) if e.p >= window => Verdict::ConcludedLoss,
            _ => Verdict::Out,
        };
        self.stats.seconds += self.clock.seconds();
        self.stats.playouts = self.sampler.playouts();
        self.stats.peak_nodes = self.stats.peak_nodes.max(self.table.occupied() as u64);
        self.verdict
    }

    /// The counters so far.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The root's ppn and `1 − ppn` (both precise), `None` before the first step.
    #[must_use]
    pub fn root_probability(&self) -> Option<(f64, f64)> {
        let entry = self.lookup(&self.root)?;
        Some(((-entry.p).exp(), (-entry.d).exp()))
    }

    /// At a root where the root player moves: a proven child, else the child with the
    /// greatest ppn (first in move order on ties).
    #[must_use]
    pub fn best_move(&self) -> Option<G::Move> {
        if !super::is_or(self.question, &self.root) {
            return None;
        }
        super::least_child(&self.root, |child| {
            self.lookup(child).map_or(f64::INFINITY, |e| e.p)
        })
    }

    /// The entry of a finished game.
    fn terminal(&self, pos: &G) -> Entry {
        super::settled(self.question, pos, Entry::PROVEN, Entry::DISPROVEN)
    }

    /// What is known of `pos` without playouts: its result if finished, else its entry.
    fn lookup(&self, pos: &G) -> Option<Entry> {
        if pos.turn() == Turn::Over {
            Some(self.terminal(pos))
        } else {
            self.table.get(&pos.key()).copied()
        }
    }

    /// A child's entry: known, or valued now by playouts (and stored).
    fn child_entry(&mut self, child: &G) -> Entry {
        if let Some(entry) = self.lookup(child) {
            return entry;
        }
        let estimate = self
            .sampler
            .estimate(child, self.config.playouts, self.config.theta);
        let entry = Entry::unknown(-estimate.p.ln(), -estimate.q.ln());
        self.table.store(child.key(), entry, 0);
        entry
    }

    /// Counts one more position searched.
    fn count_node(&mut self) -> Result<(), Stop> {
        self.end
            .count(&mut self.stats, || Some(self.clock.seconds()))
    }

    /// [`Stop`] once the time limit has passed. Read at every position and every child
    /// valued: a child costs its playouts, so one position with many children (Gomoku's
    /// 225) can outlast a page's slice by itself.
    fn check_clock(&self) -> Result<(), Stop> {
        self.end.time_up(|| Some(self.clock.seconds()))
    }

    /// Searches the unfinished position `pos`, `ply` moves below the root, until `P ≥ th_p`,
    /// `D ≥ th_d` or a proof, stores its entry and returns it. A line longer than
    /// [`MAX_PLIES`] stops the search (its recursion must fit a wasm stack).
    fn mid(&mut self, pos: &G, th_p: f64, th_d: f64, ply: u32) -> Result<Entry, Stop> {
        // Only a resolved entry returns at once: an unresolved one is searched, so every
        // call does new work (the caller entered it because it was inside its window).
        let known = self.table.get(&pos.key()).copied();
        if let Some(known) = known.filter(Entry::resolved) {
            return Ok(known);
        }
        self.count_node()?;
        let nodes_before = self.stats.nodes_expanded;
        // A node expanded before must search a child before it may stop (progress).
        let mut must_search = known.is_some_and(|k| k.expanded);
        let is_or = super::is_or(self.question, pos);
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let mut children = G::List::<Entry>::default();
        for &mv in moves.iter() {
            // Stopped here, the children valued so far are in the table for the next step.
            self.check_clock()?;
            let mut child = pos.clone();
            child.play(mv);
            self.stats.nodes_created += 1;
            children.push(self.child_entry(&child));
        }
        loop {
            let entry = combine(is_or, &children);
            if entry.resolved() || (!must_search && (entry.p >= th_p || entry.d >= th_d)) {
                self.store(pos, entry, nodes_before);
                return Ok(entry);
            }
            must_search = false;
            let (best, th_p_child, th_d_child) = select(is_or, &children, &entry, th_p, th_d);
            let mut child = pos.clone();
            child.play(moves[best]);
            if ply + 1 >= MAX_PLIES {
                self.too_deep = true;
                self.store(pos, entry, nodes_before);
                return Err(Stop);
            }
            match self.mid(&child, th_p_child, th_d_child, ply + 1) {
                Ok(child_entry) => children[best] = child_entry,
                Err(Stop) => {
                    self.store(pos, entry, nodes_before);
                    return Err(Stop);
                }
            }
        }
    }

    fn store(&mut self, pos: &G, entry: Entry, nodes_before: u64) {
        let work = self.stats.nodes_expanded - nodes_before + 1;
        let entry = Entry {
            expanded: true,
            ..entry
        };
        self.table
            .store(pos.key(), entry, u32::try_from(work).unwrap_or(u32::MAX));
    }
}

/// A node's entry from its children's: PPNS's OR/AND rules in logs, with exact status.
fn combine(is_or: bool, children: &[Entry]) -> Entry {
    // At an OR node D sums and a proven child decides; at an AND node P sums and a
    // disproven child decides.
    let (decides, all) = if is_or {
        (Status::Proven, Status::Disproven)
    } else {
        (Status::Disproven, Status::Proven)
    };
    if children.iter().any(|c| c.status == decides) {
        return if is_or {
            Entry::PROVEN
        } else {
            Entry::DISPROVEN
        };
    }
    if children.iter().all(|c| c.status == all) {
        return if is_or {
            Entry::DISPROVEN
        } else {
            Entry::PROVEN
        };
    }
    let sum: f64 = children.iter().map(|c| if is_or { c.d } else { c.p }).sum();
    if is_or {
        Entry::unknown(other_side(sum), sum)
    } else {
        Entry::unknown(sum, other_side(sum))
    }
}

/// The child to search at an unresolved node `entry` with thresholds (`th_p`, `th_d`), and
/// its thresholds (module header).
fn select(
    is_or: bool,
    children: &[Entry],
    entry: &Entry,
    th_p: f64,
    th_d: f64,
) -> (usize, f64, f64) {
    // OR: the least P; AND: the least D. In both, the runner-up's log-odds bounds the stay.
    let key = |c: &Entry| if is_or { c.p } else { c.d };
    let least = |skip: Option<usize>| {
        let mut found: Option<usize> = None;
        for (index, child) in children.iter().enumerate() {
            if child.resolved() || Some(index) == skip {
                continue;
            }
            if found.is_none_or(|f| key(child) < key(&children[f])) {
                found = Some(index);
            }
        }
        found
    };
    let best = least(None);
    let second = least(best);
    let best = best.expect("an unresolved node has an unresolved child");
    let c = children[best];
    // The summed side: df-pn's rule, exact in logs.
    let (th_sum, node_sum, child_sum) = if is_or {
        (th_d, entry.d, c.d)
    } else {
        (th_p, entry.p, c.p)
    };
    let sum_child = th_sum - node_sum + child_sum;
    // The other side: where the node would reach its threshold through this child alone…
    let th_other = if is_or { th_p } else { th_d };
    let limit = other_side(th_other) - (node_sum - child_sum);
    let through_parent = if limit > 0.0 {
        other_side(limit)
    } else {
        f64::INFINITY
    };
    // …or where the runner-up becomes better by the odds margin.
    let switch = second.map_or(f64::INFINITY, |s| {
        let odds = children[s].log_odds();
        if is_or {
            softplus(GAMMA - odds)
        } else {
            softplus(odds + GAMMA)
        }
    });
    let other_child = through_parent.min(switch);
    if is_or {
        (best, other_child, sum_child)
    } else {
        (best, sum_child, other_child)
    }
}

/// df-PPNS's capabilities: a depth-first search with playouts and statistical conclusions,
/// no tree to draw.
const CAPABILITIES: Capabilities = Capabilities {
    exact: false,
    playouts: true,
    ..super::CAPABILITIES
};

/// df-PPNS in the catalogue.
pub struct DfPpnsSearch;

impl SearchKind for DfPpnsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "dfppns",
        title: "df-PPNS",
        help: "a depth-first PPNS of our design: PPNS's numbers under df-pn's thresholds, in logs, in a 16 MiB table",
        family: Family::Exact,
        capabilities: CAPABILITIES,
        params: &[THETA, PR, PLAYOUTS],
        explain: Explain {
            pseudocode: &[],
            summary: "df-PPNS searches PPNS's probabilities the way df-pn searches proof numbers: depth-first, staying below a node while its probability stays inside a window, with every value only in a fixed 16 MiB transposition table, so memory does not grow with the search. Values are kept as logarithms, P = −ln ppn and D = −ln(1 − ppn), which turn PPNS's products into df-pn's sums and stay precise near 0 and 1. proved and disproved come only from exact status (finished games propagated by the AND/OR rules); concluded-win and concluded-loss are statistical, as in PPNS. It keeps no tree to draw; one iteration is one position searched.",
            values: &[PPN, ONE_MINUS_PPN],
            formulas: &[
                "a finished game: ppn = 1 (P = 0, D = ∞) if it meets the goal, else 0",
                "a new leaf: ppn = R, the share of its K random playouts that reach the goal; R = 1 → 1 − θ, R = 0 → θ",
                "OR node: 1 − ppn = Π (1 − ppn_i), i.e. D = Σ D_i; AND node: ppn = Π ppn_i, i.e. P = Σ P_i",
                "OR child c (least P): thD(c) = thD − D + D(c); thP(c) = min(the P(c) that brings P to thP, softplus(ln 2 − L₂)), L₂ = the runner-up's ln(ppn/(1 − ppn)); AND mirrors it",
                "root: thP = thD = −ln pr (∞ without pr): it stops at ppn ≤ pr (concluded-loss), ppn ≥ 1 − pr (concluded-win) or a proof",
            ],
            selection: "MID(n, thP, thD) searches n until P(n) ≥ thP or D(n) ≥ thD or n is resolved: at an OR node it enters the child with the greatest ppn (least P), at an AND node the least ppn (least D), first in move order on ties, and leaves it when the window is left or another child's odds become better by a factor 2. Entering a node for the first time creates all its children and values each new one by playouts.",
            params: "playouts: K per new leaf. θ: the clamp of a leaf whose playouts all agree. pr (optional): the root's window, as in PPNS's Algorithm 6. The seed fixes the playouts. The node limit counts positions searched; a step of N resumes from the root, the table leading back.",
            source: "Our design (the PPNS paper's future work, §6): the PPN rules of Primanita, Khalid and Iida (Information 11(5), 2020, §3.1, Algorithm 6) under the thresholds of Nagai's df-pn (2002), with the values in logarithms.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let config = DfPpnsConfig {
            playouts: params.integer(&PLAYOUTS) as u32,
            theta: params.real(&THETA),
            pr: params.optional(&PR),
            table_bytes: params.limits().table_bytes(16 << 20),
            seed: params.seed(),
        };
        Box::new(DfPpnsSession {
            search: DfPpns::new(&root, question, config),
            core: SessionCore::new(&Self::INFO, question.words(&root), params.limits()),
        })
    }
}

/// A df-PPNS search driven as a [`Session`].
struct DfPpnsSession<G: Game> {
    search: DfPpns<G>,
    core: SessionCore,
}

impl<G: Game> Session for DfPpnsSession<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        let finished =
            self.core
                .run
                .step_counted(budget, &mut self.search, DfPpns::stats, DfPpns::step);
        // The run stops at exact verdicts by itself; a conclusion stops it too.
        if finished.is_none() && self.search.verdict.claim().is_some() {
            self.core.run.finished = Some(self.search.verdict);
        }
        self.core.run.finished
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn root_value(&self) -> Option<Values> {
        let (ppn, one_minus_ppn) = self.search.root_probability()?;
        Some(Values::Probability { ppn, one_minus_ppn })
    }

    fn best_move(&self) -> Option<String> {
        let mv = self.search.best_move()?;
        Some(self.search.root.format_move(mv))
    }
}

//! df-pn: depth-first proof-number search (Nagai 2002), the memory-lean exact solver.
//!
//! df-pn answers the same question as proof-number search (SPEC.md §3: does the root player
//! reach the goal?) with the same proof and disproof numbers, but walks the tree depth-first
//! and keeps the numbers only in a fixed-size transposition table, so its memory does not
//! grow with the search.
//!
//! **Node types** follow who acts, never the depth: OR where the root player is to move, AND
//! where the opponent is to move or chance acts (for 2048 a spawn is an AND node: the
//! objective must be reached whatever spawns). A pass is an ordinary move. A finished game is
//! proven (pn = 0, dn = ∞) if its outcome meets the goal for the root player, else disproven
//! (pn = ∞, dn = 0). A position not yet searched counts as pn = dn = 1.
//!
//! **The rules**, at an OR node: pn = min over children, dn = sum; at an AND node pn = sum,
//! dn = min. `MID(n, th_pn, th_dn)` searches `n` until pn(n) ≥ th_pn or dn(n) ≥ th_dn. It
//! picks the child `c` with the least pn (OR) or dn (AND), earliest in the game's move order
//! on ties, and gives it the thresholds (OR node; AND is the mirror image)
//!
//! ```text
//! th_pn(c) = min(th_pn, pn₂ + 1)          pn₂ = the second-least child pn
//! th_dn(c) = th_dn − dn(n) + dn(c)
//! ```
//!
//! so it returns as soon as another child becomes more proving or the parent's threshold is
//! reached. The root is searched with infinite thresholds, which only a proof or disproof
//! meets. With [`DfPnConfig::epsilon`] > 0 the *1 + ε trick* (Pawlewicz & Lew 2007) widens
//! the first threshold to `max(pn₂ + 1, ⌈pn₂ · (1 + ε)⌉)`, so the search stays longer in one
//! subtree instead of switching back and forth.
//!
//! **Children's numbers** are read from the table once when `MID` enters a node and then
//! kept in a local list that each returning child call updates. So a child whose table
//! entry was overwritten cannot make the search loop forever re-entering it with the same
//! numbers (the classic failure of df-pn with a small table).
//!
//! **Transposition table.** A fixed-size [`Table`] allocated once, keyed by the exact
//! position ([`Game::Key`]), holding (pn, dn). Replacement is two-tier per bucket (see
//! [`crate::search::exact::table`]): one slot keeps the entry with the larger subtree (positions
//! visited to compute it, the usual "keep the expensive one" rule), the other always takes
//! the newest entry. Lost entries only cost time: a lost position is searched again from
//! pn = dn = 1, and proven or disproven results are never wrong.
//!
//! **Transpositions.** The games it accepts are acyclic, so there is no graph-history
//! interaction: a position's value does not depend on the path to it, and keying by position
//! is exact. Where a rule reads the history (the repetitions of [`crate::game::tree`]'s
//! graphs), the game's key holds what the rule reads, and stays exact. The parameter
//! [`GHI`] (`ghi=naive`, [`DfPn::keyed_by_position`]) keys the table by [`Game::position_key`]
//! instead, the position alone: the naive table of Hsu's slides on the graph-history
//! interaction, kept to show its wrong answer (the GHI lesson); the default `ghi=path` is
//! the fix, a key with the line's part that matters, as the slides' "store the path". Games whose positions repeat (MiniShogi) it refuses (`acyclic_only`): keyed
//! without the move number, a cycle would make stored proofs and disproofs depend on the path
//! (the graph-history interaction of Hsu's slides); keyed with it, as MiniShogi's exact key
//! is, every disproof would have to run each cycle out to the 2,500-move limit, with a
//! recursion that deep. In a
//! DAG, though, the sums double-count: a position reachable along two paths adds its numbers
//! into an ancestor twice, so pn and dn overestimate the true work (Allis; Kishimoto et al.
//! 2012). This only misguides which node is searched next; verdicts stay exact. We do not
//! correct for it.
//!
//! The search is resumable: [`DfPn::step`] runs within a budget and returns, keeping the
//! table and the `MID` calls it stopped (each one's moves and children's numbers); the next
//! call takes them up where they were, so a run in steps of any size, even of one position,
//! searches the positions of one uninterrupted run, in its order. (The numbers of the
//! stopped calls are also stored on the way out, so the root's numbers and best move are
//! current between steps.)
//!
//! Counters: `iterations` = `nodes_expanded` = positions searched (`MID` calls),
//! `nodes_created` = children generated, `peak_nodes` = table entries in use. Limits:
//! `max_nodes` and `max_iterations` both bound positions searched, per call.
//!
//! ```
//! use pnplay::game::{Game, Player, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Limits, Question, Verdict};
//! use pnplay::search::exact::dfpn::{DfPn, DfPnConfig};
//!
//! let start = TicTacToe::start(&());
//! let win = Question { root_player: Player::First, goal: Goal::Win };
//! let (verdict, _) = DfPn::new(&start, win, DfPnConfig::default()).solve(&Limits::default());
//! assert_eq!(verdict, Verdict::Disproved); // no forced win from the start
//! let draw = Question { root_player: Player::First, goal: Goal::NotLose };
//! let mut search = DfPn::new(&start, draw, DfPnConfig::default());
//! let budget = Limits { max_nodes: Some(50), ..Limits::default() };
//! let mut verdict = search.step(&budget);
//! while verdict == Verdict::Out {
//!     verdict = search.step(&budget); // resumes where it stopped
//! }
//! assert_eq!(verdict, Verdict::Proved);
//! ```

use super::StepEnd;
use super::table::Table;
use crate::game::catalogue::Catalogued;
use crate::game::knowledge::{Knowledge, MoveOrdering, order_moves, proof_numbers};
use crate::game::{Game, MoveBuffer, MoveList, Turn};
use crate::search::family::{self, DN, Explain, Family, PN, SearchInfo};
use crate::search::params::{ParamSpec, Params};
use crate::search::pseudocode::{Line, Phase, line, plain};
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Session};
use crate::search::session_core::SessionCore;
use crate::search::threshold_log::{ChildNumbers, RootChildren, ThresholdLog};
use crate::search::view::{Values, shown_number};
use crate::search::{Limit, Limits, MAX_PLIES, Question, Stats, Stop, Verdict, clock::Ticker};

/// Infinity: a proof number of a disproven node, or a disproof number of a proven one.
pub const INFINITY: u32 = u32::MAX;

/// The proof and disproof numbers of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// Proof number: how many more leaves must be proven, at least, to prove it.
    pub pn: u32,
    /// Disproof number: the same for a disproof.
    pub dn: u32,
}

impl Numbers {
    /// `(pn, dn)`.
    #[must_use]
    pub fn pair(self) -> (u32, u32) {
        (self.pn, self.dn)
    }

    /// The numbers as shown to users ([`INFINITY`] becomes `f64::INFINITY`).
    #[must_use]
    pub fn values(self) -> Values {
        Values::ProofNumbers {
            pn: shown_number(self.pn),
            dn: shown_number(self.dn),
        }
    }

    /// A position not searched yet.
    pub const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1 };
    /// The root's thresholds: only a proof or a disproof meets them.
    pub const UNBOUNDED: Numbers = Numbers {
        pn: INFINITY,
        dn: INFINITY,
    };
    /// A proven position.
    pub const PROVEN: Numbers = Numbers {
        pn: 0,
        dn: INFINITY,
    };
    /// A disproven position.
    pub const DISPROVEN: Numbers = Numbers {
        pn: INFINITY,
        dn: 0,
    };
}

/// Settings of a [`DfPn`] search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfPnConfig {
    /// Bytes of the transposition table, allocated once when the search is created.
    pub table_bytes: usize,
    /// The ε of the 1 + ε trick; 0 is Nagai's original df-pn.
    pub epsilon: f64,
}

impl Default for DfPnConfig {
    /// A 16 MiB table, no 1 + ε trick.
    fn default() -> Self {
        DfPnConfig {
            table_bytes: 16 << 20,
            epsilon: 0.0,
        }
    }
}

impl DfPnConfig {
    /// The default settings with the table sized within the memory limit of `params`
    /// ([`Limits::table_bytes`](crate::search::Limits::table_bytes)).
    #[must_use]
    pub fn within(params: &Params) -> Self {
        let default = DfPnConfig::default();
        DfPnConfig {
            table_bytes: params.limits().table_bytes(default.table_bytes),
            ..default
        }
    }
}

/// `ghi`: what df-pn's table is keyed by. `path` (the default) is the game's exact key,
/// which holds the part of the line a repetition rule reads; `naive` the position alone
/// ([`Game::position_key`]), the table of the graph-history interaction. The two differ only
/// in games whose rules read the history (textbook graphs with `^` references).
pub const GHI: ParamSpec = ParamSpec::choice(
    "ghi",
    "GHI",
    "df-pn: its table's key where repetitions make a value depend on the path (textbook graphs with ^): path = the position with the nodes on the line (exact), naive = the position alone (the graph-history interaction's wrong answers)",
    &["path", "naive"],
);

/// `epsilon`: the ε of the 1 + ε trick (Pawlewicz & Lew 2007) for the catalogue's `dfpn`; 0,
/// the default, is Nagai's df-pn as before. The first threshold of the most-proving child
/// becomes `max(pn₂ + 1, ⌈pn₂ · (1 + ε)⌉)`, so the search stays longer in one subtree
/// instead of see-sawing between two.
pub const EPSILON: ParamSpec = ParamSpec {
    default: Some(0.0),
    min: Some(0.0),
    max: Some(10.0),
    ..ParamSpec::real(
        "epsilon",
        "ε",
        "df-pn: the ε of the 1 + ε trick, a child's first threshold max(pn₂ + 1, ⌈pn₂·(1 + ε)⌉); 0: Nagai's df-pn",
    )
};

/// A game's knowledge as df-pn uses it ([`DfPn::with_knowledge`]): its move ordering, which
/// orders each node's children once (so ties go to the move the game ranks first), and its
/// initial numbers for positions not searched yet ([`Knowledge::initial_numbers`]).
struct Guide<G: Game> {
    ordering: Box<dyn MoveOrdering<G> + Send>,
    initial: fn(&G) -> (u32, u32),
}

impl<G: Game> std::fmt::Debug for Guide<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Guide")
    }
}

/// Where a `MID` call stood when a limit stopped the search: its moves, its children's
/// numbers as it last knew them and the positions searched before it, so the next step takes
/// its loop up again instead of searching it anew.
#[derive(Debug)]
struct Frame<G: Game> {
    moves: MoveList<G>,
    children: G::List<Numbers>,
    nodes_before: u64,
}

/// A df-pn search of one root position for one question; resumable.
#[derive(Debug)]
pub struct DfPn<G: Game> {
    root: G,
    question: Question,
    epsilon: f64,
    /// Whether the table is keyed by [`Game::position_key`] ([`DfPn::keyed_by_position`]).
    naive: bool,
    /// The game's knowledge, if the search uses it (`dfpn-k`); `None` is Nagai's df-pn.
    guide: Option<Guide<G>>,
    table: Table<G::Key, Numbers>,
    verdict: Verdict,
    stats: Stats,
    /// Where the current step must stop.
    end: StepEnd,
    clock: Ticker,
    /// The root's entries into its children.
    log: ThresholdLog,
    /// The `MID` calls a limit stopped, the innermost first: the next step resumes them.
    resume: Vec<Frame<G>>,
    /// Whether a line reached [`MAX_PLIES`] (the search then ends `out` for its depth).
    too_deep: bool,
    /// The root's thresholds of the last step ([`DfPn::step_below`]).
    bound: Numbers,
}

impl<G: Game> DfPn<G> {
    /// A search of `root` for `question`, with its table allocated now.
    #[must_use]
    pub fn new(root: &G, question: Question, config: DfPnConfig) -> Self {
        let table = Table::with_bytes(config.table_bytes);
        DfPn {
            root: root.clone(),
            question,
            epsilon: config.epsilon.max(0.0),
            naive: false,
            guide: None,
            stats: Stats {
                bytes_per_node: Table::<G::Key, Numbers>::bytes_per_slot() as u64,
                ..Stats::default()
            },
            table,
            verdict: Verdict::Out,
            end: StepEnd::default(),
            clock: Ticker::start(),
            log: ThresholdLog::default(),
            resume: Vec::new(),
            too_deep: false,
            bound: Numbers::UNBOUNDED,
        }
    }

    /// A search of `root` for `question` guided by the game's [`Knowledge`]: children
    /// searched in the order of [`Knowledge::Ordering`] (first on ties), and positions not
    /// searched yet valued by [`Knowledge::initial_numbers`] instead of 1/1.
    #[must_use]
    pub fn with_knowledge(root: &G, question: Question, config: DfPnConfig) -> Self
    where
        G: Knowledge,
    {
        let mut search = DfPn::new(root, question, config);
        search.guide = Some(Guide {
            ordering: Box::new(G::Ordering::default()),
            initial: G::initial_numbers,
        });
        search
    }

    /// The same search with its table keyed by [`Game::position_key`], the position alone,
    /// instead of the exact [`Game::key`]: the naive table of the graph-history interaction
    /// ([`GHI`] `naive`), which can answer wrongly where a repetition rule reads the line.
    #[must_use]
    pub fn keyed_by_position(mut self) -> Self {
        self.naive = true;
        self
    }

    /// The search of catalogue parameters `params`: keyed as [`GHI`] says.
    fn keyed_as(self, params: &Params) -> Self {
        if params.choice(&GHI) == "naive" {
            self.keyed_by_position()
        } else {
            self
        }
    }

    /// Searches until the answer or a limit of `limits`, counted from the start of this
    /// call, and returns the verdict so far ([`Verdict::Out`] while unresolved). Once
    /// resolved, further calls return the same verdict at once.
    pub fn step(&mut self, limits: &Limits) -> Verdict {
        self.step_below(limits, Numbers::UNBOUNDED)
    }

    /// [`DfPn::step`] with the root searched only until its pn reaches `bound.pn` or its dn
    /// reaches `bound.dn` (the thresholds a parent's `MID` would give it; a job of
    /// [`super::jobs`]), so it may return [`Verdict::Out`] before a limit. Calls stopped
    /// under other bounds are searched anew from the root (the table keeps their numbers).
    pub fn step_below(&mut self, limits: &Limits, bound: Numbers) -> Verdict {
        if self.verdict != Verdict::Out {
            return self.verdict;
        }
        if bound != self.bound {
            // The stopped calls' loops were given thresholds derived from the old bounds.
            self.resume.clear();
            self.bound = bound;
        }
        self.end = StepEnd::within(limits, &self.stats);
        self.clock = Ticker::start();
        let root = self.root.clone();
        let numbers = match root.turn() {
            Turn::Over => Ok(self.terminal_numbers(&root)),
            _ => self.mid(&root, bound.pn, bound.dn, 0),
        };
        if numbers.is_err() && self.too_deep {
            self.stats.stopped_by = Some(Limit::Depth);
        }
        self.verdict = match numbers {
            Ok(n) if n.pn == 0 => Verdict::Proved,
            Ok(n) if n.dn == 0 => Verdict::Disproved,
            _ => Verdict::Out,
        };
        self.stats.seconds += self.clock.seconds();
        self.stats.peak_nodes = self.stats.peak_nodes.max(self.table.occupied() as u64);
        self.verdict
    }

    /// Searches from the start (or from where earlier steps stopped) until the answer or
    /// a limit, and returns the verdict and the counters.
    pub fn solve(&mut self, limits: &Limits) -> (Verdict, Stats) {
        let verdict = self.step(limits);
        (verdict, self.stats)
    }

    /// The verdict so far.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// The counters so far, over all steps.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The root's current proof and disproof numbers.
    #[must_use]
    pub fn root_numbers(&self) -> Numbers {
        self.lookup(&self.root)
    }

    /// Starts a fresh search of `root` (same question, same table, emptied in O(1)); the
    /// counters go on adding up. For searches made of a series of df-pn runs
    /// ([`super::mvpns`]), so they allocate the table once.
    pub fn restart(&mut self, root: &G) {
        self.root = root.clone();
        self.table.clear();
        self.verdict = Verdict::Out;
        self.log = ThresholdLog::default();
        self.resume.clear();
    }

    /// The root's entries into its children so far ([`ThresholdLog`]).
    #[must_use]
    pub fn threshold_log(&self) -> &ThresholdLog {
        &self.log
    }

    /// The root's children in the order its search loop takes them (the game's order until
    /// the root is entered), with their numbers in the table now.
    #[must_use]
    pub fn root_children(&self) -> RootChildren {
        let root = &self.root;
        let mut legal = MoveList::<G>::default();
        let moves = match self.resume.last() {
            Some(frame) => &frame.moves,
            None => {
                root.legal_moves(&mut legal);
                &legal
            }
        };
        let children = moves
            .iter()
            .map(|&mv| {
                let mut child = root.clone();
                child.play(mv);
                ChildNumbers::new(root.format_move(mv), self.lookup(&child).pair())
            })
            .collect();
        RootChildren {
            or: super::is_or(self.question, root),
            children,
        }
    }

    /// At a root where the root player moves: the child with the least proof number (a
    /// proven one once the root is proved), first in move order on ties; `None` where the
    /// opponent or chance moves.
    #[must_use]
    pub fn best_move(&self) -> Option<G::Move> {
        if !super::is_or(self.question, &self.root) {
            return None;
        }
        super::least_child(&self.root, |child| self.lookup(child).pn)
    }

    /// The numbers of a finished game.
    fn terminal_numbers(&self, pos: &G) -> Numbers {
        super::settled(self.question, pos, Numbers::PROVEN, Numbers::DISPROVEN)
    }

    /// What is known of `pos` without searching it.
    fn lookup(&self, pos: &G) -> Numbers {
        if pos.turn() == Turn::Over {
            self.terminal_numbers(pos)
        } else {
            self.table
                .get(&self.key(pos))
                .copied()
                .unwrap_or_else(|| self.unknown(pos))
        }
    }

    /// The numbers of an unfinished position not in the table: 1/1, or the knowledge's
    /// initial numbers of the player to move, read as pn/dn where it is the root player.
    fn unknown(&self, pos: &G) -> Numbers {
        let Some(guide) = &self.guide else {
            return Numbers::UNKNOWN;
        };
        let Turn::Player(_) = pos.turn() else {
            return Numbers::UNKNOWN;
        };
        let (pn, dn) = proof_numbers((guide.initial)(pos), super::is_or(self.question, pos));
        Numbers { pn, dn }
    }

    /// Reorders `moves` of `pos` by the game's ordering (higher scores first, the game's
    /// order on ties), if the search uses knowledge.
    fn order(&mut self, pos: &G, moves: &mut MoveList<G>) {
        if let Some(guide) = &mut self.guide {
            order_moves(guide.ordering.as_mut(), pos, moves);
        }
    }

    /// Counts one more position searched (the clock read about once a millisecond).
    fn count_node(&mut self) -> Result<(), Stop> {
        self.end.count(&mut self.stats, || self.clock.tick())
    }

    /// Searches the unfinished position `pos`, `ply` moves below the root, until its pn
    /// reaches `th_pn` or its dn reaches `th_dn`, stores its numbers and returns them. A line
    /// longer than [`MAX_PLIES`] stops the search (its recursion must fit a wasm stack). A
    /// call a limit stopped takes up its loop where it was (its frame is the last of
    /// `resume`), so a step of one position goes one position further.
    fn mid(&mut self, pos: &G, th_pn: u32, th_dn: u32, ply: u32) -> Result<Numbers, Stop> {
        let Frame {
            moves,
            mut children,
            nodes_before,
        } = match self.resume.pop() {
            Some(frame) => frame,
            None => match self.enter(pos, th_pn, th_dn)? {
                Ok(frame) => frame,
                Err(known) => return Ok(known),
            },
        };
        let is_or = super::is_or(self.question, pos);
        loop {
            let summary = Summary::of(is_or, &children);
            let numbers = summary.numbers;
            if numbers.pn >= th_pn || numbers.dn >= th_dn {
                self.store(pos, numbers, nodes_before);
                return Ok(numbers);
            }
            let (best_th_pn, best_th_dn) = self.child_thresholds(is_or, &summary, th_pn, th_dn);
            let mv = moves[summary.best];
            if ply == 0 {
                self.log.enter(
                    self.stats.iterations,
                    summary.best,
                    |i| ChildNumbers::new(pos.format_move(moves[i]), children[i].pair()),
                    summary.second,
                    (best_th_pn, best_th_dn),
                );
            }
            let mut child = pos.clone();
            child.play(mv);
            if ply + 1 >= MAX_PLIES {
                self.too_deep = true;
                self.store(pos, numbers, nodes_before);
                return Err(Stop);
            }
            match self.mid(&child, best_th_pn, best_th_dn, ply + 1) {
                Ok(child_numbers) => children[summary.best] = child_numbers,
                Err(Stop) => {
                    self.store(pos, numbers, nodes_before);
                    self.resume.push(Frame {
                        moves,
                        children,
                        nodes_before,
                    });
                    return Err(Stop);
                }
            }
        }
    }

    /// `MID`'s entry into `pos`: the table's numbers if they already meet a threshold (a
    /// transposition was searched since the parent looked; as `Ok(Err(numbers))`), else the
    /// position counted and its children's numbers read.
    fn enter(
        &mut self,
        pos: &G,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<Result<Frame<G>, Numbers>, Stop> {
        if let Some(&known) = self.table.get(&self.key(pos))
            && (known.pn >= th_pn || known.dn >= th_dn)
        {
            return Ok(Err(known));
        }
        self.count_node()?;
        let nodes_before = self.stats.nodes_expanded;
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        self.order(pos, &mut moves);
        let mut children = G::List::<Numbers>::default();
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play(mv);
            self.stats.nodes_created += 1;
            children.push(self.lookup(&child));
        }
        Ok(Ok(Frame {
            moves,
            children,
            nodes_before,
        }))
    }

    /// The thresholds for the most-proving child (OR node; AND is the mirror image):
    /// `th_pn(c) = min(th_pn, pn₂ + 1)` (widened by 1 + ε) and
    /// `th_dn(c) = th_dn − dn(n) + dn(c)`.
    fn child_thresholds(
        &self,
        is_or: bool,
        summary: &Summary,
        th_pn: u32,
        th_dn: u32,
    ) -> (u32, u32) {
        let best = summary.best_numbers;
        let numbers = summary.numbers;
        let (th_select, th_sum, select_second, sum_value, best_sum) = if is_or {
            (th_pn, th_dn, summary.second, numbers.dn, best.dn)
        } else {
            (th_dn, th_pn, summary.second, numbers.pn, best.pn)
        };
        let widened = if self.epsilon > 0.0 {
            (f64::from(select_second) * (1.0 + self.epsilon)).ceil() as u64
        } else {
            0
        };
        let select = (u64::from(select_second) + 1)
            .max(widened)
            .min(u64::from(th_select));
        // Only used while the node's sum is below its threshold, so this cannot underflow.
        let sum = u64::from(th_sum).saturating_sub(u64::from(sum_value)) + u64::from(best_sum);
        let select = u32::try_from(select).unwrap_or(INFINITY);
        let sum = u32::try_from(sum.min(u64::from(INFINITY))).unwrap_or(INFINITY);
        if is_or { (select, sum) } else { (sum, select) }
    }

    fn store(&mut self, pos: &G, numbers: Numbers, nodes_before: u64) {
        let work = self.stats.nodes_expanded - nodes_before + 1;
        self.table.store(
            self.key(pos),
            numbers,
            u32::try_from(work).unwrap_or(u32::MAX),
        );
    }

    /// The table's key of `pos`: exact, or the position alone under `ghi=naive`.
    fn key(&self, pos: &G) -> G::Key {
        if self.naive {
            pos.position_key()
        } else {
            pos.key()
        }
    }
}

/// A node's numbers from its children's, and which child to search next.
struct Summary {
    numbers: Numbers,
    /// Index of the child with the least pn (OR) or dn (AND), the first on ties.
    best: usize,
    best_numbers: Numbers,
    /// The second-least pn (OR) or dn (AND); ∞ with one child.
    second: u32,
}

impl Numbers {
    /// The numbers of a node with these children (at least one) as `MID` sums them: at an OR
    /// node pn = the least child pn, dn = Σ; at an AND node the roles swap.
    pub(super) fn of_children(is_or: bool, children: &[Numbers]) -> Numbers {
        Summary::of(is_or, children).numbers
    }
}

impl Summary {
    fn of(is_or: bool, children: &[Numbers]) -> Summary {
        // At an OR node the node's pn is the least child pn and its dn the sum; the roles of
        // pn and dn swap at an AND node.
        let select = |n: &Numbers| if is_or { n.pn } else { n.dn };
        let summed = |n: &Numbers| if is_or { n.dn } else { n.pn };
        let mut best = 0;
        let mut least = INFINITY;
        let mut second = INFINITY;
        let mut sum: u64 = 0;
        for (index, child) in children.iter().enumerate() {
            let value = select(child);
            if value < least {
                second = least;
                least = value;
                best = index;
            } else if value < second {
                second = value;
            }
            sum = sum.saturating_add(u64::from(summed(child)));
        }
        // ∞ in a sum means a resolved child; a large finite sum stays finite.
        let sum = if children.iter().any(|c| summed(c) == INFINITY) {
            INFINITY
        } else {
            u32::try_from(sum.min(u64::from(INFINITY - 1))).unwrap_or(INFINITY - 1)
        };
        let numbers = if is_or {
            Numbers { pn: least, dn: sum }
        } else {
            Numbers { pn: sum, dn: least }
        };
        Summary {
            numbers,
            best,
            best_numbers: children[best],
            second,
        }
    }
}

/// The pseudocode of df-pn, each line tagged with its phase (the page lights the phase it
/// is showing).
pub const PSEUDOCODE: &[Line] = &[
    plain("df-pn(root): mid(root, thpn = ∞, thdn = ∞)"),
    plain("mid(n, thpn, thdn):"),
    line(
        Phase::Expand,
        "  look n up in the table; if it has no children there, generate them (each 1 / 1)",
    ),
    line(Phase::Stop, "  while n.pn < thpn and n.dn < thdn:"),
    line(
        Phase::Backup,
        "    n.pn, n.dn ← from the children, as in PNS; store n in the table",
    ),
    line(
        Phase::Select,
        "    c ← the child with the least pn (OR) or dn (AND); the second-best value bounds it",
    ),
    line(
        Phase::Select,
        "    mid(c, child thresholds from thpn, thdn and the second best)",
    ),
    line(
        Phase::Backup,
        "  store n in the table and return to the parent (a threshold reached)",
    ),
];

/// df-pn in the catalogue: a session that steps [`DfPn`] within the run's limits.
pub struct DfPnSearch;

impl SearchKind for DfPnSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "dfpn",
        title: "df-pn",
        help: "Nagai's depth-first proof-number search with a 16 MiB transposition table",
        family: Family::Exact,
        capabilities: super::CAPABILITIES,
        params: &[GHI, EPSILON],
        explain: Explain {
            pseudocode: PSEUDOCODE,
            summary: "df-pn answers the question of proof-number search with the same proof and disproof numbers, but walks the tree depth-first under thresholds and keeps the numbers only in a fixed 16 MiB transposition table, so its memory does not grow with the search. It keeps no tree to draw; one of its iterations is one position searched. proved and disproved are proofs.",
            values: &[PN, DN],
            formulas: &[
                family::PN_TERMINAL_RULE,
                "a position not searched yet (or lost from the table): pn = dn = 1",
                family::PN_OR_RULE,
                family::PN_AND_RULE,
                "a child c of an OR node gets th_pn(c) = min(th_pn, pn₂ + 1) (pn₂: the second-least child pn) and th_dn(c) = th_dn − dn + dn(c); AND nodes mirror it",
            ],
            selection: "MID(n, th_pn, th_dn) searches n until pn(n) ≥ th_pn or dn(n) ≥ th_dn: it enters the child with the least pn (OR) or dn (AND), the first in move order on ties, with the thresholds above, so it returns as soon as another child becomes more proving. The root is searched with infinite thresholds, which only a proof or a disproof meets.",
            params: "ghi: where a repetition rule makes a position's value depend on the line that reached it (textbook graphs with ^ references), path keys the table by the position and the nodes on the line (exact, the default) and naive by the position alone, the transposition table of the graph-history interaction, which can answer wrongly (the GHI lesson); in every other game the two are the same. ε (epsilon, 0 by default): the 1 + ε trick, a child's first threshold max(pn₂ + 1, ⌈pn₂·(1 + ε)⌉), so df-pn stays longer in one subtree instead of switching back and forth (the see-saw effect). θ, pr and playouts do not apply. The node limit counts positions searched; a step of N searches N more positions, taking up the stopped calls where they were.",
            source: "Nagai, Df-pn algorithm for searching AND/OR trees and its applications (2002); the PPNS dissertation §2.2.2 and the TCG slides; the numbers as in Allis' PNS (dissertation formulas (2.4)–(2.7)).",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let config = DfPnConfig {
            epsilon: params.real(&EPSILON),
            ..DfPnConfig::within(params)
        };
        CountedSession::boxed(
            &Self::INFO,
            DfPn::new(&root, question, config).keyed_as(params),
            params,
        )
    }
}

/// The ε of `dfpn-k`'s 1 + ε trick: Pawlewicz and Lew's recommended range is 0.25–0.5.
pub const KNOWLEDGE_EPSILON: f64 = 0.25;

/// df-pn guided by the game's knowledge in the catalogue (`dfpn-k`): move ordering,
/// knowledge-based initial numbers and the 1 + ε trick, over the same transposition table.
pub struct DfPnKnowledgeSearch;

impl SearchKind for DfPnKnowledgeSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "dfpn-k",
        title: "df-pn with knowledge",
        help: "df-pn with the game's move ordering, knowledge-based initial proof numbers (Othello: mobility) and the 1 + ε trick (Nagai 2002; Pawlewicz & Lew 2007; Kishimoto et al. 2012)",
        family: Family::Exact,
        capabilities: super::CAPABILITIES,
        params: &[],
        explain: Explain {
            pseudocode: PSEUDOCODE,
            summary: "df-pn (same numbers, thresholds and 16 MiB transposition table) guided by what the game knows: each node's children are searched in the game's move order for exact searches (Othello: fastest first, corners, parity), a position not searched yet starts from the game's initial numbers instead of 1/1 (Othello: 1 to show the player to move succeeds, its mobility to show it fails), and the 1 + ε trick keeps it longer in one subtree. Knowledge changes only the order of the search: proved and disproved are proofs.",
            values: &[PN, DN],
            formulas: &[
                family::PN_TERMINAL_RULE,
                "a position not searched yet, the player to move P (for, against: the game's initial numbers, Othello 1 and P's legal moves): pn = for, dn = against if P is the root player; pn = against, dn = for otherwise",
                family::PN_OR_RULE,
                family::PN_AND_RULE,
                "a child c of an OR node gets th_pn(c) = min(th_pn, max(pn₂ + 1, ⌈pn₂ · (1 + ε)⌉)) with ε = 0.25 and th_dn(c) = th_dn − dn + dn(c); AND nodes mirror it",
            ],
            selection: "As df-pn: MID enters the child with the least pn (OR) or dn (AND) under the thresholds above; ties go to the move the game's ordering ranks first.",
            params: "No parameters of its own. The node limit counts positions searched, as for df-pn.",
            source: "Nagai, Df-pn algorithm (2002); Pawlewicz and Lew, Improving depth-first PN-search: 1 + ε trick (CG 2006); Kishimoto, Winands, Müller and Saito, Game-tree search using proof numbers: the first twenty years (ICGA Journal 2012), §4–5 on transpositions and initialisation with domain knowledge; Allis (1994) for initial numbers from the number of legal moves.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let config = DfPnConfig {
            epsilon: KNOWLEDGE_EPSILON,
            ..DfPnConfig::within(params)
        };
        CountedSession::boxed(
            &Self::INFO,
            DfPn::with_knowledge(&root, question, config),
            params,
        )
    }
}

/// What a depth-first proof-number search gives its [`Session`] (df-pn here, job-level df-pn
/// in `jobs.rs`): it counts its own positions, searches within the limits it is given, and has
/// root proof numbers and a best move.
pub(crate) trait CountedProofSearch: Send + 'static {
    /// Its counters over every step.
    fn stats(&self) -> Stats;
    /// Searches on within `limits`.
    fn step(&mut self, limits: &Limits) -> Verdict;
    /// The root's proof and disproof numbers.
    fn root_numbers(&self) -> Numbers;
    /// The best move at the root, in the game's notation.
    fn best_move_text(&self) -> Option<String>;
    /// The question asked, in words.
    fn question_words(&self) -> String;
    /// The threads a step would run on.
    fn threads(&self) -> usize {
        1
    }
    /// The thresholds the root's children were searched with, if it keeps them.
    fn threshold_log(&self) -> Option<ThresholdLog> {
        None
    }
}

impl<G: Catalogued> CountedProofSearch for DfPn<G> {
    fn stats(&self) -> Stats {
        DfPn::stats(self)
    }

    fn step(&mut self, limits: &Limits) -> Verdict {
        DfPn::step(self, limits)
    }

    fn root_numbers(&self) -> Numbers {
        DfPn::root_numbers(self)
    }

    fn best_move_text(&self) -> Option<String> {
        Some(self.root.format_move(self.best_move()?))
    }

    fn question_words(&self) -> String {
        self.question.words(&self.root)
    }

    fn threshold_log(&self) -> Option<ThresholdLog> {
        Some(DfPn::threshold_log(self).reported(self.root_children()))
    }
}

/// A [`CountedProofSearch`] driven as a [`Session`].
pub(crate) struct CountedSession<S> {
    core: SessionCore,
    search: S,
}

impl<S: CountedProofSearch> CountedSession<S> {
    /// The session of catalogue entry `info` running `search` within the run settings of
    /// `params`.
    pub(crate) fn boxed(info: &'static SearchInfo, search: S, params: &Params) -> Box<dyn Session> {
        Box::new(CountedSession {
            core: SessionCore::new(info, search.question_words(), params.limits()),
            search,
        })
    }
}

impl<S: CountedProofSearch> Session for CountedSession<S> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        self.core
            .run
            .step_counted(budget, &mut self.search, S::stats, S::step)
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn root_value(&self) -> Option<Values> {
        Some(self.search.root_numbers().values())
    }

    fn threads(&self) -> usize {
        self.search.threads()
    }

    fn best_move(&self) -> Option<String> {
        self.search.best_move_text()
    }

    fn threshold_log(&self) -> Option<ThresholdLog> {
        self.search.threshold_log()
    }
}

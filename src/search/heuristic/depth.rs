//! The depth-limited searches of the Othello heuristics paper (Sannidhanam and Annamalai,
//! §4): minimax (§4.1), alpha-beta (§4.2) and alpha-beta with iterative deepening under a
//! time limit (§4.3), written once against [`Game`](crate::game::Game) and a game's [`Evaluator`].
//!
//! * **Values** are negamax values from the view of the player who acts at a node (read
//!   from [`Game::turn`](crate::game::Game::turn); a pass is an ordinary move and counts as a ply). A leaf at depth 0
//!   gets the evaluator's value; a finished game gets its [`Game::terminal_value`](crate::game::Game::terminal_value) (Othello:
//!   the final disc difference) times [`TERMINAL_UNIT`], which is above every evaluation,
//!   so a won game beats any unfinished one and the value of a search that reaches every
//!   game end is the exact game value (times the unit).
//! * **Minimax** visits every line to the depth, moves in the game's order, no pruning and
//!   no table: the reference the other two must agree with.
//! * **Alpha-beta** is fail-soft negamax with a transposition table and move ordering (the
//!   table's best move first, then the game's [`MoveOrdering`]). A table entry is used for
//!   a cutoff only when it was searched to exactly the remaining depth, so the value is the
//!   fixed-depth minimax value (a deeper entry would be a different, if better, number);
//!   entries one ply shallower still give the best move to try first, which is what
//!   iterative deepening feeds on.
//! * **Iterative deepening** searches depth 1, 2, 3… (the paper starts at 3; see
//!   [`Deepening`]) with alpha-beta, each iteration ordered by the table the last one
//!   filled, and stops at the maximum depth, when an iteration reached every game end
//!   (deeper ones cannot change the value), or at the time limit.
//!
//! Limits: `max_nodes` counts positions searched (iterations of the session), `max_seconds`
//! the time of one call; a call stopped by one answers `Err(Stop)`.

use crate::game::knowledge::{EVAL_BOUND, Evaluator, Knowledge, MoveOrdering};
use crate::game::{MoveBuffer, MoveList, Player, Turn};
use crate::search::exact::table::{Bound, Table};
use crate::search::{Limits, Stats, clock::Ticker};

/// A finished game's value per unit of [`Game::terminal_value`](crate::game::Game::terminal_value): above every evaluation.
pub const TERMINAL_UNIT: i64 = EVAL_BOUND;

/// Larger than any value.
const INFINITY: i64 = i64::MAX / 4;

/// How iterative deepening decides whether to start the next depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deepening {
    /// The paper's rule (§4.3): start at depth 3; after each iteration estimate, from its
    /// time and the growth of the tree (positions of this iteration / of the last one), the
    /// deepest next depth that should finish within the time left, and search that depth
    /// (possibly skipping some), or stop if even the next one would not fit. An iteration
    /// is never stopped once started (it may overrun, as the paper says).
    Estimate,
    /// The usual rule: deepen from depth 1 while time is left, and stop the iteration in
    /// progress at the time limit, keeping the move of the last finished one.
    Clock,
}

/// The search was stopped by a limit: positions or time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node limit.
    Nodes,
    /// The time limit.
    Time,
}

/// One table entry: keyed by the position and the remaining depth it was searched to.
#[derive(Clone, Copy, Debug)]
struct Entry {
    value: i64,
    bound: Bound,
    /// Index of the best move in the game's move order.
    best: Option<u8>,
    /// Whether the subtree ended only in finished games (no evaluated leaf).
    exact: bool,
}

/// The result of one root search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootResult {
    /// The negamax value for the player to move at the root.
    pub value: i64,
    /// The index (in the game's move order) of a move with that value.
    pub best: u16,
    /// The depth searched.
    pub depth: u32,
    /// Whether every line ended in a finished game (the value is the exact game value).
    pub exact: bool,
}

/// A depth-limited searcher of one game with an evaluator, a move ordering and a table.
pub struct DepthSearch<G: Knowledge> {
    evaluator: Box<dyn Evaluator<G>>,
    ordering: G::Ordering,
    table: Table<(G::Key, u8), Entry>,
    limits: Limits,
    /// Whether the current search may be stopped by the time limit.
    timed: bool,
    clock: Ticker,
    stats: Stats,
    /// Whether the current root search evaluated a leaf (so its value is not exact).
    cut: bool,
    /// Whether minimax may read the values it stored (after a search stopped by a limit,
    /// so that searching again resumes instead of starting over).
    resumed: bool,
    /// The iteration the node limit stopped iterative deepening in: where it resumes.
    stopped_at: Option<u32>,
}

impl<G: Knowledge> DepthSearch<G> {
    /// A searcher with `evaluator` and a table of `table_bytes` bytes.
    #[must_use]
    pub fn new(evaluator: Box<dyn Evaluator<G>>, table_bytes: usize) -> Self {
        DepthSearch {
            evaluator,
            ordering: G::Ordering::default(),
            table: Table::with_bytes(table_bytes),
            limits: Limits::default(),
            timed: true,
            clock: Ticker::start(),
            stats: Stats {
                bytes_per_node: Table::<(G::Key, u8), Entry>::bytes_per_slot() as u64,
                ..Stats::default()
            },
            cut: false,
            resumed: false,
            stopped_at: None,
        }
    }

    /// Lets the next minimax search read the subtree values the stopped one stored, so it
    /// resumes rather than starting over (alpha-beta always reads its table). The values
    /// are the same; only the positions counted change.
    pub fn resume(&mut self) {
        self.resumed = true;
    }

    /// The counters since the last [`DepthSearch::begin`]: `nodes_expanded` = positions
    /// searched (leaves included), `nodes_created` = children generated.
    #[must_use]
    pub fn stats(&self) -> Stats {
        let mut stats = self.stats;
        stats.seconds = self.clock.seconds();
        stats.peak_nodes = self.table.occupied() as u64;
        stats
    }

    /// Starts counting a call with `limits` (the clock too).
    pub fn begin(&mut self, limits: &Limits) {
        self.limits = *limits;
        self.clock = Ticker::start();
        self.stats = Stats {
            bytes_per_node: self.stats.bytes_per_node,
            ..Stats::default()
        };
    }

    /// Iterative deepening up to `max_depth` under `seconds` (the time allowed: `None` for
    /// none) with `rule`; calls `done` after each finished iteration and returns the last
    /// one's result when the deepening ends (at the maximum depth, an exact value, or the
    /// time allowed).
    ///
    /// # Errors
    /// [`Stop::Time`] if time ran out before the first iteration finished, [`Stop::Nodes`]
    /// whenever the node limit stopped an iteration (the deepening was cut short, not
    /// ended: `done` has seen the iterations that finished, and the next call resumes at
    /// the stopped iteration).
    pub fn deepen(
        &mut self,
        pos: &G,
        max_depth: u32,
        allowed: Option<&[u16]>,
        seconds: Option<f64>,
        rule: Deepening,
        mut done: impl FnMut(&RootResult),
    ) -> Result<RootResult, Stop> {
        let mut depth = match (self.stopped_at.take(), rule) {
            (Some(depth), _) => depth,
            (None, Deepening::Estimate) => 3.min(max_depth),
            (None, Deepening::Clock) => 1,
        };
        // The paper's rule never stops an iteration for time (only for the node limit).
        self.timed = rule == Deepening::Clock;
        let mut last: Option<RootResult> = None;
        let mut last_nodes = 0u64;
        loop {
            let nodes_before = self.stats.nodes_expanded;
            let started = self.clock.seconds();
            let result = match self.root(pos, depth, allowed, true) {
                Ok(result) => result,
                Err(Stop::Time) => break,
                Err(Stop::Nodes) => {
                    // Searched again later, this iteration goes on from what the table
                    // kept (the finished ones are done).
                    self.stopped_at = Some(depth);
                    self.timed = true;
                    return Err(Stop::Nodes);
                }
            };
            done(&result);
            last = Some(result);
            let nodes = self.stats.nodes_expanded - nodes_before;
            let took = self.clock.seconds() - started;
            if result.exact || depth >= max_depth {
                break;
            }
            let elapsed = self.clock.seconds();
            let next = match (rule, seconds) {
                (_, None) => Some(depth + 1),
                (Deepening::Clock, Some(s)) => (elapsed < s).then_some(depth + 1),
                (Deepening::Estimate, Some(s)) => {
                    let growth = if last_nodes == 0 {
                        4.0
                    } else {
                        (nodes as f64 / last_nodes as f64).clamp(1.5, 64.0)
                    };
                    estimate_depth(depth, took, growth, s - elapsed, max_depth)
                }
            };
            last_nodes = nodes;
            match next {
                Some(next) => depth = next,
                None => break,
            }
        }
        self.timed = true;
        last.ok_or(Stop::Time)
    }

    /// The minimax value of `pos` (not finished) at `depth` ≥ 1, among the moves whose
    /// indices are `allowed` (all if `None`): by alpha-beta with the table and move ordering
    /// if `pruning`, else by plain minimax (the same value).
    ///
    /// # Errors
    /// [`Stop`] at a limit.
    pub fn root(
        &mut self,
        pos: &G,
        depth: u32,
        allowed: Option<&[u16]>,
        pruning: bool,
    ) -> Result<RootResult, Stop> {
        let (mut alpha, beta) = (-INFINITY, INFINITY);
        let Turn::Player(actor) = pos.turn() else {
            panic!("a depth-limited search starts at a player's turn");
        };
        self.stats.iterations += 1;
        self.cut = false;
        self.count_node()?;
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let mut order = if pruning {
            let hint = self.hint(pos, depth);
            self.order(pos, &moves, hint)
        } else {
            (0..moves.len() as u16).collect()
        };
        if let Some(allowed) = allowed {
            order.retain(|index| allowed.contains(index));
        }
        let mut best = (-INFINITY, order[0]);
        for &index in &order {
            let mut child = pos.clone();
            child.play(moves[usize::from(index)]);
            self.stats.nodes_created += 1;
            let value = self.child_value(&child, actor, depth - 1, alpha, beta, pruning)?;
            if value > best.0 {
                best = (value, index);
                if pruning {
                    alpha = alpha.max(value);
                }
            }
        }
        if pruning {
            self.table.store(
                (pos.key(), depth_key(depth)),
                Entry {
                    value: best.0,
                    bound: Bound::Exact,
                    best: u8::try_from(best.1).ok(),
                    exact: !self.cut,
                },
                depth,
            );
        }
        Ok(RootResult {
            value: best.0,
            best: best.1,
            depth,
            exact: !self.cut,
        })
    }

    /// The value of `child` from `view` (the parent's actor), searched to `depth`.
    fn child_value(
        &mut self,
        child: &G,
        view: Player,
        depth: u32,
        alpha: i64,
        beta: i64,
        pruning: bool,
    ) -> Result<i64, Stop> {
        match child.turn() {
            Turn::Over => {
                self.count_node()?;
                let value = child
                    .terminal_value(view)
                    .expect("a finished game has a value");
                Ok(i64::from(value) * TERMINAL_UNIT)
            }
            Turn::Player(actor) if actor == view => {
                self.node(child, actor, depth, alpha, beta, pruning)
            }
            Turn::Player(actor) => Ok(-self.node(child, actor, depth, -beta, -alpha, pruning)?),
            Turn::Chance => panic!("depth-limited searches refuse games with chance"),
        }
    }

    /// Fail-soft negamax at a player's turn (minimax when not `pruning`).
    fn node(
        &mut self,
        pos: &G,
        actor: Player,
        depth: u32,
        mut alpha: i64,
        beta: i64,
        pruning: bool,
    ) -> Result<i64, Stop> {
        if !pruning && self.resumed {
            // A resumed minimax skips what the stopped search finished, without counting it.
            if let Some(entry) = self.table.get(&(pos.key(), depth_key(depth))).copied() {
                self.cut |= !entry.exact;
                return Ok(entry.value);
            }
        }
        self.count_node()?;
        if depth == 0 {
            self.cut = true;
            return Ok(self.evaluator.evaluate(pos));
        }
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let key = (pos.key(), depth_key(depth));
        if !pruning {
            return self.minimax_node(pos, actor, depth, &moves, key);
        }
        let mut beta = beta;
        if let Some(entry) = self.table.get(&key).copied() {
            // Whatever the entry decides carries its evaluated leaves with it.
            self.cut |= !entry.exact;
            if let Some(value) = entry.bound.probe(entry.value, &mut alpha, &mut beta) {
                return Ok(value);
            }
        }
        let alpha_at_start = alpha;
        let cut_before = std::mem::replace(&mut self.cut, false);
        let hint = self.hint(pos, depth);
        let order = self.order(pos, &moves, hint);
        let mut best_value = -INFINITY;
        let mut best_index = order[0];
        for &index in order.iter() {
            let mut child = pos.clone();
            child.play(moves[usize::from(index)]);
            self.stats.nodes_created += 1;
            let value = self.child_value(&child, actor, depth - 1, alpha, beta, true)?;
            if value > best_value {
                best_value = value;
                best_index = index;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best_value, alpha_at_start, beta);
        self.table.store(
            key,
            Entry {
                value: best_value,
                bound,
                best: u8::try_from(best_index).ok(),
                exact: !self.cut,
            },
            depth,
        );
        self.cut |= cut_before;
        Ok(best_value)
    }

    /// Minimax at a player's turn: every move; the value is stored for a resumed search.
    fn minimax_node(
        &mut self,
        pos: &G,
        actor: Player,
        depth: u32,
        moves: &[G::Move],
        key: (G::Key, u8),
    ) -> Result<i64, Stop> {
        let cut_before = std::mem::replace(&mut self.cut, false);
        let mut best = -INFINITY;
        for &mv in moves {
            let mut child = pos.clone();
            child.play(mv);
            self.stats.nodes_created += 1;
            let value = self.child_value(&child, actor, depth - 1, -INFINITY, INFINITY, false)?;
            best = best.max(value);
        }
        let entry = Entry {
            value: best,
            bound: Bound::Exact,
            best: None,
            exact: !self.cut,
        };
        self.table.store(key, entry, depth);
        self.cut |= cut_before;
        Ok(best)
    }

    /// The best move the table knows for `pos` searched to `depth`, or else one ply less.
    fn hint(&self, pos: &G, depth: u32) -> Option<u16> {
        let key = pos.key();
        [depth, depth.saturating_sub(1)].iter().find_map(|&d| {
            self.table
                .get(&(key, depth_key(d)))
                .and_then(|entry| entry.best.map(u16::from))
        })
    }

    /// Move indices in search order: `first`, then by the ordering's scores (ties in the
    /// game's order).
    fn order(&mut self, pos: &G, moves: &[G::Move], first: Option<u16>) -> Vec<u16> {
        let mut scores = G::List::<i32>::default();
        for _ in moves {
            scores.push(0);
        }
        self.ordering.score_moves(pos, moves, &mut scores);
        let mut order: Vec<u16> = (0..moves.len() as u16).collect();
        order.sort_by_key(|&index| -scores[usize::from(index)]);
        if let Some(at) = first.and_then(|f| order.iter().position(|&i| i == f)) {
            order[..=at].rotate_right(1);
        }
        order
    }

    fn count_node(&mut self) -> Result<(), Stop> {
        if self
            .limits
            .max_nodes
            .is_some_and(|max| self.stats.nodes_expanded >= max)
        {
            return Err(Stop::Nodes);
        }
        self.stats.nodes_expanded += 1;
        if self.timed
            && self
                .limits
                .max_seconds
                .is_some_and(|max| self.clock.tick().is_some_and(|now| now >= max))
        {
            return Err(Stop::Time);
        }
        Ok(())
    }
}

/// A depth as a table key (depths beyond 255 share one).
fn depth_key(depth: u32) -> u8 {
    u8::try_from(depth).unwrap_or(u8::MAX)
}

/// The paper's next depth (§4.3): the deepest `d > depth` (at most `max_depth`) whose
/// predicted time `took · growth^(d − depth)` fits in `left` seconds; `None` if even
/// `depth + 1` does not fit.
///
/// ```
/// use pnplay::search::heuristic::depth::estimate_depth;
/// // Depth 5 took 0.1 s and each ply multiplies the work by 4: depth 6 needs 0.4 s,
/// // depth 7 1.6 s. With 2 s left the next iteration is depth 7.
/// assert_eq!(estimate_depth(5, 0.1, 4.0, 2.0, 60), Some(7));
/// assert_eq!(estimate_depth(5, 0.1, 4.0, 0.3, 60), None);
/// assert_eq!(estimate_depth(5, 0.1, 4.0, 100.0, 8), Some(8));
/// ```
#[must_use]
pub fn estimate_depth(
    depth: u32,
    took: f64,
    growth: f64,
    left: f64,
    max_depth: u32,
) -> Option<u32> {
    let mut next = None;
    let mut predicted = took.max(1e-6);
    let mut d = depth;
    while d < max_depth {
        predicted *= growth;
        if predicted > left {
            break;
        }
        d += 1;
        next = Some(d);
    }
    next
}

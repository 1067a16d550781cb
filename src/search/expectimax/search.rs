//! Depth-limited expectimax over a single-agent game with chance (the dissertation's
//! Algorithm 8, §5.3.2), with a transposition table, the single conspiracy number of the
//! searched tree (§5.2) and Ballard's Star1 pruning of chance nodes (the TCG slides'
//! "Algorithm Star1", general case with unequal probabilities, slide 26).
//!
//! **The tree.** The root is a player's turn. A player node's value is the largest of its
//! children's; a chance node's is Σ p·v over its outcomes (2048: every empty cell × a 2 with
//! p = 0.9/e or a 4 with p = 0.1/e). `depth` counts plies, player moves and spawns alike;
//! at depth 0, and at a finished game, the value is the game's evaluation
//! ([`Knowledge::expectimax_value`]: for 2048 formula 5.1). As the dissertation says, a
//! finished game is valued like any leaf, by (5.1).
//!
//! **SCN** (§5.2) with threshold T, computed on the same tree in the same walk: a finished
//! game 0 if m ≥ T else ∞; a leaf 0 if m ≥ T else 1; a player (MAX) node the least of its
//! children's; a chance node (treated as MIN, §5.3.2) the sum of its children's, where m is
//! the node's evaluation. Several thresholds are computed at once (T1 and T2).
//!
//! **Star1.** A chance node searched with the window (α, β), value bounds [L, H] from
//! [`Knowledge::expectimax_bounds`], outcomes with probabilities p₁…pₙ: after outcome i the
//! node's value lies in [Sᵢ + rᵢ·L, Sᵢ + rᵢ·H] (Sᵢ = Σ_{j≤i} pⱼvⱼ, rᵢ the probability left), so
//! outcome i is searched with the window (Aᵢ, Bᵢ), Aᵢ = (α − Sᵢ₋₁ − rᵢ·H)/pᵢ,
//! Bᵢ = (β − Sᵢ₋₁ − rᵢ·L)/pᵢ, and a value ≥ Bᵢ (cut-off I) or ≤ Aᵢ (cut-off II) ends the node.
//! Player nodes are fail-soft alpha-beta MAX nodes (single agent: no MIN nodes; β comes from
//! the chance nodes above). A value strictly inside its window is computed by the very same
//! sums as plain expectimax, so Star1 returns bit for bit the same root value and move; the
//! windows are widened by a relative margin of 10⁻⁹ so rounding never turns a tie into a
//! cut-off (tests/searches/expectimax.rs checks the equality on thousands of positions).

use crate::game::knowledge::Knowledge;
use crate::game::{MoveBuffer, MoveList, Player, Turn};
use crate::search::{Clock, Limit, Limits, MAX_PLIES, memory};

/// Positions between two readings of the clock.
const CLOCK_INTERVAL: u64 = 256;

/// An SCN value; [`SCN_INFINITE`] is ∞.
pub type Scn = u64;

/// The SCN ∞ (a finished game below the threshold, and every sum that holds one).
pub const SCN_INFINITE: Scn = u64::MAX;

/// Most thresholds one search computes the SCN for.
pub const MAX_THRESHOLDS: usize = 2;

/// One SCN per threshold.
type Scns = [Scn; MAX_THRESHOLDS];

/// How an expectimax search runs.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectimaxConfig {
    /// Plies to search (player moves and spawns alike), at least 1.
    pub depth: u32,
    /// Star1 pruning of chance nodes (no SCN then: it needs the whole tree).
    pub star1: bool,
    /// A transposition table (cleared at every root search).
    pub table: bool,
    /// The SCN thresholds, at most [`MAX_THRESHOLDS`] (plain expectimax only).
    pub thresholds: Vec<f64>,
}

impl Default for ExpectimaxConfig {
    fn default() -> Self {
        ExpectimaxConfig {
            depth: 3,
            star1: false,
            table: true,
            thresholds: Vec::new(),
        }
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Positions visited (table hits included).
    pub nodes: u64,
    /// Positions valued by the evaluation (leaves and finished games).
    pub leaves: u64,
    /// Star1 chance-node cut-offs (I and II) and player-node beta cut-offs.
    pub cutoffs: u64,
    /// Positions answered by the table.
    pub table_hits: u64,
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, other: Counters) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.cutoffs += other.cutoffs;
        self.table_hits += other.table_hits;
    }
}

/// One root move's value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// Its expectimax value, or (when not `exact`) an upper bound on it.
    pub value: f64,
    /// Whether `value` is exact (Star1 leaves moves that cannot be best as upper bounds).
    pub exact: bool,
}

/// A root search's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer<M> {
    /// The root's expectimax value.
    pub value: f64,
    /// The first move (in the game's order) with the largest value.
    pub best: M,
    /// Every legal root move with its value, in the game's order.
    pub moves: Vec<MoveValue<M>>,
    /// The root's SCN for each threshold of the configuration.
    pub scn: Vec<Scn>,
    /// What the search did.
    pub counters: Counters,
}

/// A table entry of a position searched to a depth: its exact value and SCNs (plain
/// expectimax), or what Star1 learnt of the value, exact or bounds.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The value, if exact.
    exact: Option<f64>,
    /// A lower bound on the value (−∞: none).
    lower: f64,
    /// An upper bound on the value (+∞: none).
    upper: f64,
    scn: Scns,
}

impl Entry {
    fn exact(value: f64, scn: Scns) -> Entry {
        Entry {
            exact: Some(value),
            lower: value,
            upper: value,
            scn,
        }
    }
}

/// Sums SCNs, ∞ absorbing.
fn scn_add(a: Scn, b: Scn) -> Scn {
    if a == SCN_INFINITE || b == SCN_INFINITE {
        SCN_INFINITE
    } else {
        a.saturating_add(b).min(SCN_INFINITE - 1)
    }
}

/// Puts a chance node's outcomes in the order both searches sum them: the likelier first
/// (2048: every 2 before every 4), the game's order among equals. Star1's bounds then
/// narrow fastest, and plain expectimax adds in the same order, so the sums agree bit for
/// bit.
fn order_outcomes<G: Knowledge>(pos: &G, moves: &mut MoveList<G>) {
    moves.sort_by(|&a, &b| {
        pos.chance_probability(b)
            .total_cmp(&pos.chance_probability(a))
    });
}

/// The exact value of a plain entry.
fn value_of(entry: &Entry) -> f64 {
    entry.exact.unwrap_or(f64::NAN)
}

/// A depth-limited expectimax search.
pub struct Expectimax<G: Knowledge> {
    config: ExpectimaxConfig,
    /// The root's player: MAX; the other player (two-player games) is MIN.
    root_player: Player,
    /// Whether the game has an evaluation; without one the search goes to the end of the
    /// game (an exact expectiminimax over finished games' values).
    evaluated: bool,
    table: memory::Index<(G::Key, u32), Entry>,
    counters: Counters,
    /// The limits of the current search ([`Expectimax::resume`]; none for
    /// [`Expectimax::search`]), its clock, and the limit that stopped it, if one did: a
    /// stopped search unwinds without storing anything.
    limits: Limits,
    clock: Clock,
    stopped: Option<Limit>,
}

impl<G: Knowledge> Expectimax<G> {
    /// A search with `config`.
    ///
    /// # Panics
    /// If `config.depth` is 0 or there are more than [`MAX_THRESHOLDS`] thresholds.
    #[must_use]
    pub fn new(config: ExpectimaxConfig) -> Self {
        assert!(config.depth >= 1, "expectimax depth must be at least 1");
        assert!(config.thresholds.len() <= MAX_THRESHOLDS);
        Expectimax {
            config,
            root_player: Player::First,
            evaluated: true,
            table: memory::Index::default(),
            counters: Counters::default(),
            limits: Limits::default(),
            clock: Clock::start(),
            stopped: None,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &ExpectimaxConfig {
        &self.config
    }

    /// Sets the SCN thresholds for the next searches.
    ///
    /// # Panics
    /// If there are more than [`MAX_THRESHOLDS`].
    pub fn set_thresholds(&mut self, thresholds: &[f64]) {
        assert!(thresholds.len() <= MAX_THRESHOLDS);
        self.config.thresholds = thresholds.to_vec();
    }

    /// Searches `root` (a player's turn with a legal move); `None` if it has none. In a
    /// game without an expectimax evaluation ([`Knowledge::expectimax_value`]) the depth is
    /// ignored: every line goes to the end of the game, valued by
    /// [`crate::game::Game::terminal_value`] for the root's player, the other player (if
    /// any) minimising — an exact value ([`Expectimax::exact`]); `None` too if a line runs
    /// past [`MAX_PLIES`].
    pub fn search(&mut self, root: &G) -> Option<Answer<G::Move>> {
        self.table.clear();
        self.resume(root, &Limits::default())
    }

    /// Searches `root` as [`Expectimax::search`] does, within `limits` (nodes, seconds and
    /// the table's bytes), keeping what the table learnt in earlier calls: a search that a
    /// limit stopped answers `None` ([`Expectimax::stopped`] says which limit), and the
    /// next call on the same root resumes it, its finished subtrees read from the table.
    /// When the table would outgrow the memory limit it stops storing (it is a cache: the
    /// values stay the same).
    pub fn resume(&mut self, root: &G, limits: &Limits) -> Option<Answer<G::Move>> {
        self.limits = *limits;
        self.clock = Clock::start();
        self.stopped = None;
        let Turn::Player(player) = root.turn() else {
            return None;
        };
        self.root_player = player;
        self.evaluated = root.expectimax_value().is_some();
        let mut moves = MoveList::<G>::default();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        self.counters = Counters {
            nodes: 1,
            ..Counters::default()
        };
        let depth = if self.evaluated {
            self.config.depth
        } else {
            MAX_PLIES
        };
        let mut values = Vec::with_capacity(moves.len());
        let mut best: Option<(f64, G::Move)> = None;
        let mut scn = [SCN_INFINITE; MAX_THRESHOLDS];
        for &mv in moves.iter() {
            let mut child = root.clone();
            child.play(mv);
            let (value, exact) = if self.config.star1 {
                let alpha = best.map_or(f64::NEG_INFINITY, |(v, _)| v);
                let value = self.star1(&child, depth - 1, alpha, f64::INFINITY);
                (value, value > alpha)
            } else {
                let (value, child_scn) = self.plain(&child, depth - 1);
                for (s, c) in scn.iter_mut().zip(child_scn) {
                    *s = (*s).min(c);
                }
                (value, true)
            };
            if self.stopped.is_some() {
                return None;
            }
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, mv));
            }
            values.push(MoveValue { mv, value, exact });
        }
        let (value, best) = best?;
        let scn = if self.config.star1 {
            Vec::new()
        } else {
            scn[..self.config.thresholds.len()].to_vec()
        };
        Some(Answer {
            value,
            best,
            moves: values,
            scn,
            counters: self.counters,
        })
    }

    /// The limit that stopped the last search, if one did.
    #[must_use]
    pub fn stopped(&self) -> Option<Limit> {
        self.stopped
    }

    /// The bytes the table holds.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        memory::index_bytes(&self.table)
    }

    /// Counts one more position; false (and the search unwinds) once a limit is reached:
    /// the node limit, or the time limit, read every [`CLOCK_INTERVAL`] positions.
    fn visit(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self
            .limits
            .max_nodes
            .is_some_and(|max| self.counters.nodes >= max)
        {
            self.stopped = Some(Limit::Nodes);
            return false;
        }
        self.counters.nodes += 1;
        if self.counters.nodes % CLOCK_INTERVAL == 0
            && self
                .limits
                .max_seconds
                .is_some_and(|max| self.clock.seconds() >= max)
        {
            self.stopped = Some(Limit::Time);
            return false;
        }
        true
    }

    /// Whether the last search's values are exact game values (the game has no
    /// evaluation, so every line went to the end of the game).
    #[must_use]
    pub fn exact(&self) -> bool {
        !self.evaluated
    }

    /// Whether `turn` is a MIN node (the other player's turn in a two-player game).
    fn minimising(&self, turn: Turn) -> bool {
        matches!(turn, Turn::Player(p) if p != self.root_player)
    }

    /// The counters of the last search.
    #[must_use]
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The SCNs of a leaf or finished game valued `m`.
    fn leaf_scn(&self, m: f64, finished: bool) -> Scns {
        let mut scn = [SCN_INFINITE; MAX_THRESHOLDS];
        for (s, &t) in scn.iter_mut().zip(&self.config.thresholds) {
            *s = if m >= t {
                0
            } else if finished {
                SCN_INFINITE
            } else {
                1
            };
        }
        scn
    }

    /// The evaluation of `pos` (a leaf or a finished game).
    fn leaf(&mut self, pos: &G) -> f64 {
        self.counters.leaves += 1;
        pos.expectimax_value()
            .or_else(|| pos.terminal_value(self.root_player).map(f64::from))
            .unwrap_or(0.0)
    }

    fn lookup(&mut self, pos: &G, depth: u32) -> Option<Entry> {
        if !self.config.table {
            return None;
        }
        let hit = self.table.get(&(pos.key(), depth)).copied();
        if hit.is_some() {
            self.counters.table_hits += 1;
        }
        hit
    }

    /// Stores what a finished subtree gave, unless the search was stopped (its values are
    /// then incomplete) or the table would outgrow the memory limit.
    fn store(&mut self, pos: &G, depth: u32, entry: Entry) {
        if self.config.table
            && self.stopped.is_none()
            && memory::fits(memory::index_growth(&self.table, 1), self.limits.max_bytes)
        {
            self.table.insert((pos.key(), depth), entry);
        }
    }

    /// Plain expectimax: the exact value and the SCNs of `pos` searched `depth` plies.
    fn plain(&mut self, pos: &G, depth: u32) -> (f64, Scns) {
        if !self.visit() {
            return (0.0, [SCN_INFINITE; MAX_THRESHOLDS]);
        }
        let turn = pos.turn();
        if !self.evaluated && depth == 0 && turn != Turn::Over {
            // A line longer than a search to the end can follow.
            self.stopped = Some(Limit::Depth);
            return (0.0, [SCN_INFINITE; MAX_THRESHOLDS]);
        }
        if turn == Turn::Over || depth == 0 {
            let m = self.leaf(pos);
            return (m, self.leaf_scn(m, turn == Turn::Over));
        }
        if let Some(Entry {
            exact: Some(value),
            scn,
            ..
        }) = self.lookup(pos, depth)
        {
            return (value, scn);
        }
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        // A chance node takes the expectation of its children, the opponent (MIN) the least
        // value, the player the largest; SCN sums at chance and MIN nodes (§5.2) and takes the
        // least at the player's.
        let chance = turn == Turn::Chance;
        let minimising = self.minimising(turn);
        if chance {
            order_outcomes(pos, &mut moves);
        }
        let mut value = if chance {
            0.0
        } else if minimising {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        };
        let sums = chance || minimising;
        let mut scn = [if sums { 0 } else { SCN_INFINITE }; MAX_THRESHOLDS];
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.play(mv);
            let (v, child_scn) = self.plain(&child, depth - 1);
            value = if chance {
                value + pos.chance_probability(mv) * v
            } else if minimising {
                value.min(v)
            } else {
                value.max(v)
            };
            for (s, c) in scn.iter_mut().zip(child_scn) {
                *s = if sums { scn_add(*s, c) } else { (*s).min(c) };
            }
        }
        let entry = Entry::exact(value, scn);
        self.store(pos, depth, entry);
        (value_of(&entry), entry.scn)
    }

    /// Star1 (fail-soft): the exact value of `pos` searched `depth` plies if it lies
    /// strictly inside (α, β), else an upper bound ≤ α or a lower bound ≥ β.
    fn star1(&mut self, pos: &G, depth: u32, alpha: f64, beta: f64) -> f64 {
        if !self.visit() {
            return 0.0;
        }
        let turn = pos.turn();
        if !self.evaluated && depth == 0 && turn != Turn::Over {
            // A line longer than a search to the end can follow.
            self.stopped = Some(Limit::Depth);
            return 0.0;
        }
        if turn == Turn::Over || depth == 0 {
            return self.leaf(pos);
        }
        let known = self.lookup(pos, depth);
        match known {
            Some(Entry {
                exact: Some(value), ..
            }) => return value,
            Some(entry) if entry.upper <= alpha => return entry.upper,
            Some(entry) if entry.lower >= beta => return entry.lower,
            _ => {}
        }
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let value = if turn == Turn::Chance {
            order_outcomes(pos, &mut moves);
            // The spawns left on any line below: this one and every other ply after it.
            match pos.expectimax_bounds(depth.div_ceil(2)) {
                Some(bounds) => self.star1_chance(pos, &moves, depth, (alpha, beta), bounds),
                None => self.star1_chance(
                    pos,
                    &moves,
                    depth,
                    (alpha, beta),
                    (f64::NEG_INFINITY, f64::INFINITY),
                ),
            }
        } else if self.minimising(turn) {
            let mut best = f64::INFINITY;
            for &mv in moves.iter() {
                let mut child = pos.clone();
                child.play(mv);
                let v = self.star1(&child, depth - 1, alpha, beta.min(best));
                best = best.min(v);
                if best <= alpha {
                    self.counters.cutoffs += 1;
                    return best;
                }
            }
            best
        } else {
            // The most promising move first (by its evaluation), so α rises early; the
            // largest value does not depend on the order.
            let mut order = G::List::<(f64, G::Move)>::default();
            for &mv in moves.iter() {
                let mut child = pos.clone();
                child.play(mv);
                order.push((child.expectimax_value().unwrap_or(0.0), mv));
            }
            order.sort_by(|a, b| b.0.total_cmp(&a.0));
            let mut best = f64::NEG_INFINITY;
            for &(_, mv) in order.iter() {
                let mut child = pos.clone();
                child.play(mv);
                let v = self.star1(&child, depth - 1, alpha.max(best), beta);
                best = best.max(v);
                if best >= beta {
                    self.counters.cutoffs += 1;
                    return best;
                }
            }
            best
        };
        let mut entry = known.unwrap_or(Entry {
            exact: None,
            lower: f64::NEG_INFINITY,
            upper: f64::INFINITY,
            scn: [SCN_INFINITE; MAX_THRESHOLDS],
        });
        if value <= alpha {
            entry.upper = entry.upper.min(value);
        } else if value >= beta {
            entry.lower = entry.lower.max(value);
        } else {
            entry = Entry::exact(value, entry.scn);
        }
        self.store(pos, depth, entry);
        value
    }

    /// A Star1 chance node with window `(alpha, beta)` and value bounds `(low, high)`.
    fn star1_chance(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        depth: u32,
        (alpha, beta): (f64, f64),
        (low, high): (f64, f64),
    ) -> f64 {
        let finite = low.is_finite() && high.is_finite();
        let margin = if finite {
            1e-9 * (low.abs() + high.abs() + 1.0)
        } else {
            0.0
        };
        let mut sum = 0.0; // Σ p·v over the outcomes searched
        let mut left = 1.0; // the probability not yet searched
        for &mv in moves {
            let p = pos.chance_probability(mv);
            left -= p;
            let (a, b) = if finite {
                (
                    (alpha - sum - left * high) / p - margin,
                    (beta - sum - left * low) / p + margin,
                )
            } else {
                (f64::NEG_INFINITY, f64::INFINITY)
            };
            let mut child = pos.clone();
            child.play(mv);
            let v = self.star1(&child, depth - 1, a, b);
            if v <= a {
                // Cut-off II: even with every outcome left at H the node stays below α.
                self.counters.cutoffs += 1;
                return (sum + p * v + left.max(0.0) * high).min(alpha);
            }
            if v >= b {
                // Cut-off I: even with every outcome left at L the node stays above β.
                self.counters.cutoffs += 1;
                return (sum + p * v + left.max(0.0) * low).max(beta);
            }
            sum += p * v;
        }
        sum
    }
}

//! Connect Four's own exact solver
//! ([`Knowledge::exact_solver`](crate::game::knowledge::Knowledge::exact_solver)), for
//! `pnplay score` and the stages verification: the techniques of Pascal Pons' "Solving
//! Connect 4: how to build a perfect AI" (blog.gamesolver.org), parts 3–12, on boards of
//! any size that fit the bitboard.
//!
//! * Negamax with alpha-beta on the score (part 4), whose bounds are tightened at once by the
//!   stones left: a side that cannot win with its next stone scores at most
//!   `(W·H − 1 − n) / 2`, and at least `−(W·H − 2 − n) / 2` when it cannot lose at once.
//! * Centre columns first (part 5), then moves ordered by the number of winning cells
//!   (threats) they create (part 10, "better move ordering"), on bitboards (part 6); among
//!   equal counts, a move with a threat on a row of its player's parity first (Allis'
//!   odd and even threats).
//! * Only moves that do not let the opponent win at once are searched (part 9,
//!   "anticipate losing moves"): the side to move never has an immediate win inside the
//!   search, since its parent would not have played into one.
//! * A transposition table of upper and lower bounds (parts 7 and 12), indexed by the key
//!   modulo a prime, storing only the key's low bits (the module `table`), kept per thread
//!   and sized within the run's memory limit.
//! * Enhanced transposition cutoffs (Plaat, Schaeffer, Pijls and de Bruin, "Exploiting
//!   graph properties of game trees", AAAI 1996): before searching its moves, a node reads
//!   its children's bounds in the table; a child's upper bound may cut the node off at
//!   once, a child's lower bound may show that its move cannot raise alpha, and the move is
//!   not searched. Not in Pons' solver: 30–32 % fewer positions than without
//!   (`results/connect4-speed/README.md`).
//! * Null-window searches (part 8, "iterative deepening & null window"): the score is found
//!   by binary search, testing first whether the position is a win or a loss.
//!
//! The values are [`Game::terminal_value`]'s (Pons' score), from the view of the side to
//! move. The best move comes from the score's own search: the root's move that failed high
//! in the last null-window test that raised the lower bound to the score achieves it (its
//! child's returned value is an upper bound, so the move scores at least that). Only when
//! no such test happened (the score came from a bound alone) is it found after the score,
//! by one null-window test per move — which cost 0.3–4.9 % of the positions searched
//! (`results/connect4-speed/README.md`).
//!
//! ```
//! use pnplay::game::{Game, connect4::{Connect4, Dims}};
//! use pnplay::game::knowledge::Knowledge;
//! use pnplay::search::Limits;
//! // A line of `c4_public.txt`: "2214434557 12".
//! let pos = Connect4::parse_position(&Dims::default(), "2214434557").unwrap();
//! let mut solver = pos.exact_solver().unwrap();
//! let score = solver.score(&pos, &Limits::default()).unwrap();
//! assert_eq!(score.value, 12);
//! ```

use super::geometry::Geometry;
use super::table::{self, Slot, Table};
use super::{Connect4, Dims};
use crate::game::Game;
use crate::game::knowledge::ExactSolver;
use crate::core::score::{Score, null_window_test};
use crate::core::clock::Ticker;
use crate::core::limits::{Limits, Stop};

/// Connect Four's exact solver (see the module documentation), reusable from one position
/// to the next; a position of another board size than the last one's, or a memory limit
/// that sizes the table otherwise, starts it afresh.
#[derive(Debug)]
pub struct ConnectFourSolver {
    dims: Dims,
    /// The search with its table and the plan it was made by, made by the first
    /// [`ExactSolver::score`] (which knows the memory limit).
    search: Option<(Plan, Box<dyn Search>)>,
    /// The memory limit its table was sized for (the plan is not worked out again, with its
    /// search for a prime, while the limit stays the same).
    sized_for: Option<u64>,
}

/// The table a solver for `dims` takes within `limits`: the narrowest slot exact for the
/// board at the number of slots that fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Narrow(usize),
    Wide(usize),
}

impl Plan {
    fn of(dims: Dims, limits: &Limits) -> Plan {
        let key_bits = u32::from(dims.width) * (u32::from(dims.height) + 1);
        let narrow = table::entries_within::<u32>(limits);
        if table::exact_for::<u32>(key_bits, narrow) {
            Plan::Narrow(narrow)
        } else {
            Plan::Wide(table::entries_within::<u64>(limits))
        }
    }
}

/// A [`Solver`] of any slot type and shape, as [`ConnectFourSolver`] holds it: one call per
/// position, the search itself monomorphised.
trait Search: std::fmt::Debug + Send {
    /// The score of `pos` and a move achieving it (see [`Solver::root`]).
    fn root(&mut self, pos: &Connect4, limits: &Limits) -> Option<Score<u8>>;
    /// Positions searched by the last [`Search::root`].
    fn nodes(&self) -> u64;
    /// Empties the table.
    fn clear(&mut self);
}

impl<K: Slot, S: Shape> Search for Solver<K, S> {
    fn root(&mut self, pos: &Connect4, limits: &Limits) -> Option<Score<u8>> {
        Solver::root(self, pos, limits)
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn clear(&mut self) {
        self.table.clear();
    }
}

/// Where a solver reads its board's geometry: a constant for the standard board, so that
/// the threat computations (`Geometry::winning_cells`, half the time of a search) shift by
/// constants, or the geometry measured from the board's size.
trait Shape: Copy + std::fmt::Debug + Send {
    fn of(dims: Dims) -> Self;
    fn geometry(self) -> Geometry;
}

/// The standard 7 × 6 board. Its solver searches the same positions as a [`Measured`] one
/// with a third fewer instructions (`results/connect4-speed/README.md`).
#[derive(Clone, Copy, Debug)]
struct Standard;

impl Shape for Standard {
    fn of(_: Dims) -> Self {
        Standard
    }
    #[inline(always)]
    fn geometry(self) -> Geometry {
        const STANDARD: Geometry = Geometry::of(Dims {
            width: 7,
            height: 6,
        });
        STANDARD
    }
}

/// Any board, its geometry measured from its size.
#[derive(Clone, Copy, Debug)]
struct Measured(Geometry);

impl Shape for Measured {
    fn of(dims: Dims) -> Self {
        Measured(Geometry::of(dims))
    }
    #[inline(always)]
    fn geometry(self) -> Geometry {
        self.0
    }
}

impl ConnectFourSolver {
    /// A solver for boards of `dims`; its table is made by its first search, within that
    /// search's memory limit.
    #[must_use]
    pub fn new(dims: Dims) -> ConnectFourSolver {
        ConnectFourSolver {
            dims,
            search: None,
            sized_for: None,
        }
    }

    /// Its search for positions of `dims` with a table as `limits` allow: the one it has if
    /// it fits, else a new one (the old table handed back first, so that the two are never
    /// held at once).
    fn search_for(&mut self, dims: Dims, limits: &Limits) -> &mut dyn Search {
        if dims != self.dims || self.sized_for != limits.max_bytes || self.search.is_none() {
            self.sized_for = limits.max_bytes;
            let plan = Plan::of(dims, limits);
            if dims != self.dims || !self.search.as_ref().is_some_and(|(made, _)| *made == plan) {
                // The old table is handed back before the new one is made.
                self.search = None;
                self.dims = dims;
                let search: Box<dyn Search> = match plan {
                    // The slot choice is the plan's; the standard board's shape a constant.
                    Plan::Narrow(entries) if dims == Dims::default() => {
                        Box::new(Solver::<u32, Standard>::new(dims, entries))
                    }
                    Plan::Narrow(entries) => Box::new(Solver::<u32, Measured>::new(dims, entries)),
                    Plan::Wide(entries) => Box::new(Solver::<u64, Measured>::new(dims, entries)),
                };
                self.search = Some((plan, search));
            }
        }
        self.search.as_mut().expect("a search was made above").1.as_mut()
    }
}

/// Empty cells at or below which a node reads no child's bound from the table before
/// searching (enhanced transposition cutoffs): on 8 twelve-ply positions, reading them at
/// every node and only above 6 empty cells took the same instructions, the latter with 7 %
/// fewer cache misses, and above 10 empty cells 2 % more instructions.
const ETC_EMPTY: i32 = 6;

/// The search of [`ConnectFourSolver`] with table slots `K` on boards of shape `S`.
#[derive(Debug)]
struct Solver<K: Slot, S: Shape> {
    shape: S,
    /// Cells of the board.
    cells: i32,
    /// Columns, centre first.
    order: arrayvec::ArrayVec<u32, 32>,
    table: Table<K>,
    /// The cells of rows 1, 3, 5, … from the bottom: where the first player's threats
    /// count most.
    odd_rows: u64,
    nodes: u64,
    limits: Limits,
    clock: Ticker,
    /// The root's move whose child's search (or bound in the table) failed high last, and
    /// the score it gave: a move achieving the score when that score is the exact one (see
    /// [`Solver::score_and_move`]).
    root_best: Option<(i32, u64)>,
}

/// What the table holds for a position: a bound on its score, or nothing.
#[derive(Clone, Copy, Debug)]
enum Bound {
    /// The score is at least this.
    Lower(i32),
    /// The score is at most this.
    Upper(i32),
    /// Nothing stored (or another position's slot).
    None,
}

/// A position inside the search: the side to move's stones, all stones, stones played.
#[derive(Clone, Copy, Debug)]
struct Node {
    current: u64,
    mask: u64,
    stones: i32,
}

impl Node {
    /// The position after the side to move drops a stone on `cell` (a playable cell).
    #[inline]
    fn play(self, cell: u64) -> Node {
        Node {
            current: self.current ^ self.mask,
            mask: self.mask | cell,
            stones: self.stones + 1,
        }
    }
}

impl<K: Slot, S: Shape> Solver<K, S> {
    fn new(dims: Dims, entries: usize) -> Solver<K, S> {
        let width = u32::from(dims.width);
        let order = (0..width)
            .map(|i| {
                // width/2, then alternately left and right of it.
                let offset = i.div_ceil(2);
                if i % 2 == 1 {
                    width / 2 - offset
                } else {
                    width / 2 + offset
                }
            })
            .filter(|&col| col < width)
            .collect();
        let geometry = Geometry::of(dims);
        Solver {
            shape: S::of(dims),
            cells: dims.cells() as i32,
            order,
            table: Table::acquire(entries),
            odd_rows: (0..u32::from(dims.height))
                .step_by(2)
                .fold(0, |rows, row| rows | (geometry.bottom << row)),
            nodes: 0,
            limits: Limits::default(),
            clock: Ticker::start(),
            root_best: None,
        }
    }

    /// The lowest score (ever from any view): the opponent wins with its next stone on an
    /// empty board.
    fn lowest(&self) -> i32 {
        -self.cells / 2 - 1
    }

    /// An upper bound `value` as stored: 1 ..= cells + 3.
    fn upper(&self, value: i32) -> u8 {
        (value - self.lowest() + 1) as u8
    }

    /// A lower bound `value` as stored: above every stored upper bound, at most
    /// `2 · cells + 7`, which fits the slots of every board that uses them (127 for the 48
    /// cells of a 49-bit key, 255 beyond).
    fn lower(&self, value: i32) -> u8 {
        let stored = value - self.lowest() + 1 + self.span();
        debug_assert!(stored <= K::MAX_VALUE, "bound {stored} does not fit a slot");
        stored as u8
    }

    /// How many scores there are, with room: stored upper bounds are `1..=span`.
    fn span(&self) -> i32 {
        self.cells + 4
    }

    #[inline(always)]
    fn geometry(&self) -> Geometry {
        self.shape.geometry()
    }

    /// A cutoff by move `cell` with `score` ≥ beta at the node of table key `key`: its lower
    /// bound stored, and at the root the move that reached it; returns `score`.
    #[inline]
    fn fail_high<const ROOT: bool>(&mut self, key: u64, score: i32, cell: u64) -> i32 {
        if ROOT {
            self.root_best = Some((score, cell));
        }
        let lower = self.lower(score);
        self.table.put(key, lower);
        score
    }

    /// No move raised alpha at the node of table key `key`: its upper bound `alpha` stored;
    /// returns `alpha`.
    #[inline]
    fn fail_low(&mut self, key: u64, alpha: i32) -> i32 {
        let upper = self.upper(alpha);
        self.table.put(key, upper);
        alpha
    }

    /// The bound the table holds for key `key`, read back from [`Solver::upper`]'s and
    /// [`Solver::lower`]'s encoding.
    #[inline(always)]
    fn stored_bound(&self, key: u64) -> Bound {
        let stored = i32::from(self.table.get(key));
        if stored > self.span() {
            Bound::Lower(stored - self.span() + self.lowest() - 1)
        } else if stored > 0 {
            Bound::Upper(stored + self.lowest() - 1)
        } else {
            Bound::None
        }
    }

    fn key(&self, node: Node) -> u64 {
        node.current + node.mask + self.geometry().bottom
    }

    fn count_node(&mut self) -> Result<(), Stop> {
        self
            .limits
            .count_position(&mut self.nodes, &mut self.clock)
    }

    /// Negamax within `(alpha, beta)` (fail-soft outside it) of `node`, whose side to move
    /// cannot win with its next stone.
    fn negamax<const ROOT: bool>(
        &mut self,
        node: Node,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Stop> {
        self.count_node()?;
        let geometry = self.geometry();
        let safe = geometry.non_losing(node.current, node.mask);
        if safe == 0 {
            return Ok(-(self.cells - node.stones) / 2);
        }
        if node.stones >= self.cells - 2 {
            return Ok(0);
        }
        let low = -(self.cells - 2 - node.stones) / 2;
        if alpha < low {
            alpha = low;
            if alpha >= beta {
                return Ok(alpha);
            }
        }
        let mut high = (self.cells - 1 - node.stones) / 2;
        let key = self.key(node);
        match self.stored_bound(key) {
            Bound::Lower(low) => {
                if alpha < low {
                    alpha = low;
                    if alpha >= beta {
                        return Ok(alpha);
                    }
                }
            }
            Bound::Upper(upper) => high = high.min(upper),
            Bound::None => {}
        }
        if beta > high {
            beta = high;
            if alpha >= beta {
                return Ok(beta);
            }
        }

        // Enhanced transposition cutoffs: the children's bounds in the table, read before
        // any is searched. A child's upper bound may already refute it (this move scores at
        // least beta); a child's lower bound may show that this move cannot raise alpha, and
        // it is dropped. Not within `ETC_EMPTY` cells of the end, where a child is searched
        // about as fast as it is looked up (`results/connect4-speed/README.md`).
        let mut safe = safe;
        if self.cells - node.stones > ETC_EMPTY {
            let mut rest = safe;
            while rest != 0 {
                let cell = rest & rest.wrapping_neg();
                rest ^= cell;
                match self.stored_bound(self.key(node.play(cell))) {
                    Bound::Lower(low) if -low <= alpha => safe ^= cell,
                    Bound::Upper(upper) if -upper >= beta => {
                        return Ok(self.fail_high::<ROOT>(key, -upper, cell));
                    }
                    _ => {}
                }
            }
            if safe == 0 {
                // Every move is known to score at most alpha.
                return Ok(self.fail_low(key, alpha));
            }
        }

        // Moves by threats created, then by whether one of them is on a row of the mover's
        // parity (Allis: odd rows serve the first player, even rows the second), centre
        // first on ties: insertion in reverse column order, taken from the end. The parity
        // tie-break searched 1.5 % fewer positions on 100 twelve-ply positions (counting a
        // good-row threat 1.5 times: 1.3 %; preferring moves that keep the mover's own
        // threats intact: 4 % more).
        let mut moves = arrayvec::ArrayVec::<(u64, u32), 32>::new();
        if safe & (safe - 1) == 0 {
            // One move: nothing to order.
            moves.push((safe, 0));
        } else {
            let good_rows = if node.stones % 2 == 0 {
                self.odd_rows
            } else {
                !self.odd_rows
            };
            for &col in self.order.iter().rev() {
                let cell = safe & geometry.column_cells(col);
                if cell != 0 {
                    let threats = geometry.winning_cells(node.current | cell, node.mask);
                    let threats = 2 * threats.count_ones() + u32::from(threats & good_rows != 0);
                    let at = moves.partition_point(|&(_, t)| t <= threats);
                    moves.insert(at, (cell, threats));
                }
            }
        }
        while let Some((cell, _)) = moves.pop() {
            let score = -self.negamax::<false>(node.play(cell), -beta, -alpha)?;
            if score >= beta {
                return Ok(self.fail_high::<ROOT>(key, score, cell));
            }
            alpha = alpha.max(score);
        }
        Ok(self.fail_low(key, alpha))
    }

    /// The exact score of `node` (a player's turn, no immediate win) by null-window
    /// searches, bisecting towards 0 first (is it a win, a loss?).
    fn solve(&mut self, node: Node) -> Result<i32, Stop> {
        let mut low = -(self.cells - node.stones) / 2;
        let mut high = (self.cells + 1 - node.stones) / 2;
        while low < high {
            let mid = null_window_test(low, high);
            let r = self.negamax::<true>(node, mid, mid + 1)?;
            if r <= mid {
                high = r;
            } else {
                low = r;
            }
        }
        Ok(low)
    }

    /// The score and a move achieving it, for a position whose side to move has moves: the
    /// move [`Solver::solve`]'s root cutoff recorded if its score is the exact one, else the
    /// first in centre order whose null-window test shows it achieves the score.
    fn score_and_move(&mut self, node: Node) -> Result<(i32, u8), Stop> {
        let geometry = self.geometry();
        let playable = geometry.playable(node.mask);
        let column_of = |cell: u64| (cell.trailing_zeros() / (geometry.height + 1)) as u8;
        let wins = geometry.winning_cells(node.current, node.mask) & playable;
        if wins != 0 {
            self.count_node()?;
            return Ok(((self.cells + 1 - node.stones) / 2, column_of(wins)));
        }
        self.root_best = None;
        let value = self.solve(node)?;
        if let Some((score, cell)) = self.root_best
            && score >= value
        {
            return Ok((value, column_of(cell)));
        }
        let safe = geometry.non_losing(node.current, node.mask);
        // Every move lets the opponent win at once: any move achieves the loss; otherwise
        // a safe move does, and the first whose child scores at most −value is one.
        let candidates = if safe == 0 { playable } else { safe };
        let mut first = None;
        for col in self.order.clone() {
            let cell = candidates & geometry.column_cells(col);
            if cell == 0 {
                continue;
            }
            first.get_or_insert(col as u8);
            if safe == 0 || self.negamax::<false>(node.play(cell), -value, -value + 1)? <= -value {
                return Ok((value, col as u8));
            }
        }
        debug_assert!(false, "no move achieves the exact score {value}");
        Ok((value, first.unwrap_or_default()))
    }
}

impl<K: Slot, S: Shape> Solver<K, S> {
    /// The score of `pos` (a player's turn, of this solver's size) and a move achieving it.
    fn root(&mut self, pos: &Connect4, limits: &Limits) -> Option<Score<u8>> {
        self.nodes = 0;
        self.limits = *limits;
        self.clock = Ticker::start();
        let node = Node {
            current: pos.current,
            mask: pos.mask,
            stones: pos.stones() as i32,
        };
        let (value, col) = self.score_and_move(node).ok()?;
        Some(Score {
            value,
            best_move: Some(col),
        })
    }
}

impl ExactSolver<Connect4> for ConnectFourSolver {
    fn score(&mut self, pos: &Connect4, limits: &Limits) -> Option<Score<u8>> {
        if pos.is_over() {
            return Some(Score {
                value: pos.terminal_value(crate::game::Player::First)?,
                best_move: None,
            });
        }
        self.search_for(pos.dims(), limits).root(pos, limits)
    }

    fn nodes(&self) -> u64 {
        self.search.as_ref().map_or(0, |(_, search)| search.nodes())
    }

    fn clear(&mut self) {
        if let Some((_, search)) = &mut self.search {
            search.clear();
        }
    }
}

impl<K: Slot, S: Shape> Drop for Solver<K, S> {
    /// Hands the table back to the thread for the next solver.
    fn drop(&mut self) {
        std::mem::replace(&mut self.table, Table::none()).release();
    }
}

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
//!   (threats) they create (part 10, "better move ordering"), on bitboards (part 6).
//! * Only moves that do not let the opponent win at once are searched (part 9,
//!   "anticipate losing moves"): the side to move never has an immediate win inside the
//!   search, since its parent would not have played into one.
//! * A transposition table of upper and lower bounds (parts 7 and 12), indexed by the key
//!   modulo a prime, storing only the key's low 32 bits: by the Chinese remainder theorem
//!   the pair identifies keys of up to `32 + log2(size)` bits exactly (part 7, "partial key").
//!   Wider keys (boards of more than 55 bits) are stored whole.
//! * Null-window searches (part 8, "iterative deepening & null window"): the score is found
//!   by binary search, testing first whether the position is a win or a loss.
//!
//! The values are [`Game::terminal_value`]'s (Pons' score), from the view of the side to
//! move; the best move is found after the score by one null-window test per move.
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

use super::ordering::Geometry;
use super::{Connect4, Dims};
use crate::game::Game;
use crate::game::knowledge::ExactSolver;
use crate::core::score::Score;
use crate::core::clock::Ticker;
use crate::core::limits::{Limits, Stop};

/// The transposition table's entries: a prime above 2²³ (40 MB with 32-bit keys, allocated
/// zeroed per position: pages a search never touches cost nothing). Pons' 2²⁴ measured 0.6 %
/// fewer nodes but 40 % more time on the 200 twelve-ply positions, faulting pages in.
const TABLE_ENTRIES: usize = 8_388_617;

/// A key as the table stores it: the low 32 bits when they identify the key together with
/// its slot, the whole key otherwise.
trait StoredKey: Copy + Default + PartialEq + Send + 'static {
    /// The stored form of `key`.
    fn stored(key: u64) -> Self;
}

impl StoredKey for u32 {
    #[inline]
    fn stored(key: u64) -> u32 {
        key as u32
    }
}

impl StoredKey for u64 {
    #[inline]
    fn stored(key: u64) -> u64 {
        key
    }
}

/// A table of one bound per position, always replacing (Pons' table): `values[i]` is 0
/// for an empty slot, else an encoded bound (see [`Solver::upper`], [`Solver::lower`]).
#[derive(Debug)]
struct Table<K> {
    keys: Vec<K>,
    values: Vec<u8>,
}

impl<K: StoredKey> Table<K> {
    fn new() -> Table<K> {
        // Zeroed allocations are lazy: only the pages a search touches cost anything.
        Table {
            keys: vec![K::default(); TABLE_ENTRIES],
            values: vec![0; TABLE_ENTRIES],
        }
    }

    #[inline]
    fn slot(key: u64) -> usize {
        (key % TABLE_ENTRIES as u64) as usize
    }

    #[inline]
    fn put(&mut self, key: u64, value: u8) {
        let slot = Self::slot(key);
        self.keys[slot] = K::stored(key);
        self.values[slot] = value;
    }

    #[inline]
    fn get(&self, key: u64) -> u8 {
        let slot = Self::slot(key);
        if self.keys[slot] == K::stored(key) {
            self.values[slot]
        } else {
            0
        }
    }
}


/// Connect Four's exact solver (see the module documentation), reusable from one position
/// to the next; a position of another board size than the last one's starts it afresh for
/// that size.
#[derive(Debug)]
pub struct ConnectFourSolver {
    dims: Dims,
    search: Search,
}

/// The search with the narrowest stored key that is exact for the board.
#[derive(Debug)]
enum Search {
    /// Keys of at most `32 + log2(TABLE_ENTRIES)` bits.
    Narrow(Solver<u32>),
    /// Wider keys.
    Wide(Solver<u64>),
}

impl ConnectFourSolver {
    /// A solver for boards of `dims`, its table empty.
    #[must_use]
    pub fn new(dims: Dims) -> ConnectFourSolver {
        let key_bits = u32::from(dims.width) * (u32::from(dims.height) + 1);
        let search = if key_bits <= 32 + TABLE_ENTRIES.ilog2() {
            Search::Narrow(Solver::new(dims))
        } else {
            Search::Wide(Solver::new(dims))
        };
        ConnectFourSolver { dims, search }
    }
}

/// The search of [`ConnectFourSolver`] with stored keys `K`.
#[derive(Debug)]
struct Solver<K> {
    geometry: Geometry,
    /// Cells of the board.
    cells: i32,
    /// Columns, centre first.
    order: arrayvec::ArrayVec<u32, 32>,
    table: Table<K>,
    nodes: u64,
    limits: Limits,
    clock: Ticker,
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

impl<K: StoredKey> Solver<K> {
    fn new(dims: Dims) -> Solver<K> {
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
        Solver {
            geometry: Geometry::of(dims),
            cells: dims.cells() as i32,
            order,
            table: Table::new(),
            nodes: 0,
            limits: Limits::default(),
            clock: Ticker::start(),
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

    /// A lower bound `value` as stored: above every stored upper bound.
    fn lower(&self, value: i32) -> u8 {
        (value - self.lowest() + 1 + self.span()) as u8
    }

    /// How many scores there are, with room: stored upper bounds are `1..=span`.
    fn span(&self) -> i32 {
        self.cells + 4
    }

    fn key(&self, node: Node) -> u64 {
        node.current + node.mask + self.geometry.bottom
    }

    fn count_node(&mut self) -> Result<(), Stop> {
        self
            .limits
            .count_position(&mut self.nodes, &mut self.clock)
    }

    /// Negamax within `(alpha, beta)` (fail-soft outside it) of `node`, whose side to move
    /// cannot win with its next stone.
    fn negamax(&mut self, node: Node, mut alpha: i32, mut beta: i32) -> Result<i32, Stop> {
        self.count_node()?;
        let geometry = self.geometry;
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
        let stored = i32::from(self.table.get(key));
        if stored > self.span() {
            let low = stored - self.span() + self.lowest() - 1;
            if alpha < low {
                alpha = low;
                if alpha >= beta {
                    return Ok(alpha);
                }
            }
        } else if stored > 0 {
            high = high.min(stored + self.lowest() - 1);
        }
        if beta > high {
            beta = high;
            if alpha >= beta {
                return Ok(beta);
            }
        }

        // Moves by threats created, centre first on ties: insertion in reverse column
        // order, taken from the end.
        let mut moves = arrayvec::ArrayVec::<(u64, u32), 32>::new();
        for &col in self.order.iter().rev() {
            let cell = safe & geometry.column_cells(col);
            if cell != 0 {
                let threats = geometry
                    .winning_cells(node.current | cell, node.mask)
                    .count_ones();
                let at = moves.partition_point(|&(_, t)| t <= threats);
                moves.insert(at, (cell, threats));
            }
        }
        while let Some((cell, _)) = moves.pop() {
            let score = -self.negamax(node.play(cell), -beta, -alpha)?;
            if score >= beta {
                let lower = self.lower(score);
                self.table.put(key, lower);
                return Ok(score);
            }
            alpha = alpha.max(score);
        }
        let upper = self.upper(alpha);
        self.table.put(key, upper);
        Ok(alpha)
    }

    /// The exact score of `node` (a player's turn, no immediate win) by null-window
    /// searches, bisecting towards 0 first (is it a win, a loss?).
    fn solve(&mut self, node: Node) -> Result<i32, Stop> {
        let mut low = -(self.cells - node.stones) / 2;
        let mut high = (self.cells + 1 - node.stones) / 2;
        while low < high {
            let mut mid = low + (high - low) / 2;
            if mid <= 0 && low / 2 < mid {
                mid = low / 2;
            } else if mid >= 0 && high / 2 > mid {
                mid = high / 2;
            }
            let r = self.negamax(node, mid, mid + 1)?;
            if r <= mid {
                high = r;
            } else {
                low = r;
            }
        }
        Ok(low)
    }

    /// The score and a move achieving it, for a position whose side to move has moves.
    fn score_and_move(&mut self, node: Node) -> Result<(i32, u8), Stop> {
        let geometry = self.geometry;
        let playable = geometry.playable(node.mask);
        let column_of = |cell: u64| (cell.trailing_zeros() / (geometry.height + 1)) as u8;
        let wins = geometry.winning_cells(node.current, node.mask) & playable;
        if wins != 0 {
            self.count_node()?;
            return Ok(((self.cells + 1 - node.stones) / 2, column_of(wins)));
        }
        let value = self.solve(node)?;
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
            if safe == 0 || self.negamax(node.play(cell), -value, -value + 1)? <= -value {
                return Ok((value, col as u8));
            }
        }
        debug_assert!(false, "no move achieves the exact score {value}");
        Ok((value, first.unwrap_or_default()))
    }
}

impl<K: StoredKey> Solver<K> {
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
        if pos.dims() != self.dims {
            *self = ConnectFourSolver::new(pos.dims());
        }
        match &mut self.search {
            Search::Narrow(search) => search.root(pos, limits),
            Search::Wide(search) => search.root(pos, limits),
        }
    }

    fn nodes(&self) -> u64 {
        match &self.search {
            Search::Narrow(search) => search.nodes,
            Search::Wide(search) => search.nodes,
        }
    }

    fn clear(&mut self) {
        match &mut self.search {
            Search::Narrow(search) => search.table = Table::new(),
            Search::Wide(search) => search.table = Table::new(),
        }
    }
}

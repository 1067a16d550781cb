//! The 8×8 Othello endgame solver: the exact final disc difference of a position (the
//! empty squares to the winner, as [`crate::game::Game::terminal_value`]) and a best move,
//! much faster than generic alpha-beta. It is Othello's
//! [`Knowledge::exact_solver`](crate::game::knowledge::Knowledge::exact_solver), used
//! by `pnplay score` and by the stages experiment's `--verify`.
//!
//! It follows the techniques the strong endgame solvers describe (Edax, Zebra, Buro's and
//! Gunnar Andersson's notes on endgame solving), written afresh over this crate's
//! bitboards:
//!
//! * **Principal-variation search**: the first move with the full window, every other
//!   with a null window, re-searched only when it beats the first; fail-soft values.
//! * **Fastest-first ordering** at the deep nodes: the move that leaves the opponent the
//!   fewest replies first (corner replies counted double, and half a reply for each empty
//!   square next to the mover's discs: the opponent's *potential mobility*), the table's
//!   best move before all, and quadrant **parity** (a move into a region with an odd number of empty
//!   squares) to break ties.
//! * From `EVAL_EMPTIES` (9) up, the **learned pattern evaluation** ([`super::patterns`],
//!   Logistello's and Edax's kind) of the position a move leads to joins the ordering,
//!   through a search of one move from 16 empty squares and of two from 20 (`sort_depth`):
//!   the move that leaves the mover ahead by the most discs comes first. On FFO #40–#42 it
//!   cuts the positions searched from 200 M to 59 M (`results/othello-endgame/README.md`).
//!   The wasm module does not carry the weights: the page fetches them before its first
//!   8×8 Othello request ([`crate::game::family::Asset`]).
//! * A **transposition table** of lower and upper bounds keyed by the whole position, in
//!   buckets of two: one slot keeps the entry with the most empty squares (the deep,
//!   expensive one), the other takes every new entry. **Enhanced transposition cut-offs**:
//!   before searching, a child whose stored bound already refutes the window ends the node.
//! * **Stability cut-offs**: the opponent's stable discs (see [`super::stability`]) cap
//!   the mover's final score; when the cap is at or below alpha the node fails low at once.
//! * **Specialised code for the last empties**: from [`SHALLOW_EMPTIES`] down, no table and
//!   no move generation — the empty squares are tried in parity order (odd quadrants first)
//!   and a square is a move when it flips something; with one empty square left, the
//!   final score is counted from the number of discs the last move flips, without making
//!   the move.
//!
//! * **Outcome only** ([`ExactSolver::outcome`], `pnplay score --outcome`): one search with
//!   the window (−1, 1) around zero, which cuts off as soon as a side is shown to win, far
//!   cheaper than the exact value. **A goal only** ([`ExactSolver::exceeds`] and
//!   [`ExactSolver::holds`], what `pns-dag`'s frontier and `--verify` ask): one null window
//!   on the goal's side of zero, so a draw needs one bound, not both.
//! * **Several threads** ([`ExactSolver::set_threads`], native builds and the page's threaded wasm; `pnplay score
//!   --threads`, `--verify-threads`): young brothers wait over a shared lockless table,
//!   in the `parallel` submodule. The answers are the serial ones; the positions counted
//!   vary from run to run.
//!
//! Nothing is allocated in the search: moves live in fixed arrays on the stack and the
//! table is allocated once per solver. The answers are checked against generic alpha-beta
//! on thousands of random positions and against the published FFO scores
//! (`tests/searches/othello_endgame.rs`).

use super::patterns::{SCALE, Weights, potential_mobility};
use super::stability::stable_discs;
use super::{Move, Othello, Size, flips, legal_squares};
use crate::game::{Game, Outcome};
use crate::game::knowledge::ExactSolver;
use crate::core::score::Score;
use crate::core::clock::Ticker;
use crate::core::limits::{Limits, Stop};
use std::sync::Arc;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU32, AtomicU64};
use std::sync::atomic::Ordering::Relaxed;

#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
mod parallel;

/// Empty squares at and below which the search tries squares in parity order without a
/// table (`Solver::shallow`).
pub const SHALLOW_EMPTIES: u32 = 6;
/// Empty squares from which children are probed for enhanced transposition cut-offs.
const ETC_EMPTIES: u32 = 12;
/// log2 of the table's entries (two per bucket): 2^20 entries of 24 bytes, 24 MiB; fewer
/// where half the run's memory limit is less ([`Limits::table_bytes`]).
const TABLE_BITS: u32 = 20;
/// log2 of the fewest entries a table has, whatever the limit (the smallest memory limit
/// is 1 MiB).
const MIN_TABLE_BITS: u32 = 10;
/// Empty squares from which moves are also ordered by the pattern evaluation
/// ([`super::patterns`]) of the position they lead to.
const EVAL_EMPTIES: u32 = 9;
/// Ordering points per disc of that evaluation (a reply of the opponent costs 16).
const EVAL_WEIGHT: i32 = 6;

/// Moves of look-ahead over the evaluation when ordering the moves of a node with
/// `empties` empty squares: none below 16, one from 16, two from 20 (a shallow search is
/// cheap beside the subtree it orders there).
const fn sort_depth(empties: u32) -> u32 {
    match empties {
        0..16 => 0,
        16..20 => 1,
        _ => 2,
    }
}

/// Above every score: the bounds of a full window.
const INFINITY: i32 = 65;

/// The four quadrants of the 8×8 board (parity regions).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];
/// The corners.
const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The empty squares of the quadrants holding an odd number of them.
#[inline]
fn odd_quadrants(empties: u64) -> u64 {
    QUADRANTS
        .iter()
        .filter(|&&q| (empties & q).count_ones() % 2 == 1)
        .fold(0, |acc, q| acc | q)
        & empties
}

/// The final score for the mover with discs `mover` against `other` (FFO scoring: the
/// empty squares go to the winner).
#[inline]
fn final_score(mover: u64, other: u64) -> i32 {
    let (m, o) = (mover.count_ones() as i32, other.count_ones() as i32);
    let empties = 64 - m - o;
    match m - o {
        d if d > 0 => d + empties,
        d if d < 0 => d - empties,
        _ => 0,
    }
}

/// One table entry: the position, bounds on its value, its best square and its empties.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    mover: u64,
    other: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
}

/// The transposition table, which the threads of a parallel search share: each slot keeps
/// the position xor-ed with its data (lockless hashing, Hyatt & Mann 2002), so a slot two
/// threads wrote at once reads as a position no probe asks for, never as a position with
/// another position's bounds.
///
/// The data word also holds the *generation* the entry was written in; clearing the table
/// starts a new generation, and an entry of another one reads as empty, so a clear costs
/// nothing and a table can be handed from one solver to the next on a thread
/// ([`Table::take`], [`Table::release`]) instead of being allocated and zeroed per call
/// (24 MiB: a trivial score in wasm paid for it).
struct Table {
    slots: Vec<[AtomicU64; 3]>,
    /// log2 of the number of slots.
    bits: u32,
    /// The generation entries are written in and read from (never 0: the value of a slot
    /// never written).
    generation: AtomicU32,
}

thread_local! {
    /// This thread's spare table, handed back by the last solver dropped on it.
    static SPARE: RefCell<Option<Table>> = const { RefCell::new(None) };
}

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            slots: (0..1usize << bits).map(|_| Default::default()).collect(),
            bits,
            generation: AtomicU32::new(1),
        }
    }

    /// An empty table of `1 << bits` slots: this thread's spare one, cleared, if it has that
    /// size, else a new one (a spare of another size is freed first).
    fn take(bits: u32) -> Table {
        let spare = SPARE.with(|spare| spare.borrow_mut().take());
        match spare.filter(|table| table.bits == bits) {
            Some(table) => {
                table.clear();
                table
            }
            None => Table::new(bits),
        }
    }

    /// Hands the table back to this thread for the next [`Table::take`].
    fn release(self) {
        SPARE.with(|spare| *spare.borrow_mut() = Some(self));
    }

    /// log2 of the entries of a table within `limits`: [`TABLE_BITS`], or as many as fit.
    fn bits_within(limits: &Limits) -> u32 {
        let slot = size_of::<[AtomicU64; 3]>();
        let fit = limits.table_bytes(slot << TABLE_BITS) / slot;
        fit.checked_ilog2().unwrap_or(0).clamp(MIN_TABLE_BITS, TABLE_BITS)
    }

    /// The first slot of the bucket of a position.
    #[inline]
    fn bucket(&self, mover: u64, other: u64) -> usize {
        let hash = (mover.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ other.wrapping_mul(0xc2b2_ae3d_27d4_eb4f).rotate_left(29))
        .wrapping_mul(0x1656_67b1_9e37_79f9);
        ((hash >> (64 - self.bits + 1)) as usize) << 1
    }

    /// The mix that ties a slot's second word to its first.
    #[inline]
    const fn mix(mover: u64) -> u64 {
        mover.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The entry slot `at` holds (a slot two threads wrote at once reads as a position that
    /// no probe asks for; an untouched one as the position with no discs).
    #[inline]
    fn read(&self, at: usize) -> Entry {
        let [first, second, data] = &self.slots[at];
        let data = data.load(Relaxed);
        if (data >> 32) as u32 != self.generation.load(Relaxed) {
            return Entry::default();
        }
        let mover = first.load(Relaxed) ^ data;
        let other = second.load(Relaxed) ^ data ^ Table::mix(mover);
        let [lower, upper, best, empties, ..] = data.to_le_bytes();
        Entry {
            mover,
            other,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties,
        }
    }

    #[inline]
    fn write(&self, at: usize, entry: &Entry) {
        let [g0, g1, g2, g3] = self.generation.load(Relaxed).to_le_bytes();
        let data = u64::from_le_bytes([
            entry.lower as u8,
            entry.upper as u8,
            entry.best,
            entry.empties,
            g0,
            g1,
            g2,
            g3,
        ]);
        let [first, second, word] = &self.slots[at];
        first.store(entry.mover ^ data, Relaxed);
        second.store(entry.other ^ data ^ Table::mix(entry.mover), Relaxed);
        word.store(data, Relaxed);
    }

    /// Empties the table: a new generation, or, once in 2³² − 1 clears, every slot zeroed.
    fn clear(&self) {
        let next = self.generation.load(Relaxed).wrapping_add(1);
        if next == 0 {
            for slot in &self.slots {
                for word in slot {
                    word.store(0, Relaxed);
                }
            }
            self.generation.store(1, Relaxed);
        } else {
            self.generation.store(next, Relaxed);
        }
    }
}

/// A move at a deep node, with its flips and its ordering score.
#[derive(Clone, Copy, Debug, Default)]
struct Candidate {
    square: u8,
    flipped: u64,
    order: i32,
}

/// The endgame solver; its table is kept from one [`ExactSolver::score`] to the next.
///
/// ```
/// use pnplay::game::{Game, othello::{Othello, Size, endgame::Solver}};
/// use pnplay::game::knowledge::ExactSolver;
/// // FFO #1 (14 empties): black wins by 18 with g8.
/// let text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// let pos = Othello::parse_position(&Size::Eight.into(), text).unwrap();
/// let score = Solver::new().score(&pos, &Default::default()).unwrap();
/// assert_eq!(score.value, 18);
/// assert_eq!(pos.format_move(score.best_move.unwrap()), "g8");
/// ```
pub struct Solver {
    table: Arc<Table>,
    /// The pattern weights the ordering reads; `None` in the wasm module until the page
    /// installed them (the ordering then leaves the evaluation out: the same answers, more
    /// positions searched).
    weights: Option<&'static Weights>,
    nodes: u64,
    limits: Limits,
    clock: Ticker,
    /// The parallel search's state (`None`: one thread).
    #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
    split: Option<parallel::Split>,
    /// The root move the last [`ExactSolver::exceeds`] found above its bound.
    above: Option<Move>,
}

impl Drop for Solver {
    /// Hands its table back to the thread for the next solver, if no other solver (a
    /// parallel search's fork) holds it.
    fn drop(&mut self) {
        if Arc::strong_count(&self.table) == 1 {
            let table = std::mem::replace(&mut self.table, Arc::new(Table::new(0)));
            if let Ok(table) = Arc::try_unwrap(table) {
                table.release();
            }
        }
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with an empty table (of the smallest size until a search sizes it within
    /// its limits).
    #[must_use]
    pub fn new() -> Solver {
        Solver {
            table: Arc::new(Table::new(MIN_TABLE_BITS)),
            weights: Weights::shipped(),
            nodes: 0,
            limits: Limits::default(),
            clock: Ticker::start(),
            #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
            split: None,
            above: None,
        }
    }

    /// Runs a root search `work` on the solver's threads.
    fn run<R: Send>(&mut self, work: impl FnOnce(&mut Solver) -> R + Send) -> R {
        #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
        if let Some(pool) = self.split.as_ref().map(parallel::Split::pool) {
            return pool.install(|| work(self));
        }
        work(self)
    }

    /// The stored entry of a position, if any.
    #[inline]
    fn probe(&self, mover: u64, other: u64) -> Option<Entry> {
        let at = self.table.bucket(mover, other);
        (at..at + 2)
            .map(|slot| self.table.read(slot))
            .find(|e| e.mover == mover && e.other == other)
    }

    /// Stores bounds `(lower, upper)` and the best square of a position with `empties`.
    fn store(&mut self, mover: u64, other: u64, empties: u32, lower: i32, upper: i32, best: u8) {
        let at = self.table.bucket(mover, other);
        let entry = Entry {
            mover,
            other,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
        };
        let deep = self.table.read(at);
        let holds = deep.mover == mover && deep.other == other;
        if holds || u32::from(deep.empties) <= empties {
            if !holds {
                self.table.write(at + 1, &deep); // the old deep entry moves to the other slot
            }
            self.table.write(at, &entry);
        } else {
            self.table.write(at + 1, &entry);
        }
    }

    /// Counts a position; `Err` once a limit is reached.
    #[inline]
    fn count(&mut self) -> Result<(), Stop> {
        self.limits
            .count_position(&mut self.nodes, &mut self.clock)?;
        #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
        if let Some(split) = &mut self.split
            && split.due(self.nodes)
        {
            split.poll(self.nodes)?;
        }
        Ok(())
    }

    /// The value of a position with one empty square `square` (one bit), counted from the
    /// discs the last move flips, without making it.
    #[inline]
    fn last(mover: u64, other: u64, square: u64) -> i32 {
        let discs = 2 * mover.count_ones() as i32;
        let flipped = flips(square, mover, other).count_ones() as i32;
        if flipped > 0 {
            return discs + 2 * flipped - 62;
        }
        let flipped = flips(square, other, mover).count_ones() as i32;
        if flipped > 0 {
            return discs - 2 * flipped - 64;
        }
        // Nobody can move: 63 discs, the empty square to the winner.
        if discs > 63 { discs - 62 } else { discs - 64 }
    }

    /// The search of the last [`SHALLOW_EMPTIES`]: squares tried in parity order, no table,
    /// no move generation. Fail-soft from the mover's view.
    fn shallow(
        &mut self,
        mover: u64,
        other: u64,
        mut alpha: i32,
        beta: i32,
        empties: u64,
        passed: bool,
    ) -> Result<i32, Stop> {
        self.count()?;
        if empties.count_ones() == 1 {
            return Ok(Solver::last(mover, other, empties));
        }
        let odd = odd_quadrants(empties);
        let mut best = -INFINITY;
        for set in [odd, empties & !odd] {
            let mut squares = set;
            while squares != 0 {
                let square = squares & squares.wrapping_neg();
                squares &= squares - 1;
                let flipped = flips(square, mover, other);
                if flipped == 0 {
                    continue;
                }
                let value = -self.shallow(
                    other & !flipped,
                    mover | flipped | square,
                    -beta,
                    -alpha,
                    empties & !square,
                    false,
                )?;
                if value > best {
                    best = value;
                    if value >= beta {
                        return Ok(value);
                    }
                    alpha = alpha.max(value);
                }
            }
        }
        if best > -INFINITY {
            return Ok(best);
        }
        if passed {
            // Neither side can move: the game is over (the pass itself was counted).
            return Ok(-final_score(other, mover));
        }
        Ok(-self.shallow(other, mover, -beta, -alpha, empties, true)?)
    }

    /// The search of the deep nodes: table, stability and enhanced transposition
    /// cut-offs, fastest-first ordering, principal-variation search. Fail-soft from the
    /// mover's view; `best` receives the best square (64 for a pass).
    fn deep(
        &mut self,
        mover: u64,
        other: u64,
        mut alpha: i32,
        mut beta: i32,
        best_square: &mut u8,
    ) -> Result<i32, Stop> {
        let empties = !(mover | other);
        let count = empties.count_ones();
        if count <= SHALLOW_EMPTIES {
            return self.shallow(mover, other, alpha, beta, empties, false);
        }
        self.count()?;
        let moves = legal_squares(mover, other, u64::MAX);
        if moves == 0 {
            *best_square = Move::PASS.0;
            if legal_squares(other, mover, u64::MAX) == 0 {
                return Ok(final_score(mover, other));
            }
            let mut reply = 0;
            return Ok(-self.deep(other, mover, -beta, -alpha, &mut reply)?);
        }
        // Stability: the other side's stable discs stay its own.
        if 64 - 2 * other.count_ones() as i32 <= alpha {
            let cap = 64 - 2 * stable_discs(other, mover).count_ones() as i32;
            if cap <= alpha {
                return Ok(cap);
            }
            beta = beta.min(cap);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut hinted = Move::PASS.0;
        if let Some(entry) = self.probe(mover, other) {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower >= beta || lower == upper {
                *best_square = entry.best;
                return Ok(lower);
            }
            if upper <= alpha {
                *best_square = entry.best;
                return Ok(upper);
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            hinted = entry.best;
        }
        let mut list = [Candidate::default(); 64];
        let mut length = 0;
        let mut squares = moves;
        while squares != 0 {
            let square = squares.trailing_zeros() as u8;
            let bit = squares & squares.wrapping_neg();
            squares &= squares - 1;
            let flipped = flips(bit, mover, other);
            let (child_mover, child_other) = (other & !flipped, mover | flipped | bit);
            if count >= ETC_EMPTIES
                && let Some(entry) = self.probe(child_mover, child_other)
                && -i32::from(entry.upper) >= beta
            {
                *best_square = square;
                return Ok(-i32::from(entry.upper));
            }
            list[length] = Candidate {
                square,
                flipped,
                order: if square == hinted { i32::MAX } else { 0 },
            };
            length += 1;
        }
        // The table's move is searched before the others are ordered: it often cuts off.
        let mut ordered = !list[..length].iter().any(|c| c.square == hinted);
        if ordered {
            self.order(&mut list[..length], mover, other, hinted);
        }
        let mut best = -INFINITY;
        let mut chosen = list[0].square;
        for i in 0..length {
            if !ordered && i == 1 {
                self.order(&mut list[1..length], mover, other, hinted);
                ordered = true;
            }
            // Selection sort, one move at a time: a cut-off leaves the rest unsorted.
            let next = (i..length).max_by_key(|&j| (list[j].order, -(j as i32))).unwrap_or(i);
            list.swap(i, next);
            // Young brothers wait: once the elder moves of a null-window node have not cut
            // off, a parallel search takes the others at once. (A wider window stays serial:
            // there each better move narrows it for the next.)
            #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
            if i == parallel::ELDERS
                && beta == alpha + 1
                && count >= parallel::SPLIT_EMPTIES
                && length > i + 1
                && self.split.is_some()
            {
                let (value, square) =
                    self.younger_in_parallel(&mut list[i..length], mover, other, alpha, beta)?;
                if value > best {
                    (best, chosen) = (value, square);
                }
                break;
            }
            let candidate = list[i];
            let value = if i == 0 {
                let (child_mover, child_other) = candidate.child(mover, other);
                -self.deep(child_mover, child_other, -beta, -alpha, &mut 0)?
            } else {
                self.younger(candidate, mover, other, alpha, beta)?
            };
            if value > best {
                best = value;
                chosen = candidate.square;
                if value >= beta {
                    break;
                }
                alpha = alpha.max(value);
            }
        }
        let (lower, upper) = if best <= alpha0 {
            (-64, best)
        } else if best >= beta0 {
            (best, 64)
        } else {
            (best, best)
        };
        self.store(mover, other, count, lower, upper, chosen);
        *best_square = chosen;
        Ok(best)
    }
}

impl Candidate {
    /// The child position the move leads to: `(mover, other)` for the opponent.
    #[inline]
    const fn child(&self, mover: u64, other: u64) -> (u64, u64) {
        (other & !self.flipped, mover | self.flipped | (1u64 << self.square))
    }
}

impl Solver {
    /// The value of a younger move of a node searched with the window (`alpha`, `beta`):
    /// a null-window probe above `alpha`, searched again with the window only when the
    /// probe lands inside it (principal-variation search).
    fn younger(
        &mut self,
        candidate: Candidate,
        mover: u64,
        other: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        let (child_mover, child_other) = candidate.child(mover, other);
        let probe = -self.deep(child_mover, child_other, -alpha - 1, -alpha, &mut 0)?;
        if probe > alpha && probe < beta {
            Ok(-self.deep(child_mover, child_other, -beta, -probe, &mut 0)?)
        } else {
            Ok(probe)
        }
    }

    /// Gives each move of a node (`mover` to move against `other`) its ordering score, the
    /// higher the earlier: fewest replies for the opponent (corners counted twice) and least
    /// potential mobility, a corner, odd parity, and from [`EVAL_EMPTIES`] the evaluation.
    /// The table's move `hinted` keeps its place first.
    fn order(&mut self, list: &mut [Candidate], mover: u64, other: u64, hinted: u8) {
        let empties = !(mover | other);
        let count = empties.count_ones();
        let odd = odd_quadrants(empties);
        for candidate in list.iter_mut().filter(|c| c.square != hinted) {
            let bit = 1u64 << candidate.square;
            let (child_mover, child_other) =
                (other & !candidate.flipped, mover | candidate.flipped | bit);
            let replies = legal_squares(child_mover, child_other, u64::MAX);
            let mut order = -16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32
                - 8 * potential_mobility(child_mover, child_other);
            if bit & CORNERS != 0 {
                order += 8;
            }
            if bit & odd != 0 {
                order += 4;
            }
            if count >= EVAL_EMPTIES && self.weights.is_some() {
                order -= EVAL_WEIGHT * self.estimate(child_mover, child_other, count) / SCALE;
            }
            candidate.order = order;
        }
    }

    /// The ordering's estimate of a child of a node with `parent_empties` empty squares,
    /// for the child's side to move, in 1/[`SCALE`] discs: the pattern evaluation through a
    /// search of [`sort_depth`] moves. The positions that search reaches count as
    /// positions searched.
    fn estimate(&mut self, mover: u64, other: u64, parent_empties: u32) -> i32 {
        let infinity = INFINITY * SCALE;
        self.look_ahead(mover, other, sort_depth(parent_empties), -infinity, infinity)
    }

    /// Alpha-beta over the pattern evaluation, `depth` moves deep (fail-soft, the mover's
    /// view, 1/[`SCALE`] discs; a finished game is its final score).
    fn look_ahead(&mut self, mover: u64, other: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if depth == 0 {
            return self.weights.map_or(0, |weights| weights.evaluate(mover, other));
        }
        let moves = legal_squares(mover, other, u64::MAX);
        if moves == 0 {
            if legal_squares(other, mover, u64::MAX) == 0 {
                return final_score(mover, other) * SCALE;
            }
            return -self.look_ahead(other, mover, depth, -beta, -alpha);
        }
        let mut best = -INFINITY * SCALE;
        let mut rest = moves;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let flipped = flips(bit, mover, other);
            let child = (other & !flipped, mover | flipped | bit);
            self.nodes += 1;
            let value = -self.look_ahead(child.0, child.1, depth - 1, -beta, -alpha);
            if value > best {
                best = value;
                if value >= beta {
                    break;
                }
                alpha = alpha.max(value);
            }
        }
        best
    }
}

impl ExactSolver<Othello> for Solver {
    fn score(&mut self, pos: &Othello, limits: &Limits) -> Option<Score<Move>> {
        let (value, square) = self.root(pos, limits, -INFINITY, INFINITY)?;
        let best_move = match pos.turn() {
            crate::game::Turn::Over => None,
            _ => Some(self.root_move(pos, value, square)?),
        };
        Some(Score { value, best_move })
    }

    /// A null window around zero: a fail-soft value above zero is a win, below a loss,
    /// and zero itself (inside the window, so exact) a draw.
    fn outcome(&mut self, pos: &Othello, limits: &Limits) -> Option<Outcome> {
        let (value, _) = self.root(pos, limits, -1, 1)?;
        Some(Outcome::from_sign(value))
    }

    /// One search with the null window (`bound`, `bound` + 1).
    fn exceeds(&mut self, pos: &Othello, bound: i32, limits: &Limits) -> Option<bool> {
        let (value, square) = self.root(pos, limits, bound, bound + 1)?;
        let above = value > bound;
        if above && pos.turn() != crate::game::Turn::Over {
            self.above = Some(self.root_move(pos, bound + 1, square)?);
        }
        Some(above)
    }

    fn move_above(&self) -> Option<Move> {
        self.above
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Young brothers wait on `threads` threads (see `parallel`): native builds and the
    /// page's threaded wasm.
    fn set_threads(&mut self, threads: usize) {
        #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
        {
            self.split = (threads > 1).then(|| parallel::Split::new(threads)).flatten();
        }
        #[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
        let _ = threads;
    }

    fn clear(&mut self) {
        self.table.clear();
    }
}

impl Solver {
    /// Starts a search of `pos` within `limits`: counters and clock reset, the table kept.
    fn begin(&mut self, pos: &Othello, limits: &Limits) {
        assert_eq!(
            pos.rules(),
            Size::Eight.into(),
            "the endgame solver plays 8×8 under the standard rules only"
        );
        self.nodes = 0;
        self.above = None;
        self.limits = *limits;
        let bits = Table::bits_within(limits);
        if bits != self.table.bits {
            // The old table is freed first, so that the two are never held at once.
            self.table = Arc::new(Table::new(MIN_TABLE_BITS));
            self.table = Arc::new(Table::take(bits));
        }
        self.clock = Ticker::start();
        #[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
        if let Some(split) = &mut self.split {
            // The workers' shared count holds the search to its node limit.
            split.begin(self.limits.max_nodes.take());
        }
    }

    /// A root search of `pos` within `limits` with the window (`alpha`, `beta`): its
    /// fail-soft value and the square [`Solver::deep`] recorded (a finished game: its final
    /// score); `None` if a limit stops it.
    fn root(&mut self, pos: &Othello, limits: &Limits, alpha: i32, beta: i32) -> Option<(i32, u8)> {
        self.begin(pos, limits);
        let mut best = Move::PASS.0;
        if pos.turn() == crate::game::Turn::Over {
            return Some((final_score(pos.mover, pos.waiting), best));
        }
        let (mover, other) = (pos.mover, pos.waiting);
        let value = self
            .run(|solver| solver.deep(mover, other, alpha, beta, &mut best))
            .ok()?;
        Some((value, best))
    }

    /// A move of a root (a player's turn) whose value reaches `target`, which its search
    /// showed some move does: the `recorded` square, or at a shallow root, which
    /// [`Solver::shallow`] searches without recording its move, the first move a null
    /// window shows to reach it; `None` if a limit stops that.
    fn root_move(&mut self, pos: &Othello, target: i32, recorded: u8) -> Option<Move> {
        if recorded != Move::PASS.0 || pos.legal_squares() == 0 {
            return Some(Move(recorded));
        }
        let mut squares = pos.legal_squares();
        while squares != 0 {
            let bit = squares & squares.wrapping_neg();
            squares &= squares - 1;
            let flipped = flips(bit, pos.mover, pos.waiting);
            let (mover, other) = (pos.waiting & !flipped, pos.mover | flipped | bit);
            let value = -self
                .shallow(mover, other, -target, -target + 1, !(mover | other), false)
                .ok()?;
            if value >= target {
                return Some(Move(bit.trailing_zeros() as u8));
            }
        }
        unreachable!("a root whose value reaches the target has a move reaching it")
    }
}

/// The solver for `pos`'s board: 8×8 under the standard rules only (the smaller boards and
/// the no-pass variant use generic alpha-beta).
pub(super) fn solver_for(pos: &Othello) -> Option<Box<dyn ExactSolver<Othello>>> {
    (pos.rules() == Size::Eight.into())
        .then(|| Box::new(Solver::new()) as Box<dyn ExactSolver<Othello>>)
}

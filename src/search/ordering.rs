//! Game knowledge for the exact searches: move ordering and bounds on exact values.
//!
//! The searches themselves ([`crate::search::alphabeta`]) are generic over
//! [`crate::game::Game`] and know nothing about any game. What one game's expert knows —
//! which moves to try first, what the best and worst possible score from here is — enters
//! through the small [`MoveOrdering`] trait, whose default methods know nothing: the
//! [`NoOrdering`] implementation searches moves in the game's own order with no bounds. Such
//! knowledge only ever changes how fast a search is, never its answer (the tests check that
//! reversing the order gives the same values, and the game orderings are checked against
//! published exact scores).
//!
//! This is the one module of [`crate::search`] with game-specific code:
//!
//! * [`OthelloOrdering`]: fastest first (fewest replies for the opponent) and, near the end,
//!   quadrant parity.
//! * [`ConnectFourOrdering`]: Pascal Pons' threat ordering, centre first, with his bounds
//!   from the number of stones played.
//! * [`DefaultOrdering`] names the best ordering of each game, for code that is generic over
//!   the game (the engine): tic-tac-toe and 2048 use [`NoOrdering`].
//!
//! ```
//! use pnplay::game::{Game, MoveList, tictactoe::TicTacToe};
//! use pnplay::search::ordering::{MoveOrdering, NoOrdering};
//! let pos = TicTacToe::start(&());
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! let mut scores = [0; 9];
//! NoOrdering.score_moves(&pos, &moves, &mut scores);
//! assert_eq!(scores, [0; 9]); // no opinion: the game's order is kept
//! ```

use crate::game::Game;
use crate::game::connect4::Connect4;
use crate::game::g2048::G2048;
use crate::game::othello::{Move as OthelloMove, Othello, Size as OthelloSize};
use crate::game::tictactoe::TicTacToe;

/// Game knowledge that speeds up an exact search without changing its result.
pub trait MoveOrdering<G: Game> {
    /// Gives each of `moves` (the legal moves of `pos`, a player's turn, in the game's order)
    /// a score in `scores` (same length, all zero on entry): higher scores are searched
    /// first, equal scores in the game's order. The default leaves every score at zero.
    fn score_moves(&mut self, pos: &G, moves: &[G::Move], scores: &mut [i32]) {
        let _ = (pos, moves, scores);
    }

    /// Bounds `(low, high)` on the exact value ([`Game::terminal_value`] units) of `pos`, a
    /// player's turn, from the view of the player to move. They must hold; tighter bounds
    /// prune more. The default knows none.
    fn value_bounds(&self, pos: &G) -> Option<(i32, i32)> {
        let _ = pos;
        None
    }
}

/// No knowledge: the game's own move order and no bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoOrdering;

impl<G: Game> MoveOrdering<G> for NoOrdering {}

/// The best [`MoveOrdering`] of a game, chosen by its type.
///
/// ```
/// use pnplay::game::{Game, connect4::{Connect4, Dims}};
/// use pnplay::search::Limits;
/// use pnplay::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
/// // The first player has three in the bottom row and wins with its 4th stone: 18.
/// let pos = Connect4::parse_position(&Dims::default(), "445566").unwrap();
/// let mut search = AlphaBeta::<Connect4, _>::with_default_ordering(AlphaBetaConfig::default());
/// let score = search.score(&pos, &Limits::default()).unwrap();
/// assert_eq!(score.value, 18);
/// assert!(["3", "7"].contains(&pos.format_move(score.best_move.unwrap()).as_str()));
/// ```
pub trait DefaultOrdering: Game {
    /// The ordering.
    type Ordering: MoveOrdering<Self> + Default;
}

impl DefaultOrdering for Othello {
    type Ordering = OthelloOrdering;
}

impl DefaultOrdering for Connect4 {
    type Ordering = ConnectFourOrdering;
}

impl DefaultOrdering for TicTacToe {
    type Ordering = NoOrdering;
}

impl DefaultOrdering for G2048 {
    type Ordering = NoOrdering;
}

/// Othello endgame ordering: *fastest first* (the move that leaves the opponent the fewest
/// replies, corners counted double because they are the replies that hurt), then
/// *parity*: near the end, a move into a quadrant with an odd number of empty squares, so
/// that the mover keeps the last move of each region.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OthelloOrdering;

impl OthelloOrdering {
    /// Empty squares from which on parity counts.
    const PARITY_FROM_EMPTIES: u32 = 18;
}

impl MoveOrdering<Othello> for OthelloOrdering {
    fn score_moves(&mut self, pos: &Othello, moves: &[OthelloMove], scores: &mut [i32]) {
        if moves.len() < 2 {
            return;
        }
        let size = pos.size();
        let corners = othello_corners(size);
        let empties = pos.empty_squares();
        let use_parity = empties.count_ones() <= Self::PARITY_FROM_EMPTIES;
        let half = size.side() as u8 / 2;
        for (score, &mv) in scores.iter_mut().zip(moves) {
            let Some(square) = mv.square() else {
                continue;
            };
            let mut child = *pos;
            child.play(mv);
            let replies = child.legal_squares();
            let mut value = -16 * (replies.count_ones() + (replies & corners).count_ones()) as i32;
            if (1u64 << square) & corners != 0 {
                value += 8;
            }
            if use_parity {
                let quadrant = othello_quadrant(size, square % 8 >= half, square / 8 >= half);
                if (empties & quadrant).count_ones() % 2 == 1 {
                    value += 4;
                }
            }
            *score = value;
        }
    }
}

/// The four corner squares of an Othello board.
fn othello_corners(size: OthelloSize) -> u64 {
    let last = size.side() as u32 - 1;
    [(0, 0), (last, 0), (0, last), (last, last)]
        .iter()
        .fold(0, |acc, &(c, r)| acc | 1u64 << (8 * r + c))
}

/// The squares of one quadrant of an Othello board (right half if `right`, bottom if
/// `bottom`).
fn othello_quadrant(size: OthelloSize, right: bool, bottom: bool) -> u64 {
    let half = size.side() / 2;
    let row = ((1u64 << half) - 1) << if right { half } else { 0 };
    (0..half).fold(0, |acc, r| {
        acc | row << (8 * (r + if bottom { half } else { 0 }))
    })
}

/// Connect Four knowledge from Pascal Pons' solver: bounds from the number of stones
/// played (a side that cannot win with its next stone scores less; a side that cannot
/// stop the opponent's next stone loses at once), and moves ordered by the threats they
/// create (cells where one more stone makes four), centre columns first on ties; a move
/// that wins at once comes first, a move that lets the opponent win at once comes last.
///
/// The bitboards are read from the position's key, `current + mask + bottom` (see
/// [`crate::game::connect4`]): in each column the highest set bit of the key marks the first
/// empty cell, the bits below it are the mover's stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConnectFourOrdering;

/// Pons' bitboards of a Connect Four position, with its geometry.
#[derive(Clone, Copy, Debug)]
struct FourBoards {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// The cells of the board (no sentinel bits).
    board: u64,
    /// The bottom cell of each column.
    bottom: u64,
    height: u32,
    width: u32,
}

/// `bits << n`, or 0 when the shift is 64 or more.
const fn up(bits: u64, n: u32) -> u64 {
    if n < 64 { bits << n } else { 0 }
}

/// `bits >> n`, or 0 when the shift is 64 or more.
const fn down(bits: u64, n: u32) -> u64 {
    if n < 64 { bits >> n } else { 0 }
}

impl FourBoards {
    fn of(pos: &Connect4) -> FourBoards {
        let dims = pos.dims();
        let (width, height) = (u32::from(dims.width), u32::from(dims.height));
        let column = u64::MAX >> (64 - (height + 1));
        let key = pos.key();
        let mut markers = 0;
        let mut bottom = 0;
        let mut board = 0;
        for c in 0..width {
            let shift = c * (height + 1);
            let bits = (key >> shift) & column;
            markers |= (1u64 << (63 - bits.leading_zeros())) << shift;
            bottom |= 1u64 << shift;
            board |= (column >> 1) << shift;
        }
        FourBoards {
            current: key - markers,
            mask: markers - bottom,
            board,
            bottom,
            height,
            width,
        }
    }

    /// The empty cells where a stone would complete four for the owner of `stones`
    /// (Pons' `compute_winning_position`): three in a line with the cell, in any of the
    /// four directions. The empty sentinel bit on top of each column stops every run from
    /// wrapping into the next column.
    fn winning_cells(&self, stones: u64) -> u64 {
        let h = self.height;
        // Vertical: three stones right below.
        let mut cells = up(stones, 1) & up(stones, 2) & up(stones, 3);
        // Horizontal (step h + 1) and the two diagonals (steps h and h + 2).
        for step in [h + 1, h, h + 2] {
            let pair = up(stones, step) & up(stones, 2 * step);
            cells |= pair & up(stones, 3 * step);
            cells |= pair & down(stones, step);
            let pair = down(stones, step) & down(stones, 2 * step);
            cells |= pair & up(stones, step);
            cells |= pair & down(stones, 3 * step);
        }
        cells & self.board & !self.mask
    }

    /// The cells where a stone can be dropped now.
    fn playable(&self) -> u64 {
        (self.mask + self.bottom) & self.board
    }

    /// The playable cell of column `col` (0 if the column is full).
    fn drop_cell(&self, col: u8) -> u64 {
        self.playable() & (self.column_cells(u32::from(col)))
    }

    fn column_cells(&self, col: u32) -> u64 {
        (u64::MAX >> (64 - self.height)) << (col * (self.height + 1))
    }

    /// The moves that do not let the opponent win with its next stone: blocks if the
    /// opponent threatens, and never the cell right below an opponent's winning cell.
    fn non_losing(&self) -> u64 {
        let playable = self.playable();
        let opponent_wins = self.winning_cells(self.current ^ self.mask);
        let forced = playable & opponent_wins;
        let candidates = match forced.count_ones() {
            0 => playable,
            1 => forced,
            _ => return 0,
        };
        candidates & !down(opponent_wins, 1)
    }
}

impl MoveOrdering<Connect4> for ConnectFourOrdering {
    fn score_moves(&mut self, pos: &Connect4, moves: &[u8], scores: &mut [i32]) {
        let boards = FourBoards::of(pos);
        let wins = boards.winning_cells(boards.current) & boards.playable();
        let safe = boards.non_losing();
        let width = boards.width as i32;
        for (score, &col) in scores.iter_mut().zip(moves) {
            let cell = boards.drop_cell(col);
            let centrality = width - (2 * i32::from(col) - (width - 1)).abs();
            *score = if cell & wins != 0 {
                1 << 20
            } else if cell & safe == 0 {
                -(1 << 20) + centrality
            } else {
                let threats = boards.winning_cells(boards.current | cell).count_ones() as i32;
                threats * 64 + centrality
            };
        }
    }

    fn value_bounds(&self, pos: &Connect4) -> Option<(i32, i32)> {
        let boards = FourBoards::of(pos);
        let cells = (boards.width * boards.height) as i32;
        let stones = pos.stones() as i32;
        if boards.winning_cells(boards.current) & boards.playable() != 0 {
            let win_now = (cells + 1 - stones) / 2;
            return Some((win_now, win_now));
        }
        let high = (cells - 1 - stones) / 2;
        if boards.non_losing() == 0 {
            let lose_next = -(cells - stones) / 2;
            return Some((lose_next, lose_next));
        }
        Some((-(cells - 2 - stones) / 2, high))
    }
}

//! Connect Four on a board of any size that fits a 64-bit bitboard (7 wide × 6 high by
//! default), with the bitboards of Pascal Pons' solver.
//!
//! # Bit layout
//!
//! The board is stored column-major, `H + 1` bits per column: `H` bits for the cells from
//! the bottom up and one *sentinel* bit on top that is always 0 in a stone bitboard. For the
//! standard 7 × 6 board (bit numbers):
//!
//! ```text
//!   .  .  .  .  .  .  .      <- sentinel row: always empty
//!   5 12 19 26 33 40 47      <- top row
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42      <- bottom row
//!  (sentinel bits: 6 13 20 27 34 41 48)
//! ```
//!
//! Cell (column `c`, row `r` from the bottom) is bit `c·(H + 1) + r`. A position is two
//! bitboards: `current`, the stones of the side to move, and `mask`, all stones. Because the
//! stones of a column are contiguous from the bottom, `mask + bottom(c)` carries into the
//! first empty cell of column `c`, which is how a stone is dropped. Stepping one cell in a
//! direction is a shift by a fixed amount (1 up, `H + 1` right, `H + 2` up-right, `H`
//! down-right); the empty sentinel row stops runs from wrapping from one column into the
//! next, so four in a row is two shift-and-ands per direction.
//!
//! The *key* `current + mask + bottom` is Pons' unique position key: in every column it adds
//! a 1 just above the column's stones, so each column reads as a marker bit over the side to
//! move's stones. It fits the column's `H + 1` bits, so it is exact for every allowed size.
//!
//! # Notation (SPEC.md §2)
//!
//! A move is a column: `1`..`9` from the left, then `a`..`w` for columns 10..32 on boards
//! wider than 9 (one character per move, so a position stays a plain string; letters are
//! also accepted in upper case). A position is the columns played from the empty board,
//! first player first: `4453`. The empty string is the empty board.
//!
//! # Score (the common solver's convention)
//!
//! [`Game::terminal_value`] follows Pascal Pons' solver (the scores of
//! `shared/data/connect4/c4_public.txt`): 0 for a draw; for a win, `S − k` for the winner and
//! `−(S − k)` for the loser, where `k` counts the winner's stones including the one that
//! completed four and `S` is one more than the stones the winner would have on a full board:
//! `S = W·H/2 + 1` for both players on an even board (22 on 7 × 6), and on a board with an
//! odd number of cells `⌈W·H/2⌉ + 1` for the first player and `⌊W·H/2⌋ + 1` for the second.
//! All cases are one formula, Pons' `(W·H + 1 − plies before the winning move) / 2`: with `n`
//! stones on the board after the winning move the score is `(W·H + 2 − n) / 2` (integer
//! division). An earlier win scores more: the winner of a 7 × 6 game scores from 1 (with
//! its 21st stone) to 18 (with its 4th). A move that fills the board and completes four is
//! a win, not a draw. In a finished game the side to move is the loser, so its value is
//! `−(S − k)`: the data file's "score from the side to move's view" one move after an
//! immediate win (checked against the file in `tests/games/connect4.rs`).
//!
//! Random playouts use [`Game::random_playout`]'s default: about 15 ns per move on 7 × 6, and
//! an override that picks from the bit set of open columns measured no faster.
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, connect4::{Connect4, Dims}};
//!
//! let dims = Dims::default(); // 7 × 6
//! let pos = Connect4::parse_position(&dims, "4455667").unwrap(); // first player: 4 5 6 7
//! assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
//! // 7 stones on the board: the winner's score is (42 + 2 - 7) / 2 = 18.
//! assert_eq!(pos.terminal_value(Player::First), Some(18));
//! assert_eq!(pos.terminal_value(Player::Second), Some(-18));
//! assert!(Connect4::parse_position(&dims, "1111111").is_err()); // column 1 is full
//! ```

use std::fmt;
use std::str::FromStr;

mod geometry;
pub mod ordering;
pub mod book;
pub mod every_move;
pub mod solver;
mod table;
pub use ordering::*;

use super::error::Number;
use super::family::{
    Catalogued, CellNames, Example, Facts, Family, LegendEntry, Listed, MoveStyle, Presentation,
};
use super::{Game, MoveList, Outcome, ParseError, Player, Turn};

/// How many in a row win.
const LINE: u8 = 4;

/// The size of a Connect Four board: `width` columns of `height` cells.
///
/// Any size with `width, height ≥ 1` and `width · (height + 1) ≤ 64` is allowed (the bitboard
/// needs a sentinel bit per column). Boards smaller than 4 in both directions can only end in
/// a draw. Build one with [`Dims::new`] or parse `"7x6"`; [`Game::start`] panics on a size
/// that does not fit.
///
/// ```
/// use pnplay::game::connect4::Dims;
/// let dims: Dims = "8x7".parse().unwrap();
/// assert_eq!(dims, Dims::new(8, 7).unwrap());
/// assert_eq!(dims.to_string(), "8x7");
/// assert!(Dims::new(9, 7).is_err()); // 9 · 8 = 72 bits
/// assert!("7x0".parse::<Dims>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    /// Columns.
    pub width: u8,
    /// Cells per column.
    pub height: u8,
}

impl Default for Dims {
    /// The standard 7 × 6 board.
    fn default() -> Self {
        Dims {
            width: 7,
            height: 6,
        }
    }
}

impl Dims {
    /// The widest board: 32 columns of one cell.
    pub const MAX_WIDTH: u8 = 32;

    /// A checked size: `InvalidPosition` unless `width, height ≥ 1` and
    /// `width · (height + 1) ≤ 64`.
    pub fn new(width: u8, height: u8) -> Result<Dims, ParseError> {
        let dims = Dims { width, height };
        dims.check()?;
        Ok(dims)
    }

    /// Whether this size is allowed (see [`Dims::new`]).
    pub fn check(self) -> Result<(), ParseError> {
        let bits = u32::from(self.width) * (u32::from(self.height) + 1);
        if self.width == 0 || self.height == 0 || bits > 64 {
            return Err(Dims::too_large(&self.to_string()));
        }
        Ok(())
    }

    /// The error for a board of `size` (`WxH` as given) that does not fit.
    fn too_large(size: &str) -> ParseError {
        ParseError::InvalidPosition {
            reason: format!(
                "a Connect Four board of {size} does not fit: width and height must be at \
                 least 1 and width × (height + 1) at most 64"
            ),
        }
    }

    /// The number of cells.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Bits per column, sentinel included.
    const fn column_bits(self) -> u32 {
        self.height as u32 + 1
    }

    /// The bit of the bottom cell of column `col`.
    const fn bottom(self, col: u8) -> u64 {
        1 << (col as u32 * self.column_bits())
    }

    /// The bit of the top cell of column `col`.
    const fn top(self, col: u8) -> u64 {
        self.bottom(col) << (self.height - 1)
    }

    /// The bottom cell of every column.
    fn bottom_row(self) -> u64 {
        (0..self.width).fold(0, |acc, col| acc | self.bottom(col))
    }

    /// Whether `stones` hold four in a row. Directions a board is too small for are skipped,
    /// which also keeps every shift below 64.
    fn has_four(self, stones: u64) -> bool {
        let runs = |step: u32| {
            let pairs = stones & (stones >> step);
            pairs & (pairs >> (2 * step)) != 0
        };
        let h = self.column_bits();
        let tall = self.height >= LINE;
        let wide = self.width >= LINE;
        (tall && runs(1)) || (wide && (runs(h) || (tall && (runs(h - 1) || runs(h + 1)))))
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Dims {
    type Err = ParseError;

    /// Parses `WxH` (`x` or `X`), e.g. `7x6`, and checks the size.
    fn from_str(text: &str) -> Result<Dims, ParseError> {
        let text = text.trim();
        if text.is_empty() {
            // A size is never the whole text: it follows `connect4:`.
            return Err(ParseError::Missing {
                index: 0,
                expected: "a board size such as 7x6",
            });
        }
        let mut which = 0;
        let mut digits = 0;
        for (index, c) in text.chars().enumerate() {
            match c {
                '0'..='9' => digits += 1,
                'x' | 'X' if which == 0 && digits > 0 => {
                    which = 1;
                    digits = 0;
                }
                _ => {
                    return Err(ParseError::UnexpectedChar {
                        index,
                        found: c,
                        expected: if which == 0 && digits > 0 {
                            "a digit or x"
                        } else {
                            "a digit"
                        },
                    });
                }
            }
        }
        if which == 0 || digits == 0 {
            return Err(ParseError::Missing {
                index: text.chars().count(),
                expected: if which == 0 {
                    "x and the height, as in 7x6"
                } else {
                    "the height after x, as in 7x6"
                },
            });
        }
        // Digits, `x`, digits: checked above.
        let (width, height) = text.split_once(['x', 'X']).unwrap_or((text, ""));
        match (width.parse::<u8>(), height.parse::<u8>()) {
            (Ok(width), Ok(height)) => Dims::new(width, height),
            _ => Err(Dims::too_large(&format!(
                "{}x{}",
                Number(width),
                Number(height)
            ))),
        }
    }
}

/// A Connect Four position: Pons' two bitboards plus the columns played, in order, so the
/// position text (a move list) can be written back exactly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Connect4 {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    dims: Dims,
    /// Whether the last move completed four in a row (the side to move has lost).
    last_move_won: bool,
    /// Columns played from the empty board.
    history: arrayvec::ArrayVec<u8, 64>,
}

impl Connect4 {
    /// The side to move (the game may be over).
    #[must_use]
    pub fn to_move(&self) -> Player {
        if self.history.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The board size.
    #[must_use]
    pub const fn dims(&self) -> Dims {
        self.dims
    }

    /// The number of stones on the board.
    #[must_use]
    pub fn stones(&self) -> usize {
        self.history.len()
    }

    /// The columns played from the empty board, 0-based.
    #[must_use]
    pub fn history(&self) -> &[u8] {
        &self.history
    }

    /// Who owns the cell at `col` (0-based from the left) and `row` (0-based from the
    /// bottom), if anyone. Cells off the board are empty.
    #[must_use]
    pub fn cell(&self, col: u8, row: u8) -> Option<Player> {
        if col >= self.dims.width || row >= self.dims.height {
            return None;
        }
        let bit = self.dims.bottom(col) << row;
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.to_move())
        } else {
            Some(self.to_move().opponent())
        }
    }

    fn is_full(&self) -> bool {
        self.history.len() == self.dims.cells()
    }

    fn is_over(&self) -> bool {
        self.last_move_won || self.is_full()
    }

    fn can_play(&self, col: u8) -> bool {
        col < self.dims.width && self.mask & self.dims.top(col) == 0
    }

    /// The winner, if the last move completed four.
    fn winner(&self) -> Option<Player> {
        self.last_move_won.then(|| self.to_move().opponent())
    }

    /// The column a notation character names (0-based), whatever the board width.
    fn column_from_char(c: char) -> Option<u8> {
        let value = c.to_digit(36)?;
        // '1' is column 0; '0' is no column.
        let col = u8::try_from(value.checked_sub(1)?).ok()?;
        (col < Dims::MAX_WIDTH).then_some(col)
    }

    fn char_from_column(col: u8) -> char {
        char::from_digit(u32::from(col) + 1, 36).unwrap_or('?')
    }
}

impl Game for Connect4 {
    /// At most 32 moves: one move per column, at most `Dims::MAX_WIDTH`.
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, 32>;
    /// A column, 0-based from the left.
    type Move = u8;
    /// Pons' key `current + mask + bottom`: exact for every allowed size.
    type Key = u64;
    type Variant = Dims;

    /// # Panics
    /// If `dims` is not an allowed size (see [`Dims::new`]).
    fn start(dims: &Dims) -> Self {
        if let Err(e) = dims.check() {
            panic!("{e}");
        }
        Connect4 {
            current: 0,
            mask: 0,
            dims: *dims,
            last_move_won: false,
            history: arrayvec::ArrayVec::new(),
        }
    }

    fn variant(&self) -> Dims {
        self.dims
    }

    fn turn(&self) -> Turn {
        Turn::unless_over(self.is_over(), self.to_move())
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        super::moves_unless_over(self, out, |out| {
            out.extend((0..self.dims.width).filter(|&col| self.can_play(col)));
        });
    }

    fn chance_probability(&self, _: u8) -> f64 {
        1.0
    }

    fn play(&mut self, col: u8) {
        let new_stone = (self.mask + self.dims.bottom(col)) & !self.mask;
        let mover = self.current | new_stone;
        self.mask |= new_stone;
        self.last_move_won = self.dims.has_four(mover);
        self.current = mover ^ self.mask;
        self.history.push(col);
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        Outcome::for_player(self.winner(), self.is_full(), player)
    }

    /// Pons' score (see the module documentation): `±(W·H + 2 − stones) / 2` for the winner
    /// and the loser, 0 for a draw.
    fn terminal_value(&self, player: Player) -> Option<i32> {
        let outcome = self.outcome(player)?;
        let score = (self.dims.cells() + 2 - self.stones()) as i32 / 2;
        Some(match outcome {
            Outcome::Win => score,
            Outcome::Draw => 0,
            Outcome::Loss => -score,
        })
    }

    fn key(&self) -> u64 {
        self.current + self.mask + self.dims.bottom_row()
    }

    fn parse_position(dims: &Dims, text: &str) -> Result<Self, ParseError> {
        dims.check()?;
        let mut pos = Self::start(dims);
        for (i, c) in text.trim().chars().enumerate() {
            let index = i + 1;
            let col = Self::column_from_char(c)
                .filter(|&col| col < dims.width)
                .ok_or_else(|| ParseError::UnknownMove {
                    index,
                    text: c.to_string(),
                })?;
            if pos.is_over() {
                return Err(ParseError::GameOver { index });
            }
            if !pos.can_play(col) {
                return Err(ParseError::IllegalMove {
                    index,
                    text: c.to_string(),
                });
            }
            pos.play(col);
        }
        Ok(pos)
    }

    fn format_position(&self) -> String {
        self.history
            .iter()
            .map(|&col| Self::char_from_column(col))
            .collect()
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        let text = text.trim();
        let mut chars = text.chars();
        let col = match (chars.next(), chars.next()) {
            (Some(c), None) => Self::column_from_char(c).filter(|&col| col < self.dims.width),
            _ => None,
        }
        .ok_or_else(|| ParseError::UnknownMove {
            index: 0,
            text: text.to_string(),
        })?;
        if !self.is_over() && self.can_play(col) {
            Ok(col)
        } else {
            Err(ParseError::IllegalMove {
                index: 0,
                text: text.to_string(),
            })
        }
    }

    fn format_move(&self, col: u8) -> String {
        Self::char_from_column(col).to_string()
    }
}

impl super::board::Board for Connect4 {
    fn rows(&self) -> usize {
        usize::from(self.dims.height)
    }

    fn cols(&self) -> usize {
        usize::from(self.dims.width)
    }

    /// Cells row-major from the top left, as drawn (the top row is row `height − 1`).
    fn cell(&self, index: usize) -> super::board::Cell {
        let (row_from_top, col) = (index / self.cols(), index % self.cols());
        let row = self.rows().saturating_sub(row_from_top + 1);
        self.cell(col as u8, row as u8)
            .map_or(super::board::Cell::EMPTY, super::board::Cell::piece_of)
    }

    /// The cell where the disc dropped into column `mv` lands.
    fn move_cells(&self, mv: u8) -> super::board::MoveCells {
        let col = usize::from(mv);
        let height = (0..self.dims.height)
            .take_while(|&row| self.cell(mv, row).is_some())
            .count();
        if height < self.rows() {
            super::board::MoveCells::at((self.rows() - 1 - height) * self.cols() + col)
        } else {
            super::board::MoveCells::default()
        }
    }
}

impl Catalogued for Connect4 {
    const FAMILY: Family = Family {
        id: "connect4",
        title: "Connect Four",
        grammar: "connect4 | connect4:WxH",
        listed: &[Listed::new("connect4", "Connect Four 7×6", &[8, 12, 16, 20, 24])],
        facts: Facts {
            values: "Pons' score: positive when the first player wins, the sooner the larger",
            ..Facts::two_player(Dims::MAX_WIDTH as usize)
        },
        presentation: Presentation {
            players: &["Red (first)", "Yellow (second)"],
            legend: &LegendEntry::sides("red (first)", "yellow (second)"),
            board: "slots",
            moves: MoveStyle::Column,
            cell_names: CellNames::Columns,
            notation: "the columns played, 1-based, like 4453",
            ..Presentation::BOARD
        },
        examples: &[
            Example {
                name: "Open three (Red to move wins: 5)",
                game: "connect4",
                text: "4433",
                source: "made for this page: after 4 4 3 3, Red's 5 (or 2) makes an open \
                         three on the bottom row that Yellow cannot block on both sides; \
                         pnplay score gives +18 with 5",
            },
            Example {
                name: "Centre column full (Red to move wins)",
                game: "connect4",
                text: "44444433",
                source: "made for this page: the centre column filled, then 3 3; \
                         pnplay score gives +16 with 5",
            },
            Example {
                name: "Yellow to move loses",
                game: "connect4",
                text: "4455334",
                source: "made for this page: Red threatens two wins on the bottom row; \
                         pnplay score gives −17 for Yellow",
            },
        ],
    };

    fn parse_name(name: &str) -> Option<Result<Dims, ParseError>> {
        match name {
            "connect4" => Some(Ok(Dims::default())),
            _ => name.strip_prefix("connect4:").map(str::parse),
        }
    }

    fn name(dims: &Dims) -> String {
        if *dims == Dims::default() {
            "connect4".to_string()
        } else {
            format!("connect4:{dims}")
        }
    }
}

//! Board-rows text, the position notation of the games whose boards are grids of pieces
//! (SPEC.md §2; issue 12's "board-rows text with side to move"): the rows from the top, each a
//! string of cell characters, separated by `/`, then words after a blank (the side to move and
//! what else the game needs). Knightthrough, Gomoku and Lines of Action parse and format their
//! boards here, so every such notation reports mistakes the same way, naming the row and column;
//! the words after the side to move that count moves and passes are shared with Awari.
//!
//! ```
//! use pnplay::game::{ParseError, rows::{Rows, Separators}};
//! const GRID: Rows = Rows {
//!     rows: 2,
//!     cols: 3,
//!     cells: "-XO",
//!     any_case: true,
//!     separators: Separators::Required,
//!     expected: "X, O or -",
//! };
//! let board = GRID.parse("X-o/--X O 2").unwrap();
//! assert_eq!(board.cells, [1, 0, 2, 0, 0, 1]);
//! assert_eq!(board.words, [(8, "O"), (10, "2")]);
//! assert_eq!(GRID.format(|i| board.cells[i]), "X-O/--X");
//! assert_eq!(
//!     GRID.parse("X-o/-*X O"),
//!     Err(ParseError::BadCell { row: 2, column: 2, index: 5, found: '*', expected: "X, O or -" })
//! );
//! assert_eq!(
//!     GRID.parse("X-o/-- O"),
//!     Err(ParseError::RowLength { row: 2, expected: 3, found: 2 })
//! );
//! ```

use super::{ParseError, Player};

/// Whether the rows of a board text must be separated by `/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separators {
    /// Every row ends with a `/` but the last.
    Required,
    /// Either every row ends with a `/` but the last, or there is no `/` at all and the cells
    /// follow one another row after row.
    Optional,
}

/// The shape of one game's board text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows {
    /// Rows of the board.
    pub rows: usize,
    /// Cells a row.
    pub cols: usize,
    /// The cell characters: a cell's value is its character's place here (`"-WB"`: `-` is
    /// 0, `W` 1, `B` 2).
    pub cells: &'static str,
    /// Whether a lower-case letter stands for its upper-case cell character too.
    pub any_case: bool,
    /// Whether the rows must be separated by `/`.
    pub separators: Separators,
    /// What a cell may be, in words for messages (`W, B or -`).
    pub expected: &'static str,
}

/// A board read from text: its cells and the words after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<'t> {
    /// The cells' values, row by row from the top ([`Rows::cells`]).
    pub cells: Vec<u8>,
    /// The blank-separated words after the board, each with the offset (in characters) of
    /// its first character in the text.
    pub words: Vec<(usize, &'t str)>,
    /// The text's length in characters: where a missing word was expected.
    pub end: usize,
}

impl Rows {
    /// A square board of `side` rows of `side` cells, the rows separated by `/`, the cell
    /// characters `cells` (upper case only), `expected` in words: what a game writes its own
    /// fields over (`Rows { any_case: true, ..Rows::square(15, "-XO", "X, O or -") }`).
    #[must_use]
    pub const fn square(side: usize, cells: &'static str, expected: &'static str) -> Rows {
        Rows {
            rows: side,
            cols: side,
            cells,
            any_case: false,
            separators: Separators::Required,
            expected,
        }
    }

    /// The value of the cell character `c`, if it is one.
    fn value(&self, c: char) -> Option<u8> {
        let c = if self.any_case {
            c.to_ascii_uppercase()
        } else {
            c
        };
        self.cells
            .chars()
            .position(|cell| cell == c)
            .map(|at| at as u8)
    }

    /// Reads the board at the start of `text` (after any blanks) up to the first blank, and
    /// splits the rest into words. Errors name the row and column (from 1, rows from the top)
    /// of a bad cell, the row whose length is wrong, or the board's number of cells.
    pub fn parse<'t>(&self, text: &'t str) -> Result<Parsed<'t>, ParseError> {
        let start = text.len() - text.trim_start().len();
        let board_end = text[start..]
            .find(char::is_whitespace)
            .map_or(text.len(), |at| start + at);
        let board = &text[start..board_end];
        let first = text[..start].chars().count();
        let mut cells = Vec::with_capacity(self.rows * self.cols);
        let split = self.separators == Separators::Required || board.contains('/');
        let mut index = first;
        let pieces: Vec<&str> = if split {
            board.split('/').collect()
        } else {
            vec![board]
        };
        for (row, piece) in pieces.iter().enumerate() {
            let mut length = 0;
            for c in piece.chars() {
                let at = cells.len() + length;
                let (r, column) = if split {
                    (row, length)
                } else {
                    (at / self.cols, at % self.cols)
                };
                let value = self.value(c).ok_or(ParseError::BadCell {
                    row: r + 1,
                    column: column + 1,
                    index,
                    found: c,
                    expected: self.expected,
                })?;
                cells.push(value);
                index += 1;
                length += 1;
            }
            if split && row < self.rows && length != self.cols {
                return Err(ParseError::RowLength {
                    row: row + 1,
                    expected: self.cols,
                    found: length,
                });
            }
            index += 1; // the `/`
        }
        if cells.len() != self.rows * self.cols {
            return Err(ParseError::WrongLength {
                what: "cells",
                expected: self.rows * self.cols,
                found: cells.len(),
            });
        }
        Ok(Parsed {
            cells,
            words: words(text, board_end),
            end: text.chars().count(),
        })
    }

    /// The board text of the cells whose values `value(i)` gives (`i` row by row from the
    /// top), rows separated by `/`.
    pub fn format(&self, value: impl Fn(usize) -> u8) -> String {
        let symbols: Vec<char> = self.cells.chars().collect();
        let mut text = String::with_capacity(self.rows * (self.cols + 1));
        for row in 0..self.rows {
            if row > 0 {
                text.push('/');
            }
            for column in 0..self.cols {
                text.push(symbols[usize::from(value(row * self.cols + column))]);
            }
        }
        text
    }
}

/// The blank-separated words of `text` from byte `from` on, each with its offset in
/// characters from the start of `text`.
fn words(text: &str, from: usize) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let offsets = text[..from].chars().count()..;
    for (offset, (byte, c)) in offsets.zip(text[from..].char_indices()) {
        match (c.is_whitespace(), start) {
            (true, Some((at, chars))) => {
                found.push((chars, &text[from + at..from + byte]));
                start = None;
            }
            (false, None) => start = Some((byte, offset)),
            _ => {}
        }
    }
    if let Some((at, chars)) = start {
        found.push((chars, &text[from + at..]));
    }
    found
}

/// The side to move from the first word after a board: `names[0]` for the first player,
/// `names[1]` for the second (compared without case when `any_case`). A missing word is
/// [`ParseError::Missing`] at `end` (the text's length), another word
/// [`ParseError::UnexpectedChar`] at its start; both say `expected` (`W or B`).
pub fn side_to_move(
    word: Option<&(usize, &str)>,
    names: [&str; 2],
    any_case: bool,
    (expected, end): (&'static str, usize),
) -> Result<Player, ParseError> {
    let Some(&(index, word)) = word else {
        return Err(ParseError::Missing {
            index: end,
            expected,
        });
    };
    let is = |name: &str| {
        if any_case {
            word.eq_ignore_ascii_case(name)
        } else {
            word == name
        }
    };
    if is(names[0]) {
        Ok(Player::First)
    } else if is(names[1]) {
        Ok(Player::Second)
    } else {
        Err(ParseError::UnexpectedChar {
            index,
            found: word.chars().next().unwrap_or(' '),
            expected,
        })
    }
}

/// The optional words after the side to move of games that count moves and passes (Awari's
/// and Lines of Action's notation): the number of moves played (at most `limit`; 0 when
/// absent), then `passed` after a pass or `passed twice` after two. Returns the moves and
/// the passes in a row.
pub fn moves_and_passes(words: &[(usize, &str)], limit: u16) -> Result<(u16, u8), ParseError> {
    let (mut moves, mut passes) = (0, 0);
    for (n, &(index, word)) in words.iter().enumerate() {
        if n == 0 && word.bytes().all(|b| b.is_ascii_digit()) {
            moves =
                word.parse::<u16>()
                    .ok()
                    .filter(|&m| m <= limit)
                    .ok_or(ParseError::TooLarge {
                        index,
                        what: "moves played",
                        limit: usize::from(limit),
                    })?;
        } else if word == "passed" && passes == 0 {
            passes = 1;
        } else if word == "twice" && passes == 1 {
            passes = 2;
        } else {
            return Err(ParseError::UnexpectedChar {
                index,
                found: word.chars().next().unwrap_or(' '),
                expected: "the number of moves played, then `passed` (or `passed twice`) after passes",
            });
        }
    }
    Ok((moves, passes))
}

/// The words [`moves_and_passes`] reads, each after a blank: the moves if any were played,
/// then the passes (empty for a position with neither).
#[must_use]
pub fn format_moves_and_passes(moves: u16, passes: u8) -> String {
    let mut text = String::new();
    if moves > 0 {
        text.push_str(&format!(" {moves}"));
    }
    match passes {
        0 => {}
        1 => text.push_str(" passed"),
        _ => text.push_str(" passed twice"),
    }
    text
}

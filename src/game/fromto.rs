//! Moves of a piece from one cell to another on a board kept as 64-bit bitboards (bit
//! `8 · row + file`, row 0 at the top), in the notation of the PN-MCTS paper's piece-moving
//! games (issue 12): cells named as in chess (files `a`… from the left, ranks `1`… from the
//! bottom), moves as `from-to` (`b1-c3`; `b1c3` and `b1xc3` are read too) or `pass`, and
//! positions given as the moves from the start (read by [`super::move_text`]). Knightthrough and Lines of Action share it.
//!
//! ```
//! use pnplay::game::fromto::{self, Move};
//! let mv = fromto::parse_word("b1-c3", 8).unwrap();
//! assert_eq!(mv.cells(), Some((57, 42)));
//! assert_eq!(fromto::format(mv, 8), "b1-c3");
//! assert_eq!(fromto::parse_word("b1xc3", 8), Some(mv));
//! assert_eq!(fromto::parse_word("PASS", 7), Some(Move::PASS));
//! assert_eq!(fromto::parse_word("h1-h3", 7), None); // no file h on 7×7
//! ```

/// A move: a piece from one cell to another (cells as bit numbers), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// The pass of a player who cannot move.
    pub const PASS: Move = Move { from: 64, to: 64 };

    /// The move from bit `from` to bit `to` (both below 64).
    #[must_use]
    pub const fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    /// Whether this is the pass.
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.from >= 64
    }

    /// The cells (bit numbers, `8 · row + file` from the top left) the piece leaves and
    /// lands on; `None` for a pass.
    #[must_use]
    pub const fn cells(self) -> Option<(usize, usize)> {
        if self.is_pass() {
            None
        } else {
            Some((self.from as usize, self.to as usize))
        }
    }
}

/// The cells a view draws `mv` with on a `side × side` board (cells numbered row by row
/// from the top left): from and to, nothing for a pass.
#[must_use]
pub fn move_cells(mv: Move, side: usize) -> super::board::MoveCells {
    let index = |bit: usize| (bit / 8) * side + bit % 8;
    mv.cells()
        .map_or_else(Default::default, |(from, to)| super::board::MoveCells {
            from: Some(index(from)),
            to: Some(index(to)),
            drop: None,
        })
}

/// The chess name of cell `bit` on a board of `side` ranks: `a8` for 0 when `side` is 8.
#[must_use]
pub fn cell_name(bit: usize, side: usize) -> String {
    let (row, file) = (bit / 8, bit % 8);
    format!("{}{}", char::from(b'a' + file as u8), side - row)
}

/// The bit of the cell named by two characters (`b1`) on a `side × side` board, if any.
fn parse_cell(file: char, rank: char, side: usize) -> Option<u8> {
    let side = side as u32;
    let file = u32::from(file.to_ascii_lowercase()).checked_sub(u32::from('a'))?;
    let rank = rank.to_digit(10)?.checked_sub(1)?;
    (file < side && rank < side).then(|| (8 * (side - 1 - rank) + file) as u8)
}

/// A move word (`b1-c3`, `b1c3`, `b1xc3`, `pass`) on a `side × side` board, legal or not.
#[must_use]
pub fn parse_word(word: &str, side: usize) -> Option<Move> {
    if word.eq_ignore_ascii_case("pass") {
        return Some(Move::PASS);
    }
    let chars: Vec<char> = word.chars().collect();
    match chars.as_slice() {
        [a, b, c, d] | [a, b, '-' | 'x' | 'X', c, d] => Some(Move {
            from: parse_cell(*a, *b, side)?,
            to: parse_cell(*c, *d, side)?,
        }),
        _ => None,
    }
}

/// The word of a move on a board of `side` ranks: `b1-c3` or `pass`.
#[must_use]
pub fn format(mv: Move, side: usize) -> String {
    match mv.cells() {
        None => "pass".to_string(),
        Some((from, to)) => format!("{}-{}", cell_name(from, side), cell_name(to, side)),
    }
}

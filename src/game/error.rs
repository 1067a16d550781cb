//! The one error type for every notation of every game: each variant names what is wrong
//! and where, so the CLI can print one clear line and the page can show it.

use std::fmt;

/// What is wrong with a piece of position or move text.
///
/// Positions are counted in characters from 0 for position text, and in moves from 1 for
/// move lists (the first move is move 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The text is empty where something is required.
    Empty {
        /// What was expected.
        expected: &'static str,
    },
    /// A board has the wrong number of cells.
    WrongLength {
        /// How many cells the variant needs.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// A character that cannot stand here.
    UnexpectedChar {
        /// Character offset in the text.
        index: usize,
        /// The character found.
        found: char,
        /// What could stand here instead.
        expected: &'static str,
    },
    /// A word that is not a move in the game's notation.
    UnknownMove {
        /// Move number in a move list (1-based), or 0 for a single move.
        index: usize,
        /// The text that was given.
        text: String,
    },
    /// A move in the right notation that is not legal in the position.
    IllegalMove {
        /// Move number in a move list (1-based), or 0 for a single move.
        index: usize,
        /// The move as given.
        text: String,
    },
    /// A move given after the game had already ended.
    GameOver {
        /// Move number in a move list (1-based).
        index: usize,
    },
    /// Well-formed text that describes a position the rules do not allow.
    InvalidPosition {
        /// Which rule it breaks.
        reason: String,
    },
    /// Text that describes something larger than the engine accepts.
    TooLarge {
        /// Character offset in the text where the limit was passed.
        index: usize,
        /// What is too large (`nodes`, `children of one node`, `depth`, `label`).
        what: &'static str,
        /// The most allowed.
        limit: usize,
    },
    /// A name given twice where names must be distinct (two children with one label).
    Duplicate {
        /// Character offset of the second use.
        index: usize,
        /// The name.
        name: String,
    },
    /// A game name or variant the engine does not know.
    UnknownGame {
        /// The name as given.
        name: String,
    },
    /// A character that is not a cell of the game in a board-rows text
    /// ([`super::rows`]).
    BadCell {
        /// The row, from 1 at the top.
        row: usize,
        /// The column, from 1 at the left.
        column: usize,
        /// Character offset in the text.
        index: usize,
        /// The character found.
        found: char,
        /// What a cell may be.
        expected: &'static str,
    },
    /// A row of a board-rows text with too few or too many cells ([`super::rows`]).
    RowLength {
        /// The row, from 1 at the top.
        row: usize,
        /// Cells a row of this board has.
        expected: usize,
        /// Cells the row was given.
        found: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty { expected } => write!(f, "empty text: expected {expected}"),
            ParseError::WrongLength { expected, found } => {
                write!(f, "board has {found} cells, expected {expected}")
            }
            ParseError::UnexpectedChar {
                index,
                found,
                expected,
            } => write!(
                f,
                "unexpected character {found:?} at position {index}: expected {expected}"
            ),
            ParseError::UnknownMove { index: 0, text } => write!(f, "not a move: {text:?}"),
            ParseError::UnknownMove { index, text } => {
                write!(f, "move {index}: not a move: {text:?}")
            }
            ParseError::IllegalMove { index: 0, text } => {
                write!(f, "illegal move {text:?} in this position")
            }
            ParseError::IllegalMove { index, text } => {
                write!(f, "move {index}: illegal move {text:?}")
            }
            ParseError::GameOver { index } => {
                write!(f, "move {index}: the game was already over")
            }
            ParseError::InvalidPosition { reason } => write!(f, "invalid position: {reason}"),
            ParseError::TooLarge { index, what, limit } => {
                write!(f, "too large at position {index}: at most {limit} {what}")
            }
            ParseError::Duplicate { index, name } => {
                write!(f, "{name:?} given twice (again at position {index})")
            }
            ParseError::UnknownGame { name } => write!(f, "unknown game {name:?}"),
            ParseError::BadCell {
                row,
                column,
                index,
                found,
                expected,
            } => write!(
                f,
                "row {row}, column {column} (position {index}): unexpected character {found:?}, \
                 expected a cell: {expected}"
            ),
            ParseError::RowLength {
                row,
                expected,
                found,
            } => write!(f, "row {row} has {found} cells, expected {expected}"),
        }
    }
}

impl std::error::Error for ParseError {}

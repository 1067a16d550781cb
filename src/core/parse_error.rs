//! The one error type for every notation of every game: each variant names what is wrong
//! and where, so the CLI can print one clear line and the page can show it. Text from the
//! input that a message repeats is elided when long ([`Elided`]), so a message stays one short
//! line whatever was typed.

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
    /// Text that ends before something it needs (the text itself is not empty).
    Missing {
        /// Character offset where it was expected (the text's length).
        index: usize,
        /// What was expected.
        expected: &'static str,
    },
    /// A list with the wrong number of items: cells of a board, fields of a position.
    WrongLength {
        /// What the items are (`cells`, `fields separated by /`), plural.
        what: &'static str,
        /// How many the variant needs.
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
    /// ([`crate::game::rows`]).
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
    /// A row of a board-rows text with too few or too many cells ([`crate::game::rows`]).
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
            ParseError::Missing { index, expected } => {
                write!(f, "the text ends at position {index}: expected {expected}")
            }
            ParseError::WrongLength {
                what,
                expected,
                found,
            } => write!(f, "expected {expected} {what}, found {found}"),
            ParseError::UnexpectedChar {
                index,
                found,
                expected,
            } => write!(
                f,
                "unexpected character {found:?} at position {index}: expected {expected}"
            ),
            ParseError::UnknownMove { index: 0, text } => {
                write!(f, "not a move: {}", Elided(text))
            }
            ParseError::UnknownMove { index, text } => {
                write!(f, "move {index}: not a move: {}", Elided(text))
            }
            ParseError::IllegalMove { index: 0, text } => {
                write!(f, "illegal move {} in this position", Elided(text))
            }
            ParseError::IllegalMove { index, text } => {
                write!(f, "move {index}: illegal move {}", Elided(text))
            }
            ParseError::GameOver { index } => {
                write!(f, "move {index}: the game was already over")
            }
            ParseError::InvalidPosition { reason } => write!(f, "invalid position: {reason}"),
            ParseError::TooLarge { index, what, limit } => {
                write!(f, "too large at position {index}: at most {limit} {what}")
            }
            ParseError::Duplicate { index, name } => {
                write!(
                    f,
                    "{} given twice (again at position {index})",
                    Elided(name)
                )
            }
            ParseError::UnknownGame { name } => write!(f, "unknown game {}", Elided(name)),
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

/// Input text as a message repeats it: quoted, and if longer than [`Elided::KEEP`] characters,
/// its start and its length (`"xxxx…"…(131072 bytes)`), so a 131 KB token or a 309-digit
/// number does not fill the screen.
///
/// ```
/// use pnplay::game::error::Elided;
/// assert_eq!(Elided("e4").to_string(), r#""e4""#);
/// let long = "9".repeat(309);
/// assert_eq!(Elided(&long).to_string(), format!("\"{}\"…(309 bytes)", "9".repeat(40)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Elided<'a>(pub &'a str);

impl Elided<'_> {
    /// The most characters repeated in full.
    pub const KEEP: usize = 40;

    /// `text`'s start if `text` is longer than [`Elided::KEEP`] characters as a message writes
    /// them: a character written as an escape (`\u{301}`, a lone combining accent) counts
    /// for each character of its escape, so 40 accents do not become 320 characters.
    fn head(text: &str) -> Option<&str> {
        let mut width = 0;
        for (end, c) in text.char_indices() {
            // As a quoted text writes it: `'` stays itself there.
            width += if c == '\'' {
                1
            } else {
                c.escape_debug().count()
            };
            if width > Self::KEEP {
                return Some(&text[..end]);
            }
        }
        None
    }

    /// A message written by someone else (a command-line parser or a JSON reader that repeats
    /// the value it refuses) on one line (line breaks made spaces) with each word longer than
    /// twice [`Elided::KEEP`] characters cut to its first [`Elided::KEEP`] (words elided
    /// already are shorter).
    ///
    /// ```
    /// use pnplay::game::error::Elided;
    /// let message = format!("invalid value '{}' for '<GAME>'", "q".repeat(300));
    /// assert_eq!(Elided::words(&message), format!("invalid value '{}…(302 bytes) for '<GAME>'", "q".repeat(39)));
    /// ```
    #[must_use]
    pub fn words(message: &str) -> String {
        let words: Vec<String> = message
            .split([' ', '\n', '\r'])
            .map(|word| match Self::head(word) {
                Some(head) if word.chars().count() > 2 * Self::KEEP => {
                    format!("{head}…({} bytes)", word.len())
                }
                _ => word.to_string(),
            })
            .collect();
        words.join(" ")
    }
}

/// A number from the input as a message repeats it: in full up to [`Elided::KEEP`] digits,
/// else its first digits and how many there are (`99999…(309 digits)`).
///
/// ```
/// use pnplay::game::error::Number;
/// assert_eq!(Number("999999999").to_string(), "999999999");
/// assert_eq!(Number(&"9".repeat(309)).to_string(), format!("{}…(309 digits)", "9".repeat(40)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Number<'a>(pub &'a str);

impl Number<'_> {
    /// Whether `text` is a whole number written in ASCII digits (of any length): a number
    /// too large for its field is out of range, not an unknown word.
    #[must_use]
    pub fn is(text: &str) -> bool {
        !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
    }
}

impl fmt::Display for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        match Elided::head(text) {
            None => f.write_str(text),
            Some(head) => write!(f, "{head}…({} digits)", text.chars().count()),
        }
    }
}

/// A real number as a message repeats it: as Rust writes it where that is short, in
/// scientific notation where it would take more than 16 digits (`1e308`, not 309 digits).
///
/// ```
/// use pnplay::game::error::Real;
/// assert_eq!(Real(0.25).to_string(), "0.25");
/// assert_eq!(Real(1e308).to_string(), "1e308");
/// assert_eq!(Real(f64::INFINITY).to_string(), "inf");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Real(pub f64);

impl fmt::Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        let plain = x.to_string();
        if plain.len() > 16 && x.is_finite() {
            write!(f, "{x:e}")
        } else {
            f.write_str(&plain)
        }
    }
}

impl fmt::Display for Elided<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        match Self::head(text) {
            None => write!(f, "{text:?}"),
            Some(head) => write!(f, "{head:?}…({} bytes)", text.len()),
        }
    }
}

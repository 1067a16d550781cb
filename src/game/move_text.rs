//! Moves read from text, the same way in every game (SPEC.md §2): one move for
//! [`Game::parse_move`], and a position given as the moves played from the start, numbered
//! from 1 in the errors (not a move, a move after the end, an illegal move). Each game brings
//! only how it reads one word; cutting a list written without blanks (`f5d6c3`, `h8i9`) into
//! words is shared too.
//!
//! ```
//! use pnplay::game::{move_text, tictactoe::TicTacToe, Game, ParseError};
//! let start = TicTacToe::start(&());
//! let read = |word: &str| move_text::single_char(word).and_then(|c| c.to_digit(10)).map(|d| d as u8 - 1);
//! assert_eq!(move_text::read_one(&start, " 5 ", read), Ok(4));
//! let pos = move_text::play_words(start.clone(), ["5", "1"], read).unwrap();
//! assert_eq!(pos.format_position(), "51");
//! assert_eq!(
//!     move_text::play_words(start, ["5", "5"], read).unwrap_err(),
//!     ParseError::IllegalMove { index: 2, text: "5".to_string() }
//! );
//! assert_eq!(move_text::glued_words("f5 d6PASSc3", |c| c.is_whitespace(), |_| 2), ["f5", "d6", "PASS", "c3"]);
//! ```

use super::{Game, ParseError, Turn};

/// The move `read` makes of `text` (trimmed) if it is legal in `pos`: else
/// [`ParseError::UnknownMove`] or [`ParseError::IllegalMove`] naming the word. For
/// [`Game::parse_move`] implementations.
pub fn read_one<G: Game>(
    pos: &G,
    text: &str,
    read: impl FnOnce(&str) -> Option<G::Move>,
) -> Result<G::Move, ParseError> {
    let word = text.trim();
    let mv = read(word).ok_or_else(|| ParseError::UnknownMove {
        index: 0,
        text: word.to_string(),
    })?;
    pos.check_legal(mv, word)
}

/// Plays `words` from `start`, reading each with `read`; the errors number the moves from 1.
pub fn play_words<G: Game, W: AsRef<str>>(
    start: G,
    words: impl IntoIterator<Item = W>,
    read: impl Fn(&str) -> Option<G::Move>,
) -> Result<G, ParseError> {
    let mut pos = start;
    for (i, word) in words.into_iter().enumerate() {
        let (index, word) = (i + 1, word.as_ref());
        let mv = read(word).ok_or_else(|| ParseError::UnknownMove {
            index,
            text: word.to_string(),
        })?;
        if pos.turn() == Turn::Over {
            return Err(ParseError::GameOver { index });
        }
        pos.check_legal(mv, word)
            .map_err(|_| ParseError::IllegalMove {
                index,
                text: word.to_string(),
            })?;
        pos.play(mv);
    }
    Ok(pos)
}

/// The words of a move list that may be written without blanks: characters where `skip` holds
/// stand between words; a word is `pass` (any case) or the `length` characters that the rest
/// of the text starts with (at least one).
pub fn glued_words(
    text: &str,
    skip: impl Fn(char) -> bool,
    length: impl Fn(&[char]) -> usize,
) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut words = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        if skip(chars[at]) {
            at += 1;
            continue;
        }
        let rest = &chars[at..];
        let is_pass = rest.len() >= 4
            && rest[..4]
                .iter()
                .zip("pass".chars())
                .all(|(c, p)| c.eq_ignore_ascii_case(&p));
        let length = if is_pass {
            4
        } else {
            length(rest).clamp(1, rest.len())
        };
        words.push(rest[..length].iter().collect());
        at += length;
    }
    words
}

/// The one character of `word`, if it is one character long.
#[must_use]
pub fn single_char(word: &str) -> Option<char> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

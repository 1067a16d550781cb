//! Connect Four's opening book (issue 32): the exact score of every position of at most
//! `depth` stones, one entry per position up to the mirror, made by `pnplay book` from the
//! game's own solver and read by [`every_move`](super::every_move) before it searches.
//!
//! * **Positions.** [`positions_at`] lists the positions of exactly `plies` stones whose
//!   game is not over, one per class under the left–right mirror ([`canonical_key`]), in
//!   ascending key order: the units `pnplay book build` deals to its shards.
//! * **Derivation.** The solver scores only the deepest layer; [`Book::derive`] gives every
//!   shallower position the exact score negamax gives over its children (a child whose game
//!   is over scores by the rules), so the shallow layers cost no search at all.
//! * **File.** [`Book::to_bytes`]: the magic `PNC4BOOK`, a format byte (1), the board's
//!   width and height, the depth, the entry count (`u32`), the commit that made it (a length
//!   byte and UTF-8), then the entries' keys (`u64`, strictly ascending) and their scores
//!   (`i8`, from the side to move's view), all little-endian. [`Book::from_bytes`] checks
//!   every field and names the one that is wrong.
//!
//! ```
//! use pnplay::game::Game;
//! use pnplay::game::connect4::{Connect4, Dims, book::{Book, positions_at}};
//! let dims = Dims::new(4, 4).unwrap();
//! // Every 4 × 4 game is a draw: score the 3-stone layer 0 and derive the rest.
//! let leaves = positions_at(dims, 3).iter().map(|pos| (pnplay::game::connect4::book::canonical_key(pos), 0)).collect();
//! let book = Book::derive(dims, 3, &leaves, "example").unwrap();
//! assert_eq!(book.score(&Connect4::start(&dims)), Some(0));
//! assert_eq!(Book::from_bytes(&book.to_bytes()).unwrap(), book);
//! ```

use std::collections::HashMap;

use super::{Connect4, Dims};
use crate::error::Error;
use crate::game::{Game, MoveList};

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"PNC4BOOK";
/// The file format this module writes and reads.
const FORMAT: u8 = 1;

/// An error about the book (field `book`, or the header field named).
fn book_error(field: &str, message: String) -> Error {
    Error::BadParameter {
        name: field.to_string(),
        message,
    }
}

/// The key of `key`'s position mirrored left to right (Pons' key is one `H + 1`-bit field
/// per column, so mirroring reverses the fields).
#[must_use]
pub fn mirror_key(dims: Dims, key: u64) -> u64 {
    let bits = dims.column_bits();
    let field = (1u64 << bits) - 1;
    (0..u32::from(dims.width)).fold(0, |mirrored, col| {
        let column = (key >> (col * bits)) & field;
        mirrored | (column << ((u32::from(dims.width) - 1 - col) * bits))
    })
}

/// The book's key of `pos`: the smaller of its key and its mirror's.
#[must_use]
pub fn canonical_key(pos: &Connect4) -> u64 {
    let key = pos.key();
    key.min(mirror_key(pos.dims(), key))
}

/// The positions of exactly `plies` stones whose game is not over, one per mirror class
/// (the first reached, parents and columns in order), sorted by [`canonical_key`].
#[must_use]
pub fn positions_at(dims: Dims, plies: usize) -> Vec<Connect4> {
    let mut layer = vec![Connect4::start(&dims)];
    let mut moves = MoveList::<Connect4>::new();
    for _ in 0..plies {
        let mut next: HashMap<u64, Connect4> = HashMap::new();
        for pos in &layer {
            pos.legal_moves(&mut moves);
            for &col in &moves {
                let mut child = pos.clone();
                child.play(col);
                if !child.is_over() {
                    next.entry(canonical_key(&child)).or_insert(child);
                }
            }
        }
        let mut sorted: Vec<(u64, Connect4)> = next.into_iter().collect();
        sorted.sort_unstable_by_key(|&(key, _)| key);
        layer = sorted.into_iter().map(|(_, pos)| pos).collect();
    }
    layer
}

/// The exact score of every position of at most `depth` stones on a board of `dims`, up
/// to the mirror (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    dims: Dims,
    depth: u8,
    commit: String,
    /// Canonical keys, strictly ascending.
    keys: Vec<u64>,
    /// The score of the position of the same index, for its side to move.
    scores: Vec<i8>,
}

impl Book {
    /// The book of depth `depth` whose deepest layer ([`positions_at`]`(dims, depth)`) scores
    /// `leaves` (canonical key → score for the side to move): the shallower layers derived
    /// by negamax.
    ///
    /// # Errors
    /// A deepest position without a score, a key in `leaves` that is not one of them, a
    /// depth past the board's cells or 255, or a commit text over 255 bytes (field `book`).
    pub fn derive(
        dims: Dims,
        depth: usize,
        leaves: &HashMap<u64, i32>,
        commit: &str,
    ) -> Result<Book, Error> {
        if depth > dims.cells() || depth > usize::from(u8::MAX) {
            return Err(book_error(
                "depth",
                format!("depth: {depth} is more than the {} cells of {dims}", dims.cells()),
            ));
        }
        if commit.len() > usize::from(u8::MAX) {
            return Err(book_error("commit", "commit: at most 255 bytes".to_string()));
        }
        let deepest = positions_at(dims, depth);
        if let Some(pos) = deepest.iter().find(|pos| !leaves.contains_key(&canonical_key(pos))) {
            return Err(book_error(
                "book",
                format!("book: no score for {} ({depth} stones)", pos.format_position()),
            ));
        }
        if leaves.len() != deepest.len() {
            return Err(book_error(
                "book",
                format!(
                    "book: {} scores for the {} positions of {depth} stones",
                    leaves.len(),
                    deepest.len()
                ),
            ));
        }
        let mut scores: HashMap<u64, i32> = leaves.clone();
        let mut moves = MoveList::<Connect4>::new();
        for plies in (0..depth).rev() {
            for pos in positions_at(dims, plies) {
                pos.legal_moves(&mut moves);
                let best = moves
                    .iter()
                    .map(|&col| {
                        let mut child = pos.clone();
                        child.play(col);
                        child
                            .terminal_value(pos.to_move())
                            .unwrap_or_else(|| -scores[&canonical_key(&child)])
                    })
                    .max()
                    .unwrap_or(0);
                scores.insert(canonical_key(&pos), best);
            }
        }
        let mut entries: Vec<(u64, i8)> = scores
            .into_iter()
            .map(|(key, score)| (key, score as i8))
            .collect();
        entries.sort_unstable_by_key(|&(key, _)| key);
        Ok(Book {
            dims,
            depth: depth as u8,
            commit: commit.to_string(),
            keys: entries.iter().map(|&(key, _)| key).collect(),
            scores: entries.iter().map(|&(_, score)| score).collect(),
        })
    }

    /// The board size.
    #[must_use]
    pub const fn dims(&self) -> Dims {
        self.dims
    }

    /// The most stones of a position it holds.
    #[must_use]
    pub fn depth(&self) -> usize {
        usize::from(self.depth)
    }

    /// The commit of the `pnplay` that made it.
    #[must_use]
    pub fn commit(&self) -> &str {
        &self.commit
    }

    /// How many positions it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether it holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The exact score of `pos` for its side to move, if the book holds it (a position of
    /// its board, not over, of at most its depth stones).
    #[must_use]
    pub fn score(&self, pos: &Connect4) -> Option<i32> {
        if pos.dims() != self.dims || pos.stones() > self.depth() {
            return None;
        }
        let at = self.keys.binary_search(&canonical_key(pos)).ok()?;
        Some(i32::from(self.scores[at]))
    }

    /// Its entries: canonical key and score, keys ascending.
    pub fn entries(&self) -> impl Iterator<Item = (u64, i32)> + '_ {
        self.keys
            .iter()
            .zip(&self.scores)
            .map(|(&key, &score)| (key, i32::from(score)))
    }

    /// The file's bytes (see the module documentation).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(17 + self.commit.len() + 9 * self.keys.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[FORMAT, self.dims.width, self.dims.height, self.depth]);
        bytes.extend_from_slice(&(self.keys.len() as u32).to_le_bytes());
        bytes.push(self.commit.len() as u8);
        bytes.extend_from_slice(self.commit.as_bytes());
        for key in &self.keys {
            bytes.extend_from_slice(&key.to_le_bytes());
        }
        bytes.extend(self.scores.iter().map(|&score| score as u8));
        bytes
    }

    /// The book a file's bytes hold.
    ///
    /// # Errors
    /// Bytes that are not a book of this format, naming the field: `magic`, `format`,
    /// `board`, `depth`, `count`, `commit`, `keys` (not strictly ascending) or `scores`
    /// (out of the board's range).
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, Error> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(MAGIC.len(), "magic")? != MAGIC {
            return Err(book_error("magic", "magic: not a Connect Four book".to_string()));
        }
        let format = reader.take(1, "format")?[0];
        if format != FORMAT {
            return Err(book_error(
                "format",
                format!("format: {format}, but this pnplay reads format {FORMAT}"),
            ));
        }
        let size = reader.take(2, "board")?;
        let dims = Dims::new(size[0], size[1])
            .map_err(|e| book_error("board", format!("board: {e}")))?;
        let depth = reader.take(1, "depth")?[0];
        if usize::from(depth) > dims.cells() {
            return Err(book_error(
                "depth",
                format!("depth: {depth} stones on a board of {} cells", dims.cells()),
            ));
        }
        let count = u32::from_le_bytes(reader.array("count")?) as usize;
        let commit_len = usize::from(reader.take(1, "commit")?[0]);
        let commit = std::str::from_utf8(reader.take(commit_len, "commit")?)
            .map_err(|_| book_error("commit", "commit: not UTF-8".to_string()))?
            .to_string();
        let rest = reader.bytes.len() - reader.at;
        if rest as u64 != 9 * count as u64 {
            return Err(book_error(
                "count",
                format!(
                    "count: {count} entries need {} bytes after the header, the file has {}",
                    9 * count as u64,
                    rest
                ),
            ));
        }
        let keys: Vec<u64> = (0..count)
            .map(|_| reader.array("keys").map(u64::from_le_bytes))
            .collect::<Result<_, _>>()?;
        if let Some(at) = keys.windows(2).position(|pair| pair[0] >= pair[1]) {
            return Err(book_error(
                "keys",
                format!("keys: entry {} is not above the one before it", at + 1),
            ));
        }
        let highest = (dims.cells() as i32 + 1) / 2;
        let scores: Vec<i8> = reader.take(count, "scores")?.iter().map(|&b| b as i8).collect();
        if let Some(at) = scores.iter().position(|&s| i32::from(s).abs() > highest) {
            return Err(book_error(
                "scores",
                format!("scores: entry {at} is {}, past ±{highest}", scores[at]),
            ));
        }
        Ok(Book {
            dims,
            depth,
            commit,
            keys,
            scores,
        })
    }
}

/// Reads a book's bytes in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The next `len` bytes, or an error naming `field` when the file ends first.
    fn take(&mut self, len: usize, field: &str) -> Result<&'a [u8], Error> {
        let bytes = self
            .bytes
            .get(self.at..self.at + len)
            .ok_or_else(|| book_error(field, format!("{field}: the file ends early")))?;
        self.at += len;
        Ok(bytes)
    }

    /// The next `N` bytes as an array.
    fn array<const N: usize>(&mut self, field: &str) -> Result<[u8; N], Error> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N, field)?);
        Ok(array)
    }
}

//! Othello on 8×8 (the standard game), 6×6 and 4×4 boards, with bitboards.
//!
//! # Bit layout
//!
//! A position is two 64-bit masks, one per colour: bit `8 * row + column` is set when that
//! player has a disc there. Column `a` is column 0 and row `1` is row 0, at the top:
//!
//! ```text
//!        a  b  c  d  e  f  g  h
//!   1    0  1  2  3  4  5  6  7        +1: one column right (east)
//!   2    8  9 10 11 12 13 14 15        +8: one row down (south)
//!   3   16 17 18 19 20 21 22 23        +9: down and right
//!   4   24 25 26 27 28 29 30 31        +7: down and left
//!   5   32 33 34 35 36 37 38 39        (and the negative shifts
//!   6   40 41 42 43 44 45 46 47         for the opposite four)
//!   7   48 49 50 51 52 53 54 55
//!   8   56 57 58 59 60 61 62 63
//! ```
//!
//! The smaller boards use the same code. An n×n board lives in the top-left corner of the
//! 8×8 grid, and [`Size::mask`] selects its squares (6×6: `a1`..`f6`, bits 0–5, 8–13, …,
//! 40–45). Squares off the board are never empty and never hold a disc, so a line that runs
//! off the right or bottom edge of a small board ends on a square where nothing can be placed
//! and nothing can be flipped — exactly as if the edge were the end of the 8×8 grid. The
//! one wrap-around left is the 8×8 row change (`h1` + 1 = `a2`); as in every bitboard
//! Othello program it is cut by dropping opponent discs in columns `a` and `h` from the
//! horizontal and diagonal line searches (a disc on those columns cannot be flanked
//! sideways anyway).
//!
//! Move generation and flips shift whole masks: for each of the eight directions, the run of
//! opponent discs next to the mover's discs (for moves) or next to the new disc (for flips)
//! is grown with four shift-and-mask steps (two single steps, then two double steps using
//! the pairs of adjacent opponent discs), which covers the longest possible run of six.
//! There is no loop over squares anywhere on the hot path. The threaded wasm package, built
//! with wasm SIMD, grows two directions' runs in one instruction (`simd.rs`); the bits are
//! the same.
//!
//! # Rules (SPEC.md §2)
//!
//! Black (`X`, [`Player::First`]) moves first. The start position has white on the centre
//! square nearest the top-left corner and on its diagonal neighbour (on 8×8: white `d4`,
//! `e5`; black `d5`, `e4`), likewise at the centre of the smaller boards. A move places a
//! disc that flanks at least one line of opponent discs, and flips them all. A side without
//! such a move passes: its only legal move is [`Move::PASS`]. The game ends when neither
//! side can move; more discs wins. [`Game::terminal_value`] is the final disc difference
//! with the empty squares given to the winner (FFO scoring).
//!
//! # The no-pass variant (`othello:no-pass`)
//!
//! The PPNS paper's authors' program (PPNS paper §4.1's Othello experiments; SPEC.md §9
//! records what is known of it) models no pass: a side that must pass is scored as losing.
//! [`Rules::no_pass`] plays that rule, so that its effect on the paper's completion rates
//! can be measured by switching it on and off (`results/othello-paper-limits/`): a
//! position whose side to move has no move while the other side has one is a finished game,
//! lost by the side to move, valued as the largest loss (every square to the winner:
//! −64 on 8×8). A game that ends with neither side able to move is scored by the discs as
//! in the standard game. It departs from the standard rules on purpose; the endgame solver
//! ([`endgame`]) plays the standard rules only, so under this variant exact searches use
//! generic alpha-beta.
//!
//! # Notation
//!
//! * Moves: `a1`..`h8` (column letter, then row digit counted from the top), or `pass`;
//!   parsed case-insensitively (`pa` is also read as a pass), formatted in lower case.
//! * Positions (formatted): OBF style, the cells row by row from `a1` (`X` black, `O` white,
//!   `-` empty), one space, and the side to move, `X` or `O`. Parsing also accepts:
//!   - lower-case `x` and `o` anywhere in the board text, and any whitespace around it;
//!   - trailing notes after a `;`, which are ignored: everything from the first `;` on is
//!     dropped, so lines of the FFO test files (`<board> X; G8:+18; …`) parse as they are;
//!   - a move list from the start position instead of a board, such as `f5d6c3d3`:
//!     moves may be separated by whitespace, a pass may be written `pass` or `pa`, and a
//!     pass that is forced may also be left out (a square given when the side to move has
//!     no move is played by the other side after an implied pass). The empty list is the
//!     start position. Move numbers in errors count the words of the list from 1.
//!
//! The text is a board when its first non-blank character is `X`, `O` or `-` (in either
//! case), else a move list. Any arrangement of discs is accepted as a board. The variant
//! fixes the board size: a 64-cell board given for [`Size::Six`] is
//! [`ParseError::WrongLength`].
//!
//! ```
//! use pnplay::game::{Game, Player, Turn, othello::{Othello, Size}};
//!
//! let pos = Othello::parse_position(&Size::Eight.into(), "f5d6").unwrap();
//! assert_eq!(
//!     pos.format_position(),
//!     "---------------------------OX------OXX-----O-------------------- X"
//! );
//! assert_eq!(pos.turn(), Turn::Player(Player::First));
//! let mut moves = Default::default();
//! pos.legal_moves(&mut moves);
//! let names: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
//! assert_eq!(names, ["c3", "c4", "c5", "c6", "c7"]);
//!
//! let small = Othello::start(&Size::Four.into());
//! assert_eq!(small.format_position(), "-----OX--XO----- X");
//! ```

use std::fmt;

pub mod endgame;
pub mod eval;
pub mod ordering;
pub mod patterns;
pub mod pn_knowledge;
pub mod stability;
pub mod training;

// The threaded wasm package is built with SIMD (scripts/build): its legal squares and flips.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use simd::{flips, legal_squares};
pub use ordering::*;

use super::family::{Asset, Catalogued, Example, Facts, Family, Listed, Presentation};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn};

/// The board size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Size {
    /// 4×4: `a1`..`d4`.
    Four,
    /// 6×6: `a1`..`f6`.
    Six,
    /// 8×8, the standard game.
    #[default]
    Eight,
}

impl Size {
    /// Every size, largest first.
    pub const ALL: [Size; 3] = [Size::Eight, Size::Six, Size::Four];

    /// The number of rows (and of columns).
    #[must_use]
    pub const fn side(self) -> usize {
        match self {
            Size::Four => 4,
            Size::Six => 6,
            Size::Eight => 8,
        }
    }

    /// The number of squares.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The squares of this board in the bit layout of the module docs.
    ///
    /// ```
    /// use pnplay::game::othello::Size;
    /// assert_eq!(Size::Four.mask(), 0x0f0f_0f0f);
    /// assert_eq!(Size::Eight.mask(), u64::MAX);
    /// ```
    #[must_use]
    pub const fn mask(self) -> u64 {
        let row = (1u64 << self.side()) - 1;
        let mut mask = 0;
        let mut r = 0;
        while r < self.side() {
            mask |= row << (8 * r);
            r += 1;
        }
        mask
    }
}

/// The variant of [`Othello`]: the board size and whether a side that must pass loses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The board size.
    pub size: Size,
    /// Whether a side that must pass loses instead (the PPNS authors' program; see the
    /// module docs). Off in the standard game.
    pub no_pass: bool,
}

impl From<Size> for Rules {
    /// The standard rules on a board of `size`.
    fn from(size: Size) -> Rules {
        Rules {
            size,
            no_pass: false,
        }
    }
}

/// An Othello move: a square, or a pass. One byte: the square's bit index (0..64), or
/// 64 for the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The pass, the only legal move of a side that cannot place a disc.
    pub const PASS: Move = Move(64);

    /// The move on `column` (0 = `a`) and `row` (0 = row `1`, the top), or `None` off the
    /// 8×8 grid.
    #[must_use]
    pub const fn at(column: u8, row: u8) -> Option<Move> {
        if column < 8 && row < 8 {
            Some(Move(8 * row + column))
        } else {
            None
        }
    }

    /// The square's bit index (`8 * row + column`), or `None` for the pass.
    #[must_use]
    pub const fn square(self) -> Option<u8> {
        if self.is_pass() { None } else { Some(self.0) }
    }

    /// Whether this is the pass.
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.0 == Move::PASS.0
    }
}

impl fmt::Display for Move {
    /// `pass`, or the column letter and row digit in lower case: `f5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.square() {
            None => f.write_str("pass"),
            Some(square) => write!(
                f,
                "{}{}",
                char::from(b'a' + square % 8),
                char::from(b'1' + square / 8)
            ),
        }
    }
}

/// An Othello position: the discs of the side to move and of the other side, who moves,
/// the board size and the pass rule. `Copy` and 24 bytes; it is its own exact
/// [`Game::Key`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Othello {
    /// Discs of the side to move.
    mover: u64,
    /// Discs of the other side.
    waiting: u64,
    to_move: Player,
    size: Size,
    /// [`Rules::no_pass`].
    no_pass: bool,
}

/// Opponent discs that a horizontal or diagonal line may pass through: all but columns
/// `a` and `h`, which keeps shifted lines from wrapping to the next or previous row.
const NOT_SIDE_COLUMNS: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// Shifts towards higher bits for a positive `amount`, towards lower bits for a negative one.
#[inline(always)]
const fn shift(bits: u64, amount: i32) -> u64 {
    if amount > 0 {
        bits << amount
    } else {
        bits >> -amount
    }
}

/// The opponent discs in an unbroken line from one of the `seeds` in direction `STEP` (a
/// shift: positive towards higher bits); at most six long, the longest line 8×8 allows.
/// The direction is a constant so that every shift compiles to an immediate shift.
#[inline(always)]
const fn run_from<const STEP: i32>(seeds: u64, opponent: u64) -> u64 {
    let mut run = opponent & shift(seeds, STEP);
    run |= opponent & shift(run, STEP);
    let pairs = opponent & shift(opponent, STEP);
    run |= pairs & shift(run, 2 * STEP);
    run |= pairs & shift(run, 2 * STEP);
    run
}

/// The squares (empty or not) just past a line of opponent discs from the mover's discs.
#[inline(always)]
const fn line_ends<const STEP: i32>(mover: u64, opponent: u64) -> u64 {
    shift(run_from::<STEP>(mover, opponent), STEP)
}

/// The opponent discs flanked in direction `STEP` by a disc placed on `placed`.
#[inline(always)]
const fn line_flips<const STEP: i32>(placed: u64, mover: u64, opponent: u64) -> u64 {
    let run = run_from::<STEP>(placed, opponent);
    if shift(run, STEP) & mover != 0 {
        run
    } else {
        0
    }
}

/// The squares where the owner of `mover` may place a disc on the board `board`.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
fn legal_squares(mover: u64, opponent: u64, board: u64) -> u64 {
    let sideways = opponent & NOT_SIDE_COLUMNS;
    let ends = line_ends::<1>(mover, sideways)
        | line_ends::<-1>(mover, sideways)
        | line_ends::<8>(mover, opponent)
        | line_ends::<-8>(mover, opponent)
        | line_ends::<7>(mover, sideways)
        | line_ends::<-7>(mover, sideways)
        | line_ends::<9>(mover, sideways)
        | line_ends::<-9>(mover, sideways);
    ends & board & !(mover | opponent)
}

/// The opponent discs that a disc placed on `placed` (one bit) flips.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
fn flips(placed: u64, mover: u64, opponent: u64) -> u64 {
    let sideways = opponent & NOT_SIDE_COLUMNS;
    line_flips::<1>(placed, mover, sideways)
        | line_flips::<-1>(placed, mover, sideways)
        | line_flips::<8>(placed, mover, opponent)
        | line_flips::<-8>(placed, mover, opponent)
        | line_flips::<7>(placed, mover, sideways)
        | line_flips::<-7>(placed, mover, sideways)
        | line_flips::<9>(placed, mover, sideways)
        | line_flips::<-9>(placed, mover, sideways)
}

/// The `n`-th (from 0) lowest set bit of `bits`, as a one-bit mask.
#[inline]
fn nth_set_bit(mut bits: u64, n: u32) -> u64 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits & bits.wrapping_neg()
}

impl Othello {
    /// The board size.
    #[must_use]
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The rules this position is played under.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        Rules {
            size: self.size,
            no_pass: self.no_pass,
        }
    }

    /// The side to move (or that would move, once the game is over).
    #[must_use]
    pub const fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// The discs of `player`, in the bit layout of the module docs.
    #[must_use]
    pub const fn discs(&self, player: Player) -> u64 {
        if player.index() == self.to_move.index() {
            self.mover
        } else {
            self.waiting
        }
    }

    /// The squares where the side to move may place a disc; 0 when it must pass or the
    /// game is over.
    #[must_use]
    pub fn legal_squares(&self) -> u64 {
        legal_squares(self.mover, self.waiting, self.size.mask())
    }

    /// The empty squares of the board.
    #[must_use]
    pub const fn empty_squares(&self) -> u64 {
        self.size.mask() & !(self.mover | self.waiting)
    }

    fn other_side_can_move(&self) -> bool {
        legal_squares(self.waiting, self.mover, self.size.mask()) != 0
    }

    fn is_over(&self) -> bool {
        self.legal_squares() == 0 && (self.no_pass || !self.other_side_can_move())
    }

    /// Whether the game ended because the side to move had to pass under
    /// [`Rules::no_pass`] (then it lost).
    fn lost_by_pass(&self) -> bool {
        self.no_pass && self.legal_squares() == 0 && self.other_side_can_move()
    }

    fn pass(&mut self) {
        std::mem::swap(&mut self.mover, &mut self.waiting);
        self.to_move = self.to_move.opponent();
    }

    /// Places a disc of the side to move on `placed` (one bit), flips, and passes the turn.
    fn place(&mut self, placed: u64) {
        let flipped = flips(placed, self.mover, self.waiting);
        self.mover |= placed | flipped;
        self.waiting &= !flipped;
        self.pass();
    }

    /// Final disc difference for `player` (positive: more discs), before empties are given.
    fn disc_difference(&self, player: Player) -> i32 {
        self.discs(player).count_ones() as i32 - self.discs(player.opponent()).count_ones() as i32
    }

    /// Parses a move word (`f5`, `F5`, `pass`, `pa`) for this board size, without checking
    /// legality.
    fn parse_word(size: Size, word: &str) -> Option<Move> {
        if word.eq_ignore_ascii_case("pass") || word.eq_ignore_ascii_case("pa") {
            return Some(Move::PASS);
        }
        let mut chars = word.chars();
        let (letter, digit) = (chars.next()?, chars.next()?);
        if chars.next().is_some() {
            return None;
        }
        let column = u32::from(letter.to_ascii_lowercase()).checked_sub(u32::from('a'))?;
        let row = digit.to_digit(10)?.checked_sub(1)?;
        let side = size.side() as u32;
        if column < side && row < side {
            Move::at(column as u8, row as u8)
        } else {
            None
        }
    }

    /// Parses OBF board text: cells, blanks, side to move, optional blanks.
    fn parse_board(rules: Rules, body: &str) -> Result<Othello, ParseError> {
        let size = rules.size;
        let mut chars = body
            .chars()
            .enumerate()
            .skip_while(|(_, c)| c.is_whitespace())
            .peekable();
        let side = size.side();
        let (mut black, mut white, mut cells) = (0u64, 0u64, 0usize);
        while let Some((index, c)) = chars.next_if(|(_, c)| !c.is_whitespace()) {
            let bit = if cells < size.cells() {
                1u64 << (8 * (cells / side) + cells % side)
            } else {
                0
            };
            match c {
                'X' | 'x' => black |= bit,
                'O' | 'o' => white |= bit,
                '-' => {}
                _ => {
                    return Err(ParseError::UnexpectedChar {
                        index,
                        found: c,
                        expected: "a cell: X, O or -",
                    });
                }
            }
            cells += 1;
        }
        if cells != size.cells() {
            return Err(ParseError::WrongLength {
                what: "cells (X, O or -)",
                expected: size.cells(),
                found: cells,
            });
        }
        let to_move = match chars.find(|(_, c)| !c.is_whitespace()) {
            None => {
                return Err(ParseError::Missing {
                    index: body.chars().count(),
                    expected: "the side to move (X or O) after the board",
                });
            }
            Some((_, 'X' | 'x')) => Player::First,
            Some((_, 'O' | 'o')) => Player::Second,
            Some((index, found)) => {
                return Err(ParseError::UnexpectedChar {
                    index,
                    found,
                    expected: "the side to move: X or O",
                });
            }
        };
        if let Some((index, found)) = chars.find(|(_, c)| !c.is_whitespace()) {
            return Err(ParseError::UnexpectedChar {
                index,
                found,
                expected: "the end of the position (notes go after a ';')",
            });
        }
        let (mover, waiting) = match to_move {
            Player::First => (black, white),
            Player::Second => (white, black),
        };
        Ok(Othello {
            mover,
            waiting,
            to_move,
            size,
            no_pass: rules.no_pass,
        })
    }

    /// Plays a move list from the start position (see the module docs).
    fn parse_move_list(rules: Rules, body: &str) -> Result<Othello, ParseError> {
        let mut pos = Othello::start(&rules);
        let words = move_text::glued_words(body, char::is_whitespace, |_| 2);
        for (i, word) in words.into_iter().enumerate() {
            let number = i + 1;
            let Some(mv) = Othello::parse_word(rules.size, &word) else {
                return Err(ParseError::UnknownMove {
                    index: number,
                    text: word,
                });
            };
            pos.play_listed(mv, number, word)?;
        }
        Ok(pos)
    }

    /// Plays move `number` of a move list, passing first if the side to move must pass and
    /// a square was given.
    fn play_listed(&mut self, mv: Move, number: usize, word: String) -> Result<(), ParseError> {
        if self.is_over() {
            return Err(ParseError::GameOver { index: number });
        }
        let illegal = || ParseError::IllegalMove {
            index: number,
            text: word.clone(),
        };
        match mv.square() {
            None if self.legal_squares() == 0 => self.pass(),
            None => return Err(illegal()),
            Some(square) => {
                if self.legal_squares() == 0 {
                    self.pass(); // a forced pass the list left out
                }
                let placed = 1u64 << square;
                if self.legal_squares() & placed == 0 {
                    return Err(illegal());
                }
                self.place(placed);
            }
        }
        Ok(())
    }
}

impl Game for Othello {
    /// At most 64 moves: a move on any empty square of a position set up by hand, or one pass.
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, 64>;
    type Move = Move;
    /// The position itself: both masks, the side to move and the size (24 bytes).
    type Key = Othello;
    type Variant = Rules;

    fn start(rules: &Rules) -> Self {
        let centre = rules.size.side() / 2;
        let bit = |column: usize, row: usize| 1u64 << (8 * row + column);
        let white = bit(centre - 1, centre - 1) | bit(centre, centre);
        let black = bit(centre, centre - 1) | bit(centre - 1, centre);
        Othello {
            mover: black,
            waiting: white,
            to_move: Player::First,
            size: rules.size,
            no_pass: rules.no_pass,
        }
    }

    fn variant(&self) -> Rules {
        self.rules()
    }

    fn turn(&self) -> Turn {
        Turn::unless_over(self.is_over(), self.to_move)
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        let mut squares = self.legal_squares();
        if squares == 0 {
            if !self.no_pass && self.other_side_can_move() {
                out.push(Move::PASS);
            }
            return;
        }
        while squares != 0 {
            out.push(Move(squares.trailing_zeros() as u8));
            squares &= squares - 1;
        }
    }

    fn play(&mut self, mv: Move) {
        match mv.square() {
            None => self.pass(),
            Some(square) => self.place(1u64 << square),
        }
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        if self.lost_by_pass() {
            return Some(if player == self.to_move {
                Outcome::Loss
            } else {
                Outcome::Win
            });
        }
        Some(match self.disc_difference(player) {
            d if d > 0 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        })
    }

    fn terminal_value(&self, player: Player) -> Option<i32> {
        if !self.is_over() {
            return None;
        }
        if self.lost_by_pass() {
            let squares = self.size.cells() as i32;
            return Some(if player == self.to_move {
                -squares
            } else {
                squares
            });
        }
        let difference = self.disc_difference(player);
        let empties = self.empty_squares().count_ones() as i32;
        Some(match difference {
            d if d > 0 => d + empties,
            0 => 0,
            d => d - empties,
        })
    }

    fn key(&self) -> Othello {
        *self
    }

    fn parse_position(rules: &Rules, text: &str) -> Result<Self, ParseError> {
        let body = text.split(';').next().unwrap_or_default();
        match body.trim_start().chars().next() {
            Some('X' | 'x' | 'O' | 'o' | '-') => Othello::parse_board(*rules, body),
            _ => Othello::parse_move_list(*rules, body),
        }
    }

    fn format_position(&self) -> String {
        let side = self.size.side();
        let black = self.discs(Player::First);
        let white = self.discs(Player::Second);
        let mut text = String::with_capacity(self.size.cells() + 2);
        for row in 0..side {
            for column in 0..side {
                let bit = 1u64 << (8 * row + column);
                text.push(if black & bit != 0 {
                    'X'
                } else if white & bit != 0 {
                    'O'
                } else {
                    '-'
                });
            }
        }
        text.push(' ');
        text.push(match self.to_move {
            Player::First => 'X',
            Player::Second => 'O',
        });
        text
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        move_text::read_one(self, text, |word| Othello::parse_word(self.size, word))
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    /// The generic playout on bitboards: it draws exactly as the trait's default does (one
    /// `below(n)` over the legal moves in [`Game::legal_moves`] order per move, `below(1)`
    /// for a forced pass), picking the chosen square straight from the move mask.
    fn random_playout_within(&self, rng: &mut Rng, limit: u32) -> Self {
        let mut pos = *self;
        let board = pos.size.mask();
        for _ in 0..limit {
            let squares = legal_squares(pos.mover, pos.waiting, board);
            if squares != 0 {
                let chosen = rng.below(squares.count_ones());
                pos.place(nth_set_bit(squares, chosen));
            } else if !pos.no_pass && pos.other_side_can_move() {
                // The default draws from the one-move list [pass]; keep the stream in step.
                rng.below(1);
                pos.pass();
            } else {
                return pos;
            }
        }
        pos
    }
}

impl super::board::Board for Othello {
    fn rows(&self) -> usize {
        self.size().side()
    }

    fn cols(&self) -> usize {
        self.size().side()
    }

    fn cell(&self, index: usize) -> super::board::Cell {
        let side = self.size().side();
        let bit = 1u64 << (8 * (index / side) + index % side);
        super::board::Cell::owned_where(|player| self.discs(player) & bit != 0)
    }

    fn move_cells(&self, mv: Move) -> super::board::MoveCells {
        let side = self.size().side();
        mv.square().map_or_else(Default::default, |bit| {
            super::board::MoveCells::at(usize::from(bit / 8) * side + usize::from(bit % 8))
        })
    }

    fn cycle_cell(&self, index: usize) -> Option<Self> {
        if index >= self.size().cells() {
            return None;
        }
        let text = super::board::cycle_char(&self.format_position(), index, &['-', 'X', 'O'])?;
        Self::parse_position(&self.rules(), &text).ok()
    }

    fn toggle_turn(&self) -> Option<Self> {
        let text = self.format_position();
        let cells = self.size().cells();
        let flipped = super::board::cycle_char(&text, cells + 1, &['X', 'O'])?;
        Self::parse_position(&self.rules(), &flipped).ok()
    }
}

impl Catalogued for Othello {
    const FAMILY: Family = Family {
        id: "othello",
        title: "Othello",
        grammar: "othello[:no-pass] | othello6[:no-pass] | othello4[:no-pass]",
        listed: &[
            Listed::new("othello", "Othello 8×8", &[18, 22, 26, 32, 36, 40]),
            Listed::new("othello6", "Othello 6×6", &[8, 12, 16, 20, 24]),
            Listed::new("othello4", "Othello 4×4", &[1, 2, 4, 6]),
        ],
        facts: Facts {
            values: "disc difference, empties to the winner: -64..64",
            ..Facts::two_player(64)
        },
        presentation: Presentation {
            board: "discs",
            notation: "64 cells of X, O, - and the side to move (FFO), or moves like f5d6c3",
            ..Presentation::BLACK_AND_WHITE
        },
        examples: &[
            Example {
                name: "FFO #1 (14 empties, +18 by g8)",
                game: "othello",
                text: "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
                source: "FFO endgame test #1 (the FFORUM suite), line 1 of \
                         ../shared/data/othello/fforum-1-19.obf",
            },
            Example {
                name: "FFO #40 (20 empties, +38 by a2)",
                game: "othello",
                text: "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
                source: "FFO endgame test #40 (the FFORUM suite), line 1 of \
                         ../shared/data/othello/fforum-40-59.obf",
            },
        ],
    };

    fn parse_name(name: &str) -> Option<Result<Rules, ParseError>> {
        let (board, no_pass) = match name.strip_suffix(":no-pass") {
            Some(board) => (board, true),
            None => (name, false),
        };
        let size = match board {
            "othello" | "othello8" => Size::Eight,
            "othello6" => Size::Six,
            "othello4" => Size::Four,
            _ => return None,
        };
        Some(Ok(Rules { size, no_pass }))
    }

    fn name(rules: &Rules) -> String {
        let board = match rules.size {
            Size::Eight => "othello",
            Size::Six => "othello6",
            Size::Four => "othello4",
        };
        if rules.no_pass {
            format!("{board}:no-pass")
        } else {
            board.to_string()
        }
    }

    /// The pattern weights of the endgame solver ([`endgame::Solver`]), for the board and
    /// rules it solves: 8×8 under the standard rules.
    fn assets(rules: &Rules) -> &'static [Asset] {
        if *rules == Size::Eight.into() {
            &[patterns::ASSET]
        } else {
            &[]
        }
    }
}

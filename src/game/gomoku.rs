//! Gomoku on a 15×15 board (one of the PN-MCTS paper's five games), as Ludii plays it, with
//! smaller boards and k-in-a-row as variants so exact searches have instances they can solve.
//!
//! # Rules (Ludii's `Gomoku.lud`, facts in ../shared/RULES.md)
//!
//! The Ludii description this follows (its lines, quoted):
//!
//! ```text
//! (players 2)
//! (equipment { (board (square 15) use:Vertex) (piece "Marker" Each) })
//! (play (move Add (to (sites Empty))))
//! (end (if (is Line 5 exact:True) (result Mover Win)))      ; option "Exact"
//! (end (if (is Line 5) (result Mover Win)))                  ; option "Free-style"
//! ```
//!
//! * Stones on the 225 intersections; Black ([`Player::First`], `X`) moves first; no opening
//!   restrictions and no renju rules (no forbidden double-threes for Black).
//! * A move puts a stone on any empty intersection. The mover wins at once when a line of
//!   **exactly** `k` (5) of its stones runs through the stone just placed, in one of the four
//!   directions; a longer line (an *overline*, six or more) does not win. This is Ludii's
//!   default; its "Free-style" option ("five or more") is the variant `gomoku:free`.
//! * Ludii's engine-wide rules (RULES.md): a player with no legal move (a full board) must
//!   pass, the pass is a real move, and two passes in a row end the game as a draw. The limit
//!   of 1,250 turns per player never bites: a game lasts at most `cells + 2` turns.
//!
//! Variants: `gomoku:NxN` plays on an N×N board (3 ≤ N ≤ 15), `:K` wins with K in a row
//! (3 ≤ K ≤ N) instead of five, and `:free` makes longer lines win too:
//! `gomoku:7x7:4`, `gomoku:free`, `gomoku:4x4:3:free`. Nothing in Ludii is changed by the
//! smaller boards except the board.
//!
//! # Bit layout
//!
//! Each colour is a 256-bit set (`[u64; 4]`): the intersection on row `r` (0 at the top) and
//! column `c` is bit `16·r + c`. Column 15 and rows past the board are never set, so walking
//! from a stone in a direction (steps ±1, ±15, ±16, ±17) stops on an empty bit at every edge
//! without a bounds test on the column. Moves are generated from the empty set word by word,
//! with no allocation; the win test walks the four lines through the stone just placed.
//!
//! # Notation
//!
//! * Moves: a column letter `a`..`o` and a row number `1`..`15` from the top (as Othello's
//!   cells on the page), e.g. `h8` for the centre of 15×15; `pass` on a full board.
//!   Case-insensitive.
//! * Positions (formatted): the rows from the top, separated by `/`, each a string of `X`
//!   (black), `O` (white) and `-` (empty); a space and the side to move, `X` or `O`; and, only
//!   after passes on a full board, a space and the number of passes in a row (1 or 2).
//!   Parsing also accepts lower-case `x`/`o`, and a move list from the start instead of a
//!   board, such as `h8 h9 i8` or `h8h9i8` (the text is a board when it holds a `/`).
//! * A board where the side to move already has a winning line is invalid (the game would
//!   have ended); one where the other side has one is a finished game won by that side.
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, gomoku::{Gomoku, Rules}};
//!
//! let rules = Rules::default();
//! let pos = Gomoku::parse_position(&rules, "h8 a1 i8 a2 j8 a3 k8 a4 l8").unwrap();
//! assert_eq!(pos.outcome(Player::First), Some(Outcome::Win)); // h8..l8: five
//! // Six in a row does not win: a row of X X X - X X with the gap filled.
//! let six = Gomoku::parse_position(&rules, "a8 a1 b8 a2 c8 a3 e8 a4 f8 o15 d8").unwrap();
//! assert_eq!(six.outcome(Player::First), None);
//! let free = "gomoku:free".parse::<pnplay::game::catalogue::GameSpec>().unwrap();
//! assert_eq!(free.to_string(), "gomoku:free");
//! ```

use std::fmt;

use super::error::Number;
use super::rows::{self, Rows};
use super::family::{Catalogued, Example, Facts, Family, Listed, Presentation};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn};

/// Bits per board row (15 cells and one empty sentinel column).
const ROW: usize = 16;
/// The pass move (a full board).
pub const PASS: u8 = u8::MAX;
/// The four line directions as bit steps: east, south-west, south, south-east.
const STEPS: [i32; 4] = [1, 15, 16, 17];

/// A set of intersections: bit `16·row + column`.
type Bits = [u64; 4];

/// A variant: the board side, how many in a row win, and whether longer lines win too.
///
/// ```
/// use pnplay::game::gomoku::Rules;
/// assert_eq!(Rules::default(), Rules { size: 15, line: 5, free: false });
/// assert!(Rules::new(16, 5, false).is_err());
/// assert!(Rules::new(4, 5, false).is_err()); // five does not fit on 4×4
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The board side (3..=15).
    pub size: u8,
    /// How many in a row win (3..=size).
    pub line: u8,
    /// Whether a longer line also wins (Ludii's "Free-style"); else exactly `line`.
    pub free: bool,
}

impl Default for Rules {
    /// Ludii's Gomoku: 15×15, exactly five.
    fn default() -> Self {
        Rules {
            size: 15,
            line: 5,
            free: false,
        }
    }
}

impl Rules {
    /// Checked rules: `InvalidPosition` unless `3 ≤ size ≤ 15` and `3 ≤ line ≤ size`.
    pub fn new(size: u8, line: u8, free: bool) -> Result<Rules, ParseError> {
        let rules = Rules { size, line, free };
        rules.check()?;
        Ok(rules)
    }

    fn check(self) -> Result<(), ParseError> {
        if !(3..=15).contains(&self.size) || !(3..=self.size).contains(&self.line) {
            return Err(ParseError::InvalidPosition {
                reason: format!(
                    "a Gomoku board of {0}x{0} with {1} in a row: {2}",
                    self.size,
                    self.line,
                    Rules::RANGE
                ),
            });
        }
        Ok(())
    }

    /// The sizes allowed, in words.
    const RANGE: &'static str = "the board must be square, its side 3 to 15 and the line 3 to \
                                 the side";

    /// The number of intersections.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.size as usize * self.size as usize
    }

    /// Every intersection of the board.
    fn mask(self) -> Bits {
        let mut bits = [0; 4];
        let row = (1u64 << self.size) - 1;
        for r in 0..usize::from(self.size) {
            bits[r / 4] |= row << (ROW * (r % 4));
        }
        bits
    }

    /// Whether a line of `length` stones wins.
    const fn wins(self, length: u32) -> bool {
        if self.free {
            length >= self.line as u32
        } else {
            length == self.line as u32
        }
    }
}

fn has(bits: &Bits, bit: i32) -> bool {
    (0..256).contains(&bit) && bits[bit as usize / 64] >> (bit % 64) & 1 != 0
}

fn set(bits: &mut Bits, bit: u8) {
    bits[usize::from(bit) / 64] |= 1 << (bit % 64);
}

fn count(bits: &Bits) -> u32 {
    bits.iter().map(|w| w.count_ones()).sum()
}

/// The `n`-th (from 0) set bit of `bits`; `n` must be below [`count`].
fn nth_bit(bits: &Bits, mut n: u32) -> u8 {
    for (i, &word) in bits.iter().enumerate() {
        let ones = word.count_ones();
        if n < ones {
            let mut w = word;
            for _ in 0..n {
                w &= w - 1;
            }
            return (64 * i as u32 + w.trailing_zeros()) as u8;
        }
        n -= ones;
    }
    unreachable!("nth_bit past the last set bit")
}

/// Whether `stones` (holding the stone on `bit`) make a winning line through it.
fn wins_through(rules: Rules, stones: &Bits, bit: u8) -> bool {
    let at = i32::from(bit);
    STEPS.iter().any(|&step| {
        let run = |dir: i32| {
            let mut n = 0;
            while has(stones, at + dir * (n + 1)) {
                n += 1;
            }
            n as u32
        };
        rules.wins(1 + run(step) + run(-step))
    })
}

/// A Gomoku position: both colours' stones, the side to move, passes in a row, the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gomoku {
    black: Bits,
    white: Bits,
    to_move: Player,
    /// Passes in a row (only on a full board); 2 ends the game as a draw.
    passes: u8,
    /// The player whose last stone made a winning line.
    winner: Option<Player>,
    rules: Rules,
}

impl Gomoku {
    /// The side to move (or that would move, once the game is over).
    #[must_use]
    pub const fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// The rules of this position.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    fn stones(&self, player: Player) -> &Bits {
        match player {
            Player::First => &self.black,
            Player::Second => &self.white,
        }
    }

    fn empty(&self) -> Bits {
        let mask = self.rules.mask();
        std::array::from_fn(|i| mask[i] & !(self.black[i] | self.white[i]))
    }

    fn is_over(&self) -> bool {
        self.winner.is_some() || self.passes >= 2
    }

    /// The bit of the cell at board index `index` (row-major from the top left).
    fn bit_of_index(&self, index: usize) -> u8 {
        let side = usize::from(self.rules.size);
        ((index / side) * ROW + index % side) as u8
    }

    fn place(&mut self, bit: u8) {
        let rules = self.rules;
        let stones = match self.to_move {
            Player::First => &mut self.black,
            Player::Second => &mut self.white,
        };
        set(stones, bit);
        if wins_through(rules, stones, bit) {
            self.winner = Some(self.to_move);
        }
        self.passes = 0;
        self.to_move = self.to_move.opponent();
    }

    fn pass(&mut self) {
        self.passes += 1;
        self.to_move = self.to_move.opponent();
    }

    /// The cell a word names (`h8`, `pass`), if it is one on this board.
    fn parse_word(rules: Rules, word: &str) -> Option<u8> {
        if word.eq_ignore_ascii_case("pass") {
            return Some(PASS);
        }
        let mut chars = word.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        let column = (letter as u32).checked_sub('a' as u32)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let row: u32 = digits.parse().ok()?;
        let size = u32::from(rules.size);
        (column < size && (1..=size).contains(&row) && !digits.starts_with('0'))
            .then(|| ((row - 1) * ROW as u32 + column) as u8)
    }

    fn format_cell(bit: u8) -> String {
        if bit == PASS {
            return "pass".to_string();
        }
        let column = char::from(b'a' + bit % ROW as u8);
        format!("{column}{}", bit / ROW as u8 + 1)
    }

    /// Whether `player` has a winning line anywhere on the board.
    fn has_line(&self, player: Player) -> bool {
        let stones = self.stones(player);
        (0..=255u8).any(|bit| has(stones, i32::from(bit)) && wins_through(self.rules, stones, bit))
    }

    /// The board text of a variant: `side` rows of `X`, `O` and `-` separated by `/`.
    const fn rows(rules: Rules) -> Rows {
        Rows {
            any_case: true,
            ..Rows::square(rules.size as usize, "-XO", "X, O or -")
        }
    }

    fn parse_board(rules: Rules, text: &str) -> Result<Gomoku, ParseError> {
        let side = usize::from(rules.size);
        let board = Self::rows(rules).parse(text)?;
        let mut pos = Gomoku::start(&rules);
        for (cell, &value) in board.cells.iter().enumerate() {
            let bit = ((cell / side) * ROW + cell % side) as u8;
            match value {
                1 => set(&mut pos.black, bit),
                2 => set(&mut pos.white, bit),
                _ => {}
            }
        }
        let mut words = board.words.iter();
        pos.to_move = rows::side_to_move(
            words.next(),
            ["X", "O"],
            true,
            ("the side to move (X or O) after the board", board.end),
        )?;
        for (index, word) in words {
            pos.passes = match (pos.passes, *word) {
                (0, "1") => 1,
                (0, "2") => 2,
                _ => {
                    return Err(ParseError::UnexpectedChar {
                        index: *index,
                        found: word.chars().next().unwrap_or(' '),
                        expected: "the passes in a row (1 or 2) or the end",
                    });
                }
            };
        }
        pos.check_board()?;
        Ok(pos)
    }

    /// The winner of a board set up by hand, or why it cannot arise in a game.
    fn check_board(&mut self) -> Result<(), ParseError> {
        let invalid = |reason: &str| {
            Err(ParseError::InvalidPosition {
                reason: reason.to_string(),
            })
        };
        if self.passes > 0 && count(&self.empty()) > 0 {
            return invalid("passes are only made on a full board");
        }
        let mover_line = self.has_line(self.to_move);
        let other_line = self.has_line(self.to_move.opponent());
        if mover_line {
            return invalid("the side to move already has a winning line");
        }
        if other_line && self.passes > 0 {
            return invalid("a winning line ends the game before any pass");
        }
        self.winner = other_line.then_some(self.to_move.opponent());
        Ok(())
    }

    fn parse_move_list(rules: Rules, text: &str) -> Result<Gomoku, ParseError> {
        // A cell is a letter and up to two digits (`h8`, `o15`).
        let words = move_text::glued_words(
            text,
            |c| c.is_whitespace() || c == ',',
            |rest| 1 + rest[1..].iter().take(2).take_while(|c| c.is_ascii_digit()).count(),
        );
        move_text::play_words(Gomoku::start(&rules), words, |word| {
            Gomoku::parse_word(rules, word)
        })
    }
}

impl fmt::Display for Gomoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_position())
    }
}

impl Game for Gomoku {
    /// At most 225 moves: every intersection of an empty 15×15 board (a pass only when full).
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, 225>;
    /// A cell's bit (`16·row + column`), or [`PASS`].
    type Move = u8;
    /// The position itself (stones, side to move, passes, rules): exact.
    type Key = Gomoku;
    type Variant = Rules;

    /// # Panics
    /// If `rules` are not allowed (see [`Rules::new`]).
    fn start(rules: &Rules) -> Self {
        if let Err(e) = rules.check() {
            panic!("{e}");
        }
        Gomoku {
            black: [0; 4],
            white: [0; 4],
            to_move: Player::First,
            passes: 0,
            winner: None,
            rules: *rules,
        }
    }

    fn variant(&self) -> Rules {
        self.rules
    }

    fn turn(&self) -> Turn {
        Turn::unless_over(self.is_over(), self.to_move)
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        super::moves_unless_over(self, out, |out| {
            let empty = self.empty();
            for (i, &word) in empty.iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    out.push((64 * i as u32 + w.trailing_zeros()) as u8);
                    w &= w - 1;
                }
            }
            if out.is_empty() {
                out.push(PASS);
            }
        });
    }

    fn play(&mut self, mv: u8) {
        if mv == PASS {
            self.pass();
        } else {
            self.place(mv);
        }
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        Outcome::for_player(self.winner, self.is_over(), player)
    }

    fn key(&self) -> Gomoku {
        *self
    }

    fn parse_position(rules: &Rules, text: &str) -> Result<Self, ParseError> {
        rules.check()?;
        if text.contains('/') {
            Gomoku::parse_board(*rules, text)
        } else {
            Gomoku::parse_move_list(*rules, text)
        }
    }

    fn format_position(&self) -> String {
        let side = usize::from(self.rules.size);
        let mut text = Self::rows(self.rules).format(|cell| {
            let bit = ((cell / side) * ROW + cell % side) as i32;
            if has(&self.black, bit) {
                1
            } else if has(&self.white, bit) {
                2
            } else {
                0
            }
        });
        text.push_str(match self.to_move {
            Player::First => " X",
            Player::Second => " O",
        });
        if self.passes > 0 {
            text.push_str(&format!(" {}", self.passes));
        }
        text
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        move_text::read_one(self, text, |word| Gomoku::parse_word(self.rules, word))
    }

    fn format_move(&self, mv: u8) -> String {
        Gomoku::format_cell(mv)
    }

    /// The generic playout on bitboards: one `below(n)` over the empty intersections in
    /// [`Game::legal_moves`] order per move (`below(1)` for a forced pass), as the default.
    fn random_playout_within(&self, rng: &mut Rng, limit: u32) -> Self {
        let mut pos = *self;
        for _ in 0..limit {
            if pos.is_over() {
                break;
            }
            let empty = pos.empty();
            match count(&empty) {
                0 => {
                    rng.below(1);
                    pos.pass();
                }
                n => {
                    let chosen = rng.below(n);
                    pos.place(nth_bit(&empty, chosen));
                }
            }
        }
        pos
    }
}

impl super::board::Board for Gomoku {
    fn rows(&self) -> usize {
        usize::from(self.rules.size)
    }

    fn cols(&self) -> usize {
        usize::from(self.rules.size)
    }

    fn cell(&self, index: usize) -> super::board::Cell {
        let bit = i32::from(self.bit_of_index(index));
        super::board::Cell::owned_where(|player| has(self.stones(player), bit))
    }

    fn move_cells(&self, mv: u8) -> super::board::MoveCells {
        if mv == PASS {
            return Default::default();
        }
        let side = usize::from(self.rules.size);
        super::board::MoveCells::at(usize::from(mv) / ROW * side + usize::from(mv) % ROW)
    }

    fn cycle_cell(&self, index: usize) -> Option<Self> {
        if index >= self.rules.cells() {
            return None;
        }
        let side = usize::from(self.rules.size);
        // Skip the `/` between rows to find the cell's character.
        let at = index + index / side;
        let text = super::board::cycle_char(&self.format_position(), at, &['-', 'X', 'O'])?;
        Self::parse_position(&self.rules, &text).ok()
    }

    fn toggle_turn(&self) -> Option<Self> {
        let side = usize::from(self.rules.size);
        let at = side * (side + 1);
        let text = super::board::cycle_char(&self.format_position(), at, &['X', 'O'])?;
        Self::parse_position(&self.rules, &text).ok()
    }
}

impl super::knowledge::Knowledge for Gomoku {
    type Ordering = NearStones;

    fn moves_left(&self) -> Option<u32> {
        Some(count(&self.empty()))
    }
}

/// Gomoku's move ordering for the exact searches: points near stones first (two for each
/// stone on the eight neighbouring points, one for each stone two points away), so the fight
/// is searched before the empty board; ties in the game's order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NearStones;

impl super::knowledge::MoveOrdering<Gomoku> for NearStones {
    fn score_moves(&mut self, pos: &Gomoku, moves: &[u8], scores: &mut [i32]) {
        let size = i32::from(pos.rules.size);
        let stone = |row: i32, col: i32| {
            let bit = row * ROW as i32 + col;
            (0..size).contains(&row)
                && (0..size).contains(&col)
                && (has(&pos.black, bit) || has(&pos.white, bit))
        };
        for (&mv, score) in moves.iter().zip(scores.iter_mut()) {
            if mv == PASS {
                continue;
            }
            let (row, col) = (i32::from(mv) / ROW as i32, i32::from(mv) % ROW as i32);
            for dr in -2..=2i32 {
                for dc in -2..=2i32 {
                    if stone(row + dr, col + dc) {
                        *score += if dr.abs().max(dc.abs()) == 1 { 2 } else { 1 };
                    }
                }
            }
        }
    }
}

/// The stages experiment's stages on 15×15 (measured: docs/src/experiments.md).
const GOMOKU_STAGES: [u32; 4] = [10, 20, 40, 80];

impl Catalogued for Gomoku {
    const FAMILY: Family = Family {
        id: "gomoku",
        title: "Gomoku",
        grammar: "gomoku[:NxN][:K][:free]",
        listed: &[
            Listed::new("gomoku", "Gomoku 15×15 (exactly five)", &GOMOKU_STAGES),
            Listed::new(
                "gomoku:free",
                "Gomoku 15×15, free-style (five or more)",
                &GOMOKU_STAGES,
            ),
            Listed::new("gomoku:9x9", "Gomoku 9×9", &[10, 20, 30, 40, 60]),
            Listed::new("gomoku:7x7:4", "Four in a row on 7×7", &[4, 8, 12, 16, 20]),
        ],
        facts: Facts::two_player(225),
        presentation: Presentation {
            board: "go",
            notation: "rows of X, O, - separated by / and the side to move, or moves like \
                       h8 h9 i8",
            ..Presentation::BLACK_AND_WHITE
        },
        examples: &[Example {
            name: "Black to move wins: an open two becomes an open three (6×6, four in a row)",
            game: "gomoku:6x6:4",
            text: "------/------/-XX---/---O--/------/------ X",
            source: "constructed: with four in a row to win, a stone beside the two \
                     makes an open three (two ways to make four); proved by the \
                     proof-number tests (tests/games/gomoku.rs), and by PNS within the page's \
                     default node limit",
        }],
    };

    fn parse_name(name: &str) -> Option<Result<Rules, ParseError>> {
        let rest = name.strip_prefix("gomoku")?;
        if !rest.is_empty() && !rest.starts_with(':') {
            return None;
        }
        let unknown = || {
            Some(Err(ParseError::UnknownGame {
                name: name.to_string(),
            }))
        };
        let mut rules = Rules::default();
        let mut parts = rest.split(':').skip(1).peekable();
        let out_of_range = |what: String| {
            Some(Err(ParseError::InvalidPosition {
                reason: format!("{what}: {}", Rules::RANGE),
            }))
        };
        if let Some((w, h)) = parts.peek().and_then(|p| p.split_once(['x', 'X'])) {
            match (w.parse::<u8>(), h.parse::<u8>()) {
                (Ok(a), Ok(b)) if a == b => rules.size = a,
                _ if Number::is(w) && Number::is(h) => {
                    return out_of_range(format!(
                        "a Gomoku board of {}x{}",
                        Number(w),
                        Number(h)
                    ));
                }
                _ => return unknown(),
            }
            parts.next();
        }
        if let Some(&line) = parts.peek().filter(|p| Number::is(p)) {
            match line.parse::<u8>() {
                Ok(line) => rules.line = line,
                Err(_) => return out_of_range(format!("{} in a row", Number(line))),
            }
            parts.next();
        }
        if parts.peek() == Some(&"free") {
            rules.free = true;
            parts.next();
        }
        if parts.next().is_some() {
            return unknown();
        }
        Some(rules.check().map(|()| rules))
    }

    fn name(rules: &Rules) -> String {
        let mut name = "gomoku".to_string();
        if rules.size != 15 {
            name.push_str(&format!(":{0}x{0}", rules.size));
        }
        if rules.line != 5 {
            name.push_str(&format!(":{}", rules.line));
        }
        if rules.free {
            name.push_str(":free");
        }
        name
    }
}

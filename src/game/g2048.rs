//! 2048 on a 2×2 or 4×4 board: a single-agent game against chance (SPEC.md §2, the
//! dissertation's chapter 4 for 2×2).
//!
//! # Rules
//!
//! * The player slides every tile up, down, left or right. Tiles move as far as they can;
//!   two equal tiles that meet merge into their sum. Merges resolve from the side the tiles
//!   move toward, and a tile made by a merge does not merge again in the same move:
//!   `[2,2,2,2]` left gives `[4,4,0,0]`, `[4,2,2,0]` left gives `[4,4,0,0]`. A move that
//!   changes nothing is illegal.
//! * After every player move chance spawns a tile in an empty cell: a 2 with probability 0.9
//!   or a 4 with probability 0.1, the cell uniformly, so outcome `(cell, value)` has
//!   probability `0.9 / empties` or `0.1 / empties`.
//! * The game starts from the empty board with chance to act twice (the two opening
//!   spawns): after a spawn chance acts again while the board holds fewer than two tiles,
//!   and otherwise the player acts. (In play a spawn always follows a player move and so
//!   makes at least two tiles.)
//! * The game is over as soon as a tile reaches the objective (a win for the player,
//!   [`Player::First`]) or when the player is to act and has no legal move (a loss).
//!
//! * **Playing on past 2048** (the original game's "keep going", and the dissertation's
//!   chapter 5 games that reach 4096): the objective is the variant's, so `2048:4x4:32768`
//!   ([`Config::open`], objective [`MAX_TILE`], the largest tile the cells hold) plays on
//!   past 2048 until the player is stuck. `pnplay play2048` plays that variant.
//! * **Score**, as the original game counts it: each slide adds the sum of the tiles its
//!   merges make ([`G2048::merge_score`]); spawned tiles never score. The score is a
//!   property of a game's record, not of a position (the same board can be reached with
//!   different scores, through spawned 4s), so positions do not carry it.
//!
//! [`Player::Second`] never acts; [`Game::outcome`] for it is the flipped outcome and
//! [`Game::terminal_value`] for it is the negated value (`−1` or `0`), so the game reads as
//! zero-sum to searches that take a second player's view.
//!
//! # Notation
//!
//! Moves are `up`, `down`, `left`, `right` and, for chance, `<cell>=<2|4>` with the cell
//! numbered from 1, row-major from the top left (as tic-tac-toe numbers its cells): `3=2`
//! puts a 2 in the first cell of the second row of a 2×2 board. A position is the tiles
//! row-major, comma separated, `0` for empty, then `;` and who acts, `p` or `c`:
//! `2,0,0,4;p`.
//!
//! Tiles are stored as exponents, 4 bits per cell, so tiles above 32768 = 2^15 are rejected
//! with [`ParseError::InvalidPosition`] and objectives go up to 32768 (play then never makes a
//! larger tile: the game ends when the objective appears).
//!
//! # 2×2 facts (checked in `tests/games/g2048.rs`)
//!
//! * There are 24 distinct starting positions (after the two opening spawns): 6 pairs of
//!   cells times a 2 or a 4 in each. The dissertation (§4.4, Figure 4-1) counts 6 initial
//!   positions because it starts, like the original game, from two 2 tiles; those 6 are
//!   exactly our starting positions without a 4, so the two counts agree once the opening
//!   4s are set aside.
//! * From the empty start, 399 distinct positions are reachable with objective 16 and 755
//!   with objective 32 (player and chance nodes counted apart: the same tiles with a
//!   different side to act are different positions; finished games included).
//! * The largest tile any play reaches is 32 (with objective 2048: 1,131 reachable
//!   positions), as the dissertation reports from brute-force enumeration.
//!
//! ```
//! use pnplay::game::{Game, Turn, g2048::{Config, G2048, Move}};
//!
//! let config = Config::new(2, 16).unwrap();
//! let mut pos = G2048::parse_position(&config, "2,0,2,4;p").unwrap();
//! assert_eq!(pos.parse_move("up"), Ok(Move::Up));
//! pos.play(Move::Up); // the two 2s of the first column merge
//! assert_eq!(pos.format_position(), "4,4,0,0;c");
//! assert_eq!(pos.turn(), Turn::Chance);
//! let spawn = pos.parse_move("4=2").unwrap();
//! assert!((pos.chance_probability(spawn) - 0.45).abs() < 1e-12);
//! ```

use std::sync::OnceLock;

use super::error::Number;
use super::family::{Catalogued, Example, Facts, Family, LegendEntry, Listed, MoveStyle, Presentation};
use super::move_text;
use super::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn};

/// The largest tile (and objective) the 4-bit cells can hold.
pub const MAX_TILE: u32 = 1 << 15;

/// Which 2048 is played: the board size and the tile that wins.
///
/// ```
/// use pnplay::game::g2048::{Config, Spawns};
/// assert_eq!(Config::default(), Config { size: 4, objective: 2048, spawns: Spawns::And });
/// assert!(Config::new(2, 32).is_ok());
/// assert!(Config::new(3, 32).is_err());
/// assert!(Config::new(2, 48).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Cells per side: 2 or 4.
    pub size: u8,
    /// The tile that wins: a power of two from 4 to [`MAX_TILE`].
    pub objective: u32,
    /// Who chooses the spawns after the player's slides.
    pub spawns: Spawns,
}

/// How the AND/OR searches read a spawn after a slide (the dissertation's chapter 4 needs
/// the choice: its "solved" 2×2 openings hold only when the player picks the spawns).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Spawns {
    /// Chance spawns ([`Turn::Chance`], an AND node for the proof-number searches): the
    /// objective must be reached whatever spawns. The original game.
    #[default]
    And,
    /// The player also chooses the spawn (an OR node: a [`Player::First`] turn whose moves
    /// are the spawns): the objective must be reachable by some spawns. Names end in `:or`
    /// (`2048:2x2:16:or`). A spawn onto a board of fewer than two tiles stays chance's:
    /// the two opening spawns (so both readings share their openings), and the rare spawn
    /// after a slide that leaves a single tile. Random playouts still draw every spawn by
    /// its probability (the game's randomness, as the dissertation's playouts simulate it).
    Or,
}

impl Default for Config {
    /// The original game: 4×4, objective 2048.
    fn default() -> Self {
        Config {
            size: 4,
            objective: 2048,
            spawns: Spawns::And,
        }
    }
}

impl Config {
    /// A checked configuration: `InvalidPosition` unless the size is 2 or 4 and the
    /// objective a power of two from 4 to [`MAX_TILE`].
    pub fn new(size: u8, objective: u32) -> Result<Config, ParseError> {
        let config = Config {
            size,
            objective,
            spawns: Spawns::And,
        };
        config.check()?;
        Ok(config)
    }

    /// Whether this configuration is allowed (see [`Config::new`]).
    pub fn check(self) -> Result<(), ParseError> {
        if self.size != 2 && self.size != 4 {
            return Err(ParseError::InvalidPosition {
                reason: format!("2048 board size {} is not 2 or 4", self.size),
            });
        }
        if !self.objective.is_power_of_two() || !(4..=MAX_TILE).contains(&self.objective) {
            return Err(Config::bad_objective(self.objective));
        }
        Ok(())
    }

    /// The error for an objective that is not allowed.
    fn bad_objective(objective: impl std::fmt::Display) -> ParseError {
        ParseError::InvalidPosition {
            reason: format!("2048 objective {objective} is not a power of two from 4 to {MAX_TILE}"),
        }
    }

    fn cells(self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// The board of `size` with objective [`MAX_TILE`]: play goes on past 2048 until the
    /// player is stuck (`2048:4x4:32768`).
    ///
    /// ```
    /// use pnplay::game::g2048::{Config, MAX_TILE};
    /// assert_eq!(Config::open(4).unwrap().objective, MAX_TILE);
    /// ```
    pub fn open(size: u8) -> Result<Config, ParseError> {
        Config::new(size, MAX_TILE)
    }
}

/// A player's slide or a chance spawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Slide toward the top row.
    Up,
    /// Slide toward the bottom row.
    Down,
    /// Slide toward the left column.
    Left,
    /// Slide toward the right column.
    Right,
    /// Chance puts a tile in an empty cell.
    Spawn {
        /// The cell, 0-based row-major from the top left (the notation counts from 1).
        cell: u8,
        /// The tile: 2 or 4.
        value: u8,
    },
}

/// The player's moves in the fixed order [`Game::legal_moves`] lists them.
const SLIDES: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

/// Probability of spawning a 2 rather than a 4.
const P_TWO: f64 = 0.9;

/// The probability of spawning `value` in one given cell when `empties` cells are empty.
fn spawn_probability(value: u8, empties: u32) -> f64 {
    let p = if value == 2 { P_TWO } else { 1.0 - P_TWO };
    p / f64::from(empties)
}

/// One line of up to 4 cells slid toward its first cell: cell `i` is nibble `i`, so the
/// merge order runs from nibble 0. Exponent 15 tiles do not merge (play never has two: the
/// objective is at most 2^15 and ends the game).
fn slide_line(line: u16) -> u16 {
    slide_line_scored(line).0
}

/// [`slide_line`] and the score the slide earns in the original game: the sum of the tiles
/// its merges make (`[2,2,2,2]` → `[4,4,0,0]` earns 8).
fn slide_line_scored(line: u16) -> (u16, u32) {
    let mut out = [0u16; 4];
    let mut len = 0;
    let mut score = 0;
    let mut last_merged = true; // nothing to merge with yet
    for i in 0..4 {
        let tile = (line >> (4 * i)) & 0xF;
        if tile == 0 {
            continue;
        }
        if !last_merged && out[len - 1] == tile && tile < 15 {
            out[len - 1] += 1;
            score += 1 << out[len - 1];
            last_merged = true;
        } else {
            out[len] = tile;
            len += 1;
            last_merged = false;
        }
    }
    (out.iter().rev().fold(0, |acc, &t| (acc << 4) | t), score)
}

/// [`slide_line`] for every 16-bit line, built on first use (128 KiB).
fn slide_table() -> &'static [u16; 1 << 16] {
    static TABLE: OnceLock<Box<[u16; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let table: Box<[u16]> = (0..=u16::MAX).map(slide_line).collect();
        table.try_into().expect("one entry per 16-bit line")
    })
}

/// A nibble of 1 in the lowest bit of each of the first `cells` cells.
const fn cell_lows(cells: usize) -> u64 {
    if cells == 16 {
        0x1111_1111_1111_1111
    } else {
        0x1111
    }
}

/// A 2048 position: the tiles and who acts.
///
/// The board packs one exponent per cell (0 = empty, `k` = tile `2^k`) into a `u64`, cell
/// `i` (row-major from the top left) in bits `4i..4i+4`, so a row of the 4×4 board is one
/// 16-bit lane and a slide is a table lookup per row (columns via a transpose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct G2048 {
    board: u64,
    size: u8,
    /// The objective's exponent.
    goal: u8,
    chance_to_act: bool,
    /// The player chooses the spawns after slides ([`Spawns::Or`]).
    spawns_or: bool,
}

impl G2048 {
    /// The tile in `cell` (0-based row-major), 0 if empty or off the board.
    #[must_use]
    pub fn tile(&self, cell: usize) -> u32 {
        if cell >= self.cells() {
            return 0;
        }
        match (self.board >> (4 * cell)) & 0xF {
            0 => 0,
            exponent => 1 << exponent,
        }
    }

    /// The largest tile on the board (0 on the empty board).
    #[must_use]
    pub fn max_tile(&self) -> u32 {
        (0..self.cells())
            .map(|cell| self.tile(cell))
            .max()
            .unwrap_or(0)
    }

    fn cells(&self) -> usize {
        usize::from(self.size) * usize::from(self.size)
    }

    /// One bit per empty cell, at the cell's lowest bit.
    fn empty_cells(&self) -> u64 {
        let b = self.board;
        !(b | (b >> 1) | (b >> 2) | (b >> 3)) & cell_lows(self.cells())
    }

    fn empties(&self) -> u32 {
        self.empty_cells().count_ones()
    }

    /// Whether a tile has reached the objective: adds `16 − goal` to every exponent in
    /// 8-bit lanes and looks for a carry into bit 4.
    fn reached(&self) -> bool {
        const LANES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
        let add = u64::from(16 - self.goal) * 0x0101_0101_0101_0101;
        let even = (self.board & LANES) + add;
        let odd = ((self.board >> 4) & LANES) + add;
        (even | odd) & 0x1010_1010_1010_1010 != 0
    }

    /// Whether some slide changes the board: a tile next to an empty cell, or two equal
    /// tiles side by side.
    fn can_slide(&self) -> bool {
        if self.empty_cells() != 0 {
            return self.board != 0;
        }
        // One bit per cell that has a neighbour to its right / below it.
        let (n, right_neighbours, lower_neighbours) = if self.size == 2 {
            (2, 0x0101, 0x0011)
        } else {
            (4, 0x0111_0111_0111_0111, 0x0000_1111_1111_1111)
        };
        let equal_to = |shift: usize| {
            let x = self.board ^ (self.board >> shift);
            !(x | (x >> 1) | (x >> 2) | (x >> 3))
        };
        equal_to(4) & right_neighbours != 0 || equal_to(4 * n) & lower_neighbours != 0
    }

    /// Swaps rows and columns.
    fn transpose(board: u64, size: u8) -> u64 {
        if size == 2 {
            return (board & 0xF00F) | ((board & 0x00F0) << 4) | ((board & 0x0F00) >> 4);
        }
        let a = (board & 0xF0F0_0F0F_F0F0_0F0F)
            | ((board & 0x0000_F0F0_0000_F0F0) << 12)
            | ((board & 0x0F0F_0000_0F0F_0000) >> 12);
        (a & 0xFF00_FF00_00FF_00FF)
            | ((a & 0x00FF_00FF_0000_0000) >> 24)
            | ((a & 0x0000_0000_FF00_FF00) << 24)
    }

    /// Reverses the cells of one row of `size` cells.
    fn reverse_row(row: u16, size: u8) -> u16 {
        if size == 2 {
            ((row & 0xF) << 4) | (row >> 4)
        } else {
            ((row & 0xF) << 12) | ((row & 0xF0) << 4) | ((row >> 4) & 0xF0) | (row >> 12)
        }
    }

    /// Every row of `board` slid toward its first cell (`toward_start`) or its last.
    fn slide_rows(board: u64, size: u8, toward_start: bool) -> u64 {
        let table = slide_table();
        let row_bits = 4 * u32::from(size);
        let row_mask = (1u64 << row_bits) - 1;
        let mut out = 0;
        for r in 0..u32::from(size) {
            let row = ((board >> (r * row_bits)) & row_mask) as u16;
            let slid = if toward_start {
                table[usize::from(row)]
            } else {
                let reversed = Self::reverse_row(row, size);
                Self::reverse_row(table[usize::from(reversed)], size)
            };
            out |= u64::from(slid) << (r * row_bits);
        }
        out
    }

    /// The score the original game adds for slide `mv` here: the sum of the tiles its
    /// merges make (0 for a spawn or a slide without merges). A game's score is the sum over
    /// its slides, so a 4 that spawns never scores (as in Cirulli's game).
    ///
    /// ```
    /// use pnplay::game::{Game, g2048::{Config, G2048, Move}};
    /// let pos = G2048::parse_position(&Config::default(), "2,2,2,2,4,4,8,0,0,0,0,0,0,0,0,0;p").unwrap();
    /// assert_eq!(pos.merge_score(Move::Left), 8 + 8); // 2+2, 2+2 and 4+4
    /// assert_eq!(pos.merge_score(Move::Up), 0);
    /// ```
    #[must_use]
    pub fn merge_score(&self, mv: Move) -> u32 {
        let size = self.size;
        let (board, reversed) = match mv {
            Move::Left => (self.board, false),
            Move::Right => (self.board, true),
            Move::Up => (Self::transpose(self.board, size), false),
            Move::Down => (Self::transpose(self.board, size), true),
            Move::Spawn { .. } => return 0,
        };
        let row_bits = 4 * u32::from(size);
        let row_mask = (1u64 << row_bits) - 1;
        (0..u32::from(size))
            .map(|r| {
                let row = ((board >> (r * row_bits)) & row_mask) as u16;
                let row = if reversed {
                    Self::reverse_row(row, size)
                } else {
                    row
                };
                slide_line_scored(row).1
            })
            .sum()
    }

    /// The sum of the tiles on the board.
    #[must_use]
    pub fn tile_sum(&self) -> u32 {
        (0..self.cells()).map(|cell| self.tile(cell)).sum()
    }

    /// The board after sliding in `direction` (a player move).
    fn slid(&self, direction: Move) -> u64 {
        let size = self.size;
        match direction {
            Move::Left => Self::slide_rows(self.board, size, true),
            Move::Right => Self::slide_rows(self.board, size, false),
            Move::Up | Move::Down => {
                let columns = Self::transpose(self.board, size);
                Self::transpose(Self::slide_rows(columns, size, direction == Move::Up), size)
            }
            Move::Spawn { .. } => self.board,
        }
    }

    fn parse_tiles(config: Config, text: &str) -> Result<u64, ParseError> {
        let mut board = 0u64;
        let mut count = 0;
        let mut offset = 0; // character offset of the current token
        let tokens: Vec<&str> = text.split(',').collect();
        for (i, token) in tokens.iter().enumerate() {
            let token_chars = token.chars().count();
            let leading = token.chars().take_while(|c| c.is_whitespace()).count();
            let tile = token.trim();
            if tile.is_empty() {
                // The separator after an empty token (`,` or the `;` that ends the tiles).
                return Err(ParseError::UnexpectedChar {
                    index: offset + token_chars,
                    found: if i + 1 < tokens.len() { ',' } else { ';' },
                    expected: "a tile value",
                });
            }
            let mut value: u32 = 0;
            for (k, c) in tile.chars().enumerate() {
                let digit = c.to_digit(10).ok_or(ParseError::UnexpectedChar {
                    index: offset + leading + k,
                    found: c,
                    expected: "a digit of a tile value",
                })?;
                value = value.saturating_mul(10).saturating_add(digit);
            }
            if value != 0 && (!value.is_power_of_two() || !(2..=MAX_TILE).contains(&value)) {
                return Err(ParseError::InvalidPosition {
                    reason: format!(
                        "tile {} in cell {} is not 0 or a power of two from 2 to {MAX_TILE}",
                        Number(tile),
                        i + 1
                    ),
                });
            }
            if i < config.cells() && value != 0 {
                board |= u64::from(value.trailing_zeros()) << (4 * i);
            }
            count += 1;
            offset += token_chars + 1;
        }
        if count != config.cells() {
            return Err(ParseError::WrongLength {
                what: "tiles",
                expected: config.cells(),
                found: count,
            });
        }
        Ok(board)
    }

    /// The move a piece of notation names, before checking that it is legal.
    fn move_from_text(&self, text: &str) -> Option<Move> {
        let lower = text.to_ascii_lowercase();
        let slide = match lower.as_str() {
            "up" => Some(Move::Up),
            "down" => Some(Move::Down),
            "left" => Some(Move::Left),
            "right" => Some(Move::Right),
            _ => None,
        };
        if slide.is_some() {
            return slide;
        }
        let (cell, value) = lower.split_once('=')?;
        let cell: usize = cell.trim().parse().ok()?;
        let value: u8 = value.trim().parse().ok()?;
        if !(1..=self.cells()).contains(&cell) || (value != 2 && value != 4) {
            return None;
        }
        Some(Move::Spawn {
            cell: (cell - 1) as u8,
            value,
        })
    }
}

impl Game for G2048 {
    /// At most 32 moves: on 4×4, a 2 or a 4 on each of 16 empty cells.
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, 32>;
    type Move = Move;
    /// The packed board in bits 1..65 and who acts in bit 0 (1 = chance).
    type Key = u128;
    type Variant = Config;

    /// # Panics
    /// If `config` is not allowed (see [`Config::new`]).
    fn start(config: &Config) -> Self {
        if let Err(e) = config.check() {
            panic!("{e}");
        }
        G2048 {
            board: 0,
            size: config.size,
            goal: config.objective.trailing_zeros() as u8,
            chance_to_act: true,
            spawns_or: config.spawns == Spawns::Or,
        }
    }

    fn variant(&self) -> Config {
        Config {
            size: self.size,
            objective: 1 << self.goal,
            spawns: if self.spawns_or {
                Spawns::Or
            } else {
                Spawns::And
            },
        }
    }

    fn turn(&self) -> Turn {
        if self.reached() {
            Turn::Over
        } else if self.chance_to_act {
            // Under the OR reading the player picks every spawn after a slide; the opening
            // spawns (fewer than two tiles, before any slide) stay chance's.
            if self.spawns_or && self.empties() + 2 <= self.cells() as u32 {
                Turn::Player(Player::First)
            } else {
                Turn::Chance
            }
        } else if self.can_slide() {
            Turn::Player(Player::First)
        } else {
            Turn::Over
        }
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        match self.turn() {
            Turn::Over => {}
            Turn::Player(_) if !self.chance_to_act => {
                out.extend(SLIDES.into_iter().filter(|&d| self.slid(d) != self.board));
            }
            Turn::Player(_) | Turn::Chance => {
                let mut empty = self.empty_cells();
                while empty != 0 {
                    let cell = (empty.trailing_zeros() / 4) as u8;
                    out.push(Move::Spawn { cell, value: 2 });
                    out.push(Move::Spawn { cell, value: 4 });
                    empty &= empty - 1;
                }
            }
        }
    }

    fn chance_probability(&self, mv: Move) -> f64 {
        match mv {
            Move::Spawn { value, .. } => spawn_probability(value, self.empties()),
            _ => 1.0,
        }
    }

    fn play(&mut self, mv: Move) {
        match mv {
            Move::Spawn { cell, value } => {
                let exponent = if value == 4 { 2 } else { 1 };
                self.board |= exponent << (4 * u32::from(cell));
                let tiles = self.cells() as u32 - self.empties();
                self.chance_to_act = tiles < 2;
            }
            direction => {
                self.board = self.slid(direction);
                self.chance_to_act = true;
            }
        }
    }

    /// For [`Player::First`]: a win if the objective was reached, a loss if the player is
    /// stuck. [`Player::Second`] (who never acts) gets the flipped outcome.
    fn outcome(&self, player: Player) -> Option<Outcome> {
        if self.turn() != Turn::Over {
            return None;
        }
        let first = if self.reached() {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        Some(match player {
            Player::First => first,
            Player::Second => first.flipped(),
        })
    }

    /// 1 if the objective was reached, else 0, for [`Player::First`]; negated for
    /// [`Player::Second`].
    fn terminal_value(&self, player: Player) -> Option<i32> {
        let won = self.outcome(Player::First)? == Outcome::Win;
        let value = i32::from(won);
        Some(match player {
            Player::First => value,
            Player::Second => -value,
        })
    }

    fn key(&self) -> u128 {
        (u128::from(self.board) << 1) | u128::from(self.chance_to_act)
    }

    fn parse_position(config: &Config, text: &str) -> Result<Self, ParseError> {
        config.check()?;
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::Empty {
                expected: "tiles and who acts, such as 2,0,0,4;p",
            });
        }
        let Some((tiles, who)) = text.split_once(';') else {
            return Err(ParseError::Missing {
                index: text.chars().count(),
                expected: "`;` and who acts (`p` or `c`) after the tiles",
            });
        };
        let board = Self::parse_tiles(*config, tiles)?;
        let who_offset = tiles.chars().count() + 1;
        let leading = who.chars().take_while(|c| c.is_whitespace()).count();
        let chance_to_act = match who.trim() {
            "p" => false,
            "c" => true,
            "" => {
                return Err(ParseError::Missing {
                    index: text.chars().count(),
                    expected: "who acts (`p` or `c`) after `;`",
                });
            }
            other => {
                // Either the first character is wrong or something follows `p` or `c`.
                let mut chars = other.chars();
                let first = chars.next().unwrap_or(' ');
                let (index, found, expected) = if matches!(first, 'p' | 'c') {
                    (1, chars.next().unwrap_or(' '), "the end of the position")
                } else {
                    (0, first, "`p` or `c`")
                };
                return Err(ParseError::UnexpectedChar {
                    index: who_offset + leading + index,
                    found,
                    expected,
                });
            }
        };
        let mut pos = Self::start(config);
        pos.board = board;
        pos.chance_to_act = chance_to_act;
        if chance_to_act && pos.empties() == 0 {
            return Err(ParseError::InvalidPosition {
                reason: "chance cannot act on a full board".to_string(),
            });
        }
        Ok(pos)
    }

    fn format_position(&self) -> String {
        let tiles: Vec<String> = (0..self.cells())
            .map(|cell| self.tile(cell).to_string())
            .collect();
        let who = if self.chance_to_act { 'c' } else { 'p' };
        format!("{};{who}", tiles.join(","))
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        move_text::read_one(self, text, |word| self.move_from_text(word))
    }

    fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Up => "up".to_string(),
            Move::Down => "down".to_string(),
            Move::Left => "left".to_string(),
            Move::Right => "right".to_string(),
            Move::Spawn { cell, value } => format!("{}={value}", u32::from(cell) + 1),
        }
    }

    /// The default playout with each slide computed once per turn and the spawn picked
    /// without a move list; it draws from `rng` exactly as the default does (one
    /// `below(legal slides)` per player move, one `unit()` walked down the spawns'
    /// probabilities in move order per spawn).
    fn random_playout(&self, rng: &mut Rng) -> Self {
        let mut pos = *self;
        loop {
            if pos.reached() {
                return pos;
            }
            if pos.chance_to_act {
                let spawn = pos.pick_spawn(rng.unit());
                pos.play(spawn);
                continue;
            }
            let mut boards = [0u64; 4];
            let mut legal = 0;
            for direction in SLIDES {
                let board = pos.slid(direction);
                if board != pos.board {
                    boards[legal] = board;
                    legal += 1;
                }
            }
            if legal == 0 {
                return pos;
            }
            pos.board = boards[rng.below(legal as u32) as usize];
            pos.chance_to_act = true;
        }
    }
}

impl G2048 {
    /// The spawn [`super::pick_by_probability`] picks for the uniform draw `target`.
    fn pick_spawn(&self, mut target: f64) -> Move {
        let empties = self.empties();
        let mut empty = self.empty_cells();
        let mut last = Move::Spawn { cell: 0, value: 4 };
        while empty != 0 {
            let cell = (empty.trailing_zeros() / 4) as u8;
            for value in [2, 4] {
                last = Move::Spawn { cell, value };
                target -= spawn_probability(value, empties);
                if target < 0.0 {
                    return last;
                }
            }
            empty &= empty - 1;
        }
        last
    }
}

impl super::board::Board for G2048 {
    fn rows(&self) -> usize {
        usize::from(self.size)
    }

    fn cols(&self) -> usize {
        usize::from(self.size)
    }

    fn cell(&self, index: usize) -> super::board::Cell {
        super::board::Cell::counted(self.tile(index))
    }

    fn move_cells(&self, mv: Move) -> super::board::MoveCells {
        match mv {
            Move::Spawn { cell, .. } => super::board::MoveCells::at(usize::from(cell)),
            _ => super::board::MoveCells::default(),
        }
    }

    /// Cycles the tile through empty, 2, 4, … up to the objective, then empty again.
    fn cycle_cell(&self, index: usize) -> Option<Self> {
        if index >= self.cells() {
            return None;
        }
        let shift = 4 * index;
        let exponent = (self.board >> shift) & 0xF;
        let next = if exponent >= u64::from(self.goal) {
            0
        } else {
            exponent + 1
        };
        let mut edited = *self;
        edited.board = (self.board & !(0xF << shift)) | (next << shift);
        Some(edited)
    }

    /// Switches between the player and chance to act (chance needs an empty cell).
    fn toggle_turn(&self) -> Option<Self> {
        let edited = G2048 {
            chance_to_act: !self.chance_to_act,
            ..*self
        };
        let has_empty = (0..self.cells()).any(|cell| self.tile(cell) == 0);
        (!edited.chance_to_act || has_empty).then_some(edited)
    }
}

/// The weight of each cell in the evaluation (5.1), row-major: powers of two along a snake
/// from the top-left corner (2^15) through the first row, back along the second, and so on
/// to 2^0. The dissertation does not print its matrix; this is the usual "snake" gradient
/// of 2048 players, which rewards big tiles kept in order in one corner:
///
/// ```text
/// 32768 16384 8192 4096
///   256   512 1024 2048
///   128    64   32   16
///     1     2    4    8
/// ```
///
/// On 2×2 the same snake gives `8 4 / 1 2`.
///
/// ```
/// use pnplay::game::g2048::snake_weights;
/// assert_eq!(snake_weights(2), vec![8.0, 4.0, 1.0, 2.0]);
/// assert_eq!(snake_weights(4)[4..8], [256.0, 512.0, 1024.0, 2048.0]);
/// ```
#[must_use]
pub fn snake_weights(size: u8) -> Vec<f64> {
    let n = usize::from(size);
    let mut weights = vec![0.0; n * n];
    for rank in 0..n * n {
        let (row, step) = (rank / n, rank % n);
        let col = if row % 2 == 0 { step } else { n - 1 - step };
        weights[row * n + col] = f64::from(1u32 << (n * n - 1 - rank));
    }
    weights
}

/// [`snake_weights`] for both board sizes, computed once.
fn weights_for(size: u8) -> &'static [f64] {
    static SMALL: OnceLock<Vec<f64>> = OnceLock::new();
    static LARGE: OnceLock<Vec<f64>> = OnceLock::new();
    let cell = if size == 2 { &SMALL } else { &LARGE };
    cell.get_or_init(|| snake_weights(size))
}

impl G2048 {
    /// The evaluation (5.1): `Σ weight[i][j] × tile[i][j]` with [`snake_weights`]. A whole
    /// number below 2^35, so exact in `f64`.
    ///
    /// ```
    /// use pnplay::game::{Game, g2048::{Config, G2048}};
    /// let pos = G2048::parse_position(&Config::new(2, 32).unwrap(), "4,2,0,2;p").unwrap();
    /// assert_eq!(pos.evaluation(), 8.0 * 4.0 + 4.0 * 2.0 + 2.0 * 2.0);
    /// ```
    #[must_use]
    pub fn evaluation(&self) -> f64 {
        weights_for(self.size)
            .iter()
            .enumerate()
            .map(|(cell, w)| w * f64::from(self.tile(cell)))
            .sum()
    }
}

impl super::knowledge::Knowledge for G2048 {
    type Ordering = super::knowledge::NoOrdering;

    fn expectimax_value(&self) -> Option<f64> {
        Some(self.evaluation())
    }

    /// Slides keep the tile sum S and each spawn adds 2 or 4, so a reachable board's sum S'
    /// is even and in [S, S + 4 · spawns]. Every weight is at least 1: the value is at
    /// least S. Above: with the weights sorted down w₁ ≥ w₂ ≥ …, Σ w·t is at most
    /// Σ wᵢ·tᵢ with the tiles sorted down (rearrangement), and the k largest tiles, k powers
    /// of two summing to at most S', sum to at most the k highest bits of S' (a number of at
    /// most k bits that is ≤ S'); by Abel summation the value is at most Σ wᵢ·bᵢ, bᵢ the bits
    /// of S' from the highest down. The bound is the largest of that over every S'.
    fn expectimax_bounds(&self, spawns: u32) -> Option<(f64, f64)> {
        let sum = self.tile_sum();
        let mut weights = weights_for(self.size).to_vec();
        weights.sort_by(|a, b| b.total_cmp(a));
        let bound = |total: u32| {
            let bits = (0..32).rev().filter(|b| total & (1 << b) != 0);
            bits.zip(&weights)
                .map(|(b, w)| w * f64::from(1u32 << b))
                .sum::<f64>()
        };
        let high = (sum..=sum + 4 * spawns)
            .step_by(2)
            .map(bound)
            .fold(0.0, f64::max);
        Some((f64::from(sum), high))
    }
}

impl Catalogued for G2048 {
    const FAMILY: Family = Family {
        id: "2048",
        title: "2048",
        grammar: "2048:2x2[:objective][:or] | 2048:4x4[:objective][:or]",
        listed: &[
            Listed::new("2048:2x2", "2048 on 2×2", &[2, 4, 6]),
            Listed::new("2048:4x4", "2048 on 4×4", &[2, 10, 20]),
        ],
        facts: Facts {
            players: 1,
            chance: true,
            repeats: false,
            values: "1 if the objective tile is reached, else 0",
            max_moves: 32,
        },
        presentation: Presentation {
            players: &["The player"],
            legend: &[
                LegendEntry::EMPTY,
                LegendEntry {
                    owner: None,
                    piece: 1,
                    name: "tile",
                },
            ],
            board: "tiles",
            moves: MoveStyle::Button,
            editable: true,
            notation: "the tiles row by row with - for empty, and who acts",
            chance_help: Some("Chance to spawn a tile: click an empty cell (2), shift-click (4)."),
            ..Presentation::BOARD
        },
        examples: &[
            Example {
                name: "2×2 from two 2s: can 32 be forced? (no)",
                game: "2048:2x2",
                text: "2,0,0,2;p",
                source: "a start of the dissertation's 2×2 experiments (two 2-tiles); \
                         with objective 32 every spawn must be survived, and PNS \
                         disproves it",
            },
            Example {
                name: "4×4: reach 1024 from 512, 256, 256",
                game: "2048:4x4:1024",
                text: "512,256,256,0,0,0,0,0,0,0,0,0,0,0,0,0;p",
                source: "made for this page: merging the 256s and then the 512s reaches \
                         1024 whatever tiles spawn; PNS proves it",
            },
        ],
    };

    fn parse_name(name: &str) -> Option<Result<Config, ParseError>> {
        let rest = name.strip_prefix("2048:")?;
        let (rest, spawns) = match rest.strip_suffix(":or") {
            Some(rest) => (rest, Spawns::Or),
            None => (rest, Spawns::And),
        };
        let unknown = || ParseError::UnknownGame {
            name: name.to_string(),
        };
        let (size, objective) = match rest.split_once(':') {
            Some((size, objective)) => match objective.parse() {
                Ok(objective) => (size, Some(objective)),
                Err(_) if Number::is(objective) => {
                    return Some(Err(Config::bad_objective(Number(objective))));
                }
                Err(_) => return Some(Err(unknown())),
            },
            None => (rest, None),
        };
        let size = match size {
            "2x2" => 2,
            "4x4" => 4,
            _ => return Some(Err(unknown())),
        };
        Some(
            Config::new(size, objective.unwrap_or(default_objective(size)))
                .map(|config| Config { spawns, ..config }),
        )
    }

    fn name(config: &Config) -> String {
        let mut name = format!("2048:{0}x{0}", config.size);
        if config.objective != default_objective(config.size) || config.spawns == Spawns::Or {
            name.push_str(&format!(":{}", config.objective));
        }
        if config.spawns == Spawns::Or {
            name.push_str(":or");
        }
        name
    }
}

/// The objective a 2048 name without one means: 32 on 2×2, 2048 on 4×4.
const fn default_objective(size: u8) -> u32 {
    if size == 2 { 32 } else { 2048 }
}

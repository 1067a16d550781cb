//! A learned pattern evaluation of 8×8 Othello positions: the predicted final disc
//! difference for the side to move, used to order moves in the endgame solver
//! ([`super::endgame`]) at the nodes far from the end, where fastest-first alone orders
//! poorly.
//!
//! It is the evaluation of the strong Othello programs (Buro's Logistello, "Experiments
//! with Multi-ProbCut and a new high-quality evaluation function for Othello", 1997; Edax
//! uses the same pattern set): the board is read through fixed *patterns* of squares (the
//! corner 3×3 block, an edge with its two X-squares, the corner 2×5 block, the second to
//! fourth rows, the diagonals of length 4 to 8), each pattern in every orientation the
//! eight symmetries of the board give it, and four counts (the mobility and potential
//! mobility of each side). Each reading (every square empty, the mover's or
//! the opponent's) is an index into the pattern's table of weights; the evaluation is the
//! sum of the weights of every reading, plus a bias. One set of tables is kept per *stage*
//! (a range of empty squares).
//!
//! The readings are taken on the eight images of the board under its symmetries (a
//! reversal of the columns, of the rows and a diagonal flip, on whole bitboards), where
//! every orientation of a pattern becomes its base orientation and reads as runs of rows
//! through one table of base-3 numbers; that is twice as fast as reading the squares one by
//! one, which matters because the solver evaluates millions of positions.
//!
//! The weights are fitted by least squares to the exact final scores of positions solved
//! by [`super::endgame`] (`pnplay train`, see [`super::training`]), and shipped in
//! `patterns.weights`. A reading and its mirror image within one pattern share a weight, so
//! the evaluation is the same for the eight symmetric images of a position.
//!
//! ```
//! use pnplay::game::{Game, othello::{Othello, Size, patterns}};
//! // FFO #40 (20 empties, black to move wins by 38): the evaluation sees black ahead.
//! let text = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
//! let pos = Othello::parse_position(&Size::Eight.into(), text).unwrap();
//! assert!(patterns::evaluate_position(&pos).unwrap() > 0);
//! ```

use std::sync::OnceLock;

use super::{Othello, Size, legal_squares};
use crate::game::family::Asset;

/// Weights are stored in 1/`SCALE` discs.
pub const SCALE: i32 = 64;

/// The patterns, each as its squares in one orientation (`8 * row + column`); the other
/// orientations come from the board's symmetries. [`base_index`] reads each one with bit
/// operations; `tests/games/othello_patterns.rs` checks that it reads exactly these squares.
const BASE_PATTERNS: [&[u8]; 11] = [
    // corner 3×3
    &[0, 1, 2, 8, 9, 10, 16, 17, 18],
    // edge and its two X-squares
    &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
    // corner 2×5
    &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
    // second, third and fourth rows
    &[8, 9, 10, 11, 12, 13, 14, 15],
    &[16, 17, 18, 19, 20, 21, 22, 23],
    &[24, 25, 26, 27, 28, 29, 30, 31],
    // diagonals of 8, 7, 6, 5 and 4 squares
    &[0, 9, 18, 27, 36, 45, 54, 63],
    &[1, 10, 19, 28, 37, 46, 55],
    &[2, 11, 20, 29, 38, 47],
    &[3, 12, 21, 30, 39],
    &[4, 13, 22, 31],
];

/// Counts read as one reading each (0..=64): the mobility and the potential mobility (empty
/// squares next to the other side's discs) of the side to move and of the other side.
/// Mobility is the feature the Othello heuristics paper (§5.1) and every Othello program rank
/// first; here the fit decides what each count is worth.
const COUNTS: [fn(u64, u64) -> u32; 4] = [
    |mover, other| legal_squares(mover, other, u64::MAX).count_ones(),
    |mover, other| legal_squares(other, mover, u64::MAX).count_ones(),
    |mover, other| potential_mobility(mover, other) as u32,
    |mover, other| potential_mobility(other, mover) as u32,
];

/// Readings of a count.
const COUNT_READINGS: usize = 65;

/// The squares next to any of `discs` (the eight directions, without wrapping).
#[inline]
#[must_use]
fn neighbours(discs: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let sideways = ((discs << 1) & NOT_A) | ((discs >> 1) & NOT_H);
    let row = discs | sideways;
    sideways | (row << 8) | (row >> 8)
}

/// Potential mobility of the side with `mover` against `other`: the empty squares next to
/// the other side's discs, where its moves may later appear.
#[inline]
#[must_use]
pub fn potential_mobility(mover: u64, other: u64) -> i32 {
    (neighbours(other) & !(mover | other)).count_ones() as i32
}

/// The longest pattern.
const MAX_SQUARES: usize = 10;

/// One pattern: its orientations on the board and its table's place in a stage's weights.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// Squares read, most significant digit first, one list per orientation.
    pub instances: Vec<Vec<u8>>,
    /// The symmetry ([`images`]) that gives each orientation from the base pattern.
    symmetries: Vec<u8>,
    /// Where the pattern's table starts in a stage's weights.
    pub offset: usize,
    /// 3^squares: the readings.
    pub readings: usize,
    /// For each reading, the reading that stands for it and its mirror images (the
    /// smallest of them).
    pub canonical: Vec<u32>,
}

/// The whole pattern set.
#[derive(Clone, Debug)]
pub struct PatternSet {
    /// The patterns.
    pub patterns: Vec<Pattern>,
    /// Where the counts' tables start.
    count_offset: usize,
    /// Weights per stage: every table, then the bias.
    pub weights_per_stage: usize,
}

/// The eight symmetries of the board, as maps of (row, column).
fn symmetry(square: u8, which: u8) -> u8 {
    let (mut r, mut c) = (square / 8, square % 8);
    if which & 4 != 0 {
        (r, c) = (c, r);
    }
    if which & 2 != 0 {
        r = 7 - r;
    }
    if which & 1 != 0 {
        c = 7 - c;
    }
    8 * r + c
}

/// Index of the reading `digits` (most significant first).
fn index_of(digits: &[u8]) -> usize {
    digits.iter().fold(0, |acc, &d| acc * 3 + usize::from(d))
}

/// The eight images of `board`: image `which` holds on square `s` what `board` holds on
/// `symmetry(s, which)`, so orientation `which` of a pattern reads on the board what the
/// base pattern reads on the image. (Columns reversed, then rows, then the diagonal flip.)
#[inline]
fn images(board: u64) -> [u64; 8] {
    let mirrored = mirror(board);
    let flipped = [board, mirrored, board.swap_bytes(), mirrored.swap_bytes()];
    let mut all = [0; 8];
    for (k, &b) in flipped.iter().enumerate() {
        all[k] = b;
        all[k + 4] = transpose(b);
    }
    all
}

/// Columns reversed (column c to 7 − c).
#[inline]
fn mirror(b: u64) -> u64 {
    b.reverse_bits().swap_bytes()
}

/// Rows and columns exchanged (the a1–h8 diagonal flip).
#[inline]
fn transpose(mut b: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// For each byte, the base-3 number whose digits are its bits, bit 0 the most significant
/// of eight: a run of `w` squares read left to right is `TERNARY[run << (8 - w)]`.
const TERNARY: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut value = 0;
        let mut bit = 0;
        while bit < 8 {
            value = value * 3 + ((byte >> bit) & 1) as u16;
            bit += 1;
        }
        table[byte] = value;
        byte += 1;
    }
    table
};

/// The base-3 number of the `w` squares from `from` on along a row of `b`.
#[inline]
fn run(b: u64, from: u32, w: u32) -> usize {
    let bits = (b >> from) & ((1 << w) - 1);
    usize::from(TERNARY[(bits << (8 - w)) as usize])
}

/// The squares of the diagonal `(r, r + column)` of `b`, gathered into one row.
#[inline]
fn diagonal(b: u64, column: u32) -> u64 {
    const MAIN: u64 = 0x8040_2010_0804_0201;
    const COLUMN_A: u64 = 0x0101_0101_0101_0101;
    // The main diagonal moved `column` squares right, without what wraps into the columns
    // left of it; a multiply then stacks the diagonal's squares into the top row.
    let mask = (MAIN << column) & !(COLUMN_A * ((1 << column) - 1));
    ((b & mask).wrapping_mul(COLUMN_A) >> 56) >> column
}

/// The contribution of the discs `b` to the reading of base pattern `k` (the reading is
/// that of the mover's discs plus twice that of the other side's): the base-3 number with
/// a 1 on the squares of `b`, in the order of [`BASE_PATTERNS`].
#[inline]
fn base_index(k: usize, b: u64) -> usize {
    match k {
        0 => run(b, 0, 3) * 729 + run(b, 8, 3) * 27 + run(b, 16, 3),
        1 => run(b, 0, 8) * 9 + (b >> 9 & 1) as usize * 3 + (b >> 14 & 1) as usize,
        2 => run(b, 0, 5) * 243 + run(b, 8, 5),
        3..=5 => run(b, 8 * (k as u32 - 2), 8),
        _ => {
            let column = k as u32 - 6;
            run(diagonal(b, column), 0, 8 - column)
        }
    }
}

impl PatternSet {
    fn build() -> PatternSet {
        let mut patterns = Vec::with_capacity(BASE_PATTERNS.len());
        let mut offset = 0;
        for base in BASE_PATTERNS {
            let mut instances: Vec<Vec<u8>> = Vec::new();
            let mut symmetries = Vec::new();
            // Orders of the base's own squares that a symmetry maps the base onto.
            let mut self_maps: Vec<Vec<usize>> = Vec::new();
            let mut base_sorted = base.to_vec();
            base_sorted.sort_unstable();
            for which in 0..8 {
                let image: Vec<u8> = base.iter().map(|&s| symmetry(s, which)).collect();
                let mut sorted = image.clone();
                sorted.sort_unstable();
                if sorted == base_sorted {
                    let map = image
                        .iter()
                        .map(|s| base.iter().position(|b| b == s).unwrap_or(0))
                        .collect();
                    self_maps.push(map);
                }
                let seen = instances.iter().any(|inst| {
                    let mut other = inst.clone();
                    other.sort_unstable();
                    other == sorted
                });
                if !seen {
                    instances.push(image);
                    symmetries.push(which);
                }
            }
            let readings = 3usize.pow(base.len() as u32);
            let mut canonical = vec![0u32; readings];
            let mut digits = [0u8; MAX_SQUARES];
            let mut mapped = [0u8; MAX_SQUARES];
            for (reading, slot) in canonical.iter_mut().enumerate() {
                let mut rest = reading;
                for d in digits[..base.len()].iter_mut().rev() {
                    *d = (rest % 3) as u8;
                    rest /= 3;
                }
                let mut least = reading;
                for map in &self_maps {
                    for (k, &from) in map.iter().enumerate() {
                        mapped[k] = digits[from];
                    }
                    least = least.min(index_of(&mapped[..base.len()]));
                }
                *slot = least as u32;
            }
            patterns.push(Pattern {
                instances,
                symmetries,
                offset,
                readings,
                canonical,
            });
            offset += readings;
        }
        for _ in COUNTS {
            patterns.push(Pattern {
                instances: Vec::new(),
                symmetries: Vec::new(),
                offset,
                readings: COUNT_READINGS,
                canonical: (0..COUNT_READINGS as u32).collect(),
            });
            offset += COUNT_READINGS;
        }
        let count_offset = patterns[BASE_PATTERNS.len()].offset;
        PatternSet {
            patterns,
            count_offset,
            weights_per_stage: offset + 1,
        }
    }

    /// The pattern set (built once).
    pub fn get() -> &'static PatternSet {
        static SET: OnceLock<PatternSet> = OnceLock::new();
        SET.get_or_init(PatternSet::build)
    }

    /// Calls `visit` with the place in a stage's weights of every reading of the position
    /// (`mover` to move against `other`), canonical if `canonical`.
    #[inline]
    pub fn readings(&self, mover: u64, other: u64, canonical: bool, mut visit: impl FnMut(usize)) {
        let (movers, others) = (images(mover), images(other));
        let mut read = |k: usize, index: &dyn Fn(u64) -> usize| {
            let pattern = &self.patterns[k];
            for &which in &pattern.symmetries {
                let which = usize::from(which);
                let mut at = index(movers[which]) + 2 * index(others[which]);
                if canonical {
                    at = pattern.canonical[at] as usize;
                }
                visit(pattern.offset + at);
            }
        };
        // One call per base pattern with its number a constant, so each reads inline. (A
        // loop over the numbers, or calls of `read(k)` that leave the inlining to the
        // compiler, measured 20–30 % slower in the solver.)
        macro_rules! each_base {
            ($($k:literal)*) => { $( read($k, &|b| base_index($k, b)); )* };
        }
        each_base!(0 1 2 3 4 5 6 7 8 9 10);
        for (k, count) in COUNTS.iter().enumerate() {
            visit(self.count_offset + k * COUNT_READINGS + count(mover, other) as usize);
        }
    }

    /// Number of readings of one position (every orientation of every pattern).
    #[must_use]
    pub fn readings_per_position(&self) -> usize {
        self.patterns.iter().map(|p| p.symmetries.len()).sum::<usize>() + COUNTS.len()
    }
}

/// The stages: the lowest empty-square count of each, ascending; a position belongs to the
/// last stage whose lowest count it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Lowest empties of each stage.
    pub stage_from: Vec<u8>,
    /// `stage_from.len()` stages of [`PatternSet::weights_per_stage`] weights, in
    /// 1/[`SCALE`] discs.
    pub values: Vec<i16>,
}

/// File magic of the weights (version 2: variable-length weights; version 1 stored every
/// weight in two bytes, and the file was twice as large in the wasm module).
const MAGIC: &[u8; 8] = b"PNPWGT02";

/// Appends `value` to `bytes` as a variable-length integer: zigzag (0, −1, 1, −2, … become
/// 0, 1, 2, 3, …), then seven bits a byte, low first, the top bit set on every byte but
/// the last. Nineteen weights in twenty take one byte.
fn put_weight(bytes: &mut Vec<u8>, value: i16) {
    let mut zigzag = ((value << 1) ^ (value >> 15)) as u16;
    while zigzag >= 0x80 {
        bytes.push((zigzag as u8 & 0x7f) | 0x80);
        zigzag >>= 7;
    }
    bytes.push(zigzag as u8);
}

/// Reads a weight [`put_weight`] wrote from the front of `rest`, advancing it.
fn take_weight(rest: &mut &[u8]) -> Result<i16, WeightsError> {
    let mut zigzag = 0u32;
    for shift in (0..21).step_by(7) {
        let (&byte, tail) = rest
            .split_first()
            .ok_or_else(|| WeightsError("file too short".into()))?;
        *rest = tail;
        zigzag |= u32::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            let zigzag = u16::try_from(zigzag)
                .map_err(|_| WeightsError("a weight out of range".into()))?;
            return Ok((zigzag >> 1) as i16 ^ -((zigzag & 1) as i16));
        }
    }
    Err(WeightsError("a weight longer than three bytes".into()))
}

/// Why a weights file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightsError(pub String);

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "pattern weights: {}", self.0)
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    /// The stage of a position with `empties` empty squares.
    #[inline]
    #[must_use]
    pub fn stage(&self, empties: u32) -> usize {
        self.stage_from
            .iter()
            .rposition(|&from| empties >= u32::from(from))
            .unwrap_or(0)
    }

    /// The evaluation of `mover` to move against `other`, in 1/[`SCALE`] discs.
    #[inline]
    #[must_use]
    pub fn evaluate(&self, mover: u64, other: u64) -> i32 {
        let set = PatternSet::get();
        let empties = (!(mover | other)).count_ones();
        let stage = &self.values[self.stage(empties) * set.weights_per_stage..]
            [..set.weights_per_stage];
        let mut sum = i32::from(stage[set.weights_per_stage - 1]);
        set.readings(mover, other, false, |at| sum += i32::from(stage[at]));
        sum
    }

    /// The file form: magic, stage count, the stages' lowest empties, then the weights of
    /// canonical readings only (the others repeat them), each a zigzag variable-length
    /// integer of 1–3 bytes (7 bits a byte, low first).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let set = PatternSet::get();
        let mut bytes = MAGIC.to_vec();
        bytes.push(self.stage_from.len() as u8);
        bytes.extend(&self.stage_from);
        for stage in self.values.chunks(set.weights_per_stage) {
            for pattern in &set.patterns {
                for reading in 0..pattern.readings {
                    if pattern.canonical[reading] as usize == reading {
                        put_weight(&mut bytes, stage[pattern.offset + reading]);
                    }
                }
            }
            put_weight(&mut bytes, stage[set.weights_per_stage - 1]);
        }
        bytes
    }

    /// Reads [`Weights::to_bytes`].
    ///
    /// # Errors
    /// A wrong magic, stage list or length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let set = PatternSet::get();
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or_else(|| WeightsError("not a weights file (bad magic)".into()))?;
        let (&stages, rest) = rest
            .split_first()
            .ok_or_else(|| WeightsError("no stage count".into()))?;
        let stages = usize::from(stages);
        if stages == 0 || rest.len() < stages {
            return Err(WeightsError("bad stage list".into()));
        }
        let (stage_from, mut rest) = rest.split_at(stages);
        if !stage_from.windows(2).all(|w| w[0] < w[1]) {
            return Err(WeightsError("stages not ascending".into()));
        }
        let mut values = vec![0i16; stages * set.weights_per_stage];
        let mut next = || take_weight(&mut rest);
        for stage in values.chunks_mut(set.weights_per_stage) {
            for pattern in &set.patterns {
                for reading in 0..pattern.readings {
                    let canonical = pattern.canonical[reading] as usize;
                    stage[pattern.offset + reading] = if canonical == reading {
                        next()?
                    } else {
                        stage[pattern.offset + canonical]
                    };
                }
            }
            stage[set.weights_per_stage - 1] = next()?;
        }
        if !rest.is_empty() {
            return Err(WeightsError("file too long".into()));
        }
        Ok(Weights {
            stage_from: stage_from.to_vec(),
            values,
        })
    }

    /// The shipped weights (`patterns.weights`): in native builds carried in the binary;
    /// in the wasm module fetched by the page as a data file, `None` until [`Weights::install`]
    /// has read it (400 KB, a ninth of the module, which most visitors never use: the
    /// page fetches it for 8×8 Othello only, [`ASSET`]).
    ///
    /// # Panics
    /// In native builds, if the shipped file does not match the pattern set (caught by the
    /// tests).
    #[must_use]
    pub fn shipped() -> Option<&'static Weights> {
        #[cfg(not(target_arch = "wasm32"))]
        if SHIPPED.get().is_none() {
            let weights = Weights::from_bytes(include_bytes!("patterns.weights"))
                .expect("the shipped pattern weights match the pattern set");
            let _ = SHIPPED.set(weights);
        }
        SHIPPED.get()
    }

    /// Installs the shipped weights from `bytes` (the file `patterns.weights`): how the
    /// wasm module gets them from the page. Weights installed already stay.
    ///
    /// # Errors
    /// [`WeightsError`] if `bytes` are not a weights file of this pattern set.
    pub fn install(bytes: &[u8]) -> Result<(), WeightsError> {
        let weights = Weights::from_bytes(bytes)?;
        let _ = SHIPPED.set(weights);
        Ok(())
    }
}

/// The shipped weights once read ([`Weights::shipped`]).
static SHIPPED: OnceLock<Weights> = OnceLock::new();

/// The shipped weights as a data file the page fetches for the wasm module.
pub const ASSET: Asset = Asset {
    name: "othello-patterns.weights",
    installed: || Weights::shipped().is_some(),
    install: |bytes| Weights::install(bytes).map_err(|e| e.to_string()),
};

/// The shipped evaluation of an 8×8 position for its side to move, in discs (rounded);
/// `None` on the smaller boards (and in the wasm module before the weights are installed).
#[must_use]
pub fn evaluate_position(pos: &Othello) -> Option<i32> {
    let weights = Weights::shipped().filter(|_| pos.size() == Size::Eight)?;
    let value = weights.evaluate(pos.mover, pos.waiting);
    Some((value + value.signum() * SCALE / 2) / SCALE)
}

//! Disc stability on the 8×8 board, for the stability heuristic of the Othello heuristics
//! paper (Sannidhanam and Annamalai, §5.1.4): every disc is *stable* (it can never be
//! flipped, whatever is played), *unstable* (the opponent could flip it with its very next
//! move) or *semi-stable* (neither).
//!
//! **Stable discs** are found by the standard iterative method. A flip always runs along
//! one of four lines through a disc (horizontal, vertical, two diagonals), so a disc is
//! stable if on each of its four lines it is *protected*:
//!
//! * the line is full (no empty square on it: no disc can ever be placed on that line, so
//!   nothing is flanked along it), or
//! * one of its two neighbours on that line is off the board, or
//! * one of its two neighbours on that line is a stable disc of its own colour (a flank
//!   along the line would have to flip that neighbour too).
//!
//! Starting from no stable disc, the protected discs are added until nothing changes (a
//! fixpoint: the conditions only grow with the stable set). Corners are always stable
//! (each line has an end off the board); edges fill up from them, and full lines add the
//! interior discs no line can reach. This is a subset of the truly stable discs (exact
//! stability would need a search), the set every Othello program computes, and it never
//! calls a flippable disc stable: the tests check that no line of play flips one.
//!
//! **Unstable discs** are those that one legal move of the opponent, if it were to move
//! now, flips (whoever is to move: the definition is symmetric, so the heuristic is too).
//! **Semi-stable** is everything else.
//!
//! ```
//! use pnplay::game::{Game, othello::{Othello, Size, stability::Stability}};
//! // Black owns all of row 1 and a2; white b2.
//! let board = format!("XXXXXXXX{}{}", "XO------", "-".repeat(48));
//! let pos = Othello::parse_position(&Size::Eight.into(), &format!("{board} O")).unwrap();
//! let black = Stability::of(pos.discs(pnplay::game::Player::First), pos.discs(pnplay::game::Player::Second));
//! assert_eq!(black.stable.count_ones(), 9); // the full row 1 and a2 on the a-file edge
//! ```

use super::{flips, legal_squares};

/// Column `a`.
const COL_A: u64 = 0x0101_0101_0101_0101;
/// Column `h`.
const COL_H: u64 = 0x8080_8080_8080_8080;
/// Row 1 (the top).
const ROW_1: u64 = 0xff;
/// Row 8 (the bottom).
const ROW_8: u64 = 0xff << 56;
/// The squares on the edge of the board.
const BORDER: u64 = COL_A | COL_H | ROW_1 | ROW_8;

/// The lines of the board along one direction (`dc`, `dr`: a step in columns and rows),
/// each as a mask, padded with zeros to 15.
const fn lines(dc: i32, dr: i32) -> [u64; 15] {
    let mut out = [0u64; 15];
    let mut count = 0;
    let mut square = 0;
    while square < 64 {
        let (c, r) = (square % 8, square / 8);
        // A line starts at a square whose predecessor is off the board.
        let (pc, pr) = (c - dc, r - dr);
        if pc < 0 || pc > 7 || pr < 0 || pr > 7 {
            let (mut x, mut y, mut mask) = (c, r, 0u64);
            while x >= 0 && x <= 7 && y >= 0 && y <= 7 {
                mask |= 1 << (8 * y + x);
                x += dc;
                y += dr;
            }
            out[count] = mask;
            count += 1;
        }
        square += 1;
    }
    out
}

/// Rows, columns, down-right diagonals and down-left diagonals.
const LINES: [[u64; 15]; 4] = [lines(1, 0), lines(0, 1), lines(1, 1), lines(-1, 1)];

/// The squares on full lines (no empty square) of each direction, in the order of
/// [`LINES`].
fn full_lines(occupied: u64) -> [u64; 4] {
    LINES.map(|lines| {
        lines
            .iter()
            .filter(|&&line| line != 0 && line & !occupied == 0)
            .fold(0, |acc, line| acc | line)
    })
}

/// The stable discs of `own` against `opponent` (8×8 board), by the iterative method of
/// the module docs.
#[must_use]
pub fn stable_discs(own: u64, opponent: u64) -> u64 {
    let [row, column, down_right, down_left] = full_lines(own | opponent);
    let mut stable = 0;
    loop {
        let horizontal =
            row | COL_A | COL_H | ((stable << 1) & !COL_A) | ((stable >> 1) & !COL_H);
        let vertical = column | ROW_1 | ROW_8 | (stable << 8) | (stable >> 8);
        let diagonal = down_right | BORDER | ((stable << 9) & !COL_A) | ((stable >> 9) & !COL_H);
        let anti = down_left | BORDER | ((stable << 7) & !COL_H) | ((stable >> 7) & !COL_A);
        let next = own & horizontal & vertical & diagonal & anti;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The discs of `own` that `opponent` could flip with one legal move now (8×8 board).
#[must_use]
pub fn unstable_discs(own: u64, opponent: u64) -> u64 {
    let mut moves = legal_squares(opponent, own, u64::MAX);
    let mut unstable = 0;
    while moves != 0 {
        let placed = moves & moves.wrapping_neg();
        unstable |= flips(placed, opponent, own);
        moves &= moves - 1;
    }
    unstable
}

/// One player's discs by stability class (disjoint masks whose union is the player's discs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stability {
    /// Discs that can never be flipped.
    pub stable: u64,
    /// Discs neither stable nor unstable.
    pub semi_stable: u64,
    /// Discs the opponent could flip with its next move.
    pub unstable: u64,
}

impl Stability {
    /// The classes of `own`'s discs against `opponent`'s (8×8 board).
    #[must_use]
    pub fn of(own: u64, opponent: u64) -> Stability {
        let stable = stable_discs(own, opponent);
        let unstable = unstable_discs(own, opponent);
        Stability {
            stable,
            semi_stable: own & !stable & !unstable,
            unstable,
        }
    }

    /// The paper's stability value with its typical weights: stable 1, semi-stable 0,
    /// unstable −1, i.e. stable − unstable.
    #[must_use]
    pub fn value(&self) -> f64 {
        f64::from(self.stable.count_ones()) - f64::from(self.unstable.count_ones())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_eight_rows_eight_columns_and_fifteen_diagonals_each_way() {
        let count = |lines: &[u64; 15]| lines.iter().filter(|&&l| l != 0).count();
        assert_eq!(count(&LINES[0]), 8);
        assert_eq!(count(&LINES[1]), 8);
        assert_eq!(count(&LINES[2]), 15);
        assert_eq!(count(&LINES[3]), 15);
        for lines in &LINES {
            assert_eq!(lines.iter().fold(0, |a, l| a | l), u64::MAX);
            assert_eq!(lines.iter().map(|l| l.count_ones()).sum::<u32>(), 64);
        }
    }
}

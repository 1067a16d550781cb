//! Othello's legal squares and flips with wasm SIMD (issue 32): four directions' worth of
//! the bit-board shifts at once in two 64-bit lanes, for the threaded package (built with
//! `simd128`, scripts/build). The plain package and native builds keep the scalar code of
//! the parent module, which gives the same bits; an engine without wasm SIMD cannot load the
//! threaded package and falls back to the plain one (www/engine/threads.js).
//!
//! The trick is Edax's SSE mobility's: lane 0 holds the board, lane 1 its vertical mirror
//! (the bytes reversed, rank 1 ↔ rank 8). A shift towards higher bits by 1, 7, 8 or 9 moves
//! lane 0 east, south-west, south and south-east (the parent module's layout: rank 1 at the
//! top), and lane 1 east, north-west, north and north-east of the unmirrored board (+9 on
//! the mirror is −7 on the board, +7 is −9); mirroring lane 1 back gives seven of the eight
//! directions, and west, the eighth, is the scalar code's. The row wrap-arounds where the
//! two differ start from columns `a` and `h`, which the lines leave out in both. wasm SIMD shifts both lanes by
//! the same amount, which is why the mirror and not the opposite shift makes the pairs.

use core::arch::wasm32::{
    i8x16_shuffle, i64x2_ne, u64x2_extract_lane, u64x2_shl, u64x2_splat, v128, v128_and,
    v128_or,
};

use super::{NOT_SIDE_COLUMNS, line_ends, line_flips};

/// `bits` in lane 0 and its vertical mirror (bytes reversed) in lane 1.
#[inline(always)]
fn with_mirror(bits: u64) -> v128 {
    let both = u64x2_splat(bits);
    i8x16_shuffle::<0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8>(both, both)
}

/// Lane 0 of `pair` or'ed with lane 1 mirrored back: the directions of both lanes on the
/// unmirrored board.
#[inline(always)]
fn unmirror(pair: v128) -> u64 {
    let back = i8x16_shuffle::<15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7>(pair, pair);
    u64x2_extract_lane::<0>(v128_or(pair, back))
}

/// The scalar `run_from` of the parent module in both lanes, towards higher bits by `STEP`.
#[inline(always)]
fn run_from<const STEP: u32>(seeds: v128, opponent: v128) -> v128 {
    let mut run = v128_and(opponent, u64x2_shl(seeds, STEP));
    run = v128_or(run, v128_and(opponent, u64x2_shl(run, STEP)));
    let pairs = v128_and(opponent, u64x2_shl(opponent, STEP));
    run = v128_or(run, v128_and(pairs, u64x2_shl(run, 2 * STEP)));
    v128_or(run, v128_and(pairs, u64x2_shl(run, 2 * STEP)))
}

/// The scalar `line_flips` in both lanes: a lane's run if the mover's disc closes it.
#[inline(always)]
fn line_flips_pair<const STEP: u32>(placed: v128, mover: v128, opponent: v128) -> v128 {
    let run = run_from::<STEP>(placed, opponent);
    let closed = i64x2_ne(v128_and(u64x2_shl(run, STEP), mover), u64x2_splat(0));
    v128_and(run, closed)
}

/// The squares where the owner of `mover` may place a disc on the board `board`.
#[inline]
pub(super) fn legal_squares(mover: u64, opponent: u64, board: u64) -> u64 {
    let sideways = opponent & NOT_SIDE_COLUMNS;
    let (m, o) = (with_mirror(mover), with_mirror(opponent));
    let s = v128_and(o, u64x2_splat(NOT_SIDE_COLUMNS));
    let ends = v128_or(
        v128_or(u64x2_shl(run_from::<1>(m, s), 1), u64x2_shl(run_from::<8>(m, o), 8)),
        v128_or(u64x2_shl(run_from::<7>(m, s), 7), u64x2_shl(run_from::<9>(m, s), 9)),
    );
    (unmirror(ends) | line_ends::<-1>(mover, sideways)) & board & !(mover | opponent)
}

/// The opponent discs that a disc placed on `placed` (one bit) flips.
#[inline]
pub(super) fn flips(placed: u64, mover: u64, opponent: u64) -> u64 {
    let sideways = opponent & NOT_SIDE_COLUMNS;
    let (p, m, o) = (with_mirror(placed), with_mirror(mover), with_mirror(opponent));
    let s = v128_and(o, u64x2_splat(NOT_SIDE_COLUMNS));
    let runs = v128_or(
        v128_or(line_flips_pair::<1>(p, m, s), line_flips_pair::<8>(p, m, o)),
        v128_or(line_flips_pair::<7>(p, m, s), line_flips_pair::<9>(p, m, s)),
    );
    unmirror(runs) | line_flips::<-1>(placed, mover, sideways)
}

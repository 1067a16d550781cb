//! The Othello heuristics of Sannidhanam and Annamalai, *An Analysis of Heuristics in
//! Othello* (§5): coin parity, mobility, corners and stability (§5.1, the component-wise
//! function) and the static square weights of Figure 3 (§5.2), each as an evaluator, and
//! their weighted sum — the leaf value of the depth-limited players
//! ([`crate::search::heuristic`]).
//!
//! **Whose view.** The paper's *max player* is the player the value is for; here it is
//! always **the side to move** in the evaluated position (the *min player* is the other
//! side). Every heuristic is antisymmetric — swapping the two sides negates it — so
//! negamax over this value is the paper's minimax over the root player's value.
//!
//! **Normalisation.** Each heuristic computes one raw value per side and returns
//!
//! ```text
//! h = 100 · (max − min) / (|max| + |min|)      (h = 0 when both are 0)
//! ```
//!
//! which is the paper's `100 · (max − min) / (max + min)` whenever both raw values are at
//! least 0 (coins, mobility), and keeps h in −100..100 with the right sign when a raw value
//! can be negative (stability's −1 per unstable disc, a corner that is unlikely, a side
//! whose discs stand on negative static weights), where the paper's own denominator can be
//! 0 or negative (see [`normalise`]).
//!
//! **The heuristics** (raw value of one side, P; its opponent Q):
//!
//! * **coin parity**: P's discs;
//! * **mobility**: the mean of *actual* mobility (P's legal moves, as if P were to move)
//!   and *potential* mobility (empty squares next to at least one of Q's discs), each
//!   normalised on its own: `h = (h_actual + h_potential) / 2`;
//! * **corners**: `1 · captured + ½ · potential − ½ · unlikely` over the four corners, where
//!   a corner is *captured* if P holds it, *potential* if it is empty and P could take it
//!   with its next move (a legal move of P now), and *unlikely* if it is empty, not
//!   potential, and none of its three neighbours holds a disc of Q (a move on a corner must
//!   flank a neighbouring disc of Q, so P cannot take it soon). The paper weighs these three
//!   but gives no numbers; these are ours;
//! * **stability**: `1 · stable + 0 · semi-stable − 1 · unstable` (the paper's typical
//!   weights; the classes as [`super::stability`] computes them);
//! * **static weights**: the sum of Figure 3's weights over P's squares (the paper's
//!   utility is `max − min` of these sums; normalised here like the others so that weights
//!   combine on one scale).
//!
//! **The weighted sum** is `Σ wᵢ · hᵢ`. The paper's weights for its "everything" player
//! (§6.2): corners 30, mobility 5, stability 25, coin parity 25 (our copy of the paper is
//! cut off after the mobility weight; 25 and 25 are the values of the full text as it is
//! commonly quoted). [`OthelloEvaluator`] returns it in hundredths, rounded, from the side
//! to move's view.
//!
//! ```
//! use pnplay::game::{Game, othello::{Othello, Size, eval::Breakdown}};
//! use pnplay::game::knowledge::EvalWeights;
//! let pos = Othello::parse_position(&Size::Eight.into(), "f5d6c3").unwrap(); // white to move
//! let b = Breakdown::of(&pos, &EvalWeights { coins: 1.0, ..EvalWeights::default() });
//! // White (to move) has 2 discs, black 5: 100 · (2 − 5) / (2 + 5).
//! assert_eq!(b.coins.max, 2.0);
//! assert!((b.coins.value - (-300.0 / 7.0)).abs() < 1e-9);
//! assert_eq!(b.total, b.coins.value);
//! ```

use serde::Serialize;

use super::stability::Stability;
use super::{Move, Othello, Size, legal_squares};
use crate::game::knowledge::{EvalWeights, Evaluator};
use crate::game::Player;

/// Figure 3 of the paper: the static weight of every square, row 1 (the top) first.
pub const STATIC_WEIGHTS: [i32; 64] = [
    4, -3, 2, 2, 2, 2, -3, 4, //
    -3, -4, -1, -1, -1, -1, -4, -3, //
    2, -1, 1, 0, 0, 1, -1, 2, //
    2, -1, 0, 1, 1, 0, -1, 2, //
    2, -1, 0, 1, 1, 0, -1, 2, //
    2, -1, 1, 0, 0, 1, -1, 2, //
    -3, -4, -1, -1, -1, -1, -4, -3, //
    4, -3, 2, 2, 2, 2, -3, 4, //
];

/// The four corners.
const CORNERS: [u8; 4] = [0, 7, 56, 63];

/// The three neighbours of each corner of [`CORNERS`].
const CORNER_NEIGHBOURS: [u64; 4] = [
    (1 << 1) | (1 << 8) | (1 << 9),
    (1 << 6) | (1 << 14) | (1 << 15),
    (1 << 48) | (1 << 49) | (1 << 57),
    (1 << 54) | (1 << 55) | (1 << 62),
];

/// Weight of a captured corner in the corner heuristic.
pub const CORNER_CAPTURED: f64 = 1.0;
/// Weight of a potential corner (a legal move now).
pub const CORNER_POTENTIAL: f64 = 0.5;
/// Weight of an unlikely corner.
pub const CORNER_UNLIKELY: f64 = -0.5;

/// The paper's weights for its "everything" player (§6.2).
pub const PAPER_WEIGHTS: EvalWeights = EvalWeights {
    coins: 25.0,
    mobility: 5.0,
    corners: 30.0,
    stability: 25.0,
    squares: 0.0,
};

/// The paper's normalisation, `100 · (max − min) / (|max| + |min|)`, 0 when both are 0
/// (with `|·|` so that it stays in −100..100 when a raw value is negative; for raw values
/// of at least 0 it is the paper's formula exactly).
///
/// ```
/// use pnplay::game::othello::eval::normalise;
/// assert_eq!(normalise(3.0, 1.0), 50.0);
/// assert_eq!(normalise(0.0, 0.0), 0.0);
/// assert_eq!(normalise(0.0, 4.0), -100.0);
/// assert_eq!(normalise(-1.0, 1.0), -100.0); // the paper's (max + min) would be 0
/// ```
#[must_use]
pub fn normalise(max: f64, min: f64) -> f64 {
    let size = max.abs() + min.abs();
    if size == 0.0 {
        0.0
    } else {
        100.0 * (max - min) / size
    }
}

/// Empty squares next to at least one disc of `discs` (8×8): the potential mobility of the
/// other side.
#[must_use]
pub fn frontier_squares(discs: u64, empty: u64) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let around = ((discs << 1) & NOT_A)
        | ((discs >> 1) & NOT_H)
        | (discs << 8)
        | (discs >> 8)
        | ((discs << 9) & NOT_A)
        | ((discs >> 9) & NOT_H)
        | ((discs << 7) & NOT_H)
        | ((discs >> 7) & NOT_A);
    around & empty
}

/// One side's corners by class (masks of corner squares).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Corners {
    /// Corners the side holds.
    pub captured: u64,
    /// Empty corners the side could take now.
    pub potential: u64,
    /// Empty corners the side cannot take soon (no opponent disc next to them).
    pub unlikely: u64,
}

impl Corners {
    /// The corners of `own` against `opponent` (8×8).
    #[must_use]
    pub fn of(own: u64, opponent: u64) -> Corners {
        let moves = legal_squares(own, opponent, u64::MAX);
        let mut corners = Corners::default();
        for (&square, &neighbours) in CORNERS.iter().zip(&CORNER_NEIGHBOURS) {
            let bit = 1u64 << square;
            if own & bit != 0 {
                corners.captured |= bit;
            } else if opponent & bit == 0 {
                if moves & bit != 0 {
                    corners.potential |= bit;
                } else if opponent & neighbours == 0 {
                    corners.unlikely |= bit;
                }
            }
        }
        corners
    }

    /// The side's corner value: captured · 1 + potential · ½ + unlikely · (−½).
    #[must_use]
    pub fn value(&self) -> f64 {
        CORNER_CAPTURED * f64::from(self.captured.count_ones())
            + CORNER_POTENTIAL * f64::from(self.potential.count_ones())
            + CORNER_UNLIKELY * f64::from(self.unlikely.count_ones())
    }
}

/// The sum of Figure 3's weights over the squares of `discs`.
#[must_use]
pub fn static_value(discs: u64) -> i32 {
    let mut bits = discs;
    let mut sum = 0;
    while bits != 0 {
        sum += STATIC_WEIGHTS[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    sum
}

/// One heuristic's raw values for both sides, its normalised value and its share of the
/// weighted sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Term {
    /// The raw value of the side to move (the max player).
    pub max: f64,
    /// The raw value of the other side (the min player).
    pub min: f64,
    /// The normalised value, −100..100 ([`normalise`]; for mobility the mean of its two
    /// parts).
    pub value: f64,
    /// Its weight in the sum.
    pub weight: f64,
}

impl Term {
    fn new(max: f64, min: f64, weight: f64) -> Term {
        Term {
            max,
            min,
            value: normalise(max, min),
            weight,
        }
    }
}

/// Every heuristic of a position, the weighted sum and the square sets behind them: what
/// an evaluation panel and a board overlay show.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Breakdown {
    /// The max player: the side to move (`X` black, `O` white).
    pub player: &'static str,
    /// Coin parity (raw: discs).
    pub coins: Term,
    /// Mobility: `value` is the mean of `actual` and `potential` normalised; `max`/`min`
    /// are actual plus potential.
    pub mobility: Term,
    /// Actual mobility (raw: legal moves).
    pub actual_mobility: Term,
    /// Potential mobility (raw: empty squares next to an opponent disc).
    pub potential_mobility: Term,
    /// Corners (raw: captured − ½ unlikely + ½ potential).
    pub corners: Term,
    /// Stability (raw: stable − unstable).
    pub stability: Term,
    /// Static square weights (raw: sum of Figure 3's weights).
    pub squares: Term,
    /// The weighted sum Σ wᵢ · hᵢ.
    pub total: f64,
    /// Per side (`X` first, then `O`): the square sets.
    pub sides: [Side; 2],
}

/// One side's square sets, as cell names (`a1`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    /// `X` or `O`.
    pub player: &'static str,
    /// Discs.
    pub discs: u32,
    /// Legal moves (as if this side were to move).
    pub moves: Vec<String>,
    /// Empty squares next to an opponent disc (potential mobility).
    pub potential_moves: Vec<String>,
    /// Stable discs.
    pub stable: Vec<String>,
    /// Semi-stable discs.
    pub semi_stable: Vec<String>,
    /// Unstable discs.
    pub unstable: Vec<String>,
    /// Corners held, potential and unlikely.
    pub corners_captured: Vec<String>,
    /// Corners it could take now.
    pub corners_potential: Vec<String>,
    /// Corners it cannot take soon.
    pub corners_unlikely: Vec<String>,
}

/// The cell names of a mask, in board order.
fn cells(mut bits: u64) -> Vec<String> {
    let mut out = Vec::with_capacity(bits.count_ones() as usize);
    while bits != 0 {
        let square = bits.trailing_zeros() as u8;
        out.push(Move(square).to_string());
        bits &= bits - 1;
    }
    out
}

/// The letter of a player.
fn letter(player: Player) -> &'static str {
    match player {
        Player::First => "X",
        Player::Second => "O",
    }
}

impl Side {
    fn of(player: Player, own: u64, opponent: u64) -> Side {
        let empty = !(own | opponent);
        let stability = Stability::of(own, opponent);
        let corners = Corners::of(own, opponent);
        Side {
            player: letter(player),
            discs: own.count_ones(),
            moves: cells(legal_squares(own, opponent, u64::MAX)),
            potential_moves: cells(frontier_squares(opponent, empty)),
            stable: cells(stability.stable),
            semi_stable: cells(stability.semi_stable),
            unstable: cells(stability.unstable),
            corners_captured: cells(corners.captured),
            corners_potential: cells(corners.potential),
            corners_unlikely: cells(corners.unlikely),
        }
    }
}

impl Breakdown {
    /// The breakdown of `pos` (an 8×8 position) with `weights`, from the side to move's view.
    #[must_use]
    pub fn of(pos: &Othello, weights: &EvalWeights) -> Breakdown {
        let me = pos.side_to_move();
        let (own, opponent) = (pos.discs(me), pos.discs(me.opponent()));
        let empty = !(own | opponent);
        let count = |bits: u64| f64::from(bits.count_ones());
        let coins = Term::new(count(own), count(opponent), weights.coins);
        let actual = Term::new(
            count(legal_squares(own, opponent, u64::MAX)),
            count(legal_squares(opponent, own, u64::MAX)),
            weights.mobility,
        );
        let potential = Term::new(
            count(frontier_squares(opponent, empty)),
            count(frontier_squares(own, empty)),
            weights.mobility,
        );
        let mobility = Term {
            max: actual.max + potential.max,
            min: actual.min + potential.min,
            value: (actual.value + potential.value) / 2.0,
            weight: weights.mobility,
        };
        let corners = Term::new(
            Corners::of(own, opponent).value(),
            Corners::of(opponent, own).value(),
            weights.corners,
        );
        let stability = Term::new(
            Stability::of(own, opponent).value(),
            Stability::of(opponent, own).value(),
            weights.stability,
        );
        let squares = Term::new(
            f64::from(static_value(own)),
            f64::from(static_value(opponent)),
            weights.squares,
        );
        let total = [coins, mobility, corners, stability, squares]
            .iter()
            .map(|t| t.weight * t.value)
            .sum();
        let side = |player: Player| Side::of(player, pos.discs(player), pos.discs(player.opponent()));
        Breakdown {
            player: letter(me),
            coins,
            mobility,
            actual_mobility: actual,
            potential_mobility: potential,
            corners,
            stability,
            squares,
            total,
            sides: [side(Player::First), side(Player::Second)],
        }
    }
}

/// The weighted sum of the heuristics as an [`Evaluator`]: `round(100 · Σ wᵢ · hᵢ)` from
/// the side to move's view, computing only the heuristics whose weight is not 0. The same
/// number as [`Breakdown::total`] (times 100, rounded).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OthelloEvaluator {
    weights: EvalWeights,
}

impl OthelloEvaluator {
    /// An evaluator with `weights`.
    #[must_use]
    pub fn new(weights: EvalWeights) -> OthelloEvaluator {
        OthelloEvaluator { weights }
    }

    /// The weighted sum `Σ wᵢ · hᵢ` of `pos` from the side to move's view (8×8).
    #[must_use]
    pub fn sum(&self, pos: &Othello) -> f64 {
        let w = &self.weights;
        let me = pos.side_to_move();
        let (own, opponent) = (pos.discs(me), pos.discs(me.opponent()));
        let count = |bits: u64| f64::from(bits.count_ones());
        let mut sum = 0.0;
        if w.coins != 0.0 {
            sum += w.coins * normalise(count(own), count(opponent));
        }
        if w.mobility != 0.0 {
            let empty = !(own | opponent);
            let actual = normalise(
                count(legal_squares(own, opponent, u64::MAX)),
                count(legal_squares(opponent, own, u64::MAX)),
            );
            let potential = normalise(
                count(frontier_squares(opponent, empty)),
                count(frontier_squares(own, empty)),
            );
            sum += w.mobility * (actual + potential) / 2.0;
        }
        if w.corners != 0.0 {
            sum += w.corners
                * normalise(
                    Corners::of(own, opponent).value(),
                    Corners::of(opponent, own).value(),
                );
        }
        if w.stability != 0.0 {
            sum += w.stability
                * normalise(
                    Stability::of(own, opponent).value(),
                    Stability::of(opponent, own).value(),
                );
        }
        if w.squares != 0.0 {
            sum += w.squares
                * normalise(
                    f64::from(static_value(own)),
                    f64::from(static_value(opponent)),
                );
        }
        sum
    }
}

impl Evaluator<Othello> for OthelloEvaluator {
    fn evaluate(&mut self, pos: &Othello) -> i64 {
        (100.0 * self.sum(pos)).round() as i64
    }
}

/// The evaluator of an 8×8 position (the paper's heuristics are for the 8×8 board; the
/// static weights and stability lines are 8×8 only).
pub(super) fn evaluator(pos: &Othello, weights: &EvalWeights) -> Option<Box<dyn Evaluator<Othello>>> {
    (pos.size() == Size::Eight).then(|| Box::new(OthelloEvaluator::new(*weights)) as Box<dyn Evaluator<Othello>>)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_3_is_symmetric_under_the_board_s_eight_symmetries() {
        for (square, &w) in STATIC_WEIGHTS.iter().enumerate() {
            let (c, r) = (square % 8, square / 8);
            assert_eq!(w, STATIC_WEIGHTS[8 * r + (7 - c)]);
            assert_eq!(w, STATIC_WEIGHTS[8 * (7 - r) + c]);
            assert_eq!(w, STATIC_WEIGHTS[8 * c + r]);
        }
    }
}

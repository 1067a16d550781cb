//! 95 % intervals of a win rate: the normal approximation the PN-MCTS paper's ± values use,
//! and Wilson's score interval; a rate with both ([`Rate`]) and the wins, draws and losses
//! it comes from ([`Score`]).
//!
//! * **Normal (Wald)**: p ± z·sqrt(p(1 − p)/n). The PN-MCTS paper (Doe, Winands, Soemers and
//!   Browne, Table II) reports e.g. 65.2 ± 5.90 % and 87.6 ± 4.09 % over 250 games, which is
//!   exactly 1.96·sqrt(p(1 − p)/250); the arena prints this one, so our numbers read like
//!   the paper's.
//! * **Wilson** (Wilson 1927; Newcombe 1998, method 3): the score interval
//!   (p + z²/2n ± z·sqrt(p(1 − p)/n + z²/4n²)) / (1 + z²/n), which stays inside [0, 1] and
//!   keeps its coverage near 0 and 1 where the normal one does not.
//!
//! A draw counts as half a win (the paper's convention), so p is the score rate; the
//! formulas then treat it as a binomial proportion, as the paper does. Two lines of algebra
//! each: no statistics crate is needed for them, and z is the 97.5 % normal quantile to
//! full double precision.
//!
//! ```
//! use pnplay::arena::interval::{normal, wilson};
//! let (low, high) = normal(0.652, 250);
//! assert!(((high - low) / 2.0 - 0.0590).abs() < 5e-5); // the paper's ±5.90
//! let (low, high) = wilson(81.0 / 263.0, 263);
//! assert!((low - 0.2553).abs() < 5e-5 && (high - 0.3662).abs() < 5e-5); // Newcombe 1998
//! ```

use serde::Serialize;

/// The 97.5 % quantile of the standard normal distribution (two-sided 95 %).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The normal-approximation 95 % interval of a proportion `p` over `n` trials (not
/// clipped to [0, 1], as the formula gives it); [0, 1] when there are no trials.
#[must_use]
pub fn normal(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let half = Z95 * (p * (1.0 - p) / n as f64).sqrt();
    (p - half, p + half)
}

/// Wilson's 95 % score interval of a proportion `p` over `n` trials; [0, 1] when there are
/// no trials.
#[must_use]
pub fn wilson(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = n as f64;
    let z2 = Z95 * Z95;
    let centre = p + z2 / (2.0 * n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z2 / n;
    (
        ((centre - half) / scale).max(0.0),
        ((centre + half) / scale).min(1.0),
    )
}

/// A win rate with both intervals, as the summaries print and serialize it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// The rate (wins plus half the draws, over the games).
    pub rate: f64,
    /// Half the width of the normal interval: the paper's ±.
    pub plus_minus: f64,
    /// The normal interval.
    pub normal: (f64, f64),
    /// Wilson's interval.
    pub wilson: (f64, f64),
}

/// Games won, drawn and lost and the score rate they give (draws half): a match's summary
/// for agent A, a tournament's standing of one agent.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Score {
    /// Games counted.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// The rate with the normal (printed: the paper's ±) and Wilson intervals.
    #[serde(flatten)]
    pub rate: Rate,
}

impl Score {
    /// The score of `wins`, `draws` and `losses`.
    #[must_use]
    pub fn of(wins: u64, draws: u64, losses: u64) -> Score {
        Score {
            games: wins + draws + losses,
            wins,
            draws,
            losses,
            rate: Rate::of(wins, draws, losses),
        }
    }
}

impl Rate {
    /// The rate of `wins`, `draws` and `losses`, draws counting half.
    #[must_use]
    pub fn of(wins: u64, draws: u64, losses: u64) -> Rate {
        let n = wins + draws + losses;
        let rate = if n == 0 {
            0.0
        } else {
            (wins as f64 + draws as f64 / 2.0) / n as f64
        };
        let normal = normal(rate, n);
        Rate {
            rate,
            plus_minus: (normal.1 - normal.0) / 2.0,
            normal,
            wilson: wilson(rate, n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The PN-MCTS paper's Table II (250 games per cell): rate and its ± in percent.
    const PAPER: &[(f64, f64)] = &[
        (65.2, 5.90),
        (87.6, 4.09),
        (92.4, 3.28),
        (86.0, 4.30),
        (76.8, 5.23),
        (67.2, 5.82),
        (46.0, 6.18),
        (60.4, 6.06),
        (63.6, 5.96),
        (61.2, 6.04),
        (49.8, 6.20),
        (32.4, 5.80),
        (9.6, 3.65),
        (11.2, 3.91),
    ];

    #[test]
    fn normal_gives_the_papers_plus_minus() {
        for &(rate, pm) in PAPER {
            let (low, high) = normal(rate / 100.0, 250);
            let half = (high - low) / 2.0 * 100.0;
            assert!((half - pm).abs() <= 0.005 + 1e-9, "{rate}: {half} vs {pm}");
        }
    }

    /// Newcombe (1998), Two-sided confidence intervals for the single proportion, Statistics
    /// in Medicine 17, Table I: methods 1 (Wald; its lower limits below 0 are printed as
    /// truncated there, so only 81/263 and 15/148 are compared) and 3 (Wilson score, no
    /// continuity correction), to four decimals.
    #[test]
    fn both_intervals_match_newcombe() {
        type Interval = (f64, f64);
        let cases: &[(u64, u64, Option<Interval>, Interval)] = &[
            (81, 263, Some((0.2522, 0.3638)), (0.2553, 0.3662)),
            (15, 148, Some((0.0527, 0.1500)), (0.0624, 0.1605)),
            (0, 20, None, (0.0, 0.1611)),
            (1, 29, None, (0.0061, 0.1718)),
        ];
        for &(r, n, wald, score) in cases {
            let p = r as f64 / n as f64;
            if let Some(wald) = wald {
                let (low, high) = normal(p, n);
                let close = (low - wald.0).abs() < 5e-5 && (high - wald.1).abs() < 5e-5;
                assert!(close, "{r}/{n}: {low} {high}");
            }
            let (low, high) = wilson(p, n);
            assert!(
                (low - score.0).abs() < 5e-5 && (high - score.1).abs() < 5e-5,
                "{r}/{n}: {low} {high}"
            );
        }
    }

    #[test]
    fn draws_count_half() {
        let rate = Rate::of(3, 2, 5);
        assert!((rate.rate - 0.4).abs() < 1e-12);
        assert!(rate.wilson.0 > rate.normal.0 && rate.wilson.1 < rate.normal.1 + 0.05);
        assert_eq!(Rate::of(0, 0, 0).normal, (0.0, 1.0));
    }
}

//! Motion in mind from a game's single conspiracy numbers (the dissertation's §5.5,
//! formulas 5.3–5.7) and game refinement (§2.5, formula 2.26).
//!
//! * norm.scn (5.3): each step's SCN rescaled to [0, 1] by the least and largest SCN of the
//!   game, then averaged over the k steps considered. An SCN of ∞ (every line of the searched
//!   tree ends in a lost game below the threshold) is the largest possible instability and
//!   counts as 1; the least and largest are taken over the finite SCNs. A game whose finite
//!   SCNs are all equal has nothing to rescale: they count as 0.
//! * v = norm.scn (5.4), m = 1 − v (5.5), p = m − m² (5.6), Eₚ = 2·m·v² (5.7).
//! * GR = √G / T (2.26).
//!
//! ```
//! use pnplay::experiment::mind::{normalised, Motion};
//! let norm = normalised(&[2, 4, 6, u64::MAX]);
//! assert_eq!(norm, vec![0.0, 0.5, 1.0, 1.0]);
//! let motion = Motion::of(&norm).unwrap();
//! assert_eq!(motion.v, 0.625);
//! assert_eq!(motion.m, 0.375);
//! assert_eq!(motion.p, 0.375 - 0.375 * 0.375);
//! assert_eq!(motion.ep, 2.0 * 0.375 * 0.625 * 0.625);
//! ```

use serde::{Deserialize, Serialize};

use crate::search::expectimax::search::{SCN_INFINITE, Scn};

/// Each SCN rescaled to [0, 1] by the least and largest finite SCN of `scns` (∞ → 1; all
/// finite SCNs equal → 0).
#[must_use]
pub fn normalised(scns: &[Scn]) -> Vec<f64> {
    let finite = scns.iter().copied().filter(|&s| s != SCN_INFINITE);
    let (low, high) = finite.fold((u64::MAX, 0), |(lo, hi), s| (lo.min(s), hi.max(s)));
    scns.iter()
        .map(|&s| {
            if s == SCN_INFINITE {
                1.0
            } else if high > low {
                (s - low) as f64 / (high - low) as f64
            } else {
                0.0
            }
        })
        .collect()
}

/// The motion-in-mind quantities of a run of normalised SCNs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Motion {
    /// Velocity v = norm.scn, the mean normalised SCN (5.3, 5.4).
    pub v: f64,
    /// Mass m = 1 − v (5.5).
    pub m: f64,
    /// Momentum p = m − m² (5.6).
    pub p: f64,
    /// Potential energy Eₚ = 2·m·v² (5.7).
    pub ep: f64,
}

impl Motion {
    /// The quantities of `norm` (normalised SCNs of k steps); `None` when empty.
    #[must_use]
    pub fn of(norm: &[f64]) -> Option<Motion> {
        if norm.is_empty() {
            return None;
        }
        let v = norm.iter().sum::<f64>() / norm.len() as f64;
        let m = 1.0 - v;
        Some(Motion {
            v,
            m,
            p: m - m * m,
            ep: 2.0 * m * v * v,
        })
    }

    /// The mean of each quantity over `motions` (Table 5.2 averages games this way);
    /// `None` when empty.
    #[must_use]
    pub fn mean(motions: &[Motion]) -> Option<Motion> {
        if motions.is_empty() {
            return None;
        }
        let n = motions.len() as f64;
        let sum = |f: fn(&Motion) -> f64| motions.iter().map(f).sum::<f64>() / n;
        Some(Motion {
            v: sum(|x| x.v),
            m: sum(|x| x.m),
            p: sum(|x| x.p),
            ep: sum(|x| x.ep),
        })
    }
}

/// The segments of a game between threshold changes: maximal runs of equal thresholds, as
/// index ranges of `thresholds` (one per step).
///
/// ```
/// use pnplay::experiment::mind::segments;
/// assert_eq!(segments(&[1.0, 1.0, 2.0, 4.0, 4.0]), vec![0..2, 2..3, 3..5]);
/// ```
#[must_use]
pub fn segments(thresholds: &[f64]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=thresholds.len() {
        if i == thresholds.len() || thresholds[i] != thresholds[start] {
            if i > start {
                out.push(start..i);
            }
            start = i;
        }
    }
    out
}

/// Game refinement GR = √G / T (2.26).
///
/// ```
/// use pnplay::experiment::mind::game_refinement;
/// assert_eq!(game_refinement(16.0, 50.0), 0.08);
/// ```
#[must_use]
pub fn game_refinement(g: f64, t: f64) -> f64 {
    g.sqrt() / t
}

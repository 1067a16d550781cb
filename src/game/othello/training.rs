//! Fitting the pattern evaluation ([`super::patterns`]) to solved positions: what
//! `pnplay train` runs. It has two halves:
//!
//! * [`generate`]: positions reached by seeded play from the start, half of the games by
//!   uniformly random moves (the positions of the stages experiment and the PPNS paper) and
//!   half by a greedy player that keeps the opponent's mobility low with some random moves
//!   (closer to the positions of real games, such as the FFO endgames), each solved
//!   exactly by the endgame solver ([`super::endgame`]).
//! * [`fit`]: least squares of the final disc difference on the pattern readings, per
//!   stage, by stochastic gradient descent in a seeded order, with a held-out part to
//!   report how well the fit predicts positions it has not seen.
//!
//! Logistello's pattern weights were likewise fitted by regression to the values of scored
//! positions (Buro 1997). Everything is seeded: the same arguments give the same weights
//! (`scripts/train-othello-eval` rebuilds the shipped file byte for byte).

use super::endgame::Solver;
use super::patterns::{PatternSet, SCALE, Weights};
use super::{Othello, Size, flips, legal_squares, nth_set_bit};
use crate::game::{Game, Player, Rng};
use crate::game::knowledge::ExactSolver;
use crate::core::limits::Limits;

/// A solved position: the mover's and the opponent's discs and the exact final disc
/// difference for the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Discs of the side to move.
    pub mover: u64,
    /// Discs of the other side.
    pub other: u64,
    /// Exact final disc difference for the side to move.
    pub score: i8,
}

impl Sample {
    /// Empty squares.
    #[must_use]
    pub fn empties(&self) -> u32 {
        (!(self.mover | self.other)).count_ones()
    }

    /// One line of a samples file: the two masks in hex and the score.
    #[must_use]
    pub fn to_line(&self) -> String {
        format!("{:016x} {:016x} {}", self.mover, self.other, self.score)
    }

    /// Reads [`Sample::to_line`]; `None` if the line is not one.
    #[must_use]
    pub fn from_line(line: &str) -> Option<Sample> {
        let mut words = line.split_whitespace();
        let mover = u64::from_str_radix(words.next()?, 16).ok()?;
        let other = u64::from_str_radix(words.next()?, 16).ok()?;
        let score = words.next()?.parse().ok()?;
        (words.next().is_none() && mover & other == 0).then_some(Sample {
            mover,
            other,
            score,
        })
    }
}

/// The position `index` of a [`generate`] run: its own seeded game, played until `empties`
/// squares are left; `None` if the game ended first.
fn play_to(seed: u64, index: u64, lowest: u32, highest: u32) -> Option<(u64, u64)> {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let empties = lowest + rng.below(highest - lowest + 1);
    let greedy = rng.below(2) == 1;
    let start = Othello::start(&Default::default());
    let (mut mover, mut other) = (start.mover, start.waiting);
    while (!(mover | other)).count_ones() > empties {
        let moves = legal_squares(mover, other, u64::MAX);
        if moves == 0 {
            if legal_squares(other, mover, u64::MAX) == 0 {
                return None;
            }
            (mover, other) = (other, mover);
            continue;
        }
        let count = moves.count_ones();
        let pick = if greedy && rng.below(4) != 0 {
            greedy_move(mover, other, moves)
        } else {
            nth_set_bit(moves, rng.below(count))
        };
        let flipped = flips(pick, mover, other);
        (mover, other) = (other & !flipped, mover | flipped | pick);
    }
    // The side to move must have a move (a pass position is its opponent's position).
    if legal_squares(mover, other, u64::MAX) == 0 {
        (mover, other) = (other, mover);
        if legal_squares(mover, other, u64::MAX) == 0 {
            return None;
        }
    }
    Some((mover, other))
}

/// The move leaving the opponent the fewest replies (corners counted double), a corner
/// move preferred: the greedy player of [`generate`].
fn greedy_move(mover: u64, other: u64, moves: u64) -> u64 {
    const CORNERS: u64 = 0x8100_0000_0000_0081;
    let mut best = (i32::MIN, 0);
    let mut rest = moves;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let flipped = flips(bit, mover, other);
        let replies = legal_squares(other & !flipped, mover | flipped | bit, u64::MAX);
        let mut value = -((replies.count_ones() + (replies & CORNERS).count_ones()) as i32) * 2;
        if bit & CORNERS != 0 {
            value += 3;
        }
        if value > best.0 {
            best = (value, bit);
        }
    }
    best.1
}

/// `count` solved positions with `lowest..=highest` empty squares (uniform), on `jobs`
/// threads; the result depends only on `seed`, `count` and the range. Games that end
/// before their target are skipped, so slightly fewer positions may come back. `progress`
/// is called with each finished position's index.
///
/// # Panics
/// If `lowest > highest` or `highest > 60`.
#[must_use]
pub fn generate(
    count: u64,
    lowest: u32,
    highest: u32,
    seed: u64,
    jobs: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<Sample> {
    assert!(lowest <= highest && highest <= 60, "bad empties range");
    let jobs = jobs.max(1) as u64;
    let mut parts: Vec<Vec<(u64, Sample)>> = Vec::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                scope.spawn(move || {
                    let mut solver = Solver::new();
                    let mut out = Vec::new();
                    let mut index = job;
                    while index < count {
                        if let Some((mover, other)) = play_to(seed, index, lowest, highest) {
                            let pos = Othello {
                                mover,
                                waiting: other,
                                to_move: Player::First,
                                size: Size::Eight,
                                no_pass: false,
                            };
                            solver.clear();
                            let score = solver
                                .score(&pos, &Limits::default())
                                .expect("an unlimited solve finishes");
                            out.push((
                                index,
                                Sample {
                                    mover,
                                    other,
                                    score: score.value as i8,
                                },
                            ));
                        }
                        progress(index);
                        index += jobs;
                    }
                    out
                })
            })
            .collect();
        for handle in handles {
            parts.push(handle.join().expect("a generator thread does not panic"));
        }
    });
    let mut all: Vec<(u64, Sample)> = parts.into_iter().flatten().collect();
    all.sort_unstable_by_key(|&(index, _)| index);
    all.into_iter().map(|(_, sample)| sample).collect()
}

/// How a fit went, per stage: samples trained on and held out, and the root mean square
/// error (in discs) of the held-out ones before (predicting 0) and after.
#[derive(Clone, Debug, PartialEq)]
pub struct StageReport {
    /// Lowest empties of the stage.
    pub from: u8,
    /// Samples fitted.
    pub trained: usize,
    /// Samples held out.
    pub held_out: usize,
    /// Held-out error of the constant 0.
    pub baseline_rmse: f64,
    /// Held-out error of the fit.
    pub rmse: f64,
}

/// Fits one set of weights per stage (`stage_from`: the lowest empties of each, ascending)
/// to `samples`: a sample trains every stage whose range, widened by `spread` empties on
/// each side, holds it; `l2` shrinks every weight a sample touches towards 0 (ridge
/// regression, so that rare readings stay small). One sample in 20 (chosen by the seed) is
/// held out.
///
/// # Panics
/// If `stage_from` is empty or not ascending.
#[must_use]
pub fn fit(
    samples: &[Sample],
    stage_from: &[u8],
    spread: u32,
    epochs: u32,
    l2: f32,
    seed: u64,
) -> (Weights, Vec<StageReport>) {
    assert!(
        !stage_from.is_empty() && stage_from.windows(2).all(|w| w[0] < w[1]),
        "stages must be ascending"
    );
    let set = PatternSet::get();
    let per = set.readings_per_position();
    let mut rng = Rng::new(seed);
    let held: Vec<bool> = samples.iter().map(|_| rng.below(20) == 0).collect();
    let features: Vec<u32> = samples
        .iter()
        .flat_map(|s| {
            let mut row = Vec::with_capacity(per);
            set.readings(s.mover, s.other, true, |at| row.push(at as u32));
            row
        })
        .collect();
    let mut values = Vec::with_capacity(stage_from.len() * set.weights_per_stage);
    let mut reports = Vec::new();
    for (k, &from) in stage_from.iter().enumerate() {
        let to = stage_from.get(k + 1).map_or(60, |&next| u32::from(next) - 1);
        let (lo, hi) = (u32::from(from).saturating_sub(spread), to + spread);
        let in_stage = |s: &Sample| (u32::from(from)..=to).contains(&s.empties());
        let mut train: Vec<usize> = (0..samples.len())
            .filter(|&i| !held[i] && (lo..=hi).contains(&samples[i].empties()))
            .collect();
        let test: Vec<usize> = (0..samples.len())
            .filter(|&i| held[i] && in_stage(&samples[i]))
            .collect();
        let mut w = vec![0f32; set.weights_per_stage];
        let bias = set.weights_per_stage - 1;
        let predict = |w: &[f32], i: usize| {
            features[i * per..(i + 1) * per]
                .iter()
                .map(|&at| w[at as usize])
                .sum::<f32>()
                + w[bias]
        };
        let rate0 = 0.2 / per as f32;
        for epoch in 0..epochs {
            // Fisher-Yates in the seeded order.
            for i in (1..train.len()).rev() {
                train.swap(i, rng.below(i as u32 + 1) as usize);
            }
            let rate = rate0 * (1.0 - epoch as f32 / epochs as f32).max(0.05);
            for &i in &train {
                let error = f32::from(samples[i].score) - predict(&w, i);
                let step = rate * error;
                let decay = 1.0 - rate * l2;
                for &at in &features[i * per..(i + 1) * per] {
                    w[at as usize] = w[at as usize] * decay + step;
                }
                w[bias] += step * 0.1;
            }
        }
        let rmse = |f: &dyn Fn(usize) -> f32| {
            let sum: f64 = test
                .iter()
                .map(|&i| f64::from(f32::from(samples[i].score) - f(i)).powi(2))
                .sum();
            (sum / test.len().max(1) as f64).sqrt()
        };
        reports.push(StageReport {
            from,
            trained: train.len(),
            held_out: test.len(),
            baseline_rmse: rmse(&|_| 0.0),
            rmse: rmse(&|i| predict(&w, i)),
        });
        // Canonical readings hold the fitted weights; the others repeat them.
        let mut stage = vec![0i16; set.weights_per_stage];
        for pattern in &set.patterns {
            for reading in 0..pattern.readings {
                let at = pattern.offset + pattern.canonical[reading] as usize;
                stage[pattern.offset + reading] = quantise(w[at]);
            }
        }
        stage[bias] = quantise(w[bias]);
        values.extend(stage);
    }
    (
        Weights {
            stage_from: stage_from.to_vec(),
            values,
        },
        reports,
    )
}

/// A weight in discs as stored, in 1/[`SCALE`] discs.
fn quantise(w: f32) -> i16 {
    (w * SCALE as f32)
        .round()
        .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

//! Monte-Carlo estimates of a leaf: how often random play reaches the goal.
//!
//! PPNS and MCPNS value a new leaf by `R = wins / playouts`, where a playout is
//! [`Game::random_playout`] with the search's seeded [`Rng`] and a "win" means the
//! [`Question`]'s goal holds in the final position (so under `goal = not-lose` a draw is a
//! win). An estimate of exactly 1 or 0 is moved `θ` inside the interval (the papers' rule
//! `R = 1 → 1 − θ`, `R = 0 → θ`), so only a real terminal node is ever certain.
//!
//! **A departure from the dissertation's Algorithm 7** (§4.5.1, PPNS applied to 2×2 2048):
//! its playout counts a win at an OR node when "objective reached" but at an AND node when
//! "no moves available", a different event at the two kinds of node. We count the root's
//! goal (the objective reached, [`Question`]) at the end of every playout, whatever the kind
//! of the leaf it starts from: a node's PPN is the probability that the *root player's* goal
//! holds there, and the AND/OR rules combine children only if all their values estimate the
//! same event.
//!
//! ```
//! use pnplay::game::{Game, Player, tictactoe::TicTacToe};
//! use pnplay::search::{Goal, Question, bestfirst::playout::Sampler};
//! let question = Question { root_player: Player::First, goal: Goal::Win };
//! let mut sampler = Sampler::new(question, 7);
//! // X has 1 and 2, O has 4 and 5, X to move: random play sometimes wins, sometimes not.
//! let pos = TicTacToe::parse_position(&(), "1425").unwrap();
//! let estimate = sampler.estimate(&pos, 20, 0.01);
//! assert!(estimate.p > 0.0 && estimate.p < 1.0);
//! assert_eq!(sampler.playouts(), 20);
//! // A sure thing is kept θ away from certainty.
//! assert_eq!(pnplay::search::bestfirst::playout::Estimate::from_counts(5, 5, 0.01).q, 0.01);
//! ```

use crate::game::{Game, Outcome, Rng};

use crate::search::Question;
use crate::search::view::short;

/// A leaf's estimated probability `p` that the goal holds, with `q = 1 − p` computed from
/// the counts (not by subtraction), so both are exact to the last bit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The probability that the goal holds (PPN of a new leaf).
    pub p: f64,
    /// `1 − p`.
    pub q: f64,
}

impl Estimate {
    /// `wins` out of `total` playouts, moved `theta` inside `(0, 1)` at the ends.
    ///
    /// # Panics
    /// If `total` is 0 or `wins > total`.
    #[must_use]
    pub fn from_counts(wins: u32, total: u32, theta: f64) -> Estimate {
        assert!(total > 0 && wins <= total, "{wins} wins out of {total}");
        if wins == total {
            Estimate {
                p: 1.0 - theta,
                q: theta,
            }
        } else if wins == 0 {
            Estimate {
                p: theta,
                q: 1.0 - theta,
            }
        } else {
            let total = f64::from(total);
            Estimate {
                p: f64::from(wins) / total,
                q: f64::from(total as u32 - wins) / total,
            }
        }
    }
}

/// How a leaf's θ-clamped playout rate `p` came about, for explanations: `27 of 60
/// playouts reached the goal: R = 27/60 = 0.45`, or at the ends `all 60 playouts reached the
/// goal: R = 1 → 1 − θ = 0.99`. The count of wins is read back from `p` (`p · count`
/// rounded; `p` may carry rounding from a logarithm, so equality is to 1e-9 relative).
#[must_use]
pub fn rate_text(p: f64, count: u32, theta: f64) -> String {
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(f64::MIN_POSITIVE);
    let total = f64::from(count);
    let wins = (p * total).round();
    if wins > 0.0 && wins < total && close(p, wins / total) {
        format!(
            "{wins} of {count} playouts reached the goal: R = {wins}/{count} = {}",
            short(p)
        )
    } else if close(p, 1.0 - theta) {
        format!(
            "all {count} playouts reached the goal: R = 1 → 1 − θ = {}",
            short(p)
        )
    } else {
        format!(
            "none of the {count} playouts reached the goal: R = 0 → θ = {}",
            short(p)
        )
    }
}

/// Runs random playouts for one search: owns the seeded generator, knows the question and
/// counts the playouts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sampler {
    rng: Rng,
    question: Question,
    playouts: u64,
    cutoff: Option<u32>,
}

impl Sampler {
    /// A sampler for `question` whose playouts are fixed by `seed`.
    #[must_use]
    pub fn new(question: Question, seed: u64) -> Sampler {
        Sampler {
            rng: Rng::new(seed),
            question,
            playouts: 0,
            cutoff: None,
        }
    }

    /// The same sampler with [`Sampler::outcome`]'s playouts cut off after `moves` moves
    /// (`None`: played to the end), as Ludii's UCT does at 200.
    #[must_use]
    pub fn cut_off(self, moves: Option<u32>) -> Sampler {
        Sampler {
            cutoff: moves,
            ..self
        }
    }

    /// Runs `count` playouts from `pos` and returns the θ-clamped rate of those that end with
    /// the goal met.
    ///
    /// # Panics
    /// If `count` is 0.
    pub fn estimate<G: Game>(&mut self, pos: &G, count: u32, theta: f64) -> Estimate {
        let mut wins = 0;
        for _ in 0..count {
            let end = pos.random_playout(&mut self.rng);
            let outcome = end
                .outcome(self.question.root_player)
                .expect("a playout ends in a finished game");
            wins += u32::from(self.question.proven_by(outcome));
        }
        self.playouts += u64::from(count);
        Estimate::from_counts(wins, count, theta)
    }

    /// Runs one playout from `pos` (a finished game is its own end) and returns its result
    /// for the question's player (MCTS's simulation step). A playout cut off before the end
    /// ([`Sampler::cut_off`]) counts as a draw.
    pub fn outcome<G: Game>(&mut self, pos: &G) -> Outcome {
        self.playouts += 1;
        match self.cutoff {
            None => pos
                .random_playout(&mut self.rng)
                .outcome(self.question.root_player)
                .expect("a playout ends in a finished game"),
            Some(moves) => pos
                .random_playout_within(&mut self.rng, moves)
                .outcome(self.question.root_player)
                .unwrap_or(Outcome::Draw),
        }
    }

    /// The generator itself, for a search's other seeded choices (MCTS's expansion and
    /// tie-breaks): one stream per run, so a seed fixes everything.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// Playouts run so far.
    #[must_use]
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// The question playouts are judged by.
    #[must_use]
    pub fn question(&self) -> Question {
        self.question
    }
}

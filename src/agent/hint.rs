//! Hints: the engine's value of every legal move of a position, for the page's *Hint* button
//! (issue 11's play mode).
//!
//! Each legal move is judged on its own, so every move gets a value (a search of the
//! position itself could leave some root children unvisited):
//!
//! * a move that ends the game has its **outcome**, a proof;
//! * otherwise alpha-beta ([`crate::search::exact`], the exact reference) asks, of the
//!   position after the move, whether the opponent can force a win and then whether they can
//!   avoid losing, each within [`HintBudget::positions`] positions: a decided answer is a
//!   **proof** of the move's value for the mover (loss, draw or win);
//! * when alpha-beta runs out first, MCTS (UCT, the PN-MCTS paper's §II) runs
//!   [`HintBudget::simulations`] simulations from the position after the move, and the move
//!   gets the mean result of its simulations for the mover (+1 win, 0 draw, −1 loss): an
//!   **estimate**, never shown as a proof.
//!
//! Every random choice comes from [`HintBudget::seed`] (MCTS of the `i`-th legal move from
//! [`derive_seed`]`(seed, [i])`), so a hint is the same native and in the page. Hints are
//! for two-player games without chance (a one-player game has no opponent to ask about).
//!
//! ```
//! use pnplay::agent::hint::{HintBudget, Proof, hint};
//! use pnplay::game::{Game, Outcome, tictactoe::TicTacToe};
//! // X has 1 and 2, O has 4 and 5, X to move: 3 wins at once.
//! let pos = TicTacToe::parse_position(&(), "1425").unwrap();
//! let values = hint(&pos, &HintBudget::default()).unwrap();
//! assert_eq!(values.len(), 5);
//! let three = values.iter().find(|v| v.mv == "3").unwrap();
//! assert_eq!((three.kind, three.outcome), (Proof::Proof, Some(Outcome::Win)));
//! ```

use serde::Serialize;

use crate::core::rng::derive_seed;
use crate::error::Error;
use crate::game::any::{AnyPosition, Visit};
use crate::game::catalogue::Catalogued;
use crate::game::{MoveList, Outcome, Turn};
use crate::search::params::Params;
use crate::search::session::Budget;
use crate::search::view::Values;
use crate::search::{Goal, Limits, Verdict, catalogue};

/// How much a hint may search, per legal move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct HintBudget {
    /// Most positions alpha-beta visits for each of its two questions.
    pub positions: u64,
    /// MCTS simulations for a move alpha-beta could not decide.
    pub simulations: u64,
    /// The seed of the MCTS runs.
    pub seed: u64,
}

impl Default for HintBudget {
    /// 100,000 positions per question, 2,000 simulations, seed 1.
    fn default() -> Self {
        HintBudget {
            positions: 100_000,
            simulations: 2_000,
            seed: 1,
        }
    }
}

/// Whether a value is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Proof {
    /// The game's end or alpha-beta decided it: exact.
    Proof,
    /// MCTS statistics: an estimate.
    Estimate,
}

/// The value of one legal move for the player who makes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveValue {
    /// The move, as the game writes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// Exact, or an estimate.
    pub kind: Proof,
    /// The proven result of the move with best play by both sides afterwards (proofs).
    pub outcome: Option<Outcome>,
    /// The mean result of the simulations, in [−1, 1] for the mover (estimates).
    pub mean: Option<f64>,
    /// MCTS simulations behind the estimate (0 for a proof).
    pub simulations: u64,
    /// Positions alpha-beta visited for this move.
    pub positions: u64,
}

/// The value of every legal move of `pos`, in the game's move order.
///
/// # Errors
/// [`Error::GameOver`] if no player is to move; [`Error::Unsupported`] for a one-player game
/// or a game with chance.
pub fn hint<G: Catalogued>(pos: &G, budget: &HintBudget) -> Result<Vec<MoveValue>, Error> {
    let facts = G::FAMILY.facts;
    if facts.players != 2 || facts.chance {
        return Err(Error::Unsupported {
            search: "hint",
            game: G::FAMILY.id.to_string(),
            reason: "hints are for two-player games without chance",
        });
    }
    let Turn::Player(mover) = pos.turn() else {
        return Err(Error::GameOver);
    };
    let mut moves = MoveList::<G>::default();
    pos.legal_moves(&mut moves);
    let mut values = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        let mut after = pos.clone();
        after.play(mv);
        let mut value = MoveValue {
            mv: pos.format_move(mv),
            kind: Proof::Proof,
            outcome: after.outcome(mover),
            mean: None,
            simulations: 0,
            positions: 0,
        };
        if value.outcome.is_none() {
            value.outcome = exact(&after, budget.positions, &mut value.positions)?;
        }
        if value.outcome.is_none() {
            let seed = derive_seed(budget.seed, &[index as u64]);
            let (mean, simulations) = estimate(&after, budget.simulations, seed)?;
            value.kind = Proof::Estimate;
            value.mean = Some(mean);
            value.simulations = simulations;
        }
        values.push(value);
    }
    Ok(values)
}

/// The proven result for the player who just moved into `after` (the opponent to move
/// there), or `None` if alpha-beta needs more than `positions` for a question; adds the
/// positions it visited to `visited`.
fn exact<G: Catalogued>(
    after: &G,
    positions: u64,
    visited: &mut u64,
) -> Result<Option<Outcome>, Error> {
    let limits = Limits {
        max_nodes: Some(positions),
        ..Limits::default()
    };
    // The opponent's questions: can they win? If not, can they avoid losing?
    for (goal, if_proved) in [(Goal::Win, Outcome::Loss), (Goal::NotLose, Outcome::Draw)] {
        let params = Params::default().with_goal(goal).with_limits(limits);
        let mut session = catalogue::start("alphabeta", after.clone(), &params)?;
        let verdict = session.run();
        *visited += session.stats().nodes_expanded;
        match verdict {
            Verdict::Proved => return Ok(Some(if_proved)),
            Verdict::Disproved => {}
            _ => return Ok(None),
        }
    }
    Ok(Some(Outcome::Win))
}

/// MCTS's mean result for the player who just moved into `after`, and its simulations.
fn estimate<G: Catalogued>(after: &G, simulations: u64, seed: u64) -> Result<(f64, u64), Error> {
    let params = Params::default().with_seed(seed);
    let mut session = catalogue::start("mcts", after.clone(), &params)?;
    session.step(Budget::iterations(simulations));
    match session.root_value() {
        // The root's mean is for the player to move there: the opponent.
        Some(Values::Mcts { visits, mean }) => Ok((-mean, visits as u64)),
        other => unreachable!("MCTS's root value is its visits and mean, got {other:?}"),
    }
}

/// [`hint`] on a position of any game.
///
/// # Errors
/// As [`hint`].
pub fn hint_on(root: &AnyPosition, budget: &HintBudget) -> Result<Vec<MoveValue>, Error> {
    struct Hint<'a> {
        budget: &'a HintBudget,
    }
    impl Visit for Hint<'_> {
        type Output = Result<Vec<MoveValue>, Error>;
        fn visit<G: Catalogued>(self, root: &G) -> Self::Output {
            hint(root, self.budget)
        }
    }
    root.visit(Hint { budget })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameSpec;
    use crate::game::Game;
    use crate::game::tictactoe::TicTacToe;

    /// Every proof agrees with alpha-beta's unbounded answer on the position after the move,
    /// on the empty tic-tac-toe board (all draws) and a position with wins and losses.
    #[test]
    fn proofs_agree_with_unbounded_alpha_beta() {
        for text in ["", "15", "1529"] {
            let pos = TicTacToe::parse_position(&(), text).unwrap();
            let values = hint(&pos, &HintBudget::default()).unwrap();
            let mut moves = MoveList::<TicTacToe>::default();
            pos.legal_moves(&mut moves);
            assert_eq!(values.len(), moves.len());
            for (value, &mv) in values.iter().zip(moves.iter()) {
                assert_eq!(value.kind, Proof::Proof, "{text} {}", value.mv);
                let mut after = pos.clone();
                after.play(mv);
                let Turn::Player(mover) = pos.turn() else {
                    unreachable!("a player is to move")
                };
                let truth = after.outcome(mover).or_else(|| {
                    let mut positions = 0;
                    exact(&after, u64::MAX, &mut positions).unwrap()
                });
                assert_eq!(value.outcome, truth, "{text} {}", value.mv);
            }
        }
        // Every first move of tic-tac-toe draws; after 1, 5, 2, 9 X's 3 wins at once.
        let empty = hint(
            &TicTacToe::parse_position(&(), "").unwrap(),
            &HintBudget::default(),
        );
        assert!(
            empty
                .unwrap()
                .iter()
                .all(|v| v.outcome == Some(Outcome::Draw))
        );
        let threat = hint(
            &TicTacToe::parse_position(&(), "1529").unwrap(),
            &HintBudget::default(),
        );
        let three = threat.unwrap().into_iter().find(|v| v.mv == "3").unwrap();
        assert_eq!(three.outcome, Some(Outcome::Win));
    }

    /// With too small an alpha-beta budget every move still gets a value: an estimate in
    /// [−1, 1] with its simulations, and the estimates are the same for the same seed.
    #[test]
    fn estimates_when_alpha_beta_runs_out() {
        let spec: GameSpec = "connect4".parse().unwrap();
        let budget = HintBudget {
            positions: 10,
            simulations: 200,
            seed: 5,
        };
        let root = AnyPosition::start(&spec).unwrap();
        let values = hint_on(&root, &budget).unwrap();
        assert_eq!(values.len(), 7);
        for value in &values {
            assert_eq!(value.kind, Proof::Estimate);
            assert_eq!(value.outcome, None);
            assert_eq!(value.simulations, 200);
            assert!((-1.0..=1.0).contains(&value.mean.unwrap()));
        }
        assert_eq!(hint_on(&root, &budget).unwrap(), values);
    }

    #[test]
    fn refuses_finished_and_one_player_games() {
        let won = TicTacToe::parse_position(&(), "14253").unwrap();
        assert_eq!(hint(&won, &HintBudget::default()), Err(Error::GameOver));
        let spec: GameSpec = "2048:2x2".parse().unwrap();
        assert!(matches!(
            hint_on(&AnyPosition::start(&spec).unwrap(), &HintBudget::default()),
            Err(Error::Unsupported { .. })
        ));
    }
}

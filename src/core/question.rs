//! The question a solver answers: the [`Goal`] (what counts as proven) and the [`Question`]
//! (whose goal). Putting a question about a game's position, and saying it in words, is the
//! game layer's ([`crate::game::question`]).

use serde::{Deserialize, Serialize};

use super::parse_error::Elided;
use super::player::{Outcome, Player};

/// What counts as proven for the player to move at the root (SPEC.md §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// Proven means the root player wins; a draw is disproven.
    #[default]
    Win,
    /// Proven means the root player at least draws.
    NotLose,
}

impl Goal {
    /// Whether a finished game with this outcome (from the root player's view) counts as
    /// proven.
    #[must_use]
    pub const fn is_proven(self, outcome: Outcome) -> bool {
        matches!(
            (self, outcome),
            (_, Outcome::Win) | (Goal::NotLose, Outcome::Draw)
        )
    }

    /// Parses `win` or `not-lose`.
    pub fn parse(text: &str) -> Result<Goal, String> {
        match text {
            "win" => Ok(Goal::Win),
            "not-lose" => Ok(Goal::NotLose),
            other => Err(format!(
                "unknown goal {}: expected win or not-lose",
                Elided(other)
            )),
        }
    }

    /// The goal's name as the CLI and links spell it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::NotLose => "not-lose",
        }
    }
}

/// The player whose question a search answers, and the goal: everything needed to turn a
/// finished game into proven / disproven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// The player to move at the root (for 2048: the player).
    pub root_player: Player,
    /// What counts as proven.
    pub goal: Goal,
}

impl Question {
    /// Whether the finished game `outcome` (seen from `root_player`) is proven.
    #[must_use]
    pub const fn proven_by(self, outcome: Outcome) -> bool {
        self.goal.is_proven(outcome)
    }
}

//! The players and results every game and search speaks of: [`Player`], whose [`Turn`] it
//! is, and a finished game's [`Outcome`].

use serde::{Deserialize, Serialize};

/// One of the two players. In single-agent games only [`Player::First`] acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    /// The player who moves first from the start position (Othello black, `X`).
    First,
    /// The other player (Othello white, `O`).
    Second,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// Who acts in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// A player chooses a move.
    Player(Player),
    /// Chance picks one of the moves with the probability [`Game::chance_probability`](crate::game::Game::chance_probability) gives.
    Chance,
    /// The game is over; [`Game::outcome`](crate::game::Game::outcome) tells the result.
    Over,
}

impl Turn {
    /// The turn of a game without chance: [`Turn::Over`] if it is `over`, else `to_move`'s.
    #[must_use]
    pub fn unless_over(over: bool, to_move: Player) -> Turn {
        if over {
            Turn::Over
        } else {
            Turn::Player(to_move)
        }
    }
}

/// The result of a finished game from one player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// That player won (in 2048: the objective tile was reached).
    Win,
    /// Neither player won.
    Draw,
    /// That player lost (in 2048: no move is left and the objective was not reached).
    Loss,
}

impl Outcome {
    /// The result for `player` of a game with `winner` (if any) that is `over` (or not yet).
    #[must_use]
    pub fn for_player(winner: Option<Player>, over: bool, player: Player) -> Option<Outcome> {
        match winner {
            Some(w) if w == player => Some(Outcome::Win),
            Some(_) => Some(Outcome::Loss),
            None if over => Some(Outcome::Draw),
            None => None,
        }
    }

    /// +1 for a win, 0 for a draw, −1 for a loss: the value of a finished game in games
    /// without a score, and MCTS's reward.
    ///
    /// ```
    /// use pnplay::game::Outcome;
    /// assert_eq!(Outcome::Loss.sign(), -1);
    /// assert_eq!(Outcome::Loss.flipped().sign(), 1);
    /// ```
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        }
    }

    /// The outcome a value of that sign means (positive: a win, zero: a draw).
    ///
    /// ```
    /// use pnplay::game::Outcome;
    /// assert_eq!(Outcome::from_sign(-12), Outcome::Loss);
    /// assert_eq!(Outcome::from_sign(0), Outcome::Draw);
    /// ```
    #[must_use]
    pub const fn from_sign(value: i32) -> Outcome {
        match value.signum() {
            1 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }

    /// The same result seen from the other player.
    #[must_use]
    pub const fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

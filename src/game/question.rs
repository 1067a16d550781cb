//! Putting the solver's question ([`Question`], a word of [`crate::core`]) about a game's
//! position: whose goal it is at a root, and the question in words with the players named as
//! the game's catalogue names them.

use super::family::Catalogued;
use super::{Game, Turn};
use crate::core::player::Player;
use crate::core::question::{Goal, Question};

impl Question {
    /// The question about `root` for `goal`: the root player is the player to move (for a
    /// chance root or a finished game, [`Player::First`], the single agent).
    #[must_use]
    pub fn at<G: Game>(root: &G, goal: Goal) -> Question {
        Question {
            root_player: match root.turn() {
                Turn::Player(player) => player,
                Turn::Chance | Turn::Over => Player::First,
            },
            goal,
        }
    }

    /// The question about `root` in words, with the players named as the game's catalogue
    /// names them: `Can X, to move, force a win?`, `Can Black (X), to move, avoid losing
    /// (force at least a draw)?`; for a single-agent game with chance, `Can the player
    /// force a win whatever chance does?`.
    ///
    /// ```
    /// use pnplay::game::{Game, tictactoe::TicTacToe};
    /// use pnplay::search::{Goal, Question};
    /// let pos = TicTacToe::parse_position(&(), "5").unwrap(); // X took the centre
    /// let question = Question::at(&pos, Goal::NotLose);
    /// assert_eq!(question.words(&pos), "Can O, to move, avoid losing (force at least a draw)?");
    /// ```
    #[must_use]
    pub fn words<G: Catalogued>(self, root: &G) -> String {
        let family = G::FAMILY;
        let goal = match self.goal {
            Goal::Win => "force a win",
            Goal::NotLose => "avoid losing (force at least a draw)",
        };
        let index = match self.root_player {
            Player::First => 0,
            Player::Second => 1,
        };
        let name = family
            .presentation
            .players
            .get(index)
            .copied()
            .unwrap_or("the player");
        let chance = if family.facts.chance {
            " whatever chance does"
        } else {
            ""
        };
        if family.facts.players == 1 {
            let name = name
                .strip_prefix("The ")
                .map_or(name.to_string(), |rest| format!("the {rest}"));
            format!("Can {name} {goal}{chance}?")
        } else if root.turn() == Turn::Player(self.root_player) {
            format!("Can {name}, to move, {goal}{chance}?")
        } else {
            format!("Can {name} {goal}{chance}?")
        }
    }
}

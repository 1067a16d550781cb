//! An exact game value and a move that achieves it: what alpha-beta and the games' own
//! endgame solvers answer ([`Score`]).

/// An exact value and a move that achieves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score<M> {
    /// The exact game value from the view of the player to move (for a chance node or a
    /// finished game: of [`Player::First`](super::player::Player::First)), in [`Game::terminal_value`](crate::game::Game::terminal_value) units.
    pub value: i32,
    /// A move that achieves the value (at a chance node: an outcome that holds the player to
    /// it); `None` for a finished game.
    pub best_move: Option<M>,
}

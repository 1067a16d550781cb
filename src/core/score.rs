//! An exact game value and a move that achieves it: what alpha-beta and the games' own
//! endgame solvers answer ([`Score`]), and the value such a solver tests next when it
//! brackets a score by null-window searches ([`null_window_test`]).

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

/// The value a search that brackets an exact score in `[low, high]` by null-window searches
/// (is the score above `test`?) tests next: the middle of the range, or half the bound on
/// the middle's side where that lies further out (`low / 2` when the middle is at most 0,
/// `high / 2` when it is at least 0), as Pons' "Solving Connect 4" (part 8, null window)
/// splits it.
///
/// ```
/// use pnplay::core::score::null_window_test;
/// assert_eq!(null_window_test(-20, 20), -10);
/// assert_eq!(null_window_test(-64, 4), -32); // the middle is -30
/// assert_eq!(null_window_test(5, 9), 7);
/// ```
#[must_use]
pub fn null_window_test(low: i32, high: i32) -> i32 {
    let test = low + (high - low) / 2;
    if test <= 0 && low / 2 < test {
        low / 2
    } else if test >= 0 && high / 2 > test {
        high / 2
    } else {
        test
    }
}

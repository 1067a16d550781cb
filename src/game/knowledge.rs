//! What one game's expert knows, behind traits the searches use: move ordering and bounds
//! on exact values for the exact searches, and an [`Evaluator`] (a heuristic value of a
//! position) for the depth-limited players of [`crate::search::heuristic`].
//!
//! The searches ([`crate::search`]) are generic over [`crate::game::Game`] and import no
//! concrete game. Each game declares its knowledge beside its rules by implementing
//! [`Knowledge`] (in its own module); the default methods of [`MoveOrdering`] know nothing,
//! and [`NoOrdering`] searches moves in the game's own order with no bounds. Such knowledge
//! only ever changes how fast a search is, never its answer (the tests check that reversing
//! the order gives the same values, and the game orderings are checked against published
//! exact scores).
//!
//! ```
//! use pnplay::game::{Game, MoveList, tictactoe::TicTacToe};
//! use pnplay::game::knowledge::{MoveOrdering, NoOrdering};
//! let pos = TicTacToe::start(&());
//! let mut moves = MoveList::<TicTacToe>::default();
//! pos.legal_moves(&mut moves);
//! let mut scores = [0; 9];
//! NoOrdering.score_moves(&pos, &moves, &mut scores);
//! assert_eq!(scores, [0; 9]); // no opinion: the game's order is kept
//! ```

use super::{Game, MoveBuffer, MoveList, Outcome, Turn};
use crate::core::limits::Limits;
use crate::core::question::{Goal, Question};
use crate::core::score::Score;

/// Game knowledge that speeds up an exact search without changing its result.
pub trait MoveOrdering<G: Game> {
    /// Gives each of `moves` (the legal moves of `pos`, a player's turn, in the game's order)
    /// a score in `scores` (same length, all zero on entry): higher scores are searched
    /// first, equal scores in the game's order. The default leaves every score at zero.
    fn score_moves(&mut self, pos: &G, moves: &[G::Move], scores: &mut [i32]) {
        let _ = (pos, moves, scores);
    }

    /// Bounds `(low, high)` on the exact value ([`Game::terminal_value`] units) of `pos`, a
    /// player's turn, from the view of the player to move. They must hold; tighter bounds
    /// prune more. The default knows none.
    fn value_bounds(&self, pos: &G) -> Option<(i32, i32)> {
        let _ = pos;
        None
    }
}

/// No knowledge: the game's own move order and no bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoOrdering;

impl<G: Game> MoveOrdering<G> for NoOrdering {}

/// What a game knows beyond its rules, declared in the game's own module: for now the
/// best [`MoveOrdering`] of the game, chosen by its type.
///
/// ```
/// use pnplay::game::{Game, connect4::{Connect4, Dims}};
/// use pnplay::search::Limits;
/// use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
/// // The first player has three in the bottom row and wins with its 4th stone: 18.
/// let pos = Connect4::parse_position(&Dims::default(), "445566").unwrap();
/// let mut search = AlphaBeta::<Connect4, _>::with_knowledge(AlphaBetaConfig::default());
/// let score = search.score(&pos, &Limits::default()).unwrap();
/// assert_eq!(score.value, 18);
/// assert!(["3", "7"].contains(&pos.format_move(score.best_move.unwrap()).as_str()));
/// ```
pub trait Knowledge: Game {
    /// The move ordering (and bounds) the exact searches use.
    type Ordering: MoveOrdering<Self> + Default + Send;

    /// The game's evaluator with `weights`, for positions like `self` (same variant); `None`
    /// when the game (or this variant) has none, which the depth-limited searches refuse.
    fn evaluator(&self, weights: &EvalWeights) -> Option<Box<dyn Evaluator<Self>>> {
        let _ = weights;
        None
    }

    /// The evaluation of this position with `weights` taken apart for a panel and a board
    /// overlay (each heuristic's raw values, normalised value and weight, the weighted sum,
    /// the squares behind them), as JSON; `None` when the game has no evaluator.
    fn evaluation_breakdown(&self, weights: &EvalWeights) -> Option<serde_json::Value> {
        let _ = weights;
        None
    }

    /// Whether `mv` (legal here) is a *predetermined move*: one an expert plays without
    /// searching when it is available (the Othello heuristics paper, §4: take a corner).
    /// None by default.
    fn predetermined(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// At most how many more moves (passes not counted) the game can last, if the game
    /// knows (Othello: the empty squares); the depth-limited searches solve exactly from
    /// a given number on.
    fn moves_left(&self) -> Option<u32> {
        None
    }

    /// The range `(low, high)` every [`Game::terminal_value`] of this variant lies in (from
    /// either player's view), for searches over score targets (conspiracy-number search);
    /// `None` when the game does not say, and those searches then score a finished game
    /// by its outcome alone (win 1, draw 0, loss −1).
    fn score_range(&self) -> Option<(i32, i32)> {
        None
    }

    /// The value expectimax ([`crate::search::expectimax`]) gives a leaf or a finished game
    /// of a single-agent game with chance (2048: the dissertation's weighted sum of tiles,
    /// formula 5.1); `None` when the game has none, which expectimax refuses.
    fn expectimax_value(&self) -> Option<f64> {
        None
    }

    /// Bounds `(low, high)` on [`Knowledge::expectimax_value`] of every position reachable
    /// from this one (this one included) through at most `spawns` chance moves and any
    /// number of player moves: the value range Star1 pruning needs. They must hold; `None`
    /// when the game knows none (Star1 then prunes nothing).
    fn expectimax_bounds(&self, spawns: u32) -> Option<(f64, f64)> {
        let _ = spawns;
        None
    }

    /// The game's own exact solver, when it has one faster than generic alpha-beta
    /// (specialised code, for instance for the last empties of an Othello endgame); `None`
    /// by default, and [`crate::search::exact::solve_score`] then uses alpha-beta with
    /// [`Knowledge::Ordering`]. A solver must give alpha-beta's exact values (the agreement
    /// tests check it).
    fn exact_solver(&self) -> Option<Box<dyn ExactSolver<Self>>> {
        None
    }

    /// Whether [`Knowledge::exact_solver`] can search this position on several threads in
    /// this build ([`ExactSolver::set_threads`]): the page starts its helper threads only
    /// for such a solver. `false` by default.
    fn parallel_solver(&self) -> bool {
        false
    }

    /// Initial proof numbers of this position (a player's turn, not yet searched) for the
    /// proof-number searches that use knowledge (`dfpn-k`): `(for, against)`, how many
    /// leaves at least the estimate says must still be settled to show that the player to
    /// move reaches its goal (`for`) or fails to (`against`). At an OR node (the root player
    /// to move) they become pn and dn, at an AND node dn and pn. Both at least 1; the
    /// default 1/1 is Allis' uninformed leaf (Kishimoto et al. 2012, §5.1, on initialising
    /// leaves with domain knowledge). Only the order of the search changes, never its
    /// verdicts.
    fn initial_numbers(&self) -> (u32, u32) {
        (1, 1)
    }
}

/// Reorders `moves` (the legal moves of `pos`) by `ordering`: higher scores first, the
/// game's order on ties. Nothing changes where chance acts or fewer than two moves exist.
/// What the proof-number searches with knowledge (`dfpn-k`, `pns-dag`) do at each node.
///
/// ```
/// use pnplay::game::{Game, MoveList, tictactoe::TicTacToe};
/// use pnplay::game::knowledge::{NoOrdering, order_moves};
/// let pos = TicTacToe::start(&());
/// let mut moves = MoveList::<TicTacToe>::default();
/// pos.legal_moves(&mut moves);
/// let before = moves.clone();
/// order_moves(&mut NoOrdering, &pos, &mut moves);
/// assert_eq!(moves, before); // no opinion: the game's order is kept
/// ```
pub fn order_moves<G: Game>(
    ordering: &mut (impl MoveOrdering<G> + ?Sized),
    pos: &G,
    moves: &mut MoveList<G>,
) {
    if moves.len() < 2 || !matches!(pos.turn(), Turn::Player(_)) {
        return;
    }
    let mut scores = G::List::<i32>::default();
    for _ in moves.iter() {
        scores.push(0);
    }
    ordering.score_moves(pos, moves, &mut scores);
    let mut scored = G::List::<(i32, G::Move)>::default();
    for (&score, &mv) in scores.iter().zip(moves.iter()) {
        scored.push((score, mv));
    }
    scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    for (slot, &(_, mv)) in moves.iter_mut().zip(scored.iter()) {
        *slot = mv;
    }
}

/// The initial proof and disproof numbers `(pn, dn)` of a position not searched yet whose
/// player to move has the estimates `(for, against)` ([`Knowledge::initial_numbers`]): `for`
/// and `against` read as pn and dn where that player is the root player (an OR node), as dn
/// and pn otherwise; both at least 1.
///
/// ```
/// use pnplay::game::knowledge::proof_numbers;
/// assert_eq!(proof_numbers((1, 7), true), (1, 7));  // OR node: one move may prove it
/// assert_eq!(proof_numbers((1, 7), false), (7, 1)); // AND node: all 7 replies to refute
/// assert_eq!(proof_numbers((0, 0), true), (1, 1));
/// ```
#[must_use]
pub fn proof_numbers((mover_for, mover_against): (u32, u32), or_node: bool) -> (u32, u32) {
    let (mover_for, mover_against) = (mover_for.max(1), mover_against.max(1));
    if or_node {
        (mover_for, mover_against)
    } else {
        (mover_against, mover_for)
    }
}

/// The game's own exact solver for `pos` ([`Knowledge::exact_solver`]) set to search on
/// `threads` threads ([`ExactSolver::set_threads`]), if the game has one and `pos` is a
/// player's turn (the solvers answer for the player to move); `None` otherwise, where
/// alpha-beta answers.
///
/// ```
/// use pnplay::game::{Game, othello::{Othello, Size}, tictactoe::TicTacToe};
/// use pnplay::game::knowledge::turn_solver;
/// assert!(turn_solver(&Othello::start(&Size::Eight.into()), 2).is_some());
/// assert!(turn_solver(&TicTacToe::start(&()), 1).is_none());
/// ```
pub fn turn_solver<G: Knowledge>(pos: &G, threads: usize) -> Option<Box<dyn ExactSolver<G>>> {
    if !matches!(pos.turn(), Turn::Player(_)) {
        return None;
    }
    let mut solver = pos.exact_solver()?;
    solver.set_threads(threads);
    Some(solver)
}

/// A game's own exact solver ([`Knowledge::exact_solver`]), reused from one position to the
/// next (its tables kept unless [`ExactSolver::clear`] is called).
pub trait ExactSolver<G: Game>: Send {
    /// The exact value of `pos` (a player's turn) from the view of the player to move, in
    /// [`Game::terminal_value`] units, and a move that achieves it; `None` if `limits`
    /// stop it first.
    fn score(&mut self, pos: &G, limits: &Limits) -> Option<Score<G::Move>>;

    /// Only the outcome of `pos` (a player's turn) for the player to move: the sign of
    /// [`ExactSolver::score`], which a solver can find with a null window around zero, far
    /// faster than the exact value; `None` if `limits` stop it first. The default asks for
    /// the whole score.
    fn outcome(&mut self, pos: &G, limits: &Limits) -> Option<Outcome> {
        self.score(pos, limits)
            .map(|score| Outcome::from_sign(score.value))
    }

    /// Whether the exact value of `pos` (a player's turn) for the player to move is above
    /// `bound` (in [`Game::terminal_value`] units): one search with the null window
    /// (`bound`, `bound` + 1), which a draw settles on one side of zero where
    /// [`ExactSolver::outcome`] must show both; `None` if `limits` stop it first. The
    /// default asks for the whole score.
    fn exceeds(&mut self, pos: &G, bound: i32, limits: &Limits) -> Option<bool> {
        self.score(pos, limits).map(|score| score.value > bound)
    }

    /// Whether `question`'s goal holds at `pos` (a player's turn) for its root player: one
    /// [`ExactSolver::exceeds`] (goal `win`: above 0 for the root player, below 0 for its
    /// opponent; `not-lose`: above −1, below 1), all a proof or a disproof needs.
    ///
    /// ```
    /// use pnplay::game::{Game, Player, othello::{Othello, Size}};
    /// use pnplay::game::knowledge::Knowledge;
    /// use pnplay::search::{Goal, Limits, Question};
    /// // FFO #1 (14 empties): black (to move) wins by 18.
    /// let text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    /// let pos = Othello::parse_position(&Size::Eight.into(), text).unwrap();
    /// let mut solver = pos.exact_solver().unwrap();
    /// let ask = |root_player, goal| Question { root_player, goal };
    /// let limits = Limits::default();
    /// assert_eq!(solver.holds(&pos, ask(Player::First, Goal::Win), &limits), Some(true));
    /// assert_eq!(solver.holds(&pos, ask(Player::Second, Goal::NotLose), &limits), Some(false));
    /// ```
    fn holds(&mut self, pos: &G, question: Question, limits: &Limits) -> Option<bool> {
        let mover_is_root = pos.turn() == Turn::Player(question.root_player);
        let root_bound = match question.goal {
            Goal::Win => 0,
            Goal::NotLose => -1,
        };
        if mover_is_root {
            self.exceeds(pos, root_bound, limits)
        } else {
            // The root player's value is above b exactly when the mover's is below −b.
            self.exceeds(pos, -root_bound - 1, limits)
                .map(|above| !above)
        }
    }

    /// Positions searched by the last [`ExactSolver::score`], [`ExactSolver::outcome`] or
    /// [`ExactSolver::exceeds`].
    fn nodes(&self) -> u64;

    /// After an [`ExactSolver::exceeds`] that answered `Some(true)`, a move of the position
    /// whose value is above the bound (the first move of the proof), where the solver
    /// records it; `None` otherwise (the default).
    fn move_above(&self) -> Option<G::Move> {
        None
    }

    /// Searches on `threads` threads from now on, where the solver can (the Othello endgame
    /// solver, in native builds and the page's threaded wasm; 1: one thread, the default). The answers stay exact; with
    /// more than one thread the positions counted, and a best move among equal ones, vary
    /// from run to run. A solver without a parallel search ignores it.
    fn set_threads(&mut self, threads: usize) {
        let _ = threads;
    }

    /// Forgets every position the solver's tables hold.
    fn clear(&mut self);
}

/// A heuristic value of a position for depth-limited searches.
pub trait Evaluator<G>: Send {
    /// The value of `pos` (a player's turn or a finished game) from the view of the player
    /// to move, in hundredths of the weighted sum of the game's heuristics: it must negate
    /// when only the side to move changes, so negamax over it is minimax over the root
    /// player's value, and stay within ±[`EVAL_BOUND`].
    fn evaluate(&mut self, pos: &G) -> i64;
}

/// No evaluation is larger in size than this (the searches scale a finished game's value
/// above it).
pub const EVAL_BOUND: i64 = 100_000_000;

/// The weights of the evaluation features, named after the Othello heuristics paper's
/// heuristics (Sannidhanam and Annamalai, §5): coin parity, mobility, corners, stability
/// (§5.1) and the static square weights (§5.2). Each feature a game's evaluator knows is
/// scaled to −100..100 and multiplied by its weight; features it does not know are ignored.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EvalWeights {
    /// Coin (disc) parity.
    pub coins: f64,
    /// Mobility (actual and potential).
    pub mobility: f64,
    /// Corners captured, potential and unlikely.
    pub corners: f64,
    /// Stability (stable, semi-stable, unstable discs).
    pub stability: f64,
    /// Static square weights.
    pub squares: f64,
}

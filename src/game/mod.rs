//! Game rules behind one interface.
//!
//! Every search in [`crate::search`] is written once against the [`Game`] trait, so no search
//! needs game-specific code. The trait covers both kinds of game in SPEC.md §2:
//!
//! * two-player games with alternating turns, where a forced pass is an ordinary move
//!   (Othello, Connect Four, tic-tac-toe), and
//! * single-agent games with chance (2048), where the player acts and then *chance* acts:
//!   its moves are the possible spawns, each with a probability.
//!
//! A position is a small `Clone` value; moves are played copy-make style
//! ([`Game::play`] mutates a copy the caller owns). Each game parses and formats its own
//! notations and reports mistakes as a [`ParseError`], never a panic.
//!
//! ```
//! use pnplay::game::{Game, Turn, Player, tictactoe::TicTacToe};
//!
//! let mut pos = TicTacToe::parse_position(&(), "15").unwrap();
//! assert_eq!(pos.turn(), Turn::Player(Player::First));
//! let mv = pos.parse_move("9").unwrap();
//! pos.play(mv);
//! assert_eq!(pos.format_position(), "159");
//! ```

pub mod any;
pub mod board;
pub mod catalogue;
pub mod certificate;
pub mod family;
pub mod fromto;
pub mod knowledge;
pub mod move_text;
pub mod perft;
pub mod question;
pub mod rows;
pub mod view;

// The games' modules, declared from the catalogue's list (one line per game there).
crate::__games!(modules);

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

pub use crate::core::parse_error::{self as error, ParseError};
pub use crate::core::player::{Outcome, Player, Turn};
pub use crate::core::rng::{self, Rng};

/// What a [`Game::List`] holds: a move, or what a search keeps per move (a score, an order,
/// a child's number). Every small `Copy` value that can cross threads is one.
pub trait ListItem: Copy + Debug + Send + Sync + 'static {}

impl<T: Copy + Debug + Send + Sync + 'static> ListItem for T {}

/// A fixed-capacity list that lives on the stack, as long as the most moves one position of a
/// game has: the game's move list ([`MoveList`]) and the per-move side lists searches keep
/// (scores, orders, children's numbers) are all [`Game::List`]s of that game.
pub trait MoveBuffer<T>:
    Default + Clone + Debug + Deref<Target = [T]> + DerefMut + Send + Sync + 'static
{
    /// Appends `item`; panics if the list is full (a game whose [`Game::List`] is too short
    /// for one of its positions breaks its contract, which the conformance tests check).
    fn push(&mut self, item: T);

    /// Empties the list.
    fn clear(&mut self);

    /// How many items the list can hold.
    fn capacity(&self) -> usize;
}

impl<T: ListItem, const N: usize> MoveBuffer<T> for arrayvec::ArrayVec<T, N> {
    fn push(&mut self, item: T) {
        arrayvec::ArrayVec::push(self, item);
    }

    fn clear(&mut self) {
        arrayvec::ArrayVec::clear(self);
    }

    fn capacity(&self) -> usize {
        N
    }
}

/// A game's move list: [`Game::List`] of its moves.
///
/// ```
/// use pnplay::game::{Game, MoveBuffer, MoveList, othello::Othello};
/// let mut moves = MoveList::<Othello>::default();
/// Othello::start(&Default::default()).legal_moves(&mut moves);
/// assert_eq!(moves.len(), 4);
/// assert!(moves.capacity() >= 60); // a position set up by hand can have a move on every empty square
/// ```
pub type MoveList<G> = <G as Game>::List<<G as Game>::Move>;

/// The rules of one game, implemented by its position type.
///
/// Implementations must be deterministic: the same position always yields the same moves in
/// the same order, which is what makes searches reproducible and tie-breaking well defined.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// A move (or a chance outcome). Small and `Copy`, so trees can store it in every node.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The exact identity of a position, for transposition tables: equal keys mean equal
    /// positions (no hash collisions).
    type Key: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// A fixed-capacity list as long as the most moves (or chance outcomes) one position of
    /// this game has, e.g. `ArrayVec<T, 64>`: the game's move list and the per-move lists
    /// searches keep.
    type List<T: ListItem>: MoveBuffer<T>;
    /// What selects one game of a family: a board size, an objective tile.
    type Variant: Copy + Debug + PartialEq + Send + Sync + 'static;

    /// The start position of a variant. For 2048 this is the empty board with chance to
    /// act (the two opening spawns).
    fn start(variant: &Self::Variant) -> Self;

    /// The variant this position belongs to.
    fn variant(&self) -> Self::Variant;

    /// Who acts now.
    fn turn(&self) -> Turn;

    /// Appends every legal move in a fixed order to `out` (cleared first). A player who
    /// cannot move but whose game goes on gets exactly one pass move. At a chance node the
    /// moves are the chance outcomes. Over: no moves.
    fn legal_moves(&self, out: &mut MoveList<Self>);

    /// The probability of a chance outcome, or 1.0 at a player's turn. Games without chance
    /// keep this default, 1.0 always.
    fn chance_probability(&self, _mv: Self::Move) -> f64 {
        1.0
    }

    /// Plays a move that [`Game::legal_moves`] returned. Playing any other move leaves the
    /// position in an unspecified (but memory-safe) state; use [`Game::try_play`] for
    /// moves that come from users.
    fn play(&mut self, mv: Self::Move);

    /// The result from `player`'s point of view if the game is over, else `None`.
    fn outcome(&self, player: Player) -> Option<Outcome>;

    /// The exact game value of a finished game from `player`'s point of view, in the unit
    /// SPEC.md §2 gives for the game (Othello: disc difference with empties to the winner;
    /// Connect Four: the common solver's score; tic-tac-toe: +1/0/−1; 2048: 1 if the
    /// objective is reached, else 0). `None` if the game is not over. Games valued +1 for a
    /// win, 0 for a draw and −1 for a loss (the values of
    /// [`Facts::two_player`](family::Facts::two_player)) keep this default, the outcome's sign.
    fn terminal_value(&self, player: Player) -> Option<i32> {
        self.outcome(player).map(Outcome::sign)
    }

    /// The exact identity of the position.
    fn key(&self) -> Self::Key;

    /// The key of the position as a board alone, without the part of the history that
    /// [`Game::key`] may hold because a rule reads it (a repetition rule reads the positions
    /// already on the line played). Equal to `key` in every game whose future does not depend
    /// on its history. A transposition table keyed by it is the *naive* table of the
    /// graph-history interaction (Hsu's TCG slides, "GHI problem"): it stores one value per
    /// position, although the value depends on the path; df-pn's `ghi=naive` uses it to show
    /// the wrong answer ([`tree`] graphs with repetitions).
    fn position_key(&self) -> Self::Key {
        self.key()
    }

    /// Parses position text in the game's notation (SPEC.md §2).
    fn parse_position(variant: &Self::Variant, text: &str) -> Result<Self, ParseError>;

    /// Formats the position in the game's canonical notation; parsing the result gives back
    /// an equal position.
    fn format_position(&self) -> String;

    /// Parses one move's text and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// Formats one move in the game's notation.
    fn format_move(&self, mv: Self::Move) -> String;

    /// `mv` if it is legal here, else [`ParseError::IllegalMove`] naming `text` (how the
    /// user wrote it). For [`Game::parse_move`] implementations.
    fn check_legal(&self, mv: Self::Move, text: &str) -> Result<Self::Move, ParseError> {
        let mut moves = MoveList::<Self>::default();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            Ok(mv)
        } else {
            Err(ParseError::IllegalMove {
                index: 0,
                text: text.to_string(),
            })
        }
    }

    /// Plays `mv` if it is legal here, else returns an error and leaves the position as it was.
    fn try_play(&mut self, mv: Self::Move) -> Result<(), ParseError> {
        let mv = self.check_legal(mv, &self.format_move(mv))?;
        self.play(mv);
        Ok(())
    }

    /// Each legal move (or chance outcome) with the position after it, in move order (none
    /// when the game is over).
    fn children(&self) -> Vec<(Self::Move, Self)> {
        let mut moves = MoveList::<Self>::default();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.play(mv);
                (mv, child)
            })
            .collect()
    }

    /// Plays uniformly random player moves (and chance outcomes by their probabilities)
    /// until the game ends, and returns the final position. Games override this with a
    /// faster version where it matters; any override must consume the generator exactly as
    /// this one does, so a seed gives the same playouts everywhere.
    fn random_playout(&self, rng: &mut Rng) -> Self {
        self.random_playout_within(rng, u32::MAX)
    }

    /// [`Game::random_playout`] cut off after `limit` moves (player and chance moves alike):
    /// the position reached, finished or not. Ludii's UCT cuts its playouts at 200 moves and
    /// scores an unfinished one as a draw (RULES.md), which MCTS's `playout` parameter
    /// follows. A playout that ends within the limit ends where `random_playout` does, with
    /// the generator in the same state.
    fn random_playout_within(&self, rng: &mut Rng, limit: u32) -> Self {
        let mut pos = self.clone();
        let mut moves = MoveList::<Self>::default();
        for _ in 0..limit {
            match pos.turn() {
                Turn::Over => return pos,
                Turn::Player(_) => {
                    pos.legal_moves(&mut moves);
                    let mv = moves[rng.below(moves.len() as u32) as usize];
                    pos.play(mv);
                }
                Turn::Chance => {
                    pos.legal_moves(&mut moves);
                    let mv = pick_by_probability(&pos, &moves, rng);
                    pos.play(mv);
                }
            }
        }
        pos
    }
}

/// Empties `out` and, unless `pos` is over ([`Turn::Over`]), has `moves` fill it: the
/// [`Game::legal_moves`] of a game whose move generator does not know when the game ends.
pub fn moves_unless_over<G: Game>(
    pos: &G,
    out: &mut MoveList<G>,
    moves: impl FnOnce(&mut MoveList<G>),
) {
    out.clear();
    if pos.turn() != Turn::Over {
        moves(out);
    }
}

/// Picks one chance outcome from `moves` according to the probabilities of `pos`, drawing
/// one uniform number from `rng`.
pub fn pick_by_probability<G: Game>(pos: &G, moves: &[G::Move], rng: &mut Rng) -> G::Move {
    let mut target = rng.unit();
    for &mv in moves {
        target -= pos.chance_probability(mv);
        if target < 0.0 {
            return mv;
        }
    }
    // Rounding can leave a sliver above the last cumulative sum: it belongs to the last move.
    moves[moves.len() - 1]
}

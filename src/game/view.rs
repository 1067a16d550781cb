//! A position as views see it: the board's cells, who acts, the legal moves with the cells
//! they are drawn on, and the result of a finished game. Built from the rules alone
//! ([`Board`](super::board::Board) and [`Game`](super::Game)), so the page draws any game of the catalogue without knowing
//! its rules.

use serde::Serialize;

use super::board::{Cell, TreeView};
use super::catalogue::Catalogued;
use super::{MoveList, Outcome, Player, Turn};

/// Who acts in a position, as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnView {
    /// The first player (Othello black `X`, Connect Four and tic-tac-toe's first, 2048's player).
    First,
    /// The second player.
    Second,
    /// Chance (a 2048 spawn).
    Chance,
    /// Nobody: the game is over.
    Over,
}

/// A legal move as the page offers it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveView {
    /// The move in the game's notation.
    pub text: String,
    /// The cell it lands on (see [`Board::move_cells`](super::board::Board::move_cells)).
    pub cell: Option<usize>,
    /// The cell its piece comes from, for moves along the board.
    pub from: Option<usize>,
    /// The kind of piece dropped from a hand, for drops.
    pub drop: Option<u8>,
    /// Its probability at a chance node.
    pub probability: Option<f64>,
}

/// Everything the page needs to draw a position and offer its moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionView {
    /// The game name.
    pub game: String,
    /// The game's family id in the catalogue (whose presentation draws it).
    pub family: &'static str,
    /// The position in canonical notation.
    pub text: String,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Cell contents row-major (see [`Board::cell`](super::board::Board::cell)).
    pub cells: Vec<Cell>,
    /// The pieces in hand ([`Board::hands`](super::board::Board::hands)); empty in games
    /// without hands.
    pub hands: Vec<Cell>,
    /// Who acts.
    pub turn: TurnView,
    /// The legal moves in the engine's order.
    pub moves: Vec<MoveView>,
    /// When the game is over: the result for the first player.
    pub outcome: Option<Outcome>,
    /// When the game is over: the exact value for the first player (SPEC.md §2 units).
    pub value: Option<i32>,
    /// For boards drawn as a tree: the nodes and where the position is
    /// ([`Board::tree`](super::board::Board::tree)); `null` for grids.
    pub tree: Option<TreeView>,
}

impl PositionView {
    /// The view of `pos`.
    ///
    /// ```
    /// use pnplay::game::{Game, tictactoe::TicTacToe, view::{PositionView, TurnView}};
    /// let view = PositionView::of(&TicTacToe::parse_position(&(), "5").unwrap());
    /// assert_eq!((view.game.as_str(), view.turn, view.moves.len()), ("tictactoe", TurnView::Second, 8));
    /// ```
    #[must_use]
    pub fn of<G: Catalogued>(pos: &G) -> PositionView {
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let turn = pos.turn();
        PositionView {
            game: G::name(&pos.variant()),
            family: G::FAMILY.id,
            text: pos.format_position(),
            rows: pos.rows(),
            cols: pos.cols(),
            cells: (0..pos.rows() * pos.cols()).map(|i| pos.cell(i)).collect(),
            hands: pos.hands(),
            turn: match turn {
                Turn::Player(Player::First) => TurnView::First,
                Turn::Player(Player::Second) => TurnView::Second,
                Turn::Chance => TurnView::Chance,
                Turn::Over => TurnView::Over,
            },
            moves: moves
                .iter()
                .map(|&mv| {
                    let cells = pos.move_cells(mv);
                    MoveView {
                        text: pos.format_move(mv),
                        cell: cells.to,
                        from: cells.from,
                        drop: cells.drop,
                        probability: (turn == Turn::Chance).then(|| pos.chance_probability(mv)),
                    }
                })
                .collect(),
            outcome: pos.outcome(Player::First),
            value: pos.terminal_value(Player::First),
            tree: pos.tree(),
        }
    }
}

//! What a position looks like as a grid, for views: what is on each cell (a [`Cell`]: whose,
//! which kind of piece, how many) and which cells a move is drawn with (a [`MoveCells`]: from,
//! to, or a drop from a hand). Rules stay in the game modules; this only reads them, so the
//! page can draw any game without knowing its rules. The meaning of piece kinds is each
//! family's legend ([`super::catalogue::Presentation::legend`]).

use serde::{Serialize, Serializer};

use super::{Game, Outcome, Player};

/// What is on one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Cell {
    /// Whose piece it is, if anyone's (serialised as 0 for the first player, 1 for the
    /// second, `null` for nobody's).
    #[serde(serialize_with = "owner")]
    pub owner: Option<Player>,
    /// The kind of piece, as the family's legend names it; 0 for an empty cell.
    pub piece: u8,
    /// How many: 1 for an ordinary piece, the value of a 2048 tile, the seeds of a pit.
    pub count: u32,
}

pub(crate) fn owner<S: Serializer>(
    owner: &Option<Player>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match owner {
        Some(player) => serializer.serialize_u8(player.index() as u8),
        None => serializer.serialize_none(),
    }
}

impl Cell {
    /// An empty cell.
    pub const EMPTY: Cell = Cell {
        owner: None,
        piece: 0,
        count: 0,
    };

    /// One piece of kind 1 (the only kind of a game with one kind) of `owner`.
    #[must_use]
    pub const fn piece_of(owner: Player) -> Cell {
        Cell {
            owner: Some(owner),
            piece: 1,
            count: 1,
        }
    }

    /// A cell of a game with one kind of piece: the first player's piece if `holds` it, else
    /// the second player's if `holds` it, else empty.
    #[must_use]
    pub fn owned_where(holds: impl Fn(Player) -> bool) -> Cell {
        [Player::First, Player::Second]
            .into_iter()
            .find(|&player| holds(player))
            .map_or(Cell::EMPTY, Cell::piece_of)
    }

    /// Nobody's counted piece (a 2048 tile of value `count`); empty for 0.
    #[must_use]
    pub const fn counted(count: u32) -> Cell {
        Cell {
            owner: None,
            piece: if count == 0 { 0 } else { 1 },
            count,
        }
    }

    /// Whether nothing is on the cell.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.piece == 0
    }
}

/// The cells a move is drawn with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct MoveCells {
    /// Where the moving piece comes from (a move along the board), if anywhere.
    pub from: Option<usize>,
    /// Where a piece lands (a disc placed, a tile spawned, a piece moved or dropped).
    pub to: Option<usize>,
    /// The kind of piece dropped from a hand, for drops.
    pub drop: Option<u8>,
}

impl MoveCells {
    /// A move drawn on one cell (a placement): only `to`.
    #[must_use]
    pub const fn at(cell: usize) -> MoveCells {
        MoveCells {
            from: None,
            to: Some(cell),
            drop: None,
        }
    }
}

/// A game whose positions can be drawn as a grid of `rows × cols` cells, numbered row-major
/// from the top left.
///
/// ```
/// use pnplay::game::{Game, board::Board, tictactoe::TicTacToe};
/// let pos = TicTacToe::parse_position(&(), "59").unwrap();
/// use pnplay::game::{Player, board::Cell};
/// assert_eq!((pos.rows(), pos.cols()), (3, 3));
/// assert_eq!(pos.cell(4), Cell::piece_of(Player::First)); // X in the centre
/// assert_eq!(pos.cell(8).owner, Some(Player::Second));
/// assert!(pos.cell(0).is_empty());
/// assert_eq!(pos.move_cells(pos.parse_move("1").unwrap()).to, Some(0));
/// ```
pub trait Board: Game {
    /// Number of rows.
    fn rows(&self) -> usize;
    /// Number of columns.
    fn cols(&self) -> usize;
    /// What is on cell `index` (`index` < rows × cols).
    fn cell(&self, index: usize) -> Cell;
    /// The cells a move is drawn with: where a disc lands or a tile spawns (`to`), where a
    /// moving piece starts (`from`), the kind dropped from a hand; all `None` for moves that
    /// have no cell (a pass, a 2048 slide).
    fn move_cells(&self, mv: Self::Move) -> MoveCells;

    /// The pieces held in hand beside the board (MiniShogi's captures, which can be
    /// dropped): one [`Cell`] per owner and kind held, `count` how many. Empty by default.
    fn hands(&self) -> Vec<Cell> {
        Vec::new()
    }

    /// Edit mode: this position with cell `index` set to the next content in the game's
    /// cycle (Othello: empty → black → white → empty; 2048: empty → 2 → 4 → … → empty).
    /// `None` where positions are move lists (tic-tac-toe, Connect Four) and cannot be
    /// edited cell by cell, or where the result would break the rules.
    fn cycle_cell(&self, index: usize) -> Option<Self> {
        let _ = index;
        None
    }

    /// Edit mode: this position with the other side (or, in 2048, the other of player and
    /// chance) to act; `None` where that is not possible.
    fn toggle_turn(&self) -> Option<Self> {
        None
    }

    /// Edit mode with a tool: [`EditTool::Cycle`] is [`Board::cycle_cell`]; the other tools
    /// change the board's shape (a tree's nodes) and are offered only by families that list
    /// them in [`Presentation::edit_tools`](super::catalogue::Presentation::edit_tools).
    /// `None` where the tool does not apply to that cell.
    fn edit_cell(&self, index: usize, tool: EditTool) -> Option<Self> {
        match tool {
            EditTool::Cycle => self.cycle_cell(index),
            EditTool::Add | EditTool::Remove => None,
        }
    }

    /// For boards drawn as a tree rather than a grid (the `tree` board style): each cell is a
    /// node, and this says how they hang together. `None` for grids.
    fn tree(&self) -> Option<TreeView> {
        None
    }
}

/// What an edit-mode click does to a cell ([`Board::edit_cell`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EditTool {
    /// The cell's next content ([`Board::cycle_cell`]).
    Cycle,
    /// Adds a cell next to it (a tree: a new child of the node).
    Add,
    /// Removes the cell (a tree: the node and everything below it).
    Remove,
}

/// One node of a board drawn as a tree ([`Board::tree`]); cell `i` is node `i`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeNode {
    /// The node's parent (`None` for the root).
    pub parent: Option<usize>,
    /// The move from the parent to this node (empty for the root).
    pub label: String,
    /// Who moves at this node (0 first, 1 second), `null` at a leaf.
    #[serde(serialize_with = "owner")]
    pub mover: Option<Player>,
    /// At a leaf: the result for the first player.
    pub outcome: Option<Outcome>,
    /// An unexpanded leaf of a figure (`?W`): drawn `?`, its one child the leaf it hides.
    pub unknown: bool,
}

/// A board drawn as a tree: its nodes (cells, in order) and the node the position is at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeView {
    /// Every node, the root first.
    pub nodes: Vec<TreeNode>,
    /// The node the position is at.
    pub current: usize,
}

/// Replaces character `index` of `text` by the one after it in `cycle` (wrapping around);
/// `None` if `index` is out of range or holds a character not in `cycle`. For games whose
/// position text spells out the cells one character each.
pub(crate) fn cycle_char(text: &str, index: usize, cycle: &[char]) -> Option<String> {
    let mut chars: Vec<char> = text.chars().collect();
    let current = *chars.get(index)?;
    let at = cycle.iter().position(|&c| c == current)?;
    chars[index] = cycle[(at + 1) % cycle.len()];
    Some(chars.into_iter().collect())
}

//! What a game family declares about itself: its [`Facts`], its [`Presentation`], its
//! names and examples ([`Family`]), the data files its knowledge reads ([`Asset`]), and the
//! [`Catalogued`] trait each game implements in its own module. The list of families is [`super::catalogue`]; this module knows none of them.

use serde::Serialize;

use super::ParseError;
use super::board::{Board, EditTool};
use super::knowledge::Knowledge;
use crate::core::player::Player;

/// What a family's rules are like: what searches check before they start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Facts {
    /// 2 for two-player games, 1 for single-agent ones.
    pub players: u8,
    /// Whether chance acts (2048's spawns).
    pub chance: bool,
    /// Whether a position can repeat in one game (then searches that assume an acyclic
    /// game refuse it up front).
    pub repeats: bool,
    /// The unit and range of [`Game::terminal_value`](super::Game::terminal_value), in words.
    pub values: &'static str,
    /// The most moves (or chance outcomes) any position of any variant has.
    pub max_moves: usize,
}

impl Facts {
    /// A two-player game without chance in which no position repeats, valued `+1 win, 0 draw,
    /// -1 loss`, with at most `max_moves` moves a position: what most families are. A family
    /// that differs writes its own fields over it (`Facts { repeats: true, ..Facts::two_player(n) }`).
    #[must_use]
    pub const fn two_player(max_moves: usize) -> Facts {
        Facts {
            players: 2,
            chance: false,
            repeats: false,
            values: "+1 win, 0 draw, -1 loss",
            max_moves,
        }
    }
}

/// How moves are entered on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveStyle {
    /// Click the cell a move is drawn on.
    Cell,
    /// Click anywhere in a column (Connect Four).
    Column,
    /// Click a piece, then its destination.
    FromTo,
    /// Choose a piece in hand, then the cell to drop it on.
    Drop,
    /// Moves without a cell are buttons (2048's slides).
    Button,
}

/// How cells are named to people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellNames {
    /// Column letter and row number from the top: a1 … h8.
    Algebraic,
    /// Column and row counted from the bottom left.
    Columns,
    /// Cells numbered from 1, row by row.
    Numbered,
    /// As in chess: file letter and rank number from the bottom, a1 at the bottom left.
    Chess,
    /// Mancala pits: the bottom row's pits `A`–`F` left to right, the top row's `a`–`f`
    /// right to left (sowing order), and the two players' captures at the row ends.
    Pits,
    /// As in shogi: files `5`…`1` from the left (the first player's view), ranks `a`…`e`
    /// from the top.
    Shogi,
}

/// What one kind of piece of one owner is called ([`Board::cell`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LegendEntry {
    /// The owner (0 first, 1 second, `null` nobody's), as in [`super::board::Cell`].
    #[serde(serialize_with = "super::board::owner")]
    pub owner: Option<Player>,
    /// The kind of piece (0: an empty cell).
    pub piece: u8,
    /// Its name (`black`, `red (first)`, `X`, `tile`).
    pub name: &'static str,
}

impl LegendEntry {
    /// The empty cell's entry.
    pub const EMPTY: LegendEntry = LegendEntry {
        owner: None,
        piece: 0,
        name: "empty",
    };

    /// The entry of the kind `piece` of `owner`'s pieces.
    #[must_use]
    pub const fn of(owner: Player, piece: u8, name: &'static str) -> LegendEntry {
        LegendEntry {
            owner: Some(owner),
            piece,
            name,
        }
    }

    /// The legend of a game with one kind of piece: the empty cell, the first player's piece
    /// and the second player's.
    #[must_use]
    pub const fn sides(first: &'static str, second: &'static str) -> [LegendEntry; 3] {
        [
            LegendEntry::EMPTY,
            LegendEntry::of(Player::First, 1, first),
            LegendEntry::of(Player::Second, 1, second),
        ]
    }
}

/// How the page draws a family and names its players and cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Presentation {
    /// The players' names, first player first (one name for a single-agent game).
    pub players: &'static [&'static str],
    /// The name of each kind of piece of each owner; a cell's `count` above 1 is shown as a
    /// number (2048's tiles, seeds).
    pub legend: &'static [LegendEntry],
    /// The board's look, a style the page knows by name: `discs` (green board, black and
    /// white discs), `slots` (a frame of holes that discs drop into), `marks` (× and ○),
    /// `tiles` (numbered tiles).
    pub board: &'static str,
    /// How moves are entered.
    pub moves: MoveStyle,
    /// How cells are named.
    pub cell_names: CellNames,
    /// Whether edit mode can change a cell and who acts ([`Board::cycle_cell`]).
    pub editable: bool,
    /// The edit tools the page offers beside plain cycling ([`Board::edit_cell`]), each with
    /// what it does in this game's words; empty where a click only cycles a cell.
    pub edit_tools: &'static [ToolEntry],
    /// One line on the position notation, for the page's text field.
    pub notation: &'static str,
    /// What to do at a chance node, if the game has them.
    pub chance_help: Option<&'static str>,
}

impl Presentation {
    /// What most families share, to write the rest over (`..Presentation::BOARD`): a move is a
    /// click on a cell, cells are numbered, edit mode does not change cells, no edit tools, no
    /// chance. The players, legend, board style and notation are every family's own and left
    /// empty here.
    pub const BOARD: Presentation = Presentation {
        players: &[],
        legend: &[],
        board: "",
        moves: MoveStyle::Cell,
        cell_names: CellNames::Numbered,
        editable: false,
        edit_tools: &[],
        notation: "",
        chance_help: None,
    };

    /// A board of black and white stones or discs (Othello's, Gomoku's), over
    /// [`Presentation::BOARD`]: Black (X) moves first and White (O) second, one kind of piece a
    /// side, cells named algebraically, and edit mode sets a position up cell by cell. The
    /// board style and notation are left to the family.
    pub const BLACK_AND_WHITE: Presentation = Presentation {
        players: &["Black (X)", "White (O)"],
        legend: &LegendEntry::sides("black", "white"),
        cell_names: CellNames::Algebraic,
        editable: true,
        ..Presentation::BOARD
    };

    /// A chessboard whose pieces move from square to square (Knightthrough's, Lines of
    /// Action's), over [`Presentation::BOARD`]: a move is a piece, then its destination,
    /// squares are named as in chess, and edit mode sets a position up cell by cell. The
    /// players, legend, board style and notation are left to the family.
    pub const CHESSBOARD: Presentation = Presentation {
        moves: MoveStyle::FromTo,
        cell_names: CellNames::Chess,
        editable: true,
        ..Presentation::BOARD
    };
}

/// An edit tool a family offers and what it does there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ToolEntry {
    /// The tool.
    pub tool: EditTool,
    /// What a click with it does (`cycle a leaf W → L → D`).
    pub name: &'static str,
}

/// A position worth loading: a figure of a paper, a published test position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Example {
    /// Its name on the page.
    pub name: &'static str,
    /// The game name it is a position of (one of the family's names).
    pub game: &'static str,
    /// The position text.
    pub text: &'static str,
    /// Where it comes from, and what was inferred where the source is incomplete.
    pub source: &'static str,
}

/// A name the page's game select offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The game name.
    pub name: &'static str,
    /// Its title.
    pub title: &'static str,
    /// The stages experiment's stages for this game unless told otherwise (`pnplay experiment
    /// stages`, the page's Stages view): numbers of random moves from the start, chosen so the
    /// default searches go from out of reach to solved within the page's budget where the game
    /// allows it (the PPNS paper's Tables 2 and 3 for 8×8 Othello; measured for the others,
    /// docs/src/experiments.md), every one short enough for a random game to last.
    pub stages: &'static [u32],
}

impl Listed {
    /// The name `name` titled `title`, whose stages experiment has `stages` by default.
    #[must_use]
    pub const fn new(name: &'static str, title: &'static str, stages: &'static [u32]) -> Listed {
        Listed {
            name,
            title,
            stages,
        }
    }
}

/// Everything a game family declares about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Family {
    /// The family's id (also the start of each of its names).
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Its names, as a grammar for help texts: `connect4 | connect4:WxH`.
    pub grammar: &'static str,
    /// The names the page offers.
    pub listed: &'static [Listed],
    /// Its rules' facts.
    pub facts: Facts,
    /// How it is drawn.
    pub presentation: Presentation,
    /// Example positions (the page's Example select); empty for a family without.
    pub examples: &'static [Example],
}

/// A data file a game's knowledge reads (the Othello solver's pattern weights) that the wasm
/// module does not carry: the page fetches it from `www/data/NAME.gz` and installs it
/// before the first request about a game that needs it (`src/wasm/assets.rs`), so a visitor
/// who never opens that game never downloads it. Native builds carry it and have it
/// installed from the start.
#[derive(Clone, Copy, Debug)]
pub struct Asset {
    /// The file's name (under `www/data/`, gzipped there).
    pub name: &'static str,
    /// Whether it is installed.
    pub installed: fn() -> bool,
    /// Installs it from the file's bytes; what is wrong with them otherwise.
    pub install: fn(&[u8]) -> Result<(), String>,
}

/// A game of the catalogue: rules, board view, knowledge, and its declaration.
///
/// A family of one game, named by the family's id (its variant the default one), keeps the
/// defaults of [`Catalogued::parse_name`] and [`Catalogued::name`]; a family with variants
/// writes its own names.
pub trait Catalogued: Board + Knowledge<Variant: Default> {
    /// The family's declaration.
    const FAMILY: Family;

    /// The variant `name` selects; `None` if the name is not of this family. The default:
    /// the family's id alone, selecting the default variant.
    fn parse_name(name: &str) -> Option<Result<Self::Variant, ParseError>> {
        (name == Self::FAMILY.id).then(|| Ok(Self::Variant::default()))
    }

    /// The canonical name of a variant (parsing it gives the variant back). The default: the
    /// family's id, whatever the variant.
    fn name(variant: &Self::Variant) -> String {
        let _ = variant;
        Self::FAMILY.id.to_string()
    }

    /// The data files a variant's knowledge reads ([`Asset`]); none by default.
    fn assets(variant: &Self::Variant) -> &'static [Asset] {
        let _ = variant;
        &[]
    }
}

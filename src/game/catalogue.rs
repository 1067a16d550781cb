//! The catalogue of games: every game family declares itself once, and everything that
//! dispatches on a game name (the engine, the CLI, the worker's `hello`, the page's game
//! select, its board drawing and share-link checks) is generated from this list.
//!
//! A game family is a type implementing [`Catalogued`] in its own module: its name grammar
//! (`connect4:WxH`, `2048:2x2:16`), title, [`Facts`] (players, chance, repetition, most moves
//! per position) and [`Presentation`] (player names, cell legend, board style, move style,
//! whether the page can edit it cell by cell, its edit tools) and its example positions. Adding
//! a game is its module's file and one line in [`__games!`](crate::__games), which also
//! declares the module: [`GameSpec`] and [`with_game!`](crate::with_game) follow from that list.
//!
//! ```
//! use pnplay::game::catalogue::{GameSpec, FAMILIES};
//! let spec: GameSpec = "connect4:5x4".parse().unwrap();
//! assert_eq!(spec.to_string(), "connect4:5x4");
//! assert_eq!(spec.family().id, "connect4");
//! assert!(FAMILIES.iter().any(|f| f.id == "2048" && f.facts.chance));
//! assert!("chess".parse::<GameSpec>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::board::{Board, EditTool};
use super::knowledge::Knowledge;
use super::{ParseError, Player};

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

    /// The entry of the one kind of piece of `owner` in a game with one kind.
    #[must_use]
    pub const fn piece_of(owner: Player, name: &'static str) -> LegendEntry {
        LegendEntry {
            owner: Some(owner),
            piece: 1,
            name,
        }
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

/// A game of the catalogue: rules, board view, knowledge, and its declaration.
pub trait Catalogued: Board + Knowledge {
    /// The family's declaration.
    const FAMILY: Family;

    /// The variant `name` selects; `None` if the name is not of this family.
    fn parse_name(name: &str) -> Option<Result<Self::Variant, ParseError>>;

    /// The canonical name of a variant (parsing it gives the variant back).
    fn name(variant: &Self::Variant) -> String;
}

/// The catalogue: every game family, one line each, `Name => module::Type`. The module is
/// declared from this list too (`__games!(modules)` in `game/mod.rs`), so a game is its
/// module's file plus its line here. Called as `__games!(callback, args…)`, it calls
/// `$callback!` with `[args…]` and the list `Name => $crate::game::module::Type,`;
/// [`GameSpec`] and [`with_game!`](crate::with_game) are built from it.
#[macro_export]
#[doc(hidden)]
macro_rules! __games {
    ($($args:tt)*) => {
        $crate::__game_list! { [$($args)*]
            Othello => othello::Othello,
            Connect4 => connect4::Connect4,
            TicTacToe => tictactoe::TicTacToe,
            G2048 => g2048::G2048,
            Tree => tree::TreeGame,
            Knightthrough => knightthrough::Knightthrough,
            Awari => awari::Awari,
            Gomoku => gomoku::Gomoku,
            Loa => loa::Loa,
            MiniShogi => minishogi::MiniShogi,
        }
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __game_list {
    ([modules] $($name:ident => $module:ident :: $game:ident,)*) => {
        $(pub mod $module;)*
    };
    ([$callback:ident, $($args:tt)*] $($name:ident => $module:ident :: $game:ident,)*) => {
        $crate::$callback! { [$($args)*] $($name => $crate::game::$module::$game,)* }
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __define_game_spec {
    ([] $($name:ident => $game:path,)*) => {
        /// A game of the catalogue and its variant, parsed from a name such as `othello6`,
        /// `connect4:5x4` or `2048:2x2:16`.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum GameSpec {
            $(
                #[doc = concat!("A variant of [`", stringify!($game), "`].")]
                $name(<$game as $crate::game::Game>::Variant),
            )*
        }

        /// Every family of the catalogue, in order.
        pub const FAMILIES: &[Family] = &[$(<$game as Catalogued>::FAMILY),*];

        impl FromStr for GameSpec {
            type Err = ParseError;

            fn from_str(name: &str) -> Result<GameSpec, ParseError> {
                $(
                    if let Some(variant) = <$game as Catalogued>::parse_name(name) {
                        return Ok(GameSpec::$name(variant?));
                    }
                )*
                Err(ParseError::UnknownGame { name: name.to_string() })
            }
        }

        impl fmt::Display for GameSpec {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(GameSpec::$name(variant) => f.write_str(&<$game as Catalogued>::name(variant)),)*
                }
            }
        }

        impl GameSpec {
            /// The family this game belongs to.
            #[must_use]
            pub fn family(&self) -> &'static Family {
                match self {
                    $(GameSpec::$name(_) => &<$game as Catalogued>::FAMILY,)*
                }
            }
        }
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __with_game_match {
    ([$spec:expr, $G:ident, $variant:ident, $body:expr] $($name:ident => $game:path,)*) => {
        match $spec {
            $(
                $crate::game::catalogue::GameSpec::$name(variant) => {
                    type $G = $game;
                    let $variant = &variant;
                    $body
                }
            )*
        }
    };
}

/// Runs generic code with `$G` bound to the game type of a [`GameSpec`] and `$variant` to
/// a reference to its variant.
///
/// ```
/// use pnplay::{game::{Game, catalogue::GameSpec}, with_game};
/// let spec: GameSpec = "tictactoe".parse().unwrap();
/// let text = with_game!(spec, G, variant => G::start(variant).format_position());
/// assert_eq!(text, "");
/// ```
#[macro_export]
macro_rules! with_game {
    ($spec:expr, $G:ident, $variant:ident => $body:expr) => {
        $crate::__games!(__with_game_match, $spec, $G, $variant, $body)
    };
}

__games!(__define_game_spec,);

/// Every family's name grammar, for messages: `othello | othello6 | … | 2048:NxN[:objective]`.
#[must_use]
pub fn grammar() -> String {
    FAMILIES
        .iter()
        .map(|f| f.grammar)
        .collect::<Vec<_>>()
        .join(" | ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_parses_to_its_family_and_prints_back() {
        for family in FAMILIES {
            for listed in family.listed {
                let spec: GameSpec = listed.name.parse().unwrap();
                assert_eq!(spec.to_string(), listed.name);
                assert_eq!(spec.family().id, family.id);
                assert!(listed.name.starts_with(family.id));
            }
        }
        for name in ["connect4:5x4", "2048:2x2:16", "othello6"] {
            assert_eq!(name.parse::<GameSpec>().unwrap().to_string(), name);
        }
    }

    #[test]
    fn every_family_declares_the_capacity_of_its_move_list() {
        use crate::game::MoveList;
        for family in FAMILIES {
            for listed in family.listed {
                let spec: GameSpec = listed.name.parse().unwrap();
                let capacity =
                    crate::with_game!(spec, G, _variant => MoveList::<G>::default().capacity());
                assert_eq!(capacity, family.facts.max_moves, "{}", listed.name);
            }
        }
    }

    #[test]
    fn every_example_parses_in_its_game_of_its_family() {
        for family in FAMILIES {
            for example in family.examples {
                let spec: GameSpec = example.game.parse().unwrap();
                assert_eq!(spec.family().id, family.id, "{}", example.name);
                let view = crate::engine::describe(&spec, Some(example.text))
                    .unwrap_or_else(|e| panic!("{}: {e}", example.name));
                assert_ne!(view.moves.len(), 0, "{}: nothing to search", example.name);
                assert!(!example.source.is_empty(), "{}", example.name);
            }
        }
    }

    #[test]
    fn family_ids_are_distinct_and_no_name_belongs_to_two_families() {
        for (i, a) in FAMILIES.iter().enumerate() {
            for b in &FAMILIES[i + 1..] {
                assert_ne!(a.id, b.id);
            }
        }
    }
}

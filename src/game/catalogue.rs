//! The catalogue of games: every game family declares itself once, and everything that
//! dispatches on a game name (the engine, the CLI, the worker's `hello`, the page's game
//! select, its board drawing and share-link checks) is generated from this list.
//!
//! This module is the list; what a family declares about itself lives in [`super::family`]
//! (a leaf every game imports, so no game imports the list). A game family is a type
//! implementing [`Catalogued`] in its own module: its name grammar
//! (`connect4:WxH`, `2048:2x2:16`), title, [`Facts`] (players, chance, repetition, most moves
//! per position) and [`Presentation`] (player names, cell legend, board style, move style,
//! whether the page can edit it cell by cell, its edit tools) and its example positions. Adding
//! a game is its module's file and one line in [`__games!`](crate::__games), which also
//! declares the module: [`GameSpec`] and the erased position [`AnyPosition`](super::any::AnyPosition)
//! (the one place a game name becomes a game type) follow from that list.
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

pub use super::family::{
    Catalogued, CellNames, Example, Facts, Family, LegendEntry, Listed, MoveStyle, Presentation,
    ToolEntry,
};

use super::ParseError;
use crate::core::error::Error;

/// The catalogue: every game family, one line each, `Name => module::Type in "engine
/// module"`. The module is declared from this list too (`__games!(modules)` in `game/mod.rs`),
/// so a game is its module's file plus its line here. Called as `__games!(callback, args…)`,
/// it calls `$callback!` with `[args…]` and the list `Name => $crate::game::module::Type
/// ["engine module"],`; [`GameSpec`] and
/// [`AnyPosition`](super::any::AnyPosition) are built from it.
///
/// The engine module: the page's engine comes as a few wasm modules, each running the games
/// of one module (issue 32: one module with every game is 4.3 MB). A build with the cargo
/// feature of a module (`games-a`) runs its games alone; without one (natively, and in the
/// tests) it runs them all. Every build knows every game's name and declaration
/// ([`GameSpec`], [`FAMILIES`]); a position of a game it leaves out is
/// [`Error::Elsewhere`], naming the module to load.
#[macro_export]
#[doc(hidden)]
macro_rules! __games {
    ($($args:tt)*) => {
        $crate::__game_list! { [$($args)*]
            Othello => othello::Othello in "games-a",
            Connect4 => connect4::Connect4 in "games-b",
            TicTacToe => tictactoe::TicTacToe in "games-a",
            G2048 => g2048::G2048 in "games-b",
            Tree => tree::TreeGame in "games-a",
            Knightthrough => knightthrough::Knightthrough in "games-c",
            Awari => awari::Awari in "games-c",
            Gomoku => gomoku::Gomoku in "games-b",
            Loa => loa::Loa in "games-c",
            MiniShogi => minishogi::MiniShogi in "games-c",
            Nim => nim::Nim in "games-b",
        }
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __game_list {
    ([modules] $($name:ident => $module:ident :: $game:ident in $engine:literal,)*) => {
        $(pub mod $module;)*
    };
    ([$callback:ident, $($args:tt)*] $($name:ident => $module:ident :: $game:ident in $engine:literal,)*) => {
        $crate::$callback! { [$($args)*] $($name => $crate::game::$module::$game [$engine],)* }
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __define_game_spec {
    ([] $($name:ident => $game:path [$engine:literal],)*) => {
        /// A game of the catalogue and its variant, parsed from a name such as `othello6`,
        /// `connect4:5x4` or `2048:2x2:16`.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum GameSpec {
            $(
                #[doc = concat!("A variant of [`", stringify!($game), "`].")]
                $name(<$game as $crate::game::Game>::Variant),
            )*
        }

        /// Every family of the catalogue, in order: the games of the crate's map, generated
        /// from the catalogue's list (`pnplay catalogue games` prints their ids, names and
        /// facts):
        ///
        #[doc = $crate::__game_map!($($game,)*)]
        pub const FAMILIES: &[Family] = &[$(<$game as Catalogued>::FAMILY),*];

        /// The list of [`FAMILIES`]' documentation as text, one line per game type (what
        /// `tests/project/catalogue_docs.rs` checks the map against).
        #[doc(hidden)]
        pub const FAMILY_MAP: &str = $crate::__game_map!($($game,)*);

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
            /// The engine module that runs this game ([`__games!`](crate::__games)).
            #[must_use]
            pub fn engine_module(&self) -> &'static str {
                match self {
                    $(GameSpec::$name(_) => $engine,)*
                }
            }

            /// Whether this build of the engine runs this game (every build knows its name).
            #[must_use]
            pub fn runs_here(&self) -> bool {
                match self {
                    $(GameSpec::$name(_) => cfg!(any(feature = $engine, not(feature = "some-games"))),)*
                }
            }

            /// Nothing if this build runs this game, else [`Error::Elsewhere`] naming the
            /// module that does.
            ///
            /// # Errors
            /// [`Error::Elsewhere`] in an engine module that leaves the game out.
            pub fn check_here(&self) -> Result<(), $crate::core::error::Error> {
                if self.runs_here() { Ok(()) } else { Err(self.elsewhere()) }
            }

            /// [`Error::Elsewhere`] for this game: the module that runs it.
            #[must_use]
            pub fn elsewhere(&self) -> $crate::core::error::Error {
                $crate::core::error::Error::Elsewhere {
                    game: self.to_string(),
                    module: self.engine_module(),
                }
            }

            /// The family this game belongs to.
            #[must_use]
            pub fn family(&self) -> &'static Family {
                match self {
                    $(GameSpec::$name(_) => &<$game as Catalogued>::FAMILY,)*
                }
            }

            /// The data files this game's knowledge reads ([`Catalogued::assets`]).
            #[must_use]
            pub fn assets(&self) -> &'static [$crate::game::family::Asset] {
                match self {
                    $(GameSpec::$name(variant) => <$game as Catalogued>::assets(variant),)*
                }
            }
        }
    };
}

/// The crate documentation's list of game types, one Markdown item a line, as one literal.
#[macro_export]
#[doc(hidden)]
macro_rules! __game_map {
    ($($game:path,)*) => {
        concat!($("* [`", stringify!($game), "`]\n",)*)
    };
}

__games!(__define_game_spec,);

impl GameSpec {
    /// The stages experiment's stages for this game unless told otherwise ([`Listed::stages`]):
    /// those of its listed name, else of the listed name its name starts with (`othello6` for
    /// `othello6:no-pass`), else its family's first listed name's.
    ///
    /// ```
    /// use pnplay::game::catalogue::GameSpec;
    /// let stages = |name: &str| name.parse::<GameSpec>().unwrap().stages();
    /// assert_eq!(stages("othello"), [18, 22, 26, 32, 36, 40]);
    /// assert_eq!(stages("othello6:no-pass"), stages("othello6"));
    /// assert_eq!(stages("connect4:5x4"), stages("connect4"));
    /// ```
    #[must_use]
    pub fn stages(&self) -> &'static [u32] {
        let listed = self.family().listed;
        let name = self.to_string();
        let base = name.split(':').next().unwrap_or_default();
        listed
            .iter()
            .find(|entry| entry.name == name)
            .or_else(|| listed.iter().find(|entry| entry.name == base))
            .or_else(|| listed.first())
            .map_or(&[], |entry| entry.stages)
    }
}

/// Every family's name grammar, for messages: `othello | othello6 | … | 2048:NxN[:objective]`.
#[must_use]
pub fn grammar() -> String {
    FAMILIES
        .iter()
        .map(|f| f.grammar)
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The games of the catalogue as a Markdown table, one row per family: id and title, names
/// (the grammar), facts and values. The book's Games chapter includes it (`pnplay catalogue
/// games`, written by `scripts/book`), so it follows the catalogue with no hand edit.
#[must_use]
pub fn markdown() -> String {
    let mut table = String::from(
        "| family | names | players, chance, repetition | values | stages (experiment default) |\n|---|---|---|---|---|\n",
    );
    for family in FAMILIES {
        let names: Vec<String> = family
            .grammar
            .split(" | ")
            .map(|n| format!("`{n}`"))
            .collect();
        let facts = &family.facts;
        let stages: Vec<String> = family
            .listed
            .iter()
            .map(|entry| {
                let moves: Vec<String> = entry.stages.iter().map(u32::to_string).collect();
                format!("`{}`: {}", entry.name, moves.join(","))
            })
            .collect();
        table.push_str(&format!(
            "| `{}` — {} | {} | {}, {}, {} | {} | {} |\n",
            family.id,
            family.title,
            names.join(", "),
            facts.players,
            if facts.chance { "chance" } else { "no chance" },
            if facts.repeats {
                "positions repeat"
            } else {
                "no repetition"
            },
            facts.values,
            stages.join("<br>"),
        ));
    }
    table
}

/// A parse error of input `field` as an [`Error`]; an unknown game name (in any input) is
/// [`Error::UnknownGame`], carrying the grammar of the names this catalogue knows (the error
/// type reads no catalogue: it prints what it carries).
fn parse_error(field: &'static str, error: ParseError) -> Error {
    match error {
        ParseError::UnknownGame { name } => Error::UnknownGame {
            name,
            expected: grammar(),
        },
        error => Error::Parse { field, error },
    }
}

/// A parse error as the crate's [`Error`]: made here because an unknown game name is
/// answered with this catalogue's names.
impl Error {
    /// A parse error of the position text.
    #[must_use]
    pub fn position(error: ParseError) -> Error {
        parse_error("pos", error)
    }

    /// A parse error of a game's name: an unknown name, or a known family with a variant it
    /// does not have (`connect4:99x99`, `2048:2x2:7`). Either way the field is the game.
    ///
    /// ```
    /// use pnplay::engine::GameSpec;
    /// use pnplay::error::Error;
    /// let bad = |name: &str| Error::game(name.parse::<GameSpec>().unwrap_err());
    /// assert_eq!(bad("connect4:99x99").field(), Some("game"));
    /// assert_eq!(bad("chess").kind(), "unknown-game");
    /// ```
    #[must_use]
    pub fn game(error: ParseError) -> Error {
        parse_error("game", error)
    }
}

impl From<ParseError> for Error {
    /// A game name's error is [`Error::UnknownGame`]; any other is about the position.
    fn from(error: ParseError) -> Error {
        Error::position(error)
    }
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
    fn every_family_writes_its_own_presentation_over_the_base() {
        for family in FAMILIES {
            let presentation = family.presentation;
            assert_eq!(
                presentation.players.len(),
                usize::from(family.facts.players)
            );
            assert!(presentation.legend.len() > 1, "{}", family.id);
            assert!(!presentation.board.is_empty(), "{}", family.id);
            assert!(!presentation.notation.is_empty(), "{}", family.id);
        }
    }

    #[test]
    fn every_family_declares_the_capacity_of_its_move_list() {
        use crate::game::any::{AnyPosition, Visit};
        use crate::game::{MoveBuffer, MoveList};
        struct Capacity;
        impl Visit for Capacity {
            type Output = usize;
            fn visit<G: Catalogued>(self, _pos: &G) -> usize {
                MoveList::<G>::default().capacity()
            }
        }
        for family in FAMILIES {
            for listed in family.listed {
                let spec: GameSpec = listed.name.parse().unwrap();
                let capacity = AnyPosition::start(&spec).unwrap().visit(Capacity);
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

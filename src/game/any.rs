//! One erased position: [`AnyPosition`] is a position of any game of the catalogue, parsed
//! (and so validated) once from a [`GameSpec`] and its text, and the one place where a game
//! name turns into a game type. Everything above the rules — the engine, the agents, the
//! arena, the experiments, the benchmark, the wasm layer — holds an `AnyPosition` and either
//! calls what every game offers alike (its text, view, moves, perft, a move played by name,
//! an edit, its evaluation) or hands a [`Visit`] to [`AnyPosition::visit`] to run its own
//! generic code on the concrete game type.
//!
//! This follows OpenSpiel's erased `State` (one interface over every game, made once from a
//! game and its text); the generic searches stay generic, so a visitor monomorphises each
//! game once, as a `match` on the game name did before. The enum and its two matches are
//! generated from the catalogue's list ([`__games!`](crate::__games)): adding a game adds
//! nothing here.
//!
//! ```
//! use pnplay::game::any::AnyPosition;
//! let spec = "connect4:5x4".parse().unwrap();
//! let pos = AnyPosition::parse(&spec, Some("33")).unwrap();
//! assert_eq!(pos.text(), "33");
//! assert_eq!(pos.perft(1), 5);
//! assert_eq!(pos.play("3").unwrap().text(), "333");
//! assert_eq!(pos.play("9").unwrap_err().field(), Some("move"));
//! assert_eq!(AnyPosition::parse(&spec, Some("3x")).unwrap_err().field(), Some("pos"));
//! ```

use super::board::EditTool;
use super::catalogue::{Catalogued, GameSpec};
use super::knowledge::{EvalWeights, Knowledge};
use super::view::PositionView;
use super::{Game, MoveList, Turn};
use crate::core::error::Error;

/// Generic code over every game of the catalogue, run by [`AnyPosition::visit`] with the
/// concrete game type (the erased position's way back to the generic searches).
///
/// ```
/// use pnplay::game::{Game, any::{AnyPosition, Visit}, catalogue::Catalogued};
/// struct Family;
/// impl Visit for Family {
///     type Output = &'static str;
///     fn visit<G: Catalogued>(self, _pos: &G) -> &'static str {
///         G::FAMILY.id
///     }
/// }
/// let pos = AnyPosition::start(&"othello6".parse().unwrap()).unwrap();
/// assert_eq!(pos.visit(Family), "othello");
/// ```
pub trait Visit {
    /// What the visit gives back.
    type Output;

    /// Runs on `pos`, the position with its game's type.
    fn visit<G: Catalogued>(self, pos: &G) -> Self::Output;
}

/// What every game offers alike, object-safe, implemented once for every game of the
/// catalogue; [`AnyPosition`]'s methods call it.
trait Erased {
    fn text(&self) -> String;
    fn turn(&self) -> Turn;
    fn view(&self) -> PositionView;
    fn legal_moves(&self) -> Vec<String>;
    fn perft(&self, depth: u32) -> u64;
    fn play(&self, mv: &str) -> Result<AnyPosition, Error>;
    fn edit(&self, cell: Option<usize>, tool: EditTool) -> Option<AnyPosition>;
    fn evaluation(&self, weights: &EvalWeights) -> Option<serde_json::Value>;
}

impl<G: Catalogued + Into<AnyPosition>> Erased for G {
    fn text(&self) -> String {
        self.format_position()
    }

    fn turn(&self) -> Turn {
        Game::turn(self)
    }

    fn view(&self) -> PositionView {
        PositionView::of(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = MoveList::<G>::default();
        Game::legal_moves(self, &mut moves);
        moves.iter().map(|&mv| self.format_move(mv)).collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(self, depth)
    }

    fn play(&self, mv: &str) -> Result<AnyPosition, Error> {
        let mv = self.parse_move(mv).map_err(Error::mv)?;
        let mut after = self.clone();
        Game::play(&mut after, mv);
        Ok(after.into())
    }

    fn edit(&self, cell: Option<usize>, tool: EditTool) -> Option<AnyPosition> {
        match cell {
            Some(index) => self.edit_cell(index, tool),
            None => self.toggle_turn(),
        }
        .map(Into::into)
    }

    fn evaluation(&self, weights: &EvalWeights) -> Option<serde_json::Value> {
        self.evaluation_breakdown(weights)
    }
}

#[macro_export]
#[doc(hidden)]
macro_rules! __with_game_match {
    ([$spec:expr, $G:ident, $variant:ident, $body:expr] $($name:ident => $game:path [$engine:literal],)*) => {
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
/// a reference to its variant, in a build that runs every game (natively, the tests). The
/// crate itself makes its positions with [`__with_game_here`](crate::__with_game_here),
/// which leaves out the games of other engine modules; everything else visits an
/// [`AnyPosition`] ([`Visit`]). The test harnesses that build a game's type from its name
/// use this one.
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

/// As [`with_game!`] for the games this build runs ([`GameSpec::runs_here`]); the others
/// give [`Error::Elsewhere`]. Expanded only here, to make an [`AnyPosition`].
#[macro_export]
#[doc(hidden)]
macro_rules! __with_game_here {
    ([$spec:expr, $G:ident, $variant:ident, $body:expr] $($name:ident => $game:path [$engine:literal],)*) => {
        match $spec {
            $(
                #[cfg(any(feature = $engine, not(feature = "some-games")))]
                $crate::game::catalogue::GameSpec::$name(variant) => {
                    type $G = $game;
                    let $variant = &variant;
                    $body
                }
            )*
            #[allow(unreachable_patterns)]
            other => Err(other.elsewhere()),
        }
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __define_any_position {
    ([] $($name:ident => $game:path [$engine:literal],)*) => {
        /// A position of any game of the catalogue that this build runs (see the module
        /// documentation).
        #[derive(Clone, Debug)]
        pub enum AnyPosition {
            $(
                #[cfg(any(feature = $engine, not(feature = "some-games")))]
                #[doc = concat!("A position of [`", stringify!($game), "`].")]
                $name($game),
            )*
        }

        $(
            #[cfg(any(feature = $engine, not(feature = "some-games")))]
            impl From<$game> for AnyPosition {
                fn from(pos: $game) -> AnyPosition {
                    AnyPosition::$name(pos)
                }
            }
        )*

        impl AnyPosition {
            /// The game (and variant) of the position.
            #[must_use]
            pub fn spec(&self) -> GameSpec {
                match self {
                    $(
                        #[cfg(any(feature = $engine, not(feature = "some-games")))]
                        AnyPosition::$name(pos) => GameSpec::$name(pos.variant()),
                    )*
                }
            }

            /// Runs `visitor` on the position with its game's type.
            pub fn visit<V: Visit>(&self, visitor: V) -> V::Output {
                match self {
                    $(
                        #[cfg(any(feature = $engine, not(feature = "some-games")))]
                        AnyPosition::$name(pos) => visitor.visit(pos),
                    )*
                }
            }

            fn erased(&self) -> &dyn Erased {
                match self {
                    $(
                        #[cfg(any(feature = $engine, not(feature = "some-games")))]
                        AnyPosition::$name(pos) => pos,
                    )*
                }
            }
        }
    };
}

crate::__games!(__define_any_position,);

thread_local! {
    /// How many positions this thread has read from text ([`AnyPosition::reads`]).
    static READ: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

impl AnyPosition {
    /// How many positions this thread has read from text so far (the page's test hooks
    /// count the reads of a share link's walk).
    #[must_use]
    pub fn reads() -> u64 {
        READ.with(std::cell::Cell::get)
    }

    /// Whether positions of the game `spec` names have an evaluation function (asked of its
    /// start position), for every game of the catalogue, whether or not this build runs it.
    #[must_use]
    pub fn evaluates(spec: &GameSpec) -> bool {
        let weights = EvalWeights::default();
        crate::with_game!(*spec, G, variant => G::start(variant).evaluation_breakdown(&weights).is_some())
    }

    /// The start position of the game `spec` names.
    ///
    /// # Errors
    /// [`Error::Elsewhere`]: this build leaves the game out.
    pub fn start(spec: &GameSpec) -> Result<AnyPosition, Error> {
        crate::__games!(
            __with_game_here,
            *spec,
            G,
            variant,
            Ok(G::start(variant).into())
        )
    }

    /// Whether `text` is a position of the game `spec` names, by its rules alone: in every
    /// engine module, also one that leaves the game's searches out (where [`AnyPosition::parse`]
    /// gives [`Error::Elsewhere`]).
    #[must_use]
    pub fn is_position(spec: &GameSpec, text: &str) -> bool {
        crate::with_game!(*spec, G, variant => G::parse_position(variant, text).is_ok())
    }

    /// Position `text` of the game `spec` names (its start when `None`): the one place a
    /// game name becomes a game type. A parse error is [`Error::Parse`] of field `pos`.
    ///
    /// # Errors
    /// The text is not a position of the game.
    pub fn parse(spec: &GameSpec, text: Option<&str>) -> Result<AnyPosition, Error> {
        let Some(text) = text else {
            return AnyPosition::start(spec);
        };
        READ.with(|n| n.set(n.get() + 1));
        crate::__games!(
            __with_game_here,
            *spec,
            G,
            variant,
            G::parse_position(variant, text)
                .map(Into::into)
                .map_err(Error::position)
        )
    }

    /// The position in its game's canonical notation.
    #[must_use]
    pub fn text(&self) -> String {
        self.erased().text()
    }

    /// Who acts now.
    #[must_use]
    pub fn turn(&self) -> Turn {
        self.erased().turn()
    }

    /// The position as the page draws it.
    #[must_use]
    pub fn view(&self) -> PositionView {
        self.erased().view()
    }

    /// The legal moves in the game's notation and order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        self.erased().legal_moves()
    }

    /// The number of move sequences of `depth` moves from here ([`super::perft`]).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        self.erased().perft(depth)
    }

    /// The position after move `mv` (in the game's notation).
    ///
    /// # Errors
    /// A move that does not parse or is not legal here: [`Error::Parse`] of field `move`.
    pub fn play(&self, mv: &str) -> Result<AnyPosition, Error> {
        self.erased().play(mv)
    }

    /// Edit mode: cell `Some(index)` changed with `tool`, or who acts toggled (`None`);
    /// `None` when the game's positions cannot be edited that way ([`Board::edit_cell`](super::board::Board::edit_cell)).
    #[must_use]
    pub fn edit(&self, cell: Option<usize>, tool: EditTool) -> Option<AnyPosition> {
        self.erased().edit(cell, tool)
    }

    /// The evaluation taken apart with `weights` ([`Knowledge::evaluation_breakdown`]);
    /// `None` for a game without an evaluator.
    #[must_use]
    pub fn evaluation(&self, weights: &EvalWeights) -> Option<serde_json::Value> {
        self.erased().evaluation(weights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::catalogue::FAMILIES;

    /// Every example of every family round-trips through the erased position, and the
    /// erased answers are the concrete game's.
    #[test]
    fn every_example_round_trips_and_answers_as_its_game() {
        for example in FAMILIES.iter().flat_map(|family| family.examples) {
            let name = example.name;
            let spec: GameSpec = example.game.parse().unwrap();
            let pos = AnyPosition::parse(&spec, Some(example.text)).unwrap();
            assert_eq!(pos.spec(), spec, "{name}");
            let again = AnyPosition::parse(&spec, Some(&pos.text())).unwrap();
            assert_eq!(again.text(), pos.text(), "{name}");
            let view = pos.view();
            assert_eq!(view.text, pos.text());
            let moves = pos.legal_moves();
            let listed: Vec<String> = view.moves.iter().map(|m| m.text.clone()).collect();
            assert_eq!(moves, listed, "{name}");
            assert_eq!(pos.perft(1), moves.len() as u64, "{name}");
            assert_eq!(pos.play(&moves[0]).unwrap().spec(), spec, "{name}");
        }
    }

    #[test]
    fn a_bad_position_or_move_names_its_field() {
        let spec: GameSpec = "tictactoe".parse().unwrap();
        assert_eq!(
            AnyPosition::parse(&spec, Some("55")).unwrap_err().field(),
            Some("pos")
        );
        let pos = AnyPosition::parse(&spec, Some("5")).unwrap();
        assert_eq!(pos.play("5").unwrap_err().field(), Some("move"));
        assert_eq!(pos.play("1").unwrap().text(), "51");
        assert_eq!(pos.perft(2), 8 * 7);
    }
}

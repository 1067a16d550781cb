//! Names of games and searches, as the CLI, share links and the worker protocol spell them
//! (SPEC.md §5), and the dispatch from a game name to the concrete game type.
//!
//! ```
//! use pnplay::engine::GameSpec;
//! let spec: GameSpec = "connect4:5x4".parse().unwrap();
//! assert_eq!(spec.to_string(), "connect4:5x4");
//! assert_eq!(pnplay::engine::perft(&spec, None, 2).unwrap(), 25);
//! assert!("chess".parse::<GameSpec>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::game::board::Board;
use crate::game::{Game, MoveList, Outcome, ParseError, Player, Turn, connect4, g2048, othello};
use crate::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::search::bestfirst::{Algo, Params, Search};
use crate::search::dfpn::{DfPn, DfPnConfig};
use crate::search::view::Values;
use crate::search::{Limits, Question, Verdict};

/// A game and its variant, parsed from a name such as `othello6`, `connect4:5x4` or
/// `2048:2x2:16` (the 2048 objective is optional: 2×2 defaults to 32, 4×4 to 2048).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameSpec {
    /// Othello of a size.
    Othello(othello::Size),
    /// Connect Four of a size.
    Connect4(connect4::Dims),
    /// Tic-tac-toe.
    TicTacToe,
    /// 2048 of a size and objective.
    G2048(g2048::Config),
}

/// Runs generic code with `$G` bound to the game type of a [`GameSpec`] and `$variant` to a
/// reference to its variant.
///
/// ```
/// use pnplay::{engine::GameSpec, game::Game, with_game};
/// let spec: GameSpec = "tictactoe".parse().unwrap();
/// let text = with_game!(spec, G, variant => G::start(variant).format_position());
/// assert_eq!(text, "");
/// ```
#[macro_export]
macro_rules! with_game {
    ($spec:expr, $G:ident, $variant:ident => $body:expr) => {
        match $spec {
            $crate::engine::GameSpec::Othello(size) => {
                type $G = $crate::game::othello::Othello;
                let $variant = &size;
                $body
            }
            $crate::engine::GameSpec::Connect4(dims) => {
                type $G = $crate::game::connect4::Connect4;
                let $variant = &dims;
                $body
            }
            $crate::engine::GameSpec::TicTacToe => {
                type $G = $crate::game::tictactoe::TicTacToe;
                let $variant = &();
                $body
            }
            $crate::engine::GameSpec::G2048(config) => {
                type $G = $crate::game::g2048::G2048;
                let $variant = &config;
                $body
            }
        }
    };
}

impl FromStr for GameSpec {
    type Err = ParseError;

    fn from_str(name: &str) -> Result<GameSpec, ParseError> {
        let unknown = || ParseError::UnknownGame {
            name: name.to_string(),
        };
        let spec = match name {
            "othello" | "othello8" => GameSpec::Othello(othello::Size::Eight),
            "othello6" => GameSpec::Othello(othello::Size::Six),
            "othello4" => GameSpec::Othello(othello::Size::Four),
            "connect4" => GameSpec::Connect4(connect4::Dims::default()),
            "tictactoe" => GameSpec::TicTacToe,
            _ => {
                if let Some(dims) = name.strip_prefix("connect4:") {
                    GameSpec::Connect4(dims.parse()?)
                } else if let Some(rest) = name.strip_prefix("2048:") {
                    let (size, objective) = match rest.split_once(':') {
                        Some((size, objective)) => {
                            (size, Some(objective.parse().map_err(|_| unknown())?))
                        }
                        None => (rest, None),
                    };
                    let size = match size {
                        "2x2" => 2,
                        "4x4" => 4,
                        _ => return Err(unknown()),
                    };
                    let objective = objective.unwrap_or(if size == 2 { 32 } else { 2048 });
                    GameSpec::G2048(g2048::Config::new(size, objective)?)
                } else {
                    return Err(unknown());
                }
            }
        };
        Ok(spec)
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameSpec::Othello(othello::Size::Eight) => f.write_str("othello"),
            GameSpec::Othello(othello::Size::Six) => f.write_str("othello6"),
            GameSpec::Othello(othello::Size::Four) => f.write_str("othello4"),
            GameSpec::Connect4(dims) if *dims == connect4::Dims::default() => {
                f.write_str("connect4")
            }
            GameSpec::Connect4(dims) => write!(f, "connect4:{dims}"),
            GameSpec::TicTacToe => f.write_str("tictactoe"),
            GameSpec::G2048(config) => {
                let default = if config.size == 2 { 32 } else { 2048 };
                write!(f, "2048:{0}x{0}", config.size)?;
                if config.objective != default {
                    write!(f, ":{}", config.objective)?;
                }
                Ok(())
            }
        }
    }
}

/// Parses a position of a game, or gives its start position when `pos` is `None`.
pub fn position<G: Game>(variant: &G::Variant, pos: Option<&str>) -> Result<G, ParseError> {
    match pos {
        Some(text) => G::parse_position(variant, text),
        None => Ok(G::start(variant)),
    }
}

/// `pnplay perft`: the number of move sequences of `depth` moves from a position (the start
/// position if `pos` is `None`), passes and chance outcomes counted as moves.
pub fn perft(spec: &GameSpec, pos: Option<&str>, depth: u32) -> Result<u64, ParseError> {
    with_game!(*spec, G, variant => {
        let start: G = position(variant, pos)?;
        Ok(crate::game::perft::perft(&start, depth))
    })
}

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
    /// The cell it is drawn on (see [`Board::move_cell`]).
    pub cell: Option<usize>,
    /// Its probability at a chance node.
    pub probability: Option<f64>,
}

/// Everything the page needs to draw a position and offer its moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionView {
    /// The game name.
    pub game: String,
    /// The position in canonical notation.
    pub text: String,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Cell contents row-major (see [`Board::cell`]).
    pub cells: Vec<u32>,
    /// Who acts.
    pub turn: TurnView,
    /// The legal moves in the engine's order.
    pub moves: Vec<MoveView>,
    /// When the game is over: the result for the first player.
    pub outcome: Option<Outcome>,
    /// When the game is over: the exact value for the first player (SPEC.md §2 units).
    pub value: Option<i32>,
}

fn view<G: Board>(spec: &GameSpec, pos: &G) -> PositionView {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let turn = pos.turn();
    PositionView {
        game: spec.to_string(),
        text: pos.format_position(),
        rows: pos.rows(),
        cols: pos.cols(),
        cells: (0..pos.rows() * pos.cols()).map(|i| pos.cell(i)).collect(),
        turn: match turn {
            Turn::Player(Player::First) => TurnView::First,
            Turn::Player(Player::Second) => TurnView::Second,
            Turn::Chance => TurnView::Chance,
            Turn::Over => TurnView::Over,
        },
        moves: moves
            .iter()
            .map(|&mv| MoveView {
                text: pos.format_move(mv),
                cell: pos.move_cell(mv),
                probability: (turn == Turn::Chance).then(|| pos.chance_probability(mv)),
            })
            .collect(),
        outcome: pos.outcome(Player::First),
        value: pos.terminal_value(Player::First),
    }
}

/// Describes a position (the start position when `pos` is `None`) for the page.
///
/// ```
/// let spec = "othello".parse().unwrap();
/// let view = pnplay::engine::describe(&spec, None).unwrap();
/// assert_eq!(view.moves.len(), 4);
/// assert_eq!(view.cells.iter().filter(|&&c| c != 0).count(), 4);
/// ```
pub fn describe(spec: &GameSpec, pos: Option<&str>) -> Result<PositionView, ParseError> {
    with_game!(*spec, G, variant => {
        let pos: G = position(variant, pos)?;
        Ok(view(spec, &pos))
    })
}

/// Plays a move (in the game's notation) in a position and describes the result.
///
/// ```
/// let spec = "connect4".parse().unwrap();
/// let view = pnplay::engine::play(&spec, "44", "5").unwrap();
/// assert_eq!(view.text, "445");
/// assert!(pnplay::engine::play(&spec, "44", "9").is_err());
/// ```
pub fn play(spec: &GameSpec, pos: &str, mv: &str) -> Result<PositionView, ParseError> {
    with_game!(*spec, G, variant => {
        let mut pos: G = G::parse_position(variant, pos)?;
        let mv = pos.parse_move(mv)?;
        pos.play(mv);
        Ok(view(spec, &pos))
    })
}

/// Edit mode: changes one cell (`Some(index)`) or who acts (`None`) of a position; an error
/// says why when the game's positions cannot be edited that way.
///
/// ```
/// let spec = "othello4".parse().unwrap();
/// let start = pnplay::engine::describe(&spec, None).unwrap();
/// let edited = pnplay::engine::edit(&spec, &start.text, Some(0)).unwrap();
/// assert_eq!(edited.cells[0], 1); // a black disc in a1
/// assert!(pnplay::engine::edit(&"connect4".parse().unwrap(), "4", Some(0)).is_err());
/// ```
pub fn edit(spec: &GameSpec, pos: &str, cell: Option<usize>) -> Result<PositionView, ParseError> {
    with_game!(*spec, G, variant => {
        let pos: G = G::parse_position(variant, pos)?;
        let edited = match cell {
            Some(index) => pos.cycle_cell(index),
            None => pos.toggle_turn(),
        };
        let edited = edited.ok_or_else(|| ParseError::InvalidPosition {
            reason: format!(
                "{spec} positions cannot be edited this way: type the position text instead"
            ),
        })?;
        Ok(view(spec, &edited))
    })
}

/// Starts a best-first search (`pns`, `ppns`, `ppns-precise`, `mcpns`, `pp`) by name on a
/// position, ready to be stepped.
///
/// ```
/// use pnplay::search::{Limits, Verdict, bestfirst::{Algo, Params}};
/// let spec = "tictactoe".parse().unwrap();
/// let mut search = pnplay::engine::start_search(&spec, "1527", Algo::Pns, &Params::default(), Limits::default()).unwrap();
/// assert_eq!(search.run(), Verdict::Proved); // X to move at 1,2 vs O at 5,7: X completes 1-2-3
/// ```
pub fn start_search(
    spec: &GameSpec,
    pos: &str,
    algo: Algo,
    params: &Params,
    limits: Limits,
) -> Result<Box<dyn Search + Send>, String> {
    with_game!(*spec, G, variant => {
        let root: G = G::parse_position(variant, pos).map_err(|e| e.to_string())?;
        if root.turn() == Turn::Over {
            return Err("the game is already over in this position: there is nothing to search".into());
        }
        crate::search::bestfirst::new_search(algo, root, params, limits)
    })
}

/// A search `pnplay solve` can run: a best-first one, df-pn or alpha-beta.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    /// One of the steppable best-first searches.
    BestFirst(Algo),
    /// Depth-first proof-number search with a transposition table.
    DfPn,
    /// Alpha-beta answering the goal question exactly.
    AlphaBeta,
}

impl FromStr for Solver {
    type Err = String;

    fn from_str(name: &str) -> Result<Solver, String> {
        match name {
            "dfpn" => Ok(Solver::DfPn),
            "alphabeta" => Ok(Solver::AlphaBeta),
            _ => Algo::parse(name).map(Solver::BestFirst).map_err(|_| {
                format!(
                    "unknown search {name:?}: expected pns, ppns, ppns-precise, mcpns, pp, dfpn or alphabeta"
                )
            }),
        }
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Solver::BestFirst(algo) => f.write_str(algo.name()),
            Solver::DfPn => f.write_str("dfpn"),
            Solver::AlphaBeta => f.write_str("alphabeta"),
        }
    }
}

/// What `pnplay solve --json` prints (SPEC.md §5).
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    /// Game name.
    pub game: String,
    /// The position as given.
    pub pos: String,
    /// The search.
    pub algo: String,
    /// The verdict word (SPEC.md §3).
    pub verdict: Verdict,
    /// Iterations (best-first), root searches (alpha-beta) or 0 (df-pn).
    pub iterations: u64,
    /// Nodes created (best-first), positions searched (df-pn, alpha-beta).
    pub nodes: u64,
    /// Random playouts.
    pub playouts: u64,
    /// Seconds of search.
    pub seconds: f64,
    /// The root's values (pn/dn, PPN or pmc/dmc); `null` for alpha-beta.
    pub root_value: Option<Values>,
    /// A move that proves the goal if proved, else the move the search favours.
    pub best_move: Option<String>,
    /// The seed of the random playouts.
    pub seed: u64,
}

/// Runs search `solver` on `pos` until it decides or reaches a limit (`pnplay solve`).
///
/// ```
/// use pnplay::engine::{Solver, solve};
/// use pnplay::search::{Limits, Verdict, bestfirst::Params};
/// let spec = "connect4:5x4".parse().unwrap();
/// for solver in ["pns", "dfpn", "alphabeta"] {
///     let report = solve(&spec, "3333", solver.parse().unwrap(), &Params::default(), Limits::default()).unwrap();
///     assert!(report.verdict.is_exact(), "{solver}");
/// }
/// ```
pub fn solve(
    spec: &GameSpec,
    pos: &str,
    solver: Solver,
    params: &Params,
    limits: Limits,
) -> Result<SolveReport, String> {
    let report = |verdict, stats: crate::search::Stats, root_value, best_move| SolveReport {
        game: spec.to_string(),
        pos: pos.to_string(),
        algo: solver.to_string(),
        verdict,
        iterations: stats.iterations,
        nodes: stats.nodes_created.max(stats.nodes_expanded),
        playouts: stats.playouts,
        seconds: stats.seconds,
        root_value,
        best_move,
        seed: params.seed,
    };
    if let Solver::BestFirst(algo) = solver {
        let mut search = start_search(spec, pos, algo, params, limits)?;
        let verdict = search.run();
        return Ok(report(
            verdict,
            search.stats(),
            Some(search.root_value()),
            search.best_move(),
        ));
    }
    with_game!(*spec, G, variant => {
        let root: G = G::parse_position(variant, pos).map_err(|e| e.to_string())?;
        let question = Question {
            root_player: match root.turn() {
                Turn::Player(player) => player,
                Turn::Chance | Turn::Over => Player::First,
            },
            goal: params.goal,
        };
        Ok(match solver {
            Solver::DfPn => {
                let mut search = DfPn::new(&root, question, DfPnConfig::default());
                let (verdict, stats) = search.solve(&limits);
                let numbers = search.root_numbers();
                let number = |n: u32| if n == crate::search::dfpn::INFINITY { f64::INFINITY } else { f64::from(n) };
                let values = Values::ProofNumbers { pn: number(numbers.pn), dn: number(numbers.dn) };
                report(verdict, stats, Some(values), None)
            }
            _ => {
                let mut search = AlphaBeta::<G, _>::with_default_ordering(AlphaBetaConfig::default());
                let verdict = search.solve(&root, question, &limits);
                let best = search.best_move(&root).map(|mv| root.format_move(mv));
                report(verdict, search.stats(), None, best)
            }
        })
    })
}

/// What `pnplay score --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct ScoreReport {
    /// The exact value for the side to move (SPEC.md §2 units).
    pub score: i32,
    /// A move that achieves it (`null` when the game is over).
    pub best_move: Option<String>,
    /// Positions searched.
    pub nodes: u64,
    /// Seconds of search.
    pub seconds: f64,
}

/// The exact value of a position by alpha-beta (`pnplay score`); an error at a limit.
///
/// ```
/// let spec = "tictactoe".parse().unwrap();
/// let report = pnplay::engine::score(&spec, "", Default::default()).unwrap();
/// assert_eq!(report.score, 0); // tic-tac-toe is a draw
/// ```
pub fn score(spec: &GameSpec, pos: &str, limits: Limits) -> Result<ScoreReport, String> {
    with_game!(*spec, G, variant => {
        let root: G = G::parse_position(variant, pos).map_err(|e| e.to_string())?;
        let mut search = AlphaBeta::<G, _>::with_default_ordering(AlphaBetaConfig::default());
        let score = search
            .score(&root, &limits)
            .ok_or("out: a limit was reached before the exact value was found")?;
        let stats = search.stats();
        Ok(ScoreReport {
            score: score.value,
            best_move: score.best_move.map(|mv| root.format_move(mv)),
            nodes: stats.nodes_expanded,
            seconds: stats.seconds,
        })
    })
}

/// A game the engine knows, as listed to the page.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GameInfo {
    /// The name used on the CLI, in links and in worker messages.
    pub name: &'static str,
    /// A human title.
    pub title: &'static str,
}

/// A search the engine knows, as listed to the page.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SearchInfo {
    /// The name used on the CLI, in links and in worker messages.
    pub name: &'static str,
    /// A human title.
    pub title: &'static str,
}

/// Every game name of SPEC.md §5 (`connect4:WxH` stands for any other Connect Four size).
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        name: "othello",
        title: "Othello 8×8",
    },
    GameInfo {
        name: "othello6",
        title: "Othello 6×6",
    },
    GameInfo {
        name: "othello4",
        title: "Othello 4×4",
    },
    GameInfo {
        name: "connect4",
        title: "Connect Four 7×6",
    },
    GameInfo {
        name: "tictactoe",
        title: "Tic-tac-toe",
    },
    GameInfo {
        name: "2048:2x2",
        title: "2048 on 2×2",
    },
    GameInfo {
        name: "2048:4x4",
        title: "2048 on 4×4",
    },
];

/// The searches the page can step and draw (the best-first family of
/// [`crate::search::bestfirst`]). The exact solvers (`dfpn`, `alphabeta`) run from the CLI.
pub const SEARCHES: &[SearchInfo] = &[
    SearchInfo {
        name: "pns",
        title: "Proof-number search",
    },
    SearchInfo {
        name: "ppns",
        title: "Probability-based PNS",
    },
    SearchInfo {
        name: "ppns-precise",
        title: "PPNS, precise mode",
    },
    SearchInfo {
        name: "mcpns",
        title: "Monte-Carlo PNS",
    },
    SearchInfo {
        name: "pp",
        title: "Product propagation",
    },
];

/// The engine's answer to the worker protocol's `hello` (SPEC.md §7).
#[derive(Clone, Debug, Serialize)]
pub struct Hello {
    /// The crate version.
    pub version: &'static str,
    /// The games it knows.
    pub games: &'static [GameInfo],
    /// The searches it knows.
    pub searches: &'static [SearchInfo],
}

/// What the engine says about itself.
///
/// ```
/// let hello = pnplay::engine::hello();
/// assert_eq!(hello.version, pnplay::VERSION);
/// assert!(hello.games.iter().any(|g| g.name == "othello"));
/// ```
#[must_use]
pub fn hello() -> Hello {
    Hello {
        version: crate::VERSION,
        games: GAMES,
        searches: SEARCHES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_lists_exactly_the_steppable_searches() {
        let listed: Vec<&str> = SEARCHES.iter().map(|s| s.name).collect();
        let steppable: Vec<&str> = Algo::ALL.iter().map(|a| a.name()).collect();
        assert_eq!(listed, steppable);
    }

    #[test]
    fn every_listed_game_name_parses_and_prints_back() {
        for game in GAMES {
            let spec: GameSpec = game.name.parse().unwrap();
            assert_eq!(spec.to_string(), game.name);
        }
        for name in ["connect4:5x4", "2048:2x2:16", "othello6"] {
            assert_eq!(name.parse::<GameSpec>().unwrap().to_string(), name);
        }
    }
}

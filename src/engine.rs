//! Names to types: the level the CLI and the worker share. A game name becomes a
//! [`GameSpec`] (from [`crate::game::catalogue`]), a search name a catalogue entry
//! ([`crate::search::catalogue`]), and each request here dispatches on them once — nothing
//! in this file names a concrete game or search.
//!
//! ```
//! use pnplay::engine::GameSpec;
//! let spec: GameSpec = "connect4:5x4".parse().unwrap();
//! assert_eq!(spec.to_string(), "connect4:5x4");
//! assert_eq!(pnplay::engine::perft(&spec, None, 2).unwrap(), 25);
//! assert!("chess".parse::<GameSpec>().is_err());
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::Error;
use crate::game::ParseError;
use crate::game::any::{AnyPosition, Visit};
use crate::game::board::EditTool;
pub use crate::game::catalogue::GameSpec;
use crate::game::catalogue::{Catalogued, FAMILIES, Family};
use crate::game::view::PositionView;
use crate::search::catalogue::{Checked, SEARCHES, SearchInfo};
use crate::search::params::{ParamSpec, Params, RUN_PARAMS};
use crate::search::session::Session;
use crate::search::view::Values;
use crate::search::{Limits, Verdict};

/// The searches of a stages experiment unless told otherwise: the PPNS paper's three.
pub const DEFAULT_STAGE_SEARCHES: &str = "pns,mcpns,ppns";

/// `pnplay perft`: the number of move sequences of `depth` moves from a position (the start
/// position if `pos` is `None`), passes and chance outcomes counted as moves.
pub fn perft(spec: &GameSpec, pos: Option<&str>, depth: u32) -> Result<u64, Error> {
    Ok(AnyPosition::parse(spec, pos)?.perft(depth))
}

/// Describes a position (the start position when `pos` is `None`) for the page.
///
/// ```
/// let spec = "othello".parse().unwrap();
/// let view = pnplay::engine::describe(&spec, None).unwrap();
/// assert_eq!(view.moves.len(), 4);
/// assert_eq!(view.cells.iter().filter(|c| !c.is_empty()).count(), 4);
/// ```
pub fn describe(spec: &GameSpec, pos: Option<&str>) -> Result<PositionView, Error> {
    Ok(AnyPosition::parse(spec, pos)?.view())
}

/// Plays a move (in the game's notation) in a position and describes the result.
///
/// ```
/// let spec = "connect4".parse().unwrap();
/// let view = pnplay::engine::play(&spec, "44", "5").unwrap();
/// assert_eq!(view.text, "445");
/// assert_eq!(pnplay::engine::play(&spec, "44", "9").unwrap_err().field(), Some("move"));
/// ```
pub fn play(spec: &GameSpec, pos: &str, mv: &str) -> Result<PositionView, Error> {
    Ok(AnyPosition::parse(spec, Some(pos))?.play(mv)?.view())
}

/// Edit mode: changes one cell (`Some(index)`) with `tool` ([`EditTool::Cycle`]: its next
/// content) or who acts (`None`) of a position; an error says why when the game's positions
/// cannot be edited that way.
///
/// ```
/// use pnplay::game::any::AnyPosition;
/// use pnplay::game::board::EditTool;
/// let spec = "othello4".parse().unwrap();
/// let edited = pnplay::engine::edit(&AnyPosition::start(&spec).unwrap(), Some(0), EditTool::Cycle).unwrap();
/// assert_eq!(edited.view().cells[0].owner, Some(pnplay::game::Player::First)); // a black disc in a1
/// let connect4 = AnyPosition::parse(&"connect4".parse().unwrap(), Some("4")).unwrap();
/// assert!(pnplay::engine::edit(&connect4, Some(0), EditTool::Cycle).is_err());
/// let tree = AnyPosition::parse(&"tree".parse().unwrap(), Some("[W L]")).unwrap();
/// assert_eq!(pnplay::engine::edit(&tree, Some(2), EditTool::Add).unwrap().text(), "[W [W]]");
/// ```
pub fn edit(root: &AnyPosition, cell: Option<usize>, tool: EditTool) -> Result<AnyPosition, Error> {
    root.edit(cell, tool).ok_or_else(|| {
        Error::position(ParseError::InvalidPosition {
            reason: format!(
                "{} positions cannot be edited this way: type the position text instead",
                root.spec()
            ),
        })
    })
}

/// Starts search `search` (a catalogue id) on `pos`, ready to be stepped.
///
/// ```
/// use pnplay::search::{Verdict, params::Params};
/// let spec = "tictactoe".parse().unwrap();
/// let mut search = pnplay::engine::start(&spec, "1527", "pns", &Params::default()).unwrap();
/// assert_eq!(search.run(), Verdict::Proved); // X to move at 1,2 vs O at 5,7: X completes 1-2-3
/// ```
pub fn start(
    spec: &GameSpec,
    pos: &str,
    search: &str,
    params: &Params,
) -> Result<Box<dyn Session>, Error> {
    let root = AnyPosition::parse(spec, Some(pos))?;
    start_at(&root, &Checked::one(search, params)?, 0)
}

/// Starts search `index` of a request already checked ([`Checked`]) at a position already
/// read: nothing is parsed or checked again, but what depends on the position (a game not
/// over, supported facts).
///
/// # Errors
/// No search `index`, a game over, or a game the search cannot run.
pub fn start_at(
    root: &AnyPosition,
    request: &Checked,
    index: usize,
) -> Result<Box<dyn Session>, Error> {
    struct Start<'a> {
        request: &'a Checked,
        index: usize,
    }
    impl Visit for Start<'_> {
        type Output = Result<Box<dyn Session>, Error>;
        fn visit<G: Catalogued>(self, root: &G) -> Self::Output {
            self.request.open(self.index, root.clone())
        }
    }
    root.visit(Start { request, index })
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
    /// Iterations (best-first) or positions searched (df-pn, alpha-beta).
    pub iterations: u64,
    /// Nodes created (best-first), positions searched (df-pn, alpha-beta).
    pub nodes: u64,
    /// Random playouts.
    pub playouts: u64,
    /// Seconds of search.
    pub seconds: f64,
    /// The limit that ended the search `out` (`nodes`, `time`, `iterations`, `memory`, or
    /// `depth` for a player that searched its whole depth); absent when it decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<crate::search::Limit>,
    /// The most bytes its tree and tables took, by its own accounting.
    pub bytes: u64,
    /// The root's values (pn/dn, PPN or pmc/dmc); `null` for alpha-beta.
    pub root_value: Option<Values>,
    /// A move that proves the goal if proved, else the move the search favours.
    pub best_move: Option<String>,
    /// The seed of the random playouts.
    pub seed: u64,
    /// The threshold runs and the score of a search for an exact score (multi-valued
    /// PNS); absent for other searches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_search: Option<crate::search::view::ScoreSearch>,
}

impl SolveReport {
    /// The verdict in words, with the limit that ended it `out`: `proved`, `out (memory
    /// limit)`.
    #[must_use]
    pub fn verdict_text(&self) -> String {
        match self.stopped_by {
            Some(limit) => format!("{} ({limit} limit)", self.verdict),
            None => self.verdict.to_string(),
        }
    }
}

/// Runs search `search` on `pos` until it decides or reaches a limit (`pnplay solve`).
///
/// ```
/// use pnplay::engine::solve;
/// use pnplay::search::params::Params;
/// let spec = "connect4:5x4".parse().unwrap();
/// for search in ["pns", "dfpn", "alphabeta"] {
///     let report = solve(&spec, "3333", search, &Params::default()).unwrap();
///     assert!(report.verdict.is_exact(), "{search}");
/// }
/// ```
pub fn solve(
    spec: &GameSpec,
    pos: &str,
    search: &str,
    params: &Params,
) -> Result<SolveReport, Error> {
    let mut session = start(spec, pos, search, params)?;
    let verdict = session.run();
    let stats = session.stats();
    Ok(SolveReport {
        game: spec.to_string(),
        pos: pos.to_string(),
        algo: session.info().id.to_string(),
        verdict,
        iterations: stats.iterations,
        nodes: session.info().nodes(&stats),
        playouts: stats.playouts,
        seconds: stats.seconds,
        stopped_by: stats.stopped_by,
        bytes: stats.bytes,
        root_value: session.root_value(),
        best_move: session.best_move(),
        seed: params.seed(),
        score_search: session.score_search(),
    })
}

/// The proof certificate of `verdict` for `pos` under the goal and limits of `params`
/// (`pnplay solve --certificate`; [`crate::search::certificate`]), in the text format of
/// [`crate::game::certificate`], with what the rules' checker
/// ([`crate::game::certificate::check::check_text`]) found in it: a certificate is given only
/// once it checks, to the CLI and the page alike.
///
/// ```
/// use pnplay::search::{Verdict, params::Params};
/// let spec = "connect4:5x4".parse().unwrap();
/// let report = pnplay::engine::solve(&spec, "3333", "pns", &Params::default()).unwrap();
/// let (text, checked) =
///     pnplay::engine::certificate(&spec, "3333", report.verdict, &Params::default()).unwrap();
/// assert_eq!(checked.verdict, report.verdict);
/// assert_eq!(pnplay::game::certificate::check::check_text(&text).unwrap().verdict, report.verdict);
/// ```
///
/// # Errors
/// The position does not parse, or no certificate can be made (field `certificate`: a
/// verdict that is not exact or does not hold, a limit, or a certificate that does not check).
pub fn certificate(
    spec: &GameSpec,
    pos: &str,
    verdict: Verdict,
    params: &Params,
) -> Result<(String, crate::game::certificate::check::Checked), Error> {
    certificate_at(&AnyPosition::parse(spec, Some(pos))?, verdict, params)
}

/// [`certificate`] of a position already read.
///
/// # Errors
/// As [`certificate`].
pub fn certificate_at(
    root: &AnyPosition,
    verdict: Verdict,
    params: &Params,
) -> Result<(String, crate::game::certificate::check::Checked), Error> {
    struct Extract<'a> {
        verdict: Verdict,
        params: &'a Params,
    }
    impl Visit for Extract<'_> {
        type Output = Result<String, Error>;
        fn visit<G: Catalogued>(self, root: &G) -> Self::Output {
            let params = self.params;
            crate::search::certificate::extract(root, params.goal(), self.verdict, &params.limits())
                .map(|certificate| certificate.to_text())
                .map_err(|failure| Error::BadParameter {
                    name: "certificate".into(),
                    message: failure.to_string(),
                })
        }
    }
    let text = root.visit(Extract { verdict, params })?;
    let checked = crate::game::certificate::check::check_text(&text).map_err(|rejection| {
        Error::BadParameter {
            name: "certificate".into(),
            message: format!("the one made does not check: {rejection}"),
        }
    })?;
    Ok((text, checked))
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

/// The exact value of a position (`pnplay score`): by the game's own solver on `threads`
/// threads where it has one ([`crate::search::exact::solve_score`]), by alpha-beta otherwise;
/// `None` at a limit.
///
/// ```
/// let spec = "tictactoe".parse().unwrap();
/// let report = pnplay::engine::score(&spec, "", Default::default(), 1).unwrap().unwrap();
/// assert_eq!(report.score, 0); // tic-tac-toe is a draw
/// ```
pub fn score(
    spec: &GameSpec,
    pos: &str,
    limits: Limits,
    threads: usize,
) -> Result<Option<ScoreReport>, Error> {
    Ok(score_at(
        &AnyPosition::parse(spec, Some(pos))?,
        limits,
        threads,
    ))
}

/// [`score`] of a position already read.
#[must_use]
pub fn score_at(root: &AnyPosition, limits: Limits, threads: usize) -> Option<ScoreReport> {
    struct ExactScore {
        limits: Limits,
        threads: usize,
    }
    impl Visit for ExactScore {
        type Output = Option<ScoreReport>;
        fn visit<G: Catalogued>(self, root: &G) -> Self::Output {
            let clock = crate::search::clock::Clock::start();
            let (score, nodes) =
                crate::search::exact::solve_score(root, &self.limits, self.threads)?;
            Some(ScoreReport {
                score: score.value,
                best_move: score.best_move.map(|mv| root.format_move(mv)),
                nodes,
                seconds: clock.seconds(),
            })
        }
    }
    root.visit(ExactScore { limits, threads })
}

/// The threads [`score_at`] searches `root` on when asked for `threads`: those where the
/// game's own solver searches in parallel (8×8 Othello, [`Knowledge::parallel_solver`]),
/// else 1.
/// The page starts that many helper threads before it asks, since a worker cannot start one
/// during a call (`crate::core::threads`).
///
/// ```
/// use pnplay::game::any::AnyPosition;
/// let othello = AnyPosition::parse(&"othello".parse().unwrap(), None).unwrap();
/// let connect4 = AnyPosition::parse(&"connect4".parse().unwrap(), None).unwrap();
/// assert_eq!(pnplay::engine::score_threads(&othello, 2), 2);
/// assert_eq!(pnplay::engine::score_threads(&connect4, 2), 1);
/// ```
///
/// [`Knowledge::parallel_solver`]: crate::game::knowledge::Knowledge::parallel_solver
#[must_use]
pub fn score_threads(root: &AnyPosition, threads: usize) -> usize {
    struct Threads(usize);
    impl Visit for Threads {
        type Output = usize;
        fn visit<G: Catalogued>(self, root: &G) -> usize {
            if root.parallel_solver() { self.0 } else { 1 }
        }
    }
    root.visit(Threads(threads))
}

/// The engine's answer to the worker protocol's `hello` (SPEC.md §7): its version and both
/// catalogues, from which the page builds its selects, fields and checks.
#[derive(Clone, Debug, Serialize)]
pub struct Hello {
    /// The crate version.
    pub version: &'static str,
    /// The game families.
    pub games: &'static [Family],
    /// The searches.
    pub searches: &'static [SearchInfo],
    /// The settings every run has (seed, goal, limits).
    pub run_params: &'static [ParamSpec],
    /// What the page starts with.
    pub defaults: Defaults,
    /// The listed games that have an evaluation function ([`evaluation`] answers for them:
    /// the page's evaluation panel and board overlay).
    pub evaluated: Vec<&'static str>,
    /// Each listed game's engine module (the page's engine is a few wasm modules, each
    /// running some of the games: [`GameSpec::engine_module`]).
    pub modules: BTreeMap<&'static str, &'static str>,
    /// The listed games this build runs (all of them natively).
    pub runs: Vec<&'static str>,
}

/// What the page starts with: the same defaults as the CLI's.
#[derive(Clone, Debug, Serialize)]
pub struct Defaults {
    /// The game.
    pub game: &'static str,
    /// The search.
    pub search: &'static str,
    /// The second search of compare mode.
    pub compare: &'static str,
    /// The stages experiment's searches (comma separated).
    pub stage_searches: &'static str,
}

/// What the engine says about itself.
///
/// ```
/// let hello = pnplay::engine::hello();
/// assert_eq!(hello.version, pnplay::VERSION);
/// assert!(hello.games.iter().any(|g| g.id == "othello"));
/// assert!(hello.searches.iter().any(|s| s.id == "alphabeta"));
/// assert_eq!(hello.evaluated, ["othello"]);
/// ```
#[must_use]
pub fn hello() -> Hello {
    Hello {
        version: crate::VERSION,
        games: FAMILIES,
        searches: SEARCHES,
        run_params: RUN_PARAMS,
        defaults: Defaults {
            game: FAMILIES[0].listed[0].name,
            search: SEARCHES[0].id,
            compare: SEARCHES[1].id,
            stage_searches: DEFAULT_STAGE_SEARCHES,
        },
        evaluated: listed_specs()
            .filter(|(_, spec)| AnyPosition::evaluates(spec))
            .map(|(name, _)| name)
            .collect(),
        modules: listed_specs()
            .map(|(name, spec)| (name, spec.engine_module()))
            .collect(),
        runs: listed_specs()
            .filter(|(_, spec)| spec.runs_here())
            .map(|(name, _)| name)
            .collect(),
    }
}

/// Every listed game's name with its spec.
fn listed_specs() -> impl Iterator<Item = (&'static str, GameSpec)> {
    FAMILIES
        .iter()
        .flat_map(|family| family.listed)
        .filter_map(|listed| Some((listed.name, listed.name.parse().ok()?)))
}

/// The evaluation of a position taken apart (the page's evaluation panel and board overlay):
/// each heuristic of the Othello heuristics paper with its raw values for the side to move
/// and the other side, its normalised value and weight, the weighted sum, and the stable,
/// semi-stable and unstable discs, potential-mobility squares and corners of each side as
/// cell lists ([`crate::game::othello::eval::Breakdown`]). The weights are those `params`
/// set for the depth-limited players (`eval`, `w.*`; the paper's by default).
///
/// ```
/// let spec = "othello".parse().unwrap();
/// let params = pnplay::search::params::Params::default();
/// let b = pnplay::engine::evaluation(&spec, "f5d6c3", &params).unwrap();
/// assert_eq!(b["player"], "O");
/// assert_eq!(b["coins"]["max"], 2.0);
/// let tictactoe = "tictactoe".parse().unwrap();
/// assert_eq!(pnplay::engine::evaluation(&tictactoe, "", &params).unwrap_err().field(), Some("game"));
/// ```
///
/// # Errors
/// The position's parse error, or a game without an evaluator (field `game`).
pub fn evaluation(spec: &GameSpec, pos: &str, params: &Params) -> Result<serde_json::Value, Error> {
    evaluation_at(&AnyPosition::parse(spec, Some(pos))?, params)
}

/// [`evaluation`] of a position already read.
///
/// # Errors
/// A game without an evaluator (field `game`).
pub fn evaluation_at(root: &AnyPosition, params: &Params) -> Result<serde_json::Value, Error> {
    let weights = crate::search::heuristic::weights(params);
    root.evaluation(&weights)
        .ok_or_else(|| Error::BadParameter {
            name: "game".to_string(),
            message: format!(
                "{} has no evaluation function (only 8×8 Othello has the heuristics paper's)",
                root.spec()
            ),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::catalogue::Request;
    use crate::search::session::Budget;

    /// The walk of a share link (docs: "The walk of a share link"): the link's position is
    /// read from text once, its searches and options are checked once, and both searches
    /// (and a checkpoint's fresh copy of each) start from them — the same sessions as
    /// starting each search from the text.
    #[test]
    fn a_share_links_walk_reads_its_position_once_and_checks_its_request_once() {
        let spec: GameSpec = "connect4".parse().unwrap();
        let request: Request = serde_json::from_value(serde_json::json!({
            "algos": ["pns", "ppns"],
            "options": {"theta": 0.05, "nodes": 100_000},
        }))
        .unwrap();
        let (read, checked) = (AnyPosition::reads(), Checked::count());
        let root = AnyPosition::parse(&spec, Some("4453")).unwrap();
        assert_eq!(root.view().text, "4453"); // the board
        let request = Checked::new(&request).unwrap();
        let first = Budget {
            iterations: Some(1),
            seconds: None,
        };
        let mut sessions: Vec<_> = (0..2)
            .map(|index| start_at(&root, &request, index).unwrap())
            .collect();
        for session in &mut sessions {
            session.step(first);
        }
        let copies: Vec<_> = (0..2)
            .map(|index| start_at(&root, &request, index).unwrap())
            .collect();
        assert_eq!(
            (AnyPosition::reads() - read, Checked::count() - checked),
            (1, 1)
        );
        assert_eq!(copies.len(), 2);
        for (session, algo) in sessions.iter().zip(["pns", "ppns"]) {
            let mut alone = start(&spec, "4453", algo, request.params()).unwrap();
            alone.step(first);
            assert_eq!(session.stats().iterations, 1);
            assert_eq!(
                session.stats().nodes_created,
                alone.stats().nodes_created,
                "{algo}"
            );
        }
    }
}

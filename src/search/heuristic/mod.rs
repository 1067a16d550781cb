//! The depth-limited players of the Othello heuristics paper (Sannidhanam and Annamalai,
//! *An Analysis of Heuristics in Othello*, §4 and §5) as searches of the catalogue:
//!
//! | id | search | paper |
//! |---|---|---|
//! | `minimax` | plain minimax to `depth` | §4.1 |
//! | `ab` | alpha-beta to `depth`, transposition table, move ordering | §4.2 |
//! | `abid` | alpha-beta with iterative deepening under a time limit | §4.3 |
//!
//! The searches are [`depth`]; the leaf value is the game's [`Evaluator`]
//! ([`crate::game::knowledge::Knowledge::evaluator`]: for Othello 8×8 the weighted sum of
//! the paper's heuristics, [`crate::game::othello::eval`]). A game without one (every other
//! game and board of the catalogue) has nothing to value an unfinished position with, so
//! there the searches ignore `depth` and go to the end of the game: they are exact solvers
//! (and slow ones on big games; use a node or time limit). Their parameters ([`PARAMS`]):
//!
//! * `depth` — plies to search (a pass is a ply); for `abid` the deepest iteration. Off:
//!   no limit (to the end of the game). Default 5, the paper's tournaments' depth (§6).
//! * `eval` — which heuristics, with the paper's weights: `all` (corners 30, mobility 5,
//!   stability 25, coin parity 25: the paper's "everything", §6.2), one heuristic alone
//!   (`coins`, `mobility`, `corners`, `stability`, `static`: weight 1; the paper's Table 1
//!   players), or `all-but-X` (the paper's Table 2 players: "everything" without X).
//! * `w.coins`, `w.mobility`, `w.corners`, `w.stability`, `w.static` — set one weight
//!   (−1000..1000), replacing the preset's: `eval=corners,w.mobility=5` is corners 1 and
//!   mobility 5.
//! * `endgame` — from this many empty squares on (the game's
//!   [`crate::game::knowledge::Knowledge::moves_left`]), solve exactly with the exact
//!   family's alpha-beta instead (the paper: "towards the end of the game, the search can be
//!   carried all the way to the end"). Default 12; off: never.
//! * `predetermined` — `on`: when a predetermined move (Othello: a corner) is legal at the
//!   root, choose only among those (the paper's database of predetermined moves, §4). The
//!   exact endgame solver overrides it.
//! * `deepen` (`abid`) — `clock`: deepen from depth 1 and stop the iteration in progress
//!   when time is out (the usual rule); `estimate`: the paper's rule (§4.3), start at 3 and
//!   predict the next depth that fits from the last iteration's time.
//!
//! **Budgets.** A session's iterations are positions searched (like the exact family). A
//! `minimax`/`ab` search stopped by its step budget before it finished is searched again
//! by the next step (the table keeps its work). `abid`'s time allowed is the smaller of the
//! run's `time` and the step's seconds; once time is out it answers the last finished
//! iteration's move and stops. As agents these take `depth` as their budget per move
//! (`ab:depth=5,eval=corners`); `abid` needs `seconds` or `time`.
//!
//! **Verdicts.** Finished games decide the question only when the root's value comes from
//! them: a won (lost) game value at the root is `proved` (`disproved`) — every line the
//! value depends on ended in a finished game —, and when no leaf was evaluated (or the
//! exact solver answered) the value is exact and a draw is decided by the goal. Otherwise
//! the search ends `out`, with its move and value.

pub mod depth;
pub mod om;

use crate::game::catalogue::Catalogued;
use crate::game::knowledge::{EvalWeights, Evaluator, Knowledge};
use crate::game::{Game, MoveList};
use crate::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::search::family::{Capabilities, Explain, Family, SearchInfo};
use crate::search::params::{ParamKind, ParamSpec, Params, concat};
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Session};
use crate::search::session_core::{SessionCore, exact_verdict};
use crate::search::view::Values;
use crate::search::{Limits, Question, Stats, Verdict};
use depth::{Deepening, DepthSearch, RootResult, Stop, TERMINAL_UNIT};

/// What the depth-limited players can do: play, with no tree, no playouts and no exact-only
/// verdicts; no chance. Games whose positions repeat are played (MiniShogi): every line stops
/// at the depth limit, so a cycle cannot trap the search, and its table is keyed by the game's
/// exact key (with MiniShogi's move number) and the depth left, so a value stored along one
/// line holds along any other.
pub const CAPABILITIES: Capabilities = Capabilities {
    steppable: false,
    exact: false,
    playouts: false,
    tree: false,
    plays: true,
    acyclic_only: false,
    chance: false,
    timed: false,
    carries_tree: false,
};

/// `abid`'s: those of the other players, and its time allowed is spent in one step.
pub const DEEPENING_CAPABILITIES: Capabilities = Capabilities {
    timed: true,
    ..CAPABILITIES
};

/// Bytes of a player's transposition table (and of its exact endgame solver's).
const TABLE_BYTES: usize = 4 << 20;

/// The deepest search `depth=off` stands for (longer than any game of the catalogue's
/// Othello boards, passes included).
const NO_DEPTH_LIMIT: u32 = 128;

/// The search depth in plies (a pass counts).
pub const DEPTH: ParamSpec = ParamSpec {
    kind: ParamKind::Integer,
    default: Some(5.0),
    min: Some(1.0),
    max: Some(128.0),
    optional: true,
    ..ParamSpec::real(
        "depth",
        "depth",
        "Depth-limited players: plies to search (a pass counts; abid: the deepest iteration); off: to the end of the game",
    )
};

/// The preset names of [`EVAL`], in order.
pub const EVAL_PRESETS: &[&str] = &[
    "all",
    "coins",
    "mobility",
    "corners",
    "stability",
    "static",
    "all-but-coins",
    "all-but-mobility",
    "all-but-corners",
    "all-but-stability",
];

/// Which heuristics, with which weights.
pub const EVAL: ParamSpec = ParamSpec::choice(
    "eval",
    "evaluation",
    "Depth-limited players: the heuristics (the Othello heuristics paper): all (corners 30, mobility 5, stability 25, coins 25), one alone (weight 1), or all-but-X",
    EVAL_PRESETS,
);

/// A weight parameter: optional (off: the preset's), −1000..1000.
const fn weight(key: &'static str, title: &'static str, help: &'static str) -> ParamSpec {
    ParamSpec {
        min: Some(-1000.0),
        max: Some(1000.0),
        optional: true,
        ..ParamSpec::real(key, title, help)
    }
}

/// The weight of coin parity.
pub const W_COINS: ParamSpec = weight(
    "w.coins",
    "weight: coins",
    "Depth-limited players: weight of coin parity, 100·(max − min)/(max + min) of the discs (off: the eval preset's)",
);
/// The weight of mobility.
pub const W_MOBILITY: ParamSpec = weight(
    "w.mobility",
    "weight: mobility",
    "Depth-limited players: weight of mobility, the mean of actual (legal moves) and potential (empty squares next to opponent discs) mobility (off: the eval preset's)",
);
/// The weight of corners.
pub const W_CORNERS: ParamSpec = weight(
    "w.corners",
    "weight: corners",
    "Depth-limited players: weight of corners, captured 1, potential ½, unlikely −½ (off: the eval preset's)",
);
/// The weight of stability.
pub const W_STABILITY: ParamSpec = weight(
    "w.stability",
    "weight: stability",
    "Depth-limited players: weight of stability, stable 1, semi-stable 0, unstable −1 (off: the eval preset's)",
);
/// The weight of the static square weights.
pub const W_STATIC: ParamSpec = weight(
    "w.static",
    "weight: static",
    "Depth-limited players: weight of the paper's static square weights, Figure 3 (off: the eval preset's)",
);

/// Solve exactly from this many empty squares on.
pub const ENDGAME: ParamSpec = ParamSpec {
    kind: ParamKind::Integer,
    default: Some(12.0),
    min: Some(0.0),
    max: Some(64.0),
    optional: true,
    ..ParamSpec::real(
        "endgame",
        "exact from",
        "Depth-limited players: solve exactly (alpha-beta to the end) from this many empty squares on; off: never",
    )
};

/// Take a predetermined move (a corner) when one is legal.
pub const PREDETERMINED: ParamSpec = ParamSpec::switch(
    "predetermined",
    "predetermined moves",
    "Depth-limited players: on: when a corner is legal at the root, choose only among the corners (the paper's predetermined moves)",
);

/// How iterative deepening decides to go on.
pub const DEEPEN: ParamSpec = ParamSpec::choice(
    "deepen",
    "deepening",
    "abid: clock (deepen while time is left, stop the iteration at the time limit) or estimate (the paper: predict the next depth that fits from the last one's time)",
    &["clock", "estimate"],
);

/// The evaluation's parameters: the preset and the weights replacing its own ([`weights`]
/// reads them).
pub const EVAL_PARAMS: &[ParamSpec] =
    &[EVAL, W_COINS, W_MOBILITY, W_CORNERS, W_STABILITY, W_STATIC];

/// The parameters of `minimax` and `ab`.
pub const PARAMS: &[ParamSpec] = &concat::<9>(&[&[DEPTH], EVAL_PARAMS, &[ENDGAME, PREDETERMINED]]);

/// The parameters of `abid`.
pub const DEEPENING_PARAMS: &[ParamSpec] = &concat::<10>(&[PARAMS, &[DEEPEN]]);

/// The weights of a preset of [`EVAL_PRESETS`] (unknown names: the paper's "everything").
///
/// ```
/// use pnplay::search::heuristic::preset_weights;
/// assert_eq!(preset_weights("all").corners, 30.0);
/// assert_eq!(preset_weights("all-but-corners").corners, 0.0);
/// assert_eq!(preset_weights("all-but-corners").stability, 25.0);
/// assert_eq!(preset_weights("mobility").mobility, 1.0);
/// ```
#[must_use]
pub fn preset_weights(name: &str) -> EvalWeights {
    let all = crate::game::othello::eval::PAPER_WEIGHTS;
    let one = EvalWeights::default();
    match name {
        "coins" => EvalWeights { coins: 1.0, ..one },
        "mobility" => EvalWeights {
            mobility: 1.0,
            ..one
        },
        "corners" => EvalWeights {
            corners: 1.0,
            ..one
        },
        "stability" => EvalWeights {
            stability: 1.0,
            ..one
        },
        "static" => EvalWeights {
            squares: 1.0,
            ..one
        },
        "all-but-coins" => EvalWeights { coins: 0.0, ..all },
        "all-but-mobility" => EvalWeights {
            mobility: 0.0,
            ..all
        },
        "all-but-corners" => EvalWeights {
            corners: 0.0,
            ..all
        },
        "all-but-stability" => EvalWeights {
            stability: 0.0,
            ..all
        },
        _ => all,
    }
}

/// The evaluation weights `params` ask for: the `eval` preset, then each `w.*` given.
///
/// ```
/// use pnplay::search::heuristic::weights;
/// use pnplay::search::params::Params;
/// let mut params = Params::default();
/// params.set_text("eval", "corners").unwrap();
/// params.set_text("w.mobility", "5").unwrap();
/// let w = weights(&params);
/// assert_eq!((w.corners, w.mobility, w.coins), (1.0, 5.0, 0.0));
/// assert_eq!(params.set_text("w.corners", "x").unwrap_err().field(), Some("w.corners"));
/// ```
#[must_use]
pub fn weights(params: &Params) -> EvalWeights {
    let mut w = preset_weights(params.choice(&EVAL));
    for (spec, slot) in [
        (&W_COINS, &mut w.coins),
        (&W_MOBILITY, &mut w.mobility),
        (&W_CORNERS, &mut w.corners),
        (&W_STABILITY, &mut w.stability),
        (&W_STATIC, &mut w.squares),
    ] {
        if let Some(value) = params.optional(spec) {
            *slot = value;
        }
    }
    w
}

/// Which of the three searches a session runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    Minimax,
    AlphaBeta,
    Deepening(Deepening),
}

/// What the three searches share in their declarations.
const SOURCE: &str = "Sannidhanam and Annamalai, An Analysis of Heuristics in Othello: §4 (searches), §5 (heuristics), §6 (weights); Knuth and Moore (1975) for alpha-beta.";

/// How minimax and alpha-beta value a leaf at depth 0.
const LEAF_FORMULA: &str = "a leaf at depth 0: Σ wᵢ·hᵢ, each hᵢ = 100·(max − min)/(|max| + |min|) from the view of the side to move";

/// How minimax and alpha-beta value a finished game.
const FINISHED_FORMULA: &str = "a finished game: final disc difference × 10⁶";

/// The parameters minimax and alpha-beta share, explained.
const DEPTH_PARAMS_HELP: &str = "depth: plies to search (a pass counts). eval: the heuristics with the paper's weights (all, one alone, all-but-X); w.coins, w.mobility, w.corners, w.stability, w.static: one weight each, replacing the preset's. endgame: solve exactly from that many empty squares on. predetermined: on, take a corner when one is legal. The node limit counts positions searched.";

/// What the three players' entries share; each fills in its name and its own explanation.
const PLAYER: SearchInfo = SearchInfo {
    id: "",
    title: "",
    help: "",
    family: Family::Heuristic,
    capabilities: CAPABILITIES,
    params: PARAMS,
    explain: Explain {
        pseudocode: &[],
        summary: "",
        values: &[],
        formulas: &[],
        selection: "",
        params: DEPTH_PARAMS_HELP,
        source: SOURCE,
    },
};

/// Plain minimax in the catalogue.
pub struct MinimaxSearch;

impl SearchKind for MinimaxSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "minimax",
        title: "Minimax (depth-limited)",
        help: "Minimax to a fixed depth over the Othello heuristics paper's evaluation (§4.1): every line, no pruning",
        explain: Explain {
            summary: "Minimax looks at every line of play to a fixed depth, values the positions there with the evaluation function (a weighted sum of the paper's heuristics) and backs the values up: the player to move takes the largest, the opponent the smallest. Finished games count their disc difference, above any evaluation. No pruning and no table: the reference alpha-beta must agree with.",
            formulas: &[
                LEAF_FORMULA,
                FINISHED_FORMULA,
                "a node: the largest of its children's values for the side to move there (negamax)",
            ],
            selection: "Depth-first, every move in the game's order.",
            ..PLAYER.explain
        },
        ..PLAYER
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        HeuristicSession::start(root, question, params, &Self::INFO, Method::Minimax)
    }
}

/// Depth-limited alpha-beta in the catalogue.
pub struct AlphaBetaPlayer;

impl SearchKind for AlphaBetaPlayer {
    const INFO: SearchInfo = SearchInfo {
        id: "ab",
        title: "Alpha-beta (depth-limited)",
        help: "Alpha-beta to a fixed depth over the Othello heuristics paper's evaluation (§4.2), with a transposition table and move ordering",
        explain: Explain {
            summary: "Alpha-beta gives the same value as minimax to the same depth but skips lines that cannot change it: once a move is refuted, its other replies are not searched. A transposition table remembers positions searched to the same depth and the best move found, which is tried first; the game's move ordering sorts the rest.",
            formulas: &[
                LEAF_FORMULA,
                FINISHED_FORMULA,
                "a node: negamax with the window (α, β): a cutoff as soon as a child reaches β",
            ],
            selection: "Depth-first: the table's best move first, then the game's move ordering.",
            ..PLAYER.explain
        },
        ..PLAYER
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        HeuristicSession::start(root, question, params, &Self::INFO, Method::AlphaBeta)
    }
}

/// Alpha-beta with iterative deepening in the catalogue.
pub struct DeepeningPlayer;

impl SearchKind for DeepeningPlayer {
    const INFO: SearchInfo = SearchInfo {
        id: "abid",
        title: "Alpha-beta, iterative deepening",
        help: "Alpha-beta with iterative deepening under a time limit (the Othello heuristics paper, §4.3): the paper's next-depth estimate or the usual stop at the clock",
        capabilities: DEEPENING_CAPABILITIES,
        params: DEEPENING_PARAMS,
        explain: Explain {
            summary: "Iterative deepening searches depth 1, 2, 3… with alpha-beta, each iteration ordered by what the last one stored, and plays the move of the deepest finished iteration when time runs out. With deepen=estimate it follows the paper: start at depth 3 and, from the last iteration's time, choose the deepest next depth predicted to finish in time.",
            formulas: &[
                "each iteration: alpha-beta to depth d with the evaluation Σ wᵢ·hᵢ at its leaves",
                "estimate: next depth = the largest d' with t_d · g^(d' − d) ≤ time left, g = positions of this iteration / of the last",
                "clock: depth d + 1 while time is left; the iteration running at the time limit is dropped",
            ],
            selection: "Depth-first alpha-beta; the table's best move from the last iteration first.",
            params: "time or the agent's seconds: the time allowed. depth: the deepest iteration. deepen: clock or estimate. eval: the heuristics with the paper's weights; w.coins, w.mobility, w.corners, w.stability, w.static: one weight each. endgame: solve exactly from that many empty squares on. predetermined: on, take a corner when one is legal.",
            ..PLAYER.explain
        },
        ..PLAYER
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let rule = if params.choice(&DEEPEN) == "estimate" {
            Deepening::Estimate
        } else {
            Deepening::Clock
        };
        HeuristicSession::start(root, question, params, &Self::INFO, Method::Deepening(rule))
    }
}

/// The evaluation of a game that has none: every unfinished leaf is 0. The searches then go
/// to the end of the game whatever `depth` says, so they are exact.
struct NoEvaluation;

impl<G> Evaluator<G> for NoEvaluation {
    fn evaluate(&mut self, _: &G) -> i64 {
        0
    }
}

/// The `index`th legal move of `root` (in the game's order) in notation, as the players
/// name their choice; `None` if there is no such move.
fn move_text<G: Game>(root: &G, index: usize) -> Option<String> {
    let mut moves = MoveList::<G>::default();
    root.legal_moves(&mut moves);
    moves.get(index).map(|&mv| root.format_move(mv))
}

/// A depth-limited player's session.
struct HeuristicSession<G: Knowledge> {
    core: SessionCore,
    method: Method,
    search: DepthSearch<G>,
    root: G,
    question: Question,
    depth: u32,
    endgame: Option<u32>,
    /// The root moves allowed (the predetermined ones), by index; `None`: all.
    allowed: Option<Vec<u16>>,
    stats: Stats,
    /// The last finished search's (or iteration's) result.
    result: Option<RootResult>,
    /// The exact endgame solver, once the endgame has come.
    exact: Option<AlphaBeta<G, G::Ordering>>,
}

impl<G: Catalogued> HeuristicSession<G> {
    fn start(
        root: G,
        question: Question,
        params: &Params,
        info: &'static SearchInfo,
        method: Method,
    ) -> Box<dyn Session> {
        let evaluator = root.evaluator(&weights(params));
        let depth = match evaluator {
            Some(_) => params.optional(&DEPTH).map_or(NO_DEPTH_LIMIT, |d| d as u32),
            None => NO_DEPTH_LIMIT,
        };
        let evaluator = evaluator.unwrap_or_else(|| Box::new(NoEvaluation));
        let mut moves = MoveList::<G>::default();
        root.legal_moves(&mut moves);
        let allowed: Option<Vec<u16>> = (params.choice(&PREDETERMINED) == "on")
            .then(|| {
                (0..moves.len() as u16)
                    .filter(|&i| root.predetermined(moves[usize::from(i)]))
                    .collect::<Vec<u16>>()
            })
            .filter(|allowed| !allowed.is_empty());
        Box::new(HeuristicSession {
            core: SessionCore::new(info, question.words(&root), params.limits()),
            method,
            search: DepthSearch::new(evaluator, params.limits().table_bytes(TABLE_BYTES)),
            question,
            depth,
            endgame: params.optional(&ENDGAME).map(|n| n as u32),
            allowed,
            root,
            stats: Stats::default(),
            result: None,
            exact: None,
        })
    }

    /// The exact value by the exact family's alpha-beta, if the endgame has come.
    fn solve_exactly(&mut self, limits: &Limits) -> Option<Result<RootResult, Stop>> {
        let left = self.root.moves_left()?;
        if self.endgame.is_none_or(|n| left > n) {
            return None;
        }
        // Kept across steps: a step cut short resumes from what its table learnt.
        let solver = self.exact.get_or_insert_with(|| {
            AlphaBeta::with_knowledge(AlphaBetaConfig {
                table_bytes: limits.table_bytes(TABLE_BYTES),
            })
        });
        let score = solver.score(&self.root, limits);
        let last = solver.stats();
        self.stats.nodes_expanded += last.nodes_expanded;
        self.stats.nodes_created += last.nodes_created;
        let Some(score) = score else {
            return Some(Err(Stop::Nodes));
        };
        let mut moves = MoveList::<G>::default();
        self.root.legal_moves(&mut moves);
        let best = score
            .best_move
            .and_then(|mv| moves.iter().position(|&m| m == mv))
            .unwrap_or(0) as u16;
        Some(Ok(RootResult {
            value: i64::from(score.value) * TERMINAL_UNIT,
            best,
            depth: left,
            exact: true,
        }))
    }

    /// One search within `limits`; the result if it finished.
    fn search(&mut self, limits: &Limits) -> Result<RootResult, Stop> {
        if let Some(result) = self.solve_exactly(limits) {
            return result;
        }
        self.search.begin(limits);
        let allowed = self.allowed.as_deref();
        let outcome = match self.method {
            Method::Minimax => self.search.root(&self.root, self.depth, allowed, false),
            Method::AlphaBeta => self.search.root(&self.root, self.depth, allowed, true),
            Method::Deepening(rule) => {
                // Each finished iteration is the answer so far (a node limit may end the
                // run before the deepening ends).
                let last = &mut self.result;
                self.search.deepen(
                    &self.root,
                    self.depth,
                    allowed,
                    limits.max_seconds,
                    rule,
                    |result| *last = Some(*result),
                )
            }
        };
        let last = self.search.stats();
        self.stats.nodes_expanded += last.nodes_expanded;
        self.stats.nodes_created += last.nodes_created;
        self.stats.peak_nodes = last.peak_nodes;
        self.stats.bytes_per_node = last.bytes_per_node;
        outcome
    }

    /// The verdict a finished search's result gives.
    fn verdict_of(&self, result: &RootResult) -> Verdict {
        let decided = result.exact || result.value.abs() >= TERMINAL_UNIT;
        if !decided {
            return Verdict::Out;
        }
        exact_verdict(self.question.goal, result.value.cmp(&0))
    }
}

impl<G: Catalogued> Session for HeuristicSession<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        let clock = crate::search::Clock::start();
        let before = self.stats;
        let mut run = self.core.run;
        let mut result = None;
        let verdict = run.step(budget, before, |limits| {
            let outcome = self.search(limits);
            self.stats.iterations = self.stats.nodes_expanded;
            self.stats.seconds = before.seconds + clock.seconds();
            match outcome {
                Ok(found) => {
                    result = Some(found);
                    (self.verdict_of(&found), self.stats)
                }
                Err(_) => {
                    // The next step searches again, from what the table kept.
                    self.search.resume();
                    (Verdict::Out, self.stats)
                }
            }
        });
        self.core.run = run;
        let Some(found) = result else {
            return verdict;
        };
        self.result = Some(found);
        // A finished search is the answer, decided or not.
        self.core.run.finished = Some(self.verdict_of(&found));
        self.core.run.finished
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn root_value(&self) -> Option<Values> {
        self.result.map(|r| Values::Evaluation {
            value: r.value as f64 / 100.0,
            depth: f64::from(r.depth),
        })
    }

    fn best_move(&self) -> Option<String> {
        move_text(&self.root, usize::from(self.result?.best))
    }
}

//! Alpha-beta: the exact value of a position, and a fast yes/no solver for a goal.
//!
//! Negamax alpha-beta (Knuth & Moore) with a transposition table, move ordering and
//! principal-variation search, written once against [`Game`]:
//!
//! * **Values.** [`AlphaBeta::score`] returns the exact game value in the unit of
//!   [`Game::terminal_value`] (Othello: disc difference with empties to the winner; Connect
//!   Four: Pascal Pons' score; tic-tac-toe: +1/0/−1; 2048: 1 if the objective is reachable,
//!   else 0), from the view of the player to move, with a best move.
//! * **Whose view.** Every value is from the view of the player who acts at that node, read
//!   from [`Game::turn`], never from the parity of the depth. The sign flips only between a
//!   node and a child whose actor differs: a pass is an ordinary move after which the other
//!   player acts, and a player who acts twice in a row (a single-agent game) keeps the sign.
//! * **Chance.** A chance node ([`Turn::Chance`]) is searched as an AND node, the exact
//!   AND/OR answer of SPEC.md §3: its value is the *minimum* over its outcomes from the root
//!   player's view, whatever their probabilities: for 2048, value 1 means the objective is
//!   reached *whatever tiles spawn*. (Expected values are the business of expectimax.) In
//!   negamax terms, chance acts as the root player's adversary, so a chance node is searched
//!   from the view of the root player's opponent. For a root where chance acts, the root
//!   player is [`Player::First`] (the player of a single-agent game).
//! * **Goals.** [`AlphaBeta::solve`] answers a [`Question`] (does the root player win, or at
//!   least not lose?) by scoring finished games 1 (proven) or 0 (disproven) from the root
//!   player's view and running one null-window search: it needs no exact values, so it cuts
//!   far more than [`AlphaBeta::score`].
//! * **Move ordering** comes from a [`MoveOrdering`] (game knowledge kept in
//!   [`crate::game::knowledge`]): the table's best move first, then the ordering's scores,
//!   ties in the game's order. An ordering may also give bounds on a position's value.
//! * **Iterating on windows.** When the ordering bounds the root's value,
//!   [`AlphaBeta::score`] finds the value by a sequence of null-window searches that halve the
//!   interval, trying values near 0 first (the "iterative deepening" of Pons' Connect Four
//!   solver; each test reuses the table the earlier ones filled). Without bounds it runs one
//!   full-window principal-variation search. There is no depth cutoff: every search goes to
//!   the end of the game.
//! * **Transposition table.** A fixed-size [`Table`] allocated once, keyed by the exact
//!   [`Game::Key`], holding the value, its bound type (exact, lower, upper), the best move's
//!   index in the game's move order and, as the replacement priority, the size of the
//!   searched subtree (the exact-search stand-in for a depth: a search to the end has no
//!   depth limit). Its entries depend on what is being scored and for whom, so it is cleared
//!   (in O(1)) whenever that changes between calls; otherwise it is kept, so repeated calls
//!   on related positions reuse each other's work.
//!
//! Limits: `max_nodes` counts positions searched, `max_seconds` the time of one call, and
//! `max_iterations` the root searches of one call. A call that reaches a limit answers
//! `None` / [`Verdict::Out`].
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::game::Player;
//! use pnplay::search::{Goal, Limits, Question, Verdict};
//! use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
//!
//! let mut search = AlphaBeta::new(AlphaBetaConfig::default());
//! let start = TicTacToe::start(&());
//! let score = search.score(&start, &Limits::default()).unwrap();
//! assert_eq!(score.value, 0); // tic-tac-toe is a draw
//!
//! let pos = TicTacToe::parse_position(&(), "12").unwrap(); // X in a corner, O beside it
//! let win = Question { root_player: Player::First, goal: Goal::Win };
//! assert_eq!(search.solve(&pos, win, &Limits::default()), Verdict::Proved);
//! assert!(search.stats().nodes_expanded > 0);
//! ```

pub use crate::core::score::Score;
use crate::core::score::null_window_test;

use super::table::{Bound, Table};
use crate::game::catalogue::Catalogued;
use crate::game::knowledge::{Knowledge, MoveOrdering, NoOrdering};
use crate::game::{Game, MoveBuffer, MoveList, Player, Turn};
use crate::search::family::{Explain, Family, SearchInfo};
use crate::search::params::Params;
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Session};
use crate::search::session_core::SessionCore;
use crate::search::{
    Goal, Limit, Limits, MAX_PLIES, Question, Stats, Stop, Verdict, clock::Ticker,
};

/// Larger than any game value: the bounds of a full window.
const INFINITY: i32 = 1 << 24;

/// One transposition-table entry (the key and the replacement priority live in the table).
#[derive(Clone, Copy, Debug)]
struct Entry {
    value: i32,
    bound: Bound,
    /// Index of the best move found in the game's move order: a hint for move ordering, kept
    /// for the first 255 moves (so an entry stays 8 bytes).
    best: Option<u8>,
}

/// How finished games are scored, which fixes what every stored value means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scoring {
    /// [`Game::terminal_value`].
    Exact,
    /// 1 if the goal is reached, else 0.
    Goal(Goal),
}

/// What the table's values mean: the scoring and the root player (chance plays against it,
/// and goals are the root player's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Context {
    scoring: Scoring,
    root: Player,
}

/// Settings of an [`AlphaBeta`] search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// Bytes of the transposition table, allocated once when the search is created.
    pub table_bytes: usize,
}

impl Default for AlphaBetaConfig {
    /// A 16 MiB table.
    fn default() -> Self {
        AlphaBetaConfig {
            table_bytes: 16 << 20,
        }
    }
}

/// A reusable alpha-beta searcher for one game, with its transposition table and a move
/// ordering.
#[derive(Debug)]
pub struct AlphaBeta<G: Game, O: MoveOrdering<G> = NoOrdering> {
    table: Table<G::Key, Entry>,
    ordering: O,
    context: Option<Context>,
    limits: Limits,
    clock: Ticker,
    stats: Stats,
    /// The best move index found by the last root search, if it reached or beat its window.
    root_best: Option<u16>,
    /// Whether the last search stopped at a line longer than [`MAX_PLIES`].
    too_deep: bool,
}

impl<G: Game> AlphaBeta<G> {
    /// A searcher that uses the game's own move order.
    #[must_use]
    pub fn new(config: AlphaBetaConfig) -> Self {
        Self::with_ordering(config, NoOrdering)
    }
}

impl<G: Knowledge> AlphaBeta<G, G::Ordering> {
    /// A searcher that uses the game's best ordering ([`Knowledge`]).
    #[must_use]
    pub fn with_knowledge(config: AlphaBetaConfig) -> Self {
        Self::with_ordering(config, G::Ordering::default())
    }
}

impl<G: Game, O: MoveOrdering<G>> AlphaBeta<G, O> {
    /// A searcher that orders moves with `ordering`.
    #[must_use]
    pub fn with_ordering(config: AlphaBetaConfig, ordering: O) -> Self {
        let table = Table::with_bytes(config.table_bytes);
        let stats = Stats {
            bytes_per_node: Table::<G::Key, Entry>::bytes_per_slot() as u64,
            ..Stats::default()
        };
        AlphaBeta {
            table,
            ordering,
            context: None,
            limits: Limits::default(),
            clock: Ticker::start(),
            stats,
            root_best: None,
            too_deep: false,
        }
    }

    /// The counters of the last call: `nodes_expanded` = positions searched,
    /// `nodes_created` = positions generated (children, finished ones included),
    /// `iterations` = root searches, `peak_nodes` = table entries in use.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Forgets everything the transposition table holds.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact value of `pos` and a best move, or `None` if a limit was reached first.
    ///
    /// # Panics
    /// If the game breaks the [`Game`] contract (a finished game without a value).
    pub fn score(&mut self, pos: &G, limits: &Limits) -> Option<Score<G::Move>> {
        let root = match pos.turn() {
            Turn::Player(player) => player,
            Turn::Chance | Turn::Over => Player::First,
        };
        self.begin(
            Context {
                scoring: Scoring::Exact,
                root,
            },
            limits,
        );
        let result = self.score_root(pos, root).ok();
        self.finish();
        result
    }

    /// Answers `question` about `pos`: [`Verdict::Proved`] if the root player reaches the
    /// goal against every defence (and every chance outcome), [`Verdict::Disproved`] if not,
    /// [`Verdict::Out`] at a limit. [`AlphaBeta::best_move`] then tells a move that proves it.
    ///
    /// # Panics
    /// If the game breaks the [`Game`] contract (a finished game without an outcome).
    pub fn solve(&mut self, pos: &G, question: Question, limits: &Limits) -> Verdict {
        let root = question.root_player;
        self.begin(
            Context {
                scoring: Scoring::Goal(question.goal),
                root,
            },
            limits,
        );
        let verdict = match self.value_in_view(pos, root, 0, 1, 0) {
            Ok(value) if value >= 1 => Verdict::Proved,
            Ok(_) => Verdict::Disproved,
            Err(Stop) => Verdict::Out,
        };
        self.finish();
        verdict
    }

    /// Whether the last search stopped at a line longer than [`MAX_PLIES`] (no limit of its
    /// own: the search cannot decide within the stack).
    #[must_use]
    pub fn too_deep(&self) -> bool {
        self.too_deep
    }

    /// After [`AlphaBeta::solve`] proved its question with the root player to move: a move
    /// that keeps the proof; else `None`.
    #[must_use]
    pub fn best_move(&self, pos: &G) -> Option<G::Move> {
        let index = self.root_best?;
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        moves.get(usize::from(index)).copied()
    }

    fn begin(&mut self, context: Context, limits: &Limits) {
        if self.context != Some(context) {
            self.table.clear();
            self.context = Some(context);
        }
        self.limits = *limits;
        self.clock = Ticker::start();
        self.root_best = None;
        self.too_deep = false;
        self.stats = Stats {
            bytes_per_node: self.stats.bytes_per_node,
            ..Stats::default()
        };
    }

    fn finish(&mut self) {
        self.stats.seconds = self.clock.seconds();
        self.stats.peak_nodes = self.table.occupied() as u64;
    }

    fn context(&self) -> Context {
        self.context.expect("a search sets its context first")
    }

    /// Who acts at `pos` for the sign convention: the player, or for chance the root
    /// player's adversary; `None` when the game is over.
    fn actor(&self, pos: &G) -> Option<Player> {
        match pos.turn() {
            Turn::Player(player) => Some(player),
            Turn::Chance => Some(self.context().root.opponent()),
            Turn::Over => None,
        }
    }

    /// The value of the finished game `pos` from `view`.
    fn terminal_score(&self, pos: &G, view: Player) -> i32 {
        let context = self.context();
        let root_score = match context.scoring {
            Scoring::Exact => pos
                .terminal_value(context.root)
                .expect("a finished game has a value"),
            Scoring::Goal(goal) => {
                let outcome = pos
                    .outcome(context.root)
                    .expect("a finished game has an outcome");
                i32::from(goal.is_proven(outcome))
            }
        };
        if view == context.root {
            root_score
        } else {
            -root_score
        }
    }

    /// The exact value of a position with bounded or unbounded value, by null-window
    /// bisection or one full-window search.
    fn score_root(&mut self, pos: &G, root: Player) -> Result<Score<G::Move>, Stop> {
        let Some(actor) = self.actor(pos) else {
            return Ok(Score {
                value: self.terminal_score(pos, root),
                best_move: None,
            });
        };
        let bounds = match (self.context().scoring, pos.turn()) {
            (Scoring::Exact, Turn::Player(_)) => self.ordering.value_bounds(pos),
            _ => None,
        };
        let (value, best) = match bounds {
            None => {
                let value = self.root_search(pos, actor, -INFINITY, INFINITY)?;
                (value, self.root_best)
            }
            Some((low, high)) => self.bisect(pos, actor, low, high)?,
        };
        // One more search in a window just below the value always fails high on a best move.
        let best = match best {
            Some(index) => Some(index),
            None => {
                self.root_search(pos, actor, value - 1, value)?;
                self.root_best
            }
        };
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        Ok(Score {
            value: if actor == root { value } else { -value },
            best_move: best.and_then(|index| moves.get(usize::from(index)).copied()),
        })
    }

    /// Finds the value in `[low, high]` (the actor's view) by null-window tests, values near
    /// 0 first; returns it with the best move of the last test that reached it.
    fn bisect(
        &mut self,
        pos: &G,
        actor: Player,
        mut low: i32,
        mut high: i32,
    ) -> Result<(i32, Option<u16>), Stop> {
        let mut best = None;
        while low < high {
            let test = null_window_test(low, high);
            let result = self.root_search(pos, actor, test, test + 1)?;
            if result <= test {
                high = result.max(low);
            } else {
                low = result.min(high);
                best = self.root_best;
            }
        }
        Ok((low, best))
    }

    /// One search of the root in a window, counted as an iteration.
    fn root_search(&mut self, pos: &G, actor: Player, alpha: i32, beta: i32) -> Result<i32, Stop> {
        self.stats.iterations += 1;
        if self
            .limits
            .max_iterations
            .is_some_and(|max| self.stats.iterations > max)
        {
            return Err(Stop);
        }
        self.search(pos, actor, alpha, beta, 0)
    }

    /// The value of `pos` (finished or not) from `view`, searched in the window
    /// `(alpha, beta)` of that view; `ply` is the distance of `pos` from the root.
    fn value_in_view(
        &mut self,
        pos: &G,
        view: Player,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Result<i32, Stop> {
        match self.actor(pos) {
            None => Ok(self.terminal_score(pos, view)),
            Some(actor) if actor == view => self.search(pos, actor, alpha, beta, ply),
            Some(actor) => Ok(-self.search(pos, actor, -beta, -alpha, ply)?),
        }
    }

    fn count_node(&mut self) -> Result<(), Stop> {
        self.limits
            .count_position(&mut self.stats.nodes_expanded, &mut self.clock)
    }

    /// Fail-soft negamax with principal-variation search. `pos` is not finished and `actor`
    /// acts there; the result is from the actor's view: below or at `alpha` an upper bound,
    /// at or above `beta` a lower bound, in between exact.
    fn search(
        &mut self,
        pos: &G,
        actor: Player,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
    ) -> Result<i32, Stop> {
        if ply >= MAX_PLIES {
            self.too_deep = true;
            return Err(Stop);
        }
        self.count_node()?;
        let nodes_before = self.stats.nodes_expanded;
        let key = pos.key();
        let mut table_best = None;
        if let Some(entry) = self.table.get(&key).copied() {
            table_best = entry.best.map(u16::from);
            // At the root the search must run to find a best move.
            if ply > 0 {
                if let Some(value) = entry.bound.probe(entry.value, &mut alpha, &mut beta) {
                    return Ok(value);
                }
            }
        }
        let is_player = matches!(pos.turn(), Turn::Player(_));
        if is_player && self.context().scoring == Scoring::Exact && ply > 0 {
            if let Some((low, high)) = self.ordering.value_bounds(pos) {
                if high < beta {
                    beta = high;
                    if alpha >= beta {
                        return Ok(high);
                    }
                }
                if low > alpha {
                    alpha = low;
                    if alpha >= beta {
                        return Ok(low);
                    }
                }
            }
        }

        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let order = self.order(pos, &moves, is_player, table_best);
        let alpha_at_start = alpha;
        let mut best_value = -INFINITY;
        let mut best_index = None;
        for (rank, &index) in order.iter().enumerate() {
            let mut child = pos.clone();
            child.play(moves[usize::from(index)]);
            self.stats.nodes_created += 1;
            let value = if rank == 0 {
                self.value_in_view(&child, actor, alpha, beta, ply + 1)?
            } else {
                let probe = self.value_in_view(&child, actor, alpha, alpha + 1, ply + 1)?;
                if probe > alpha && probe < beta {
                    self.value_in_view(&child, actor, alpha, beta, ply + 1)?
                } else {
                    probe
                }
            };
            if value > best_value {
                best_value = value;
                best_index = Some(index);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }

        let bound = Bound::of(best_value, alpha_at_start, beta);
        let work = u32::try_from(self.stats.nodes_expanded - nodes_before).unwrap_or(u32::MAX);
        self.table.store(
            key,
            Entry {
                value: best_value,
                bound,
                best: best_index.and_then(|index| u8::try_from(index).ok()),
            },
            work,
        );
        if ply == 0 {
            self.root_best = best_index.filter(|_| bound != Bound::Upper);
        }
        Ok(best_value)
    }

    /// The order to search `moves` in, as indices: the table's best move, then by the
    /// ordering's scores (player turns only), ties in the game's order.
    fn order(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        is_player: bool,
        first: Option<u16>,
    ) -> G::List<u16> {
        let mut scores = G::List::<i32>::default();
        for _ in moves {
            scores.push(0);
        }
        if is_player {
            self.ordering.score_moves(pos, moves, &mut scores);
        }
        let mut order = G::List::<u16>::default();
        for index in 0..moves.len() as u16 {
            // Insertion sort, stable and allocation-free: higher scores first.
            let score = scores[usize::from(index)];
            let at = order
                .iter()
                .rposition(|&other| scores[usize::from(other)] >= score)
                .map_or(0, |p| p + 1);
            order.push(index);
            order[at..].rotate_right(1);
        }
        if let Some(at) = first.and_then(|f| order.iter().position(|&i| i == f)) {
            order[..=at].rotate_right(1);
        }
        order
    }
}

/// Alpha-beta in the catalogue: a session that answers the goal question exactly, with the
/// game's move ordering ([`Knowledge`]).
pub struct AlphaBetaSearch;

impl SearchKind for AlphaBetaSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "alphabeta",
        title: "Alpha-beta",
        help: "Alpha-beta with a transposition table and the game's move ordering: the exact reference",
        family: Family::Exact,
        capabilities: super::CAPABILITIES,
        params: &[],
        explain: Explain {
            pseudocode: &[],
            summary: "Alpha-beta searches every line to the end of the game, with a transposition table and the game's move ordering, and answers the goal question exactly: finished games score 1 (the goal holds) or 0 from the root player's view and one null-window search decides which side of ½ the root is on. It is the independent truth every other search is checked against. It keeps no tree and shows no root value; one iteration is one position searched.",
            values: &[],
            formulas: &[
                "a finished game: 1 if it meets the goal for the root player, else 0",
                "the root player's node (OR): the greatest child value; the opponent's or chance's node (AND): the least",
                "a null window around ½: a cutoff as soon as one child of an OR node reaches 1 or one child of an AND node reaches 0",
            ],
            selection: "Depth-first, children in the move ordering's order (the table's best move first, then the game's knowledge, ties in the game's order); principal-variation search with null windows.",
            params: "No parameters of its own: θ, pr and playouts do not apply. The node limit counts positions searched; a step that stops at its budget is resumed by searching again from the root with the table kept.",
            source: "Knuth and Moore, An analysis of alpha-beta pruning (1975), negamax with a transposition table; SPEC.md §3 for the AND/OR reading of chance.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        Box::new(AlphaBetaSession {
            search: AlphaBeta::<G, G::Ordering>::with_knowledge(AlphaBetaConfig {
                table_bytes: params
                    .limits()
                    .table_bytes(AlphaBetaConfig::default().table_bytes),
            }),
            question,
            core: SessionCore::new(&Self::INFO, question.words(&root), params.limits()),
            root,
            stats: Stats::default(),
            best_move: None,
        })
    }
}

/// An alpha-beta search driven as a [`Session`]. A step that stops at its budget is resumed
/// by searching again from the root: the transposition table keeps every bound found, so no
/// finished subtree is searched twice.
struct AlphaBetaSession<G: Knowledge> {
    search: AlphaBeta<G, G::Ordering>,
    root: G,
    question: Question,
    core: SessionCore,
    /// Counters over all steps (`iterations` = positions searched, like df-pn).
    stats: Stats,
    best_move: Option<String>,
}

impl<G: Knowledge> Session for AlphaBetaSession<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        let (search, root, question, stats) =
            (&mut self.search, &self.root, self.question, &mut self.stats);
        let verdict = self.core.run.step(budget, *stats, |limits| {
            let verdict = search.solve(root, question, limits);
            let last = search.stats();
            stats.nodes_expanded += last.nodes_expanded;
            stats.nodes_created += last.nodes_created;
            stats.iterations = stats.nodes_expanded;
            stats.seconds += last.seconds;
            stats.peak_nodes = last.peak_nodes;
            stats.bytes_per_node = last.bytes_per_node;
            (verdict, *stats)
        });
        if verdict.is_none() && self.search.too_deep() {
            self.stats.stopped_by = Some(Limit::Depth);
            self.core.run.finished = Some(Verdict::Out);
            return self.core.run.finished;
        }
        if verdict.is_some_and(Verdict::is_exact) && self.best_move.is_none() {
            self.best_move = self
                .search
                .best_move(&self.root)
                .map(|mv| self.root.format_move(mv));
        }
        verdict
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn best_move(&self) -> Option<String> {
        self.best_move.clone()
    }
}

//! Multi-valued proof-number search: a game's exact score from a series of binary
//! proof-number runs, one per threshold v, each answering "is the root player's score at
//! least v?" (the TCG slides, "Multi-valued PN-search", slides 37–43).
//!
//! **The binary runs are df-pn** ([`super::dfpn`]), not best-first PNS: a run on an Othello
//! endgame searches millions of positions, and df-pn does it in its fixed table (one table,
//! allocated once and emptied in O(1) between runs, [`DfPn::restart`]) where PNS would keep
//! every node. The slides' proof and disproof numbers for a threshold v (proof_v, disproof_v)
//! are exactly df-pn's numbers on the game whose finished positions count as proven when
//! their score is at least v: [`AtLeast`] is that game, so the df-pn code is the one the
//! catalogue runs, unchanged.
//!
//! **The search over v** is the slides' open ("galloping") search, extended to scores of
//! either sign: the first run asks the session's own question (v = 1 for `goal = win`, v = 0
//! for `not-lose`, so the first verdict is the one df-pn would give); while only proofs came
//! back, the next v is the last proved one plus 1, 2, 4, …; while only disproofs came back,
//! the last disproved one minus 1, 2, 4, …; once the score is bracketed (low ≤ score <
//! high), bisection: v = low + ⌊(high − low)/2⌋, which lies strictly between them, so every
//! run narrows the interval (the slides' ⌊(low + high)/2⌋ with "low ← mid" on a proof can
//! repeat the same v forever when high = low + 1; ours cannot). Why not plain bisection over
//! the game's range: it needs a range (unknown in general; the slides' domain is any
//! countable set), its first runs would ask mid-range questions that are neither the
//! session's question nor near the score of a typical, balanced position, and a threshold
//! far from the score is cheap to settle anyway, so galloping from the question's own
//! threshold costs a few cheap runs more at most.
//!
//! The verdict is the session's question read off the score (two-player scores are positive
//! for a win, 0 for a draw, negative for a loss: `win` is score ≥ 1, `not-lose` score ≥ 0),
//! so `proved`/`disproved` are exact. Games with chance are refused (a single agent's 2048
//! scores a loss 0, so that reading would not hold). The counters add up over all runs:
//! `nodes` = positions searched, `peak_nodes` = the most table entries one run used.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::exact::mvpns::MultiValued;
//! use pnplay::search::Limits;
//!
//! let pos = TicTacToe::parse_position(&(), "12").unwrap(); // X in a corner, O beside it
//! let mut search = MultiValued::new(&pos, 1, 1 << 16);
//! assert_eq!(search.step(&Limits::default()), Some(1)); // X wins
//! let runs = search.score_search().runs;
//! assert_eq!(runs.iter().map(|r| r.threshold).collect::<Vec<_>>(), [1, 2]);
//! ```

use super::dfpn::{DfPn, DfPnConfig};
use crate::game::catalogue::Catalogued;
use crate::game::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn};
use crate::search::family::{Capabilities, DN, Explain, Family, PN, SearchInfo};
use crate::search::params::Params;
use crate::search::session::SearchKind;
use crate::search::session::{Budget, Session};
use crate::search::session_core::SessionCore;
use crate::search::view::{ScoreSearch, ThresholdRun, Values};
use crate::search::{Goal, Limits, Question, Stats, Verdict};

/// The game `G` with a binary result: a finished position is a win for `root` when its
/// score for `root` ([`Game::terminal_value`]) is at least `threshold`, else a loss. Moves,
/// keys and move order are `G`'s. What each threshold run of [`MultiValued`] searches.
#[derive(Clone, Debug)]
pub struct AtLeast<G> {
    pos: G,
    root: Player,
    threshold: i32,
}

impl<G: Game> AtLeast<G> {
    /// `pos`, with finished games judged by "`root`'s score ≥ `threshold`".
    #[must_use]
    pub fn new(pos: G, root: Player, threshold: i32) -> Self {
        AtLeast {
            pos,
            root,
            threshold,
        }
    }

    fn wrap(&self, pos: G) -> Self {
        AtLeast { pos, ..*self }
    }

    /// Whether the root player reaches the threshold, if the game is over.
    fn reached(&self) -> Option<bool> {
        let value = self.pos.terminal_value(self.root)?;
        Some(value >= self.threshold)
    }
}

impl<G: Game> Game for AtLeast<G> {
    type Move = G::Move;
    type Key = G::Key;
    type List<T: Copy + std::fmt::Debug + Send + Sync + 'static> = G::List<T>;
    type Variant = (G::Variant, Player, i32);

    fn start(variant: &Self::Variant) -> Self {
        AtLeast::new(G::start(&variant.0), variant.1, variant.2)
    }

    fn variant(&self) -> Self::Variant {
        (self.pos.variant(), self.root, self.threshold)
    }

    fn turn(&self) -> Turn {
        self.pos.turn()
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        self.pos.legal_moves(out);
    }

    fn chance_probability(&self, mv: Self::Move) -> f64 {
        self.pos.chance_probability(mv)
    }

    fn play(&mut self, mv: Self::Move) {
        self.pos.play(mv);
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        let root_wins = self.reached()?;
        Some(if root_wins == (player == self.root) {
            Outcome::Win
        } else {
            Outcome::Loss
        })
    }

    fn terminal_value(&self, player: Player) -> Option<i32> {
        self.outcome(player)
            .map(|o| i32::from(o == Outcome::Win) * 2 - 1)
    }

    fn key(&self) -> Self::Key {
        self.pos.key()
    }

    fn parse_position(variant: &Self::Variant, text: &str) -> Result<Self, ParseError> {
        Ok(AtLeast::new(
            G::parse_position(&variant.0, text)?,
            variant.1,
            variant.2,
        ))
    }

    fn format_position(&self) -> String {
        self.pos.format_position()
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError> {
        self.pos.parse_move(text)
    }

    fn format_move(&self, mv: Self::Move) -> String {
        self.pos.format_move(mv)
    }

    fn random_playout(&self, rng: &mut Rng) -> Self {
        self.wrap(self.pos.random_playout(rng))
    }
}

/// The threshold whose run answers `goal`: `win` is score ≥ 1, `not-lose` score ≥ 0.
#[must_use]
pub const fn goal_threshold(goal: Goal) -> i32 {
    match goal {
        Goal::Win => 1,
        Goal::NotLose => 0,
    }
}

/// A multi-valued PNS of one root position: df-pn runs on "score ≥ v" over thresholds v
/// chosen by the open search of the module header; resumable.
#[derive(Debug)]
pub struct MultiValued<G: Game> {
    root: G,
    player: Player,
    /// The first threshold (the session's question).
    first: i32,
    /// The run in progress or the last one; `None` before the first.
    dfpn: Option<DfPn<AtLeast<G>>>,
    table_bytes: usize,
    runs: Vec<ThresholdRun>,
    /// The counters when the run in progress started.
    run_start: Stats,
    /// Score ≥ low is proved.
    low: Option<i32>,
    /// Score < high is proved.
    high: Option<i32>,
    /// The move the run that proved `low` found.
    best_move: Option<G::Move>,
}

impl<G: Game> MultiValued<G> {
    /// A search of `root` (a player's turn) whose first run asks "score ≥ `first`?", with
    /// df-pn tables of `table_bytes`.
    ///
    /// # Panics
    /// If `root` is not a player's turn.
    #[must_use]
    pub fn new(root: &G, first: i32, table_bytes: usize) -> Self {
        let Turn::Player(player) = root.turn() else {
            panic!("multi-valued PNS needs a player to move at the root");
        };
        MultiValued {
            root: root.clone(),
            player,
            first,
            dfpn: None,
            table_bytes,
            runs: Vec::new(),
            run_start: Stats::default(),
            low: None,
            high: None,
            best_move: None,
        }
    }

    /// The exact score for the player to move, once the bounds meet.
    #[must_use]
    pub fn score(&self) -> Option<i32> {
        match (self.low, self.high) {
            (Some(low), Some(high)) if high == low + 1 => Some(low),
            _ => None,
        }
    }

    /// The next threshold to test (the module header's open search), `None` once the score
    /// is known.
    fn next_threshold(&self) -> Option<i32> {
        if self.score().is_some() {
            return None;
        }
        // Gallop by 1, 2, 4, … from the last bound, one doubling per run in that direction.
        let step = |same_way: usize| 1i32 << same_way.saturating_sub(1).min(30);
        let proofs = self.runs_with(Verdict::Proved);
        let disproofs = self.runs_with(Verdict::Disproved);
        Some(match (self.low, self.high) {
            (None, None) => self.first,
            (Some(low), None) => low.saturating_add(step(proofs)),
            (None, Some(high)) => high.saturating_sub(step(disproofs)),
            (Some(low), Some(high)) => low + (high - low) / 2,
        })
    }

    fn runs_with(&self, verdict: Verdict) -> usize {
        self.runs.iter().filter(|r| r.verdict == verdict).count()
    }

    /// Searches until the score is known or a limit of `limits` (counted from the start of
    /// this call) is reached; returns the score if known.
    pub fn step(&mut self, limits: &Limits) -> Option<i32> {
        let start = self.stats();
        loop {
            let Some(threshold) = self.next_threshold() else {
                return self.score();
            };
            let spent = self.stats();
            let remaining = Limits {
                max_nodes: limits
                    .max_nodes
                    .map(|n| n.saturating_sub(spent.nodes_expanded - start.nodes_expanded)),
                max_seconds: limits
                    .max_seconds
                    .map(|s| (s - (spent.seconds - start.seconds)).max(0.0)),
                max_iterations: None,
                max_bytes: limits.max_bytes,
            };
            if remaining.max_nodes == Some(0) || remaining.max_seconds == Some(0.0) {
                return None;
            }
            let verdict = self.run(threshold).step(&remaining);
            let stats = self.stats();
            let run = ThresholdRun {
                threshold,
                verdict,
                nodes: stats.nodes_expanded - self.run_start.nodes_expanded,
                seconds: stats.seconds - self.run_start.seconds,
            };
            match verdict {
                Verdict::Proved => {
                    self.low = Some(threshold);
                    self.best_move = self.dfpn.as_ref().and_then(DfPn::best_move);
                }
                Verdict::Disproved => self.high = Some(threshold),
                _ => return None,
            }
            self.runs.push(run);
            self.run_start = stats;
        }
    }

    /// The df-pn search of "score ≥ `threshold`": the one in progress, or a new run in the
    /// same table.
    fn run(&mut self, threshold: i32) -> &mut DfPn<AtLeast<G>> {
        let root = AtLeast::new(self.root.clone(), self.player, threshold);
        let config = DfPnConfig {
            table_bytes: self.table_bytes,
            epsilon: 0.0,
        };
        let question = Question {
            root_player: self.player,
            goal: Goal::Win,
        };
        let dfpn = self
            .dfpn
            .get_or_insert_with(|| DfPn::new(&root, question, config));
        // A finished run (already in `runs`) makes way for the next; an unfinished one is
        // this threshold's, as no bound has changed since it started.
        if dfpn.verdict() != Verdict::Out {
            dfpn.restart(&root);
        }
        dfpn
    }

    /// The counters over all runs.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.dfpn.as_ref().map(DfPn::stats).unwrap_or_default()
    }

    /// The runs so far (the one in progress last, verdict `out`) and the bounds.
    #[must_use]
    pub fn score_search(&self) -> ScoreSearch {
        let mut runs = self.runs.clone();
        if let (Some(dfpn), Some(threshold)) = (&self.dfpn, self.next_threshold()) {
            let stats = dfpn.stats();
            if stats.nodes_expanded > self.run_start.nodes_expanded {
                runs.push(ThresholdRun {
                    threshold,
                    verdict: Verdict::Out,
                    nodes: stats.nodes_expanded - self.run_start.nodes_expanded,
                    seconds: stats.seconds - self.run_start.seconds,
                });
            }
        }
        ScoreSearch {
            runs,
            low: self.low,
            high: self.high.map(|h| h - 1),
            score: self.score(),
        }
    }

    /// The proof and disproof numbers of the run in progress (or the last one).
    #[must_use]
    pub fn root_numbers(&self) -> Option<super::dfpn::Numbers> {
        self.dfpn.as_ref().map(DfPn::root_numbers)
    }

    /// A move that achieves the proved lower bound (the best score once it is known).
    #[must_use]
    pub fn best_move(&self) -> Option<G::Move> {
        self.best_move
    }
}

/// An exact search's capabilities, without chance (module header).
const CAPABILITIES: Capabilities = Capabilities {
    chance: false,
    ..super::CAPABILITIES
};

/// Multi-valued PNS in the catalogue.
pub struct MvPnsSearch;

impl SearchKind for MvPnsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "mvpns",
        title: "Multi-valued PNS",
        help: "the exact score from df-pn runs on \"score ≥ v\" over thresholds v (TCG slides, multi-valued PN-search)",
        family: Family::Exact,
        capabilities: CAPABILITIES,
        params: &[],
        explain: Explain {
            pseudocode: &[],
            summary: "Multi-valued PNS finds the exact score (Othello's disc difference, Connect Four's score), not just win or loss, with proof-number search alone: each run is an ordinary binary df-pn search of the question \"is the score of the player to move at least v?\" (a finished game counts as proven when its score is ≥ v), and a search over the thresholds v brackets the score until a proof of ≥ s and a disproof of ≥ s + 1 meet. The runs, their thresholds, verdicts and positions searched are listed as they finish. proved and disproved answer the question from the exact score.",
            values: &[PN, DN],
            formulas: &[
                "a finished game, for threshold v: proof_v = 0, disproof_v = ∞ if its score ≥ v; proof_v = ∞, disproof_v = 0 if not",
                "OR node: proof_v = min over children; disproof_v = Σ; AND node: proof_v = Σ; disproof_v = min (df-pn's rules for each run)",
                "first run: v = 1 for goal win (score > 0), v = 0 for not-lose (score ≥ 0)",
                "only proofs so far: next v = last proved v + 1, 2, 4, …; only disproofs: last disproved v − 1, 2, 4, …",
                "bracketed, low ≤ score < high: next v = low + ⌊(high − low)/2⌋; proved → low = v, disproved → high = v; the score is low once high = low + 1",
            ],
            selection: "Within a run, df-pn: the child with the least proof number at OR nodes and the least disproof number at AND nodes, under thresholds (see df-pn). Between runs, the open search of the formulas: gallop away from the question's threshold until a run fails, then bisect.",
            params: "No parameters of its own. The node limit counts positions over all runs; a step of N searches N more positions, finishing runs and starting the next as it goes. Each run uses the same 16 MiB table, emptied when a run ends.",
            source: "T.-s. Hsu, TCG: Selected advanced topics (slides 37–43, multi-valued proof and disproof numbers, PN-search(v) and the open-value binary search); Nagai's df-pn for each run.",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        let threshold = goal_threshold(params.goal());
        Box::new(MvPnsSession {
            search: MultiValued::new(&root, threshold, DfPnConfig::within(params).table_bytes),
            threshold,
            core: SessionCore::new(
                &Self::INFO,
                format!(
                    "{} And what is the exact score of the player to move?",
                    question.words(&root)
                ),
                params.limits(),
            ),
            root,
        })
    }
}

/// A multi-valued PNS driven as a [`Session`].
struct MvPnsSession<G: Game> {
    search: MultiValued<G>,
    root: G,
    /// The threshold that answers the question.
    threshold: i32,
    core: SessionCore,
}

impl<G: Game> Session for MvPnsSession<G> {
    fn core(&self) -> &SessionCore {
        &self.core
    }

    fn step(&mut self, budget: Budget) -> Option<Verdict> {
        let threshold = self.threshold;
        let step = |search: &mut MultiValued<G>, limits: &Limits| match search.step(limits) {
            Some(score) if score >= threshold => Verdict::Proved,
            Some(_) => Verdict::Disproved,
            None => Verdict::Out,
        };
        self.core
            .run
            .step_counted(budget, &mut self.search, MultiValued::stats, step)
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn root_value(&self) -> Option<Values> {
        self.search.root_numbers().map(super::dfpn::Numbers::values)
    }

    fn best_move(&self) -> Option<String> {
        self.search.best_move().map(|mv| self.root.format_move(mv))
    }

    fn score_search(&self) -> Option<ScoreSearch> {
        Some(self.search.score_search())
    }
}

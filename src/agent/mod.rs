//! Agents: anything that chooses a move in a game, for the arena ([`crate::arena`]).
//!
//! An agent is either `random` (a uniformly random legal move, seeded: the baseline every
//! win-rate paper starts from) or a search of the catalogue ([`crate::search::catalogue`])
//! that gives a favoured move (`Session::best_move`): the proof-number searches, df-pn,
//! alpha-beta, and any search declared with the capability `plays`. Each move is one fresh
//! session on the position to move from, run within a *budget per move*: `iterations` (the
//! reproducible budget: a seed and an iteration budget give the same move on native and
//! wasm), `nodes` (the schema's node limit) or `seconds` (wall clock: not reproducible).
//!
//! The text form, as the CLI takes it (`--a`, `--b`):
//!
//! ```text
//! agent  := "random" | search [":" option ("," option)*]
//! option := key "=" value      key: iterations | seconds | tree | any key of the search's schema
//! ```
//!
//! e.g. `pns:iterations=1000`, `ppns:iterations=200,theta=0.01,pr=1e-5`,
//! `alphabeta:seconds=0.1`, `dfpn:nodes=100000,goal=not-lose`. Every value is checked against
//! the schema ([`crate::search::params`]); a bad one is an [`Error::BadParameter`] naming the
//! key. A search agent needs a budget (`iterations`, `nodes`, `seconds` or `time`).
//!
//! How a search agent moves:
//!
//! * a position with one legal move (a forced pass, say) is played at once, without search;
//! * with no `goal` given, the agent asks the search whether it can **win**; if the search
//!   answers no (`disproved` or `concluded-loss`) in a two-player game, it asks again, with
//!   the same budget, whether it can **avoid losing**, and plays that search's move. So an
//!   exact search plays perfectly: a win when there is one, else a draw when there is one.
//!   With `goal=win` or `goal=not-lose` given, only that question is asked;
//! * when the search proves the position **lost** (its `not-lose` question disproved: every
//!   move loses against perfect play, so the proof names none, and alpha-beta gives no
//!   move at all), the agent plays the **longest-resisting move** ([`resist`]): the move
//!   after which the opponent needs the most plies to force its win, found by a
//!   depth-limited search of at most [`resist::RESIST_POSITIONS`] positions (not counted in
//!   the move's iterations, but in its seconds); among equally long resisters, the search's
//!   own move if it is one, else the first in the game's order. This is a chosen move, not
//!   a fallback (two-player games without chance);
//! * when the search gives no move for another reason (alpha-beta stopped by its budget
//!   before it decided), the agent plays the **first legal move** in the game's order and
//!   the move is marked `fallback` (the arena counts them).
//!
//! **Keeping the tree** (`tree=keep`, searches with the capability `carries_tree`: MCTS and
//! PN-MCTS; default `tree=fresh`): as Ludii's agents do (`MCTS.java`'s `treeReuse`, on in the
//! PN-MCTS paper's runs), the agent keeps the search whose move it played and, at its next
//! move, carries it on to the subtree after the moves played since
//! ([`crate::search::session::Session::carry`]) instead of starting afresh: the per-move
//! budget buys iterations on top of what the subtree already holds. A carried search answers
//! the same question (goal) only; when the line left its tree, a fresh search starts. What
//! is kept lives in a [`Kept`] the caller holds per side ([`Agent::choose_kept`]; the arena
//! does); [`Agent::choose`] keeps nothing.
//!
//! Every random choice of a move (the random agent's pick, a search's playouts) comes from
//! the seed the arena gives for that move; a `seed=S` option is mixed into it, so two
//! agents of one search can play differently on the same game. Chance moves are never the
//! agents' business: the arena samples them.
//!
//! ```
//! use pnplay::agent::Agent;
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//!
//! let agent: Agent = "alphabeta:iterations=100000".parse().unwrap();
//! let pos = TicTacToe::parse_position(&(), "1425").unwrap(); // X: 1, 2; O: 4, 5
//! let choice = agent.choose(&pos, 7).unwrap();
//! assert_eq!(pos.format_move(choice.mv), "3"); // X completes 1-2-3
//! assert!(!choice.fallback);
//!
//! let error = "pns:iterations=100,theta=2".parse::<Agent>().unwrap_err();
//! assert_eq!(error.field(), Some("theta"));
//! ```

pub mod hint;
pub mod resist;

use std::fmt;
use std::str::FromStr;

use crate::core::rng::derive_seed;
use crate::error::Error;
use crate::game::any::{AnyPosition, Visit};
use crate::game::catalogue::Catalogued;
use crate::game::error::Elided;
use crate::game::{MoveList, Rng, Turn};
use crate::search::catalogue::{self, SearchInfo};
use crate::search::params::{GOAL, NODES, Params, RUN_PARAMS, SEED, TIME};
use crate::search::session::{Budget, Session};
use crate::search::{Clock, Goal, Verdict};

/// The agent-level keys of the text form, besides the search's schema.
const ITERATIONS: &str = "iterations";
/// The per-move wall-clock budget key.
const SECONDS: &str = "seconds";
/// The key that keeps the tree between moves (`keep`) or not (`fresh`, the default).
const TREE: &str = "tree";
/// The keys that set a search agent's budget per move.
const BUDGET_KEYS: [&str; 4] = [ITERATIONS, SECONDS, NODES.key, TIME.key];

/// Whether option `key` bounds a search agent's work per move: a budget key, or the depth of
/// a depth-limited player (`ab:depth=5`).
fn is_budget_key(info: &SearchInfo, key: &str) -> bool {
    let depth = &crate::search::heuristic::DEPTH;
    BUDGET_KEYS.contains(&key) || (key == depth.key && info.params.contains(depth))
}

/// Reads an iteration budget: a whole number of at least 1 (the message says what is wrong).
fn parse_iterations(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| {
            format!(
                "iterations must be a whole number of at least 1, got {}",
                Elided(text)
            )
        })
}

/// Reads a budget in seconds: a finite number above 0.
fn parse_seconds(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0)
        .ok_or_else(|| format!("seconds must be a number above 0, got {}", Elided(text)))
}

/// The budget per move `pnplay match --budget` gives every search agent whose text sets
/// none: `iterations=N`, `seconds=S` or `nodes=N` (the schema's node limit), or several of
/// them joined by commas (`iterations=1000,seconds=1`: whichever comes first). Errors name
/// the field `budget`.
///
/// ```
/// use pnplay::agent::DefaultBudget;
/// assert!("seconds=0.1".parse::<DefaultBudget>().is_ok());
/// for bad in ["", "iterations", "iterations=0", "seconds=-1", "depth=3", "nodes=x",
///             "iterations=5,iterations=6"] {
///     assert_eq!(bad.parse::<DefaultBudget>().unwrap_err().field(), Some("budget"), "{bad}");
/// }
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DefaultBudget {
    /// The options it adds, key and value text as given (checked).
    options: Vec<(String, String)>,
}

impl FromStr for DefaultBudget {
    type Err = Error;

    fn from_str(text: &str) -> Result<DefaultBudget, Error> {
        // Printed as `budget: …` (the field, then what is wrong).
        let bad = |message: String| {
            Error::BadParameter {
                name: "budget".to_string(),
                message,
            }
            .at("budget")
        };
        let mut options: Vec<(String, String)> = Vec::new();
        for option in text.split(',') {
            let expected = || {
                bad(format!(
                    "expected iterations=N, seconds=S or nodes=N (several joined by commas), got {}",
                    Elided(option.trim())
                ))
            };
            let (key, value) = option.split_once('=').ok_or_else(expected)?;
            let (key, value) = (key.trim(), value.trim());
            let checked = match key {
                ITERATIONS => parse_iterations(value).map(|_| ()),
                SECONDS => parse_seconds(value).map(|_| ()),
                _ if key == NODES.key => Params::default()
                    .set_text(NODES.key, value)
                    .map_err(|e| e.to_string()),
                _ => return Err(expected()),
            };
            checked.map_err(bad)?;
            if options.iter().any(|(k, _)| k == key) {
                return Err(bad(format!("{key} is given twice")));
            }
            options.push((key.to_string(), value.to_string()));
        }
        Ok(DefaultBudget { options })
    }
}

/// What kind of agent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AgentKind {
    /// A uniformly random legal move, drawn from the move's seed.
    Random,
    /// The favoured move of a search of the catalogue.
    Search(&'static SearchInfo),
}

/// An agent parsed from its text form (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct Agent {
    kind: AgentKind,
    /// The options as given, key and canonical value text, sorted by key.
    options: Vec<(String, String)>,
    /// The schema's parameters of the options (seed, goal, limits, the search's own).
    params: Params,
    /// The per-move budget.
    budget: Budget,
    /// Whether `goal` was given (else: win, then not-lose).
    goal_given: bool,
    /// Whether the agent carries its search on from move to move (`tree=keep`).
    keeps_tree: bool,
}

/// What an agent with `tree=keep` carries from one of its moves to the next: the search
/// whose move it played, the goal it answered, and the moves played since (see the
/// [module](self)). One per side of a game; empty at the start.
#[derive(Default)]
pub struct Kept {
    search: Option<(Box<dyn Session>, Goal)>,
    line: Vec<String>,
}

impl Kept {
    /// The search kept from the agent's last move, if any.
    #[must_use]
    pub fn search(&self) -> Option<&dyn Session> {
        self.search.as_ref().map(|(search, _)| search.as_ref())
    }

    /// Notes a move played in the game (by anyone), in the game's notation.
    pub fn played(&mut self, mv: String) {
        if self.search.is_some() {
            self.line.push(mv);
        }
    }

    /// The kept search carried on to the current position for a question of `goal`, its
    /// random choices from `seed`; `None` (and nothing kept any more) if there is none, it
    /// answered another goal, or it cannot be carried there.
    fn carried(&mut self, goal: Goal, seed: u64) -> Option<Box<dyn Session>> {
        let line = std::mem::take(&mut self.line);
        let (mut search, kept_goal) = self.search.take()?;
        (kept_goal == goal && search.carry(&line, seed)).then_some(search)
    }
}

/// One move an agent chose, with what it cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// Iterations the search ran for it (both questions; 0 for a forced move or `random`).
    pub iterations: u64,
    /// Seconds it took.
    pub seconds: f64,
    /// Whether the search gave no move and the first legal move was played instead.
    pub fallback: bool,
}

impl Agent {
    /// The agent's kind.
    #[must_use]
    pub fn kind(&self) -> AgentKind {
        self.kind
    }

    /// The per-move budget (iterations and seconds; a node budget is in the parameters).
    #[must_use]
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// This agent with option `key` set to `value` (replacing it if present), checked as in
    /// the text form: what `--sweep key=v1,v2` applies to agent A.
    ///
    /// ```
    /// use pnplay::agent::Agent;
    /// let agent: Agent = "ppns:iterations=100".parse().unwrap();
    /// assert_eq!(agent.with_option("theta", "0.1").unwrap().to_string(), "ppns:iterations=100,theta=0.1");
    /// assert_eq!(agent.with_option("theta", "7").unwrap_err().field(), Some("theta"));
    /// ```
    pub fn with_option(&self, key: &str, value: &str) -> Result<Agent, Error> {
        let mut options: Vec<(String, String)> = self
            .options
            .iter()
            .filter(|(k, _)| k != key)
            .cloned()
            .collect();
        options.push((key.to_string(), value.to_string()));
        Agent::build(self.kind, options)
    }

    /// Parses the text form, with `budget` (`pnplay match --budget`) as the budget per move
    /// of a search agent whose text sets none (no `iterations`, `seconds`, `nodes` or
    /// `time`); an agent that sets its own keeps it, and `random` needs none.
    ///
    /// ```
    /// use pnplay::agent::{Agent, DefaultBudget};
    /// let budget: DefaultBudget = "iterations=1000".parse().unwrap();
    /// let agent = Agent::parse_with("pnmcts:cpn=0.5", Some(&budget)).unwrap();
    /// assert_eq!(agent.to_string(), "pnmcts:cpn=0.5,iterations=1000");
    /// let own = Agent::parse_with("mcts:seconds=0.1", Some(&budget)).unwrap();
    /// assert_eq!(own.to_string(), "mcts:seconds=0.1"); // its own budget wins
    /// assert_eq!(Agent::parse_with("random", Some(&budget)).unwrap().to_string(), "random");
    /// ```
    ///
    /// # Errors
    /// As [`Agent::from_str`].
    pub fn parse_with(text: &str, budget: Option<&DefaultBudget>) -> Result<Agent, Error> {
        let text = text.trim();
        let (id, rest) = match text.split_once(':') {
            Some((id, rest)) => (id.trim(), Some(rest)),
            None => (text, None),
        };
        let kind = if id == "random" {
            AgentKind::Random
        } else {
            AgentKind::Search(catalogue::find(id)?)
        };
        let mut options = Vec::new();
        for option in rest.into_iter().flat_map(|rest| rest.split(',')) {
            let (key, value) = key_value(option)?;
            options.push((key.to_string(), value.to_string()));
        }
        let sets_budget = match kind {
            AgentKind::Random => false,
            AgentKind::Search(info) => options.iter().any(|(key, _)| is_budget_key(info, key)),
        };
        if let (AgentKind::Search(_), Some(budget), false) = (kind, budget, sets_budget) {
            options.extend(budget.options.iter().cloned());
        }
        Agent::build(kind, options)
    }

    /// Builds an agent of `kind` from its options, checking each.
    fn build(kind: AgentKind, options: Vec<(String, String)>) -> Result<Agent, Error> {
        let info = match kind {
            AgentKind::Random => {
                if let Some((key, _)) = options.first() {
                    return Err(Error::BadParameter {
                        name: key.clone(),
                        message: format!("the random agent takes no options, got {}", Elided(key)),
                    });
                }
                return Ok(Agent {
                    kind,
                    options,
                    params: Params::default(),
                    budget: Budget::UNLIMITED,
                    goal_given: false,
                    keeps_tree: false,
                });
            }
            AgentKind::Search(info) => info,
        };
        let mut params = Params::default();
        let mut budget = Budget::UNLIMITED;
        let mut canonical = Vec::with_capacity(options.len());
        for (key, text) in options {
            if canonical.iter().any(|(k, _): &(String, String)| *k == key) {
                return Err(Error::BadParameter {
                    message: format!("{key} is given twice"),
                    name: key,
                });
            }
            let bad = |message| Error::BadParameter {
                name: key.clone(),
                message,
            };
            let value = match key.as_str() {
                ITERATIONS => {
                    let n = parse_iterations(&text).map_err(bad)?;
                    budget.iterations = Some(n);
                    n.to_string()
                }
                SECONDS => {
                    let s = parse_seconds(&text).map_err(bad)?;
                    budget.seconds = Some(s);
                    s.to_string()
                }
                TREE if info.capabilities.carries_tree => match text.trim() {
                    "keep" | "fresh" => text.trim().to_string(),
                    other => {
                        return Err(bad(format!(
                            "tree must be keep or fresh, got {}",
                            Elided(other)
                        )));
                    }
                },
                _ => {
                    let spec = info
                        .params
                        .iter()
                        .chain(RUN_PARAMS)
                        .find(|spec| spec.key == key)
                        .ok_or_else(|| Error::BadParameter {
                            name: key.clone(),
                            message: format!(
                                "{} has no parameter {key:?}: expected one of {}",
                                info.id,
                                keys(info).join(", ")
                            ),
                        })?;
                    params.set_text(spec.key, &text)?;
                    if spec.key == SEED.key {
                        params.seed().to_string()
                    } else {
                        spec.format(params.get(spec))
                    }
                }
            };
            canonical.push((key, value));
        }
        canonical.sort();
        let has = |key: &str| canonical.iter().any(|(k, _)| k == key);
        if !canonical.iter().any(|(key, _)| is_budget_key(info, key)) {
            let depth_limited = info.params.contains(&crate::search::heuristic::DEPTH);
            return Err(Error::BadParameter {
                name: ITERATIONS.to_string(),
                message: format!(
                    "{} needs a budget per move: iterations=N, nodes=N or seconds=S{} (or pnplay match --budget)",
                    info.id,
                    if depth_limited { ", or depth=D" } else { "" }
                ),
            });
        }
        params.check(info.params)?;
        let keeps_tree = canonical.iter().any(|(k, v)| k == TREE && v == "keep");
        Ok(Agent {
            kind,
            keeps_tree,
            goal_given: has(GOAL.key),
            options: canonical,
            params,
            budget,
        })
    }

    /// Chooses a move in `pos` (a player's turn), drawing every random choice from `seed`:
    /// [`Agent::think`] run to its choice in one go.
    ///
    /// # Errors
    /// [`Error::GameOver`] if the game is over or chance is to act; a search's refusal of
    /// the game ([`Error::Unsupported`]).
    pub fn choose<G: Catalogued>(&self, pos: &G, seed: u64) -> Result<Choice<G::Move>, Error> {
        self.choose_kept(pos, seed, &mut Kept::default())
    }

    /// [`Agent::choose`] for an agent that may keep its tree (`tree=keep`): its search starts
    /// from what `kept` holds if it can be carried to `pos`, and is kept there after the
    /// choice. The caller notes every move played in `kept` ([`Kept::played`]). An agent
    /// without `tree=keep` leaves `kept` empty and chooses as [`Agent::choose`].
    ///
    /// ```
    /// use pnplay::agent::{Agent, Kept};
    /// use pnplay::game::{Game, connect4::{Connect4, Dims}};
    ///
    /// let agent: Agent = "mcts:iterations=200,tree=keep".parse().unwrap();
    /// let mut pos = Connect4::parse_position(&Dims::default(), "").unwrap();
    /// let mut kept = Kept::default();
    /// let first = agent.choose_kept(&pos, 1, &mut kept).unwrap();
    /// for mv in [first.mv, pos.parse_move("4").unwrap()] {
    ///     kept.played(pos.format_move(mv));
    ///     pos.play(mv);
    /// }
    /// let second = agent.choose_kept(&pos, 2, &mut kept).unwrap();
    /// assert_eq!(second.iterations, 200); // the move's own budget, on top of the subtree:
    /// let nodes = kept.search().unwrap().stats().nodes_created; // UCT adds a node an iteration
    /// assert!(nodes > 201, "{nodes}");
    /// let fresh: Agent = "mcts:iterations=200".parse().unwrap();
    /// let mut none = Kept::default();
    /// fresh.choose_kept(&pos, 2, &mut none).unwrap();
    /// assert!(none.search().is_none());
    /// ```
    ///
    /// # Errors
    /// As [`Agent::choose`].
    pub fn choose_kept<G: Catalogued>(
        &self,
        pos: &G,
        seed: u64,
        kept: &mut Kept,
    ) -> Result<Choice<G::Move>, Error> {
        let mut thinking = self.think_kept(pos, seed, kept)?;
        loop {
            if let Some(choice) = thinking.step(Budget::UNLIMITED)? {
                // A move chosen without search (a forced one) leaves the kept search as it
                // was, the line growing.
                if let (true, Some(search)) = (self.keeps_tree, thinking.session.take()) {
                    kept.search = Some((search, thinking.goal()));
                }
                return Ok(choice);
            }
        }
    }

    /// Starts choosing a move in `pos` from `seed`, to be stepped ([`Thinking::step`]): the
    /// same questions, searches and choice as [`Agent::choose`], in slices, so the page can
    /// show the search while the agent thinks. A forced move or the random agent's pick is
    /// chosen at once.
    ///
    /// ```
    /// use pnplay::agent::{Agent, Choice};
    /// use pnplay::game::{Game, tictactoe::TicTacToe};
    /// use pnplay::search::session::Budget;
    ///
    /// let agent: Agent = "pnmcts:iterations=300".parse().unwrap();
    /// let pos = TicTacToe::parse_position(&(), "5").unwrap();
    /// let mut thinking = agent.think(&pos, 11).unwrap();
    /// let choice = loop {
    ///     if let Some(choice) = thinking.step(Budget::iterations(7)).unwrap() {
    ///         break choice;
    ///     }
    /// };
    /// assert_eq!(choice, Choice { seconds: choice.seconds, ..agent.choose(&pos, 11).unwrap() });
    /// ```
    ///
    /// # Errors
    /// As [`Agent::choose`].
    pub fn think<G: Catalogued>(&self, pos: &G, seed: u64) -> Result<Thinking<G>, Error> {
        self.think_kept(pos, seed, &mut Kept::default())
    }

    /// [`Agent::think`] from what `kept` holds (see [`Agent::choose_kept`]).
    fn think_kept<G: Catalogued>(
        &self,
        pos: &G,
        seed: u64,
        kept: &mut Kept,
    ) -> Result<Thinking<G>, Error> {
        if !matches!(pos.turn(), Turn::Player(_)) {
            return Err(Error::GameOver);
        }
        let clock = Clock::start();
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let mut thinking = Thinking {
            agent: self.clone(),
            pos: pos.clone(),
            first: moves[0],
            params: Params::default(),
            session: None,
            asked_not_lose: false,
            question_clock: clock,
            clock,
            iterations: 0,
            choice: None,
        };
        let unsearched = |mv| Choice {
            mv,
            iterations: 0,
            seconds: clock.seconds(),
            fallback: false,
        };
        let info = match self.kind {
            AgentKind::Random => {
                let mut rng = Rng::new(seed);
                thinking.choice = Some(unsearched(moves[rng.below(moves.len() as u32) as usize]));
                return Ok(thinking);
            }
            AgentKind::Search(_) if moves.len() == 1 => {
                thinking.choice = Some(unsearched(moves[0]));
                return Ok(thinking);
            }
            AgentKind::Search(info) => info,
        };
        thinking.params = if self.options.iter().any(|(k, _)| k == SEED.key) {
            self.params
                .clone()
                .with_seed(derive_seed(self.params.seed(), &[seed]))
        } else {
            self.params.clone().with_seed(seed)
        };
        let carried = if self.keeps_tree {
            kept.carried(thinking.goal(), thinking.params.seed())
        } else {
            None
        };
        thinking.session = Some(match carried {
            Some(search) => search,
            None => catalogue::start(info.id, pos.clone(), &thinking.params)?,
        });
        Ok(thinking)
    }

    /// What is left of the per-move budget for a question whose search is `session`, asked
    /// `clock` ago; `None` when it is used up (the node and time limits are the session's
    /// own).
    fn remaining(&self, session: &dyn Session, clock: &Clock) -> Option<Budget> {
        let done = session.stats().iterations;
        let iterations = match self.budget.iterations {
            Some(n) if done >= n => return None,
            Some(n) => Some(n - done),
            None => None,
        };
        let seconds = match self.budget.seconds {
            Some(s) if clock.seconds() >= s => return None,
            Some(s) => Some(s - clock.seconds()),
            None => None,
        };
        Some(Budget {
            iterations,
            seconds,
        })
    }
}

/// An agent choosing a move, step by step ([`Agent::think`]): the search of the question
/// being asked (can I win? then, if not, can I avoid losing?), and the choice once made.
pub struct Thinking<G: Catalogued> {
    agent: Agent,
    pos: G,
    /// The first legal move in the game's order: the fallback.
    first: G::Move,
    /// The searches' parameters, with the move's seed.
    params: Params,
    /// The search of the current (or, once chosen, the last) question; `None` for a move
    /// chosen without search.
    session: Option<Box<dyn Session>>,
    asked_not_lose: bool,
    /// Since the current question was asked (a `seconds` budget is per question).
    question_clock: Clock,
    clock: Clock,
    /// Iterations of the questions already answered.
    iterations: u64,
    choice: Option<Choice<G::Move>>,
}

impl<G: Catalogued> Thinking<G> {
    /// Thinks for at most `slice` more (and within the per-move budget); returns the choice
    /// once it is made. Slices of any size give the same choice as one
    /// [`Agent::choose`] as long as the budget is iterations or nodes. A search that is not
    /// steppable (df-pn, alpha-beta) runs its whole budget in one slice.
    ///
    /// # Errors
    /// A search's refusal of the game for the second question (never in practice: the first
    /// was the same search on the same position).
    pub fn step(&mut self, slice: Budget) -> Result<Option<Choice<G::Move>>, Error> {
        if self.choice.is_some() {
            return Ok(self.choice);
        }
        let session = self
            .session
            .as_mut()
            .expect("a search runs until the choice is made");
        // A search whose iterations are not steps to watch (df-pn, alpha-beta: a step
        // searches afresh within its budget) gets the whole budget at once, as in `choose`.
        let steppable = session.info().capabilities.steppable;
        let answered = match self.agent.remaining(session.as_ref(), &self.question_clock) {
            None => true,
            Some(left) if !steppable => session.step(left).is_some(),
            Some(left) => session.step(within(left, slice)).is_some(),
        };
        if answered {
            self.answered()?;
        }
        Ok(self.choice)
    }

    /// The current question is answered: ask the next one, or choose.
    fn answered(&mut self) -> Result<(), Error> {
        let session = self.session.as_ref().expect("a question was asked");
        self.iterations += session.stats().iterations;
        let two_players = G::FAMILY.facts.players == 2;
        if !self.agent.goal_given
            && !self.asked_not_lose
            && two_players
            && session.verdict().claim() == Some(false)
        {
            let AgentKind::Search(info) = self.agent.kind else {
                unreachable!("only a search asks questions")
            };
            self.asked_not_lose = true;
            let params = self.params.clone().with_goal(Goal::NotLose);
            self.session = Some(catalogue::start(info.id, self.pos.clone(), &params)?);
            self.question_clock = Clock::start();
            return Ok(());
        }
        let mut chosen = session
            .best_move()
            .and_then(|text| self.pos.parse_move(&text).ok());
        let lost = two_players
            && !G::FAMILY.facts.chance
            && session.verdict() == Verdict::Disproved
            && (!self.agent.goal_given || self.params.goal() == Goal::NotLose);
        if lost {
            let preferred: Vec<G::Move> = chosen.into_iter().collect();
            chosen = resist::longest_resisting(&self.pos, &preferred).map(|(mv, _)| mv);
        }
        self.choice = Some(Choice {
            mv: chosen.unwrap_or(self.first),
            iterations: self.iterations,
            seconds: self.clock.seconds(),
            fallback: chosen.is_none(),
        });
        Ok(())
    }

    /// The choice, once made.
    #[must_use]
    pub fn choice(&self) -> Option<Choice<G::Move>> {
        self.choice
    }

    /// The goal of the question being asked (or the last one).
    fn goal(&self) -> Goal {
        if self.asked_not_lose {
            Goal::NotLose
        } else {
            self.params.goal()
        }
    }
}

/// The smaller of two budgets, bound by bound.
fn within(a: Budget, b: Budget) -> Budget {
    let least = |x: Option<f64>, y: Option<f64>| match (x, y) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, y) => x.or(y),
    };
    Budget {
        iterations: match (a.iterations, b.iterations) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        },
        seconds: least(a.seconds, b.seconds),
    }
}

/// An agent thinking about a position of any game ([`Thinking`] with its game's type
/// hidden): what the page's worker steps while it shows the search.
pub trait Deliberation: Send {
    /// Thinks for at most `slice` more; true once the choice is made.
    ///
    /// # Errors
    /// As [`Thinking::step`].
    fn step(&mut self, slice: Budget) -> Result<bool, Error>;
    /// The search of the question being asked (or the last one); `None` without search.
    fn session(&self) -> Option<&dyn Session>;
    /// Iterations so far, every question's.
    fn iterations(&self) -> u64;
    /// The searches' parameters (with the move's seed).
    fn params(&self) -> &Params;
    /// The choice once made, its move as text.
    fn choice(&self) -> Option<Choice<String>>;
}

impl<G: Catalogued> Deliberation for Thinking<G> {
    fn step(&mut self, slice: Budget) -> Result<bool, Error> {
        Thinking::step(self, slice).map(|choice| choice.is_some())
    }

    fn session(&self) -> Option<&dyn Session> {
        self.session.as_deref()
    }

    fn iterations(&self) -> u64 {
        match (&self.choice, &self.session) {
            (None, Some(session)) => self.iterations + session.stats().iterations,
            (Some(choice), _) => choice.iterations,
            (None, None) => 0,
        }
    }

    fn params(&self) -> &Params {
        &self.params
    }

    fn choice(&self) -> Option<Choice<String>> {
        self.choice.map(|choice| Choice {
            mv: self.pos.format_move(choice.mv),
            iterations: choice.iterations,
            seconds: choice.seconds,
            fallback: choice.fallback,
        })
    }
}

impl Agent {
    /// [`Agent::think`] on an erased position.
    ///
    /// # Errors
    /// As [`Agent::think`].
    pub fn think_at(&self, root: &AnyPosition, seed: u64) -> Result<Box<dyn Deliberation>, Error> {
        struct Think<'a> {
            agent: &'a Agent,
            seed: u64,
        }
        impl Visit for Think<'_> {
            type Output = Result<Box<dyn Deliberation>, Error>;
            fn visit<G: Catalogued>(self, root: &G) -> Self::Output {
                Ok(Box::new(self.agent.think(root, self.seed)?))
            }
        }
        root.visit(Think { agent: self, seed })
    }
}

impl FromStr for Agent {
    type Err = Error;

    /// Parses the text form; an unknown search is [`Error::UnknownSearch`], a bad option an
    /// [`Error::BadParameter`] naming its key.
    fn from_str(text: &str) -> Result<Agent, Error> {
        Agent::parse_with(text, None)
    }
}

impl fmt::Display for Agent {
    /// The canonical text form: the id, then the options sorted by key with their values as
    /// the schema formats them (`pns:iterations=1000,theta=0.01`). Parsing it gives back an
    /// equal agent.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = match self.kind {
            AgentKind::Random => "random",
            AgentKind::Search(info) => info.id,
        };
        f.write_str(id)?;
        for (i, (key, value)) in self.options.iter().enumerate() {
            write!(f, "{}{key}={value}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

/// Every key a search agent's text form accepts, for help texts: `iterations`, `seconds`
/// and the schema's keys of `info`.
///
/// ```
/// let pns = pnplay::search::catalogue::find("pns").unwrap();
/// assert_eq!(
///     pnplay::agent::keys(pns),
///     ["iterations", "seconds", "seed", "goal", "nodes", "time", "memory"]
/// );
/// ```
#[must_use]
pub fn keys(info: &SearchInfo) -> Vec<&'static str> {
    let tree = info.capabilities.carries_tree.then_some(TREE);
    [ITERATIONS, SECONDS]
        .into_iter()
        .chain(tree)
        .chain(info.params.iter().chain(RUN_PARAMS).map(|s| s.key))
        .collect()
}

/// One option of an agent's text (`key=value`, spaces around either part ignored), split.
///
/// # Errors
/// [`Error::BadParameter`] naming the option if it has no `=`.
pub fn key_value(option: &str) -> Result<(&str, &str), Error> {
    let (key, value) = option.split_once('=').ok_or_else(|| Error::BadParameter {
        name: option.trim().to_string(),
        message: format!("option {:?} is not key=value", option.trim()),
    })?;
    Ok((key.trim(), value.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn text_round_trips_and_is_canonical() {
        for (text, canonical) in [
            ("random", "random"),
            ("pns:iterations=1000", "pns:iterations=1000"),
            (
                "ppns: theta=0.1 , iterations=50,pr=1e-5",
                "ppns:iterations=50,pr=0.00001,theta=0.1",
            ),
            ("alphabeta:seconds=0.5", "alphabeta:seconds=0.5"),
            (
                "dfpn:nodes=100,goal=not-lose",
                "dfpn:goal=not-lose,nodes=100",
            ),
            (
                "pnmcts:tree=keep,iterations=5",
                "pnmcts:iterations=5,tree=keep",
            ),
        ] {
            let agent: Agent = text.parse().unwrap();
            assert_eq!(agent.to_string(), canonical, "{text}");
            assert_eq!(canonical.parse::<Agent>().unwrap(), agent);
        }
    }

    #[test]
    fn bad_text_names_the_field() {
        for (text, field) in [
            ("chess", "search"),
            ("pns", "iterations"),
            ("pns:iterations=0", "iterations"),
            ("pns:iterations=1,theta=2", "theta"),
            ("pns:iterations=1,cpn=1", "cpn"),
            ("pns:iterations=1,iterations=2", "iterations"),
            ("alphabeta:seconds=-1", "seconds"),
            ("random:seed=3", "seed"),
            ("pns:iterations", "iterations"),
            ("pns:nodes=0", "nodes"),
            ("dfpn:nodes=9,goal=lose", "goal"),
            ("pns:iterations=1,tree=keep", "tree"),
            ("mcts:iterations=1,tree=yes", "tree"),
            // The depth-limited players' parameters.
            ("ab:depth=0", "depth"),
            ("ab:depth=5,eval=greed", "eval"),
            ("ab:depth=5,w.corners=2000", "w.corners"),
            ("ab:depth=5,w.mobility=x", "w.mobility"),
            ("abid:seconds=1,deepen=guess", "deepen"),
            ("minimax:depth=3,endgame=65", "endgame"),
            ("ab:depth=5,predetermined=yes", "predetermined"),
            ("ab:eval=corners", "iterations"),
            ("ab:depth=5,theta=0.1", "theta"),
        ] {
            let error = text.parse::<Agent>().unwrap_err();
            assert_eq!(error.field(), Some(field), "{text}: {error}");
        }
    }

    /// Thinking in slices of any size chooses what `choose` does: the same move, iterations
    /// and fallback, through both questions (tic-tac-toe's start is a draw: "can I win?" is
    /// disproved, then "can I avoid losing?" asked).
    #[test]
    fn thinking_in_slices_chooses_as_choose() {
        use crate::game::tictactoe::TicTacToe;
        let start = TicTacToe::parse_position(&(), "").unwrap();
        let middle = TicTacToe::parse_position(&(), "519").unwrap();
        for text in [
            "pns:iterations=2000",
            "alphabeta:iterations=100000",
            "mcts:iterations=300",
            "pnmcts:iterations=300,cpn=0.5",
            "ppns:iterations=150,seed=4",
            "random",
        ] {
            let agent: Agent = text.parse().unwrap();
            for pos in [&start, &middle] {
                for seed in [1, 2] {
                    let whole = agent.choose(pos, seed).unwrap();
                    for slice in [1, 7, 1000] {
                        let mut thinking = agent.think(pos, seed).unwrap();
                        let stepped = loop {
                            if let Some(choice) = thinking.step(Budget::iterations(slice)).unwrap()
                            {
                                break choice;
                            }
                        };
                        assert_eq!(
                            (stepped.mv, stepped.iterations, stepped.fallback),
                            (whole.mv, whole.iterations, whole.fallback),
                            "{text} seed {seed} slice {slice}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn keys_list_the_schema() {
        let keys = keys(catalogue::find("ppns").unwrap());
        for key in [
            "iterations",
            "seconds",
            "theta",
            "pr",
            "playouts",
            "seed",
            "nodes",
        ] {
            assert!(keys.contains(&key), "{key}");
        }
        assert!(
            crate::search::catalogue::spec("iterations").is_err(),
            "not a schema key"
        );
    }
}

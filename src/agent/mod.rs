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
//! option := key "=" value      key: iterations | seconds | any key of the search's schema
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
//! * when the search gives no move (alpha-beta stopped by its budget before it decided, or
//!   an exact search in a lost position, where no move proves anything), the agent plays the **first legal move** in the game's order and the move is marked
//!   `fallback` (the arena counts them).
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

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::experiment::derive_seed;
use crate::game::catalogue::Catalogued;
use crate::game::{MoveList, Rng, Turn};
use crate::search::catalogue::{self, SearchInfo};
use crate::search::params::{GOAL, NODES, Params, RUN_PARAMS, SEED, TIME};
use crate::search::session::{Budget, Session};
use crate::search::{Clock, Goal};

/// The agent-level keys of the text form, besides the search's schema.
const ITERATIONS: &str = "iterations";
/// The per-move wall-clock budget key.
const SECONDS: &str = "seconds";

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

    /// Builds an agent of `kind` from its options, checking each.
    fn build(kind: AgentKind, options: Vec<(String, String)>) -> Result<Agent, Error> {
        let info = match kind {
            AgentKind::Random => {
                if let Some((key, _)) = options.first() {
                    return Err(Error::BadParameter {
                        name: key.clone(),
                        message: format!("the random agent takes no options, got {key:?}"),
                    });
                }
                return Ok(Agent {
                    kind,
                    options,
                    params: Params::default(),
                    budget: Budget::UNLIMITED,
                    goal_given: false,
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
            let value = match key.as_str() {
                ITERATIONS => {
                    let n = text
                        .trim()
                        .parse::<u64>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| Error::BadParameter {
                            name: key.clone(),
                            message: format!(
                                "iterations must be a whole number of at least 1, got {text:?}"
                            ),
                        })?;
                    budget.iterations = Some(n);
                    n.to_string()
                }
                SECONDS => {
                    let s = text
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|s| s.is_finite() && *s > 0.0)
                        .ok_or_else(|| Error::BadParameter {
                            name: key.clone(),
                            message: format!("seconds must be a number above 0, got {text:?}"),
                        })?;
                    budget.seconds = Some(s);
                    s.to_string()
                }
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
        // A depth-limited player's depth bounds its work too (`ab:depth=5`).
        let depth_limited = info.params.contains(&crate::search::heuristic::DEPTH);
        let budgeted = has(ITERATIONS)
            || has(SECONDS)
            || has(NODES.key)
            || has(TIME.key)
            || (depth_limited && has(crate::search::heuristic::DEPTH.key));
        if !budgeted {
            return Err(Error::BadParameter {
                name: ITERATIONS.to_string(),
                message: format!(
                    "{} needs a budget per move: iterations=N, nodes=N or seconds=S{}",
                    info.id,
                    if depth_limited { " (or depth=D)" } else { "" }
                ),
            });
        }
        params.check(info.params)?;
        Ok(Agent {
            kind,
            goal_given: has(GOAL.key),
            options: canonical,
            params,
            budget,
        })
    }

    /// Chooses a move in `pos` (a player's turn), drawing every random choice from `seed`.
    ///
    /// # Errors
    /// [`Error::GameOver`] if the game is over or chance is to act; a search's refusal of
    /// the game ([`Error::Unsupported`]).
    pub fn choose<G: Catalogued>(&self, pos: &G, seed: u64) -> Result<Choice<G::Move>, Error> {
        if !matches!(pos.turn(), Turn::Player(_)) {
            return Err(Error::GameOver);
        }
        let clock = Clock::start();
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        let unsearched = |mv| Choice {
            mv,
            iterations: 0,
            seconds: clock.seconds(),
            fallback: false,
        };
        let info = match self.kind {
            AgentKind::Random => {
                let mut rng = Rng::new(seed);
                return Ok(unsearched(moves[rng.below(moves.len() as u32) as usize]));
            }
            AgentKind::Search(_) if moves.len() == 1 => return Ok(unsearched(moves[0])),
            AgentKind::Search(info) => info,
        };
        let params = if self.options.iter().any(|(k, _)| k == SEED.key) {
            self.params
                .clone()
                .with_seed(derive_seed(self.params.seed(), &[seed]))
        } else {
            self.params.clone().with_seed(seed)
        };
        let mut iterations = 0;
        let mut ask = |params: &Params| -> Result<Box<dyn Session>, Error> {
            let mut session = catalogue::start(info.id, pos.clone(), params)?;
            self.run(session.as_mut());
            iterations += session.stats().iterations;
            Ok(session)
        };
        let mut session = ask(&params)?;
        let two_players = G::FAMILY.facts.players == 2;
        if !self.goal_given && two_players && session.verdict().claim() == Some(false) {
            session = ask(&params.clone().with_goal(Goal::NotLose))?;
        }
        let chosen = session
            .best_move()
            .and_then(|text| pos.parse_move(&text).ok());
        Ok(Choice {
            mv: chosen.unwrap_or(moves[0]),
            iterations,
            seconds: clock.seconds(),
            fallback: chosen.is_none(),
        })
    }

    /// Runs `session` within the per-move budget (the node and time limits are the
    /// session's own).
    fn run(&self, session: &mut dyn Session) {
        let clock = Clock::start();
        loop {
            let done = session.stats().iterations;
            let iterations = match self.budget.iterations {
                Some(n) if done >= n => return,
                Some(n) => Some(n - done),
                None => None,
            };
            let seconds = match self.budget.seconds {
                Some(s) if clock.seconds() >= s => return,
                Some(s) => Some(s - clock.seconds()),
                None => None,
            };
            if session
                .step(Budget {
                    iterations,
                    seconds,
                })
                .is_some()
            {
                return;
            }
        }
    }
}

impl FromStr for Agent {
    type Err = Error;

    /// Parses the text form; an unknown search is [`Error::UnknownSearch`], a bad option an
    /// [`Error::BadParameter`] naming its key.
    fn from_str(text: &str) -> Result<Agent, Error> {
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
            let (key, value) = option.split_once('=').ok_or_else(|| Error::BadParameter {
                name: option.trim().to_string(),
                message: format!("option {:?} is not key=value", option.trim()),
            })?;
            options.push((key.trim().to_string(), value.trim().to_string()));
        }
        Agent::build(kind, options)
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
/// assert_eq!(pnplay::agent::keys(pns), ["iterations", "seconds", "seed", "goal", "nodes", "time"]);
/// ```
#[must_use]
pub fn keys(info: &SearchInfo) -> Vec<&'static str> {
    [ITERATIONS, SECONDS]
        .into_iter()
        .chain(info.params.iter().chain(RUN_PARAMS).map(|s| s.key))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
        ] {
            let error = text.parse::<Agent>().unwrap_err();
            assert_eq!(error.field(), Some(field), "{text}: {error}");
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
            crate::search::params::spec("iterations").is_err(),
            "not a schema key"
        );
    }
}

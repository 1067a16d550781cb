//! Searches the worker runs: a [`Request`] (searches and options checked once, on a position
//! read once) opens each of its searches, and one handle type, [`SearchSession`], holds a
//! running search or an agent thinking about its move (the page's play mode), stepped in
//! slices and shown alike.

use std::collections::BTreeMap;

use wasm_bindgen::prelude::*;

use super::args::{js_error, number, optional_whole, whole};
use super::{MAX_SECONDS, not_found, to_js};
use crate::agent::Deliberation;
use crate::game::any::AnyPosition;
use crate::search::Limits;
use crate::search::catalogue::Checked;
use crate::search::params::Params;
use crate::search::session::{Budget, Report, Session, TreeView};

/// The most levels a snapshot may draw and the most nodes it may hold: far more than a view
/// draws, far less than a long search's tree.
const SNAPSHOT_MAX_DEPTH: u64 = 64;
const SNAPSHOT_MAX_NODES: u64 = 100_000;

/// A start request read once (the worker's `start`, a share link's check): its position and
/// its searches and options checked whole ([`Checked`]), from which each search of the
/// request (two in compare mode, and a checkpoint's fresh copy) opens its session without
/// reading or checking any of them again. Made by [`super::position::Position::request`].
#[wasm_bindgen]
pub struct Request {
    pub(super) root: AnyPosition,
    pub(super) checked: Checked,
}

#[wasm_bindgen]
impl Request {
    /// Opens search `index` of the request on its position.
    pub fn open(&self, index: JsValue) -> Result<SearchSession, JsValue> {
        let index = whole(&index, "index", 0, u64::from(u32::MAX))? as usize;
        let session =
            crate::engine::start_at(&self.root, &self.checked, index).map_err(js_error)?;
        Ok(SearchSession {
            limits: self.checked.params().limits(),
            running: Running::Search {
                session,
                params: self.checked.params().clone(),
            },
        })
    }
}

/// What a [`SearchSession`] runs.
enum Running {
    /// A search of the catalogue, with the parameters it was opened with.
    Search {
        session: Box<dyn Session>,
        params: Params,
    },
    /// An agent choosing a move: the search of the question it is asking, then its choice —
    /// the move [`crate::agent::Agent::choose`] makes with the same seed, whatever the slices.
    Agent(Box<dyn Deliberation>),
}

/// One running search of any family, or an agent thinking about its move, held in Rust
/// between the worker's calls.
#[wasm_bindgen]
pub struct SearchSession {
    running: Running,
    /// The run's limits (an agent's: its per-move budget, then its search's limits), for the
    /// page's progress bar.
    limits: Limits,
}

impl SearchSession {
    /// An agent's deliberation, with its per-move budget as its limits.
    pub(super) fn thinking(thinking: Box<dyn Deliberation>, budget: Budget) -> SearchSession {
        let limits = Limits {
            max_iterations: budget.iterations,
            max_seconds: budget.seconds,
            ..thinking.params().limits()
        };
        SearchSession {
            running: Running::Agent(thinking),
            limits,
        }
    }

    /// The search being run (an agent's current or last one); `None` for a move chosen
    /// without search.
    fn session(&self) -> Option<&dyn Session> {
        match &self.running {
            Running::Search { session, .. } => Some(session.as_ref()),
            Running::Agent(thinking) => thinking.session(),
        }
    }

    /// The search's tree, if it keeps one.
    fn tree(&self) -> Option<&dyn TreeView> {
        self.session().and_then(Session::tree)
    }
}

#[wasm_bindgen]
impl SearchSession {
    /// Runs (or thinks) at most `iterations` iterations and at most `seconds`; returns how
    /// many ran.
    pub fn step(&mut self, iterations: JsValue, seconds: JsValue) -> Result<f64, JsValue> {
        let budget = Budget {
            iterations: Some(whole(&iterations, "iterations", 0, 1 << 62)?),
            seconds: Some(number(&seconds, "seconds", 0.0, MAX_SECONDS)?),
        };
        let before = self.iterations();
        match &mut self.running {
            Running::Search { session, .. } => {
                session.step(budget);
            }
            Running::Agent(thinking) => {
                thinking.step(budget).map_err(js_error)?;
            }
        }
        Ok(self.iterations() - before)
    }

    /// Iterations done so far (an agent's: every question's).
    #[wasm_bindgen(getter)]
    pub fn iterations(&self) -> f64 {
        match &self.running {
            Running::Search { session, .. } => session.stats().iterations as f64,
            Running::Agent(thinking) => thinking.iterations() as f64,
        }
    }

    /// The threads the search would run on if the engine worker started their helpers
    /// ([`Session::threads`]); 1 for the searches that run on one.
    #[wasm_bindgen(getter)]
    pub fn threads(&self) -> u32 {
        self.session().map_or(1, |s| s.threads() as u32)
    }

    /// Seconds the (current) search has run.
    #[wasm_bindgen(getter)]
    pub fn seconds(&self) -> f64 {
        self.session().map_or(0.0, |s| s.stats().seconds)
    }

    /// Whether the search has stopped (a verdict, or a limit), or the agent's move is chosen.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        match &self.running {
            Running::Search { session, .. } => session.is_finished(),
            Running::Agent(thinking) => thinking.choice().is_some(),
        }
    }

    /// The run's limits as the search applies them (`{max_iterations, max_nodes,
    /// max_seconds}`, `null` for none), for the page's progress bar.
    #[wasm_bindgen(getter)]
    pub fn limits(&self) -> Result<JsValue, JsValue> {
        to_js(&self.limits)
    }

    /// The search's own parameters as it applies them, by key (`null`: off), e.g.
    /// `{playouts: 60, pr: null, theta: 0.01}` for PPNS: what the charts read `pr` from.
    #[wasm_bindgen(getter)]
    pub fn params(&self) -> Result<JsValue, JsValue> {
        let params = match &self.running {
            Running::Search { params, .. } => params,
            Running::Agent(thinking) => thinking.params(),
        };
        let own: BTreeMap<_, _> = self
            .session()
            .map(|s| s.info().params)
            .unwrap_or_default()
            .iter()
            .map(|spec| (spec.key, params.get(spec)))
            .collect();
        to_js(&own)
    }

    /// The current counters, verdict and last MPN path, without searching (`finished` once
    /// an agent's move is chosen); `null` for a move chosen without search.
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        match self.session() {
            Some(session) => {
                let mut report = Report::of(session);
                report.finished |= self.finished();
                to_js(&report)
            }
            None => Ok(JsValue::NULL),
        }
    }

    /// The top of the tree for the tree view, with the line to a pinned node (`focus`);
    /// `null` for searches that keep no tree.
    pub fn snapshot(
        &self,
        depth: JsValue,
        max_nodes: JsValue,
        focus: JsValue,
    ) -> Result<JsValue, JsValue> {
        let depth = whole(&depth, "depth", 0, SNAPSHOT_MAX_DEPTH)? as usize;
        let max_nodes = whole(&max_nodes, "maxNodes", 1, SNAPSHOT_MAX_NODES)? as usize;
        let focus = optional_whole(&focus, "focus", 0, u64::from(u32::MAX))?.map(|f| f as u32);
        match self.tree() {
            Some(tree) => to_js(&tree.snapshot(depth, max_nodes, focus)),
            None => Ok(JsValue::NULL),
        }
    }

    /// Everything about a tree node for the inspector: its line, position, values before and
    /// after the last backup, children, the backup formula applied and the selection's
    /// choice ([`crate::search::view::Inspection`]).
    pub fn inspect(&self, node: JsValue) -> Result<JsValue, JsValue> {
        let node = whole(&node, "node", 0, u64::from(u32::MAX))? as u32;
        let inspection = self
            .tree()
            .and_then(|tree| tree.inspect(node))
            .ok_or_else(|| not_found(format!("tree node {node}")))?;
        to_js(&inspection)
    }

    /// A copy of this session as it stands, which steps on exactly as this one would: a
    /// checkpoint of the page's timeline; `undefined` for searches that cannot be copied
    /// and for agents.
    pub fn fork(&self) -> Option<SearchSession> {
        match &self.running {
            Running::Search { session, params } => Some(SearchSession {
                running: Running::Search {
                    session: session.fork()?,
                    params: params.clone(),
                },
                limits: self.limits,
            }),
            Running::Agent(_) => None,
        }
    }

    /// Nodes the search holds (created, or expanded for searches that count only those):
    /// what a checkpoint of it costs in memory.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.session().map_or(0.0, |session| {
            let stats = session.stats();
            stats.nodes_created.max(stats.nodes_expanded) as f64
        })
    }

    /// The root value and tree size at every iteration
    /// ([`crate::search::view::History`]); `null` for searches that keep none.
    pub fn history(&self) -> Result<JsValue, JsValue> {
        match self.session().and_then(Session::history) {
            Some(history) => to_js(history),
            None => Ok(JsValue::NULL),
        }
    }

    /// An agent's choice once made (`{move, iterations, seconds, fallback}`), else `null`
    /// (and always for a search).
    pub fn choice(&self) -> Result<JsValue, JsValue> {
        #[derive(serde::Serialize)]
        struct Chosen {
            #[serde(rename = "move")]
            mv: String,
            iterations: u64,
            seconds: f64,
            fallback: bool,
        }
        let Running::Agent(thinking) = &self.running else {
            return Ok(JsValue::NULL);
        };
        match thinking.choice() {
            Some(choice) => to_js(&Chosen {
                mv: choice.mv,
                iterations: choice.iterations,
                seconds: choice.seconds,
                fallback: choice.fallback,
            }),
            None => Ok(JsValue::NULL),
        }
    }
}

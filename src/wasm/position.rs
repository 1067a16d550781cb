//! The position the worker keeps: a [`Position`] is read once from its text (or played,
//! or edited, from another), and everything the page asks about it — its view, a move, an
//! edit, a request of searches, an agent's move, its exact value, its evaluation, a hint, a
//! proof certificate — is asked of it, so no later call reads the text again.

use wasm_bindgen::prelude::*;

use super::args::{self, bad, js_error, object, optional_text, optional_whole, text, whole};
use super::search::{Request, SearchSession};
use super::{MAX_WHOLE, options_object, parse_game, parse_params, to_js};
use crate::game::any::AnyPosition;
use crate::search::catalogue::{self, Checked};

/// The most positions per question and simulations per move a hint may spend.
const HINT_MAX_POSITIONS: u64 = 10_000_000;
const HINT_MAX_SIMULATIONS: u64 = 1_000_000;

/// A position of any game, read once.
#[wasm_bindgen]
pub struct Position {
    root: AnyPosition,
}

#[wasm_bindgen]
impl Position {
    /// Reads position `pos` of `game` (the start position for `undefined`).
    #[wasm_bindgen(constructor)]
    pub fn new(game: JsValue, pos: JsValue) -> Result<Position, JsValue> {
        let spec = parse_game(&game)?;
        let pos = optional_text(&pos, "pos")?;
        let root = AnyPosition::parse(&spec, pos.as_deref()).map_err(js_error)?;
        Ok(Position { root })
    }

    /// The position in its game's canonical notation.
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.root.text()
    }

    /// The position described for the board view.
    pub fn view(&self) -> Result<JsValue, JsValue> {
        to_js(&self.root.view())
    }

    /// The position after move `mv`.
    pub fn play(&self, mv: JsValue) -> Result<Position, JsValue> {
        let mv = text(&mv, "move")?;
        let root = self.root.play(&mv).map_err(js_error)?;
        Ok(Position { root })
    }

    /// Edit mode: the position with cell `cell` changed by edit tool `tool` (`cycle`, `add`,
    /// `remove`; `undefined`: cycle), or, for `cell` `undefined`, who acts changed.
    pub fn edit(&self, cell: JsValue, tool: JsValue) -> Result<Position, JsValue> {
        let cell = optional_whole(&cell, "cell", 0, u64::from(u32::MAX))?.map(|c| c as usize);
        let tool = match optional_text(&tool, "tool")? {
            None => crate::game::board::EditTool::Cycle,
            Some(name) => serde_wasm_bindgen::from_value(JsValue::from_str(&name))
                .map_err(|e| bad("tool", format!("edit tool: {e}")))?,
        };
        let root = crate::engine::edit(&self.root, cell, tool).map_err(js_error)?;
        Ok(Position { root })
    }

    /// Searches `algos` (ids) with the page's options (parameter keys) on this position,
    /// checked whole ([`Checked::new`]): an error names every field that is wrong (its
    /// `problems`: `[{kind, field, message}]`; its own `field` and `kind` are the first's).
    pub fn request(&self, algos: JsValue, options: JsValue) -> Result<Request, JsValue> {
        let request = catalogue::Request {
            algos: object(algos, "algos", "an array of search ids")?,
            options: options_object(options)?,
        };
        let checked = Checked::new(&request).map_err(args::js_errors)?;
        Ok(Request {
            root: self.root.clone(),
            checked,
        })
    }

    /// Agent `agent` (its text form, as `pnplay match --a` takes it) choosing its move here,
    /// at ply `ply` of game `index` of a match with seed `seed` ([`crate::arena::move_seed`]).
    pub fn think(
        &self,
        agent: JsValue,
        seed: JsValue,
        index: JsValue,
        ply: JsValue,
    ) -> Result<SearchSession, JsValue> {
        let agent: crate::agent::Agent = text(&agent, "agent")?.parse().map_err(js_error)?;
        let seed = crate::arena::move_seed(
            whole(&seed, "seed", 0, MAX_WHOLE)?,
            whole(&index, "index", 0, MAX_WHOLE)?,
            whole(&ply, "ply", 0, MAX_WHOLE)?,
        );
        let thinking = agent.think_at(&self.root, seed).map_err(js_error)?;
        Ok(SearchSession::thinking(thinking, agent.budget()))
    }

    /// The exact value of the position and a move that achieves it, by the game's own solver
    /// where it has one (Connect Four, 8×8 Othello), alpha-beta otherwise, within the node
    /// and time limits of `options` ([`crate::engine::score`], `pnplay score`), on the threads
    /// set by `setThreads` where the solver searches in parallel; `null` when a limit comes
    /// first.
    #[wasm_bindgen(js_name = exactScore)]
    pub fn exact_score(&self, options: JsValue) -> Result<JsValue, JsValue> {
        let limits = parse_params(options)?.limits();
        to_js(&crate::engine::score_at(
            &self.root,
            limits,
            super::threads::threads(),
        ))
    }

    /// The threads [`Position::exact_score`] would search on ([`crate::engine::score_threads`]):
    /// the engine worker starts that many helper threads before it asks.
    #[wasm_bindgen(js_name = scoreThreads)]
    pub fn score_threads(&self) -> u32 {
        crate::engine::score_threads(&self.root, super::threads::threads()) as u32
    }

    /// The evaluation of the position taken apart, for an evaluation panel and a board
    /// overlay: [`crate::engine::evaluation`] (each heuristic's raw values and normalised
    /// value, the weighted sum, and the stable / semi-stable / unstable discs and
    /// potential-mobility squares of each side as cell lists). `options` are the schema's
    /// keys (`eval`, `w.*`).
    pub fn evaluate(&self, options: JsValue) -> Result<JsValue, JsValue> {
        let params = parse_params(options)?;
        to_js(&crate::engine::evaluation_at(&self.root, &params).map_err(js_error)?)
    }

    /// The value of every legal move ([`crate::agent::hint`]) within `budget`
    /// (`{positions, simulations, seed}`).
    pub fn hint(&self, budget: JsValue) -> Result<JsValue, JsValue> {
        let budget: crate::agent::hint::HintBudget = object(
            budget,
            "budget",
            "a hint budget {positions, simulations, seed}",
        )?;
        args::at_most("positions", budget.positions, HINT_MAX_POSITIONS)?;
        args::at_most("simulations", budget.simulations, HINT_MAX_SIMULATIONS)?;
        to_js(&crate::agent::hint::hint_on(&self.root, &budget).map_err(js_error)?)
    }

    /// The proof certificate of `verdict` (`proved` or `disproved`) for the position, as
    /// `pnplay solve --certificate` writes it ([`crate::engine::certificate`]), within the
    /// node and time limits of `options`; the text, checked by the rules' checker before it
    /// is given.
    pub fn certificate(&self, verdict: JsValue, options: JsValue) -> Result<String, JsValue> {
        let verdict = text(&verdict, "verdict")?;
        let verdict = crate::search::Verdict::exact_from_word(&verdict).ok_or_else(|| {
            bad(
                "verdict",
                format!("a certificate needs verdict proved or disproved, got {verdict:?}"),
            )
        })?;
        let params = parse_params(options)?;
        let (certificate, _) =
            crate::engine::certificate_at(&self.root, verdict, &params).map_err(js_error)?;
        Ok(certificate)
    }
}

//! Results read for the page's results viewer and Papers view: a results file summarised,
//! a tournament's standings, the papers' tables, a card file, and a proof certificate checked
//! with the rules alone.

use wasm_bindgen::prelude::*;

use super::args::{self, bad, js_error, object, text};
use super::stages::STAGES_MAX_SEARCHES;
use super::to_js;
use crate::error::Error;

/// A results file (the JSON Lines of `pnplay experiment`, `match` or `tournament`)
/// summarised as the command line summarises it ([`crate::experiment::results`]), for the
/// page's results viewer. `experiment`: the published numbers to show beside ours — `auto`
/// (guessed from the records), `none`, or an experiment's name (`othello-stages`,
/// `connect4-grid`, `2048`).
#[wasm_bindgen(js_name = readResults)]
pub fn read_results(records: JsValue, experiment: JsValue) -> Result<JsValue, JsValue> {
    use crate::experiment::paper::Experiment;
    let records = text(&records, "text")?;
    let choice = match text(&experiment, "experiment")?.as_str() {
        "auto" => None,
        "none" => Some(None),
        name => Some(Some(Experiment::from_name(name).ok_or_else(|| {
            bad("experiment", format!("no published experiment {name:?}"))
        })?)),
    };
    to_js(&crate::experiment::results::read(&records, choice).map_err(js_error)?)
}

/// A round robin's results (`pnplay tournament`'s standings: W/D/L, score rate with its 95 %
/// intervals, discs, Bradley–Terry rating; [`crate::experiment::tournament::Results`]) from
/// its game records `records` (JSON Lines text, pair by pair in game order), for the tournament
/// `config` `{game, agents, games_per_pair, openings, seed}` (a card's rerun).
#[wasm_bindgen(js_name = tournamentResults)]
pub fn tournament_results(config: JsValue, records: JsValue) -> Result<JsValue, JsValue> {
    use crate::experiment::tournament::{Results, Tournament};
    #[derive(serde::Deserialize)]
    struct Config {
        game: String,
        agents: Vec<String>,
        games_per_pair: u64,
        openings: String,
        seed: u64,
    }
    let config: Config = object(config, "config", "a tournament")?;
    args::at_most("agents", config.agents.len() as u64, STAGES_MAX_SEARCHES)?;
    let tournament = Tournament::new(
        &config.game,
        &config.agents,
        config.games_per_pair,
        &config.openings,
        config.seed,
    )
    .map_err(js_error)?;
    let records: Vec<crate::arena::GameRecord> =
        crate::experiment::files::json_lines(&text(&records, "records")?)
            .map_err(|message| bad("records", format!("records: {message}")))?;
    to_js(&Results::checked(&tournament, &records).map_err(js_error)?)
}

/// Everything the engine's paper tables publish under `source` (`paper Table 2`,
/// `PN-MCTS paper Table II`; [`crate::experiment::results::published`]): `{source,
/// experiment, rows, cells}`, for the Papers view, which never types a paper's number itself.
#[wasm_bindgen(js_name = paperTable)]
pub fn paper_table(source: JsValue) -> Result<JsValue, JsValue> {
    let source = text(&source, "source")?;
    to_js(&crate::experiment::results::published(&source).map_err(js_error)?)
}

/// A card file of results/ (`cards.json`, [`crate::experiment::cards`]) read and checked,
/// each card with `published`: the paper tables' numbers of each of its sources.
#[wasm_bindgen(js_name = readCards)]
pub fn read_cards(cards: JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct Shown {
        #[serde(flatten)]
        card: crate::experiment::cards::Card,
        published: Vec<crate::experiment::results::Published>,
    }
    let cards = crate::experiment::cards::read(&text(&cards, "text")?).map_err(js_error)?;
    let shown = cards
        .into_iter()
        .map(|card| {
            let published = card
                .paper
                .iter()
                .map(|source| crate::experiment::results::published(source))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Shown { card, published })
        })
        .collect::<Result<Vec<_>, Error>>()
        .map_err(js_error)?;
    to_js(&shown)
}

/// Checks a proof certificate's text with the game's rules alone, as `pnplay check` does
/// ([`crate::game::certificate::check::check_text`]): `{ok: true, verdict, question, nodes,
/// line}` or `{ok: false, node, path, reason, line}` (`line`: what the CLI prints).
#[wasm_bindgen(js_name = checkCertificate)]
pub fn check_certificate(certificate: JsValue) -> Result<JsValue, JsValue> {
    let certificate = text(&certificate, "text")?;
    // A game this engine module leaves out: the error names the module that checks it.
    let game = crate::game::certificate::Certificate::parse(&certificate)
        .ok()
        .and_then(|parsed| parsed.game.parse::<crate::engine::GameSpec>().ok());
    if let Some(game) = game {
        game.check_here().map_err(js_error)?;
    }
    let answer = match crate::game::certificate::check::check_text(&certificate) {
        Ok(checked) => serde_json::json!({
            "ok": true,
            "verdict": checked.verdict,
            "question": checked.question,
            "nodes": checked.nodes,
            "line": checked.to_string(),
        }),
        Err(rejection) => serde_json::json!({
            "ok": false,
            "node": rejection.node,
            "path": rejection.path,
            "reason": rejection.reason,
            "line": rejection.to_string(),
        }),
    };
    to_js(&answer)
}

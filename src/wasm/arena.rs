//! The page's arena: one game of a match at a time (the worker pool plays a match game by
//! game), an agent's text form read, and the summary of the games played.

use wasm_bindgen::prelude::*;

use super::args::{js_error, object, text, whole};
use super::{MAX_WHOLE, to_js};
use crate::error::Error;

/// What the page's arena sends for one game of a match: the agents' text forms (as
/// `pnplay match --a/--b` take them), the openings (`random:K`, or empty) and the seed.
#[derive(serde::Deserialize)]
struct ArenaSettings {
    a: String,
    b: String,
    #[serde(default)]
    openings: String,
    seed: u64,
}

/// The match the page's arena `config` (`{a, b, openings, seed}`) describes for `game`, or
/// the error naming the field that is wrong.
fn match_config(game: &JsValue, config: JsValue) -> Result<crate::arena::MatchConfig, JsValue> {
    let game = text(game, "game")?;
    let settings: ArenaSettings = object(config, "config", "an arena configuration")?;
    crate::arena::MatchConfig::new(
        &game,
        &settings.a,
        &settings.b,
        &settings.openings,
        settings.seed,
    )
    .map_err(js_error)
}

/// Plays game `index` of a match of `game` and returns its record: the same JSON line
/// `pnplay match` writes for it (but for the per-move seconds), so the page's worker pool
/// can play a match game by game.
#[wasm_bindgen(js_name = arenaPlayGame)]
pub fn arena_play_game(game: JsValue, config: JsValue, index: JsValue) -> Result<JsValue, JsValue> {
    let index = whole(&index, "index", 0, MAX_WHOLE)?;
    let config = match_config(&game, config)?;
    let record = crate::arena::play_game(&config, index).map_err(js_error)?;
    to_js(&record)
}

/// Reads one agent's text form (`pnmcts:iterations=1000,cpn=1`, `random`) for the page's
/// arena view: `{text, search, options}` — the canonical text the match records carry, the
/// search's id (`null` for `random`) and its options by key, as canonical text — or the agent's
/// error naming the field that is wrong, so the page marks it before playing anything.
#[wasm_bindgen(js_name = arenaAgent)]
pub fn arena_agent(agent: JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct AgentView {
        text: String,
        search: Option<&'static str>,
        options: std::collections::BTreeMap<String, String>,
    }
    let agent: crate::agent::Agent = text(&agent, "text")?.parse().map_err(js_error)?;
    let search = match agent.kind() {
        crate::agent::AgentKind::Random => None,
        crate::agent::AgentKind::Search(info) => Some(info.id),
    };
    let text = agent.to_string();
    // The canonical form is `id:key=value,…` with values the schema formats (no `,` or `=`).
    let options = text
        .split_once(':')
        .map(|(_, rest)| {
            rest.split(',')
                .filter_map(|option| option.split_once('='))
                .map(|(key, value)| (key.to_string(), value.to_string()))
                .collect()
        })
        .unwrap_or_default();
    to_js(&AgentView {
        text,
        search,
        options,
    })
}

/// The summary of some games of a match, as `pnplay match` prints it, for the page's arena
/// view: the match's `Summary` (A's wins, draws and losses, its rate with the normal and
/// Wilson 95 % intervals, fallbacks), the CLI's summary `line`, and `curve`: A's rate with
/// both intervals after each prefix of `records` in the order given (the plot of the rate
/// against games played). A record's moves are not read, so the page may send them empty.
/// Errors: the match's (game, agents, openings) or a record that is not one of its games.
#[wasm_bindgen(js_name = arenaSummary)]
pub fn arena_summary(game: JsValue, config: JsValue, records: JsValue) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    struct Answer {
        summary: crate::arena::Summary,
        line: String,
        curve: Vec<crate::experiment::results::CurvePoint>,
    }
    let config = match_config(&game, config)?;
    let records: Vec<crate::arena::GameRecord> =
        object(records, "records", "an array of a match's game records")?;
    if let Some(other) = records.iter().find(|r| !config.owns(r)) {
        return Err(js_error(Error::BadParameter {
            name: "records".into(),
            message: format!("game {} is a game of another match", other.index),
        }));
    }
    let records: Vec<&crate::arena::GameRecord> = records.iter().collect();
    let curve = crate::experiment::results::curve(&records);
    let summary = crate::arena::Summary::of(&config, &records);
    to_js(&Answer {
        line: summary.line(),
        summary,
        curve,
    })
}

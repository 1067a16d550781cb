//! The 2048 view's live game: 4×4 2048 past 2048, expectimax's or the user's move a step at
//! a time ([`crate::experiment::play2048::LiveGame`]).

use wasm_bindgen::prelude::*;

use super::args::{bad, flag, js_error, number, optional_text, text, whole};
use super::to_js;
use crate::error::Error;

/// A live game of 4×4 2048 past 2048 (the page's 2048 view): expectimax's or the user's
/// move at each step, spawns from the seed ([`crate::experiment::play2048::LiveGame`]).
#[wasm_bindgen]
pub struct Live2048 {
    game: crate::experiment::play2048::LiveGame,
}

#[wasm_bindgen]
impl Live2048 {
    /// A game with seed `seed` (decimal text: any u64, as a record's `seed`), expectimax at
    /// `depth` plies, Star1 cut-offs counted when `star1`, thresholds with τ = `tau`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        depth: JsValue,
        star1: JsValue,
        tau: JsValue,
        seed: JsValue,
    ) -> Result<Live2048, JsValue> {
        let depth = whole(&depth, "depth", 1, 6)? as u32;
        let star1 = flag(&star1, "star1")?;
        let tau = number(&tau, "tau", f64::MIN_POSITIVE, f64::MAX)?;
        let seed = text(&seed, "seed")?;
        let seed: u64 = seed.trim().parse().map_err(|_| {
            bad(
                "seed",
                format!(
                    "seed must be a whole number from 0 to 2^64 − 1, got {}",
                    crate::game::error::Elided(&seed)
                ),
            )
        })?;
        let config = crate::experiment::play2048::PlayConfig { depth, tau };
        Ok(Live2048 {
            game: crate::experiment::play2048::LiveGame::new(&config, seed, star1),
        })
    }

    /// Plays `mv` (the user's), or expectimax's choice for `undefined`: the step
    /// ([`crate::experiment::play2048::LiveStep`]), `null` once the game is over.
    pub fn step(&mut self, mv: JsValue) -> Result<JsValue, JsValue> {
        let mv = optional_text(&mv, "move")?;
        let step = self
            .game
            .step(mv.as_deref())
            .map_err(|e| js_error(Error::mv(e)))?;
        to_js(&step)
    }

    /// `{position, score, highest, steps, over, legal}` (`legal`: the user's moves here).
    pub fn state(&self) -> Result<JsValue, JsValue> {
        to_js(&serde_json::json!({
            "position": self.game.position(),
            "score": self.game.score(),
            "highest": self.game.highest(),
            "steps": self.game.steps(),
            "over": self.game.over(),
            "legal": self.game.legal(),
        }))
    }
}

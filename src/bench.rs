//! Measured workloads shared by `pnplay bench` (native) and the wasm build's `bench` export,
//! so native and wasm numbers come from the same code: move generation (perft) and random
//! playouts from a position.

use serde::Serialize;

use crate::engine::GameSpec;
use crate::game::{Game, ParseError, Rng, perft};
use crate::search::Clock;
use crate::with_game;

/// The result of one workload.
#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    /// What was measured: `perft` or `playouts`.
    pub workload: &'static str,
    /// The game name.
    pub game: String,
    /// How much work: the perft leaf count, or the number of playouts.
    pub count: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// `count / seconds`.
    pub per_second: f64,
    /// For perft, the depth; for playouts, the seed.
    pub parameter: u64,
}

fn measurement(
    workload: &'static str,
    spec: &GameSpec,
    count: u64,
    seconds: f64,
    parameter: u64,
) -> Measurement {
    Measurement {
        workload,
        game: spec.to_string(),
        count,
        seconds,
        per_second: count as f64 / seconds.max(1e-9),
        parameter,
    }
}

/// Times perft to `depth` from the start position of `spec`.
pub fn perft_time(spec: &GameSpec, depth: u32) -> Measurement {
    let clock = Clock::start();
    let leaves = with_game!(*spec, G, variant => perft::perft(&G::start(variant), depth));
    measurement("perft", spec, leaves, clock.seconds(), u64::from(depth))
}

/// Runs random playouts from `pos` (the start if `None`) for about `seconds` and counts them.
pub fn playout_rate(
    spec: &GameSpec,
    pos: Option<&str>,
    seconds: f64,
    seed: u64,
) -> Result<Measurement, ParseError> {
    with_game!(*spec, G, variant => {
        let start: G = crate::engine::position(variant, pos)?;
        let mut rng = Rng::new(seed);
        let clock = Clock::start();
        let mut count = 0u64;
        // Check the clock every 256 playouts so reading it costs nothing measurable.
        while count % 256 != 0 || clock.seconds() < seconds {
            std::hint::black_box(start.random_playout(&mut rng));
            count += 1;
        }
        Ok(measurement("playouts", spec, count, clock.seconds(), seed))
    })
}

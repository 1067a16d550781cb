//! The bottom layer: the words games and searches both speak, and nothing of the crate
//! above them. No module here imports another folder of the crate (the layering test,
//! `tests/project/layering.rs`, checks it), so [`crate::game`] and [`crate::search`] can both stand
//! on it without standing on each other.
//!
//! * [`player`] — the players, whose turn it is, and a finished game's outcome.
//! * [`question`] and [`verdict`] — what a solver is asked and what it answers (SPEC.md §3).
//! * [`limits`], [`clock`] and [`stats`] — when a search stops, how it reads time, what it
//!   counts (SPEC.md §4).
//! * [`score`] — an exact value and a move that achieves it.
//! * [`rng`] — the seeded generator and seed derivation every random choice goes through.
//! * `parallel` — work on several threads with results in order (native only).
//! * `threads` — the pools of the searches that run in parallel (native, and the page's
//!   threaded wasm).
//! * [`error`] and [`parse_error`] — the error types, which carry every word they print.

pub mod clock;
pub mod error;
pub mod limits;
#[cfg(not(target_arch = "wasm32"))]
pub mod parallel;
pub mod parse_error;
pub mod player;
pub mod question;
pub mod rng;
pub mod score;
pub mod stats;
#[cfg(any(not(target_arch = "wasm32"), target_feature = "atomics"))]
pub mod threads;
pub mod verdict;

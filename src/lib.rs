//! pnplay — the Proof-Number Playground.
//!
//! A library of game-solving searches (proof-number search and its probability-based
//! relatives, df-pn, MCTS, alpha-beta) over Othello, Connect Four, tic-tac-toe and 2048. The
//! same code runs natively (the `pnplay` command line) and as WebAssembly in a Web Worker
//! behind the playground page.
//!
//! * [`game`] — the rules: one [`game::Game`] trait and a module per game.
//! * [`search`] — searches written once against that trait.
//! * [`experiment`] — position generators and batch runs for the papers' experiments.
//! * [`engine`] — the game-name/algorithm-name level the CLI and the worker share.

pub mod bench;
pub mod engine;
pub mod experiment;
pub mod game;
pub mod search;

#[cfg(target_arch = "wasm32")]
mod wasm;

/// The engine's version, as the page and the CLI report it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

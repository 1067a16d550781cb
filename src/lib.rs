//! pnplay — the Proof-Number Playground.
//!
//! A library of game-solving and game-playing searches over a catalogue of games. The same
//! code runs natively (the `pnplay` command line) and as WebAssembly in a Web Worker behind
//! the playground page. The book in `docs/` (`mdbook build docs`) is the long form.
//!
//! The games are those of [`game::catalogue::FAMILIES`] and the searches those of
//! [`search::catalogue::SEARCHES`]: each of the two lists its types, generated from its
//! catalogue, and `pnplay catalogue games` / `pnplay catalogue searches` print their ids,
//! titles and papers (the book's Games and Searches chapters include those tables).
//! `tests/project/catalogue_docs.rs` checks that these maps name every game and search of the
//! catalogues. The modules, in layers (each imports only those above it in this list;
//! `tests/project/layering.rs` checks it):
//!
//! * [`core`] — the bottom layer: players, outcomes, goal and question, verdict, limits,
//!   clock, stats, score, the seeded RNG, the thread runner and the error types.
//! * [`game`] — the rules: one [`game::Game`] trait, a module per game, and the catalogue
//!   of games ([`game::catalogue`]).
//! * [`search`] — searches written once against that trait, their catalogue
//!   ([`search::catalogue`]) and the one session interface ([`search::session`]).
//! * [`engine`] — the game-name/search-name level the CLI and the worker share.
//! * [`agent`] — players: `random` or any search of the catalogue with a budget per move.
//! * [`arena`] — matches between two agents, with win rates and their 95 % intervals.
//! * [`experiment`] — position generators and batch runs for the papers' experiments.
//! * [`bench`](mod@bench) — benchmark workloads shared by `pnplay bench` and the wasm build.
//! * [`error`] — the one error type (it lives in [`core`]).

pub mod agent;
pub mod arena;
pub mod bench;
pub mod core;
pub mod engine;
pub mod experiment;
pub mod game;
pub mod search;

pub use crate::core::error;

#[cfg(target_arch = "wasm32")]
mod wasm;

/// The engine's version, as the page and the CLI report it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

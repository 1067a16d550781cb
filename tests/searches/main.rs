//! The searches against independent truth (one test crate, so one binary to link): every
//! family of the catalogue — best-first proof numbers, df-pn and alpha-beta, MCTS, expectimax,
//! opponent models, the games' own exact solvers — against brute force and published values,
//! and the sessions the page and the CLI drive (forks, the inspector, textbook trees). Run one
//! module with `cargo test --test searches mvpns::`.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod agreement;
mod bestfirst;
mod certificate;
mod cns;
mod connect4_solver;
mod depth_cap;
mod exact_2048;
mod exact_connect4;
mod exact_othello;
mod exact_random_dag;
mod exact_tictactoe;
mod expectimax;
mod fork;
mod ghi;
mod heuristics;
mod inspect;
mod jobs;
mod mcts;
mod mvpns;
mod negamax;
mod nim;
mod om;
mod othello_endgame;
mod pnsdag;
mod random_trees;
mod seesaw;
mod sessions;
mod spawn_readings;
mod tree;

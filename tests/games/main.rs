//! The games' rules against independent truth (one test crate, so one binary to link): each
//! game's perft, notation and rules against published counts and naive second
//! implementations, the conformance harness run on every variant, Othello's pattern
//! evaluation, and the pinned seeded playouts. Run one module with
//! `cargo test --test games othello::`.

#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod awari;
mod conformance;
mod connect4;
mod connect4_book;
mod g2048;
mod gomoku;
mod knightthrough;
mod loa;
mod minishogi;
mod othello;
mod othello_patterns;
mod playouts;
mod tictactoe;

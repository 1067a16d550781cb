//! Connect Four's own solver (`Knowledge::exact_solver`, Pons' techniques) against
//! independent truth: generic alpha-beta with the game's ordering on thousands of seeded
//! random positions of small boards (5×4, 6×5, and 8×7, whose 64-bit keys the table stores
//! whole), the exact scores of `c4_public.txt` (Pascal Pons' solver) on its 18-ply lines,
//! best moves that achieve the score, and a node limit that stops it.

use crate::common;

use std::ops::Range;

use common::{data_path, random_positions};
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::knowledge::Knowledge;
use pnplay::game::{Game, Turn};
use pnplay::search::Limits;
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};

/// The solver's score of each position equals alpha-beta's, and its best move scores it:
/// the child's alpha-beta value is the score negated (or the move wins at once, scoring
/// the child's terminal value). One solver is reused, cleared every other position.
fn check_agrees(dims: Dims, positions: &[Connect4]) {
    let mut truth = AlphaBeta::<Connect4, _>::with_knowledge(AlphaBetaConfig {
        table_bytes: 1 << 20,
    });
    let mut solver = Connect4::start(&dims).exact_solver().unwrap();
    for (index, pos) in positions.iter().enumerate() {
        let text = pos.format_position();
        let want = truth.score(pos, &Limits::default()).unwrap().value;
        if index % 2 == 0 {
            solver.clear();
        }
        let got = solver.score(pos, &Limits::default()).unwrap();
        assert_eq!(got.value, want, "{dims} #{index} {text}");
        assert!(
            solver.nodes() > 0,
            "{dims} #{index} {text}: no nodes counted"
        );
        let mut child = pos.clone();
        child.play(got.best_move.unwrap());
        let achieved = match child.turn() {
            Turn::Over => -child.terminal_value(child.to_move()).unwrap(),
            _ => -truth.score(&child, &Limits::default()).unwrap().value,
        };
        assert_eq!(
            achieved,
            want,
            "{dims} #{index} {text}: best move {} scores {achieved}",
            pos.format_move(got.best_move.unwrap())
        );
    }
}

/// [`check_agrees`] on `count` distinct seeded random positions of a `width` × `height`
/// board, a player's turn, after `plies`.
fn check_agrees_on(width: u8, height: u8, count: usize, seed: u64, plies: Range<u32>) {
    let dims = Dims::new(width, height).unwrap();
    let positions = random_positions(&Connect4::start(&dims), count, seed, plies);
    assert_eq!(
        positions.len(),
        count,
        "{dims}: not enough distinct positions"
    );
    check_agrees(dims, &positions);
}

#[test]
fn agrees_with_alpha_beta_on_random_positions_of_5x4_6x5_and_8x7() {
    // 8 × (7 + 1) = 64 key bits on 8×7: more than the 32-bit partial keys identify.
    for (width, height, count, seed, plies) in [
        (5, 4, 2000, 54, 0..19),
        (6, 5, 1000, 65, 8..29),
        (8, 7, 200, 87, 34..54),
    ] {
        check_agrees_on(width, height, count, seed, plies);
    }
}

#[test]
fn agrees_with_alpha_beta_on_odd_and_narrow_boards() {
    for (width, height, count) in [
        (1, 1, 1),
        (3, 3, 100),
        (4, 3, 300),
        (5, 5, 300),
        (3, 7, 300),
    ] {
        let cells = u32::from(width * height);
        check_agrees_on(width, height, count, 7, 0..cells.min(20));
    }
}

#[test]
fn matches_pons_scores_on_the_18_ply_public_positions() {
    let text = std::fs::read_to_string(data_path("connect4/c4_public.txt")).unwrap();
    let mut solver = Connect4::start(&Dims::default()).exact_solver().unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let (moves, score) = line.split_once(' ').unwrap();
        if moves.len() != 18 {
            continue;
        }
        let pos = Connect4::parse_position(&Dims::default(), moves).unwrap();
        solver.clear();
        let got = solver.score(&pos, &Limits::default()).unwrap();
        assert_eq!(got.value, score.trim().parse::<i32>().unwrap(), "{moves}");
        checked += 1;
    }
    assert_eq!(checked, 100);
}

#[test]
fn a_node_limit_stops_it_and_a_finished_game_has_its_value() {
    let pos = Connect4::parse_position(&Dims::default(), "6536635512").unwrap();
    let mut solver = pos.exact_solver().unwrap();
    let limits = Limits {
        max_nodes: Some(1000),
        ..Limits::default()
    };
    assert!(solver.score(&pos, &limits).is_none());
    assert!(solver.nodes() <= 1000);
    // A finished game: the first player completed four with its 4th stone.
    let over = Connect4::parse_position(&Dims::default(), "4455667").unwrap();
    let score = solver.score(&over, &Limits::default()).unwrap();
    assert_eq!((score.value, score.best_move), (18, None));
}

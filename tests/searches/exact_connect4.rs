//! Alpha-beta on Connect Four against the exact scores of `data/connect4/c4_public.txt`
//! (Pascal Pons' solver), and df-pn against alpha-beta on random positions.

use crate::common;

use common::{check_goals_and_scores, check_scores, data_path, random_positions};
use pnplay::game::Game;
use pnplay::game::connect4::ConnectFourOrdering;
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::search::Limits;
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};

/// The positions of `c4_public.txt` with `plies` moves, with their scores.
fn public_positions(plies: usize) -> Vec<(Connect4, i32)> {
    let text = std::fs::read_to_string(data_path("connect4/c4_public.txt")).unwrap();
    let positions: Vec<_> = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (moves, score) = line.split_once(' ').unwrap();
            let pos = Connect4::parse_position(&Dims::default(), moves).unwrap();
            (pos, score.trim().parse().unwrap())
        })
        .filter(|(pos, _)| pos.stones() == plies)
        .collect();
    assert_eq!(positions.len(), 100);
    positions
}

fn check_public(plies: usize, first: usize, count: usize) {
    let mut search = AlphaBeta::with_ordering(AlphaBetaConfig::default(), ConnectFourOrdering);
    let (mut nodes, mut seconds) = (0, 0.0);
    for (pos, expected) in public_positions(plies).into_iter().skip(first).take(count) {
        let score = search.score(&pos, &Limits::default()).unwrap();
        let stats = search.stats();
        nodes += stats.nodes_expanded;
        seconds += stats.seconds;
        assert_eq!(score.value, expected, "{}", pos.format_position());
        let mut child = pos.clone();
        child.play(score.best_move.unwrap());
        let after = search.score(&child, &Limits::default()).unwrap().value;
        let after = if child.turn() == pnplay::game::Turn::Over {
            -child.terminal_value(pos.to_move().opponent()).unwrap()
        } else {
            -after
        };
        assert_eq!(after, expected, "best move of {}", pos.format_position());
    }
    eprintln!(
        "c4_public {plies} plies, {count} positions: {nodes} nodes, {seconds:.2} s, {:.2} M nodes/s",
        nodes as f64 / seconds / 1e6
    );
}

#[test]
fn public_18_plies() {
    check_public(18, 0, 100);
}

#[test]
fn public_14_plies_first_20() {
    check_public(14, 0, 20);
}

/// About 3 s in release (`cargo test --release --test searches exact_connect4:: -- --ignored`).
#[test]
#[ignore]
fn public_14_plies() {
    check_public(14, 0, 100);
}

/// About 60 s in release (40 s of search, the rest checking the best moves).
#[test]
#[ignore]
fn public_10_plies() {
    check_public(10, 0, 100);
}

#[test]
fn dfpn_and_alphabeta_agree_on_random_positions() {
    let mut search = AlphaBeta::with_ordering(AlphaBetaConfig::default(), ConnectFourOrdering);
    let small = Dims::new(5, 4).unwrap();
    let families = [
        (small, 600, 54, (4, 18)),
        (Dims::default(), 600, 76, (22, 36)),
    ];
    for (dims, count, seed, (from, to)) in families {
        let start = Connect4::start(&dims);
        let positions = random_positions(&start, count, seed, from..to);
        check_goals_and_scores(&format!("connect4 {dims}"), &mut search, &positions);
    }
}

/// Pons' bounds and ordering read the bitboards from the key; on boards of many shapes
/// (down to one row, and up to all 64 bits) they must give plain minimax's values.
#[test]
fn ordering_and_bounds_are_exact_on_every_board_shape() {
    let shapes = [
        (4, 4),
        (5, 4),
        (6, 5),
        (3, 5),
        (8, 7),
        (10, 5),
        (32, 1),
        (2, 31),
        (1, 4),
    ];
    for (index, (width, height)) in shapes.into_iter().enumerate() {
        let dims = Dims::new(width, height).unwrap();
        let cells = dims.cells() as u32;
        let start = Connect4::start(&dims);
        let first = cells.saturating_sub(12);
        let positions = random_positions(&start, 30, index as u64, first..first + 12.min(cells));
        let mut search = AlphaBeta::with_ordering(AlphaBetaConfig::default(), ConnectFourOrdering);
        check_scores(&mut search, &positions);
    }
}

//! Connect Four's opening book and every move's exact score (issue 32): a book of a small
//! board equals the solver on every entry, the file format round-trips and refuses bad bytes
//! by field, and every move's score agrees with the solver and with `c4_public.txt`.

use std::collections::HashMap;

use pnplay::game::Game;
use pnplay::game::connect4::book::{Book, canonical_key, mirror_key, positions_at};
use pnplay::game::connect4::every_move::{MoveScore, Source, columns_to_search, every_move};
use pnplay::game::connect4::solver::ConnectFourSolver;
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::knowledge::ExactSolver;
use pnplay::search::Limits;

use crate::common;

/// The solver's exact score of `pos`.
fn solved(solver: &mut ConnectFourSolver, pos: &Connect4) -> i32 {
    solver.clear();
    solver.score(pos, &Limits::default()).unwrap().value
}

/// A book of `dims` to `depth` stones, its deepest layer scored by the solver.
fn small_book(dims: Dims, depth: usize) -> Book {
    let mut solver = ConnectFourSolver::new(dims);
    let leaves: HashMap<u64, i32> = positions_at(dims, depth)
        .iter()
        .map(|pos| (canonical_key(pos), solved(&mut solver, pos)))
        .collect();
    Book::derive(dims, depth, &leaves, "test").unwrap()
}

#[test]
fn a_small_book_equals_the_solver_on_every_entry() {
    let dims = Dims::new(5, 4).unwrap();
    let book = small_book(dims, 7);
    let mut solver = ConnectFourSolver::new(dims);
    let mut checked = 0;
    for plies in 0..=7 {
        for pos in positions_at(dims, plies) {
            assert_eq!(
                book.score(&pos),
                Some(solved(&mut solver, &pos)),
                "{}",
                pos.format_position()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, book.len());
}

#[test]
fn the_layers_hold_every_position_once_up_to_the_mirror() {
    // OEIS A212693, positions after n plies of 7 × 6 Connect Four (no game ends before 7):
    // a class holds one position if it is its own mirror, else two.
    let dims = Dims::default();
    let counted: Vec<usize> = (0..=6)
        .map(|plies| {
            positions_at(dims, plies)
                .iter()
                .map(|pos| {
                    if mirror_key(dims, pos.key()) == pos.key() {
                        1
                    } else {
                        2
                    }
                })
                .sum()
        })
        .collect();
    assert_eq!(counted, [1, 7, 49, 238, 1_120, 4_263, 16_422]);
}

#[test]
fn a_mirrored_position_has_the_same_book_key() {
    let dims = Dims::default();
    let pos = Connect4::parse_position(&dims, "4453").unwrap();
    let mirror = Connect4::parse_position(&dims, "4435").unwrap();
    assert_eq!(mirror_key(dims, pos.key()), mirror.key());
    assert_eq!(canonical_key(&pos), canonical_key(&mirror));
    assert_ne!(pos.key(), mirror.key());
}

#[test]
fn the_file_round_trips_and_bad_bytes_name_their_field() {
    let book = small_book(Dims::new(4, 4).unwrap(), 5);
    let bytes = book.to_bytes();
    assert_eq!(Book::from_bytes(&bytes).unwrap(), book);
    let field = |bytes: &[u8]| match Book::from_bytes(bytes) {
        Err(pnplay::error::Error::BadParameter { name, .. }) => name,
        other => panic!("expected a typed error, got {other:?}"),
    };
    assert_eq!(field(b"PNC4"), "magic");
    assert_eq!(field(b"NOTABOOK-and-more"), "magic");
    let mut format = bytes.clone();
    format[8] = 9;
    assert_eq!(field(&format), "format");
    let mut board = bytes.clone();
    board[9] = 0;
    assert_eq!(field(&board), "board");
    let mut depth = bytes.clone();
    depth[11] = 200;
    assert_eq!(field(&depth), "depth");
    assert_eq!(field(&bytes[..bytes.len() - 1]), "count");
    let mut count = bytes.clone();
    count[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_eq!(field(&count), "count");
    // The header: 8 + 4 + 4 + 1 + 4 ("test") bytes; then the keys, then the scores.
    let keys = 21;
    let mut unsorted = bytes.clone();
    unsorted.copy_within(keys + 8..keys + 16, keys);
    assert_eq!(field(&unsorted), "keys");
    let mut score = bytes.clone();
    *score.last_mut().unwrap() = 100;
    assert_eq!(field(&score), "scores");
}

#[test]
fn derive_refuses_missing_or_foreign_scores() {
    let dims = Dims::new(4, 4).unwrap();
    let mut leaves: HashMap<u64, i32> = positions_at(dims, 3)
        .iter()
        .map(|pos| (canonical_key(pos), 0))
        .collect();
    let message =
        |leaves: &HashMap<u64, i32>| Book::derive(dims, 3, leaves, "t").unwrap_err().to_string();
    leaves.insert(1, 0);
    assert!(
        message(&leaves).contains("scores for the"),
        "{}",
        message(&leaves)
    );
    leaves.remove(&1);
    let some = *leaves.keys().next().unwrap();
    leaves.remove(&some);
    assert!(
        message(&leaves).contains("no score for"),
        "{}",
        message(&leaves)
    );
    assert!(Book::derive(dims, 17, &leaves, "t").is_err());
}

#[test]
fn every_move_agrees_with_and_without_the_book() {
    let dims = Dims::new(5, 4).unwrap();
    let book = small_book(dims, 6);
    let mut solvers = vec![ConnectFourSolver::new(dims)];
    for plies in 0..=5 {
        for pos in positions_at(dims, plies).iter().step_by(7) {
            let with = every_move(pos, Some(&book), &mut solvers, None, &Limits::default());
            let without = every_move(pos, None, &mut solvers, None, &Limits::default());
            let scores = |answers: &[pnplay::game::connect4::every_move::MoveScore]| {
                answers.iter().map(|a| (a.col, a.score)).collect::<Vec<_>>()
            };
            assert_eq!(scores(&with), scores(&without), "{}", pos.format_position());
            assert!(with.iter().all(|a| a.source != Source::Solver));
            assert_eq!(columns_to_search(pos, Some(&book)), 0);
            let searched = without
                .iter()
                .filter(|a| a.source == Source::Solver)
                .count();
            assert_eq!(columns_to_search(pos, None), searched);
            let best = with.iter().filter_map(|a| a.score).max();
            assert_eq!(best, book.score(pos), "{}", pos.format_position());
        }
    }
}

/// Every column's score and where it came from.
fn scores(answers: &[MoveScore]) -> Vec<(u8, Option<i32>, Source)> {
    answers.iter().map(|a| (a.col, a.score, a.source)).collect()
}

#[test]
fn every_move_gives_c4_public_scores_as_its_best_on_one_thread_and_on_two() {
    let path = common::data_path("connect4/c4_public.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let dims = Dims::default();
    let mut one = vec![ConnectFourSolver::new(dims)];
    let mut two = vec![ConnectFourSolver::new(dims)];
    let pool = pnplay::core::threads::pool(2, 8 << 20).unwrap();
    let limits = Limits {
        max_bytes: Some(256 << 20),
        ..Limits::default()
    };
    // The 18-ply lines (the last hundred): every child a quick search.
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(200)
        .step_by(4)
        .collect();
    assert_eq!(lines.len(), 25);
    for line in lines {
        let (moves, score) = line.split_once(' ').unwrap();
        let pos = Connect4::parse_position(&dims, moves).unwrap();
        let answers = every_move(&pos, None, &mut one, None, &limits);
        let best = answers.iter().map(|a| a.score.unwrap()).max();
        assert_eq!(best, Some(score.trim().parse().unwrap()), "{line}");
        let side_by_side = every_move(&pos, None, &mut two, Some(&pool), &limits);
        assert_eq!(scores(&side_by_side), scores(&answers), "{line}");
    }
    // The second thread had a solver of its own.
    assert_eq!((one.len(), two.len()), (1, 2));
}

#[test]
fn a_move_out_of_time_is_not_solved() {
    let pos = Connect4::start(&Dims::default());
    let mut solvers = vec![ConnectFourSolver::new(pos.dims())];
    let limits = Limits {
        max_nodes: Some(1_000),
        max_bytes: Some(64 << 20),
        ..Limits::default()
    };
    let answers = every_move(&pos, None, &mut solvers, None, &limits);
    assert_eq!(answers.len(), 7);
    assert!(
        answers
            .iter()
            .all(|a| a.score.is_none() && a.source == Source::Solver)
    );
}

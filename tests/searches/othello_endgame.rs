//! The 8×8 Othello endgame solver (`othello::endgame`), its exact values, its null-window
//! outcomes and its answers to goals (one null window), against generic alpha-beta on
//! seeded random positions with few empties, against the published FFO scores and best
//! moves, under a node limit, and on two threads against one.

use crate::common;

use common::{othello_positions as positions, read_ffo};
use pnplay::game::knowledge::{ExactSolver, Knowledge};
use pnplay::game::othello::endgame::Solver;
use pnplay::game::othello::{Othello, OthelloOrdering, Size};
use pnplay::game::{Game, MoveList, Outcome, Turn};
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::{Goal, Limits, Question};

/// The solver's value and move agree with alpha-beta: same value, and the move is legal and
/// leads to a child whose alpha-beta value gives it back.
fn check_against_alphabeta(positions: &[Othello]) {
    let mut solver = Solver::new();
    let mut search = AlphaBeta::with_ordering(AlphaBetaConfig::default(), OthelloOrdering);
    for pos in positions {
        let truth = search.score(pos, &Limits::default()).unwrap();
        let score = solver.score(pos, &Limits::default()).unwrap();
        let text = pos.format_position();
        assert_eq!(score.value, truth.value, "{text}");
        let outcome = solver.outcome(pos, &Limits::default()).unwrap();
        assert_eq!(outcome, Outcome::from_sign(truth.value), "{text}: outcome");
        // The value for the player to move after `mv` is played.
        let mut value_after = |mv| {
            let mut child = *pos;
            child.play(mv);
            match child.turn() {
                Turn::Over => -child.terminal_value(child.side_to_move()).unwrap(),
                _ => -search.score(&child, &Limits::default()).unwrap().value,
            }
        };
        // One null window on either side of the value, and at the goals' bounds; a bound
        // passed names a move that passes it.
        for bound in [truth.value - 2, truth.value - 1, truth.value, -1, 0] {
            let above = solver.exceeds(pos, bound, &Limits::default());
            assert_eq!(above, Some(truth.value > bound), "{text}: above {bound}");
            match solver.move_above() {
                Some(mv) => assert!(value_after(mv) > bound, "{text}: {mv} not above {bound}"),
                None => assert!(truth.value <= bound, "{text}: no move above {bound}"),
            }
        }
        let mover = pos.side_to_move();
        for (root_player, sign) in [(mover, 1), (mover.opponent(), -1)] {
            let root_value = sign * truth.value;
            for (goal, holds) in [
                (Goal::Win, root_value > 0),
                (Goal::NotLose, root_value >= 0),
            ] {
                let question = Question { root_player, goal };
                let answer = solver.holds(pos, question, &Limits::default());
                assert_eq!(answer, Some(holds), "{text}: {goal:?} for {root_player:?}");
            }
        }
        let best = score.best_move.expect("a player's turn has a move");
        let mut moves = MoveList::<Othello>::default();
        pos.legal_moves(&mut moves);
        assert!(moves.contains(&best), "{text}: {best} is not legal");
        assert_eq!(
            value_after(best),
            score.value,
            "{text}: {best} does not achieve it"
        );
    }
}

#[test]
fn agrees_with_alphabeta_on_random_positions_with_1_to_10_empties() {
    let positions = positions(3000, 16, 1, 10);
    assert_eq!(positions.len(), 3000);
    check_against_alphabeta(&positions);
}

#[test]
fn agrees_with_alphabeta_on_random_positions_with_11_to_14_empties() {
    let positions = positions(300, 1616, 11, 14);
    assert_eq!(positions.len(), 300);
    check_against_alphabeta(&positions);
}

#[test]
fn gives_the_published_ffo_scores_and_best_moves() {
    let mut solver = Solver::new();
    let suites = [
        ("othello/fforum-1-19.obf", 1, 1..=19),
        ("othello/fforum-40-59.obf", 40, 40..=40),
    ];
    for (file, first, numbers) in suites {
        for ffo in read_ffo(file, first) {
            if !numbers.contains(&ffo.number) {
                continue;
            }
            let score = solver.score(&ffo.pos, &Limits::default()).unwrap();
            let best = ffo.pos.format_move(score.best_move.unwrap());
            eprintln!(
                "FFO #{}: {:+} by {best}, {} nodes",
                ffo.number,
                score.value,
                solver.nodes()
            );
            ffo.check(score.value, &best);
            let outcome = Solver::new().outcome(&ffo.pos, &Limits::default());
            assert_eq!(
                outcome,
                Some(Outcome::from_sign(ffo.score)),
                "FFO #{}",
                ffo.number
            );
        }
    }
}

#[test]
fn stops_at_a_node_limit_and_solves_after_clear() {
    let ffo = &read_ffo("othello/fforum-40-59.obf", 40)[0];
    let mut solver = Solver::new();
    let limits = Limits {
        max_nodes: Some(10_000),
        ..Limits::default()
    };
    assert!(solver.score(&ffo.pos, &limits).is_none());
    assert!(solver.nodes() <= 10_001);
    // What a stopped search left in the table is still true.
    let score = solver.score(&ffo.pos, &Limits::default()).unwrap();
    assert_eq!(score.value, ffo.score);
    solver.clear();
    assert_eq!(solver.score(&ffo.pos, &Limits::default()).unwrap(), score);
}

#[test]
fn only_the_8x8_board_has_its_own_solver() {
    assert!(Othello::start(&Size::Eight.into()).exact_solver().is_some());
    assert!(Othello::start(&Size::Six.into()).exact_solver().is_none());
    assert!(Othello::start(&Size::Four.into()).exact_solver().is_none());
    // solve_score answers with the solver on 8×8: same value, move and nodes.
    for pos in positions(20, 7, 8, 10) {
        let (score, nodes) =
            pnplay::search::exact::solve_score(&pos, &Limits::default(), 1).unwrap();
        let mut solver = Solver::new();
        assert_eq!(solver.score(&pos, &Limits::default()).unwrap(), score);
        assert_eq!(solver.nodes(), nodes);
    }
}

/// On two threads (young brothers wait, from 12 empties) the solver gives the serial answers:
/// values, outcomes and goals' bounds, and a best move whose child gives the value back.
#[test]
fn two_threads_give_the_serial_answers() {
    let mut serial = Solver::new();
    let mut parallel = Solver::new();
    parallel.set_threads(2);
    let limits = Limits::default();
    for pos in positions(150, 2026, 13, 17) {
        let text = pos.format_position();
        let truth = serial.score(&pos, &limits).unwrap().value;
        let score = parallel.score(&pos, &limits).unwrap();
        assert_eq!(score.value, truth, "{text}");
        let mut child = pos;
        child.play(score.best_move.unwrap());
        let child_value = match child.turn() {
            Turn::Over => child.terminal_value(child.side_to_move()).unwrap(),
            _ => serial.score(&child, &limits).unwrap().value,
        };
        assert_eq!(-child_value, truth, "{text}: the move does not achieve it");
        let outcome = parallel.outcome(&pos, &limits);
        assert_eq!(outcome, Some(Outcome::from_sign(truth)), "{text}");
        for bound in [truth - 2, truth - 1, truth, -1, 0] {
            let above = parallel.exceeds(&pos, bound, &limits);
            assert_eq!(above, Some(truth > bound), "{text}: above {bound}");
        }
    }
    // FFO #40 (20 empties) from an empty table.
    let ffo = &read_ffo("othello/fforum-40-59.obf", 40)[0];
    parallel.clear();
    let score = parallel.score(&ffo.pos, &limits).unwrap();
    assert_eq!(score.value, ffo.score);
    assert!(
        ffo.best_moves
            .contains(&ffo.pos.format_move(score.best_move.unwrap()))
    );
}

/// The threads' shared count holds a parallel search to its node limit: each thread may pass
/// it by what it searches between two polls (1024 positions, plus the ordering searches of
/// a node, a few hundred), and what the stopped search stored stays true.
#[test]
fn two_threads_stop_at_a_node_limit() {
    let ffo = &read_ffo("othello/fforum-40-59.obf", 40)[0];
    let mut solver = Solver::new();
    solver.set_threads(2);
    let limits = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    assert!(solver.score(&ffo.pos, &limits).is_none());
    assert!(solver.nodes() >= 200_000, "{}", solver.nodes());
    assert!(solver.nodes() <= 200_000 + 2 * 4096, "{}", solver.nodes());
    assert_eq!(
        solver.score(&ffo.pos, &Limits::default()).unwrap().value,
        ffo.score
    );
}

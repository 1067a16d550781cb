//! Alpha-beta and df-pn on every reachable tic-tac-toe position, against plain minimax.

mod common;

use common::{check_goals, check_scores, questions, reachable};
use pnplay::game::knowledge::MoveOrdering;
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::{Game, Turn};
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::exact::dfpn::{DfPn, DfPnConfig};
use pnplay::search::{Limits, Verdict};

fn all_positions() -> Vec<TicTacToe> {
    let positions = reachable(&TicTacToe::start(&()));
    assert_eq!(positions.len(), 5_478);
    positions
}

fn unfinished() -> Vec<TicTacToe> {
    let positions: Vec<_> = all_positions()
        .into_iter()
        .filter(|p| p.turn() != Turn::Over)
        .collect();
    assert_eq!(positions.len(), 4_520);
    positions
}

/// Searches moves in reverse order and knows tic-tac-toe values lie in −1..=1, which makes
/// `score` bisect with null windows.
struct ReversedAndBounded;

impl MoveOrdering<TicTacToe> for ReversedAndBounded {
    fn score_moves(&mut self, _: &TicTacToe, moves: &[u8], scores: &mut [i32]) {
        for (score, &mv) in scores.iter_mut().zip(moves) {
            *score = i32::from(mv);
        }
    }

    fn value_bounds(&self, _: &TicTacToe) -> Option<(i32, i32)> {
        Some((-1, 1))
    }
}

#[test]
fn the_start_is_a_draw() {
    let mut search = AlphaBeta::new(AlphaBetaConfig::default());
    let score = search
        .score(&TicTacToe::start(&()), &Limits::default())
        .unwrap();
    assert_eq!(score.value, 0);
    assert!(score.best_move.is_some());
}

#[test]
fn every_position_scores_its_minimax_value() {
    let positions = all_positions();
    check_scores(&mut AlphaBeta::new(AlphaBetaConfig::default()), &positions);
}

#[test]
fn bisection_and_reversed_order_give_the_same_values() {
    let positions = all_positions();
    let config = AlphaBetaConfig::default();
    check_scores(
        &mut AlphaBeta::with_ordering(config, ReversedAndBounded),
        &positions,
    );
}

#[test]
fn a_tiny_table_loses_entries_but_no_values() {
    let positions = all_positions();
    let config = AlphaBetaConfig { table_bytes: 256 };
    check_scores(&mut AlphaBeta::new(config), &positions);
}

#[test]
fn goal_searches_agree_with_minimax_on_every_unfinished_position() {
    let positions = unfinished();
    let mut search = AlphaBeta::new(AlphaBetaConfig {
        table_bytes: 1 << 20,
    });
    let dfpn = DfPnConfig {
        table_bytes: 1 << 16,
        ..DfPnConfig::default()
    };
    let checked = check_goals(&mut search, dfpn, &positions, &questions(), true);
    assert_eq!(checked.0, 4 * 4_520);
}

#[test]
fn dfpn_is_exact_with_a_tiny_table_and_the_epsilon_trick() {
    let positions = unfinished();
    let mut search = AlphaBeta::new(AlphaBetaConfig::default());
    for dfpn in [
        DfPnConfig {
            table_bytes: 64,
            epsilon: 0.0,
        },
        DfPnConfig {
            table_bytes: 1 << 16,
            epsilon: 0.25,
        },
    ] {
        check_goals(&mut search, dfpn, &positions, &questions(), false);
    }
}

#[test]
fn limits_stop_the_searches_with_out() {
    let start = TicTacToe::start(&());
    let tiny = Limits {
        max_nodes: Some(10),
        ..Limits::default()
    };
    let mut search = AlphaBeta::new(AlphaBetaConfig::default());
    assert_eq!(search.score(&start, &tiny), None);
    assert!(search.stats().nodes_expanded <= 11);
    let question = questions()[0];
    assert_eq!(search.solve(&start, question, &tiny), Verdict::Out);
    let mut dfpn = DfPn::new(&start, question, DfPnConfig::default());
    let (verdict, stats) = dfpn.solve(&tiny);
    assert_eq!(verdict, Verdict::Out);
    assert!(stats.nodes_expanded <= 11);
    let (verdict, _) = dfpn.solve(&Limits::default());
    assert_eq!(verdict, Verdict::Disproved);
    let none = Limits {
        max_seconds: Some(0.0),
        ..Limits::default()
    };
    // The clock is read every 1024 positions; the whole game takes more.
    assert_eq!(
        AlphaBeta::new(AlphaBetaConfig { table_bytes: 64 }).score(&start, &none),
        None
    );
}

#[test]
fn finished_games_are_answered_from_their_outcome() {
    let finished: Vec<TicTacToe> = all_positions()
        .into_iter()
        .filter(|p| p.turn() == Turn::Over)
        .collect();
    assert_eq!(finished.len(), 958);
    let mut search = AlphaBeta::new(AlphaBetaConfig::default());
    for pos in &finished {
        for question in questions() {
            let outcome = pos.outcome(question.root_player).unwrap();
            let expected = if question.proven_by(outcome) {
                Verdict::Proved
            } else {
                Verdict::Disproved
            };
            assert_eq!(search.solve(pos, question, &Limits::default()), expected);
            let small = DfPnConfig {
                table_bytes: 1 << 12,
                ..DfPnConfig::default()
            };
            let mut dfpn = DfPn::new(pos, question, small);
            assert_eq!(dfpn.step(&Limits::default()), expected);
            assert_eq!(dfpn.stats().nodes_expanded, 0);
        }
    }
}

/// The catalogue's `dfpn` takes ε as a parameter (`epsilon`): 0 by default, which is Nagai's
/// df-pn as before; 0.25 searches exactly as `DfPnConfig { epsilon: 0.25 }` does (the same
/// positions, counted), and differently from ε = 0, on the start position's not-lose question.
#[test]
fn the_catalogue_dfpn_takes_epsilon_and_defaults_to_none() {
    use pnplay::engine::{GameSpec, solve};
    use pnplay::game::Player;
    use pnplay::search::exact::dfpn::EPSILON;
    use pnplay::search::params::Params;
    use pnplay::search::{Goal, Question};
    let spec: GameSpec = "tictactoe".parse().unwrap();
    let start = TicTacToe::start(&());
    let question = Question {
        root_player: Player::First,
        goal: Goal::NotLose,
    };
    let direct = |epsilon| {
        let config = DfPnConfig {
            epsilon,
            ..DfPnConfig::default()
        };
        DfPn::new(&start, question, config).solve(&Limits::default())
    };
    let catalogue = |epsilon: Option<f64>| {
        let mut params = Params::default().with_goal(Goal::NotLose);
        if let Some(e) = epsilon {
            params = params.with(&EPSILON, Some(e));
        }
        let report = solve(&spec, &start.format_position(), "dfpn", &params).unwrap();
        (report.verdict, report.iterations)
    };
    let (nagai, nagai_stats) = direct(0.0);
    let (widened, widened_stats) = direct(0.25);
    assert_eq!((nagai, widened), (Verdict::Proved, Verdict::Proved));
    assert_ne!(nagai_stats.nodes_expanded, widened_stats.nodes_expanded);
    assert_eq!(
        catalogue(None),
        (Verdict::Proved, nagai_stats.nodes_expanded)
    );
    assert_eq!(
        catalogue(Some(0.25)),
        (Verdict::Proved, widened_stats.nodes_expanded)
    );
}

//! Every proof-number search gives the exact answer: on 2,000 seeded random positions, 400 in
//! each of five families (one test per family, so they run in parallel: tic-tac-toe, 4×4
//! Othello, 6×6 Othello with at most 14 empties, 5×4 Connect Four, and 7×6 Connect Four after
//! at least 22 plies), the verdicts of PNS, df-pn, MCPNS, PP, PPNS, df-PPNS (without pr) and
//! PNS over the DAG (`pns-dag`) and job-level df-pn (`dfpn-jobs`, its tables within 16 MiB)
//! equal alpha-beta's, for both goals; and on every 2×2 2048
//! opening (objectives 16 and 32), every search `pnplay solve` runs gives alpha-beta's verdict.

use crate::common;

use common::{random_positions, random_positions_where};
use pnplay::game::catalogue::Catalogued;
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::othello::{Othello, Rules, Size};
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::{Game, Turn};
use pnplay::search::catalogue::{self, Family, SEARCHES};
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::exact::dfpn::{DfPn, DfPnConfig, KNOWLEDGE_EPSILON};
use pnplay::search::params::{PLAYOUTS, Params};
use pnplay::search::{Goal, Limits, Question};

const PER_FAMILY: usize = 400;

/// Checks every search against alpha-beta on `positions`; returns how many verdicts it compared.
fn check<G: Catalogued>(family: &str, positions: &[G]) -> usize {
    assert_eq!(
        positions.len(),
        PER_FAMILY,
        "{family}: not enough distinct positions"
    );
    let mut truth = AlphaBeta::<G, _>::with_knowledge(AlphaBetaConfig {
        table_bytes: 1 << 20,
    });
    let limits = Limits {
        // PP (no playouts, every leaf ½) needs 21 M nodes on one 22-ply Connect Four position.
        max_nodes: Some(40_000_000),
        ..Limits::default()
    };
    let mut compared = 0;
    for (index, pos) in positions.iter().enumerate() {
        let Turn::Player(root_player) = pos.turn() else {
            panic!("{family} #{index}: not a player's turn");
        };
        for goal in [Goal::Win, Goal::NotLose] {
            let question = Question { root_player, goal };
            let exact = truth.solve(pos, question, &Limits::default());
            assert!(
                exact.is_exact(),
                "{family} #{index}: alpha-beta did not finish"
            );

            // df-pn as Nagai wrote it, and dfpn-k: the game's ordering, its initial numbers
            // and the 1 + ε trick (the catalogue's, with a smaller table).
            let config = |epsilon| DfPnConfig {
                table_bytes: 1 << 20,
                epsilon,
            };
            let dfpns = [
                ("dfpn", DfPn::new(pos, question, config(0.0))),
                (
                    "dfpn-k",
                    DfPn::with_knowledge(pos, question, config(KNOWLEDGE_EPSILON)),
                ),
            ];
            for (name, mut dfpn) in dfpns {
                let (verdict, _) = dfpn.solve(&limits);
                assert_eq!(
                    verdict,
                    exact,
                    "{family} #{index} {goal:?}: {name} on {}",
                    pos.format_position()
                );
                compared += 1;
            }

            for algo in [
                "pns",
                "mcpns",
                "pp",
                "ppns",
                "ppns-precise",
                "dfppns",
                "pns-dag",
                "dfpn-jobs",
            ] {
                let params = Params::default()
                    .with(&PLAYOUTS, Some(4.0))
                    .with_seed(index as u64)
                    .with_goal(goal)
                    .with_limits(Limits {
                        // dfpn-jobs: a table per root move, 8 MiB in all.
                        max_bytes: (algo == "dfpn-jobs").then_some(16 << 20),
                        ..limits
                    });
                let mut search = catalogue::start(algo, pos.clone(), &params).unwrap();
                let verdict = search.run();
                assert_eq!(
                    verdict,
                    exact,
                    "{family} #{index} {goal:?}: {algo} on {}",
                    pos.format_position()
                );
                compared += 1;
            }
        }
    }
    compared
}

fn empties(pos: &Othello) -> u32 {
    pos.empty_squares().count_ones()
}

/// Checks `positions` of one family and that every verdict was compared: per position, 2 goals
/// × 10 searches (df-pn, df-pn with knowledge, PNS, MCPNS, PP, PPNS, PPNS precise, df-PPNS,
/// PNS over the DAG with knowledge, job-level df-pn).
fn check_family<G: Catalogued>(family: &str, positions: &[G]) {
    assert_eq!(check(family, positions), PER_FAMILY * 2 * 10, "{family}");
}

#[test]
fn all_searches_agree_with_alpha_beta_on_400_tictactoe_positions() {
    let ttt = random_positions(&TicTacToe::start(&()), PER_FAMILY, 1, 0..8);
    check_family("tictactoe", &ttt);
}

#[test]
fn all_searches_agree_with_alpha_beta_on_400_othello4_positions() {
    let o4 = random_positions(&Othello::start(&Size::Four.into()), PER_FAMILY, 2, 1..11);
    check_family("othello4", &o4);
}

#[test]
fn all_searches_agree_with_alpha_beta_on_400_othello4_no_pass_positions() {
    let rules = Rules {
        size: Size::Four,
        no_pass: true,
    };
    let o4 = random_positions(&Othello::start(&rules), PER_FAMILY, 5, 1..11);
    check_family("othello4:no-pass", &o4);
}

#[test]
fn all_searches_agree_with_alpha_beta_on_400_othello6_endgames() {
    let o6 = random_positions_where(
        &Othello::start(&Size::Six.into()),
        PER_FAMILY,
        3,
        18..26,
        |pos| empties(pos) <= 14,
    );
    check_family("othello6", &o6);
}

#[test]
fn all_searches_agree_with_alpha_beta_on_400_connect4_5x4_positions() {
    let small = Dims::new(5, 4).unwrap();
    let c54 = random_positions(&Connect4::start(&small), PER_FAMILY, 4, 4..16);
    check_family("connect4:5x4", &c54);
}

#[test]
fn all_searches_agree_with_alpha_beta_on_400_connect4_positions() {
    let c76 = random_positions(&Connect4::start(&Dims::default()), PER_FAMILY, 5, 22..34);
    check_family("connect4", &c76);
}

#[test]
fn all_searches_agree_with_alpha_beta_on_every_2x2_2048_opening() {
    use pnplay::engine::{GameSpec, solve};
    for objective in [16, 32] {
        let spec: GameSpec = format!("2048:2x2:{objective}").parse().unwrap();
        let openings = pnplay::experiment::generate::chance_openings(&spec, false).unwrap();
        assert_eq!(openings.len(), 24, "openings after two spawns");
        for pos in &openings {
            let exact = solve(&spec, pos, "alphabeta", &Params::default()).unwrap();
            assert!(exact.verdict.is_exact());
            // pns, mcpns, ppns, ppns-precise, pp, dfpn, dfpn-k, dfpn-jobs: every other search of the catalogue
            // that handles chance (MCTS and PN-MCTS refuse it: tests/searches/mcts.rs; expectimax
            // plays over an evaluation and decides nothing on 2048).
            for solver in SEARCHES
                .iter()
                .filter(|s| s.capabilities.chance && s.family != Family::Expectimax)
                .map(|s| s.id)
                .filter(|&id| id != "alphabeta")
            {
                let params = Params::default().with_seed(7);
                let report = solve(&spec, pos, solver, &params).unwrap();
                assert_eq!(
                    report.verdict, exact.verdict,
                    "{solver} on {pos} (objective {objective})"
                );
            }
        }
    }
}

//! Conspiracy-number search (src/search/bestfirst/cns.rs) against independent truth: run to
//! completion (no threshold), its root value is the exact minimax score that alpha-beta
//! computes — on hundreds of seeded tic-tac-toe, 4×4 Othello and 5×4 Connect Four
//! positions, every score its own target, and on 4×4 Othello with a coarser grid, where it
//! is the grid's image of the score — and its verdict is alpha-beta's for both goals. The
//! inspector's conspiracy numbers are recomputed from the leaves up with the dissertation's
//! formulas (2.1)–(2.3) on a hand-built tree after every iteration, and checked by hand at
//! one step.

use crate::common;

use common::random_positions;
use pnplay::game::catalogue::Catalogued;
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::othello::{Othello, Size};
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::tree::TreeGame;
use pnplay::game::{Game, Turn};
use pnplay::search::bestfirst::cns::{STEP, Targets};
use pnplay::search::catalogue;
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::params::Params;
use pnplay::search::session::{Budget, Session};
use pnplay::search::tree::NodeKind;
use pnplay::search::view::{Inspection, Values};
use pnplay::search::{Goal, Limits, Verdict};

/// The value a CNS session's root shows.
fn root_value(session: &dyn Session) -> i32 {
    match session.root_value() {
        Some(Values::Conspiracy {
            value, up, down, ..
        }) => {
            assert!(
                up.is_infinite() && down.is_infinite(),
                "not exact: {up} {down}"
            );
            value as i32
        }
        other => panic!("not conspiracy numbers: {other:?}"),
    }
}

/// Runs CNS to completion on every position with `step` and checks its value, move and
/// verdict against alpha-beta's exact score.
fn check<G: Catalogued>(family: &str, positions: &[G], step: Option<u32>) {
    assert!(
        positions.len() >= 200,
        "{family}: {} positions",
        positions.len()
    );
    let mut truth = AlphaBeta::<G, _>::with_knowledge(AlphaBetaConfig {
        table_bytes: 1 << 20,
    });
    for (index, pos) in positions.iter().enumerate() {
        let exact = truth.score(pos, &Limits::default()).unwrap().value;
        let targets = Targets::new(pos, step);
        let expected = targets.value(targets.of_score(exact));
        for goal in [Goal::Win, Goal::NotLose] {
            let mut params = Params::default().with_goal(goal);
            if let Some(step) = step {
                params = params.with(&STEP, Some(f64::from(step)));
            }
            let mut session = catalogue::start("cns", pos.clone(), &params).unwrap();
            let verdict = session.run();
            let text = pos.format_position();
            assert_eq!(root_value(&*session), expected, "{family} #{index} {text}");
            let holds = exact > 0 || (exact == 0 && goal == Goal::NotLose);
            let wanted = if holds {
                Verdict::Proved
            } else {
                Verdict::Disproved
            };
            assert_eq!(verdict, wanted, "{family} #{index} {goal:?} {text}");
            // The move the value comes from scores the value (a one-ply check).
            let mv = pos.parse_move(&session.best_move().unwrap()).unwrap();
            let mut child = pos.clone();
            child.play(mv);
            let child_score = match child.turn() {
                Turn::Over => child.terminal_value(root_player(pos)).unwrap(),
                Turn::Player(p) if p == root_player(pos) => {
                    truth.score(&child, &Limits::default()).unwrap().value
                }
                _ => -truth.score(&child, &Limits::default()).unwrap().value,
            };
            assert_eq!(
                targets.value(targets.of_score(child_score)),
                expected,
                "{family} #{index}: move {mv:?} of {text}"
            );
        }
    }
}

fn root_player<G: Game>(pos: &G) -> pnplay::game::Player {
    match pos.turn() {
        Turn::Player(p) => p,
        _ => panic!("not a player's turn"),
    }
}

#[test]
fn cns_equals_minimax_on_300_tictactoe_positions() {
    let positions = random_positions(&TicTacToe::start(&()), 300, 11, 0..7);
    check("tictactoe", &positions, None);
}

#[test]
fn cns_equals_minimax_on_300_othello4_positions() {
    let positions = random_positions(&Othello::start(&Size::Four.into()), 300, 12, 2..10);
    check("othello4", &positions, None);
}

#[test]
fn cns_on_a_coarse_grid_is_the_grid_image_of_minimax_on_200_othello4_positions() {
    let positions = random_positions(&Othello::start(&Size::Four.into()), 200, 13, 3..10);
    check("othello4 step 3", &positions, Some(3));
}

#[test]
fn cns_equals_minimax_on_200_connect4_5x4_positions() {
    let small = Dims::new(5, 4).unwrap();
    let positions = random_positions(&Connect4::start(&small), 200, 14, 10..16);
    check("connect4:5x4", &positions, None);
}

/// A node's numbers recomputed from its subtree as the inspector shows it: the value index,
/// ↑ and ↓ per target (∞ = u64::MAX), with formulas (2.1)–(2.3).
fn recompute(session: &dyn Session, id: u32, len: usize) -> (usize, Vec<u64>, Vec<u64>) {
    const INF: u64 = u64::MAX;
    let inspection = session.tree().unwrap().inspect(id).unwrap();
    let index = |v: &Values| match *v {
        Values::Conspiracy { value, .. } => (value as i32 + 1) as usize,
        _ => panic!("not conspiracy numbers"),
    };
    if inspection.children.is_empty() {
        let m = index(&inspection.node.values);
        let change = if inspection.node.kind == NodeKind::Terminal {
            INF
        } else {
            1
        };
        let up = (0..len).map(|t| if t > m { change } else { 0 }).collect();
        let down = (0..len).map(|t| if t < m { change } else { 0 }).collect();
        return (m, up, down);
    }
    let children: Vec<_> = inspection
        .children
        .iter()
        .map(|c| recompute(session, c.id, len))
        .collect();
    let maximising = inspection.node.kind == NodeKind::Or;
    let values = children.iter().map(|c| c.0);
    let m = if maximising {
        values.max()
    } else {
        values.min()
    }
    .unwrap();
    // slot 0: ↑, slot 1: ↓; ↑ takes the least at MAX nodes, ↓ at MIN nodes; the other sums.
    let combine = |slot: usize, t: usize| {
        let numbers = children
            .iter()
            .map(|c| if slot == 0 { c.1[t] } else { c.2[t] });
        if (slot == 0) == maximising {
            numbers.min().unwrap()
        } else {
            numbers.fold(0u64, u64::saturating_add)
        }
    };
    let up = (0..len).map(|t| combine(0, t)).collect();
    let down = (0..len).map(|t| combine(1, t)).collect();
    (m, up, down)
}

fn as_u64(x: f64) -> u64 {
    if x.is_infinite() { u64::MAX } else { x as u64 }
}

/// Every node's inspected numbers equal the recomputation.
fn check_all_nodes(session: &dyn Session, id: u32) {
    let inspection: Inspection = session.tree().unwrap().inspect(id).unwrap();
    let rows = inspection.targets.as_ref().expect("CNS inspects targets");
    let (m, up, down) = recompute(session, id, rows.len());
    for (t, row) in rows.iter().enumerate() {
        assert_eq!(row.target as i32, t as i32 - 1);
        assert_eq!(as_u64(row.up), up[t], "node {id} ↑({})", row.target);
        assert_eq!(as_u64(row.down), down[t], "node {id} ↓({})", row.target);
        let cn = match t.cmp(&m) {
            std::cmp::Ordering::Greater => up[t],
            std::cmp::Ordering::Less => down[t],
            std::cmp::Ordering::Equal => 0,
        };
        assert_eq!(as_u64(row.cn), cn, "node {id} CN({})", row.target);
    }
    for child in &inspection.children {
        check_all_nodes(session, child.id);
    }
}

#[test]
fn the_inspector_s_conspiracy_numbers_follow_the_formulas_on_a_hand_built_tree() {
    let pos = TreeGame::parse_position(&(), "[a:[W L] b:[D [W L] [L D]] c:[[D W] L]]").unwrap();
    let mut session = catalogue::start("cns", pos, &Params::default()).unwrap();
    let mut iterations = 0;
    while session.step(Budget::iterations(1)).is_none() {
        iterations += 1;
        check_all_nodes(&*session, 0);
        if iterations == 2 {
            // By hand: the root (MAX) has a (MIN over W, L: value −1) and the unexpanded
            // leaves b and c (value 0, one conspirator either way).
            let root = session.tree().unwrap().inspect(0).unwrap();
            let rows = root.targets.unwrap();
            assert_eq!(rows[0].cn, 2.0); // ↓(−1) = Σ = 0 + 1 + 1
            assert_eq!(rows[0].applied, "↓ = 0 + 1 + 1 = 2");
            assert_eq!(rows[1].cn, 0.0); // the value 0
            assert_eq!(rows[2].up, 1.0); // ↑(+1) = min(∞, 1, 1)
            assert_eq!(rows[2].applied, "↑ = min(∞, 1, 1) = 1");
            let a = session
                .tree()
                .unwrap()
                .inspect(root.children[0].id)
                .unwrap();
            let rows = a.targets.unwrap();
            assert_eq!(rows[1].applied, "↑ = 0 + ∞ = ∞"); // L can never rise
            assert_eq!(rows[2].cn, f64::INFINITY);
        }
    }
    check_all_nodes(&*session, 0);
    // The first player can draw (b's D) but not win: value 0, exactly.
    assert_eq!(root_value(&*session), 0);
    assert_eq!(session.verdict(), Verdict::Disproved);
    assert_eq!(session.best_move().as_deref(), Some("b"));
}

#[test]
fn a_threshold_stops_cns_with_its_value_settled_but_not_proven() {
    use pnplay::search::bestfirst::cns::CT;
    let pos = Othello::parse_position(&Size::Eight.into(), "f5d6c3d3c4").unwrap();
    let params = Params::default().with(&CT, Some(3.0));
    let mut session = catalogue::start("cns", pos, &params).unwrap();
    assert_eq!(session.run(), Verdict::Out);
    let Some(Values::Conspiracy { up, down, .. }) = session.root_value() else {
        panic!("no value");
    };
    assert!(up >= 3.0 && down >= 3.0, "↑ {up} ↓ {down}");
    assert!(session.best_move().is_some());
    assert!(session.stats().iterations > 10);
}

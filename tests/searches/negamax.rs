//! Plain minimax (`negamax`, src/search/negamax.rs) against alpha-beta on tic-tac-toe: every
//! position of up to two moves, both goals, through the engine; stepped in small budgets it
//! walks exactly the positions of one run. (Nim's closed form checks it with every exact
//! search: tests/searches/nim.rs; `every_search_agrees_with_alpha_beta_on_small_positions`
//! in tests/searches/sessions.rs takes it in from the catalogue.)

use pnplay::engine::{GameSpec, solve, start};
use pnplay::search::params::Params;
use pnplay::search::session::Budget;
use pnplay::search::{Goal, Verdict};

/// Tic-tac-toe's positions of at most two moves: the empty board, 9 and 72.
fn positions() -> Vec<String> {
    let mut all = vec![String::new()];
    for a in '1'..='9' {
        all.push(a.to_string());
        all.extend(('1'..='9').filter(|&b| b != a).map(|b| format!("{a}{b}")));
    }
    all
}

#[test]
fn plain_minimax_agrees_with_alpha_beta_on_tictactoe() {
    let spec: GameSpec = "tictactoe".parse().unwrap();
    let mut verdicts = [0; 2];
    for pos in positions() {
        for goal in [Goal::Win, Goal::NotLose] {
            let params = Params::default().with_goal(goal);
            let truth = solve(&spec, &pos, "alphabeta", &params).unwrap();
            let plain = solve(&spec, &pos, "negamax", &params).unwrap();
            assert_eq!(plain.verdict, truth.verdict, "{pos:?} {goal:?}");
            verdicts[usize::from(plain.verdict == Verdict::Proved)] += 1;
        }
    }
    // 82 positions × 2 goals, both answers among them.
    assert_eq!(verdicts[0] + verdicts[1], 164);
    assert!(verdicts[0] > 0 && verdicts[1] > 0, "{verdicts:?}");
}

#[test]
fn plain_minimax_searches_every_line_and_resumes_where_a_step_stopped() {
    let spec: GameSpec = "tictactoe".parse().unwrap();
    let whole = solve(&spec, "", "negamax", &Params::default()).unwrap();
    // Every line of tic-tac-toe: 549,945 positions after the start and the start itself, the
    // finished ones excepted (255,168 complete games end in them: perft's count).
    assert_eq!(whole.verdict, Verdict::Disproved);
    assert_eq!(whole.nodes, 549_946 - 255_168);
    let mut session = start(&spec, "", "negamax", &Params::default()).unwrap();
    let mut steps = 0;
    let verdict = loop {
        steps += 1;
        if let Some(verdict) = session.step(Budget::iterations(1000)) {
            break verdict;
        }
    };
    assert_eq!(verdict, whole.verdict);
    assert_eq!(session.stats().nodes_expanded, whole.nodes);
    assert_eq!(steps, whole.nodes.div_ceil(1000));
}

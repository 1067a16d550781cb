//! `pns-dag` (src/search/bestfirst/dag.rs): PNS over the DAG of positions with the game's
//! knowledge and the exact-solver frontier. Its verdicts against generic alpha-beta on 8×8
//! Othello endgames, with the frontier off and on (the endgame solver settling leaves, so
//! both halves of a proof are checked); the node limit counting the solver's positions; the
//! graph holding each position once; and `frontier` ignored by a game without a solver.
//! (tests/searches/agreement.rs checks it on thousands of positions of other games, and
//! tests/searches/exact_random_dag.rs on random graphs full of transpositions.)

use crate::common;

use common::random_positions_where;
use pnplay::game::othello::{Othello, OthelloOrdering, Size};
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::{Game, Turn};
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::params::Params;
use pnplay::search::{Goal, Limits, Question, Verdict, catalogue};

fn empties(pos: &Othello) -> u32 {
    pos.empty_squares().count_ones()
}

/// `count` seeded 8×8 positions with 9–12 empty squares.
fn endgames(count: usize, seed: u64) -> Vec<Othello> {
    random_positions_where(
        &Othello::start(&Size::Eight.into()),
        count,
        seed,
        48..52,
        |pos| (9..=12).contains(&empties(pos)),
    )
}

/// Each position with the question of each goal for its player to move.
fn questions(positions: &[Othello]) -> impl Iterator<Item = (&Othello, Question)> {
    positions.iter().flat_map(|pos| {
        let Turn::Player(root_player) = pos.turn() else {
            panic!("not a player's turn");
        };
        [Goal::Win, Goal::NotLose].map(|goal| (pos, Question { root_player, goal }))
    })
}

/// Generic alpha-beta with the game's knowledge: the answers to check against.
fn truth() -> AlphaBeta<Othello, OthelloOrdering> {
    AlphaBeta::with_knowledge(AlphaBetaConfig {
        table_bytes: 1 << 20,
    })
}

/// `pns-dag` with `frontier` (None: off) for `goal` within `nodes` (None: no limit).
fn params(goal: Goal, frontier: Option<u32>, nodes: Option<u64>) -> Params {
    let mut params = Params::default().with_goal(goal).with_limits(Limits {
        max_nodes: nodes,
        ..Limits::default()
    });
    if let Some(k) = frontier {
        params.set_text("frontier", &k.to_string()).unwrap();
    }
    params
}

#[test]
fn agrees_with_alpha_beta_on_othello_endgames_with_and_without_the_frontier() {
    let positions = endgames(60, 11);
    assert_eq!(positions.len(), 60);
    let mut truth = truth();
    let mut settled = 0;
    for (pos, question) in questions(&positions) {
        let goal = question.goal;
        let exact = truth.solve(pos, question, &Limits::default());
        assert!(exact.is_exact());
        for frontier in [None, Some(4), Some(8)] {
            let mut search =
                catalogue::start("pns-dag", *pos, &params(goal, frontier, None)).unwrap();
            let at = format!(
                "{goal:?} frontier {frontier:?} at {}",
                pos.format_position()
            );
            assert_eq!(search.run(), exact, "{at}");
            let stats = search.stats();
            assert!(stats.nodes_created >= stats.peak_nodes, "{at}");
            if frontier.is_none() {
                assert_eq!(stats.nodes_created, stats.peak_nodes, "{at}");
            } else {
                // The solver's positions are counted beside the graph's.
                settled += usize::from(stats.nodes_created > stats.peak_nodes);
            }
        }
    }
    assert!(
        settled > 100,
        "the frontier settled leaves in {settled} runs"
    );
}

#[test]
fn a_root_the_frontier_settles_names_its_proving_move() {
    let positions = endgames(40, 12);
    let mut truth = truth();
    let mut proved = 0;
    for (pos, question) in questions(&positions) {
        let goal = question.goal;
        let mut search = catalogue::start("pns-dag", *pos, &params(goal, Some(12), None)).unwrap();
        let verdict = search.run();
        let at = format!("{goal:?} at {}", pos.format_position());
        assert_eq!(
            search.stats().iterations,
            1,
            "{at}: the solver settles the root"
        );
        if verdict == Verdict::Proved {
            proved += 1;
            let text = search.best_move().expect("a proved root names its move");
            let mut child = *pos;
            child.play(pos.parse_move(&text).unwrap());
            let after = truth.solve(&child, question, &Limits::default());
            assert_eq!(
                after,
                Verdict::Proved,
                "{at}: {text} does not keep the goal"
            );
        } else {
            assert_eq!(search.best_move(), None, "{at}: no move reaches the goal");
        }
    }
    assert!(proved >= 20, "{proved} roots proved");
}

#[test]
fn the_node_limit_counts_the_solvers_positions() {
    let positions =
        random_positions_where(&Othello::start(&Size::Eight.into()), 6, 12, 38..42, |pos| {
            empties(pos) >= 20
        });
    for pos in &positions {
        for (frontier, limit) in [(None, 3_000), (Some(12), 3_000), (Some(14), 50_000)] {
            let mut search =
                catalogue::start("pns-dag", *pos, &params(Goal::Win, frontier, Some(limit)))
                    .unwrap();
            let verdict = search.run();
            let stats = search.stats();
            let at = format!("frontier {frontier:?} at {}", pos.format_position());
            assert!(stats.nodes_created <= limit, "{at}: {stats:?}");
            if verdict == Verdict::Out {
                // Stopped by the limit: at it, or short of it by less than one expansion.
                assert!(stats.nodes_created + 64 > limit, "{at}: {stats:?}");
            }
        }
    }
}

#[test]
fn the_graph_holds_each_position_once() {
    let start = TicTacToe::start(&());
    for goal in [Goal::Win, Goal::NotLose] {
        let mut dag =
            catalogue::start("pns-dag", start.clone(), &params(goal, None, None)).unwrap();
        let mut tree = catalogue::start("pns", start.clone(), &params(goal, None, None)).unwrap();
        assert_eq!(dag.run(), tree.run());
        // Tic-tac-toe has 5,478 positions; the tree of plain PNS counts each line to one.
        assert!(dag.stats().peak_nodes <= 5_478, "{:?}", dag.stats());
        assert!(dag.stats().peak_nodes < tree.stats().peak_nodes);
    }
}

#[test]
fn a_game_without_a_solver_ignores_the_frontier() {
    let pos = TicTacToe::parse_position(&(), "5").unwrap();
    let run = |frontier| {
        let mut search = catalogue::start(
            "pns-dag",
            pos.clone(),
            &params(Goal::NotLose, frontier, None),
        )
        .unwrap();
        let verdict = search.run();
        let stats = search.stats();
        (
            verdict,
            stats.iterations,
            stats.nodes_created,
            stats.peak_nodes,
        )
    };
    assert_eq!(run(Some(3)), run(None));
    assert_eq!(run(None).0, Verdict::Proved);
}

#[test]
fn a_bad_frontier_is_refused_naming_the_parameter() {
    for text in ["0", "-1", "2.5", "x"] {
        let error = Params::default().set_text("frontier", text).unwrap_err();
        assert_eq!(error.field(), Some("frontier"), "{text}");
    }
}

//! The MCTS family (MCTS with UCT, MCTS-Solver, PN-MCTS; PN-MCTS paper §II and §IV) against
//! independent truth:
//!
//! - MCTS-Solver's and PN-MCTS's proofs equal alpha-beta's verdicts on 1,200 seeded random
//!   positions (400 each of tic-tac-toe, 4×4 Othello and 5×4 Connect Four), for both goals:
//!   4,800 verdicts, and every proving move proves;
//! - PN-MCTS's pn/dn on its whole tree equal PNS's rules recomputed from the children (and
//!   a finished game's numbers its outcome for the goal), pn = 0 exactly when the solver's
//!   status is proven, dn = 0 exactly when disproven; visits add up;
//! - with a fixed seed, plain UCT (solver off) plays the only winning move of a tic-tac-toe
//!   position and of a Connect Four puzzle, both checked by alpha-beta;
//! - PN-MCTS with C_pn = 0 builds node for node the tree of UCT with full expansion (an
//!   implementation switch of the same driver, [`Config::uct_full_expansion`]) on equal
//!   seeds, and with C_pn = 1 a different one;
//! - the inspector's choice is the argmax of formula (2) recomputed here from the children's
//!   shown numbers, and PN-MCTS's ranks on a textbook tree equal ranks worked out by hand;
//! - the same seed and iterations give the same tree and move; another seed another tree;
//! - a search carried on after two moves (Ludii's tree reuse, `tree=keep` agents) holds
//!   node for node the subtree it had there and steps on from its visits; a line that leaves
//!   the tree, or ends where the opponent moves, is refused and changes nothing.

use crate::common;

use common::{iteration_limit, random_positions};
use pnplay::game::catalogue::Catalogued;
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::othello::{Othello, Size};
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::{Game, MoveList, Outcome, Player, Turn};
use pnplay::search::catalogue;
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::mcts::tree::Tree;
use pnplay::search::mcts::{Config, INFINITE, Mcts};
use pnplay::search::params::{CPN, Params, SOLVER};
use pnplay::search::session::{Budget, Session};
use pnplay::search::tree::{NodeId, NodeKind, ROOT, Status};
use pnplay::search::view::Values;
use pnplay::search::{Goal, Limits, Question, Verdict};

const PER_FAMILY: usize = 400;

fn question<G: Game>(pos: &G, goal: Goal) -> Question {
    let Turn::Player(root_player) = pos.turn() else {
        panic!("not a player's turn");
    };
    Question { root_player, goal }
}

/// The moves of `pos` that win for the player to move (alpha-beta on each child).
fn winning_moves<G: Catalogued>(pos: &G) -> Vec<String> {
    let mut truth = AlphaBeta::<G, _>::with_knowledge(AlphaBetaConfig {
        table_bytes: 1 << 20,
    });
    let me = question(pos, Goal::Win).root_player;
    let mut moves = MoveList::<G>::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .filter(|&&mv| {
            let mut child = pos.clone();
            child.play(mv);
            match child.outcome(me) {
                Some(outcome) => outcome == Outcome::Win,
                None => {
                    let q = Question {
                        root_player: me,
                        goal: Goal::Win,
                    };
                    truth.solve(&child, q, &Limits::default()) == Verdict::Proved
                }
            }
        })
        .map(|&mv| pos.format_move(mv))
        .collect()
}

/// MCTS-Solver and PN-MCTS against alpha-beta on `positions`; returns the verdicts compared.
fn agree<G: Catalogued>(family: &str, positions: &[G]) -> usize {
    assert_eq!(positions.len(), PER_FAMILY, "{family}: too few positions");
    let mut truth = AlphaBeta::<G, _>::with_knowledge(AlphaBetaConfig {
        table_bytes: 1 << 20,
    });
    let mut compared = 0;
    for (index, pos) in positions.iter().enumerate() {
        for goal in [Goal::Win, Goal::NotLose] {
            let exact = truth.solve(pos, question(pos, goal), &Limits::default());
            assert!(exact.is_exact(), "{family} #{index}");
            for algo in ["mcts", "pnmcts"] {
                let params = Params::default().with_seed(index as u64).with_goal(goal);
                let mut search = catalogue::start(algo, pos.clone(), &params).unwrap();
                let at = format!(
                    "{family} #{index} {goal:?} {algo} on {}",
                    pos.format_position()
                );
                assert_eq!(search.run(), exact, "{at}");
                if exact == Verdict::Proved {
                    let mv = search.best_move().unwrap();
                    let mv = pos.parse_move(&mv).unwrap();
                    let mut child = pos.clone();
                    child.play(mv);
                    let me = question(pos, goal).root_player;
                    let keeps = match child.outcome(me) {
                        Some(outcome) => goal.is_proven(outcome),
                        None => {
                            let q = Question {
                                root_player: me,
                                goal,
                            };
                            truth.solve(&child, q, &Limits::default()) == Verdict::Proved
                        }
                    };
                    assert!(keeps, "{at}: the move played does not prove");
                }
                compared += 1;
            }
        }
    }
    compared
}

#[test]
fn solver_and_pn_mcts_agree_with_alpha_beta_on_400_tictactoe_positions() {
    let ttt = random_positions(&TicTacToe::start(&()), PER_FAMILY, 11, 0..8);
    assert_eq!(agree("tictactoe", &ttt), PER_FAMILY * 4);
}

#[test]
fn solver_and_pn_mcts_agree_with_alpha_beta_on_400_othello4_positions() {
    let o4 = random_positions(&Othello::start(&Size::Four.into()), PER_FAMILY, 12, 1..11);
    assert_eq!(agree("othello4", &o4), PER_FAMILY * 4);
}

#[test]
fn solver_and_pn_mcts_agree_with_alpha_beta_on_400_connect4_5x4_positions() {
    // From 6 plies: the 4- and 5-ply positions took 130 of the test's 159 s (both searches
    // solving them in up to 2 s each); the deepest left are 14 plies from the end.
    let c54 = random_positions(
        &Connect4::start(&Dims::new(5, 4).unwrap()),
        PER_FAMILY,
        13,
        6..16,
    );
    assert_eq!(agree("connect4:5x4", &c54), PER_FAMILY * 4);
}

/// Plain UCT (solver off, seed 1) after `iterations` plays `expected`, the only winning move
/// of `text` by alpha-beta (not a win on the spot).
fn uct_finds<G: Catalogued>(variant: &G::Variant, text: &str, expected: &str, iterations: u64) {
    let pos = G::parse_position(variant, text).unwrap();
    assert_eq!(
        winning_moves(&pos),
        [expected],
        "{text}: the puzzle's only winning move"
    );
    let mut immediate = pos.clone();
    immediate.play(pos.parse_move(expected).unwrap());
    assert!(
        immediate.outcome(Player::First).is_none(),
        "{text}: not a win on the spot"
    );
    let params = Params::default().with(&SOLVER, Some(0.0));
    let mut search = catalogue::start("mcts", pos, &params).unwrap();
    assert_eq!(
        search.step(Budget::iterations(iterations)),
        None,
        "{text}: no proof without the solver"
    );
    assert_eq!(search.stats().iterations, iterations);
    assert_eq!(search.best_move().as_deref(), Some(expected), "{text}");
}

#[test]
fn uct_finds_the_only_winning_move_of_tictactoe_and_connect_four_puzzles() {
    // The first positions of a seeded scan with exactly one winning move, none on the spot.
    for (text, mv) in [("612", "7"), ("7419", "3"), ("29", "3")] {
        uct_finds::<TicTacToe>(&(), text, mv, 5_000);
    }
    for (text, mv) in [
        ("53214357421544", "3"),
        ("72646644724413", "5"),
        ("15621465415155", "3"),
    ] {
        uct_finds::<Connect4>(&Dims::default(), text, mv, 50_000);
    }
}

/// The position at `id`, replayed from `root`.
fn position_at<G: Game>(root: &G, tree: &Tree<G::Move>, id: NodeId) -> G {
    let mut pos = root.clone();
    for step in tree.path_to(id).into_iter().skip(1) {
        pos.play(tree.node(step).mv().unwrap());
    }
    pos
}

/// Checks every node of a PN-MCTS tree against PNS's rules recomputed here; returns how many
/// expanded nodes it checked.
fn check_numbers<G: Game>(root: &G, search: &Mcts<G>, goal: Goal) -> usize {
    let tree = search.arena();
    let question = question(root, goal);
    let mut expanded = 0;
    for id in 0..tree.len() as NodeId {
        let node = tree.node(id);
        let (pn, dn) = node.proof_numbers();
        let children: Vec<NodeId> = tree.children(id).collect();
        let expected = if node.kind() == NodeKind::Terminal {
            let outcome = position_at(root, tree, id)
                .outcome(question.root_player)
                .unwrap();
            if goal.is_proven(outcome) {
                (0, INFINITE)
            } else {
                (INFINITE, 0)
            }
        } else if children.is_empty() {
            (1, 1)
        } else {
            expanded += 1;
            let numbers = children.iter().map(|&c| tree.node(c).proof_numbers());
            let min = |f: fn((u32, u32)) -> u32| numbers.clone().map(f).min().unwrap();
            let sum =
                |f: fn((u32, u32)) -> u32| numbers.clone().map(f).fold(0u32, u32::saturating_add);
            let mut moves = MoveList::<G>::default();
            position_at(root, tree, id).legal_moves(&mut moves);
            assert_eq!(
                children.len(),
                moves.len(),
                "node {id}: all children at once"
            );
            if node.kind() == NodeKind::Or {
                (min(|n| n.0), sum(|n| n.1))
            } else {
                (sum(|n| n.0), min(|n| n.1))
            }
        };
        assert_eq!((pn, dn), expected, "node {id}");
        assert_eq!(node.status() == Status::Proven, pn == 0, "node {id}");
        assert_eq!(node.status() == Status::Disproven, dn == 0, "node {id}");
        // Visits add up: a node's own play-outs (its first visit as a new leaf, one more if its
        // expansion resolved it; none at the root) and its children's.
        let below: u32 = children.iter().map(|&c| tree.node(c).visits()).sum();
        if node.kind() != NodeKind::Terminal && !children.is_empty() {
            let own = node.visits() - below;
            let first = u32::from(id != ROOT);
            let allowed = first..=first + u32::from(node.status().is_resolved());
            assert!(allowed.contains(&own), "node {id}: {own} own play-outs");
        }
    }
    expanded
}

#[test]
fn pn_mcts_proof_numbers_follow_the_pns_rules_on_its_whole_tree() {
    let mut checked = 0;
    for goal in [Goal::Win, Goal::NotLose] {
        for solver in [false, true] {
            let othello = Othello::start(&Size::Eight.into());
            let mut search = Mcts::new(
                othello,
                Config::pn_mcts(std::f64::consts::SQRT_2, 1.0, solver),
                question(&othello, goal),
                3,
                Limits::default(),
            );
            search.step(Budget::iterations(3_000));
            checked += check_numbers(&othello, &search, goal);
            let c4 = Connect4::parse_position(&Dims::default(), "4444").unwrap();
            let mut search = Mcts::new(
                c4.clone(),
                Config::pn_mcts(std::f64::consts::SQRT_2, 1.0, solver),
                question(&c4, goal),
                4,
                Limits::default(),
            );
            search.step(Budget::iterations(3_000));
            checked += check_numbers(&c4, &search, goal);
            // Small games solved to the end: the numbers at the proof.
            for text in ["", "5", "1527"] {
                let ttt = TicTacToe::parse_position(&(), text).unwrap();
                let mut search = Mcts::new(
                    ttt.clone(),
                    Config::pn_mcts(std::f64::consts::SQRT_2, 1.0, solver),
                    question(&ttt, goal),
                    5,
                    iteration_limit(20_000),
                );
                search.step(Budget::UNLIMITED);
                checked += check_numbers(&ttt, &search, goal);
            }
        }
    }
    assert!(checked > 10_000, "{checked} expanded nodes checked");
}

/// The fields UCT with full expansion and PN-MCTS share, node by node, as text: parent,
/// move, visits, sum of results, status, move index.
fn shared_fields<G: Game>(search: &Mcts<G>) -> Vec<String> {
    let tree = search.arena();
    (0..tree.len() as NodeId)
        .map(|id| {
            let n = tree.node(id);
            format!(
                "{:?}",
                (
                    n.parent(),
                    n.mv(),
                    n.visits(),
                    n.sum(),
                    n.status(),
                    n.index()
                )
            )
        })
        .collect()
}

/// A run of one game: its tree's shared fields and its move, for a configuration and seed.
type Run = Box<dyn Fn(Config, u64) -> (Vec<String>, Option<String>)>;

#[test]
fn pn_mcts_with_cpn_zero_builds_the_tree_of_uct_with_full_expansion() {
    let c = std::f64::consts::SQRT_2;
    let positions: Vec<(Run, &str)> = vec![
        (
            Box::new(move |config, seed| {
                run_shared(Othello::start(&Size::Eight.into()), config, seed)
            }),
            "othello",
        ),
        (
            Box::new(move |config, seed| {
                run_shared(Connect4::start(&Dims::default()), config, seed)
            }),
            "connect4",
        ),
        (
            Box::new(move |config, seed| run_shared(TicTacToe::start(&()), config, seed)),
            "tictactoe",
        ),
    ];
    for (run, game) in &positions {
        for seed in [1, 2, 3] {
            for solver in [false, true] {
                let pn = run(Config::pn_mcts(c, 0.0, solver), seed);
                let full = run(Config::uct_full_expansion(c, solver), seed);
                assert_eq!(pn, full, "{game} seed {seed} solver {solver}");
                let biased = run(Config::pn_mcts(c, 1.0, solver), seed);
                assert_ne!(
                    biased.0, full.0,
                    "{game} seed {seed}: C_pn = 1 changes the tree"
                );
            }
        }
    }
}

/// Runs 2,000 iterations of `config` on `root` and returns its tree (shared fields, as text)
/// and move.
fn run_shared<G: Game>(root: G, config: Config, seed: u64) -> (Vec<String>, Option<String>) {
    let q = question(&root, Goal::Win);
    let mut search = Mcts::new(root, config, q, seed, Limits::default());
    search.step(Budget::iterations(2_000));
    (shared_fields(&search), search.best_move())
}

#[test]
fn the_inspector_picks_the_argmax_of_formula_two_from_the_shown_numbers() {
    let (mut checked, mut ranked, mut ranked_below_first) = (0, 0, 0);
    for (algo, cpn) in [("pnmcts", 1.0), ("pnmcts", 0.5), ("mcts", 0.0)] {
        let params = Params::default().with(&CPN, Some(cpn)).with_seed(9);
        let pos = Othello::start(&Size::Eight.into());
        let mut session = catalogue::start(algo, pos, &params).unwrap();
        for _ in 0..20 {
            session.step(Budget::iterations(97));
            let tree = session.tree().unwrap();
            for id in tree.last_path().iter().map(|n| n.id) {
                let inspection = tree.inspect(id).unwrap();
                let n_p = match inspection.node.values {
                    Values::Mcts { visits, .. } | Values::PnMcts { visits, .. } => visits,
                    _ => panic!("MCTS values"),
                };
                let full = inspection
                    .selection
                    .as_deref()
                    .is_some_and(|s| s.contains("maximising"));
                if !full {
                    continue;
                }
                // pnRank computed here from the shown pn (OR) or dn (AND) of the children,
                // as the paper's §IV words it, not with the engine's ranking: 1 for the
                // lowest, ties sharing a rank, the next distinct value the next rank.
                let key = |values: &Values| match *values {
                    Values::PnMcts { pn, dn, .. } => {
                        Some(if inspection.node.kind.is_or() { pn } else { dn })
                    }
                    _ => None,
                };
                let mut distinct: Vec<f64> = inspection
                    .children
                    .iter()
                    .filter_map(|c| key(&c.values))
                    .collect();
                distinct.sort_by(f64::total_cmp);
                distinct.dedup();
                let hand_rank = |values: &Values| {
                    key(values).map(|k| (distinct.iter().filter(|&&d| d < k).count() + 1) as f64)
                };
                let max_rank = distinct.len() as f64;
                for child in &inspection.children {
                    if let Values::PnMcts { rank, .. } = child.values {
                        assert_eq!(Some(rank), hand_rank(&child.values), "{algo} node {id}");
                        ranked += 1;
                        if rank > 1.0 {
                            ranked_below_first += 1;
                        }
                    }
                }
                let score = |values: &Values| match *values {
                    Values::Mcts { visits, mean } if visits > 0.0 => {
                        mean + std::f64::consts::SQRT_2 * (n_p.ln() / visits).sqrt()
                    }
                    Values::PnMcts { visits, mean, .. } if visits > 0.0 => {
                        mean + std::f64::consts::SQRT_2 * (n_p.ln() / visits).sqrt()
                            + cpn * (1.0 - hand_rank(values).unwrap() / max_rank)
                    }
                    _ => f64::INFINITY,
                };
                let open = inspection
                    .children
                    .iter()
                    .filter(|c| !c.status.is_resolved());
                let best = open
                    .clone()
                    .map(|c| score(&c.values))
                    .fold(f64::NEG_INFINITY, f64::max);
                let selected: Vec<_> = inspection.children.iter().filter(|c| c.selected).collect();
                assert_eq!(selected.len(), 1, "{algo} node {id}");
                let chosen = score(&selected[0].values);
                assert!(
                    chosen == best || (chosen - best).abs() < 1e-12,
                    "{algo} node {id}: {chosen} < {best}"
                );
                assert!(inspection.selection.unwrap().contains(&selected[0].mv));
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "{checked} selections checked");
    // The ranks checked are not all 1: the ranking is exercised.
    assert!(
        ranked > 500 && ranked_below_first > 100,
        "{ranked} ranks, {ranked_below_first} > 1"
    );
}

#[test]
fn the_same_seed_and_iterations_give_the_same_tree_and_move() {
    for config in [
        Config::uct(std::f64::consts::SQRT_2, true),
        Config::pn_mcts(std::f64::consts::SQRT_2, 1.0, true),
    ] {
        let pos = Connect4::start(&Dims::default());
        let run = |seed: u64, steps: &[u64]| {
            let mut search = Mcts::new(
                pos.clone(),
                config,
                question(&pos, Goal::Win),
                seed,
                Limits::default(),
            );
            for &n in steps {
                search.step(Budget::iterations(n));
            }
            (
                search.arena().clone(),
                search.best_move(),
                search.history().chart().to_vec(),
            )
        };
        let one = run(7, &[3_000]);
        assert_eq!(one, run(7, &[3_000]), "{config:?}");
        assert_eq!(one, run(7, &[1, 999, 2_000]), "{config:?}: stepped");
        assert_ne!(one.0, run(8, &[3_000]).0, "{config:?}: another seed");
    }
}

#[test]
fn games_with_chance_are_refused_and_the_solver_off_runs_to_a_limit() {
    use pnplay::engine::{self, GameSpec};
    let spec: GameSpec = "2048:2x2".parse().unwrap();
    for algo in ["mcts", "pnmcts"] {
        let start = engine::describe(&spec, None).unwrap().text;
        let error = engine::start(&spec, &start, algo, &Params::default())
            .err()
            .unwrap();
        assert_eq!(error.kind(), "unsupported", "{algo}");
        assert_eq!(error.field(), Some("search"), "{algo}");
        // The empty board's tree is far bigger than the node limit.
        let ttt = TicTacToe::parse_position(&(), "").unwrap();
        let params = Params::default()
            .with(&SOLVER, Some(0.0))
            .with_limits(Limits {
                max_nodes: Some(500),
                ..Limits::default()
            });
        let mut search = catalogue::start(algo, ttt, &params).unwrap();
        assert_eq!(
            search.run(),
            Verdict::Out,
            "{algo}: no proof without the solver"
        );
        assert!(search.stats().nodes_created <= 500);
        // A tree small enough to hold whole: an iteration limit stops it.
        let ttt = TicTacToe::parse_position(&(), "1425").unwrap();
        let config = if algo == "mcts" {
            Config::uct(std::f64::consts::SQRT_2, false)
        } else {
            Config::pn_mcts(std::f64::consts::SQRT_2, 1.0, false)
        };
        let limits = iteration_limit(3_000);
        let mut search = Mcts::new(ttt.clone(), config, question(&ttt, Goal::Win), 1, limits);
        assert_eq!(search.step(Budget::UNLIMITED), Some(Verdict::Out), "{algo}");
        assert_eq!(search.arena().node(ROOT).visits(), 3_000);
        assert_eq!(search.best_move().as_deref(), Some("3"), "{algo}");
    }
}

#[test]
fn a_cut_off_playout_counts_as_a_draw_and_a_long_enough_cut_off_changes_nothing() {
    let start = Othello::start(&Size::Eight.into());
    let limits = iteration_limit(300);
    let run = |playout: Option<u32>| {
        let config = Config {
            playout,
            ..Config::pn_mcts(std::f64::consts::SQRT_2, 1.0, true)
        };
        let mut search = Mcts::new(start, config, question(&start, Goal::Win), 5, limits);
        assert_eq!(search.step(Budget::UNLIMITED), Some(Verdict::Out));
        search
    };
    // Two moves never finish a game of Othello from the start: every playout is a draw.
    let cut = run(Some(2));
    assert_eq!(cut.arena().node(ROOT).visits(), 300);
    assert_eq!(cut.arena().node(ROOT).sum(), 0, "every playout a draw");
    // Othello ends within 200 moves (60 discs and passes), so Ludii's cut-off changes nothing.
    let (whole, ludii) = (run(None), run(Some(200)));
    assert_ne!(whole.arena().node(ROOT).sum(), 0);
    assert_eq!(shared_fields(&whole), shared_fields(&ludii));
    assert_eq!(whole.best_move(), ludii.best_move());
}

/// Formula 2's pnRank (PN-MCTS paper §IV) against ranks worked out by hand on a textbook
/// tree, not recomputed by any ranking code. The root (OR, the first player to move) has
/// five AND children; `G` is the OR node `[[W L] [L W]]` (two AND children):
///
/// ```text
/// a: [G G G]      b: [G G]      c: [G G G]      d: [G L]      e: [G G G G]
/// ```
///
/// A `G` has pn 1 before it is expanded and pn = min(1, 1) = 1 after, so each child's pn
/// is fixed once the child is expanded, whatever is expanded below it (until a `G` is
/// resolved two levels further down). By PNS's AND rule, pn = the sum of the children's:
/// a: 1 + 1 + 1 = 3; b: 2; c: 3; d: 1 + ∞ = ∞ (its lost leaf has pn ∞, dn 0, so d is
/// disproven, dn = min(…, 0) = 0); e: 4. The root is OR, so its children rank by pn,
/// lowest first, ties sharing a rank and the next distinct value taking the next rank: the
/// distinct pn are 2 < 3 < 4 < ∞, so b → 1, a → 2, c → 2, e → 3, d → 4 (max rank 4;
/// with C_pn = 1 the bonus 1 − rank/4 is b 0.75, a and c 0.5, e 0.25, d 0).
#[test]
fn pn_mcts_ranks_equal_the_ones_worked_out_by_hand() {
    use pnplay::game::tree::TreeGame;
    let g = "[[W L] [L W]]";
    let text =
        format!("[a:[{g} {g} {g}] b:[{g} {g}] c:[{g} {g} {g}] d:[{g} L] e:[{g} {g} {g} {g}]]");
    let pos = TreeGame::parse_position(&(), &text).unwrap();
    let params = Params::default().with(&CPN, Some(1.0)).with_seed(1);
    let mut session = catalogue::start("pnmcts", pos, &params).unwrap();
    let unexpanded = |values: &Values| matches!(values, Values::PnMcts { pn, dn, .. } if *pn == 1.0 && *dn == 1.0);
    // Step until every child of the root is expanded (none is left at pn 1, dn 1).
    let mut iterations = 0;
    let root = loop {
        session.step(Budget::iterations(1));
        iterations += 1;
        let root = session.tree().unwrap().inspect(ROOT).unwrap();
        if root.children.len() == 5 && !root.children.iter().any(|c| unexpanded(&c.values)) {
            break root;
        }
        assert!(iterations < 200, "the root's children are not all expanded");
    };
    let numbers: Vec<(String, f64, f64)> = root
        .children
        .iter()
        .map(|child| match child.values {
            Values::PnMcts { pn, rank, .. } => (child.mv.clone(), pn, rank),
            ref other => panic!("PN-MCTS values, not {other:?}"),
        })
        .collect();
    let by_hand = [
        ("a", 3.0, 2.0),
        ("b", 2.0, 1.0),
        ("c", 3.0, 2.0),
        ("d", f64::INFINITY, 4.0),
        ("e", 4.0, 3.0),
    ]
    .map(|(mv, pn, rank)| (mv.to_string(), pn, rank));
    assert_eq!(numbers, by_hand, "after {iterations} iterations");
    assert_matches!(root.children[3].values, Values::PnMcts { dn, .. } if dn == 0.0);
}

/// Every node under `id`, depth first in move order, as text: its line of moves from `id`,
/// visits, sum, status, proof numbers, children, fullness and kind.
fn below<M: Copy + std::fmt::Debug>(tree: &Tree<M>, id: NodeId, line: &str, out: &mut Vec<String>) {
    let n = tree.node(id);
    out.push(format!(
        "{line} {} {} {:?} {:?} {} {} {:?}",
        n.visits(),
        n.sum(),
        n.status(),
        n.proof_numbers(),
        n.child_count(),
        n.is_full(),
        n.kind()
    ));
    for child in tree.children(id) {
        let mv = tree.node(child).mv().unwrap();
        below(tree, child, &format!("{line}/{mv:?}"), out);
    }
}

#[test]
fn a_carried_search_keeps_the_subtree_after_two_moves_and_steps_on_from_it() {
    let c = std::f64::consts::SQRT_2;
    for config in [Config::uct(c, true), Config::pn_mcts(c, 1.0, true)] {
        let root = Othello::start(&Size::Eight.into());
        let mut search = Mcts::new(
            root,
            config,
            question(&root, Goal::Win),
            7,
            Limits::default(),
        );
        search.step(Budget::iterations(3_000));
        let tree = search.arena().clone();
        // Our move (the most visited), then the reply the tree knows best.
        let mine = search.best_child().unwrap();
        let reply = tree
            .children(mine)
            .max_by_key(|&c| tree.node(c).visits())
            .unwrap();
        let text = |id: NodeId| {
            let parent = position_at(&root, &tree, tree.node(id).parent());
            parent.format_move(tree.node(id).mv().unwrap())
        };
        let line = vec![text(mine), text(reply)];
        let mut expected = Vec::new();
        below(&tree, reply, "", &mut expected);
        let mut whole = Vec::new();
        below(&tree, ROOT, "", &mut whole);

        // Refused, nothing changed: a line ending where the opponent moves; a move the tree
        // does not hold (the reply's sibling never expanded); text that is no move.
        let unexpanded = {
            let pos = position_at(&root, &tree, mine);
            let mut moves = MoveList::<Othello>::default();
            pos.legal_moves(&mut moves);
            let held: Vec<_> = tree
                .children(mine)
                .map(|c| tree.node(c).mv().unwrap())
                .collect();
            moves
                .iter()
                .find(|mv| !held.contains(mv))
                .map(|&mv| pos.format_move(mv))
        };
        let mut refused = vec![vec![text(mine)], vec![text(mine), "zz".to_string()]];
        refused.extend(unexpanded.map(|mv| vec![text(mine), mv]));
        for bad in refused {
            assert!(!search.carry(&bad, 9), "{bad:?}");
            let mut now = Vec::new();
            below(search.arena(), ROOT, "", &mut now);
            assert_eq!(now, whole, "{bad:?} changed the tree");
        }

        assert!(search.carry(&line, 9));
        let mut carried = Vec::new();
        below(search.arena(), ROOT, "", &mut carried);
        assert_eq!(carried, expected, "{config:?}: the subtree node for node");
        assert_eq!(search.stats().iterations, 0);
        assert_eq!(search.stats().nodes_created, expected.len() as u64);
        assert_eq!(search.verdict(), Verdict::Out);
        let visits = search.arena().node(ROOT).visits();
        assert!(visits > 100, "{visits}: the reply was searched");
        search.step(Budget::iterations(500));
        assert_eq!(search.stats().iterations, 500);
        assert_eq!(search.arena().node(ROOT).visits(), visits + 500);
    }
}

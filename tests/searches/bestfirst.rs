//! The best-first proof-number family (PNS, PPNS paper and precise, MCPNS, PP) against
//! independent truth: a brute-force negamax over every reachable tic-tac-toe position, and a
//! brute-force AND/OR solve of small random trees with passes and chance nodes. Also the
//! driver's contracts: resumable stepping, seeds, limits, MPN paths, snapshots, `pr`, and the
//! precision of the precise mode.
//!
//! The searches run as the catalogue starts them (`catalogue::start` with typed [`Params`])
//! wherever the game is a catalogued one; the driver's contracts and the synthetic random
//! trees use [`BestFirst`] directly with each search's rules.

use std::collections::{HashMap, HashSet};

use crate::common::{iteration_limit, numbered_move};

use pnplay::error::Error;
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::{Game, MoveList, Outcome, ParseError, Player, Turn};
use pnplay::search::bestfirst::{BestFirst, Rules, mcpns, pns, pp, ppns, ppns_precise};
use pnplay::search::catalogue::{self, Family, SEARCHES, SearchInfo};
use pnplay::search::params::{PLAYOUTS, PR, Params, THETA};
use pnplay::search::session::{Budget, TreeView};
use pnplay::search::tree::{NodeKind, ROOT, Status, Tree};
use pnplay::search::view::{Values, ViewNode};
use pnplay::search::{Goal, Limits, Question, Stats, Verdict};

/// The best-first searches of the catalogue: pns, ppns, ppns-precise, mcpns, pp.
/// The proof-number searches of the best-first family. Conspiracy-number search shares the
/// family's tree but backs up score targets, not proof numbers: tests/searches/cns.rs checks it.
/// `pns-dag` keeps a graph, not the family's tree: tests/searches/pnsdag.rs checks it.
fn best_first() -> impl Iterator<Item = &'static SearchInfo> {
    SEARCHES
        .iter()
        .filter(|s| s.family == Family::BestFirst && !matches!(s.id, "cns" | "pns-dag"))
}

/// The default parameters with the seed these tests always ran with (0, the old default;
/// the schema's default is now 1), so every run is the one they checked.
fn defaults() -> Params {
    Params::default().with_seed(0)
}

// ---------------------------------------------------------------------------------------
// Independent truth for tic-tac-toe.

/// Exact value (+1 win, 0 draw, −1 loss) for the side to move, by plain negamax.
fn negamax(pos: &TicTacToe, memo: &mut HashMap<u32, i32>) -> i32 {
    if let Some(&v) = memo.get(&pos.key()) {
        return v;
    }
    let value = match pos.turn() {
        Turn::Over => {
            // The side to move is the one who did not make the last move: it never won.
            let mover = side_to_move(pos);
            pos.terminal_value(mover).unwrap()
        }
        _ => pos
            .children()
            .iter()
            .map(|(_, next)| -negamax(next, memo))
            .max()
            .unwrap(),
    };
    memo.insert(pos.key(), value);
    value
}

/// Whose turn it is, from the number of marks (also for finished positions).
fn side_to_move(pos: &TicTacToe) -> Player {
    if pos.key().count_ones() % 2 == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// Every position reachable from the empty board, finished ones included.
fn reachable_positions() -> Vec<TicTacToe> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut stack = vec![TicTacToe::start(&())];
    while let Some(pos) = stack.pop() {
        if !seen.insert(pos.key()) {
            continue;
        }
        stack.extend(pos.children().into_iter().map(|(_, next)| next));
        out.push(pos);
    }
    out.sort_by_key(|p| (p.key().count_ones(), p.key()));
    out
}

/// Every unfinished reachable position with its exact value for the side to move.
fn solved_positions() -> Vec<(TicTacToe, i32)> {
    let all = reachable_positions();
    assert_eq!(
        all.len(),
        5_478,
        "tic-tac-toe has 5,478 reachable positions"
    );
    let mut memo = HashMap::new();
    all.into_iter()
        .filter(|p| p.turn() != Turn::Over)
        .map(|p| {
            let v = negamax(&p, &mut memo);
            (p, v)
        })
        .collect()
}

fn goal_holds(goal: Goal, value: i32) -> bool {
    match goal {
        Goal::Win => value > 0,
        Goal::NotLose => value >= 0,
    }
}

fn exact_verdict(goal: Goal, value: i32) -> Verdict {
    if goal_holds(goal, value) {
        Verdict::Proved
    } else {
        Verdict::Disproved
    }
}

fn params(goal: Goal, playouts: u32) -> Params {
    Params::default()
        .with_goal(goal)
        .with(&PLAYOUTS, Some(f64::from(playouts)))
        .with_seed(11)
}

/// Solves every unfinished tic-tac-toe position for both goals with search `algo` (an id of
/// the catalogue) and checks each verdict (and each best move at a proved root) against
/// negamax.
fn check_all_positions(algo: &str, playouts: u32) {
    check_solver(algo, |pos, goal| {
        let mut search = catalogue::start(algo, pos.clone(), &params(goal, playouts)).unwrap();
        (search.run(), search.best_move())
    });
}

/// [`check_all_positions`] for any solver: `solve` gives the verdict and best move of a
/// position for a goal.
fn check_solver(algo: &str, mut solve: impl FnMut(&TicTacToe, Goal) -> (Verdict, Option<String>)) {
    let positions = solved_positions();
    assert_eq!(positions.len(), 4_520);
    let mut memo = HashMap::new();
    for goal in [Goal::Win, Goal::NotLose] {
        for (pos, value) in &positions {
            let (verdict, best_move) = solve(pos, goal);
            let text = pos.format_position();
            assert_eq!(
                verdict,
                exact_verdict(goal, *value),
                "{algo} {goal:?} {text:?}"
            );
            if verdict == Verdict::Proved {
                // The proving move must keep the goal for the side that played it.
                let mv = best_move.expect("a proved root has a move");
                let mut next = pos.clone();
                next.play(pos.parse_move(&mv).unwrap());
                let child_value = -negamax(&next, &mut memo);
                assert!(
                    goal_holds(goal, child_value),
                    "{algo} {goal:?} {text:?} {mv}"
                );
            }
        }
    }
}

#[test]
fn pns_solves_every_tictactoe_position() {
    check_all_positions("pns", 1);
}

#[test]
fn ppns_solves_every_tictactoe_position() {
    check_all_positions("ppns", 4);
}

#[test]
fn ppns_precise_solves_every_tictactoe_position() {
    check_all_positions("ppns-precise", 4);
}

#[test]
fn mcpns_solves_every_tictactoe_position() {
    check_all_positions("mcpns", 4);
}

#[test]
fn pp_solves_every_tictactoe_position() {
    check_all_positions("pp", 1);
}

/// dfpn-k (the catalogue's settings but a small table, so 9,040 searches stay fast).
#[test]
fn dfpn_k_solves_every_tictactoe_position() {
    use pnplay::search::exact::dfpn::{DfPn, DfPnConfig, KNOWLEDGE_EPSILON};
    let config = DfPnConfig {
        table_bytes: 1 << 14,
        epsilon: KNOWLEDGE_EPSILON,
    };
    check_solver("dfpn-k", |pos, goal| {
        let Turn::Player(root_player) = pos.turn() else {
            unreachable!("solved_positions holds unfinished positions")
        };
        let question = Question { root_player, goal };
        let mut search = DfPn::with_knowledge(pos, question, config);
        let (verdict, _) = search.solve(&Limits::default());
        (verdict, search.best_move().map(|mv| pos.format_move(mv)))
    });
}

#[test]
fn default_playouts_solve_a_sample_of_positions() {
    let positions = solved_positions();
    for algo in ["ppns", "ppns-precise", "mcpns"] {
        for goal in [Goal::Win, Goal::NotLose] {
            for (pos, value) in positions.iter().step_by(97) {
                let p = defaults().with_goal(goal);
                assert_eq!(p.integer(&PLAYOUTS), 60);
                let mut search = catalogue::start(algo, pos.clone(), &p).unwrap();
                assert_eq!(search.run(), exact_verdict(goal, *value), "{algo} {pos:?}");
            }
        }
    }
}

#[test]
fn empty_board_is_a_draw_for_every_search() {
    let start = TicTacToe::start(&());
    let ids: Vec<&str> = best_first().map(|s| s.id).collect();
    assert_eq!(ids, ["pns", "ppns", "ppns-precise", "mcpns", "pp"]);
    for info in best_first() {
        let algo = info.id;
        for (goal, expected) in [
            (Goal::Win, Verdict::Disproved),
            (Goal::NotLose, Verdict::Proved),
        ] {
            let p = defaults().with_goal(goal);
            let mut search = catalogue::start(algo, start.clone(), &p).unwrap();
            assert_eq!(search.run(), expected, "{algo} {goal:?}");
            let stats = search.stats();
            assert_eq!(stats.iterations, stats.nodes_expanded);
            assert_eq!(stats.peak_nodes, stats.nodes_created);
            let uses_playouts = matches!(algo, "ppns" | "ppns-precise" | "mcpns");
            assert_eq!(info.capabilities.playouts, uses_playouts, "{algo}");
            let expected_playouts = if uses_playouts {
                // The root and every non-terminal child get 60 playouts.
                assert!(stats.playouts > 0 && stats.playouts % 60 == 0);
                stats.playouts
            } else {
                0
            };
            assert_eq!(stats.playouts, expected_playouts);
        }
    }
}

#[test]
fn a_finished_root_is_decided_without_iterations() {
    // X has 1, 2 and 3: the first player (whose view a finished root takes) has won.
    let pos = TicTacToe::parse_position(&(), "15293").unwrap();
    // The catalogue refuses to start a search there: there is nothing to search.
    for info in best_first() {
        let error = catalogue::start(info.id, pos.clone(), &defaults()).err();
        assert_eq!(error, Some(Error::GameOver), "{}", info.id);
    }
    // The driver itself decides such a root at once:
    // see `the_driver_decides_a_finished_root_without_iterations`.
}

// ---------------------------------------------------------------------------------------
// Driver contracts, checked for every rule set through the concrete type.

/// Calls `check` with the catalogue id and a fresh-rules factory of each of the five
/// searches.
macro_rules! for_each_rules {
    ($check:ident $(, $arg:expr)*) => {{
        $check("pns", || pns::Pns $(, $arg)*);
        $check("ppns", || ppns::Ppns::new(5, 0.01, None) $(, $arg)*);
        $check("ppns-precise", || ppns_precise::PpnsPrecise::new(5, 0.01, None) $(, $arg)*);
        $check("mcpns", || mcpns::Mcpns::new(5, 0.01) $(, $arg)*);
        $check("pp", || pp::rules(None) $(, $arg)*);
    }};
}

fn question(goal: Goal) -> Question {
    Question {
        root_player: Player::First,
        goal,
    }
}

fn search_of<R: Rules>(rules: R, pos: &str, seed: u64, limits: Limits) -> BestFirst<TicTacToe, R> {
    let pos = TicTacToe::parse_position(&(), pos).unwrap();
    let root_player = match pos.turn() {
        Turn::Player(p) => p,
        _ => Player::First,
    };
    let q = Question {
        root_player,
        ..question(Goal::NotLose)
    };
    BestFirst::new(pos, rules, q, seed, limits)
}

/// Stats without the time, which differs between runs.
fn timeless<R: Rules>(search: &BestFirst<TicTacToe, R>) -> Stats {
    Stats {
        seconds: 0.0,
        ..search.stats()
    }
}

fn check_resumable<R: Rules>(algo: &str, make: impl Fn() -> R) {
    for pos in ["", "5", "19"] {
        let mut whole = search_of(make(), pos, 3, Limits::default());
        let verdict = whole.run();
        for chunk in [1, 3, 7] {
            let mut stepped = search_of(make(), pos, 3, Limits::default());
            let mut calls = 0;
            let stepped_verdict = loop {
                calls += 1;
                if let Some(v) = stepped.step(Budget::iterations(chunk)) {
                    break v;
                }
                assert!(!stepped.is_finished());
                assert_eq!(stepped.verdict(), Verdict::Out);
            };
            assert_eq!(stepped_verdict, verdict);
            assert_eq!(stepped.arena(), whole.arena(), "{algo} chunk {chunk}");
            assert_eq!(timeless(&stepped), timeless(&whole));
            assert_eq!(stepped.last_path_ids(), whole.last_path_ids());
            assert_eq!(stepped.best_move(), whole.best_move());
            assert!(calls as u64 >= whole.stats().iterations / chunk);
        }
    }
}

fn check_finished_root<R: Rules>(algo: &str, make: impl Fn() -> R) {
    // X has 1, 2 and 3: the first player (whose view a finished root takes) has won.
    let pos = TicTacToe::parse_position(&(), "15293").unwrap();
    for goal in [Goal::Win, Goal::NotLose] {
        let question = Question::at(&pos, goal);
        assert_eq!(question.root_player, Player::First);
        let mut search = BestFirst::new(pos.clone(), make(), question, 0, Limits::default());
        assert!(search.is_finished(), "{algo}");
        assert_eq!(search.verdict(), Verdict::Proved, "{algo}");
        assert_eq!(
            search.step(Budget::UNLIMITED),
            Some(Verdict::Proved),
            "{algo}"
        );
        assert_eq!(search.stats().iterations, 0, "{algo}");
        assert_eq!(search.best_move(), None, "{algo}");
    }
}

#[test]
fn the_driver_decides_a_finished_root_without_iterations() {
    for_each_rules!(check_finished_root);
}

#[test]
fn stepping_in_small_budgets_builds_the_same_tree() {
    for_each_rules!(check_resumable);
}

fn check_seeds<R: Rules>(algo: &str, make: impl Fn() -> R) {
    let limits = iteration_limit(40);
    let mut a = search_of(make(), "", 42, limits);
    let mut b = search_of(make(), "", 42, limits);
    assert_eq!(a.run(), b.run());
    assert_eq!(a.arena(), b.arena(), "{algo}");
    assert_eq!(timeless(&a), timeless(&b), "{algo}");
    if a.stats().playouts > 0 {
        let mut c = search_of(make(), "", 43, limits);
        c.run();
        assert_ne!(
            a.arena(),
            c.arena(),
            "{algo}: another seed gives other playouts"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_search() {
    for_each_rules!(check_seeds);
}

fn check_limits<R: Rules>(algo: &str, make: impl Fn() -> R) {
    let mut s = search_of(make(), "", 1, iteration_limit(5));
    assert_eq!(s.run(), Verdict::Out);
    assert_eq!(s.stats().iterations, 5);
    assert_eq!(
        s.step(Budget::UNLIMITED),
        Some(Verdict::Out),
        "a stopped search stays stopped"
    );
    assert_eq!(s.stats().iterations, 5);

    let by_nodes = Limits {
        max_nodes: Some(30),
        ..Limits::default()
    };
    let mut s = search_of(make(), "", 1, by_nodes);
    assert_eq!(s.run(), Verdict::Out);
    assert!(
        s.arena().len() <= 30 && s.stats().peak_nodes <= 30,
        "{algo}"
    );
    assert!(s.stats().iterations >= 1, "{algo}");

    let by_time = Limits {
        max_seconds: Some(0.0),
        ..Limits::default()
    };
    let mut s = search_of(make(), "", 1, by_time);
    assert_eq!(s.run(), Verdict::Out);
    assert_eq!(s.stats().iterations, 0);

    // A time budget returns control without ending the search.
    let mut s = search_of(make(), "", 1, Limits::default());
    assert_eq!(s.step(Budget::seconds(0.0)), None);
    assert_eq!(s.step(Budget::iterations(0)), None);
    assert!(!s.is_finished());
}

#[test]
fn limits_produce_out() {
    for_each_rules!(check_limits);
}

fn check_paths<R: Rules>(algo: &str, make: impl Fn() -> R) {
    for pos in ["", "1", "52"] {
        let mut s = search_of(make(), pos, 9, Limits::default());
        assert_eq!(s.last_path_ids(), &[ROOT]);
        assert_eq!(s.last_path().len(), 1);
        loop {
            let size_before = s.arena().len() as u32;
            let done = s.step(Budget::iterations(1));
            let ids = s.last_path_ids().to_vec();
            let tree = s.arena();
            assert_eq!(ids[0], ROOT);
            for pair in ids.windows(2) {
                assert_eq!(tree.node(pair[1]).parent(), pair[0]);
            }
            let expanded = tree.node(*ids.last().unwrap());
            assert!(
                expanded.is_expanded(),
                "the path ends at the node just expanded"
            );
            assert_eq!(
                expanded.child_ids().start,
                size_before,
                "its children are new"
            );
            let path = s.last_path();
            assert_eq!(path.iter().map(|p| p.id).collect::<Vec<_>>(), ids);
            assert_eq!(path[0].mv, None);
            // Replaying the path's move texts reaches the expanded node's position.
            let mut replay = TicTacToe::parse_position(&(), pos).unwrap();
            for step in &path[1..] {
                let mv = replay.parse_move(step.mv.as_ref().unwrap()).unwrap();
                replay.play(mv);
            }
            assert_eq!(
                Some(replay.format_position()),
                s.node(*ids.last().unwrap()).map(|p| p.format_position()),
                "{algo}"
            );
            assert_eq!(s.node(tree.len() as u32), None, "{algo}: no such node");
            for (step, &id) in path.iter().zip(&ids) {
                assert_eq!(step.kind, tree.node(id).kind());
                assert_eq!(step.status, tree.node(id).status());
                assert_eq!(step.child_count, tree.node(id).child_count());
            }
            if done.is_some() {
                break;
            }
        }
    }
}

#[test]
fn each_iteration_reports_its_mpn_path() {
    for_each_rules!(check_paths);
}

/// The path the selection rule of SPEC.md §4 picks in `tree`, written from the shown values:
/// at OR nodes the least pn / largest ppn / least pmc, at AND nodes the least dn / ppn / dmc,
/// among unresolved children, the first on ties. Precise mode is compared on the side each
/// child keeps exactly (1 − ppn for OR children, ppn for AND children; in tic-tac-toe the
/// unresolved children of a node are all of one kind): its values can differ in the last bit
/// where the mathematics says they are equal, and the shown ppn would hide that.
/// `precise` says the rules are precise mode's.
fn expected_path<R: Rules, M: Copy>(
    rules: &R,
    precise: bool,
    tree: &Tree<M, R::Value>,
) -> Vec<u32> {
    let mut path = vec![ROOT];
    let mut at = ROOT;
    while tree.node(at).is_expanded() {
        let or = tree.node(at).kind().is_or();
        let key = |id: u32| {
            let node = tree.node(id);
            match (rules.values(node.kind(), node.value()), precise, or) {
                (Values::ProofNumbers { pn, .. }, _, true) => pn,
                (Values::ProofNumbers { dn, .. }, _, false) => dn,
                (Values::MonteCarlo { pmc, .. }, _, true) => pmc,
                (Values::MonteCarlo { dmc, .. }, _, false) => dmc,
                (Values::Probability { one_minus_ppn, .. }, true, true) => one_minus_ppn,
                (Values::Probability { one_minus_ppn, .. }, true, false) if node.kind().is_or() => {
                    -one_minus_ppn
                }
                (Values::Probability { ppn, .. }, _, true) => -ppn,
                (Values::Probability { ppn, .. }, _, false) => ppn,
                (
                    Values::Mcts { .. }
                    | Values::PnMcts { .. }
                    | Values::Evaluation { .. }
                    | Values::Conspiracy { .. },
                    _,
                    _,
                ) => {
                    unreachable!("best-first rules have no MCTS, evaluation or conspiracy values")
                }
            }
        };
        let mut best: Option<u32> = None;
        for id in tree.node(at).child_ids() {
            if !tree.node(id).status().is_resolved() && best.is_none_or(|b| key(id) < key(b)) {
                best = Some(id);
            }
        }
        at = best.expect("an unresolved node has an unresolved child");
        path.push(at);
    }
    path
}

/// Every expanded node's value and status are what its children give.
fn check_consistent<R: Rules, M: Copy>(rules: &R, tree: &Tree<M, R::Value>) {
    for id in 0..tree.len() as u32 {
        let node = tree.node(id);
        if node.is_expanded() {
            let children = tree.children(id);
            assert_eq!(
                node.value(),
                rules.combine(node.kind(), children),
                "node {id}"
            );
            let status = Status::combine(node.kind(), children.iter().map(|c| c.status()));
            assert_eq!(node.status(), status, "node {id}");
        }
    }
}

fn check_selection<R: Rules>(algo: &str, make: impl Fn() -> R) {
    for goal in [Goal::Win, Goal::NotLose] {
        let pos = TicTacToe::start(&());
        let mut s = BestFirst::new(pos, make(), question(goal), 2, Limits::default());
        loop {
            let expected = expected_path(s.rules(), algo == "ppns-precise", s.arena());
            let done = s.step(Budget::iterations(1));
            assert_eq!(s.last_path_ids(), expected, "{algo} {goal:?}");
            check_consistent(s.rules(), s.arena());
            if done.is_some() {
                break;
            }
        }
    }
}

#[test]
fn selection_follows_the_rules_and_values_stay_consistent() {
    for_each_rules!(check_selection);
}

/// Checks a snapshot subtree against the tree; returns the ids it holds.
fn check_view<M: Copy, V: Copy>(view: &ViewNode, tree: &Tree<M, V>, ids: &mut Vec<u32>) {
    let node = tree.node(view.node.id);
    ids.push(view.node.id);
    assert_eq!(view.node.kind, node.kind());
    assert_eq!(view.node.status, node.status());
    assert_eq!(view.node.child_count, node.child_count());
    assert_eq!(view.node.mv.is_some(), view.node.id != ROOT);
    let mut last = None;
    for child in &view.children {
        assert_eq!(tree.node(child.node.id).parent(), view.node.id);
        assert!(last < Some(child.node.id), "children in move order");
        last = Some(child.node.id);
        check_view(child, tree, ids);
    }
}

fn check_snapshots<R: Rules>(algo: &str, make: impl Fn() -> R) {
    // A search the catalogue did not name says so with an empty id.
    assert_eq!(
        search_of(make(), "", 5, Limits::default())
            .snapshot(1, 10, None)
            .algo,
        ""
    );
    let info = catalogue::find(algo).unwrap();
    let mut s = search_of(make(), "", 5, Limits::default()).named(info);
    for round in 0..6 {
        s.step(Budget::iterations(1 + round * 5));
        for (depth, max_nodes) in [(0, 1), (1, 5), (2, 40), (3, 1000)] {
            let snap = s.snapshot(depth, max_nodes, None);
            assert_eq!(snap.algo, algo);
            assert_eq!(snap.path, s.last_path_ids());
            assert!(snap.root.count() <= max_nodes.max(1));
            assert_eq!(snap.root.node.id, ROOT);
            let mut ids = Vec::new();
            check_view(&snap.root, s.arena(), &mut ids);
            let unique: HashSet<_> = ids.iter().collect();
            assert_eq!(unique.len(), ids.len());
            if max_nodes >= 1000 {
                // Everything on the path and every child of a path node is shown.
                for &id in &snap.path {
                    assert!(unique.contains(&id));
                    for child in s.arena().node(id).child_ids() {
                        assert!(unique.contains(&child));
                    }
                }
                let root_children = s.arena().node(ROOT).child_count() as usize;
                assert_eq!(snap.root.children.len(), root_children);
            }
            let json = serde_json::to_value(&snap).unwrap();
            assert_eq!(json["root"]["id"], 0);
            assert_eq!(json["root"]["on_path"], true);
            assert!(json["root"]["values"]["kind"].is_string());
        }
        // A focused (pinned) node is shown with its line from the root, wherever it is.
        let focus = (s.arena().len() - 1) as u32;
        let snap = s.snapshot(0, 1000, Some(focus));
        let mut ids = Vec::new();
        check_view(&snap.root, s.arena(), &mut ids);
        let mut id = focus;
        while id != ROOT {
            assert!(ids.contains(&id), "focus line node {id}");
            id = s.arena().node(id).parent();
        }
    }
}

#[test]
fn snapshots_are_well_formed() {
    for_each_rules!(check_snapshots);
}

#[test]
fn nodes_are_small() {
    fn bytes<R: Rules>(make: impl Fn() -> R) -> u64 {
        search_of(make(), "", 0, Limits::default())
            .stats()
            .bytes_per_node
    }
    assert_eq!(bytes(|| pns::Pns), 24);
    assert_eq!(bytes(|| ppns::Ppns::new(5, 0.01, None)), 24);
    assert_eq!(bytes(|| ppns_precise::PpnsPrecise::new(5, 0.01, None)), 24);
    assert_eq!(bytes(|| pp::rules(None)), 24);
    assert_eq!(bytes(|| mcpns::Mcpns::new(5, 0.01)), 32);
}

// ---------------------------------------------------------------------------------------
// PPNS specifics.

#[test]
fn pr_concludes_early_and_never_proves_wrongly() {
    let positions = solved_positions();
    let mut concluded = 0;
    let mut before_a_proof = 0;
    for algo in ["ppns", "ppns-precise"] {
        for goal in [Goal::Win, Goal::NotLose] {
            for (pos, value) in positions.iter().step_by(7) {
                let p = defaults()
                    .with_goal(goal)
                    .with(&PLAYOUTS, Some(10.0))
                    .with(&PR, Some(1e-3));
                let mut search = catalogue::start(algo, pos.clone(), &p).unwrap();
                let verdict = search.run();
                match verdict {
                    Verdict::Proved | Verdict::Disproved => {
                        assert_eq!(verdict, exact_verdict(goal, *value), "{algo} {pos:?}");
                    }
                    Verdict::ConcludedWin | Verdict::ConcludedLoss => {
                        concluded += 1;
                        let Some(Values::Probability { ppn, one_minus_ppn }) = search.root_value()
                        else {
                            panic!("PPNS values are probabilities");
                        };
                        assert!(one_minus_ppn <= 1e-3 || ppn <= 1e-3);
                        let mut full =
                            catalogue::start(algo, pos.clone(), &p.clone().with(&PR, None))
                                .unwrap();
                        full.run();
                        if full.stats().iterations > search.stats().iterations {
                            before_a_proof += 1;
                        }
                    }
                    Verdict::Out => panic!("no limits were set"),
                }
            }
        }
    }
    assert!(concluded > 0, "pr concluded somewhere");
    assert!(
        before_a_proof > 0,
        "pr stopped before a full proof somewhere"
    );
}

#[test]
fn paper_mode_rounds_to_one_where_precise_mode_does_not() {
    // From the empty board with one playout per leaf, find a seed where every child of the
    // root is a sure thing (PPN 0.99): then 1 − Π(1 − 0.99) = 1 − 1e-18 rounds to 1.0.
    let start = TicTacToe::start(&());
    let q = question(Goal::NotLose);
    let seed = (0..10_000)
        .find(|&seed| {
            let mut s = BestFirst::new(
                start.clone(),
                ppns::Ppns::new(1, 0.01, None),
                q,
                seed,
                Limits::default(),
            );
            s.step(Budget::iterations(1));
            s.arena().node(ROOT).value() == 1.0
        })
        .expect("some seed makes every root child a sure thing");

    let mut paper = BestFirst::new(
        start.clone(),
        ppns::Ppns::new(1, 0.01, None),
        q,
        seed,
        Limits::default(),
    );
    let mut precise = BestFirst::new(
        start,
        ppns_precise::PpnsPrecise::new(1, 0.01, None),
        q,
        seed,
        Limits::default(),
    );
    assert_eq!(
        paper.step(Budget::iterations(1)),
        None,
        "1.0 in floating point is no proof"
    );
    assert_eq!(precise.step(Budget::iterations(1)), None);
    assert_eq!(paper.arena().node(ROOT).status(), Status::Unknown);
    assert_eq!(paper.verdict(), Verdict::Out);

    let Values::Probability { ppn, one_minus_ppn } = paper.root_value() else {
        panic!()
    };
    assert_eq!((ppn, one_minus_ppn), (1.0, 0.0));
    let Values::Probability { ppn, one_minus_ppn } = precise.root_value() else {
        panic!()
    };
    assert!(ppn < 1.0 || one_minus_ppn > 0.0);
    // Nine children each at 1 − θ: 1 − ppn = θ⁹ = 1e-18.
    assert!(
        (one_minus_ppn / 1e-18 - 1.0).abs() < 1e-9,
        "{one_minus_ppn}"
    );

    // Both go on to the same exact verdict (tic-tac-toe is a draw).
    assert_eq!(paper.run(), Verdict::Proved);
    assert_eq!(precise.run(), Verdict::Proved);
}

#[test]
fn precise_and_paper_values_agree_where_floats_are_accurate() {
    let q = question(Goal::Win);
    let start = TicTacToe::start(&());
    let mut paper = BestFirst::new(
        start.clone(),
        ppns::Ppns::new(8, 0.01, None),
        q,
        4,
        Limits::default(),
    );
    let mut precise = BestFirst::new(
        start,
        ppns_precise::PpnsPrecise::new(8, 0.01, None),
        q,
        4,
        Limits::default(),
    );
    for _ in 0..30 {
        paper.step(Budget::iterations(1));
        precise.step(Budget::iterations(1));
        let (Values::Probability { ppn: a, .. }, Values::Probability { ppn: b, .. }) =
            (paper.root_value(), precise.root_value())
        else {
            panic!()
        };
        assert!((a - b).abs() < 1e-9, "{a} {b}");
    }
}

#[test]
fn values_follow_the_rules_at_the_root() {
    // After expanding the empty board once: nine leaves under an OR root.
    let start = TicTacToe::start(&());
    let q = question(Goal::Win);
    let mut s = BestFirst::new(start.clone(), pns::Pns, q, 0, Limits::default());
    s.step(Budget::iterations(1));
    assert_eq!(s.root_value(), Values::ProofNumbers { pn: 1.0, dn: 9.0 });

    let mut s = BestFirst::new(start.clone(), pp::rules(None), q, 0, Limits::default());
    s.step(Budget::iterations(1));
    let Values::Probability { ppn, .. } = s.root_value() else {
        panic!()
    };
    assert!((ppn - (1.0 - 0.5f64.powi(9))).abs() < 1e-15);

    let mut s = BestFirst::new(start, mcpns::Mcpns::new(10, 0.01), q, 0, Limits::default());
    s.step(Budget::iterations(1));
    let children: Vec<_> = s.arena().children(ROOT).iter().map(|c| c.value()).collect();
    let Values::MonteCarlo { pmc, dmc } = s.root_value() else {
        panic!()
    };
    let min_pmc = children.iter().map(|v| v.pmc).fold(f64::INFINITY, f64::min);
    let sum_dmc: f64 = children.iter().map(|v| v.dmc).sum();
    assert_eq!((pmc, dmc), (min_pmc, sum_dmc));
    for v in children {
        assert!((v.pmc + v.dmc - 1.0).abs() < 1e-12 && v.pmc >= 0.01 && v.dmc >= 0.01);
    }
}

#[test]
fn params_are_checked_and_names_round_trip() {
    for info in SEARCHES {
        assert_eq!(catalogue::find(info.id), Ok(info));
        assert_eq!(serde_json::to_value(info).unwrap()["id"], info.id);
    }
    // df-pn is a search of the catalogue, but not a best-first one.
    assert_eq!(catalogue::find("dfpn").unwrap().family, Family::Exact);
    assert!(best_first().all(|s| s.id != "dfpn"));
    assert_eq!(
        catalogue::find("chess").unwrap_err().field(),
        Some("search")
    );
    let start = TicTacToe::start(&());
    let bad = [
        ("theta", Params::default().with(&THETA, Some(0.0))),
        ("theta", Params::default().with(&THETA, Some(1.5))),
        ("playouts", Params::default().with(&PLAYOUTS, Some(0.0))),
        ("pr", Params::default().with(&PR, Some(0.0))),
        ("pr", Params::default().with(&PR, Some(f64::NAN))),
    ];
    let ppns = catalogue::find("ppns").unwrap();
    for (name, p) in bad {
        let error = p.check(ppns.params).unwrap_err();
        assert!(matches!(error, Error::BadParameter { .. }), "{p:?}");
        assert_eq!(error.field(), Some(name), "{p:?}");
        let error = catalogue::start("ppns", start.clone(), &p).err();
        assert_eq!(error.as_ref().and_then(Error::field), Some(name), "{p:?}");
    }
    // PNS uses neither θ nor playouts.
    let p = Params::default()
        .with(&THETA, Some(0.0))
        .with(&PLAYOUTS, Some(0.0));
    assert!(p.check(catalogue::find("pns").unwrap().params).is_ok());
    assert!(catalogue::start("pns", start, &p).is_ok());
}

// ---------------------------------------------------------------------------------------
// A synthetic game: random trees with passes (the same player twice) and chance nodes.

/// A node of a random tree fixed by its id: the id hashes to who acts, how many moves there
/// are and, at the end, who won.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RandomTree {
    id: u64,
    depth: u8,
}

const MAX_DEPTH: u8 = 7;

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl RandomTree {
    fn hash(&self) -> u64 {
        mix(self.id ^ (u64::from(self.depth) << 56))
    }

    fn is_over(&self) -> bool {
        self.depth >= MAX_DEPTH || (self.depth > 1 && self.hash() % 6 == 0)
    }

    fn branching(&self) -> u8 {
        1 + (self.hash() >> 8) as u8 % 3
    }
}

impl Game for RandomTree {
    type List<T: Copy + std::fmt::Debug + Send + Sync + 'static> = arrayvec::ArrayVec<T, 64>;
    type Move = u8;
    type Key = (u64, u8);
    type Variant = ();

    fn start(_: &()) -> Self {
        RandomTree { id: 0, depth: 0 }
    }

    fn variant(&self) {}

    fn turn(&self) -> Turn {
        if self.is_over() {
            return Turn::Over;
        }
        match (self.hash() >> 16) % 5 {
            0 | 1 => Turn::Player(Player::First),
            2 | 3 => Turn::Player(Player::Second),
            _ => Turn::Chance,
        }
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        if !self.is_over() {
            out.extend(0..self.branching());
        }
    }

    fn chance_probability(&self, _: u8) -> f64 {
        if self.turn() == Turn::Chance {
            1.0 / f64::from(self.branching())
        } else {
            1.0
        }
    }

    fn play(&mut self, mv: u8) {
        self.id = mix(self.id.wrapping_mul(31).wrapping_add(u64::from(mv) + 1));
        self.depth += 1;
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let first = match (self.hash() >> 24) % 3 {
            0 => Outcome::Win,
            1 => Outcome::Draw,
            _ => Outcome::Loss,
        };
        Some(if player == Player::First {
            first
        } else {
            first.flipped()
        })
    }

    fn terminal_value(&self, player: Player) -> Option<i32> {
        self.outcome(player).map(|o| match o {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        })
    }

    fn key(&self) -> (u64, u8) {
        (self.id, self.depth)
    }

    fn parse_position(_: &(), text: &str) -> Result<Self, ParseError> {
        Err(ParseError::UnknownMove {
            index: 0,
            text: text.to_string(),
        })
    }

    fn format_position(&self) -> String {
        format!("{}@{}", self.id, self.depth)
    }

    fn parse_move(&self, text: &str) -> Result<u8, ParseError> {
        numbered_move(text)
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }
}

/// Brute-force AND/OR value: does the goal hold for `q.root_player`? The root player's
/// turns are OR, the opponent's and chance's are AND.
fn and_or(pos: &RandomTree, q: Question) -> bool {
    match pos.turn() {
        Turn::Over => q.proven_by(pos.outcome(q.root_player).unwrap()),
        turn => {
            let mut moves = MoveList::<RandomTree>::default();
            pos.legal_moves(&mut moves);
            let mut values = moves.iter().map(|&mv| {
                let mut next = pos.clone();
                next.play(mv);
                and_or(&next, q)
            });
            if turn == Turn::Player(q.root_player) {
                values.any(|v| v)
            } else {
                values.all(|v| v)
            }
        }
    }
}

#[test]
fn random_trees_with_passes_and_chance_are_solved_exactly() {
    let mut kinds_seen = HashSet::new();
    let mut passes_seen = false;
    let mut outcomes = [0; 2];
    for tree_seed in 0..400u64 {
        let root = RandomTree {
            id: mix(tree_seed),
            depth: 0,
        };
        if root.is_over() {
            continue;
        }
        let root_player = match root.turn() {
            Turn::Player(p) => p,
            _ => Player::First,
        };
        for goal in [Goal::Win, Goal::NotLose] {
            let q = Question { root_player, goal };
            let expected = if and_or(&root, q) {
                Verdict::Proved
            } else {
                Verdict::Disproved
            };
            outcomes[usize::from(expected == Verdict::Proved)] += 1;
            for info in best_first() {
                let p = Params::default()
                    .with_goal(goal)
                    .with(&PLAYOUTS, Some(3.0))
                    .with_seed(tree_seed);
                let verdict = run_as_catalogued(info.id, root.clone(), &p);
                assert_eq!(verdict, expected, "{} {goal:?} tree {tree_seed}", info.id);
            }
        }
        // Record which node kinds PNS meets, to be sure the trees exercise them all.
        let q = Question {
            root_player,
            goal: Goal::Win,
        };
        let mut s = BestFirst::new(root, pns::Pns, q, 0, Limits::default());
        s.run();
        let tree = s.arena();
        for id in 0..tree.len() as u32 {
            let node = tree.node(id);
            kinds_seen.insert(node.kind());
            if node.kind() != NodeKind::Terminal && node.is_expanded() {
                let children = tree.children(id);
                // A pass: the same player to move twice in a row.
                let player_node = matches!(node.kind(), NodeKind::Or | NodeKind::And);
                passes_seen |= player_node && children.iter().any(|c| c.kind() == node.kind());
            }
        }
    }
    assert!(outcomes[0] > 50 && outcomes[1] > 50, "{outcomes:?}");
    assert!(passes_seen);
    for kind in [
        NodeKind::Or,
        NodeKind::And,
        NodeKind::Chance,
        NodeKind::Terminal,
    ] {
        assert!(kinds_seen.contains(&kind), "{kind:?}");
    }
}

/// Runs best-first search `id` on `root` (of a game outside the catalogue) to its verdict,
/// with the rules and run settings the catalogue's session builds from `params`.
fn run_as_catalogued<G: Game>(id: &str, root: G, params: &Params) -> Verdict {
    let info = catalogue::find(id).unwrap();
    params.check(info.params).unwrap();
    let question = Question::at(&root, params.goal());
    let (seed, limits) = (params.seed(), params.limits());
    let playouts = params.integer(&PLAYOUTS) as u32;
    let (theta, pr) = (params.real(&THETA), params.optional(&PR));
    match id {
        "pns" => BestFirst::new(root, pns::Pns, question, seed, limits).run(),
        "ppns" => BestFirst::new(
            root,
            ppns::Ppns::from_params(params),
            question,
            seed,
            limits,
        )
        .run(),
        "ppns-precise" => {
            let rules = ppns_precise::PpnsPrecise::new(playouts, theta, pr);
            BestFirst::new(root, rules, question, seed, limits).run()
        }
        "mcpns" => BestFirst::new(
            root,
            mcpns::Mcpns::new(playouts, theta),
            question,
            seed,
            limits,
        )
        .run(),
        "pp" => BestFirst::new(root, pp::rules(pr), question, seed, limits).run(),
        other => panic!("{other}: a best-first search this test does not know; add its rules"),
    }
}

// ---------------------------------------------------------------------------------------
// Throughput (run with `cargo test --release --test searches bestfirst:: -- --ignored
// --nocapture`).

/// Iterations per second from the empty tic-tac-toe board (goal not-lose, default
/// parameters), to completion, repeated. Takes about 10 s in release.
#[test]
#[ignore = "benchmark: about 10 s in release"]
fn throughput_on_the_empty_board() {
    let start = TicTacToe::start(&());
    for info in best_first() {
        let p = defaults().with_goal(Goal::NotLose);
        let mut iterations = 0;
        let mut seconds = 0.0;
        let mut last = None;
        while seconds < 1.5 {
            let mut search = catalogue::start(info.id, start.clone(), &p).unwrap();
            search.run();
            iterations += search.stats().iterations;
            seconds += search.stats().seconds;
            last = Some(search.stats());
        }
        let stats = last.unwrap();
        println!(
            "{:<13} {:>6} iterations {:>7} nodes {:>8} playouts per solve; {:>10.0} iterations/s; {} bytes/node",
            info.id,
            stats.iterations,
            stats.peak_nodes,
            stats.playouts,
            iterations as f64 / seconds,
            stats.bytes_per_node
        );
    }
}

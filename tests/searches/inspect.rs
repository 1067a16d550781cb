//! What the page teaches with, checked against real numbers: the node inspector (the backup
//! rule applied to a node's children gives exactly the node's stored values, for every node
//! of real PNS, PPNS, precise PPNS, MCPNS and PP searches, plus hand-computed examples), the
//! values before the last backup, the per-iteration trace, the question in words, the
//! per-iteration history (one point per iteration, honest thinning) and the catalogue's
//! explanations.

use crate::common::tree_searches;

use pnplay::engine::{self, GameSpec};
use pnplay::search::catalogue::SEARCHES;
use pnplay::search::params::Params;
use pnplay::search::session::{Budget, Report, Session};
use pnplay::search::tree::{NodeId, NodeKind, ROOT};
use pnplay::search::view::{HISTORY_POINTS, Values, short};
use pnplay::search::{Goal, Verdict};

fn spec(name: &str) -> GameSpec {
    name.parse().unwrap()
}

fn start(game: &str, pos: &str, algo: &str, goal: Goal) -> Box<dyn Session> {
    engine::start(&spec(game), pos, algo, &Params::default().with_goal(goal)).unwrap()
}

/// [`start`], then `iterations` iterations.
fn stepped(game: &str, pos: &str, algo: &str, goal: Goal, iterations: u64) -> Box<dyn Session> {
    let mut session = start(game, pos, algo, goal);
    session.step(Budget::iterations(iterations));
    session
}

/// The numbers the applied text gives for each named value: the text after the last `=` of
/// each `name = …` segment (`pn = min(3, 1) = 1; dn = 3 + 1 = 4` → pn "1", dn "4").
fn applied_results(applied: &str) -> Vec<(String, String)> {
    applied
        .split("; ")
        .filter_map(|segment| {
            // Precise mode appends "(stored as …)".
            let segment = segment.split(" (stored").next()?;
            let (name, rest) = segment.split_once(" = ")?;
            let last = rest.rsplit(" = ").next()?;
            // A finished game says why first: "the game is over and meets the goal: pn".
            let name = name.rsplit(": ").next()?;
            Some((name.to_string(), last.to_string()))
        })
        .collect()
}

/// How the applied texts write a value: short numbers, `(1 − y)` within 0.001 of 1.
fn written(x: f64, complement: f64) -> String {
    if x > 0.999 && complement > 0.0 {
        format!("(1 − {})", short(complement))
    } else {
        short(x)
    }
}

/// Checks every node of `session`'s tree: the recomputed values equal the stored ones, and
/// the applied text ends each named number with the stored value. Returns the nodes checked.
fn check_every_node(session: &dyn Session) -> usize {
    let tree = session.tree().unwrap();
    let mut id: NodeId = 0;
    while let Some(node) = tree.inspect(id) {
        let name = session.info().id;
        assert_eq!(node.backup.result, node.node.values, "{name} node {id}");
        let results = applied_results(&node.backup.applied);
        let expected: Vec<(&str, String)> = match node.node.values {
            Values::ProofNumbers { pn, dn } => vec![("pn", short(pn)), ("dn", short(dn))],
            Values::MonteCarlo { pmc, dmc } => vec![("pmc", short(pmc)), ("dmc", short(dmc))],
            Values::Probability { ppn, one_minus_ppn } => {
                vec![("ppn", written(ppn, one_minus_ppn))]
            }
            Values::Mcts { visits, mean } => vec![("n", short(visits)), ("v", short(mean))],
            Values::PnMcts {
                visits,
                mean,
                pn,
                dn,
                ..
            } => vec![
                ("n", short(visits)),
                ("v", short(mean)),
                ("pn", short(pn)),
                ("dn", short(dn)),
            ],
            Values::Evaluation { .. } => unreachable!("the depth-limited players keep no tree"),
            Values::Conspiracy { value, .. } => vec![("v", short(value))],
        };
        for (key, value) in expected {
            let found = results.iter().rev().find(|(name, _)| name == key);
            let found =
                found.unwrap_or_else(|| panic!("{name} node {id}: {}", node.backup.applied));
            assert!(
                found.1 == value,
                "{name} node {id}: {} vs {value}",
                node.backup.applied
            );
        }
        // Children and selection: the selected child is the rule's choice among the
        // unresolved ones, and leaves have no selection.
        assert_eq!(
            node.selection.is_none(),
            node.children.is_empty(),
            "{name} node {id}"
        );
        assert!(node.children.iter().filter(|c| c.selected).count() <= 1);
        id += 1;
    }
    assert_eq!(id as u64, session.stats().nodes_created);
    id as usize
}

#[test]
fn applied_backups_equal_the_stored_values_on_every_node_of_real_searches() {
    for algo in tree_searches() {
        for goal in [Goal::Win, Goal::NotLose] {
            let mut session = start("tictactoe", "", algo, goal);
            let iterations = if algo.contains("mcts") { 200 } else { 20 };
            session.step(Budget::iterations(iterations));
            assert_eq!(session.stats().iterations, iterations, "{algo}");
            let checked = check_every_node(session.as_ref());
            assert!(checked > 100, "{algo}: {checked} nodes");
        }
    }
    // A proved search too (terminal leaves, resolved nodes), and 4×4 Othello (passes).
    for algo in ["pns", "mcts", "pnmcts"] {
        let mut session = start("tictactoe", "1425", algo, Goal::Win);
        assert_eq!(session.run(), Verdict::Proved);
        check_every_node(session.as_ref());
    }
    let session = stepped("othello4", "", "ppns-precise", Goal::Win, 30);
    check_every_node(session.as_ref());
    // 2048: chance nodes combine as AND.
    let start_2048 = engine::describe(&spec("2048:2x2"), None).unwrap().text;
    for algo in ["pns", "mcpns", "ppns"] {
        let session = stepped("2048:2x2", &start_2048, algo, Goal::Win, 20);
        check_every_node(session.as_ref());
    }
}

#[test]
fn pns_inspection_by_hand() {
    // X took the centre; O to move (the root player), goal: O wins. Three iterations: the
    // root gets 8 AND children (X to move) of pn = dn = 1; then its first two children
    // (O in 1, O in 2) are expanded, each into 7 OR leaves: an AND node of 7 leaves has
    // pn = 1 + … + 1 = 7 and dn = min = 1. The root (OR): pn = min(7, 7, 1, 1, 1, 1, 1, 1)
    // = 1, dn = 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 = 8.
    let session = stepped("tictactoe", "5", "pns", Goal::Win, 3);
    let tree = session.tree().unwrap();
    let root = tree.inspect(ROOT).unwrap();
    assert_eq!(root.node.kind, NodeKind::Or);
    assert_eq!(root.node.values, Values::ProofNumbers { pn: 1.0, dn: 8.0 });
    assert_eq!(
        root.backup.formula,
        "OR node: pn = min over children pn_i; dn = Σ dn_i"
    );
    assert_eq!(
        root.backup.applied,
        "pn = min(7, 7, 1, 1, 1, 1, 1, 1) = 1; dn = 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 = 8"
    );
    // The next iteration will pick the first child with the least pn: O in 3.
    let chosen: Vec<&str> = root
        .children
        .iter()
        .filter(|c| c.selected)
        .map(|c| c.mv.as_str())
        .collect();
    assert_eq!(chosen, ["3"]);
    assert_eq!(
        root.selection.as_deref(),
        Some(
            "OR node: the unresolved child with the least pn → 3 (pn 1 / dn 1); ties go to the first in move order"
        )
    );
    // The child O-in-2 was the last path's end: before its expansion it was a 1/1 leaf.
    let second = &root.children[1];
    assert_eq!(second.mv, "2");
    let node = tree.inspect(second.id).unwrap();
    assert_eq!(node.line, ["2"]);
    assert_eq!(node.depth, 1);
    assert_eq!(node.node.kind, NodeKind::And);
    assert_eq!(
        node.node.before,
        Some(Values::ProofNumbers { pn: 1.0, dn: 1.0 })
    );
    assert_eq!(node.node.values, Values::ProofNumbers { pn: 7.0, dn: 1.0 });
    assert_eq!(
        node.backup.applied,
        "pn = 1 + 1 + 1 + 1 + 1 + 1 + 1 = 7; dn = min(1, 1, 1, 1, 1, 1, 1) = 1"
    );
    assert_eq!(
        node.position.text,
        engine::play(&spec("tictactoe"), "5", "2").unwrap().text
    );
    // A new leaf says how it was valued.
    let leaf = tree.inspect(node.children[0].id).unwrap();
    assert_eq!(leaf.backup.formula, "a new leaf: pn = dn = 1");
    assert_eq!(leaf.backup.applied, "pn = 1; dn = 1");
    assert_eq!(leaf.selection, None);
    assert_eq!(leaf.line, ["2", "1"]);
    // The trace of that third iteration.
    let report = Report::of(session.as_ref());
    assert_eq!(
        report.trace.as_deref(),
        Some(
            "root (OR): least pn → 2 (pn 1 / dn 1); expanded 2: 7 children; root pn 1 / dn 8 → pn 1 / dn 8"
        )
    );
    assert_eq!(report.question, "Can O, to move, force a win?");
    // A finished game: X in 1 and 2 against O in 4 and 5, X to move wins with 3.
    let session = stepped("tictactoe", "1425", "pns", Goal::Win, 1);
    let tree = session.tree().unwrap();
    let root = tree.inspect(ROOT).unwrap();
    assert_eq!(
        root.backup.applied,
        "pn = min(0, 1, 1, 1, 1) = 0; dn = ∞ + 1 + 1 + 1 + 1 = ∞"
    );
    assert_eq!(
        root.selection.as_deref(),
        Some("OR node, proven: the search no longer selects below it")
    );
    let win = tree.inspect(root.children[0].id).unwrap();
    assert_eq!(win.node.mv.as_deref(), Some("3"));
    assert_eq!(
        win.backup.applied,
        "the game is over and meets the goal: pn = 0; dn = ∞"
    );
    assert_eq!(
        Report::of(session.as_ref()).trace.as_deref(),
        Some("expanded root: 5 children, 1 proven; root pn 1 / dn 1 → pn 0 / dn ∞")
    );
}

#[test]
fn product_propagation_inspection_by_hand() {
    // PP from the empty board: every new leaf ½. Iteration 1 expands the root (9 AND
    // leaves of ½); iteration 2 the first, whose 8 children make it ½⁸ = 0.00390625. The
    // root (OR): 1 − ppn = (1 − ½⁸) · ½⁸.
    let session = stepped("tictactoe", "", "pp", Goal::Win, 2);
    let tree = session.tree().unwrap();
    let root = tree.inspect(ROOT).unwrap();
    let half8 = 0.5f64.powi(8);
    let q = (1.0 - half8) * half8;
    match root.node.values {
        Values::Probability { ppn, one_minus_ppn } => {
            assert!((ppn - (1.0 - q)).abs() < 1e-15, "{ppn}");
            assert!((one_minus_ppn - q).abs() < 1e-15, "{one_minus_ppn}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        root.backup.applied,
        "1 − ppn = Π (1 − ppn_i) = 0.9961 × 0.5000 × 0.5000 × 0.5000 × 0.5000 × 0.5000 × 0.5000 × 0.5000 × 0.5000 = 0.003891; ppn = 0.9961"
    );
    let first = tree.inspect(root.children[0].id).unwrap();
    assert_eq!(
        first.node.values,
        Values::Probability {
            ppn: half8,
            one_minus_ppn: 1.0 - half8
        }
    );
    assert_eq!(
        first.node.before,
        Some(Values::Probability {
            ppn: 0.5,
            one_minus_ppn: 0.5
        })
    );
    assert_eq!(
        first.selection.as_deref(),
        Some(
            "AND node: the unresolved child with the least ppn → 2 (ppn 0.5000); ties go to the first in move order"
        )
    );
}

/// What selection minimises among a parent's children (an OR parent if `or`).
fn key(values: Values, or: bool) -> f64 {
    match (values, or) {
        (Values::ProofNumbers { pn, .. }, true) => pn,
        (Values::ProofNumbers { dn, .. }, false) => dn,
        (Values::MonteCarlo { pmc, .. }, true) => pmc,
        (Values::MonteCarlo { dmc, .. }, false) => dmc,
        (Values::Probability { ppn, .. }, true) => -ppn,
        (Values::Probability { ppn, .. }, false) => ppn,
        (Values::Mcts { .. } | Values::PnMcts { .. }, _) => {
            unreachable!("MCTS maximises formula (1)/(2): tests/searches/mcts.rs")
        }
        (Values::Evaluation { .. }, _) => unreachable!("the depth-limited players keep no tree"),
        (Values::Conspiracy { .. }, _) => {
            unreachable!("CNS selects for the root's target: tests/searches/cns.rs")
        }
    }
}

#[test]
fn path_values_before_the_backup_are_those_selection_saw() {
    for algo in ["pns", "ppns", "mcpns", "ppns-precise"] {
        let mut session = start("tictactoe", "", algo, Goal::NotLose);
        assert!(
            session.tree().unwrap().last_path()[0].before.is_none(),
            "{algo}"
        );
        for _ in 0..40 {
            // Every node's values now, by id, from a snapshot of the whole (small) tree.
            let tree = session.tree().unwrap();
            let snapshot = tree.snapshot(12, usize::MAX, None);
            let mut now = std::collections::HashMap::new();
            let mut stack = vec![&snapshot.root];
            while let Some(node) = stack.pop() {
                now.insert(node.node.id, node.node.values);
                stack.extend(&node.children);
            }
            if session.step(Budget::iterations(1)).is_some() {
                break;
            }
            let tree = session.tree().unwrap();
            let path = tree.last_path();
            for node in &path {
                assert_eq!(node.before, Some(now[&node.id]), "{algo} node {}", node.id);
            }
            // The selection's choice at each step of the path, seen with the values it saw:
            // the chosen child's key was the best among its unresolved siblings (which are
            // off the path, so unchanged).
            for pair in path.windows(2) {
                let parent = tree.inspect(pair[0].id).unwrap();
                let before = pair[1].before.unwrap();
                for sibling in parent.children.iter().filter(|c| c.id != pair[1].id) {
                    if sibling.status != pnplay::search::tree::Status::Unknown {
                        continue;
                    }
                    let or = parent.node.kind.is_or();
                    assert!(key(before, or) <= key(sibling.values, or), "{algo}");
                }
            }
        }
    }
}

#[test]
fn every_search_states_its_question_and_the_best_first_ones_trace() {
    let cases = [
        ("tictactoe", "", Goal::Win, "Can X, to move, force a win?"),
        (
            "tictactoe",
            "5",
            Goal::NotLose,
            "Can O, to move, avoid losing (force at least a draw)?",
        ),
        (
            "othello4",
            "",
            Goal::Win,
            "Can Black (X), to move, force a win?",
        ),
        (
            "connect4:5x4",
            "3333",
            Goal::Win,
            "Can Red (first), to move, force a win?",
        ),
        (
            "2048:2x2",
            "",
            Goal::Win,
            "Can the player force a win whatever chance does?",
        ),
    ];
    for (game, pos, goal, question) in cases {
        let pos = engine::describe(&spec(game), Some(pos).filter(|p| !p.is_empty()))
            .unwrap()
            .text;
        // Searches without chance support refuse 2048 (tests/searches/mcts.rs).
        let chance = game.starts_with("2048");
        for info in SEARCHES.iter().filter(|s| s.capabilities.chance || !chance) {
            let mut session = start(game, &pos, info.id, goal);
            let report = Report::of(session.as_ref());
            // Multi-valued PNS asks for the exact score as well.
            let question = if info.id == "mvpns" {
                format!("{question} And what is the exact score of the player to move?")
            } else {
                question.to_string()
            };
            assert_eq!(report.question, question, "{} on {game}", info.id);
            assert_eq!(report.trace, None, "{}: no iteration yet", info.id);
            session.step(Budget::iterations(3));
            let report = Report::of(session.as_ref());
            assert_eq!(
                report.trace.is_some(),
                info.capabilities.tree,
                "{}",
                info.id
            );
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(json["question"], question);
            assert!(json.get("trace").is_some());
        }
    }
}

#[test]
fn history_has_one_point_per_iteration_and_thins_honestly() {
    // PNS on tic-tac-toe under goal win, to the end: a point for iteration 0 and for every
    // iteration after it.
    let mut session = start("tictactoe", "", "pns", Goal::Win);
    assert_eq!(session.run(), Verdict::Disproved);
    let iterations = session.stats().iterations;
    assert_eq!(iterations, 3323);
    let history = session.history().unwrap();
    assert_eq!(history.stride(), 1);
    assert_eq!(history.len() as u64, iterations + 1);
    assert!(history.iterations().iter().copied().eq(0..=iterations));
    assert_eq!(history.chart()[0], 0.5); // pn 1 / dn 1 at the start
    assert_eq!(*history.chart().last().unwrap(), 0.0); // disproved
    assert_eq!(*history.complement().last().unwrap(), 1.0);
    assert_eq!(history.nodes()[0], 1);
    assert_eq!(history.nodes()[1], 10); // the root and its 9 children
    assert_eq!(
        *history.nodes().last().unwrap(),
        session.stats().nodes_created
    );
    let json = serde_json::to_value(history).unwrap();
    assert_eq!(json["stride"], 1);
    assert_eq!(json["chart_label"], "dn/(pn+dn)");
    assert_eq!(
        json["iterations"].as_array().unwrap().len() as u64,
        iterations + 1
    );

    // A long run: 10,000 PNS iterations on Othello thin to stride 4.
    let mut session = stepped("othello", "", "pns", Goal::Win, 10_000);
    let history = session.history().unwrap();
    assert!(history.len() <= HISTORY_POINTS);
    assert_eq!(history.stride(), 4);
    assert_eq!(history.iterations()[0], 0);
    assert_eq!(*history.iterations().last().unwrap(), 10_000);
    assert!(history.iterations().iter().all(|i| i % 4 == 0));
    // A latest point off the stride is kept too, and replaced by the next one.
    session.step(Budget::iterations(1));
    let history = session.history().unwrap();
    assert_eq!(history.iterations()[history.len() - 2..], [10_000, 10_001]);
    session.step(Budget::iterations(1));
    let history = session.history().unwrap();
    assert_eq!(history.iterations()[history.len() - 2..], [10_000, 10_002]);

    // Probability searches: the complement is 1 − ppn kept without cancellation.
    let session = stepped("tictactoe", "", "ppns-precise", Goal::NotLose, 50);
    let history = session.history().unwrap();
    let root = session.root_value().unwrap();
    assert_eq!(*history.complement().last().unwrap(), root.complement());
    assert_eq!(history.len(), 51);

    // The exact searches keep none (their root numbers change only when a step ends).
    for id in ["dfpn", "alphabeta"] {
        let session = stepped("tictactoe", "", id, Goal::Win, 10);
        assert!(session.history().is_none(), "{id}");
    }
}

#[test]
fn every_search_explains_every_number_it_shows() {
    for info in SEARCHES {
        let explain = &info.explain;
        assert!(
            !explain.summary.is_empty() && !explain.selection.is_empty(),
            "{}",
            info.id
        );
        assert!(
            !explain.params.is_empty() && !explain.source.is_empty(),
            "{}",
            info.id
        );
        assert!(explain.formulas.len() >= 3, "{}", info.id);
        let mut session = start("tictactoe", "", info.id, Goal::Win);
        // A search that explains numbers but shows none before it starts (multi-valued PNS,
        // whose first df-pn run begins with the first step) shows them after one step.
        if session.root_value().is_none() && !explain.values.is_empty() {
            session.step(Budget::iterations(1));
        }
        let shown: Vec<&str> = session
            .root_value()
            .map(|v| v.numbers().iter().map(|&(name, _)| name).collect())
            .unwrap_or_default();
        let named: Vec<&str> = explain.values.iter().map(|m| m.name).collect();
        let expected: Vec<&str> = shown
            .iter()
            .map(|&name| {
                if name == "one_minus_ppn" {
                    "1 − ppn"
                } else {
                    name
                }
            })
            .collect();
        assert_eq!(named, expected, "{}", info.id);
        // Every parameter the search reads is mentioned in its parameter help.
        for spec in info.params {
            let word = if spec.key == "theta" { "θ" } else { spec.key };
            assert!(explain.params.contains(word), "{}: {}", info.id, spec.key);
        }
    }
    let hello = serde_json::to_value(engine::hello()).unwrap();
    let pns = &hello["searches"][0];
    assert_eq!(pns["id"], "pns");
    assert_eq!(pns["explain"]["values"][0]["name"], "pn");
    assert!(pns["explain"]["formulas"].as_array().unwrap().len() >= 4);
}

#[test]
fn a_trace_says_why_its_last_node_has_no_children_yet() {
    let pos = engine::describe(&spec("othello"), None).unwrap().text;
    // A step whose time ends after the first child's playouts: the expansion waits.
    let mut session = start("othello", &pos, "mcpns", Goal::Win);
    // (A step starts no iteration past its time, so the time is one child's playouts or so;
    // a step that ends between iterations is tried again.)
    session.step(Budget::iterations(1));
    let mut trace = String::new();
    for _ in 0..1000 {
        session.step(Budget {
            iterations: None,
            seconds: Some(2e-5),
        });
        trace = Report::of(session.as_ref()).trace.unwrap();
        if trace.contains("not expanded") {
            break;
        }
    }
    assert!(
        trace.contains(
            "not expanded yet: 1 of its children valued when the step's time ended (the next step goes on)"
        ),
        "{trace}"
    );
    session.step(Budget::iterations(1));
    let trace = Report::of(session.as_ref()).trace.unwrap();
    assert!(trace.contains("expanded "), "{trace}");
    assert!(!trace.contains("not expanded"), "{trace}");

    // A node limit the next expansion would pass: the search stops, the trace says so.
    let limits = pnplay::search::Limits {
        max_nodes: Some(6),
        ..pnplay::search::Limits::default()
    };
    let params = Params::default().with_goal(Goal::Win).with_limits(limits);
    let mut session = engine::start(&spec("othello"), &pos, "pns", &params).unwrap();
    session.step(Budget::UNLIMITED);
    let trace = Report::of(session.as_ref()).trace.unwrap();
    assert!(
        trace.contains("not expanded yet: a limit was reached (nodes)"),
        "{trace}"
    );
}

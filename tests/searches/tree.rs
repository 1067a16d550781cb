//! Textbook trees (src/game/tree.rs): every search of the catalogue gives the minimax value.
//!
//! 300 seeded random AND/OR trees (up to 6 levels, 1–4 children, W/L/D leaves, some of them
//! unexpanded `?W`/`?L`/`?D` leaves, some labels written out) are built here as plain values, their minimax value computed here by brute
//! force (OR maximises at even depth, AND minimises at odd depth, leaves W = +1, D = 0,
//! L = −1 for the first player), independently of the game's rules; then each tree's text is
//! given to the engine and every search of the catalogue must prove or disprove both goals
//! (win, not-lose) exactly as that value says. The catalogue's example trees (the papers'
//! figures) are checked the same way, and a random line through each tree round-trips through
//! its position text. The PN-MCTS paper's Figure 2, with its unknown leaves written `?`, gives
//! the paper's numbers.

use pnplay::engine::{self, GameSpec, describe, solve};
use pnplay::game::Rng;
use pnplay::game::catalogue::FAMILIES;
use pnplay::search::catalogue::SEARCHES;
use pnplay::search::params::{PLAYOUTS, PR, Params, THETA};
use pnplay::search::session::Budget;
use pnplay::search::view::{Values, ViewNode};
use pnplay::search::{Goal, Verdict};

const TREES: usize = 300;

/// A tree as this test builds it: a leaf's value for the first player, an unexpanded leaf
/// (`?`) hiding one, or labelled children.
enum Node {
    Leaf(i32),
    Unknown(i32),
    Inner(Vec<(Option<String>, Node)>),
}

fn random_node(rng: &mut Rng, depth: u32) -> Node {
    let leaf_chance = [0, 15, 30, 45, 60, 80, 100][depth as usize];
    if rng.below(100) < leaf_chance {
        let value = rng.below(3) as i32 - 1;
        return if rng.below(5) == 0 {
            Node::Unknown(value)
        } else {
            Node::Leaf(value)
        };
    }
    let count = 1 + rng.below(4) as usize;
    let children = (0..count)
        .map(|place| {
            // Now and then a label of its own (distinct: the place's letter and an x).
            let label = (rng.below(4) == 0).then(|| format!("{}x", (b'a' + place as u8) as char));
            (label, random_node(rng, depth + 1))
        })
        .collect();
    Node::Inner(children)
}

fn text(node: &Node) -> String {
    match node {
        Node::Leaf(1) => "W".into(),
        Node::Leaf(0) => "D".into(),
        Node::Leaf(_) => "L".into(),
        Node::Unknown(value) => format!("?{}", text(&Node::Leaf(*value))),
        Node::Inner(children) => {
            let parts: Vec<String> = children
                .iter()
                .map(|(label, child)| match label {
                    Some(label) => format!("{label}: {}", text(child)),
                    None => text(child),
                })
                .collect();
            format!("[ {} ]", parts.join("  "))
        }
    }
}

/// Minimax by brute force, for the first player.
fn minimax(node: &Node, depth: u32) -> i32 {
    match node {
        Node::Leaf(value) | Node::Unknown(value) => *value,
        Node::Inner(children) => {
            let values = children.iter().map(|(_, child)| minimax(child, depth + 1));
            if depth % 2 == 0 {
                values.max().unwrap()
            } else {
                values.min().unwrap()
            }
        }
    }
}

/// A random line from the root into `node`: each move's label.
fn random_line(node: &Node, rng: &mut Rng) -> Vec<String> {
    let mut line = Vec::new();
    let mut at = node;
    while let Node::Inner(children) = at {
        if rng.below(3) == 0 {
            break;
        }
        let place = rng.below(children.len() as u32) as usize;
        let (label, child) = &children[place];
        line.push(
            label
                .clone()
                .unwrap_or_else(|| ((b'a' + place as u8) as char).to_string()),
        );
        at = child;
    }
    // Into an unexpanded leaf, now and then its one move too.
    if matches!(at, Node::Unknown(_)) && rng.below(2) == 0 {
        line.push("a".into());
    }
    line
}

/// Every search's verdict on `tree` for both goals is the one `value` (the first player's
/// minimax value) gives; returns how many verdicts were compared.
fn check_searches(spec: &GameSpec, tree: &str, value: i32, seed: u64) -> usize {
    let mut compared = 0;
    for (goal, holds) in [(Goal::Win, value == 1), (Goal::NotLose, value >= 0)] {
        let expected = if holds {
            Verdict::Proved
        } else {
            Verdict::Disproved
        };
        for info in SEARCHES {
            let params = Params::default()
                .with(&PLAYOUTS, Some(4.0))
                .with(&PR, None)
                .with_seed(seed)
                .with_goal(goal);
            let report = solve(spec, tree, info.id, &params)
                .unwrap_or_else(|e| panic!("{}: {e} on {tree}", info.id));
            assert_eq!(
                report.verdict, expected,
                "{} {goal:?} on {tree} (minimax {value})",
                info.id
            );
            compared += 1;
        }
    }
    compared
}

#[test]
fn every_search_gives_the_minimax_value_of_300_random_trees() {
    let spec: GameSpec = "tree".parse().unwrap();
    let mut rng = Rng::new(0x7ee5);
    let mut compared = 0;
    let mut values = [0; 3];
    for index in 0..TREES {
        // The root is an inner node: a finished game has nothing to search.
        let root = loop {
            let node = random_node(&mut rng, 0);
            if matches!(node, Node::Inner(_)) {
                break node;
            }
        };
        let tree = text(&root);
        let value = minimax(&root, 0);
        values[(value + 1) as usize] += 1;
        compared += check_searches(&spec, &tree, value, index as u64);

        // The text of a position after a random line names the whole tree and the line,
        // and reads back as the same position.
        let line = random_line(&root, &mut rng);
        let pos = format!("{tree} @ {}", line.join(" "));
        let view = describe(&spec, Some(&pos)).unwrap_or_else(|e| panic!("{pos}: {e}"));
        let again = describe(&spec, Some(&view.text)).unwrap();
        assert_eq!(again, view, "{pos}");
        let canonical = describe(&spec, Some(&tree)).unwrap().text;
        let expected = if line.is_empty() {
            canonical
        } else {
            format!("{canonical} @ {}", line.join(" "))
        };
        assert_eq!(view.text, expected, "{pos}");
    }
    assert_eq!(compared, TREES * 2 * SEARCHES.len());
    // The trees are varied: wins, draws and losses all occur, each at least 10 % of the time.
    assert!(values.iter().all(|&n| n >= TREES / 10), "{values:?}");
}

#[test]
fn every_search_gives_the_minimax_value_of_the_example_trees() {
    let family = FAMILIES.iter().find(|f| f.id == "tree").unwrap();
    assert!(family.examples.len() >= 3);
    let spec: GameSpec = "tree".parse().unwrap();
    for example in family.examples {
        // The brute-force value, here over the engine's own moves (the game's rules, checked
        // against this file's minimax by the test above).
        let value = value_of(&spec, example.text, 0);
        check_searches(&spec, example.text, value, 1);
    }
    // The PN-MCTS Figure 2 tree as rebuilt: d proves the root (i and j won).
    assert_eq!(value_of(&spec, family.examples[0].text, 0), 1);
    // The draw example is a draw.
    let draw = family
        .examples
        .iter()
        .find(|e| e.name.starts_with("A draw"))
        .unwrap();
    assert_eq!(value_of(&spec, draw.text, 0), 0);
}

/// Minimax over the engine's position views: max at the first player's turn, min at the second's.
fn value_of(spec: &GameSpec, pos: &str, depth: usize) -> i32 {
    assert!(depth < 100);
    let view = describe(spec, Some(pos)).unwrap();
    if let Some(value) = view.value {
        return value;
    }
    let values = view.moves.iter().map(|mv| {
        let next = pnplay::engine::play(spec, pos, &mv.text).unwrap();
        value_of(spec, &next.text, depth + 1)
    });
    match view.turn {
        pnplay::game::view::TurnView::First => values.max().unwrap(),
        _ => values.min().unwrap(),
    }
}

/// The child of `node` reached by move `mv`.
fn child<'a>(node: &'a ViewNode, mv: &str) -> &'a ViewNode {
    node.children
        .iter()
        .find(|c| c.node.mv.as_deref() == Some(mv))
        .unwrap_or_else(|| panic!("no child {mv}"))
}

/// A node's proof and disproof numbers.
fn numbers(node: &ViewNode) -> (f64, f64) {
    match node.node.values {
        Values::ProofNumbers { pn, dn } => (pn, dn),
        other => panic!("not proof numbers: {other:?}"),
    }
}

#[test]
fn figure_2_with_its_unknown_leaves_gives_the_papers_numbers_and_path() {
    let spec: GameSpec = "tree".parse().unwrap();
    let figure = FAMILIES.iter().find(|f| f.id == "tree").unwrap().examples[0];
    assert_eq!(
        figure.text,
        "[b:[e:[k:D l:?W] f:L] c:[g:?W h:?L] d:[i:W j:?W]]"
    );
    let mut pns = engine::start(&spec, figure.text, "pns", &Params::default()).unwrap();
    // Four iterations expand a, b, c and d: g, h and j are unknown leaves at 1/1.
    pns.step(Budget::iterations(4));
    let snap = pns.tree().unwrap().snapshot(9, 100, None);
    let inf = f64::INFINITY;
    assert_eq!(numbers(&snap.root), (1.0, 2.0), "a");
    assert_eq!(numbers(child(&snap.root, "b")), (inf, 0.0), "b");
    let c = child(&snap.root, "c");
    assert_eq!(numbers(c), (2.0, 1.0), "c");
    assert_eq!(numbers(child(c, "g")), (1.0, 1.0), "g");
    assert_eq!(numbers(child(c, "h")), (1.0, 1.0), "h");
    let d = child(&snap.root, "d");
    assert_eq!(numbers(d), (1.0, 1.0), "d");
    assert_eq!(numbers(child(d, "i")), (0.0, inf), "i");
    assert_eq!(numbers(child(d, "j")), (1.0, 1.0), "j");
    // The fifth selects the most-proving node j by the bold path a-d-j, and finds it won.
    let verdict = pns.step(Budget::iterations(1));
    let path = pns.tree().unwrap().last_path();
    let moves: Vec<Option<&str>> = path.iter().map(|n| n.mv.as_deref()).collect();
    assert_eq!(moves, [None, Some("d"), Some("j")]);
    assert_eq!(verdict, Some(Verdict::Proved));

    // PPNS values an unexpanded leaf by its playouts, which go on through its one move to
    // the value it hides: from d every playout ends in i's W or j's hidden W, so d's PPN is
    // 1 − θ after the first iteration, and c's (g hides W, h L) lies in between.
    let params = Params::default().with(&PLAYOUTS, Some(10.0));
    let theta = params.real(&THETA);
    let ppn = |node: &ViewNode| match node.node.values {
        Values::Probability { ppn, .. } => ppn,
        other => panic!("not a PPN: {other:?}"),
    };
    let mut ppns = engine::start(&spec, figure.text, "ppns", &params).unwrap();
    ppns.step(Budget::iterations(1));
    let snap = ppns.tree().unwrap().snapshot(9, 100, None);
    assert!((ppn(child(&snap.root, "d")) - (1.0 - theta)).abs() < 1e-12);
    let c = ppn(child(&snap.root, "c"));
    assert!(c > theta && c < 1.0 - theta, "c {c}");
    // At c the second player moves, so the goal is theirs: g (hiding W) is θ, h (L) 1 − θ.
    let mut at_c = engine::start(&spec, &format!("{} @ c", figure.text), "ppns", &params).unwrap();
    at_c.step(Budget::iterations(1));
    let snap = at_c.tree().unwrap().snapshot(9, 100, None);
    assert!((ppn(child(&snap.root, "g")) - theta).abs() < 1e-12);
    assert!((ppn(child(&snap.root, "h")) - (1.0 - theta)).abs() < 1e-12);
}

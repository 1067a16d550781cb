//! Textbook trees (src/game/tree.rs): every search of the catalogue gives the minimax value.
//!
//! 300 seeded random AND/OR trees (up to 6 levels, 1–4 children, W/L/D leaves, some labels
//! written out) are built here as plain values, their minimax value computed here by brute
//! force (OR maximises at even depth, AND minimises at odd depth, leaves W = +1, D = 0,
//! L = −1 for the first player), independently of the game's rules; then each tree's text is
//! given to the engine and every search of the catalogue must prove or disprove both goals
//! (win, not-lose) exactly as that value says. The catalogue's example trees (the papers'
//! figures) are checked the same way, and a random line through each tree round-trips through
//! its position text.

use pnplay::engine::{GameSpec, describe, solve};
use pnplay::game::Rng;
use pnplay::game::catalogue::FAMILIES;
use pnplay::search::catalogue::SEARCHES;
use pnplay::search::params::{PLAYOUTS, PR, Params};
use pnplay::search::{Goal, Verdict};

const TREES: usize = 300;

/// A tree as this test builds it: a leaf's value for the first player, or labelled children.
enum Node {
    Leaf(i32),
    Inner(Vec<(Option<String>, Node)>),
}

fn random_node(rng: &mut Rng, depth: u32) -> Node {
    let leaf_chance = [0, 15, 30, 45, 60, 80, 100][depth as usize];
    if rng.below(100) < leaf_chance {
        return Node::Leaf(rng.below(3) as i32 - 1);
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
        Node::Leaf(value) => *value,
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

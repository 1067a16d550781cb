//! The graph-history interaction (Hsu's TCG slides, "GHI problem", slides 4–9) on textbook
//! graphs (src/game/tree.rs with `^` references): the answers of the searches are checked
//! against brute force, an exhaustive minimax that carries the line played, written here
//! independently of the game's rules (a move to a node already on the line ends the game, lost
//! for the first player).
//!
//! - The slides' graph (the catalogue's example): brute force says A is won, and J's value
//!   depends on the line: lost after A B D G I J (J's only move repeats D), won after A C F J.
//!   df-pn with its exact key (`ghi=path`, the default) proves A; df-pn keyed by the position
//!   alone (`ghi=naive`) stores J as lost on the first line, reuses it on the second and
//!   disproves A: the wrong answer of the slides.
//! - 150 seeded random graphs: every search of the catalogue gives the brute-force verdict for
//!   both goals (the exact key makes them all right).

use pnplay::engine::{GameSpec, solve};
use pnplay::game::Rng;
use pnplay::game::catalogue::FAMILIES;
use pnplay::search::catalogue::SEARCHES;
use pnplay::search::exact::dfpn::GHI;
use pnplay::search::params::{PLAYOUTS, PR, Params};
use pnplay::search::{Goal, Verdict};

const GRAPHS: usize = 150;

/// A graph as this test builds it: node `i` is a leaf (its value for the first player) or has
/// children, node indices (a reference is simply a child that is not below it).
struct Graph {
    depth: Vec<u32>,
    leaf: Vec<Option<i32>>,
    children: Vec<Vec<usize>>,
    /// For each node, its place among the nodes written under their own label: which children
    /// are written as a subtree (below it) and which as `^` references.
    below: Vec<Vec<bool>>,
}

impl Graph {
    /// The first player's value from `node` with `line` (one flag per node) already played:
    /// exhaustive minimax with the history.
    fn value(&self, node: usize, line: &mut Vec<bool>) -> i32 {
        if line[node] {
            return -1; // a repetition: lost for the first player
        }
        if let Some(value) = self.leaf[node] {
            return value;
        }
        line[node] = true;
        let values: Vec<i32> = self.children[node]
            .iter()
            .map(|&child| self.value(child, line))
            .collect();
        line[node] = false;
        if self.depth[node] % 2 == 0 {
            values.into_iter().max().unwrap()
        } else {
            values.into_iter().min().unwrap()
        }
    }

    /// The value of the root.
    fn root_value(&self) -> i32 {
        self.value(0, &mut vec![false; self.depth.len()])
    }

    /// The text: node `i` labelled `n{i}`, references written `^n{i}`.
    fn text(&self, node: usize) -> String {
        if let Some(value) = self.leaf[node] {
            return ["L", "D", "W"][(value + 1) as usize].to_string();
        }
        let parts: Vec<String> = self.children[node]
            .iter()
            .zip(&self.below[node])
            .enumerate()
            .map(|(place, (&child, &below))| {
                if below {
                    format!("n{child}:{}", self.text(child))
                } else {
                    format!("r{place}:^n{child}")
                }
            })
            .collect();
        format!("[{}]", parts.join(" "))
    }
}

/// A random tree (the caller keeps those of at most 60 nodes), then some leaves turned into references to a node of
/// the same player (so cycles and transpositions appear).
fn random_graph(rng: &mut Rng) -> Graph {
    let mut graph = Graph {
        depth: vec![0],
        leaf: vec![None],
        children: vec![Vec::new()],
        below: vec![Vec::new()],
    };
    let mut open = vec![0];
    while let Some(node) = open.pop() {
        let count = 1 + rng.below(3) as usize;
        for _ in 0..count {
            let id = graph.depth.len();
            let depth = graph.depth[node] + 1;
            let leaf_chance = if id > 30 {
                100
            } else {
                [0, 20, 35, 50, 70, 100][depth.min(5) as usize]
            };
            let leaf = (rng.below(100) < leaf_chance).then(|| rng.below(3) as i32 - 1);
            graph.depth.push(depth);
            graph.leaf.push(leaf);
            graph.children.push(Vec::new());
            graph.below.push(Vec::new());
            graph.children[node].push(id);
            graph.below[node].push(true);
            if leaf.is_none() {
                open.push(id);
            }
        }
    }
    // References: each leaf child, one time in three, becomes a move to a random inner node
    // (not the root) of the same parity.
    let nodes = graph.depth.len();
    for node in 0..nodes {
        for place in 0..graph.children[node].len() {
            let child = graph.children[node][place];
            if graph.leaf[child].is_none() || rng.below(3) != 0 {
                continue;
            }
            let targets: Vec<usize> = (1..nodes)
                .filter(|&t| {
                    graph.leaf[t].is_none() && graph.depth[t] % 2 == graph.depth[child] % 2
                })
                .collect();
            if !targets.is_empty() {
                let target = targets[rng.below(targets.len() as u32) as usize];
                // The leaf stays in the node list (unreached), so labels keep their numbers.
                graph.children[node][place] = target;
                graph.below[node][place] = false;
            }
        }
    }
    graph
}

fn verdict(spec: &GameSpec, text: &str, search: &str, goal: Goal, naive: bool) -> Verdict {
    let params = Params::default()
        .with(&PLAYOUTS, Some(4.0))
        .with(&PR, None)
        .with(&GHI, Some(if naive { 1.0 } else { 0.0 }))
        .with_goal(goal);
    solve(spec, text, search, &params)
        .unwrap_or_else(|e| panic!("{search}: {e} on {text}"))
        .verdict
}

fn expected(value: i32, goal: Goal) -> Verdict {
    let holds = match goal {
        Goal::Win => value == 1,
        _ => value >= 0,
    };
    if holds {
        Verdict::Proved
    } else {
        Verdict::Disproved
    }
}

#[test]
fn the_slides_graph_naive_table_is_wrong_and_the_exact_key_right() {
    let family = FAMILIES.iter().find(|f| f.id == "tree").unwrap();
    let example = family
        .examples
        .iter()
        .find(|e| e.name.contains("GHI"))
        .unwrap();
    assert_eq!(
        example.text,
        "[c:[f:[j:^j] k:[W]] b:[d:[g:[i:[j:[d:^d]]] h:[W]] e:[[L] [L] [L]]]]"
    );
    // The same graph built here: 0 a; 1 c, 2 f, 3 k, 4 k's W; 5 b, 6 d, 7 g, 8 i, 9 j,
    // 10 h, 11 h's W, 12 e, 13–18 e's three children and their L leaves.
    let mut graph = Graph {
        depth: vec![0, 1, 2, 2, 3, 1, 2, 3, 4, 5, 3, 4, 2, 3, 4, 3, 4, 3, 4],
        leaf: vec![None; 19],
        children: vec![Vec::new(); 19],
        below: vec![Vec::new(); 19],
    };
    let edges: &[(usize, usize, bool)] = &[
        (0, 1, true),
        (0, 5, true),
        (1, 2, true),
        (1, 3, true),
        (2, 9, false), // f → ^j
        (3, 4, true),
        (5, 6, true),
        (5, 12, true),
        (6, 7, true),
        (6, 10, true),
        (7, 8, true),
        (8, 9, true),
        (9, 6, false), // j → ^d
        (10, 11, true),
        (12, 13, true),
        (12, 15, true),
        (12, 17, true),
        (13, 14, true),
        (15, 16, true),
        (17, 18, true),
    ];
    for &(from, to, below) in edges {
        graph.children[from].push(to);
        graph.below[from].push(below);
    }
    for (leaf, value) in [(4, 1), (11, 1), (14, -1), (16, -1), (18, -1)] {
        graph.leaf[leaf] = Some(value);
    }
    // Brute force: A is won (A C F J D H), and J's value depends on the line.
    assert_eq!(graph.root_value(), 1);
    let line_of = |nodes: &[usize]| {
        let mut line = vec![false; 19];
        for &n in nodes {
            line[n] = true;
        }
        line
    };
    let j_after_b = graph.value(9, &mut line_of(&[0, 5, 6, 7, 8]));
    let j_after_c = graph.value(9, &mut line_of(&[0, 1, 2]));
    assert_eq!((j_after_b, j_after_c), (-1, 1));
    // So are I's (before J, on the first line) and F's (before J, on the second), where the
    // first player moves.
    let i_after_b = graph.value(8, &mut line_of(&[0, 5, 6, 7]));
    let f_after_c = graph.value(2, &mut line_of(&[0, 1]));
    assert_eq!((i_after_b, f_after_c), (-1, 1));

    let spec: GameSpec = "tree".parse().unwrap();
    let text = example.text;
    for goal in [Goal::Win, Goal::NotLose] {
        assert_eq!(verdict(&spec, text, "dfpn", goal, false), Verdict::Proved);
        // The naive table: J stored as lost on the line through b, read on the line through c.
        assert_eq!(verdict(&spec, text, "dfpn", goal, true), Verdict::Disproved);
        for info in SEARCHES {
            assert_eq!(
                verdict(&spec, text, info.id, goal, false),
                Verdict::Proved,
                "{}",
                info.id
            );
        }
    }
    // The engine's positions agree with the brute force on those two lines (the question is
    // the first player's there: the player to move).
    for (line, value) in [("b d g i", i_after_b), ("c f", f_after_c)] {
        let pos = format!("{text} @ {line}");
        let expected_verdict = expected(value, Goal::Win);
        assert_eq!(
            verdict(&spec, &pos, "pns", Goal::Win, false),
            expected_verdict,
            "{pos}"
        );
    }
}

#[test]
fn every_search_gives_the_brute_force_value_of_random_graphs() {
    let spec: GameSpec = "tree".parse().unwrap();
    let mut rng = Rng::new(0x6415);
    let mut values = [0; 3];
    let mut cycles = 0;
    for _ in 0..GRAPHS {
        let graph = loop {
            let graph = random_graph(&mut rng);
            if graph.depth.len() <= 60 {
                break graph;
            }
        };
        let text = graph.text(0);
        let value = graph.root_value();
        values[(value + 1) as usize] += 1;
        cycles += usize::from(text.contains('^'));
        for goal in [Goal::Win, Goal::NotLose] {
            for info in SEARCHES {
                assert_eq!(
                    verdict(&spec, &text, info.id, goal, false),
                    expected(value, goal),
                    "{} {goal:?} on {text} (brute force {value})",
                    info.id
                );
            }
        }
    }
    // Varied graphs: every value occurs, and most graphs have references.
    assert!(values.iter().all(|&n| n >= GRAPHS / 10), "{values:?}");
    assert!(cycles >= GRAPHS / 2, "{cycles}");
}

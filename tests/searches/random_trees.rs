//! The random textbook trees of src/game/tree/random.rs (P-game-like, balanced or
//! unbalanced): the same seed gives the same text; each shape has the branching and leaf
//! depths it promises, read here from the text by a walk of its own; the text round-trips
//! through the tree game's parser; bad sizes are typed errors naming the field; and PNS
//! against PPNS on 20 trees of each shape gives the numbers the balanced/unbalanced lesson
//! quotes (www/views/lessons.js, id `balanced-trees`).

use pnplay::engine::{self, GameSpec};
use pnplay::game::Game;
use pnplay::game::tree::TreeGame;
use pnplay::game::tree::random::{RandomTree, RandomTreeError, Shape, random_tree};
use pnplay::search::Goal;
use pnplay::search::params::Params;
use pnplay::search::session::Report;

fn spec(shape: Shape, branching: u32, depth: u32, seed: u64) -> RandomTree {
    RandomTree {
        shape,
        branching,
        depth,
        seed,
    }
}

/// The children count of every inner node and the depth of every leaf of a tree's text,
/// read by a walk over its brackets (the generator writes no labels and no `?`).
fn shape_of(text: &str) -> (Vec<usize>, Vec<usize>) {
    let (mut branching, mut leaves) = (Vec::new(), Vec::new());
    let mut open: Vec<usize> = Vec::new(); // children seen so far, per open node
    for c in text.chars() {
        match c {
            '[' => {
                if let Some(n) = open.last_mut() {
                    *n += 1;
                }
                open.push(0);
            }
            ']' => branching.push(open.pop().unwrap()),
            'W' | 'L' | 'D' => {
                *open.last_mut().unwrap() += 1;
                leaves.push(open.len());
            }
            ' ' => {}
            other => panic!("unexpected {other:?} in {text}"),
        }
    }
    assert!(open.is_empty(), "{text}");
    (branching, leaves)
}

#[test]
fn the_same_seed_gives_the_same_tree_and_another_seed_another() {
    for shape in [Shape::Balanced, Shape::Unbalanced] {
        let one = random_tree(&spec(shape, 2, 8, 1)).unwrap();
        assert_eq!(one, random_tree(&spec(shape, 2, 8, 1)).unwrap());
        assert_ne!(one, random_tree(&spec(shape, 2, 8, 2)).unwrap());
    }
    // Pinned, so a change of the generator is seen (the lesson's links hold these trees).
    assert_eq!(
        random_tree(&spec(Shape::Balanced, 2, 4, 1)).unwrap(),
        "[[[[L D] [L W]] [[D W] [W W]]] [[[L L] [L L]] [[L L] [W D]]]]"
    );
}

#[test]
fn a_balanced_tree_has_uniform_branching_and_every_leaf_at_the_depth() {
    for (b, d) in [(2, 8), (3, 6), (4, 4)] {
        for seed in 1..=5 {
            let text = random_tree(&spec(Shape::Balanced, b, d, seed)).unwrap();
            let (branching, leaves) = shape_of(&text);
            assert!(branching.iter().all(|&n| n == b as usize), "{text}");
            assert!(leaves.iter().all(|&depth| depth == d as usize), "{text}");
            assert_eq!(leaves.len(), (b as usize).pow(d));
        }
    }
}

#[test]
fn an_unbalanced_tree_draws_its_branching_and_ends_lines_early() {
    let (b, d) = (2, 8);
    let (mut branchings, mut depths) = (Vec::new(), Vec::new());
    for seed in 1..=20 {
        let text = random_tree(&spec(Shape::Unbalanced, b, d, seed)).unwrap();
        let (branching, leaves) = shape_of(&text);
        // Branching 1 to 2b − 1 (mean b); leaves after a whole round only, at most at d.
        assert!(branching.iter().all(|&n| (1..=3).contains(&n)), "{text}");
        assert!(
            leaves
                .iter()
                .all(|&depth| depth % 2 == 0 && (2..=8).contains(&depth)),
            "{text}"
        );
        branchings.extend(branching);
        depths.extend(leaves);
    }
    for n in 1..=3 {
        assert!(branchings.contains(&n), "branching {n} drawn somewhere");
    }
    for depth in [2, 4, 6, 8] {
        assert!(depths.contains(&depth), "a leaf at depth {depth}");
    }
    let mean = branchings.iter().sum::<usize>() as f64 / branchings.len() as f64;
    assert!((mean - 2.0).abs() < 0.1, "mean branching {mean}");
}

#[test]
fn the_text_round_trips_through_the_tree_parser() {
    for shape in [Shape::Balanced, Shape::Unbalanced] {
        for seed in 1..=10 {
            let text = random_tree(&spec(shape, 2, 8, seed)).unwrap();
            let pos = TreeGame::parse_position(&(), &text).unwrap();
            assert_eq!(pos.format_position(), text);
        }
    }
}

#[test]
fn bad_sizes_are_errors_naming_the_field() {
    let error = |s| random_tree(&s).unwrap_err();
    assert_eq!(
        error(spec(Shape::Balanced, 0, 4, 1)),
        RandomTreeError::Branching { given: 0, most: 26 }
    );
    assert_eq!(
        error(spec(Shape::Unbalanced, 14, 4, 1)),
        RandomTreeError::Branching {
            given: 14,
            most: 13
        }
    );
    assert_eq!(
        error(spec(Shape::Balanced, 2, 0, 1)),
        RandomTreeError::Depth(0)
    );
    assert_eq!(
        error(spec(Shape::Balanced, 2, 65, 1)),
        RandomTreeError::Depth(65)
    );
    assert_eq!(
        error(spec(Shape::Balanced, 3, 8, 1)),
        RandomTreeError::TooLarge
    );
    assert!(
        error(spec(Shape::Balanced, 2, 0, 1))
            .to_string()
            .starts_with("depth: ")
    );
    assert!(
        "lopsided"
            .parse::<Shape>()
            .unwrap_err()
            .to_string()
            .starts_with("shape: ")
    );
}

/// Iterations PNS and PPNS (the catalogue's defaults: 60 playouts, seed 1) take to solve
/// `text` for a win.
fn iterations(text: &str) -> (u64, u64) {
    let game: GameSpec = "tree".parse().unwrap();
    let params = Params::default().with_goal(Goal::Win);
    let run = |algo| {
        let mut session = engine::start(&game, text, algo, &params).unwrap();
        session.run();
        let report = Report::of(session.as_ref());
        assert!(
            report.verdict.is_exact(),
            "{algo} on {text}: {:?}",
            report.verdict
        );
        report.stats.iterations
    };
    (run("pns"), run("ppns"))
}

#[test]
fn ppns_gains_more_on_balanced_trees_than_on_unbalanced_ones() {
    // 20 trees of each shape, branching 2, depth 8: the lesson's numbers.
    let totals = |shape| {
        let (mut pns, mut ppns, mut fewer) = (0, 0, 0);
        for seed in 1..=20 {
            let (a, b) = iterations(&random_tree(&spec(shape, 2, 8, seed)).unwrap());
            pns += a;
            ppns += b;
            fewer += u32::from(b < a);
        }
        (pns, ppns, fewer)
    };
    assert_eq!(totals(Shape::Balanced), (2434, 922, 20));
    assert_eq!(totals(Shape::Unbalanced), (390, 226, 10));
    // The lesson's two trees, seed 1.
    assert_eq!(
        iterations(&random_tree(&spec(Shape::Balanced, 2, 8, 1)).unwrap()),
        (118, 50)
    );
    assert_eq!(
        iterations(&random_tree(&spec(Shape::Unbalanced, 2, 8, 1)).unwrap()),
        (23, 10)
    );
}

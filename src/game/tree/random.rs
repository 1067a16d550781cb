//! Random textbook trees like the P-game trees PPNS was first tried on (Song, Iida and van den
//! Herik, "Probability based Proof Number Search", ICAART 2019: the PPNS paper's reference
//! 16, the dissertation's 67), seeded, so a lesson can put PNS and PPNS on trees of either
//! shape. The result is a textbook tree's text ([`super`]'s notation), loaded like any tree.
//!
//! **Leaf values, as in a P-game** (Smith and Nau's incremental model): every move carries a
//! random value, 0 to [`MOVE_VALUE`], added when the first player moves and subtracted when
//! the second does; a leaf is W, L or D as the sum along its line is positive, negative or 0.
//! Sibling leaves so share most of their line, and values are correlated as in real games.
//!
//! **The two shapes**, after the PPNS dissertation §2.4.3 ("Balanced vs unbalanced
//! game-tree": in a balanced tree "the distance between the root and all of its leaves is not
//! varied"; a game that can end early, by sudden death, has terminal nodes at varied depths, so
//! its tree is unbalanced — Connect Four against Othello, the PPNS paper §1–2):
//! - **balanced**: every inner node has `branching` children and every leaf is at `depth`;
//! - **unbalanced**: each node's branching is drawn from 1 to 2·`branching` − 1 (the same
//!   mean), and after each round (a node at an even depth from 2 on, where both players have
//!   moved equally often, so the sum favours neither) the game ends early, a leaf, with
//!   probability 1/[`SUDDEN_DEATH`]; so leaves lie at every even depth from 2 to `depth`.
//!
//! An even `depth` gives both players as many moves on every line.
//!
//! The same seed and sizes give the same text, natively and in wasm.
//!
//! ```
//! use pnplay::game::tree::random::{RandomTree, Shape, random_tree};
//! let spec = RandomTree { shape: Shape::Balanced, branching: 2, depth: 2, seed: 1 };
//! let text = random_tree(&spec).unwrap();
//! assert_eq!(text, random_tree(&spec).unwrap()); // seeded
//! assert_eq!(text.matches(['W', 'L', 'D']).count(), 4); // 2 × 2 leaves, all at depth 2
//! ```

use std::fmt;
use std::str::FromStr;

use super::{MAX_CHILDREN, MAX_DEPTH, MAX_NODES, TreeGame};
use crate::core::rng::Rng;
use crate::game::{Game, Outcome, Player};

/// The largest value a move carries.
pub const MOVE_VALUE: u32 = 8;
/// In an unbalanced tree a node at an even depth from 2 on is a leaf with probability 1 / this.
pub const SUDDEN_DEATH: u32 = 3;

/// The shape of a random tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Uniform branching, every leaf at the full depth.
    Balanced,
    /// Branching drawn per node, leaves at varied depths.
    Unbalanced,
}

impl FromStr for Shape {
    type Err = RandomTreeError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "balanced" => Ok(Shape::Balanced),
            "unbalanced" => Ok(Shape::Unbalanced),
            _ => Err(RandomTreeError::Shape(text.to_owned())),
        }
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomTree {
    /// Balanced or unbalanced.
    pub shape: Shape,
    /// The branching factor (balanced), or the mean of the drawn branching (unbalanced).
    pub branching: u32,
    /// The depth of every leaf (balanced), or of the deepest (unbalanced).
    pub depth: u32,
    /// The generator's seed.
    pub seed: u64,
}

/// Why no tree was generated; each names the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RandomTreeError {
    /// `shape` is neither `balanced` nor `unbalanced`.
    Shape(String),
    /// `branching` is outside 1 to the most the shape allows.
    Branching { given: u32, most: u32 },
    /// `depth` is outside 1 to [`MAX_DEPTH`].
    Depth(u32),
    /// The tree drawn has more than [`MAX_NODES`] nodes.
    TooLarge,
}

impl fmt::Display for RandomTreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RandomTreeError::Shape(text) => {
                write!(f, "shape: `{text}` is neither balanced nor unbalanced")
            }
            RandomTreeError::Branching { given, most } => {
                write!(f, "branching: {given} is not in 1..={most}")
            }
            RandomTreeError::Depth(depth) => {
                write!(f, "depth: {depth} is not in 1..={MAX_DEPTH}")
            }
            RandomTreeError::TooLarge => write!(
                f,
                "branching and depth: the tree would have more than {MAX_NODES} nodes; make them smaller"
            ),
        }
    }
}

impl std::error::Error for RandomTreeError {}

/// The text of the random tree `spec` asks for, in canonical form.
///
/// # Errors
/// A [`RandomTreeError`] naming the field out of range, or [`RandomTreeError::TooLarge`].
pub fn random_tree(spec: &RandomTree) -> Result<String, RandomTreeError> {
    let most = match spec.shape {
        Shape::Balanced => MAX_CHILDREN as u32,
        Shape::Unbalanced => (MAX_CHILDREN as u32).div_ceil(2),
    };
    if !(1..=most).contains(&spec.branching) {
        return Err(RandomTreeError::Branching {
            given: spec.branching,
            most,
        });
    }
    if !(1..=MAX_DEPTH as u32).contains(&spec.depth) {
        return Err(RandomTreeError::Depth(spec.depth));
    }
    let mut drawer = Drawer {
        spec,
        rng: Rng::new(spec.seed),
        text: String::new(),
        nodes: 0,
    };
    drawer.node(0, 0)?;
    // The text is the tree notation by construction; the parser's canonical form is the same.
    let tree = TreeGame::parse_position(&(), &drawer.text).map_err(|_| RandomTreeError::TooLarge)?;
    Ok(tree.format_position())
}

/// Draws a tree in pre-order, writing its text.
struct Drawer<'a> {
    spec: &'a RandomTree,
    rng: Rng,
    text: String,
    nodes: usize,
}

impl Drawer<'_> {
    /// Writes the node at `depth` whose line sums to `sum` (first player's values minus the
    /// second's).
    fn node(&mut self, depth: u32, sum: i64) -> Result<(), RandomTreeError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(RandomTreeError::TooLarge);
        }
        let RandomTree {
            shape,
            branching,
            depth: full,
            ..
        } = *self.spec;
        let leaf = depth == full
            || (shape == Shape::Unbalanced
                && depth >= 2
                && depth % 2 == 0
                && self.rng.below(SUDDEN_DEATH) == 0);
        if leaf {
            let outcome = match sum.signum() {
                1 => Outcome::Win,
                -1 => Outcome::Loss,
                _ => Outcome::Draw,
            };
            self.text.push(super::leaf_char(outcome));
            return Ok(());
        }
        let children = match shape {
            Shape::Balanced => branching,
            Shape::Unbalanced => 1 + self.rng.below(2 * branching - 1),
        };
        // The first player moves at even depths (the root is an OR node).
        let mover = if depth % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        self.text.push('[');
        for place in 0..children {
            if place > 0 {
                self.text.push(' ');
            }
            let value = i64::from(self.rng.below(MOVE_VALUE + 1));
            let sum = if mover == Player::First {
                sum + value
            } else {
                sum - value
            };
            self.node(depth + 1, sum)?;
        }
        self.text.push(']');
        Ok(())
    }
}

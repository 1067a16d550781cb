//! Textbook trees: a small abstract AND/OR game tree, written as text, played as a game, so
//! the figures of the papers and slides (the PN-MCTS paper's Figure 2, the proof-number
//! examples of the TCG advanced-topics slides, slides 30 and 34) can be loaded, stepped with
//! every search and shared as links. The node types follow those figures: the first player
//! moves at the root (an OR node, a square) and the players alternate by depth (AND nodes,
//! circles, at odd depth); leaves are won, lost or drawn for the first player, which is the
//! proof-number papers' "proven" (a forced win) and "disproven" (a loss or a draw).
//!
//! Notation (the family `tree`, game name `tree`):
//!
//! ```text
//! position := tree [ "@" label* ]          the tree, then the moves played from its root
//! tree     := leaf | "?" leaf | "[" child+ "]"   an inner node lists its children, in order
//! child    := [ label ":" ] ( tree | "^" label )
//! leaf     := "W" | "L" | "D"              the first player wins, loses, draws
//! label    := [a-z0-9]{1,8}                the move to the child; by default a, b, c … by
//!                                          its place among its siblings
//! ```
//!
//! **Unexpanded leaves.** The papers' figures draw leaves whose value is not known yet (the
//! PN-MCTS paper's Figure 2: "unknown leaf nodes have pn = 1 and dpn = 1"; the slides' `?`).
//! `?W` (or `?L`, `?D`) is such a leaf: a position where the game goes on, so a search values
//! it as any unexpanded node (1/1 in PNS, by playouts in PPNS and MCTS), with one move, `a`, to
//! the leaf it hides, W, L or D, which the search meets when it expands it.
//!
//! Spaces separate children and moves and are optional elsewhere. `[a:[W L] b:[L [W W]]]`
//! and `[[W L] [L [W W]]]` are the same tree; `[[W L] [L [W W]]] @ b a` is the position after
//! the moves `b` and `a` (the second player to move at the AND node `b`, then the first at
//! `b a`). The position after `@` is the line played, so in a graph a node reached twice
//! along different lines gives two positions. Canonical text writes a label only where it differs from the default and one space
//! between children, so every position's text carries the whole tree and where it is.
//!
//! Limits, so no text can exhaust the engine: at most [`MAX_NODES`] nodes, [`MAX_CHILDREN`]
//! children per node, depth [`MAX_DEPTH`] and labels of 8 characters; beyond them a
//! [`ParseError::TooLarge`] names the limit and the character where it was passed. Two
//! siblings with one label are a [`ParseError::Duplicate`]. The parser keeps its own stack, so
//! deep nesting cannot overflow the call stack.
//!
//! **Graphs with repetitions.** A child written `^d` is a *reference*: the move to it leads to
//! the node labelled `d` (the one node of the tree with that label, where the same player
//! moves), so the tree becomes a graph of positions with transpositions and cycles, as in
//! the graph-history-interaction example of Hsu's TCG slides ("GHI problem", slides 4–9). A
//! move back to a node already on the line played ends the game: a repetition, lost for the
//! first player (the slides' loop "is loss"; a repetition never proves the first player's
//! goal, as in the proof-number solvers of tsume-shogi). A tree with references has at most
//! [`MAX_GRAPH_NODES`] nodes. `[b:[W c:[^b]]]` is the smallest such loop.
//!
//! A position's key is its node's index (pre-order, the root 0) and, in a graph, the set of
//! nodes on the line played (which decides which moves repeat): exact, and no position
//! repeats. [`Game::position_key`] leaves the set out: the key a naive transposition table
//! stores, which gives wrong answers on such graphs (df-pn's `ghi=naive`). As a [`Board`] the tree is one row of cells, one per node: the cells on the
//! line played hold a piece of the player who moved into them, the others are empty, and
//! [`Board::tree`] gives the shape the page draws (the `tree` board style). Edit mode:
//! [`EditTool::Cycle`] turns a leaf W → L → D → W (an unexpanded leaf `?W` → `?L` → `?D`), [`EditTool::Add`] gives a node a new
//! child leaf W (a leaf becomes an inner node), [`EditTool::Remove`] deletes a node and its
//! subtree (a parent left without children becomes a leaf W); an edited tree is shown from
//! its root.
//!
//! ```
//! use pnplay::game::{Game, Outcome, Player, Turn, tree::TreeGame};
//! let mut pos = TreeGame::parse_position(&(), "[a:[W L] b:[L [W W]]]").unwrap();
//! assert_eq!(pos.format_position(), "[[W L] [L [W W]]]");
//! assert_eq!(pos.turn(), Turn::Player(Player::First)); // OR at the root
//! pos.play(pos.parse_move("b").unwrap());
//! assert_eq!(pos.turn(), Turn::Player(Player::Second)); // AND below it
//! pos.play(pos.parse_move("a").unwrap());
//! assert_eq!(pos.outcome(Player::First), Some(Outcome::Loss));
//! assert_eq!(pos.format_position(), "[[W L] [L [W W]]] @ b a");
//! assert!(TreeGame::parse_position(&(), "[W []]").is_err()); // an inner node needs a child
//! ```

use std::sync::{Arc, OnceLock};

use super::board::{Board, Cell, EditTool, MoveCells, TreeNode, TreeView};
use super::family::{
    Catalogued, Example, Facts, Family, LegendEntry, Listed, Presentation, ToolEntry,
};
use super::knowledge::{Knowledge, NoOrdering};
use super::{Game, MoveList, Outcome, ParseError, Player, Turn};

pub mod random;

/// The most nodes a tree may have.
pub const MAX_NODES: usize = 4096;
/// The most children one node may have (labels a … z by default).
pub const MAX_CHILDREN: usize = 26;
/// The deepest a leaf may be (the root has depth 0).
pub const MAX_DEPTH: usize = 64;
/// The longest label.
const MAX_LABEL: usize = 8;
/// The most nodes a tree with references (`^d`) may have: one bit of a key's line set each.
pub const MAX_GRAPH_NODES: usize = 64;
/// The flag a repetition adds to a key's node index.
const REPEATED: u32 = 1 << 31;

/// One node of a tree.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    parent: Option<u32>,
    depth: u16,
    /// The move from the parent (empty for the root).
    label: String,
    children: Vec<u32>,
    /// At a leaf: the result for the first player.
    leaf: Option<Outcome>,
    /// At a reference (`^d`): the node the move to it leads to.
    goto: Option<u32>,
    /// An unexpanded leaf (`?W`, `?L`, `?D`): its one child is the hidden leaf.
    unknown: bool,
}

/// A whole tree, its nodes in pre-order (the root first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<Node>,
    /// Whether it has references, so positions can repeat.
    graph: bool,
}

/// A position: a tree, the node the game has reached and the line played to it. Clones
/// share the tree.
#[derive(Clone, Debug)]
pub struct TreeGame {
    tree: Arc<Tree>,
    at: u32,
    /// The moves played from the root: the children moved to (references, not their nodes).
    line: Vec<u32>,
    /// In a graph: the nodes on the line played, one bit each (the root's included).
    visited: u64,
    /// Whether the last move repeated a node on the line (the game is over).
    repeated: bool,
}

/// The default label of the child at `place` among its siblings: a, b, c …
fn default_label(place: usize) -> String {
    char::from(b'a' + place as u8).to_string()
}

fn leaf_char(outcome: Outcome) -> char {
    match outcome {
        Outcome::Win => 'W',
        Outcome::Loss => 'L',
        Outcome::Draw => 'D',
    }
}

/// The leaf value written at `chars[i]`, if it is W, L or D.
fn outcome_at(chars: &[char], i: usize) -> Option<Outcome> {
    match chars.get(i)? {
        'W' => Some(Outcome::Win),
        'L' => Some(Outcome::Loss),
        'D' => Some(Outcome::Draw),
        _ => None,
    }
}

/// Reads a label (`[a-z0-9]`, possibly empty) from `chars` at `*i`, moving `*i` past it.
fn read_label(chars: &[char], i: &mut usize) -> Result<String, ParseError> {
    let mut word = String::new();
    while let Some(&d) = chars
        .get(*i)
        .filter(|d| d.is_ascii_lowercase() || d.is_ascii_digit())
    {
        if word.len() == MAX_LABEL {
            return Err(ParseError::TooLarge {
                index: *i,
                what: "characters in a label",
                limit: MAX_LABEL,
            });
        }
        word.push(d);
        *i += 1;
    }
    Ok(word)
}

/// What [`Tree::write`] changes on the way: one node edited.
#[derive(Clone, Copy)]
enum Change {
    None,
    Cycle(u32),
    Add(u32),
    Remove(u32),
}

impl Tree {
    /// Parses a tree from the start of `text`; returns it and the character offset after it.
    fn parse(text: &str) -> Result<(Tree, usize), ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let mut nodes: Vec<Node> = Vec::new();
        let mut open: Vec<u32> = Vec::new();
        // References (`^d`) to resolve once every label is known: node, label, offset.
        let mut references: Vec<(u32, String, usize)> = Vec::new();
        let mut i = 0;
        let skip = |i: &mut usize| {
            while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
                *i += 1;
            }
        };
        loop {
            skip(&mut i);
            if !nodes.is_empty() && open.is_empty() {
                return Tree::resolved(nodes, references).map(|tree| (tree, i));
            }
            let Some(&c) = chars.get(i) else {
                return Err(if nodes.is_empty() {
                    ParseError::Empty { expected: "a tree" }
                } else {
                    ParseError::UnexpectedChar {
                        index: i,
                        found: ' ',
                        expected: "']' (the text ended inside a node)",
                    }
                });
            };
            if c == ']' {
                let Some(&closed) = open.last() else {
                    return Err(ParseError::UnexpectedChar {
                        index: i,
                        found: c,
                        expected: "'[', W, L or D",
                    });
                };
                if nodes[closed as usize].children.is_empty() {
                    return Err(ParseError::UnexpectedChar {
                        index: i,
                        found: c,
                        expected: "a child: '[', W, L or D (an inner node needs one)",
                    });
                }
                open.pop();
                i += 1;
                continue;
            }
            // A label, if any, then the node.
            let label_start = i;
            let mut label = None;
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                if open.is_empty() {
                    return Err(ParseError::UnexpectedChar {
                        index: i,
                        found: c,
                        expected: "'[', W, L or D (the root has no label)",
                    });
                }
                let word = read_label(&chars, &mut i)?;
                match chars.get(i) {
                    Some(':') => i += 1,
                    found => {
                        return Err(ParseError::UnexpectedChar {
                            index: i,
                            found: found.copied().unwrap_or(' '),
                            expected: "':' after a label",
                        });
                    }
                }
                label = Some(word);
                skip(&mut i);
            }
            let at = i;
            let mut reference = None;
            let mut hidden = None;
            let leaf = match chars.get(i) {
                Some('[') => None,
                Some('^') if !open.is_empty() => {
                    let mut end = i + 1;
                    let name = read_label(&chars, &mut end)?;
                    if name.is_empty() {
                        return Err(ParseError::UnexpectedChar {
                            index: end,
                            found: chars.get(end).copied().unwrap_or(' '),
                            expected: "a label after '^' (the node the move leads to)",
                        });
                    }
                    reference = Some(name);
                    i = end - 1;
                    None
                }
                Some('?') => {
                    i += 1;
                    hidden = Some(outcome_at(&chars, i).ok_or_else(|| {
                        ParseError::UnexpectedChar {
                            index: i,
                            found: chars.get(i).copied().unwrap_or(' '),
                            expected: "W, L or D after '?' (the value the unexpanded leaf hides)",
                        }
                    })?);
                    None
                }
                Some(_) if outcome_at(&chars, i).is_some() => outcome_at(&chars, i),
                found => {
                    return Err(ParseError::UnexpectedChar {
                        index: i,
                        found: found.copied().unwrap_or(' '),
                        expected: "'[', W, L, D or ?",
                    });
                }
            };
            i += 1;
            if nodes.len() == MAX_NODES {
                return Err(ParseError::TooLarge {
                    index: at,
                    what: "nodes",
                    limit: MAX_NODES,
                });
            }
            let id = nodes.len() as u32;
            let (parent, depth, label) = match open.last() {
                None => (None, 0, String::new()),
                Some(&parent) => {
                    let node = &nodes[parent as usize];
                    let place = node.children.len();
                    if place == MAX_CHILDREN {
                        return Err(ParseError::TooLarge {
                            index: label_start,
                            what: "children of one node",
                            limit: MAX_CHILDREN,
                        });
                    }
                    if usize::from(node.depth) == MAX_DEPTH {
                        return Err(ParseError::TooLarge {
                            index: label_start,
                            what: "levels below the root",
                            limit: MAX_DEPTH,
                        });
                    }
                    let label = label.unwrap_or_else(|| default_label(place));
                    if node
                        .children
                        .iter()
                        .any(|&c| nodes[c as usize].label == label)
                    {
                        return Err(ParseError::Duplicate {
                            index: label_start,
                            name: label,
                        });
                    }
                    (Some(parent), node.depth + 1, label)
                }
            };
            if let Some(parent) = parent {
                nodes[parent as usize].children.push(id);
            }
            nodes.push(Node {
                parent,
                depth,
                label,
                children: Vec::new(),
                leaf,
                goto: reference.as_ref().map(|_| id),
                unknown: hidden.is_some(),
            });
            if let Some(name) = reference {
                references.push((id, name, at));
            } else if let Some(outcome) = hidden {
                Tree::push_hidden(&mut nodes, id, outcome, at)?;
            } else if leaf.is_none() {
                open.push(id);
            }
        }
    }

    /// Appends the hidden leaf `outcome` of the unexpanded leaf `id` (written at `index`): its
    /// one child, the move `a`.
    fn push_hidden(
        nodes: &mut Vec<Node>,
        id: u32,
        outcome: Outcome,
        index: usize,
    ) -> Result<(), ParseError> {
        let depth = nodes[id as usize].depth;
        if nodes.len() == MAX_NODES || usize::from(depth) == MAX_DEPTH {
            let (what, limit) = if nodes.len() == MAX_NODES {
                ("nodes", MAX_NODES)
            } else {
                ("levels below the root", MAX_DEPTH)
            };
            return Err(ParseError::TooLarge { index, what, limit });
        }
        let child = nodes.len() as u32;
        nodes[id as usize].children.push(child);
        nodes.push(Node {
            parent: Some(id),
            depth: depth + 1,
            label: default_label(0),
            children: Vec::new(),
            leaf: Some(outcome),
            goto: None,
            unknown: false,
        });
        Ok(())
    }

    /// The tree of `nodes` with each of `references` (node, label, offset) pointed at the one
    /// node with its label, where the same player moves.
    fn resolved(
        mut nodes: Vec<Node>,
        references: Vec<(u32, String, usize)>,
    ) -> Result<Tree, ParseError> {
        if let Some((_, _, index)) = references.first()
            && nodes.len() > MAX_GRAPH_NODES
        {
            return Err(ParseError::TooLarge {
                index: *index,
                what: "nodes in a tree with references (^)",
                limit: MAX_GRAPH_NODES,
            });
        }
        for (id, name, index) in &references {
            let mut targets = (0..nodes.len()).filter(|&t| {
                let node = &nodes[t];
                node.goto.is_none()
                    && node.parent.is_some_and(|p| !nodes[p as usize].unknown)
                    && node.label == *name
            });
            let reason = match (targets.next(), targets.next()) {
                (None, _) => format!("^{name} at character {index}: no node is labelled {name}"),
                (Some(_), Some(_)) => format!(
                    "^{name} at character {index}: more than one node is labelled {name}; a reference needs a label used once"
                ),
                (Some(target), None) => {
                    if nodes[target].depth % 2 == nodes[*id as usize].depth % 2 {
                        nodes[*id as usize].goto = Some(target as u32);
                        continue;
                    }
                    format!(
                        "^{name} at character {index}: the other player moves at {name} (a reference must lead to a node of the same player)"
                    )
                }
            };
            return Err(ParseError::InvalidPosition { reason });
        }
        Ok(Tree {
            nodes,
            graph: !references.is_empty(),
        })
    }

    /// Writes node `id` and its subtree in canonical notation, with `change` applied.
    fn write(&self, id: u32, change: Change, out: &mut String) {
        let node = &self.nodes[id as usize];
        if let Some(target) = node.goto {
            out.push('^');
            out.push_str(&self.nodes[target as usize].label);
            return;
        }
        let cycled = |outcome| match outcome {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Draw,
            Outcome::Draw => Outcome::Win,
        };
        let cycling = matches!(change, Change::Cycle(c) if c == id);
        if node.unknown {
            let hidden = self.nodes[node.children[0] as usize].leaf;
            let outcome = hidden.expect("an unexpanded leaf's child is a leaf");
            out.push('?');
            out.push(leaf_char(if cycling { cycled(outcome) } else { outcome }));
            return;
        }
        let mut children: Vec<u32> = node.children.clone();
        if let Change::Remove(gone) = change {
            children.retain(|&c| c != gone);
            if children.is_empty() && !node.children.is_empty() {
                out.push('W');
                return;
            }
        }
        let added = matches!(change, Change::Add(to) if to == id);
        match node.leaf {
            Some(outcome) if !added => {
                let outcome = if cycling {
                    cycled(outcome)
                } else {
                    outcome
                };
                out.push(leaf_char(outcome));
            }
            _ => {
                out.push('[');
                for (place, &child) in children.iter().enumerate() {
                    if place > 0 {
                        out.push(' ');
                    }
                    let label = &self.nodes[child as usize].label;
                    if *label != default_label(place) {
                        out.push_str(label);
                        out.push(':');
                    }
                    self.write(child, change, out);
                }
                if added {
                    let place = children.len();
                    let taken = |l: &String| {
                        children
                            .iter()
                            .any(|&c| self.nodes[c as usize].label == *l)
                    };
                    let free = (0..MAX_CHILDREN).map(default_label).find(|l| !taken(l));
                    if let Some(label) = free {
                        if place > 0 {
                            out.push(' ');
                        }
                        if label != default_label(place) {
                            out.push_str(&label);
                            out.push(':');
                        }
                        out.push('W');
                    }
                }
                out.push(']');
            }
        }
    }

    /// Whether `node` is the hidden leaf of an unexpanded leaf (`?W`).
    fn hidden(&self, node: &Node) -> bool {
        node.parent
            .is_some_and(|p| self.nodes[p as usize].unknown)
    }

    /// The tree's text with `change` applied, parsed again (which checks every limit).
    fn changed(&self, change: Change) -> Option<Tree> {
        let mut text = String::new();
        self.write(0, change, &mut text);
        Tree::parse(&text).ok().map(|(tree, _)| tree)
    }
}

impl TreeGame {
    fn node(&self) -> &Node {
        &self.tree.nodes[self.at as usize]
    }

    /// The position at the root of `tree`.
    fn root(tree: Arc<Tree>) -> TreeGame {
        let visited = u64::from(tree.graph);
        TreeGame {
            tree,
            at: 0,
            line: Vec::new(),
            visited,
            repeated: false,
        }
    }

    /// The labels of the moves from the root to here.
    fn line(&self) -> Vec<&str> {
        self.line
            .iter()
            .map(|&id| self.tree.nodes[id as usize].label.as_str())
            .collect()
    }

    /// Who moves at a node of depth `depth`.
    fn mover_at(depth: u16) -> Player {
        if depth % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The root position of an edited tree, if the edit gave one.
    fn edited(&self, change: Change) -> Option<TreeGame> {
        Some(TreeGame::root(Arc::new(self.tree.changed(change)?)))
    }

    fn child_labelled(&self, label: &str) -> Option<u32> {
        self.node()
            .children
            .iter()
            .copied()
            .find(|&c| self.tree.nodes[c as usize].label == label)
    }
}

/// The start position: the PN-MCTS paper's Figure 2 (the first example).
const START: &str = EXAMPLES[0].text;

impl Game for TreeGame {
    /// At most [`MAX_CHILDREN`] moves.
    type List<T: super::ListItem> = arrayvec::ArrayVec<T, MAX_CHILDREN>;
    /// The index of the child moved to.
    type Move = u32;
    /// The index of the node (pre-order; bit 31 set after a repetition) and, in a
    /// graph, the nodes on the line played, one bit each.
    type Key = (u32, u64);
    type Variant = ();

    fn start((): &()) -> Self {
        static TREE: OnceLock<Arc<Tree>> = OnceLock::new();
        let tree = TREE.get_or_init(|| {
            let (tree, _) = Tree::parse(START).expect("the start tree parses");
            Arc::new(tree)
        });
        TreeGame::root(Arc::clone(tree))
    }

    fn variant(&self) {}

    fn turn(&self) -> Turn {
        let node = self.node();
        if node.leaf.is_some() || self.repeated {
            Turn::Over
        } else {
            Turn::Player(Self::mover_at(node.depth))
        }
    }

    fn legal_moves(&self, out: &mut MoveList<Self>) {
        out.clear();
        out.extend(self.node().children.iter().copied());
    }

    /// Moves to the child `mv`, or to the node it refers to; in a graph a node already on
    /// the line ends the game (a repetition).
    fn play(&mut self, mv: u32) {
        self.line.push(mv);
        self.at = self.tree.nodes[mv as usize].goto.unwrap_or(mv);
        if self.tree.graph {
            let bit = 1 << self.at;
            self.repeated = self.visited & bit != 0;
            self.visited |= bit;
        }
    }

    fn outcome(&self, player: Player) -> Option<Outcome> {
        let outcome = if self.repeated {
            Outcome::Loss
        } else {
            self.node().leaf?
        };
        Some(match player {
            Player::First => outcome,
            Player::Second => outcome.flipped(),
        })
    }

    fn key(&self) -> (u32, u64) {
        (self.position_key().0, self.visited)
    }

    /// The node alone (and whether the game ended by a repetition there).
    fn position_key(&self) -> (u32, u64) {
        let repeated = if self.repeated { REPEATED } else { 0 };
        (self.at | repeated, 0)
    }

    fn parse_position((): &(), text: &str) -> Result<Self, ParseError> {
        let (tree, end) = Tree::parse(text)?;
        let mut pos = TreeGame::root(Arc::new(tree));
        let rest: String = text.chars().skip(end).collect();
        let Some(moves) = rest.strip_prefix('@') else {
            return match rest.chars().next() {
                None => Ok(pos),
                Some(found) => Err(ParseError::UnexpectedChar {
                    index: end,
                    found,
                    expected: "'@' and the moves played, or the end",
                }),
            };
        };
        for (n, word) in moves.split_whitespace().enumerate() {
            let index = n + 1;
            if pos.turn() == Turn::Over {
                return Err(ParseError::GameOver { index });
            }
            let child = pos
                .child_labelled(word)
                .ok_or_else(|| ParseError::IllegalMove {
                    index,
                    text: word.to_string(),
                })?;
            pos.play(child);
        }
        Ok(pos)
    }

    fn format_position(&self) -> String {
        let mut text = String::new();
        self.tree.write(0, Change::None, &mut text);
        let line = self.line();
        if !line.is_empty() {
            text.push_str(" @ ");
            text.push_str(&line.join(" "));
        }
        text
    }

    fn parse_move(&self, text: &str) -> Result<u32, ParseError> {
        let text = text.trim();
        self.child_labelled(text)
            .ok_or_else(|| ParseError::UnknownMove {
                index: 0,
                text: text.to_string(),
            })
    }

    fn format_move(&self, mv: u32) -> String {
        self.tree
            .nodes
            .get(mv as usize)
            .map_or_else(|| format!("#{mv}"), |node| node.label.clone())
    }
}

impl Board for TreeGame {
    fn rows(&self) -> usize {
        1
    }

    fn cols(&self) -> usize {
        self.tree.nodes.len()
    }

    /// Node `index` holds a piece of the player who moved into it when it is on the line
    /// played (the root never does); every other node is empty.
    fn cell(&self, index: usize) -> Cell {
        let node = &self.tree.nodes[index];
        if self.line.contains(&(index as u32)) {
            Cell::piece_of(Self::mover_at(node.depth - 1))
        } else {
            Cell::EMPTY
        }
    }

    fn move_cells(&self, mv: u32) -> MoveCells {
        MoveCells::at(mv as usize)
    }

    /// A leaf cycles W → L → D, an unexpanded leaf the value it hides (`?W` → `?L` → `?D`);
    /// the hidden leaf itself is not edited.
    fn cycle_cell(&self, index: usize) -> Option<Self> {
        let node = self.tree.nodes.get(index)?;
        if self.tree.hidden(node) || (node.leaf.is_none() && !node.unknown) {
            return None;
        }
        self.edited(Change::Cycle(index as u32))
    }

    fn edit_cell(&self, index: usize, tool: EditTool) -> Option<Self> {
        let node = self.tree.nodes.get(index)?;
        if self.tree.hidden(node) {
            return None;
        }
        let index = index as u32;
        match tool {
            EditTool::Cycle => self.cycle_cell(index as usize),
            EditTool::Add if node.goto.is_none() && !node.unknown => {
                self.edited(Change::Add(index))
            }
            EditTool::Add => None,
            EditTool::Remove => {
                node.parent?;
                self.edited(Change::Remove(index))
            }
        }
    }

    fn tree(&self) -> Option<TreeView> {
        Some(TreeView {
            nodes: self
                .tree
                .nodes
                .iter()
                .map(|node| TreeNode {
                    parent: node.parent.map(|p| p as usize),
                    label: match node.goto {
                        Some(target) => {
                            format!("{}:^{}", node.label, self.tree.nodes[target as usize].label)
                        }
                        None => node.label.clone(),
                    },
                    mover: node.leaf.is_none().then(|| Self::mover_at(node.depth)),
                    outcome: node.leaf,
                    unknown: node.unknown,
                })
                .collect(),
            current: self.at as usize,
        })
    }
}

impl Knowledge for TreeGame {
    type Ordering = NoOrdering;
}

/// The figures of the papers and slides, and a classic small tree.
const EXAMPLES: &[Example] = &[
    Example {
        name: "PN-MCTS paper, Figure 2",
        game: "tree",
        text: "[b:[e:[k:D l:?W] f:L] c:[g:?W h:?L] d:[i:W j:?W]]",
        source: "the PN-MCTS paper, Section III, Figure 2 (\"An AND/OR tree with proof and \
                 disproof numbers\"), rebuilt from its text (the drawing is not in our copy): \
                 nodes a-l, a the OR root; i won; f and k lost or drawn; g, h, j, l unknown \
                 (written ?, pn = dn = 1); the most-proving node j reached by a bold path. \
                 Inferred: the shape (lettered breadth-first: a's AND children b, c, d; b's e \
                 and f, c's g and h, d's i and j, e's k and l), which gives a 1/2, b inf/0, \
                 c 2/1, d 1/1, e 1/1 and the path a-d-j; f = L and k = D; and the values the \
                 unknown leaves hide, found when a search expands them: g W, h L, j W, l W",
    },
    Example {
        name: "TCG slides, proof numbers (slides 30 and 34)",
        game: "tree",
        text: "[b:[d:W e:?L] c:[f:W g:?W h:?W]]",
        source: "Tsan-sheng Hsu, TCG: Selected advanced topics (2017), slides 30 and 34: \
                 nodes a-h, leaves valued 1, ?, 1, ?, ? and the numbers 1, 2, 1 and 1, 1, 2 (as \
                 the slides' text gives them; the drawing is not in our copy). Inferred: the \
                 shape they fit, a MAX root a with MIN children b (leaves d = 1, e = ?) and c \
                 (f = 1, g = ?, h = ?), so proof numbers b 1, c 2, a 1 and disproof numbers \
                 b 1, c 1, a 2; and the values the unknown leaves (written ?) hide: e L, g W, \
                 h W. PNS first tries b, finds it lost when it expands e, then proves c",
    },
    Example {
        name: "TCG slides, the GHI problem (slides 4-9)",
        game: "tree",
        text: "[c:[f:[j:^j] k:[W]] b:[d:[g:[i:[j:[d:^d]]] h:[W]] e:[[L] [L] [L]]]]",
        source: "Tsan-sheng Hsu, TCG: Selected advanced topics (2017), slides 4-9, the \
                 graph-history interaction: A's moves B and C; B to D and E (lost), C to F, \
                 D to G and H (won), G to I, I to J, F to J, J back to D; the loop is a loss. \
                 A is won (A C F J D H), but a table that stores J as lost after the line \
                 A B D G I J D answers that A is lost. Adapted so that df-pn's thresholds take \
                 that order: C listed first with a second reply k, H one move before its win, \
                 E three moves before its losses",
    },
    Example {
        name: "A classic depth-3 binary tree",
        game: "tree",
        text: "[[[W L] [L D]] [[D W] [W W]]]",
        source: "made for this page, in the shape of the textbook minimax examples (three \
                 levels, two moves each): the first player wins by b, but the move a only draws \
                 at best, so the goal not-lose is reached two ways and win only one",
    },
    Example {
        name: "A draw: win is disproved, not-lose proved",
        game: "tree",
        text: "[[D W] [L W]]",
        source: "made for this page: the root's value is a draw, so goal win is disproved and \
                 goal not-lose proved",
    },
];

impl Catalogued for TreeGame {
    const FAMILY: Family = Family {
        id: "tree",
        title: "Textbook tree",
        grammar: "tree",
        listed: &[Listed::new("tree", "Textbook AND/OR tree", &[1, 2, 3])],
        facts: Facts {
            values: "+1 W (the first player wins), 0 D, -1 L",
            ..Facts::two_player(MAX_CHILDREN)
        },
        presentation: Presentation {
            players: &["OR (first player)", "AND (second player)"],
            legend: &LegendEntry::sides(
                "reached by the first player's move",
                "reached by the second player's move",
            ),
            board: "tree",
            editable: true,
            edit_tools: &[
                ToolEntry {
                    tool: EditTool::Cycle,
                    name: "leaf W → L → D",
                },
                ToolEntry {
                    tool: EditTool::Add,
                    name: "add a child",
                },
                ToolEntry {
                    tool: EditTool::Remove,
                    name: "delete a subtree",
                },
            ],
            notation: "nested brackets, leaves W/L/D for the first player (?W, ?L, ?D: a leaf \
                       not yet expanded, hiding that value), optional labels, \
                       ^d for a move to the node labelled d (a graph: a move back to a node on \
                       the line loses for the first player), then @ and the moves: \
                       [a:[W L] b:[L [W W]]] @ b",
            ..Presentation::BOARD
        },
        examples: EXAMPLES,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<TreeGame, ParseError> {
        TreeGame::parse_position(&(), text)
    }

    #[test]
    fn labels_default_by_place_and_are_kept_when_given() {
        let pos = parse("[x:W [L D]]").unwrap();
        assert_eq!(pos.format_position(), "[x:W [L D]]");
        let mut moves = MoveList::<TreeGame>::default();
        pos.legal_moves(&mut moves);
        let names: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
        assert_eq!(names, ["x", "b"]);
    }

    #[test]
    fn bad_text_gives_typed_errors_with_positions() {
        let cases: &[(&str, ParseError)] = &[
            ("", ParseError::Empty { expected: "a tree" }),
            (
                "[W L",
                ParseError::UnexpectedChar {
                    index: 4,
                    found: ' ',
                    expected: "']' (the text ended inside a node)",
                },
            ),
            (
                "[W []]",
                ParseError::UnexpectedChar {
                    index: 4,
                    found: ']',
                    expected: "a child: '[', W, L or D (an inner node needs one)",
                },
            ),
            (
                "[a:W a:L]",
                ParseError::Duplicate {
                    index: 5,
                    name: "a".into(),
                },
            ),
            (
                "[b:W L]",
                ParseError::Duplicate {
                    index: 5,
                    name: "b".into(),
                },
            ),
            (
                "[W L] x",
                ParseError::UnexpectedChar {
                    index: 6,
                    found: 'x',
                    expected: "'@' and the moves played, or the end",
                },
            ),
            (
                "[W L] @ c",
                ParseError::IllegalMove {
                    index: 1,
                    text: "c".into(),
                },
            ),
            ("[W L] @ a a", ParseError::GameOver { index: 2 }),
        ];
        for (text, expected) in cases {
            assert_eq!(parse(text).err().as_ref(), Some(expected), "{text:?}");
        }
    }

    #[test]
    fn limits_are_typed_errors_not_panics() {
        let wide = format!("[{}]", vec!["W"; MAX_CHILDREN + 1].join(" "));
        assert!(matches!(
            parse(&wide),
            Err(ParseError::TooLarge { what: "children of one node", index: 53, .. })
        ));
        let deep = format!("{}W{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
        assert!(matches!(
            parse(&deep),
            Err(ParseError::TooLarge { what: "levels below the root", .. })
        ));
        let ok_deep = format!("{}W{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&ok_deep).is_ok());
        // 16 × 16 × 16 leaves under 273 inner nodes: 4,369 nodes.
        let level = |inner: &str| format!("[{}]", vec![inner; 16].join(" "));
        let big = level(&level(&level("W")));
        assert!(matches!(
            parse(&big),
            Err(ParseError::TooLarge { what: "nodes", limit: MAX_NODES, .. })
        ));
        // Deep nesting far past the limit still only gives an error.
        let very_deep = "[".repeat(100_000);
        assert!(parse(&very_deep).is_err());
        assert!(matches!(
            parse("[abcdefghi:W]"),
            Err(ParseError::TooLarge { what: "characters in a label", .. })
        ));
    }

    #[test]
    fn edits_cycle_add_and_remove() {
        let pos = parse("[W [L D]] @ b").unwrap();
        let at = |text: &str| parse(text).unwrap();
        let edit = |pos: &TreeGame, cell, tool| {
            pos.edit_cell(cell, tool)
                .map(|p: TreeGame| p.format_position())
        };
        // Cells in pre-order: 0 root, 1 a:W, 2 b, 3 b a:L, 4 b b:D.
        assert_eq!(edit(&pos, 1, EditTool::Cycle).as_deref(), Some("[L [L D]]"));
        assert_eq!(edit(&pos, 4, EditTool::Cycle).as_deref(), Some("[W [L W]]"));
        assert_eq!(edit(&pos, 2, EditTool::Cycle), None); // not a leaf
        assert_eq!(edit(&pos, 1, EditTool::Add).as_deref(), Some("[[W] [L D]]"));
        assert_eq!(edit(&pos, 2, EditTool::Add).as_deref(), Some("[W [L D W]]"));
        assert_eq!(edit(&pos, 1, EditTool::Remove).as_deref(), Some("[b:[L D]]"));
        assert_eq!(edit(&at("[W [L]]"), 3, EditTool::Remove).as_deref(), Some("[W W]"));
        assert_eq!(edit(&pos, 0, EditTool::Remove), None); // the root stays
        assert_eq!(edit(&pos, 9, EditTool::Add), None);
        // A removed child's label stays free for the next one added.
        let gap = at("[b:W c:L]");
        assert_eq!(edit(&gap, 0, EditTool::Add).as_deref(), Some("[b:W c:L a:W]"));
        assert_eq!(at("[W L]").toggle_turn().map(|p| p.format_position()), None);
    }

    #[test]
    fn the_board_marks_the_line_played() {
        let pos = parse("[W [L D]] @ b a").unwrap();
        let cells: Vec<Cell> = (0..pos.cols()).map(|i| pos.cell(i)).collect();
        assert_eq!(
            cells,
            [
                Cell::EMPTY,
                Cell::EMPTY,
                Cell::piece_of(Player::First),
                Cell::piece_of(Player::Second),
                Cell::EMPTY
            ]
        );
        let view = pos.tree().unwrap();
        assert_eq!(view.current, 3);
        assert_eq!(view.nodes[2].mover, Some(Player::Second));
        assert_eq!(view.nodes[3].outcome, Some(Outcome::Loss));
        assert_eq!(view.nodes[3].parent, Some(2));
    }

    #[test]
    fn references_make_a_graph_where_a_repetition_loses() {
        let text = "[b:[c:[x:^b y:W]] d:[e:[W] f:^e]]";
        let pos = parse(text).unwrap();
        assert_eq!(pos.format_position(), text);
        // b c x: back to b, already on the line: over, lost for the first player.
        let looped = parse(&format!("{text} @ b c x")).unwrap();
        assert_eq!(looped.turn(), Turn::Over);
        assert_eq!(looped.outcome(Player::First), Some(Outcome::Loss));
        assert_eq!(looped.outcome(Player::Second), Some(Outcome::Win));
        assert_eq!(looped.format_position(), format!("{text} @ b c x"));
        assert!(matches!(
            parse(&format!("{text} @ b c x a")),
            Err(ParseError::GameOver { index: 4 })
        ));
        // d f leads to e, as d e does: the same node, reached along two lines.
        let by_e = parse(&format!("{text} @ d e")).unwrap();
        let by_f = parse(&format!("{text} @ d f")).unwrap();
        assert_eq!(by_f.tree().unwrap().current, by_e.tree().unwrap().current);
        assert_eq!(by_f.key(), by_e.key()); // the same nodes on both lines
        assert_eq!(by_f.format_position(), format!("{text} @ d f"));
        // Cells: 0 root, 1 b, 2 c, 3 x, 4 y, 5 d, 6 e, 7 e's W, 8 f. The board marks the
        // move played, the reference f, not e.
        assert_eq!(by_f.cell(8), Cell::piece_of(Player::Second));
        assert_eq!(by_f.cell(5), Cell::piece_of(Player::First));
        assert_eq!(by_f.cell(6), Cell::EMPTY);
        assert_eq!(by_f.tree().unwrap().nodes[8].label, "f:^e");
        // b, and b again after b c x: the repetition is another position.
        let first = parse(&format!("{text} @ b")).unwrap();
        let mut again = first.clone();
        for mv in ["c", "x"] {
            again.play(again.parse_move(mv).unwrap());
        }
        assert_ne!(again.key(), first.key());
        assert_ne!(again.position_key(), first.position_key()); // the repetition ended it
        // A tree without references keeps the key of before: the node, nothing else.
        let plain = parse("[W [L D]] @ b").unwrap();
        assert_eq!(plain.key(), (2, 0));
        assert_eq!(plain.position_key(), plain.key());
    }

    #[test]
    fn the_key_holds_the_line_and_the_position_key_does_not() {
        // j is reached after b d g i (d on the line: j's move to d repeats) and after c f.
        let text = "[c:[f:[j:^j] k:[W]] b:[d:[g:[i:[j:[d:^d]]] h:[W]] e:[[L] [L] [L]]]]";
        let after_b = parse(&format!("{text} @ b d g i j")).unwrap();
        let after_c = parse(&format!("{text} @ c f j")).unwrap();
        assert_eq!(after_b.position_key(), after_c.position_key());
        assert_ne!(after_b.key(), after_c.key());
        let mut looped = after_b.clone();
        looped.play(looped.parse_move("d").unwrap());
        assert_eq!(looped.outcome(Player::First), Some(Outcome::Loss));
        let mut on = after_c.clone();
        on.play(on.parse_move("d").unwrap());
        assert_eq!(on.turn(), Turn::Player(Player::First));
    }

    #[test]
    fn bad_references_are_typed_errors() {
        let invalid = |text: &str| match parse(text) {
            Err(ParseError::InvalidPosition { reason }) => reason,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            invalid("[b:[c:^z]]"),
            "^z at character 6: no node is labelled z"
        );
        assert_eq!(
            invalid("[a:[W] b:[[W] x:^a]]"),
            "^a at character 16: more than one node is labelled a; a reference needs a label used once"
        );
        assert_eq!(
            invalid("[b:[c:[W] x:^b]]"),
            "^b at character 12: the other player moves at b (a reference must lead to a node of the same player)"
        );
        assert!(matches!(
            parse("[b:[^]]"),
            Err(ParseError::UnexpectedChar { index: 5, .. })
        ));
        assert!(matches!(
            parse("^b"),
            Err(ParseError::UnexpectedChar { index: 0, .. })
        ));
        // References limit the tree to MAX_GRAPH_NODES nodes.
        let twenty = vec!["W"; 20].join(" ");
        let wide = format!("[top:[c:[{twenty}] d:[{twenty}] e:[{twenty}] x:[y:^top]]]");
        assert!(matches!(
            parse(&wide),
            Err(ParseError::TooLarge { limit: MAX_GRAPH_NODES, .. })
        ));
        let without = format!("[top:[c:[{twenty}] d:[{twenty}] e:[{twenty}] x:[W]]]");
        assert!(parse(&without).is_ok());
        let fits = format!("[top:[{twenty}] c:[{twenty}] x:[y:[z:^top]]]");
        assert!(parse(&fits).is_ok(), "{fits}");
    }

    #[test]
    fn unexpanded_leaves_hide_a_value_behind_one_move() {
        let text = "[b:[W e:?L] c:?W]";
        let pos = parse(text).unwrap();
        assert_eq!(pos.format_position(), text);
        // Cells: 0 root, 1 b, 2 b a:W, 3 e:?L, 4 e's hidden L, 5 c:?W, 6 c's hidden W.
        let view = pos.tree().unwrap();
        assert_eq!(view.nodes.len(), 7);
        let unknown: Vec<bool> = view.nodes.iter().map(|n| n.unknown).collect();
        assert_eq!(unknown, [false, false, false, true, false, true, false]);
        assert_eq!(view.nodes[3].outcome, None);
        assert_eq!(view.nodes[3].mover, Some(Player::First)); // the game goes on at e
        assert_eq!(view.nodes[4].outcome, Some(Outcome::Loss));
        assert_eq!(view.nodes[4].parent, Some(3));
        // At e the game is not over: its one move, a, reaches the hidden L.
        let at_e = parse(&format!("{text} @ b e")).unwrap();
        assert_eq!(at_e.turn(), Turn::Player(Player::First));
        assert_eq!(at_e.outcome(Player::First), None);
        let mut moves = MoveList::<TreeGame>::default();
        at_e.legal_moves(&mut moves);
        assert_eq!(moves.iter().map(|&m| at_e.format_move(m)).collect::<Vec<_>>(), ["a"]);
        let end = parse(&format!("{text} @ b e a")).unwrap();
        assert_eq!(end.outcome(Player::First), Some(Outcome::Loss));
        assert_eq!(end.format_position(), format!("{text} @ b e a"));
        // Edits: a cycle changes the hidden value; the hidden leaf itself is not edited.
        let edit = |cell, tool| pos.edit_cell(cell, tool).map(|p| p.format_position());
        assert_eq!(edit(3, EditTool::Cycle).as_deref(), Some("[b:[W e:?D] c:?W]"));
        assert_eq!(edit(5, EditTool::Cycle).as_deref(), Some("[b:[W e:?L] c:?L]"));
        assert_eq!(edit(4, EditTool::Cycle), None);
        assert_eq!(edit(4, EditTool::Remove), None);
        assert_eq!(edit(3, EditTool::Add), None);
        assert_eq!(edit(3, EditTool::Remove).as_deref(), Some("[b:[W] c:?W]"));
        // A bare `?` names no value: a typed error at the character after it.
        assert_eq!(
            parse("[W ?]").err(),
            Some(ParseError::UnexpectedChar {
                index: 4,
                found: ']',
                expected: "W, L or D after '?' (the value the unexpanded leaf hides)",
            })
        );
        assert!(matches!(
            parse("[W ?x]"),
            Err(ParseError::UnexpectedChar { index: 4, found: 'x', .. })
        ));
        // A reference cannot lead to a hidden leaf (it has no label of its own).
        assert!(parse("[b:[a:?W] c:[[x:^a]]]").is_err());
        // The hidden leaf counts toward the depth limit.
        let deep = format!("{}?W{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(matches!(
            parse(&deep),
            Err(ParseError::TooLarge { what: "levels below the root", .. })
        ));
        let fits = format!("{}?W{}", "[".repeat(MAX_DEPTH - 1), "]".repeat(MAX_DEPTH - 1));
        assert!(parse(&fits).is_ok());
    }

    #[test]
    fn edits_keep_references_whole() {
        let pos = parse("[b:[W c:[W]] d:[x:^c]]").unwrap();
        // Cells: 0 root, 1 b, 2 b a:W, 3 c, 4 c a:W, 5 d, 6 x:^c.
        let edit = |cell, tool| pos.edit_cell(cell, tool).map(|p| p.format_position());
        assert_eq!(edit(6, EditTool::Add), None); // a reference has no children of its own
        assert_eq!(edit(6, EditTool::Cycle), None);
        assert_eq!(edit(3, EditTool::Remove), None); // ^c would lead nowhere
        assert_eq!(edit(6, EditTool::Remove).as_deref(), Some("[b:[W c:[W]] d:W]"));
        assert_eq!(edit(4, EditTool::Cycle).as_deref(), Some("[b:[W c:[L]] d:[x:^c]]"));
    }
}

//! The certificate checker: verifies a [`Certificate`] with the game's rules alone (legal
//! moves, play, the outcome of a finished game) and no search. It replays every node from
//! the root and checks that
//!
//! * every move is legal where it is played, and no move is listed twice under one node;
//! * where the chooser is to move, exactly one move is given; elsewhere every legal move;
//! * every leaf is a finished game whose outcome (from the rules) is the one written and
//!   meets the verdict: for `proved` a win (or a draw under goal `not-lose`), for
//!   `disproved` anything else;
//! * every reference `=N` names an earlier node already verified whose position is the same
//!   (equal [`Game::key`], which in games that repeat holds the history their rules read):
//!   a reference to a node still open — an ancestor — would be a cycle (the graph-history
//!   interaction) and is refused;
//! * the header's question is the one the rules put and the file has as many nodes as it
//!   announces.
//!
//! The first failure is named by its node number and move path.

use std::fmt;

use super::{Certificate, Line, Tail, outcome_word};
use crate::core::question::Question;
use crate::core::verdict::Verdict;
use crate::game::any::{AnyPosition, Visit};
use crate::game::catalogue::GameSpec;
use crate::game::family::Catalogued;
use crate::game::{Game, MoveList, Turn};

/// What a verified certificate establishes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// `proved` or `disproved`.
    pub verdict: Verdict,
    /// The question, in words.
    pub question: String,
    /// The nodes verified.
    pub nodes: usize,
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "certificate ok: {} — {} — {} nodes",
            self.verdict, self.question, self.nodes
        )
    }
}

/// Why a certificate is refused: the first failing node (its number and move path from the
/// root), or the header, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The failing node's number (its place among the node lines, from 0), if a node fails.
    pub node: Option<usize>,
    /// The moves from the root to it, space separated (empty at the root).
    pub path: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.node {
            None => write!(f, "certificate rejected: {}", self.reason),
            Some(node) if self.path.is_empty() => {
                write!(
                    f,
                    "certificate rejected at node {node} (the root): {}",
                    self.reason
                )
            }
            Some(node) => write!(
                f,
                "certificate rejected at node {node} (path {}): {}",
                self.path, self.reason
            ),
        }
    }
}

fn header(reason: impl Into<String>) -> Rejection {
    Rejection {
        node: None,
        path: String::new(),
        reason: reason.into(),
    }
}

/// Parses and checks certificate text of any game of the catalogue.
///
/// # Errors
/// The first line that does not parse, or the first failing node.
///
/// ```
/// use pnplay::game::certificate::check::check_text;
/// // X has two in a row at 1 and 2 and plays 3; O has 4 and 5.
/// let text = "pnplay certificate 1\ngame tictactoe\nposition 1425\ngoal win\n\
///             question Can X, to move, force a win?\nverdict proved\nnodes 2\ntree\n\
///             0 root\n1 3 win\n";
/// assert_eq!(check_text(text).unwrap().to_string(),
///            "certificate ok: proved — Can X, to move, force a win? — 2 nodes");
/// let wrong = text.replace("1 3 win", "1 7 win");
/// assert_eq!(check_text(&wrong).unwrap_err().to_string(),
///            "certificate rejected at node 1 (path 7): the rules say the game is not over here");
/// ```
pub fn check_text(text: &str) -> Result<Checked, Rejection> {
    let certificate = Certificate::parse(text).map_err(|e| header(e.to_string()))?;
    let spec: GameSpec = certificate
        .game
        .parse()
        .map_err(|e: crate::game::ParseError| header(format!("game: {e}")))?;
    struct Check<'a> {
        certificate: &'a Certificate,
    }
    impl Visit for Check<'_> {
        type Output = Result<Checked, Rejection>;
        fn visit<G: Catalogued>(self, root: &G) -> Self::Output {
            check(root, self.certificate)
        }
    }
    let root = AnyPosition::parse(&spec, Some(&certificate.position))
        .map_err(|e| header(e.to_string()))?;
    root.visit(Check {
        certificate: &certificate,
    })
}

/// One open node on the walk: its number, position and the moves listed under it so far.
struct Open<G: Game> {
    node: usize,
    depth: usize,
    pos: G,
    mv: String,
    /// Whether the chooser is to move here (one move), else every legal move is due.
    chooser: bool,
    children: Vec<G::Move>,
}

/// Checks `certificate` for the root position `root` (already parsed from its header).
///
/// # Errors
/// The first failing node, or the header's question or node count.
pub fn check<G: Catalogued>(root: &G, certificate: &Certificate) -> Result<Checked, Rejection> {
    let question = Question::at(root, certificate.goal);
    let words = question.words(root);
    if certificate.question != words {
        return Err(header(format!(
            "the question is {words:?}, not {:?}",
            certificate.question
        )));
    }
    let claim = match certificate.verdict {
        Verdict::Proved => true,
        Verdict::Disproved => false,
        other => {
            return Err(header(format!(
                "a certificate proves or disproves, not {other}"
            )));
        }
    };
    let chooser = |pos: &G| match pos.turn() {
        Turn::Player(player) => (player == question.root_player) == claim,
        // Chance is an AND node for the player's goal: for a disproof it picks the spawn.
        Turn::Chance => !claim,
        Turn::Over => false,
    };
    let mut walk = Walk::<G> {
        open: Vec::new(),
        keys: Vec::with_capacity(certificate.lines.len()),
        closed: Vec::with_capacity(certificate.lines.len()),
    };
    for (node, line) in certificate.lines.iter().enumerate() {
        walk.close_deeper_than(line.depth)?;
        let pos = walk.reach(node, root, line)?;
        let fail = |reason: String| walk.fail(node, &line.mv, reason);
        match line.tail {
            Tail::Leaf(outcome) => {
                let Some(actual) = pos.outcome(question.root_player) else {
                    return Err(fail("the rules say the game is not over here".into()));
                };
                if actual != outcome {
                    return Err(fail(format!(
                        "the leaf says {} but the rules give {}",
                        outcome_word(outcome),
                        outcome_word(actual)
                    )));
                }
                if question.proven_by(outcome) != claim {
                    return Err(fail(format!(
                        "a {} for the root player does not make the verdict {}",
                        outcome_word(outcome),
                        certificate.verdict
                    )));
                }
            }
            Tail::Ref(target) => {
                if target >= node || !walk.closed[target] {
                    return Err(fail(format!(
                        "refers to node {target}, which is not an earlier verified node (a reference to an open node would be a cycle)"
                    )));
                }
                if walk.keys[target] != pos.key() {
                    return Err(fail(format!(
                        "refers to node {target}, which is another position"
                    )));
                }
            }
            Tail::Inner if pos.turn() == Turn::Over => {
                return Err(fail(
                    "the game is over here: the node must be a leaf with its outcome".into(),
                ));
            }
            Tail::Inner => {}
        }
        walk.keys.push(pos.key());
        walk.closed.push(line.tail != Tail::Inner);
        if line.tail == Tail::Inner {
            walk.open.push(Open {
                node,
                depth: line.depth,
                chooser: chooser(&pos),
                pos,
                mv: line.mv.clone(),
                children: Vec::new(),
            });
        }
    }
    walk.close_deeper_than(0)?;
    if certificate.lines.is_empty() {
        return Err(header("the tree has no root node"));
    }
    if certificate.lines.len() != certificate.nodes {
        return Err(header(format!(
            "the header announces {} nodes but the file has {} (truncated?)",
            certificate.nodes,
            certificate.lines.len()
        )));
    }
    Ok(Checked {
        verdict: certificate.verdict,
        question: words,
        nodes: certificate.lines.len(),
    })
}

/// The walk's state: the open nodes from the root down, and per node seen its key and
/// whether it is verified (closed).
struct Walk<G: Game> {
    open: Vec<Open<G>>,
    keys: Vec<G::Key>,
    closed: Vec<bool>,
}

impl<G: Game> Walk<G> {
    /// The moves from the root to the deepest open node, then `last`.
    fn path(&self, last: &str) -> String {
        let mut moves: Vec<&str> = self.open.iter().skip(1).map(|o| o.mv.as_str()).collect();
        moves.push(last);
        moves.retain(|mv| !mv.is_empty());
        moves.join(" ")
    }

    fn fail(&self, node: usize, mv: &str, reason: String) -> Rejection {
        let last = if self.open.is_empty() { "" } else { mv };
        Rejection {
            node: Some(node),
            path: self.path(last),
            reason,
        }
    }

    /// Closes the open nodes at `depth` or deeper (their children are all listed): a
    /// chooser's node must have one move, any other every legal move.
    fn close_deeper_than(&mut self, depth: usize) -> Result<(), Rejection> {
        while self.open.last().is_some_and(|o| o.depth >= depth) {
            let open = self.open.pop().expect("a last node");
            let failing = |walk: &Self, reason: String| {
                let mv = if walk.open.is_empty() {
                    ""
                } else {
                    open.mv.as_str()
                };
                Rejection {
                    node: Some(open.node),
                    path: walk.path(mv),
                    reason,
                }
            };
            if open.chooser {
                if open.children.is_empty() {
                    return Err(failing(
                        self,
                        "no move is given where the verdict's side chooses".into(),
                    ));
                }
            } else {
                let mut legal = MoveList::<G>::default();
                open.pos.legal_moves(&mut legal);
                if let Some(&missing) = legal.iter().find(|mv| !open.children.contains(mv)) {
                    return Err(failing(
                        self,
                        format!(
                            "the legal move {} is missing (every move must be answered here)",
                            open.pos.format_move(missing)
                        ),
                    ));
                }
            }
            self.closed[open.node] = true;
        }
        Ok(())
    }

    /// The position of node `node` written as `line`: the root, or its parent's position
    /// after the line's move, which must be legal there and new under that parent.
    fn reach(&mut self, node: usize, root: &G, line: &Line) -> Result<G, Rejection> {
        if node == 0 {
            return if line.depth == 0 && line.mv == "root" {
                Ok(root.clone())
            } else {
                Err(self.fail(0, "", "the first node must be `0 root`".into()))
            };
        }
        let Some(parent) = self.open.last() else {
            return Err(self.fail(node, &line.mv, "a second root: the tree has one".into()));
        };
        if line.depth != parent.depth + 1 {
            return Err(self.fail(
                node,
                &line.mv,
                format!(
                    "depth {} under a node of depth {} (a child of a leaf or a reference?)",
                    line.depth, parent.depth
                ),
            ));
        }
        let mv = match parent.pos.parse_move(&line.mv) {
            Ok(mv) => mv,
            Err(error) => return Err(self.fail(node, &line.mv, format!("move: {error}"))),
        };
        if parent.children.contains(&mv) {
            return Err(self.fail(node, &line.mv, "the move is listed twice".into()));
        }
        if parent.chooser && !parent.children.is_empty() {
            return Err(self.fail(
                node,
                &line.mv,
                "a second move where the verdict's side chooses (one move is its proof)".into(),
            ));
        }
        let mut pos = parent.pos.clone();
        pos.play(mv);
        self.open.last_mut().expect("the parent").children.push(mv);
        Ok(pos)
    }
}

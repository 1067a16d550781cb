//! Proof certificates: a `proved` or `disproved` verdict written down so that anyone can check
//! it with the game's rules alone (issue 33). A certificate is the AND/OR proof tree of the
//! verdict as moves in the game's own notation: where the side that establishes the verdict
//! (the *chooser*: the root player for `proved`, the opponent — or chance — for `disproved`)
//! is to move, one move; everywhere else every legal move; at the leaves finished games with
//! their outcome for the root player. A position met twice may be written once and referred
//! to after that (a DAG), so transpositions cost one line.
//!
//! The text format (version 1; the book's chapter "Proof certificates" is the long form):
//!
//! ```text
//! pnplay certificate 1
//! game tictactoe
//! position 15964
//! goal win
//! question Can O, to move, force a win?
//! verdict disproved
//! nodes 5
//! tree
//! 0 root
//! 1 2
//! 2 3 loss
//! 1 3
//! 2 2 loss
//! ```
//!
//! Header lines are `key value`; the tree follows `tree`, one node a line in preorder:
//! its depth, the move that reaches it (`root` for the root), then nothing for an inner node,
//! `win`, `draw` or `loss` for a leaf (the outcome for the root player), or `=N` for a
//! position already written as node `N` (nodes count from 0 in file order). This module holds
//! the model, its parser and its writer; [`check`] verifies a certificate with the rules.

pub mod check;

use std::fmt::{self, Write as _};

use crate::core::player::Outcome;
use crate::core::question::Goal;
use crate::core::verdict::Verdict;

/// The first line of every certificate, with the format's version.
pub const MAGIC: &str = "pnplay certificate 1";

/// What a node line ends with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    /// An inner node: its children follow, one level deeper.
    Inner,
    /// A finished game with this outcome for the root player.
    Leaf(Outcome),
    /// The same position as node `N`, proved there.
    Ref(usize),
}

/// One node line: its depth, the move that reaches it (as written; `root` at the root) and
/// its tail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 0 for the root, one more than its parent's otherwise.
    pub depth: usize,
    /// The move in the game's notation.
    pub mv: String,
    /// Inner node, leaf or reference.
    pub tail: Tail,
}

/// A certificate: the header and the node lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    /// The game's catalogue name (`connect4`, `othello`, `2048:2x2:16`).
    pub game: String,
    /// The root position in the game's notation.
    pub position: String,
    /// The goal of the question (SPEC.md §3).
    pub goal: Goal,
    /// The question in words ([`crate::core::question::Question::words`]); the checker
    /// compares it with its own.
    pub question: String,
    /// `proved` or `disproved`.
    pub verdict: Verdict,
    /// The node count the header announces (a truncated file has fewer lines).
    pub nodes: usize,
    /// The nodes in preorder.
    pub lines: Vec<Line>,
}

/// A line of the file that does not parse: its number (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The line number in the file, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// The outcome's word in the file.
#[must_use]
pub const fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

impl Certificate {
    /// Writes the certificate in the text format.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity(64 + self.lines.len() * 8);
        let _ = writeln!(text, "{MAGIC}");
        let _ = writeln!(text, "game {}", self.game);
        let _ = writeln!(text, "position {}", self.position);
        let _ = writeln!(text, "goal {}", self.goal.name());
        let _ = writeln!(text, "question {}", self.question);
        let _ = writeln!(text, "verdict {}", self.verdict);
        let _ = writeln!(text, "nodes {}", self.nodes);
        text.push_str("tree\n");
        for line in &self.lines {
            let _ = write!(text, "{} {}", line.depth, line.mv);
            match line.tail {
                Tail::Inner => {}
                Tail::Leaf(outcome) => {
                    let _ = write!(text, " {}", outcome_word(outcome));
                }
                Tail::Ref(node) => {
                    let _ = write!(text, " ={node}");
                }
            }
            text.push('\n');
        }
        text
    }

    /// Parses the text format. Only the syntax is checked here; [`check`] checks the rest.
    ///
    /// # Errors
    /// The first line that does not parse, by number.
    pub fn parse(text: &str) -> Result<Certificate, SyntaxError> {
        let mut lines = text.lines().enumerate().map(|(i, line)| (i + 1, line));
        let end = text.lines().count() + 1;
        let error = |line: usize, message: String| SyntaxError { line, message };
        match lines.next() {
            Some((_, first)) if first == MAGIC => {}
            _ => {
                return Err(error(
                    1,
                    format!("not a certificate: the first line must be `{MAGIC}`"),
                ));
            }
        }
        let mut field = |key: &str| -> Result<String, SyntaxError> {
            let (number, line) = lines
                .next()
                .ok_or_else(|| error(end, format!("the header ends before `{key}`")))?;
            match line.strip_prefix(key) {
                Some(rest) if rest.is_empty() || rest.starts_with(' ') => {
                    Ok(rest.strip_prefix(' ').unwrap_or(rest).to_string())
                }
                _ => Err(error(number, format!("expected the header line `{key} …`"))),
            }
        };
        let game = field("game")?;
        let position = field("position")?;
        let goal = Goal::parse(&field("goal")?).map_err(|message| error(4, message))?;
        let question = field("question")?;
        let verdict = field("verdict")?;
        let verdict = Verdict::exact_from_word(&verdict).ok_or_else(|| {
            error(
                6,
                format!("verdict must be proved or disproved, not {verdict:?}"),
            )
        })?;
        let nodes = field("nodes")?
            .parse()
            .map_err(|_| error(7, "nodes must be a count".into()))?;
        if !field("tree")?.is_empty() {
            return Err(error(8, "expected the line `tree`".into()));
        }
        let lines = lines
            .map(|(number, line)| parse_line(line).map_err(|message| error(number, message)))
            .collect::<Result<Vec<Line>, SyntaxError>>()?;
        Ok(Certificate {
            game,
            position,
            goal,
            question,
            verdict,
            nodes,
            lines,
        })
    }
}

/// One node line: `DEPTH MOVE [win|draw|loss|=N]`.
fn parse_line(text: &str) -> Result<Line, String> {
    let mut words = text.split(' ');
    let depth = words
        .next()
        .and_then(|word| word.parse().ok())
        .ok_or("a node line starts with its depth")?;
    let mv = words
        .next()
        .filter(|word| !word.is_empty())
        .ok_or("a node line has a move after its depth")?
        .to_string();
    let tail = match words.next() {
        None => Tail::Inner,
        Some("win") => Tail::Leaf(Outcome::Win),
        Some("draw") => Tail::Leaf(Outcome::Draw),
        Some("loss") => Tail::Leaf(Outcome::Loss),
        Some(word) => match word.strip_prefix('=').map(str::parse) {
            Some(Ok(node)) => Tail::Ref(node),
            _ => {
                return Err(format!(
                    "a node ends with win, draw, loss or =NODE, not {word:?}"
                ));
            }
        },
    };
    if words.next().is_some() {
        return Err("a node line has at most three words".into());
    }
    Ok(Line { depth, mv, tail })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_bad_lines_are_named() {
        let text = "pnplay certificate 1\ngame tictactoe\nposition \ngoal win\n\
                    question Can X, to move, force a win?\nverdict proved\nnodes 3\ntree\n\
                    0 root\n1 5 =0\n1 6 draw\n";
        let certificate = Certificate::parse(text).unwrap();
        assert_eq!(certificate.position, "");
        assert_eq!(certificate.lines[1].tail, Tail::Ref(0));
        assert_eq!(certificate.lines[2].tail, Tail::Leaf(Outcome::Draw));
        assert_eq!(certificate.to_text(), text);
        let broken = text.replace("1 6 draw", "1 6 drew");
        let error = Certificate::parse(&broken).unwrap_err();
        assert_eq!(error.line, 11);
        assert!(error.message.contains("\"drew\""), "{error}");
        let error = Certificate::parse("pnplay certificate 2\n").unwrap_err();
        assert_eq!(error.line, 1);
    }
}

//! Proof certificates (issue 33): the extraction after a search
//! ([`pnplay::search::certificate`]) against known values — Connect Four positions of
//! ../shared/data/connect4/c4_public.txt with the scores of Pons's solver, Othello endgames
//! with the value of plain minimax — each checked by the rules-only checker
//! ([`pnplay::game::certificate::check`]); and corrupted certificates, each refused at the
//! node that was spoilt.

use std::collections::HashMap;

use pnplay::game::certificate::check::{Rejection, check_text};
use pnplay::game::certificate::{Certificate, Tail};
use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::{Game, Outcome};
use pnplay::search::certificate::extract;
use pnplay::search::{Goal, Limits, Question, Verdict};

use crate::common;

/// Makes the certificate of `verdict`, checks its text, and answers its node count.
fn certified<G: Game + pnplay::game::knowledge::Knowledge + pnplay::game::family::Catalogued>(
    pos: &G,
    goal: Goal,
    verdict: Verdict,
) -> usize {
    let certificate = extract(pos, goal, verdict, &Limits::default())
        .unwrap_or_else(|e| panic!("{}: {e}", pos.format_position()));
    let checked = check_text(&certificate.to_text())
        .unwrap_or_else(|e| panic!("{}: {e}", pos.format_position()));
    assert_eq!(checked.verdict, verdict);
    assert_eq!(checked.nodes, certificate.lines.len());
    checked.nodes
}

/// The verdict the score for the side to move gives the side to move's `goal`.
fn verdict_of(score: i32, goal: Goal) -> Verdict {
    let met = match goal {
        Goal::Win => score > 0,
        Goal::NotLose => score >= 0,
    };
    if met {
        Verdict::Proved
    } else {
        Verdict::Disproved
    }
}

#[test]
fn fifty_proved_and_fifty_disproved_connect4_positions_check() {
    let positions = common::c4_public(18);
    let parse = |moves: &str| Connect4::parse_position(&Dims::default(), moves).unwrap();
    let wins: Vec<_> = positions.iter().filter(|(_, s)| *s > 0).take(50).collect();
    assert_eq!(wins.len(), 50);
    for (moves, _) in &wins {
        certified(&parse(moves), Goal::Win, Verdict::Proved);
    }
    // Disproved: every position of 18 plies that the side to move does not win (32: draws
    // and losses), then the first 18 losses again under goal not-lose (a loss disproves
    // "avoid losing" too: another question, another certificate).
    let not_won: Vec<_> = positions.iter().filter(|(_, s)| *s <= 0).collect();
    assert_eq!(not_won.len(), 32);
    let lost = not_won.iter().filter(|(_, s)| *s < 0).take(18);
    let disproved: Vec<(&str, Goal)> = not_won
        .iter()
        .map(|(moves, _)| (moves.as_str(), Goal::Win))
        .chain(lost.map(|(moves, _)| (moves.as_str(), Goal::NotLose)))
        .collect();
    assert_eq!(disproved.len(), 50);
    let mut nodes = 0;
    for (moves, goal) in disproved {
        let score = positions.iter().find(|(m, _)| m == moves).unwrap().1;
        assert_eq!(verdict_of(score, goal), Verdict::Disproved);
        nodes += certified(&parse(moves), goal, Verdict::Disproved);
    }
    assert!(nodes > 50, "{nodes}");
}

/// Every position of the public file (206 proved, 94 disproved at goal `win`), in release:
/// `cargo test --release --test searches certificate:: -- --ignored`.
#[test]
#[ignore = "300 positions, certificates up to 1.3 M nodes: run in release"]
fn every_public_connect4_position_checks() {
    let mut counts = HashMap::new();
    for plies in [10, 14, 18] {
        for (moves, score) in common::c4_public(plies) {
            let pos = Connect4::parse_position(&Dims::default(), &moves).unwrap();
            let verdict = verdict_of(score, Goal::Win);
            certified(&pos, Goal::Win, verdict);
            *counts.entry(verdict).or_insert(0) += 1;
        }
    }
    assert_eq!(counts[&Verdict::Proved], 206);
    assert_eq!(counts[&Verdict::Disproved], 94);
}

#[test]
fn twenty_othello_endgames_check_with_the_value_of_minimax() {
    let positions = common::othello_positions(20, 33, 7, 9);
    let mut verdicts = HashMap::new();
    for pos in &positions {
        let question = Question::at(pos, Goal::Win);
        let holds = common::reference_goal(pos, question, &mut HashMap::new());
        let verdict = if holds {
            Verdict::Proved
        } else {
            Verdict::Disproved
        };
        certified(pos, Goal::Win, verdict);
        *verdicts.entry(verdict).or_insert(0) += 1;
    }
    // Both verdicts are among them.
    assert_eq!(verdicts.values().sum::<i32>(), 20);
    assert_eq!(verdicts.len(), 2, "{verdicts:?}");
}

#[test]
fn a_wrong_verdict_has_no_certificate() {
    // The file scores these for the side to move: a win (+12) and a loss (−11).
    for (moves, wrong) in [
        ("316347117322324672", Verdict::Disproved),
        ("327337573557751332", Verdict::Proved),
    ] {
        let pos = Connect4::parse_position(&Dims::default(), moves).unwrap();
        assert!(
            extract(&pos, Goal::Win, wrong, &Limits::default()).is_err(),
            "{moves}"
        );
    }
}

/// A certificate with one spoilt line, and the node the checker must name.
struct Corruption {
    what: &'static str,
    text: String,
    expect: Expect,
}

/// Where the checker must refuse a corrupted certificate.
enum Expect {
    /// At this node.
    At(usize),
    /// At some node: where depends on the walk (a verdict turned round fails at the first
    /// node that no longer fits).
    SomeNode,
    /// At a node left incomplete or by the header's count (a file cut short).
    Anywhere,
}

/// The index of the first line (among the node lines) that matches.
fn find(
    certificate: &Certificate,
    wanted: impl Fn(usize, &pnplay::game::certificate::Line) -> bool,
) -> usize {
    certificate
        .lines
        .iter()
        .enumerate()
        .position(|(i, line)| wanted(i, line))
        .expect("a line of that kind")
}

/// The certificate's text with `node`'s line made a reference to node `target` (same depth
/// and move).
fn with_reference(certificate: &Certificate, node: usize, target: usize) -> String {
    let line = &certificate.lines[node];
    let reference = format!("{} {} ={target}", line.depth, line.mv);
    with_line(certificate, node, Some(&reference))
}

/// The certificate's text with node line `node` replaced by `line` (or removed if `None`).
fn with_line(certificate: &Certificate, node: usize, line: Option<&str>) -> String {
    let text = certificate.to_text();
    let (head, tree) = text.split_once("tree\n").unwrap();
    let mut lines: Vec<&str> = tree.lines().collect();
    match line {
        Some(line) => lines[node] = line,
        None => {
            lines.remove(node);
        }
    }
    format!("{head}tree\n{}\n", lines.join("\n"))
}

/// The parent of node `node`: the last line before it one level up.
fn parent(certificate: &Certificate, node: usize) -> usize {
    let depth = certificate.lines[node].depth;
    (0..node)
        .rev()
        .find(|&i| certificate.lines[i].depth + 1 == depth)
        .unwrap()
}

/// Twenty corruptions of three real certificates (tic-tac-toe, Connect Four, Othello).
fn corruptions() -> Vec<Corruption> {
    let ttt = extract(
        &TicTacToe::start(&()),
        Goal::NotLose,
        Verdict::Proved,
        &Limits::default(),
    )
    .unwrap();
    let c4_pos = Connect4::parse_position(&Dims::default(), "154753172736561112").unwrap();
    let c4 = extract(&c4_pos, Goal::Win, Verdict::Proved, &Limits::default()).unwrap();
    let othello_pos = common::othello_positions(1, 5, 8, 8).remove(0);
    let holds = common::reference_goal(
        &othello_pos,
        Question::at(&othello_pos, Goal::Win),
        &mut HashMap::new(),
    );
    let verdict = if holds {
        Verdict::Proved
    } else {
        Verdict::Disproved
    };
    let othello = extract(&othello_pos, Goal::Win, verdict, &Limits::default()).unwrap();
    let mut out = Vec::new();
    for (name, certificate) in [
        ("tictactoe", &ttt),
        ("connect4", &c4),
        ("othello", &othello),
    ] {
        let leaf = find(certificate, |_, l| matches!(l.tail, Tail::Leaf(_)));
        let Tail::Leaf(outcome) = certificate.lines[leaf].tail else {
            unreachable!()
        };
        let flipped = match outcome {
            Outcome::Win => "loss",
            _ => "win",
        };
        let line = &certificate.lines[leaf];
        out.push(Corruption {
            what: "a leaf's outcome flipped",
            text: with_line(
                certificate,
                leaf,
                Some(&format!("{} {} {flipped}", line.depth, line.mv)),
            ),
            expect: Expect::At(leaf),
        });
        // A child removed from a node where every move is due (two children or more): the
        // last child, a leaf or a reference, so the parent closes at the next line and is
        // named, with the move missing.
        let removed = find(certificate, |i, l| {
            let p = if i > 0 {
                parent(certificate, i)
            } else {
                return false;
            };
            let siblings = certificate.lines[p + 1..]
                .iter()
                .take_while(|c| c.depth > certificate.lines[p].depth)
                .filter(|c| c.depth == l.depth)
                .count();
            siblings > 1
                && l.tail != Tail::Inner
                && certificate
                    .lines
                    .get(i + 1)
                    .is_none_or(|next| next.depth < l.depth)
        });
        out.push(Corruption {
            what: "a child removed",
            text: with_line(certificate, removed, None),
            expect: Expect::At(parent(certificate, removed)),
        });
        let illegal = match name {
            "tictactoe" => "1",
            "connect4" => "9",
            _ => "d4", // a centre square: never empty
        };
        let target = certificate.lines.len() - 1;
        let last = &certificate.lines[target];
        out.push(Corruption {
            what: "an illegal move",
            text: with_line(
                certificate,
                target,
                Some(&format!("{} {illegal} win", last.depth)),
            ),
            expect: Expect::At(target),
        });
        let text = certificate.to_text();
        let cut = text.len() * 2 / 3;
        let cut = text[..cut].rfind('\n').unwrap() + 1;
        out.push(Corruption {
            what: "a truncated file",
            text: text[..cut].to_string(),
            expect: Expect::Anywhere,
        });
        let verdict = certificate.verdict;
        let other = if verdict == Verdict::Proved {
            "disproved"
        } else {
            "proved"
        };
        out.push(Corruption {
            what: "the verdict turned round",
            text: text.replacen(
                &format!("verdict {verdict}"),
                &format!("verdict {other}"),
                1,
            ),
            expect: Expect::SomeNode,
        });
    }
    // A move listed twice, a reference to an open node (a cycle), a reference to another
    // position, a leaf given a child, and a second move where the prover chooses.
    let tree_lines = |certificate: &Certificate| -> (Vec<String>, usize) {
        let lines: Vec<String> = certificate.to_text().lines().map(str::to_string).collect();
        let body = lines.iter().position(|l| l == "tree").unwrap() + 1;
        (lines, body)
    };
    let twice = find(&ttt, |i, l| {
        l.tail != Tail::Inner
            && ttt
                .lines
                .get(i + 1)
                .is_some_and(|next| next.depth == l.depth)
    });
    let (mut lines, body) = tree_lines(&ttt);
    lines.insert(body + twice + 1, lines[body + twice].clone());
    out.push(Corruption {
        what: "a move listed twice",
        text: lines.join("\n") + "\n",
        expect: Expect::At(twice + 1),
    });
    let deep = find(&ttt, |_, l| l.depth == 3 && l.tail == Tail::Inner);
    out.push(Corruption {
        what: "a reference to an open node (a cycle)",
        text: with_reference(&ttt, deep, parent(&ttt, deep)),
        expect: Expect::At(deep),
    });
    let reference = find(&c4, |_, l| matches!(l.tail, Tail::Ref(_)));
    let leaf = find(&c4, |_, l| matches!(l.tail, Tail::Leaf(_)));
    assert!(leaf < reference);
    out.push(Corruption {
        what: "a reference to another position",
        text: with_reference(&c4, reference, leaf),
        expect: Expect::At(reference),
    });
    let first_leaf = find(&ttt, |_, l| matches!(l.tail, Tail::Leaf(_)));
    let (mut lines, body) = tree_lines(&ttt);
    let depth = ttt.lines[first_leaf].depth + 1;
    lines.insert(body + first_leaf + 1, format!("{depth} 1 win"));
    out.push(Corruption {
        what: "a child under a leaf",
        text: lines.join("\n") + "\n",
        expect: Expect::At(first_leaf + 1),
    });
    // The root of the tic-tac-toe certificate is X's choice (one move, 1): a second one.
    assert_eq!(ttt.lines[1].mv, "1");
    let (mut lines, _) = tree_lines(&ttt);
    lines.push("1 2 draw".into());
    out.push(Corruption {
        what: "a second move where the prover chooses",
        text: lines.join("\n") + "\n",
        expect: Expect::At(ttt.lines.len()),
    });
    out
}

#[test]
fn twenty_corrupted_certificates_are_refused_at_the_spoilt_node() {
    let corruptions = corruptions();
    assert_eq!(corruptions.len(), 20);
    for corruption in &corruptions {
        let rejection: Rejection = check_text(&corruption.text)
            .err()
            .unwrap_or_else(|| panic!("{} passed", corruption.what));
        let what = corruption.what;
        match corruption.expect {
            Expect::At(node) => assert_eq!(rejection.node, Some(node), "{what}: {rejection}"),
            Expect::SomeNode => assert!(rejection.node.is_some(), "{what}: {rejection}"),
            Expect::Anywhere => {}
        }
        // One line, naming the node and its path where a node fails.
        let line = rejection.to_string();
        assert!(!line.contains('\n'), "{line}");
        if let Some(node) = rejection.node {
            assert!(line.contains(&format!("at node {node} (")), "{line}");
        }
    }
}

//! The MCTS family in words: the rules as the catalogue's explanations print them, the last
//! iteration as a line of text ([`trace`]) and one node inspected with formula (1) or (2)
//! of the PN-MCTS paper (§II, §IV) applied to its children's actual numbers ([`inspect`]).
//! Nothing here changes the search: it reads [`super::Mcts`]'s tree and reuses its own
//! scoring code, so what the inspector prints is what selection computes.

use super::{Growth, Mcts, Score};
use crate::game::catalogue::Catalogued;
use crate::game::{Game, MoveList, Outcome};
use crate::search::bestfirst::min_sum_applied;
use crate::search::tree::{NodeId, NodeKind, ROOT, Status};
use crate::search::tree_walk::{TreeWalk, TreeWords};
use crate::search::view::{Backup, InspectedChild, Inspection, Values, short, shown_number};

/// Formula (1).
pub const UCT_RULE: &str = "selection (formula (1)): the child i maximising v_i + C·sqrt(ln n_p / n_i); an unvisited child scores +∞; ties broken uniformly at random (seeded)";
/// Formula (2).
pub const PN_RULE: &str = "selection (formula (2)): the child i maximising v_i + C·sqrt(ln n_p / n_i) + C_pn·(1 − rank_i / max_j rank_j), rank_i the child's place among its siblings by pn at an OR node, by dn at an AND node (1: least; ties share a rank; the next distinct number gets the next rank)";
/// The statistics.
pub const MEAN_RULE: &str = "n = simulations through the node; v = Σ R / n, each result R = +1 / 0 / −1 for a win / draw / loss of the player who made the move into the node (at the root: of the player to move there)";
/// UCT's expansion.
pub const EXPAND_ONE_RULE: &str = "expansion: a node with moves not yet in the tree gets one child, chosen uniformly at random (seeded) among them; the play-out starts there";
/// PN-MCTS's expansion.
pub const EXPAND_ALL_RULE: &str = "expansion: a leaf gets all its children at once (unknown leaf pn = dn = 1; finished game: pn 0 / dn ∞ if it meets the goal, ∞ / 0 if not); selection then picks one (all unvisited: a uniform choice) and the play-out starts there";
/// Proof numbers.
pub const PN_BACKUP_RULE: &str = "pn/dn as in PNS: OR node pn = min pn_i, dn = Σ dn_i; AND node pn = Σ pn_i, dn = min dn_i; backed up only while they change";
/// The solver.
pub const SOLVER_RULE: &str = "MCTS-Solver: a finished game is proven if it meets the goal (goal win: a win, a draw counting as a loss; goal not-lose: a win or a draw), disproven otherwise; an OR node is proven by one proven child and disproven once every move has a disproven child; AND nodes the dual; selection skips resolved children; a resolved root stops the search";

/// The player a node's mean is for, in words.
fn mover(parent: Option<NodeKind>) -> &'static str {
    match parent {
        None | Some(NodeKind::Or) => "the question's player",
        Some(_) => "the opponent",
    }
}

/// One child's score in symbols with its numbers: `0.25 + 1.41·sqrt(ln 40 / 8) + 1·(1 − 1/3)
/// = 1.88`.
fn score_text<G: Game>(search: &Mcts<G>, parent: NodeId, child: NodeId, score: &Score) -> String {
    let node = search.tree.node(child);
    if node.visits() == 0 {
        return "unvisited: +∞".into();
    }
    let mut text = format!(
        "{} + {}·sqrt(ln {} / {})",
        short(score.value),
        short(search.config.c),
        search.tree.node(parent).visits().max(1),
        node.visits()
    );
    if search.config.proof_numbers {
        text += &format!(
            " + {}·(1 − {}/{})",
            short(search.config.cpn),
            score.rank.0,
            score.rank.1
        );
    }
    format!("{text} = {}", short(score.total()))
}

/// The name of a node in texts: its move, or `root`.
fn name<G: Game>(search: &Mcts<G>, id: NodeId, parent_pos: Option<&G>) -> String {
    match (parent_pos, search.tree.node(id).mv()) {
        (Some(pos), Some(mv)) => pos.format_move(mv),
        _ => "root".into(),
    }
}

/// The last iteration in words: each selection with its formula's numbers, the expansion,
/// the play-out's result and the root's values before and after; `None` before the first.
#[must_use]
pub fn trace<G: Game>(search: &Mcts<G>) -> Option<String> {
    if search.stats.iterations == 0 {
        return None;
    }
    let mut parts = Vec::new();
    let mut pos = search.root.clone();
    for (step, pair) in search.path.windows(2).enumerate() {
        let (parent, child) = (pair[0], pair[1]);
        let parent_name = name(search, parent, parent_pos(search, parent).as_ref());
        let kind = search.tree.node(parent).kind().word();
        let mv = pos.format_move(search.tree.node(child).mv().expect("a child has a move"));
        parts.push(match search.scores[step] {
            Some(score) => {
                let before = search.before[step + 1];
                format!(
                    "{parent_name} ({kind}): max {} → {mv} ({}; {})",
                    if search.config.proof_numbers { "UCT-PN" } else { "UCT" },
                    before.text(),
                    if before_visits(&before) == 0.0 {
                        "unvisited: +∞".to_string()
                    } else {
                        format!(
                            "{} + {} + {} = {}",
                            short(score.value),
                            short(score.explore),
                            short(score.bonus),
                            short(score.total())
                        )
                    }
                )
            }
            None => match search.growth {
                Growth::One { untried } => format!(
                    "{parent_name} ({kind}): added {mv}, one of {untried} moves not yet in the tree, chosen uniformly"
                ),
                _ => format!("{parent_name} ({kind}) → {mv}"),
            },
        });
        pos.play(search.tree.node(child).mv().expect("a child has a move"));
    }
    if let Growth::All { at, count } = search.growth {
        let at_name = name(search, at, parent_pos(search, at).as_ref());
        let statuses: Vec<Status> = search
            .tree
            .children(at)
            .map(|c| search.tree.node(c).status())
            .collect();
        let mut line = format!("expanded {at_name}: {count} children at once");
        for status in [Status::Proven, Status::Disproven] {
            let n = statuses.iter().filter(|&&s| s == status).count();
            if n > 0 {
                line += &format!(", {n} {}", status.word());
            }
        }
        parts.push(line);
    }
    let last = *search.path.last().expect("a path holds the root");
    let last_name = name(search, last, parent_pos(search, last).as_ref());
    if let Some(result) = search.result {
        let words = match result {
            Outcome::Win => "a win for the question's player (+1)",
            Outcome::Draw => "a draw (0)",
            Outcome::Loss => "a loss for the question's player (−1)",
        };
        let source = if search.tree.node(last).kind() == NodeKind::Terminal {
            "finished game"
        } else {
            "play-out from"
        };
        parts.push(format!("{source} {last_name}: {words}"));
    }
    parts.push(format!(
        "root {} → {}",
        search.before[0].text(),
        search.values(ROOT).text()
    ));
    Some(parts.join("; "))
}

/// The visits of values (0 if they hold none).
fn before_visits(values: &Values) -> f64 {
    match *values {
        Values::Mcts { visits, .. } | Values::PnMcts { visits, .. } => visits,
        _ => 0.0,
    }
}

/// The position of `id`'s parent (`None` at the root).
fn parent_pos<G: Game>(search: &Mcts<G>, id: NodeId) -> Option<G> {
    (id != ROOT)
        .then(|| search.position(search.tree.node(id).parent()))
        .flatten()
}

/// Node `id` for an inspector: its values, its children with the selection formula applied
/// to their numbers, the statistics and proof-number rules applied, and which child the next
/// selection picks (ties shown as the first; the search breaks them at random).
#[must_use]
pub fn inspect<G: Catalogued>(search: &Mcts<G>, id: NodeId) -> Option<Inspection> {
    let tree = &search.tree;
    let (pos, line) = search.replay(id)?;
    let node = tree.node(id);
    let (kind, status) = (node.kind(), node.status());
    let keys = search.sorted_keys(id);
    let resolved_stop = search.config.solver && status.is_resolved();
    let picked = if node.is_full() && kind != NodeKind::Terminal && !resolved_stop {
        search.pick(&keys, id, &mut |_| false)
    } else {
        None
    };
    let children: Vec<InspectedChild> = tree
        .children(id)
        .map(|child| search.inspected_child(&pos, child, picked.is_some_and(|(p, _)| p == child)))
        .collect();
    let parent_kind = (id != ROOT).then(|| tree.node(node.parent()).kind());
    let mean = match search.values(id) {
        Values::Mcts { mean, .. } | Values::PnMcts { mean, .. } => mean,
        _ => 0.0,
    };
    let sum = if parent_kind.is_none_or(NodeKind::is_or) {
        node.sum()
    } else {
        -node.sum()
    };
    let mut formula = MEAN_RULE.to_string();
    let mut applied = if node.visits() == 0 {
        "no simulation yet: n = 0; v = 0".to_string()
    } else {
        format!(
            "n = {}; mean for {}: v = {} / {} = {}",
            node.visits(),
            mover(parent_kind),
            sum,
            node.visits(),
            short(mean),
        )
    };
    if search.config.proof_numbers {
        formula += "; ";
        let (pn, dn) = node.proof_numbers();
        if node.child_count() > 0 {
            formula += super::explain::PN_BACKUP_RULE;
            let numbers: Vec<[f64; 2]> = tree
                .children(id)
                .map(|c| {
                    let (pn, dn) = tree.node(c).proof_numbers();
                    [shown_number(pn), shown_number(dn)]
                })
                .collect();
            applied += "; ";
            applied += &min_sum_applied(
                kind,
                ["pn", "dn"],
                numbers.iter().copied(),
                [shown_number(pn), shown_number(dn)],
            );
        } else {
            formula += EXPAND_ALL_RULE;
            applied += &format!(
                "; pn = {}; dn = {}",
                short(shown_number(pn)),
                short(shown_number(dn))
            );
        }
    }
    if search.config.solver {
        formula += "; ";
        formula += SOLVER_RULE;
        applied += &format!("; status {}", status.word());
    }
    let selection = if kind == NodeKind::Terminal || node.child_count() == 0 {
        // A leaf: the next visit expands it (see the expansion rule).
        None
    } else if resolved_stop {
        Some(format!(
            "{} node, {}: the solver no longer selects below it",
            kind.word(),
            status.word()
        ))
    } else if !node.is_full() {
        let mut moves = MoveList::<G>::default();
        pos.legal_moves(&mut moves);
        Some(if search.config.full_expansion || node.child_count() == 0 {
            format!(
                "{} node not expanded yet: the next visit {} its {} moves",
                kind.word(),
                if search.config.full_expansion {
                    "adds all"
                } else {
                    "adds one, chosen uniformly among"
                },
                moves.len()
            )
        } else {
            format!(
                "{} node with {} of its {} moves not in the tree yet: the next visit adds one of them, chosen uniformly at random",
                kind.word(),
                moves.len() - usize::from(node.child_count()),
                moves.len()
            )
        })
    } else {
        let terms: Vec<String> = tree
            .children(id)
            .filter(|&c| search.selectable(c))
            .map(|c| {
                let score = search.score(&keys, id, c);
                format!(
                    "{}: {}",
                    pos.format_move(tree.node(c).mv().expect("a child has a move")),
                    score_text(search, id, c, &score)
                )
            })
            .collect();
        let rule = if search.config.proof_numbers {
            "v_i + C·sqrt(ln n_p / n_i) + C_pn·(1 − rank_i / max rank)"
        } else {
            "v_i + C·sqrt(ln n_p / n_i)"
        };
        Some(match picked {
            Some((child, _)) => format!(
                "{} node, n_p = {}: the child maximising {rule}{} → {} ({}); ties broken at random by the seeded generator",
                kind.word(),
                node.visits(),
                if search.config.solver {
                    " among those not resolved"
                } else {
                    ""
                },
                pos.format_move(tree.node(child).mv().expect("a child has a move")),
                terms.join("; ")
            ),
            None => format!("{} node: no child can be selected", kind.word()),
        })
    };
    let backup = Backup {
        formula,
        applied,
        result: search.values(id),
    };
    Some(search.inspection(id, &pos, line, children, backup, selection))
}

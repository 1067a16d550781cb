//! The proving line of a resolved best-first tree (issue 29: the analysis board shows it as
//! moves to walk): from the root down to the end of the game, through the proof (or the
//! disproof) the tree holds. Every node on it has the root's status. Where the side the
//! result favours is to move, the line takes the move the search names
//! ([`BestFirst::best_move`]'s rule: the resolved child it would select); where the other
//! side is to move, every child has the root's status, and the line takes the reply whose
//! part of the proof is longest — the defence that resists longest within the tree (ties go
//! to the first in move order). The line so ends at a finished game the favoured side wins
//! (for a disproof: one the root player does not win).

use std::collections::HashMap;

use super::tree::{NodeId, ROOT, Status};
use super::{BestFirst, Rules};
use crate::game::Game;

impl<G: Game, R: Rules> BestFirst<G, R> {
    /// The proving line's moves in the game's notation, root first; empty unless the root
    /// is proven or disproven (see the module's comment for which moves it takes). Found
    /// once: a resolved root's tree grows no more, and reports ask at every step.
    #[must_use]
    pub fn proving_line(&self) -> Vec<String> {
        let status = self.tree.node(ROOT).status();
        if !status.is_resolved() {
            return Vec::new();
        }
        self.line.get_or_init(|| self.find_line(status)).clone()
    }

    /// The proving line of a root resolved to `status`.
    fn find_line(&self, status: Status) -> Vec<String> {
        let mut pos = self.root.clone();
        let mut line = Vec::new();
        for id in line_ids(&|id| self.line_children(id, status)) {
            let Some(mv) = self.tree.node(id).mv() else {
                break;
            };
            line.push(pos.format_move(mv));
            pos.play(mv);
        }
        line
    }

    /// The children the line may take from `id` (see the module's comment): the favoured
    /// side's move where it moves, every child elsewhere.
    fn line_children(&self, id: NodeId, status: Status) -> Vec<NodeId> {
        let node = self.tree.node(id);
        if node.kind().is_or() == (status == Status::Proven) {
            self.favourite(id, |s| s == status).into_iter().collect()
        } else {
            node.child_ids().collect()
        }
    }
}

/// The nodes of the longest line from the root through `next` (the children a line may take
/// from a node), root excluded; ties go to the first child. Not generic, so the wasm holds it
/// once for every game and search. The lengths are found without recursion, children first.
fn line_ids(next: &dyn Fn(NodeId) -> Vec<NodeId>) -> Vec<NodeId> {
    let mut lengths: HashMap<NodeId, u32> = HashMap::new();
    let mut stack = vec![(ROOT, false)];
    while let Some((id, children_done)) = stack.pop() {
        let children = next(id);
        if children_done {
            let longest = children
                .iter()
                .map(|child| lengths[child] + 1)
                .max()
                .unwrap_or(0);
            lengths.insert(id, longest);
        } else {
            stack.push((id, true));
            stack.extend(children.into_iter().map(|child| (child, false)));
        }
    }
    let mut line = Vec::new();
    let mut id = ROOT;
    while let Some(child) = next(id)
        .into_iter()
        .max_by_key(|child| (lengths[child], std::cmp::Reverse(*child)))
    {
        line.push(child);
        id = child;
    }
    line
}

#[cfg(test)]
mod tests {
    use crate::game::connect4::Connect4;
    use crate::game::tictactoe::TicTacToe;
    use crate::game::{Game, Outcome, Player, Turn};
    use crate::search::{Goal, Limits, Verdict, catalogue, exact, params::Params};

    /// Runs `search` on `pos` for `goal` to its verdict; returns (verdict, best move, line).
    fn solved<G: crate::game::catalogue::Catalogued>(
        search: &str,
        pos: G,
        goal: Goal,
    ) -> (Verdict, Option<String>, Vec<String>) {
        let params = Params::default().with_goal(goal);
        let mut session = catalogue::start(search, pos, &params).unwrap();
        let verdict = session.run();
        (verdict, session.best_move(), session.proving_line())
    }

    /// Plays `line` from `pos` (each move must be legal), returning every position on it.
    fn walk<G: Game>(pos: &G, line: &[String]) -> Vec<G> {
        let mut positions = vec![pos.clone()];
        for text in line {
            let mut next = positions.last().unwrap().clone();
            let mv = next
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            next.play(mv);
            positions.push(next);
        }
        positions
    }

    /// The exact value of tic-tac-toe `pos` for the side to move (+1, 0, −1), by the crate's
    /// exhaustive alpha-beta ([`exact::solve_score`]), which shares nothing with best-first.
    fn exact_value(pos: &TicTacToe) -> i32 {
        exact::solve_score(pos, &Limits::default(), 1)
            .unwrap()
            .0
            .value
    }

    #[test]
    fn a_single_winning_move_is_the_whole_line() {
        // X (1, 2) to move wins at 3; O (4, 5) threatens 6.
        let pos = TicTacToe::parse_position(&(), "1425").unwrap();
        assert_eq!(
            solved("pns", pos, Goal::Win),
            (
                Verdict::Proved,
                Some("3".to_string()),
                vec!["3".to_string()]
            )
        );
    }

    #[test]
    fn a_proof_line_follows_winning_moves_to_a_won_end_against_brute_force() {
        // X took the centre and O an edge: X wins with best play.
        for search in ["pns", "ppns", "mcpns"] {
            let root = TicTacToe::parse_position(&(), "52").unwrap();
            let (verdict, best, line) = solved(search, root.clone(), Goal::Win);
            assert_eq!(verdict, Verdict::Proved, "{search}");
            assert_eq!(
                best.as_ref(),
                line.first(),
                "{search}: the line opens with the proving move"
            );
            let positions = walk(&root, &line);
            for (index, pos) in positions.iter().enumerate().take(line.len()) {
                let mut after = pos.clone();
                after.play(pos.parse_move(&line[index]).unwrap());
                // X's moves keep a forced win (the position after them is lost for O, or won).
                if index % 2 == 0 {
                    let won = after
                        .terminal_value(Player::First)
                        .map_or(-exact_value(&after) == 1, |v| v == 1);
                    assert!(
                        won,
                        "{search}: X's move {} at ply {index} keeps the win",
                        line[index]
                    );
                }
            }
            let end = positions.last().unwrap();
            assert_eq!(
                end.outcome(Player::First),
                Some(Outcome::Win),
                "{search}: {line:?}"
            );
        }
    }

    #[test]
    fn a_disproof_line_ends_in_a_game_the_root_player_does_not_win() {
        // The empty board: X cannot force a win (the exhaustive search says it is a draw).
        let root = TicTacToe::parse_position(&(), "").unwrap();
        assert_eq!(exact_value(&root), 0);
        let (verdict, _, line) = solved("pns", root.clone(), Goal::Win);
        assert_eq!(verdict, Verdict::Disproved);
        let positions = walk(&root, &line);
        // O's replies each keep X from forcing a win.
        for index in (1..line.len()).step_by(2) {
            assert!(
                exact_value(&positions[index + 1]) < 1,
                "O's reply {} at ply {index} lets X win",
                line[index]
            );
        }
        assert_ne!(
            positions.last().unwrap().outcome(Player::First),
            Some(Outcome::Win)
        );
        assert_eq!(positions.last().unwrap().turn(), Turn::Over);
    }

    #[test]
    fn connect_four_proof_and_disproof_lines_agree_with_the_solver() {
        // The page's "Open three" (Red to move wins) and, on 5×4, a centre column filled
        // (the first player cannot force a win): along each line, every move of the side
        // the result favours keeps that result by the game's own solver.
        let cases = [
            ((7, 6), "4433", Verdict::Proved),
            ((5, 4), "3333", Verdict::Disproved),
        ];
        for ((width, height), text, expected) in cases {
            let dims = crate::game::connect4::Dims::new(width, height).unwrap();
            let root = Connect4::parse_position(&dims, text).unwrap();
            let Turn::Player(root_player) = root.turn() else {
                unreachable!("{text} is not over");
            };
            let (verdict, best, line) = solved("pns", root.clone(), Goal::Win);
            assert_eq!(verdict, expected, "{text}: {line:?}");
            let proved = verdict == Verdict::Proved;
            if proved {
                assert_eq!(
                    best.as_ref(),
                    line.first(),
                    "{text}: the line opens with the proving move"
                );
            }
            let positions = walk(&root, &line);
            // The favoured side: the root player for a proof, the opponent for a disproof.
            for index in (usize::from(!proved)..line.len()).step_by(2) {
                let Turn::Player(mover) = positions[index].turn() else {
                    unreachable!("a move was played here");
                };
                let before = value_for(&positions[index], mover);
                let after = value_for(&positions[index + 1], mover);
                // A proof's moves keep a win, a disproof's keep the root player from one.
                let kept = if proved {
                    before > 0 && after > 0
                } else {
                    before >= 0 && after >= 0
                };
                assert!(
                    kept,
                    "{text}: {} at ply {index}: {before} before, {after} after",
                    line[index]
                );
            }
            let end = positions.last().unwrap();
            assert_eq!(end.turn(), Turn::Over, "{text}: {line:?}");
            assert_eq!(
                end.outcome(root_player) == Some(Outcome::Win),
                proved,
                "{text}: {line:?}"
            );
        }
    }

    /// A Connect Four position's exact value for `player` (the game's solver, or the
    /// finished game's value).
    fn value_for(pos: &Connect4, player: Player) -> i32 {
        match pos.turn() {
            Turn::Player(mover) => {
                let (score, _) = exact::solve_score(pos, &Limits::default(), 1).unwrap();
                if mover == player {
                    score.value
                } else {
                    -score.value
                }
            }
            _ => pos.terminal_value(player).unwrap(),
        }
    }
}

//! Forked sessions (`Session::fork`), the checkpoints of the page's timeline: a copy taken
//! part-way steps on exactly as the session it was taken from — the same counters, root
//! value, favoured move, last iteration and tree — on 8×8 Othello and tic-tac-toe, for every
//! best-first search and both MCTS searches; and the copy is independent (stepping one
//! leaves the other where it was). Searches that cannot be copied say so (`None`).

use crate::common::tree_searches;

use pnplay::engine::{self, GameSpec};
use pnplay::search::Goal;
use pnplay::search::params::Params;
use pnplay::search::session::{Budget, Session};

/// The searches the timeline checkpoints by copying: those with a tree but CNS; the others
/// are started again.
fn forkable() -> impl Iterator<Item = &'static str> {
    tree_searches().into_iter().filter(|&id| id != "cns")
}

fn start(game: &str, algo: &str) -> Box<dyn Session> {
    let spec: GameSpec = game.parse().unwrap();
    let params = Params::default().with_goal(Goal::Win);
    engine::start(&spec, "", algo, &params).unwrap()
}

/// Everything a step shows of a session but its clock: counters, verdict, root value,
/// favoured move, the last iteration's trace and the top of the tree.
fn seen(session: &dyn Session) -> String {
    let mut stats = session.stats();
    stats.seconds = 0.0;
    let tree = session.tree().map(|tree| {
        let mut snapshot = serde_json::to_value(tree.snapshot(3, 400, None)).unwrap();
        snapshot["stats"]["seconds"] = 0.into();
        (tree.trace(), snapshot.to_string())
    });
    format!(
        "{stats:?} {:?} {:?} {:?} {tree:?}",
        session.verdict(),
        session.root_value(),
        session.best_move()
    )
}

#[test]
fn a_fork_steps_on_as_the_session_it_was_taken_from() {
    for game in ["othello", "tictactoe"] {
        for algo in forkable() {
            let mut session = start(game, algo);
            session.step(Budget::iterations(37));
            let mut fork = session.fork().unwrap_or_else(|| panic!("{algo} forks"));
            assert_eq!(
                seen(fork.as_ref()),
                seen(session.as_ref()),
                "{game} {algo} at 37"
            );
            fork.step(Budget::iterations(150));
            // The original has not moved: the copy is independent.
            assert_eq!(session.stats().iterations, 37, "{game} {algo}");
            session.step(Budget::iterations(150));
            assert!(session.stats().iterations > 37, "{game} {algo}");
            assert_eq!(
                seen(fork.as_ref()),
                seen(session.as_ref()),
                "{game} {algo} at 187"
            );
        }
    }
}

#[test]
fn searches_that_cannot_be_copied_say_so() {
    for algo in ["dfpn", "alphabeta"] {
        let mut session = start("tictactoe", algo);
        session.step(Budget::iterations(5));
        assert!(session.fork().is_none(), "{algo}");
    }
}

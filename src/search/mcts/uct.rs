//! MCTS with UCT (PN-MCTS paper §II, formula (1)) and, with `solver` on, the MCTS-Solver of
//! Winands, Björnsson and Saito (CG 2008), in the catalogue as `mcts`. The driver is
//! [`super::Mcts`] with [`super::Config::uct`].
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Verdict, catalogue, params::{Params, SOLVER}, session::Budget};
//! let pos = TicTacToe::parse_position(&(), "").unwrap();
//! // Without the solver, MCTS runs until a limit and never claims a proof.
//! let params = Params::default().with(&SOLVER, Some(0.0));
//! let mut search = catalogue::start("mcts", pos, &params).unwrap();
//! assert_eq!(search.step(Budget::iterations(2000)), None);
//! assert_eq!(search.best_move().as_deref(), Some("5")); // the centre, most visited
//! ```

use super::explain::{EXPAND_ONE_RULE, MEAN_RULE, SOLVER_RULE, UCT_RULE};
use crate::game::catalogue::Catalogued;
use crate::search::Question;
use crate::search::family::{Explain, Family, Meaning, SearchInfo};
use crate::search::params::{C, PLAYOUT, Params, SOLVER};
use crate::search::pseudocode::{Line, Phase, line, plain};
use crate::search::session::SearchKind;
use crate::search::session::Session;

/// The visit count.
pub const VISITS: Meaning = Meaning {
    name: "visits",
    meaning: "n_i, shown as n: the simulations (iterations) that passed through the node",
};
/// The mean result.
pub const MEAN: Meaning = Meaning {
    name: "mean",
    meaning: "v_i, shown as v: the mean result in [−1, 1] of those simulations (+1 win, 0 draw, −1 loss) for the player who made the move into the node; at the root for the player to move there. Charts plot the root's (1 + v)/2",
};

/// The pseudocode of MCTS (UCT), each line tagged with its phase (the page lights the phase it
/// is showing).
pub const PSEUDOCODE: &[Line] = &[
    plain("mcts(root):"),
    line(
        Phase::Stop,
        "  while no limit is reached (and, with the solver, the root is not proven):",
    ),
    line(Phase::Select, "    n ← root"),
    line(
        Phase::Select,
        "    while n is fully expanded and not a finished game:",
    ),
    line(
        Phase::Select,
        "      n ← the child with the highest UCT = mean + C·√(ln N / n_visits)",
    ),
    line(
        Phase::Expand,
        "    add one child of n for a move not yet in the tree; n ← that child",
    ),
    line(
        Phase::Evaluate,
        "    r ← the result of a random play-out from n (+1 win, 0 draw, −1 loss)",
    ),
    line(
        Phase::Backup,
        "    for n and each of its ancestors: visits += 1, total += r (as each side sees it)",
    ),
    line(Phase::Stop, "  return the root child with the most visits"),
];

/// MCTS (UCT) in the catalogue.
pub struct MctsSearch;

impl SearchKind for MctsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "mcts",
        title: "MCTS (UCT)",
        help: "Monte-Carlo tree search with UCT, one new child per iteration, random play-outs; MCTS-Solver with solver on (PN-MCTS paper §II)",
        family: Family::Mcts,
        capabilities: super::CAPABILITIES,
        params: &[C, SOLVER, PLAYOUT],
        explain: Explain {
            pseudocode: PSEUDOCODE,
            summary: "MCTS repeats simulations: it walks down the tree it has built, choosing at each node the child with the best UCT value (its mean result plus an exploration bonus that grows for rarely tried moves), adds one new child, plays random moves from there to the end of the game and counts the result in every node it passed. The move it plays is the root's most visited child (ties: the greater mean, then the first in move order). With the solver on (MCTS-Solver), finished games are proven or disproven for the question and those proofs are backed up like AND/OR values, so it can prove the root: proved and disproved are exact; without it the search only stops at a limit.",
            values: &[VISITS, MEAN],
            formulas: &[MEAN_RULE, UCT_RULE, EXPAND_ONE_RULE, SOLVER_RULE],
            selection: "From the root: while the node has all its children in the tree and is not a finished game, the child maximising v_i + C·sqrt(ln n_p / n_i) (v_i for the player who moves at the parent; unvisited children first; ties at random, seeded); with the solver, resolved children are skipped. A node with moves not yet in the tree gets one of them, chosen uniformly; a random play-out runs from it.",
            params: "C (default √2) weighs exploration; solver (default on) backs up proofs and stops at a proven root; playout (default off) cuts play-outs after that many moves as a draw, as Ludii's UCT does at 200. Seed fixes every random choice (expansion, ties, play-outs); goal decides what the solver proves (under win a draw is a loss); node, time and iteration limits stop it with out.",
            source: "Doe, Winands, Soemers and Browne, Combining MCTS and PNS, §II, formula (1); Kocsis and Szepesvári (UCT); Winands, Björnsson and Saito, Monte-Carlo Tree Search Solver (CG 2008).",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        super::session(
            &Self::INFO,
            root,
            question,
            super::Config::from_params(params, false),
            params,
        )
    }
}

//! PN-MCTS (PN-MCTS paper §IV, formula (2)), in the catalogue as `pnmcts`: MCTS whose UCT
//! value gets a bonus `C_pn·(1 − rank_i / max rank)` from each child's rank among its
//! siblings by proof number (OR nodes) or disproof number (AND nodes); nodes are expanded
//! all at once so every child has numbers. The driver is [`super::Mcts`] with
//! [`super::Config::pn_mcts`]; the solver (default on) makes a proven root stop the search
//! with `proved` / `disproved`. Either way the proof numbers are exact, and a root with
//! pn = 0 plays a child with pn = 0.
//!
//! ```
//! use pnplay::game::{Game, tictactoe::TicTacToe};
//! use pnplay::search::{Verdict, catalogue, params::Params, view::Values};
//! let pos = TicTacToe::parse_position(&(), "5").unwrap(); // a draw
//! let mut search = catalogue::start("pnmcts", pos, &Params::default()).unwrap();
//! assert_eq!(search.run(), Verdict::Disproved); // O cannot force a win
//! let Some(Values::PnMcts { pn, .. }) = search.root_value() else { panic!() };
//! assert_eq!(pn, f64::INFINITY);
//! ```

use super::explain::{EXPAND_ALL_RULE, MEAN_RULE, PN_BACKUP_RULE, PN_RULE, SOLVER_RULE};
use super::uct::{MEAN, VISITS};
use crate::game::catalogue::Catalogued;
use crate::search::Question;
use crate::search::family::{DN, Explain, Family, Meaning, PN, SearchInfo};
use crate::search::params::{C, CPN, PLAYOUT, Params, SOLVER};
use crate::search::pseudocode::{Line, Phase, line, plain};
use crate::search::session::SearchKind;
use crate::search::session::Session;

/// The rank.
pub const RANK: Meaning = Meaning {
    name: "rank",
    meaning: "the node's rank among its siblings: by pn under an OR parent, by dn under an AND parent, 1 for the least, ties sharing a rank (the root's is 1)",
};

/// The pseudocode of PN-MCTS, each line tagged with its phase (the page lights the phase it
/// is showing).
pub const PSEUDOCODE: &[Line] = &[
    plain("pn-mcts(root):"),
    line(
        Phase::Stop,
        "  while no limit is reached and root.pn ≠ 0 and root.dn ≠ 0:",
    ),
    line(Phase::Select, "    n ← root"),
    line(
        Phase::Select,
        "    while n is expanded and not a finished game:",
    ),
    line(
        Phase::Select,
        "      n ← the child with the highest UCT-PN = mean + C·√(ln N / n_visits) + C_pn·rank bonus",
    ),
    line(
        Phase::Expand,
        "    expand n: all its children at once, each at pn = dn = 1 (finished: 0/∞ or ∞/0)",
    ),
    line(
        Phase::Evaluate,
        "    r ← the result of a random play-out from n",
    ),
    line(
        Phase::Backup,
        "    for n and each ancestor: visits += 1, total += r; pn and dn backed up as in PNS",
    ),
    line(
        Phase::Stop,
        "  return the proving move if root.pn = 0, else the root child with the most visits",
    ),
];

/// PN-MCTS in the catalogue.
pub struct PnMctsSearch;

impl SearchKind for PnMctsSearch {
    const INFO: SearchInfo = SearchInfo {
        id: "pnmcts",
        title: "PN-MCTS",
        help: "MCTS whose UCT value is biased by each child's proof-number rank, all children expanded at once (PN-MCTS paper §IV, formula (2))",
        family: Family::Mcts,
        capabilities: super::CAPABILITIES,
        params: &[C, CPN, SOLVER, PLAYOUT],
        explain: Explain {
            pseudocode: PSEUDOCODE,
            summary: "PN-MCTS is MCTS whose selection also listens to proof-number search: every node keeps pn and dn (the fewest leaves to prove or disprove it, a draw counting as a loss under goal win and as a win under not-lose), each child is ranked among its siblings by pn at OR nodes and dn at AND nodes, and the better its rank the larger its bonus C_pn·(1 − rank/max rank) in the UCT value. A leaf gets all its children at once. The move it plays is a proven child when the root is proven (pn = 0), else the most visited child (ties: the greater mean, then move order). With the solver on, a proven root stops it with an exact verdict.",
            values: &[VISITS, MEAN, PN, DN, RANK],
            formulas: &[
                MEAN_RULE,
                PN_RULE,
                EXPAND_ALL_RULE,
                PN_BACKUP_RULE,
                SOLVER_RULE,
            ],
            selection: "From the root: while the node is expanded and not a finished game, the child maximising v_i + C·sqrt(ln n_p / n_i) + C_pn·(1 − rank_i / max rank) (unvisited children first; ties at random, seeded; resolved children skipped with the solver); a leaf with visits gets all its children, one is picked by the same formula and a random play-out runs from it.",
            params: "C (default √2) weighs exploration, C_pn (cpn, default 1) the rank bonus (0: UCT with full expansion); solver (default on) stops at a proven root; playout (default off) cuts play-outs after that many moves as a draw, as Ludii's UCT does at 200. Seed fixes every random choice; goal decides pn/dn of finished games; node, time and iteration limits stop it with out.",
            source: "Doe, Winands, Soemers and Browne, Combining MCTS and PNS, §IV, formula (2), with §II (MCTS) and §III (PNS's numbers); Winands, Björnsson and Saito, MCTS-Solver (CG 2008).",
        },
    };

    fn build<G: Catalogued>(root: G, question: Question, params: &Params) -> Box<dyn Session> {
        super::session(
            &Self::INFO,
            root,
            question,
            super::Config::from_params(params, true),
            params,
        )
    }
}

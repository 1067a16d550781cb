//! Names of games and searches, as the CLI, share links and the worker protocol spell them
//! (SPEC.md §5), and what the engine tells the page about itself.

use serde::Serialize;

/// A game the engine knows, as listed to the page.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GameInfo {
    /// The name used on the CLI, in links and in worker messages.
    pub name: &'static str,
    /// A human title.
    pub title: &'static str,
}

/// A search the engine knows, as listed to the page.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SearchInfo {
    /// The name used on the CLI, in links and in worker messages.
    pub name: &'static str,
    /// A human title.
    pub title: &'static str,
}

/// Every game name of SPEC.md §5 (`connect4:WxH` stands for any other Connect Four size).
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        name: "othello",
        title: "Othello 8×8",
    },
    GameInfo {
        name: "othello6",
        title: "Othello 6×6",
    },
    GameInfo {
        name: "othello4",
        title: "Othello 4×4",
    },
    GameInfo {
        name: "connect4",
        title: "Connect Four 7×6",
    },
    GameInfo {
        name: "tictactoe",
        title: "Tic-tac-toe",
    },
    GameInfo {
        name: "2048:2x2",
        title: "2048 on 2×2",
    },
    GameInfo {
        name: "2048:4x4",
        title: "2048 on 4×4",
    },
];

/// Every search name of SPEC.md §5.
pub const SEARCHES: &[SearchInfo] = &[
    SearchInfo {
        name: "pns",
        title: "Proof-number search",
    },
    SearchInfo {
        name: "ppns",
        title: "Probability-based PNS",
    },
    SearchInfo {
        name: "ppns-precise",
        title: "PPNS, precise mode",
    },
    SearchInfo {
        name: "mcpns",
        title: "Monte-Carlo PNS",
    },
    SearchInfo {
        name: "pp",
        title: "Product propagation",
    },
    SearchInfo {
        name: "dfpn",
        title: "Depth-first PNS (df-pn)",
    },
    SearchInfo {
        name: "mcts",
        title: "Monte-Carlo tree search",
    },
    SearchInfo {
        name: "pnmcts",
        title: "PN-MCTS",
    },
    SearchInfo {
        name: "alphabeta",
        title: "Alpha-beta (exact)",
    },
];

/// The engine's answer to the worker protocol's `hello` (SPEC.md §7).
#[derive(Clone, Debug, Serialize)]
pub struct Hello {
    /// The crate version.
    pub version: &'static str,
    /// The games it knows.
    pub games: &'static [GameInfo],
    /// The searches it knows.
    pub searches: &'static [SearchInfo],
}

/// What the engine says about itself.
///
/// ```
/// let hello = pnplay::engine::hello();
/// assert_eq!(hello.version, pnplay::VERSION);
/// assert!(hello.games.iter().any(|g| g.name == "othello"));
/// ```
#[must_use]
pub fn hello() -> Hello {
    Hello {
        version: crate::VERSION,
        games: GAMES,
        searches: SEARCHES,
    }
}

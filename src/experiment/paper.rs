//! The published numbers our experiments reproduce, as data, so tables and plots can show
//! them beside ours (always labelled as the paper's).
//!
//! Sources (in `seeds/`):
//!
//! * Primanita, Khalid, Iida, *Characterizing the Nature of Probability-Based Proof Number
//!   Search: A Case Study in the Othello and Connect Four Games*, Information 11(5):264,
//!   2020: Table 2 (Othello, PNS / MCPNS / PPNS at 18, 26, 32 random moves), Table 3 (PPNS at
//!   18, 22, 26, 32, 36, 40), Figure 4 and §4.2 (Connect Four: concluded positions of 200 for
//!   PNS, MCPNS, PPNS without pr), §4.2 on Figure 6 (the best grid setting, θ = 0.001 and
//!   pr = 0.001, concluded 135), Table 1 (mean seconds and nodes of each PPNS setting).
//!   200 positions per stage; limits 8,000,000 nodes or 600 s (Othello), 35,000,000 nodes or
//!   420 s (Connect Four); PPNS θ = 0.01, 60 playouts, pr = 1e-5 for Othello.
//! * Primanita's dissertation, Table 4.2: mean iterations and nodes over the six 2×2 2048
//!   starts with two 2-tiles, objectives 16 and 32 (PPN-Search with θ = 0.01, pr = 1e-4,
//!   60 playouts); every search proved every start.
//!
//! * The dissertation's Tables 3.1–3.3 print the PPNS paper's Tables 1–3 again, number for
//!   number (its §3.5), so they are the same rows here.
//! * Published numbers that are not rows of those experiments are [`PaperCell`]s, a table's
//!   cell by its row and column ([`CELLS`]): the PN-MCTS paper's Table I (simulations per
//!   second) and Table II (win rate of PN-MCTS against MCTS, with its ± as printed), §V-D2's
//!   1,000-simulation games, §V-D3's 94 % at 5 s; the dissertation's Table 5.1 (expectimax on
//!   4×4 2048) and Table 5.2 (motion in mind).
//!
//! Figure 4's split between solved and unsolved and Figure 6's other bars are drawn, not
//! printed, so only the totals the text gives are here. Table 3's row for 36 moves prints
//! 97 solved, 94 unsolved, 8 out and 95.50 %: the counts add up to 199, and 95.5 % of 200 is
//! 191 concluded, so one count is misprinted; it is kept as printed.

use serde::Serialize;

use super::{SearchSpec, Setting, Stage};

/// Which published experiment a row belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Experiment {
    /// Othello completion by stage (paper Tables 2 and 3).
    OthelloStages,
    /// Connect Four at 12 random plies, PNS, MCPNS and the PPNS θ × pr grid (paper Figure 4,
    /// §4.2, Table 1).
    Connect4Grid,
    /// 2×2 2048 from the six two-2-tile starts (dissertation Table 4.2).
    G2048,
}

impl Experiment {
    /// Every published experiment.
    pub const ALL: [Experiment; 3] = [
        Experiment::OthelloStages,
        Experiment::Connect4Grid,
        Experiment::G2048,
    ];

    /// Its name: `othello-stages`, `connect4-grid`, `2048`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Experiment::OthelloStages => "othello-stages",
            Experiment::Connect4Grid => "connect4-grid",
            Experiment::G2048 => "2048",
        }
    }

    /// The experiment named `name` ([`Experiment::name`]).
    ///
    /// ```
    /// use pnplay::experiment::paper::Experiment;
    /// assert_eq!(Experiment::from_name("connect4-grid"), Some(Experiment::Connect4Grid));
    /// assert_eq!(Experiment::from_name("chess"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Experiment> {
        Experiment::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The published stages experiment for a game, if the papers have one (Othello 8×8).
    #[must_use]
    pub fn for_stages(spec: &crate::engine::GameSpec) -> Option<Experiment> {
        (spec.to_string() == "othello").then_some(Experiment::OthelloStages)
    }
}

/// The settings a published experiment ran with: positions per stage, its limits, and the
/// PPNS parameters (PPNS paper §4: θ = 0.01, 60 playouts, pr = 1e-5 for Othello; limits
/// 8,000,000 nodes or 600 s), so a reproduction can start from them and say where it differs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PaperSettings {
    /// Positions per stage.
    pub n: u32,
    /// The node limit.
    pub nodes: u64,
    /// The time limit in seconds.
    pub seconds: f64,
    /// PPNS's θ.
    pub theta: f64,
    /// Random playouts per new leaf.
    pub playouts: u32,
    /// PPNS's precision rate (`None`: off).
    pub pr: Option<f64>,
}

impl Experiment {
    /// The settings of a published stages experiment (`None` for the others).
    ///
    /// ```
    /// use pnplay::experiment::paper::Experiment;
    /// let settings = Experiment::OthelloStages.stage_settings().unwrap();
    /// assert_eq!((settings.n, settings.nodes, settings.pr), (200, 8_000_000, Some(1e-5)));
    /// ```
    #[must_use]
    pub const fn stage_settings(self) -> Option<PaperSettings> {
        match self {
            Experiment::OthelloStages => Some(PaperSettings {
                n: 200,
                nodes: 8_000_000,
                seconds: 600.0,
                theta: 0.01,
                playouts: 60,
                pr: Some(1e-5),
            }),
            Experiment::Connect4Grid | Experiment::G2048 => None,
        }
    }
}

/// One published result for one stage and search. `None` where the source gives no number.
/// It serializes as its numbers (from `source` on), as the results viewer shows them: the
/// stage and search are said beside it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PaperRow {
    /// Where it is printed.
    pub source: &'static str,
    /// The stage: random moves (Othello, Connect Four) or the 2048 objective tile.
    #[serde(skip)]
    pub stage: u32,
    /// The search.
    #[serde(skip)]
    pub algo: &'static str,
    /// θ and pr for a grid row.
    #[serde(skip)]
    pub setting: Option<Setting>,
    /// Positions run.
    pub n: u32,
    /// Positions solved (proved, and for PPNS also concluded as wins).
    pub solved: Option<u32>,
    /// Positions unsolved (disproved, and for PPNS also concluded as losses).
    pub unsolved: Option<u32>,
    /// Positions out of bounds.
    pub out: Option<u32>,
    /// Solved + unsolved: printed as a total, or the sum of the two counts.
    pub concluded: Option<u32>,
    /// The completion percentage as printed (or the total over `n`).
    pub completion: Option<f64>,
    /// Mean iterations.
    pub mean_iterations: Option<f64>,
    /// Mean nodes.
    pub mean_nodes: Option<f64>,
    /// Mean seconds.
    pub mean_seconds: Option<f64>,
}

impl PaperRow {
    /// The counts in the tables' order: solved, unsolved, out, concluded.
    #[must_use]
    pub const fn counts(&self) -> [Option<u32>; 4] {
        [self.solved, self.unsolved, self.out, self.concluded]
    }

    /// The numbers in the tables' order: completion, mean iterations, nodes and seconds.
    #[must_use]
    pub const fn numbers(&self) -> [Option<f64>; 4] {
        [
            self.completion,
            self.mean_iterations,
            self.mean_nodes,
            self.mean_seconds,
        ]
    }

    /// Whether the row is about `stage` and `search` of our run of `experiment`.
    #[must_use]
    pub fn matches(&self, stage: &Stage, search: &SearchSpec) -> bool {
        stage_number(stage) == Some(self.stage)
            && self.algo == search.algo.id
            && self.setting == search.setting
    }
}

/// The number a stage is published under: the move count, or the number at the end of a
/// name such as `objective 16`.
fn stage_number(stage: &Stage) -> Option<u32> {
    match stage {
        Stage::Moves(moves) => Some(*moves),
        Stage::Named(name) => name.rsplit(' ').next()?.parse().ok(),
    }
}

const TABLE_2: &str = "paper Table 2";
const TABLE_3: &str = "paper Table 3";
const FIGURE_4: &str = "paper Figure 4";
const FIGURE_6: &str = "paper Figure 6";
const TABLE_1: &str = "paper Table 1";
const TABLE_4_2: &str = "dissertation Table 4.2";

const EMPTY: PaperRow = PaperRow {
    source: "",
    stage: 0,
    algo: "pns",
    setting: None,
    n: 200,
    solved: None,
    unsolved: None,
    out: None,
    concluded: None,
    completion: None,
    mean_iterations: None,
    mean_nodes: None,
    mean_seconds: None,
};

/// An Othello row with counts of 200.
const fn othello(
    source: &'static str,
    stage: u32,
    algo: &'static str,
    counts: [u32; 3],
    completion: f64,
) -> PaperRow {
    PaperRow {
        source,
        stage,
        algo,
        solved: Some(counts[0]),
        unsolved: Some(counts[1]),
        out: Some(counts[2]),
        concluded: Some(counts[0] + counts[1]),
        completion: Some(completion),
        ..EMPTY
    }
}

/// A Connect Four PPNS grid row from Table 1.
const fn grid(theta: f64, pr: Option<f64>, seconds: f64, nodes: f64) -> PaperRow {
    PaperRow {
        source: TABLE_1,
        stage: 12,
        algo: "ppns",
        setting: Some(Setting { theta, pr }),
        mean_seconds: Some(seconds),
        mean_nodes: Some(nodes),
        ..EMPTY
    }
}

/// A 2048 row of Table 4.2 (six starts).
const fn g2048(objective: u32, algo: &'static str, iterations: f64, nodes: f64) -> PaperRow {
    PaperRow {
        source: TABLE_4_2,
        stage: objective,
        algo,
        n: 6,
        solved: Some(6),
        unsolved: Some(0),
        out: Some(0),
        concluded: Some(6),
        completion: Some(100.0),
        mean_iterations: Some(iterations),
        mean_nodes: Some(nodes),
        ..EMPTY
    }
}

/// Othello: Table 2 (all three searches at 18, 26, 32) and Table 3's PPNS rows for the
/// stages Table 2 lacks (22, 36, 40); the two tables agree where they overlap.
pub const OTHELLO: &[PaperRow] = &[
    othello(TABLE_2, 18, "ppns", [52, 56, 92], 54.0),
    othello(TABLE_2, 18, "pns", [12, 1, 187], 6.5),
    othello(TABLE_2, 18, "mcpns", [5, 4, 191], 4.5),
    othello(TABLE_3, 22, "ppns", [60, 57, 83], 58.5),
    othello(TABLE_2, 26, "ppns", [63, 88, 49], 75.5),
    othello(TABLE_2, 26, "pns", [19, 16, 165], 17.5),
    othello(TABLE_2, 26, "mcpns", [10, 10, 180], 10.0),
    othello(TABLE_2, 32, "ppns", [82, 91, 27], 86.5),
    othello(TABLE_2, 32, "pns", [39, 39, 122], 39.0),
    othello(TABLE_2, 32, "mcpns", [6, 37, 157], 21.5),
    othello(TABLE_3, 36, "ppns", [97, 94, 8], 95.5),
    othello(TABLE_3, 40, "ppns", [83, 117, 0], 100.0),
];

/// Connect Four at 12 plies: Figure 4's totals (PPNS there is θ = 0.01 without pr), the best
/// grid setting from Figure 6, and Table 1's means for every PPNS setting.
pub const CONNECT4: &[PaperRow] = &[
    PaperRow {
        source: FIGURE_4,
        stage: 12,
        algo: "pns",
        concluded: Some(122),
        completion: Some(61.0),
        ..EMPTY
    },
    PaperRow {
        source: FIGURE_4,
        stage: 12,
        algo: "mcpns",
        concluded: Some(82),
        completion: Some(41.0),
        ..EMPTY
    },
    PaperRow {
        source: FIGURE_4,
        concluded: Some(102),
        completion: Some(51.0),
        ..grid(0.01, None, 251.180925, 2_004_052.895)
    },
    grid(0.01, Some(1e-3), 183.256315, 1_323_718.975),
    grid(0.01, Some(1e-4), 214.63364, 1_582_187.985),
    grid(0.01, Some(1e-5), 226.707205, 1_667_750.875),
    PaperRow {
        source: FIGURE_6,
        concluded: Some(135),
        completion: Some(67.5),
        ..grid(0.001, Some(1e-3), 174.90736, 1_269_587.96)
    },
    grid(0.001, Some(1e-4), 217.987025, 1_614_710.08),
    grid(0.001, Some(1e-5), 229.07937, 1_638_641.2),
];

/// 2×2 2048, objectives 16 and 32.
pub const G2048: &[PaperRow] = &[
    g2048(16, "pns", 6.0, 15.67),
    g2048(32, "pns", 11.0, 32.33),
    g2048(16, "mcpns", 4.0, 12.33),
    g2048(32, "mcpns", 4.67, 15.67),
    g2048(16, "ppns", 2.0, 7.5),
    g2048(32, "ppns", 2.0, 8.67),
];

/// The published rows of an experiment.
#[must_use]
pub fn rows(experiment: Experiment) -> &'static [PaperRow] {
    match experiment {
        Experiment::OthelloStages => OTHELLO,
        Experiment::Connect4Grid => CONNECT4,
        Experiment::G2048 => G2048,
    }
}

/// A published number that is not a row of an experiment's records table: a table's cell by
/// its row and column, with the ± the table prints beside it, if any.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PaperCell {
    /// Where it is printed.
    pub source: &'static str,
    /// The table's row (a game, a depth).
    pub row: &'static str,
    /// The table's column (a time setting, a quantity).
    pub column: &'static str,
    /// The number as printed.
    pub value: f64,
    /// The ± printed beside it.
    pub plus_minus: Option<f64>,
}

const PN_MCTS_TABLE_I: &str = "PN-MCTS paper Table I";
const PN_MCTS_TABLE_II: &str = "PN-MCTS paper Table II";
const PN_MCTS_V_D2: &str = "PN-MCTS paper §V-D2";
const PN_MCTS_V_D3: &str = "PN-MCTS paper §V-D3";
const TABLE_5_1: &str = "dissertation Table 5.1";
const TABLE_5_2: &str = "dissertation Table 5.2";

const fn cell(
    source: &'static str,
    row: &'static str,
    column: &'static str,
    value: f64,
) -> PaperCell {
    PaperCell {
        source,
        row,
        column,
        value,
        plus_minus: None,
    }
}

/// A Table II cell: PN-MCTS's win rate in % against MCTS with its printed ±.
const fn win_rate(
    row: &'static str,
    column: &'static str,
    value: f64,
    plus_minus: f64,
) -> PaperCell {
    PaperCell {
        plus_minus: Some(plus_minus),
        ..cell(PN_MCTS_TABLE_II, row, column, value)
    }
}

/// Every published cell (see the module's list of sources).
pub const CELLS: &[PaperCell] = &[
    cell(PN_MCTS_TABLE_I, "LOA 8×8", "PN-MCTS", 172.84),
    cell(PN_MCTS_TABLE_I, "LOA 8×8", "MCTS", 188.95),
    cell(PN_MCTS_TABLE_I, "LOA 8×8", "ratio", 0.91),
    cell(PN_MCTS_TABLE_I, "LOA 7×7", "PN-MCTS", 312.89),
    cell(PN_MCTS_TABLE_I, "LOA 7×7", "MCTS", 341.34),
    cell(PN_MCTS_TABLE_I, "LOA 7×7", "ratio", 0.92),
    cell(PN_MCTS_TABLE_I, "Awari", "PN-MCTS", 898.82),
    cell(PN_MCTS_TABLE_I, "Awari", "MCTS", 913.69),
    cell(PN_MCTS_TABLE_I, "Awari", "ratio", 0.98),
    cell(PN_MCTS_TABLE_I, "MiniShogi", "PN-MCTS", 83.40),
    cell(PN_MCTS_TABLE_I, "MiniShogi", "MCTS", 89.51),
    cell(PN_MCTS_TABLE_I, "MiniShogi", "ratio", 0.93),
    cell(PN_MCTS_TABLE_I, "Knightthrough", "PN-MCTS", 1104.23),
    cell(PN_MCTS_TABLE_I, "Knightthrough", "MCTS", 1342.30),
    cell(PN_MCTS_TABLE_I, "Knightthrough", "ratio", 0.82),
    win_rate("LOA 8×8", "0.1 s", 65.2, 5.90),
    win_rate("LOA 8×8", "1.0 s", 87.6, 4.09),
    win_rate("LOA 8×8", "2.0 s", 92.4, 3.28),
    win_rate("MiniShogi", "0.1 s", 86.0, 4.30),
    win_rate("MiniShogi", "1.0 s", 76.8, 5.23),
    win_rate("MiniShogi", "2.0 s", 67.2, 5.82),
    win_rate("Knightthrough", "0.1 s", 46.0, 6.18),
    win_rate("Knightthrough", "1.0 s", 60.4, 6.06),
    win_rate("Knightthrough", "2.0 s", 63.6, 5.96),
    win_rate("Awari", "0.1 s", 61.2, 6.04),
    win_rate("Awari", "1.0 s", 49.8, 6.20),
    win_rate("Awari", "2.0 s", 31.1, 5.74),
    win_rate("Gomoku", "0.1 s", 32.4, 5.80),
    win_rate("Gomoku", "1.0 s", 9.6, 3.65),
    win_rate("Gomoku", "2.0 s", 11.2, 3.91),
    cell(
        PN_MCTS_V_D2,
        "LOA 8×8, 1,000 simulations a move",
        "wins of 100 at C_pn = 1",
        99.0,
    ),
    cell(
        PN_MCTS_V_D2,
        "LOA 8×8, 1,000 simulations a move",
        "wins of 100 at C_pn = 10⁶",
        9.0,
    ),
    cell(PN_MCTS_V_D3, "LOA 8×8", "win rate % at 5 s", 94.0),
    cell(TABLE_5_1, "d = 2", "highest tile 512", 5.0),
    cell(TABLE_5_1, "d = 2", "highest tile 1024", 7.0),
    cell(TABLE_5_1, "d = 2", "highest tile 2048", 7.0),
    cell(TABLE_5_1, "d = 2", "highest tile 4096", 1.0),
    cell(TABLE_5_1, "d = 2", "average score", 20212.00),
    cell(TABLE_5_1, "d = 2", "average steps", 1031.00),
    cell(TABLE_5_1, "d = 3", "highest tile 512", 0.0),
    cell(TABLE_5_1, "d = 3", "highest tile 1024", 9.0),
    cell(TABLE_5_1, "d = 3", "highest tile 2048", 10.0),
    cell(TABLE_5_1, "d = 3", "highest tile 4096", 1.0),
    cell(TABLE_5_1, "d = 3", "average score", 25163.00),
    cell(TABLE_5_1, "d = 3", "average steps", 1244.00),
    cell(TABLE_5_1, "d = 4", "highest tile 512", 2.0),
    cell(TABLE_5_1, "d = 4", "highest tile 1024", 4.0),
    cell(TABLE_5_1, "d = 4", "highest tile 2048", 10.0),
    cell(TABLE_5_1, "d = 4", "highest tile 4096", 4.0),
    cell(TABLE_5_1, "d = 4", "average score", 32866.25),
    cell(TABLE_5_1, "d = 4", "average steps", 1537.05),
    cell(TABLE_5_2, "d = 2, highest 1024", "v", 0.32782),
    cell(TABLE_5_2, "d = 2, highest 1024", "M", 0.67218),
    cell(TABLE_5_2, "d = 2, highest 1024", "p", 0.21517),
    cell(TABLE_5_2, "d = 2, highest 1024", "E_p", 0.14447),
    cell(TABLE_5_2, "d = 2, highest 2048", "v", 0.32727),
    cell(TABLE_5_2, "d = 2, highest 2048", "M", 0.67273),
    cell(TABLE_5_2, "d = 2, highest 2048", "p", 0.21383),
    cell(TABLE_5_2, "d = 2, highest 2048", "E_p", 0.14411),
    cell(TABLE_5_2, "d = 3, highest 1024", "v", 0.49763),
    cell(TABLE_5_2, "d = 3, highest 1024", "M", 0.50237),
    cell(TABLE_5_2, "d = 3, highest 1024", "p", 0.24464),
    cell(TABLE_5_2, "d = 3, highest 1024", "E_p", 0.24881),
    cell(TABLE_5_2, "d = 3, highest 2048", "v", 0.45281),
    cell(TABLE_5_2, "d = 3, highest 2048", "M", 0.54719),
    cell(TABLE_5_2, "d = 3, highest 2048", "p", 0.22709),
    cell(TABLE_5_2, "d = 3, highest 2048", "E_p", 0.22439),
    cell(TABLE_5_2, "d = 4, highest 1024", "v", 0.36248),
    cell(TABLE_5_2, "d = 4, highest 1024", "M", 0.63752),
    cell(TABLE_5_2, "d = 4, highest 1024", "p", 0.18039),
    cell(TABLE_5_2, "d = 4, highest 1024", "E_p", 0.16753),
    cell(TABLE_5_2, "d = 4, highest 2048", "v", 0.44654),
    cell(TABLE_5_2, "d = 4, highest 2048", "M", 0.55346),
    cell(TABLE_5_2, "d = 4, highest 2048", "p", 0.21766),
    cell(TABLE_5_2, "d = 4, highest 2048", "E_p", 0.22072),
    cell(TABLE_5_2, "d = 5, highest 1024", "v", 0.38209),
    cell(TABLE_5_2, "d = 5, highest 1024", "M", 0.61791),
    cell(TABLE_5_2, "d = 5, highest 1024", "p", 0.17264),
    cell(TABLE_5_2, "d = 5, highest 1024", "E_p", 0.18042),
    cell(TABLE_5_2, "d = 5, highest 2048", "v", 0.28728),
    cell(TABLE_5_2, "d = 5, highest 2048", "M", 0.71272),
    cell(TABLE_5_2, "d = 5, highest 2048", "p", 0.18343),
    cell(TABLE_5_2, "d = 5, highest 2048", "E_p", 0.11764),
];

/// Every source of a published row or cell, in first-seen order (`paper Table 2`, …).
#[must_use]
pub fn sources() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let rows = Experiment::ALL
        .iter()
        .flat_map(|e| rows(*e))
        .map(|r| r.source);
    for source in rows.chain(CELLS.iter().map(|c| c.source)) {
        if !out.contains(&source) {
            out.push(source);
        }
    }
    out
}

/// The published row for `stage` and `search` of `experiment`, if there is one.
///
/// ```
/// use pnplay::experiment::{SearchSpec, Stage, paper::{Experiment, lookup}};
/// use pnplay::search::catalogue::find;
/// let pns = SearchSpec::plain(find("pns").unwrap());
/// let row = lookup(Experiment::OthelloStages, &Stage::Moves(32), &pns).unwrap();
/// assert_eq!((row.solved, row.unsolved, row.out), (Some(39), Some(39), Some(122)));
/// assert!(lookup(Experiment::OthelloStages, &Stage::Moves(22), &pns).is_none());
/// ```
#[must_use]
pub fn lookup(
    experiment: Experiment,
    stage: &Stage,
    search: &SearchSpec,
) -> Option<&'static PaperRow> {
    rows(experiment)
        .iter()
        .find(|row| row.matches(stage, search))
}

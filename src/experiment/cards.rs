//! The Papers view's cards (issue 33): one card per table and figure of the seeds, written as
//! data in each results folder (`results/<experiment>/cards.json`) beside the records and
//! the README they point to. A card says where the item is printed, which of the engine's
//! paper tables hold its published numbers ([`super::paper`]; the card never repeats them),
//! which records are ours, a status with its reason, the command, commit and machine, and how
//! to rerun a small version of it in the page (a stages experiment, a match point or a round
//! robin, as the Stages and Arena views run them; simulation rates, the 2048 experiment,
//! a PPN history, 2048 games played by expectimax or searches run on one position, in the
//! page's worker).
//!
//! [`read`] parses a card file and checks what can be checked without the disk (every paper
//! source exists, the status and rerun are well formed); [`check_folder`] also checks that
//! the files a card names exist in its folder.
//!
//! ```
//! use pnplay::experiment::cards::{Status, read};
//! let text = r#"{"cards":[{"id":"x","title":"PPNS on Othello","seed":"PPNS paper, Table 3",
//!   "paper":["paper Table 3"],"records":[],"status":"not-yet-run",
//!   "reason":"Not run yet: it needs 200 positions a stage.","evidence":"README.md"}]}"#;
//! let cards = read(text).unwrap();
//! assert_eq!(cards[0].status, Status::NotYetRun);
//! assert!(read(&text.replace("paper Table 3", "paper Table 9")).is_err());
//! // A θ × pr grid rerun (`pnplay experiment connect4`) has one stage, its plies.
//! let grid = |stages: &str| text.replace(r#""evidence""#, &format!(
//!     r#""rerun":{{"kind":"stages","game":"connect4","stages":[{stages}],"positions":2,
//!     "algos":["ppns"],"options":{{}},"grid":{{"thetas":[0.01],"prs":[null,0.001]}}}},"evidence""#));
//! assert!(read(&grid("12")).is_ok());
//! assert!(read(&grid("12,14")).unwrap_err().to_string().contains("a grid rerun has one stage"));
//! // A rates rerun (`pnplay bench`, PN-MCTS Table I) names the paper's row of each game.
//! let rates = |rows: &str| text.replace(r#""evidence""#, &format!(
//!     r#""rerun":{{"kind":"rates","games":["loa","awari"],"paper_rows":[{rows}],
//!     "searches":["mcts","pnmcts"],"options":{{}},"seconds":1,"seed":1}},"evidence""#));
//! assert!(read(&rates(r#""LOA 8×8","Awari""#)).is_ok());
//! assert!(read(&rates(r#""LOA 8×8""#)).unwrap_err().to_string().contains("a paper row for each"));
//! // A 2048 play rerun (`pnplay play2048`) has settings the command line takes.
//! let play = |depths: &str| text.replace(r#""evidence""#, &format!(
//!     r#""rerun":{{"kind":"play2048","depths":[{depths}],"games":4,"seed":1,"tau":1.5,
//!     "draws":"scn","committed":"x.jsonl.gz"}},"evidence""#));
//! assert!(read(&play("2,3")).is_ok());
//! assert!(read(&play("9")).unwrap_err().to_string().contains("depth: 9 is not from 1 to 8"));
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::paper::sources;
use crate::error::Error;
use crate::game::error::Elided;

/// How our numbers stand against the paper's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Our numbers agree with the paper's (within the intervals, or exactly).
    Reproduced,
    /// The same trend or ranking, other numbers.
    SameShape,
    /// A difference that the reason names; the separating experiment may be open.
    Differs,
    /// No committed experiment yet; the reason says what it would take.
    NotYetRun,
}

/// A small version of the card's experiment that a browser can run, as the page's views run
/// it (with the same records as the CLI's command of the same settings).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Rerun {
    /// A stages experiment (`pnplay experiment stages`, the Stages view).
    Stages {
        /// The game.
        game: String,
        /// Random moves of each stage.
        stages: Vec<u32>,
        /// Positions per stage.
        positions: u32,
        /// Search ids.
        algos: Vec<String>,
        /// The search parameters and limits, by the schema's keys (`nodes`, `time`, `pr`, `s`).
        options: serde_json::Map<String, serde_json::Value>,
        /// A θ × pr grid (`pnplay experiment connect4`, one stage: its plies), if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grid: Option<Grid>,
    },
    /// One match (`pnplay match`, the Arena view): a point of a sweep.
    Match {
        /// The game.
        game: String,
        /// Agent A's text form.
        a: String,
        /// Agent B's text form.
        b: String,
        /// Games.
        games: u32,
        /// `random:K` or `none`.
        openings: String,
        /// The match's seed.
        seed: u64,
    },
    /// A round robin (`pnplay tournament`): every pair's match played by the Arena view, one
    /// pair after the other.
    Tournament {
        /// The game.
        game: String,
        /// The agents' text forms, two or more.
        agents: Vec<String>,
        /// Games per pair.
        games_per_pair: u32,
        /// `random:K` or `none`.
        openings: String,
        /// The tournament's seed.
        seed: u64,
    },
    /// Simulations per second (`pnplay bench --search`, the PN-MCTS paper's Table I): each
    /// search from the start of each game for `seconds`, in the page's worker.
    Rates {
        /// The games.
        games: Vec<String>,
        /// Each game's row in the paper's table (`LOA 8×8`), in the order of `games`.
        paper_rows: Vec<String>,
        /// Search ids.
        searches: Vec<String>,
        /// The searches' parameters by the schema's keys (`solver`, `playout`).
        options: serde_json::Map<String, serde_json::Value>,
        /// Seconds per game and search.
        seconds: f64,
        /// The playouts' seed.
        seed: u64,
    },
    /// The 2048 experiment (`pnplay experiment 2048`, the dissertation's Table 4.2), run whole
    /// in the page's worker.
    #[serde(rename = "2048")]
    G2048 {
        /// `2048:2x2`.
        game: String,
        /// Objective tiles.
        objectives: Vec<u32>,
        /// `and` or `or`: how spawns after slides are read.
        spawns: String,
        /// Search ids.
        algos: Vec<String>,
        /// The run's seed.
        seed: u64,
    },
    /// The root's PPN over the iterations of PPNS on one position (`pnplay experiment
    /// ppn-history --pos`, the PPNS paper's Figure 5), in the page's worker.
    PpnHistory {
        /// The game.
        game: String,
        /// The position.
        pos: String,
        /// θ, playouts, the playouts' seed and the node limit, by the schema's keys.
        options: serde_json::Map<String, serde_json::Value>,
    },
    /// 4×4 2048 played by expectimax (`pnplay play2048`, the dissertation's chapter 5): the
    /// games of the CLI's plan one by one in the page's worker, drawn as `draws` says beside
    /// the same drawn from the committed records `committed`.
    Play2048 {
        /// Expectimax depths in plies.
        depths: Vec<u32>,
        /// Games per depth.
        games: u32,
        /// The run's seed.
        seed: u64,
        /// τ of the thresholds.
        tau: f64,
        /// What is drawn.
        draws: Draws2048,
        /// The committed records drawn beside (a JSON Lines file of the card's folder).
        committed: String,
    },
    /// Searches run to their end on one position (`pnplay solve --json`), in the page's
    /// worker: the slides' worked figures.
    Solve {
        /// The game.
        game: String,
        /// The position.
        pos: String,
        /// The searches, each with its parameters.
        settings: Vec<SolveSetting>,
    },
}

/// What a 2048 play rerun draws: one of `pnplay play2048`'s tables, or its SCN plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Draws2048 {
    /// Table 5.1: highest tiles, scores, steps.
    #[serde(rename = "table-5-1")]
    Table51,
    /// Table 5.2: motion in mind.
    #[serde(rename = "table-5-2")]
    Table52,
    /// The normalised SCN over the steps, T1 and T2 (Figures 5-3 to 5-6).
    #[serde(rename = "scn")]
    Scn,
}

/// One search of a solve rerun: `pnplay solve --algo` with its parameter flags.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveSetting {
    /// The search id.
    pub algo: String,
    /// Its parameters by the schema's keys (`ghi`).
    pub options: serde_json::Map<String, serde_json::Value>,
}

/// The θ × pr grid of a stages rerun: the searches that read both run once per setting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// θ values.
    pub thetas: Vec<f64>,
    /// pr values (`null`: pr off).
    pub prs: Vec<Option<f64>>,
}

/// One card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Unique among all cards (the share link's `card`).
    pub id: String,
    /// What the item is.
    pub title: String,
    /// Where the seed prints it (paper, section, table or figure).
    pub seed: String,
    /// The sources of its published numbers in the engine's paper tables
    /// ([`super::paper::sources`]); empty when they are not there.
    pub paper: Vec<String>,
    /// Our records (JSON Lines the results viewer reads), relative to the card's folder.
    pub records: Vec<String>,
    /// Other raw files of the folder (measurements, logs, tables kept as printed).
    #[serde(default)]
    pub raw: Vec<String>,
    /// Records of `pnplay experiment ppn-history` (JSON Lines, [`super::ppn_history`]),
    /// drawn as the root's PPN over the iterations.
    #[serde(default)]
    pub histories: Vec<String>,
    /// The status.
    pub status: Status,
    /// Why, in one or two sentences (from the folder's README).
    pub reason: String,
    /// The evidence: a file of the folder (its README), optionally with `#anchor`.
    pub evidence: String,
    /// The exact CLI command.
    #[serde(default)]
    pub command: Option<String>,
    /// The commit it ran at.
    #[serde(default)]
    pub commit: Option<String>,
    /// The machine and load it ran on.
    #[serde(default)]
    pub machine: Option<String>,
    /// A small rerun in the page.
    #[serde(default)]
    pub rerun: Option<Rerun>,
}

/// A card file: `{"cards": [...]}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    cards: Vec<Card>,
}

fn bad(message: String) -> Error {
    Error::BadParameter {
        name: "cards".to_string(),
        message,
    }
}

/// Parses a card file and checks every card's paper sources and reason.
///
/// # Errors
/// Text that is not a card file, a card without a reason, or a paper source the engine's
/// tables do not hold (field `cards`, naming the card).
pub fn read(text: &str) -> Result<Vec<Card>, Error> {
    let file: CardFile = serde_json::from_str(text).map_err(|e| {
        bad(format!(
            "not a card file: {}",
            Elided::words(&e.to_string())
        ))
    })?;
    let known = sources();
    for card in &file.cards {
        if card.reason.trim().is_empty() {
            return Err(bad(format!("card {}: no reason", card.id)));
        }
        if let Some(source) = card.paper.iter().find(|s| !known.contains(&s.as_str())) {
            return Err(bad(format!(
                "card {}: the paper tables hold no source {source:?}",
                card.id
            )));
        }
        if let Some(Rerun::Stages {
            stages,
            grid: Some(_),
            ..
        }) = &card.rerun
            && stages.len() != 1
        {
            return Err(bad(format!(
                "card {}: a grid rerun has one stage (its plies), not {}",
                card.id,
                stages.len()
            )));
        }
        if let Some(Rerun::Rates {
            games, paper_rows, ..
        }) = &card.rerun
            && games.len() != paper_rows.len()
        {
            return Err(bad(format!(
                "card {}: a rates rerun names a paper row for each of its {} games, not {}",
                card.id,
                games.len(),
                paper_rows.len()
            )));
        }
        if let Some(Rerun::Play2048 {
            depths, games, tau, ..
        }) = &card.rerun
        {
            super::play2048::check_run(depths, *games, *tau)
                .map_err(|message| bad(format!("card {}: {message}", card.id)))?;
        }
        if card.status != Status::NotYetRun
            && card.records.is_empty()
            && card.histories.is_empty()
            && card.command.is_none()
        {
            return Err(bad(format!(
                "card {}: a run card needs its records or its command",
                card.id
            )));
        }
    }
    Ok(file.cards)
}

/// Reads `folder/cards.json` and checks that every file a card names (records, raw files,
/// evidence without its anchor) is in `folder`.
///
/// # Errors
/// As [`read`], an unreadable file, or a missing file (naming the card and the file).
pub fn check_folder(folder: &Path) -> Result<Vec<Card>, Error> {
    let path = folder.join("cards.json");
    let text =
        std::fs::read_to_string(&path).map_err(|e| bad(format!("{}: {e}", path.display())))?;
    let cards = read(&text)?;
    for card in &cards {
        let evidence = card.evidence.split('#').next().unwrap_or_default();
        let committed = match &card.rerun {
            Some(Rerun::Play2048 { committed, .. }) => Some(committed),
            _ => None,
        };
        let named = card
            .records
            .iter()
            .chain(&card.raw)
            .chain(&card.histories)
            .chain(committed)
            .map(String::as_str);
        for file in named.chain([evidence]) {
            if file.contains("..") || !folder.join(file).is_file() {
                return Err(bad(format!(
                    "card {}: {} has no file {file:?}",
                    card.id,
                    folder.display()
                )));
            }
        }
    }
    Ok(cards)
}

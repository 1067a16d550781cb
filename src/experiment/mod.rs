//! Position generators and batch runs for the papers' experiments (SPEC.md §5, §9).
//!
//! An experiment is a list of positions grouped in *stages* (the number of random moves that
//! made them, or the name of the file they came from), a list of searches, and limits. Each
//! (position, search) pair is one [`runner::Job`]; running it gives one [`Record`], the JSON
//! line of SPEC.md §5. The pieces:
//!
//! * [`generate`]: positions after uniformly random legal moves, read from a file, or the
//!   distinct openings chance deals (2048);
//! * [`runner`]: runs jobs one at a time (the wasm page's path) or on several threads
//!   (native), with results in a fixed order whatever the number of threads;
//! * [`verify`]: the exact answer of every position from an exact solver, and which verdicts
//!   contradict it;
//! * [`summary`]: the paper's table layout (proved / disproved / concluded / out, completion)
//!   as text and CSV;
//! * [`paper`]: the papers' published numbers, to print and draw beside ours;
//! * [`cards`]: the Papers view's cards, one per seed table and figure, read from results/;
//! * [`plot`]: a plain SVG line plot;
//! * [`ppn_history`]: the root's PPN over the iterations of PPNS on the positions a grid's
//!   records pick (the PPNS paper's Figure 5, the prolonged search);
//! * [`text_table`]: plain text tables with aligned columns, as the CLI prints them;
//! * [`results`]: a results file read back and summarised (the page's results viewer);
//! * [`tournament`]: round robins of agents (the Othello heuristics paper's Tables 1–2) with
//!   win rates and Bradley–Terry ratings;
//! * [`shard`]: one run split over machines (`--shard K/N`) and merged back;
//! * [`journal`]: records files claimed, written as a run goes and resumed.
//!
//! Nothing here knows the rules of a game: positions cross as text and games are reached by
//! name through [`crate::game::any::AnyPosition`].
//!
//! ```
//! use pnplay::experiment::{generate, runner::{Job, run_job}, Stage};
//! use pnplay::search::{Limits, catalogue::find, params::Params};
//!
//! let spec = "connect4".parse().unwrap();
//! let positions = generate::random_positions(&spec, 8, 2, 42).unwrap();
//! let job = Job::new(Stage::Moves(8), 0, &positions[0], find("pns").unwrap(), Params::default(), None);
//! let record = run_job(&spec, &job, Limits { max_nodes: Some(1000), ..Limits::default() }).unwrap();
//! assert_eq!(record.pos, positions[0]);
//! assert!(record.nodes <= 1000);
//! ```

pub use crate::engine::DEFAULT_STAGE_SEARCHES;

pub mod cards;
pub mod files;
pub mod generate;
pub mod journal;
#[cfg(not(target_arch = "wasm32"))]
pub mod matches;
pub mod mind;
pub mod paper;
pub mod play2048;
pub mod plot;
pub mod ppn_history;
pub mod pr_savings;
pub mod results;
pub mod runner;
pub mod shard;
pub mod summary;
pub mod text_table;
pub mod tournament;
pub mod verify;

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use crate::core::rng::derive_seed;

use crate::core::clock::micros;
use crate::game::Outcome;
use crate::game::error::Elided;
use crate::search::Verdict;
use crate::search::catalogue::SearchInfo;
use crate::search::view::Values;

/// What groups positions in an experiment: the number of random moves that made them, or a
/// name (the positions file's name, a 2048 objective).
///
/// In JSON a move count is a number and a name is a string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// Positions after this many random moves from the start.
    Moves(u32),
    /// Positions from a named source.
    Named(String),
}

impl Stage {
    /// A number that identifies the stage in seed derivation: the move count, or a hash
    /// (FNV-1a) of the name.
    #[must_use]
    pub fn seed_key(&self) -> u64 {
        match self {
            Stage::Moves(moves) => u64::from(*moves),
            Stage::Named(name) => name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
                (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
            }),
        }
    }

    /// The move count, for stages that have one (what a plot's x axis needs).
    #[must_use]
    pub fn moves(&self) -> Option<u32> {
        match self {
            Stage::Moves(moves) => Some(*moves),
            Stage::Named(_) => None,
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Moves(moves) => write!(f, "{moves}"),
            Stage::Named(name) => f.write_str(name),
        }
    }
}

impl Serialize for Stage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Stage::Moves(moves) => serializer.serialize_u32(*moves),
            Stage::Named(name) => serializer.serialize_str(name),
        }
    }
}

impl<'de> Deserialize<'de> for Stage {
    /// A stage from JSON: a number of moves or a name.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Stage, D::Error> {
        Ok(match StageLine::deserialize(deserializer)? {
            StageLine::Moves(moves) => Stage::Moves(moves),
            StageLine::Named(name) => Stage::Named(name),
        })
    }
}

/// The parameters that tell apart several runs of one search in a parameter grid (the
/// Connect Four θ × pr study). Records of such runs carry them as `"theta"` and `"pr"`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Setting {
    /// θ of the run.
    pub theta: f64,
    /// pr of the run (`null`: off).
    pub pr: Option<f64>,
}

/// How one search is run in an experiment: the search and, in a grid, its setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSpec {
    /// The search.
    pub algo: &'static SearchInfo,
    /// The grid setting that overrides θ and pr, if any.
    pub setting: Option<Setting>,
}

impl SearchSpec {
    /// A search run with the experiment's common parameters.
    #[must_use]
    pub const fn plain(algo: &'static SearchInfo) -> SearchSpec {
        SearchSpec {
            algo,
            setting: None,
        }
    }

    /// The name tables and plots use: the algorithm's name, then the setting if any, e.g.
    /// `ppns θ=0.001 pr=1e-3` or `ppns θ=0.01 pr=off`.
    #[must_use]
    pub fn label(&self) -> String {
        match self.setting {
            None => self.algo.id.to_string(),
            Some(Setting { theta, pr }) => {
                let pr = pr.map_or_else(|| "off".to_string(), |pr| format!("{pr:e}"));
                format!("{} θ={theta} pr={pr}", self.algo.id)
            }
        }
    }
}

/// One search of one position: the JSON line of SPEC.md §5.
///
/// ```json
/// {"stage":18,"index":0,"pos":"…","algo":"ppns","verdict":"concluded-win","iterations":12,
///  "nodes":131,"playouts":7860,"seconds":0.41,"peak_bytes":52400,
///  "root_value":{"kind":"probability","ppn":0.999991,"one_minus_ppn":0.000009},
///  "exact":"win","wrong":false}
/// ```
///
/// * `stage`: the number of random moves, or the positions file's name (or another name, such
///   as `objective 16` for 2048).
/// * `root_value`: always an object naming its kind and numbers, as the worker's values do —
///   for PNS and df-pn `{"kind":"proof-numbers","pn":…,"dn":…}`; for PPNS, PPNS-precise and
///   PP `{"kind":"probability","ppn":…,"one_minus_ppn":…}`; for MCPNS
///   `{"kind":"monte-carlo","pmc":…,"dmc":…}`; for MCTS `{"kind":"mcts","visits":…,"mean":…}`,
///   for PN-MCTS `{"kind":"pn-mcts","visits","mean","pn","dn","rank"}` (an infinite number is the string
///   `"Infinity"`); `null` for alpha-beta, which keeps no value.
/// * `wrong`: whether the verdict claims the opposite of whether the goal holds, exactly
///   (`null` if not verified); `exact`: the exact outcome for the player to move (`win` /
///   `draw` / `loss`), `null` if not verified or if the budget settled only the goal (a
///   drawn position's "not a win": see [`verify`]).
/// * Records of a parameter grid also carry `"theta"` and `"pr"` (see [`Setting`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Record {
    /// The stage of the position.
    pub stage: Stage,
    /// The position's index within its stage.
    pub index: usize,
    /// The position in the game's canonical notation.
    pub pos: String,
    /// The search.
    #[serde(serialize_with = "search_id")]
    pub algo: &'static SearchInfo,
    /// The grid setting, if the run is part of a grid.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub setting: Option<Setting>,
    /// The search's verdict.
    pub verdict: Verdict,
    /// Iterations run.
    pub iterations: u64,
    /// Nodes the node limit counts: tree nodes created (best-first), positions searched (exact).
    pub nodes: u64,
    /// Random playouts run.
    pub playouts: u64,
    /// Seconds of search (wall clock; the only field that changes between identical runs),
    /// written to the microsecond.
    #[serde(with = "micros")]
    pub seconds: f64,
    /// The most memory the search held at once: its peak tree nodes or table entries times
    /// the bytes of one.
    pub peak_bytes: u64,
    /// The root's value when the search stopped.
    #[serde(serialize_with = "root_value")]
    pub root_value: Option<Values>,
    /// The verified outcome for the player to move (`None` if not verified or only the goal
    /// was settled).
    pub exact: Option<Outcome>,
    /// Whether the verdict claims the opposite of whether the goal holds (`None`: not
    /// verified).
    pub wrong: Option<bool>,
}

impl Record {
    /// How the record's search is run.
    #[must_use]
    pub fn search(&self) -> SearchSpec {
        SearchSpec {
            algo: self.algo,
            setting: self.setting,
        }
    }
}

/// A record as its JSON line has it, before names become types.
#[derive(Deserialize)]
struct RecordLine {
    stage: StageLine,
    index: usize,
    pos: String,
    algo: String,
    theta: Option<f64>,
    pr: Option<f64>,
    verdict: Verdict,
    iterations: u64,
    nodes: u64,
    playouts: u64,
    #[serde(deserialize_with = "micros::deserialize")]
    seconds: f64,
    root_value: Option<serde_json::Map<String, serde_json::Value>>,
    exact: Option<Outcome>,
    wrong: Option<bool>,
    /// Absent in files written before it was recorded.
    #[serde(default)]
    peak_bytes: u64,
}

/// A stage in JSON: a number of moves or a name.
#[derive(Deserialize)]
#[serde(untagged)]
enum StageLine {
    Moves(u32),
    Named(String),
}

/// A root value read back from its JSON object (`kind` and named numbers, an infinite one
/// as `"Infinity"`).
fn read_values(map: &serde_json::Map<String, serde_json::Value>) -> Result<Values, String> {
    let number = |name: &str| match map.get(name) {
        Some(serde_json::Value::Number(n)) => {
            n.as_f64().ok_or_else(|| format!("{name} is not a number"))
        }
        Some(serde_json::Value::String(s)) if s == "Infinity" => Ok(f64::INFINITY),
        Some(serde_json::Value::String(s)) if s == "-Infinity" => Ok(f64::NEG_INFINITY),
        _ => Err(format!("root_value has no number {name}")),
    };
    // A missing kind reads as "(none)", which no kind is.
    let kind = map
        .get("kind")
        .and_then(serde_json::Value::as_str)
        .unwrap_or("(none)");
    let names = Values::names(kind)
        .ok_or_else(|| format!("root_value has an unknown kind {}", Elided(kind)))?;
    let numbers = names
        .iter()
        .map(|name| number(name))
        .collect::<Result<Vec<f64>, String>>()?;
    Ok(Values::from_numbers(kind, &numbers).expect("a kind's numbers make its values"))
}

impl<'de> Deserialize<'de> for Record {
    /// A record from its JSON line (what `pnplay merge` reads back).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Record, D::Error> {
        use serde::de::Error as _;
        let line = RecordLine::deserialize(deserializer)?;
        let algo = crate::search::catalogue::find(&line.algo)
            .map_err(|e| D::Error::custom(e.to_string()))?;
        let root_value = line
            .root_value
            .as_ref()
            .map(read_values)
            .transpose()
            .map_err(D::Error::custom)?;
        Ok(Record {
            stage: match line.stage {
                StageLine::Moves(moves) => Stage::Moves(moves),
                StageLine::Named(name) => Stage::Named(name),
            },
            index: line.index,
            pos: line.pos,
            algo,
            setting: line.theta.map(|theta| Setting { theta, pr: line.pr }),
            verdict: line.verdict,
            iterations: line.iterations,
            nodes: line.nodes,
            playouts: line.playouts,
            seconds: line.seconds,
            root_value,
            exact: line.exact,
            wrong: line.wrong,
            peak_bytes: line.peak_bytes,
        })
    }
}

/// `root_value` as documented on [`Record`]: the kind and its named numbers.
fn root_value<S: Serializer>(values: &Option<Values>, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    match values {
        None => serializer.serialize_none(),
        Some(values) => {
            let mut map = serializer.serialize_map(Some(3))?;
            map.serialize_entry("kind", values.kind())?;
            for (name, value) in values.numbers() {
                if value.is_finite() {
                    map.serialize_entry(name, &value)?;
                } else {
                    map.serialize_entry(name, if value > 0.0 { "Infinity" } else { "-Infinity" })?;
                }
            }
            map.end()
        }
    }
}

/// A search as records name it: its id.
fn search_id<S: Serializer>(info: &&'static SearchInfo, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(info.id)
}

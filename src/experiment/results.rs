//! A results file read back (issue 18): the JSON Lines of `pnplay experiment` (one record
//! per position and search) or of `pnplay match` / `pnplay tournament` (one game per line),
//! summarised as those commands summarise them — the experiment's table ([`summarize`], the
//! text [`text_table`] prints) with the papers' numbers beside ours ([`super::paper`]), or
//! each match's W/D/L and win rate with its 95 % intervals ([`crate::arena::Summary`]) and
//! the rate after each game. The page's results viewer shows this; nothing here is computed
//! in the page.
//!
//! Records do not name their game, so which published experiment to put beside them is
//! given, or guessed ([`guess`]) from the positions and stages, as `pnplay experiment`
//! chooses it: Othello 8×8 stages (PPNS paper Tables 2–3), Connect Four at 12 plies (Figure
//! 4, §4.2, Table 1), 2×2 2048 from the six two-2-tile starts (dissertation Table 4.2).
//!
//! ```
//! use pnplay::experiment::results::{Results, read};
//! let line = r#"{"stage":"objective 16","index":0,"pos":"2,2,0,0;p","algo":"pns","verdict":"proved","iterations":6,"nodes":15,"playouts":0,"seconds":0.001,"root_value":{"kind":"proof-numbers","pn":0.0,"dn":"Infinity"},"exact":null,"wrong":null}"#;
//! let Results::Experiment { rows, .. } = read(line, None).unwrap() else { panic!() };
//! assert_eq!((rows[0].row.n, rows[0].row.proved), (1, 1));
//! ```

use serde::Serialize;

use super::paper::{CELLS, Experiment, PaperCell, PaperRow, lookup, rows, sources};
use super::summary::{Row, csv, summarize, text_table};
use super::{Record, Stage};
use crate::arena::interval::Rate;
use crate::arena::{GameRecord, MatchConfig, Summary};
use crate::error::Error;
use crate::game::error::Elided;

/// One summary row as the viewer shows it: the row (its stage, its search's label and its
/// counts and means), then what the viewer needs beside it.
#[derive(Clone, Debug, Serialize)]
pub struct RowView {
    /// The row.
    #[serde(flatten)]
    pub row: Row,
    /// The search's id.
    pub algo: &'static str,
    /// Completion in percent.
    pub completion: f64,
    /// The Wilson 95 % interval of completion as a fraction (`null` for no position).
    pub completion_wilson: Option<(f64, f64)>,
    /// The published row, if the paper has one.
    pub paper: Option<&'static PaperRow>,
}

impl RowView {
    fn of(row: &Row, experiment: Option<Experiment>) -> RowView {
        RowView {
            row: row.clone(),
            algo: row.search.algo.id,
            completion: row.completion(),
            completion_wilson: (row.n > 0)
                .then(|| crate::arena::interval::wilson(row.completion() / 100.0, row.n as u64)),
            paper: experiment.and_then(|e| lookup(e, &row.stage, &row.search)),
        }
    }
}

/// A published row with what it is about: its stage and search, then its numbers.
#[derive(Clone, Debug, Serialize)]
pub struct PublishedRow {
    /// The stage: random moves, or the 2048 objective.
    pub stage: u32,
    /// The search's label as our tables write it (`ppns θ=0.001 pr=1e-3`).
    pub search: String,
    /// The numbers.
    #[serde(flatten)]
    pub numbers: &'static PaperRow,
}

/// Everything the engine's paper tables hold under one source (`paper Table 2`): rows of a
/// published experiment and cells of other tables, as the Papers view shows them.
#[derive(Clone, Debug, Serialize)]
pub struct Published {
    /// The source.
    pub source: &'static str,
    /// The experiment the rows belong to, if any (`othello-stages`).
    pub experiment: Option<&'static str>,
    /// Rows of a published experiment.
    pub rows: Vec<PublishedRow>,
    /// Cells of other tables.
    pub cells: Vec<PaperCell>,
}

/// What the papers publish under `source` ([`super::paper::sources`] lists them).
///
/// # Errors
/// A source the paper tables do not hold (field `source`).
///
/// ```
/// use pnplay::experiment::results::published;
/// let table = published("paper Table 2").unwrap();
/// assert_eq!((table.rows.len(), table.cells.len()), (9, 0));
/// assert_eq!(published("PN-MCTS paper Table II").unwrap().cells.len(), 15);
/// assert!(published("paper Table 9").is_err());
/// ```
pub fn published(source: &str) -> Result<Published, Error> {
    let Some(source) = sources().into_iter().find(|s| *s == source) else {
        return Err(Error::BadParameter {
            name: "source".to_string(),
            message: format!(
                "the paper tables hold no source {:?} (they hold {})",
                Elided::words(source),
                sources().join(", ")
            ),
        });
    };
    let mut experiment = None;
    let mut found = Vec::new();
    for e in Experiment::ALL {
        for row in rows(e).iter().filter(|r| r.source == source) {
            experiment = Some(e.name());
            let algo = crate::search::catalogue::find(row.algo)?;
            let search = super::SearchSpec {
                algo,
                setting: row.setting,
            };
            found.push(PublishedRow {
                stage: row.stage,
                search: search.label(),
                numbers: row,
            });
        }
    }
    Ok(Published {
        source,
        experiment,
        rows: found,
        cells: CELLS
            .iter()
            .filter(|c| c.source == source)
            .copied()
            .collect(),
    })
}

/// A's rate after some games of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CurvePoint {
    /// Games counted (the first ones, in the order given).
    pub games: usize,
    /// A's rate over them with its intervals.
    #[serde(flatten)]
    pub rate: Rate,
}

/// A's rate after each of `records` (in their order): what `pnplay match --games n` prints
/// for every n.
#[must_use]
pub fn curve(records: &[&GameRecord]) -> Vec<CurvePoint> {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    records
        .iter()
        .enumerate()
        .map(|(at, record)| {
            match record.a_result {
                crate::game::Outcome::Win => wins += 1,
                crate::game::Outcome::Draw => draws += 1,
                crate::game::Outcome::Loss => losses += 1,
            }
            CurvePoint {
                games: at + 1,
                rate: Rate::of(wins, draws, losses),
            }
        })
        .collect()
}

/// One match of a games file: its summary, the line `pnplay match` prints, and the curve.
#[derive(Clone, Debug, Serialize)]
pub struct MatchView {
    /// The summary.
    pub summary: Summary,
    /// The CLI's line.
    pub line: String,
    /// A's rate after each game, in index order.
    pub curve: Vec<CurvePoint>,
    /// Random opening plies and the seed of the match.
    pub openings: u32,
    /// The match's seed.
    pub seed: u64,
}

/// A results file summarised.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Results {
    /// Records of `pnplay experiment`.
    Experiment {
        /// Records read.
        records: usize,
        /// The published experiment beside ours (its name), if any.
        experiment: Option<&'static str>,
        /// One row per stage and search.
        rows: Vec<RowView>,
        /// The table as `pnplay experiment` and `pnplay merge` print it.
        table: String,
        /// The summary as they write it (CSV).
        csv: String,
        /// What pr saves PPNS at each θ × pr setting of a grid ([`super::pr_savings`];
        /// none outside a grid).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pr_savings: Vec<super::pr_savings::Saving>,
    },
    /// Games of `pnplay match` or `pnplay tournament`.
    Games {
        /// Records read.
        records: usize,
        /// One per match (per sweep value, per tournament pair), in first-seen order.
        matches: Vec<MatchView>,
    },
}

/// An error about the file (field `file`).
fn file_error(message: String) -> Error {
    Error::BadParameter {
        name: "file".to_string(),
        message,
    }
}

/// The published experiment `pnplay experiment` would put beside `records`: Othello 8×8
/// stages of random moves, Connect Four 7×6 at 12 plies, or 2×2 2048 with six starts per
/// objective. It reads the first record's position with each game's rules alone
/// ([`AnyPosition::is_position`](crate::game::any::AnyPosition::is_position)), so every
/// engine module guesses the same.
#[must_use]
pub fn guess(records: &[Record]) -> Option<Experiment> {
    let first = records.first()?;
    let parses = |game: &str| {
        game.parse()
            .is_ok_and(|spec| crate::game::any::AnyPosition::is_position(&spec, &first.pos))
    };
    let all_moves = records.iter().all(|r| r.stage.moves().is_some());
    if all_moves && parses("othello") {
        return Some(Experiment::OthelloStages);
    }
    if records.iter().all(|r| r.stage == Stage::Moves(12)) && parses("connect4") {
        return Some(Experiment::Connect4Grid);
    }
    let six_starts = summarize(records).iter().all(|row| row.n == 6);
    (!all_moves && six_starts && parses("2048:2x2")).then_some(Experiment::G2048)
}

/// Reads `text` (JSON Lines of one kind) and summarises it, with the published numbers of
/// `experiment` (`None`: guessed, see [`guess`]; `Some(None)`: none).
///
/// # Errors
/// No record; a line that is neither kind, or of the other kind than the first (field
/// `file`, naming the line).
pub fn read(text: &str, experiment: Option<Option<Experiment>>) -> Result<Results, Error> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| (i + 1, line))
        .collect();
    let Some(&(_, first)) = lines.first() else {
        return Err(file_error("the file holds no records".to_string()));
    };
    let games = serde_json::from_str::<serde_json::Value>(first)
        .map_err(|e| {
            file_error(format!(
                "line 1 is not JSON: {}",
                Elided::words(&e.to_string())
            ))
        })?
        .get("a_result")
        .is_some();
    if games {
        let records: Vec<GameRecord> = parse_all(&lines, "a game record")?;
        return Ok(Results::Games {
            records: records.len(),
            matches: matches(&records)?,
        });
    }
    let records: Vec<Record> = parse_all(&lines, "an experiment record")?;
    let experiment = experiment.unwrap_or_else(|| guess(&records));
    let rows = summarize(&records);
    Ok(Results::Experiment {
        records: records.len(),
        experiment: experiment.map(Experiment::name),
        table: text_table(&rows, experiment),
        csv: csv(&rows, experiment),
        pr_savings: super::pr_savings::savings(&records),
        rows: rows
            .iter()
            .map(|row| RowView::of(row, experiment))
            .collect(),
    })
}

/// Every numbered line read as `kind`.
fn parse_all<R: serde::de::DeserializeOwned>(
    lines: &[(usize, &str)],
    kind: &str,
) -> Result<Vec<R>, Error> {
    lines
        .iter()
        .map(|(number, line)| {
            serde_json::from_str(line).map_err(|e| {
                file_error(format!(
                    "line {number} is not {kind}: {}",
                    Elided::words(&e.to_string())
                ))
            })
        })
        .collect()
}

/// The matches of `records`, in first-seen order, each with its games in index order.
fn matches(records: &[GameRecord]) -> Result<Vec<MatchView>, Error> {
    let mut configs: Vec<MatchConfig> = Vec::new();
    for record in records {
        if !configs.iter().any(|c| c.owns(record)) {
            let openings = format!("random:{}", record.openings);
            let config =
                MatchConfig::new(&record.game, &record.a, &record.b, &openings, record.seed)
                    .map_err(|e| {
                        file_error(format!("game {} of A {}: {e}", record.index, record.a))
                    })?;
            configs.push(config);
        }
    }
    Ok(configs
        .iter()
        .map(|config| {
            let mut mine: Vec<&GameRecord> = records.iter().filter(|r| config.owns(r)).collect();
            mine.sort_by_key(|r| r.index);
            let summary = Summary::of(config, &mine);
            MatchView {
                line: summary.line(),
                summary,
                curve: curve(&mine),
                openings: config.openings,
                seed: config.seed,
            }
        })
        .collect())
}

//! The summary table of an experiment in the paper's layout: per stage and search, how many
//! positions were proved, disproved, concluded (win / loss) and out, and the completion.
//!
//! The paper's words map as SPEC.md §3 says: *Solved* = proved + concluded-win, *Unsolved* =
//! disproved + concluded-loss, *Out* = out, and completion = (Solved + Unsolved) / N. We keep
//! the exact and the concluded counts apart, because only the first are proofs. Where
//! positions were verified, the table also counts the verified ones, the exact outcomes
//! (win / draw / loss for the player to move) and the wrong verdicts.
//!
//! ```
//! use pnplay::experiment::summary::summarize;
//! assert!(summarize(&[]).is_empty());
//! ```

use std::fmt::Write;

use super::paper::{Experiment, PaperRow, lookup};
use super::{Record, SearchSpec, Stage};
use crate::game::Outcome;
use crate::search::Verdict;

/// The counts of one stage and search.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The stage.
    pub stage: Stage,
    /// The search.
    pub search: SearchSpec,
    /// Positions.
    pub n: usize,
    /// Verdicts `proved`.
    pub proved: usize,
    /// Verdicts `disproved`.
    pub disproved: usize,
    /// Verdicts `concluded-win`.
    pub concluded_win: usize,
    /// Verdicts `concluded-loss`.
    pub concluded_loss: usize,
    /// Verdicts `out`.
    pub out: usize,
    /// Positions verified: whether the goal holds is known exactly.
    pub verified: usize,
    /// Verified wins, draws and losses for the player to move (of the verified positions
    /// whose outcome, not only the goal, was settled).
    pub exact: [usize; 3],
    /// Verdicts that contradict the verified outcome.
    pub wrong: usize,
    /// Mean iterations.
    pub mean_iterations: f64,
    /// Mean nodes.
    pub mean_nodes: f64,
    /// Mean seconds.
    pub mean_seconds: f64,
}

impl Row {
    /// The paper's *Solved*: proved + concluded-win.
    #[must_use]
    pub const fn solved(&self) -> usize {
        self.proved + self.concluded_win
    }

    /// The paper's *Unsolved*: disproved + concluded-loss.
    #[must_use]
    pub const fn unsolved(&self) -> usize {
        self.disproved + self.concluded_loss
    }

    /// Completion in percent: (Solved + Unsolved) / N.
    #[must_use]
    pub fn completion(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            100.0 * (self.solved() + self.unsolved()) as f64 / self.n as f64
        }
    }
}

/// One row per (stage, search), in the order the records first show them.
#[must_use]
pub fn summarize(records: &[Record]) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    for record in records {
        let search = record.search();
        let position = rows
            .iter()
            .position(|row| row.stage == record.stage && row.search == search);
        let row = match position {
            Some(i) => &mut rows[i],
            None => {
                rows.push(Row {
                    stage: record.stage.clone(),
                    search,
                    n: 0,
                    proved: 0,
                    disproved: 0,
                    concluded_win: 0,
                    concluded_loss: 0,
                    out: 0,
                    verified: 0,
                    exact: [0; 3],
                    wrong: 0,
                    mean_iterations: 0.0,
                    mean_nodes: 0.0,
                    mean_seconds: 0.0,
                });
                rows.last_mut().expect("just pushed")
            }
        };
        row.n += 1;
        *match record.verdict {
            Verdict::Proved => &mut row.proved,
            Verdict::Disproved => &mut row.disproved,
            Verdict::ConcludedWin => &mut row.concluded_win,
            Verdict::ConcludedLoss => &mut row.concluded_loss,
            Verdict::Out => &mut row.out,
        } += 1;
        row.verified += usize::from(record.wrong.is_some());
        if let Some(outcome) = record.exact {
            row.exact[match outcome {
                Outcome::Win => 0,
                Outcome::Draw => 1,
                Outcome::Loss => 2,
            }] += 1;
        }
        row.wrong += usize::from(record.wrong == Some(true));
        // Running means, so no separate pass is needed.
        let n = row.n as f64;
        row.mean_iterations += (record.iterations as f64 - row.mean_iterations) / n;
        row.mean_nodes += (record.nodes as f64 - row.mean_nodes) / n;
        row.mean_seconds += (record.seconds - row.mean_seconds) / n;
    }
    rows
}

/// Columns of [`text_table`].
const COLUMNS: usize = 23;

/// The summary as a text table, columns aligned, with the paper's numbers (where
/// `experiment` has them) on the right after `|`; `-` where there is no number.
#[must_use]
pub fn text_table(rows: &[Row], experiment: Option<Experiment>) -> String {
    const HEADER: [&str; COLUMNS] = [
        "stage",
        "search",
        "n",
        "proved",
        "disproved",
        "c-win",
        "c-loss",
        "out",
        "compl%",
        "exact W/D/L",
        "wrong",
        "iters",
        "nodes",
        "|",
        "paper: S",
        "U",
        "out",
        "S+U",
        "compl%",
        "iters",
        "nodes",
        "secs",
        "source",
    ];
    let dash = || "-".to_string();
    let paper_number = |value: Option<f64>, decimals: usize| {
        value.map_or_else(dash, |v| format!("{v:.decimals$}"))
    };
    let mut table: Vec<[String; COLUMNS]> = vec![HEADER.map(str::to_string)];
    for row in rows {
        let paper = experiment.and_then(|e| lookup(e, &row.stage, &row.search));
        let count = |f: fn(&PaperRow) -> Option<u32>| {
            paper.and_then(f).map_or_else(dash, |v| v.to_string())
        };
        let (exact, wrong) = if row.verified == 0 {
            (dash(), dash())
        } else {
            (
                format!("{}/{}/{}", row.exact[0], row.exact[1], row.exact[2]),
                format!("{}/{}", row.wrong, row.verified),
            )
        };
        table.push([
            row.stage.to_string(),
            row.search.label(),
            row.n.to_string(),
            row.proved.to_string(),
            row.disproved.to_string(),
            row.concluded_win.to_string(),
            row.concluded_loss.to_string(),
            row.out.to_string(),
            format!("{:.1}", row.completion()),
            exact,
            wrong,
            format!("{:.1}", row.mean_iterations),
            format!("{:.0}", row.mean_nodes),
            "|".to_string(),
            count(|p| p.solved),
            count(|p| p.unsolved),
            count(|p| p.out),
            count(PaperRow::concluded_total),
            paper_number(paper.and_then(|p| p.completion), 1),
            paper_number(paper.and_then(|p| p.mean_iterations), 2),
            paper_number(paper.and_then(|p| p.mean_nodes), 0),
            paper_number(paper.and_then(|p| p.mean_seconds), 1),
            paper.map_or_else(dash, |p| p.source.to_string()),
        ]);
    }
    let widths: Vec<usize> = (0..HEADER.len())
        .map(|c| {
            table
                .iter()
                .map(|r| r[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = String::new();
    for cells in &table {
        let line: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &width))| {
                let pad = " ".repeat(width - cell.chars().count());
                // Names read from the left, numbers from the right.
                if c < 2 || c == HEADER.len() - 1 {
                    format!("{cell}{pad}")
                } else {
                    format!("{pad}{cell}")
                }
            })
            .collect();
        let _ = writeln!(text, "{}", line.join("  ").trim_end());
    }
    text
}

/// The CSV header [`csv`] writes.
pub const CSV_HEADER: &str = "stage,search,n,proved,disproved,concluded_win,concluded_loss,out,solved,unsolved,completion_pct,verified,exact_win,exact_draw,exact_loss,wrong,mean_iterations,mean_nodes,mean_seconds,paper_source,paper_n,paper_solved,paper_unsolved,paper_out,paper_concluded,paper_completion_pct,paper_mean_iterations,paper_mean_nodes,paper_mean_seconds";

/// A CSV field: quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The summary as CSV ([`CSV_HEADER`], then one line per row); `paper_*` columns are empty
/// where the paper gives no number. Means are written in full precision.
#[must_use]
pub fn csv(rows: &[Row], experiment: Option<Experiment>) -> String {
    let mut text = String::from(CSV_HEADER);
    text.push('\n');
    let opt = |value: Option<String>| value.unwrap_or_default();
    for row in rows {
        let paper = experiment.and_then(|e| lookup(e, &row.stage, &row.search));
        let fields = [
            csv_field(&row.stage.to_string()),
            csv_field(&row.search.label()),
            row.n.to_string(),
            row.proved.to_string(),
            row.disproved.to_string(),
            row.concluded_win.to_string(),
            row.concluded_loss.to_string(),
            row.out.to_string(),
            row.solved().to_string(),
            row.unsolved().to_string(),
            format!("{:.2}", row.completion()),
            row.verified.to_string(),
            row.exact[0].to_string(),
            row.exact[1].to_string(),
            row.exact[2].to_string(),
            row.wrong.to_string(),
            row.mean_iterations.to_string(),
            row.mean_nodes.to_string(),
            row.mean_seconds.to_string(),
            opt(paper.map(|p| csv_field(p.source))),
            opt(paper.map(|p| p.n.to_string())),
            opt(paper.and_then(|p| p.solved).map(|v| v.to_string())),
            opt(paper.and_then(|p| p.unsolved).map(|v| v.to_string())),
            opt(paper.and_then(|p| p.out).map(|v| v.to_string())),
            opt(paper
                .and_then(PaperRow::concluded_total)
                .map(|v| v.to_string())),
            opt(paper.and_then(|p| p.completion).map(|v| v.to_string())),
            opt(paper.and_then(|p| p.mean_iterations).map(|v| v.to_string())),
            opt(paper.and_then(|p| p.mean_nodes).map(|v| v.to_string())),
            opt(paper.and_then(|p| p.mean_seconds).map(|v| v.to_string())),
        ];
        text.push_str(&fields.join(","));
        text.push('\n');
    }
    text
}

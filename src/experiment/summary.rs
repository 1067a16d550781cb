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

use serde::{Serialize, Serializer};

use super::paper::{Experiment, PaperRow, lookup};
use super::{Record, SearchSpec, Stage};
use crate::game::Outcome;
use crate::search::Verdict;

/// The counts of one stage and search. It serializes with the stage as a number or a name
/// and the search as its label (what the results viewer shows).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The stage.
    pub stage: Stage,
    /// The search.
    #[serde(serialize_with = "search_label")]
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

/// A search as the summary names it: its label (`ppns θ=0.001 pr=1e-3`).
fn search_label<S: Serializer>(search: &SearchSpec, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&search.label())
}

impl Row {
    /// The verdict counts in the tables' order: positions, proved, disproved,
    /// concluded-win, concluded-loss, out.
    #[must_use]
    pub const fn counts(&self) -> [usize; 6] {
        [
            self.n,
            self.proved,
            self.disproved,
            self.concluded_win,
            self.concluded_loss,
            self.out,
        ]
    }

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

/// The summary as a text table, columns aligned, with the paper's numbers (where
/// `experiment` has them) on the right after `|`; `-` where there is no number.
#[must_use]
pub fn text_table(rows: &[Row], experiment: Option<Experiment>) -> String {
    const HEADER: [&str; 23] = [
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
    /// Decimals of the paper's completion, iterations, nodes and seconds.
    const PAPER_DECIMALS: [usize; 4] = [1, 2, 0, 1];
    let dash = || "-".to_string();
    let mut table: Vec<Vec<String>> = vec![HEADER.map(str::to_string).to_vec()];
    for row in rows {
        let paper = experiment.and_then(|e| lookup(e, &row.stage, &row.search));
        let (exact, wrong) = if row.verified == 0 {
            (dash(), dash())
        } else {
            (
                format!("{}/{}/{}", row.exact[0], row.exact[1], row.exact[2]),
                format!("{}/{}", row.wrong, row.verified),
            )
        };
        let mut cells = vec![row.stage.to_string(), row.search.label()];
        cells.extend(row.counts().map(|count| count.to_string()));
        cells.extend([
            format!("{:.1}", row.completion()),
            exact,
            wrong,
            format!("{:.1}", row.mean_iterations),
            format!("{:.0}", row.mean_nodes),
            "|".to_string(),
        ]);
        cells.extend(
            paper
                .map_or([None; 4], PaperRow::counts)
                .map(|count| count.map_or_else(dash, |v| v.to_string())),
        );
        cells.extend(
            paper
                .map_or([None; 4], PaperRow::numbers)
                .into_iter()
                .zip(PAPER_DECIMALS)
                .map(|(value, decimals)| value.map_or_else(dash, |v| format!("{v:.decimals$}"))),
        );
        cells.push(paper.map_or_else(dash, |p| p.source.to_string()));
        table.push(cells);
    }
    // Names read from the left, numbers from the right.
    super::text_table::render(&table, |c| c < 2 || c == HEADER.len() - 1)
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
    for row in rows {
        let paper = experiment.and_then(|e| lookup(e, &row.stage, &row.search));
        let blank = |value: Option<String>| value.unwrap_or_default();
        let counts = row
            .counts()
            .into_iter()
            .chain([row.solved(), row.unsolved()]);
        let checks = [
            row.verified,
            row.exact[0],
            row.exact[1],
            row.exact[2],
            row.wrong,
        ];
        let means = [row.mean_iterations, row.mean_nodes, row.mean_seconds];
        let mut fields = vec![
            csv_field(&row.stage.to_string()),
            csv_field(&row.search.label()),
        ];
        fields.extend(counts.map(|count| count.to_string()));
        fields.push(format!("{:.2}", row.completion()));
        fields.extend(checks.map(|count| count.to_string()));
        fields.extend(means.map(|mean| mean.to_string()));
        fields.push(blank(paper.map(|p| csv_field(p.source))));
        fields.push(blank(paper.map(|p| p.n.to_string())));
        let paper_counts = paper.map_or([None; 4], PaperRow::counts);
        fields.extend(paper_counts.map(|count| blank(count.map(|v| v.to_string()))));
        let paper_numbers = paper.map_or([None; 4], PaperRow::numbers);
        fields.extend(paper_numbers.map(|value| blank(value.map(|v| v.to_string()))));
        text.push_str(&fields.join(","));
        text.push('\n');
    }
    text
}

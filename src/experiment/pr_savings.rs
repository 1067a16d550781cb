//! The nodes the precision rate pr saves PPNS, from a θ × pr grid's records: the PPNS
//! paper's claim (§4.2, in the text on Table 1) that PPNS with pr needs "up to 57 % fewer
//! nodes" than without it on Connect Four.
//!
//! For each θ of the grid and each pr that is on, [`savings`] pairs every position with the
//! same search at the same θ and pr off, keeps the positions both runs concluded (any verdict
//! but `out`: a search stopped by its budget has no node count to compare), and gives the
//! mean nodes of each and the reduction `1 − mean(pr) / mean(off)`, with the largest
//! reduction on one position. A negative reduction means pr costs nodes.
//!
//! ```
//! use pnplay::experiment::{Record, pr_savings::savings};
//! let line = |pr: &str, nodes: u64| format!(
//!     r#"{{"stage":12,"index":0,"pos":"4444","algo":"ppns","theta":0.01,"pr":{pr},"verdict":"proved","iterations":1,"nodes":{nodes},"playouts":0,"seconds":0.1,"root_value":null,"exact":null,"wrong":null}}"#);
//! let records: Vec<Record> = [line("null", 1000), line("0.001", 430)]
//!     .iter().map(|l| serde_json::from_str(l).unwrap()).collect();
//! let found = savings(&records);
//! assert_eq!(found.len(), 1);
//! assert_eq!((found[0].positions, found[0].mean_nodes_off, found[0].mean_nodes_pr), (1, 1000.0, 430.0));
//! assert!((found[0].reduction - 0.57).abs() < 1e-12);
//! ```

use serde::Serialize;

use super::{Record, Setting};
use crate::search::Verdict;

/// What pr saves at one grid setting.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Saving {
    /// The search (`ppns`).
    pub algo: &'static str,
    /// θ.
    pub theta: f64,
    /// pr (on).
    pub pr: f64,
    /// Positions both runs (pr on and off) concluded.
    pub positions: usize,
    /// Mean nodes with pr off over those positions.
    pub mean_nodes_off: f64,
    /// Mean nodes with pr on over those positions.
    pub mean_nodes_pr: f64,
    /// `1 − mean_nodes_pr / mean_nodes_off` (0.57: 57 % fewer nodes).
    pub reduction: f64,
    /// The largest reduction on one position, `1 − nodes(pr) / nodes(off)`.
    pub best_position_reduction: f64,
}

/// What pr saves at each θ × pr setting of `records` that has pr on and a pr-off twin, in
/// the order the settings first appear; empty when the records hold no grid.
#[must_use]
pub fn savings(records: &[Record]) -> Vec<Saving> {
    let concluded = |r: &&Record| r.verdict != Verdict::Out;
    let key = |r: &Record| (r.stage.clone(), r.index, r.algo.id);
    let mut settings: Vec<(&'static str, Setting)> = Vec::new();
    for record in records {
        if let Some(setting) = record.setting
            && setting.pr.is_some()
            && !settings.contains(&(record.algo.id, setting))
        {
            settings.push((record.algo.id, setting));
        }
    }
    settings
        .into_iter()
        .filter_map(|(algo, setting)| {
            let off = Setting {
                pr: None,
                ..setting
            };
            let pairs: Vec<(u64, u64)> = records
                .iter()
                .filter(|r| r.algo.id == algo && r.setting == Some(setting))
                .filter(concluded)
                .filter_map(|on| {
                    records
                        .iter()
                        .filter(concluded)
                        .find(|r| r.setting == Some(off) && key(r) == key(on))
                        .map(|twin| (twin.nodes, on.nodes))
                })
                .collect();
            if pairs.is_empty() {
                return None;
            }
            let mean = |f: fn(&(u64, u64)) -> u64| {
                pairs.iter().map(|p| f(p) as f64).sum::<f64>() / pairs.len() as f64
            };
            let (mean_nodes_off, mean_nodes_pr) = (mean(|p| p.0), mean(|p| p.1));
            Some(Saving {
                algo,
                theta: setting.theta,
                pr: setting.pr?,
                positions: pairs.len(),
                mean_nodes_off,
                mean_nodes_pr,
                reduction: 1.0 - mean_nodes_pr / mean_nodes_off,
                best_position_reduction: pairs
                    .iter()
                    .map(|&(off, on)| 1.0 - on as f64 / off as f64)
                    .fold(f64::NEG_INFINITY, f64::max),
            })
        })
        .collect()
}

/// The savings as a plain text table (empty text for none), the largest reduction named
/// last.
#[must_use]
pub fn table(savings: &[Saving]) -> String {
    let Some(best) = savings
        .iter()
        .max_by(|a, b| a.reduction.total_cmp(&b.reduction))
    else {
        return String::new();
    };
    let mut out = String::from(
        "pr against pr off, on the positions both concluded:\n\
         search  θ        pr      positions  mean nodes off  mean nodes pr  fewer nodes  best position\n",
    );
    for s in savings {
        out.push_str(&format!(
            "{:<7} {:<8} {:<7} {:>9}  {:>14.0}  {:>13.0}  {:>10.1} %  {:>11.1} %\n",
            s.algo,
            s.theta,
            format!("{:e}", s.pr),
            s.positions,
            s.mean_nodes_off,
            s.mean_nodes_pr,
            100.0 * s.reduction,
            100.0 * s.best_position_reduction
        ));
    }
    out.push_str(&format!(
        "largest: {:.1} % fewer nodes ({} θ={} pr={:e}, {} positions)\n",
        100.0 * best.reduction,
        best.algo,
        best.theta,
        best.pr,
        best.positions
    ));
    out
}

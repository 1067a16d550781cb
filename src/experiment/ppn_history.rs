//! The root's PPN over the iterations of PPNS, and how long the search goes on once the PPN
//! is as good as 0 or 1: the PPNS paper's "prolonged search" (§4.2, Figure 5), which
//! motivated its precision rate pr (Algorithm 6).
//!
//! The paper draws the root's PPN on the two Connect Four positions with the largest time gap
//! between PNS and PPNS (θ = 0.01, no pr): in 5a the PPN is about 0 by iteration 340,000 but
//! PPNS runs to 677,765, doubling its nodes; in 5b (PNS cheap, PPNS far costlier) it is
//! 0.99995 after 10,000 iterations and 1 by 100,000, yet PPNS makes 214,110.
//!
//! * [`choose`] picks such positions from the records of a θ × pr grid run (`pnplay
//!   experiment connect4`): the gap is measured in **nodes** (tree nodes created, what the
//!   node limit counts and what both searches count alike), not seconds as the paper did, so
//!   the choice does not depend on the machine or its load. [`Rule::LargestGap`] is the
//!   paper's 5a: of the positions both PNS and PPNS (θ = 0.01, pr off) concluded, the largest
//!   gap either way. [`Rule::PnsCheap`] is 5b's kind: PNS concluded and PPNS had already
//!   spent more nodes than PNS's whole proof (concluded or not), the largest ratio.
//! * [`run`] runs PPNS without pr on one position, stepping its session one iteration at a
//!   time (the same [`crate::search::session::Session`] the page steps) and reading the
//!   root's value after each, to the conclusion or the node limit. Its history is the
//!   session's own ([`crate::search::view::History`], what the page's "root value over
//!   iterations" chart draws), thinned to the points at multiples of `every` (a power of two
//!   times the session's stride, the smallest keeping at most [`MAX_POINTS`]) and the final
//!   one. It finds the first iteration at which the root's PPN is within [`PR_STOP`] of 0 or
//!   1 (the test of Algorithm 6, [`pr_conclusion`]: where pr = 1e-5 would have stopped), the
//!   ratio of the run's iterations to it (the prolongation: 677,765 / 340,000 ≈ 2 in 5a),
//!   and runs the same position with pr = 1e-5 to show what pr saves.
//!
//! Every field but `seconds` depends only on the position, the parameters (the seed of the
//! playouts included) and the limits.
//!
//! ```
//! use pnplay::experiment::ppn_history::run;
//! use pnplay::search::{Limits, params::Params};
//! let spec = "connect4".parse().unwrap();
//! let params = Params::default().with_seed(1);
//! let limits = Limits { max_nodes: Some(20_000), ..Limits::default() };
//! let found = run(&spec, "4453", &params, limits, None).unwrap();
//! let last = found.history.last().unwrap();
//! assert_eq!((last.iteration, last.nodes), (found.run.iterations, found.run.nodes));
//! assert!(found.history.windows(2).all(|w| w[0].iteration < w[1].iteration));
//! ```

use serde::{Deserialize, Serialize};

use super::{Record, Setting, Stage};
use crate::core::clock::micros;
use crate::engine::{self, GameSpec};
use crate::error::Error;
use crate::search::bestfirst::ppns::pr_conclusion;
use crate::search::params::{PLAYOUTS, PR, Params, THETA};
use crate::search::session::{Budget, Session};
use crate::search::view::Values;
use crate::search::{Limits, Verdict};

/// The precision rate whose stop the history marks: the paper's pr (Algorithm 6).
pub const PR_STOP: f64 = 1e-5;

/// The most points a history keeps (the final point aside).
pub const MAX_POINTS: u64 = 400;

/// The PPNS setting the paper's Figure 5 runs: θ = 0.01, no pr.
const FIGURE_SETTING: Setting = Setting {
    theta: 0.01,
    pr: None,
};

/// Why a position was chosen from a grid's records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// Figure 5a's: both PNS and PPNS concluded, the largest gap in nodes either way.
    LargestGap,
    /// Figure 5b's kind: PNS concluded, and PPNS had spent more nodes than PNS's whole
    /// search when it concluded or stopped; the largest ratio.
    PnsCheap,
}

impl Rule {
    /// The rule's name in records (`largest-gap`, `pns-cheap`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::LargestGap => "largest-gap",
            Rule::PnsCheap => "pns-cheap",
        }
    }
}

/// A position chosen from a grid's records, and the numbers that chose it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// The rule.
    pub rule: Rule,
    /// The position's stage in the grid run.
    pub stage: Stage,
    /// Its index in the stage.
    pub index: usize,
    /// PNS's verdict.
    pub pns_verdict: Verdict,
    /// PNS's nodes.
    pub pns_nodes: u64,
    /// PPNS's (θ = 0.01, pr off) verdict: `out` if the grid's budget stopped it.
    pub ppns_verdict: Verdict,
    /// PPNS's nodes.
    pub ppns_nodes: u64,
    /// `ppns_nodes − pns_nodes` (negative: PNS needed more).
    pub gap: i64,
}

/// The positions of a grid's `records` as [`Rule`]s choose them (5a's first, then 5b's if a
/// position other than 5a's fits), each with its text; none if the records hold no PNS and
/// PPNS (θ = 0.01, pr off) pair that fits.
///
/// ```
/// use pnplay::experiment::{Record, ppn_history::{Rule, choose}};
/// let line = |index: u32, algo: &str, setting: &str, verdict: &str, nodes: u64| format!(
///     r#"{{"stage":12,"index":{index},"pos":"p{index}","algo":"{algo}",{setting}"verdict":"{verdict}","iterations":1,"nodes":{nodes},"playouts":0,"seconds":0.1,"root_value":null,"exact":null,"wrong":null}}"#);
/// let off = r#""theta":0.01,"pr":null,"#;
/// let records: Vec<Record> = [
///     line(0, "pns", "", "proved", 500), line(0, "ppns", off, "proved", 100), // gap −400
///     line(1, "pns", "", "proved", 900), line(1, "ppns", off, "proved", 1200), // gap 300
///     line(2, "pns", "", "disproved", 50), line(2, "ppns", off, "out", 400), // 8 times PNS's
///     line(3, "pns", "", "out", 10), line(3, "ppns", off, "proved", 1000), // PNS did not conclude
/// ].iter().map(|l| serde_json::from_str(l).unwrap()).collect();
/// let chosen = choose(&records);
/// assert_eq!(chosen.len(), 2);
/// assert_eq!((chosen[0].0.as_str(), chosen[0].1.rule, chosen[0].1.gap), ("p0", Rule::LargestGap, -400));
/// assert_eq!((chosen[1].0.as_str(), chosen[1].1.rule, chosen[1].1.gap), ("p2", Rule::PnsCheap, 350));
/// ```
#[must_use]
pub fn choose(records: &[Record]) -> Vec<(String, Choice)> {
    let pairs: Vec<(&Record, &Record)> = records
        .iter()
        .filter(|r| r.algo.id == "pns" && r.verdict != Verdict::Out)
        .filter_map(|pns| {
            records
                .iter()
                .find(|r| {
                    r.algo.id == "ppns"
                        && r.setting == Some(FIGURE_SETTING)
                        && (&r.stage, r.index) == (&pns.stage, pns.index)
                })
                .map(|ppns| (pns, ppns))
        })
        .collect();
    let choice = |rule, (pns, ppns): (&Record, &Record)| {
        (
            pns.pos.clone(),
            Choice {
                rule,
                stage: pns.stage.clone(),
                index: pns.index,
                pns_verdict: pns.verdict,
                pns_nodes: pns.nodes,
                ppns_verdict: ppns.verdict,
                ppns_nodes: ppns.nodes,
                gap: ppns.nodes as i64 - pns.nodes as i64,
            },
        )
    };
    // The first of the largest, in the records' order.
    let largest = |key: &dyn Fn(&(&Record, &Record)) -> f64,
                   keep: &dyn Fn(&(&Record, &Record)) -> bool| {
        pairs
            .iter()
            .filter(|p| keep(p))
            .fold(None, |best: Option<&(&Record, &Record)>, p| match best {
                Some(b) if key(b) >= key(p) => Some(b),
                _ => Some(p),
            })
            .copied()
    };
    let mut chosen = Vec::new();
    let gap = |(pns, ppns): &(&Record, &Record)| (ppns.nodes as f64 - pns.nodes as f64).abs();
    if let Some(pair) = largest(&gap, &|(_, ppns)| ppns.verdict != Verdict::Out)
        && gap(&pair) > 0.0
    {
        chosen.push(choice(Rule::LargestGap, pair));
    }
    let first = chosen
        .first()
        .map(|(_, c): &(String, Choice)| (c.stage.clone(), c.index));
    let ratio = |(pns, ppns): &(&Record, &Record)| ppns.nodes as f64 / pns.nodes as f64;
    if let Some(pair) = largest(&ratio, &|(pns, ppns)| {
        ppns.nodes > pns.nodes && first != Some((pns.stage.clone(), pns.index))
    }) {
        chosen.push(choice(Rule::PnsCheap, pair));
    }
    chosen
}

/// One point of a history.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Iterations done.
    pub iteration: u64,
    /// Tree nodes then.
    pub nodes: u64,
    /// The root's PPN then.
    pub ppn: f64,
}

/// A search's end: its verdict and counters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// The verdict.
    pub verdict: Verdict,
    /// Iterations.
    pub iterations: u64,
    /// Nodes (tree nodes created).
    pub nodes: u64,
}

impl Run {
    fn of(session: &dyn Session) -> Run {
        let stats = session.stats();
        Run {
            verdict: session.verdict(),
            iterations: stats.iterations,
            nodes: session.info().nodes(&stats),
        }
    }
}

/// One position's PPN history: the record `pnplay experiment ppn-history` writes (and
/// `pnplay merge` reads back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PpnHistory {
    /// The position.
    pub pos: String,
    /// Why it was chosen from a grid's records (`null`: given with `--pos`).
    pub chosen: Option<Choice>,
    /// θ.
    pub theta: f64,
    /// Playouts per new leaf.
    pub playouts: u64,
    /// The playouts' seed, as its digits in JSON: any `u64`, which a JavaScript number
    /// cannot always hold (the grid's seeds are derived over all 64 bits).
    #[serde(with = "seed_text")]
    pub seed: u64,
    /// The node limit (`null`: none).
    pub max_nodes: Option<u64>,
    /// The run without pr: its verdict, iterations and nodes.
    #[serde(flatten)]
    pub run: Run,
    /// The distance between the history's points (the final one aside).
    pub every: u64,
    /// The root's PPN at every `every`-th iteration from 0, and at the last.
    pub history: Vec<Point>,
    /// The first point at which the root's PPN was within [`PR_STOP`] of 0 or 1, where the
    /// same search with that pr stops (`null`: never).
    pub within_pr: Option<Point>,
    /// The run's iterations over `within_pr`'s (`null`: no such point, or at iteration 0).
    pub prolongation: Option<f64>,
    /// The same position with pr = [`PR_STOP`].
    pub with_pr: Run,
    /// Seconds of the run without pr (the only field that changes between identical runs),
    /// written to the microsecond.
    #[serde(with = "micros")]
    pub seconds: f64,
}

/// A seed written as text ([`PpnHistory::seed`]).
mod seed_text {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub(super) fn serialize<S: Serializer>(seed: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(seed)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(D::Error::custom)
    }
}

/// The root's PPN of a probability value.
fn ppn(values: Option<Values>) -> Option<f64> {
    match values? {
        Values::Probability { ppn, .. } => Some(ppn),
        _ => None,
    }
}

/// Runs PPNS on `pos` with `params` (θ, playouts, seed; pr is set off) within `limits`,
/// keeping the root's PPN, then with pr = [`PR_STOP`]; `chosen` says why the position was
/// picked.
///
/// # Errors
/// A bad position or parameters, or a game PPNS cannot search.
pub fn run(
    spec: &GameSpec,
    pos: &str,
    params: &Params,
    limits: Limits,
    chosen: Option<Choice>,
) -> Result<PpnHistory, Error> {
    let params = params.clone().with_limits(limits);
    let start = |pr| engine::start(spec, pos, "ppns", &params.clone().with(&PR, pr));
    let mut session = start(None)?;
    let point = |session: &dyn Session| {
        let run = Run::of(session);
        ppn(session.root_value()).map(|ppn| Point {
            iteration: run.iterations,
            nodes: run.nodes,
            ppn,
        })
    };
    let stops = |p: &Point| pr_conclusion(Some(PR_STOP), p.ppn, 1.0 - p.ppn).is_some();
    let mut within_pr = point(session.as_ref()).filter(stops);
    let mut finished = false;
    while !finished {
        finished = session.step(Budget::iterations(1)).is_some();
        within_pr = within_pr.or_else(|| point(session.as_ref()).filter(stops));
    }
    let run = Run::of(session.as_ref());
    let kept = session.history().ok_or_else(|| Error::BadParameter {
        name: "algo".into(),
        message: "PPNS keeps no history".into(),
    })?;
    let mut every = kept.stride();
    while run.iterations / every >= MAX_POINTS {
        every *= 2;
    }
    let last = kept.len() - 1;
    let history = (0..=last)
        .filter(|&i| i == last || kept.iterations()[i] % every == 0)
        .map(|i| Point {
            iteration: kept.iterations()[i],
            nodes: kept.nodes()[i],
            ppn: kept.chart()[i],
        })
        .collect();
    let with_pr = Run::of(
        {
            let mut session = start(Some(PR_STOP))?;
            session.run();
            session
        }
        .as_ref(),
    );
    Ok(PpnHistory {
        pos: pos.to_string(),
        chosen,
        theta: params.real(&THETA),
        playouts: params.integer(&PLAYOUTS),
        seed: params.seed(),
        max_nodes: limits.max_nodes,
        run,
        every,
        history,
        prolongation: within_pr
            .filter(|p| p.iteration > 0)
            .map(|p| run.iterations as f64 / p.iteration as f64),
        within_pr,
        with_pr,
        seconds: session.stats().seconds,
    })
}

/// The runs as a plain text table: each position's verdict, iterations and nodes without
/// pr, where pr = 1e-5 would have stopped, the prolongation, and the run with pr.
#[must_use]
pub fn table(found: &[PpnHistory]) -> String {
    let mut rows = vec![
        [
            "position",
            "chosen",
            "gap",
            "verdict",
            "iterations",
            "nodes",
            "within 1e-5 at",
            "nodes then",
            "prolongation",
            "with pr 1e-5",
            "iterations",
            "nodes",
        ]
        .map(String::from)
        .to_vec(),
    ];
    let or_dash = |value: Option<String>| value.unwrap_or_else(|| "-".to_string());
    for h in found {
        rows.push(vec![
            h.pos.clone(),
            or_dash(
                h.chosen
                    .as_ref()
                    .map(|c| format!("{} (stage {} #{})", c.rule.name(), c.stage, c.index)),
            ),
            or_dash(h.chosen.as_ref().map(|c| c.gap.to_string())),
            h.run.verdict.to_string(),
            h.run.iterations.to_string(),
            h.run.nodes.to_string(),
            or_dash(h.within_pr.map(|p| p.iteration.to_string())),
            or_dash(h.within_pr.map(|p| p.nodes.to_string())),
            or_dash(h.prolongation.map(|r| format!("{r:.2}×"))),
            h.with_pr.verdict.to_string(),
            h.with_pr.iterations.to_string(),
            h.with_pr.nodes.to_string(),
        ]);
    }
    super::text_table::render(&rows, |c| c < 2 || c == 3 || c == 9)
}

//! `pnplay experiment`: the papers' batch experiments (SPEC.md §5, §9) on the command line.
//!
//! * `stages`: completion by number of random moves (paper Tables 2, 3, Figures 7, 8), or
//!   of the positions of a file;
//! * `connect4`: Connect Four at 12 random plies, PNS, MCPNS and the PPNS θ × pr grid (paper
//!   Figures 4, 6, Table 1);
//! * `2048`: 2×2 2048 from its opening positions, objectives 16 and 32 (dissertation Table
//!   4.2), with the exact answer beside every verdict;
//! * `ppn-history`: the root's PPN over the iterations of PPNS on the positions a grid's
//!   records pick, or on given ones (paper Figure 5, the prolonged search).
//!
//! Each writes one JSON line per position and search to `--out FILE.jsonl`, the summary table
//! to `FILE.csv` (and for `stages` and `connect4` an SVG plot to `FILE.svg`) beside it, prints
//! the table (or, with `--json`, the JSON lines), and reports progress on stderr.
//!
//! `--shard K/N` runs the K-th of N parts of the plan (positions dealt round robin, each
//! with all its searches); a shard writes its JSON lines and plan file, and `pnplay merge`
//! writes the whole run's summary and plot.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::{Args, Subcommand};
use pnplay::engine::GameSpec;
use pnplay::experiment::files::json_lines;
use pnplay::experiment::journal::{self, Layout};
use pnplay::experiment::paper::Experiment;
use pnplay::experiment::runner::{
    Job, NODES_2048, PR_2048, grid_searches, plan, plan_2048, plan_stages, playout_seed, run_job,
    run_ordered, units,
};
use pnplay::experiment::shard::{Shard, assemble};
use pnplay::experiment::summary::{Row, csv, summarize, text_table};
use pnplay::experiment::{
    Record, SearchSpec, Stage, generate, plot, ppn_history, pr_savings, verify,
};
use pnplay::search::catalogue::SearchInfo;
use pnplay::search::params::{PR, Params};
use pnplay::search::{Goal, Limits};

use crate::merge::Batch;
use crate::params::{self, ParamArgs};

/// The experiments.
#[derive(Subcommand)]
pub enum ExperimentCommand {
    /// Completion by number of random moves (paper Tables 2 and 3, Figures 7 and 8), or of
    /// the positions of a file.
    Stages(StagesArgs),
    /// Connect Four: PNS, MCPNS and PPNS over a grid of θ × pr (paper Figures 4 and 6,
    /// Table 1). PPNS (and ppns-precise) runs once per setting; other searches once.
    Connect4(Connect4Args),
    /// 2×2 2048 from its opening positions, objectives 16 and 32 (dissertation Table 4.2),
    /// with the exact answer of every position.
    #[command(name = "2048")]
    G2048(G2048Args),
    /// The root's PPN over the iterations of PPNS (θ and playouts as given, pr off) on the
    /// positions of a Connect Four grid run (`experiment connect4`) with the largest PNS–PPNS
    /// gap in nodes, or on --pos (paper Figure 5), with where pr = 1e-5 would have stopped
    /// and that run beside it.
    PpnHistory(PpnHistoryArgs),
}

/// What every experiment takes.
#[derive(Args)]
pub struct CommonArgs {
    /// The searches' parameters and run settings; the seed also seeds the positions, and
    /// --nodes and --time default to the paper's limits for the experiment.
    #[command(flatten)]
    params: ParamArgs,
    /// Check every position with an exact solver (alpha-beta) and count wrong verdicts.
    #[arg(long)]
    verify: bool,
    /// Most positions the exact solver may search per position; a position it cannot solve
    /// within them is not verified.
    #[arg(long, default_value_t = verify::VERIFY_NODES)]
    verify_nodes: u64,
    /// Most seconds the exact solver may spend per position.
    #[arg(long, value_parser = params::seconds)]
    verify_time: Option<f64>,
    /// Threads of each position's exact solve where the game's solver searches in parallel
    /// (8×8 Othello), beside the --jobs positions verified at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    verify_threads: u16,
    /// Searches run at once (threads).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    #[command(flatten)]
    output: OutputArgs,
    /// Run only part K of N of the plan (K from 1; positions dealt round robin); `pnplay
    /// merge` combines the N parts' files.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
}

/// `pnplay experiment stages`.
#[derive(Args)]
pub struct StagesArgs {
    /// Game name.
    #[arg(long, default_value = "othello")]
    game: GameSpec,
    /// Numbers of random moves, comma separated [default: the game's, as `pnplay catalogue
    /// games` lists them; 8×8 Othello: the paper's 18,22,26,32,36,40].
    #[arg(long, value_delimiter = ',')]
    stages: Option<Vec<u32>>,
    /// Positions per stage (with --positions-file: the first N of the file).
    #[arg(long, default_value_t = 200)]
    positions: usize,
    /// Searches, comma separated: any of the catalogue (the list closes `pnplay --help`).
    #[arg(long, value_delimiter = ',', default_value = pnplay::experiment::DEFAULT_STAGE_SEARCHES, value_parser = params::search)]
    algos: Vec<&'static SearchInfo>,
    /// Read positions from this file instead of generating them (one per line; blank lines
    /// and # comments skipped; an annotation after the position is ignored).
    #[arg(long)]
    positions_file: Option<PathBuf>,
    #[command(flatten)]
    common: CommonArgs,
}

/// `pnplay experiment connect4`.
#[derive(Args)]
pub struct Connect4Args {
    /// Game name (any Connect Four size).
    #[arg(long, default_value = "connect4")]
    game: GameSpec,
    /// Random plies from the empty board.
    #[arg(long, default_value_t = 12)]
    plies: u32,
    /// Positions.
    #[arg(long, default_value_t = 200)]
    positions: usize,
    /// Searches, comma separated.
    #[arg(long, value_delimiter = ',', default_value = "pns,mcpns,ppns", value_parser = params::search)]
    algos: Vec<&'static SearchInfo>,
    /// θ values of the PPNS grid.
    #[arg(long, value_delimiter = ',', default_value = "0.01,0.001", value_parser = params::finite)]
    thetas: Vec<f64>,
    /// pr values of the PPNS grid (`off` for none).
    #[arg(long, value_delimiter = ',', default_value = "off,1e-3,1e-4,1e-5", value_parser = parse_pr)]
    prs: Vec<Pr>,
    #[command(flatten)]
    common: CommonArgs,
}

/// `pnplay experiment 2048`.
#[derive(Args)]
pub struct G2048Args {
    /// Board: 2048:2x2 or 2048:4x4.
    #[arg(long, default_value = "2048:2x2")]
    game: String,
    /// Objective tiles, comma separated.
    #[arg(long, value_delimiter = ',', default_value = "16,32")]
    objectives: Vec<u32>,
    /// Searches, comma separated (--pr defaults to the dissertation's 1e-4 here).
    #[arg(long, value_delimiter = ',', default_value = "pns,mcpns,ppns", value_parser = params::search)]
    algos: Vec<&'static SearchInfo>,
    /// Every opening (a 2 or a 4 in each spawn: 24 on 2×2) instead of the dissertation's
    /// openings with two 2-tiles (6 on 2×2).
    #[arg(long)]
    all_starts: bool,
    /// How spawns after slides are read: and (chance: the objective whatever spawns) or or
    /// (the player picks the spawns: `2048:2x2:16:or`).
    #[arg(long, default_value = "and", value_parser = ["and", "or"])]
    spawns: String,
    #[command(flatten)]
    common: CommonArgs,
}

/// `pnplay experiment ppn-history`.
#[derive(Args)]
pub struct PpnHistoryArgs {
    /// Game name.
    #[arg(long, default_value = "connect4")]
    game: GameSpec,
    /// The records (JSON Lines, gzipped or not) of a grid run (`experiment connect4`) to pick
    /// the positions from; --seed is that run's seed.
    #[arg(long, conflicts_with = "pos", required_unless_present = "pos")]
    records: Option<PathBuf>,
    /// Positions to run instead, comma separated; --seed is the playouts' seed, as for solve.
    #[arg(long, value_delimiter = ',')]
    pos: Vec<String>,
    /// The searches' parameters (θ, playouts, seed) and the node limit (default: the
    /// paper's 35,000,000).
    #[command(flatten)]
    params: ParamArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// Where every experiment writes, and what it prints.
#[derive(Args)]
pub struct OutputArgs {
    /// The JSON Lines file to write, a position at a time as the run goes; the summary goes
    /// beside it as .csv (and, where the experiment draws one, the plot as .svg). A file of
    /// this same command is resumed (positions there are skipped; ppn-history, which writes
    /// its file whole, starts again); any other file is refused.
    #[arg(long)]
    out: PathBuf,
    /// Replace --out even if it holds another plan's records or is not a records file.
    #[arg(long)]
    force: bool,
    /// Print the JSON lines on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// No progress lines on stderr.
    #[arg(long)]
    quiet: bool,
}

/// A precision rate, or none (`off`).
#[derive(Clone, Copy, Debug)]
struct Pr(Option<f64>);

fn parse_pr(text: &str) -> Result<Pr, String> {
    if text == "off" {
        return Ok(Pr(None));
    }
    params::finite(text)
        .map(|pr| Pr(Some(pr)))
        .map_err(|e| format!("pr must be a number or off: {e}"))
}

/// Runs an experiment command.
pub fn run(command: ExperimentCommand, batch: &Batch) -> Result<(), String> {
    match command {
        ExperimentCommand::Stages(args) => stages(args, batch),
        ExperimentCommand::Connect4(args) => connect4(args, batch),
        ExperimentCommand::G2048(args) => g2048(args, batch),
        ExperimentCommand::PpnHistory(args) => ppn_history(args, batch),
    }
}

/// What an experiment runs: the jobs of every game (2048's objectives are games of their
/// own), the limits, and the goal to verify verdicts against, if verified.
struct Plan {
    parts: Vec<(GameSpec, Vec<Job>)>,
    limits: Limits,
    verify: Option<Goal>,
}

/// The key that names a job and its record in a merge: `stage 18 #3 ppns`.
fn key(stage: &Stage, index: usize, search: &SearchSpec) -> String {
    format!("stage {stage} #{index} {}", search.label())
}

impl Plan {
    /// The plan of one game's `jobs`, with the limits of `params` (the defaults `nodes` and
    /// `seconds` where none was given), verified when `--verify` asks.
    fn one_game(
        spec: GameSpec,
        jobs: Vec<Job>,
        common: &CommonArgs,
        params: &Params,
        (nodes, seconds): (u64, f64),
    ) -> Plan {
        Plan {
            parts: vec![(spec, jobs)],
            limits: limits(params, nodes, Some(seconds)),
            verify: common.verify.then(|| params.goal()),
        }
    }

    /// The plan's positions (its units), in order: each as its game and its jobs (one per
    /// search).
    fn units(&self) -> Vec<(&GameSpec, &[Job])> {
        self.parts
            .iter()
            .flat_map(|(spec, jobs)| units(jobs).map(move |unit| (spec, unit)))
            .collect()
    }

    /// The records of the plan: its shard's jobs run (and verified), written to --out as
    /// each position is done and resumed from it; or, when merging, the shards' records
    /// checked against the plan and put in its order.
    fn records(&self, common: &CommonArgs, batch: &Batch) -> Result<Vec<Record>, String> {
        let keys = self
            .parts
            .iter()
            .flat_map(|(_, jobs)| jobs)
            .map(|job| key(&job.stage, job.index, &job.search));
        if let Some(parts) = &batch.merge {
            let expected: Vec<String> = keys.collect();
            let found = parts
                .records::<Record>()?
                .into_iter()
                .map(|(line, record)| {
                    let key = key(&record.stage, record.index, &record.search());
                    (key, line.place(), record)
                })
                .collect();
            let records = assemble(&expected, found)?;
            batch.write_whole(
                &common.output.out,
                None,
                common.output.force,
                &lines(&records)?,
            )?;
            return Ok(records);
        }
        for (_, jobs) in &self.parts {
            check_jobs(jobs)?;
        }
        let units = self.units();
        let per_unit = units.first().map_or(1, |(_, jobs)| jobs.len());
        // Every job's key, with its unit and place in it.
        let places: HashMap<String, (usize, usize)> = units
            .iter()
            .enumerate()
            .flat_map(|(u, (_, jobs))| jobs.iter().enumerate().map(move |(i, job)| (u, i, job)))
            .map(|(u, i, job)| (key(&job.stage, job.index, &job.search), (u, i)))
            .collect();
        let shard = batch.shard(common.shard);
        let layout = Layout {
            units: units.len(),
            per_unit,
            locate: |record: &Record| {
                let key = key(&record.stage, record.index, &record.search());
                match places.get(&key) {
                    Some(&(unit, _)) if !shard.owns(unit) => {
                        Err(format!("{key} is not of shard {shard}"))
                    }
                    Some(&place) => Ok(place),
                    None => Err(format!("{key} is not part of this plan")),
                }
            },
        };
        let mut slots: Vec<Vec<Record>> = units.iter().map(|_| Vec::new()).collect();
        let (mut file, done) = batch.output(
            &common.output.out,
            common.shard,
            common.output.force,
            |out| journal::resume(out, &layout, |unit, record| slots[unit].push(record)),
        )?;
        let todo: usize = (0..shard.units_of(units.len()))
            .map(|k| shard.unit(k))
            .filter(|unit| !done.contains(unit))
            .map(|unit| units[unit].1.len())
            .sum();
        let counter = Counter {
            done: AtomicUsize::new(0),
            total: todo,
            quiet: common.output.quiet,
        };
        run_ordered(
            shard.units_of(units.len()),
            common.jobs,
            |k| {
                let unit = shard.unit(k);
                if done.contains(&unit) {
                    return Ok(None);
                }
                let (spec, jobs) = units[unit];
                self.run_unit(spec, jobs, common, &counter)
                    .map(|records| Some((unit, records)))
            },
            |_, ran| {
                let Some((unit, records)) = ran else {
                    return Ok(());
                };
                file.write(
                    &lines(&records).map_err(|e| pnplay::error::Error::BadParameter {
                        name: "out".to_string(),
                        message: e,
                    })?,
                )?;
                slots[unit] = records;
                Ok(())
            },
        )?;
        Ok(slots.into_iter().flatten().collect())
    }

    /// Runs the jobs of one position (and verifies it, if the plan verifies).
    fn run_unit(
        &self,
        spec: &GameSpec,
        jobs: &[Job],
        common: &CommonArgs,
        counter: &Counter,
    ) -> Result<Vec<Record>, pnplay::error::Error> {
        let mut records = Vec::new();
        for job in jobs {
            let record = run_job(spec, job, self.limits)?;
            counter.ran(spec, job, &record);
            records.push(record);
        }
        if let (Some(goal), Some(job)) = (self.verify, jobs.first()) {
            let start = std::time::Instant::now();
            let found = verify::verify(
                spec,
                &job.pos,
                goal,
                common.verify_limits(),
                common.verify_threads.into(),
            )?;
            if !common.output.quiet {
                let answer = match found {
                    Some(found) => describe(found),
                    None => "not verified within the budget".to_string(),
                };
                let seconds = start.elapsed().as_secs_f64();
                eprintln!(
                    "verify {spec} stage {} #{}: {answer} ({seconds:.1} s)",
                    job.stage, job.index
                );
            }
            for record in &mut records {
                verify::mark(record, found);
            }
        }
        Ok(records)
    }

    /// Runs the plan ([`Plan::records`]) and reports its records: writes the summary (CSV)
    /// and, if given, the plot (SVG) beside them, with the published numbers of
    /// `experiment`; prints the table or the JSON lines.
    ///
    /// A shard writes its JSON lines and plan file only: its summary would be of a part.
    fn report(
        &self,
        common: &CommonArgs,
        batch: &Batch,
        experiment: Option<Experiment>,
        plot: Option<(PlotFn, &str)>,
    ) -> Result<(), String> {
        let records = self.records(common, batch)?;
        let rows = summarize(&records);
        if batch.shard(common.shard).is_whole() {
            write_file(
                &common.output.out.with_extension("csv"),
                &csv(&rows, experiment),
            )?;
            if let Some((plot, title)) = plot {
                let svg = plot(&rows, title, experiment).to_svg();
                write_file(&common.output.out.with_extension("svg"), &svg)?;
            }
        }
        if common.output.json {
            out!("{}", lines(&records)?);
        } else {
            out!("{}", text_table(&rows, experiment));
            out!("{}", pr_savings::table(&pr_savings::savings(&records)));
        }
        Ok(())
    }
}

/// The progress of a run: searches done of those to run.
struct Counter {
    done: AtomicUsize,
    total: usize,
    quiet: bool,
}

impl Counter {
    /// Counts one search done and prints its line unless quiet.
    fn ran(&self, spec: &GameSpec, job: &Job, record: &Record) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if !self.quiet {
            eprintln!(
                "[{done:>5}/{}] {spec} stage {} #{} {}: {} ({} nodes, {:.2} s)",
                self.total,
                job.stage,
                job.index,
                job.search.label(),
                record.verdict,
                record.nodes,
                record.seconds
            );
        }
    }
}

/// Records as JSON Lines.
fn lines<T: serde::Serialize>(records: &[T]) -> Result<String, String> {
    let mut text = String::new();
    for record in records {
        text.push_str(&serde_json::to_string(record).map_err(|e| e.to_string())?);
        text.push('\n');
    }
    Ok(text)
}

/// The search limits of `params`, with the experiment's defaults where none was given.
fn limits(params: &Params, default_nodes: u64, default_seconds: Option<f64>) -> Limits {
    let given = params.limits();
    Limits {
        max_nodes: Some(given.max_nodes.unwrap_or(default_nodes)),
        max_seconds: given.max_seconds.or(default_seconds),
        ..given
    }
}

impl CommonArgs {
    /// The parameters of every search (the seed is set per position by `plan`), with
    /// `default_pr` unless --pr was given.
    fn params(&self, default_pr: Option<f64>) -> Result<Params, String> {
        let params = self.params.params()?;
        Ok(if self.params.given("pr") {
            params
        } else {
            params.with(&PR, default_pr)
        })
    }

    /// The exact solver's limits.
    fn verify_limits(&self) -> Limits {
        Limits {
            max_nodes: Some(self.verify_nodes),
            max_seconds: self.verify_time,
            ..Limits::default()
        }
    }
}

/// Checks every job's parameters before anything runs.
fn check_jobs(jobs: &[Job]) -> Result<(), String> {
    for job in jobs {
        job.params
            .check(job.search.algo.params)
            .map_err(|e| format!("{}: {e}", job.search.label()))?;
    }
    Ok(())
}

/// A verified position as the progress line says it: its outcome, or what the goal showed
/// if the budget ended before the other side of zero was settled.
fn describe(found: verify::Verified) -> String {
    match (found.outcome, found.holds) {
        (Some(outcome), _) => format!("{outcome:?}").to_lowercase(),
        // Only a failed `win` or a held `not-lose` leaves the outcome open.
        (None, false) => "not a win (draw or loss: the rest not settled within the budget)".into(),
        (None, true) => "not a loss (win or draw: the rest not settled within the budget)".into(),
    }
}

/// Draws summary rows: a title and the experiment whose published numbers go beside ours.
type PlotFn = fn(&[Row], &str, Option<Experiment>) -> plot::LinePlot;

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn stages(args: StagesArgs, batch: &Batch) -> Result<(), String> {
    let common = &args.common;
    let spec = args.game;
    let params = common.params(None)?;
    let seed = params.seed();
    let searches: Vec<SearchSpec> = args.algos.iter().map(|&a| SearchSpec::plain(a)).collect();
    let jobs = match &args.positions_file {
        Some(path) => {
            let text = params::read_input("positions-file", path)?;
            let mut positions = generate::read_positions(&spec, &text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            positions.truncate(args.positions);
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            plan(&[(Stage::Named(name), positions)], &searches, &params, seed)
        }
        None => plan_stages(
            &spec,
            args.stages.as_deref().unwrap_or(spec.stages()),
            args.positions,
            &searches,
            &params,
            seed,
        )?,
    };
    let experiment = Experiment::for_stages(&spec);
    let title = format!("{spec}: completion by stage");
    // The paper's Othello limits: 8,000,000 nodes or 600 s.
    let plan = Plan::one_game(spec, jobs, common, &params, (8_000_000, 600.0));
    plan.report(
        common,
        batch,
        experiment,
        Some((plot::completion_by_stage, &title)),
    )
}

fn connect4(args: Connect4Args, batch: &Batch) -> Result<(), String> {
    let common = &args.common;
    let spec = args.game;
    let params = common.params(None)?;
    let seed = params.seed();
    let prs: Vec<Option<f64>> = args.prs.iter().map(|&Pr(pr)| pr).collect();
    let searches = grid_searches(&args.algos, &args.thetas, &prs);
    let jobs = plan_stages(
        &spec,
        &[args.plies],
        args.positions,
        &searches,
        &params,
        seed,
    )?;
    let experiment =
        (spec.to_string() == "connect4" && args.plies == 12).then_some(Experiment::Connect4Grid);
    let title = format!("{spec}, {} random plies: completion by pr", args.plies);
    // The paper's Connect Four limits: 35,000,000 nodes or 420 s.
    let plan = Plan::one_game(spec, jobs, common, &params, (35_000_000, 420.0));
    plan.report(
        common,
        batch,
        experiment,
        Some((plot::completion_by_setting, &title)),
    )
}

fn g2048(args: G2048Args, batch: &Batch) -> Result<(), String> {
    let common = &args.common;
    let params = common.params(Some(PR_2048))?;
    let seed = params.seed();
    let searches: Vec<SearchSpec> = args.algos.iter().map(|&a| SearchSpec::plain(a)).collect();
    let readings = (args.all_starts, args.spawns == "or");
    let parts = plan_2048(
        &args.game,
        &args.objectives,
        readings,
        &searches,
        &params,
        seed,
    )
    .map_err(|e| e.to_string())?;
    let plan = Plan {
        parts,
        limits: limits(&params, NODES_2048, None),
        // The exact answer is part of this experiment's table, so it is always computed.
        verify: Some(params.goal()),
    };
    let experiment = (args.game == "2048:2x2" && !args.all_starts).then_some(Experiment::G2048);
    plan.report(common, batch, experiment, None)
}

fn ppn_history(args: PpnHistoryArgs, batch: &Batch) -> Result<(), String> {
    let found = match &batch.merge {
        // A merge re-summarises the records: nothing is run again.
        Some(parts) => parts
            .records::<ppn_history::PpnHistory>()?
            .into_iter()
            .map(|(_, record)| record)
            .collect(),
        None => run_ppn_histories(&args)?,
    };
    batch.write_whole(&args.output.out, None, args.output.force, &lines(&found)?)?;
    if args.output.json {
        out!("{}", lines(&found)?);
    } else {
        out!("{}", ppn_history::table(&found));
    }
    Ok(())
}

/// The PPN histories `args` ask for: of the positions its records pick, or of --pos.
fn run_ppn_histories(args: &PpnHistoryArgs) -> Result<Vec<ppn_history::PpnHistory>, String> {
    let params = args.params.params()?;
    // The paper's Connect Four node limit, as `experiment connect4`'s.
    let limits = limits(&params, 35_000_000, None);
    let runs: Vec<(String, Params, Option<ppn_history::Choice>)> = match &args.records {
        Some(path) => {
            let raw = params::read_gzipped_or_not("records", path)?;
            let text = String::from_utf8(raw)
                .map_err(|_| format!("--records: {} is not UTF-8 text", path.display()))?;
            let records: Vec<Record> =
                json_lines(&text).map_err(|e| format!("--records: {}: {e}", path.display()))?;
            let chosen = ppn_history::choose(&records);
            if chosen.is_empty() {
                return Err(format!(
                    "--records: {} holds no position that PNS concluded beside a PPNS (θ = 0.01, pr off) run",
                    path.display()
                ));
            }
            chosen
                .into_iter()
                .map(|(pos, choice)| {
                    let seed = playout_seed(params.seed(), &choice.stage, choice.index);
                    (pos, params.clone().with_seed(seed), Some(choice))
                })
                .collect()
        }
        None => args
            .pos
            .iter()
            .map(|pos| (pos.clone(), params.clone(), None))
            .collect(),
    };
    let mut found = Vec::new();
    for (pos, params, choice) in runs {
        let history = ppn_history::run(&args.game, &pos, &params, limits, choice)
            .map_err(|e| e.to_string())?;
        if !args.output.quiet {
            eprintln!(
                "{} {pos}: {} after {} iterations, {} nodes ({:.1} s)",
                args.game,
                history.run.verdict,
                history.run.iterations,
                history.run.nodes,
                history.seconds
            );
        }
        found.push(history);
    }
    Ok(found)
}

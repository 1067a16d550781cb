//! Targets over what users write beside positions: search parameters as the CLI and share
//! links give them, results files (JSON Lines), and shards and plan files of batch runs.

use std::path::PathBuf;

use pnplay::arena::GameRecord;
use pnplay::experiment::Record;
use pnplay::experiment::results;
use pnplay::experiment::shard::{Part, Parts, PlanFile, Shard, plan_command};
use pnplay::game::Rng;
use pnplay::search::Goal;
use pnplay::search::catalogue::find_list;
use pnplay::search::catalogue::{all_params, spec};
use pnplay::search::params::{ParamKind, Params};

use crate::driver::Verdict;
use crate::texts::text;

/// Turns a refusal's error into the driver's verdict.
fn refused(message: impl ToString) -> Result<Verdict, String> {
    Ok(Verdict::Refused(message.to_string()))
}

/// Parameters: `KEY\nVALUE`, as `--KEY VALUE` and a share link's `KEY=VALUE` give them
/// (`search`, `goal` and `json` read a search list, a goal and a JSON object instead). A value
/// that is accepted prints back to text that reads to the same value.
pub fn check_param(input: &[u8]) -> Result<Verdict, String> {
    let input = text(input);
    let (key, value) = input.split_once('\n').unwrap_or((&input, ""));
    match key {
        "search" => match find_list(value) {
            Ok(found) if found.is_empty() => Err(format!("{value:?}: an empty list of searches")),
            Ok(_) => Ok(Verdict::Accepted),
            Err(e) => refused(e),
        },
        "goal" => match Goal::parse(value) {
            Ok(_) => Ok(Verdict::Accepted),
            Err(e) => refused(e),
        },
        "json" => match serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(value) {
            Ok(object) => match Params::from_json(&object) {
                Ok(_) => Ok(Verdict::Accepted),
                Err(e) => refused(e),
            },
            Err(_) => Ok(Verdict::Accepted), // not JSON: the worker never passes it on
        },
        _ => {
            let mut params = Params::default();
            if let Err(e) = params.set_text(key, value) {
                return refused(e);
            }
            let spec = spec(key).map_err(|e| format!("{key:?} set but unknown: {e}"))?;
            if spec.key == "seed" {
                return Ok(Verdict::Accepted);
            }
            let read = params.get(spec);
            let printed = spec.format(read);
            let again = spec
                .parse(&printed)
                .map_err(|e| format!("{key}={value:?} printed as {printed:?}, refused: {e}"))?;
            if again != read {
                return Err(format!(
                    "{key}={value:?} reads {read:?}, prints {printed:?}, which reads {again:?}"
                ));
            }
            Ok(Verdict::Accepted)
        }
    }
}

/// A valid parameter setting: a key and a value in its range (or a choice's word).
pub fn generate_param(rng: &mut Rng) -> Vec<u8> {
    let params = all_params();
    let spec = params[rng.below(params.len() as u32) as usize];
    let value = match spec.kind {
        ParamKind::Choice { options } => {
            options[rng.below(options.len() as u32) as usize].to_string()
        }
        _ => {
            let (min, max) = (spec.min.unwrap_or(0.0), spec.max.unwrap_or(1e6));
            let x = min + (max - min) * rng.unit();
            let x = if matches!(spec.kind, ParamKind::Integer) {
                x.round()
            } else {
                x
            };
            if spec.check(Some(x)).is_ok() {
                x.to_string()
            } else {
                spec.format(spec.default)
            }
        }
    };
    format!("{}\n{value}", spec.key).into_bytes()
}

/// Results files: `results::read` never panics; each line that is a record (an experiment's
/// or a match's) writes back to a line that reads to the same record.
pub fn check_results(input: &[u8]) -> Result<Verdict, String> {
    let text = text(input);
    for line in text.lines() {
        round_trip_line::<Record>(line)?;
        round_trip_line::<GameRecord>(line)?;
    }
    match results::read(&text, None) {
        Ok(_) => Ok(Verdict::Accepted),
        Err(e) => refused(e),
    }
}

/// A line that reads as an `R` is written back to one that reads to the same `R`.
fn round_trip_line<R>(line: &str) -> Result<(), String>
where
    R: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let Ok(record) = serde_json::from_str::<R>(line) else {
        return Ok(());
    };
    let written = serde_json::to_string(&record).map_err(|e| format!("{record:?}: {e}"))?;
    let again: R = serde_json::from_str(&written)
        .map_err(|e| format!("{line:?} written as {written:?}, refused: {e}"))?;
    if again == record {
        Ok(())
    } else {
        Err(format!(
            "{line:?} written as {written:?} reads as {again:?}"
        ))
    }
}

/// Lines of the committed results files, for generated inputs.
pub fn results_lines() -> Vec<String> {
    let dir = crate::driver::corpus_dir("results");
    let mut lines = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        lines.extend(text.lines().map(str::to_string));
    }
    lines
}

/// A few lines of the committed results, in a random order.
pub fn generate_results(lines: &[String], rng: &mut Rng) -> Vec<u8> {
    if lines.is_empty() {
        return Vec::new();
    }
    let n = 1 + rng.below(4);
    let picked: Vec<&str> = (0..n)
        .map(|_| lines[rng.below(lines.len() as u32) as usize].as_str())
        .collect();
    picked.join("\n").into_bytes()
}

/// Shards and plans: `K/N` reads and prints back to itself; a plan file's JSON that reads
/// writes back to the same plan; the records of a part read as JSON Lines; a command line's
/// plan is the command less the run flags.
pub fn check_shard(input: &[u8]) -> Result<Verdict, String> {
    let text = text(input);
    let args: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let plan = plan_command(&args);
    let run_flag = |a: &String| {
        ["--out", "--shard"]
            .iter()
            .any(|flag| a == flag || a.starts_with(&format!("{flag}=")))
    };
    if plan.iter().any(run_flag) {
        return Err(format!("{args:?}: plan {plan:?} keeps a run flag"));
    }
    if let Ok(plan) = serde_json::from_str::<PlanFile>(&text) {
        let written = serde_json::to_string(&plan).map_err(|e| e.to_string())?;
        if serde_json::from_str::<PlanFile>(&written).ok() != Some(plan.clone()) {
            return Err(format!(
                "plan {text:?} written as {written:?} reads otherwise"
            ));
        }
    }
    let parts = Parts {
        command: Vec::new(),
        parts: vec![Part {
            path: PathBuf::from("part.jsonl"),
            shard: Shard::new(1, 1).unwrap(),
            text: text.clone(),
        }],
    };
    if let Err(e) = parts.records::<GameRecord>() {
        crate::driver::check_message(input, &e.to_string())?;
    }
    match text.parse::<Shard>() {
        Ok(shard) => {
            let printed = shard.to_string();
            if printed.parse::<Shard>().ok() != Some(shard) {
                return Err(format!("{text:?} printed as {printed:?} reads otherwise"));
            }
            Ok(Verdict::Accepted)
        }
        Err(e) => refused(e),
    }
}

/// A valid shard, plan file or command line.
pub fn generate_shard(rng: &mut Rng) -> Vec<u8> {
    let n = 1 + rng.below(64) as usize;
    let shard = Shard::new(1 + rng.below(n as u32) as usize, n).unwrap();
    match rng.below(3) {
        0 => shard.to_string(),
        1 => serde_json::to_string(&PlanFile {
            command: vec!["match".into(), "--game".into(), "tictactoe".into()],
            shard,
        })
        .unwrap(),
        _ => format!("match --game tictactoe --shard {shard} --out x.jsonl --quiet --games 4"),
    }
    .into_bytes()
}

//! Running matches natively (`pnplay match`): games on several threads, one JSON line per
//! game written in game order as soon as every earlier game is written (so a file cut short
//! is always a prefix of the full one), and resuming from such a file.
//!
//! Resuming reads the existing file: every line must be a game of one of the matches being
//! run (same game, agents, openings and seed), each (agent A, index) at most once; a last
//! line cut off mid-write (no newline, not JSON) is dropped. Games already there are not
//! played again, and the summaries count them. The same seed and iteration budgets give the
//! same lines whatever the number of threads, so an interrupted and resumed run writes the
//! same file as an uninterrupted one (but for the per-move seconds).
//!
//! [`run_match_part`] plays one shard of the games ([`crate::experiment::shard`]): the games
//! are numbered match by match (sweep value by sweep value), game by game, and dealt round
//! robin, so N shards play every game once and each the same game as a whole run would.
//!
//! ```
//! use pnplay::arena::{MatchConfig, run::run_match};
//! let config = MatchConfig::new("tictactoe", "random", "random", "", 3).unwrap();
//! let summaries = run_match(&[config], 20, 2, None, |_| {}).unwrap();
//! let s = &summaries[0];
//! assert_eq!(s.wins + s.draws + s.losses, 20);
//! ```

use std::collections::{BTreeMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

use super::{GameRecord, MatchConfig, Summary, play_game};
use crate::error::Error;
use crate::experiment::runner::parallel_map;
use crate::experiment::shard::Shard;

/// An error about the output file (field `out`).
fn out_error(message: String) -> Error {
    Error::BadParameter {
        name: "out".to_string(),
        message,
    }
}

/// The games already in `text` (a match's output so far) and the length of the part of it
/// to keep (all but a last line cut off mid-write).
///
/// # Errors
/// A line that is not a game record, a game of another match, or a game twice (field `out`).
pub fn read_records(
    text: &str,
    configs: &[MatchConfig],
) -> Result<(Vec<GameRecord>, usize), Error> {
    let mut records = Vec::new();
    let mut seen = HashSet::new();
    let mut keep = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let number = number + 1;
        let complete = line.ends_with('\n');
        if line.trim().is_empty() {
            keep += line.len();
            continue;
        }
        if !complete {
            break; // cut off while it was written: the game is played again
        }
        let record: GameRecord = match serde_json::from_str(line) {
            Ok(record) => record,
            Err(error) => {
                return Err(out_error(format!(
                    "line {number} is not a game of a match: {error}"
                )));
            }
        };
        if !configs.iter().any(|c| c.owns(&record)) {
            return Err(out_error(format!(
                "line {number} is a game of another match (game {}, a {}, b {}, openings {}, seed {}): use another --out",
                record.game, record.a, record.b, record.openings, record.seed
            )));
        }
        if !seen.insert((record.a.clone(), record.index)) {
            return Err(out_error(format!(
                "line {number} repeats game {} of a {}",
                record.index, record.a
            )));
        }
        keep += line.len();
        records.push(record);
    }
    Ok((records, keep))
}

/// Plays games `0..games` of every match of `configs` on `jobs` threads (skipping those
/// already in `out`, which gets one line per new game, in order) and returns one summary
/// per match, of its games below `games`. `progress` sees each new record.
///
/// # Errors
/// The output file's ([`read_records`], or it cannot be read or written; field `out`) or
/// the first game's error.
pub fn run_match(
    configs: &[MatchConfig],
    games: u64,
    jobs: usize,
    out: Option<&Path>,
    progress: impl Fn(&GameRecord) + Sync,
) -> Result<Vec<Summary>, Error> {
    run_match_part(configs, games, Shard::WHOLE, jobs, out, progress)
}

/// [`run_match`] of `shard`'s games only (see the module's documentation); the summaries
/// count them alone.
///
/// # Errors
/// As [`run_match`], and a game of another shard in `out` (field `out`).
pub fn run_match_part(
    configs: &[MatchConfig],
    games: u64,
    shard: Shard,
    jobs: usize,
    out: Option<&Path>,
    progress: impl Fn(&GameRecord) + Sync,
) -> Result<Vec<Summary>, Error> {
    let (done, file) = match out {
        Some(path) => {
            let (done, keep) = match std::fs::read_to_string(path) {
                Ok(text) => read_records(&text, configs)?,
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => (Vec::new(), 0),
                Err(error) => return Err(out_error(format!("{}: {error}", path.display()))),
            };
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .and_then(|file| {
                    file.set_len(keep as u64)?;
                    Ok(file)
                })
                .map_err(|error| out_error(format!("{}: {error}", path.display())))?;
            (done, Some(file))
        }
        None => (Vec::new(), None),
    };
    let have: HashSet<(String, u64)> = done.iter().map(|r| (r.a.clone(), r.index)).collect();
    // Games are numbered match by match, game by game, and dealt to shards round robin.
    let mine: Vec<(usize, u64)> = (0..configs.len())
        .flat_map(|c| (0..games).map(move |i| (c, i)))
        .enumerate()
        .filter(|(unit, _)| shard.owns(*unit))
        .map(|(_, game)| game)
        .collect();
    if let Some(stranger) = done.iter().find(|r| {
        r.index < games
            && !mine
                .iter()
                .any(|&(c, i)| i == r.index && configs[c].owns(r))
    }) {
        return Err(out_error(format!(
            "game {} of a {} is not of shard {shard}: use another --out",
            stranger.index, stranger.a
        )));
    }
    let todo: Vec<(usize, u64)> = mine
        .into_iter()
        .filter(|&(c, i)| !have.contains(&(configs[c].a.to_string(), i)))
        .collect();
    let writer = Mutex::new(Writer {
        file,
        next: 0,
        waiting: BTreeMap::new(),
        failed: None,
    });
    let positions: Vec<usize> = (0..todo.len()).collect();
    let results = parallel_map(
        &positions,
        jobs,
        |&at| {
            let (c, i) = todo[at];
            play_game(&configs[c], i)
        },
        |&at, result| {
            if let Ok(record) = result {
                progress(record);
            }
            writer
                .lock()
                .expect("no thread panics holding the lock")
                .put(at, result);
        },
    );
    if let Some(error) = writer
        .into_inner()
        .expect("no thread panics holding the lock")
        .failed
    {
        return Err(error);
    }
    let mut all = done;
    for result in results {
        all.push(result?);
    }
    Ok(configs
        .iter()
        .map(|config| {
            let mine: Vec<&GameRecord> = all
                .iter()
                .filter(|r| config.owns(r) && r.index < games)
                .collect();
            Summary::of(config, &mine)
        })
        .collect())
}

/// Writes results in their order as they arrive from any thread.
struct Writer {
    file: Option<File>,
    next: usize,
    waiting: BTreeMap<usize, Result<String, Error>>,
    failed: Option<Error>,
}

impl Writer {
    fn put(&mut self, at: usize, result: &Result<GameRecord, Error>) {
        let line = result
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|record| serde_json::to_string(record).map_err(|e| out_error(e.to_string())));
        self.waiting.insert(at, line);
        while let Some(line) = self.waiting.remove(&self.next) {
            self.next += 1;
            if self.failed.is_some() {
                continue;
            }
            match (line, self.file.as_mut()) {
                (Err(error), _) => self.failed = Some(error),
                (Ok(line), Some(file)) => {
                    if let Err(error) = writeln!(file, "{line}").and_then(|()| file.flush()) {
                        self.failed = Some(out_error(error.to_string()));
                    }
                }
                (Ok(_), None) => {}
            }
        }
    }
}

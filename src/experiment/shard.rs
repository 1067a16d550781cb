//! One batch run split over many machines (a Slurm job array, say), and put back together:
//! `--shard K/N` on every batch command runs the K-th of N parts of its plan, and
//! `pnplay merge` combines the parts' JSON Lines files into the file, summary and plots one
//! run would have made. This is how the papers' full-size experiments (the PPNS paper's 200
//! positions per stage at 8,000,000 nodes or 600 s, the PN-MCTS paper's 250 games per point)
//! fit in a cluster's hours rather than one machine's weeks.
//!
//! * **Units.** A plan is a list of units in a fixed order: the positions of an experiment
//!   (each with all its searches, so a position is verified once), the games of a match
//!   (sweep value by sweep value), the games of a tournament (pair by pair). Unit `u` (from
//!   0) belongs to shard `u mod N + 1`: dealt round robin, so every shard gets a like share
//!   of every stage, and early stages (the costly ones) do not all land on one machine.
//! * **Independence.** Every record depends only on the run's seed and its unit's
//!   coordinates ([`super::derive_seed`]), never on what else ran, so shard K writes the same
//!   records whatever the other shards do, and the N shards together are one run, record for
//!   record (but for the wall-clock seconds).
//! * **Plan files.** Beside its `X.jsonl` every batch run writes `X.plan.json`: the command
//!   that made it, without the flags that do not change a record ([`RUN_FLAGS`]: `--shard`,
//!   `--out`, `--jobs`, `--quiet`, `--json`, `--force`), and its shard; it is written before
//!   the first record, and marks the records file as this plan's own
//!   ([`super::journal`]). [`read_parts`] checks that the
//!   files given to `merge` are the N shards of one command, each once; [`assemble`] that
//!   their records are exactly the plan's, each once, and puts them back in plan order.
//!
//! ```
//! use pnplay::experiment::shard::Shard;
//! let shard: Shard = "2/3".parse().unwrap();
//! let mine: Vec<usize> = (0..8).filter(|&u| shard.owns(u)).collect();
//! assert_eq!(mine, [1, 4, 7]);
//! assert_eq!("4/3".parse::<Shard>().unwrap_err().field(), Some("shard"));
//! ```

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::game::error::Elided;

/// Part K of N of a plan (K from 1): `K/N` in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    index: usize,
    count: usize,
}

/// An error about `--shard` (field `shard`).
fn shard_error(message: String) -> Error {
    Error::BadParameter {
        name: "shard".to_string(),
        message,
    }
}

/// An error about the files given to `merge` (field `files`).
fn files_error(message: String) -> Error {
    Error::BadParameter {
        name: "files".to_string(),
        message,
    }
}

impl Shard {
    /// The whole plan: one part of one.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Part `index` (from 1) of `count`.
    ///
    /// # Errors
    /// `count` 0, or `index` not from 1 to `count` (field `shard`).
    pub fn new(index: usize, count: usize) -> Result<Shard, Error> {
        if count == 0 {
            return Err(shard_error(
                "shard: N (the number of shards) must be at least 1".to_string(),
            ));
        }
        if index == 0 || index > count {
            return Err(shard_error(format!(
                "shard: K must be from 1 to N = {count}, got {index}"
            )));
        }
        Ok(Shard { index, count })
    }

    /// K, from 1.
    #[must_use]
    pub const fn index(self) -> usize {
        self.index
    }

    /// N.
    #[must_use]
    pub const fn count(self) -> usize {
        self.count
    }

    /// Whether this is the whole plan (1/1).
    #[must_use]
    pub const fn is_whole(self) -> bool {
        self.count == 1
    }

    /// Whether unit `unit` (from 0, in plan order) is this shard's.
    #[must_use]
    pub const fn owns(self, unit: usize) -> bool {
        unit % self.count + 1 == self.index
    }

    /// How many of the units `0..total` this shard owns.
    #[must_use]
    pub const fn units_of(self, total: usize) -> usize {
        total / self.count + (total % self.count >= self.index) as usize
    }

    /// The `k`-th unit (from 0) this shard owns: `k·N + K − 1`.
    #[must_use]
    pub const fn unit(self, k: usize) -> usize {
        k * self.count + self.index - 1
    }

    /// The items whose unit this shard owns, in order; `unit(item)` numbers the items'
    /// units (several items may share one: the searches of one position).
    pub fn select<T: Clone, U: PartialEq>(self, items: &[T], unit: impl Fn(&T) -> U) -> Vec<T> {
        let mut number = 0;
        let mut last: Option<U> = None;
        let mut mine = Vec::new();
        for item in items {
            let this = unit(item);
            if last.as_ref().is_some_and(|last| *last != this) {
                number += 1;
            }
            if self.owns(number) {
                mine.push(item.clone());
            }
            last = Some(this);
        }
        mine
    }
}

impl FromStr for Shard {
    type Err = Error;

    /// `K/N`, both whole numbers, 1 ≤ K ≤ N.
    fn from_str(text: &str) -> Result<Shard, Error> {
        let (k, n) = text.trim().split_once('/').ok_or_else(|| {
            shard_error(format!(
                "shard must be K/N (part K of N, e.g. 3/8), got {}",
                Elided(text)
            ))
        })?;
        let number = |part: &str, what: &str| {
            part.trim().parse::<usize>().map_err(|_| {
                shard_error(format!(
                    "shard: {what} must be a whole number, got {} in {}",
                    Elided(part),
                    Elided(text)
                ))
            })
        };
        Shard::new(number(k, "K")?, number(n, "N")?)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Shard, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The flags that change no record, each with whether it takes a value: left out of the
/// command a plan file keeps.
pub const RUN_FLAGS: &[(&str, bool)] = &[
    ("--shard", true),
    ("--out", true),
    ("--jobs", true),
    ("--quiet", false),
    ("--json", false),
    ("--force", false),
];

/// The command line `args` (without the program's name) less [`RUN_FLAGS`], in either form
/// (`--out X` or `--out=X`): what makes the plan.
///
/// ```
/// use pnplay::experiment::shard::plan_command;
/// let args = ["match", "--game", "tictactoe", "--shard=2/4", "--out", "x.jsonl", "--quiet"];
/// assert_eq!(plan_command(&args.map(String::from)), ["match", "--game", "tictactoe"]);
/// ```
#[must_use]
pub fn plan_command(args: &[String]) -> Vec<String> {
    let mut kept = Vec::new();
    let mut skip_value = false;
    for arg in args {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        let name = arg.split_once('=').map_or(arg.as_str(), |(name, _)| name);
        match RUN_FLAGS.iter().find(|(flag, _)| *flag == name) {
            Some(&(_, takes_value)) => skip_value = takes_value && !arg.contains('='),
            None => kept.push(arg.clone()),
        }
    }
    kept
}

/// What a plan file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanFile {
    /// The command (see [`plan_command`]).
    pub command: Vec<String>,
    /// Which part of the plan the records file holds.
    pub shard: Shard,
}

/// The plan file of the records file `out`: `X.jsonl` → `X.plan.json`.
#[must_use]
pub fn plan_path(out: &Path) -> PathBuf {
    out.with_extension("plan.json")
}

/// Writes the plan file beside the records file `out`.
///
/// # Errors
/// It cannot be written (field `out`).
pub fn write_plan(out: &Path, command: &[String], shard: Shard) -> Result<(), Error> {
    let plan = PlanFile {
        command: command.to_vec(),
        shard,
    };
    let path = plan_path(out);
    let text = serde_json::to_string(&plan).expect("a plan file serializes");
    std::fs::write(&path, text + "\n").map_err(|e| Error::BadParameter {
        name: "out".to_string(),
        message: format!("cannot write {}: {e}", path.display()),
    })
}

/// One records file given to `merge`, with its shard.
#[derive(Clone, Debug)]
pub struct Part {
    /// The records file.
    pub path: PathBuf,
    /// Its shard.
    pub shard: Shard,
    /// Its text.
    pub text: String,
}

/// The N records files of one plan, in shard order.
#[derive(Clone, Debug)]
pub struct Parts {
    /// The command that made them.
    pub command: Vec<String>,
    /// One per shard, in shard order.
    pub parts: Vec<Part>,
}

/// A non-blank line of a records file.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// The file.
    pub path: &'a Path,
    /// Its number, from 1.
    pub number: usize,
    /// Its text.
    pub text: &'a str,
}

impl Line<'_> {
    /// Where the line is, for messages: `FILE line N`.
    #[must_use]
    pub fn place(&self) -> String {
        format!("{} line {}", self.path.display(), self.number)
    }
}

impl Parts {
    /// Every non-blank line of every file, in shard order.
    pub fn lines(&self) -> impl Iterator<Item = Line<'_>> {
        self.parts.iter().flat_map(|part| {
            part.text
                .lines()
                .enumerate()
                .filter(|(_, text)| !text.trim().is_empty())
                .map(|(number, text)| Line {
                    path: &part.path,
                    number: number + 1,
                    text,
                })
        })
    }

    /// Every line read as JSON into `R`.
    ///
    /// # Errors
    /// A line that is not such a record (field `files`, naming the file and line).
    pub fn records<R: serde::de::DeserializeOwned>(&self) -> Result<Vec<(Line<'_>, R)>, Error> {
        self.lines()
            .map(|line| {
                serde_json::from_str(line.text)
                    .map(|record| (line, record))
                    .map_err(|e| {
                        files_error(format!(
                            "{}: not a record of this plan: {}",
                            line.place(),
                            Elided::words(&e.to_string())
                        ))
                    })
            })
            .collect()
    }
}

/// The largest plan file read (it holds one command line).
pub const MAX_PLAN_FILE: u64 = 1 << 20;

/// The largest records file `merge` reads (4 GiB: millions of games).
const MAX_RECORDS_FILE: u64 = 4 << 30;

/// Reads the records files `files` and their plan files, and checks that they are the
/// shards 1..N of one command, each once.
///
/// # Errors
/// No file; a file or its plan file that cannot be read; files of different commands or
/// shard counts; a shard given twice or missing (field `files`).
pub fn read_parts(files: &[PathBuf]) -> Result<Parts, Error> {
    let read = |path: &Path, cap: u64| super::files::read_bounded(path, cap).map_err(files_error);
    let mut parts: Vec<(PlanFile, Part)> = Vec::new();
    for path in files {
        let plan_text = read(&plan_path(path), MAX_PLAN_FILE).map_err(|e| {
            files_error(format!(
                "{e} (every batch run with --out writes it beside its records)"
            ))
        })?;
        let plan: PlanFile = serde_json::from_str(&plan_text).map_err(|e| {
            files_error(format!(
                "{}: not a plan file: {e}",
                plan_path(path).display()
            ))
        })?;
        let text = read(path, MAX_RECORDS_FILE)?;
        let shard = plan.shard;
        parts.push((
            plan,
            Part {
                path: path.clone(),
                shard,
                text,
            },
        ));
    }
    let Some((first, _)) = parts.first() else {
        return Err(files_error(
            "merge needs at least one records file".to_string(),
        ));
    };
    let (command, count) = (first.command.clone(), first.shard.count());
    for (plan, part) in &parts {
        if plan.command != command {
            return Err(files_error(format!(
                "{} is of another plan: `{}`, not `{}`",
                part.path.display(),
                plan.command.join(" "),
                command.join(" ")
            )));
        }
        if plan.shard.count() != count {
            return Err(files_error(format!(
                "{} is shard {} but {} is of {count} shards",
                part.path.display(),
                plan.shard,
                files[0].display()
            )));
        }
    }
    parts.sort_by_key(|(plan, _)| plan.shard);
    for pair in parts.windows(2) {
        if pair[0].0.shard == pair[1].0.shard {
            return Err(files_error(format!(
                "shard {} is given twice: {} and {}",
                pair[0].0.shard,
                pair[0].1.path.display(),
                pair[1].1.path.display()
            )));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|&k| !parts.iter().any(|(plan, _)| plan.shard.index() == k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(files_error(format!(
            "shard{} {} of `{}` {} missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            command.join(" "),
            if missing.len() == 1 { "is" } else { "are" },
        )));
    }
    Ok(Parts {
        command,
        parts: parts.into_iter().map(|(_, part)| part).collect(),
    })
}

/// Most missing records a message names.
const NAMED: usize = 5;

/// The records `found` (each with its key and place) in the order of `expected`, the plan's
/// keys.
///
/// # Errors
/// A record whose key is not in the plan, a key twice, or keys of the plan with no record
/// (field `files`, naming the keys and places).
pub fn assemble<R>(expected: &[String], found: Vec<(String, String, R)>) -> Result<Vec<R>, Error> {
    let at: HashMap<&str, usize> = expected
        .iter()
        .enumerate()
        .map(|(i, key)| (key.as_str(), i))
        .collect();
    let mut slots: Vec<Option<(String, R)>> = expected.iter().map(|_| None).collect();
    for (key, place, record) in found {
        let Some(&i) = at.get(key.as_str()) else {
            return Err(files_error(format!(
                "{place}: {key} is not part of this plan"
            )));
        };
        if let Some((first, _)) = &slots[i] {
            return Err(files_error(format!(
                "{key} is there twice: {first} and {place}"
            )));
        }
        slots[i] = Some((place, record));
    }
    let missing: Vec<&str> = expected
        .iter()
        .zip(&slots)
        .filter(|(_, slot)| slot.is_none())
        .map(|(key, _)| key.as_str())
        .collect();
    if !missing.is_empty() {
        let more = if missing.len() > NAMED {
            format!(" and {} more", missing.len() - NAMED)
        } else {
            String::new()
        };
        return Err(files_error(format!(
            "{} of the plan's {} records missing (a shard cut short?): {}{more}",
            missing.len(),
            expected.len(),
            missing[..missing.len().min(NAMED)].join(", ")
        )));
    }
    Ok(slots
        .into_iter()
        .map(|slot| slot.expect("no record is missing").1)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_units_round_robin_and_together_cover_each_once() {
        for count in 1..6 {
            let mut seen = vec![0; 17];
            for index in 1..=count {
                let shard = Shard::new(index, count).unwrap();
                for (unit, seen) in seen.iter_mut().enumerate() {
                    *seen += usize::from(shard.owns(unit));
                }
            }
            assert!(seen.iter().all(|&n| n == 1), "{count}: {seen:?}");
        }
    }

    #[test]
    fn units_of_and_unit_list_the_owned_units() {
        for count in 1..5 {
            for index in 1..=count {
                let shard = Shard::new(index, count).unwrap();
                for total in 0..11 {
                    let owned: Vec<usize> = (0..total).filter(|&u| shard.owns(u)).collect();
                    let listed: Vec<usize> =
                        (0..shard.units_of(total)).map(|k| shard.unit(k)).collect();
                    assert_eq!(owned, listed, "{shard} of {total}");
                }
            }
        }
    }

    #[test]
    fn select_keeps_the_items_of_a_unit_together() {
        let items = [(0, 'a'), (0, 'b'), (1, 'a'), (1, 'b'), (2, 'a'), (2, 'b')];
        let second: Shard = "2/2".parse().unwrap();
        assert_eq!(second.select(&items, |item| item.0), [(1, 'a'), (1, 'b')]);
    }

    #[test]
    fn bad_shards_name_the_field_and_say_what_is_wrong() {
        for (text, says) in [
            ("3", "K/N"),
            ("0/3", "from 1 to N = 3"),
            ("4/3", "from 1 to N = 3"),
            ("1/0", "at least 1"),
            ("a/3", "K must be a whole number"),
            ("1/-2", "N must be a whole number"),
        ] {
            let error = text.parse::<Shard>().unwrap_err();
            assert_eq!(error.field(), Some("shard"), "{text}");
            assert!(error.to_string().contains(says), "{text}: {error}");
        }
        assert_eq!(" 2 / 5 ".parse::<Shard>().unwrap().to_string(), "2/5");
    }

    #[test]
    fn assemble_orders_records_and_names_what_is_missing_or_doubled() {
        let expected: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        fn found(keys: &[&'static str]) -> Vec<(String, String, &'static str)> {
            keys.iter()
                .enumerate()
                .map(|(i, k)| (k.to_string(), format!("line {}", i + 1), *k))
                .collect()
        }
        assert_eq!(
            assemble(&expected, found(&["c", "a", "b"])).unwrap(),
            ["a", "b", "c"]
        );
        let missing = assemble(&expected, found(&["c", "a"])).unwrap_err();
        assert_eq!(missing.field(), Some("files"));
        assert!(
            missing
                .to_string()
                .contains("1 of the plan's 3 records missing")
        );
        assert!(missing.to_string().ends_with(": b"), "{missing}");
        let twice = assemble(&expected, found(&["a", "b", "a"])).unwrap_err();
        assert_eq!(twice.to_string(), "a is there twice: line 1 and line 3");
        let stranger = assemble(&expected, found(&["d"])).unwrap_err();
        assert_eq!(stranger.to_string(), "line 1: d is not part of this plan");
    }
}

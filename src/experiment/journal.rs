//! Records files that lose nothing: the JSON Lines output of every batch command (`match`,
//! `tournament`, `experiment`, `merge`), claimed before anything is written, written unit by
//! unit as the run goes (each write checked and flushed), and resumed after an interruption.
//!
//! * **Claiming.** An existing, non-empty output is only ever resumed or replaced if it is
//!   this command's own: its plan file ([`super::shard::PlanFile`], written *before* the
//!   first record) names the same command and shard. Any other file (someone's notes, the
//!   records of another plan, a file with no plan beside it) is refused with the reason and
//!   left as it was; `--force` replaces it. Library callers with no plan (`plan: None`) are
//!   checked by content alone: every line must be a record of the plan.
//! * **Resuming.** [`resume`] reads the file line by line, no line longer than
//!   [`MAX_LINE`], and every record must fall in the plan (a unit of it, once, in its
//!   place within the unit), so what is read is bounded by the plan's size. A last line cut
//!   off mid-write, or the records of a last unit not all written, are dropped (with a note)
//!   and run again; the units already there are skipped.
//! * **Writing.** [`Journal::write`] writes one unit's lines with one write, flushed, and
//!   reports any error (a full disk, a closed pipe) so the run stops at once, with what was
//!   written before intact.
//! * **Devices and pipes** (`--out /dev/stdout`) are written to, never read back, and get
//!   no plan file.
//!
//! [`read_bounded`] reads the other files the commands take (positions, plan files, shards'
//! records) with a cap on their size, so `/dev/zero` is refused rather than read forever.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::files::read_bounded;
use super::shard::{MAX_PLAN_FILE, PlanFile, plan_path, write_plan};
use crate::error::Error;

/// The longest line a records file may have (1 MiB; a game record is a few kB).
pub const MAX_LINE: usize = 1 << 20;

/// An error about the output (field `out`).
fn out_error(message: String) -> Error {
    Error::BadParameter {
        name: "out".to_string(),
        message,
    }
}

/// Where a batch command writes its records.
#[derive(Clone, Copy)]
pub struct Output<'a> {
    /// The records file.
    pub path: &'a Path,
    /// The plan it holds (written beside it), or none (checked by content alone).
    pub plan: Option<&'a PlanFile>,
    /// Replace the file even if it is not this command's own.
    pub force: bool,
    /// Told what resuming dropped or kept (one line each).
    pub note: &'a (dyn Fn(&str) + Sync),
}

impl<'a> Output<'a> {
    /// `path` with no plan and no notes, not forced (the library's form).
    #[must_use]
    pub fn plain(path: &'a Path) -> Output<'a> {
        Output {
            path,
            plan: None,
            force: false,
            note: &|_| {},
        }
    }

    /// An error that refuses to touch the file, saying why.
    fn refuse(&self, why: &str) -> Error {
        out_error(format!(
            "{} {why}: use another --out, or --force to replace it (left unchanged)",
            self.path.display()
        ))
    }

    /// Checks that the plan file beside a non-empty output names this plan.
    fn check_plan(&self, plan: &PlanFile) -> Result<(), Error> {
        let path = plan_path(self.path);
        let text = read_bounded(&path, MAX_PLAN_FILE).map_err(|_| {
            self.refuse(&format!(
                "is not the output of a batch run (no readable {} beside it)",
                path.display()
            ))
        })?;
        let found: PlanFile = serde_json::from_str(&text).map_err(|_| {
            self.refuse(&format!("has no plan file ({} is not one)", path.display()))
        })?;
        if found.command != plan.command {
            return Err(self.refuse(&format!(
                "holds the records of another plan, `{}`, not of `{}`",
                found.command.join(" "),
                plan.command.join(" ")
            )));
        }
        if found.shard != plan.shard {
            return Err(self.refuse(&format!(
                "holds shard {} of this plan, not shard {}",
                found.shard, plan.shard
            )));
        }
        Ok(())
    }

    /// Opens the output to write from scratch: truncated, with its plan file written first.
    fn fresh(&self) -> Result<Journal, Error> {
        if let Some(plan) = self.plan {
            write_plan(self.path, &plan.command, plan.shard)?;
        }
        let file = File::create(self.path).map_err(|e| self.io_error(&e))?;
        Ok(Journal::new(self.path, file))
    }

    fn io_error(&self, error: &std::io::Error) -> Error {
        out_error(format!("{}: {error}", self.path.display()))
    }

    /// What is at the path: `None` if nothing or an empty file, `Some(true)` a non-empty
    /// regular file, `Some(false)` a device or pipe.
    fn existing(&self) -> Result<Option<bool>, Error> {
        match std::fs::metadata(self.path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(self.io_error(&e)),
            Ok(meta) if meta.is_dir() => Err(out_error(format!(
                "{} is a folder, not a file",
                self.path.display()
            ))),
            Ok(meta) if !meta.is_file() => Ok(Some(false)),
            Ok(meta) => Ok((meta.len() > 0).then_some(true)),
        }
    }

    /// Opens a device or pipe to write, never to read.
    fn stream(&self) -> Result<Journal, Error> {
        let file = OpenOptions::new()
            .write(true)
            .open(self.path)
            .map_err(|e| self.io_error(&e))?;
        Ok(Journal::new(self.path, file))
    }
}

/// An output being written, unit by unit.
pub struct Journal {
    path: PathBuf,
    file: File,
}

impl Journal {
    fn new(path: &Path, file: File) -> Journal {
        Journal {
            path: path.to_path_buf(),
            file,
        }
    }

    /// Writes `lines` (whole lines, each ending in a newline) with one write, flushed.
    ///
    /// # Errors
    /// The write fails (field `out`): a full disk, a closed pipe.
    pub fn write(&mut self, lines: &str) -> Result<(), Error> {
        self.file
            .write_all(lines.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| out_error(format!("cannot write {}: {e}", self.path.display())))
    }
}

/// Opens `out` to be written whole (what `merge` writes): claimed as [`resume`] claims it,
/// then emptied.
///
/// # Errors
/// The file is not this plan's own and not forced, or cannot be written (field `out`).
pub fn create(out: &Output) -> Result<Journal, Error> {
    match out.existing()? {
        Some(false) => out.stream(),
        Some(true) if !out.force => {
            match out.plan {
                Some(plan) => out.check_plan(plan)?,
                None => return Err(out.refuse("is not empty")),
            }
            out.fresh()
        }
        _ => out.fresh(),
    }
}

/// How the records of a plan are placed: the plan has `units` units of `per_unit` records
/// each, and `locate` says which unit a record is of and its place in it (from 0), or why
/// it is not of this plan.
pub struct Layout<L> {
    /// Units of the plan (all shards').
    pub units: usize,
    /// Records per unit.
    pub per_unit: usize,
    /// A record's unit and place.
    pub locate: L,
}

/// The records of one unit read so far.
struct Open<R> {
    unit: usize,
    records: Vec<R>,
}

/// Opens `out` to resume: the records of its complete units go to `take` (with their unit)
/// and their units are returned; the file is cut after the last
/// complete unit and opened to append. The set costs only what the file holds, however large
/// the plan. A new, empty or forced file starts afresh.
///
/// # Errors
/// The file is not this plan's own (another plan, no plan file, a line that is not a record,
/// a line longer than [`MAX_LINE`], a record outside the plan or twice) and not forced, or it
/// cannot be read or written (field `out`).
pub fn resume<R: DeserializeOwned, L: Fn(&R) -> Result<(usize, usize), String>>(
    out: &Output,
    layout: &Layout<L>,
    mut take: impl FnMut(usize, R),
) -> Result<(Journal, HashSet<usize>), Error> {
    let mut done = HashSet::new();
    match out.existing()? {
        Some(false) => return Ok((out.stream()?, done)),
        Some(true) if !out.force => {}
        _ => return Ok((out.fresh()?, done)),
    }
    if let Some(plan) = out.plan {
        out.check_plan(plan)?;
    }
    let file = OpenOptions::new()
        .read(true)
        .append(true)
        .open(out.path)
        .map_err(|e| out.io_error(&e))?;
    let mut reader = BufReader::new(&file);
    let mut line = Vec::new();
    let (mut offset, mut keep, mut number, mut complete) = (0u64, 0u64, 0usize, 0usize);
    let mut open: Option<Open<R>> = None;
    loop {
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| out.io_error(&e))?;
        if read == 0 {
            break;
        }
        number += 1;
        if line.len() > MAX_LINE {
            return Err(out.refuse(&format!(
                "has a line {number} longer than {} MiB: not a records file",
                MAX_LINE >> 20
            )));
        }
        if line.last() != Some(&b'\n') {
            // Cut off mid-write: only in a file known to be a records file of this plan.
            if out.plan.is_none() && complete == 0 {
                return Err(out.refuse("is not a records file (no complete line)"));
            }
            (out.note)(&format!(
                "{}: dropped line {number}, cut off mid-write ({} bytes); it is run again",
                out.path.display(),
                line.len()
            ));
            break;
        }
        offset += line.len() as u64;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let record: R = serde_json::from_slice(&line).map_err(|e| {
            out.refuse(&format!(
                "line {number} is not a record of this command ({e})"
            ))
        })?;
        let (unit, place) =
            (layout.locate)(&record).map_err(|why| out.refuse(&format!("line {number}: {why}")))?;
        let mut current = match open.take() {
            Some(o) if o.unit == unit => o,
            Some(o) => {
                return Err(out.refuse(&format!(
                    "line {number}: unit {} is not finished before unit {unit} begins",
                    o.unit
                )));
            }
            None => Open {
                unit,
                records: Vec::new(),
            },
        };
        if unit >= layout.units || done.contains(&unit) || place != current.records.len() {
            return Err(out.refuse(&format!(
                "line {number}: its record is there twice or out of its place"
            )));
        }
        current.records.push(record);
        complete += 1;
        if current.records.len() == layout.per_unit {
            done.insert(unit);
            keep = offset;
            for record in current.records {
                take(unit, record);
            }
        } else {
            open = Some(current);
        }
    }
    if let Some(o) = open {
        (out.note)(&format!(
            "{}: dropped the {} records of an unfinished last unit; it is run again",
            out.path.display(),
            o.records.len()
        ));
    }
    drop(reader);
    file.set_len(keep).map_err(|e| out.io_error(&e))?;
    let kept = done.len();
    if kept > 0 {
        (out.note)(&format!(
            "{}: resuming, {kept} of {} units already there are skipped",
            out.path.display(),
            layout.units
        ));
    }
    Ok((Journal::new(out.path, file), done))
}

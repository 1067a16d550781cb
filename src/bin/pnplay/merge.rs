//! `pnplay merge`: the JSON Lines files of the shards of one batch run (`--shard K/N`, see
//! [`pnplay::experiment::shard`]) put back together. It reads the command from the files'
//! plan files, plans it again, checks that the records are exactly the plan's (none missing,
//! none twice, none foreign), and then writes and prints what that command run whole would
//! have: the JSON Lines in the run's order, the summary (table, CSV) and the plots. Given one
//! file of a whole run, it re-summarises it.

use std::path::{Path, PathBuf};

use clap::{Args, Parser};
use pnplay::experiment::journal::{self, Journal, Output};
use pnplay::experiment::shard::{self, Parts, PlanFile, Shard};

use crate::{Cli, Command};

/// The flags of `pnplay merge`.
#[derive(Args)]
pub struct MergeArgs {
    /// The records files (JSON Lines) of every shard of one run, each with its plan file
    /// (X.plan.json beside X.jsonl), in any order.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The JSON Lines file to write; the summary and plots go beside it as the command
    /// writes them.
    #[arg(long)]
    out: PathBuf,
    /// Print what the command prints with --json.
    #[arg(long)]
    json: bool,
    /// Replace --out even if it is not an earlier output of this merge.
    #[arg(long)]
    force: bool,
}

/// How a batch command gets its records: by running its shard of the plan, or from the
/// shards' files.
pub struct Batch {
    /// The command line that makes the plan (see [`shard::plan_command`]).
    pub command: Vec<String>,
    /// The shards' files, when merging.
    pub merge: Option<Parts>,
}

impl Batch {
    /// A run of this command line (without the program's name).
    pub fn run(args: &[String]) -> Batch {
        Batch {
            command: shard::plan_command(args),
            merge: None,
        }
    }

    /// The part of the plan the output holds: `given` when running, the whole when merging.
    pub fn shard(&self, given: Option<Shard>) -> Shard {
        match self.merge {
            Some(_) => Shard::WHOLE,
            None => given.unwrap_or(Shard::WHOLE),
        }
    }

    /// The plan of the output: this command and the part of it the output holds.
    pub fn plan(&self, given: Option<Shard>) -> PlanFile {
        PlanFile {
            command: self.command.clone(),
            shard: self.shard(given),
        }
    }

    /// Opens the records file `out` of this command: to be written whole when merging, else
    /// to resume (see [`journal`]); `resume` is given the output to open it with.
    pub fn output<T>(
        &self,
        out: &Path,
        given: Option<Shard>,
        force: bool,
        open: impl FnOnce(&Output) -> Result<T, pnplay::error::Error>,
    ) -> Result<T, String> {
        let plan = self.plan(given);
        let output = Output {
            path: out,
            plan: Some(&plan),
            force,
            note: &note,
        };
        open(&output).map_err(String::from)
    }

    /// Writes `lines` (the whole output, as a merge writes it) to `out`, claimed as
    /// [`journal::create`] claims it.
    pub fn write_whole(
        &self,
        out: &Path,
        given: Option<Shard>,
        force: bool,
        lines: &str,
    ) -> Result<(), String> {
        let mut file: Journal = self.output(out, given, force, journal::create)?;
        file.write(lines).map_err(String::from)
    }
}

/// Prints what resuming a records file dropped or kept, on stderr.
fn note(text: &str) {
    eprintln!("pnplay: {text}");
}

/// Refuses an output that is one of the inputs (or its plan file one of theirs).
fn check_not_an_input(out: &Path, files: &[PathBuf]) -> Result<(), String> {
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    for file in files {
        if same(out, file) || same(&shard::plan_path(out), &shard::plan_path(file)) {
            return Err(format!(
                "out: {} is one of the files merged ({}): write the merge to another file",
                out.display(),
                file.display()
            ));
        }
    }
    Ok(())
}

/// Whether `shard` is a part of its run: then it says how many games it wrote and that
/// `pnplay merge` gives the tables, and the command prints nothing more.
pub fn part_announced(shard: Shard, games: usize) -> Result<bool, String> {
    if !shard.is_whole() {
        outln!(
            "Shard {shard}: {games} games written; `pnplay merge` of the {} shards' files gives the tables",
            shard.count()
        );
    }
    Ok(!shard.is_whole())
}

/// Runs `pnplay merge`.
pub fn run(args: &MergeArgs) -> Result<(), String> {
    check_not_an_input(&args.out, &args.files)?;
    let parts = shard::read_parts(&args.files)?;
    let mut argv = vec!["pnplay".to_string()];
    argv.extend(parts.command.iter().cloned());
    argv.extend(["--out".to_string(), args.out.display().to_string()]);
    for (flag, given) in [("--json", args.json), ("--force", args.force)] {
        if given {
            argv.push(flag.to_string());
        }
    }
    let cli = Cli::try_parse_from(&argv).map_err(|e| {
        let first = e.to_string();
        let first = first.lines().next().unwrap_or_default().to_string();
        format!(
            "files: the plan's command `{}` no longer parses: {first}",
            parts.command.join(" ")
        )
    })?;
    let batch = Batch {
        command: parts.command.clone(),
        merge: Some(parts),
    };
    match cli.command {
        Command::Experiment { command } => crate::experiment::run(command, &batch),
        Command::Match(args) => crate::arena::run(&args, &batch),
        Command::Tournament(args) => crate::tournament::run(&args, &batch),
        Command::Play2048(args) => crate::play2048::run(&args, &batch),
        _ => Err(format!(
            "files: `{}` is not a batch command",
            batch.command.join(" ")
        )),
    }
}

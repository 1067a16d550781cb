//! Nothing lost (issue 35): batch runs written as they go and resumed after a SIGKILL, no
//! file that is not a command's own overwritten, and faults (a full disk, a closed pipe, an
//! endless input, NaN) that stop a run at once with one line.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{random_match, temp_folder, words, words_with};
use serde_json::Value;

fn pnplay(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pnplay"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Asserts a failure with one line on stderr containing `says`.
fn refused(output: &Output, says: &str) {
    let text = stderr(output);
    assert!(!output.status.success(), "exit 0: {text}");
    assert_eq!(text.lines().count(), 1, "one line: {text}");
    assert!(text.contains(says), "{says:?} not in {text}");
}

/// `value` without its wall-clock times (every `seconds`, at any depth).
fn timeless(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("seconds");
            map.values_mut().for_each(timeless);
        }
        Value::Array(items) => items.iter_mut().for_each(timeless),
        _ => {}
    }
}

/// The records of JSON Lines text without their wall-clock times.
fn parse(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| {
            let mut record: Value = serde_json::from_str(line).unwrap();
            timeless(&mut record);
            record
        })
        .collect()
}

/// The records of a JSON Lines file without their wall-clock times.
fn records(path: &Path) -> Vec<Value> {
    parse(&std::fs::read_to_string(path).unwrap())
}

const EXPERIMENT: &str =
    "experiment stages --game connect4 --stages 8 --positions 8 --algos pns,mcpns --nodes 10000";

#[test]
fn an_experiment_killed_mid_run_resumes_to_the_same_records_computing_only_the_rest() {
    let dir = temp_folder("kill");
    let whole = pnplay(
        &dir,
        &words_with(EXPERIMENT, &["--out", "whole.jsonl", "--quiet"]),
    );
    assert!(whole.status.success(), "{}", stderr(&whole));
    let total = records(&dir.join("whole.jsonl")).len();
    assert_eq!(total, 16);

    // SIGKILL as soon as the first position's records are written.
    let cut = dir.join("cut.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pnplay"))
        .current_dir(&dir)
        .args(words_with(EXPERIMENT, &["--out", "cut.jsonl", "--quiet"]))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while std::fs::read_to_string(&cut).map_or(0, |t| t.lines().count()) < 2 {
        assert!(Instant::now() < deadline, "no record written");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let text = std::fs::read_to_string(&cut).unwrap();
    let kept = text
        .split_inclusive('\n')
        .filter(|l| l.ends_with('\n'))
        .count()
        / 2
        * 2;
    assert!(
        kept >= 2 && kept < total,
        "killed mid-run: {kept} of {total}"
    );

    let rerun = pnplay(&dir, &words_with(EXPERIMENT, &["--out", "cut.jsonl"]));
    assert!(rerun.status.success(), "{}", stderr(&rerun));
    let progress = stderr(&rerun);
    let searched = progress.lines().filter(|l| l.starts_with('[')).count();
    assert_eq!(
        searched,
        total - kept,
        "only the missing searches run: {progress}"
    );
    assert!(
        progress.contains(&format!("{} of 8 units already there", kept / 2)),
        "{progress}"
    );
    assert_eq!(records(&cut), records(&dir.join("whole.jsonl")));

    // Run again: nothing left to compute, nothing changes.
    let again = pnplay(&dir, &words_with(EXPERIMENT, &["--out", "cut.jsonl"]));
    assert!(again.status.success());
    assert_eq!(
        stderr(&again)
            .lines()
            .filter(|l| l.starts_with('['))
            .count(),
        0
    );
    assert_eq!(records(&cut), records(&dir.join("whole.jsonl")));
}

#[test]
fn a_different_experiment_on_the_same_out_is_refused_and_force_replaces_it() {
    let dir = temp_folder("other");
    let small =
        words("experiment stages --game tictactoe --stages 2 --algos pns --quiet --out e.jsonl");
    let first = pnplay(&dir, &[&small[..], &["--positions", "3"]].concat());
    assert!(first.status.success(), "{}", stderr(&first));
    let before = std::fs::read(dir.join("e.jsonl")).unwrap();
    let plan = std::fs::read(dir.join("e.plan.json")).unwrap();
    let other = pnplay(&dir, &[&small[..], &["--positions", "2"]].concat());
    refused(&other, "holds the records of another plan");
    assert!(stderr(&other).contains("--force"));
    assert_eq!(std::fs::read(dir.join("e.jsonl")).unwrap(), before);
    assert_eq!(std::fs::read(dir.join("e.plan.json")).unwrap(), plan);
    let forced = pnplay(
        &dir,
        &[&small[..], &["--positions", "2", "--force"]].concat(),
    );
    assert!(forced.status.success(), "{}", stderr(&forced));
    assert_eq!(records(&dir.join("e.jsonl")).len(), 2);
}

#[test]
fn a_file_that_is_not_the_commands_own_is_never_overwritten() {
    let dir = temp_folder("foreign");
    let notes = dir.join("notes.txt");
    let big = dir.join("big.txt");
    std::fs::write(&notes, "my notes: do not delete").unwrap();
    std::fs::write(&big, vec![b'x'; 10 << 20]).unwrap();
    let commands: [&[&str]; 3] = [
        &random_match("2", &["--out"]),
        &words("tournament --game tictactoe --agents random random --out"),
        &words("experiment stages --game tictactoe --stages 2 --positions 1 --algos pns --out"),
    ];
    for command in commands {
        for (file, says) in [
            ("notes.txt", "is not the output of a batch run"),
            ("big.txt", "is not the output of a batch run"),
        ] {
            let output = pnplay(&dir, &[command, &[file]].concat());
            refused(&output, says);
        }
    }
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "my notes: do not delete"
    );
    assert_eq!(std::fs::metadata(&big).unwrap().len(), 10 << 20);

    // A game outside the plan (index 999 of 30) is refused, the file unchanged.
    let game = random_match("30", &["--out", "m.jsonl", "--quiet"]);
    assert!(pnplay(&dir, &game).status.success());
    let mut text = std::fs::read_to_string(dir.join("m.jsonl")).unwrap();
    let mut stranger: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    stranger["index"] = Value::from(999);
    text.push_str(&format!("{stranger}\n"));
    std::fs::write(dir.join("m.jsonl"), &text).unwrap();
    refused(
        &pnplay(&dir, &game),
        "game 999 of a random is not part of this plan of 30 games",
    );
    assert_eq!(std::fs::read_to_string(dir.join("m.jsonl")).unwrap(), text);

    // A torn last line is dropped with a note and the game played again.
    let whole: Vec<&str> = text.lines().take(30).collect();
    let torn = format!("{}\n{}", whole[..29].join("\n"), &whole[29][..20]);
    std::fs::write(dir.join("m.jsonl"), torn).unwrap();
    let resumed = pnplay(&dir, &game);
    assert!(resumed.status.success());
    assert!(
        stderr(&resumed).contains("dropped line 30, cut off mid-write (20 bytes)"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(records(&dir.join("m.jsonl")), parse(&whole.join("\n")));
}

#[test]
fn merge_refuses_to_write_over_its_inputs() {
    let dir = temp_folder("merge");
    let shard = |k: &str| {
        let out = format!("s{}.jsonl", &k[..1]);
        let output = pnplay(
            &dir,
            &random_match("4", &["--quiet", "--shard", k, "--out", &out]),
        );
        assert!(output.status.success(), "{}", stderr(&output));
    };
    shard("1/2");
    shard("2/2");
    let before = std::fs::read(dir.join("s1.jsonl")).unwrap();
    let plan = std::fs::read(dir.join("s1.plan.json")).unwrap();
    for out in ["s1.jsonl", "./s1.jsonl"] {
        refused(
            &pnplay(&dir, &["merge", "s1.jsonl", "s2.jsonl", "--out", out]),
            "is one of the files merged",
        );
    }
    assert_eq!(std::fs::read(dir.join("s1.jsonl")).unwrap(), before);
    assert_eq!(std::fs::read(dir.join("s1.plan.json")).unwrap(), plan);
    let merged = pnplay(
        &dir,
        &["merge", "s1.jsonl", "s2.jsonl", "--out", "all.jsonl"],
    );
    assert!(merged.status.success(), "{}", stderr(&merged));
    assert_eq!(records(&dir.join("all.jsonl")).len(), 4);
    // Merging again replaces its own output.
    assert!(
        pnplay(
            &dir,
            &["merge", "s1.jsonl", "s2.jsonl", "--out", "all.jsonl"]
        )
        .status
        .success()
    );
}

/// Runs `args` and asserts it fails within `limit` with one line saying `says`.
fn fails_within(dir: &Path, args: &[&str], limit: Duration, says: &str) {
    let start = Instant::now();
    let output = pnplay(dir, args);
    let took = start.elapsed();
    refused(&output, says);
    assert!(took < limit, "{args:?} took {took:?}");
}

#[test]
fn a_full_disk_a_closed_pipe_and_an_endless_file_stop_the_run_at_once() {
    let dir = temp_folder("faults");
    let million = random_match("1000000", &["--quiet", "--out"]);
    fails_within(
        &dir,
        &[&million[..], &["/dev/full"]].concat(),
        Duration::from_secs(10),
        "No space left on device",
    );
    let experiment = words(
        "experiment stages --game tictactoe --stages 2 --positions 5 --algos pns --quiet --out /dev/full",
    );
    fails_within(
        &dir,
        &experiment,
        Duration::from_secs(10),
        "No space left on device",
    );
    fails_within(
        &dir,
        &words("experiment stages --game tictactoe --positions-file /dev/zero --out z.jsonl"),
        Duration::from_secs(10),
        "/dev/zero is larger than 256 MiB",
    );

    // A reader that has gone: records to stdout (--out /dev/stdout), or the summary.
    let summary = random_match("2", &["--quiet"]);
    for args in [&[&million[..], &["/dev/stdout"]].concat()[..], &summary] {
        let start = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_pnplay"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        refused(&output, "Broken pipe");
        assert!(start.elapsed() < Duration::from_secs(60), "{args:?}");
    }
}

#[test]
fn nan_and_infinities_are_refused_by_every_number_flag() {
    let dir = temp_folder("nan");
    let cases: [&[&str]; 10] = [
        &words("solve --game tictactoe --pos 1 --algo pns --time"),
        &["score", "--game", "tictactoe", "--pos", "1", "--time"],
        &["bench", "--game", "tictactoe", "--seconds"],
        &["bench", "--game", "tictactoe", "--search", "pns", "--time"],
        &words("experiment stages --game tictactoe --out n.jsonl --verify --verify-time"),
        &words("experiment stages --game tictactoe --out n.jsonl --time"),
        &["experiment", "connect4", "--out", "n.jsonl", "--thetas"],
        &["experiment", "connect4", "--out", "n.jsonl", "--prs"],
        &["play2048", "--tau"],
        &words(
            "match --game tictactoe --a pns --b random --budget iterations=10 --sweep iterations=10 --out n.jsonl --plot --paper",
        ),
    ];
    for case in cases {
        let (flag, rest) = case.split_last().unwrap();
        for value in ["nan", "inf", "-inf", "NaN"] {
            let given = format!("{flag}={value}");
            let output = pnplay(&dir, &[rest, &[given.as_str()]].concat());
            refused(&output, "finite");
        }
    }
    assert!(!dir.join("n.jsonl").exists());
}

#[test]
fn a_tournament_resumes_and_refuses_another_plan() {
    let dir = temp_folder("tournament");
    let round = words(
        "tournament --game tictactoe --agents random pns:iterations=50 dfpn:nodes=1000 --games-per-pair 3 --quiet --out t.jsonl",
    );
    let first = pnplay(&dir, &round);
    assert!(first.status.success(), "{}", stderr(&first));
    let whole = std::fs::read_to_string(dir.join("t.jsonl")).unwrap();
    assert_eq!(whole.lines().count(), 9);
    // Cut after 4 games and half of the fifth, as a kill while writing leaves it.
    let fifth = whole.lines().nth(4).unwrap();
    let cut: String = whole.lines().take(4).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("t.jsonl"), cut + &fifth[..fifth.len() / 2]).unwrap();
    let resumed = pnplay(&dir, &round);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert!(
        stderr(&resumed).contains("4 of 9 units already there"),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(records(&dir.join("t.jsonl")), parse(&whole));
    assert_eq!(resumed.stdout, first.stdout, "the same tables");
    let before = std::fs::read(dir.join("t.jsonl")).unwrap();
    let other = pnplay(
        &dir,
        &[&round[..4], &["random", "pns:iterations=50"], &round[7..]].concat(),
    );
    refused(&other, "holds the records of another plan");
    assert_eq!(std::fs::read(dir.join("t.jsonl")).unwrap(), before);
}

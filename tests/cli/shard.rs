//! `--shard K/N` and `pnplay merge` (issue 18): for every batch command, the shards of a run
//! merged give what the whole run gives — the JSON lines record for record (but for the
//! wall-clock seconds), the printed summary, the CSV and the plot — and merge names what is
//! missing, doubled or foreign.

use crate::common;

use std::path::Path;

use common::{pnplay, pnplay_ok, random_match, temp_folder, words};

/// A fresh folder for one test's files.
fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A JSON value without its `seconds` fields (the only ones two runs may differ in).
fn without_seconds(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.remove("seconds");
            map.remove("mean_seconds");
            map.values_mut().for_each(without_seconds);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(without_seconds),
        _ => {}
    }
}

/// The records of a JSON Lines file, seconds left out.
fn records(path: &Path) -> Vec<serde_json::Value> {
    text(path)
        .lines()
        .map(|line| {
            let mut value = serde_json::from_str(line).unwrap();
            without_seconds(&mut value);
            value
        })
        .collect()
}

/// A CSV file without its `mean_seconds` column.
fn csv_without_seconds(path: &Path) -> Vec<Vec<String>> {
    let text = text(path);
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let drop = header.iter().position(|&h| h == "mean_seconds");
    text.lines()
        .map(|line| {
            // Agent texts are quoted and hold commas: split outside quotes.
            let mut fields = vec![String::new()];
            let mut quoted = false;
            for c in line.chars() {
                match c {
                    '"' => quoted = !quoted,
                    ',' if !quoted => fields.push(String::new()),
                    c => fields.last_mut().unwrap().push(c),
                }
            }
            if let Some(drop) = drop {
                fields.remove(drop);
            }
            fields
        })
        .collect()
}

/// Runs `args` whole and as `n` shards, merges the shards (given in reverse order), and
/// checks that the merge wrote and printed what the whole run did. `beside` are the files
/// the whole run writes next to its JSON lines (csv, svg).
fn check_shards_merge_to_the_whole(name: &str, args: &[&str], n: usize, beside: &[&str]) {
    let dir = temp_folder(name);
    let out = |stem: &str| dir.join(format!("{stem}.jsonl"));
    let run = |extra: &[&str]| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend_from_slice(extra);
        pnplay_ok(&all)
    };
    let whole = run(&["--out", out("whole").to_str().unwrap(), "--jobs", "2"]);
    let mut parts = Vec::new();
    for k in 1..=n {
        let part = out(&format!("part{k}"));
        let shard = format!("{k}/{n}");
        run(&["--shard", &shard, "--out", part.to_str().unwrap()]);
        parts.push(part);
    }
    // Every shard holds some records, and together they hold each once.
    let counts: Vec<usize> = parts.iter().map(|p| records(p).len()).collect();
    assert!(counts.iter().all(|&c| c > 0), "{name}: {counts:?}");
    assert_eq!(counts.iter().sum::<usize>(), records(&out("whole")).len());
    let mut merge = vec!["merge".to_string()];
    merge.extend(parts.iter().rev().map(|p| p.display().to_string()));
    merge.extend(["--out".to_string(), out("merged").display().to_string()]);
    let merge: Vec<&str> = merge.iter().map(String::as_str).collect();
    let merged = pnplay_ok(&merge);
    assert_eq!(
        records(&out("merged")),
        records(&out("whole")),
        "{name}: the merged records are the whole run's"
    );
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout),
        String::from_utf8_lossy(&whole.stdout),
        "{name}: the merge prints what the whole run printed"
    );
    for extension in beside {
        let (a, b) = (
            out("whole").with_extension(extension),
            out("merged").with_extension(extension),
        );
        if *extension == "csv" {
            assert_eq!(csv_without_seconds(&b), csv_without_seconds(&a), "{name}");
        } else {
            assert_eq!(text(&b), text(&a), "{name}: {extension}");
        }
        // A shard's summary would be of a part: it writes none.
        assert!(!out("part1").with_extension(extension).exists(), "{name}");
    }
    // The merged file is a whole run's: it merges (re-summarises) alone.
    let again = pnplay_ok(&[
        "merge",
        out("merged").to_str().unwrap(),
        "--out",
        out("again").to_str().unwrap(),
    ]);
    assert_eq!(again.stdout, merged.stdout, "{name}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn experiment_stages_shards_merge_to_the_whole_run() {
    check_shards_merge_to_the_whole(
        "stages",
        &words(
            "experiment stages --game connect4:5x4 --stages 4,8 --positions 4 --algos pns,ppns,mcpns --nodes 3000 --seed 3 --verify --quiet",
        ),
        3,
        &["csv", "svg"],
    );
}

#[test]
fn experiment_connect4_grid_shards_merge_to_the_whole_run() {
    check_shards_merge_to_the_whole(
        "connect4",
        &words(
            "experiment connect4 --game connect4:5x4 --plies 6 --positions 5 --algos pns,ppns --thetas 0.01 --prs off,1e-3 --nodes 2000 --seed 5 --quiet",
        ),
        2,
        &["csv", "svg"],
    );
}

#[test]
fn experiment_2048_shards_merge_to_the_whole_run() {
    // Two objectives are two games of the plan: positions are dealt across both.
    check_shards_merge_to_the_whole(
        "2048",
        &words("experiment 2048 --objectives 8,16 --algos pns,ppns --seed 1 --quiet"),
        4,
        &["csv"],
    );
}

#[test]
fn play2048_shards_merge_to_the_whole_run() {
    // Two depths × two games: four games dealt over three shards.
    check_shards_merge_to_the_whole(
        "play2048",
        &[
            "play2048", "--depth", "1,2", "--games", "2", "--seed", "3", "--quiet",
        ],
        3,
        &[],
    );
}

#[test]
fn match_shards_merge_to_the_whole_match_with_its_sweep_and_plot() {
    check_shards_merge_to_the_whole(
        "match",
        &words(
            "match --game tictactoe --a mcts:iterations=5 --b random --games 7 --seed 2 --sweep iterations=10,40 --plot --quiet",
        ),
        3,
        &["csv", "svg"],
    );
}

#[test]
fn tournament_shards_merge_to_the_whole_tournament() {
    check_shards_merge_to_the_whole(
        "tournament",
        &words(
            "tournament --game tictactoe --agents random mcts:iterations=20 pnmcts:iterations=20 --games-per-pair 3 --openings random:1 --seed 4 --quiet",
        ),
        2,
        &[],
    );
}

/// Fails with one line on stderr, which contains `says`.
fn fails_saying(args: &[&str], says: &str) {
    let output = pnplay(args);
    assert!(!output.status.success(), "{args:?} succeeded");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(says), "{args:?}: {stderr}");
}

#[test]
fn merge_names_missing_doubled_and_foreign_records_and_shards() {
    let dir = temp_folder("errors");
    let path = |name: &str| dir.join(name).display().to_string();
    let run = |seed: &str, shard: &str, out: &str| {
        pnplay_ok(&random_match(
            "6",
            &[
                "--seed",
                seed,
                "--shard",
                shard,
                "--out",
                &path(out),
                "--quiet",
            ],
        ));
    };
    run("1", "1/2", "a.jsonl");
    run("1", "2/2", "b.jsonl");
    run("9", "2/2", "other.jsonl");
    let merged = path("m.jsonl");
    let merge = |files: &[&str]| {
        let mut args = vec!["merge".to_string()];
        args.extend(files.iter().map(|f| path(f)));
        args.extend(["--out".to_string(), merged.clone()]);
        args
    };
    let fails = |files: &[&str], says: &str| {
        let args = merge(files);
        fails_saying(&args.iter().map(String::as_str).collect::<Vec<_>>(), says);
    };
    fails(&["a.jsonl"], "shard 2/2 of `match --game tictactoe");
    fails(
        &["a.jsonl", "a.jsonl", "b.jsonl"],
        "shard 1/2 is given twice",
    );
    fails(&["a.jsonl", "other.jsonl"], "is of another plan");
    fails(&["nowhere.jsonl"], "nowhere.plan.json");
    // A game cut from shard 2 (games 1, 3, 5): missing, and named.
    let b = text(Path::new(&path("b.jsonl")));
    let mut lines: Vec<&str> = b.lines().collect();
    let cut = lines.remove(1);
    std::fs::write(path("b.jsonl"), lines.join("\n") + "\n").unwrap();
    fails(
        &["a.jsonl", "b.jsonl"],
        "1 of the plan's 6 records missing (a shard cut short?): game 3 of A random vs B random",
    );
    // The same game in both shards: doubled, with both places.
    std::fs::write(path("b.jsonl"), &b).unwrap();
    let a = text(Path::new(&path("a.jsonl")));
    std::fs::write(path("a.jsonl"), format!("{a}{cut}\n")).unwrap();
    fails(
        &["a.jsonl", "b.jsonl"],
        "game 3 of A random vs B random is there twice",
    );
    // A line that is no record.
    std::fs::write(path("a.jsonl"), format!("{a}{{\"game\":1}}\n")).unwrap();
    fails(
        &["a.jsonl", "b.jsonl"],
        "a.jsonl line 4: not a record of this plan",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_shards_are_refused_in_one_line_naming_the_field() {
    let out = temp_folder("bad").join("x.jsonl");
    let out = out.to_str().unwrap();
    for shard in ["0/2", "3/2", "2", "1/0", "x/2"] {
        for command in [
            &["experiment", "2048", "--out", out][..],
            &random_match("2", &["--out", out])[..],
            &[
                "tournament",
                "--game",
                "tictactoe",
                "--agents",
                "random",
                "random",
                "--out",
                out,
            ],
        ] {
            let mut args = command.to_vec();
            args.extend(["--shard", shard]);
            fails_saying(&args, "shard");
        }
    }
    // A shard needs a file to write its part to.
    fails_saying(
        &words("match --game tictactoe --a random --b random --shard 1/2"),
        "--out",
    );
}

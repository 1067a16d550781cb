//! The experiment machinery: position generators, the runner's determinism, the summary's
//! arithmetic, the record shapes, verification, and a small end-to-end run of the CLI.

use crate::RUN_FIELDS;
use crate::common;

use std::collections::HashSet;
use std::path::Path;

use common::{words, words_with};
use pnplay::engine::GameSpec;
use pnplay::experiment::generate::{chance_openings, random_positions, read_positions};
use pnplay::experiment::paper::Experiment;
use pnplay::experiment::runner::{plan, run_job, run_ordered};
use pnplay::experiment::summary::{CSV_HEADER, csv, summarize, text_table};
use pnplay::experiment::verify::{Verified, exact_outcome, mark, verify};
use pnplay::experiment::{Record, SearchSpec, Setting, Stage, plot};
use pnplay::game::{Game, Outcome, Turn};
use pnplay::search::catalogue::find;
use pnplay::search::params::{PLAYOUTS, Params};
use pnplay::search::view::Values;
use pnplay::search::{Goal, Limits, Verdict};
use pnplay::with_game;

fn spec(name: &str) -> GameSpec {
    name.parse().unwrap()
}

/// The keys of every position reached by exactly `moves` moves from the start (passes and
/// chance outcomes counted), by brute force.
fn reachable(spec: &GameSpec, moves: u32) -> HashSet<String> {
    fn walk<G: Game>(pos: &G, moves: u32, out: &mut HashSet<String>) {
        if moves == 0 {
            out.insert(pos.format_position());
            return;
        }
        for (_, child) in pos.children() {
            walk(&child, moves - 1, out);
        }
    }
    with_game!(*spec, G, variant => {
        let mut out = HashSet::new();
        walk(&G::start(variant), moves, &mut out);
        out
    })
}

fn is_over(spec: &GameSpec, pos: &str) -> bool {
    with_game!(*spec, G, variant => G::parse_position(variant, pos).unwrap().turn() == Turn::Over)
}

#[test]
fn random_positions_are_reachable_in_exactly_the_move_count_and_not_over() {
    for (name, moves) in [
        ("othello6", 6),
        ("othello4", 5),
        ("connect4", 6),
        ("tictactoe", 5),
        ("2048:2x2:16", 5),
    ] {
        let spec = spec(name);
        let positions = random_positions(&spec, moves, 40, 9).unwrap();
        let reachable = reachable(&spec, moves);
        for pos in &positions {
            assert!(
                reachable.contains(pos),
                "{name}: {pos} is not {moves} moves deep"
            );
            assert!(!is_over(&spec, pos), "{name}: {pos} is over");
        }
        let distinct: HashSet<_> = positions.iter().collect();
        assert!(distinct.len() > 5, "{name}: too few distinct positions");
    }
}

#[test]
fn random_positions_depend_only_on_seed_stage_and_index() {
    let othello = spec("othello");
    let five = random_positions(&othello, 40, 5, 3).unwrap();
    assert_eq!(five, random_positions(&othello, 40, 5, 3).unwrap());
    assert_eq!(five[..3], random_positions(&othello, 40, 3, 3).unwrap()[..]);
    assert_ne!(five, random_positions(&othello, 40, 5, 4).unwrap());
    for pos in &five {
        assert!(!is_over(&othello, pos));
        // 40 moves put 40 discs on the board unless some were passes.
        let discs = pos.chars().filter(|&c| c == 'X' || c == 'O').count() - 1; // minus the side
        assert!((40..=44).contains(&discs), "{pos}");
    }
    // Connect Four positions are their move lists: exactly the plies asked for.
    for pos in random_positions(&spec("connect4"), 12, 20, 1).unwrap() {
        assert_eq!(pos.len(), 12);
    }
    // A game that always ends first cannot give such positions.
    assert!(random_positions(&spec("tictactoe"), 9, 1, 1).is_err());
}

#[test]
fn positions_files_skip_comments_and_ignore_annotations() {
    let ffo = std::fs::read_to_string(common::data_path("othello/fforum-1-19.obf")).unwrap();
    let positions = read_positions(&spec("othello"), &ffo).unwrap();
    assert_eq!(positions.len(), 19);
    assert!(ffo.starts_with(&positions[0]));

    let c4 = std::fs::read_to_string(common::data_path("connect4/c4_public.txt")).unwrap();
    let positions = read_positions(&spec("connect4"), &c4).unwrap();
    assert_eq!(positions.len(), 300);
    assert_eq!(positions[0], "6536635512");

    let text = "# a comment\n\nf5d6c3 ; three moves\n  \nf5\n";
    assert_eq!(
        read_positions(&spec("othello"), text).unwrap(),
        read_positions(&spec("othello"), "f5d6c3\nf5").unwrap()
    );
    let two_thousand = read_positions(&spec("2048:2x2"), "2,0,0,4;p\n").unwrap();
    assert_eq!(two_thousand, ["2,0,0,4;p"]);

    let bad = read_positions(&spec("connect4"), "44\n# fine\n4x4\n").unwrap_err();
    assert!(bad.to_string().starts_with("line 3:"), "{bad}");
    assert_eq!((bad.kind(), bad.field()), ("parse", Some("pos")));
    let over = read_positions(&spec("tictactoe"), "1425369\n").unwrap_err();
    assert!(over.to_string().contains("over"), "{over}");
    assert_eq!(over.kind(), "parse"); // a move after the end does not parse
    let finished = read_positions(&spec("tictactoe"), "15\n14253\n").unwrap_err();
    assert_eq!(
        finished.to_string(),
        "line 2: the game is already over in this position: there is nothing to search"
    );
    assert_eq!(
        (finished.kind(), finished.field()),
        ("game-over", Some("pos"))
    );
}

#[test]
fn chance_openings_of_2x2_2048() {
    let spec = spec("2048:2x2");
    let six = chance_openings(&spec, true).unwrap();
    assert_eq!(six.len(), 6);
    for pos in &six {
        let tiles: Vec<&str> = pos.trim_end_matches(";p").split(',').collect();
        assert_eq!(tiles.iter().filter(|&&t| t == "2").count(), 2, "{pos}");
    }
    let all = chance_openings(&spec, false).unwrap();
    assert_eq!(all.len(), 24);
    assert!(six.iter().all(|pos| all.contains(pos)));
    // A game where a player acts first has one opening: its start.
    assert_eq!(
        chance_openings(&self::spec("connect4"), true).unwrap(),
        [""]
    );
}

/// A record with everything but the verdict and stage fixed.
fn record(stage: u32, index: usize, verdict: Verdict) -> Record {
    Record {
        stage: Stage::Moves(stage),
        index,
        pos: "44".to_string(),
        algo: find("ppns").unwrap(),
        setting: None,
        verdict,
        iterations: 10,
        nodes: 100,
        playouts: 6000,
        seconds: 0.5,
        peak_bytes: 1000,
        root_value: Some(Values::Probability {
            ppn: 0.5,
            one_minus_ppn: 0.5,
        }),
        exact: None,
        wrong: None,
    }
}

#[test]
fn runner_output_is_the_same_for_one_and_two_threads() {
    let spec = spec("connect4");
    let stages: Vec<(Stage, Vec<String>)> = [10, 14]
        .iter()
        .map(|&plies| {
            let positions = random_positions(&spec, plies, 3, 5).unwrap();
            (Stage::Moves(plies), positions)
        })
        .collect();
    let searches = [
        SearchSpec::plain(find("pns").unwrap()),
        SearchSpec::plain(find("mcpns").unwrap()),
        SearchSpec {
            algo: find("ppns").unwrap(),
            setting: Some(Setting {
                theta: 0.001,
                pr: Some(1e-3),
            }),
        },
    ];
    let params = Params::default().with(&PLAYOUTS, Some(10.0));
    let jobs = plan(&stages, &searches, &params, 11);
    assert_eq!(jobs.len(), 2 * 3 * 3);
    let limits = Limits {
        max_nodes: Some(3000),
        ..Limits::default()
    };
    let run = |threads| {
        let mut records = Vec::new();
        run_ordered(
            jobs.len(),
            threads,
            |i| run_job(&spec, &jobs[i], limits),
            |_, mut record| {
                record.seconds = 0.0;
                records.push(record);
                Ok(())
            },
        )
        .unwrap();
        records
    };
    let one = run(1);
    assert_eq!(one, run(2));
    // In plan order: stage, position, search.
    assert_eq!(one[0].stage, Stage::Moves(10));
    assert_eq!(one[3].index, 1);
    assert_eq!(one[2].setting.unwrap().theta, 0.001);
    assert!(one.iter().all(|r| r.nodes <= 3000));
}

#[test]
fn summary_counts_and_completion() {
    use Verdict::*;
    let verdicts = [
        Proved,
        Disproved,
        ConcludedWin,
        ConcludedLoss,
        Out,
        Out,
        Proved,
        Out,
    ];
    let mut records: Vec<Record> = verdicts
        .iter()
        .enumerate()
        .map(|(i, &v)| record(18, i, v))
        .collect();
    records.push(record(26, 0, Out));
    records[1].exact = Some(Outcome::Loss);
    records[1].wrong = Some(false);
    records[2].exact = Some(Outcome::Draw);
    records[2].wrong = Some(true);
    records[0].iterations = 90; // mean over 8: (90 + 7 × 10) / 8 = 20

    let rows = summarize(&records);
    assert_eq!(rows.len(), 2);
    let row = &rows[0];
    assert_eq!(row.stage, Stage::Moves(18));
    assert_eq!(
        (
            row.n,
            row.proved,
            row.disproved,
            row.concluded_win,
            row.concluded_loss,
            row.out
        ),
        (8, 2, 1, 1, 1, 3)
    );
    assert_eq!((row.solved(), row.unsolved()), (3, 2));
    assert_eq!(row.completion(), 62.5);
    assert_eq!((row.verified, row.exact, row.wrong), (2, [0, 1, 1], 1));
    assert_eq!(row.mean_iterations, 20.0);
    assert_eq!(rows[1].completion(), 0.0);

    let csv = csv(&rows, Some(Experiment::OthelloStages));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], CSV_HEADER);
    let columns = CSV_HEADER.split(',').count();
    let first: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(first.len(), columns);
    assert_eq!(
        &first[..11],
        [
            "18", "ppns", "8", "2", "1", "1", "1", "3", "3", "2", "62.50"
        ]
    );
    // The paper's PPNS at 18 moves (Table 2): 52 solved, 56 unsolved, 92 out, 54 %.
    assert!(
        lines[1].contains(",paper Table 2,200,52,56,92,108,54,"),
        "{}",
        lines[1]
    );
    // No published PPNS numbers at 26 moves? There are (Table 2).
    assert!(
        lines[2].contains(",paper Table 2,200,63,88,49,"),
        "{}",
        lines[2]
    );

    let table = text_table(&rows, Some(Experiment::OthelloStages));
    assert_eq!(table.lines().count(), 3);
    assert!(table.contains("62.5") && table.contains("paper Table 2"));

    let svg = plot::completion_by_stage(&rows, "t", Some(Experiment::OthelloStages)).to_svg();
    assert!(svg.contains("ppns (paper)"));
    assert_eq!(svg.matches("<polyline").count(), 2);
}

#[test]
fn record_json_has_the_spec_shape() {
    let mut ppns = record(18, 0, Verdict::ConcludedWin);
    let won = Verified {
        holds: true,
        outcome: Some(Outcome::Win),
    };
    mark(&mut ppns, Some(won));
    let value = serde_json::to_value(&ppns).unwrap();
    let keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected = [
        &["stage", "index", "pos"][..],
        &RUN_FIELDS,
        &["peak_bytes", "root_value", "exact", "wrong"],
    ]
    .concat();
    let mut keys_sorted = keys.clone();
    keys_sorted.sort_unstable();
    expected.sort_unstable();
    assert_eq!(keys_sorted, expected);
    assert_eq!(value["stage"], 18);
    assert_eq!(value["algo"], "ppns");
    assert_eq!(value["verdict"], "concluded-win");
    // Every kind of value is an object naming its kind and numbers, a probability too.
    assert_eq!(
        value["root_value"],
        serde_json::json!({"kind": "probability", "ppn": 0.5, "one_minus_ppn": 0.5})
    );
    assert_eq!(value["exact"], "win");
    assert_eq!(value["wrong"], false);

    let mut pns = record(18, 0, Verdict::Out);
    pns.algo = find("pns").unwrap();
    pns.stage = Stage::Named("fforum-1-19.obf".into());
    pns.root_value = Some(Values::ProofNumbers {
        pn: 3.0,
        dn: f64::INFINITY,
    });
    let value = serde_json::to_value(&pns).unwrap();
    assert_eq!(value["stage"], "fforum-1-19.obf");
    assert_eq!(value["root_value"]["pn"], 3.0);
    assert_eq!(value["root_value"]["dn"], "Infinity");
    // Records keep the kind and the numbers only (not the view's chart and text).
    let shown: Vec<&str> = value["root_value"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(shown, ["dn", "kind", "pn"]);
    assert!(value["exact"].is_null() && value["wrong"].is_null());

    // Alpha-beta keeps no value: `null`.
    let mut alphabeta = record(18, 0, Verdict::Proved);
    alphabeta.algo = find("alphabeta").unwrap();
    alphabeta.root_value = None;
    let value = serde_json::to_value(&alphabeta).unwrap();
    assert_eq!(value["algo"], "alphabeta");
    assert!(value["root_value"].is_null());

    let mut grid = record(12, 0, Verdict::Out);
    grid.setting = Some(Setting {
        theta: 0.001,
        pr: None,
    });
    let value = serde_json::to_value(&grid).unwrap();
    assert_eq!(value["theta"], 0.001);
    assert!(value["pr"].is_null() && value.as_object().unwrap().contains_key("pr"));
}

#[test]
fn verification_flags_wrong_verdicts() {
    let tictactoe = spec("tictactoe");
    // X (to move) holds 1 and 2: a win. O holds 5 and 7.
    let win = verify(&tictactoe, "1527", Goal::Win, Limits::default(), 1).unwrap();
    assert_eq!(
        win,
        Some(Verified {
            holds: true,
            outcome: Some(Outcome::Win)
        })
    );
    let mut wrong = record(4, 0, Verdict::Disproved);
    mark(&mut wrong, win);
    assert_eq!((wrong.exact, wrong.wrong), (Some(Outcome::Win), Some(true)));
    for verdict in [Verdict::Proved, Verdict::ConcludedWin, Verdict::Out] {
        let mut fine = record(4, 0, verdict);
        mark(&mut fine, win);
        assert_eq!(fine.wrong, Some(false), "{verdict}");
    }
    // A draw: a concluded win is wrong for goal win, right for not-lose.
    assert_eq!(
        exact_outcome(&tictactoe, "", Limits::default()),
        Ok(Some(Outcome::Draw))
    );
    let mut concluded = record(0, 0, Verdict::ConcludedWin);
    for (goal, holds, wrong) in [(Goal::Win, false, true), (Goal::NotLose, true, false)] {
        let draw = verify(&tictactoe, "", goal, Limits::default(), 1).unwrap();
        assert_eq!(
            draw,
            Some(Verified {
                holds,
                outcome: Some(Outcome::Draw)
            }),
            "{goal:?}"
        );
        mark(&mut concluded, draw);
        assert_eq!(concluded.wrong, Some(wrong), "{goal:?}");
    }
    // Not verified within the budget: both null.
    let budget = Limits {
        max_nodes: Some(10),
        ..Limits::default()
    };
    assert_eq!(exact_outcome(&tictactoe, "", budget), Ok(None));
    assert_eq!(verify(&tictactoe, "", Goal::Win, budget, 1), Ok(None));
    mark(&mut concluded, None);
    assert_eq!((concluded.exact, concluded.wrong), (None, None));
    // A budget that settles the goal but not the outcome: verified, `exact` null. The
    // smallest budget that verifies the empty board at all settles only "not a win".
    let full = verify(&tictactoe, "", Goal::Win, Limits::default(), 1);
    let mut first = None;
    for nodes in 1..20_000 {
        let budget = Limits {
            max_nodes: Some(nodes),
            ..Limits::default()
        };
        if let Some(found) = verify(&tictactoe, "", Goal::Win, budget, 1).unwrap() {
            first = Some(found);
            break;
        }
    }
    assert_eq!(
        first,
        Some(Verified {
            holds: false,
            outcome: None
        })
    );
    assert_eq!(full.unwrap().unwrap().outcome, Some(Outcome::Draw));
    mark(&mut concluded, first);
    assert_eq!((concluded.exact, concluded.wrong), (None, Some(true)));

    // Connect Four reference positions (18 plies) and their published scores' signs.
    let c4 = std::fs::read_to_string(common::data_path("connect4/c4_public.txt")).unwrap();
    let connect4 = spec("connect4");
    for line in c4.lines().filter(|l| !l.starts_with('#')).skip(200).take(4) {
        let (pos, score) = line.split_once(' ').unwrap();
        let score: i32 = score.parse().unwrap();
        let expected = match score.signum() {
            1 => Outcome::Win,
            0 => Outcome::Draw,
            _ => Outcome::Loss,
        };
        assert_eq!(
            exact_outcome(&connect4, pos, Limits::default()),
            Ok(Some(expected)),
            "{pos}"
        );
    }
}

/// The records of a JSON Lines file.
fn json_file(path: &Path) -> Vec<serde_json::Value> {
    common::json_lines(&std::fs::read_to_string(path).unwrap())
}

/// Runs `pnplay` with `args` and `--out out` (checked to succeed): its stdout and the records
/// it wrote.
fn run_to(args: &[&str], out: &Path) -> (String, Vec<serde_json::Value>) {
    let output = common::pnplay_ok(&[args, &["--out", out.to_str().unwrap()]].concat());
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        json_file(out),
    )
}

#[test]
fn cli_stages_end_to_end() {
    let dir = common::temp_folder("stages");
    let run = |jobs: &str, out: &str| {
        let out = dir.join(out);
        let line = format!(
            "experiment stages --game othello --stages 50,54 --positions 3 --algos pns,ppns \
             --pr 1e-5 --playouts 10 --nodes 3000 --time 20 --seed 5 --verify \
             --verify-nodes 2000000 --jobs {jobs} --quiet"
        );
        let (stdout, records) = run_to(&words(&line), &out);
        (stdout, records, out)
    };
    let (table, records, out) = run("2", "run.jsonl");
    assert_eq!(records.len(), 2 * 3 * 2);
    for record in &records {
        assert!([50, 54].contains(&record["stage"].as_u64().unwrap()));
        // 10 and 6 empty squares: the exact solver always finishes, and exact verdicts are right.
        assert!(record["exact"].is_string(), "{record}");
        if ["proved", "disproved"].contains(&record["verdict"].as_str().unwrap()) {
            assert_eq!(record["wrong"], false, "{record}");
        }
    }
    let csv = std::fs::read_to_string(out.with_extension("csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 2 * 2);
    let svg = std::fs::read_to_string(out.with_extension("svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("pns"));
    assert_eq!(table.lines().count(), 1 + 2 * 2);

    // One thread gives the same records but for the seconds.
    let (_, single, _) = run("1", "single.jsonl");
    let strip = |mut records: Vec<serde_json::Value>| {
        for r in &mut records {
            r["seconds"] = 0.into();
        }
        records
    };
    assert_eq!(strip(records), strip(single));

    // A positions file: its name is the stage, --positions takes the first N.
    let file = dir.join("few.txt");
    std::fs::write(&file, "# two positions\nf5d6c3d3c4\n\nf5f6e6f4\nf5\n").unwrap();
    let args = words_with(
        "experiment stages --positions 2 --algos pns --nodes 500 --json --quiet --positions-file",
        &[file.to_str().unwrap()],
    );
    let (stdout, records) = run_to(&args, &dir.join("file.jsonl"));
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["stage"], "few.txt");
    assert_eq!(stdout.lines().count(), 2);
}

#[test]
fn cli_connect4_grid_and_2048() {
    let dir = common::temp_folder("grid");
    let out = dir.join("c4.jsonl");
    let (_, records) = run_to(
        &words(
            "experiment connect4 --plies 30 --positions 2 --thetas 0.01 --prs off,1e-3 \
             --playouts 10 --nodes 2000 --quiet",
        ),
        &out,
    );
    // pns, mcpns, and ppns at two settings, for two positions.
    assert_eq!(records.len(), 2 * 4);
    assert_eq!(records[2]["theta"], 0.01);
    assert!(records[2]["pr"].is_null());
    assert_eq!(records[3]["pr"], 1e-3);
    assert!(records[0].get("theta").is_none());
    assert!(
        std::fs::read_to_string(out.with_extension("svg"))
            .unwrap()
            .contains("ppns θ=0.01")
    );

    let (table, records) = run_to(&words("experiment 2048 --quiet"), &dir.join("2048.jsonl"));
    assert_eq!(records.len(), 2 * 6 * 3);
    assert!(
        records
            .iter()
            .all(|r| r["exact"].is_string() && r["wrong"] == false)
    );
    assert!(table.contains("dissertation Table 4.2"), "{table}");
}

#[test]
fn cli_errors_are_one_line() {
    let dir = common::temp_folder("errors");
    let out = dir.join("x.jsonl");
    let out = out.to_str().unwrap();
    for args in [
        &["experiment", "stages", "--algos", "pns,chess", "--out", out][..],
        &[
            "experiment",
            "stages",
            "--positions-file",
            "/nonexistent/file",
            "--out",
            out,
        ][..],
        &[
            "experiment",
            "stages",
            "--game",
            "tictactoe",
            "--stages",
            "9",
            "--out",
            out,
        ][..],
        &["experiment", "connect4", "--prs", "sometimes", "--out", out][..],
        &[
            "experiment",
            "stages",
            "--theta",
            "2",
            "--positions",
            "1",
            "--stages",
            "4",
            "--out",
            out,
        ][..],
        &["experiment", "stages", "--stages", "4"][..],
    ] {
        let output = common::pnplay(args);
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("pnplay: "), "{args:?}: {stderr}");
    }
}

/// The committed results/ files use the records' one form: `root_value` is an object naming
/// its kind (or `null` for alpha-beta), never a bare number — in every records file of a
/// batch run (`X.jsonl.gz` or a shard's `X.jsonl`, with its plan `X.plan.json` beside it).
#[test]
fn committed_results_give_every_root_value_as_an_object() {
    use std::io::Read;
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("results");
    let mut records = 0;
    let mut folders = vec![folder];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let stem = name.trim_end_matches(".gz").trim_end_matches(".jsonl");
            if stem == name || !folder.join(format!("{stem}.plan.json")).exists() {
                continue;
            }
            let file = || std::fs::File::open(&path).unwrap();
            let mut text = String::new();
            if name.ends_with(".jsonl.gz") {
                flate2::read::GzDecoder::new(file()).read_to_string(&mut text)
            } else if name.ends_with(".jsonl") {
                file().read_to_string(&mut text)
            } else {
                continue;
            }
            .unwrap();
            for (number, line) in text.lines().enumerate() {
                let record: serde_json::Value = serde_json::from_str(line).unwrap();
                if record.get("stage").is_none() {
                    continue; // a game, a benchmark: no root value
                }
                let value = &record["root_value"];
                let named = value.is_null()
                    || value["kind"].as_str().is_some_and(|kind| {
                        ["proof-numbers", "probability", "monte-carlo"].contains(&kind)
                    });
                assert!(
                    named,
                    "{}:{}: root_value {value}",
                    path.display(),
                    number + 1
                );
                records += 1;
            }
        }
    }
    assert!(records > 1000, "{records} records");
}

/// `pnplay solve --json`'s report of PPNS on `pos` with `more` flags.
fn solve_ppns(pos: &str, more: &str) -> serde_json::Value {
    let line = format!("solve --game connect4 --algo ppns --json --pos {pos} {more}");
    serde_json::from_slice(&common::pnplay_ok(&words(&line)).stdout).unwrap()
}

#[test]
fn ppn_history_ends_where_solve_ends_and_marks_where_pr_stops() {
    let dir = common::temp_folder("ppn-history");
    // Proved in 19,709 iterations; disproved (grid position 39) in a few dozen.
    for (pos, last_ppn) in [("312274213666", 1.0), ("276776746445", 0.0)] {
        let flags = "--nodes 200000 --seed 1 --theta 0.01 --playouts 60";
        let (_, records) = run_to(
            &words(&format!(
                "experiment ppn-history --pos {pos} {flags} --quiet"
            )),
            &dir.join(format!("{pos}.jsonl")),
        );
        assert_eq!(records.len(), 1);
        let record = &records[0];
        let history = record["history"].as_array().unwrap();
        let iterations: Vec<u64> = history
            .iter()
            .map(|p| p["iteration"].as_u64().unwrap())
            .collect();
        assert!(iterations.windows(2).all(|w| w[0] < w[1]), "{iterations:?}");
        assert_eq!(iterations[0], 0);
        assert!(history.len() <= 401, "{}", history.len());
        let every = record["every"].as_u64().unwrap();
        assert!(
            iterations[..iterations.len() - 1]
                .iter()
                .all(|i| i % every == 0)
        );
        // A concluded run ends at exactly 0 or 1, where solve ends.
        let last = history.last().unwrap();
        assert_eq!(last["ppn"], last_ppn);
        let solved = solve_ppns(pos, flags);
        for field in ["verdict", "iterations", "nodes"] {
            assert_eq!(record[field], solved[field], "{pos} {field}");
        }
        assert_eq!(last["iteration"], solved["iterations"]);
        assert_eq!(last["nodes"], solved["nodes"]);
        // The run with pr = 1e-5 is solve's with --pr 1e-5, and stops where the run without
        // pr first came within 1e-5 of 0 or 1.
        let with_pr = solve_ppns(pos, &format!("{flags} --pr 1e-5"));
        for field in ["verdict", "iterations", "nodes"] {
            assert_eq!(record["with_pr"][field], with_pr[field], "{pos} {field}");
        }
        let within = &record["within_pr"];
        assert_eq!(within["iteration"], with_pr["iterations"]);
        assert_eq!(within["nodes"], with_pr["nodes"]);
        let ppn = within["ppn"].as_f64().unwrap();
        assert!(ppn <= 1e-5 || ppn >= 1.0 - 1e-5, "{ppn}");
        let ratio = record["prolongation"].as_f64().unwrap();
        let expected =
            solved["iterations"].as_f64().unwrap() / with_pr["iterations"].as_f64().unwrap();
        assert!((ratio - expected).abs() < 1e-12, "{ratio} {expected}");
    }
}

#[test]
fn ppn_history_picks_the_grids_positions_and_reruns_them_with_the_grids_seed() {
    let dir = common::temp_folder("ppn-history-grid");
    let grid =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("results/connect4-grid/connect4-grid.jsonl.gz");
    let (table, records) = run_to(
        &words_with(
            "experiment ppn-history --seed 1 --nodes 100000 --quiet --records",
            &[grid.to_str().unwrap()],
        ),
        &dir.join("grid.jsonl"),
    );
    assert_eq!(records.len(), 2, "{table}");
    // From the committed records: position 46, PNS proved in 143,367 nodes and PPNS (θ 0.01,
    // pr off) in 75,262: the largest gap of the positions both concluded.
    let chosen = &records[0]["chosen"];
    assert_eq!(
        (chosen["rule"].as_str(), chosen["index"].as_u64()),
        (Some("largest-gap"), Some(46))
    );
    assert_eq!(chosen["gap"], 75_262 - 143_367);
    // Rerun with the grid's seed for that position, PPNS makes the grid's own run again.
    assert_eq!(
        (
            records[0]["verdict"].as_str(),
            records[0]["iterations"].as_u64(),
            records[0]["nodes"].as_u64()
        ),
        (Some("proved"), Some(20_538), Some(75_262))
    );
    // Position 13: PNS disproved in 135,846 nodes; PPNS was out at 286,248, 2.1 times that.
    let chosen = &records[1]["chosen"];
    assert_eq!(
        (chosen["rule"].as_str(), chosen["index"].as_u64()),
        (Some("pns-cheap"), Some(13))
    );
    assert_eq!(chosen["gap"], 286_248 - 135_846);
    assert_eq!(records[1]["verdict"], "out");
    assert!(records[1]["nodes"].as_u64().unwrap() <= 100_000);
    assert!(table.contains("largest-gap (stage 12 #46)"), "{table}");
}

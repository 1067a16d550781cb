//! The `pnplay` command line as a user runs it: answers on stdout, one-line errors on stderr
//! with a non-zero exit code.

use crate::RUN_FIELDS;
use crate::common;

use std::process::Output;

use common::{json_lines, pnplay, pnplay_error, pnplay_ok, words, words_with};

fn last_line(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .last()
        .unwrap_or("")
        .to_string()
}

#[test]
fn perft_prints_the_leaf_count_last() {
    for (args, leaves) in [
        (&["perft", "othello", "5"][..], "1396"),
        (&["perft", "othello", "1", "--pos", "f5"][..], "3"),
        (&["perft", "connect4", "3"][..], "343"),
        (&["perft", "connect4:5x4", "2"][..], "25"),
        (&["perft", "tictactoe", "9"][..], "127872"),
        (&["perft", "2048:2x2", "2"][..], "48"),
    ] {
        let output = pnplay(args);
        assert!(output.status.success(), "{args:?}");
        assert_eq!(last_line(&output), leaves, "{args:?}");
    }
}

#[test]
fn perft_json_is_one_object() {
    let output = pnplay(&["perft", "othello", "3", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["leaves"], 56);
    assert_eq!(value["game"], "othello");
}

#[test]
fn bad_input_gives_one_line_and_a_failure_code() {
    for args in [
        &["perft", "chess", "3"][..],
        &["perft", "othello", "3", "--pos", "xyz"][..],
        &["perft", "connect4", "2", "--pos", "11111111"][..],
        &["perft", "connect4:9x9", "2"][..],
        &["perft", "2048:3x3", "2"][..],
        &["perft", "othello"][..],
        &["frobnicate"][..],
    ] {
        let stderr = pnplay_error(args);
        assert!(stderr.starts_with("pnplay: "), "{args:?}: {stderr}");
    }
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_slice(&pnplay_ok(args).stdout).unwrap()
}

#[test]
fn score_gives_the_exact_value_and_a_best_move() {
    // FFO position #1 (../shared/data/othello/fforum-1-19.obf): +18 by G8.
    let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let value = json(&["score", "--game", "othello", "--pos", ffo1, "--json"]);
    assert_eq!(value["score"], 18);
    assert_eq!(value["best_move"], "g8");
    let value = json(&["score", "--game", "tictactoe", "--pos", "", "--json"]);
    assert_eq!(value["score"], 0);
    // --outcome: the sign only, by the game's solver (Othello, Connect Four) or alpha-beta.
    let cases = [
        ("othello", ffo1, "win"),
        ("connect4:5x4", "", "draw"),
        ("tictactoe", "1425", "win"),
        ("othello4", "", "loss"), // 4×4 Othello: the second player wins (alpha-beta)
    ];
    for (game, pos, outcome) in cases {
        let value = json(&["score", "--game", game, "--pos", pos, "--outcome", "--json"]);
        assert_eq!(value["outcome"], outcome, "{game} {pos}");
        assert!(value["nodes"].as_u64().is_some(), "{game} {pos}");
    }
}

#[test]
fn solve_reports_the_spec_fields_and_the_right_verdicts() {
    for algo in pnplay::search::catalogue::SEARCHES.iter().map(|s| s.id) {
        let win = json(&words(&format!(
            "solve --game tictactoe --pos '' --algo {algo} --seed 3 --json"
        )));
        assert_eq!(win["verdict"], "disproved", "{algo}");
        assert_eq!(win["seed"], 3, "{algo}: --seed is the run's seed");
        let fields = [
            &["game", "pos"][..],
            &RUN_FIELDS,
            &["root_value", "best_move"],
        ]
        .concat();
        for field in fields {
            assert!(win.get(field).is_some(), "{algo}: no {field}");
        }
        let draw = json(&words(&format!(
            "solve --game tictactoe --pos '' --algo {algo} --goal not-lose --json"
        )));
        assert_eq!(draw["verdict"], "proved", "{algo}");
        assert_eq!(draw["seed"], 1, "{algo}: the default seed is 1");
    }
    // A limit gives `out`.
    let out = json(&[
        "solve", "--game", "othello", "--pos", "", "--algo", "pns", "--nodes", "1000", "--json",
    ]);
    assert_eq!(out["verdict"], "out");
}

#[test]
fn solve_and_score_refuse_bad_input_in_one_line() {
    for args in [
        &["solve", "--game", "othello", "--pos", "", "--algo", "magic"][..],
        &words("solve --game tictactoe --pos 123 --algo pns --goal tie")[..],
        &words("solve --game tictactoe --pos 1425369 --algo pns")[..],
        &words("solve --game tictactoe --pos '' --algo ppns --theta 2")[..],
        &["score", "--game", "connect4", "--pos", "8"][..],
    ] {
        pnplay_error(args);
    }
}

#[test]
fn experiment_stages_runs_exact_searches_beside_best_first_ones() {
    let dir = common::temp_folder("stages");
    let out = dir.join("exact.jsonl");
    let output = pnplay_ok(&words_with(
        "experiment stages --game tictactoe --stages 2,4 --positions 2 \
         --algos pns,dfpn,alphabeta --verify --json --quiet --out",
        &[out.to_str().unwrap()],
    ));
    let printed = json_lines(&String::from_utf8_lossy(&output.stdout));
    let records = json_lines(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(printed, records);
    // 2 stages × 2 positions × 3 searches, each position's searches together.
    assert_eq!(records.len(), 2 * 2 * 3);
    for position in records.chunks(3) {
        let algos: Vec<&str> = position
            .iter()
            .map(|r| r["algo"].as_str().unwrap())
            .collect();
        assert_eq!(algos, ["pns", "dfpn", "alphabeta"]);
        let stage = position[0]["stage"].as_u64().unwrap();
        assert!([2, 4].contains(&stage), "{position:?}");
        for record in position {
            assert_eq!(record["stage"], position[0]["stage"]);
            assert_eq!(record["index"], position[0]["index"]);
            assert_eq!(record["pos"], position[0]["pos"]);
            // All three are exact, agree with each other and with the verification.
            let verdict = record["verdict"].as_str().unwrap();
            assert!(["proved", "disproved"].contains(&verdict), "{record}");
            assert_eq!(record["verdict"], position[2]["verdict"], "{record}");
            assert!(record["exact"].is_string(), "{record}");
            assert_eq!(record["wrong"], false, "{record}");
        }
        assert_eq!(position[1]["root_value"]["kind"], "proof-numbers");
        assert!(
            position[2]["root_value"].is_null(),
            "alpha-beta keeps no value"
        );
    }
    let csv = std::fs::read_to_string(out.with_extension("csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 2 * 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn experiment_stages_takes_the_games_own_stages_by_default() {
    let dir = common::temp_folder("default-stages");
    let stages_of = |game: &str| {
        let out = dir.join(format!("{game}.jsonl"));
        pnplay_ok(&words_with(
            &format!(
                "experiment stages --game {game} --positions 1 --algos pns --nodes 2000 --quiet --out"
            ),
            &[out.to_str().unwrap()],
        ));
        let records = json_lines(&std::fs::read_to_string(&out).unwrap());
        records
            .iter()
            .map(|r| r["stage"].as_u64().unwrap())
            .collect::<Vec<_>>()
    };
    // Tic-tac-toe has 9 moves: the Othello paper's 18–40 could not be reached.
    assert_eq!(stages_of("tictactoe"), [1, 2, 4, 6]);
    assert_eq!(stages_of("nim"), [1, 4, 8, 12]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_texts_list_the_games_of_the_catalogue() {
    let grammar = pnplay::game::catalogue::grammar();
    for args in [
        &["perft", "--help"][..],
        &["solve", "--help"][..],
        &["score", "--help"][..],
        &["bench", "--help"][..],
        &["match", "--help"][..],
        &["tournament", "--help"][..],
        &["experiment", "stages", "--help"][..],
    ] {
        let output = pnplay(args);
        assert!(output.status.success(), "{args:?}");
        let help = String::from_utf8_lossy(&output.stdout).replace(char::is_whitespace, "");
        assert!(help.contains(&grammar.replace(' ', "")), "{args:?}: {help}");
    }
}

#[test]
fn train_writes_samples_and_weights_and_refuses_bad_input() {
    let dir = common::temp_folder("train");
    let samples = dir.join("samples.txt");
    let weights = dir.join("weights.bin");
    let (samples_arg, weights_arg) = (samples.to_str().unwrap(), weights.to_str().unwrap());
    let (bad, missing) = (dir.join("bad.txt"), dir.join("missing.txt"));
    let (bad_arg, missing_arg) = (bad.to_str().unwrap(), missing.to_str().unwrap());
    let output = pnplay_ok(&words_with(
        "train positions --count 40 --min-empties 8 --max-empties 9 --jobs 2 --out",
        &[samples_arg],
    ));
    let lines = std::fs::read_to_string(&samples).unwrap();
    assert_eq!(
        last_line(&output),
        format!(
            "{} positions written to {samples_arg}",
            lines.lines().count()
        )
    );
    pnplay_ok(&words_with(
        "train fit --stages 0,9 --out",
        &[weights_arg, samples_arg],
    ));
    let bytes = std::fs::read(&weights).unwrap();
    let read = pnplay::game::othello::patterns::Weights::from_bytes(&bytes).unwrap();
    assert_eq!(read.stage_from, [0, 9]);
    std::fs::write(&bad, "00ff 0f00 3\nnot a sample\n").unwrap();
    for args in [
        words_with(
            "train positions --count 5 --min-empties 12 --max-empties 10 --out",
            &[samples_arg],
        ),
        words_with("train fit --out", &[weights_arg, bad_arg]),
        words_with("train fit --stages 9,0 --out", &[weights_arg, samples_arg]),
        words_with("train fit --out", &[weights_arg, missing_arg]),
    ] {
        let stderr = pnplay_error(&args);
        assert!(stderr.starts_with("pnplay: "), "{args:?}: {stderr}");
    }
    let stderr = pnplay_error(&words_with("train fit --out", &[weights_arg, bad_arg]));
    assert!(stderr.contains("line 2"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

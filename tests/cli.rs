//! The `pnplay` command line as a user runs it: answers on stdout, one-line errors on stderr
//! with a non-zero exit code.

use std::process::{Command, Output};

fn pnplay(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pnplay"))
        .args(args)
        .output()
        .unwrap()
}

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
        let output = pnplay(args);
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("pnplay: "), "{args:?}: {stderr}");
    }
}

//! Subtraction Nim through the CLI: `pnplay solve` gives the closed form's verdict and a
//! winning take, `pnplay perft` counts the takes, and a bad name or position is one line.

use crate::common::{pnplay, pnplay_ok, words};

fn stdout(line: &str) -> String {
    String::from_utf8(pnplay_ok(&words(line)).stdout).unwrap()
}

#[test]
fn solve_gives_the_closed_form_and_a_winning_take() {
    // 20 stones, take 1–3: a multiple of 4, the first player loses.
    let lost = stdout("solve --game nim:20 --pos '' --algo dfpn");
    assert!(lost.starts_with("dfpn on nim:20 : disproved"), "{lost}");
    // 13 stones after 3 + 2 taken = 8 left: lost for the first player, to move again.
    let again = stdout("solve --game nim:13 --pos 32 --algo alphabeta");
    assert!(
        again.starts_with("alphabeta on nim:13 32: disproved"),
        "{again}"
    );
    // 22 stones, take 1–4: 22 = 4·5 + 2, so take 2.
    let take = stdout("solve --game nim:22:4 --pos '' --algo alphabeta");
    assert!(
        take.contains("proved") && take.contains("best move: 2"),
        "{take}"
    );
}

#[test]
fn perft_counts_the_takes() {
    let out = stdout("perft nim:5 3");
    assert_eq!(out.lines().last(), Some("10"), "{out}");
}

#[test]
fn a_bad_name_or_take_is_one_line() {
    for line in [
        "perft nim:0 1",
        "perft nim:5:10 1",
        "solve --game nim:5 --pos 4 --algo dfpn",
    ] {
        let output = pnplay(&words(line));
        assert!(!output.status.success(), "{line}");
        let err = String::from_utf8(output.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{line}: {err}");
    }
}

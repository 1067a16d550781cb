//! Plain minimax through the CLI: `pnplay solve --algo negamax` gives alpha-beta's verdict
//! and a proving move.

use crate::common::{pnplay_ok, words};

#[test]
fn solve_with_plain_minimax_gives_alpha_betas_verdicts_and_a_proving_move() {
    // O to move after X took 1, 9 and 7: X threatens 4 and 8, so O cannot win (nor draw).
    for algo in ["negamax", "alphabeta"] {
        let line = format!("solve --game tictactoe --pos 15937 --algo {algo}");
        let out = String::from_utf8(pnplay_ok(&words(&line)).stdout).unwrap();
        assert!(
            out.starts_with(&format!("{algo} on tictactoe 15937: disproved")),
            "{out}"
        );
    }
    // X to move at 1, 2 against O at 5, 7: X completes 1-2-3.
    let out = pnplay_ok(&words(
        "solve --game tictactoe --pos 1527 --algo negamax --json",
    ));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["verdict"], "proved", "{report}");
    assert_eq!(report["best_move"], "3", "{report}");
}

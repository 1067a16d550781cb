//! `pnplay solve --certificate F` and `pnplay check F` as a user runs them: a proved Connect
//! Four position, a disproved Othello endgame (FFO-style text) and tic-tac-toe each write a
//! certificate that `check` accepts with one line; a spoilt one is refused with one line
//! naming the node, exit status 1; a verdict `out` has no certificate, and a file that is
//! not a certificate is never overwritten.

use crate::common::{pnplay, pnplay_ok, temp_folder, words, words_with};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `solve --certificate` then `check`: `check`'s one line.
fn solve_then_check(args: &[&str], file: &str) -> String {
    let mut solve = args.to_vec();
    solve.extend(["--certificate", file]);
    let solved = text(&pnplay_ok(&solve).stdout);
    assert!(
        solved.contains(&format!("certificate: {file} (")),
        "{solved}"
    );
    let checked = text(&pnplay_ok(&["check", file]).stdout);
    assert_eq!(checked.lines().count(), 1, "{checked}");
    checked.trim_end().to_string()
}

#[test]
fn solve_writes_a_certificate_that_check_accepts_and_a_spoilt_one_is_refused() {
    let dir = temp_folder("certificate");
    let file = |name: &str| dir.join(name).display().to_string();
    // Connect Four from the public file: +12 for the side to move (it wins at once).
    let c4 = file("c4.cert");
    let line = solve_then_check(
        &words("solve --game connect4 --pos 316347117322324672 --algo pns"),
        &c4,
    );
    assert_eq!(
        line,
        "certificate ok: proved — Can Red (first), to move, force a win? — 2 nodes"
    );
    // Tic-tac-toe's start is not a win for X (a draw): disproved, with every O answer listed.
    let ttt = file("ttt.cert");
    let line = solve_then_check(&words("solve --game tictactoe --pos '' --algo dfpn"), &ttt);
    assert!(
        line.starts_with("certificate ok: disproved — Can X, to move, force a win? — "),
        "{line}"
    );
    // An Othello endgame with 9 empties, by PNS.
    let othello = file("othello.cert");
    let pos = "XXXXXXXXOOOOOOXXOOXXOXXXOOOXOXXXOOXXXOXX--OXXXXX--OOXXXX---OOOO- O";
    let line = solve_then_check(
        &["solve", "--game", "othello", "--pos", pos, "--algo", "pns"],
        &othello,
    );
    assert!(line.starts_with("certificate ok: "), "{line}");

    // The tic-tac-toe certificate with its first leaf turned round.
    let written = std::fs::read_to_string(&ttt).unwrap();
    let (head, tree) = written.split_once("tree\n").unwrap();
    let tree = tree.replacen(" loss\n", " win\n", 1);
    let spoilt = format!("{head}tree\n{tree}");
    assert_ne!(spoilt, written);
    let bad = file("bad.cert");
    std::fs::write(&bad, spoilt).unwrap();
    let output = pnplay(&["check", &bad]);
    assert_eq!(output.status.code(), Some(1));
    let error = text(&output.stderr);
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(
        error.starts_with("pnplay: certificate rejected at node "),
        "{error}"
    );
    assert!(error.contains("(path "), "{error}");
}

#[test]
fn no_certificate_for_out_and_no_overwriting_other_files() {
    let dir = temp_folder("certificate-refusals");
    let cert = dir.join("out.cert").display().to_string();
    let output = pnplay(&words_with(
        "solve --game othello --pos f5 --algo pns --nodes 100 --certificate",
        &[&cert],
    ));
    assert_eq!(output.status.code(), Some(1));
    let error = text(&output.stderr);
    assert!(error.contains("not out"), "{error}");
    assert!(!dir.join("out.cert").exists());
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let output = pnplay(&words_with(
        "solve --game tictactoe --pos '' --algo pns --certificate",
        &[&notes.display().to_string()],
    ));
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("is not a certificate (left unchanged)"));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    let output = pnplay(&["check", &notes.display().to_string()]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "pnplay: certificate rejected: line 1: not a certificate: the first line must be `pnplay certificate 1`\n"
    );
}

//! The odd inputs of issue 35 item 6, each with the message it now gets: what is wrong, where,
//! and long input elided. (The fuzz targets check every message they meet for the same: one
//! line, short, "empty" only of an empty text; see `driver::check_message`.)

use pnplay::engine::{GameSpec, describe};
use pnplay::error::Error;
use pnplay::search::params::Params;

/// The message for position `text` of game `name`.
fn position_message(name: &str, text: &str) -> String {
    let spec: GameSpec = name.parse().unwrap();
    describe(&spec, Some(text)).unwrap_err().to_string()
}

/// The message for game name `name`.
fn name_message(name: &str) -> String {
    Error::game(name.parse::<GameSpec>().unwrap_err()).to_string()
}

#[test]
fn a_2048_text_without_who_acts_is_not_called_empty() {
    assert_eq!(
        position_message("2048:2x2", "5"),
        "the text ends at position 1: expected `;` and who acts (`p` or `c`) after the tiles"
    );
    assert_eq!(
        position_message("2048:2x2", "2,0,0,4;"),
        "the text ends at position 8: expected who acts (`p` or `c`) after `;`"
    );
    assert_eq!(
        position_message("2048:2x2", " "),
        "empty text: expected tiles and who acts, such as 2,0,0,4;p"
    );
}

#[test]
fn awari_and_2048_say_which_list_is_too_short() {
    assert_eq!(
        position_message("awari", "1"),
        "expected 4 fields separated by / (pits A–F / pits a–f / captures / side to move), \
         found 1"
    );
    assert_eq!(
        position_message("awari", "4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / S"),
        "expected 6 seed counts of pits A–F, found 5"
    );
    assert_eq!(
        position_message("awari", "4 4 4 4 4 4 / 4 4 4 4 4 4 / 0 0 / "),
        "the text ends at position 34: expected the side to move, S or N"
    );
    assert_eq!(
        position_message("2048:2x2", "2,0,4;p"),
        "expected 4 tiles, found 3"
    );
    assert_eq!(
        position_message("othello4", "----"),
        "expected 16 cells (X, O or -), found 4"
    );
    assert_eq!(
        position_message(
            "loa:7x7",
            "-BBBBB-/W-----W/W-----W/W-----W/W-----W/W-----W/-BBBBB-"
        ),
        "the text ends at position 55: expected the side to move (B or W) after the board"
    );
}

#[test]
fn sizes_out_of_range_say_so_with_the_range() {
    assert_eq!(
        name_message("connect4:999999999x999999999"),
        "invalid position: a Connect Four board of 999999999x999999999 does not fit: width and \
         height must be at least 1 and width × (height + 1) at most 64"
    );
    assert!(
        name_message(&format!("connect4:{}x6", "9".repeat(309))).contains(&format!(
            "board of {}…(309 digits)x6 does not fit",
            "9".repeat(40)
        ))
    );
    assert_eq!(
        name_message("gomoku:99999x99999"),
        "invalid position: a Gomoku board of 99999x99999: the board must be square, its side 3 \
         to 15 and the line 3 to the side"
    );
    assert_eq!(
        name_message("gomoku:9x9:300"),
        "invalid position: 300 in a row: the board must be square, its side 3 to 15 and the \
         line 3 to the side"
    );
    assert_eq!(
        name_message("2048:4x4:99999999999"),
        "invalid position: 2048 objective 99999999999 is not a power of two from 4 to 32768"
    );
}

#[test]
fn long_tokens_and_huge_numbers_are_elided() {
    let token = "k".repeat(131_072);
    let elided = format!("\"{}\"…(131072 bytes)", "k".repeat(40));
    assert_eq!(
        position_message("minishogi", &token),
        format!("move 1: not a move: {elided}")
    );
    assert_eq!(
        name_message(&token),
        format!(
            "unknown game {elided}: expected {}",
            pnplay::game::catalogue::grammar()
        )
    );
    let digits = "9".repeat(309);
    let mut params = Params::default();
    let message = params
        .set_text("theta", &format!("1{}", "0".repeat(308)))
        .unwrap_err();
    assert_eq!(
        message.to_string(),
        "theta must be from 0 (exclusive) to 1 (exclusive), got 1e308"
    );
    let message = params.set_text("nodes", &digits).unwrap_err().to_string();
    assert_eq!(message, "nodes must be a finite number, got inf");
    let message = params.set_text("seed", &digits).unwrap_err().to_string();
    assert_eq!(
        message,
        format!(
            "seed must be a whole number from 0 to 2^64 - 1, got \"{}\"…(309 bytes)",
            "9".repeat(40)
        )
    );
    let message = params.set_text(&token, "1").unwrap_err().to_string();
    assert_eq!(message, format!("unknown parameter {elided}"));
}

#[test]
fn the_command_line_elides_a_refused_value() {
    let name = "q".repeat(300);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pnplay"))
        .args(["perft", &name, "1"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.len() < 600, "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "pnplay: invalid value '{}…(302 bytes) for '<GAME>': unknown game \"{}\"…(300 bytes)",
            "q".repeat(39),
            "q".repeat(40)
        )),
        "{stderr}"
    );
}

#[test]
fn a_connect4_size_without_its_height_says_what_is_missing() {
    assert_eq!(
        name_message("connect4:8"),
        "the text ends at position 1: expected x and the height, as in 7x6"
    );
    assert_eq!(
        name_message("connect4:8x"),
        "the text ends at position 2: expected the height after x, as in 7x6"
    );
}

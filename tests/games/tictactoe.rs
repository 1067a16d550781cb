//! Tic-tac-toe's notation (SPEC.md §2, src/game/tictactoe.rs): a position is the digits `1`..`9`
//! of the cells played from the empty board, row-major from the top left, first player first;
//! a move is one digit. Checked here: valid move lists, every kind of rejection with its typed
//! error, the whitespace rules, and property tests against an independent reading of the rules.
//!
//! Whitespace, as the implementation defines it: blanks around a position or a move are
//! ignored (`str::trim`, so any Unicode white space), blanks between moves are not (a move list
//! is one word). Errors count moves from 1 in the trimmed text; a single move's errors have
//! index 0. A character that is not a cell digit is reported before a game that is already over.

use pnplay::game::tictactoe::TicTacToe;
use pnplay::game::{Game, Outcome, ParseError, Player, Turn};
use proptest::prelude::*;

fn parse(text: &str) -> Result<TicTacToe, ParseError> {
    TicTacToe::parse_position(&(), text)
}

fn unknown(index: usize, text: &str) -> ParseError {
    ParseError::UnknownMove {
        index,
        text: text.to_string(),
    }
}

fn illegal(index: usize, text: &str) -> ParseError {
    ParseError::IllegalMove {
        index,
        text: text.to_string(),
    }
}

#[test]
fn move_lists_parse_and_print_back() {
    for text in ["", "5", "15", "159", "91", "1234", "14253", "519328467"] {
        let pos = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.format_position(), text);
        assert_eq!(parse(&pos.format_position()), Ok(pos));
    }
    assert_eq!(parse(""), Ok(TicTacToe::start(&())));
    // The digits are the cells in play order, whatever the order of the numbers.
    let mut played = TicTacToe::start(&());
    for digit in ["9", "1", "5"] {
        played.play(played.parse_move(digit).unwrap());
    }
    assert_eq!(parse("915"), Ok(played));
}

#[test]
fn who_moves_and_who_won() {
    let first = Turn::Player(Player::First);
    let second = Turn::Player(Player::Second);
    assert_eq!(parse("").unwrap().turn(), first);
    assert_eq!(parse("5").unwrap().turn(), second);
    assert_eq!(parse("51").unwrap().turn(), first);
    // X takes the top row with its third stone.
    let x_wins = parse("14253").unwrap();
    assert_eq!(x_wins.turn(), Turn::Over);
    assert_eq!(x_wins.outcome(Player::First), Some(Outcome::Win));
    assert_eq!(x_wins.terminal_value(Player::Second), Some(-1));
    // O takes the middle row.
    let o_wins = parse("142596").unwrap();
    assert_eq!(o_wins.outcome(Player::Second), Some(Outcome::Win));
    assert_eq!(o_wins.terminal_value(Player::First), Some(-1));
    // A full board without a line (X: 2 4 5 7 9, O: 1 3 6 8).
    let draw = parse("519328467").unwrap();
    assert_eq!(draw.turn(), Turn::Over);
    assert_eq!(draw.outcome(Player::First), Some(Outcome::Draw));
    assert_eq!(draw.terminal_value(Player::First), Some(0));
    // Eight stones and no line: not over.
    assert_eq!(parse("51932846").unwrap().turn(), first);
}

#[test]
fn characters_that_are_not_cells_are_rejected() {
    // (text, the index of the first character that is no cell, that character); only ASCII
    // digits are cells: a full-width or Arabic-Indic five is not.
    for (text, index, found) in [
        ("0", 1, "0"),
        ("a", 1, "a"),
        ("10", 2, "0"),
        ("5x", 2, "x"),
        ("+5", 1, "+"),
        ("5,9", 2, ","),
        ("５", 1, "５"),
        ("1٥", 2, "٥"),
    ] {
        assert_eq!(parse(text), Err(unknown(index, found)), "{text:?}");
    }
}

#[test]
fn a_cell_cannot_be_played_twice() {
    assert_eq!(parse("11"), Err(illegal(2, "1")));
    assert_eq!(parse("5195"), Err(illegal(4, "5")));
    assert_eq!(parse("12341"), Err(illegal(5, "1")));
}

#[test]
fn no_move_after_the_game_is_over() {
    assert_eq!(parse("142536"), Err(ParseError::GameOver { index: 6 }));
    assert_eq!(parse("1425967"), Err(ParseError::GameOver { index: 7 }));
    // X wins on move 7 of 1 2 3 4 5 6 7 (the 3-5-7 diagonal).
    assert_eq!(parse("1234567").unwrap().turn(), Turn::Over);
    assert_eq!(parse("12345678"), Err(ParseError::GameOver { index: 8 }));
    // Game over is reported before a repeated cell…
    assert_eq!(parse("142531"), Err(ParseError::GameOver { index: 6 }));
    assert_eq!(parse("5193284675"), Err(ParseError::GameOver { index: 10 }));
    // …and after a character that is no cell.
    assert_eq!(parse("14253x"), Err(unknown(6, "x")));
}

#[test]
fn blanks_around_a_position_are_ignored_but_not_between_moves() {
    assert_eq!(parse("  15\t\n"), parse("15"));
    assert_eq!(parse("\u{a0}15\u{2003}"), parse("15"));
    assert_eq!(parse(" \t\n"), Ok(TicTacToe::start(&())));
    assert_eq!(parse("1 5"), Err(unknown(2, " ")));
    assert_eq!(parse("1\t5"), Err(unknown(2, "\t")));
    // Moves are counted in the trimmed text.
    assert_eq!(parse("   1 5"), Err(unknown(2, " ")));
    assert_eq!(parse("  11"), Err(illegal(2, "1")));
}

#[test]
fn single_moves() {
    let start = TicTacToe::start(&());
    assert_eq!(start.parse_move("1"), Ok(0));
    assert_eq!(start.parse_move("9"), Ok(8));
    assert_eq!(start.parse_move(" 5\n"), Ok(4));
    assert_eq!(start.format_move(4), "5");
    for bad in ["", "0", "55", "5 5", "a", "-1", "５", "10"] {
        let trimmed = bad.trim();
        assert_eq!(start.parse_move(bad), Err(unknown(0, trimmed)), "{bad:?}");
    }
    let five = parse("5").unwrap();
    assert_eq!(five.parse_move("5"), Err(illegal(0, "5")));
    assert_eq!(five.parse_move(" 5 "), Err(illegal(0, "5")));
    // After the game is over every move is illegal (there is no GameOver for a single move).
    let over = parse("14253").unwrap();
    assert_eq!(over.parse_move("9"), Err(illegal(0, "9")));
}

#[test]
fn errors_read_well() {
    assert_eq!(
        parse("10").unwrap_err().to_string(),
        "move 2: not a move: \"0\""
    );
    assert_eq!(
        parse("11").unwrap_err().to_string(),
        "move 2: illegal move \"1\""
    );
    assert_eq!(
        parse("142536").unwrap_err().to_string(),
        "move 6: the game was already over"
    );
    let start = TicTacToe::start(&());
    assert_eq!(
        start.parse_move("x").unwrap_err().to_string(),
        "not a move: \"x\""
    );
}

#[test]
fn the_engine_uses_the_same_notation() {
    let spec = "tictactoe".parse().unwrap();
    let view = pnplay::engine::play(&spec, "15", "9").unwrap();
    assert_eq!(view.text, "159");
    assert!(pnplay::engine::play(&spec, "15", "5").is_err());
    assert!(pnplay::engine::describe(&spec, Some("1 5")).is_err());
}

// ---------------------------------------------------------------------------------------
// Property tests against an independent reading of the rules
// ---------------------------------------------------------------------------------------

/// The eight lines, as cell digits.
const LINES: [[u8; 3]; 8] = [
    [1, 2, 3],
    [4, 5, 6],
    [7, 8, 9],
    [1, 4, 7],
    [2, 5, 8],
    [3, 6, 9],
    [1, 5, 9],
    [3, 5, 7],
];

/// What parsing `digits` (each 1..=9) must give, by playing them on a plain board: `Ok` with
/// the winner (if any) and whether the game is over, or the first error.
fn expected(digits: &[u8]) -> Result<(Option<Player>, bool), ParseError> {
    let mut owner: [Option<Player>; 10] = [None; 10];
    let (mut winner, mut over) = (None, false);
    for (i, &d) in digits.iter().enumerate() {
        let index = i + 1;
        if over {
            return Err(ParseError::GameOver { index });
        }
        if owner[usize::from(d)].is_some() {
            return Err(illegal(index, &d.to_string()));
        }
        let player = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        owner[usize::from(d)] = Some(player);
        if LINES
            .iter()
            .any(|line| line.iter().all(|&c| owner[usize::from(c)] == Some(player)))
        {
            winner = Some(player);
        }
        over = winner.is_some() || index == 9;
    }
    Ok((winner, over))
}

fn check_against_rules(digits: &[u8]) {
    let text: String = digits.iter().map(|d| d.to_string()).collect();
    match (parse(&text), expected(digits)) {
        (Ok(pos), Ok((winner, over))) => {
            assert_eq!(pos.format_position(), text);
            assert_eq!(pos.turn() == Turn::Over, over, "{text}");
            let outcome = match winner {
                Some(w) => Some(if w == Player::First {
                    Outcome::Win
                } else {
                    Outcome::Loss
                }),
                None if over => Some(Outcome::Draw),
                None => None,
            };
            assert_eq!(pos.outcome(Player::First), outcome, "{text}");
        }
        (found, wanted) => assert_eq!(found.map(|_| ()), wanted.map(|_| ()), "{text}"),
    }
}

fn text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[0-9 \\t\\na-z+,\\-٥５\u{a0}é]{0,14}").unwrap()
}

proptest! {
    /// Random digit sequences, repeats and all: the parser agrees with the plain board.
    #[test]
    fn digit_sequences_parse_as_the_rules_say(digits in proptest::collection::vec(1u8..=9, 0..12)) {
        check_against_rules(&digits);
    }

    /// Prefixes of permutations: long games without repeats, won, drawn or unfinished.
    #[test]
    fn games_without_repeats_parse_as_the_rules_say(
        cells in Just((1u8..=9).collect::<Vec<_>>()).prop_shuffle(),
        length in 0usize..=9,
    ) {
        check_against_rules(&cells[..length]);
    }

    /// Any text: no panic; whatever parses is a list of digits that prints back trimmed.
    #[test]
    fn parsing_any_text_never_panics(text in text(), moves in 0usize..=9) {
        if let Ok(pos) = parse(&text) {
            prop_assert_eq!(pos.format_position(), text.trim());
            prop_assert_eq!(parse(&pos.format_position()), Ok(pos));
        }
        let cells = "519328467";
        let pos = parse(&cells[..moves]).unwrap();
        if let Ok(mv) = pos.parse_move(&text) {
            prop_assert_eq!(pos.format_move(mv), text.trim());
            prop_assert!(!cells[..moves].contains(text.trim()));
        }
    }
}

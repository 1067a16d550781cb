//! Connect Four rules checked against independent truth: the published numbers of distinct
//! positions per ply, Pascal Pons' exact scores in `shared/data/connect4/c4_public.txt`, a
//! naive four-in-a-row scan on boards of many sizes, and random games.

use crate::common;

use std::collections::HashMap;

use pnplay::game::connect4::{Connect4, Dims};
use pnplay::game::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn, perft};
use proptest::prelude::*;

/// The positions of `c4_public.txt` as (move digits, score); `#` lines are its header.
fn public_positions() -> Vec<(String, i32)> {
    let path = common::data_path("connect4/c4_public.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("<moves> <score>");
            (moves.to_string(), score.trim().parse().expect("score"))
        })
        .collect()
}

fn dims(width: u8, height: u8) -> Dims {
    Dims::new(width, height).unwrap()
}

fn parse(dims: Dims, text: &str) -> Connect4 {
    Connect4::parse_position(&dims, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Sizes with every kind of edge case: standard, small, one row, one column, odd cell
/// counts, wider than 9, and the full 64 bits.
const SIZES: [(u8, u8); 12] = [
    (7, 6),
    (4, 4),
    (3, 3),
    (5, 4),
    (5, 5),
    (6, 7),
    (8, 7),
    (4, 1),
    (1, 63),
    (32, 1),
    (10, 5),
    (16, 3),
];

#[test]
fn distinct_positions_per_ply_on_7x6() {
    // Distinct positions after n plies, games that ended not extended (OEIS A212693).
    // The whole test takes about 0.3 s in the test profile.
    let expected = [7, 49, 238, 1_120, 4_263, 16_422, 54_859, 184_275];
    let start = Connect4::start(&Dims::default());
    for (plies, &count) in (1..).zip(&expected) {
        assert_eq!(
            perft::distinct_positions_after(&start, plies),
            count,
            "{plies} plies"
        );
    }
}

#[test]
fn perft_counts_columns() {
    let start = Connect4::start(&Dims::default());
    assert_eq!(perft::perft(&start, 1), 7);
    assert_eq!(perft::perft(&start, 2), 49);
    // Paths, not positions: no game can end before ply 7, so 7^6.
    assert_eq!(perft::perft(&start, 6), 117_649);
}

#[test]
fn public_positions_parse_and_round_trip() {
    let positions = public_positions();
    assert_eq!(positions.len(), 300);
    let dims = Dims::default();
    for (text, _) in &positions {
        let pos = parse(dims, text);
        assert_eq!(pos.format_position(), *text);
        assert_eq!(pos.stones(), text.len());
        assert_eq!(
            pos.turn(),
            Turn::Player(pos.to_move()),
            "{text} is not over"
        );
        assert_eq!(
            Connect4::parse_position(&dims, &pos.format_position()),
            Ok(pos)
        );
    }
}

#[test]
fn immediate_wins_score_as_in_pons_solver() {
    // The file's scores come from Pons' solver. Where the side to move can win at once, the
    // final position's value for the loser must be minus the file's score; and the file gives
    // the largest possible score, (43 - n) / 2, exactly to the positions with such a win.
    let dims = Dims::default();
    let mut immediate = 0;
    for (text, score) in public_positions() {
        let pos = parse(dims, &text);
        let mover = pos.to_move();
        let mut moves = MoveList::<Connect4>::default();
        pos.legal_moves(&mut moves);
        let winning = moves.iter().find_map(|&mv| {
            let mut next = pos.clone();
            next.play(mv);
            (next.outcome(mover) == Some(Outcome::Win)).then_some(next)
        });
        let best_possible = (43 - text.len() as i32) / 2;
        match winning {
            Some(end) => {
                immediate += 1;
                assert_eq!(end.turn(), Turn::Over);
                assert_eq!(end.terminal_value(mover.opponent()), Some(-score), "{text}");
                assert_eq!(end.terminal_value(mover), Some(score), "{text}");
                assert_eq!(score, best_possible, "{text}");
            }
            None => assert!(score < best_possible, "{text} {score}"),
        }
    }
    assert!(
        immediate >= 20,
        "only {immediate} positions with an immediate win"
    );
}

/// Four in a row by scanning every cell in every direction with [`Connect4::cell`].
fn naive_winner(pos: &Connect4) -> Option<Player> {
    let Dims { width, height } = pos.dims();
    let (w, h) = (i32::from(width), i32::from(height));
    let at = |c: i32, r: i32| {
        if (0..w).contains(&c) && (0..h).contains(&r) {
            pos.cell(c as u8, r as u8)
        } else {
            None
        }
    };
    for c in 0..w {
        for r in 0..h {
            let Some(owner) = at(c, r) else { continue };
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                if (1..4).all(|k| at(c + k * dc, r + k * dr) == Some(owner)) {
                    return Some(owner);
                }
            }
        }
    }
    None
}

#[test]
fn random_games_on_every_size() {
    // About 12,000 random games: the rules hold at every step, wins agree with a naive scan,
    // scores follow the formula, and the key identifies positions exactly.
    for (width, height) in SIZES {
        let dims = dims(width, height);
        let cells = dims.cells();
        let mut by_key: HashMap<u64, Vec<Option<Player>>> = HashMap::new();
        let mut rng = Rng::new(u64::from(width) * 100 + u64::from(height));
        let mut moves = MoveList::<Connect4>::default();
        let mut full_board_wins = 0;
        for _ in 0..1_000 {
            let mut pos = Connect4::start(&dims);
            loop {
                let board: Vec<Option<Player>> = (0..width)
                    .flat_map(|c| (0..height).map(move |r| (c, r)))
                    .map(|(c, r)| pos.cell(c, r))
                    .collect();
                let previous = by_key.insert(pos.key(), board.clone());
                assert!(previous.is_none_or(|b| b == board), "key collision");
                assert_eq!(
                    Connect4::parse_position(&dims, &pos.format_position()),
                    Ok(pos.clone())
                );

                pos.legal_moves(&mut moves);
                let winner = naive_winner(&pos);
                let full = pos.stones() == cells;
                if winner.is_some() || full {
                    assert_eq!(pos.turn(), Turn::Over);
                    assert!(moves.is_empty());
                    check_result(&pos, winner);
                    full_board_wins += usize::from(full && winner.is_some());
                    break;
                }
                assert_eq!(pos.turn(), Turn::Player(pos.to_move()));
                assert_eq!(pos.outcome(Player::First), None);
                assert!(!moves.is_empty());
                assert!(
                    moves.windows(2).all(|pair| pair[0] < pair[1]),
                    "unique, ordered"
                );
                for col in 0..width {
                    let open = pos.cell(col, height - 1).is_none();
                    assert_eq!(moves.contains(&col), open);
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                assert_eq!(pos.parse_move(&pos.format_move(mv)), Ok(mv));
                pos.play(mv);
            }
        }
        if width >= 4 && height >= 4 && cells <= 30 {
            assert!(
                full_board_wins > 0,
                "{dims}: no win with the last stone seen"
            );
        }
    }
}

/// The outcome and Pons' score of a finished game, computed from the rules' definition.
fn check_result(pos: &Connect4, winner: Option<Player>) {
    let cells = pos.dims().cells() as i32;
    let stones = pos.stones() as i32;
    for player in [Player::First, Player::Second] {
        let Some(winner) = winner else {
            assert_eq!(pos.outcome(player), Some(Outcome::Draw));
            assert_eq!(pos.terminal_value(player), Some(0));
            continue;
        };
        // The winner's stones including the winning one, and how many it would have on a
        // full board (the first player gets the odd cell).
        let (own_stones, capacity) = match winner {
            Player::First => ((stones + 1) / 2, (cells + 1) / 2),
            Player::Second => (stones / 2, cells / 2),
        };
        let score = capacity + 1 - own_stones;
        assert!(score >= 1);
        let (outcome, value) = if player == winner {
            (Outcome::Win, score)
        } else {
            (Outcome::Loss, -score)
        };
        assert_eq!(pos.outcome(player), Some(outcome));
        assert_eq!(pos.terminal_value(player), Some(value));
    }
}

#[test]
fn small_boards() {
    // A 4×4 board has horizontal, vertical and diagonal wins.
    let four = dims(4, 4);
    let horizontal = parse(four, "1122334");
    assert_eq!(horizontal.outcome(Player::First), Some(Outcome::Win));
    assert_eq!(
        horizontal.terminal_value(Player::Second),
        Some(-((16 + 2 - 7) / 2))
    );
    let vertical = parse(four, "1213121");
    assert_eq!(vertical.outcome(Player::First), Some(Outcome::Win));
    let diagonal = parse(four, "12233434414");
    assert_eq!(diagonal.outcome(Player::First), Some(Outcome::Win));
    // Smaller than 4 both ways: legal, and every game is a draw (all 1,680 of them on 3×3).
    let three = Connect4::start(&dims(3, 3));
    assert_eq!(perft::complete_games(&three), 1_680);
    let mut rng = Rng::new(5);
    for _ in 0..100 {
        let end = three.random_playout(&mut rng);
        assert_eq!(end.outcome(Player::First), Some(Outcome::Draw));
        assert_eq!(end.stones(), 9);
    }
    // One row wide enough for four; one column tall enough.
    let row = dims(7, 1);
    assert_eq!(
        parse(row, "1726354").outcome(Player::First),
        Some(Outcome::Win)
    );
    assert_eq!(
        parse(row, "1234567").outcome(Player::First),
        Some(Outcome::Draw)
    );
    let column = parse(dims(1, 63), &"1".repeat(63));
    assert_eq!(column.outcome(Player::First), Some(Outcome::Draw));
}

#[test]
fn wide_boards_use_letters() {
    let wide = dims(12, 4);
    let pos = parse(wide, "9abA");
    assert_eq!(pos.format_position(), "9aba");
    assert_eq!(pos.history(), &[8, 9, 10, 9]);
    assert_eq!(pos.format_move(11), "c");
    assert_eq!(pos.parse_move("C"), Ok(11));
    assert_matches!(pos.parse_move("d"), Err(ParseError::UnknownMove { .. }));
    let widest = Connect4::start(&dims(32, 1));
    assert_eq!(widest.format_move(31), "w");
    assert_eq!(widest.parse_move("w"), Ok(31));
    assert_matches!(
        Connect4::parse_position(&Dims::default(), "4a"),
        Err(ParseError::UnknownMove { index: 2, .. })
    );
}

#[test]
fn parse_errors_are_typed() {
    let d = Dims::default();
    let err = |text: &str| Connect4::parse_position(&d, text).unwrap_err();
    assert_eq!(
        err("44x"),
        ParseError::UnknownMove {
            index: 3,
            text: "x".into()
        }
    );
    assert_matches!(err("8"), ParseError::UnknownMove { index: 1, .. });
    assert_matches!(err("0"), ParseError::UnknownMove { index: 1, .. });
    assert_eq!(
        err("1111111"),
        ParseError::IllegalMove {
            index: 7,
            text: "1".into()
        }
    );
    assert_eq!(err("44556671"), ParseError::GameOver { index: 8 });
    assert_eq!(Connect4::parse_position(&d, ""), Ok(Connect4::start(&d)));
    assert_eq!(parse(d, " 4453 ").format_position(), "4453");

    let full = parse(d, "4455667");
    assert_matches!(full.parse_move("1"), Err(ParseError::IllegalMove { .. }));
    assert_matches!(
        full.clone().try_play(0),
        Err(ParseError::IllegalMove { .. })
    );
    let pos = parse(d, "111111");
    assert_matches!(pos.parse_move("1"), Err(ParseError::IllegalMove { .. }));
    assert_matches!(pos.parse_move("12"), Err(ParseError::UnknownMove { .. }));
    assert_matches!(pos.parse_move(""), Err(ParseError::UnknownMove { .. }));

    let bad = Dims {
        width: 9,
        height: 7,
    };
    assert!(Connect4::parse_position(&bad, "1").is_err());
}

#[test]
fn dims_parse_and_check() {
    assert_eq!("7x6".parse::<Dims>(), Ok(Dims::default()));
    assert_eq!(" 4X4 ".parse::<Dims>(), Ok(dims(4, 4)));
    assert_eq!("8x7".parse::<Dims>(), Ok(dims(8, 7)));
    assert_eq!("1x63".parse::<Dims>(), Ok(dims(1, 63)));
    assert_eq!("32x1".parse::<Dims>(), Ok(dims(32, 1)));
    for bad in [
        "", "7", "7x", "x6", "7x6x", "7y6", "0x6", "7x0", "9x7", "1x64", "33x1", "300x1",
    ] {
        assert!(bad.parse::<Dims>().is_err(), "{bad:?}");
    }
    assert_matches!(
        "7y6".parse::<Dims>(),
        Err(ParseError::UnexpectedChar {
            index: 1,
            found: 'y',
            ..
        })
    );
    assert_matches!(Dims::new(9, 7), Err(ParseError::InvalidPosition { .. }));
}

/// Characters a position can be made of, and some it cannot.
fn any_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[0-9a-zA-Z ;,\\-é]{0,70}").unwrap()
}

/// A position from the data file with random edits: insert, delete or replace characters.
fn edited_public_position() -> impl Strategy<Value = String> {
    let positions: Vec<String> = public_positions().into_iter().map(|(m, _)| m).collect();
    (
        proptest::sample::select(positions),
        proptest::collection::vec((0usize..64, 0u8..3, proptest::char::range('0', '9')), 1..6),
    )
        .prop_map(|(mut text, edits)| {
            common::apply_edits(&mut text, &edits);
            text
        })
}

proptest! {
    #[test]
    fn parsing_random_text_never_panics(text in any_text(), size in 0usize..SIZES.len()) {
        let (width, height) = SIZES[size];
        common::check_reparse::<Connect4>(&dims(width, height), &text);
        let _ = text.parse::<Dims>();
        let _ = Connect4::start(&dims(width, height)).parse_move(&text);
    }

    #[test]
    fn parsing_edited_positions_never_panics(text in edited_public_position()) {
        common::check_reparse::<Connect4>(&Dims::default(), &text);
        common::check_reparse::<Connect4>(&dims(8, 7), &text);
    }
}

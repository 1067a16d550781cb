//! Othello rules checked against independent truth: published perft counts and game counts,
//! the FFO test positions, a plain square-by-square reference implementation
//! (tests/fixtures/othello_reference.rs),
//! and a full solve of 4×4 Othello. Also the notation contracts (round trips, typed errors,
//! no panics on any input) and the fast random playout's exact agreement with the generic one.

use crate::common;

#[path = "../fixtures/othello_reference.rs"]
mod reference;
use reference::{PERFT_8X8, Reference, moves_of, random_games_against_reference};

use std::collections::{HashMap, HashSet};

use pnplay::game::catalogue::Catalogued;
use pnplay::game::knowledge::Knowledge;
use pnplay::game::othello::{Move, Othello, Rules, Size};
use pnplay::game::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn, perft};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// A game of `plies` uniformly random moves (fewer if it ends first) and the moves played.
fn random_game(size: Size, seed: u64, plies: usize) -> (Othello, Vec<Move>) {
    let mut rng = Rng::new(seed);
    let mut pos = Othello::start(&size.into());
    let mut played = Vec::new();
    for _ in 0..plies {
        let moves = moves_of(&pos);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u32) as usize];
        pos.play(mv);
        played.push(mv);
    }
    (pos, played)
}

/// The trait's default `random_playout`, written out: the reference for the override.
fn generic_playout(start: &Othello, rng: &mut Rng) -> Othello {
    let mut pos = *start;
    let mut moves = MoveList::<Othello>::default();
    while let Turn::Player(_) = pos.turn() {
        pos.legal_moves(&mut moves);
        pos.play(moves[rng.below(moves.len() as u32) as usize]);
    }
    pos
}

/// Exact value for the side to move by plain negamax (FFO scoring at the end).
fn solve(pos: &Othello) -> i32 {
    let moves = moves_of(pos);
    if moves.is_empty() {
        return pos.terminal_value(pos.side_to_move()).unwrap();
    }
    moves
        .iter()
        .map(|&mv| {
            let mut next = *pos;
            next.play(mv);
            -solve(&next)
        })
        .max()
        .unwrap()
}

fn disc_count(pos: &Othello, player: Player) -> u32 {
    pos.discs(player).count_ones()
}

// ---------------------------------------------------------------------------------------
// The square-by-square reference (tests/fixtures/othello_reference.rs): perft and solve
// ---------------------------------------------------------------------------------------

impl Reference {
    fn perft(&self, depth: u32) -> u64 {
        crate::common::naive_perft(self, depth, &Self::moves, &|p: &mut Self, mv: String| {
            p.play(&mv)
        })
    }

    /// Exact value for the side to move, FFO scoring, by plain negamax.
    fn solve(&self) -> i32 {
        let moves = self.moves();
        if moves.is_empty() && self.no_pass && !self.squares(3 - self.to_move).is_empty() {
            return -((self.side * self.side) as i32);
        }
        if moves.is_empty() {
            let mine = self.cells.iter().filter(|&&c| c == self.to_move).count() as i32;
            let theirs = self
                .cells
                .iter()
                .filter(|&&c| c == 3 - self.to_move)
                .count() as i32;
            let empties = self.cells.iter().filter(|&&c| c == 0).count() as i32;
            return match mine - theirs {
                d if d > 0 => d + empties,
                d if d < 0 => d - empties,
                _ => 0,
            };
        }
        moves
            .iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play(mv);
                -next.solve()
            })
            .max()
            .unwrap()
    }
}

// ---------------------------------------------------------------------------------------
// Perft and solved values
// ---------------------------------------------------------------------------------------

/// The sum of `leaf` over the lines of `depth` moves from `pos` (passes are moves), a line
/// ending after its last move or at a finished game: `leaf` is given the moves left unplayed
/// and whether the game is over.
fn sum_over_lines(pos: &Othello, depth: u32, leaf: &impl Fn(u32, bool) -> u64) -> u64 {
    let moves = moves_of(pos);
    if depth == 0 || moves.is_empty() {
        return leaf(depth, moves.is_empty());
    }
    moves
        .iter()
        .map(|&mv| {
            let mut next = *pos;
            next.play(mv);
            sum_over_lines(&next, depth - 1, leaf)
        })
        .sum()
}

/// Perft in the published table's convention: passes are moves, and a finished game is one
/// leaf at whatever depth remains.
fn perft_keeping_finished_games(pos: &Othello, depth: u32) -> u64 {
    sum_over_lines(pos, depth, &|_, _| 1)
}

/// Games over after exactly `depth` moves.
fn finished_games_at(pos: &Othello, depth: u32) -> u64 {
    sum_over_lines(pos, depth, &|left, over| u64::from(left == 0 && over))
}

#[test]
fn perft_8x8_matches_published_counts() {
    let start = Othello::start(&Size::Eight.into());
    for (depth, &expected) in (1..=10).zip(PERFT_8X8.iter()) {
        assert_eq!(
            perft_keeping_finished_games(&start, depth),
            expected,
            "depth {depth}"
        );
    }
    // The crate's perft counts only sequences of exactly `depth` moves: the same up to
    // depth 9, then less by the games that ended after nine moves.
    for (depth, &expected) in (1..=9).zip(PERFT_8X8.iter()) {
        assert_eq!(perft::perft(&start, depth), expected, "depth {depth}");
    }
    let ended_after_nine = finished_games_at(&start, 9);
    assert!(ended_after_nine > 0);
    assert_eq!(
        perft::perft(&start, 10),
        PERFT_8X8[9] - ended_after_nine,
        "depth 10"
    );
}

/// Depth 11 of the published table: about 13 s in release.
#[test]
#[ignore]
fn perft_8x8_depth_11() {
    let start = Othello::start(&Size::Eight.into());
    assert_eq!(perft_keeping_finished_games(&start, 11), PERFT_8X8[10]);
}

/// 6×6 perft from the start. No published table was found; these values are checked
/// against the square-by-square reference (depths 1–7 in the normal run, 8–10 in
/// `perft_6x6_reference_deep`).
const PERFT_6X6: [u64; 10] = [
    4, 12, 56, 244, 1_364, 7_604, 47_740, 308_716, 2_114_912, 14_976_684,
];

#[test]
fn perft_6x6_agrees_with_reference() {
    let start = Othello::start(&Size::Six.into());
    let reference = Reference::start(6);
    for (depth, &expected) in (1..=9).zip(PERFT_6X6.iter()) {
        assert_eq!(perft::perft(&start, depth), expected, "depth {depth}");
        if depth <= 7 {
            assert_eq!(reference.perft(depth), expected, "reference, depth {depth}");
        }
    }
}

/// The reference's perft at depths 8–10 on 6×6 (about 6 s in release).
#[test]
#[ignore]
fn perft_6x6_reference_deep() {
    let start = Othello::start(&Size::Six.into());
    let reference = Reference::start(6);
    for depth in 8..=10 {
        let expected = PERFT_6X6[depth as usize - 1];
        assert_eq!(perft::perft(&start, depth), expected, "depth {depth}");
        assert_eq!(reference.perft(depth), expected, "reference, depth {depth}");
    }
}

/// 4×4 perft from the start at every depth until all games have ended (passes make games
/// longer than the 12 empty squares). Computed here and by the reference.
const PERFT_4X4: [u64; 18] = [
    4, 12, 44, 128, 424, 1_256, 3_624, 9_112, 20_032, 36_412, 50_268, 55_112, 31_396, 12_920,
    3_416, 612, 48, 0,
];

#[test]
fn perft_4x4_agrees_with_reference_at_every_depth() {
    let start = Othello::start(&Size::Four.into());
    let reference = Reference::start(4);
    for (depth, &expected) in (1..).zip(PERFT_4X4.iter()) {
        assert_eq!(perft::perft(&start, depth), expected, "depth {depth}");
        assert_eq!(reference.perft(depth), expected, "reference, depth {depth}");
    }
}

/// 4×4 Othello has 15,015 distinct games after any one first move (the reversi-nxn blog,
/// "Number of distinct NxN Reversi games", 2008; the four first moves are symmetric, so
/// 60,060 from the start), and the second player wins with perfect play (same blog,
/// "Perfect Play", 2008). The exact value, −10 for black with FFO scoring, is computed here
/// twice: by negamax over the bitboard rules and over the reference.
#[test]
fn four_by_four_game_count_and_solution() {
    let start = Othello::start(&Size::Four.into());
    assert_eq!(perft::complete_games(&start), 4 * 15_015);
    for first in moves_of(&start) {
        let mut after = start;
        after.play(first);
        assert_eq!(perft::complete_games(&after), 15_015, "after {first}");
    }
    let value = solve(&start);
    assert!(value < 0, "white should win 4×4, got {value}");
    assert_eq!(value, -10);
    assert_eq!(Reference::start(4).solve(), -10);
}

// ---------------------------------------------------------------------------------------
// Conformance: random games against the reference and the rules' invariants
// ---------------------------------------------------------------------------------------

#[test]
fn random_games_match_reference_and_keep_invariants() {
    let each = &mut |pos: &Othello, moves: &[Move]| {
        let unique: HashSet<Move> = moves.iter().copied().collect();
        assert_eq!(unique.len(), moves.len());
        if moves.contains(&Move::PASS) {
            assert_eq!(moves, [Move::PASS]);
            assert_eq!(pos.legal_squares(), 0);
        }
        if moves.is_empty() {
            check_finished(pos);
            return;
        }
        assert_eq!(pos.turn(), Turn::Player(pos.side_to_move()));
        assert_eq!(pos.outcome(Player::First), None);
        assert_eq!(pos.terminal_value(Player::Second), None);
    };
    random_games_against_reference(0..60, each, &mut |before, mv, after| {
        check_disc_counts(before, after, mv);
    });
}

/// Discs after one move: the mover gains the new disc and every flipped one, the other
/// side loses exactly the flipped ones (at least one); a pass changes only the side.
fn check_disc_counts(before: &Othello, after: &Othello, mv: Move) {
    let mover = before.side_to_move();
    let other = mover.opponent();
    assert_eq!(after.side_to_move(), other);
    if mv.is_pass() {
        assert_eq!(after.discs(mover), before.discs(mover));
        assert_eq!(after.discs(other), before.discs(other));
        return;
    }
    let flipped = disc_count(before, other) - disc_count(after, other);
    assert!(flipped >= 1);
    assert_eq!(
        disc_count(after, mover),
        disc_count(before, mover) + 1 + flipped
    );
    assert_eq!(after.discs(mover) & after.discs(other), 0);
    assert_eq!(after.discs(other) & !before.discs(other), 0);
    let square = 1u64 << mv.square().unwrap();
    assert_eq!(before.empty_squares() & square, square);
    assert_eq!(after.empty_squares(), before.empty_squares() & !square);
}

fn check_finished(pos: &Othello) {
    assert_eq!(pos.turn(), Turn::Over);
    let black = disc_count(pos, Player::First) as i32;
    let white = disc_count(pos, Player::Second) as i32;
    let value = pos.terminal_value(Player::First).unwrap();
    assert_eq!(value, -pos.terminal_value(Player::Second).unwrap());
    assert_eq!(value.signum(), (black - white).signum());
    assert!(value.abs() <= pos.size().cells() as i32);
    let empties = pos.empty_squares().count_ones() as i32;
    if black != white {
        assert_eq!(value.abs(), (black - white).abs() + empties);
    }
    let expected = match black.cmp(&white) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Equal => Outcome::Draw,
        std::cmp::Ordering::Less => Outcome::Loss,
    };
    assert_eq!(pos.outcome(Player::First), Some(expected));
    assert_eq!(pos.outcome(Player::Second), Some(expected.flipped()));
}

#[test]
fn a_pass_is_played_when_forced() {
    // White to move with no move of its own while black still has one: one pass move.
    let pos = Othello::parse_position(&Size::Four.into(), "XXXXXXXXXXO----- O").unwrap();
    assert_eq!(moves_of(&pos), [Move::PASS]);
    assert_eq!(pos.turn(), Turn::Player(Player::Second));
    let mut after = pos;
    after.play(Move::PASS);
    assert_eq!(after.format_position(), "XXXXXXXXXXO----- X");
    assert!(!moves_of(&after).contains(&Move::PASS));
    assert_eq!(pos.parse_move("PASS"), Ok(Move::PASS));
    assert_matches!(
        after.parse_move("pass"),
        Err(ParseError::IllegalMove { .. })
    );
}

#[test]
fn finished_game_values_use_ffo_scoring() {
    // 4×4, black 9 discs, white 1, six empties, nobody can move: black wins 9-1, +14.
    let pos = Othello::parse_position(&Size::Four.into(), "XXXXXXXXX-----O- O").unwrap();
    assert_eq!(pos.turn(), Turn::Over);
    assert_eq!(moves_of(&pos), []);
    assert_eq!(pos.terminal_value(Player::First), Some(8 + 6));
    assert_eq!(pos.terminal_value(Player::Second), Some(-14));
    assert_eq!(pos.outcome(Player::Second), Some(Outcome::Loss));
    let draw = Othello::parse_position(&Size::Four.into(), "XXXXXXXXOOOOOOOO X").unwrap();
    assert_eq!(draw.terminal_value(Player::First), Some(0));
    assert_eq!(draw.outcome(Player::First), Some(Outcome::Draw));
}

const FOUR_NO_PASS: Rules = Rules {
    size: Size::Four,
    no_pass: true,
};

#[test]
fn under_no_pass_a_side_that_must_pass_has_lost() {
    assert_eq!(
        Othello::parse_name("othello4:no-pass"),
        Some(Ok(FOUR_NO_PASS))
    );
    assert_eq!(Othello::name(&FOUR_NO_PASS), "othello4:no-pass");
    assert_eq!(Othello::name(&Size::Six.into()), "othello6");
    // The position of `a_pass_is_played_when_forced`: white must pass, so white has lost.
    let pos = Othello::parse_position(&FOUR_NO_PASS, "XXXXXXXXXXO----- O").unwrap();
    assert_eq!(pos.turn(), Turn::Over);
    assert_eq!(moves_of(&pos), []);
    assert_eq!(pos.outcome(Player::Second), Some(Outcome::Loss));
    assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
    assert_eq!(pos.terminal_value(Player::Second), Some(-16));
    assert_eq!(pos.terminal_value(Player::First), Some(16));
    assert_matches!(pos.parse_move("pass"), Err(_));
    // A game where neither side can move is scored by the discs, as in the standard game.
    let end = Othello::parse_position(&FOUR_NO_PASS, "XXXXXXXXX-----O- O").unwrap();
    assert_eq!(end.terminal_value(Player::First), Some(8 + 6));
    assert_eq!(end.outcome(Player::Second), Some(Outcome::Loss));
    // The endgame solver plays the standard rules: not offered under no-pass.
    let eight = |no_pass| {
        Othello::start(&Rules {
            size: Size::Eight,
            no_pass,
        })
    };
    assert!(eight(false).exact_solver().is_some());
    assert!(eight(true).exact_solver().is_none());
}

#[test]
fn under_no_pass_a_move_list_ends_at_its_first_forced_pass() {
    // The first random 4×4 game with a pass in it, as a move list with the pass written.
    let (seed, played) = (0..)
        .map(|seed| (seed, random_game(Size::Four, seed, 16).1))
        .find(|(_, played)| played.contains(&Move::PASS))
        .unwrap();
    let words: Vec<String> = played.iter().map(ToString::to_string).collect();
    let pass = played.iter().position(|&mv| mv == Move::PASS).unwrap();
    let standard = Othello::parse_position(&Size::Four.into(), &words.join(" "));
    assert!(standard.is_ok(), "seed {seed}: {standard:?}");
    assert_eq!(
        Othello::parse_position(&FOUR_NO_PASS, &words.join(" ")),
        Err(ParseError::GameOver { index: pass + 1 }),
        "seed {seed}"
    );
    let before = Othello::parse_position(&FOUR_NO_PASS, &words[..pass].join(" ")).unwrap();
    assert_eq!(before.turn(), Turn::Over, "seed {seed}");
}

#[test]
fn no_pass_4x4_game_count_and_solution_agree_with_the_reference() {
    let start = Othello::start(&FOUR_NO_PASS);
    let reference = Reference::start_with(4, true);
    for depth in 1..=12 {
        assert_eq!(
            perft::perft(&start, depth),
            reference.perft(depth),
            "depth {depth}"
        );
    }
    // Fewer complete games than the standard 60,060: every line with a forced pass ends there.
    let games = perft::complete_games(&start);
    assert!(games < 4 * 15_015, "{games}");
    assert_eq!(solve(&start), reference.solve());
}

// ---------------------------------------------------------------------------------------
// Random playouts
// ---------------------------------------------------------------------------------------

#[test]
fn fast_playout_draws_exactly_like_the_generic_loop() {
    for (size, no_pass) in Size::ALL
        .into_iter()
        .flat_map(|size| [(size, false), (size, true)])
    {
        for seed in 0..300 {
            let (standard, _) = random_game(size, seed, (seed % 40) as usize);
            let text = standard.format_position();
            let Ok(start) = Othello::parse_position(&Rules { size, no_pass }, &text) else {
                unreachable!("{text} parses under either rule");
            };
            let mut fast_rng = Rng::new(seed ^ 0xABCD);
            let mut generic_rng = fast_rng.clone();
            let fast = start.random_playout(&mut fast_rng);
            let generic = generic_playout(&start, &mut generic_rng);
            assert_eq!(fast, generic, "seed {seed}");
            assert_eq!(fast_rng, generic_rng, "seed {seed}: generator out of step");
            assert_eq!(fast.turn(), Turn::Over);
        }
    }
}

#[test]
fn playouts_through_forced_passes_stay_in_step() {
    // Games whose playout passes at least once: the pass consumes one draw in both loops.
    let mut passes_seen = 0;
    for seed in 0..2_000 {
        let start = Othello::start(&Size::Four.into());
        let mut rng = Rng::new(seed);
        let mut pos = start;
        while let Turn::Player(_) = pos.turn() {
            let moves = moves_of(&pos);
            passes_seen += usize::from(moves == [Move::PASS]);
            pos.play(moves[rng.below(moves.len() as u32) as usize]);
        }
        let mut fast_rng = Rng::new(seed);
        assert_eq!(start.random_playout(&mut fast_rng), pos);
        assert_eq!(fast_rng, rng);
    }
    assert!(passes_seen > 100, "only {passes_seen} passes");
}

// ---------------------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------------------

#[test]
fn start_positions_in_obf() {
    let eight = Othello::start(&Size::Eight.into());
    let expected = format!("{}---OX------XO---{} X", "-".repeat(24), "-".repeat(24));
    assert_eq!(eight.format_position(), expected);
    assert_eq!(
        Othello::start(&Size::Six.into()).format_position(),
        "--------------OX----XO-------------- X"
    );
    assert_eq!(
        Othello::start(&Size::Four.into()).format_position(),
        "-----OX--XO----- X"
    );
    for size in Size::ALL {
        assert_eq!(
            Othello::parse_position(&size.into(), ""),
            Ok(Othello::start(&size.into()))
        );
        assert_eq!(Othello::start(&size.into()).variant(), size.into());
    }
    assert_eq!(Size::default(), Size::Eight);
}

#[test]
fn every_ffo_line_parses_and_formats_back() {
    let mut lines = 0;
    for file in ["fforum-1-19.obf", "fforum-40-59.obf"] {
        let text = std::fs::read_to_string(common::data_path("othello").join(file)).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let pos = Othello::parse_position(&Size::Eight.into(), line).unwrap();
            let (board, notes) = line.split_once(';').unwrap();
            assert_eq!(pos.format_position(), board.trim());
            // The annotated moves (`G8:+18`) are legal here: a check of the orientation of
            // columns and rows.
            let legal = moves_of(&pos).len();
            let annotated: Vec<&str> = notes
                .split(';')
                .filter_map(|note| note.trim().split_once(':').map(|(mv, _)| mv))
                .collect();
            assert!(!annotated.is_empty() && annotated.len() <= legal, "{line}");
            for mv in annotated {
                pos.parse_move(mv).unwrap();
            }
            lines += 1;
        }
    }
    assert_eq!(lines, 39);
}

#[test]
fn moves_parse_case_insensitively_and_format_lowercase() {
    let start = Othello::start(&Size::Eight.into());
    let f5 = start.parse_move("F5").unwrap();
    assert_eq!(start.parse_move(" f5 "), Ok(f5));
    assert_eq!(f5, Move::at(5, 4).unwrap());
    assert_eq!(f5.square(), Some(37));
    assert_eq!(start.format_move(f5), "f5");
    assert_eq!(Move::PASS.to_string(), "pass");
    assert_eq!(Move::at(8, 0), None);
    assert_eq!(
        start.parse_move("a1"),
        Err(ParseError::IllegalMove {
            index: 0,
            text: "a1".into()
        })
    );
    for bad in ["", "i1", "a9", "a0", "f55", "f", "5f", "ｆ５", "passs"] {
        assert!(
            matches!(start.parse_move(bad), Err(ParseError::UnknownMove { .. })),
            "{bad:?}"
        );
    }
    let six = Othello::start(&Size::Six.into());
    assert_matches!(six.parse_move("g1"), Err(ParseError::UnknownMove { .. }));
}

#[test]
fn move_lists_agree_with_playing_moves_one_by_one() {
    let mut with_passes = 0;
    for size in Size::ALL {
        for seed in 0..100 {
            let (pos, moves) = random_game(size, seed, 80);
            let words: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            with_passes += usize::from(moves.contains(&Move::PASS));
            let spellings = [
                words.concat(),
                words.join(" "),
                words.concat().to_uppercase(),
                words
                    .iter()
                    .map(|w| if w == "pass" { "pa" } else { w.as_str() })
                    .collect(),
                // Forced passes may be left out.
                words.iter().filter(|w| *w != "pass").cloned().collect(),
            ];
            for text in spellings {
                assert_eq!(
                    Othello::parse_position(&size.into(), &text),
                    Ok(pos),
                    "{text}"
                );
            }
        }
    }
    assert!(with_passes > 0);
    let opening = Othello::parse_position(&Size::Eight.into(), "f5").unwrap();
    let row4 = "---OX---";
    let row5 = "---XXX--";
    assert_eq!(
        opening.format_position(),
        format!("{}{row4}{row5}{} O", "-".repeat(24), "-".repeat(24))
    );
}

#[test]
fn move_list_errors_name_the_move() {
    let parse = |text| Othello::parse_position(&Size::Eight.into(), text);
    assert_eq!(
        parse("f5d6z3"),
        Err(ParseError::UnknownMove {
            index: 3,
            text: "z3".into()
        })
    );
    assert_eq!(
        parse("f5 a1"),
        Err(ParseError::IllegalMove {
            index: 2,
            text: "a1".into()
        })
    );
    assert_eq!(
        parse("f5pass"),
        Err(ParseError::IllegalMove {
            index: 2,
            text: "pass".into()
        })
    );
    assert_eq!(
        parse("f5d"),
        Err(ParseError::UnknownMove {
            index: 2,
            text: "d".into()
        })
    );
    // A move after the end of a (4×4) game.
    let (finished, moves) = (0..)
        .map(|seed| random_game(Size::Four, seed, 20))
        .find(|(pos, _)| pos.turn() == Turn::Over)
        .unwrap();
    let mut text: String = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        Othello::parse_position(&Size::Four.into(), &text),
        Ok(finished)
    );
    text.push_str("a1");
    assert_eq!(
        Othello::parse_position(&Size::Four.into(), &text),
        Err(ParseError::GameOver {
            index: moves.len() + 1
        })
    );
}

#[test]
fn board_text_errors_are_typed() {
    let start = Othello::start(&Size::Eight.into()).format_position();
    let board = &start[..64];
    assert_eq!(
        Othello::parse_position(&Size::Six.into(), &start),
        Err(ParseError::WrongLength {
            what: "cells (X, O or -)",
            expected: 36,
            found: 64
        })
    );
    assert_eq!(
        Othello::parse_position(&Size::Eight.into(), &start[1..]),
        Err(ParseError::WrongLength {
            what: "cells (X, O or -)",
            expected: 64,
            found: 63
        })
    );
    assert_eq!(
        Othello::parse_position(&Size::Eight.into(), board),
        Err(ParseError::Missing {
            index: 64,
            expected: "the side to move (X or O) after the board"
        })
    );
    assert_eq!(
        Othello::parse_position(&Size::Eight.into(), &format!("{board} B")),
        Err(ParseError::UnexpectedChar {
            index: 65,
            found: 'B',
            expected: "the side to move: X or O"
        })
    );
    assert_matches!(
        Othello::parse_position(&Size::Eight.into(), &format!("{board} X O")),
        Err(ParseError::UnexpectedChar { index: 67, .. })
    );
    let mut bad_cell = board.to_string();
    bad_cell.replace_range(10..11, "*");
    assert_matches!(
        Othello::parse_position(&Size::Eight.into(), &format!("  {bad_cell} X")),
        Err(ParseError::UnexpectedChar {
            index: 12,
            found: '*',
            ..
        })
    );
    // Lenient forms: lower case, blanks around, notes after ';'.
    let lenient = format!("  {} x ; best: d3", board.to_lowercase());
    assert_eq!(
        Othello::parse_position(&Size::Eight.into(), &lenient),
        Ok(Othello::start(&Size::Eight.into()))
    );
}

#[test]
fn keys_identify_positions_exactly() {
    let mut seen = HashMap::new();
    for size in Size::ALL {
        for seed in 0..40 {
            let (pos, _) = random_game(size, seed, (seed % 30) as usize);
            let text = pos.format_position();
            let parsed = Othello::parse_position(&size.into(), &text).unwrap();
            assert_eq!(parsed.key(), pos.key());
            if let Some(other) = seen.insert(pos.key(), (size, text.clone())) {
                assert_eq!(other, (size, text));
            }
        }
    }
    // Same discs, other side to move: different keys.
    let x = Othello::parse_position(&Size::Four.into(), "-----OX--XO----- X").unwrap();
    let o = Othello::parse_position(&Size::Four.into(), "-----OX--XO----- O").unwrap();
    assert_ne!(x.key(), o.key());
}

// ---------------------------------------------------------------------------------------
// Parsers never panic
// ---------------------------------------------------------------------------------------

fn size_strategy() -> impl Strategy<Value = Size> {
    prop_oneof![Just(Size::Eight), Just(Size::Six), Just(Size::Four)]
}

/// Parses `text` in every way; whatever parses must format back to itself.
fn parse_everything(size: Size, text: &str) -> Result<(), TestCaseError> {
    let start = Othello::start(&size.into());
    let _ = start.parse_move(text);
    if let Ok(pos) = Othello::parse_position(&size.into(), text) {
        let canonical = pos.format_position();
        prop_assert_eq!(Othello::parse_position(&size.into(), &canonical), Ok(pos));
        prop_assert_eq!(pos.size(), size);
    }
    Ok(())
}

proptest! {
    #[test]
    fn arbitrary_unicode_never_panics(
        size in size_strategy(),
        chars in prop::collection::vec(any::<char>(), 0..100),
    ) {
        parse_everything(size, &chars.into_iter().collect::<String>())?;
    }

    #[test]
    fn board_like_text_never_panics(size in size_strategy(), text in "[XOxo\\- ;a-hp1-9]{0,80}") {
        parse_everything(size, &text)?;
    }

    #[test]
    fn edited_valid_text_never_panics(
        size in size_strategy(),
        seed in any::<u64>(),
        plies in 0usize..70,
        as_move_list in any::<bool>(),
        edits in prop::collection::vec((0u8..3, any::<prop::sample::Index>(), any::<char>()), 1..4),
    ) {
        let (pos, moves) = random_game(size, seed, plies);
        let text = if as_move_list {
            moves.iter().map(|m| m.to_string()).collect()
        } else {
            pos.format_position()
        };
        let mut chars: Vec<char> = text.chars().collect();
        for (kind, at, c) in edits {
            let at = at.index(chars.len() + 1);
            match kind {
                0 => chars.insert(at, c),
                1 if at < chars.len() => { chars.remove(at); }
                _ if at < chars.len() => chars[at] = c,
                _ => chars.push(c),
            }
        }
        parse_everything(size, &chars.into_iter().collect::<String>())?;
    }

    #[test]
    fn canonical_text_round_trips(size in size_strategy(), seed in any::<u64>(), plies in 0usize..70) {
        let (pos, _) = random_game(size, seed, plies);
        let text = pos.format_position();
        let parsed = Othello::parse_position(&size.into(), &text).unwrap();
        prop_assert_eq!(parsed, pos);
        prop_assert_eq!(parsed.format_position(), text);
    }
}

// ---------------------------------------------------------------------------------------
// Measurements (not checks): run with
// `cargo test --release --test games -- --ignored --nocapture othello::speed`
// ---------------------------------------------------------------------------------------

#[test]
#[ignore]
fn speed_of_perft_and_playouts() {
    use pnplay::search::Clock;
    let start = Othello::start(&Size::Eight.into());
    let clock = Clock::start();
    assert_eq!(perft::perft(&start, 8), PERFT_8X8[7]);
    println!("perft(8) from the start: {:.3} s", clock.seconds());

    let clock = Clock::start();
    assert_eq!(perft::perft(&start, 9), PERFT_8X8[8]);
    println!("perft(9) from the start: {:.3} s", clock.seconds());

    let mut rng = Rng::new(1);
    let playouts = 1_000_000;
    let clock = Clock::start();
    let mut black_wins = 0u32;
    for _ in 0..playouts {
        let end = start.random_playout(&mut rng);
        black_wins += u32::from(end.outcome(Player::First) == Some(Outcome::Win));
    }
    let seconds = clock.seconds();
    println!(
        "random playouts from the start: {:.0} per second ({playouts} in {seconds:.3} s, black won {black_wins})",
        f64::from(playouts) / seconds
    );
}

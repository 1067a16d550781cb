//! Knightthrough rules checked against independent truth: Ludii's perft counts from the start
//! (RULES.md), a second, naive implementation written separately on a 2-D array of ranks and
//! files (no bitboards, no tables) for deeper counts, mid-game positions and random games,
//! and the rules' corner cases: captures, the win on the far rank, passes and the double pass.

use crate::common;

use common::{check_ordering, visit_random_games};
use pnplay::game::knightthrough::Knightthrough;
use pnplay::game::{Game, MoveList, Outcome, ParseError, Player, Rng, Turn, perft};

/// The naive game: `board[rank][file]` from White's side, +1 White, −1 Black, 0 empty.
#[derive(Clone)]
struct Naive {
    board: [[i8; 8]; 8],
    /// +1 White to move, −1 Black.
    side: i8,
    passed: bool,
}

/// A naive move: (rank, file) from and to, or `None` for a pass.
type NaiveMove = Option<((usize, usize), (usize, usize))>;

impl Naive {
    /// From this crate's board text, read character by character.
    fn from_text(text: &str) -> Naive {
        let mut words = text.split_whitespace();
        let cells: Vec<char> = words
            .next()
            .unwrap()
            .chars()
            .filter(|&c| c != '/')
            .collect();
        assert_eq!(cells.len(), 64);
        let mut board = [[0; 8]; 8];
        for (i, c) in cells.iter().enumerate() {
            board[7 - i / 8][i % 8] = match c {
                'W' => 1,
                'B' => -1,
                _ => 0,
            };
        }
        let side = if words.next() == Some("W") { 1 } else { -1 };
        Naive {
            board,
            side,
            passed: words.next() == Some("passed"),
        }
    }

    /// Whether the side that just moved has a knight on its far rank.
    fn won(&self) -> bool {
        let last = -self.side;
        let far = if last == 1 { 7 } else { 0 };
        self.board[far].contains(&last)
    }

    fn leaps(&self) -> Vec<NaiveMove> {
        let mut out = Vec::new();
        for rank in 0..8i32 {
            for file in 0..8i32 {
                if self.board[rank as usize][file as usize] != self.side {
                    continue;
                }
                for (dr, df) in [(1, 2), (1, -2), (2, 1), (2, -1)] {
                    let (r, f) = (rank + dr * i32::from(self.side), file + df);
                    if (0..8).contains(&r)
                        && (0..8).contains(&f)
                        && self.board[r as usize][f as usize] != self.side
                    {
                        out.push(Some((
                            (rank as usize, file as usize),
                            (r as usize, f as usize),
                        )));
                    }
                }
            }
        }
        out
    }

    fn moves(&self) -> Vec<NaiveMove> {
        if self.won() {
            return Vec::new();
        }
        let leaps = self.leaps();
        match (leaps.is_empty(), self.passed) {
            (false, _) => leaps,
            (true, false) => vec![None],
            (true, true) => Vec::new(),
        }
    }

    fn play(&mut self, mv: NaiveMove) {
        self.passed = mv.is_none();
        if let Some(((r0, f0), (r1, f1))) = mv {
            self.board[r1][f1] = self.board[r0][f0];
            self.board[r0][f0] = 0;
        }
        self.side = -self.side;
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::common::naive_perft(self, depth, &Self::moves, &|p: &mut Self, mv| p.play(mv))
    }

    /// The result for White when over: 1, 0, −1.
    fn result(&self) -> Option<i32> {
        if self.won() {
            Some(i32::from(-self.side))
        } else if self.moves().is_empty() {
            Some(0)
        } else {
            None
        }
    }
}

fn parse(text: &str) -> Knightthrough {
    Knightthrough::parse_position(&(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

const START: &str = "BBBBBBBB/BBBBBBBB/--------/--------/--------/--------/WWWWWWWW/WWWWWWWW W";

#[test]
fn perft_from_the_start_matches_ludii_and_the_naive_count() {
    let start = Knightthrough::start(&());
    assert_eq!(start.format_position(), START);
    // Ludii's counts (RULES.md).
    for (depth, count) in [(1, 40), (2, 1_600), (3, 63_520)] {
        assert_eq!(perft::perft(&start, depth), count, "depth {depth}");
    }
    // Depth 4 has 2,521,306 leaves: checked by the naive implementation.
    let naive = Naive::from_text(START);
    assert_eq!(naive.perft(4), 2_521_306);
    assert_eq!(perft::perft(&start, 4), 2_521_306);
}

#[test]
fn perft_of_mid_game_positions_matches_the_naive_count() {
    // Two positions of seeded random games, 20 and 40 moves in, plus a position with captures
    // and wins in reach of both sides: each to depth 4, past 10^5 leaves.
    let mut texts = Vec::new();
    for (seed, plies) in [(1, 20), (2, 40)] {
        let mut rng = Rng::new(seed);
        let mut pos = Knightthrough::start(&());
        let mut moves = MoveList::<Knightthrough>::default();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len() as u32) as usize]);
        }
        texts.push(pos.format_position());
    }
    texts.push("--------/BB-B--BB/--W--W--/-B--B---/--WW----/B-------/W--W-WW-/-------- B".into());
    for text in &texts {
        let pos = parse(text);
        let naive = Naive::from_text(text);
        for depth in 1..=4 {
            let count = naive.perft(depth);
            assert_eq!(perft::perft(&pos, depth), count, "{text} depth {depth}");
            eprintln!("{text}: perft {depth} = {count}");
        }
        assert!(naive.perft(4) > 100_000, "{text}");
    }
}

#[test]
fn random_games_agree_with_the_naive_game_move_by_move() {
    visit_random_games(&Knightthrough::start(&()), 200, 7, |pos, moves| {
        let naive = Naive::from_text(&pos.format_position());
        assert_eq!(
            moves.len(),
            naive.moves().len(),
            "{}",
            pos.format_position()
        );
        let white = pos.terminal_value(Player::First);
        assert_eq!(white, naive.result(), "{}", pos.format_position());
    });
}

#[test]
fn a_capture_removes_the_enemy_knight_and_reaching_the_far_rank_wins() {
    let text = "--------/-B------/--------/W-------/--------/--------/--------/-------- W";
    let mut pos = parse(text);
    let capture = pos.parse_move("a5-b7").unwrap();
    pos.play(capture);
    assert_eq!(pos.knights(Player::Second), 0);
    assert_eq!(pos.turn(), Turn::Player(Player::Second));
    // Black has no knight left: it passes, and White then reaches rank 8 and wins.
    assert_eq!(pos.format_move(pos.parse_move("pass").unwrap()), "pass");
    pos.play(pos.parse_move("pass").unwrap());
    assert!(pos.format_position().ends_with(" W passed"));
    pos.play(pos.parse_move("b7-d8").unwrap());
    assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
    assert_eq!(pos.terminal_value(Player::Second), Some(-1));
    // Only forward leaps: a knight never moves back or sideways.
    let pos = parse("--------/--------/--------/--------/---W----/--------/-------B/-------- W");
    let mut moves = MoveList::<Knightthrough>::default();
    pos.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| pos.format_move(m)).collect();
    assert_eq!(texts, ["d4-c6", "d4-e6", "d4-b5", "d4-f5"]);
    assert_matches!(pos.parse_move("d4-c2"), Err(ParseError::IllegalMove { .. }));
}

#[test]
fn two_passes_in_a_row_draw() {
    // Neither side has a knight: White passes, Black cannot move either and the game is drawn.
    let empty = "--------/".repeat(7) + "-------- W";
    let mut pos = parse(&empty);
    assert_eq!(perft::perft(&pos, 1), 1);
    assert_eq!(perft::perft(&pos, 2), 0);
    pos.play(pos.parse_move("pass").unwrap());
    assert_eq!(pos.turn(), Turn::Over);
    assert_eq!(pos.outcome(Player::First), Some(Outcome::Draw));
    assert_eq!(parse(&pos.format_position()), pos);
    // A side with a knight always has a leap (its most advanced knight leaps onto cells no
    // knight of its own stands on), so only a side without knights passes.
    let pos = parse("--------/--------/--------/--------/--------/--------/--------/W------- B");
    assert_eq!(perft::perft(&pos, 1), 1);
    assert_eq!(perft::perft(&pos, 2), 2);
}

#[test]
fn notation_round_trips_and_rejects_bad_text_without_panicking() {
    let pos = parse("b1-c3 g8-f6 c3xd5");
    assert_eq!(parse(&pos.format_position()), pos);
    assert_eq!(parse(&pos.format_position().replace('/', "")), pos);
    for (text, want) in [
        ("b1-c3 b1-c3", "IllegalMove"),
        ("b1-c3 zz", "UnknownMove"),
        ("WWWW W", "WrongLength"),
        (&START.replace(" W", " X"), "UnexpectedChar"),
        (&START.replace(" W", ""), "Missing"),
        (
            &START.replace("BBBBBBBB/BBBBBBBB", "WBBBBBBB/BBBBBBBB"),
            "InvalidPosition",
        ),
        (&format!("{START} passed"), "InvalidPosition"),
    ] {
        let error = Knightthrough::parse_position(&(), text).unwrap_err();
        assert!(format!("{error:?}").starts_with(want), "{text}: {error:?}");
    }
    // Random strings and random edits of valid texts: errors, never a panic.
    let mut rng = Rng::new(11);
    let alphabet: Vec<char> = "WB-/ abcdefgh12345678x-passed\u{e9}".chars().collect();
    for _ in 0..3_000 {
        let length = rng.below(90) as usize;
        let text: String = (0..length)
            .map(|_| alphabet[rng.below(alphabet.len() as u32) as usize])
            .collect();
        let _ = Knightthrough::parse_position(&(), &text);
        let _ = pos.parse_move(&text);
        let mut edited: Vec<char> = START.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(edited.len() as u32) as usize;
            edited[at] = alphabet[rng.below(alphabet.len() as u32) as usize];
        }
        let edited: String = edited.into_iter().collect();
        if let Ok(p) = Knightthrough::parse_position(&(), &edited) {
            assert_eq!(parse(&p.format_position()), p);
        }
    }
}

#[test]
fn the_exact_searches_try_wins_captures_and_forward_leaps_first() {
    // In the first position White can win on the far rank (c7-a8, c7-e8), capture (e4-d6), or
    // leap elsewhere. The ordering changes no value: alpha-beta with it against plain minimax.
    let positions = [
        "--------/--W-----/---B----/--------/----W---/--------/-B------/-------- W",
        "--------/-B------/--------/--W-----/--------/-B------/---W----/-------- B",
        "--------/B-------/--------/--------/--------/--------/-------W/-------- W",
    ]
    .map(parse);
    check_ordering(&positions[0], &["c7-a8", "c7-e8", "e4-d6"], &positions);
}

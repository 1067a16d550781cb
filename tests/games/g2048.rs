//! 2048 rules: hand-checked slides, the 2×2 game enumerated whole (the state counts the
//! dissertation's chapter 4 builds on), spawn probabilities, notation and random games.

use crate::common;

use std::collections::HashMap;

use pnplay::game::g2048::{Config, G2048, Move};
use pnplay::game::{
    Game, MoveList, Outcome, ParseError, Player, Rng, Turn, perft, pick_by_probability,
};
use proptest::prelude::*;

fn config(size: u8, objective: u32) -> Config {
    Config::new(size, objective).unwrap()
}

fn parse(config: Config, text: &str) -> G2048 {
    G2048::parse_position(&config, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn tiles(pos: &G2048, cells: impl Iterator<Item = usize>) -> Vec<u32> {
    cells.map(|cell| pos.tile(cell)).collect()
}

/// Every position reachable from `start`, `start` included, in discovery order.
fn reachable(start: G2048) -> Vec<G2048> {
    let mut seen = HashMap::from([(start.key(), ())]);
    let mut all = vec![start];
    let mut next = 0;
    let mut moves = MoveList::<G2048>::default();
    while next < all.len() {
        let pos = all[next];
        next += 1;
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let mut child = pos;
            child.play(mv);
            if seen.insert(child.key(), ()).is_none() {
                all.push(child);
            }
        }
    }
    all
}

/// A 4-cell line slid toward its start (`left`) and toward its end (`right`), checked by hand.
const LINES: [([u32; 4], Move, [u32; 4]); 19] = [
    ([2, 2, 2, 2], Move::Left, [4, 4, 0, 0]),
    ([2, 2, 4, 0], Move::Left, [4, 4, 0, 0]),
    ([4, 2, 2, 0], Move::Left, [4, 4, 0, 0]),
    ([2, 2, 2, 0], Move::Left, [4, 2, 0, 0]),
    ([4, 4, 8, 8], Move::Left, [8, 16, 0, 0]),
    ([0, 0, 0, 2], Move::Left, [2, 0, 0, 0]),
    ([2, 0, 0, 2], Move::Left, [4, 0, 0, 0]),
    ([4, 0, 4, 4], Move::Left, [8, 4, 0, 0]),
    ([8, 0, 8, 16], Move::Left, [16, 16, 0, 0]),
    ([2, 2, 4, 8], Move::Left, [4, 4, 8, 0]),
    ([16384, 16384, 2, 0], Move::Left, [32768, 2, 0, 0]),
    ([2, 4, 8, 16], Move::Left, [2, 4, 8, 16]),
    ([2, 0, 2, 2], Move::Right, [0, 0, 2, 4]),
    ([2, 2, 2, 2], Move::Right, [0, 0, 4, 4]),
    ([2, 2, 2, 0], Move::Right, [0, 0, 2, 4]),
    ([4, 2, 2, 0], Move::Right, [0, 0, 4, 4]),
    ([0, 2, 2, 4], Move::Right, [0, 0, 4, 4]),
    ([8, 8, 8, 0], Move::Right, [0, 0, 8, 16]),
    ([0, 0, 0, 2], Move::Right, [0, 0, 0, 2]),
];

/// Plays `slide` on `pos` and checks the cells of `line` against `expected`; a slide that
/// changes nothing must be illegal.
fn check_slide(pos: G2048, slide: Move, line: [usize; 4], expected: [u32; 4]) {
    let before = pos.format_position();
    let mut moves = MoveList::<G2048>::default();
    pos.legal_moves(&mut moves);
    let mut after = pos;
    if tiles(&pos, line.into_iter()) == expected {
        assert!(
            !moves.contains(&slide),
            "{before} {slide:?} changes nothing"
        );
        assert_matches!(
            pos.parse_move(&pos.format_move(slide)),
            Err(ParseError::IllegalMove { .. })
        );
        return;
    }
    assert!(moves.contains(&slide), "{before} {slide:?}");
    after.play(slide);
    assert_eq!(
        tiles(&after, line.into_iter()),
        expected,
        "{before} {slide:?}"
    );
    let reached = after.max_tile() >= after.variant().objective;
    assert_eq!(
        after.turn(),
        if reached { Turn::Over } else { Turn::Chance }
    );
}

#[test]
fn slides_on_4x4_rows_and_columns() {
    let c = config(4, 32_768);
    for (line, slide, expected) in LINES {
        for k in 0..4 {
            // The line in row k, left to right; then in column k, top to bottom, where up
            // plays the part of left and down of right.
            let row = [4 * k, 4 * k + 1, 4 * k + 2, 4 * k + 3];
            let column = [k, k + 4, k + 8, k + 12];
            let vertical = if slide == Move::Left {
                Move::Up
            } else {
                Move::Down
            };
            for (cells, direction) in [(row, slide), (column, vertical)] {
                let mut board = [0u32; 16];
                for (&cell, &tile) in cells.iter().zip(&line) {
                    board[cell] = tile;
                }
                let text = board.map(|t| t.to_string()).join(",") + ";p";
                check_slide(parse(c, &text), direction, cells, expected);
            }
        }
    }
}

#[test]
fn slides_on_2x2() {
    let c = config(2, 32);
    let cases = [
        ("2,2,4,4;p", Move::Left, "4,0,8,0;c"),
        ("2,2,4,4;p", Move::Right, "0,4,0,8;c"),
        ("2,4,2,4;p", Move::Up, "4,8,0,0;c"),
        ("2,4,2,4;p", Move::Down, "0,0,4,8;c"),
        ("0,2,4,0;p", Move::Left, "2,0,4,0;c"),
        ("0,2,4,0;p", Move::Up, "4,2,0,0;c"),
        ("16,16,0,0;p", Move::Left, "32,0,0,0;c"),
    ];
    for (before, slide, after) in cases {
        let mut pos = parse(c, before);
        pos.try_play(slide).unwrap();
        assert_eq!(pos.format_position(), after, "{before} {slide:?}");
    }
    let stuck = parse(c, "2,4,4,2;p");
    assert_eq!(stuck.turn(), Turn::Over);
    assert_eq!(stuck.outcome(Player::First), Some(Outcome::Loss));
    assert_eq!(stuck.terminal_value(Player::First), Some(0));
    let blocked = parse(c, "2,4,0,0;p");
    let mut moves = MoveList::<G2048>::default();
    blocked.legal_moves(&mut moves);
    assert_eq!(moves.as_slice(), [Move::Down]);
}

#[test]
fn the_game_opens_with_two_spawns() {
    let c = Config::default();
    let start = G2048::start(&c);
    assert_eq!(start.format_position(), "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0;c");
    assert_eq!(start.turn(), Turn::Chance);
    let mut moves = MoveList::<G2048>::default();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 32);
    assert_eq!(moves[0], Move::Spawn { cell: 0, value: 2 });
    assert!((start.chance_probability(moves[0]) - 0.9 / 16.0).abs() < 1e-15);
    assert!((start.chance_probability(moves[1]) - 0.1 / 16.0).abs() < 1e-15);
    let mut pos = start;
    pos.play(Move::Spawn { cell: 5, value: 4 });
    assert_eq!(pos.turn(), Turn::Chance);
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 30);
    pos.play(pos.parse_move("16=2").unwrap());
    assert_eq!(pos.turn(), Turn::Player(Player::First));
    assert_eq!(pos.format_position(), "0,0,0,0,0,4,0,0,0,0,0,0,0,0,0,2;p");
    assert_eq!(pos.variant(), c);
}

#[test]
fn two_by_two_counts() {
    // The dissertation (§4.4, Figure 4-1) counts 6 initial positions: two 2 tiles anywhere.
    // With 4s spawning too there are 24 (6 cell pairs × {2,4}²); the 6 without a 4 are its 6.
    for objective in [16, 32] {
        let start = G2048::start(&config(2, objective));
        assert_eq!(perft::distinct_positions_after(&start, 2), 24);
        let mut openings = HashMap::new();
        let (mut first, mut second) = (MoveList::<G2048>::default(), MoveList::<G2048>::default());
        start.legal_moves(&mut first);
        for &a in &first {
            let mut one = start;
            one.play(a);
            one.legal_moves(&mut second);
            for &b in &second {
                let mut two = one;
                two.play(b);
                assert_eq!(two.turn(), Turn::Player(Player::First));
                openings.insert(two.key(), two);
            }
        }
        assert_eq!(openings.len(), 24);
        let only_twos = openings
            .values()
            .filter(|p| (0..4).all(|cell| p.tile(cell) != 4))
            .count();
        assert_eq!(only_twos, 6);
    }
    // Every position reachable from the empty start, player and chance nodes apart, finished
    // games included. These are the state spaces the Table 4.2 experiment searches.
    assert_eq!(
        perft::reachable_positions(&G2048::start(&config(2, 16))),
        399
    );
    assert_eq!(
        perft::reachable_positions(&G2048::start(&config(2, 32))),
        755
    );
    // With no objective in reach, the largest tile is 32, as the dissertation reports.
    let open_ended = reachable(G2048::start(&config(2, 2048)));
    assert_eq!(open_ended.len(), 1_131);
    assert_eq!(open_ended.iter().map(G2048::max_tile).max(), Some(32));
}

#[test]
fn every_reachable_2x2_position_is_consistent() {
    for objective in [16, 32, 2048] {
        let c = config(2, objective);
        let mut by_key = HashMap::new();
        let mut moves = MoveList::<G2048>::default();
        let mut chance_nodes = 0;
        for pos in reachable(G2048::start(&c)) {
            let text = pos.format_position();
            assert_eq!(parse(c, &text), pos);
            assert!(by_key.insert(pos.key(), text.clone()).is_none(), "{text}");
            pos.legal_moves(&mut moves);
            for &mv in moves.iter() {
                assert_eq!(pos.parse_move(&pos.format_move(mv)), Ok(mv), "{text}");
            }
            assert!(
                moves
                    .iter()
                    .enumerate()
                    .all(|(i, m)| !moves[..i].contains(m))
            );
            match pos.turn() {
                Turn::Chance => {
                    chance_nodes += 1;
                    let total: f64 = moves.iter().map(|&m| pos.chance_probability(m)).sum();
                    assert!((total - 1.0).abs() < 1e-12, "{text}: {total}");
                    assert_eq!(pos.outcome(Player::First), None);
                }
                Turn::Player(player) => {
                    assert_eq!(player, Player::First);
                    assert!(!moves.is_empty());
                    assert!(moves.iter().all(|m| !matches!(m, Move::Spawn { .. })));
                    assert!(pos.max_tile() < objective);
                }
                Turn::Over => {
                    assert!(moves.is_empty());
                    let won = pos.max_tile() >= objective;
                    let (first, value) = if won {
                        (Outcome::Win, 1)
                    } else {
                        (Outcome::Loss, 0)
                    };
                    assert_eq!(pos.outcome(Player::First), Some(first), "{text}");
                    assert_eq!(pos.outcome(Player::Second), Some(first.flipped()));
                    assert_eq!(pos.terminal_value(Player::First), Some(value));
                    assert_eq!(pos.terminal_value(Player::Second), Some(-value));
                }
            }
        }
        assert!(chance_nodes > 100);
    }
}

#[test]
fn objective_ends_the_game() {
    let c = config(2, 16);
    let mut pos = parse(c, "8,8,2,0;p");
    pos.play(Move::Left);
    assert_eq!(pos.format_position(), "16,0,2,0;c");
    assert_eq!(pos.turn(), Turn::Over);
    assert_eq!(pos.outcome(Player::First), Some(Outcome::Win));
    assert_eq!(pos.terminal_value(Player::First), Some(1));
    assert_eq!(pos.outcome(Player::Second), Some(Outcome::Loss));
    assert_eq!(pos.terminal_value(Player::Second), Some(-1));
    assert_matches!(pos.parse_move("2=2"), Err(ParseError::IllegalMove { .. }));
    // A spawned 4 can reach an objective of 4.
    let mut tiny = parse(config(2, 4), "2,0,0,0;c");
    tiny.play(Move::Spawn { cell: 3, value: 4 });
    assert_eq!(tiny.outcome(Player::First), Some(Outcome::Win));
    // A parsed tile above the objective is a win too.
    assert_eq!(parse(c, "32,0,0,0;p").turn(), Turn::Over);
    // The empty board with the player to act: nothing to slide, a loss.
    assert_eq!(
        parse(c, "0,0,0,0;p").outcome(Player::First),
        Some(Outcome::Loss)
    );
}

#[test]
fn random_4x4_games() {
    // 300 random games to 2048 (none get there): every step keeps the rules.
    let c = Config::default();
    let mut rng = Rng::new(2048);
    let mut moves = MoveList::<G2048>::default();
    for _ in 0..300 {
        let mut pos = G2048::start(&c);
        let mut plies = 0;
        while pos.turn() != Turn::Over {
            assert_eq!(parse(c, &pos.format_position()), pos);
            pos.legal_moves(&mut moves);
            assert!(
                moves
                    .iter()
                    .enumerate()
                    .all(|(i, m)| !moves[..i].contains(m))
            );
            let mv = match pos.turn() {
                Turn::Chance => {
                    let total: f64 = moves.iter().map(|&m| pos.chance_probability(m)).sum();
                    assert!((total - 1.0).abs() < 1e-12);
                    pick_by_probability(&pos, &moves, &mut rng)
                }
                _ => moves[rng.below(moves.len() as u32) as usize],
            };
            assert_eq!(pos.parse_move(&pos.format_move(mv)), Ok(mv));
            pos.play(mv);
            plies += 1;
            assert!(plies < 100_000);
        }
        assert_eq!(pos.outcome(Player::First), Some(Outcome::Loss));
        assert_eq!(pos.terminal_value(Player::First), Some(0));
    }
}

#[test]
fn random_playout_matches_the_default() {
    // The override must draw from the generator exactly as Game::random_playout's default
    // body, reproduced here.
    fn reference(pos: &G2048, rng: &mut Rng) -> G2048 {
        let mut pos = *pos;
        let mut moves = MoveList::<G2048>::default();
        loop {
            pos.legal_moves(&mut moves);
            let mv = match pos.turn() {
                Turn::Over => return pos,
                Turn::Player(_) => moves[rng.below(moves.len() as u32) as usize],
                Turn::Chance => pick_by_probability(&pos, &moves, rng),
            };
            pos.play(mv);
        }
    }
    let starts = [
        (config(2, 16), "0,0,0,0;c"),
        (config(2, 32), "2,0,0,4;p"),
        (config(2, 32), "2,0,0,4;c"),
        (config(4, 2048), "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0;c"),
        (config(4, 64), "2,4,8,16,32,0,0,0,0,0,0,0,0,0,0,2;p"),
    ];
    for (c, text) in starts {
        let pos = parse(c, text);
        for seed in 0..300 {
            let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
            assert_eq!(
                pos.random_playout(&mut a),
                reference(&pos, &mut b),
                "{text}"
            );
            assert_eq!(a, b, "generator state after the playout");
        }
    }
}

#[test]
fn keys_tell_who_acts() {
    let c = config(2, 32);
    let player = parse(c, "2,0,0,4;p");
    let chance = parse(c, "2,0,0,4;c");
    assert_ne!(player.key(), chance.key());
    assert_ne!(player, chance);
    // The largest tiles fill all 64 bits of a 4×4 board, and who acts still counts.
    let c = config(4, 32_768);
    let big = format!("0,{}", ["32768"; 15].join(","));
    let big_player = parse(c, &format!("{big};p"));
    let big_chance = parse(c, &format!("{big};c"));
    assert_ne!(big_player.key(), big_chance.key());
    assert_eq!(big_player.key() >> 1, big_chance.key() >> 1);
}

#[test]
fn parse_errors_are_typed() {
    let c = config(2, 32);
    let err = |text: &str| G2048::parse_position(&c, text).unwrap_err();
    assert_matches!(err(""), ParseError::Empty { .. });
    assert_matches!(err("2,0,0,4"), ParseError::Missing { index: 7, .. });
    assert_matches!(err("2,0,0,4;"), ParseError::Missing { index: 8, .. });
    assert_eq!(
        err("5").to_string(),
        "the text ends at position 1: expected `;` and who acts (`p` or `c`) after the tiles"
    );
    assert_eq!(
        err("2,0,0,4;x"),
        ParseError::UnexpectedChar {
            index: 8,
            found: 'x',
            expected: "`p` or `c`"
        }
    );
    assert_matches!(
        err("2,0,0,4;pp"),
        ParseError::UnexpectedChar {
            index: 9,
            found: 'p',
            ..
        }
    );
    assert_eq!(
        err("2,0,a,4;p"),
        ParseError::UnexpectedChar {
            index: 4,
            found: 'a',
            expected: "a digit of a tile value"
        }
    );
    assert_matches!(
        err("2,,0,4;p"),
        ParseError::UnexpectedChar {
            index: 2,
            found: ',',
            ..
        }
    );
    assert_matches!(
        err("2,0,0,;p"),
        ParseError::UnexpectedChar {
            index: 6,
            found: ';',
            ..
        }
    );
    assert_matches!(
        err("2,-2,0,4;p"),
        ParseError::UnexpectedChar {
            index: 2,
            found: '-',
            ..
        }
    );
    assert_eq!(
        err("2,0,4;p"),
        ParseError::WrongLength {
            what: "tiles",
            expected: 4,
            found: 3
        }
    );
    assert_eq!(
        err("2,0,4,0,0;p"),
        ParseError::WrongLength {
            what: "tiles",
            expected: 4,
            found: 5
        }
    );
    for bad in [
        "3,0,0,0;p",
        "1,0,0,0;p",
        "65536,0,0,0;p",
        "99999999999999,0,0,0;p",
    ] {
        assert!(
            matches!(err(bad), ParseError::InvalidPosition { .. }),
            "{bad}"
        );
    }
    assert_matches!(err("2,4,8,16;c"), ParseError::InvalidPosition { .. });
    assert_eq!(parse(c, " 2 , 0,0 ,4 ; p ").format_position(), "2,0,0,4;p");
    assert_eq!(parse(c, "32768,0,0,0;p").tile(0), 32_768);

    let pos = parse(c, "2,0,0,4;p");
    assert_eq!(pos.parse_move("LEFT"), Ok(Move::Left));
    assert_matches!(pos.parse_move("north"), Err(ParseError::UnknownMove { .. }));
    assert_matches!(pos.parse_move("2=2"), Err(ParseError::IllegalMove { .. }));
    let spawn = parse(c, "2,0,0,4;c");
    assert_eq!(
        spawn.parse_move("2=4"),
        Ok(Move::Spawn { cell: 1, value: 4 })
    );
    assert_eq!(spawn.format_move(Move::Spawn { cell: 1, value: 4 }), "2=4");
    assert_matches!(spawn.parse_move("1=2"), Err(ParseError::IllegalMove { .. }));
    for unknown in ["0=2", "5=2", "2=8", "2=", "=2", "2=2=2", "x=2"] {
        assert!(
            matches!(
                spawn.parse_move(unknown),
                Err(ParseError::UnknownMove { .. })
            ),
            "{unknown}"
        );
    }
    assert_matches!(spawn.parse_move("up"), Err(ParseError::IllegalMove { .. }));

    assert!(Config::new(3, 16).is_err());
    assert!(Config::new(2, 2).is_err());
    assert!(Config::new(2, 65_536).is_err());
    assert!(Config::new(4, 0).is_err());
    let bad = Config {
        size: 5,
        objective: 16,
        spawns: pnplay::game::g2048::Spawns::And,
    };
    assert!(G2048::parse_position(&bad, "0;c").is_err());
}

/// Text made of the notation's characters and some others.
fn any_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[0-9,;pc =a-z\\-é]{0,60}").unwrap()
}

/// A valid 4×4 position with random edits: insert, delete or replace characters.
fn edited_position() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(proptest::sample::select(vec![0u32, 2, 4, 8, 2048]), 16),
        proptest::bool::ANY,
        proptest::collection::vec(
            (
                0usize..80,
                0u8..3,
                proptest::sample::select(vec!['0', '2', ',', ';', 'p', 'c', '6']),
            ),
            0..4,
        ),
    )
        .prop_map(|(tiles, chance, edits)| {
            let mut text = tiles
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",");
            text.push_str(if chance { ";c" } else { ";p" });
            common::apply_edits(&mut text, &edits);
            text
        })
}

proptest! {
    #[test]
    fn parsing_random_text_never_panics(text in any_text()) {
        common::check_reparse::<G2048>(&config(2, 32), &text);
        common::check_reparse::<G2048>(&Config::default(), &text);
        let _ = parse(config(2, 32), "2,0,0,0;c").parse_move(&text);
        let _ = parse(config(2, 32), "2,0,0,0;p").parse_move(&text);
    }

    #[test]
    fn parsing_edited_positions_never_panics(text in edited_position()) {
        common::check_reparse::<G2048>(&Config::default(), &text);
        common::check_reparse::<G2048>(&config(4, 64), &text);
    }
}

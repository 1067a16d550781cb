//! The two readings of 2048's spawns for the AND/OR searches (issue 14): `and` (chance
//! spawns, the objective must be reached whatever spawns) and `or` (the player picks every
//! spawn after a slide). On every 2×2 opening and both of the dissertation's objectives,
//! PNS, PPNS, df-pn and alpha-beta agree with an exhaustive AND/OR solve written here on
//! the rules alone.

use std::collections::HashMap;

use pnplay::engine::GameSpec;
use pnplay::experiment::generate::chance_openings;
use pnplay::game::g2048::{Config, G2048, Spawns};
use pnplay::game::{Game, MoveList, Outcome, Player, Turn};
use pnplay::search::catalogue;
use pnplay::search::params::Params;
use pnplay::search::{Limits, Verdict};

/// Whether the objective can be forced from `pos` (a position of the `and` variant),
/// reading spawns after slides as `or` nodes when `or` (a spawn onto fewer than two tiles
/// stays chance's, as the variant defines).
fn solve(pos: &G2048, or: bool, memo: &mut HashMap<u128, bool>) -> bool {
    if let Some(&known) = memo.get(&pos.key()) {
        return known;
    }
    let value = match pos.turn() {
        Turn::Over => pos.outcome(Player::First) == Some(Outcome::Win),
        turn => {
            let mut moves = MoveList::<G2048>::default();
            pos.legal_moves(&mut moves);
            let tiles = (0..4).filter(|&c| pos.tile(c) != 0).count();
            let any = turn != Turn::Chance || (or && tiles >= 2);
            let mut children = moves.iter().map(|&mv| {
                let mut child = *pos;
                child.play(mv);
                solve(&child, or, memo)
            });
            if any {
                children.any(|won| won)
            } else {
                children.all(|won| won)
            }
        }
    };
    memo.insert(pos.key(), value);
    value
}

#[test]
fn both_readings_agree_with_exhaustive_solving_on_every_2x2_opening() {
    let mut solved = [0, 0];
    for objective in [16, 32] {
        let spec: GameSpec = format!("2048:2x2:{objective}").parse().unwrap();
        let openings = chance_openings(&spec, false).unwrap();
        assert_eq!(openings.len(), 24);
        for (reading, spawns) in [Spawns::And, Spawns::Or].into_iter().enumerate() {
            let config = Config {
                spawns,
                ..Config::new(2, objective).unwrap()
            };
            let and_config = Config::new(2, objective).unwrap();
            let mut memo = HashMap::new();
            for text in &openings {
                let reference = G2048::parse_position(&and_config, text).unwrap();
                let truth = solve(&reference, spawns == Spawns::Or, &mut memo);
                solved[reading] += usize::from(truth);
                let pos = G2048::parse_position(&config, text).unwrap();
                for algo in ["pns", "ppns", "dfpn", "alphabeta"] {
                    let params = Params::default().with_limits(Limits {
                        max_nodes: Some(2_000_000),
                        ..Limits::default()
                    });
                    let mut session = catalogue::start(algo, pos, &params).unwrap();
                    let verdict = session.run();
                    let expected = if truth {
                        Verdict::Proved
                    } else {
                        Verdict::Disproved
                    };
                    assert_eq!(verdict, expected, "{algo} {spawns:?} {objective} {text}");
                }
            }
        }
    }
    // `and`: no opening can force 16 or 32; `or`: every opening reaches both.
    assert_eq!(solved, [0, 48]);
}

#[test]
fn the_or_reading_is_a_variant_name() {
    let spec: GameSpec = "2048:2x2:16:or".parse().unwrap();
    assert_eq!(spec.to_string(), "2048:2x2:16:or");
    let spec: GameSpec = "2048:2x2:32:or".parse().unwrap();
    assert_eq!(spec.to_string(), "2048:2x2:32:or");
    let config = Config {
        spawns: Spawns::Or,
        ..Config::new(2, 16).unwrap()
    };
    let pos = G2048::parse_position(&config, "2,2,0,0;p").unwrap();
    let mut after = pos;
    after.play(pos.parse_move("left").unwrap());
    assert_eq!(after.turn(), Turn::Chance); // 4 . / . .: a single tile, chance's spawn
    let pos = G2048::parse_position(&config, "2,4,0,0;p").unwrap();
    let mut after = pos;
    after.play(pos.parse_move("down").unwrap());
    assert_eq!(after.turn(), Turn::Player(Player::First));
    assert_eq!(after.format_position(), "0,0,2,4;c");
}

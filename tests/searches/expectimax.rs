//! Expectimax, Star1 and the single conspiracy number on 2048 (the dissertation's chapter
//! 5), and the original game's score: checked against a brute-force enumeration written
//! here, against plain expectimax on thousands of positions, and against trees and move
//! sequences worked by hand.

use pnplay::agent::Agent;
use pnplay::game::g2048::{Config, G2048, Move};
use pnplay::game::{Game, MoveList, Rng, Turn, pick_by_probability};
use pnplay::search::expectimax::search::{Expectimax, ExpectimaxConfig, SCN_INFINITE, Scn};

fn parse(size: u8, text: &str) -> G2048 {
    let config = Config::new(size, if size == 2 { 2048 } else { 32768 }).unwrap();
    G2048::parse_position(&config, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn slide(pos: &mut G2048, mv: Move) -> u32 {
    let score = pos.merge_score(mv);
    pos.play(mv);
    score
}

#[test]
fn score_of_single_rows_worked_by_hand() {
    // (row, direction, row after, score), from the original game's rules.
    let cases: &[(&str, Move, &str, u32)] = &[
        ("2,2,2,2", Move::Left, "4,4,0,0", 8),
        ("2,2,2,2", Move::Right, "0,0,4,4", 8),
        ("4,4,8,8", Move::Left, "8,16,0,0", 24),
        ("2,2,4,0", Move::Left, "4,4,0,0", 4), // the new 4 does not merge again
        ("2,0,2,4", Move::Right, "0,0,4,4", 4),
        ("8,8,8,0", Move::Right, "0,0,8,16", 16), // merges from the side moved toward
        ("8,8,8,0", Move::Left, "16,8,0,0", 16),
        ("2,4,8,16", Move::Left, "2,4,8,16", 0),
        ("1024,1024,0,0", Move::Left, "2048,0,0,0", 2048),
    ];
    for &(row, mv, after, score) in cases {
        let text = format!("{row},0,0,0,0,0,0,0,0,0,0,0,0;p");
        let mut pos = parse(4, &text);
        assert_eq!(slide(&mut pos, mv), score, "{row} {mv:?}");
        assert_eq!(
            pos.format_position(),
            format!("{after},0,0,0,0,0,0,0,0,0,0,0,0;c"),
            "{row} {mv:?}"
        );
    }
    // Columns score the same way (a column [2,2,2,2] up).
    let mut pos = parse(4, "2,0,0,0,2,0,0,0,2,0,0,0,2,0,0,0;p");
    assert_eq!(slide(&mut pos, Move::Up), 8);
    assert_eq!(pos.format_position(), "4,0,0,0,4,0,0,0,0,0,0,0,0,0,0,0;c");
}

#[test]
fn score_of_a_move_sequence_worked_by_hand() {
    // 2 2 . .      left: 4 . . .  (+4)   spawn 2 in cell 2
    // . . . .            . . . .
    // . . 2 .            2 . . .
    let mut pos = parse(4, "2,2,0,0,0,0,0,0,0,0,2,0,0,0,0,0;p");
    let mut score = 0;
    let steps: &[(&str, &str, u32)] = &[
        ("left", "4,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0;c", 4),
        ("2=2", "4,2,0,0,0,0,0,0,2,0,0,0,0,0,0,0;p", 0),
        ("up", "4,2,0,0,2,0,0,0,0,0,0,0,0,0,0,0;c", 0),
        ("6=2", "4,2,0,0,2,2,0,0,0,0,0,0,0,0,0,0;p", 0),
        ("left", "4,2,0,0,4,0,0,0,0,0,0,0,0,0,0,0;c", 4),
        ("3=4", "4,2,4,0,4,0,0,0,0,0,0,0,0,0,0,0;p", 0),
        ("up", "8,2,4,0,0,0,0,0,0,0,0,0,0,0,0,0;c", 8),
    ];
    for &(text, after, gained) in steps {
        let mv = pos.parse_move(text).unwrap();
        let got = slide(&mut pos, mv);
        assert_eq!(got, gained, "{text}");
        score += got;
        assert_eq!(pos.format_position(), after, "{text}");
    }
    assert_eq!(score, 16);
}

#[test]
fn the_evaluation_is_the_snake_matrix() {
    let pos = parse(4, "2,4,8,16,32,64,128,256,2,2,2,2,4,4,4,4;p");
    let weights = [
        32768.0, 16384.0, 8192.0, 4096.0, 256.0, 512.0, 1024.0, 2048.0, 128.0, 64.0, 32.0, 16.0,
        1.0, 2.0, 4.0, 8.0,
    ];
    let expected: f64 = (0..16).map(|c| weights[c] * f64::from(pos.tile(c))).sum();
    assert_eq!(pos.evaluation(), expected);
}

/// Expectimax by brute force: every line to `depth` plies, no table, no pruning.
fn brute(pos: &G2048, depth: u32) -> f64 {
    if depth == 0 || pos.turn() == Turn::Over {
        return pos.evaluation();
    }
    let mut moves = MoveList::<G2048>::default();
    pos.legal_moves(&mut moves);
    let values = moves.iter().map(|&mv| {
        let mut child = *pos;
        child.play(mv);
        (pos.chance_probability(mv), brute(&child, depth - 1))
    });
    if pos.turn() == Turn::Chance {
        values.fold(0.0, |sum, (p, v)| sum + p * v)
    } else {
        values.fold(f64::NEG_INFINITY, |best, (_, v)| best.max(v))
    }
}

/// A position reached by `plies` random plies from the empty board (or earlier if the game
/// ends), moved on to a player's turn; `None` if the game is over.
fn random_position(size: u8, seed: u64, plies: u32) -> Option<G2048> {
    let config = Config::new(size, if size == 2 { 2048 } else { 32768 }).unwrap();
    let mut pos = G2048::start(&config);
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::<G2048>::default();
    let mut done = 0;
    loop {
        let turn = pos.turn();
        if turn == Turn::Over {
            return None;
        }
        if done >= plies && matches!(turn, Turn::Player(_)) {
            return Some(pos);
        }
        pos.legal_moves(&mut moves);
        let mv = if turn == Turn::Chance {
            pick_by_probability(&pos, &moves, &mut rng)
        } else {
            moves[rng.below(moves.len() as u32) as usize]
        };
        pos.play(mv);
        done += 1;
    }
}

fn search(depth: u32, star1: bool, thresholds: &[f64]) -> Expectimax<G2048> {
    Expectimax::new(ExpectimaxConfig {
        depth,
        star1,
        table: true,
        thresholds: thresholds.to_vec(),
    })
}

#[test]
fn expectimax_equals_brute_force_on_random_positions() {
    let mut checked = 0;
    for (size, depths, plies) in [(2u8, 1..=5, 0..6u32), (4, 1..=3, 0..60)] {
        for seed in 0..40 {
            let Some(pos) =
                random_position(size, seed, plies.start + (seed as u32 * 7) % plies.end)
            else {
                continue;
            };
            for depth in depths.clone() {
                let answer = search(depth, false, &[]).search(&pos).unwrap();
                let mut moves = MoveList::<G2048>::default();
                pos.legal_moves(&mut moves);
                let mut best = (f64::NEG_INFINITY, moves[0]);
                for (i, &mv) in moves.iter().enumerate() {
                    let mut child = pos;
                    child.play(mv);
                    let value = brute(&child, depth - 1);
                    // The same sums in another order: equal up to rounding.
                    let close = (answer.moves[i].value - value).abs() <= 1e-12 * value.abs();
                    assert!(close, "{} d={depth}", pos.format_position());
                    if value > best.0 {
                        best = (value, mv);
                    }
                }
                assert!((answer.value - best.0).abs() <= 1e-12 * best.0.abs());
                let ties = moves.iter().enumerate().filter(|&(i, _)| {
                    (answer.moves[i].value - best.0).abs() <= 1e-12 * best.0.abs()
                });
                // The best move: the first of the largest (ties within rounding may differ).
                if ties.count() == 1 {
                    assert_eq!(answer.best, best.1, "{} d={depth}", pos.format_position());
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn star1_gives_the_same_value_and_move_as_plain_expectimax_with_fewer_positions() {
    let mut checked = 0;
    let (mut plain_nodes, mut star_nodes, mut cutoffs) = (0u64, 0u64, 0u64);
    for (size, depths, positions) in [(2u8, 2..=6u32, 1500u64), (4, 2..=3, 1500), (4, 4..=4, 150)] {
        for seed in 0..positions {
            let plies = if size == 2 {
                (seed % 9) as u32
            } else {
                (seed % 400) as u32
            };
            let Some(pos) = random_position(size, 1000 + seed, plies) else {
                continue;
            };
            for depth in depths.clone() {
                let plain = search(depth, false, &[]).search(&pos).unwrap();
                let star = search(depth, true, &[]).search(&pos).unwrap();
                let text = pos.format_position();
                assert_eq!(
                    star.value.to_bits(),
                    plain.value.to_bits(),
                    "{text} d={depth}"
                );
                assert_eq!(star.best, plain.best, "{text} d={depth}");
                for (s, p) in star.moves.iter().zip(&plain.moves) {
                    if s.exact {
                        assert_eq!(s.value.to_bits(), p.value.to_bits(), "{text} d={depth}");
                    } else {
                        // A move left as a bound can be no better than the best.
                        assert!(
                            p.value <= s.value && s.value <= plain.value,
                            "{text} d={depth}"
                        );
                    }
                }
                plain_nodes += plain.counters.nodes;
                star_nodes += star.counters.nodes;
                cutoffs += star.counters.cutoffs;
                checked += 1;
            }
        }
    }
    println!(
        "{checked} searches: plain {plain_nodes} positions, Star1 {star_nodes} ({:.1} % fewer), {cutoffs} cut-offs",
        100.0 * (1.0 - star_nodes as f64 / plain_nodes as f64)
    );
    assert!(checked > 5000, "{checked}");
    assert!(star_nodes < plain_nodes);
}

#[test]
fn the_table_changes_nothing_but_the_work() {
    for seed in 0..60 {
        let Some(pos) = random_position(4, 50 + seed, 30 + seed as u32) else {
            continue;
        };
        let with = search(3, false, &[3e5, 1e6]).search(&pos).unwrap();
        let without = Expectimax::new(ExpectimaxConfig {
            depth: 3,
            star1: false,
            table: false,
            thresholds: vec![3e5, 1e6],
        })
        .search(&pos)
        .unwrap();
        assert_eq!(with.value.to_bits(), without.value.to_bits());
        assert_eq!(with.scn, without.scn);
        assert!(with.counters.nodes <= without.counters.nodes);
    }
}

/// The 2×2 position `2 4 / . 8`: the player can slide down (→ `. 4 / 2 8`, value 34) or
/// left (→ `2 4 / 8 .`, value 40), with weights `8 4 / 1 2`.
fn hand_tree() -> G2048 {
    parse(2, "2,4,0,8;p")
}

fn scn_of(depth: u32, thresholds: &[f64]) -> (f64, Vec<Scn>, Move) {
    let answer = search(depth, false, thresholds)
        .search(&hand_tree())
        .unwrap();
    (answer.value, answer.scn, answer.best)
}

#[test]
fn scn_on_a_tree_worked_by_hand_at_depth_1() {
    // Leaves: down 34, left 40 (both unfinished: chance is to act).
    let (value, scn, best) = scn_of(1, &[35.0, 41.0]);
    assert_eq!((value, best), (40.0, Move::Left));
    // T = 35: down 1 (34 < 35), left 0 → MAX takes 0. T = 41: both 1 → 1.
    assert_eq!(scn, vec![0, 1]);
    assert_eq!(scn_of(1, &[34.0, 10.0]).1, vec![0, 0]);
}

#[test]
fn scn_on_a_tree_worked_by_hand_at_depth_2() {
    // down → . 4 / 2 8: a 2 in cell 1 (p 0.9) → 2 4 / 2 8 = 50, a 4 (p 0.1) → 66:
    //   0.9·50 + 0.1·66 = 51.6.
    // left → 2 4 / 8 .: a 2 in cell 4 (p 0.9) → 2 4 / 8 2 = 44, a finished game (no
    //   slide changes it); a 4 (p 0.1) → 2 4 / 8 4 = 48: 0.9·44 + 0.1·48 = 44.4.
    let (value, scn, best) = scn_of(2, &[45.0, 55.0]);
    assert!((value - 51.6).abs() < 1e-12, "{value}");
    assert_eq!(best, Move::Down);
    // T = 45: down 0 + 0 = 0; left ∞ (finished 44 < 45) + 0 = ∞; MAX: 0.
    // T = 55: down 1 (50 < 55) + 0 = 1; left ∞ + 1 = ∞; MAX: 1.
    assert_eq!(scn, vec![0, 1]);
    // T = 70: down 1 + 1 = 2; left ∞; MAX 2. T = 40: everything ≥ 40: 0.
    assert_eq!(scn_of(2, &[70.0, 40.0]).1, vec![2, 0]);
    assert_eq!(parse(2, "2,4,8,2;p").turn(), Turn::Over);
}

#[test]
fn scn_is_infinite_when_every_line_ends_lost_below_the_threshold() {
    // 16 8 / 32 . : up and left change nothing. down → 16 . / 32 8 and right → 16 8 / . 32,
    // and whatever spawns in the one empty cell, no two equal tiles touch: every line ends
    // in a finished game after the spawn.
    //   down:  16 2 / 32 8 = 128 + 8 + 32 + 16 = 184,  16 4 / 32 8 = 192 → 184.8
    //   right: 16 8 / 2 32 = 128 + 32 + 2 + 64 = 226,  16 8 / 4 32 = 228 → 226.2
    let pos = parse(2, "16,8,32,0;p");
    let answer = search(2, false, &[1000.0, 200.0]).search(&pos).unwrap();
    assert!((answer.value - 226.2).abs() < 1e-12, "{}", answer.value);
    assert_eq!(answer.best, Move::Right);
    // T = 1000: every finished game is below: ∞ + ∞ everywhere, MAX of ∞s: ∞.
    // T = 200: down ∞ (184 < 200); right 0 + 0 = 0 → 0.
    assert_eq!(answer.scn, vec![SCN_INFINITE, 0]);
    // T = 227: right 226 < 227 → ∞ too; T = 185: down ∞, right 0.
    let answer = search(2, false, &[227.0, 185.0]).search(&pos).unwrap();
    assert_eq!(answer.scn, vec![SCN_INFINITE, 0]);
}

#[test]
fn expectimax_is_an_agent_and_a_session() {
    let agent: Agent = "expectimax:depth=2".parse().unwrap();
    let choice = agent.choose(&hand_tree(), 1).unwrap();
    assert_eq!(hand_tree().format_move(choice.mv), "down");
    let agent: Agent = "expectimax:depth=2,star1=on".parse().unwrap();
    assert_eq!(
        hand_tree().format_move(agent.choose(&hand_tree(), 1).unwrap().mv),
        "down"
    );
    let error = "expectimax:depth=2,star1=maybe"
        .parse::<Agent>()
        .unwrap_err();
    assert_eq!(error.field(), Some("star1"));
}

/// Every position within `plies` plies of `pos` (chance to act at `pos`), with the spawns
/// made on the way.
fn within(pos: &G2048, plies: u32, spawns: u32, out: &mut Vec<(G2048, u32)>) {
    out.push((*pos, spawns));
    if plies == 0 || pos.turn() == Turn::Over {
        return;
    }
    let mut moves = MoveList::<G2048>::default();
    pos.legal_moves(&mut moves);
    let spawn = u32::from(pos.turn() == Turn::Chance);
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play(mv);
        within(&child, plies - 1, spawns + spawn, out);
    }
}

#[test]
fn star1_bounds_hold_on_every_reachable_position() {
    use pnplay::game::knowledge::Knowledge;
    for seed in 0..40 {
        let Some(mut pos) = random_position(4, 300 + seed, 20 + 9 * seed as u32) else {
            continue;
        };
        let mut moves = MoveList::<G2048>::default();
        pos.legal_moves(&mut moves);
        pos.play(moves[0]); // a chance node, where Star1 asks for bounds
        let mut all = Vec::new();
        within(&pos, 3, 0, &mut all);
        for spawns in 1..=2 {
            let (low, high) = pos.expectimax_bounds(spawns).unwrap();
            for (reached, used) in all.iter().filter(|(_, used)| *used <= spawns) {
                let value = reached.evaluation();
                assert!(
                    low <= value && value <= high,
                    "{} {used}",
                    reached.format_position()
                );
            }
        }
    }
}

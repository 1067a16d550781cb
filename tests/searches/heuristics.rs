//! The Othello heuristics paper's players (Sannidhanam and Annamalai): the heuristics on
//! hand-built positions whose answers are known, stability against play (a stable disc is
//! never flipped), mobility against the legal move list, minimax = alpha-beta = iterative
//! deepening at fixed depths, full-depth search against the exact solver on FFO positions,
//! the normalisation, parameter errors and the tournament's determinism.

use crate::common;

use pnplay::agent::Agent;
use pnplay::experiment::tournament::{Results, Tournament};
use pnplay::game::knowledge::{EvalWeights, Evaluator, Knowledge};
use pnplay::game::othello::eval::{Breakdown, OthelloEvaluator, PAPER_WEIGHTS, normalise};
use pnplay::game::othello::stability::{Stability, stable_discs, unstable_discs};
use pnplay::game::othello::{Othello, Size};
use pnplay::game::{Game, MoveList, Player, Rng, Turn};
use pnplay::search::catalogue;
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::params::Params;
use pnplay::search::view::{EVALUATION_PER_DISC, Values};
use pnplay::search::{Limits, Verdict};

fn pos(text: &str) -> Othello {
    Othello::parse_position(&Size::Eight.into(), text).unwrap()
}

/// A board from its eight rows (top first) and the side to move.
fn board(rows: [&str; 8], to_move: char) -> Othello {
    pos(&format!("{} {to_move}", rows.concat()))
}

/// The mask of the named cells.
fn cells(names: &[&str]) -> u64 {
    names.iter().fold(0, |acc, name| {
        let b = name.as_bytes();
        acc | 1u64 << (8 * u32::from(b[1] - b'1') + u32::from(b[0] - b'a'))
    })
}

/// A position after `plies` seeded random moves from the start (None if the game ended).
fn random_position(plies: u32, seed: u64) -> Option<Othello> {
    let mut rng = Rng::new(seed);
    let mut p = Othello::start(&Size::Eight.into());
    let mut moves = MoveList::<Othello>::default();
    for _ in 0..plies {
        if p.turn() == Turn::Over {
            return None;
        }
        p.legal_moves(&mut moves);
        p.play(moves[rng.below(moves.len() as u32) as usize]);
    }
    (p.turn() != Turn::Over).then_some(p)
}

fn params(text: &str) -> Params {
    let mut params = Params::default();
    for option in text.split(',').filter(|o| !o.is_empty()) {
        let (key, value) = option.split_once('=').unwrap();
        params.set_text(key, value).unwrap();
    }
    params
}

/// The root value (in evaluation units) and verdict of search `id` on `p`.
fn search(id: &str, p: &Othello, options: &str) -> (f64, Verdict, Option<String>) {
    let mut session = catalogue::start(id, *p, &params(options)).unwrap();
    let verdict = session.run();
    let Some(Values::Evaluation { value, .. }) = session.root_value() else {
        panic!("{id} gave no evaluation");
    };
    (value, verdict, session.best_move())
}

#[test]
fn stable_discs_grow_from_corners_along_edges_and_need_every_line_protected() {
    // Each board (its rows, the side to move) with the stable discs of black and of white.
    let boards = [
        // Black a1, b1, c1 on the top edge, white d1 after them: the three from the corner
        // are stable; d1 is not (its row is open and its neighbours are not white).
        (
            [
                "XXXO----", "--------", "--------", "---OX---", "---XO---", "--------", "--------",
                "--------",
            ],
            'X',
            cells(&["a1", "b1", "c1"]),
            0,
        ),
        // A full row 4 alone makes nothing stable: every disc of it can still be flanked
        // vertically or diagonally, the edge ones too (a4, h4: their columns are open).
        (
            [
                "--------", "--------", "--------", "XOXOXOXO", "--------", "--------", "--------",
                "--------",
            ],
            'X',
            0,
            0,
        ),
        // A full top row, black a2 under a1 and white h2 under black h1: a2 is stable (a-file
        // edge, a1 above it stable), h2 is not (h3 is empty and h1 is not white).
        (
            [
                "XXXXXXXX", "X------O", "--------", "---OX---", "---XO---", "--------", "--------",
                "--------",
            ],
            'O',
            cells(&["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2"]),
            0,
        ),
    ];
    for (rows, to_move, black_stable, white_stable) in boards {
        let p = board(rows, to_move);
        let (black, white) = (p.discs(Player::First), p.discs(Player::Second));
        assert_eq!(stable_discs(black, white), black_stable, "{rows:?}");
        assert_eq!(stable_discs(white, black), white_stable, "{rows:?}");
    }

    // A full board: every line is full, every disc stable.
    let p = pos(&format!("{} X", "XO".repeat(32)));
    let (black, white) = (p.discs(Player::First), p.discs(Player::Second));
    assert_eq!(stable_discs(black, white), black);
    assert_eq!(stable_discs(white, black), white);
}

#[test]
fn unstable_discs_are_those_one_opponent_move_flips_and_the_classes_partition_the_discs() {
    // The start after f5: white's moves d6, f4, f6 flip e5... let the game tell.
    for seed in 0..40 {
        let Some(p) = random_position(8 + (seed as u32 % 45), seed) else {
            continue;
        };
        for player in [Player::First, Player::Second] {
            let (own, other) = (p.discs(player), p.discs(player.opponent()));
            // The opponent to move on the same board.
            let letter = if player == Player::First { 'O' } else { 'X' };
            let text = p.format_position();
            let theirs = pos(&format!("{} {letter}", &text[..64]));
            let mut moves = MoveList::<Othello>::default();
            theirs.legal_moves(&mut moves);
            let mut flipped = 0;
            for &mv in moves.iter().filter(|m| !m.is_pass()) {
                let mut child = theirs;
                child.play(mv);
                flipped |= own & !child.discs(player);
            }
            assert_eq!(unstable_discs(own, other), flipped, "{text}");
            let classes = Stability::of(own, other);
            assert_eq!(classes.stable & classes.unstable, 0);
            assert_eq!(
                classes.stable | classes.semi_stable | classes.unstable,
                own,
                "{text}"
            );
        }
    }
}

#[test]
fn no_line_of_play_ever_flips_a_stable_disc() {
    let mut moves = MoveList::<Othello>::default();
    let mut checked = 0;
    for seed in 0..60 {
        let Some(start) = random_position(20 + (seed as u32 % 35), 1000 + seed) else {
            continue;
        };
        let stable = [Player::First, Player::Second]
            .map(|player| stable_discs(start.discs(player), start.discs(player.opponent())));
        checked += (stable[0] | stable[1]).count_ones();
        let mut rng = Rng::new(seed);
        for _ in 0..40 {
            let mut p = start;
            while p.turn() != Turn::Over {
                p.legal_moves(&mut moves);
                p.play(moves[rng.below(moves.len() as u32) as usize]);
                for player in [Player::First, Player::Second] {
                    let index = player.index();
                    assert_eq!(
                        p.discs(player) & stable[index],
                        stable[index],
                        "{}",
                        start.format_position()
                    );
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} stable discs were checked");
}

#[test]
fn actual_mobility_is_the_legal_move_count_of_each_side() {
    for seed in 0..50 {
        let Some(p) = random_position(seed as u32 % 50, 77 + seed) else {
            continue;
        };
        let b = Breakdown::of(&p, &PAPER_WEIGHTS);
        let mut moves = MoveList::<Othello>::default();
        p.legal_moves(&mut moves);
        let count = moves.iter().filter(|m| !m.is_pass()).count() as f64;
        assert_eq!(b.actual_mobility.max, count, "{}", p.format_position());
        let me = if p.side_to_move() == Player::First {
            0
        } else {
            1
        };
        assert_eq!(b.sides[me].moves.len() as f64, count);
        // The other side's, by handing it the move.
        let other = if me == 0 { 'O' } else { 'X' };
        let theirs = pos(&format!("{} {other}", &p.format_position()[..64]));
        theirs.legal_moves(&mut moves);
        let count = moves.iter().filter(|m| !m.is_pass()).count() as f64;
        assert_eq!(b.actual_mobility.min, count);
    }
}

#[test]
fn the_heuristics_on_a_known_position() {
    // After f5 d6 c3 (white to move): white d5 d6, black c3 d4 e4 e5 f5.
    let p = pos("f5d6c3");
    let b = Breakdown::of(&p, &PAPER_WEIGHTS);
    assert_eq!(b.player, "O");
    assert_eq!((b.coins.max, b.coins.min), (2.0, 5.0));
    assert!((b.coins.value - 100.0 * -3.0 / 7.0).abs() < 1e-9);
    // No corner is near: every corner is unlikely for both sides (−½ · 4 each), so the
    // corner heuristic is 100·(−2 − (−2)) / 4 = 0.
    assert_eq!((b.corners.max, b.corners.min), (-2.0, -2.0));
    assert_eq!(b.corners.value, 0.0);
    // Nothing is stable; stability is −unstable for each side.
    assert!(b.sides.iter().all(|s| s.stable.is_empty()));
    assert_eq!(b.stability.max, -(b.sides[1].unstable.len() as f64));
    // Static weights: white d5 (1) + d6 (0) = 1; black c3 1, d4 1, e4 1, e5 1, f5 0 = 4.
    assert_eq!((b.squares.max, b.squares.min), (1.0, 4.0));
    // The sum is Σ wᵢ·hᵢ, and the evaluator gives it in hundredths.
    let sum = 25.0 * b.coins.value
        + 5.0 * b.mobility.value
        + 30.0 * b.corners.value
        + 25.0 * b.stability.value;
    assert!((b.total - sum).abs() < 1e-9);
    let mut evaluator = OthelloEvaluator::new(PAPER_WEIGHTS);
    assert_eq!(evaluator.evaluate(&p), (100.0 * b.total).round() as i64);
    // Antisymmetric: the same board with black to move is the negation.
    let flipped = pos(&format!("{} X", &p.format_position()[..64]));
    assert_eq!(evaluator.evaluate(&flipped), -evaluator.evaluate(&p));
    // A captured corner against none: corners +100.
    let p = board(
        [
            "X-------", "--------", "--------", "---OX---", "---XO---", "--------", "--------",
            "--------",
        ],
        'X',
    );
    let b = Breakdown::of(&p, &EvalWeights::default());
    assert_eq!(b.sides[0].corners_captured, ["a1"]);
    assert!(b.corners.value > 0.0);
}

#[test]
fn normalisation_is_the_paper_s_formula_for_non_negative_values() {
    for (max, min) in [(3.0, 1.0), (0.0, 5.0), (7.0, 7.0), (12.0, 0.0), (1.0, 2.0)] {
        assert_eq!(normalise(max, min), 100.0 * (max - min) / (max + min));
    }
    assert_eq!(normalise(0.0, 0.0), 0.0);
    // Negative raw values (stability, corners): bounded, with the sign of max − min.
    assert_eq!(normalise(-2.0, 2.0), -100.0);
    assert_eq!(normalise(-1.0, -3.0), 50.0);
    for (max, min) in [(-5.0, 1.0), (-1.0, -1.0), (4.0, -4.0), (-0.5, 0.0)] {
        let h = normalise(max, min);
        assert!((-100.0..=100.0).contains(&h));
        assert_eq!(h == 0.0, max == min);
        assert_eq!(normalise(min, max), -h);
    }
}

#[test]
fn minimax_alpha_beta_and_iterative_deepening_agree_at_every_fixed_depth() {
    let mut compared = 0;
    for seed in 0..12 {
        let Some(p) = random_position(6 + 4 * (seed as u32 % 10), 500 + seed) else {
            continue;
        };
        for eval in ["all", "corners", "stability", "static"] {
            for depth in 1..=4 {
                let options = format!("depth={depth},eval={eval},endgame=off");
                let (minimax, _, _) = search("minimax", &p, &options);
                let (ab, _, _) = search("ab", &p, &options);
                let (abid, _, _) = search("abid", &p, &options);
                let text = format!("{} {options}", p.format_position());
                assert_eq!(minimax, ab, "{text}");
                assert_eq!(minimax, abid, "{text}");
                compared += 1;
            }
        }
    }
    assert!(compared > 100);
}

#[test]
fn full_depth_search_gives_the_exact_value_of_ffo_endgames() {
    let text = std::fs::read_to_string(common::data_path("othello/fforum-1-19.obf")).unwrap();
    for line in text.lines().take(4) {
        let p = pos(line);
        let mut exact = AlphaBeta::<Othello, _>::with_knowledge(AlphaBetaConfig::default());
        let truth = exact.score(&p, &Limits::default()).unwrap().value;
        // The file's first score is the best move's.
        let published: i32 = line
            .split(':')
            .nth(1)
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert_eq!(truth, published);
        let (value, verdict, _) = search("ab", &p, "depth=off,endgame=off");
        assert_eq!(value, f64::from(truth) * EVALUATION_PER_DISC, "{line}");
        assert_eq!(verdict == Verdict::Proved, truth > 0, "{line}");
        // The exact switch answers the same at once.
        let (value, _, _) = search("ab", &p, "depth=1,endgame=14");
        assert_eq!(value, f64::from(truth) * EVALUATION_PER_DISC, "{line}");
        // Plain minimax, a few moves on (10 empties: every line is searched).
        let mut late = p;
        let mut moves = MoveList::<Othello>::default();
        while late.empty_squares().count_ones() > 9 && late.turn() != Turn::Over {
            late.legal_moves(&mut moves);
            late.play(moves[0]);
        }
        if late.turn() == Turn::Over {
            continue;
        }
        let truth = exact.score(&late, &Limits::default()).unwrap().value;
        let (value, _, _) = search("minimax", &late, "depth=off,endgame=off");
        assert_eq!(
            value,
            f64::from(truth) * EVALUATION_PER_DISC,
            "{}",
            late.format_position()
        );
    }
}

#[test]
fn iterative_deepening_stops_at_its_time_and_plays_the_last_finished_depth() {
    let p = random_position(20, 9).unwrap();
    for rule in ["clock", "estimate"] {
        let mut session = catalogue::start(
            "abid",
            p,
            &params(&format!("depth=off,deepen={rule},time=0.2")),
        )
        .unwrap();
        session.run();
        let Some(Values::Evaluation { depth, .. }) = session.root_value() else {
            panic!("no value");
        };
        // The paper's rule starts at depth 3 and never stops an iteration; the clock's
        // finishes depth 1 at least.
        let least = if rule == "estimate" { 3.0 } else { 1.0 };
        assert!(depth >= least, "{rule}: depth {depth}");
        assert!(session.best_move().is_some());
    }
}

#[test]
fn predetermined_moves_take_a_corner() {
    // Black to move can take a1 (flanking b2 towards c3).
    let p = board(
        [
            "--------", "-O------", "--XO----", "---OX---", "---XO---", "--------", "--------",
            "--------",
        ],
        'X',
    );
    let (_, _, best) = search("ab", &p, "depth=2,eval=coins,predetermined=on");
    assert_eq!(best.as_deref(), Some("a1"));
    let mut moves = MoveList::<Othello>::default();
    p.legal_moves(&mut moves);
    assert!(moves.iter().any(|&m| p.predetermined(m)));
    assert!(moves.iter().any(|&m| !p.predetermined(m)));
}

#[test]
fn a_board_without_an_evaluator_is_exact_and_weights_override_the_preset() {
    // (A bad parameter naming its field: the agent's unit test `bad_text_names_the_field`,
    // the depth-limited players' cases among the others.)
    // A board without an evaluator is searched to the end whatever the depth: exact.
    let small = Othello::parse_position(&Size::Four.into(), "").unwrap();
    assert!(small.evaluator(&PAPER_WEIGHTS).is_none());
    let mut exact = AlphaBeta::<Othello, _>::with_knowledge(AlphaBetaConfig::default());
    let truth = exact.score(&small, &Limits::default()).unwrap().value;
    let (value, verdict, _) = search("ab", &small, "depth=1");
    assert_eq!(value, f64::from(truth) * EVALUATION_PER_DISC);
    assert_eq!(
        verdict,
        if truth > 0 {
            Verdict::Proved
        } else {
            Verdict::Disproved
        }
    );
    // Weights override the preset.
    let agent: Agent = "ab:depth=3,eval=corners,w.mobility=5".parse().unwrap();
    assert_eq!(agent.to_string(), "ab:depth=3,eval=corners,w.mobility=5");
}

#[test]
fn a_tournament_is_the_same_on_one_thread_and_two() {
    let agents = [
        "ab:depth=2,eval=corners",
        "ab:depth=2,eval=coins",
        "ab:depth=1,eval=all",
    ]
    .map(String::from);
    let tournament = Tournament::new("othello", &agents, 2, "random:4", 3).unwrap();
    let one = tournament.play(1, |_| {}).unwrap();
    let two = tournament.play(2, |_| {}).unwrap();
    let strip = |records: Vec<pnplay::arena::GameRecord>| {
        records
            .into_iter()
            .map(|r| r.without_seconds())
            .collect::<Vec<_>>()
    };
    let (one, two) = (strip(one), strip(two));
    assert_eq!(one, two);
    let results = Results::of(&tournament, &one);
    assert_eq!(results.games.len(), 6);
    // Every game's discs add up to at most 64, and each agent's totals to its games.
    assert!(
        results
            .games
            .iter()
            .all(|g| g.discs.is_some_and(|(x, o)| x + o <= 64))
    );
    let won: u64 = results.standings.iter().map(|s| s.discs_won.unwrap()).sum();
    let lost: u64 = results
        .standings
        .iter()
        .map(|s| s.discs_lost.unwrap())
        .sum();
    assert_eq!(won, lost);
    assert!(results.standings.iter().all(|s| s.score.games == 4));
    // The paper's layout has a row per first player.
    let table = results.paper_table();
    assert_eq!(table.lines().count(), 4, "{table}");
}

#[test]
fn the_evaluation_breakdown_the_page_gets_lists_the_known_discs_and_the_five_values() {
    // What the worker's `evaluate` returns (src/wasm/position.rs wraps engine::evaluation).
    let spec = "othello".parse().unwrap();
    let text = [
        "XXXXXXXX", "X------O", "--------", "---OX---", "---XO---", "--------", "--------",
        "--------",
    ]
    .concat();
    let mut options = Params::default();
    options.set_text("eval", "all").unwrap();
    options.set_text("w.static", "10").unwrap();
    let b = pnplay::engine::evaluation(&spec, &format!("{text} O"), &options).unwrap();
    assert_eq!(b["player"], "O");
    let black = &b["sides"][0];
    assert_eq!(black["player"], "X");
    let stable: Vec<&str> = black["stable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(
        stable,
        ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2"]
    );
    assert_eq!(b["sides"][1]["stable"].as_array().unwrap().len(), 0);
    // White h2 lies between black h1 and the empty h3: a black disc on h3 flips it.
    let unstable: Vec<&str> = b["sides"][1]["unstable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(unstable.contains(&"h2"), "{unstable:?}");
    // Potential mobility of white: empty squares next to a black disc (b2…g2 under row 1).
    let potential = b["sides"][1]["potential_moves"].as_array().unwrap();
    assert!(potential.iter().any(|c| c == "b2"));
    // The five heuristics, each with its weight, and the sum.
    let mut sum = 0.0;
    for (key, weight) in [
        ("coins", 25.0),
        ("mobility", 5.0),
        ("corners", 30.0),
        ("stability", 25.0),
        ("squares", 10.0),
    ] {
        let term = &b[key];
        assert_eq!(term["weight"], weight, "{key}");
        let value = term["value"].as_f64().unwrap();
        assert!((-100.0..=100.0).contains(&value), "{key}");
        sum += weight * value;
    }
    assert!((b["total"].as_f64().unwrap() - sum).abs() < 1e-9);
    // Stability from white's view: white has no stable disc, black nine.
    assert!(b["stability"]["value"].as_f64().unwrap() < 0.0);
    // A game without an evaluator says so, naming the game.
    let error = pnplay::engine::evaluation(&"connect4".parse().unwrap(), "", &options).unwrap_err();
    assert_eq!(error.field(), Some("game"));
    let error = pnplay::engine::evaluation(&spec, "XX", &options).unwrap_err();
    assert_eq!(error.field(), Some("pos"));
}

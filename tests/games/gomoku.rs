//! Gomoku against independent truth: Ludii's rules on overlines, full boards and passes;
//! perft of mid-game positions against a naive second implementation written here (a grid of
//! characters, lines counted cell by cell); proof-number searches against known results of
//! k-in-a-row games (3×3 three in a row is tic-tac-toe, a draw; 4×4 three in a row, free-style,
//! is a first-player win, as every (m, n, 3) game with m ≥ 4, n ≥ 3) and against alpha-beta and
//! plain minimax; parsers that never panic.

use crate::common;

use common::{check_goals, check_knowledge_scores, ordered_moves, questions, reachable};
use pnplay::game::catalogue::GameSpec;
use pnplay::game::gomoku::{Gomoku, Rules};
use pnplay::game::{Game, MoveList, Outcome, Player, Rng, Turn, perft::perft};
use pnplay::search::bestfirst::{BestFirst, pns};
use pnplay::search::exact::alphabeta::{AlphaBeta, AlphaBetaConfig};
use pnplay::search::exact::dfpn::{DfPn, DfPnConfig};
use pnplay::search::{Goal, Limits, Question, Verdict};

fn rules(size: u8, line: u8, free: bool) -> Rules {
    Rules::new(size, line, free).unwrap()
}

fn pos(rules: &Rules, text: &str) -> Gomoku {
    Gomoku::parse_position(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn exactly_five_wins_and_an_overline_does_not() {
    let exact = Rules::default();
    let free = rules(15, 5, true);
    // Black: a8 b8 c8 e8 f8, then d8 makes six in a row; White plays far away.
    let six = "a8 a1 b8 a2 c8 a3 e8 a4 f8 o15 d8";
    assert_eq!(pos(&exact, six).turn(), Turn::Player(Player::Second));
    assert_eq!(pos(&free, six).outcome(Player::First), Some(Outcome::Win));
    // Five made by the middle stone, along a diagonal: d4 e5 g7 h8, then f6.
    let diagonal = "d4 a1 e5 a2 g7 a3 h8 a4 f6";
    for r in [exact, free] {
        let p = pos(&r, diagonal);
        assert_eq!(p.outcome(Player::First), Some(Outcome::Win));
        assert_eq!(p.terminal_value(Player::Second), Some(-1));
        let mut moves = MoveList::<Gomoku>::default();
        p.legal_moves(&mut moves);
        assert!(moves.is_empty());
    }
    // An overline in one direction and exactly five in another still wins (exact).
    let both = "a1 o1 b1 o2 c1 o3 e1 o4 f1 n1 d2 n2 d3 n3 d4 n4 d5 m1 d1";
    assert_eq!(
        pos(&exact, both).outcome(Player::First),
        Some(Outcome::Win),
        "d1..d5 is five even though a1..f1 is six"
    );
    // White's five wins White's game.
    let white = "a1 h8 a3 h9 a5 h10 a7 h11 a9 h12";
    assert_eq!(
        pos(&exact, white).outcome(Player::Second),
        Some(Outcome::Win)
    );
}

#[test]
fn a_full_board_is_passed_twice_and_drawn() {
    let r = rules(3, 3, false);
    let full = pos(&r, "XOX/XOO/OXX O");
    let mut moves = MoveList::<Gomoku>::default();
    full.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(full.format_move(moves[0]), "pass");
    let mut after = full;
    after.play(moves[0]);
    assert_eq!(after.format_position(), "XOX/XOO/OXX X 1");
    assert_eq!(after.turn(), Turn::Player(Player::First));
    let mv = after.parse_move("pass").unwrap();
    after.play(mv);
    assert_eq!(after.format_position(), "XOX/XOO/OXX O 2");
    assert_eq!(after.outcome(Player::First), Some(Outcome::Draw));
    assert_eq!(pos(&r, "XOX/XOO/OXX O 2").turn(), Turn::Over);
    // Passes off a full board, or a line for the side to move, cannot arise.
    assert!(Gomoku::parse_position(&r, "XO-/XOO/OXX O 1").is_err());
    assert!(Gomoku::parse_position(&r, "XXX/OO-/--- X").is_err());
    assert_eq!(
        pos(&r, "XXX/OO-/--- O").outcome(Player::First),
        Some(Outcome::Win)
    );
}

/// The second implementation: a grid of `X`, `O`, `-`, lines counted cell by cell.
#[derive(Clone)]
struct Naive {
    size: usize,
    line: usize,
    free: bool,
    grid: Vec<char>,
    mover: char,
    passes: u32,
    over: bool,
}

impl Naive {
    fn from(p: &Gomoku) -> Naive {
        let text = p.format_position();
        let (board, rest) = text.split_once(' ').unwrap();
        let r = p.rules();
        Naive {
            size: usize::from(r.size),
            line: usize::from(r.line),
            free: r.free,
            grid: board.chars().filter(|&c| c != '/').collect(),
            mover: rest.chars().next().unwrap(),
            passes: rest[1..].trim().parse().unwrap_or(0),
            over: p.turn() == Turn::Over,
        }
    }

    fn run(&self, row: usize, col: usize, dr: isize, dc: isize, c: char) -> usize {
        let mut n = 0;
        let (mut r, mut k) = (row as isize + dr, col as isize + dc);
        while (0..self.size as isize).contains(&r)
            && (0..self.size as isize).contains(&k)
            && self.grid[r as usize * self.size + k as usize] == c
        {
            n += 1;
            r += dr;
            k += dc;
        }
        n
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over {
            return 0;
        }
        let other = if self.mover == 'X' { 'O' } else { 'X' };
        let empties: Vec<usize> = (0..self.grid.len())
            .filter(|&i| self.grid[i] == '-')
            .collect();
        if depth == 1 {
            // Each empty point is a move (a full board: one pass).
            return empties.len().max(1) as u64;
        }
        if empties.is_empty() {
            let mut next = self.clone();
            next.passes += 1;
            next.over = next.passes >= 2;
            next.mover = other;
            return next.perft(depth - 1);
        }
        let mut total = 0;
        for i in empties {
            let mut next = self.clone();
            next.grid[i] = self.mover;
            let (row, col) = (i / self.size, i % self.size);
            next.over = [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
                let length = 1
                    + next.run(row, col, dr, dc, self.mover)
                    + next.run(row, col, -dr, -dc, self.mover);
                if self.free {
                    length >= self.line
                } else {
                    length == self.line
                }
            });
            next.passes = 0;
            next.mover = other;
            total += next.perft(depth - 1);
        }
        total
    }
}

#[test]
fn perft_of_mid_game_positions_agrees_with_a_naive_implementation() {
    let cases = [
        // The empty 15×15 board: Ludii's 225, 50,400 and 11,239,200 (RULES.md).
        (Rules::default(), "", 3),
        // 15×15, both sides with fours and an overline threat (exact and free-style).
        (
            Rules::default(),
            "h8 a1 i8 a2 j8 a3 k8 b15 g9 o15 f10 a5",
            3,
        ),
        (rules(15, 5, true), "a1 o15 b1 o14 c1 o13 e1 o12 f1 n12", 3),
        // 9×9 with threats on both sides (first five possible at the next move).
        (rules(9, 5, false), "e5 e4 d5 d4 c5 f4 a5 g4 i5 h3 b4 c3", 3),
        // 7×7 four in a row, near the end of the game.
        (
            rules(7, 4, false),
            "d4 d3 c3 e5 e3 b3 c4 c5 e4 f4 b5 d5 c2 a4 g4 f3 d2 e2 b2 a2",
            4,
        ),
        // 3×3 to the passes at the end.
        (rules(3, 3, false), "b2 a1 c1 a3 a2 c2 b1 b3", 3),
    ];
    for (r, text, depth) in cases {
        let p = pos(&r, text);
        let naive = Naive::from(&p);
        for d in 1..=depth {
            let count = perft(&p, d);
            assert_eq!(count, naive.perft(d), "{text} depth {d}");
            eprintln!("{text}: perft {d} = {count}");
        }
        if r.size == 15 {
            assert!(perft(&p, depth) >= 100_000, "{text}");
        }
    }
    assert_eq!(perft(&Gomoku::start(&Rules::default()), 3), 11_239_200);
}

fn verdict(p: &Gomoku, root_player: Player, goal: Goal) -> Verdict {
    let question = Question { root_player, goal };
    BestFirst::new(*p, pns::Pns, question, 0, Limits::default()).run()
}

#[test]
fn proof_number_search_proves_known_small_results() {
    // 3×3, three in a row: tic-tac-toe, a draw.
    let ttt = Gomoku::start(&rules(3, 3, false));
    assert_eq!(verdict(&ttt, Player::First, Goal::Win), Verdict::Disproved);
    assert_eq!(verdict(&ttt, Player::First, Goal::NotLose), Verdict::Proved);
    assert_eq!(
        verdict(&ttt, Player::Second, Goal::NotLose),
        Verdict::Proved
    );
    // 4×4, three or more in a row: a first-player win.
    let free = Gomoku::start(&rules(4, 3, true));
    assert_eq!(verdict(&free, Player::First, Goal::Win), Verdict::Proved);
    // The catalogue's end-game example: Black to move wins (an open three next, four in a row).
    let spec: GameSpec = "gomoku:6x6:4".parse().unwrap();
    let family = spec.family();
    let example = family.examples[0];
    assert_eq!(example.game, "gomoku:6x6:4");
    let p = pos(&rules(6, 4, false), example.text);
    assert_eq!(verdict(&p, Player::First, Goal::Win), Verdict::Proved);
    let (by_dfpn, _) = DfPn::new(
        &p,
        Question {
            root_player: Player::First,
            goal: Goal::Win,
        },
        DfPnConfig::default(),
    )
    .solve(&Limits::default());
    assert_eq!(by_dfpn, Verdict::Proved);
}

#[test]
fn searches_agree_with_minimax_on_3x3_positions() {
    let all = reachable(&Gomoku::start(&rules(3, 3, false)));
    // Tic-tac-toe's 5,478 positions, plus the full boards after one and two passes.
    assert!(all.len() > 5_478, "{}", all.len());
    // Every 16th of them (each solved four times by df-pn, which sets up its table each time).
    let positions: Vec<Gomoku> = all.into_iter().step_by(16).collect();
    let mut search = AlphaBeta::new(AlphaBetaConfig::default());
    let (checked, proved) = check_goals(
        &mut search,
        DfPnConfig::default(),
        &positions,
        &questions(),
        true,
    );
    assert!(proved > 0 && proved < checked);
}

#[test]
fn proof_numbers_agree_with_alpha_beta_on_4x4_three_in_a_row() {
    for free in [false, true] {
        let start = Gomoku::start(&rules(4, 3, free));
        let value = AlphaBeta::new(AlphaBetaConfig::default())
            .score(&start, &Limits::default())
            .unwrap()
            .value;
        let win = verdict(&start, Player::First, Goal::Win) == Verdict::Proved;
        let not_lose = verdict(&start, Player::First, Goal::NotLose) == Verdict::Proved;
        assert_eq!((win, not_lose), (value > 0, value >= 0), "free {free}");
    }
}

#[test]
fn parsers_never_panic_on_random_or_mutated_text() {
    let mut rng = Rng::new(12);
    let alphabet: Vec<char> = "xXoO-/ 0123456789abcdefghijklmnopqrstuvwxyz:pas\u{e9}"
        .chars()
        .collect();
    let start = pos(&Rules::default(), "h8 h9 i8");
    let texts = [start.format_position(), "h8 h9 i8 j10".to_string()];
    for round in 0..3_000 {
        let text: String = if round % 2 == 0 {
            let length = rng.below(40) as usize;
            (0..length)
                .map(|_| alphabet[rng.below(alphabet.len() as u32) as usize])
                .collect()
        } else {
            let mut chars: Vec<char> = texts[round % 4 / 2].chars().collect();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(chars.len() as u32) as usize;
                chars[at] = alphabet[rng.below(alphabet.len() as u32) as usize];
            }
            chars.into_iter().collect()
        };
        for r in [Rules::default(), rules(9, 5, false), rules(3, 3, true)] {
            if let Ok(p) = Gomoku::parse_position(&r, &text) {
                assert_eq!(Gomoku::parse_position(&r, &p.format_position()), Ok(p));
            }
        }
        let _ = start.parse_move(&text);
        let _ = format!("gomoku:{text}").parse::<GameSpec>();
    }
}

#[test]
fn names_round_trip_and_bad_names_are_errors() {
    for name in [
        "gomoku",
        "gomoku:free",
        "gomoku:9x9",
        "gomoku:7x7:4",
        "gomoku:4x4:3:free",
        "gomoku:3",
    ] {
        assert_eq!(name.parse::<GameSpec>().unwrap().to_string(), name);
    }
    for bad in [
        "gomoku:4x4",
        "gomoku:16x16",
        "gomoku:9x8",
        "gomoku:free:9x9",
        "gomoku:",
        "gomoku:9x9:2",
    ] {
        assert!(bad.parse::<GameSpec>().is_err(), "{bad}");
    }
}

#[test]
fn the_exact_searches_try_points_near_stones_first() {
    // One stone on h8: its eight neighbours first, then the sixteen points two away.
    let p = pos(&Rules::default(), "h8");
    let order = ordered_moves(&p);
    let near = |name: &str, d: i32| {
        let (col, row) = (
            i32::from(name.as_bytes()[0]) - 104,
            name[1..].parse::<i32>().unwrap() - 8,
        );
        col.abs().max(row.abs()) == d
    };
    assert!(order[..8].iter().all(|m| near(m, 1)), "{order:?}");
    assert!(order[8..24].iter().all(|m| near(m, 2)), "{order:?}");
    // The ordering changes no value: alpha-beta with it against plain minimax, on 3×3 three
    // in a row (every 20th reachable position).
    let positions: Vec<Gomoku> = reachable(&Gomoku::start(&rules(3, 3, false)))
        .into_iter()
        .filter(|p| p.turn() != Turn::Over)
        .step_by(20)
        .collect();
    assert!(positions.len() > 100, "{}", positions.len());
    check_knowledge_scores(&positions);
}
